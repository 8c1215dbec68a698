#include "ui/train/dashboard.h"

#include "ui/charts/chartformat.h"
#include "ui/common/runtext.h"
#include "ui/charts/trainingcharts.h"
#include "ui/train/epochtablemodel.h"
#include "ui/train/predictionpreview.h"

#include "common/device.h"
#include "run/eventdetails.h"

#include <QCheckBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QProgressBar>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace ys::ui {
namespace {

constexpr int kProgressSteps = 1000;   // progress bar resolution

// Hides the engine's plain messages unless asked for; events always show.
class LogFilter final : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setShowMessages(bool show)
    {
        show_ = show;
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override
    {
        if (show_)
            return true;
        const QVariant kind = sourceModel()->index(row, 0, parent).data(LogModel::KindRole);
        return kind.value<LogModel::Kind>() != LogModel::Kind::Message;
    }

private:
    bool show_ = true;
};

bool isOutOfMemory(ys::EventKind kind)
{
    return LogModel::kindOf(kind) == LogModel::Kind::OutOfMemory;
}

}  // namespace

Dashboard::Dashboard(QWidget* parent)
    : QWidget(parent),
      memory_(new MemoryChart(this)),
      losses_(new LossChart(this)),
      metrics_(new MetricsChart(this)),
      lr_(new LearningRateChart(this)),
      throughput_(new ThroughputChart(this)),
      preview_(new PredictionPreview(this)),
      epochModel_(new EpochTableModel(this)),
      logModel_(new LogModel(this)),
      logFilter_(new LogFilter(this))
{
    logModel_->setObjectName(QStringLiteral("logModel"));
    epochModel_->setObjectName(QStringLiteral("epochModel"));
    // Progress strip.
    epochLabel_ = new QLabel(this);
    epochLabel_->setObjectName(QStringLiteral("epochLabel"));
    runLabel_ = new QLabel(this);
    stateLabel_ = new QLabel(this);
    QFont bold = stateLabel_->font();
    bold.setBold(true);
    stateLabel_->setFont(bold);
    etaLabel_ = new QLabel(this);
    etaLabel_->setObjectName(QStringLiteral("etaLabel"));
    worldLabel_ = new QLabel(this);
    worldLabel_->setObjectName(QStringLiteral("worldLabel"));
    worldLabel_->hide();
    epochBar_ = new QProgressBar(this);
    epochBar_->setObjectName(QStringLiteral("epochProgress"));
    runBar_ = new QProgressBar(this);
    runBar_->setObjectName(QStringLiteral("runProgress"));
    for (QProgressBar* b : {epochBar_, runBar_}) {
        b->setRange(0, kProgressSteps);
        b->setValue(0);
        b->setTextVisible(true);
        b->setMinimumWidth(160);
    }
    // One row (state, epoch bar, run bar, time left, world), so the charts keep the height on a 800 px screen.
    auto* strip = new QHBoxLayout;
    strip->setContentsMargins(6, 3, 6, 3);
    stateLabel_->setMinimumWidth(110);
    strip->addWidget(stateLabel_);
    strip->addWidget(epochLabel_);
    strip->addWidget(epochBar_, 1);
    strip->addSpacing(8);
    strip->addWidget(runLabel_);
    strip->addWidget(runBar_, 1);
    strip->addSpacing(8);
    strip->addWidget(etaLabel_);
    strip->addWidget(worldLabel_);

    // Charts.
    auto* charts = new QWidget(this);
    auto* grid = new QGridLayout(charts);
    grid->setContentsMargins(2, 2, 2, 2);
    grid->setSpacing(4);
    grid->addWidget(memory_, 0, 0);
    grid->addWidget(losses_, 0, 1);
    grid->addWidget(metrics_, 0, 2);
    grid->addWidget(lr_, 1, 0);
    grid->addWidget(throughput_, 1, 1);
    grid->addWidget(preview_, 1, 2);
    for (int c = 0; c < 3; ++c)
        grid->setColumnStretch(c, 1);
    for (int r = 0; r < 2; ++r)
        grid->setRowStretch(r, 1);   // the two rows share the height (else the second takes it all)

    // Epoch table and log.
    table_ = new QTableView(this);
    table_->setModel(epochModel_);
    table_->setAlternatingRowColors(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    logFilter_->setSourceModel(logModel_);
    log_ = new QListView(this);
    log_->setModel(logFilter_);
    log_->setUniformItemSizes(false);
    log_->setWordWrap(true);
    log_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    showMessages_ = new QCheckBox(this);
    showMessages_->setChecked(true);
    connect(showMessages_, &QCheckBox::toggled, this,
            [this](bool on) { static_cast<LogFilter*>(logFilter_)->setShowMessages(on); });
    // Follow the end of the log while the user has not scrolled up.
    connect(logFilter_, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
        QScrollBar* bar = log_->verticalScrollBar();
        log_->setProperty("ysFollow", bar->value() >= bar->maximum() - 2);
    });
    connect(logFilter_, &QAbstractItemModel::rowsInserted, this, [this] {
        if (log_->property("ysFollow").toBool())
            log_->scrollToBottom();
    });
    auto* logPage = new QWidget(this);
    auto* logLayout = new QVBoxLayout(logPage);
    logLayout->setContentsMargins(0, 0, 0, 0);
    logLayout->addWidget(log_, 1);
    logLayout->addWidget(showMessages_);
    tabs_ = new QTabWidget(this);
    tabs_->addTab(table_, QString());
    tabs_->addTab(logPage, QString());

    splitter_ = new QSplitter(Qt::Vertical, this);
    splitter_->addWidget(charts);
    splitter_->addWidget(tabs_);
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 1);
    splitter_->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(strip);
    layout->addWidget(splitter_, 1);
    retranslate();
}

