// The Runs page on run folders made by real short trainings (ys::train on a tiny generated dataset): a
// finished run, a run stopped by the user after its first epoch, and a truncated one (the finished run
// with the last line of events.jsonl cut by a "kill"), beside an Ultralytics-shaped and a foreign folder.
// The page lists them with the right status, opens each (settings, per-class results, events, problems),
// resumes the stopped one with the right config, follows a run that is being written, notices a new run
// folder by itself, moves a run to the trash only when asked — and leaves every other byte as it was. At the
// size it has in a 1280 × 800 window the page fits, the list as tall as its rows, each chart at least its own
// minimum with its legend whole,
// and Compare draws each run in its own colour, each quantity in its own line and marker, the legend under the
// plot, the epoch table no taller than its rows.
#include "runfixtures.h"
#include "smallrun.h"
#include "testsupport.h"

#include "run/reader.h"
#include "run/runfolder.h"
#include "run/runlock.h"
#include "train/trainer.h"
#include "ui/runs/resumedialog.h"
#include "ui/runs/runcompareview.h"
#include "ui/runs/rundetail.h"
#include "ui/runs/rundetailmodels.h"
#include "ui/runs/runfollower.h"
#include "ui/runs/runlistcontroller.h"
#include "ui/runs/runlistmodel.h"
#include "ui/report/reportexporter.h"
#include "ui/runs/runspage.h"
#include "ui/charts/serieschart.h"
#include "ui/charts/trainingcharts.h"
#include "ui/train/dashboard.h"
#include "ui/shell/language.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>

#include <QtTest>
#include <qcustomplot.h>

#include <optional>
#include <set>
#include "findchild.h"

using ys::test::child;

using namespace ys::ui;
using ys::RunStatus;

class TestRunsPage final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void listsFinishedStoppedTruncated();
    void opensEachRun();
    void exportsAReport();
    void compareOverlaysTwoRuns();
    void compareWarnsAcrossMetricsReleases();
    void chartsGetTheRoom();
    void resumeRoutesTheRightConfig();
    void resumeDialogChecksValues();
    void followsARunBeingWritten();
    void noticesANewRunFolder();
    void remembersFolders();
    void deleteAsksAndMovesToTrash();
    void retranslatesAtRunTime();
    void folderBytesUnchanged();

private:
    // Lists `project` on a fresh page and waits for it.
    bool listed(RunsPage& page, const QString& project);
    bool openAndWait(RunsPage& page, const QString& dir);
    int rowOf(RunsPage& page, const QString& name);

    QTemporaryDir tmp_;
    QString data_, project_;
    std::vector<std::pair<QString, QString>> hashesBefore_;
};

namespace {

// The Runs page's size in a 1280 × 800 main window (its 88 px page bar, menu bar and status bar taken off).
const QSize kPageAt1280x800(1192, 745);
// A chart of the opened run at least this high (SeriesChart's own minimum: title, axes, some data).
constexpr int kMinChartHeight = 140;
constexpr int kMinPlotHeight = 110;   // a chart's data area (its axis rect) at 1280x800

QString runDir(const QString& project, const char* name)
{
    return QDir::cleanPath(project + "/" + name);
}

void copyTree(const QString& from, const QString& to)
{
    QDirIterator it(from, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = to + file.mid(from.size());
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile::copy(file, target);
    }
}

}  // namespace

void TestRunsPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_ui_runspage"));
    QVERIFY(tmp_.isValid());
    data_ = ys::test::writeShapesDataset(tmp_.filePath("shapes"), 4, 64, 64);
    QVERIFY(!data_.isEmpty());
    project_ = tmp_.filePath("project");

    auto config = [&](const char* name, int epochs) {
        ys::TrainConfig c = ys::test::smallRunConfig(data_, project_, name);
        c.imgsz = 64;
        c.batch = 2;
        c.epochs = epochs;
        c.workers = 0;
        return c;
    };
    ys::TrainCallbacks quiet;
    quiet.onLog = [](const std::string&) {};
    auto finished = ys::train(config("finished", 2), quiet);
    QVERIFY2(finished.ok(), finished.ok() ? "" : finished.error().toString().c_str());

    ys::TrainControl control;
    ys::TrainCallbacks stopAfterOne = quiet;
    stopAfterOne.onEpoch = [&](const ys::EpochResult&, const ys::DetectionMetrics&) { control.requestStop(); };
    auto stopped = ys::train(config("stopped", 3), stopAfterOne, &control);
    QVERIFY2(stopped.ok(), stopped.ok() ? "" : stopped.error().toString().c_str());
    QVERIFY(stopped->stoppedByUser);

    // The finished run as a kill mid-write leaves it: the last line of events.jsonl cut in half.
    copyTree(runDir(project_, "finished"), runDir(project_, "truncated"));
    QFile events(runDir(project_, "truncated") + "/events.jsonl");
    QVERIFY(events.open(QIODevice::ReadOnly));
    QByteArray bytes = events.readAll();
    events.close();
    const int lastStart = bytes.lastIndexOf('\n', bytes.size() - 2) + 1;
    bytes.truncate(lastStart + (bytes.size() - lastStart) / 2);
    QVERIFY(events.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(events.write(bytes), bytes.size());
    events.close();

    ys::test::writeUltralyticsRun(project_ + "/detect/train", 3, 3);
    QVERIFY(ys::test::writeText(project_ + "/notes/todo.txt", "label the new images\n"));
    hashesBefore_ = ys::test::hashTree(project_);
    QVERIFY(hashesBefore_.size() > 20);
}

