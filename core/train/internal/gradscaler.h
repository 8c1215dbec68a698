#pragma once
// Dynamic loss scaling for CUDA fp16 (LibTorch). Internal to ys_train.

#include <torch/torch.h>

#include <vector>

namespace ys {

// Dynamic loss scaling for CUDA fp16 (skip steps whose gradients hold inf/NaN). Disabled = identity.
class GradScaler {
public:
    static constexpr double kInitialScale = 65536.0;   // the usual initial loss scale (2^16)
    explicit GradScaler(bool enabled, const torch::Device& device);
    bool enabled() const { return enabled_; }
    torch::Tensor scale(const torch::Tensor& loss) const;
    // Unscales gradients in place; returns false when any is inf/NaN (the step must be skipped).
    bool unscale(const std::vector<torch::Tensor>& params);
    void update(bool foundInf);
    double currentScale() const;
    void setScale(double s);
    // Optimizer steps seen by update() and those skipped for inf/NaN gradients since the last resetCounts().
    int64_t steps() const { return steps_; }
    int64_t skippedSteps() const { return skipped_; }
    void resetCounts() { steps_ = skipped_ = 0; }

private:
    bool enabled_;
    int64_t steps_ = 0, skipped_ = 0;
    torch::Tensor scale_, growthTracker_, foundInf_;
};

}  // namespace ys
