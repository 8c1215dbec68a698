// The Train page's pieces without a run: the epoch table and log models (QAbstractItemModelTester), the
// time-left estimate, and the pre-flight's plain words.
#include "ui/train/epochtablemodel.h"
#include "ui/train/logmodel.h"
#include "ui/common/bytes.h"
#include "ui/common/devicetext.h"
#include "ui/train/preflight.h"
#include "ui/train/runprogress.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <utility>

using namespace ys::ui;

namespace {

ys::EpochResult row(int epoch, double fitness, bool validated = true)
{
    ys::EpochResult r;
    r.epoch = epoch;
    r.fitness = fitness;
    r.map50_95 = fitness;
    r.validated = validated;
    r.time = epoch * 10.0;
    r.peakMemory = int64_t(300) << 20;
    return r;
}

ys::CheckSummary summaryWithErrors(int errors)
{
    ys::CheckSummary s;
    s.errors = errors;
    if (errors > 0) {
        s.byCode["label.class_range"] = errors - 1;
        s.byCode["image.truncated"] = 1;
    }
    return s;
}

ys::memory::MemoryStats cpuStats()
{
    ys::memory::MemoryStats s;
    s.deviceTotal = int64_t(24) << 30;
    s.deviceFree = int64_t(8) << 30;
    return s;
}

// A clean dataset of `images` 640 x 640 images, each with one box 8 px wide and high at 640 (1.25% of a side):
// learnable at 640, under the 3 px rule at 64 (0.8 px).
ys::Dataset smallBoxDataset(int images)
{
    ys::Dataset d;
    for (int i = 0; i < images; ++i) {
        ys::ImageRecord r;
        r.image = QStringLiteral("/data/demo/images/%1.jpg").arg(i).toStdString();
        r.width = r.height = 640;
        ys::LabelBox b;
        b.cx = b.cy = 0.5f;
        b.w = b.h = 8.0f / 640.0f;
        r.boxes.push_back(b);
        d.images.push_back(r);
    }
    return d;
}

}  // namespace

class TestTrainModels final : public QObject {
    Q_OBJECT

private slots:
    void epochTable();
    void epochTableReplacesRedoneEpochs();
    void logModel();
    void logModelStaysBounded();
    void runProgressEstimatesTimeLeft();
    void preflightBlocksWithoutDataset();
    void preflightDatasetErrorsNeedStartAnyway();
    void preflightSaysThePredictedPeakInPlainWords();
    void preflightMissingDevice();
    void preflightSaysWhyThereIsNoGpu();
    void noGpuReasonWordsTheDriversAnswer();
    void preflightSetupNamesAnotherDataset();
    void preflightSaysSizesInTheFitsUnits();
    void preflightAppliedFitStillApplies();
    void preflightCountsSmallBoxesAtTheRunsImageSize();
};

void TestTrainModels::epochTable()
{
    EpochTableModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m.columnCount(), int(EpochTableModel::ColumnCount));
    m.addRow(row(1, 0.1));
    m.addRow(row(2, 0.3));
    m.addRow(row(3, 0.2));
    QCOMPARE(m.rowCount(), 3);
    QCOMPARE(m.bestRow(), 1);
    QVERIFY(m.index(1, 0).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(!m.index(0, 0).data(Qt::FontRole).isValid());
    QCOMPARE(m.index(1, EpochTableModel::Map50_95Column).data().toString(), QString("0.300"));
    QCOMPARE(m.index(1, EpochTableModel::Map50_95Column).data(Qt::UserRole).toDouble(), 0.3);
    QCOMPARE(m.index(1, EpochTableModel::PeakMemoryColumn).data().toString(), QString("300.00 MiB"));
    QCOMPARE(m.index(1, EpochTableModel::TimeColumn).data().toString(), QString("20 s"));
    QCOMPARE(m.headerData(EpochTableModel::Map50Column, Qt::Horizontal).toString(), QString("mAP50"));
    // Not validated: metrics show a dash, and such an epoch is never "best".
    m.addRow(row(4, 0.9, false));
    QCOMPARE(m.index(3, EpochTableModel::Map50Column).data().toString(), QString("–"));
    QCOMPARE(m.bestRow(), 1);
    m.addRow(row(5, 0.5));
    QCOMPARE(m.bestRow(), 4);
    QVERIFY(m.index(4, 3).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(!m.index(1, 3).data(Qt::FontRole).isValid());
    m.clear();
    QCOMPARE(m.rowCount(), 0);
    QCOMPARE(m.bestRow(), -1);

    // YOLO26's rows hold the L1 distance loss (8.4's l1_loss): the headers say so, and the view is told.
    QCOMPARE(m.headerData(EpochTableModel::TrainDflColumn, Qt::Horizontal).toString(), QString("DFL"));
    QSignalSpy headers(&m, &QAbstractItemModel::headerDataChanged);
    auto l1 = row(1, 0.1);
    l1.l1Loss = true;
    m.addRow(l1);
    QCOMPARE(headers.count(), 1);
    QCOMPARE(m.headerData(EpochTableModel::TrainDflColumn, Qt::Horizontal).toString(), QString("L1"));
    QCOMPARE(m.headerData(EpochTableModel::ValDflColumn, Qt::Horizontal).toString(), QString("Val L1"));
    m.clear();
    QCOMPARE(headers.count(), 2);
    QCOMPARE(m.headerData(EpochTableModel::ValDflColumn, Qt::Horizontal).toString(), QString("Val DFL"));
}

void TestTrainModels::epochTableReplacesRedoneEpochs()
{
    EpochTableModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setRows({row(1, 0.1), row(2, 0.2), row(3, 0.3)});
    // A run resumed from the checkpoint of epoch 1 trains epoch 2 again.
    m.addRow(row(2, 0.25));
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.rows().back().epoch, 2);
    QCOMPARE(m.rows().back().fitness, 0.25);
    QCOMPARE(m.bestRow(), 1);
}

