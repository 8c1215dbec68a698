// yolostudio-cli check and demo as a user runs them: exit codes, stdout/stderr, the JSON file.
#include "clirun.h"
#include "datasetbuilder.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <utility>

#include <dlfcn.h>

namespace {

using Run = ys::test::CliRun;
using ys::test::cli;

#ifdef YS_WITH_CUDA
constexpr bool kCudaBuild = true;
#else
constexpr bool kCudaBuild = false;
#endif

// yolostudio-cli with the fake NVIDIA driver first on the library path, answering as `answers` say.
Run cliWithFakeDriver(const QStringList& args, const QList<std::pair<QString, QString>>& answers)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString path = env.value("LD_LIBRARY_PATH");
    env.insert("LD_LIBRARY_PATH", QStringLiteral(YS_FAKE_CUDA_DIR) + (path.isEmpty() ? QString() : ":" + path));
    for (const auto& [name, value] : answers)
        env.insert(name, value);
    return ys::test::runProcess(QStringLiteral(YS_CLI_PATH), args, 120000, env);
}

}  // namespace

class TestCli final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void checkCleanAndBrokenDatasetsExitZero()
    {
        QTemporaryDir dir;
        const ys::test::BrokenCase bc = ys::test::makeBrokenCase("image.truncated", dir.path());
        const QString json = dir.path() + "/out/result.json";
        QDir().mkpath(dir.path() + "/out");
        const Run r = cli({"check", "data=" + bc.yaml, "imgsz=320", "json=" + json});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("1 errors"), qPrintable(r.out));
        QVERIFY(r.out.contains("image.truncated"));
        QVERIFY(r.out.contains(bc.file));
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
        QCOMPARE(doc["findings"].toArray().size(), 1);
        const QJsonObject finding = doc["findings"][0].toObject();
        for (const char* key : {"severity", "code", "file", "line", "message"})
            QVERIFY2(finding.contains(key), key);
        QCOMPARE(finding["code"].toString(), QString("image.truncated"));
        QCOMPARE(doc["summary"]["images"]["train"].toInt(), 20);
        QCOMPARE(doc["options"]["imgsz"].toInt(), 320);
        // Written atomically: no temporary file is left next to it.
        QCOMPARE(QDir(dir.path() + "/out").entryList(QDir::Files | QDir::Hidden).size(), 1);
        // The dataset's folder opens its data.yaml (findDataYaml), as a drop on the studio does.
        const Run folder = cli({"check", "data=" + QFileInfo(bc.yaml).absolutePath()});
        QCOMPARE(folder.exitCode, 0);
        QVERIFY2(folder.out.contains(QFileInfo(bc.yaml).absoluteFilePath()), qPrintable(folder.out + folder.err));
    }

    void cannotRunExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("stderrContains");
        QTest::newRow("no data") << QStringList{"check"} << "data=";
        QTest::newRow("missing yaml") << QStringList{"check", "data=/nonexistent/data.yaml"} << "not found";
        QTest::newRow("bad yaml") << QStringList{"check", "data=BADYAML"} << "data.yaml:3:1: YAML syntax error";
        QTest::newRow("bad imgsz") << QStringList{"check", "data=GOODYAML", "imgsz=big"} << "imgsz";
        QTest::newRow("unknown key") << QStringList{"check", "data=GOODYAML", "colour=red"} << "colour";
        QTest::newRow("json unwritable") << QStringList{"check", "data=GOODYAML", "json=AFILE/x.json"} << "cannot";
        QTest::newRow("demo without out") << QStringList{"demo"} << "out=";
    }
    void cannotRunExitsTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, stderrContains);
        QTemporaryDir dir;
        ys::test::DatasetBuilder b(dir.path());
        b.makeClean();
        ys::test::writeText(dir.path() + "/bad/data.yaml", "train: images/train\nval: [oops\n");
        for (QString& a : args) {
            a.replace("BADYAML", dir.path() + "/bad/data.yaml");
            a.replace("GOODYAML", b.yamlPath());
            a.replace("AFILE", b.yamlPath());  // a folder path below a regular file cannot be created
        }
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(stderrContains), qPrintable(r.err));
        QVERIFY(r.err.startsWith("error: "));
    }

    void help()
    {
        for (const QString cmd : {"check", "demo", "devices"}) {
            const Run r = cli({cmd, "--help"});
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.out.contains("usage: yolostudio-cli " + cmd));
        }
    }

    void trainHelpComesFromTheSchema()
    {
        const Run r = cli({"train", "--help"});
        QCOMPARE(r.exitCode, 0);
        // Every setting, under its group, resumable ones marked; vram may change on resume too.
        QVERIFY2(r.out.contains("Memory & precision"), qPrintable(r.out));
        QVERIFY(r.out.contains(QRegularExpression(R"(\* vram\s)")));
        QVERIFY(r.out.contains(QRegularExpression(R"(\n   lr0\s+0\.01\s+initial learning rate)")));
        QVERIFY(r.out.contains(QRegularExpression(R"(\* batch\s+16 images)")));
        QVERIFY(r.out.contains(QRegularExpression(R"(may change on resume: [^)]*vram)")));
    }

    void trainSettingsFileAndPresetErrors()
    {
        QTemporaryDir dir;
        const QString hyp = dir.filePath("hyp.yaml");
        ys::test::writeText(hyp, "lr0: fast\nobj: 0.7\nmosaic: 3\n");
        Run r = cli({"train", "cfg=" + hyp, "data=x.yaml"});
        QCOMPARE(r.exitCode, 2);
        // Every bad value, each with its line; the unused key is not an error.
        QVERIFY2(r.err.contains(hyp + ":1:6: 'lr0' must be a number"), qPrintable(r.err));
        QVERIFY(r.err.contains(hyp + ":3:9: 'mosaic' must be between 0 and 1"));
        QVERIFY(!r.err.contains("obj"));
        r = cli({"train", "preset=fastest", "data=x.yaml"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("unknown preset 'fastest' (presets: ultralytics, yolov9-scratch-high, low-memory, staged)"),
                 qPrintable(r.err));
    }

    void demoThenCheck()
    {
        QTemporaryDir dir;
        const QString out = dir.path() + "/演示 demo";
        Run r = cli({"demo", "out=" + out, "seed=3", "train=30", "val=10"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFile::exists(out + "/data.yaml"));
        QCOMPARE(QDir(out + "/images/train").entryList(QDir::Files).size(), 30);
        r = cli({"check", "data=" + out + "/data.yaml", "threads=1"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("0 errors"), qPrintable(r.out));
    }

    void devicesListsTheCpuFirst()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath("devices.json");
        const Run r = cli({"devices", "json=" + json});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith("cpu  "), qPrintable(r.out));
        QVERIFY(r.out.contains(QRegularExpression(R"(free of [0-9.]+ GiB, [0-9]+ cores\n)")));
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray devices = QJsonDocument::fromJson(f.readAll()).array();
        QVERIFY(!devices.isEmpty());
        QCOMPARE(devices[0]["id"].toString(), QString("cpu"));
        QVERIFY(devices[0]["total_bytes"].toDouble() > 0);
        // One line per device, in the file's order.
        QCOMPARE(r.out.count(QRegularExpression(R"(^\S+ +.*: .* free of )", QRegularExpression::MultilineOption)),
                 static_cast<int>(devices.size()));
        QCOMPARE(cli({"devices", "colour=red"}).exitCode, 2);
    }

    // Without a usable GPU the list says why in one line, from the NVIDIA driver itself. This machine's own
    // answer when it has no driver; then a fake libcuda.so.1 (tests/support/fakecuda) first on the library path,
    // standing for an old driver and for hidden GPUs. The fake only ever reports a failure: LibTorch is not
    // asked then, so its CUDA runtime never meets the fake.
    void devicesSayWhyThereIsNoGpu()
    {
        if (void* driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL)) {
            dlclose(driver);
            qInfo("this machine has an NVIDIA driver: its own answer is not checked");
        } else {
            const Run own = cli({"devices"});
            QCOMPARE(own.exitCode, 0);
            // (On WSL2 the line goes on to name the Windows driver's folder.)
            QVERIFY2(own.out.contains(kCudaBuild ? "\nno GPU: no NVIDIA driver (libcuda.so.1 not found)"
                                                 : "\nno GPU: this build of LibTorch has no CUDA\n"),
                     qPrintable(own.out));
        }
        if (!kCudaBuild)
            QSKIP("a CPU-only build does not ask the driver");

        QTemporaryDir dir;
        const QString json = dir.filePath("devices.json");
        Run r = cliWithFakeDriver({"devices", "json=" + json}, {{"FAKE_CUDA_VERSION", "12040"}});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith("cpu  "), qPrintable(r.out));
        QVERIFY2(r.out.endsWith("\nno GPU: the NVIDIA driver supports CUDA 12.4; this build needs CUDA 13.0 (driver 580 "
                                "or newer)\n"),
                 qPrintable(r.out));
        QCOMPARE(r.out.count('\n'), 2);
        // LibTorch was not asked (it would warn about the driver on stderr), and the JSON is the same array.
        QVERIFY2(!r.err.contains("CUDA"), qPrintable(r.err));
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
        QVERIFY(doc.isArray());
        QCOMPARE(doc.array().size(), 1);

        r = cliWithFakeDriver({"devices"}, {{"FAKE_CUDA_INIT", "100"}, {"CUDA_VISIBLE_DEVICES", ""}});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.endsWith("\nno GPU: the NVIDIA driver sees no GPU (CUDA_VISIBLE_DEVICES=\"\" hides every GPU)\n"),
                 qPrintable(r.out));
        r = cliWithFakeDriver({"devices"}, {{"FAKE_CUDA_INIT", "999"}});
        QVERIFY2(r.out.contains("\nno GPU: the NVIDIA driver failed to start (cuInit returned 999, CUDA_ERROR_UNKNOWN)"),
                 qPrintable(r.out));

        // A run asked onto a GPU fails with the same reason, before it reads anything.
        const QString data = dir.path() + "/demo";
        QCOMPARE(cli({"demo", "out=" + data, "train=4", "val=2"}).exitCode, 0);
        r = cliWithFakeDriver({"train", "data=" + data + "/data.yaml", "model=yolov8n.yaml", "imgsz=64", "epochs=1",
                               "device=0", "project=" + dir.path() + "/runs"},
                              {{"FAKE_CUDA_VERSION", "12040"}});
        QCOMPARE(r.exitCode, 2);
        // (the trainer resolves device=0 to cuda:0 before it asks)
        QVERIFY2(r.err.contains("device 'cuda:0' asks for a GPU, but the NVIDIA driver supports CUDA 12.4; this build needs "
                                "CUDA 13.0 (driver 580 or newer); use device=cpu"),
                 qPrintable(r.err));
    }

    void fitPrintsMemoryByLayer()
    {
        // fit layers=true: the per-layer table after the report; json=FILE holds the list and the total.
        QTemporaryDir dir;
        const QString json = dir.filePath("fit.json");
        Run r = cli({"fit", "model=yolov8n.yaml", "imgsz=64", "vram=1GiB", "amp=off", "threads=1", "workers=0",
                     "checkpoint=backbone", "layers=true", "json=" + json});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Activation memory by layer at batch"), qPrintable(r.out));
        QVERIFY(r.out.contains("Detect P3/8"));
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject layers = QJsonDocument::fromJson(f.readAll()).object().value("layers").toObject();
        const QJsonArray list = layers.value("layers").toArray();
        QVERIFY(list.size() > 20);
        double sum = 0;
        for (const auto& l : list) {   // the input and the layers; loss and optimizer come after the forward
            const QString part = l.toObject().value("part").toString();
            if (part == "input" || part == "layer")
                sum += l.toObject().value("activation_bytes").toDouble();
        }
        const double total = layers.value("activation_total_bytes").toDouble();
        QVERIFY(total > 0);
        QVERIFY2(std::abs(sum - total) <= 0.05 * total, qPrintable(QString("%1 of %2").arg(sum).arg(total)));
        r = cli({"fit", "model=yolov8n.yaml", "layers=maybe"});
        QCOMPARE(r.exitCode, 2);
        r = cli({"fit", "model=yolov8n.yaml", "checkpoint=some"});
        QCOMPARE(r.exitCode, 2);
    }

    void versionNamesTheRelease()
    {
        for (const QString spelling : {"--version", "version"}) {
            const Run r = cli({spelling});
            QCOMPARE(r.exitCode, 0);
            QCOMPARE(r.out, QStringLiteral("yolostudio-cli " YS_VERSION "\n"));
        }
        QVERIFY(cli({"--help"}).out.contains("version"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
