#include "ui/runs/runfollower.h"

#include "ui/common/logging.h"

#include <QDir>
#include <QFileInfo>
#include <QTimer>
#include <QtConcurrent>

#include <exception>

namespace ys::ui {
namespace {

struct OpenOutcome {
    bool ok = false;
    std::shared_ptr<ys::RunRecord> record;
    // Created and first polled in the pool task, then used only on the GUI thread (one thread at a time,
    // as RunTail requires; the future orders the two).
    std::shared_ptr<ys::RunTail> tail;
    ys::Error error;
};

template <typename T>
void appendOrReset(std::vector<T>& have, const std::vector<T>& fresh, bool reset)
{
    if (reset)
        have.clear();
    have.insert(have.end(), fresh.begin(), fresh.end());
}

}  // namespace

RunFollower::RunFollower(QObject* parent) : QObject(parent), timer_(new QTimer(this))
{
    timer_->setInterval(kPollMs);
    connect(timer_, &QTimer::timeout, this, &RunFollower::pollNow);
}

RunFollower::~RunFollower()
{
    job_.waitForFinished();
}

bool RunFollower::isFollowing() const
{
    return tail_ && timer_->isActive();
}

void RunFollower::close()
{
    ++generation_;
    timer_->stop();
    tail_.reset();
    record_.reset();
    dir_.clear();
    loading_ = false;
}

void RunFollower::open(const QString& dir)
{
    // A copy first: `dir` may be dir_ itself (re-reading the open run), which close() clears.
    const QString target = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    close();
    dir_ = target;
    loading_ = true;
    const quint64 gen = generation_;
    const std::string path = dir_.toStdString();
    QFuture<OpenOutcome> f = QtConcurrent::run([path] {
        OpenOutcome out;
        try {
            auto r = ys::readRun(path);
            if (!r.ok()) {
                out.error = r.error();
                return out;
            }
            out.record = std::make_shared<ys::RunRecord>(std::move(r).value());
            if (out.record->status == ys::RunStatus::Running) {
                // Follow it: the tail's first poll reads the streams up to the offsets it keeps, so the
                // record shows exactly what the tail has had, and the next poll brings only what is new.
                out.tail = std::make_shared<ys::RunTail>(path);
                ys::RunTailUpdate u = out.tail->poll();
                out.record->rows = std::move(u.rows);
                out.record->events = std::move(u.events);
                out.record->memory = std::move(u.memory);
                out.record->status = u.status;
            }
            out.ok = true;
        } catch (const std::exception& e) {
            out.error = ys::Error{"run.internal", std::string("reading stopped with an internal error: ") + e.what(),
                                  path, 0, 0};
        }
        return out;
    });
    job_ = QFuture<void>(f);
    f.then(this, [this, gen](const OpenOutcome& out) {
        if (gen != generation_)
            return;
        loading_ = false;
        if (!out.ok) {
            qCInfo(lcRuns) << "cannot open" << dir_ << QString::fromStdString(out.error.message);
            emit failed(dir_, out.error);
            return;
        }
        record_ = out.record;
        if (out.tail && record_->status == ys::RunStatus::Running) {
            tail_ = out.tail;   // the pool task has let go of it
            timer_->start();
            qCInfo(lcRuns) << "following" << dir_;
        }
        emit loaded(record_);
    });
}

void RunFollower::pollNow()
{
    if (!tail_ || !record_)
        return;
    const ys::RunTailUpdate u = tail_->poll();
    if (u.changed()) {
        apply(u);
        emit updated(u);
    }
    if (u.status != ys::RunStatus::Running) {
        timer_->stop();
        tail_.reset();
        qCInfo(lcRuns) << "no longer running:" << dir_ << ys::toString(u.status);
        emit followingEnded(u.status);
        // The end writes what only a whole read gives (metrics.json, the status and summary, resumable).
        open(dir_);
    }
}

void RunFollower::apply(const ys::RunTailUpdate& u)
{
    appendOrReset(record_->rows, u.rows, u.rowsReset);
    appendOrReset(record_->events, u.events, u.eventsReset);
    appendOrReset(record_->memory, u.memory, u.memoryReset);
    record_->problems.insert(record_->problems.end(), u.problems.begin(), u.problems.end());
    record_->status = u.status;
    if (!record_->rows.empty())
        record_->summary.epochsDone = std::max(record_->summary.epochsDone, record_->rows.back().epoch);
}

}  // namespace ys::ui
