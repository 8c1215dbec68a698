#include "common/text.h"

#include <algorithm>
#include <cctype>

namespace ys {

std::string trim(const std::string& s)
{
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
        --e;
    return s.substr(b, e - b);
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

bool startsWith(const std::string& s, const std::string& prefix)
{
    return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string join(const std::vector<std::string>& parts, const std::string& sep)
{
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i)
        out += (i ? sep : "") + parts[i];
    return out;
}

std::string fillPlaceholders(const char* text, const std::vector<std::string>& args)
{
    std::string out;
    for (const char* p = text; *p; ++p) {
        if (*p == '{' && p[1] >= '0' && p[1] <= '9' && p[2] == '}') {
            const size_t i = static_cast<size_t>(p[1] - '0');
            out += i < args.size() ? args[i] : std::string();
            p += 2;
        } else {
            out += *p;
        }
    }
    return out;
}

std::string codedText(const char* text, const std::string& code, const std::vector<std::string>& args)
{
    if (text)
        return fillPlaceholders(text, args);
    std::string out = code;
    for (const auto& a : args)
        out += " " + a;
    return out;
}

}  // namespace ys
