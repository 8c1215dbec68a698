#include "ui/fit/stagefitmodel.h"

#include "ui/common/runtext.h"

#include <QBrush>
#include <QColor>
#include <QGuiApplication>
#include <QPalette>

namespace ys::ui {

StageFitModel::StageFitModel(QObject* parent) : QAbstractTableModel(parent) {}

void StageFitModel::setStages(const std::vector<ys::fit::StageFit>& stages)
{
    beginResetModel();
    stages_ = stages;
    endResetModel();
}

void StageFitModel::clear()
{
    setStages({});
}

void StageFitModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!stages_.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QString StageFitModel::cellText(const ys::fit::StageFit& st, Column column)
{
    switch (column) {
    case StageColumn: return QString::number(st.stage);
    case ImgszColumn: return QString::number(st.imgsz);
    case EpochsColumn: return QString::number(st.epochs);
    case BatchColumn: return st.requestedBatch > 0 ? QString::number(st.batch) : tr("%1 (auto)").arg(st.batch);
    case AccumulateColumn: return QString::number(st.accumulate);
    case CheckpointColumn: return st.checkpoint.empty() || st.checkpoint == "off" ? tr("off") : QString::fromStdString(st.checkpoint);
    case PeakColumn: return st.fits ? RunText::bytes(st.predictedPeakBytes) : tr("does not fit");
    case ColumnCount: break;
    }
    return {};
}

QString StageFitModel::headerText(Column column)
{
    switch (column) {
    case StageColumn: return tr("Stage");
    case ImgszColumn: return tr("Image size");
    case EpochsColumn: return tr("Epochs");
    case BatchColumn: return tr("Batch");
    case AccumulateColumn: return tr("Accumulate");
    case CheckpointColumn: return tr("Checkpointing");
    case PeakColumn: return tr("Peak");
    case ColumnCount: break;
    }
    return {};
}

bool StageFitModel::isNumeric(Column column)
{
    return column != CheckpointColumn;
}

int StageFitModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(stages_.size());
}

int StageFitModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StageFitModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const ys::fit::StageFit& st = stages_[static_cast<size_t>(index.row())];
    const auto column = static_cast<Column>(index.column());
    switch (role) {
    case Qt::DisplayRole: return cellText(st, column);
    case Qt::UserRole:
        switch (column) {
        case StageColumn: return st.stage;
        case ImgszColumn: return st.imgsz;
        case EpochsColumn: return st.epochs;
        case BatchColumn: return st.batch;
        case AccumulateColumn: return st.accumulate;
        case CheckpointColumn: return QString::fromStdString(st.checkpoint);
        case PeakColumn: return static_cast<qint64>(st.predictedPeakBytes);
        case ColumnCount: break;
        }
        break;
    case Qt::TextAlignmentRole:
        return QVariant((isNumeric(column) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (!st.fits && column == PeakColumn)
            return QBrush(QColor(0xc6, 0x28, 0x28));
        break;
    case Qt::ToolTipRole:
        if (column == BatchColumn && st.requestedBatch < 1)
            return tr("batch=auto: fitted to the memory budget at this stage's image size");
        if (column == CheckpointColumn)
            return tr("Activation checkpointing in this stage (checkpoint=): the blocks whose activations are "
                      "recomputed in the backward pass instead of kept");
        break;
    default: break;
    }
    return {};
}

QVariant StageFitModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    return headerText(static_cast<Column>(section));
}

}  // namespace ys::ui
