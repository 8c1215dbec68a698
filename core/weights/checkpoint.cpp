// Checkpoints on the user's disk: the PyTorch zip container (LibTorch's PyTorchStreamReader), its pickle
// (weights/pickle.h), what kind of checkpoint it is, and the Ultralytics model tree -> state dict.
#include "weights/checkpoint.h"
#include "weights/internal/pickleyaml.h"

#include "weights/internal/ultralytics.h"
#include "weights/pickle.h"

#include <c10/util/Exception.h>
#include <caffe2/serialize/inline_container.h>
#include <nlohmann/json.hpp>
#include <torch/torch.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <unordered_set>

namespace fs = std::filesystem;

namespace ys {

const char* toString(CheckpointFormat f)
{
    switch (f) {
    case CheckpointFormat::Unknown: return "unknown";
    case CheckpointFormat::Ultralytics: return "ultralytics";
    case CheckpointFormat::Studio: return "studio";
    }
    return "unknown";
}

const char* toString(ModelTask t)
{
    switch (t) {
    case ModelTask::Unknown: return "unknown";
    case ModelTask::Detect: return "detect";
    case ModelTask::Segment: return "segment";
    case ModelTask::Pose: return "pose";
    case ModelTask::Obb: return "obb";
    case ModelTask::Classify: return "classify";
    case ModelTask::Semantic: return "semantic";
    case ModelTask::Depth: return "depth";
    }
    return "unknown";
}

std::optional<Error> requireDetection(const CheckpointInfo& info)
{
    const char* what = nullptr;
    switch (info.task) {
    case ModelTask::Detect: return std::nullopt;
    case ModelTask::Segment: what = "a segmentation"; break;
    case ModelTask::Pose: what = "a pose"; break;
    case ModelTask::Obb: what = "an oriented-box (OBB)"; break;
    case ModelTask::Classify: what = "a classification"; break;
    case ModelTask::Semantic: what = "a semantic segmentation"; break;
    case ModelTask::Depth: what = "a depth estimation"; break;
    case ModelTask::Unknown: what = "not a detection"; break;
    }
    const std::string name = fs::path(info.path).filename().string();
    // "(task segment; SegmentationModel, head Segment26)": Ultralytics' word for the task, then the classes.
    std::string classes = info.modelClass;
    if (!info.headClass.empty())
        classes += (classes.empty() ? "head " : ", head ") + info.headClass;
    std::string detail = info.task == ModelTask::Unknown ? "" : std::string("task ") + toString(info.task);
    if (!classes.empty())
        detail += (detail.empty() ? "" : "; ") + classes;
    std::string message = name + " is " + what + " checkpoint";
    if (!detail.empty())
        message += " (" + detail + ")";
    message += "; YOLO Studio trains detection models only";
    return Error{"weights.task", message, info.path, 0, 0};
}

namespace {

using pickle::Document;
using pickle::Kind;
using pickle::kNone;
using pickle::Ref;

// The format tag of YOLO Studio's checkpoint metadata (core/train/checkpoint.cpp metaToJson).
constexpr const char* kStudioFormat = "yolostudio-checkpoint-1";
constexpr int kMaxModuleDepth = 64;      // nn.Module nesting; a YOLO model is ~6 deep
constexpr int64_t kMaxClasses = 100000;  // class ids beyond this are not a detector's

Error fileError(const std::string& code, const std::string& message, const std::string& path)
{
    return Error{code, message, path, 0, 0};
}

// ---------------------------------------------------------------------------------------------------------
// The container.

// torch.save before 1.6 (or _use_new_zipfile_serialization=False) writes a bare pickle that starts with
// this magic number (LONG1 of 0x1950a86a20f9469cfc6c after PROTO 2).
constexpr unsigned char kLegacyMagic[] = {0x80, 0x02, 0x8a, 0x0a, 0x6c, 0xfc, 0x9c, 0x46,
                                          0xf9, 0x20, 0x6a, 0xa8, 0x50, 0x19};

class Archive {
public:
    static Expected<std::unique_ptr<Archive>> open(const std::string& path)
    {
        std::error_code ec;
        if (!fs::is_regular_file(path, ec))
            return fileError("weights.missing", fs::exists(path, ec) ? "not a file" : "no such file", path);
        unsigned char head[sizeof kLegacyMagic] = {};
        {
            std::ifstream in(path, std::ios::binary);
            in.read(reinterpret_cast<char*>(head), sizeof head);
            const auto got = static_cast<size_t>(in.gcount());
            if (got >= sizeof kLegacyMagic && std::memcmp(head, kLegacyMagic, sizeof kLegacyMagic) == 0)
                return fileError("weights.not_zip",
                                 "saved in PyTorch's legacy format (torch < 1.6 or _use_new_zipfile_serialization="
                                 "False); load it and save it again with a newer torch.save",
                                 path);
            if (got < 4 || std::memcmp(head, "PK\x03\x04", 4) != 0)
                return fileError("weights.not_zip", "not a PyTorch checkpoint (not a zip archive)", path);
        }
        auto a = std::unique_ptr<Archive>(new Archive(path));
        try {
            a->reader_ = std::make_unique<caffe2::serialize::PyTorchStreamReader>(path);
        } catch (const c10::Error& e) {
            return fileError("weights.not_zip",
                             std::string("not a readable PyTorch archive (damaged or truncated?): ") +
                                 e.what_without_backtrace(),
                             path);
        } catch (const std::exception& e) {
            return fileError("weights.not_zip",
                             std::string("not a readable PyTorch archive (damaged or truncated?): ") + e.what(), path);
        }
        return a;
    }

