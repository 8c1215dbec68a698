#pragma once
// What applying a fit does to the run's settings (torch-free): the recommendation, or one of its checkpointing
// proposals, as the setup keys it sets. The Fit dialog's Apply and `yolostudio-cli fit` both use it.

#include "fit/fit.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ys::fit {

// What the user asked the fit for, beside the FitRequest: the settings Apply writes back as they were given.
struct FitAsked {
    std::string amp = "auto";   // the setup's amp= when the fit ran
    std::string vram;           // the budget the fit kept to ("" = the whole device); the run is held to it
    int nbs = kNominalBatch;    // nominal batch size (accumulation)
    bool imgszMode = false;     // the fit searched the largest image size for a fixed batch (proposals give imgsz)
    bool setupOnGpu = false;    // the setup trains on a GPU (a fit for the CPU then moves the run to the CPU)
};

struct FitSettings {
    Recommendation recommended;   // what the run will train with (the proposal's batch or imgsz, its checkpointing)
    bool fromProposal = false;    // the proposal was applied (not the plain recommendation)
    // The setup keys and their values, in order: batch (the world batch), imgsz, amp, vram, and device and
    // checkpoint when they change.
    std::vector<std::pair<std::string, std::string>> values;
};

// The settings of `result`'s recommendation, or of `option` (one of result.checkpointOptions) when given.
// Empty when nothing can be applied: the recommendation does not fit and no usable proposal is given.
std::optional<FitSettings> settingsFor(const FitResult& result, const CheckpointOption* option, const FitAsked& asked);

}  // namespace ys::fit
