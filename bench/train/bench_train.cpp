// Training throughput and overhead over the compute floor, measured in one process and interleaved:
//   1. the real trainer (ys::train) for `epochs` epochs on a dataset; the throughput of each epoch
//      (images / wall time of the epoch: loading, augmentation, assigner, loss, optimizer, EMA; validation off);
//   2. after every epoch (from the trainer's epoch callback, outside the epoch's timing), `floor_steps` bare
//      model forward+backward steps (sum of outputs, no loss) on a fixed batch of the same size and shape, in
//      the same precision (amp resolved as the trainer does: auto = bf16 on CPUs with native bf16).
// Both sides are means (images / total time), and each epoch is paired with the floor measured right after it,
// so a VM that slows down for a minute slows both sides of a pair. The overhead is the median over the
// epochs after the first (cold image cache, first-touch allocations) of floor_img_s / train_img_s.
//
// usage: bench_train data=PATH [imgsz=320] [batch=8] [threads=2] [epochs=4] [amp=auto] [workers=8]
//                    [warmup_epochs=0] [floor_steps=8] [json=FILE]
// (workers as the user would type them: the trainer runs fewer where the model's threads take every core)
#include "common/fileutil.h"
#include "model/internal/yolo.h"
#include "benchutil.h"
#include "train/trainer.h"

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <sys/resource.h>

namespace {

// Peak resident memory of this process (VmHWM) since start or since the last resetPeakRss().
double peakRssMiB()
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;  // kB
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024.0;
}

