#pragma once
// environment.json in a run folder: the machine and the software a run trained with (OS, CPU, GPUs and
// driver, LibTorch, CUDA, BLAS, the app's own versions, the run's device and threads), for the training
// report and for anyone comparing two runs' speed. The trainer fills it (collectEnvironment in
// train/environment.h, then the run's device and threads) and writes it at every start and resume, so it
// describes the last session. Plain C++ (no torch, no Qt).

#include "common/error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys {

struct GpuInfo {
    std::string name;            // "NVIDIA GeForce RTX 3060"
    int64_t totalBytes = 0;
    int computeMajor = 0, computeMinor = 0;
};

// The machine and software a run trained with: environment.json in the run folder (written at every start
// and resume; the last session's). Empty strings / 0 = not known on that machine or build.
struct EnvironmentInfo {
    std::string os;              // "Debian GNU/Linux 12 (bookworm); Linux 6.1.0-18-amd64 x86_64" (os-release PRETTY_NAME; uname)
    std::string host;            // hostname
    std::string cpu;             // /proc/cpuinfo "model name" (or what is known)
    int cpuCores = 0;            // logical cores the process may use
    int64_t ramBytes = 0;        // physical memory (cgroup limit when lower)
    std::vector<GpuInfo> gpus;   // every CUDA device LibTorch sees (none in a CPU build)
    std::string nvidiaDriver;    // "535.104.05" from /proc/driver/nvidia/version or /sys/module/nvidia/version; empty when none
    std::string cuda;            // CUDA version LibTorch was built with ("12.1"); empty in a CPU build
    std::string cudnn;           // cuDNN version when available; empty otherwise
    std::string libtorch;        // "2.11.0+cu130" (TORCH_VERSION from torch/version.h)
    std::string blas;            // which BLAS the process really loaded, e.g. "OpenBLAS (pthread) /usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3"
    std::string opencv;          // CV_VERSION
    std::string app;             // YOLO Studio version (PROJECT_VERSION)
    std::string qt;              // Qt version the studio was built with (Qt6_VERSION at configure time; empty when built without Qt)
    std::string compiler;        // "GCC 12.2.0"
    std::string device;          // the run's device as the trainer resolved it ("cpu", "cuda:0")
    int intraOpThreads = 0;      // the run's intra-op threads (TrainSummary::intraOpThreads)
    int loaderWorkers = 0;
    // The data-parallel world of the run (one process: size 1, the rest empty).
    struct World {
        int size = 1;              // processes
        int nodes = 1;             // machines
        std::string backend;       // "gloo", "nccl"
        std::string launcher;      // "torchrun", "slurm", "studio"
        std::vector<std::string> devices;   // rank 0's node: the device of each of its processes
        bool syncBatchNorm = false;   // sync_bn: BatchNorm statistics over every rank's images
    } world;
    double wallTime = 0;         // when recorded: seconds since the Unix epoch
};

// A pretty JSON object, keys snake_case (os, host, cpu, cpu_cores, ram_bytes, gpus[{name, total_bytes,
// compute_major, compute_minor}], nvidia_driver, cuda, cudnn, libtorch, blas, opencv, app, qt, compiler,
// device, intra_op_threads, loader_workers, world{size, nodes, backend, launcher, devices, sync_bn}, wall_time). Bytes that are not UTF-8 are replaced.
std::string environmentToJson(const EnvironmentInfo& env);
// `source` names the file in errors (code "run.environment"): not a JSON object, a value of the wrong type
// (a number where a string belongs, "gpus" not an array of objects). Missing keys keep their defaults,
// unknown keys are ignored (a newer studio's file reads).
Expected<EnvironmentInfo> environmentFromJson(const std::string& text, const std::string& source = {});

}  // namespace ys
