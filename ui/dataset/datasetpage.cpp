#include "ui/dataset/datasetpage.h"

#include "common/config.h"
#include "data/dataset.h"
#include "ui/common/icons.h"
#include "ui/common/logging.h"
#include "ui/common/palette.h"
#include "ui/dataset/datasetcontroller.h"
#include "ui/dataset/datasetstatswidget.h"
#include "ui/dataset/findingsview.h"
#include "ui/review/datasetreviewtab.h"
#include "ui/common/findingtext.h"
#include "ui/dataset/imagefilterproxy.h"
#include "ui/dataset/imagelistmodel.h"
#include "ui/thumbnails/imageviewer.h"
#include "ui/thumbnails/thumbnailview.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMimeData>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

namespace ys::ui {
namespace {

constexpr int kMaxRecent = 10;         // datasets remembered
constexpr int kRecentButtons = 5;      // of which the empty state shows
const QString kRecentKey = QStringLiteral("dataset/recent");
const QString kLastKey = QStringLiteral("dataset/last");

struct Category {
    uint32_t flag;
    const char* name;  // translated in DatasetPage context
};

const Category kCategories[] = {
    {ys::ProblemImage, QT_TRANSLATE_NOOP("ys::ui::DatasetPage", "Unreadable or invalid images")},
    {ys::ProblemLabelFormat, QT_TRANSLATE_NOOP("ys::ui::DatasetPage", "Label format errors")},
    {ys::ProblemDuplicate, QT_TRANSLATE_NOOP("ys::ui::DatasetPage", "Duplicates")},
    {ys::ProblemLeakage, QT_TRANSLATE_NOOP("ys::ui::DatasetPage", "Train/val leakage")},
    {ys::ProblemSmallBox, QT_TRANSLATE_NOOP("ys::ui::DatasetPage", "Boxes too small to learn")},
    {ys::ProblemOutlier, QT_TRANSLATE_NOOP("ys::ui::DatasetPage", "Unusual box sizes")},
    {ys::ProblemCrowded, QT_TRANSLATE_NOOP("ys::ui::DatasetPage", "Crowded images")},
    {ys::ProblemBackground, QT_TRANSLATE_NOOP("ys::ui::DatasetPage", "Backgrounds (no boxes)")},
    {ys::ProblemMixed, QT_TRANSLATE_NOOP("ys::ui::DatasetPage", "Polygons mixed with boxes")},
};

const char* categoryName(uint32_t flag)
{
    for (const Category& c : kCategories)
        if (c.flag == flag)
            return c.name;
    return "";
}

QFrame* hline(QWidget* parent)
{
    auto* f = new QFrame(parent);
    f->setFrameShape(QFrame::HLine);
    f->setFrameShadow(QFrame::Plain);
    f->setStyleSheet(QStringLiteral("color: palette(midlight);"));
    return f;
}

QVariant filterData(const ProblemFilter& filter)
{
    return QVariant::fromValue(filter);
}

}  // namespace

DatasetPage::DatasetPage(QWidget* parent)
    : StudioPage(parent),
      controller_(new DatasetController(this)),
      images_(new ImageListModel(this)),
      proxy_(new ImageFilterProxy(this))
{
    setObjectName(QStringLiteral("datasetPage"));
    controller_->setObjectName(QStringLiteral("datasetController"));
    proxy_->setSourceModel(images_);
    buildActions();

    stack_ = new QStackedWidget(this);
    stack_->addWidget(buildEmptyState());
    stack_->addWidget(buildBrowser());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stack_);

    connect(controller_, &DatasetController::jobChanged, this, &DatasetPage::onJobChanged);
    connect(controller_, &DatasetController::progress, this, &DatasetPage::onProgress);
    connect(controller_, &DatasetController::datasetReady, this, &DatasetPage::onDatasetReady);
    connect(controller_, &DatasetController::checkReady, this, &DatasetPage::onCheckReady);
    connect(controller_, &DatasetController::failed, this, [this](const QString& context, const ys::Error& e) {
        onJobChanged();
        if (!controller_->dataset())
            stack_->setCurrentIndex(0);
        emit errorOccurred(context, e);
    });
    connect(proxy_, &QAbstractItemModel::modelReset, this, &DatasetPage::updateStatus);
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, &DatasetPage::updateStatus);
    connect(proxy_, &QAbstractItemModel::rowsRemoved, this, &DatasetPage::updateStatus);
    retranslate();
    onJobChanged();
}

DatasetPage::~DatasetPage() = default;

void DatasetPage::buildActions()
{
    openAction_ = new QAction(ys::ui::icon(IconId::Open), QString(), this);
    openAction_->setShortcut(QKeySequence::Open);
    connect(openAction_, &QAction::triggered, this, &DatasetPage::chooseDataset);
    recentMenu_ = new QMenu(this);
    connect(recentMenu_, &QMenu::aboutToShow, this, &DatasetPage::fillRecentMenu);
    recentAction_ = new QAction(this);
    recentAction_->setMenu(recentMenu_);
    demoAction_ = new QAction(ys::ui::icon(IconId::Demo), QString(), this);
    connect(demoAction_, &QAction::triggered, this, &DatasetPage::openDemo);
    // Ctrl+E is Export Report on the Train and Runs pages: here it exports the check, while this page has focus.
    exportAction_ = new QAction(ys::ui::icon(IconId::Export), QString(), this);
    exportAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    exportAction_->setEnabled(false);
    connect(exportAction_, &QAction::triggered, this, &DatasetPage::chooseExportFile);
    addAction(exportAction_);
}

