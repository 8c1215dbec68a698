#include "import/commandimport.h"

#include "common/configfile.h"
#include "common/presets.h"
#include "import/pythoncalls.h"
#include "common/text.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>

namespace ys {
namespace {

namespace fs = std::filesystem;

// Every note and reason of an import, in the order a reader meets them. {N} = argument N.
const std::vector<ImportNoteCode> kNoteCodes = {
    // Why something is not carried over (SkippedItem::reason).
    {"import.unknown_flag", "{0}: no YOLOv5, YOLOv7 or YOLOv9 training script has this option"},
    {"import.unknown_key", "{0}: not a setting of Ultralytics' trainer"},
    {"import.not_for_training", "{0}: a prediction, validation or export setting; training does not use it"},
    {"import.not_supported", "{0}: YOLO Studio has no such setting; the run trains without it"},
    {"import.no_effect", "{0}: does nothing at this value"},
    {"import.multi_gpu", "{0}: set by the launcher in each process; the studio's launcher sets it"},
    {"import.logging_only", "{0}: logging, plots or uploads only; nothing to carry over"},
    {"import.anchor_only", "{0}: concerns the anchors of YOLOv5/YOLOv7 heads; YOLO Studio's heads are anchor-free"},
    {"import.multi_scale", "{0}: trains at 0.5-1.5x the image size; YOLO Studio trains at one size, so the "
                           "original run needed more memory than its image size suggests"},
    {"import.missing_value", "{0}: needs a value"},
    {"import.positional", "{0}: a word that belongs to no option"},
    {"import.bad_value", "{0}: {1}"},
    {"import.overridden", "{0}: set again by {1}; the later value counts"},
    {"import.hyp_not_found", "{0}: file not found (looked in {1})"},
    {"import.hyp_unreadable", "{0}: {1}"},
    {"import.hyp_anchor_gain", "{0}: {1} is a gain of the anchor-based YOLOv5/YOLOv7 loss ({2} has no dfl), not "
                               "of YOLO Studio's loss; left as it was"},
    {"import.file_keys_unused", "{0}: settings of {1} that YOLO Studio does not use"},
    {"import.anchor_model", "{0}: {1} is an anchor-based YOLOv3/v5/v7 model; YOLO Studio builds YOLOv8, YOLO11 and "
                            "YOLOv9 (e.g. {2})"},
    {"import.model_not_found", "{0}: not a built-in model, and no such file was found (looked in {1})"},
    {"import.weights_with_cfg", "{0}: not used: {1} names the architecture, and a run starts either from a model "
                                "YAML (from scratch) or from a checkpoint (fine-tuning), not both; to fine-tune "
                                "from the checkpoint instead, set model to it"},
    {"import.resume_foreign", "{0}: a run of the YOLOv5, YOLOv7 or YOLOv9 repositories cannot be continued by "
                              "YOLO Studio"},
    {"import.task", "{0}: YOLO Studio trains detection models only"},
    {"import.device_auto", "{0}: means the first GPU if there is one, else the CPU; choose the device here"},
    {"import.environment", "{0}: an environment variable, not a setting"},
    {"import.shell_variable", "{0}: holds a shell variable, which is not expanded here"},
    {"import.other_command", "{0}: another command, not part of the training"},
    {"import.shell_rest", "{0}: not part of the training command"},
    {"import.python_expression", "{0}: a Python expression, not evaluated here; only literal values (numbers, "
                                 "strings, True, False, None, lists) are read"},
    {"import.python_model_class", "{0}: a {1} model; YOLO Studio builds YOLOv8, YOLO11 and YOLOv9 models, made "
                                  "with YOLO(...)"},
    {"import.python_model_unknown", "{0}: the pasted code does not make this model (model = YOLO(\"yolov8n.pt\")); "
                                    "the model setting stays as it was"},
    {"import.python_call", "{0}: a call on the model before training; it is not repeated here"},
    // How a value was carried over (ImportedSetting::notes).
    {"import.builtin_model", "{0} is the built-in model {1}"},
    {"import.yolov9_aux", "{0} trains with YOLOv9's auxiliary (PGI) branch; the built-in {1} is Ultralytics' "
                          "YOLOv9 without it: it needs less memory than the original run, and results may differ"},
    {"import.from_scratch", "trained from scratch (no --weights)"},
    {"import.fine_tune", "fine-tunes the weights of {0}"},
    {"import.model_stem", "{0}: Ultralytics reads a model name without an extension as {1}"},
    {"import.repository_model", "{0} is written for the YOLOv9 repository's own code (its DDetect head); YOLO "
                                "Studio reads Ultralytics' layout and may not build it (built in: yolov9t.yaml ... "
                                "yolov9e.yaml)"},
    {"import.repository_checkpoint", "{0} looks like a checkpoint of the YOLOv9 repository; YOLO Studio reads "
                                     "Ultralytics' and its own checkpoints (Ultralytics names them yolov9c.pt)"},
    {"import.not_found_here", "{0} was not found from {1}; the run needs it there"},
    {"import.script_default", "{0}'s own default: the command does not set it"},
    {"import.hyp_builtin", "{0} was not found here: YOLOv9's values of it (preset yolov9-scratch-high) are used"},
    {"import.imgsz_rounded", "{0} rounded up to {1}, a multiple of the largest stride (32), as the original "
                             "trainer does"},
    {"import.imgsz_larger_side", "{0}: a rectangle; training uses the larger side, {1}, as Ultralytics does"},
    {"import.imgsz_test_size", "the second size ({0}) is YOLOv7's test size; validation here uses the training "
                               "size"},
    {"import.device_list", "{0}: one training process per GPU ({1}), started by the studio (or torchrun)"},
    {"import.device_nproc", "{0}: one process per GPU, so device {1}"},
    {"import.sync_bn_one_process", "acts with several processes only; one process trains as without it, as in "
                                   "the original script"},
    {"import.device_visible", "CUDA_VISIBLE_DEVICES={0} makes device {1} the GPU {2}"},
    {"import.batch_fraction", "batch={0}: Ultralytics fits the batch to {0} of the GPU's memory; here batch -1 "
                              "fits it to the memory budget vram={0}"},
    {"import.cache_disk", "no disk cache here; decoded images are kept in RAM instead"},
    {"import.fixed_lr", "--fixed-lr keeps the learning rate at lr0: a linear schedule with lrf 1.0"},
    {"import.save_period_off", "{0}: below 1 means off"},
    // About the command as a whole (CommandImport::notes).
    {"import.batch_split", "batch {1} is the world batch: {0} processes take {2} images each, as in the command"},
    {"import.multi_node", "the command ran on {0} machines: start it on each with yolostudio-cli train nnodes={0} "
                          "node_rank=<the machine's index> master_addr=<the first machine>"},
    {"import.default_hyp_missing", "{0} reads its hyperparameters from {1} by default; the file was not found, so "
                                   "they keep their current values"},
    {"import.lines_joined", "lines that continue the command without a trailing backslash were joined to it"},
};

// ---- words ------------------------------------------------------------------------------------------------

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    std::string item;
    for (char c : text + ",") {
        if (c == ',') {
            if (!trim(item).empty())
                out.push_back(trim(item));
            item.clear();
        } else {
            item += c;
        }
    }
    return out;
}

// The words from `from` on, each shellQuote()d, joined by spaces.
std::string quotedFrom(const std::vector<std::string>& words, size_t from)
{
    std::string out;
    for (size_t i = from; i < words.size(); ++i)
        out += (i > from ? " " : "") + shellQuote(words[i]);
    return out;
}

// ---- paths --------------------------------------------------------------------------------------------------

// A path as this system spells it: a Windows path's backslashes as slashes ("models\\detect\\x.yaml").
std::string portablePath(std::string path)
{
    std::replace(path.begin(), path.end(), '\\', '/');
    return path;
}

std::string homeDir()
{
    const char* home = std::getenv("HOME");
    return home ? home : "";
}

fs::path expandHome(const std::string& given)
{
    const std::string p = portablePath(given);
    if (p == "~")
        return fs::path(homeDir());
    if (startsWith(p, "~/"))
        return fs::path(homeDir()) / p.substr(2);
    return fs::path(p);
}

fs::path resolveFrom(const fs::path& base, const std::string& p)
{
    const fs::path path = expandHome(p);
    if (path.is_absolute() || base.empty())
        return path.lexically_normal();
    return (base / path).lexically_normal();
}

bool isFile(const fs::path& p)
{
    std::error_code ec;
    return !p.empty() && fs::is_regular_file(p, ec);
}

std::string fileNameOf(const std::string& path)
{
    return fs::path(portablePath(path)).filename().string();
}

std::string stemOf(const std::string& path)
{
    return lower(fs::path(fileNameOf(path)).stem().string());
}

// ---- option tables ------------------------------------------------------------------------------------------

// How many values an option of a training script takes (argparse's nargs).
enum class Arity { None, One, Optional, Many };

// What a training script's option does here.
enum class Action {
    Key,        // the value is the setting `key`
    Path,       // the value is a path for the setting `key`
    SetTrue,    // store_true: `key` = true
    SetFalse,   // store_true whose meaning is the setting false: `key` = false
    Cfg, Hyp, Weights, Imgsz, Device, Cache, Resume, Freeze, SavePeriod, Adam, FixedLr,
    Skip,       // known option with no equivalent: `reason`
};

struct ScriptOption {
    const char* names;   // spellings separated by '|', the first is the script's own
    Arity arity;
    Action action;
    const char* key = nullptr;     // Key, Path, SetTrue, SetFalse
    const char* reason = nullptr;  // Skip: an import.* code
    const char* noEffect = nullptr;  // Skip: the value at which the option does nothing
    char only = 0;       // '7' or '9': only YOLOv7's or YOLOv9's scripts have it (tells the dialect)
};

// The options of YOLOv5's train.py (and segment/, classify/), YOLOv7's train.py / train_aux.py and YOLOv9's
// train.py / train_dual.py / train_triple.py, as their argparse parsers declare them.
const std::vector<ScriptOption>& scriptOptions()
{
    using A = Action;
    static const std::vector<ScriptOption> table = {
        {"--weights", Arity::One, A::Weights},
        {"--cfg", Arity::One, A::Cfg},
        {"--data", Arity::One, A::Path, "data"},
        {"--hyp", Arity::One, A::Hyp},
        {"--epochs", Arity::One, A::Key, "epochs"},
        {"--batch-size|--batch", Arity::One, A::Key, "batch"},
        {"--imgsz|--img|--img-size", Arity::Many, A::Imgsz},
        {"--rect", Arity::None, A::SetTrue, "rect"},
        {"--resume", Arity::Optional, A::Resume},
        {"--nosave", Arity::None, A::Skip, nullptr, "import.not_supported"},
        {"--noval", Arity::None, A::SetFalse, "val"},
        {"--notest", Arity::None, A::SetFalse, "val", nullptr, nullptr, '7'},
        {"--noautoanchor", Arity::None, A::Skip, nullptr, "import.anchor_only"},
        {"--noplots", Arity::None, A::Skip, nullptr, "import.logging_only"},
        {"--evolve", Arity::Optional, A::Skip, nullptr, "import.not_supported"},
        {"--evolve-population", Arity::One, A::Skip, nullptr, "import.not_supported"},
        {"--resume-evolve", Arity::One, A::Skip, nullptr, "import.not_supported"},
        {"--bucket", Arity::One, A::Skip, nullptr, "import.logging_only"},
        {"--cache", Arity::Optional, A::Cache},
        {"--cache-images", Arity::None, A::Cache, nullptr, nullptr, nullptr, '7'},
        {"--image-weights", Arity::None, A::Skip, nullptr, "import.not_supported"},
        {"--device", Arity::One, A::Device},
        {"--multi-scale", Arity::None, A::Skip, nullptr, "import.multi_scale"},
        {"--single-cls", Arity::None, A::Skip, nullptr, "import.not_supported"},
        {"--optimizer", Arity::One, A::Key, "optimizer"},
        {"--adam", Arity::None, A::Adam, nullptr, nullptr, nullptr, '7'},
        {"--sync-bn", Arity::None, A::SetTrue, "sync_bn"},
        {"--workers", Arity::One, A::Key, "workers"},
        {"--project", Arity::One, A::Path, "project"},
        {"--name", Arity::One, A::Key, "name"},
        {"--exist-ok", Arity::None, A::SetTrue, "exist_ok"},
        {"--quad", Arity::None, A::Skip, nullptr, "import.not_supported"},
        {"--cos-lr", Arity::None, A::SetTrue, "cos_lr"},
        {"--linear-lr", Arity::None, A::SetFalse, "cos_lr", nullptr, nullptr, '7'},
        {"--flat-cos-lr", Arity::None, A::Skip, nullptr, "import.not_supported", nullptr, '9'},
        {"--fixed-lr", Arity::None, A::FixedLr, nullptr, nullptr, nullptr, '9'},
        {"--label-smoothing", Arity::One, A::Skip, nullptr, "import.not_supported", "0"},
        {"--patience", Arity::One, A::Key, "patience"},
        {"--freeze", Arity::Many, A::Freeze},
        {"--save-period", Arity::One, A::SavePeriod},
        {"--seed", Arity::One, A::Key, "seed"},
        {"--local-rank", Arity::One, A::Skip, nullptr, "import.multi_gpu"},
        {"--min-items", Arity::One, A::Skip, nullptr, "import.not_supported", "0", '9'},
        {"--close-mosaic", Arity::One, A::Key, "close_mosaic", nullptr, nullptr, '9'},
        {"--v5-metric", Arity::None, A::Skip, nullptr, "import.not_supported", nullptr, '7'},
        {"--entity", Arity::One, A::Skip, nullptr, "import.logging_only"},
        {"--upload-dataset", Arity::Optional, A::Skip, nullptr, "import.logging_only"},
        {"--bbox-interval", Arity::One, A::Skip, nullptr, "import.logging_only"},
        {"--artifact-alias", Arity::One, A::Skip, nullptr, "import.logging_only"},
        {"--ndjson-console", Arity::None, A::Skip, nullptr, "import.logging_only"},
        {"--ndjson-file", Arity::None, A::Skip, nullptr, "import.logging_only"},
    };
    return table;
}

// '_' and '-' are the same in option names here (YOLOv5 spells some with '_', torch passes --local-rank).
std::string optionKey(const std::string& name)
{
    std::string k = lower(name);
    std::replace(k.begin(), k.end(), '_', '-');
    return k;
}

std::vector<std::string> spellings(const ScriptOption& o)
{
    std::vector<std::string> out;
    std::string s;
    for (const char* p = o.names;; ++p) {
        if (*p == '|' || *p == '\0') {
            out.push_back(s);
            s.clear();
            if (!*p)
                break;
        } else {
            s += *p;
        }
    }
    return out;
}

// The option `name` names: an exact spelling, else (as argparse allows) an unambiguous prefix of one.
const ScriptOption* findScriptOption(const std::string& name)
{
    const std::string key = optionKey(name);
    const ScriptOption* prefixMatch = nullptr;
    bool ambiguous = false;
    for (const ScriptOption& o : scriptOptions()) {
        for (const std::string& s : spellings(o)) {
            if (s == key)
                return &o;
            if (key.size() > 2 && startsWith(s, key)) {
                if (prefixMatch && prefixMatch != &o)
                    ambiguous = true;
                prefixMatch = &o;
            }
        }
    }
    return ambiguous ? nullptr : prefixMatch;
}

// Ultralytics trainer keys that are not YOLO Studio settings, with why they do not carry over.
struct UltralyticsKey {
    const char* key;
    const char* reason;
};
constexpr UltralyticsKey kUltralyticsOnlyKeys[] = {
    {"time", "import.not_supported"},         {"save", "import.not_supported"},
    {"single_cls", "import.not_supported"},   {"multi_scale", "import.multi_scale"},
    {"overlap_mask", "import.not_supported"}, {"mask_ratio", "import.not_supported"},
    {"dropout", "import.not_supported"},      {"pose", "import.not_supported"},
    {"kobj", "import.not_supported"},         {"label_smoothing", "import.not_supported"},
    {"bgr", "import.not_supported"},          {"copy_paste_mode", "import.not_supported"},
    {"auto_augment", "import.not_supported"}, {"erasing", "import.not_supported"},
    {"crop_fraction", "import.not_supported"}, {"cutmix", "import.not_supported"},
    {"compile", "import.not_supported"},      {"plots", "import.logging_only"},
    {"verbose", "import.logging_only"},       {"profile", "import.logging_only"},
    {"split", "import.not_for_training"},     {"save_json", "import.not_for_training"},
    {"save_hybrid", "import.not_for_training"}, {"half", "import.not_for_training"},
    {"dnn", "import.not_for_training"},       {"source", "import.not_for_training"},
    {"vid_stride", "import.not_for_training"}, {"stream_buffer", "import.not_for_training"},
    {"visualize", "import.not_for_training"}, {"augment", "import.not_for_training"},
    {"agnostic_nms", "import.not_for_training"}, {"retina_masks", "import.not_for_training"},
    {"embed", "import.not_for_training"},     {"show", "import.not_for_training"},
    {"save_frames", "import.not_for_training"}, {"save_txt", "import.not_for_training"},
    {"save_conf", "import.not_for_training"}, {"save_crop", "import.not_for_training"},
    {"show_labels", "import.not_for_training"}, {"show_conf", "import.not_for_training"},
    {"show_boxes", "import.not_for_training"}, {"line_width", "import.not_for_training"},
    {"format", "import.not_for_training"},    {"keras", "import.not_for_training"},
    {"optimize", "import.not_for_training"},  {"int8", "import.not_for_training"},
    {"dynamic", "import.not_for_training"},   {"simplify", "import.not_for_training"},
    {"opset", "import.not_for_training"},     {"workspace", "import.not_for_training"},
    {"nms", "import.not_for_training"},       {"tracker", "import.not_for_training"},
    {"save_dir", "import.not_for_training"},
};

const char* ultralyticsOnlyReason(const std::string& key)
{
    for (const UltralyticsKey& k : kUltralyticsOnlyKeys)
        if (key == k.key)
            return k.reason;
    return nullptr;
}

const std::set<std::string>& ultralyticsTasks()
{
    static const std::set<std::string> tasks = {"detect", "segment", "classify", "pose", "obb"};
    return tasks;
}

const std::set<std::string>& ultralyticsModes()
{
    static const std::set<std::string> modes = {"train", "val", "predict", "export", "track", "benchmark"};
    return modes;
}

// `yolo` words that are commands of their own, not a mode.
const std::set<std::string>& ultralyticsSpecial()
{
    static const std::set<std::string> special = {"help",  "checks", "version", "settings", "cfg",   "copy-cfg",
                                                  "login", "logout", "hub",     "solutions", "explorer",
                                                  "streamlit-predict"};
    return special;
}

// An anchor-based YOLOv3/v4/v5/v7/YOLOR model name ("yolov5s", "yolov7-tiny", "yolov5s6"); Ultralytics'
// anchor-free "yolov5su" is not one.
bool isAnchorModel(const std::string& stem)
{
    static const std::regex anchor("^(yolov[3457]|yolor).*");
    static const std::regex anchorFree("^yolov5[nsmlx]6?u$");
    return std::regex_match(stem, anchor) && !std::regex_match(stem, anchorFree);
}

// What a model YAML of the user's own is written for: anchor boxes listed (`anchors: [[10,13, ...], ...]`,
// YOLOv5/YOLOv7; YOLOv9's files keep a vestigial `anchors: 3`), or the YOLOv9 repository's own heads
// (DDetect, DualDDetect, TripleDDetect: Ultralytics' layout says Detect).
enum class ModelYamlKind { Ultralytics, AnchorBased, Yolov9Repository };
ModelYamlKind modelYamlKind(const fs::path& path)
{
    try {
        const YAML::Node root = YAML::LoadFile(path.string());
        if (!root.IsMap())
            return ModelYamlKind::Ultralytics;
        if (root["anchors"] && root["anchors"].IsSequence())
            return ModelYamlKind::AnchorBased;
        if (root["head"] && root["head"].IsSequence())
            for (const YAML::Node& layer : root["head"])
                if (layer.IsSequence() && layer.size() >= 3 && layer[2].IsScalar() &&
                    layer[2].Scalar().find("DDetect") != std::string::npos)
                    return ModelYamlKind::Yolov9Repository;
        return ModelYamlKind::Ultralytics;
    } catch (const YAML::Exception&) {
        return ModelYamlKind::Ultralytics;  // the trainer says what is wrong with it
    }
}

bool isEnvAssignment(const std::string& w)
{
    static const std::regex env("^[A-Za-z_][A-Za-z0-9_]*=.*");
    return std::regex_match(w, env);
}

bool isPython(const std::string& program)
{
    static const std::regex python(R"(^(python[0-9.]*|py)(\.exe)?$)", std::regex::icase);
    return std::regex_match(fileNameOf(program), python);
}

bool isNumber(const std::string& w)
{
    if (w.empty())
        return false;
    char* end = nullptr;
    std::strtod(w.c_str(), &end);
    return end && *end == '\0';
}

// A word that starts an option ("--x", "-x"), not a negative number.
bool isOptionLike(const std::string& w)
{
    return w.size() > 1 && w[0] == '-' && !isNumber(w);
}

// "—img", "–img" (a web page's dashes for "--") as "--img".
std::string asciiDashes(const std::string& w)
{
    for (const char* dash : {"\xE2\x80\x94", "\xE2\x80\x93"}) {  // em dash, en dash
        if (startsWith(w, dash)) {
            std::string rest = w.substr(3);
            if (startsWith(rest, "-"))
                rest = rest.substr(1);
            return "--" + rest;
        }
    }
    return w;
}

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
    // A Python snippet with `model.train(...)` (Ultralytics' Python API).
    Expected<CommandImport> runPython(const std::vector<PyChain>& chains);

private:
    // Commands and the training command among them.
    std::vector<Segment> segments(const std::vector<ShellWord>& words) const;
    std::optional<Error> findTraining(std::vector<Segment>& segs, size_t& index, std::vector<std::string>& cmd);
    size_t launcherOptions(const std::vector<std::string>& words, size_t from);

