// Training throughput and overhead over the compute floor, measured in one process:
//   1. the real trainer (ys::train) for `epochs` epochs on a dataset; throughput of the last epoch
//      (loading, augmentation, assigner, loss, optimizer, EMA; validation excluded);
//   2. the bare model forward+backward (sum of outputs, no loss) on a fixed batch of the same size and shape,
//      in the same precision (amp resolved as the trainer does: auto = bf16 on CPUs with native bf16).
// The ratio floor_img_s / train_img_s is the overhead of everything around the model.
//
// usage: bench_train data=PATH [imgsz=320] [batch=8] [threads=2] [epochs=2] [amp=auto] [workers=8] [warmup_epochs=0]
//                    [json=FILE]
// (workers as the user would type them: the trainer runs fewer where the model's threads take every core)
#include "common/fileutil.h"
#include "model/internal/yolo.h"
#include "benchutil.h"
#include "model/internal/threads.h"
#include "train/trainer.h"

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <sys/resource.h>

namespace {

double peakRssMiB()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024.0;
}

}  // namespace

int main(int argc, char** argv)
{
    auto kv = ys::bench::parseArgs(argc, argv);
    if (!kv.count("data")) {
        std::fprintf(stderr, "usage: bench_train data=PATH [imgsz=320] [batch=8] [threads=2] [epochs=2] [amp=auto] "
                             "[workers=8] [json=FILE]\n");
        return 2;
    }
    const int imgsz = kv.count("imgsz") ? std::stoi(kv["imgsz"]) : 320;
    const int batch = kv.count("batch") ? std::stoi(kv["batch"]) : 8;
    const int threads = kv.count("threads") ? std::stoi(kv["threads"]) : 2;
    const int epochs = kv.count("epochs") ? std::stoi(kv["epochs"]) : 2;
    const std::string amp = kv.count("amp") ? kv["amp"] : "auto";
    const int workers = kv.count("workers") ? std::stoi(kv["workers"]) : ys::TrainConfig{}.workers;
    const std::string project = kv.count("project") ? kv["project"] : "/tmp/ys-bench-runs";

    ys::TrainConfig cfg;
    cfg.data = kv["data"];
    cfg.model = kv.count("model") ? kv["model"] : "yolov8n.yaml";
    cfg.imgsz = imgsz;
    cfg.batch = batch;
    cfg.threads = threads;
    cfg.epochs = epochs;
    cfg.amp = amp;
    cfg.workers = workers;
    cfg.project = project;
    cfg.name = "bench";
    cfg.exist_ok = true;
    cfg.close_mosaic = 0;
    cfg.val = false;   // throughput of training only; the final epoch still validates once
    // Steady state: warmup (max(3 epochs, 100 batches)) steps the optimizer and EMA every batch at first,
    // which in a real run is a few percent of the batches but here would be every measured one.
    cfg.warmup_epochs = kv.count("warmup_epochs") ? std::stod(kv["warmup_epochs"]) : 0.0;

    std::vector<double> epochRates;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onEpoch = [&](const ys::EpochResult& r, const ys::DetectionMetrics&) { epochRates.push_back(r.imagesPerSecond); };
    auto result = ys::train(cfg, cb);
    if (!result) {
        std::fprintf(stderr, "error: %s\n", result.error().toString().c_str());
        return 1;
    }
    const double trainRate = epochRates.empty() ? 0 : epochRates.back();
    const double rssAfterTrain = peakRssMiB();

    // Compute floor: same model, same batch shape, forward + backward of the raw outputs.
    ys::configureIntraOpThreads(threads);  // as the trainer: FTZ/DAZ on every thread
    auto spec = ys::loadModelSpec(cfg.model, 80);
    if (!spec) {
        std::fprintf(stderr, "error: %s\n", spec.error().toString().c_str());
        return 1;
    }
    ys::DetectionModel model(*spec);
    model->train();
    ys::toChannelsLast(*model);
    torch::Tensor x = torch::rand({batch, 3, imgsz, imgsz}).contiguous(at::MemoryFormat::ChannelsLast);
    const auto ampMode = ys::resolveAmp(amp, torch::Device(torch::kCPU));
    if (!ampMode) {
        std::fprintf(stderr, "error: %s\n", ampMode.error().toString().c_str());
        return 1;
    }
    auto step = [&] { ys::bench::bareStep(model, x, *ampMode); };
    step();
    std::vector<double> times;
    const int iters = std::max(4, 128 / batch);
    for (int i = 0; i < iters; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        step();
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(times.begin(), times.end());
    const double floorRate = batch / times[times.size() / 2];

    std::printf("imgsz %d batch %d threads %d amp %s (%s) workers %d\n", imgsz, batch, threads, amp.c_str(),
                ys::toString(*ampMode), workers);
    std::printf("train   %.1f img/s (last of %d epochs: loading, augmentation, assigner, loss, optimizer, EMA)\n",
                trainRate, epochs);
    std::printf("floor   %.1f img/s (median of %d bare forward+backward steps)\n", floorRate, iters);
    std::printf("overhead %.3fx\n", trainRate > 0 ? floorRate / trainRate : 0.0);
    std::printf("peak RSS %.0f MiB (after training %.0f MiB)\n", peakRssMiB(), rssAfterTrain);
    if (kv.count("json")) {
        nlohmann::json j{{"imgsz", imgsz}, {"batch", batch}, {"threads", threads}, {"amp", amp}, {"workers", workers},
                         {"train_img_s", trainRate}, {"floor_img_s", floorRate},
                         {"overhead", trainRate > 0 ? floorRate / trainRate : 0.0}, {"peak_rss_mib", rssAfterTrain}};
        ys::writeFileAtomic(kv["json"], j.dump(2));
    }
    return 0;
}