QList<QAction*> DatasetPage::pageActions() const
{
    return {openAction_, recentAction_, demoAction_, exportAction_};
}

QList<QAction*> DatasetPage::viewActions() const
{
    return viewer_->zoomActions();
}

QWidget* DatasetPage::buildEmptyState()
{
    auto* w = new QWidget(this);
    auto* outer = new QVBoxLayout(w);
    outer->addStretch(2);
    auto* card = new QWidget(w);
    card->setMaximumWidth(560);
    auto* v = new QVBoxLayout(card);
    v->setSpacing(10);
    auto* logo = new QLabel(card);
    logo->setPixmap(ys::ui::icon(IconId::App).pixmap(72, 72));
    logo->setAlignment(Qt::AlignCenter);
    v->addWidget(logo);
    emptyHeading_ = new QLabel(card);
    QFont hf = emptyHeading_->font();
    hf.setPointSizeF(hf.pointSizeF() * 1.6);
    hf.setBold(true);
    emptyHeading_->setFont(hf);
    emptyHeading_->setAlignment(Qt::AlignCenter);
    v->addWidget(emptyHeading_);
    emptyText_ = new QLabel(card);
    emptyText_->setWordWrap(true);
    emptyText_->setAlignment(Qt::AlignCenter);
    emptyText_->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    v->addWidget(emptyText_);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    openButton_ = new QPushButton(ys::ui::icon(IconId::Open), QString(), card);
    openButton_->setObjectName(QStringLiteral("openButton"));
    openButton_->setDefault(true);
    openButton_->setMinimumHeight(32);
    connect(openButton_, &QPushButton::clicked, this, &DatasetPage::chooseDataset);
    demoButton_ = new QPushButton(ys::ui::icon(IconId::Demo), QString(), card);
    demoButton_->setObjectName(QStringLiteral("demoButton"));
    demoButton_->setMinimumHeight(32);
    connect(demoButton_, &QPushButton::clicked, this, &DatasetPage::openDemo);
    buttons->addWidget(openButton_);
    buttons->addWidget(demoButton_);
    buttons->addStretch();
    v->addLayout(buttons);
    v->addSpacing(12);
    recentLayout_ = new QVBoxLayout;
    recentLayout_->setSpacing(2);
    v->addLayout(recentLayout_);
    auto* row = new QHBoxLayout;
    row->addStretch();
    row->addWidget(card);
    row->addStretch();
    outer->addLayout(row);
    outer->addStretch(3);
    return w;
}

QWidget* DatasetPage::buildBrowser()
{
    auto* w = new QWidget(this);
    QHBoxLayout* header = buildHeader(w);
    progressStrip_ = buildProgressStrip(w);
    QHBoxLayout* filters = buildFilterBar(w);

    grid_ = new ThumbnailView(w);
    grid_->setObjectName(QStringLiteral("imageGrid"));
    grid_->setModel(proxy_);
    connect(grid_->selectionModel(), &QItemSelectionModel::currentChanged, this, &DatasetPage::onGridCurrentChanged);
    connect(showBoxes_, &QCheckBox::toggled, grid_, &ThumbnailView::setShowBoxes);
    viewer_ = new ImageViewer(w);
    viewer_->setObjectName(QStringLiteral("imageViewer"));
    topSplitter_ = new QSplitter(Qt::Horizontal, w);
    topSplitter_->setObjectName(QStringLiteral("browserSplitter"));
    topSplitter_->addWidget(grid_);
    topSplitter_->addWidget(viewer_);
    topSplitter_->setStretchFactor(0, 3);
    topSplitter_->setStretchFactor(1, 2);
    topSplitter_->setChildrenCollapsible(false);

    mainSplitter_ = new QSplitter(Qt::Vertical, w);
    mainSplitter_->setObjectName(QStringLiteral("pageSplitter"));
    mainSplitter_->addWidget(topSplitter_);
    mainSplitter_->addWidget(buildTabs(w));
    mainSplitter_->setStretchFactor(0, 3);
    mainSplitter_->setStretchFactor(1, 2);
    mainSplitter_->setChildrenCollapsible(false);

    auto* v = new QVBoxLayout(w);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(0);
    v->addLayout(header);
    v->addWidget(progressStrip_);
    v->addWidget(hline(w));
    v->addLayout(filters);
    v->addWidget(mainSplitter_, 1);
    return w;
}

