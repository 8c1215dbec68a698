#include "ui/shell/mainwindow.h"

#include "ui/common/resumerequest.h"

#include "ui/common/icons.h"
#include "ui/common/logging.h"
#include "ui/common/palette.h"
#include "ui/common/studiopage.h"
#include "ui/config/configform.h"
#include "ui/dataset/datasetpage.h"
#include "ui/fit/fitdialog.h"
#include "ui/export/modelexporter.h"
#include "ui/report/reportexporter.h"
#include "ui/review/datasetreviewtab.h"
#include "ui/runs/runlistcontroller.h"
#include "ui/runs/runspage.h"
#include "ui/shell/language.h"
#include "ui/shell/notifier.h"
#include "ui/train/trainpage.h"

#include "common/error.h"

#include <QAction>
#include <QActionGroup>
#include <QEvent>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>

#include <algorithm>

namespace ys::ui {
namespace {

const QString kPageKey = QStringLiteral("window/page");

// Translated hint for core's error codes (core speaks English; the UI adds what to do, STYLE habit 8).
QString errorHint(const std::string& code)
{
    switch (ys::errorKind(code)) {
    case ys::ErrorKind::Syntax:
        return MainWindow::tr("The data.yaml file could not be read. Fix the line shown below and open it again.");
    case ys::ErrorKind::Dataset:
        return MainWindow::tr("The data.yaml file does not describe a usable dataset. Check the keys and paths "
                              "named below.");
    case ys::ErrorKind::Access:
        return MainWindow::tr("A file or folder could not be read or written. Check that it exists and that you "
                              "have permission.");
    case ys::ErrorKind::Internal:
        return MainWindow::tr("This is a bug in YOLO Studio. Please report it with the details below.");
    default:
        return {};
    }
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), datasetPage_(new DatasetPage(this)), trainPage_(new TrainPage(this)), runsPage_(new RunsPage(this)),
      notifier_(new Notifier(this))
{
    setWindowIcon(icon(IconId::App));
    setAcceptDrops(true);
    setObjectName(QStringLiteral("MainWindow"));

    buildNavigation();
    buildMenus();
    retranslate();

    statusCounts_ = new QLabel(this);
    statusCounts_->setObjectName(QStringLiteral("statusCounts"));
    statusCounts_->setContentsMargins(6, 0, 6, 0);
    statusBar()->addPermanentWidget(statusCounts_);
    statusBar()->setSizeGripEnabled(true);

    connect(datasetPage_, &DatasetPage::datasetOpened, this, [this](const QString& yaml) {
        setWindowFilePath(yaml);
        updateWindowTitle();
    });
    connect(datasetPage_, &DatasetPage::errorOccurred, this, &MainWindow::showError);

    wirePages();

    QSettings s;
    resize(1400, 900);
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    for (StudioPage* page : pages_)
        page->restoreState(s);
    // The dataset page first unless the last session ended elsewhere.
    nav_->setCurrentRow(std::clamp(s.value(kPageKey, 0).toInt(), 0, static_cast<int>(pages_.size()) - 1));
    statusCounts_->setText(statusBarText());
}

void MainWindow::wirePages()
{
    // The Train page trains on the dataset that is open and shows its check before Start.
    connect(datasetPage_, &DatasetPage::datasetOpened, this, [this](const QString& yaml) {
        trainPage_->setDataset(yaml);
        runsPage_->setProjectFolder(trainPage_->projectFolder());
    });
    connect(datasetPage_, &DatasetPage::checkFinished, this,
            [this](std::shared_ptr<const ys::Dataset> dataset, std::shared_ptr<const ys::CheckResult> result) {
                trainPage_->setCheckResult(dataset, std::move(result));
                runsPage_->setDataset(std::move(dataset));
            });
    connect(trainPage_, &TrainPage::showFindingsRequested, this, [this] {
        showPage(datasetPage_);
        datasetPage_->showFindings();
    });
    connect(trainPage_, &TrainPage::openDatasetRequested, this, [this] {
        showPage(datasetPage_);
        datasetPage_->chooseDataset();
    });
    connect(trainPage_, &TrainPage::errorOccurred, this, &MainWindow::showError);
    connect(trainPage_, &TrainPage::runFolderChanged, runsPage_, &RunsPage::refreshRun);
    connect(trainPage_, &TrainPage::runEnded, this,
            [this](const QString& title, const QString& message, bool failed, double seconds) {
                notifier_->notify(title, message, failed, seconds);
            });
    connect(runsPage_, &RunsPage::trainRequested, this, [this] { showPage(trainPage_); });
    // Label review: the review the Runs page just made, else the newest of the listed runs' reviews of the open
    // dataset, fills the Dataset page's "Suspected label mistakes" (the tab drops another dataset's review).
    connect(runsPage_, &RunsPage::reviewed, datasetPage_->reviewTab(), &DatasetReviewTab::showReviewFile);
    const auto findReview = [this] {
        DatasetReviewTab* tab = datasetPage_->reviewTab();
        const QString path = runsPage_->newestReview(tab->dataYaml());
        if (!path.isEmpty() && path != tab->reviewFile())
            tab->showReviewFile(path);
    };
    connect(runsPage_->controller(), &RunListController::listed, this, findReview);
    connect(datasetPage_, &DatasetPage::datasetOpened, this, findReview);
    // Resume from the Runs page: the run's args.yaml with resume=<run>/weights/last.pt and the changed
    // resumable keys goes into the Train page's form; the user presses Start there.
    connect(runsPage_, &RunsPage::resumeRequested, this, [this](const ResumeRequest& request) {
        trainPage_->loadForResume(request);
        showPage(trainPage_);
    });
    // Export report…: one exporter for the Runs page and the Train page.
    reportExporter_ = new ReportExporter(this);
    connect(runsPage_, &RunsPage::exportReportRequested, reportExporter_, &ReportExporter::exportRun);
    connect(trainPage_, &TrainPage::exportReportRequested, reportExporter_, &ReportExporter::exportRun);
    // Export model… (ONNX): one exporter for both pages too.
    modelExporter_ = new ModelExporter(this);
    connect(runsPage_, &RunsPage::exportModelRequested, modelExporter_, &ModelExporter::exportRun);
    connect(trainPage_, &TrainPage::exportModelRequested, modelExporter_, &ModelExporter::exportRun);
    // Fit to my GPU: the dialog starts from the Train page's setup; Apply writes batch, imgsz and AMP into
    // the form as one undoable step and gives the pre-flight (and the next run's memory chart) the fit.
    trainPage_->setFitAvailable(true);
    connect(trainPage_, &TrainPage::fitRequested, this, [this](const ys::TrainConfig& config) {
        auto* dialog = new FitDialog(config, this);
        dialog->setProcesses(trainPage_->processes());   // the fit is per device; its batch × the processes
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &FitDialog::applied, trainPage_, &TrainPage::applyFit);
        dialog->open();
    });
}

MainWindow::~MainWindow() = default;

void MainWindow::buildNavigation()
{
    nav_ = new QListWidget(this);
    nav_->setObjectName(QStringLiteral("navigation"));
    nav_->setViewMode(QListView::IconMode);
    nav_->setFlow(QListView::TopToBottom);
    nav_->setMovement(QListView::Static);
    nav_->setIconSize(QSize(28, 28));
    nav_->setGridSize(QSize(84, 68));
    nav_->setFixedWidth(88);
    nav_->setFrameShape(QFrame::NoFrame);
    nav_->setSpacing(0);
    nav_->setUniformItemSizes(true);
    nav_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    const NavigationColors nc = navigationColors();
    nav_->setStyleSheet(QStringLiteral(
        "QListWidget#navigation { background: %1; color: %2; padding-top: 6px; }"
        "QListWidget#navigation::item { border-radius: 6px; margin: 2px 4px; padding-top: 6px; }"
        "QListWidget#navigation::item:selected { background: %3; color: %4; }"
        "QListWidget#navigation::item:hover:!selected { background: %5; }")
                            .arg(nc.background.name(), nc.text.name(), nc.selected.name(), nc.selectedText.name(),
                                 nc.hover.name()));
    stack_ = new QStackedWidget(this);
    connect(nav_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0 || row >= pages_.size())
            return;
        stack_->setCurrentIndex(row);
        if (statusCounts_)
            statusCounts_->setText(statusBarText());
    });

    auto* central = new QWidget(this);
    auto* h = new QHBoxLayout(central);
    h->setContentsMargins(0, 0, 0, 0);
    h->setSpacing(0);
    h->addWidget(nav_);
    h->addWidget(stack_, 1);
    setCentralWidget(central);
    for (StudioPage* page : {static_cast<StudioPage*>(datasetPage_), static_cast<StudioPage*>(trainPage_),
                             static_cast<StudioPage*>(runsPage_)})
        addPage(page);
    nav_->setCurrentRow(0);
}

