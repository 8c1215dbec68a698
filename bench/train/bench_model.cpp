// Bare model forward+backward (the compute floor of training) under different settings, plus an optional
// per-operator profile, to see where the model's own time goes.
//
// usage: bench_model [model=yolov8n.yaml] [imgsz=320] [batch=8] [threads=2] [iters=10] [profile=0]
//                    [mode=nchw|channels_last|channels_last+bf16] [fused=0|1|both]
// fused: the Conv's BatchNorm + SiLU as the fused op (1), as the torch composite (0), or each in turn.
#include "model/internal/amp.h"
#include "model/internal/threads.h"
#include "model/internal/fused_bn_act.h"
#include "model/internal/yolo.h"
#include "benchutil.h"

#include <torch/torch.h>

#include <algorithm>
#include <cstdio>


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
    auto spec = ys::loadModelSpec(args.text("model", "yolov8n.yaml"), 80);
    if (!spec) {
        std::fprintf(stderr, "error: %s\n", spec.error().toString().c_str());
        return 1;
    }
    const std::string fusedArg = args.text("fused", "both");
    std::vector<bool> fusedSettings;
    if (fusedArg == "0" || fusedArg == "both")
        fusedSettings.push_back(false);
    if (fusedArg == "1" || fusedArg == "both")
        fusedSettings.push_back(true);
    for (const std::string mode : {"nchw", "channels_last", "channels_last+bf16"})
      for (const bool fused : fusedSettings) {
        const bool cl = mode != "nchw";
        const bool bf16 = mode == "channels_last+bf16";
        if (args.text("mode", mode) != mode || (bf16 && !ys::cpuHasNativeBf16()))
            continue;
        ys::setFusedBnActEnabled(fused);
        torch::manual_seed(0);
        ys::DetectionModel model(*spec);
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
        const double mid = ys::bench::median(t);
        std::printf("%-20s fused=%d %6.1f img/s  (median %.1f ms per batch of %d, min %.1f)\n", mode.c_str(),
                    int(fused), batch / mid, 1e3 * mid, batch, 1e3 * *std::min_element(t.begin(), t.end()));
        if (profile) {
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
    return 0;
}