// Dataset name and path, and the check's image size with "Check again".
QHBoxLayout* DatasetPage::buildHeader(QWidget* parent)
{
    title_ = new QLabel(parent);
    QFont tf = title_->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.25);
    tf.setBold(true);
    title_->setFont(tf);
    subtitle_ = new QLabel(parent);
    subtitle_->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    subtitle_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* titles = new QVBoxLayout;
    titles->setSpacing(0);
    titles->addWidget(title_);
    titles->addWidget(subtitle_);
    // The training image size: its range and step from the settings schema, its default the check's.
    imgsz_ = new QSpinBox(parent);
    imgsz_->setObjectName(QStringLiteral("imgsz"));
    if (const ys::ConfigKey* k = ys::findConfigKey("imgsz")) {
        imgsz_->setRange(static_cast<int>(k->min), static_cast<int>(k->max));
        imgsz_->setSingleStep(std::max(1, static_cast<int>(k->step)));
    }
    imgsz_->setValue(ys::CheckOptions{}.imgsz);
    imgszLabel_ = new QLabel(parent);
    imgszLabel_->setBuddy(imgsz_);
    recheck_ = new QToolButton(parent);
    recheck_->setIcon(ys::ui::icon(IconId::Check));
    recheck_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    connect(recheck_, &QToolButton::clicked, this, [this] {
        ys::CheckOptions o = controller_->checkOptions();
        o.imgsz = imgsz_->value();
        controller_->recheck(o);
    });
    auto* header = new QHBoxLayout;
    header->setContentsMargins(12, 8, 12, 6);
    header->addLayout(titles, 1);
    header->addWidget(imgszLabel_);
    header->addWidget(imgsz_);
    header->addWidget(recheck_);
    return header;
}

// Visible while a job runs: what it does, how far, Cancel.
QWidget* DatasetPage::buildProgressStrip(QWidget* parent)
{
    auto* strip = new QWidget(parent);
    progressLabel_ = new QLabel(strip);
    progressLabel_->setMinimumWidth(260);
    progressBar_ = new QProgressBar(strip);
    progressBar_->setTextVisible(true);
    progressBar_->setMaximumHeight(18);
    cancelButton_ = new QPushButton(ys::ui::icon(IconId::Cancel), QString(), strip);
    connect(cancelButton_, &QPushButton::clicked, this, &DatasetPage::cancel);
    auto* row = new QHBoxLayout(strip);
    row->setContentsMargins(12, 2, 12, 4);
    row->addWidget(progressLabel_);
    row->addWidget(progressBar_, 1);
    row->addWidget(cancelButton_);
    return strip;
}

// Split, class and finding filters, boxes on/off, and how many images are shown.
QHBoxLayout* DatasetPage::buildFilterBar(QWidget* parent)
{
    splitCombo_ = new QComboBox(parent);
    splitCombo_->setObjectName(QStringLiteral("splitFilter"));
    classCombo_ = new QComboBox(parent);
    classCombo_->setObjectName(QStringLiteral("classFilter"));
    problemCombo_ = new QComboBox(parent);
    problemCombo_->setObjectName(QStringLiteral("problemFilter"));
    for (QComboBox* c : {splitCombo_, classCombo_, problemCombo_}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        c->setMinimumContentsLength(12);
        connect(c, &QComboBox::currentIndexChanged, this, &DatasetPage::applyFilters);
    }
    classCombo_->setMaxVisibleItems(24);
    problemCombo_->setMaxVisibleItems(24);
    showBoxes_ = new QCheckBox(parent);
    showBoxes_->setChecked(true);
    shownLabel_ = new QLabel(parent);
    shownLabel_->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    auto* filters = new QHBoxLayout;
    filters->setContentsMargins(12, 4, 12, 4);
    filters->setSpacing(6);
    auto addLabeled = [&](QWidget* widget) {
        auto* l = new QLabel(parent);
        l->setBuddy(widget);
        filters->addWidget(l);
        filters->addWidget(widget);
        filters->addSpacing(8);
        return l;
    };
    splitLabel_ = addLabeled(splitCombo_);
    classLabel_ = addLabeled(classCombo_);
    problemLabel_ = addLabeled(problemCombo_);
    filters->addWidget(showBoxes_);
    filters->addStretch(1);
    filters->addWidget(shownLabel_);
    return filters;
}

// Findings and Statistics under the browser.
QTabWidget* DatasetPage::buildTabs(QWidget* parent)
{
    findings_ = new FindingsView(parent);
    findings_->setObjectName(QStringLiteral("findingsView"));
    findings_->setExportAction(exportAction_);
    connect(findings_, &FindingsView::findingActivated, this, [this](int image, int box) {
        if (image < 0)
            return;
        selectImage(image, box);
        const ys::Finding* f = findings_->currentFinding();
        viewer_->setNote(f ? findingNote(*f) : QString(), f ? f->severity : ys::Severity::Info);
    });
    plots_ = new DatasetStatsWidget(parent);
    tabs_ = new QTabWidget(parent);
    tabs_->setObjectName(QStringLiteral("bottomTabs"));
    tabs_->setDocumentMode(true);
    tabs_->addTab(findings_, severityIcon(ys::Severity::Warning), QString());
    // The plots need height to be readable; a scroll area keeps them from dictating the splitter's minimum.
    plotsScroll_ = new QScrollArea(parent);
    plotsScroll_->setWidget(plots_);
    plotsScroll_->setWidgetResizable(true);
    plotsScroll_->setFrameShape(QFrame::NoFrame);
    tabs_->addTab(plotsScroll_, QString());
    review_ = new DatasetReviewTab(parent);
    tabs_->addTab(review_, QString());
    connect(review_, &DatasetReviewTab::changed, this, &DatasetPage::updateFindingsTab);
    connect(review_, &DatasetReviewTab::imageSelected, this, [this](const QString& image) {
        if (const auto d = controller_->dataset())
            for (size_t i = 0; i < d->images.size(); ++i)
                if (QString::fromStdString(d->images[i].image) == image)
                    return selectImage(static_cast<int>(i));
    });
    connect(tabs_, &QTabWidget::currentChanged, this, &DatasetPage::updatePlots);
    return tabs_;
}

