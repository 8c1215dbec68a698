#pragma once
// The trainer's data-parallel hooks (DistributedDataParallel's semantics on LibTorch's c10d). One process:
// every hook is trivial. A world of several (TrainOptions::world): rank 0 sets the run up and hands its start
// to the others (settings, weights, optimizer state, progress: one checkpoint's bytes, broadcast); every
// batch's gradients are summed over the ranks in buckets that overlap the backward pass; after every batch
// the ranks agree on what happened (an out-of-memory anywhere, a failure, a stop, the losses, each rank's
// memory), so they halve their micro-batch together and stop together; rank 0 validates and writes the run
// folder while the others wait for its word. Internal to ys_train.

#include "common/config.h"
#include "common/error.h"
#include "dist/internal/gradsync.h"
#include "dist/internal/processworld.h"
#include "dist/internal/stepexchange.h"
#include "dist/world.h"
#include "memory/memory.h"

#include <torch/torch.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ys {

class BatchNormGather;

// What one rank saw in one batch.
struct StepReport {
    bool outOfMemory = false;      // a forward/backward ran out of memory (the batch is to be redone)
    bool failed = false;           // another error ended this rank's step (announced with its cause)
    int64_t images = 0;            // images trained in this batch
    std::array<double, 3> items{}; // box, cls, dfl loss of this batch (mean over its images)
    // Memory of this rank's device (bytes): now, reserved, peak since the epoch began, highest since the last
    // report.
    std::array<int64_t, 4> memory{};
};

// What the ranks agreed on after a batch (the same on every rank).
struct StepAgreement {
    std::vector<int> outOfMemory;  // ranks that ran out of memory (all redo the batch at half the micro-batch)
    int failedRank = -1;           // the first rank that failed, or -1
    int64_t images = 0;            // images of the batch over all ranks
    std::array<double, 3> items{}; // losses over all ranks' images
    std::vector<std::array<int64_t, 4>> memory;   // per rank, as StepReport::memory
};

// The user's stop and pause, as the ranks agree on them before each batch.
struct ControlAgreement {
    bool stop = false;    // any rank's TrainControl (Ctrl+C reaches every process; the GUI's Stop rank 0)
    bool pause = false;   // rank 0's TrainControl holds a pause
};

// Rank 0's word to the others after an epoch's validation and checkpoints.
enum class EpochWord { Continue, Stop, Fail };

class DataParallel final {
public:
    // One process (world empty, or a world of one that no launcher started): a trivial DataParallel.
    // Otherwise joins the world on `device` (rendezvous, process group); errors as dist::ProcessWorld::join.
    static Expected<std::unique_ptr<DataParallel>> join(const std::optional<dist::WorldSpec>& world,
                                                        const torch::Device& device);
    ~DataParallel();

    bool distributed() const { return world_ != nullptr; }
    int rank() const { return spec_.rank; }
    int size() const { return spec_.size; }
    bool writer() const { return spec_.rank == 0; }   // validates, writes the run folder, logs
    const dist::WorldSpec& spec() const { return spec_; }
    std::string backend() const;   // "gloo", "nccl"; "" for one process

    // ---- setup -------------------------------------------------------------------------------------------
    // Every rank's settings as given (before resume= reads the run's own) equal rank 0's, compared key by key
    // (a hash first). Error "dist.config_mismatch" on every rank, naming the first rank that differs and its
    // keys. Blocks until every rank has published its settings.
    std::optional<Error> checkSameSettings(const TrainConfig& given);
    // Rank 0: its start state (a checkpoint's bytes) for the others, or the error that ended its setup (then
    // `start` is ignored and every rank returns that error from receiveStart).
    void shareStart(const std::string& start, const std::optional<Error>& error);
    // The others: rank 0's start state, or its setup error ("rank 0: ...").
    Expected<std::string> receiveStart();
    // Every rank's setup outcome: nullopt when all succeeded, else the first failure (the same on all ranks).
    std::optional<Error> agreeSetup(const std::optional<Error>& mine);
    // The smallest of every rank's value (batch=auto: each rank fits its device).
    int agreeMin(int value);

    // ---- each batch --------------------------------------------------------------------------------------
    // Gradient buckets over the trained parameters (the same list on every rank), after the model and the
    // optimizer exist.
    void attachParameters(std::vector<torch::Tensor> params, dist::GradSyncOptions options = {});
    // Before the last backward pass of an optimizer step: its gradients are summed over the ranks.
    void beforeSyncedBackward();
    // After that backward pass: waits for the buckets; every rank's .grad holds the sum.
    void afterSyncedBackward();
    // A synchronised step this rank could not finish (out of memory, an error; before or during its last
    // backward): its buckets not sent yet are sent as zeros so every rank makes the same collectives; the step's
    // gradients are to be discarded (on every rank: the agreement says so).
    void abandonStep();
    // Before each batch: stop or pause, agreed (one small all-reduce). One process: the flags themselves.
    ControlAgreement agreeControl(bool stop, bool pause);
    // The agreement after each batch (one small all-reduce). One process: the report itself.
    StepAgreement agree(const StepReport& report);
    const dist::SyncStepStats* lastSync() const;

