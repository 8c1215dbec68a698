// Bring your own command: training commands as users paste them (YOLOv5/v7/v9 scripts, Ultralytics' yolo
// lines and Python model.train(...) calls) read into the studio's settings, with the source of each value and the reason for what is left out.
#include "import/commandimport.h"
#include "common/configfile.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <set>

using ys::CommandImport;
using ys::CommandImportOptions;

namespace {

// What model/model.h's builtinModels() lists (this test does not link the model library): YOLOv8, YOLO11 and
// YOLO26 at every scale, YOLOv9 one file per scale.
const std::vector<std::string> kBuiltins = {
    "yolov8n.yaml", "yolov8s.yaml", "yolov8m.yaml", "yolov8l.yaml", "yolov8x.yaml", "yolo11n.yaml", "yolo11s.yaml",
    "yolo11m.yaml", "yolo11l.yaml", "yolo11x.yaml", "yolo26n.yaml", "yolo26s.yaml", "yolo26m.yaml", "yolo26l.yaml",
    "yolo26x.yaml", "yolov9t.yaml", "yolov9s.yaml", "yolov9m.yaml", "yolov9c.yaml", "yolov9e.yaml"};

// Every key of Ultralytics 8.4.190's cfg/default.yaml with its default value (a value where the default is
// empty), as one `yolo train` line.
const char* const kUltralytics84Keys =
    "task=detect mode=train model=yolo26n.pt data=d.yaml epochs=100 time=1.5 patience=100 batch=16 imgsz=640 "
    "save=True save_period=-1 cache=False device=0 workers=8 project=runs name=exp exist_ok=False "
    "pretrained=True cls_remap=True optimizer=auto verbose=True seed=0 deterministic=True single_cls=False "
    "rect=False cos_lr=False close_mosaic=10 resume=False amp=True fraction=1.0 profile=False freeze=3 "
    "multi_scale=0.0 compile=False channels_last=True overlap_mask=True mask_ratio=4 dropout=0.0 val=True "
    "split=val save_json=False conf=0.001 iou=0.7 max_det=300 quantize=8 dnn=False plots=True nms=False "
    "source=img vid_stride=1 stream_buffer=False visualize=False augment=False agnostic_nms=False "
    "classes=[0,2] retina_masks=False embed=[1] show=False save_frames=False save_txt=False save_conf=False "
    "save_crop=False show_labels=True show_conf=True show_boxes=True line_width=2 format=torchscript "
    "optimize=False dynamic=False simplify=True opset=17 workspace=4 lr0=0.01 lrf=0.01 momentum=0.937 "
    "weight_decay=0.0005 warmup_epochs=3.0 warmup_momentum=0.8 warmup_bias_lr=0.1 distill_model=yolo26s.pt "
    "dis=6.0 box=7.5 cls=0.5 cls_pw=0.0 dfl=1.5 pose=12.0 kobj=1.0 rle=1.0 angle=1.0 dlog=1.0 dgrad=0.5 "
    "dlam=1.0 nbs=64 hsv_h=0.015 hsv_s=0.7 hsv_v=0.4 degrees=0.0 translate=0.1 scale=0.5 shear=0.0 "
    "perspective=0.0 flipud=0.0 fliplr=0.5 bgr=0.0 mosaic=1.0 mixup=0.0 cutmix=0.0 copy_paste=0.0 "
    "copy_paste_mode=flip auto_augment=randaugment erasing=0.4 cfg=args.yaml tracker=botsort.yaml";

// The command of issue 16, as a user pastes it.
const char* const kIssueCommand =
    "python train_dual.py --workers 8 --device 0 --batch 32 --data data.yaml --img 640 --cfg "
    "models/detect/yolov9-s.yaml --weights '' --hyp hyp.scratch-high.yaml --epochs 20 --close-mosaic 15";

QString dataFile(const char* name)
{
    return QStringLiteral(YS_TEST_DATA_DIR "/config/") + QLatin1String(name);
}

CommandImportOptions options(const QString& workingDir = {})
{
    CommandImportOptions o;
    o.workingDir = workingDir.toStdString();
    o.builtinModels = kBuiltins;
    return o;
}

// Runs the import in `dir` as the current folder (relative paths are looked up there).
ys::Expected<CommandImport> importIn(const QString& dir, const std::string& text, const CommandImportOptions& o = options())
{
    const QString previous = QDir::currentPath();
    QDir::setCurrent(dir);
    auto r = ys::importCommand(text, o);
    QDir::setCurrent(previous);
    return r;
}

const ys::ImportedSetting* mapped(const CommandImport& r, const std::string& key)
{
    for (const auto& s : r.mapped)
        if (s.key == key)
            return &s;
    return nullptr;
}

QString value(const CommandImport& r, const std::string& key)
{
    const auto* s = mapped(r, key);
    return s ? QString::fromStdString(s->value) : QStringLiteral("<not set>");
}

QString source(const CommandImport& r, const std::string& key)
{
    const auto* s = mapped(r, key);
    return s ? QString::fromStdString(s->source) : QStringLiteral("<not set>");
}

bool hasNote(const CommandImport& r, const std::string& key, const std::string& code)
{
    const auto* s = mapped(r, key);
    if (!s)
        return false;
    return std::any_of(s->notes.begin(), s->notes.end(), [&](const ys::ImportNote& n) { return n.code == code; });
}

// The items skipped for `code`, as "item" strings.
QStringList skipped(const CommandImport& r, const std::string& code)
{
    QStringList items;
    for (const auto& s : r.skipped)
        if (s.reason.code == code)
            items << QString::fromStdString(s.item);
    return items;
}

QStringList allSkipped(const CommandImport& r)
{
    QStringList items;
    for (const auto& s : r.skipped)
        items << QString::fromStdString(s.reason.code + " " + s.item);
    return items;
}

bool hasWholeNote(const CommandImport& r, const std::string& code, const std::vector<std::string>& args = {})
{
    for (const auto& n : r.notes)
        if (n.code == code && (args.empty() || n.args == args))
            return true;
    return false;
}

QStringList words(const std::string& text)
{
    QStringList out;
    auto w = ys::splitShellWords(text);
    if (!w)
        return {QStringLiteral("ERROR ") + QString::fromStdString(w.error().toString())};
    for (const auto& word : *w)
        out << (word.op ? QStringLiteral("<") + QString::fromStdString(word.text) + QStringLiteral(">")
                        : QString::fromStdString(word.text));
    return out;
}

#define VERIFY_OK(r) QVERIFY2((r).ok(), (r).ok() ? "" : (r).error().toString().c_str())

}  // namespace

class TestCommandImport final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shellWords_data();
    void shellWords();
    void unclosedQuoteNamesItsColumn();
    void shellQuoteReadsBack();

    void issueCommandWithoutTheHypFile();
    void issueCommandReadsTheHypFile();
    void hypFoundBesideTheScript();
    void spellingsOfTheSameCommand_data();
    void spellingsOfTheSameCommand();
    void imageSizeIsRoundedAsTheTrainerDoes();
    void unknownAndUnsupportedFlags();
    void weightsAloneFineTune();
    void cfgWinsOverWeights();
    void anchorModelsAreNotMapped();
    void valuesTrainConfigRejects();
    void scriptFlags_data();
    void scriptFlags();
    void ownScriptGetsNoDefaults();
    void yolov7Command();
    void yolov5HypGainsAreNotCopied();
    void torchrunAndDeviceLists();
    void workingFolderAndEnvironment();
    void shellAroundTheCommand();
    void linesWithoutBackslashAreJoined();
    void notATrainingCommand_data();
    void notATrainingCommand();

    void ultralyticsLineFromTheIssue();
    void ultralyticsKeys();
    void ultralyticsCfgFile();

    void pythonCallMatchesTheYoloLine();
    void pythonCallSpellings();
    void pythonValuesThatAreNotRead();
    void pythonModels();
    void pythonDictsAndTrainers();
    void pythonErrors_data();
    void pythonErrors();

    void yamlTrainsWithTheSameSettings();
    void wordsFromArgv();
    void commandEpochsClearTheSetupsStages();
    void gpusThisMachineLacksAreNamed();
    void yolo26ModelsImport();
    void ultralytics84Settings();
    void ultralytics84FractionAndMultiScale();
    void ultralytics84IdleGpu();
    void everyUltralytics84KeyIsAccountedFor();
    void everyCodeHasText();
};

// ---- shell words ---------------------------------------------------------------------------------------------

void TestCommandImport::shellWords_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("blanks") << "a  b\tc" << QStringList{"a", "b", "c"};
    QTest::newRow("single quotes") << "--weights '' --name 'my run'" << QStringList{"--weights", "", "--name", "my run"};
    QTest::newRow("double quotes") << R"(--name "a \"b\" \$x \n")" << QStringList{"--name", R"(a "b" $x \n)"};
    QTest::newRow("adjacent parts") << R"(--data="my data"/d.yaml)" << QStringList{"--data=my data/d.yaml"};
    QTest::newRow("backslash") << R"(a\ b c\\d)" << QStringList{"a b", R"(c\d)"};
    QTest::newRow("continuation") << "python train.py \\\n  --epochs 3 \\\r\n --img 64" <<
        QStringList{"python", "train.py", "--epochs", "3", "--img", "64"};
    QTest::newRow("caret and backtick") << "python train.py ^\n --epochs 3 `  \n --img 64" <<
        QStringList{"python", "train.py", "--epochs", "3", "--img", "64"};
    QTest::newRow("newline separates") << "cd x\npython t.py" << QStringList{"cd", "x", "<\n>", "python", "t.py"};
    QTest::newRow("operators") << "a&&b||c;d|e&" <<
        QStringList{"a", "<&&>", "b", "<||>", "c", "<;>", "d", "<|>", "e", "<&>"};
    QTest::newRow("redirections") << "a > log 2>&1 2> err >>all" <<
        QStringList{"a", "<>>", "log", "<2>&1>", "<2>>", "err", "<>>>", "all"};
    QTest::newRow("quoted digit is a word") << "a '2'>x" << QStringList{"a", "2", "<>>", "x"};
    QTest::newRow("comment") << "a # b c\nd" << QStringList{"a", "<\n>", "d"};
    QTest::newRow("hash inside a word") << "a#b" << QStringList{"a#b"};
    QTest::newRow("typographic quotes") << "--weights \xE2\x80\x98\xE2\x80\x99 --name \xE2\x80\x9Cmy run\xE2\x80\x9D" <<
        QStringList{"--weights", "", "--name", "my run"};
    QTest::newRow("no expansion") << "$HOME/x ~/y" << QStringList{"$HOME/x", "~/y"};
    QTest::newRow("unicode") << "--name 实验" << QStringList{"--name", "实验"};
}