int MainWindow::addPage(StudioPage* page)
{
    auto* item = new QListWidgetItem(page->icon(), page->title(), nav_);
    item->setTextAlignment(Qt::AlignHCenter | Qt::AlignTop);
    item->setSizeHint(QSize(80, 64));
    pages_.append(page);
    connect(page, &StudioPage::statusChanged, this, [this, page](const QString& text) {
        if (page == currentPage() && statusCounts_)
            statusCounts_->setText(text);
    });
    connect(page, &StudioPage::transientMessage, this, [this](const QString& text, int timeoutMs) {
        statusBar()->showMessage(text, timeoutMs);
    });
    connect(page, &StudioPage::titleChanged, this, &MainWindow::retranslateNavigation);
    connect(page, &StudioPage::closeReady, this, &QWidget::close, Qt::QueuedConnection);
    return stack_->addWidget(page);
}

void MainWindow::retranslateNavigation()
{
    for (int i = 0; i < pages_.size() && i < nav_->count(); ++i) {
        nav_->item(i)->setText(pages_[i]->title());
        nav_->item(i)->setIcon(pages_[i]->icon());
    }
}

void MainWindow::showPage(StudioPage* page)
{
    const int i = static_cast<int>(pages_.indexOf(page));
    if (i >= 0)
        nav_->setCurrentRow(i);
}

