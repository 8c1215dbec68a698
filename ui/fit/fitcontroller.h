#pragma once
// Runs ys::fit::fitToMemory off the GUI thread for the Fit dialog: one QtConcurrent job at a time whose
// result comes back through QFuture::then(this, ...) on the GUI thread (STYLE habit 4, one-shot job). The
// request's ProgressFn becomes the throttled, queued progress() signal (ProgressRelay); cancel() sets the
// request's CancelToken, which the probe reads between its measured steps. Errors arrive as values.
// Lives on the GUI thread; destroying it cancels the job and waits for it (at most one probe step).
//
// The fit sets process-wide state while it measures (the CPU allocator's budget, LibTorch's intra-op
// thread count; both restored afterwards), so a fit must not run beside a training run in this process.

#include "common/error.h"
#include "common/progress.h"
#include "fit/fit.h"

#include <QFuture>
#include <QObject>
#include <QString>

#include <string>

namespace ys::ui {

class ProgressRelay;

// What a finished fit hands to the dialog.
struct FitOutcome {
    ys::fit::FitResult result;
    char scale = 0;        // scale letter of the probed model ('n', 't', ...; '-' when its YAML has none, as in
                           // the fit's table); 0 when unknown
    bool largestImgsz = false;  // the request gave a batch and asked for the largest image size
    std::string ampAsked;  // the request's amp ("auto", "off", "fp16", "bf16")
    std::string budgetAsked;  // the request's budget as typed ("2GiB", "0.8"; empty: the whole device)
    double seconds = 0;    // wall time of the job
};

class FitController final : public QObject {
    Q_OBJECT
public:
    explicit FitController(QObject* parent = nullptr);
    ~FitController() override;  // cancels the running fit and waits for it

    // Starts a fit of `request` (its progress and cancel members are replaced). Ignored while one runs.
    // Returns false when a fit is already running.
    bool run(ys::fit::FitRequest request);
    // Asks the running fit to stop; failed() follows with code "fit.cancelled" (or finished(), when the
    // probe had already measured everything).
    void cancel();
    bool busy() const { return busy_; }
    bool cancelling() const { return busy_ && cancel_.cancelled(); }

signals:
    void busyChanged(bool busy);
    // Throttled to about 10 per second; stage "probe" with done/total measured steps. GUI thread.
    void progress(ys::ProgressStage stage, qint64 done, qint64 total);
    void finished(const ys::ui::FitOutcome& outcome);
    // The fit could not run or was cancelled (code "fit.cancelled").
    void failed(const ys::Error& error);

private:
    ProgressRelay* relay_ = nullptr;
    ys::CancelToken cancel_;
    QFuture<void> running_;  // the pool task (not its continuation), waited for on destruction
    bool busy_ = false;
};

}  // namespace ys::ui