    // YOLOv5/v7/v9 scripts.
    void readScript(const std::vector<std::string>& args);
    void scriptOption(const ScriptOption& o, const std::vector<std::string>& values, const std::string& source);
    std::string dialect() const;
    bool knownScript() const;
    void applyHyp();
    void loadSettingsFile(const fs::path& path, const std::string& source, bool anchorGains);
    void applyModel();
    void applyScriptDefaults();

    // Ultralytics.
    void readUltralytics(const std::vector<std::string>& args);
    // key=value words with the text each is shown by ("epochs=3" from the shell, `data="coco.yaml"` from
    // Python); `shell`: a '$' is a shell variable.
    void readUltralyticsWords(const std::vector<std::pair<std::string, std::string>>& words, bool shell);
    // A call's arguments as key=value words (with the text each is shown by); `**name` of a dict made before
    // chain `before` is expanded, anything else that is no literal keyword argument is skipped with its reason.
    void pythonArguments(const std::vector<PyArgument>& args, const std::vector<PyChain>& chains, size_t before,
                         std::vector<std::pair<std::string, std::string>>& words, int depth = 0);
    void ultralyticsKey(const std::string& key, const std::string& value, const std::string& source);

    // Shared value rules.
    void imgsz(const std::vector<std::string>& values, const std::string& source);
    void device(const std::string& value, const std::string& source);
    void pathValue(const std::string& key, const std::string& value, const std::string& source);
    std::optional<std::string> builtinModel(const std::string& path) const;
    std::string modelExample() const;
    void modelFile(const std::string& value, const std::string& source, bool script);

