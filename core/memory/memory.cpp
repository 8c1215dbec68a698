// LibTorch side of memory accounting: the tracking CPU allocator and the CUDA caching-allocator figures.
#include "memory/memory.h"
#include "memory/devices.h"
#include "memory/internal/accounting.h"

#include "common/device.h"
#include "common/internal/torchcompat.h"

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <c10/util/Exception.h>

#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
#include <ATen/Context.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime_api.h>
#endif

#include <algorithm>
#include <array>
#include <cstdio>
#include <limits>
#include <mutex>

namespace ys::memory {
namespace {

// Counters are namespace-scope atomics (constant-initialised, trivially destructible) so blocks freed
// during static destruction at exit still find them.
std::atomic<int64_t> gAllocated{0};
std::atomic<int64_t> gPeak{0};
std::atomic<int64_t> gWindowPeak{0};
std::atomic<int64_t> gBudget{0};
std::atomic<int64_t> gOomCount{0};
// Allocation tags (internal/accounting.h): the tag new blocks get, and the live bytes of each tag.
std::atomic<int> gTag{0};
std::atomic<int> gTagGeneration{0};   // clearAllocationTags() starts a new one: older blocks stop counting
std::array<std::atomic<int64_t>, internal::kAllocationTags> gTagBytes{};

// The header before each block: the block's size and how to free what the wrapped allocator gave us.
// 64 bytes keeps the returned pointer on c10's 64-byte CPU alignment.
constexpr size_t kHeaderBytes = 64;
constexpr uint64_t kMagic = 0x59534d454d484452ull;  // "YSMEMHDR": catches a foreign pointer in debug builds
struct alignas(kHeaderBytes) BlockHeader {
    uint64_t magic;
    int64_t size;
    c10::DeleterFnPtr innerDeleter;
    void* innerContext;
    int tag;          // the allocation tag in effect when the block was allocated (0: none)
    int generation;   // the tags' generation then
};
static_assert(sizeof(BlockHeader) == kHeaderBytes);

void raiseMax(std::atomic<int64_t>& target, int64_t value)
{
    int64_t cur = target.load(std::memory_order_relaxed);
    while (value > cur && !target.compare_exchange_weak(cur, value, std::memory_order_relaxed)) {
    }
}

// Deleter of every tracked block. The DataPtr's context is its data pointer (raw_allocate asserts this,
// and oneDNN's scratchpad goes through raw_allocate/raw_deallocate), so the size sits in the header.
void deleteTracked(void* ptr)
{
    if (!ptr)
        return;
    auto* header = reinterpret_cast<BlockHeader*>(static_cast<char*>(ptr) - kHeaderBytes);
    TORCH_INTERNAL_ASSERT_DEBUG_ONLY(header->magic == kMagic);
    gAllocated.fetch_sub(header->size, std::memory_order_relaxed);
    if (header->tag > 0 && header->generation == gTagGeneration.load(std::memory_order_relaxed))
        gTagBytes[static_cast<size_t>(header->tag)].fetch_sub(header->size, std::memory_order_relaxed);
    header->magic = 0;
    if (header->innerDeleter)
        header->innerDeleter(header->innerContext);
}

std::string mib(int64_t bytes)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return buf;
}

class TrackingCpuAllocator final : public torchcompat::Allocator {
public:
    explicit TrackingCpuAllocator(c10::Allocator* inner) : inner_(inner) {}

    c10::DataPtr allocateBytes(size_t n) const override
    {
        const c10::Device cpu(c10::DeviceType::CPU);
        if (n == 0)
            return c10::DataPtr(nullptr, nullptr, &deleteTracked, cpu);
        const auto bytes = static_cast<int64_t>(n);
        const int64_t now = gAllocated.fetch_add(bytes, std::memory_order_relaxed) + bytes;
        const int64_t cap = gBudget.load(std::memory_order_relaxed);
        if (cap > 0 && now > cap) {
            gAllocated.fetch_sub(bytes, std::memory_order_relaxed);
            gOomCount.fetch_add(1, std::memory_order_relaxed);
            C10_THROW_ERROR(OutOfMemoryError,
                            "CPU out of memory (budget): tried to allocate " + mib(bytes) + "; " +
                                mib(now - bytes) + " already allocated of a " + mib(cap) + " budget");
        }
        raiseMax(gPeak, now);
        raiseMax(gWindowPeak, now);

        c10::DataPtr inner;
        try {
            inner = inner_->allocate(n + kHeaderBytes);
        } catch (...) {
            gAllocated.fetch_sub(bytes, std::memory_order_relaxed);
            throw;
        }
        auto* base = static_cast<char*>(inner.get());
        const c10::DeleterFnPtr innerDeleter = inner.get_deleter();
        void* innerContext = inner.release_context();
        const int tag = gTag.load(std::memory_order_relaxed);
        if (tag > 0)
            gTagBytes[static_cast<size_t>(tag)].fetch_add(bytes, std::memory_order_relaxed);
        auto* header = new (base) BlockHeader{kMagic, bytes, innerDeleter, innerContext, tag,
                                              gTagGeneration.load(std::memory_order_relaxed)};
        void* data = reinterpret_cast<char*>(header) + kHeaderBytes;
        return c10::DataPtr(data, data, &deleteTracked, cpu);
    }

