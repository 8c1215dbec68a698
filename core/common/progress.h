#pragma once
// Progress reporting and cancellation for long core operations (STYLE habit 2).
// A long operation takes a ProgressFn and a CancelToken; it calls the function from whichever thread
// does the work (often a pool thread), so receivers must be thread-safe (the Qt adapters queue a signal).

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace ys {

struct Progress {
    std::string stage;     // short English stage name, e.g. "scan", "check", "hash"
    int64_t done = 0;      // units finished in this stage
    int64_t total = 0;     // units in this stage; 0 when unknown
};

using ProgressFn = std::function<void(const Progress&)>;

// Shared cancellation flag. Copies share the same flag; cheap to pass by value.
class CancelToken {
public:
    CancelToken() : flag_(std::make_shared<std::atomic<bool>>(false)) {}
    void cancel() const { flag_->store(true, std::memory_order_relaxed); }
    bool cancelled() const { return flag_->load(std::memory_order_relaxed); }
    void reset() const { flag_->store(false, std::memory_order_relaxed); }

private:
    std::shared_ptr<std::atomic<bool>> flag_;
};

}  // namespace ys
