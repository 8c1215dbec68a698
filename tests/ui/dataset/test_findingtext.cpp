// The label check's findings in the UI's language: every message of core's catalogue (data/check.h)
// has its wording in ui/common/findingtext.cpp, whose English is core's; in 简体中文 every kind of finding a real
// check makes reads in Chinese and keeps its numbers and file names, in the findings table too, and after its
// check.json is read back (a restart).
#include "data/check.h"
#include "data/dataset.h"
#include "datasetbuilder.h"
#include "ui/common/findingtext.h"
#include "ui/dataset/findingsmodel.h"
#include "ui/shell/language.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

using namespace ys::ui;

namespace {

// The values a template of core's English uses: {1} → 0, {2} → 1, ...; all of them for "{*}".
QList<int> usedArgs(const std::string& english, size_t argCount)
{
    QList<int> used;
    const QString t = QString::fromStdString(english);
    if (t.contains(QLatin1String("{*}"))) {
        for (int k = 0; k < static_cast<int>(argCount); ++k)
            used << k;
        return used;
    }
    static const QRegularExpression re(QStringLiteral("\\{([1-9])\\}"));
    for (auto it = re.globalMatch(t); it.hasNext();)
        used << it.next().captured(1).toInt() - 1;
    return used;
}

// Made-up values, each different and easy to find in the text: a path, numbers, a class name.
std::vector<std::string> sampleArgs(const std::string& key)
{
    if (key == "label.out_of_range")
        return {"cx", "1.25", "right edge", "1.75"};
    return {"/data/images/train/im_007.jpg", "41", "52", "63.5", "74", "85"};
}

// Core's English template of `key`; empty when the catalogue has no such key.
std::string englishOf(const std::string& key)
{
    for (const ys::FindingMessage& m : ys::findingMessages())
        if (key == m.key)
            return m.english;
    return {};
}

bool hasChinese(const QString& s)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return s.contains(han);
}

}  // namespace

class TestFindingText final : public QObject {
    Q_OBJECT

private slots:
    void init() { QVERIFY(installTranslators(QStringLiteral("en"))); }
    void cleanupTestCase() { installTranslators(QStringLiteral("en")); }

    void englishIsCoresCatalogue();
    void everyMessageIsChinese();
    void everyFindingKindIsChinese_data();
    void everyFindingKindIsChinese();
    void findingsTableFollowsTheLanguage();
    void unknownKeyFallsBackToCoresMessage();
};

void TestFindingText::englishIsCoresCatalogue()
{
    QSet<QString> core;
    for (const ys::FindingMessage& m : ys::findingMessages())
        core.insert(QString::fromLatin1(m.key));
    const QStringList ui = findingTextKeys();
    QCOMPARE(QSet<QString>(ui.begin(), ui.end()), core);
    QCOMPARE(ui.size(), core.size());   // no key twice
    for (const ys::FindingMessage& m : ys::findingMessages()) {
        const auto args = sampleArgs(m.key);
        QCOMPARE(findingText(m.key, args), QString::fromStdString(ys::findingMessage(m.key, args)));
    }
}

void TestFindingText::everyMessageIsChinese()
{
    QVERIFY(installTranslators(QStringLiteral("zh_CN")));
    for (const ys::FindingMessage& m : ys::findingMessages()) {
        const auto args = sampleArgs(m.key);
        const QString english = QString::fromStdString(ys::findingMessage(m.key, args));
        const QString zh = findingText(m.key, args);
        QVERIFY2(zh != english && hasChinese(zh), qPrintable(QString::fromLatin1(m.key) + QStringLiteral(": ") + zh));
        for (int k : usedArgs(m.english, args.size())) {
            if (m.key == std::string("label.out_of_range") && k % 2 == 0)
                continue;   // the coordinate's name is translated
            QVERIFY2(zh.contains(QString::fromStdString(args[static_cast<size_t>(k)])),
                     qPrintable(QString::fromLatin1(m.key) + QStringLiteral(" lost {%1}: ").arg(k + 1) + zh));
        }
    }
    // The coordinate names of label.out_of_range in Chinese.
    QVERIFY(!findingText("label.out_of_range", {"left edge", "-0.5"}).contains(QLatin1String("left edge")));
}

void TestFindingText::everyFindingKindIsChinese_data()
{
    QTest::addColumn<QString>("code");
    for (const ys::CheckCode& c : ys::checkCodes())
        QTest::newRow(c.code) << QString::fromLatin1(c.code);
}

