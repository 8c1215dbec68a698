#pragma once
// Calls in a pasted Python snippet, for the Ultralytics Python API users paste (`model = YOLO("yolov8n.pt")`,
// `model.train(data="coco128.yaml", epochs=50)`; import/commandimport.h). Nothing is run or evaluated: literal
// values (strings, numbers, True/False/None, lists and tuples of them) are read, anything else is kept as text.
// Plain C++; any thread.

#include "common/error.h"

#include <optional>
#include <string>
#include <vector>

namespace ys {

// One argument of a call.
struct PyArgument {
    std::string name;  // the keyword; empty for a positional argument; "*" or "**" for an unpacked one
    std::string text;  // the argument as written, blanks and line breaks collapsed ("epochs=50", "**cfg")
    // The value when it is a literal, as Ultralytics' command line spells it: a string's characters, a number
    // as written, True/False/None, "[a,b]" for a list or tuple; nullopt for any other expression.
    std::optional<std::string> literal;
};

// One link of an expression chain: a name (`ultralytics.YOLO` gives two) or a call of what precedes it.
struct PyLink {
    std::string name;  // empty for a call
    bool call = false;
    std::vector<PyArgument> args;  // a call's arguments
};

// An expression chain such as `YOLO("x.yaml").load("x.pt").train(epochs=3)` or `model.train(...)`; chains
// inside a call's arguments are chains of their own, after the chain that holds them.
struct PyChain {
    std::vector<PyLink> links;
    std::string assignedTo;  // `name = <chain>`: the name; else empty. `name = {"k": v, ...}` is a chain of
                             // its own: dict(k=v, ...) (a key that is no string: a positional argument)
    std::string text;        // the chain as written, blanks collapsed
    int line = 0;            // 1-based line of its first character
};

// The chains of `source` in the order they begin. Error "import.python_syntax" (with the 1-based line) for a
// string or bracket that is not closed.
Expected<std::vector<PyChain>> readPythonChains(const std::string& source);

// Whether `text` reads as Python rather than as a command line: it imports ultralytics, or calls `.train(` on
// something, or makes a model with `YOLO(`.
bool looksLikePython(const std::string& text);

}  // namespace ys