    // Applying.
    void assign(const std::string& key, const std::string& value, const std::string& source,
                std::vector<ImportNote> notes = {});
    bool set(const Assign& a);
    void applyAll();  // the file's values, then the command's, checked; then the notes on the whole command
    void skip(const std::string& item, const std::string& code, std::vector<std::string> args = {});
    void validateMapped();
    void wholeCommandNotes();

    std::string shown(const std::string& path) const;
    fs::path lookFor(const std::string& name, const std::vector<fs::path>& folders, std::string* lookedIn) const;

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

    // Script options seen (for the dialect, the defaults and the model).
    std::set<char> only_;
    std::set<std::string> given_;   // keys a flag set
    std::optional<std::pair<std::string, std::string>> cfg_, weights_, hyp_;  // value, source
    std::vector<Assign> assigns_;
    std::vector<Assign> fileAssigns_;  // the hyp file's (or Ultralytics cfg='s) values, applied first
    std::set<std::string> quiet_;      // mapped keys whose value came from a file or a default
};

std::string Importer::shown(const std::string& path) const
{
    if (!absolutePaths_)
        return portablePath(path);
    return resolveFrom(base_, path).string();
}

fs::path Importer::lookFor(const std::string& name, const std::vector<fs::path>& folders, std::string* lookedIn) const
{
    std::vector<std::string> seen;
    const fs::path given = expandHome(name);
    if (given.is_absolute()) {
        if (lookedIn)
            *lookedIn = given.parent_path().string();
        return isFile(given) ? given : fs::path();
    }
    for (const fs::path& folder : folders) {
        if (folder.empty())
            continue;
        const fs::path candidate = (folder / given).lexically_normal();
        const std::string shownFolder = folder.lexically_normal().string();
        if (std::find(seen.begin(), seen.end(), shownFolder) == seen.end())
            seen.push_back(shownFolder);
        if (isFile(candidate))
            return candidate;
    }
    if (lookedIn)
        *lookedIn = join(seen, ", ");
    return {};
}

std::vector<Segment> Importer::segments(const std::vector<ShellWord>& words) const
{
    std::vector<Segment> out(1);
    for (size_t i = 0; i < words.size(); ++i) {
        const ShellWord& w = words[i];
        if (!w.op) {
            out.back().words.push_back(w.text);
            continue;
        }
        const bool redirect = w.text.find_first_of("<>") != std::string::npos;
        if (redirect) {
            std::string text = w.text;
            // "> file", "2> file"; "2>&1" and ">&2" name no file.
            if (text.back() != '&' && !std::isdigit(static_cast<unsigned char>(text.back())) && text.back() != '-' &&
                i + 1 < words.size() && !words[i + 1].op)
                text += " " + shellQuote(words[++i].text);
            out.back().redirects.push_back(text);
            continue;
        }
        out.back().endOp = w.text;
        out.emplace_back();
    }
    while (!out.empty() && out.back().words.empty() && out.back().redirects.empty())
        out.pop_back();
    return out;
}

Expected<CommandImport> Importer::run(std::vector<ShellWord> words)
{
    std::vector<Segment> segs = segments(words);
    size_t index = 0;
    std::vector<std::string> cmd;
    if (segs.empty())
        return Error{"import.empty", "no command given: paste a training command such as python train.py --data "
                                     "data.yaml --epochs 100, or yolo detect train data=data.yaml",
                     {}, 0, 0};
    if (auto err = findTraining(segs, index, cmd))
        return *err;

    if (r_.style == CommandImport::Style::TrainScript) {
        readScript(cmd);
        r_.dialect = dialect();
        applyHyp();
        applyModel();
        applyScriptDefaults();
    } else {
        readUltralytics(cmd);
    }
    applyAll();

    // What follows the training command, and its own redirections, are not part of it.
    std::vector<std::string> rest = segs[index].redirects;
    for (size_t i = index; i < segs.size(); ++i) {
        if (i > index) {
            for (const std::string& w : segs[i].words)
                rest.push_back(shellQuote(w));
            rest.insert(rest.end(), segs[i].redirects.begin(), segs[i].redirects.end());
        }
        const std::string& op = segs[i].endOp;
        if (!op.empty() && op != "\n")
            rest.push_back(op);
        else if (op == "\n" && i + 1 < segs.size())
            rest.push_back(";");
    }
    auto separator = [](const std::string& w) { return w == ";" || w == "&&" || w == "||"; };
    while (!rest.empty() && separator(rest.back()))
        rest.pop_back();
    while (!rest.empty() && separator(rest.front()))
        rest.erase(rest.begin());
    if (!rest.empty())
        skip(join(rest, " "), "import.shell_rest");
    return std::move(r_);
}

