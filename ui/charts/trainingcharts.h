#pragma once
// The charts of a training run, each filled from plain data: results rows (EpochResult), memory samples
// (MemorySample), batch progress and out-of-memory events. The live dashboard appends to them as the run
// goes; a run opened from its files and the exported report set the whole data at once and may render the
// same objects offscreen (SeriesChart::renderImage / render), so the dashboard and the report draw with one
// code. GUI thread only (or any thread with no other widget use, for offscreen report rendering).

#include "memory/memory.h"
#include "run/records.h"
#include "ui/charts/serieschart.h"

#include <vector>

namespace ys::ui {

// Allocated, reserved and peak memory over time (seconds on the memory timeline's clock), the shaded phases
// (training, validation, checkpoint), the budget and the fit's predicted peak as horizontal lines, and a
// mark at every out-of-memory recovery.
class MemoryChart final : public SeriesChart {
    Q_OBJECT
public:
    enum SeriesId { Allocated = 0, Reserved, Peak };
    enum class Band { Train, Validation, Checkpoint };

    explicit MemoryChart(QWidget* parent = nullptr);

    // Samples of every rank: rank 0's (MemorySample::rank 0, one process too) draw the allocated, reserved and
    // peak lines and the phase bands; each other rank of a data-parallel run draws one line, its peak per
    // batch (window peak), named by setRankLabel ("rank 1 · cuda:1"; default "rank 1").
    void setSamples(const std::vector<memory::MemorySample>& samples);
    void appendSamples(const std::vector<memory::MemorySample>& samples);
    // The legend name of rank `rank`'s line (rank >= 1), before or after its samples come.
    void setRankLabel(int rank, const QString& label);
    // Rank 0's lines (allocated, reserved, peak) are its device's: the title names it ("Memory · rank 0 ·
    // cuda:0"); empty: "Memory" (one process).
    void setRankZeroLabel(const QString& label);
    // Forgets the other ranks' lines (their points; they leave the legend).
    void clearRanks();
    // The series of rank `rank`'s line (rank >= 1), -1 when it has no samples yet (tests).
    int rankSeries(int rank) const;
    int rankCount() const;   // ranks > 0 with a line
    // 0 hides the line.
    void setBudget(int64_t bytes);
    void setPredictedPeak(int64_t bytes);
    // A mark at `time` (timeline seconds); `what` is the read-out text (e.g. "micro-batch 16 → 8").
    void addOutOfMemory(double time, const QString& what);
    void clear();
    void retranslate() override;

    static Band bandOf(memory::Phase phase);
    int64_t budget() const { return budget_; }
    int64_t predictedPeak() const { return predictedPeak_; }

private:
    int lineOfRank(int rank);   // creates the line when needed
    QString rankName(int rank) const;

    std::vector<int> rankSeries_;     // index rank - 1: the series, -1 = none yet
    std::vector<bool> rankShown_;     // the series has samples of the run shown now
    std::vector<QString> rankLabels_; // index rank - 1; empty = default
    QString rankZeroLabel_;
    int budgetLevel_ = -1;
    int predictedLevel_ = -1;
    int legend_[3] = {-1, -1, -1};
    int64_t budget_ = 0, predictedPeak_ = 0;
    int currentRange_ = -1;
    Band currentBand_ = Band::Train;
    double lastTime_ = 0;
};

// Box, class and DFL losses per epoch: training (solid) and validation (dashed). While an epoch runs its
// training losses follow the running means of BatchProgress at fractional epochs; when it ends they are
// replaced by the epoch's row.
class LossChart final : public SeriesChart {
    Q_OBJECT
public:
    enum SeriesId { TrainBox = 0, TrainCls, TrainDfl, ValBox, ValCls, ValDfl };

    explicit LossChart(QWidget* parent = nullptr);
    void setEpochs(int epochs);  // the x axis spans 0..epochs
    void setRows(const std::vector<EpochResult>& rows);
    void addRow(const EpochResult& row);
    void addBatch(const BatchProgress& progress);
    void clear();
    void retranslate() override;
    // Names the distance series l1 (YOLO26: no DFL bins) or dfl; rows and batches set it as they arrive.
    void setL1Loss(bool l1Loss);

private:
    bool l1Loss_ = false;
};

// Precision, recall, mAP50 and mAP50-95 of each validated epoch (0..1).
class MetricsChart final : public SeriesChart {
    Q_OBJECT
public:
    enum SeriesId { Precision = 0, Recall, Map50, Map50_95 };

    explicit MetricsChart(QWidget* parent = nullptr);
    void setEpochs(int epochs);
    void setRows(const std::vector<EpochResult>& rows);
    void addRow(const EpochResult& row);
    void clear();
    void retranslate() override;
};

// Learning rate of each parameter group; group 0 also follows every batch (warmup shows as it happens).
class LearningRateChart final : public SeriesChart {
    Q_OBJECT
public:
    enum SeriesId { Pg0 = 0, Pg1, Pg2 };

    explicit LearningRateChart(QWidget* parent = nullptr);
    void setEpochs(int epochs);
    void setRows(const std::vector<EpochResult>& rows);
    void addRow(const EpochResult& row);
    void addBatch(const BatchProgress& progress);
    void clear();
    void retranslate() override;
};

// Training throughput (images per second, left) and the estimated time left (right) over the run's time.
class ThroughputChart final : public SeriesChart {
    Q_OBJECT
public:
    enum SeriesId { ImagesPerSecond = 0, TimeLeft };

    explicit ThroughputChart(QWidget* parent = nullptr);
    // Per-epoch throughput at each row's time (a run read from its files).
    void setRows(const std::vector<EpochResult>& rows);
    // Live: the running throughput at `progress.elapsed`; eta < 0 leaves the time left out.
    void addBatch(const BatchProgress& progress, double etaSeconds);
    void clear();
    void retranslate() override;
};

}  // namespace ys::ui
