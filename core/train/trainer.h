#pragma once
// The training engine's public API: plain C++ (no torch, no Qt), so the GUI's worker thread and the CLI
// drive the same code. One call runs a whole training run on the calling thread; progress goes out through
// callbacks (called on that same thread), and a TrainControl shared with other threads pauses or stops it.

#include "common/config.h"
#include "common/error.h"
#include "common/progress.h"
#include "dist/world.h"
#include "eval/metrics.h"
#include "fit/fit.h"
#include "memory/memory.h"
#include "run/records.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ys {

// Stop/pause flags shared between the thread that trains and the one that controls it (the GUI).
// Read by the engine between batches; set from any thread.
class TrainControl {
public:
    void requestStop() { stop_.store(true); }
    void setPaused(bool paused) { pause_.store(paused); }
    bool stopRequested() const { return stop_.load(); }
    bool paused() const { return pause_.load(); }

private:
    std::atomic<bool> stop_{false};
    std::atomic<bool> pause_{false};
};

// A checkpoint the trainer has just written; the file is complete (atomic rename) when this is sent.
struct CheckpointSaved {
    std::string path;              // absolute path: weights/last.pt, weights/best.pt (or weights/epochN.pt)
    int epoch = 0;                 // epochs completed that the checkpoint holds (resuming starts at epoch + 1)
    bool best = false;             // weights/best.pt: a new best fitness (written before that epoch's last.pt)
    bool partial = false;          // last.pt written at a stop mid-epoch: the weights after the last finished
                                   // step; resuming redoes epoch `epoch + 1` from them
    double fitness = 0;            // fitness of epoch `epoch` (0 when partial)
};

// Every callback is called on the thread that runs train(), between batches; none may throw.
struct TrainCallbacks {
    std::function<void(const BatchProgress&)> onBatch;
    std::function<void(const EpochResult&, const DetectionMetrics&)> onEpoch;
    std::function<void(const TrainEvent&)> onEvent;
    std::function<void(const std::string&)> onLog;   // human-readable lines (the CLI prints them)
    // Memory samples recorded since the previous call (allocated, reserved, peak, phase), in time order, on
    // the memory timeline's clock (seconds since the "start"/"resume" event; memory.csv holds the same rows).
    // Sent after every batch, after validation and after each checkpoint; never sent empty.
    std::function<void(const std::vector<memory::MemorySample>&)> onMemory;
    std::function<void(const CheckpointSaved&)> onCheckpoint;
    // The run holds at a pause between two batches (true: TrainControl::paused() was seen, nothing moves
    // until it is cleared or a stop is requested), or goes on from it (false).
    std::function<void(bool held)> onPause;
};

struct TrainSummary {
    std::string runDir;            // absolute path of the run folder
    int epochsCompleted = 0;
    bool stoppedEarly = false;     // patience ran out
    bool stoppedByUser = false;
    EpochResult best;              // row with the best fitness
    DetectionMetrics bestMetrics;  // per-class metrics of the best epoch
    std::string lastWeights, bestWeights;
    int finalMicroBatch = 0;       // images per forward/backward at the end (after OOM recoveries)
    int intraOpThreads = 0;        // model threads the run used (runThreadsFor, common/trainrules.h)
    int loaderWorkers = 0;         // loader workers the run used beside them
    int worldSize = 1;             // processes of the run (data parallel), 1 for one process
    int rank = 0;                  // this process's rank; rank 0 wrote the run folder
    std::string backend;           // "gloo", "nccl"; empty for one process
};

