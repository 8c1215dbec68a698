// Staged training in the trainer (torch-free): stage settings, batch counts and the stage event.
#include "train/internal/stagerun.h"

#include <algorithm>

namespace ys {

TrainConfig stageConfig(const TrainConfig& run, size_t index)
{
    if (index >= run.stages.size())
        return run;
    const TrainStage& st = run.stages[index];
    TrainConfig cfg = run;
    cfg.imgsz = st.imgsz;
    if (st.batch > 0)
        cfg.batch = st.batch;
    // The overrides were validated when the stages were parsed; one that no longer applies keeps the run's value.
    for (const auto& [key, value] : st.overrides)
        (void)cfg.set(key, value);
    return cfg;
}

int64_t batchesPerEpochFor(int64_t images, int batch)
{
    const int64_t b = std::max(1, batch);
    return (images + b - 1) / b;
}

int64_t batchesBefore(const TrainConfig& run, int64_t images, int epoch)
{
    if (run.stages.empty())
        return batchesPerEpochFor(images, run.batch) * epoch;
    int64_t n = 0;
    for (int e = 0; e < epoch; ++e)
        n += batchesPerEpochFor(images, stageConfig(run, static_cast<size_t>(stageAt(run.stages, e).index)).batch);
    return n;
}

StageDetails stageEventDetails(const TrainConfig& run, size_t index, const TrainConfig& stageCfg, int accumulate,
                               const std::string& checkpoint, bool resumedInside)
{
    StageDetails d;
    d.stage = static_cast<int>(index) + 1;
    d.stages = static_cast<int>(run.stages.size());
    d.imgsz = stageCfg.imgsz;
    d.batch = stageCfg.batch;
    d.accumulate = accumulate;
    d.epochs = index < run.stages.size() ? run.stages[index].epochs : run.epochs;
    int first = 0;
    for (size_t i = 0; i < index && i < run.stages.size(); ++i)
        first += run.stages[i].epochs;
    d.firstEpoch = first + 1;
    d.checkpoint = checkpoint;
    if (index < run.stages.size())
        for (const auto& kv : run.stages[index].overrides)
            if (kv.first != "checkpoint")
                d.overrides.push_back(kv);
    d.resumed = resumedInside;
    return d;
}

std::string stageEventText(const StageDetails& d)
{
    std::string s = "stage " + std::to_string(d.stage) + "/" + std::to_string(d.stages) + ": imgsz " +
                    std::to_string(d.imgsz) + ", batch " + std::to_string(d.batch) + " x accumulate " +
                    std::to_string(d.accumulate) + ", epochs " + std::to_string(d.firstEpoch) + "-" +
                    std::to_string(d.firstEpoch + d.epochs - 1) + ", checkpoint " + d.checkpoint;
    for (const auto& [key, value] : d.overrides)
        s += ", " + key + "=" + value;
    if (d.resumed)
        s += " (resumed inside the stage)";
    return s;
}

}  // namespace ys
