#pragma once
// A command line as a POSIX shell splits it into words, for commands users paste (import/commandimport.h).
// Nothing is run or expanded. Plain C++; any thread.

#include "common/error.h"

#include <string>
#include <vector>

namespace ys {

// One word of a command line with the shell's quoting removed.
struct ShellWord {
    std::string text;  // the word: quotes and escapes removed, nothing expanded ($HOME stays as written)
    bool op = false;   // an unquoted control operator or redirection: ";" (also an unescaped newline), "&&",
                       // "||", "|", "&", ">", ">>", "<", "2>", "2>&1", ...
    int offset = 0;    // 0-based byte offset of the word's first character in the text
};

// Splits `text` as a POSIX shell splits a command line: blanks separate words; '...' keeps its characters;
// "..." keeps them except that \" \\ \$ \` and backslash-newline are escapes; outside quotes a backslash
// escapes the next character and backslash-newline joins lines (so does a trailing ^ or ` , as commands
// copied from cmd.exe or PowerShell have them); `#` at the start of a word comments out the rest of the line.
// Unlike a shell, a backslash before a letter, digit, '.', '_' or '-' stays: no one escapes those, and
// Windows paths (models\detect\yolov9-s.yaml) have them.
// Typographic quotes (“ ” ‘ ’) count as the ASCII ones, as a command copied from a web page has them.
// Error "import.quote" (with the 1-based line and column of the quote) when a quote is not closed.
Expected<std::vector<ShellWord>> splitShellWords(const std::string& text);
// `word` as a shell reads it back as one word: unchanged when it has no special characters, else quoted.
std::string shellQuote(const std::string& word);

}  // namespace ys
