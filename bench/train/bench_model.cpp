// Bare model forward+backward (the compute floor of training) under different settings, plus an optional
// per-operator profile, to see where the model's own time goes.
//
// usage: bench_model [model=yolov8n.yaml[,yolo11n.yaml,...]] [imgsz=320] [batch=8] [threads=2] [iters=10]
//                    [rounds=1] [profile=0] [mode=nchw|channels_last|channels_last+bf16] [fused=0|1|both]
// fused: the Conv's BatchNorm + SiLU as the fused op (1), as the torch composite (0), or each in turn.
// Several models are timed in turn, `rounds` times over, so that their ratios come from one run on the same
// (noisy) machine: each line is the median of all its timings, with its speed relative to the first model.
#include "model/internal/amp.h"
#include "model/internal/threads.h"
#include "model/internal/fused_bn_act.h"
#include "model/internal/yolo.h"
#include "benchutil.h"

#include <torch/torch.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>
#include <sstream>


int main(int argc, char** argv)
{
    const ys::bench::Args args(argc, argv);
    const int imgsz = args.integer("imgsz", 320);
    const int batch = args.integer("batch", 8);
    const int threads = args.integer("threads", 2);
    const int iters = args.integer("iters", 10);
    const bool profile = args.integer("profile", 0) == 1;
    ys::configureIntraOpThreads(threads);  // as the trainer: FTZ/DAZ on every thread
    const ys::RetainFreedMemory retain;     // as the trainer: freed memory kept for the next step
    std::vector<ys::ModelSpec> specs;
    std::stringstream models(args.text("model", "yolov8n.yaml"));
    for (std::string name; std::getline(models, name, ',');) {
        auto spec = ys::loadModelSpec(name, 80);
        if (!spec) {
            std::fprintf(stderr, "error: %s\n", spec.error().toString().c_str());
            return 1;
        }
        specs.push_back(spec.value());
    }
    const int rounds = std::max(1, args.integer("rounds", 1));
    const std::string fusedArg = args.text("fused", "both");
    std::vector<bool> fusedSettings;
    if (fusedArg == "0" || fusedArg == "both")
        fusedSettings.push_back(false);
    if (fusedArg == "1" || fusedArg == "both")
        fusedSettings.push_back(true);
    struct Key {
        std::string mode;
        bool fused;
        size_t model;
        bool operator<(const Key& o) const { return std::tie(mode, fused, model) < std::tie(o.mode, o.fused, o.model); }
    };
    std::map<Key, std::vector<double>> times;
    for (int round = 0; round < rounds; ++round)
    for (const std::string mode : {"nchw", "channels_last", "channels_last+bf16"})
      for (const bool fused : fusedSettings)
        for (size_t mi = 0; mi < specs.size(); ++mi) {
        const bool cl = mode != "nchw";
        const bool bf16 = mode == "channels_last+bf16";
        if (args.text("mode", mode) != mode || (bf16 && !ys::cpuHasNativeBf16()))
            continue;
        ys::setFusedBnActEnabled(fused);
        torch::manual_seed(0);
        ys::DetectionModel model(specs[mi]);
        model->train();
        if (cl)
            ys::toChannelsLast(*model);
        torch::Tensor x = torch::rand({batch, 3, imgsz, imgsz});
        if (cl)
            x = x.contiguous(at::MemoryFormat::ChannelsLast);
        const auto amp = bf16 ? ys::AmpMode::Bf16 : ys::AmpMode::Off;
        auto step = [&] { ys::bench::bareStep(model, x, amp); };
        step();
        const std::vector<double> t = ys::bench::timeCalls(iters, step);
        auto& all = times[{mode, fused, mi}];
        all.insert(all.end(), t.begin(), t.end());
        if (profile && round == 0) {
            double fwd = 0, bwd = 0;  // the Conv's BatchNorm + SiLU, whichever way it ran
            for (const auto& [name, ms] : ys::bench::printOpProfile("forward+backward", step)) {
                if (name == "aten::batch_norm" || name == "aten::silu" || name == "ys::batch_norm_act")
                    fwd += ms;
                else if (name.find("NativeBatchNormBackward0") != std::string::npos ||
                         name.find("SiluBackward0") != std::string::npos || name.find("BnActFunction") != std::string::npos)
                    bwd += ms;
            }
            std::printf("  BatchNorm+SiLU: forward %.1f ms, backward %.1f ms, total %.1f ms\n", fwd, bwd, fwd + bwd);
        }
      }
    for (const auto& [key, t] : times) {
        const double mid = ys::bench::median(t);
        const double first = ys::bench::median(times[{key.mode, key.fused, 0}]);
        std::printf("%-14s %-20s fused=%d %6.1f img/s  (median %.1f ms per batch of %d, min %.1f, n=%zu)  x%.2f\n",
                    specs[key.model].name.c_str(), key.mode.c_str(), int(key.fused), batch / mid, 1e3 * mid, batch,
                    1e3 * *std::min_element(t.begin(), t.end()), t.size(), first / mid);
    }
    return 0;
}
