#include "common/trainrules.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif

namespace ys {

namespace {
// optimizer=auto: schedules longer than this many optimizer steps get SGD (YOLO26: MuSGD), shorter ones AdamW (the
// reference trainer's rule).
constexpr int64_t kAutoSgdIterations = 10000;
}  // namespace

int cpuCores()
{
    if (const char* env = std::getenv("YS_CPU_CORES")) {
        char* end = nullptr;
        const long n = std::strtol(env, &end, 10);
        if (end != env && *end == '\0' && n >= 1 && n <= 4096)
            return static_cast<int>(n);
    }
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        return std::max(1, CPU_COUNT(&set));
#endif
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

int processCores(int localProcesses, int cores)
{
    return std::max(1, cores / std::max(1, localProcesses));
}

int intraOpThreadsFor(int threads, int cores)
{
    return threads > 0 ? threads : std::max(1, cores);
}

int loaderWorkersFor(int requested, bool cuda, int intraThreads, int cores)
{
    requested = std::max(0, requested);
    if (cuda)
        return std::min(requested, cores);
    return std::clamp(cores - intraThreads, 0, requested);
}

RunThreads runThreadsFor(int workers, int threads, bool cuda, int cores)
{
    RunThreads t;
    t.intraOp = intraOpThreadsFor(threads, cores);
    t.loaderWorkers = loaderWorkersFor(workers, cuda, t.intraOp, cores);
    return t;
}

int queuedBatches(int workers)
{
    return workers > 0 ? std::max(2, 2 * workers) : 0;
}

int64_t batchImageBytes(int batch, int imgsz)
{
    return int64_t{3} * batch * imgsz * imgsz;
}

int accumulateFor(int nbs, int batch)
{
    return std::max(static_cast<int>(std::lround(static_cast<double>(nbs) / std::max(1, batch))), 1);
}

int batchLimitForData(int64_t trainImages, int world, int nbs)
{
    if (trainImages <= 0)
        return 0;
    world = std::max(1, world);
    const int all = static_cast<int>(std::clamp<int64_t>(trainImages / world, 1, std::numeric_limits<int>::max() / world));
    for (int batch = all; batch >= 1; --batch)
        if (int64_t{batch} * world * accumulateFor(nbs, batch * world) <= trainImages)
            return batch;
    return all;
}

int64_t processBudget(int64_t budget, bool cuda, int localProcesses)
{
    return cuda || localProcesses <= 1 ? budget : budget / localProcesses;
}

int validationBatchFor(int batch)
{
    return kValidationBatchFactor * batch;
}

int64_t trainImagesFor(int64_t trainable, double fraction)
{
    if (trainable <= 0 || fraction >= 1.0)
        return std::max<int64_t>(trainable, 0);
    return std::max<int64_t>(1, static_cast<int64_t>(static_cast<double>(trainable) * fraction));
}

const char* toString(OptimizerKind kind)
{
    switch (kind) {
    case OptimizerKind::SGD: return "SGD";
    case OptimizerKind::Adam: return "Adam";
    case OptimizerKind::AdamW: return "AdamW";
    case OptimizerKind::MuSGD: return "MuSGD";
    }
    return "?";
}

int optimizerStateBuffers(OptimizerKind kind, int dims)
{
    switch (kind) {
    case OptimizerKind::SGD: return 1;
    case OptimizerKind::Adam:
    case OptimizerKind::AdamW: return 2;
    case OptimizerKind::MuSGD: return dims == 2 || dims == 4 ? 2 : 1;
    }
    return 2;
}

int64_t autoOptimizerIterations(int64_t trainImages, int batch, int nbs, int epochs)
{
    const int64_t perStep = std::max({batch, nbs, 1});
    return (std::max<int64_t>(trainImages, 0) + perStep - 1) / perStep * epochs;
}

Expected<OptimizerKind> optimizerKindFor(const std::string& optimizer, int64_t trainImages, int batch, int nbs,
                                         int epochs, bool musgdAuto)
{
    if (optimizer == "SGD")
        return OptimizerKind::SGD;
    if (optimizer == "Adam")
        return OptimizerKind::Adam;
    if (optimizer == "AdamW")
        return OptimizerKind::AdamW;
    if (optimizer == "MuSGD")
        return OptimizerKind::MuSGD;
    if (optimizer == "auto") {
        if (autoOptimizerIterations(trainImages, batch, nbs, epochs) <= kAutoSgdIterations)
            return OptimizerKind::AdamW;
        return musgdAuto ? OptimizerKind::MuSGD : OptimizerKind::SGD;
    }
    return Error{"config.optimizer", "optimizer must be auto, SGD, AdamW, Adam or MuSGD, not '" + optimizer + "'", {},
                 0, 0};
}

Expected<OptimizerChoice> resolveOptimizer(const TrainConfig& cfg, int64_t trainImages, int batch, int nc,
                                           bool musgdAuto)
{
    auto kind = optimizerKindFor(cfg.optimizer, trainImages, batch, cfg.nbs, cfg.epochs, musgdAuto);
    if (!kind)
        return kind.error();
    OptimizerChoice c;
    c.kind = *kind;
    c.lr0 = cfg.lr0;
    c.momentum = cfg.momentum;
    c.warmupBiasLr = cfg.warmup_bias_lr;
    if (cfg.optimizer == "auto") {
        c.warmupBiasLr = 0.0;
        if (c.kind == OptimizerKind::SGD) {
            c.lr0 = 0.01;
        } else if (c.kind == OptimizerKind::MuSGD) {
            c.lr0 = 0.01;
            c.momentum = 0.9;
        } else {
            c.lr0 = std::round(0.002 * 5.0 / (4.0 + nc) * 1e6) / 1e6;
            c.momentum = 0.9;
        }
    }
    return c;
}

}  // namespace ys
