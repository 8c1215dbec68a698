#include "ui/runs/runspage.h"

#include "ui/common/icons.h"
#include "ui/runs/resumedialog.h"
#include "ui/runs/runcompareview.h"
#include "ui/runs/rundetail.h"
#include "ui/runs/runfollower.h"
#include "ui/runs/runlistcontroller.h"
#include "ui/runs/runlistmodel.h"
#include "ui/common/runtext.h"
#include "ui/review/datasetreviewtab.h"
#include "ui/review/reviewdialog.h"
#include "ui/review/reviewrunner.h"

#include <QAction>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QToolBar>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace ys::ui {
namespace {

// A run the label review can take: weights (best.pt or last.pt) and the dataset named in its args.yaml.
bool reviewable(const RunListModel::Entry* e)
{
    return e && e->isRun && e->record.hasArgs && !e->record.args.data.empty() &&
           (e->record.best.present || e->record.last.present);
}

constexpr int kSplitterUnit = 200;   // proportions of the first layout (QSplitter scales them to the page)
// The list's height as the user dragged it (a splitter state); none: the list is as tall as its rows.
constexpr const char* kSplitterKey = "runs/listSplitter";
// The list shows at least this many rows and takes at most this share of the page; the opened run (charts)
// or the comparison gets the rest.
constexpr int kListMinRows = 3;
constexpr double kListMaxShare = 0.3;
constexpr const char* kHeaderKey = "runs/header";
constexpr const char* kFilterKey = "runs/statusFilter";

// The status filter's entries: a mask of RunListModel::StatusFilter bits each.
const unsigned kFilterMasks[] = {
    RunListModel::AllStatuses,
    RunListModel::FinishedBit,
    RunListModel::StoppedBit | RunListModel::InterruptedBit | RunListModel::FailedBit,
    RunListModel::RunningBit,
    RunListModel::FailedBit,
    RunListModel::NotARunBit,
};

}  // namespace

