#pragma once
// A memory breakdown as horizontal stacked bars (QCustomPlot): one bar per phase (e.g. the training step and
// the validation batch), one coloured segment per part (weights, gradients, activations, ...), with the
// budget as a vertical line and the budget minus its safety margin as a dashed one. The value axis is in
// MiB or GiB, whichever suits the largest value. Hovering a segment shows its name, size and help.
// Texts never collide, whatever the size: the two lines' labels sit in two rows above the plot (no line runs
// through them); a bar's total sits at its end, moved past a line it would cross, and the value axis reaches
// far enough for the widest total; bar names longer than a third of the width are elided, and when the bars
// are too thin for a line of text each, only every second (third, ...) bar is named, the largest first
// (hovering names every bar). The fitting is done after each layout (QCustomPlot::afterLayout), with one more
// replot when it moved something.
// The widget knows nothing about the fit: callers pass translated names and byte values (ui/fit builds
// them from a FitResult). This file and the other ui/charts builders are the only code that includes
// qcustomplot.h. GUI thread only.

#include <QColor>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;
class QMouseEvent;

namespace ys::ui {

struct BreakdownChartData {
    QStringList bars;  // bar labels, drawn top to bottom
    struct Part {
        QString name;               // legend text
        QString help;               // one line shown on hover
        QColor color;
        std::vector<double> bytes;  // per bar (same order as bars); 0 = the part is not in that bar
    };
    std::vector<Part> parts;        // stacked left to right in this order
    double budgetBytes = 0;         // vertical line; 0 = none
    QString budgetLabel;            // e.g. "Budget 12.0 GiB"
    double limitBytes = 0;          // dashed line (budget minus margin); 0 = none
    QString limitLabel;
};

class BreakdownChart final : public QWidget {
    Q_OBJECT
public:
    explicit BreakdownChart(QWidget* parent = nullptr);

    void setData(const BreakdownChartData& data);
    void clear();
    const BreakdownChartData& data() const { return data_; }

    // The hover text at a point of plot() ("Activations: 1.2 GiB" and the part's help), empty over no segment.
    QString textAt(const QPoint& pos) const;
    // Unit of the value axis: "MiB" or "GiB" (untranslated IEC symbols).
    QString unit() const { return unitName_; }
    QCustomPlot* plot() const { return plot_; }

    // Where the texts are, in plot() pixels, as last laid out (tests check that nothing collides).
    struct TextLayout {
        QRectF budgetLabel, limitLabel;   // empty when there is no such line or label
        double budgetX = -1, limitX = -1; // the lines' pixel x; -1 when not drawn
        std::vector<QRectF> totals;       // each bar's total, bar order (an empty rect for a bar without one)
        QStringList barLabels;            // the bar names shown, bar order ("" = skipped for want of room)
        QRect plotArea;                   // the axis rect
    };
    TextLayout textLayout() const;
    // Lays out and replots now until the texts have settled (tests, grabs); a shown chart does it by itself.
    void layoutNow();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();
    // The legend in as many columns as `width` holds, and the chart tall enough for its rows and the bars.
    void fitLegend(int width);
    // After a layout: elides and thins the bar names, places the totals and the line labels, widens the value
    // axis for the totals; true when something moved that needs another replot.
    bool fitTexts();

    QCustomPlot* plot_ = nullptr;
    BreakdownChartData data_;
    double unitBytes_ = 1;
    QString unitName_;
    double minUpper_ = 1;                 // the value axis' upper end before the totals widen it
    std::vector<QCPItemText*> totals_;   // per bar; null for a bar without a total
    QCPItemText* budgetText_ = nullptr;
    QCPItemText* limitText_ = nullptr;
    QCPItemStraightLine* budgetLine_ = nullptr;
    QCPItemStraightLine* limitLine_ = nullptr;
    int passes_ = 0;                      // replots in a row that fitTexts() asked for
};

}  // namespace ys::ui
