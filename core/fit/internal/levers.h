#pragma once
// The fit's memory levers beyond batch, image size and AMP (torch-free): the per-layer attribution of a traced
// training iteration, what activation checkpointing a set of layers saves, and the cheapest set for a target.
// Shared by probe.cpp, the tests and the benchmark.

#include "fit/fit.h"
#include "fit/internal/fitmodel.h"
#include "model/internal/spec.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace ys::fit::internal {

// The user-facing profile of a trace at (batch, imgsz): input, layers (Detect per level), loss, optimizer.
// `optimizerStateBytes`: the optimizer's state (momentum / moments), reported as the optimizer's bytes.
LayerProfile layerProfile(const IterationTrace& trace, const ModelSpec& spec, int batch, int imgsz,
                          int64_t optimizerStateBytes);

// Savings of layer sets, from one trace.
class CheckpointPlanner {
public:
    CheckpointPlanner() = default;
    CheckpointPlanner(const IterationTrace& trace, const ModelSpec& spec);
    bool valid() const { return total_ > 0; }
    CheckpointSavings savings(const std::vector<int>& layers) const;
    // Checkpointable layers that keep something beyond their output, ascending.
    const std::vector<int>& candidates() const { return candidates_; }
    // Bytes checkpointing `layer` saves at the probe point, and its forward seconds (Detect: all levels).
    int64_t savedBytes(int layer) const;
    double seconds(int layer) const;

private:
    IterationTrace trace_;
    int64_t total_ = 0;
    std::vector<int> candidates_;
};

// The cheapest set (least recompute time) whose savings make `fits` true: greedy by saved bytes per second of
// recompute, then every layer the set does not need dropped. An empty set when `fits` holds without any;
// nullopt when even every candidate together does not fit.
std::optional<std::vector<int>> cheapestCheckpointSet(const CheckpointPlanner& planner,
                                                      const std::function<bool(const CheckpointSavings&)>& fits);

}  // namespace ys::fit::internal