void TestFindingText::everyFindingKindIsChinese()
{
    QFETCH(QString, code);
    if (!ys::test::brokenCaseCodes().contains(code))
        QSKIP("no broken case for this code");
    QTemporaryDir dir;
    const ys::test::BrokenCase bc = ys::test::makeBrokenCase(code, dir.path());
    if (bc.skip)
        QSKIP(qPrintable(bc.skipReason));
    auto ds = ys::openDataset(bc.yaml.toStdString());
    QVERIFY(ds);
    const ys::CheckOptions options;
    ys::CheckResult result = ys::checkDataset(*ds, options);
    // The same findings after a restart: read back from the check.json the page exports.
    auto file = ys::checkResultFromJson(ys::checkResultToJson(*ds, result, options), "check.json");
    QVERIFY(file);

    QVERIFY(installTranslators(QStringLiteral("zh_CN")));
    int seen = 0;
    for (const auto* findings : {&result.findings, &file->result.findings}) {
        for (const ys::Finding& f : *findings) {
            if (QString::fromStdString(f.code) != code)
                continue;
            ++seen;
            const QString zh = findingText(f);
            const QString english = QString::fromStdString(f.message);
            QVERIFY2(!f.messageKey.empty(), f.message.c_str());
            QCOMPARE(QString::fromStdString(ys::findingMessage(f.messageKey, f.args)), english);
            QVERIFY2(zh != english && hasChinese(zh), qPrintable(zh));
            // Its numbers and file names stay (a coordinate's name is translated).
            QVERIFY(!englishOf(f.messageKey).empty());
            for (int k : usedArgs(englishOf(f.messageKey), f.args.size())) {
                if (f.messageKey == "label.out_of_range" && k % 2 == 0)
                    continue;
                QVERIFY2(zh.contains(QString::fromStdString(f.args[static_cast<size_t>(k)])),
                         qPrintable(QStringLiteral("{%1} = %2 missing from: %3")
                                        .arg(k + 1)
                                        .arg(QString::fromStdString(f.args[static_cast<size_t>(k)]), zh)));
            }
        }
    }
    QVERIFY2(seen >= 2, qPrintable(code));   // in the check and in its check.json
}

void TestFindingText::findingsTableFollowsTheLanguage()
{
    QTemporaryDir dir;
    const ys::test::BrokenCase bc = ys::test::makeBrokenCase(QStringLiteral("label.class_range"), dir.path());
    auto ds = ys::openDataset(bc.yaml.toStdString());
    QVERIFY(ds);
    auto result = std::make_shared<ys::CheckResult>(ys::checkDataset(*ds));
    int row = -1;
    for (size_t i = 0; i < result->findings.size(); ++i)
        if (result->findings[i].code == "label.class_range")
            row = static_cast<int>(i);
    QVERIFY(row >= 0);
    FindingsModel model;
    model.setResult(result, dir.path());
    const QModelIndex message = model.index(row, FindingsModel::MessageColumn);
    const QString english = message.data().toString();
    QCOMPARE(english, QString::fromStdString(result->findings[static_cast<size_t>(row)].message));

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QVERIFY(installTranslators(QStringLiteral("zh_CN")));
    model.retranslate();   // what the findings view does on QEvent::LanguageChange
    QVERIFY(!changed.isEmpty());
    const QString zh = message.data().toString();
    QVERIFY2(zh != english && hasChinese(zh), qPrintable(zh));
    QVERIFY(zh.contains(QString::fromStdString(result->findings[static_cast<size_t>(row)].args.at(0))));
    // Searching finds it by the Chinese words and by core's English.
    FindingsProxy proxy;
    proxy.setSourceModel(&model);
    proxy.setText(zh.left(4));
    QVERIFY(proxy.rowCount() >= 1);
    proxy.setText(QStringLiteral("out of range"));
    QVERIFY(proxy.rowCount() >= 1);
}

void TestFindingText::unknownKeyFallsBackToCoresMessage()
{
    QVERIFY(installTranslators(QStringLiteral("zh_CN")));
    ys::Finding f;
    f.code = "image.truncated";
    f.message = "an older check.json's message";
    QCOMPARE(findingText(f), QString::fromStdString(f.message));   // no key recorded
    f.messageKey = "image.newer_variant";
    QCOMPARE(findingText(f), QString::fromStdString(f.message));   // a key of a newer core
}

QTEST_MAIN(TestFindingText)
#include "test_findingtext.moc"
