#include "ui/dataset/datasetstatswidget.h"

#include "ui/common/logging.h"
#include "ui/common/palette.h"

#include <QElapsedTimer>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace ys::ui {
namespace {

constexpr int kSizeBins = 48;            // log-spaced bins of the size histogram
constexpr int kMaxScatterPoints = 20000; // keeps the scatter responsive on 100,000-image datasets

const QColor kSplitColors[ys::kSplitCount] = {QColor(0x2d, 0x6d, 0xa3), QColor(0xf5, 0x82, 0x31),
                                              QColor(0x3c, 0xb4, 0x4b)};

QCustomPlot* makePlot(QWidget* parent)
{
    auto* plot = new QCustomPlot(parent);
    plot->setMinimumHeight(200);
    plot->setNoAntialiasingOnDrag(true);
    plot->setAntialiasedElements(QCP::aePlottables);
    return plot;
}

}  // namespace

DatasetStatsWidget::DatasetStatsWidget(QWidget* parent) : QWidget(parent)
{
    summary_ = new QLabel(this);
    summary_->setTextFormat(Qt::RichText);
    summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setMinimumWidth(220);
    summary_->setContentsMargins(8, 8, 8, 8);
    classPlot_ = makePlot(this);
    sizePlot_ = makePlot(this);
    scatterPlot_ = makePlot(this);
    for (QCustomPlot* p : {classPlot_, sizePlot_, scatterPlot_})
        styleAxes(p);

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(4, 4, 4, 4);
    grid->setSpacing(6);
    grid->addWidget(summary_, 0, 0, 2, 1);
    grid->addWidget(classPlot_, 0, 1, 1, 2);
    grid->addWidget(sizePlot_, 1, 1);
    grid->addWidget(scatterPlot_, 1, 2);
    grid->setColumnStretch(0, 0);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(2, 1);
    grid->setRowStretch(0, 1);
    grid->setRowStretch(1, 1);
    clear();
}

void DatasetStatsWidget::styleAxes(QCustomPlot* plot)
{
    const QPalette pal = palette();
    plot->setBackground(pal.color(QPalette::Base));
    for (QCPAxis* a : {plot->xAxis, plot->yAxis}) {
        a->setBasePen(QPen(pal.color(QPalette::Mid)));
        a->setTickPen(QPen(pal.color(QPalette::Mid)));
        a->setSubTickPen(QPen(pal.color(QPalette::Mid)));
        a->setTickLabelColor(pal.color(QPalette::Text));
        a->setLabelColor(pal.color(QPalette::Text));
        a->grid()->setPen(QPen(pal.color(QPalette::Midlight), 1, Qt::DotLine));
    }
    plot->plotLayout()->insertRow(0);
    auto* title = new QCPTextElement(plot, QString(), QFont(font().family(), font().pointSize() + 1, QFont::Bold));
    title->setTextColor(pal.color(QPalette::Text));
    plot->plotLayout()->addElement(0, 0, title);
}

static QCPTextElement* titleOf(QCustomPlot* plot)
{
    return qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
}

void DatasetStatsWidget::clear()
{
    for (QCustomPlot* p : {classPlot_, sizePlot_, scatterPlot_}) {
        p->clearPlottables();
        p->clearItems();
        p->legend->setVisible(false);
    }
    titleOf(classPlot_)->setText(tr("Boxes per class"));
    titleOf(sizePlot_)->setText(tr("Box size"));
    titleOf(scatterPlot_)->setText(tr("Box width vs height"));
    for (QCustomPlot* p : {classPlot_, sizePlot_, scatterPlot_})
        p->replot();
    summary_->setText(QString());
}

QString DatasetStatsWidget::splitName(int split)
{
    switch (split) {
    case 0: return tr("train");
    case 1: return tr("val");
    default: return tr("test");
    }
}

QImage DatasetStatsWidget::renderImage(Plot plot, const QSize& size, double devicePixelRatio) const
{
    QCustomPlot* p = plot == Plot::Classes ? classPlot_ : plot == Plot::Sizes ? sizePlot_ : scatterPlot_;
    return p->toPixmap(size.width(), size.height(), devicePixelRatio).toImage();
}

void DatasetStatsWidget::setData(const ys::Dataset* dataset, const ys::CheckResult* result, const ys::CheckOptions& options)
{
    clear();
    if (!dataset)
        return;
    QElapsedTimer t;
    t.start();
    fillSummary(*dataset, result);
    fillClassPlot(*dataset);
    fillSizePlot(*dataset, options);
    fillScatterPlot(*dataset);
    qCDebug(lcPlots) << "plots computed in" << t.elapsed() << "ms";
}

