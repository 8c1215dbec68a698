#include "augment/pipeline.h"

#include "common/log.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>
#include <string>

namespace ys {
namespace {

// Bytes the kernel reports as available (MemAvailable), or 0 when unknown.
uint64_t availableMemory()
{
    std::ifstream f("/proc/meminfo");
    std::string key;
    uint64_t value = 0;
    std::string unit;
    while (f >> key >> value >> unit) {
        if (key == "MemAvailable:") return value * 1024;
    }
    return 0;
}

// Bytes of image i after loadResized (header size; unknown sizes count as imgsz^2).
uint64_t resizedBytes(const ImageRecord& r, int imgsz)
{
    if (r.width <= 0 || r.height <= 0) return uint64_t(imgsz) * imgsz * 3;
    const double g = double(imgsz) / std::max(r.width, r.height);
    return uint64_t(std::ceil(r.width * g)) * uint64_t(std::ceil(r.height * g)) * 3;
}

}  // namespace

ImageSource::ImageSource(std::vector<ImageRecord> images, int imgsz, bool augment, size_t capacity, bool cacheAll,
                         uint64_t budgetBytes)
    : images_(std::move(images)), imgsz_(imgsz), augment_(augment), capacity_(capacity),
      bad_(new std::atomic<uint8_t>[images_.size() + 1])
{
    for (size_t i = 0; i < images_.size(); ++i) bad_[i] = 0;
    if (budgetBytes > 0 && !images_.empty()) {
        uint64_t total = 0;
        for (const auto& r : images_) total += resizedBytes(r, imgsz);
        const uint64_t mean = std::max<uint64_t>(1, total / images_.size());
        capacity_ = std::max<size_t>(capacity_, std::min<uint64_t>(images_.size(), budgetBytes / mean));
    }
    if (cacheAll) {
        // RAM cache: as many images as fit in half of the available memory (the rest stays on disk).
        const uint64_t avail = availableMemory();
        const uint64_t budget = avail > 0 ? avail / 2 : uint64_t(4) << 30;
        uint64_t total = 0;
        size_t fit = 0;
        for (const auto& r : images_) {
            const uint64_t b = resizedBytes(r, imgsz);
            if (total + b > budget) break;
            total += b;
            ++fit;
        }
        if (fit < images_.size()) {
            logWarning("cache=ram: " + std::to_string(fit) + " of " + std::to_string(images_.size()) +
                       " images fit in half of the available memory (" + std::to_string(budget >> 20) +
                       " MiB); the rest is decoded from disk");
        }
        capacity_ = std::max(capacity_, fit);
    }
}

Sample ImageSource::load(int i, bool augment)
{
    const bool cacheable = capacity_ > 0 && augment == augment_;
    if (!cacheable) {
        Sample s = loadResized(images_[size_t(i)], imgsz_, augment);
        s.index = i;
        return s;
    }
    std::unique_lock lock(mutex_);
    for (;;) {
        if (auto it = cache_.find(i); it != cache_.end()) {
            lru_.splice(lru_.begin(), lru_, it->second.pos);
            return it->second.sample;
        }
        if (!loading_.count(i)) break;
        loaded_.wait(lock);
    }
    loading_.insert(i);
    lock.unlock();

    Sample s;
    std::exception_ptr error;
    try {
        s = loadResized(images_[size_t(i)], imgsz_, augment);
        s.index = i;
    } catch (...) {
        error = std::current_exception();
    }

    lock.lock();
    loading_.erase(i);
    if (!error) {
        lru_.push_front(i);
        cache_.emplace(i, Entry{s, lru_.begin()});
        while (cache_.size() > capacity_) {
            cache_.erase(lru_.back());
            lru_.pop_back();
        }
    }
    loaded_.notify_all();
    lock.unlock();
    if (error) std::rethrow_exception(error);
    return s;
}

Sample ImageSource::get(int i, bool augment)
{
    const int n = size();
    if (n == 0) throw std::runtime_error("the image list is empty");
    for (int k = 0; k < n; ++k) {
        const int j = (i + k) % n;
        if (bad_[size_t(j)].load(std::memory_order_relaxed)) continue;
        try {
            return load(j, augment);
        } catch (const std::exception& e) {
            if (!bad_[size_t(j)].exchange(1)) {
                ++unreadable_;
                logWarning(std::string(e.what()) + "; using another image in its place");
            }
        }
    }
    throw std::runtime_error("none of the " + std::to_string(n) + " images can be read");
}

Sample buildSample(ImageSource& source, const Augmenter& aug, const EpochPlan& plan, int batchIndex,
                   int position, uint64_t seed)
{
    const TrainConfig& hyp = aug.hyp();
    const int index = plan.order[size_t(position)];
    const auto [outH, outW] = plan.batchShapes[size_t(batchIndex)];

    if (!plan.augment) {
        Sample s = source.get(index, false);
        return letterbox(std::move(s), outH, outW, /*scaleUp=*/false);
    }

    Rng rng = Rng::derive(seed, uint64_t(plan.epoch), uint64_t(position));
    const int n = static_cast<int>(plan.order.size());
    // Partners come from a window of nearby positions, like the reference's buffer of recent images.
    auto partner = [&]() {
        const int w = std::min(plan.window, n - 1);
        if (w <= 0) return plan.order[0];
        const int lo = std::max(0, std::min(position - w, n - 1 - w));
        return plan.order[size_t(lo + int(rng.below(uint32_t(w + 1))))];
    };
    const bool mixable = plan.mosaic && !plan.rect;
    auto pre = [&](int primary) {
        const bool useMosaic = rng.chance(hyp.mosaic) && mixable;
        if (useMosaic) {
            std::array<Sample, 4> parts;
            parts[0] = source.get(primary, true);
            for (int k = 1; k < 4; ++k) parts[size_t(k)] = source.get(partner(), true);
            return aug.mosaicPerspective(std::move(parts), rng);
        }
        return aug.letterboxPerspective(source.get(primary, true), outH, outW, rng);
    };

    Sample s = pre(index);
    if (rng.chance(hyp.mixup) && mixable) {
        Sample other = pre(partner());
        s = aug.mixup(std::move(s), std::move(other), rng);
    }
    aug.hsv(s.image, rng);
    return aug.flip(std::move(s), rng);
}

}  // namespace ys
