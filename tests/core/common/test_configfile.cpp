// ConfigFile: users' args.yaml / hyp.yaml files load, keep what the studio does not use, and save back with
// nothing lost: unchanged files byte for byte, changed values in place with their comments.
#include "common/configfile.h"
#include "testsupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using ys::ConfigFile;
using ys::TrainConfig;

namespace {

QString dataFile(const char* name)
{
    return QStringLiteral(YS_TEST_DATA_DIR "/config/") + QLatin1String(name);
}

std::string readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

QStringList keys(const std::vector<ys::ConfigFileEntry>& entries)
{
    QStringList k;
    for (const auto& e : entries)
        k << QString::fromStdString(e.key);
    return k;
}

}  // namespace

class TestConfigFile final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ultralyticsArgsYamlLoadsAndSavesUnchanged();
    void yolov9HypKeepsItsKeysInOrder();
    void changedValuesAreRewrittenInPlace();
    void booleanSpellingIsKept();
    void badValuesAreListedWithLines();
    void syntaxErrorsAndNonMaps();
    void nullMeansNotSet();
    void flowStyleDocumentKeepsKeysAndValues();
    void crlfFileRoundTrips();
    void fromConfigWritesEverySetting();
    void fromYamlFileUsesTheSameRules();
};

void TestConfigFile::ultralyticsArgsYamlLoadsAndSavesUnchanged()
{
    // Written by Ultralytics 8.3.112 for a 1-epoch run (tests/data/config/README.md).
    const QString path = dataFile("ultralytics-8.3.112-args.yaml");
    auto f = ConfigFile::load(path.toStdString());
    QVERIFY2(f.ok(), f.ok() ? "" : f.error().toString().c_str());
    QVERIFY(f->problems().empty());
    const TrainConfig& c = f->config();
    QCOMPARE(c.epochs, 1);
    QCOMPARE(c.batch, 4);
    QCOMPARE(c.imgsz, 64);
    QCOMPARE(c.workers, 0);
    QCOMPARE(c.fraction, 0.25);
    QCOMPARE(c.val, false);
    QCOMPARE(QString::fromStdString(c.resume), QString());     // resume: false
    QCOMPARE(QString::fromStdString(c.device), QString("cpu"));  // device: null keeps the base
    QCOMPARE(QString::fromStdString(c.amp), QString("auto"));    // amp: true
    QCOMPARE(QString::fromStdString(c.cache), QString("off"));   // cache: false
    QCOMPARE(c.conf, 0.001);                                     // conf: null keeps the base
    QVERIFY(c.validate().empty());
    // Every key Ultralytics wrote that the studio does not use is listed, in the file's order.
    const QStringList unknown = keys(f->unknownKeys());
    QCOMPARE(unknown.first(), QString("task"));
    QCOMPARE(unknown[1], QString("mode"));
    QCOMPARE(unknown.last(), QString("save_dir"));
    QVERIFY(unknown.contains("copy_paste_mode"));
    QVERIFY(!unknown.contains("lr0"));
    QCOMPARE(f->unknownKeys().front().line, 1);
    QCOMPARE(QString::fromStdString(f->unknownKeys()[2].key), QString("time"));
    QCOMPARE(QString::fromStdString(f->unknownKeys()[2].value), QString("null"));
    const int documentLines = static_cast<int>(QString::fromStdString(readAll(path)).count('\n'));
    QCOMPARE(static_cast<int>(unknown.size() + f->documentKeys().size()), documentLines);
    // Saved without changes: the same bytes.
    QCOMPARE(f->toYaml(), readAll(path));
}

void TestConfigFile::yolov9HypKeepsItsKeysInOrder()
{
    const QString path = dataFile("yolov9-hyp.scratch-high.yaml");
    auto f = ConfigFile::load(path.toStdString());
    QVERIFY(f.ok());
    QVERIFY(f->problems().empty());
    QCOMPARE(f->config().scale, 0.9);
    QCOMPARE(f->config().mixup, 0.15);
    QCOMPARE(f->config().copy_paste, 0.3);
    QCOMPARE(keys(f->unknownKeys()), (QStringList{"cls_pw", "obj", "obj_pw", "iou_t", "anchor_t", "fl_gamma"}));
    QCOMPARE(QString::fromStdString(f->unknownKeys()[3].value), QString("0.20"));  // as written
    QCOMPARE(f->unknownKeys()[3].line, 16);
    QCOMPARE(f->toYaml(), readAll(path));
}

