#include "import/internal/importer.h"

#include "common/config.h"
#include "common/text.h"

#include <algorithm>
#include <cstdlib>

namespace ys::importer {
namespace {

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

}  // namespace

const char* ultralyticsOnlyReason(const std::string& key)
{
    for (const UltralyticsKey& k : kUltralyticsOnlyKeys)
        if (key == k.key)
            return k.reason;
    return nullptr;
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

}  // namespace ys::importer
