#include "ui/charts/serieschart.h"

#include "ui/charts/decimate.h"

#include <QEvent>
#include <QPicture>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ys::ui {
namespace {

constexpr double kFitPadding = 0.06;     // share of the value range added above (and below) the data
constexpr int kTargetTicks = 6;          // about this many ticks per axis
constexpr int kMinimumPlotHeight = 140;  // title, axes and some data; a legend below adds its rows
constexpr int kHoverRadiusPx = 40;       // the tracer jumps to the nearest point within this distance
const QString kRangesLayer = QStringLiteral("ranges");

// Tick positions and labels in the chart's units (chartformat.h).
// Ticks with labels in `unit`, as many as fit the axis: a label needs its own width plus a gap on a
// horizontal axis ("10 秒" is wider than "10 s"), two text lines on a vertical one; never more than
// kTargetTicks, never fewer than 2.
class UnitTicker final : public QCPAxisTicker {
public:
    UnitTicker(ValueUnit unit, QCPAxis* axis) : unit_(unit), axis_(axis) { setTickCount(kTargetTicks); }

protected:
    double getTickStep(const QCPRange& range) override
    {
        step_ = ChartText::niceStep(range.size(), ticksThatFit(range), unit_);
        return step_;
    }

    int ticksThatFit(const QCPRange& range) const
    {
        if (!axis_ || !axis_->axisRect())
            return kTargetTicks;
        const QFontMetrics fm(axis_->tickLabelFont());
        int length = 0, room = 0;
        if (axis_->orientation() == Qt::Horizontal) {
            const double step = ChartText::niceStep(range.size(), kTargetTicks, unit_);
            room = std::max(fm.horizontalAdvance(ChartText::tick(range.lower, unit_, step)),
                            fm.horizontalAdvance(ChartText::tick(range.upper, unit_, step))) + fm.height();
            length = axis_->axisRect()->width();
        } else {
            room = 2 * fm.height();
            length = axis_->axisRect()->height();
        }
        if (length <= 0 || room <= 0)
            return kTargetTicks;
        return std::clamp(length / room, 2, kTargetTicks);
    }
    int getSubTickCount(double) override { return 1; }
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        if (std::abs(tick) < step_ * 1e-9)
            tick = 0;
        return ChartText::tick(tick, unit_, step_);
    }

private:
    ValueUnit unit_;
    QCPAxis* axis_;   // the axis this ticker labels (owned by the plot, which owns the ticker too)
    double step_ = 1;
};

}  // namespace

// Every shaded x-range in one layerable: it draws only the bands in view and at most one fill per pixel
// column, where 600 separate rectangle items cost 40 ms a redraw.
class SeriesChart::RangeBands final : public QCPLayerable {
public:
    struct Band {
        double x0, x1;
        QColor color;
    };

    explicit RangeBands(QCustomPlot* plot) : QCPLayerable(plot, kRangesLayer) {}
    std::vector<Band> bands;   // in x order, not overlapping (as a timeline adds them)

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override { painter->setAntialiasing(false); }
    QRect clipRect() const override { return mParentPlot->axisRect()->rect(); }
    void draw(QCPPainter* painter) override
    {
        QCPAxis* x = mParentPlot->xAxis;
        const QRect area = mParentPlot->axisRect()->rect();
        const double lower = x->range().lower, upper = x->range().upper;
        auto it = std::lower_bound(bands.begin(), bands.end(), lower, [](const Band& b, double v) { return b.x1 < v; });
        int filledTo = std::numeric_limits<int>::min();
        for (; it != bands.end() && it->x0 <= upper; ++it) {
            const int left = std::max(filledTo, static_cast<int>(std::floor(x->coordToPixel(it->x0))));
            const int right = static_cast<int>(std::ceil(x->coordToPixel(it->x1)));
            if (right <= left)
                continue;   // inside a pixel already filled
            painter->fillRect(QRect(left, area.top(), right - left, area.height()), it->color);
            filledTo = right;
        }
    }
};

