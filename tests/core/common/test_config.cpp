// TrainConfig: defaults, key=value parsing, YAML round trip, validation with file and line.
#include "common/checkpointing.h"
#include "common/config.h"
#include "testsupport.h"

#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using ys::TrainConfig;

class TestConfig final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultsMatchUltralytics();
    void setParsesAndRejects_data();
    void setParsesAndRejects();
    void yamlRoundTrip();
    void listsRoundTripThroughArgsYaml();
    void yamlErrorsNameFileAndLine();
    void ultralyticsArgsYamlLoads();
    void yamlTextLoadsWithoutAFile();
    void validateFindsCrossKeyProblems();
    void byteSizes_data();
    void byteSizes();
    void schemaDescribesEveryKeyForForms();
    void resumableKeysAreTheRunningOnes();
    void defaultsShowExactlyAtTheirDecimals();
    void stagesParseAndRoundTrip();
    void stageErrorsNameTheStageAndKey_data();
    void stageErrorsNameTheStageAndKey();
    void stagesFromYamlLists();
    void checkpointSettingForms();
};

void TestConfig::defaultsMatchUltralytics()
{
    const TrainConfig c;
    QCOMPARE(c.lr0, 0.01);
    QCOMPARE(c.momentum, 0.937);
    QCOMPARE(c.weight_decay, 0.0005);
    QCOMPARE(c.box, 7.5);
    QCOMPARE(c.cls, 0.5);
    QCOMPARE(c.dfl, 1.5);
    QCOMPARE(c.nbs, 64);
    QCOMPARE(c.close_mosaic, 10);
    QCOMPARE(c.mosaic, 1.0);
    QCOMPARE(c.patience, 100);
    QVERIFY(c.changedKeys().empty());
}

void TestConfig::setParsesAndRejects_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("after");
    QTest::newRow("float") << "lr0" << "0.02" << true << "0.02";
    QTest::newRow("int") << "epochs" << "5" << true << "5";
    QTest::newRow("batch auto") << "batch" << "auto" << true << "-1";
    QTest::newRow("bool") << "cos_lr" << "True" << true << "true";
    QTest::newRow("choice case") << "optimizer" << "adamw" << true << "AdamW";
    QTest::newRow("amp bool") << "amp" << "false" << true << "off";
    QTest::newRow("cache true") << "cache" << "true" << true << "ram";
    QTest::newRow("not a number") << "lr0" << "fast" << false << "0.01";
    QTest::newRow("fractional int") << "epochs" << "2.5" << false << "100";
    QTest::newRow("out of range") << "fliplr" << "1.5" << false << "0.5";
    QTest::newRow("bad choice") << "amp" << "fp8" << false << "auto";
    QTest::newRow("metrics 8.3") << "metrics" << "8.3" << true << "8.3";
    QTest::newRow("metrics 8.5") << "metrics" << "8.5" << false << "8.4";
    QTest::newRow("unknown") << "learning_rate" << "1" << false << "";
    // Lists: freeze=N is the first N layers (written back as N), a list is those layers; classes=N is class N.
    QTest::newRow("freeze count") << "freeze" << "10" << true << "10";
    QTest::newRow("freeze list") << "freeze" << "[0, 3, 1]" << true << "[0, 1, 3]";
    QTest::newRow("freeze prefix list") << "freeze" << "[2,0,1]" << true << "3";
    QTest::newRow("freeze none") << "freeze" << "None" << true << "";
    QTest::newRow("freeze zero") << "freeze" << "0" << true << "";
    QTest::newRow("freeze negative") << "freeze" << "[-1]" << false << "";
    QTest::newRow("freeze words") << "freeze" << "backbone" << false << "";
    QTest::newRow("classes one") << "classes" << "2" << true << "[2]";
    QTest::newRow("classes list") << "classes" << "[4, 0, 2, 2]" << true << "[0, 2, 4]";
    QTest::newRow("classes commas") << "classes" << "0,1" << true << "[0, 1]";
    QTest::newRow("classes tuple") << "classes" << "(1, 3)" << true << "[1, 3]";
    QTest::newRow("classes empty") << "classes" << "[]" << true << "";
    QTest::newRow("classes fraction") << "classes" << "[0.5]" << false << "";
    QTest::newRow("resume false") << "resume" << "false" << true << "";  // Ultralytics' args.yaml
    QTest::newRow("resume true") << "resume" << "True" << false << "";   // "latest run": needs a path here
}