    c10::DeleterFnPtr raw_deleter() const override { return &deleteTracked; }

    c10::Allocator* inner() const { return inner_; }

private:
    c10::Allocator* inner_;
};

std::mutex gInstallMutex;
// Never deleted: LibTorch keeps a raw pointer to it for the life of the process.
std::atomic<TrackingCpuAllocator*> gTracker{nullptr};

#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
// Initialises CUDA (and with it the caching allocator, whose per-device state exists only afterwards).
// Not on a driver that cannot serve this build (devices.h): LibTorch is then not asked at all.
bool cudaReady(int index)
{
    if (index < 0 || !cudaDriverStatus().usable || c10::cuda::device_count() <= index)
        return false;
    at::globalContext().lazyInitDevice(c10::DeviceType::CUDA);
    return true;
}

struct CudaBudget {
    std::mutex mutex;
    std::array<int64_t, 64> bytes{};
};
CudaBudget& cudaBudgets()
{
    static CudaBudget b;
    return b;
}
#endif

}  // namespace

bool cudaBuild()
{
#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
    return true;
#else
    return false;
#endif
}

bool installCpuTracker()
{
    // Fast path without the lock: every stats call comes through here.
    if (auto* t = gTracker.load(std::memory_order_acquire); t && c10::GetCPUAllocator() == t)
        return true;
    std::lock_guard lock(gInstallMutex);
    c10::Allocator* current = c10::GetCPUAllocator();
    TrackingCpuAllocator* tracker = gTracker.load(std::memory_order_relaxed);
    if (tracker && current == tracker)
        return true;
    if (!tracker) {
        tracker = new TrackingCpuAllocator(current);
        gTracker.store(tracker, std::memory_order_release);
    }
    // Priority 0 equals the default allocator's registration, so a later SetCPUAllocator at 0 may still
    // replace ours; we check below whether ours is in place.
    c10::SetCPUAllocator(tracker, 0);
    return c10::GetCPUAllocator() == tracker;
}

namespace internal {

void uninstallCpuTrackerForBenchmark()
{
    std::lock_guard lock(gInstallMutex);
    TrackingCpuAllocator* tracker = gTracker.load(std::memory_order_relaxed);
    if (tracker && c10::GetCPUAllocator() == tracker)
        c10::SetCPUAllocator(tracker->inner(), 0);
}

void setAllocationTag(int tag)
{
    gTag.store(tag > 0 && tag < kAllocationTags ? tag : 0, std::memory_order_relaxed);
}

int64_t taggedBytes(int tag)
{
    return tag > 0 && tag < kAllocationTags ? gTagBytes[static_cast<size_t>(tag)].load(std::memory_order_relaxed) : 0;
}

void clearAllocationTags()
{
    gTag.store(0, std::memory_order_relaxed);
    gTagGeneration.fetch_add(1, std::memory_order_relaxed);
    for (auto& b : gTagBytes)
        b.store(0, std::memory_order_relaxed);
}

int deviceIndex(const std::string& device)
{
    auto spec = parseDevice(device);
    if (!spec)
        return -2;
    return spec->cuda ? spec->index : -1;
}

int64_t takeWindowPeak(const std::string& device, int64_t previousPeak)
{
    const int index = deviceIndex(device);
    if (index == -1) {
        installCpuTracker();
        return gWindowPeak.exchange(gAllocated.load(std::memory_order_relaxed), std::memory_order_relaxed);
    }
    const MemoryStats s = currentStats(device);
    return s.peak > previousPeak ? s.peak : s.allocated;
}

}  // namespace internal

