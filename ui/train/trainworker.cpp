#include "ui/train/trainworker.h"

#include "ui/common/logging.h"

#include "common/fileutil.h"
#include "dist/launcher.h"
#include "dist/world.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <exception>

namespace ys::ui {
namespace {

// How long the other ranks may take to end after rank 0's run returned: they end by themselves when the run
// ends (or fails) on every rank; the grace covers a rank still writing its last lines. Then LocalWorkers
// sends SIGTERM, and SIGKILL 5 s later.
constexpr std::chrono::seconds kWorkersGraceOk{60};
constexpr std::chrono::seconds kWorkersGraceFailed{20};

}  // namespace

TrainWorker::TrainWorker(ys::TrainConfig config, ys::TrainOptions options, std::shared_ptr<ys::TrainControl> control,
                         LaunchSettings launch)
    : config_(std::move(config)), options_(std::move(options)), launch_(std::move(launch)), control_(std::move(control))
{
}

ys::Expected<ys::TrainSummary> TrainWorker::trainRun(const ys::TrainCallbacks& cb)
{
    ys::dist::LaunchRequest request;
    if (launch_.nproc > 1)
        request.nproc = launch_.nproc;
    auto plan = ys::dist::planLaunch(config_.device, config_.batch, request);
    if (!plan)
        return plan.error();
    if (!*plan || options_.world)   // one process (or a world the caller gave)
        return ys::train(config_, cb, control_.get(), options_);

    // The other ranks read the very settings this rank trains with (every rank checks them against rank 0's).
    QTemporaryDir settingsDir(QDir::tempPath() + QStringLiteral("/yolostudio-ranks-XXXXXX"));
    if (!settingsDir.isValid())
        return ys::Error{"dist.spawn", "cannot make a folder for the other ranks' settings in " +
                                           QDir::tempPath().toStdString(), {}, 0, 0};
    const std::string settings = settingsDir.filePath(QStringLiteral("args.yaml")).toStdString();
    if (auto err = ys::writeFileAtomic(settings, config_.toYaml()))
        return *err;
    if (launch_.program.isEmpty() || !QFileInfo(launch_.program).isExecutable())
        return ys::Error{"dist.spawn", "the other ranks run yolostudio-cli, which was not found (looked for " +
                                           (launch_.program.isEmpty() ? std::string("it beside this program")
                                                                      : launch_.program.toStdString()) + ")",
                         {}, 0, 0};
    const std::vector<std::string> argv{launch_.program.toStdString(), "train", "cfg=" + settings};
    auto started = ys::dist::LocalWorkers::start((*plan)->world, argv);
    if (!started)
        return started.error();
    std::unique_ptr<ys::dist::LocalWorkers> workers = std::move(*started);
    options_.world = (*plan)->world;
    std::string pids;
    for (const auto& [rank, pid] : workers->processes())
        pids += "; rank " + std::to_string(rank) + " is pid " + std::to_string(pid);
    emit logLine(QString::fromStdString("data parallel: " + std::to_string((*plan)->world.size) +
                                        " processes, this is rank 0" + pids));
    auto result = ys::train(config_, cb, control_.get(), options_);
    workers->finish(result ? kWorkersGraceOk : kWorkersGraceFailed);
    const std::optional<ys::dist::WorkerExit> failure = workers->firstFailure();
    if (!result) {
        ys::Error e = result.error();
        // How the failed worker process ended (its exit code or signal): what the engine's view of the
        // collective cannot always tell (a killed rank may look like a lost connection to it).
        if (failure)
            e.message += " (" + failure->describe() + ")";
        return e;
    }
    if (failure)
        return ys::Error{"dist.rank_failed", failure->describe(), {}, 0, 0};
    return result;
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