void TestCommandImport::shellWords()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    QCOMPARE(words(text.toStdString()), expected);
}

void TestCommandImport::unclosedQuoteNamesItsColumn()
{
    auto w = ys::splitShellWords("python train.py \\\n  --name 'oops --epochs 3");
    QVERIFY(!w.ok());
    QCOMPARE(w.error().code, std::string("import.quote"));
    QCOMPARE(w.error().line, 2);
    QCOMPARE(w.error().column, 10);
    auto r = ys::importCommand("yolo train data=\"x.yaml", options());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("import.quote"));
}

void TestCommandImport::shellQuoteReadsBack()
{
    for (const std::string w : {"", "plain/path-1.yaml", "my run", "it's", "a\"b", "$x", "实验 1", "a\\b"}) {
        auto back = ys::splitShellWords(ys::shellQuote(w));
        QVERIFY(back.ok());
        QCOMPARE(back->size(), size_t(1));
        QCOMPARE(back->front().text, w);
    }
    QCOMPARE(ys::shellQuote("models/detect/yolov9-s.yaml"), std::string("models/detect/yolov9-s.yaml"));
}

// ---- YOLOv5 / YOLOv7 / YOLOv9 scripts ------------------------------------------------------------------------

void TestCommandImport::issueCommandWithoutTheHypFile()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), kIssueCommand);
    VERIFY_OK(r);
    QCOMPARE(r->style, CommandImport::Style::TrainScript);
    QCOMPARE(r->program, std::string("train_dual.py"));
    QCOMPARE(r->dialect, std::string("YOLOv9"));
    QCOMPARE(value(*r, "batch"), "32");
    QCOMPARE(value(*r, "imgsz"), "640");
    QCOMPARE(value(*r, "epochs"), "20");
    QCOMPARE(value(*r, "close_mosaic"), "15");
    QCOMPARE(value(*r, "device"), "0");
    QCOMPARE(value(*r, "model"), "yolov9s.yaml");
    QCOMPARE(value(*r, "workers"), "8");
    QCOMPARE(value(*r, "data"), "data.yaml");  // no folder named: kept as written
    QCOMPARE(r->config.batch, 32);
    QCOMPARE(r->config.model, std::string("yolov9s.yaml"));
    // Where each came from, as the command spells it.
    QCOMPARE(source(*r, "batch"), "--batch 32");
    QCOMPARE(source(*r, "imgsz"), "--img 640");
    QCOMPARE(source(*r, "model"), "--cfg models/detect/yolov9-s.yaml");
    QVERIFY(hasNote(*r, "model", "import.builtin_model"));
    QVERIFY(hasNote(*r, "model", "import.yolov9_aux"));
    QVERIFY(hasNote(*r, "model", "import.from_scratch"));
    QVERIFY(hasNote(*r, "data", "import.not_found_here"));
    // The hyp file is not here: YOLOv9's own values of it (the preset), said so.
    QCOMPARE(value(*r, "scale"), "0.9");
    QCOMPARE(value(*r, "mixup"), "0.15");
    QCOMPARE(value(*r, "copy_paste"), "0.3");
    QCOMPARE(source(*r, "mixup"), "--hyp hyp.scratch-high.yaml");
    QVERIFY(hasWholeNote(*r, "import.hyp_builtin", {"hyp.scratch-high.yaml"}));
    // train_dual.py's own default optimizer (the studio's would be auto).
    QCOMPARE(value(*r, "optimizer"), "SGD");
    QVERIFY(hasNote(*r, "optimizer", "import.script_default"));
    QVERIFY2(r->skipped.empty(), qPrintable(allSkipped(*r).join('\n')));
    QCOMPARE(r->notes.size(), size_t(1));
    QCOMPARE(r->command, std::string(kIssueCommand));
}

void TestCommandImport::issueCommandReadsTheHypFile()
{
    QTemporaryDir dir;
    QVERIFY(QFile::copy(dataFile("yolov9-hyp.scratch-high.yaml"), dir.filePath("hyp.scratch-high.yaml")));
    // A value the preset does not have shows that the file is read, not the built-in copy.
    QFile hyp(dir.filePath("hyp.scratch-high.yaml"));
    QVERIFY(hyp.open(QIODevice::ReadOnly));
    const QByteArray text = hyp.readAll().replace("degrees: 0.0", "degrees: 5.0");
    hyp.close();
    QVERIFY(text.contains("degrees: 5.0"));
    ys::test::writeText(dir.filePath("hyp.scratch-high.yaml"), text.toStdString());
    auto r = importIn(dir.path(), kIssueCommand);
    VERIFY_OK(r);
    QCOMPARE(value(*r, "batch"), "32");
    QCOMPARE(value(*r, "model"), "yolov9s.yaml");
    QCOMPARE(value(*r, "degrees"), "5.0");
    QCOMPARE(value(*r, "scale"), "0.9");
    QCOMPARE(value(*r, "mixup"), "0.15");
    QCOMPARE(value(*r, "lr0"), "0.01");
    QCOMPARE(source(*r, "lr0"), "--hyp hyp.scratch-high.yaml");
    QVERIFY(!hasWholeNote(*r, "import.hyp_builtin"));
    // YOLOv9's anchor-era keys are listed once, with the file.
    QCOMPARE(skipped(*r, "import.file_keys_unused"), QStringList{"cls_pw, obj, obj_pw, iou_t, anchor_t, fl_gamma"});
    QCOMPARE(r->skipped.size(), size_t(1));
    // A YOLOv9 hyp has dfl: its box and cls gains are this loss's and are copied.
    QCOMPARE(value(*r, "box"), "7.5");
}

void TestCommandImport::hypFoundBesideTheScript()
{
    // `python yolov9/train_dual.py --hyp hyp.scratch-high.yaml` finds yolov9/data/hyps/ (YOLOv5's check_yaml
    // looks there too); no --hyp reads the script's default file from the same place.
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath("yolov9/data/hyps"));
    ys::test::writeText(dir.filePath("yolov9/data/hyps/hyp.scratch-high.yaml"), "lr0: 0.02\nmixup: 0.25\ndfl: 1.5\n");
    for (const char* cmd : {"python yolov9/train_dual.py --hyp hyp.scratch-high.yaml --epochs 2",
                            "python yolov9/train_dual.py --epochs 2"}) {
        auto r = importIn(dir.path(), cmd);
        VERIFY_OK(r);
        QCOMPARE(value(*r, "lr0"), "0.02");
        QCOMPARE(value(*r, "mixup"), "0.25");
        QCOMPARE(value(*r, "scale"), "<not set>");  // the file, not the built-in copy
    }
    // No file anywhere and not YOLOv9: say the default was not read.
    auto r = importIn(dir.path(), "python train.py --epochs 2");
    VERIFY_OK(r);
    QCOMPARE(r->dialect, std::string("YOLOv5"));
    QVERIFY(hasWholeNote(*r, "import.default_hyp_missing", {"train.py", "data/hyps/hyp.scratch-low.yaml"}));
    r = importIn(dir.path(), "python train.py --hyp missing.yaml --epochs 2");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.hyp_not_found"), QStringList{"--hyp missing.yaml"});
}

void TestCommandImport::spellingsOfTheSameCommand_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("issue") << kIssueCommand;
    QTest::newRow("= forms") << "python train_dual.py --workers=8 --device=0 --batch=32 --data=data.yaml --img=640 "
                                "--cfg=models/detect/yolov9-s.yaml --weights= --hyp=hyp.scratch-high.yaml --epochs=20 "
                                "--close-mosaic=15";
    QTest::newRow("quotes") << R"(python "train_dual.py" --workers '8' --device "0" --batch-size 32 --data 'data.yaml' )"
                               R"(--imgsz "640" --cfg 'models/detect/yolov9-s.yaml' --weights "" --hyp "hyp.scratch-high.yaml" )"
                               R"(--epochs 20 --close-mosaic 15)";
    QTest::newRow("img-size, other order") << "python3 train_dual.py --epochs 20 --close-mosaic 15 --img-size 640 "
                                              "--batch-size 32 --device 0 --workers 8 --data data.yaml --weights '' "
                                              "--cfg models/detect/yolov9-s.yaml --hyp hyp.scratch-high.yaml";
    QTest::newRow("abbreviated as argparse allows") << "python train_dual.py --work 8 --dev 0 --batch-s 32 --data data.yaml "
                                                       "--img 640 --cfg models/detect/yolov9-s.yaml --weig '' "
                                                       "--hyp hyp.scratch-high.yaml --epoch 20 --close 15";
    QTest::newRow("line continuations") << "python train_dual.py \\\n  --workers 8 --device 0 \\\n  --batch 32 --data "
                                           "data.yaml \\\n  --img 640 --cfg models/detect/yolov9-s.yaml \\\n  --weights '' "
                                           "--hyp hyp.scratch-high.yaml \\\n  --epochs 20 --close-mosaic 15\n";
    QTest::newRow("from a web page") << "python train_dual.py \xE2\x80\x94workers 8 \xE2\x80\x93-device 0 --batch 32 "
                                        "--data data.yaml --img 640 --cfg models/detect/yolov9-s.yaml --weights "
                                        "\xE2\x80\x98\xE2\x80\x99 --hyp hyp.scratch-high.yaml --epochs 20 --close-mosaic 15";
    QTest::newRow("notebook") << "!python train_dual.py --workers 8 --device 0 --batch 32 --data data.yaml --img 640 "
                                 "--cfg models/detect/yolov9-s.yaml --weights '' --hyp hyp.scratch-high.yaml --epochs 20 "
                                 "--close-mosaic 15";
    QTest::newRow("prompt and windows carets") << "$ python train_dual.py --workers 8 --device 0 ^\n --batch 32 --data "
                                                  "data.yaml --img 640 ^\n --cfg models\\detect\\yolov9-s.yaml --weights "
                                                  "'' --hyp hyp.scratch-high.yaml --epochs 20 --close-mosaic 15";
}