size_t Importer::launcherOptions(const std::vector<std::string>& w, size_t k)
{
    // torchrun's (and torch.distributed.run's) own options up to the script; flags without a value.
    static const std::set<std::string> flags = {"--standalone", "--use-env", "--no-python", "--module", "-m"};
    int nproc = 1, nnodes = 1;
    while (k < w.size() && startsWith(w[k], "-")) {
        std::string name = w[k], value;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        } else if (!flags.count(optionKey(name)) && k + 1 < w.size()) {
            value = w[++k];
        }
        if (optionKey(name) == "--nproc-per-node") {
            nproc = std::max(1, std::atoi(value.c_str()));
            nprocSource_ = w[k].find('=') == std::string::npos ? w[k - 1] + " " + value : w[k];
        }
        else if (optionKey(name) == "--nnodes")
            nnodes = std::max(1, std::atoi(value.substr(value.rfind(':') == std::string::npos ? 0 : value.rfind(':') + 1).c_str()));
        ++k;
    }
    processes_ = nproc * nnodes;
    nprocPerNode_ = nproc;
    nnodes_ = nnodes;
    return k;
}

std::optional<Error> Importer::findTraining(std::vector<Segment>& segs, size_t& index, std::vector<std::string>& cmd)
{
    std::vector<std::string> others;
    for (size_t s = 0; s < segs.size(); ++s) {
        std::vector<std::string> w = segs[s].words;
        size_t i = 0;
        // A prompt or a notebook's shell escape before the command: "$ python ...", "!python ...".
        if (i < w.size() && (w[i] == "$" || w[i] == "!" || w[i] == "%"))
            ++i;
        if (i < w.size() && (startsWith(w[i], "!") || startsWith(w[i], "%")) && w[i].size() > 1)
            w[i] = w[i].substr(1);
        std::vector<std::string> env;
        for (; i < w.size(); ++i) {
            if (isEnvAssignment(w[i]))
                env.push_back(w[i]);
            else if (w[i] == "nice" && i + 2 < w.size() && w[i + 1] == "-n")
                i += 2;
            else if (w[i] != "nohup" && w[i] != "time" && w[i] != "exec" && w[i] != "sudo" && w[i] != "env" &&
                     w[i] != "nice")
                break;
        }
        if (i >= w.size())
            continue;
        const std::string program = w[i];
        if (program == "cd" && i + 1 < w.size()) {
            base_ = resolveFrom(base_, w[i + 1]);
            absolutePaths_ = true;
            continue;
        }
        size_t script = w.size();  // index of the .py script, when there is one
        bool ultralytics = false;
        if (isPython(program)) {
            // Interpreter options, then the script or `-m torch.distributed.run|launch` with its options.
            size_t j = i + 1;
            while (j < w.size() && startsWith(w[j], "-") && w[j] != "-m")
                j += (w[j] == "-W" || w[j] == "-X") ? 2 : 1;
            if (j + 1 < w.size() && w[j] == "-m") {
                if (w[j + 1] == "torch.distributed.run" || w[j + 1] == "torch.distributed.launch")
                    script = launcherOptions(w, j + 2);
            } else {
                script = j;
            }
        } else if (lower(fs::path(program).stem().string()) == "torchrun") {
            script = launcherOptions(w, i + 1);
        } else if (endsWith(lower(program), ".py")) {
            script = i;
        } else if (fs::path(program).stem().string() == "yolo" ||
                   (endsWith(lower(program), ".exe") && lower(fs::path(program).stem().string()) == "yolo")) {
            // The executable is `yolo` (`yolo.exe` on Windows, any case there); Python's YOLO is the class.
            ultralytics = true;
        }

        size_t argsFrom = 0;  // the command's own arguments start here
        if (ultralytics) {
            // `yolo [task] [mode] key=value ...`: training unless a mode or a command of its own says otherwise.
            bool training = i + 1 >= w.size() || !ultralyticsSpecial().count(lower(w[i + 1]));
            for (size_t k = i + 1; k < w.size(); ++k) {
                const std::string word = lower(w[k]);
                if ((ultralyticsModes().count(word) && word != "train") ||
                    (startsWith(word, "mode=") && word != "mode=train"))
                    training = false;
            }
            if (!training) {
                others.push_back(quotedFrom(w, i));
                continue;
            }
            r_.style = CommandImport::Style::Ultralytics;
            r_.program = "yolo";
            r_.dialect = "Ultralytics";
            argsFrom = i + 1;
        } else if (script < w.size() && endsWith(lower(w[script]), ".py") &&
                   lower(fileNameOf(w[script])).find("train") != std::string::npos) {
            r_.style = CommandImport::Style::TrainScript;
            scriptDir_ = resolveFrom(base_, w[script]).parent_path();
            // "segment/train.py" names its task; "train_dual.py" is enough for the others.
            const fs::path rel(w[script]);
            const std::string parent = rel.parent_path().filename().string();
            const bool taskFolder = parent == "segment" || parent == "classify" || parent == "detect";
            r_.program = taskFolder ? parent + "/" + rel.filename().string() : rel.filename().string();
            if (parent == "segment" || parent == "classify")
                skip(w[script], "import.task");
            argsFrom = script + 1;
        } else {
            others.push_back(quotedFrom(w, i));
            continue;
        }

        for (const std::string& e : env) {
            if (startsWith(e, "CUDA_VISIBLE_DEVICES=")) {
                visibleDevices_ = e.substr(e.find('=') + 1);
                visibleSet_ = true;
            } else {
                skip(e, "import.environment");
            }
        }
        for (const std::string& o : others)
            skip(o, "import.other_command");

        cmd.assign(w.begin() + static_cast<long>(argsFrom), w.end());
        // Lines after it that carry on with options (no trailing backslash) belong to it.
        index = s;
        auto continues = [&](const Segment& next) {
            if (next.words.empty())
                return false;
            const std::string& first = next.words.front();
            if (r_.style == CommandImport::Style::TrainScript)
                return startsWith(asciiDashes(first), "-");
            const std::string key = lower(first.substr(0, first.find('=')));
            return startsWith(first, "-") ||
                   (first.find('=') != std::string::npos &&
                    (findConfigKey(key) || ultralyticsOnlyReason(key) || key == "model" || key == "cfg" ||
                     key == "pretrained" || key == "task" || key == "mode"));
        };
        while (segs[index].endOp == "\n" && index + 1 < segs.size() && continues(segs[index + 1])) {
            Segment& next = segs[index + 1];
            cmd.insert(cmd.end(), next.words.begin(), next.words.end());
            segs[index].redirects.insert(segs[index].redirects.end(), next.redirects.begin(), next.redirects.end());
            segs[index].endOp = next.endOp;
            segs.erase(segs.begin() + static_cast<long>(index) + 1);
            linesJoined_ = true;
        }
        std::vector<std::string> quoted;
        for (size_t k = i; k < argsFrom; ++k)
            quoted.push_back(shellQuote(w[k]));
        for (const std::string& c : cmd)
            quoted.push_back(shellQuote(c));
        r_.command = join(quoted, " ");
        return std::nullopt;
    }
    const std::string found = others.empty() ? std::string("no command") : "found '" + join(others, "', '") + "'";
    return Error{"import.not_training",
                 "no training command (" + found +
                     "): expected python train.py ..., torchrun ... train_dual.py ... or yolo detect train ...",
                 {}, 0, 0};
}

// ---- YOLOv5 / YOLOv7 / YOLOv9 scripts -------------------------------------------------------------------------

void Importer::readScript(const std::vector<std::string>& args)
{
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string word = asciiDashes(args[i]);
        if (!startsWith(word, "-") || isNumber(word)) {
            skip(args[i], "import.positional");
            continue;
        }
        std::string name = word;
        std::optional<std::string> inlineValue;
        if (const auto eq = word.find('='); eq != std::string::npos) {
            name = word.substr(0, eq);
            inlineValue = word.substr(eq + 1);
        }
        const ScriptOption* o = startsWith(name, "--") ? findScriptOption(name) : nullptr;
        std::vector<std::string> sourceWords = {shellQuote(args[i])};
        std::vector<std::string> values;
        auto takeValue = [&] {
            values.push_back(args[++i]);
            sourceWords.push_back(shellQuote(args[i]));
        };
        if (!o) {
            // argparse would stop here; the values an unknown option seems to take go with it.
            while (i + 1 < args.size() && !isOptionLike(asciiDashes(args[i + 1])))
                takeValue();
            skip(join(sourceWords, " "), "import.unknown_flag");
            continue;
        }
        if (o->only)
            only_.insert(o->only);
        if (inlineValue) {
            values.push_back(*inlineValue);
        } else {
            switch (o->arity) {
            case Arity::None: break;
            case Arity::One:
                if (i + 1 < args.size() && !isOptionLike(asciiDashes(args[i + 1])))
                    takeValue();
                break;
            case Arity::Optional:
                if (i + 1 < args.size() && !startsWith(asciiDashes(args[i + 1]), "-"))
                    takeValue();
                break;
            case Arity::Many:
                while (i + 1 < args.size() && !isOptionLike(asciiDashes(args[i + 1])))
                    takeValue();
                break;
            }
        }
        const std::string source = join(sourceWords, " ");
        if ((o->arity == Arity::One || o->arity == Arity::Many) && values.empty()) {
            skip(source, "import.missing_value");
            continue;
        }
        scriptOption(*o, values, source);
    }
}

