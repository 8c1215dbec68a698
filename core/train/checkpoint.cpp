// Checkpoints: model + EMA + optimizer + progress, written atomically, read back onto a device.
#include "train/internal/checkpoint.h"

#include "common/fileutil.h"
#include "weights/checkpoint.h"
#include "weights/internal/ultralytics.h"
#include "common/internal/torcherror.h"
#include "train/internal/gradscaler.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace fs = std::filesystem;

namespace ys {

namespace {

// LibTorch's reader messages run over several lines (the archive's record list); users get the first.
std::string firstLine(const std::string& text)
{
    return text.substr(0, text.find('\n'));
}

}  // namespace

std::string modelYamlText(const ModelSpec& spec)
{
    if (!spec.yamlText.empty())
        return spec.yamlText;
    if (const char* text = builtinModelYaml(spec.source); spec.builtin && text)
        return text;
    auto text = readFile(spec.source);
    return text ? *text : std::string();
}

std::string metaToJson(const CheckpointMeta& m)
{
    nlohmann::json j;
    j["format"] = "yolostudio-checkpoint-1";
    j["epoch"] = m.epoch;
    j["best_fitness"] = m.bestFitness;
    j["best_epoch"] = m.bestEpoch;
    j["ema_updates"] = m.emaUpdates;
    j["micro_batch"] = m.microBatch;
    j["batch"] = m.batch;
    j["scaler_scale"] = m.scalerScale;
    j["elapsed"] = m.elapsed;
    j["epochs_without_improvement"] = m.epochsWithoutImprovement;
    j["optimizer"] = m.optimizerName;
    j["lr0"] = m.lr0;
    j["args_yaml"] = m.argsYaml;
    j["model_yaml"] = m.modelYaml;
    j["model_name"] = m.modelName;
    j["scale"] = m.scale ? std::string(1, m.scale) : std::string();
    j["names"] = m.names;
    j["imgsz"] = m.imgsz;
    if (!m.classes.empty())
        j["classes"] = m.classes;
    return j.dump();
}

Expected<CheckpointMeta> metaFromJson(const std::string& text)
{
    auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || j.value("format", "") != "yolostudio-checkpoint-1")
        return Error{"checkpoint.meta", "not a YOLO Studio checkpoint (missing or unknown format)", {}, 0, 0};
    CheckpointMeta m;
    m.epoch = j.value("epoch", 0);
    m.bestFitness = j.value("best_fitness", -1.0);
    m.bestEpoch = j.value("best_epoch", 0);
    m.emaUpdates = j.value("ema_updates", int64_t(0));
    m.microBatch = j.value("micro_batch", 0);
    m.batch = j.value("batch", 0);
    m.scalerScale = j.value("scaler_scale", GradScaler::kInitialScale);
    m.elapsed = j.value("elapsed", 0.0);
    m.epochsWithoutImprovement = j.value("epochs_without_improvement", 0);
    m.optimizerName = j.value("optimizer", "");
    m.lr0 = j.value("lr0", 0.0);
    m.argsYaml = j.value("args_yaml", "");
    m.modelYaml = j.value("model_yaml", "");
    m.modelName = j.value("model_name", "");
    const std::string sc = j.value("scale", "");
    m.scale = sc.empty() ? '\0' : sc[0];
    m.names = j.value("names", std::vector<std::string>{});
    m.imgsz = j.value("imgsz", 640);
    m.classes = j.value("classes", std::vector<int>{});
    return m;
}

std::optional<Error> saveCheckpoint(const std::string& path, const CheckpointMeta& meta, DetectionModel* model,
                                    DetectionModel* ema, torch::optim::Optimizer* optimizer)
{
    try {
        torch::serialize::OutputArchive archive;
        archive.write("meta", c10::IValue(metaToJson(meta)));
        if (model && *model) {
            torch::serialize::OutputArchive m;
            (*model)->save(m);
            archive.write("model", m);
        }
        if (ema && *ema) {
            torch::serialize::OutputArchive e;
            (*ema)->save(e);
            archive.write("ema", e);
        }
        if (optimizer) {
            torch::serialize::OutputArchive o;
            optimizer->save(o);
            archive.write("optimizer", o);
        }
        std::error_code ec;
        fs::create_directories(fs::path(path).parent_path(), ec);
        const std::string tmp = tempPathFor(path);
        archive.save_to(tmp);
        return commitFileAtomic(tmp, path);
    } catch (const std::exception& e) {
        return Error{"checkpoint.write", "could not write the checkpoint: " + exceptionText(e), path, 0, 0};
    }
}

