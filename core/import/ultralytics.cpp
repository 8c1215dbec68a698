#include "import/internal/importer.h"

#include "common/config.h"
#include "common/text.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace ys::importer {
namespace {

// Ultralytics trainer keys that are not YOLO Studio settings, with why they do not carry over. Keys whose
// meaning depends on their value (nms, compile, multi_scale, fraction, quantize, ...: Ultralytics 8.4's
// cfg/default.yaml) are read by ultralyticsValueKey() first.
struct UltralyticsKey {
    const char* key;
    const char* reason;
    const char* task = nullptr;  // "import.task_only": the task whose models use it
};
constexpr UltralyticsKey kUltralyticsOnlyKeys[] = {
    {"time", "import.not_supported"},         {"save", "import.not_supported"},
    {"single_cls", "import.not_supported"},
    {"overlap_mask", "import.task_only", "segment"}, {"mask_ratio", "import.task_only", "segment"},
    {"copy_paste_mode", "import.task_only", "segment"}, {"dropout", "import.task_only", "classify"},
    {"auto_augment", "import.task_only", "classify"}, {"erasing", "import.task_only", "classify"},
    {"pose", "import.task_only", "pose"},     {"kobj", "import.task_only", "pose"},
    {"rle", "import.task_only", "pose"},      {"angle", "import.task_only", "obb"},
    {"dlog", "import.task_only", "depth"},    {"dgrad", "import.task_only", "depth"},
    {"dlam", "import.task_only", "depth"},
    {"label_smoothing", "import.not_supported"}, {"bgr", "import.not_supported"},
    {"crop_fraction", "import.not_supported"}, {"cutmix", "import.not_supported"},
    {"dis", "import.distill"},                {"plots", "import.logging_only"},
    {"verbose", "import.logging_only"},       {"profile", "import.logging_only"},
    {"save_json", "import.not_for_training"},
    {"save_hybrid", "import.not_for_training"}, {"half", "import.not_for_training"},
    {"dnn", "import.not_for_training"},       {"source", "import.not_for_training"},
    {"vid_stride", "import.not_for_training"}, {"stream_buffer", "import.not_for_training"},
    {"visualize", "import.not_for_training"}, {"augment", "import.not_for_training"},
    {"retina_masks", "import.not_for_training"},
    {"embed", "import.not_for_training"},     {"show", "import.not_for_training"},
    {"save_frames", "import.not_for_training"}, {"save_txt", "import.not_for_training"},
    {"save_conf", "import.not_for_training"}, {"save_crop", "import.not_for_training"},
    {"show_labels", "import.not_for_training"}, {"show_conf", "import.not_for_training"},
    {"show_boxes", "import.not_for_training"}, {"line_width", "import.not_for_training"},
    // Ultralytics 8.4 still reads these older spellings of show_boxes, show_labels, show_conf, line_width.
    {"boxes", "import.not_for_training"},     {"hide_labels", "import.not_for_training"},
    {"hide_conf", "import.not_for_training"}, {"line_thickness", "import.not_for_training"},
    {"format", "import.not_for_training"},    {"keras", "import.not_for_training"},
    {"optimize", "import.not_for_training"},  {"dynamic", "import.not_for_training"},
    {"simplify", "import.not_for_training"},  {"opset", "import.not_for_training"},
    {"workspace", "import.not_for_training"}, {"tracker", "import.not_for_training"},
    {"save_dir", "import.not_for_training"},
};

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


// Python's truth of a value as Ultralytics reads it from the command line or a literal: true, false or
// neither (a number or a word); None and an empty value are false.
std::optional<bool> truth(const std::string& value)
{
    const std::string v = lower(trim(value));
    if (v == "true")
        return true;
    if (v == "false" || v == "none" || v.empty())
        return false;
    return std::nullopt;
}

// A number as Python reads it, with whether it was written as an integer ("500") rather than a float.
struct Number {
    double value = 0;
    bool integer = false;
};
std::optional<Number> number(const std::string& text)
{
    const std::string t = trim(text);
    if (const auto b = truth(t); b && !t.empty() && lower(t) != "none")
        return Number{*b ? 1.0 : 0.0, true};  // True is 1 to Python
    if (!isNumber(t))
        return std::nullopt;
    return Number{std::strtod(t.c_str(), nullptr), t.find_first_of(".eE") == std::string::npos};
}

std::string shortNumber(double d)
{
    std::ostringstream os;
    os << d;
    return os.str();
}

// The items of "[a, b]" / "(a, b)"; nullopt for a value that is no list.
std::optional<std::vector<std::string>> listItems(const std::string& value)
{
    const std::string v = trim(value);
    if (v.size() < 2 || !((v.front() == '[' && v.back() == ']') || (v.front() == '(' && v.back() == ')')))
        return std::nullopt;
    return splitList(v.substr(1, v.size() - 2));
}

// Quantize values that mean INT8 (quantization-aware training when they are given to train).
bool isInt8(const std::string& value)
{
    const std::string v = lower(trim(value));
    return v == "8" || v == "int8" || v == "w8a8";
}

}  // namespace

