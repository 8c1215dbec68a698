#pragma once
// A line chart of numeric series for the training dashboard, the Runs page and the exported report. Each
// series keeps every point it was given; what is drawn is decimated to the plot's width (decimate.h), so
// 100,000 points stay smooth. Data changes are coalesced: the chart refreshes at most every kRefreshMs and
// replots with QCustomPlot::rpQueuedReplot. Axes carry units (chartformat.h); hovering shows a tracer on the
// nearest point and a read-out of every series at that x; wheel zooms, drag pans, double-click resets the
// view, which then follows new data again; clicking a legend entry hides or shows its series.
// Decorations: shaded x-ranges (phases), vertical marks (events), horizontal levels (budget lines).
// The same object renders without a window (renderImage, render) for reports.
//
// This widget and the builders in trainingcharts.h are the only code that includes qcustomplot.h; pages
// use the API below. GUI thread only.

#include "ui/charts/chartformat.h"

#include <QColor>
#include <QImage>
#include <QWidget>

#include <vector>

class QCPAbstractItem;
class QCPLegend;
class QCPAxis;
class QCPGraph;
class QCPItemTracer;
class QCPTextElement;
class QCustomPlot;
class QMouseEvent;
class QPainter;
class QTimer;
class QWheelEvent;

namespace ys::ui {

// Wraps a legend laid out below its plot into as many equal columns as `width` px hold (one row on a wide
// chart, more on a narrow one, so no entry is cut off) and returns its rows (0 without entries); `itemHeight`,
// when given, receives the tallest entry's height. Every chart with a legend below uses it.
int wrapLegendBelow(QCPLegend* legend, int width, int* itemHeight = nullptr);

class SeriesChart : public QWidget {
    Q_OBJECT
public:
    // Data changes redraw at most 4 times a second: a live training run changes 3-4 charts up to 10 times a
    // second, and four redraws a second follow it while leaving the cores to training.
    static constexpr int kRefreshMs = 250;

    enum class Axis { Left, Right };

    // The shape drawn at every point when Style::markers is on (a second cue beside the line style).
    enum class Marker { Disc, Square, Triangle, Diamond };

    struct Style {
        QColor color;
        Qt::PenStyle pen = Qt::SolidLine;
        double width = 1.6;
        bool markers = false;   // a marker at every drawn point (epoch series with few points)
        Marker marker = Marker::Disc;
    };

    explicit SeriesChart(QWidget* parent = nullptr);
    ~SeriesChart() override;

    // ---- series --------------------------------------------------------------------------------------
    int addSeries(const QString& name, const Style& style, Axis axis = Axis::Left);
    int seriesCount() const { return static_cast<int>(series_.size()); }
    // The style a series was added with.
    Style seriesStyle(int series) const;
    // A legend entry drawn in `style` that stands for no curve of its own (e.g. "a run's colour" or "a metric's
    // line style" when curves are named by colour and style together); returns a series id with no points.
    // Clicking it hides nothing.
    int addLegendEntry(const QString& name, const Style& style);
    void setSeriesName(int series, const QString& name);
    QString seriesName(int series) const;
    void setSeriesVisible(int series, bool visible);
    bool seriesVisible(int series) const;
    // Drawn but not listed in the legend (e.g. one grey line per class when there are too many to name).
    void removeFromLegend(int series);
    // Lists the series in the legend again (after removeFromLegend), or not.
    void setInLegend(int series, bool listed);
    bool inLegend(int series) const;
    // Where the legend sits inside the plot (default: top left).
    void setLegendAlignment(Qt::Alignment alignment);
    // The legend under the plot instead of over it, in as many columns as the width holds (one row when
    // wide): it never covers data, and the chart's minimum height grows with the legend's rows.
    void setLegendBelow();
    // Replaces the points of a series (x ascending).
    void setData(int series, std::vector<double> x, std::vector<double> y);
    // Adds a point; x should not be below the series' last x (an earlier x is inserted in order).
    void append(int series, double x, double y);
    // Removes the points with x > `x` (a live series replaced by its final values).
    void truncateAfter(int series, double x);
    size_t pointCount(int series) const;
    const std::vector<double>& xData(int series) const;
    const std::vector<double>& yData(int series) const;
    // Points handed to QCustomPlot at the last refresh (decimated), for tests and the benchmark.
    int drawnPointCount(int series) const;
    // Removes every point of every series and every decoration; series and axes stay.
    void clearData();

