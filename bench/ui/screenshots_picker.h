#pragma once
// ui_screenshots --picker DATA_YAML OUT_DIR [--language zh_CN] [--size WxH] [--fit-model MODEL]
// (see screenshots_picker.cpp).

#include <QDir>
#include <QSize>
#include <QString>

int savePickerScreens(const QString& dataYaml, const QDir& out, const QString& suffix, QSize windowSize,
                      const QString& fitModel);