const char* ultralyticsOnlyReason(const std::string& key, const char** task)
{
    for (const UltralyticsKey& k : kUltralyticsOnlyKeys) {
        if (key == k.key) {
            if (task)
                *task = k.task;
            return k.reason;
        }
    }
    return nullptr;
}

bool isUltralyticsKey(const std::string& key)
{
    static const std::set<std::string> own = {
        "model", "cfg", "pretrained", "task", "mode", "nms", "end2end", "compile", "channels_last", "fraction",
        "cls_pw", "cls_remap", "quantize", "int8", "distill_model", "split", "multi_scale", "amp"};
    return ultralyticsOnlyReason(key) || own.count(key) > 0;
}

bool ultralyticsTrains(const std::vector<std::string>& w, size_t i)
{
    // `yolo [task] [mode] key=value ...`: training unless a mode or a command of its own says otherwise.
    bool training = i + 1 >= w.size() || !ultralyticsSpecial().count(lower(w[i + 1]));
    for (size_t k = i + 1; k < w.size(); ++k) {
        const std::string word = lower(w[k]);
        if ((ultralyticsModes().count(word) && word != "train") ||
            (startsWith(word, "mode=") && word != "mode=train"))
            training = false;
    }
    return training;
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
    ultralyticsModel(model, pretrained);
    ultralyticsMultiScale();
    // Ultralytics' own rounding and list rules for imgsz are applied in imgsz(); the rest went through set().
}

void Importer::ultralyticsModel(const std::optional<std::pair<std::string, std::string>>& model,
                                const std::optional<std::pair<std::string, std::string>>& pretrained)
{
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
}

