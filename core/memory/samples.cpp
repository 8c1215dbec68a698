#include "memory/samples.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <vector>

namespace ys::memory {
namespace {

constexpr const char* kPhaseNames[] = {"idle", "train_step", "assigner", "validation", "checkpoint", "probe"};
constexpr size_t kColumns = 6;

bool parseInt(const std::string& cell, int64_t* out)
{
    if (cell.empty())
        return false;
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(cell.c_str(), &end, 10);
    if (end != cell.c_str() + cell.size() || errno == ERANGE)
        return false;
    *out = v;
    return true;
}

}  // namespace

const char* toString(Phase phase)
{
    const auto i = static_cast<size_t>(phase);
    return i < std::size(kPhaseNames) ? kPhaseNames[i] : "idle";
}

std::optional<Phase> phaseFromString(const std::string& text)
{
    for (size_t i = 0; i < std::size(kPhaseNames); ++i)
        if (text == kPhaseNames[i])
            return static_cast<Phase>(i);
    return std::nullopt;
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
    std::vector<std::string> f;
    size_t start = 0;
    for (size_t comma; f.size() <= kColumns && (comma = line.find(',', start)) != std::string::npos; start = comma + 1)
        f.push_back(line.substr(start, comma - start));
    f.push_back(line.substr(start));
    if (f.size() != kColumns)
        return fail("expected " + std::to_string(kColumns) + " comma-separated fields, found " +
                    (f.size() > kColumns ? "more" : std::to_string(f.size())));
    MemorySample s;
    char* end = nullptr;
    s.time = std::strtod(f[0].c_str(), &end);
    if (f[0].empty() || end != f[0].c_str() + f[0].size() || !std::isfinite(s.time))
        return fail("the time '" + f[0].substr(0, 40) + "' is not a number");
    auto phase = phaseFromString(f[1]);
    if (!phase)
        return fail("unknown phase '" + f[1].substr(0, 40) + "'");
    s.phase = *phase;
    int64_t* ints[] = {&s.allocated, &s.reserved, &s.peak, &s.windowPeak};
    for (size_t k = 0; k < 4; ++k)
        if (!parseInt(f[2 + k], ints[k]))
            return fail("non-numeric field in memory timeline row");
    return s;
}

}  // namespace ys::memory
