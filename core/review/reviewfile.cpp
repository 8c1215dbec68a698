// review.json: a review written and read back (the CLI saves it beside the run, the Runs and Dataset pages and
// the report read it).
#include "review/review.h"

#include "common/fileutil.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace ys {

namespace {

Json boxJson(const ReviewBox& b)
{
    return Json::array({b.x1, b.y1, b.x2, b.y2});
}

std::string nameOf(const std::vector<std::string>& names, int cls)
{
    if (cls >= 0 && cls < static_cast<int>(names.size()))
        return names[static_cast<size_t>(cls)];
    return cls < 0 ? std::string() : std::to_string(cls);
}

Json scoringJson(const ReviewScoring& s)
{
    return Json{{"conf", s.conf},         {"match_iou", s.matchIou}, {"poor_iou", s.poorIou},
                {"near_iou", s.nearIou},  {"claim_iou", s.claimIou}, {"dup_iou", s.dupIou},
                {"min_calibration", s.minCalibration},               {"prior", s.prior}};
}

Json countsJson(const ReviewResult& r)
{
    Json counts = Json::object();
    for (int k = 0; k < kSuspectKindCount; ++k)
        counts[toString(static_cast<SuspectKind>(k))] = 0;
    for (const Suspect& s : r.suspects)
        counts[toString(s.kind)] = counts[toString(s.kind)].get<int64_t>() + 1;
    return counts;
}

Json perClassJson(const ReviewResult& r)
{
    Json perClass = Json::array();
    for (size_t c = 0; c < r.calibration.size(); ++c) {
        Json e{{"class", static_cast<int>(c)}, {"name", nameOf(r.names, static_cast<int>(c))}};
        for (int k = 0; k < kSuspectKindCount; ++k)
            e[toString(static_cast<SuspectKind>(k))] = 0;
        perClass.push_back(std::move(e));
    }
    for (const Suspect& s : r.suspects)
        if (s.cls >= 0 && static_cast<size_t>(s.cls) < perClass.size()) {
            auto& n = perClass[static_cast<size_t>(s.cls)][toString(s.kind)];
            n = n.get<int64_t>() + 1;
        }
    return perClass;
}

Json calibrationJson(const ReviewResult& r)
{
    Json cal = Json::array();
    for (const ClassCalibration& c : r.calibration)
        cal.push_back(Json{{"class", c.cls},
                           {"name", nameOf(r.names, c.cls)},
                           {"labels", c.labels},
                           {"found", c.found},
                           {"recall", c.recall},
                           {"median_conf", c.medianConf},
                           {"median_iou", c.medianIou},
                           {"pooled", c.pooled}});
    return cal;
}

Json suspectJson(const ReviewResult& r, size_t rank)
{
    const Suspect& s = r.suspects[rank];
    const bool valid = s.image >= 0 && s.image < static_cast<int>(r.images.size());
    const ReviewImage* im = valid ? &r.images[static_cast<size_t>(s.image)] : nullptr;
    Json e;
    e["rank"] = rank + 1;
    e["key"] = im ? suspectKey(im->image, s, r.root) : std::string();
    e["image"] = im ? im->image : std::string();
    e["image_index"] = valid ? s.image : -1;
    e["label_file"] = im ? im->labelFile : std::string();
    e["line"] = s.line;
    e["kind"] = toString(s.kind);
    e["score"] = s.score;
    e["class"] = s.cls;
    e["class_name"] = nameOf(r.names, s.cls);
    e["predicted_class"] = s.predictedCls;
    e["predicted_class_name"] = nameOf(r.names, s.predictedCls);
    e["box"] = boxJson(s.box);
    e["suggested_box"] = s.hasSuggestion ? boxJson(s.suggested) : Json();
    e["conf"] = s.conf;
    e["iou"] = s.iou;
    e["reason"] = s.reason;
    return e;
}

// Each image with its labels and the predictions a front end draws (conf >= scoring.conf).
Json imageJson(const ReviewImage& im, double conf)
{
    Json labels = Json::array();
    for (const ReviewLabel& l : im.labels)
        labels.push_back(Json{{"class", l.cls}, {"line", l.line}, {"box", boxJson(l.box)}});
    Json preds = Json::array();
    for (const Detection& d : im.predictions)
        if (d.conf >= conf)
            preds.push_back(Json{{"class", d.cls}, {"conf", d.conf}, {"box", Json::array({d.x1, d.y1, d.x2, d.y2})}});
    return Json{{"image", im.image}, {"label_file", im.labelFile}, {"labels", labels}, {"predictions", preds}};
}

// Reading: every field checked, an error naming the field.
struct Reader {
    std::string source;
    std::string failedField;

