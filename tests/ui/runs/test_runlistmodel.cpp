// The Runs page's models and pure parts on run folders written by hand through the real writers: the run
// list (QAbstractItemModelTester, also through the filter proxy, while rows are updated, added and
// removed), what each status, a foreign and an Ultralytics folder show, sorting and filtering; the detail
// tables (events, settings, per class); the fit view; compare curves; the resume plan; and that the texts
// cover core's catalogues.
#include "runfixtures.h"
#include "testsupport.h"

#include "fit/fit.h"
#include "run/reader.h"
#include "ui/fit/fittext.h"
#include "ui/runs/resumedialog.h"
#include "ui/runs/runcompare.h"
#include "ui/runs/rundetailmodels.h"
#include "ui/runs/runfitview.h"
#include "ui/runs/runlistmodel.h"
#include "ui/common/runtext.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPersistentModelIndex>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

using namespace ys::ui;
using ys::EventKind;
using ys::RunStatus;

class TestRunListModel final : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void modelTester();
    void showsEachStatus_data();
    void showsEachStatus();
    void foreignAndUltralyticsFolders();
    void truncatedRunSaysWhatIsWrong();
    void refreshUpdatesInPlace();
    void filterAndSort();
    void rootErrorAndRemoval();
    void eventsModel();
    void settingsModel();
    void classMetricsModel();
    void fitView();
    void compareOverlaysTwoRuns();
    void compareNamesTellRunsApart();
    void resumePlan();
    void textsCoverCoreCatalogues();

private:
    ys::RunList list() const;
    int rowOf(const RunListModel& m, const QString& name) const;
    QTemporaryDir tmp_;
    QString project_;
};

namespace {

ys::RunRecord read(const QString& dir)
{
    auto r = ys::readRun(dir.toStdString());
    if (!r)
        qFatal("%s", r.error().toString().c_str());
    return std::move(*r);
}

}  // namespace

void TestRunListModel::initTestCase()
{
    QVERIFY(tmp_.isValid());
    project_ = tmp_.filePath("project");
    using ys::test::FakeRun;
    ys::test::writeFakeRun(project_ + "/finished");
    FakeRun stopped;
    stopped.epochsDone = 2;
    stopped.epochsTotal = 5;
    stopped.kinds = {EventKind::Start, EventKind::Stopped, EventKind::Finish};
    ys::test::writeFakeRun(project_ + "/stopped", stopped);
    FakeRun killed;
    killed.epochsDone = 4;
    killed.epochsTotal = 10;
    killed.kinds = {EventKind::Start};
    killed.startWall = 1.8e9;
    ys::test::writeFakeRun(project_ + "/killed", killed);
    ys::test::writeDeadLock(project_ + "/killed");
    FakeRun failed;
    failed.epochsDone = 1;
    failed.kinds = {EventKind::Start, EventKind::Error};
    failed.startWall = 1.6e9;
    ys::test::writeFakeRun(project_ + "/failed", failed);
    FakeRun early;
    early.epochsDone = 6;
    early.epochsTotal = 50;
    early.kinds = {EventKind::Start, EventKind::EarlyStop, EventKind::Finish};
    ys::test::writeFakeRun(project_ + "/early", early);
    // A finished run whose last events line a kill cut in half: the "finish" line is lost.
    ys::test::writeFakeRun(project_ + "/truncated");
    QFile events(project_ + "/truncated/events.jsonl");
    QVERIFY(events.open(QIODevice::ReadOnly));
    QByteArray bytes = events.readAll();
    events.close();
    const int lastStart = bytes.lastIndexOf('\n', bytes.size() - 2) + 1;
    bytes.truncate(lastStart + (bytes.size() - lastStart) / 2);
    QVERIFY(events.open(QIODevice::WriteOnly | QIODevice::Truncate));
    events.write(bytes);
    events.close();
    // Not runs: a folder of pictures, and Ultralytics' layout runs/detect/train.
    QVERIFY(ys::test::writeText(project_ + "/holiday-photos/readme.txt", "not a run\n"));
    ys::test::writeUltralyticsRun(project_ + "/detect/train", 3, 3);
}

