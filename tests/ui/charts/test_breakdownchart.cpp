// The breakdown chart draws each part where its bytes put it: at the middle of every expected segment the
// plottable under the pixel is that part (stacked left to right, first bar on top), the hover text names it,
// the axis switches between MiB and GiB, and the budget lines are drawn. Its texts never collide, at a small
// and a large size: the line labels above the plot in rows of their own, every total inside the plot and clear
// of the lines, bar names no closer than a text line and no wider than their share.
#include "ui/charts/breakdownchart.h"

#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace ys::ui;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * kMiB;

// A chart of `size` showing `d`, on screen and laid out; null when it could not be shown.
std::unique_ptr<BreakdownChart> shownChart(const BreakdownChartData& d, QSize size)
{
    auto chart = std::make_unique<BreakdownChart>();
    chart->resize(size);
    chart->setData(d);
    chart->show();
    if (!QTest::qWaitForWindowExposed(chart.get()))
        return nullptr;
    chart->layoutNow();
    return chart;
}

}  // namespace

class TestBreakdownChart final : public QObject {
    Q_OBJECT

private slots:
    void segmentsSitWhereTheirBytesPutThem();
    void unitFollowsTheLargestValue();
    void emptyChart();
    void textsNeverCollide_data();
    void textsNeverCollide();
    void barNamesFitTheirRows_data();
    void barNamesFitTheirRows();
    void legendEntriesAreWhole();
};

void TestBreakdownChart::segmentsSitWhereTheirBytesPutThem()
{
    BreakdownChartData d;
    d.bars << QStringLiteral("training") << QStringLiteral("validation");
    d.parts.push_back({QStringLiteral("weights"), QStringLiteral("help w"), Qt::blue, {1 * kGiB, 1 * kGiB}});
    d.parts.push_back({QStringLiteral("activations"), {}, Qt::red, {4 * kGiB, 0}});
    d.parts.push_back({QStringLiteral("validation"), {}, Qt::cyan, {0, 2 * kGiB}});
    d.parts.push_back({QStringLiteral("context"), {}, Qt::gray, {1 * kGiB, 1 * kGiB}});
    d.budgetBytes = 8 * kGiB;
    d.budgetLabel = QStringLiteral("Budget");
    d.limitBytes = 7 * kGiB;
    d.limitLabel = QStringLiteral("Limit");

    BreakdownChart chart;
    chart.resize(700, 360);
    chart.setData(d);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.plot()->replot();
    QCOMPARE(chart.unit(), QStringLiteral("GiB"));
    QCOMPARE(chart.plot()->plottableCount(), 4);
    for (int i = 0; i < chart.plot()->plottableCount(); ++i)
        QVERIFY(chart.plot()->legend->hasItemWithPlottable(chart.plot()->plottable(i)));
    // Two lines, their two labels and a total per bar.
    QCOMPARE(chart.plot()->itemCount(), 6);

    QCustomPlot* plot = chart.plot();
    auto partAt = [&](double gib, double key) -> QString {
        const QPointF px(plot->xAxis->coordToPixel(gib), plot->yAxis->coordToPixel(key));
        QCPAbstractPlottable* p = plot->plottableAt(px, false);
        return p ? p->name() : QString();
    };
    auto hoverAt = [&](double gib, double key) {
        const QPoint px(qRound(plot->xAxis->coordToPixel(gib)), qRound(plot->yAxis->coordToPixel(key)));
        return chart.textAt(px);
    };
    // Training (the first bar, drawn on top at key 1): weights 0-1, activations 1-5, context 5-6 GiB.
    QCOMPARE(partAt(0.5, 1), QStringLiteral("weights"));
    QCOMPARE(partAt(3.0, 1), QStringLiteral("activations"));
    QCOMPARE(partAt(5.5, 1), QStringLiteral("context"));
    QCOMPARE(partAt(6.5, 1), QString());
    // Validation (key 0): weights 0-1, validation 1-3, context 3-4 GiB.
    QCOMPARE(partAt(0.5, 0), QStringLiteral("weights"));
    QCOMPARE(partAt(2.0, 0), QStringLiteral("validation"));
    QCOMPARE(partAt(3.5, 0), QStringLiteral("context"));
    QCOMPARE(partAt(4.5, 0), QString());

    QCOMPARE(hoverAt(3.0, 1), QStringLiteral("activations: 4.0 GiB"));
    QCOMPARE(hoverAt(0.5, 0), QStringLiteral("weights: 1.0 GiB\nhelp w"));
    QCOMPARE(hoverAt(2.0, 0.5), QString());  // between the bars
}

