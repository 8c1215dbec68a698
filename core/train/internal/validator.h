#pragma once
// Validation on a dataset split: rectangular batches, EMA/eval model, losses, NMS, mAP. Falls back to a
// smaller batch when memory runs out, so validation never ends a run that training survived.

#include "augment/internal/loader.h"
#include "data/dataset.h"
#include "loss/internal/detection_loss.h"
#include "train/internal/engine.h"
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
    double conf = 0.001, iou = 0.7;
    int maxDet = 300;
    AmpMode amp = AmpMode::Off;
    bool channelsLast = false;
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

}  // namespace ys