RunsPage::RunsPage(QWidget* parent)
    : StudioPage(parent), controller_(new RunListController(this)), proxy_(new RunListProxy(this)),
      follower_(new RunFollower(this)), toolbar_(new QToolBar(this)), statusFilter_(new QComboBox(this)),
      search_(new QLineEdit(this)), table_(new QTableView(this)), detail_(new RunDetail(this)),
      compare_(new RunCompareView(this)), stack_(new QStackedWidget(this)), empty_(new QWidget(this)),
      emptyTitle_(new QLabel(empty_)), emptyText_(new QLabel(empty_)), trainButton_(new QPushButton(empty_)),
      splitter_(new QSplitter(Qt::Vertical, this)), foldersLabel_(new QLabel(this)), message_(new QLabel(this))
{
    setObjectName(QStringLiteral("RunsPage"));
    confirm_ = [this](const QString& title, const QString& text) {
        return QMessageBox::question(this, title, text, QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) ==
               QMessageBox::Yes;
    };
    proxy_->setSourceModel(controller_->model());
    table_->setObjectName(QStringLiteral("runTable"));
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(RunListModel::StartedColumn, Qt::DescendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setContextMenuPolicy(Qt::ActionsContextMenu);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->horizontalHeader()->setHighlightSections(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    table_->setIconSize(QSize(16, 16));

    buildActions();
    toolbar_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar_->setIconSize(QSize(16, 16));
    toolbar_->addAction(refreshAction_);
    toolbar_->addAction(addFolderAction_);
    toolbar_->addSeparator();
    toolbar_->addAction(resumeAction_);
    toolbar_->addAction(compareAction_);
    toolbar_->addAction(openFolderAction_);
    toolbar_->addAction(exportReportAction_);
    toolbar_->addAction(exportModelAction_);
    toolbar_->addAction(deleteAction_);
    auto* spacer = new QWidget(toolbar_);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    toolbar_->addWidget(spacer);
    toolbar_->addWidget(statusFilter_);
    search_->setClearButtonEnabled(true);
    search_->setMinimumWidth(200);
    toolbar_->addWidget(search_);
    table_->addActions({resumeAction_, compareAction_, openFolderAction_, exportReportAction_, exportModelAction_,
                        reviewAction_, deleteAction_, removeFolderAction_, refreshAction_});

    foldersLabel_->setWordWrap(true);
    foldersLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    message_->setWordWrap(true);
    message_->hide();

    auto* top = new QWidget(this);
    auto* tl = new QVBoxLayout(top);
    tl->setContentsMargins(0, 0, 0, 0);
    tl->addWidget(toolbar_);
    tl->addWidget(foldersLabel_);
    tl->addWidget(message_);
    tl->addWidget(table_, 1);
    splitter_->addWidget(top);
    stack_->addWidget(detail_);
    stack_->addWidget(compare_);
    stack_->addWidget(empty_);
    {
        QFont f = emptyTitle_->font();
        f.setBold(true);
        f.setPointSizeF(f.pointSizeF() * 1.3);
        emptyTitle_->setFont(f);
        emptyText_->setWordWrap(true);
        trainButton_->setObjectName(QStringLiteral("trainButton"));
        auto* el = new QVBoxLayout(empty_);
        el->addStretch(1);
        el->addWidget(emptyTitle_, 0, Qt::AlignHCenter);
        el->addWidget(emptyText_, 0, Qt::AlignHCenter);
        el->addWidget(trainButton_, 0, Qt::AlignHCenter);
        el->addStretch(2);
        connect(trainButton_, &QPushButton::clicked, this, &RunsPage::trainRequested);
    }
    splitter_->addWidget(stack_);
    splitter_->setStretchFactor(0, 2);
    splitter_->setStretchFactor(1, 3);
    splitter_->setSizes({2 * kSplitterUnit, 3 * kSplitterUnit});   // the list 40%, the opened run 60%
    splitter_->setChildrenCollapsible(false);
    splitter_->installEventFilter(this);
    connect(splitter_, &QSplitter::splitterMoved, this, [this] { userSized_ = true; });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter_);

    connect(statusFilter_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0 && i < static_cast<int>(std::size(kFilterMasks)))
            proxy_->setStatusMask(kFilterMasks[i]);
    });
    connect(search_, &QLineEdit::textChanged, proxy_, &RunListProxy::setText);
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RunsPage::onSelectionChanged);
    connect(controller_->model(), &QAbstractItemModel::rowsInserted, this, &RunsPage::onListChanged);
    connect(controller_->model(), &QAbstractItemModel::rowsRemoved, this, &RunsPage::onListChanged);
    connect(controller_->model(), &QAbstractItemModel::modelReset, this, &RunsPage::onListChanged);
    connect(controller_, &RunListController::listed, this, &RunsPage::onListChanged);
    connect(controller_, &RunListController::runRead, this, &RunsPage::onListChanged);
    connect(follower_, &RunFollower::loaded, detail_, &RunDetail::showRecord);
    connect(follower_, &RunFollower::failed, detail_, &RunDetail::showError);
    connect(follower_, &RunFollower::updated, detail_, &RunDetail::applyUpdate);
    connect(follower_, &RunFollower::followingEnded, this, [this] { controller_->refreshRun(follower_->dir()); });
    connect(detail_, &RunDetail::resumeRequested, this, &RunsPage::resumeWithDialog);
    connect(detail_, &RunDetail::reportRequested, this, [this] {
        if (!detail_->dir().isEmpty())
            emit exportReportRequested(detail_->dir());
    });
    connect(detail_, &RunDetail::openFolderRequested, this, [this] {
        if (!detail_->dir().isEmpty())
            QDesktopServices::openUrl(QUrl::fromLocalFile(detail_->dir()));
    });

    retranslate();
    updateActions();
    updateEmptyState();
    controller_->restore();
}

RunsPage::~RunsPage() = default;   // compareJobs_ waits for the pool job

