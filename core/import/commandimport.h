#pragma once
// Bring your own command: a training command line as users have it (YOLOv5 / YOLOv7 / YOLOv9 `train.py`,
// `train_dual.py`, ... with their flags, an Ultralytics `yolo detect train key=value ...` line, or Ultralytics'
// Python API: `model = YOLO("yolov8n.pt")` and `model.train(data=..., epochs=...)`) read into
// the studio's settings (Ultralytics' key names, TrainConfig), with where each value came from and what could
// not be carried over and why. The words are split as a POSIX shell splits them (nothing is run, nothing
// expanded; Python is read for literal values, import/pythoncalls.h, never run). Files the command names are only looked at: the --hyp file is read through ConfigFile,
// --cfg is compared with the built-in models. Plain C++ (no torch, no Qt); any thread; a call takes well
// under a millisecond plus the hyp file's read.

#include "common/config.h"
#include "common/error.h"
#include "import/shellwords.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ys {

// A note or a reason as a code with arguments, so a GUI translates it by code; importNoteCodes() lists
// every code with its English text.
struct ImportNote {
    std::string code;               // stable, e.g. "import.unknown_flag"
    std::vector<std::string> args;  // values for the text's {0}, {1}, ...
};
struct ImportNoteCode {
    const char* code;
    const char* text;  // English, {N} = argument N
};
const std::vector<ImportNoteCode>& importNoteCodes();
// The English sentence of a note; an unknown code gives the code and its arguments.
std::string importNoteText(const ImportNote& note);
// Whether a whole-command note warns that a run of the import would not train here as the command did (a GPU
// this machine lacks): a GUI shows these first and marked.
bool isImportWarning(const ImportNote& note);

// A setting the command sets.
struct ImportedSetting {
    std::string key;     // a configKeys() name
    std::string value;   // as TrainConfig::get() writes it (what TrainConfig::set() reads back)
    std::string source;  // what set it, as the command spells it: "--img 640", "--batch=32", "epochs=3",
                         // "--hyp hyp.scratch-high.yaml", or the script itself for its own default
    std::vector<ImportNote> notes;  // why it maps the way it does, where that is not one-to-one
};

// Something of the command that is not carried over.
struct SkippedItem {
    std::string item;    // the words as the command has them: "--sync-bn", "--cache disk", "obj, anchor_t"
    ImportNote reason;
    // "import.bad_value": TrainConfig's reason for the value (its English text is reason.args[1]).
    std::optional<ConfigProblem> problem;
};

struct CommandImportOptions {
    // The folder the command ran in: relative paths of the command (--hyp, --cfg, --data, the script) are
    // looked up there and written as absolute paths. Empty = the current folder, paths kept as written.
    // A leading `cd DIR &&` in the command moves it.
    std::string workingDir;
    // The model names `model=` takes without a file (model/model.h builtinModels(): "yolov8n.yaml", ...,
    // "yolov9s.yaml"): YOLOv9's `--cfg models/detect/yolov9-s.yaml` maps to one of them. Empty: a --cfg or
    // model= file is mapped only when it exists.
    std::vector<std::string> builtinModels;
    // Values of the keys the command does not set (TrainConfig's defaults, or the form being filled). The
    // base's stages are cleared when the command sets epochs, imgsz or batch (its run is one stage; the note
    // "import.stages_cleared" says so): they would otherwise override those values.
    TrainConfig base;
    // The `device=` values of the machine the run is for (memory::listDevices() ids: "cpu", "0", ...). When
    // given, the GPUs the command names that are not among them get a note ("import.device_missing"); empty =
    // not checked (the command is for another machine, or the list is not known yet). The caller lists them
    // (that may start CUDA: not on a GUI thread); the import itself never asks the driver.
    std::vector<std::string> machineDevices;
};

struct CommandImport {
    enum class Style {
        TrainScript,  // python [launcher] train*.py --flag value ...
        Ultralytics,  // yolo [task] train key=value ...
        Python,       // model = YOLO("yolov8n.pt"); model.train(key=value, ...) (Ultralytics' Python API)
    };
    Style style = Style::TrainScript;
    std::string program;   // "train_dual.py", "segment/train.py", "yolo", "model.train()"
    std::string dialect;   // "YOLOv5", "YOLOv7", "YOLOv9" (by script name and flags) or "Ultralytics"
    std::string command;   // the training command's words, each shellQuote()d, joined by spaces (Python: its
                           // statements as written, "; " between them)
    TrainConfig config;    // options.base with every mapped setting
    std::vector<ImportedSetting> mapped;  // in the order they apply; a key set again appears once, last value
    std::vector<SkippedItem> skipped;     // in command order
    std::vector<ImportNote> notes;        // about the command as a whole (launcher processes, GPUs, ...);
                                          // isImportWarning() tells the ones a run here would fail on

    // The mapped keys with their values (as set() reads them), in registry order.
    std::vector<std::pair<std::string, std::string>> values() const;
    // An args.yaml of the mapped keys in registry order, each with its source as a comment (its notes as
    // comment lines above it), headed by the command, the notes and what was not imported (as comments):
    // `yolostudio-cli train cfg=FILE` trains with it.
    std::string toYaml() const;
};

// Reads a pasted command line (any number of lines; one of its commands must be a training command), or
// Python code with a `.train(...)` call (the model from `YOLO(...)` and `.load(...)` on it or on the name it
// was assigned to; keyword arguments as yolo's key=value words, the source of each as written).
// Errors: "import.empty" (no words), "import.quote" (a quote not closed), "import.python_syntax" (Python with
// a string or bracket not closed), "import.not_training" (no train*.py script, `yolo ... train` or
// `.train(...)` call; the message says what was found).
Expected<CommandImport> importCommand(const std::string& text, const CommandImportOptions& options = {});
// The same from words a shell has already split (argv).
Expected<CommandImport> importCommand(const std::vector<std::string>& words, const CommandImportOptions& options = {});

}  // namespace ys
