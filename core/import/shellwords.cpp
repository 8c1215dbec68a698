#include "import/shellwords.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace ys {
namespace {

// The UTF-8 typographic quote at `i`: '"' for “ ”, '\'' for ‘ ’, 0 for none.
char typographicQuote(const std::string& s, size_t i)
{
    if (i + 2 >= s.size() || static_cast<unsigned char>(s[i]) != 0xE2 || static_cast<unsigned char>(s[i + 1]) != 0x80)
        return 0;
    switch (static_cast<unsigned char>(s[i + 2])) {
    case 0x9C:
    case 0x9D: return '"';
    case 0x98:
    case 0x99: return '\'';
    default: return 0;
    }
}

// A caret or backtick that only blanks follow up to the end of the line: a cmd.exe / PowerShell line
// continuation. Returns the index of that newline, or npos.
size_t foreignContinuation(const std::string& s, size_t i)
{
    size_t j = i + 1;
    while (j < s.size() && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r'))
        ++j;
    return j < s.size() && s[j] == '\n' ? j : std::string::npos;
}

bool isOperatorChar(char c)
{
    return c == '&' || c == '|' || c == ';' || c == '<' || c == '>' || c == '(' || c == ')';
}

std::pair<int, int> lineColumn(const std::string& s, size_t offset)
{
    int line = 1, column = 1;
    for (size_t i = 0; i < offset && i < s.size(); ++i) {
        if (s[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

}  // namespace

Expected<std::vector<ShellWord>> splitShellWords(const std::string& s)
{
    std::vector<ShellWord> words;
    std::string cur;
    bool inWord = false;
    bool quoted = false;  // the current word has quoted parts (a "2" before ">" is then no file descriptor)
    int start = 0;
    auto flush = [&] {
        if (inWord)
            words.push_back({cur, false, start});
        cur.clear();
        inWord = false;
        quoted = false;
    };
    auto begin = [&](size_t i) {
        if (!inWord) {
            inWord = true;
            start = static_cast<int>(i);
        }
    };
    auto unclosed = [&](size_t at, const char* which) -> Error {
        const auto [line, column] = lineColumn(s, at);
        return Error{"import.quote",
                     std::string("the ") + which + " quote at line " + std::to_string(line) + ", column " +
                         std::to_string(column) + " is not closed",
                     {}, line, column};
    };
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        const char tq = typographicQuote(s, i);
        if (!inWord && c == '#') {
            while (i + 1 < s.size() && s[i + 1] != '\n')
                ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') {
            flush();
            continue;
        }
        if (c == '\n') {
            flush();
            words.push_back({"\n", true, static_cast<int>(i)});
            continue;
        }
        if (c == '\\') {
            if (i + 1 < s.size() && s[i + 1] == '\n') {
                ++i;
                continue;
            }
            if (i + 2 < s.size() && s[i + 1] == '\r' && s[i + 2] == '\n') {
                i += 2;
                continue;
            }
            begin(i);
            quoted = true;
            // A backslash before a letter, digit, '.', '_' or '-' escapes nothing a POSIX user would escape:
            // it is a Windows path ("models\\detect\\x.yaml") and stays.
            if (i + 1 < s.size() && (std::isalnum(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '.' ||
                                     s[i + 1] == '_' || s[i + 1] == '-')) {
                cur += c;
                continue;
            }
            if (i + 1 < s.size())
                cur += s[++i];
            continue;
        }
        if ((c == '^' || c == '`') && foreignContinuation(s, i) != std::string::npos) {
            i = foreignContinuation(s, i);
            continue;
        }
        if (c == '\'' || c == '"' || tq) {
            // '...' keeps every character; "..." drops the backslash of \" \\ \$ \` and joins lines.
            const char kind = tq ? tq : c;
            begin(i);
            quoted = true;
            const size_t open = i;
            i += tq ? 3 : 1;
            bool closed = false;
            for (; i < s.size(); ++i) {
                if (s[i] == kind || typographicQuote(s, i) == kind) {
                    if (typographicQuote(s, i))
                        i += 2;
                    closed = true;
                    break;
                }
                if (kind == '"' && s[i] == '\\' && i + 1 < s.size() &&
                    std::string_view("\n\"\\$`").find(s[i + 1]) != std::string_view::npos) {
                    if (s[i + 1] != '\n')
                        cur += s[i + 1];
                    ++i;
                    continue;
                }
                cur += s[i];
            }
            if (!closed)
                return unclosed(open, kind == '"' ? "double" : "single");
            continue;
        }
        if (isOperatorChar(c)) {
            std::string op;
            int opStart = static_cast<int>(i);
            // "2>" and "2>&1": a word of digits right before a redirection is its file descriptor.
            if ((c == '<' || c == '>') && inWord && !quoted && !cur.empty() &&
                std::all_of(cur.begin(), cur.end(), [](unsigned char d) { return std::isdigit(d); })) {
                op = cur;
                opStart = start;
                cur.clear();
                inWord = false;
            }
            flush();
            op += c;
            if (c == '&' || c == '|') {
                if (i + 1 < s.size() && (s[i + 1] == c || (c == '|' && s[i + 1] == '&') || (c == '&' && s[i + 1] == '>')))
                    op += s[++i];
                if (op == "&>" && i + 1 < s.size() && s[i + 1] == '>')
                    op += s[++i];
            } else if (c == '<' || c == '>') {
                if (i + 1 < s.size() && (s[i + 1] == c || s[i + 1] == '&' || s[i + 1] == '|'))
                    op += s[++i];
                if (op.back() == '&') {
                    while (i + 1 < s.size() && (std::isdigit(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '-'))
                        op += s[++i];
                }
            } else if (c == ';' && i + 1 < s.size() && s[i + 1] == ';') {
                op += s[++i];
            }
            words.push_back({op, true, opStart});
            continue;
        }
        begin(i);
        cur += c;
    }
    flush();
    return words;
}

std::string shellQuote(const std::string& word)
{
    if (word.empty())
        return "''";
    const bool plain = std::all_of(word.begin(), word.end(), [](unsigned char c) {
        return std::isalnum(c) || c >= 0x80 || std::string_view("_@%+=:,./-").find(static_cast<char>(c)) !=
                                                     std::string_view::npos;
    });
    if (plain)
        return word;
    std::string out = "'";
    for (char c : word) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

}  // namespace ys
