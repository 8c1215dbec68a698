#pragma once
// Fit a training run to a memory budget: measure real peaks of complete training iterations and of a
// validation batch at a few (batch, imgsz, amp) points, fit a memory model, and recommend the batch (or
// image size), AMP and accumulation that fit the budget with a stated margin. Also plans for GPUs the
// user does not have. Plain C++ (no torch, no Qt); runs on the calling thread, which it uses for LibTorch.
//
// Memory model (per AMP mode, per phase p of an iteration: forward, loss with the task-aligned assigner,
// backward, optimizer step + EMA, validation at twice the batch):
//     peak_p(b, s) = fixed_p + b * (s^4 * attn_p + s^2 * area_p + s * edge_p)
// fitted from the probe points; the iteration's peak is the largest phase peak (a max of lines: small
// batches peak at a different moment than large ones). attn_p is not fitted: it is the attention maps'
// ([heads, N, N] per PSA block, N = H x W tokens; YOLO11's C2PSA, YOLO26's C2PSA and attention C3k2) counted
// from the shapes, taken off the samples before the fit (fit/internal/fitmodel.h). The assigner's B x M x A
// term is inside the loss phase's per-image slope, measured on the most crowded images with M = their box
// count (an end-to-end head's two assigner passes included).

#include "common/config.h"
#include "common/error.h"
#include "common/progress.h"
#include "common/stages.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys::fit {

struct FitRequest {
    std::string data;                // data.yaml; empty = synthetic batches with `syntheticBoxes` boxes/image
    std::string model = "yolov8n.yaml";
    int imgsz = 640;                 // image size to fit at (multiple of 32)
    int batch = 0;                   // > 0: find the largest imgsz that fits this batch instead
    std::string device = "cpu";      // device the probe runs on (device text, common/device.h)
    std::string budget;              // "8GiB", "6000MB", "0.8" (of the device / target total); empty = all of it
    std::string amp = "auto";        // auto | off | fp16 | bf16 (auto: fp16 on CUDA, bf16 on CPUs with native bf16)
    int nbs = kNominalBatch;         // nominal batch: accumulate = max(round(nbs / batch), 1)
    std::string targetGpu;           // "" = the probe device; else a name from targetGpus() or "custom:12GiB"
    std::string optimizer = "auto";  // SGD | AdamW | Adam | auto (resolveOptimizer's rule, common/trainrules.h)
    int epochs = 100;                // used by optimizer=auto
    // The run's `workers` and `threads` settings, meaning what they mean to the trainer (TrainConfig): the
    // fit applies the trainer's rule (runThreadsFor) to find the loader workers the run really gets, and
    // counts their queued batches where they live: in CPU memory when training on the CPU, never in CUDA
    // memory. The probe itself runs on one thread (memory does not depend on it); the caller's thread
    // count is restored afterwards.
    int workers = 8;                 // loader threads requested
    int threads = 0;                 // model threads; 0 = every core
    double fraction = 1.0;           // fraction of the training images the run uses (optimizer=auto counts them)
    double margin = 0;               // fraction of the budget kept free; 0 = default (5% measured, 12% planned)
    int maxBatch = 1024;             // search limit, lowered to what the training set allows (batchLimitForData)
                                     // for every batch the fit gives: recommendation, stages, table rows and
                                     // proposals; note "fit.batch_data"
    int syntheticBoxes = 50;         // boxes per image without data
    // Activation checkpointing (common/checkpointing.h): off | auto | backbone | all | [layers]. Not off: the
    // recommendation is made with it (auto: the cheapest blocks that let `wantedBatch` fit, none when it fits
    // without). Whatever it says, a wanted batch or image size that does not fit without checkpointing gets
    // checkpointing proposals (FitResult::checkpointOptions), measured.
    std::string checkpoint = "off";
    // The batch the run asks for at imgsz (the setup's batch; 0 = none: batch=auto). Drives the proposals and
    // checkpoint=auto; with batch=auto and checkpoint=auto the fit aims for kAutoCheckpointBatch.
    int wantedBatch = 0;
    // The image size the run asks for when `batch` > 0 (the fit then finds the largest imgsz for the batch);
    // 0 = imgsz. A largest imgsz below it gets checkpointing proposals.
    int wantedImgsz = 0;
    // Staged training: each stage fitted at its own imgsz (FitResult::stages); the probe runs at the largest
    // stage imgsz (imgsz is then ignored). Empty: one stage.
    std::vector<TrainStage> stages;
    // Data parallel: the run's processes, one per device (device=0,1 or device=cpu nproc=N). The fit is per
    // device: `batch`, the recommendation and the stages' batches are one process's; accumulate counts the
    // world batch (max(round(nbs / (batch x world)), 1)) and the note "fit.world_batch" states it. 1 = one process.
    int world = 1;
    // The run's processes on this machine (dist::localProcesses; 1 = one). On the CPU they share its memory: each
    // is fitted to budget / localProcesses (of the whole memory when budget is empty), and the note
    // "fit.shared_budget" says so. A GPU is its process's alone: no division.
    int localProcesses = 1;
    ProgressFn progress;             // stage "probe", done/total probe points; called on the calling thread
    CancelToken cancel;
};

