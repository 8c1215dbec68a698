#pragma once
// Exchanges inside a training step that every rank must make in the same order (the synchronised BatchNorm's
// statistics: one in each layer's forward and one in its backward), on a process group of their own, made so
// that a rank that fails in the middle of a step (out of memory in layer 7's forward) can end the others' step
// wherever they are: every exchange is a fixed-size row per rank with a status, so the failing rank's single
// "abandon" meets the others' next exchange, whatever it was, and they all stop the step together. Then the
// trainer's per-batch agreement (on the main group) decides, as for any failed step, to redo the batch at half
// the micro-batch or to end the run. Internal to ys_dist and ys_train (LibTorch).

#include "dist/internal/processworld.h"

#include <torch/torch.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace ys::dist {

// This rank's step ended because another rank abandoned it (its out-of-memory or error): not a failure of
// this rank. The step's remaining exchanges are off; the trainer redoes or ends the batch as agreed.
class StepAbandoned final : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class StepExchange final {
public:
    // A subgroup of `world` named `name` (every rank calls this with the same name and capacity) for
    // exchanges of up to `capacity` float64 values per rank. Errors as ProcessWorld::subgroup.
    static Expected<std::unique_ptr<StepExchange>> create(ProcessWorld& world, const std::string& name, int64_t capacity);

    // A new step (a batch, or its redo): before its first exchange, on every rank.
    void begin();
    // Every rank's `local` (1-D, at most `capacity` values, the same count on every rank) as float64 rows
    // [world, count] on the world's device. Throws StepAbandoned when another rank abandoned the step, and
    // WorldFailure when the ranks are out of step (a different exchange on another rank: different models) or
    // the world failed.
    torch::Tensor gather(const torch::Tensor& local);
    // The step went well here: meets the others at its end. Throws StepAbandoned when another rank abandoned
    // the step after this rank's last exchange; WorldFailure as gather.
    void end();
    // This rank fails the step: its one exchange tells the others (it meets their next gather or end). Does
    // nothing when the step is already over (another rank abandoned it, or end() ran). WorldFailure as gather.
    void abandon();
    // The step was ended by another rank's abandon (since begin()).
    bool endedByPeer() const { return endedByPeer_; }

private:
    StepExchange(ProcessWorld& world, std::unique_ptr<Collectives> group, int64_t capacity);
    enum class Status { Gather = 0, End = 1, Abandon = 2 };
    // One exchange: this rank's status and values; returns every rank's rows (status, count, values...).
    torch::Tensor exchange(Status status, const torch::Tensor& values);
    // Reads every rank's status in `rows` against this rank's (`mine`, `count` values): throws StepAbandoned
    // when another rank abandoned the step, WorldFailure when one made another exchange; the step is over
    // after an end or either throw.
    void settle(const torch::Tensor& rows, Status mine, int64_t count);

    ProcessWorld& world_;
    std::unique_ptr<Collectives> group_;
    int64_t capacity_ = 0;
    bool over_ = false;          // the step's last exchange has been made
    bool endedByPeer_ = false;
};

}  // namespace ys::dist