namespace {

// Nearest index to x in a sorted vector (n > 0).
size_t nearestIndex(const std::vector<double>& xs, double x)
{
    const auto it = std::lower_bound(xs.begin(), xs.end(), x);
    size_t i = static_cast<size_t>(it - xs.begin());
    if (i >= xs.size())
        return xs.size() - 1;
    if (i > 0 && std::abs(xs[i - 1] - x) <= std::abs(xs[i] - x))
        return i - 1;
    return i;
}

}  // namespace

SeriesChart::SeriesChart(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)), refreshTimer_(new QTimer(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    setMinimumSize(220, kMinimumPlotHeight);   // small enough for the Runs page to give its run list room

    plot_->setNoAntialiasingOnDrag(true);
    plot_->setAntialiasedElements(QCP::aeItems);   // graphs choose per refresh (see decimate())
    plot_->setPlottingHint(QCP::phCacheLabels, true);
    // Lines as separate segments: a wide antialiased polyline through thousands of zigzag points is stroked
    // as one self-intersecting path otherwise, which takes seconds in the raster engine.
    plot_->setPlottingHint(QCP::phFastPolylines, true);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    plot_->axisRect()->setRangeZoom(Qt::Horizontal);
    plot_->axisRect()->setRangeDragAxes({plot_->xAxis}, {plot_->yAxis, plot_->yAxis2});
    plot_->axisRect()->setRangeZoomAxes({plot_->xAxis}, {plot_->yAxis, plot_->yAxis2});
    plot_->addLayer(kRangesLayer, plot_->layer(QStringLiteral("grid")), QCustomPlot::limBelow);
    ranges_ = new RangeBands(plot_);
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis, plot_->yAxis2})
        a->setTicker(QSharedPointer<QCPAxisTicker>(new UnitTicker(ValueUnit::Number, a)));
    plot_->yAxis2->setVisible(false);

    plot_->legend->setVisible(true);
    plot_->legend->setIconSize(18, 8);
    plot_->legend->setRowSpacing(0);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    plot_->setSelectionTolerance(6);

    tracer_ = new QCPItemTracer(plot_);
    tracer_->setStyle(QCPItemTracer::tsCircle);
    tracer_->setSize(8);
    tracer_->setLayer(QStringLiteral("overlay"));
    tracer_->setVisible(false);
    tracer_->setInterpolating(false);

    refreshTimer_->setSingleShot(true);
    refreshTimer_->setInterval(kRefreshMs);
    connect(refreshTimer_, &QTimer::timeout, this, &SeriesChart::refresh);
    connect(plot_, &QCustomPlot::mouseMove, this, &SeriesChart::onMouseMove);
    connect(plot_, &QCustomPlot::mouseWheel, this, [this](QWheelEvent*) { onUserView(); });
    connect(plot_, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) { resetView(); });
    connect(plot_, &QCustomPlot::legendClick, this,
            [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
                auto* pi = qobject_cast<QCPPlottableLegendItem*>(item);
                if (!pi)
                    return;
                for (int i = 0; i < seriesCount(); ++i)
                    if (series_[static_cast<size_t>(i)].graph == pi->plottable() && !series_[static_cast<size_t>(i)].legendOnly)
                        setSeriesVisible(i, !seriesVisible(i));
            });
    connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
        if (!settingRange_)
            scheduleRefresh();  // new visible range: decimate again
    });
    applyTheme();
}

SeriesChart::~SeriesChart() = default;

QCPAxis* SeriesChart::axis(Axis a) const
{
    return a == Axis::Left ? plot_->yAxis : plot_->yAxis2;
}

// ---- series --------------------------------------------------------------------------------------------

