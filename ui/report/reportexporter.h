#pragma once
// Export Report… for the Runs and Train pages: asks where to save (HTML or PDF, the folder remembered),
// gathers the run's report data off the GUI thread (core/report: reads the run, scans its dataset, predicts
// a few validation images) behind a cancellable progress dialog, then lays it out and writes it on the GUI
// thread (ReportWriter: charts are widgets) and offers to open the file. One export at a time. GUI thread.

#include "common/error.h"
#include "common/progress.h"
#include "report/reportdata.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QProgressDialog>   // QPointer<QProgressDialog> converts to the pointer in an inline accessor
#include <QString>

#include <memory>
#include <optional>

class QProgressDialog;
class QWidget;

namespace ys::ui {

class ProgressRelay;

class ReportExporter final : public QObject {
    Q_OBJECT
public:
    explicit ReportExporter(QWidget* parent);
    ~ReportExporter() override;

    // Asks for a file name (default "<run>-report.html" in the last folder used), then exports. Does
    // nothing when an export is already running or the user cancels the file dialog.
    void exportRun(const QString& runDir);
    // Exports without asking (tests, scripts): the format follows the file's extension.
    void exportTo(const QString& runDir, const QString& path);
    bool busy() const { return watcher_ != nullptr; }
    // The progress box of the running export (created hidden, shown after a moment); null when none runs. It
    // is closed when the export ends: written, failed or cancelled, before any message about it.
    QProgressDialog* progressDialog() const;

signals:
    // The report was written (path) or could not be (a translated message).
    void exported(const QString& path);
    void failed(const QString& message);

private:
    void closeProgress();
    void finish(const QString& runDir, const QString& path, Expected<ys::report::ReportData> data);

    QWidget* parent_;
    ProgressRelay* relay_;
    QFutureWatcher<Expected<ys::report::ReportData>>* watcher_ = nullptr;
    QPointer<QProgressDialog> dialog_;
    ys::CancelToken cancel_;
    bool interactive_ = false;
};

}  // namespace ys::ui
