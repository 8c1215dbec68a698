// trainLaunched: a data-parallel run started from this process (trainer.h). No torch here: it plans with
// dist::planLaunch, starts the other ranks with dist::LocalWorkers and trains through train().
#include "train/trainer.h"

#include "dist/launcher.h"

#include <chrono>

namespace ys {

Expected<TrainSummary> trainLaunched(const TrainConfig& cfg, const TrainCallbacks& callbacks, TrainControl* control,
                                     TrainOptions options, const LocalLaunch& launch)
{
    if (options.world)
        return train(cfg, callbacks, control, options);
    auto plan = dist::planLaunch(cfg.device, cfg.batch, launch.request);
    if (!plan)
        return plan.error();
    if (!*plan)
        return train(cfg, callbacks, control, options);
    if (!launch.workerArgv)
        return Error{"dist.spawn", "this program cannot start the other ranks of a data-parallel run", {}, 0, 0};
    auto argv = launch.workerArgv();
    if (!argv)
        return argv.error();
    auto started = dist::LocalWorkers::start((*plan)->world, *argv);
    if (!started)
        return started.error();
    const std::unique_ptr<dist::LocalWorkers> workers = std::move(*started);
    options.world = (*plan)->world;
    if (launch.started)
        launch.started(*options.world, workers->processes());
    auto result = train(cfg, callbacks, control, options);
    workers->finish(std::chrono::seconds(result ? kWorkersGraceOkSeconds : kWorkersGraceFailedSeconds));
    const std::optional<dist::WorkerExit> failure = workers->firstFailure();
    if (!result) {
        Error e = result.error();
        if (failure)
            e.message += " (" + failure->describe() + ")";
        return e;
    }
    if (failure)
        return Error{"dist.rank_failed", failure->describe(), {}, 0, 0};
    return result;
}

}  // namespace ys
