#include "ui/runs/rundetailmodels.h"

#include "ui/common/icons.h"
#include "ui/common/runtext.h"

#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

#include <algorithm>

namespace ys::ui {
namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

QVariant rightAligned()
{
    return QVariant(Qt::AlignRight | Qt::AlignVCenter);
}

// A tint for changed settings that reads on light and dark palettes.
QColor changedTint()
{
    QColor c = QGuiApplication::palette().color(QPalette::Highlight);
    c.setAlpha(48);
    return c;
}

}  // namespace

// ---- RunEventsModel ----------------------------------------------------------------------------------

RunEventsModel::RunEventsModel(QObject* parent) : QAbstractTableModel(parent) {}

void RunEventsModel::setEvents(std::vector<ys::TrainEvent> events)
{
    beginResetModel();
    events_ = std::move(events);
    endResetModel();
}

void RunEventsModel::addEvents(const std::vector<ys::TrainEvent>& events)
{
    if (events.empty())
        return;
    const int first = static_cast<int>(events_.size());
    beginInsertRows({}, first, first + static_cast<int>(events.size()) - 1);
    events_.insert(events_.end(), events.begin(), events.end());
    endInsertRows();
}

void RunEventsModel::clear()
{
    setEvents({});
}

int RunEventsModel::count(ys::Severity severity) const
{
    return static_cast<int>(std::count_if(events_.begin(), events_.end(), [&](const ys::TrainEvent& e) {
        return ys::eventKindInfo(e.kind).severity == severity;
    }));
}

void RunEventsModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!events_.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int RunEventsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(events_.size());
}

int RunEventsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunEventsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ys::TrainEvent& e = events_[static_cast<size_t>(index.row())];
    const ys::Severity severity = ys::eventKindInfo(e.kind).severity;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KindColumn: return RunText::eventKind(e.kind);
        case EpochColumn: return e.epoch > 0 ? QString::number(e.epoch) : QStringLiteral("—");
        case BatchColumn: return e.batch > 0 ? QString::number(e.batch) : QStringLiteral("—");
        case TimeColumn: return e.time > 0 ? RunText::duration(e.time) : QStringLiteral("0 s");
        case WhenColumn: return RunText::dateTime(e.wallTime);
        case MessageColumn: return qs(e.message);
        default: return {};
        }
    case Qt::DecorationRole:
        return index.column() == KindColumn ? QVariant(severityIcon(severity)) : QVariant();
    case Qt::ToolTipRole:
        if (index.column() == KindColumn)
            return RunText::eventKindHelp(e.kind);
        if (index.column() == MessageColumn && !e.detailsJson.empty() && e.detailsJson != "{}")
            return qs(e.message) + QStringLiteral("\n") + qs(e.detailsJson);
        return {};
    case Qt::ForegroundRole:
        return severity == ys::Severity::Info ? QVariant() : QVariant(severityColor(severity));
    case Qt::TextAlignmentRole:
        return index.column() == EpochColumn || index.column() == BatchColumn || index.column() == TimeColumn
                   ? rightAligned()
                   : QVariant();
    case SortRole:
        switch (index.column()) {
        case KindColumn: return static_cast<int>(e.kind);
        case EpochColumn: return e.epoch;
        case BatchColumn: return e.batch;
        case TimeColumn: return e.time;
        case WhenColumn: return e.wallTime;
        case MessageColumn: return qs(e.message);
        default: return {};
        }
    case SeverityRole: return static_cast<int>(severity);
    case EventKindRole: return QString::fromLatin1(ys::toString(e.kind));
    default: return {};
    }
}

QVariant RunEventsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KindColumn: return tr("Event");
    case EpochColumn: return tr("Epoch");
    case BatchColumn: return tr("Batch");
    case TimeColumn: return tr("Run time");
    case WhenColumn: return tr("When");
    case MessageColumn: return tr("Message");
    default: return {};
    }
}

// ---- RunSettingsModel --------------------------------------------------------------------------------

RunSettingsModel::RunSettingsModel(QObject* parent) : QAbstractTableModel(parent) {}

void RunSettingsModel::setSettings(const ys::TrainConfig& args, const std::vector<std::string>& unknown, bool hasArgs)
{
    beginResetModel();
    rows_.clear();
    hasArgs_ = hasArgs;
    const ys::TrainConfig defaults;
    const std::vector<std::string> changed = args.changedKeys();
    for (const ys::ConfigKey& k : ys::configKeys()) {
        Row r;
        r.key = QString::fromLatin1(k.name);
        r.defaultValue = qs(defaults.get(k.name).value_or(std::string()));
        r.value = hasArgs ? qs(args.get(k.name).value_or(std::string())) : QString();
        r.help = qs(k.help);
        r.changed = hasArgs && std::find(changed.begin(), changed.end(), k.name) != changed.end();
        rows_.push_back(std::move(r));
    }
    for (const std::string& key : unknown) {
        Row r;
        r.key = qs(key);
        r.unknown = true;
        rows_.push_back(std::move(r));
    }
    endResetModel();
}

