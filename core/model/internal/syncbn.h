#pragma once
// Synchronised BatchNorm (sync_bn=true in a data-parallel run): each Conv's BatchNorm normalises with the
// statistics of every rank's images, as PyTorch's SyncBatchNorm does, so that N processes at batch B train as
// one process at batch N x B. In training only; evaluation uses the running statistics, which are the same on
// every rank. The world is behind BatchNormGather, so this file knows nothing of process groups.
// Internal to ys_model and its users (includes LibTorch).

#include <torch/torch.h>

#include <memory>

namespace ys {

// How a synchronised BatchNorm meets the other ranks.
class BatchNormGather {
public:
    virtual ~BatchNormGather() = default;
    // Every rank's `local` (1-D float64 on the training device, the same length on every rank), as a
    // [world, length] tensor in rank order. Blocks until every rank has called it the same number of times.
    // Throws when the step cannot go on (another rank failed its step, the world failed).
    virtual torch::Tensor gather(const torch::Tensor& local) = 0;
};

// silu(bn(x)) (or bn(x) when !act) with the batch statistics of every rank, as one autograd op.
// Forward: each rank's per-channel count, mean and sum of squared deviations are gathered and combined
// (Chan's parallel formula, in float64); the running mean and the unbiased running variance move with
// bn's momentum over the whole world batch, and num_batches_tracked counts it. Backward: the per-channel sums
// of the output gradient and of its product with the normalised input are summed over the ranks, so the
// input gradient is that of one BatchNorm over the concatenated batch; the weight and bias gradients are this
// rank's own (the gradient buckets sum them). Saves only x and two per-channel vectors (the normalised
// output is recomputed), in x's dtype, computing in float32. Any device.
torch::Tensor syncBatchNormAct(const torch::Tensor& x, torch::nn::BatchNorm2dImpl& bn, bool act,
                               const std::shared_ptr<BatchNormGather>& gather);

// Sets `gather` on every Conv's BatchNorm in `model` (nullptr: back to per-rank statistics). Returns the
// number of BatchNorms it applies to.
int setBatchNormGather(torch::nn::Module& model, const std::shared_ptr<BatchNormGather>& gather);

// The most channels of any BatchNorm in `model` (0 when it has none).
int64_t maxBatchNormChannels(torch::nn::Module& model);

}  // namespace ys
