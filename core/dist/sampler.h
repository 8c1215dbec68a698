#pragma once
// The distributed sampler: which images of an epoch each process trains on. Every process draws the same
// epoch order (from the seed and the epoch); the order is padded to a multiple of the world size by repeating
// its first images (as PyTorch's DistributedSampler does), cut into world batches of batch x world images,
// and each world batch into one contiguous slice per rank. So the shards of one epoch are disjoint (but for
// the at most world-1 repeated images), every rank gets the same number of non-empty batches, and rank r's
// batch k holds the images one process at batch x world would pass as its r-th micro-batch of batch k: data
// parallelism and micro-batched accumulation on one device see the same samples. Plain C++ (no torch).

#include <cstdint>
#include <vector>

namespace ys::dist {

struct ShardBatch {
    int begin = 0;   // positions [begin, end) of the padded epoch order
    int end = 0;
    int worldBatch = 0;   // index of the world batch (the optimizer step's batch) it belongs to
};

// Length of the padded epoch order for `images` images and `world` processes: images rounded up to a
// multiple of world (images when world is 1).
int paddedLength(int images, int world);

// Batches of rank `rank` of `world` over an epoch of `images` images, `batch` images per rank (the world
// batch is batch x world). The last world batch may be shorter; its slices are equal (it holds a multiple
// of world images).
std::vector<ShardBatch> shardBatches(int images, int batch, int rank, int world);

// Image index at every position of the padded order, from `order` (a permutation of 0..images-1):
// positions past the end repeat the order's first images.
std::vector<int> paddedOrder(const std::vector<int>& order, int world);

}  // namespace ys::dist
