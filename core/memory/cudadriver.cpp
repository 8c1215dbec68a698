// The NVIDIA driver asked directly (dlopen + three driver API calls), and its answer in one English line.
#include "memory/cudadriver.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace ys::memory {
namespace {

// The driver API's signatures (cuda.h): CUresult is an int-sized enum, 0 = CUDA_SUCCESS.
using CuInit = int (*)(unsigned int flags);
using CuDriverGetVersion = int (*)(int* version);
using CuDeviceGetCount = int (*)(int* count);

constexpr int kCudaErrorNoDevice = 100;  // CUDA_ERROR_NO_DEVICE: no GPU, or CUDA_VISIBLE_DEVICES hides them

struct DriverApi {
    CuInit init = nullptr;
    CuDriverGetVersion driverGetVersion = nullptr;
    CuDeviceGetCount deviceGetCount = nullptr;
};

// dlerror() for a library that is not there starts with the name asked for; a dependency of a library that
// is there but cannot be found starts with the dependency's name instead.
bool notFound(const std::string& library, const std::string& error)
{
    return error.rfind(library + ":", 0) == 0 && error.find("No such file") != std::string::npos;
}

// Opens the library and finds the three functions; on failure sets status's problem and detail.
std::optional<DriverApi> openDriver(const CudaDriverProbe& probe, CudaDriverStatus& status)
{
    // RTLD_LOCAL: the driver's symbols stay out of the global namespace LibTorch's libraries resolve in.
    void* handle = dlopen(probe.library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* e = dlerror();
        status.detail = e ? e : "dlopen failed";
        status.problem = notFound(probe.library, status.detail) ? CudaDriverProblem::NoDriver
                                                                : CudaDriverProblem::DriverUnloadable;
        return std::nullopt;
    }
    DriverApi api;
    api.init = reinterpret_cast<CuInit>(dlsym(handle, "cuInit"));
    api.driverGetVersion = reinterpret_cast<CuDriverGetVersion>(dlsym(handle, "cuDriverGetVersion"));
    api.deviceGetCount = reinterpret_cast<CuDeviceGetCount>(dlsym(handle, "cuDeviceGetCount"));
    const char* missing = !api.init ? "cuInit" : !api.driverGetVersion ? "cuDriverGetVersion"
                        : !api.deviceGetCount ? "cuDeviceGetCount" : nullptr;
    if (missing) {
        status.detail = std::string("it lacks ") + missing;
        status.problem = CudaDriverProblem::DriverUnloadable;
        return std::nullopt;
    }
    return api;  // never dlclose()d: see probeCudaDriver()
}

// What a user can do about the commonest cuInit failures.
std::string initHint(int code)
{
    switch (code) {
    case 34: return "; this libcuda.so.1 is CUDA's stub library, not a driver";
    case 803: return "; the driver's kernel module and libcuda.so.1 differ in version (reboot after a driver update)";
    case 999: return "; often the nvidia-uvm kernel module is not loaded (sudo modprobe nvidia-uvm)";
    default: return {};
    }
}

std::string noDeviceReason(const CudaDriverStatus& s)
{
    if (!s.visibleDevices)
        return "the NVIDIA driver sees no GPU";
    if (s.visibleDevices->empty())
        return "the NVIDIA driver sees no GPU (CUDA_VISIBLE_DEVICES=\"\" hides every GPU)";
    return "the NVIDIA driver sees no GPU with CUDA_VISIBLE_DEVICES=\"" + *s.visibleDevices + "\"";
}

std::string reasonFor(const CudaDriverStatus& s, const std::string& library)
{
    switch (s.problem) {
    case CudaDriverProblem::None: return {};
    case CudaDriverProblem::NoDriver:
        if (s.wsl)
            return "no NVIDIA driver (" + library + " not found); on WSL2 the Windows NVIDIA driver provides it "
                   "in /usr/lib/wsl/lib, which must be on the library path (ldconfig or LD_LIBRARY_PATH)";
        return "no NVIDIA driver (" + library + " not found)";
    case CudaDriverProblem::DriverUnloadable:
        return "the NVIDIA driver's " + library + " cannot be loaded (" + s.detail + ")";
    case CudaDriverProblem::DriverTooOld: {
        std::string r = "the NVIDIA driver supports CUDA " + cudaVersionText(s.driverCudaVersion) +
                        "; this build needs CUDA " + cudaVersionText(s.buildCudaVersion);
        return s.minimumDriver > 0 ? r + " (driver " + std::to_string(s.minimumDriver) + " or newer)" : r;
    }
    case CudaDriverProblem::NoDevice: return noDeviceReason(s);
    case CudaDriverProblem::InitFailed: {
        const char* name = cudaErrorName(s.errorCode);
        return "the NVIDIA driver failed to start (" + s.call + " returned " + std::to_string(s.errorCode) +
               (name ? std::string(", ") + name : std::string()) + ")" + initHint(s.errorCode);
    }
    }
    return {};
}

// The driver calls, in the order that names the most useful problem: an old driver first (it may still
// start and count GPUs, and LibTorch would then fail on it), then no GPU, then any other failure.
void askDriver(const DriverApi& api, CudaDriverStatus& s)
{
    if (api.driverGetVersion(&s.driverCudaVersion) != 0)
        s.driverCudaVersion = 0;
    // CUDA minor-version compatibility: a driver for CUDA 13.0 runs what any CUDA 13.x built.
    if (s.buildCudaVersion > 0 && s.driverCudaVersion > 0 && s.driverCudaVersion / 1000 < s.buildCudaVersion / 1000) {
        s.problem = CudaDriverProblem::DriverTooOld;
        return;
    }
    const int init = api.init(0);
    if (init != 0) {
        s.errorCode = init;
        s.call = "cuInit";
        s.problem = init == kCudaErrorNoDevice ? CudaDriverProblem::NoDevice : CudaDriverProblem::InitFailed;
        return;
    }
    const int count = api.deviceGetCount(&s.deviceCount);
    if (count != 0) {
        s.errorCode = count;
        s.call = "cuDeviceGetCount";
        s.deviceCount = 0;
        s.problem = CudaDriverProblem::InitFailed;
        return;
    }
    s.problem = s.deviceCount > 0 ? CudaDriverProblem::None : CudaDriverProblem::NoDevice;
}

}  // namespace