void RunsPage::buildActions()
{
    refreshAction_ = new QAction(ys::ui::icon(IconId::Refresh), QString(), this);
    refreshAction_->setObjectName(QStringLiteral("refreshAction"));
    refreshAction_->setShortcut(QKeySequence::Refresh);   // F5
    refreshAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(refreshAction_, &QAction::triggered, this, &RunsPage::refresh);

    addFolderAction_ = new QAction(ys::ui::icon(IconId::Open), QString(), this);
    connect(addFolderAction_, &QAction::triggered, this, &RunsPage::chooseFolder);
    removeFolderAction_ = new QAction(QString(), this);
    removeFolderAction_->setObjectName(QStringLiteral("removeFolderAction"));
    connect(removeFolderAction_, &QAction::triggered, this, &RunsPage::removeSelectedFolder);

    resumeAction_ = new QAction(runStatusIcon(RunStatusIcon::Resumable), QString(), this);

    resumeAction_->setObjectName(QStringLiteral("resumeAction"));
    resumeAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    resumeAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(resumeAction_, &QAction::triggered, this, &RunsPage::resumeWithDialog);

    openFolderAction_ = new QAction(ys::ui::icon(IconId::Open), QString(), this);
    openFolderAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    openFolderAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(openFolderAction_, &QAction::triggered, this, &RunsPage::openSelectedFolder);

    exportReportAction_ = new QAction(ys::ui::icon(IconId::Export), QString(), this);

    exportReportAction_->setObjectName(QStringLiteral("exportReportAction"));
    exportReportAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportReportAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(exportReportAction_, &QAction::triggered, this, [this] {
        if (!currentDir().isEmpty())
            emit exportReportRequested(currentDir());
    });

    exportModelAction_ = new QAction(ys::ui::icon(IconId::Export), QString(), this);
    exportModelAction_->setObjectName(QStringLiteral("exportModelAction"));
    exportModelAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportModelAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(exportModelAction_, &QAction::triggered, this, [this] {
        if (!currentDir().isEmpty())
            emit exportModelRequested(currentDir());
    });

    reviewAction_ = new QAction(this);
    reviewAction_->setObjectName(QStringLiteral("reviewAction"));
    reviewAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    reviewAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(reviewAction_, &QAction::triggered, this, [this] {
        if (!currentDir().isEmpty())
            reviewRun(currentDir());
    });

    compareAction_ = new QAction(ys::ui::icon(IconId::Compare), QString(), this);

    compareAction_->setObjectName(QStringLiteral("compareAction"));
    compareAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    compareAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(compareAction_, &QAction::triggered, this, &RunsPage::compareSelected);

    deleteAction_ = new QAction(ys::ui::icon(IconId::Trash), QString(), this);

    deleteAction_->setObjectName(QStringLiteral("deleteAction"));
    deleteAction_->setShortcut(QKeySequence::Delete);
    deleteAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(deleteAction_, &QAction::triggered, this, &RunsPage::deleteSelected);

    findAction_ = new QAction(this);
    findAction_->setShortcut(QKeySequence::Find);
    findAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(findAction_, &QAction::triggered, this, [this] {
        search_->setFocus();
        search_->selectAll();
    });
    addAction(findAction_);
    addAction(refreshAction_);
    addAction(resumeAction_);
    addAction(compareAction_);
    addAction(openFolderAction_);
    addAction(exportReportAction_);
    addAction(exportModelAction_);
    addAction(reviewAction_);
    addAction(deleteAction_);
}

QString RunsPage::title() const
{
    return tr("Runs");
}

QIcon RunsPage::icon() const
{
    return ys::ui::icon(IconId::Runs);
}

QList<QAction*> RunsPage::pageActions() const
{
    return {refreshAction_,   addFolderAction_,   removeFolderAction_, resumeAction_,    compareAction_,
            openFolderAction_, exportReportAction_, exportModelAction_, reviewAction_, deleteAction_};
}

