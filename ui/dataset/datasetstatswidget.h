#pragma once
// Dataset statistics: a summary table, the class histogram (boxes per class and split, with class names)
// and the box-size distribution (histogram of sqrt(area) in pixels after letterboxing to imgsz, plus a
// width-vs-height scatter of the normalised boxes), drawn with QCustomPlot.

#include "data/check.h"
#include "data/dataset.h"

#include <QImage>
#include <QWidget>

class QCustomPlot;
class QLabel;

namespace ys::ui {

// It keeps no copy of the data: on a language change its page calls setData() (or clear()) again.
class DatasetStatsWidget final : public QWidget {
    Q_OBJECT
public:
    explicit DatasetStatsWidget(QWidget* parent = nullptr);

    // Recomputes every plot from the dataset's parsed boxes; `result` (may be null) fills the summary.
    void setData(const ys::Dataset* dataset, const ys::CheckResult* result, const ys::CheckOptions& options);
    void clear();

    enum class Plot { Classes, Sizes, Scatter };
    // "train", "val", "test" (ys::Split as int), translated: the plots' legend and the report's tables.
    static QString splitName(int split);
    // One plot drawn at `size` logical pixels without a window (the training report).
    QImage renderImage(Plot plot, const QSize& size, double devicePixelRatio = 1.0) const;

private:
    void styleAxes(QCustomPlot* plot);
    void fillClassPlot(const ys::Dataset& dataset);
    void fillSizePlot(const ys::Dataset& dataset, const ys::CheckOptions& options);
    void fillScatterPlot(const ys::Dataset& dataset);
    void fillSummary(const ys::Dataset& dataset, const ys::CheckResult* result);

    QLabel* summary_;
    QCustomPlot* classPlot_;
    QCustomPlot* sizePlot_;
    QCustomPlot* scatterPlot_;
};

}  // namespace ys::ui