int SeriesChart::addSeries(const QString& name, const Style& style, Axis a)
{
    Series s;
    s.axis = a;
    s.style = style;
    s.graph = plot_->addGraph(plot_->xAxis, axis(a));
    s.graph->setName(name);
    s.graph->setAdaptiveSampling(false);  // the chart decimates itself, with min/max per column
    QPen pen(style.color, style.width, style.pen);
    pen.setCosmetic(true);
    s.graph->setPen(pen);
    if (style.markers) {
        QCPScatterStyle::ScatterShape shape = QCPScatterStyle::ssDisc;
        double size = 5;
        switch (style.marker) {
        case Marker::Disc: break;
        case Marker::Square: shape = QCPScatterStyle::ssSquare; break;
        case Marker::Triangle: shape = QCPScatterStyle::ssTriangle; size = 7; break;
        case Marker::Diamond: shape = QCPScatterStyle::ssDiamond; size = 7; break;
        }
        // Filled, so the shape reads at 5-7 px.
        s.graph->setScatterStyle(QCPScatterStyle(shape, style.color, style.color, size));
    }
    if (a == Axis::Right)
        plot_->yAxis2->setVisible(true);
    series_.push_back(std::move(s));
    return seriesCount() - 1;
}

SeriesChart::Style SeriesChart::seriesStyle(int i) const
{
    return series_.at(static_cast<size_t>(i)).style;
}

int SeriesChart::addLegendEntry(const QString& name, const Style& style)
{
    const int i = addSeries(name, style);
    series_.back().legendOnly = true;
    fitLegendBelow(width());
    return i;
}

void SeriesChart::setSeriesName(int i, const QString& name)
{
    series_.at(static_cast<size_t>(i)).graph->setName(name);
    scheduleRefresh();
}

QString SeriesChart::seriesName(int i) const
{
    return series_.at(static_cast<size_t>(i)).graph->name();
}

void SeriesChart::setSeriesVisible(int i, bool visible)
{
    Series& s = series_.at(static_cast<size_t>(i));
    s.graph->setVisible(visible);
    if (QCPAbstractLegendItem* item = plot_->legend->itemWithPlottable(s.graph))
        item->setTextColor(visible ? palette().color(QPalette::WindowText) : palette().color(QPalette::Disabled, QPalette::WindowText));
    scheduleRefresh();
}

void SeriesChart::removeFromLegend(int i)
{
    series_.at(static_cast<size_t>(i)).graph->removeFromLegend();
}

void SeriesChart::setInLegend(int i, bool listed)
{
    QCPGraph* graph = series_.at(static_cast<size_t>(i)).graph;
    if (listed)
        graph->addToLegend();
    else
        graph->removeFromLegend();
    fitLegendBelow(width());
    scheduleRefresh();
}

bool SeriesChart::inLegend(int i) const
{
    return plot_->legend->hasItemWithPlottable(series_.at(static_cast<size_t>(i)).graph);
}

void SeriesChart::setLegendAlignment(Qt::Alignment alignment)
{
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, alignment);
}

void SeriesChart::setLegendBelow()
{
    QCPLegend* legend = plot_->legend;
    if (legendBelow_ || !plot_->axisRect()->insetLayout()->take(legend))
        return;
    legendBelow_ = true;
    plot_->plotLayout()->simplify();
    // Under the axis rect (the title, if any, is above it; a note, if any, stays last).
    int row = 0;
    while (row < plot_->plotLayout()->rowCount() && plot_->plotLayout()->element(row, 0) != plot_->axisRect())
        ++row;
    plot_->plotLayout()->insertRow(row + 1);
    plot_->plotLayout()->addElement(row + 1, 0, legend);
    plot_->plotLayout()->setRowStretchFactor(row + 1, 0.001);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setMargins(QMargins(4, 0, 4, 2));
    legend->setColumnSpacing(10);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    scheduleRefresh();
}

