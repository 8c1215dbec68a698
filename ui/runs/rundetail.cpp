#include "ui/runs/rundetail.h"

#include "ui/train/predictionpreview.h"

#include "ui/common/icons.h"
#include "ui/runs/rundetailmodels.h"
#include "ui/runs/runfitview.h"
#include "ui/common/runtext.h"
#include "ui/train/dashboard.h"

#include <QCheckBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace ys::ui {
namespace {

QTableView* makeTable(QWidget* parent, QAbstractItemModel* model)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    // File order until the user clicks a header (enabling sorting sorts by the indicator's section).
    view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setHighlightSections(false);
    view->setWordWrap(false);
    return view;
}

QSortFilterProxyModel* sortingProxy(QObject* parent, QAbstractItemModel* source, int sortRole)
{
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(source);
    proxy->setSortRole(sortRole);
    return proxy;
}

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

}  // namespace

RunDetail::RunDetail(QWidget* parent)
    : QWidget(parent), title_(new QLabel(this)), summary_(new QLabel(this)), problemsLine_(new QLabel(this)),
      resumeButton_(new QPushButton(this)), folderButton_(new QPushButton(this)), reportButton_(new QPushButton(this)), tabs_(new QTabWidget(this)),
      settings_(new RunSettingsModel(this)), classes_(new ClassMetricsModel(this)), events_(new RunEventsModel(this))
{
    reportButton_->setObjectName(QStringLiteral("reportButton"));
    resumeButton_->setObjectName(QStringLiteral("resumeButton"));
    classes_->setObjectName(QStringLiteral("classesModel"));
    settings_->setObjectName(QStringLiteral("settingsModel"));
    events_->setObjectName(QStringLiteral("eventsModel"));
    tabs_->setObjectName(QStringLiteral("tabs"));
    setObjectName(QStringLiteral("RunDetail"));
    QFont tf = title_->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.25);
    tf.setBold(true);
    title_->setFont(tf);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    problemsLine_->setWordWrap(true);
    problemsLine_->setStyleSheet(QStringLiteral("color: #b26a00"));
    problemsLine_->hide();
    resumeButton_->setIcon(runStatusIcon(RunStatusIcon::Resumable));
    folderButton_->setIcon(icon(IconId::Open));
    connect(resumeButton_, &QPushButton::clicked, this, &RunDetail::resumeRequested);
    connect(folderButton_, &QPushButton::clicked, this, &RunDetail::openFolderRequested);
    reportButton_->setIcon(icon(IconId::Export));
    connect(reportButton_, &QPushButton::clicked, this, &RunDetail::reportRequested);

    auto* header = new QHBoxLayout;
    auto* text = new QVBoxLayout;
    text->setSpacing(2);
    text->addWidget(title_);
    text->addWidget(summary_);
    text->addWidget(problemsLine_);
    header->addLayout(text, 1);
    header->addWidget(resumeButton_, 0, Qt::AlignTop);
    header->addWidget(folderButton_, 0, Qt::AlignTop);
    header->addWidget(reportButton_, 0, Qt::AlignTop);

    // Settings: the table (changed keys marked), or only the changed ones, or args.yaml as it is.
    auto* settingsPage = new QWidget(this);
    settingsProxy_ = sortingProxy(this, settings_, RunSettingsModel::SortRole);
    settingsProxy_->setObjectName(QStringLiteral("settingsProxy"));
    settingsProxy_->setFilterRole(RunSettingsModel::ChangedRole);
    settingsView_ = makeTable(settingsPage, settingsProxy_);
    settingsView_->setSortingEnabled(false);   // registry order is the order of args.yaml
    settingsView_->horizontalHeader()->setStretchLastSection(true);
    changedOnly_ = new QCheckBox(settingsPage);
    changedOnly_->setObjectName(QStringLiteral("changedOnly"));
    showFile_ = new QCheckBox(settingsPage);
    argsText_ = new QPlainTextEdit(settingsPage);
    argsText_->setReadOnly(true);
    argsText_->setLineWrapMode(QPlainTextEdit::NoWrap);
    argsText_->hide();
    connect(changedOnly_, &QCheckBox::toggled, this, [this](bool on) {
        settingsProxy_->setFilterFixedString(on ? QStringLiteral("true") : QString());
    });
    connect(showFile_, &QCheckBox::toggled, this, [this](bool on) {
        argsText_->setVisible(on);
        settingsView_->setVisible(!on);
        changedOnly_->setEnabled(!on);
    });
    auto* sl = new QVBoxLayout(settingsPage);
    auto* sbar = new QHBoxLayout;
    sbar->addWidget(changedOnly_);
    sbar->addWidget(showFile_);
    sbar->addStretch(1);
    sl->addLayout(sbar);
    sl->addWidget(settingsView_, 1);
    sl->addWidget(argsText_, 1);

    fit_ = new RunFitView(this);

    auto* classesPage = new QWidget(this);
    classesTitle_ = new QLabel(classesPage);
    classesTitle_->setWordWrap(true);
    classesView_ = makeTable(classesPage, sortingProxy(this, classes_, ClassMetricsModel::SortRole));
    classesView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* cl = new QVBoxLayout(classesPage);
    cl->addWidget(classesTitle_);
    cl->addWidget(classesView_, 1);

    eventsProxy_ = sortingProxy(this, events_, RunEventsModel::SortRole);
    eventsView_ = makeTable(this, eventsProxy_);
    eventsView_->horizontalHeader()->setStretchLastSection(true);

    problems_ = new QListWidget(this);

    problems_->setObjectName(QStringLiteral("problemsList"));
    problems_->setWordWrap(true);

    dashboard_ = new Dashboard(this);
    tabs_->addTab(dashboard_, QString());
    tabs_->addTab(settingsPage, QString());
    tabs_->addTab(fit_, QString());
    tabs_->addTab(classesPage, QString());
    tabs_->addTab(eventsView_, QString());
    tabs_->addTab(problems_, QString());
    // A finished run's epochs and log are tabs of their own: the charts keep the page's height (at 1280x800
    // the table under them left each plot about 70 px).
    dashboard_->moveTablesTo(tabs_, EpochsTab);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(header);
    layout->addWidget(tabs_, 1);
    retranslate();
    clear();
}

