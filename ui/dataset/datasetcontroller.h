#pragma once
// Runs the dataset jobs of the browser off the GUI thread: writing the demo dataset, scanning, checking.
// Each job is a pool job (ui/common/pooljob.h) whose result comes back on the GUI thread; a newer job makes
// older results stale (JobGeneration), Cancel sets the core CancelToken. Owned by the DatasetPage; lives on
// the GUI thread.

#include "common/error.h"
#include "common/progress.h"
#include "data/check.h"
#include "data/dataset.h"
#include "ui/common/pooljob.h"
#include "ui/dataset/checkindex.h"

#include <QObject>
#include <QString>

#include <memory>

namespace ys::ui {

class ProgressRelay;

class DatasetController final : public QObject {
    Q_OBJECT
public:
    enum class Job { None, Demo, Scan, Check };
    Q_ENUM(Job)

    explicit DatasetController(QObject* parent = nullptr);
    ~DatasetController() override;  // cancels the running job and waits for it

    // Loads and scans `yamlPath`, then checks it. Cancels whatever runs, unless it is the opening of this
    // same dataset (its result is on the way): then nothing happens.
    void open(const QString& yamlPath);
    // Writes the demo dataset into `dir` unless `dir`/data.yaml exists, then opens it (as open()).
    void openDemo(const QString& dir);
    // Checks the current dataset again with new options (e.g. another imgsz).
    void recheck(const ys::CheckOptions& options);
    void cancel();

    Job job() const { return job_; }
    bool busy() const { return job_ != Job::None; }
    QString yamlPath() const { return yamlPath_; }
    // Valid after datasetReady. Readers on the GUI thread must not read ImageRecord::problems; use
    // checkIndex() instead (a check may be writing it).
    std::shared_ptr<const ys::Dataset> dataset() const { return dataset_; }
    // Valid after checkReady; null before and while a check runs. The index is built on the pool with it.
    std::shared_ptr<const ys::CheckResult> checkResult() const { return result_; }
    std::shared_ptr<const CheckIndex> checkIndex() const { return index_; }
    const ys::CheckOptions& checkOptions() const { return options_; }

signals:
    void jobChanged(ys::ui::DatasetController::Job job);
    // Throttled progress of the running job (GUI thread): ProgressStage Demo, Scan, Check, Hash.
    void progress(ys::ProgressStage stage, qint64 done, qint64 total);
    // The scan finished (possibly cancelled: `complete` false); dataset() holds it. When complete, a check
    // follows and job() stays Scan until it starts (jobChanged: Scan, Check, None).
    void datasetReady(bool complete);
    // The check finished; checkResult() and checkIndex() hold it (summary.cancelled when cancelled).
    void checkReady();
    // A job could not run. `context` is translated, `error` is core's (file, line, message).
    void failed(const QString& context, const ys::Error& error);

private:
    // A job runs for `yamlPath` (writing it as the demo, scanning or checking it).
    bool isOpening(const QString& yamlPath) const;
    void setJob(Job job);
    void startScan(const QString& yamlPath);
    void startCheck();

    ProgressRelay* relay_ = nullptr;
    ys::CancelToken cancel_;
    JobGeneration generation_;
    Job job_ = Job::None;
    QString yamlPath_;
    std::shared_ptr<ys::Dataset> dataset_;
    std::shared_ptr<const ys::CheckResult> result_;
    std::shared_ptr<const CheckIndex> index_;
    ys::CheckOptions options_;
    PoolJobs jobs_;  // last: waits for the jobs before the members above go
};

}  // namespace ys::ui
