#pragma once
// The epoch table: one row per finished epoch (the columns of results.csv plus throughput and peak
// memory), the best epoch (highest fitness) in bold. Display text is formatted for reading; Qt::UserRole
// holds the number for sorting. A resumed run that redoes an epoch replaces that epoch's row.

#include "train/trainer.h"

#include <QAbstractTableModel>

#include <vector>

namespace ys::ui {

class EpochTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        EpochColumn = 0,
        TimeColumn,
        TrainBoxColumn,
        TrainClsColumn,
        TrainDflColumn,
        PrecisionColumn,
        RecallColumn,
        Map50Column,
        Map50_95Column,
        ValBoxColumn,
        ValClsColumn,
        ValDflColumn,
        LearningRateColumn,
        ImagesPerSecondColumn,
        PeakMemoryColumn,
        ColumnCount
    };

    explicit EpochTableModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setRows(std::vector<ys::EpochResult> rows);
    // Appends, or replaces the row of the same epoch (and drops later ones: a resumed run redoes them).
    void addRow(const ys::EpochResult& row);
    void clear();
    const std::vector<ys::EpochResult>& rows() const { return rows_; }
    // Index into rows() of the best fitness among validated rows, -1 when none.
    int bestRow() const { return best_; }

    // The distance columns hold YOLO26's L1 term (EpochResult::l1Loss): their headers say L1, not DFL.
    bool l1Loss() const { return !rows_.empty() && rows_.back().l1Loss; }

private:
    void updateBest();
    // Tells the view when l1Loss() changed from `before`.
    void updateDistanceHeaders(bool before);

    std::vector<ys::EpochResult> rows_;
    int best_ = -1;
};

}  // namespace ys::ui
