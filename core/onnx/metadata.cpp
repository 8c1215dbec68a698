#include "onnx/metadata.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace ys::onnx {

std::string pythonRepr(const std::string& text)
{
    const bool hasSingle = text.find('\'') != std::string::npos;
    const bool hasDouble = text.find('"') != std::string::npos;
    const char quote = hasSingle && !hasDouble ? '"' : '\'';
    std::string out(1, quote);
    for (unsigned char c : text) {
        switch (c) {
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c == static_cast<unsigned char>(quote)) {
                out += '\\';
                out += static_cast<char>(c);
            } else if (c < 0x20 || c == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += quote;
    return out;
}

std::string pythonNamesDict(const std::vector<std::string>& names)
{
    std::string s = "{";
    for (size_t i = 0; i < names.size(); ++i)
        s += (i ? ", " : "") + std::to_string(i) + ": " + pythonRepr(names[i]);
    return s + "}";
}

namespace {

struct LiteralReader {
    explicit LiteralReader(const std::string& text) : s(text) {}
    const std::string& s;
    size_t pos = 0;
    std::string error;

    void skipSpace()
    {
        while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos])))
            ++pos;
    }
    bool eat(char c)
    {
        skipSpace();
        if (pos < s.size() && s[pos] == c) {
            ++pos;
            return true;
        }
        return false;
    }
    bool fail(const std::string& what)
    {
        if (error.empty())
            error = what + " at character " + std::to_string(pos + 1);
        return false;
    }
    bool integer(long long& v)
    {
        skipSpace();
        const char* begin = s.c_str() + pos;
        char* end = nullptr;
        v = std::strtoll(begin, &end, 10);
        if (end == begin)
            return fail("expected a number");
        pos += static_cast<size_t>(end - begin);
        return true;
    }
    void appendUtf8(std::string& out, unsigned long cp)
    {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xc0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3f));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xe0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
            out += static_cast<char>(0x80 | (cp & 0x3f));
        } else {
            out += static_cast<char>(0xf0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
            out += static_cast<char>(0x80 | (cp & 0x3f));
        }
    }
    bool string(std::string& out)
    {
        skipSpace();
        if (pos >= s.size() || (s[pos] != '\'' && s[pos] != '"'))
            return fail("expected a quoted name");
        const char quote = s[pos++];
        while (pos < s.size() && s[pos] != quote) {
            char c = s[pos++];
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos >= s.size())
                break;
            c = s[pos++];
            switch (c) {
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case '\\': out += '\\'; break;
            case '\'': out += '\''; break;
            case '"': out += '"'; break;
            case 'x':
            case 'u':
            case 'U': {
                const size_t n = c == 'x' ? 2 : c == 'u' ? 4 : 8;
                if (s.size() - pos < n)
                    return fail("bad escape");
                char* end = nullptr;
                const std::string hex = s.substr(pos, n);
                const unsigned long cp = std::strtoul(hex.c_str(), &end, 16);
                if (end != hex.c_str() + n)
                    return fail("bad escape");
                pos += n;
                appendUtf8(out, cp);
                break;
            }
            default:
                out += '\\';
                out += c;
            }
        }
        if (pos >= s.size())
            return fail("unterminated string");
        ++pos;
        return true;
    }
};

bool parseIntList(const std::string& text, std::vector<long long>& out)
{
    LiteralReader r(text);
    if (!r.eat('[') && !r.eat('('))
        return false;
    while (true) {
        r.skipSpace();
        if (r.pos < text.size() && (text[r.pos] == ']' || text[r.pos] == ')')) {
            ++r.pos;
            break;
        }
        long long v = 0;
        if (!r.integer(v))
            return false;
        out.push_back(v);
        if (!r.eat(',')) {
            if (!r.eat(']') && !r.eat(')'))
                return false;
            break;
        }
    }
    r.skipSpace();
    return r.pos == text.size();
}

}  // namespace