void TestConfig::setParsesAndRejects()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(bool, ok);
    QFETCH(QString, after);
    TrainConfig c;
    auto err = c.set(key.toStdString(), value.toStdString());
    QCOMPARE(!err.has_value(), ok);
    if (err)
        QVERIFY2(err->message.find(key.toStdString()) != std::string::npos, err->message.c_str());
    QCOMPARE(QString::fromStdString(c.get(key.toStdString()).value_or("")), after);
}

void TestConfig::yamlRoundTrip()
{
    QTemporaryDir dir;
    TrainConfig c;
    QVERIFY(!c.set("lr0", "0.003"));
    QVERIFY(!c.set("optimizer", "AdamW"));
    QVERIFY(!c.set("name", "my run: 1"));
    QVERIFY(!c.set("cos_lr", "true"));
    QVERIFY(!c.set("metrics", "8.3"));
    const QString path = dir.filePath("args.yaml");
    QVERIFY(ys::test::writeText(path, c.toYaml()));
    auto back = TrainConfig::fromYamlFile(path.toStdString());
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
    QCOMPARE(back->lr0, 0.003);
    QCOMPARE(QString::fromStdString(back->optimizer), QString("AdamW"));
    QCOMPARE(QString::fromStdString(back->name), QString("my run: 1"));
    QVERIFY(back->cos_lr);
    QCOMPARE(QString::fromStdString(back->metrics), QString("8.3"));
    const auto changed = back->changedKeys();
    QCOMPARE(changed.size(), size_t(5));
}

// freeze and classes as Ultralytics writes them in args.yaml (null, an int, a list) load, and ours write them back
// the same way: null, `freeze: 10`, `freeze: [2, 5]`, `classes: [0, 2, 3]`.
void TestConfig::listsRoundTripThroughArgsYaml()
{
    const std::string ultralytics = "task: detect\nfreeze: 10\nclasses:\n- 0\n- 2\n- 3\nmodel: yolov8n.pt\n";
    auto loaded = TrainConfig::fromYamlText(ultralytics, TrainConfig{});
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
    QCOMPARE(loaded->freeze, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    QCOMPARE(loaded->classes, (std::vector<int>{0, 2, 3}));
    const std::string yaml = loaded->toYaml();
    QVERIFY2(yaml.find("\nfreeze: 10\n") != std::string::npos, yaml.c_str());
    QVERIFY2(yaml.find("\nclasses: [0, 2, 3]\n") != std::string::npos, yaml.c_str());
    auto back = TrainConfig::fromYamlText(yaml, TrainConfig{});
    QVERIFY(back.ok());
    QCOMPARE(back->freeze, loaded->freeze);
    QCOMPARE(back->classes, loaded->classes);
    QCOMPARE(back->changedKeys(), (std::vector<std::string>{"model", "classes", "freeze"}));

    TrainConfig layers;
    QVERIFY(!layers.set("freeze", "[2, 5]"));
    QVERIFY2(layers.toYaml().find("\nfreeze: [2, 5]\n") != std::string::npos, layers.toYaml().c_str());
    QCOMPARE(TrainConfig::fromYamlText(layers.toYaml(), TrainConfig{})->freeze, (std::vector<int>{2, 5}));
    // Defaults are null, as in Ultralytics' default.yaml, and null clears a base value.
    QVERIFY(TrainConfig{}.toYaml().find("\nfreeze: null\n") != std::string::npos);
    auto cleared = TrainConfig::fromYamlText("freeze: null\nclasses: ~\n", *back);
    QVERIFY(cleared.ok());
    QVERIFY(cleared->freeze.empty() && cleared->classes.empty());
    // A bad element names the key, the file and the line.
    auto bad = TrainConfig::fromYamlText("lr0: 0.01\nclasses: [0, -2]\n", TrainConfig{}, nullptr, "args.yaml");
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().code), QString("config.classes"));
    QCOMPARE(bad.error().line, 2);
    auto nested = TrainConfig::fromYamlText("freeze: [[1, 2]]\n", TrainConfig{});
    QVERIFY(!nested.ok());
    QCOMPARE(QString::fromStdString(nested.error().code), QString("config.freeze"));
}

