#pragma once
// Memory accounting: tensor memory figures per device, a usable-memory budget, and a timeline of samples
// tagged with the training phase. Plain C++ (no torch, no Qt); the LibTorch side is in memory.cpp.
//
// CPU: a tracking allocator installed for the whole process (installCpuTracker) counts every CPU tensor
// allocation made through LibTorch's CPU allocator. With a budget set it raises c10::OutOfMemoryError —
// the type CUDA raises — when an allocation would go over it, so out-of-memory planning and recovery can
// be exercised without a GPU.
// CUDA (only in builds against a CUDA LibTorch, see cudaBuild()): the caching allocator's figures and the
// driver's free/total; the budget is applied as the caching allocator's per-process memory fraction.
//
// Device strings: "cpu", "cuda", "cuda:N" or "N" (GPU index). All sizes are bytes.

#include "common/error.h"
#include "memory/samples.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ys::memory {

struct MemoryStats {
    int64_t allocated = 0;    // bytes held by live tensors now
    int64_t reserved = 0;     // bytes the allocator holds (CUDA: cached blocks included; CPU: = allocated)
    int64_t peak = 0;         // highest `allocated` since the last resetPeak()
    int64_t deviceTotal = 0;  // physical RAM (cgroup limit if lower) / the GPU's total memory
    int64_t deviceFree = 0;   // available RAM / the driver's free memory (other processes included)
};

// True when this build was compiled against a CUDA LibTorch (YS_WITH_CUDA).
bool cudaBuild();

// Installs the tracking allocator as the process's CPU allocator, wrapping the one installed before.
// Idempotent and thread-safe; every function below calls it, but call it first thing in a process that
// wants exact figures, since tensors allocated before it are not counted (freeing them is harmless).
// Returns false if LibTorch kept another allocator (one registered with a higher priority).
bool installCpuTracker();

// Figures for `device` now. For an unknown or unavailable device every field is 0.
MemoryStats currentStats(const std::string& device = "cpu");

// Starts a new peak window: peak becomes the current allocated figure.
void resetPeak(const std::string& device = "cpu");

// Caps usable memory on `device`: bytes > 0 sets the cap, 0 removes it.
// CPU: an allocation that would bring `allocated` above the cap throws c10::OutOfMemoryError and
// changes no figure. CUDA: sets the caching allocator's memory fraction to (bytes - what the allocator does not
// hold: the CUDA context, other processes) / total, which caps reserved memory, so that the whole device use stays
// within bytes as the fit plans it (`cuda_context`).
void setBudget(int64_t bytes, const std::string& device = "cpu");
// The cap set by setBudget, or 0 when there is none.
int64_t budget(const std::string& device = "cpu");
// Bytes that can still be allocated under the budget (budget - allocated on CPU, budget - reserved on
// CUDA; may be negative); INT64_MAX without a budget. The trainer checks it before each step on CUDA.
int64_t headroom(const std::string& device = "cpu");
// Out-of-memory errors the CPU tracker has raised since the process started.
int64_t cpuOutOfMemoryCount();

// Physical RAM of this machine, or the cgroup memory limit when that is lower. 0 if unknown.
int64_t physicalMemoryBytes();
// RAM available to new allocations (MemAvailable, bounded by the cgroup's remaining limit). 0 if unknown.
int64_t availableMemoryBytes();

// Parses a budget as the user types it: a size ("8GiB", "8 GB", "6000MB", "1e9") or a fraction of
// `deviceTotal` ("0.8", "80%"), fraction in (0, 1]. Empty text means the whole device (deviceTotal).
// Errors have code "memory.budget" and a message naming the text.
Expected<int64_t> parseMemoryBudget(const std::string& text, int64_t deviceTotal);

// Human-readable size: "512 B", "12.5 MiB", "7.25 GiB".
std::string formatBytes(int64_t bytes);

// ------------------------------------------------------------------------------------------------------
// Timeline (Phase and MemorySample are in memory/samples.h)

struct TimelineOptions {
    std::string device = "cpu";  // device whose figures are sampled
    int intervalMs = 100;        // minimum time between periodic samples; phase changes always sample
    size_t capacity = 20000;     // samples kept; when full, neighbouring samples are merged (>= 16)
    bool background = true;      // sample every intervalMs from a background thread between start/stop
};

// Records MemorySample rows. Thread-safe: the training thread changes phases and may call sample(); a
// background thread samples periodically. One timeline per process should run at a time, because the
// CPU tracker keeps a single window peak.
class MemoryTimeline final {
public:
    explicit MemoryTimeline(TimelineOptions options = {});
    ~MemoryTimeline();  // stops the background thread
    MemoryTimeline(const MemoryTimeline&) = delete;
    MemoryTimeline& operator=(const MemoryTimeline&) = delete;

    // Starts the clock (time 0; a restart after stop() continues it) and, if options.background, the
    // sampling thread. Takes a first sample.
    void start();
    // Takes a last sample and joins the background thread. Samples stay readable.
    void stop();

    // Samples now if at least the current interval has passed since the last sample.
    void sample();
    // Samples now regardless of the interval.
    void sampleNow();

    // Ends the current phase with a sample (tagged with it) and makes `phase` current.
    void setPhase(Phase phase);
    Phase phase() const { return phase_.load(std::memory_order_relaxed); }

    std::vector<MemorySample> samples() const;
    // Samples whose time is later than `time` (all of them for a negative time), in time order. A consumer
    // that keeps the last time it received reads each sample once, in O(log n + new samples); a merge by
    // decimation keeps the later sample's time, so it may deliver a row whose window covers one already read.
    std::vector<MemorySample> samplesAfter(double time) const;
    size_t size() const;
    // Current spacing between periodic samples: options.intervalMs, doubled at each decimation.
    int effectiveIntervalMs() const;
    // Highest windowPeak over all samples (bytes).
    int64_t maxWindowPeak() const;
    // Seconds on the timeline's clock now (the time a sample taken now would get); 0 before start().
    double now() const;

    // Writes the samples as CSV (memory/samples.h: the header, then one formatSampleRow line per sample).
    // Returns an Error (code "memory.csv_write") on failure.
    std::optional<Error> writeCsv(const std::string& path) const;
    static const char* csvHeader();  // "time_s,phase,allocated,reserved,peak,window_peak"
    // Reads a file written by writeCsv (for the GUI and reports). Errors carry the file and line.
    static Expected<std::vector<MemorySample>> readCsv(const std::string& path);

private:
    void record(Phase phase);  // caller must not hold mutex_
    void decimateLocked();
    void run();

    TimelineOptions options_;
    std::atomic<Phase> phase_{Phase::Idle};
    mutable std::mutex mutex_;
    std::vector<MemorySample> samples_;
    int intervalMs_ = 100;
    double lastSampleTime_ = -1e300;
    int64_t lastPeak_ = 0;
    int64_t startNs_ = 0;
    bool running_ = false;
    std::condition_variable wake_;
    std::thread thread_;
};

// Marks a phase for the lifetime of the scope and restores the previous one after (nesting works:
// an assigner scope inside a train-step scope returns to train_step). A null timeline makes it a no-op.
// Must be created and destroyed on the same thread.
class PhaseScope final {
public:
    PhaseScope(MemoryTimeline* timeline, Phase phase);
    ~PhaseScope();
    PhaseScope(const PhaseScope&) = delete;
    PhaseScope& operator=(const PhaseScope&) = delete;

private:
    MemoryTimeline* timeline_;
    Phase previous_;
};

}  // namespace ys::memory
