#pragma once
// Rules that the trainer and the memory fit must apply identically, each kept here once: the threads a run
// uses (model threads, loader workers and the batches they queue), what a queued batch weighs, gradient
// accumulation, the validation batch, and the optimizer `optimizer=auto` picks. The trainer, the fit, the
// loader and the CLI call these; none keeps its own copy. Plain C++ (no torch, no Qt).

#include "common/config.h"
#include "common/device.h"
#include "common/error.h"

#include <cstdint>

namespace ys {

// ---- threads --------------------------------------------------------------------------------------------

// Cores this process may run on: the CPU affinity mask (a container's cpuset, `taskset`), at least 1. The
// environment variable YS_CPU_CORES=N overrides it (a machine shared with other jobs; tests of other
// core counts).
int cpuCores();

// Cores each of a machine's `localProcesses` processes plans its threads for: its share, at least 1. The
// trainer and the fit apply it before runThreadsFor, so the fit budgets the loader workers the run starts.
int processCores(int localProcesses, int cores = cpuCores());

// Model (intra-op) threads for the `threads` setting: threads > 0 as given, 0 = every core.
int intraOpThreadsFor(int threads, int cores = cpuCores());

// Loader worker threads that run beside `intraThreads` model threads, for `requested` = the `workers`
// setting. CUDA: the model runs on the GPU, so up to one worker per core. CPU: a worker preempts a core
// that runs the model in the middle of every convolution, so workers get only the cores the model leaves
// free; with none free (0 workers) each batch is built between steps on the model's threads.
int loaderWorkersFor(int requested, bool cuda, int intraThreads, int cores = cpuCores());

// Threads a run with these settings uses on this machine (what the trainer runs and the fit budgets).
struct RunThreads {
    int intraOp = 1;         // model threads (CPU training; on CUDA the host-side threads)
    int loaderWorkers = 0;   // loader threads of the training and the validation loader
};
RunThreads runThreadsFor(int workers, int threads, bool cuda, int cores = cpuCores());

// Batches a loader holds besides the one in use: ready, or being built by a worker (max(2, 2 x workers)).
// 0 workers build each batch when it is asked for, so none wait. They live in host memory.
int queuedBatches(int workers);

// Bytes of the images of one batch as the loader delivers them: uint8 RGB, batch x 3 x imgsz^2 (a
// rectangular validation batch is at most this).
int64_t batchImageBytes(int batch, int imgsz);

// Largest L2 norm of all gradients together before an optimizer step (the reference trainer's clip).
constexpr double kGradClipNorm = 10.0;

// ---- batches --------------------------------------------------------------------------------------------

// Batches per optimizer step: max(round(nbs / batch), 1), so the effective batch stays near nbs.
int accumulateFor(int nbs, int batch);

// The largest batch per process whose optimizer step, batch x `world` x accumulateFor(nbs, batch x world),
// holds no more images than the run trains on (Ultralytics caps batch at the dataset too). With fewer images
// than nbs no batch can keep accumulation inside the data; then batch x world = all the images (at least 1 per
// process). 0 when `trainImages` is unknown (<= 0): no cap.
int batchLimitForData(int64_t trainImages, int world, int nbs);

// Images per validation batch of a run training at `batch`: twice as many, as validation keeps no
// activations for a backward pass.
constexpr int kValidationBatchFactor = 2;
int validationBatchFor(int batch);

// Training images a run uses: the trainable images of the train split, cut to `fraction` (at least 1
// when there is any).
int64_t trainImagesFor(int64_t trainable, double fraction);

// ---- memory ---------------------------------------------------------------------------------------------

// One process's share of a run's memory budget of `budget` bytes: the CPU processes of one machine share its
// memory, so each gets budget / localProcesses; each GPU is its own process's (the budget as given). 0 (no
// budget) stays 0.
int64_t processBudget(int64_t budget, bool cuda, int localProcesses);

// ---- optimizer --------------------------------------------------------------------------------------------

enum class OptimizerKind { SGD, Adam, AdamW, MuSGD };
const char* toString(OptimizerKind kind);  // "SGD", "Adam", "AdamW", "MuSGD"
// Optimizer state of a parameter with `dims` dimensions, in parameter-sized buffers: SGD 1 (momentum),
// Adam/AdamW 2 (moments), MuSGD 2 for a matrix or conv filter (2-D/4-D: the Muon and the SGD momentum) and 1
// for the others (SGD momentum). Without `dims`: a conv filter's, what most of a detector's parameters hold.
int optimizerStateBuffers(OptimizerKind kind, int dims = 4);

struct OptimizerChoice {
    OptimizerKind kind = OptimizerKind::SGD;
    double lr0 = 0.01;
    double momentum = 0.937;       // SGD momentum / Adam beta1 / MuSGD's both momenta
    double warmupBiasLr = 0.1;     // bias LR at the start of warmup
};

// Optimizer steps of a run as `optimizer=auto` counts them: ceil(images / max(batch, nbs)) x epochs.
int64_t autoOptimizerIterations(int64_t trainImages, int batch, int nbs, int epochs);

// The kind `optimizer` names for a run of `trainImages` images at `batch`. auto: above 10000 iterations SGD
// (Ultralytics 8.3, YOLOv8/YOLO11/YOLOv9), or MuSGD when `musgdAuto` (Ultralytics 8.4's rule, which the studio
// applies to YOLO26 models: autoPicksMuSGD, model/internal/optimizer.h); else AdamW. Error code
// "config.optimizer" for a name other than auto, SGD, Adam, AdamW, MuSGD.
Expected<OptimizerKind> optimizerKindFor(const std::string& optimizer, int64_t trainImages, int batch, int nbs,
                                         int epochs, bool musgdAuto = false);

// What the optimizer settings mean for a run of `trainImages` images (trainImagesFor) at `batch` with
// `nc` classes. SGD / Adam / AdamW / MuSGD: cfg's lr0, momentum, warmup_bias_lr. auto: for more than 10000
// iterations (autoOptimizerIterations) SGD at lr0 0.01 (cfg's momentum), or with `musgdAuto` MuSGD at lr0 0.01
// and momentum 0.9; else AdamW at lr0 = round(0.002 x 5 / (4 + nc), 6) and beta1 0.9; warmup_bias_lr 0 either
// way (a high bias LR destabilises Adam). An unknown name is an Error with code "config.optimizer".
Expected<OptimizerChoice> resolveOptimizer(const TrainConfig& cfg, int64_t trainImages, int batch, int nc,
                                           bool musgdAuto = false);

}  // namespace ys
