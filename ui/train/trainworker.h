#pragma once
// Runs one training run on the controller's thread (STYLE habit 4): run() calls ys::train() with callbacks
// that turn the engine's progress into queued signals carrying value types. Batch progress and memory
// samples are coalesced to at most one delivery per kEmitInterval (about 10 a second; the first and the last
// batch of an epoch always go out); epochs, events, checkpoints, pauses and log lines are never dropped, and pending progress
// is delivered before them so the receiver sees everything in the engine's order. Every exception stops at
// this boundary and comes out as failed(Error). Lives on the training thread; deleted after done().

#include "common/config.h"
#include "ui/train/trainmetatypes.h"

#include <QElapsedTimer>
#include <QObject>

#include <chrono>
#include <memory>
#include <optional>

namespace ys::ui {

class TrainWorker final : public QObject {
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kEmitInterval{100};

    TrainWorker(ys::TrainConfig config, ys::TrainOptions options, std::shared_ptr<ys::TrainControl> control);

    // On the training thread: the whole run. Emits succeeded or failed, then done.
    void run();

signals:
    void batchProgress(const ys::BatchProgress& progress);
    void epochFinished(const ys::EpochResult& row, const ys::DetectionMetrics& metrics);
    void trainEvent(const ys::TrainEvent& event);
    void logLine(const QString& line);
    void memorySamples(const ys::ui::MemorySamples& samples);
    void checkpointSaved(const ys::CheckpointSaved& checkpoint);
    void pauseHeld(bool held);
    void succeeded(const ys::TrainSummary& summary);
    void failed(const ys::Error& error);
    void done();

private:
    // Delivers pending batch progress and memory samples (all of them when `force`, else only when
    // kEmitInterval has passed since the last delivery).
    void flush(bool force);

    ys::TrainConfig config_;
    ys::TrainOptions options_;
    std::shared_ptr<ys::TrainControl> control_;
    QElapsedTimer sinceEmit_;
    std::optional<ys::BatchProgress> pendingBatch_;
    MemorySamples pendingMemory_;
};

}  // namespace ys::ui
