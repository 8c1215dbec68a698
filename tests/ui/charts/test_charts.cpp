// The charts: display decimation keeps each pixel column's lowest and highest point while the series keeps
// all of its points; zoom and reset; read-outs in the axis units; the training charts' phases, marks and
// lines; and rendering without a window (what the report does).
#include "ui/charts/chartformat.h"
#include "ui/charts/decimate.h"
#include "ui/charts/serieschart.h"
#include "ui/charts/trainingcharts.h"

#include <QImage>
#include <QPainter>
#include <QSet>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace ys::ui;

class TestCharts final : public QObject {
    Q_OBJECT

private slots:
    void decimationKeepsColumnMinMax_data();
    void decimationKeepsColumnMinMax();
    void decimationKeepsFewPointsAsTheyAre();
    void chartKeepsAllPointsAndDrawsFew();
    void zoomDecimatesTheVisibleRange();
    void readoutUsesUnits();
    void formats();
    void memoryChartShadesPhasesAndMarksOutOfMemory();
    void lossChartReplacesLivePointsByTheEpoch();
    void rendersWithoutAWindow();
};

void TestCharts::decimationKeepsColumnMinMax_data()
{
    QTest::addColumn<int>("points");
    QTest::addColumn<int>("columns");
    QTest::newRow("100k over 800 px") << 100000 << 800;
    QTest::newRow("100k over 37 px") << 100000 << 37;
    QTest::newRow("5000 over 300 px") << 5000 << 300;
}

void TestCharts::decimationKeepsColumnMinMax()
{
    QFETCH(int, points);
    QFETCH(int, columns);
    // A random walk with rare tall spikes: a spike lost by decimation would be an out-of-memory peak hidden.
    std::mt19937 rng(7);
    std::normal_distribution<double> step(0, 1);
    std::vector<double> x(static_cast<size_t>(points)), y(static_cast<size_t>(points));
    double v = 0;
    for (int i = 0; i < points; ++i) {
        x[static_cast<size_t>(i)] = i * 0.1 + (i % 3) * 0.01;   // uneven spacing
        v += step(rng);
        y[static_cast<size_t>(i)] = v + (i % 9973 == 0 ? 500.0 : 0.0);
    }
    const double from = x[static_cast<size_t>(points / 10)], to = x[static_cast<size_t>(points * 9 / 10)];
    const DecimatedSeries d = decimateMinMax(x.data(), y.data(), x.size(), from, to, columns);
    QVERIFY(d.x.size() <= static_cast<size_t>(2 * columns + 2));
    QVERIFY(d.x.size() >= static_cast<size_t>(columns));
    QVERIFY(std::is_sorted(d.x.begin(), d.x.end()));
    // Every column: the drawn points' min and max are the data's min and max in that column.
    const double w = (to - from) / columns;
    for (int c = 0; c < columns; ++c) {
        const double lo = from + c * w, hi = c == columns - 1 ? to : from + (c + 1) * w;
        double dataMin = INFINITY, dataMax = -INFINITY, drawnMin = INFINITY, drawnMax = -INFINITY;
        for (size_t i = 0; i < x.size(); ++i)
            if (x[i] >= lo && (x[i] < hi || (c == columns - 1 && x[i] <= hi))) {
                dataMin = std::min(dataMin, y[i]);
                dataMax = std::max(dataMax, y[i]);
            }
        for (size_t i = 0; i < d.x.size(); ++i)
            if (d.x[i] >= lo && (d.x[i] < hi || (c == columns - 1 && d.x[i] <= hi))) {
                drawnMin = std::min(drawnMin, d.y[i]);
                drawnMax = std::max(drawnMax, d.y[i]);
            }
        if (!std::isfinite(dataMin))
            continue;
        QVERIFY2(drawnMin == dataMin && drawnMax == dataMax, qPrintable(QString("column %1").arg(c)));
    }
    // The line continues past both edges.
    QVERIFY(d.x.front() < from);
    QVERIFY(d.x.back() > to);
}

