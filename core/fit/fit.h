#pragma once
// Fit a training run to a memory budget: measure real peaks of complete training iterations and of a
// validation batch at a few (batch, imgsz, amp) points, fit a memory model, and recommend the batch (or
// image size), AMP and accumulation that fit the budget with a stated margin. Also plans for GPUs the
// user does not have. Plain C++ (no torch, no Qt); runs on the calling thread, which it uses for LibTorch.
//
// Memory model (per AMP mode, per phase p of an iteration: forward, loss with the task-aligned assigner,
// backward, optimizer step + EMA, validation at twice the batch):
//     peak_p(b, s) = fixed_p + b * (s^2 * area_p + s * edge_p)
// fitted from the probe points; the iteration's peak is the largest phase peak (a max of lines: small
// batches peak at a different moment than large ones). The assigner's B x M x A term is inside the loss
// phase's per-image slope, measured on the most crowded images with M = their box count.

#include "common/config.h"
#include "common/error.h"
#include "common/progress.h"

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
    int nbs = 64;                    // nominal batch: accumulate = max(round(nbs / batch), 1)
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
    int maxBatch = 1024;             // search limit
    int syntheticBoxes = 50;         // boxes per image without data
    ProgressFn progress;             // stage "probe", done/total probe points; called on the calling thread
    CancelToken cancel;
};

// The request a training run with these settings makes (batch=auto): data, model, imgsz, device, vram,
// amp, nbs, optimizer, epochs, workers, threads, fraction. The trainer and `yolostudio-cli fit` both use it.
FitRequest fitRequestFor(const TrainConfig& cfg);

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
    int accumulate = 1;              // max(round(nbs / batch), 1)
    int64_t predictedPeakBytes = 0;  // predicted peak of the device figure the budget caps
    bool fits = false;               // false: not even batch 1 fits; batch/imgsz are then the smallest tried
};

struct TableRow {
    char scale = 'n';                // a scale of the model's family: n/s/m/l/x, YOLOv9's t/s/m/c/e; '-' = no scales
    int imgsz = 0;
    bool amp = false;
    int maxBatch = 0;                // largest batch under the budget with the margin; 0 = none fits
    int64_t peakAtMaxBatch = 0;
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
    int queuedBatches = 0;           // batches they keep ready, counted only where they live in the budget
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
// Human-readable report: recommendation, table, breakdown, notes (English, for the CLI and logs).
std::string formatFitResult(const FitResult& result);

// One setting of a run that differs from what a fit was made for.
struct FitDifference {
    std::string key;                 // the TrainConfig key: model, data, device, imgsz, batch, amp, workers, ...
    std::string fitted;              // the fit's value
    std::string now;                 // the run's value
};
// The settings of `cfg` that differ from the configuration `fit` predicted the peak of: model, data, device,
// imgsz, batch (batch=auto is fitted again by the run, so it never differs), amp (auto never differs),
// optimizer (auto never differs), workers and threads (through the loader workers they give on the fit's
// device). Empty: the fit's predicted peak applies to a run of `cfg`. Fits read from files written before
// the model and data were kept compare only what they hold.
std::vector<FitDifference> fitDifferences(const FitResult& fit, const TrainConfig& cfg);

}  // namespace ys::fit
