#pragma once
// UI language: English (the source language) and Simplified Chinese, from .qm files embedded under
// :/i18n/. The choice is stored in QSettings ("ui/language") and applied at start-up.

#include <QString>
#include <QStringList>

namespace ys::ui {

// Language codes the studio ships: "en", "zh_CN".
QStringList availableLanguages();
// Native name of a language for the menu ("English", "简体中文").
QString languageName(const QString& code);
// The stored choice, or the system locale's when none is stored (falls back to "en").
QString preferredLanguage();
void storeLanguage(const QString& code);
// Installs the translators for `code` into the application (replacing earlier ones).
// Returns false when the embedded translation could not be loaded.
bool installTranslators(const QString& code);
// The language whose translators are installed now.
QString currentLanguage();

}  // namespace ys::ui