    bool has(const std::string& name)
    {
        try {
            return reader_->hasRecord(name);
        } catch (const std::exception&) {
            return false;
        }
    }

    // A whole record, or an Error naming it.
    Expected<std::shared_ptr<at::DataPtr>> record(const std::string& name, size_t* size)
    {
        try {
            if (!reader_->hasRecord(name))
                return fileError("weights.tensor", "the archive has no record " + name, path_);
            auto [ptr, n] = reader_->getRecord(name);
            *size = n;
            return std::make_shared<at::DataPtr>(std::move(ptr));
        } catch (const c10::Error& e) {
            return fileError("weights.tensor",
                             "could not read record " + name + " (damaged?): " + e.what_without_backtrace(), path_);
        } catch (const std::exception& e) {
            return fileError("weights.tensor", "could not read record " + name + " (damaged?): " + e.what(), path_);
        }
    }

    Expected<std::string> text(const std::string& name)
    {
        size_t n = 0;
        auto r = record(name, &n);
        if (!r)
            return r.error();
        return std::string(static_cast<const char*>((*r)->get()), n);
    }

    const std::string& path() const { return path_; }

private:
    explicit Archive(std::string path) : path_(std::move(path)) {}
    std::string path_;
    std::unique_ptr<caffe2::serialize::PyTorchStreamReader> reader_;
};

// ---------------------------------------------------------------------------------------------------------
// Small readers of pickled values.

// names: {0: 'person', ...} or ['person', ...] -> by id; gaps get the id as text.
std::vector<std::string> readNames(const Document& doc, Ref r)
{
    std::vector<std::string> names;
    const pickle::Value& v = doc.at(r);
    if (v.kind == Kind::List || v.kind == Kind::Tuple) {
        for (Ref x : v.items)
            names.push_back(doc.kind(x) == Kind::String ? doc.str(x) : doc.repr(x, 1, 100));
        return names;
    }
    if (v.kind != Kind::Dict)
        return names;
    std::map<int64_t, std::string> byId;
    for (size_t i = 0; i + 1 < v.items.size(); i += 2) {
        int64_t id = -1;
        const Ref k = v.items[i];
        if (doc.kind(k) == Kind::Int) {
            id = doc.integer(k);
        } else if (doc.kind(k) == Kind::String) {
            const std::string s = doc.str(k);
            auto res = std::from_chars(s.data(), s.data() + s.size(), id);
            if (res.ec != std::errc() || res.ptr != s.data() + s.size())
                id = -1;
        }
        if (id < 0 || id >= kMaxClasses)
            continue;
        const Ref name = v.items[i + 1];
        byId[id] = doc.kind(name) == Kind::String ? doc.str(name) : doc.repr(name, 1, 100);
    }
    if (byId.empty())
        return names;
    names.resize(static_cast<size_t>(byId.rbegin()->first) + 1);
    for (size_t i = 0; i < names.size(); ++i)
        names[i] = std::to_string(i);
    for (const auto& [id, name] : byId)
        names[static_cast<size_t>(id)] = name;
    return names;
}

// The dict of a namespace-like value: a Dict, or an Object's state dict (IterableSimpleNamespace).
Ref dictOf(const Document& doc, Ref r)
{
    if (doc.kind(r) == Kind::Object)
        r = doc.objectState(r);
    return doc.kind(r) == Kind::Dict ? r : kNone;
}

// imgsz: 640 or [h, w] -> the larger side.
int readImgsz(const Document& doc, Ref r)
{
    const pickle::Value& v = doc.at(r);
    if (v.kind == Kind::Int)
        return static_cast<int>(std::clamp<int64_t>(v.i, 0, 1 << 20));
    if (v.kind == Kind::List || v.kind == Kind::Tuple) {
        int64_t m = 0;
        for (Ref x : v.items)
            m = std::max(m, doc.integer(x));
        return static_cast<int>(std::clamp<int64_t>(m, 0, 1 << 20));
    }
    return 0;
}

// The model YAML's `end2end` (Ultralytics 8.4: YOLO26 writes True), read as the model builder reads it
// (True/true); false when absent, or when the text does not parse (the loader then refuses the file itself).
bool endToEndOf(const std::string& modelYaml)
{
    if (modelYaml.empty())
        return false;
    try {
        const YAML::Node root = YAML::Load(modelYaml);
        const YAML::Node e2e = root.IsMap() ? root["end2end"] : YAML::Node();
        return e2e && e2e.IsScalar() && (e2e.Scalar() == "True" || e2e.Scalar() == "true");
    } catch (const YAML::Exception&) {
        return false;
    }
}

// "yolov8n.yaml" -> family "yolov8", scale 'n' (the rule Ultralytics uses to name a model family:
// the scale letter right after the version digits is dropped; "yolov8n-p2" -> "yolov8-p2").
void familyAndScale(const std::string& file, char& scale, std::string& family)
{
    std::string stem = fs::path(file).stem().string();
    std::transform(stem.begin(), stem.end(), stem.begin(), [](unsigned char c) { return std::tolower(c); });
    family = stem;
    if (stem.compare(0, 4, "yolo") != 0)
        return;
    size_t j = 4;
    while (j < stem.size() && std::isalpha(static_cast<unsigned char>(stem[j])))
        ++j;
    const size_t digits = j;
    while (j < stem.size() && std::isdigit(static_cast<unsigned char>(stem[j])))
        ++j;
    static const std::string kScales = "nslmxtceb";  // v8/11: n-x; v9: t s m c e; v10: b
    if (j == digits || j >= stem.size() || kScales.find(stem[j]) == std::string::npos)
        return;
    if (!scale)
        scale = stem[j];
    family = stem.substr(0, j) + stem.substr(j + 1);
}

// ---------------------------------------------------------------------------------------------------------
// The nn.Module tree -> state dict entries, in torch's state_dict() order.

struct NamedTensor {
    std::string name;
    Ref tensor = kNone;
    bool parameter = false;
};

class ModuleWalker {
public:
    ModuleWalker(const Document& doc, std::vector<NamedTensor>& out) : doc_(doc), out_(out) {}

