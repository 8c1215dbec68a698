#pragma once
// Core speaks to whoever listens through a log sink (STYLE habit 14): the CLI prints, the GUI's log panel
// shows. The sink may be called from any thread and must be thread-safe.

#include <functional>
#include <string>

namespace ys {

enum class LogLevel { Debug, Info, Warning, Error };

using LogSink = std::function<void(LogLevel, const std::string&)>;

// Installs the process-wide sink (nullptr restores the default, which writes to stderr).
void setLogSink(LogSink sink);
void log(LogLevel level, const std::string& message);
inline void logInfo(const std::string& m) { log(LogLevel::Info, m); }
inline void logWarning(const std::string& m) { log(LogLevel::Warning, m); }
inline void logError(const std::string& m) { log(LogLevel::Error, m); }

const char* toString(LogLevel level);

}  // namespace ys
