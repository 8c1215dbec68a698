// yolostudio-cli with YOLO11 and YOLOv9 models: the scale letter in the name on info, train, val, predict
// and fit (whose table lists the family's scales).
#include <QDir>
#include <QFile>
#include "clirun.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = ys::test::CliRun;
Run cli(const QStringList& args) { return ys::test::cli(args, 300000); }

}  // namespace

class TestCliFamilies final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void infoByName_data();
    void infoByName();
    void trainValPredictFit();
};

void TestCliFamilies::infoByName_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("summary");
    QTest::newRow("yolo11s") << "yolo11s.yaml" << "YOLO11s summary: 319 layers, 9458752 parameters";
    QTest::newRow("yolo11x") << "yolo11x.yaml" << "YOLO11x summary:";
    QTest::newRow("yolov9c") << "yolov9c.yaml" << "YOLOv9c summary:";
    QTest::newRow("yolov9e") << "yolov9e.yaml" << "YOLOv9e summary:";
}

void TestCliFamilies::infoByName()
{
    QFETCH(QString, model);
    QFETCH(QString, summary);
    const Run r = cli({"info", "model=" + model});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(summary), qPrintable(r.out.right(200)));
}

void TestCliFamilies::trainValPredictFit()
{
    QTemporaryDir dir;
    const QString data = dir.filePath("demo");
    Run r = cli({"demo", "out=" + data, "train=8", "val=4"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString yaml = data + "/data.yaml";
    r = cli({"train", "data=" + yaml, "model=yolo11s.yaml", "epochs=1", "imgsz=64", "batch=4", "workers=0", "amp=off",
             "mosaic=0", "project=" + dir.filePath("runs"), "name=s"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err.right(500)));
    const QString best = dir.filePath("runs/s/weights/best.pt");
    QVERIFY(QFile::exists(best));
    r = cli({"val", "data=" + yaml, "weights=" + best, "imgsz=64"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err.right(500)));
    r = cli({"predict", "weights=" + best, "source=" + data + "/images/val", "out=" + dir.filePath("pred"), "imgsz=64"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err.right(500)));
    r = cli({"fit", "data=" + yaml, "model=yolov9c.yaml", "imgsz=64", "vram=2GiB", "amp=off"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err.right(500)));
    for (const char* scale : {"t", "s", "m", "c", "e"})
        QVERIFY2(r.out.contains(QRegularExpression(QString("\\n    %1 +320 off").arg(scale))), qPrintable(r.out));
}

QTEST_GUILESS_MAIN(TestCliFamilies)
#include "test_cli_families.moc"
