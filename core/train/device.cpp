// Devices as the trainer, the validator and the predictor use them, and their out-of-memory handling.
#include "train/internal/device.h"
#include "memory/devices.h"

#include "memory/outofmemory.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
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
    return memory::isOutOfMemoryMessage(e.what());
}

void injectOutOfMemory(int rank, int epoch, int batch)
{
    // Read at every step (a getenv per batch is nothing next to a step), so that a test process can inject
    // into several runs; each distinct spec fires once.
    const char* v = std::getenv("YS_INJECT_OOM");
    if (!v || !*v)
        return;
    static std::mutex mutex;
    static std::set<std::string> fired;
    int r = -1, e = -1, b = -1;
    char kind[16] = "";
    const int n = std::sscanf(v, "%d:%d:%d:%15s", &r, &e, &b, kind);
    if (n < 3 || r != rank || e != epoch || b != batch)
        return;
    {
        std::lock_guard lock(mutex);
        if (!fired.insert(v).second)
            return;
    }
    // The messages CUDA users meet, as LibTorch words them (memory/outofmemory.h); "illegal" is a real error.
    static const std::map<std::string, std::string> library{
        {"cublas", "CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`"},
        {"cudnn", "cuDNN error: CUDNN_STATUS_INTERNAL_ERROR"},
        {"engine", "FIND was unable to find an engine to execute this computation"},
        {"illegal", "CUDA error: an illegal memory access was encountered"},
    };
    if (const auto it = library.find(kind); it != library.end())
        TORCH_CHECK(false, it->second, " (injected: YS_INJECT_OOM=", v, ")");
    TORCH_CHECK_WITH(OutOfMemoryError, false, "injected out of memory (YS_INJECT_OOM=", v, ")");
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