// Resets VmHWM to the current RSS (Linux >= 4.0), so the floor steps between epochs do not count as the
// trainer's peak. Returns false where the kernel does not allow it.
bool resetPeakRss()
{
    std::ofstream out("/proc/self/clear_refs");
    out << "5";
    out.flush();
    return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv)
{
    const ys::bench::Args args(argc, argv);
    if (!args.has("data")) {
        std::fprintf(stderr, "usage: bench_train data=PATH [imgsz=320] [batch=8] [threads=2] [epochs=4] [amp=auto] "
                             "[workers=8] [warmup_epochs=0] [floor_steps=8] [json=FILE]\n");
        return 2;
    }
    const int imgsz = args.integer("imgsz", 320);
    const int batch = args.integer("batch", 8);
    const int threads = args.integer("threads", 2);
    const int epochs = std::max(2, args.integer("epochs", 4));
    const int floorSteps = std::max(2, args.integer("floor_steps", 8));
    const std::string amp = args.text("amp", "auto");
    const int workers = args.integer("workers", ys::TrainConfig{}.workers);

    ys::TrainConfig cfg;
    cfg.data = args.text("data", "");
    cfg.model = args.text("model", "yolov8n.yaml");
    cfg.imgsz = imgsz;
    cfg.batch = batch;
    cfg.threads = threads;
    cfg.epochs = epochs;
    cfg.amp = amp;
    cfg.workers = workers;
    cfg.project = args.text("project", "/tmp/ys-bench-runs");
    cfg.name = "bench";
    cfg.exist_ok = true;
    cfg.close_mosaic = 0;
    cfg.val = false;   // throughput of training only; the final epoch still validates once
    // Steady state: warmup (max(3 epochs, 100 batches)) steps the optimizer and EMA every batch at first,
    // which in a real run is a few percent of the batches but here would be every measured one.
    cfg.warmup_epochs = args.real("warmup_epochs", 0.0);

    // The floor's model and batch, built before training so that building them is not timed.
    auto spec = ys::loadModelSpec(cfg.model, 80);
    if (!spec) {
        std::fprintf(stderr, "error: %s\n", spec.error().toString().c_str());
        return 1;
    }
    const auto ampMode = ys::resolveAmp(amp, torch::Device(torch::kCPU));
    if (!ampMode) {
        std::fprintf(stderr, "error: %s\n", ampMode.error().toString().c_str());
        return 1;
    }
    ys::DetectionModel model(*spec);
    model->train();
    ys::toChannelsLast(*model);
    const torch::Tensor x = torch::rand({batch, 3, imgsz, imgsz}).contiguous(at::MemoryFormat::ChannelsLast);
    auto floorStep = [&] { ys::bench::bareStep(model, x, *ampMode); };

    struct Pair {
        double train = 0;        // img/s over the epoch
        double floorMean = 0;    // img/s over floor_steps steps
        double floorMedian = 0;  // img/s from the median step
    };
    std::vector<Pair> pairs;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    double trainerPeakRss = 0;  // max of VmHWM read before each floor measurement and after training
    bool peakResettable = true;
    cb.onEpoch = [&](const ys::EpochResult& r, const ys::DetectionMetrics&) {
        trainerPeakRss = std::max(trainerPeakRss, peakRssMiB());
        if (r.epoch == epochs)
            return;  // the trainer is done; nothing to pair with
        // The trainer's intra-op threads (FTZ/DAZ set) and RetainFreedMemory are in effect here.
        floorStep();  // re-warm the floor model's allocations after the epoch
        const std::vector<double> times = ys::bench::timeCalls(floorSteps, floorStep);
        const double sum = std::accumulate(times.begin(), times.end(), 0.0);
        pairs.push_back({r.imagesPerSecond, batch * floorSteps / sum, batch / ys::bench::median(times)});
        peakResettable = peakResettable && resetPeakRss();
    };
    auto result = ys::train(cfg, cb);
    if (!result) {
        std::fprintf(stderr, "error: %s\n", result.error().toString().c_str());
        return 1;
    }
    // Peak RSS of training: VmHWM is reset after each floor measurement, so the floor's activations are left
    // out (its weights, 13 MiB for n, stay in). Where the reset is not allowed the figure includes the floor.
    const double rssAfterTrain = std::max(trainerPeakRss, peakRssMiB());
    if (pairs.size() < 2) {
        std::fprintf(stderr, "error: no epoch to measure (epochs=%d)\n", epochs);
        return 1;
    }

    // Epoch 1 reads and decodes every image and touches its memory first: left out.
    std::vector<double> train, floorMean, overhead, overheadMedianStep;
    std::printf("imgsz %d batch %d threads %d amp %s (%s) workers %d\n", imgsz, batch, threads, amp.c_str(),
                ys::toString(*ampMode), workers);
    for (size_t i = 0; i < pairs.size(); ++i) {
        const Pair& p = pairs[i];
        std::printf("  epoch %zu: train %.1f img/s, floor %.1f img/s (mean of %d; median step %.1f) -> %.3fx%s\n",
                    i + 1, p.train, p.floorMean, floorSteps, p.floorMedian, p.floorMean / p.train,
                    i == 0 ? "  (cold: not counted)" : "");
        if (i == 0)
            continue;
        train.push_back(p.train);
        floorMean.push_back(p.floorMean);
        overhead.push_back(p.floorMean / p.train);
        overheadMedianStep.push_back(p.floorMedian / p.train);
    }
    using ys::bench::median;
    const double trainRate = median(train), floorRate = median(floorMean), ratio = median(overhead);
    const double ratioMedianStep = median(overheadMedianStep);
    std::printf("train    %.1f img/s (median over %zu epochs: loading, augmentation, assigner, loss, optimizer, EMA)\n",
                trainRate, train.size());
    std::printf("floor    %.1f img/s (bare forward+backward, %d steps after each epoch)\n", floorRate, floorSteps);
    std::printf("overhead %.3fx (median of per-epoch ratios; %.3fx against the floor's median step)\n", ratio,
                ratioMedianStep);
    std::printf("peak RSS %.0f MiB during training%s\n", rssAfterTrain,
                peakResettable ? "" : " (includes the floor steps: VmHWM could not be reset)");
    if (args.has("json")) {
        nlohmann::json j{{"imgsz", imgsz}, {"batch", batch}, {"threads", threads}, {"amp", amp}, {"workers", workers},
                         {"train_img_s", trainRate}, {"floor_img_s", floorRate}, {"overhead", ratio},
                         {"overhead_vs_median_step", ratioMedianStep}, {"peak_rss_mib", rssAfterTrain},
                         {"epochs_measured", train.size()}};
        ys::writeFileAtomic(args.text("json", ""), j.dump(2));
    }
    return 0;
}
