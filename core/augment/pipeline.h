#pragma once
// The per-sample recipe of the training/validation loader (torch-free): a thread-safe image source with a
// cache, the plan of one epoch, and buildSample(), which turns (plan, position) into a finished sample.
// A sample depends only on the seed, the epoch and its position, never on which thread built it or when.

#include "augment/transforms.h"

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ys {

// Loads samples (loadResized) for the images of one list, with an LRU cache of decoded, resized images
// shared by all worker threads. Each image is decoded at most once while it stays cached; concurrent
// requests for the same image wait for the first decode. Thread-safe.
class ImageSource final {
public:
    // capacity: images kept in the cache at least (0 = none); budgetBytes raises that to as many images as
    // fit in this many bytes (resized size from the header's width/height). cacheAll: try to keep every
    // image (cache=ram), limited to half of the currently available memory (a warning says when not all
    // fit).
    ImageSource(std::vector<ImageRecord> images, int imgsz, bool augment, size_t capacity, bool cacheAll,
                uint64_t budgetBytes = 0);

    int size() const { return static_cast<int>(images_.size()); }
    const ImageRecord& record(int i) const { return images_[static_cast<size_t>(i)]; }
    const std::vector<ImageRecord>& records() const { return images_; }
    int imgsz() const { return imgsz_; }
    size_t capacity() const { return capacity_; }

    // Loaded sample of image i. An unreadable image is logged once (ys::logWarning) and replaced by the
    // next readable image in list order (deterministic). Throws std::runtime_error only when no image of
    // the list can be read. The returned image may be shared with the cache: do not modify its pixels.
    Sample get(int i, bool augment);

    // Number of images found unreadable so far.
    int unreadableCount() const { return unreadable_.load(); }

private:
    Sample load(int i, bool augment);  // cached, throws on unreadable

    std::vector<ImageRecord> images_;
    int imgsz_;
    bool augment_;  // mode whose images are cached; the other mode bypasses the cache
    size_t capacity_;

    std::mutex mutex_;
    std::condition_variable loaded_;
    std::list<int> lru_;  // most recent first
    struct Entry {
        Sample sample;
        std::list<int>::iterator pos;
    };
    std::unordered_map<int, Entry> cache_;
    std::unordered_set<int> loading_;
    std::unique_ptr<std::atomic<uint8_t>[]> bad_;
    std::atomic<int> unreadable_{0};
};

// What one epoch delivers: image index per position, grouped into batches, each with an output shape.
struct EpochPlan {
    int epoch = 0;
    bool augment = true;
    bool mosaic = true;   // mosaic (and mixup) allowed: false after close_mosaic and for rect batches
    bool rect = false;
    std::vector<int> order;                        // image index per position (data parallel: the padded
                                                   // order every rank shares, dist/sampler.h)
    std::vector<std::array<int, 2>> batchRange;    // batch b = positions [batchRange[b][0], batchRange[b][1])
    std::vector<std::array<int, 2>> batchShapes;  // (h, w) output size per batch
    int window = 64;                               // mosaic/mixup partners come from positions within this
                                                   // distance (recently decoded, so mostly cache hits)
    int batches() const { return static_cast<int>(batchShapes.size()); }
};

// Builds the sample at `position` of batch `batchIndex`, with its own Rng derived from
// (seed, plan.epoch, position). augment=false: letterbox to the batch shape (no upscaling).
// augment=true: mosaic (probability hyp.mosaic, when allowed) or letterbox, random perspective, mixup
// (probability hyp.mixup, when allowed), HSV, flips.
Sample buildSample(ImageSource& source, const Augmenter& aug, const EpochPlan& plan, int batchIndex,
                   int position, uint64_t seed);

}  // namespace ys
