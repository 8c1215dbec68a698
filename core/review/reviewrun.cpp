// reviewLabels: the dataset's split predicted through predictImages, then scoreSuspects; the fixes and the table.
#include "review/review.h"

#include "common/fileutil.h"
#include "common/trainrules.h"
#include "data/dataset.h"
#include "data/demo.h"
#include "train/trainer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace ys {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

Error cancelledError() { return Error{"review.cancelled", "the review was cancelled", {}, 0, 0}; }

bool inSplit(Split s, ReviewSplit want)
{
    return want == ReviewSplit::All || (want == ReviewSplit::Val && s == Split::Val) ||
           (want == ReviewSplit::Train && s == Split::Train);
}

Expected<std::string> resolveData(const ReviewOptions& o)
{
    if (o.data == "demo") {
        const std::string dir =
            o.demoDir.empty() ? (fs::temp_directory_path() / "yolostudio-review-demo").string() : o.demoDir;
        return writeDemoDataset(dir);
    }
    const std::string yaml = findDataYaml(o.data);
    if (yaml.empty())
        return Error{"data.missing_yaml", "no data.yaml here (give a data.yaml or its folder, or demo)",
                     o.data, 0, 0};
    return yaml;
}

// An image's valid labels, and its predictions (in pixels of `image`) normalised to it, without the classes the
// dataset does not name (nc > 0).
ReviewImage reviewImageOf(const ImageRecord& im, const RgbImage& image, const std::vector<Detection>& preds, int nc)
{
    ReviewImage ri;
    ri.image = im.image;
    ri.labelFile = im.label;
    for (const LabelBox& b : im.boxes)
        if (b.valid)
            ri.labels.push_back(
                ReviewLabel{b.cls, ReviewBox{b.cx - b.w / 2, b.cy - b.h / 2, b.cx + b.w / 2, b.cy + b.h / 2}, b.line});
    const float w = static_cast<float>(std::max(1, image.width));
    const float h = static_cast<float>(std::max(1, image.height));
    for (Detection d : preds) {
        if (d.cls < 0 || (nc > 0 && d.cls >= nc))
            continue;
        d.x1 /= w;
        d.x2 /= w;
        d.y1 /= h;
        d.y2 /= h;
        ri.predictions.push_back(d);
    }
    return ri;
}

}  // namespace

Expected<ReviewResult> reviewLabels(const ReviewOptions& o, const ProgressFn& progress, const CancelToken& cancel)
{
    const auto t0 = Clock::now();
    std::error_code ec;
    if (!fs::is_regular_file(o.weights, ec))  // before the dataset's scan, which can take a while
        return Error{"weights.missing", fs::exists(o.weights, ec) ? "not a file" : "no such file", o.weights, 0, 0};
    auto yaml = resolveData(o);
    if (!yaml)
        return yaml.error();
    auto ds = openDataset(*yaml, progress, cancel);
    if (!ds)
        return ds.error();
    if (cancel.cancelled())
        return cancelledError();

    ReviewResult r;
    r.dataYaml = ds->spec.yamlPath;
    r.weights = o.weights;
    r.split = o.split;
    r.scoring = o.scoring;
    r.names = ds->spec.names;
    r.root = ds->spec.root;
    const int nc = ds->spec.nc();
    std::set<std::string> seen;
    std::vector<const ImageRecord*> records;
    for (const ImageRecord& im : ds->images)
        if (inSplit(im.split, o.split) && seen.insert(im.image).second)
            records.push_back(&im);
    if (records.empty())
        return Error{"data.review_no_images",
                     std::string("the dataset has no images in the ") + toString(o.split) + " split", r.dataYaml, 0, 0};

    PredictImagesOptions po;
    po.weights = o.weights;
    po.imgsz = o.imgsz;
    po.conf = o.predictConf;
    po.iou = o.nmsIou;
    po.maxDet = o.maxDet;
    po.device = o.device;
    po.threads = o.threads > 0 ? o.threads : cpuCores();
    const auto total = static_cast<int64_t>(records.size());
    const size_t chunk = static_cast<size_t>(std::max(1, o.chunk));
    const auto tp = Clock::now();
    for (size_t start = 0; start < records.size(); start += chunk) {
        if (cancel.cancelled())
            return cancelledError();
        if (progress)
            progress(Progress{ProgressStage::ReportPredict, static_cast<int64_t>(start), total});
        std::vector<RgbImage> batch;
        std::vector<const ImageRecord*> batchRecords;
        for (size_t i = start; i < std::min(records.size(), start + chunk); ++i) {
            const ImageRecord& im = *records[i];
            std::optional<RgbImage> in = readRgbImage(im.image);
            if (!in) {
                r.failed.push_back(im.image + ": cannot be read as an image");
                continue;
            }
            batch.push_back(std::move(*in));
            batchRecords.push_back(&im);
        }
        if (batch.empty())
            continue;
        auto preds = predictImages(po, batch, cancel);
        if (!preds) {
            if (preds.error().code == "predict.cancelled")
                return cancelledError();
            return preds.error();
        }
        for (size_t i = 0; i < batchRecords.size(); ++i) {
            static const std::vector<Detection> none;
            ReviewImage ri = reviewImageOf(*batchRecords[i], batch[i], i < preds->size() ? (*preds)[i] : none, nc);
            r.labels += static_cast<int64_t>(ri.labels.size());
            r.predictions += static_cast<int64_t>(ri.predictions.size());
            r.images.push_back(std::move(ri));
        }
    }
    if (progress)
        progress(Progress{ProgressStage::ReportPredict, total, total});
    r.predictSeconds = secondsSince(tp);
    r.suspects = scoreSuspects(r.images, r.names, o.scoring, &r.calibration);
    r.seconds = secondsSince(t0);
    return r;
}

