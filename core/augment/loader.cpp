#include "augment/internal/loader.h"

#include "augment/pipeline.h"
#include "common/log.h"
#include "common/trainrules.h"
#include "dist/sampler.h"

#include <ATen/Parallel.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>

namespace ys {
namespace {

// Epoch value used for the Rng of makeBatch() probes, so they never repeat a training sample's stream.
constexpr uint64_t kProbeEpoch = 0xFFFFFFFFull;
// Stream id of the per-epoch shuffle (distinct from any position).
constexpr uint64_t kShuffleStream = 0xFFFFFFFFFFFFull;

Batch collate(std::vector<Sample>& samples, bool pin)
{
    TORCH_CHECK(!samples.empty(), "collate: empty batch");
    const int B = static_cast<int>(samples.size());
    const int H = samples[0].image.rows, W = samples[0].image.cols;
    auto opts = torch::TensorOptions().dtype(torch::kUInt8);
    if (pin) opts = opts.pinned_memory(true);
    Batch batch;
    // NHWC memory seen as [B,3,H,W]: each image is one BGR -> RGB pass, and the CPU model (channels-last)
    // reads it without a transpose.
    batch.images = torch::empty({B, H, W, 3}, opts).permute({0, 3, 1, 2});
    uint8_t* base = batch.images.data_ptr<uint8_t>();
    int64_t nboxes = 0;
    for (const auto& s : samples) nboxes += static_cast<int64_t>(s.boxes.size());
    batch.targets = torch::empty({nboxes, 6}, torch::kFloat32);
    float* t = batch.targets.data_ptr<float>();
    const size_t imageBytes = size_t(H) * size_t(W) * 3;
    for (int i = 0; i < B; ++i) {
        const Sample& s = samples[size_t(i)];
        TORCH_CHECK(s.image.rows == H && s.image.cols == W && s.image.type() == CV_8UC3,
                    "collate: sample ", i, " is ", s.image.cols, "x", s.image.rows, ", batch is ", W, "x", H);
        cv::Mat rgb(H, W, CV_8UC3, base + size_t(i) * imageBytes);
        cv::cvtColor(s.image, rgb, cv::COLOR_BGR2RGB);
        for (const auto& b : s.boxes) {
            *t++ = float(i);
            *t++ = float(b.cls);
            *t++ = (b.x1 + b.x2) * 0.5f / W;
            *t++ = (b.y1 + b.y2) * 0.5f / H;
            *t++ = (b.x2 - b.x1) / W;
            *t++ = (b.y2 - b.y1) / H;
        }
        batch.indices.push_back(s.index);
        batch.origShapes.push_back({s.origH, s.origW});
        batch.letterbox.push_back({s.gain, s.padX, s.padY});
    }
    return batch;
}

}  // namespace

struct BatchLoader::Impl {
    LoaderOptions opt;
    Augmenter aug;
    ImageSource source;
    RectPlan rectPlan;  // fixed for the loader's life when opt.rect
    bool pin = false;

    std::mutex mutex;
    std::condition_variable workCv, readyCv;
    std::shared_ptr<const EpochPlan> plan;
    uint64_t generation = 0;
    int nextClaim = 0;
    int consumed = 0;
    int prefetch = 2;
    bool stopping = false;
    struct Result {
        Batch batch;
        std::exception_ptr error;
    };
    std::map<int, Result> ready;
    LoaderStats stats;  // guarded by mutex
    std::vector<std::thread> threads;

    Impl(std::vector<ImageRecord> images, LoaderOptions o)
        : opt(std::move(o)), aug(opt.hyp, opt.imgsz),
          source(std::move(images), opt.imgsz, opt.augment, cacheCapacity(opt), opt.cacheRam,
                 uint64_t(std::max<int64_t>(0, opt.cacheBudgetBytes)))
    {
        TORCH_CHECK(!(opt.rect && opt.world > 1), "BatchLoader: rectangular batches are not sharded over ranks");
        TORCH_CHECK(opt.world >= 1 && opt.rank >= 0 && opt.rank < opt.world, "BatchLoader: rank ", opt.rank,
                    " outside a world of ", opt.world);
        if (opt.rect) {
            std::vector<std::array<int, 2>> shapes;
            shapes.reserve(size_t(source.size()));
            for (const auto& r : source.records()) shapes.push_back({r.height, r.width});
            rectPlan = planRectBatches(shapes, std::max(1, opt.batch), opt.imgsz, opt.stride, opt.pad);
        }
        pin = opt.pinMemory && torch::cuda::is_available();
        prefetch = queuedBatches(opt.workers);
    }

