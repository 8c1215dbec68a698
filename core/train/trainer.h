#pragma once
// The training engine's public API: plain C++ (no torch, no Qt), so the GUI's worker thread and the CLI
// drive the same code. One call runs a whole training run on the calling thread; progress goes out through
// callbacks (called on that same thread), and a TrainControl shared with other threads pauses or stops it.

#include "common/config.h"
#include "common/error.h"
#include "common/progress.h"
#include "eval/metrics.h"
#include "memory/memory.h"
#include "run/records.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
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
};

// How train() reads the config beyond its values.
struct TrainOptions {
    // The keys the user set for this run: the command line's key=value, the keys of a cfg= file or preset,
    // the Resume dialog's keys. On resume (cfg.resume set) each resumable key (ConfigKey::resumable) named
    // here takes cfg's value whatever it is (batch=16 counts, also when 16 is the default); every other
    // setting comes from the checkpoint's args.yaml. The log says which keys changed from the run's own and
    // which given keys a resume cannot change. Ignored when not resuming.
    std::vector<std::string> givenKeys;
};

// Runs a whole training run (or resumes one when cfg.resume is set). Blocks the calling thread; calls the
// callbacks from it. Input errors (bad config, unreadable dataset or model YAML) come back as Error; so does
// an out-of-memory at batch 1, with the last checkpoint left intact.
Expected<TrainSummary> train(const TrainConfig& cfg, const TrainCallbacks& callbacks = {},
                             TrainControl* control = nullptr, const TrainOptions& options = {});

struct ValSummary {
    DetectionMetrics metrics;
    double box = 0, cls = 0, dfl = 0;   // validation losses
    int images = 0;
    double seconds = 0;
    double msPerImage[3] = {0, 0, 0};    // preprocess+inference, loss, NMS+metrics
};

// Validates a checkpoint on the val split of a dataset (batch: images per forward; imgsz 0 = the
// checkpoint's training size).
Expected<ValSummary> validateCheckpoint(const std::string& weights, const std::string& data, int imgsz,
                                        int batch, const std::string& device,
                                        const std::function<void(const std::string&)>& onLog = {});

struct PredictOptions {
    std::string weights;
    std::string source;            // image file or folder (searched recursively)
    std::string out;               // output folder: annotated images + labels/*.txt
    int imgsz = 0;                 // 0: the size the weights were trained at (Ultralytics: train_args.imgsz)
    double conf = 0.25, iou = 0.7;
    int maxDet = 300;
    std::string device = "cpu";
    bool saveImages = true, saveText = true;
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

struct PredictImagesOptions {
    std::string weights;           // a checkpoint (weights/best.pt, last.pt)
    int imgsz = 0;                 // longest side after letterbox, pixels; 0 = the checkpoint's training size
    double conf = 0.25, iou = 0.7;
    int maxDet = 300;
    std::string device = "cpu";
    int threads = 1;               // intra-op threads of the calling thread (1: stays out of a training run's way)
};

// Loads the weights once and predicts on each image exactly as predict() does (letterbox with minimal padding,
// NMS). Result i holds the detections of images[i] in its pixels (none for an empty image). Runs on the
// calling thread, writes nothing; when `cancel` is set between images, returns Error "predict.cancelled".
Expected<std::vector<std::vector<Detection>>> predictImages(const PredictImagesOptions& options,
                                                           const std::vector<RgbImage>& images,
                                                           const CancelToken& cancel = {});

}  // namespace ys