// How train() reads the config beyond its values.
struct TrainOptions {
    // The keys the user set for this run: the command line's key=value, the keys of a cfg= file or preset,
    // the Resume dialog's keys. On resume (cfg.resume set) each resumable key (ConfigKey::resumable) named
    // here takes cfg's value whatever it is (batch=16 counts, also when 16 is the default); every other
    // setting comes from the checkpoint's args.yaml. The log says which keys changed from the run's own and
    // which given keys a resume cannot change. Ignored when not resuming.
    std::vector<std::string> givenKeys;
    // Data parallel: this process's place in a run of several processes (dist/world.h: the CLI reads it from
    // torchrun's, SLURM's or the studio's launcher environment). Empty: one process. `cfg.batch` is then the
    // batch of one step over all processes (each trains batch / world images), `cfg.device` the device, or
    // one device per process of this machine ("0,1"). Every rank is given the same cfg (checked); rank 0 sets
    // the run up (resume=, batch=auto, the run folder), validates and writes; the others follow it. A rank
    // restarted by its launcher (world->restartCount > 0) resumes the run by itself (resume=auto).
    std::optional<dist::WorldSpec> world;
    // Images per forward/backward pass; 0 = the whole batch. Out-of-memory recovery halves it further. A batch
    // in micro-batches keeps BatchNorm statistics per micro-batch as ranks keep them per rank: one process at
    // batch N x B with microBatch B trains like N processes at batch N x B (with sync_bn=true their BatchNorms
    // see all N x B images, as one pass over the batch would; each rank's loss keeps its own normalisation).
    int microBatch = 0;
    // The fit the run starts with, made elsewhere for these settings (the studio's Fit dialog, applied; the caller
    // checks that it applies: fit::fitDifferences). A new run writes it to its folder as fit.json, which the Runs
    // page and the report read. Ignored on resume (the folder keeps its first session's) and when the run fits
    // itself (batch=auto, checkpoint=auto: that fit's fit.json is written instead).
    std::optional<fit::FitResult> fit;
};

// Runs a whole training run (or resumes one when cfg.resume is set). Blocks the calling thread; calls the
// callbacks from it. Input errors (bad config, unreadable dataset or model YAML) come back as Error; so does
// an out-of-memory at batch 1, with the last checkpoint left intact.
Expected<TrainSummary> train(const TrainConfig& cfg, const TrainCallbacks& callbacks = {},
                             TrainControl* control = nullptr, const TrainOptions& options = {});

// A data-parallel run this process starts itself (`device=0,1`, `device=cpu nproc=2`; dist::planLaunch): it
// trains as local rank 0 and the program `workerArgv` returns runs every other rank of this machine
// (dist::LocalWorkers; argv[0] is the program, e.g. {yolostudio-cli, train, cfg=FILE}). The CLI and the
// studio's Train page both start such runs through trainLaunched.
struct LocalLaunch {
    dist::LaunchRequest request;
    // The workers' command line, asked for only when the plan has more than one process (an error stops the
    // launch before any process starts).
    std::function<Expected<std::vector<std::string>>()> workerArgv;
    // Heard once the workers run, before training starts: the world of this process and (rank, pid) of each
    // worker.
    std::function<void(const dist::WorldSpec& world, const std::vector<std::pair<int, int>>& workers)> started;
};

// How long the workers a launch started may take to end after this process's run returned (they end by
// themselves when the run ends or fails on every rank; the grace covers one still writing its last lines);
// then SIGTERM and, 5 s later, SIGKILL.
inline constexpr int kWorkersGraceOkSeconds = 60;
inline constexpr int kWorkersGraceFailedSeconds = 20;

// train() as local rank 0 of the launch's plan, the workers started before and awaited after it; a plain
// train() when the plan is one process or when `options.world` is already set (torchrun's or SLURM's
// environment). A worker that failed (an exit code or a signal) is named: appended to this process's error
// ("… (rank 1 (pid 1234) was killed by signal 9 (SIGKILL))": the collective alone may only see a lost
// connection), or as the error "dist.rank_failed" when this process's run succeeded.
Expected<TrainSummary> trainLaunched(const TrainConfig& cfg, const TrainCallbacks& callbacks, TrainControl* control,
                                     TrainOptions options, const LocalLaunch& launch);

struct ValSummary {
    DetectionMetrics metrics;
    std::vector<std::string> names;     // class i's name (the model's classes, as metrics.perClass numbers them)
    double box = 0, cls = 0, dfl = 0;   // validation losses
    int images = 0;
    double seconds = 0;
    double msPerImage[3] = {0, 0, 0};    // preprocess+inference, loss, NMS+metrics
};

