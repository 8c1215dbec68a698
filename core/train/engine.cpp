// Device/AMP selection, loss scaling and checkpoints shared by training, validation and prediction.
#include "train/internal/engine.h"

#include "common/fileutil.h"

#ifdef YS_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace fs = std::filesystem;

namespace ys {

Expected<torch::Device> resolveDevice(const std::string& device)
{
    std::string d = device;
    std::transform(d.begin(), d.end(), d.begin(), ::tolower);
    if (d.empty() || d == "cpu")
        return torch::Device(torch::kCPU);
    int index = 0;
    if (d == "cuda")
        index = 0;
    else if (d.rfind("cuda:", 0) == 0)
        index = std::atoi(d.c_str() + 5);
    else if (std::all_of(d.begin(), d.end(), ::isdigit))
        index = std::atoi(d.c_str());
    else
        return Error{"device.unknown", "unknown device '" + device + "': use cpu, 0 or cuda:0", {}, 0, 0};
    if (!torch::cuda::is_available())
        return Error{"device.no_cuda",
                     "device '" + device + "' asks for a GPU, but this build of LibTorch or this machine has no "
                     "CUDA device; use device=cpu or build against a CUDA LibTorch",
                     {}, 0, 0};
    if (index >= static_cast<int>(torch::cuda::device_count()))
        return Error{"device.index", "there is no CUDA device " + std::to_string(index) + " (found " +
                                         std::to_string(torch::cuda::device_count()) + ")",
                     {}, 0, 0};
    return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
}

torch::Tensor sliceTargets(const torch::Tensor& targets, int64_t begin, int64_t end)
{
    if (targets.size(0) == 0)
        return targets;
    const torch::Tensor idx = targets.select(1, 0);
    torch::Tensor t = targets.index({(idx >= begin).logical_and(idx < end)}).clone();
    t.select(1, 0).sub_(static_cast<double>(begin));
    return t;
}

// ---------------------------------------------------------------------------------------------------------
// Growth/backoff constants of the usual dynamic loss scaler: double after 2000 clean steps, halve on inf.
constexpr double kScalerInit = 65536.0;
constexpr double kScalerGrowth = 2.0;
constexpr double kScalerBackoff = 0.5;
constexpr int64_t kScalerInterval = 2000;

GradScaler::GradScaler(bool enabled, const torch::Device& device) : enabled_(enabled)
{
    if (!enabled_)
        return;
    scale_ = torch::full({1}, kScalerInit, torch::TensorOptions().dtype(torch::kFloat32).device(device));
    growthTracker_ = torch::zeros({1}, torch::TensorOptions().dtype(torch::kInt32).device(device));
    foundInf_ = torch::zeros({1}, torch::TensorOptions().dtype(torch::kFloat32).device(device));
}

torch::Tensor GradScaler::scale(const torch::Tensor& loss) const
{
    return enabled_ ? loss * scale_.to(loss.scalar_type()) : loss;
}

bool GradScaler::unscale(const std::vector<torch::Tensor>& params)
{
    if (!enabled_)
        return true;
    std::vector<torch::Tensor> grads;
    for (const auto& p : params)
        if (p.grad().defined())
            grads.push_back(p.grad());
    foundInf_.zero_();
    const torch::Tensor inv = scale_.to(torch::kFloat64).reciprocal().to(torch::kFloat32);
    at::_amp_foreach_non_finite_check_and_unscale_(grads, foundInf_, inv);
    return foundInf_.item<float>() == 0.0f;
}

void GradScaler::update(bool foundInf)
{
    if (!enabled_)
        return;
    foundInf_.fill_(foundInf ? 1.0f : 0.0f);
    at::_amp_update_scale_(scale_, growthTracker_, foundInf_, kScalerGrowth, kScalerBackoff, kScalerInterval);
}

double GradScaler::currentScale() const
{
    return enabled_ ? scale_.item<double>() : 1.0;
}

void GradScaler::setScale(double s)
{
    if (enabled_)
        scale_.fill_(s);
}

// ---------------------------------------------------------------------------------------------------------
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
    m.scalerScale = j.value("scaler_scale", kScalerInit);
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
        return Error{"checkpoint.write", std::string("could not write the checkpoint: ") + e.what(), path, 0, 0};
    }
}

namespace {

Expected<ModelSpec> specFromMeta(const CheckpointMeta& meta)
{
    // Rebuild from the YAML text stored in the checkpoint, so a moved or edited YAML does not matter.
    return parseModelSpec(meta.modelYaml, meta.modelName, static_cast<int>(meta.names.size()), meta.scale);
}

}  // namespace

Expected<LoadedCheckpoint> loadCheckpoint(const std::string& path, const torch::Device& device)
{
    if (!fs::exists(path))
        return Error{"checkpoint.missing", "checkpoint not found", path, 0, 0};
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
        return Error{"checkpoint.read", std::string("could not read the checkpoint (damaged or from another "
                                                    "version?): ") + e.what(),
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
        return Error{"checkpoint.optimizer", std::string("could not restore the optimizer: ") + e.what(), path, 0, 0};
    }
    return std::nullopt;
}

std::vector<Detection> toDetections(const torch::Tensor& nmsOut, float gain, float padX, float padY, int origW,
                                    int origH)
{
    std::vector<Detection> dets;
    if (!nmsOut.defined() || nmsOut.size(0) == 0)
        return dets;
    const torch::Tensor d = nmsOut.to(torch::kCPU, torch::kFloat32).contiguous();
    const float* p = d.data_ptr<float>();
    const int64_t n = d.size(0);
    dets.reserve(static_cast<size_t>(n));
    auto clampf = [](float v, float hi) { return std::min(std::max(v, 0.0f), hi); };
    for (int64_t i = 0; i < n; ++i, p += 6) {
        Detection det;
        det.x1 = clampf((p[0] - padX) / gain, static_cast<float>(origW));
        det.y1 = clampf((p[1] - padY) / gain, static_cast<float>(origH));
        det.x2 = clampf((p[2] - padX) / gain, static_cast<float>(origW));
        det.y2 = clampf((p[3] - padY) / gain, static_cast<float>(origH));
        det.conf = p[4];
        det.cls = static_cast<int>(p[5]);
        dets.push_back(det);
    }
    return dets;
}

bool isOutOfMemory(const std::exception& e)
{
    if (dynamic_cast<const c10::OutOfMemoryError*>(&e))
        return true;
    const std::string what = e.what();
    return what.find("out of memory") != std::string::npos || what.find("CUDA error: out of memory") != std::string::npos;
}

void releaseCachedMemory(const torch::Device& device)
{
#ifdef YS_WITH_CUDA
    if (device.is_cuda())
        c10::cuda::CUDACachingAllocator::emptyCache();
#else
    (void)device;
#endif
}

}  // namespace ys
