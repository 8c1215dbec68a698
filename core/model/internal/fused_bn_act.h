#pragma once
// BatchNorm2d followed by SiLU (or by nothing) as one CPU autograd op for training.
//
// The op normalises with the batch statistics, updates the BatchNorm's running statistics and
// num_batches_tracked exactly like torch::nn::BatchNorm2d::forward, and produces silu(bn(x)) in x's dtype
// and memory format. Internally everything is computed in fp32 (statistics summed in double). For backward
// it keeps only x and per-channel mean / rstd (the BatchNorm output is recomputed), which also saves one
// activation-sized tensor per Conv. Double backward is not supported (it throws).
//
// Fast path: CPU, float32 or bfloat16 input of shape [N, C, H, W] that is channels_last-dense or
// contiguous, BatchNorm in training mode with affine parameters and running statistics in fp32 on the CPU.
// Anything else (eval mode, CUDA, other dtypes or strides, a single value per channel) runs the torch ops
// bn.forward() + torch::silu(), so results and errors match the composite.

#include <torch/torch.h>

namespace ys {

// silu(bn(x)) when act, else bn(x); bn's running statistics are updated as bn.forward(x) would.
torch::Tensor batchNormAct(const torch::Tensor& x, torch::nn::BatchNorm2dImpl& bn, bool act);

// Whether batchNormAct(x, bn, ...) takes the fused path (false also when the op is disabled).
bool fusedBnActApplies(const torch::Tensor& x, const torch::nn::BatchNorm2dImpl& bn);

// Process-wide switch, for benchmarks and tests. Initially on unless the environment variable
// YS_FUSED_BN_ACT is "0" (read once, at the first call of either function). Thread-safe.
bool fusedBnActEnabled();
void setFusedBnActEnabled(bool enabled);

// For tests: whether bf16 results may be rounded by the CPU's AVX512-BF16 instructions where it has them
// (default) rather than by the portable code. Both round to nearest even. Thread-safe. Returns whether the
// native instructions are now in use (false where the CPU lacks them, whatever `allowed`).
bool setFusedBnActNativeBf16(bool allowed);

}  // namespace ys
