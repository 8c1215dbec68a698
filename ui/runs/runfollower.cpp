#include "ui/runs/runfollower.h"

#include "ui/common/logging.h"

#include <QDir>
#include <QFileInfo>
#include <QTimer>

namespace ys::ui {
namespace {

struct Opened {
    std::shared_ptr<ys::RunRecord> record;
    // Created and first polled in the pool task, then used only on the GUI thread (one thread at a time,
    // as RunTail requires; the future orders the two).
    std::shared_ptr<ys::RunTail> tail;
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

RunFollower::~RunFollower() = default;   // jobs_ waits for the pool job

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
    auto read = [path]() -> ys::Expected<Opened> {
        auto r = ys::readRun(path);
        if (!r.ok())
            return r.error();
        Opened out;
        out.record = std::make_shared<ys::RunRecord>(std::move(r).value());
        if (out.record->status == ys::RunStatus::Running) {
            // Follow it: the tail's first poll reads the streams up to the offsets it keeps, so the record
            // shows exactly what the tail has had, and the next poll brings only what is new.
            out.tail = std::make_shared<ys::RunTail>(path);
            ys::RunTailUpdate u = out.tail->poll();
            out.record->rows = std::move(u.rows);
            out.record->events = std::move(u.events);
            out.record->memory = std::move(u.memory);
            out.record->status = u.status;
        }
        return out;
    };
    jobs_.start(this, std::move(read), [this, gen](const ys::Expected<Opened>& out) {
        if (gen != generation_)
            return;
        loading_ = false;
        if (!out) {
            qCInfo(lcRuns) << "cannot open" << dir_ << QString::fromStdString(out.error().message);
            emit failed(dir_, out.error());
            return;
        }
        record_ = out->record;
        if (out->tail && record_->status == ys::RunStatus::Running) {
            tail_ = out->tail;   // the pool task has let go of it
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
