#include "dist/world.h"

#include "common/device.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <vector>

extern char** environ;

namespace ys::dist {
namespace {

Error envError(const std::string& message)
{
    return Error{"dist.env", message, {}, 0, 0};
}

const std::string* find(const Environment& env, const char* key)
{
    auto it = env.find(key);
    return it == env.end() || it->second.empty() ? nullptr : &it->second;
}

// A whole number in 0..max from the environment variable `key`; nullopt when absent.
Expected<std::optional<int>> envInt(const Environment& env, const char* key, int max = 1 << 20)
{
    const std::string* v = find(env, key);
    if (!v)
        return std::optional<int>{};
    bool digits = v->size() <= 9;
    for (char c : *v)
        digits = digits && std::isdigit(static_cast<unsigned char>(c));
    if (!digits || std::stoi(*v) > max)
        return envError(std::string("environment variable ") + key + "='" + *v + "' is not a whole number from 0 to " +
                        std::to_string(max));
    return std::optional<int>{std::stoi(*v)};
}

// SLURM_STEP_TASKS_PER_NODE "2(x3),1": tasks of node `node`.
std::optional<int> tasksOnNode(const std::string& text, int node)
{
    int index = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find(',', pos);
        if (end == std::string::npos)
            end = text.size();
        const std::string item = text.substr(pos, end - pos);
        int count = 0, repeat = 1;
        if (std::sscanf(item.c_str(), "%d(x%d)", &count, &repeat) < 1)
            return std::nullopt;
        if (node < index + repeat)
            return count;
        index += repeat;
        pos = end + 1;
    }
    return std::nullopt;
}

std::optional<Error> checkWorld(const WorldSpec& w)
{
    if (w.size < 1)
        return envError("the world has no processes (WORLD_SIZE=" + std::to_string(w.size) + ")");
    if (w.rank >= w.size)
        return envError("rank " + std::to_string(w.rank) + " is outside a world of " + std::to_string(w.size) +
                        " processes");
    if (w.localSize < 1 || w.localRank >= w.localSize)
        return envError("local rank " + std::to_string(w.localRank) + " is outside the " + std::to_string(w.localSize) +
                        " processes of this machine");
    if (w.masterPort < 1 || w.masterPort > 65535)
        return envError("master port " + std::to_string(w.masterPort) + " is not a TCP port (1-65535)");
    if (w.masterAddr.empty())
        return envError("no master address: set MASTER_ADDR (or master_addr=) to rank 0's host");
    return std::nullopt;
}

}  // namespace

std::string WorldSpec::describe() const
{
    return "rank " + std::to_string(rank) + " of " + std::to_string(size) + " (node " + std::to_string(nodeRank) +
           ", local rank " + std::to_string(localRank) + ")";
}

