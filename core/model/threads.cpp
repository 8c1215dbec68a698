#include "model/internal/threads.h"

#include <ATen/Context.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <mutex>
#include <thread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ys {

int configureIntraOpThreads(int requested)
{
    const int n = intraOpThreadsFor(requested);
    at::set_num_threads(n);
    // One chunk per thread of the pool: at::parallel_for hands a range of n items to n threads one each.
    at::parallel_for(0, at::get_num_threads(), 1, [](int64_t, int64_t) { at::globalContext().setFlushDenormal(true); });
    at::globalContext().setFlushDenormal(true);
    return at::get_num_threads();
}

namespace {
std::mutex gRetainMutex;
int gRetainCount = 0;
// glibc's documented defaults (mallopt(3)); setting either turns off its dynamic threshold, which is what
// we want while training and harmless afterwards.
constexpr int kDefaultThreshold = 128 * 1024;
constexpr int kMaxMmapThreshold = 32 * 1024 * 1024;  // glibc's upper limit on 64-bit
constexpr int kNeverTrim = 0x7FFFFFFF;
}  // namespace

RetainFreedMemory::RetainFreedMemory()
{
    std::lock_guard lock(gRetainMutex);
    if (gRetainCount++ > 0)
        return;
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, kMaxMmapThreshold);
    mallopt(M_TRIM_THRESHOLD, kNeverTrim);
#endif
}

RetainFreedMemory::~RetainFreedMemory()
{
    std::lock_guard lock(gRetainMutex);
    if (--gRetainCount > 0)
        return;
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, kDefaultThreshold);
    mallopt(M_MMAP_THRESHOLD, kDefaultThreshold);
    malloc_trim(0);
#endif
}

}  // namespace ys
