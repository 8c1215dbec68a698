// Device list: the CPU from /proc/cpuinfo and the memory figures, CUDA devices from LibTorch once the driver
// says it can serve them (cudadriver.h).
#include "memory/devices.h"

#include "memory/memory.h"
#include "model/internal/threads.h"

#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAFunctions.h>
#include <cuda_runtime_api.h>
#endif

#include <nlohmann/json.hpp>

#include <fstream>

namespace ys::memory {
namespace {

std::string cpuModelName()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) != 0)
            continue;
        const size_t colon = line.find(':');
        if (colon == std::string::npos)
            break;
        const size_t b = line.find_first_not_of(" \t", colon + 1);
        return b == std::string::npos ? std::string() : line.substr(b);
    }
    return {};
}

// The CUDA version LibTorch's CUDA runtime headers carry (13000 for the torch wheel's CUDA 13.0); 0 without CUDA.
int buildCudaVersion()
{
#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
    return CUDART_VERSION;
#else
    return 0;
#endif
}

}  // namespace

const CudaDriverStatus& cudaDriverStatus()
{
    // A function-local static: initialised once, other callers wait for it (C++11 magic statics).
    static const CudaDriverStatus status = probeCudaDriver(CudaDriverProbe::forThisProcess(buildCudaVersion()));
    return status;
}

std::string gpuUnavailableReason()
{
    if (!cudaBuild())
        return "this build of LibTorch has no CUDA";
    return cudaDriverStatus().reason;
}

std::vector<DeviceInfo> listDevices(bool freeMemory)
{
    std::vector<DeviceInfo> devices;
    DeviceInfo cpu;
    cpu.id = "cpu";
    cpu.name = cpuModelName();
    if (cpu.name.empty())
        cpu.name = "CPU";
    const MemoryStats ram = currentStats("cpu");
    cpu.totalBytes = ram.deviceTotal;
    cpu.freeBytes = ram.deviceFree;
    cpu.cores = cpuCores();
    devices.push_back(cpu);
#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
    const int count = cudaDriverStatus().usable ? static_cast<int>(c10::cuda::device_count()) : 0;
    for (int i = 0; i < count; ++i) {
        const cudaDeviceProp* prop = at::cuda::getDeviceProperties(static_cast<c10::DeviceIndex>(i));
        DeviceInfo d;
        d.id = std::to_string(i);
        d.cuda = true;
        d.name = prop ? prop->name : "CUDA device " + d.id;
        d.cores = prop ? prop->multiProcessorCount : 0;
        d.computeMajor = prop ? prop->major : 0;
        d.computeMinor = prop ? prop->minor : 0;
        const int64_t propTotal = prop ? static_cast<int64_t>(prop->totalGlobalMem) : 0;
        if (freeMemory) {   // cudaMemGetInfo: makes a context on the device
            const MemoryStats s = currentStats("cuda:" + d.id);
            d.totalBytes = s.deviceTotal > 0 ? s.deviceTotal : propTotal;
            d.freeBytes = s.deviceFree;
        } else {
            d.totalBytes = propTotal;
        }
        devices.push_back(d);
    }
#else
    (void)freeMemory;
#endif
    return devices;
}

std::string devicesToJson(const std::vector<DeviceInfo>& devices)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const DeviceInfo& d : devices) {
        nlohmann::ordered_json j{{"id", d.id},
                         {"name", d.name},
                         {"cuda", d.cuda},
                         {"total_bytes", d.totalBytes},
                         {"free_bytes", d.freeBytes},
                         {"cores", d.cores}};
        if (d.cuda)
            j["compute_capability"] = std::to_string(d.computeMajor) + "." + std::to_string(d.computeMinor);
        out.push_back(std::move(j));
    }
    return out.dump(2);
}

}  // namespace ys::memory
