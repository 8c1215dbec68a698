#pragma once
// A joined data-parallel world on LibTorch's c10d: the rendezvous store (TCPStore, rank 0's or torchrun's
// agent's), the process group (NCCL for CUDA devices when LibTorch has it, Gloo otherwise), a heartbeat per
// rank, and how a peer that went away is named. Internal to ys_dist and ys_train (includes LibTorch).

#include "common/error.h"
#include "dist/world.h"

#include <torch/torch.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace c10d {
class Store;
class Work;
}  // namespace c10d

namespace ys::dist {

// A collective or a wait for another rank failed: a peer ended, stopped answering for longer than the
// world's timeout, or the connection went. what(): one line that names the rank and the cause when known.
class WorldFailure final : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The process group's collectives: the calls the trainer makes on Gloo's or NCCL's c10d::Backend, behind one
// interface so tests can stand in for a backend.
class Collectives {
public:
    virtual ~Collectives() = default;
    virtual c10::intrusive_ptr<c10d::Work> allreduceSum(std::vector<at::Tensor>& tensors) = 0;
    virtual c10::intrusive_ptr<c10d::Work> allreduceMin(std::vector<at::Tensor>& tensors) = 0;
    virtual c10::intrusive_ptr<c10d::Work> broadcast(std::vector<at::Tensor>& tensors, int root) = 0;
    virtual std::string name() const = 0;   // "gloo", "nccl"
};

class ProcessWorld final {
public:
    // Meets the other ranks: rank 0 hosts a TCPStore at masterAddr:masterPort (under torchrun's static
    // rendezvous its agent does, and every rank is a client), every rank connects within spec.timeout, and the
    // process group forms on `device`. Errors, one line each: "dist.port_in_use" (rank 0 cannot listen on the
    // port), "dist.unreachable" (no master there within the timeout), "dist.rendezvous" (not every rank came).
    static Expected<std::unique_ptr<ProcessWorld>> join(const WorldSpec& spec, const torch::Device& device);
    ~ProcessWorld();
    ProcessWorld(const ProcessWorld&) = delete;
    ProcessWorld& operator=(const ProcessWorld&) = delete;

    const WorldSpec& spec() const { return spec_; }
    int rank() const { return spec_.rank; }
    int size() const { return spec_.size; }
    std::string backend() const { return collectives_->name(); }
    const torch::Device& device() const { return device_; }
    Collectives& collectives() { return *collectives_; }

    // Another process group of the same ranks on the same device (its own connections and order of
    // collectives), e.g. for collectives that run while the main group's are in flight. Every rank calls it
    // with the same name. Errors as join's.
    Expected<std::unique_ptr<Collectives>> subgroup(const std::string& name);

    // Blocking collectives on tensors of the world's device. Throw WorldFailure (explainFailure's text).
    void allreduceSum(torch::Tensor& tensor);
    void allreduceSum(Collectives& group, torch::Tensor& tensor);   // on a subgroup
    void allreduceMin(torch::Tensor& tensor);
    void broadcast(torch::Tensor& tensor, int root = 0);
    // Bytes from `root` to every rank (sizes need not be known by the others).
    std::string broadcastBytes(const std::string& bytes, int root = 0);
    // Waits for an asynchronous collective; WorldFailure when it failed.
    void wait(const c10::intrusive_ptr<c10d::Work>& work);

    // A small value under `key` in the store, for the ranks that await it.
    void publish(const std::string& key, const std::string& value);
    // Waits for `key` that rank `from` publishes, however long that rank works (validation may take an hour),
    // as long as its heartbeat goes on; WorldFailure when the heartbeat stops for the world's timeout or the
    // store goes away.
    std::string await(const std::string& key, int from);

    // Tells the other ranks why this one fails ("out of memory even at micro-batch 1"), before it leaves.
    void announceFailure(const std::string& cause) noexcept;
    // One line naming the rank that went away and why, for a collective that failed with `what`: a cause a
    // rank announced, a process on this machine that is gone, a heartbeat that stopped.
    std::string explainFailure(const std::string& what);

private:
    ProcessWorld() = default;
    void heartbeatLoop();

    WorldSpec spec_;
    std::string host_;
    c10::intrusive_ptr<c10d::Store> store_;       // the training thread's connection
    c10::intrusive_ptr<c10d::Store> beatStore_;   // the heartbeat thread's own connection
    std::unique_ptr<Collectives> collectives_;
    torch::Device device_{torch::kCPU};
    std::atomic<bool> stopBeat_{false};
    std::thread beat_;
};

}  // namespace ys::dist
