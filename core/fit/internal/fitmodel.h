#pragma once
// The fitted memory model behind fitToMemory (torch-free; shared by probe.cpp, fit.cpp and the tests).

#include "fit/fit.h"

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <cstdint>
#include <vector>

namespace ys::fit::internal {

// Bytes of one phase: fixed + batch * (area * imgsz^2 + edge * imgsz).
struct LinearPeak {
    double fixed = 0, area = 0, edge = 0;
    double at(int batch, int imgsz) const;
};

// Least-squares fit of LinearPeak to (batch, imgsz, bytes) samples. With samples at one imgsz only, or
// fewer than 3 samples, `edge` stays 0 and area carries the per-image slope. Returns false when the
// samples cannot determine the model (fewer than 2 distinct batch sizes).
bool fitLinearPeak(const std::vector<std::array<double, 3>>& samples, LinearPeak& out);

// The model of one AMP mode on the probe device.
struct DeviceMemoryModel {
    std::array<LinearPeak, 4> train;    // forward, loss (assigner), backward, step+EMA; absolute bytes
    LinearPeak validation;              // absolute bytes at validation batch size (not training batch)
    LinearPeak afterForward;            // allocated after the forward (activations saved for backward)
    int64_t baseline = 0;               // allocated before the model existed (other tensors of the process)
    // Batches the run's loader keeps ready (queuedBatches) where the budget counts them: on the CPU; 0 on
    // CUDA, where they wait in host memory.
    int loaderQueueBatches = 0;
    bool valid = false;

    // Bytes of the queued batches' images at (batch, imgsz).
    double loaderQueueBytes(int batch, int imgsz) const;

    // Predicted peak bytes of a training iteration at (batch, imgsz) (phases' max + loader queue).
    double trainPeak(int batch, int imgsz) const;
    // Predicted peak of a validation batch of `valBatch` images (plus its loader queue).
    double validationPeak(int valBatch, int imgsz) const;
    // max(trainPeak(b), validationPeak(validationBatchFor(b))): what must fit for a run at batch b.
    double runPeak(int batch, int imgsz) const;
    // Index of the phase holding the training peak (0..3).
    int peakPhase(int batch, int imgsz) const;
};

// Adjusts a model measured on the CPU to a CUDA card: fp16 autocast halves the per-image activation
// terms and adds an fp16 copy of the weights (2 B/param); the loader queue stays in host memory.
DeviceMemoryModel cudaPlanningModel(const DeviceMemoryModel& cpuFp32, bool fp16, int64_t paramCount);

// What fitToMemory fitted, for tests and the benchmark: the model of each probed AMP mode on the probe
// device (amp off first), in absolute bytes of the device figure.
struct FitInternals {
    std::vector<std::pair<bool, DeviceMemoryModel>> models;
    int64_t parameterCount = 0;
    std::string optimizer;  // "SGD", "Adam" or "AdamW", as probed
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
    // Throws c10::OutOfMemoryError when a budget is set and exceeded.
    MeasuredPeaks measure(int batch, int imgsz, bool amp);
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