namespace {

Expected<ModelSpec> specFromMeta(const CheckpointMeta& meta)
{
    // Rebuild from the YAML text stored in the checkpoint, so a moved or edited YAML does not matter.
    return parseModelSpec(meta.modelYaml, meta.modelName, static_cast<int>(meta.names.size()), meta.scale);
}

// An Ultralytics checkpoint as a LoadedCheckpoint: its weights (the EMA when present) as `ema`, no training state.
Expected<LoadedCheckpoint> loadUltralyticsCheckpoint(const std::string& path, const torch::Device& device)
{
    auto weights = loadUltralyticsWeights(path);
    if (!weights)
        return weights.error();
    auto built = modelFromCheckpoint(*weights);
    if (!built)
        return built.error();
    const CheckpointInfo& info = weights->info;
    LoadedCheckpoint out;
    out.path = path;
    out.ultralytics = true;
    out.spec = built->spec;
    out.meta.epoch = std::max(info.epoch, 0);
    out.meta.bestFitness = info.bestFitness;
    out.meta.modelYaml = info.modelYaml;
    out.meta.modelName = info.yamlFile;
    out.meta.scale = built->spec.scale;
    out.meta.names = info.names;
    for (int i = static_cast<int>(out.meta.names.size()); i < built->spec.nc; ++i)
        out.meta.names.push_back(std::to_string(i));  // a file without names: ids, as Ultralytics shows them
    out.meta.names.resize(static_cast<size_t>(built->spec.nc));
    out.meta.imgsz = info.imgsz > 0 ? info.imgsz : 640;
    out.ema = built->model;
    out.ema->to(device);
    out.ema->eval();
    return out;
}

}  // namespace

Expected<CheckpointModel> startingModel(const std::string& path, int nc)
{
    auto info = inspectCheckpoint(path);
    if (!info)
        return info.error();
    if (info->format == CheckpointFormat::Ultralytics) {
        auto weights = loadUltralyticsWeights(path);
        if (!weights)
            return weights.error();
        return modelFromCheckpoint(*weights, nc);
    }
    // One of ours: its inference weights under the same names, rebuilt from the YAML it stores.
    auto ck = loadCheckpoint(path, torch::Device(torch::kCPU));
    if (!ck)
        return ck.error();
    UltralyticsWeights own;
    own.info.path = path;
    own.info.modelYaml = ck->meta.modelYaml;
    own.info.yamlFile = ck->meta.modelName;
    own.info.nc = ck->spec.nc;
    own.info.scale = ck->spec.scale;
    own.stateDict = stateDictOf(*inferenceModel(*ck));
    return modelFromCheckpoint(own, nc);
}

Expected<LoadedCheckpoint> loadCheckpoint(const std::string& path, const torch::Device& device)
{
    std::error_code ec;
    if (!fs::exists(path, ec))
        return Error{"checkpoint.missing", "checkpoint not found", path, 0, 0};
    if (fs::is_directory(path, ec))
        return Error{"checkpoint.read", "this is a folder, not a checkpoint file (weights/last.pt or best.pt)", path,
                     0, 0};
    // The container and pickle first: a damaged or foreign file is a one-line error naming it (never LibTorch's).
    auto info = inspectCheckpoint(path);
    if (!info)
        return info.error();
    if (info->format == CheckpointFormat::Ultralytics)
        return loadUltralyticsCheckpoint(path, device);
    if (info->format != CheckpointFormat::Studio)
        return Error{"checkpoint.format",
                     "neither a YOLO Studio nor an Ultralytics checkpoint" + (info->note.empty() ? "" : ": " + info->note),
                     path, 0, 0};
    LoadedCheckpoint out;
    out.path = path;
    try {
        torch::serialize::InputArchive archive;
        archive.load_from(path, device);
        c10::IValue metaValue;
        if (!archive.try_read("meta", metaValue) || !metaValue.isString())
            return Error{"checkpoint.meta", "not a YOLO Studio checkpoint (no metadata)", path, 0, 0};
        auto meta = metaFromJson(metaValue.toStringRef());
        if (!meta)
            return Error{meta.error().code, meta.error().message, path, 0, 0};
        out.meta = *meta;
        auto spec = specFromMeta(out.meta);
        if (!spec)
            return Error{spec.error().code, "the model stored in the checkpoint is invalid: " + spec.error().message,
                         path, 0, 0};
        out.spec = *spec;
        torch::serialize::InputArchive sub;
        if (archive.try_read("model", sub)) {
            out.model = DetectionModel(out.spec);
            out.model->load(sub);
            out.model->to(device);
        }
        torch::serialize::InputArchive emaSub;
        if (archive.try_read("ema", emaSub)) {
            out.ema = DetectionModel(out.spec);
            out.ema->load(emaSub);
            out.ema->to(device);
            out.ema->eval();
        }
        if (!out.model && !out.ema)
            return Error{"checkpoint.empty", "the checkpoint holds no weights", path, 0, 0};
        torch::serialize::InputArchive optSub;
        out.hasOptimizer = archive.try_read("optimizer", optSub);
    } catch (const std::exception& e) {
        return Error{"checkpoint.read", "not a YOLO Studio checkpoint, or a damaged one: " + firstLine(exceptionText(e)),
                     path, 0, 0};
    }
    return out;
}

std::optional<Error> loadOptimizerState(const std::string& path, torch::optim::Optimizer& optimizer,
                                        const torch::Device& device)
{
    try {
        torch::serialize::InputArchive archive;
        archive.load_from(path, device);
        torch::serialize::InputArchive sub;
        if (!archive.try_read("optimizer", sub))
            return Error{"checkpoint.no_optimizer", "the checkpoint has no optimizer state (a best.pt?)", path, 0, 0};
        optimizer.load(sub);
    } catch (const std::exception& e) {
        return Error{"checkpoint.optimizer", "could not restore the optimizer: " + firstLine(exceptionText(e)), path, 0, 0};
    }
    return std::nullopt;
}

}  // namespace ys
