// Rendezvous, process group and failure naming on LibTorch's c10d (TCPStore, PrefixStore, ProcessGroupGloo,
// ProcessGroupNCCL in CUDA builds that have it).
#include "dist/internal/processworld.h"

#include "common/internal/torcherror.h"

#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
// Gloo (the CPU backend): Debian's LibTorch brings its headers through libgloo-dev; PyPI's LibTorch 2.x (the
// CUDA build) ships none, and such a build trains data-parallel on its GPUs over NCCL only.
#if defined(USE_C10D_GLOO) && __has_include(<gloo/config.h>)
#define YS_HAVE_GLOO 1
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#endif
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <torch/csrc/distributed/c10d/Types.hpp>
#include <torch/csrc/distributed/c10d/Work.hpp>
#if defined(YS_WITH_CUDA) && defined(USE_C10D_NCCL)
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <sstream>

namespace ys::dist {
namespace {

// Heartbeat period; a rank that misses beats for the world's timeout is taken as gone.
constexpr auto kBeat = std::chrono::seconds(1);
// How long explainFailure watches the heartbeats of ranks on other machines before naming the silent ones.
constexpr auto kBeatWatch = std::chrono::milliseconds(3000);
// Store key prefix of this studio's world inside a shared (torchrun agent's) store.
const std::string kPrefix = "yolostudio";

std::string firstLine(const std::string& s)
{
    std::string line = s.substr(0, s.find('\n'));
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r'))
        line.pop_back();
    return line;
}

std::vector<uint8_t> bytesOf(const std::string& s)
{
    return std::vector<uint8_t>(s.begin(), s.end());
}

std::string textOf(const std::vector<uint8_t>& v)
{
    return std::string(v.begin(), v.end());
}

std::string hostName()
{
    char buf[256] = {0};
    if (::gethostname(buf, sizeof buf - 1) != 0)
        return "localhost";
    return buf;
}

bool isLoopback(const std::string& addr)
{
    return addr == "localhost" || addr.rfind("127.", 0) == 0 || addr == "::1";
}

template <class Group>
class CollectivesOf final : public Collectives {
public:
    CollectivesOf(c10::intrusive_ptr<Group> group, std::string name) : group_(std::move(group)), name_(std::move(name)) {}
    c10::intrusive_ptr<c10d::Work> allreduceSum(std::vector<at::Tensor>& tensors) override
    {
        c10d::AllreduceOptions o;
        o.reduceOp = c10d::ReduceOp::SUM;
        return group_->allreduce(tensors, o);
    }
    c10::intrusive_ptr<c10d::Work> allreduceMin(std::vector<at::Tensor>& tensors) override
    {
        c10d::AllreduceOptions o;
        o.reduceOp = c10d::ReduceOp::MIN;
        return group_->allreduce(tensors, o);
    }
    c10::intrusive_ptr<c10d::Work> broadcast(std::vector<at::Tensor>& tensors, int root) override
    {
        c10d::BroadcastOptions o;
        o.rootRank = root;
        return group_->broadcast(tensors, o);
    }
    std::string name() const override { return name_; }

private:
    c10::intrusive_ptr<Group> group_;
    std::string name_;
};

#ifdef YS_HAVE_GLOO
// The Gloo transport device: loopback for a one-machine world, else the interface GLOO_SOCKET_IFNAME names or
// the address the host name resolves to (as torch.distributed does).
std::shared_ptr<::gloo::transport::Device> glooDevice(const WorldSpec& spec)
{
    if (spec.nodes <= 1 && isLoopback(spec.masterAddr))
        return c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1");
    if (const char* ifname = std::getenv("GLOO_SOCKET_IFNAME"); ifname && *ifname)
        return c10d::ProcessGroupGloo::createDeviceForInterface(ifname);
    return c10d::ProcessGroupGloo::createDefaultDevice();
}
#endif

// A process group over `store` under the prefix `name`: NCCL for a CUDA device when LibTorch has it, Gloo
// otherwise. Forming it is a collective: every rank calls it with the same name.
Expected<std::unique_ptr<Collectives>> makeGroup(const std::string& name, const WorldSpec& spec, const torch::Device& device,
                                                 const c10::intrusive_ptr<c10d::Store>& store)
{
    std::unique_ptr<Collectives> group;
    try {
        auto pgStore = c10::make_intrusive<c10d::PrefixStore>(name, store);
        if (device.is_cuda()) {
#if defined(YS_WITH_CUDA) && defined(USE_C10D_NCCL)
            auto o = c10d::ProcessGroupNCCL::Options::create();
            o->timeout = spec.timeout;
            group = std::make_unique<CollectivesOf<c10d::ProcessGroupNCCL>>(
                c10::make_intrusive<c10d::ProcessGroupNCCL>(pgStore, spec.rank, spec.size, o), "nccl");
#endif
        }
#ifdef YS_HAVE_GLOO
        if (!group) {
            auto o = c10d::ProcessGroupGloo::Options::create(spec.timeout);
            o->devices.push_back(glooDevice(spec));
            o->threads = 2;
            group = std::make_unique<CollectivesOf<c10d::ProcessGroupGloo>>(
                c10::make_intrusive<c10d::ProcessGroupGloo>(pgStore, spec.rank, spec.size, o), "gloo");
        }
#endif
    } catch (const std::exception& e) {
        return Error{"dist.rendezvous", "the process group did not form: " + firstLine(exceptionText(e)), {}, 0, 0};
    }
    if (!group)
        return Error{"dist.backend",
                     std::string("this build's LibTorch has no process group for ") +
                         (device.is_cuda() ? "GPUs (NCCL)" : "the CPU (Gloo)") + ": train data-parallel on " +
                         (device.is_cuda() ? "the CPU" : "GPUs") + ", or use a build with it",
                     {}, 0, 0};
    return group;
}

}  // namespace

Expected<std::unique_ptr<ProcessWorld>> ProcessWorld::join(const WorldSpec& spec, const torch::Device& device)
{
    // LibTorch 2.x records every collective in a process-wide flight recorder (TORCH_FR_BUFFER_SIZE, 2000 by
    // default), a debugging aid for NCCL hangs. Its insert races when process groups enqueue from several threads
    // (test_dist_collectives' ranks as threads crashed in FlightRecorder::recordWithResetEnabled once in two suite
    // runs), and this process's groups do. Off unless the user set it; read once, at the first process group.
    static std::once_flag recorderOff;
    std::call_once(recorderOff, [] { ::setenv("TORCH_FR_BUFFER_SIZE", "0", /*overwrite=*/0); });
    std::unique_ptr<ProcessWorld> w(new ProcessWorld());
    w->spec_ = spec;
    w->device_ = device;
    w->host_ = hostName();
    const std::string where = spec.masterAddr + ":" + std::to_string(spec.masterPort);
    const std::string seconds = std::to_string(spec.timeout.count()) + " s";
    auto connect = [&](bool server) {
        c10d::TCPStoreOptions o;
        o.port = static_cast<uint16_t>(spec.masterPort);
        o.isServer = server;
        o.numWorkers = spec.size;
        o.waitWorkers = false;
        o.timeout = spec.timeout;
        o.multiTenant = false;
        return c10::make_intrusive<c10d::TCPStore>(spec.masterAddr, o);
    };
    const bool server = !spec.agentStore && spec.rank == 0;
    if (!server && !waitForListener(spec.masterAddr, spec.masterPort, spec.timeout))
        return Error{"dist.unreachable", "could not reach the master at " + where + " within " + seconds +
                                             " (dist_timeout): is rank 0 started there, and are master_addr and "
                                             "master_port right and the port open?",
                     {}, 0, 0};
    c10::intrusive_ptr<c10d::Store> tcp, beatTcp;
    try {
        tcp = connect(server);
        beatTcp = connect(false);
    } catch (const std::exception& e) {
        const std::string text = exceptionText(e);
        if (text.find("Address already in use") != std::string::npos || text.find("failed to bind") != std::string::npos ||
            text.find("failed to listen") != std::string::npos)
            return Error{"dist.port_in_use", "rank 0 cannot listen on " + where +
                                                 ": the port is in use (another run or program listens there); pick "
                                                 "another master_port",
                         {}, 0, 0};
        if (text.find("timed out") != std::string::npos || text.find("Timeout") != std::string::npos ||
            text.find("refused") != std::string::npos)
            return Error{"dist.unreachable", "could not reach the master at " + where + " within " + seconds +
                                                 " (dist_timeout): is rank 0 started there, and are master_addr and "
                                                 "master_port right and the port open?",
                         {}, 0, 0};
        return Error{"dist.rendezvous", "could not meet the other processes at " + where + ": " + firstLine(text), {}, 0,
                     0};
    }
    // Under torchrun's agent store, this attempt's keys live under its prefix (as torch.distributed's).
    auto scoped = [&](c10::intrusive_ptr<c10d::Store> store) -> c10::intrusive_ptr<c10d::Store> {
        if (spec.agentStore)
            store = c10::make_intrusive<c10d::PrefixStore>("/worker/attempt_" + std::to_string(spec.restartCount), store);
        return c10::make_intrusive<c10d::PrefixStore>(kPrefix, store);
    };
    w->store_ = scoped(tcp);
    w->beatStore_ = scoped(beatTcp);
    try {
        // Every rank says where it runs, so a rank whose process ends can be named by the others.
        w->store_->set("proc/" + std::to_string(spec.rank), bytesOf(w->host_ + " " + std::to_string(::getpid())));
        w->store_->add("joined", 1);
        std::vector<std::string> everyone;
        for (int r = 0; r < spec.size; ++r)
            everyone.push_back("proc/" + std::to_string(r));
        w->store_->wait(everyone, spec.timeout);
    } catch (const std::exception& e) {
        int64_t joined = 0;
        try {
            joined = w->store_->add("joined", 0);
        } catch (...) {
        }
        return Error{"dist.rendezvous", "only " + std::to_string(joined) + " of " + std::to_string(spec.size) +
                                            " processes met at " + where + " within " + seconds +
                                            " (dist_timeout): start every rank with the same world size, or check "
                                            "the ones that did not come",
                     {}, 0, 0};
    }
    auto group = makeGroup("pg", spec, device, w->store_);
    if (!group)
        return group.error();
    w->collectives_ = std::move(*group);
    w->beat_ = std::thread([raw = w.get()] { raw->heartbeatLoop(); });
    return w;
}

ProcessWorld::~ProcessWorld()
{
    stopBeat_.store(true);
    if (beat_.joinable())
        beat_.join();
}

void ProcessWorld::heartbeatLoop()
{
    const std::string key = "beat/" + std::to_string(spec_.rank);
    std::mutex m;
    std::condition_variable never;
    std::unique_lock lock(m);
    while (!stopBeat_.load()) {
        try {
            beatStore_->add(key, 1);
        } catch (...) {
            return;   // the store is gone; the training thread finds out at its next collective
        }
        // A period, not a synchronisation: the condition is never notified.
        never.wait_for(lock, kBeat, [&] { return stopBeat_.load(); });
    }
}

void ProcessWorld::wait(const c10::intrusive_ptr<c10d::Work>& work)
{
    try {
        work->wait();
    } catch (const std::exception& e) {
        throw WorldFailure(explainFailure(exceptionText(e)));
    }
}

Expected<std::unique_ptr<Collectives>> ProcessWorld::subgroup(const std::string& name)
{
    return makeGroup("group/" + name, spec_, device_, store_);
}

void ProcessWorld::allreduceSum(torch::Tensor& tensor)
{
    allreduceSum(*collectives_, tensor);
}

void ProcessWorld::allreduceSum(Collectives& group, torch::Tensor& tensor)
{
    std::vector<at::Tensor> v{tensor};
    c10::intrusive_ptr<c10d::Work> work;
    try {
        work = group.allreduceSum(v);
    } catch (const std::exception& e) {
        throw WorldFailure(explainFailure(exceptionText(e)));
    }
    wait(work);
}

void ProcessWorld::allreduceMin(torch::Tensor& tensor)
{
    std::vector<at::Tensor> v{tensor};
    c10::intrusive_ptr<c10d::Work> work;
    try {
        work = collectives_->allreduceMin(v);
    } catch (const std::exception& e) {
        throw WorldFailure(explainFailure(exceptionText(e)));
    }
    wait(work);
}

void ProcessWorld::broadcast(torch::Tensor& tensor, int root)
{
    std::vector<at::Tensor> v{tensor};
    c10::intrusive_ptr<c10d::Work> work;
    try {
        work = collectives_->broadcast(v, root);
    } catch (const std::exception& e) {
        throw WorldFailure(explainFailure(exceptionText(e)));
    }
    wait(work);
}

std::string ProcessWorld::broadcastBytes(const std::string& bytes, int root)
{
    const auto opts = torch::TensorOptions().device(device_);
    torch::Tensor size = torch::tensor({static_cast<int64_t>(bytes.size())}, torch::kInt64).to(device_);
    broadcast(size, root);
    const int64_t n = size.to(torch::kCPU).item<int64_t>();
    torch::Tensor data = rank() == root ? torch::from_blob(const_cast<char*>(bytes.data()), {n}, torch::kUInt8).clone().to(device_)
                                        : torch::empty({n}, opts.dtype(torch::kUInt8));
    if (n > 0)
        broadcast(data, root);
    torch::Tensor host = data.to(torch::kCPU).contiguous();
    return std::string(reinterpret_cast<const char*>(host.data_ptr<uint8_t>()), static_cast<size_t>(n));
}

void ProcessWorld::publish(const std::string& key, const std::string& value)
{
    try {
        store_->set(key, bytesOf(value));
    } catch (const std::exception& e) {
        throw WorldFailure(explainFailure(exceptionText(e)));
    }
}

std::string ProcessWorld::await(const std::string& key, int from)
{
    const std::string beatKey = "beat/" + std::to_string(from);
    int64_t lastBeat = -1;
    auto lastChange = std::chrono::steady_clock::now();
    for (;;) {
        try {
            store_->wait({key}, std::chrono::milliseconds(2000));
            return textOf(store_->get(key));
        } catch (const std::exception& e) {
            const std::string text = exceptionText(e);
            if (text.find("imeout") == std::string::npos && text.find("timed out") == std::string::npos)
                throw WorldFailure(explainFailure(text));
        }
        // Not there yet: go on while `from` is alive (its heartbeat moves).
        int64_t beat = 0;
        try {
            beat = store_->add(beatKey, 0);
        } catch (const std::exception& e) {
            throw WorldFailure(explainFailure(exceptionText(e)));
        }
        const auto now = std::chrono::steady_clock::now();
        if (beat != lastBeat) {
            lastBeat = beat;
            lastChange = now;
        } else if (now - lastChange > spec_.timeout) {
            throw WorldFailure("rank " + std::to_string(from) + " has not answered for " +
                               std::to_string(spec_.timeout.count()) +
                               " s (dist_timeout): its machine or the network is gone, or it hangs");
        }
    }
}

void ProcessWorld::announceFailure(const std::string& cause) noexcept
{
    try {
        store_->set("fail/" + std::to_string(spec_.rank), bytesOf(cause));
    } catch (...) {
    }
}

std::string ProcessWorld::explainFailure(const std::string& what)
{
    const std::string detail = firstLine(what);
    try {
        // 1. A rank that said why it left.
        for (int r = 0; r < size(); ++r) {
            if (r == rank())
                continue;
            const std::string key = "fail/" + std::to_string(r);
            if (store_->check({key}))
                return "rank " + std::to_string(r) + " failed: " + textOf(store_->get(key));
        }
        // 2. A process on this machine that is gone.
        for (int r = 0; r < size(); ++r) {
            if (r == rank())
                continue;
            std::istringstream proc(textOf(store_->get("proc/" + std::to_string(r))));
            std::string host;
            int pid = 0;
            proc >> host >> pid;
            if (host == host_ && pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH)
                return "rank " + std::to_string(r) + " (pid " + std::to_string(pid) +
                       ") is gone: its process ended without a word (killed or crashed)";
        }
        // 3. Ranks elsewhere whose heartbeat stopped.
        std::vector<int64_t> before(static_cast<size_t>(size()), 0);
        for (int r = 0; r < size(); ++r)
            before[static_cast<size_t>(r)] = store_->add("beat/" + std::to_string(r), 0);
        std::mutex m;
        std::condition_variable never;
        std::unique_lock lock(m);
        never.wait_for(lock, kBeatWatch);   // a watch period, not a synchronisation
        std::string silent;
        for (int r = 0; r < size(); ++r)
            if (r != rank() && store_->add("beat/" + std::to_string(r), 0) == before[static_cast<size_t>(r)])
                silent += (silent.empty() ? "" : ", ") + std::to_string(r);
        if (!silent.empty())
            return "rank " + silent + " stopped answering (its machine or network is gone): " + detail;
    } catch (const std::exception&) {
        // The store lives in rank 0 (or torchrun's agent): it is gone with it.
        if (rank() != 0)
            return "lost rank 0 (it hosts the rendezvous store, which no longer answers): " + detail;
    }
    return "a collective with the other ranks failed: " + detail;
}

}  // namespace ys::dist
