#pragma once
// The class term of the detection loss: binary cross-entropy with logits, summed.
#include <torch/torch.h>

namespace ys::loss {

// sum over all elements of BCE(x, t) = softplus(x) - x t = max(x, 0) + log1p(exp(-|x|)) - x t, as a 0-dim
// tensor with a gradient to `logits` of (sigmoid(x) - t) per element. Float32 CPU tensors of one shape with
// `targets` not requiring grad run one vectorised pass forward and one backward (LibTorch's own, as read
// in 1.13, BCE-with-logits makes five passes with two exp and a log each); anything else runs LibTorch's ops.
torch::Tensor bceWithLogitsSum(const torch::Tensor& logits, const torch::Tensor& targets);

}  // namespace ys::loss