QString RunsPage::statusText() const
{
    const RunListModel* m = controller_->model();
    int running = 0;
    for (int row = 0; row < m->rowCount(); ++row)
        running += m->entry(row)->isRun && m->entry(row)->record.status == ys::RunStatus::Running;
    QString text = m->runCount() == 0 ? tr("No runs yet") : tr("%n run(s)", nullptr, m->runCount());
    if (running > 0)
        text += QStringLiteral(" · ") + tr("%n running", nullptr, running);
    if (m->foreignCount() > 0)
        text += QStringLiteral(" · ") + tr("%n other folder(s)", nullptr, m->foreignCount());
    return text;
}

void RunsPage::saveState(QSettings& s) const
{
    if (userSized_)
        s.setValue(QString::fromLatin1(kSplitterKey), splitter_->saveState());
    else
        s.remove(QString::fromLatin1(kSplitterKey));
    s.setValue(QString::fromLatin1(kHeaderKey), table_->horizontalHeader()->saveState());
    s.setValue(QString::fromLatin1(kFilterKey), statusFilter_->currentIndex());
}

void RunsPage::restoreState(const QSettings& s)
{
    userSized_ = splitter_->restoreState(s.value(QString::fromLatin1(kSplitterKey)).toByteArray());
    fitListHeight();
    table_->horizontalHeader()->restoreState(s.value(QString::fromLatin1(kHeaderKey)).toByteArray());
    fitColumns();
    statusFilter_->setCurrentIndex(std::max(0, s.value(QString::fromLatin1(kFilterKey), 0).toInt()));
}

void RunsPage::setDataset(std::shared_ptr<const ys::Dataset> dataset)
{
    detail_->setDataset(std::move(dataset));
}

void RunsPage::setProjectFolder(const QString& folder)
{
    controller_->setProjectFolder(folder);
    updateFoldersLabel();
}

QString RunsPage::projectFolder() const
{
    return controller_->projectFolder();
}

void RunsPage::refresh()
{
    message_->hide();
    controller_->refresh();
    if (!follower_->dir().isEmpty() && !follower_->isFollowing())
        follower_->open(follower_->dir());
}

void RunsPage::refreshRun(const QString& runDir)
{
    controller_->refreshRun(runDir);
}

bool RunsPage::addFolder(const QString& folder)
{
    const bool added = controller_->addFolder(folder);
    updateFoldersLabel();
    return added;
}

RunListModel* RunsPage::model() const
{
    return controller_->model();
}

int RunsPage::runCount() const
{
    return controller_->model()->runCount();
}

QStringList RunsPage::selectedDirs() const
{
    QStringList out;
    for (const QModelIndex& i : table_->selectionModel()->selectedRows())
        out << i.data(RunListModel::DirRole).toString();
    return out;
}

QString RunsPage::currentDir() const
{
    const QStringList dirs = selectedDirs();
    return dirs.size() == 1 ? dirs.front() : QString();
}

