#pragma once
// Checkpoints of a run (LibTorch): what they hold, writing them atomically, reading them back. Internal to
// ys_train (the trainer, the validator of checkpoints, the predictor).

#include "common/error.h"
#include "model/internal/yolo.h"
#include "weights/internal/transfer.h"
#include "train/internal/gradscaler.h"

#include <torch/torch.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ys {

// Checkpoint = model + EMA + optimizer + scaler + progress, written atomically.
struct CheckpointMeta {
    int epoch = 0;                 // epochs completed
    double bestFitness = -1;
    int bestEpoch = 0;
    int64_t emaUpdates = 0;
    int microBatch = 0;            // images per forward/backward at save time
    int batch = 0;                 // loader batch at save time
    double scalerScale = GradScaler::kInitialScale;
    double elapsed = 0;            // seconds of training so far
    int epochsWithoutImprovement = 0;
    std::string optimizerName;     // "SGD" / "AdamW" / "Adam" / "MuSGD" actually used
    double lr0 = 0;                // lr0 actually used (auto optimizer picks its own)
    std::string argsYaml;          // TrainConfig::toYaml() of the run
    std::string modelYaml;         // text of the model YAML, so the checkpoint rebuilds without the file
    std::string modelName;         // e.g. "yolov8n.yaml"
    char scale = 'n';
    std::vector<std::string> names;  // the model's classes (with `classes`: the subset's names, by new id)
    int imgsz = 640;
    // `classes=` of the run: dataset class ids the model's classes 0..k-1 are (data/classes.h); empty = all.
    std::vector<int> classes;
};

// Text of the model YAML a spec came from (embedded built-in or the user's file).
std::string modelYamlText(const ModelSpec& spec);

std::string metaToJson(const CheckpointMeta& meta);
Expected<CheckpointMeta> metaFromJson(const std::string& json);

// Saves to `path` atomically. optimizer may be null (best.pt keeps the EMA only).
std::optional<Error> saveCheckpoint(const std::string& path, const CheckpointMeta& meta, DetectionModel* model,
                                    DetectionModel* ema, torch::optim::Optimizer* optimizer);

struct LoadedCheckpoint {
    CheckpointMeta meta;
    ModelSpec spec;
    DetectionModel model{nullptr};   // training weights, or the EMA when the file has no training weights
    DetectionModel ema{nullptr};     // EMA weights when present
    bool hasOptimizer = false;
    bool ultralytics = false;        // an Ultralytics checkpoint (its EMA or model as `ema`; never resumable here)
    std::string path;
};

// Loads a checkpoint onto `device`: YOLO Studio's own, or an Ultralytics one (yolov8n.pt, best.pt / last.pt of an
// Ultralytics run, any family), whose model is built from the YAML it carries and whose names, imgsz (train_args)
// fill `meta`. The optimizer state is loaded separately (loadOptimizerState) once the optimizer exists.
Expected<LoadedCheckpoint> loadCheckpoint(const std::string& path, const torch::Device& device);

// The model a run starts from when `model=` names a weights file (Ultralytics or ours): built from the file's own
// YAML with `nc` classes, on the CPU, given every tensor of the file whose name and shape match (the report says
// which did not). Errors as loadCheckpoint() and modelFromCheckpoint().
Expected<CheckpointModel> startingModel(const std::string& path, int nc);
std::optional<Error> loadOptimizerState(const std::string& path, torch::optim::Optimizer& optimizer,
                                        const torch::Device& device);

// The model that inference should use: EMA if present, else the training weights.
inline DetectionModel& inferenceModel(LoadedCheckpoint& c) { return c.ema ? c.ema : c.model; }

}  // namespace ys
