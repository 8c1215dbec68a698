#pragma once
// Why a GPU cannot be used, asked of the NVIDIA driver itself: libcuda.so.1 opened with dlopen() and three
// driver API calls (cuDriverGetVersion, cuInit, cuDeviceGetCount), before LibTorch touches CUDA. LibTorch
// only says "no CUDA device"; a user needs to know whether the driver is missing, too old for the CUDA this
// build was made with, or sees no GPU. Plain C++ (no torch, no Qt, no CUDA headers).
//
// The cached probe of this process, with the build's CUDA version, is memory::cudaDriverStatus()
// (memory/devices.h); probeCudaDriver() takes its inputs spelled out, so tests give it a fake driver.

#include <optional>
#include <string>

namespace ys::memory {

// What stands between this process and a GPU, as far as the driver knows. The UI words each in its language
// from the figures of CudaDriverStatus.
enum class CudaDriverProblem {
    None,              // usable: the driver started and sees at least one GPU
    NoDriver,          // libcuda.so.1 not found (no NVIDIA driver installed, or not on the library path)
    DriverUnloadable,  // found, but dlopen() failed or it lacks the driver API (`detail` says which)
    DriverTooOld,      // it supports an older CUDA than this build's (driverCudaVersion < buildCudaVersion)
    NoDevice,          // cuInit said CUDA_ERROR_NO_DEVICE (100), or it counts 0 GPUs (see visibleDevices)
    InitFailed,        // `call` ("cuInit", "cuDeviceGetCount") returned `errorCode`
};

struct CudaDriverStatus {
    bool usable = false;
    CudaDriverProblem problem = CudaDriverProblem::NoDriver;
    // CUDA versions as the driver API encodes them, 1000 * major + 10 * minor (12040 = CUDA 12.4); 0 = unknown.
    int driverCudaVersion = 0;  // the newest CUDA the installed driver supports (cuDriverGetVersion)
    int buildCudaVersion = 0;   // the CUDA LibTorch was built with; 0 for a CPU-only build (not checked)
    int minimumDriver = 0;      // the driver branch buildCudaVersion needs (580 for CUDA 13); 0 when unknown
    int deviceCount = 0;        // GPUs the driver sees, after CUDA_VISIBLE_DEVICES
    int errorCode = 0;          // InitFailed, or NoDevice from cuInit: the CUresult (100, 999, ...)
    std::string call;           // InitFailed: the driver function that failed
    std::string detail;         // DriverUnloadable: dlerror()'s text, or "it lacks cuInit"
    bool wsl = false;           // Windows Subsystem for Linux 2: the driver comes from Windows
    std::optional<std::string> visibleDevices;  // CUDA_VISIBLE_DEVICES when set (it may be set empty)
    std::string reason;         // one English line saying why, lower case, no final period; empty when usable
};

// The probe's inputs; forThisProcess() fills them from the process (environment, /proc/version).
struct CudaDriverProbe {
    std::string library = "libcuda.so.1";  // a name (searched as the dynamic loader does) or a path
    int buildCudaVersion = 0;               // 0: no version check (a CPU-only build)
    std::optional<std::string> visibleDevices;
    bool wsl = false;

    static CudaDriverProbe forThisProcess(int buildCudaVersion);
};

// Opens the library, asks the driver and words the result. Any thread; not cached (cudaDriverStatus() is).
// Calls cuInit(0), which starts the driver in this process but makes no context on any GPU. The library
// stays loaded: the driver may have started threads, and LibTorch opens the same library later.
CudaDriverStatus probeCudaDriver(const CudaDriverProbe& probe);

// Windows Subsystem for Linux 2: /proc/version names Microsoft or WSL, or the Windows driver's folder exists.
bool looksLikeWsl(const std::string& procVersionFile = "/proc/version",
                  const std::string& wslLibDir = "/usr/lib/wsl/lib");

// 12040 -> "12.4".
std::string cudaVersionText(int version);
// The oldest Linux driver branch for a CUDA version's major (CUDA minor-version compatibility): 11 -> 450,
// 12 -> 525, 13 -> 580; 0 for a major this table does not know.
int minimumDriverFor(int cudaVersion);
// The CUresult's name ("CUDA_ERROR_UNKNOWN" for 999), or nullptr for a code this table does not know.
const char* cudaErrorName(int code);

}  // namespace ys::memory