void TestCharts::decimationKeepsFewPointsAsTheyAre()
{
    const std::vector<double> x{0, 1, 2, 3, 4}, y{5, NAN, 7, 8, 9};
    const DecimatedSeries d = decimateMinMax(x.data(), y.data(), x.size(), 0, 4, 100);
    QCOMPARE(d.x, (std::vector<double>{0, 2, 3, 4}));   // NaN skipped
    QCOMPARE(d.y, (std::vector<double>{5, 7, 8, 9}));
    QVERIFY(decimateMinMax(x.data(), y.data(), 0, 0, 4, 10).x.empty());
    QVERIFY(decimateMinMax(x.data(), y.data(), x.size(), 4, 0, 10).x.empty());
}

void TestCharts::chartKeepsAllPointsAndDrawsFew()
{
    SeriesChart chart;
    chart.resize(800, 300);
    const int s = chart.addSeries("a", {Qt::blue});
    std::vector<double> x(100000), y(100000);
    for (size_t i = 0; i < x.size(); ++i) {
        x[i] = static_cast<double>(i);
        y[i] = std::sin(static_cast<double>(i) / 500.0) + (i == 77777 ? 10.0 : 0.0);
    }
    chart.setData(s, x, y);
    chart.refreshNow();
    QCOMPARE(chart.pointCount(s), size_t(100000));
    QVERIFY2(chart.drawnPointCount(s) <= 2 * 800 + 2, qPrintable(QString::number(chart.drawnPointCount(s))));
    QVERIFY(chart.drawnPointCount(s) > 100);
    // The spike is in the fitted range.
    QVERIFY(chart.following());
    QCOMPARE(chart.visibleXLower(), 0.0);
    QCOMPARE(chart.visibleXUpper(), 99999.0);
    // Appending more keeps following the data.
    chart.append(s, 120000, 0);
    chart.refreshNow();
    QCOMPARE(chart.visibleXUpper(), 120000.0);
}

void TestCharts::zoomDecimatesTheVisibleRange()
{
    SeriesChart chart;
    chart.resize(600, 300);
    const int s = chart.addSeries("a", {Qt::red});
    std::vector<double> x(50000), y(50000);
    for (size_t i = 0; i < x.size(); ++i) {
        x[i] = static_cast<double>(i);
        y[i] = static_cast<double>(i % 100);
    }
    chart.setData(s, x, y);
    chart.refreshNow();
    const int wholeDrawn = chart.drawnPointCount(s);
    chart.zoomTo(1000, 1200);
    QVERIFY(!chart.following());
    QCOMPARE(chart.visibleXLower(), 1000.0);
    // 201 points in view: all drawn, plus one either side.
    QCOMPARE(chart.drawnPointCount(s), 203);
    QVERIFY(wholeDrawn > 203);
    // New data does not move a zoomed view; double-click (resetView) follows again.
    chart.append(s, 60000, 1);
    chart.refreshNow();
    QCOMPARE(chart.visibleXUpper(), 1200.0);
    chart.resetView();
    QVERIFY(chart.following());
    QCOMPARE(chart.visibleXUpper(), 60000.0);
}

