#pragma once
// Bridges core's ProgressFn (called on pool threads) to a queued Qt signal on the GUI thread, throttled
// so that a fast loop over 100,000 images does not flood the event queue.

#include "common/progress.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <chrono>

namespace ys::ui {

class ProgressRelay final : public QObject {
    Q_OBJECT
public:
    // At most one update per kMinInterval reaches the GUI (about 10 per second); the first and the last
    // update of each stage always pass.
    static constexpr std::chrono::milliseconds kMinInterval{100};

    explicit ProgressRelay(QObject* parent = nullptr);

    // A callback that may be called from any thread while this object lives. The owner must make sure the
    // work that calls it has finished before the relay is destroyed.
    ys::ProgressFn callback();

signals:
    // Delivered on the relay's thread (queued). total = 0 when unknown. The receiver words `stage` (a switch).
    void progress(ys::ProgressStage stage, qint64 done, qint64 total);

private:
    void post(const ys::Progress& p);

    std::atomic<int64_t> lastNs_{0};
};

}  // namespace ys::ui