struct ValOptions {
    std::string weights;           // a checkpoint (.pt: YOLO Studio's or Ultralytics') or an exported .onnx file
                                   // (run by OpenCV DNN on the CPU)
    std::string data;              // data.yaml
    int imgsz = 0;                 // longest side; 0 = the size the weights were trained (or exported) at
    int batch = 32;                // images per forward
    std::string device = "cpu";
    bool rect = true;              // rectangular batches (minimal padding); false letterboxes every image to
                                   // imgsz x imgsz. A static ONNX file is always validated square at its size.
    // Ultralytics 8.4's `nms`: true (its default, unset) = the one-to-many head and NMS; false = an end-to-end
    // head's (YOLO26) one-to-one branches without NMS: per image the min(max_det, anchors) best scores over
    // anchors x classes, those above conf, as rows [x1, y1, x2, y2, score, class]. A model without a one-to-one
    // head, or an ONNX file (its head was chosen at export), says so in a log line and uses NMS, as 8.4 does.
    bool nms = true;
    // Ultralytics' agnostic_nms: a box suppresses overlapping boxes of every class, not only its own; with nms=false
    // each anchor gives one row, its best class, and the max_det best anchors are kept.
    bool agnosticNms = false;
    MetricsVersion metrics = kDefaultMetricsVersion;  // whose mAP: Ultralytics 8.4's or 8.3's (eval/metrics.h)
};

// Validates weights on the val split of a dataset: the same loader, NMS and metrics for .pt and .onnx.
Expected<ValSummary> validateWeights(const ValOptions& options,
                                     const std::function<void(const std::string&)>& onLog = {});
// A val run as JSON (val's json=FILE): weights, data, imgsz, nms, agnostic_nms, images, the validation losses, speed,
// and the figures as `val predictions=`'s JSON writes them (mAP50, mAP50-95, precision, recall, fitness, classes, ...).
std::string valSummaryToJson(const ValOptions& options, const ValSummary& summary);
// validateWeights with rect batches (batch: images per forward; imgsz 0 = the checkpoint's training size).
Expected<ValSummary> validateCheckpoint(const std::string& weights, const std::string& data, int imgsz,
                                        int batch, const std::string& device,
                                        const std::function<void(const std::string&)>& onLog = {});

struct PredictOptions {
    std::string weights;           // a checkpoint (.pt) or an exported .onnx file (OpenCV DNN, CPU)
    std::string source;            // image file or folder (searched recursively)
    std::string out;               // output folder: annotated images + labels/*.txt
    int imgsz = 0;                 // 0: the size the weights were trained at (Ultralytics: train_args.imgsz);
                                   // a static .onnx runs at its own size (letterboxed square, as Ultralytics)
    double conf = 0.25, iou = 0.7;
    int maxDet = 300;
    std::string device = "cpu";
    bool saveImages = true, saveText = true;
    bool nms = true;               // as ValOptions::nms (false: one-to-one head, top max_det, no NMS)
    bool agnosticNms = false;      // as ValOptions::agnosticNms
};

struct PredictSummary {
    int images = 0;
    int64_t detections = 0;
    double msPerImage = 0;
    std::vector<std::string> failed;   // images that could not be read, with reason
};

Expected<PredictSummary> predict(const PredictOptions& options,
                                 const std::function<void(const std::string&)>& onLog = {});

// An image in memory for predictImages: 8-bit RGB, rows packed (3 * width bytes per row).
struct RgbImage {
    int width = 0, height = 0;
    std::vector<uint8_t> pixels;
};
// An image file decoded as predictImages takes it (OpenCV's imread, 8-bit RGB); nullopt when it cannot be read.
std::optional<RgbImage> readRgbImage(const std::string& path);

struct PredictImagesOptions {
    std::string weights;           // a checkpoint (weights/best.pt, last.pt) or an exported .onnx
    int imgsz = 0;                 // longest side after letterbox, pixels; 0 = the checkpoint's training size
    double conf = 0.25, iou = 0.7;
    int maxDet = 300;
    std::string device = "cpu";
    int threads = 1;               // intra-op threads of the calling thread (1: stays out of a training run's way)
    bool nms = true;               // as ValOptions::nms (false: one-to-one head, top max_det, no NMS)
    bool agnosticNms = false;      // as ValOptions::agnosticNms
};

// Loads the weights once and predicts on each image exactly as predict() does (letterbox with minimal padding,
// NMS). Result i holds the detections of images[i] in its pixels (none for an empty image). Runs on the
// calling thread, writes nothing; when `cancel` is set between images, returns Error "predict.cancelled".
Expected<std::vector<std::vector<Detection>>> predictImages(const PredictImagesOptions& options,
                                                           const std::vector<RgbImage>& images,
                                                           const CancelToken& cancel = {});

}  // namespace ys
