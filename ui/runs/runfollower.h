#pragma once
// The run the Runs page has open: read whole off the GUI thread (core's readRun, plus a RunTail positioned
// at the end of what was read, in the same pool task), then — while a trainer (the CLI or the Train page)
// is writing it — followed live: the RunTail is polled every kPollMs on the GUI thread (a poll costs a stat
// per file plus the new bytes, under 2 ms at an epoch boundary; docs/BENCHMARKS.md) and what it found is
// applied to the record and emitted. Following ends when the run's status is no longer "running".
// Never writes into the folder. Lives on the GUI thread; the destructor waits for its read job.

#include "common/error.h"
#include "run/reader.h"

#include "ui/common/pooljob.h"

#include <QFuture>
#include <QObject>
#include <QString>

#include <memory>

class QTimer;

namespace ys::ui {

class RunFollower final : public QObject {
    Q_OBJECT
public:
    static constexpr int kPollMs = 1000;   // a run's files change at most a few times a second

    explicit RunFollower(QObject* parent = nullptr);
    ~RunFollower() override;

    // Reads `dir` (replacing whatever was open); loaded() or failed() follows.
    void open(const QString& dir);
    void close();
    QString dir() const { return dir_; }
    bool isLoading() const { return loading_; }
    bool isFollowing() const;
    // The open run, kept up to date with what the tail found; null before loaded().
    std::shared_ptr<const ys::RunRecord> record() const { return record_; }
    // Polls now instead of at the next tick (tests).
    void pollNow();

signals:
    void loaded(std::shared_ptr<const ys::RunRecord> record);
    void failed(const QString& dir, const ys::Error& error);
    // New rows, events or memory samples of the open run (already applied to record()).
    void updated(const ys::RunTailUpdate& update);
    // The run stopped running (finished, stopped, failed, or its trainer vanished).
    void followingEnded(ys::RunStatus status);

private:
    void apply(const ys::RunTailUpdate& update);

    QString dir_;
    quint64 generation_ = 0;
    bool loading_ = false;
    std::shared_ptr<ys::RunRecord> record_;
    std::shared_ptr<ys::RunTail> tail_;
    QTimer* timer_;
    PoolJobs jobs_;
};

}  // namespace ys::ui