void TestConfig::yamlErrorsNameFileAndLine()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("hyp.yaml");
    QVERIFY(ys::test::writeText(path, "lr0: 0.01\nmomentum: 0.9\nfliplr: lots\n"));
    auto r = TrainConfig::fromYamlFile(path.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().line, 3);
    QCOMPARE(QString::fromStdString(r.error().file), path);
    QCOMPARE(QString::fromStdString(r.error().code), QString("config.fliplr"));

    QVERIFY(ys::test::writeText(path, "lr0: 0.01\n  bad: [\n"));
    auto s = TrainConfig::fromYamlFile(path.toStdString());
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.error().code), QString("yaml.syntax"));
    QVERIFY(s.error().line >= 2);
}

void TestConfig::ultralyticsArgsYamlLoads()
{
    // The shape of a YOLOv9 hyp.scratch-high.yaml plus keys this studio does not use.
    QTemporaryDir dir;
    const QString path = dir.filePath("hyp.scratch-high.yaml");
    QVERIFY(ys::test::writeText(path, "lr0: 0.01\nlrf: 0.01\nscale: 0.9\nmixup: 0.15\ncopy_paste: 0.3\n"
                                      "obj: 0.7\nanchor_t: 4.0\nresume: null\namp: true\n"));
    std::vector<std::string> ignored;
    auto r = TrainConfig::fromYamlFile(path.toStdString(), TrainConfig{}, &ignored);
    QVERIFY(r.ok());
    QCOMPARE(r->scale, 0.9);
    QCOMPARE(r->mixup, 0.15);
    QCOMPARE(r->copy_paste, 0.3);
    QCOMPARE(ignored.size(), size_t(2));
}

void TestConfig::yamlTextLoadsWithoutAFile()
{
    TrainConfig c;
    c.lr0 = 0.003;
    c.name = "my run: 1";
    auto back = TrainConfig::fromYamlText(c.toYaml(), TrainConfig{});
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
    QCOMPARE(back->lr0, 0.003);
    QCOMPARE(QString::fromStdString(back->name), QString("my run: 1"));

    // Errors name the source given; with `rejected`, bad values are listed and the rest still loads.
    const std::string text = "lr0: 0.02\nfliplr: lots\ntask: detect\nbatch: 0.7\nepochs: 7\n";
    auto strict = TrainConfig::fromYamlText(text, TrainConfig{}, nullptr, "run/args.yaml");
    QVERIFY(!strict.ok());
    QCOMPARE(QString::fromStdString(strict.error().file), QString("run/args.yaml"));
    QCOMPARE(strict.error().line, 2);
    std::vector<std::string> ignored;
    std::vector<ys::Error> rejected;
    auto lenient = TrainConfig::fromYamlText(text, TrainConfig{}, &ignored, "run/args.yaml", &rejected);
    QVERIFY(lenient.ok());
    QCOMPARE(lenient->lr0, 0.02);
    QCOMPARE(lenient->epochs, 7);
    QCOMPARE(lenient->fliplr, TrainConfig{}.fliplr);
    QCOMPARE(rejected.size(), size_t(2));
    QCOMPARE(rejected[0].line, 2);
    QCOMPARE(QString::fromStdString(rejected[1].code), QString("config.batch"));
    QCOMPARE(ignored, std::vector<std::string>{"task"});

    auto syntax = TrainConfig::fromYamlText("lr0: [0.01\n", TrainConfig{}, nullptr, "x.yaml", &rejected);
    QVERIFY(!syntax.ok());
    QCOMPARE(QString::fromStdString(syntax.error().code), QString("yaml.syntax"));
}

void TestConfig::validateFindsCrossKeyProblems()
{
    TrainConfig c;
    c.data = "data.yaml";
    QVERIFY(c.validate().empty());
    for (const char* dev : {"gpu", "cuda", "0", "cuda:1", "CPU"}) {   // device text as parseDevice reads it
        c.device = dev;
        QVERIFY2(c.validate().empty(), dev);
    }
    c.imgsz = 650;
    c.batch = 0;
    c.device = "tpu";
    c.vram = "lots";
    const auto errs = c.validate();
    QStringList codes;
    for (const auto& e : errs)
        codes << QString::fromStdString(e.code);
    QVERIFY2(codes.contains("config.imgsz"), qPrintable(codes.join(',')));
    QVERIFY(codes.contains("config.batch"));
    QVERIFY(codes.contains("config.device"));
    QVERIFY(codes.contains("config.vram"));
}

