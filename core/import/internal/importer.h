#pragma once
// The importer behind importCommand (import/commandimport.h): one class, its parts in one file each.
// commandimport.cpp: the public API, finding the training command, applying the values; scriptflags.cpp:
// YOLOv5/v7/v9 training scripts' flags; ultralytics.cpp: `yolo [task] train key=value`; pythonapi.cpp:
// Ultralytics' Python API, `model.train(...)`; values.cpp: what the dialects share (words, paths, model and
// settings files, imgsz, device). Included by core/import's .cpp files only. Plain C++.

#include "import/commandimport.h"
#include "import/pythoncalls.h"
#include "import/shellwords.h"

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ys::importer {

namespace fs = std::filesystem;

// ---- words and paths (values.cpp) -----------------------------------------------------------------------------

// The items of a comma-separated list, trimmed, empty ones left out.
std::vector<std::string> splitList(const std::string& text);
bool isNumber(const std::string& w);
// "—img", "–img" (a web page's dashes for "--") as "--img".
std::string asciiDashes(const std::string& w);
// A path as this system spells it: a Windows path's backslashes as slashes ("models\\detect\\x.yaml").
std::string portablePath(std::string path);
fs::path expandHome(const std::string& given);
fs::path resolveFrom(const fs::path& base, const std::string& p);
bool isFile(const fs::path& p);
std::string fileNameOf(const std::string& path);
std::string stemOf(const std::string& path);

// ---- the dialects' tables -------------------------------------------------------------------------------------

// '_' and '-' are the same in option names here (YOLOv5 spells some with '_', torch passes --local-rank).
std::string optionKey(const std::string& name);  // scriptflags.cpp
struct ScriptOption;                             // scriptflags.cpp
// Why an Ultralytics trainer key that is not a YOLO Studio setting does not carry over; nullptr for the others.
// `task`, when given: the task of a key that only other tasks' models use ("import.task_only"), else nullptr.
const char* ultralyticsOnlyReason(const std::string& key, const char** task = nullptr);  // ultralytics.cpp
// Whether `key` is a key of Ultralytics' `yolo` command (a studio setting or not), for joining lines.
bool isUltralyticsKey(const std::string& key);  // ultralytics.cpp
// Whether `yolo [task] [mode] key=value ...` (words[program] is `yolo`) trains.
bool ultralyticsTrains(const std::vector<std::string>& words, size_t program);  // ultralytics.cpp
// Whether chain `c` calls `.train(...)`; `at`: the index of its "train" link.
bool isTrainCall(const PyChain& c, size_t& at);  // pythonapi.cpp

// ---- the importer ---------------------------------------------------------------------------------------------

// One command of the line: words between control operators.
struct Segment {
    std::vector<std::string> words;
    std::string endOp;                 // the operator after it ("" at the end)
    std::vector<std::string> redirects;  // its redirections, as written ("> log.txt", "2>&1")
};

// A value for a key, applied after the hyp file (flags win over it), in command order.
struct Assign {
    std::string key;
    std::string value;
    std::string source;
    std::vector<ImportNote> notes;
    bool quiet = false;  // from a file or a script's default: a word of the command may override it unsaid
};

class Importer {
public:
    explicit Importer(const CommandImportOptions& options) : opt_(options)
    {
        std::error_code ec;
        base_ = options.workingDir.empty() ? fs::current_path(ec) : resolveFrom(fs::current_path(ec), options.workingDir);
        absolutePaths_ = !options.workingDir.empty();
        r_.config = options.base;
    }

    Expected<CommandImport> run(std::vector<ShellWord> words);
    // A Python snippet with `model.train(...)` (Ultralytics' Python API; pythonapi.cpp).
    Expected<CommandImport> runPython(const std::vector<PyChain>& chains);

private:
    // Commands and the training command among them (commandimport.cpp).
    std::vector<Segment> segments(const std::vector<ShellWord>& words) const;
    std::optional<Error> findTraining(std::vector<Segment>& segs, size_t& index, std::vector<std::string>& cmd);
    // The index of the .py script of the command whose program is words[program] (words.size() when there is
    // none); `ultralytics`: the program is Ultralytics' `yolo`.
    size_t scriptIndex(const std::vector<std::string>& words, size_t program, bool& ultralytics);
    size_t launcherOptions(const std::vector<std::string>& words, size_t from);
    void startScript(const std::string& script);
    // Lines after segs[index] that carry on with options (no trailing backslash) joined to it and to `cmd`.
    void joinContinuations(std::vector<Segment>& segs, size_t index, std::vector<std::string>& cmd);

    // YOLOv5/v7/v9 scripts (scriptflags.cpp).
    void readScript(const std::vector<std::string>& args);
    void scriptOption(const ScriptOption& o, const std::vector<std::string>& values, const std::string& source);
    void scriptSwitch(const ScriptOption& o, const std::vector<std::string>& values, const std::string& source);
    std::string dialect() const;
    bool knownScript() const;
    void applyHyp();
    void applyModel();
    void applyScriptDefaults();

    // Ultralytics (ultralytics.cpp).
    void readUltralytics(const std::vector<std::string>& args);
    // key=value words with the text each is shown by ("epochs=3" from the shell, `data="coco.yaml"` from
    // Python); `shell`: a '$' is a shell variable.
    void readUltralyticsWords(const std::vector<std::pair<std::string, std::string>>& words, bool shell);
    // model= and pretrained= (value, source), once the other words are read.
    void ultralyticsModel(const std::optional<std::pair<std::string, std::string>>& model,
                          const std::optional<std::pair<std::string, std::string>>& pretrained);
    void ultralyticsKey(const std::string& key, const std::string& value, const std::string& source);
    // Ultralytics 8.4's keys whose mapping depends on their value (amp, nms, compile, channels_last,
    // multi_scale, fraction, cls_pw, cls_remap, quantize, distill_model, split, ...); false for the others.
    bool ultralyticsValueKey(const std::string& key, const std::string& value, const std::string& source);
    void ultralyticsFraction(const std::string& value, const std::string& source);
    // The multi_scale=VALUE words' pixel ranges, once imgsz is known (at the end of the words).
    void ultralyticsMultiScale();

    // Ultralytics' Python API (pythonapi.cpp).
    // A call's arguments as key=value words (with the text each is shown by); `**name` of a dict made before
    // chain `before` is expanded, anything else that is no literal keyword argument is skipped with its reason.
    void pythonArguments(const std::vector<PyArgument>& args, const std::vector<PyChain>& chains, size_t before,
                         std::vector<std::pair<std::string, std::string>>& words, int depth = 0);
    // The model `receiver` makes (YOLO(...), .load(...), DetectionTrainer(overrides=...)) as key=value words.
    void pythonModel(const std::vector<PyLink>& receiver, const std::string& receiverText,
                     const std::vector<PyChain>& chains, size_t train,
                     std::vector<std::pair<std::string, std::string>>& words);

    // Shared value rules (values.cpp).
    void imgsz(const std::vector<std::string>& values, const std::string& source);
    void device(const std::string& value, const std::string& source);
    // Ultralytics' device=-1 (the most idle GPU, each -1 one more) as GPUs of this machine, with a note.
    void idleGpus(std::vector<std::string>& devices, const std::string& source, std::vector<ImportNote>& notes) const;
    void pathValue(const std::string& key, const std::string& value, const std::string& source);
    std::optional<std::string> builtinModel(const std::string& path) const;
    std::string modelExample() const;
    void modelFile(const std::string& value, const std::string& source, bool script);
    void loadSettingsFile(const fs::path& path, const std::string& source, bool anchorGains);
    std::string shown(const std::string& path) const;
    fs::path lookFor(const std::string& name, const std::vector<fs::path>& folders, std::string* lookedIn) const;

    // Applying (commandimport.cpp).
    void assign(const std::string& key, const std::string& value, const std::string& source,
                std::vector<ImportNote> notes = {});
    bool set(const Assign& a);
    void applyAll();  // the file's values, then the command's, checked; then the notes on the whole command
    void skip(const std::string& item, const std::string& code, std::vector<std::string> args = {});
    void validateMapped();
    void clearBaseStages();    // the base's stages go when the command sets epochs, imgsz or batch
    void wholeCommandNotes();

    const CommandImportOptions& opt_;
    CommandImport r_;
    fs::path base_;               // where relative paths are looked up
    bool absolutePaths_ = false;  // relative paths are written joined to base_ (a folder was named)
    fs::path scriptDir_;
    std::string visibleDevices_;  // CUDA_VISIBLE_DEVICES, when set
    bool visibleSet_ = false;
    int processes_ = 1;           // launcher processes (torchrun --nproc_per_node x --nnodes)
    int nprocPerNode_ = 1;        // torchrun --nproc_per_node
    int nnodes_ = 1;              // torchrun --nnodes
    std::string nprocSource_;     // "--nproc_per_node 2" as the command has it
    int gpus_ = 1;                // GPUs of --device 0,1,2
    bool linesJoined_ = false;
    // Ultralytics' multi_scale=VALUE words: the range, the source, and where in skipped the line goes.
    struct MultiScale {
        double range = 0;
        std::string source;
        size_t at = 0;
    };
    std::vector<MultiScale> multiScale_;

    // Script options seen (for the dialect, the defaults and the model).
    std::set<char> only_;
    std::set<std::string> given_;   // keys a flag set
    std::optional<std::pair<std::string, std::string>> cfg_, weights_, hyp_;  // value, source
    std::vector<Assign> assigns_;
    std::vector<Assign> fileAssigns_;  // the hyp file's (or Ultralytics cfg='s) values, applied first
    std::set<std::string> quiet_;      // mapped keys whose value came from a file or a default
};

}  // namespace ys::importer