    // LRU size without cache=ram: the mosaic partner window plus the batches in flight.
    static size_t cacheCapacity(const LoaderOptions& o)
    {
        const size_t inflight =
            size_t(std::max(2, queuedBatches(o.workers)) + std::max(1, o.workers) + 1) * size_t(std::max(1, o.batch));
        return size_t(2 * partnerWindow(o)) + inflight;
    }
    // Reference-like buffer length: min(batch * 8, 1000) recent images, of the world batch.
    static int partnerWindow(const LoaderOptions& o)
    {
        return std::min(std::max(1, o.batch) * std::max(1, o.world) * 8, 1000);
    }

    std::shared_ptr<EpochPlan> makePlan(int epoch, bool mosaic) const
    {
        auto p = std::make_shared<EpochPlan>();
        p->epoch = epoch;
        p->augment = opt.augment;
        p->rect = opt.rect;
        p->mosaic = mosaic && !opt.rect;
        p->window = partnerWindow(opt);
        const int n = source.size();
        const int B = std::max(1, opt.batch);
        Rng rng = Rng::derive(opt.seed, uint64_t(epoch), kShuffleStream);
        if (opt.rect) {
            const int nb = static_cast<int>(rectPlan.batchShapes.size());
            std::vector<int> border(static_cast<size_t>(nb), 0);
            std::iota(border.begin(), border.end(), 0);
            if (opt.shuffle) {
                for (int i = nb - 1; i > 0; --i) std::swap(border[size_t(i)], border[rng.below(uint32_t(i + 1))]);
            }
            for (int b : border) {
                const int lo = b * B, hi = std::min(n, lo + B);
                const int first = static_cast<int>(p->order.size());
                for (int k = lo; k < hi; ++k) p->order.push_back(rectPlan.order[size_t(k)]);
                p->batchRange.push_back({first, static_cast<int>(p->order.size())});
                p->batchShapes.push_back(rectPlan.batchShapes[size_t(b)]);
            }
        } else {
            std::vector<int> order(static_cast<size_t>(n));
            std::iota(order.begin(), order.end(), 0);
            if (opt.shuffle) {
                for (int i = n - 1; i > 0; --i) std::swap(order[size_t(i)], order[rng.below(uint32_t(i + 1))]);
            }
            p->order = dist::paddedOrder(order, opt.world);
            for (const dist::ShardBatch& s : dist::shardBatches(n, B, opt.rank, opt.world)) {
                p->batchRange.push_back({s.begin, s.end});
                p->batchShapes.push_back({opt.imgsz, opt.imgsz});
            }
        }
        return p;
    }

    // Builds batch b. Without workers the samples are built in parallel on the intra-op threads (the
    // ones that run the model), between two training steps: on a machine whose cores all run the model,
    // background workers would preempt those threads in the middle of every convolution (measured here:
    // 2 workers next to 2 intra-op threads made each step 23% slower). A worker thread builds its batch
    // serially, as a parallel region opened from it would start a second thread team.
    Batch produce(const EpochPlan& p, int b, bool parallel)
    {
        const int lo = p.batchRange[size_t(b)][0], hi = p.batchRange[size_t(b)][1];
        std::vector<Sample> samples(size_t(hi - lo));
        auto build = [&](int64_t from, int64_t to) {
            for (int64_t pos = from; pos < to; ++pos)
                samples[size_t(pos - lo)] = buildSample(source, aug, p, b, static_cast<int>(pos), opt.seed);
        };
        if (parallel)
            at::parallel_for(lo, hi, 1, build);
        else
            build(lo, hi);
        return collate(samples, pin);
    }

