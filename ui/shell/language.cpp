#include "ui/shell/language.h"

#include "ui/common/logging.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <memory>

namespace ys::ui {
namespace {

QString g_current = QStringLiteral("en");
std::unique_ptr<QTranslator> g_studio;
std::unique_ptr<QTranslator> g_qt;

}  // namespace

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString languageName(const QString& code)
{
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString preferredLanguage()
{
    const QString stored = QSettings().value(QStringLiteral("ui/language")).toString();
    if (availableLanguages().contains(stored))
        return stored;
    return QLocale().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

void storeLanguage(const QString& code)
{
    QSettings().setValue(QStringLiteral("ui/language"), code);
}

bool installTranslators(const QString& code)
{
    auto* app = QCoreApplication::instance();
    if (g_studio)
        app->removeTranslator(g_studio.get());
    if (g_qt)
        app->removeTranslator(g_qt.get());
    g_studio.reset();
    g_qt.reset();
    g_current = QStringLiteral("en");
    QLocale::setDefault(QLocale(code == QLatin1String("zh_CN") ? QLocale::Chinese : QLocale::English,
                                code == QLatin1String("zh_CN") ? QLocale::China : QLocale::UnitedStates));

    auto studio = std::make_unique<QTranslator>();
    if (!studio->load(QStringLiteral(":/i18n/yolostudio_%1.qm").arg(code))) {
        qCWarning(lcApp) << "no embedded translation for" << code;
        return code == QLatin1String("en");
    }
    app->installTranslator(studio.get());
    g_studio = std::move(studio);
    // Qt's own strings (standard dialogs), when the system has Qt's translations installed.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        app->installTranslator(qt.get());
        g_qt = std::move(qt);
    }
    g_current = code;
    qCInfo(lcApp) << "language" << code;
    return true;
}

QString currentLanguage()
{
    return g_current;
}

}  // namespace ys::ui
