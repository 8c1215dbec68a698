#include "ui/fit/fitdialog.h"

#include "fit/apply.h"

#include "ui/common/bytes.h"
#include "ui/common/devicetext.h"

#include "memory/devices.h"
#include "memory/memory.h"
#include "ui/charts/breakdownchart.h"
#include "ui/fit/fitbreakdown.h"
#include "ui/fit/fittablemodel.h"
#include "ui/fit/fittext.h"
#include "ui/fit/stagefitmodel.h"

#include <QButtonGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QRadioButton>
#include <QScrollBar>
#include <QScreen>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>

namespace ys::ui {
namespace {

constexpr double kDefaultCustomGiB = 12.0;  // the most common card among the users (RTX 3060 12 GB)
constexpr double kMaxCustomGiB = 1024.0;
const char* const kCustomTarget = "custom";
// The Train-on entry that fits for this computer's CPU and memory when the setup's device is a GPU (device=cpu).
const char* const kCpuTarget = "cpu";
// The dialog's size when the screen allows: the results' chart and the whole scale table side by side, and the
// notes below them without a scroll bar.
constexpr int kPreferredWidth = 1180;
constexpr int kPreferredHeight = 880;
// Room left around the dialog on a small screen (the window frame, a panel).
constexpr int kScreenMargin = 48;
constexpr int kColumnSlack = 4;   // px a scale-table column gets beyond its measured text

// QSettings keys.
const char* const kBudgetKey = "fit/budget";
const char* const kTargetKey = "fit/target";
const char* const kCustomKey = "fit/customGiB";
const char* const kModeKey = "fit/largestImgsz";

// Range and step of an Int key of the schema; `minimum` raises the lower end (batch: -1 means auto there).
void applyRange(QSpinBox* spin, const char* key, int minimum)
{
    if (const ys::ConfigKey* k = ys::findConfigKey(key)) {
        spin->setRange(std::max(minimum, static_cast<int>(k->min)), static_cast<int>(k->max));
        spin->setSingleStep(std::max(1, static_cast<int>(k->step)));
    }
}

QLabel* wrapLabel(QWidget* parent)
{
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

}  // namespace

FitDialog::FitDialog(const ys::TrainConfig& config, QWidget* parent)
    : QDialog(parent), config_(config), controller_(new FitController(this))
{
    setObjectName(QStringLiteral("FitDialog"));
    setSizeGripEnabled(true);
    auto* layout = new QVBoxLayout(this);
    contextLabel_ = wrapLabel(this);
    layout->addWidget(contextLabel_);
    layout->addWidget(buildInputs());

    auto* progressRow = new QHBoxLayout;
    progressBar_ = new QProgressBar(this);
    progressBar_->setObjectName(QStringLiteral("progressBar"));
    progressBar_->setTextVisible(true);
    progressBar_->setMaximumWidth(260);
    stageLabel_ = new QLabel(this);
    stageLabel_->setObjectName(QStringLiteral("stageLabel"));
    stageLabel_->setWordWrap(true);   // a long reason (the driver's) wraps instead of widening the dialog
    progressRow->addWidget(progressBar_);
    progressRow->addWidget(stageLabel_, 1);
    layout->addLayout(progressRow);

    // The results scroll inside the dialog rather than growing it past a small screen (the Chinese labels made
    // it 833 px tall on a 1280 x 800 screen).
    auto* resultsScroll = new QScrollArea(this);
    resultsScroll->setObjectName(QStringLiteral("resultsScroll"));
    resultsScroll->setWidgetResizable(true);
    resultsScroll->setFrameShape(QFrame::NoFrame);
    resultsScroll->setWidget(buildResults());
    layout->addWidget(resultsScroll, 1);

    auto* buttons = new QHBoxLayout;
    runButton_ = new QPushButton(this);
    runButton_->setObjectName(QStringLiteral("runButton"));
    runButton_->setDefault(true);
    runButton_->setAutoDefault(true);
    cancelButton_ = new QPushButton(this);
    cancelButton_->setObjectName(QStringLiteral("cancelButton"));
    cancelButton_->setAutoDefault(false);
    applyButton_ = new QPushButton(this);
    applyButton_->setObjectName(QStringLiteral("applyButton"));
    applyButton_->setAutoDefault(false);
    closeButton_ = new QPushButton(this);
    closeButton_->setAutoDefault(false);
    buttons->addWidget(runButton_);
    buttons->addWidget(cancelButton_);
    buttons->addStretch(1);
    buttons->addWidget(applyButton_);
    buttons->addWidget(closeButton_);
    layout->addLayout(buttons);

    connect(runButton_, &QPushButton::clicked, this, &FitDialog::runFit);
    connect(cancelButton_, &QPushButton::clicked, this, &FitDialog::cancelFit);
    connect(applyButton_, &QPushButton::clicked, this, &FitDialog::apply);
    connect(closeButton_, &QPushButton::clicked, this, &FitDialog::reject);
    connect(controller_, &FitController::busyChanged, this, &FitDialog::setRunning);
    connect(controller_, &FitController::progress, this, &FitDialog::showProgress);
    connect(controller_, &FitController::finished, this, [this](const FitOutcome& outcome) {
        outcome_ = outcome;
        error_.reset();
        checkpointCombo_->clear();   // a new fit's proposals: none chosen
        showOutcome();
        showIdleStage();
        emit fitFinished(true);
    });
    connect(controller_, &FitController::failed, this, [this](const ys::Error& error) {
        error_ = error;
        showError();
        emit fitFinished(false);
    });

    loadSettings();
    setConfig(config);
    setRunning(false);
    retranslate();
    queryDevice();
    const QScreen* screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
    resize(defaultSize(screen ? screen->availableGeometry().size() : QSize(kPreferredWidth, kPreferredHeight)));
}

QSize FitDialog::defaultSize(const QSize& available)
{
    return {std::min(kPreferredWidth, available.width() - kScreenMargin),
            std::min(kPreferredHeight, available.height() - kScreenMargin)};
}

FitDialog::~FitDialog() = default;

// ---- building -----------------------------------------------------------------------------------------

QWidget* FitDialog::buildInputs()
{
    inputsBox_ = new QGroupBox(this);
    auto* grid = new QGridLayout(inputsBox_);

    budgetLabel_ = new QLabel(inputsBox_);
    budgetEdit_ = new QLineEdit(inputsBox_);
    budgetEdit_->setClearButtonEnabled(true);
    budgetLabel_->setBuddy(budgetEdit_);
    budgetFeedback_ = wrapLabel(inputsBox_);
    budgetFeedback_->setObjectName(QStringLiteral("budgetFeedback"));
    grid->addWidget(budgetLabel_, 0, 0);
    grid->addWidget(budgetEdit_, 0, 1);
    grid->addWidget(budgetFeedback_, 0, 2, 1, 2);

    targetLabel_ = new QLabel(inputsBox_);
    targetCombo_ = new QComboBox(inputsBox_);
    targetCombo_->setSizeAdjustPolicy(QComboBox::AdjustToContents);   // "This device (CPU, 23.5 GiB)" in full
    targetLabel_->setBuddy(targetCombo_);
    customSpin_ = new QDoubleSpinBox(inputsBox_);
    customSpin_->setObjectName(QStringLiteral("customTargetSpin"));
    customSpin_->setRange(1.0, kMaxCustomGiB);
    customSpin_->setDecimals(1);
    customSpin_->setSingleStep(1.0);
    customSpin_->setValue(kDefaultCustomGiB);
    targetHint_ = wrapLabel(inputsBox_);
    targetHint_->setObjectName(QStringLiteral("targetHint"));
    grid->addWidget(targetLabel_, 1, 0);
    grid->addWidget(targetCombo_, 1, 1);
    grid->addWidget(customSpin_, 1, 2);
    grid->addWidget(targetHint_, 1, 3);

    modeLabel_ = new QLabel(inputsBox_);
    modeGroup_ = new QButtonGroup(this);
    batchMode_ = new QRadioButton(inputsBox_);
    imgszMode_ = new QRadioButton(inputsBox_);
    imgszMode_->setObjectName(QStringLiteral("imgszModeButton"));
    modeGroup_->addButton(batchMode_);
    modeGroup_->addButton(imgszMode_);
    batchMode_->setChecked(true);
    imgszSpin_ = new QSpinBox(inputsBox_);
    imgszSpin_->setObjectName(QStringLiteral("imgszSpin"));
    applyRange(imgszSpin_, "imgsz", 32);
    batchSpin_ = new QSpinBox(inputsBox_);
    batchSpin_->setObjectName(QStringLiteral("batchSpin"));
    applyRange(batchSpin_, "batch", 1);
    auto* modeRow1 = new QHBoxLayout;
    modeRow1->addWidget(batchMode_);
    modeRow1->addWidget(imgszSpin_);
    modeRow1->addStretch(1);
    auto* modeRow2 = new QHBoxLayout;
    modeRow2->addWidget(imgszMode_);
    modeRow2->addWidget(batchSpin_);
    modeRow2->addStretch(1);
    grid->addWidget(modeLabel_, 2, 0);
    grid->addLayout(modeRow1, 2, 1, 1, 3);
    grid->addLayout(modeRow2, 3, 1, 1, 3);

    ampLabel_ = new QLabel(inputsBox_);
    ampCombo_ = new QComboBox(inputsBox_);
    ampLabel_->setBuddy(ampCombo_);
    if (const ys::ConfigKey* k = ys::findConfigKey("amp"))
        for (const std::string& c : k->choices)
            ampCombo_->addItem(QString::fromStdString(c), QString::fromStdString(c));
    grid->addWidget(ampLabel_, 4, 0);
    grid->addWidget(ampCombo_, 4, 1);
    grid->setColumnStretch(3, 1);

    connect(budgetEdit_, &QLineEdit::textChanged, this, &FitDialog::updateBudgetFeedback);
    connect(targetCombo_, &QComboBox::currentIndexChanged, this, &FitDialog::updateInputs);
    connect(customSpin_, &QDoubleSpinBox::valueChanged, this, &FitDialog::updateInputs);
    connect(batchMode_, &QRadioButton::toggled, this, &FitDialog::updateInputs);
    return inputsBox_;
}

QWidget* FitDialog::buildResults()
{
    results_ = new QWidget(this);
    auto* v = new QVBoxLayout(results_);
    v->setContentsMargins(0, 0, 0, 0);
    placeholder_ = wrapLabel(results_);
    placeholder_->setAlignment(Qt::AlignCenter);
    v->addWidget(placeholder_);
    errorLabel_ = wrapLabel(results_);
    errorLabel_->setObjectName(QStringLiteral("errorLabel"));
    errorLabel_->setStyleSheet(QStringLiteral("color: #c62828;"));
    v->addWidget(errorLabel_);

    headline_ = wrapLabel(results_);

    headline_->setObjectName(QStringLiteral("recommendationLabel"));
    QFont big = headline_->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    headline_->setFont(big);
    v->addWidget(headline_);

    auto* facts = new QFormLayout;
    marginTitle_ = new QLabel(results_);
    marginLabel_ = wrapLabel(results_);
    marginLabel_->setObjectName(QStringLiteral("marginLabel"));
    accumulationTitle_ = new QLabel(results_);
    accumulationLabel_ = wrapLabel(results_);
    accumulationLabel_->setObjectName(QStringLiteral("accumulationLabel"));
    certaintyTitle_ = new QLabel(results_);
    certaintyLabel_ = wrapLabel(results_);
    certaintyLabel_->setObjectName(QStringLiteral("certaintyLabel"));
    facts->addRow(marginTitle_, marginLabel_);
    facts->addRow(accumulationTitle_, accumulationLabel_);
    facts->addRow(certaintyTitle_, certaintyLabel_);
    // The fit's checkpointing proposals (when the wanted batch or image size does not fit without): the one
    // chosen is applied with the rest.
    checkpointTitle_ = new QLabel(results_);
    checkpointCombo_ = new QComboBox(results_);
    checkpointCombo_->setObjectName(QStringLiteral("checkpointCombo"));
    checkpointCombo_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    checkpointTitle_->setBuddy(checkpointCombo_);
    facts->addRow(checkpointTitle_, checkpointCombo_);
    v->addLayout(facts);
    connect(checkpointCombo_, &QComboBox::currentIndexChanged, this, &FitDialog::updateApplyEnabled);

    // A staged setup: each stage fitted at its own image size.
    stagesTitle_ = new QLabel(results_);
    stageModel_ = new StageFitModel(this);
    stageModel_->setObjectName(QStringLiteral("stageModel"));
    stageView_ = new QTableView(results_);
    stageView_->setObjectName(QStringLiteral("stageFitView"));
    stageView_->setModel(stageModel_);
    stageView_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    stageView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    stageView_->verticalHeader()->setVisible(false);
    stageView_->verticalHeader()->setDefaultSectionSize(stageView_->fontMetrics().height() + 6);
    stageView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    stageView_->horizontalHeader()->setSectionResizeMode(StageFitModel::CheckpointColumn, QHeaderView::Stretch);
    stageView_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    stageView_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    v->addWidget(stagesTitle_);
    v->addWidget(stageView_);

    splitter_ = new QSplitter(Qt::Horizontal, results_);
    auto* chartBox = new QWidget(splitter_);
    auto* chartLayout = new QVBoxLayout(chartBox);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartTitle_ = new QLabel(chartBox);
    chartTabs_ = new QTabWidget(chartBox);
    chart_ = new BreakdownChart(chartTabs_);
    layersChart_ = new BreakdownChart(chartTabs_);
    chartTabs_->addTab(chart_, QString());
    chartTabs_->addTab(layersChart_, QString());
    chartLayout->addWidget(chartTitle_);
    chartLayout->addWidget(chartTabs_, 1);
    auto* tableBox = new QWidget(splitter_);
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableTitle_ = new QLabel(tableBox);
    tableModel_ = new FitTableModel(this);
    tableModel_->setObjectName(QStringLiteral("tableModel"));
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(tableModel_);
    proxy->setSortRole(Qt::UserRole);
    tableView_ = new QTableView(tableBox);
    tableView_->setObjectName(QStringLiteral("tableView"));
    tableView_->setModel(proxy);
    tableView_->setSortingEnabled(true);
    tableView_->sortByColumn(-1, Qt::AscendingOrder);
    tableView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    tableView_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tableView_->verticalHeader()->setVisible(false);
    tableView_->verticalHeader()->setDefaultSectionSize(tableView_->fontMetrics().height() + 6);
    tableView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tableView_->horizontalHeader()->setStretchLastSection(true);
    tableView_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);   // the width it needs does not change
    tableLayout->addWidget(tableTitle_);
    tableLayout->addWidget(tableView_, 1);
    splitter_->addWidget(chartBox);
    splitter_->addWidget(tableBox);
    // The table as wide as its columns (fitSplitter), the chart the rest; a wider dialog widens the chart.
    splitter_->setStretchFactor(0, 1);
    splitter_->setStretchFactor(1, 0);
    splitter_->setSizes({520, 600});
    splitter_->installEventFilter(this);
    v->addWidget(splitter_, 1);