CudaDriverProbe CudaDriverProbe::forThisProcess(int buildCudaVersion)
{
    CudaDriverProbe p;
    p.buildCudaVersion = buildCudaVersion;
    if (const char* v = std::getenv("CUDA_VISIBLE_DEVICES"))
        p.visibleDevices = v;
    p.wsl = looksLikeWsl();
    return p;
}

CudaDriverStatus probeCudaDriver(const CudaDriverProbe& probe)
{
    CudaDriverStatus s;
    s.buildCudaVersion = probe.buildCudaVersion;
    s.minimumDriver = minimumDriverFor(probe.buildCudaVersion);
    s.visibleDevices = probe.visibleDevices;
    s.wsl = probe.wsl;
    // The library is kept open: cuInit may have started driver threads that unloading it would pull the
    // code from under, and it is the library LibTorch opens next anyway.
    if (const std::optional<DriverApi> api = openDriver(probe, s))
        askDriver(*api, s);
    s.usable = s.problem == CudaDriverProblem::None;
    s.reason = reasonFor(s, std::filesystem::path(probe.library).filename().string());
    return s;
}

bool looksLikeWsl(const std::string& procVersionFile, const std::string& wslLibDir)
{
    std::error_code ec;
    if (std::filesystem::is_directory(wslLibDir, ec))
        return true;
    std::ifstream in(procVersionFile);
    const std::string version((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return version.find("microsoft") != std::string::npos || version.find("Microsoft") != std::string::npos ||
           version.find("WSL") != std::string::npos;
}

std::string cudaVersionText(int version)
{
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

int minimumDriverFor(int cudaVersion)
{
    switch (cudaVersion / 1000) {
    case 11: return 450;
    case 12: return 525;
    case 13: return 580;
    default: return 0;
    }
}

const char* cudaErrorName(int code)
{
    switch (code) {
    case 1: return "CUDA_ERROR_INVALID_VALUE";
    case 2: return "CUDA_ERROR_OUT_OF_MEMORY";
    case 3: return "CUDA_ERROR_NOT_INITIALIZED";
    case 4: return "CUDA_ERROR_DEINITIALIZED";
    case 34: return "CUDA_ERROR_STUB_LIBRARY";
    case 46: return "CUDA_ERROR_DEVICE_UNAVAILABLE";
    case 100: return "CUDA_ERROR_NO_DEVICE";
    case 101: return "CUDA_ERROR_INVALID_DEVICE";
    case 102: return "CUDA_ERROR_DEVICE_NOT_LICENSED";
    case 304: return "CUDA_ERROR_OPERATING_SYSTEM";
    case 800: return "CUDA_ERROR_NOT_PERMITTED";
    case 801: return "CUDA_ERROR_NOT_SUPPORTED";
    case 802: return "CUDA_ERROR_SYSTEM_NOT_READY";
    case 803: return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
    case 804: return "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE";
    case 999: return "CUDA_ERROR_UNKNOWN";
    default: return nullptr;
    }
}

}  // namespace ys::memory