// The request a training run with these settings makes (batch=auto): data, model, imgsz, device, vram,
// amp, nbs, optimizer, epochs, workers, threads, fraction, checkpoint, the wanted batch and the stages. The
// trainer, `yolostudio-cli fit` and the Fit dialog use it.
// `nproc`: the run's processes on this machine as `nproc=` gives them (0 = not given); `nodes`: its machines.
// The world is nodes x (one process per GPU of a device list ("0,1": 2) or `nproc` processes; 1 when
// neither): the request is then for one of them — its device (the list's first GPU), its share of the world
// batch (the wanted batch / world) and, on the CPU, its share of the cores (threads=0); localProcesses gives it
// its share of the memory (vram=, or the whole memory).
FitRequest fitRequestFor(const TrainConfig& cfg, int nproc = 0, int nodes = 1);

// One measured point.
struct ProbePoint {
    int batch = 0;
    int imgsz = 0;
    bool amp = false;
    bool validation = false;         // a validation batch (eval, no grad, loss and NMS) instead of a training step
    int maxBoxes = 0;                // most boxes in one image of the probed batch
    int64_t peakBytes = 0;           // measured peak of the whole iteration (all phases), bytes
    int64_t phasePeak[4] = {0, 0, 0, 0};  // forward, loss (assigner), backward, step+EMA (training points)
    double seconds = 0;              // wall time of the point
};

// Bytes at the predicted peak of the recommended configuration.
struct MemoryBreakdown {
    int64_t weights = 0;             // parameters and buffers
    int64_t gradients = 0;
    int64_t optimizer = 0;           // SGD momentum / AdamW moments
    int64_t ema = 0;                 // EMA copy of the model
    int64_t activations = 0;         // saved activations and temporaries at the peak, per batch
    int64_t assigner = 0;            // loss + task-aligned assigner above the post-forward level
    int64_t validation = 0;          // validation peak at 2 x batch (its own phase; compared, not added)
    int64_t loaderQueue = 0;         // batches prefetched by the data loader (CPU memory only)
    int64_t cudaContext = 0;         // CUDA context + cuDNN/cuBLAS workspace (planning for a GPU)
    int64_t allocatorOverhead = 0;   // caching-allocator rounding and fragmentation (GPU)
};

struct Recommendation {
    int batch = 0;
    int imgsz = 0;
    bool amp = false;
    std::string ampMode = "off";     // "off", "fp16", "bf16"
    int accumulate = 1;              // max(round(nbs / (batch x world)), 1)
    int64_t predictedPeakBytes = 0;  // predicted peak of the device figure the budget caps
    bool fits = false;               // false: not even batch 1 fits; batch/imgsz are then the smallest tried
    // Activation checkpointing the recommendation is made with: "off", or the request's setting ("backbone",
    // "all", "[2, 4]"; for auto the layers it chose, "off" when none were needed), and its layers.
    std::string checkpoint = "off";
    std::vector<int> checkpointLayers;
};

struct TableRow {
    char scale = 'n';                // a scale of the model's family: n/s/m/l/x, YOLOv9's t/s/m/c/e; '-' = no scales
    int imgsz = 0;
    bool amp = false;
    int maxBatch = 0;                // largest batch under the budget with the margin, up to FitRequest::maxBatch;
                                     // 0 = none fits
    int64_t peakAtMaxBatch = 0;
    int maxBatchCheckpointed = 0;    // the same with every block checkpointed (checkpoint=all); 0 = none fits
};