bool RunsPage::openRun(const QString& dir)
{
    const int row = controller_->model()->rowOf(dir);
    if (row < 0)
        return false;
    const QModelIndex i = proxy_->mapFromSource(controller_->model()->index(row, 0));
    if (!i.isValid())
        return false;   // filtered out
    table_->selectionModel()->select(i, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table_->setCurrentIndex(i);
    table_->scrollTo(i);
    return true;
}

void RunsPage::onSelectionChanged()
{
    updateActions();
    if (selectedDirs().size() < 2)
        showDetail();
    openCurrent();
}

bool RunsPage::isComparing() const
{
    return stack_->currentWidget() == compare_;
}

void RunsPage::showDetail()
{
    ++compareGeneration_;
    stack_->setCurrentWidget(controller_->model()->runCount() == 0 ? empty_ : detail_);
}

void RunsPage::compareSelected()
{
    compareRuns(selectedDirs());
}

bool RunsPage::compareRuns(const QStringList& dirs)
{
    const RunListModel* m = controller_->model();
    std::vector<std::string> paths;
    std::vector<QString> shown;
    for (const QString& d : dirs) {
        const RunListModel::Entry* e = m->entry(m->rowOf(d));
        if (e && e->isRun) {
            paths.push_back(e->dir.toStdString());
            shown.push_back(e->dir);
        }
    }
    if (paths.size() < 2) {
        showMessage(tr("Select two or more runs to compare."));
        return false;
    }
    showMessage({});
    const quint64 gen = ++compareGeneration_;
    compare_->clear();
    stack_->setCurrentWidget(compare_);
    struct Read {
        std::vector<std::vector<ys::EpochResult>> rows;
        std::vector<QString> metrics;   // each run's release ("" when it could not be read)
        QStringList failed;
    };
    auto readAll = [paths]() -> ys::Expected<Read> {
        Read out;
        for (const std::string& p : paths) {
            auto r = ys::readRun(p);
            if (r.ok()) {
                out.rows.push_back(std::move(r->rows));
                out.metrics.push_back(r->hasArgs ? QString::fromStdString(r->args.metrics) : QString());
            } else {
                out.rows.emplace_back();
                out.metrics.emplace_back();
                out.failed << QString::fromStdString(p) + QStringLiteral(": ") + RunText::problem(r.error());
            }
        }
        return out;
    };
    compareJobs_.start(this, std::move(readAll), [this, gen, shown](const ys::Expected<Read>& result) {
        if (gen != compareGeneration_)
            return;
        if (!result) {
            showMessage(RunText::problem(result.error()));
            return;
        }
        const Read& read = *result;
        const std::vector<QString> names = compareNames(shown);
        std::vector<CompareRun> runs;
        for (size_t i = 0; i < shown.size(); ++i)
            runs.push_back(CompareRun{names[i], read.rows[i], read.metrics[i]});
        compare_->setRuns(std::move(runs));
        if (!read.failed.isEmpty())
            showMessage(tr("Not all runs could be read: %1").arg(read.failed.join(QStringLiteral("; "))));
        QStringList dirs;
        for (const QString& d : shown)
            dirs << d;
        emit compared(dirs);
    });
    return true;
}

void RunsPage::openCurrent()
{
    const QString dir = currentDir();
    if (dir.isEmpty()) {
        if (selectedDirs().isEmpty()) {
            follower_->close();
            detail_->clear();
        }
        return;
    }
    if (dir == follower_->dir())
        return;
    const RunListModel::Entry* e = controller_->model()->entry(controller_->model()->rowOf(dir));
    if (e && !e->isRun) {
        follower_->close();
        detail_->showError(dir, e->error);
        return;
    }
    detail_->showLoading(dir);
    follower_->open(dir);
}

void RunsPage::onListChanged()
{
    // The open run changed on disk while nothing followed it (a CLI resumed it, it ended): read it again.
    const QString open = follower_->dir();
    if (!open.isEmpty() && !follower_->isFollowing() && !follower_->isLoading() && follower_->record()) {
        const RunListModel::Entry* e = controller_->model()->entry(controller_->model()->rowOf(open));
        if (e && e->isRun &&
            (e->record.status != follower_->record()->status ||
             e->record.summary.epochsDone != follower_->record()->summary.epochsDone))
            follower_->open(open);
    }
    updateActions();
    updateFoldersLabel();
    updateEmptyState();
    fitColumns();
    fitListHeight();
    emit statusChanged(statusText());
}

int RunsPage::listHeightWanted() const
{
    // The toolbar and the lines above the table as laid out, then the table's header and rows.
    const QWidget* top = splitter_->widget(0);
    const int above = std::max(0, top->sizeHint().height() - table_->sizeHint().height());
    const int rows = std::max(kListMinRows, proxy_->rowCount());
    QScrollBar* hbar = table_->horizontalScrollBar();
    return above + table_->horizontalHeader()->sizeHint().height() + rows * table_->verticalHeader()->defaultSectionSize() +
           2 * table_->frameWidth() + (hbar->maximum() > 0 ? hbar->sizeHint().height() : 0);
}

void RunsPage::fitListHeight()
{
    if (userSized_)
        return;
    const int total = splitter_->height() - splitter_->handleWidth();
    if (total <= 0)
        return;
    const int list = std::min(listHeightWanted(), static_cast<int>(total * kListMaxShare));
    splitter_->setSizes({list, total - list});
}

bool RunsPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == splitter_ && event->type() == QEvent::Resize)
        fitListHeight();
    return StudioPage::eventFilter(watched, event);
}

