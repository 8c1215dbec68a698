#pragma once
// Export model… for the Runs and Train pages: reads what the run offers off the GUI thread (its weights, the
// size they were trained at, whether they have YOLO26's one-to-one head, whether a CUDA device is there), asks with ExportDialog, runs ys::exportOnnx on a
// pool thread behind a cancellable progress dialog (progress via ProgressRelay, cancel via CancelToken), then
// shows ExportResultDialog (what was written and how to use it) or the error. One export at a time.
// GUI thread only.

#include "common/error.h"
#include "common/progress.h"
#include "export/export.h"
#include "ui/common/pooljob.h"
#include "ui/export/exportdialog.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class QProgressDialog;
class QWidget;

namespace ys::ui {

class ProgressRelay;

class ModelExporter final : public QObject {
    Q_OBJECT
public:
    explicit ModelExporter(QWidget* parent);
    ~ModelExporter() override;

    // Gathers the run's facts, asks, exports, shows the result. Does nothing while an export is running.
    void exportRun(const QString& runDir);
    // Exports without asking (tests, scripts); `interactive` shows the result dialog or the error box.
    void exportWith(const ys::ExportOptions& options, bool interactive = false);
    bool busy() const { return watcher_ != nullptr || gathering_; }
    // The last export's summary (nullopt before the first or after a failure).
    const std::optional<ys::ExportSummary>& lastSummary() const { return last_; }

signals:
    // The dialog asking for the choices is open (tests answer it).
    void dialogShown(ys::ui::ExportDialog* dialog);
    void exported(const QString& path);
    void failed(const QString& message);

private:
    void finish(Expected<ys::ExportSummary> result);

    QWidget* parent_;
    ProgressRelay* relay_;
    QFutureWatcher<Expected<ys::ExportSummary>>* watcher_ = nullptr;
    QPointer<QProgressDialog> progress_;
    ys::CancelToken cancel_;
    std::optional<ys::ExportSummary> last_;
    bool interactive_ = false;
    bool gathering_ = false;
    PoolJobs jobs_;   // the facts' reads; the destructor waits for them
};

}  // namespace ys::ui
