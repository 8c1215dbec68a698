#include "ui/dataset/datasetpage.h"

#include "ui/dataset/datasetcontroller.h"
#include "ui/dataset/findingsmodel.h"
#include "ui/dataset/findingsview.h"
#include "ui/dataset/findingtext.h"
#include "ui/common/icons.h"
#include "ui/dataset/imagefilterproxy.h"
#include "ui/dataset/imagelistmodel.h"
#include "ui/thumbnails/imageviewer.h"
#include "ui/common/logging.h"
#include "ui/common/palette.h"
#include "ui/dataset/plotswidget.h"
#include "ui/thumbnails/thumbnailloader.h"
#include "ui/thumbnails/thumbnailview.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QElapsedTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <map>
#include <set>

namespace ys::ui {
namespace {

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

QString csvField(const QString& s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n')))
        return s;
    QString q = s;
    q.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QFrame* hline(QWidget* parent)
{
    auto* f = new QFrame(parent);
    f->setFrameShape(QFrame::HLine);
    f->setFrameShadow(QFrame::Plain);
    f->setStyleSheet(QStringLiteral("color: palette(midlight);"));
    return f;
}

}  // namespace

DatasetPage::DatasetPage(QWidget* parent)
    : StudioPage(parent),
      controller_(new DatasetController(this)),
      images_(new ImageListModel(this)),
      proxy_(new ImageFilterProxy(this))
{
    proxy_->setSourceModel(images_);

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
    onJobChanged();
}

DatasetPage::~DatasetPage() = default;

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
    auto* heading = new QLabel(tr("Open a YOLO dataset"), card);
    QFont hf = heading->font();
    hf.setPointSizeF(hf.pointSizeF() * 1.6);
    hf.setBold(true);
    heading->setFont(hf);
    heading->setAlignment(Qt::AlignCenter);
    v->addWidget(heading);
    auto* text = new QLabel(tr("Choose a data.yaml, drop one (or its folder) onto this window, or start with "
                               "the built-in demo dataset. The studio never modifies your files."),
                            card);
    text->setWordWrap(true);
    text->setAlignment(Qt::AlignCenter);
    text->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    v->addWidget(text);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    auto* open = new QPushButton(ys::ui::icon(IconId::Open), tr("Open data.yaml…"), card);
    open->setDefault(true);
    open->setMinimumHeight(32);
    connect(open, &QPushButton::clicked, this, &DatasetPage::openRequested);
    auto* demo = new QPushButton(ys::ui::icon(IconId::Demo), tr("Open demo dataset"), card);
    demo->setMinimumHeight(32);
    connect(demo, &QPushButton::clicked, this, &DatasetPage::demoRequested);
    buttons->addWidget(open);
    buttons->addWidget(demo);
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

    // Header: dataset name and path, check settings.
    title_ = new QLabel(w);
    QFont tf = title_->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.25);
    tf.setBold(true);
    title_->setFont(tf);
    subtitle_ = new QLabel(w);
    subtitle_->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    subtitle_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* titles = new QVBoxLayout;
    titles->setSpacing(0);
    titles->addWidget(title_);
    titles->addWidget(subtitle_);
    imgsz_ = new QSpinBox(w);
    imgsz_->setRange(32, 4096);
    imgsz_->setSingleStep(32);
    imgsz_->setValue(640);
    imgsz_->setToolTip(tr("Training image size: boxes smaller than %1 px after letterboxing to this size are "
                          "reported as too small to learn.")
                           .arg(ys::CheckOptions{}.minBoxPixels));
    auto* imgszLabel = new QLabel(tr("imgsz"), w);
    imgszLabel->setBuddy(imgsz_);
    recheck_ = new QToolButton(w);
    recheck_->setText(tr("Check again"));
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
    header->addWidget(imgszLabel);
    header->addWidget(imgsz_);
    header->addWidget(recheck_);

    // Progress strip (visible while a job runs).
    progressStrip_ = new QWidget(w);
    progressLabel_ = new QLabel(progressStrip_);
    progressLabel_->setMinimumWidth(260);
    progressBar_ = new QProgressBar(progressStrip_);
    progressBar_->setTextVisible(true);
    progressBar_->setMaximumHeight(18);
    cancelButton_ = new QPushButton(ys::ui::icon(IconId::Cancel), tr("Cancel"), progressStrip_);
    connect(cancelButton_, &QPushButton::clicked, this, &DatasetPage::cancel);
    auto* strip = new QHBoxLayout(progressStrip_);
    strip->setContentsMargins(12, 2, 12, 4);
    strip->addWidget(progressLabel_);
    strip->addWidget(progressBar_, 1);
    strip->addWidget(cancelButton_);