void TestConfig::byteSizes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qlonglong>("bytes");
    QTest::newRow("GiB") << "8GiB" << qlonglong(8LL << 30);
    QTest::newRow("GB") << "8 GB" << qlonglong(8000000000LL);
    QTest::newRow("MiB") << "512MiB" << qlonglong(512LL << 20);
    QTest::newRow("plain") << "1e9" << qlonglong(1000000000LL);
    QTest::newRow("fraction") << "0.8" << qlonglong(-1);
    QTest::newRow("junk") << "eight" << qlonglong(-1);
}

void TestConfig::byteSizes()
{
    QFETCH(QString, text);
    QFETCH(qlonglong, bytes);
    auto r = ys::parseByteSize(text.toStdString());
    QCOMPARE(r.has_value() ? qlonglong(*r) : qlonglong(-1), bytes);
}

void TestConfig::schemaDescribesEveryKeyForForms()
{
    using ys::ConfigKey;
    const TrainConfig defaults;
    QSet<QString> names, groupIds;
    QMap<int, int> perGroup;
    for (const ConfigKey& k : ys::configKeys()) {
        const QString name = QString::fromLatin1(k.name);
        QVERIFY2(!names.contains(name), qPrintable(name));
        names.insert(name);
        QVERIFY2(k.help && *k.help, qPrintable(name));
        QCOMPARE(ys::findConfigKey(k.name), &k);
        ++perGroup[int(k.group)];
        const bool numeric = k.type == ConfigKey::Type::Int || k.type == ConfigKey::Type::Float;
        if (numeric) {
            QVERIFY2(k.step > 0, qPrintable(name));
            QVERIFY2(k.min == k.max || k.step <= k.max - k.min, qPrintable(name));
            const double def = std::stod(*defaults.get(k.name));
            QVERIFY2(k.min == k.max || (def >= k.min && def <= k.max), qPrintable(name));
        } else {
            // Units, steps and special minimum texts only mean something for numbers.
            QVERIFY2(k.unit == ConfigKey::Unit::None && !k.minText, qPrintable(name));
        }
        QCOMPARE(k.type == ConfigKey::Type::Choice, !k.choices.empty());
        QVERIFY2(k.decimals == 0 || k.type == ConfigKey::Type::Float, qPrintable(name));
    }
    QCOMPARE(ys::findConfigKey("learning_rate"), nullptr);
    // Every group a form shows has keys; the groups the issue names are all there, in its order.
    QStringList titles;
    for (ConfigKey::Group g : ys::configGroups()) {
        QVERIFY2(perGroup.value(int(g)) > 0, ys::groupTitle(g));
        titles << QString::fromUtf8(ys::groupTitle(g));
        groupIds.insert(QString::fromLatin1(ys::groupId(g)));
    }
    QCOMPARE(titles, (QStringList{"Model & data", "Schedule", "Memory & precision", "Optimizer", "Loss gains",
                                  "Augmentation", "Validation", "Output"}));
    QCOMPARE(groupIds.size(), titles.size());
    QCOMPARE(perGroup.size(), titles.size());
    // Memory & precision holds what decides memory (issue 10).
    for (const char* key : {"batch", "imgsz", "amp", "nbs", "vram", "device", "workers", "cache"})
        QVERIFY2(ys::findConfigKey(key)->group == ConfigKey::Group::Memory, key);
    QCOMPARE(QString::fromLatin1(ys::findConfigKey("batch")->minText), QString("auto"));
    QCOMPARE(QString::fromUtf8(ys::unitSymbol(ys::findConfigKey("imgsz")->unit)), QString("px"));
    QCOMPARE(ys::findConfigKey("imgsz")->step, 32.0);
}

