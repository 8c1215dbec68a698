#include "ui/fit/fittablemodel.h"

#include "ui/common/bytes.h"
#include "ui/fit/fittext.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QPalette>
#include <QGuiApplication>

namespace ys::ui {

FitTableModel::FitTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void FitTableModel::setResult(const ys::fit::FitResult& result, char probedScale)
{
    beginResetModel();
    rows_ = result.table;
    probedScale_ = probedScale;
    const auto& rec = result.recommended;
    ampMode_ = rec.amp ? rec.ampMode : std::string();
    recommendedRow_ = -1;
    if (rec.fits) {
        for (size_t i = 0; i < rows_.size(); ++i) {
            const auto& r = rows_[i];
            if (r.scale == probedScale_ && r.imgsz == rec.imgsz && r.amp == rec.amp) {
                recommendedRow_ = static_cast<int>(i);
                break;
            }
        }
    }
    endResetModel();
}

void FitTableModel::clear()
{
    beginResetModel();
    rows_.clear();
    probedScale_ = 0;
    ampMode_.clear();
    recommendedRow_ = -1;
    endResetModel();
}

void FitTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!rows_.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QString FitTableModel::checkpointedHelp()
{
    return tr("The largest batch under the budget with every block checkpointed (checkpoint=all): the blocks' "
              "activations are recomputed in the backward pass instead of kept, so less memory, slower steps. "
              "— when not even batch 1 fits.");
}

int FitTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int FitTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FitTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const auto& r = rows_[static_cast<size_t>(index.row())];
    const bool measured = probedScale_ != 0 && r.scale == probedScale_;
    const bool recommended = index.row() == recommendedRow_;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ScaleColumn: return QString(QLatin1Char(r.scale));
        case ImgszColumn: return tr("%1 px").arg(r.imgsz);
        case PrecisionColumn: return FitText::precisionShort(r.amp, ampMode_);
        case BatchColumn: return r.maxBatch > 0 ? QString::number(r.maxBatch) : tr("does not fit");
        case PeakColumn: return r.maxBatch > 0 ? formatBytes(r.peakAtMaxBatch) : QString();
        case CheckpointedColumn:
            return r.maxBatchCheckpointed > 0 ? QString::number(r.maxBatchCheckpointed) : QStringLiteral("—");
        case BasisColumn: return measured ? tr("measured") : tr("estimated");
        }
        break;
    case Qt::UserRole:
        switch (index.column()) {
        case ScaleColumn: return QString(QLatin1Char(r.scale));
        case ImgszColumn: return r.imgsz;
        case PrecisionColumn: return r.amp;
        case BatchColumn: return r.maxBatch;
        case PeakColumn: return static_cast<qint64>(r.peakAtMaxBatch);
        case CheckpointedColumn: return r.maxBatchCheckpointed;
        case BasisColumn: return measured;
        }
        break;
    case RecommendedRole: return recommended;
    case Qt::TextAlignmentRole:
        if (index.column() == BatchColumn || index.column() == PeakColumn || index.column() == ImgszColumn ||
            index.column() == CheckpointedColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::FontRole:
        if (recommended) {
            QFont f;
            f.setBold(true);
            return f;
        }
        break;
    case Qt::BackgroundRole:
        if (recommended) {
            QColor c = QGuiApplication::palette().color(QPalette::Highlight);
            c.setAlpha(60);
            return QBrush(c);
        }
        break;
    case Qt::ForegroundRole:
        if (r.maxBatch <= 0)
            return QBrush(QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text));
        break;
    case Qt::ToolTipRole:
        if (index.column() == CheckpointedColumn)
            return checkpointedHelp();
        if (recommended)
            return tr("The recommended configuration");
        if (!measured)
            return tr("Estimated from this model's measurements by parameter count and activation size");
        break;
    default: break;
    }
    return {};
}

QVariant FitTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == CheckpointedColumn)
        return checkpointedHelp();
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ScaleColumn: return tr("Scale");
    case ImgszColumn: return tr("Image size");
    case PrecisionColumn: return tr("Precision");
    case BatchColumn: return tr("Largest batch");
    case PeakColumn: return tr("Peak memory");
    case CheckpointedColumn: return tr("Checkpointed");
    case BasisColumn: return tr("Basis");
    default: return {};
    }
}

}  // namespace ys::ui
