#pragma once
// Staged training in the trainer (torch-free): the settings each stage trains with, where an epoch falls, the
// batches trained before it (the warmup's and accumulation's iteration count runs on across stages) and the
// stage event's details.

#include "common/config.h"
#include "run/eventdetails.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys {

// The settings stage `index` of `run` trains with: the run's own, with the stage's imgsz, batch (already
// fitted: a stage batch of -1 keeps the run's batch) and overrides (checkpoint included). Without stages: `run`.
TrainConfig stageConfig(const TrainConfig& run, size_t index);

// Batches per epoch of `images` images at `batch` (the loader's last batch is partial, not dropped).
int64_t batchesPerEpochFor(int64_t images, int batch);

// Batches trained in the epochs before `epoch` (0-based), stage by stage; epoch × batches per epoch without
// stages.
int64_t batchesBefore(const TrainConfig& run, int64_t images, int epoch);

// The stage event's details for stage `index` (0-based) of `run` as `stageCfg` trains it.
StageDetails stageEventDetails(const TrainConfig& run, size_t index, const TrainConfig& stageCfg, int accumulate,
                               const std::string& checkpoint, bool resumedInside);
// "stage 2/3: imgsz 640, batch 8 x accumulate 8, epochs 11-90, checkpoint off, mosaic=0".
std::string stageEventText(const StageDetails& details);

}  // namespace ys
