#include "common/presets.h"

#include <algorithm>

namespace ys {
namespace {

// What to train on, where, and how much memory the machine gives: a recipe does not choose these.
constexpr const char* kNotARecipe[] = {"data", "model", "resume", "device", "sync_bn", "vram", "project", "name", "exist_ok"};

bool isRecipeKey(const char* key)
{
    return std::none_of(std::begin(kNotARecipe), std::end(kNotARecipe),
                        [&](const char* k) { return std::string(k) == key; });
}

// Every recipe key at `values`' value; the order is the registry's.
std::vector<std::pair<std::string, std::string>> recipe(const TrainConfig& values)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const ConfigKey& k : configKeys())
        if (isRecipeKey(k.name))
            out.emplace_back(k.name, *values.get(k.name));
    return out;
}

// The listed keys at `values`' value, in registry order.
std::vector<std::pair<std::string, std::string>> changes(const TrainConfig& values,
                                                         const std::vector<std::string>& keys)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const ConfigKey& k : configKeys())
        if (std::find(keys.begin(), keys.end(), k.name) != keys.end())
            out.emplace_back(k.name, *values.get(k.name));
    return out;
}

TrainConfig yolov9ScratchHigh()
{
    // YOLOv9's data/hyps/hyp.scratch-high.yaml: Ultralytics' values but stronger scale, mixup, copy-paste.
    TrainConfig c;
    c.scale = 0.9;
    c.mixup = 0.15;
    c.copy_paste = 0.3;
    return c;
}

// The hyperparameter keys YOLOv9's hyp file sets (the ones this studio uses).
const std::vector<std::string> kYolov9HypKeys = {
    "lr0",   "lrf",   "momentum", "weight_decay", "warmup_epochs", "warmup_momentum", "warmup_bias_lr",
    "box",   "cls",   "dfl",      "hsv_h",        "hsv_s",         "hsv_v",           "degrees",
    "translate", "scale", "shear", "perspective", "flipud", "fliplr", "mosaic", "mixup", "copy_paste"};

TrainConfig lowMemory()
{
    TrainConfig c;
    c.batch = 8;      // activations and the assigner's tensors scale with the batch
    c.nbs = kNominalBatch;  // accumulate = round(64 / 8) = 8: the optimizer still sees 64 images per step
    c.amp = "auto";   // fp16 on CUDA halves the activations; bf16 on CPUs that have it
    c.cache = "off";  // no decoded copy of the training set in RAM
    c.workers = 2;    // each worker keeps finished batches queued in RAM
    // Not changed: imgsz and mosaic (they decide what the model sees and learns) and close_mosaic (mosaic
    // epochs hold the most boxes per image, so the peak is reached before mosaic closes anyway).
    return c;
}

const std::vector<std::string> kLowMemoryKeys = {"batch", "nbs", "amp", "cache", "workers"};

TrainConfig staged()
{
    TrainConfig c;
    c.stages = commonStageRecipe();   // 320x32:10, 640xauto:80, 640xauto:10 with mosaic off
    c.epochs = stagesEpochs(c.stages);
    c.close_mosaic = 0;               // the last stage turns mosaic off itself
    return c;
}

const std::vector<std::string> kStagedKeys = {"epochs", "stages", "close_mosaic"};

}  // namespace

const std::vector<ConfigPreset>& configPresets()
{
    static const std::vector<ConfigPreset> presets = {
        {"ultralytics", "Ultralytics defaults",
         "Every training setting at the value Ultralytics uses by default (YOLOv8 / YOLO11). Dataset, model, "
         "device, memory budget and output folder stay as they are.",
         recipe(TrainConfig{})},
        {"yolov9-scratch-high", "YOLOv9 hyp.scratch-high",
         "The hyperparameters of YOLOv9's hyp.scratch-high.yaml (training from scratch with strong "
         "augmentation): scale 0.9, mixup 0.15, copy-paste 0.3, the rest as Ultralytics.",
         changes(yolov9ScratchHigh(), kYolov9HypKeys)},
        {"low-memory", "Low memory",
         "For a 4-6 GB GPU or a small machine: batch 8 with nbs 64 (8 batches accumulated, so the optimizer "
         "still steps on 64 images and weight decay is unchanged), mixed precision on, no RAM cache, 2 loader "
         "workers. Image size and augmentation stay: they decide what the model learns. For the largest "
         "batch that fits your card, use Fit to my GPU.",
         changes(lowMemory(), kLowMemoryKeys)},
        {"staged", "Staged: warm up small, train at full size, finish without mosaic",
         "Three stages in one run: 10 epochs at 320 px with batch 32 (fast, and settles the statistics), 80 at 640 "
         "with the batch fitted to memory, 10 at 640 with mosaic off (instead of close_mosaic). One optimizer, EMA "
         "and learning-rate schedule across the stages; each stage's batch is fitted at its own image size before "
         "the run starts.",
         changes(staged(), kStagedKeys)},
    };
    return presets;
}

const ConfigPreset* findPreset(const std::string& id)
{
    for (const ConfigPreset& p : configPresets())
        if (p.id == id)
            return &p;
    return nullptr;
}

TrainConfig withPreset(TrainConfig config, const ConfigPreset& preset)
{
    for (const auto& [key, value] : preset.values)
        config.set(key, value);  // the table's values are valid by construction (tested)
    return config;
}

}  // namespace ys
