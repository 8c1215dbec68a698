// Translations: the embedded Simplified Chinese .qm loads and the UI's strings become Chinese; the committed
// .ts files hold exactly the strings lupdate finds in ys_ui's sources now, every one translated, with the
// placeholders and accelerators of its source (`cmake --build build --target refresh_translations` refreshes
// them).
#include "../../core/run/runfixtures.h"

#include "ui/config/configform.h"
#include "ui/dataset/datasetpage.h"
#include "ui/shell/language.h"
#include "ui/shell/mainwindow.h"
#include "ui/dataset/imagefilterproxy.h"
#include "ui/runs/runlistcontroller.h"
#include "ui/runs/runspage.h"
#include "uitestdata.h"

#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMap>
#include <QMenuBar>
#include <QProcess>
#include <QSignalSpy>
#include <QTableView>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QComboBox>
#include <QTabWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace ys::ui;

namespace {

// One <message> of a .ts file.
struct TsMessage {
    QString source;
    QString type;  // "", "unfinished", "obsolete", "vanished"
    bool numerus = false;
    QStringList translations;  // one, or one per numerus form
};

// Messages by "context | source | comment".
QMap<QString, TsMessage> readTs(const QString& path, QString* error)
{
    QMap<QString, TsMessage> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read ") + path;
        return out;
    }
    QXmlStreamReader xml(&f);
    QString context, comment;
    TsMessage m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("context")) {
                context.clear();
            } else if (name == QLatin1String("name")) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                m = TsMessage{};
                m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
                comment.clear();
            } else if (name == QLatin1String("source")) {
                m.source = xml.readElementText();
            } else if (name == QLatin1String("comment")) {
                comment = xml.readElementText();
            } else if (name == QLatin1String("translation")) {
                m.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!m.numerus)
                    m.translations << xml.readElementText();
            } else if (name == QLatin1String("numerusform")) {
                m.translations << xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out.insert(context + QStringLiteral(" | ") + m.source + QStringLiteral(" | ") + comment, m);
        }
    }
    if (xml.hasError())
        *error = path + QStringLiteral(": ") + xml.errorString();
    return out;
}

// %1..%99, %L1, %n, %Ln, in order of appearance.
QStringList labelTexts(const QWidget* root)
{
    QStringList out;
    for (const QLabel* l : root->findChildren<QLabel*>())
        out << l->text();
    return out;
}

QStringList placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("%L?(?:[1-9][0-9]?|n)"));
    QStringList out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out << it.next().captured();
    out.sort();
    return out;
}

// The accelerator key of "&File" / "文件(&F)" ('&&' is a literal ampersand); empty when there is none.
QString accelerator(const QString& text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&'))
            continue;
        if (text[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        if (text[i + 1].isLetterOrNumber())
            return text[i + 1].toUpper();
    }
    return {};
}

// What is wrong with one committed message. `complete`: every message needs a translation (zh_CN); otherwise
// only plural forms do (the English .ts, whose other messages fall back to the source text).
QStringList messageProblems(const QString& key, const TsMessage& m, bool complete)
{
    QStringList problems;
    if (m.type == QLatin1String("obsolete") || m.type == QLatin1String("vanished"))
        return {key + QStringLiteral(": ") + m.type + QStringLiteral(" (no longer in the sources)")};
    if (!complete && !m.numerus)
        return {};
    if (m.type == QLatin1String("unfinished"))
        return {key + QStringLiteral(": unfinished")};
    for (const QString& t : m.translations) {
        if (t.isEmpty()) {
            problems << key + QStringLiteral(": empty translation");
            continue;
        }
        if (placeholders(t) != placeholders(m.source))
            problems << key + QStringLiteral(": placeholders ") + placeholders(m.source).join(QLatin1Char(',')) +
                            QStringLiteral(" became ") + placeholders(t).join(QLatin1Char(',')) +
                            QStringLiteral(" in “") + t + QStringLiteral("”");
        const auto shown = [](const QString& a) { return a.isEmpty() ? QStringLiteral("none") : QLatin1Char('&') + a; };
        if (accelerator(t) != accelerator(m.source))
            problems << key + QStringLiteral(": accelerator ") + shown(accelerator(m.source)) +
                            QStringLiteral(" became ") + shown(accelerator(t)) + QStringLiteral(" in “") + t +
                            QStringLiteral("”");
    }
    return problems;
}

}  // namespace

