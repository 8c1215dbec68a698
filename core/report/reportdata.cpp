#include "report/reportdata.h"

#include "common/config.h"
#include "common/fileutil.h"
#include "data/classes.h"
#include "train/environment.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>

namespace fs = std::filesystem;

namespace ys::report {
namespace {

void say(const ReportOptions& o, ProgressStage stage, int64_t done, int64_t total)
{
    if (o.progress)
        o.progress(Progress{stage, done, total});
}

std::string codeMeaning(const std::string& code)
{
    for (const CheckCode& c : checkCodes())
        if (code == c.code)
            return c.meaning;
    return {};
}

// The data.yaml of the run: as args.yaml names it, relative paths against the run folder's parent chain
// (a run moved with its project) and then the working folder.
std::string datasetPath(const RunRecord& run)
{
    const std::string& data = run.args.data;
    if (data.empty() || fs::path(data).is_absolute())
        return data;
    std::error_code ec;
    for (fs::path dir = fs::path(run.dir); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path())
        if (fs::exists(dir / data, ec))
            return (dir / data).lexically_normal().string();
    return fs::absolute(data, ec).string();
}

DatasetFacts readDataset(const RunRecord& run, const ReportOptions& o)
{
    DatasetFacts f;
    const std::string yaml = datasetPath(run);
    if (yaml.empty()) {
        f.error = Error{"report.dataset", "args.yaml names no dataset", run.dir + "/args.yaml", 0, 0};
        return f;
    }
    auto ds = openDataset(yaml, [&](const Progress& p) { say(o, ProgressStage::ReportDataset, p.done, p.total); }, o.cancel);
    if (!ds) {
        f.error = ds.error();
        return f;
    }
    const size_t nc = ds->spec.names.size();
    f.classBoxes.assign(nc, std::vector<int64_t>(kSplitCount, 0));
    for (const ImageRecord& im : ds->images) {
        const auto s = static_cast<size_t>(im.split);
        int valid = 0;
        for (const LabelBox& b : im.boxes) {
            if (b.cls < 0 || static_cast<size_t>(b.cls) >= nc)   // as the statistics page counts them
                continue;
            ++f.classBoxes[static_cast<size_t>(b.cls)][s];
            ++valid;
        }
        if (valid == 0)
            ++f.backgrounds[s];
    }
    f.dataset = std::move(*ds);
    return f;
}

MemoryFacts readMemory(const RunRecord& run)
{
    MemoryFacts m;
    if (!run.fitJson.empty()) {
        auto fit = fit::fitResultFromJson(run.fitJson, run.dir + "/fit.json");
        if (fit)
            m.fit = std::move(*fit);
        else
            m.fitError = fit.error();
    }
    if (!run.args.vram.empty())
        if (auto b = parseByteSize(run.args.vram))
            m.budget = *b;
    if (m.budget == 0 && m.fit)
        m.budget = m.fit->budgetBytes;
    m.phases = phasePeaks(run.memory);
    m.peak = memory::ownPeak(run.memory);
    for (const TrainEvent& e : run.events)
        if (e.kind == EventKind::OomRecovered || e.kind == EventKind::ValOomRecovered)
            m.recoveries.push_back(e);
    return m;
}

// Validation images spread evenly over the split (deterministic: the same run gives the same grid).
std::vector<ImageRecord> pickSamples(const Dataset& ds, const ClassSubset& subset, int n)
{
    std::vector<ImageRecord> val;
    for (const ImageRecord& im : ds.images)
        if (im.split == Split::Val && im.width > 0 && im.headerError.empty())
            val.push_back(im);
    if (!subset.identity())
        applyClassSubset(subset, val);
    if (static_cast<int>(val.size()) <= n)
        return val;
    std::vector<ImageRecord> picked;
    for (int i = 0; i < n; ++i)
        picked.push_back(val[static_cast<size_t>(static_cast<int64_t>(i) * static_cast<int64_t>(val.size()) / n)]);
    return picked;
}

SampleFacts predictSamples(const ReportData& r, const ReportOptions& o)
{
    SampleFacts f;
    f.conf = o.conf;
    if (o.samples <= 0)
        return f;
    f.weights = r.run.best.present ? r.run.best.path : r.run.last.present ? r.run.last.path : std::string();
    if (f.weights.empty()) {
        f.error = Error{"report.no_weights", "the run has no weights (weights/best.pt, weights/last.pt)",
                        r.run.dir + "/weights", 0, 0};
        return f;
    }
    if (!r.dataset.dataset) {
        f.error = r.dataset.error;
        return f;
    }
    const Dataset& ds = *r.dataset.dataset;
    auto subset = makeClassSubset(r.run.args.classes, ds.spec.names, ds.spec.yamlPath);
    if (!subset) {
        f.error = subset.error();
        return f;
    }
    const std::vector<ImageRecord> picked = pickSamples(ds, *subset, o.samples);
    if (picked.empty()) {
        f.error = Error{"report.no_val_images", "the dataset has no readable validation images", ds.spec.yamlPath, 0, 0};
        return f;
    }
    std::vector<RgbImage> full;
    for (const ImageRecord& im : picked) {
        say(o, ProgressStage::ReportPredict, static_cast<int64_t>(f.samples.size()), static_cast<int64_t>(picked.size()) * 2);
        std::optional<RgbImage> in = readRgbImage(im.image);
        if (!in)
            continue;
        const cv::Mat rgb(in->height, in->width, CV_8UC3, in->pixels.data());
        const double scale = std::min(1.0, static_cast<double>(o.sampleSide) / std::max(rgb.cols, rgb.rows));
        cv::Mat small;
        cv::resize(rgb, small, cv::Size(std::max(1, static_cast<int>(std::lround(rgb.cols * scale))),
                                        std::max(1, static_cast<int>(std::lround(rgb.rows * scale)))),
                   0, 0, cv::INTER_AREA);
        ValidationSample s;
        s.image = im.image;
        s.width = rgb.cols;
        s.height = rgb.rows;
        s.picture.width = small.cols;
        s.picture.height = small.rows;
        s.picture.pixels.assign(small.data, small.data + small.total() * 3);
        const double sx = static_cast<double>(small.cols), sy = static_cast<double>(small.rows);
        for (const LabelBox& b : im.boxes)
            if (b.valid)
                s.truth.push_back(GroundTruth{static_cast<float>((b.cx - b.w / 2) * sx), static_cast<float>((b.cy - b.h / 2) * sy),
                                              static_cast<float>((b.cx + b.w / 2) * sx), static_cast<float>((b.cy + b.h / 2) * sy),
                                              b.cls});
        f.samples.push_back(std::move(s));
        full.push_back(std::move(*in));
    }
    PredictImagesOptions po;
    po.weights = f.weights;
    po.imgsz = r.run.args.imgsz;
    po.conf = o.conf;
    po.device = o.device;
    po.threads = std::max(1, o.threads);
    say(o, ProgressStage::ReportPredict, static_cast<int64_t>(picked.size()), static_cast<int64_t>(picked.size()) * 2);
    auto preds = predictImages(po, full, o.cancel);
    if (!preds) {
        f.error = preds.error();
        return f;
    }
    for (size_t i = 0; i < f.samples.size() && i < preds->size(); ++i) {
        ValidationSample& s = f.samples[i];
        const double k = static_cast<double>(s.picture.width) / std::max(1, s.width);
        for (Detection d : (*preds)[i]) {
            d.x1 = static_cast<float>(d.x1 * k);
            d.y1 = static_cast<float>(d.y1 * k);
            d.x2 = static_cast<float>(d.x2 * k);
            d.y2 = static_cast<float>(d.y2 * k);
            s.predicted.push_back(d);
        }
    }
    say(o, ProgressStage::ReportPredict, static_cast<int64_t>(picked.size()) * 2, static_cast<int64_t>(picked.size()) * 2);
    return f;
}

std::vector<std::string> modelClassNames(const ReportData& r)
{
    if (r.run.metrics && !r.run.metrics->names.empty())
        return r.run.metrics->names;
    if (r.dataset.dataset) {
        const auto& names = r.dataset.dataset->spec.names;
        if (auto subset = makeClassSubset(r.run.args.classes, names))
            return subset->names;
        return names;
    }
    return {};
}

}  // namespace

CheckFacts checkFactsFromJson(const std::string& text, const std::string& source)
{
    CheckFacts f;
    f.present = true;
    auto file = checkResultFromJson(text, source);
    if (!file) {
        f.error = file.error();
        return f;
    }
    const CheckSummary& s = file->result.summary;
    f.imgsz = std::max(0, file->options.imgsz);
    for (int k = 0; k < kSplitCount; ++k)
        f.images[k] = std::max<int64_t>(0, s.images[k]);
    f.boxes = std::max<int64_t>(0, s.boxes);
    f.backgrounds = std::max<int64_t>(0, s.backgrounds);
    f.corruptImages = std::max<int64_t>(0, s.corruptImages);
    f.errors = std::max<int64_t>(0, s.errors);
    f.warnings = std::max<int64_t>(0, s.warnings);
    f.infos = std::max<int64_t>(0, s.infos);
    f.excluded = std::move(file->excluded);
    f.root = file->root;
    std::map<std::string, size_t> index;
    auto group = [&](const std::string& code, Severity severity) -> CheckFacts::Group& {
        auto [it, fresh] = index.emplace(code, f.groups.size());
        if (fresh) {
            CheckFacts::Group g;
            g.code = code;
            g.severity = severity;
            g.meaning = codeMeaning(code);
            f.groups.push_back(std::move(g));
        }
        return f.groups[it->second];
    };
    for (Finding& fd : file->result.findings) {
        CheckFacts::Group& g = group(fd.code, fd.severity);
        ++g.count;
        if (g.examples.size() < CheckFacts::kExamples) {
            fd.severity = g.severity;
            g.examples.push_back(std::move(fd));
        }
    }
    // check.json may hold only the first findings; the summary's by_code has every count.
    for (const auto& [code, n] : s.byCode) {
        Severity severity = Severity::Info;
        for (const CheckCode& c : checkCodes())
            if (code == c.code)
                severity = c.severity;
        CheckFacts::Group& g = group(code, severity);
        g.count = std::max(g.count, n);
    }
    std::stable_sort(f.groups.begin(), f.groups.end(), [](const CheckFacts::Group& a, const CheckFacts::Group& b) {
        if (a.severity != b.severity)
            return a.severity < b.severity;
        return a.count > b.count;
    });
    return f;
}

std::vector<PhasePeak> phasePeaks(const std::vector<memory::MemorySample>& samples)
{
    constexpr int kPhases = static_cast<int>(memory::Phase::Probe) + 1;
    std::vector<PhasePeak> all(kPhases);
    std::vector<bool> seen(kPhases, false);
    double prev = samples.empty() ? 0 : samples.front().time;
    for (const auto& s : samples) {
        const auto k = static_cast<size_t>(s.phase);
        if (k >= all.size())
            continue;
        seen[k] = true;
        all[k].phase = s.phase;
        all[k].peak = std::max({all[k].peak, s.windowPeak, s.allocated});
        all[k].seconds += std::max(0.0, s.time - prev);
        prev = s.time;
    }
    std::vector<PhasePeak> out;
    for (int k = 0; k < kPhases; ++k)
        if (seen[static_cast<size_t>(k)])
            out.push_back(all[static_cast<size_t>(k)]);
    return out;
}

RunEnd runEnd(const RunRecord& run)
{
    RunEnd e;
    e.status = run.status;
    // The last session: events after the last start/resume.
    size_t from = 0;
    for (size_t i = 0; i < run.events.size(); ++i)
        if (run.events[i].kind == EventKind::Start || run.events[i].kind == EventKind::Resume)
            from = i;
    const TrainEvent* deciding = nullptr;
    for (size_t i = from; i < run.events.size(); ++i) {
        const EventKind k = run.events[i].kind;
        if (k == EventKind::Error || k == EventKind::Stopped || k == EventKind::EarlyStop ||
            (k == EventKind::Finish && !deciding))
            deciding = &run.events[i];
    }
    if (deciding) {
        e.epoch = deciding->epoch;
        e.message = deciding->message;
    } else if (!run.rows.empty()) {
        e.epoch = run.rows.back().epoch;
    }
    return e;
}

ExportFacts readExports(const std::string& runDir)
{
    ExportFacts e;
    std::error_code ec;
    std::vector<std::string> paths;
    for (const auto& entry : fs::directory_iterator(fs::path(runDir) / "weights", ec)) {
        std::string ext = entry.path().extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
        if (ext == ".onnx" && entry.is_regular_file(ec))
            paths.push_back(entry.path().string());
    }
    std::sort(paths.begin(), paths.end());
    for (const std::string& path : paths) {
        auto info = onnx::describeOnnxFile(path);
        if (info)
            e.files.push_back(std::move(*info));
        else
            e.errors.push_back(info.error());
    }
    return e;
}

ReviewFacts readReview(const std::string& runDir)
{
    ReviewFacts f;
    const std::string path = (std::filesystem::path(runDir) / kReviewFileName).string();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return f;
    auto review = loadReview(path);
    if (review)
        f.result = std::move(*review);
    else
        f.error = review.error();
    return f;
}

Expected<ReportData> gatherReport(const std::string& runDir, const ReportOptions& o)
{
    say(o, ProgressStage::ReportRun, 0, 1);
    auto run = readRun(runDir);
    if (!run)
        return run.error();
    if (run->status == RunStatus::NotARun)
        return Error{"report.not_a_run", "not a training run (no args.yaml, results.csv or events.jsonl)", runDir, 0, 0};
    ReportData r;
    r.generated = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    r.run = std::move(*run);
    r.end = runEnd(r.run);
    r.memory = readMemory(r.run);
    if (!r.run.environment)
        r.reportMachine = collectEnvironment();   // here, off the GUI thread (it lists the devices)
    if (r.run.hasCheck) {
        const std::string path = r.run.dir + "/check.json";
        auto txt = readFile(path);
        if (txt)
            r.check = checkFactsFromJson(*txt, path);
        else {
            r.check.present = true;
            r.check.error = txt.error();
        }
    }
    r.exports = readExports(r.run.dir);
    r.review = readReview(r.run.dir);
    say(o, ProgressStage::ReportRun, 1, 1);
    r.dataset = readDataset(r.run, o);
    if (o.cancel.cancelled())
        return Error{"report.cancelled", "cancelled", runDir, 0, 0};
    r.classNames = modelClassNames(r);
    r.samples = predictSamples(r, o);
    if (o.cancel.cancelled())
        return Error{"report.cancelled", "cancelled", runDir, 0, 0};
    return r;
}

}  // namespace ys::report