void TestTrainModels::logModel()
{
    LogModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.addMessage("optimizer: AdamW(lr=0.001)");
    ys::TrainEvent oom;
    oom.kind = ys::EventKind::OomRecovered;
    oom.message = "out of memory in epoch 2, batch 5; micro-batch 16 -> 8";
    oom.time = 75;
    m.addEvent(oom);
    ys::TrainEvent err;
    err.kind = ys::EventKind::Error;
    err.message = "training failed";
    m.addEvent(err);
    ys::TrainEvent start;
    start.kind = ys::EventKind::Start;
    m.addEvent(start);
    QCOMPARE(m.rowCount(), 4);
    // An out-of-memory recovery stands out: its own kind, a tinted background, bold, a prefix and its time.
    const QModelIndex o = m.index(1);
    QCOMPARE(o.data(LogModel::KindRole).value<LogModel::Kind>(), LogModel::Kind::OutOfMemory);
    QVERIFY(o.data(Qt::BackgroundRole).isValid());
    QVERIFY(o.data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(o.data().toString().startsWith("1:15  Out of memory, recovered: "));
    QVERIFY(!m.index(0).data(Qt::BackgroundRole).isValid());
    QCOMPARE(m.index(2).data(LogModel::KindRole).value<LogModel::Kind>(), LogModel::Kind::Error);
    QVERIFY(m.index(2).data(Qt::ForegroundRole).isValid());
    QCOMPARE(m.count(LogModel::Kind::Milestone), 1);
    QCOMPARE(LogModel::kindOf(ys::EventKind::ValOomRecovered), LogModel::Kind::OutOfMemory);
    QCOMPARE(LogModel::kindOf(ys::EventKind::Warning), LogModel::Kind::Warning);
    QCOMPARE(LogModel::kindOf(ys::EventKind::Finish), LogModel::Kind::Milestone);
}

void TestTrainModels::logModelStaysBounded()
{
    LogModel m;   // no model tester here: it re-reads the whole model on every insert
    for (int i = 0; i < LogModel::kMaxEntries + 10; ++i)
        m.addMessage(QString::number(i));
    QCOMPARE(m.rowCount(), LogModel::kMaxEntries - LogModel::kTrimBatch + 10);
    QCOMPARE(m.index(m.rowCount() - 1).data().toString(), QString::number(LogModel::kMaxEntries + 9));
}

void TestTrainModels::runProgressEstimatesTimeLeft()
{
    RunProgress p;
    QCOMPARE(p.secondsLeft(), -1.0);
    ys::BatchProgress b;
    b.epochs = 3;
    b.batches = 10;
    b.epoch = 1;
    b.batch = 1;
    b.elapsed = 5;   // setup before the first batch is not a batch's time
    p.addBatch(b);
    QCOMPARE(p.secondsLeft(), -1.0);
    b.batch = 5;
    b.elapsed = 13;  // 2 s per batch
    p.addBatch(b);
    QCOMPARE(p.secondsLeft(), (5 + 20) * 2.0);
    QCOMPARE(p.runFraction(), 0.5 / 3);
    b.batch = 10;
    b.elapsed = 23;
    p.addBatch(b);
    p.addEpoch(row(1, 0.1));   // at 10 s? row.time = 10 < 23: overhead clamps at 0
    ys::EpochResult r = row(1, 0.1);
    r.time = 27;               // 4 s of validation and checkpoint
    p.addEpoch(r);
    b.epoch = 2;
    b.batch = 2;
    b.elapsed = 31;
    p.addBatch(b);
    b.batch = 4;
    b.elapsed = 35;
    p.addBatch(b);
    // 6 + 10 batches at 2 s, two more epochs' 4 s of validation.
    QCOMPARE(p.secondsLeft(), 16 * 2.0 + 2 * 4.0);
    QCOMPARE(p.epochFraction(), 0.4);
}

void TestTrainModels::preflightBlocksWithoutDataset()
{
    PreflightInput in;
    in.device = cpuStats();
    const PreflightReport r = Preflight::evaluate(in);
    QVERIFY(!r.canStart);
    QCOMPARE(r.items.front().action, PreflightItem::Action::OpenDataset);
    QCOMPARE(r.items.front().level, PreflightItem::Level::Blocker);
}

void TestTrainModels::preflightDatasetErrorsNeedStartAnyway()
{
    PreflightInput in;
    in.datasetOpen = true;
    in.datasetName = "shapes";
    const ys::CheckSummary s = summaryWithErrors(5);
    in.check = &s;
    in.device = cpuStats();
    PreflightReport r = Preflight::evaluate(in);
    QVERIFY(!r.canStart);
    QVERIFY(r.datasetErrors);
    const PreflightItem& e = r.items.front();
    QCOMPARE(e.action, PreflightItem::Action::ShowFindings);
    QVERIFY2(e.text.contains("found 5 error(s) in shapes (4 × label.class_range, 1 × image.truncated)"), qPrintable(e.text));
    in.startAnyway = true;
    r = Preflight::evaluate(in);
    QVERIFY(r.canStart);
    QCOMPARE(r.items.front().level, PreflightItem::Level::Warning);
    // A clean check and a CPU with memory to spare: nothing to say but OK.
    const ys::CheckSummary clean = summaryWithErrors(0);
    in.check = &clean;
    in.startAnyway = false;
    r = Preflight::evaluate(in);
    QVERIFY(r.canStart);
    QVERIFY(!r.datasetErrors);
    for (const PreflightItem& i : r.items)
        QCOMPARE(i.level, PreflightItem::Level::Ok);
    QVERIFY(r.items.back().text.contains("CPU: 8.0 GiB free of 24.0 GiB"));
    // The check still running does not block.
    in.check = nullptr;
    QVERIFY(Preflight::evaluate(in).canStart);
    // An invalid setup does.
    in.configErrors << "'imgsz' must be a multiple of 32";
    QVERIFY(!Preflight::evaluate(in).canStart);
}

void TestTrainModels::preflightSaysThePredictedPeakInPlainWords()
{
    PreflightInput in;
    in.datasetOpen = true;
    const ys::CheckSummary s = summaryWithErrors(0);
    in.check = &s;
    in.device = cpuStats();
    in.config.batch = 32;
    in.config.imgsz = 640;
    ys::fit::FitResult f;
    f.recommended.batch = 32;
    f.recommended.imgsz = 640;
    f.recommended.predictedPeakBytes = static_cast<int64_t>(11.4 * (int64_t(1) << 30));
    f.recommended.fits = true;
    f.deviceTotalBytes = int64_t(24) << 30;
    in.fit = f;
    PreflightReport r = Preflight::evaluate(in);
    const PreflightItem& m = r.items.back();
    QVERIFY2(m.text.startsWith("batch 32 at 640 needs about 11.4 GiB; 8.0 GiB free"), qPrintable(m.text));
    QCOMPARE(m.level, PreflightItem::Level::Warning);   // does not fit in what is free
    QVERIFY(r.canStart);                                 // the trainer recovers; a warning, not a block
    f.recommended.predictedPeakBytes = int64_t(5) << 30;
    f.budgetBytes = int64_t(6) << 30;
    in.fit = f;
    in.config.vram = "6GiB";
    r = Preflight::evaluate(in);
    QVERIFY2(r.items.back().text == "batch 32 at 640 needs about 5.0 GiB; the budget is 6.0 GiB.", qPrintable(r.items.back().text));
    QCOMPARE(r.items.back().level, PreflightItem::Level::Ok);
    // The budget the fit kept to, but not in the setup: the run would not be held to it.
    in.config.vram.clear();
    r = Preflight::evaluate(in);
    QVERIFY2(r.items.back().text.contains("the run is not held to it"), qPrintable(r.items.back().text));
    QCOMPARE(r.items.back().level, PreflightItem::Level::Warning);
    // The form moved away from the fit: its prediction is not shown, and the page says why.
    in.config.vram = "6GiB";
    in.config.batch = 64;
    r = Preflight::evaluate(in);
    QVERIFY2(r.items.back().text.contains("Batch size: 32 → 64") && r.items.back().text.contains("does not apply"),
             qPrintable(r.items.back().text));
    in.config.batch = 32;
    in.config.imgsz = 320;
    r = Preflight::evaluate(in);
    QVERIFY2(r.items.back().text.contains("Image size: 640 → 320"), qPrintable(r.items.back().text));
    for (const PreflightItem& item : r.items)
        QVERIFY2(!item.text.contains("needs about"), qPrintable(item.text));
}

void TestTrainModels::preflightMissingDevice()
{
    PreflightInput in;
    in.datasetOpen = true;
    const ys::CheckSummary s = summaryWithErrors(0);
    in.check = &s;
    in.config.device = "cuda:1";
    const PreflightReport r = Preflight::evaluate(in);
    QVERIFY(!r.canStart);
    bool named = false;
    for (const PreflightItem& i : r.items)
        named |= i.text.startsWith("GPU 1 is not available");
    QVERIFY(named);
    QCOMPARE(DeviceText::label("0"), QString("GPU 0"));
    QCOMPARE(DeviceText::label("cpu"), QString("CPU"));
    QCOMPARE(DeviceText::label("gpu"), QString("GPU 0"));     // parseDevice's reading, not "GPU gpu"
    QCOMPARE(DeviceText::label(" CUDA:1 "), QString("GPU 1"));
    QCOMPARE(DeviceText::label("0,1"), QString("0,1"));       // names no one device: shown as typed
}

// The device picker's reason (DeviceText::noGpuReason) in the device's line when a GPU is asked for, and as a
// line of its own under the CPU's.
void TestTrainModels::preflightSaysWhyThereIsNoGpu()
{
    PreflightInput in;
    in.datasetOpen = true;
    const ys::CheckSummary s = summaryWithErrors(0);
    in.check = &s;
    in.config.device = "0";
    in.noGpuReason = "no NVIDIA driver (libcuda.so.1 not found)";
    PreflightReport r = Preflight::evaluate(in);
    QVERIFY(!r.canStart);
    const auto itemWith = [&](const QString& text) -> const PreflightItem* {
        for (const PreflightItem& i : r.items)
            if (i.text == text)
                return &i;
        return nullptr;
    };
    const PreflightItem* gpu = itemWith("GPU 0 is not available: no NVIDIA driver (libcuda.so.1 not found).");
    QVERIFY(gpu);
    QCOMPARE(gpu->level, PreflightItem::Level::Blocker);
    // On the CPU the run can start; the reason is said once, as information.
    in.config.device = "cpu";
    in.device = cpuStats();
    r = Preflight::evaluate(in);
    QVERIFY(r.canStart);
    const PreflightItem* why = itemWith("No GPU can be used: no NVIDIA driver (libcuda.so.1 not found).");
    QVERIFY(why);
    QCOMPARE(why->level, PreflightItem::Level::Info);
    // With a GPU in the machine (no reason), nothing is said about GPUs.
    in.noGpuReason.clear();
    r = Preflight::evaluate(in);
    for (const PreflightItem& i : r.items)
        QVERIFY2(!i.text.contains("GPU"), qPrintable(i.text));
}

// The driver's answer in the UI's words: the same line core writes (memory/cudadriver.h) in English.
void TestTrainModels::noGpuReasonWordsTheDriversAnswer()
{
    using P = ys::memory::CudaDriverProblem;
    ys::memory::CudaDriverStatus d;
    d.buildCudaVersion = 13000;
    d.minimumDriver = 580;
    QCOMPARE(DeviceText::noGpuReason(d, false), QString("this build of LibTorch has no CUDA"));
    d.problem = P::NoDriver;
    QCOMPARE(DeviceText::noGpuReason(d, true), QString("no NVIDIA driver (libcuda.so.1 not found)"));
    d.wsl = true;
    QVERIFY(DeviceText::noGpuReason(d, true).contains("on WSL2 the Windows NVIDIA driver provides it in /usr/lib/wsl/lib"));
    d.problem = P::DriverTooOld;
    d.driverCudaVersion = 12040;
    QCOMPARE(DeviceText::noGpuReason(d, true),
             QString("the NVIDIA driver supports CUDA 12.4; this build needs CUDA 13.0 (driver 580 or newer)"));
    d.problem = P::NoDevice;
    QCOMPARE(DeviceText::noGpuReason(d, true), QString("the NVIDIA driver sees no GPU"));
    d.visibleDevices = "";
    QCOMPARE(DeviceText::noGpuReason(d, true),
             QString("the NVIDIA driver sees no GPU (CUDA_VISIBLE_DEVICES=\"\" hides every GPU)"));
    d.visibleDevices = "2,3";
    QCOMPARE(DeviceText::noGpuReason(d, true), QString("the NVIDIA driver sees no GPU with CUDA_VISIBLE_DEVICES=\"2,3\""));
    d.problem = P::InitFailed;
    d.call = "cuInit";
    d.errorCode = 999;
    QCOMPARE(DeviceText::noGpuReason(d, true),
             QString("the NVIDIA driver failed to start (cuInit returned 999, CUDA_ERROR_UNKNOWN); often the nvidia-uvm "
                     "kernel module is not loaded (sudo modprobe nvidia-uvm)"));
    d.errorCode = 4242;
    QCOMPARE(DeviceText::noGpuReason(d, true), QString("the NVIDIA driver failed to start (cuInit returned 4242)"));
    d.problem = P::DriverUnloadable;
    d.detail = "it lacks cuInit";
    QCOMPARE(DeviceText::noGpuReason(d, true),
             QString("the NVIDIA driver's libcuda.so.1 cannot be loaded (it lacks cuInit)"));
}

void TestTrainModels::preflightSetupNamesAnotherDataset()
{
    PreflightInput in;
    in.datasetOpen = true;
    in.datasetName = "shapes";
    in.datasetPath = "/data/shapes/data.yaml";
    const ys::CheckSummary s = summaryWithErrors(0);
    in.check = &s;
    in.device = cpuStats();
    in.setupData = "/data/shapes/data.yaml";
    QVERIFY(Preflight::evaluate(in).canStart);
    // The form's data field edited to another file: a run trains on the open dataset only.
    in.setupData = "/data/other/data.yaml";
    const PreflightReport r = Preflight::evaluate(in);
    QVERIFY(!r.canStart);
    const auto it = std::find_if(r.items.begin(), r.items.end(), [](const PreflightItem& i) {
        return i.level == PreflightItem::Level::Blocker && i.action == PreflightItem::Action::OpenDataset;
    });
    QVERIFY(it != r.items.end());
    QVERIFY(it->text.contains("other"));
}

// One unit system: the device line, the predicted peak and the budget say their sizes as the fit does (IEC).
void TestTrainModels::preflightSaysSizesInTheFitsUnits()
{
    PreflightInput in;
    in.datasetOpen = true;
    const ys::CheckSummary s = summaryWithErrors(0);
    in.check = &s;
    in.device = cpuStats();
    in.config.batch = 16;
    in.config.imgsz = 640;
    in.config.vram = "2GiB";
    ys::fit::FitResult f;
    f.recommended.batch = 16;
    f.recommended.imgsz = 640;
    f.recommended.predictedPeakBytes = static_cast<int64_t>(1.9 * (int64_t(1) << 30));
    f.recommended.fits = true;
    f.budgetBytes = int64_t(2) << 30;
    f.deviceTotalBytes = int64_t(24) << 30;
    in.fit = f;
    const PreflightReport r = Preflight::evaluate(in);
    const QString text = r.items.back().text;
    QVERIFY2(text == QStringLiteral("batch 16 at 640 needs about %1; the budget is %2.")
                         .arg(formatBytes(f.recommended.predictedPeakBytes), formatBytes(f.budgetBytes)),
             qPrintable(text));
    QVERIFY2(text.contains("1.9 GiB") && text.contains("2.0 GiB") && !text.contains("GB"), qPrintable(text));
    for (const PreflightItem& i : r.items)
        QVERIFY2(!i.text.contains(QRegularExpression("\\d [KMGT]B\\b")), qPrintable(i.text));
}

// Right after Apply the fit applies: two CPU processes on 2 cores start no loader worker, and the fit budgeted
// none (before, it read "workers 1 loader workers → 0 loader workers"). A real change is still named, in the
// form's words, with a value on both sides of the arrow.
void TestTrainModels::preflightAppliedFitStillApplies()
{
    qputenv("YS_CPU_CORES", "2");
    PreflightInput in;
    in.datasetOpen = true;
    const ys::CheckSummary s = summaryWithErrors(0);
    in.check = &s;
    in.device = cpuStats();
    in.config.device = "cpu";
    in.config.imgsz = 320;
    in.config.batch = 16;
    in.config.amp = "off";
    in.config.workers = 8;
    in.config.threads = 1;
    ys::fit::FitResult f;
    f.device = f.target = "cpu";
    f.world = 2;
    f.localProcesses = 2;
    f.intraOpThreads = 1;
    f.loaderWorkers = 0;
    f.recommended.batch = 8;
    f.recommended.imgsz = 320;
    f.recommended.ampMode = "off";
    f.recommended.predictedPeakBytes = int64_t(1) << 30;
    f.recommended.fits = true;
    f.deviceTotalBytes = int64_t(24) << 30;
    in.fit = f;
    PreflightReport r = Preflight::evaluate(in);
    QVERIFY2(r.items.back().text.startsWith("batch 8 at 320 needs about 1.0 GiB"), qPrintable(r.items.back().text));
    // Stages cleared after a staged fit: said with "none", never an empty side.
    for (const auto& [imgsz, batch] : {std::pair{320, 8}, std::pair{640, -1}}) {
        ys::fit::StageFit st;
        st.imgsz = imgsz;
        st.requestedBatch = batch;   // x the world of 2
        f.stages.push_back(st);
    }
    in.fit = f;
    r = Preflight::evaluate(in);
    QVERIFY2(r.items.back().text.contains("Stages: 320x16, 640xauto → none"), qPrintable(r.items.back().text));
    QVERIFY2(!r.items.back().text.contains(QRegularExpression("→\\s*[);]")), qPrintable(r.items.back().text));
    QCOMPARE(Preflight::differenceText({"workers", "1", "0"}), QString("Loader workers: 1 → 0"));
    qunsetenv("YS_CPU_CORES");
}

// The label check ran at the Dataset page's 640; a run at 64 px (or with a 64 px stage) meets boxes too small to
// learn there, and the pre-flight says how many instead of "passed every check".
void TestTrainModels::preflightCountsSmallBoxesAtTheRunsImageSize()
{
    const ys::Dataset dataset = smallBoxDataset(3);
    QCOMPARE(ys::tooSmallBoxes(dataset, 640), int64_t(0));
    QCOMPARE(ys::tooSmallBoxes(dataset, 64), int64_t(3));
    PreflightInput in;
    in.datasetOpen = true;
    in.datasetName = "demo";
    const ys::CheckSummary s = summaryWithErrors(0);
    in.check = &s;
    in.dataset = &dataset;
    in.device = cpuStats();
    in.config.imgsz = 640;
    const auto smallBoxItem = [](const PreflightReport& r) -> const PreflightItem* {
        for (const PreflightItem& i : r.items)
            if (i.text.contains("too small to learn"))
                return &i;
        return nullptr;
    };
    PreflightReport r = Preflight::evaluate(in);
    QVERIFY(!smallBoxItem(r));
    QCOMPARE(r.items.front().text, QString("The labels of demo passed every check."));
    in.config.imgsz = 64;
    r = Preflight::evaluate(in);
    const PreflightItem* small = smallBoxItem(r);
    QVERIFY(small);
    QVERIFY2(small->text.startsWith("3 box(es) of demo are too small to learn at 64 px"), qPrintable(small->text));
    QCOMPARE(small->level, PreflightItem::Level::Warning);
    QCOMPARE(small->action, PreflightItem::Action::ShowFindings);
    QVERIFY(r.canStart);
    for (const PreflightItem& i : r.items)
        QVERIFY2(!i.text.contains("passed every check"), qPrintable(i.text));
    // Staged: the smallest stage's image size is the one that counts.
    in.config.imgsz = 640;
    in.config.stages = {ys::TrainStage{64, 16, 1, {}}, ys::TrainStage{640, -1, 1, {}}};
    r = Preflight::evaluate(in);
    QVERIFY(smallBoxItem(r));
    QVERIFY(smallBoxItem(r)->text.contains("at 64 px"));
}

QTEST_MAIN(TestTrainModels)
#include "test_trainmodels.moc"