// ---- opening ---------------------------------------------------------------------------------------------

QString DatasetPage::demoDirectory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("demo"));
}

void DatasetPage::openDataset(const QString& path)
{
    // A folder opens its data.yaml; anything else is core's loader's to judge (not found, not YAML, ...).
    const QString found = QString::fromStdString(ys::findDataYaml(path.toStdString()));
    controller_->open(found.isEmpty() ? path : found);
}

void DatasetPage::openDemo()
{
    controller_->openDemo(demoDirectory());
}

bool DatasetPage::reopenLastDataset()
{
    const QString last = QSettings().value(kLastKey).toString();
    if (last.isEmpty() || !QFileInfo::exists(last))
        return false;
    openDataset(last);
    return true;
}

QStringList DatasetPage::recentDatasets() const
{
    return QSettings().value(kRecentKey).toStringList();
}

QString DatasetPage::droppedDataset(const QMimeData* mime)
{
    const auto urls = mime ? mime->urls() : QList<QUrl>();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return {};
    return QString::fromStdString(ys::findDataYaml(urls.first().toLocalFile().toStdString()));
}

void DatasetPage::chooseDataset()
{
    const QStringList recent = recentDatasets();
    const QString start = recent.isEmpty() ? QDir::homePath() : QFileInfo(recent.first()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Dataset"), start,
                                                      tr("Dataset description (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        openDataset(path);
}

void DatasetPage::rememberDataset(const QString& yamlPath)
{
    QSettings s;
    QStringList recent = s.value(kRecentKey).toStringList();
    recent.removeAll(yamlPath);
    recent.prepend(yamlPath);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    s.setValue(kRecentKey, recent);
    s.setValue(kLastKey, yamlPath);
    showRecentButtons();
}

void DatasetPage::fillRecentMenu()
{
    recentMenu_->clear();
    const QStringList recent = recentDatasets();
    for (const QString& p : recent) {
        QAction* a = recentMenu_->addAction(QDir::toNativeSeparators(p));
        a->setEnabled(QFileInfo::exists(p));
        connect(a, &QAction::triggered, this, [this, p] { openDataset(p); });
    }
    if (recent.isEmpty())
        recentMenu_->addAction(tr("No recent datasets"))->setEnabled(false);
    recentMenu_->addSeparator();
    QAction* clear = recentMenu_->addAction(tr("Clear List"));
    clear->setEnabled(!recent.isEmpty());
    connect(clear, &QAction::triggered, this, [this] {
        QSettings().remove(kRecentKey);
        showRecentButtons();
    });
}

// The empty state's list of recent datasets.
void DatasetPage::showRecentButtons()
{
    while (QLayoutItem* item = recentLayout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const QStringList paths = recentDatasets();
    if (paths.isEmpty())
        return;
    auto* heading = new QLabel(tr("Recent datasets"));
    heading->setStyleSheet(QStringLiteral("font-weight: bold;"));
    recentLayout_->addWidget(heading);
    for (const QString& p : paths.mid(0, kRecentButtons)) {
        auto* b = new QPushButton(QDir::toNativeSeparators(p));
        b->setFlat(true);
        b->setStyleSheet(QStringLiteral("text-align: left; padding: 3px 6px;"));
        b->setCursor(Qt::PointingHandCursor);
        connect(b, &QPushButton::clicked, this, [this, p] { openDataset(p); });
        recentLayout_->addWidget(b);
    }
}

void DatasetPage::cancel()
{
    controller_->cancel();
}

bool DatasetPage::hasCheckResult() const
{
    return controller_->checkResult() != nullptr && !controller_->busy();
}

// ---- jobs ------------------------------------------------------------------------------------------------

QString DatasetPage::stageText(ys::ProgressStage stage) const
{
    switch (stage) {
    case ys::ProgressStage::Scan: return tr("Scanning images and labels…");
    case ys::ProgressStage::Check: return tr("Checking labels and images…");
    case ys::ProgressStage::Hash: return tr("Comparing images for duplicates…");
    case ys::ProgressStage::Demo: return tr("Writing the demo dataset…");
    default: return tr("Working (%1)…").arg(QString::fromLatin1(ys::toString(stage)));
    }
}

void DatasetPage::onJobChanged()
{
    using Job = DatasetController::Job;
    const Job job = controller_->job();
    const bool busy = job != Job::None;
    progressStrip_->setVisible(busy);
    recheck_->setEnabled(!busy && controller_->dataset() != nullptr);
    imgsz_->setEnabled(!busy);
    exportAction_->setEnabled(hasCheckResult());
    if (busy) {
        progressBar_->setRange(0, 0);
        progressLabel_->setText(stageText(job == Job::Demo   ? ys::ProgressStage::Demo
                                          : job == Job::Scan ? ys::ProgressStage::Scan
                                                             : ys::ProgressStage::Check));
        cancelButton_->setEnabled(true);
        if (job == Job::Demo || job == Job::Scan) {
            stack_->setCurrentIndex(1);
            title_->setText(job == Job::Demo ? tr("Demo dataset") : QFileInfo(controller_->yamlPath()).dir().dirName());
            subtitle_->setText(QDir::toNativeSeparators(controller_->yamlPath()));
        }
    }
    emit busyChanged(busy);
    updateStatus();
}

void DatasetPage::onProgress(ys::ProgressStage stage, qint64 done, qint64 total)
{
    progressLabel_->setText(stageText(stage));
    if (total > 0) {
        // QProgressBar takes int: scale large counts down.
        const int scale = total > 1'000'000'000 ? 1000 : 1;
        progressBar_->setRange(0, static_cast<int>(total / scale));
        progressBar_->setValue(static_cast<int>(done / scale));
        const QLocale loc;
        progressBar_->setFormat(tr("%1 of %2").arg(loc.toString(done), loc.toString(total)));
    } else {
        progressBar_->setRange(0, 0);
    }
}

void DatasetPage::onDatasetReady(bool complete)
{
    auto dataset = controller_->dataset();
    QElapsedTimer t;
    t.start();
    grid_->clearThumbnails();
    viewer_->clear();
    grid_->startFirstPaintTimer();
    images_->setDataset(dataset);
    review_->setDataYaml(QString::fromStdString(dataset->spec.yamlPath));
    boxCount_ = 0;
    for (const ys::ImageRecord& r : dataset->images)
        boxCount_ += static_cast<qint64>(r.boxes.size());
    qCDebug(lcPerf) << "model set" << t.elapsed() << "ms";
    findings_->setResult(nullptr, QString());
    stack_->setCurrentIndex(1);
    if (defaultSizesPending_ && isVisible()) {
        defaultSizesPending_ = false;
        const int h = mainSplitter_->height(), w = topSplitter_->width();
        mainSplitter_->setSizes({h * 62 / 100, h - h * 62 / 100});
        topSplitter_->setSizes({w * 56 / 100, w - w * 56 / 100});
        viewer_->setDefaultLayout();
    }
    updateHeader();
    fillSplitAndClassFilters();
    fillProblemFilter();
    schedulePlots();
    if (proxy_->rowCount() > 0)
        grid_->setCurrentIndex(proxy_->index(0, 0));
    qCDebug(lcPerf) << "dataset shown" << t.elapsed() << "ms";
    if (!complete)
        qCInfo(lcDataset) << "scan cancelled; showing" << images_->rowCount() << "images";
    const QString yaml = QString::fromStdString(dataset->spec.yamlPath);
    rememberDataset(yaml);
    emit datasetOpened(yaml);
    updateStatus();
}

void DatasetPage::onCheckReady()
{
    auto dataset = controller_->dataset();
    auto result = controller_->checkResult();
    images_->setCheckIndex(controller_->checkIndex());
    findings_->setResult(result, dataset ? QString::fromStdString(dataset->spec.root) : QString());
    fillProblemFilter();
    schedulePlots();
    updateFindingsTab();
    // Refresh the viewer so box rows pick up their findings.
    if (viewer_->imageIndex() >= 0) {
        const int idx = viewer_->imageIndex();
        const int box = viewer_->highlightedBox();
        viewer_->clear();
        viewer_->showImage(dataset.get(), idx, result->findings, box);
    }
    grid_->viewport()->update();
    exportAction_->setEnabled(hasCheckResult());
    updateStatus();
    emit transientMessage(tr("Check finished"), 4000);
    emit checkFinished(dataset, result);
}

// ---- browsing --------------------------------------------------------------------------------------------

void DatasetPage::updateFindingsTab()
{
    const auto result = controller_->checkResult();
    const QString count = result ? QLocale().toString(static_cast<qlonglong>(result->findings.size())) : QString();
    tabs_->setTabText(0, result ? tr("Findings (%1)").arg(count) : tr("Findings"));
    tabs_->setTabText(2, review_->hasReview() ? tr("Suspected label mistakes (%1)").arg(review_->count())
                                              : tr("Suspected label mistakes"));
}

void DatasetPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DatasetPage::retranslate()
{
    openAction_->setText(tr("&Open Dataset…"));
    recentAction_->setText(tr("&Recent Datasets"));
    demoAction_->setText(tr("Open &Demo Dataset"));
    exportAction_->setText(tr("&Export Check Result…"));
    exportAction_->setToolTip(tr("Save the findings as JSON or CSV"));
    emptyHeading_->setText(tr("Open a YOLO dataset"));
    emptyText_->setText(tr("Choose a data.yaml, drop one (or its folder) onto this window, or start with the "
                           "built-in demo dataset. The studio never modifies your files."));
    openButton_->setText(tr("Open data.yaml…"));
    demoButton_->setText(tr("Open demo dataset"));
    showRecentButtons();
    imgsz_->setToolTip(tr("Training image size: boxes smaller than %1 px after letterboxing to this size are "
                          "reported as too small to learn.")
                           .arg(ys::CheckOptions{}.minBoxPixels));
    imgszLabel_->setText(tr("imgsz"));
    recheck_->setText(tr("Check again"));
    cancelButton_->setText(tr("Cancel"));
    showBoxes_->setText(tr("Boxes"));
    showBoxes_->setToolTip(tr("Draw the labelled boxes on the thumbnails"));
    splitLabel_->setText(tr("&Split"));
    classLabel_->setText(tr("C&lass"));
    problemLabel_->setText(tr("&Findings"));
    updateFindingsTab();
    tabs_->setTabText(1, tr("Statistics"));
    if (controller_->dataset()) {
        // Refill the filters in the new language, keeping what they select.
        const QVariant split = splitCombo_->currentData(), cls = classCombo_->currentData();
        fillSplitAndClassFilters();
        filling_ = true;
        splitCombo_->setCurrentIndex(std::max(0, splitCombo_->findData(split)));
        classCombo_->setCurrentIndex(std::max(0, classCombo_->findData(cls)));
        filling_ = false;
        fillProblemFilter();  // restores its choice and applies the filters
        schedulePlots();      // their titles and axes are drawn in the language of the moment
    } else {
        plots_->clear();
    }
    updateStatus();
}

void DatasetPage::schedulePlots()
{
    // The plots walk every box: compute them only when the Statistics tab is on screen, after the grid
    // has had its first paint.
    plotsDirty_ = true;
    if (tabs_->currentWidget() == plotsScroll_)
        QTimer::singleShot(0, this, &DatasetPage::updatePlots);
}

void DatasetPage::updatePlots()
{
    if (!plotsDirty_ || tabs_->currentWidget() != plotsScroll_)
        return;
    plotsDirty_ = false;
    auto dataset = controller_->dataset();
    auto result = controller_->busy() ? nullptr : controller_->checkResult();
    plots_->setData(dataset.get(), result.get(), controller_->checkOptions());
}

void DatasetPage::updateHeader()
{
    auto d = controller_->dataset();
    if (!d)
        return;
    const QFileInfo yaml(QString::fromStdString(d->spec.yamlPath));
    title_->setText(yaml.dir().dirName() + QStringLiteral(" / ") + yaml.fileName());
    subtitle_->setText(QDir::toNativeSeparators(yaml.absoluteFilePath()));
    title_->setToolTip(subtitle_->text());
}

void DatasetPage::fillSplitAndClassFilters()
{
    filling_ = true;
    const QLocale loc;
    auto d = controller_->dataset();
    splitCombo_->clear();
    classCombo_->clear();
    if (d) {
        splitCombo_->addItem(tr("All splits (%1)").arg(loc.toString(static_cast<qlonglong>(d->images.size()))), -1);
        const char* splitNames[] = {QT_TR_NOOP("train"), QT_TR_NOOP("val"), QT_TR_NOOP("test")};
        for (int s = 0; s < ys::kSplitCount; ++s) {
            const int n = d->count(static_cast<ys::Split>(s));
            if (n > 0 || d->spec.hasSplit(static_cast<ys::Split>(s)))
                splitCombo_->addItem(QStringLiteral("%1 (%2)").arg(tr(splitNames[s]), loc.toString(n)), s);
        }
        const int nc = d->spec.nc();
        std::vector<int> imagesWith(static_cast<size_t>(std::max(nc, 0)), 0);
        std::vector<char> seen(imagesWith.size(), 0);
        for (const ys::ImageRecord& r : d->images) {
            std::fill(seen.begin(), seen.end(), 0);
            for (const ys::LabelBox& b : r.boxes)
                if (b.cls >= 0 && b.cls < nc && !seen[static_cast<size_t>(b.cls)]) {
                    seen[static_cast<size_t>(b.cls)] = 1;
                    ++imagesWith[static_cast<size_t>(b.cls)];
                }
        }
        classCombo_->addItem(tr("All classes"), -1);
        for (int c = 0; c < nc; ++c) {
            QPixmap swatch(12, 12);
            swatch.fill(Qt::transparent);
            {
                QPainter p(&swatch);
                p.setPen(Qt::NoPen);
                p.setBrush(classColor(c));
                p.drawRoundedRect(QRectF(1, 1, 10, 10), 2, 2);
            }
            classCombo_->addItem(QIcon(swatch),
                                 QStringLiteral("%1  %2 (%3)")
                                     .arg(c)
                                     .arg(QString::fromStdString(d->spec.names[static_cast<size_t>(c)]),
                                          loc.toString(imagesWith[static_cast<size_t>(c)])),
                                 c);
        }
    }
    filling_ = false;
    applyFilters();
}

// The Findings combo from the check's index (counted on the pool): all images, with and without errors or
// warnings, each problem category and each code that has images.
void DatasetPage::fillProblemFilter()
{
    filling_ = true;
    const QLocale loc;
    const ProblemFilter previous = problemCombo_->currentData().value<ProblemFilter>();
    problemCombo_->clear();
    auto d = controller_->dataset();
    auto index = controller_->checkIndex();
    const int n = d ? static_cast<int>(d->images.size()) : 0;
    problemCombo_->addItem(tr("All images"), filterData({}));
    if (index) {
        problemCombo_->addItem(severityIcon(ys::Severity::Error),
                               tr("With errors or warnings (%1)").arg(loc.toString(index->withErrorsOrWarnings)),
                               filterData(ProblemFilter::anyFinding()));
        problemCombo_->addItem(tr("Without errors or warnings (%1)").arg(loc.toString(n - index->withErrorsOrWarnings)),
                               filterData(ProblemFilter::clean()));
        problemCombo_->insertSeparator(problemCombo_->count());
        for (const CheckIndex::Category& c : index->categories)
            problemCombo_->addItem(QStringLiteral("%1 (%2)").arg(tr(categoryName(c.flag)), loc.toString(c.images)),
                                   filterData(ProblemFilter::category(c.flag)));
        if (!index->codes.empty())
            problemCombo_->insertSeparator(problemCombo_->count());
        for (const CheckIndex::Code& c : index->codes) {
            problemCombo_->addItem(severityIcon(c.worst),
                                   QStringLiteral("%1 (%2)").arg(problemTitle(c.code),
                                                                 loc.toString(static_cast<int>(c.images.size()))),
                                   filterData(ProblemFilter::findingCode(c.code)));
            problemCombo_->setItemData(problemCombo_->count() - 1, QString::fromStdString(c.code), Qt::ToolTipRole);
        }
    } else if (controller_->busy()) {
        problemCombo_->addItem(tr("Checking…"), filterData({}));
        problemCombo_->model()->setData(problemCombo_->model()->index(1, 0), 0, Qt::UserRole - 1);  // disabled
    }
    problemCombo_->setCurrentIndex(std::max(0, problemItem(previous)));
    filling_ = false;
    applyFilters();
}

int DatasetPage::problemItem(const ProblemFilter& filter) const
{
    for (int i = 0; i < problemCombo_->count(); ++i) {
        const QVariant v = problemCombo_->itemData(i);
        if (v.canConvert<ProblemFilter>() && v.value<ProblemFilter>() == filter)
            return i;
    }
    return -1;
}

void DatasetPage::applyFilters()
{
    if (filling_)
        return;
    proxy_->setSplit(splitCombo_->currentData().isValid() ? splitCombo_->currentData().toInt() : -1);
    proxy_->setClass(classCombo_->currentData().isValid() ? classCombo_->currentData().toInt() : -1);
    proxy_->setProblemFilter(problemCombo_->currentData().value<ProblemFilter>());
    updateStatus();
}

void DatasetPage::onGridCurrentChanged()
{
    const QModelIndex cur = grid_->currentIndex();
    auto d = controller_->dataset();
    if (!cur.isValid() || !d)
        return;
    auto result = controller_->checkResult();
    static const std::vector<ys::Finding> kNone;
    viewer_->showImage(d.get(), cur.data(ImageListModel::ImageIndexRole).toInt(), result ? result->findings : kNone);
}

void DatasetPage::selectImage(int imageIndex, int box)
{
    auto d = controller_->dataset();
    if (!d || imageIndex < 0 || imageIndex >= static_cast<int>(d->images.size()))
        return;
    int row = proxy_->rowForImage(imageIndex);
    if (row < 0) {
        // The filters hide it: show everything rather than refuse.
        filling_ = true;
        splitCombo_->setCurrentIndex(0);
        classCombo_->setCurrentIndex(0);
        problemCombo_->setCurrentIndex(0);
        filling_ = false;
        applyFilters();
        row = proxy_->rowForImage(imageIndex);
    }
    if (row < 0)
        return;
    const QModelIndex idx = proxy_->index(row, 0);
    grid_->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect);
    grid_->scrollTo(idx, QAbstractItemView::PositionAtCenter);
    auto result = controller_->checkResult();
    static const std::vector<ys::Finding> kNone;
    viewer_->showImage(d.get(), imageIndex, result ? result->findings : kNone, box);
}

QString DatasetPage::title() const
{
    return tr("Dataset");
}

QIcon DatasetPage::icon() const
{
    return ys::ui::icon(IconId::Dataset);
}

void DatasetPage::showFindings()
{
    tabs_->setCurrentWidget(findings_);
    const int any = problemItem(ProblemFilter::anyFinding());
    if (any >= 0)
        problemCombo_->setCurrentIndex(any);
}

QString DatasetPage::statusText() const
{
    auto d = controller_->dataset();
    if (!d)
        return tr("No dataset open");
    const QLocale loc;
    const qlonglong boxes = boxCount_;
    QString s = tr("%1 images · %2 boxes · %3 classes")
                    .arg(loc.toString(static_cast<qlonglong>(d->images.size())), loc.toString(boxes),
                         loc.toString(d->spec.nc()));
    if (proxy_->isFiltering())
        s += QStringLiteral(" · ") + tr("%1 shown").arg(loc.toString(proxy_->rowCount()));
    if (auto r = controller_->checkResult())
        s += QStringLiteral(" · ") + tr("%1 errors, %2 warnings, %3 info")
                                         .arg(loc.toString(static_cast<qlonglong>(r->summary.errors)),
                                              loc.toString(static_cast<qlonglong>(r->summary.warnings)),
                                              loc.toString(static_cast<qlonglong>(r->summary.infos)));
    return s;
}

void DatasetPage::updateStatus()
{
    if (shownLabel_) {
        const QLocale loc;
        const int total = images_->rowCount();
        const int shown = proxy_->rowCount();
        shownLabel_->setText(total == 0 ? QString()
                             : shown == total
                                 ? tr("%Ln image(s)", nullptr, total)
                                 : tr("%1 of %2 images").arg(loc.toString(shown), loc.toString(total)));
    }
    emit statusChanged(statusText());
}

// ---- export ----------------------------------------------------------------------------------------------

void DatasetPage::chooseExportFile()
{
    auto d = controller_->dataset();
    if (!hasCheckResult() || !d)
        return;
    const QString suggested =
        QFileInfo(QString::fromStdString(d->spec.yamlPath)).absoluteDir().filePath(QStringLiteral("check.json"));
    QString selected;
    QString path = QFileDialog::getSaveFileName(this, tr("Export Check Result"), suggested,
                                                tr("JSON (*.json);;CSV (*.csv)"), &selected);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += selected.contains(QLatin1String("csv")) ? QStringLiteral(".csv") : QStringLiteral(".json");
    QString error;
    if (!exportCheckResult(path, &error)) {
        ys::Error e;
        e.code = "io.write";
        e.file = path.toStdString();
        e.message = error.toStdString();
        emit errorOccurred(tr("Could not export the check result."), e);
        return;
    }
    emit transientMessage(tr("Check result written to %1").arg(QDir::toNativeSeparators(path)), 6000);
}

bool DatasetPage::exportCheckResult(const QString& path, QString* error) const
{
    auto d = controller_->dataset();
    auto r = controller_->checkResult();
    if (!d || !r || controller_->busy()) {
        if (error)
            *error = tr("There is no finished check to export.");
        return false;
    }
    const QByteArray bytes = QByteArray::fromStdString(
        path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? ys::checkResultToJson(*d, *r, controller_->checkOptions())
                                                                   : ys::checkResultToCsv(*r));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    qCInfo(lcDataset) << "exported" << r->findings.size() << "findings to" << path;
    return true;
}

// ---- state -----------------------------------------------------------------------------------------------

void DatasetPage::saveState(QSettings& s) const
{
    s.setValue(QStringLiteral("dataset/pageSplitter"), mainSplitter_->saveState());
    s.setValue(QStringLiteral("dataset/browserSplitter"), topSplitter_->saveState());
    s.setValue(QStringLiteral("dataset/viewerSplitter"), viewer_->saveLayout());
    s.setValue(QStringLiteral("dataset/findingsHeader"), findings_->saveLayout());
    s.setValue(QStringLiteral("dataset/tab"), tabs_->currentIndex());
    s.setValue(QStringLiteral("dataset/imgsz"), imgsz_->value());
    s.setValue(QStringLiteral("dataset/showBoxes"), showBoxes_->isChecked());
}

void DatasetPage::restoreState(const QSettings& s)
{
    // First start (nothing stored): default proportions are applied once the browser is on screen.
    defaultSizesPending_ = !mainSplitter_->restoreState(s.value(QStringLiteral("dataset/pageSplitter")).toByteArray());
    topSplitter_->restoreState(s.value(QStringLiteral("dataset/browserSplitter")).toByteArray());
    viewer_->restoreLayout(s.value(QStringLiteral("dataset/viewerSplitter")).toByteArray());
    findings_->restoreLayout(s.value(QStringLiteral("dataset/findingsHeader")).toByteArray());
    tabs_->setCurrentIndex(s.value(QStringLiteral("dataset/tab"), 0).toInt());
    imgsz_->setValue(s.value(QStringLiteral("dataset/imgsz"), ys::CheckOptions{}.imgsz).toInt());
    showBoxes_->setChecked(s.value(QStringLiteral("dataset/showBoxes"), true).toBool());
    ys::CheckOptions o = controller_->checkOptions();
    o.imgsz = imgsz_->value();
    controller_->recheck(o);  // no dataset yet: only stores the options
    showRecentButtons();
}

}  // namespace ys::ui
