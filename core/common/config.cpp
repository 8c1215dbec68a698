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

// The registry: one row per key, in args.yaml order. Ranges are the ones a run can use at all;
// validate() adds the cross-key rules.
const std::vector<Entry>& entries()
{
    static const std::vector<Entry> table = {
        {{"data", "task", T::String, 0, 0, {}, "path to data.yaml"}, &TrainConfig::data},
        {{"model", "task", T::String, 0, 0, {}, "model YAML (yolov8n.yaml, yolo11s.yaml, yolov9c.yaml, ...) or checkpoint"}, &TrainConfig::model},
        {{"epochs", "task", T::Int, 1, 100000, {}, "epochs to train"}, &TrainConfig::epochs},
        {{"imgsz", "task", T::Int, 32, 8192, {}, "image size in pixels, multiple of 32"}, &TrainConfig::imgsz},
        {{"batch", "task", T::Int, -1, 4096, {}, "images per micro-batch; -1 or auto = fit to memory"}, &TrainConfig::batch},
        {{"device", "task", T::String, 0, 0, {}, "cpu, 0, cuda:0"}, &TrainConfig::device},
        {{"workers", "task", T::Int, 0, 64, {}, "data loader threads; 0 = main thread"}, &TrainConfig::workers},
        {{"amp", "task", T::Choice, 0, 0, {"auto", "off", "fp16", "bf16"}, "mixed precision"}, &TrainConfig::amp},
        {{"project", "task", T::String, 0, 0, {}, "parent folder of run folders"}, &TrainConfig::project},
        {{"name", "task", T::String, 0, 0, {}, "run folder name"}, &TrainConfig::name},
        {{"exist_ok", "task", T::Bool, 0, 0, {}, "reuse an existing run folder"}, &TrainConfig::exist_ok},
        {{"resume", "task", T::String, 0, 0, {}, "checkpoint to resume from"}, &TrainConfig::resume},
        {{"seed", "task", T::Int, 0, 2147483647, {}, "random seed"}, &TrainConfig::seed},
        {{"deterministic", "task", T::Bool, 0, 0, {}, "reproducible batches for a seed and worker count"}, &TrainConfig::deterministic},
        {{"patience", "task", T::Int, 0, 100000, {}, "epochs without improvement before early stop; 0 = off"}, &TrainConfig::patience},
        {{"val", "task", T::Bool, 0, 0, {}, "validate every epoch"}, &TrainConfig::val},
        {{"save_period", "task", T::Int, -1, 100000, {}, "save weights every N epochs; -1 = off"}, &TrainConfig::save_period},
        {{"rect", "task", T::Bool, 0, 0, {}, "rectangular training batches"}, &TrainConfig::rect},
        {{"cache", "task", T::Choice, 0, 0, {"off", "ram"}, "cache decoded images in RAM"}, &TrainConfig::cache},
        {{"fraction", "task", T::Float, 0.0001, 1.0, {}, "fraction of the training set to use"}, &TrainConfig::fraction},
        {{"cos_lr", "optimizer", T::Bool, 0, 0, {}, "cosine LR schedule"}, &TrainConfig::cos_lr},
        {{"close_mosaic", "augment", T::Int, 0, 100000, {}, "disable mosaic for the last N epochs"}, &TrainConfig::close_mosaic},
        {{"threads", "task", T::Int, 0, 1024, {}, "CPU threads for tensor ops; 0 = all cores"}, &TrainConfig::threads},
        {{"vram", "task", T::String, 0, 0, {}, "memory budget, e.g. 8GiB or 0.8; empty = whole device"}, &TrainConfig::vram},
        {{"optimizer", "optimizer", T::Choice, 0, 0, {"auto", "SGD", "AdamW", "Adam"}, "optimizer"}, &TrainConfig::optimizer},
        {{"lr0", "optimizer", T::Float, 0.0, 10.0, {}, "initial learning rate"}, &TrainConfig::lr0},
        {{"lrf", "optimizer", T::Float, 0.0, 1.0, {}, "final LR as a fraction of lr0"}, &TrainConfig::lrf},
        {{"momentum", "optimizer", T::Float, 0.0, 1.0, {}, "SGD momentum / Adam beta1"}, &TrainConfig::momentum},
        {{"weight_decay", "optimizer", T::Float, 0.0, 1.0, {}, "weight decay"}, &TrainConfig::weight_decay},
        {{"warmup_epochs", "optimizer", T::Float, 0.0, 1000.0, {}, "warmup epochs"}, &TrainConfig::warmup_epochs},
        {{"warmup_momentum", "optimizer", T::Float, 0.0, 1.0, {}, "warmup initial momentum"}, &TrainConfig::warmup_momentum},
        {{"warmup_bias_lr", "optimizer", T::Float, 0.0, 10.0, {}, "warmup initial bias LR"}, &TrainConfig::warmup_bias_lr},
        {{"nbs", "optimizer", T::Int, 1, 100000, {}, "nominal batch size for accumulation"}, &TrainConfig::nbs},
        {{"box", "loss", T::Float, 0.0, 1000.0, {}, "box loss gain"}, &TrainConfig::box},
        {{"cls", "loss", T::Float, 0.0, 1000.0, {}, "class loss gain"}, &TrainConfig::cls},
        {{"dfl", "loss", T::Float, 0.0, 1000.0, {}, "DFL loss gain"}, &TrainConfig::dfl},
        {{"hsv_h", "augment", T::Float, 0.0, 1.0, {}, "hue jitter fraction"}, &TrainConfig::hsv_h},
        {{"hsv_s", "augment", T::Float, 0.0, 1.0, {}, "saturation jitter fraction"}, &TrainConfig::hsv_s},
        {{"hsv_v", "augment", T::Float, 0.0, 1.0, {}, "value jitter fraction"}, &TrainConfig::hsv_v},
        {{"degrees", "augment", T::Float, 0.0, 180.0, {}, "rotation +/- degrees"}, &TrainConfig::degrees},
        {{"translate", "augment", T::Float, 0.0, 1.0, {}, "translation +/- fraction"}, &TrainConfig::translate},
        {{"scale", "augment", T::Float, 0.0, 1.0, {}, "scale +/- gain"}, &TrainConfig::scale},
        {{"shear", "augment", T::Float, 0.0, 180.0, {}, "shear +/- degrees"}, &TrainConfig::shear},
        {{"perspective", "augment", T::Float, 0.0, 0.001, {}, "perspective coefficient"}, &TrainConfig::perspective},
        {{"flipud", "augment", T::Float, 0.0, 1.0, {}, "vertical flip probability"}, &TrainConfig::flipud},
        {{"fliplr", "augment", T::Float, 0.0, 1.0, {}, "horizontal flip probability"}, &TrainConfig::fliplr},
        {{"mosaic", "augment", T::Float, 0.0, 1.0, {}, "mosaic probability"}, &TrainConfig::mosaic},
        {{"mixup", "augment", T::Float, 0.0, 1.0, {}, "mixup probability"}, &TrainConfig::mixup},
        {{"copy_paste", "augment", T::Float, 0.0, 1.0, {}, "copy-paste probability (segments only)"}, &TrainConfig::copy_paste},
        {{"conf", "val", T::Float, 0.0, 1.0, {}, "NMS confidence threshold"}, &TrainConfig::conf},
        {{"iou", "val", T::Float, 0.0, 1.0, {}, "NMS IoU threshold"}, &TrainConfig::iou},
        {{"max_det", "val", T::Int, 1, 100000, {}, "detections per image"}, &TrainConfig::max_det},
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
    if (root.IsNull())
        return base;
    if (!root.IsMap())
        return Error{"config.not_a_map", "expected a mapping of settings such as 'lr0: 0.01'", path, 1, 1};
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
            err->file = path;
            err->line = v.Mark().line + 1;
            err->column = v.Mark().column + 1;
            return *err;
        }
    }
    return cfg;
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