void Importer::ultralyticsKey(const std::string& key, const std::string& value, const std::string& source)
{
    if (ultralyticsValueKey(key, value, source))
        return;
    const char* task = nullptr;
    if (const char* reason = ultralyticsOnlyReason(key, &task)) {
        if (task)
            skip(source, reason, {source, task});
        else
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


bool Importer::ultralyticsValueKey(const std::string& key, const std::string& value, const std::string& source)
{
    const std::string v = lower(trim(value));
    const std::optional<bool> on = truth(value);
    if (key == "amp") {
        // Ultralytics 8.4: True or 'fp16' = fp16 on a GPU that passes its AMP check, fp32 on a CPU; 'bf16';
        // False or 'fp32' = full precision. Other values are TrainConfig's to reject.
        if (v == "true" || v == "fp16")
            assign("amp", "auto", source, {ImportNote{"import.amp_auto", {source}}});
        else if (v == "false" || v == "fp32")
            assign("amp", "off", source);
        else if (v == "bf16")
            assign("amp", "bf16", source);
        else
            return false;
        return true;
    }
    if (key == "nms" || key == "end2end") {
        // Training validates with `end2end = nms is False` (YOLO26's one-to-one head, no NMS); end2end=True is
        // 8.4's older spelling of nms=False.
        const bool oneToOne = key == "nms" ? on == false && v != "none" && !v.empty() : on == true;
        if (oneToOne)
            assign("nms", "false", source, {ImportNote{"import.nms_one_to_one", {}}});
        else
            assign("nms", "true", source);
        return true;
    }
    if (key == "compile") {
        skip(source, on == false ? "import.no_effect" : "import.compile", {source});
        return true;
    }
    if (key == "channels_last") {
        skip(source, "import.channels_last", {source});
        return true;
    }
    if (key == "multi_scale") {
        const auto n = number(value);
        if (!n || n->value < 0 || n->value > 1) {
            skip(source, "import.bad_value", {source, "multi_scale takes a fraction of imgsz from 0 to 1 (True = 1)"});
            return true;
        }
        if (n->value == 0) {
            skip(source, "import.no_effect", {source});
            return true;
        }
        // Its sizes depend on imgsz, which a later word may set: the line is written once the words are read.
        multiScale_.push_back({n->value, source, r_.skipped.size()});
        return true;
    }
    if (key == "fraction") {
        ultralyticsFraction(value, source);
        return true;
    }
    if (key == "cls_pw") {
        const auto n = number(value);
        if (n && n->value == 0)
            skip(source, "import.no_effect", {source});
        else
            skip(source, "import.cls_pw", {source, trim(value)});
        return true;
    }
    if (key == "cls_remap") {
        skip(source, on == false ? "import.cls_remap_off" : "import.cls_remap", {source});
        return true;
    }
    if (key == "quantize" || key == "int8") {
        // 8.4's trainer does quantization-aware training at quantize=8 (int8=True is its older spelling);
        // other precisions concern validation, prediction and export.
        const bool qat = key == "quantize" ? isInt8(value) : v != "none" && v != "false" && v != "0";
        skip(source, qat ? "import.qat" : key == "int8" ? "import.no_effect" : "import.not_for_training", {source});
        return true;
    }
    if (key == "distill_model") {
        skip(source, on == false ? "import.no_effect" : "import.distill", {source});
        return true;
    }
    if (key == "split") {
        // The trainer validates each epoch on data[split].
        skip(source, v == "val" ? "import.no_effect" : "import.split", {source});
        return true;
    }
    return false;
}

void Importer::ultralyticsFraction(const std::string& value, const std::string& source)
{
    // 8.4: a ratio in (0, 1] or an image count > 1 of the training split, or [train, val(, test)] of them
    // (data/utils.py get_split_fraction); validation and test use their whole split unless a list says.
    std::vector<std::string> items = {trim(value)};
    const auto list = listItems(value);
    if (list)
        items = *list;
    std::vector<Number> parts;
    for (const std::string& item : items) {
        const auto n = number(item);
        if (!n || lower(item) == "true" || lower(item) == "false" || n->value < 0 || (!n->integer && n->value > 1))
            break;
        parts.push_back(*n);
    }
    if (parts.size() != items.size() || parts.empty() || parts[0].value == 0 ||
        (list && (parts.size() < 2 || parts.size() > 3 || parts[1].value == 0))) {
        skip(source, "import.bad_value",
             {source, "fraction takes a ratio in (0, 1] or an image count above 1 of the training images, or a list "
                      "[train, val] or [train, val, test] of them, train and val above 0"});
        return;
    }
    const Number train = parts[0];
    if (train.integer && train.value > 1)
        skip(source, "import.fraction_count", {source, shortNumber(train.value)});
    else
        assign("fraction", train.value == 1 ? "1.0" : shortNumber(train.value), source);
    std::vector<std::string> rest;
    for (size_t i = 1; i < parts.size(); ++i)
        if (parts[i].value != 1)
            rest.push_back(items[i]);
    if (!rest.empty())
        skip(source, "import.fraction_val", {source, join(rest, ", ")});
}

void Importer::ultralyticsMultiScale()
{
    int imgsz = opt_.base.imgsz;
    for (const std::vector<Assign>* list : {&fileAssigns_, &assigns_})
        for (const Assign& a : *list)
            if (a.key == "imgsz" && isNumber(a.value))
                imgsz = std::atoi(a.value.c_str());
    // As 8.4's trainer draws them: randrange(max(stride, imgsz * (1 - r)), imgsz * (1 + r) + stride) // stride
    // * stride, the stride being 32 for every detection model. The last word first, so that the places of
    // the earlier ones in `skipped` still hold.
    constexpr int kStride = 32;
    for (auto m = multiScale_.rbegin(); m != multiScale_.rend(); ++m) {
        const int low = std::max(kStride, static_cast<int>(imgsz * (1.0 - m->range))) / kStride * kStride;
        const int high = (static_cast<int>(imgsz * (1.0 + m->range) + kStride) - 1) / kStride * kStride;
        const SkippedItem item{m->source,
                               {"import.multi_scale_range",
                                {m->source, std::to_string(low), std::to_string(high), std::to_string(imgsz)}},
                               std::nullopt};
        r_.skipped.insert(r_.skipped.begin() + static_cast<long>(std::min(m->at, r_.skipped.size())), item);
    }
    multiScale_.clear();
}

}  // namespace ys::importer
