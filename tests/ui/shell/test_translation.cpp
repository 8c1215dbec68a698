// Translations: the embedded Simplified Chinese .qm loads and the UI's strings become Chinese; the .ts
// file has no unfinished entries (every visible string is translated).
#include "ui/dataset/datasetpage.h"
#include "ui/shell/language.h"
#include "ui/shell/mainwindow.h"

#include <QFile>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QtTest>

using namespace ys::ui;

class TestTranslation final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void chineseLoads();
    void mainWindowMenusAreChinese();
    void switchingBackToEnglish();
    void tsFileIsComplete();
};

void TestTranslation::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudioTest"));
    QCOMPARE(availableLanguages(), (QStringList{QStringLiteral("en"), QStringLiteral("zh_CN")}));
}

void TestTranslation::chineseLoads()
{
    QVERIFY(installTranslators(QStringLiteral("zh_CN")));
    QCOMPARE(currentLanguage(), QStringLiteral("zh_CN"));
    QCOMPARE(QCoreApplication::translate("ys::ui::MainWindow", "&File"), QStringLiteral("文件(&F)"));
    QCOMPARE(QCoreApplication::translate("ys::ui::DatasetPage", "Open a YOLO dataset"), QStringLiteral("打开 YOLO 数据集"));
    // Qt's own dialog buttons come from our .qm when the system has no Qt translations.
    QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("取消"));
}

void TestTranslation::mainWindowMenusAreChinese()
{
    QVERIFY(installTranslators(QStringLiteral("zh_CN")));
    MainWindow w;
    const auto menus = w.menuBar()->actions();
    QVERIFY(menus.size() >= 4);
    QCOMPARE(menus[0]->text(), QStringLiteral("文件(&F)"));
    // Nothing visible in the menus is left in English (letters other than shortcut keys and names).
    static const QRegularExpression englishWord(QStringLiteral("[A-Za-z]{4,}"));
    for (QAction* menu : menus) {
        for (QAction* a : menu->menu()->actions()) {
            if (a->isSeparator() || a->text() == QStringLiteral("English") || a->text().contains(QStringLiteral("YOLO")) ||
                a->text().contains(QStringLiteral("Qt")))
                continue;
            QVERIFY2(!englishWord.match(a->text()).hasMatch(), qPrintable(a->text()));
        }
    }
}

void TestTranslation::switchingBackToEnglish()
{
    QVERIFY(installTranslators(QStringLiteral("en")));
    QCOMPARE(QCoreApplication::translate("ys::ui::MainWindow", "&File"), QStringLiteral("&File"));
    MainWindow w;
    QCOMPARE(w.menuBar()->actions().first()->text(), QStringLiteral("&File"));
}

void TestTranslation::tsFileIsComplete()
{
    const QString src = qEnvironmentVariable("YS_SOURCE_DIR");
    if (src.isEmpty())
        QSKIP("YS_SOURCE_DIR is not set (run through CTest)");
    QFile ts(src + QStringLiteral("/translations/yolostudio_zh_CN.ts"));
    QVERIFY(ts.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(ts.readAll());
    const int messages = static_cast<int>(text.count(QStringLiteral("<message")));
    QVERIFY2(messages > 100, qPrintable(QString::number(messages)));
    QCOMPARE(text.count(QStringLiteral("type=\"unfinished\"")), 0);
    QCOMPARE(text.count(QStringLiteral("<translation></translation>")), 0);
}

QTEST_MAIN(TestTranslation)
#include "test_translation.moc"
