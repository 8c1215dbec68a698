#pragma once
// The fitted memory model behind fitToMemory (torch-free; shared by probe.cpp, fit.cpp and the tests).

#include "fit/fit.h"
#include "model/internal/spec.h"

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <cstdint>
#include <vector>

namespace ys::fit::internal {

// Bytes of one phase: fixed + batch * (quartic * imgsz^4 + area * imgsz^2 + edge * imgsz). The quartic term is
// the attention maps' (attentionmaps: [heads, N, N] per image with N ~ imgsz^2), known from the shapes, not fitted.
struct LinearPeak {
    double fixed = 0, area = 0, edge = 0;
    double quartic = 0;
    double at(int batch, int imgsz) const;
};

// Least-squares fit of LinearPeak to (batch, imgsz, bytes) samples, with the known `quartic` coefficient
// (AttentionTerm) taken off the samples first and kept in `out`. With samples at one imgsz only, or fewer than
// 3 samples, `edge` stays 0 and area carries the per-image slope. Returns false when the samples cannot
// determine the model (fewer than 2 distinct batch sizes).
bool fitLinearPeak(const std::vector<std::array<double, 3>>& samples, LinearPeak& out, double quartic = 0);

// The attention maps of a model's PSA blocks (model/internal/attentioncost.h) per image, as elements / imgsz^4
// (square images, imgsz a multiple of the largest stride: N = (imgsz / stride)^2 exactly).
struct AttentionTerm {
    double all = 0;      // every block's [heads, N, N] map
    double largest = 0;  // the largest single block's
    bool any() const { return all > 0; }
};
AttentionTerm attentionTerm(const ModelSpec& spec, int imgsz);

// The maps' bytes in each phase's peak, as quartic coefficients (bytes / imgsz^4 per image). A training iteration
// keeps each block's softmax output for the backward (the second matmul saves the same tensor): one copy of every
// map from the forward's end until the backward reaches the block, so in the forward, loss and backward peaks
// (measured: yolo11n at 1280, the fit's error went from -2.8% to -0.1%); the copies the block's own forward and
// backward make besides it are gone by the time those peaks come. A validation batch (no grad) keeps none, but
// while one block runs it holds the scores and the softmax output beside the images: a moment of its own that
// becomes the peak only at sizes where the maps outgrow the feature maps (`validationMoment`). 16-bit autocast
// keeps the fp32 softmax output and the 16-bit copy the matmul reads: 1.5x the fp32 bytes.
struct AttentionPhases {
    std::array<double, 4> train{};  // forward, loss, backward, step
    double afterForward = 0;
    double validationMoment = 0;
};
AttentionPhases attentionPhases(const AttentionTerm& t, bool autocast16);

// The model of one AMP mode on the probe device.
struct DeviceMemoryModel {
    std::array<LinearPeak, 4> train;    // forward, loss (assigner), backward, step+EMA; absolute bytes
    LinearPeak validation;              // absolute bytes at validation batch size (not training batch)
    LinearPeak afterForward;            // allocated after the forward (activations saved for backward)
    int64_t baseline = 0;               // allocated before the model existed (other tensors of the process)
    // Batches the run's loader keeps ready (queuedBatches) where the budget counts them: on the CPU; 0 on
    // CUDA, where they wait in host memory.
    int loaderQueueBatches = 0;
    AttentionTerm attention;            // the model's attention maps (each phase's quartic term comes from it)
    double validationMoment = 0;        // AttentionPhases::validationMoment of this model and AMP mode
    bool valid = false;

    // Bytes of the queued batches' images at (batch, imgsz).
    double loaderQueueBytes(int batch, int imgsz) const;