    // Empty on success, else what is wrong.
    std::string walk(Ref module, const std::string& prefix, int depth)
    {
        const std::string where = prefix.empty() ? "the model" : prefix.substr(0, prefix.size() - 1);
        if (depth > kMaxModuleDepth)
            return "modules are nested deeper than " + std::to_string(kMaxModuleDepth) + " levels at " + where;
        if (doc_.kind(module) != Kind::Object)
            return where + " is a " + pickle::toString(doc_.kind(module)) + ", not a module";
        if (std::find(path_.begin(), path_.end(), module) != path_.end())
            return where + " contains itself";
        bool hasModules = false;
        const Ref modules = doc_.get(module, "_modules", &hasModules);
        if (!hasModules || doc_.kind(modules) != Kind::Dict)
            return where + " (" + doc_.qualifiedName(module) + ") is not an nn.Module (no _modules)";
        path_.push_back(module);
        std::string err = tensors(module, "_parameters", prefix, where, true);
        if (err.empty())
            err = tensors(module, "_buffers", prefix, where, false);
        const auto& items = doc_.at(modules).items;
        for (size_t i = 0; err.empty() && i + 1 < items.size(); i += 2) {
            if (doc_.isNone(items[i + 1]))
                continue;
            err = walk(items[i + 1], prefix + keyText(items[i]) + ".", depth + 1);
        }
        path_.pop_back();
        return err;
    }

private:
    std::string keyText(Ref k) const
    {
        return doc_.kind(k) == Kind::String ? doc_.str(k) : doc_.repr(k, 1, 64);
    }

    std::string tensors(Ref module, const char* field, const std::string& prefix, const std::string& where,
                        bool parameters)
    {
        const Ref dict = doc_.get(module, field);
        if (doc_.isNone(dict))
            return {};
        if (doc_.kind(dict) != Kind::Dict)
            return where + "." + field + " is a " + pickle::toString(doc_.kind(dict)) + ", not a dict";
        std::vector<std::string> skip;
        if (!parameters) {
            const pickle::Value& set = doc_.at(doc_.get(module, "_non_persistent_buffers_set"));
            if (set.kind == Kind::List)
                for (Ref s : set.items)
                    skip.push_back(doc_.str(s));
        }
        const auto& items = doc_.at(dict).items;
        for (size_t i = 0; i + 1 < items.size(); i += 2) {
            const std::string name = keyText(items[i]);
            const Ref t = items[i + 1];
            if (doc_.isNone(t) || std::find(skip.begin(), skip.end(), name) != skip.end())
                continue;
            if (doc_.kind(t) != Kind::Tensor)
                return prefix + name + " is a " +
                       (doc_.kind(t) == Kind::Object ? doc_.qualifiedName(t) : pickle::toString(doc_.kind(t))) +
                       ", not a tensor";
            out_.push_back({prefix + name, t, parameters});
        }
        return {};
    }

