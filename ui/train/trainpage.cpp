#include "ui/train/trainpage.h"

#include "ui/common/bytes.h"
#include "ui/common/devicemonitor.h"
#include "ui/common/devicetext.h"
#include "ui/common/resumerequest.h"
#include "ui/common/runtext.h"
#include "ui/fit/fitdialog.h"
#include "ui/fit/stagefitmodel.h"

#include "ui/charts/chartformat.h"
#include "ui/common/icons.h"
#include "ui/config/configform.h"
#include "ui/config/configtext.h"
#include "ui/config/devicepicker.h"
#include "ui/common/logging.h"
#include "ui/config/pastecommanddialog.h"
#include "ui/train/predictionpreview.h"

#include "common/trainrules.h"
#include "dist/world.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <string_view>

namespace ys::ui {
namespace {

constexpr int kSetupMinWidth = 380;      // the form's rows (label, field, marks) still read at this width
constexpr int kSetupWidth = 480;         // the setup pane before the page is shown; the dashboard twice as much
constexpr int kSetupPercent = 42;        // of the page's width for the setup at first start (1600 px: about 630)
const QString kSplitterKey = QStringLiteral("train/splitter");
const QString kDashboardSplitterKey = QStringLiteral("train/dashboardSplitter");
const QString kDashboardTabKey = QStringLiteral("train/dashboardTab");
// The last setup (what differs from the defaults), and apart from it the keys that belong to its dataset.
const QString kSetupKey = QStringLiteral("train/setup");
const QString kSetupDatasetKey = QStringLiteral("train/setupDataset");
const QString kSetupDatasetValuesKey = QStringLiteral("train/setupDatasetValues");

// Keys that mean something for one dataset only (its class indices, the run's name and folder): restored
// when that dataset opens again. `data` is the open dataset and `resume` a run of the Runs page: never kept.
bool datasetSpecific(std::string_view key)
{
    return key == "classes" || key == "name" || key == "project";
}

QString levelIcon(PreflightItem::Level level)
{
    switch (level) {
    case PreflightItem::Level::Ok: return QStringLiteral("✔");
    case PreflightItem::Level::Info: return QStringLiteral("ℹ");
    case PreflightItem::Level::Warning: return QStringLiteral("⚠");
    case PreflightItem::Level::Blocker: return QStringLiteral("✖");
    }
    return {};
}

QColor levelColor(PreflightItem::Level level)
{
    switch (level) {
    case PreflightItem::Level::Ok: return QColor(0x2e, 0x7d, 0x32);
    case PreflightItem::Level::Info: return severityColor(ys::Severity::Info);
    case PreflightItem::Level::Warning: return severityColor(ys::Severity::Warning);
    case PreflightItem::Level::Blocker: return severityColor(ys::Severity::Error);
    }
    return {};
}

QToolButton* toolButton(QAction* action, QWidget* parent)
{
    auto* b = new QToolButton(parent);
    b->setDefaultAction(action);
    b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    b->setAutoRaise(false);
    b->setIconSize(QSize(18, 18));
    return b;
}

}  // namespace

TrainPage::TrainPage(QWidget* parent)
    : StudioPage(parent), controller_(new TrainController(this)), monitor_(DeviceMonitor::shared())
{
    setObjectName(QStringLiteral("TrainPage"));
    buildActions();

    header_ = new QLabel(this);
    QFont hf = header_->font();
    hf.setPointSizeF(hf.pointSizeF() * 1.25);
    hf.setBold(true);
    header_->setFont(hf);
    startButton_ = toolButton(startAction_, this);
    pauseButton_ = toolButton(pauseAction_, this);
    stopButton_ = toolButton(stopAction_, this);
    fitButton_ = toolButton(fitAction_, this);
    auto* top = new QHBoxLayout;
    top->setContentsMargins(8, 6, 8, 6);
    top->addWidget(header_, 1);
    top->addWidget(toolButton(pasteAction_, this));
    top->addWidget(fitButton_);
    top->addSpacing(12);
    top->addWidget(startButton_);
    top->addWidget(pauseButton_);
    top->addWidget(stopButton_);

    // Left: setup and pre-flight.
    auto* setup = new QWidget(this);
    auto* sl = new QVBoxLayout(setup);
    sl->setContentsMargins(8, 4, 8, 8);
    setupTitle_ = new QLabel(setup);
    preflightTitle_ = new QLabel(setup);
    QFont bold = setupTitle_->font();
    bold.setBold(true);
    setupTitle_->setFont(bold);
    preflightTitle_->setFont(bold);
    form_ = new ConfigForm(setup);
    preflightBox_ = new QWidget(setup);
    preflightLayout_ = new QVBoxLayout(preflightBox_);
    preflightLayout_->setContentsMargins(0, 0, 0, 0);
    preflightLayout_->setSpacing(6);
    preflightStages_ = new StageFitModel(this);
    preflightStages_->setObjectName(QStringLiteral("preflightStageModel"));
    preflightStagesView_ = new QTableView(setup);
    preflightStagesView_->setObjectName(QStringLiteral("preflightStages"));
    preflightStagesView_->setModel(preflightStages_);
    preflightStagesView_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    preflightStagesView_->setSelectionMode(QAbstractItemView::NoSelection);
    preflightStagesView_->setFocusPolicy(Qt::NoFocus);
    preflightStagesView_->verticalHeader()->setVisible(false);
    preflightStagesView_->verticalHeader()->setDefaultSectionSize(preflightStagesView_->fontMetrics().height() + 6);
    preflightStagesView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    preflightStagesView_->horizontalHeader()->setSectionResizeMode(StageFitModel::CheckpointColumn, QHeaderView::Stretch);
    preflightStagesView_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    preflightStagesView_->setVisible(false);
    startAnyway_ = new QCheckBox(setup);
    // The form takes the pane's height (it scrolls its own sections); the pre-flight sits under it at its
    // natural height.
    sl->addWidget(setupTitle_);
    sl->addWidget(form_, 1);
    sl->addSpacing(8);
    sl->addWidget(preflightTitle_);
    sl->addWidget(preflightBox_);
    sl->addWidget(preflightStagesView_);
    sl->addWidget(startAnyway_);
    setup->setMinimumWidth(kSetupMinWidth);

    dashboard_ = new Dashboard(this);
    splitter_ = new QSplitter(Qt::Horizontal, this);
    splitter_->addWidget(setup);
    splitter_->addWidget(dashboard_);
    splitter_->setStretchFactor(0, 0);
    splitter_->setStretchFactor(1, 1);
    splitter_->setSizes({kSetupWidth, 2 * kSetupWidth});
    splitter_->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(top);
    layout->addWidget(splitter_, 1);

    connect(form_, &ConfigForm::configChanged, this, &TrainPage::updatePreflight);
    if (DevicePicker* picker = form_->devicePicker())   // the reason a GPU is missing comes with its list
        connect(picker, &DevicePicker::refreshed, this, &TrainPage::updatePreflight);
    connect(form_, &ConfigForm::validityChanged, this, &TrainPage::updateActions);
    connect(startAnyway_, &QCheckBox::toggled, this, &TrainPage::updatePreflight);
    connect(controller_, &TrainController::stateChanged, this, &TrainPage::onStateChanged);
    connect(controller_, &TrainController::batchProgress, dashboard_, &Dashboard::addBatch);
    connect(controller_, &TrainController::batchProgress, this, &TrainPage::updateStatus);
    connect(controller_, &TrainController::epochFinished, dashboard_, &Dashboard::addEpoch);
    connect(controller_, &TrainController::trainEvent, dashboard_, &Dashboard::addEvent);
    connect(controller_, &TrainController::logLine, dashboard_, &Dashboard::addLog);
    connect(controller_, &TrainController::memorySamples, dashboard_, &Dashboard::addMemory);
    connect(controller_, &TrainController::checkpointSaved, this, [this](const ys::CheckpointSaved& c) {
        if (c.best)
            dashboard_->preview()->showWeights(QString::fromStdString(c.path), c.epoch);
        lastRunDir_ = QFileInfo(QString::fromStdString(c.path)).absoluteDir().absoluteFilePath(QStringLiteral(".."));
        emit runFolderChanged(QDir::cleanPath(lastRunDir_));
    });
    connect(controller_, &TrainController::pauseHeld, this, [this](bool held) {
        if (held && controller_->state() == TrainController::State::Paused)
            dashboard_->setState([] { return tr("Paused"); });
    });
    connect(controller_, &TrainController::finished, this, &TrainPage::onFinished);
    connect(controller_, &TrainController::failed, this, &TrainPage::onFailed);
    connect(controller_, &TrainController::ended, this, &TrainPage::onEnded);
    // Free memory in the pre-flight and the status bar, measured on the pool every 2 s (DeviceMonitor).
    connect(monitor_, &DeviceMonitor::statsUpdated, this, [this] {
        if (isVisible() && !controller_->active())
            updatePreflight();
        updateStatus();
    });
    connect(form_, &ConfigForm::configChanged, this, &TrainPage::watchDevice);

    form_->setConfig(ys::TrainConfig());
    watchDevice();
    retranslate();
    updatePreflight();
    updateActions();
}

TrainPage::~TrainPage() = default;

void TrainPage::buildActions()
{
    startAction_ = new QAction(ys::ui::icon(IconId::Start), QString(), this);
    startAction_->setObjectName(QStringLiteral("startAction"));
    startAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    connect(startAction_, &QAction::triggered, this, [this] { start(); });
    pauseAction_ = new QAction(ys::ui::icon(IconId::Pause), QString(), this);
    pauseAction_->setObjectName(QStringLiteral("pauseAction"));
    pauseAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    connect(pauseAction_, &QAction::triggered, this, [this] {
        controller_->state() == TrainController::State::Paused ? resume() : pause();
    });
    stopAction_ = new QAction(ys::ui::icon(IconId::Stop), QString(), this);
    stopAction_->setObjectName(QStringLiteral("stopAction"));
    stopAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    connect(stopAction_, &QAction::triggered, this, &TrainPage::stop);
    fitAction_ = new QAction(ys::ui::icon(IconId::Fit), QString(), this);
    fitAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    fitAction_->setEnabled(false);
    connect(fitAction_, &QAction::triggered, this, [this] { emit fitRequested(runConfig()); });
    pasteAction_ = new QAction(this);
    pasteAction_->setObjectName(QStringLiteral("pasteCommandAction"));
    pasteAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    connect(pasteAction_, &QAction::triggered, this, &TrainPage::pasteCommand);
    exportReportAction_ = new QAction(ys::ui::icon(IconId::Export), QString(), this);
    exportReportAction_->setObjectName(QStringLiteral("exportReportAction"));
    exportReportAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportReportAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    exportReportAction_->setEnabled(false);
    addAction(exportReportAction_);   // Ctrl+E while the Train page has focus (the Runs page has its own)
    connect(exportReportAction_, &QAction::triggered, this, [this] {
        if (!lastRunDir_.isEmpty())
            emit exportReportRequested(QDir::cleanPath(lastRunDir_));
    });
    exportModelAction_ = new QAction(ys::ui::icon(IconId::Export), QString(), this);
    exportModelAction_->setObjectName(QStringLiteral("exportModelAction"));
    exportModelAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportModelAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    exportModelAction_->setEnabled(false);
    addAction(exportModelAction_);
    connect(exportModelAction_, &QAction::triggered, this, [this] {
        if (!lastRunDir_.isEmpty())
            emit exportModelRequested(QDir::cleanPath(lastRunDir_));
    });
}

void TrainPage::retranslate()
{
    preflightStages_->retranslate();
    startAction_->setText(tr("&Start Training"));
    startAction_->setToolTip(tr("Start a run of this setup on the open dataset (Ctrl+Enter)"));
    pauseAction_->setText(controller_->state() == TrainController::State::Paused ? tr("&Resume") : tr("&Pause"));
    pauseAction_->setToolTip(tr("Pause after the current step, or resume (Ctrl+Shift+P)"));
    stopAction_->setText(tr("S&top"));
    stopAction_->setToolTip(tr("Stop after the current step; weights/last.pt is written so the run can be "
                               "resumed (Ctrl+.)"));
    exportReportAction_->setText(tr("Export &Report…"));
    exportReportAction_->setToolTip(tr("Write the training report of the last run as HTML or PDF (Ctrl+E)"));
    exportModelAction_->setText(tr("Export &Model…"));
    exportModelAction_->setToolTip(tr("Write the last run's weights as an ONNX file for OpenCV or ONNX Runtime "
                                      "(Ctrl+Shift+E)"));
    fitAction_->setText(tr("&Fit to My GPU…"));
    fitAction_->setToolTip(fitAvailable_
                               ? tr("Measure memory and pick the batch, image size and AMP that fit the device")
                               : tr("Fit to my GPU measures memory and picks the batch, image size and AMP that "
                                    "fit; the Fit dialog is not part of this build yet"));
    pasteAction_->setText(tr("&Paste a Command…"));
    pasteAction_->setToolTip(tr("Fill the setup from a YOLOv5, YOLOv7, YOLOv9 or Ultralytics training command you "
                                "already have (Ctrl+Shift+V)"));
    setupTitle_->setText(tr("Setup"));
    preflightTitle_->setText(tr("Before you start"));
    startAnyway_->setText(tr("Start anyway, with the label errors"));
    updatePreflight();
    updateStatus();
    emit titleChanged();
}

void TrainPage::showEvent(QShowEvent* event)
{
    // At first start (no splitter state of an earlier session) the setup gets its share of the page as it is
    // now: its fields need about 450 px, the dashboard's charts about 700.
    if (!splitterSized_) {
        splitterSized_ = true;
        if (!splitterRestored_) {
            const int total = splitter_->width() - splitter_->handleWidth();
            const int setup = total * kSetupPercent / 100;
            splitter_->setSizes({setup, total - setup});
        }
    }
    StudioPage::showEvent(event);
}

void TrainPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    StudioPage::changeEvent(event);
}

