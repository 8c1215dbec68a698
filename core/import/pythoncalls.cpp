#include "import/pythoncalls.h"

#include <cctype>
#include <regex>
#include <utility>

namespace ys {
namespace {

struct Token {
    enum Kind { Name, Number, String, Op } kind = Op;
    std::string text;          // names, numbers and operators as written; a string's characters
    bool formatted = false;    // an f-string with a replacement field: no literal
    size_t begin = 0, end = 0;  // byte offsets in the source
    int line = 1;
};

bool nameStart(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

bool nameChar(char c)
{
    return nameStart(c) || std::isdigit(static_cast<unsigned char>(c));
}

// Blank runs (line breaks and backslash continuations too) as one space.
std::string collapsed(const std::string& s)
{
    std::string out;
    bool blank = false;
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        const bool continuation = c == '\\' && i + 1 < s.size() && (s[i + 1] == '\n' || s[i + 1] == '\r');
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || continuation) {
            blank = !out.empty();
            continue;
        }
        if (blank)
            out += ' ';
        blank = false;
        out += c;
    }
    return out;
}

Error syntaxError(const std::string& what, int line)
{
    return Error{"import.python_syntax", what + " at line " + std::to_string(line) + " is not closed", {}, line, 0};
}

// The string literal whose prefix starts at `i` and whose opening quote is at `q` (its text unescaped as Python
// reads it; f-strings marked formatted); `line` moves on past the lines it spans.
Expected<Token> readString(const std::string& s, size_t i, size_t q, int& line)
{
    const std::string prefix = s.substr(i, q - i);
    const bool raw = prefix.find_first_of("rR") != std::string::npos;
    const bool fstring = prefix.find_first_of("fF") != std::string::npos;
    const char quote = s[q];
    const bool triple = q + 2 < s.size() && s[q + 1] == quote && s[q + 2] == quote;
    const std::string close = triple ? std::string(3, quote) : std::string(1, quote);
    Token t{Token::String, {}, false, i, 0, line};
    size_t k = q + close.size();
    bool closed = false;
    while (k < s.size()) {
        if (s.compare(k, close.size(), close) == 0) {
            closed = true;
            k += close.size();
            break;
        }
        const char d = s[k];
        if (d == '\n') {
            if (!triple)
                break;
            ++line;
        }
        if (d == '\\' && k + 1 < s.size()) {
            const char e = s[k + 1];
            if (raw) {
                t.text += d;
                t.text += e;
            } else if (e == 'n') {
                t.text += '\n';
            } else if (e == 't') {
                t.text += '\t';
            } else if (e == '\\' || e == '\'' || e == '"') {
                t.text += e;
            } else if (e == '\n') {
                ++line;
            } else {
                t.text += d;  // an unknown escape keeps its backslash, as Python does (C:\data)
                t.text += e;
            }
            if (raw && e == '\n')
                ++line;
            k += 2;
            continue;
        }
        if (fstring && (d == '{' || d == '}')) {
            if (k + 1 < s.size() && s[k + 1] == d) {
                t.text += d;  // {{ and }} are braces
                k += 2;
                continue;
            }
            t.formatted = true;
        }
        t.text += d;
        ++k;
    }
    if (!closed)
        return syntaxError("the string that starts", t.line);
    t.end = k;
    return t;
}

Expected<std::vector<Token>> tokenize(const std::string& s)
{
    std::vector<Token> out;
    int line = 1;
    size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == '\n') {
            ++line;
            ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\\') {
            ++i;
            continue;
        }
        if (c == '#') {
            while (i < s.size() && s[i] != '\n')
                ++i;
            continue;
        }
        // A string, with its prefix (r, b, u, f and pairs of them).
        size_t q = i;
        while (q < s.size() && q - i < 2 && std::string("rRbBuUfF").find(s[q]) != std::string::npos)
            ++q;
        if (q < s.size() && (s[q] == '\'' || s[q] == '"') && (q == i || nameStart(s[i]))) {
            auto t = readString(s, i, q, line);
            if (!t)
                return t.error();
            i = t->end;
            out.push_back(std::move(*t));
            continue;
        }
        if (nameStart(c)) {
            size_t k = i;
            while (k < s.size() && nameChar(s[k]))
                ++k;
            out.push_back({Token::Name, s.substr(i, k - i), false, i, k, line});
            i = k;
            continue;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) ||
            (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
            size_t k = i;
            while (k < s.size() && (nameChar(s[k]) || s[k] == '.' ||
                                    ((s[k] == '+' || s[k] == '-') && (s[k - 1] == 'e' || s[k - 1] == 'E'))))
                ++k;
            out.push_back({Token::Number, s.substr(i, k - i), false, i, k, line});
            i = k;
            continue;
        }
        static const char* twoChar[] = {"**", "==", "!=", "<=", ">=", "->", ":=", "//", "+=", "-=", "*=", "/="};
        size_t len = 1;
        for (const char* op : twoChar)
            if (s.compare(i, 2, op) == 0)
                len = 2;
        out.push_back({Token::Op, s.substr(i, len), false, i, i + len, line});
        i += len;
    }
    return out;
}