void RunSettingsModel::clear()
{
    beginResetModel();
    rows_.clear();
    hasArgs_ = false;
    endResetModel();
}

int RunSettingsModel::changedCount() const
{
    return static_cast<int>(std::count_if(rows_.begin(), rows_.end(), [](const Row& r) { return r.changed; }));
}

void RunSettingsModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!rows_.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int RunSettingsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int RunSettingsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunSettingsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = rows_[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        switch (index.column()) {
        case KeyColumn: return r.key;
        case ValueColumn:
            if (r.unknown)
                return tr("(in args.yaml)");
            return r.value.isEmpty() && role == Qt::DisplayRole ? QStringLiteral("—") : r.value;
        case DefaultColumn: return r.unknown ? QString() : r.defaultValue;
        case HelpColumn: return r.unknown ? tr("Not used by YOLO Studio; kept in the run's args.yaml.") : r.help;
        default: return {};
        }
    case Qt::FontRole:
        if (r.changed) {
            QFont f;
            f.setBold(true);
            return f;
        }
        if (r.unknown) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole: return r.changed ? QVariant(changedTint()) : QVariant();
    case Qt::ForegroundRole:
        return r.unknown ? QVariant(QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text)) : QVariant();
    case Qt::ToolTipRole:
        if (r.changed)
            return tr("Changed from the default (%1)").arg(r.defaultValue.isEmpty() ? tr("empty") : r.defaultValue);
        return r.help.isEmpty() ? QVariant() : QVariant(r.help);
    case ChangedRole: return r.changed;
    case UnknownRole: return r.unknown;
    case KeyRole: return r.key;
    default: return {};
    }
}

QVariant RunSettingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KeyColumn: return tr("Setting");
    case ValueColumn: return tr("Value");
    case DefaultColumn: return tr("Default");
    case HelpColumn: return tr("Meaning");
    default: return {};
    }
}

// ---- ClassMetricsModel -------------------------------------------------------------------------------

ClassMetricsModel::ClassMetricsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ClassMetricsModel::setMetrics(const std::optional<ys::RunMetrics>& metrics)
{
    beginResetModel();
    metrics_ = metrics;
    endResetModel();
}

void ClassMetricsModel::clear()
{
    setMetrics(std::nullopt);
}

void ClassMetricsModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int ClassMetricsModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !metrics_)
        return 0;
    return 1 + static_cast<int>(metrics_->metrics.perClass.size());
}

int ClassMetricsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ClassMetricsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !metrics_)
        return {};
    const ys::DetectionMetrics& m = metrics_->metrics;
    const bool all = index.row() == 0;
    const ys::ClassMetrics* c = all ? nullptr : &m.perClass[static_cast<size_t>(index.row() - 1)];
    auto name = [&]() -> QString {
        if (all)
            return tr("all classes");
        const bool named = c->cls >= 0 && static_cast<size_t>(c->cls) < metrics_->names.size() &&
                           !metrics_->names[static_cast<size_t>(c->cls)].empty();
        return named ? qs(metrics_->names[static_cast<size_t>(c->cls)]) : tr("class %1").arg(c->cls);
    };
    auto number = [&](int column) -> QVariant {
        int64_t images = 0, instances = 0;
        if (all) {
            for (const ys::ClassMetrics& k : m.perClass)
                instances += k.instances;
            images = -1;   // an image holds several classes: the per-class counts do not add up
        } else {
            images = c->images;
            instances = c->instances;
        }
        switch (column) {
        case ImagesColumn: return static_cast<qlonglong>(images);
        case InstancesColumn: return static_cast<qlonglong>(instances);
        case PrecisionColumn: return all ? m.precision : c->precision;
        case RecallColumn: return all ? m.recall : c->recall;
        case Map50Column: return all ? m.map50 : c->ap50;
        case Map50_95Column: return all ? m.map50_95 : c->ap50_95;
        default: return {};
        }
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ClassColumn: return name();
        case ImagesColumn:
        case InstancesColumn: {
            const qlonglong v = number(index.column()).toLongLong();
            return v < 0 ? QStringLiteral("—") : QLocale().toString(v);
        }
        default: return RunText::fraction(number(index.column()).toDouble());
        }
    case SortRole: return index.column() == ClassColumn ? QVariant(name()) : number(index.column());
    case Qt::FontRole:
        if (all) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole: return index.column() == ClassColumn ? QVariant() : rightAligned();
    case ClassIdRole: return all ? -1 : c->cls;
    default: return {};
    }
}

QVariant ClassMetricsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ClassColumn: return tr("Class");
    case ImagesColumn: return tr("Images");
    case InstancesColumn: return tr("Instances");
    case PrecisionColumn: return tr("P");
    case RecallColumn: return tr("R");
    case Map50Column: return tr("mAP50");
    case Map50_95Column: return tr("mAP50-95");
    default: return {};
    }
}

}  // namespace ys::ui
