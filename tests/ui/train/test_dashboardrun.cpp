// The dashboard showing a run from its files (the Runs page's API): Dashboard::showRun(readRun(dir)) fills
// every chart, the table and the log from results.csv, memory.csv and events.jsonl; applyTail() follows the
// run while a writer appends epochs, events and memory samples, and a rewritten memory.csv starts over.
#include "../../core/run/runfixtures.h"

#include "common/fileutil.h"
#include "memory/samples.h"
#include "run/environment.h"
#include "run/eventdetails.h"
#include "run/reader.h"
#include "ui/charts/trainingcharts.h"
#include "ui/common/runtext.h"
#include "ui/shell/language.h"
#include "ui/train/dashboard.h"
#include "ui/train/epochtablemodel.h"
#include "ui/train/logmodel.h"
#include "ui/train/predictionpreview.h"

#include <QLabel>
#include <QProgressBar>
#include <QTemporaryDir>
#include <QtTest>
#include "findchild.h"

using ys::test::child;

using namespace ys::ui;

static void switchLanguage(const QString& code);

namespace {

// An ended run of `epochs` epochs: both bars full and no time left, before, during and after a switch to
// 简体中文 (whose epoch label is translated).
void keepsItsEndAcrossALanguageSwitch(Dashboard& d, int epochs)
{
    auto* runBar = child<QProgressBar>(d, "runProgress");
    auto* epochBar = child<QProgressBar>(d, "epochProgress");
    auto* eta = child<QLabel>(d, "etaLabel");
    auto* epochLabel = child<QLabel>(d, "epochLabel");
    const QString english = QStringLiteral("Epoch %1 of %2").arg(epochs).arg(epochs);
    // As it is (English), then switched to Chinese and back.
    for (const QString& language : {QString(), QStringLiteral("zh_CN"), QStringLiteral("en")}) {
        if (!language.isEmpty())
            switchLanguage(language);
        QCOMPARE(runBar->value(), runBar->maximum());
        QCOMPARE(epochBar->value(), epochBar->maximum());
        QVERIFY2(eta->text().isEmpty(), qPrintable(eta->text()));
        QCOMPARE(epochLabel->text(), QCoreApplication::translate("ys::ui::Dashboard", "Epoch %1 of %2").arg(epochs).arg(epochs));
        QVERIFY(language == QStringLiteral("zh_CN") ? epochLabel->text() != english : epochLabel->text() == english);
    }
}

}  // namespace

class TestDashboardRun final : public QObject {
    Q_OBJECT

private slots:
    void showsARunFromItsFiles();
    void followsARunBeingWritten();
    void marksStageStarts();
    void showsEveryRankOfADataParallelRun();
    void finishedRunKeepsItsProgressOnALanguageSwitch();
    void endedLiveRunKeepsItsProgressOnALanguageSwitch();
    void previewPredictsAsTheRunValidates();
};

