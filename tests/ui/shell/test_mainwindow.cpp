// Main window wiring: a dropped folder opens its dataset, the demo dataset written once into the data folder
// and opened (once: opening it again while it opens does not start over), recent datasets remembered, the
// Dataset page's actions in its menu.
#include "ui/config/configform.h"
#include "ui/dataset/datasetcontroller.h"
#include "ui/dataset/datasetpage.h"
#include "ui/thumbnails/thumbnailview.h"
#include "ui/fit/fitdialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/train/trainpage.h"

#include <QDir>
#include <QFile>
#include <QMenuBar>
#include <QFileInfo>
#include <QImage>
#include <QMimeData>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QUrl>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

using namespace ys::ui;

namespace {

// Outer bound of a wait for a scan or check on a loaded machine (the test's CTest timeout is larger still):
// the waits end on the signal that means done, this only keeps a hung job from hanging the suite.
constexpr int kJobTimeoutMs = 240000;

// The window's Dataset page, found by its object name.
DatasetPage* datasetPage(const MainWindow& w)
{
    return w.findChild<DatasetPage*>(QStringLiteral("datasetPage"));
}

// Images the Dataset page's grid shows.
int gridRows(MainWindow& w)
{
    auto* grid = datasetPage(w)->findChild<ThumbnailView*>(QStringLiteral("imageGrid"));
    return grid && grid->model() ? grid->model()->rowCount() : -1;
}

}  // namespace

class TestMainWindow final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void datasetActionsAreInTheDatasetMenu();
    void demoIsWrittenOnceAndOpened();
    void droppingAFolderOpensItsDataset();
    void fitToMyGpuOpensTheFitDialogAndApplies();

private:
    QTemporaryDir dir_;
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_ui_mainwindow"));
    QVERIFY(dir_.isValid());
    QSettings().clear();  // no recent list or window state from an earlier run
    QDir(DatasetPage::demoDirectory()).removeRecursively();
}

void TestMainWindow::datasetActionsAreInTheDatasetMenu()
{
    MainWindow w;
    QVERIFY(datasetPage(w));
    QMenu* dataset = nullptr;
    for (QAction* a : w.menuBar()->actions())
        if (a->menu() && a->text() == datasetPage(w)->title())
            dataset = a->menu();
    QVERIFY(dataset);
    QCOMPARE(dataset->actions(), datasetPage(w)->pageActions());
    QCOMPARE(dataset->actions().size(), 4);
    QVERIFY(dataset->actions().at(1)->menu());                 // Recent Datasets
    QVERIFY(!dataset->actions().last()->isEnabled());         // Export: nothing checked yet
    // The View menu holds the viewer's zoom (the page's view actions) before Full Screen.
    QMenu* view = w.menuBar()->actions().at(1)->menu();
    QVERIFY(view);
    for (QAction* zoom : datasetPage(w)->viewActions())
        QVERIFY(view->actions().contains(zoom));
}

void TestMainWindow::demoIsWrittenOnceAndOpened()
{
    const QString yaml = QDir(DatasetPage::demoDirectory()).filePath(QStringLiteral("data.yaml"));
    QVERIFY(!QFileInfo::exists(yaml));
    {
        MainWindow w;
        QSignalSpy checked(datasetPage(w), &DatasetPage::checkFinished);
        w.openDemo();
        QVERIFY(checked.wait(kJobTimeoutMs));
        QVERIFY(QFileInfo::exists(yaml));
        const auto dataset = checked.first().at(0).value<std::shared_ptr<const ys::Dataset>>();
        QVERIFY(dataset);
        QCOMPARE(QString::fromStdString(dataset->spec.yamlPath), QFileInfo(yaml).absoluteFilePath());
        QVERIFY(gridRows(w) >= 100);
        QCOMPARE(datasetPage(w)->recentDatasets().value(0), QFileInfo(yaml).absoluteFilePath());
        w.close();
    }
    // Second start: the existing demo is opened as it is, not written again. Its files get an old time
    // first, so a rewrite would show whatever the file system's time resolution.
    const QDateTime old = QDateTime::currentDateTimeUtc().addDays(-2).addMSecs(-123);
    QFile yamlFile(yaml);
    QFile marker(QDir(DatasetPage::demoDirectory()).filePath(QStringLiteral("images/train/train_0000.jpg")));
    for (QFile* f : {&yamlFile, &marker}) {
        QVERIFY(f->open(QIODevice::ReadWrite));
        QVERIFY(f->setFileTime(old, QFileDevice::FileModificationTime));
        f->close();
    }
    const QDateTime written = QFileInfo(yaml).lastModified(), imageWritten = QFileInfo(marker).lastModified();
    MainWindow w;
    auto* controller = datasetPage(w)->findChild<DatasetController*>(QStringLiteral("datasetController"));
    QVERIFY(controller);
    // Asking for the demo while it is being opened starts nothing new: asked when the scan starts, when the
    // scan hands the dataset over (datasetOpened) and when the check starts, each on the signal itself.
    using Job = DatasetController::Job;
    QList<Job> jobs;
    int asked = 0;
    auto askAgain = [&] {
        if (++asked <= 5)  // bounded: a regression must fail, not recurse
            w.openDemo();
    };
    connect(controller, &DatasetController::jobChanged, this, [&](Job job) {
        jobs << job;
        if (job != Job::None)
            askAgain();
    });
    connect(datasetPage(w), &DatasetPage::datasetOpened, this, askAgain);
    QSignalSpy opened(datasetPage(w), &DatasetPage::datasetOpened);
    QSignalSpy checked(datasetPage(w), &DatasetPage::checkFinished);
    QVERIFY(w.reopenLastDataset());
    QVERIFY(checked.wait(kJobTimeoutMs));
    QCOMPARE(opened.count(), 1);
    QCOMPARE(checked.count(), 1);
    QCOMPARE(asked, 3);
    QCOMPARE(jobs, (QList<Job>{Job::Scan, Job::Check, Job::None}));
    QCOMPARE(QFileInfo(yaml).lastModified(), written);
    QCOMPARE(QFileInfo(marker).lastModified(), imageWritten);
    disconnect(controller, nullptr, this, nullptr);
    disconnect(datasetPage(w), nullptr, this, nullptr);
    QDir(DatasetPage::demoDirectory()).removeRecursively();
}