    notesTitle_ = new QLabel(results_);
    notesLabel_ = wrapLabel(results_);
    notesLabel_->setObjectName(QStringLiteral("notesLabel"));
    notesLabel_->setTextFormat(Qt::RichText);
    v->addWidget(notesTitle_);
    v->addWidget(notesLabel_);
    return results_;
}

// ---- inputs ---------------------------------------------------------------------------------------------

void FitDialog::setConfig(const ys::TrainConfig& config)
{
    config_ = config;
    imgszSpin_->setValue(config_.imgsz);
    if (config_.batch > 0)
        batchSpin_->setValue(config_.batch);
    else
        batchSpin_->setValue(ys::TrainConfig{}.batch);
    const int amp = ampCombo_->findData(QString::fromStdString(config_.amp));
    ampCombo_->setCurrentIndex(std::max(0, amp));
    if (!config_.vram.empty())
        budgetEdit_->setText(QString::fromStdString(config_.vram));
    fillTargets();   // the CPU entry follows the setup's device
    fillContext();
    updateInputs();
}

void FitDialog::loadSettings()
{
    QSettings s;
    budgetEdit_->setText(s.value(QLatin1String(kBudgetKey)).toString());
    customSpin_->setValue(s.value(QLatin1String(kCustomKey), kDefaultCustomGiB).toDouble());
    (s.value(QLatin1String(kModeKey), false).toBool() ? imgszMode_ : batchMode_)->setChecked(true);
    fillTargets();
    const int t = targetCombo_->findData(s.value(QLatin1String(kTargetKey)).toString());
    targetCombo_->setCurrentIndex(std::max(0, t));
}

void FitDialog::saveSettings() const
{
    QSettings s;
    s.setValue(QLatin1String(kBudgetKey), budgetEdit_->text().trimmed());
    s.setValue(QLatin1String(kTargetKey), targetCombo_->currentData().toString());
    s.setValue(QLatin1String(kCustomKey), customSpin_->value());
    s.setValue(QLatin1String(kModeKey), imgszMode_->isChecked());
}

void FitDialog::fillTargets()
{
    const QString current = targetCombo_->currentData().toString();
    const QSignalBlocker block(targetCombo_);
    targetCombo_->clear();
    QString here = DeviceText::label(config_.device);
    if (deviceTotal_ > 0)
        here = tr("%1, %2").arg(here, formatBytes(deviceTotal_));
    targetCombo_->addItem(tr("This device (%1)").arg(here), QString());
    // Fitting for the CPU's memory is a fit like any other (device=cpu): offered when the setup is on a GPU.
    if (setupOnGpu()) {
        targetCombo_->addItem(cpuTotal_ > 0 ? tr("This computer's CPU (%1)").arg(formatBytes(cpuTotal_))
                                            : tr("This computer's CPU"),
                              QString::fromLatin1(kCpuTarget));
    }
    for (const auto& g : ys::fit::targetGpus())
        targetCombo_->addItem(QString::fromStdString(g.label), QString::fromStdString(g.name));
    targetCombo_->addItem(tr("Custom GPU…"), QString::fromLatin1(kCustomTarget));
    targetCombo_->setCurrentIndex(std::max(0, targetCombo_->findData(current)));
}

void FitDialog::fillContext()
{
    if (!contextLabel_)
        return;
    const QString data = config_.data.empty() ? tr("synthetic images (no dataset)")
                                              : QFileInfo(QString::fromStdString(config_.data)).fileName();
    QString dev = DeviceText::label(config_.device);
    if (deviceKnown_ && deviceTotal_ > 0)
        dev = tr("%1 (%2 total, %3 free)").arg(dev, formatBytes(deviceTotal_), formatBytes(deviceFree_));
    contextLabel_->setText(tr("Fitting <b>%1</b> on <b>%2</b> · device %3 · %4 loader workers · nominal batch %5 · "
                              "optimizer %6")
                               .arg(QString::fromStdString(config_.model).toHtmlEscaped(),
                                    data.toHtmlEscaped(), dev.toHtmlEscaped())
                               .arg(config_.workers)
                               .arg(config_.nbs)
                               .arg(QString::fromStdString(config_.optimizer).toHtmlEscaped()));
    contextLabel_->setToolTip(QString::fromStdString(config_.data));
}

void FitDialog::queryDevice()
{
    struct Figures {
        ys::Expected<ys::memory::MemoryStats> device, cpu;
    };
    const std::string device = config_.device;
    jobs_.start(this,
        [device]() -> ys::Expected<Figures> {
            // The driver's answer is probed once per process (dlopen + cuInit): here, not on the GUI thread.
            if (const auto spec = ys::parseDevice(device); spec && spec->cuda)
                (void)ys::memory::cudaDriverStatus();
            return Figures{ys::memory::currentStats(device), ys::memory::currentStats("cpu")};
        },
        [this](const ys::Expected<Figures>& f) {
            deviceTotal_ = f && f->device ? f->device->deviceTotal : 0;
            deviceFree_ = f && f->device ? f->device->deviceFree : 0;
            cpuTotal_ = f && f->cpu ? f->cpu->deviceTotal : 0;
            deviceKnown_ = true;
            fillTargets();
            fillContext();
            updateInputs();
        });
}

bool FitDialog::setupOnGpu() const
{
    // The device one process of the setup fits on: the first GPU of a list ("0,1").
    const auto spec = ys::parseDevice(ys::fit::fitRequestFor(config_, nproc_).device);
    return spec && spec->cuda;
}

bool FitDialog::cpuTargetChosen() const
{
    return targetCombo_->currentData().toString() == QLatin1String(kCpuTarget);
}

std::string FitDialog::targetName() const
{
    const QString data = targetCombo_->currentData().toString();
    if (data == QLatin1String(kCustomTarget))
        return "custom:" + QString::number(customSpin_->value(), 'g', 6).toStdString() + "GiB";
    if (data == QLatin1String(kCpuTarget))
        return {};
    return data.toStdString();
}

int64_t FitDialog::targetTotal() const
{
    const std::string name = targetName();
    if (cpuTargetChosen())
        return cpuTotal_;
    if (name.empty())
        return deviceTotal_;
    const auto gpu = ys::fit::findTargetGpu(name);
    return gpu ? gpu->totalBytes : 0;
}

void FitDialog::updateInputs()
{
    const bool custom = targetCombo_->currentData().toString() == QLatin1String(kCustomTarget);
    customSpin_->setVisible(custom);
    const bool planning = !targetName().empty();
    // A GPU of the setup that is not here cannot be measured: say why before Run, and where to go instead.
    const QString problem = !planning && !cpuTargetChosen() && deviceKnown_ && setupOnGpu()
                                ? FitText::deviceProblem(ys::fit::fitRequestFor(config_, nproc_).device,
                                                         ys::memory::cudaDriverStatus(), ys::memory::cudaBuild())
                                : QString();
    if (!problem.isEmpty())
        targetHint_->setText(tr("%1. Choose the CPU to fit for this computer's memory, or a card to plan for.")
                                 .arg(problem));
    else if (planning)
        targetHint_->setText(tr("Planning for a card this machine does not have: the fit measures here and "
                                "predicts for the card. The result says how certain that is."));
    else if (cpuTargetChosen())
        targetHint_->setText(tr("Measured on this computer's CPU; Apply also sets the device to the CPU."));
    else
        targetHint_->setText(tr("Measured on this device."));
    targetHint_->setStyleSheet(problem.isEmpty() ? QString() : QStringLiteral("color: #c62828;"));
    const bool idle = !running();
    imgszSpin_->setEnabled(idle && batchMode_->isChecked());
    batchSpin_->setEnabled(idle && imgszMode_->isChecked());
    updateBudgetFeedback();
}

void FitDialog::updateBudgetFeedback()
{
    const std::string text = budgetEdit_->text().trimmed().toStdString();
    const int64_t total = targetTotal();
    bool valid = true;
    QString feedback;
    if (text.empty()) {
        feedback = total > 0 ? tr("All of it: %1").arg(formatBytes(total)) : tr("All of the device's memory");
    } else {
        // Sizes do not depend on the total; a fraction needs it (not known until the device was read).
        const auto bytes = ys::memory::parseMemoryBudget(text, std::max<int64_t>(total, 1));
        valid = bytes.ok();
        if (!valid)
            feedback = tr("Not a size or a fraction: type e.g. 8GiB, 6000MB or 0.8.");
        else if (total > 0)
            feedback = tr("= %1 (%2% of %3)")
                           .arg(formatBytes(*bytes))
                           .arg(static_cast<int>(100.0 * static_cast<double>(*bytes) / static_cast<double>(total) + 0.5))
                           .arg(formatBytes(total));
        else
            feedback = *bytes > 1 ? tr("= %1").arg(formatBytes(*bytes)) : tr("a fraction of the device's memory");
    }
    budgetFeedback_->setText(feedback);
    budgetFeedback_->setStyleSheet(valid ? QString() : QStringLiteral("color: #c62828;"));
    runButton_->setEnabled(valid && !running());
}

// ---- running --------------------------------------------------------------------------------------------

ys::fit::FitRequest FitDialog::request() const
{
    // The request the trainer's batch=auto makes for the setup, then the dialog's own inputs.
    ys::TrainConfig setup = config_;
    if (cpuTargetChosen())
        setup.device = "cpu";   // fitted for this computer's CPU and memory; Apply writes device=cpu
    ys::fit::FitRequest req = ys::fit::fitRequestFor(setup, nproc_);
    req.imgsz = imgszSpin_->value();
    // The batch is the world's, as in the setup: one device fits its share.
    req.batch = imgszMode_->isChecked() ? std::max(1, batchSpin_->value() / req.world) : 0;
    req.amp = ampCombo_->currentData().toString().toStdString();
    // The budget of the machine's device (empty: all of it); on the CPU the fit gives each process its share.
    req.budget = budgetEdit_->text().trimmed().toStdString();
    req.targetGpu = targetName();
    return req;
}

bool FitDialog::running() const
{
    return controller_->busy();
}

bool FitDialog::runFit()
{
    if (running() || !runButton_->isEnabled())
        return false;
    error_.reset();
    errorLabel_->clear();
    errorLabel_->hide();
    saveSettings();
    lastStage_ = ys::ProgressStage::Unknown;
    lastDone_ = lastTotal_ = 0;
    const ys::fit::FitRequest req = request();
    requestDevice_ = req.device;
    return controller_->run(req);
}

void FitDialog::cancelFit()
{
    if (!running())
        return;
    controller_->cancel();
    stageLabel_->setText(tr("Cancelling after the current step…"));
    cancelButton_->setEnabled(false);
}

void FitDialog::setRunning(bool on)
{
    inputsBox_->setEnabled(!on);
    progressBar_->setVisible(on);
    cancelButton_->setVisible(on);
    cancelButton_->setEnabled(on);
    applyButton_->setEnabled(!on && application().has_value());
    if (on) {
        progressBar_->setRange(0, 0);  // busy until the first measured step
        showProgress(ys::ProgressStage::Unknown, 0, 0);
    }
    updateInputs();
}

void FitDialog::showProgress(ys::ProgressStage stage, qint64 done, qint64 total)
{
    lastStage_ = stage;
    lastDone_ = done;
    lastTotal_ = total;
    if (!running())
        return;
    if (controller_->cancelling()) {
        stageLabel_->setText(tr("Cancelling after the current step…"));
        return;
    }
    if (total > 0) {
        progressBar_->setRange(0, static_cast<int>(total));
        progressBar_->setValue(static_cast<int>(done));
    }
    stageLabel_->setText(FitText::stage(stage, done, total, config_.device));
}

void FitDialog::showError()
{
    if (!error_)
        return;
    if (error_->code == "fit.cancelled") {
        stageLabel_->setText(tr("Cancelled. The last result, if any, is still shown."));
        return;
    }
    // One line says why a device error happened (the driver's diagnosis); other errors get their details below.
    const QString why = error_->code == "fit.device"
                            ? FitText::deviceProblem(requestDevice_, ys::memory::cudaDriverStatus(), ys::memory::cudaBuild())
                            : QString();
    stageLabel_->setText(why.isEmpty() ? tr("The fit failed.") : tr("The fit failed: %1.").arg(why));
    errorLabel_->setText(FitText::error(*error_));
    errorLabel_->setVisible(why.isEmpty());
}

void FitDialog::showIdleStage()
{
    if (error_) {
        showError();
        return;
    }
    if (!outcome_) {
        stageLabel_->clear();
        return;
    }
    const auto& r = outcome_->result;
    // The probe always measures several steps (six per precision), so the plural needs no %n.
    stageLabel_->setText(tr("Measured %1 probe steps in %2 s.")
                             .arg(r.points.size())
                             .arg(QLocale().toString(r.probeSeconds, 'f', 1)));
}

void FitDialog::showOutcome()
{
    const bool has = outcome_.has_value();
    placeholder_->setVisible(!has);
    for (QWidget* w : std::initializer_list<QWidget*>{headline_, marginTitle_, marginLabel_, accumulationTitle_,
                                                       accumulationLabel_, certaintyTitle_, certaintyLabel_, splitter_,
                                                       notesTitle_, notesLabel_})
        w->setVisible(has);
    fillCheckpointChoices();
    updateApplyEnabled();
    const bool staged = has && !outcome_->result.stages.empty();
    stagesTitle_->setVisible(staged);
    stageView_->setVisible(staged);
    if (!has) {
        stageModel_->clear();
        tableModel_->clear();
        chart_->clear();
        layersChart_->clear();
        return;
    }
    const auto& r = outcome_->result;
    headline_->setText(FitText::recommendation(r, outcome_->largestImgsz));
    headline_->setStyleSheet(r.recommended.fits ? QString() : QStringLiteral("color: #c62828;"));
    marginLabel_->setText(FitText::margin(r));
    accumulationLabel_->setText(FitText::accumulation(r, config_.nbs));
    certaintyLabel_->setText(FitText::certainty(r));
    QString notes = QStringLiteral("<ul style=\"margin-left: 0px; -qt-list-indent: 1;\">");
    for (const QString& n : FitText::notes(r))
        notes += QStringLiteral("<li>%1</li>").arg(n.toHtmlEscaped());
    notes += QStringLiteral("</ul>");
    notesLabel_->setText(notes);
    tableModel_->setResult(r, outcome_->scale);
    stageModel_->setStages(r.stages);
    if (staged) {   // every stage in view without a scroll bar
        const int rows = stageModel_->rowCount();
        stageView_->setFixedHeight(stageView_->horizontalHeader()->sizeHint().height() +
                                   rows * stageView_->verticalHeader()->defaultSectionSize() + 2 * stageView_->frameWidth());
    }
    chart_->setData(fitChartData(r));
    layersChart_->setData(layerChartData(r.layers));
    chartTabs_->setTabEnabled(1, !r.layers.layers.empty());
    fitSplitter();
    const int row = tableModel_->recommendedRow();
    if (row >= 0) {
        auto* proxy = static_cast<QSortFilterProxyModel*>(tableView_->model());
        tableView_->scrollTo(proxy->mapFromSource(tableModel_->index(row, 0)), QAbstractItemView::PositionAtCenter);
    }
}

// ---- apply, close -----------------------------------------------------------------------------------------

std::optional<FitApplication> FitDialog::application() const
{
    if (!outcome_)
        return std::nullopt;
    const auto& r = outcome_->result;
    const int choice = checkpointChoice();
    const ys::fit::CheckpointOption* option =
        choice >= 0 && choice < static_cast<int>(r.checkpointOptions.size()) ? &r.checkpointOptions[static_cast<size_t>(choice)]
                                                                              : nullptr;
    // What Apply sets is the engine's rule (fit::settingsFor); the dialog adds only the undo text.
    ys::fit::FitAsked asked;
    asked.amp = outcome_->ampAsked;
    asked.vram = outcome_->budgetAsked;
    asked.nbs = config_.nbs;
    asked.imgszMode = outcome_->largestImgsz;
    asked.setupOnGpu = setupOnGpu();
    const auto settings = ys::fit::settingsFor(r, option, asked);
    if (!settings)
        return std::nullopt;
    const ys::fit::Recommendation& rec = settings->recommended;
    FitApplication app;
    for (const auto& [key, value] : settings->values)
        app.values.insert(QString::fromStdString(key), QString::fromStdString(value));
    if (settings->fromProposal) {
        app.undoText = tr("Fit to my GPU: batch %1 at %2 px with %3 checkpointing")
                           .arg(rec.batch * r.world)
                           .arg(rec.imgsz)
                           .arg(QString::fromStdString(rec.checkpoint));
    } else if (r.world > 1) {
        app.undoText = tr("Fit to my GPU: batch %1 (%2 × %3) at %4 px")
                           .arg(rec.batch * r.world)
                           .arg(r.world)
                           .arg(rec.batch)
                           .arg(rec.imgsz);
    } else {
        app.undoText = tr("Fit to my GPU: batch %1 at %2 px").arg(rec.batch).arg(rec.imgsz);
    }
    app.result = r;
    app.result.recommended = rec;
    return app;
}

int FitDialog::checkpointChoice() const
{
    return checkpointCombo_->currentIndex() < 0 ? -1 : checkpointCombo_->currentData().toInt();
}

void FitDialog::setCheckpointChoice(int option)
{
    const int i = checkpointCombo_->findData(option);
    checkpointCombo_->setCurrentIndex(std::max(0, i));
}

void FitDialog::fillCheckpointChoices()
{
    const int kept = checkpointChoice();
    const QSignalBlocker block(checkpointCombo_);
    checkpointCombo_->clear();
    const bool any = outcome_ && !outcome_->result.checkpointOptions.empty();
    checkpointTitle_->setVisible(any);
    checkpointCombo_->setVisible(any);
    if (!any)
        return;
    const QLocale loc;
    checkpointCombo_->addItem(tr("none (as recommended above)"), -1);
    const auto& options = outcome_->result.checkpointOptions;
    for (size_t i = 0; i < options.size(); ++i) {
        const ys::fit::CheckpointOption& o = options[i];
        const QString what = outcome_->largestImgsz
                                 ? (o.imgsz > 0 ? tr("%1 px").arg(o.imgsz) : tr("no image size fits"))
                                 : (o.batch > 0 ? tr("batch %1").arg(o.batch) : tr("no batch fits"));
        checkpointCombo_->addItem(
            tr("%1: %2 (−%3% activation memory, %4% step time)")
                .arg(QString::fromStdString(o.setting), what,
                     loc.toString(o.activationSaving * 100.0, 'f', 0),
                     (o.stepTimeIncrease >= 0 ? QStringLiteral("+") : QString()) +
                         loc.toString(o.stepTimeIncrease * 100.0, 'f', 0)),
            static_cast<int>(i));
    }
    checkpointCombo_->setCurrentIndex(std::max(0, checkpointCombo_->findData(kept)));
}

void FitDialog::updateApplyEnabled()
{
    applyButton_->setEnabled(!running() && application().has_value());
}

void FitDialog::apply()
{
    const auto app = application();
    if (!app || running())
        return;
    emit applied(*app);
    accept();
}

void FitDialog::reject()
{
    // Esc while measuring cancels; a second Esc while the probe finishes its step closes.
    if (running() && !controller_->cancelling()) {
        cancelFit();
        return;
    }
    if (running())
        controller_->cancel();
    QDialog::reject();
}

int FitDialog::tableWidthNeeded() const
{
    // Every row's text, not only the rows in view ("estimated" rows are further down); bold, as the
    // recommended row is drawn.
    QFont bold = tableView_->font();
    bold.setBold(true);
    const QFontMetrics fm(bold);
    const int cellMargin = 2 * (tableView_->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, tableView_) + 1) + 1;
    const QHeaderView* header = tableView_->horizontalHeader();
    int width = 0;
    const int last = tableModel_->columnCount() - 1;
    for (int c = 0; c <= last; ++c) {
        int column = header->sectionSizeHint(c);
        for (int r = 0; r < tableModel_->rowCount(); ++r)
            column = std::max(column, fm.horizontalAdvance(tableModel_->index(r, c).data().toString()) + cellMargin);
        // The header's own size of the column (its contents as the delegate measures them), but the last one,
        // which stretches but never below the header's default section size (Chinese's short last column kept
        // 100 px and scrolled); a few pixels to spare for the style's rounding.
        if (c < last)
            column = std::max(column, header->sectionSize(c));
        else
            column = std::max(column, header->defaultSectionSize());   // the stretched last section's floor
        width += column + kColumnSlack;
    }
    return width + tableView_->verticalScrollBar()->sizeHint().width() + 2 * tableView_->frameWidth();
}

