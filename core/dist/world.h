#pragma once
// Data-parallel training: who this process is among the run's processes. A launcher (torchrun, a SLURM
// job step, or the studio's own: `device=0,1`, `device=cpu nproc=2`) states it in the environment, and the
// CLI hands it to train() (TrainOptions::world). Plain C++ (no torch, no Qt): the CLI and the GUI read it.

#include "common/error.h"

#include <chrono>
#include <map>
#include <optional>
#include <string>

namespace ys::dist {

// Default port of the rendezvous store when several machines meet (torchrun's).
constexpr int kDefaultMasterPort = 29500;
// How long ranks wait for each other at the rendezvous and in one collective before the run ends, unless
// dist_timeout= says otherwise. A rank whose process ends is noticed at once (its connections close); this
// bounds a hung peer or a lost machine.
constexpr std::chrono::seconds kDefaultTimeout{300};

struct WorldSpec {
    int rank = 0;              // 0..size-1; rank 0 validates and writes the run folder
    int size = 1;              // processes in the whole run
    int localRank = 0;         // 0..localSize-1 on this machine; picks the device (deviceForLocalRank)
    int localSize = 1;         // processes on this machine
    int nodeRank = 0;          // this machine, 0..nodes-1
    int nodes = 1;
    std::string masterAddr = "127.0.0.1";   // host of rank 0's rendezvous store
    int masterPort = kDefaultMasterPort;
    int restartCount = 0;      // an elastic restart (torchrun --max-restarts, a requeued SLURM job) when > 0:
                               // the run continues from its last checkpoint (resume=auto)
    bool agentStore = false;   // torchrun's static rendezvous: its agent hosts the store and every rank is a
                               // client under the prefix "/worker/attempt_<restartCount>"
    // torchrun from PyTorch 1.x (it sets NCCL_ASYNC_ERROR_HANDLING for its workers; 2.x does not): its agent's
    // store speaks the older TCPStore protocol (2.0 put a VALIDATE query first and renumbered the others), which
    // LibTorch 2.x cannot talk to. Such a run does not use the agent's store: rank 0 serves the run's own on
    // MASTER_PORT + 1 (agentStore false), as without torchrun.
    bool legacyTorchrun = false;
    std::string launcher;      // "torchrun", "slurm" or "studio"
    std::chrono::seconds timeout = kDefaultTimeout;   // rendezvous and each collective

    bool distributed() const { return size > 1 || !launcher.empty(); }
    // "rank 1 of 4 (node 0, local rank 1)"
    std::string describe() const;
};

using Environment = std::map<std::string, std::string>;
// This process's environment variables.
Environment processEnvironment();

// What the CLI adds to what the environment says (master_addr=, master_port=, dist_timeout=); empty or 0 =
// not given.
struct WorldOverrides {
    std::string masterAddr;
    int masterPort = 0;
    int timeoutSeconds = 0;
};

// The world the environment names, or nullopt for a plain process:
// - torchrun (and the studio's launcher): RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, GROUP_RANK,
//   GROUP_WORLD_SIZE, MASTER_ADDR, MASTER_PORT, TORCHELASTIC_RESTART_COUNT, TORCHELASTIC_USE_AGENT_STORE;
// - a SLURM job step (srun): SLURM_PROCID, SLURM_LOCALID, SLURM_STEP_NUM_TASKS (or SLURM_NTASKS),
//   SLURM_STEP_TASKS_PER_NODE, SLURM_NODEID, SLURM_STEP_NUM_NODES, SLURM_RESTART_COUNT; the master address
//   from MASTER_ADDR or overrides (SLURM does not know it), the port from MASTER_PORT or 29500. A batch
//   script's own step (no SLURM_STEP_ID, or one task) is a plain process.
// Errors (code "dist.env"): a value that is not a whole number, a rank outside the world, a missing master.
Expected<std::optional<WorldSpec>> worldFromEnvironment(const Environment& env, const WorldOverrides& overrides = {});

// The launcher arguments of `yolostudio-cli train` (torchrun's meaning): processes on this machine, the
// machines, this machine's index and the master. Absent values: one process per listed GPU (1 for the CPU),
// one machine, a free local port.
struct LaunchRequest {
    std::optional<int> nproc;      // nproc=
    int nnodes = 1;                // nnodes=
    int nodeRank = 0;              // node_rank=
    std::string masterAddr;        // master_addr=; required with nnodes > 1
    int masterPort = 0;            // master_port=; 0 = a free port (one machine) or 29500 (several)
    int timeoutSeconds = 0;        // dist_timeout=; 0 = kDefaultTimeout
};

// The studio's launch of this machine's processes: the world of local rank 0 (this process) and the number of
// processes here. nullopt: a plain single-process run (one device, no nproc=, one machine).
struct LaunchPlan {
    WorldSpec world;               // as local rank 0 sees it; workers differ in rank and localRank only
};

// Processes a run has on this machine: `nproc` when given (> 0), else one per GPU of a device list ("0,1": 2),
// else 1 (one device, or device text that does not parse: planLaunch reports that). The launch plan, the fit's
// request and the Train page count them this one way.
int localProcesses(const std::string& device, int nproc);

// Checks the launcher arguments against the device text and the (world) batch and plans the launch.
// Errors, each one line: nproc < 1 ("dist.nproc"), a device list whose length is not nproc or a GPU named
// twice ("device.*"), nnodes/node_rank out of range, no master_addr for several machines, a bad port
// ("dist.launch"), a batch the world cannot split (checkWorldBatch). A port given for one machine that
// something already listens on is "dist.port_in_use".
Expected<std::optional<LaunchPlan>> planLaunch(const std::string& device, int batch, const LaunchRequest& request);

// A (world) batch of `batch` images split over `world` processes: every process the same number of images.
// batch < 1 (auto) passes. Error "dist.batch" otherwise, naming the nearest batches that split.
std::optional<Error> checkWorldBatch(int batch, int world);

// True when a TCP port on this machine's loopback/any address is free to listen on.
bool portIsFree(int port);
// A port that was free a moment ago (the OS's choice), 0 when none could be had.
int freePort();
// True as soon as something accepts a TCP connection at host:port (connections tried again every 100 ms),
// false when nothing did within `timeout` or the host does not resolve. A rank checks that the master is there
// before LibTorch's store connects, whose own time-out also prints a log line.
bool waitForListener(const std::string& host, int port, std::chrono::milliseconds timeout);

}  // namespace ys::dist
