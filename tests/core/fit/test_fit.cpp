// Fit to memory: the probe's predictions against real iterations at configurations it did not probe,
// the recommendation's arithmetic, GPU planning, request errors and the JSON the CLI writes.
#include "common/checkpointing.h"
#include "fit/internal/fitmodel.h"
#include "fit/internal/levers.h"
#include "memory/memory.h"
#include "fit/fit.h"
#include "testsupport.h"

#include <torch/torch.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include <nlohmann/json.hpp>

namespace mem = ys::memory;
namespace fit = ys::fit;
namespace mi = ys::fit::internal;

namespace {
constexpr int64_t kMiB = 1024 * 1024;
}

class TestFit final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void linearPeakFit();
    void predictsUnprobedConfigurations();
    void recommendationArithmetic();
    void plansForTargetGpus();
    void rejectsBadRequests();
    void fitsACheckpointAsItsModel();
    void autoBatchBaseline();
    void perLayerFiguresAddUp();
    void checkpointingPeakFallsAsPredicted();
    void fitsEachStageAndChoosesCheckpointing();
    void cpuProcessesShareTheBudget();
    void batchNeverExceedsTheData();
    void processesBudgetTheLoaderWorkersTheyStart();

private:
    // device=cpu nproc=2 under vram=2GiB on 8 generated images: a budget that holds far more than the data.
    // Planned for 2 cores (YS_CPU_CORES), workers=8, threads=0.
    const fit::FitResult& sharedSmallFit();
    ys::TrainConfig smallConfig_;
    QTemporaryDir tmp_;
    std::optional<fit::FitResult> smallFit_;

    std::string data_;
    // One probe at imgsz 320 shared by the tests (about 10 s on 2 cores).
    std::optional<fit::FitResult> fit_;
    mi::FitInternals internals_;
    fit::FitRequest request_;
};

void TestFit::initTestCase()
{
    QVERIFY(mem::installCpuTracker());
    torch::set_num_threads(1);
    data_ = ys::test::coco128Yaml().toStdString();
    if (data_.empty())
        return;
    request_.data = data_;
    request_.model = "yolov8n.yaml";
    request_.imgsz = 320;
    request_.workers = 0;   // no prefetch queue, so measured peaks compare one to one
    request_.epochs = 2;    // optimizer=auto resolves to AdamW, as the trainer would
    request_.budget = "1500MiB";
    request_.threads = 1;  // the run's model threads (the probe itself always runs on one)
    // A batch the budget cannot hold: the fit proposes checkpointing (backbone, all), measured at the probe point.
    request_.wantedBatch = 512;
    auto r = mi::fitToMemory(request_, &internals_);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    fit_ = *r;
    qInfo("probe: %zu points in %.1f s; recommended batch %d imgsz %d amp %s, predicted %s of %s",
          fit_->points.size(), fit_->probeSeconds, fit_->recommended.batch, fit_->recommended.imgsz,
          fit_->recommended.ampMode.c_str(), mem::formatBytes(fit_->recommended.predictedPeakBytes).c_str(),
          mem::formatBytes(fit_->budgetBytes).c_str());
}

void TestFit::linearPeakFit()
{
    // Exact recovery of fixed + b * (area * s^2 + edge * s) from three points.
    const mi::LinearPeak truth{1.5e8, 300.0, 2.0e4};
    std::vector<std::array<double, 3>> pts;
    for (auto [b, s] : {std::pair{2, 640}, {4, 640}, {4, 320}})
        pts.push_back({double(b), double(s), truth.at(b, s)});
    mi::LinearPeak fit;
    QVERIFY(mi::fitLinearPeak(pts, fit));
    for (auto [b, s] : {std::pair{16, 640}, {7, 480}, {1, 1280}})
        QVERIFY(std::abs(fit.at(b, s) - truth.at(b, s)) < 1e-6 * truth.at(b, s));
    // One image size: the per-image slope goes to `area`.
    std::vector<std::array<double, 3>> one{{2, 320, 1000.0 + 2 * 5.0 * 320 * 320}, {4, 320, 1000.0 + 4 * 5.0 * 320 * 320}};
    QVERIFY(mi::fitLinearPeak(one, fit));
    QCOMPARE(fit.edge, 0.0);
    QVERIFY(std::abs(fit.at(8, 320) - (1000.0 + 8 * 5.0 * 320 * 320)) < 1e-3);
    std::vector<std::array<double, 3>> single{{2, 320, 1000.0}};
    QVERIFY(!mi::fitLinearPeak(single, fit));
}

