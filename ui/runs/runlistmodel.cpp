#include "ui/runs/runlistmodel.h"

#include "ui/common/runtext.h"

#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <unordered_set>

namespace ys::ui {
namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

// A dataset or model path as the list shows it: the file with its folder ("shapes/data.yaml"), or the
// name alone for a built-in model ("yolov8n.yaml").
QString shortPath(const std::string& path)
{
    if (path.empty())
        return QStringLiteral("—");
    const QFileInfo f(qs(path));
    const QString dir = f.dir().dirName();
    if (!path.empty() && path.find('/') == std::string::npos)
        return f.fileName();
    return dir.isEmpty() || dir == QLatin1String(".") ? f.fileName() : dir + QLatin1Char('/') + f.fileName();
}

// Where a status sorts: what needs attention first.
int statusOrder(const RunListModel::Entry& e)
{
    if (!e.isRun)
        return 9;
    switch (e.record.status) {
    case ys::RunStatus::Running: return 0;
    case ys::RunStatus::Interrupted: return e.record.resumable ? 1 : 3;
    case ys::RunStatus::Failed: return 2;
    case ys::RunStatus::StoppedByUser: return 4;
    case ys::RunStatus::StoppedEarly: return 5;
    case ys::RunStatus::Finished: return 6;
    case ys::RunStatus::NotARun: return 9;
    }
    return 9;
}

RunListModel::Entry runEntry(const QString& root, const ys::RunRecord& record)
{
    RunListModel::Entry e;
    e.root = root;
    e.dir = qs(record.dir);
    e.isRun = true;
    e.record = record;
    // The list holds summaries only, as listRuns gives them.
    e.record.rows.clear();
    e.record.events.clear();
    e.record.memory.clear();
    return e;
}

RunListModel::Entry foreignEntry(const QString& root, const ys::Error& error)
{
    RunListModel::Entry e;
    e.root = root;
    e.dir = QDir::cleanPath(qs(error.file.empty() ? root.toStdString() : error.file));
    e.isRun = false;
    e.record.dir = e.dir.toStdString();
    e.record.summary.name = QFileInfo(e.dir).fileName().toStdString();
    e.error = error;
    return e;
}

}  // namespace

RunListModel::RunListModel(QObject* parent) : QAbstractTableModel(parent) {}

unsigned RunListModel::statusBit(ys::RunStatus status)
{
    switch (status) {
    case ys::RunStatus::Finished:
    case ys::RunStatus::StoppedEarly: return FinishedBit;
    case ys::RunStatus::StoppedByUser: return StoppedBit;
    case ys::RunStatus::Interrupted: return InterruptedBit;
    case ys::RunStatus::Failed: return FailedBit;
    case ys::RunStatus::Running: return RunningBit;
    case ys::RunStatus::NotARun: return NotARunBit;
    }
    return NotARunBit;
}

QString RunListModel::statusText(const Entry& e)
{
    return e.isRun ? RunText::status(e.record.status, e.record.resumable) : RunText::status(ys::RunStatus::NotARun, false);
}

void RunListModel::setRuns(const QString& root, const ys::RunList& list)
{
    std::vector<Entry> fresh;
    fresh.reserve(list.runs.size() + list.foreign.size());
    for (const ys::RunRecord& r : list.runs)
        fresh.push_back(runEntry(root, r));
    for (const ys::Error& e : list.foreign)
        fresh.push_back(foreignEntry(root, e));
    merge(root, std::move(fresh));
}

void RunListModel::setRootError(const QString& root, const ys::Error& error)
{
    ys::Error e = error;
    e.file = QDir::cleanPath(root).toStdString();
    std::vector<Entry> fresh;
    fresh.push_back(foreignEntry(root, e));
    merge(root, std::move(fresh));
}

void RunListModel::updateRun(const QString& root, const ys::RunRecord& record)
{
    Entry e = runEntry(root, record);
    const int row = rowOf(e.dir);
    if (row >= 0) {
        e.root = entries_[static_cast<size_t>(row)].root;
        setEntry(row, std::move(e));
        return;
    }
    const int n = static_cast<int>(entries_.size());
    beginInsertRows({}, n, n);
    entries_.push_back(std::move(e));
    endInsertRows();
}

void RunListModel::removeRun(const QString& dir)
{
    const int row = rowOf(QDir::cleanPath(dir));
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    entries_.erase(entries_.begin() + row);
    endRemoveRows();
}

void RunListModel::removeRoot(const QString& root)
{
    merge(root, {});
}

