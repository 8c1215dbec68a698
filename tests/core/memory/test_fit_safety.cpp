// Safety and tightness of the recommendation, with the real trainer under the CPU budget: the recommended
// configuration trains 20+ iterations and a validation pass without a single out-of-memory, and a batch
// 25% larger runs out.
#include "memory/internal/fitmodel.h"
#include "memory/memory.h"
#include "memory/probe.h"
#include "testsupport.h"
#include "train/trainer.h"

#include <torch/torch.h>

#include <QTemporaryDir>
#include <QtTest>

#include <c10/util/Exception.h>

#include <cmath>

namespace mem = ys::memory;
namespace mi = ys::memory::internal;

namespace {
constexpr int kImgsz = 160;                // small images keep 20 iterations within seconds on 2 cores
constexpr const char* kBudget = "300MiB";  // yolov8n at 160: a batch around 12 on this budget
constexpr int kTrainImages = 128;           // coco128's train split

struct BudgetGuard {
    ~BudgetGuard() { mem::setBudget(0); }
};
}  // namespace

class TestFitSafety final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void recommendedTrainsUnderBudgetAndLargerDoesNot();
};

void TestFitSafety::initTestCase()
{
    QVERIFY(mem::installCpuTracker());
    torch::set_num_threads(1);
}

void TestFitSafety::recommendedTrainsUnderBudgetAndLargerDoesNot()
{
    const QString yaml = ys::test::coco128Yaml();
    if (yaml.isEmpty())
        QSKIP("coco128 not found");
    BudgetGuard guard;
    mem::FitRequest req;
    req.data = yaml.toStdString();
    req.model = "yolov8n.yaml";
    req.imgsz = kImgsz;
    req.budget = kBudget;
    req.workers = 0;
    req.threads = 1;
    mi::FitInternals internals;
    // The trainer picks its optimizer from the run length (AdamW up to 10000 steps); so does the fit.
    req.epochs = 100;
    auto fit = mi::fitToMemory(req, &internals);
    QVERIFY2(fit.ok(), fit.ok() ? "" : fit.error().toString().c_str());
    const int batch = fit->recommended.batch;
    QVERIFY(fit->recommended.fits);
    QVERIFY2(batch >= 4, qPrintable(QString("batch %1 is too small for this test's budget").arg(batch)));
    const int perEpoch = (kTrainImages + batch - 1) / batch;
    const int epochs = (20 + perEpoch - 1) / perEpoch;
    qInfo("recommended batch %d amp %s at %s: predicted %s, probe %.1f s", batch, fit->recommended.ampMode.c_str(),
          kBudget, mem::formatBytes(fit->recommended.predictedPeakBytes).c_str(), fit->probeSeconds);

    // ---- safety: the real trainer, 20+ iterations and a validation pass, under the budget -------------------
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ys::TrainConfig cfg;
    cfg.data = req.data;
    cfg.model = req.model;
    cfg.imgsz = kImgsz;
    cfg.batch = batch;
    cfg.epochs = epochs;
    cfg.workers = 0;
    cfg.threads = 1;
    cfg.amp = fit->recommended.ampMode;
    cfg.val = false;  // the final epoch still validates
    cfg.project = dir.path().toStdString();
    cfg.name = "fit";
    std::vector<std::string> oomEvents;
    ys::TrainCallbacks cb;
    cb.onEvent = [&](const ys::TrainEvent& e) {
        if (e.kind == ys::EventKind::OomRecovered || e.kind == ys::EventKind::ValOomRecovered)
            oomEvents.push_back(e.message);
    };
    cb.onLog = [](const std::string&) {};
    int validatedEpochs = 0;
    cb.onEpoch = [&](const ys::EpochResult& r, const ys::DetectionMetrics&) { validatedEpochs += r.validated; };
    const int64_t oomBefore = mem::cpuOutOfMemoryCount();
    mem::resetPeak();
    mem::setBudget(fit->budgetBytes);
    auto run = ys::train(cfg, cb);
    const int64_t peak = mem::currentStats().peak;
    mem::setBudget(0);
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().toString().c_str());
    QCOMPARE(run->epochsCompleted, cfg.epochs);
    QVERIFY2(oomEvents.empty(), oomEvents.empty() ? "" : oomEvents.front().c_str());
    QCOMPARE(mem::cpuOutOfMemoryCount(), oomBefore);
    QCOMPARE(run->finalMicroBatch, batch);
    QVERIFY(validatedEpochs >= 1);
    qInfo("trainer peak %s = %.1f%% of the %s budget (predicted %s)", mem::formatBytes(peak).c_str(),
          100.0 * double(peak) / double(fit->budgetBytes), kBudget,
          mem::formatBytes(fit->recommended.predictedPeakBytes).c_str());
    QVERIFY(peak <= fit->budgetBytes);

    // ---- tightness: 25% more images per batch runs out of memory under the same budget ----------------------
    const int larger = static_cast<int>(std::ceil(batch * 1.25));
    mem::FitRequest mreq = req;
    mreq.optimizer = internals.optimizer;
    auto session = mi::MeasureSession::open(mreq);
    QVERIFY(session.ok());
    mem::setBudget(fit->budgetBytes);
    bool outOfMemory = false;
    try {
        (*session)->measure(larger, kImgsz, fit->recommended.amp);
    } catch (const c10::OutOfMemoryError&) {
        outOfMemory = true;
    }
    mem::setBudget(0);
    QVERIFY2(outOfMemory, qPrintable(QString("batch %1 (recommended %2 x 1.25) still fit").arg(larger).arg(batch)));
}

QTEST_GUILESS_MAIN(TestFitSafety)
#include "test_fit_safety.moc"