int wrapLegendBelow(QCPLegend* legend, int width, int* itemHeight)
{
    // The legend's grid may have empty cells (itemCount counts them), so only real items are measured.
    std::vector<int> widths;
    int tallest = 1;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (const QCPAbstractLegendItem* item = legend->item(i)) {
            const QSize hint = item->minimumOuterSizeHint();
            widths.push_back(hint.width());
            tallest = std::max(tallest, hint.height());
        }
    }
    if (itemHeight)
        *itemHeight = tallest;
    const int items = static_cast<int>(widths.size());
    if (items == 0)
        return 0;
    // Filled row by row (entry k in column k % columns), each column as wide as its widest entry: the most
    // columns whose widths add up to the room.
    const QMargins m = legend->margins();
    const int room = width - m.left() - m.right();
    int columns = items;
    for (; columns > 1; --columns) {
        std::vector<int> column(static_cast<size_t>(columns), 0);
        for (int k = 0; k < items; ++k)
            column[static_cast<size_t>(k % columns)] = std::max(column[static_cast<size_t>(k % columns)], widths[static_cast<size_t>(k)]);
        int needed = (columns - 1) * legend->columnSpacing();
        for (int w : column)
            needed += w;
        if (needed <= room)
            break;
    }
    if (columns != legend->wrap()) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
    return (items + columns - 1) / columns;
}

void SeriesChart::fitLegendBelow(int widgetWidth)
{
    QCPLegend* legend = plot_->legend;
    if (!legendBelow_)
        return;
    int itemHeight = 0;
    const int rows = wrapLegendBelow(legend, widgetWidth, &itemHeight);
    // The widget never gets so short that the legend's last row is cut off under the next chart.
    if (rows == 0 || widgetWidth != width())
        return;   // no entries, or an image of another size (renderImage)
    const QMargins m = legend->margins();
    setMinimumHeight(kMinimumPlotHeight + rows * (itemHeight + legend->rowSpacing()) + m.top() + m.bottom());
}

bool SeriesChart::seriesVisible(int i) const
{
    return series_.at(static_cast<size_t>(i)).graph->visible();
}

void SeriesChart::setData(int i, std::vector<double> x, std::vector<double> y)
{
    Series& s = series_.at(static_cast<size_t>(i));
    const size_t n = std::min(x.size(), y.size());
    x.resize(n);
    y.resize(n);
    s.x = std::move(x);
    s.y = std::move(y);
    scheduleRefresh();
}

void SeriesChart::append(int i, double x, double y)
{
    Series& s = series_.at(static_cast<size_t>(i));
    if (s.x.empty() || x >= s.x.back()) {
        s.x.push_back(x);
        s.y.push_back(y);
    } else {
        const auto at = std::upper_bound(s.x.begin(), s.x.end(), x) - s.x.begin();
        s.x.insert(s.x.begin() + at, x);
        s.y.insert(s.y.begin() + at, y);
    }
    scheduleRefresh();
}

void SeriesChart::truncateAfter(int i, double x)
{
    Series& s = series_.at(static_cast<size_t>(i));
    const auto keep = std::upper_bound(s.x.begin(), s.x.end(), x) - s.x.begin();
    s.x.resize(static_cast<size_t>(keep));
    s.y.resize(static_cast<size_t>(keep));
    scheduleRefresh();
}

size_t SeriesChart::pointCount(int i) const
{
    return series_.at(static_cast<size_t>(i)).x.size();
}

const std::vector<double>& SeriesChart::xData(int i) const
{
    return series_.at(static_cast<size_t>(i)).x;
}

const std::vector<double>& SeriesChart::yData(int i) const
{
    return series_.at(static_cast<size_t>(i)).y;
}

int SeriesChart::drawnPointCount(int i) const
{
    return series_.at(static_cast<size_t>(i)).drawn;
}

void SeriesChart::clearData()
{
    for (Series& s : series_) {
        s.x.clear();
        s.y.clear();
    }
    ranges_->bands.clear();
    marks_.clear();
    // Marks are the items that are neither ranges, levels nor the tracer.
    for (int i = plot_->itemCount() - 1; i >= 0; --i) {
        QCPAbstractItem* item = plot_->item(i);
        if (item == tracer_)
            continue;
        const bool isLevel = std::any_of(levels_.begin(), levels_.end(),
                                         [item](const Level& l) { return l.line == item || l.text == item; });
        if (!isLevel)
            plot_->removeItem(item);
    }
    tracer_->setVisible(false);
    following_ = true;
    scheduleRefresh();
}

// ---- axes and text ---------------------------------------------------------------------------------------

