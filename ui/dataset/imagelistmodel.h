#pragma once
// The grid's model: one row per image of a scanned dataset. Cheap by design (STYLE habit 5): it holds the
// shared Dataset (paths, sizes, parsed boxes) and the check's index, never decoded pixels. It implements the
// thumbnail grid's roles (ThumbnailRoles).

#include "data/dataset.h"
#include "ui/dataset/checkindex.h"
#include "ui/thumbnails/thumbnailroles.h"

#include <QAbstractListModel>

#include <memory>

namespace ys::ui {

class ImageListModel final : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        PathRole = ThumbnailRoles::PathRole,                    // QString, absolute image path
        RecordRole = ThumbnailRoles::RecordRole,                // const ys::ImageRecord*
        WorstSeverityRole = ThumbnailRoles::WorstSeverityRole,  // int, -1 = no finding, else ys::Severity
        ImageIndexRole = ThumbnailRoles::FirstFreeRole,         // int, index into Dataset::images
        SplitRole,                                              // int, ys::Split
        BoxCountRole,                                           // int
        ProblemsRole,                                           // uint, ProblemFlag bit set (0 before the check)
    };

    explicit ImageListModel(QObject* parent = nullptr);

    // Replaces the dataset (model reset). The check index is cleared.
    void setDataset(std::shared_ptr<const ys::Dataset> dataset);
    // Attaches a finished check's index (dataChanged on every row); null clears it.
    void setCheckIndex(std::shared_ptr<const CheckIndex> index);

    // The attached check index, nullptr before a check.
    const CheckIndex* findingIndex() const { return index_.get(); }
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
