// The shell around the pages: the navigation lists Dataset · Train · Runs from the pages themselves, the
// status bar shows the current page's status, each page's actions get a menu, the Runs page has a real
// empty state, a long run ending in the background notifies, and closing the window while a run trains
// asks first, then stops the run cleanly (weights/last.pt written) and closes.
#include "uitestdata.h"

#include "ui/dataset/datasetpage.h"
#include "ui/runs/runlistcontroller.h"
#include "ui/runs/runspage.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/notifier.h"
#include "ui/common/studiopage.h"
#include "ui/config/configform.h"
#include "ui/train/trainpage.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QtTest>

#include <functional>
#include "findchild.h"

using ys::test::child;

using namespace ys::ui;

namespace {

// Clicks the button with `text` on the next modal message box, when it shows.
void answerNextMessageBox(const QString& text, bool* answered)
{
    auto* timer = new QTimer(qApp);
    timer->setInterval(50);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, text, answered] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box)
            return;
        for (QAbstractButton* b : box->buttons())
            if (b->text() == text) {
                *answered = true;
                timer->stop();
                timer->deleteLater();
                b->click();
                return;
            }
    });
    timer->start();
}

QMenu* menuTitled(QMenuBar* bar, const QString& title)
{
    for (QAction* a : bar->actions())
        if (a->menu() && a->text() == title)
            return a->menu();
    return nullptr;
}

}  // namespace

class TestShell final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void pagesAreListedInOrder();
    void runsPageEmptyState();
    void notifiesOnlyInTheBackground();
    void closingWhileTrainingAsksThenStops();

private:
    QTemporaryDir dir_;
};

void TestShell::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_ui_shell"));
    QSettings().clear();
    QVERIFY(dir_.isValid());
}

void TestShell::pagesAreListedInOrder()
{
    MainWindow w;
    QCOMPARE(w.pages().size(), 3);
    auto* nav = w.findChild<QListWidget*>(QStringLiteral("navigation"));
    QVERIFY(nav);
    QStringList titles;
    for (int i = 0; i < nav->count(); ++i)
        titles << nav->item(i)->text();
    QCOMPARE(titles, (QStringList{"Dataset", "Train", "Runs"}));
    QCOMPARE(w.currentPage(), static_cast<StudioPage*>(w.findChild<DatasetPage*>(QStringLiteral("datasetPage"))));
    // The status bar follows the page shown.
    w.showPage(w.trainPage());
    QCOMPARE(w.currentPage(), static_cast<StudioPage*>(w.trainPage()));
    QCOMPARE(w.statusBarText(), w.trainPage()->statusText());
    QVERIFY(w.statusBarText().startsWith("CPU"));
    // The Train page's actions are in a menu of its name; the window wires Fit to my GPU to its dialog
    // (test_ui_mainwindow opens it); a page without the dialog keeps the action disabled, saying why.
    QMenu* train = menuTitled(w.menuBar(), "Train");
    QVERIFY(train);
    QVERIFY(train->actions().contains(child<QAction>(w.trainPage(), "startAction")));
    QVERIFY(train->actions().contains(child<QAction>(w.trainPage(), "stopAction")));
    QVERIFY(train->actions().contains(w.trainPage()->fitAction()));
    QVERIFY(w.trainPage()->fitAction()->isEnabled());
    TrainPage alone;
    QVERIFY(!alone.fitAction()->isEnabled());
    QVERIFY(alone.fitAction()->toolTip().contains("not part of this build"));
    QSignalSpy fit(&alone, &TrainPage::fitRequested);
    alone.setFitAvailable(true);
    alone.fitAction()->trigger();
    QCOMPARE(fit.size(), 1);
    // No dataset open: nothing to train on.
    QVERIFY(!child<QAction>(w.trainPage(), "startAction")->isEnabled());
}

void TestShell::runsPageEmptyState()
{
    RunsPage page;
    QVERIFY(page.showsEmptyState());
    QCOMPARE(page.statusText(), QString("No runs yet"));
    const QString project = dir_.filePath("project");
    QDir().mkpath(project + "/not-a-run");
    {
        // The page lists off the GUI thread.
        QSignalSpy listed(page.controller(), &RunListController::listed);
        page.setProjectFolder(project);
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 10000);
    }
    QVERIFY(page.showsEmptyState());   // a folder without args.yaml is no run
    QDir().mkpath(project + "/exp");
    QFile args(project + "/exp/args.yaml");
    QVERIFY(args.open(QIODevice::WriteOnly));
    args.write("epochs: 1\n");
    args.close();
    page.refresh();
    QTRY_VERIFY_WITH_TIMEOUT(!page.showsEmptyState(), 10000);
    QCOMPARE(page.runCount(), 1);
    QSignalSpy train(&page, &RunsPage::trainRequested);
    auto* button = page.findChild<QPushButton*>(QStringLiteral("trainButton"));
    QVERIFY(button);
    button->click();
    QCOMPARE(train.size(), 1);
}

void TestShell::notifiesOnlyInTheBackground()
{
    QVERIFY(Notifier::shouldNotify(false, 120));
    QVERIFY(!Notifier::shouldNotify(true, 3600));   // the user is looking
    QVERIFY(!Notifier::shouldNotify(false, 20));    // a short run: the user has not left
    QWidget window;   // never shown, so never active
    Notifier n(&window);
    QVERIFY(n.notify("Training of demo: Finished", "Finished 3 epochs", false, 600));
    QVERIFY(!n.notify("Training of demo: Finished", "Finished 3 epochs", false, 5));
    QCOMPARE(n.notifications(), 1);
}

void TestShell::closingWhileTrainingAsksThenStops()
{
    const QString yaml = ys::test::writeTinyTrainDataset(dir_.filePath("data"), 12, 4, false);
    QVERIFY(!yaml.isEmpty());
    MainWindow w;
    w.show();
    TrainPage* page = w.trainPage();
    page->setDataset(yaml);
    const ys::test::CheckedDataset checked = ys::test::loadChecked(yaml);
    page->setCheckResult(checked.dataset, checked.check);
    page->setProjectFolder(dir_.filePath("runs"));
    page->form()->setConfig(ys::test::tinyTrainConfig(yaml, 20));
    QSignalSpy finished(page->controller(), &TrainController::finished);
    QSignalSpy firstBatch(page->controller(), &TrainController::batchProgress);
    QVERIFY(page->start());
    QVERIFY(firstBatch.wait(120000));

    // "Keep Training": the window stays and the run goes on.
    bool answered = false;
    answerNextMessageBox("Keep Training", &answered);
    QVERIFY(!w.close());
    QVERIFY(answered);
    QVERIFY(w.isVisible());
    QVERIFY(page->controller()->active());

    // "Stop and Close": the run stops after its step, writes last.pt, and then the window closes.
    answered = false;
    answerNextMessageBox("Stop and Close", &answered);
    QVERIFY(!w.close());   // not yet: the run is stopping
    QVERIFY(answered);
    QCOMPARE(page->controller()->state(), TrainController::State::Stopping);
    QTRY_VERIFY_WITH_TIMEOUT(!w.isVisible(), 60000);
    QCOMPARE(finished.size(), 1);
    const auto s = finished.front().front().value<ys::TrainSummary>();
    QVERIFY(s.stoppedByUser);
    QVERIFY(QFileInfo::exists(QString::fromStdString(s.lastWeights)));
    QVERIFY(!page->controller()->active());
}

QTEST_MAIN(TestShell)
#include "test_shell.moc"

