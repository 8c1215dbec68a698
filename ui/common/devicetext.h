#pragma once
// A device as the UI names it ("CPU", "GPU 1"), read by core's one device parser (ys::parseDevice), so
// every page shows `device=gpu`, `0`, `cuda` and `cuda:1` alike.

#include "common/device.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace ys::ui {

class DeviceText {
    Q_DECLARE_TR_FUNCTIONS(ys::ui::DeviceText)
public:
    static QString label(const ys::DeviceSpec& device);
    // Device text as users type it; text that names no device is shown as typed.
    static QString label(const std::string& device);
};

}  // namespace ys::ui
