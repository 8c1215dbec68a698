// yolostudio-cli import as a user runs it: a pasted YOLOv9 / Ultralytics command (or Python code) becomes an args.yaml that
// `train cfg=` trains with; what is not carried over is listed with the reason; bad input exits 2.
#include "clirun.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = ys::test::CliRun;
using ys::test::cli;

const QString kIssueCommand =
    "python train_dual.py --workers 8 --device 0 --batch 32 --data data.yaml --img 640 --cfg "
    "models/detect/yolov9-s.yaml --weights '' --hyp hyp.scratch-high.yaml --epochs 20 --close-mosaic 15";

QString readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

}  // namespace

class TestCliImport final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void issueCommandWritesArgsYaml()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(YS_TEST_DATA_DIR "/config/yolov9-hyp.scratch-high.yaml", dir.filePath("hyp.scratch-high.yaml")));
        const QString out = dir.filePath("args.yaml");
        const Run r = cli({"import", kIssueCommand + " --sync-bn --noplots", "out=" + out, "dir=" + dir.path()});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.err.isEmpty());
        // What was mapped, from which flag; what was not, and why.
        QVERIFY2(r.out.startsWith("Read the YOLOv9 command (train_dual.py): "), qPrintable(r.out));
        QVERIFY(r.out.contains(QRegularExpression(R"(\n  batch +32 +--batch 32\n)")));
        QVERIFY(r.out.contains(QRegularExpression(R"(\n  model +yolov9s\.yaml +--cfg models/detect/yolov9-s\.yaml\n)")));
        QVERIFY(r.out.contains("from --hyp hyp.scratch-high.yaml (23 settings): lr0 0.01,"));
        QVERIFY(r.out.contains(QRegularExpression(R"(\n  sync_bn +true +--sync-bn\n)")));
        QVERIFY2(r.out.contains("Not imported:\n  --noplots: logging, plots or uploads only"), qPrintable(r.out));
        QVERIFY(r.out.contains("cls_pw, obj, obj_pw, iou_t, anchor_t, fl_gamma: settings of hyp.scratch-high.yaml"));
        QVERIFY(r.out.contains("train with: yolostudio-cli train cfg=" + out + "\n"));
        const QString yaml = readAll(out);
        for (const QString line : {"batch: 32  # --batch 32", "imgsz: 640  # --img 640", "epochs: 20  # --epochs 20",
                                   "close_mosaic: 15  # --close-mosaic 15", "device: \"0\"  # --device 0",
                                   "model: \"yolov9s.yaml\"  # --cfg models/detect/yolov9-s.yaml",
                                   "workers: 8  # --workers 8", "mixup: 0.15  # --hyp hyp.scratch-high.yaml",
                                   "optimizer: \"SGD\"  # train_dual.py"})
            QVERIFY2(yaml.contains("\n" + line + "\n"), qPrintable(line + "\n---\n" + yaml));
        // dir= names where the command ran: its relative paths are written absolute.
        QVERIFY(yaml.contains("\ndata: \"" + QDir::cleanPath(dir.filePath("data.yaml")) + "\"  # --data data.yaml\n"));
        // Written atomically: no temporary file beside it.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
    }

    void withoutOutPrintsTheYaml()
    {
        const Run r = cli({"import", kIssueCommand});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.err.isEmpty());
        QVERIFY2(r.out.startsWith("# YOLO Studio settings imported from this YOLOv9 command (train_dual.py):\n"
                                  "#   " + kIssueCommand + "\n"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("\nbatch: 32  # --batch 32\n"));
        QVERIFY(r.out.contains("\nclose_mosaic: 15  # --close-mosaic 15\n"));
    }

    void ultralyticsWordsAfterImport()
    {
        // Unquoted: the shell split the words already; key=value and out= are told apart.
        QTemporaryDir dir;
        const QString out = dir.filePath("u.yaml");
        const Run r = cli({"import", "yolo", "detect", "train", "data=coco8.yaml", "model=yolov8s.pt", "epochs=3",
                           "imgsz=320", "batch=-1", "out=" + out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString yaml = readAll(out);
        for (const QString line : {"model: \"yolov8s.pt\"  # model=yolov8s.pt", "epochs: 3  # epochs=3",
                                   "imgsz: 320  # imgsz=320", "batch: -1  # batch=-1",
                                   "data: \"coco8.yaml\"  # data=coco8.yaml"})
            QVERIFY2(yaml.contains("\n" + line + "\n"), qPrintable(line + "\n---\n" + yaml));
        QVERIFY(r.out.contains("note: fine-tunes the weights of yolov8s.pt"));
    }

    void ultralytics84LineWithYolo26()
    {
        // A YOLO26 model is imported as the model setting; Ultralytics 8.4's settings are mapped or listed with
        // what they did there.
        const Run r = cli({"import", "yolo train model=yolo26s.yaml data=d.yaml amp=bf16 nms=False multi_scale=0.5 "
                                     "compile=True"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("\nmodel: \"yolo26s.yaml\"  # model=yolo26s.yaml\n"), qPrintable(r.out));
        QVERIFY(r.out.contains("\namp: \"bf16\"  # amp=bf16\n"));
        QVERIFY2(r.out.contains("\n# nms: each epoch validates YOLO26's one-to-one head without NMS"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("\nnms: false  # nms=False\n"));
        QVERIFY(r.out.contains("#   multi_scale=0.5: Ultralytics trains each batch at a random size from 320 to 960 "
                               "pixels (imgsz 640)"));
        QVERIFY(r.out.contains("#   compile=True: torch.compile is PyTorch's Python compiler"));
        QVERIFY2(!r.out.contains("not train"), qPrintable(r.out));
    }

    void pythonCodeFromAFileAndStdin()
    {
        // Ultralytics' documentation example as a script: file= reads it; the sources are the code as written.
        QTemporaryDir dir;
        const QString script = dir.filePath("train_coco.py");
        ys::test::writeText(script, "from ultralytics import YOLO\n\n"
                                    "model = YOLO(\"yolov8n.pt\")  # a pretrained model\n"
                                    "results = model.train(data=\"coco128.yaml\", epochs=50, imgsz=640, batch=16,\n"
                                    "                      workers=os.cpu_count())\n");
        const QString out = dir.filePath("args.yaml");
        const Run r = cli({"import", "file=" + script, "out=" + out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith("Read the Ultralytics command (model.train()): 5 settings, 1 not imported.\n"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("Not imported:\n  workers=os.cpu_count(): a Python expression, not evaluated here"));
        const QString yaml = readAll(out);
        for (const QString line : {"model: \"yolov8n.pt\"  # YOLO(\"yolov8n.pt\")", "epochs: 50  # epochs=50",
                                   "imgsz: 640  # imgsz=640", "batch: 16  # batch=16",
                                   "data: \"coco128.yaml\"  # data=\"coco128.yaml\""})
            QVERIFY2(yaml.contains("\n" + line + "\n"), qPrintable(line + "\n---\n" + yaml));
        // The same from standard input gives the same file.
        QProcess p;
        p.start(QStringLiteral(YS_CLI_PATH), {"import", "file=-"});
        QVERIFY(p.waitForStarted());
        p.write(readAll(script).toUtf8());
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()), yaml);
        // A syntax error names the file and the line.
        ys::test::writeText(script, "model = YOLO('yolov8n.pt')\nmodel.train(data='d.yaml',\n");
        const Run bad = cli({"import", "file=" + script});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.startsWith("error: " + script + ":2: the bracket that opens at line 2 is not closed"),
                 qPrintable(bad.err));
    }

    void cannotImportExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("stderrContains");
        QTest::newRow("no command") << QStringList{"import"} << "no command given";
        QTest::newRow("only out=") << QStringList{"import", "out=x.yaml"} << "no command given";
        QTest::newRow("not training") << QStringList{"import", "python detect.py --weights best.pt"}
                                      << "no training command (found 'python detect.py --weights best.pt')";
        QTest::newRow("yolo predict") << QStringList{"import", "yolo predict model=best.pt"} << "no training command";
        QTest::newRow("open quote") << QStringList{"import", "python train.py --name 'run 1"}
                                    << "the single quote at line 1, column 24 is not closed";
        QTest::newRow("both") << QStringList{"import", "yolo train epochs=3", "file=x.py"}
                              << "give the command or file=x.py, not both";
        QTest::newRow("file missing") << QStringList{"import", "file=AFILE/x.py"} << "AFILE/x.py";
        QTest::newRow("python without train") << QStringList{"import", "from ultralytics import YOLO; YOLO('x.pt').val()"}
                                              << "no training call in the Python code (found 'YOLO('x.pt').val()')";
        QTest::newRow("out unwritable") << QStringList{"import", "python train.py --epochs 3", "out=AFILE/x.yaml"}
                                        << "AFILE";
    }
    void cannotImportExitsTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, stderrContains);
        QTemporaryDir dir;
        const QString aFile = dir.filePath("a-file");
        ys::test::writeText(aFile, "x");
        for (QString& a : args)
            a.replace("AFILE", aFile);
        stderrContains.replace("AFILE", aFile);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("error: ") && r.err.contains(stderrContains), qPrintable(r.err));
        QCOMPARE(r.err.count('\n'), 1);
    }

    void helpDescribesIt()
    {
        Run r = cli({"import", "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("usage: yolostudio-cli import \"COMMAND\" [out=args.yaml] [dir=FOLDER]\n"
                                 "       yolostudio-cli import file=FILE [out=args.yaml] [dir=FOLDER]\n"));
        QVERIFY(r.out.contains("model.train(data=..., epochs=..., ...)"));
        r = cli({"--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QRegularExpression(R"(\n  import +read a YOLOv5/v7/v9 or yolo train command)")));
        // fit takes the file import writes, as train does.
        r = cli({"fit", "cfg=/nonexistent/args.yaml"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("/nonexistent/args.yaml"), qPrintable(r.err));
    }

    void importedSettingsTrain()
    {
        // The whole way: a YOLOv5-style command, imported, trained with `train cfg=` for one epoch; the run's
        // args.yaml holds the command's values and train.py's own defaults.
        QTemporaryDir dir;
        const QString demo = dir.filePath("demo");
        Run r = cli({"demo", "out=" + demo, "train=8", "val=4"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString command = "python train.py --data " + demo + "/data.yaml --cfg yolov8n.yaml --weights '' "
                                "--img 64 --epochs 1 --batch-size 4 --workers 0 --project " + dir.filePath("runs") +
                                " --name imported --exist-ok";
        const QString args = dir.filePath("args.yaml");
        r = cli({"import", command, "out=" + args});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = cli({"train", "cfg=" + args, "amp=off", "threads=2"}, 300000);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err.right(800)));
        QVERIFY2(!r.err.contains("note:") && !r.err.contains("error:"), qPrintable(r.err));  // the file loads clean
        const QString runArgs = readAll(dir.filePath("runs/imported/args.yaml"));
        for (const QString line : {"model: \"yolov8n.yaml\"", "imgsz: 64", "batch: 4", "epochs: 1", "workers: 0",
                                   "optimizer: \"SGD\"", "close_mosaic: 0", "exist_ok: true"})
            QVERIFY2(runArgs.contains("\n" + line + "\n") || runArgs.startsWith(line + "\n"),
                     qPrintable(line + "\n---\n" + runArgs));
        QVERIFY(QFile::exists(dir.filePath("runs/imported/weights/last.pt")));
    }
};

QTEST_GUILESS_MAIN(TestCliImport)
#include "test_cli_import.moc"