void FitDialog::fitSplitter()
{
    const int total = splitter_->width() - splitter_->handleWidth();
    if (total <= 0 || tableModel_->rowCount() == 0)
        return;
    // The chart keeps its minimum; the table gets what its columns need, or what is left (then it scrolls).
    const int chartMinimum = splitter_->widget(0)->minimumSizeHint().width();
    const int table = std::clamp(tableWidthNeeded(), 0, std::max(0, total - chartMinimum));
    splitter_->setSizes({total - table, table});
}

bool FitDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == splitter_ && event->type() == QEvent::Resize)
        fitSplitter();
    return QDialog::eventFilter(watched, event);
}

void FitDialog::closeEvent(QCloseEvent* event)
{
    // The window's close button closes at once, also while measuring: the probe is cancelled and ends in the
    // background (its result is dropped; the controller waits for it only when the dialog is destroyed).
    if (running()) {
        controller_->cancel();
        QDialog::reject();
        event->accept();
        return;
    }
    QDialog::closeEvent(event);
}

// ---- language ----------------------------------------------------------------------------------------------

void FitDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void FitDialog::retranslate()
{
    setWindowTitle(tr("Fit to my GPU"));
    inputsBox_->setTitle(tr("What to fit"));
    budgetLabel_->setText(tr("Memory &budget:"));
    budgetEdit_->setPlaceholderText(tr("all of it; or 8GiB, 6000MB, 0.8"));
    budgetEdit_->setToolTip(tr("A size (8GiB, 6000MB) or a fraction of the card's memory (0.8 or 80%). Empty: all "
                               "of it."));
    targetLabel_->setText(tr("&Train on:"));
    targetCombo_->setToolTip(tr("Plan for a GPU this machine does not have: the fit measures here and predicts "
                                "for that card."));
    customSpin_->setSuffix(tr(" GiB"));
    customSpin_->setToolTip(tr("Total memory of the card, as the driver reports it"));
    modeLabel_->setText(tr("Find:"));
    batchMode_->setText(tr("the largest &batch at image size"));
    imgszMode_->setText(tr("the largest &image size for batch"));
    imgszSpin_->setSuffix(tr(" px"));
    batchSpin_->setSuffix(tr(" images"));
    ampLabel_->setText(tr("&Precision (amp):"));
    ampCombo_->setToolTip(tr("auto: fp16 on a GPU, bf16 on CPUs that have it; off: fp32"));
    runButton_->setText(tr("&Run"));
    runButton_->setToolTip(tr("Measure real training steps and validation batches on this device (Enter)"));
    cancelButton_->setText(tr("&Cancel"));
    cancelButton_->setToolTip(tr("Stop measuring (Esc)"));
    applyButton_->setText(tr("&Apply to setup"));
    applyButton_->setToolTip(tr("Write batch, image size and precision into the training setup (undo with Ctrl+Z)"));
    closeButton_->setText(tr("Close"));
    placeholder_->setText(tr("Press Run: the fit trains a few real steps of this setup on its most crowded images "
                             "and validates a batch, then predicts the memory of every batch size."));
    marginTitle_->setText(tr("Margin:"));
    accumulationTitle_->setText(tr("Accumulation:"));
    certaintyTitle_->setText(tr("Certainty:"));
    checkpointTitle_->setText(tr("C&heckpointing:"));
    checkpointCombo_->setToolTip(tr("Activation checkpointing recomputes the chosen blocks' activations in the backward "
                                    "pass instead of keeping them: a larger batch or image size fits, each step is "
                                    "slower. The one chosen here is applied with the rest (checkpoint=)."));
    stagesTitle_->setText(tr("<b>Stages, each fitted at its image size</b>"));
    stageModel_->retranslate();
    chartTitle_->setText(tr("<b>Memory at the peak</b>"));
    chartTabs_->setTabText(0, tr("Breakdown"));
    chartTabs_->setTabText(1, tr("By layer"));
    chartTabs_->setTabToolTip(1, tr("Activation memory each layer keeps for the backward pass at the probed batch "
                                    "and image size (fp32), largest first; ★ marks the layers checkpointing would "
                                    "help (checkpoint = [layers])"));
    tableTitle_->setText(tr("<b>Largest batch by model scale, image size and precision</b>"));
    notesTitle_->setText(tr("<b>Why</b>"));
    tableModel_->retranslate();
    fillTargets();
    fillContext();
    updateInputs();
    showOutcome();
    if (running())
        showProgress(lastStage_, lastDone_, lastTotal_);
    else
        showIdleStage();
}

}  // namespace ys::ui
