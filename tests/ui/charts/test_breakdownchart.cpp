// The breakdown chart draws each part where its bytes put it: at the middle of every expected segment the
// plottable under the pixel is that part (stacked left to right, first bar on top), the hover text names it,
// the axis switches between MiB and GiB, and the budget lines are drawn.
#include "ui/charts/breakdownchart.h"

#include <QtTest>
#include <qcustomplot.h>

using namespace ys::ui;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * kMiB;

}  // namespace

class TestBreakdownChart final : public QObject {
    Q_OBJECT

private slots:
    void segmentsSitWhereTheirBytesPutThem();
    void unitFollowsTheLargestValue();
    void emptyChart();
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

QTEST_MAIN(TestBreakdownChart)
#include "test_breakdownchart.moc"
