#include "ui/dataset/imagelistmodel.h"

#include <QFileInfo>
#include <QLocale>

namespace ys::ui {

ImageListModel::ImageListModel(QObject* parent) : QAbstractListModel(parent) {}

void ImageListModel::setDataset(std::shared_ptr<const ys::Dataset> dataset)
{
    beginResetModel();
    dataset_ = std::move(dataset);
    index_.reset();
    endResetModel();
}

void ImageListModel::setCheckIndex(std::shared_ptr<const CheckIndex> index)
{
    if (index && dataset_ && index->problems.size() != dataset_->images.size())
        index.reset();  // stale: belongs to another dataset
    index_ = std::move(index);
    if (rowCount() > 0)
        emit dataChanged(this->index(0), this->index(rowCount() - 1), {ProblemsRole, WorstSeverityRole});
}

const ys::ImageRecord* ImageListModel::record(int row) const
{
    if (!dataset_ || row < 0 || row >= static_cast<int>(dataset_->images.size()))
        return nullptr;
    return &dataset_->images[static_cast<size_t>(row)];
}

uint32_t ImageListModel::problems(int row) const
{
    if (!index_ || row < 0 || static_cast<size_t>(row) >= index_->problems.size())
        return 0;
    return index_->problems[static_cast<size_t>(row)];
}

int ImageListModel::worstSeverity(int row) const
{
    if (!index_ || row < 0 || static_cast<size_t>(row) >= index_->worstSeverity.size())
        return -1;
    return index_->worstSeverity[static_cast<size_t>(row)];
}

int ImageListModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !dataset_)
        return 0;
    return static_cast<int>(dataset_->images.size());
}

Qt::ItemFlags ImageListModel::flags(const QModelIndex& index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

QVariant ImageListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ys::ImageRecord* r = record(index.row());
    if (!r)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return QFileInfo(QString::fromStdString(r->image)).fileName();
    case Qt::ToolTipRole: {
        const QLocale loc;
        QString tip = QString::fromStdString(r->image);
        if (r->width > 0)
            tip += QStringLiteral("\n") + tr("%1 × %2 px").arg(r->width).arg(r->height);
        tip += QStringLiteral("\n") + tr("%Ln box(es)", nullptr, static_cast<int>(r->boxes.size()));
        return tip;
    }
    case PathRole:
        return QString::fromStdString(r->image);
    case RecordRole:
        return QVariant::fromValue(r);
    case ImageIndexRole:
        return index.row();
    case SplitRole:
        return static_cast<int>(r->split);
    case BoxCountRole:
        return static_cast<int>(r->boxes.size());
    case ProblemsRole:
        return static_cast<uint>(problems(index.row()));
    case WorstSeverityRole:
        return worstSeverity(index.row());
    default:
        return {};
    }
}

}  // namespace ys::ui
