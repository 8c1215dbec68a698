#pragma once
// Small text helpers of ys_common's parsers (settings, stages, checkpointing). Header-only, internal.

#include <algorithm>
#include <cctype>
#include <string>

namespace ys::internal {

// `s` without leading and trailing white space.
inline std::string trimmed(const std::string& s)
{
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
        --e;
    return s.substr(b, e - b);
}

// `s` in ASCII lower case.
inline std::string lowered(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

}  // namespace ys::internal
