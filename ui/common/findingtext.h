#pragma once
// Translated text for core's findings (core speaks in stable codes, message keys with their values and English
// developer messages; the UI owns the user's language, STYLE habit 13).

#include "data/check.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace ys::ui {

// A short translated title for `code` ("label.class_range" → "Class id out of range"); the code itself
// when it is not known (a newer core).
QString problemTitle(const std::string& code);

// The finding's message in the UI's language: its entry of core's message catalogue (Finding::messageKey,
// data/check.h) worded here with its args; core's English message when the finding has no key (a
// check.json written before keys were recorded) or one this UI does not know (a newer core).
QString findingText(const ys::Finding& finding);
// The same for a message key and its values; empty when this UI does not know the key.
QString findingText(const std::string& key, const std::vector<std::string>& args);
// The message keys findingText() words, in its table's order (every key of core's catalogue).
QStringList findingTextKeys();

// The finding as the image viewer shows it over the image: "title · line N", then its message.
QString findingNote(const ys::Finding& finding);

}  // namespace ys::ui