void TestRunsPage::init()
{
    QSettings().clear();
}

bool TestRunsPage::listed(RunsPage& page, const QString& project)
{
    QSignalSpy spy(page.controller(), &RunListController::listed);
    page.setProjectFolder(project);
    return !spy.isEmpty() || spy.wait(30000) || page.model()->rowCount() > 0;
}

bool TestRunsPage::openAndWait(RunsPage& page, const QString& dir)
{
    QSignalSpy loaded(page.follower(), &RunFollower::loaded);
    if (!page.openRun(dir)) {
        qWarning("%s is not listed", qPrintable(dir));
        return false;
    }
    // A small run can be read before the page attaches its continuation, which then runs at once: the
    // signal may have come already (QSignalSpy::wait waits for one more).
    if (loaded.isEmpty() && !loaded.wait(30000)) {
        qWarning("%s was not loaded (follower at %s)", qPrintable(dir), qPrintable(page.follower()->dir()));
        return false;
    }
    return child<RunDetail>(page, "RunDetail")->record() && child<RunDetail>(page, "RunDetail")->dir() == QDir::cleanPath(dir);
}

int TestRunsPage::rowOf(RunsPage& page, const QString& name)
{
    RunListModel* m = page.model();
    for (int row = 0; row < m->rowCount(); ++row)
        if (m->index(row, RunListModel::NameColumn).data().toString() == name)
            return row;
    return -1;
}

void TestRunsPage::listsFinishedStoppedTruncated()
{
    RunsPage page;
    // Nothing listed yet: the page says where runs come from and offers the Train page.
    QVERIFY(page.showsEmptyState());
    QSignalSpy train(&page, &RunsPage::trainRequested);
    auto* button = page.findChild<QPushButton*>(QStringLiteral("trainButton"));
    QVERIFY(button);
    button->click();
    QCOMPARE(train.size(), 1);
    QVERIFY(listed(page, project_));
    QVERIFY(!page.showsEmptyState());
    RunListModel* m = page.model();
    QCOMPARE(m->runCount(), 4);      // finished, stopped, truncated, detect/train
    QCOMPARE(m->foreignCount(), 1);  // notes
    auto status = [&](const char* name) {
        const int row = rowOf(page, name);
        return row < 0 ? QString() : m->index(row, RunListModel::StatusColumn).data().toString();
    };
    QCOMPARE(status("finished"), QString("Finished"));
    QCOMPARE(status("stopped"), QString("Stopped · resumable"));
    QCOMPARE(status("truncated"), QString("Interrupted"));
    QCOMPARE(status("train"), QString("Finished"));
    QCOMPARE(status("notes"), QString("Not a run"));
    const int fin = rowOf(page, "finished");
    QCOMPARE(m->index(fin, RunListModel::EpochsColumn).data().toString(), QString("2/2"));
    QCOMPARE(m->index(fin, RunListModel::DatasetColumn).data().toString(), QString("shapes/data.yaml"));
    QCOMPARE(m->index(fin, RunListModel::ModelColumn).data().toString(), QString("yolov8n.yaml"));
    QVERIFY(m->index(fin, RunListModel::PeakMemoryColumn).data(RunListModel::SortRole).toLongLong() > 0);
    QVERIFY(m->index(fin, RunListModel::Map50_95Column).data().toString() != QString("—"));
    QCOMPARE(m->index(rowOf(page, "stopped"), RunListModel::EpochsColumn).data().toString(), QString("1/3"));
    QVERIFY(m->index(rowOf(page, "truncated"), RunListModel::ProblemsColumn).data().toString().contains("cut off"));
    // (English plurals come from translations/yolostudio_en.ts once its %n forms are filled: "4 runs")
    QVERIFY2(page.statusText().startsWith("4 run") && page.statusText().contains("1 other folder"),
             qPrintable(page.statusText()));
    // The table shows every row, newest first.
    QCOMPARE(page.table()->model()->rowCount(), 5);
}

