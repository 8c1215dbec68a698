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

// Puts back the allocator that was installed before the tracker (benchmarks measure overhead with it).
// Blocks the tracker allocated stay valid and are still counted when freed.
void uninstallCpuTrackerForBenchmark();

}  // namespace ys::memory::internal
