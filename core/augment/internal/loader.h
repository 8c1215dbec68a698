#pragma once
// Multi-threaded batch loader for training and validation (LibTorch). Worker threads build whole batches
// ahead of the training thread into a bounded queue; batches come out in order and their content depends
// only on (seed, epoch, position), so a run is reproducible for a given seed whatever the thread timing
// and whatever the worker count.

#include "augment/transforms.h"
#include "common/config.h"
#include "data/dataset.h"

#include <torch/torch.h>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace ys {

struct LoaderOptions {
    int imgsz = 640;         // training/validation size in pixels (multiple of stride)
    int batch = 16;          // images per batch of this process (the last batch of an epoch may be smaller)
    // Data parallel: this process is `rank` of `world`; each epoch it trains on its shard of one order that
    // every rank draws alike (dist/sampler.h), batch k being the rank-th slice of world batch k. Mosaic
    // partners come from the whole order, so a sample is the same whatever the world size.
    int rank = 0;
    int world = 1;
    bool augment = true;     // training augmentation; false = letterbox only (validation)
    bool rect = false;       // rectangular batches sorted by aspect ratio (no mosaic/mixup)
    bool shuffle = true;     // new order every epoch (rect: the order of batches, not their content)
    int workers = 2;         // loader threads; 0 = build each batch inside next() on the intra-op threads.
                             // Workers keep queuedBatches(workers) batches ready (common/trainrules.h)
    uint64_t seed = 0;       // with (epoch, position) determines every sample
    bool cacheRam = false;   // keep every resized image in memory (bounded by available memory)
    // Without cacheRam: an LRU of resized images shared by the workers, at most this many bytes (and at
    // least the mosaic partner window plus the batches in flight). Small datasets then decode each image
    // once per run. 0 = window only.
    int64_t cacheBudgetBytes = int64_t(256) << 20;
    int stride = 32;         // rect shapes are multiples of this
    double pad = 0.5;        // rect shape padding in strides: 0.5 for validation, 0 for training
    bool pinMemory = false;  // allocate batch images in pinned memory (only when CUDA is available)
    TrainConfig hyp;         // augmentation hyperparameters (hsv_*, degrees, ..., mosaic, mixup)
};

struct Batch {
    torch::Tensor images;   // [B,3,H,W] uint8 RGB, channels-last in memory (NHWC, as decoded images are)
    torch::Tensor targets;  // [N,6] float32: batch_idx, cls, cx, cy, w, h normalised to W,H
    std::vector<int> indices;                       // image index (into the loader's list) per image
    std::vector<std::array<int, 2>> origShapes;     // (h, w) of each source image on disk
    std::vector<std::array<float, 3>> letterbox;    // gain, padX, padY: original -> batch pixels
                                                    // (exact without augmentation)
};

// How the current epoch went for the training thread (reset by startEpoch).
struct LoaderStats {
    int64_t batches = 0;        // batches delivered by next()
    int64_t stalls = 0;         // next() calls that found their batch not ready yet
    double stallSeconds = 0;    // time next() spent waiting for workers (workers=0: building the batch)
};

class BatchLoader final {
public:
    // Starts `opt.workers` threads (idle until startEpoch). With workers = 0, next() and makeBatch() build
    // the batch's images in parallel on LibTorch's intra-op threads. Sets OpenCV's own thread pool to
    // 0 threads (process-wide), as samples are already built in parallel.
    BatchLoader(std::vector<ImageRecord> images, LoaderOptions opt);
    ~BatchLoader();  // stops and joins the workers
    BatchLoader(const BatchLoader&) = delete;
    BatchLoader& operator=(const BatchLoader&) = delete;

    int64_t size() const;  // batches per epoch
    int64_t imageCount() const;

    // Begins delivering epoch `epoch` (any earlier epoch still in flight is abandoned). mosaic=false
    // turns mosaic and mixup off (close_mosaic). Call from the thread that calls next(). Calling it for
    // the next epoch right after the last batch (before validating) lets the workers fill the queue
    // while validation runs, so the first batch of the epoch does not stall.
    void startEpoch(int epoch, bool mosaic = true);

    // Next batch of the current epoch in order; blocks until it is ready; nullopt at the epoch's end.
    // Rethrows a worker's exception (only when no image at all can be read).
    std::optional<Batch> next();

    // Builds one batch synchronously from the given images (e.g. for memory probes); does not disturb
    // the epoch in progress. augment=true applies the training pipeline with mosaic as configured.
    Batch makeBatch(const std::vector<int>& indices, bool augment);

    int maxBoxesPerImage() const;                // most labelled boxes in any one image
    std::vector<int> mostCrowded(int n) const;   // indices of the n images with the most boxes, most first
    int unreadableCount() const;                 // images found unreadable so far
    LoaderStats stats() const;                   // of the current epoch; call from the next() thread
    const LoaderOptions& options() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d_;
};

}  // namespace ys
