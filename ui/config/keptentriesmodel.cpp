#include "ui/config/keptentriesmodel.h"

namespace ys::ui {

KeptEntriesModel::KeptEntriesModel(QObject* parent) : QAbstractTableModel(parent) {}

void KeptEntriesModel::setEntries(std::vector<ys::ConfigFileEntry> entries)
{
    beginResetModel();
    entries_ = std::move(entries);
    endResetModel();
}

void KeptEntriesModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int KeptEntriesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

int KeptEntriesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KeptEntriesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ys::ConfigFileEntry& e = entries_[static_cast<size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Key: return QString::fromStdString(e.key);
        case Value: return QString::fromStdString(e.value);
        case Line: return e.line;
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() == Line)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant KeptEntriesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Key: return tr("Key");
    case Value: return tr("Value");
    case Line: return tr("Line");
    default: return {};
    }
}

}  // namespace ys::ui
