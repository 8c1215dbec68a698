// Scoring of YOLO prediction files against a dataset split (score.h).
#include "eval/score.h"

#include "common/fileutil.h"
#include "eval/internal/metricsjson.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string_view>
#include <system_error>

namespace fs = std::filesystem;

namespace ys {

namespace {

constexpr int kColumns = 6;               // cls cx cy w h conf
constexpr size_t kMaxIssuesPerFile = 100; // a binary file named .txt would otherwise list every byte row

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

// One value: a decimal number with an optional single leading '+'; "nan"/"inf" parse (and are rejected
// as not finite by the caller).
bool toDouble(std::string_view tok, double& out)
{
    if (!tok.empty() && tok.front() == '+')
        tok.remove_prefix(1);
    if (tok.empty() || tok.front() == '+')
        return false;
    const auto r = std::from_chars(tok.data(), tok.data() + tok.size(), out);
    return r.ec == std::errc() && r.ptr == tok.data() + tok.size();
}

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

// Why a row of parsed values is not a detection (empty: it is one).
std::pair<const char*, std::string> rowProblem(const double (&v)[kColumns], int nc)
{
    for (double x : v)
        if (!std::isfinite(x))
            return {"pred.nonfinite", "row contains NaN or infinity"};
    if (v[0] < 0)
        return {"pred.class_negative", "class id " + number(v[0]) + " is negative"};
    if (v[0] != std::floor(v[0]))
        return {"pred.class_noninteger", "class id " + number(v[0]) + " is not a whole number"};
    if (v[0] >= nc)
        return {"pred.class_range", "class id " + number(v[0]) + " is out of range: data.yaml has " +
                                        std::to_string(nc) + " classes (ids 0.." + std::to_string(nc - 1) + ")"};
    if (v[5] < 0 || v[5] > 1)
        return {"pred.conf_range", "confidence " + number(v[5]) + " is outside 0..1"};
    if (v[3] < 0 || v[4] < 0)
        return {"pred.size_negative", "box has width " + number(v[3]) + " and height " + number(v[4]) +
                                          "; neither may be negative"};
    return {nullptr, {}};
}

// The split's boxes that validation scores (ImageRecord::boxes with valid set), as normalised xyxy.
std::vector<GroundTruth> groundTruthNormalised(const ImageRecord& rec)
{
    std::vector<GroundTruth> gts;
    for (const LabelBox& b : rec.boxes)
        if (b.valid)
            gts.push_back({b.cx - b.w / 2, b.cy - b.h / 2, b.cx + b.w / 2, b.cy + b.h / 2, b.cls});
    return gts;
}

// Prediction files by stem: DIR/<stem>.txt first, DIR/labels/<stem>.txt where DIR has none.
std::map<std::string, std::string> predictionFiles(const fs::path& dir, std::vector<Error>& problems)
{
    std::map<std::string, std::string> files;
    for (const fs::path& folder : {dir, dir / "labels"}) {
        std::error_code ec;
        if (!fs::is_directory(folder, ec))
            continue;
        for (const auto& entry : fs::directory_iterator(folder, fs::directory_options::skip_permission_denied, ec)) {
            std::error_code fec;
            if (entry.path().extension() != ".txt" || !entry.is_regular_file(fec))
                continue;
            const std::string stem = entry.path().stem().string();
            const auto [it, inserted] = files.emplace(stem, entry.path().string());
            if (!inserted)
                problems.push_back({"pred.shadowed", "ignored: " + it->second + " holds the predictions for this image",
                                    entry.path().string(), 0, 0});
        }
    }
    return files;
}

}  // namespace

ParsedPredictions parsePredictions(const std::string& text, int nc)
{
    ParsedPredictions out;
    std::string_view rest(text);
    if (rest.size() >= 3 && rest.substr(0, 3) == "\xEF\xBB\xBF")
        rest.remove_prefix(3);
    size_t suppressed = 0;
    auto reject = [&](int line, const char* code, std::string why) {
        if (out.issues.size() < kMaxIssuesPerFile)
            out.issues.push_back({code, line, std::move(why)});
        else
            ++suppressed;
    };
    std::vector<std::string_view> toks;
    for (int line = 1; !rest.empty(); ++line) {
        size_t end = 0;
        while (end < rest.size() && rest[end] != '\n' && rest[end] != '\r')
            ++end;
        const std::string_view row = rest.substr(0, end);
        // "\r\n" is one line break.
        const size_t next = end + (end + 1 < rest.size() && rest[end] == '\r' && rest[end + 1] == '\n' ? 2 : 1);
        rest.remove_prefix(std::min(next, rest.size()));

        toks.clear();
        for (size_t i = 0; i < row.size();) {
            while (i < row.size() && isBlank(row[i]))
                ++i;
            const size_t start = i;
            while (i < row.size() && !isBlank(row[i]))
                ++i;
            if (i > start)
                toks.push_back(row.substr(start, i - start));
        }
        if (toks.empty())
            continue;
        if (toks.size() != kColumns) {
            reject(line, "pred.columns",
                   "row has " + std::to_string(toks.size()) + " values; expected 6 (class cx cy w h conf)");
            continue;
        }
        double v[kColumns];
        int bad = -1;
        for (int k = 0; k < kColumns && bad < 0; ++k)
            if (!toDouble(toks[static_cast<size_t>(k)], v[k]))
                bad = k;
        if (bad >= 0) {
            std::string tok(toks[static_cast<size_t>(bad)].substr(0, 24));
            for (char& c : tok)
                if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F)
                    c = '?';
            reject(line, "pred.nonnumeric", "value " + std::to_string(bad + 1) + " ('" + tok + "') is not a number");
            continue;
        }
        if (auto [code, why] = rowProblem(v, nc); code) {
            reject(line, code, why);
            continue;
        }
        out.rows.push_back({static_cast<int>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2]),
                            static_cast<float>(v[3]), static_cast<float>(v[4]), static_cast<float>(v[5]), line});
    }
    if (suppressed > 0)
        out.issues.push_back({"pred.more_issues", 0, std::to_string(suppressed) + " more bad rows in this file"});
    return out;
}

