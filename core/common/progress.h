#pragma once
// Progress reporting and cancellation for long core operations (STYLE habit 2).
// A long operation takes a ProgressFn and a CancelToken; it calls the function from whichever thread
// does the work (often a pool thread), so receivers must be thread-safe (the Qt adapters queue a signal).

#include <atomic>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <string>

namespace ys {

// Every stage a long operation reports, one catalogue for the engine: a front end words each stage in its own
// language (a switch, never a comparison of names), the CLI and logs print its short name (toString).
enum class ProgressStage : uint8_t {
    Unknown,
    Demo,          // "demo": writeDemoDataset writes the images and labels
    Scan,          // "scan": scanDataset reads image headers and label files
    Check,         // "check": checkDataset's pass over every image
    Hash,          // "hash": checkDataset compares the images' perceptual hashes (duplicates, leakage)
    Probe,         // "probe": fitToMemory measures training steps
    Checkpoint,    // "checkpoint": fitToMemory measures activation checkpointing choices
    Layers,        // "layers": fitToMemory's by-layer breakdown
    ExportLoad,    // "load": exportOnnx reads the checkpoint
    ExportGraph,   // "graph": exportOnnx writes the ONNX graph
    ExportCheck,   // "check": exportOnnx checks the graph
    ExportVerify,  // "verify": exportOnnx compares the graph's outputs with the model's
    ExportWrite,   // "write": exportOnnx writes the file
    ReportRun,     // "run": the report reads the run folder
    ReportDataset, // "dataset": the report opens the run's dataset
    ReportPredict, // "predict": the report predicts validation images
    Weights,       // "weights": loading a checkpoint's tensors
    Score,         // "score": scoring predictions against labels
};

// The stage's short English name ("scan", "check", ...), as the CLI prints it; "unknown" for Unknown.
constexpr const char* toString(ProgressStage stage)
{
    constexpr const char* kNames[] = {"unknown", "demo", "scan",   "check",   "hash",   "probe",
                                      "checkpoint", "layers", "load", "graph", "check", "verify",
                                      "write", "run", "dataset", "predict", "weights", "score"};
    const auto i = static_cast<size_t>(stage);
    return i < std::size(kNames) ? kNames[i] : "unknown";
}

struct Progress {
    ProgressStage stage = ProgressStage::Unknown;  // what is being done
    int64_t done = 0;      // units finished in this stage
    int64_t total = 0;     // units in this stage; 0 when unknown
};

using ProgressFn = std::function<void(const Progress&)>;

// Shared cancellation flag. Copies share the same flag; cheap to pass by value.
class CancelToken {
public:
    CancelToken() : flag_(std::make_shared<std::atomic<bool>>(false)) {}
    void cancel() const { flag_->store(true, std::memory_order_relaxed); }
    bool cancelled() const { return flag_->load(std::memory_order_relaxed); }
    void reset() const { flag_->store(false, std::memory_order_relaxed); }

private:
    std::shared_ptr<std::atomic<bool>> flag_;
};

}  // namespace ys
