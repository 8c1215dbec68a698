#pragma once
// The trainer's set-up (LibTorch): what a run trains with (TrainState) and how it is built (TrainSetup): the
// world of processes, the settings (resume=, batch=auto), the device and its memory budget, the data and its
// check, the run folder, the model, loader, optimizer and validator, and each stage's. The loop that trains with
// it is Trainer (trainer.cpp).

#include "common/config.h"
#include "common/error.h"
#include "data/check.h"
#include "data/classes.h"
#include "data/dataset.h"
#include "augment/internal/loader.h"
#include "loss/internal/detection_loss.h"
#include "memory/memory.h"
#include "model/internal/amp.h"
#include "model/internal/ema.h"
#include "model/internal/optimizer.h"
#include "model/internal/yolo.h"
#include "train/internal/checkpoint.h"
#include "train/internal/dataparallel.h"
#include "train/internal/gradscaler.h"
#include "train/internal/runrecorder.h"
#include "train/internal/stageschedule.h"
#include "train/internal/validator.h"
#include "train/trainer.h"

#include <torch/torch.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ys {

struct OptimizerSetup {
    std::unique_ptr<torch::optim::Optimizer> optimizer;
    OptimizerChoice choice;          // kind, lr0 (every group's initial LR), momentum, warmup bias LR
    std::string name() const { return toString(choice.kind); }
};

// What a run trains with, on this rank. TrainSetup fills it; the Trainer's loop reads it and moves its step
// counters, accumulation and micro-batch on.
struct TrainState {
    TrainConfig cfg;       // the settings in effect (a staged run: those of the stage it trains)
    StageSchedule stages;  // the run's own settings (args.yaml, checkpoints), its stages, checkpoint=auto's layers
    std::unique_ptr<DataParallel> dp;    // this rank among the run's processes (one process: trivial hooks)
    std::vector<std::string> resumeNotes;   // what a resume changed or refused (loadResume), for the log
    std::string resumePath;   // the checkpoint resumed from; empty for a new run
    int startEpoch = 0;

    torch::Device device{torch::kCPU};
    AmpMode amp = AmpMode::Off;
    int intraThreads = 1;     // in effect after configureIntraOpThreads
    int loaderWorkers = 0;    // for training and validation loaders (runThreadsFor)
    std::unique_ptr<memory::MemoryTimeline> timeline;
    bool budgetSet = false;   // this run set the process's memory budget (the Trainer clears it)

    Dataset dataset;
    ClassSubset classes;      // `classes=`: the dataset classes the run trains on, renumbered 0..k-1
    CheckOptions checkOptions;
    CheckResult check;
    std::vector<ImageRecord> trainImages, valImages;

    ModelSpec spec;
    std::string modelYaml;
    bool transferred = false;  // model came from model=x.pt (transferFrom)
    DetectionModel model{nullptr};
    std::unique_ptr<ModelEma> ema;
    std::unique_ptr<DetectionLoss> loss;
    OptimizerSetup opt;
    std::unique_ptr<GradScaler> scaler;
    std::unique_ptr<BatchLoader> loader;
    std::unique_ptr<Validator> validator;
    std::vector<torch::Tensor> params;

    int accumulate = 1;
    int microBatch = 0;        // images per forward/backward (halved on out-of-memory)
    double weightDecay = 0;    // group 0's decay, scaled to the batch
    int64_t warmupIters = 0;
    int64_t niBase = 0;        // batches trained before the current epoch (warmup and accumulation count on)
    int64_t lastOptStep = -1;

    bool resumed() const { return !resumePath.empty(); }
    bool channelsLast() const { return device.is_cpu(); }      // CPU models run channels_last (oneDNN)
    std::string memDevice() const { return device.is_cuda() ? "cuda:" + std::to_string(device.index()) : "cpu"; }
    int batchesPerEpoch() const { return static_cast<int>(loader->size()); }
    // Images of one batch on this rank: the (world) batch over the ranks.
    int rankBatch() const { return cfg.batch / std::max(1, dp->size()); }
    // What every checkpoint (and rank 0's start state) says about the run's settings, model and step.
    CheckpointMeta checkpointMeta() const;
};