void TestFit::predictsUnprobedConfigurations()
{
    if (data_.empty())
        QSKIP("coco128 not found");
    QVERIFY(fit_.has_value());
    QVERIFY(!internals_.models.empty());
    fit::FitRequest mreq = request_;
    mreq.optimizer = internals_.optimizer;
    auto session = mi::MeasureSession::open(mreq);
    QVERIFY2(session.ok(), session.ok() ? "" : session.error().toString().c_str());
    // Configurations the probe did not run (it ran batch 2/4 at 320 and batch 4 at 160).
    const std::pair<int, int> configs[] = {{8, 320}, {6, 256}, {3, 416}};
    double worst = 0;
    for (const auto& [ampOn, model] : internals_.models) {
        for (const auto& [b, s] : configs) {
            const mi::MeasuredPeaks m = (*session)->measure(b, s, ampOn);
            const double predTrain = model.trainPeak(b, s) - static_cast<double>(model.baseline);
            const double predVal = model.validationPeak(2 * b, s) - static_cast<double>(model.baseline);
            const double errTrain = (predTrain - static_cast<double>(m.train)) / static_cast<double>(m.train);
            const double errVal = (predVal - static_cast<double>(m.validation)) / static_cast<double>(m.validation);
            qInfo("amp %-3s batch %2d imgsz %3d: train measured %8.1f MiB predicted %8.1f (%+.2f%%), validation "
                  "measured %8.1f predicted %8.1f (%+.2f%%)",
                  ampOn ? "on" : "off", b, s, double(m.train) / kMiB, predTrain / kMiB, 100 * errTrain,
                  double(m.validation) / kMiB, predVal / kMiB, 100 * errVal);
            QVERIFY2(std::abs(errTrain) <= 0.05, "training peak off by more than 5%");
            QVERIFY2(std::abs(errVal) <= 0.05, "validation peak off by more than 5%");
            worst = std::max({worst, std::abs(errTrain), std::abs(errVal)});
        }
    }
    qInfo("worst relative error over unprobed configurations: %.2f%%", 100 * worst);
}

