#pragma once
// What YOLO Studio needs around LibTorch's API, for the one LibTorch it builds against: PyPI's LibTorch 2.x
// (scripts/libtorch-cuda.sh pins 2.11). Debian's 1.13 is not supported any more (docs/BENCHMARKS.md, "One
// LibTorch"), so the rest of core calls 2.x's API directly. Internal: include only from core .cpp files.

#include <torch/version.h>

#include <c10/core/Allocator.h>

#include <cstddef>

// The oldest LibTorch whose API core uses unguarded: the device-typed autocast calls (2.4),
// Context::lazyInitDevice and c10::CachingAllocator::StatType (2.6).
static_assert(TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 6),
              "YOLO Studio needs LibTorch 2.6 or newer: build with scripts/studio.sh, which fetches the pinned one");

namespace ys::torchcompat {

// Base of our allocators (the CPU budget tracker, the tests' counting allocator): implement allocateBytes();
// copy_data, pure virtual in c10::Allocator, is memcpy, the CPU allocator's own choice.
class Allocator : public c10::Allocator {
public:
    c10::DataPtr allocate(size_t n) final { return allocateBytes(n); }
    void copy_data(void* dest, const void* src, std::size_t count) const final { default_copy_data(dest, src, count); }

protected:
    virtual c10::DataPtr allocateBytes(size_t n) const = 0;
};

}  // namespace ys::torchcompat
