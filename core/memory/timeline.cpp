// Memory timeline: samples tagged with the training phase, a bounded buffer, CSV in and out.
#include "memory/internal/accounting.h"
#include "memory/memory.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>

namespace ys::memory {
namespace {

constexpr size_t kMinCapacity = 16;  // below this, merging pairs could not keep phase boundaries

int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Merges b into a; a keeps the window of both (a precedes b). Window peak stays exact: the merged window
// is the union of the two windows.
MemorySample merged(const MemorySample& a, const MemorySample& b)
{
    MemorySample m = b;
    m.windowPeak = std::max(a.windowPeak, b.windowPeak);
    m.reserved = std::max(a.reserved, b.reserved);
    return m;
}

}  // namespace

MemoryTimeline::MemoryTimeline(TimelineOptions options) : options_(std::move(options))
{
    options_.capacity = std::max(options_.capacity, kMinCapacity);
    options_.intervalMs = std::max(options_.intervalMs, 1);
    intervalMs_ = options_.intervalMs;
    samples_.reserve(std::min<size_t>(options_.capacity, 4096));
    startNs_ = nowNs();
}

MemoryTimeline::~MemoryTimeline()
{
    stop();
}

void MemoryTimeline::start()
{
    {
        std::lock_guard lock(mutex_);
        if (running_)
            return;
        running_ = true;
        // A restarted timeline continues its clock, so times never run backwards within one CSV.
        if (samples_.empty())
            startNs_ = nowNs();
        lastSampleTime_ = -1e300;
        lastPeak_ = currentStats(options_.device).peak;
    }
    // The first sample's window starts here, not at whatever came before the timeline.
    internal::takeWindowPeak(options_.device, lastPeak_);
    record(phase());
    if (options_.background)
        thread_ = std::thread([this] { run(); });
}

void MemoryTimeline::stop()
{
    {
        std::lock_guard lock(mutex_);
        if (!running_)
            return;
        running_ = false;
    }
    wake_.notify_all();
    if (thread_.joinable())
        thread_.join();
    record(phase());
}

void MemoryTimeline::run()
{
    std::unique_lock lock(mutex_);
    while (running_) {
        const auto wait = std::chrono::milliseconds(intervalMs_);
        wake_.wait_for(lock, wait, [this] { return !running_; });
        if (!running_)
            break;
        lock.unlock();
        sample();
        lock.lock();
    }
}

void MemoryTimeline::sample()
{
    {
        std::lock_guard lock(mutex_);
        const double t = static_cast<double>(nowNs() - startNs_) * 1e-9;
        // 0.9: the background thread's wake-up jitter must not skip every other period.
        if (t - lastSampleTime_ < 0.9e-3 * intervalMs_)
            return;
    }
    record(phase());
}

void MemoryTimeline::sampleNow()
{
    record(phase());
}

void MemoryTimeline::setPhase(Phase next)
{
    const Phase prev = phase_.exchange(next, std::memory_order_relaxed);
    if (prev != next)
        record(prev);
}

void MemoryTimeline::record(Phase phase)
{
    // Reading the figures under the lock keeps rows in time order and window peaks disjoint.
    std::lock_guard lock(mutex_);
    const MemoryStats s = currentStats(options_.device);
    MemorySample m;
    m.time = static_cast<double>(nowNs() - startNs_) * 1e-9;
    m.allocated = s.allocated;
    m.reserved = s.reserved;
    m.peak = s.peak;
    m.windowPeak = std::max(internal::takeWindowPeak(options_.device, lastPeak_), s.allocated);
    m.phase = phase;
    lastPeak_ = s.peak;
    lastSampleTime_ = m.time;
    samples_.push_back(m);
    if (samples_.size() >= options_.capacity)
        decimateLocked();
}

void MemoryTimeline::decimateLocked()
{
    // Pass 1 merges neighbours of the same phase, so phase boundaries survive; pass 2 (only if pass 1
    // freed too little, e.g. phases alternating at every sample) merges regardless of phase.
    for (int pass = 0; pass < 2 && samples_.size() > options_.capacity * 3 / 4; ++pass) {
        std::vector<MemorySample> out;
        out.reserve(samples_.size() / 2 + 2);
        size_t i = 0;
        while (i < samples_.size()) {
            if (i + 1 < samples_.size() && (pass == 1 || samples_[i].phase == samples_[i + 1].phase)) {
                out.push_back(merged(samples_[i], samples_[i + 1]));
                i += 2;
            } else {
                out.push_back(samples_[i]);
                ++i;
            }
        }
        samples_.swap(out);
    }
    // Halve the sampling rate so the buffer fills no faster than the resolution it now holds.
    intervalMs_ = std::min(intervalMs_ * 2, 60 * 60 * 1000);
}

std::vector<MemorySample> MemoryTimeline::samples() const
{
    std::lock_guard lock(mutex_);
    return samples_;
}

std::vector<MemorySample> MemoryTimeline::samplesAfter(double time) const
{
    std::lock_guard lock(mutex_);
    const auto first = std::upper_bound(samples_.begin(), samples_.end(), time,
                                        [](double t, const MemorySample& s) { return t < s.time; });
    return {first, samples_.end()};
}

size_t MemoryTimeline::size() const
{
    std::lock_guard lock(mutex_);
    return samples_.size();
}

int MemoryTimeline::effectiveIntervalMs() const
{
    std::lock_guard lock(mutex_);
    return intervalMs_;
}

double MemoryTimeline::now() const
{
    std::lock_guard lock(mutex_);
    return startNs_ == 0 ? 0.0 : static_cast<double>(nowNs() - startNs_) * 1e-9;
}

int64_t MemoryTimeline::maxWindowPeak() const
{
    std::lock_guard lock(mutex_);
    int64_t m = 0;
    for (const auto& s : samples_)
        m = std::max(m, s.windowPeak);
    return m;
}

const char* MemoryTimeline::csvHeader()
{
    return sampleCsvHeader();
}

std::optional<Error> MemoryTimeline::writeCsv(const std::string& path) const
{
    const std::vector<MemorySample> rows = samples();
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            return Error{"memory.csv_write", "cannot open '" + tmp + "' for writing", tmp, 0, 0};
        out << csvHeader() << '\n';
        for (const auto& r : rows)
            out << formatSampleRow(r) << '\n';
        out.flush();
        if (!out)
            return Error{"memory.csv_write", "write failed for '" + tmp + "' (disk full?)", tmp, 0, 0};
    }
    // Rename so a reader (the GUI polling a live run) never sees a half-written file.
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        return Error{"memory.csv_write", "cannot replace '" + path + "'", path, 0, 0};
    }
    return std::nullopt;
}

Expected<std::vector<MemorySample>> MemoryTimeline::readCsv(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{"memory.csv_read", "cannot open memory timeline '" + path + "'", path, 0, 0};
    std::vector<MemorySample> rows;
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (lineNo == 1) {
            if (line != csvHeader())
                return Error{"memory.csv_header",
                             "memory timeline header must be '" + std::string(csvHeader()) + "'", path, 1, 1};
            continue;
        }
        if (line.empty())
            continue;
        std::string why;
        const auto s = parseSampleRow(line, &why);
        if (!s)
            return Error{"memory.csv_row", why, path, lineNo, 1};
        rows.push_back(*s);
    }
    if (lineNo == 0)
        return Error{"memory.csv_header", "memory timeline is empty", path, 0, 0};
    return rows;
}

PhaseScope::PhaseScope(MemoryTimeline* timeline, Phase phase)
    : timeline_(timeline), previous_(timeline ? timeline->phase() : Phase::Idle)
{
    if (timeline_)
        timeline_->setPhase(phase);
}

PhaseScope::~PhaseScope()
{
    if (timeline_)
        timeline_->setPhase(previous_);
}

}  // namespace ys::memory
