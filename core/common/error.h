#pragma once
// Errors are values where the user's input is at fault (STYLE habit 8): a stable code that the UI maps to
// translated text, an English developer message, and the file and 1-based line it concerns.

#include <string>
#include <utility>
#include <variant>

namespace ys {

struct Error {
    std::string code;     // stable machine-readable code, e.g. "yaml.syntax", "data.missing_train"
    std::string message;  // plain English sentence that says what is wrong and what to do
    std::string file;     // file the error concerns, empty if none
    int line = 0;         // 1-based line in `file`, 0 when not applicable
    int column = 0;       // 1-based column, 0 when not applicable

    // "file:line:col: message" (parts that are absent are left out), as compilers print it.
    std::string toString() const;
};

// What kind of problem an error code names, so front ends choose an exit code or a hint from one table
// (error.cpp) instead of matching code prefixes themselves.
enum class ErrorKind {
    Syntax,       // a file the user gave cannot be parsed: YAML syntax, not a checkpoint, damaged file
    Dataset,      // data.yaml does not describe a usable dataset (keys, paths, no usable images)
    Setting,      // a setting, argument or model does not fit: config.*, device.*, amp.*, model.*, resume.*
    Access,       // a file or folder cannot be read or written (permissions, disk full, path blocked)
    OutOfMemory,  // the run does not fit the memory budget, even at the smallest batch
    Cancelled,    // the user cancelled
    Failed,       // the operation ran and failed (also any code the table does not know)
    Internal,     // a bug in YOLO Studio
};
ErrorKind errorKind(const std::string& code);
const char* toString(ErrorKind kind);   // "syntax", "dataset", "setting", "access", "out_of_memory", ...
// True for the kinds where the user's input is at fault and must change before a retry (Syntax, Dataset,
// Setting, Access); the CLI exits 2 for these and 1 for the rest.
bool isInputError(ErrorKind kind);

// `what` of an exception without a LibTorch backtrace: the text before "Exception raised from" or the first
// "frame #" line, trailing whitespace removed. For code that cannot include c10 (the CLI's last-resort
// handler); core uses c10::Error::what_without_backtrace() (common/internal/torcherror.h).
std::string withoutBacktrace(const std::string& what);

// Result of an operation that either yields a value or an Error.
template <typename T>
class Expected {
public:
    Expected(T value) : v_(std::move(value)) {}            // NOLINT(google-explicit-constructor)
    Expected(Error error) : v_(std::move(error)) {}        // NOLINT(google-explicit-constructor)
    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    const Error& error() const { return std::get<1>(v_); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

private:
    std::variant<T, Error> v_;
};

}  // namespace ys
