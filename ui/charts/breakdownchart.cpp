#include "ui/charts/breakdownchart.h"

#include "ui/common/bytes.h"

#include <QEvent>
#include <QHelpEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace ys::ui {
namespace {

constexpr double kBarWidth = 0.56;   // in key units (one bar per unit): thick bars with a gap between them
constexpr double kHeadroom = 1.12;   // the value axis reaches 12% past the largest value (room for labels)
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
    plot_->setMinimumSize(420, 200);
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
    plot_->xAxis->setRange(0, std::max(largest, 1.0) * kHeadroom / unitBytes_);

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

    // The total at the end of each bar.
    for (size_t i = 0; i < n; ++i) {
        const double total = barTotal(data_, i);
        if (total <= 0)
            continue;
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(total / unitBytes_, keyOf(i, n));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(6, 0, 0, 0));
        label->setText(formatBytes(static_cast<qint64>(total)));
        label->setBrush(QColor(255, 255, 255, 220));  // readable where a budget line crosses it
        label->setClipToAxisRect(false);
    }

    auto addLine = [&](double bytes, const QString& text, const QPen& pen, double labelKey) {
        if (bytes <= 0)
            return;
        auto* line = new QCPItemStraightLine(plot_);
        line->point1->setCoords(bytes / unitBytes_, 0);
        line->point2->setCoords(bytes / unitBytes_, 1);
        line->setPen(pen);
        if (text.isEmpty())
            return;
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(bytes / unitBytes_, labelKey);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        label->setPadding(QMargins(0, 0, 4, 0));
        label->setColor(pen.color());
        label->setText(text);
    };
    const double top = std::max<double>(static_cast<double>(n), 1.0) - 0.5;
    addLine(data_.limitBytes, data_.limitLabel, QPen(QColor(0xe0, 0x8a, 0x00), 1.6, Qt::DashLine), top - 0.12);
    addLine(data_.budgetBytes, data_.budgetLabel, QPen(QColor(0xc6, 0x28, 0x28), 2.0), top + 0.02);

    plot_->legend->setVisible(plot_->plottableCount() > 0);
    plot_->replot(QCustomPlot::rpQueuedReplot);
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