Expected<ScoreResult> scorePredictions(const ScoreOptions& options, const ProgressFn& progress,
                                       const CancelToken& cancel)
{
    std::error_code ec;
    if (!fs::is_directory(options.predictions, ec))
        return Error{"score.no_predictions", "the predictions folder does not exist (give the folder that holds "
                                             "<image stem>.txt files or labels/<image stem>.txt)",
                     options.predictions, 0, 0};
    auto ds = openDataset(options.data, progress, cancel);
    if (!ds)
        return ds.error();
    if (cancel.cancelled())
        return Error{"score.cancelled", "scoring was cancelled", options.data, 0, 0};
    const char* splitName = toString(options.split);
    if (!ds->spec.hasSplit(options.split))
        return Error{"score.no_split", std::string("the dataset defines no ") + splitName + " split", ds->spec.yamlPath,
                     0, 0};

    ScoreResult result;
    result.names = ds->spec.names;
    result.yamlPath = ds->spec.yamlPath;
    result.predictions = options.predictions;
    result.split = options.split;
    const int nc = ds->spec.nc();

    // The images `val` scores: the split's images whose header could be read.
    std::vector<const ImageRecord*> images;
    std::map<std::string, const ImageRecord*> byStem;
    std::map<std::string, std::string> unreadable;  // stem -> image path
    for (const ImageRecord& rec : ds->images) {
        if (rec.split != options.split)
            continue;
        const std::string stem = fs::path(rec.image).stem().string();
        if (rec.width <= 0 || rec.height <= 0) {
            unreadable.emplace(stem, rec.image);
            continue;
        }
        images.push_back(&rec);
        if (const auto [it, inserted] = byStem.emplace(stem, &rec); !inserted)
            result.problems.push_back({"pred.stem_shared", "this image has the same stem as " + it->second->image +
                                                               "; a prediction file named '" + stem +
                                                               ".txt' is scored against that one only",
                                       rec.image, 0, 0});
    }
    if (images.empty())
        return Error{"score.no_images", std::string("the dataset's ") + splitName + " split has no readable images",
                     ds->spec.yamlPath, 0, 0};

    std::map<std::string, std::string> files = predictionFiles(options.predictions, result.problems);
    for (const auto& [stem, path] : files) {
        if (byStem.count(stem))
            continue;
        const auto u = unreadable.find(stem);
        result.problems.push_back(
            {"pred.no_image",
             u != unreadable.end() ? "the image " + u->second + " cannot be read, so these predictions are not scored"
                                   : std::string("no image with this stem in the ") + splitName + " split",
             path, 0, 0});
    }

    DetectionEvaluator evaluator(nc, options.metrics);
    const auto total = static_cast<int64_t>(images.size());
    for (int64_t i = 0; i < total; ++i) {
        if (cancel.cancelled())
            return Error{"score.cancelled", "scoring was cancelled", options.data, 0, 0};
        const ImageRecord& rec = *images[static_cast<size_t>(i)];
        std::vector<Detection> dets;
        const auto file = files.find(fs::path(rec.image).stem().string());
        if (file != files.end() && byStem.at(file->first) == &rec) {
            auto text = readFile(file->second);
            if (!text) {
                result.problems.push_back({"pred.unreadable", "cannot read this file: " + text.error().message,
                                           file->second, 0, 0});
            } else {
                ++result.predictionFiles;
                ParsedPredictions parsed = parsePredictions(*text, nc);
                for (const LabelIssue& issue : parsed.issues)
                    result.problems.push_back({issue.code, issue.message, file->second, issue.line, 0});
                for (const PredictionRow& r : parsed.rows)
                    dets.push_back({r.cx - r.w / 2, r.cy - r.h / 2, r.cx + r.w / 2, r.cy + r.h / 2, r.conf, r.cls});
            }
        }
        result.detections += static_cast<int64_t>(dets.size());
        evaluator.addImage(dets, groundTruthNormalised(rec));
        if (progress)
            progress({ProgressStage::Score, i + 1, total});
    }
    result.images = static_cast<int>(total);
    result.metrics = evaluator.compute();
    return result;
}