RunDetail::~RunDetail() = default;

QString RunDetail::dir() const
{
    return record_ ? qs(record_->dir) : pendingDir_;
}

void RunDetail::clear()
{
    record_.reset();
    pendingDir_.clear();
    errorText_.clear();
    settings_->clear();
    classes_->clear();
    events_->clear();
    dashboard_->clear();
    fit_->clear();
    argsText_->clear();
    problems_->clear();
    updateClassesTitle();
    updateHeader();
    updateTabTitles();
}

void RunDetail::showLoading(const QString& dir)
{
    clear();
    pendingDir_ = dir;
    updateHeader();
}

void RunDetail::showError(const QString& dir, const ys::Error& error)
{
    clear();
    pendingDir_ = dir;
    errorText_ = RunText::problem(error);
    updateHeader();
}

void RunDetail::showRecord(std::shared_ptr<const ys::RunRecord> record)
{
    clear();
    record_ = std::move(record);
    if (!record_)
        return;
    const ys::RunRecord& r = *record_;
    settings_->setSettings(r.args, r.unknownArgs, r.hasArgs);
    argsText_->setPlainText(qs(r.argsText));
    settingsView_->resizeColumnsToContents();
    fit_->setFitJson(r.fitJson, (QDir(qs(r.dir)).filePath(QStringLiteral("fit.json"))).toStdString());
    classes_->setMetrics(r.metrics);
    events_->setEvents(r.events);
    dashboard_->showRun(r);
    showPreview();
    eventsView_->resizeColumnsToContents();
    fillProblems();
    updateClassesTitle();
    updateHeader();
    updateTabTitles();
}

void RunDetail::setDataset(std::shared_ptr<const ys::Dataset> dataset)
{
    dataset_ = std::move(dataset);
    if (record_)
        showPreview();
}

