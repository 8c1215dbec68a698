#pragma once
// What the numbers on a chart's axes and read-outs mean, and how they are written: bytes as KiB/MiB/GiB,
// seconds as 1 h 05 min, fractions as percentages. Shared by the charts' tick labels and hover texts so the
// two never disagree.

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace ys::ui {

enum class ValueUnit {
    Number,        // plain number, up to 4 significant digits
    Bytes,         // bytes, shown in binary units (KiB, MiB, GiB)
    Seconds,       // a duration: "45 s", "3 min 20 s", "1 h 05 min"
    Fraction,      // 0..1 shown as is with 3 decimals (precision, recall, mAP)
    Epoch,         // epoch number; fractional values are positions inside an epoch
    PerSecond,     // images per second
    Scientific,    // small values such as learning rates: 1.00e-3
};

// The series colours of every chart (Tableau 10, in its order: blue, orange, green, red, purple, brown, pink,
// grey, olive, cyan); `i` wraps around.
QColor seriesColor(int i);

class ChartText final {
    Q_DECLARE_TR_FUNCTIONS(ys::ui::ChartText)
public:
    // The value as read-outs show it, unit included ("1.25 GiB", "3 min 20 s", "12.4 img/s").
    static QString value(double v, ValueUnit unit);
    // The shorter form tick labels use ("1.2 GiB", "3:20", "0.50").
    static QString tick(double v, ValueUnit unit, double step);
    // A step between ticks that reads well for the unit over `range` with about `ticks` ticks
    // (bytes in powers of two of KiB/MiB/GiB times 1, 2 or 5; seconds in 1/2/5/10/15/30 s, min, h).
    static double niceStep(double range, int ticks, ValueUnit unit);
};

}  // namespace ys::ui
