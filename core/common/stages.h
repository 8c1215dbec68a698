#pragma once
// Staged training: one run as a list of stages, each with its own image size, batch (or auto) and epochs and
// a few augmentation overrides. The common recipe warms up at a small image size with a large batch, trains at
// full size, and finishes with mosaic off. One run folder, one results.csv, one optimizer, EMA and learning-rate
// schedule across every stage (the schedule spans the run's total epochs).
//
// Text form (the command line's `stages=`, args.yaml's `stages:`): stages separated by commas, each
// `IMGSZ x BATCH : EPOCHS` then optional `:key=value` overrides, e.g.
//     320x32:10,640xauto:80,640xauto:10:mosaic=0
// BATCH is a number or `auto` (fitted to the memory budget at that stage's image size before the run starts).
// TrainConfig::set("stages", text) parses and validates it (parseStages in config.h); plain C++.

#include <string>
#include <utility>
#include <vector>

namespace ys {

struct TrainStage {
    int imgsz = 640;   // training image size of the stage, pixels, a multiple of 32
    int batch = -1;    // images per batch; -1 = auto (fit to memory at imgsz)
    int epochs = 1;    // epochs of the stage, >= 1
    // Settings that differ in this stage: key -> value as TrainConfig::set() reads it, in the order written.
    // Only stageOverrideKeys() may appear; every other setting is the run's own.
    std::vector<std::pair<std::string, std::string>> overrides;

    bool operator==(const TrainStage& other) const = default;
};

// The keys a stage may override: the augmentation settings (they change what a stage's images look like,
// not what the optimizer carries over) and `checkpoint` (activation checkpointing, a memory lever for the
// stage's image size). Registry order.
const std::vector<std::string>& stageOverrideKeys();

// "640xauto:10:mosaic=0"; formatStages joins the stages with commas ("" for none).
std::string formatStage(const TrainStage& stage);
std::string formatStages(const std::vector<TrainStage>& stages);

// Sum of the stages' epochs (0 for none).
int stagesEpochs(const std::vector<TrainStage>& stages);

// Where a 0-based epoch of the run falls: its stage (0-based; the last stage for epochs past the end) and
// that stage's first epoch (0-based).
struct StagePosition {
    int index = 0;
    int firstEpoch = 0;
};
StagePosition stageAt(const std::vector<TrainStage>& stages, int epoch);

// The recipe engineers run by hand: warm up at 320 with batch 32 for 10 epochs, train at 640 with the batch
// fitted to memory for 80, finish at 640 with mosaic off for 10 (replacing close_mosaic=10). 100 epochs in all,
// as the default run. Used by the "staged" preset.
std::vector<TrainStage> commonStageRecipe();

}  // namespace ys
