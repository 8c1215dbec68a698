// The dashboard showing a run from its files (the Runs page's API): Dashboard::showRun(readRun(dir)) fills
// every chart, the table and the log from results.csv, memory.csv and events.jsonl; applyTail() follows the
// run while a writer appends epochs, events and memory samples, and a rewritten memory.csv starts over.
#include "../../core/run/runfixtures.h"

#include "run/reader.h"
#include "ui/charts/trainingcharts.h"
#include "ui/common/runtext.h"
#include "ui/train/dashboard.h"
#include "ui/train/epochtablemodel.h"
#include "ui/train/logmodel.h"

#include <QProgressBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace ys::ui;

class TestDashboardRun final : public QObject {
    Q_OBJECT

private slots:
    void showsARunFromItsFiles();
    void followsARunBeingWritten();
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
    QCOMPARE(d.epochModel()->rowCount(), 3);
    for (int s : {LossChart::TrainBox, LossChart::TrainCls, LossChart::TrainDfl})
        QCOMPARE(d.lossChart()->pointCount(s), size_t(3));
    for (int s : {MetricsChart::Precision, MetricsChart::Recall, MetricsChart::Map50, MetricsChart::Map50_95})
        QCOMPARE(d.metricsChart()->pointCount(s), size_t(3));
    QCOMPARE(d.learningRateChart()->pointCount(LearningRateChart::Pg0), size_t(3));
    QCOMPARE(d.memoryChart()->pointCount(MemoryChart::Allocated), size_t(5));
    QCOMPARE(d.memoryChart()->markCount(), 1);   // the OOM recovery
    QCOMPARE(d.logModel()->count(LogModel::Kind::OutOfMemory), 1);   // stands out in the log
    // 3 of 5 epochs; the status of the folder in words.
    QCOMPARE(d.runProgress()->value(), d.runProgress()->maximum() * 3 / 5);
    QCOMPARE(d.stateText(), RunText::status(ys::RunStatus::StoppedByUser, run->resumable));
    QVERIFY(run->resumable);
    QVERIFY(RunText::status(run->status, run->resumable).contains("resumable"));

    // Another run replaces it; clear() empties everything.
    d.clear();
    QCOMPARE(d.epochModel()->rowCount(), 0);
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
    const int logged = d.logModel()->rowCount();
    QVERIFY(d.applyTail(tail.poll()));
    QCOMPARE(d.epochModel()->rowCount(), 3);
    QCOMPARE(d.lossChart()->pointCount(LossChart::TrainBox), size_t(3));
    QCOMPARE(d.metricsChart()->pointCount(MetricsChart::Map50), size_t(3));
    QCOMPARE(d.logModel()->rowCount(), logged + 1);
    QCOMPARE(d.shownRun().rows.size(), size_t(3));
    QCOMPARE(d.runProgress()->value(), d.runProgress()->maximum() * 3 / 4);

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
    QCOMPARE(d.epochModel()->rowCount(), 3);   // redrawn from what is held
    QCOMPARE(d.lossChart()->pointCount(LossChart::TrainBox), size_t(3));
}

QTEST_MAIN(TestDashboardRun)
#include "test_dashboardrun.moc"