void Importer::scriptOption(const ScriptOption& o, const std::vector<std::string>& values, const std::string& source)
{
    const std::string v = values.empty() ? std::string() : values.front();
    if (v.find('$') != std::string::npos) {
        skip(source, "import.shell_variable");
        return;
    }
    auto given = [&](const std::string& key) { given_.insert(key); };
    switch (o.action) {
    case Action::Key:
        given(o.key);
        assign(o.key, v, source);
        return;
    case Action::Path:
        given(o.key);
        pathValue(o.key, v, source);
        return;
    case Action::SetTrue:
    case Action::SetFalse: {
        given(o.key);
        const bool on = o.action == Action::SetTrue;
        if (values.empty()) {
            assign(o.key, on ? "true" : "false", source);
            return;
        }
        // --rect=false: argparse refuses it; read it as meant.
        TrainConfig probe;
        if (auto p = probe.trySet(o.key, v)) {
            r_.skipped.push_back({source, {"import.bad_value", {source, p->toError().message}}, *p});
            return;
        }
        const bool value = *probe.get(o.key) == "true";
        assign(o.key, value == on ? "true" : "false", source);
        return;
    }
    case Action::Cfg: cfg_ = {{v, source}}; return;
    case Action::Weights: weights_ = {{v, source}}; return;
    case Action::Hyp: hyp_ = {{v, source}}; return;
    case Action::Imgsz: imgsz(values, source); return;
    case Action::Device: device(v, source); return;
    case Action::Cache:
        given("cache");
        if (values.empty() || lower(v) == "ram")
            assign("cache", "ram", source);
        else if (lower(v) == "disk")
            assign("cache", "ram", source, {ImportNote{"import.cache_disk", {}}});
        else
            assign("cache", v, source);
        return;
    case Action::Resume: skip(source, "import.resume_foreign"); return;
    case Action::Freeze:
        given("freeze");
        assign("freeze", values.size() == 1 ? v : "[" + join(values, ", ") + "]", source);
        return;
    case Action::SavePeriod: {
        given("save_period");
        char* end = nullptr;
        const long n = std::strtol(v.c_str(), &end, 10);
        if (end && *end == '\0' && !v.empty() && n < 1)
            assign("save_period", "-1", source, {ImportNote{"import.save_period_off", {source}}});
        else
            assign("save_period", v, source);
        return;
    }
    case Action::Adam:
        given("optimizer");
        assign("optimizer", "Adam", source);
        return;
    case Action::FixedLr:
        given("cos_lr");
        assign("cos_lr", "false", source);
        assign("lrf", "1.0", source, {ImportNote{"import.fixed_lr", {}}});
        return;
    case Action::Skip:
        if (o.noEffect && values.size() == 1 && isNumber(v) && std::strtod(v.c_str(), nullptr) == std::strtod(o.noEffect, nullptr))
            skip(source, "import.no_effect", {source});
        else
            skip(source, o.reason, {source});
        return;
    }
}

std::string Importer::dialect() const
{
    const std::string script = lower(fs::path(r_.program).filename().string());
    if (script == "train_dual.py" || script == "train_triple.py")
        return "YOLOv9";
    if (script == "train_aux.py" || only_.count('7'))
        return "YOLOv7";
    if (only_.count('9'))
        return "YOLOv9";
    if (cfg_) {
        const std::string stem = stemOf(cfg_->first);
        if (startsWith(stem, "yolov9") || startsWith(stem, "gelan") ||
            cfg_->first.find("models/detect/") != std::string::npos)
            return "YOLOv9";
        if (startsWith(stem, "yolov7"))
            return "YOLOv7";
    }
    return "YOLOv5";
}

// One of the YOLOv5/v7/v9 repositories' own training scripts, whose defaults this file knows.
bool Importer::knownScript() const
{
    const std::string script = lower(fs::path(r_.program).filename().string());
    return script == "train.py" || script == "train_dual.py" || script == "train_triple.py" || script == "train_aux.py";
}

void Importer::loadSettingsFile(const fs::path& path, const std::string& source, bool anchorGains)
{
    auto file = ConfigFile::load(path.string());
    if (!file) {
        skip(source, "import.hyp_unreadable", {source, file.error().toString()});
        return;
    }
    const std::vector<std::string> keys = file->documentKeys();
    // A hyp file without dfl is of an anchor-based trainer (YOLOv5, YOLOv7): its box and cls gains weigh a
    // different loss (box 0.05 there, 7.5 here) and must not be copied.
    const bool foreignGains = anchorGains && std::find(keys.begin(), keys.end(), "dfl") == keys.end();
    const std::string fileName = path.filename().string();
    std::set<std::string> bad;
    for (const Error& e : file->problems()) {
        const std::string key = startsWith(e.code, "config.") ? e.code.substr(7) : e.code;
        bad.insert(key);
        skip(key + " (" + fileName + ":" + std::to_string(e.line) + ")", "import.bad_value",
             {key + " (" + fileName + ":" + std::to_string(e.line) + ")", e.message});
    }
    for (const std::string& key : keys) {
        if (bad.count(key))
            continue;
        const std::string value = *file->config().get(key);
        if (foreignGains && (key == "box" || key == "cls")) {
            skip(key + ": " + value + " (" + fileName + ")", "import.hyp_anchor_gain",
                 {key + ": " + value + " (" + fileName + ")", key, fileName});
            continue;
        }
        fileAssigns_.push_back({key, value, source, {}});
    }
    std::vector<std::string> unused;
    for (const ConfigFileEntry& e : file->unknownKeys())
        unused.push_back(e.key);
    if (!unused.empty())
        skip(join(unused, ", "), "import.file_keys_unused", {join(unused, ", "), fileName});
}

void Importer::applyHyp()
{
    // Where the scripts keep their hyp files: data/hyps/ (YOLOv5, YOLOv9), data/ (YOLOv7); YOLOv5's
    // check_yaml() also finds a bare file name there.
    const std::vector<fs::path> folders = {base_, scriptDir_, scriptDir_ / "data/hyps", base_ / "data/hyps",
                                           scriptDir_ / "data", base_ / "data"};
    const bool yolov9 = r_.dialect == "YOLOv9";
    auto builtin = [&](const std::string& source, const std::string& name) {
        const ConfigPreset* preset = findPreset("yolov9-scratch-high");
        if (!preset)
            return;
        for (const auto& [key, value] : preset->values)
            fileAssigns_.push_back({key, value, source, {}});
        r_.notes.push_back({"import.hyp_builtin", {name}});
    };
    if (hyp_) {
        const auto& [value, source] = *hyp_;
        if (value.find('$') != std::string::npos) {
            skip(source, "import.shell_variable");
            return;
        }
        std::string lookedIn;
        const fs::path path = lookFor(value, folders, &lookedIn);
        if (!path.empty()) {
            loadSettingsFile(path, source, true);
            return;
        }
        if (yolov9 && lower(fileNameOf(value)) == "hyp.scratch-high.yaml") {
            builtin(source, fileNameOf(value));
            return;
        }
        skip(source, "import.hyp_not_found", {source, lookedIn});
        return;
    }
    // No --hyp: the script's own default file (a script of the user's own has no default we know).
    if (!knownScript())
        return;
    std::string defaultHyp = "data/hyps/hyp.scratch-low.yaml";
    if (yolov9)
        defaultHyp = "data/hyps/hyp.scratch-high.yaml";
    else if (r_.dialect == "YOLOv7")
        defaultHyp = lower(r_.program) == "train_aux.py" ? "data/hyp.scratch.p6.yaml" : "data/hyp.scratch.p5.yaml";
    const fs::path path = lookFor(defaultHyp, {scriptDir_}, nullptr);
    const std::string source = r_.program + " (--hyp " + defaultHyp + ")";
    if (!path.empty())
        loadSettingsFile(path, source, true);
    else if (yolov9)
        builtin(source, fileNameOf(defaultHyp));
    else
        r_.notes.push_back({"import.default_hyp_missing", {r_.program, defaultHyp}});
}

std::optional<std::string> Importer::builtinModel(const std::string& path) const
{
    if (opt_.builtinModels.empty())
        return std::nullopt;
    std::string stem = stemOf(path);
    const std::string ext = lower(fs::path(path).extension().string());
    if (ext != ".yaml" && ext != ".yml")
        return std::nullopt;
    auto has = [&](const std::string& name) {
        return std::find(opt_.builtinModels.begin(), opt_.builtinModels.end(), name) != opt_.builtinModels.end();
    };
    // YOLOv9's repository spells the scale after a hyphen: yolov9-s.yaml is the studio's yolov9s.yaml.
    static const std::regex hyphenated("^(yolov?[0-9]+)-([a-z])$");
    std::smatch m;
    if (std::regex_match(stem, m, hyphenated))
        stem = m.str(1) + m.str(2);
    if (has(stem + ".yaml"))
        return stem + ".yaml";
    if (has(stem + "n.yaml"))  // "yolov8.yaml": the family file, scale n
        return stem + ".yaml";
    return std::nullopt;
}