void RunDetail::showPreview()
{
    PredictionPreview* preview = dashboard_->preview();
    const ys::RunRecord& r = *record_;
    const auto same = [](const std::string& a, const std::string& b) {
        return !a.empty() && !b.empty() && QFileInfo(qs(a)).canonicalFilePath() == QFileInfo(qs(b)).canonicalFilePath();
    };
    // A run of a class subset (classes=) numbers its classes its own way: no preview against the dataset's.
    if (!dataset_ || !r.hasArgs || !r.args.classes.empty() || !same(dataset_->spec.yamlPath, r.args.data)) {
        preview->setSamples({}, {});
        return;
    }
    QStringList names;
    for (const std::string& n : dataset_->spec.names)
        names << qs(n);
    preview->setSamples(PredictionPreview::pickSamples(*dataset_), names);
    preview->setInference(QStringLiteral("cpu"), r.args);
    const ys::WeightsInfo& weights = r.best.present ? r.best : r.last;
    if (weights.present)
        preview->showWeights(qs(weights.path), r.summary.bestEpoch);
}

void RunDetail::applyUpdate(const ys::RunTailUpdate& u)
{
    if (!record_)
        return;
    dashboard_->applyTail(u);
    if (u.eventsReset)
        events_->setEvents(record_->events);
    else
        events_->addEvents(u.events);
    if (!u.problems.empty())
        fillProblems();
    updateHeader();
    updateTabTitles();
}

void RunDetail::fillProblems()
{
    problems_->clear();
    if (!record_)
        return;
    for (const ys::Error& e : record_->problems) {
        auto* item = new QListWidgetItem(severityIcon(ys::Severity::Warning),
                                         RunText::place(e) + QStringLiteral(": ") + RunText::problem(e), problems_);
        item->setToolTip(QDir::toNativeSeparators(qs(e.file)) + QLatin1Char('\n') + qs(e.message));
    }
}

QString RunDetail::headerText() const
{
    return title_->text() + QLatin1Char('\n') + summary_->text() +
           (!problemsLine_->isHidden() ? QLatin1Char('\n') + problemsLine_->text() : QString());
}

void RunDetail::updateHeader()
{
    problemsLine_->hide();
    if (!record_) {
        resumeButton_->setEnabled(false);
        reportButton_->setEnabled(false);
        folderButton_->setEnabled(!pendingDir_.isEmpty());
        if (pendingDir_.isEmpty()) {
            title_->setText(tr("No run open"));
            summary_->setText(tr("Select a run in the list to see its settings, fit, per-class results and events; "
                                 "select two to compare their curves."));
        } else if (!errorText_.isEmpty()) {
            title_->setText(QFileInfo(pendingDir_).fileName());
            summary_->setText(errorText_);
        } else {
            title_->setText(QFileInfo(pendingDir_).fileName());
            summary_->setText(tr("Reading the run's files…"));
        }
        return;
    }
    const ys::RunRecord& r = *record_;
    const ys::RunSummary& s = r.summary;
    title_->setText(tr("%1 — %2").arg(qs(s.name), RunText::status(r.status, r.resumable)));
    QStringList parts;
    parts << tr("%1 on %2").arg(s.model.empty() ? tr("unknown model") : QFileInfo(qs(s.model)).fileName(),
                                s.dataset.empty() ? tr("unknown dataset") : QDir::toNativeSeparators(qs(s.dataset)));
    const int done = r.rows.empty() ? s.epochsDone : std::max(s.epochsDone, r.rows.back().epoch);
    parts << (s.epochsTotal > 0 ? tr("epoch %1 of %2").arg(done).arg(s.epochsTotal) : tr("%n epoch(s)", nullptr, done));
    if (s.bestEpoch > 0)
        parts << tr("best mAP50-95 %1 · mAP50 %2 (epoch %3)")
                     .arg(RunText::fraction(s.bestMap50_95), RunText::fraction(s.bestMap50))
                     .arg(s.bestEpoch);
    if (s.wallSeconds > 0)
        parts << RunText::duration(s.wallSeconds);
    QStringList setup;
    if (!s.device.empty())
        setup << qs(s.device);
    if (s.batch > 0)
        setup << tr("batch %1").arg(s.batch);
    else if (s.batch < 0)
        setup << tr("batch auto");
    if (s.imgsz > 0)
        setup << tr("%1 px").arg(s.imgsz);
    if (s.peakMemory > 0)
        setup << tr("peak %1").arg(RunText::bytes(s.peakMemory));
    if (!setup.isEmpty())
        parts << setup.join(QStringLiteral(", "));
    if (r.environment && r.environment->world.size > 1)
        parts << tr("data parallel: %1").arg(RunText::world(r.environment->world));
    parts << tr("written by %1").arg(RunText::origin(r.origin));
    summary_->setText(parts.join(QStringLiteral(" · ")));
    QString tip = RunText::statusHelp(r.status, r.resumable);
    if (r.environment && !RunText::worldDevices(r.environment->world).isEmpty() && r.environment->world.size > 1)
        tip += QLatin1Char('\n') + RunText::worldDevices(r.environment->world);
    summary_->setToolTip(tip);
    if (!r.problems.empty()) {
        problemsLine_->setText(tr("%n problem(s) reading its files: %1", nullptr, static_cast<int>(r.problems.size()))
                                   .arg(RunText::place(r.problems.front()) + QStringLiteral(": ") +
                                        RunText::problem(r.problems.front())));
        problemsLine_->show();
    }
    resumeButton_->setEnabled(r.resumable);
    resumeButton_->setToolTip(r.resumable ? RunText::statusHelp(r.status, true)
                                          : tr("Only a run of YOLO Studio that was stopped, interrupted or failed with "
                                               "weights/last.pt and epochs left can be resumed."));
    folderButton_->setEnabled(true);
    reportButton_->setEnabled(r.status != ys::RunStatus::NotARun);
}

