#pragma once
// "Fit to my GPU": measures real training steps of the setup on its device (ys::fit::fitToMemory, off the
// GUI thread through FitController) and recommends the batch or image size, precision and accumulation that
// fit a memory budget, for this device or for a GPU the user plans to train on. Shows the recommendation in
// plain words, the margin, how certain it is, the model-scale × image-size × precision table, the memory
// breakdown as a chart, where the activation memory goes layer by layer (a second chart, the layers
// checkpointing would help marked) and the reasons behind the prediction. A staged setup gets each stage's fit
// as a table (StageFitModel). When the wanted batch or image size does not fit, the fit's checkpointing
// proposals are offered in a list. Apply hands batch, imgsz and amp to the setup — and with a proposal chosen,
// checkpoint= and that proposal's batch (or image size) — (applied()), with the result for the pre-flight's
// predicted peak.
//
// Built from a TrainConfig alone (the Train page passes its form's config; tests and screenshots pass their
// own), so it needs no page; open it with open() or exec(). Remembers the last budget, target and mode
// (QSettings "fit/..."). Keys: Enter runs, Esc cancels a running fit or closes. Destroying the dialog while a
// fit runs waits for the probe's current step (FitController). GUI thread only.

#include "common/config.h"
#include "fit/fit.h"
#include "ui/common/pooljob.h"
#include "ui/fit/fitcontroller.h"

#include <QDialog>
#include <QMap>
#include <QString>

#include <optional>

class QButtonGroup;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QSplitter;
class QTabWidget;
class QTableView;
class QWidget;

namespace ys::ui {

class BreakdownChart;
class FitTableModel;
class StageFitModel;

// What Apply hands to the Train page.
struct FitApplication {
    // TrainConfig keys → text (batch, imgsz, amp, vram; checkpoint when a checkpointing proposal is chosen), for
    // ConfigForm::applyValues
    QMap<QString, QString> values;
    QString undoText;               // the undo step's name ("Apply Fit to my GPU (batch 32, 640 px)")
    ys::fit::FitResult result;   // predicted peak and budget for the pre-flight and the memory chart
};

class FitDialog final : public QDialog {
    Q_OBJECT
public:
    explicit FitDialog(const ys::TrainConfig& config, QWidget* parent = nullptr);
    ~FitDialog() override;

    // The size the dialog opens at on a screen with `available` room (its available geometry): the results'
    // chart and every column of the scale table side by side at 1280 × 800 and up, smaller on a smaller screen.
    static QSize defaultSize(const QSize& available);

    // The setup the fit starts from; resets the inputs that come from it (image size, batch, precision).
    void setConfig(const ys::TrainConfig& config);
    const ys::TrainConfig& config() const { return config_; }
    // The run's processes on this machine as the device picker gives them (device=cpu nproc=N; 0 = not
    // given; a GPU list counts itself): the fit is per device, and its batch goes × the world into the setup.
    void setProcesses(int nproc) { nproc_ = nproc; }
    int processes() const { return nproc_; }

    // The request Run sends: the setup with the dialog's budget, target, mode and precision.
    ys::fit::FitRequest request() const;
    // As the Run button; false when the inputs are not valid or a fit is running.
    bool runFit();
    // As Cancel while a fit runs.
    void cancelFit();
    bool running() const;
    // The last finished fit, if any (kept while a new one runs).
    const std::optional<FitOutcome>& outcome() const { return outcome_; }
    // What Apply would hand over; nullopt without a result that fits (or a chosen checkpointing proposal).
    std::optional<FitApplication> application() const;
    // The checkpointing proposal Apply writes with the rest (an index into FitResult::checkpointOptions); -1 =
    // none (the default).
    int checkpointChoice() const;
    void setCheckpointChoice(int option);

