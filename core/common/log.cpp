#include "common/log.h"

#include <cstdio>
#include <mutex>

namespace ys {
namespace {
std::mutex g_mutex;
LogSink g_sink;
}  // namespace

void setLogSink(LogSink sink)
{
    std::lock_guard lock(g_mutex);
    g_sink = std::move(sink);
}

void log(LogLevel level, const std::string& message)
{
    LogSink sink;
    {
        std::lock_guard lock(g_mutex);
        sink = g_sink;
    }
    if (sink) {
        sink(level, message);
        return;
    }
    if (level == LogLevel::Debug)
        return;
    std::fprintf(stderr, "%s: %s\n", toString(level), message.c_str());
}

const char* toString(LogLevel level)
{
    switch (level) {
    case LogLevel::Debug: return "debug";
    case LogLevel::Info: return "info";
    case LogLevel::Warning: return "warning";
    case LogLevel::Error: return "error";
    }
    return "?";
}

}  // namespace ys