std::string Importer::modelExample() const
{
    for (const char* name : {"yolov8s.yaml", "yolo11s.yaml"})
        if (std::find(opt_.builtinModels.begin(), opt_.builtinModels.end(), name) != opt_.builtinModels.end())
            return name;
    return opt_.builtinModels.empty() ? std::string("yolov8s.yaml") : opt_.builtinModels.front();
}

// A model YAML or checkpoint named by --cfg / --weights / model=: built in, a file found here, or skipped.
void Importer::modelFile(const std::string& value, const std::string& source, bool script)
{
    const std::string stem = stemOf(value);
    const std::string ext = lower(fs::path(value).extension().string());
    const bool weights = ext == ".pt" || ext == ".pth";
    if (isAnchorModel(stem)) {
        skip(source, "import.anchor_model", {source, fileNameOf(value), modelExample()});
        return;
    }
    std::vector<ImportNote> notes;
    if (!weights) {
        if (auto name = builtinModel(value)) {
            if (lower(value) != *name)
                notes.push_back({"import.builtin_model", {value, *name}});
            static const std::regex yolov9Repo("^yolov9-[a-z]$");
            if (script && std::regex_match(stem, yolov9Repo) && r_.dialect == "YOLOv9")
                notes.push_back({"import.yolov9_aux", {r_.program, *name}});
            if (script && weights_ && trim(weights_->first).empty())
                notes.push_back({"import.from_scratch", {}});
            assign("model", *name, source, notes);
            return;
        }
    }
    std::vector<fs::path> folders = {base_};
    if (script && !weights)
        folders.insert(folders.end(), {scriptDir_, scriptDir_ / "models/detect", scriptDir_ / "models"});
    else if (script)
        folders.push_back(scriptDir_);
    std::string lookedIn;
    const fs::path found = lookFor(value, folders, &lookedIn);
    if (!weights) {
        if (found.empty()) {
            skip(source, "import.model_not_found", {source, lookedIn});
            return;
        }
        const ModelYamlKind kind = modelYamlKind(found);
        if (kind == ModelYamlKind::AnchorBased) {
            skip(source, "import.anchor_model", {source, fileNameOf(value), modelExample()});
            return;
        }
        if (kind == ModelYamlKind::Yolov9Repository)
            notes.push_back({"import.repository_model", {fileNameOf(value)}});
        if (script && weights_ && trim(weights_->first).empty())
            notes.push_back({"import.from_scratch", {}});
        assign("model", absolutePaths_ || found != resolveFrom(base_, value) ? found.string() : portablePath(value), source,
               notes);
        return;
    }
    notes.push_back({"import.fine_tune", {fileNameOf(value)}});
    // The YOLOv9 repository names its checkpoints yolov9-c.pt, gelan-c.pt (Ultralytics': yolov9c.pt).
    static const std::regex repositoryCheckpoint("^(yolov9|gelan)-[a-z].*");
    if (std::regex_match(stem, repositoryCheckpoint))
        notes.push_back({"import.repository_checkpoint", {fileNameOf(value)}});
    std::string written = portablePath(value);
    if (!found.empty())
        written = absolutePaths_ || found != resolveFrom(base_, value) ? found.string() : value;
    else
        notes.push_back({"import.not_found_here", {value, base_.string()}});
    assign("model", written, source, notes);
}

void Importer::applyModel()
{
    if (cfg_ && !trim(cfg_->first).empty()) {
        if (cfg_->first.find('$') != std::string::npos)
            skip(cfg_->second, "import.shell_variable");
        else
            modelFile(cfg_->first, cfg_->second, true);
        // The scripts build the model from --cfg and copy the checkpoint's matching weights into it.
        if (weights_ && !trim(weights_->first).empty())
            skip(weights_->second, "import.weights_with_cfg", {weights_->second, cfg_->second});
        return;
    }
    if (weights_ && !trim(weights_->first).empty()) {
        if (weights_->first.find('$') != std::string::npos)
            skip(weights_->second, "import.shell_variable");
        else
            modelFile(weights_->first, weights_->second, true);
    }
}

void Importer::applyScriptDefaults()
{
    if (!knownScript())
        return;
    // The scripts' own defaults where they differ from Ultralytics' (and so from the studio's): SGD (no
    // "auto"), mosaic to the last epoch (YOLOv9's --close-mosaic defaults to 0, the others have none), and
    // YOLOv7's one-cycle (cosine) schedule unless --linear-lr.
    std::vector<std::pair<std::string, std::string>> defaults = {{"optimizer", "SGD"}, {"close_mosaic", "0"}};
    if (r_.dialect == "YOLOv7")
        defaults.emplace_back("cos_lr", "true");
    for (const auto& [key, value] : defaults) {
        if (given_.count(key))
            continue;
        TrainConfig probe = r_.config;
        probe.set(key, value);
        if (probe.get(key) == opt_.base.get(key))
            continue;  // nothing changes: nothing to say
        assigns_.insert(assigns_.begin(),
                        {key, value, r_.program, {ImportNote{"import.script_default", {r_.program}}}, true});
    }
}

// ---- Ultralytics ------------------------------------------------------------------------------------------------

void Importer::readUltralytics(const std::vector<std::string>& rawArgs)
{
    // As Ultralytics merges them: "key = value", "key= value", "key =value"; leading dashes and a trailing
    // comma are dropped.
    std::vector<std::string> args;
    for (size_t i = 0; i < rawArgs.size(); ++i) {
        std::string w = rawArgs[i];
        if (w == "=" && !args.empty() && i + 1 < rawArgs.size()) {
            args.back() += "=" + rawArgs[++i];
            continue;
        }
        if (endsWith(w, "=") && i + 1 < rawArgs.size() && rawArgs[i + 1].find('=') == std::string::npos) {
            w += rawArgs[++i];
        } else if (startsWith(w, "=") && !args.empty()) {
            args.back() += w;
            continue;
        }
        args.push_back(w);
    }
    std::vector<std::pair<std::string, std::string>> words;
    for (const std::string& raw : args) {
        std::string w = raw;
        while (startsWith(w, "-"))
            w = w.substr(1);
        if (endsWith(w, ","))
            w.pop_back();
        words.emplace_back(w, w.find('=') == std::string::npos ? raw : shellQuote(raw));
    }
    readUltralyticsWords(words, true);
}

void Importer::readUltralyticsWords(const std::vector<std::pair<std::string, std::string>>& words, bool shell)
{
    std::optional<std::pair<std::string, std::string>> model, pretrained, cfgFile;
    for (const auto& [w, shownAs] : words) {
        const std::string& raw = shownAs;
        const auto eq = w.find('=');
        if (eq == std::string::npos) {
            const std::string word = lower(w);
            if (word == "train")
                continue;
            if (ultralyticsTasks().count(word)) {
                if (word != "detect")
                    skip(raw, "import.task", {raw});
                continue;
            }
            skip(raw, "import.positional", {raw});
            continue;
        }
        std::string key = lower(w.substr(0, eq));
        std::replace(key.begin(), key.end(), '-', '_');
        const std::string value = w.substr(eq + 1);
        const std::string& source = shownAs;
        if (shell && value.find('$') != std::string::npos) {
            skip(source, "import.shell_variable");
            continue;
        }
        if (key == "task") {
            if (lower(value) != "detect")
                skip(source, "import.task", {source});
            continue;
        }
        if (key == "mode")
            continue;
        if (key == "model") {
            model = {{value, source}};
            continue;
        }
        if (key == "pretrained") {
            pretrained = {{value, source}};
            continue;
        }
        if (key == "cfg") {
            cfgFile = {{value, source}};
            continue;
        }
        ultralyticsKey(key, value, source);
    }
    if (cfgFile) {
        // Ultralytics: cfg= replaces the defaults, then the other arguments apply over it.
        std::string lookedIn;
        const fs::path path = lookFor(cfgFile->first, {base_}, &lookedIn);
        if (path.empty())
            skip(cfgFile->second, "import.hyp_not_found", {cfgFile->second, lookedIn});
        else
            loadSettingsFile(path, cfgFile->second, false);
    }
    if (model) {
        std::string value = model->first;
        const std::string ext = lower(fs::path(value).extension().string());
        std::vector<ImportNote> notes;
        if (ext.empty() && startsWith(lower(value), "yolo")) {
            notes.push_back({"import.model_stem", {value, value + ".pt"}});
            value += ".pt";
        }
        const size_t before = assigns_.size();
        modelFile(value, model->second, false);
        if (assigns_.size() > before && assigns_.back().key == "model")
            assigns_.back().notes.insert(assigns_.back().notes.begin(), notes.begin(), notes.end());
    }
    if (pretrained) {
        const std::string v = lower(pretrained->first);
        const bool path = endsWith(v, ".pt") || endsWith(v, ".pth");
        const bool modelIsYaml = model && !endsWith(lower(model->first), ".pt");
        if (path && modelIsYaml)
            skip(pretrained->second, "import.weights_with_cfg", {pretrained->second, model->second});
        else if (path)
            skip(pretrained->second, "import.overridden", {pretrained->second, model ? model->second : "model"});
        else
            skip(pretrained->second, "import.no_effect", {pretrained->second});
    }
    // Ultralytics' own rounding and list rules for imgsz are applied in imgsz(); the rest went through set().
}

