#pragma once
// Comparing runs: the per-epoch curves of two (or more) runs over each other, one group of quantities at a
// time (mAP, training losses, validation losses, precision and recall). compareCurves() is pure (no
// widgets): which points each run contributes, so the overlay is tested without a window; the Runs page
// draws them in one SeriesChart, a colour per run and a line style per quantity, the legend naming both.

#include "run/records.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace ys::ui {

enum class CompareGroup { Map, TrainLoss, ValLoss, PrecisionRecall };
enum class CompareQuantity { Map50_95, Map50, TrainBox, TrainCls, TrainDfl, ValBox, ValCls, ValDfl, Precision, Recall };

struct CompareRun {
    QString name;                       // as the legend names the run ("exp3"; "detect/train" when names repeat)
    std::vector<ys::EpochResult> rows;  // results.csv
    QString metrics;                    // whose mAP the rows hold: "8.4", "8.3" (ys::runMetricsVersion); "" unknown
};

struct CompareCurve {
    int run = 0;                // index into the runs given
    int quantityIndex = 0;      // position of `quantity` in its group (picks the line style)
    CompareQuantity quantity = CompareQuantity::Map50_95;
    QString name;               // legend text: "exp3 · mAP50-95"
    std::vector<double> x, y;   // epoch, value
};

class CompareText final {
    Q_DECLARE_TR_FUNCTIONS(ys::ui::CompareText)
public:
    static QString group(CompareGroup group);
    static QString quantity(CompareQuantity quantity);
};

// Every group in menu order.
const std::vector<CompareGroup>& compareGroups();
// The quantities of a group, in drawing order.
const std::vector<CompareQuantity>& compareQuantities(CompareGroup group);
// The value of a quantity in a row; validation quantities only count for validated rows.
bool compareValue(const ys::EpochResult& row, CompareQuantity quantity, double* value);
// The curves of `group` for each run, run by run. A run without a point for a quantity still gets its
// (empty) curve, so the legend always names every run.
std::vector<CompareCurve> compareCurves(const std::vector<CompareRun>& runs, CompareGroup group);
// A warning when the runs' mAP, P and R follow different Ultralytics releases (8.3 reads far higher at low
// recall), naming the runs of each; empty when they agree (runs whose release is unknown are left out).
QString compareMetricsNote(const std::vector<CompareRun>& runs);
// Legend names for runs: the folder names, or — where two are the same — the name with its parent
// folder ("detect/train"), so the legend always tells them apart.
std::vector<QString> compareNames(const std::vector<QString>& runDirs);

}  // namespace ys::ui
