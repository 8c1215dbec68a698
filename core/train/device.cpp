// Devices as the trainer, the validator and the predictor use them, and their out-of-memory handling.
#include "train/internal/device.h"
#include "memory/devices.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

#ifdef YS_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

namespace ys {

Expected<torch::Device> resolveDevice(const std::string& device)
{
    auto spec = parseDevice(device);
    if (!spec)
        return spec.error();
    if (!spec->cuda)
        return torch::Device(torch::kCPU);
    // The driver's own reason first ("no NVIDIA driver", "driver too old"): LibTorch can only say "none".
    if (const std::string why = memory::gpuUnavailableReason(); !why.empty())
        return Error{"device.no_cuda", "device '" + device + "' asks for a GPU, but " + why + "; use device=cpu",
                     {}, 0, 0};
    if (!torch::cuda::is_available())
        return Error{"device.no_cuda",
                     "device '" + device + "' asks for a GPU, but this build of LibTorch or this machine has no "
                     "CUDA device; use device=cpu or build against a CUDA LibTorch",
                     {}, 0, 0};
    if (spec->index >= static_cast<int>(torch::cuda::device_count()))
        return Error{"device.index", "there is no CUDA device " + std::to_string(spec->index) + " (found " +
                                         std::to_string(torch::cuda::device_count()) + ")",
                     {}, 0, 0};
    return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(spec->index));
}

bool isOutOfMemory(const std::exception& e)
{
    if (dynamic_cast<const c10::OutOfMemoryError*>(&e))
        return true;
    const std::string what = e.what();
    return what.find("out of memory") != std::string::npos || what.find("CUDA error: out of memory") != std::string::npos;
}

void injectOutOfMemory(int rank, int epoch, int batch)
{
    static const std::string spec = [] {
        const char* v = std::getenv("YS_INJECT_OOM");
        return std::string(v ? v : "");
    }();
    static std::atomic<bool> fired{false};
    if (spec.empty() || fired.load())
        return;
    int r = -1, e = -1, b = -1;
    if (std::sscanf(spec.c_str(), "%d:%d:%d", &r, &e, &b) != 3 || r != rank || e != epoch || b != batch)
        return;
    fired.store(true);
    TORCH_CHECK_WITH(OutOfMemoryError, false, "injected out of memory (YS_INJECT_OOM=", spec, ")");
}

void releaseCachedMemory(const torch::Device& device)
{
#ifdef YS_WITH_CUDA
    if (device.is_cuda())
        c10::cuda::CUDACachingAllocator::emptyCache();
#else
    (void)device;
#endif
}

}  // namespace ys