QString TrainPage::title() const
{
    return tr("Train");
}

QIcon TrainPage::icon() const
{
    return ys::ui::icon(IconId::Train);
}

QList<QAction*> TrainPage::pageActions() const
{
    return {startAction_, pauseAction_, stopAction_, pasteAction_, fitAction_, exportReportAction_, exportModelAction_};
}

// ---- dataset -------------------------------------------------------------------------------------------

void TrainPage::setDataset(const QString& yamlPath)
{
    yamlPath_ = yamlPath;
    dataset_.reset();
    check_.reset();
    startAnyway_->setChecked(false);
    // The form shows the open dataset (a new dataset starts a new undo history of the setup).
    ys::TrainConfig c = form_->config();
    const std::string data = yamlPath.isEmpty() ? std::string() : QFileInfo(yamlPath).absoluteFilePath().toStdString();
    if (c.data != data) {
        c.data = data;
        applyRememberedDatasetValues(c);   // the last session's classes, run name and folder for this dataset
        form_->setConfig(c);
    }
    updatePreflight();
}

void TrainPage::setCheckResult(std::shared_ptr<const ys::Dataset> dataset, std::shared_ptr<const ys::CheckResult> check)
{
    if (!dataset || QString::fromStdString(dataset->spec.yamlPath) != QFileInfo(yamlPath_).absoluteFilePath())
        setDataset(dataset ? QString::fromStdString(dataset->spec.yamlPath) : QString());
    dataset_ = std::move(dataset);
    check_ = std::move(check);
    updatePreflight();
}