void TestBreakdownChart::unitFollowsTheLargestValue()
{
    BreakdownChartData d;
    d.bars << QStringLiteral("one");
    d.parts.push_back({QStringLiteral("a"), {}, Qt::blue, {200 * kMiB}});
    d.budgetBytes = 300 * kMiB;
    BreakdownChart chart;
    chart.setData(d);
    QCOMPARE(chart.unit(), QStringLiteral("MiB"));
    QVERIFY(chart.plot()->xAxis->range().upper >= 300);
    d.budgetBytes = 2 * kGiB;
    chart.setData(d);
    QCOMPARE(chart.unit(), QStringLiteral("GiB"));
    QVERIFY(chart.plot()->xAxis->range().upper >= 2 && chart.plot()->xAxis->range().upper < 3);
}

void TestBreakdownChart::emptyChart()
{
    BreakdownChart chart;
    QCOMPARE(chart.plot()->plottableCount(), 0);
    QVERIFY(!chart.plot()->legend->visible());
    QCOMPARE(chart.textAt(QPoint(10, 10)), QString());
}

void TestBreakdownChart::textsNeverCollide_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("peakGiB");
    // A peak just under the limit (its total would run through both lines), and one far below them.
    QTest::newRow("small, near the budget") << QSize(420, 230) << 9.5;
    QTest::newRow("large, near the budget") << QSize(760, 420) << 9.5;
    QTest::newRow("small, far below") << QSize(420, 230) << 5.4;
    QTest::newRow("wide, at the limit") << QSize(1000, 300) << 9.48;
}

void TestBreakdownChart::textsNeverCollide()
{
    QFETCH(QSize, size);
    QFETCH(double, peakGiB);
    // The Fit dialog's case: a 10.8 GiB budget, a 12% margin, the peak bar and a validation bar.
    BreakdownChartData d;
    d.bars << QStringLiteral("Training step (batch 411)") << QStringLiteral("Validation (batch 822)");
    d.parts.push_back({QStringLiteral("weights"), {}, Qt::blue, {0.5 * kGiB, 0.5 * kGiB}});
    d.parts.push_back({QStringLiteral("activations"), {}, Qt::red, {(peakGiB - 0.5) * kGiB, 2.0 * kGiB}});
    d.budgetBytes = 10.8 * kGiB;
    d.budgetLabel = QStringLiteral("Budget 10.8 GiB");
    d.limitBytes = 10.8 * 0.88 * kGiB;
    d.limitLabel = QStringLiteral("Budget − 12% margin");

    const auto chart = shownChart(d, size);
    QVERIFY(chart);
    const BreakdownChart::TextLayout t = chart->textLayout();
    const QRectF widget(QPointF(0, 0), QSizeF(chart->plot()->size()));
    QVERIFY(!t.budgetLabel.isEmpty() && !t.limitLabel.isEmpty());
    // The line labels: apart, inside the widget, above the plot (the lines stop at its top: nothing strikes them).
    QVERIFY2(!t.budgetLabel.intersects(t.limitLabel), "the budget's two labels overlap");
    for (const QRectF& r : {t.budgetLabel, t.limitLabel}) {
        QVERIFY(widget.contains(r));
        QVERIFY2(r.bottom() <= t.plotArea.top() + 0.5, "a line label is inside the plot, where its line runs");
    }
    // Each total: inside the plot (the value axis reaches past it) and crossed by no line.
    QCOMPARE(t.totals.size(), size_t(2));
    for (const QRectF& r : t.totals) {
        QVERIFY(!r.isEmpty());
        QVERIFY2(r.right() <= t.plotArea.right() + 0.5, "a total runs off the plot");
        for (double x : {t.budgetX, t.limitX})
            QVERIFY2(x < r.left() - 0.5 || x > r.right() + 0.5, "a line strikes through a total");
    }
    // The totals still sit on their bars' rows, at or after their ends.
    QVERIFY(t.totals[0].left() >= chart->plot()->xAxis->coordToPixel(peakGiB) - 1);
}

