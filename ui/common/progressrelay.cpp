#include "ui/common/progressrelay.h"

#include <QMetaObject>

namespace ys::ui {

ProgressRelay::ProgressRelay(QObject* parent) : QObject(parent) {}

ys::ProgressFn ProgressRelay::callback()
{
    return [this](const ys::Progress& p) { post(p); };
}

void ProgressRelay::post(const ys::Progress& p)
{
    using namespace std::chrono;
    const int64_t now = duration_cast<nanoseconds>(steady_clock::now().time_since_epoch()).count();
    const bool edge = p.done <= 0 || (p.total > 0 && p.done >= p.total);
    int64_t last = lastNs_.load(std::memory_order_relaxed);
    if (!edge) {
        if (now - last < duration_cast<nanoseconds>(kMinInterval).count())
            return;
        // Only one of several racing pool threads wins the slot.
        if (!lastNs_.compare_exchange_strong(last, now, std::memory_order_relaxed))
            return;
    } else {
        lastNs_.store(now, std::memory_order_relaxed);
    }
    const ys::ProgressStage stage = p.stage;
    const qint64 done = p.done;
    const qint64 total = p.total;
    QMetaObject::invokeMethod(
        this, [this, stage, done, total] { emit progress(stage, done, total); }, Qt::QueuedConnection);
}

}  // namespace ys::ui
