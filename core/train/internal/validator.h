#pragma once
// Validation on a dataset split: rectangular batches, EMA/eval model, losses, NMS, mAP. Falls back to a
// smaller batch when memory runs out, so validation never ends a run that training survived.

#include "augment/internal/loader.h"
#include "data/dataset.h"
#include "loss/internal/detection_loss.h"
#include "model/internal/amp.h"
#include "model/internal/yolo.h"
#include "train/internal/detector.h"
#include "train/internal/device.h"
#include "train/trainer.h"

#include <functional>
#include <memory>
#include <vector>

namespace ys {

struct ValidationOutput {
    DetectionMetrics metrics;
    double box = 0, cls = 0, dfl = 0;   // mean validation losses (0 when no loss was given)
    int images = 0;
    double seconds = 0;
    double msInference = 0, msLoss = 0, msPost = 0;   // per image
    bool cancelled = false;
};

struct ValidatorOptions {
    int imgsz = 640;
    int batch = 32;            // images per loader batch (twice the training batch, as the reference does)
    int workers = 2;
    // Every class above conf per box (multi-label), as the reference validator scores mAP; conf 0.001, iou 0.7,
    // max_det 300 and agnostic_nms are the run's (TrainConfig).
    DetectionFilter filter{.conf = 0.001, .iou = 0.7, .maxDet = 300, .agnostic = false, .multiLabel = true};
    AmpMode amp = AmpMode::Off;
    bool channelsLast = false;
    bool rect = true;          // rectangular batches (minimal padding); false: every image letterboxed to imgsz
                               // square, as a static ONNX file needs
    MetricsVersion metrics = kDefaultMetricsVersion;  // whose figures (eval/metrics.h)
    bool nms = true;           // false: an end-to-end model's one-to-one head without NMS (TrainConfig::nms)
};

class Validator {
public:
    // `images` are the split's records (their boxes are the ground truth); nc = number of classes.
    Validator(std::vector<ImageRecord> images, int nc, const ValidatorOptions& options, const torch::Device& device);
    ~Validator();

    // Runs one pass. `loss` may be null (no validation losses). `onEvent` receives val_oom_recovered.
    // Throws c10::OutOfMemoryError only when a single image does not fit.
    ValidationOutput run(DetectionModel& model, DetectionLoss* loss, const TrainControl* control = nullptr,
                         const std::function<void(const TrainEvent&)>& onEvent = {});
    // The same pass through any detector (an ONNX file: no losses). The detector must accept the loader's
    // batches: opt.rect = false and opt.imgsz = its size when it has a fixed one.
    ValidationOutput run(Detector& detector, DetectionLoss* loss, const TrainControl* control = nullptr,
                         const std::function<void(const TrainEvent&)>& onEvent = {});

    int microBatch() const { return microBatch_; }
    int imageCount() const { return static_cast<int>(images_.size()); }

private:
    std::vector<ImageRecord> images_;
    int nc_;
    ValidatorOptions opt_;
    torch::Device device_;
    std::unique_ptr<BatchLoader> loader_;
    int microBatch_;
};

// Rows of a batch's targets [N,6] (batch_idx, cls, cx, cy, w, h) for images [begin, end), re-indexed from 0:
// the targets of one micro-batch.
torch::Tensor sliceTargets(const torch::Tensor& targets, int64_t begin, int64_t end);

// Converts NMS output [n,6] in letterboxed pixels to original-image detections, clipped to the image (as predict
// draws them and Ultralytics 8.3 scores them) unless `clip` is false: Ultralytics 8.4's val scores the boxes as the
// model gives them, parts in the letterbox padding included.
std::vector<Detection> toDetections(const torch::Tensor& nmsOut, float gain, float padX, float padY, int origW,
                                    int origH, bool clip = true);

// The validation table's header and its "all" row (images, instances, P, R, mAP50, mAP50-95), as the
// reference prints them; the trainer logs them after each validation, `val` before its per-class rows.
std::string valTableHeader();
std::string valTableAllRow(int images, const DetectionMetrics& metrics);

}  // namespace ys
