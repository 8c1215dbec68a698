// The translated text table covers every key of core's schema, its help lines are core's (so the English
// shown in forms and `train --help` cannot drift), and every text is looked up through the translator.
#include "common/presets.h"
#include "markingtranslator.h"
#include "ui/config/configtext.h"

#include <QTranslator>
#include <QtTest>

using namespace ys::ui;


class TestConfigText final : public QObject {
    Q_OBJECT
private slots:
    void everyKeyHasCoreHelp();
    void everyTextIsTranslated();
    void reasonsCarryTheirArguments();
};

void TestConfigText::everyKeyHasCoreHelp()
{
    QStringList schema;
    for (const ys::ConfigKey& k : ys::configKeys()) {
        const QString key = QString::fromLatin1(k.name);
        schema << key;
        QCOMPARE(keyHelpSource(key), QString::fromUtf8(k.help));
        QVERIFY2(keyLabel(key) != key, k.name);
    }
    QCOMPARE(keysWithText(), schema);
}

void TestConfigText::everyTextIsTranslated()
{
    ys::test::MarkingTranslator marking;
    QCoreApplication::installTranslator(&marking);
    const QString mark = QStringLiteral("»");
    for (const ys::ConfigKey& k : ys::configKeys()) {
        const QString key = QString::fromLatin1(k.name);
        QVERIFY2(keyLabel(key).startsWith(mark), k.name);
        QCOMPARE(keyHelp(key), mark + QString::fromUtf8(k.help));
        if (k.minText)
            QCOMPARE(minimumText(k), mark + QString::fromUtf8(k.minText));
        if (k.unit != ys::ConfigKey::Unit::None)
            QVERIFY2(unitSuffix(k.unit).startsWith(mark), k.name);
    }
    for (ys::ConfigKey::Group g : ys::configGroups())
        QCOMPARE(groupLabel(g), mark + QString::fromUtf8(ys::groupTitle(g)));
    for (const ys::ConfigPreset& p : ys::configPresets()) {
        QCOMPARE(presetTitle(p.id), mark + QString::fromStdString(p.title));
        QCOMPARE(presetDescription(p.id), mark + QString::fromStdString(p.description));
    }
    QVERIFY(choiceText("amp", "off").startsWith(mark));
    // Every reason core can give has its own translated text.
    for (int r = 0; r <= static_cast<int>(ys::ConfigProblem::Reason::BadDevice); ++r) {
        ys::ConfigProblem p{"lr0", static_cast<ys::ConfigProblem::Reason>(r), "x", 0, 10, {"a", "b"}};
        QVERIFY2(problemText(p).startsWith(mark), qPrintable(problemText(p)));
    }
    QCOMPARE(choiceText("optimizer", "SGD"), QString("SGD"));
    QCoreApplication::removeTranslator(&marking);
}

void TestConfigText::reasonsCarryTheirArguments()
{
    ys::TrainConfig c;
    c.imgsz = 650;
    c.lr0 = 20;
    QStringList texts;
    for (const ys::ConfigProblem& p : c.problems())
        texts << QString::fromStdString(p.key) + ": " + problemText(p);
    QVERIFY2(texts.contains("lr0: must be between 0 and 10, not 20.0"), qPrintable(texts.join('|')));
    QVERIFY(texts.contains("imgsz: must be a multiple of 32 (the model's largest stride), not 650"));
    QVERIFY(texts.contains("data: no dataset: open one, or choose its data.yaml"));
    ys::TrainConfig d;
    auto p = d.trySet("amp", "fp8");
    QVERIFY(p);
    QCOMPARE(problemText(*p), QString("must be one of auto, off, fp16, bf16, not “fp8”"));
    // The English of core's Error is the same problem.
    QCOMPARE(QString::fromStdString(p->toError().message), QString("'amp' must be one of auto, off, fp16, bf16, not 'fp8'"));
}

QTEST_MAIN(TestConfigText)
#include "test_configtext.moc"
