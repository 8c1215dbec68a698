#pragma once
// A tiny fork-join helper for the scanner and the checker (not public API): runs fn(i, worker) for
// i in [0, count) on `threads` std::threads (0 = all cores) pulling indices from a shared counter, and
// reports progress from whichever thread finishes an item, serialised and throttled to about 20 calls a
// second (plus the final one). Stops handing out work once `cancel` is set.

#include "common/progress.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ys::detail {

// 0 = all cores. The work here mixes file reads with decoding, so two threads per core keep every core
// busy while some threads wait for the disk (measured: 15% faster on a cold page cache, same when warm).
inline int resolveThreads(int threads)
{
    if (threads > 0)
        return threads;
    const unsigned hw = std::thread::hardware_concurrency();
    return 2 * (hw == 0 ? 2 : static_cast<int>(hw));
}

// Serialises and throttles progress calls coming from pool threads.
class ProgressThrottle {
public:
    ProgressThrottle(const ProgressFn& fn, ProgressStage stage, int64_t total)
        : fn_(fn), stage_(stage), total_(total)
    {
    }
    void report(int64_t done)
    {
        if (!fn_)
            return;
        const auto now = std::chrono::steady_clock::now();
        std::unique_lock lock(mutex_, std::try_to_lock);
        if (!lock.owns_lock())
            return;  // another thread is reporting right now; skip rather than wait
        if (done < total_ && now - last_ < std::chrono::milliseconds(50))
            return;
        last_ = now;
        lastDone_ = done;
        fn_(Progress{stage_, done, total_});
    }
    void finish(int64_t done)
    {
        if (!fn_)
            return;
        std::lock_guard lock(mutex_);
        if (done != lastDone_)
            fn_(Progress{stage_, done, total_});
        lastDone_ = done;
    }

private:
    const ProgressFn& fn_;
    ProgressStage stage_;
    int64_t total_;
    std::mutex mutex_;
    std::chrono::steady_clock::time_point last_{};
    int64_t lastDone_ = -1;
};

// Returns the number of items completed; they are always the indices [0, returned) because a worker
// finishes every index it claims. Exceptions thrown by fn are rethrown (first one) after joining.
template <typename Fn>
int64_t parallelFor(int64_t count, int threads, const CancelToken& cancel, ProgressThrottle* progress, Fn&& fn)
{
    std::atomic<int64_t> next{0};
    std::atomic<int64_t> done{0};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failureMutex;
    auto worker = [&](int w) {
        try {
            while (!cancel.cancelled() && !failed.load(std::memory_order_relaxed)) {
                const int64_t i = next.fetch_add(1, std::memory_order_relaxed);
                if (i >= count)
                    break;
                fn(i, w);
                const int64_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
                if (progress && (d & 15) == 0)
                    progress->report(d);
            }
        } catch (...) {
            std::lock_guard lock(failureMutex);
            if (!failure)
                failure = std::current_exception();
            failed.store(true);
        }
    };
    const int n = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(resolveThreads(threads), count)));
    std::vector<std::thread> pool;
    pool.reserve(n - 1);
    for (int w = 1; w < n; ++w)
        pool.emplace_back(worker, w);
    worker(0);
    for (auto& t : pool)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
    if (progress)
        progress->finish(done.load());
    return done.load();
}

}  // namespace ys::detail