// ---- Ultralytics' Python API ---------------------------------------------------------------------------------

bool isTrainCall(const PyChain& c, size_t& at)
{
    for (size_t i = 1; i + 1 < c.links.size(); ++i) {
        if (c.links[i].name == "train" && c.links[i + 1].call) {
            at = i;
            return true;
        }
    }
    return false;
}

// The dict that `text` (a `**` or `overrides=` argument's value) names: the last `text = dict(...)` or
// `text = {...}` before chain `before`, or the inline `dict(...)` itself.
const PyChain* dictFor(const std::vector<PyChain>& chains, const std::string& text, size_t before)
{
    const PyChain* found = nullptr;
    for (size_t i = 0; i < chains.size(); ++i) {
        const PyChain& c = chains[i];
        if (c.links.size() != 2 || c.links[0].name != "dict" || !c.links[1].call)
            continue;
        if ((i < before && c.assignedTo == text) || (c.assignedTo.empty() && c.text == text))
            found = &c;
    }
    return found;
}

void Importer::pythonArguments(const std::vector<PyArgument>& args, const std::vector<PyChain>& chains, size_t before,
                               std::vector<std::pair<std::string, std::string>>& words, int depth)
{
    for (const PyArgument& a : args) {
        if (a.name == "**") {
            const PyChain* dict = depth < 4 ? dictFor(chains, trim(a.text.substr(2)), before) : nullptr;
            if (dict)
                pythonArguments(dict->links[1].args, chains, before, words, depth + 1);
            else
                skip(a.text, "import.python_expression", {a.text});
        } else if (a.name.empty()) {
            skip(a.text, "import.positional", {a.text});
        } else if (a.name == "*" || !a.literal) {
            skip(a.text, "import.python_expression", {a.text});
        } else {
            words.emplace_back(a.name + "=" + *a.literal, a.text);
        }
    }
}

Expected<CommandImport> Importer::runPython(const std::vector<PyChain>& chains)
{
    size_t train = chains.size(), at = 0;
    for (size_t i = 0; i < chains.size() && train == chains.size(); ++i)
        if (isTrainCall(chains[i], at))
            train = i;
    if (train == chains.size()) {
        std::vector<std::string> found;
        static const std::set<std::string> modes = {"val", "predict", "export", "track", "benchmark", "tune"};
        for (const PyChain& c : chains)
            for (size_t i = 1; i + 1 < c.links.size(); ++i)
                if (modes.count(c.links[i].name) && c.links[i + 1].call)
                    found.push_back(c.text);
        return Error{"import.not_training",
                     "no training call in the Python code (" +
                         (found.empty() ? std::string("found no model.train(...)") : "found '" + join(found, "', '") + "'") +
                         "): expected model.train(data=..., epochs=...)",
                     {}, 0, 0};
    }
    const PyChain& call = chains[train];
    r_.style = CommandImport::Style::Python;
    r_.dialect = "Ultralytics";

    // The model: the chain before .train, or what its name was last assigned before this line.
    std::vector<PyLink> receiver(call.links.begin(), call.links.begin() + static_cast<long>(at));
    std::string receiverText = receiver.size() == 1 ? receiver.front().name : std::string();
    std::vector<std::string> command;
    r_.program = (receiver.size() == 1 ? receiver.front().name : std::string("YOLO(...)")) + ".train()";
    if (receiver.size() == 1) {
        const PyChain* made = nullptr;
        for (size_t i = 0; i < train; ++i)
            if (chains[i].assignedTo == receiver.front().name)
                made = &chains[i];
        if (made) {
            receiver = made->links;
            receiverText = made->text;
            command.push_back(made->assignedTo + " = " + made->text);
        }
    } else {
        // YOLO("x.pt").train(...): the model is the text before ".train".
        std::string text = call.text;
        const auto dot = text.rfind(".train");
        receiverText = dot == std::string::npos ? text : text.substr(0, dot);
    }
    command.push_back((call.assignedTo.empty() ? "" : call.assignedTo + " = ") + call.text);
    r_.command = join(command, "; ");

    std::vector<std::pair<std::string, std::string>> words;
    // YOLO("yolov8n.pt") / YOLO(model="x.yaml", task="detect") / .load("x.pt") as model= and pretrained=;
    // DetectionTrainer(overrides=args) with its dict as keyword arguments.
    size_t firstCall = 0;
    while (firstCall < receiver.size() && !receiver[firstCall].call)
        ++firstCall;
    const std::string cls = firstCall > 0 && firstCall < receiver.size() ? receiver[firstCall - 1].name : std::string();
    if (firstCall >= receiver.size()) {
        skip(receiverText, "import.python_model_unknown", {receiverText});
    } else if (cls == "DetectionTrainer") {
        for (const PyArgument& a : receiver[firstCall].args) {
            const std::string value = trim(a.text.substr(a.text.find('=') + 1));
            const PyChain* dict = a.name == "overrides" ? dictFor(chains, value, train) : nullptr;
            if (dict)
                pythonArguments(dict->links[1].args, chains, train, words);
            else if (a.name == "cfg" && a.literal)
                words.emplace_back("cfg=" + *a.literal, a.text);
            else
                skip(a.text, "import.python_expression", {a.text});
        }
    } else if (endsWith(cls, "Trainer")) {
        skip(receiverText, "import.task", {receiverText});
    } else if (cls != "YOLO") {
        skip(receiverText, "import.python_model_class", {receiverText, cls});
    } else {
        const PyLink& made = receiver[firstCall];
        for (size_t k = 0; k < made.args.size(); ++k) {
            const PyArgument& a = made.args[k];
            const std::string key = a.name.empty() ? (k == 0 ? "model" : "") : a.name;
            if (key.empty() || key == "*" || key == "**" || !a.literal) {
                skip(a.text, "import.python_expression", {a.text});
                continue;
            }
            if (key == "model" || key == "task")
                words.emplace_back(key + "=" + *a.literal, cls + "(" + a.text + ")");
            // verbose= prints; nothing to carry over.
        }
        for (size_t k = firstCall + 1; k < receiver.size(); ++k) {
            if (receiver[k].call)
                continue;
            const bool calls = k + 1 < receiver.size() && receiver[k + 1].call;
            const std::string text = "." + receiver[k].name + (calls ? "(...)" : "");
            if (receiver[k].name == "load" && calls && !receiver[k + 1].args.empty() &&
                receiver[k + 1].args.front().literal) {
                const PyArgument& w = receiver[k + 1].args.front();
                words.emplace_back("pretrained=" + *w.literal, ".load(" + w.text + ")");
            } else {
                skip(text, "import.python_call", {text});
            }
        }
    }
    pythonArguments(call.links[at + 1].args, chains, train, words);
    readUltralyticsWords(words, false);
    applyAll();
    return std::move(r_);
}

void Importer::ultralyticsKey(const std::string& key, const std::string& value, const std::string& source)
{
    if (const char* reason = ultralyticsOnlyReason(key)) {
        skip(source, reason, {source});
        return;
    }
    if (!findConfigKey(key)) {
        skip(source, "import.unknown_key", {source});
        return;
    }
    if (key == "imgsz") {
        std::string v = value;
        if (v.size() >= 2 && (v.front() == '[' || v.front() == '(') && (v.back() == ']' || v.back() == ')'))
            v = v.substr(1, v.size() - 2);
        std::vector<std::string> sizes = splitList(v);
        if (sizes.size() > 1) {
            // Training uses the larger side (Ultralytics' check_imgsz with max_dim=1).
            std::string largest = sizes.front();
            for (const auto& s : sizes)
                if (std::strtod(s.c_str(), nullptr) > std::strtod(largest.c_str(), nullptr))
                    largest = s;
            imgsz({largest}, source);
            if (!assigns_.empty() && assigns_.back().key == "imgsz")
                assigns_.back().notes.insert(assigns_.back().notes.begin(),
                                             ImportNote{"import.imgsz_larger_side", {source, largest}});
            return;
        }
        imgsz({v}, source);
        return;
    }
    if (key == "batch" && isNumber(value)) {
        const double b = std::strtod(value.c_str(), nullptr);
        if (b > 0 && b < 1) {
            assign("batch", "-1", source, {ImportNote{"import.batch_fraction", {value}}});
            assign("vram", value, source);
            return;
        }
    }
    if (key == "device") {
        device(value, source);
        return;
    }
    if (key == "cache" && lower(value) == "disk") {
        assign("cache", "ram", source, {ImportNote{"import.cache_disk", {}}});
        return;
    }
    if (key == "data" || key == "project" || key == "resume") {
        const std::string l = lower(value);
        if (key == "resume" && (l == "true" || l == "false" || l == "none" || l.empty())) {
            assign(key, value, source);
            return;
        }
        pathValue(key, value, source);
        return;
    }
    assign(key, value, source);
}

// ---- shared value rules -----------------------------------------------------------------------------------------

