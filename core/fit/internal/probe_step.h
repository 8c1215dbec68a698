#pragma once
// The probe's training iteration (LibTorch): exactly what a training step allocates — model forward,
// DetectionLoss with the task-aligned assigner, backward, gradient clipping, an optimizer step with its
// state, and an EMA update — with the tracked peak of each phase. Internal to ys_memory and its tests.

#include "common/trainrules.h"
#include "fit/internal/levers.h"
#include "model/internal/amp.h"
#include "model/internal/ema.h"
#include "model/internal/yolo.h"

#include <torch/torch.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>

namespace ys::fit::internal {

// The trainer's AMP modes and autocast scope, so the probe measures exactly what training runs.
using ProbeAmp = ys::AmpMode;
using ProbeAutocast = ys::AutocastGuard;

// Tracked peaks of one measured iteration, absolute bytes of the device figure (CPU: allocated).
struct StepPeaks {
    int64_t before = 0;                     // allocated when the iteration started
    std::array<int64_t, 4> phase{};         // forward, loss, backward, step+EMA
    int64_t afterForward = 0;               // allocated after the forward (saved activations)
    double seconds = 0;                     // wall time of the last iteration (forward to EMA update)
    int64_t peak() const;
};

class StepProbe final {
public:
    // Builds the model, its EMA copy, the loss and the optimizer (makeOptimizer, as the trainer builds it)
    // on `device`. CPU models are channels_last as the trainer's.
    StepProbe(const ModelSpec& spec, const torch::Device& device, OptimizerKind optimizer);

    // Runs `iterations` complete training iterations on the batch (images uint8 [B,3,H,W], targets [N,6]
    // normalised) and returns the phase-wise maximum over them. The first iteration creates optimizer
    // state; later ones are steady state. Throws c10::OutOfMemoryError when the device runs out.
    StepPeaks trainStep(const torch::Tensor& images, const torch::Tensor& targets, ProbeAmp amp, int iterations);

    // One validation batch as the validator runs it: eval mode, no grad, forward, loss (assigner at this
    // batch), decode and NMS. Returns the tracked peak (absolute bytes).
    int64_t validationBatch(const torch::Tensor& images, const torch::Tensor& targets, ProbeAmp amp);

    // One forward and a backward of the summed outputs (what Ultralytics AutoBatch profiles); tracked
    // peak, absolute bytes. Gradients are zeroed afterwards.
    int64_t forwardBackward(const torch::Tensor& images);

    // One complete training iteration in fp32 traced layer by layer (what each layer keeps for the backward,
    // its forward and backward peaks and forward time). On the CPU the kept bytes come from allocation tags
    // (exact); on a GPU from the allocated figure before and after each layer.
    IterationTrace traceIteration(const torch::Tensor& images, const torch::Tensor& targets);

    // Activation checkpointing of the probed model for the next iterations (layer indices; empty = off).
    void setCheckpointLayers(const std::vector<int>& layers);
    const ModelSpec& spec() const { return spec_; }

    int64_t parameterBytes() const { return paramBytes_; }
    int64_t bufferBytes() const { return bufferBytes_; }
    int64_t gradientBytes() const { return gradBytes_; }
    // Optimizer state of the probed parameters under `kind` (the probe's own: optimizerKind()).
    int64_t optimizerStateBytes(OptimizerKind kind) const;
    int64_t optimizerStateBytes() const { return optimizerStateBytes(optimizerKind_); }
    // What `kind`'s step holds beyond parameters, gradients and state that the probed optimizer's step, as
    // measured, may not: MuSGD's Newton-Schulz batch (muonStepTemporaryBytes); 0 for the others.
    int64_t optimizerStepTemporaryBytes(OptimizerKind kind) const;
    OptimizerKind optimizerKind() const { return optimizerKind_; }
    int64_t parameterCount() const { return paramCount_; }
    const torch::Device& device() const { return device_; }

private:
    ModelSpec spec_;
    torch::Device device_;
    DetectionModel model_{nullptr};
    std::unique_ptr<ModelEma> ema_;  // the trainer's EMA, updated after each optimizer step
    std::unique_ptr<torch::optim::Optimizer> optimizer_;
    OptimizerKind optimizerKind_;
    std::vector<torch::Tensor> params_;
    int64_t paramBytes_ = 0, bufferBytes_ = 0, gradBytes_ = 0, paramCount_ = 0;
    int nc_ = 80;
};


// Synthetic batch: random images and `boxesPerImage` random boxes of 2-40% of the image side per image.
std::pair<torch::Tensor, torch::Tensor> syntheticBatch(int batch, int imgsz, int boxesPerImage, int nc,
                                                       uint64_t seed);

}  // namespace ys::fit::internal