void TestDashboardRun::showsARunFromItsFiles()
{
    QTemporaryDir dir;
    ys::test::FakeRun f;
    f.epochsDone = 3;
    f.epochsTotal = 5;
    f.kinds = {ys::EventKind::Start, ys::EventKind::OomRecovered, ys::EventKind::Stopped, ys::EventKind::Finish};
    const QString runDir = ys::test::writeFakeRun(dir.filePath("exp"), f);
    auto run = ys::readRun(runDir.toStdString());
    QVERIFY(run);
    QCOMPARE(run->status, ys::RunStatus::StoppedByUser);

    Dashboard d;
    d.resize(1200, 800);
    d.showRun(*run);
    QCOMPARE(d.shownRun().dir, run->dir);
    QCOMPARE(child<EpochTableModel>(d, "epochModel")->rowCount(), 3);
    for (int s : {LossChart::TrainBox, LossChart::TrainCls, LossChart::TrainDfl})
        QCOMPARE(d.lossChart()->pointCount(s), size_t(3));
    for (int s : {MetricsChart::Precision, MetricsChart::Recall, MetricsChart::Map50, MetricsChart::Map50_95})
        QCOMPARE(d.metricsChart()->pointCount(s), size_t(3));
    QCOMPARE(d.learningRateChart()->pointCount(LearningRateChart::Pg0), size_t(3));
    QCOMPARE(d.memoryChart()->pointCount(MemoryChart::Allocated), size_t(5));
    QCOMPARE(d.memoryChart()->markCount(), 1);   // the OOM recovery
    QCOMPARE(child<LogModel>(d, "logModel")->count(LogModel::Kind::OutOfMemory), 1);   // stands out in the log
    // 3 of 5 epochs; the status of the folder in words.
    QCOMPARE(child<QProgressBar>(d, "runProgress")->value(), child<QProgressBar>(d, "runProgress")->maximum() * 3 / 5);
    QCOMPARE(d.stateText(), RunText::status(ys::RunStatus::StoppedByUser, run->resumable));
    QVERIFY(run->resumable);
    QVERIFY(RunText::status(run->status, run->resumable).contains("resumable"));

    // Another run replaces it; clear() empties everything.
    d.clear();
    QCOMPARE(child<EpochTableModel>(d, "epochModel")->rowCount(), 0);
    QCOMPARE(d.lossChart()->pointCount(LossChart::TrainBox), size_t(0));
    QVERIFY(d.shownRun().dir.empty());
}

void TestDashboardRun::followsARunBeingWritten()
{
    QTemporaryDir dir;
    ys::test::FakeRun f;
    f.epochsDone = 1;
    f.epochsTotal = 4;
    f.kinds = {ys::EventKind::Start};
    const QString runDir = ys::test::writeFakeRun(dir.filePath("live"), f);
    auto run = ys::readRun(runDir.toStdString());
    QVERIFY(run);
    Dashboard d;
    d.showRun(*run);
    ys::RunTail tail(run->dir);
    tail.poll();   // what readRun read
    QVERIFY(!d.applyTail(tail.poll()));   // nothing new

    // The writer finishes epochs 2 and 3 (results.csv rewritten whole, as the trainer does) and logs an event.
    ys::ResultsCsv csv((runDir + "/results.csv").toStdString());
    QVERIFY(!csv.load(1));
    QVERIFY(!csv.append(ys::test::fakeRow(2)));
    QVERIFY(!csv.append(ys::test::fakeRow(3)));
    ys::EventLog log((runDir + "/events.jsonl").toStdString());
    ys::TrainEvent best;
    best.kind = ys::EventKind::Best;
    best.message = "best";
    best.epoch = 3;
    best.time = 31;
    log.append(best);
    const int logged = child<LogModel>(d, "logModel")->rowCount();
    QVERIFY(d.applyTail(tail.poll()));
    QCOMPARE(child<EpochTableModel>(d, "epochModel")->rowCount(), 3);
    QCOMPARE(d.lossChart()->pointCount(LossChart::TrainBox), size_t(3));
    QCOMPARE(d.metricsChart()->pointCount(MetricsChart::Map50), size_t(3));
    QCOMPARE(child<LogModel>(d, "logModel")->rowCount(), logged + 1);
    QCOMPARE(d.shownRun().rows.size(), size_t(3));
    QCOMPARE(child<QProgressBar>(d, "runProgress")->value(), child<QProgressBar>(d, "runProgress")->maximum() * 3 / 4);

    // memory.csv replaced by a shorter, different timeline (a new session): the chart starts over.
    ys::test::writeText(runDir + "/memory.csv", std::string(ys::memory::sampleCsvHeader()) + "\n"
                                                    + [] {
                                                          ys::memory::MemorySample s;
                                                          s.time = 0.25;
                                                          s.allocated = 77;
                                                          s.reserved = 88;
                                                          s.peak = 99;
                                                          return ys::memory::formatSampleRow(s);
                                                      }() + "\n");
    QVERIFY(d.applyTail(tail.poll()));
    QCOMPARE(d.memoryChart()->pointCount(MemoryChart::Allocated), size_t(1));
    QCOMPARE(child<EpochTableModel>(d, "epochModel")->rowCount(), 3);   // redrawn from what is held
    QCOMPARE(d.lossChart()->pointCount(LossChart::TrainBox), size_t(3));
}