ys::RunList TestRunListModel::list() const
{
    auto l = ys::listRuns(project_.toStdString());
    if (!l)
        qFatal("%s", l.error().toString().c_str());
    return std::move(*l);
}

int TestRunListModel::rowOf(const RunListModel& m, const QString& name) const
{
    for (int row = 0; row < m.rowCount(); ++row)
        if (m.index(row, RunListModel::NameColumn).data().toString() == name)
            return row;
    return -1;
}

void TestRunListModel::modelTester()
{
    RunListModel model;
    RunListProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester t1(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRuns(project_, list());
    QCOMPARE(model.runCount(), 7);     // six studio runs and detect/train
    QCOMPARE(model.foreignCount(), 1); // holiday-photos
    proxy.sort(RunListModel::Map50_95Column, Qt::DescendingOrder);
    proxy.setStatusMask(RunListModel::FinishedBit);
    proxy.setText(QStringLiteral("fin"));
    proxy.setStatusMask(RunListModel::AllStatuses);
    proxy.setText({});
    // Updates through the tester: one run read again, one new, one gone, then everything gone.
    model.updateRun(project_, read(project_ + "/finished"));
    ys::RunList l = list();
    l.runs.erase(l.runs.begin());
    model.setRuns(project_, l);
    QCOMPARE(model.runCount(), 6);
    model.setRuns(project_, list());
    QCOMPARE(model.runCount(), 7);
    model.retranslate();
    model.removeRoot(project_);
    QCOMPARE(model.rowCount(), 0);
}

void TestRunListModel::showsEachStatus_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("status");
    QTest::addColumn<bool>("resumable");
    QTest::addColumn<QString>("epochs");
    QTest::addColumn<unsigned>("bit");
    QTest::newRow("finished") << "finished" << "Finished" << false << "3/3" << unsigned(RunListModel::FinishedBit);
    QTest::newRow("stopped") << "stopped" << "Stopped · resumable" << true << "2/5" << unsigned(RunListModel::StoppedBit);
    QTest::newRow("killed") << "killed" << "Interrupted · resumable" << true << "4/10"
                            << unsigned(RunListModel::InterruptedBit);
    // core: a failed studio run with last.pt and epochs left can be resumed
    QTest::newRow("failed") << "failed" << "Failed · resumable" << true << "1/3" << unsigned(RunListModel::FailedBit);
    QTest::newRow("early") << "early" << "Stopped early" << false << "6/50" << unsigned(RunListModel::FinishedBit);
}

void TestRunListModel::showsEachStatus()
{
    QFETCH(QString, name);
    QFETCH(QString, status);
    QFETCH(bool, resumable);
    QFETCH(QString, epochs);
    QFETCH(unsigned, bit);
    RunListModel model;
    model.setRuns(project_, list());
    const int row = rowOf(model, name);
    QVERIFY(row >= 0);
    auto at = [&](int column, int role = Qt::DisplayRole) { return model.index(row, column).data(role); };
    QCOMPARE(at(RunListModel::StatusColumn).toString(), status);
    QVERIFY(!at(RunListModel::StatusColumn, Qt::DecorationRole).value<QIcon>().isNull());
    QVERIFY(!at(RunListModel::StatusColumn, Qt::ToolTipRole).toString().isEmpty());
    QCOMPARE(at(0, RunListModel::ResumableRole).toBool(), resumable);
    QCOMPARE(at(0, RunListModel::StatusRole).toUInt(), bit);
    QCOMPARE(at(RunListModel::EpochsColumn).toString(), epochs);
    QCOMPARE(at(RunListModel::DatasetColumn).toString(), QString("shapes/data.yaml"));
    QCOMPARE(at(RunListModel::ModelColumn).toString(), QString("yolov8s.yaml"));
    QCOMPARE(at(0, RunListModel::DirRole).toString(), QDir::cleanPath(project_ + "/" + name));
    QCOMPARE(at(0, RunListModel::RootRole).toString(), project_);
    // fakeRow: mAP50-95 = 0.1 x epoch up to epoch 3, the best then; time from results.csv and events.
    const ys::RunRecord r = read(project_ + "/" + name);
    QCOMPARE(at(RunListModel::Map50_95Column).toString(), RunText::fraction(r.summary.bestMap50_95));
    QCOMPARE(at(RunListModel::Map50_95Column, RunListModel::SortRole).toDouble(), r.summary.bestMap50_95);
    QCOMPARE(at(RunListModel::PeakMemoryColumn, RunListModel::SortRole).toLongLong(), qlonglong(9000));
    QVERIFY(at(RunListModel::TimeColumn).toString().endsWith(" s"));
    QVERIFY(at(RunListModel::StartedColumn).toString() != QString("—"));
}

