#include "ui/charts/breakdownchart.h"

#include "ui/charts/serieschart.h"
#include "ui/common/bytes.h"

#include <QEvent>
#include <QHelpEvent>
#include <QResizeEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace ys::ui {
namespace {

constexpr double kBarWidth = 0.56;   // in key units (one bar per unit): thick bars with a gap between them
constexpr double kHeadroom = 1.12;   // the value axis reaches at least 12% past the largest value
constexpr int kTotalGap = 6;         // px between a bar's end (or a line) and its total
constexpr int kLineGap = 3;          // px between a line and a total moved past it
constexpr int kNameGap = 2;          // px at least between two bar names
constexpr int kMinNameWidth = 80;    // px a bar name may always take before it is elided
constexpr int kRightMargin = 8;      // px between the plot (and the texts in it) and the widget's right edge
constexpr int kMinimumBarsHeight = 150;  // px of the chart without its legend: line labels, bars, value axis
constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * kMiB;

double barTotal(const BreakdownChartData& d, size_t bar)
{
    double s = 0;
    for (const auto& p : d.parts)
        s += bar < p.bytes.size() ? std::max(0.0, p.bytes[bar]) : 0.0;
    return s;
}

// Key of bar `i`: the first bar is drawn at the top.
double keyOf(size_t i, size_t bars)
{
    return static_cast<double>(bars - 1 - i);
}

}  // namespace

BreakdownChart::BreakdownChart(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    plot_->setMinimumSize(360, kMinimumBarsHeight);
    plot_->setAntialiasedElements(QCP::aePlottables | QCP::aeItems);
    plot_->setMouseTracking(true);
    plot_->installEventFilter(this);
    // The legend sits below the bars, in rows.
    plot_->axisRect()->insetLayout()->take(plot_->legend);
    plot_->plotLayout()->addElement(1, 0, plot_->legend);
    plot_->plotLayout()->setRowStretchFactor(1, 0.001);
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot_->legend->setWrap(3);
    plot_->legend->setIconSize(14, 10);
    plot_->legend->setBorderPen(Qt::NoPen);
    plot_->legend->setBrush(Qt::NoBrush);
    plot_->yAxis->grid()->setVisible(false);
    plot_->yAxis->setTickLength(0, 0);
    plot_->yAxis->setSubTicks(false);
    plot_->xAxis->grid()->setSubGridVisible(false);
    // Texts are fitted to the layout they are drawn in; when that moved something, once more.
    connect(plot_, &QCustomPlot::afterLayout, this, [this] {
        if (fitTexts() && passes_++ < 3)
            plot_->replot(QCustomPlot::rpQueuedReplot);
        else
            passes_ = 0;
    });
    clear();
}

void BreakdownChart::clear()
{
    data_ = {};
    rebuild();
}

void BreakdownChart::setData(const BreakdownChartData& data)
{
    data_ = data;
    rebuild();
}