void TestMainWindow::droppingAFolderOpensItsDataset()
{
    // A dataset in a folder whose name has a space and Chinese characters.
    const QString folder = QDir(dir_.path()).filePath(QStringLiteral("我的 数据"));
    QDir().mkpath(folder + QStringLiteral("/images/train"));
    QDir().mkpath(folder + QStringLiteral("/labels/train"));
    QImage img(64, 48, QImage::Format_RGB32);
    img.fill(Qt::darkCyan);
    QVERIFY(img.save(folder + QStringLiteral("/images/train/a.jpg")));
    QVERIFY(img.save(folder + QStringLiteral("/images/train/b.jpg")));
    QFile label(folder + QStringLiteral("/labels/train/a.txt"));
    QVERIFY(label.open(QIODevice::WriteOnly));
    label.write("0 0.5 0.5 0.2 0.2\n");
    label.close();
    QFile yaml(folder + QStringLiteral("/data.yaml"));
    QVERIFY(yaml.open(QIODevice::WriteOnly));
    yaml.write("train: images/train\nval: images/train\nnames: [thing]\n");
    yaml.close();

    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy opened(datasetPage(w), &DatasetPage::datasetOpened);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(folder)});
    QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &drop);
    QVERIFY(opened.count() > 0 || opened.wait(kJobTimeoutMs));
    QCOMPARE(opened.first().at(0).toString(), folder + QStringLiteral("/data.yaml"));
    QCOMPARE(gridRows(w), 4);  // two images, listed by train and val

    // Something that is not a dataset is refused at the door.
    QMimeData other;
    other.setUrls({QUrl::fromLocalFile(folder + QStringLiteral("/images/train/a.jpg"))});
    QDragEnterEvent refuse(QPoint(100, 100), Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
    refuse.setAccepted(false);
    QCoreApplication::sendEvent(&w, &refuse);
    QVERIFY(!refuse.isAccepted());
}

void TestMainWindow::fitToMyGpuOpensTheFitDialogAndApplies()
{
    MainWindow w;
    TrainPage* train = w.trainPage();
    QVERIFY(train->fitAction()->isEnabled());
    train->fitAction()->trigger();
    auto* dialog = w.findChild<FitDialog*>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    // Apply (as the dialog emits it) writes the values into the setup form as one undoable step.
    FitApplication a;
    a.values = {{"batch", "24"}, {"imgsz", "320"}};
    a.undoText = "Apply Fit to my GPU";
    a.result.recommended.batch = 24;
    a.result.recommended.imgsz = 320;
    a.result.recommended.predictedPeakBytes = int64_t(3) << 30;
    a.result.recommended.fits = true;
    a.result.budgetBytes = int64_t(8) << 30;
    emit dialog->applied(a);
    QCOMPARE(train->form()->config().batch, 24);
    QCOMPARE(train->form()->config().imgsz, 320);
    QCOMPARE(train->form()->undoStack()->undoText(), QString("Apply Fit to my GPU"));
    bool said = false;
    for (const PreflightItem& item : train->preflight().items)
        said = said || item.text.contains("batch 24 at 320 needs");
    QVERIFY(said);
    dialog->close();
}

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
