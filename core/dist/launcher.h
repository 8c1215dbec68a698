#pragma once
// The studio's own launcher (`device=0,1`, `device=cpu nproc=2`): this process trains as local rank 0 and
// starts this machine's other ranks as child processes, as torchrun would. Plain C++ (POSIX; no torch).

#include "common/error.h"
#include "dist/world.h"

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ys::dist {

// How a worker process ended.
struct WorkerExit {
    int rank = 0;           // its global rank
    int pid = 0;
    bool signaled = false;  // ended by a signal (status = the signal), else status = the exit code
    int status = 0;
    bool ok() const { return !signaled && status == 0; }
    // "rank 1 (pid 1234) was killed by signal 9 (SIGKILL)", "rank 1 (pid 1234) exited with code 1"
    std::string describe() const;
};

// "; rank 1 is pid 1234; rank 2 is pid 1235" for LocalWorkers::processes() (the launch's log line).
std::string describeWorkers(const std::vector<std::pair<int, int>>& processes);

class LocalWorkers final {
public:
    // Starts local ranks 1..world.localSize-1 (world is local rank 0's, from planLaunch) running `argv`
    // (argv[0]: the program's path) with this process's environment plus torchrun's variables for each rank
    // (RANK, LOCAL_RANK, WORLD_SIZE, LOCAL_WORLD_SIZE, GROUP_RANK, GROUP_WORLD_SIZE, MASTER_ADDR, MASTER_PORT,
    // TORCHELASTIC_RESTART_COUNT=0) and YS_DIST_LAUNCHER=studio, YS_DIST_TIMEOUT. The children stay in this
    // process's process group (a terminal's Ctrl+C reaches them all) and are killed by the kernel when the
    // thread that started them ends (PR_SET_PDEATHSIG), so none outlives this process. Error "dist.spawn"
    // when a process cannot be started.
    static Expected<std::unique_ptr<LocalWorkers>> start(const WorldSpec& world, const std::vector<std::string>& argv);
    ~LocalWorkers();   // finish(0): ends those still running
    LocalWorkers(const LocalWorkers&) = delete;
    LocalWorkers& operator=(const LocalWorkers&) = delete;

    // The workers that have ended so far, in the order they ended. Any thread.
    std::vector<WorkerExit> exits() const;
    // The first worker that ended with a failure (a code other than 0, or a signal).
    std::optional<WorkerExit> firstFailure() const;
    // Waits until every worker has ended or `grace` has passed, then sends the rest SIGTERM and, 5 s later,
    // SIGKILL; returns when all have ended (every exit, in the order they ended).
    std::vector<WorkerExit> finish(std::chrono::milliseconds grace);
    int count() const;
    // (rank, pid) of every worker started.
    std::vector<std::pair<int, int>> processes() const;

private:
    LocalWorkers() = default;
    void monitor(const WorldSpec& world, const std::vector<std::string>& argv);
    // Reaps each started worker as it ends (its WorkerExit), until all have.
    void reap(const std::vector<int>& pidfds);

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<int> pids_;             // started workers (pid), by local rank - 1
    std::vector<int> ranks_;
    std::vector<WorkerExit> exits_;
    std::optional<Error> startError_;
    bool started_ = false;
    bool stop_ = false;
    int wakeFd_[2] = {-1, -1};
    std::thread thread_;
};

}  // namespace ys::dist
