#pragma once
// The grid's model: one row per image of a scanned dataset. Cheap by design (STYLE habit 5): it holds the
// shared Dataset (paths, sizes, parsed boxes) and the check's per-image index, never decoded pixels.

#include "data/dataset.h"
#include "ui/dataset/datasetcontroller.h"

#include <QAbstractListModel>

#include <memory>

namespace ys::ui {

class ImageListModel final : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        PathRole = Qt::UserRole + 1,  // QString, absolute image path (the thumbnail key)
        ImageIndexRole,               // int, index into Dataset::images (stable while the dataset lives)
        SplitRole,                    // int, ys::Split
        BoxCountRole,                 // int
        ProblemsRole,                 // uint, ProblemFlag bit set (0 before the check)
        WorstSeverityRole,            // int, -1 = no finding, else ys::Severity
    };

    explicit ImageListModel(QObject* parent = nullptr);

    // Replaces the dataset (model reset). The check index is cleared.
    void setDataset(std::shared_ptr<const ys::Dataset> dataset);
    // Attaches a finished check's per-image data (dataChanged on every row); null clears it.
    void setCheckIndex(std::shared_ptr<const CheckIndex> index);

    const ys::Dataset* dataset() const { return dataset_.get(); }
    const CheckIndex* perImageCheck() const { return index_.get(); }
    // Record of a row; nullptr when out of range.
    const ys::ImageRecord* record(int row) const;
    uint32_t problems(int row) const;
    int worstSeverity(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    std::shared_ptr<const ys::Dataset> dataset_;
    std::shared_ptr<const CheckIndex> index_;
};

}  // namespace ys::ui
