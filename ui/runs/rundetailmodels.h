#pragma once
// The tables of an opened run that are read straight from its files: its events (events.jsonl, every
// session), its settings (args.yaml against the defaults, changed keys marked, keys this studio does not
// use listed) and its per-class results (metrics.json). Display text is formatted for reading; SortRole
// holds the number for sorting. GUI thread only.

#include "common/config.h"
#include "run/reader.h"
#include "run/records.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>
#include <vector>

namespace ys::ui {

// One row per event, in file order.
class RunEventsModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KindColumn = 0, EpochColumn, BatchColumn, TimeColumn, WhenColumn, MessageColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, SeverityRole, EventKindRole };

    explicit RunEventsModel(QObject* parent = nullptr);

    void setEvents(std::vector<ys::TrainEvent> events);
    void addEvents(const std::vector<ys::TrainEvent>& events);
    void clear();
    const std::vector<ys::TrainEvent>& events() const { return events_; }
    int count(ys::Severity severity) const;
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ys::TrainEvent> events_;
};

// One row per setting of core's schema (configKeys(), registry order), then one per key of args.yaml this
// studio does not use. Changed keys (value differs from the default) are bold and tinted.
class RunSettingsModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KeyColumn = 0, ValueColumn, DefaultColumn, HelpColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, ChangedRole, UnknownRole, KeyRole };

    explicit RunSettingsModel(QObject* parent = nullptr);

    // `args` as read from args.yaml (RunRecord::args), `unknown` its keys this studio does not use.
    // hasArgs false: the run has no args.yaml (every row empty).
    void setSettings(const ys::TrainConfig& args, const std::vector<std::string>& unknown, bool hasArgs);
    void clear();
    int changedCount() const;
    bool hasArgs() const { return hasArgs_; }
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString key, value, defaultValue, help;
        bool changed = false, unknown = false;
    };
    std::vector<Row> rows_;
    bool hasArgs_ = false;
};

// The best epoch's results from metrics.json: the "all classes" row first, then one per class.
class ClassMetricsModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ClassColumn = 0,
        ImagesColumn,
        InstancesColumn,
        PrecisionColumn,
        RecallColumn,
        Map50Column,
        Map50_95Column,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, ClassIdRole };   // ClassIdRole: -1 for the "all" row

    explicit ClassMetricsModel(QObject* parent = nullptr);

    void setMetrics(const std::optional<ys::RunMetrics>& metrics);
    void clear();
    bool hasMetrics() const { return metrics_.has_value(); }
    const std::optional<ys::RunMetrics>& metrics() const { return metrics_; }
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<ys::RunMetrics> metrics_;
};

}  // namespace ys::ui
