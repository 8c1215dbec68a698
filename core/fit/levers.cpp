// Per-layer attribution and activation checkpointing in the fit's memory model (torch-free).
#include "fit/internal/levers.h"

#include "model/checkpointlayers.h"

#include <algorithm>
#include <set>

namespace ys::fit::internal {
namespace {

bool isCheckpointable(const ModelSpec& spec, int layer)
{
    return layer >= 0 && layer < static_cast<int>(spec.layers.size()) &&
           checkpointable(spec.layers[static_cast<size_t>(layer)]);
}

int64_t saving(const LayerTrace& t)
{
    return std::max<int64_t>(0, t.kept - t.output);
}

}  // namespace

LayerProfile layerProfile(const IterationTrace& trace, const ModelSpec& spec, int batch, int imgsz,
                          int64_t optimizerStateBytes)
{
    LayerProfile p;
    p.batch = batch;
    p.imgsz = imgsz;
    p.activationTotal = trace.afterForward - trace.beforeInput;
    LayerMemory input;
    input.part = LayerMemory::Part::Input;
    input.module = "input";
    input.activationBytes = trace.beforeForward - trace.beforeInput;
    input.outputBytes = input.activationBytes;
    p.layers.push_back(input);
    for (const LayerTrace& t : trace.layers) {
        LayerMemory m;
        m.layer = t.layer;
        m.level = t.level;
        if (t.layer >= 0 && t.layer < static_cast<int>(spec.layers.size())) {
            const LayerSpec& L = spec.layers[static_cast<size_t>(t.layer)];
            m.module = toString(L.kind);
            m.stride = t.level >= 0 && t.level < static_cast<int>(spec.strides.size())
                           ? spec.strides[static_cast<size_t>(t.level)]
                           : L.stride;
        }
        m.activationBytes = t.kept;
        m.outputBytes = t.output;
        m.forwardPeakBytes = std::max<int64_t>(0, t.forwardPeak - t.forwardStart);
        m.backwardPeakBytes = t.backwardPeak >= 0 ? std::max<int64_t>(0, t.backwardPeak - t.backwardStart) : 0;
        m.forwardSeconds = t.forwardSeconds;
        m.checkpointable = isCheckpointable(spec, t.layer);
        m.checkpointSavingBytes = m.checkpointable ? saving(t) : 0;
        m.checkpointHelps = p.activationTotal > 0 &&
                            static_cast<double>(m.checkpointSavingBytes) >=
                                kCheckpointHelpsShare * static_cast<double>(p.activationTotal);
        p.layers.push_back(m);
    }
    LayerMemory loss;
    loss.part = LayerMemory::Part::Loss;
    loss.module = "loss";
    loss.activationBytes = std::max<int64_t>(0, trace.afterLoss - trace.afterForward);
    loss.forwardPeakBytes = std::max<int64_t>(0, trace.lossPeak - trace.afterForward);
    loss.backwardPeakBytes = std::max<int64_t>(0, trace.lossBackwardPeak - trace.lossBackwardStart);
    p.layers.push_back(loss);
    LayerMemory opt;
    opt.part = LayerMemory::Part::Optimizer;
    opt.module = "optimizer";
    opt.activationBytes = optimizerStateBytes;
    opt.backwardPeakBytes = std::max<int64_t>(0, trace.stepPeak - trace.stepStart);
    p.layers.push_back(opt);
    return p;
}

CheckpointPlanner::CheckpointPlanner(const IterationTrace& trace, const ModelSpec& spec)
    : trace_(trace), total_(trace.afterForward - trace.beforeInput)
{
    std::set<int> layers;
    for (const LayerTrace& t : trace.layers)
        if (isCheckpointable(spec, t.layer) && saving(t) > 0)
            layers.insert(t.layer);
    candidates_.assign(layers.begin(), layers.end());
}

int64_t CheckpointPlanner::savedBytes(int layer) const
{
    int64_t s = 0;
    for (const LayerTrace& t : trace_.layers)
        if (t.layer == layer)
            s += saving(t);
    return s;
}

double CheckpointPlanner::seconds(int layer) const
{
    double s = 0;
    for (const LayerTrace& t : trace_.layers)
        if (t.layer == layer)
            s += t.forwardSeconds;
    return s;
}

CheckpointSavings CheckpointPlanner::savings(const std::vector<int>& layers) const
{
    CheckpointSavings out;
    out.layers = layers;
    if (total_ <= 0)
        return out;
    auto chosen = [&](int layer) { return std::find(layers.begin(), layers.end(), layer) != layers.end(); };
    int64_t saved = 0;
    for (const LayerTrace& t : trace_.layers)
        if (chosen(t.layer)) {
            saved += saving(t);
            out.recomputeSeconds += t.forwardSeconds;
        }
    // Backward: when a layer's backward runs, the layers before it still hold their (now smaller) activations;
    // a checkpointed layer first recomputes its own, from a level its activations are missing from.
    int64_t base = trace_.lossBackwardPeak, with = trace_.lossBackwardPeak - saved;
    int64_t before = 0;
    for (const LayerTrace& t : trace_.layers) {
        if (t.backwardPeak >= 0) {
            base = std::max(base, t.backwardPeak);
            int64_t q = t.backwardPeak;
            if (chosen(t.layer))
                q = std::max(q, t.backwardStart - saving(t) + (t.forwardPeak - t.forwardStart));
            with = std::max(with, q - before);
        }
        if (chosen(t.layer))
            before += saving(t);
    }
    out.forward = static_cast<double>(saved) / static_cast<double>(total_);
    out.backward = std::max(0.0, static_cast<double>(base - with) / static_cast<double>(total_));
    return out;
}

DeviceMemoryModel withCheckpointing(const DeviceMemoryModel& m, const CheckpointSavings& savings)
{
    DeviceMemoryModel out = m;
    const double f = savings.forward * savings.calibration, fb = savings.backward * savings.calibration;
    auto cut = [&](LinearPeak& p, double share) {
        p.area -= share * m.afterForward.area;
        p.edge -= share * m.afterForward.edge;
    };
    cut(out.train[0], f);
    cut(out.train[1], f);
    cut(out.train[2], fb);
    cut(out.afterForward, f);
    return out;
}

std::optional<std::vector<int>> cheapestCheckpointSet(const CheckpointPlanner& planner,
                                                      const std::function<bool(const CheckpointSavings&)>& fits)
{
    if (fits(planner.savings({})))
        return std::vector<int>{};
    // Most bytes saved per second of recompute first (a floor on the time keeps near-free layers in order).
    std::vector<int> order = planner.candidates();
    auto ratio = [&](int layer) {
        return static_cast<double>(planner.savedBytes(layer)) / std::max(planner.seconds(layer), 1e-4);
    };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return ratio(a) > ratio(b); });
    auto sorted = [](std::vector<int> v) {
        std::sort(v.begin(), v.end());
        return v;
    };
    std::vector<int> chosen;
    bool ok = false;
    for (int layer : order) {
        chosen.push_back(layer);
        if (fits(planner.savings(sorted(chosen)))) {
            ok = true;
            break;
        }
    }
    if (!ok)
        return std::nullopt;
    // Drop what the set does not need, least efficient first.
    for (auto it = chosen.rbegin(); it != chosen.rend();) {
        std::vector<int> trial;
        for (int l : chosen)
            if (l != *it)
                trial.push_back(l);
        if (fits(planner.savings(sorted(trial)))) {
            chosen = trial;
            it = chosen.rbegin();
        } else {
            ++it;
        }
    }
    return sorted(chosen);
}

}  // namespace ys::fit::internal