void TestCommandImport::spellingsOfTheSameCommand()
{
    QFETCH(QString, command);
    QTemporaryDir dir;
    auto r = importIn(dir.path(), command.toStdString());
    VERIFY_OK(r);
    QVERIFY2(r->skipped.empty(), qPrintable(allSkipped(*r).join('\n')));
    const std::vector<std::pair<std::string, QString>> expected = {
        {"batch", "32"}, {"imgsz", "640"}, {"epochs", "20"}, {"close_mosaic", "15"}, {"device", "0"},
        {"model", "yolov9s.yaml"}, {"workers", "8"}, {"data", "data.yaml"}, {"mixup", "0.15"}, {"optimizer", "SGD"}};
    for (const auto& [key, v] : expected)
        QVERIFY2(value(*r, key) == v, qPrintable(QString::fromStdString(key) + " = " + value(*r, key)));
}

void TestCommandImport::imageSizeIsRoundedAsTheTrainerDoes()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "python train.py --img 650 --epochs 1");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "imgsz"), "672");
    QVERIFY(hasNote(*r, "imgsz", "import.imgsz_rounded"));
    r = importIn(dir.path(), "yolo train imgsz=100");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "imgsz"), "128");
    r = importIn(dir.path(), "python train.py --imgsz 9000");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "imgsz"), "<not set>");
    QCOMPARE(skipped(*r, "import.bad_value"), QStringList{"--imgsz 9000"});
}

void TestCommandImport::unknownAndUnsupportedFlags()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(),
                      "python train.py --data d.yaml --colour red blue --sync-bn --quad --noplots --noautoanchor "
                      "--multi-scale --label-smoothing 0.1 --min-items 0 --nosave --local_rank -1 stray --no");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "data"), "d.yaml");
    QCOMPARE(skipped(*r, "import.unknown_flag"), (QStringList{"--colour red blue", "--no"}));  // --no: ambiguous
    QCOMPARE(skipped(*r, "import.multi_gpu"), QStringList{"--local_rank -1"});
    QCOMPARE(value(*r, "sync_bn"), "true");
    QVERIFY(hasNote(*r, "sync_bn", "import.sync_bn_one_process"));   // one device: as the script, no effect
    QCOMPARE(skipped(*r, "import.not_supported"), (QStringList{"--quad", "--label-smoothing 0.1", "--nosave"}));
    QCOMPARE(skipped(*r, "import.logging_only"), QStringList{"--noplots"});
    QCOMPARE(skipped(*r, "import.anchor_only"), QStringList{"--noautoanchor"});
    QCOMPARE(skipped(*r, "import.multi_scale"), QStringList{"--multi-scale"});
    QCOMPARE(skipped(*r, "import.no_effect"), QStringList{"--min-items 0"});
    QCOMPARE(skipped(*r, "import.positional"), QStringList{"stray"});
    // Every reason reads as one English sentence naming the item.
    for (const auto& s : r->skipped)
        QVERIFY2(ys::importNoteText(s.reason).find(s.item) == 0, s.item.c_str());
}

void TestCommandImport::weightsAloneFineTune()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath("runs/exp/weights"));
    ys::test::writeText(dir.filePath("runs/exp/weights/best.pt"), "not read");
    auto r = importIn(dir.path(), "python train.py --weights runs/exp/weights/best.pt --data d.yaml --epochs 5");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "runs/exp/weights/best.pt");
    QCOMPARE(source(*r, "model"), "--weights runs/exp/weights/best.pt");
    QVERIFY(hasNote(*r, "model", "import.fine_tune"));
    QVERIFY(!hasNote(*r, "model", "import.not_found_here"));
    // A checkpoint that is not here is still the model (the run needs it there), and says so.
    r = importIn(dir.path(), "python train_dual.py --weights yolov9-c.pt --epochs 5");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolov9-c.pt");
    QVERIFY(hasNote(*r, "model", "import.not_found_here"));
    QVERIFY(hasNote(*r, "model", "import.repository_checkpoint"));
}

void TestCommandImport::cfgWinsOverWeights()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "python train_dual.py --weights yolov9-s.pt --cfg models/detect/yolov9-s.yaml "
                                  "--data d.yaml");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolov9s.yaml");
    QVERIFY(!hasNote(*r, "model", "import.from_scratch"));
    QCOMPARE(skipped(*r, "import.weights_with_cfg"), QStringList{"--weights yolov9-s.pt"});
    const auto& reason = r->skipped.front().reason;
    QCOMPARE(reason.args, (std::vector<std::string>{"--weights yolov9-s.pt", "--cfg models/detect/yolov9-s.yaml"}));
    // A --cfg file of the user's own (anchor-free) is found beside the script and written as its path.
    QVERIFY(QDir(dir.path()).mkpath("y9/models/detect"));
    ys::test::writeText(dir.filePath("y9/models/detect/my-gelan.yaml"), "nc: 3\nbackbone: []\nhead: []\n");
    r = importIn(dir.path(), "python y9/train.py --cfg my-gelan.yaml --weights ''");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), QDir::cleanPath(dir.filePath("y9/models/detect/my-gelan.yaml")));
    QVERIFY(hasNote(*r, "model", "import.from_scratch"));
    // A file of the YOLOv9 repository (anchors: 3 is vestigial there; the head is its own DDetect).
    ys::test::writeText(dir.filePath("y9/models/detect/gelan-c.yaml"),
                        "nc: 80\nanchors: 3\nbackbone:\n  [[-1, 1, Silence, []]]\nhead:\n  [[[15, 18, 21], 1, "
                        "DDetect, [nc]]]\n");
    r = importIn(dir.path(), "python y9/train.py --cfg models/detect/gelan-c.yaml");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), QDir::cleanPath(dir.filePath("y9/models/detect/gelan-c.yaml")));
    QVERIFY(hasNote(*r, "model", "import.repository_model"));
    QVERIFY(!hasNote(*r, "model", "import.from_scratch"));
    // Neither built in nor here.
    r = importIn(dir.path(), "python train.py --cfg models/detect/gelan-c.yaml");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "<not set>");
    QCOMPARE(skipped(*r, "import.model_not_found"), QStringList{"--cfg models/detect/gelan-c.yaml"});
}

void TestCommandImport::anchorModelsAreNotMapped()
{
    QTemporaryDir dir;
    ys::test::writeText(dir.filePath("custom.yaml"), "nc: 2\nanchors:\n  - [10,13, 16,30, 33,23]\nbackbone: []\n");
    for (const char* cmd : {"python train.py --weights yolov5s.pt --data d.yaml",
                            "python train.py --cfg models/yolov5s.yaml --weights ''",
                            "python train.py --cfg cfg/training/yolov7-tiny.yaml",
                            "python train.py --cfg custom.yaml", "yolo train model=yolov5s.pt"}) {
        auto r = importIn(dir.path(), cmd);
        VERIFY_OK(r);
        QVERIFY2(value(*r, "model") == "<not set>", cmd);
        QVERIFY2(skipped(*r, "import.anchor_model").size() == 1, qPrintable(allSkipped(*r).join('\n')));
        QCOMPARE(r->config.model, ys::TrainConfig().model);  // the base's model stays
    }
    // Ultralytics' anchor-free YOLOv5u is no anchor model (it is not built in, so it is a checkpoint).
    auto r = importIn(dir.path(), "yolo train model=yolov5su.pt");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolov5su.pt");
}

void TestCommandImport::valuesTrainConfigRejects()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "python train_dual.py --epochs 0 --optimizer LION --device mps --workers 8 "
                                  "--batch-size 0");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "workers"), "8");
    for (const char* key : {"epochs", "optimizer", "device", "batch"})
        QCOMPARE(value(*r, key), "<not set>");
    QCOMPARE(skipped(*r, "import.bad_value"),
             (QStringList{"--epochs 0", "--optimizer LION", "--batch-size 0", "--device mps"}));
    // Each carries TrainConfig's own reason, as a code the GUI translates.
    using R = ys::ConfigProblem::Reason;
    std::vector<R> reasons;
    for (const auto& s : r->skipped) {
        QVERIFY(s.problem.has_value());
        reasons.push_back(s.problem->reason);
    }
    // batch 0 is in range (-1..4096) for set() and refused by validate(), after the others.
    QCOMPARE(reasons, (std::vector<R>{R::OutOfRange, R::NotAChoice, R::BatchZero, R::BadDevice}));
    QCOMPARE(r->config.device, ys::TrainConfig().device);
    QCOMPARE(r->config.batch, ys::TrainConfig().batch);
    QVERIFY(ys::importNoteText(r->skipped[0].reason).find("'epochs' must be between 1 and 100000") != std::string::npos);
    r = importIn(dir.path(), "python train.py --rect=maybe");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.bad_value"), QStringList{"--rect=maybe"});
    QCOMPARE(r->skipped.front().problem->reason, R::NotBool);
}