    template <typename T>
    bool get(const Json& j, const char* key, T& out, const std::string& where)
    {
        const auto it = j.find(key);
        if (it == j.end() || it->is_null())
            return true;  // absent: the default stays (older files, optional fields)
        try {
            out = it->template get<T>();
            return true;
        } catch (const nlohmann::json::exception&) {
            failedField = where + key;
            return false;
        }
    }

    bool box(const Json& j, const char* key, ReviewBox& out, const std::string& where, bool* present = nullptr)
    {
        std::vector<float> v;
        if (!get(j, key, v, where))
            return false;
        if (present)
            *present = v.size() == 4;
        if (v.empty())
            return true;
        if (v.size() != 4) {
            failedField = where + key;
            return false;
        }
        out = ReviewBox{v[0], v[1], v[2], v[3]};
        return true;
    }

    Error error() const
    {
        return Error{"review.json", "the review file's field " + failedField + " is missing or of the wrong type",
                     source, 0, 0};
    }
};

bool readScoring(Reader& rd, const Json& j, ReviewScoring& s)
{
    const auto it = j.find("scoring");
    if (it == j.end() || !it->is_object())
        return true;
    const std::string w = "scoring.";
    return rd.get(*it, "conf", s.conf, w) && rd.get(*it, "match_iou", s.matchIou, w) &&
           rd.get(*it, "poor_iou", s.poorIou, w) && rd.get(*it, "near_iou", s.nearIou, w) &&
           rd.get(*it, "claim_iou", s.claimIou, w) && rd.get(*it, "dup_iou", s.dupIou, w) &&
           rd.get(*it, "min_calibration", s.minCalibration, w) && rd.get(*it, "prior", s.prior, w);
}

bool readImage(Reader& rd, const Json& j, size_t index, ReviewImage& im)
{
    const std::string w = "images[" + std::to_string(index) + "].";
    if (!rd.get(j, "image", im.image, w) || !rd.get(j, "label_file", im.labelFile, w))
        return false;
    for (const Json& l : j.value("labels", Json::array())) {
        ReviewLabel label;
        if (!rd.get(l, "class", label.cls, w + "labels.") || !rd.get(l, "line", label.line, w + "labels.") ||
            !rd.box(l, "box", label.box, w + "labels."))
            return false;
        im.labels.push_back(label);
    }
    for (const Json& p : j.value("predictions", Json::array())) {
        Detection d;
        ReviewBox b;
        if (!rd.get(p, "class", d.cls, w + "predictions.") || !rd.get(p, "conf", d.conf, w + "predictions.") ||
            !rd.box(p, "box", b, w + "predictions."))
            return false;
        d.x1 = b.x1;
        d.y1 = b.y1;
        d.x2 = b.x2;
        d.y2 = b.y2;
        im.predictions.push_back(d);
    }
    return true;
}

bool readCalibration(Reader& rd, const Json& j, ClassCalibration& c)
{
    const std::string w = "calibration.";
    return rd.get(j, "class", c.cls, w) && rd.get(j, "labels", c.labels, w) && rd.get(j, "found", c.found, w) &&
           rd.get(j, "recall", c.recall, w) && rd.get(j, "median_conf", c.medianConf, w) &&
           rd.get(j, "median_iou", c.medianIou, w) && rd.get(j, "pooled", c.pooled, w);
}

bool readSuspect(Reader& rd, const Json& j, size_t index, const std::map<std::string, int>& imageIndex, Suspect& s)
{
    const std::string w = "suspects[" + std::to_string(index) + "].";
    std::string kind, image;
    int imageIdx = -1;
    if (!rd.get(j, "kind", kind, w) || !suspectKindFromString(kind, s.kind)) {
        rd.failedField = w + "kind";
        return false;
    }
    if (!rd.get(j, "image", image, w) || !rd.get(j, "image_index", imageIdx, w) || !rd.get(j, "line", s.line, w) ||
        !rd.get(j, "score", s.score, w) || !rd.get(j, "class", s.cls, w) ||
        !rd.get(j, "predicted_class", s.predictedCls, w) || !rd.box(j, "box", s.box, w) ||
        !rd.box(j, "suggested_box", s.suggested, w, &s.hasSuggestion) || !rd.get(j, "conf", s.conf, w) ||
        !rd.get(j, "iou", s.iou, w) || !rd.get(j, "reason", s.reason, w))
        return false;
    const auto it = imageIndex.find(image);
    s.image = imageIdx >= 0 ? imageIdx : (it == imageIndex.end() ? -1 : it->second);
    return true;
}

bool readResult(Reader& rd, const Json& j, ReviewResult& r)
{
    std::string split = toString(r.split);
    if (!rd.get(j, "data", r.dataYaml, "") || !rd.get(j, "root", r.root, "") || !rd.get(j, "weights", r.weights, "") ||
        !rd.get(j, "split", split, "") || !rd.get(j, "names", r.names, "") || !rd.get(j, "labels", r.labels, "") ||
        !rd.get(j, "predictions", r.predictions, "") || !rd.get(j, "seconds", r.seconds, "") ||
        !rd.get(j, "predict_seconds", r.predictSeconds, "") || !rd.get(j, "failed", r.failed, "") ||
        !readScoring(rd, j, r.scoring))
        return false;
    r.split = split == "train" ? ReviewSplit::Train : split == "all" ? ReviewSplit::All : ReviewSplit::Val;
    std::map<std::string, int> imageIndex;
    const Json images = j.value("image_list", Json::array());
    for (size_t i = 0; i < images.size(); ++i) {
        ReviewImage im;
        if (!readImage(rd, images[i], i, im))
            return false;
        imageIndex.emplace(im.image, static_cast<int>(i));
        r.images.push_back(std::move(im));
    }
    for (const Json& c : j.value("calibration", Json::array())) {
        ClassCalibration cal;
        if (!readCalibration(rd, c, cal))
            return false;
        r.calibration.push_back(cal);
    }
    const Json suspects = j.value("suspects", Json::array());
    for (size_t i = 0; i < suspects.size(); ++i) {
        Suspect s;
        if (!readSuspect(rd, suspects[i], i, imageIndex, s))
            return false;
        if (s.image >= static_cast<int>(r.images.size()))
            s.image = -1;
        r.suspects.push_back(std::move(s));
    }
    return true;
}

}  // namespace

