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
#include <QString>

#include <chrono>
#include <memory>
#include <optional>

namespace ys::ui {

// How a run of several processes on this machine starts (data parallel): `device` lists GPUs ("0,1"), or
// the CPU trains in `nproc` processes. This process trains as local rank 0; the others run `program`
// (yolostudio-cli) `train cfg=<the run's settings>` as child processes (core's planLaunch and LocalWorkers,
// as the CLI's own `train device=0,1` does).
struct LaunchSettings {
    int nproc = 0;        // CPU processes (0 or 1 = one, unless the device lists several GPUs)
    QString program;      // the yolostudio-cli executable the other ranks run
};

class TrainWorker final : public QObject {
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kEmitInterval{100};

    TrainWorker(ys::TrainConfig config, ys::TrainOptions options, std::shared_ptr<ys::TrainControl> control,
                LaunchSettings launch = {});

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
    // Trains, with the other ranks started first when the launch asks for several processes.
    ys::Expected<ys::TrainSummary> trainRun(const ys::TrainCallbacks& callbacks);

    ys::TrainConfig config_;
    ys::TrainOptions options_;
    LaunchSettings launch_;
    std::shared_ptr<ys::TrainControl> control_;
    QElapsedTimer sinceEmit_;
    std::optional<ys::BatchProgress> pendingBatch_;
    MemorySamples pendingMemory_;
};

}  // namespace ys::ui
