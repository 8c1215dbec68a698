#pragma once
// A device as the UI names it ("CPU", "GPU 1"), read by core's one device parser (ys::parseDevice), so
// every page shows `device=gpu`, `0`, `cuda` and `cuda:1` alike; and why no GPU is listed, worded from the
// NVIDIA driver's answer (memory/cudadriver.h) in the UI's language.

#include "common/device.h"
#include "memory/cudadriver.h"

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
    // Why no GPU is listed, one line, lower case, no final period ("no NVIDIA driver (libcuda.so.1 not
    // found)"): core's CudaDriverStatus::reason translated. `cudaBuild` false: this build has no CUDA at all.
    // For a usable driver (LibTorch failed where the driver did not) it says that; call it only when the
    // device list has no GPU.
    static QString noGpuReason(const ys::memory::CudaDriverStatus& driver, bool cudaBuild);
};

}  // namespace ys::ui