void TestDashboardRun::marksStageStarts()
{
    // Stage events draw a mark on every chart: the epoch charts where the stage begins (not again for a resume
    // inside it), the time charts at the event; the memory chart only within the session it shows.
    Dashboard d;
    const auto event = [](ys::EventKind kind, double time, const ys::StageDetails& details) {
        ys::TrainEvent e;
        e.kind = kind;
        e.time = time;
        if (kind == ys::EventKind::Stage)
            e.detailsJson = ys::detailsJson(details);
        return e;
    };
    ys::StageDetails one{1, 2, 320, 32, 2, 10, 1, "off", {}, false};
    ys::StageDetails two{2, 2, 640, 8, 8, 80, 11, "backbone", {{"mosaic", "0"}}, false};
    d.addEvent(event(ys::EventKind::Start, 5, {}));
    d.addEvent(event(ys::EventKind::Stage, 5.5, one));
    d.addEvent(event(ys::EventKind::Stage, 300, two));
    QCOMPARE(d.lossChart()->markCount(), 2);
    QCOMPARE(d.metricsChart()->markCount(), 2);
    QCOMPARE(d.learningRateChart()->markCount(), 2);
    QCOMPARE(d.throughputChart()->markCount(), 2);
    QCOMPARE(d.memoryChart()->markCount(), 2);
    // A resume inside stage 2, in a new session: no second mark on the epoch charts.
    two.resumed = true;
    d.addEvent(event(ys::EventKind::Resume, 400, {}));
    d.addEvent(event(ys::EventKind::Stage, 401, two));
    QCOMPARE(d.lossChart()->markCount(), 2);
    QCOMPARE(d.throughputChart()->markCount(), 3);
    QCOMPARE(d.memoryChart()->markCount(), 3);
    QCOMPARE(Dashboard::stageMarkText(two), QStringLiteral("Stage 2: 640 px, batch 8"));
    // An event of another kind is no stage.
    QVERIFY(!ys::stageDetails(event(ys::EventKind::Start, 1, {})));
}

