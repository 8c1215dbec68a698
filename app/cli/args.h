#pragma once
// Ultralytics-style command line: `yolostudio-cli COMMAND key=value ...`. Plain C++, no torch, no Qt.

#include "common/config.h"
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
    std::vector<std::string> positional;       // words without '=' after the command (or with one after
                                               // something that is no key: "yolo train data=x" as one word)
    std::vector<std::string> words;            // every word after the command, as given (import reads them)
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

// Parses argv. "--key=value" and "--key value" are accepted as spellings of key=value. A key is letters,
// digits, '_', '-' and '.'; a word whose text before '=' is anything else is positional.
Args parseArgs(int argc, char** argv);

// What a command checks before it runs (one place for every command's prologue).
struct CommandSpec {
    const char* help = nullptr;                  // printed on stdout for --help (exit 0)
    std::vector<std::string> known;              // keys it takes; any other is an error
    bool positional = false;                     // words without '=' allowed
    // Keys that must be given (not empty), each with the one-line message when it is missing.
    std::vector<std::pair<std::string, std::string>> required;
};
// nullopt when the arguments fit `spec` and the command should run; else the exit code to return (kExitOk
// after --help, kExitUsage with the reason on stderr).
std::optional<int> checkArguments(const Args& args, const CommandSpec& spec);

// Exit codes shared by every command.
constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;     // the command ran and failed (e.g. training diverged)
constexpr int kExitUsage = 2;      // bad arguments or unreadable input; reason on stderr

// cfg=FILE of train and fit: the settings file (an args.yaml, a hyp.yaml, what `import` wrote) over `config`.
// Its keys the studio does not use are noted on stderr; a bad value or an unreadable file is an error. The
// studio keys the file sets are added to `givenKeys` (if given). nullopt when there is no cfg= or it loaded;
// else kExitUsage, the reasons printed.
std::optional<int> applySettingsFile(const Args& args, TrainConfig& config,
                                     std::vector<std::string>* givenKeys = nullptr);

// The exit code for a core error: kExitUsage when the user's input is at fault (ys::isInputError of its
// ys::errorKind), else kExitFailed.
int exitCodeFor(const Error& error);
// Prints "error: <file:line: message>" on stderr (one line) and returns exitCodeFor(error).
int reportError(const Error& error);

// Runs a command; anything that escaped it (core returns errors as values: this is the last resort) is one line
// on stderr, without LibTorch's backtrace, and kExitFailed.
int runCommand(int (*command)(const Args&), const Args& args);

// Progress on stderr ("scan 1200/10000"), only when stderr is a terminal so logs and pipes stay clean;
// an empty function otherwise. Thread-safe.
ProgressFn terminalProgress();

}  // namespace ys::cli