    // ---- each rank's memory -------------------------------------------------------------------------------------
    // This rank's memory timeline and device ("cpu", "cuda:0"), once the trainer has chosen them; not owned.
    void watchMemory(memory::MemoryTimeline* timeline, std::string device);
    // This rank's memory for the batch agreement (StepReport::memory): allocated, reserved, peak, and the highest
    // since the last report (data parallel: from the timeline's samples; one process: allocated).
    std::array<int64_t, 4> memoryReport();
    // Rank 0: the other ranks' memory after a batch (agreed), as one sample per rank of their timelines.
    void recordRankMemory(const StepAgreement& agreed);
    // Rank 0: the other ranks' timelines (rank r at index r - 1), memory_rankN.csv's rows.
    const std::vector<std::vector<memory::MemorySample>>& rankMemory() const { return rankMemory_; }
    // Hands the samples recorded since the previous call to `onMemory`, this rank's and the others', in one call
    // (none when there are none, or no callback).
    void sendMemory(const std::function<void(const std::vector<memory::MemorySample>&)>& onMemory);

    // ---- synchronised BatchNorm (sync_bn=true) ---------------------------------------------------------------
    // Every Conv's BatchNorm in `model` normalises with the statistics of every rank's batch (internal/syncbn.h),
    // its exchanges on a process group of their own (dist::StepExchange). Every rank, after attachParameters.
    // One process: nothing. Errors as ProcessWorld::subgroup.
    std::optional<Error> syncBatchNorm(torch::nn::Module& model);
    bool batchNormSynced() const { return exchange_ != nullptr; }
    // Each batch (and each redo of it) with synchronised BatchNorm; nothing without. beginBatch() before its
    // first forward; endBatch() after its last backward and before afterSyncedBackward() (throws
    // dist::StepAbandoned when another rank abandoned the batch after this rank's last exchange);
    // abandonBatch() when this rank's batch failed, before abandonStep() (the others' BatchNorms stop where
    // they are; nothing when the batch was already ended by another rank).
    void beginBatch();
    void endBatch();
    void abandonBatch();
    // The batch was ended by another rank's failure (its out-of-memory or error), not by one of this rank.
    bool batchEndedByPeer() const;

    // ---- between epochs and at the end ------------------------------------------------------------------------
    // Rank 0 tells the others how to go on after epoch `epoch` (they wait in awaitEpochWord, however long its
    // validation takes, as long as its heartbeat goes on).
    void tellEpochWord(int epoch, EpochWord word, const std::string& message = {});
    std::pair<EpochWord, std::string> awaitEpochWord(int epoch);
    // After agreeControl() with `pause`: rank 0 calls releasePause() when its pause ends, the others wait in
    // holdPause() until then (however long, while rank 0's heartbeat goes on).
    void releasePause();
    void holdPause();
    // The end of a run that went well: the others tell rank 0 they are done with its store, and rank 0 (which
    // may host the store) waits for that before it leaves.
    void farewell();
    // This rank fails: the cause, for the others' messages.
    void announceFailure(const std::string& cause) noexcept;
    // Which rank failed and why (announced causes, processes gone, heartbeats stopped), one line.
    std::string explainFailure();

private:
    DataParallel() = default;
    dist::WorldSpec spec_;
    std::unique_ptr<dist::ProcessWorld> world_;
    std::unique_ptr<dist::GradientSync> sync_;
    std::unique_ptr<dist::StepExchange> exchange_;
    std::shared_ptr<BatchNormGather> gather_;   // the model's Convs hold it; closed when this ends
    torch::Device device_{torch::kCPU};
    int64_t controls_ = 0;   // agreeControl() calls so far: names the pause that releasePause()/holdPause() end
    memory::MemoryTimeline* timeline_ = nullptr;
    std::string memDevice_ = "cpu";
    double memorySentUpTo_ = -1;       // time of the last own sample given to onMemory
    double memoryReportedUpTo_ = -1;   // time of the last own sample summed into a memoryReport()
    std::vector<std::vector<memory::MemorySample>> rankMemory_;   // rank 0: ranks 1.. (index rank - 1)
    std::vector<size_t> rankMemorySent_;                          // samples of each already given to onMemory
};

}  // namespace ys
