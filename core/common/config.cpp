#include "common/config.h"

#include "common/checkpointing.h"
#include "common/configfile.h"
#include "common/device.h"
#include "common/text.h"

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
                            std::string TrainConfig::*, std::vector<int> TrainConfig::*,
                            std::vector<TrainStage> TrainConfig::*>;

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
        // After epochs: setting it sets epochs to the stages' total, so a file's `epochs:` line cannot undo it.
        {{.name = "stages", .group = G::Schedule, .type = T::Stages,
          .help = "stages IMGSZxBATCH:EPOCHS[:key=value], e.g. 320x32:10,640xauto:80,640xauto:10:mosaic=0; "
                  "empty = one stage", .resumable = true}, &TrainConfig::stages},
        {{.name = "imgsz", .group = G::Memory, .type = T::Int, .min = 32, .max = 8192,
          .help = "image size in pixels, multiple of 32", .unit = U::Pixels, .step = 32}, &TrainConfig::imgsz},
        {{.name = "batch", .group = G::Memory, .type = T::Int, .min = -1, .max = 4096,
          .help = "images per batch; -1 or auto = fit to memory", .unit = U::Images, .minText = "auto",
          .resumable = true}, &TrainConfig::batch},
        {{.name = "device", .group = G::Memory, .type = T::String, .help = "cpu, 0, cuda:0; GPUs 0,1 train one process each", .resumable = true},
         &TrainConfig::device},
        {{.name = "sync_bn", .group = G::Memory, .type = T::Bool,
          .help = "BatchNorm statistics over every process's images (data-parallel runs)", .resumable = true,
          .advanced = true}, &TrainConfig::sync_bn},
        {{.name = "workers", .group = G::Memory, .type = T::Int, .min = 0, .max = 64,
          .help = "data loader threads; 0 = main thread", .unit = U::Threads, .minText = "main thread",
          .resumable = true}, &TrainConfig::workers},
        {{.name = "amp", .group = G::Memory, .type = T::Choice, .choices = {"auto", "off", "fp16", "bf16"},
          .help = "mixed precision", .resumable = true}, &TrainConfig::amp},
        {{.name = "checkpoint", .group = G::Memory, .type = T::String,
          .help = "activation checkpointing: off, auto, backbone, all or [layer, ...]", .resumable = true},
         &TrainConfig::checkpoint},
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
        // Element ranges: a model has far fewer than 1000 layers (YOLOv9e: 42); class ids as the weights reader's.
        {{.name = "classes", .group = G::ModelData, .type = T::IntList, .min = 0, .max = 99999,
          .help = "train on these class ids only, e.g. [0, 2, 3] (renumbered 0..k-1); empty = all"},
         &TrainConfig::classes},
        {{.name = "freeze", .group = G::ModelData, .type = T::IntList, .min = 0, .max = 999,
          .help = "layers not trained: N = the first N, or [i, j, ...]; empty = none", .countForm = true},
         &TrainConfig::freeze},
        {{.name = "cos_lr", .group = G::Schedule, .type = T::Bool, .help = "cosine LR schedule"}, &TrainConfig::cos_lr},
        {{.name = "close_mosaic", .group = G::Schedule, .type = T::Int, .min = 0, .max = 100000,
          .help = "disable mosaic for the last N epochs", .unit = U::Epochs, .minText = "never"},
         &TrainConfig::close_mosaic},
        {{.name = "threads", .group = G::Memory, .type = T::Int, .min = 0, .max = 1024,
          .help = "CPU threads for tensor ops; 0 = all cores", .unit = U::Threads, .minText = "all cores",
          .resumable = true, .advanced = true}, &TrainConfig::threads},
        {{.name = "vram", .group = G::Memory, .type = T::String,
          .help = "memory budget, e.g. 8GiB or 0.8; empty = whole device", .resumable = true}, &TrainConfig::vram},
        {{.name = "optimizer", .group = G::Optimizer, .type = T::Choice,
          .choices = {"auto", "SGD", "AdamW", "Adam", "MuSGD"}, .help = "optimizer"}, &TrainConfig::optimizer},
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
        {{.name = "dfl", .group = G::Loss, .type = T::Float, .min = 0.0, .max = 1000.0,
          .help = "DFL loss gain (the L1 box-distance loss for YOLO26)", .step = 0.1, .decimals = 2}, &TrainConfig::dfl},
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
        {{.name = "nms", .group = G::Validation, .type = T::Bool,
          .help = "validate with NMS; false: YOLO26's one-to-one head without NMS (Ultralytics 8.4's nms=False)",
          .advanced = true}, &TrainConfig::nms},
        {{.name = "agnostic_nms", .group = G::Validation, .type = T::Bool,
          .help = "class-agnostic NMS: a box suppresses overlapping boxes of every class (Ultralytics' agnostic_nms)",
          .advanced = true}, &TrainConfig::agnostic_nms},
        {{.name = "metrics", .group = G::Validation, .type = T::Choice, .choices = {"8.4", "8.3"},
          .help = "mAP and best.pt as this Ultralytics release computes them (8.4: greedy matching, mAP50-95 "
                  "fitness)", .advanced = true}, &TrainConfig::metrics},
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

