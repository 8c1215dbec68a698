// The stages a run trains in: where the run starts, which stage each epoch enters, checkpoint=auto's layers.
#include "train/internal/stageschedule.h"

#include "common/stages.h"
#include "train/internal/stagerun.h"

namespace ys {

TrainConfig StageSchedule::start(const TrainConfig& run, int startEpoch)
{
    run_ = run;
    if (run_.stages.empty())
        return run_;
    startStage_ = stageAt(run_.stages, startEpoch).index;
    return stageConfig(run_, static_cast<size_t>(startStage_));
}

std::vector<int> StageSchedule::autoCheckpointLayers() const
{
    const size_t i = static_cast<size_t>(stage_ >= 0 ? stage_ : startStage_);
    return i < autoCheckpoint_.size() ? autoCheckpoint_[i] : std::vector<int>{};
}

std::optional<StageSchedule::Entry> StageSchedule::enter(int epoch)
{
    if (!staged())
        return std::nullopt;
    const int index = stageAt(run_.stages, epoch).index;
    if (index == stage_)
        return std::nullopt;
    Entry entry;
    entry.index = index;
    entry.first = stage_ < 0;
    entry.cfg = stageConfig(run_, static_cast<size_t>(index));
    stage_ = index;
    return entry;
}

bool StageSchedule::insideStage(int epoch) const
{
    return epoch > stageAt(run_.stages, epoch).firstEpoch;
}

}  // namespace ys