void TestCommandImport::scriptFlags_data()
{
    QTest::addColumn<QString>("flags");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");
    QTest::newRow("freeze N") << "--freeze 10" << "freeze" << "10";
    QTest::newRow("freeze list") << "--freeze 0 1 2 5" << "freeze" << "[0, 1, 2, 5]";
    QTest::newRow("cache") << "--cache" << "cache" << "ram";
    QTest::newRow("cache ram") << "--cache ram --rect" << "cache" << "ram";
    QTest::newRow("cache disk") << "--cache disk" << "cache" << "ram";
    QTest::newRow("rect") << "--rect" << "rect" << "true";
    QTest::newRow("rect=false as meant") << "--rect=false" << "rect" << "false";
    QTest::newRow("noval") << "--noval" << "val" << "false";
    QTest::newRow("cos-lr") << "--cos-lr" << "cos_lr" << "true";
    QTest::newRow("fixed-lr") << "--fixed-lr" << "lrf" << "1.0";
    QTest::newRow("save-period") << "--save-period 5" << "save_period" << "5";
    QTest::newRow("save-period off") << "--save-period 0" << "save_period" << "-1";
    QTest::newRow("exist-ok") << "--exist-ok" << "exist_ok" << "true";
    QTest::newRow("project and name") << "--project runs/train --name exp7" << "name" << "exp7";
    QTest::newRow("project") << "--project runs/train" << "project" << "runs/train";
    QTest::newRow("patience") << "--patience 30" << "patience" << "30";
    QTest::newRow("seed") << "--seed 7" << "seed" << "7";
    QTest::newRow("optimizer") << "--optimizer AdamW" << "optimizer" << "AdamW";
    QTest::newRow("autobatch") << "--batch -1" << "batch" << "-1";
    QTest::newRow("device cpu") << "--device cpu" << "device" << "cpu";
    QTest::newRow("close-mosaic 0 default") << "--epochs 3" << "close_mosaic" << "0";
}

void TestCommandImport::ownScriptGetsNoDefaults()
{
    // A script of the user's own: its flags are read alike, but its defaults are not known.
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "python tools/my_train.py --epochs 3 --img 320");
    VERIFY_OK(r);
    QCOMPARE(r->program, std::string("my_train.py"));
    QCOMPARE(value(*r, "epochs"), "3");
    QCOMPARE(value(*r, "optimizer"), "<not set>");
    QCOMPARE(value(*r, "close_mosaic"), "<not set>");
    QVERIFY(r->notes.empty());
}

void TestCommandImport::scriptFlags()
{
    QFETCH(QString, flags);
    QFETCH(QString, key);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "python train.py " + flags.toStdString());
    VERIFY_OK(r);
    QCOMPARE(value(*r, key.toStdString()), expected);
    QVERIFY2(r->skipped.empty(), qPrintable(allSkipped(*r).join('\n')));
    // The config holds what the list says.
    QCOMPARE(QString::fromStdString(*r->config.get(key.toStdString())), expected);
}

void TestCommandImport::yolov7Command()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "python train.py --workers 8 --device 0 --batch-size 32 --data data/coco.yaml "
                                  "--img 640 640 --cfg cfg/training/yolov7.yaml --weights '' --name yolov7 --hyp "
                                  "data/hyp.scratch.p5.yaml --adam --notest --resume");
    VERIFY_OK(r);
    QCOMPARE(r->dialect, std::string("YOLOv7"));
    QCOMPARE(value(*r, "imgsz"), "640");
    QVERIFY(hasNote(*r, "imgsz", "import.imgsz_test_size"));
    QCOMPARE(value(*r, "optimizer"), "Adam");
    QCOMPARE(value(*r, "val"), "false");
    QCOMPARE(value(*r, "cos_lr"), "true");  // YOLOv7's one-cycle schedule unless --linear-lr
    QVERIFY(hasNote(*r, "cos_lr", "import.script_default"));
    QCOMPARE(skipped(*r, "import.anchor_model"), QStringList{"--cfg cfg/training/yolov7.yaml"});
    QCOMPARE(skipped(*r, "import.resume_foreign"), QStringList{"--resume"});
    r = importIn(dir.path(), "python train.py --linear-lr --cache-images --epochs 3");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "cos_lr"), "false");
    QCOMPARE(value(*r, "cache"), "ram");
}

void TestCommandImport::yolov5HypGainsAreNotCopied()
{
    // YOLOv5's hyp.scratch-low.yaml: box 0.05 weighs YOLOv5's anchor-based loss, not this one (7.5).
    QTemporaryDir dir;
    ys::test::writeText(dir.filePath("hyp.scratch-low.yaml"),
                        "lr0: 0.01\nlrf: 0.01\nbox: 0.05\ncls: 0.5\ncls_pw: 1.0\nobj: 1.0\nobj_pw: 1.0\niou_t: 0.20\n"
                        "anchor_t: 4.0\nfl_gamma: 0.0\nhsv_h: 0.015\nscale: 0.5\nmixup: 0.0\n");
    auto r = importIn(dir.path(), "python train.py --hyp hyp.scratch-low.yaml --batch 16");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "box"), "<not set>");
    QCOMPARE(value(*r, "cls"), "<not set>");
    QCOMPARE(r->config.box, 7.5);
    QCOMPARE(skipped(*r, "import.hyp_anchor_gain"),
             (QStringList{"box: 0.05 (hyp.scratch-low.yaml)", "cls: 0.5 (hyp.scratch-low.yaml)"}));
    QCOMPARE(value(*r, "lr0"), "0.01");
    QCOMPARE(value(*r, "hsv_h"), "0.015");
}

void TestCommandImport::torchrunAndDeviceLists()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "torchrun --nproc_per_node 2 --master_port 9527 train_dual.py --batch 64 --device 0,1 "
                                  "--sync-bn --epochs 10");
    VERIFY_OK(r);
    QCOMPARE(r->program, std::string("train_dual.py"));
    // Data parallel as the command ran it: one process per GPU, the world batch split, BatchNorm synchronised.
    QCOMPARE(value(*r, "device"), "0,1");
    QVERIFY(hasNote(*r, "device", "import.device_list"));
    QCOMPARE(value(*r, "batch"), "64");
    QVERIFY(hasWholeNote(*r, "import.batch_split", {"2", "64", "32"}));
    QCOMPARE(value(*r, "sync_bn"), "true");
    QVERIFY(!hasNote(*r, "sync_bn", "import.sync_bn_one_process"));
    QVERIFY(skipped(*r, "import.multi_gpu").isEmpty());

    r = importIn(dir.path(), "python -m torch.distributed.run --nproc_per_node=4 --nnodes 1 segment/train.py "
                             "--batch 128 --data coco.yaml");
    VERIFY_OK(r);
    QCOMPARE(r->program, std::string("segment/train.py"));
    QCOMPARE(skipped(*r, "import.task"), QStringList{"segment/train.py"});
    QVERIFY(hasWholeNote(*r, "import.batch_split", {"4", "128", "32"}));
    QCOMPARE(value(*r, "data"), "coco.yaml");
    // No --device: torchrun's local rank N trains on GPU N.
    QCOMPARE(value(*r, "device"), "0,1,2,3");
    QVERIFY(hasNote(*r, "device", "import.device_nproc"));

    r = importIn(dir.path(), "python -u -W ignore train.py --device 0,1,2 --batch 48");
    VERIFY_OK(r);
    QVERIFY(hasWholeNote(*r, "import.batch_split", {"3", "48", "16"}));
    QCOMPARE(value(*r, "sync_bn"), "<not set>");

    // Several machines: the same command on each, with the studio's launcher arguments.
    r = importIn(dir.path(), "torchrun --nnodes=2 --nproc_per_node=2 --node_rank=0 --master_addr=10.0.0.1 train.py "
                             "--batch 64");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "device"), "0,1");
    QVERIFY(hasWholeNote(*r, "import.multi_node", {"2"}));
    QVERIFY(hasWholeNote(*r, "import.batch_split", {"4", "64", "16"}));

    // CUDA_VISIBLE_DEVICES renumbers every GPU of the list.
    r = importIn(dir.path(), "CUDA_VISIBLE_DEVICES=2,3 python train.py --device 0,1");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "device"), "2,3");
}

void TestCommandImport::workingFolderAndEnvironment()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath("yolov9/data"));
    ys::test::writeText(dir.filePath("yolov9/data/coco.yaml"), "train: x\nval: y\nnames: [a]\n");
    const std::string cmd = "cd " + dir.filePath("yolov9").toStdString() +
                            " && CUDA_VISIBLE_DEVICES=2,3 WANDB_MODE=offline python train_dual.py --device 1 "
                            "--data data/coco.yaml --project runs/train --epochs 3";
    auto r = importIn(QDir::tempPath(), cmd);
    VERIFY_OK(r);
    // Paths of a command that names its folder are written as absolute paths.
    QCOMPARE(value(*r, "data"), QDir::cleanPath(dir.filePath("yolov9/data/coco.yaml")));
    QVERIFY(!hasNote(*r, "data", "import.not_found_here"));
    QCOMPARE(value(*r, "project"), QDir::cleanPath(dir.filePath("yolov9/runs/train")));
    // Device 1 of CUDA_VISIBLE_DEVICES=2,3 is GPU 3.
    QCOMPARE(value(*r, "device"), "3");
    QVERIFY(hasNote(*r, "device", "import.device_visible"));
    QCOMPARE(skipped(*r, "import.environment"), QStringList{"WANDB_MODE=offline"});
    // The same with the folder given as an option.
    auto o = options(dir.filePath("yolov9"));
    r = ys::importCommand("python train_dual.py --data data/coco.yaml", o);
    VERIFY_OK(r);
    QCOMPARE(value(*r, "data"), QDir::cleanPath(dir.filePath("yolov9/data/coco.yaml")));
}