void SeriesChart::setTitle(const QString& title)
{
    if (!title_) {
        plot_->plotLayout()->insertRow(0);
        QFont f = font();
        f.setBold(true);
        title_ = new QCPTextElement(plot_, title, f);
        title_->setMargins(QMargins(4, 4, 4, 0));
        plot_->plotLayout()->addElement(0, 0, title_);
    }
    title_->setText(title);
    title_->setTextColor(palette().color(QPalette::WindowText));
    scheduleRefresh();
}

void SeriesChart::setNote(const QString& note)
{
    if (!note_) {
        const int row = plot_->plotLayout()->rowCount();
        plot_->plotLayout()->insertRow(row);
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 0.9);
        note_ = new QCPTextElement(plot_, QString(), f);
        note_->setMargins(QMargins(4, 0, 4, 4));
        plot_->plotLayout()->addElement(row, 0, note_);
    }
    note_->setText(note);
    note_->setVisible(!note.isEmpty());
    note_->setTextColor(palette().color(QPalette::Disabled, QPalette::WindowText));
    scheduleRefresh();
}

void SeriesChart::setXAxis(const QString& label, ValueUnit unit)
{
    xUnit_ = unit;
    plot_->xAxis->setLabel(label);
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new UnitTicker(unit, plot_->xAxis)));
    scheduleRefresh();
}

void SeriesChart::setYAxis(Axis a, const QString& label, ValueUnit unit)
{
    yUnit_[a == Axis::Left ? 0 : 1] = unit;
    axis(a)->setLabel(label);
    axis(a)->setTicker(QSharedPointer<QCPAxisTicker>(new UnitTicker(unit, axis(a))));
    if (a == Axis::Right)
        plot_->yAxis2->setVisible(true);
    scheduleRefresh();
}

void SeriesChart::setFixedRange(Axis a, double lower, double upper)
{
    const int k = a == Axis::Left ? 0 : 1;
    fixed_[k] = true;
    fixedRange_[k][0] = lower;
    fixedRange_[k][1] = upper;
    scheduleRefresh();
}

void SeriesChart::setXExtent(double lower, double upper)
{
    hasXExtent_ = upper > lower;
    xExtent_[0] = lower;
    xExtent_[1] = upper;
    scheduleRefresh();
}

// ---- decorations -----------------------------------------------------------------------------------------

int SeriesChart::addRange(double x0, double x1, const QColor& color)
{
    ranges_->bands.push_back({x0, x1, color});
    scheduleRefresh();
    return rangeCount() - 1;
}

void SeriesChart::setRangeEnd(int range, double x1)
{
    ranges_->bands.at(static_cast<size_t>(range)).x1 = x1;
    scheduleRefresh();
}

int SeriesChart::rangeCount() const
{
    return static_cast<int>(ranges_->bands.size());
}

int SeriesChart::addRangeLegend(const QString& name, const QColor& color)
{
    const int i = addSeries(name, Style{color, Qt::NoPen, 0, false});
    Series& s = series_.back();
    s.legendOnly = true;
    s.graph->setPen(Qt::NoPen);
    s.graph->setBrush(color);
    return i;
}

void SeriesChart::addMark(double x, const QColor& color, const QString& label)
{
    auto* line = new QCPItemStraightLine(plot_);
    line->point1->setTypeY(QCPItemPosition::ptAxisRectRatio);
    line->point2->setTypeY(QCPItemPosition::ptAxisRectRatio);
    line->point1->setCoords(x, 0);
    line->point2->setCoords(x, 1);
    QPen pen(color, 1.5, Qt::SolidLine);
    pen.setCosmetic(true);
    line->setPen(pen);
    line->setSelectable(false);
    auto* text = new QCPItemText(plot_);
    text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(x, 0.0);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setText(label);
    text->setColor(color);
    text->setPadding(QMargins(3, 1, 3, 1));
    text->setSelectable(false);
    marks_.push_back({x, label});
    scheduleRefresh();
}

