// yolostudio-cli with weights files as users have them: `info model=best.pt` shows what an Ultralytics
// checkpoint holds; a file that is not a checkpoint, or one cut short, is a one-line error naming it on info,
// val, predict, train and export (never a crash or a backtrace); `export` writes an ONNX file that `val` and
// `predict` then run, and refuses bad settings in one line. Skipped without ../shared/fixtures.
#include "clirun.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#ifndef YS_FIXTURES_DIR
#define YS_FIXTURES_DIR ""
#endif

using ys::test::cli;

class TestCliWeights final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void infoShowsWhatACheckpointHolds();
    void badFilesAreOneLineErrors_data();
    void badFilesAreOneLineErrors();
    void exportThenValAndPredictTheFile();
    void exportRefusesBadInput_data();
    void exportRefusesBadInput();
};

namespace {

QString fixture(const QString& folder)
{
    const QString f = QString(YS_FIXTURES_DIR) + "/ultralytics/" + folder + "/best.pt";
    return QFile::exists(f) ? f : QString();
}

}  // namespace

void TestCliWeights::infoShowsWhatACheckpointHolds()
{
    const QString best = fixture("demo-yolov9t");
    if (best.isEmpty())
        QSKIP("../shared/fixtures is absent");
    const auto r = cli({"info", "model=" + best});
    QCOMPARE(r.exitCode, 0);
    for (const char* line : {"format       ultralytics", "family       yolov9, scale t", "model yaml   yolov9t.yaml",
                             "classes      5: 0 circle, 1 square, 2 triangle, 3 star, 4 cross", "imgsz        320",
                             "version      8.3.112", "resumable    no"})
        QVERIFY2(r.out.contains(line), qPrintable(r.out));
}

void TestCliWeights::badFilesAreOneLineErrors_data()
{
    QTest::addColumn<QString>("command");
    for (const char* c : {"info", "val", "predict", "train", "export"})
        QTest::newRow(c) << c;
}

void TestCliWeights::badFilesAreOneLineErrors()
{
    QFETCH(QString, command);
    const QString best = fixture("demo-yolov8n");
    if (best.isEmpty())
        QSKIP("../shared/fixtures is absent");
    QTemporaryDir dir;
    const QString data = dir.filePath("demo");
    QCOMPARE(cli({"demo", "out=" + data, "train=4", "val=2"}).exitCode, 0);
    QFile src(best);
    QVERIFY(src.open(QIODevice::ReadOnly));
    const QByteArray bytes = src.readAll();
    const QString truncated = dir.filePath("truncated.pt"), text = dir.filePath("notes.pt");
    {
        QFile f(truncated);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes.left(bytes.size() / 2));
        QFile g(text);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("these are not weights\n");
    }
    for (const QString& file : {truncated, text}) {
        QStringList args{command};
        if (command == "info")
            args << "model=" + file;
        else if (command == "val")
            args << "weights=" + file << "data=" + data + "/data.yaml";
        else if (command == "predict")
            args << "weights=" + file << "source=" + data + "/images/val" << "out=" + dir.filePath("pred");
        else if (command == "export")
            args << "weights=" + file << "out=" + dir.filePath("x.onnx");
        else
            args << "model=" + file << "data=" + data + "/data.yaml" << "epochs=1" << "imgsz=64" << "batch=2"
                 << "project=" + dir.filePath("runs") << "workers=0";
        const auto r = cli(args);
        QVERIFY2(r.exitCode > 0, qPrintable(QString::number(r.exitCode) + r.err));
        const QStringList lines = r.err.trimmed().split('\n');
        QVERIFY2(!lines.isEmpty() && lines.last().startsWith("error: "), qPrintable(r.err));
        QVERIFY2(lines.last().contains(file), qPrintable(r.err));
        QVERIFY2(!r.err.contains("Exception raised from"), qPrintable(r.err));  // no LibTorch backtrace
    }
}