void TestCommandImport::shellAroundTheCommand()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "conda activate yolo; nohup python train.py --epochs 3 --name $RUN > train.log "
                                  "2>&1 | tee -a all.log &");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "epochs"), "3");
    QCOMPARE(skipped(*r, "import.other_command"), QStringList{"conda activate yolo"});
    QCOMPARE(skipped(*r, "import.shell_variable"), QStringList{"--name '$RUN'"});
    QCOMPARE(skipped(*r, "import.shell_rest"), QStringList{"> train.log 2>&1 | tee -a all.log &"});
    QCOMPARE(r->command, std::string("python train.py --epochs 3 --name '$RUN'"));
}

void TestCommandImport::linesWithoutBackslashAreJoined()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "python train.py --data d.yaml\n  --epochs 7\n--img 320\npython val.py --data d.yaml");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "epochs"), "7");
    QCOMPARE(value(*r, "imgsz"), "320");
    QVERIFY(hasWholeNote(*r, "import.lines_joined"));
    QCOMPARE(skipped(*r, "import.shell_rest"), QStringList{"python val.py --data d.yaml"});
    r = importIn(dir.path(), "yolo detect train data=d.yaml\nepochs=4 imgsz=320");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "epochs"), "4");
    QCOMPARE(r->command, std::string("yolo detect train data=d.yaml epochs=4 imgsz=320"));
}

void TestCommandImport::notATrainingCommand_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("code");
    QTest::newRow("empty") << "  \n # only a comment\n" << "import.empty";
    QTest::newRow("detect.py") << "python detect.py --weights best.pt" << "import.not_training";
    QTest::newRow("yolo predict") << "yolo detect predict model=best.pt source=img/" << "import.not_training";
    QTest::newRow("yolo mode=val") << "yolo task=detect mode=val model=best.pt" << "import.not_training";
    QTest::newRow("yolo checks") << "yolo checks" << "import.not_training";
    QTest::newRow("other module") << "python -m pip install ultralytics" << "import.not_training";
    QTest::newRow("ls") << "ls -la" << "import.not_training";
}

void TestCommandImport::notATrainingCommand()
{
    QFETCH(QString, command);
    QFETCH(QString, code);
    auto r = ys::importCommand(command.toStdString(), options());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().code), code);
    QVERIFY(!r.error().message.empty());
    QVERIFY(r.error().message.find('\n') == std::string::npos);
}

// ---- Ultralytics -----------------------------------------------------------------------------------------------

void TestCommandImport::ultralyticsLineFromTheIssue()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "yolo detect train data=coco8.yaml model=yolov8s.pt epochs=3 imgsz=320 batch=-1");
    VERIFY_OK(r);
    QCOMPARE(r->style, CommandImport::Style::Ultralytics);
    QCOMPARE(r->dialect, std::string("Ultralytics"));
    QCOMPARE(value(*r, "model"), "yolov8s.pt");  // a checkpoint stays one: fine-tuning
    QVERIFY(hasNote(*r, "model", "import.fine_tune"));
    QCOMPARE(value(*r, "data"), "coco8.yaml");
    QCOMPARE(value(*r, "epochs"), "3");
    QCOMPARE(value(*r, "imgsz"), "320");
    QCOMPARE(value(*r, "batch"), "-1");
    QCOMPARE(source(*r, "batch"), "batch=-1");
    QCOMPARE(value(*r, "optimizer"), "<not set>");  // Ultralytics' defaults are the studio's
    QVERIFY2(r->skipped.empty(), qPrintable(allSkipped(*r).join('\n')));
    // The same in its other spellings.
    for (const char* cmd : {"yolo train data=coco8.yaml model=yolov8s.pt epochs=3 imgsz=320 batch=-1",
                            "yolo task=detect mode=train data=coco8.yaml model=yolov8s.pt epochs=3 imgsz=320 batch=-1",
                            "yolo detect train data = coco8.yaml model= yolov8s.pt epochs =3 imgsz=320, --batch=-1"}) {
        auto other = importIn(dir.path(), cmd);
        VERIFY_OK(other);
        QCOMPARE(other->values(), r->values());
        QVERIFY2(other->skipped.empty(), qPrintable(allSkipped(*other).join('\n')));
    }
}

void TestCommandImport::ultralyticsKeys()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "yolo segment train model=yolov8s.yaml pretrained=yolov8s.pt batch=0.7 "
                                  "imgsz=[640,480] device=0,1 cache=disk plots=False half=True colour=red amp=False "
                                  "lr0=0.02 close_mosaic=5 freeze=[0,1] cos_lr=True");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolov8s.yaml");
    QCOMPARE(skipped(*r, "import.weights_with_cfg"), QStringList{"pretrained=yolov8s.pt"});
    QCOMPARE(skipped(*r, "import.task"), QStringList{"segment"});
    QCOMPARE(value(*r, "batch"), "-1");
    QCOMPARE(value(*r, "vram"), "0.7");
    QVERIFY(hasNote(*r, "batch", "import.batch_fraction"));
    QCOMPARE(value(*r, "imgsz"), "640");
    QVERIFY(hasNote(*r, "imgsz", "import.imgsz_larger_side"));
    QCOMPARE(value(*r, "device"), "0,1");   // one process per GPU, as Ultralytics' DDP
    QVERIFY(hasNote(*r, "device", "import.device_list"));
    QCOMPARE(value(*r, "cache"), "ram");
    QVERIFY(hasNote(*r, "cache", "import.cache_disk"));
    QCOMPARE(skipped(*r, "import.logging_only"), QStringList{"plots=False"});
    QCOMPARE(skipped(*r, "import.not_for_training"), QStringList{"half=True"});
    QCOMPARE(skipped(*r, "import.unknown_key"), QStringList{"colour=red"});
    QCOMPARE(value(*r, "amp"), "off");
    QCOMPARE(value(*r, "lr0"), "0.02");
    QCOMPARE(value(*r, "close_mosaic"), "5");
    QCOMPARE(value(*r, "freeze"), "2");
    QCOMPARE(value(*r, "cos_lr"), "true");
    // A model name without an extension is a checkpoint to Ultralytics.
    r = importIn(dir.path(), "yolo train model=yolo11n data=d.yaml");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolo11n.pt");
    QVERIFY(hasNote(*r, "model", "import.model_stem"));
    r = importIn(dir.path(), "yolo train model=yolo11m.yaml resume=True");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolo11m.yaml");
    QCOMPARE(skipped(*r, "import.bad_value"), QStringList{"resume=True"});
    QCOMPARE(r->skipped.front().problem->reason, ys::ConfigProblem::Reason::ResumeNeedsPath);
}

void TestCommandImport::ultralyticsCfgFile()
{
    // cfg= replaces Ultralytics' defaults; the line's own keys win over it.
    QTemporaryDir dir;
    QVERIFY(QFile::copy(dataFile("ultralytics-8.3.112-args.yaml"), dir.filePath("args.yaml")));
    auto r = importIn(dir.path(), "yolo train cfg=args.yaml epochs=7");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "epochs"), "7");
    QCOMPARE(value(*r, "imgsz"), "64");   // from the file (a one-epoch run at 64 px)
    QCOMPARE(source(*r, "imgsz"), "cfg=args.yaml");
    QCOMPARE(value(*r, "fraction"), "0.25");
    QCOMPARE(source(*r, "epochs"), "epochs=7");
    QCOMPARE(skipped(*r, "import.file_keys_unused").size(), 1);  // the 54 Ultralytics keys, one line
    QVERIFY(skipped(*r, "import.overridden").isEmpty());  // the line's own word wins over the file unsaid
    r = importIn(dir.path(), "yolo train epochs=3 epochs=7");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "epochs"), "7");
    QCOMPARE(skipped(*r, "import.overridden"), QStringList{"epochs=3 (epochs 3)"});
}

// ---- results ---------------------------------------------------------------------------------------------------

// ---- Ultralytics' Python API ------------------------------------------------------------------------------------

void TestCommandImport::pythonCallMatchesTheYoloLine()
{
    QTemporaryDir dir;
    auto line = importIn(dir.path(), "yolo detect train data=coco128.yaml model=yolov8n.pt epochs=50 imgsz=640 batch=16");
    VERIFY_OK(line);
    // Ultralytics' documentation example, as a user pastes it.
    auto r = importIn(dir.path(), R"(from ultralytics import YOLO

# Load a model
model = YOLO("yolov8n.pt")  # load a pretrained model (recommended for training)

# Train the model
results = model.train(data="coco128.yaml", epochs=50, imgsz=640, batch=16)
)");
    VERIFY_OK(r);
    QCOMPARE(r->style, CommandImport::Style::Python);
    QCOMPARE(r->dialect, std::string("Ultralytics"));
    QCOMPARE(r->program, std::string("model.train()"));
    QCOMPARE(r->values(), line->values());
    QCOMPARE(value(*r, "epochs"), "50");
    QCOMPARE(source(*r, "epochs"), "epochs=50");
    QCOMPARE(source(*r, "data"), R"(data="coco128.yaml")");
    QCOMPARE(source(*r, "model"), R"(YOLO("yolov8n.pt"))");
    QVERIFY(hasNote(*r, "model", "import.fine_tune"));
    QVERIFY2(r->skipped.empty(), qPrintable(allSkipped(*r).join('\n')));
    QCOMPARE(r->command, std::string(R"(model = YOLO("yolov8n.pt"); results = model.train(data="coco128.yaml", )"
                                     "epochs=50, imgsz=640, batch=16)"));
    // Its args.yaml says where it came from and reads back to the same settings.
    const std::string yaml = r->toYaml();
    QVERIFY(yaml.find("model = YOLO(\"yolov8n.pt\")") != std::string::npos);
    QVERIFY(yaml.find("epochs: 50  # epochs=50") != std::string::npos);
    auto file = ys::ConfigFile::parse(yaml, "args.yaml");
    QVERIFY2(file.ok(), file.ok() ? "" : file.error().toString().c_str());
    QCOMPARE(file->config().toYaml(), r->config.toYaml());
}

