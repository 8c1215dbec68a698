#pragma once
// Small text helpers the engine's parsers share. Plain C++ (ASCII rules: bytes >= 0x80 are left as they are).

#include <string>
#include <vector>

namespace ys {

// `s` without leading and trailing white space.
std::string trim(const std::string& s);
// `s` with ASCII letters in lower case.
std::string lower(std::string s);
// Whether `s` begins with `prefix` / ends with `suffix`.
bool startsWith(const std::string& s, const std::string& prefix);
bool endsWith(const std::string& s, const std::string& suffix);
// `parts` with `sep` between each two: join({"a", "b"}, ", ") == "a, b"; {} gives "".
std::string join(const std::vector<std::string>& parts, const std::string& sep);
// A catalogue text with its placeholders filled: "{0}", "{1}", ... "{9}" become args[0], args[1], ...
// (empty when there is no such argument). Used by the coded notes of the fit and of command import.
std::string fillPlaceholders(const char* text, const std::vector<std::string>& args);
// The English text of a coded note: `text` (its catalogue entry; nullptr when the catalogue has no such
// code) filled with `args`, else the code followed by its arguments.
std::string codedText(const char* text, const std::string& code, const std::vector<std::string>& args);

}  // namespace ys