Expected<int> writeFixedLabels(const ReviewResult& r, const std::vector<int>& chosen, const std::string& outDir)
{
    std::error_code ec;
    const fs::path root = fs::weakly_canonical(fs::absolute(r.root), ec);
    const fs::path out = fs::weakly_canonical(fs::absolute(outDir), ec);
    const auto inside = [](const fs::path& child, const fs::path& parent) {
        auto c = child.begin();
        for (auto p = parent.begin(); p != parent.end(); ++p, ++c)
            if (c == child.end() || *c != *p)
                return false;
        return true;
    };
    if (r.root.empty() || inside(out, root))
        return Error{"review.fix_out", "the fixes go to a new folder outside the dataset, not " + outDir, outDir, 0, 0};
    // Per label file: the edits of each line, and the rows to append.
    struct Edits {
        std::map<int, const Suspect*> lines;
        std::vector<const Suspect*> added;
    };
    std::map<std::string, Edits> files;
    for (int index : chosen) {
        if (index < 0 || index >= static_cast<int>(r.suspects.size()))
            return Error{"review.fix_index", "no suspect " + std::to_string(index), {}, 0, 0};
        const Suspect& s = r.suspects[static_cast<size_t>(index)];
        if (s.image < 0 || s.image >= static_cast<int>(r.images.size()))
            return Error{"review.fix_index", "suspect " + std::to_string(index) + " names no image", {}, 0, 0};
        Edits& e = files[r.images[static_cast<size_t>(s.image)].labelFile];
        if (s.kind == SuspectKind::MissingLabel)
            e.added.push_back(&s);
        else
            e.lines[s.line] = &s;
    }
    const auto row = [](int cls, const ReviewBox& b) {
        char buf[128];
        std::snprintf(buf, sizeof buf, "%d %.6f %.6f %.6f %.6f", cls, (b.x1 + b.x2) / 2.0, (b.y1 + b.y2) / 2.0,
                      static_cast<double>(b.x2 - b.x1), static_cast<double>(b.y2 - b.y1));
        return std::string(buf);
    };
    int written = 0;
    for (const auto& [file, edits] : files) {
        const fs::path label = fs::weakly_canonical(fs::absolute(file), ec);
        if (!inside(label, root))
            return Error{"review.fix_out", "the label file lies outside the dataset's root " + root.string(), file, 0, 0};
        std::vector<std::string> lines;
        if (fs::exists(label, ec)) {
            std::ifstream in(label, std::ios::binary);
            if (!in)
                return Error{"io.read", "cannot read the label file", file, 0, 0};
            for (std::string line; std::getline(in, line);) {
                if (!line.empty() && line.back() == '\r')
                    line.pop_back();
                lines.push_back(line);
            }
        }
        std::string text;
        for (size_t i = 0; i < lines.size(); ++i) {
            const auto it = edits.lines.find(static_cast<int>(i) + 1);
            if (it == edits.lines.end()) {
                text += lines[i] + "\n";
                continue;
            }
            const Suspect& s = *it->second;
            const std::string& line = lines[i];
            const size_t start = line.find_first_not_of(" \t");
            const size_t end = start == std::string::npos ? start : line.find_first_of(" \t", start);
            switch (s.kind) {
            case SuspectKind::WrongClass:
                text += (start == std::string::npos ? line
                                                    : line.substr(0, start) + std::to_string(s.predictedCls) +
                                                          (end == std::string::npos ? std::string() : line.substr(end))) +
                        "\n";
                break;
            case SuspectKind::PoorBox:
                text += row(s.cls, s.suggested) + "\n";
                break;
            case SuspectKind::SpuriousLabel:
            case SuspectKind::MissingLabel:
                break;
            }
        }
        for (const Suspect* s : edits.added)
            text += row(s->predictedCls, s->suggested) + "\n";
        const fs::path target = out / label.lexically_relative(root);
        fs::create_directories(target.parent_path(), ec);
        if (auto err = writeFileAtomic(target.string(), text))
            return *err;
        ++written;
    }
    return written;
}

std::vector<std::string> suspectTable(const ReviewResult& r, int top)
{
    std::vector<std::string> out;
    char buf[512];
    std::snprintf(buf, sizeof buf, "%5s  %-28s %5s  %-14s %5s  %s", "rank", "image", "line", "kind", "score", "reason");
    out.emplace_back(buf);
    const size_t n = top > 0 ? std::min(r.suspects.size(), static_cast<size_t>(top)) : r.suspects.size();
    for (size_t i = 0; i < n; ++i) {
        const Suspect& s = r.suspects[i];
        std::string image = s.image >= 0 && s.image < static_cast<int>(r.images.size())
                                ? fs::path(r.images[static_cast<size_t>(s.image)].image).filename().string()
                                : std::string("?");
        if (image.size() > 28)
            image = "..." + image.substr(image.size() - 25);
        const std::string line = s.line > 0 ? std::to_string(s.line) : std::string("-");
        std::snprintf(buf, sizeof buf, "%5zu  %-28s %5s  %-14s %5.3f  %s", i + 1, image.c_str(), line.c_str(),
                      toString(s.kind), s.score, s.reason.c_str());
        out.emplace_back(buf);
    }
    return out;
}

}  // namespace ys
