// Bare model forward+backward (the compute floor of training) under different settings, plus an optional
// per-operator profile, to see where the model's own time goes.
//
// usage: bench_model [model=yolov8n.yaml] [imgsz=320] [batch=8] [threads=2] [iters=10] [profile=1]
//                    [mode=nchw|channels_last|channels_last+bf16] [fused=0|1|both]
// fused: the Conv's BatchNorm + SiLU as the fused op (1), as the torch composite (0), or each in turn.
#include "model/internal/amp.h"
#include "model/internal/fused_bn_act.h"
#include "model/internal/yolo.h"

#include <torch/csrc/autograd/profiler_legacy.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>

namespace {

std::map<std::string, std::string> parse(int argc, char** argv)
{
    std::map<std::string, std::string> kv;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto eq = a.find('=');
        if (eq != std::string::npos)
            kv[a.substr(0, eq)] = a.substr(eq + 1);
    }
    return kv;
}

}  // namespace

int main(int argc, char** argv)
{
    auto kv = parse(argc, argv);
    auto get = [&](const char* k, const char* d) { return kv.count(k) ? kv[k] : std::string(d); };
    const int imgsz = std::stoi(get("imgsz", "320"));
    const int batch = std::stoi(get("batch", "8"));
    const int threads = std::stoi(get("threads", "2"));
    const int iters = std::stoi(get("iters", "10"));
    const bool profile = get("profile", "0") == "1";
    const std::string fusedArg = get("fused", "both");
    std::vector<bool> fusedSettings;
    if (fusedArg == "0" || fusedArg == "both")
        fusedSettings.push_back(false);
    if (fusedArg == "1" || fusedArg == "both")
        fusedSettings.push_back(true);
    torch::set_num_threads(threads);
    auto spec = ys::loadModelSpec(get("model", "yolov8n.yaml"), 80);
    if (!spec) {
        std::fprintf(stderr, "error: %s\n", spec.error().toString().c_str());
        return 1;
    }
    for (const std::string mode : {"nchw", "channels_last", "channels_last+bf16"}) {
      if (kv.count("mode") && kv["mode"] != mode)
          continue;
      for (const bool fused : fusedSettings) {
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
        auto step = [&] {
            ys::AutocastGuard ac(bf16 ? ys::AmpMode::Bf16 : ys::AmpMode::Off, torch::kCPU);
            auto feats = model->forward(x);
            torch::Tensor s = feats[0].to(torch::kFloat).sum();
            for (size_t i = 1; i < feats.size(); ++i)
                s = s + feats[i].to(torch::kFloat).sum();
            s.backward();
            for (auto& p : model->parameters())
                p.mutable_grad() = torch::Tensor();
        };
        step();
        std::vector<double> fwdT, allT;
        for (int i = 0; i < iters; ++i) {
            auto t0 = std::chrono::steady_clock::now();
            step();
            allT.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
        std::sort(allT.begin(), allT.end());
        std::printf("%-20s fused=%d %6.1f img/s  (median %.1f ms per batch of %d, min %.1f)\n", mode.c_str(), int(fused),
                    batch / allT[allT.size() / 2], 1e3 * allT[allT.size() / 2], batch, 1e3 * allT.front());
        if (profile) {
            using namespace torch::autograd::profiler;
            enableProfilerLegacy(ProfilerConfig(ProfilerState::CPU));
            step();
            auto lists = disableProfilerLegacy();
            std::map<std::string, std::pair<double, int>> byName;  // name -> (self-ish us, count)
            for (auto& list : lists) {
                std::vector<const LegacyEvent*> stack;
                for (auto& e : list) {
                    if (e.kindStr() == "push")
                        stack.push_back(&e);
                    else if (e.kindStr() == "pop" && !stack.empty()) {
                        const LegacyEvent* s = stack.back();
                        stack.pop_back();
                        // top-level ops only (depth 0 after pop) to avoid double counting
                        if (stack.empty()) {
                            auto& slot = byName[s->name()];
                            slot.first += s->cpuElapsedUs(e);
                            slot.second++;
                        }
                    }
                }
            }
            std::vector<std::pair<double, std::string>> rows;
            double total = 0, bnActFwd = 0, bnActBwd = 0;
            for (auto& [n, v] : byName) {
                rows.push_back({v.first, n + " x" + std::to_string(v.second)});
                total += v.first;
                // The Conv's BatchNorm + SiLU, whichever way it ran (torch ops or the fused op).
                if (n == "aten::batch_norm" || n == "aten::silu" || n == "ys::batch_norm_act")
                    bnActFwd += v.first;
                else if (n.find("NativeBatchNormBackward0") != std::string::npos ||
                         n.find("SiluBackward0") != std::string::npos || n.find("BnActFunction") != std::string::npos)
                    bnActBwd += v.first;
            }
            std::printf("  BatchNorm+SiLU: forward %.1f ms, backward %.1f ms, total %.1f ms\n", bnActFwd / 1e3,
                        bnActBwd / 1e3, (bnActFwd + bnActBwd) / 1e3);
            std::sort(rows.rbegin(), rows.rend());
            std::printf("  top-level ops, total %.1f ms:\n", total / 1e3);
            for (size_t i = 0; i < std::min<size_t>(rows.size(), 25); ++i)
                std::printf("  %8.1f ms  %s\n", rows[i].first / 1e3, rows[i].second.c_str());
        }
      }
    }
    return 0;
}
