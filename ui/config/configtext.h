#pragma once
// Translated text for core's settings schema: a label and a help line per key, group titles, units, the
// meaning of special minimums, choice names and preset texts. The English source of every help line is
// core's ConfigKey::help (a test keeps them equal), marked here so lupdate picks it up.

#include "common/config.h"

#include <QString>
#include <QStringList>

namespace ys::ui {

// "Initial learning rate"; the key itself for a key this table does not know (a newer core).
QString keyLabel(const QString& key);
// Core's help line for the key, translated.
QString keyHelp(const QString& key);
// The English help line this table translates (for the test that keeps it equal to core's).
QString keyHelpSource(const QString& key);
// Keys this table has text for, in its order.
QStringList keysWithText();

QString groupLabel(ys::ConfigKey::Group group);
// " px", " images", ... (with the leading space a spin-box suffix needs); empty for Unit::None.
QString unitSuffix(ys::ConfigKey::Unit unit);
// What the key's minimum means ("auto" for batch -1), translated; empty when it has no special minimum.
QString minimumText(const ys::ConfigKey& key);
// How a choice is shown: "off (fp32)" for amp=off; the value itself when it needs no words.
QString choiceText(const QString& key, const QString& value);

// Why a value cannot be used, translated, as shown beside its field ("must be between 0 and 10, not 20").
QString problemText(const ys::ConfigProblem& problem);

QString presetTitle(const std::string& id);
QString presetDescription(const std::string& id);

}  // namespace ys::ui
