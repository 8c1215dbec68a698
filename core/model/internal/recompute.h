#pragma once
// Activation checkpointing (LibTorch): a block runs its forward pass without keeping its activations for the
// backward pass, and recomputes them there. Memory per image falls by what the block kept beyond its input
// (its output is kept by whatever reads it next); each step costs one more forward of the block.

#include "model/checkpointlayers.h"

#include <torch/torch.h>

#include <functional>
#include <vector>

namespace ys {

// A block to checkpoint: how to run it, and the modules it runs (their parameters get gradients, their
// buffers are put back after the recompute). Owned by the model; must outlive every graph built through it.
struct CheckpointBlock {
    std::function<torch::Tensor(const torch::Tensor&)> run;
    std::vector<torch::nn::Module*> modules;
};

// y = block.run(x), computed without autograd keeping anything but x. The backward pass recomputes
// block.run(x) with gradients under the same CPU (and, on a GPU, device) random-number state and the same
// autocast mode as the forward pass, then differentiates it: gradients flow to x when it requires them and to
// every parameter of block.modules that requires one. The modules' buffers (BatchNorm running mean, variance
// and num_batches_tracked) are restored after the recompute, so they are updated once per step, exactly as
// without checkpointing. Use only when training with gradients on (the model checks).
torch::Tensor checkpointed(const CheckpointBlock& block, const torch::Tensor& x);

}  // namespace ys
