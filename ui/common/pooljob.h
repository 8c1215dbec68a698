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
#include <QList>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>
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
// through that thread's event loop, never inside this call; not at all when `context` is gone by then. Qt
// calls a continuation attached to a future that has already finished at once, directly when `context`
// lives on the calling thread, so a quick job would deliver its result before the call that started it
// returned (code after the start, and a test's QSignalSpy::wait on the result's signal, then came too late:
// test_ui_export failed about half of its runs that way, and a fit that failed at once could report its
// failure before FitController::start returned true).
template <typename T, typename Fn>
void deliverLater(QFuture<T> future, QObject* context, Fn fn)
{
    if constexpr (std::is_void_v<T>) {
        future.then(context, [context, fn = std::move(fn)] { QMetaObject::invokeMethod(context, fn, Qt::QueuedConnection); });
    } else {
        future.then(context, [context, fn = std::move(fn)](const T& result) {
            QMetaObject::invokeMethod(context, [fn, result] { fn(result); }, Qt::QueuedConnection);
        });
    }
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
