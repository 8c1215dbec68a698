// The model YAML (a pickled dict) -> YAML text that parseModelSpec() reads (weights/internal/pickleyaml.h).
#include "weights/internal/pickleyaml.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace ys::weights {
namespace {

using pickle::Document;
using pickle::Kind;
using pickle::Ref;

constexpr int kMaxYamlDepth = 32;


bool plainScalar(const std::string& s)
{
    if (s.empty())
        return false;
    static const char* yamlWords[] = {"null", "Null", "NULL", "~", "true", "false", "TRUE", "FALSE",
                                      "yes", "no", "Yes", "No", "YES", "NO", "on", "off", "On", "Off", "ON", "OFF", "y", "n"};
    for (const char* w : yamlWords)
        if (s == w)
            return false;
    if (!(std::isalnum(static_cast<unsigned char>(s[0])) || s[0] == '_' || s[0] == '.'))
        return false;
    return std::all_of(s.begin(), s.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '_' || c == '.' || c == '-' || c == '/';
    });
}

std::string yamlQuoted(const std::string& s)
{
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string yamlFloat(double d)
{
    if (std::isnan(d))
        return ".nan";
    if (std::isinf(d))
        return d > 0 ? ".inf" : "-.inf";
    return pickle::floatRepr(d);
}

struct YamlWriter {
    const Document& doc;
    std::string error;

    bool scalarOrFlow(Ref r, std::string& out, int depth)
    {
        if (depth > kMaxYamlDepth) {
            error = "nested deeper than " + std::to_string(kMaxYamlDepth) + " levels";
            return false;
        }
        const pickle::Value& v = doc.at(r);
        switch (v.kind) {
        case Kind::None: out += "null"; return true;
        case Kind::Bool: out += v.i ? "True" : "False"; return true;
        case Kind::Int: out += std::to_string(v.i); return true;
        case Kind::Float: out += yamlFloat(v.f); return true;
        case Kind::String: out += plainScalar(v.text) ? v.text : yamlQuoted(v.text); return true;
        case Kind::List:
        case Kind::Tuple:
            out += '[';
            for (size_t i = 0; i < v.items.size(); ++i) {
                if (i)
                    out += ", ";
                if (!scalarOrFlow(v.items[i], out, depth + 1))
                    return false;
            }
            out += ']';
            return true;
        case Kind::Dict:
            out += '{';
            for (size_t i = 0; i + 1 < v.items.size(); i += 2) {
                if (i)
                    out += ", ";
                if (!scalarOrFlow(v.items[i], out, depth + 1))
                    return false;
                out += ": ";
                if (!scalarOrFlow(v.items[i + 1], out, depth + 1))
                    return false;
            }
            out += '}';
            return true;
        default:
            error = std::string("holds a ") + pickle::toString(v.kind) + " (" + doc.repr(r, 1, 80) + ")";
            return false;
        }
    }

    // A mapping in block style; dict values nest as blocks, lists of lists become one flow row per line.
    bool block(Ref dict, std::string& out, int indent, int depth)
    {
        if (depth > kMaxYamlDepth) {
            error = "nested deeper than " + std::to_string(kMaxYamlDepth) + " levels";
            return false;
        }
        const auto& items = doc.at(dict).items;
        const std::string pad(static_cast<size_t>(indent), ' ');
        for (size_t i = 0; i + 1 < items.size(); i += 2) {
            out += pad;
            if (!scalarOrFlow(items[i], out, depth + 1))
                return false;
            out += ':';
            const pickle::Value& v = doc.at(items[i + 1]);
            const bool rows = (v.kind == Kind::List || v.kind == Kind::Tuple) && !v.items.empty() &&
                              std::all_of(v.items.begin(), v.items.end(), [&](Ref x) {
                                  return doc.kind(x) == Kind::List || doc.kind(x) == Kind::Tuple;
                              });
            if (v.kind == Kind::Dict && !v.items.empty()) {
                out += '\n';
                if (!block(items[i + 1], out, indent + 2, depth + 1))
                    return false;
            } else if (rows) {
                out += '\n';
                for (Ref row : v.items) {
                    out += pad + "  - ";
                    if (!scalarOrFlow(row, out, depth + 2))
                        return false;
                    out += '\n';
                }
            } else {
                out += ' ';
                if (!scalarOrFlow(items[i + 1], out, depth + 1))
                    return false;
                out += '\n';
            }
        }
        return true;
    }
};

}  // namespace

Expected<std::string> pickledYamlText(const Document& doc, Ref dict)
{
    YamlWriter w{doc, {}};
    std::string text;
    if (!w.block(dict, text, 0, 0))
        return Error{"weights.yaml", w.error, {}, 0, 0};
    return text;
}

}  // namespace ys::weights
