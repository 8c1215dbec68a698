#pragma once
// Display decimation of a series: at most two points per pixel column (the lowest and the highest of the
// column, in x order), so a line through 100,000 points draws in the time of a few thousand and still shows
// every spike. The series itself keeps all its points; only what is drawn is reduced.
// Plain functions (no Qt Widgets, no QCustomPlot), tested on their own.

#include <cstddef>
#include <vector>

namespace ys::ui {

struct DecimatedSeries {
    std::vector<double> x, y;
};

// Points of (x[i], y[i]), i < n, x ascending, inside [xFrom, xTo] split into `columns` equal columns,
// reduced to the min and max of each column (one point when they are the same), plus the nearest point
// outside each end so the line reaches the edges. When the range holds at most 2 * columns points they are
// all kept.
// NaN values are skipped. columns < 1 is taken as 1; an empty range gives an empty result.
DecimatedSeries decimateMinMax(const double* x, const double* y, size_t n, double xFrom, double xTo, int columns);

}  // namespace ys::ui