class Reader {
public:
    Reader(const std::string& source, std::vector<Token> tokens) : s_(source), t_(std::move(tokens)) {}

    Expected<std::vector<PyChain>> run()
    {
        std::vector<PyChain> out;
        if (auto err = chains(0, t_.size(), out))
            return *err;
        return out;
    }

private:
    bool op(size_t i, const char* text) const { return i < t_.size() && t_[i].kind == Token::Op && t_[i].text == text; }

    // The index of the bracket that closes the one at `open`, or npos.
    size_t closing(size_t open) const
    {
        std::vector<char> stack;
        for (size_t i = open; i < t_.size(); ++i) {
            if (t_[i].kind != Token::Op)
                continue;
            const std::string& x = t_[i].text;
            if (x == "(" || x == "[" || x == "{")
                stack.push_back(x == "(" ? ')' : x == "[" ? ']' : '}');
            else if ((x == ")" || x == "]" || x == "}") && !stack.empty() && x[0] == stack.back()) {
                stack.pop_back();
                if (stack.empty())
                    return i;
            }
        }
        return std::string::npos;
    }

    std::string textOf(size_t from, size_t to) const  // tokens [from, to)
    {
        if (from >= to)
            return {};
        return collapsed(s_.substr(t_[from].begin, t_[to - 1].end - t_[from].begin));
    }

    // The literal value of tokens [from, to), or nullopt.
    std::optional<std::string> literal(size_t from, size_t to) const
    {
        if (from >= to)
            return std::nullopt;
        bool strings = true;
        for (size_t i = from; i < to; ++i)
            strings = strings && t_[i].kind == Token::String && !t_[i].formatted;
        if (strings) {  // "a" "b" is "ab"
            std::string v;
            for (size_t i = from; i < to; ++i)
                v += t_[i].text;
            return v;
        }
        if (to - from == 1 && t_[from].kind == Token::Number)
            return t_[from].text;
        if (to - from == 2 && (op(from, "-") || op(from, "+")) && t_[from + 1].kind == Token::Number)
            return (op(from, "-") ? "-" : "") + t_[from + 1].text;
        if (to - from == 1 && t_[from].kind == Token::Name &&
            (t_[from].text == "True" || t_[from].text == "False" || t_[from].text == "None"))
            return t_[from].text;
        if ((op(from, "[") || op(from, "(")) && closing(from) == to - 1) {
            std::string v;
            for (const auto& [begin, end] : items(from, to - 1)) {
                auto item = literal(begin, end);
                if (!item)
                    return std::nullopt;
                v += (v.empty() ? "" : ",") + *item;
            }
            return "[" + v + "]";
        }
        return std::nullopt;
    }

    // The items between the brackets at `open` and `close` as token ranges [begin, end), split at the commas
    // outside inner brackets; an empty item (after a trailing comma) is left out.
    std::vector<std::pair<size_t, size_t>> items(size_t open, size_t close) const
    {
        std::vector<std::pair<size_t, size_t>> out;
        size_t start = open + 1;
        for (size_t i = start; i <= close; ++i) {
            if (i < close && (op(i, "(") || op(i, "[") || op(i, "{"))) {
                const size_t inner = closing(i);
                i = inner == std::string::npos || inner >= close ? close - 1 : inner;
                continue;
            }
            if (i < close && !op(i, ","))
                continue;
            if (i > start)
                out.emplace_back(start, i);
            start = i + 1;
        }
        return out;
    }

    // The arguments between the brackets at `open` and `close`; chains inside them go to `nested`.
    std::optional<Error> arguments(size_t open, size_t close, std::vector<PyArgument>& args, std::vector<PyChain>& nested)
    {
        for (const auto& [start, end] : items(open, close)) {
            PyArgument a;
            a.text = textOf(start, end);
            size_t value = start;
            if (op(start, "*") || op(start, "**")) {
                a.name = t_[start].text;
                value = start + 1;
            } else if (t_[start].kind == Token::Name && op(start + 1, "=") && start + 1 < end) {
                a.name = t_[start].text;
                value = start + 2;
            }
            if (a.name != "*" && a.name != "**")
                a.literal = literal(value, end);
            args.push_back(std::move(a));
            if (auto err = chains(value, end, nested))
                return err;
        }
        return std::nullopt;
    }

