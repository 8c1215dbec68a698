#pragma once
// The live dashboard of a training run: progress of the epoch and of the run with the time left, the
// charts (memory, losses, metrics, learning rate, throughput), the predictions preview, the epoch table and
// the log. Fed either live, by the Train page from its TrainController's signals, or at once from a run's
// files (showRun), so a finished, stopped or running run looks the same. GUI thread only.

#include "common/config.h"
#include "run/reader.h"
#include "ui/train/logmodel.h"
#include "ui/train/runprogress.h"
#include "ui/train/trainmetatypes.h"

#include <QWidget>

#include <functional>

#include <vector>

namespace ys {
struct StageDetails;
}

class QCheckBox;
class QLabel;
class QListView;
class QProgressBar;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;

namespace ys::ui {

class EpochTableModel;
class LearningRateChart;
class LossChart;
class MemoryChart;
class MetricsChart;
class PredictionPreview;
class ThroughputChart;

class Dashboard final : public QWidget {
    Q_OBJECT
public:
    explicit Dashboard(QWidget* parent = nullptr);
    ~Dashboard() override;

    // ---- live --------------------------------------------------------------------------------------
    // Clears everything for a new run of `config` (planned epochs, budget line; 0 = no budget).
    void beginRun(const ys::TrainConfig& config, int64_t budgetBytes);
    void addBatch(const ys::BatchProgress& progress);
    void addEpoch(const ys::EpochResult& row, const ys::DetectionMetrics& metrics);
    void addEvent(const ys::TrainEvent& event);
    void addMemory(const MemorySamples& samples);
    void addLog(const QString& line);
    void addNote(const QString& text, LogModel::Kind kind = LogModel::Kind::Milestone);
    // The live run ended (finished, stopped or failed): its bars stay where it left them and no time left is
    // shown, also after a language change.
    void endRun();
    // "Training", "Paused", "Stopping…" next to the progress bars: `text` gives it in the UI's language,
    // called again when the language changes.
    void setState(std::function<QString()> text);
    // The state of a run that ended, or was read from its folder (RunText::status).
    void setState(ys::RunStatus status, bool resumable);
    QString stateText() const;
    // The peak a fit predicted for this run (a horizontal line on the memory chart); 0 hides it.
    void setPredictedPeak(int64_t bytes);
    // A data-parallel run: `processes` ranks, `rankDevices` the device of each rank known ("cpu", "cuda:1";
    // rank 0 first; a rank past the list is named by number), `worldBatch` the images of one step over all of
    // them (< 1: not known yet; a `fit` event fills it in). Names the memory chart's line of each rank
    // ("rank 1 · cuda:1") and shows "Data parallel: 2 × 16 = 32 images per step". processes <= 1 hides it.
    // showRun sets it from the run's environment.json.
    void setWorld(int processes, const std::vector<std::string>& rankDevices, int worldBatch);
    int worldProcesses() const { return world_.processes; }
    QString worldText() const;   // what the world label shows; empty for one process
    // The device of each local rank of a run on `device` ("0,1", "cpu") with `processes` processes on this
    // machine (core's deviceForLocalRank): {"cuda:0", "cuda:1"}, {"cpu", "cpu"}; empty when they do not fit.
    static std::vector<std::string> rankDevices(const std::string& device, int processes);