Dashboard::~Dashboard() = default;

void Dashboard::moveTablesTo(QTabWidget* into, int index)
{
    QWidget* const pages[2] = {tabs_->widget(tablesIndex_), tabs_->widget(tablesIndex_ + 1)};
    QTabWidget* const old = tabs_;
    tabs_ = into;
    tablesIndex_ = index;
    for (int i = 0; i < 2; ++i)
        into->insertTab(index + i, pages[i], QString());
    if (old->parent() == splitter_)
        delete old;   // empty now; the splitter holds the charts alone
    retranslate();
}

void Dashboard::retranslate()
{
    tabs_->setTabText(tablesIndex_, tr("Epochs"));
    tabs_->setTabText(tablesIndex_ + 1, tr("Log"));
    showMessages_->setText(tr("Show the engine's messages (events always show)"));
    stateLabel_->setText(stateText());
    // Words only: a run that is not training keeps its bars, and has no time left.
    if (live_)
        updateProgressText();
    else
        showEpochLabel();
    runLabel_->setText(tr("Run"));
    showWorld();
}

void Dashboard::showEpochLabel()
{
    epochLabel_->setText(epochShown_.numbered ? tr("Epoch %1 of %2").arg(epochShown_.epoch).arg(epochShown_.epochs)
                                              : tr("Epoch"));
}

std::vector<std::string> Dashboard::rankDevices(const std::string& device, int processes)
{
    std::vector<std::string> out;
    for (int r = 0; r < processes; ++r) {
        const auto d = ys::deviceForLocalRank(device, r, processes);
        if (!d)
            return {};
        out.push_back(d->name());
    }
    return out;
}

void Dashboard::setWorld(int processes, const std::vector<std::string>& rankDevices, int worldBatch)
{
    world_ = World{std::max(1, processes), rankDevices, worldBatch};
    showWorld();
}

QString Dashboard::worldText() const
{
    if (world_.processes <= 1)
        return {};
    if (world_.batch < 1)
        return tr("Data parallel: %1 processes").arg(world_.processes);
    return tr("Data parallel: %1 × %2 = %3 images per step")
        .arg(world_.processes)
        .arg(world_.batch / world_.processes)
        .arg(world_.batch);
}

void Dashboard::showWorld()
{
    worldLabel_->setText(worldText());
    worldLabel_->setVisible(world_.processes > 1);
    for (int r = 1; r < world_.processes; ++r) {
        const size_t k = static_cast<size_t>(r);
        memory_->setRankLabel(r, k < world_.devices.size()
                                     ? tr("rank %1 · %2").arg(r).arg(QString::fromStdString(world_.devices[k]))
                                     : tr("rank %1").arg(r));
    }
    memory_->setRankZeroLabel(world_.processes <= 1 ? QString()
                              : !world_.devices.empty()
                                  ? tr("rank 0 · %1").arg(QString::fromStdString(world_.devices.front()))
                                  : tr("rank 0"));
}

void Dashboard::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void Dashboard::clear()
{
    shown_ = ys::RunRecord();
    world_ = World{};
    progress_.reset();
    live_ = false;
    epochShown_ = EpochShown{};
    memoryOffset_ = 0;
    epochs_ = 0;
    memory_->clear();
    losses_->clear();
    metrics_->clear();
    lr_->clear();
    throughput_->clear();
    preview_->clear();
    epochModel_->clear();
    logModel_->clear();
    epochBar_->setValue(0);
    runBar_->setValue(0);
    stateText_ = nullptr;
    retranslate();
}

