#include "ui/dataset/datasetcontroller.h"

#include "data/demo.h"
#include "ui/common/logging.h"
#include "ui/common/progressrelay.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QtConcurrent>

#include <exception>

namespace ys::ui {
namespace {

struct ScanOutcome {
    std::shared_ptr<ys::Dataset> dataset;
    ys::Error error;
    bool ok = false;
    bool cancelled = false;
    double seconds = 0;
};

struct CheckOutcome {
    std::shared_ptr<const ys::CheckResult> result;
    std::shared_ptr<const CheckIndex> index;
    QString exception;
};

struct DemoOutcome {
    QString yamlPath;
    ys::Error error;
    bool ok = false;
};

ys::Error exceptionError(const char* what)
{
    ys::Error e;
    e.code = "internal.exception";
    e.message = what ? what : "unknown exception";
    return e;
}

}  // namespace

DatasetController::DatasetController(QObject* parent) : QObject(parent), relay_(new ProgressRelay(this))
{
    connect(relay_, &ProgressRelay::progress, this, &DatasetController::progress);
}

DatasetController::~DatasetController()
{
    cancel_.cancel();
    for (auto& job : running_)
        job.first();
}

void DatasetController::track(std::function<void()> wait, std::function<bool()> finished)
{
    std::erase_if(running_, [](const auto& job) { return job.second(); });
    running_.emplace_back(std::move(wait), std::move(finished));
}

void DatasetController::setJob(Job job)
{
    if (job_ == job)
        return;
    job_ = job;
    emit jobChanged(job);
}

void DatasetController::cancel()
{
    if (busy())
        qCInfo(lcDataset) << "cancel requested during" << job_;
    cancel_.cancel();
}

bool DatasetController::isOpening(const QString& yamlPath) const
{
    return busy() && QFileInfo(yamlPath).absoluteFilePath() == yamlPath_;
}

void DatasetController::open(const QString& yamlPath)
{
    if (isOpening(yamlPath)) {
        qCInfo(lcDataset) << "already opening" << yamlPath_;
        return;
    }
    startScan(yamlPath);
}

void DatasetController::openDemo(const QString& dir)
{
    const QString yaml = QDir(dir).filePath(QStringLiteral("data.yaml"));
    if (isOpening(yaml)) {
        qCInfo(lcDataset) << "already opening" << yamlPath_;
        return;
    }
    if (QFileInfo::exists(yaml)) {
        startScan(yaml);
        return;
    }
    cancel_.cancel();
    cancel_ = ys::CancelToken();
    const quint64 gen = ++generation_;
    yamlPath_ = QFileInfo(yaml).absoluteFilePath();
    setJob(Job::Demo);
    qCInfo(lcDataset) << "writing the demo dataset to" << dir;
    const std::string target = QDir(dir).absolutePath().toStdString();
    const ys::ProgressFn progress = relay_->callback();
    QFuture<DemoOutcome> f = QtConcurrent::run([target, progress] {
        DemoOutcome out;
        try {
            auto r = ys::writeDemoDataset(target, ys::DemoOptions{}, progress);
            if (r.ok()) {
                out.ok = true;
                out.yamlPath = QString::fromStdString(r.value());
            } else {
                out.error = r.error();
            }
        } catch (const std::exception& e) {
            out.error = exceptionError(e.what());
        }
        return out;
    });
    track([f]() mutable { f.waitForFinished(); }, [f] { return f.isFinished(); });
    f.then(this, [this, gen](const DemoOutcome& out) {
        if (gen != generation_)
            return;
        setJob(Job::None);
        if (!out.ok) {
            emit failed(tr("Could not write the demo dataset."), out.error);
            return;
        }
        startScan(out.yamlPath);
    });
}

void DatasetController::startScan(const QString& yamlPath)
{
    cancel_.cancel();
    cancel_ = ys::CancelToken();
    const quint64 gen = ++generation_;
    yamlPath_ = QFileInfo(yamlPath).absoluteFilePath();
    result_.reset();
    index_.reset();
    setJob(Job::Scan);
    qCInfo(lcDataset) << "scanning" << yamlPath_;

    const std::string path = yamlPath_.toStdString();
    const ys::ProgressFn progress = relay_->callback();
    const ys::CancelToken cancel = cancel_;
    QFuture<ScanOutcome> f = QtConcurrent::run([path, progress, cancel] {
        ScanOutcome out;
        QElapsedTimer timer;
        timer.start();
        try {
            auto r = ys::openDataset(path, progress, cancel);
            if (r.ok()) {
                out.dataset = std::make_shared<ys::Dataset>(std::move(r).value());
                out.ok = true;
            } else {
                out.error = r.error();
            }
        } catch (const std::exception& e) {
            out.error = exceptionError(e.what());
        }
        out.cancelled = cancel.cancelled();
        out.seconds = timer.elapsed() / 1000.0;
        return out;
    });
    track([f]() mutable { f.waitForFinished(); }, [f] { return f.isFinished(); });
    f.then(this, [this, gen](const ScanOutcome& out) {
        if (gen != generation_)
            return;
        setJob(Job::None);
        if (!out.ok) {
            emit failed(tr("Could not open the dataset."), out.error);
            return;
        }
        qCInfo(lcPerf).nospace() << "scan: " << out.dataset->images.size() << " images in " << out.seconds
                                 << " s" << (out.cancelled ? " (cancelled)" : "");
        dataset_ = out.dataset;
        emit datasetReady(!out.cancelled);
        if (!out.cancelled && gen == generation_)
            startCheck();
    });
}

void DatasetController::recheck(const ys::CheckOptions& options)
{
    options_ = options;
    if (dataset_ && !busy())
        startCheck();
}

void DatasetController::startCheck()
{
    cancel_ = ys::CancelToken();
    const quint64 gen = ++generation_;
    result_.reset();
    index_.reset();
    setJob(Job::Check);
    qCInfo(lcDataset) << "checking" << yamlPath_ << "imgsz" << options_.imgsz;

    std::shared_ptr<ys::Dataset> dataset = dataset_;
    const ys::CheckOptions options = options_;
    const ys::ProgressFn progress = relay_->callback();
    const ys::CancelToken cancel = cancel_;
    QFuture<CheckOutcome> f = QtConcurrent::run([dataset, options, progress, cancel] {
        CheckOutcome out;
        try {
            auto result = std::make_shared<ys::CheckResult>(ys::checkDataset(*dataset, options, progress, cancel));
            auto index = std::make_shared<CheckIndex>(buildCheckIndex(*dataset, *result));
            out.result = std::move(result);
            out.index = std::move(index);
        } catch (const std::exception& e) {
            out.exception = QString::fromUtf8(e.what());
        }
        return out;
    });
    track([f]() mutable { f.waitForFinished(); }, [f] { return f.isFinished(); });
    f.then(this, [this, gen](const CheckOutcome& out) {
        if (gen != generation_)
            return;
        setJob(Job::None);
        if (!out.result) {
            ys::Error e = exceptionError(out.exception.toUtf8().constData());
            emit failed(tr("The check stopped with an internal error."), e);
            return;
        }
        qCInfo(lcPerf).nospace() << "check: " << out.result->findings.size() << " findings in "
                                 << out.result->summary.seconds << " s"
                                 << (out.result->summary.cancelled ? " (cancelled)" : "");
        result_ = out.result;
        index_ = out.index;
        emit checkReady();
    });
}

}  // namespace ys::ui
