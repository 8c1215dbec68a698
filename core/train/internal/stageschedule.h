#pragma once
// The stages a run trains in, as the trainer goes through them (torch-free).
// The run's own settings (args.yaml and the checkpoints keep them, stages and all), the stage the run starts or
// resumes in, the stage entered last, and checkpoint=auto's layers per stage from the fit. A run without stages is
// one stage: its own settings. Internal to ys_train; stagerun.h has the stage rules it uses.

#include "common/config.h"

#include <optional>
#include <vector>

namespace ys {

class StageSchedule final {
public:
    // Rank 0 (or the one process), once its settings are final (resume=, batch=auto): the run's own settings and
    // the epoch it starts (or resumes) at. Returns the settings that epoch trains with (the run's own without stages).
    TrainConfig start(const TrainConfig& run, int startEpoch);
    // The run's own settings (empty on ranks other than 0, which train with rank 0's settings throughout).
    const TrainConfig& run() const { return run_; }
    bool staged() const { return !run_.stages.empty(); }

    // checkpoint=auto: the layers the fit chose, per stage (one list without stages).
    void setAutoCheckpoint(std::vector<std::vector<int>> layers) { autoCheckpoint_ = std::move(layers); }
    // The layers for the stage entered last (before the first: the starting stage); empty when the fit gave none.
    std::vector<int> autoCheckpointLayers() const;

    // A stage the trainer enters at an epoch.
    struct Entry {
        int index = 0;        // 0-based
        bool first = false;   // the first stage entered in this session (the starting one; its settings are in effect)
        TrainConfig cfg;      // the settings it trains with
    };
    // At each epoch of a staged run: the stage of `epoch` when it is not the one entered last, else nothing.
    std::optional<Entry> enter(int epoch);
    // True when `epoch` is past the first epoch of its stage (a resume inside the stage).
    bool insideStage(int epoch) const;

private:
    TrainConfig run_;
    int stage_ = -1;        // the stage entered last; -1 before the first stage event
    int startStage_ = 0;    // the stage the run starts (or resumes) in
    std::vector<std::vector<int>> autoCheckpoint_;
};

}  // namespace ys
