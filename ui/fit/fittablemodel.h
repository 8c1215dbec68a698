#pragma once
// The fit's model-scale × image-size × precision table: one row per FitResult::table entry (largest batch
// under the budget and its predicted peak, and the largest batch with every block checkpointed). The row of the recommendation is highlighted (bold, tinted
// background); rows of the probed scale are "measured", the other scales "estimated" from parameter counts
// and activation ratios. Display text is formatted for reading; Qt::UserRole holds the raw value of every cell
// (for sorting through a QSortFilterProxyModel and for tests). GUI thread only.

#include "fit/fit.h"

#include <QAbstractTableModel>

#include <vector>

namespace ys::ui {

class FitTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ScaleColumn,
        ImgszColumn,
        PrecisionColumn,
        BatchColumn,
        PeakColumn,
        CheckpointedColumn,  // TableRow::maxBatchCheckpointed: the largest batch with every block checkpointed
        BasisColumn,
        ColumnCount
    };
    // Qt::UserRole: raw values — scale as a QString letter, imgsz/batch as int, precision as bool (AMP on),
    // peak as qint64 bytes, checkpointed batch as int (0: none fits), basis as bool (measured). RecommendedRole: bool, on every cell of the row.
    static constexpr int RecommendedRole = Qt::UserRole + 1;

    explicit FitTableModel(QObject* parent = nullptr);

    // Shows `result`'s table; `probedScale` is the scale letter of the model the fit measured (0 = unknown).
    void setResult(const ys::fit::FitResult& result, char probedScale);
    void clear();
    // Row of the recommended configuration, -1 when the table has none (its image size is not in the table).
    int recommendedRow() const { return recommendedRow_; }
    const ys::fit::TableRow& row(int r) const { return rows_[static_cast<size_t>(r)]; }
    // Header texts in the current language (after a LanguageChange).
    void retranslate();
    // What the checkpointing column means (its header's and cells' tooltip).
    static QString checkpointedHelp();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ys::fit::TableRow> rows_;
    std::string ampMode_;  // the AMP mode of the rows with AMP on ("fp16", "bf16"); empty when unknown
    char probedScale_ = 0;
    int recommendedRow_ = -1;
};

}  // namespace ys::ui
