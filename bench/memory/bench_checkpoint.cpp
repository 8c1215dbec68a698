// Activation checkpointing on the CPU: peak tracked memory and training step time with checkpoint=off,
// backbone and all, one complete training iteration each (forward, loss with the assigner, backward, SGD step,
// EMA), the settings interleaved round by round so a busy machine slows them alike; medians.
//
//   bench_memory_checkpoint [imgsz=640] [batch=2] [rounds=5] [threads=2] [models=yolov8n.yaml,yolov8s.yaml]
//
// Peak: the iteration's tracked peak above what the model, EMA, gradients and optimizer state hold before it
// (the part checkpointing can change), and the absolute peak.
#include "common/checkpointing.h"
#include "fit/internal/probe_step.h"
#include "memory/memory.h"
#include "model/checkpointlayers.h"
#include "model/internal/spec.h"

#include <torch/torch.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace mi = ys::fit::internal;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double mib(double b)
{
    return b / (1024.0 * 1024.0);
}

}  // namespace

int main(int argc, char** argv)
{
    ys::memory::installCpuTracker();
    const int imgsz = argc > 1 ? std::atoi(argv[1]) : 640;
    const int batch = argc > 2 ? std::atoi(argv[2]) : 2;
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 5;
    const int threads = argc > 4 ? std::atoi(argv[4]) : 2;
    std::vector<std::string> models;
    {
        std::stringstream ss(argc > 5 ? argv[5] : "yolov8n.yaml,yolov8s.yaml");
        for (std::string m; std::getline(ss, m, ',');)
            models.push_back(m);
    }
    torch::set_num_threads(threads);
    std::printf("imgsz %d, batch %d, %d rounds, %d threads; medians\n", imgsz, batch, rounds, threads);
    std::printf("%-14s %-9s %7s %14s %14s %10s %8s\n", "model", "ckpt", "layers", "iter peak MiB", "abs peak MiB",
                "step s", "vs off");
    for (const std::string& model : models) {
        auto spec = ys::loadModelSpec(model, 80);
        if (!spec) {
            std::fprintf(stderr, "%s\n", spec.error().toString().c_str());
            return 2;
        }
        mi::StepProbe probe(*spec, torch::Device(torch::kCPU), ys::OptimizerKind::SGD);
        auto [images, targets] = mi::syntheticBatch(batch, imgsz, 20, 80, 1);
        const std::vector<std::string> settings = {"off", "backbone", "all"};
        std::vector<std::vector<int>> layers;
        for (const std::string& s : settings) {
            auto chosen = ys::checkpointLayers(*ys::parseCheckpointSetting(s), *spec);
            layers.push_back(chosen ? *chosen : std::vector<int>{});
        }
        std::vector<std::vector<double>> above(settings.size()), absolute(settings.size()), secs(settings.size());
        for (size_t i = 0; i < settings.size(); ++i) {   // warm-up: optimizer state, allocator, oneDNN kernels
            probe.setCheckpointLayers(layers[i]);
            probe.trainStep(images, targets, mi::ProbeAmp::Off, 1);
        }
        for (int r = 0; r < rounds; ++r)
            for (size_t i = 0; i < settings.size(); ++i) {
                probe.setCheckpointLayers(layers[i]);
                const mi::StepPeaks p = probe.trainStep(images, targets, mi::ProbeAmp::Off, 1);
                above[i].push_back(static_cast<double>(p.peak() - p.before));
                absolute[i].push_back(static_cast<double>(p.peak()));
                secs[i].push_back(p.seconds);
            }
        for (size_t i = 0; i < settings.size(); ++i)
            std::printf("%-14s %-9s %7zu %14.1f %14.1f %10.3f %+7.0f%%\n", model.c_str(), settings[i].c_str(),
                        layers[i].size(), mib(median(above[i])), mib(median(absolute[i])), median(secs[i]),
                        i == 0 ? 0.0 : 100.0 * (median(secs[i]) / median(secs[0]) - 1.0));
        for (size_t i = 1; i < settings.size(); ++i)
            std::printf("%-14s %-9s iteration peak %+.0f%% of off\n", model.c_str(), settings[i].c_str(),
                        100.0 * (median(above[i]) / median(above[0]) - 1.0));
    }
    return 0;
}
