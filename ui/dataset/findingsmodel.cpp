#include "ui/dataset/findingsmodel.h"

#include "ui/common/findingtext.h"
#include "ui/common/icons.h"

#include <QDir>

namespace ys::ui {

FindingsModel::FindingsModel(QObject* parent) : QAbstractTableModel(parent) {}

QString FindingsModel::severityName(ys::Severity s)
{
    switch (s) {
    case ys::Severity::Error: return tr("Error");
    case ys::Severity::Warning: return tr("Warning");
    case ys::Severity::Info: return tr("Info");
    }
    return {};
}

void FindingsModel::setResult(std::shared_ptr<const ys::CheckResult> result, const QString& root)
{
    beginResetModel();
    result_ = std::move(result);
    root_ = root;
    endResetModel();
}

const ys::Finding* FindingsModel::finding(int row) const
{
    if (!result_ || row < 0 || row >= static_cast<int>(result_->findings.size()))
        return nullptr;
    return &result_->findings[static_cast<size_t>(row)];
}

void FindingsModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int FindingsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !result_ ? 0 : static_cast<int>(result_->findings.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString FindingsModel::displayPath(const std::string& file) const
{
    const QString f = QString::fromStdString(file);
    if (root_.isEmpty() || f.isEmpty())
        return f;
    const QString rel = QDir(root_).relativeFilePath(f);
    return rel.startsWith(QLatin1String("../../")) ? f : rel;
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ys::Finding* f = finding(index.row());
    if (!f)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn: return severityName(f->severity);
        case ProblemColumn: return problemTitle(f->code);
        case CodeColumn: return QString::fromStdString(f->code);
        case FileColumn: return displayPath(f->file);
        case LineColumn: return f->line > 0 ? QVariant(f->line) : QVariant(QString());
        case MessageColumn: return findingText(*f);
        default: return {};
        }
    case Qt::DecorationRole:
        return index.column() == SeverityColumn ? QVariant(severityIcon(f->severity)) : QVariant();
    case Qt::ToolTipRole:
        if (index.column() == FileColumn)
            return QString::fromStdString(f->file);
        if (index.column() == ProblemColumn || index.column() == CodeColumn)
            return QString::fromStdString(f->code);
        if (index.column() == MessageColumn)
            return findingText(*f);
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == LineColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case SortRole:
        switch (index.column()) {
        case SeverityColumn: return static_cast<int>(f->severity);
        case LineColumn: return f->line;
        default: return data(index, Qt::DisplayRole);
        }
    case SeverityRole: return static_cast<int>(f->severity);
    case ImageRole: return f->image;
    case BoxRole: return f->box;
    case SearchRole:
        return QString::fromStdString(f->code) + QLatin1Char('\n') + problemTitle(f->code) + QLatin1Char('\n') +
               QString::fromStdString(f->file) + QLatin1Char('\n') + findingText(*f) + QLatin1Char('\n') +
               QString::fromStdString(f->message);   // core's English too: a search copied from check.json
    default:
        return {};
    }
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case ProblemColumn: return tr("Problem");
    case CodeColumn: return tr("Code");
    case FileColumn: return tr("File");
    case LineColumn: return tr("Line");
    case MessageColumn: return tr("Message");
    default: return {};
    }
}

FindingsProxy::FindingsProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(FindingsModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void FindingsProxy::setSeverityMask(unsigned mask)
{
    if (mask_ == mask)
        return;
    mask_ = mask;
    invalidateRowsFilter();
}

void FindingsProxy::setText(const QString& text)
{
    if (text_ == text)
        return;
    text_ = text;
    invalidateRowsFilter();
}

bool FindingsProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    const int sev = idx.data(FindingsModel::SeverityRole).toInt();
    if (!(mask_ & (1u << sev)))
        return false;
    if (!text_.isEmpty() && !idx.data(FindingsModel::SearchRole).toString().contains(text_, Qt::CaseInsensitive))
        return false;
    return true;
}

}  // namespace ys::ui