void TestRunListModel::foreignAndUltralyticsFolders()
{
    RunListModel model;
    model.setRuns(project_, list());
    const int photos = rowOf(model, "holiday-photos");
    QVERIFY(photos >= 0);
    QVERIFY(!model.index(photos, 0).data(RunListModel::IsRunRole).toBool());
    QCOMPARE(model.index(photos, RunListModel::StatusColumn).data().toString(), QString("Not a run"));
    QCOMPARE(model.index(photos, 0).data(RunListModel::StatusRole).toUInt(), unsigned(RunListModel::NotARunBit));
    QVERIFY(model.index(photos, RunListModel::ProblemsColumn).data().toString().startsWith("Not a run folder"));
    QVERIFY(model.index(photos, RunListModel::Map50Column).data().toString().isEmpty());

    const int train = rowOf(model, "train");
    QVERIFY(train >= 0);
    QCOMPARE(model.index(train, RunListModel::StatusColumn).data().toString(), QString("Finished"));
    QCOMPARE(model.index(train, RunListModel::DatasetColumn).data().toString(), QString("coco128.yaml"));
    QCOMPARE(model.index(train, RunListModel::ModelColumn).data().toString(), QString("yolov8n.pt"));
    QCOMPARE(model.index(train, RunListModel::EpochsColumn).data().toString(), QString("3/3"));
    QCOMPARE(model.index(train, 0).data(RunListModel::DirRole).toString(), QDir::cleanPath(project_ + "/detect/train"));
    QCOMPARE(model.index(train, RunListModel::PeakMemoryColumn).data().toString(), QString("—"));
    QCOMPARE(model.entry(train)->record.origin, ys::RunOrigin::Ultralytics);
    // "detect" itself is a folder of runs: not listed as foreign.
    QCOMPARE(rowOf(model, "detect"), -1);
}

void TestRunListModel::truncatedRunSaysWhatIsWrong()
{
    RunListModel model;
    model.setRuns(project_, list());
    const int row = rowOf(model, "truncated");
    QVERIFY(row >= 0);
    QCOMPARE(model.index(row, RunListModel::StatusColumn).data().toString(), QString("Interrupted"));
    QCOMPARE(model.index(row, 0).data(RunListModel::ProblemCountRole).toInt(), 1);
    const QString problem = model.index(row, RunListModel::ProblemsColumn).data().toString();
    QVERIFY2(problem.startsWith("events.jsonl, line 2: The last line of events.jsonl was cut off"), qPrintable(problem));
    QVERIFY(model.index(row, RunListModel::ProblemsColumn).data(Qt::ToolTipRole).toString().contains("cut off"));
    // Runs without problems say nothing there.
    QVERIFY(model.index(rowOf(model, "finished"), RunListModel::ProblemsColumn).data().toString().isEmpty());
}