void Dashboard::beginRun(const ys::TrainConfig& config, int64_t budgetBytes)
{
    clear();   // a live run: shownRun() is empty
    live_ = true;
    epochs_ = config.epochs;
    losses_->setEpochs(epochs_);
    metrics_->setEpochs(epochs_);
    lr_->setEpochs(epochs_);
    memory_->setBudget(budgetBytes);
    // A data-parallel run's device list: the preview predicts on rank 0's device.
    const auto devices = ys::parseDevices(config.device);
    preview_->setInference(QString::fromStdString(devices && devices->size() > 1 ? devices->front().name() : config.device),
                           config);
    updateProgressText();
}

void Dashboard::endRun()
{
    live_ = false;   // its bars stay where the run left them
    etaLabel_->clear();
}

void Dashboard::setState(std::function<QString()> text)
{
    stateText_ = std::move(text);
    stateLabel_->setText(stateText());
}

void Dashboard::setState(ys::RunStatus status, bool resumable)
{
    setState([status, resumable] { return RunText::status(status, resumable); });
}

QString Dashboard::stateText() const
{
    return stateText_ ? stateText_() : tr("No run yet");
}

void Dashboard::setPredictedPeak(int64_t bytes)
{
    memory_->setPredictedPeak(bytes);
}

void Dashboard::addBatch(const ys::BatchProgress& p)
{
    progress_.addBatch(p);
    if (p.epochs > 0 && p.epochs != epochs_) {
        epochs_ = p.epochs;  // a resumed run may train longer than args.yaml said
        losses_->setEpochs(epochs_);
        metrics_->setEpochs(epochs_);
        lr_->setEpochs(epochs_);
    }
    losses_->addBatch(p);
    lr_->addBatch(p);
    throughput_->addBatch(p, progress_.secondsLeft());
    updateProgressText();
}

void Dashboard::addEpoch(const ys::EpochResult& row, const ys::DetectionMetrics&)
{
    progress_.addEpoch(row);
    epochModel_->addRow(row);
    losses_->addRow(row);
    metrics_->addRow(row);
    lr_->addRow(row);
    updateProgressText();
}

QString Dashboard::outOfMemoryChange(const ys::TrainEvent& e)
{
    if (const auto d = ys::oomDetails(e))
        return (d->validation ? tr("validation batch %1 → %2") : tr("micro-batch %1 → %2")).arg(d->before).arg(d->after);
    if (e.kind == ys::EventKind::ValOomRecovered)
        return tr("validation batch halved");
    return {};
}

void Dashboard::markOutOfMemory(const ys::TrainEvent& e)
{
    memory_->addOutOfMemory(std::max(0.0, e.time - memoryOffset_), outOfMemoryChange(e));
}

QString Dashboard::stageMarkText(const ys::StageDetails& d)
{
    return tr("Stage %1: %2 px, batch %3").arg(d.stage).arg(d.imgsz).arg(d.batch);
}

void Dashboard::markStage(const ys::TrainEvent& e, const ys::StageDetails& d)
{
    // A vertical line where the stage starts on every chart: the epoch charts at the end of the epoch before
    // it (a resume inside a stage draws none there: the stage's own start event did), the time charts at the
    // event's time (the memory chart only within the session it shows).
    const QColor color(0x7b, 0x1f, 0xa2);
    const QString text = stageMarkText(d);
    if (!d.resumed)
        for (SeriesChart* c : std::initializer_list<SeriesChart*>{losses_, metrics_, lr_})
            c->addMark(d.firstEpoch - 1, color, text);
    throughput_->addMark(e.time, color, text);
    if (e.time >= memoryOffset_)
        memory_->addMark(e.time - memoryOffset_, color, text);
}

void Dashboard::addEvent(const ys::TrainEvent& e)
{
    // The memory timeline starts together with the run's "start"/"resume" event.
    if (e.kind == ys::EventKind::Start || e.kind == ys::EventKind::Resume)
        memoryOffset_ = e.time;
    if (const auto fit = ys::fitDetails(e)) {
        if (fit->predictedPeakBytes > 0)
            memory_->setPredictedPeak(fit->predictedPeakBytes);
        if (fit->budgetBytes > 0 && memory_->budget() <= 0)
            memory_->setBudget(fit->budgetBytes);
        if (world_.processes > 1 && world_.batch < 1 && fit->batch > 0) {   // batch=auto: fitted per device
            world_.batch = fit->batch * world_.processes;
            showWorld();
        }
    }
    if (isOutOfMemory(e.kind))
        markOutOfMemory(e);
    if (const auto stage = ys::stageDetails(e))
        markStage(e, *stage);
    logModel_->addEvent(e);
}

void Dashboard::addMemory(const MemorySamples& samples)
{
    memory_->appendSamples(samples);
}

void Dashboard::addLog(const QString& line)
{
    logModel_->addMessage(line);
}

void Dashboard::addNote(const QString& text, LogModel::Kind kind)
{
    logModel_->addNote(text, kind);
}

void Dashboard::showRun(const ys::RunRecord& run)
{
    shown_ = run;
    drawShownRun();
}