StudioPage* MainWindow::currentPage() const
{
    const int i = stack_ ? stack_->currentIndex() : -1;
    return i >= 0 && i < pages_.size() ? pages_[i] : nullptr;
}

QString MainWindow::statusBarText() const
{
    StudioPage* page = currentPage();
    return page ? page->statusText() : QString();
}

void MainWindow::buildMenus()
{
    fileMenu_ = menuBar()->addMenu(QString());
    quitAction_ = fileMenu_->addAction(QString(), this, &QWidget::close);
    quitAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    quitAction_->setMenuRole(QAction::QuitRole);

    // The pages' view actions (the viewer's zoom), then the window's own.
    viewMenu_ = menuBar()->addMenu(QString());
    for (StudioPage* page : pages_) {
        const QList<QAction*> actions = page->viewActions();
        if (actions.isEmpty())
            continue;
        viewMenu_->addActions(actions);
        viewMenu_->addSeparator();
    }
    fullScreenAction_ = viewMenu_->addAction(QString());
    fullScreenAction_->setShortcut(QKeySequence::FullScreen);
    fullScreenAction_->setCheckable(true);
    connect(fullScreenAction_, &QAction::toggled, this, [this](bool on) { on ? showFullScreen() : showNormal(); });

    // One menu per page with actions (Dataset: Open, Recent, Demo, Export; Train: Start, Pause, Stop, Fit to
    // my GPU); their shortcuts work from every page unless an action narrows its shortcut context.
    for (StudioPage* page : pages_) {
        const QList<QAction*> actions = page->pageActions();
        if (actions.isEmpty())
            continue;
        QMenu* menu = menuBar()->addMenu(page->title());
        menu->addActions(actions);
        connect(page, &StudioPage::titleChanged, menu, [menu, page] { menu->setTitle(page->title()); });
        pageMenus_.append({menu, page});
    }

    languageMenu_ = menuBar()->addMenu(QString());
    languageGroup_ = new QActionGroup(this);
    languageGroup_->setExclusive(true);
    for (const QString& code : availableLanguages()) {
        QAction* a = languageMenu_->addAction(languageName(code));
        a->setCheckable(true);
        a->setChecked(code == currentLanguage());
        a->setData(code);
        languageGroup_->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { chooseLanguage(code); });
    }

    helpMenu_ = menuBar()->addMenu(QString());
    aboutAction_ = helpMenu_->addAction(icon(IconId::App), QString(), this, &MainWindow::about);
    aboutAction_->setMenuRole(QAction::AboutRole);
    aboutQtAction_ = helpMenu_->addAction(QString(), qApp, &QApplication::aboutQt);
}

