#pragma once
// Runs a label review (ys::reviewLabels) of a run's weights on the GUI's behalf: off the GUI thread on Qt's
// pool (PoolJobs), progress relayed throttled, cancellable, and the result saved beside the run as
// RUN/review.json (ys::saveReview) before it is handed back. One review at a time. GUI thread only.

#include "common/progress.h"
#include "review/review.h"
#include "ui/common/pooljob.h"

#include <QObject>
#include <QString>

#include <memory>

namespace ys::ui {

class ProgressRelay;

class ReviewRunner final : public QObject {
    Q_OBJECT
public:
    explicit ReviewRunner(QObject* parent = nullptr);
    ~ReviewRunner() override;

    // Reviews `split` of the dataset `dataYaml` with `weights` (a run's weights/best.pt or last.pt). False when
    // a review is running already.
    bool start(const QString& dataYaml, const QString& weights, ys::ReviewSplit split);
    void cancel();
    bool running() const { return running_; }

    // The weights a run folder's review uses: weights/best.pt, else weights/last.pt; empty when neither exists.
    static QString weightsOfRun(const QString& runDir);

signals:
    // Images predicted so far (stage "predict") or scanned (stage "scan"); total 0 when unknown.
    void progress(ys::ProgressStage stage, qint64 done, qint64 total);
    // The review ended and was saved to `path` (RUN/review.json).
    void finished(std::shared_ptr<const ys::ReviewResult> result, const QString& path);
    // The review failed, was cancelled (error code "review.cancelled") or could not be saved.
    void failed(const ys::Error& error);

private:
    ProgressRelay* relay_;
    ys::CancelToken cancel_;
    bool running_ = false;
    PoolJobs jobs_;   // last: waited for before the relay goes
};

}  // namespace ys::ui
