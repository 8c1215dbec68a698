#pragma once
// Translated short titles for core's finding codes (core speaks in stable codes and English developer
// messages; the UI owns the user's language, STYLE habit 13).

#include "data/check.h"

#include <QString>

#include <string>

namespace ys::ui {

// A short translated title for `code` ("label.class_range" → "Class id out of range"); the code itself
// when it is not known (a newer core).
QString problemTitle(const std::string& code);

// The finding as the image viewer shows it over the image: "title · line N", then core's message.
QString findingNote(const ys::Finding& finding);

}  // namespace ys::ui
