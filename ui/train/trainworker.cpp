#include "ui/train/trainworker.h"

#include "ui/common/logging.h"

#include "common/fileutil.h"
#include "dist/launcher.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <exception>
#include <memory>

namespace ys::ui {

TrainWorker::TrainWorker(ys::TrainConfig config, ys::TrainOptions options, std::shared_ptr<ys::TrainControl> control,
                         LaunchSettings launch)
    : config_(std::move(config)), options_(std::move(options)), launch_(std::move(launch)), control_(std::move(control))
{
}

ys::Expected<ys::TrainSummary> TrainWorker::trainRun(const ys::TrainCallbacks& cb)
{
    ys::LocalLaunch local;
    if (launch_.nproc > 1)
        local.request.nproc = launch_.nproc;
    // The other ranks read the very settings this rank trains with (every rank checks them against rank 0's),
    // from a file that lives as long as the run (made only for a run of several processes).
    std::unique_ptr<QTemporaryDir> settingsDir;
    local.workerArgv = [this, &settingsDir]() -> ys::Expected<std::vector<std::string>> {
        settingsDir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/yolostudio-ranks-XXXXXX"));
        if (!settingsDir->isValid())
            return ys::Error{"dist.spawn", "cannot make a folder for the other ranks' settings in " +
                                               QDir::tempPath().toStdString(), {}, 0, 0};
        const std::string settings = settingsDir->filePath(QStringLiteral("args.yaml")).toStdString();
        if (auto err = ys::writeFileAtomic(settings, config_.toYaml()))
            return *err;
        if (launch_.program.isEmpty() || !QFileInfo(launch_.program).isExecutable())
            return ys::Error{"dist.spawn", "the other ranks run yolostudio-cli, which was not found (looked for " +
                                               (launch_.program.isEmpty() ? std::string("it beside this program")
                                                                          : launch_.program.toStdString()) + ")",
                             {}, 0, 0};
        return std::vector<std::string>{launch_.program.toStdString(), "train", "cfg=" + settings};
    };
    local.started = [this](const ys::dist::WorldSpec& world, const std::vector<std::pair<int, int>>& workers) {
        emit logLine(QString::fromStdString("data parallel: " + std::to_string(world.size) +
                                            " processes, this is rank 0" + ys::dist::describeWorkers(workers)));
    };
    return ys::trainLaunched(config_, cb, control_.get(), options_, local);
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
        auto result = trainRun(cb);
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