// Builds a TrainState: once before the first epoch, and again at each stage. Input errors come back as the
// Error train() returns; LibTorch's exceptions are left to the caller (setupFailure words them).
class TrainSetup {
public:
    TrainSetup(TrainState& state, RunRecorder& recorder, const TrainOptions& options)
        : s_(state), recorder_(recorder), options_(options)
    {
    }

    // Data parallel: meets the run's other processes (TrainOptions::world) on this rank's device; one process:
    // nothing to meet.
    std::optional<Error> joinWorld();
    // The settings every rank was given must match; rank 0 (or the one process) runs setupRun() and hands its
    // start to the others, which set up from it (followRankZero); then every rank's outcome is agreed.
    std::optional<Error> setup();
    // sync_bn=true in a world of several: every rank's BatchNorms normalise over the world batch. After every
    // rank's setup succeeded (forming the BatchNorms' process group is a collective of all ranks).
    std::optional<Error> syncBatchNorm();
    // Staged runs: at the first epoch of a stage (or the first epoch trained after a resume), the stage's
    // settings, loader, validator and checkpointing, and its `stage` event.
    std::optional<Error> enterStage(const StageSchedule::Entry& stage, int epoch);
    // An exception during set-up as the error train() returns.
    Error setupFailure(const std::exception& e) const;

private:
    // Every step, in order; each returns the input error that stops the run. Input errors that need no run
    // folder (settings, device, dataset, model YAML) come before the folder is created.
    std::optional<Error> setupRun();
    // A rank other than 0: rank 0's settings, weights, optimizer state and progress (startState()), then this
    // rank's device, data, model, loader and optimizer from them.
    std::optional<Error> followRankZero();
    std::optional<Error> setupFromStart(const std::string& start);
    // Rank 0's start for the others: a checkpoint's bytes (effective settings, weights, optimizer, progress).
    std::string startState();
    // This rank's device: its entry of a device list, by local rank (deviceForLocalRank).
    Expected<torch::Device> rankDevice() const;
    // resume=: the run's own settings from its checkpoint, with the keys a user may change on resume.
    std::optional<Error> loadResume(std::optional<LoadedCheckpoint>& resumed);
    // Device, AMP, memory budget and timeline, model threads and loader workers.
    std::optional<Error> chooseDevice();
    // The dataset, its check, and the trainable train/val images.
    std::optional<Error> openData();
    // The model spec (from the YAML, or the checkpoint when resuming).
    std::optional<Error> loadSpec(const std::optional<LoadedCheckpoint>& resumed);
    // The run folder, events and results files; the fit (batch=auto, or the one it starts with:
    // TrainOptions::fit); args.yaml and check.json.
    std::optional<Error> openRunFolder();
    // batch=auto / -1: probes memory, picks the batch (and AMP when amp=auto), writes fit.json.
    std::optional<Error> fitBatchToMemory();
    std::optional<Error> buildModel(std::optional<LoadedCheckpoint>& resumed);
    // model=x.pt: builds spec and model from the weights file, transferring what matches (logged, an event).
    std::optional<Error> transferFrom(const std::string& weights, int nc);
    void buildLoader();
    std::optional<Error> buildOptimizer(const std::optional<LoadedCheckpoint>& resumed);
    // Optimizer state, EMA, loss scale and progress of a resumed run.
    std::optional<Error> restoreTrainingState(const LoadedCheckpoint& resumed);
    void buildValidator();
    // checkpoint= of the settings in effect: the layers recompute their activations in the backward pass (auto:
    // the layers the fit chose for the stage).
    std::optional<Error> applyCheckpointing();

    TrainState& s_;
    RunRecorder& recorder_;
    const TrainOptions& options_;
};

}  // namespace ys