void TestCharts::readoutUsesUnits()
{
    MemoryChart chart;
    std::vector<ys::memory::MemorySample> samples(3);
    for (int i = 0; i < 3; ++i) {
        samples[static_cast<size_t>(i)].time = 60.0 * (i + 1);
        samples[static_cast<size_t>(i)].allocated = int64_t(1) << 30;   // 1 GiB
        samples[static_cast<size_t>(i)].reserved = int64_t(3) << 29;    // 1.5 GiB
        samples[static_cast<size_t>(i)].peak = int64_t(2) << 30;
    }
    chart.setSamples(samples);
    chart.setBudget(int64_t(4) << 30);
    chart.refreshNow();
    const QString r = chart.readoutAt(120);
    QVERIFY2(r.contains("2 min 00 s"), qPrintable(r));
    QVERIFY2(r.contains("allocated: 1.00 GiB"), qPrintable(r));
    QVERIFY2(r.contains("reserved: 1.50 GiB"), qPrintable(r));
    QVERIFY2(r.contains("peak: 2.00 GiB"), qPrintable(r));
    QVERIFY2(r.contains("budget 4.00 GiB"), qPrintable(r));
    // Hiding a series (a legend click) takes it out of the read-out.
    chart.setSeriesVisible(MemoryChart::Reserved, false);
    QVERIFY(!chart.readoutAt(120).contains("reserved"));
}

void TestCharts::formats()
{
    QCOMPARE(ChartText::value(1536.0 * 1024 * 1024, ValueUnit::Bytes), QString("1.50 GiB"));
    QCOMPARE(ChartText::value(512, ValueUnit::Bytes), QString("512 B"));
    QCOMPARE(ChartText::value(200, ValueUnit::Seconds), QString("3 min 20 s"));
    QCOMPARE(ChartText::value(3900, ValueUnit::Seconds), QString("1 h 05 min"));
    QCOMPARE(ChartText::value(12.34, ValueUnit::PerSecond), QString("12.3 img/s"));
    QCOMPARE(ChartText::tick(200, ValueUnit::Seconds, 60), QString("3:20"));
    QCOMPARE(ChartText::tick(2.0 * 1024 * 1024 * 1024, ValueUnit::Bytes, 512.0 * 1024 * 1024), QString("2.0 GiB"));
    // Byte ticks step in round binary units, time ticks in round minutes.
    QCOMPARE(ChartText::niceStep(6.0 * 1024 * 1024 * 1024, 6, ValueUnit::Bytes), 1024.0 * 1024 * 1024);
    QCOMPARE(ChartText::niceStep(1000, 6, ValueUnit::Seconds), 300.0);
    QCOMPARE(ChartText::niceStep(100, 6, ValueUnit::Epoch), 20.0);
}

void TestCharts::memoryChartShadesPhasesAndMarksOutOfMemory()
{
    using ys::memory::Phase;
    MemoryChart chart;
    const Phase phases[] = {Phase::TrainStep, Phase::Assigner, Phase::Idle, Phase::Validation, Phase::Validation,
                            Phase::Checkpoint, Phase::TrainStep, Phase::TrainStep};
    std::vector<ys::memory::MemorySample> samples;
    for (size_t i = 0; i < std::size(phases); ++i) {
        ys::memory::MemorySample s;
        s.time = static_cast<double>(i + 1);
        s.allocated = s.reserved = 100 + static_cast<int64_t>(i);
        s.phase = phases[i];
        samples.push_back(s);
    }
    // Live, in two deliveries split inside the validation phase.
    chart.appendSamples({samples.begin(), samples.begin() + 4});
    chart.appendSamples({samples.begin() + 4, samples.end()});
    // train (step, assigner, idle) | validation | checkpoint | train
    QCOMPARE(chart.rangeCount(), 4);
    QCOMPARE(chart.pointCount(MemoryChart::Allocated), std::size(phases));
    chart.addOutOfMemory(2.5, "micro-batch 16 → 8");
    QCOMPARE(chart.markCount(), 1);
    chart.refreshNow();
    QVERIFY(chart.readoutAt(2.5).contains("micro-batch 16 → 8"));
    chart.setPredictedPeak(500);
    QVERIFY(chart.levelVisible(1));
    chart.setPredictedPeak(0);
    QVERIFY(!chart.levelVisible(1));
    // The same data at once (a run from its files) gives the same bands.
    MemoryChart replay;
    replay.setSamples(samples);
    QCOMPARE(replay.rangeCount(), 4);
    QCOMPARE(MemoryChart::bandOf(Phase::Assigner), MemoryChart::Band::Train);
}

