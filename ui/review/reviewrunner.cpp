#include "ui/review/reviewrunner.h"

#include "ui/common/progressrelay.h"

#include <QDir>
#include <QFileInfo>

namespace ys::ui {

namespace {

struct Reviewed {
    std::shared_ptr<const ys::ReviewResult> result;
    std::string path;
};

}  // namespace

ReviewRunner::ReviewRunner(QObject* parent) : QObject(parent), relay_(new ProgressRelay(this))
{
    connect(relay_, &ProgressRelay::progress, this, &ReviewRunner::progress);
}

ReviewRunner::~ReviewRunner()
{
    cancel_.cancel();
    jobs_.waitForAll();
}

QString ReviewRunner::weightsOfRun(const QString& runDir)
{
    for (const char* name : {"weights/best.pt", "weights/last.pt"}) {
        const QString path = QDir(runDir).filePath(QString::fromLatin1(name));
        if (QFileInfo::exists(path))
            return QDir::cleanPath(path);
    }
    return {};
}

bool ReviewRunner::start(const QString& dataYaml, const QString& weights, ys::ReviewSplit split)
{
    if (running_)
        return false;
    running_ = true;
    cancel_ = ys::CancelToken();
    ys::ReviewOptions options;
    options.data = dataYaml.toStdString();
    options.weights = weights.toStdString();
    options.split = split;
    const ys::ProgressFn progress = relay_->callback();
    const ys::CancelToken cancel = cancel_;
    jobs_.start(
        this,
        [options, progress, cancel]() -> ys::Expected<Reviewed> {
            // Where the review is kept, known before the review runs.
            const std::string path = ys::reviewPathForWeights(options.weights);
            if (path.empty())
                return ys::Error{"review.not_run", "the weights lie in no run's weights folder", options.weights};
            auto result = ys::reviewLabels(options, progress, cancel);
            if (!result)
                return result.error();
            if (auto error = ys::saveReview(*result, path))
                return *error;
            return Reviewed{std::make_shared<const ys::ReviewResult>(std::move(*result)), path};
        },
        [this](const ys::Expected<Reviewed>& r) {
            running_ = false;
            if (r)
                emit finished(r->result, QString::fromStdString(r->path));
            else
                emit failed(r.error());
        });
    return true;
}

void ReviewRunner::cancel()
{
    cancel_.cancel();
}

}  // namespace ys::ui