    // Filter bar.
    splitCombo_ = new QComboBox(w);
    classCombo_ = new QComboBox(w);
    problemCombo_ = new QComboBox(w);
    for (QComboBox* c : {splitCombo_, classCombo_, problemCombo_}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        c->setMinimumContentsLength(12);
        connect(c, &QComboBox::currentIndexChanged, this, &DatasetPage::applyFilters);
    }
    classCombo_->setMaxVisibleItems(24);
    problemCombo_->setMaxVisibleItems(24);
    showBoxes_ = new QCheckBox(tr("Boxes"), w);
    showBoxes_->setChecked(true);
    showBoxes_->setToolTip(tr("Draw the labelled boxes on the thumbnails"));
    shownLabel_ = new QLabel(w);
    shownLabel_->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    auto* filters = new QHBoxLayout;
    filters->setContentsMargins(12, 4, 12, 4);
    filters->setSpacing(6);
    auto addLabeled = [&](const QString& text, QWidget* widget) {
        auto* l = new QLabel(text, w);
        l->setBuddy(widget);
        filters->addWidget(l);
        filters->addWidget(widget);
        filters->addSpacing(8);
    };
    addLabeled(tr("&Split"), splitCombo_);
    addLabeled(tr("C&lass"), classCombo_);
    addLabeled(tr("&Findings"), problemCombo_);
    filters->addWidget(showBoxes_);
    filters->addStretch(1);
    filters->addWidget(shownLabel_);

    grid_ = new ThumbnailView(images_, w);
    grid_->setModel(proxy_);
    connect(showBoxes_, &QCheckBox::toggled, this, [this](bool on) {
        grid_->thumbnailDelegate()->setShowBoxes(on);
        grid_->viewport()->update();
    });
    connect(grid_->selectionModel(), &QItemSelectionModel::currentChanged, this, &DatasetPage::onGridCurrentChanged);

    viewer_ = new ImageViewer(w);
    topSplitter_ = new QSplitter(Qt::Horizontal, w);
    topSplitter_->setObjectName(QStringLiteral("browserSplitter"));
    topSplitter_->addWidget(grid_);
    topSplitter_->addWidget(viewer_);
    topSplitter_->setStretchFactor(0, 3);
    topSplitter_->setStretchFactor(1, 2);
    topSplitter_->setChildrenCollapsible(false);

    findings_ = new FindingsView(w);
    connect(findings_, &FindingsView::findingActivated, this, [this](int image, int box) {
        if (image < 0)
            return;
        selectImage(image, box);
        viewer_->setFindingNote(findings_->currentFinding());
    });
    plots_ = new PlotsWidget(w);
    tabs_ = new QTabWidget(w);
    tabs_->setDocumentMode(true);
    tabs_->addTab(findings_, severityIcon(ys::Severity::Warning), tr("Findings"));
    // The plots need height to be readable; a scroll area keeps them from dictating the splitter's minimum.
    plotsScroll_ = new QScrollArea(w);
    plotsScroll_->setWidget(plots_);
    plotsScroll_->setWidgetResizable(true);
    plotsScroll_->setFrameShape(QFrame::NoFrame);
    tabs_->addTab(plotsScroll_, tr("Statistics"));
    connect(tabs_, &QTabWidget::currentChanged, this, &DatasetPage::updatePlots);