void RunListModel::clear()
{
    if (entries_.empty())
        return;
    beginResetModel();
    entries_.clear();
    endResetModel();
}

void RunListModel::merge(const QString& root, std::vector<Entry> fresh)
{
    std::unordered_set<std::string> keep;
    for (const Entry& e : fresh)
        keep.insert(e.dir.toStdString());
    for (int row = static_cast<int>(entries_.size()) - 1; row >= 0; --row) {
        const Entry& e = entries_[static_cast<size_t>(row)];
        if (e.root == root && !keep.count(e.dir.toStdString())) {
            beginRemoveRows({}, row, row);
            entries_.erase(entries_.begin() + row);
            endRemoveRows();
        }
    }
    std::vector<Entry> added;
    for (Entry& e : fresh) {
        const int row = rowOf(e.dir);
        if (row >= 0)
            setEntry(row, std::move(e));
        else
            added.push_back(std::move(e));
    }
    if (added.empty())
        return;
    const int first = static_cast<int>(entries_.size());
    beginInsertRows({}, first, first + static_cast<int>(added.size()) - 1);
    for (Entry& e : added)
        entries_.push_back(std::move(e));
    endInsertRows();
}

void RunListModel::setEntry(int row, Entry e)
{
    entries_[static_cast<size_t>(row)] = std::move(e);
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

const RunListModel::Entry* RunListModel::entry(int row) const
{
    return row >= 0 && row < static_cast<int>(entries_.size()) ? &entries_[static_cast<size_t>(row)] : nullptr;
}

int RunListModel::rowOf(const QString& dir) const
{
    const QString clean = QDir::cleanPath(dir);
    for (size_t i = 0; i < entries_.size(); ++i)
        if (entries_[i].dir == clean)
            return static_cast<int>(i);
    return -1;
}

QStringList RunListModel::roots() const
{
    QStringList out;
    for (const Entry& e : entries_)
        if (!out.contains(e.root))
            out.push_back(e.root);
    return out;
}

int RunListModel::runCount() const
{
    return static_cast<int>(std::count_if(entries_.begin(), entries_.end(), [](const Entry& e) { return e.isRun; }));
}

int RunListModel::foreignCount() const
{
    return static_cast<int>(entries_.size()) - runCount();
}

int RunListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

int RunListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::display(const Entry& e, int column) const
{
    const ys::RunSummary& s = e.record.summary;
    if (!e.isRun) {
        switch (column) {
        case StatusColumn: return statusText(e);
        case NameColumn: return QFileInfo(e.dir).fileName();
        case FolderColumn: return QDir::toNativeSeparators(e.root);
        case ProblemsColumn: return RunText::problem(e.error);
        default: return QString();
        }
    }
    const bool validated = s.bestEpoch > 0;
    switch (column) {
    case StatusColumn: return statusText(e);
    case NameColumn: return qs(s.name);
    case DatasetColumn: return shortPath(s.dataset);
    case ModelColumn: return shortPath(s.model);
    case EpochsColumn:
        return s.epochsTotal > 0 ? tr("%1/%2").arg(s.epochsDone).arg(s.epochsTotal) : QString::number(s.epochsDone);
    case Map50Column: return RunText::fraction(s.bestMap50, validated);
    case Map50_95Column: return RunText::fraction(s.bestMap50_95, validated);
    case TimeColumn: return RunText::duration(s.wallSeconds);
    case PeakMemoryColumn: return RunText::bytes(s.peakMemory);
    case StartedColumn: return RunText::dateTime(s.startTime);
    case FolderColumn: return QDir::toNativeSeparators(e.root);
    case ProblemsColumn: {
        const auto& p = e.record.problems;
        if (p.empty())
            return QString();
        const QString first = RunText::place(p.front()) + QStringLiteral(": ") + RunText::problem(p.front());
        return p.size() == 1 ? first : tr("%1 (and %n more)", nullptr, static_cast<int>(p.size()) - 1).arg(first);
    }
    default: return {};
    }
}

QVariant RunListModel::sortKey(const Entry& e, int column) const
{
    const ys::RunSummary& s = e.record.summary;
    const bool validated = e.isRun && s.bestEpoch > 0;
    switch (column) {
    case StatusColumn: return statusOrder(e);
    case EpochsColumn: return e.isRun ? s.epochsDone : -1;
    case Map50Column: return validated ? s.bestMap50 : -1.0;
    case Map50_95Column: return validated ? s.bestMap50_95 : -1.0;
    case TimeColumn: return s.wallSeconds;
    case PeakMemoryColumn: return static_cast<qlonglong>(s.peakMemory);
    case StartedColumn: return s.startTime;
    case ProblemsColumn: return e.isRun ? static_cast<int>(e.record.problems.size()) : 1000;
    default: return display(e, column).toString().toLower();
    }
}

QString RunListModel::toolTip(const Entry& e, int column) const
{
    switch (column) {
    case StatusColumn:
        return e.isRun ? RunText::statusHelp(e.record.status, e.record.resumable) : RunText::problem(e.error);
    case NameColumn:
    case FolderColumn: return QDir::toNativeSeparators(e.dir);
    case DatasetColumn: return QDir::toNativeSeparators(qs(e.record.summary.dataset));
    case ModelColumn: return qs(e.record.summary.model);
    case Map50Column:
    case Map50_95Column:
        return e.record.summary.bestEpoch > 0 ? tr("Best epoch: %1").arg(e.record.summary.bestEpoch) : QString();
    case ProblemsColumn: {
        if (!e.isRun)
            return RunText::problem(e.error) + QLatin1Char('\n') + QDir::toNativeSeparators(e.dir);
        QStringList lines;
        for (const ys::Error& p : e.record.problems)
            lines << RunText::place(p) + QStringLiteral(": ") + RunText::problem(p);
        return lines.join(QLatin1Char('\n'));
    }
    default: return {};
    }
}

QVariant RunListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& e = entries_[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return display(e, column);
    case Qt::DecorationRole:
        if (column == StatusColumn)
            return e.isRun ? RunText::statusIcon(e.record.status, e.record.resumable)
                           : RunText::statusIcon(ys::RunStatus::NotARun, false);
        return {};
    case Qt::ToolTipRole: {
        const QString t = toolTip(e, column);
        return t.isEmpty() ? QVariant() : QVariant(t);
    }
    case Qt::TextAlignmentRole:
        switch (column) {
        case EpochsColumn:
        case Map50Column:
        case Map50_95Column:
        case TimeColumn:
        case PeakMemoryColumn: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default: return {};
        }
    case Qt::ForegroundRole:
        if (!e.isRun)
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case SortRole: return sortKey(e, column);
    case DirRole: return e.dir;
    case RootRole: return e.root;
    case StatusRole: return e.isRun ? statusBit(e.record.status) : unsigned(NotARunBit);
    case ResumableRole: return e.isRun && e.record.resumable;
    case IsRunRole: return e.isRun;
    case ProblemCountRole: return e.isRun ? static_cast<int>(e.record.problems.size()) : 1;
    case SearchRole: {
        const ys::RunSummary& s = e.record.summary;
        // The folder as the list shows it, inside its project: the project's own path (a temporary folder's
        // random name, the user's home) would make a word match every run.
        return QStringList{qs(s.name), qs(s.dataset), qs(s.model), QDir(e.root).relativeFilePath(e.dir)}.join(QLatin1Char('\n'));
    }
    default: return {};
    }
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StatusColumn: return tr("Status");
    case NameColumn: return tr("Run");
    case DatasetColumn: return tr("Dataset");
    case ModelColumn: return tr("Model");
    case EpochsColumn: return tr("Epochs");
    case Map50Column: return tr("mAP50");
    case Map50_95Column: return tr("mAP50-95");
    case TimeColumn: return tr("Time");
    case PeakMemoryColumn: return tr("Peak memory");
    case StartedColumn: return tr("Started");
    case FolderColumn: return tr("Project folder");
    case ProblemsColumn: return tr("Problems");
    default: return {};
    }
}

void RunListModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!entries_.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

// ---- RunListProxy ------------------------------------------------------------------------------------

RunListProxy::RunListProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(RunListModel::SortRole);
    setDynamicSortFilter(true);
}

void RunListProxy::setStatusMask(unsigned mask)
{
    if (mask == mask_)
        return;
    mask_ = mask;
    invalidateRowsFilter();
}

void RunListProxy::setText(const QString& text)
{
    if (text == text_)
        return;
    text_ = text;
    words_ = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    invalidateRowsFilter();
}

bool RunListProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!(i.data(RunListModel::StatusRole).toUInt() & mask_))
        return false;
    if (words_.isEmpty())
        return true;
    const QString hay = i.data(RunListModel::SearchRole).toString();
    return std::all_of(words_.begin(), words_.end(),
                       [&](const QString& w) { return hay.contains(w, Qt::CaseInsensitive); });
}

}  // namespace ys::ui