    // Predicted peak bytes of a training iteration at (batch, imgsz) (phases' max + loader queue).
    double trainPeak(int batch, int imgsz) const;
    // Predicted peak of a validation batch of `valBatch` images (plus its loader queue): the fitted line, or the
    // moment an attention block runs (its maps beside the float images) when that is larger.
    double validationPeak(int valBatch, int imgsz) const;
    // max(trainPeak(b), validationPeak(validationBatchFor(b))): what must fit for a run at batch b.
    double runPeak(int batch, int imgsz) const;
    // Index of the phase holding the training peak (0..3).
    int peakPhase(int batch, int imgsz) const;
};

// What checkpointing a set of layers does to the traced iteration, as shares of its activation total (the
// per-image slope of the activations in every memory model: afterForward's area and edge terms).
struct CheckpointSavings {
    std::vector<int> layers;
    double forward = 0;          // share no longer kept after the forward: the forward and loss phases fall by it
    double backward = 0;         // the backward phase's peak falls by this share
    double recomputeSeconds = 0; // forward time of the layers at the probe point (what a step pays again)
    double calibration = 1;      // measured reduction / predicted reduction at the probe point (1 = not measured)
};

// `m` with checkpointing applied: forward and loss phases and afterForward lose savings.forward x calibration of
// the activation slope, the backward phase savings.backward x calibration.
DeviceMemoryModel withCheckpointing(const DeviceMemoryModel& m, const CheckpointSavings& savings);

// Adjusts a model measured on the CPU to a CUDA card: fp16 autocast halves the per-image activation
// terms and adds an fp16 copy of the weights (2 B/param); the loader queue stays in host memory.
DeviceMemoryModel cudaPlanningModel(const DeviceMemoryModel& cpuFp32, bool fp16, int64_t paramCount);

// What fitToMemory fitted, for tests and the benchmark: the model of each probed AMP mode on the probe
// device (amp off first), in absolute bytes of the device figure.
// One layer (or Detect level) of a traced training iteration, absolute bytes of the device figure.
struct LayerTrace {
    int layer = 0, level = -1;
    int64_t kept = 0;            // bytes allocated in its forward and still alive after the whole forward
    int64_t output = 0;          // bytes of its output tensor
    int64_t forwardStart = 0;    // allocated when its forward began
    int64_t forwardPeak = 0;     // peak during its forward
    int64_t backwardStart = -1;  // allocated when the gradient of its output was ready; -1: none reached it
    int64_t backwardPeak = -1;   // peak until the next layer's gradient was ready
    double forwardSeconds = 0;
};

// A training iteration traced layer by layer (fp32): the per-layer attribution of the memory probe.
struct IterationTrace {
    std::vector<LayerTrace> layers;   // in forward order
    int64_t beforeInput = 0;          // allocated before the input images were converted to float
    int64_t beforeForward = 0;        // allocated when the forward began (the input included)
    int64_t afterForward = 0;
    int64_t lossPeak = 0;             // peak of the loss with the assigner
    int64_t afterLoss = 0;            // allocated after the loss (what it keeps for the backward)
    int64_t lossBackwardStart = 0;    // the backward until the first layer's gradient was ready
    int64_t lossBackwardPeak = 0;
    int64_t stepStart = 0;            // before gradient clipping, the optimizer step and the EMA update
    int64_t stepPeak = 0;
};

class CheckpointPlanner;   // fit/internal/levers.h
struct FitInternals {
    std::vector<std::pair<bool, DeviceMemoryModel>> models;
    int64_t parameterCount = 0;
    std::string optimizer;  // "SGD", "Adam" or "AdamW", as probed
    std::shared_ptr<const CheckpointPlanner> planner;   // savings of any layer set, from the traced iteration
    std::vector<CheckpointSavings> measured;            // the sets measured at the probe point, calibrated
};
Expected<FitResult> fitToMemory(const FitRequest& request, FitInternals* internals);

// Ground truth for tests and the benchmark: real iterations at any configuration, with the probe's
// batches (most crowded images) and a fresh model, optimizer and EMA. Peaks are bytes above the figure
// before the session built its model.
struct MeasuredPeaks {
    int64_t train = 0;       // complete training iteration (steady state: optimizer state exists)
    int64_t validation = 0;  // validation batch of validationBatchFor(batch) images
};
class MeasureSession final {
public:
    // request.optimizer must be "SGD", "Adam" or "AdamW" (the one the fit resolved).
    static Expected<std::unique_ptr<MeasureSession>> open(const FitRequest& request);
    ~MeasureSession();
    MeasureSession(const MeasureSession&) = delete;
    MeasureSession& operator=(const MeasureSession&) = delete;
    // Throws c10::OutOfMemoryError when a budget is set and exceeded. `checkpointLayers`: activation
    // checkpointing of these layers for the training iteration.
    MeasuredPeaks measure(int batch, int imgsz, bool amp, const std::vector<int>& checkpointLayers = {});
    // One training iteration traced layer by layer (fp32), absolute bytes.
    IterationTrace trace(int batch, int imgsz);
    const ModelSpec& spec() const;
    // Ultralytics AutoBatch's profile: one forward and a backward of the summed outputs, nothing else;
    // returns the peak above the baseline.
    int64_t forwardBackward(int batch, int imgsz);
    int64_t baseline() const;

    struct Impl;

private:
    explicit MeasureSession(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d_;
};

// Ultralytics AutoBatch's estimate (for the benchmark): straight line through (batch, peak) samples of
// one forward/backward each, solved for `fraction` of the free budget. Returns the batch it picks.
int autoBatchPick(const std::vector<std::pair<int, int64_t>>& samples, int64_t budgetBytes, double fraction);

}  // namespace ys::fit::internal
