#include "ui/common/devicetext.h"

namespace ys::ui {
namespace {

QString cudaVersion(int version)
{
    return QString::fromStdString(ys::memory::cudaVersionText(version));
}

}  // namespace

QString DeviceText::label(const ys::DeviceSpec& device)
{
    return device.cuda ? tr("GPU %1").arg(device.index) : tr("CPU");
}

QString DeviceText::label(const std::string& device)
{
    const auto spec = ys::parseDevice(device);
    return spec ? label(*spec) : QString::fromStdString(device);
}

QString DeviceText::noGpuReason(const ys::memory::CudaDriverStatus& d, bool cudaBuild)
{
    using P = ys::memory::CudaDriverProblem;
    if (!cudaBuild)
        return tr("this build of LibTorch has no CUDA");
    switch (d.problem) {
    case P::None: return tr("the NVIDIA driver sees a GPU, but LibTorch cannot use it");
    case P::NoDriver:
        return d.wsl ? tr("no NVIDIA driver (libcuda.so.1 not found); on WSL2 the Windows NVIDIA driver provides it in "
                          "/usr/lib/wsl/lib, which must be on the library path (ldconfig or LD_LIBRARY_PATH)")
                     : tr("no NVIDIA driver (libcuda.so.1 not found)");
    case P::DriverUnloadable:
        return tr("the NVIDIA driver's libcuda.so.1 cannot be loaded (%1)").arg(QString::fromStdString(d.detail));
    case P::DriverTooOld:
        if (d.minimumDriver > 0)
            return tr("the NVIDIA driver supports CUDA %1; this build needs CUDA %2 (driver %3 or newer)")
                .arg(cudaVersion(d.driverCudaVersion), cudaVersion(d.buildCudaVersion))
                .arg(d.minimumDriver);
        return tr("the NVIDIA driver supports CUDA %1; this build needs CUDA %2")
            .arg(cudaVersion(d.driverCudaVersion), cudaVersion(d.buildCudaVersion));
    case P::NoDevice:
        if (!d.visibleDevices)
            return tr("the NVIDIA driver sees no GPU");
        if (d.visibleDevices->empty())
            return tr("the NVIDIA driver sees no GPU (CUDA_VISIBLE_DEVICES=\"\" hides every GPU)");
        return tr("the NVIDIA driver sees no GPU with CUDA_VISIBLE_DEVICES=\"%1\"")
            .arg(QString::fromStdString(*d.visibleDevices));
    case P::InitFailed: break;
    }
    const char* name = ys::memory::cudaErrorName(d.errorCode);
    const QString code = name ? QStringLiteral("%1, %2").arg(d.errorCode).arg(QLatin1String(name)) : QString::number(d.errorCode);
    const QString failed = tr("the NVIDIA driver failed to start (%1 returned %2)").arg(QString::fromStdString(d.call), code);
    // What a user can do about the commonest failures (as core's reason says).
    QString hint;
    switch (d.errorCode) {
    case 34: hint = tr("this libcuda.so.1 is CUDA's stub library, not a driver"); break;
    case 803: hint = tr("the driver's kernel module and libcuda.so.1 differ in version (reboot after a driver update)"); break;
    case 999: hint = tr("often the nvidia-uvm kernel module is not loaded (sudo modprobe nvidia-uvm)"); break;
    default: return failed;
    }
    return tr("%1; %2").arg(failed, hint);
}

}  // namespace ys::ui
