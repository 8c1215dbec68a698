#pragma once
// Exponential moving average of a model's weights: what the trainer validates and saves as best, and what
// the memory probe allocates alongside the model.
#include "model/internal/yolo.h"

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace ys {

// Exponential moving average of a model's floating-point state (params and BN buffers).
// decay(updates) = decay * (1 - exp(-updates / tau)): small early, approaching `decay`. Parameters that do not
// train (frozen layers, the DFL projection) are not averaged: they keep the EMA's copy bit for bit (averaging
// two equal values would only add rounding).
class ModelEma {
public:
    // A copy of `model` (its values and device), in eval mode, without gradients.
    ModelEma(const ModelSpec& spec, DetectionModel& model, double decay = 0.9999, double tau = 2000.0);
    void update(DetectionModel& model);
    // Puts back a saved EMA (a resumed run): copies `saved`'s parameters and buffers (same spec) and the
    // update count, so the decay continues where it stopped.
    void restore(DetectionModel& saved, int64_t savedUpdates);
    DetectionModel& model() { return ema_; }
    int64_t updates = 0;

private:
    struct State {
        std::vector<torch::Tensor> params, floatBuffers, otherBuffers;
    };
    static State collect(DetectionModel& m);
    void copyFrom(DetectionModel& model);
    DetectionModel ema_;
    double decay_, tau_;
    State emaState_;
};

}  // namespace ys
