#pragma once
// The Train page: the setup form of the next run, the pre-flight checks before Start (the open dataset's
// label errors with a link to its findings and a "start anyway" choice, the device and its free memory, the
// fit's predicted peak against the budget), Start / Pause / Resume / Stop, a "Fit to my GPU…" action for
// the Fit dialog, "Paste a Command…" (a YOLOv5/v7/v9 or Ultralytics training command into the form), and the
// live dashboard of the running (or last) run. A run always trains on the dataset
// that is open; runs go to <app data>/runs/<dataset folder> unless the setup names another project.
// Owns the TrainController (and through it the training thread). GUI thread only.

#include "common/config.h"
#include "data/check.h"
#include "data/dataset.h"
#include "fit/fit.h"
#include "ui/common/studiopage.h"
#include "ui/train/dashboard.h"
#include "ui/train/preflight.h"
#include "ui/train/traincontroller.h"

#include <QVariantMap>

#include <memory>
#include <optional>

class QAction;
class QCheckBox;
class QLabel;
class QSplitter;
class QTableView;
class QToolButton;
class QVBoxLayout;

namespace ys::ui {


class ConfigForm;
class DeviceMonitor;
class StageFitModel;
struct FitApplication;
struct ResumeRequest;

class TrainPage final : public StudioPage {
    Q_OBJECT
public:
    explicit TrainPage(QWidget* parent = nullptr);
    ~TrainPage() override;

    QString title() const override;
    QIcon icon() const override;
    QList<QAction*> pageActions() const override;
    QString statusText() const override;
    // The splitters, and the setup: every key that differs from the default (the keys of one dataset, its
    // classes, run name and folder, apart, restored when that dataset opens again). Not `data` nor `resume`.
    void saveState(QSettings& settings) const override;
    void restoreState(const QSettings& settings) override;
    // While a run is active: asks; "Stop and close" stops it (last.pt is written) and emits closeReady()
    // once it has ended. Returns true only when nothing runs.
    bool prepareClose() override;

    // ---- the open dataset (from the Dataset page, wired by the main window) ----------------------------
    // A dataset was opened: the next run trains on it; its check result follows with setCheckResult.
    void setDataset(const QString& yamlPath);
    void setCheckResult(std::shared_ptr<const ys::Dataset> dataset, std::shared_ptr<const ys::CheckResult> check);

    // ---- runs ------------------------------------------------------------------------------------------
    // Starts a run of the form's setup after the pre-flight; false when something blocks it.
    bool start();
    void pause();
    void resume();
    void stop();
    TrainController* controller() const { return controller_; }
    Dashboard* dashboard() const { return dashboard_; }
    // Shows a run read from its files (ys::readRun) in the dashboard; follow it with
    // dashboard()->applyTail(). Ignored (false) while a run of this page is active.
    bool showRun(const ys::RunRecord& run);

    // ---- setup -----------------------------------------------------------------------------------------
    // The setup form (ui/config); its `data` shows the open dataset. Start follows its validity.
    ConfigForm* form() const { return form_; }
    // Where runs are written (project); empty = <app data>/runs/<dataset folder>.
    void setProjectFolder(const QString& folder);
    QString projectFolder() const;
    // The pre-flight of the current setup.
    PreflightReport preflight() const;
    // CPU training processes the device picker sets (nproc; 0 when the device is a GPU or a GPU list). With
    // a GPU list or more than one process, Start launches a data-parallel run (TrainController::start).
    int processes() const;
    // Accept the dataset's errors for the next start ("start anyway").
    void setStartAnyway(bool on);