void TestCommandImport::pythonCallSpellings()
{
    QTemporaryDir dir;
    auto line = importIn(dir.path(), "yolo train model=yolov8s.yaml data=d.yaml imgsz=[640,480] device=0,1 amp=False "
                                     "cos_lr=True batch=0.7 lr0=0.02 close_mosaic=5 cache=disk");
    VERIFY_OK(line);
    const char* const variants[] = {
        // One line, single quotes, the model made in the chain.
        "YOLO('yolov8s.yaml').train(data='d.yaml', imgsz=(640, 480), device=[0, 1], amp=False, cos_lr=True, "
        "batch=0.7, lr0=2e-2, close_mosaic=5, cache='disk')",
        // A call over lines, with comments (a quote in one), a trailing comma and keyword spacing.
        "import ultralytics\n"
        "net = ultralytics.YOLO(model='yolov8s.yaml', task='detect', verbose=True)\n"
        "net.train(\n"
        "    data = \"d.yaml\",  # don't forget the data\n"
        "    imgsz=[640, 480], device=[0,1],\n"
        "    amp=False, cos_lr=True, batch=0.7,\n"
        "    lr0=0.02, close_mosaic=5, cache=r'disk',\n"
        ")\n",
        // In a notebook cell after other calls; triple-quoted and concatenated strings.
        ">>> model = YOLO(\"\"\"yolov8s.yaml\"\"\")\n"
        ">>> model.info()\n"
        ">>> model.train(data='d' '.yaml', imgsz=[640, 480], device='0,1', amp=False, cos_lr=True, batch=0.7, "
        "lr0=.02, close_mosaic=5, cache='disk')",
    };
    for (const char* text : variants) {
        auto r = importIn(dir.path(), text);
        VERIFY_OK(r);
        QCOMPARE(r->style, CommandImport::Style::Python);
        QCOMPARE(value(*r, "imgsz"), "640");
        QCOMPARE(value(*r, "device"), "0,1");
        QCOMPARE(value(*r, "lr0"), "0.02");
        QCOMPARE(value(*r, "cache"), "ram");
        QCOMPARE(r->values(), line->values());
        QVERIFY2(r->skipped.empty(), qPrintable(allSkipped(*r).join('\n')));
        QVERIFY(hasWholeNote(*r, "import.batch_split") == hasWholeNote(*line, "import.batch_split"));
    }
    // The later name wins: the model the name holds when train() is called.
    auto r = importIn(dir.path(), "m = YOLO('yolov8n.pt')\nm = YOLO('yolo11s.yaml')\nm.train(data='d.yaml')\n"
                                  "m = YOLO('yolov9c.yaml')\n");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolo11s.yaml");
    // Windows paths in a raw string and in a plain one (an unknown escape keeps its backslash, as in Python).
    r = importIn(dir.path(), R"(YOLO("yolov8n.pt").train(data=r"C:\data\set.yaml", project="D:\projects"))");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "data"), R"(C:/data/set.yaml)");
    QCOMPARE(source(*r, "data"), R"(data=r"C:\data\set.yaml")");
}

void TestCommandImport::pythonValuesThatAreNotRead()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), R"(model = YOLO("yolov8n.pt").to("cuda")
model.train("coco8.yaml", data="coco8.yaml", epochs=args.epochs, name=f"run{i}", imgsz=640, colour="red",
            plots=False, workers=os.cpu_count(), **overrides)
)");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolov8n.pt");
    QCOMPARE(value(*r, "data"), "coco8.yaml");
    QCOMPARE(value(*r, "imgsz"), "640");
    QCOMPARE(skipped(*r, "import.python_call"), QStringList{".to(...)"});
    QCOMPARE(skipped(*r, "import.positional"), QStringList{R"("coco8.yaml")"});
    QCOMPARE(skipped(*r, "import.python_expression"),
             (QStringList{"epochs=args.epochs", R"(name=f"run{i}")", "workers=os.cpu_count()", "**overrides"}));
    QCOMPARE(skipped(*r, "import.unknown_key"), QStringList{R"(colour="red")"});
    QCOMPARE(skipped(*r, "import.logging_only"), QStringList{"plots=False"});
    // Each reason names what it skipped.
    for (const auto& s : r->skipped)
        QVERIFY2(ys::importNoteText(s.reason).find(s.item) != std::string::npos, s.item.c_str());
    QCOMPARE(value(*r, "epochs"), "<not set>");
    // A value TrainConfig refuses carries its reason, as on the command line.
    r = importIn(dir.path(), "model = YOLO('yolov8n.pt')\nmodel.train(data='d.yaml', epochs=-3, batch='many')");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.bad_value"), (QStringList{"epochs=-3", "batch='many'"}));
    QVERIFY(r->skipped.front().problem.has_value());
}

void TestCommandImport::pythonModels()
{
    QTemporaryDir dir;
    // A YAML with .load(): the architecture from the YAML, as with pretrained= on the command line.
    auto r = importIn(dir.path(), "YOLO('yolov8s.yaml').load('yolov8s.pt').train(data='d.yaml', epochs=3)");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolov8s.yaml");
    QCOMPARE(source(*r, "model"), "YOLO('yolov8s.yaml')");
    QCOMPARE(skipped(*r, "import.weights_with_cfg"), QStringList{".load('yolov8s.pt')"});
    QCOMPARE(value(*r, "epochs"), "3");
    // A name without an extension is a checkpoint to Ultralytics.
    r = importIn(dir.path(), "model = YOLO('yolo11n')\nmodel.train(data='d.yaml')");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolo11n.pt");
    // Another class of model, a task the studio does not train, a model made elsewhere.
    r = importIn(dir.path(), "model = RTDETR('rtdetr-l.pt')\nmodel.train(data='d.yaml', epochs=3)");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.python_model_class"), QStringList{"RTDETR('rtdetr-l.pt')"});
    QCOMPARE(value(*r, "model"), "<not set>");
    QCOMPARE(value(*r, "epochs"), "3");
    r = importIn(dir.path(), "model = YOLO('yolov8n-seg.pt', task='segment')\nmodel.train(data='d.yaml')");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.task"), QStringList{"YOLO(task='segment')"});
    r = importIn(dir.path(), "def fit(model):\n    return model.train(data='d.yaml', epochs=3)\n");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.python_model_unknown"), QStringList{"model"});
    QCOMPARE(value(*r, "epochs"), "3");
    // A shell command is still read as one, even with Python in a quoted word.
    r = importIn(dir.path(), "yolo train data=d.yaml model=yolov8n.pt name='YOLO(x).train(y)'");
    VERIFY_OK(r);
    QCOMPARE(r->style, CommandImport::Style::Ultralytics);
}

void TestCommandImport::pythonDictsAndTrainers()
{
    QTemporaryDir dir;
    // Ultralytics' documented trainer: the overrides dict holds every setting.
    auto r = importIn(dir.path(), "from ultralytics.models.yolo.detect import DetectionTrainer\n\n"
                                  "args = dict(model=\"yolov8n.pt\", data=\"coco8.yaml\", epochs=3, imgsz=320)\n"
                                  "trainer = DetectionTrainer(overrides=args)\ntrainer.train()\n");
    VERIFY_OK(r);
    QCOMPARE(r->program, std::string("trainer.train()"));
    QCOMPARE(value(*r, "model"), "yolov8n.pt");
    QCOMPARE(value(*r, "data"), "coco8.yaml");
    QCOMPARE(value(*r, "epochs"), "3");
    QCOMPARE(source(*r, "epochs"), "epochs=3");
    QCOMPARE(value(*r, "imgsz"), "320");
    QVERIFY2(r->skipped.empty(), qPrintable(allSkipped(*r).join('\n')));
    // The same inline, and with a dict literal.
    auto inl = importIn(dir.path(), "DetectionTrainer(overrides=dict(model='yolov8n.pt', data='coco8.yaml', "
                                    "epochs=3, imgsz=320)).train()");
    VERIFY_OK(inl);
    QCOMPARE(inl->values(), r->values());
    auto literal = importIn(dir.path(), "cfg = {'model': 'yolov8n.pt', \"epochs\": 3, 'imgsz': 320}\n"
                                        "t = DetectionTrainer(overrides=cfg)\nt.train()");
    VERIFY_OK(literal);
    QCOMPARE(source(*literal, "epochs"), "\"epochs\": 3");
    QCOMPARE(value(*literal, "imgsz"), "320");
    // **kwargs of a dict made before the call; the call's own keywords after it win.
    r = importIn(dir.path(), "hyp = {'lr0': 0.02, 'epochs': 5, 10: 'x'}\nbase = dict(imgsz=320, **hyp)\n"
                             "model = YOLO('yolov8n.pt')\nmodel.train(**base, data='d.yaml', epochs=7)");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "imgsz"), "320");
    QCOMPARE(value(*r, "lr0"), "0.02");
    QCOMPARE(value(*r, "epochs"), "7");
    QCOMPARE(skipped(*r, "import.positional"), QStringList{"10: 'x'"});
    QCOMPARE(skipped(*r, "import.overridden"), QStringList{"'epochs': 5 (epochs 5)"});
    // Trainers of other tasks.
    r = importIn(dir.path(), "SegmentationTrainer(overrides=dict(epochs=3)).train()");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.task"), QStringList{"SegmentationTrainer(overrides=dict(epochs=3))"});
}

void TestCommandImport::pythonErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("says");
    QTest::newRow("no train call, one line") << "from ultralytics import YOLO; YOLO('x.pt').val()"
                                             << "import.not_training" << "found 'YOLO('x.pt').val()'";
    QTest::newRow("no train call") << "from ultralytics import YOLO\nmodel = YOLO('yolov8n.pt')\nmodel.val(data='coco8.yaml')"
                                   << "import.not_training" << "model.val(data='coco8.yaml')";
    QTest::newRow("bracket") << "model = YOLO('yolov8n.pt')\nmodel.train(data='d.yaml',\n  epochs=3"
                             << "import.python_syntax" << "line 2";
    QTest::newRow("string") << "from ultralytics import YOLO\nYOLO('yolov8n.pt').train(data='d.yaml)"
                            << "import.python_syntax" << "line 2";
}

