#include "ui/train/logmodel.h"

#include "ui/charts/chartformat.h"
#include "ui/common/icons.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

namespace ys::ui {

LogModel::LogModel(QObject* parent) : QAbstractListModel(parent) {}

int LogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

LogModel::Kind LogModel::kindOf(ys::EventKind k)
{
    if (k == ys::EventKind::OomRecovered || k == ys::EventKind::ValOomRecovered)
        return Kind::OutOfMemory;
    switch (ys::eventKindInfo(k).severity) {
    case ys::Severity::Error: return Kind::Error;
    case ys::Severity::Warning: return Kind::Warning;
    case ys::Severity::Info: break;
    }
    return Kind::Milestone;
}

QVariant LogModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Entry& e = entries_[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: {
        QString prefix;
        if (e.kind == Kind::OutOfMemory)
            prefix = tr("Out of memory, recovered: ");
        return e.time >= 0 ? QStringLiteral("%1  %2%3").arg(ChartText::tick(e.time, ValueUnit::Seconds, 60), prefix, e.text)
                           : prefix + e.text;
    }
    case Qt::DecorationRole:
        switch (e.kind) {
        case Kind::Error: return severityIcon(ys::Severity::Error);
        case Kind::OutOfMemory:
        case Kind::Warning: return severityIcon(ys::Severity::Warning);
        case Kind::Milestone: return severityIcon(ys::Severity::Info);
        case Kind::Message: return {};
        }
        return {};
    case Qt::ForegroundRole:
        if (e.kind == Kind::Error)
            return QBrush(severityColor(ys::Severity::Error));
        return {};
    case Qt::BackgroundRole:
        if (e.kind == Kind::OutOfMemory) {
            QColor c = severityColor(ys::Severity::Warning);
            c.setAlpha(60);
            return QBrush(c);
        }
        return {};
    case Qt::FontRole:
        if (e.kind == Kind::Message) {
            QFont f(QStringLiteral("monospace"));
            f.setStyleHint(QFont::TypeWriter);
            return f;
        }
        if (e.kind == Kind::OutOfMemory || e.kind == Kind::Error) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole: return e.eventKind.isEmpty() ? QVariant() : QVariant(e.eventKind);
    case KindRole: return QVariant::fromValue(e.kind);
    case TimeRole: return e.time;
    case EventKindRole: return e.eventKind;
    default: return {};
    }
}

void LogModel::add(Entry entry)
{
    if (static_cast<int>(entries_.size()) >= kMaxEntries) {
        beginRemoveRows({}, 0, kTrimBatch - 1);
        entries_.erase(entries_.begin(), entries_.begin() + kTrimBatch);
        endRemoveRows();
    }
    const int row = rowCount();
    beginInsertRows({}, row, row);
    entries_.push_back(std::move(entry));
    endInsertRows();
}

void LogModel::addMessage(const QString& text, double time)
{
    add({time, Kind::Message, text, QString()});
}

void LogModel::addEvent(const ys::TrainEvent& event)
{
    add({event.time, kindOf(event.kind), QString::fromStdString(event.message), QString::fromUtf8(ys::toString(event.kind))});
}

void LogModel::addNote(const QString& text, Kind kind)
{
    add({-1, kind, text, QString()});
}

void LogModel::clear()
{
    beginResetModel();
    entries_.clear();
    endResetModel();
}

int LogModel::count(Kind kind) const
{
    return static_cast<int>(std::count_if(entries_.begin(), entries_.end(), [kind](const Entry& e) { return e.kind == kind; }));
}

}  // namespace ys::ui