void BreakdownChart::rebuild()
{
    plot_->clearPlottables();
    plot_->clearItems();
    totals_.clear();
    budgetText_ = limitText_ = nullptr;
    budgetLine_ = limitLine_ = nullptr;
    passes_ = 0;
    const size_t n = static_cast<size_t>(data_.bars.size());
    double largest = std::max(data_.budgetBytes, data_.limitBytes);
    for (size_t i = 0; i < n; ++i)
        largest = std::max(largest, barTotal(data_, i));
    unitBytes_ = largest >= kGiB ? kGiB : kMiB;
    unitName_ = largest >= kGiB ? QStringLiteral("GiB") : QStringLiteral("MiB");

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (size_t i = 0; i < n; ++i)
        ticker->addTick(keyOf(i, n), data_.bars[static_cast<qsizetype>(i)]);
    plot_->yAxis->setTicker(ticker);
    plot_->yAxis->setRange(-0.6, std::max<double>(static_cast<double>(n), 1.0) - 0.4);
    plot_->xAxis->setLabel(unitName_);
    minUpper_ = std::max(largest, 1.0) * kHeadroom / unitBytes_;
    plot_->xAxis->setRange(0, minUpper_);

    QCPBars* below = nullptr;
    for (const auto& part : data_.parts) {
        QVector<double> keys, values;
        bool any = false;
        for (size_t i = 0; i < n; ++i) {
            const double v = i < part.bytes.size() ? std::max(0.0, part.bytes[i]) : 0.0;
            keys << keyOf(i, n);
            values << v / unitBytes_;
            any = any || v > 0;
        }
        if (!any)
            continue;
        auto* bars = new QCPBars(plot_->yAxis, plot_->xAxis);
        bars->setName(part.name);
        bars->setWidth(kBarWidth);
        bars->setPen(QPen(part.color.darker(130), 0.8));
        bars->setBrush(part.color);
        bars->setData(keys, values);  // keys run downwards (the first bar on top): let QCustomPlot sort them
        if (below)
            bars->moveAbove(below);
        below = bars;
    }

    auto addLine = [&](double bytes, const QString& text, const QPen& pen, QCPItemText** label) -> QCPItemStraightLine* {
        if (bytes <= 0)
            return nullptr;
        auto* line = new QCPItemStraightLine(plot_);
        line->point1->setCoords(bytes / unitBytes_, 0);
        line->point2->setCoords(bytes / unitBytes_, 1);
        line->setPen(pen);
        if (text.isEmpty())
            return line;
        // Above the plot, where no line runs (the lines are clipped to it): x at the line, y set by fitTexts().
        auto* t = new QCPItemText(plot_);
        t->position->setTypeX(QCPItemPosition::ptPlotCoords);
        t->position->setTypeY(QCPItemPosition::ptAbsolute);
        t->position->setCoords(bytes / unitBytes_, 0);
        t->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        t->setPadding(QMargins(2, 0, 2, 1));
        t->setColor(pen.color());
        t->setText(text);
        t->setClipToAxisRect(false);
        *label = t;
        return line;
    };
    limitLine_ = addLine(data_.limitBytes, data_.limitLabel, QPen(QColor(0xe0, 0x8a, 0x00), 1.6, Qt::DashLine), &limitText_);
    budgetLine_ = addLine(data_.budgetBytes, data_.budgetLabel, QPen(QColor(0xc6, 0x28, 0x28), 2.0), &budgetText_);

    // The total at the end of each bar (fitTexts() moves it past a line it would cross).
    for (size_t i = 0; i < n; ++i) {
        const double total = barTotal(data_, i);
        if (total <= 0) {
            totals_.push_back(nullptr);
            continue;
        }
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(total / unitBytes_, keyOf(i, n));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(kTotalGap, 0, 2, 0));
        label->setText(formatBytes(static_cast<qint64>(total)));
        label->setBrush(QColor(255, 255, 255, 220));
        label->setClipToAxisRect(false);
        totals_.push_back(label);
    }
    // Room above the plot for the line labels, one row each.
    const int rows = (budgetText_ ? 1 : 0) + (limitText_ ? 1 : 0);
    const int rowHeight = QFontMetrics(plot_->font()).height() + 2;
    plot_->axisRect()->setMinimumMargins(QMargins(0, rows > 0 ? rows * rowHeight + 4 : 0, kRightMargin, 0));

    plot_->legend->setVisible(plot_->plottableCount() > 0);
    fitLegend(plot_->width());
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void BreakdownChart::fitLegend(int width)
{
    int itemHeight = 0;
    const int rows = wrapLegendBelow(plot_->legend, width, &itemHeight);   // no entry cut off
    const QMargins m = plot_->legend->margins();
    plot_->setMinimumHeight(kMinimumBarsHeight + (rows > 0 ? rows * (itemHeight + plot_->legend->rowSpacing()) + m.top() + m.bottom() : 0));
}