    // ---- a run from its files (the Runs page) ---------------------------------------------------------
    // Shows a run read by ys::readRun(dir) (core/run/reader.h): charts, epoch table and events from its
    // results.csv, memory.csv and events.jsonl, the planned epochs and the vram budget line from args.yaml,
    // the fit's predicted peak from its `fit` event, OOM recoveries marked, progress of the epochs done, and its
    // status as the state text. Replaces whatever was shown; the prediction preview stays empty.
    void showRun(const ys::RunRecord& run);
    // Follows the run shown by showRun while it is being written (by the CLI or another studio): pass each
    // ys::RunTail(run.dir).poll() result. New rows, events and memory samples are appended; a file reset
    // (rowsReset, eventsReset, memoryReset) redraws from the file's new content; the state text follows
    // update.status. Returns update.changed(). Usage, e.g. from a 1 s QTimer:
    //     auto record = ys::readRun(dir);           // off the GUI thread (QtConcurrent)
    //     dashboard->showRun(*record);
    //     ys::RunTail tail(record->dir); tail.poll();  // the first poll reads what readRun read: skip it
    //     ... on each timeout: dashboard->applyTail(tail.poll());
    bool applyTail(const ys::RunTailUpdate& update);
    // The run shown by showRun/applyTail (empty dir when the dashboard shows a live run or nothing).
    const ys::RunRecord& shownRun() const { return shown_; }
    // What an out-of-memory recovery changed, from its event's details: "micro-batch 16 → 8", "validation
    // batch halved"; empty when the event does not say (the memory chart's mark and the report's table).
    static QString outOfMemoryChange(const ys::TrainEvent& event);
    // The label of a stage's mark on the charts: "Stage 2: 640 px, batch 8".
    static QString stageMarkText(const ys::StageDetails& details);
    void clear();

    // ---- parts (tests, screenshots, the Train page) ----------------------------------------------------
    MemoryChart* memoryChart() const { return memory_; }
    LossChart* lossChart() const { return losses_; }
    MetricsChart* metricsChart() const { return metrics_; }
    LearningRateChart* learningRateChart() const { return lr_; }
    ThroughputChart* throughputChart() const { return throughput_; }
    PredictionPreview* preview() const { return preview_; }
    QTabWidget* bottomTabs() const { return tabs_; }
    QSplitter* splitter() const { return splitter_; }
    // Moves the Epochs and Log pages out from under the charts into `into` at `index` and `index + 1` (the Runs
    // page shows them as tabs of their own, so its charts get the height); the dashboard keeps naming them.
    void moveTablesTo(QTabWidget* into, int index);
    const RunProgress& progress() const { return progress_; }
    // Seconds the memory timeline is behind the run's clock: event time - this = memory time.
    double memoryTimeOffset() const { return memoryOffset_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateProgressText();           // the bars, the epoch and the time left from progress_ (a live run)
    void showEpochLabel();               // "Epoch 3 of 5" from epochShown_
    void markOutOfMemory(const ys::TrainEvent& event);
    void markStage(const ys::TrainEvent& event, const ys::StageDetails& details);
    void drawShownRun();                 // every part from shown_
    void showRunProgress();              // the bars and labels from shown_'s rows
    void showWorld();                    // the world label and the memory chart's rank names from world_

    struct World {
        int processes = 1;
        std::vector<std::string> devices;
        int batch = 0;
    } world_;

    MemoryChart* memory_;
    LossChart* losses_;
    MetricsChart* metrics_;
    LearningRateChart* lr_;
    ThroughputChart* throughput_;
    PredictionPreview* preview_;
    EpochTableModel* epochModel_;
    LogModel* logModel_;
    QSortFilterProxyModel* logFilter_;
    QLabel* epochLabel_ = nullptr;
    QLabel* runLabel_ = nullptr;
    QLabel* stateLabel_ = nullptr;
    QLabel* etaLabel_ = nullptr;
    QLabel* worldLabel_ = nullptr;
    QProgressBar* epochBar_ = nullptr;
    QProgressBar* runBar_ = nullptr;
    QTabWidget* tabs_ = nullptr;         // the Epochs and Log pages (under the charts, or where moveTablesTo put them)
    int tablesIndex_ = 0;                // the Epochs page's index in tabs_
    QTableView* table_ = nullptr;
    QListView* log_ = nullptr;
    QCheckBox* showMessages_ = nullptr;
    QSplitter* splitter_ = nullptr;
    RunProgress progress_;
    bool live_ = false;                  // a run is training (beginRun until endRun): progress_ drives the bars
    struct EpochShown {
        bool numbered = false;           // "Epoch %1 of %2", else "Epoch"
        int epoch = 0, epochs = 0;
    } epochShown_;                       // what the epoch label says, worded again on a language change
    ys::RunRecord shown_;
    std::function<QString()> stateText_;   // empty: no run yet
    double memoryOffset_ = 0;
    int epochs_ = 0;
};

}  // namespace ys::ui