Expected<std::vector<std::string>> parsePythonNamesDict(const std::string& text)
{
    LiteralReader r(text);
    std::map<long long, std::string> byId;
    if (!r.eat('{'))
        return Error{"onnx.metadata", "names is not a dict literal", {}, 0, 0};
    if (!r.eat('}')) {
        while (true) {
            long long id = 0;
            std::string name;
            if (!r.integer(id) || !r.eat(':') || !r.string(name)) {
                r.fail("expected 'id: name'");
                break;
            }
            if (id < 0 || id > 100000 || byId.count(id)) {
                r.fail("bad class id " + std::to_string(id));
                break;
            }
            byId[id] = name;
            if (r.eat(','))
                continue;
            if (!r.eat('}'))
                r.fail("expected ',' or '}'");
            break;
        }
    }
    r.skipSpace();
    if (r.error.empty() && r.pos != text.size())
        r.fail("text after the dict");
    if (!r.error.empty())
        return Error{"onnx.metadata", "names: " + r.error, {}, 0, 0};
    std::vector<std::string> names;
    for (const auto& [id, name] : byId) {
        if (id != static_cast<long long>(names.size()))
            return Error{"onnx.metadata", "names: class ids are not 0.." + std::to_string(byId.size() - 1), {}, 0, 0};
        names.push_back(name);
    }
    return names;
}

std::vector<std::pair<std::string, std::string>> toMetadataProps(const DetectorMetadata& m)
{
    std::string args = "{";
    for (size_t i = 0; i < m.args.size(); ++i)
        args += (i ? ", " : "") + pythonRepr(m.args[i].first) + ": " + m.args[i].second;
    args += "}";
    return {
        {"description", m.description},
        {"author", m.author},
        {"date", m.date},
        {"version", m.version},
        {"stride", std::to_string(m.stride)},
        {"task", m.task},
        {"batch", std::to_string(m.batch)},
        {"imgsz", "[" + std::to_string(m.imgsz[0]) + ", " + std::to_string(m.imgsz[1]) + "]"},
        {"names", pythonNamesDict(m.names)},
        {"args", args},
        {"channels", std::to_string(m.channels)},
    };
}

Expected<DetectorMetadata> fromMetadataProps(const std::vector<std::pair<std::string, std::string>>& props)
{
    DetectorMetadata m;
    auto bad = [](const std::string& key, const std::string& why) {
        return Error{"onnx.metadata", "metadata '" + key + "' " + why, {}, 0, 0};
    };
    auto toInt = [](const std::string& v, int& out) {
        char* end = nullptr;
        const long x = std::strtol(v.c_str(), &end, 10);
        if (v.empty() || *end != '\0' || x <= 0 || x > 1000000)
            return false;
        out = static_cast<int>(x);
        return true;
    };
    for (const auto& [k, v] : props) {
        if (k == "description")
            m.description = v;
        else if (k == "author")
            m.author = v;
        else if (k == "date")
            m.date = v;
        else if (k == "version")
            m.version = v;
        else if (k == "task")
            m.task = v;
        else if (k == "stride" && !toInt(v, m.stride))
            return bad(k, "is not a positive whole number: " + v);
        else if (k == "batch" && !toInt(v, m.batch))
            return bad(k, "is not a positive whole number: " + v);
        else if (k == "channels" && !toInt(v, m.channels))
            return bad(k, "is not a positive whole number: " + v);
        else if (k == "imgsz") {
            std::vector<long long> sz;
            if (!parseIntList(v, sz) || sz.empty() || sz.size() > 2 || sz[0] <= 0 || sz.back() <= 0)
                return bad(k, "is not [height, width]: " + v);
            m.imgsz = {static_cast<int>(sz[0]), static_cast<int>(sz.back())};
        } else if (k == "names") {
            auto names = parsePythonNamesDict(v);
            if (!names)
                return names.error();
            m.names = std::move(*names);
        }
    }
    return m;
}

}  // namespace ys::onnx
