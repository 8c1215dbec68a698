#pragma once
// The memory breakdown of a fit as chart data: a "training step" bar and a "validation batch" bar, each
// stacked from the parts of FitResult::breakdown that are held at that phase's peak, with the budget and the
// budget minus its margin as lines. Pure (no widgets), so the split of the prediction into parts is tested
// without a window.

#include "fit/fit.h"
#include "ui/charts/breakdownchart.h"
#include "ui/fit/fittext.h"

#include <vector>

namespace ys::ui {

// The bytes of each part in the two bars, before translation. Sums: the training bar adds up to the
// predicted peak when the training step holds it; the validation bar to the validation batch's prediction.
struct FitBars {
    struct Part {
        FitPart part;
        double training = 0;
        double validation = 0;
    };
    std::vector<Part> parts;    // in stacking order
    double trainingTotal = 0;
    double validationTotal = 0;
    bool assignerAtPeak = false;  // the loss + assigner phase holds the training peak
};

FitBars fitBars(const ys::fit::FitResult& result);
// The chart data of fitBars(result), names and help translated.
BreakdownChartData fitChartData(const ys::fit::FitResult& result);
// The colour of a part in the chart (the same in every bar).
QColor fitPartColor(FitPart part);

}  // namespace ys::ui