void TestRunListModel::refreshUpdatesInPlace()
{
    QTemporaryDir dir;
    ys::test::FakeRun f;
    f.epochsDone = 1;
    f.epochsTotal = 5;
    f.kinds = {EventKind::Start};
    ys::test::writeFakeRun(dir.filePath("a"), f);
    ys::test::writeFakeRun(dir.filePath("b"));
    RunListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto listed = [&] { return std::move(*ys::listRuns(dir.path().toStdString())); };
    model.setRuns(dir.path(), listed());
    QCOMPARE(model.rowCount(), 2);
    const QPersistentModelIndex a = model.index(rowOf(model, "a"), RunListModel::EpochsColumn);
    QCOMPARE(a.data().toString(), QString("1/5"));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // Run "a" got two more epochs, "c" appeared, "b" was deleted.
    f.epochsDone = 3;
    ys::test::writeFakeRun(dir.filePath("a"), f);
    ys::test::writeFakeRun(dir.filePath("c"));
    QVERIFY(QDir(dir.filePath("b")).removeRecursively());
    model.setRuns(dir.path(), listed());
    QCOMPARE(reset.count(), 0);      // no reset: selections survive
    QVERIFY(changed.count() >= 1);
    QVERIFY(a.isValid());
    QCOMPARE(a.data().toString(), QString("3/5"));
    QCOMPARE(model.rowCount(), 2);
    QVERIFY(rowOf(model, "c") >= 0);
    QCOMPARE(rowOf(model, "b"), -1);
    // One run read again by itself.
    f.epochsDone = 4;
    ys::test::writeFakeRun(dir.filePath("a"), f);
    model.updateRun(dir.path(), read(dir.filePath("a")));
    QCOMPARE(a.data().toString(), QString("4/5"));
    QVERIFY(model.entry(a.row())->record.rows.empty());   // the list keeps summaries only
    model.removeRun(dir.filePath("a"));
    QVERIFY(!a.isValid());
    QCOMPARE(model.rowCount(), 1);
}

void TestRunListModel::filterAndSort()
{
    RunListModel model;
    RunListProxy proxy;
    proxy.setSourceModel(&model);
    model.setRuns(project_, list());
    auto names = [&] {
        QStringList out;
        for (int r = 0; r < proxy.rowCount(); ++r)
            out << proxy.index(r, RunListModel::NameColumn).data().toString();
        return out;
    };
    proxy.setStatusMask(RunListModel::InterruptedBit);
    const QStringList interrupted = names();
    QCOMPARE(QSet<QString>(interrupted.begin(), interrupted.end()), (QSet<QString>{"killed", "truncated"}));
    proxy.setStatusMask(RunListModel::NotARunBit);
    QCOMPARE(names(), QStringList{"holiday-photos"});
    proxy.setStatusMask(RunListModel::AllStatuses);
    proxy.setText("coco128");   // the dataset of the Ultralytics run
    QCOMPARE(names(), QStringList{"train"});
    proxy.setText("STOP");      // case-insensitive, the folder name counts
    QCOMPARE(names(), QStringList{"stopped"});
    proxy.setText("shapes kil");   // every word must match
    QCOMPARE(names(), QStringList{"killed"});
    proxy.setText({});
    QCOMPARE(proxy.rowCount(), model.rowCount());

    // Started: the oldest (1.6e9) and newest (1.8e9) ends; "not a run" sorts after every run by status.
    proxy.sort(RunListModel::StartedColumn, Qt::AscendingOrder);
    QCOMPARE(names().indexOf("failed") < names().indexOf("killed"), true);
    proxy.sort(RunListModel::StatusColumn, Qt::AscendingOrder);
    QCOMPARE(names().last(), QString("holiday-photos"));
    QCOMPARE(names().indexOf("killed") < names().indexOf("finished"), true);   // what needs attention first
    // mAP50-95: runs without a validated epoch (the foreign folder) sort below 0.
    proxy.sort(RunListModel::Map50_95Column, Qt::AscendingOrder);
    QCOMPARE(names().first(), QString("holiday-photos"));
    proxy.sort(RunListModel::Map50_95Column, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, RunListModel::Map50_95Column).data().toString(), QString("0.300"));
}