// Where the memory goes, layer by layer (the probe's per-layer attribution), at the probed batch and imgsz in
// fp32. Activation bytes of all layers add up to the measured activation total.
struct LayerMemory {
    enum class Part { Input, Layer, Loss, Optimizer };
    Part part = Part::Layer;
    int layer = -1;                  // layer index as `info` numbers them; -1 for input, loss and optimizer
    int level = -1;                  // Detect: the level (0 = stride 8); -1 otherwise
    std::string module;              // "Conv", "C2f", "Detect", "SPPF", ...; "input", "loss", "optimizer"
    int64_t stride = 0;              // output stride relative to the input (0 for input, loss, optimizer)
    int64_t activationBytes = 0;     // bytes its outputs and saved tensors keep alive for the backward pass;
                                     // loss: what the loss keeps; optimizer: its state (SGD momentum, moments)
    int64_t outputBytes = 0;         // of which its output (kept by whatever reads it next)
    int64_t forwardPeakBytes = 0;    // transient peak of its forward above the level it started at
    int64_t backwardPeakBytes = 0;   // transient peak of its backward above the level it started at (loss:
                                     // the assigner's peak above the forward's level; optimizer: the step)
    double forwardSeconds = 0;       // time of its forward pass (what recomputing it costs)
    bool checkpointable = false;     // checkpoint= can name it
    int64_t checkpointSavingBytes = 0;  // activation memory checkpointing it saves (activation - output)
    bool checkpointHelps = false;    // checkpointing it saves at least kCheckpointHelpsShare of the activations
};
constexpr double kCheckpointHelpsShare = 0.02;

struct LayerProfile {
    int batch = 0, imgsz = 0;        // the probe point (most crowded images, fp32)
    int64_t activationTotal = 0;     // measured: allocated after the forward minus before it (input included)
    std::vector<LayerMemory> layers; // input, the model's layers in order (Detect one entry per level), loss,
                                     // optimizer
};

// Activation checkpointing as an option when the wanted batch (or image size) does not fit, with what it gives
// and costs, measured at the probe point.
struct CheckpointOption {
    std::string setting;             // "backbone", "all", or the layers auto chose ("[2, 4, 6]")
    std::vector<int> layers;
    bool automatic = false;          // the cheapest set reaching the wanted batch/imgsz (checkpoint=auto's choice)
    int batch = 0;                   // batch mode: the largest batch at the recommended imgsz with it
    int imgsz = 0;                   // imgsz mode: the largest imgsz for the request's batch with it
    bool reachesWanted = false;      // the wanted batch / imgsz fits with it
    double activationSaving = 0;     // fraction of the activation memory it saves (0.38 = -38%)
    double stepTimeIncrease = 0;     // measured: training step time with it / without - 1 (0.22 = +22%)
    int64_t predictedPeakBytes = 0;  // at its batch / imgsz
    int64_t probePredictedBytes = 0; // the probe point's peak as predicted from the per-layer figures
    int64_t probeMeasuredBytes = 0;  // the probe point's peak measured with it (the prediction is scaled to it)
};

// One stage of a staged run, fitted at its own image size.
struct StageFit {
    int stage = 0;                   // 1-based
    int imgsz = 0;
    int epochs = 0;
    int requestedBatch = -1;         // as the stage asks; -1 = auto
    int batch = 0;                   // fitted (auto) or requested
    int accumulate = 1;
    std::string checkpoint = "off";  // the stage's checkpointing ("off", its setting, or auto's layers)
    std::vector<int> checkpointLayers;
    int64_t predictedPeakBytes = 0;
    bool fits = false;               // the batch fits the budget at this imgsz
};

// A note or the certainty of a fit as a code with arguments, so a GUI can translate it by code.
struct FitNote {
    std::string code;                // stable, e.g. "fit.loader_queue"; fitNoteCodes() lists every code
    std::vector<std::string> args;   // values for the text's {0}, {1}, ... in order (numbers and sizes as text)
};

// One row of the catalogue of fit notes.
struct FitNoteCode {
    const char* code;
    const char* text;                // English, with {0}, {1}, ... where the arguments go
};
const std::vector<FitNoteCode>& fitNoteCodes();
// The English sentence of a note (its catalogue text with the arguments put in). Unknown codes give the
// code and its arguments.
std::string fitNoteText(const FitNote& note);

struct FitResult {
    Recommendation recommended;
    int64_t budgetBytes = 0;         // the budget the recommendation must stay under
    int64_t deviceTotalBytes = 0;    // the device's (or target's) total memory
    double margin = 0;               // fraction of the budget kept free
    std::string device;              // probe device
    std::string target;              // target GPU name, or the probe device
    std::string model;               // the request's model (YAML name or weights file)
    std::string data;                // the request's data.yaml; empty for synthetic batches
    int world = 1;                   // the request's processes: batches are per device, x world per step
    std::vector<ProbePoint> points;  // measured probe points
    double probeSeconds = 0;
    int maxBoxes = 0;                // most boxes in one image of the dataset (drives the assigner)
    std::vector<TableRow> table;     // model scale x imgsz x amp -> largest batch
    MemoryBreakdown breakdown;
    FitNote certaintyNote;           // "fit.certainty.cpu" | "fit.certainty.gpu" | "fit.certainty.planned"
    std::string certainty;           // English text of certaintyNote (logs, older readers)
    double uncertainty = 0;          // relative error band of predictedPeakBytes, e.g. 0.03
    std::vector<FitNote> fitNotes;   // assumptions and warnings, as codes
    std::vector<std::string> notes;  // English text of each of fitNotes, same order
    // What the run was fitted for (the trainer's rules applied to the request):
    std::string optimizer;           // "SGD", "Adam" or "AdamW" at the recommended batch
    int64_t trainImages = 0;         // training images the run uses (trainable, after fraction)
    int intraOpThreads = 0;          // model threads of the run
    int loaderWorkers = 0;           // loader workers the run gets beside them
    int localProcesses = 1;          // the request's processes on this machine (they share its cores)
    int queuedBatches = 0;           // batches they keep ready, counted only where they live in the budget
    LayerProfile layers;             // where the activation memory goes, layer by layer
    std::vector<CheckpointOption> checkpointOptions;  // when the wanted batch / imgsz does not fit (or asked)
    std::vector<StageFit> stages;    // staged runs: each stage fitted at its imgsz
};