    // ---- axes and text -------------------------------------------------------------------------------
    void setTitle(const QString& title);
    void setXAxis(const QString& label, ValueUnit unit);
    void setYAxis(Axis axis, const QString& label, ValueUnit unit);
    // Fixed value range of an axis (e.g. 0..1 for mAP); without one the axis fits the data.
    void setFixedRange(Axis axis, double lower, double upper);
    // The x range always shown while following, extended by the data (e.g. 0..epochs of the run).
    void setXExtent(double lower, double upper);
    // A line of small text under the plot (e.g. "no validation yet"); empty hides it.
    void setNote(const QString& note);

    // ---- decorations ---------------------------------------------------------------------------------
    // A shaded band over [x0, x1] across the full height, under the series. Returns its id.
    int addRange(double x0, double x1, const QColor& color);
    void setRangeEnd(int range, double x1);
    int rangeCount() const;
    // A legend entry for a kind of range (a filled swatch); returns a series id with no points.
    int addRangeLegend(const QString& name, const QColor& color);
    // A vertical line at x with a short label at the top; the read-out near it names it.
    void addMark(double x, const QColor& color, const QString& label);
    int markCount() const { return static_cast<int>(marks_.size()); }
    // A horizontal line at y on `axis` with a label at its right end; kept inside the fitted range.
    int addLevel(double y, const QColor& color, const QString& label, Axis axis = Axis::Left);
    void setLevel(int level, double y, const QString& label);
    void setLevelVisible(int level, bool visible);
    bool levelVisible(int level) const;

    // ---- view ----------------------------------------------------------------------------------------
    // Back to the whole data, following new points (what double-click does).
    void resetView();
    bool following() const { return following_; }
    // Shows [x0, x1] and stops following (what wheel and drag do).
    void zoomTo(double x0, double x1);
    double visibleXLower() const;
    double visibleXUpper() const;
    // Redraws now instead of at the next refresh tick (tests, benchmarks).
    void refreshNow();
    // Text of the hover read-out at x: the x value and each visible series' value at its nearest point.
    QString readoutAt(double x) const;

    // ---- output without a window ----------------------------------------------------------------------
    // The chart drawn at `size` logical pixels (times devicePixelRatio physical), also when never shown.
    QImage renderImage(const QSize& size, double devicePixelRatio = 1.0);
    // Draws the chart into `target` of any painter (vector output for PDF).
    void render(QPainter* painter, const QRectF& target);

    // The QCustomPlot inside, for the builders in ui/charts only.
    QCustomPlot* plot() const { return plot_; }
    // Sets the translated texts (title, axis labels, series names); called again on a language change.
    virtual void retranslate() {}

signals:
    // The user zoomed, panned or reset the view.
    void viewChanged();

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // Columns of the legend below for a widget `widgetWidth` wide, and the minimum height they need.
    void fitLegendBelow(int widgetWidth);
    struct Series {
        QCPGraph* graph = nullptr;
        Style style;
        std::vector<double> x, y;
        Axis axis = Axis::Left;
        int drawn = 0;
        bool legendOnly = false;
    };
    struct Level {
        QCPAbstractItem* line = nullptr;
        QCPAbstractItem* text = nullptr;
        double value = 0;
        Axis axis = Axis::Left;
        bool visible = true;
    };

    void scheduleRefresh();
    void refresh();
    void fitView();
    void decimate(int columns);
    void applyTheme();
    void onMouseMove(QMouseEvent* event);
    void onUserView();
    QCPAxis* axis(Axis a) const;
    int plotWidthFor(int widgetWidth) const;

    QCustomPlot* plot_;
    QCPTextElement* title_ = nullptr;
    QCPTextElement* note_ = nullptr;
    QCPItemTracer* tracer_ = nullptr;
    QTimer* refreshTimer_;
    std::vector<Series> series_;
    class RangeBands;
    RangeBands* ranges_ = nullptr;   // owned by plot_
    struct Mark {
        double x;
        QString label;
    };
    std::vector<Mark> marks_;
    std::vector<Level> levels_;
    ValueUnit xUnit_ = ValueUnit::Number;
    bool legendBelow_ = false;
    ValueUnit yUnit_[2] = {ValueUnit::Number, ValueUnit::Number};
    bool fixed_[2] = {false, false};
    double fixedRange_[2][2] = {{0, 1}, {0, 1}};
    double xExtent_[2] = {0, 0};
    bool hasXExtent_ = false;
    bool following_ = true;
    bool settingRange_ = false;   // true while the chart itself moves the axes
};

}  // namespace ys::ui