void TrainPage::setProjectFolder(const QString& folder)
{
    projectFolder_ = folder;
}

QString TrainPage::projectFolder() const
{
    if (!projectFolder_.isEmpty())
        return projectFolder_;
    const QString runs = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("runs"));
    const QString name = yamlPath_.isEmpty() ? QStringLiteral("no-dataset") : QFileInfo(yamlPath_).absoluteDir().dirName();
    return QDir(runs).filePath(name);
}

ys::TrainConfig TrainPage::runConfig() const
{
    ys::TrainConfig c = form_->config();
    if (!yamlPath_.isEmpty())
        c.data = QFileInfo(yamlPath_).absoluteFilePath().toStdString();
    // The setup's project when the user chose one, else the studio's folder for this dataset.
    if (c.project == ys::TrainConfig().project)
        c.project = projectFolder().toStdString();
    return c;
}

void TrainPage::setStartAnyway(bool on)
{
    startAnyway_->setChecked(on);
}

// ---- pre-flight ----------------------------------------------------------------------------------------

std::optional<ys::memory::MemoryStats> TrainPage::deviceStats(const std::string& device) const
{
    return monitor_->stats(QString::fromStdString(device));
}

void TrainPage::watchDevice()
{
    const std::string device = controller_->active() ? controller_->config().device : runConfig().device;
    monitor_->watch(this, QString::fromStdString(device));
}

