#pragma once
// What a training run leaves in its folder, written by rank 0 (or the one process).
// The folder and its train.lock, events.jsonl and the log lines, results.csv, the checkpoints (best.pt,
// last.pt, epochN.pt), memory.csv and memory_rankN.csv, metrics.json, environment.json, TensorBoard's event file
// (events.out.tfevents.*: each epoch's results.csv row and memory figures); the run's clock; and the run's one best
// epoch, kept in TrainSummary::best. Internal to ys_train (LibTorch: checkpoints hold models).

#include "common/config.h"
#include "common/error.h"
#include "memory/memory.h"
#include "model/internal/yolo.h"
#include "run/records.h"
#include "run/runfolder.h"
#include "run/runlock.h"
#include "run/tfevents.h"
#include "train/environment.h"
#include "train/internal/checkpoint.h"
#include "train/trainer.h"

#include <torch/torch.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ys {

// "%.3g": numbers in the log and event texts.
std::string fmtG(double v);

// What a checkpoint holds beside the recorder's own fields (epoch, best, patience, elapsed time).
struct CheckpointParts {
    CheckpointMeta meta;                            // settings, model, step and EMA updates (the trainer's)
    DetectionModel* model = nullptr;                // training weights (last.pt)
    DetectionModel* ema = nullptr;                  // EMA weights (every file)
    torch::optim::Optimizer* optimizer = nullptr;   // optimizer state (last.pt)
    int savePeriod = 0;                             // save_period: epochN.pt every this many epochs; 0 none
};

class RunRecorder final {
public:
    // Sends events, log lines and checkpoints through `callbacks`; keeps the best epoch, its metrics and the
    // epochs completed in `summary`. Both outlive the recorder. Called on the training thread only.
    RunRecorder(const TrainCallbacks& callbacks, TrainSummary& summary);

    // ---- the clock: seconds of training, a resumed run's earlier sessions included ------------------------------
    void startClock() { start_ = Clock::now(); }
    double elapsed() const { return elapsedBase_ + std::chrono::duration<double>(Clock::now() - start_).count(); }

    // ---- the folder ----------------------------------------------------------------------------------------------
    // A new run: project/name (name2, name3, ... unless exist_ok), locked, with events.jsonl and results.csv.
    std::optional<Error> createFolder(const TrainConfig& cfg);
    // A resumed run: the folder of its weights/last.pt, locked; removes the unfinished files a kill left (logged).
    std::optional<Error> reopenFolder(const std::string& checkpoint);
    bool isOpen() const { return events_ != nullptr; }
    const std::string& dir() const { return runDir_; }
    // `name` in the folder, written atomically.
    std::optional<Error> writeFile(const std::string& name, const std::string& text) const;
    // The memory timelines memory.csv and memory_rankN.csv are written from (rank 1's at index 0); not owned.
    void watchMemory(memory::MemoryTimeline* own, const std::vector<std::vector<memory::MemorySample>>* otherRanks);

    // ---- events and the log ------------------------------------------------------------------------------------------
    // The epoch and batch the next events belong to (TrainEvent::epoch/batch).
    void setEventEpoch(int epoch) { eventEpoch_ = epoch; }
    void setEventBatch(int batch) { eventBatch_ = batch; }
    int eventEpoch() const { return eventEpoch_; }
    // Writes the event to events.jsonl (once the folder is open) and sends it, stamped with the epoch, batch and time.
    void event(EventKind kind, const std::string& message, const std::string& details = "{}");
    void logLine(const std::string& line) const;

    // ---- epochs, the best one, checkpoints ---------------------------------------------------------------------------
    // A resumed run: results.csv up to the checkpoint's epoch, the clock, patience and best epoch it saved (no best
    // when its best.pt is gone: the next epoch writes one). A run folder without a TensorBoard event file (a run
    // begun before this version wrote them) gets one with the kept rows.
    std::optional<Error> resume(const CheckpointMeta& meta, bool bestSaved);
    int epochsWithoutImprovement() const { return epochsWithoutImprovement_; }
    // A batch was trained since the last last.pt (a stop saves it).
    void stepTrained() { ++stepsSinceCheckpoint_; }
    // An epoch's row: the best so far or not (the patience count), results.csv, the checkpoints, memory.csv and,
    // once last.pt holds the epoch, its TensorBoard record. True when it is the new best.
    Expected<bool> recordEpoch(const EpochResult& row, const DetectionMetrics& metrics, const CheckpointParts& parts);
    // After recordEpoch and the memory it sent: the `best` event, the epochs completed, onEpoch.
    void epochRecorded(const EpochResult& row, const DetectionMetrics& metrics, bool isBest);
    // At a user's stop: last.pt with the steps trained since the previous checkpoint, when there are any, and
    // memory.csv.
    std::optional<Error> saveStopCheckpoint(const CheckpointParts& parts, int epochsDone);
    // memory.csv and, data parallel, every other rank's memory_rankN.csv. A failure to write is a Warning event.
    void writeMemoryCsv();
    // metrics.json: the best epoch's per-class P/R/AP and confusion matrix (for the report).
    void writeBestMetrics(const std::vector<std::string>& names);
    // environment.json (at every start and resume). A failure to write is a Warning event.
    void writeEnvironment(const EnvironmentInfo& env);

private:
    using Clock = std::chrono::steady_clock;

    std::optional<Error> lockRunFolder();
    void openFiles();
    // best.pt (isBest) and last.pt holding `epochsDone` finished epochs; partial: at a stop mid-epoch (last.pt
    // only, the weights after the last finished step). Tells onCheckpoint about each file.
    std::optional<Error> saveCheckpoints(const CheckpointParts& parts, int epochsDone, double fitness, bool isBest,
                                         bool partial);
    // The row's results.csv columns and `memory` as one TensorBoard event at the row's epoch, in this session's event
    // file (opened at its first epoch with a SessionLog START there, so TensorBoard shows a redone epoch's newer
    // values). A failure is one Warning event; the run goes on without TensorBoard records.
    void writeTensorBoard(const EpochResult& row, const std::vector<TbScalar>& memory);
    // memoryScalars of the timeline's samples since the previous call, and each other rank's peak over its new
    // samples (memory/rankN_peak_bytes).
    std::vector<TbScalar> epochMemoryScalars();

    const TrainCallbacks& cb_;
    TrainSummary& summary_;
    std::string runDir_;
    std::optional<RunLock> runLock_;   // held while this trainer writes runDir_ (readers see "running")
    std::unique_ptr<EventLog> events_;
    std::unique_ptr<ResultsCsv> results_;
    memory::MemoryTimeline* timeline_ = nullptr;
    const std::vector<std::vector<memory::MemorySample>>* rankMemory_ = nullptr;
    Clock::time_point start_ = Clock::now();
    double elapsedBase_ = 0;
    int eventEpoch_ = 0;
    int eventBatch_ = 0;
    int epochsWithoutImprovement_ = 0;
    int64_t stepsSinceCheckpoint_ = 0;   // batches trained since the last last.pt
    std::unique_ptr<TbEventWriter> tensorBoard_;   // this session's event file, from its first epoch
    bool tensorBoardFailed_ = false;               // a write failed: no more TensorBoard records this session
    double memorySeen_ = -1;                       // timeline time of the last sample an epoch's figures took
    std::vector<double> rankMemorySeen_;           // the same per other rank (its own clock)
};

}  // namespace ys
