#include "ui/dataset/datasetcontroller.h"

#include "data/demo.h"
#include "ui/common/logging.h"
#include "ui/common/progressrelay.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

namespace ys::ui {
namespace {

struct Scanned {
    std::shared_ptr<ys::Dataset> dataset;
    bool cancelled = false;
    double seconds = 0;
};

struct Checked {
    std::shared_ptr<const ys::CheckResult> result;
    std::shared_ptr<const CheckIndex> index;
};

}  // namespace

DatasetController::DatasetController(QObject* parent) : QObject(parent), relay_(new ProgressRelay(this))
{
    connect(relay_, &ProgressRelay::progress, this, &DatasetController::progress);
}

DatasetController::~DatasetController()
{
    cancel_.cancel();
    jobs_.waitForAll();
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
    const quint64 gen = generation_.next();
    yamlPath_ = QFileInfo(yaml).absoluteFilePath();
    setJob(Job::Demo);
    qCInfo(lcDataset) << "writing the demo dataset to" << dir;
    const std::string target = QDir(dir).absolutePath().toStdString();
    const ys::ProgressFn progress = relay_->callback();
    jobs_.start(
        this, [target, progress] { return ys::writeDemoDataset(target, ys::DemoOptions{}, progress); },
        [this, gen](const ys::Expected<std::string>& written) {
            if (!generation_.isCurrent(gen))
                return;
            setJob(Job::None);
            if (!written) {
                emit failed(tr("Could not write the demo dataset."), written.error());
                return;
            }
            startScan(QString::fromStdString(written.value()));
        });
}

void DatasetController::startScan(const QString& yamlPath)
{
    cancel_.cancel();
    cancel_ = ys::CancelToken();
    const quint64 gen = generation_.next();
    yamlPath_ = QFileInfo(yamlPath).absoluteFilePath();
    result_.reset();
    index_.reset();
    setJob(Job::Scan);
    qCInfo(lcDataset) << "scanning" << yamlPath_;

    const std::string path = yamlPath_.toStdString();
    const ys::ProgressFn progress = relay_->callback();
    const ys::CancelToken cancel = cancel_;
    auto scan = [path, progress, cancel]() -> ys::Expected<Scanned> {
        QElapsedTimer timer;
        timer.start();
        auto opened = ys::openDataset(path, progress, cancel);
        if (!opened)
            return opened.error();
        return Scanned{std::make_shared<ys::Dataset>(std::move(opened).value()), cancel.cancelled(),
                       timer.elapsed() / 1000.0};
    };
    jobs_.start(this, std::move(scan), [this, gen](const ys::Expected<Scanned>& out) {
        if (!generation_.isCurrent(gen))
            return;
        if (!out) {
            setJob(Job::None);
            emit failed(tr("Could not open the dataset."), out.error());
            return;
        }
        qCInfo(lcPerf).nospace() << "scan: " << out->dataset->images.size() << " images in " << out->seconds << " s"
                                 << (out->cancelled ? " (cancelled)" : "");
        dataset_ = out->dataset;
        // A complete scan stays the running job until its check starts: while datasetReady is handled the
        // dataset is still being opened (opening it again starts nothing, the page shows "Checking…").
        if (out->cancelled)
            setJob(Job::None);
        emit datasetReady(!out->cancelled);
        if (!out->cancelled && generation_.isCurrent(gen))
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
    const quint64 gen = generation_.next();
    result_.reset();
    index_.reset();
    setJob(Job::Check);
    qCInfo(lcDataset) << "checking" << yamlPath_ << "imgsz" << options_.imgsz;

    std::shared_ptr<ys::Dataset> dataset = dataset_;
    const ys::CheckOptions options = options_;
    const ys::ProgressFn progress = relay_->callback();
    const ys::CancelToken cancel = cancel_;
    // The check writes the images' problem flags; the index is read from them on the same thread.
    auto check = [dataset, options, progress, cancel]() -> ys::Expected<Checked> {
        auto result = std::make_shared<const ys::CheckResult>(ys::checkDataset(*dataset, options, progress, cancel));
        auto index = std::make_shared<const CheckIndex>(buildCheckIndex(*dataset, *result));
        return Checked{std::move(result), std::move(index)};
    };
    jobs_.start(this, std::move(check), [this, gen](const ys::Expected<Checked>& out) {
        if (!generation_.isCurrent(gen))
            return;
        setJob(Job::None);
        if (!out) {
            emit failed(tr("The check stopped with an internal error."), out.error());
            return;
        }
        qCInfo(lcPerf).nospace() << "check: " << out->result->findings.size() << " findings in "
                                 << out->result->summary.seconds << " s"
                                 << (out->result->summary.cancelled ? " (cancelled)" : "");
        result_ = out->result;
        index_ = out->index;
        emit checkReady();
    });
}

}  // namespace ys::ui