void TestConfigFile::changedValuesAreRewrittenInPlace()
{
    const QString path = dataFile("yolov9-hyp.scratch-high.yaml");
    auto f = ConfigFile::load(path.toStdString());
    QVERIFY(f.ok());
    TrainConfig c = f->config();
    QVERIFY(!c.set("lr0", "0.02"));
    QVERIFY(!c.set("mixup", "0"));
    QVERIFY(!c.set("epochs", "50"));  // not in the file: appended
    f->setConfig(c);
    const std::string out = f->toYaml();
    QVERIFY2(out.find("lr0: 0.02  # starting learning rate\n") != std::string::npos, out.c_str());
    QVERIFY(out.find("mixup: 0.0  # mixup probability\n") != std::string::npos);
    QVERIFY(out.find("iou_t: 0.20  # not used by YOLO Studio\n") != std::string::npos);
    QVERIFY(out.rfind("epochs: 50\n") == out.size() - std::string("epochs: 50\n").size());
    QVERIFY(out.rfind("# Test data:", 0) == 0);  // the header comment stays
    // Reading it back gives the same settings and the same unknown entries.
    auto back = ConfigFile::parse(out, "saved.yaml");
    QVERIFY(back.ok());
    QCOMPARE(back->config().toYaml(), c.toYaml());
    QCOMPARE(keys(back->unknownKeys()), keys(f->unknownKeys()));
}

void TestConfigFile::booleanSpellingIsKept()
{
    auto f = ConfigFile::parse("amp: true\ncache: false\n", "a.yaml");
    QVERIFY(f.ok());
    TrainConfig c = f->config();
    QVERIFY(!c.set("amp", "off"));
    QVERIFY(!c.set("cache", "ram"));
    f->setConfig(c);
    QCOMPARE(f->toYaml(), std::string("amp: false\ncache: true\n"));
    QVERIFY(!c.set("amp", "bf16"));  // no boolean for bf16
    f->setConfig(c);
    QCOMPARE(f->toYaml(), std::string("amp: \"bf16\"\ncache: true\n"));
}

void TestConfigFile::badValuesAreListedWithLines()
{
    auto f = ConfigFile::parse("lr0: fast\nobj: 0.7\nmomentum: 2\nimgsz: [640, 480]\nlr0: 0.1\n", "hyp.yaml");
    QVERIFY(f.ok());
    const auto& p = f->problems();
    QCOMPARE(p.size(), size_t(4));
    QCOMPARE(QString::fromStdString(p[0].code), QString("config.lr0"));
    QCOMPARE(p[0].line, 1);
    QCOMPARE(QString::fromStdString(p[0].file), QString("hyp.yaml"));
    QCOMPARE(QString::fromStdString(p[1].code), QString("config.momentum"));
    QCOMPARE(p[1].line, 3);
    QCOMPARE(QString::fromStdString(p[2].code), QString("config.imgsz"));
    QCOMPARE(p[2].line, 4);
    QCOMPARE(p[3].line, 5);  // lr0 twice
    QVERIFY(p[3].message.find("twice") != std::string::npos);
    // Bad values leave the keys at the base; the unknown key is still kept.
    QCOMPARE(f->config().lr0, 0.01);
    QCOMPARE(keys(f->unknownKeys()), QStringList{"obj"});
}

void TestConfigFile::syntaxErrorsAndNonMaps()
{
    auto s = ConfigFile::parse("lr0: 0.01\n  bad: [\n", "x.yaml");
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.error().code), QString("yaml.syntax"));
    QVERIFY(s.error().line >= 2);
    auto l = ConfigFile::parse("- lr0\n- momentum\n", "x.yaml");
    QVERIFY(!l.ok());
    QCOMPARE(QString::fromStdString(l.error().code), QString("config.not_a_map"));
    auto missing = ConfigFile::load("/nonexistent/args.yaml");
    QVERIFY(!missing.ok());
    QCOMPARE(QString::fromStdString(missing.error().code), QString("config.unreadable"));
    auto empty = ConfigFile::parse("# nothing\n", "x.yaml");
    QVERIFY(empty.ok());
    QCOMPARE(empty->toYaml(), std::string("# nothing\n"));
}

