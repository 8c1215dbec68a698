// The training data loader alone (issue 25): images per second, and per core, of BatchLoader pulling every
// batch of each epoch as fast as possible, no model. Set against Ultralytics' loader by
// bench/train/ultralytics_loader.py and bench/train/run_loader_bench.sh.
//
// usage: bench_loader data=PATH [imgsz=640] [batch=16] [workers=2] [threads=2] [epochs=2] [mosaic=1] [cache=0]
//        [seed=0] [json=FILE]
//   workers: loader threads; 0 = each batch built inside next() on the intra-op threads
//   threads: intra-op threads, set as the trainer sets them
//   cache:   0 = the LRU holds the mosaic partner window and the batches in flight only (its floor);
//            1 = the trainer's default byte budget as well (LoaderOptions::cacheBudgetBytes)
// Epoch 1 decodes every image; later epochs read what the cache kept. Cores used = workers, or threads when
// workers = 0. CPU seconds are the whole process's (every thread), from getrusage.
#include "augment/internal/loader.h"
#include "data/dataset.h"
#include "model/internal/threads.h"
#include "benchutil.h"

#include <nlohmann/json.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

// User + system CPU seconds of every thread of this process so far.
double processCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    auto s = [](const timeval& t) { return double(t.tv_sec) + 1e-6 * double(t.tv_usec); };
    return s(u.ru_utime) + s(u.ru_stime);
}

struct EpochResult {
    int epoch = 0;
    int64_t images = 0, batches = 0;
    double seconds = 0, cpuSeconds = 0;
    double waitMsMedian = 0, waitMsMax = 0;
    ys::LoaderStats stats;
};

}  // namespace

int main(int argc, char** argv)
{
    const ys::bench::Args args(argc, argv);
    const int imgsz = args.integer("imgsz", 640), batch = args.integer("batch", 16);
    const int workers = args.integer("workers", 2), epochs = std::max(1, args.integer("epochs", 2));
    const int threads = ys::configureIntraOpThreads(args.integer("threads", 2));  // as the trainer
    const bool cache = args.integer("cache", 0) != 0;
    auto opened = ys::bench::openTrainSplit(args.text("data", ""));
    if (!opened) {
        std::fprintf(stderr, "error: %s\n", opened.error().toString().c_str());
        return 2;
    }
    const std::vector<ys::ImageRecord>& train = opened->images;
    ys::LoaderOptions lo;
    lo.imgsz = imgsz;
    lo.batch = batch;
    lo.workers = workers;
    lo.seed = uint64_t(args.integer("seed", 0));
    lo.hyp.mosaic = args.real("mosaic", 1.0);
    if (!cache)
        lo.cacheBudgetBytes = 0;
    const int cores = workers > 0 ? workers : threads;

    ys::BatchLoader loader(train, lo);
    std::vector<EpochResult> results;
    for (int e = 0; e < epochs; ++e) {
        EpochResult r;
        r.epoch = e + 1;
        std::vector<double> waits;
        const double cpu0 = processCpuSeconds();
        const auto t0 = Clock::now();
        auto last = t0;
        loader.startEpoch(e, lo.hyp.mosaic > 0);
        while (auto b = loader.next()) {
            r.images += b->images.size(0);
            const auto now = Clock::now();
            waits.push_back(1e3 * seconds(last, now));
            last = now;
        }
        r.seconds = seconds(t0, last);
        r.cpuSeconds = processCpuSeconds() - cpu0;
        r.batches = int64_t(waits.size());
        r.waitMsMedian = ys::bench::median(waits);
        r.waitMsMax = waits.empty() ? 0 : *std::max_element(waits.begin(), waits.end());
        r.stats = loader.stats();
        results.push_back(r);
    }

    auto rate = [](const EpochResult& r) { return r.seconds > 0 ? double(r.images) / r.seconds : 0.0; };
    std::vector<double> all, later;
    for (const auto& r : results) {
        all.push_back(rate(r));
        if (r.epoch > 1)
            later.push_back(rate(r));
    }
    const double epoch1 = rate(results.front()), laterMedian = ys::bench::median(later);

    nlohmann::json j;
    j["loader"] = "studio";
    j["data"] = args.text("data", "");
    j["imgsz"] = imgsz;
    j["batch"] = batch;
    j["workers"] = workers;
    j["threads"] = threads;
    j["cores"] = cores;
    j["mosaic"] = lo.hyp.mosaic;
    j["cache_budget_bytes"] = lo.cacheBudgetBytes;
    j["images"] = loader.imageCount();
    j["unreadable"] = loader.unreadableCount();
    for (const auto& r : results) {
        std::printf("  epoch %d: %lld images in %.2f s, %.1f img/s, %.1f per core, %.1f per CPU-second; wait per "
                    "batch median %.1f ms max %.1f ms; stalls %lld of %lld batches, %.2f s\n",
                    r.epoch, static_cast<long long>(r.images), r.seconds, rate(r), rate(r) / cores,
                    r.cpuSeconds > 0 ? double(r.images) / r.cpuSeconds : 0.0, r.waitMsMedian, r.waitMsMax,
                    static_cast<long long>(r.stats.stalls), static_cast<long long>(r.stats.batches),
                    r.stats.stallSeconds);
        j["epochs"].push_back({{"epoch", r.epoch},
                               {"images", r.images},
                               {"batches", r.batches},
                               {"seconds", r.seconds},
                               {"cpu_seconds", r.cpuSeconds},
                               {"images_per_s", rate(r)},
                               {"images_per_s_per_core", rate(r) / cores},
                               {"wait_ms_median", r.waitMsMedian},
                               {"wait_ms_max", r.waitMsMax},
                               {"stalls", r.stats.stalls},
                               {"stall_seconds", r.stats.stallSeconds}});
    }
    j["epoch1_images_per_s"] = epoch1;
    j["later_images_per_s_median"] = laterMedian;
    j["images_per_s_median"] = ys::bench::median(all);
    std::printf("summary loader=studio imgsz=%d batch=%d workers=%d cores=%d epoch1=%.1f later=%.1f median=%.1f "
                "img/s per_core_epoch1=%.1f per_core_later=%.1f\n",
                imgsz, batch, workers, cores, epoch1, laterMedian, ys::bench::median(all), epoch1 / cores,
                laterMedian / cores);
    const std::string text = j.dump(1);
    std::printf("%s\n", text.c_str());
    if (args.has("json"))
        std::ofstream(args.text("json", "")) << text << "\n";
    return 0;
}