int SeriesChart::addLevel(double y, const QColor& color, const QString& label, Axis a)
{
    Level l;
    auto* line = new QCPItemStraightLine(plot_);
    line->point1->setAxes(plot_->xAxis, axis(a));
    line->point2->setAxes(plot_->xAxis, axis(a));
    line->point1->setTypeX(QCPItemPosition::ptAxisRectRatio);
    line->point2->setTypeX(QCPItemPosition::ptAxisRectRatio);
    line->point1->setCoords(0, y);
    line->point2->setCoords(1, y);
    QPen pen(color, 1.5, Qt::DashLine);
    pen.setCosmetic(true);
    line->setPen(pen);
    line->setSelectable(false);
    auto* text = new QCPItemText(plot_);
    text->position->setAxes(plot_->xAxis, axis(a));
    text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(1.0, y);
    text->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    text->setText(label);
    text->setColor(color);
    text->setPadding(QMargins(3, 1, 3, 1));
    text->setSelectable(false);
    l.line = line;
    l.text = text;
    l.value = y;
    l.axis = a;
    levels_.push_back(l);
    scheduleRefresh();
    return static_cast<int>(levels_.size()) - 1;
}

void SeriesChart::setLevel(int level, double y, const QString& label)
{
    Level& l = levels_.at(static_cast<size_t>(level));
    l.value = y;
    static_cast<QCPItemStraightLine*>(l.line)->point1->setCoords(0, y);
    static_cast<QCPItemStraightLine*>(l.line)->point2->setCoords(1, y);
    static_cast<QCPItemText*>(l.text)->position->setCoords(1.0, y);
    static_cast<QCPItemText*>(l.text)->setText(label);
    scheduleRefresh();
}

void SeriesChart::setLevelVisible(int level, bool visible)
{
    Level& l = levels_.at(static_cast<size_t>(level));
    l.visible = visible;
    l.line->setVisible(visible);
    l.text->setVisible(visible);
    scheduleRefresh();
}

bool SeriesChart::levelVisible(int level) const
{
    return levels_.at(static_cast<size_t>(level)).visible;
}

// ---- view ----------------------------------------------------------------------------------------------

void SeriesChart::resetView()
{
    following_ = true;
    refreshNow();
    emit viewChanged();
}

void SeriesChart::zoomTo(double x0, double x1)
{
    following_ = false;
    settingRange_ = true;
    plot_->xAxis->setRange(x0, x1);
    settingRange_ = false;
    refreshNow();
    emit viewChanged();
}

double SeriesChart::visibleXLower() const
{
    return plot_->xAxis->range().lower;
}

double SeriesChart::visibleXUpper() const
{
    return plot_->xAxis->range().upper;
}

void SeriesChart::onUserView()
{
    if (following_) {
        following_ = false;
        emit viewChanged();
    }
    scheduleRefresh();
}

void SeriesChart::scheduleRefresh()
{
    if (!refreshTimer_->isActive())
        refreshTimer_->start();
}

void SeriesChart::refreshNow()
{
    refreshTimer_->stop();
    refresh();
}

int SeriesChart::plotWidthFor(int widgetWidth) const
{
    const int axisRect = plot_->axisRect()->width();
    // Before the first layout the axis rect has no size; most of the widget is plot.
    return std::max(50, axisRect > 10 && widgetWidth == width() ? axisRect : widgetWidth * 9 / 10);
}

