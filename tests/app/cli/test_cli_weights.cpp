// yolostudio-cli with weights files as users have them: `info model=best.pt` shows what an Ultralytics
// checkpoint holds; a file that is not a checkpoint, or one cut short, is a one-line error naming it on info,
// val, predict and train (never a crash or a backtrace). Skipped without ../shared/fixtures.
#include "clirun.h"

#include <QDir>
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
    for (const char* c : {"info", "val", "predict", "train"})
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

QTEST_GUILESS_MAIN(TestCliWeights)
#include "test_cli_weights.moc"