// A run of three processes (environment.json's world; rank 0 wrote memory.csv, memory_rank1.csv and
// memory_rank2.csv): one memory line per rank named by its device, the world batch in words, and new samples
// of every rank followed; a one-process run shows none of it.
void TestDashboardRun::showsEveryRankOfADataParallelRun()
{
    QTemporaryDir dir;
    ys::test::FakeRun f;
    f.kinds = {ys::EventKind::Start};
    f.batch = 48;
    f.eventBatch = 48;
    const QString runDir = ys::test::writeFakeRun(dir.filePath("dp"), f);
    const auto file = [&](int rank) { return (runDir + "/" + QString::fromStdString(ys::memory::memoryCsvName(rank))).toStdString(); };
    QVERIFY(!ys::writeFileAtomic(file(0), ys::test::memoryCsv(4, 100)));
    QVERIFY(!ys::writeFileAtomic(file(1), ys::test::memoryCsv(4, 110)));
    QVERIFY(!ys::writeFileAtomic(file(2), ys::test::memoryCsv(3, 120)));
    ys::EnvironmentInfo env;
    env.device = "cuda:0";
    env.world.size = 3;
    env.world.backend = "nccl";
    env.world.launcher = "studio";
    env.world.devices = {"cuda:0", "cuda:1", "cuda:2"};
    QVERIFY(!ys::writeFileAtomic((runDir + "/environment.json").toStdString(), ys::environmentToJson(env)));
    auto run = ys::readRun(runDir.toStdString());
    QVERIFY(run);
    QCOMPARE(run->rankMemory.size(), size_t(7));

    Dashboard d;
    d.resize(1200, 800);
    d.showRun(*run);
    MemoryChart* chart = d.memoryChart();
    QCOMPARE(chart->rankCount(), 2);
    QCOMPARE(chart->pointCount(MemoryChart::Allocated), size_t(4));
    QCOMPARE(chart->pointCount(chart->rankSeries(1)), size_t(4));
    QCOMPARE(chart->pointCount(chart->rankSeries(2)), size_t(3));
    QCOMPARE(chart->yData(chart->rankSeries(2)).back(), 360.0);
    QCOMPARE(chart->seriesName(chart->rankSeries(1)), QStringLiteral("rank 1 · cuda:1"));
    QCOMPARE(chart->seriesName(MemoryChart::Allocated), QStringLiteral("allocated"));
    QVERIFY(chart->inLegend(chart->rankSeries(2)));
    QCOMPARE(d.worldProcesses(), 3);
    QLabel* world = child<QLabel>(d, "worldLabel");
    QVERIFY(!world->isHidden());
    QCOMPARE(world->text(), QStringLiteral("Data parallel: 3 × 16 = 48 images per step"));
    QCOMPARE(RunText::world(env.world), QStringLiteral("3 processes on one machine, nccl, started by YOLO Studio"));
    QCOMPARE(RunText::worldDevices(env.world), QStringLiteral("rank 0: cuda:0, rank 1: cuda:1, rank 2: cuda:2"));

    // Followed: the next epoch rewrites every rank's file with more samples.
    ys::RunTail tail(run->dir);
    tail.poll();   // what readRun read
    QVERIFY(!ys::writeFileAtomic(file(1), ys::test::memoryCsv(6, 110)));
    QVERIFY(!ys::writeFileAtomic(file(2), ys::test::memoryCsv(5, 120)));
    QVERIFY(d.applyTail(tail.poll()));
    QCOMPARE(chart->pointCount(chart->rankSeries(1)), size_t(6));
    QCOMPARE(chart->pointCount(chart->rankSeries(2)), size_t(5));
    QCOMPARE(chart->pointCount(MemoryChart::Allocated), size_t(4));

    // A one-process run: no rank lines (they leave the legend), no world label, plain series names.
    QTemporaryDir other;
    auto single = ys::readRun(ys::test::writeFakeRun(other.filePath("one")).toStdString());
    QVERIFY(single);
    d.showRun(*single);
    QCOMPARE(chart->rankCount(), 0);
    QCOMPARE(chart->rankSeries(1), -1);
    QVERIFY(world->isHidden());
    QCOMPARE(chart->seriesName(MemoryChart::Allocated), QStringLiteral("allocated"));
    QVERIFY(d.worldText().isEmpty());

    // Live (the Train page): samples of every rank arrive mixed, each goes to its rank's line.
    d.clear();
    d.setWorld(2, Dashboard::rankDevices("cpu", 2), 32);
    QCOMPARE(world->text(), QStringLiteral("Data parallel: 2 × 16 = 32 images per step"));
    QCOMPARE(Dashboard::rankDevices("0,1", 2), (std::vector<std::string>{"cuda:0", "cuda:1"}));
    QVERIFY(Dashboard::rankDevices("0,1", 3).empty());
    MemorySamples live(3);
    live[0].time = 1;
    live[1].time = 1;
    live[1].rank = 1;
    live[1].windowPeak = 7;
    live[2].time = 2;
    d.addMemory(live);
    QCOMPARE(chart->pointCount(MemoryChart::Allocated), size_t(2));
    QCOMPARE(chart->pointCount(chart->rankSeries(1)), size_t(1));
    QCOMPARE(chart->seriesName(chart->rankSeries(1)), QStringLiteral("rank 1 · cpu"));
}