    void workerLoop()
    {
        std::unique_lock lock(mutex);
        for (;;) {
            workCv.wait(lock, [&] {
                return stopping || (plan && nextClaim < plan->batches() && nextClaim < consumed + prefetch);
            });
            if (stopping) return;
            const int b = nextClaim++;
            const auto p = plan;
            const uint64_t gen = generation;
            lock.unlock();
            Result r;
            try {
                r.batch = produce(*p, b, false);
            } catch (...) {
                r.error = std::current_exception();
            }
            lock.lock();
            if (gen == generation) {
                ready.emplace(b, std::move(r));
                readyCv.notify_all();
            }
        }
    }
};

BatchLoader::BatchLoader(std::vector<ImageRecord> images, LoaderOptions opt)
    : d_(std::make_unique<Impl>(std::move(images), std::move(opt)))
{
    cv::setNumThreads(0);  // samples are already built in parallel (by workers or the intra-op threads)
    if (d_->opt.workers > 0) {
        for (int i = 0; i < d_->opt.workers; ++i) d_->threads.emplace_back([this] { d_->workerLoop(); });
    }
}

BatchLoader::~BatchLoader()
{
    {
        std::lock_guard lock(d_->mutex);
        d_->stopping = true;
    }
    d_->workCv.notify_all();
    for (auto& t : d_->threads) t.join();
}

int64_t BatchLoader::size() const
{
    const int B = std::max(1, d_->opt.batch), world = std::max(1, d_->opt.world);
    const int n = dist::paddedLength(d_->source.size(), world);
    return (n + B * world - 1) / (B * world);
}

int64_t BatchLoader::imageCount() const { return d_->source.size(); }

void BatchLoader::startEpoch(int epoch, bool mosaic)
{
    auto p = d_->makePlan(epoch, mosaic);
    {
        std::lock_guard lock(d_->mutex);
        ++d_->generation;
        d_->plan = std::move(p);
        d_->nextClaim = 0;
        d_->consumed = 0;
        d_->ready.clear();
        d_->stats = {};
    }
    d_->workCv.notify_all();
}

std::optional<Batch> BatchLoader::next()
{
    std::unique_lock lock(d_->mutex);
    if (!d_->plan) throw std::logic_error("BatchLoader::next() before startEpoch()");
    if (d_->consumed >= d_->plan->batches()) return std::nullopt;
    using Clock = std::chrono::steady_clock;
    if (d_->threads.empty()) {
        const int b = d_->consumed++;
        const auto p = d_->plan;
        lock.unlock();
        const auto t0 = Clock::now();
        Batch batch = d_->produce(*p, b, true);
        lock.lock();
        ++d_->stats.batches;
        ++d_->stats.stalls;
        d_->stats.stallSeconds += std::chrono::duration<double>(Clock::now() - t0).count();
        return batch;
    }
    const int b = d_->consumed;
    ++d_->stats.batches;
    if (!d_->ready.count(b)) {
        const auto t0 = Clock::now();
        d_->readyCv.wait(lock, [&] { return d_->ready.count(b) > 0; });
        ++d_->stats.stalls;
        d_->stats.stallSeconds += std::chrono::duration<double>(Clock::now() - t0).count();
    }
    Impl::Result r = std::move(d_->ready.at(b));
    d_->ready.erase(b);
    ++d_->consumed;
    lock.unlock();
    d_->workCv.notify_all();
    if (r.error) std::rethrow_exception(r.error);
    return std::move(r.batch);
}

Batch BatchLoader::makeBatch(const std::vector<int>& indices, bool augment)
{
    TORCH_CHECK(!indices.empty(), "makeBatch: no indices");
    EpochPlan p;
    p.epoch = static_cast<int>(kProbeEpoch);
    p.augment = augment;
    p.rect = d_->opt.rect;
    p.mosaic = augment && !d_->opt.rect;
    p.window = Impl::partnerWindow(d_->opt);
    p.order = indices;
    p.batchRange = {{0, static_cast<int>(indices.size())}};
    if (d_->opt.rect) {
        std::vector<std::array<int, 2>> shapes;
        for (int i : indices) shapes.push_back({d_->source.record(i).height, d_->source.record(i).width});
        const RectPlan rp = planRectBatches(shapes, static_cast<int>(indices.size()), d_->opt.imgsz,
                                            d_->opt.stride, d_->opt.pad);
        for (size_t k = 0; k < rp.order.size(); ++k) p.order[k] = indices[size_t(rp.order[k])];
        p.batchShapes = rp.batchShapes;
    } else {
        p.batchShapes = {{d_->opt.imgsz, d_->opt.imgsz}};
    }
    return d_->produce(p, 0, true);
}

int BatchLoader::maxBoxesPerImage() const
{
    int m = 0;
    for (const auto& r : d_->source.records()) m = std::max(m, static_cast<int>(r.boxes.size()));
    return m;
}

std::vector<int> BatchLoader::mostCrowded(int n) const
{
    const auto& recs = d_->source.records();
    std::vector<int> idx(recs.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(),
                     [&](int a, int b) { return recs[size_t(a)].boxes.size() > recs[size_t(b)].boxes.size(); });
    idx.resize(size_t(std::clamp(n, 0, static_cast<int>(idx.size()))));
    return idx;
}

int BatchLoader::unreadableCount() const { return d_->source.unreadableCount(); }

LoaderStats BatchLoader::stats() const
{
    std::lock_guard lock(d_->mutex);
    return d_->stats;
}

const LoaderOptions& BatchLoader::options() const { return d_->opt; }

}  // namespace ys