    // ---- Fit to my GPU (the Fit dialog connects here) ------------------------------------------------
    // Disabled with a tooltip until setFitAvailable(true); triggering it emits fitRequested().
    QAction* fitAction() const { return fitAction_; }
    void setFitAvailable(bool available);
    // A fit applied to this setup: the pre-flight compares its predicted peak with the budget, and the
    // memory chart of the next run draws it.
    void setFitResult(const ys::fit::FitResult& result);
    // Fit to my GPU's Apply: batch, image size, AMP and the budget into the form as one undoable step, and
    // the fit for the pre-flight and the next run's memory chart.
    void applyFit(const ys::ui::FitApplication& application);
    // A run to resume (the Runs page's Resume): its config, resume=<run>/weights/last.pt, into the form.
    void loadForResume(const ys::ui::ResumeRequest& request);
    // Export report… of the run this page trained last (enabled once it has a run folder and is idle).

signals:
    void fitRequested(const ys::TrainConfig& config);
    void showFindingsRequested();
    void openDatasetRequested();
    // A run ended; `failed` when it broke off. `seconds` is its wall time (notifications are for long runs).
    void runEnded(const QString& title, const QString& message, bool failed, double seconds);
    // A run folder was written or updated (for the Runs page).
    void runFolderChanged(const QString& runDir);
    void errorOccurred(const QString& context, const ys::Error& error);
    // Export Report… of the last run (the shell owns the one exporter).
    void exportReportRequested(const QString& runDir);
    // Export model… on the last run (the shell's ModelExporter asks which weights and how).
    void exportModelRequested(const QString& runDir);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void retranslate();
    void buildActions();
    void updateActions();
    void updatePreflight();
    void updateStatus();
    void onStateChanged(TrainController::State state);
    void onFinished(const ys::TrainSummary& summary);
    void onFailed(const ys::Error& error);
    void onEnded();
    void onPreflightLink(const QString& link);
    void pasteCommand();  // "Paste a Command…": the dialog, then its values into the form as one undo step
    // The monitor's last figures of `device` (polled on the pool; nullopt before the first poll ended).
    std::optional<ys::memory::MemoryStats> deviceStats(const std::string& device) const;
    void watchDevice();   // the monitor polls the device of the running run, else of the setup
    ys::TrainConfig runConfig() const;
    // The remembered dataset keys into `config` when its data is the remembered dataset (once); true if so.
    bool applyRememberedDatasetValues(ys::TrainConfig& config);

    TrainController* controller_;
    ConfigForm* form_ = nullptr;
    Dashboard* dashboard_ = nullptr;
    QLabel* header_ = nullptr;
    QLabel* setupTitle_ = nullptr;
    QLabel* preflightTitle_ = nullptr;
    QWidget* preflightBox_ = nullptr;
    QVBoxLayout* preflightLayout_ = nullptr;
    StageFitModel* preflightStages_ = nullptr;   // a staged setup's per-stage fit (PreflightReport::stages)
    QTableView* preflightStagesView_ = nullptr;
    QCheckBox* startAnyway_ = nullptr;
    QSplitter* splitter_ = nullptr;
    QToolButton* startButton_ = nullptr;
    QToolButton* pauseButton_ = nullptr;
    QToolButton* stopButton_ = nullptr;
    QToolButton* fitButton_ = nullptr;
    QAction* startAction_ = nullptr;
    QAction* pauseAction_ = nullptr;
    QAction* stopAction_ = nullptr;
    QAction* fitAction_ = nullptr;
    QAction* pasteAction_ = nullptr;
    QAction* exportReportAction_ = nullptr;
    QAction* exportModelAction_ = nullptr;
    DeviceMonitor* monitor_ = nullptr;   // the application's (DeviceMonitor::shared())

    QString yamlPath_;
    QString projectFolder_;
    std::shared_ptr<const ys::Dataset> dataset_;
    std::shared_ptr<const ys::CheckResult> check_;
    std::optional<ys::fit::FitResult> fit_;   // the last fit applied to the setup (Fit to my GPU)
    bool fitAvailable_ = false;
    bool closePending_ = false;
    bool splitterRestored_ = false;   // restoreState() found the splitter of an earlier session
    bool splitterSized_ = false;      // the first showEvent sized it
    QString runTitle_;
    QString lastRunDir_;
    QStringList shownPreflight_;   // what the pre-flight list shows now (rebuilt only when it changes)
    QString rememberedDataset_;             // restoreState(): the dataset of the remembered dataset keys
    QVariantMap rememberedDatasetValues_;
};

}  // namespace ys::ui