// Text of an IntList value as set() reads it back: "" (none), "N" for 0..N-1 when the key has the count form,
// else "[a, b, c]".
std::string intListText(const std::vector<int>& v, bool countForm)
{
    if (v.empty())
        return {};
    bool prefix = countForm;
    for (size_t i = 0; prefix && i < v.size(); ++i)
        prefix = v[i] == static_cast<int>(i);
    if (prefix)
        return std::to_string(v.size());
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
}

// Choice keys Ultralytics writes as booleans: the choice `true` and `false` stand for.
struct BoolAlias {
    const char* key;
    const char* whenTrue;
    const char* whenFalse;
};
constexpr BoolAlias kBoolAliases[] = {{"amp", "auto", "off"}, {"cache", "ram", "off"}};

const BoolAlias* boolAlias(const std::string& key)
{
    for (const BoolAlias& a : kBoolAliases)
        if (key == a.key)
            return &a;
    return nullptr;
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

namespace {

bool outOfRange(const ConfigKey& k, double d)
{
    return k.min != k.max && (d < k.min || d > k.max);
}

ConfigProblem problemOf(const std::string& key, const ConfigKey& k, ConfigProblem::Reason reason, const std::string& v)
{
    return ConfigProblem{key, reason, v, k.min, k.max, k.choices};
}

// A list of whole numbers: "", none, [], "3", "[0, 2, 3]", "0,2,3" (and a Python tuple's parentheses); sorted,
// without repeats. A count-form key (freeze=N) reads a bare single number as the layers 0..N-1.
std::optional<ConfigProblem> parseIntList(const std::string& key, const ConfigKey& k, const std::string& value,
                                          std::vector<int>& out)
{
    using R = ConfigProblem::Reason;
    std::string body = value;
    const bool bracketed = body.size() >= 2 && ((body.front() == '[' && body.back() == ']') ||
                                                (body.front() == '(' && body.back() == ')'));
    if (bracketed)
        body = body.substr(1, body.size() - 2);
    const std::string l = lower(trim(body));
    std::vector<int> list;
    if (!(l.empty() || (!bracketed && (l == "none" || l == "null" || l == "~")))) {
        std::stringstream items(body);
        for (std::string item; std::getline(items, item, ',');) {
            auto d = parseDouble(item);
            if (!d || std::floor(*d) != *d)
                return problemOf(key, k, R::NotWhole, value);
            if (outOfRange(k, *d))
                return problemOf(key, k, R::OutOfRange, trim(item));
            list.push_back(static_cast<int>(*d));
        }
    }
    if (k.countForm && !bracketed && list.size() == 1) {  // freeze=N: layers 0..N-1
        const int n = list.front();
        list.resize(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i)
            list[static_cast<size_t>(i)] = i;
    }
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    out = std::move(list);
    return std::nullopt;
}

// A choice (in its listed spelling; Ultralytics' true/false for amp and cache; cache=disk is RAM here) or text
// (null/none/~ empty; resume=false empty, resume=true refused; checkpoint= in its canonical spelling).
std::optional<ConfigProblem> parseText(const std::string& key, const ConfigKey& k, const std::string& value,
                                       std::string& out)
{
    using R = ConfigProblem::Reason;
    std::string v = value;
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
        v = v.substr(1, v.size() - 2);
    if (k.type == ConfigKey::Type::Choice) {
        auto it = std::find_if(k.choices.begin(), k.choices.end(),
                               [&](const std::string& c) { return lower(c) == lower(v); });
        // Ultralytics writes amp: true/false and cache: true/false (see boolSpelling).
        if (const BoolAlias* alias = boolAlias(key); it == k.choices.end() && alias) {
            if (auto b = parseBool(v)) {
                out = *b ? alias->whenTrue : alias->whenFalse;
                return std::nullopt;
            }
        }
        if (key == "cache" && lower(v) == "disk") {  // no disk cache here: RAM is the nearest
            out = "ram";
            return std::nullopt;
        }
        if (it == k.choices.end())
            return problemOf(key, k, R::NotAChoice, v);
        out = *it;
        return std::nullopt;
    }
    if (lower(v) == "null" || lower(v) == "none" || v == "~")
        v.clear();
    // Ultralytics' args.yaml says `resume: false` for a new run; `true` there means "the latest run", which only
    // a path can name here.
    if (key == "resume" && parseBool(v)) {
        if (*parseBool(v))
            return problemOf(key, k, R::ResumeNeedsPath, v);
        v.clear();
    }
    if (key == "checkpoint") {   // kept in its canonical spelling
        const auto setting = parseCheckpointSetting(v);
        if (!setting)
            return problemOf(key, k, R::BadCheckpoint, v);
        v = setting->text();
    }
    out = v;
    return std::nullopt;
}

}  // namespace

std::optional<ConfigProblem> TrainConfig::trySet(const std::string& key, const std::string& rawValue)
{
    const Entry* e = findEntry(key);
    using R = ConfigProblem::Reason;
    if (!e)
        return ConfigProblem{key, R::UnknownKey, rawValue};
    const std::string value = trim(rawValue);
    const ConfigKey& k = e->key;
    auto problem = [&](R reason, const std::string& v) { return problemOf(key, k, reason, v); };
    return std::visit(
        [&](auto member) -> std::optional<ConfigProblem> {
            using M = std::remove_cvref_t<decltype(this->*member)>;
            if constexpr (std::is_same_v<M, bool>) {
                // Ultralytics writes `nms: null` (unset: NMS) in args.yaml.
                if (key == "nms" && (lower(value) == "null" || lower(value) == "none" || value == "~")) {
                    this->*member = true;
                    return std::nullopt;
                }
                auto b = parseBool(value);
                if (!b)
                    return problem(R::NotBool, value);
                this->*member = *b;
            } else if constexpr (std::is_same_v<M, int>) {
                if (key == "batch" && lower(value) == "auto") {
                    this->*member = -1;
                    return std::nullopt;
                }
                auto d = parseDouble(value);
                if (!d || std::floor(*d) != *d)
                    return problem(R::NotWhole, value);
                if (outOfRange(k, *d))
                    return problem(R::OutOfRange, value);
                this->*member = static_cast<int>(*d);
            } else if constexpr (std::is_same_v<M, double>) {
                auto d = parseDouble(value);
                if (!d)
                    return problem(R::NotNumber, value);
                if (outOfRange(k, *d))
                    return problem(R::OutOfRange, value);
                this->*member = *d;
            } else if constexpr (std::is_same_v<M, std::vector<TrainStage>>) {
                std::vector<TrainStage> parsed;
                if (auto p = parseStages(value, parsed))
                    return p;
                this->*member = std::move(parsed);
                if (!(this->*member).empty())
                    epochs = stagesEpochs(this->*member);
            } else if constexpr (std::is_same_v<M, std::vector<int>>) {
                return parseIntList(key, k, value, this->*member);
            } else {
                return parseText(key, k, value, this->*member);
            }
            return std::nullopt;
        },
        e->member);
}

std::optional<Error> TrainConfig::set(const std::string& key, const std::string& value)
{
    if (auto p = trySet(key, value))
        return p->toError();
    return std::nullopt;
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
            else if constexpr (std::is_same_v<M, std::vector<int>>)
                return intListText(this->*member, e->key.countForm);
            else if constexpr (std::is_same_v<M, std::vector<TrainStage>>)
                return formatStages(this->*member);
            else
                return this->*member;
        },
        e->member);
}

