#pragma once
// The LibTorch API differences between the versions YOLO Studio builds against — Debian's LibTorch 1.13 (CPU,
// the default build) and PyPI's LibTorch 2.x (CUDA; scripts/libtorch-cuda.sh, tested with 2.11) — in one place.
// Callers use these functions and never test TORCH_VERSION themselves. What needs no shim: c10::OutOfMemoryError
// (both versions throw it for CUDA and budgeted CPU allocations), setMemoryFraction, emptyCache and the AMP
// ops (_amp_foreach_non_finite_check_and_unscale_, _amp_update_scale_). Internal: include only from core .cpp
// files. CUDA parts need YS_WITH_CUDA (set by CMake on the targets that use CUDA).

#include <torch/version.h>

#include <ATen/autocast_mode.h>
#include <c10/core/Allocator.h>
#include <c10/core/DeviceType.h>
#include <c10/core/ScalarType.h>

#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
#include <ATen/Context.h>
#include <c10/cuda/CUDACachingAllocator.h>
#endif

#include <cstdint>
#include <variant>

// LibTorch at least MAJOR.MINOR.
#define YS_TORCH_AT_LEAST(major, minor) \
    (TORCH_VERSION_MAJOR > (major) || (TORCH_VERSION_MAJOR == (major) && TORCH_VERSION_MINOR >= (minor)))

namespace ys::torchcompat {

// ---- c10::Allocator: 2.3 made allocate() non-const and added the pure virtual copy_data() ----

// Base of our allocators: implement allocateBytes(); copy_data is memcpy (the CPU allocator's own choice).
class Allocator : public c10::Allocator {
public:
#if YS_TORCH_AT_LEAST(2, 3)
    c10::DataPtr allocate(size_t n) final { return allocateBytes(n); }
    void copy_data(void* dest, const void* src, std::size_t count) const final { default_copy_data(dest, src, count); }
#else
    c10::DataPtr allocate(size_t n) const final { return allocateBytes(n); }
#endif

protected:
    virtual c10::DataPtr allocateBytes(size_t n) const = 0;
};

// ---- variants: 1.13's module options hold c10::variant (its own), 2.x's std::variant ----

// The alternative T of `v` (e.g. a Conv's padding as ExpandingArray, not a string mode), or nullptr.
template <typename T, typename Variant>
const T* getIf(const Variant& v)
{
    using std::get_if;
    return get_if<T>(&v);   // std::get_if, or 1.13's c10::get_if found by argument-dependent lookup
}

// ---- autocast: 2.4 takes the device type; 1.13 has one function pair per device (deprecated since 2.4) ----

inline bool autocastEnabled(c10::DeviceType device)
{
#if YS_TORCH_AT_LEAST(2, 4)
    return at::autocast::is_autocast_enabled(device);
#else
    return device == c10::DeviceType::CUDA ? at::autocast::is_enabled() : at::autocast::is_cpu_enabled();
#endif
}

inline void setAutocastEnabled(c10::DeviceType device, bool enabled)
{
#if YS_TORCH_AT_LEAST(2, 4)
    at::autocast::set_autocast_enabled(device, enabled);
#else
    if (device == c10::DeviceType::CUDA)
        at::autocast::set_enabled(enabled);
    else
        at::autocast::set_cpu_enabled(enabled);
#endif
}

// The dtype autocast casts to on `device` (kHalf or kBFloat16 on CUDA, kBFloat16 on CPU).
inline void setAutocastDtype(c10::DeviceType device, at::ScalarType dtype)
{
#if YS_TORCH_AT_LEAST(2, 4)
    at::autocast::set_autocast_dtype(device, dtype);
#else
    if (device == c10::DeviceType::CUDA)
        at::autocast::set_autocast_gpu_dtype(dtype);
    else
        at::autocast::set_autocast_cpu_dtype(dtype);
#endif
}

#if defined(YS_WITH_CUDA) && YS_WITH_CUDA

// ---- CUDA initialisation: lazyInitCUDA became lazyInitDevice(kCUDA) (2.6; the old name is deprecated) ----

inline void lazyInitCuda()
{
#if YS_TORCH_AT_LEAST(2, 6)
    at::globalContext().lazyInitDevice(c10::DeviceType::CUDA);
#else
    at::globalContext().lazyInitCUDA();
#endif
}

// ---- the caching allocator's statistics: 2.x moved StatType and DeviceStats to c10::CachingAllocator /
// c10::CachingDeviceAllocator and takes a c10::DeviceIndex ----

struct CudaAllocatorStats {
    int64_t allocated = 0;   // bytes in live tensors now
    int64_t peak = 0;        // most bytes in live tensors since the last resetCudaPeak
    int64_t reserved = 0;    // bytes the allocator holds from the driver (live + cached)
};

inline CudaAllocatorStats cudaAllocatorStats(int device)
{
#if YS_TORCH_AT_LEAST(2, 6)
    constexpr auto kAggregate = static_cast<size_t>(c10::CachingAllocator::StatType::AGGREGATE);
#else
    constexpr auto kAggregate = static_cast<size_t>(c10::cuda::CUDACachingAllocator::StatType::AGGREGATE);
#endif
    const auto st = c10::cuda::CUDACachingAllocator::getDeviceStats(static_cast<c10::DeviceIndex>(device));
    return {st.allocated_bytes[kAggregate].current, st.allocated_bytes[kAggregate].peak,
            st.reserved_bytes[kAggregate].current};
}

inline void resetCudaPeak(int device)
{
    c10::cuda::CUDACachingAllocator::resetPeakStats(static_cast<c10::DeviceIndex>(device));
}

#endif  // YS_WITH_CUDA

}  // namespace ys::torchcompat
