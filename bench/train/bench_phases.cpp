// Where a training iteration spends its time: loader wait, forward, loss (assigner included), backward,
// optimizer step, EMA. Medians over N iterations on one dataset, same process.
//
// usage: bench_phases data=PATH [imgsz=320] [batch=8] [threads=2] [iters=10] [workers=2] [mosaic=1]
#include "augment/internal/loader.h"
#include "data/dataset.h"
#include "loss/internal/detection_loss.h"
#include "model/internal/yolo.h"
#include "train/internal/engine.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>

namespace {
using Clock = std::chrono::steady_clock;
double ms(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }
double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}
}  // namespace

int main(int argc, char** argv)
{
    std::map<std::string, std::string> kv;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto eq = a.find('=');
        if (eq != std::string::npos)
            kv[a.substr(0, eq)] = a.substr(eq + 1);
    }
    auto get = [&](const char* k, int d) { return kv.count(k) ? std::stoi(kv[k]) : d; };
    const int imgsz = get("imgsz", 320), batch = get("batch", 8), threads = get("threads", 2), iters = get("iters", 10);
    torch::set_num_threads(threads);
    auto ds = ys::openDataset(kv["data"]);
    if (!ds) {
        std::fprintf(stderr, "error: %s\n", ds.error().toString().c_str());
        return 2;
    }
    std::vector<ys::ImageRecord> train;
    for (auto& r : ds->images)
        if (r.split == ys::Split::Train && r.width > 0)
            train.push_back(r);
    ys::LoaderOptions lo;
    lo.imgsz = imgsz;
    lo.batch = batch;
    lo.workers = get("workers", 2);
    lo.hyp.mosaic = get("mosaic", 1);
    ys::BatchLoader loader(train, lo);
    loader.startEpoch(0, lo.hyp.mosaic > 0);

    auto spec = ys::loadModelSpec(kv.count("model") ? kv["model"] : "yolov8n.yaml", ds->spec.nc());
    ys::DetectionModel model(*spec);
    model->train();
    const bool cl = get("channels_last", 1) != 0;
    if (cl)
        ys::toChannelsLast(*model);
    ys::DetectionLoss loss(ds->spec.nc(), model->regMax(), model->strides());
    torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9).nesterov(true));
    ys::ModelEma ema(*spec, model);
    std::map<std::string, std::vector<double>> t;
    for (int it = 0; it < iters + 1; ++it) {
        auto t0 = Clock::now();
        auto b = loader.next();
        if (!b) {
            loader.startEpoch(it, lo.hyp.mosaic > 0);
            b = loader.next();
        }
        auto t1 = Clock::now();
        torch::Tensor x = ys::prepareImages(b->images, torch::kCPU, cl);
        auto feats = model->forward(x);
        auto t2 = Clock::now();
        auto out = loss(feats, b->targets, x.size(0));
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
    }
    std::printf("imgsz %d batch %d threads %d, median ms per iteration over %d:\n", imgsz, batch, threads, iters);
    for (auto& [k, v] : t)
        std::printf("  %-14s %8.1f\n", k.c_str(), median(v));
    return 0;
}