// The user's path: export a checkpoint, read what the command says, check the file with val and predict.
void TestCliWeights::exportThenValAndPredictTheFile()
{
    const QString best = fixture("demo-yolo11n");
    if (best.isEmpty())
        QSKIP("../shared/fixtures is absent");
    QTemporaryDir dir;
    const QString data = dir.filePath("demo");
    QCOMPARE(cli({"demo", "out=" + data, "train=4", "val=6"}).exitCode, 0);
    const QString onnx = dir.filePath("deploy/yolo11n.onnx");
    QVERIFY(QDir().mkpath(dir.filePath("deploy")));
    auto r = cli({"export", "weights=" + best, "format=onnx", "imgsz=160", "simplify", "out=" + onnx}, 300000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const QString& line : {QString("YOLO11n exported to " + onnx), QString("input   images float32 [1, 3, 160, 160]"),
                                QString("output  output0 float32 [1, 9, 525]"),
                                QString("classes 0 circle, 1 square, 2 triangle, 3 star, 4 cross"),
                                QString("checked ONNX 1.12.0 checker and strict shape inference: passed"),
                                QString("checked OpenCV 4.6.0 DNN runs it")})
        QVERIFY2(r.out.contains(line), qPrintable(line + "\n" + r.out));
    QVERIFY(QFile::exists(onnx));
    const QString json = dir.filePath("val.json");
    r = cli({"val", "weights=" + onnx, "data=" + data + "/data.yaml", "agnostic_nms=true", "json=" + json}, 300000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("OpenCV 4.6.0 DNN on yolo11n.onnx, input [1, 3, 160, 160], images letterboxed to 160x160"),
             qPrintable(r.out));
    QVERIFY(r.out.contains("mAP50-95"));
    // json=FILE: the printed "all" row's figures at full precision, and the settings they were scored with.
    QFile jf(json);
    QVERIFY(jf.open(QIODevice::ReadOnly));
    const QJsonObject figures = QJsonDocument::fromJson(jf.readAll()).object();
    QCOMPARE(figures["images"].toInt(), 6);
    QVERIFY(figures["agnostic_nms"].toBool() && figures["nms"].toBool());
    QCOMPARE(figures["metrics"].toString(), QString("8.4"));
    const QString allRow = r.out.split('\n').filter(QRegularExpression("^ +all ")).value(0);
    QVERIFY2(allRow.endsWith(QString::asprintf("%11.3g", figures["mAP50-95"].toDouble())), qPrintable(allRow));
    QVERIFY(!figures["classes"].toArray().isEmpty());
    r = cli({"predict", "weights=" + onnx, "source=" + data + "/images/val", "out=" + dir.filePath("pred"),
             "conf=0.05"}, 300000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("6 images"), qPrintable(r.out));
    const QStringList labels = QDir(dir.filePath("pred/labels")).entryList(QDir::Files, QDir::Name);
    QCOMPARE(labels.size(), 6);
    // The README's OpenCV example finds the same objects in the same order (class and score).
    int total = 0;
    for (const QString& label : labels) {
        const QString image = data + "/images/val/" + QFileInfo(label).completeBaseName() + ".jpg";
        const auto ex = ys::test::runProcess(YS_ONNX_EXAMPLE, {onnx, image, "160", "0.05"});
        QVERIFY2(ex.exitCode == 0, qPrintable(ex.err));
        QFile f(dir.filePath("pred/labels/" + label));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList want = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
        const QStringList got = ex.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(got.size(), want.size());
        for (int i = 0; i < got.size(); ++i) {
            const QStringList g = got[i].split(' '), w = want[i].split(' ');
            QCOMPARE(g[0], w[0]);
            QVERIFY(std::abs(g[1].toDouble() - w[5].toDouble()) < 1e-3);
        }
        total += got.size();
    }
    QVERIFY(total > 0);
    // A static file runs at its own size: another imgsz is a one-line error.
    r = cli({"predict", "weights=" + onnx, "source=" + data + "/images/val", "out=" + dir.filePath("pred2"),
             "imgsz=320"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.trimmed().split('\n').size() == 1 && r.err.contains("fixed at 160x160"), qPrintable(r.err));
}

void TestCliWeights::exportRefusesBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("imgsz not a multiple of the stride") << QStringList{"imgsz=300"}
                                                        << "imgsz 300 is not a multiple of the model's largest stride 32";
    QTest::newRow("half on the CPU") << QStringList{"half=true"} << "half=true needs a CUDA device";
    QTest::newRow("half as a bare flag") << QStringList{"half"} << "half=true needs a CUDA device";
    QTest::newRow("unknown format") << QStringList{"format=engine"} << "format must be onnx";
    QTest::newRow("opset too new") << QStringList{"opset=18"} << "opset must be 11..17";
    QTest::newRow("unwritable output") << QStringList{"out=/proc/version/x.onnx"} << "the output folder does not exist";
    QTest::newRow("output is a folder") << QStringList{"out=/tmp"} << "the output is a folder";
    QTest::newRow("bad imgsz text") << QStringList{"imgsz=big"} << "imgsz must be a size in pixels";
    QTest::newRow("unknown key") << QStringList{"retina_masks=true"} << "unknown argument 'retina_masks'";
    QTest::newRow("agnostic_nms without nms=false") << QStringList{"agnostic_nms"}
                                                     << "agnostic_nms shapes the end-to-end file's top-k (nms=false)";
    QTest::newRow("nms inside the file") << QStringList{"nms=true"} << "nms=true (NMS inside the file) is not supported";
    QTest::newRow("nms=false without a one-to-one head") << QStringList{"nms=false"} << "nms=false";
}

void TestCliWeights::exportRefusesBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QString best = fixture("demo-yolov8n");
    if (best.isEmpty())
        QSKIP("../shared/fixtures is absent");
    QTemporaryDir dir;
    QStringList all{"export", "weights=" + best};
    if (!args.join(' ').contains("out="))
        all << "out=" + dir.filePath("x.onnx");
    const auto r = cli(all + args);
    QCOMPARE(r.exitCode, 2);
    const QStringList lines = r.err.trimmed().split('\n');
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.first().startsWith("error: ") && lines.first().contains(message), qPrintable(r.err));
    QVERIFY(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());   // nothing written, no temp file
}

QTEST_GUILESS_MAIN(TestCliWeights)
#include "test_cli_weights.moc"
