#pragma once
// Owns the training thread (a WorkerThread: stopped and joined when the controller goes) and the
// TrainControl of the current run. start() creates a TrainWorker, moves it onto the thread and runs it;
// pause, resume and stop set the TrainControl's atomics, which the engine reads between batches, so none of
// them blocks the GUI. Stop finishes the current step and writes weights/last.pt (ys::train does it), then
// the worker ends and finished() follows. The worker's signals are re-emitted here, on the GUI thread.
// Lives on the GUI thread; one run at a time.

#include "common/config.h"
#include "ui/common/workerthread.h"
#include "ui/train/trainmetatypes.h"

#include <QElapsedTimer>
#include <QObject>

#include <memory>

namespace ys::ui {

class TrainWorker;

class TrainController final : public QObject {
    Q_OBJECT
public:
    enum class State { Idle, Running, Paused, Stopping };
    Q_ENUM(State)

    explicit TrainController(QObject* parent = nullptr);
    // A run still going is asked to stop; the destructor then waits for it (its checkpoint is written).
    ~TrainController() override;

    // Starts a run of `config` on the training thread (`options` as ys::train takes them). False (and nothing
    // happens) while a run is active. workerCreated() is emitted before the worker runs.
    // Data parallel: a device list ("0,1") or `nproc` > 1 CPU processes start the other ranks as child
    // processes of workerProgram() (TrainWorker, LaunchSettings); this process trains as rank 0 and Stop,
    // Pause and a failure reach every rank through the engine. A bad launch (nproc that the batch does not
    // split into, a GPU named twice) comes back as failed() with the engine's one-line error.
    bool start(const ys::TrainConfig& config, const ys::TrainOptions& options = {}, int nproc = 0);
    // The yolostudio-cli the other ranks run: $YOLOSTUDIO_CLI, else beside this program (installed), else
    // one folder up (the build tree: app/gui/yolostudio, app/yolostudio-cli); empty when none is there.
    static QString defaultWorkerProgram();
    void setWorkerProgram(const QString& program) { workerProgram_ = program; }
    QString workerProgram() const { return workerProgram_; }
    void pause();
    void resume();
    void stop();

    State state() const { return state_; }
    bool active() const { return state_ != State::Idle; }
    // The config of the current (or last) run.
    const ys::TrainConfig& config() const { return config_; }
    // Seconds since the current (or last) run started.
    double secondsSinceStart() const;

signals:
    // The run's worker, just created and not yet running: an observer that must see the engine's progress
    // as it happens (a test that stops at an exact batch, a benchmark) connects to its signals with
    // Qt::DirectConnection; its slots then run on the training thread. It is deleted after the run.
    void workerCreated(ys::ui::TrainWorker* worker);
    void stateChanged(ys::ui::TrainController::State state);
    void batchProgress(const ys::BatchProgress& progress);
    void epochFinished(const ys::EpochResult& row, const ys::DetectionMetrics& metrics);
    void trainEvent(const ys::TrainEvent& event);
    void logLine(const QString& line);
    void memorySamples(const ys::ui::MemorySamples& samples);
    void checkpointSaved(const ys::CheckpointSaved& checkpoint);
    // The engine holds at the pause asked for (true), or goes on after resume (false).
    void pauseHeld(bool held);
    // The run ended: completed, stopped early (patience) or stopped by the user (summary says which).
    void finished(const ys::TrainSummary& summary);
    // The run could not start or broke off; the run folder keeps what was written.
    void failed(const ys::Error& error);
    // After finished or failed, with the state back at Idle.
    void ended();

private:
    void setState(State state);
    void onWorkerDone();

    WorkerThread thread_;
    std::shared_ptr<ys::TrainControl> control_;
    ys::TrainConfig config_;
    QString workerProgram_ = defaultWorkerProgram();
    State state_ = State::Idle;
    QElapsedTimer clock_;
};

}  // namespace ys::ui
