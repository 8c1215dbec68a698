#pragma once
// The per-stage fit of a staged run (FitResult::stages) as a table: stage, image size, epochs, batch (fitted
// or as asked), accumulation, checkpointing and the predicted peak, one row per stage. The one formatter of
// these figures: the Fit dialog and the Train page's pre-flight show this model, the Runs page's fit view and
// the report write its cellText() into HTML. Qt::UserRole holds the raw value of every cell (tests, sorting).
// GUI thread only.

#include "fit/fit.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace ys::ui {

class StageFitModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        StageColumn,
        ImgszColumn,
        EpochsColumn,
        BatchColumn,
        AccumulateColumn,
        CheckpointColumn,
        PeakColumn,
        ColumnCount
    };

    explicit StageFitModel(QObject* parent = nullptr);

    void setStages(const std::vector<ys::fit::StageFit>& stages);
    void clear();
    const std::vector<ys::fit::StageFit>& stages() const { return stages_; }
    // Header texts in the current language (after a LanguageChange).
    void retranslate();

    // What a cell shows: "2", "640", "80", "12 (auto)", "5", "backbone", "7.0 GiB" / "does not fit".
    static QString cellText(const ys::fit::StageFit& stage, Column column);
    static QString headerText(Column column);
    // Right-aligned columns (numbers).
    static bool isNumeric(Column column);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ys::fit::StageFit> stages_;
};

}  // namespace ys::ui
