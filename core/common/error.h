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