void TestFit::recommendationArithmetic()
{
    if (data_.empty())
        QSKIP("coco128 not found");
    QVERIFY(fit_.has_value());
    const auto& r = *fit_;
    QCOMPARE(r.budgetBytes, 1500 * kMiB);
    QVERIFY(r.recommended.fits);
    QVERIFY(r.recommended.batch >= 1);
    QCOMPARE(r.recommended.imgsz, 320);
    QCOMPARE(r.recommended.accumulate, std::max(1, static_cast<int>(std::lround(64.0 / r.recommended.batch))));
    QVERIFY(r.recommended.predictedPeakBytes <= static_cast<int64_t>(r.budgetBytes * (1 - r.margin)));
    QVERIFY(r.maxBoxes > 20);  // coco128 has crowded images
    QVERIFY(r.points.size() >= 6);
    QVERIFY(r.probeSeconds < 60);
    // The next batch up would not fit under the margin: the recommendation is the largest.
    const auto& model = r.recommended.amp ? internals_.models.back().second : internals_.models.front().second;
    QVERIFY(model.runPeak(r.recommended.batch + 1, 320) > r.budgetBytes * (1 - r.margin));
    // Breakdown: model state in bytes per parameter as PRODUCT.md says (fp32 weights, grads, AdamW moments, EMA).
    const auto& bd = r.breakdown;
    const double params = static_cast<double>(internals_.parameterCount);
    QVERIFY(std::abs(static_cast<double>(bd.gradients) - 4 * params) < 0.01 * 4 * params);
    QVERIFY(std::abs(static_cast<double>(bd.optimizer) - 8 * params) < 0.01 * 8 * params);
    QVERIFY(bd.activations > bd.weights);  // at the recommended batch, activations dominate
    QVERIFY(bd.validation > 0);
    // Table: scales n..x at several sizes; larger models and images fit fewer images.
    int n640 = -1, x640 = -1, n320 = -1;
    for (const auto& row : r.table) {
        if (row.amp)
            continue;
        if (row.scale == 'n' && row.imgsz == 640)
            n640 = row.maxBatch;
        if (row.scale == 'x' && row.imgsz == 640)
            x640 = row.maxBatch;
        if (row.scale == 'n' && row.imgsz == 320)
            n320 = row.maxBatch;
    }
    QVERIFY(n640 >= 1 && n320 > n640 && x640 < n640);
    // JSON carries what the CLI promises.
    const auto j = nlohmann::json::parse(fit::fitResultToJson(r));
    QCOMPARE(j["recommended"]["batch"].get<int>(), r.recommended.batch);
    QCOMPARE(j["recommended"]["imgsz"].get<int>(), 320);
    QCOMPARE(j["recommended"]["accumulate"].get<int>(), r.recommended.accumulate);
    QCOMPARE(j["recommended"]["predicted_peak_bytes"].get<int64_t>(), r.recommended.predictedPeakBytes);
    QVERIFY(j["recommended"]["amp"].is_boolean());
    QCOMPARE(j["budget_bytes"].get<int64_t>(), r.budgetBytes);
    QCOMPARE(j["probe_points"].size(), r.points.size());
    QVERIFY(j["probe_points"][0]["peak_bytes"].get<int64_t>() > 0);
    QVERIFY(QString::fromStdString(fit::formatFitResult(r)).contains("recommended: batch="));
    // Notes and certainty are catalogue codes with arguments; the English text is the catalogue's.
    QCOMPARE(r.certaintyNote.code, std::string("fit.certainty.cpu"));
    QCOMPARE(r.certainty, fit::fitNoteText(r.certaintyNote));
    QCOMPARE(r.notes.size(), r.fitNotes.size());
    for (size_t i = 0; i < r.fitNotes.size(); ++i) {
        bool known = false;
        for (const auto& c : fit::fitNoteCodes())
            known = known || r.fitNotes[i].code == c.code;
        QVERIFY2(known, r.fitNotes[i].code.c_str());
        QCOMPARE(r.notes[i], fit::fitNoteText(r.fitNotes[i]));
    }
    // workers=0: no loader queue, and the run's threads as the trainer would use them.
    QCOMPARE(r.loaderWorkers, 0);
    QCOMPARE(r.queuedBatches, 0);
    QCOMPARE(r.intraOpThreads, 1);
    QCOMPARE(r.breakdown.loaderQueue, int64_t(0));
    QCOMPARE(r.optimizer, std::string("AdamW"));
    QCOMPARE(r.trainImages, int64_t(128));
}

void TestFit::plansForTargetGpus()
{
    auto t = fit::findTargetGpu("RTX 3060");
    QVERIFY(t.ok());
    QCOMPARE(t->name, std::string("rtx3060"));
    QCOMPARE(fit::findTargetGpu("3070")->name, std::string("rtx3070"));
    QCOMPARE(fit::findTargetGpu("a100-40")->name, std::string("a100-40"));
    QCOMPARE(fit::findTargetGpu("custom:12GiB")->totalBytes, int64_t{12} << 30);
    QVERIFY(!fit::findTargetGpu("voodoo2").ok());
    QVERIFY(!fit::findTargetGpu("custom:12").ok());
    // The planning model from fp32 CPU measurements: fp16 halves the per-image terms.
    if (internals_.models.empty())
        QSKIP("coco128 not found");
    const auto& fp32 = internals_.models.front().second;
    const auto half = mi::cudaPlanningModel(fp32, true, internals_.parameterCount);
    const auto full = mi::cudaPlanningModel(fp32, false, internals_.parameterCount);
    const double d16 = half.trainPeak(32, 640) - half.trainPeak(16, 640);
    const double d32 = full.trainPeak(32, 640) - full.trainPeak(16, 640);
    QVERIFY(std::abs(d16 - d32 / 2) < 0.01 * d32);

    // A full planning run for a small card: cheaper than the probe above (fp32 only) at imgsz 256.
    fit::FitRequest req = request_;
    req.imgsz = 256;
    req.budget = "";
    req.targetGpu = "rtx3070";
    req.amp = "auto";
    req.world = 2;   // a data-parallel run of two such cards: the fit is per card, accumulation for the world batch
    req.nbs = 4096;  // so that accumulation for one card and for two differ
    auto r = fit::fitToMemory(req);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->world, 2);
    QCOMPARE(r->recommended.accumulate,
             std::max(1, static_cast<int>(std::lround(4096.0 / (2 * r->recommended.batch)))));
    const auto world = std::find_if(r->fitNotes.begin(), r->fitNotes.end(),
                                    [](const fit::FitNote& n) { return n.code == "fit.world_batch"; });
    QVERIFY(world != r->fitNotes.end());
    QCOMPARE(world->args, (std::vector<std::string>{std::to_string(r->recommended.batch), "2",
                                                    std::to_string(2 * r->recommended.batch)}));
    QCOMPARE(r->budgetBytes, int64_t{8192} * kMiB);
    QVERIFY(r->recommended.amp);
    QCOMPARE(r->recommended.ampMode, std::string("fp16"));
    QVERIFY(r->recommended.batch > 16);  // yolov8n at 256 on 8 GB: a big batch
    QVERIFY(r->breakdown.cudaContext > 512 * kMiB);
    QVERIFY(r->uncertainty >= 0.1);
    QVERIFY(QString::fromStdString(r->certainty).startsWith("low"));
    QVERIFY(r->recommended.predictedPeakBytes <= int64_t(r->budgetBytes * (1 - r->margin)));
}

