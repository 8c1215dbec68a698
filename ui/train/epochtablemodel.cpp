#include "ui/train/epochtablemodel.h"

#include "ui/charts/chartformat.h"

#include <QFont>
#include <QLocale>

namespace ys::ui {

EpochTableModel::EpochTableModel(QObject* parent) : QAbstractTableModel(parent) {}

int EpochTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int EpochTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

double value(const ys::EpochResult& r, int column)
{
    switch (column) {
    case EpochTableModel::EpochColumn: return r.epoch;
    case EpochTableModel::TimeColumn: return r.time;
    case EpochTableModel::TrainBoxColumn: return r.trainBox;
    case EpochTableModel::TrainClsColumn: return r.trainCls;
    case EpochTableModel::TrainDflColumn: return r.trainDfl;
    case EpochTableModel::PrecisionColumn: return r.precision;
    case EpochTableModel::RecallColumn: return r.recall;
    case EpochTableModel::Map50Column: return r.map50;
    case EpochTableModel::Map50_95Column: return r.map50_95;
    case EpochTableModel::ValBoxColumn: return r.valBox;
    case EpochTableModel::ValClsColumn: return r.valCls;
    case EpochTableModel::ValDflColumn: return r.valDfl;
    case EpochTableModel::LearningRateColumn: return r.lr[0];
    case EpochTableModel::ImagesPerSecondColumn: return r.imagesPerSecond;
    case EpochTableModel::PeakMemoryColumn: return static_cast<double>(r.peakMemory);
    default: return 0;
    }
}

bool needsValidation(int column)
{
    return column >= EpochTableModel::PrecisionColumn && column <= EpochTableModel::ValDflColumn;
}

}  // namespace

QVariant EpochTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const ys::EpochResult& r = rows_[static_cast<size_t>(index.row())];
    const int c = index.column();
    switch (role) {
    case Qt::DisplayRole: {
        if (needsValidation(c) && !r.validated)
            return tr("–");
        const double v = value(r, c);
        const QLocale loc;
        switch (c) {
        case EpochColumn: return r.epoch;
        case TimeColumn: return ChartText::value(v, ValueUnit::Seconds);
        case PrecisionColumn:
        case RecallColumn:
        case Map50Column:
        case Map50_95Column: return loc.toString(v, 'f', 3);
        case LearningRateColumn: return loc.toString(v, 'e', 2);
        case ImagesPerSecondColumn: return loc.toString(v, 'f', 1);
        case PeakMemoryColumn: return r.peakMemory > 0 ? ChartText::value(v, ValueUnit::Bytes) : tr("–");
        default: return loc.toString(v, 'f', 4);
        }
    }
    case Qt::UserRole: return value(r, c);
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (index.row() == best_) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.row() == best_)
            return tr("Best epoch so far (fitness %1), kept as weights/best.pt")
                .arg(QLocale().toString(r.fitness, 'f', 4));
        if (!r.validated && needsValidation(c))
            return tr("This epoch was not validated (val=false validates only the last epoch).");
        return {};
    default: return {};
    }
}

QVariant EpochTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case EpochColumn: return tr("Epoch");
        case TimeColumn: return tr("Time");
        case TrainBoxColumn: return tr("Box");
        case TrainClsColumn: return tr("Cls");
        case TrainDflColumn: return l1Loss() ? tr("L1") : tr("DFL");
        case PrecisionColumn: return tr("P");
        case RecallColumn: return tr("R");
        case Map50Column: return tr("mAP50");
        case Map50_95Column: return tr("mAP50-95");
        case ValBoxColumn: return tr("Val box");
        case ValClsColumn: return tr("Val cls");
        case ValDflColumn: return l1Loss() ? tr("Val L1") : tr("Val DFL");
        case LearningRateColumn: return tr("LR");
        case ImagesPerSecondColumn: return tr("img/s");
        case PeakMemoryColumn: return tr("Peak memory");
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case TimeColumn: return tr("Time since the run started when the epoch ended");
        case TrainBoxColumn: return tr("Mean training box loss (CIoU) of the epoch");
        case TrainClsColumn: return tr("Mean training classification loss (BCE) of the epoch");
        case TrainDflColumn:
            return l1Loss() ? tr("Mean training L1 box-distance loss of the epoch (YOLO26: no DFL bins)")
                            : tr("Mean training distribution focal loss of the epoch");
        case PrecisionColumn: return tr("Precision on the validation split");
        case RecallColumn: return tr("Recall on the validation split");
        case LearningRateColumn: return tr("Learning rate of parameter group 0 at the end of the epoch");
        case ImagesPerSecondColumn: return tr("Training images per second, loading included");
        case PeakMemoryColumn: return tr("Highest tensor memory during the epoch");
        default: return {};
        }
    }
    return {};
}

void EpochTableModel::setRows(std::vector<ys::EpochResult> rows)
{
    const bool l1Before = l1Loss();
    beginResetModel();
    rows_ = std::move(rows);
    updateBest();
    endResetModel();
    updateDistanceHeaders(l1Before);
}

void EpochTableModel::updateDistanceHeaders(bool before)
{
    if (l1Loss() != before)
        emit headerDataChanged(Qt::Horizontal, TrainDflColumn, ValDflColumn);
}

void EpochTableModel::addRow(const ys::EpochResult& row)
{
    const bool l1Before = l1Loss();
    const int oldBest = best_;
    // A resumed run redoes epochs from its checkpoint: rows from `row.epoch` on are replaced.
    int keep = 0;
    while (keep < rowCount() && rows_[static_cast<size_t>(keep)].epoch < row.epoch)
        ++keep;
    if (keep < rowCount()) {
        beginRemoveRows({}, keep, rowCount() - 1);
        rows_.resize(static_cast<size_t>(keep));
        endRemoveRows();
    }
    beginInsertRows({}, rowCount(), rowCount());
    rows_.push_back(row);
    endInsertRows();
    updateDistanceHeaders(l1Before);
    updateBest();
    if (oldBest != best_) {
        for (int r : {oldBest, best_})
            if (r >= 0 && r < rowCount())
                emit dataChanged(index(r, 0), index(r, ColumnCount - 1), {Qt::FontRole, Qt::ToolTipRole});
    }
}

void EpochTableModel::clear()
{
    setRows({});
}

void EpochTableModel::updateBest()
{
    best_ = -1;
    for (size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].validated && (best_ < 0 || rows_[i].fitness > rows_[static_cast<size_t>(best_)].fitness))
            best_ = static_cast<int>(i);
}

}  // namespace ys::ui
