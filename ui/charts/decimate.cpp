#include "ui/charts/decimate.h"

#include <algorithm>
#include <cmath>

namespace ys::ui {
namespace {

constexpr size_t kPointsPerColumn = 2;  // the column's lowest and highest point

void push(DecimatedSeries& out, double x, double y)
{
    out.x.push_back(x);
    out.y.push_back(y);
}

}  // namespace

DecimatedSeries decimateMinMax(const double* x, const double* y, size_t n, double xFrom, double xTo, int columns)
{
    DecimatedSeries out;
    if (n == 0 || !(xTo >= xFrom))
        return out;
    columns = std::max(columns, 1);
    const size_t begin = static_cast<size_t>(std::lower_bound(x, x + n, xFrom) - x);
    const size_t end = static_cast<size_t>(std::upper_bound(x, x + n, xTo) - x);
    // One point on each side of the range keeps the line running to the plot's edges.
    const size_t first = begin > 0 ? begin - 1 : begin;
    const size_t last = end < n ? end + 1 : end;
    if (end - begin <= kPointsPerColumn * static_cast<size_t>(columns)) {
        out.x.reserve(last - first);
        out.y.reserve(last - first);
        for (size_t i = first; i < last; ++i)
            if (!std::isnan(y[i]))
                push(out, x[i], y[i]);
        return out;
    }
    out.x.reserve(kPointsPerColumn * static_cast<size_t>(columns) + 2);
    out.y.reserve(kPointsPerColumn * static_cast<size_t>(columns) + 2);
    if (first < begin && !std::isnan(y[first]))
        push(out, x[first], y[first]);
    const double width = (xTo - xFrom) / columns;
    size_t i = begin;
    while (i < end) {
        // The column of point i; every following point with the same column joins it.
        const double c = width > 0 ? std::floor((x[i] - xFrom) / width) : 0.0;
        const double columnEnd = width > 0 ? xFrom + (std::min(c, columns - 1.0) + 1) * width : xTo;
        size_t iFirst = n, iMin = n, iMax = n;
        // Point i always joins (rounding must not leave it in no column); later ones while inside the column.
        for (size_t start = i; i < end && (i == start || x[i] < columnEnd || c >= columns - 1); ++i) {
            if (std::isnan(y[i]))
                continue;
            if (iFirst == n)
                iFirst = i;
            if (iMin == n || y[i] < y[iMin])
                iMin = i;
            if (iMax == n || y[i] > y[iMax])
                iMax = i;
        }
        if (iFirst == n)
            continue;
        // In x order, so the line runs through the column's extremes as the data does.
        const size_t a = std::min(iMin, iMax), b = std::max(iMin, iMax);
        push(out, x[a], y[a]);
        if (b != a)
            push(out, x[b], y[b]);
    }
    if (last > end && !std::isnan(y[end]))
        push(out, x[end], y[end]);
    return out;
}

}  // namespace ys::ui