void TestRunsPage::opensEachRun()
{
    RunsPage page;
    page.resize(1200, 800);
    QVERIFY(listed(page, project_));
    RunDetail* d = child<RunDetail>(page, "RunDetail");

    QVERIFY(openAndWait(page, runDir(project_, "finished")));
    const ys::RunRecord& fin = *d->record();
    QCOMPARE(fin.status, RunStatus::Finished);
    QCOMPARE(fin.rows.size(), size_t(2));
    QVERIFY(!fin.memory.empty());
    QCOMPARE(child<RunEventsModel>(d, "eventsModel")->rowCount(), static_cast<int>(fin.events.size()));
    QCOMPARE(child<RunEventsModel>(d, "eventsModel")->index(0, RunEventsModel::KindColumn).data().toString(), QString("Start"));
    QVERIFY(child<ClassMetricsModel>(d, "classesModel")->hasMetrics());
    QVERIFY(child<ClassMetricsModel>(d, "classesModel")->rowCount() >= 2);   // all classes + the shapes present
    QVERIFY(child<RunSettingsModel>(d, "settingsModel")->changedCount() > 0);
    child<QCheckBox>(d, "changedOnly")->setChecked(true);
    QCOMPARE(child<QSortFilterProxyModel>(d, "settingsProxy")->rowCount(), child<RunSettingsModel>(d, "settingsModel")->changedCount());
    child<QCheckBox>(d, "changedOnly")->setChecked(false);
    QVERIFY(d->headerText().contains("finished — Finished"));
    QVERIFY(d->headerText().contains("epoch 2 of 2"));
    QVERIFY(!child<QPushButton>(d, "resumeButton")->isEnabled());
    QVERIFY(!child<QAction>(page, "resumeAction")->isEnabled());
    QCOMPARE(child<QListWidget>(d, "problemsList")->count(), 0);
    // Its charts, drawn by the Train page's dashboard from the files: one point per epoch of results.csv.
    QCOMPARE(child<QTabWidget>(d, "tabs")->currentIndex(), static_cast<int>(RunDetail::ChartsTab));
    QCOMPARE(d->dashboard()->metricsChart()->pointCount(MetricsChart::Map50_95), fin.rows.size());
    QCOMPARE(d->dashboard()->metricsChart()->yData(MetricsChart::Map50_95).back(), fin.rows.back().map50_95);
    QCOMPARE(d->dashboard()->lossChart()->pointCount(LossChart::TrainBox), fin.rows.size());

    QVERIFY(openAndWait(page, runDir(project_, "stopped")));
    QCOMPARE(d->dashboard()->metricsChart()->pointCount(MetricsChart::Map50_95), size_t(1));
    QCOMPARE(d->record()->status, RunStatus::StoppedByUser);
    QCOMPARE(d->record()->rows.size(), size_t(1));
    bool sawStopped = false;
    for (int r = 0; r < child<RunEventsModel>(d, "eventsModel")->rowCount(); ++r)
        sawStopped |= child<RunEventsModel>(d, "eventsModel")->index(r, 0).data(RunEventsModel::EventKindRole).toString() == "stopped";
    QVERIFY(sawStopped);
    QVERIFY(child<QPushButton>(d, "resumeButton")->isEnabled());
    QVERIFY(child<QAction>(page, "resumeAction")->isEnabled());

    QVERIFY(openAndWait(page, runDir(project_, "truncated")));
    QCOMPARE(d->record()->status, RunStatus::Interrupted);
    QCOMPARE(d->record()->rows.size(), size_t(2));   // results.csv is whole: written atomically
    QCOMPARE(child<QListWidget>(d, "problemsList")->count(), 1);
    QVERIFY(child<QListWidget>(d, "problemsList")->item(0)->text().contains("cut off"));
    QVERIFY(d->headerText().contains(QRegularExpression("1 problem(\\(s\\))? reading its files")));
    QVERIFY(child<QTabWidget>(d, "tabs")->tabText(RunDetail::ProblemsTab).contains("(1)"));

    QVERIFY(openAndWait(page, project_ + "/detect/train"));
    QCOMPARE(d->record()->origin, ys::RunOrigin::Ultralytics);
    QCOMPARE(d->record()->rows.size(), size_t(3));
    QVERIFY(d->headerText().contains("written by Ultralytics"));

    // A foreign folder opens as what is wrong with it, and reads nothing.
    QVERIFY(page.openRun(runDir(project_, "notes")));
    QVERIFY(!d->record());
    QVERIFY(d->headerText().contains("Not a run folder"));
}