void TestConfigFile::nullMeansNotSet()
{
    TrainConfig base;
    base.device = "0";
    base.vram = "8GiB";
    base.resume = "runs/a/weights/last.pt";
    auto f = ConfigFile::parse("device: null\nvram: ~\nresume:\nname: exp # run\n", "a.yaml", base);
    QVERIFY(f.ok());
    QVERIFY(f->problems().empty());
    QCOMPARE(QString::fromStdString(f->config().device), QString("0"));
    QCOMPARE(QString::fromStdString(f->config().vram), QString());
    QCOMPARE(QString::fromStdString(f->config().resume), QString());
    // device "0" is not what `device: null` means over the defaults, so saving writes it; `resume:` with
    // nothing after it gets its value inserted.
    TrainConfig c = f->config();
    QVERIFY(!c.set("resume", "runs/b/weights/last.pt"));
    QVERIFY(!c.set("name", "exp2"));
    f->setConfig(c);
    QCOMPARE(f->toYaml(), std::string("device: \"0\"\nvram: ~\nresume: \"runs/b/weights/last.pt\"\n"
                                      "name: \"exp2\" # run\n"));
}

void TestConfigFile::flowStyleDocumentKeepsKeysAndValues()
{
    auto f = ConfigFile::parse("{lr0: 0.02, obj: 0.7, anchors: [10, 13]}\n", "flow.yaml");
    QVERIFY(f.ok());
    QCOMPARE(f->config().lr0, 0.02);
    TrainConfig c = f->config();
    QVERIFY(!c.set("lr0", "0.03"));
    f->setConfig(c);
    auto back = ConfigFile::parse(f->toYaml(), "again.yaml");
    QVERIFY2(back.ok(), f->toYaml().c_str());
    QCOMPARE(back->config().lr0, 0.03);
    QCOMPARE(keys(back->unknownKeys()), (QStringList{"obj", "anchors"}));
    QCOMPARE(QString::fromStdString(back->unknownKeys()[1].value), QString("[10, 13]"));
}

void TestConfigFile::crlfFileRoundTrips()
{
    const std::string text = "lr0: 0.01\r\nobj: 0.7 # kept\r\nmosaic: 1.0\r\n";
    auto f = ConfigFile::parse(text, "win.yaml");
    QVERIFY(f.ok());
    QCOMPARE(f->toYaml(), text);
    TrainConfig c = f->config();
    QVERIFY(!c.set("mosaic", "0.5"));
    f->setConfig(c);
    QCOMPARE(f->toYaml(), std::string("lr0: 0.01\r\nobj: 0.7 # kept\r\nmosaic: 0.5\r\n"));
}

void TestConfigFile::fromConfigWritesEverySetting()
{
    TrainConfig c;
    c.data = "/data/my set/data.yaml";
    c.lr0 = 0.00123456;
    c.batch = -1;
    ConfigFile f = ConfigFile::fromConfig(c);
    QCOMPARE(f.documentKeys().size(), ys::configKeys().size());
    QTemporaryDir dir;
    const QString path = dir.filePath("args.yaml");
    QVERIFY(!f.save(path.toStdString()));
    auto back = ConfigFile::load(path.toStdString());
    QVERIFY(back.ok());
    QCOMPARE(back->config().toYaml(), c.toYaml());
    QCOMPARE(back->config().lr0, 0.00123456);
    QCOMPARE(back->toYaml(), readAll(path));
}

void TestConfigFile::fromYamlFileUsesTheSameRules()
{
    std::vector<std::string> ignored;
    auto c = TrainConfig::fromYamlFile(dataFile("ultralytics-8.3.112-args.yaml").toStdString(), TrainConfig{}, &ignored);
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().toString().c_str());
    QCOMPARE(QString::fromStdString(c->resume), QString());
    QCOMPARE(QString::fromStdString(c->device), QString("cpu"));
    QCOMPARE(QString::fromStdString(ignored.front()), QString("task"));
}

QTEST_GUILESS_MAIN(TestConfigFile)
#include "test_configfile.moc"