void DatasetStatsWidget::fillSummary(const ys::Dataset& d, const ys::CheckResult* result)
{
    const QLocale loc;
    int64_t boxes = 0, backgrounds = 0;
    for (const ys::ImageRecord& r : d.images) {
        boxes += static_cast<int64_t>(r.boxes.size());
        if (r.boxes.empty())
            ++backgrounds;
    }
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='3'>");
    auto row = [&](const QString& k, const QString& v) {
        html += QStringLiteral("<tr><td style='color:gray'>%1</td><td align='right'><b>%2</b></td></tr>").arg(k, v);
    };
    row(tr("Classes"), loc.toString(d.spec.nc()));
    for (int s = 0; s < ys::kSplitCount; ++s)
        if (d.spec.hasSplit(static_cast<ys::Split>(s)))
            row(tr("Images (%1)").arg(splitName(s)), loc.toString(d.count(static_cast<ys::Split>(s))));
    row(tr("Boxes"), loc.toString(static_cast<qlonglong>(boxes)));
    row(tr("Images without boxes"), loc.toString(static_cast<qlonglong>(backgrounds)));
    if (result) {
        const ys::CheckSummary& s = result->summary;
        row(tr("Label files"), loc.toString(static_cast<qlonglong>(s.labelFiles)));
        row(tr("Corrupt images"), loc.toString(static_cast<qlonglong>(s.corruptImages)));
        row(tr("Orphan labels"), loc.toString(static_cast<qlonglong>(s.orphanLabels)));
        row(tr("Errors"), loc.toString(static_cast<qlonglong>(s.errors)));
        row(tr("Warnings"), loc.toString(static_cast<qlonglong>(s.warnings)));
        row(tr("Info"), loc.toString(static_cast<qlonglong>(s.infos)));
        row(tr("Check time"), tr("%1 s").arg(loc.toString(s.seconds, 'f', 2)));
    } else {
        html += QStringLiteral("<tr><td colspan='2' style='color:gray'>%1</td></tr>").arg(tr("Check not finished"));
    }
    html += QStringLiteral("</table>");
    summary_->setText(html);
}

void DatasetStatsWidget::fillClassPlot(const ys::Dataset& d)
{
    const int nc = std::max(1, d.spec.nc());
    std::vector<std::vector<double>> counts(ys::kSplitCount, std::vector<double>(static_cast<size_t>(nc), 0.0));
    for (const ys::ImageRecord& r : d.images)
        for (const ys::LabelBox& b : r.boxes)
            if (b.cls >= 0 && b.cls < nc)
                counts[static_cast<size_t>(r.split)][static_cast<size_t>(b.cls)] += 1;

    QVector<double> keys(nc);
    QVector<QString> labels(nc);
    for (int c = 0; c < nc; ++c) {
        keys[c] = c;
        labels[c] = c < d.spec.nc() ? QString::fromStdString(d.spec.names[static_cast<size_t>(c)]) : QString::number(c);
    }
    QCustomPlot* p = classPlot_;
    QCPBars* below = nullptr;
    double maxStack = 0;
    std::vector<double> stack(static_cast<size_t>(nc), 0.0);
    for (int s = 0; s < ys::kSplitCount; ++s) {
        if (!d.spec.hasSplit(static_cast<ys::Split>(s)))
            continue;
        auto* bars = new QCPBars(p->xAxis, p->yAxis);
        bars->setName(splitName(s));
        bars->setWidth(0.7);
        bars->setPen(Qt::NoPen);
        bars->setBrush(kSplitColors[s]);
        bars->setData(keys, QVector<double>(counts[static_cast<size_t>(s)].begin(), counts[static_cast<size_t>(s)].end()), true);
        if (below)
            bars->moveAbove(below);
        below = bars;
        for (int c = 0; c < nc; ++c) {
            stack[static_cast<size_t>(c)] += counts[static_cast<size_t>(s)][static_cast<size_t>(c)];
            maxStack = std::max(maxStack, stack[static_cast<size_t>(c)]);
        }
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    // Label every class while they fit; thin out beyond ~60 so the names stay readable.
    const int step = std::max(1, nc / 60);
    for (int c = 0; c < nc; c += step)
        ticker->addTick(c, labels[c]);
    p->xAxis->setTicker(ticker);
    p->xAxis->setTickLabelRotation(nc > 8 ? 60 : 0);
    p->xAxis->setSubTicks(false);
    p->xAxis->setTickLength(0, 3);
    p->xAxis->grid()->setVisible(false);
    p->xAxis->setRange(-0.7, nc - 0.3);
    p->yAxis->setLabel(tr("boxes"));
    // Head room above the tallest bar keeps the legend (top right) off the bars.
    p->yAxis->setRange(0, std::max(1.0, maxStack * 1.25));
    p->legend->setVisible(true);
    p->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);  // one row: stays above the bars
    p->legend->setBrush(QColor(255, 255, 255, 200));
    p->legend->setBorderPen(QPen(palette().color(QPalette::Mid)));
    p->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    p->replot();
}