bool BreakdownChart::fitTexts()
{
    const size_t n = static_cast<size_t>(data_.bars.size());
    const QRect rect = plot_->axisRect()->rect();
    if (rect.width() <= 0 || rect.height() <= 0)
        return false;
    bool moved = false;

    // Bar names: elided to a third of the width; every k-th only when the bars are thinner than a text line.
    const QFontMetrics tickFm(plot_->yAxis->tickLabelFont());
    const double pitch = n > 0 ? std::fabs(plot_->yAxis->coordToPixel(0) - plot_->yAxis->coordToPixel(1)) : 0;
    const int every = pitch > 0 ? std::max(1, static_cast<int>(std::ceil((tickFm.height() + kNameGap) / pitch))) : 1;
    const int nameWidth = std::max(kMinNameWidth, plot_->width() / 3);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (size_t i = 0; i < n; ++i) {
        const QString name = i % static_cast<size_t>(every) == 0
                                 ? tickFm.elidedText(data_.bars[static_cast<qsizetype>(i)], Qt::ElideMiddle, nameWidth)
                                 : QString();
        ticker->addTick(keyOf(i, n), name);
    }
    auto* current = dynamic_cast<QCPAxisTickerText*>(plot_->yAxis->ticker().data());
    if (!current || current->ticks() != ticker->ticks()) {
        plot_->yAxis->setTicker(ticker);
        moved = true;
    }

    // Totals: each starts at its bar's end, or past the rightmost line its text would cross; the value axis
    // reaches past the widest. A few rounds: moving a text past a line and widening the axis act on each other.
    std::vector<double> lines;
    for (QCPItemStraightLine* l : {limitLine_, budgetLine_})
        if (l)
            lines.push_back(l->point1->coords().x());
    std::sort(lines.begin(), lines.end());
    const double width = rect.width();
    double upper = minUpper_;
    std::vector<double> starts(n, 0);
    for (int round = 0; round < 4; ++round) {
        double needed = minUpper_;
        for (size_t i = 0; i < n; ++i) {
            QCPItemText* t = totals_[i];
            if (!t)
                continue;
            // The text with its padding and a few pixels to spare (rounding of the pixel positions).
            const double textWidth = QFontMetrics(t->font()).horizontalAdvance(t->text()) + kTotalGap + 2 + 4;
            double start = barTotal(data_, i) / unitBytes_;
            for (double line : lines)
                if (line >= start - 1e-9 && line <= start + textWidth * upper / width)
                    start = line + kLineGap * upper / width;
            starts[i] = start;
            const double room = 1.0 - textWidth / width;   // of the axis' width, left of the text
            needed = std::max(needed, room > 0.2 ? start / room : start * 5);
        }
        if (needed <= upper * (1 + 1e-6))
            break;
        upper = needed;
    }
    if (std::fabs(plot_->xAxis->range().upper - upper) > 1e-9 * std::max(1.0, upper)) {
        plot_->xAxis->setRange(0, upper);
        moved = true;
    }
    for (size_t i = 0; i < n; ++i)
        if (totals_[i])
            totals_[i]->position->setCoords(starts[i], keyOf(i, n));

    // The line labels above the plot: the budget's right above it, the limit's one row higher.
    const int rowHeight = QFontMetrics(plot_->font()).height() + 2;
    double y = rect.top() - 2;
    for (QCPItemText* t : {budgetText_, limitText_}) {
        if (!t)
            continue;
        t->position->setCoords(t->position->coords().x(), y);
        y -= rowHeight;
    }
    return moved;
}

BreakdownChart::TextLayout BreakdownChart::textLayout() const
{
    TextLayout out;
    out.plotArea = plot_->axisRect()->rect();
    auto rectOf = [](const QCPItemText* t) {
        return t ? QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized() : QRectF();
    };
    out.budgetLabel = rectOf(budgetText_);
    out.limitLabel = rectOf(limitText_);
    if (budgetLine_)
        out.budgetX = plot_->xAxis->coordToPixel(budgetLine_->point1->coords().x());
    if (limitLine_)
        out.limitX = plot_->xAxis->coordToPixel(limitLine_->point1->coords().x());
    for (const QCPItemText* t : totals_)
        out.totals.push_back(rectOf(t));
    if (auto* ticker = dynamic_cast<QCPAxisTickerText*>(plot_->yAxis->ticker().data())) {
        const size_t n = static_cast<size_t>(data_.bars.size());
        for (size_t i = 0; i < n; ++i)
            out.barLabels << ticker->ticks().value(keyOf(i, n));
    }
    return out;
}

void BreakdownChart::layoutNow()
{
    for (int i = 0; i < 4; ++i) {
        plot_->replot(QCustomPlot::rpImmediateRefresh);
        if (!fitTexts())
            break;
    }
    plot_->replot(QCustomPlot::rpImmediateRefresh);
}

QString BreakdownChart::textAt(const QPoint& pos) const
{
    const size_t n = static_cast<size_t>(data_.bars.size());
    if (n == 0)
        return {};
    const double key = plot_->yAxis->pixelToCoord(pos.y());
    const double nearest = std::round(key);
    if (std::fabs(key - nearest) > kBarWidth / 2 || nearest < 0 || nearest >= static_cast<double>(n))
        return {};
    const size_t bar = n - 1 - static_cast<size_t>(nearest);
    const double value = plot_->xAxis->pixelToCoord(pos.x()) * unitBytes_;
    if (value < 0)
        return {};
    double start = 0;
    for (const auto& part : data_.parts) {
        const double v = bar < part.bytes.size() ? std::max(0.0, part.bytes[bar]) : 0.0;
        if (v > 0 && value >= start && value < start + v) {
            QString text = QStringLiteral("%1: %2").arg(
                part.name, formatBytes(static_cast<qint64>(v)));
            if (!part.help.isEmpty())
                text += QStringLiteral("\n") + part.help;
            return text;
        }
        start += v;
    }
    return {};
}

bool BreakdownChart::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == plot_ && event->type() == QEvent::Resize)
        fitLegend(static_cast<QResizeEvent*>(event)->size().width());
    if (watched == plot_ && event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = textAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, plot_);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace ys::ui
