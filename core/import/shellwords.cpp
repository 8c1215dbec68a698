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

// splitShellWords' state: the words so far and the one being read; each part of the syntax is one method, which
// returns the index of the last character it consumed.
class ShellSplitter {
public:
    explicit ShellSplitter(const std::string& s) : s_(s) {}

    Expected<std::vector<ShellWord>> run()
    {
        for (size_t i = 0; i < s_.size(); ++i) {
            const char c = s_[i];
            if (!inWord_ && c == '#') {
                while (i + 1 < s_.size() && s_[i + 1] != '\n')
                    ++i;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                flush();
            } else if (c == '\n') {
                flush();
                words_.push_back({"\n", true, static_cast<int>(i)});
            } else if (c == '\\') {
                i = backslash(i);
            } else if ((c == '^' || c == '`') && foreignContinuation(s_, i) != std::string::npos) {
                i = foreignContinuation(s_, i);
            } else if (c == '\'' || c == '"' || typographicQuote(s_, i)) {
                auto end = quotedPart(i);
                if (!end)
                    return end.error();
                i = *end;
            } else if (isOperatorChar(c)) {
                i = shellOperator(i);
            } else {
                begin(i);
                cur_ += c;
            }
        }
        flush();
        return words_;
    }

private:
    void flush()
    {
        if (inWord_)
            words_.push_back({cur_, false, start_});
        cur_.clear();
        inWord_ = false;
        quoted_ = false;
    }

    void begin(size_t i)
    {
        if (!inWord_) {
            inWord_ = true;
            start_ = static_cast<int>(i);
        }
    }

    // A line continuation, a Windows path's backslash (kept), or an escaped character.
    size_t backslash(size_t i)
    {
        if (i + 1 < s_.size() && s_[i + 1] == '\n')
            return i + 1;
        if (i + 2 < s_.size() && s_[i + 1] == '\r' && s_[i + 2] == '\n')
            return i + 2;
        begin(i);
        quoted_ = true;
        // A backslash before a letter, digit, '.', '_' or '-' escapes nothing a POSIX user would escape: it is a
        // Windows path ("models\\detect\\x.yaml") and stays.
        if (i + 1 < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i + 1])) || s_[i + 1] == '.' ||
                                  s_[i + 1] == '_' || s_[i + 1] == '-')) {
            cur_ += '\\';
            return i;
        }
        if (i + 1 < s_.size())
            cur_ += s_[++i];
        return i;
    }

    // '...' keeps every character; "..." drops the backslash of \" \\ \$ \` and joins lines; typographic
    // quotes pair as their ASCII kind.
    Expected<size_t> quotedPart(size_t i)
    {
        const char tq = typographicQuote(s_, i);
        const char kind = tq ? tq : s_[i];
        begin(i);
        quoted_ = true;
        const size_t open = i;
        for (i += tq ? 3 : 1; i < s_.size(); ++i) {
            if (s_[i] == kind || typographicQuote(s_, i) == kind)
                return typographicQuote(s_, i) ? i + 2 : i;
            if (kind == '"' && s_[i] == '\\' && i + 1 < s_.size() &&
                std::string_view("\n\"\\$`").find(s_[i + 1]) != std::string_view::npos) {
                if (s_[i + 1] != '\n')
                    cur_ += s_[i + 1];
                ++i;
                continue;
            }
            cur_ += s_[i];
        }
        const auto [line, column] = lineColumn(s_, open);
        return Error{"import.quote",
                     std::string("the ") + (kind == '"' ? "double" : "single") + " quote at line " +
                         std::to_string(line) + ", column " + std::to_string(column) + " is not closed",
                     {}, line, column};
    }

    // An operator word: && || |& ; ;; ( ) and redirections (with a file descriptor before them, and &N after).
    size_t shellOperator(size_t i)
    {
        const char c = s_[i];
        std::string op;
        int opStart = static_cast<int>(i);
        // "2>" and "2>&1": a word of digits right before a redirection is its file descriptor.
        if ((c == '<' || c == '>') && inWord_ && !quoted_ && !cur_.empty() &&
            std::all_of(cur_.begin(), cur_.end(), [](unsigned char d) { return std::isdigit(d); })) {
            op = cur_;
            opStart = start_;
            cur_.clear();
            inWord_ = false;
        }
        flush();
        op += c;
        if (c == '&' || c == '|') {
            if (i + 1 < s_.size() && (s_[i + 1] == c || (c == '|' && s_[i + 1] == '&') || (c == '&' && s_[i + 1] == '>')))
                op += s_[++i];
            if (op == "&>" && i + 1 < s_.size() && s_[i + 1] == '>')
                op += s_[++i];
        } else if (c == '<' || c == '>') {
            if (i + 1 < s_.size() && (s_[i + 1] == c || s_[i + 1] == '&' || s_[i + 1] == '|'))
                op += s_[++i];
            if (op.back() == '&') {
                while (i + 1 < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i + 1])) || s_[i + 1] == '-'))
                    op += s_[++i];
            }
        } else if (c == ';' && i + 1 < s_.size() && s_[i + 1] == ';') {
            op += s_[++i];
        }
        words_.push_back({op, true, opStart});
        return i;
    }

    const std::string& s_;
    std::vector<ShellWord> words_;
    std::string cur_;
    bool inWord_ = false;
    bool quoted_ = false;   // the current word has quoted parts (a "2" before ">" is then no file descriptor)
    int start_ = 0;
};

}  // namespace

Expected<std::vector<ShellWord>> splitShellWords(const std::string& s)
{
    return ShellSplitter(s).run();
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