void TestFit::fitsACheckpointAsItsModel()
{
    // Fine-tuning (model=x.pt, batch=auto): the checkpoint's architecture is fitted, so an Ultralytics yolov8n
    // best.pt plans exactly like yolov8n.yaml (memory depends on the layers and nc, not on the weights).
    const QString shared = ys::test::sharedDatasets();
    const QString pt = QDir(shared).absoluteFilePath("../fixtures/ultralytics/coco128-yolov8n/best.pt");
    if (shared.isEmpty() || !QFile::exists(pt) || data_.empty())
        QSKIP("../shared/fixtures/ultralytics or coco128 is not here");
    fit::FitRequest req = request_;
    req.imgsz = 256;
    req.budget = "";
    req.targetGpu = "rtx3060";
    req.amp = "auto";
    auto fromYaml = fit::fitToMemory(req);
    QVERIFY2(fromYaml.ok(), fromYaml.ok() ? "" : fromYaml.error().toString().c_str());
    req.model = pt.toStdString();
    auto fromPt = fit::fitToMemory(req);
    QVERIFY2(fromPt.ok(), fromPt.ok() ? "" : fromPt.error().toString().c_str());
    QCOMPARE(fromPt->recommended.batch, fromYaml->recommended.batch);
    QCOMPARE(fromPt->recommended.predictedPeakBytes, fromYaml->recommended.predictedPeakBytes);
    QCOMPARE(fromPt->breakdown.weights, fromYaml->breakdown.weights);
    // A .pt that does not exist is still explained as the model argument (Ultralytics would download it).
    req.model = "yolov8n.pt";
    QCOMPARE(fit::fitToMemory(req).error().code, std::string("model.is_checkpoint"));
}

void TestFit::rejectsBadRequests()
{
    fit::FitRequest req;
    req.imgsz = 300;
    QCOMPARE(fit::fitToMemory(req).error().code, std::string("fit.imgsz"));
    req.imgsz = 320;
    req.device = "tpu";
    QCOMPARE(fit::fitToMemory(req).error().code, std::string("fit.device"));
    req.device = "cpu";
    req.budget = "lots";
    QCOMPARE(fit::fitToMemory(req).error().code, std::string("memory.budget"));
    req.budget = "";
    req.amp = "fp8";
    QCOMPARE(fit::fitToMemory(req).error().code, std::string("fit.amp"));
    req.amp = "auto";
    req.targetGpu = "voodoo2";
    QCOMPARE(fit::fitToMemory(req).error().code, std::string("fit.target"));
    req.targetGpu.clear();
    req.data = "/nonexistent/data.yaml";
    QVERIFY(!fit::fitToMemory(req).ok());
    if (!mem::cudaBuild()) {
        req.data.clear();
        req.device = "0";
        QCOMPARE(fit::fitToMemory(req).error().code, std::string("fit.device"));
    }
}

void TestFit::autoBatchBaseline()
{
    // Straight line through (1, 1 GB + 100 MB), (2, 1.2 GB)... at 60% of a 10 GB budget.
    std::vector<std::pair<int, int64_t>> s;
    for (int b : {1, 2, 4, 8, 16})
        s.emplace_back(b, int64_t{1000} * kMiB + b * 100 * kMiB);
    QCOMPARE(mi::autoBatchPick(s, int64_t{10000} * kMiB, 0.6), 50);
}


