#include "ui/train/trainworker.h"

#include "ui/common/logging.h"

#include <exception>

namespace ys::ui {

TrainWorker::TrainWorker(ys::TrainConfig config, ys::TrainOptions options, std::shared_ptr<ys::TrainControl> control)
    : config_(std::move(config)), options_(std::move(options)), control_(std::move(control))
{
}

void TrainWorker::flush(bool force)
{
    if (!force && sinceEmit_.isValid() && sinceEmit_.elapsed() < kEmitInterval.count())
        return;
    if (!pendingMemory_.empty()) {
        emit memorySamples(pendingMemory_);
        pendingMemory_.clear();
    }
    if (pendingBatch_) {
        emit batchProgress(*pendingBatch_);
        pendingBatch_.reset();
    }
    sinceEmit_.start();
}

void TrainWorker::run()
{
    ys::TrainCallbacks cb;
    cb.onBatch = [this](const ys::BatchProgress& p) {
        pendingBatch_ = p;
        flush(p.batch == 1 || p.batch >= p.batches);
    };
    cb.onMemory = [this](const std::vector<ys::memory::MemorySample>& s) {
        pendingMemory_.insert(pendingMemory_.end(), s.begin(), s.end());
        flush(false);
    };
    cb.onEpoch = [this](const ys::EpochResult& row, const ys::DetectionMetrics& metrics) {
        flush(true);
        emit epochFinished(row, metrics);
    };
    cb.onEvent = [this](const ys::TrainEvent& e) {
        flush(true);
        emit trainEvent(e);
    };
    cb.onCheckpoint = [this](const ys::CheckpointSaved& c) {
        flush(true);
        emit checkpointSaved(c);
    };
    cb.onLog = [this](const std::string& line) { emit logLine(QString::fromStdString(line)); };
    cb.onPause = [this](bool held) {
        flush(true);
        emit pauseHeld(held);
    };

    std::optional<ys::Error> error;
    ys::TrainSummary summary;
    try {
        auto result = ys::train(config_, cb, control_.get(), options_);
        if (result)
            summary = *result;
        else
            error = result.error();
    } catch (const std::exception& e) {
        error = ys::Error{"internal.train", std::string("training stopped by an unexpected error: ") + e.what(),
                          config_.data, 0, 0};
    } catch (...) {
        error = ys::Error{"internal.train", "training stopped by an unexpected error", config_.data, 0, 0};
    }
    flush(true);
    if (error) {
        qCWarning(lcTrain).noquote() << "training failed:" << QString::fromStdString(error->toString());
        emit failed(*error);
    } else {
        qCInfo(lcTrain).noquote() << "training ended:" << summary.epochsCompleted << "epochs in"
                                  << QString::fromStdString(summary.runDir);
        emit succeeded(summary);
    }
    emit done();
}

}  // namespace ys::ui