void TestBreakdownChart::barNamesFitTheirRows_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("everyName");
    QTest::newRow("short") << QSize(440, 220) << false;
    QTest::newRow("tall") << QSize(700, 720) << true;
}

void TestBreakdownChart::barNamesFitTheirRows()
{
    QFETCH(QSize, size);
    QFETCH(bool, everyName);
    // Twelve layers, as the Fit dialog's "By layer" tab shows them, one with a very long name.
    BreakdownChartData d;
    std::vector<double> bytes;
    for (int i = 0; i < 12; ++i) {
        d.bars << (i == 3 ? QStringLiteral("22: Detect P3/8 with a module name far too long for any axis ★")
                          : QStringLiteral("%1: C2f ★").arg(i));
        bytes.push_back((22 - i) * kMiB);
    }
    d.parts.push_back({QStringLiteral("output"), {}, Qt::blue, bytes});

    const auto chart = shownChart(d, size);
    QVERIFY(chart);
    const BreakdownChart::TextLayout t = chart->textLayout();
    QCOMPARE(t.barLabels.size(), 12);
    QVERIFY(!t.barLabels.first().isEmpty());   // the largest is always named
    const QFontMetrics fm(chart->plot()->yAxis->tickLabelFont());
    const int allowed = std::max(80, chart->plot()->width() / 3);
    double lastY = -1e9;
    int shown = 0;
    for (int i = 0; i < t.barLabels.size(); ++i) {
        if (t.barLabels[i].isEmpty())
            continue;
        ++shown;
        QVERIFY2(fm.horizontalAdvance(t.barLabels[i]) <= allowed, qPrintable(t.barLabels[i]));
        const double y = chart->plot()->yAxis->coordToPixel(t.barLabels.size() - 1 - i);
        QVERIFY2(y - lastY >= fm.height(), "two bar names overlap");
        lastY = y;
    }
    QVERIFY(t.barLabels[3].size() < d.bars[3].size());   // the long name is elided
    if (everyName)
        QCOMPARE(shown, 12);
    else
        QVERIFY(shown < 12 && shown >= 3);
    // Every total inside the plot.
    for (const QRectF& r : t.totals)
        QVERIFY2(r.right() <= t.plotArea.right() + 0.5,
                 qPrintable(QStringLiteral("a total ends at %1, the plot at %2 (upper %3)")
                                .arg(r.right())
                                .arg(t.plotArea.right())
                                .arg(chart->plot()->xAxis->range().upper)));
}

QTEST_MAIN(TestBreakdownChart)
// The Fit dialog's nine parts in a chart 436 px wide (its width at 1280x800): every legend entry whole inside
// the chart (three fixed columns cut "Validation batch" and "CUDA context + workspaces" off).
void TestBreakdownChart::legendEntriesAreWhole()
{
    BreakdownChartData d;
    d.bars << QStringLiteral("Training step (batch 240)") << QStringLiteral("Validation (batch 480)");
    for (const char* name : {"Weights", "Gradients", "Optimizer state", "EMA copy", "Activations", "Loss + assigner",
                             "Validation batch", "CUDA context + workspaces", "Allocator overhead"})
        d.parts.push_back({QString::fromLatin1(name), {}, Qt::blue, {0.5 * kGiB, 0.25 * kGiB}});
    const auto chart = shownChart(d, QSize(436, 240));
    QVERIFY(chart);
    QCPLegend* legend = chart->plot()->legend;
    int entries = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (QCPAbstractLegendItem* item = legend->item(i)) {
            ++entries;
            const int wanted = item->minimumOuterSizeHint().width();
            QVERIFY2(item->outerRect().width() >= wanted && item->outerRect().right() <= chart->plot()->width(),
                     qPrintable(QStringLiteral("entry %1 is %2 px of %3, ends at %4 of %5").arg(i)
                                    .arg(item->outerRect().width()).arg(wanted).arg(item->outerRect().right())
                                    .arg(chart->plot()->width())));
        }
    }
    QCOMPARE(entries, 9);
}

#include "test_breakdownchart.moc"