void TestFit::perLayerFiguresAddUp()
{
    // The per-layer figures (input, every layer, the Detect head per level) add up to the measured activation
    // total (allocated after the forward minus before the input) within 5%: allocation tags against the
    // allocator's own total. yolov8n from the shared fit at 320, yolo11n traced at 160 here.
    auto check = [](const fit::LayerProfile& p, const char* what) {
        QVERIFY(p.activationTotal > 0);
        int64_t sum = 0;
        int layers = 0, headLevels = 0;
        for (const fit::LayerMemory& l : p.layers) {
            if (l.part == fit::LayerMemory::Part::Input || l.part == fit::LayerMemory::Part::Layer)
                sum += l.activationBytes;
            layers += l.part == fit::LayerMemory::Part::Layer;
            headLevels += l.level >= 0;
        }
        const double err = double(sum - p.activationTotal) / double(p.activationTotal);
        qInfo("%s at batch %d imgsz %d: %d layer entries sum to %.1f MiB of the measured %.1f MiB (%+.2f%%)", what,
              p.batch, p.imgsz, layers, double(sum) / kMiB, double(p.activationTotal) / kMiB, 100 * err);
        QVERIFY2(std::abs(err) <= 0.05, what);
        QCOMPARE(headLevels, 3);
    };
    if (!data_.empty()) {
        QVERIFY(fit_.has_value());
        check(fit_->layers, "yolov8n");
        if (QTest::currentTestFailed())
            return;
        // The text table and the JSON list carry every layer and the total.
        const auto j = nlohmann::json::parse(fit::layerProfileToJson(fit_->layers));
        QCOMPARE(j["activation_total_bytes"].get<int64_t>(), fit_->layers.activationTotal);
        QCOMPARE(j["layers"].size(), fit_->layers.layers.size());
        QVERIFY(QString::fromStdString(fit::formatLayerProfile(fit_->layers)).contains("Detect P3/8"));
        // Some layer is marked as one checkpointing helps.
        QVERIFY(std::any_of(fit_->layers.layers.begin(), fit_->layers.layers.end(),
                            [](const fit::LayerMemory& l) { return l.checkpointHelps; }));
    }
    fit::FitRequest req;
    req.model = "yolo11n.yaml";
    req.imgsz = 160;
    req.syntheticBoxes = 20;
    req.optimizer = "SGD";
    auto session = mi::MeasureSession::open(req);
    QVERIFY2(session.ok(), session.ok() ? "" : session.error().toString().c_str());
    (*session)->measure(2, 160, false);   // optimizer state exists, as in the probe
    const mi::IterationTrace trace = (*session)->trace(2, 160);
    check(mi::layerProfile(trace, (*session)->spec(), 2, 160, 0), "yolo11n");
}