void TestRunsPage::exportsAReport()
{
    RunsPage page;
    page.resize(1200, 800);
    QVERIFY(listed(page, project_));
    const QString dir = runDir(project_, "stopped");
    QVERIFY(openAndWait(page, dir));
    QVERIFY(child<QAction>(page, "exportReportAction")->isEnabled());
    QVERIFY(child<QPushButton>(child<RunDetail>(page, "RunDetail"), "reportButton")->isEnabled());
    QVERIFY(child<QAction>(page, "exportReportAction")->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_E));
    // The action and the header's button ask the shell (which owns the exporter) for the opened run.
    QSignalSpy requested(&page, &RunsPage::exportReportRequested);
    child<QAction>(page, "exportReportAction")->trigger();
    child<QPushButton>(child<RunDetail>(page, "RunDetail"), "reportButton")->click();
    QCOMPARE(requested.size(), 2);
    QCOMPARE(requested[0][0].toString(), dir);
    QCOMPARE(requested[1][0].toString(), dir);
    // What Export report… does once the file dialog has answered: gathers off the GUI thread, writes, says so.
    ReportExporter exporter(&page);
    QTemporaryDir out;
    const QString pdf = out.filePath("stopped-report.pdf");
    QSignalSpy exported(&exporter, &ReportExporter::exported);
    QSignalSpy failed(&exporter, &ReportExporter::failed);
    exporter.exportTo(dir, pdf);
    QVERIFY(exporter.busy());
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() + failed.count() == 1, 120000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QCOMPARE(exported.first().first().toString(), pdf);
    QFile f(pdf);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.read(5) == "%PDF-");
    QVERIFY(!exporter.busy());
    // A folder that is no run: a message, no file.
    const QString none = out.filePath("none.html");
    exporter.exportTo(runDir(project_, "notes"), none);
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1, 60000);
    QVERIFY(failed.first().first().toString().contains("notes"));
    QVERIFY(!QFile::exists(none));
}

void TestRunsPage::compareWarnsAcrossMetricsReleases()
{
    // Runs scored as different Ultralytics releases get a note naming the runs of each; the same release, or
    // a run whose release is unknown, none.
    RunCompareView view;
    const std::vector<ys::EpochResult> rows(2);
    view.setRuns({CompareRun{"a", rows, "8.4"}, CompareRun{"b", rows, "8.3"}, CompareRun{"c", rows, "8.4"}});
    auto* note = child<QLabel>(view, "metricsNote");
    QVERIFY(!note->isHidden());
    QVERIFY2(note->text().contains("Ultralytics 8.4: a, c") && note->text().contains("Ultralytics 8.3: b"),
             qPrintable(note->text()));
    view.setGroup(CompareGroup::TrainLoss);   // losses do not depend on the release
    QVERIFY(note->isHidden());
    view.setGroup(CompareGroup::PrecisionRecall);
    QVERIFY(!note->isHidden());
    view.setRuns({CompareRun{"a", rows, "8.4"}, CompareRun{"b", rows, "8.4"}, CompareRun{"x", rows, ""}});
    QVERIFY(note->isHidden());
    QVERIFY(compareMetricsNote({CompareRun{"a", rows, "8.3"}, CompareRun{"b", rows, ""}}).isEmpty());
}

