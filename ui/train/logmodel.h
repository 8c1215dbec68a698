#pragma once
// The training log: the engine's messages (onLog lines) and its events (start, out-of-memory recoveries,
// stop, errors, ...) in arrival order, each with the run time it happened at and a kind that decides how it
// looks (out-of-memory recoveries stand out). Bounded: the oldest entries go beyond kMaxEntries.

#include "train/trainer.h"

#include <QAbstractListModel>
#include <QString>

#include <deque>

namespace ys::ui {

class LogModel final : public QAbstractListModel {
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 20000;
    static constexpr int kTrimBatch = 2000;   // entries dropped at once when full (one model update)

    enum class Kind { Message, Milestone, Warning, OutOfMemory, Error };
    Q_ENUM(Kind)
    enum Role { KindRole = Qt::UserRole + 1, TimeRole, EventKindRole };

    explicit LogModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    // An engine message at run time `time` (seconds; < 0 when unknown).
    void addMessage(const QString& text, double time = -1);
    // An engine event: its kind decides the look, its message is the text.
    void addEvent(const ys::TrainEvent& event);
    // A line from the studio itself (e.g. "Stopping after the current step…").
    void addNote(const QString& text, Kind kind = Kind::Milestone);
    void clear();

    // How an event kind is shown: out-of-memory recoveries apart, the catalogue's severity decides.
    static Kind kindOf(ys::EventKind eventKind);
    int count(Kind kind) const;

private:
    struct Entry {
        double time;
        Kind kind;
        QString text;
        QString eventKind;
    };
    void add(Entry entry);

    std::deque<Entry> entries_;
};

}  // namespace ys::ui