void TestConfig::resumableKeysAreTheRunningOnes()
{
    // stages: another batch per stage, or more stages (resume in any stage); checkpoint: how it is computed.
    std::vector<std::string> expected = {"epochs", "stages", "batch", "device", "sync_bn", "workers", "patience",
                                         "threads", "vram", "amp", "checkpoint"};
    std::vector<std::string> got = ys::resumableKeys();
    std::sort(expected.begin(), expected.end());
    std::sort(got.begin(), got.end());
    QCOMPARE(got, expected);
    // What a run learns from may not change on resume.
    for (const char* key : {"data", "model", "lr0", "imgsz", "mosaic", "optimizer"})
        QVERIFY2(!ys::findConfigKey(key)->resumable, key);
}

void TestConfig::defaultsShowExactlyAtTheirDecimals()
{
    // A default that needs more decimals than its field shows would look changed (or be rounded) in a form.
    const TrainConfig defaults;
    for (const ys::ConfigKey& k : ys::configKeys()) {
        if (k.type != ys::ConfigKey::Type::Float)
            continue;
        const double def = std::stod(*defaults.get(k.name));
        const double scale = std::pow(10.0, k.decimals);
        QVERIFY2(std::abs(std::round(def * scale) / scale - def) < 1e-12, k.name);
        QVERIFY2(std::abs(std::round(k.step * scale) / scale - k.step) < 1e-12, k.name);
    }
}


void TestConfig::stagesParseAndRoundTrip()
{
    ys::TrainConfig c;
    QVERIFY(!c.set("stages", "320x32:10, 640xauto:80,640xAUTO:10:mosaic=0:mixup=0.1"));
    QCOMPARE(c.stages.size(), size_t(3));
    QCOMPARE(c.stages[0].imgsz, 320);
    QCOMPARE(c.stages[0].batch, 32);
    QCOMPARE(c.stages[0].epochs, 10);
    QCOMPARE(c.stages[1].batch, -1);
    QCOMPARE(c.stages[2].overrides.size(), size_t(2));
    QCOMPARE(c.stages[2].overrides[0].first, std::string("mosaic"));
    // Setting stages sets epochs to their total, so validate() agrees.
    QCOMPARE(c.epochs, 100);
    QCOMPARE(*c.get("stages"), std::string("320x32:10,640xauto:80,640xauto:10:mosaic=0.0:mixup=0.1"));
    QVERIFY(c.validate().empty() || c.validate().front().code != "config.epochs");
    // Through args.yaml and back.
    c.data = "d.yaml";
    auto back = ys::TrainConfig::fromYamlText(c.toYaml(), ys::TrainConfig{});
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
    QVERIFY(back->stages == c.stages);
    QCOMPARE(back->epochs, 100);
    // epochs that disagree with the stages is a problem naming epochs.
    c.epochs = 50;
    bool found = false;
    for (const ys::Error& e : c.validate())
        found = found || (e.code == "config.epochs" && e.message.find("100") != std::string::npos);
    QVERIFY(found);
    // None means one stage.
    QVERIFY(!c.set("stages", ""));
    QVERIFY(c.stages.empty());
    QVERIFY(!c.set("stages", "none"));
    QVERIFY(c.stages.empty());
    // The recipe of the preset, as text.
    QCOMPARE(ys::formatStages(ys::commonStageRecipe()), std::string("320x32:10,640xauto:80,640xauto:10:mosaic=0.0"));
    QCOMPARE(ys::stageAt(ys::commonStageRecipe(), 9).index, 0);
    QCOMPARE(ys::stageAt(ys::commonStageRecipe(), 10).index, 1);
    QCOMPARE(ys::stageAt(ys::commonStageRecipe(), 10).firstEpoch, 10);
    QCOMPARE(ys::stageAt(ys::commonStageRecipe(), 95).index, 2);
    QCOMPARE(ys::stageAt(ys::commonStageRecipe(), 95).firstEpoch, 90);
}