void TestRunsPage::compareOverlaysTwoRuns()
{
    RunsPage page;
    QVERIFY(listed(page, project_));
    // Compare needs two runs selected.
    QVERIFY(page.openRun(runDir(project_, "finished")));
    QVERIFY(!child<QAction>(page, "compareAction")->isEnabled());
    QVERIFY(!page.compareRuns({runDir(project_, "finished")}));
    const QModelIndex stopped =
        page.proxy()->mapFromSource(page.model()->index(page.model()->rowOf(runDir(project_, "stopped")), 0));
    page.table()->selectionModel()->select(stopped, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QCOMPARE(page.selectedDirs().size(), 2);
    QVERIFY(child<QAction>(page, "compareAction")->isEnabled());
    QSignalSpy compared(&page, &RunsPage::compared);
    child<QAction>(page, "compareAction")->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!compared.isEmpty(), 30000);
    QVERIFY(page.isComparing());
    const QStringList dirs = compared.at(0).at(0).toStringList();
    QCOMPARE(QSet<QString>(dirs.begin(), dirs.end()),
             (QSet<QString>{runDir(project_, "finished"), runDir(project_, "stopped")}));

    // mAP: two quantities for each run, legend names telling both runs apart, the values of results.csv.
    RunCompareView* view = page.compareView();
    QCOMPARE(view->runs().size(), size_t(2));
    const std::vector<CompareCurve>& curves = view->curves();
    QCOMPARE(curves.size(), size_t(4));
    auto rowsOf = [&](const char* name) { return ys::readRun(runDir(project_, name).toStdString())->rows; };
    for (const CompareCurve& c : curves) {
        const QString name = view->runs()[static_cast<size_t>(c.run)].name;
        QVERIFY(c.name.startsWith(name + " · "));
        const auto rows = rowsOf(name == "finished" ? "finished" : "stopped");
        QCOMPARE(c.x.size(), rows.size());   // every epoch of this run is validated
        if (c.quantity == CompareQuantity::Map50_95)
            for (size_t i = 0; i < rows.size(); ++i)
                QCOMPARE(c.y[i], rows[i].map50_95);
    }
    QVERIFY(view->titleText().contains("finished") && view->titleText().contains("stopped"));
    // The overlay chart draws exactly those curves, each named as the table heads it; the legend lists the two
    // runs and the two quantities (entries without points), not the four combinations.
    SeriesChart* chart = view->chart();
    QCOMPARE(chart->seriesCount(), static_cast<int>(curves.size()) + 2 + 2);
    QStringList legend;
    for (int s = 0; s < chart->seriesCount(); ++s) {
        if (s < static_cast<int>(curves.size())) {
            QCOMPARE(chart->seriesName(s), curves[static_cast<size_t>(s)].name);
            QCOMPARE(chart->yData(s), curves[static_cast<size_t>(s)].y);
            QVERIFY(!chart->inLegend(s));
        } else {
            QCOMPARE(chart->pointCount(s), size_t(0));
            QVERIFY(chart->inLegend(s));
            legend << chart->seriesName(s);
        }
    }
    QCOMPARE(legend, (QStringList{view->runs()[0].name, view->runs()[1].name, "mAP50-95", "mAP50"}));
    // One colour per run, one line style and marker per quantity: no two curves look alike.
    std::set<QRgb> runColours;
    for (size_t a = 0; a < curves.size(); ++a) {
        const SeriesChart::Style sa = chart->seriesStyle(static_cast<int>(a));
        runColours.insert(sa.color.rgb());
        QCOMPARE(sa.color, chart->seriesStyle(static_cast<int>(curves.size()) + curves[a].run).color);  // its run's entry
        for (size_t b = a + 1; b < curves.size(); ++b) {
            const SeriesChart::Style sb = chart->seriesStyle(static_cast<int>(b));
            const bool sameRun = curves[a].run == curves[b].run;
            const bool sameQuantity = curves[a].quantity == curves[b].quantity;
            QCOMPARE(sa.color == sb.color, sameRun);
            QCOMPARE(sa.pen == sb.pen && sa.marker == sb.marker, sameQuantity);
            QCOMPARE(sa.pen == sb.pen, sameQuantity);
            QCOMPARE(sa.marker == sb.marker, sameQuantity);
        }
    }
    QCOMPARE(runColours.size(), size_t(2));
    // The legend is under the plot, not over the curves.
    page.resize(1200, 720);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    chart->refreshNow();
    chart->plot()->replot(QCustomPlot::rpImmediateRefresh);
    const QRect plotArea = chart->plot()->axisRect()->outerRect();
    const QRect legendArea = chart->plot()->legend->outerRect();
    QVERIFY(legendArea.isValid());
    QVERIFY2(legendArea.top() >= plotArea.bottom(), "the legend covers the curves");
    // The chart takes the page, the table only what its two epochs need (no blank half page).
    QTRY_VERIFY(chart->height() >= view->height() / 2);
    QTableView* epochTable = view->table();
    const int rowsHeight = epochTable->horizontalHeader()->height() +
                           epochTable->model()->rowCount() * epochTable->verticalHeader()->defaultSectionSize();
    QVERIFY2(epochTable->height() <= rowsHeight + epochTable->verticalHeader()->defaultSectionSize() + 24,
             qPrintable(QStringLiteral("table %1 px for %2 px of rows").arg(epochTable->height()).arg(rowsHeight)));
    // The table: an epoch column, then one column per run and quantity, headed with its legend name.
    CompareTableModel* table = view->model();
    QAbstractItemModelTester tester(table, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(table->columnCount(), 5);
    QCOMPARE(table->rowCount(), 2);   // epochs 1 and 2 (the stopped run has only epoch 1)
    int stoppedColumn = -1;
    for (int c = 1; c < table->columnCount(); ++c)
        if (table->headerData(c, Qt::Horizontal).toString() == "stopped · mAP50-95")
            stoppedColumn = c;
    QVERIFY(stoppedColumn > 0);
    QVERIFY(table->index(0, stoppedColumn).data(CompareTableModel::KnownRole).toBool());
    QVERIFY(!table->index(1, stoppedColumn).data(CompareTableModel::KnownRole).toBool());
    QCOMPARE(table->index(1, stoppedColumn).data().toString(), QString("—"));
    // Losses: three per run, also for the stopped run's epoch.
    view->setGroup(CompareGroup::TrainLoss);
    QCOMPARE(view->curves().size(), size_t(6));
    QCOMPARE(view->chart()->seriesCount(), 6 + 2 + 3);
    QCOMPARE(table->columnCount(), 7);
    // One run selected again: its detail is back.
    QVERIFY(page.openRun(runDir(project_, "stopped")));
    QVERIFY(!page.isComparing());
}

void TestRunsPage::chartsGetTheRoom()
{
    // The Runs page as a 1280 × 800 main window holds it (the window's menu, page bar and status bar off).
    RunsPage page;
    page.resize(kPageAt1280x800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(listed(page, project_));
    QVERIFY(openAndWait(page, runDir(project_, "finished")));
    Dashboard* dashboard = child<RunDetail>(page, "RunDetail")->dashboard();
    // Five runs listed: the list is as tall as them, not 40% of the page; the page fits the window.
    QTRY_VERIFY(page.table()->height() < page.height() / 3);
    QCOMPARE(page.size(), kPageAt1280x800);
    QVERIFY(page.minimumSizeHint().height() <= kPageAt1280x800.height());
    const std::vector<SeriesChart*> charts{dashboard->memoryChart(), dashboard->lossChart(), dashboard->metricsChart(),
                                           dashboard->learningRateChart(), dashboard->throughputChart()};
    for (SeriesChart* c : charts) {
        c->plot()->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY2(c->height() >= kMinChartHeight && c->plot()->axisRect()->height() >= kMinPlotHeight,
                 qPrintable(QStringLiteral("a chart is %1 px high, its data %2 px (list %3 px, run %4 px)")
                                .arg(c->height())
                                .arg(c->plot()->axisRect()->height())
                                .arg(page.splitter()->sizes().value(0))
                                .arg(page.splitter()->sizes().value(1))));
        // Its legend whole, under the plot.
        QVERIFY(c->plot()->legend->outerRect().bottom() <= c->plot()->height());
    }
}

void TestRunsPage::resumeRoutesTheRightConfig()
{
    RunsPage page;
    QVERIFY(listed(page, project_));
    QSignalSpy spy(&page, &RunsPage::resumeRequested);
    QVERIFY(page.resumeRun(runDir(project_, "stopped"), {{"batch", "1"}, {"device", "cpu"}}));
    QCOMPARE(spy.count(), 1);
    const ResumeRequest req = spy.at(0).at(0).value<ResumeRequest>();
    QCOMPARE(req.runDir, runDir(project_, "stopped"));
    QCOMPARE(QString::fromStdString(req.config.resume), runDir(project_, "stopped") + "/weights/last.pt");
    QVERIFY(QFileInfo::exists(QString::fromStdString(req.config.resume)));
    QCOMPARE(req.config.batch, 1);
    QCOMPARE(req.changedKeys, QStringList{"batch"});
    QCOMPARE(req.config.epochs, 3);
    QCOMPARE(req.config.imgsz, 64);
    QCOMPARE(QString::fromStdString(req.config.data), data_);
    // The request resumes for real: train() continues the run from epoch 2 with the new batch.
    ys::TrainConfig resume = req.config;
    resume.threads = ys::test::smallRunConfig(data_, project_, "x").threads;
    QTemporaryDir copy;
    // (resumed in a copy, so the folder the other tests read stays as it was)
    copyTree(runDir(project_, "stopped"), copy.filePath("stopped"));
    resume.resume = copy.filePath("stopped/weights/last.pt").toStdString();
    ys::TrainCallbacks quiet;
    quiet.onLog = [](const std::string&) {};
    ys::TrainOptions given;   // the keys the user changed win over the run's own
    for (const QString& key : req.changedKeys)
        given.givenKeys.push_back(key.toStdString());
    auto r = ys::train(resume, quiet, nullptr, given);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->epochsCompleted, 3);
    auto after = ys::readRun(copy.filePath("stopped").toStdString());
    QVERIFY(after.ok());
    QCOMPARE(after->status, RunStatus::Finished);
    QCOMPARE(after->summary.batch, 1);

    // Runs that cannot be resumed send nothing and say why.
    QVERIFY(!page.resumeRun(runDir(project_, "finished")));
    QVERIFY(!page.resumeRun(project_ + "/detect/train"));   // Ultralytics checkpoints are not resumed here
    QVERIFY(!page.resumeRun(runDir(project_, "stopped"), {{"imgsz", "128"}}));   // not a resumable key
    QCOMPARE(spy.count(), 1);
}

void TestRunsPage::resumeDialogChecksValues()
{
    RunsPage page;
    page.show();
    QVERIFY(listed(page, project_));
    QVERIFY(openAndWait(page, runDir(project_, "stopped")));
    QSignalSpy spy(&page, &RunsPage::resumeRequested);
    child<QAction>(page, "resumeAction")->trigger();
    auto* dialog = page.findChild<ResumeDialog*>();
    QVERIFY(dialog);
    dialog->setValue("batch", "-5");
    // The reason as the setup form words it (ui/config's problemText of core's ConfigProblem).
    QVERIFY2(dialog->errorText("batch").contains("-5"), qPrintable(dialog->errorText("batch")));
    QVERIFY(!dialog->plan().problems.empty());
    QCOMPARE(dialog->plan().problems.front().key, std::string("batch"));
    dialog->setValue("batch", "1");
    dialog->setValue("workers", "0");
    QVERIFY(dialog->plan().errors.empty());
    dialog->accept();
    QCOMPARE(spy.count(), 1);
    const ResumeRequest req = spy.at(0).at(0).value<ResumeRequest>();
    QCOMPARE(req.config.batch, 1);
    QCOMPARE(req.changedKeys, QStringList{"batch"});   // workers was 0 already
}

void TestRunsPage::followsARunBeingWritten()
{
    // A run that this process is writing (holding its train.lock), as the CLI or the Train page would.
    QTemporaryDir dir;
    const QString live = dir.filePath("live");
    ys::test::FakeRun f;
    f.epochsDone = 1;
    f.epochsTotal = 5;
    f.kinds = {ys::EventKind::Start};
    ys::test::writeFakeRun(live, f);
    std::optional<ys::RunLock> lock;
    {
        auto l = ys::RunLock::acquire(live.toStdString());
        QVERIFY2(l.ok(), l.ok() ? "" : l.error().toString().c_str());
        lock.emplace(std::move(*l));
    }
    RunsPage page;
    QVERIFY(listed(page, dir.path()));
    QCOMPARE(page.model()->index(rowOf(page, "live"), RunListModel::StatusColumn).data().toString(), QString("Running"));
    QVERIFY(openAndWait(page, live));
    RunFollower* follower = page.follower();
    QVERIFY(follower->isFollowing());
    QCOMPARE(child<RunEventsModel>(child<RunDetail>(page, "RunDetail"), "eventsModel")->rowCount(), 1);

    // Two more epochs and an event arrive; the next poll shows them.
    ys::ResultsCsv csv((live + "/results.csv").toStdString());
    QVERIFY(!csv.load(100));
    QVERIFY(!csv.append(ys::test::fakeRow(2)));
    QVERIFY(!csv.append(ys::test::fakeRow(3)));
    ys::EventLog log((live + "/events.jsonl").toStdString());
    ys::TrainEvent best;
    best.kind = ys::EventKind::Best;
    best.epoch = 3;
    best.message = "new best";
    log.append(best);
    QSignalSpy updated(follower, &RunFollower::updated);
    follower->pollNow();
    QCOMPARE(updated.count(), 1);
    QCOMPARE(follower->record()->rows.size(), size_t(3));
    QCOMPARE(child<RunEventsModel>(child<RunDetail>(page, "RunDetail"), "eventsModel")->rowCount(), 2);
    QVERIFY(child<RunDetail>(page, "RunDetail")->headerText().contains("epoch 3 of 5"));

    // The trainer ends: following stops and the run is read whole again.
    ys::TrainEvent finish;
    finish.kind = ys::EventKind::Finish;
    finish.epoch = 3;
    finish.message = "done";
    log.append(finish);
    lock.reset();
    QSignalSpy ended(follower, &RunFollower::followingEnded);
    QSignalSpy loaded(follower, &RunFollower::loaded);
    follower->pollNow();
    QCOMPARE(ended.count(), 1);
    QVERIFY(!follower->isFollowing());
    QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
    QCOMPARE(child<RunDetail>(page, "RunDetail")->record()->status, RunStatus::Finished);
    QTRY_COMPARE_WITH_TIMEOUT(page.model()->index(rowOf(page, "live"), RunListModel::StatusColumn).data().toString() !=
                                  QString("Running"),
                              true, 10000);
}

void TestRunsPage::noticesANewRunFolder()
{
    QTemporaryDir dir;
    copyTree(runDir(project_, "finished"), dir.filePath("first"));
    RunsPage page;
    QVERIFY(QDir().mkpath(dir.filePath("not-a-run")));
    QVERIFY(listed(page, dir.path()));
    QCOMPARE(page.runCount(), 1);
    QVERIFY(!page.showsEmptyState());
    QVERIFY(page.controller()->watchedPaths().contains(QDir::cleanPath(dir.path())));
    // A run appears (as a trainer creates its folder) and another is deleted outside the studio.
    copyTree(runDir(project_, "stopped"), dir.filePath("second"));
    QTRY_COMPARE_WITH_TIMEOUT(page.runCount(), 2, 10000);
    QVERIFY(rowOf(page, "second") >= 0);
    QVERIFY(QDir(dir.filePath("first")).removeRecursively());
    QTRY_COMPARE_WITH_TIMEOUT(page.runCount(), 1, 10000);
    QCOMPARE(rowOf(page, "first"), -1);
    // The last run gone (outside the studio): the empty state again, the foreign folder still listed.
    QVERIFY(QDir(dir.filePath("second")).removeRecursively());
    QTRY_COMPARE_WITH_TIMEOUT(page.runCount(), 0, 10000);
    QVERIFY(page.showsEmptyState());
    QCOMPARE(page.model()->foreignCount(), 1);
    copyTree(runDir(project_, "stopped"), dir.filePath("second"));
    QTRY_COMPARE_WITH_TIMEOUT(page.runCount(), 1, 10000);
    QVERIFY(!page.showsEmptyState());
    // F5 lists again too.
    copyTree(runDir(project_, "finished"), dir.filePath("third"));
    QSignalSpy listedSpy(page.controller(), &RunListController::listed);
    child<QAction>(page, "refreshAction")->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!listedSpy.isEmpty(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(page.runCount(), 2, 10000);
}

void TestRunsPage::remembersFolders()
{
    QTemporaryDir extra;
    ys::test::writeUltralyticsRun(extra.filePath("detect/train"), 2, 2);
    {
        RunsPage page;
        QVERIFY(listed(page, project_));
        QSignalSpy spy(page.controller(), &RunListController::listed);
        QVERIFY(page.addFolder(extra.path()));
        QVERIFY(!page.addFolder(extra.path()));   // listed already
        QTRY_VERIFY_WITH_TIMEOUT(!spy.isEmpty(), 10000);
        QCOMPARE(page.runCount(), 5);
    }
    RunsPage again;   // a new session lists both without being told
    QTRY_COMPARE_WITH_TIMEOUT(again.runCount(), 5, 10000);
    QCOMPARE(again.projectFolder(), QDir::cleanPath(project_));
    QCOMPARE(again.controller()->userFolders(), QStringList{QDir::cleanPath(extra.path())});
    // Stop listing the added folder: its run goes, the project folder's stay.
    QVERIFY(again.openRun(extra.filePath("detect/train")));
    QVERIFY(child<QAction>(again, "removeFolderAction")->isEnabled());
    child<QAction>(again, "removeFolderAction")->trigger();
    QCOMPARE(again.runCount(), 4);
    QVERIFY(again.controller()->userFolders().isEmpty());
}

void TestRunsPage::deleteAsksAndMovesToTrash()
{
    QTemporaryDir dir;
    copyTree(runDir(project_, "finished"), dir.filePath("keep"));
    copyTree(runDir(project_, "finished"), dir.filePath("doomed"));
    RunsPage page;
    QVERIFY(listed(page, dir.path()));
    QStringList asked;
    bool answer = false;
    page.setConfirm([&](const QString& title, const QString& text) {
        asked << title + ": " + text;
        return answer;
    });
    QVERIFY(page.openRun(dir.filePath("doomed")));
    QVERIFY(child<QAction>(page, "deleteAction")->isEnabled());
    // Declined: nothing happens.
    QCOMPARE(page.deleteSelected(), 0);
    QCOMPARE(asked.size(), 1);
    QVERIFY(asked[0].contains(QDir::toNativeSeparators(QDir::cleanPath(dir.filePath("doomed")))));
    QVERIFY(QFileInfo::exists(dir.filePath("doomed/results.csv")));
    // Accepted: to the trash (or, where this drive has none, deleted after a second question).
    answer = true;
    QCOMPARE(page.deleteSelected(), 1);
    QVERIFY(!QFileInfo::exists(dir.filePath("doomed")));
    QCOMPARE(page.runCount(), 1);
    QVERIFY(asked.size() == 2 || (asked.size() == 3 && asked[2].startsWith("Delete permanently?")));
    qInfo("%s", asked.size() == 2 ? "moved to the trash" : "no trash on this drive: deleted after asking twice");
    QCOMPARE(ys::test::hashTree(dir.filePath("keep")), ys::test::hashTree(runDir(project_, "finished")));
}

void TestRunsPage::retranslatesAtRunTime()
{
    RunsPage page;
    QVERIFY(listed(page, project_));
    QVERIFY(openAndWait(page, runDir(project_, "truncated")));
    // Texts set by hand stand for the old language; a language switch sets every one again.
    child<QAction>(page, "refreshAction")->setText("x");
    child<QAction>(page, "compareAction")->setText("x");
    child<QTabWidget>(child<RunDetail>(page, "RunDetail"), "tabs")->setTabText(RunDetail::ProblemsTab, "x");
    child<QComboBox>(page.compareView(), "groupBox")->setItemText(0, "x");
    QVERIFY(installTranslators(QStringLiteral("zh_CN")));
    QTRY_VERIFY(child<QAction>(page, "refreshAction")->text() != "x");
    QTRY_VERIFY(child<QAction>(page, "compareAction")->text() != "x");
    QTRY_VERIFY(child<QTabWidget>(child<RunDetail>(page, "RunDetail"), "tabs")->tabText(RunDetail::ProblemsTab) != "x");
    QTRY_VERIFY(child<QComboBox>(page.compareView(), "groupBox")->itemText(0) != "x");
    QVERIFY(installTranslators(QStringLiteral("en")));
    QTRY_COMPARE(child<QAction>(page, "refreshAction")->text(), QString("Refresh"));
    QVERIFY(child<QTabWidget>(child<RunDetail>(page, "RunDetail"), "tabs")->tabText(RunDetail::ProblemsTab).contains("(1)"));
}

void TestRunsPage::folderBytesUnchanged()
{
    // Listing, opening, following and resuming (into a copy) above wrote nothing into the project folder.
    RunsPage page;
    QVERIFY(listed(page, project_));
    for (const char* name : {"finished", "stopped", "truncated"})
        QVERIFY(openAndWait(page, runDir(project_, name)));
    QCOMPARE(ys::test::hashTree(project_), hashesBefore_);
}

QTEST_MAIN(TestRunsPage)
#include "test_runspage.moc"

