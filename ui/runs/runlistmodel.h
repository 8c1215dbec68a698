#pragma once
// The run list: one row per run folder found under the listed project folders (core's listRuns), with its
// status (icon + text), dataset, model, epochs done/total, best mAP50 and mAP50-95, training time, peak
// memory and start time; and one row per folder that is not a run or could not be read, saying what is
// wrong. Rows are keyed by folder: listing a project folder again updates rows in place, adds the new and
// removes the gone ones (so selections survive a refresh). Holds summaries only (RunList drops rows,
// events and memory). RunListProxy sorts by SortRole and filters by text and status. GUI thread only.

#include "common/error.h"
#include "run/reader.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>
#include <QString>

#include <vector>

namespace ys::ui {

class RunListModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        StatusColumn = 0,
        NameColumn,
        DatasetColumn,
        ModelColumn,
        EpochsColumn,
        Map50Column,
        Map50_95Column,
        TimeColumn,
        PeakMemoryColumn,
        StartedColumn,
        FolderColumn,   // the project folder it was found in
        ProblemsColumn, // what is wrong with the folder's files (first problem; all in the tooltip)
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1,  // number or text the column sorts by
        DirRole,                      // QString: the run folder (absolute)
        RootRole,                     // QString: the project folder it was listed from
        StatusRole,                   // int: StatusFilter bit of the row (see below)
        ResumableRole,                // bool
        IsRunRole,                    // bool: false for a folder that is not a run
        ProblemCountRole,             // int
        SearchRole,                   // QString: name, dataset, model and folder (inside its project), for the text filter
    };
    // The status groups a user filters by, one bit each.
    enum StatusFilter : unsigned {
        FinishedBit = 1u << 0,      // finished, stopped early
        StoppedBit = 1u << 1,       // stopped by the user
        InterruptedBit = 1u << 2,   // interrupted
        FailedBit = 1u << 3,
        RunningBit = 1u << 4,
        NotARunBit = 1u << 5,       // foreign or unreadable folders
        AllStatuses = (1u << 6) - 1,
    };

    struct Entry {
        QString root;                  // the project folder it was listed from
        QString dir;                   // absolute run folder
        bool isRun = false;            // false: `error` says why it is listed
        ys::RunRecord record;          // summary, status, args, problems (rows, events, memory empty)
        ys::Error error;               // for a folder that is not a run
    };

    explicit RunListModel(QObject* parent = nullptr);

    // The runs and foreign folders of `root` as listRuns found them: replaces what the model had from it.
    void setRuns(const QString& root, const ys::RunList& list);
    // `root` itself cannot be listed (gone, unreadable): one row says so, in place of its runs.
    void setRootError(const QString& root, const ys::Error& error);
    // One run read again (readRun): updates its row, or adds it under `root` when it is new.
    void updateRun(const QString& root, const ys::RunRecord& record);
    // Drops the row of `dir` (a deleted run).
    void removeRun(const QString& dir);
    // Drops every row listed from `root`.
    void removeRoot(const QString& root);
    void clear();

    const Entry* entry(int row) const;
    int rowOf(const QString& dir) const;
    QStringList roots() const;
    int runCount() const;      // rows that are runs
    int foreignCount() const;  // rows that are not

    static unsigned statusBit(ys::RunStatus status);
    static QString statusText(const Entry& e);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Display texts are translated: tells the views they changed.
    void retranslate();

private:
    // Replaces the rows of `root` by `fresh` (keyed by dir): updates, inserts and removes as needed.
    void merge(const QString& root, std::vector<Entry> fresh);
    void setEntry(int row, Entry e);
    QVariant display(const Entry& e, int column) const;
    QVariant sortKey(const Entry& e, int column) const;
    QString toolTip(const Entry& e, int column) const;

    std::vector<Entry> entries_;
};

class RunListProxy final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit RunListProxy(QObject* parent = nullptr);
    // Bits of RunListModel::StatusFilter to show. Default: all.
    void setStatusMask(unsigned mask);
    unsigned statusMask() const { return mask_; }
    // Case-insensitive words that must all appear in the name, dataset, model or folder; empty = all.
    void setText(const QString& text);
    QString text() const { return text_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    unsigned mask_ = RunListModel::AllStatuses;
    QString text_;
    QStringList words_;
};

}  // namespace ys::ui