void RunDetail::updateTabTitles()
{
    tabs_->setTabText(SettingsTab, settings_->hasArgs() && settings_->changedCount() > 0
                                       ? tr("Settings (%1 changed)").arg(settings_->changedCount())
                                       : tr("Settings"));
    tabs_->setTabText(ChartsTab, tr("Charts"));
    tabs_->setTabText(FitTab, tr("Fit"));
    tabs_->setTabText(ClassesTab, tr("Per class"));
    const int warnings = events_->count(ys::Severity::Warning) + events_->count(ys::Severity::Error);
    tabs_->setTabText(EventsTab, warnings > 0 ? tr("Events (%n warning(s))", nullptr, warnings) : tr("Events"));
    tabs_->setTabIcon(EventsTab, warnings > 0 ? severityIcon(events_->count(ys::Severity::Error) > 0
                                                                  ? ys::Severity::Error
                                                                  : ys::Severity::Warning)
                                              : QIcon());
    const int problems = record_ ? static_cast<int>(record_->problems.size()) : 0;
    tabs_->setTabText(ProblemsTab, problems > 0 ? tr("Problems (%1)").arg(problems) : tr("Problems"));
    tabs_->setTabIcon(ProblemsTab, problems > 0 ? severityIcon(ys::Severity::Warning) : QIcon());
    tabs_->setTabEnabled(FitTab, true);
}

void RunDetail::updateClassesTitle()
{
    if (record_ && record_->metrics)
        classesTitle_->setText(tr("Best epoch %1 (fitness %2), from metrics.json.")
                                   .arg(record_->metrics->epoch)
                                   .arg(RunText::fraction(record_->metrics->fitness)));
    else
        classesTitle_->setText(tr("This run has no metrics.json (it is written when a run ends with a validated "
                                  "epoch)."));
}

void RunDetail::retranslate()
{
    resumeButton_->setText(tr("Resume…"));
    folderButton_->setText(tr("Open folder"));
    reportButton_->setText(tr("Export report…"));
    reportButton_->setToolTip(tr("Write this run's training report as HTML or PDF (Ctrl+E)"));
    changedOnly_->setText(tr("Changed from default only"));
    showFile_->setText(tr("Show args.yaml as written"));
    updateClassesTitle();
    settings_->retranslate();
    classes_->retranslate();
    events_->retranslate();
    updateHeader();
    updateTabTitles();
}

void RunDetail::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace ys::ui
