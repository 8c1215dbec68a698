#pragma once
// What val and predict run images through, behind one interface: the LibTorch model of a checkpoint (.pt, the
// studio's or Ultralytics') or an exported ONNX file run by OpenCV's DNN module. Both take the same letterboxed
// uint8 batch and return the decoded output the NMS reads, so letterbox, NMS and metrics are one code path.
// Internal to ys_train. One thread at a time per instance.

#include "common/error.h"
#include "model/internal/amp.h"
#include "model/internal/yolo.h"
#include "train/internal/checkpoint.h"

#include <torch/torch.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ys {

struct DetectorOutput {
    torch::Tensor pred;                 // [B, 4 + nc, A] float32: cx, cy, w, h in input pixels, class scores
    std::vector<torch::Tensor> feats;   // per-level raw outputs for the validation loss; empty for ONNX
    std::vector<torch::Tensor> featsOneToOne;   // an end-to-end head's one-to-one outputs (YOLO26); else empty
    bool oneToOne = false;              // pred is the one-to-one head's (nms=false): ranked, never suppressed
};

class Detector {
public:
    virtual ~Detector() = default;
    // images: [B, 3, H, W] uint8 RGB (any memory format), H and W multiples of stride() (and equal to
    // fixedSize() when set). Any B: a fixed-batch backend runs it in chunks, padding the last one.
    virtual DetectorOutput run(const torch::Tensor& images) = 0;

    virtual int nc() const = 0;
    virtual const std::vector<std::string>& names() const = 0;
    // Dataset class ids of the model's classes 0..nc-1 (`classes=` of the training run); empty = all.
    virtual const std::vector<int>& classes() const = 0;
    virtual int imgsz() const = 0;   // the size it was trained (checkpoint) or exported (ONNX) at, longest side
    virtual int stride() const = 0;  // the largest stride
    // Input height and width the backend requires ({0, 0} = any multiple of the stride; rectangular batches).
    virtual std::array<int, 2> fixedSize() const { return {0, 0}; }
    virtual torch::Device device() const = 0;
    // Ultralytics 8.4's `nms`: which head run() decodes into pred, the one-to-one branches of an end-to-end
    // head (on: nms=false) or the one-to-many ones (off, the default). Returns false, keeping the one-to-many
    // head, when `on` is asked of a detector without one-to-one branches (YOLOv8/11/v9, any ONNX file).
    virtual bool useOneToOneHead(bool on) { return !on; }
    // Whether run() also returns the other head's raw outputs (an end-to-end validation loss reads both);
    // off, an end-to-end model runs only the head it decodes.
    virtual void keepBothHeads(bool /*on*/) {}
    // The LibTorch model (validation losses), or nullptr for ONNX.
    virtual DetectionModel* torchModel() { return nullptr; }
    virtual std::string describe() const = 0;   // one line for the log: what runs where
};

// A checkpoint's model (the EMA when present), in eval mode, channels-last on the CPU; `amp` autocasts the
// forward (the trainer's validation). Owns the loaded checkpoint when given one.
class TorchDetector final : public Detector {
public:
    TorchDetector(DetectionModel model, std::vector<std::string> names, std::vector<int> classes, int imgsz,
                  const torch::Device& device, AmpMode amp = AmpMode::Off, bool channelsLast = false);
    DetectorOutput run(const torch::Tensor& images) override;
    int nc() const override { return model_->nc(); }
    const std::vector<std::string>& names() const override { return names_; }
    const std::vector<int>& classes() const override { return classes_; }
    int imgsz() const override { return imgsz_; }
    int stride() const override;
    torch::Device device() const override { return device_; }
    bool useOneToOneHead(bool on) override;
    void keepBothHeads(bool on) override { bothHeads_ = on; }
    DetectionModel* torchModel() override { return &model_; }
    std::string describe() const override;

private:
    DetectionModel model_;
    bool oneToOne_ = false;
    bool bothHeads_ = false;
    std::vector<std::string> names_;
    std::vector<int> classes_;
    int imgsz_;
    torch::Device device_;
    AmpMode amp_;
    bool channelsLast_;
};

// An ONNX detector file (the studio's export or Ultralytics' with output0 [B, 4 + nc, A]) run by OpenCV DNN on
// the CPU. A static file's batch and size are fixed: batches are chunked and padded to its batch, images must
// be letterboxed to its size.
class OnnxDetector final : public Detector {
public:
    static Expected<std::unique_ptr<OnnxDetector>> open(const std::string& path, int threads);
    ~OnnxDetector() override;
    DetectorOutput run(const torch::Tensor& images) override;
    int nc() const override { return nc_; }
    const std::vector<std::string>& names() const override { return names_; }
    const std::vector<int>& classes() const override { return classes_; }
    int imgsz() const override { return std::max(size_[0], size_[1]); }
    int stride() const override { return stride_; }
    std::array<int, 2> fixedSize() const override { return size_; }
    torch::Device device() const override { return torch::Device(torch::kCPU); }
    std::string describe() const override;
    int batch() const { return batch_; }

private:
    OnnxDetector() = default;
    struct Impl;
    std::unique_ptr<Impl> d_;
    std::string path_;
    int nc_ = 0, stride_ = 32, batch_ = 1;
    std::array<int, 2> size_{0, 0};
    std::vector<std::string> names_;
    std::vector<int> classes_;
};

// How detectionsOf turns a run() into detections: Ultralytics' conf, iou, max_det and agnostic_nms.
struct DetectionFilter {
    double conf = 0.25, iou = 0.7;
    int maxDet = 300;
    bool agnostic = false;     // agnostic_nms: a box suppresses boxes of every class; the one-to-one head ranks
                               // each anchor by its best class only (one row per anchor)
    bool multiLabel = false;   // NMS candidates: every class above conf per box (the validator), else the best
};

// One run()'s detections per image, [n, 6] float32 = x1, y1, x2, y2, score, class in input pixels, by descending
// score: the one-to-one head's top max_det above conf without NMS (topKDetections) when out.oneToOne, else NMS
// of pred (nonMaxSuppression).
std::vector<torch::Tensor> detectionsOf(const DetectorOutput& out, const DetectionFilter& filter);

// True when `weights` names an ONNX file (".onnx", any case).
bool isOnnxFile(const std::string& weights);

// The detector for `weights`: an ONNX file through OpenCV DNN (device must be the CPU), else the checkpoint's
// LibTorch model on `device`. `threads`: OpenCV's threads for ONNX (0 = OpenCV's default).
Expected<std::unique_ptr<Detector>> openDetector(const std::string& weights, const torch::Device& device,
                                                 int threads = 0);

}  // namespace ys