    const Document& doc_;
    std::vector<NamedTensor>& out_;
    std::vector<Ref> path_;
};

// ---------------------------------------------------------------------------------------------------------
// Recognising the checkpoint.

struct TaskName {
    const char* name;
    ModelTask task;
};

// Ultralytics model classes (ultralytics/nn/tasks.py) and head classes (ultralytics/nn/modules/head.py), up to
// 8.4 (YOLO26's Segment26/Pose26/OBB26 heads, SemanticSegmentationModel and DepthModel; DepthModel derives from
// DetectionModel, so the head decides before the class).
constexpr TaskName kModelClasses[] = {
    {"DetectionModel", ModelTask::Detect},     {"WorldModel", ModelTask::Detect},
    {"YOLOEModel", ModelTask::Detect},         {"RTDETRDetectionModel", ModelTask::Detect},
    {"SegmentationModel", ModelTask::Segment}, {"YOLOESegModel", ModelTask::Segment},
    {"PoseModel", ModelTask::Pose},            {"OBBModel", ModelTask::Obb},
    {"ClassificationModel", ModelTask::Classify}, {"SemanticSegmentationModel", ModelTask::Semantic},
    {"DepthModel", ModelTask::Depth},
};
constexpr TaskName kHeads[] = {
    {"Detect", ModelTask::Detect},   {"v10Detect", ModelTask::Detect},      {"WorldDetect", ModelTask::Detect},
    {"YOLOEDetect", ModelTask::Detect}, {"RTDETRDecoder", ModelTask::Detect}, {"Segment", ModelTask::Segment},
    {"Segment26", ModelTask::Segment}, {"YOLOESegment", ModelTask::Segment}, {"YOLOESegment26", ModelTask::Segment},
    {"Pose", ModelTask::Pose},       {"Pose26", ModelTask::Pose},           {"OBB", ModelTask::Obb},
    {"OBB26", ModelTask::Obb},       {"Classify", ModelTask::Classify},   {"SemanticSegment", ModelTask::Semantic},
    {"Depth", ModelTask::Depth},
};

template <size_t N>
ModelTask lookupTask(const TaskName (&table)[N], const std::string& name)
{
    for (const TaskName& t : table)
        if (name == t.name)
            return t.task;
    return ModelTask::Unknown;
}

// "detect", "segment", ... (Ultralytics' `task` strings, the same words as toString(ModelTask)).
ModelTask taskOfName(const std::string& name)
{
    for (ModelTask t : {ModelTask::Detect, ModelTask::Segment, ModelTask::Pose, ModelTask::Obb, ModelTask::Classify,
                        ModelTask::Semantic, ModelTask::Depth})
        if (name == toString(t))
            return t;
    return ModelTask::Unknown;
}

std::string isoTime(fs::file_time_type t)
{
    const auto sys = std::chrono::time_point_cast<std::chrono::seconds>(
        t - fs::file_time_type::clock::now() + std::chrono::system_clock::now());
    const std::time_t tt = std::chrono::system_clock::to_time_t(sys);
    std::tm tm{};
    localtime_r(&tt, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    return buf;
}

// A checkpoint read as far as its pickle, recognised.
struct Parsed {
    std::unique_ptr<Archive> archive;
    Document doc;
    CheckpointInfo info;
    Ref model = kNone;                // Ultralytics: the DetectionModel object whose weights are used
    std::vector<NamedTensor> tensors;  // its state dict
};

// The values of a small tensor (Detect strides), read from its record; empty when unreadable.
std::vector<double> smallTensorValues(Parsed& p, Ref t)
{
    std::vector<double> values;
    if (p.doc.kind(t) != Kind::Tensor)
        return values;
    const pickle::TensorRef& tr = p.doc.tensor(t);
    const pickle::StorageRef& s = p.doc.storage(t);
    if (tr.sizes.size() != 1 || tr.sizes[0] > 16)
        return values;
    size_t n = 0;
    auto rec = p.archive->record("data/" + s.key, &n);
    if (!rec)
        return values;
    const auto* bytes = static_cast<const unsigned char*>((*rec)->get());
    const int es = pickle::elementSize(s.dtype);
    for (int64_t i = 0; i < tr.sizes[0]; ++i) {
        const int64_t e = tr.offset + i * tr.strides[0];
        if (static_cast<uint64_t>((e + 1) * es) > n)
            return {};
        const unsigned char* q = bytes + e * es;
        switch (s.dtype) {
        case pickle::DType::Float32: { float f; std::memcpy(&f, q, 4); values.push_back(f); break; }
        case pickle::DType::Float64: { double d; std::memcpy(&d, q, 8); values.push_back(d); break; }
        case pickle::DType::Float16: {
            c10::Half h;
            std::memcpy(&h, q, 2);
            values.push_back(static_cast<float>(h));
            break;
        }
        case pickle::DType::Int64: { int64_t v; std::memcpy(&v, q, 8); values.push_back(static_cast<double>(v)); break; }
        case pickle::DType::Int32: { int32_t v; std::memcpy(&v, q, 4); values.push_back(v); break; }
        default: return {};
        }
    }
    return values;
}

void countTensors(Parsed& p)
{
    std::unordered_set<Ref> seen;
    p.info.tensors = static_cast<int64_t>(p.tensors.size());
    bool first = true;
    for (const NamedTensor& t : p.tensors) {
        if (!t.parameter)
            continue;
        if (first) {
            const pickle::DType d = p.doc.storage(t.tensor).dtype;
            p.info.fp16 = d == pickle::DType::Float16 || d == pickle::DType::BFloat16;
            first = false;
        }
        if (seen.insert(t.tensor).second)  // a parameter shared by two modules counts once, as in torch
            p.info.parameters += p.doc.tensor(t.tensor).numel();
    }
}

void readTrainArgs(const Document& doc, Ref args, CheckpointInfo& info)
{
    const auto& items = doc.at(args).items;
    for (size_t i = 0; i + 1 < items.size(); i += 2) {
        const std::string key = doc.str(items[i], doc.repr(items[i], 1, 64));
        const Ref v = items[i + 1];
        info.trainArgs.emplace_back(key, doc.repr(v, 3, 400));
        if (key == "imgsz")
            info.imgsz = readImgsz(doc, v);
        else if (key == "epochs")
            info.epochs = static_cast<int>(std::clamp<int64_t>(doc.integer(v), 0, 1 << 30));
        else if (key == "data" && doc.kind(v) == Kind::String)
            info.data = doc.str(v);
    }
}

std::optional<Error> describeUltralytics(Parsed& p, Ref root)
{
    Document& doc = p.doc;
    CheckpointInfo& info = p.info;
    const Ref m = p.model;
    info.format = CheckpointFormat::Ultralytics;
    info.modelClass = doc.className(m);

    // Layers and head: the model's Sequential `model`.
    const Ref seq = doc.get(doc.get(m, "_modules"), "model");
    const Ref layers = doc.get(seq, "_modules");
    if (doc.kind(layers) == Kind::Dict) {
        const auto& items = doc.at(layers).items;
        for (size_t i = 1; i < items.size(); i += 2)
            info.layerTypes.push_back(doc.className(items[i]));
        if (!info.layerTypes.empty())
            info.headClass = info.layerTypes.back();
    }
    info.task = lookupTask(kHeads, info.headClass);
    if (info.task == ModelTask::Unknown || info.task == ModelTask::Detect) {
        const ModelTask byClass = lookupTask(kModelClasses, info.modelClass);
        if (byClass != ModelTask::Unknown)
            info.task = byClass;
    }
    if (info.task == ModelTask::Unknown)
        info.task = taskOfName(doc.str(doc.get(m, "task")));

    // The model YAML.
    const Ref yaml = doc.get(m, "yaml");
    if (doc.kind(yaml) == Kind::Dict) {
        auto text = weights::pickledYamlText(doc, yaml);
        if (!text)
            return fileError("weights.yaml", "the model's YAML " + text.error().message, info.path);
        info.modelYaml = std::move(*text);
        info.endToEnd = endToEndOf(info.modelYaml);
        info.yamlFile = doc.str(doc.get(yaml, "yaml_file"));
        const std::string scale = doc.str(doc.get(yaml, "scale"));
        if (scale.size() == 1)
            info.scale = scale[0];
        info.nc = static_cast<int>(std::clamp<int64_t>(doc.integer(doc.get(yaml, "nc")), 0, kMaxClasses));
    }
    if (!info.yamlFile.empty())
        familyAndScale(info.yamlFile, info.scale, info.family);

    info.names = readNames(doc, doc.get(m, "names"));
    bool hasNc = false;
    const Ref nc = doc.get(m, "nc", &hasNc);
    if (hasNc && doc.kind(nc) == Kind::Int)
        info.nc = static_cast<int>(std::clamp<int64_t>(doc.integer(nc), 0, kMaxClasses));
    if (info.nc == 0)
        info.nc = static_cast<int>(info.names.size());
    for (double s : smallTensorValues(p, doc.get(m, "stride")))
        info.strides.push_back(static_cast<int>(std::lround(s)));

    // What the trainer recorded.
    Ref args = dictOf(doc, doc.get(root, "train_args"));
    if (args == kNone)
        args = dictOf(doc, doc.get(m, "args"));
    if (args != kNone)
        readTrainArgs(doc, args, info);
    // Neither head nor class known: the task the trainer recorded (model.args, an IterableSimpleNamespace in
    // an unstripped file, else train_args), as Ultralytics' guess_model_task reads it.
    for (const Ref a : {dictOf(doc, doc.get(m, "args")), dictOf(doc, doc.get(root, "train_args"))})
        if (info.task == ModelTask::Unknown && a != kNone)
            info.task = taskOfName(doc.str(doc.get(a, "task")));
    info.date = doc.str(doc.get(root, "date"));
    info.version = doc.str(doc.get(root, "version"));
    bool hasEpoch = false;
    const Ref epoch = doc.get(root, "epoch", &hasEpoch);
    if (hasEpoch && doc.kind(epoch) == Kind::Int && doc.integer(epoch) >= 0)
        info.epoch = static_cast<int>(std::min<int64_t>(doc.integer(epoch), 1 << 30)) + 1;  // 0-based there
    info.bestFitness = doc.number(doc.get(root, "best_fitness"), -1.0);
    info.hasEma = !doc.isNone(doc.get(root, "ema"));
    info.hasOptimizer = !doc.isNone(doc.get(root, "optimizer"));

    ModuleWalker walker(doc, p.tensors);
    const std::string err = walker.walk(m, "", 0);
    if (!err.empty())
        return fileError("weights.tensor", err, info.path);
    countTensors(p);
    return std::nullopt;
}

// YOLO Studio's own checkpoint: a TorchScript archive (torch::serialize::OutputArchive) whose root object
// holds `meta` (JSON text), `model` / `ema` submodules and `optimizer`.
std::optional<Error> describeStudio(Parsed& p, const std::string& metaText)
{
    Document& doc = p.doc;
    CheckpointInfo& info = p.info;
    const Ref root = doc.root();
    const auto j = nlohmann::json::parse(metaText, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return fileError("weights.meta", "the checkpoint's metadata is not valid JSON", info.path);
    info.format = CheckpointFormat::Studio;
    info.version = kStudioFormat;
    info.task = ModelTask::Detect;
    info.modelClass = "DetectionModel";
    info.headClass = "Detect";
    try {
        info.epoch = j.value("epoch", -1);
        info.bestFitness = j.value("best_fitness", -1.0);
        info.modelYaml = j.value("model_yaml", "");
        info.endToEnd = endToEndOf(info.modelYaml);
        info.yamlFile = j.value("model_name", "");
        const std::string scale = j.value("scale", "");
        info.scale = scale.size() == 1 ? scale[0] : '\0';
        info.names = j.value("names", std::vector<std::string>{});
        info.imgsz = j.value("imgsz", 0);
        const std::string argsYaml = j.value("args_yaml", "");
        if (!argsYaml.empty()) {
            const YAML::Node args = YAML::Load(argsYaml);
            if (args.IsMap())
                for (const auto& kv : args) {
                    const std::string key = kv.first.as<std::string>("");
                    const std::string value = kv.second.IsScalar() ? kv.second.Scalar() : YAML::Dump(kv.second);
                    info.trainArgs.emplace_back(key, value);
                    if (key == "epochs")
                        info.epochs = kv.second.as<int>(0);
                    else if (key == "data")
                        info.data = value;
                }
        }
    } catch (const std::exception& e) {  // nlohmann type errors, yaml-cpp parse errors
        return fileError("weights.meta", std::string("the checkpoint's metadata is malformed: ") + e.what(),
                         info.path);
    }
    info.nc = static_cast<int>(info.names.size());
    familyAndScale(info.yamlFile, info.scale, info.family);
    info.hasEma = doc.kind(doc.get(root, "ema")) == Kind::Object;
    info.hasOptimizer = doc.kind(doc.get(root, "optimizer")) == Kind::Object;
    std::error_code ec;
    const auto mtime = fs::last_write_time(info.path, ec);
    if (!ec)
        info.date = isoTime(mtime);
    return std::nullopt;
}

// Every tensor under a TorchScript module object: its attributes in order, submodules recursively.
void collectScriptTensors(const Document& doc, Ref obj, const std::string& prefix, int depth,
                          std::vector<NamedTensor>& out)
{
    if (depth > kMaxModuleDepth)
        return;
    const Ref state = doc.objectState(obj);
    if (doc.kind(state) != Kind::Dict)
        return;
    const auto& items = doc.at(state).items;
    for (size_t i = 0; i + 1 < items.size(); i += 2) {
        const std::string name = doc.str(items[i]);
        const Ref v = items[i + 1];
        if (doc.kind(v) == Kind::Tensor)
            out.push_back({prefix + name, v, true});
        else if (doc.kind(v) == Kind::Object && v != obj)
            collectScriptTensors(doc, v, prefix + name + ".", depth + 1, out);
    }
}

// Studio files count their parameters from the weights they hold (BatchNorm statistics are buffers).
void countStudioTensors(Parsed& p)
{
    const Ref root = p.doc.root();
    Ref weights = p.doc.get(root, "ema");
    if (p.doc.kind(weights) != Kind::Object)
        weights = p.doc.get(root, "model");
    if (p.doc.kind(weights) != Kind::Object)
        return;
    collectScriptTensors(p.doc, weights, "", 0, p.tensors);
    for (NamedTensor& t : p.tensors) {
        const std::string leaf = t.name.substr(t.name.rfind('.') + 1);
        t.parameter = leaf != "running_mean" && leaf != "running_var" && leaf != "num_batches_tracked";
    }
    countTensors(p);
}

bool plainStateDict(const Document& doc, Ref dict)
{
    const auto& items = doc.at(dict).items;
    if (items.empty())
        return false;
    for (size_t i = 1; i < items.size(); i += 2)
        if (doc.kind(items[i]) != Kind::Tensor)
            return false;
    return true;
}

// What the root of the pickle is, and which object holds the weights.
std::optional<Error> recognise(Parsed& p)
{
    Document& doc = p.doc;
    CheckpointInfo& info = p.info;
    const Ref root = doc.root();
    if (doc.kind(root) == Kind::Dict) {
        bool hasModel = false, hasEma = false;
        const Ref model = doc.get(root, "model", &hasModel);
        const Ref ema = doc.get(root, "ema", &hasEma);
        if (hasModel || hasEma) {
            p.model = doc.kind(ema) == Kind::Object ? ema : model;  // Ultralytics: ckpt.get("ema") or ckpt["model"]
            // Ultralytics 8.4's knowledge distillation saves its last.pt as a DistillationModel holding the
            // trained model as `student_model` (the teacher stripped); strip_optimizer keeps the student alone.
            if (doc.className(p.model) == "DistillationModel") {
                const Ref student = doc.get(doc.get(p.model, "_modules"), "student_model");
                if (doc.kind(student) == Kind::Object)
                    p.model = student;
            }
            if (doc.kind(p.model) == Kind::Object)
                return describeUltralytics(p, root);
            if (doc.kind(p.model) == Kind::Dict && plainStateDict(doc, p.model)) {
                info.tensors = static_cast<int64_t>(doc.at(p.model).items.size() / 2);
                info.note = "'model' is a plain state dict (" + std::to_string(info.tensors) +
                            " tensors) without the model's description";
                return std::nullopt;
            }
            return fileError("weights.no_model", "the checkpoint holds no model ('model' and 'ema' are " +
                                                     doc.repr(p.model, 1, 60) + ")",
                             info.path);
        }
        if (plainStateDict(doc, root)) {
            info.note = "a plain state dict (" + std::to_string(doc.at(root).items.size() / 2) +
                        " tensors) without the model's description";
            info.tensors = static_cast<int64_t>(doc.at(root).items.size() / 2);
            return std::nullopt;
        }
        info.note = "a pickled dict without 'model' or 'ema'";
        return std::nullopt;
    }
    if (doc.kind(root) == Kind::Object) {
        const Ref meta = doc.get(root, "meta");
        if (doc.kind(meta) == Kind::String && doc.str(meta).find(kStudioFormat) != std::string::npos) {
            if (auto err = describeStudio(p, doc.str(meta)))
                return err;
            countStudioTensors(p);
            return std::nullopt;
        }
        bool hasModules = false;
        doc.get(root, "_modules", &hasModules);
        if (hasModules && lookupTask(kModelClasses, doc.className(root)) != ModelTask::Unknown) {
            p.model = root;  // torch.save(model)
            return describeUltralytics(p, root);
        }
        // torch.save(YOLO(...)): the YOLO object (an nn.Module) holds the model as its submodule `model`.
        Ref inner = doc.get(doc.get(root, "_modules"), "model");
        if (doc.kind(inner) != Kind::Object)
            inner = doc.get(root, "model");
        if (doc.kind(inner) == Kind::Object && lookupTask(kModelClasses, doc.className(inner)) != ModelTask::Unknown) {
            p.model = inner;
            return describeUltralytics(p, root);
        }
        info.note = doc.qualifiedName(root).compare(0, 9, "__torch__") == 0
                        ? "a TorchScript module (" + doc.qualifiedName(root) + "), not a training checkpoint"
                        : "a pickled " + doc.qualifiedName(root) + ", not a checkpoint";
        return std::nullopt;
    }
    info.note = std::string("a pickled ") + pickle::toString(doc.kind(root)) + ", not a checkpoint";
    return std::nullopt;
}

Expected<Parsed> parse(const std::string& path)
{
    Parsed p;
    p.info.path = path;
    auto archive = Archive::open(path);
    if (!archive)
        return archive.error();
    p.archive = std::move(*archive);
    if (p.archive->has("byteorder")) {
        auto order = p.archive->text("byteorder");
        if (order && order->compare(0, 3, "big") == 0)
            return fileError("weights.not_zip", "the checkpoint was written on a big-endian machine (not supported)",
                             path);
    }
    if (!p.archive->has("data.pkl"))
        return fileError("weights.no_pickle", "the archive has no data.pkl (not a torch.save checkpoint)", path);
    size_t n = 0;
    auto bytes = p.archive->record("data.pkl", &n);
    if (!bytes)
        return fileError("weights.not_zip", bytes.error().message, path);
    auto doc = pickle::unpickle(std::string_view(static_cast<const char*>((*bytes)->get()), n), path, "data.pkl");
    if (!doc)
        return doc.error();
    p.doc = std::move(*doc);
    if (auto err = recognise(p))
        return *err;
    return p;
}

// ---------------------------------------------------------------------------------------------------------
// Tensors.

c10::ScalarType torchType(pickle::DType t)
{
    switch (t) {
    case pickle::DType::Float16: return torch::kHalf;
    case pickle::DType::BFloat16: return torch::kBFloat16;
    case pickle::DType::Float32: return torch::kFloat;
    case pickle::DType::Float64: return torch::kDouble;
    case pickle::DType::Int8: return torch::kChar;
    case pickle::DType::UInt8: return torch::kByte;
    case pickle::DType::Int16: return torch::kShort;
    case pickle::DType::Int32: return torch::kInt;
    case pickle::DType::Int64: return torch::kLong;
    case pickle::DType::Bool: return torch::kBool;
    }
    return torch::kFloat;
}

class TensorReader {
public:
    explicit TensorReader(Parsed& p) : p_(p)
    {
        for (const NamedTensor& nt : p.tensors)
            ++uses_[p.doc.storage(nt.tensor).key];
    }

    Expected<torch::Tensor> read(const NamedTensor& nt)
    {
        const pickle::StorageRef& s = p_.doc.storage(nt.tensor);
        const pickle::TensorRef& t = p_.doc.tensor(nt.tensor);
        auto base = storage(s, nt.name);
        if (!base)
            return base.error();
        // A record is dropped after its last tensor: the next record's buffer reuses its memory instead of
        // faulting in fresh pages (the largest cost of reading an x-scale file).
        if (--uses_[s.key] == 0)
            cache_.erase(s.key);
        torch::Tensor view = base->as_strided(t.sizes, t.strides, t.offset);
        if (view.is_floating_point() && view.scalar_type() != torch::kFloat)
            return view.to(torch::kFloat, false, false, torch::MemoryFormat::Contiguous);
        // A view that is its whole record keeps the record; any other gets its own memory.
        if (t.offset == 0 && view.numel() == s.numel && view.is_contiguous())
            return view;
        return view.clone(torch::MemoryFormat::Contiguous);
    }

private:
    // The storage as a 1-D tensor over its record (read once per key).
    Expected<torch::Tensor> storage(const pickle::StorageRef& s, const std::string& name)
    {
        auto hit = cache_.find(s.key);
        if (hit != cache_.end())
            return hit->second;
        const std::string record = "data/" + s.key;
        size_t n = 0;
        auto rec = p_.archive->record(record, &n);
        if (!rec)
            return fileError("weights.tensor", name + ": " + rec.error().message, p_.info.path);
        const uint64_t need = static_cast<uint64_t>(s.numel) * static_cast<uint64_t>(pickle::elementSize(s.dtype));
        if (n < need)
            return fileError("weights.tensor",
                             name + ": record " + record + " holds " + std::to_string(n) + " bytes, its storage needs " +
                                 std::to_string(need),
                             p_.info.path);
        std::shared_ptr<at::DataPtr> keep = *rec;
        torch::Tensor t = torch::from_blob(
            keep->get(), {s.numel}, [keep](void*) {}, torch::TensorOptions().dtype(torchType(s.dtype)));
        cache_.emplace(s.key, t);
        return t;
    }

    Parsed& p_;
    std::map<std::string, torch::Tensor> cache_;  // records still needed by a later tensor
    std::map<std::string, int> uses_;              // tensors of each storage not read yet
};

}  // namespace

Expected<CheckpointInfo> inspectCheckpoint(const std::string& path)
{
    auto p = parse(path);
    if (!p)
        return p.error();
    return std::move(p->info);
}

Expected<UltralyticsWeights> loadUltralyticsWeights(const std::string& path, const ProgressFn& progress,
                                                    const CancelToken* cancel)
{
    auto parsed = parse(path);
    if (!parsed)
        return parsed.error();
    Parsed& p = *parsed;
    if (p.info.format == CheckpointFormat::Studio)
        return fileError("weights.format",
                         "a YOLO Studio checkpoint, not an Ultralytics one (loaded by the trainer's own loader)", path);
    if (p.info.format != CheckpointFormat::Ultralytics)
        return fileError("weights.format", "not an Ultralytics checkpoint: " + p.info.note, path);
    if (auto err = requireDetection(p.info))
        return *err;
    UltralyticsWeights out;
    out.stateDict.reserve(p.tensors.size());
    TensorReader reader(p);
    const int64_t total = static_cast<int64_t>(p.tensors.size());
    try {
        for (size_t i = 0; i < p.tensors.size(); ++i) {
            if (cancel && cancel->cancelled())
                return fileError("weights.cancelled", "reading the weights was cancelled", path);
            auto t = reader.read(p.tensors[i]);
            if (!t)
                return t.error();
            out.stateDict.emplace_back(p.tensors[i].name, std::move(*t));
            if (progress && (i % 32 == 31 || i + 1 == p.tensors.size()))
                progress({ProgressStage::Weights, static_cast<int64_t>(i) + 1, total});
        }
    } catch (const c10::Error& e) {
        return fileError("weights.tensor", std::string("could not read the weights: ") + e.what_without_backtrace(),
                         path);
    }
    out.info = std::move(p.info);
    return out;
}

bool isWeightsFile(const std::string& model)
{
    const size_t dot = model.find_last_of("./");
    if (dot == std::string::npos || model[dot] != '.')
        return false;
    std::string ext = model.substr(dot);
    for (char& c : ext)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".pt" || ext == ".pth";
}

}  // namespace ys
