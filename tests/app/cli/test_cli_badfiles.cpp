// yolostudio-cli given bad files where it expects weights, a model YAML or a data.yaml: every entry point
// answers each kind of bad file (empty, truncated zip, random bytes, a YAML with bad types, a folder, a
// missing file) with exit code 2 and one line on stderr naming the problem, never a LibTorch backtrace or a
// crash. A checkpoint given as model= says what it is and what to do.
#include "datasetbuilder.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QDirIterator>
#include <QtTest>

namespace {

// True when a run folder under `dir` has an events.jsonl whose last event is an error.
bool recordsError(const QString& dir)
{
    QDirIterator it(dir, {QStringLiteral("events.jsonl")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QList<QByteArray> lines = f.readAll().split('\n');
        for (auto l = lines.rbegin(); l != lines.rend(); ++l)
            if (!l->trimmed().isEmpty())
                return l->contains("\"kind\":\"error\"");
    }
    return false;
}

struct Run {
    int exitCode = -1;  // -2: crashed, -3: timed out
    QString out, err;
};

Run cli(const QStringList& args, const QString& workDir)
{
    QProcess p;
    p.setWorkingDirectory(workDir);
    p.start(QStringLiteral(YS_CLI_PATH), args);
    Run r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        r.exitCode = -3;
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QByteArray randomBytes(int n, quint32 seed)
{
    QRandomGenerator gen(seed);
    QByteArray b(n, '\0');
    for (char& c : b)
        c = static_cast<char>(gen.bounded(256));
    return b;
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Writes one bad file of `kind` for an argument of `role` ("weights", "model" or "data") under `dir` and
// returns the path to pass.
QString badFile(const QString& kind, const QString& role, const QString& dir)
{
    const QString name = role == "weights" ? "bad.pt" : role == "model" ? "bad.yaml" : "data.yaml";
    const QString path = dir + "/" + kind + "/" + name;
    if (kind == "empty")
        writeBytes(path, {});
    else if (kind == "truncated zip")
        // A zip's first local file header (what torch.save and our checkpoints start with), cut short.
        writeBytes(dir + "/" + kind + "/bad.pt", QByteArray("PK\x03\x04\x14\x00\x00\x00\x00\x00", 10) +
                                                     randomBytes(300, 7));
    else if (kind == "random bytes")
        writeBytes(path, randomBytes(4096, 11));
    else if (kind == "yaml bad types")
        writeBytes(path, "nc: [1, 2]\nnames: 5\ntrain: {a: b}\nval: 3.5\nbackbone: 7\nhead: text\n"
                         "depth_multiple: many\nscales: [x]\n");
    else if (kind == "folder")
        QDir().mkpath(path);
    if (kind == "truncated zip")
        return dir + "/" + kind + "/bad.pt";
    return path;  // "missing": never written
}

}  // namespace

class TestCliBadFiles final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString goodYaml_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        ys::test::DatasetBuilder b(dir_.path() + "/good");
        QDir().mkpath(b.root());
        b.makeClean();
        goodYaml_ = b.yamlPath();
    }

    void answersWithOneLineAndExitTwo_data()
    {
        QTest::addColumn<QString>("command");   // arguments, BAD = the bad file, GOOD = a clean data.yaml
        QTest::addColumn<QString>("role");
        const QStringList kinds{"empty", "truncated zip", "random bytes", "yaml bad types", "folder", "missing"};
        const QList<QPair<QString, QString>> entries{
            {"val weights=BAD data=GOOD imgsz=64", "weights"},
            {"predict weights=BAD source=IMAGES out=OUT imgsz=64", "weights"},
            {"train resume=BAD", "weights"},
            {"train data=GOOD model=BAD epochs=1 imgsz=64 project=OUT", "model"},
            {"info model=BAD", "model"},
            {"fit data=GOOD model=BAD imgsz=64", "model"},
            {"train data=BAD epochs=1 imgsz=64 project=OUT", "data"},
            {"fit data=BAD imgsz=64", "data"},
            {"check data=BAD", "data"},
        };
        for (const auto& [command, role] : entries)
            for (const QString& kind : kinds)
                QTest::newRow(qPrintable(command.section(' ', 0, 1) + " / " + kind))
                    << command + "|" + kind << role;
    }
    void answersWithOneLineAndExitTwo()
    {
        QFETCH(QString, command);
        QFETCH(QString, role);
        const QString kind = command.section('|', 1);
        const QString caseDir = dir_.path() + "/" + QString::number(qHash(command));
        QDir().mkpath(caseDir);
        const QString bad = badFile(kind, role, caseDir);
        QStringList args = command.section('|', 0, 0).split(' ');
        for (QString& a : args) {
            a.replace("BAD", bad);
            a.replace("GOOD", goodYaml_);
            a.replace("IMAGES", dir_.path() + "/good/images/val");
            a.replace("OUT", caseDir + "/out");
        }
        const Run r = cli(args, caseDir);
        const QString context = args.join(' ') + "\nstdout: " + r.out.right(400) + "\nstderr: " + r.err;
        QVERIFY2(r.exitCode != -2, qPrintable("crashed: " + context));
        QVERIFY2(r.exitCode != -3, qPrintable("timed out: " + context));
        QVERIFY2(r.exitCode == 2, qPrintable(QString("exit %1: ").arg(r.exitCode) + context));
        const QStringList lines = r.err.split('\n', Qt::SkipEmptyParts);
        QVERIFY2(lines.size() == 1 && lines.front().startsWith("error: "), qPrintable(context));
        for (const char* trace : {"Exception raised from", "frame #", "terminate called", "what():"})
            QVERIFY2(!r.err.contains(trace) && !r.out.contains(trace), qPrintable(context));
        // A run that cannot start leaves no run folder behind, except a train whose model cannot be read: the
        // run folder exists by then and records the failure (core/run: the Runs page lists it as failed).
        QVERIFY2(!QDir(caseDir + "/out").exists() || args.front() == "predict" || recordsError(caseDir + "/out"),
                 qPrintable(context));
        QVERIFY2(kind == "missing" || r.err.contains(QFileInfo(bad).fileName()) ||
                     r.err.contains(QFileInfo(bad).absolutePath()),
                 qPrintable("the message names no file: " + context));
    }

    // model=best.pt that is damaged: every command that reads it says so in one line naming it.
    void checkpointGivenAsModelSaysWhatToDo()
    {
        const QString ckpt = dir_.path() + "/ckpt/best.pt";
        writeBytes(ckpt, QByteArray("PK\x03\x04", 4) + randomBytes(64, 3));
        for (const QString cmd : {"train", "fit", "info"}) {
            QStringList args{cmd, "model=" + ckpt};
            if (cmd != "info")
                args << "data=" + goodYaml_ << "imgsz=64";
            if (cmd == "train")
                args << "project=" + dir_.path() + "/ckpt/out";
            const Run r = cli(args, dir_.path());
            QVERIFY2(r.exitCode > 0, qPrintable(r.err));
            QVERIFY(!r.err.contains("unknown escape"));
            if (cmd == "fit") {
                // The memory fit reads the architecture a checkpoint holds (fine-tuning with batch=auto): this
                // one is damaged, said in one line naming it, as an input error.
                QCOMPARE(r.exitCode, 2);
                QVERIFY2(r.err.contains("best.pt") && r.err.contains("damaged") && r.err.trimmed().count('\n') < 3,
                         qPrintable(r.err));
            } else {
                // train and info read weights files (fine-tuning, inspection): this one is damaged, said in one
                // line naming it.
                QVERIFY2(r.err.contains("best.pt") && r.err.trimmed().count('\n') < 3, qPrintable(r.err));
            }
        }
        // The Ultralytics habit `model=yolov8n.pt` (which it downloads) names the YAML to use.
        const Run r = cli({"train", "data=" + goodYaml_, "model=yolov8n.pt", "project=" + dir_.path() + "/ckpt/out"},
                          dir_.path());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("yolov8n.yaml"), qPrintable(r.err));
        // The run that could not start is recorded as failed, with the message.
        QVERIFY(!QDir(dir_.path() + "/ckpt/out").exists() || recordsError(dir_.path() + "/ckpt/out"));
    }
};

QTEST_GUILESS_MAIN(TestCliBadFiles)
#include "test_cli_badfiles.moc"