void SeriesChart::refresh()
{
    fitLegendBelow(width());
    if (following_)
        fitView();
    decimate(plotWidthFor(width()));
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void SeriesChart::fitView()
{
    double xLo = std::numeric_limits<double>::infinity(), xHi = -xLo;
    double yLo[2] = {xLo, xLo}, yHi[2] = {xHi, xHi};
    for (const Series& s : series_) {
        if (s.x.empty() || !s.graph->visible())
            continue;
        xLo = std::min(xLo, s.x.front());
        xHi = std::max(xHi, s.x.back());
        const int k = s.axis == Axis::Left ? 0 : 1;
        for (double v : s.y) {
            if (std::isnan(v))
                continue;
            yLo[k] = std::min(yLo[k], v);
            yHi[k] = std::max(yHi[k], v);
        }
    }
    for (const Level& l : levels_) {
        if (!l.visible)
            continue;
        const int k = l.axis == Axis::Left ? 0 : 1;
        yLo[k] = std::min(yLo[k], l.value);
        yHi[k] = std::max(yHi[k], l.value);
    }
    if (hasXExtent_) {
        xLo = std::min(xLo, xExtent_[0]);
        xHi = std::max(xHi, xExtent_[1]);
    }
    if (!std::isfinite(xLo)) {
        xLo = 0;
        xHi = 1;
    } else if (xHi <= xLo) {
        xHi = xLo + 1;
    }
    settingRange_ = true;
    plot_->xAxis->setRange(xLo, xHi);
    for (int k = 0; k < 2; ++k) {
        QCPAxis* ax = k == 0 ? plot_->yAxis : plot_->yAxis2;
        if (fixed_[k]) {
            ax->setRange(fixedRange_[k][0], fixedRange_[k][1]);
            continue;
        }
        double lo = yLo[k], hi = yHi[k];
        if (!std::isfinite(lo)) {
            lo = 0;
            hi = 1;
        }
        // Sizes, rates and durations start at zero so their lines compare by height.
        const bool fromZero = yUnit_[k] == ValueUnit::Bytes || yUnit_[k] == ValueUnit::PerSecond ||
                              yUnit_[k] == ValueUnit::Seconds || yUnit_[k] == ValueUnit::Scientific;
        if (fromZero && lo >= 0)
            lo = 0;
        if (hi <= lo)
            hi = lo + (lo == 0 ? 1 : std::abs(lo) * 0.1);
        const double pad = (hi - lo) * kFitPadding;
        ax->setRange(fromZero && lo == 0 ? 0 : lo - pad, hi + pad);
    }
    settingRange_ = false;
}

void SeriesChart::decimate(int columns)
{
    const QCPRange r = plot_->xAxis->range();
    for (Series& s : series_) {
        if (s.legendOnly)
            continue;
        const DecimatedSeries d = decimateMinMax(s.x.data(), s.y.data(), s.x.size(), r.lower, r.upper, columns);
        s.drawn = static_cast<int>(d.x.size());
        // Denser than a point per pixel column the line is a min/max band: antialiasing adds nothing to
        // it but costs most of the redraw.
        s.graph->setAntialiased(s.drawn <= columns);
        s.graph->setData(QVector<double>(d.x.begin(), d.x.end()), QVector<double>(d.y.begin(), d.y.end()), true);
    }
}

QString SeriesChart::readoutAt(double x) const
{
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(ChartText::value(x, xUnit_).toHtmlEscaped());
    for (const Series& s : series_) {
        if (s.legendOnly || s.x.empty() || !s.graph->visible())
            continue;
        const size_t i = nearestIndex(s.x, x);
        const ValueUnit unit = yUnit_[s.axis == Axis::Left ? 0 : 1];
        lines << QStringLiteral("<span style=\"color:%1\">■</span> %2: %3")
                     .arg(s.graph->pen().color().name(), s.graph->name().toHtmlEscaped(),
                          ChartText::value(s.y[i], unit).toHtmlEscaped());
    }
    for (const Level& l : levels_)
        if (l.visible)
            lines << QStringLiteral("— %1").arg(static_cast<QCPItemText*>(l.text)->text().toHtmlEscaped());
    // Marks within half a column's worth of the axis either side of x.
    const double tolerance = (visibleXUpper() - visibleXLower()) / 100.0;
    for (const Mark& m : marks_)
        if (std::abs(m.x - x) <= tolerance)
            lines << QStringLiteral("▲ %1").arg(m.label.toHtmlEscaped());
    return lines.join(QStringLiteral("<br>"));
}

void SeriesChart::onMouseMove(QMouseEvent* event)
{
    if (event->buttons() != Qt::NoButton) {
        tracer_->setVisible(false);
        onUserView();
        return;
    }
    const QPointF pos = event->position();
    if (!plot_->axisRect()->rect().contains(pos.toPoint())) {
        if (tracer_->visible()) {
            tracer_->setVisible(false);
            plot_->layer(QStringLiteral("overlay"))->replot();
        }
        QToolTip::hideText();
        return;
    }
    const double x = plot_->xAxis->pixelToCoord(pos.x());
    // The nearest point on screen among the visible series.
    double best = kHoverRadiusPx * kHoverRadiusPx;
    const Series* nearest = nullptr;
    size_t nearestI = 0;
    for (const Series& s : series_) {
        if (s.legendOnly || s.x.empty() || !s.graph->visible())
            continue;
        const size_t i = nearestIndex(s.x, x);
        const double dx = plot_->xAxis->coordToPixel(s.x[i]) - pos.x();
        const double dy = axis(s.axis)->coordToPixel(s.y[i]) - pos.y();
        if (dx * dx + dy * dy < best) {
            best = dx * dx + dy * dy;
            nearest = &s;
            nearestI = i;
        }
    }
    if (nearest) {
        tracer_->position->setAxes(plot_->xAxis, axis(nearest->axis));
        tracer_->position->setCoords(nearest->x[nearestI], nearest->y[nearestI]);
        tracer_->setPen(QPen(nearest->graph->pen().color(), 1.5));
        tracer_->setBrush(palette().color(QPalette::Base));
        tracer_->setVisible(true);
    } else {
        tracer_->setVisible(false);
    }
    plot_->layer(QStringLiteral("overlay"))->replot();
    QToolTip::showText(event->globalPosition().toPoint(), readoutAt(nearest ? nearest->x[nearestI] : x), plot_);
}

// ---- theme and output --------------------------------------------------------------------------------------

void SeriesChart::applyTheme()
{
    const QPalette pal = palette();
    plot_->setBackground(pal.color(QPalette::Base));
    plot_->axisRect()->setBackground(pal.color(QPalette::Base));
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis, plot_->yAxis2}) {
        a->setBasePen(QPen(pal.color(QPalette::Mid)));
        a->setTickPen(QPen(pal.color(QPalette::Mid)));
        a->setSubTickPen(QPen(pal.color(QPalette::Mid)));
        a->setTickLabelColor(pal.color(QPalette::WindowText));
        a->setLabelColor(pal.color(QPalette::WindowText));
        QColor grid = pal.color(QPalette::Mid);
        grid.setAlpha(70);
        a->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    }
    QColor legendBg = pal.color(QPalette::Base);
    legendBg.setAlpha(215);
    plot_->legend->setBrush(legendBelow_ ? QBrush(Qt::NoBrush) : QBrush(legendBg));
    plot_->legend->setBorderPen(legendBelow_ ? QPen(Qt::NoPen) : QPen(pal.color(QPalette::Mid)));
    plot_->legend->setTextColor(pal.color(QPalette::WindowText));
    if (title_)
        title_->setTextColor(pal.color(QPalette::WindowText));
}

void SeriesChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        applyTheme();
        scheduleRefresh();
    }
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void SeriesChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    scheduleRefresh();
}

QImage SeriesChart::renderImage(const QSize& size, double devicePixelRatio)
{
    refreshTimer_->stop();
    if (following_)
        fitView();
    decimate(std::max(50, size.width() * 9 / 10));
    fitLegendBelow(size.width());
    const QPixmap pixmap = plot_->toPixmap(size.width(), size.height(), devicePixelRatio);
    fitLegendBelow(width());
    decimate(plotWidthFor(width()));
    return pixmap.toImage();
}

void SeriesChart::render(QPainter* painter, const QRectF& target)
{
    refreshTimer_->stop();
    if (following_)
        fitView();
    const int w = std::max(1, static_cast<int>(target.width()));
    const int h = std::max(1, static_cast<int>(target.height()));
    decimate(std::max(50, w * 9 / 10));
    QPicture picture;
    {
        QCPPainter p(&picture);
        plot_->toPainter(&p, w, h);
    }
    painter->save();
    painter->translate(target.topLeft());
    painter->drawPicture(0, 0, picture);
    painter->restore();
    decimate(plotWidthFor(width()));
}

}  // namespace ys::ui