void TestFit::checkpointingPeakFallsAsPredicted()
{
    // The fit measured the proposed sets at its probe point and scaled their predicted savings to it; at
    // configurations it did not probe, the measured training peak with checkpointing is within 5% of the
    // prediction (the fit's accuracy on the CPU, as predictsUnprobedConfigurations), and so is the fall.
    if (data_.empty())
        QSKIP("coco128 not found");
    QVERIFY(fit_.has_value());
    QVERIFY2(!fit_->checkpointOptions.empty(), "batch 512 does not fit 1500 MiB: checkpointing is proposed");
    QVERIFY(internals_.planner);
    QVERIFY(!internals_.measured.empty());
    fit::FitRequest mreq = request_;
    mreq.optimizer = internals_.optimizer;
    auto session = mi::MeasureSession::open(mreq);
    QVERIFY2(session.ok(), session.ok() ? "" : session.error().toString().c_str());
    const mi::DeviceMemoryModel& plain = internals_.models.front().second;
    QVERIFY(!internals_.models.front().first);   // fp32 first
    const std::pair<int, int> configs[] = {{8, 320}, {6, 256}};
    for (const auto& [b, s] : configs) {
        const mi::MeasuredPeaks base = (*session)->measure(b, s, false);
        for (const mi::CheckpointSavings& sv : internals_.measured) {
            const mi::DeviceMemoryModel model = mi::withCheckpointing(plain, sv);
            const mi::MeasuredPeaks with = (*session)->measure(b, s, false, sv.layers);
            const double pred = model.trainPeak(b, s) - double(model.baseline);
            const double predFall = plain.trainPeak(b, s) - model.trainPeak(b, s);
            const double fall = double(base.train - with.train);
            const double err = (pred - double(with.train)) / double(with.train);
            qInfo("checkpoint %zu layers, batch %d imgsz %d: peak %.1f -> %.1f MiB measured, predicted %.1f (%+.2f%%); "
                  "fall %.1f MiB measured, %.1f predicted (scale %.2f)",
                  sv.layers.size(), b, s, double(base.train) / kMiB, double(with.train) / kMiB, pred / kMiB,
                  100 * err, fall / kMiB, predFall / kMiB, sv.calibration);
            QVERIFY(fall > 0);
            QVERIFY2(std::abs(err) <= 0.05, "checkpointed peak off by more than 5%");
            QVERIFY2(std::abs(predFall - fall) <= 0.05 * double(base.train), "the fall is off by more than 5% of the peak");
        }
    }
    // The options say what they give and cost, and the table has the checkpointing column.
    for (const fit::CheckpointOption& o : fit_->checkpointOptions) {
        QVERIFY(o.activationSaving > 0 && o.activationSaving < 1);
        QVERIFY(o.batch >= fit_->recommended.batch);
        QVERIFY(o.probeMeasuredBytes > 0);
        QVERIFY(!o.reachesWanted);
    }
    for (const fit::TableRow& row : fit_->table)
        QVERIFY(row.maxBatchCheckpointed >= row.maxBatch);
    const bool noted = std::any_of(fit_->fitNotes.begin(), fit_->fitNotes.end(),
                                   [](const fit::FitNote& n) { return n.code == "fit.checkpoint_batch"; });
    QVERIFY(noted);
}

void TestFit::fitsEachStageAndChoosesCheckpointing()
{
    // A staged run on synthetic batches: probed at the largest stage (160), each stage fitted at its own size;
    // checkpoint=auto in stage 2 picks blocks only when batch 16 (kAutoCheckpointBatch) does not fit without.
    fit::FitRequest req;
    req.model = "yolov8n.yaml";
    req.syntheticBoxes = 10;
    req.workers = 0;
    req.threads = 1;
    req.optimizer = "SGD";
    req.budget = "400MiB";
    req.stages = {ys::TrainStage{96, 4, 1, {}}, ys::TrainStage{160, -1, 2, {{"checkpoint", "auto"}}}};
    auto r = fit::fitToMemory(req);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->recommended.imgsz, 160);
    QCOMPARE(r->stages.size(), size_t(2));
    const fit::StageFit& a = r->stages[0];
    const fit::StageFit& b = r->stages[1];
    QCOMPARE(a.stage, 1);
    QCOMPARE(a.imgsz, 96);
    QCOMPARE(a.batch, 4);
    QCOMPARE(a.requestedBatch, 4);
    QVERIFY(a.fits);
    QCOMPARE(a.checkpoint, std::string("off"));
    QCOMPARE(b.imgsz, 160);
    QCOMPARE(b.requestedBatch, -1);
    QVERIFY(b.batch >= 1);
    QCOMPARE(b.accumulate, std::max(1, static_cast<int>(std::lround(64.0 / b.batch))));
    QVERIFY(b.predictedPeakBytes <= static_cast<int64_t>(r->budgetBytes * (1 - r->margin)));
    if (r->recommended.batch >= ys::kAutoCheckpointBatch)
        QCOMPARE(b.checkpoint, std::string("off"));
    else
        QVERIFY(!b.checkpointLayers.empty());
    QVERIFY(b.batch >= r->recommended.batch);
    // Read back from JSON.
    auto back = fit::fitResultFromJson(fit::fitResultToJson(*r));
    QVERIFY(back.ok());
    QCOMPARE(back->stages.size(), size_t(2));
    QCOMPARE(back->stages[1].batch, b.batch);
    QCOMPARE(back->stages[1].checkpoint, b.checkpoint);
    QCOMPARE(back->layers.layers.size(), r->layers.layers.size());
    QVERIFY(QString::fromStdString(fit::formatFitResult(*r)).contains("stages:"));
}