Environment processEnvironment()
{
    Environment env;
    for (char** e = environ; e && *e; ++e) {
        const std::string kv = *e;
        const size_t eq = kv.find('=');
        if (eq != std::string::npos)
            env[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    return env;
}

Expected<std::optional<WorldSpec>> worldFromEnvironment(const Environment& env, const WorldOverrides& overrides)
{
    WorldSpec w;
    if (find(env, "RANK") || find(env, "WORLD_SIZE")) {
        // torchrun's variables (the studio's launcher sets the same ones).
        auto rank = envInt(env, "RANK"), size = envInt(env, "WORLD_SIZE"), localRank = envInt(env, "LOCAL_RANK"),
             localSize = envInt(env, "LOCAL_WORLD_SIZE"), group = envInt(env, "GROUP_RANK"),
             groups = envInt(env, "GROUP_WORLD_SIZE"), port = envInt(env, "MASTER_PORT", 65535),
             restarts = envInt(env, "TORCHELASTIC_RESTART_COUNT");
        for (auto* r : {&rank, &size, &localRank, &localSize, &group, &groups, &port, &restarts})
            if (!*r)
                return r->error();
        if (!*rank || !*size)
            return envError("RANK and WORLD_SIZE must be set together (torchrun sets both)");
        w.rank = **rank;
        w.size = **size;
        w.localRank = localRank->value_or(w.rank);
        w.localSize = localSize->value_or(w.size);
        w.nodeRank = group->value_or(0);
        w.nodes = groups->value_or(std::max(1, w.size / std::max(1, w.localSize)));
        w.masterAddr = find(env, "MASTER_ADDR") ? *find(env, "MASTER_ADDR") : "";
        if (!*port)
            return envError("MASTER_PORT is not set (torchrun sets it with MASTER_ADDR)");
        w.masterPort = **port;
        w.restartCount = restarts->value_or(0);
        const std::string* agent = find(env, "TORCHELASTIC_USE_AGENT_STORE");
        w.agentStore = agent && *agent == "True";
        const std::string* launcher = find(env, "YS_DIST_LAUNCHER");
        w.launcher = launcher ? *launcher : find(env, "TORCHELASTIC_RUN_ID") ? "torchrun" : "env";
        w.legacyTorchrun = w.agentStore && !launcher && find(env, "TORCHELASTIC_RUN_ID") &&
                           find(env, "NCCL_ASYNC_ERROR_HANDLING") && !find(env, "TORCH_NCCL_ASYNC_ERROR_HANDLING");
    } else if (find(env, "SLURM_PROCID") && (find(env, "SLURM_STEP_ID") || find(env, "SLURM_STEPID"))) {
        auto rank = envInt(env, "SLURM_PROCID"), localRank = envInt(env, "SLURM_LOCALID"),
             node = envInt(env, "SLURM_NODEID"), restarts = envInt(env, "SLURM_RESTART_COUNT"),
             stepTasks = envInt(env, "SLURM_STEP_NUM_TASKS"), tasks = envInt(env, "SLURM_NTASKS"),
             stepNodes = envInt(env, "SLURM_STEP_NUM_NODES"), nodes = envInt(env, "SLURM_NNODES"),
             port = envInt(env, "MASTER_PORT", 65535);
        for (auto* r : {&rank, &localRank, &node, &restarts, &stepTasks, &tasks, &stepNodes, &nodes, &port})
            if (!*r)
                return r->error();
        const int size = stepTasks->value_or(tasks->value_or(1));
        if (size <= 1)
            return std::optional<WorldSpec>{};   // one task: a plain process inside a job
        w.rank = **rank;
        w.size = size;
        w.localRank = localRank->value_or(0);
        w.nodeRank = node->value_or(0);
        w.nodes = stepNodes->value_or(nodes->value_or(1));
        const std::string* perNode = find(env, "SLURM_STEP_TASKS_PER_NODE");
        if (!perNode)
            perNode = find(env, "SLURM_TASKS_PER_NODE");
        const std::optional<int> here = perNode ? tasksOnNode(*perNode, w.nodeRank) : std::nullopt;
        w.localSize = here.value_or(w.nodes == 1 ? w.size : w.localRank + 1);
        w.masterAddr = find(env, "MASTER_ADDR") ? *find(env, "MASTER_ADDR") : "";
        w.masterPort = port->value_or(kDefaultMasterPort);
        w.restartCount = restarts->value_or(0);
        w.launcher = "slurm";
        if (w.masterAddr.empty() && overrides.masterAddr.empty())
            return envError("a SLURM job step of " + std::to_string(w.size) + " tasks needs the master's address: "
                            "give master_addr=HOST (the first node of the job) or set MASTER_ADDR");
    } else {
        return std::optional<WorldSpec>{};
    }
    if (!overrides.masterAddr.empty())
        w.masterAddr = overrides.masterAddr;
    if (overrides.masterPort > 0)
        w.masterPort = overrides.masterPort;
    if (overrides.timeoutSeconds > 0)
        w.timeout = std::chrono::seconds(overrides.timeoutSeconds);
    if (w.legacyTorchrun) {
        w.agentStore = false;
        w.masterPort = w.masterPort < 65535 ? w.masterPort + 1 : w.masterPort - 1;
    }
    if (auto err = checkWorld(w))
        return *err;
    return std::optional<WorldSpec>{w};
}

std::optional<Error> checkWorldBatch(int batch, int world)
{
    if (batch < 1 || world <= 1)   // batch=auto fits per process; one process takes any batch
        return std::nullopt;
    if (batch < world)
        return Error{"dist.batch", "batch=" + std::to_string(batch) + " is smaller than the " + std::to_string(world) +
                                       " processes: each process needs at least one image per step",
                     {}, 0, 0};
    if (batch % world == 0)
        return std::nullopt;
    const int below = batch / world * world, above = below + world;
    return Error{"dist.batch",
                 "batch=" + std::to_string(batch) + " does not split evenly over " + std::to_string(world) +
                     " processes: batch is the images of one step in all processes together; use a multiple of " +
                     std::to_string(world) + (below > 0 ? " such as " + std::to_string(below) + " or " : " such as ") +
                     std::to_string(above),
                 {}, 0, 0};
}

int localProcesses(const std::string& device, int nproc)
{
    if (nproc > 0)
        return nproc;
    const auto devices = parseDevices(device);
    return devices && !devices->empty() ? static_cast<int>(devices->size()) : 1;
}

Expected<std::optional<LaunchPlan>> planLaunch(const std::string& device, int batch, const LaunchRequest& r)
{
    auto devices = parseDevices(device);
    if (!devices)
        return devices.error();
    if (r.nproc && *r.nproc < 1)
        return Error{"dist.nproc", "nproc=" + std::to_string(*r.nproc) +
                                       " starts no process: give the number of training processes on this machine (1 or more)",
                     {}, 0, 0};
    const bool cpu = !devices->front().cuda;
    const int nproc = localProcesses(device, r.nproc.value_or(0));
    if (!cpu && devices->size() > 1 && r.nproc && *r.nproc != static_cast<int>(devices->size()))
        return Error{"dist.nproc", "nproc=" + std::to_string(*r.nproc) + " but device=" + device + " lists " +
                                       std::to_string(devices->size()) + " GPUs: one process per GPU (leave nproc out)",
                     {}, 0, 0};
    if (!cpu && devices->size() == 1 && nproc > 1)
        return Error{"dist.nproc", "nproc=" + std::to_string(nproc) + " processes on one GPU (device=" + device +
                                       "): list one GPU per process, such as device=0,1",
                     {}, 0, 0};
    if (r.nnodes < 1 || r.nnodes > 4096)
        return Error{"dist.launch", "nnodes=" + std::to_string(r.nnodes) + " must be between 1 and 4096", {}, 0, 0};
    if (r.nodeRank < 0 || r.nodeRank >= r.nnodes)
        return Error{"dist.launch", "node_rank=" + std::to_string(r.nodeRank) + " must be between 0 and nnodes-1 (" +
                                        std::to_string(r.nnodes - 1) + ")",
                     {}, 0, 0};
    if (r.masterPort < 0 || r.masterPort > 65535)
        return Error{"dist.launch", "master_port=" + std::to_string(r.masterPort) + " is not a TCP port (1-65535)", {}, 0,
                     0};
    if (r.timeoutSeconds < 0)
        return Error{"dist.launch", "dist_timeout=" + std::to_string(r.timeoutSeconds) + " must be a number of seconds",
                     {}, 0, 0};
    const bool launch = r.nproc.has_value() || devices->size() > 1 || r.nnodes > 1;
    if (!launch)
        return std::optional<LaunchPlan>{};
    if (r.nnodes > 1 && r.masterAddr.empty())
        return Error{"dist.launch", "nnodes=" + std::to_string(r.nnodes) +
                                        " needs master_addr=HOST: the address of node 0, where rank 0 runs",
                     {}, 0, 0};
    if (auto err = checkWorldBatch(batch, nproc * r.nnodes))
        return *err;
    LaunchPlan plan;
    WorldSpec& w = plan.world;
    w.size = nproc * r.nnodes;
    w.localSize = nproc;
    w.nodes = r.nnodes;
    w.nodeRank = r.nodeRank;
    w.rank = r.nodeRank * nproc;
    w.localRank = 0;
    w.masterAddr = r.masterAddr.empty() ? "127.0.0.1" : r.masterAddr;
    w.launcher = "studio";
    if (r.timeoutSeconds > 0)
        w.timeout = std::chrono::seconds(r.timeoutSeconds);
    if (r.masterPort > 0) {
        w.masterPort = r.masterPort;
        // Rank 0 listens there: on its own machine a busy port is known before any process starts.
        if (r.nodeRank == 0 && !portIsFree(r.masterPort))
            return Error{"dist.port_in_use", "master_port=" + std::to_string(r.masterPort) +
                                                 " is already in use on this machine (another run or program listens "
                                                 "there): pick another port",
                         {}, 0, 0};
    } else if (r.nnodes > 1) {
        w.masterPort = kDefaultMasterPort;
    } else {
        w.masterPort = freePort();
        if (w.masterPort == 0)
            return Error{"dist.launch", "no free TCP port on this machine for the processes to meet: give master_port=",
                         {}, 0, 0};
    }
    return std::optional<LaunchPlan>{plan};
}

bool portIsFree(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return false;
    // TCPStore listens with SO_REUSEADDR; bind the same way so a port in TIME_WAIT counts as free.
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    addr.sin_port = htons(static_cast<uint16_t>(port));
    const bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 && ::listen(fd, 1) == 0;
    ::close(fd);
    return ok;
}

int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    int port = 0;
    socklen_t len = sizeof addr;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0)
        port = ntohs(addr.sin_port);
    ::close(fd);
    return port;
}

bool waitForListener(const std::string& host, int port, std::chrono::milliseconds timeout)
{
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + timeout;
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    for (;;) {
        addrinfo* found = nullptr;
        if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) == 0) {
            for (addrinfo* a = found; a; a = a->ai_next) {
                const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
                if (fd < 0)
                    continue;
                bool ok = ::connect(fd, a->ai_addr, a->ai_addrlen) == 0;
                if (!ok && errno == EINPROGRESS) {
                    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
                    pollfd p{fd, POLLOUT, 0};
                    int err = 0;
                    socklen_t len = sizeof err;
                    ok = ::poll(&p, 1, static_cast<int>(std::clamp<int64_t>(left.count(), 1, 1000))) == 1 &&
                         ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0;
                }
                ::close(fd);
                if (ok) {
                    ::freeaddrinfo(found);
                    return true;
                }
            }
            ::freeaddrinfo(found);
        }
        if (Clock::now() >= deadline)
            return false;
        // Not listening yet (refused): a retry period, as LibTorch's store client has one.
        ::poll(nullptr, 0, 100);
    }
}

}  // namespace ys::dist