// Runs the probe and the fit. Errors: bad request (codes "fit.*"), unreadable data or model
// ("data.*", "model.*"), cancellation ("fit.cancelled"). Sets and restores the CPU budget while probing.
// Typical time: 10-40 s on a 2-core CPU for yolov8n at 640; seconds on a GPU.
Expected<FitResult> fitToMemory(const FitRequest& request);

struct TargetGpu {
    std::string name;                // "rtx3060"
    std::string label;               // "RTX 3060 12 GB"
    int64_t totalBytes = 0;          // memory the driver reports as total
    int64_t contextBytes = 0;        // CUDA context with lazy loading after training kernels load (estimate)
    int64_t workspaceBytes = 0;      // cuDNN + cuBLAS workspaces (estimate)
};
const std::vector<TargetGpu>& targetGpus();
// Resolves "rtx3060", "RTX 3060", "3060", "a100-80", "custom:12GiB" (custom = the given total with
// average context estimates). Error code "fit.target".
Expected<TargetGpu> findTargetGpu(const std::string& name);

// JSON text of a result (snake_case keys: recommended {batch, imgsz, amp, amp_mode, accumulate,
// predicted_peak_bytes, fits}, budget_bytes, margin, probe_points [...], table [...], breakdown {...},
// certainty {code, args, text}, notes [{code, args, text}], optimizer, train_images, loader_workers, ...).
std::string fitResultToJson(const FitResult& result);
// Reads what fitResultToJson wrote (a run's fit.json: the Runs page shows the fit a run was started with),
// also files written before notes had codes (their notes keep the text with an empty code). Keys a newer
// writer adds are ignored, missing ones keep their defaults. Error code "fit.json", naming `source`, for text
// that is not such a result.
Expected<FitResult> fitResultFromJson(const std::string& json, const std::string& source = {});
// Human-readable report: recommendation, stages, checkpointing options, table, breakdown, notes (English,
// for the CLI and logs).
std::string formatFitResult(const FitResult& result);
// The per-layer table (`yolostudio-cli fit ... layers=true`): layers sorted by activation bytes, with their
// share, output, forward and backward peaks, and the layers checkpointing would help marked.
std::string formatLayerProfile(const LayerProfile& profile);
// JSON of the per-layer list alone ({batch, imgsz, activation_total_bytes, layers: [...]}), as in fit.json.
std::string layerProfileToJson(const LayerProfile& profile);
// "Conv", "Detect P3/8", "loss + assigner", "optimizer step + EMA": a layer's name as tables print it.
std::string layerLabel(const LayerMemory& layer);

// One setting of a run that differs from what a fit was made for.
struct FitDifference {
    std::string key;                 // the TrainConfig key: model, data, device, imgsz, batch, amp, workers, ...
    std::string fitted;              // the fit's value; "" for none (stages)
    std::string now;                 // the run's value; "" for none (stages)
};
// The settings of `cfg` that differ, in what changes the predicted peak, from the configuration `fit` predicted
// the peak of: model, data, device, imgsz, batch (batch=auto is fitted again by the run, so it never differs),
// stages (each stage's imgsz and batch, "320x32, 640xauto", not its epochs; no stages on either side compare
// as imgsz and batch), amp (auto never differs), optimizer (auto never differs), checkpoint, and workers and
// threads through the loader workers they give (runThreadsFor on processCores(fit.localProcesses); values
// are those counts), only for a run on the CPU, where their queued batches are in the budget. Empty: the
// fit's predicted peak applies to a run of `cfg`. Fits read from files written before the model and data
// were kept compare only what they hold.
std::vector<FitDifference> fitDifferences(const FitResult& fit, const TrainConfig& cfg);

}  // namespace ys::fit
