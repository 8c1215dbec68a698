#include "memory/samples.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string_view>

namespace ys::memory {
namespace {

constexpr const char* kPhaseNames[] = {"idle", "train_step", "assigner", "validation", "checkpoint", "probe"};
constexpr size_t kColumns = 6;

template <typename T>
bool parseCell(std::string_view cell, T* out)
{
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), *out);
    return !cell.empty() && ec == std::errc() && end == cell.data() + cell.size();
}

}  // namespace

const char* toString(Phase phase)
{
    const auto i = static_cast<size_t>(phase);
    return i < std::size(kPhaseNames) ? kPhaseNames[i] : "idle";
}

std::optional<Phase> phaseFromString(std::string_view text)
{
    for (size_t i = 0; i < std::size(kPhaseNames); ++i)
        if (text == kPhaseNames[i])
            return static_cast<Phase>(i);
    return std::nullopt;
}

int64_t ownPeak(const std::vector<MemorySample>& samples)
{
    int64_t peak = 0;
    for (const MemorySample& s : samples)
        peak = std::max({peak, s.windowPeak, s.allocated});
    return peak;
}

void thinRankSeries(std::vector<MemorySample>& series, size_t limit, size_t& sent)
{
    if (series.size() <= limit || series.empty())
        return;
    const size_t unsent = series.size() - std::min(sent, series.size());
    std::vector<MemorySample> kept;
    kept.reserve(series.size() / 2 + 1);
    const size_t pairs = (series.size() - 1) / 2;   // the newest sample stays on its own
    for (size_t k = 0; k < pairs; ++k) {
        MemorySample merged = series[2 * k + 1];
        merged.windowPeak = std::max(series[2 * k].windowPeak, series[2 * k + 1].windowPeak);
        kept.push_back(merged);
    }
    for (size_t k = 2 * pairs; k < series.size(); ++k)
        kept.push_back(series[k]);
    // The unsent samples are the newest: those in the unpaired tail stay unsent, and a pair holding one is
    // unsent as a whole (the consumer has not seen its merged sample).
    const size_t tail = series.size() - 2 * pairs;
    const size_t unsentNow = unsent <= tail ? unsent : tail + (unsent - tail + 1) / 2;
    series = std::move(kept);
    sent = series.size() - unsentNow;
}

std::string memoryCsvName(int rank)
{
    return rank <= 0 ? std::string("memory.csv") : "memory_rank" + std::to_string(rank) + ".csv";
}

const char* sampleCsvHeader()
{
    return "time_s,phase,allocated,reserved,peak,window_peak";
}

std::string formatSampleRow(const MemorySample& r)
{
    char buf[160];
    std::snprintf(buf, sizeof buf, "%.3f,%s,%lld,%lld,%lld,%lld", r.time, toString(r.phase),
                  static_cast<long long>(r.allocated), static_cast<long long>(r.reserved),
                  static_cast<long long>(r.peak), static_cast<long long>(r.windowPeak));
    return buf;
}

std::optional<MemorySample> parseSampleRow(const std::string& line, std::string* why)
{
    auto fail = [&](const std::string& reason) -> std::optional<MemorySample> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    std::string_view f[kColumns];
    size_t n = 0, start = 0;
    const std::string_view text(line);
    for (;;) {
        const size_t comma = text.find(',', start);
        if (n == kColumns)
            return fail("expected " + std::to_string(kColumns) + " comma-separated fields, found more");
        f[n++] = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    if (n != kColumns)
        return fail("expected " + std::to_string(kColumns) + " comma-separated fields, found " + std::to_string(n));
    MemorySample s;
    if (!parseCell(f[0], &s.time) || !std::isfinite(s.time))
        return fail("the time '" + std::string(f[0].substr(0, 40)) + "' is not a number");
    auto phase = phaseFromString(f[1]);
    if (!phase)
        return fail("unknown phase '" + std::string(f[1].substr(0, 40)) + "'");
    s.phase = *phase;
    int64_t* ints[] = {&s.allocated, &s.reserved, &s.peak, &s.windowPeak};
    for (size_t k = 0; k < 4; ++k)
        if (!parseCell(f[2 + k], ints[k]))
            return fail("non-numeric field in memory timeline row");
    return s;
}

}  // namespace ys::memory