nlohmann::json metricsJson(const DetectionMetrics& m, const std::vector<std::string>& names)
{
    nlohmann::json classes = nlohmann::json::array();
    for (const ClassMetrics& c : m.perClass) {
        const bool named = c.cls >= 0 && static_cast<size_t>(c.cls) < names.size();
        classes.push_back({{"class", c.cls}, {"name", named ? names[static_cast<size_t>(c.cls)] : std::string()},
                           {"images", c.images}, {"instances", c.instances}, {"precision", c.precision},
                           {"recall", c.recall}, {"AP50", c.ap50}, {"AP50-95", c.ap50_95}});
    }
    return {
        {"mAP50", m.map50},
        {"mAP50-95", m.map50_95},
        {"precision", m.precision},
        {"recall", m.recall},
        {"fitness", m.fitness()},
        {"mAP50_coco", m.map50_coco},
        {"mAP50-95_coco", m.map50_95_coco},
        {"metrics", metricsVersionName(m.version)},
        {"method", std::string("Ultralytics ") + metricsVersionName(m.version) +
                       (m.version == MetricsVersion::Ultralytics83
                            ? " (matching per GT and detection; ap_per_class: interpolated 101-point AP to recall 1, "
                              "trapezoid rule; fitness 0.1 mAP50 + 0.9 mAP50-95"
                            : " (greedy matching by confidence; ap_per_class: interpolated 101-point AP ending at the "
                              "last recall, trapezoid rule; fitness mAP50-95") +
                       "; P and R at the best smoothed mean F1); *_coco: COCO-style step AP over the same matches"},
        {"classes", classes}};
}

std::string scoreResultToJson(const ScoreResult& r)
{
    nlohmann::json problems = nlohmann::json::array();
    for (const Error& e : r.problems)
        problems.push_back({{"file", e.file}, {"line", e.line}, {"code", e.code}, {"message", e.message}});
    nlohmann::json j{
        {"data", r.yamlPath},
        {"split", toString(r.split)},
        {"predictions", r.predictions},
        {"images", r.images},
        {"prediction_files", r.predictionFiles},
        {"detections", r.detections},
        {"problems", problems}};
    j.update(metricsJson(r.metrics, r.names));
    return j.dump(2) + "\n";
}

}  // namespace ys