std::vector<ConfigProblem> TrainConfig::problems() const
{
    using R = ConfigProblem::Reason;
    std::vector<ConfigProblem> found;
    // Re-check every range (a struct filled in code skips set()).
    for (const Entry& e : entries()) {
        TrainConfig probe;
        if (auto p = probe.trySet(e.key.name, *get(e.key.name)))
            found.push_back(*p);
    }
    if (imgsz % 32 != 0)
        found.push_back({"imgsz", R::NotMultipleOf32, std::to_string(imgsz)});
    if (batch == 0)
        found.push_back({"batch", R::BatchZero, "0"});
    if (data.empty() && resume.empty())
        found.push_back({"data", R::NoData, {}});
    if (model.empty() && resume.empty())
        found.push_back({"model", R::NoModel, {}});
    if (!vram.empty() && !parseByteSize(vram)) {
        auto f = parseDouble(vram);
        if (!f || *f <= 0 || *f > 1)
            found.push_back({"vram", R::BadMemoryBudget, vram});
    }
    // The one reading of device text (common/device.h); a list ("0,1") is a data-parallel run.
    if (auto devices = parseDevices(device); !devices)
        found.push_back({"device", devices.error().code == "device.duplicate" ? R::DuplicateDevice : R::BadDevice, device});
    if (!stages.empty() && epochs != stagesEpochs(stages))
        found.push_back({"epochs", R::StagesEpochs, std::to_string(epochs), static_cast<double>(stagesEpochs(stages))});
    return found;
}