    mainSplitter_ = new QSplitter(Qt::Vertical, w);
    mainSplitter_->setObjectName(QStringLiteral("pageSplitter"));
    mainSplitter_->addWidget(topSplitter_);
    mainSplitter_->addWidget(tabs_);
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

void DatasetPage::setExportAction(QAction* action)
{
    findings_->setExportAction(action);
}

void DatasetPage::setRecentDatasets(const QStringList& paths)
{
    while (QLayoutItem* item = recentLayout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    if (paths.isEmpty())
        return;
    auto* heading = new QLabel(tr("Recent datasets"));
    heading->setStyleSheet(QStringLiteral("font-weight: bold;"));
    recentLayout_->addWidget(heading);
    for (const QString& p : paths.mid(0, 5)) {
        auto* b = new QPushButton(QDir::toNativeSeparators(p));
        b->setFlat(true);
        b->setStyleSheet(QStringLiteral("text-align: left; padding: 3px 6px;"));
        b->setCursor(Qt::PointingHandCursor);
        connect(b, &QPushButton::clicked, this, [this, p] { emit recentRequested(p); });
        recentLayout_->addWidget(b);
    }
}

void DatasetPage::openDataset(const QString& yamlPath)
{
    controller_->open(yamlPath);
}

void DatasetPage::openDemo(const QString& dir)
{
    controller_->openDemo(dir);
}

void DatasetPage::cancel()
{
    controller_->cancel();
}

bool DatasetPage::hasCheckResult() const
{
    return controller_->checkResult() != nullptr && !controller_->busy();
}

QString DatasetPage::stageText(const QString& stage) const
{
    if (stage == QLatin1String("scan"))
        return tr("Scanning images and labels…");
    if (stage == QLatin1String("check"))
        return tr("Checking labels and images…");
    if (stage == QLatin1String("hash"))
        return tr("Comparing images for duplicates…");
    if (stage == QLatin1String("demo"))
        return tr("Writing the demo dataset…");
    if (stage == QLatin1String("orphans"))
        return tr("Looking for orphan labels…");
    return tr("Working (%1)…").arg(stage);
}

void DatasetPage::onJobChanged()
{
    using Job = DatasetController::Job;
    const Job job = controller_->job();
    const bool busy = job != Job::None;
    progressStrip_->setVisible(busy);
    recheck_->setEnabled(!busy && controller_->dataset() != nullptr);
    imgsz_->setEnabled(!busy);
    if (busy) {
        progressBar_->setRange(0, 0);
        progressLabel_->setText(job == Job::Demo ? stageText(QStringLiteral("demo"))
                                : job == Job::Scan ? stageText(QStringLiteral("scan"))
                                                   : stageText(QStringLiteral("check")));
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

void DatasetPage::onProgress(const QString& stage, qint64 done, qint64 total)
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
    grid_->loader()->clear();
    viewer_->clear();
    grid_->startFirstPaintTimer();
    images_->setDataset(dataset);
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
        const int vh = viewer_->splitter()->height();
        viewer_->splitter()->setSizes({vh * 72 / 100, vh - vh * 72 / 100});
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
    emit datasetOpened(controller_->yamlPath());
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
    tabs_->setTabText(0, tr("Findings (%1)").arg(QLocale().toString(static_cast<qlonglong>(result->findings.size()))));
    // Refresh the viewer so box rows pick up their findings.
    if (viewer_->imageIndex() >= 0) {
        const int idx = viewer_->imageIndex();
        const int box = viewer_->highlightedBox();
        viewer_->clear();
        viewer_->showImage(dataset.get(), idx, result->findings, box);
    }
    grid_->viewport()->update();
    updateStatus();
    emit checkFinished();
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

void DatasetPage::fillProblemFilter()
{
    filling_ = true;
    const QLocale loc;
    const QVariant previous = problemCombo_->currentData();
    problemCombo_->clear();
    auto d = controller_->dataset();
    auto index = controller_->checkIndex();
    auto result = controller_->checkResult();
    const int n = d ? static_cast<int>(d->images.size()) : 0;
    problemCombo_->addItem(tr("All images"), QStringLiteral("all"));
    if (index && result) {
        int any = 0;
        std::map<uint32_t, int> perFlag;
        for (int i = 0; i < n; ++i) {
            const int w = index->worstSeverity[static_cast<size_t>(i)];
            if (w >= 0 && w <= static_cast<int>(ys::Severity::Warning))
                ++any;
            for (const Category& c : kCategories)
                if (index->problems[static_cast<size_t>(i)] & c.flag)
                    ++perFlag[c.flag];
        }
        problemCombo_->addItem(severityIcon(ys::Severity::Error),
                               tr("With errors or warnings (%1)").arg(loc.toString(any)), QStringLiteral("any"));
        problemCombo_->addItem(tr("Without errors or warnings (%1)").arg(loc.toString(n - any)),
                               QStringLiteral("clean"));
        problemCombo_->insertSeparator(problemCombo_->count());
        for (const Category& c : kCategories) {
            const int count = perFlag[c.flag];
            if (count > 0)
                problemCombo_->addItem(QStringLiteral("%1 (%2)").arg(tr(c.name), loc.toString(count)),
                                       QStringLiteral("cat:%1").arg(c.flag));
        }
        // Per code: distinct images and the most severe level seen.
        std::map<std::string, std::pair<std::set<int>, int>> perCode;
        for (const ys::Finding& f : result->findings) {
            if (f.image < 0)
                continue;
            auto& e = perCode[f.code];
            if (e.first.empty())
                e.second = static_cast<int>(f.severity);
            e.first.insert(f.image);
            e.second = std::min(e.second, static_cast<int>(f.severity));
        }
        if (!perCode.empty())
            problemCombo_->insertSeparator(problemCombo_->count());
        for (const auto& [code, e] : perCode) {
            problemCombo_->addItem(severityIcon(static_cast<ys::Severity>(e.second)),
                                   QStringLiteral("%1 (%2)").arg(problemTitle(code),
                                                                 loc.toString(static_cast<int>(e.first.size()))),
                                   QStringLiteral("code:") + QString::fromStdString(code));
            problemCombo_->setItemData(problemCombo_->count() - 1, QString::fromStdString(code), Qt::ToolTipRole);
        }
    } else if (controller_->busy()) {
        problemCombo_->addItem(tr("Checking…"), QStringLiteral("all"));
        problemCombo_->model()->setData(problemCombo_->model()->index(1, 0), 0, Qt::UserRole - 1);  // disabled
    }
    const int restore = problemCombo_->findData(previous);
    problemCombo_->setCurrentIndex(restore >= 0 ? restore : 0);
    filling_ = false;
    applyFilters();
}

void DatasetPage::applyFilters()
{
    if (filling_)
        return;
    proxy_->setSplit(splitCombo_->currentData().isValid() ? splitCombo_->currentData().toInt() : -1);
    proxy_->setClass(classCombo_->currentData().isValid() ? classCombo_->currentData().toInt() : -1);
    const QString p = problemCombo_->currentData().toString();
    if (p.startsWith(QLatin1String("cat:")))
        proxy_->setProblemCategory(p.mid(4).toUInt());
    else if (p.startsWith(QLatin1String("code:")))
        proxy_->setProblemCode(p.mid(5).toStdString(), controller_->checkResult());
    else if (p == QLatin1String("any"))
        proxy_->setProblemAny();
    else if (p == QLatin1String("clean"))
        proxy_->setProblemClean();
    else
        proxy_->setProblemAll();
    updateStatus();
}

void DatasetPage::onGridCurrentChanged()
{
    const QModelIndex cur = grid_->currentIndex();
    auto d = controller_->dataset();
    if (!cur.isValid() || !d) {
        return;
    }
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
    const int any = problemCombo_->findData(QStringLiteral("any"));
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

bool DatasetPage::exportCheckResult(const QString& path, QString* error) const
{
    auto d = controller_->dataset();
    auto r = controller_->checkResult();
    if (!d || !r || controller_->busy()) {
        if (error)
            *error = tr("There is no finished check to export.");
        return false;
    }
    QByteArray bytes;
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        bytes = QByteArray::fromStdString(ys::checkResultToJson(*d, *r, controller_->checkOptions()));
    } else {
        QString csv = QStringLiteral("severity,code,file,line,message\n");
        for (const ys::Finding& f : r->findings) {
            csv += QStringList{QString::fromLatin1(ys::toString(f.severity)), csvField(QString::fromStdString(f.code)),
                               csvField(QString::fromStdString(f.file)), QString::number(f.line),
                               csvField(QString::fromStdString(f.message))}
                       .join(QLatin1Char(','));
            csv += QLatin1Char('\n');
        }
        bytes = csv.toUtf8();
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    qCInfo(lcDataset) << "exported" << r->findings.size() << "findings to" << path;
    return true;
}

void DatasetPage::saveState(QSettings& s) const
{
    s.setValue(QStringLiteral("dataset/pageSplitter"), mainSplitter_->saveState());
    s.setValue(QStringLiteral("dataset/browserSplitter"), topSplitter_->saveState());
    s.setValue(QStringLiteral("dataset/viewerSplitter"), viewer_->splitter()->saveState());
    s.setValue(QStringLiteral("dataset/findingsHeader"), findings_->table()->horizontalHeader()->saveState());
    s.setValue(QStringLiteral("dataset/tab"), tabs_->currentIndex());
    s.setValue(QStringLiteral("dataset/imgsz"), imgsz_->value());
    s.setValue(QStringLiteral("dataset/showBoxes"), showBoxes_->isChecked());
}

void DatasetPage::restoreState(const QSettings& s)
{
    // First start: the browser gets most of the height, the grid a bit more width than the viewer.
    // First start (nothing stored): default proportions are applied once the browser is on screen.
    defaultSizesPending_ = !mainSplitter_->restoreState(s.value(QStringLiteral("dataset/pageSplitter")).toByteArray());
    topSplitter_->restoreState(s.value(QStringLiteral("dataset/browserSplitter")).toByteArray());
    viewer_->splitter()->restoreState(s.value(QStringLiteral("dataset/viewerSplitter")).toByteArray());
    findings_->table()->horizontalHeader()->restoreState(s.value(QStringLiteral("dataset/findingsHeader")).toByteArray());
    tabs_->setCurrentIndex(s.value(QStringLiteral("dataset/tab"), 0).toInt());
    imgsz_->setValue(s.value(QStringLiteral("dataset/imgsz"), 640).toInt());
    showBoxes_->setChecked(s.value(QStringLiteral("dataset/showBoxes"), true).toBool());
    ys::CheckOptions o = controller_->checkOptions();
    o.imgsz = imgsz_->value();
    controller_->recheck(o);  // no dataset yet: only stores the options
}

}  // namespace ys::ui