void TestCharts::lossChartReplacesLivePointsByTheEpoch()
{
    LossChart chart;
    chart.setEpochs(3);
    for (int b = 1; b <= 4; ++b) {
        ys::BatchProgress p;
        p.epoch = 1;
        p.epochs = 3;
        p.batch = b;
        p.batches = 4;
        p.box = 2.0 - 0.1 * b;
        chart.addBatch(p);
    }
    QCOMPARE(chart.pointCount(LossChart::TrainBox), size_t(4));
    QCOMPARE(chart.xData(LossChart::TrainBox).front(), 0.25);
    ys::EpochResult row;
    row.epoch = 1;
    row.trainBox = 1.7;
    row.valBox = 1.9;
    row.validated = true;
    chart.addRow(row);
    QCOMPARE(chart.pointCount(LossChart::TrainBox), size_t(1));
    QCOMPARE(chart.xData(LossChart::TrainBox).front(), 1.0);
    QCOMPARE(chart.yData(LossChart::TrainBox).front(), 1.7);
    QCOMPARE(chart.pointCount(LossChart::ValBox), size_t(1));
    chart.refreshNow();
    QCOMPARE(chart.visibleXUpper(), 3.0);   // the planned run, not just the epochs so far
    // An epoch without validation adds no validation point.
    row.epoch = 2;
    row.validated = false;
    chart.addRow(row);
    QCOMPARE(chart.pointCount(LossChart::ValBox), size_t(1));

    // YOLO26's distance term is Ultralytics 8.4's l1_loss: the rows say so and the legend follows.
    QCOMPARE(chart.seriesName(LossChart::TrainDfl), QStringLiteral("train dfl"));
    row.epoch = 3;
    row.l1Loss = true;
    chart.addRow(row);
    QCOMPARE(chart.seriesName(LossChart::TrainDfl), QStringLiteral("train l1"));
    QCOMPARE(chart.seriesName(LossChart::ValDfl), QStringLiteral("val l1"));
    chart.setRows({});
    ys::BatchProgress dflBatch;
    dflBatch.epoch = 1;
    dflBatch.epochs = 3;
    dflBatch.batch = 1;
    dflBatch.batches = 4;
    chart.addBatch(dflBatch);
    QCOMPARE(chart.seriesName(LossChart::TrainDfl), QStringLiteral("train dfl"));
}

void TestCharts::rendersWithoutAWindow()
{
    MetricsChart chart;   // never shown
    std::vector<ys::EpochResult> rows;
    for (int e = 1; e <= 20; ++e) {
        ys::EpochResult r;
        r.epoch = e;
        r.validated = true;
        r.map50 = 1.0 - std::exp(-e / 5.0);
        r.map50_95 = r.map50 * 0.6;
        r.precision = 0.8;
        r.recall = r.map50 * 0.9;
        rows.push_back(r);
    }
    chart.setRows(rows);
    const QImage image = chart.renderImage(QSize(640, 360), 2.0);
    QCOMPARE(image.size(), QSize(1280, 720));
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));   // axes, text, four lines
    // The same chart into a painter (vector path, as a PDF page gets it).
    QImage page(800, 500, QImage::Format_ARGB32);
    page.fill(Qt::white);
    {
        QPainter p(&page);
        chart.render(&p, QRectF(80, 50, 640, 360));
    }
    int inked = 0;
    for (int y = 50; y < 410; y += 2)
        for (int x = 80; x < 720; x += 2)
            inked += page.pixel(x, y) != qRgb(255, 255, 255);
    QVERIFY2(inked > 500, qPrintable(QString::number(inked)));
    QCOMPARE(page.pixel(10, 10), qRgb(255, 255, 255));   // nothing outside the target
}

QTEST_MAIN(TestCharts)
#include "test_charts.moc"
