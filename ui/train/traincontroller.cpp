#include "ui/train/traincontroller.h"

#include "ui/common/logging.h"
#include "ui/train/trainworker.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace ys::ui {

TrainController::TrainController(QObject* parent) : QObject(parent), thread_(new QThread)
{
    thread_->setObjectName(QStringLiteral("ys-train"));
    qRegisterMetaType<ys::BatchProgress>();
    qRegisterMetaType<ys::EpochResult>();
    qRegisterMetaType<ys::DetectionMetrics>();
    qRegisterMetaType<ys::TrainEvent>();
    qRegisterMetaType<ys::TrainSummary>();
    qRegisterMetaType<ys::CheckpointSaved>();
    qRegisterMetaType<ys::Error>();
    qRegisterMetaType<ys::ui::MemorySamples>();
}

TrainController::~TrainController()
{
    if (control_)
        control_->requestStop();
    // thread_'s deleter quits the thread's loop and joins it once the worker's run() has returned.
}

QString TrainController::defaultWorkerProgram()
{
    const QString given = qEnvironmentVariable("YOLOSTUDIO_CLI");
    if (!given.isEmpty())
        return given;
    const QString dir = QCoreApplication::applicationDirPath();
    for (const QString& candidate : {dir + QStringLiteral("/yolostudio-cli"), dir + QStringLiteral("/../yolostudio-cli")})
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    return {};
}

bool TrainController::start(const ys::TrainConfig& config, const ys::TrainOptions& options, int nproc)
{
    if (active())
        return false;
    config_ = config;
    control_ = std::make_shared<ys::TrainControl>();
    auto* worker = new TrainWorker(config, options, control_, LaunchSettings{nproc, workerProgram_});
    worker->moveToThread(thread_.get());
    connect(worker, &TrainWorker::batchProgress, this, &TrainController::batchProgress);
    connect(worker, &TrainWorker::epochFinished, this, &TrainController::epochFinished);
    connect(worker, &TrainWorker::trainEvent, this, &TrainController::trainEvent);
    connect(worker, &TrainWorker::logLine, this, &TrainController::logLine);
    connect(worker, &TrainWorker::memorySamples, this, &TrainController::memorySamples);
    connect(worker, &TrainWorker::checkpointSaved, this, &TrainController::checkpointSaved);
    connect(worker, &TrainWorker::pauseHeld, this, &TrainController::pauseHeld);
    connect(worker, &TrainWorker::succeeded, this, &TrainController::finished);
    connect(worker, &TrainWorker::failed, this, &TrainController::failed);
    connect(worker, &TrainWorker::done, this, &TrainController::onWorkerDone);
    connect(worker, &TrainWorker::done, worker, &QObject::deleteLater);
    emit workerCreated(worker);
    if (!thread_->isRunning())
        thread_->start();
    clock_.start();
    setState(State::Running);
    qCInfo(lcTrain).noquote() << "starting a run of" << QString::fromStdString(config.data);
    QMetaObject::invokeMethod(worker, &TrainWorker::run, Qt::QueuedConnection);
    return true;
}

void TrainController::pause()
{
    if (state_ != State::Running)
        return;
    control_->setPaused(true);
    setState(State::Paused);
}

void TrainController::resume()
{
    if (state_ != State::Paused)
        return;
    control_->setPaused(false);
    setState(State::Running);
}

void TrainController::stop()
{
    if (state_ != State::Running && state_ != State::Paused)
        return;
    control_->requestStop();
    control_->setPaused(false);
    setState(State::Stopping);
}

double TrainController::secondsSinceStart() const
{
    return clock_.isValid() ? static_cast<double>(clock_.elapsed()) / 1000.0 : 0.0;
}

void TrainController::setState(State state)
{
    if (state_ == state)
        return;
    state_ = state;
    emit stateChanged(state);
}

void TrainController::onWorkerDone()
{
    setState(State::Idle);
    emit ended();
}

}  // namespace ys::ui