void TestRunListModel::rootErrorAndRemoval()
{
    RunListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRuns(project_, list());
    const QString gone = tmp_.filePath("gone");
    auto missing = ys::listRuns(gone.toStdString());
    QVERIFY(!missing.ok());
    model.setRootError(gone, missing.error());
    const int row = model.rowOf(gone);
    QVERIFY(row >= 0);
    QCOMPARE(model.index(row, RunListModel::ProblemsColumn).data().toString(),
             QString("The folder does not exist or cannot be read."));
    QCOMPARE(model.roots(), (QStringList{project_, gone}));
    model.removeRoot(gone);
    QCOMPARE(model.roots(), QStringList{project_});
    QCOMPARE(model.foreignCount(), 1);
}

void TestRunListModel::eventsModel()
{
    const ys::RunRecord r = read(project_ + "/stopped");
    RunEventsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setEvents(r.events);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0, RunEventsModel::KindColumn).data().toString(), QString("Start"));
    QCOMPARE(model.index(1, RunEventsModel::KindColumn).data().toString(), QString("Stopped"));
    QCOMPARE(model.index(1, RunEventsModel::EpochColumn).data().toString(), QString("2"));
    QCOMPARE(model.index(0, RunEventsModel::EpochColumn).data().toString(), QString("—"));
    QCOMPARE(model.index(1, RunEventsModel::MessageColumn).data().toString(), QString("stopped happened"));
    QCOMPARE(model.index(1, RunEventsModel::KindColumn).data(Qt::ToolTipRole).toString(),
             QString::fromLatin1(ys::eventKindInfo(EventKind::Stopped).meaning));
    QVERIFY(model.index(0, RunEventsModel::MessageColumn).data(Qt::ToolTipRole).toString().contains("\"device\":\"cpu\""));
    QCOMPARE(model.count(ys::Severity::Warning), 0);
    ys::TrainEvent oom;
    oom.kind = EventKind::OomRecovered;
    oom.epoch = 3;
    oom.batch = 7;
    oom.message = "out of memory";
    model.addEvents({oom});
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.count(ys::Severity::Warning), 1);
    QCOMPARE(model.index(3, RunEventsModel::BatchColumn).data().toString(), QString("7"));
    QCOMPARE(model.index(3, 0).data(RunEventsModel::EventKindRole).toString(), QString("oom_recovered"));
    QVERIFY(model.index(3, 0).data(Qt::ForegroundRole).isValid());   // warnings stand out
    model.retranslate();
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestRunListModel::settingsModel()
{
    const ys::RunRecord r = read(project_ + "/detect/train");   // Ultralytics' args.yaml: unknown keys
    RunSettingsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSettings(r.args, r.unknownArgs, r.hasArgs);
    QCOMPARE(model.rowCount(), static_cast<int>(ys::configKeys().size() + r.unknownArgs.size()));
    auto rowOfKey = [&](const QString& key) {
        for (int row = 0; row < model.rowCount(); ++row)
            if (model.index(row, 0).data(RunSettingsModel::KeyRole).toString() == key)
                return row;
        return -1;
    };
    // The changed keys are exactly core's changedKeys(), marked; the others are not.
    const std::vector<std::string> changed = r.args.changedKeys();
    QCOMPARE(model.changedCount(), static_cast<int>(changed.size()));
    const int modelRow = rowOfKey("model");
    QVERIFY(model.index(modelRow, 0).data(RunSettingsModel::ChangedRole).toBool());
    QCOMPARE(model.index(modelRow, RunSettingsModel::ValueColumn).data().toString(), QString("yolov8n.pt"));
    QCOMPARE(model.index(modelRow, RunSettingsModel::DefaultColumn).data().toString(), QString("yolov8n.yaml"));
    QVERIFY(model.index(modelRow, RunSettingsModel::ValueColumn).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(model.index(modelRow, 0).data(Qt::BackgroundRole).isValid());
    const int lr0 = rowOfKey("lr0");
    QVERIFY(!model.index(lr0, 0).data(RunSettingsModel::ChangedRole).toBool());
    QVERIFY(!model.index(lr0, 0).data(Qt::BackgroundRole).isValid());
    QCOMPARE(model.index(lr0, RunSettingsModel::HelpColumn).data().toString(), QString("initial learning rate"));
    // Ultralytics' own keys are listed, not dropped.
    const int task = rowOfKey("task");
    QVERIFY(task >= 0);
    QVERIFY(model.index(task, 0).data(RunSettingsModel::UnknownRole).toBool());
    QVERIFY(model.index(task, RunSettingsModel::HelpColumn).data().toString().startsWith("Not used by YOLO Studio"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestRunListModel::classMetricsModel()
{
    ys::RunMetrics rm;
    rm.epoch = 7;
    rm.fitness = 0.41;
    rm.names = {"cat", "dog", ""};
    rm.metrics.precision = 0.8;
    rm.metrics.recall = 0.6;
    rm.metrics.map50 = 0.7;
    rm.metrics.map50_95 = 0.4;
    rm.metrics.perClass = {{0, 10, 25, 0.9, 0.5, 0.8, 0.5, {}}, {2, 4, 6, 0.7, 0.7, 0.6, 0.3, {}}};
    ClassMetricsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setMetrics(rm);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0, ClassMetricsModel::ClassColumn).data().toString(), QString("all classes"));
    QCOMPARE(model.index(0, ClassMetricsModel::InstancesColumn).data().toString(), QString("31"));
    QCOMPARE(model.index(0, ClassMetricsModel::ImagesColumn).data().toString(), QString("—"));
    QCOMPARE(model.index(0, ClassMetricsModel::Map50_95Column).data().toString(), QString("0.400"));
    QCOMPARE(model.index(1, ClassMetricsModel::ClassColumn).data().toString(), QString("cat"));
    QCOMPARE(model.index(1, ClassMetricsModel::PrecisionColumn).data().toString(), QString("0.900"));
    QCOMPARE(model.index(2, ClassMetricsModel::ClassColumn).data().toString(), QString("class 2"));   // no name
    QCOMPARE(model.index(2, 0).data(ClassMetricsModel::ClassIdRole).toInt(), 2);
    QCOMPARE(model.index(2, ClassMetricsModel::Map50Column).data(ClassMetricsModel::SortRole).toDouble(), 0.6);
    model.retranslate();
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestRunListModel::fitView()
{
    ys::fit::FitResult r;
    r.recommended = {24, 512, true, "fp16", 3, 9'500'000'000, true};
    r.budgetBytes = 10'000'000'000;
    r.deviceTotalBytes = 12'884'901'888;
    r.margin = 0.05;
    r.device = "cuda:0";
    r.target = "rtx3060";
    r.certainty = "measured";
    r.uncertainty = 0.03;
    r.table.push_back({'s', 640, false, 12, 9'000'000'000});
    r.breakdown.weights = 12'000'000;
    // A note as the fit writes it: a code, which the view shows in the UI's words (FitText), not fit.json's English.
    ys::fit::FitNote note;
    for (const ys::fit::FitNoteCode& k : ys::fit::fitNoteCodes())
        if (std::string(k.code).rfind("fit.certainty.", 0) != 0 && std::string(k.text).find('{') == std::string::npos) {
            note.code = k.code;
            break;
        }
    QVERIFY(!note.code.empty());
    r.fitNotes = {note};
    r.notes = {"English text of the note as fit.json keeps it"};
    RunFitView view;
    QVERIFY(view.plainText().contains("no fit.json"));
    view.setFitJson(ys::fit::fitResultToJson(r), "/runs/exp/fit.json");
    QVERIFY(view.hasFit());
    const QString text = view.plainText();
    QVERIFY2(text.contains("Batch 24 at 512 px with fp16, accumulating 3 batches (effective batch 72)."), qPrintable(text));
    QVERIFY(text.contains("8.8 GiB (± 3%)"));
    QVERIFY(text.contains("rtx3060"));
    const QStringList notes = FitText::notes(*view.result());
    QCOMPARE(notes.size(), 1);
    QVERIFY2(text.contains(notes.first()), qPrintable(notes.first()));
    QVERIFY(!text.contains("English text of the note"));
    QVERIFY(text.contains("11.4 MiB"));   // weights in the breakdown
    view.setFitJson("{\"recommended\": ", "/runs/exp/fit.json");
    QVERIFY(!view.hasFit());
    QVERIFY(view.error());
    QVERIFY(view.plainText().contains("fit.json cannot be read"));
    view.clear();
    QVERIFY(view.plainText().contains("no fit.json"));
}

void TestRunListModel::compareOverlaysTwoRuns()
{
    const ys::RunRecord a = read(project_ + "/finished");   // 3 epochs
    const ys::RunRecord b = read(project_ + "/early");      // 6 epochs
    std::vector<CompareRun> runs = {{"finished", a.rows}, {"early", b.rows}};
    const std::vector<CompareCurve> map = compareCurves(runs, CompareGroup::Map);
    QCOMPARE(map.size(), size_t(4));   // two runs x (mAP50-95, mAP50)
    QCOMPARE(map[0].run, 0);
    QCOMPARE(map[2].run, 1);
    QCOMPARE(map[0].name, QString("finished · mAP50-95"));
    QCOMPARE(map[3].name, QString("early · mAP50"));
    QCOMPARE(map[0].quantityIndex, 0);
    QCOMPARE(map[3].quantityIndex, 1);
    QCOMPARE(map[0].x, (std::vector<double>{1, 2, 3}));
    QCOMPARE(map[2].x.size(), size_t(6));
    QCOMPARE(map[2].y[5], b.rows[5].map50_95);
    const std::vector<CompareCurve> losses = compareCurves(runs, CompareGroup::TrainLoss);
    QCOMPARE(losses.size(), size_t(6));
    QCOMPARE(losses[1].y[0], a.rows[0].trainCls);
    // Validation quantities only for validated epochs; the curve stays (empty) so the legend names the run.
    std::vector<ys::EpochResult> unvalidated = a.rows;
    for (auto& row : unvalidated)
        row.validated = false;
    const auto none = compareCurves({{"x", unvalidated}}, CompareGroup::PrecisionRecall);
    QCOMPARE(none.size(), size_t(2));
    QVERIFY(none[0].x.empty());
    QCOMPARE(compareCurves({{"x", unvalidated}}, CompareGroup::TrainLoss)[0].x.size(), size_t(3));
    for (CompareGroup g : compareGroups())
        QVERIFY(!CompareText::group(g).isEmpty());
}

void TestRunListModel::compareNamesTellRunsApart()
{
    QCOMPARE(compareNames({"/p/exp", "/p/exp2"}), (std::vector<QString>{"exp", "exp2"}));
    QCOMPARE(compareNames({"/a/detect/train", "/b/segment/train"}),
             (std::vector<QString>{"detect/train", "segment/train"}));
}

void TestRunListModel::resumePlan()
{
    const ys::RunRecord stopped = read(project_ + "/stopped");
    QVERIFY(stopped.resumable);
    ResumePlan plan = planResume(stopped, {{"batch", "8"}, {"device", "cpu"}, {"epochs", "5"}});
    QVERIFY(plan.errors.empty());
    const ys::TrainConfig& c = plan.request.config;
    QCOMPARE(QString::fromStdString(c.resume), QDir::cleanPath(project_ + "/stopped/weights/last.pt"));
    QCOMPARE(c.batch, 8);
    QCOMPARE(c.imgsz, 320);                              // the run's own settings
    QCOMPARE(c.model, std::string("yolov8s.yaml"));
    QCOMPARE(c.data, std::string("/data/shapes/data.yaml"));
    QCOMPARE(plan.request.changedKeys, QStringList{"batch"});   // device and epochs are as the run had them
    QCOMPARE(plan.request.runName, QString("stopped"));
    QCOMPARE(plan.request.runDir, QDir::cleanPath(project_ + "/stopped"));

    plan = planResume(stopped, {{"lr0", "0.1"}});
    QCOMPARE(plan.errors.size(), size_t(1));
    QCOMPARE(plan.errors[0].code, std::string("config.lr0"));
    plan = planResume(stopped, {{"batch", "many"}});
    QCOMPARE(plan.errors.size(), size_t(1));
    QCOMPARE(plan.errors[0].code, std::string("config.batch"));
    plan = planResume(stopped, {{"epochs", "0"}});
    QVERIFY(!plan.errors.empty());
    QCOMPARE(plan.errors[0].code, std::string("config.epochs"));
    plan = planResume(read(project_ + "/finished"), {});
    QCOMPARE(plan.errors.size(), size_t(1));
    QCOMPARE(plan.errors[0].code, std::string("run.not_resumable"));

    // The dialog: each resumable key, checked as typed, OK only when valid.
    ResumeDialog dialog(stopped);
    for (const std::string& key : ys::resumableKeys())
        QVERIFY2(dialog.editor(QString::fromStdString(key)), key.c_str());
    QVERIFY(!dialog.editor("lr0"));
    QCOMPARE(dialog.values().value("batch"), QString("16"));
    dialog.setValue("batch", "many");
    QVERIFY(!dialog.errorText("batch").isEmpty());
    QVERIFY(!dialog.plan().errors.empty());
    dialog.setValue("batch", "4");
    QVERIFY(dialog.errorText("batch").isEmpty());
    QVERIFY(dialog.plan().errors.empty());
    QCOMPARE(dialog.plan().request.config.batch, 4);
}

void TestRunListModel::textsCoverCoreCatalogues()
{
    // Every event kind has a name and the catalogue's meaning (the English source of its translation).
    QSet<QString> names;
    for (const ys::EventKindInfo& k : ys::eventKinds()) {
        const QString name = RunText::eventKind(k.kind);
        QVERIFY2(!name.isEmpty(), k.name);
        names.insert(name);
        QCOMPARE(RunText::eventKindHelp(k.kind), QString::fromLatin1(k.meaning));
    }
    QCOMPARE(names.size(), static_cast<int>(ys::eventKinds().size()));
    for (RunStatus s : {RunStatus::NotARun, RunStatus::Running, RunStatus::Finished, RunStatus::StoppedByUser,
                        RunStatus::StoppedEarly, RunStatus::Interrupted, RunStatus::Failed}) {
        QVERIFY(!RunText::status(s, false).isEmpty());
        QVERIFY(!RunText::statusHelp(s, false).isEmpty());
        QVERIFY(!RunText::statusIcon(s, false).isNull());
    }
    // Each reading problem has its own sentence, never core's message alone.
    for (const char* code : {"run.cut_line", "run.empty_file", "run.unreadable", "run.too_large", "run.results_header",
                             "run.results_row", "run.events_line", "run.events_kind", "run.memory_header",
                             "run.memory_row", "run.metrics", "run.fit", "run.lock", "run.more_problems",
                             "run.not_a_run", "run.not_found"}) {
        const ys::Error e{code, "core says", "/r/exp/results.csv", 4, 0};
        QVERIFY2(RunText::problem(e) != QString("core says"), code);
    }
    QCOMPARE(RunText::place({"run.results_row", "", "/r/exp/results.csv", 4, 0}), QString("results.csv, line 4"));
    QCOMPARE(RunText::duration(42), QString("42 s"));
    QCOMPARE(RunText::duration(200), QString("3 min 20 s"));
    QCOMPARE(RunText::duration(3900), QString("1 h 05 min"));
    QCOMPARE(RunText::bytes(int64_t(3) << 30), QString("3.0 GiB"));
    QCOMPARE(RunText::bytes(0), QString("—"));
}

QTEST_MAIN(TestRunListModel)
#include "test_runlistmodel.moc"