std::string reviewResultToJson(const ReviewResult& r)
{
    Json j;
    j["data"] = r.dataYaml;
    j["root"] = r.root;
    j["weights"] = r.weights;
    j["split"] = toString(r.split);
    j["scoring"] = scoringJson(r.scoring);
    j["names"] = r.names;
    j["images"] = r.images.size();
    j["labels"] = r.labels;
    j["predictions"] = r.predictions;
    j["seconds"] = r.seconds;
    j["predict_seconds"] = r.predictSeconds;
    j["failed"] = r.failed;
    j["counts"] = countsJson(r);
    j["counts_per_class"] = perClassJson(r);
    j["calibration"] = calibrationJson(r);
    Json list = Json::array();
    for (size_t i = 0; i < r.suspects.size(); ++i)
        list.push_back(suspectJson(r, i));
    j["suspects"] = std::move(list);
    Json images = Json::array();
    for (const ReviewImage& im : r.images)
        images.push_back(imageJson(im, r.scoring.conf));
    j["image_list"] = std::move(images);
    return j.dump(1) + "\n";
}

double reviewFoundShare(const ReviewResult& r)
{
    int64_t labels = 0, found = 0;
    for (const ClassCalibration& c : r.calibration) {
        labels += c.labels;
        found += c.found;
    }
    return labels > 0 ? static_cast<double>(found) / static_cast<double>(labels) : -1.0;
}

std::string reviewPathForWeights(const std::string& weights)
{
    const fs::path dir = fs::path(weights).parent_path();
    if (weights.empty() || dir.filename() != "weights")
        return {};
    return (dir.parent_path() / kReviewFileName).string();
}

Expected<ReviewResult> reviewResultFromJson(const std::string& json, const std::string& source)
{
    Json j = Json::parse(json, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error{"review.json", "not a review file (not a JSON object)", source, 0, 0};
    Reader rd{source, {}};
    ReviewResult r;
    if (!readResult(rd, j, r))
        return rd.error();
    return r;
}

Expected<ReviewResult> loadReview(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{"io.read", "cannot read the review file", path, 0, 0};
    std::ostringstream text;
    text << in.rdbuf();
    return reviewResultFromJson(text.str(), path);
}

std::optional<Error> saveReview(const ReviewResult& result, const std::string& path)
{
    return writeFileAtomic(path, reviewResultToJson(result));
}

}  // namespace ys
