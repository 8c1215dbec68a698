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
    QCOMPARE(choiceText("optimizer", "SGD"), QString("SGD"));
    QCoreApplication::removeTranslator(&marking);
}

QTEST_MAIN(TestConfigText)
#include "test_configtext.moc"