class TestTranslation final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void chineseLoads();
    void mainWindowMenusAreChinese();
    void switchingBackToEnglish();
    void firstStartFollowsTheSystemLocale();
    void menuSwitchRetranslatesPages();
    void statusBarAndPageMenusFollowTheSwitch();
    void switchingKeepsTheDatasetFilters();
    void tsFilesMatchSources();
    void pendingTranslationsKeepPlaceholders();
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

void TestTranslation::firstStartFollowsTheSystemLocale()
{
    QSettings().remove(QStringLiteral("ui/language"));
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    QCOMPARE(preferredLanguage(), QStringLiteral("zh_CN"));
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(preferredLanguage(), QStringLiteral("en"));
    // A choice made in the menu wins over the locale.
    storeLanguage(QStringLiteral("zh_CN"));
    QCOMPARE(preferredLanguage(), QStringLiteral("zh_CN"));
    QSettings().remove(QStringLiteral("ui/language"));
    QLocale::setDefault(before);
}

void TestTranslation::menuSwitchRetranslatesPages()
{
    QVERIFY(installTranslators(QStringLiteral("en")));
    MainWindow w;
    ConfigForm form;
    DatasetPage* page = w.findChild<DatasetPage*>(QStringLiteral("datasetPage"));
    QVERIFY(page);
    auto* nav = w.findChild<QListWidget*>(QStringLiteral("navigation"));
    QVERIFY(nav);
    auto* imgsz = qobject_cast<QSpinBox*>(form.editor(QStringLiteral("imgsz")));
    auto* batch = qobject_cast<QSpinBox*>(form.editor(QStringLiteral("batch")));
    QVERIFY(imgsz && batch);
    QVERIFY(labelTexts(page).contains(QStringLiteral("Open a YOLO dataset")));
    QVERIFY(labelTexts(&form).contains(QStringLiteral("Initial learning rate")));

    // The language menu's 简体中文 entry, as a user picks it: no restart.
    auto languageAction = [&w](const QString& code) -> QAction* {
        for (QAction* menu : w.menuBar()->actions())
            for (QAction* a : menu->menu()->actions())
                if (a->data().toString() == code)
                    return a;
        return nullptr;
    };
    QAction* chinese = languageAction(QStringLiteral("zh_CN"));
    QVERIFY(chinese);
    chinese->trigger();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCOMPARE(currentLanguage(), QStringLiteral("zh_CN"));
    QVERIFY(chinese->isChecked());
    QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("zh_CN"));
    // Main window: menus, navigation, window title.
    QCOMPARE(w.menuBar()->actions().first()->text(), QStringLiteral("文件(&F)"));
    QCOMPARE(nav->item(0)->text(), QStringLiteral("数据集"));
    QCOMPARE(w.windowTitle(), QStringLiteral("YOLO Studio"));
    // Dataset page: empty state, filter labels, tabs, the viewer's zoom actions.
    const QStringList pageLabels = labelTexts(page);
    QVERIFY2(pageLabels.contains(QStringLiteral("打开 YOLO 数据集")), qPrintable(pageLabels.join(QLatin1Char('|'))));
    QVERIFY(pageLabels.contains(QStringLiteral("划分(&S)")));
    QVERIFY(!pageLabels.contains(QStringLiteral("&Split")));
    QCOMPARE(page->findChild<QTabWidget*>(QStringLiteral("bottomTabs"))->tabText(1), QStringLiteral("统计"));
    QCOMPARE(page->viewActions().value(0)->text(), QStringLiteral("放大"));
    QCOMPARE(page->pageActions().value(0)->text(), QStringLiteral("打开数据集(&O)…"));
    // Config form: field labels, group headers, units, special values.
    const QStringList formLabels = labelTexts(&form);
    QVERIFY2(formLabels.contains(QStringLiteral("初始学习率")), qPrintable(formLabels.join(QLatin1Char('|'))));
    QVERIFY(formLabels.contains(QStringLiteral("权重衰减")));
    QVERIFY(!formLabels.contains(QStringLiteral("Initial learning rate")));
    QCOMPARE(imgsz->suffix(), QStringLiteral(" 像素"));
    QCOMPARE(batch->specialValueText(), QStringLiteral("自动"));

    QAction* english = languageAction(QStringLiteral("en"));
    QVERIFY(english);
    english->trigger();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCOMPARE(currentLanguage(), QStringLiteral("en"));
    QCOMPARE(w.menuBar()->actions().first()->text(), QStringLiteral("&File"));
    QCOMPARE(nav->item(0)->text(), QStringLiteral("Dataset"));
    QVERIFY(labelTexts(page).contains(QStringLiteral("&Split")));
    QVERIFY(labelTexts(&form).contains(QStringLiteral("Initial learning rate")));
    QCOMPARE(imgsz->suffix(), QStringLiteral(" px"));
    QSettings().remove(QStringLiteral("ui/language"));
}

