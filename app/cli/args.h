#pragma once
// Ultralytics-style command line: `yolostudio-cli COMMAND key=value ...`. Plain C++, no torch, no Qt.

#include "common/error.h"
#include "common/progress.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ys::cli {

struct Args {
    std::string command;                       // first word, e.g. "check"
    std::map<std::string, std::string> kv;     // key=value pairs, in any order
    std::vector<std::string> positional;       // words without '=' after the command
    bool help = false;                         // --help / -h / help anywhere

    bool has(const std::string& key) const { return kv.count(key) != 0; }
    std::string str(const std::string& key, const std::string& fallback = {}) const;
    // Parses an integer value; on bad input prints "error: KEY must be ..." to stderr and returns nullopt.
    std::optional<int> integer(const std::string& key, int fallback) const;
    std::optional<double> number(const std::string& key, double fallback) const;
    std::optional<bool> boolean(const std::string& key, bool fallback) const;
    // Keys present that are not in `known`; prints an error for each and returns false if any.
    bool rejectUnknown(const std::vector<std::string>& known) const;
};

// Parses argv. "--key=value" and "--key value" are accepted as spellings of key=value.
Args parseArgs(int argc, char** argv);

// Exit codes shared by every command.
constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;     // the command ran and failed (e.g. training diverged)
constexpr int kExitUsage = 2;      // bad arguments or unreadable input; reason on stderr

// The exit code for a core error: kExitUsage when the user's input is at fault (ys::isInputError of its
// ys::errorKind), else kExitFailed.
int exitCodeFor(const Error& error);
// Prints "error: <file:line: message>" on stderr (one line) and returns exitCodeFor(error).
int reportError(const Error& error);

// Progress on stderr ("scan 1200/10000"), only when stderr is a terminal so logs and pipes stay clean;
// an empty function otherwise. Thread-safe.
ProgressFn terminalProgress();

}  // namespace ys::cli
