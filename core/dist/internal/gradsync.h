#pragma once
// Gradients summed over the ranks in buckets that overlap the backward pass, as DistributedDataParallel does:
// a hook on each parameter's gradient accumulator copies the gradient into its bucket when autograd has
// accumulated it, and a bucket whose gradients are all there is all-reduced at once (asynchronously, buckets
// in one fixed order on every rank) while autograd goes on with the layers before. finish() waits for the
// buckets and writes the sums back. Internal to ys_dist and ys_train (LibTorch).

#include "dist/internal/processworld.h"

#include <torch/torch.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace ys::dist {

struct GradSyncOptions {
    int64_t bucketBytes = int64_t(25) << 20;      // DistributedDataParallel's bucket_cap_mb default
    int64_t firstBucketBytes = int64_t(1) << 20;  // its first bucket: the first all-reduce starts early
    bool overlap = true;                          // false: every bucket after backward (for measuring)
};

// One synchronised step's communication.
struct SyncStepStats {
    int buckets = 0;
    int64_t bytes = 0;                 // gradient bytes all-reduced
    int launchedDuringBackward = 0;    // buckets started by the hooks (the rest by finish())
    double exposedSeconds = 0;         // what finish() waited after backward: communication not hidden by it
};

// Buckets over parameters of these byte sizes: parameters in reverse order (gradients become ready from the
// output layers back), each bucket up to `bytes` (the first up to `firstBytes`), a parameter never split.
std::vector<std::vector<size_t>> planBuckets(const std::vector<int64_t>& paramBytes, int64_t bytes, int64_t firstBytes);

class GradientSync final {
public:
    // `params`: the trained parameters, the same list in the same order on every rank.
    GradientSync(ProcessWorld& world, std::vector<torch::Tensor> params, GradSyncOptions options = {});
    ~GradientSync();   // removes the hooks
    GradientSync(const GradientSync&) = delete;
    GradientSync& operator=(const GradientSync&) = delete;

    // The next backward pass is the last of an optimizer step: its accumulated gradients are reduced.
    void arm();
    // After that backward: starts the buckets not started yet, waits for all, writes each parameter's sum over
    // the ranks into its .grad. Throws WorldFailure.
    void finish();
    // A step that failed on this rank (out of memory, an error) between arm() and finish(): starts the buckets
    // not started yet with zeros, so every rank makes the same collectives, and waits; .grad is not touched.
    // Does nothing when not armed. Throws WorldFailure.
    void abandon();
    bool armed() const;

    const SyncStepStats& lastStep() const;
    int bucketCount() const;

private:
    struct Impl;
    std::shared_ptr<Impl> d_;
};

}  // namespace ys::dist
