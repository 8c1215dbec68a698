// Where a training iteration spends its time: loader wait, forward, loss (assigner included), backward,
// optimizer step, EMA. Medians over N iterations on one dataset, same process.
//
// usage: bench_phases data=PATH [imgsz=320] [batch=8] [threads=2] [iters=10] [workers=0] [mosaic=1] [amp=auto]
//        [warm=1] [profile=0] [tracker=0]   (warm=1: one epoch through the loader first, so images come from its cache as in epoch 2+; profile=1: operators of the loss)
#include "augment/internal/loader.h"
#include "data/dataset.h"
#include "loss/internal/detection_loss.h"
#include "memory/memory.h"
#include "model/internal/amp.h"
#include "model/internal/ema.h"
#include "model/internal/threads.h"
#include "model/internal/yolo.h"
#include "benchutil.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <optional>

namespace {
using Clock = std::chrono::steady_clock;
double ms(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }
}  // namespace

int main(int argc, char** argv)
{
    const ys::bench::Args args(argc, argv);
    const int imgsz = args.integer("imgsz", 320), batch = args.integer("batch", 8), threads = args.integer("threads", 2), iters = args.integer("iters", 10);
    ys::configureIntraOpThreads(threads);  // as the trainer: FTZ/DAZ on every thread
    const ys::RetainFreedMemory retain;     // as the trainer: freed memory kept for the next step
    if (args.integer("tracker", 0))
        ys::memory::installCpuTracker();  // as the trainer does
    auto opened = ys::bench::openTrainSplit(args.text("data", ""));
    if (!opened) {
        std::fprintf(stderr, "error: %s\n", opened.error().toString().c_str());
        return 2;
    }
    const std::vector<ys::ImageRecord>& train = opened->images;
    ys::LoaderOptions lo;
    lo.imgsz = imgsz;
    lo.batch = batch;
    lo.workers = args.integer("workers", 0);
    lo.hyp.mosaic = args.integer("mosaic", 1);
    ys::BatchLoader loader(train, lo);
    int epoch = 0;
    if (args.integer("warm", 1)) {
        loader.startEpoch(epoch++, lo.hyp.mosaic > 0);
        while (loader.next()) {
        }
    }
    loader.startEpoch(epoch++, lo.hyp.mosaic > 0);
    const auto amp = ys::resolveAmp(args.text("amp", "auto"), torch::Device(torch::kCPU));
    if (!amp) {
        std::fprintf(stderr, "error: %s\n", amp.error().toString().c_str());
        return 2;
    }

    auto spec = ys::loadModelSpec(args.text("model", "yolov8n.yaml"), opened->dataset.spec.nc());
    ys::DetectionModel model(*spec);
    model->train();
    const bool cl = args.integer("channels_last", 1) != 0;
    if (cl)
        ys::toChannelsLast(*model);
    ys::DetectionLoss loss(opened->dataset.spec.nc(), model->regMax(), model->strides());
    torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9).nesterov(true));
    ys::ModelEma ema(*spec, model);
    std::map<std::string, std::vector<double>> t;
    for (int it = 0; it < iters + 1; ++it) {
        auto t0 = Clock::now();
        auto b = loader.next();
        if (!b) {
            loader.startEpoch(epoch++, lo.hyp.mosaic > 0);
            b = loader.next();
        }
        auto t1 = Clock::now();
        torch::Tensor x = ys::prepareImages(b->images, torch::kCPU, cl);
        std::optional<ys::AutocastGuard> ac(std::in_place, *amp, torch::Device(torch::kCPU));
        auto feats = model->forward(x);
        auto t2 = Clock::now();
        auto out = loss(feats, b->targets, x.size(0));
        ac.reset();
        auto t3 = Clock::now();
        out.total.backward();
        auto t4 = Clock::now();
        opt.step();
        opt.zero_grad();
        auto t5 = Clock::now();
        ema.update(model);
        auto t6 = Clock::now();
        if (it == 0)
            continue;   // warm-up
        t["loader wait"].push_back(ms(t0, t1));
        t["forward"].push_back(ms(t1, t2));
        t["loss+assigner"].push_back(ms(t2, t3));
        t["backward"].push_back(ms(t3, t4));
        t["optimizer"].push_back(ms(t4, t5));
        t["ema"].push_back(ms(t5, t6));
        t["total"].push_back(ms(t0, t6));
        if (it == iters && args.integer("profile", 0)) {
            ys::AutocastGuard g(*amp, torch::Device(torch::kCPU));
            auto f = model->forward(x);
            ys::bench::printOpProfile("loss+assigner", [&] { loss(f, b->targets, x.size(0)); });
            ys::bench::printOpProfile("loss+assigner, then backward of loss and model", [&] {
                loss(f, b->targets, x.size(0)).total.backward();
            }, 40);
        }
    }
    std::printf("imgsz %d batch %d threads %d workers %d amp %s, median ms per iteration over %d:\n", imgsz, batch,
                threads, lo.workers, ys::toString(*amp), iters);
    for (auto& [k, v] : t)
        std::printf("  %-14s %8.1f\n", k.c_str(), ys::bench::median(v));
    return 0;
}