void DatasetStatsWidget::fillSizePlot(const ys::Dataset& d, const ys::CheckOptions& options)
{
    const double imgsz = options.imgsz > 0 ? options.imgsz : ys::CheckOptions{}.imgsz;
    const double lo = 1.0, hi = imgsz;
    const double logLo = std::log10(lo), logHi = std::log10(hi);
    QVector<double> counts(kSizeBins, 0.0);
    double small = 0, total = 0;
    for (const ys::ImageRecord& r : d.images) {
        if (r.width <= 0 || r.height <= 0)
            continue;
        // Letterbox: the long side becomes imgsz.
        const double scale = imgsz / std::max(r.width, r.height);
        for (const ys::LabelBox& b : r.boxes) {
            const double wpx = b.w * r.width * scale, hpx = b.h * r.height * scale;
            const double side = std::sqrt(std::max(0.0, wpx * hpx));
            const double v = std::clamp(side, lo, hi);
            int bin = static_cast<int>((std::log10(v) - logLo) / (logHi - logLo) * kSizeBins);
            bin = std::clamp(bin, 0, kSizeBins - 1);
            counts[bin] += 1;
            total += 1;
            if (std::min(wpx, hpx) < options.minBoxPixels)
                small += 1;
        }
    }
    QVector<double> keys(kSizeBins);
    for (int i = 0; i < kSizeBins; ++i)
        keys[i] = std::pow(10.0, logLo + (i + 0.5) * (logHi - logLo) / kSizeBins);
    QCustomPlot* p = sizePlot_;
    auto* bars = new QCPBars(p->xAxis, p->yAxis);
    bars->setData(keys, counts, true);
    // On a log axis, equal log-spaced bins have equal on-screen width: size them relative to the axis rect.
    bars->setWidthType(QCPBars::wtAxisRectRatio);
    bars->setWidth(0.8 / kSizeBins);
    bars->setPen(Qt::NoPen);
    bars->setBrush(QColor(0x2d, 0x6d, 0xa3));
    p->xAxis->setScaleType(QCPAxis::stLogarithmic);
    auto logTicker = QSharedPointer<QCPAxisTickerLog>::create();
    logTicker->setSubTickCount(8);
    p->xAxis->setTicker(logTicker);
    p->xAxis->setNumberFormat(QStringLiteral("g"));
    p->xAxis->setRange(lo, hi);
    p->xAxis->setLabel(tr("√(w·h) in pixels at imgsz %1").arg(static_cast<int>(imgsz)));
    p->yAxis->setLabel(tr("boxes"));
    const double maxCount = counts.isEmpty() ? 1.0 : *std::max_element(counts.begin(), counts.end());
    p->yAxis->setRange(0, std::max(1.0, maxCount * 1.1));

    auto* line = new QCPItemStraightLine(p);
    line->point1->setCoords(options.minBoxPixels, 0);
    line->point2->setCoords(options.minBoxPixels, 1);
    line->setPen(QPen(QColor(0xd3, 0x2f, 0x2f), 1.5, Qt::DashLine));
    auto* label = new QCPItemText(p);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->position->setType(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(0.02, 0.03);
    label->setColor(QColor(0xd3, 0x2f, 0x2f));
    const QLocale loc;
    label->setText(tr("%1 of %2 boxes under %3 px (too small to learn)")
                       .arg(loc.toString(small, 'f', 0), loc.toString(total, 'f', 0))
                       .arg(options.minBoxPixels));
    p->replot();
}

void DatasetStatsWidget::fillScatterPlot(const ys::Dataset& d)
{
    int64_t total = 0;
    for (const ys::ImageRecord& r : d.images)
        total += static_cast<int64_t>(r.boxes.size());
    const int64_t stride = std::max<int64_t>(1, (total + kMaxScatterPoints - 1) / kMaxScatterPoints);
    const int nc = std::max(1, d.spec.nc());
    std::vector<QVector<double>> xs(static_cast<size_t>(nc)), ys_(static_cast<size_t>(nc));
    int64_t k = 0;
    double maxSide = 0.05;
    for (const ys::ImageRecord& r : d.images)
        for (const ys::LabelBox& b : r.boxes) {
            if (k++ % stride != 0 || b.cls < 0 || b.cls >= nc)
                continue;
            xs[static_cast<size_t>(b.cls)].push_back(b.w);
            ys_[static_cast<size_t>(b.cls)].push_back(b.h);
            maxSide = std::max({maxSide, static_cast<double>(b.w), static_cast<double>(b.h)});
        }
    QCustomPlot* p = scatterPlot_;
    for (int c = 0; c < nc; ++c) {
        if (xs[static_cast<size_t>(c)].isEmpty())
            continue;
        auto* g = p->addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        QColor col = classColor(c);
        col.setAlpha(150);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, col, col, 4));
        g->setData(xs[static_cast<size_t>(c)], ys_[static_cast<size_t>(c)], true);
        g->setAdaptiveSampling(true);
    }
    p->xAxis->setLabel(tr("width (fraction of image)"));
    p->yAxis->setLabel(tr("height (fraction of image)"));
    // Same range on both axes so the aspect of the point cloud is the boxes' aspect.
    const double range = std::min(1.0, maxSide * 1.1);
    p->xAxis->setRange(0, range);
    p->yAxis->setRange(0, range);
    if (stride > 1)
        titleOf(p)->setText(tr("Box width vs height (every %1th box)").arg(stride));
    p->replot();
}

}  // namespace ys::ui
