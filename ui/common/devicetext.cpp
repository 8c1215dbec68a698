#include "ui/common/devicetext.h"

namespace ys::ui {

QString DeviceText::label(const ys::DeviceSpec& device)
{
    return device.cuda ? tr("GPU %1").arg(device.index) : tr("CPU");
}

QString DeviceText::label(const std::string& device)
{
    const auto spec = ys::parseDevice(device);
    return spec ? label(*spec) : QString::fromStdString(device);
}

}  // namespace ys::ui
