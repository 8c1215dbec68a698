#pragma once
// One shape for the short one-shot jobs the GUI runs on Qt's global pool (STYLE habit 4): an engine call off
// the GUI thread, any exception turned into an Error value, the futures kept so their owner waits for them
// before it dies, and a generation guard so a result that a newer request superseded is dropped.
//
//     jobs_.start(this, [path] { return ys::readRun(path); },
//                 [this, gen = generation_.next()](const ys::Expected<ys::RunRecord>& r) {
//                     if (!generation_.isCurrent(gen)) return;
//                     ...
//                 });

#include "common/error.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>
#include <optional>
#include <type_traits>
#include <utility>

namespace ys::ui {

// The Error for an exception that escaped an engine call on the pool (a bug, not the user's input):
// code "internal.exception", the exception's text (without a LibTorch backtrace) as the message.
ys::Error exceptionError(const char* what);

// Runs `work` on the global pool. `work` returns a ys::Expected<T> (or another type constructible from a
// ys::Error); an exception it throws becomes exceptionError(what) in the result.
template <typename F>
auto runOnPool(F work) -> QFuture<std::invoke_result_t<F&>>
{
    using Result = std::invoke_result_t<F&>;
    static_assert(std::is_constructible_v<Result, ys::Error>, "a pool job returns ys::Expected<T> or similar");
    return QtConcurrent::run([work = std::move(work)]() mutable -> Result {
        try {
            return work();
        } catch (const std::exception& e) {
            return Result(exceptionError(e.what()));
        } catch (...) {
            return Result(exceptionError(nullptr));
        }
    });
}

// Calls `fn(result)` (`fn()` for a QFuture<void>) on `context`'s thread once `future` has ended, always later
// through that thread's event loop, never inside this call; not at all when `context` is gone by then, or when
// the future ended without a result (cancelled, or an exception: runOnPool's jobs turn those into Errors).
// A QFutureWatcher that `context` owns delivers it: its signals come as events, so a job that ended already
// still reports after this call returns (test_ui_export failed about half of its runs when a quick job
// delivered its result before the call that started it returned). Not QFuture::then(context, ...): in Qt 6.4
// its continuation posts to `context` from the pool thread after waitForFinished() has returned to the owner,
// so an owner that waited for its jobs and was then destroyed crashed now and then (test_ui_trainpage, in
// ~ModelPicker and in QCoreApplication::sendPostedEvents: 2 of about 8 runs under load).
template <typename T, typename Fn>
void deliverLater(QFuture<T> future, QObject* context, Fn fn)
{
    auto* watcher = new QFutureWatcher<T>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, fn = std::move(fn)]() mutable {
        watcher->deleteLater();
        if constexpr (std::is_void_v<T>) {
            if (!watcher->isCanceled())
                fn();
        } else {
            if (watcher->future().resultCount() == 0)
                return;
            std::optional<T> result;
            try {
                result.emplace(watcher->result());
            } catch (...) {
                return;   // the job's exception (runOnPool's jobs return Errors instead)
            }
            fn(*result);
        }
    });
    watcher->setFuture(future);
}

// Counts requests of one kind; a result whose number is no longer current was superseded.
// GUI thread only.
class JobGeneration {
public:
    quint64 next() { return ++value_; }
    bool isCurrent(quint64 generation) const { return generation == value_; }

private:
    quint64 value_ = 0;
};

// The pool jobs an object started. Its destructor waits for every one still running, so a job never
// outlives the data it was given a pointer to; continuations whose context is gone are not called.
// GUI thread only.
class PoolJobs {
public:
    PoolJobs() = default;
    PoolJobs(const PoolJobs&) = delete;
    PoolJobs& operator=(const PoolJobs&) = delete;
    ~PoolJobs() { waitForAll(); }

    // Starts `work` (see runOnPool) and calls `done(result)` on `context`'s thread when it ends, later
    // (deliverLater).
    template <typename F, typename Done>
    void start(QObject* context, F work, Done done)
    {
        auto future = runOnPool(std::move(work));
        track(future);
        deliverLater(future, context, std::move(done));
    }

    // Keeps a future started elsewhere so the destructor waits for it.
    template <typename T>
    void track(const QFuture<T>& future)
    {
        jobs_.removeIf([](const QFuture<void>& f) { return f.isFinished(); });
        jobs_.push_back(QFuture<void>(future));
    }

    void waitForAll()
    {
        for (QFuture<void>& f : jobs_)
            f.waitForFinished();
        jobs_.clear();
    }

    bool running() const
    {
        for (const QFuture<void>& f : jobs_)
            if (!f.isFinished())
                return true;
        return false;
    }

private:
    QList<QFuture<void>> jobs_;
};

}  // namespace ys::ui
