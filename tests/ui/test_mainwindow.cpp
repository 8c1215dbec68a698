// Main window wiring: which path a drop or a command-line argument opens, the demo dataset written once
// into the data folder and opened, recent datasets remembered.
#include "ui/datasetcontroller.h"
#include "ui/datasetpage.h"
#include "ui/imagelistmodel.h"
#include "ui/mainwindow.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

using namespace ys::ui;

class TestMainWindow final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void resolveDatasetPath();
    void demoIsWrittenOnceAndOpened();

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

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
