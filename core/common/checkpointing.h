#pragma once
// Activation checkpointing as a setting (`checkpoint=`): which blocks of the model recompute their
// activations in the backward pass instead of keeping them from the forward pass. Less memory per image,
// more time per step. Plain C++; the model resolves layer numbers against its own layers
// (model/internal/recompute.h), the fit chooses the blocks for `auto`.
//
//   off       nothing is recomputed (the default)
//   auto      the fit picks the cheapest set of blocks that lets the wanted batch fit the memory budget
//             (the run's batch, or kAutoCheckpointBatch with batch=auto); nothing when it fits without
//   backbone  every block of the backbone (the YAML's `backbone:` rows)
//   all       every block, the Detect head's levels included
//   [2, 4, 6] these layers (numbers as in `info model=...`; also written 2,4,6)

#include "common/error.h"

#include <optional>
#include <string>
#include <vector>

namespace ys {

struct CheckpointSetting {
    enum class Mode { Off, Auto, Backbone, All, Layers };
    Mode mode = Mode::Off;
    std::vector<int> layers;   // Mode::Layers: ascending, no repeats

    // The text set() reads back: "off", "auto", "backbone", "all", "[2, 4, 6]".
    std::string text() const;
    bool operator==(const CheckpointSetting& other) const = default;
};

// Parses the setting's text (case-insensitive; "none", "false" and "" mean off, "true" means all). nullopt for
// text that is none of the forms above, or a layer number outside 0..999.
std::optional<CheckpointSetting> parseCheckpointSetting(const std::string& text);

// With batch=auto, `checkpoint=auto` aims for this batch (the default batch): below it, the fit checkpoints
// the cheapest blocks that reach it rather than train on ever smaller batches.
constexpr int kAutoCheckpointBatch = 16;

}  // namespace ys
