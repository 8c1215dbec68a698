// Torch-free parts of memory accounting: RAM size, budget parsing, formatting.
#include "common/config.h"
#include "memory/memory.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace ys::memory {
namespace {

// A cgroup v2 (memory.max) or v1 (memory.limit_in_bytes) limit; nullopt when unlimited or absent.
std::optional<int64_t> readCgroupValue(const char* path)
{
    std::ifstream in(path);
    std::string text;
    if (!(in >> text) || text == "max")
        return std::nullopt;
    try {
        const long long v = std::stoll(text);
        // cgroup v1 reports "no limit" as a huge page-aligned number.
        if (v <= 0 || v >= (int64_t{1} << 60))
            return std::nullopt;
        return v;
    } catch (...) {
        return std::nullopt;
    }
}

std::optional<int64_t> cgroupLimit()
{
    if (auto v = readCgroupValue("/sys/fs/cgroup/memory.max"))
        return v;
    return readCgroupValue("/sys/fs/cgroup/memory/memory.limit_in_bytes");
}

std::optional<int64_t> cgroupUsage()
{
    if (auto v = readCgroupValue("/sys/fs/cgroup/memory.current"))
        return v;
    return readCgroupValue("/sys/fs/cgroup/memory/memory.usage_in_bytes");
}

std::string trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

Error budgetError(const std::string& text, const std::string& why)
{
    return Error{"memory.budget", "memory budget '" + text + "' " + why, {}, 0, 0};
}

}  // namespace

int64_t physicalMemoryBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    int64_t total = (pages > 0 && pageSize > 0) ? static_cast<int64_t>(pages) * pageSize : 0;
    if (auto limit = cgroupLimit(); limit && (total == 0 || *limit < total))
        total = *limit;
    return total;
}

int64_t availableMemoryBytes()
{
    int64_t avail = 0;
    std::ifstream in("/proc/meminfo");
    std::string key, unit;
    long long value = 0;
    while (in >> key >> value) {
        std::getline(in, unit);
        if (key == "MemAvailable:") {
            avail = static_cast<int64_t>(value) * 1024;
            break;
        }
    }
    if (auto limit = cgroupLimit()) {
        const int64_t left = std::max<int64_t>(*limit - cgroupUsage().value_or(0), 0);
        avail = avail == 0 ? left : std::min(avail, left);
    }
    return avail;
}

Expected<int64_t> parseMemoryBudget(const std::string& text, int64_t deviceTotal)
{
    const std::string t = trim(text);
    if (t.empty()) {
        if (deviceTotal <= 0)
            return budgetError(text, "is empty and the device's total memory is unknown");
        return deviceTotal;
    }
    const bool percent = t.back() == '%';
    const std::string num = percent ? trim(t.substr(0, t.size() - 1)) : t;
    // A bare number <= 1 (or a percentage) is a fraction; "1e9" or "8GiB" are sizes.
    char* end = nullptr;
    const double f = std::strtod(num.c_str(), &end);
    const bool isNumber = !num.empty() && end == num.c_str() + num.size();
    if (isNumber && (percent || f <= 1.0)) {
        const double fraction = percent ? f / 100.0 : f;
        if (!(fraction > 0.0 && fraction <= 1.0))
            return budgetError(text, "must be a fraction in (0, 1] or a percentage in (0, 100]");
        if (deviceTotal <= 0)
            return budgetError(text, "is a fraction but the device's total memory is unknown; give a size "
                                     "such as 8GiB");
        return static_cast<int64_t>(std::llround(fraction * static_cast<double>(deviceTotal)));
    }
    if (percent)
        return budgetError(text, "is not a percentage");
    const auto bytes = parseByteSize(t);
    if (!bytes)
        return budgetError(text, "is not a size such as 8GiB or 6000MB, nor a fraction such as 0.8");
    if (*bytes <= 0)
        return budgetError(text, "must be larger than zero");
    return *bytes;
}

std::string formatBytes(int64_t bytes)
{
    const double b = static_cast<double>(bytes);
    const double a = std::fabs(b);
    char buf[48];
    if (a < 1024.0)
        std::snprintf(buf, sizeof buf, "%lld B", static_cast<long long>(bytes));
    else if (a < 1024.0 * 1024.0)
        std::snprintf(buf, sizeof buf, "%.1f KiB", b / 1024.0);
    else if (a < 1024.0 * 1024.0 * 1024.0)
        std::snprintf(buf, sizeof buf, "%.1f MiB", b / (1024.0 * 1024.0));
    else
        std::snprintf(buf, sizeof buf, "%.2f GiB", b / (1024.0 * 1024.0 * 1024.0));
    return buf;
}

}  // namespace ys::memory