// Switches the UI language as the Language menu does (the translators, then LanguageChange to every widget).
static void switchLanguage(const QString& code)
{
    QVERIFY(installTranslators(code));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
}

// A finished run shown from its folder: both bars full and no time left, in either language. Switching to
// 简体中文 used to recompute the bars from the live progress (empty: 0%).
void TestDashboardRun::finishedRunKeepsItsProgressOnALanguageSwitch()
{
    QTemporaryDir dir;
    ys::test::FakeRun f;
    f.epochsDone = 5;
    f.epochsTotal = 5;
    auto run = ys::readRun(ys::test::writeFakeRun(dir.filePath("exp"), f).toStdString());
    QVERIFY(run);
    Dashboard d;
    d.showRun(*run);
    keepsItsEndAcrossALanguageSwitch(d, 5);
}

// The predictions preview of a live run predicts as the run validates: its image size, max_det, nms (false:
// YOLO26's one-to-one head) and agnostic_nms, on rank 0's device of a data-parallel run; at predict's conf 0.25.
void TestDashboardRun::previewPredictsAsTheRunValidates()
{
    Dashboard d;
    ys::TrainConfig cfg;
    cfg.imgsz = 320;
    cfg.max_det = 100;
    cfg.nms = false;
    cfg.agnostic_nms = true;
    cfg.device = "cpu";
    d.beginRun(cfg, 0);
    const ys::PredictImagesOptions& o = d.preview()->inference();
    QCOMPARE(o.imgsz, 320);
    QCOMPARE(o.maxDet, 100);
    QCOMPARE(o.nms, false);
    QCOMPARE(o.agnosticNms, true);
    QCOMPARE(o.conf, 0.25);
    QCOMPARE(o.device, std::string("cpu"));
    QVERIFY2(d.preview()->toolTip().contains("one-to-one head without NMS") &&
                 d.preview()->toolTip().contains("class-agnostic"),
             qPrintable(d.preview()->toolTip()));
    cfg = ys::TrainConfig{};
    cfg.device = "0,1";
    d.beginRun(cfg, 0);
    QCOMPARE(d.preview()->inference().nms, true);
    QCOMPARE(d.preview()->inference().agnosticNms, false);
    QCOMPARE(d.preview()->inference().device, std::string("cuda:0"));
    QCOMPARE(d.preview()->toolTip(), QString("Predictions of the best weights above confidence 0.25, after NMS."));
}

// A run trained here that has ended: its bars stay where it ended and no time is left. Switching the
// language used to compute a time left from the last epoch's validation time ("约剩 1 秒").
void TestDashboardRun::endedLiveRunKeepsItsProgressOnALanguageSwitch()
{
    Dashboard d;
    ys::TrainConfig cfg;
    cfg.epochs = 2;
    d.beginRun(cfg, 0);
    auto* runBar = child<QProgressBar>(d, "runProgress");
    auto* epochBar = child<QProgressBar>(d, "epochProgress");
    auto* eta = child<QLabel>(d, "etaLabel");
    double t = 0;
    for (int epoch = 1; epoch <= 2; ++epoch) {
        for (int batch = 1; batch <= 4; ++batch) {
            ys::BatchProgress p;
            p.epoch = epoch;
            p.epochs = 2;
            p.batch = batch;
            p.batches = 4;
            p.elapsed = t += 0.5;
            d.addBatch(p);
        }
        ys::EpochResult row;
        row.epoch = epoch;
        row.time = t += 1.5;   // validation and checkpoint: 1.5 s
        d.addEpoch(row, {});
        if (epoch == 1) {
            QVERIFY(!eta->text().isEmpty());   // training: the time left is shown
            QCOMPARE(runBar->value(), runBar->maximum() / 2);
        }
    }
    d.endRun();
    keepsItsEndAcrossALanguageSwitch(d, 2);
}

QTEST_MAIN(TestDashboardRun)
#include "test_dashboardrun.moc"

