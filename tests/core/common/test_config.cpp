// TrainConfig: defaults, key=value parsing, YAML round trip, validation with file and line.
#include "common/config.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QtTest>

using ys::TrainConfig;

class TestConfig final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultsMatchUltralytics();
    void setParsesAndRejects_data();
    void setParsesAndRejects();
    void yamlRoundTrip();
    void yamlErrorsNameFileAndLine();
    void ultralyticsArgsYamlLoads();
    void yamlTextLoadsWithoutAFile();
    void validateFindsCrossKeyProblems();
    void byteSizes_data();
    void byteSizes();
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
    QTest::newRow("unknown") << "learning_rate" << "1" << false << "";
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
    const QString path = dir.filePath("args.yaml");
    QVERIFY(ys::test::writeText(path, c.toYaml()));
    auto back = TrainConfig::fromYamlFile(path.toStdString());
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
    QCOMPARE(back->lr0, 0.003);
    QCOMPARE(QString::fromStdString(back->optimizer), QString("AdamW"));
    QCOMPARE(QString::fromStdString(back->name), QString("my run: 1"));
    QVERIFY(back->cos_lr);
    const auto changed = back->changedKeys();
    QCOMPARE(changed.size(), size_t(4));
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
    c.imgsz = 650;
    c.batch = 0;
    c.device = "gpu";
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

QTEST_GUILESS_MAIN(TestConfig)
#include "test_config.moc"
