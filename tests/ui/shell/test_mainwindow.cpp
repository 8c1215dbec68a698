// Main window wiring: which path a drop or a command-line argument opens, the demo dataset written once
// into the data folder and opened, recent datasets remembered.
#include "ui/dataset/datasetcontroller.h"
#include "ui/dataset/datasetpage.h"
#include "ui/dataset/imagelistmodel.h"
#include "ui/config/configform.h"
#include "ui/fit/fitdialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/train/trainpage.h"

#include <QDir>
#include <QFile>
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

class TestMainWindow final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void resolveDatasetPath();
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
    QDir(MainWindow::demoDirectory()).removeRecursively();
}

void TestMainWindow::resolveDatasetPath()
{
    const QDir root(dir_.path());
    auto touch = [](const QString& p) {
        QDir().mkpath(QFileInfo(p).absolutePath());
        QFile f(p);
        return f.open(QIODevice::WriteOnly);
    };
    QVERIFY(touch(root.filePath(QStringLiteral("a/data.yaml"))));
    QVERIFY(touch(root.filePath(QStringLiteral("a/other.yaml"))));
    QVERIFY(touch(root.filePath(QStringLiteral("b/coco128.yml"))));
    QVERIFY(touch(root.filePath(QStringLiteral("c/readme.txt"))));
    QVERIFY(touch(root.filePath(QStringLiteral("d/one.yaml"))));
    QVERIFY(touch(root.filePath(QStringLiteral("d/two.yaml"))));
    // A yaml file itself; a folder's data.yaml first; a folder's only yaml; nothing to open otherwise.
    QCOMPARE(MainWindow::resolveDatasetPath(root.filePath(QStringLiteral("a/other.yaml"))), root.filePath(QStringLiteral("a/other.yaml")));
    QCOMPARE(MainWindow::resolveDatasetPath(root.filePath(QStringLiteral("a"))), root.filePath(QStringLiteral("a/data.yaml")));
    QCOMPARE(MainWindow::resolveDatasetPath(root.filePath(QStringLiteral("b"))), root.filePath(QStringLiteral("b/coco128.yml")));
    QCOMPARE(MainWindow::resolveDatasetPath(root.filePath(QStringLiteral("c"))), QString());
    QCOMPARE(MainWindow::resolveDatasetPath(root.filePath(QStringLiteral("c/readme.txt"))), QString());
    QCOMPARE(MainWindow::resolveDatasetPath(root.filePath(QStringLiteral("d"))), QString());  // ambiguous
    QCOMPARE(MainWindow::resolveDatasetPath(root.filePath(QStringLiteral("missing"))), QString());
}

void TestMainWindow::demoIsWrittenOnceAndOpened()
{
    const QString yaml = QDir(MainWindow::demoDirectory()).filePath(QStringLiteral("data.yaml"));
    QVERIFY(!QFileInfo::exists(yaml));
    {
        MainWindow w;
        QSignalSpy checked(w.datasetPage(), &DatasetPage::checkFinished);
        w.openDemo();
        QVERIFY(checked.wait(60000));
        QVERIFY(QFileInfo::exists(yaml));
        QCOMPARE(w.datasetPage()->controller()->yamlPath(), QFileInfo(yaml).absoluteFilePath());
        QVERIFY(w.datasetPage()->imageModel()->rowCount() >= 100);
        QCOMPARE(w.recentDatasets().value(0), QFileInfo(yaml).absoluteFilePath());
        w.close();
    }
    // Second start: the existing demo is opened as it is, not written again.
    const QDateTime written = QFileInfo(yaml).lastModified();
    QFile marker(QDir(MainWindow::demoDirectory()).filePath(QStringLiteral("images/train/train_0000.jpg")));
    const QDateTime imageWritten = QFileInfo(marker).lastModified();
    QTest::qWait(1100);  // file times have 1 s resolution on some file systems
    MainWindow w;
    QSignalSpy ready(w.datasetPage()->controller(), &DatasetController::datasetReady);
    QVERIFY(w.reopenLastDataset());
    QVERIFY(ready.wait(30000));
    w.openDemo();
    QTRY_VERIFY_WITH_TIMEOUT(!w.datasetPage()->controller()->busy(), 60000);
    QCOMPARE(QFileInfo(yaml).lastModified(), written);
    QCOMPARE(QFileInfo(marker).lastModified(), imageWritten);
    QDir(MainWindow::demoDirectory()).removeRecursively();
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
    QSignalSpy ready(w.datasetPage()->controller(), &DatasetController::datasetReady);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(folder)});
    QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &drop);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() > 0, 20000);
    QCOMPARE(w.datasetPage()->controller()->yamlPath(), folder + QStringLiteral("/data.yaml"));
    QCOMPARE(w.datasetPage()->imageModel()->rowCount(), 4);  // two images, listed by train and val

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
