#include "common/config.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>
#include <variant>

namespace ys {
namespace {

using Member = std::variant<bool TrainConfig::*, int TrainConfig::*, double TrainConfig::*,
                            std::string TrainConfig::*>;

struct Entry {
    ConfigKey key;
    Member member;
};

using T = ConfigKey::Type;
using G = ConfigKey::Group;
using U = ConfigKey::Unit;

// The registry: one row per key, in args.yaml order. Ranges are the ones a run can use at all;
// validate() adds the cross-key rules. Steps and decimals suit the values users type (lr0 in 1e-3 steps,
// probabilities in 0.05); `resumable` keys may change on resume because they change how a run is
// computed, not what it learns.
const std::vector<Entry>& entries()
{
    static const std::vector<Entry> table = {
        {{.name = "data", .group = G::ModelData, .type = T::String, .help = "path to data.yaml"}, &TrainConfig::data},
        {{.name = "model", .group = G::ModelData, .type = T::String,
          .help = "model YAML (yolov8n.yaml, yolo11s.yaml, yolov9c.yaml, ...) or checkpoint"}, &TrainConfig::model},
        {{.name = "epochs", .group = G::Schedule, .type = T::Int, .min = 1, .max = 100000, .help = "epochs to train",
          .unit = U::Epochs, .resumable = true}, &TrainConfig::epochs},
        {{.name = "imgsz", .group = G::Memory, .type = T::Int, .min = 32, .max = 8192,
          .help = "image size in pixels, multiple of 32", .unit = U::Pixels, .step = 32}, &TrainConfig::imgsz},
        {{.name = "batch", .group = G::Memory, .type = T::Int, .min = -1, .max = 4096,
          .help = "images per batch; -1 or auto = fit to memory", .unit = U::Images, .minText = "auto",
          .resumable = true}, &TrainConfig::batch},
        {{.name = "device", .group = G::Memory, .type = T::String, .help = "cpu, 0, cuda:0", .resumable = true},
         &TrainConfig::device},
        {{.name = "workers", .group = G::Memory, .type = T::Int, .min = 0, .max = 64,
          .help = "data loader threads; 0 = main thread", .unit = U::Threads, .minText = "main thread",
          .resumable = true}, &TrainConfig::workers},
        {{.name = "amp", .group = G::Memory, .type = T::Choice, .choices = {"auto", "off", "fp16", "bf16"},
          .help = "mixed precision", .resumable = true}, &TrainConfig::amp},
        {{.name = "project", .group = G::Output, .type = T::String, .help = "parent folder of run folders"},
         &TrainConfig::project},
        {{.name = "name", .group = G::Output, .type = T::String, .help = "run folder name"}, &TrainConfig::name},
        {{.name = "exist_ok", .group = G::Output, .type = T::Bool, .help = "reuse an existing run folder",
          .advanced = true}, &TrainConfig::exist_ok},
        {{.name = "resume", .group = G::ModelData, .type = T::String, .help = "checkpoint to resume from",
          .advanced = true}, &TrainConfig::resume},
        {{.name = "seed", .group = G::Schedule, .type = T::Int, .min = 0, .max = 2147483647, .help = "random seed",
          .advanced = true}, &TrainConfig::seed},
        {{.name = "deterministic", .group = G::Schedule, .type = T::Bool,
          .help = "reproducible batches for a seed and worker count", .advanced = true}, &TrainConfig::deterministic},
        {{.name = "patience", .group = G::Schedule, .type = T::Int, .min = 0, .max = 100000,
          .help = "epochs without improvement before early stop; 0 = off", .unit = U::Epochs, .minText = "off",
          .resumable = true}, &TrainConfig::patience},
        {{.name = "val", .group = G::Validation, .type = T::Bool, .help = "validate every epoch"}, &TrainConfig::val},
        {{.name = "save_period", .group = G::Output, .type = T::Int, .min = -1, .max = 100000,
          .help = "save weights every N epochs; -1 = off", .unit = U::Epochs, .minText = "off", .advanced = true},
         &TrainConfig::save_period},
        {{.name = "rect", .group = G::Augment, .type = T::Bool, .help = "rectangular training batches",
          .advanced = true}, &TrainConfig::rect},
        {{.name = "cache", .group = G::Memory, .type = T::Choice, .choices = {"off", "ram"},
          .help = "cache decoded images in RAM"}, &TrainConfig::cache},
        {{.name = "fraction", .group = G::ModelData, .type = T::Float, .min = 0.0001, .max = 1.0,
          .help = "fraction of the training set to use", .step = 0.05, .decimals = 3, .advanced = true},
         &TrainConfig::fraction},
        {{.name = "cos_lr", .group = G::Schedule, .type = T::Bool, .help = "cosine LR schedule"}, &TrainConfig::cos_lr},
        {{.name = "close_mosaic", .group = G::Schedule, .type = T::Int, .min = 0, .max = 100000,
          .help = "disable mosaic for the last N epochs", .unit = U::Epochs, .minText = "never"},
         &TrainConfig::close_mosaic},
        {{.name = "threads", .group = G::Memory, .type = T::Int, .min = 0, .max = 1024,
          .help = "CPU threads for tensor ops; 0 = all cores", .unit = U::Threads, .minText = "all cores",
          .resumable = true, .advanced = true}, &TrainConfig::threads},
        {{.name = "vram", .group = G::Memory, .type = T::String,
          .help = "memory budget, e.g. 8GiB or 0.8; empty = whole device", .resumable = true}, &TrainConfig::vram},
        {{.name = "optimizer", .group = G::Optimizer, .type = T::Choice, .choices = {"auto", "SGD", "AdamW", "Adam"},
          .help = "optimizer"}, &TrainConfig::optimizer},
        {{.name = "lr0", .group = G::Optimizer, .type = T::Float, .min = 0.0, .max = 10.0,
          .help = "initial learning rate", .step = 0.001, .decimals = 5}, &TrainConfig::lr0},
        {{.name = "lrf", .group = G::Optimizer, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "final LR as a fraction of lr0", .step = 0.01, .decimals = 4}, &TrainConfig::lrf},
        {{.name = "momentum", .group = G::Optimizer, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "SGD momentum / Adam beta1", .step = 0.001, .decimals = 3}, &TrainConfig::momentum},
        {{.name = "weight_decay", .group = G::Optimizer, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "weight decay", .step = 0.0001, .decimals = 5}, &TrainConfig::weight_decay},
        {{.name = "warmup_epochs", .group = G::Schedule, .type = T::Float, .min = 0.0, .max = 1000.0,
          .help = "warmup epochs", .unit = U::Epochs, .step = 0.5, .decimals = 1}, &TrainConfig::warmup_epochs},
        {{.name = "warmup_momentum", .group = G::Schedule, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "warmup initial momentum", .step = 0.05, .decimals = 2, .advanced = true},
         &TrainConfig::warmup_momentum},
        {{.name = "warmup_bias_lr", .group = G::Schedule, .type = T::Float, .min = 0.0, .max = 10.0,
          .help = "warmup initial bias LR", .step = 0.01, .decimals = 3, .advanced = true},
         &TrainConfig::warmup_bias_lr},
        {{.name = "nbs", .group = G::Memory, .type = T::Int, .min = 1, .max = 100000,
          .help = "nominal batch size for accumulation", .unit = U::Images, .advanced = true}, &TrainConfig::nbs},
        {{.name = "box", .group = G::Loss, .type = T::Float, .min = 0.0, .max = 1000.0, .help = "box loss gain",
          .step = 0.1, .decimals = 2}, &TrainConfig::box},
        {{.name = "cls", .group = G::Loss, .type = T::Float, .min = 0.0, .max = 1000.0, .help = "class loss gain",
          .step = 0.1, .decimals = 2}, &TrainConfig::cls},
        {{.name = "dfl", .group = G::Loss, .type = T::Float, .min = 0.0, .max = 1000.0, .help = "DFL loss gain",
          .step = 0.1, .decimals = 2}, &TrainConfig::dfl},
        {{.name = "hsv_h", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "hue jitter fraction", .step = 0.005, .decimals = 3}, &TrainConfig::hsv_h},
        {{.name = "hsv_s", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "saturation jitter fraction", .step = 0.05, .decimals = 2}, &TrainConfig::hsv_s},
        {{.name = "hsv_v", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "value jitter fraction", .step = 0.05, .decimals = 2}, &TrainConfig::hsv_v},
        {{.name = "degrees", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 180.0,
          .help = "rotation +/- degrees", .unit = U::Degrees, .step = 1, .decimals = 1}, &TrainConfig::degrees},
        {{.name = "translate", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "translation +/- fraction", .step = 0.05, .decimals = 2}, &TrainConfig::translate},
        {{.name = "scale", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 1.0, .help = "scale +/- gain",
          .step = 0.05, .decimals = 2}, &TrainConfig::scale},
        {{.name = "shear", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 180.0,
          .help = "shear +/- degrees", .unit = U::Degrees, .step = 1, .decimals = 1}, &TrainConfig::shear},
        {{.name = "perspective", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 0.001,
          .help = "perspective coefficient", .step = 0.0001, .decimals = 4, .advanced = true},
         &TrainConfig::perspective},
        {{.name = "flipud", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "vertical flip probability", .step = 0.05, .decimals = 2}, &TrainConfig::flipud},
        {{.name = "fliplr", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "horizontal flip probability", .step = 0.05, .decimals = 2}, &TrainConfig::fliplr},
        {{.name = "mosaic", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "mosaic probability", .step = 0.05, .decimals = 2}, &TrainConfig::mosaic},
        {{.name = "mixup", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "mixup probability", .step = 0.05, .decimals = 2}, &TrainConfig::mixup},
        {{.name = "copy_paste", .group = G::Augment, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "copy-paste probability (segments only)", .step = 0.05, .decimals = 2, .advanced = true},
         &TrainConfig::copy_paste},
        {{.name = "conf", .group = G::Validation, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "NMS confidence threshold", .step = 0.001, .decimals = 3, .advanced = true}, &TrainConfig::conf},
        {{.name = "iou", .group = G::Validation, .type = T::Float, .min = 0.0, .max = 1.0,
          .help = "NMS IoU threshold", .step = 0.05, .decimals = 2, .advanced = true}, &TrainConfig::iou},
        {{.name = "max_det", .group = G::Validation, .type = T::Int, .min = 1, .max = 100000,
          .help = "detections per image", .unit = U::Boxes, .advanced = true}, &TrainConfig::max_det},
    };
    return table;
}

const Entry* findEntry(const std::string& key)
{
    for (const Entry& e : entries())
        if (key == e.key.name)
            return &e;
    return nullptr;
}

std::string trim(const std::string& s)
{
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
        --e;
    return s.substr(b, e - b);
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

std::optional<bool> parseBool(const std::string& v)
{
    const std::string l = lower(trim(v));
    if (l == "true" || l == "1" || l == "yes" || l == "on")
        return true;
    if (l == "false" || l == "0" || l == "no" || l == "off")
        return false;
    return std::nullopt;
}

std::optional<double> parseDouble(const std::string& v)
{
    const std::string t = trim(v);
    if (t.empty())
        return std::nullopt;
    try {
        size_t pos = 0;
        double d = std::stod(t, &pos);
        if (pos != t.size() || !std::isfinite(d))
            return std::nullopt;
        return d;
    } catch (...) {
        return std::nullopt;
    }
}

std::string formatDouble(double d)
{
    std::ostringstream os;
    os.precision(10);
    os << d;
    std::string s = os.str();
    if (s.find_first_of(".eE") == std::string::npos && s != "inf" && s != "nan")
        s += ".0";
    return s;
}

Error keyError(const std::string& key, const std::string& message)
{
    return Error{"config." + key, message, {}, 0, 0};
}

}  // namespace

const std::vector<ConfigKey>& configKeys()
{
    static const std::vector<ConfigKey> keys = [] {
        std::vector<ConfigKey> k;
        for (const Entry& e : entries())
            k.push_back(e.key);
        return k;
    }();
    return keys;
}

const ConfigKey* findConfigKey(const std::string& name)
{
    const Entry* e = findEntry(name);
    return e ? &configKeys()[static_cast<size_t>(e - entries().data())] : nullptr;
}

std::vector<std::string> resumableKeys()
{
    std::vector<std::string> keys;
    for (const ConfigKey& k : configKeys())
        if (k.resumable)
            keys.emplace_back(k.name);
    return keys;
}

const std::vector<ConfigKey::Group>& configGroups()
{
    static const std::vector<G> groups = {G::ModelData, G::Schedule, G::Memory,     G::Optimizer,
                                          G::Loss,      G::Augment,  G::Validation, G::Output};
    return groups;
}

const char* groupId(ConfigKey::Group group)
{
    switch (group) {
    case G::ModelData: return "model_data";
    case G::Schedule: return "schedule";
    case G::Memory: return "memory";
    case G::Optimizer: return "optimizer";
    case G::Loss: return "loss";
    case G::Augment: return "augment";
    case G::Validation: return "validation";
    case G::Output: return "output";
    }
    return "";
}

const char* groupTitle(ConfigKey::Group group)
{
    switch (group) {
    case G::ModelData: return "Model & data";
    case G::Schedule: return "Schedule";
    case G::Memory: return "Memory & precision";
    case G::Optimizer: return "Optimizer";
    case G::Loss: return "Loss gains";
    case G::Augment: return "Augmentation";
    case G::Validation: return "Validation";
    case G::Output: return "Output";
    }
    return "";
}

const char* unitSymbol(ConfigKey::Unit unit)
{
    switch (unit) {
    case U::None: return "";
    case U::Pixels: return "px";
    case U::Images: return "images";
    case U::Epochs: return "epochs";
    case U::Threads: return "threads";
    case U::Degrees: return "°";
    case U::Boxes: return "boxes";
    }
    return "";
}

std::optional<Error> TrainConfig::set(const std::string& key, const std::string& rawValue)
{
    const Entry* e = findEntry(key);
    if (!e)
        return keyError(key, "unknown setting '" + key + "'");
    const std::string value = trim(rawValue);
    const ConfigKey& k = e->key;
    auto outOfRange = [&](double d) {
        return k.min != k.max && (d < k.min || d > k.max);
    };
    auto rangeText = [&] {
        std::ostringstream os;
        os << k.min << " to " << k.max;
        return os.str();
    };
    return std::visit(
        [&](auto member) -> std::optional<Error> {
            using M = std::remove_cvref_t<decltype(this->*member)>;
            if constexpr (std::is_same_v<M, bool>) {
                auto b = parseBool(value);
                if (!b)
                    return keyError(key, "'" + key + "' must be true or false, not '" + value + "'");
                this->*member = *b;
            } else if constexpr (std::is_same_v<M, int>) {
                if (key == "batch" && lower(value) == "auto") {
                    this->*member = -1;
                    return std::nullopt;
                }
                auto d = parseDouble(value);
                if (!d || std::floor(*d) != *d)
                    return keyError(key, "'" + key + "' must be a whole number, not '" + value + "'");
                if (outOfRange(*d))
                    return keyError(key, "'" + key + "' must be between " + rangeText() + ", not " + value);
                this->*member = static_cast<int>(*d);
            } else if constexpr (std::is_same_v<M, double>) {
                auto d = parseDouble(value);
                if (!d)
                    return keyError(key, "'" + key + "' must be a number, not '" + value + "'");
                if (outOfRange(*d))
                    return keyError(key, "'" + key + "' must be between " + rangeText() + ", not " + value);
                this->*member = *d;
            } else {
                std::string v = value;
                if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
                    v = v.substr(1, v.size() - 2);
                if (k.type == T::Choice) {
                    auto it = std::find_if(k.choices.begin(), k.choices.end(),
                                           [&](const std::string& c) { return lower(c) == lower(v); });
                    // Ultralytics writes amp: true/false.
                    if (it == k.choices.end() && key == "amp") {
                        if (auto b = parseBool(v)) {
                            this->*member = *b ? "auto" : "off";
                            return std::nullopt;
                        }
                    }
                    if (key == "cache") {
                        if (auto b = parseBool(v)) {
                            this->*member = *b ? "ram" : "off";
                            return std::nullopt;
                        }
                        if (lower(v) == "disk") {
                            this->*member = "ram";
                            return std::nullopt;
                        }
                    }
                    if (it == k.choices.end()) {
                        std::string list;
                        for (const auto& c : k.choices)
                            list += (list.empty() ? "" : ", ") + c;
                        return keyError(key, "'" + key + "' must be one of " + list + ", not '" + v + "'");
                    }
                    this->*member = *it;
                } else {
                    if (lower(v) == "null" || lower(v) == "none" || v == "~")
                        v.clear();
                    this->*member = v;
                }
            }
            return std::nullopt;
        },
        e->member);
}

std::optional<std::string> TrainConfig::get(const std::string& key) const
{
    const Entry* e = findEntry(key);
    if (!e)
        return std::nullopt;
    return std::visit(
        [&](auto member) -> std::string {
            using M = std::remove_cvref_t<decltype(this->*member)>;
            if constexpr (std::is_same_v<M, bool>)
                return (this->*member) ? "true" : "false";
            else if constexpr (std::is_same_v<M, int>)
                return std::to_string(this->*member);
            else if constexpr (std::is_same_v<M, double>)
                return formatDouble(this->*member);
            else
                return this->*member;
        },
        e->member);
}

std::vector<Error> TrainConfig::validate() const
{
    std::vector<Error> errors;
    // Re-check every range (a struct filled in code skips set()).
    for (const Entry& e : entries()) {
        const std::string text = *get(e.key.name);
        TrainConfig probe;
        if (auto err = probe.set(e.key.name, text))
            errors.push_back(*err);
    }
    if (imgsz % 32 != 0)
        errors.push_back(keyError("imgsz", "'imgsz' must be a multiple of 32 (the largest stride), not " +
                                               std::to_string(imgsz)));
    if (batch == 0)
        errors.push_back(keyError("batch", "'batch' must be at least 1, or -1/auto to fit it to memory"));
    if (data.empty() && resume.empty())
        errors.push_back(keyError("data", "no dataset given: set data=path/to/data.yaml"));
    if (model.empty() && resume.empty())
        errors.push_back(keyError("model", "no model given: set model=yolov8n.yaml"));
    if (!vram.empty() && !parseByteSize(vram)) {
        auto f = parseDouble(vram);
        if (!f || *f <= 0 || *f > 1)
            errors.push_back(keyError("vram", "'vram' must be a size such as 8GiB or 6000MB, or a fraction "
                                              "such as 0.8, not '" + vram + "'"));
    }
    const std::string dev = lower(device);
    bool devOk = dev == "cpu" || dev == "cuda" || dev.rfind("cuda:", 0) == 0 ||
                 (!dev.empty() && std::all_of(dev.begin(), dev.end(), ::isdigit));
    if (!devOk)
        errors.push_back(keyError("device", "'device' must be cpu, a GPU index such as 0, or cuda:0, not '" +
                                                device + "'"));
    return errors;
}

std::vector<std::string> TrainConfig::changedKeys() const
{
    const TrainConfig defaults;
    std::vector<std::string> changed;
    for (const Entry& e : entries())
        if (get(e.key.name) != defaults.get(e.key.name))
            changed.emplace_back(e.key.name);
    return changed;
}

std::string TrainConfig::toYaml() const
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    for (const Entry& e : entries()) {
        out << YAML::Key << e.key.name << YAML::Value;
        const std::string v = *get(e.key.name);
        switch (e.key.type) {
        case T::Bool: out << (v == "true"); break;
        case T::Int: out << std::stoll(v); break;
        case T::Float: out << std::stod(v); break;
        default:
            if (v.empty())
                out << YAML::Null;
            else
                out << YAML::DoubleQuoted << v;
        }
    }
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

namespace {

// Applies the keys of a parsed args.yaml / hyp.yaml to `base` (fromYamlFile and fromYamlText).
Expected<TrainConfig> fromYamlNode(const YAML::Node& root, const TrainConfig& base, const std::string& source,
                                   std::vector<std::string>* ignored, std::vector<Error>* rejected)
{
    if (root.IsNull())
        return base;
    if (!root.IsMap())
        return Error{"config.not_a_map", "expected a mapping of settings such as 'lr0: 0.01'", source, 1, 1};
    TrainConfig cfg = base;
    for (const auto& kv : root) {
        const std::string key = kv.first.as<std::string>("");
        if (!findEntry(key)) {
            if (ignored)
                ignored->push_back(key);
            continue;
        }
        const YAML::Node& v = kv.second;
        std::string text;
        if (v.IsNull())
            text = "";
        else if (v.IsScalar())
            text = v.Scalar();
        else {
            if (ignored)
                ignored->push_back(key);
            continue;
        }
        // A null for a typed key means "default" in Ultralytics' files (e.g. `batch: null` is rare, but
        // `resume: null`/`vram: null` are common).
        if (v.IsNull() && findEntry(key)->key.type != T::String)
            continue;
        if (auto err = cfg.set(key, text)) {
            err->file = source;
            err->line = v.Mark().line + 1;
            err->column = v.Mark().column + 1;
            if (!rejected)
                return *err;
            rejected->push_back(*err);
        }
    }
    return cfg;
}

}  // namespace

Expected<TrainConfig> TrainConfig::fromYamlFile(const std::string& path, const TrainConfig& base,
                                                std::vector<std::string>* ignored)
{
    YAML::Node root;
    try {
        root = YAML::LoadFile(path);
    } catch (const YAML::BadFile&) {
        return Error{"config.unreadable", "cannot open the file; check that it exists and is readable", path, 0, 0};
    } catch (const YAML::ParserException& ex) {
        return Error{"yaml.syntax", "YAML syntax error: " + ex.msg, path, ex.mark.line + 1, ex.mark.column + 1};
    }
    return fromYamlNode(root, base, path, ignored, nullptr);
}

Expected<TrainConfig> TrainConfig::fromYamlText(const std::string& text, const TrainConfig& base,
                                                std::vector<std::string>* ignored, const std::string& source,
                                                std::vector<Error>* rejected)
{
    try {
        return fromYamlNode(YAML::Load(text), base, source, ignored, rejected);
    } catch (const YAML::Exception& ex) {   // syntax errors, and the nesting limit on hostile input
        return Error{"yaml.syntax", "YAML syntax error: " + ex.msg, source, ex.mark.line + 1, ex.mark.column + 1};
    }
}

Expected<TrainConfig> TrainConfig::fromYamlFile(const std::string& path)
{
    return fromYamlFile(path, TrainConfig{});
}

std::optional<int64_t> parseByteSize(const std::string& text)
{
    std::string t = lower(trim(text));
    t.erase(std::remove(t.begin(), t.end(), ' '), t.end());
    if (t.empty())
        return std::nullopt;
    size_t i = 0;
    while (i < t.size() && (std::isdigit(static_cast<unsigned char>(t[i])) || t[i] == '.' || t[i] == 'e' ||
                            t[i] == '+' || (t[i] == '-' && i > 0)))
        ++i;
    // 'e' can start no unit we accept, so a trailing 'e' belongs to the number only if digits follow.
    auto num = parseDouble(t.substr(0, i));
    if (!num || *num < 0)
        return std::nullopt;
    const std::string unit = t.substr(i);
    double mult = 0;
    if (unit.empty() || unit == "b")
        mult = 1;
    else if (unit == "k" || unit == "kb")
        mult = 1e3;
    else if (unit == "kib")
        mult = 1024.0;
    else if (unit == "m" || unit == "mb")
        mult = 1e6;
    else if (unit == "mib")
        mult = 1024.0 * 1024.0;
    else if (unit == "g" || unit == "gb")
        mult = 1e9;
    else if (unit == "gib")
        mult = 1024.0 * 1024.0 * 1024.0;
    else if (unit == "t" || unit == "tb")
        mult = 1e12;
    else if (unit == "tib")
        mult = 1024.0 * 1024.0 * 1024.0 * 1024.0;
    else
        return std::nullopt;
    // A bare number at or below 1 is a fraction, not a byte count.
    if (unit.empty() && *num <= 1.0)
        return std::nullopt;
    return static_cast<int64_t>(std::llround(*num * mult));
}

}  // namespace ys