std::vector<Error> TrainConfig::validate() const
{
    std::vector<Error> errors;
    for (const ConfigProblem& p : problems())
        errors.push_back(p.toError());
    return errors;
}

Error ConfigProblem::toError() const
{
    using R = Reason;
    // Inside stages the message names the stage and the key within it: "'stages' stage 2: 'mosaic' must ...".
    const std::string q = "'" + (stageKey.empty() ? key : stageKey) + "'";
    std::string m;
    switch (reason) {
    case R::UnknownKey: m = "unknown setting " + q; break;
    case R::NotBool: m = q + " must be true or false, not '" + value + "'"; break;
    case R::NotWhole: m = q + " must be a whole number, not '" + value + "'"; break;
    case R::NotNumber: m = q + " must be a number, not '" + value + "'"; break;
    case R::OutOfRange: {
        std::ostringstream os;
        os << q << " must be between " << min << " and " << max << ", not " << value;
        m = os.str();
        break;
    }
    case R::NotAChoice: {
        std::string list;
        for (const auto& c : choices)
            list += (list.empty() ? "" : ", ") + c;
        m = q + " must be one of " + list + ", not '" + value + "'";
        break;
    }
    case R::ResumeNeedsPath:
        m = q + " must be the path of a run's weights/last.pt (or its run folder), not '" + value + "'";
        break;
    case R::NotMultipleOf32: m = q + " must be a multiple of 32 (the largest stride), not " + value; break;
    case R::BatchZero: m = q + " must be at least 1, or -1/auto to fit it to memory"; break;
    case R::NoData: m = "no dataset given: set data=path/to/data.yaml"; break;
    case R::NoModel: m = "no model given: set model=yolov8n.yaml"; break;
    case R::BadMemoryBudget:
        m = q + " must be a size such as 8GiB or 6000MB, or a fraction such as 0.8, not '" + value + "'";
        break;
    case R::BadDevice:
        m = q + " must be cpu, gpu, a GPU index such as 0, cuda:0, or GPUs such as 0,1, not '" + value + "'";
        break;
    case R::DuplicateDevice: m = q + " names a GPU twice ('" + value + "'): list each GPU once"; break;
    case R::BadCheckpoint:
        m = q + " must be off, auto, backbone, all or a list of layers such as [2, 4, 6], not '" + value + "'";
        break;
    case R::StageSyntax:
        m = "'" + value + "' is not a stage: write IMGSZxBATCH:EPOCHS, e.g. 640x16:10 or 640xauto:10:mosaic=0";
        break;
    case R::StageKey: {
        std::string list;
        for (const auto& c : choices)
            list += (list.empty() ? "" : ", ") + c;
        m = q + " cannot change between stages (a stage may set " + list + ")";
        break;
    }
    case R::StagesEpochs: {
        std::ostringstream os;
        os << q << " is " << value << " but the stages add up to " << min
           << " epochs; leave epochs out or make them agree";
        m = os.str();
        break;
    }
    }
    if (stage > 0)
        m = "'" + key + "' stage " + std::to_string(stage) + ": " + m;
    return keyError(key, m);
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

std::string TrainConfig::yamlValue(const std::string& key) const
{
    const Entry* e = findEntry(key);
    if (!e)
        return {};
    // get()'s text of a number or boolean is already plain YAML ("0.0005", "3.0", "true"); the emitter's
    // own float output would print 17 digits (0.00050000000000000001).
    const std::string v = *get(key);
    if (e->key.type == T::Bool || e->key.type == T::Int || e->key.type == T::Float)
        return v;
    if (v.empty())
        return "null";
    if (e->key.type == T::IntList)
        return v;  // "10" (freeze's count form) or a flow list "[0, 2, 3]": plain YAML already
    if (key == "checkpoint" && v.front() == '[')
        return v;  // a flow list of layers
    YAML::Emitter out;
    out << YAML::DoubleQuoted << v;
    return out.c_str();
}

std::string TrainConfig::toYaml() const
{
    std::string out;
    for (const Entry& e : entries())
        out += std::string(e.key.name) + ": " + yamlValue(e.key.name) + "\n";
    return out;
}

namespace {

// A settings document as a TrainConfig (fromYamlFile and fromYamlText): the first bad value fails it unless
// `rejected` collects them.
Expected<TrainConfig> configOf(const Expected<ConfigFile>& file, std::vector<std::string>* ignored,
                               std::vector<Error>* rejected)
{
    if (!file)
        return file.error();
    if (!file->problems().empty()) {
        if (!rejected)
            return file->problems().front();
        rejected->insert(rejected->end(), file->problems().begin(), file->problems().end());
    }
    if (ignored)
        for (const ConfigFileEntry& e : file->unknownKeys())
            ignored->push_back(e.key);
    return file->config();
}

}  // namespace

Expected<TrainConfig> TrainConfig::fromYamlFile(const std::string& path, const TrainConfig& base,
                                                std::vector<std::string>* ignored)
{
    return configOf(ConfigFile::load(path, base), ignored, nullptr);
}

Expected<TrainConfig> TrainConfig::fromYamlText(const std::string& text, const TrainConfig& base,
                                                std::vector<std::string>* ignored, const std::string& source,
                                                std::vector<Error>* rejected)
{
    return configOf(ConfigFile::parse(text, source, base), ignored, rejected);
}

Expected<TrainConfig> TrainConfig::fromYamlFile(const std::string& path)
{
    return fromYamlFile(path, TrainConfig{});
}

std::optional<bool> boolSpelling(const std::string& key, const std::string& value)
{
    const BoolAlias* alias = boolAlias(key);
    if (!alias)
        return std::nullopt;
    const std::string v = lower(trim(value));
    if (v == alias->whenTrue)
        return true;
    if (v == alias->whenFalse)
        return false;
    return parseBool(v);
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