PreflightReport TrainPage::preflight() const
{
    PreflightInput in;
    in.datasetOpen = !yamlPath_.isEmpty();
    in.datasetName = QFileInfo(yamlPath_).absoluteDir().dirName();
    in.datasetPath = yamlPath_.isEmpty() ? QString() : QFileInfo(yamlPath_).absoluteFilePath();
    in.check = check_ && !check_->summary.cancelled ? &check_->summary : nullptr;
    in.dataset = in.check ? dataset_.get() : nullptr;
    in.config = runConfig();
    for (const ys::ConfigProblem& p : form_->problems())   // each in the user's language, named by its key
        in.configErrors << QStringLiteral("%1: %2").arg(QString::fromStdString(p.key), problemText(p));
    in.setupData = QString::fromStdString(form_->config().data);
    in.device = deviceStats(in.config.device);
    in.deviceChecking = !monitor_->hasSample(QString::fromStdString(in.config.device));
    in.noGpuReason = form_->devicePicker() ? form_->devicePicker()->noGpuReason() : QString();
    in.startAnyway = startAnyway_->isChecked();
    in.fit = fit_;
    return Preflight::evaluate(in);
}

void TrainPage::updatePreflight()
{
    if (!preflightLayout_)
        return;
    const PreflightReport report = preflight();
    QStringList shown;
    for (const PreflightItem& item : report.items)
        shown << QStringLiteral("%1|%2|%3").arg(static_cast<int>(item.level)).arg(static_cast<int>(item.action)).arg(item.text);
    shown << QString::number(fitAvailable_);
    for (const ys::fit::StageFit& st : report.stages)
        for (int c = 0; c < StageFitModel::ColumnCount; ++c)
            shown << StageFitModel::cellText(st, StageFitModel::Column(c));
    if (shown == shownPreflight_) {   // the 2 s refresh usually finds nothing new: keep the widgets
        updateActions();
        return;
    }
    shownPreflight_ = shown;
    while (QLayoutItem* item = preflightLayout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (const PreflightItem& item : report.items) {
        if (item.action == PreflightItem::Action::StartAnyway)
            continue;  // the check box below the list
        auto* label = new QLabel(preflightBox_);
        label->setWordWrap(true);
        label->setTextFormat(Qt::RichText);
        QString link;
        switch (item.action) {
        case PreflightItem::Action::ShowFindings:
            link = QStringLiteral(" <a href=\"findings\">%1</a>").arg(tr("Show the findings").toHtmlEscaped());
            break;
        case PreflightItem::Action::OpenDataset:
            link = QStringLiteral(" <a href=\"dataset\">%1</a>").arg(tr("Open a dataset").toHtmlEscaped());
            break;
        case PreflightItem::Action::FitToGpu:
            if (fitAvailable_)
                link = QStringLiteral(" <a href=\"fit\">%1</a>").arg(tr("Fit to my GPU").toHtmlEscaped());
            break;
        case PreflightItem::Action::None:
        case PreflightItem::Action::StartAnyway: break;
        }
        label->setText(QStringLiteral("<span style=\"color:%1\">%2</span> %3%4")
                           .arg(levelColor(item.level).name(), levelIcon(item.level), item.text.toHtmlEscaped(), link));
        label->setProperty("ysLevel", static_cast<int>(item.level));
        connect(label, &QLabel::linkActivated, this, &TrainPage::onPreflightLink);
        preflightLayout_->addWidget(label);
    }
    preflightStages_->setStages(report.stages);
    preflightStagesView_->setVisible(!report.stages.empty());
    if (!report.stages.empty())   // every stage in view, no scroll bar
        preflightStagesView_->setFixedHeight(preflightStagesView_->horizontalHeader()->sizeHint().height() +
                                             static_cast<int>(report.stages.size()) *
                                                 preflightStagesView_->verticalHeader()->defaultSectionSize() +
                                             2 * preflightStagesView_->frameWidth());
    startAnyway_->setVisible(report.datasetErrors);
    updateActions();
}

void TrainPage::onPreflightLink(const QString& link)
{
    if (link == QLatin1String("findings"))
        emit showFindingsRequested();
    else if (link == QLatin1String("dataset"))
        emit openDatasetRequested();
    else if (link == QLatin1String("fit") && fitAction_->isEnabled())
        fitAction_->trigger();
}

// ---- runs ----------------------------------------------------------------------------------------------

bool TrainPage::start()
{
    if (controller_->active())
        return false;
    const PreflightReport report = preflight();
    if (!report.canStart) {
        updatePreflight();
        return false;
    }
    const ys::TrainConfig cfg = runConfig();
    int64_t budget = 0;
    if (!cfg.vram.empty()) {
        const auto dev = deviceStats(cfg.device);
        // Each process's budget, as the run holds it: the CPU processes (processes(); 0 for GPUs) share vram.
        if (auto b = ys::memory::parseMemoryBudget(cfg.vram, dev ? dev->deviceTotal : 0))
            budget = ys::processBudget(*b, /*cuda=*/false, std::max(1, processes()));
    }
    dashboard_->beginRun(cfg, budget);
    // Data parallel: one memory line per rank and the world batch (each rank trains batch / processes).
    const int ranks = ys::dist::localProcesses(cfg.device, processes());
    if (ranks > 1)
        dashboard_->setWorld(ranks, Dashboard::rankDevices(cfg.device, ranks), cfg.batch);
    // The fit only for the setup it was made for: its predicted peak, and fit.json in the run folder.
    const bool fitApplies = fit_ && ys::fit::fitDifferences(*fit_, cfg).empty();
    if (fitApplies)
        dashboard_->setPredictedPeak(fit_->recommended.predictedPeakBytes);
    if (dataset_)
        dashboard_->preview()->setSamples(PredictionPreview::pickSamples(*dataset_), [this] {
            QStringList names;
            for (const std::string& n : dataset_->spec.names)
                names << QString::fromStdString(n);
            return names;
        }());
    runTitle_ = QFileInfo(QString::fromStdString(cfg.data)).absoluteDir().dirName();
    dashboard_->addNote(tr("Training %1 on %2 (%3 epochs, imgsz %4); run folder under %5")
                            .arg(QString::fromStdString(cfg.model), runTitle_)
                            .arg(cfg.epochs)
                            .arg(cfg.imgsz)
                            .arg(QDir::toNativeSeparators(QString::fromStdString(cfg.project))));
    lastRunDir_.clear();
    // A resumed run takes every resumable key from the form (the run's own values unless the user changed
    // them), whatever its value.
    ys::TrainOptions options;
    if (!cfg.resume.empty())
        options.givenKeys = ys::resumableKeys();
    if (fitApplies)
        options.fit = fit_;
    return controller_->start(cfg, options, processes());
}

int TrainPage::processes() const
{
    return form_->devicePicker() ? form_->devicePicker()->processes() : 0;
}

void TrainPage::pause()
{
    controller_->pause();
}

void TrainPage::resume()
{
    controller_->resume();
}

void TrainPage::stop()
{
    if (controller_->state() == TrainController::State::Running || controller_->state() == TrainController::State::Paused)
        dashboard_->addNote(tr("Stopping after the current step; weights/last.pt will hold the weights."),
                            LogModel::Kind::Warning);
    controller_->stop();
}

bool TrainPage::showRun(const ys::RunRecord& run)
{
    if (controller_->active())
        return false;
    runTitle_ = QString::fromStdString(run.summary.name);
    dashboard_->showRun(run);
    return true;
}

void TrainPage::onStateChanged(TrainController::State state)
{
    switch (state) {
    case TrainController::State::Running: dashboard_->setState([] { return tr("Training"); }); break;
    case TrainController::State::Paused: dashboard_->setState([] { return tr("Pausing after this step…"); }); break;
    case TrainController::State::Stopping: dashboard_->setState([] { return tr("Stopping…"); }); break;
    case TrainController::State::Idle: break;
    }
    form_->setEnabled(state == TrainController::State::Idle);
    watchDevice();
    pauseAction_->setText(state == TrainController::State::Paused ? tr("&Resume") : tr("&Pause"));
    pauseAction_->setIcon(ys::ui::icon(state == TrainController::State::Paused ? IconId::Start : IconId::Pause));
    updateActions();
    updateStatus();
    emit titleChanged();
}

void TrainPage::onFinished(const ys::TrainSummary& s)
{
    ys::RunStatus status = ys::RunStatus::Finished;
    QString message;
    const QString best = s.best.validated
                             ? tr("best mAP50-95 %1 at epoch %2").arg(QLocale().toString(s.best.map50_95, 'f', 3)).arg(s.best.epoch)
                             : tr("no validated epoch");
    if (s.stoppedByUser) {
        status = ys::RunStatus::StoppedByUser;
        message = tr("Stopped by you after %n epoch(s); %1. weights/last.pt can be resumed.", nullptr, s.epochsCompleted).arg(best);
    } else if (s.stoppedEarly) {
        status = ys::RunStatus::StoppedEarly;
        message = tr("No improvement for the patience window: stopped after %n epoch(s); %1.", nullptr, s.epochsCompleted).arg(best);
    } else {
        message = tr("Finished %n epoch(s); %1.", nullptr, s.epochsCompleted).arg(best);
    }
    const bool resumable = s.stoppedByUser;   // its last.pt holds the weights at the stop
    dashboard_->setState(status, resumable);
    dashboard_->addNote(message + QLatin1Char(' ') + QDir::toNativeSeparators(QString::fromStdString(s.runDir)));
    lastRunDir_ = QString::fromStdString(s.runDir);
    emit runFolderChanged(lastRunDir_);
    emit runEnded(tr("Training of %1: %2").arg(runTitle_, RunText::status(status, resumable)), message, false, controller_->secondsSinceStart());
}

void TrainPage::onFailed(const ys::Error& error)
{
    dashboard_->setState(ys::RunStatus::Failed, false);
    dashboard_->addNote(QString::fromStdString(error.toString()), LogModel::Kind::Error);
    if (!lastRunDir_.isEmpty())
        emit runFolderChanged(lastRunDir_);
    emit runEnded(tr("Training of %1 failed").arg(runTitle_), QString::fromStdString(error.message), true,
                  controller_->secondsSinceStart());
    if (!closePending_)
        emit errorOccurred(tr("The training run stopped with an error."), error);
}

void TrainPage::onEnded()
{
    dashboard_->endRun();
    form_->setEnabled(true);
    updatePreflight();
    updateActions();
    updateStatus();
    if (closePending_) {
        closePending_ = false;
        emit closeReady();
    }
}

void TrainPage::updateActions()
{
    const TrainController::State st = controller_->state();
    const bool idle = st == TrainController::State::Idle;
    startAction_->setEnabled(idle && preflight().canStart);
    pauseAction_->setEnabled(st == TrainController::State::Running || st == TrainController::State::Paused);
    stopAction_->setEnabled(st == TrainController::State::Running || st == TrainController::State::Paused);
    fitAction_->setEnabled(fitAvailable_ && idle);
    pasteAction_->setEnabled(idle && !form_->resumeMode());
    exportReportAction_->setEnabled(idle && !lastRunDir_.isEmpty());
    exportModelAction_->setEnabled(idle && !lastRunDir_.isEmpty());
}

void TrainPage::pasteCommand()
{
    if (!pasteAction_->isEnabled())
        return;
    auto* dialog = new PasteCommandDialog(form_->config(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFitAvailable(fitAction_->isEnabled());
    // The devices the picker listed (off the GUI thread), so a GPU this machine lacks is named at import.
    if (const DevicePicker* picker = form_->devicePicker(); picker && !picker->model()->devices().empty()) {
        QStringList ids;
        for (const ys::memory::DeviceInfo& d : picker->model()->devices())
            ids << QString::fromStdString(d.id);
        dialog->setMachineDevices(ids);
    }
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QMap<QString, QString> values = dialog->values();
        if (!values.isEmpty())
            form_->applyValues(values, tr("Paste Command"));
        if (dialog->fitRequested() && fitAction_->isEnabled())
            fitAction_->trigger();
    });
    dialog->open();
}

void TrainPage::setFitAvailable(bool available)
{
    fitAvailable_ = available;
    retranslate();
    updateActions();
}

void TrainPage::applyFit(const FitApplication& application)
{
    form_->applyValues(application.values, application.undoText);
    setFitResult(application.result);
}

void TrainPage::loadForResume(const ResumeRequest& request)
{
    form_->setConfig(request.config);
}

void TrainPage::setFitResult(const ys::fit::FitResult& result)
{
    fit_ = result;
    updatePreflight();
}

// ---- status, state, close ------------------------------------------------------------------------------

QString TrainPage::statusText() const
{
    const ys::TrainConfig cfg = controller_->active() ? controller_->config() : form_->config();
    QStringList parts;
    parts << DeviceText::label(cfg.device);
    if (const auto dev = deviceStats(cfg.device); dev && dev->deviceFree > 0)
        parts << tr("%1 free").arg(formatBytes(dev->deviceFree));
    const RunProgress& p = dashboard_->progress();
    switch (controller_->state()) {
    case TrainController::State::Idle: parts << tr("idle"); break;
    case TrainController::State::Running:
        parts << (p.epoch() > 0 ? tr("training epoch %1 of %2").arg(p.epoch()).arg(p.epochs()) : tr("starting"));
        break;
    case TrainController::State::Paused: parts << tr("paused in epoch %1").arg(p.epoch()); break;
    case TrainController::State::Stopping: parts << tr("stopping"); break;
    }
    return parts.join(QStringLiteral(" · "));
}

void TrainPage::updateStatus()
{
    emit statusChanged(statusText());
}

void TrainPage::saveState(QSettings& s) const
{
    s.setValue(kSplitterKey, splitter_->saveState());
    s.setValue(kDashboardSplitterKey, dashboard_->splitter()->saveState());
    s.setValue(kDashboardTabKey, dashboard_->bottomTabs()->currentIndex());
    // The setup as the user left it; a resumed run's settings are the run's, so the setup before it stays.
    if (form_->resumeMode())
        return;
    const ys::TrainConfig c = form_->config();
    static const ys::TrainConfig defaults;
    QVariantMap general, dataset;
    for (const ys::ConfigKey& k : ys::configKeys()) {
        const std::string_view key = k.name;
        if (key == "data" || key == "resume" || c.get(k.name) == defaults.get(k.name))
            continue;
        (datasetSpecific(key) ? dataset : general).insert(QString::fromLatin1(k.name), QString::fromStdString(*c.get(k.name)));
    }
    s.setValue(kSetupKey, general);
    s.setValue(kSetupDatasetKey, QString::fromStdString(c.data));
    s.setValue(kSetupDatasetValuesKey, dataset);
}

void TrainPage::restoreState(const QSettings& s)
{
    splitterRestored_ = splitter_->restoreState(s.value(kSplitterKey).toByteArray());
    dashboard_->splitter()->restoreState(s.value(kDashboardSplitterKey).toByteArray());
    dashboard_->bottomTabs()->setCurrentIndex(s.value(kDashboardTabKey, 0).toInt());
    if (controller_->active() || form_->resumeMode())
        return;
    // The last setup over the defaults, key by key in the schema's order (stages after epochs); a value this
    // version reads no more is left at its default.
    const QVariantMap general = s.value(kSetupKey).toMap();
    ys::TrainConfig c;
    c.data = form_->config().data;
    for (const ys::ConfigKey& k : ys::configKeys()) {
        const QString key = QString::fromLatin1(k.name);
        if (general.contains(key) && !datasetSpecific(k.name) && key != QLatin1String("data") && key != QLatin1String("resume"))
            c.trySet(k.name, general.value(key).toString().toStdString());
    }
    rememberedDataset_ = s.value(kSetupDatasetKey).toString();
    rememberedDatasetValues_ = s.value(kSetupDatasetValuesKey).toMap();
    applyRememberedDatasetValues(c);
    form_->setConfig(c);
}

bool TrainPage::applyRememberedDatasetValues(ys::TrainConfig& config)
{
    if (rememberedDatasetValues_.isEmpty() || config.data.empty() ||
        QFileInfo(QString::fromStdString(config.data)).absoluteFilePath() != QFileInfo(rememberedDataset_).absoluteFilePath())
        return false;
    for (auto it = rememberedDatasetValues_.cbegin(); it != rememberedDatasetValues_.cend(); ++it)
        if (datasetSpecific(it.key().toStdString()))
            config.trySet(it.key().toStdString(), it.value().toString().toStdString());
    rememberedDatasetValues_.clear();   // once: after that they are the form's
    return true;
}

bool TrainPage::prepareClose()
{
    if (!controller_->active())
        return true;
    if (closePending_)
        return false;   // already stopping; the window closes when the run has ended
    QMessageBox box(this);
    box.setIcon(QMessageBox::Question);
    box.setWindowTitle(tr("YOLO Studio"));
    box.setText(tr("A training run is in progress."));
    box.setInformativeText(tr("Stop it and close? The run stops after the current step and writes "
                              "weights/last.pt, so you can resume it later."));
    QPushButton* stopClose = box.addButton(tr("Stop and Close"), QMessageBox::AcceptRole);
    box.addButton(tr("Keep Training"), QMessageBox::RejectRole);
    box.setDefaultButton(stopClose);
    box.exec();
    if (box.clickedButton() != stopClose)
        return false;
    closePending_ = true;
    stop();
    return false;
}

}  // namespace ys::ui