void TestCommandImport::pythonErrors()
{
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(QString, says);
    auto r = ys::importCommand(text.toStdString(), options());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().code), code);
    QVERIFY2(QString::fromStdString(r.error().message).contains(says), r.error().message.c_str());
    QVERIFY(r.error().message.find('\n') == std::string::npos);
}

void TestCommandImport::yamlTrainsWithTheSameSettings()
{
    QTemporaryDir dir;
    auto r = importIn(dir.path(), std::string(kIssueCommand) + " --sync-bn --noplots");
    VERIFY_OK(r);
    const std::string yaml = r->toYaml();
    // Read back as `train cfg=` reads it: every mapped key with its value, nothing else changed.
    auto file = ys::ConfigFile::parse(yaml, "args.yaml");
    QVERIFY2(file.ok(), file.ok() ? "" : file.error().toString().c_str());
    QVERIFY(file->problems().empty());
    QVERIFY(file->unknownKeys().empty());
    QCOMPARE(file->config().toYaml(), r->config.toYaml());
    std::vector<std::string> keys;
    for (const auto& [k, v] : r->values())
        keys.push_back(k);
    QCOMPARE(file->documentKeys(), keys);
    const QString text = QString::fromStdString(yaml);
    QVERIFY2(text.contains("batch: 32  # --batch 32\n"), qPrintable(text));
    QVERIFY(text.contains("model: \"yolov9s.yaml\"  # --cfg models/detect/yolov9-s.yaml\n"));
    QVERIFY(text.contains("#   python train_dual.py --workers 8"));
    QVERIFY2(text.contains("sync_bn: true  # --sync-bn\n"), qPrintable(text));
    QVERIFY(text.contains("# Not imported:\n#   --noplots: logging, plots or uploads only"));
}

void TestCommandImport::wordsFromArgv()
{
    // A shell already split the words (yolostudio-cli import python train.py ...): nothing is split again.
    QTemporaryDir dir;
    const QString previous = QDir::currentPath();
    QDir::setCurrent(dir.path());
    auto r = ys::importCommand(std::vector<std::string>{"python", "train.py", "--name", "my run", "--weights", "",
                                                        "--epochs", "3"},
                               options());
    QDir::setCurrent(previous);
    VERIFY_OK(r);
    QCOMPARE(value(*r, "name"), "my run");
    QCOMPARE(value(*r, "epochs"), "3");
    QCOMPARE(r->command, std::string("python train.py --name 'my run' --weights '' --epochs 3"));
}

void TestCommandImport::commandEpochsClearTheSetupsStages()
{
    // The form still holds stages of 100 epochs in all; the pasted command trains 20 (issue 26: its
    // --epochs was dropped for not adding up to the stages). The command wins and the stages go, said once.
    CommandImportOptions o = options();
    QVERIFY(!o.base.set("stages", "320x32:10,640xauto:90"));
    QCOMPARE(o.base.epochs, 100);
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "python train.py --data d.yaml --epochs 20 --img 320", o);
    VERIFY_OK(r);
    QCOMPARE(value(*r, "epochs"), "20");
    QCOMPARE(r->config.epochs, 20);
    QVERIFY(r->config.stages.empty());
    for (const ys::ConfigProblem& p : r->config.problems())
        QVERIFY2(p.key != "epochs", p.toError().message.c_str());
    QCOMPARE(value(*r, "stages"), "");
    QCOMPARE(source(*r, "stages"), "--epochs 20");   // the first of epochs, imgsz, batch the command set
    QVERIFY(hasNote(*r, "stages", "import.stages_cleared"));
    QVERIFY(hasWholeNote(*r, "import.stages_cleared", {"320x32:10,640xauto:90", "--epochs 20"}));
    QVERIFY2(skipped(*r, "import.bad_value").isEmpty(), qPrintable(allSkipped(*r).join('\n')));
    QCOMPARE(ys::importNoteText({"import.stages_cleared", {"320x32:10,640xauto:90", "--epochs 20"}}),
             std::string("the setup's stages (320x32:10,640xauto:90) were cleared: the command's --epochs 20 counts, "
                         "and its run is one stage"));
    QVERIFY(!ys::isImportWarning({"import.stages_cleared", {}}));
    // Ultralytics' batch alone clears them too; a command that sets none of epochs, imgsz, batch keeps them.
    r = importIn(dir.path(), "yolo detect train data=d.yaml batch=8", o);
    VERIFY_OK(r);
    QVERIFY(r->config.stages.empty());
    QCOMPARE(source(*r, "stages"), "batch=8");
    r = importIn(dir.path(), "yolo detect train data=d.yaml lr0=0.02", o);
    VERIFY_OK(r);
    QCOMPARE(r->config.stages.size(), size_t(2));
    QCOMPARE(value(*r, "stages"), "<not set>");
    QVERIFY(!hasWholeNote(*r, "import.stages_cleared"));
    // Without stages in the base nothing is said.
    r = importIn(dir.path(), "python train.py --data d.yaml --epochs 20");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "stages"), "<not set>");
    QVERIFY(!hasWholeNote(*r, "import.stages_cleared"));
}

void TestCommandImport::gpusThisMachineLacksAreNamed()
{
    // A machine with the CPU only (as a test machine has): `device 0,1` is imported, and warned about.
    QTemporaryDir dir;
    CommandImportOptions o = options();
    o.machineDevices = {"cpu"};
    auto r = importIn(dir.path(), "python train.py --data d.yaml --device 0,1", o);
    VERIFY_OK(r);
    QCOMPARE(value(*r, "device"), "0,1");
    QVERIFY(hasWholeNote(*r, "import.device_missing", {"--device 0,1", "0, 1", "cpu"}));
    const auto warning = std::find_if(r->notes.begin(), r->notes.end(),
                                      [](const ys::ImportNote& n) { return n.code == "import.device_missing"; });
    QVERIFY(ys::isImportWarning(*warning));
    QCOMPARE(ys::importNoteText(*warning), std::string("--device 0,1: this machine has no GPU 0, 1 (its devices: "
                                                       "cpu); choose a device it has before training"));
    // Only the GPUs that are not there are named; the CPU is always there; no list = not checked.
    o.machineDevices = {"cpu", "0"};
    r = importIn(dir.path(), "yolo detect train data=d.yaml device=0,1", o);
    VERIFY_OK(r);
    QVERIFY(hasWholeNote(*r, "import.device_missing", {"device=0,1", "1", "cpu, 0"}));
    r = importIn(dir.path(), "yolo detect train data=d.yaml device=cpu", o);
    VERIFY_OK(r);
    QVERIFY(!hasWholeNote(*r, "import.device_missing"));
    o.machineDevices = {"cpu", "0", "1"};
    r = importIn(dir.path(), "yolo detect train data=d.yaml device=0,1", o);
    VERIFY_OK(r);
    QVERIFY(!hasWholeNote(*r, "import.device_missing"));
    r = importIn(dir.path(), "python train.py --data d.yaml --device 0,1");
    VERIFY_OK(r);
    QVERIFY(!hasWholeNote(*r, "import.device_missing"));
}

void TestCommandImport::yolo26ModelsImport()
{
    // YOLO26 trains here: its checkpoints are weights to fine-tune, its YAMLs the built-in models, with no
    // warning.
    QTemporaryDir dir;
    for (const char* command : {"yolo detect train data=d.yaml model=yolo26n.pt epochs=3",
                                "model = YOLO(\"yolo26n.pt\")\nmodel.train(data=\"d.yaml\", epochs=3)"}) {
        auto r = importIn(dir.path(), command);
        VERIFY_OK(r);
        QCOMPARE(value(*r, "model"), "yolo26n.pt");
        QVERIFY(hasNote(*r, "model", "import.fine_tune"));
        QVERIFY2(r->notes.empty(), command);
        QVERIFY2(r->skipped.empty(), qPrintable(allSkipped(*r).join('\n')));
    }
    auto r = importIn(dir.path(), "yolo train data=d.yaml model=yolo26s.yaml");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolo26s.yaml");
    QVERIFY(r->notes.empty());
    r = importIn(dir.path(), "model = YOLO(\"yolo26m.yaml\")\nmodel.train(data=\"d.yaml\")");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolo26m.yaml");
    r = importIn(dir.path(), "yolo train data=d.yaml model=yolo26x");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolo26x.pt");
    QVERIFY(hasNote(*r, "model", "import.model_stem"));
    // The YOLO26 family file, as Ultralytics names it, is its scale n.
    r = importIn(dir.path(), "yolo train data=d.yaml model=yolo26.yaml");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "model"), "yolo26.yaml");
}