    // Children, for tests and screenshots.
    QLineEdit* budgetEdit() const { return budgetEdit_; }
    // "Train on": this device (data ""), this computer's CPU when the setup is on a GPU (data "cpu": the fit
    // runs with device=cpu and Apply writes device=cpu), the known GPUs to plan for (their names), "custom".
    QComboBox* targetCombo() const { return targetCombo_; }
    BreakdownChart* chart() const { return chart_; }
    // Where the activation memory goes, layer by layer (the second tab beside the breakdown).
    BreakdownChart* layersChart() const { return layersChart_; }
    QTabWidget* chartTabs() const { return chartTabs_; }
    FitController* controller() const { return controller_; }
    // Each stage's fit of a staged setup (empty otherwise).
    StageFitModel* stageModel() const { return stageModel_; }

signals:
    // Apply was pressed (the dialog then closes with accept()).
    void applied(const ys::ui::FitApplication& application);
    // A fit finished or failed (tests, screenshots).
    void fitFinished(bool ok);

public slots:
    void reject() override;  // Esc / Close: cancels a running fit first (a second Esc closes); closes when idle

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    QWidget* buildInputs();
    QWidget* buildResults();
    void retranslate();
    void fillTargets();
    void fillContext();
    void updateInputs();      // enabled states, custom target, the budget's parsed value
    void updateBudgetFeedback();
    void setRunning(bool running);
    void showProgress(ys::ProgressStage stage, qint64 done, qint64 total);
    void showOutcome();
    void showIdleStage();  // the stage line when nothing runs: the last result's timing or the error
    void showError();
    void apply();
    void fillCheckpointChoices();
    void updateApplyEnabled();
    std::string targetName() const;   // "" = this device (or the CPU entry); a targetGpus() name; "custom:12GiB"
    bool cpuTargetChosen() const;     // "Train on" is this computer's CPU (the setup is on a GPU)
    bool setupOnGpu() const;          // config_.device names a GPU
    int tableWidthNeeded() const;     // the scale table's columns, every row, and its scroll bar
    void fitSplitter();               // the table as wide as it needs, the chart the rest
    int64_t targetTotal() const;      // total memory of the target (or this device); 0 when not known yet
    void loadSettings();
    void saveSettings() const;
    void queryDevice();

    ys::TrainConfig config_;
    int nproc_ = 0;
    FitController* controller_ = nullptr;
    std::optional<FitOutcome> outcome_;
    std::optional<ys::Error> error_;
    int64_t deviceTotal_ = 0;   // of config_.device, queried off the GUI thread
    int64_t deviceFree_ = 0;
    int64_t cpuTotal_ = 0;      // this computer's memory (the CPU entry of "Train on")
    std::string requestDevice_; // the device of the last fit's request (a failure names it)
    bool deviceKnown_ = false;
    PoolJobs jobs_;   // the device's memory figures, read on the pool
    ys::ProgressStage lastStage_ = ys::ProgressStage::Unknown;
    qint64 lastDone_ = 0, lastTotal_ = 0;

    QLabel* contextLabel_ = nullptr;
    QGroupBox* inputsBox_ = nullptr;
    QLabel* budgetLabel_ = nullptr;
    QLineEdit* budgetEdit_ = nullptr;
    QLabel* budgetFeedback_ = nullptr;
    QLabel* targetLabel_ = nullptr;
    QComboBox* targetCombo_ = nullptr;
    QDoubleSpinBox* customSpin_ = nullptr;
    QLabel* targetHint_ = nullptr;
    QLabel* modeLabel_ = nullptr;
    QButtonGroup* modeGroup_ = nullptr;
    QRadioButton* batchMode_ = nullptr;
    QRadioButton* imgszMode_ = nullptr;
    QSpinBox* imgszSpin_ = nullptr;
    QSpinBox* batchSpin_ = nullptr;
    QLabel* ampLabel_ = nullptr;
    QComboBox* ampCombo_ = nullptr;

    QProgressBar* progressBar_ = nullptr;
    QLabel* stageLabel_ = nullptr;

    QWidget* results_ = nullptr;
    QLabel* placeholder_ = nullptr;
    QLabel* headline_ = nullptr;
    QLabel* marginTitle_ = nullptr;
    QLabel* marginLabel_ = nullptr;
    QLabel* accumulationTitle_ = nullptr;
    QLabel* accumulationLabel_ = nullptr;
    QLabel* certaintyTitle_ = nullptr;
    QLabel* certaintyLabel_ = nullptr;
    QLabel* checkpointTitle_ = nullptr;
    QComboBox* checkpointCombo_ = nullptr;
    QLabel* stagesTitle_ = nullptr;
    StageFitModel* stageModel_ = nullptr;
    QTableView* stageView_ = nullptr;
    QLabel* chartTitle_ = nullptr;
    QLabel* tableTitle_ = nullptr;
    QLabel* notesTitle_ = nullptr;
    QLabel* notesLabel_ = nullptr;
    QLabel* errorLabel_ = nullptr;
    QSplitter* splitter_ = nullptr;
    BreakdownChart* chart_ = nullptr;
    QTabWidget* chartTabs_ = nullptr;
    BreakdownChart* layersChart_ = nullptr;
    FitTableModel* tableModel_ = nullptr;
    QTableView* tableView_ = nullptr;

    QPushButton* runButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QPushButton* applyButton_ = nullptr;
    QPushButton* closeButton_ = nullptr;
};

}  // namespace ys::ui
