#pragma once
// A memory breakdown as horizontal stacked bars (QCustomPlot): one bar per phase (e.g. the training step and
// the validation batch), one coloured segment per part (weights, gradients, activations, ...), with the
// budget as a vertical line and the budget minus its safety margin as a dashed one. The value axis is in
// MiB or GiB, whichever suits the largest value. Hovering a segment shows its name, size and help.
// The widget knows nothing about the fit: callers pass translated names and byte values (ui/fit builds
// them from a FitResult). This file and the other ui/charts builders are the only code that includes
// qcustomplot.h. GUI thread only.

#include <QColor>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

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

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();

    QCustomPlot* plot_ = nullptr;
    BreakdownChartData data_;
    double unitBytes_ = 1;
    QString unitName_;
};

}  // namespace ys::ui