void TestCommandImport::ultralytics84Settings()
{
    QTemporaryDir dir;
    // amp: 8.4's True/fp16 is fp16 on a GPU (auto), bf16 is bf16, False/fp32 full precision.
    auto r = importIn(dir.path(), "yolo train data=d.yaml amp=bf16");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "amp"), "bf16");
    QVERIFY2(r->skipped.empty(), qPrintable(allSkipped(*r).join('\n')));
    r = importIn(dir.path(), "model = YOLO(\"yolo26n.pt\")\nmodel.train(data=\"d.yaml\", amp=\"fp16\")");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "amp"), "auto");
    QVERIFY(hasNote(*r, "amp", "import.amp_auto"));
    r = importIn(dir.path(), "yolo train data=d.yaml amp=fp32");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "amp"), "off");
    r = importIn(dir.path(), "yolo train data=d.yaml amp=True");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "amp"), "auto");
    QVERIFY(hasNote(*r, "amp", "import.amp_auto"));

    // nms: training validates with `end2end = nms is False`; end2end=True is its older spelling of nms=False.
    // Both become the nms setting (the last one given wins, as on Ultralytics' command line).
    r = importIn(dir.path(), "yolo train data=d.yaml model=yolo26n.pt nms=False");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "nms"), "false");
    QVERIFY(hasNote(*r, "nms", "import.nms_one_to_one"));
    r = importIn(dir.path(), "yolo train data=d.yaml model=yolo26n.pt end2end=True");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "nms"), "false");
    r = importIn(dir.path(), "yolo train data=d.yaml model=yolo26n.pt nms=False nms=True");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "nms"), "true");
    // agnostic_nms shapes each epoch's validation in Ultralytics too (its validator reads the training args).
    r = importIn(dir.path(), "yolo train data=d.yaml model=yolo26n.pt agnostic_nms=True");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "agnostic_nms"), "true");
    QVERIFY(r->skipped.empty());

    // What the trainer has no key for, each with its reason; a value that does nothing says so.
    r = importIn(dir.path(), "yolo train data=d.yaml compile=True compile=False channels_last=False cls_pw=0.5 "
                             "cls_pw=0 cls_remap=True cls_remap=False quantize=int8 quantize=16 int8=True "
                             "distill_model=yolo26s.pt dis=6.0 split=test split=val rle=1.0 angle=1.0 dlam=1.0 "
                             "time=2");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.compile"), QStringList{"compile=True"});
    QCOMPARE(skipped(*r, "import.channels_last"), QStringList{"channels_last=False"});
    QCOMPARE(skipped(*r, "import.cls_pw"), QStringList{"cls_pw=0.5"});
    QCOMPARE(skipped(*r, "import.cls_remap"), QStringList{"cls_remap=True"});
    QCOMPARE(skipped(*r, "import.cls_remap_off"), QStringList{"cls_remap=False"});
    QCOMPARE(skipped(*r, "import.qat"), (QStringList{"quantize=int8", "int8=True"}));
    QCOMPARE(skipped(*r, "import.not_for_training"), QStringList{"quantize=16"});
    QCOMPARE(skipped(*r, "import.distill"), (QStringList{"distill_model=yolo26s.pt", "dis=6.0"}));
    QCOMPARE(skipped(*r, "import.split"), QStringList{"split=test"});
    QCOMPARE(skipped(*r, "import.task_only"), (QStringList{"rle=1.0", "angle=1.0", "dlam=1.0"}));
    QCOMPARE(skipped(*r, "import.no_effect"), (QStringList{"compile=False", "cls_pw=0", "split=val"}));
    QCOMPARE(skipped(*r, "import.not_supported"), QStringList{"time=2"});
    QVERIFY(skipped(*r, "import.unknown_key").isEmpty());
    const auto angle = std::find_if(r->skipped.begin(), r->skipped.end(),
                                    [](const ys::SkippedItem& s) { return s.item == "angle=1.0"; });
    QCOMPARE(ys::importNoteText(angle->reason),
             std::string("angle=1.0: a setting of Ultralytics' obb models; YOLO Studio trains detection models, "
                         "which do not use it"));
    // No value of these was mapped to a setting.
    QCOMPARE(r->values().size(), size_t(1));  // data
}

void TestCommandImport::ultralytics84FractionAndMultiScale()
{
    QTemporaryDir dir;
    // fraction: a ratio of the training split maps; an image count does not; a list's train part maps and
    // its validation/test parts are said.
    auto r = importIn(dir.path(), "yolo train data=d.yaml fraction=0.5");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "fraction"), "0.5");
    r = importIn(dir.path(), "yolo train data=d.yaml fraction=500");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "fraction"), "<not set>");
    QCOMPARE(skipped(*r, "import.fraction_count"), QStringList{"fraction=500"});
    r = importIn(dir.path(), "model = YOLO(\"yolo26n.pt\")\nmodel.train(data=\"d.yaml\", fraction=[0.5, 0.2])");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "fraction"), "0.5");
    QCOMPARE(skipped(*r, "import.fraction_val"), QStringList{"fraction=[0.5, 0.2]"});
    QCOMPARE(r->skipped.front().reason.args.at(1), std::string("0.2"));
    r = importIn(dir.path(), "yolo train data=d.yaml fraction=[1,1,0]");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "fraction"), "1.0");
    QCOMPARE(skipped(*r, "import.fraction_val"), QStringList{"'fraction=[1,1,0]'"});  // as a shell reads it back
    r = importIn(dir.path(), "yolo train data=d.yaml fraction=[0.25,1]");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "fraction"), "0.25");
    QVERIFY2(r->skipped.empty(), qPrintable(allSkipped(*r).join('\n')));
    for (const char* bad : {"fraction=[0.5]", "fraction=[0.5,0]", "fraction=1.5", "fraction=True", "fraction=x"}) {
        r = importIn(dir.path(), std::string("yolo train data=d.yaml ") + bad);
        VERIFY_OK(r);
        QCOMPARE(skipped(*r, "import.bad_value"), QStringList{QString::fromStdString(ys::shellQuote(bad))});
        QCOMPARE(value(*r, "fraction"), "<not set>");
    }

    // multi_scale: 8.4's range fraction of imgsz (True = 1.0), in pixels as its trainer draws them, whichever
    // word sets imgsz.
    r = importIn(dir.path(), "yolo train data=d.yaml multi_scale=0.5 epochs=3 imgsz=640");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.multi_scale_range"), QStringList{"multi_scale=0.5"});
    QCOMPARE(ys::importNoteText(r->skipped.front().reason),
             std::string("multi_scale=0.5: Ultralytics trains each batch at a random size from 320 to 960 pixels "
                         "(imgsz 640); YOLO Studio trains at one size, so the original run needed more memory than "
                         "its image size suggests"));
    r = importIn(dir.path(), "yolo train data=d.yaml imgsz=320 multi_scale=True plots=False multi_scale=0.25");
    VERIFY_OK(r);
    QCOMPARE(r->skipped.size(), size_t(3));  // in command order
    QCOMPARE(r->skipped[0].reason.args, (std::vector<std::string>{"multi_scale=True", "32", "640", "320"}));
    QCOMPARE(r->skipped[1].item, std::string("plots=False"));
    QCOMPARE(r->skipped[2].reason.args, (std::vector<std::string>{"multi_scale=0.25", "224", "416", "320"}));
    r = importIn(dir.path(), "yolo train data=d.yaml multi_scale=0.0 multi_scale=False");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.no_effect"), (QStringList{"multi_scale=0.0", "multi_scale=False"}));
    r = importIn(dir.path(), "yolo train data=d.yaml multi_scale=1.5 multi_scale=x");
    VERIFY_OK(r);
    QCOMPARE(skipped(*r, "import.bad_value"), (QStringList{"multi_scale=1.5", "multi_scale=x"}));
}

void TestCommandImport::ultralytics84IdleGpu()
{
    // device=-1: 8.4's most idle GPU at the start of the run; here the machine's GPUs in order, said in a note.
    QTemporaryDir dir;
    auto r = importIn(dir.path(), "yolo train data=d.yaml device=-1");
    VERIFY_OK(r);
    QCOMPARE(value(*r, "device"), "0");
    QVERIFY(hasNote(*r, "device", "import.device_idle"));
    CommandImportOptions o = options();
    o.machineDevices = {"cpu", "0", "1", "2"};
    r = importIn(dir.path(), "model = YOLO(\"yolo26n.pt\")\nmodel.train(data=\"d.yaml\", device=[-1, -1])", o);
    VERIFY_OK(r);
    QCOMPARE(value(*r, "device"), "0,1");
    QVERIFY(hasNote(*r, "device", "import.device_idle"));
    QVERIFY(hasNote(*r, "device", "import.device_list"));
    r = importIn(dir.path(), "yolo train data=d.yaml device=0,-1", o);
    VERIFY_OK(r);
    QCOMPARE(value(*r, "device"), "0,1");
    o.machineDevices = {"cpu"};  // no GPU: Ultralytics falls back to the CPU
    r = importIn(dir.path(), "yolo train data=d.yaml device=-1", o);
    VERIFY_OK(r);
    QCOMPARE(value(*r, "device"), "cpu");
    QVERIFY(!hasWholeNote(*r, "import.device_missing"));
}

void TestCommandImport::everyUltralytics84KeyIsAccountedFor()
{
    // Each word of the line is either a setting (mapped, its source that word) or a skipped item with a reason
    // other than "not a setting of Ultralytics' trainer": nothing is dropped unsaid. task= and mode= only say
    // that it trains a detector.
    QTemporaryDir dir;
    auto r = importIn(dir.path(), std::string("yolo ") + kUltralytics84Keys);
    VERIFY_OK(r);
    QVERIFY2(skipped(*r, "import.unknown_key").isEmpty(), qPrintable(skipped(*r, "import.unknown_key").join(' ')));
    for (const QString& word : QString::fromLatin1(kUltralytics84Keys).split(' ')) {
        if (word.startsWith("task=") || word.startsWith("mode="))
            continue;
        const std::string w = word.toStdString();
        const bool set = std::any_of(r->mapped.begin(), r->mapped.end(),
                                     [&](const auto& s) { return s.source.find(w) != std::string::npos; });
        const bool said = std::any_of(r->skipped.begin(), r->skipped.end(),
                                      [&](const auto& s) { return s.item.find(w) != std::string::npos; });
        QVERIFY2(set || said, qPrintable(word));
    }
}

void TestCommandImport::everyCodeHasText()
{
    std::set<std::string> codes;
    for (const auto& c : ys::importNoteCodes()) {
        QVERIFY2(codes.insert(c.code).second, c.code);
        QVERIFY(std::string(c.code).rfind("import.", 0) == 0);
        QVERIFY(*c.text);
    }
    QCOMPARE(ys::importNoteText({"import.fine_tune", {"best.pt"}}), std::string("fine-tunes the weights of best.pt"));
    QCOMPARE(ys::importNoteText({"import.nonsense", {"a"}}), std::string("import.nonsense a"));
}

QTEST_GUILESS_MAIN(TestCommandImport)
#include "test_commandimport.moc"