void Dashboard::drawShownRun()
{
    ys::RunRecord run = std::move(shown_);
    clear();   // empties shown_ too
    const int planned = run.hasArgs ? run.args.epochs : run.summary.epochsTotal;
    const int done = run.rows.empty() ? 0 : run.rows.back().epoch;
    epochs_ = std::max({1, planned, done});
    losses_->setEpochs(epochs_);
    metrics_->setEpochs(epochs_);
    lr_->setEpochs(epochs_);
    if (run.hasArgs && !run.args.vram.empty())
        if (auto b = ys::memory::parseMemoryBudget(run.args.vram, 0))   // sizes; a fraction needs the device
            memory_->setBudget(*b);
    // The memory timeline is the last session's: it starts at the last start/resume event.
    for (const ys::TrainEvent& e : run.events)
        if (e.kind == ys::EventKind::Start || e.kind == ys::EventKind::Resume)
            memoryOffset_ = e.time;
    const double offset = memoryOffset_;
    // The world from environment.json (absent or one process: nothing to show).
    if (run.environment && run.environment->world.size > 1) {
        const int batch = run.summary.batch > 0 ? run.summary.batch : run.hasArgs ? run.args.batch : 0;
        setWorld(run.environment->world.size, run.environment->world.devices, batch);
    }
    memory_->setSamples(run.memory);
    memory_->appendSamples(run.rankMemory);
    for (const ys::TrainEvent& e : run.events) {
        addEvent(e);
        memoryOffset_ = offset;   // addEvent moves it at each start/resume; marks use the last session's
    }
    epochModel_->setRows(run.rows);
    losses_->setRows(run.rows);
    metrics_->setRows(run.rows);
    lr_->setRows(run.rows);
    throughput_->setRows(run.rows);
    shown_ = std::move(run);
    showRunProgress();
}

void Dashboard::showRunProgress()
{
    const int done = shown_.rows.empty() ? 0 : shown_.rows.back().epoch;
    epochBar_->setValue(done > 0 ? kProgressSteps : 0);
    runBar_->setValue(epochs_ > 0 ? kProgressSteps * std::min(done, epochs_) / epochs_ : 0);
    epochShown_ = EpochShown{true, done, epochs_};
    showEpochLabel();
    runLabel_->setText(tr("Run"));
    etaLabel_->clear();
    setState(shown_.status, shown_.resumable);
}

bool Dashboard::applyTail(const ys::RunTailUpdate& u)
{
    if (!u.changed())
        return false;
    auto take = [](auto& held, const auto& added, bool reset) {
        if (reset)
            held.clear();
        held.insert(held.end(), added.begin(), added.end());
    };
    take(shown_.rows, u.rows, u.rowsReset);
    take(shown_.events, u.events, u.eventsReset);
    take(shown_.memory, u.memory, u.memoryReset);
    take(shown_.rankMemory, u.rankMemory, u.rankMemoryReset);
    shown_.status = u.status;
    if (u.rowsReset || u.eventsReset || u.memoryReset || u.rankMemoryReset) {
        drawShownRun();
        return true;
    }
    const int done = shown_.rows.empty() ? 0 : shown_.rows.back().epoch;
    if (done > epochs_) {   // a resumed run may train longer than args.yaml said
        epochs_ = done;
        losses_->setEpochs(epochs_);
        metrics_->setEpochs(epochs_);
        lr_->setEpochs(epochs_);
    }
    for (const ys::TrainEvent& e : u.events) {
        const double offset = memoryOffset_;
        addEvent(e);
        // A new session starts a new memory timeline (memory.csv is rewritten and comes back reset).
        if (e.kind != ys::EventKind::Start && e.kind != ys::EventKind::Resume)
            memoryOffset_ = offset;
    }
    memory_->appendSamples(u.memory);
    memory_->appendSamples(u.rankMemory);
    for (const ys::EpochResult& row : u.rows) {
        epochModel_->addRow(row);
        losses_->addRow(row);
        metrics_->addRow(row);
        lr_->addRow(row);
    }
    if (!u.rows.empty())
        throughput_->setRows(shown_.rows);
    showRunProgress();
    return true;
}

void Dashboard::updateProgressText()
{
    epochShown_ = EpochShown{progress_.epoch() > 0, progress_.epoch(), progress_.epochs()};
    showEpochLabel();
    runLabel_->setText(tr("Run"));
    epochBar_->setValue(static_cast<int>(progress_.epochFraction() * kProgressSteps));
    runBar_->setValue(static_cast<int>(progress_.runFraction() * kProgressSteps));
    const double left = progress_.secondsLeft();
    etaLabel_->setText(left >= 0 ? tr("about %1 left").arg(ChartText::value(left, ValueUnit::Seconds)) : QString());
}

}  // namespace ys::ui
