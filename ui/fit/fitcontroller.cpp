#include "ui/fit/fitcontroller.h"

#include "ui/common/pooljob.h"

#include "model/model.h"
#include "ui/common/logging.h"
#include "ui/common/progressrelay.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QtConcurrent>

#include <exception>
#include <memory>

Q_LOGGING_CATEGORY(lcFit, "ys.ui.fit")  // requests, results, cancellation of the Fit dialog's jobs

namespace ys::ui {
namespace {

// Image size the model summary (for its scale letter) is built at: any multiple of the largest stride.
constexpr int kSummaryImgsz = 640;
// The scale the fit's table gives a model whose YAML has no scales (TableRow::scale).
constexpr char kNoScale = '-';

struct JobOutcome {
    FitOutcome outcome;
    ys::Error error;
    bool ok = false;
};

}  // namespace

FitController::FitController(QObject* parent) : QObject(parent), relay_(new ProgressRelay(this))
{
    connect(relay_, &ProgressRelay::progress, this, &FitController::progress);
}

FitController::~FitController()
{
    cancel_.cancel();
    running_.waitForFinished();
}

bool FitController::run(ys::fit::FitRequest request)
{
    if (busy_)
        return false;
    cancel_ = ys::CancelToken();
    request.cancel = cancel_;
    request.progress = relay_->callback();
    busy_ = true;
    emit busyChanged(true);
    qCInfo(lcFit) << "fit:" << QString::fromStdString(request.model) << "imgsz" << request.imgsz << "batch"
                  << request.batch << "device" << QString::fromStdString(request.device) << "budget"
                  << QString::fromStdString(request.budget) << "target" << QString::fromStdString(request.targetGpu);

    auto shared = std::make_shared<JobOutcome>();
    QFuture<void> task = QtConcurrent::run([request, shared] {
        QElapsedTimer timer;
        timer.start();
        try {
            auto r = ys::fit::fitToMemory(request);
            if (!r) {
                shared->error = r.error();
                return;
            }
            shared->outcome.result = std::move(r).value();
            shared->outcome.largestImgsz = request.batch > 0;
            shared->outcome.ampAsked = request.amp;
            shared->outcome.budgetAsked = request.budget;
            // The scale of the probed model marks its (measured) rows in the scale table.
            if (auto summary = ys::summarizeModel(request.model, 1, kSummaryImgsz))
                shared->outcome.scale = summary->scale ? summary->scale : kNoScale;
            shared->ok = true;
        } catch (const std::exception& e) {
            shared->error = exceptionError(e.what());
        } catch (...) {
            shared->error = exceptionError(nullptr);
        }
        shared->outcome.seconds = timer.elapsed() / 1000.0;
    });
    running_ = task;
    const ys::CancelToken cancel = cancel_;
    deliverLater(task, this, [this, shared, cancel] {
        busy_ = false;
        emit busyChanged(false);
        // A cancel that arrives while the dataset is read ends the probe with whatever error the cut-short
        // read gives (e.g. "no training images"); the user asked to stop, so it is a cancellation.
        if (!shared->ok && cancel.cancelled() && shared->error.code != "fit.cancelled") {
            qCInfo(lcFit) << "fit cancelled while" << QString::fromStdString(shared->error.code);
            shared->error = ys::Error{"fit.cancelled", "the fit was cancelled (" + shared->error.message + ")", {}, 0, 0};
        }
        if (!shared->ok) {
            qCInfo(lcFit) << "fit failed:" << QString::fromStdString(shared->error.code);
            emit failed(shared->error);
            return;
        }
        qCInfo(lcPerf).nospace() << "fit: " << shared->outcome.result.points.size() << " probe points in "
                                 << shared->outcome.seconds << " s";
        emit finished(shared->outcome);
    });
    return true;
}

void FitController::cancel()
{
    if (busy_)
        qCInfo(lcFit) << "fit: cancel requested";
    cancel_.cancel();
}

}  // namespace ys::ui