void RunsPage::fitColumns()
{
    // Every column at least as wide as its header and its cells (up to 40 characters), so names and dates are
    // not cut, also when longer ones are listed later; a column the user made wider keeps its width. The
    // last column (problems) takes the rest.
    if (controller_->model()->rowCount() == 0)
        return;
    const int widest = table_->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 40;
    const QHeaderView* header = table_->horizontalHeader();
    for (int c = 0; c + 1 < RunListModel::ColumnCount; ++c) {
        const QAbstractItemView* view = table_;   // sizeHintForColumn is public there
        // A line height more than the hint: it can fall short for text drawn in a fallback (CJK) font.
        const int cells = view->sizeHintForColumn(c) + table_->fontMetrics().height();
        const int wanted = std::min(std::max(cells, header->sectionSizeHint(c)), widest);
        if (table_->columnWidth(c) < wanted)
            table_->setColumnWidth(c, wanted);
    }
}

bool RunsPage::showsEmptyState() const
{
    return stack_->currentWidget() == empty_;
}

void RunsPage::updateEmptyState()
{
    // Folders that are not runs are listed above, but they are no runs: the page still says where runs come from.
    const bool none = controller_->model()->runCount() == 0;
    if (none && stack_->currentWidget() != empty_)
        stack_->setCurrentWidget(empty_);
    else if (!none && stack_->currentWidget() == empty_)
        stack_->setCurrentWidget(detail_);
}

void RunsPage::updateActions()
{
    const QString dir = currentDir();
    const RunListModel* m = controller_->model();
    const RunListModel::Entry* e = dir.isEmpty() ? nullptr : m->entry(m->rowOf(dir));
    resumeAction_->setEnabled(e && e->isRun && e->record.resumable);
    openFolderAction_->setEnabled(e != nullptr);
    exportReportAction_->setEnabled(e && e->isRun);
    exportModelAction_->setEnabled(e && e->isRun && (e->record.best.present || e->record.last.present));
    reviewAction_->setEnabled(reviewable(e));
    int runs = 0;
    for (const QString& d : selectedDirs()) {
        const RunListModel::Entry* s = m->entry(m->rowOf(d));
        runs += s && s->isRun;
    }
    compareAction_->setEnabled(runs >= 2);
    bool deletable = false;
    for (const QString& d : selectedDirs()) {
        const RunListModel::Entry* s = m->entry(m->rowOf(d));
        deletable |= s && s->isRun && s->record.status != ys::RunStatus::Running;
    }
    deleteAction_->setEnabled(deletable);
    removeFolderAction_->setEnabled(e && controller_->userFolders().contains(e->root));
}

void RunsPage::showMessage(const QString& text)
{
    message_->setText(text);
    message_->setVisible(!text.isEmpty());
}

bool RunsPage::resumeRun(const QString& dir, const QMap<QString, QString>& values)
{
    const RunListModel* m = controller_->model();
    const RunListModel::Entry* e = m->entry(m->rowOf(dir));
    if (!e || !e->isRun) {
        showMessage(tr("%1 is not a listed run.").arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    const ResumePlan plan = planResume(e->record, values);
    if (!plan.errors.empty()) {
        QStringList why;
        for (const ys::Error& err : plan.errors)
            why << (err.code == "run.not_resumable" ? RunText::statusHelp(e->record.status, false)
                                                    : QString::fromStdString(err.message));
        showMessage(tr("%1 cannot be resumed: %2").arg(QFileInfo(dir).fileName(), why.join(QStringLiteral("; "))));
        return false;
    }
    showMessage({});
    emit resumeRequested(plan.request);
    return true;
}

void RunsPage::resumeWithDialog()
{
    const QString dir = !currentDir().isEmpty() ? currentDir() : detail_->dir();
    const RunListModel* m = controller_->model();
    const RunListModel::Entry* e = m->entry(m->rowOf(dir));
    if (!e || !e->isRun || !e->record.resumable)
        return;
    auto* dialog = new ResumeDialog(e->record, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, dir] { resumeRun(dir, dialog->values()); });
    dialog->open();
}

void RunsPage::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a folder of runs"),
                                                             controller_->projectFolder());
    if (folder.isEmpty())
        return;
    if (!addFolder(folder))
        showMessage(tr("%1 is listed already.").arg(QDir::toNativeSeparators(folder)));
}