MemoryStats currentStats(const std::string& device)
{
    MemoryStats s;
    const int index = internal::deviceIndex(device);
    if (index == -1) {
        installCpuTracker();
        s.allocated = gAllocated.load(std::memory_order_relaxed);
        s.reserved = s.allocated;
        s.peak = std::max(gPeak.load(std::memory_order_relaxed), s.allocated);
        s.deviceTotal = physicalMemoryBytes();
        s.deviceFree = availableMemoryBytes();
        return s;
    }
#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
    if (!cudaReady(index))
        return s;
    constexpr auto kAggregate = static_cast<size_t>(c10::CachingAllocator::StatType::AGGREGATE);
    const auto st = c10::cuda::CUDACachingAllocator::getDeviceStats(static_cast<c10::DeviceIndex>(index));
    s.allocated = st.allocated_bytes[kAggregate].current;
    s.peak = st.allocated_bytes[kAggregate].peak;
    s.reserved = st.reserved_bytes[kAggregate].current;
    size_t freeBytes = 0, totalBytes = 0;
    {
        c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(index));
        if (cudaMemGetInfo(&freeBytes, &totalBytes) != cudaSuccess) {
            (void)cudaGetLastError();  // clear the sticky-free error so later calls are not blamed
            freeBytes = totalBytes = 0;
        }
    }
    s.deviceTotal = static_cast<int64_t>(totalBytes);
    s.deviceFree = static_cast<int64_t>(freeBytes);
#endif
    return s;
}

void resetPeak(const std::string& device)
{
    const int index = internal::deviceIndex(device);
    if (index == -1) {
        installCpuTracker();
        const int64_t now = gAllocated.load(std::memory_order_relaxed);
        gPeak.store(now, std::memory_order_relaxed);
        gWindowPeak.store(now, std::memory_order_relaxed);
        // An allocation racing with the store may be lost from the new peak; resetPeak is called
        // between steps, when the training thread is the only allocator.
        return;
    }
#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
    if (cudaReady(index))
        c10::cuda::CUDACachingAllocator::resetPeakStats(static_cast<c10::DeviceIndex>(index));
#endif
}

void setBudget(int64_t bytes, const std::string& device)
{
    bytes = std::max<int64_t>(bytes, 0);
    const int index = internal::deviceIndex(device);
    if (index == -1) {
        installCpuTracker();
        gBudget.store(bytes, std::memory_order_relaxed);
        return;
    }
#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
    if (!cudaReady(index) || index >= 64)
        return;
    const MemoryStats s = currentStats(device);
    if (s.deviceTotal <= 0)
        return;
    // The budget is the device's: what the allocator does not hold (this process's CUDA context, and what other
    // processes use) is taken off it first, as the fit plans (its `cuda_context`). At least 64 MiB stay.
    const int64_t outside = std::max<int64_t>(0, s.deviceTotal - s.deviceFree - s.reserved);
    const int64_t allocatorBytes = std::max<int64_t>(bytes - outside, int64_t{64} << 20);
    const double fraction =
        bytes == 0 ? 1.0 : std::min(1.0, static_cast<double>(allocatorBytes) / static_cast<double>(s.deviceTotal));
    c10::cuda::CUDACachingAllocator::setMemoryFraction(fraction, static_cast<c10::DeviceIndex>(index));
    std::lock_guard lock(cudaBudgets().mutex);
    cudaBudgets().bytes[static_cast<size_t>(index)] = bytes;
#endif
}

int64_t budget(const std::string& device)
{
    const int index = internal::deviceIndex(device);
    if (index == -1)
        return gBudget.load(std::memory_order_relaxed);
#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
    if (index >= 0 && index < 64) {
        std::lock_guard lock(cudaBudgets().mutex);
        return cudaBudgets().bytes[static_cast<size_t>(index)];
    }
#endif
    return 0;
}

int64_t headroom(const std::string& device)
{
    const int64_t cap = budget(device);
    if (cap <= 0)
        return std::numeric_limits<int64_t>::max();
    const MemoryStats s = currentStats(device);
    return cap - (internal::deviceIndex(device) == -1 ? s.allocated : s.reserved);
}

int64_t cpuOutOfMemoryCount()
{
    return gOomCount.load(std::memory_order_relaxed);
}

}  // namespace ys::memory