void MainWindow::retranslate()
{
    updateWindowTitle();
    retranslateNavigation();
    fileMenu_->setTitle(tr("&File"));
    quitAction_->setText(tr("&Quit"));
    viewMenu_->setTitle(tr("&View"));
    fullScreenAction_->setText(tr("&Full Screen"));
    languageMenu_->setTitle(tr("&Language"));
    helpMenu_->setTitle(tr("&Help"));
    aboutAction_->setText(tr("&About YOLO Studio"));
    aboutQtAction_->setText(tr("About &Qt"));
    // The pages' menus and the status bar hold text the pages word: ask them again (a page words itself in
    // the language of the moment, so before its own LanguageChange too).
    for (const auto& [menu, page] : pageMenus_)
        menu->setTitle(page->title());
    if (statusCounts_)
        statusCounts_->setText(statusBarText());
}

void MainWindow::updateWindowTitle()
{
    const QString yaml = windowFilePath();
    setWindowTitle(yaml.isEmpty() ? tr("YOLO Studio") : tr("%1 — YOLO Studio").arg(QFileInfo(yaml).dir().dirName()));
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::openDataset(const QString& path)
{
    showPage(datasetPage_);
    datasetPage_->openDataset(path);
}

void MainWindow::openDemo()
{
    showPage(datasetPage_);
    datasetPage_->openDemo();
}

bool MainWindow::reopenLastDataset()
{
    return datasetPage_->reopenLastDataset();
}

void MainWindow::showError(const QString& context, const ys::Error& error)
{
    qCWarning(lcApp).noquote() << context << QString::fromStdString(error.toString());
    QMessageBox box(this);
    box.setIcon(QMessageBox::Warning);
    box.setWindowTitle(tr("YOLO Studio"));
    box.setText(QStringLiteral("<b>%1</b>").arg(context.toHtmlEscaped()));
    QString info;
    const QString hint = errorHint(error.code);
    if (!hint.isEmpty())
        info += QStringLiteral("<p>%1</p>").arg(hint.toHtmlEscaped());
    if (!error.file.empty()) {
        QString where = QDir::toNativeSeparators(QString::fromStdString(error.file));
        if (error.line > 0)
            where += QStringLiteral(":%1").arg(error.line);
        if (error.column > 0)
            where += QStringLiteral(":%1").arg(error.column);
        info += QStringLiteral("<p><code>%1</code></p>").arg(where.toHtmlEscaped());
    }
    info += QStringLiteral("<p>%1</p>").arg(QString::fromStdString(error.message).toHtmlEscaped());
    box.setInformativeText(info);
    box.setDetailedText(QStringLiteral("%1\n%2").arg(QString::fromStdString(error.code),
                                                      QString::fromStdString(error.toString())));
    box.setStandardButtons(QMessageBox::Ok);
    box.exec();
}

void MainWindow::chooseLanguage(const QString& code)
{
    if (code == currentLanguage())
        return;
    storeLanguage(code);
    // Installing the translators sends QEvent::LanguageChange to every widget: each retranslates itself.
    installTranslators(code);
    for (QAction* a : languageGroup_->actions())
        a->setChecked(a->data().toString() == currentLanguage());
}

void MainWindow::about()
{
    QMessageBox::about(
        this, tr("About YOLO Studio"),
        tr("<h3>YOLO Studio %1</h3>"
           "<p>A native desktop studio for YOLO object detectors: open a dataset, check its labels, fit the "
           "training run to your GPU, train and report.</p>"
           "<p>Built with Qt %2, LibTorch, OpenCV and QCustomPlot.</p>")
            .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion())));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // A page may keep the window open (a training run is asked to stop first; it closes the window
    // through closeReady when it has ended).
    for (StudioPage* page : pages_) {
        if (!page->prepareClose()) {
            event->ignore();
            return;
        }
    }
    datasetPage_->cancel();
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(kPageKey, stack_->currentIndex());
    for (StudioPage* page : pages_)
        page->saveState(s);
    event->accept();
}

// A drop of a data.yaml, or of a folder that holds one, anywhere on the window opens it on the Dataset page.
void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!DatasetPage::droppedDataset(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString yaml = DatasetPage::droppedDataset(event->mimeData());
    if (yaml.isEmpty())
        return;
    event->acceptProposedAction();
    openDataset(yaml);
}

}  // namespace ys::ui