const fit::FitResult& TestFit::sharedSmallFit()
{
    if (!smallFit_) {
        const QString data = ys::test::writeShapesDataset(tmp_.filePath("shapes"), 8, 64, 64);
        if (data.isEmpty())
            qFatal("cannot write the generated dataset");
        ys::TrainConfig cfg;
        cfg.data = data.toStdString();
        cfg.model = "yolov8n.yaml";
        cfg.imgsz = 64;
        cfg.batch = -1;
        cfg.device = "cpu";
        cfg.vram = "2GiB";
        cfg.amp = "off";
        cfg.nbs = 8;
        cfg.workers = 8;
        cfg.threads = 0;
        smallConfig_ = cfg;
        qputenv("YS_CPU_CORES", "2");
        const fit::FitRequest req = fit::fitRequestFor(cfg, 2);
        auto r = fit::fitToMemory(req);
        qunsetenv("YS_CPU_CORES");
        if (!r)
            qFatal("%s", r.error().toString().c_str());
        smallFit_ = *r;
    }
    return *smallFit_;
}

// Two processes on one machine's CPU share its memory: vram=2GiB gives each 1 GiB, and the fit says so (it
// fitted each to 2 GiB: 3.8 GiB for both).
void TestFit::cpuProcessesShareTheBudget()
{
    const fit::FitResult& r = sharedSmallFit();
    QCOMPARE(r.world, 2);
    QCOMPARE(r.budgetBytes, int64_t{1} << 30);
    QVERIFY(r.recommended.predictedPeakBytes <= static_cast<int64_t>(r.budgetBytes * (1 - r.margin)));
    const auto shared = std::find_if(r.fitNotes.begin(), r.fitNotes.end(),
                                     [](const fit::FitNote& n) { return n.code == "fit.shared_budget"; });
    QVERIFY(shared != r.fitNotes.end());
    QCOMPARE(shared->args, (std::vector<std::string>{"2", mem::formatBytes(int64_t{1} << 30),
                                                     mem::formatBytes(int64_t{2} << 30)}));
    QVERIFY(QString::fromStdString(fit::formatFitResult(r)).contains("share its memory"));
}

// A batch is never larger than the data: 8 training images over 2 processes make at most 4 images each per step
// (batch x processes x accumulate <= images), however much memory is free, and the fit says so (it proposed 1,846
// images per step for 240).
void TestFit::batchNeverExceedsTheData()
{
    const fit::FitResult& r = sharedSmallFit();
    const fit::Recommendation& rec = r.recommended;
    QCOMPARE(r.trainImages, int64_t(8));
    QVERIFY(rec.fits);
    QCOMPARE(rec.batch, 4);
    QCOMPARE(rec.accumulate, 1);
    QVERIFY(int64_t{rec.batch} * r.world * rec.accumulate <= r.trainImages);
    const auto capped = std::find_if(r.fitNotes.begin(), r.fitNotes.end(),
                                     [](const fit::FitNote& n) { return n.code == "fit.batch_data"; });
    QVERIFY(capped != r.fitNotes.end());
    QCOMPARE(capped->args, (std::vector<std::string>{"8", "8"}));
}

// Two processes on 2 cores: each plans for its 1 core, which its model takes, so the fit budgets the 0 loader
// workers the trainer starts (it budgeted 1, and the Train page then said the applied fit was made for
// "workers 1 → 0").
void TestFit::processesBudgetTheLoaderWorkersTheyStart()
{
    const fit::FitResult& r = sharedSmallFit();
    QCOMPARE(r.localProcesses, 2);
    QCOMPARE(r.intraOpThreads, 1);
    QCOMPARE(r.loaderWorkers, 0);
    QCOMPARE(r.queuedBatches, 0);
    qputenv("YS_CPU_CORES", "2");
    ys::TrainConfig applied = smallConfig_;
    applied.batch = r.recommended.batch * r.world;   // what Apply writes
    const std::vector<fit::FitDifference> d = fit::fitDifferences(r, applied);
    qunsetenv("YS_CPU_CORES");
    QVERIFY2(d.empty(), d.empty() ? "" : (d[0].key + ": " + d[0].fitted + " -> " + d[0].now).c_str());
}

QTEST_GUILESS_MAIN(TestFit)
#include "test_fit.moc"