void TestConfig::stageErrorsNameTheStageAndKey_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("stage");
    QTest::addColumn<QString>("stageKey");
    QTest::addColumn<QString>("message");
    QTest::newRow("imgsz not /32") << "320x16:5,650x8:5" << 2 << "imgsz" << "'stages' stage 2: 'imgsz' must be a multiple of 32";
    QTest::newRow("batch 0") << "320x0:5" << 1 << "batch" << "'stages' stage 1: 'batch' must be at least 1";
    QTest::newRow("epochs 0") << "320x8:0" << 1 << "epochs" << "'stages' stage 1: 'epochs' must be between 1";
    QTest::newRow("override range") << "320x8:5,640x4:5:mosaic=2" << 2 << "mosaic" << "'stages' stage 2: 'mosaic' must be between 0 and 1";
    QTest::newRow("key not allowed") << "320x8:5:lr0=0.1" << 1 << "lr0" << "'stages' stage 1: 'lr0' cannot change between stages";
    QTest::newRow("syntax") << "320x8:5,640:5" << 2 << "" << "'stages' stage 2: '640:5' is not a stage";
    QTest::newRow("bad checkpoint") << "640x8:5:checkpoint=some" << 1 << "checkpoint" << "'stages' stage 1: 'checkpoint' must be off, auto";
}

void TestConfig::stageErrorsNameTheStageAndKey()
{
    QFETCH(QString, text);
    QFETCH(int, stage);
    QFETCH(QString, stageKey);
    QFETCH(QString, message);
    ys::TrainConfig c;
    const auto p = c.trySet("stages", text.toStdString());
    QVERIFY(p);
    QCOMPARE(p->key, std::string("stages"));
    QCOMPARE(p->stage, stage);
    QCOMPARE(QString::fromStdString(p->stageKey), stageKey);
    const ys::Error e = p->toError();
    QCOMPARE(e.code, std::string("config.stages"));
    QVERIFY2(QString::fromStdString(e.message).startsWith(message), e.message.c_str());
    QVERIFY(c.stages.empty());   // a bad value leaves the key as it was
}

void TestConfig::stagesFromYamlLists()
{
    // A list of stage texts, or of mappings with imgsz/batch/epochs and overrides.
    auto c = ys::TrainConfig::fromYamlText("stages:\n  - 320x32:10\n  - {imgsz: 640, batch: auto, epochs: 5, mosaic: 0}\n",
                                           ys::TrainConfig{});
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().toString().c_str());
    QCOMPARE(c->stages.size(), size_t(2));
    QCOMPARE(c->stages[1].imgsz, 640);
    QCOMPARE(c->stages[1].batch, -1);
    QCOMPARE(c->epochs, 15);
    QCOMPARE(c->stages[1].overrides.front().first, std::string("mosaic"));
    // A bad stage in a file names the file's line, the stage and the key.
    auto bad = ys::TrainConfig::fromYamlText("epochs: 3\nstages:\n  - 320x32:10\n  - {imgsz: 100, batch: 4, epochs: 5}\n",
                                             ys::TrainConfig{}, nullptr, "args.yaml");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().file, std::string("args.yaml"));
    QVERIFY(bad.error().line >= 2);
    QVERIFY2(bad.error().message.find("stage 2: 'imgsz'") != std::string::npos, bad.error().message.c_str());
}

void TestConfig::checkpointSettingForms()
{
    ys::TrainConfig c;
    QCOMPARE(c.checkpoint, std::string("off"));
    QVERIFY(!c.set("checkpoint", "Backbone"));
    QCOMPARE(c.checkpoint, std::string("backbone"));
    QVERIFY(!c.set("checkpoint", "6, 2,4,2"));
    QCOMPARE(c.checkpoint, std::string("[2, 4, 6]"));
    QVERIFY(!c.set("checkpoint", "auto"));
    QVERIFY(!c.set("checkpoint", "none"));
    QCOMPARE(c.checkpoint, std::string("off"));
    const auto p = c.trySet("checkpoint", "head");
    QVERIFY(p);
    QCOMPARE(p->reason, ys::ConfigProblem::Reason::BadCheckpoint);
    QVERIFY(c.trySet("checkpoint", "[1000]"));
    // A layer list in args.yaml is a YAML list, and reads back.
    QVERIFY(!c.set("checkpoint", "[0, 3]"));
    c.data = "d.yaml";
    auto back = ys::TrainConfig::fromYamlText(c.toYaml(), ys::TrainConfig{});
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
    QCOMPARE(back->checkpoint, std::string("[0, 3]"));
    const auto parsed = ys::parseCheckpointSetting("[0, 3]");
    QVERIFY(parsed && parsed->mode == ys::CheckpointSetting::Mode::Layers && parsed->layers == (std::vector<int>{0, 3}));
}

QTEST_GUILESS_MAIN(TestConfig)
#include "test_config.moc"