void RunsPage::removeSelectedFolder()
{
    const QString dir = currentDir();
    const RunListModel* m = controller_->model();
    const RunListModel::Entry* e = m->entry(m->rowOf(dir));
    if (!e)
        return;
    controller_->removeFolder(e->root);
    updateFoldersLabel();
}

void RunsPage::openSelectedFolder()
{
    const QString dir = currentDir();
    if (!dir.isEmpty())
        QDesktopServices::openUrl(QUrl::fromLocalFile(dir));
}

ReviewDialog* RunsPage::reviewRun(const QString& dir)
{
    const RunListModel* m = controller_->model();
    const RunListModel::Entry* e = m->entry(m->rowOf(dir));
    const QString weights = reviewable(e) ? ReviewRunner::weightsOfRun(dir) : QString();
    if (weights.isEmpty()) {
        showMessage(tr("%1 cannot be reviewed: it needs weights/best.pt or weights/last.pt and the dataset in its "
                       "args.yaml.").arg(QDir::toNativeSeparators(dir)));
        return nullptr;
    }
    if (review_ && review_->reviewing() && review_->runDir() != dir) {
        showMessage(tr("A review is running; cancel it or wait before reviewing another run."));
        review_->raise();
        return review_;
    }
    if (!review_) {
        review_ = new ReviewDialog(this);
        review_->setWindowFlag(Qt::Window);
        connect(review_, &ReviewDialog::reviewed, this, &RunsPage::reviewed);
    }
    if (review_->runDir() != dir || !review_->reviewing())
        review_->setRun(dir, QString::fromStdString(e->record.args.data), weights);
    review_->show();
    review_->raise();
    return review_;
}

QString RunsPage::newestReview(const QString& dataYaml) const
{
    const RunListModel* m = controller_->model();
    QStringList dirs, data;
    for (int row = 0; row < m->rowCount(); ++row)
        if (const RunListModel::Entry* e = m->entry(row); e && e->isRun && e->record.hasArgs) {
            dirs << e->dir;
            data << QString::fromStdString(e->record.args.data);
        }
    return newestReviewOf(dataYaml, dirs, data);
}

int RunsPage::deleteSelected()
{
    const RunListModel* m = controller_->model();
    QStringList dirs;
    for (const QString& d : selectedDirs()) {
        const RunListModel::Entry* e = m->entry(m->rowOf(d));
        if (e && e->isRun && e->record.status != ys::RunStatus::Running)
            dirs << d;
    }
    if (dirs.isEmpty())
        return 0;
    QStringList names;
    for (const QString& d : dirs)
        names << QDir::toNativeSeparators(d);
    const QString question =
        tr("Move %n run folder(s) to the trash? Its weights, curves and settings go with it.\n\n%1", nullptr,
           static_cast<int>(dirs.size()))
            .arg(names.join(QLatin1Char('\n')));
    if (!confirm_(tr("Delete runs"), question))
        return 0;
    int removed = 0;
    QStringList failed;
    for (const QString& d : dirs) {
        if (d == follower_->dir()) {
            follower_->close();
            detail_->clear();
        }
        QString why;
        if (controller_->deleteRun(d, false, &why)) {
            ++removed;
            continue;
        }
        if (QFileInfo::exists(d) &&
            confirm_(tr("Delete permanently?"),
                     tr("%1 cannot be moved to the trash (%2). Delete it permanently? This cannot be undone.")
                         .arg(QDir::toNativeSeparators(d), why)) &&
            controller_->deleteRun(d, true, &why)) {
            ++removed;
            continue;
        }
        failed << tr("%1: %2").arg(QFileInfo(d).fileName(), why);
    }
    showMessage(failed.isEmpty() ? QString() : tr("Not deleted: %1").arg(failed.join(QStringLiteral("; "))));
    emit statusChanged(statusText());
    return removed;
}

