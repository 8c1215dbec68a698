#include "ui/fit/fitbreakdown.h"

#include "ui/common/bytes.h"

#include <algorithm>

namespace ys::ui {
namespace {

// A part within this fraction of the remaining room still counts as inside the peak (rounding of the
// fitted lines).
constexpr double kTolerance = 1e-6;
// The remainder of the peak beyond the named parts is shown only from this size on: below it, it is the
// rounding of the fitted lines, not memory anyone could free.
constexpr double kMinOther = 1024.0 * 1024.0;

}  // namespace

FitBars fitBars(const ys::fit::FitResult& r)
{
    const auto& b = r.breakdown;
    const double peak = static_cast<double>(r.recommended.predictedPeakBytes);
    const double context = static_cast<double>(b.cudaContext);
    const double overhead = static_cast<double>(b.allocatorOverhead);
    // On a GPU the prediction is the tensors' peak x the allocator's rounding + the CUDA context; the
    // rounding is the same share of every phase.
    const double tensorPeak = std::max(0.0, peak - context - overhead);
    const double rounding = tensorPeak > 0 ? overhead / tensorPeak : 0.0;

    const double state = static_cast<double>(b.weights + b.gradients + b.optimizer + b.ema);
    const double named = state + static_cast<double>(b.activations + b.loaderQueue);
    FitBars out;
    out.assignerAtPeak = b.assigner > 0 && named + static_cast<double>(b.assigner) <= tensorPeak * (1 + kTolerance);
    const double assigner = out.assignerAtPeak ? static_cast<double>(b.assigner) : 0.0;
    const double validation = static_cast<double>(b.validation);
    // The training step holds the peak unless the validation batch needs more; then the training bar shows
    // only its named parts (the result does not say what else it holds).
    const bool trainingHoldsPeak = validation < tensorPeak * (1 - kTolerance);
    double other = trainingHoldsPeak ? std::max(0.0, tensorPeak - named - assigner) : 0.0;
    if (other < kMinOther)
        other = 0;
    const double trainTensors = named + assigner + other;

    auto add = [&](FitPart part, double training, double val) {
        if (training > 0 || val > 0)
            out.parts.push_back({part, training, val});
    };
    add(FitPart::Weights, static_cast<double>(b.weights), static_cast<double>(b.weights));
    add(FitPart::Gradients, static_cast<double>(b.gradients), static_cast<double>(b.gradients));
    add(FitPart::Optimizer, static_cast<double>(b.optimizer), static_cast<double>(b.optimizer));
    add(FitPart::Ema, static_cast<double>(b.ema), static_cast<double>(b.ema));
    add(FitPart::Activations, static_cast<double>(b.activations), 0);
    add(FitPart::Assigner, assigner, 0);
    add(FitPart::LoaderQueue, static_cast<double>(b.loaderQueue), 0);
    add(FitPart::Other, other, 0);
    add(FitPart::Validation, 0, std::max(0.0, validation - state));
    add(FitPart::CudaContext, context, context);
    add(FitPart::AllocatorOverhead, trainTensors * rounding, std::max(validation, state) * rounding);
    for (const auto& p : out.parts) {
        out.trainingTotal += p.training;
        out.validationTotal += p.validation;
    }
    return out;
}

QColor fitPartColor(FitPart part)
{
    switch (part) {
    case FitPart::Weights: return QColor(0x2d, 0x6d, 0xa3);
    case FitPart::Gradients: return QColor(0x4f, 0x9a, 0xd8);
    case FitPart::Optimizer: return QColor(0x8e, 0x6c, 0xc4);
    case FitPart::Ema: return QColor(0xb3, 0x9d, 0xdb);
    case FitPart::Activations: return QColor(0xf5, 0x82, 0x31);
    case FitPart::Assigner: return QColor(0xe6, 0xb4, 0x22);
    case FitPart::LoaderQueue: return QColor(0x3c, 0xb4, 0x4b);
    case FitPart::CudaContext: return QColor(0x80, 0x80, 0x80);
    case FitPart::AllocatorOverhead: return QColor(0xb0, 0xb0, 0xb0);
    case FitPart::Other: return QColor(0xd9, 0xd0, 0xc1);
    case FitPart::Validation: return QColor(0x42, 0xb8, 0xb0);
    }
    return Qt::gray;
}

BreakdownChartData fitChartData(const ys::fit::FitResult& r)
{
    const FitBars bars = fitBars(r);
    BreakdownChartData d;
    d.bars << FitText::tr("Training step (batch %1)").arg(r.recommended.batch)
           << FitText::tr("Validation (batch %1)").arg(2 * r.recommended.batch);
    for (const auto& p : bars.parts)
        d.parts.push_back({FitText::partName(p.part), FitText::partHelp(p.part), fitPartColor(p.part),
                           {p.training, p.validation}});
    d.budgetBytes = static_cast<double>(r.budgetBytes);
    d.budgetLabel = FitText::tr("Budget %1").arg(formatBytes(r.budgetBytes));
    if (r.margin > 0) {
        const double limit = static_cast<double>(r.budgetBytes) * (1.0 - r.margin);
        d.limitBytes = limit;
        d.limitLabel = FitText::tr("Budget − %1% margin").arg(static_cast<int>(r.margin * 100.0 + 0.5));
    }
    return d;
}

BreakdownChartData layerChartData(const ys::fit::LayerProfile& profile, int maxBars)
{
    BreakdownChartData d;
    std::vector<const ys::fit::LayerMemory*> layers;
    for (const ys::fit::LayerMemory& l : profile.layers)
        if (l.part != ys::fit::LayerMemory::Part::Optimizer && l.activationBytes > 0)
            layers.push_back(&l);
    std::stable_sort(layers.begin(), layers.end(), [](const auto* a, const auto* b) {
        return a->activationBytes > b->activationBytes;
    });
    if (layers.size() > static_cast<size_t>(std::max(0, maxBars)))
        layers.resize(static_cast<size_t>(std::max(0, maxBars)));
    BreakdownChartData::Part output{FitText::tr("Output"),
                                    FitText::tr("The tensor the layer hands on, kept for the backward pass"),
                                    QColor(0x42, 0x85, 0xf4), {}};
    BreakdownChartData::Part saved{FitText::tr("Saved inside the layer"),
                                   FitText::tr("Tensors the layer keeps for its backward pass beyond its output: what "
                                               "checkpointing it frees (recomputed in the backward pass)"),
                                   QColor(0xf4, 0xb4, 0x00), {}};
    for (const ys::fit::LayerMemory* l : layers) {
        QString label;
        switch (l->part) {
        case ys::fit::LayerMemory::Part::Input: label = FitText::tr("Input images"); break;
        case ys::fit::LayerMemory::Part::Loss: label = FitText::tr("Loss + assigner"); break;
        case ys::fit::LayerMemory::Part::Optimizer: break;
        case ys::fit::LayerMemory::Part::Layer:
            label = l->level >= 0 ? FitText::tr("%1: %2 P%3/%4")
                                        .arg(l->layer)
                                        .arg(QString::fromStdString(l->module))
                                        .arg(l->level + 3)
                                        .arg(l->stride)
                                  : FitText::tr("%1: %2").arg(l->layer).arg(QString::fromStdString(l->module));
            break;
        }
        if (l->checkpointHelps)
            label += QStringLiteral(" ★");
        d.bars << label;
        const double out = static_cast<double>(std::min(l->outputBytes, l->activationBytes));
        output.bytes.push_back(out);
        saved.bytes.push_back(static_cast<double>(l->activationBytes) - out);
    }
    d.parts = {output, saved};
    return d;
}

}  // namespace ys::ui
