#pragma once
// Internals shared by the memory sources. Torch-free; only core/memory .cpp files and tests include it.

#include <cstdint>
#include <string>

namespace ys::memory::internal {

// Highest allocated figure since the previous call (CPU: exact, then restarts the window at the current
// figure). CUDA: the running peak if it rose since `previousPeak`, else the current allocated figure.
int64_t takeWindowPeak(const std::string& device, int64_t previousPeak);

// -1 for the CPU, the GPU index for GPU text; -2 for text that names no device (parseDevice decides).
int deviceIndex(const std::string& device);

// Allocation tags of the tracking CPU allocator, for attributing memory to whoever allocated it (the memory
// probe's per-layer figures). Every block allocated while tag t > 0 is set counts in taggedBytes(t) until it is
// freed, whatever is set then. Process-wide: set them only while one thread allocates (the probe runs on one
// thread). Tags 1 .. kAllocationTags - 1; 0 = untagged. CUDA memory is never tagged.
constexpr int kAllocationTags = 512;
void setAllocationTag(int tag);
int64_t taggedBytes(int tag);
// Tag 0 in effect and every count back to 0; blocks allocated before no longer count anywhere.
void clearAllocationTags();

// Puts back the allocator that was installed before the tracker (benchmarks measure overhead with it).
// Blocks the tracker allocated stay valid and are still counted when freed.
void uninstallCpuTrackerForBenchmark();

}  // namespace ys::memory::internal