void RunsPage::retranslate()
{
    refreshAction_->setText(tr("Refresh"));
    refreshAction_->setToolTip(tr("Read the run folders again (F5)"));
    addFolderAction_->setText(tr("Add folder…"));
    addFolderAction_->setToolTip(tr("List the runs of another folder too, e.g. Ultralytics' runs/detect"));
    removeFolderAction_->setText(tr("Stop listing this folder"));
    resumeAction_->setText(tr("Resume…"));
    resumeAction_->setToolTip(tr("Continue the selected run on the Train page, optionally with another batch or "
                                 "device (Ctrl+R)"));
    openFolderAction_->setText(tr("Open folder"));
    openFolderAction_->setToolTip(tr("Show the run's folder in the file manager (Ctrl+Shift+O)"));
    exportReportAction_->setText(tr("Export report…"));
    exportReportAction_->setToolTip(tr("Write the selected run's training report as HTML or PDF: data checks, "
                                       "settings, environment, memory and fit, curves, per-class results (Ctrl+E)"));
    exportModelAction_->setText(tr("Export model…"));
    exportModelAction_->setToolTip(tr("Write the selected run's weights as an ONNX file for OpenCV or ONNX Runtime "
                                      "(Ctrl+Shift+E)"));
    reviewAction_->setText(tr("Review labels with this model…"));
    reviewAction_->setToolTip(tr("Predict the run's dataset with its weights and list the labels the model "
                                 "disagrees with, likeliest mistakes first (Ctrl+Shift+L)"));
    compareAction_->setText(tr("Compare"));
    compareAction_->setToolTip(tr("Show the curves of the selected runs together (select two or more; Ctrl+D)"));
    deleteAction_->setText(tr("Delete…"));
    deleteAction_->setToolTip(tr("Move the selected runs to the trash, after asking (Delete)"));
    emptyTitle_->setText(tr("No runs yet"));
    emptyText_->setText(tr("Runs you start on the Train page appear here with their curves, settings and events; "
                           "Add folder… lists runs written elsewhere (e.g. Ultralytics' runs/detect)."));
    trainButton_->setText(tr("Go to the Train page"));
    search_->setPlaceholderText(tr("Filter by name, dataset, model (Ctrl+F)"));
    const int filter = statusFilter_->currentIndex();
    const QSignalBlocker block(statusFilter_);
    statusFilter_->clear();
    statusFilter_->addItems({tr("All runs"), tr("Finished"), tr("Stopped, interrupted or failed"), tr("Running"),
                             tr("Failed"), tr("Not runs")});
    statusFilter_->setCurrentIndex(std::max(0, filter));
    statusFilter_->setToolTip(tr("Show runs by status"));

    updateFoldersLabel();
    controller_->model()->retranslate();
    fitColumns();   // Chinese statuses and headers are wider than English ones
    emit titleChanged();
}

void RunsPage::updateFoldersLabel()
{
    QStringList shown;
    for (const QString& f : controller_->folders())
        shown << QDir::toNativeSeparators(f);
    foldersLabel_->setText(shown.isEmpty()
                               ? tr("No folder to list yet: runs you start on the Train page are kept in the "
                                    "project folder of the open dataset; Add folder… lists others (e.g. Ultralytics' "
                                    "runs/detect).")
                               : tr("Listing %1").arg(shown.join(QStringLiteral(" · "))));
}

void RunsPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    StudioPage::changeEvent(event);
}

}  // namespace ys::ui