// The status bar's counts ("4 runs" on the Runs page) and the pages' menus (Dataset, Train, Runs) change with
// the language at once: they used to stay English until a restart.
void TestTranslation::statusBarAndPageMenusFollowTheSwitch()
{
    QVERIFY(installTranslators(QStringLiteral("en")));
    QTemporaryDir project;
    for (const char* name : {"exp", "exp2", "exp3", "exp4"})
        ys::test::writeFakeRun(project.filePath(QString::fromLatin1(name)));
    MainWindow w;
    auto* runs = w.findChild<RunsPage*>();
    QVERIFY(runs);
    QSignalSpy listed(runs->controller(), &RunListController::listed);
    runs->setProjectFolder(project.path());
    QVERIFY(!listed.isEmpty() || listed.wait(30000));
    QTRY_COMPARE_WITH_TIMEOUT(runs->runCount(), 4, 30000);
    auto* nav = w.findChild<QListWidget*>(QStringLiteral("navigation"));
    nav->setCurrentRow(2);   // the Runs page
    auto* status = w.findChild<QLabel*>(QStringLiteral("statusCounts"));
    QVERIFY(status);
    QCOMPARE(status->text(), QStringLiteral("4 runs"));
    auto menuTitles = [&w] {
        QStringList titles;
        for (QAction* a : w.menuBar()->actions())
            titles << a->text();
        return titles;
    };
    for (const char* title : {"Dataset", "Train", "Runs"})
        QVERIFY2(menuTitles().contains(QString::fromLatin1(title)), qPrintable(menuTitles().join(QLatin1Char('|'))));

    QVERIFY(installTranslators(QStringLiteral("zh_CN")));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCOMPARE(status->text(), QStringLiteral("4 次训练"));
    for (const char* title : {"数据集", "训练", "训练记录"})
        QVERIFY2(menuTitles().contains(QString::fromUtf8(title)), qPrintable(menuTitles().join(QLatin1Char('|'))));
    QVERIFY(!menuTitles().contains(QStringLiteral("Dataset")));

    QVERIFY(installTranslators(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCOMPARE(status->text(), QStringLiteral("4 runs"));
    QVERIFY(menuTitles().contains(QStringLiteral("Dataset")));
}

void TestTranslation::switchingKeepsTheDatasetFilters()
{
    QVERIFY(installTranslators(QStringLiteral("en")));
    QTemporaryDir dir;
    ys::test::UiDataset data;
    QString error;
    QVERIFY2(ys::test::writeUiDataset(dir, &data, &error), qPrintable(error));
    DatasetPage page;
    page.resize(1280, 860);
    page.show();
    QSignalSpy checked(&page, &DatasetPage::checkFinished);
    page.openDataset(data.yaml);
    QVERIFY(checked.wait(240000));
    auto* split = page.findChild<QComboBox*>(QStringLiteral("splitFilter"));
    auto* problems = page.findChild<QComboBox*>(QStringLiteral("problemFilter"));
    auto* tabs = page.findChild<QTabWidget*>(QStringLiteral("bottomTabs"));
    const QAbstractItemModel* grid = page.findChild<QAbstractItemView*>(QStringLiteral("imageGrid"))->model();
    const ProblemFilter any = ProblemFilter::anyFinding();
    // Train images with errors or warnings.
    split->setCurrentIndex(split->findData(0));
    for (int i = 0; i < problems->count(); ++i)
        if (problems->itemData(i).value<ProblemFilter>() == any)
            problems->setCurrentIndex(i);
    const int shown = grid->rowCount();
    QVERIFY(shown > 0 && shown < 80);
    QVERIFY(split->currentText().startsWith(QStringLiteral("train (")));
    const QString findingsTab = tabs->tabText(0);
    QVERIFY2(findingsTab.startsWith(QStringLiteral("Findings (")), qPrintable(findingsTab));

    QVERIFY(installTranslators(QStringLiteral("zh_CN")));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    // The filters are refilled in Chinese and keep what they selected.
    QCOMPARE(split->currentData().toInt(), 0);
    QVERIFY2(split->currentText().startsWith(QStringLiteral("训练集 (")), qPrintable(split->currentText()));
    QVERIFY(problems->currentData().value<ProblemFilter>() == any);
    QVERIFY2(problems->currentText().startsWith(QStringLiteral("有错误或警告")), qPrintable(problems->currentText()));
    QCOMPARE(grid->rowCount(), shown);
    QVERIFY2(tabs->tabText(0).startsWith(QStringLiteral("检查结果")), qPrintable(tabs->tabText(0)));
    const QAbstractItemModel* findings = page.findChild<QTableView*>(QStringLiteral("findingsTable"))->model();
    QCOMPARE(findings->headerData(0, Qt::Horizontal).toString(), QStringLiteral("级别"));
    QVERIFY(page.statusText().contains(QStringLiteral("张图像")));

    QVERIFY(installTranslators(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QVERIFY(split->currentText().startsWith(QStringLiteral("train (")));
    QCOMPARE(grid->rowCount(), shown);
    QCOMPARE(tabs->tabText(0), findingsTab);
}

void TestTranslation::tsFilesMatchSources()
{
    const QString src = qEnvironmentVariable("YS_SOURCE_DIR");
    if (src.isEmpty())
        QSKIP("YS_SOURCE_DIR is not set (run through CTest)");
    // Run lupdate the way `update_translations` does (Qt's lupdate project of ys_ui: its sources and include
    // paths), into a fresh .ts in a temporary folder.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString project = QStringLiteral(YS_LUPDATE_PROJECT);
    QVERIFY2(QFile::exists(project),
             qPrintable(project + QStringLiteral(" is missing: ys_ui has no lupdate project")));
    const QString json = tmp.filePath(QStringLiteral("project.json"));
    QProcess cmake;
    cmake.start(QStringLiteral(YS_CMAKE_COMMAND),
                {QStringLiteral("-DIN_FILE=") + project, QStringLiteral("-DOUT_FILE=") + json, QStringLiteral("-P"),
                 QStringLiteral(YS_LUPDATE_PROJECT_SCRIPT)});
    QVERIFY(cmake.waitForFinished(60000));
    QVERIFY2(cmake.exitCode() == 0, cmake.readAllStandardError().constData());
    const QString fresh = tmp.filePath(QStringLiteral("yolostudio_zh_CN.ts"));
    QProcess lupdate;
    lupdate.start(QStringLiteral(YS_LUPDATE), {QStringLiteral("-project"), json, QStringLiteral("-no-obsolete"),
                                               QStringLiteral("-locations"), QStringLiteral("none"),
                                               QStringLiteral("-silent"), QStringLiteral("-ts"), fresh});
    QVERIFY(lupdate.waitForFinished(60000));
    QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());

    QString error;
    const auto sources = readTs(fresh, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(sources.size() > 200, qPrintable(QString::number(sources.size())));
    const QString refresh = QStringLiteral("\n(refresh with: cmake --build build --target refresh_translations, then "
                                           "translate)");
    for (const QString& language : {QStringLiteral("zh_CN"), QStringLiteral("en")}) {
        const auto committed =
            readTs(src + QStringLiteral("/translations/yolostudio_%1.ts").arg(language), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList problems;
        for (auto it = sources.cbegin(); it != sources.cend(); ++it)
            if (!committed.contains(it.key()))
                problems << it.key() + QStringLiteral(": missing");
        for (auto it = committed.cbegin(); it != committed.cend(); ++it) {
            if (!sources.contains(it.key()) && it->type != QLatin1String("obsolete") &&
                it->type != QLatin1String("vanished"))
                problems << it.key() + QStringLiteral(": not in the sources any more");
            else
                problems << messageProblems(it.key(), *it, language == QLatin1String("zh_CN"));
        }
        const QString report = QStringLiteral("yolostudio_%1.ts: %2 problem(s):\n").arg(language).arg(problems.size()) +
                               problems.mid(0, 40).join(QLatin1Char('\n')) + refresh;
        QVERIFY2(problems.isEmpty(), qPrintable(report));
    }
}

void TestTranslation::pendingTranslationsKeepPlaceholders()
{
    // Chinese written ahead for strings of branches not merged yet: refresh_translations copies it into the
    // .ts, so it obeys the same rules.
    const QString src = qEnvironmentVariable("YS_SOURCE_DIR");
    if (src.isEmpty())
        QSKIP("YS_SOURCE_DIR is not set (run through CTest)");
    for (const QString& language : {QStringLiteral("zh_CN"), QStringLiteral("en")}) {
        QString error;
        const auto pending = readTs(src + QStringLiteral("/translations/pending_%1.ts").arg(language), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList problems;
        for (auto it = pending.cbegin(); it != pending.cend(); ++it)
            problems << messageProblems(it.key(), *it, true);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 40).join(QLatin1Char('\n'))));
    }
}

QTEST_MAIN(TestTranslation)
#include "test_translation.moc"