void Importer::imgsz(const std::vector<std::string>& values, const std::string& source)
{
    given_.insert("imgsz");
    const std::string v = values.front();
    std::vector<ImportNote> notes;
    if (values.size() > 1)
        notes.push_back({"import.imgsz_test_size", {values[1]}});
    char* end = nullptr;
    const double d = std::strtod(v.c_str(), &end);
    if (end && *end == '\0' && !v.empty() && d >= 1 && d <= 8192 && std::floor(d) == d) {
        const int n = static_cast<int>(d);
        // YOLOv5/v9 (check_img_size) and Ultralytics (check_imgsz) round up to a multiple of the stride.
        const int rounded = std::max(32, (n + 31) / 32 * 32);
        if (rounded != n) {
            notes.push_back({"import.imgsz_rounded", {v, std::to_string(rounded)}});
            assign("imgsz", std::to_string(rounded), source, notes);
            return;
        }
    }
    assign("imgsz", v, source, notes);
}

void Importer::device(const std::string& value, const std::string& source)
{
    std::string v = trim(value);
    if (v.size() >= 2 && (v.front() == '[' || v.front() == '(') && (v.back() == ']' || v.back() == ')'))
        v = v.substr(1, v.size() - 2);
    if (v.empty() || lower(v) == "none") {
        skip(source, "import.device_auto", {source});
        return;
    }
    given_.insert("device");
    std::vector<std::string> devices = splitList(v);
    if (devices.empty())
        devices.push_back(v);
    std::vector<ImportNote> notes;
    // CUDA_VISIBLE_DEVICES renumbers the GPUs the command saw; the studio sees them all.
    if (visibleSet_) {
        const std::vector<std::string> visible = splitList(visibleDevices_);
        for (std::string& d : devices) {
            if (d.empty() || !std::all_of(d.begin(), d.end(), ::isdigit))
                continue;
            const size_t index = static_cast<size_t>(std::atoi(d.c_str()));
            if (index < visible.size() && visible[index] != d) {
                notes.push_back({"import.device_visible", {visibleDevices_, d, visible[index]}});
                d = visible[index];
            }
        }
    }
    const std::string chosen = join(devices, ",");
    if (devices.size() > 1) {
        gpus_ = static_cast<int>(devices.size());
        notes.push_back({"import.device_list", {source, chosen}});
    }
    assign("device", chosen, source, notes);
}

void Importer::pathValue(const std::string& key, const std::string& value, const std::string& source)
{
    std::vector<ImportNote> notes;
    const fs::path resolved = resolveFrom(base_, value);
    if (key != "project" && !value.empty() && !isFile(resolved))
        notes.push_back({"import.not_found_here", {value, base_.string()}});
    assign(key, shown(value), source, notes);
}

// ---- applying -----------------------------------------------------------------------------------------------------

void Importer::assign(const std::string& key, const std::string& value, const std::string& source,
                      std::vector<ImportNote> notes)
{
    assigns_.push_back({key, value, source, std::move(notes)});
}

bool Importer::set(const Assign& a)
{
    if (auto p = r_.config.trySet(a.key, a.value)) {
        r_.skipped.push_back({a.source, {"import.bad_value", {a.source, p->toError().message}}, *p});
        return false;
    }
    auto it = std::find_if(r_.mapped.begin(), r_.mapped.end(), [&](const ImportedSetting& s) { return s.key == a.key; });
    if (it != r_.mapped.end()) {
        // A word given twice is worth a line (argparse and Ultralytics take the last); a file's value that a
        // word overrides is what the user meant.
        if (!quiet_.count(a.key)) {
            const std::string earlier = it->source + " (" + a.key + " " + it->value + ")";
            r_.skipped.push_back({earlier, {"import.overridden", {earlier, a.source}}, std::nullopt});
        }
        r_.mapped.erase(it);
    }
    if (a.quiet)
        quiet_.insert(a.key);
    else
        quiet_.erase(a.key);
    r_.mapped.push_back({a.key, *r_.config.get(a.key), a.source, a.notes});
    return true;
}

void Importer::applyAll()
{
    for (Assign& a : fileAssigns_) {
        a.quiet = true;
        set(a);
    }
    // torchrun's processes without --device: the scripts give local rank N the GPU N.
    if (nprocPerNode_ > 1 && !given_.count("device")) {
        std::vector<std::string> devices;
        for (int i = 0; i < nprocPerNode_; ++i)
            devices.push_back(std::to_string(i));
        const std::string list = join(devices, ",");
        assign("device", list, nprocSource_, {ImportNote{"import.device_nproc", {nprocSource_, list}}});
    }
    for (const Assign& a : assigns_)
        set(a);
    validateMapped();
    wholeCommandNotes();
}

void Importer::skip(const std::string& item, const std::string& code, std::vector<std::string> args)
{
    if (args.empty())
        args.push_back(item);
    r_.skipped.push_back({item, {code, std::move(args)}, std::nullopt});
}

void Importer::validateMapped()
{
    // TrainConfig's own cross-key rules (device text, memory budget, imgsz a multiple of 32) for the keys the
    // command set; a value they reject goes back to the base's.
    for (const ConfigProblem& p : r_.config.problems()) {
        auto it = std::find_if(r_.mapped.begin(), r_.mapped.end(), [&](const ImportedSetting& s) { return s.key == p.key; });
        if (it == r_.mapped.end())
            continue;
        r_.skipped.push_back({it->source, {"import.bad_value", {it->source, p.toError().message}}, p});
        r_.config.set(p.key, *opt_.base.get(p.key));
        r_.mapped.erase(it);
    }
}

void Importer::wholeCommandNotes()
{
    if (nnodes_ > 1)
        r_.notes.push_back({"import.multi_node", {std::to_string(nnodes_)}});
    const int gpus = std::max(processes_, gpus_);
    for (ImportedSetting& s : r_.mapped)
        if (s.key == "sync_bn" && s.value == "true" && gpus <= 1)
            s.notes.push_back({"import.sync_bn_one_process", {}});
    if (gpus > 1 && r_.config.batch > 0) {
        const int perGpu = r_.config.batch / gpus;
        r_.notes.push_back({"import.batch_split", {std::to_string(gpus), std::to_string(r_.config.batch),
                                                   std::to_string(std::max(perGpu, 1))}});
    }
    if (linesJoined_)
        r_.notes.push_back({"import.lines_joined", {}});
}

std::string commentText(std::string s)
{
    for (char& c : s)
        if (c == '\n' || c == '\r')
            c = ' ';
    return s;
}

}  // namespace

// ---- public -------------------------------------------------------------------------------------------------------

const std::vector<ImportNoteCode>& importNoteCodes()
{
    return kNoteCodes;
}

std::string importNoteText(const ImportNote& note)
{
    auto it = std::find_if(kNoteCodes.begin(), kNoteCodes.end(), [&](const ImportNoteCode& c) { return note.code == c.code; });
    return codedText(it == kNoteCodes.end() ? nullptr : it->text, note.code, note.args);
}

std::vector<std::pair<std::string, std::string>> CommandImport::values() const
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const ConfigKey& k : configKeys())
        for (const ImportedSetting& s : mapped)
            if (s.key == k.name)
                out.emplace_back(s.key, s.value);
    return out;
}

std::string CommandImport::toYaml() const
{
    std::string out = "# YOLO Studio settings imported from this " + dialect + " command (" + program + "):\n";
    out += "#   " + commentText(command) + "\n";
    out += "# Train with them: yolostudio-cli train cfg=THIS_FILE (settings not listed keep their defaults).\n";
    if (!notes.empty()) {
        out += "# Notes:\n";
        for (const ImportNote& n : notes)
            out += "#   " + commentText(importNoteText(n)) + "\n";
    }
    if (!skipped.empty()) {
        out += "# Not imported:\n";
        for (const SkippedItem& s : skipped)
            out += "#   " + commentText(importNoteText(s.reason)) + "\n";
    }
    for (const ConfigKey& k : configKeys()) {
        for (const ImportedSetting& s : mapped) {
            if (s.key != k.name)
                continue;
            for (const ImportNote& n : s.notes)
                out += "# " + s.key + ": " + commentText(importNoteText(n)) + "\n";
            out += s.key + ": " + config.yamlValue(s.key) + "  # " + commentText(s.source) + "\n";
        }
    }
    return out;
}

Expected<CommandImport> importCommand(const std::string& text, const CommandImportOptions& options)
{
    auto shell = [&]() -> Expected<CommandImport> {
        auto words = splitShellWords(text);
        if (!words)
            return words.error();
        return Importer(options).run(std::move(words.value()));
    };
    if (!looksLikePython(text))
        return shell();
    // Python when it has a model.train(...) call; else a command line, and when that is no training
    // command either, what the Python reading says (a syntax error, or the calls it found instead).
    auto chains = readPythonChains(text);
    size_t at = 0;
    if (chains && std::any_of(chains->begin(), chains->end(), [&](const PyChain& c) { return isTrainCall(c, at); }))
        return Importer(options).runPython(chains.value());
    auto command = shell();
    if (command || (command.error().code != "import.not_training" && command.error().code != "import.quote"))
        return command;
    if (!chains)
        return chains.error();
    return Importer(options).runPython(chains.value());
}

Expected<CommandImport> importCommand(const std::vector<std::string>& words, const CommandImportOptions& options)
{
    std::vector<ShellWord> shellWords;
    int offset = 0;
    for (const std::string& w : words) {
        shellWords.push_back({w, false, offset});
        offset += static_cast<int>(w.size()) + 1;
    }
    return Importer(options).run(std::move(shellWords));
}

}  // namespace ys
