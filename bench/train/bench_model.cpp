// Bare model forward+backward (the compute floor of training) under different settings, plus an optional
// per-operator profile, to see where the model's own time goes.
//
// usage: bench_model [model=yolov8n.yaml] [imgsz=320] [batch=8] [threads=2] [iters=10] [profile=1]
//                    [mode=nchw|channels_last|channels_last+bf16] [fused=0|1|both]
// fused: the Conv's BatchNorm + SiLU as the fused op (1), as the torch composite (0), or each in turn.
#include "model/internal/amp.h"
#include "model/internal/threads.h"
#include "model/internal/fused_bn_act.h"
#include "model/internal/yolo.h"
#include "benchutil.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>


int main(int argc, char** argv)
{
    auto kv = ys::bench::parseArgs(argc, argv);
    auto get = [&](const char* k, const char* d) { return kv.count(k) ? kv[k] : std::string(d); };
    const int imgsz = std::stoi(get("imgsz", "320"));
    const int batch = std::stoi(get("batch", "8"));
    const int threads = std::stoi(get("threads", "2"));
    const int iters = std::stoi(get("iters", "10"));
    const bool profile = get("profile", "0") == "1";
    ys::configureIntraOpThreads(threads);  // as the trainer: FTZ/DAZ on every thread
    const ys::RetainFreedMemory retain;     // as the trainer: freed memory kept for the next step
    auto spec = ys::loadModelSpec(get("model", "yolov8n.yaml"), 80);
    if (!spec) {
        std::fprintf(stderr, "error: %s\n", spec.error().toString().c_str());
        return 1;
    }
    const std::string fusedArg = get("fused", "both");
    std::vector<bool> fusedSettings;
    if (fusedArg == "0" || fusedArg == "both")
        fusedSettings.push_back(false);
    if (fusedArg == "1" || fusedArg == "both")
        fusedSettings.push_back(true);
    for (const std::string mode : {"nchw", "channels_last", "channels_last+bf16"})
      for (const bool fused : fusedSettings) {
        if (kv.count("mode") && kv["mode"] != mode)
            continue;
        ys::setFusedBnActEnabled(fused);
        torch::manual_seed(0);
        ys::DetectionModel model(*spec);
        model->train();
        const bool cl = mode != "nchw";
        const bool bf16 = mode == "channels_last+bf16";
        if (bf16 && !ys::cpuHasNativeBf16())
            continue;
        if (cl)
            ys::toChannelsLast(*model);
        torch::Tensor x = torch::rand({batch, 3, imgsz, imgsz});
        if (cl)
            x = x.contiguous(at::MemoryFormat::ChannelsLast);
        const auto amp = bf16 ? ys::AmpMode::Bf16 : ys::AmpMode::Off;
        auto step = [&] { ys::bench::bareStep(model, x, amp); };
        step();
        std::vector<double> fwdT, allT;
        for (int i = 0; i < iters; ++i) {
            auto t0 = std::chrono::steady_clock::now();
            step();
            allT.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
        std::sort(allT.begin(), allT.end());
        std::printf("%-20s fused=%d %6.1f img/s  (median %.1f ms per batch of %d, min %.1f)\n", mode.c_str(),
                    int(fused), batch / allT[allT.size() / 2], 1e3 * allT[allT.size() / 2], batch, 1e3 * allT.front());
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