    // The chains that begin in tokens [from, to), in order.
    std::optional<Error> chains(size_t from, size_t to, std::vector<PyChain>& out)
    {
        for (size_t i = from; i < to; ++i) {
            if (t_[i].kind != Token::Name || (i > from && op(i - 1, ".")))
                continue;
            PyChain chain;
            chain.line = t_[i].line;
            std::vector<PyChain> nested;
            chain.links.push_back({t_[i].text, false, {}});
            size_t end = i;
            while (true) {
                if (op(end + 1, ".") && end + 2 < to && t_[end + 2].kind == Token::Name) {
                    chain.links.push_back({t_[end + 2].text, false, {}});
                    end += 2;
                } else if (op(end + 1, "(")) {
                    const size_t close = closing(end + 1);
                    if (close == std::string::npos || close >= to)
                        return syntaxError("the bracket that opens", t_[end + 1].line);
                    PyLink call{{}, true, {}};
                    if (auto err = arguments(end + 1, close, call.args, nested))
                        return err;
                    chain.links.push_back(std::move(call));
                    end = close;
                } else {
                    break;
                }
            }
            chain.text = textOf(i, end + 1);
            // `name = chain`: the chain after the '=' is assigned to `name`.
            const bool target = chain.links.size() == 1 && op(i + 1, "=") && !(i > from && op(i - 1, "."));
            const size_t pos = out.size();
            out.push_back(std::move(chain));
            out.insert(out.end(), nested.begin(), nested.end());
            if (target && op(i + 2, "{") && closing(i + 2) != std::string::npos && closing(i + 2) < to) {
                // name = {"key": value, ...} reads as name = dict(key=value, ...).
                const std::string name = out[pos].links.front().name;
                const size_t close = closing(i + 2);
                out[pos] = dictLiteral(i + 2, close);
                out[pos].assignedTo = name;
                i = close;
                continue;
            }
            if (target && i + 2 < to && t_[i + 2].kind == Token::Name) {
                const std::string name = out[pos].links.front().name;
                out.erase(out.begin() + static_cast<long>(pos));  // the name alone says nothing
                const size_t before = out.size();
                if (auto err = chains(i + 2, chainEnd(i + 2, to), out))
                    return err;
                if (out.size() > before)
                    out[before].assignedTo = name;
                i = chainEnd(i + 2, to) - 1;
                continue;
            }
            i = end;
        }
        return std::nullopt;
    }

    // The dict literal between the braces at `open` and `close` as the chain dict(key=value, ...): a string
    // key is the keyword, any other key makes a positional argument.
    PyChain dictLiteral(size_t open, size_t close) const
    {
        PyChain chain;
        chain.line = t_[open].line;
        chain.text = textOf(open, close + 1);
        chain.links.push_back({"dict", false, {}});
        PyLink call{{}, true, {}};
        for (const auto& [start, end] : items(open, close)) {
            PyArgument a;
            a.text = textOf(start, end);
            size_t colon = start;
            while (colon < end && !op(colon, ":"))
                ++colon;
            if (colon == start + 1 && t_[start].kind == Token::String && !t_[start].formatted && colon < end) {
                a.name = t_[start].text;
                a.literal = literal(colon + 1, end);
            } else if (op(start, "**")) {
                a.name = "**";
            }
            call.args.push_back(std::move(a));
        }
        chain.links.push_back(std::move(call));
        return chain;
    }

    // One past the last token of the chain that begins at `i`.
    size_t chainEnd(size_t i, size_t to) const
    {
        size_t end = i;
        while (true) {
            if (op(end + 1, ".") && end + 2 < to && t_[end + 2].kind == Token::Name) {
                end += 2;
            } else if (op(end + 1, "(")) {
                const size_t close = closing(end + 1);
                if (close == std::string::npos || close >= to)
                    return end + 1;
                end = close;
            } else {
                return end + 1;
            }
        }
    }

    const std::string& s_;
    std::vector<Token> t_;
};

}  // namespace

Expected<std::vector<PyChain>> readPythonChains(const std::string& source)
{
    auto tokens = tokenize(source);
    if (!tokens)
        return tokens.error();
    return Reader(source, std::move(tokens.value())).run();
}

bool looksLikePython(const std::string& text)
{
    static const std::regex python(R"((^|\n)\s*(from\s+ultralytics\b|import\s+ultralytics\b)|\.\s*train\s*\(|\bYOLO\s*\()");
    return std::regex_search(text, python);
}

}  // namespace ys
