// The training loop (shape of pytorch/examples cpp/mnist): setup, then trainEpoch() and validate() per epoch,
// checkpoints of model + EMA + optimizer + scaler + progress together, all on the calling thread.
#include "train/trainer.h"

#include "augment/internal/loader.h"
#include "common/device.h"
#include "common/fileutil.h"
#include "common/internal/torcherror.h"
#include "common/log.h"
#include "common/text.h"
#include "common/trainrules.h"
#include "data/check.h"
#include "data/classes.h"
#include "data/dataset.h"
#include "loss/internal/detection_loss.h"
#include "memory/memory.h"
#include "fit/fit.h"
#include "model/checkpointlayers.h"
#include "model/freeze.h"
#include "model/internal/ema.h"
#include "model/internal/optimizer.h"
#include "model/internal/threads.h"
#include "model/modelfile.h"
#include "train/environment.h"
#include "train/internal/checkpoint.h"
#include "train/internal/dataparallel.h"
#include "train/internal/device.h"
#include "train/internal/gradscaler.h"
#include "train/internal/runrecorder.h"
#include "train/internal/stagerun.h"
#include "train/internal/stageschedule.h"
#include "train/internal/validator.h"
#include "weights/checkpoint.h"
#include "run/eventdetails.h"
#include "run/reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;

namespace ys {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kMinWarmupIterations = 100;    // warmup lasts at least this many batches (reference rule)
constexpr auto kPausePoll = std::chrono::milliseconds(50);

double interp(double x, double x0, double x1, double y0, double y1)
{
    if (x <= x0)
        return y0;
    if (x >= x1)
        return y1;
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0);
}

struct OptimizerSetup {
    std::unique_ptr<torch::optim::Optimizer> optimizer;
    OptimizerChoice choice;          // kind, lr0 (every group's initial LR), momentum, warmup bias LR
    std::string name() const { return toString(choice.kind); }
};

double lrLambda(const TrainConfig& cfg, double epoch)
{
    const double e = static_cast<double>(cfg.epochs);
    if (cfg.cos_lr)
        return ((1.0 - std::cos(epoch * M_PI / e)) / 2.0) * (cfg.lrf - 1.0) + 1.0;
    return std::max(1.0 - epoch / e, 0.0) * (1.0 - cfg.lrf) + cfg.lrf;
}

// resume=auto: the run folder under `project` named `name` (or name2, name3, ...) that was interrupted, stopped or
// failed with epochs left (readRun's `resumable`), the one whose weights/last.pt is newest.
std::optional<std::string> latestResumableRun(const std::string& project, const std::string& name)
{
    std::error_code ec;
    const fs::path root = fs::absolute(fs::path(project), ec);
    std::optional<std::string> best;
    fs::file_time_type bestTime{};
    for (const auto& entry : fs::directory_iterator(root, ec)) {
        const std::string folder = entry.path().filename().string();
        if (folder.rfind(name, 0) != 0 ||
            !std::all_of(folder.begin() + static_cast<std::ptrdiff_t>(name.size()), folder.end(),
                         [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }))
            continue;
        const fs::path last = entry.path() / "weights" / "last.pt";
        if (!fs::exists(last, ec))
            continue;
        auto run = readRun(entry.path().string());
        if (!run || !run->resumable)
            continue;
        const auto t = fs::last_write_time(last, ec);
        if (!best || t > bestTime) {
            best = last.string();
            bestTime = t;
        }
    }
    return best;
}

// One attempt at a batch on this rank: what it reports to the others, and what went wrong.
struct BatchAttempt {
    StepReport report;
    std::exception_ptr failure;   // this rank's exception (out of memory, an error), rethrown when it ends the run
    std::string oomText;          // the out-of-memory's message for OomDetails (at most 200 characters)
    bool endedByPeer = false;     // another rank's failure ended this batch in a synchronised BatchNorm
};

class Trainer {
public:
    Trainer(TrainConfig cfg, const TrainCallbacks& cb, TrainControl* control, TrainOptions options)
        : cfg_(std::move(cfg)), cb_(cb), control_(control), options_(std::move(options))
    {
    }

    ~Trainer()
    {
        if (budgetSet_)
            memory::setBudget(0, memDevice());   // the budget is process-wide: do not leave it behind
    }

    Expected<TrainSummary> run();

private:
    // Data parallel: meets the run's other processes (TrainOptions::world) on this rank's device; one process:
    // nothing to meet.
    std::optional<Error> joinWorld();
    // setup(): the settings every rank was given must match; rank 0 (or the one process) runs setupRun() and
    // hands its start to the others, which set up from it (followRankZero); then every rank's outcome is agreed.
    std::optional<Error> setup();
    // sync_bn=true in a world of several: every rank's BatchNorms normalise over the world batch. After every
    // rank's setup succeeded (forming the BatchNorms' process group is a collective of all ranks).
    std::optional<Error> syncBatchNorm();
    // Every step, in order; each returns the input error that stops the run. Input errors that need no run
    // folder (settings, device, dataset, model YAML) come before the folder is created.
    std::optional<Error> setupRun();
    // A rank other than 0: rank 0's settings, weights, optimizer state and progress (startState()), then this
    // rank's device, data, model, loader and optimizer from them.
    std::optional<Error> followRankZero();
    std::optional<Error> setupFromStart(const std::string& start);
    // Rank 0's start for the others: a checkpoint's bytes (effective settings, weights, optimizer, progress).
    std::string startState();
    // What every checkpoint (and rank 0's start state) says about the run's settings, model and step.
    CheckpointMeta checkpointMeta() const;
    // An exception during set-up as the error train() returns.
    Error setupFailure(const std::exception& e) const;
    // This rank's device: its entry of a device list, by local rank (deviceForLocalRank).
    Expected<torch::Device> rankDevice() const;
    // resume=: the run's own settings from its checkpoint, with the keys a user may change on resume.
    std::optional<Error> loadResume(std::optional<LoadedCheckpoint>& resumed);
    // Device, AMP, memory budget and timeline, model threads and loader workers.
    std::optional<Error> chooseDevice();
    // The dataset, its check, and the trainable train/val images.
    std::optional<Error> openData();
    // The model spec (from the YAML, or the checkpoint when resuming).
    std::optional<Error> loadSpec(const std::optional<LoadedCheckpoint>& resumed);
    // The run folder, events and results files; the fit (batch=auto, or the one it starts with: TrainOptions::fit);
    // args.yaml and check.json.
    std::optional<Error> openRunFolder();
    // batch=auto / -1: probes memory, picks the batch (and AMP when amp=auto), writes fit.json.
    std::optional<Error> fitBatchToMemory();
    std::optional<Error> buildModel(std::optional<LoadedCheckpoint>& resumed);
    // model=x.pt: builds spec_ and model_ from the weights file, transferring what matches (logged, an event).
    std::optional<Error> transferFrom(const std::string& weights, int nc);
    void buildLoader();
    std::optional<Error> buildOptimizer(const std::optional<LoadedCheckpoint>& resumed);
    // Optimizer state, EMA, loss scale and progress of a resumed run.
    std::optional<Error> restoreTrainingState(const LoadedCheckpoint& resumed);
    void buildValidator();
    // checkpoint= of the settings in effect: the layers recompute their activations in the backward pass (auto:
    // the layers the fit chose for the stage).
    std::optional<Error> applyCheckpointing();
    // Staged runs: at the first epoch of a stage (or the first epoch trained after a resume), the stage's
    // settings, loader, validator and checkpointing, and its `stage` event.
    std::optional<Error> enterStage(const StageSchedule::Entry& stage, int epoch);
    // What every rank does before an epoch, rank 0 (run) and the others (follow) alike: the stage, the scheduled
    // LR. A rank that differed would arm its gradient sync on other batches and the collectives would fall out
    // of step.
    std::optional<Error> beginEpoch(int epoch);

    // One epoch of training; false when stopped by the user. Throws on unrecoverable errors.
    bool trainEpoch(int epoch);
    // Before each batch: the user's stop and pause, agreed by every rank; holds a pause until it ends (when
    // holdPause). False: stop before this batch.
    bool goOn(bool holdPause = true);
    // Batch `i` of `epoch` (ni: batches trained in the run before it): its passes, redone at half the micro-batch
    // after an out-of-memory on any rank, then the optimizer step when it ends an accumulation window.
    void trainBatch(const Batch& batch, int epoch, int i, int64_t ni);
    // Warmup (batches 0..warmupIters_): each group's LR and momentum ramp to the scheduled ones, accumulation to nbs.
    void applyWarmup(int64_t ni, int epoch);
    // One attempt at the batch in micro-batches (step: it ends an accumulation window, its gradients are summed over
    // the ranks). Throws what ends the run here; an out-of-memory or a failure to agree on comes back in the attempt.
    BatchAttempt runMicroBatches(const Batch& batch, bool step, int epoch, int i);
    // In runMicroBatches' handler of `e`: records it in the attempt and leaves the batch (stepUnsynced: its step's
    // buckets are still owed to the others). Rethrows an error of one process.
    void batchFailed(const std::exception& e, bool stepUnsynced, BatchAttempt& attempt);
    // After an out-of-memory on any rank (agreed): every rank halves its micro-batch and restarts the accumulation
    // window at this batch (an `oom_recovered` event). Throws when the micro-batch is already 1.
    void recoverFromOom(const StepAgreement& agreed, const BatchAttempt& attempt, int epoch, int i, int64_t ni);
    void optimizerStep();
    // Validates the EMA model after `epoch` into row/metrics; false when stopped by the user.
    bool validateEpoch(int epoch, EpochResult& row, DetectionMetrics& metrics);
    // Best-so-far bookkeeping, results.csv, checkpoints and memory.csv, then the onEpoch callback.
    std::optional<Error> recordEpoch(EpochResult& row, const DetectionMetrics& metrics);
    // Rank 0: the start (or resume) event, environment.json and the opening log lines.
    void announceStart();
    // Rank 0, after beginEpoch: trains, validates and records epoch `epoch`, then tells the others how the run goes
    // on. False when the run stops after it (the user, patience); throws what ends the run.
    Expected<bool> runEpoch(int epoch);
    // The row of results.csv of the epoch just trained: losses, LRs and throughput.
    EpochResult trainedRow(int epoch, double trainSecs) const;
    // A rank other than 0: the epochs, each ended by rank 0's word after its validation.
    Expected<TrainSummary> follow();
    // The message of an exception that ended training.
    std::string trainingFailure(const std::exception& e) const;
    // What every checkpoint holds beside the recorder's own fields: checkpointMeta(), EMA updates, the models.
    CheckpointParts checkpointParts();
    // environment.json: this machine and build (collectEnvironment) with the run's device and threads.
    void writeEnvironment();

    bool resumed() const { return !resumePath_.empty(); }
    bool channelsLast() const { return device_.is_cpu(); }      // CPU models run channels_last (oneDNN)
    std::string memDevice() const { return device_.is_cuda() ? "cuda:" + std::to_string(device_.index()) : "cpu"; }
    int batchesPerEpoch() const { return static_cast<int>(loader_->size()); }
    // Images of one batch on this rank: the (world) batch over the ranks.
    int rankBatch() const { return cfg_.batch / std::max(1, dp_->size()); }

    // First member, so destroyed last: freed memory is handed back once every tensor of the run is gone.
    RetainFreedMemory retainFreedMemory_;
    TrainConfig cfg_;       // the settings in effect (a staged run: those of the stage it trains)
    StageSchedule stages_;  // the run's own settings (args.yaml, checkpoints), its stages, checkpoint=auto's layers
    int64_t niBase_ = 0;    // batches trained before the current epoch (warmup and accumulation count on)
    TrainCallbacks cb_;
    TrainControl* control_;
    TrainControl ownControl_;
    TrainOptions options_;
    std::unique_ptr<DataParallel> dp_;   // this rank among the run's processes (one process: trivial hooks)
    std::vector<std::string> resumeNotes_;   // what a resume changed or refused (loadResume), for the log

    torch::Device device_{torch::kCPU};
    AmpMode amp_ = AmpMode::Off;
    int intraThreads_ = 1;   // in effect after configureIntraOpThreads
    int loaderWorkers_ = 0;  // for training and validation loaders (runThreadsFor)
    TrainSummary summary_;
    RunRecorder recorder_{cb_, summary_};   // rank 0's run folder; the run's best epoch is summary_.best

    Dataset dataset_;
    ClassSubset classes_;   // `classes=`: the dataset classes the run trains on, renumbered 0..k-1
    bool transferred_ = false;  // model_ came from model=x.pt (transferFrom)
    CheckOptions checkOptions_;
    CheckResult check_;
    std::vector<ImageRecord> trainImages_, valImages_;
    ModelSpec spec_;
    std::string modelYaml_;
    DetectionModel model_{nullptr};
    std::unique_ptr<ModelEma> ema_;
    std::unique_ptr<DetectionLoss> loss_;
    OptimizerSetup opt_;
    std::unique_ptr<GradScaler> scaler_;
    std::unique_ptr<BatchLoader> loader_;
    std::unique_ptr<Validator> validator_;
    std::vector<torch::Tensor> params_;

    int accumulate_ = 1;
    int microBatch_ = 0;        // images per forward/backward (halved on out-of-memory)
    double weightDecay_ = 0;    // group 0's decay, scaled to the batch
    int64_t warmupIters_ = 0;
    int64_t lastOptStep_ = -1;
    int startEpoch_ = 0;
    std::string resumePath_;    // the checkpoint resumed from; empty for a new run

    std::unique_ptr<memory::MemoryTimeline> timeline_;
    bool budgetSet_ = false;

    // Per-epoch running state.
    torch::Tensor tloss_;
    int64_t tlossCount_ = 0;
    int64_t imagesThisEpoch_ = 0;
};

std::optional<Error> Trainer::joinWorld()
{
    // The device decides the backend (NCCL for GPUs); resume= cannot move a rank between CPU and GPU.
    torch::Device device(torch::kCPU);
    if (options_.world && options_.world->distributed()) {
        auto dev = rankDevice();
        if (!dev)
            return dev.error();
        device = *dev;
    }
    auto dp = DataParallel::join(options_.world, device);
    if (!dp)
        return dp.error();
    dp_ = std::move(*dp);
    return std::nullopt;
}

Expected<torch::Device> Trainer::rankDevice() const
{
    const dist::WorldSpec one;
    const dist::WorldSpec& w = options_.world ? *options_.world : one;
    auto spec = deviceForLocalRank(cfg_.device, w.localRank, w.localSize);
    if (!spec)
        return spec.error();
    if (!options_.world && parseDevices(cfg_.device) && parseDevices(cfg_.device)->size() > 1)
        return Error{"device.ranks", "device=" + cfg_.device + " trains one process per GPU: start the run with "
                                     "yolostudio-cli train (or torchrun), which starts them",
                     {}, 0, 0};
    return resolveDevice(spec->name());
}

Error Trainer::setupFailure(const std::exception& e) const
{
    if (dynamic_cast<const dist::WorldFailure*>(&e))
        return Error{"dist.rank_lost", std::string("could not set up with the other processes: ") + e.what(), cfg_.data,
                     0, 0};
    return isOutOfMemory(e)
               ? Error{"train.oom", "the model does not fit in the memory budget even before training (weights, "
                                    "gradients and optimizer state); raise vram or pick a smaller model",
                       cfg_.data, 0, 0}
               : Error{"train.setup", "could not set up training: " + exceptionText(e), cfg_.data, 0, 0};
}

std::optional<Error> Trainer::setup()
{
    // The settings as given: every rank must have been started with rank 0's (resume= then reads the run's own).
    if (auto err = dp_->checkSameSettings(cfg_))
        return err;
    if (!dp_->writer())
        return followRankZero();
    std::optional<Error> err;
    try {
        err = setupRun();
    } catch (const dist::WorldFailure&) {
        throw;
    } catch (const std::exception& e) {
        err = setupFailure(e);
    }
    dp_->shareStart(err || !dp_->distributed() ? std::string() : startState(), err);
    if (err)
        return err;
    return dp_->agreeSetup(std::nullopt);
}

std::optional<Error> Trainer::syncBatchNorm()
{
    if (!cfg_.sync_bn)
        return std::nullopt;
    if (!dp_->distributed()) {
        recorder_.logLine("sync_bn=true: one process, whose BatchNorms already see each whole micro-batch; nothing to synchronise");
        return std::nullopt;
    }
    if (auto err = dp_->syncBatchNorm(*model_))
        return err;
    recorder_.logLine("sync_bn: BatchNorm statistics over all " + std::to_string(dp_->size()) + " processes' images (" +
                      std::to_string(dp_->size()) + " x " + std::to_string(rankBatch()) + " per batch)");
    return std::nullopt;
}

std::optional<Error> Trainer::followRankZero()
{
    auto start = dp_->receiveStart();
    if (!start)
        return start.error();
    std::optional<Error> err;
    try {
        err = setupFromStart(*start);
    } catch (const dist::WorldFailure&) {
        throw;
    } catch (const std::exception& e) {
        err = setupFailure(e);
    }
    return dp_->agreeSetup(err);
}

std::string Trainer::startState()
{
    CheckpointMeta meta = checkpointMeta();
    meta.epoch = startEpoch_;
    const fs::path tmp = fs::temp_directory_path() / ("yolostudio-start-" + std::to_string(::getpid()) + ".pt");
    if (auto err = saveCheckpoint(tmp.string(), meta, &model_, nullptr, opt_.optimizer.get()))
        throw std::runtime_error(err->message);
    std::ifstream in(tmp, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::error_code ec;
    fs::remove(tmp, ec);
    return bytes;
}

std::optional<Error> Trainer::setupFromStart(const std::string& start)
{
    const fs::path tmp = fs::temp_directory_path() / ("yolostudio-start-" + std::to_string(::getpid()) + ".pt");
    struct Remove {
        fs::path path;
        ~Remove()
        {
            std::error_code ec;
            fs::remove(path, ec);
        }
    } remove{tmp};
    if (auto err = writeFileAtomic(tmp.string(), start))
        return err;
    auto dev = rankDevice();
    if (!dev)
        return dev.error();
    auto ck = loadCheckpoint(tmp.string(), *dev);
    if (!ck)
        return ck.error();
    // Rank 0's settings (after resume= and batch=auto), read as it wrote them.
    auto settings = TrainConfig::fromYamlText(ck->meta.argsYaml, TrainConfig{}, nullptr, "rank 0's settings");
    if (!settings)
        return settings.error();
    cfg_ = *settings;
    if (auto err = chooseDevice())
        return err;
    if (auto err = openData())
        return err;
    std::optional<LoadedCheckpoint> from = std::move(*ck);
    if (auto err = loadSpec(from))
        return err;
    if (auto err = buildModel(from))
        return err;
    buildLoader();
    if (auto err = buildOptimizer(from))
        return err;
    if (from->hasOptimizer) {
        if (auto err = loadOptimizerState(tmp.string(), *opt_.optimizer, device_))
            return err;
        setWeightDecay(opt_.optimizer->param_groups()[0], opt_.choice.kind, weightDecay_);
    }
    startEpoch_ = from->meta.epoch;
    if (from->meta.microBatch > 0)
        microBatch_ = std::min(microBatch_, from->meta.microBatch);
    scaler_->setScale(from->meta.scalerScale);
    dp_->attachParameters(params_);
    return std::nullopt;
}

std::optional<Error> Trainer::setupRun()
{
    std::optional<LoadedCheckpoint> resumed;
    if (auto err = loadResume(resumed))
        return err;
    if (auto errs = cfg_.validate(); !errs.empty())
        return errs.front();
    if (auto err = dist::checkWorldBatch(cfg_.batch, dp_->size()))
        return err;
    if (dp_->size() > 1 && cfg_.rect)
        return Error{"dist.rect", "rect=true trains rectangular batches in one process only; leave it out for a run "
                                  "of " + std::to_string(dp_->size()) + " processes",
                     {}, 0, 0};
    if (auto err = chooseDevice())
        return err;
    if (auto err = openData())
        return err;
    // The run folder before the model, so a run whose model cannot be read leaves its error in events.jsonl.
    if (auto err = openRunFolder())
        return err;
    cfg_ = stages_.start(cfg_, resumed ? resumed->meta.epoch : 0);   // the loop's enterStage sends the event
    if (auto err = loadSpec(resumed))
        return err;
    if (auto err = buildModel(resumed))
        return err;
    buildLoader();
    if (auto err = buildOptimizer(resumed))
        return err;
    if (resumed) {
        if (auto err = restoreTrainingState(*resumed))
            return err;
    }
    buildValidator();
    dp_->attachParameters(params_);
    return std::nullopt;
}

std::optional<Error> Trainer::loadResume(std::optional<LoadedCheckpoint>& resumed)
{
    // A rank its launcher restarted (torchrun --max-restarts, a requeued SLURM job) continues the run.
    if (cfg_.resume.empty() && options_.world && options_.world->restartCount > 0) {
        cfg_.resume = "auto";
        recorder_.logLine("restart " + std::to_string(options_.world->restartCount) + " of this run: resume=auto");
    }
    if (cfg_.resume == "auto") {
        const std::optional<std::string> latest = latestResumableRun(cfg_.project, cfg_.name);
        if (!latest) {
            recorder_.logLine("resume=auto: no interrupted run named " + cfg_.name + " under " + cfg_.project +
                              "; starting a new run");
            cfg_.resume.clear();
            return std::nullopt;
        }
        recorder_.logLine("resume=auto: continuing " + *latest);
        cfg_.resume = *latest;
    }
    if (cfg_.resume.empty())
        return std::nullopt;
    resumePath_ = cfg_.resume;
    if (fs::is_directory(resumePath_))
        resumePath_ = (fs::path(resumePath_) / "weights" / "last.pt").string();
    auto dev = rankDevice();
    if (!dev)
        return dev.error();
    auto ck = loadCheckpoint(resumePath_, *dev);
    if (!ck)
        return ck.error();
    if (ck->ultralytics)
        return Error{"resume.ultralytics", "an Ultralytics checkpoint cannot be resumed here; start a new run "
                                           "from its weights with model=" + resumePath_,
                     resumePath_, 0, 0};
    if (!ck->model || !ck->hasOptimizer)
        return Error{"resume.not_last", "this checkpoint cannot be resumed (it has no training state); resume "
                                        "from weights/last.pt",
                     resumePath_, 0, 0};
    auto loaded = TrainConfig::fromYamlText(ck->meta.argsYaml, TrainConfig{}, nullptr, resumePath_ + " (args)");
    if (!loaded)
        return loaded.error();
    TrainConfig saved = *loaded;
    // The keys the user gave that a resumed run may change (ConfigKey::resumable) take the given value,
    // whatever it is; everything else comes from the run's args.yaml.
    const std::vector<std::string> resumable = resumableKeys();
    std::vector<std::string> changed, refused;
    for (const std::string& key : options_.givenKeys) {
        if (key == "resume")
            continue;
        const std::optional<std::string> given = cfg_.get(key), own = saved.get(key);
        if (!given || given == own)
            continue;
        if (std::find(resumable.begin(), resumable.end(), key) == resumable.end()) {
            refused.push_back(key + " " + *own + " (given " + *given + ")");
            continue;
        }
        changed.push_back(key + " " + *own + " -> " + *given);
        saved.set(key, *given);
    }
    saved.resume = resumePath_;
    cfg_ = saved;
    resumeNotes_.clear();
    if (!changed.empty())
        resumeNotes_.push_back("resume: changed from the run's own settings: " + join(changed, ", "));
    if (!refused.empty())
        resumeNotes_.push_back("resume: kept the run's own " + join(refused, ", ") +
                               ": these settings cannot change when a run resumes");
    resumed = std::move(*ck);
    return std::nullopt;
}

std::optional<Error> Trainer::chooseDevice()
{
    auto dev = rankDevice();
    if (!dev)
        return dev.error();
    device_ = *dev;
    auto amp = resolveAmp(cfg_.amp, device_);
    if (!amp)
        return amp.error();
    amp_ = *amp;
    if (device_.is_cpu())
        memory::installCpuTracker();
    const memory::MemoryStats ms = memory::currentStats(memDevice());
    auto budget = memory::parseMemoryBudget(cfg_.vram, ms.deviceTotal);
    if (!budget)
        return budget.error();
    // An empty vram means the whole device: no cap beyond what the device itself enforces. The CPU processes of
    // this machine share vram, as the fit shares it (FitRequest::localProcesses).
    if (!cfg_.vram.empty()) {
        const int local = dp_->spec().localSize;
        memory::setBudget(processBudget(*budget, device_.is_cuda(), local), memDevice());
        budgetSet_ = true;
        if (device_.is_cpu() && local > 1)
            recorder_.logLine("vram=" + cfg_.vram + " is shared by the " + std::to_string(local) + " processes on this machine's "
                              "CPU: this one is held to " + memory::formatBytes(memory::budget(memDevice())));
    }
    memory::TimelineOptions to;
    to.device = memDevice();
    timeline_ = std::make_unique<memory::MemoryTimeline>(to);
    dp_->watchMemory(timeline_.get(), memDevice());
    // The processes of a data-parallel run on this machine share its cores.
    const int cores = processCores(dp_->spec().localSize);
    const RunThreads threads = runThreadsFor(cfg_.workers, cfg_.threads, device_.is_cuda(), cores);
    intraThreads_ = configureIntraOpThreads(threads.intraOp);
    loaderWorkers_ = threads.loaderWorkers;
    return std::nullopt;
}

std::optional<Error> Trainer::openData()
{
    auto ds = openDataset(cfg_.data);
    if (!ds)
        return ds.error();
    dataset_ = std::move(*ds);
    checkOptions_.imgsz = cfg_.imgsz;
    checkOptions_.hashImages = false;
    check_ = checkDataset(dataset_, checkOptions_);
    trainImages_ = trainableImages(dataset_, check_, Split::Train);
    valImages_ = trainableImages(dataset_, check_, Split::Val);
    trainImages_.resize(static_cast<size_t>(trainImagesFor(static_cast<int64_t>(trainImages_.size()), cfg_.fraction)));
    if (trainImages_.empty())
        return Error{"data.no_train_images", "the dataset has no usable training images", dataset_.spec.yamlPath, 0, 0};
    auto subset = makeClassSubset(cfg_.classes, dataset_.spec.names, dataset_.spec.yamlPath);
    if (!subset)
        return subset.error();
    classes_ = std::move(*subset);
    if (!classes_.identity()) {
        const int64_t dropped = applyClassSubset(classes_, trainImages_) + applyClassSubset(classes_, valImages_);
        std::string kept;
        for (size_t i = 0; i < classes_.kept.size(); ++i)
            kept += (i ? ", " : "") + std::to_string(classes_.kept[i]) + " " + classes_.names[i];
        recorder_.logLine("classes: training on " + std::to_string(classes_.nc()) + " of " +
                          std::to_string(dataset_.spec.nc()) + " classes (" + kept + "), renumbered 0.." +
                          std::to_string(classes_.nc() - 1) + "; " + std::to_string(dropped) + " boxes of other classes left out");
    }
    return std::nullopt;
}

std::optional<Error> Trainer::loadSpec(const std::optional<LoadedCheckpoint>& resumed)
{
    const int nc = classes_.nc();
    if (resumed) {
        if (resumed->spec.nc != nc)
            return Error{"resume.nc", "the dataset now has " + std::to_string(nc) + " classes but the run was trained "
                                      "with " + std::to_string(resumed->spec.nc),
                         cfg_.data, 0, 0};
        spec_ = resumed->spec;
        modelYaml_ = resumed->meta.modelYaml;
        return std::nullopt;
    }
    std::error_code ec;
    if (isWeightsFile(cfg_.model) && fs::exists(cfg_.model, ec))
        return transferFrom(cfg_.model, nc);
    if (auto err = checkModelYamlArgument(cfg_.model))
        return err;
    auto spec = loadModelSpec(cfg_.model, nc);
    if (!spec)
        return spec.error();
    spec_ = *spec;
    modelYaml_ = modelYamlText(spec_);
    return std::nullopt;
}

std::optional<Error> Trainer::transferFrom(const std::string& weights, int nc)
{
    // Fine-tuning: the file's own model at this dataset's nc, every tensor whose name and shape match.
    torch::manual_seed(static_cast<uint64_t>(cfg_.seed));
    auto start = startingModel(weights, nc);
    if (!start)
        return start.error();
    spec_ = start->spec;
    modelYaml_ = spec_.yamlText;
    model_ = start->model;
    transferred_ = true;
    const TransferReport& r = start->report;
    recorder_.logLine(r.summary() + " from " + weights);
    nlohmann::json kept = nlohmann::json::array();
    for (const TensorMismatch& m : r.kept) {
        recorder_.logLine("  not transferred: " + m.describe());
        kept.push_back(m.name);
    }
    recorder_.event(EventKind::Transfer, r.summary() + " from " + weights + (r.kept.empty() ? "" : "; the others start fresh"),
                    nlohmann::json{{"weights", weights}, {"transferred", r.transferred}, {"total", r.total}, {"kept", kept}}
                        .dump());
    return std::nullopt;
}

std::optional<Error> Trainer::openRunFolder()
{
    recorder_.watchMemory(timeline_.get(), &dp_->rankMemory());
    if (auto err = resumed() ? recorder_.reopenFolder(resumePath_) : recorder_.createFolder(cfg_))
        return err;
    bool autoBatch = cfg_.stages.empty() && cfg_.batch < 1, autoCheckpoint = cfg_.checkpoint == "auto";
    for (const TrainStage& st : cfg_.stages) {
        autoBatch = autoBatch || st.batch < 1;
        for (const auto& [key, value] : st.overrides)
            autoCheckpoint = autoCheckpoint || (key == "checkpoint" && value == "auto");
    }
    if (autoBatch || autoCheckpoint) {
        if (auto err = fitBatchToMemory())
            return *err;
        auto fittedAmp = resolveAmp(cfg_.amp, device_);
        if (!fittedAmp)
            return fittedAmp.error();
        amp_ = *fittedAmp;
    } else if (options_.fit && !resumed()) {
        if (auto err = recorder_.writeFile("fit.json", fit::fitResultToJson(*options_.fit)))
            return *err;
        recorder_.logLine("fit.json: the run starts with the fit applied to its settings (predicted peak " +
                          memory::formatBytes(options_.fit->recommended.predictedPeakBytes) + " of " +
                          memory::formatBytes(options_.fit->budgetBytes) + ")");
    }
    if (auto err = recorder_.writeFile("args.yaml", cfg_.toYaml()))
        return *err;
    if (auto err = recorder_.writeFile("check.json", checkResultToJson(dataset_, check_, checkOptions_)))
        return *err;
    // The images the check keeps out of training and validation, by rule (check.json lists the files).
    if (const std::vector<ExcludedImage> excluded = excludedImages(dataset_, check_); !excluded.empty())
        recorder_.event(EventKind::Warning, excludedImagesText(excluded));
    return std::nullopt;
}

std::optional<Error> Trainer::fitBatchToMemory()
{
    // Data parallel: rank 0 fits its own device for one process's share of the world batch, of the cores and,
    // on the CPU, of the memory its machine's processes share (fitRequestFor, FitRequest::localProcesses).
    fit::FitRequest req = fit::fitRequestFor(cfg_, dp_->spec().localSize, dp_->spec().nodes);
    req.device = memDevice();
    if (dp_->spec().localSize > 1)
        req.threads = intraThreads_;
    recorder_.logLine("batch=auto: probing memory to fit the batch size...");
    auto fit = fit::fitToMemory(req);
    if (!fit)
        return fit.error();
    if (auto err = recorder_.writeFile("fit.json", fit::fitResultToJson(*fit)))
        return *err;
    const fit::Recommendation& rec = fit->recommended;
    if (!rec.fits)
        return Error{"fit.no_fit", "not even batch 1 fits the memory budget at imgsz " + std::to_string(rec.imgsz) +
                                       "; lower imgsz, pick a smaller model or raise vram",
                     cfg_.data, 0, 0};
    if (cfg_.batch < 1) {
        cfg_.batch = rec.batch * dp_->size();
        if (dp_->size() > 1)
            recorder_.logLine("batch=auto: " + std::to_string(rec.batch) + " images per process x " + std::to_string(dp_->size()) +
                              " processes = " + std::to_string(cfg_.batch) + " images per step");
    }
    std::vector<std::vector<int>> autoCheckpoint = {rec.checkpointLayers};
    if (!cfg_.stages.empty()) {
        // Each stage's batch=auto becomes the batch fitted at its own imgsz (args.yaml and a resume keep it).
        autoCheckpoint.clear();
        for (size_t i = 0; i < cfg_.stages.size() && i < fit->stages.size(); ++i) {
            const fit::StageFit& sf = fit->stages[i];
            if (!sf.fits)
                return Error{"fit.no_fit", "stage " + std::to_string(i + 1) + ": not even batch 1 fits the memory "
                                           "budget at imgsz " + std::to_string(sf.imgsz) +
                                           "; lower its imgsz, pick a smaller model or raise vram",
                             cfg_.data, 0, 0};
            if (cfg_.stages[i].batch < 1)
                cfg_.stages[i].batch = sf.batch * dp_->size();   // a stage's batch is the world's too
            autoCheckpoint.push_back(sf.checkpointLayers);
        }
    }
    stages_.setAutoCheckpoint(std::move(autoCheckpoint));
    if (cfg_.amp == "auto")
        cfg_.amp = rec.ampMode;
    std::istringstream report(fit::formatFitResult(*fit));
    for (std::string line; std::getline(report, line);)
        recorder_.logLine(line);
    recorder_.event(EventKind::Fit, "batch=auto chose batch " + std::to_string(rec.batch) + " (accumulate " +
                               std::to_string(rec.accumulate) + ", amp " + rec.ampMode + "), predicted peak " +
                               memory::formatBytes(rec.predictedPeakBytes) + " of " + memory::formatBytes(fit->budgetBytes),
                    detailsJson(FitDetails{rec.batch, rec.accumulate, rec.ampMode, rec.imgsz, rec.predictedPeakBytes,
                                           fit->budgetBytes, fit->certainty}));
    return std::nullopt;
}

std::optional<Error> Trainer::buildModel(std::optional<LoadedCheckpoint>& resumed)
{
    if (resumed) {
        model_ = resumed->model;
    } else if (!transferred_) {
        torch::manual_seed(static_cast<uint64_t>(cfg_.seed));
        model_ = DetectionModel(spec_);
    }
    model_->to(device_);
    if (channelsLast())
        ys::toChannelsLast(*model_);
    model_->train();
    // freeze= (and the DFL projection, always): before the optimizer, whose groups leave frozen tensors out.
    auto frozen = freezeLayers(*model_, cfg_.freeze);
    if (!frozen)
        return frozen.error();
    if (!frozen->layers.empty()) {
        const std::string which = *cfg_.get("freeze");  // "10" (the first 10) or "[2, 5]"
        recorder_.logLine("freeze: " + (which.front() == '[' ? "layers " + which : "the first " + which + " layers") + " (" +
                          std::to_string(frozen->names.size()) + " tensors, " + std::to_string(frozen->parameters) +
                          " parameters, the DFL projection included) are not trained");
    }
    loss_ = std::make_unique<DetectionLoss>(classes_.nc(), model_->regMax(), model_->strides(),
                                            LossGains{cfg_.box, cfg_.cls, cfg_.dfl});
    return applyCheckpointing();
}

std::optional<Error> Trainer::applyCheckpointing()
{
    const std::optional<CheckpointSetting> setting = parseCheckpointSetting(cfg_.checkpoint);
    if (!setting)
        return Error{"config.checkpoint", "checkpoint " + cfg_.checkpoint + " is not off, auto, backbone, all or a "
                                          "list of layers", cfg_.data, 0, 0};
    std::vector<int> layers;
    if (setting->mode == CheckpointSetting::Mode::Auto) {
        layers = stages_.autoCheckpointLayers();
    } else {
        auto chosen = checkpointLayers(*setting, spec_);
        if (!chosen)
            return chosen.error();
        layers = *chosen;
    }
    if (layers != model_->checkpointLayers()) {
        model_->setCheckpointLayers(layers);
        if (!layers.empty())
            recorder_.logLine("checkpoint=" + cfg_.checkpoint + ": layers " + checkpointLayersText(layers) +
                              " recompute their activations in the backward pass (less memory, more time per step)");
    }
    return std::nullopt;
}

std::optional<Error> Trainer::enterStage(const StageSchedule::Entry& stage, int epoch)
{
    if (!stage.first) {
        // A new stage: its image size, batch and augmentation in new loaders; the optimizer, EMA, scaler and
        // schedule carry over.
        cfg_ = stage.cfg;
        loader_.reset();
        buildLoader();
        setWeightDecay(opt_.optimizer->param_groups()[0], opt_.choice.kind, weightDecay_);
        lastOptStep_ = niBase_ - 1;   // the accumulation window starts with the stage
        validator_.reset();
        buildValidator();
    }
    if (auto err = applyCheckpointing())
        return err;
    const std::string ck = model_->checkpointLayers().empty() ? std::string("off")
                           : cfg_.checkpoint == "auto"         ? checkpointLayersText(model_->checkpointLayers())
                                                               : cfg_.checkpoint;
    const StageDetails d = stageEventDetails(stages_.run(), static_cast<size_t>(stage.index), cfg_,
                                             accumulateFor(cfg_.nbs, cfg_.batch), ck,
                                             stage.first && resumed() && stages_.insideStage(epoch));
    recorder_.event(EventKind::Stage, stageEventText(d), detailsJson(d));
    recorder_.logLine(stageEventText(d));
    return std::nullopt;
}

void Trainer::buildLoader()
{
    LoaderOptions lo;
    lo.imgsz = cfg_.imgsz;
    lo.batch = rankBatch();
    lo.rank = dp_->rank();
    lo.world = dp_->size();
    lo.augment = true;
    lo.rect = cfg_.rect;
    lo.shuffle = !cfg_.rect;
    lo.workers = loaderWorkers_;
    if (lo.workers != cfg_.workers)
        recorder_.logLine("workers=" + std::to_string(cfg_.workers) + " -> " + std::to_string(lo.workers) + ": " +
                          std::to_string(intraThreads_) + " of " + std::to_string(cpuCores()) + " cores run the model" +
                          (lo.workers == 0 ? ", so batches are built on those threads between steps" : ""));
    lo.seed = static_cast<uint64_t>(cfg_.seed);
    lo.cacheRam = cfg_.cache == "ram";
    lo.pad = 0.0;
    lo.hyp = cfg_;
    loader_ = std::make_unique<BatchLoader>(trainImages_, lo);
    microBatch_ = options_.microBatch > 0 ? std::min(options_.microBatch, rankBatch()) : rankBatch();
    // The reference trainer's rules for a world batch (batch x world = cfg_.batch images per step):
    // accumulate = max(round(nbs / (batch x world)), 1), weight decay x batch x accumulate x world / nbs.
    accumulate_ = accumulateFor(cfg_.nbs, cfg_.batch);
    weightDecay_ = cfg_.weight_decay * cfg_.batch * accumulate_ / cfg_.nbs;
}

std::optional<Error> Trainer::buildOptimizer(const std::optional<LoadedCheckpoint>& resumed)
{
    auto choice = resolveOptimizer(cfg_, static_cast<int64_t>(trainImages_.size()), cfg_.batch, classes_.nc());
    if (!choice)
        return choice.error();
    opt_.choice = *choice;
    if (resumed) {
        // The optimizer the run started with, whatever optimizer=auto would pick at today's batch.
        auto kind = optimizerKindFor(resumed->meta.optimizerName, 0, cfg_.batch, cfg_.nbs, cfg_.epochs);
        if (!kind)
            return Error{"checkpoint.meta", kind.error().message, resumePath_, 0, 0};
        opt_.choice.kind = *kind;
        opt_.choice.lr0 = resumed->meta.lr0;
    }
    opt_.optimizer = makeOptimizer(parameterGroups(*model_), opt_.choice.kind, opt_.choice.lr0,
                                   opt_.choice.momentum, weightDecay_);
    for (auto& g : opt_.optimizer->param_groups())
        for (auto& p : g.params())
            params_.push_back(p);
    // Warmup epochs count in the first stage's batches.
    const int64_t firstBatches = batchesPerEpochFor(static_cast<int64_t>(trainImages_.size()),
                                                    stageConfig(cfg_, 0).batch);
    warmupIters_ = cfg_.warmup_epochs > 0
                       ? std::max<int64_t>(std::llround(cfg_.warmup_epochs * static_cast<double>(firstBatches)),
                                           kMinWarmupIterations)
                       : -1;
    scaler_ = std::make_unique<GradScaler>(amp_ == AmpMode::Fp16, device_);
    if (dp_->writer())   // the EMA is validated and saved by rank 0 alone
        ema_ = std::make_unique<ModelEma>(spec_, model_);
    return std::nullopt;
}

std::optional<Error> Trainer::restoreTrainingState(const LoadedCheckpoint& resumed)
{
    // The micro-batch an out-of-memory left, while the images per process are the same (another world size or
    // batch starts from the whole batch again).
    if (resumed.meta.microBatch > 0 && resumed.meta.batch == rankBatch())
        microBatch_ = std::min(microBatch_, resumed.meta.microBatch);
    if (auto err = loadOptimizerState(resumePath_, *opt_.optimizer, device_))
        return *err;
    // A changed batch size changes the weight decay scaling; the optimizer state keeps the old value.
    setWeightDecay(opt_.optimizer->param_groups()[0], opt_.choice.kind, weightDecay_);
    if (resumed.ema) {
        DetectionModel savedEma = resumed.ema;
        ema_->restore(savedEma, resumed.meta.emaUpdates);
    } else {
        ema_->updates = resumed.meta.emaUpdates;
    }
    scaler_->setScale(resumed.meta.scalerScale);
    startEpoch_ = resumed.meta.epoch;
    niBase_ = batchesBefore(stages_.run(), static_cast<int64_t>(trainImages_.size()), startEpoch_);
    if (auto err = recorder_.resume(resumed.meta, fs::exists(fs::path(resumePath_).parent_path() / "best.pt")))
        return *err;
    if (startEpoch_ >= cfg_.epochs)
        return Error{"resume.finished", "this run already finished its " + std::to_string(cfg_.epochs) +
                                            " epochs; pass epochs=N to train longer",
                     resumePath_, 0, 0};
    return std::nullopt;
}

void Trainer::buildValidator()
{
    if (valImages_.empty())   // val=false still validates the final epoch, as the reference does
        return;
    ValidatorOptions vo;
    vo.imgsz = cfg_.imgsz;
    vo.batch = validationBatchFor(rankBatch());
    vo.workers = loaderWorkers_;
    vo.conf = cfg_.conf;
    vo.iou = cfg_.iou;
    vo.maxDet = cfg_.max_det;
    vo.amp = amp_;
    vo.channelsLast = channelsLast();
    validator_ = std::make_unique<Validator>(valImages_, classes_.nc(), vo, device_);
}

void Trainer::optimizerStep()
{
    const bool finite = scaler_->unscale(params_);
    torch::nn::utils::clip_grad_norm_(params_, kGradClipNorm);
    if (finite)
        opt_.optimizer->step();
    scaler_->update(!finite);
    opt_.optimizer->zero_grad();
    if (ema_)
        ema_->update(model_);
}

void Trainer::applyWarmup(int64_t ni, int epoch)
{
    // Warmup: LR from 0 (bias: warmup_bias_lr) to the scheduled LR, momentum from warmup_momentum.
    if (ni > warmupIters_)
        return;
    const double x1 = static_cast<double>(warmupIters_);
    accumulate_ = std::max(1, static_cast<int>(std::lround(
                                  interp(static_cast<double>(ni), 0, x1, 1, static_cast<double>(cfg_.nbs) / cfg_.batch))));
    auto& groups = opt_.optimizer->param_groups();
    for (size_t j = 0; j < groups.size(); ++j) {
        const double target = opt_.choice.lr0 * lrLambda(cfg_, epoch);
        groups[j].options().set_lr(interp(static_cast<double>(ni), 0, x1, j == 2 ? opt_.choice.warmupBiasLr : 0.0, target));
        setMomentum(groups[j], opt_.choice.kind,
                    interp(static_cast<double>(ni), 0, x1, cfg_.warmup_momentum, opt_.choice.momentum));
    }
}

BatchAttempt Trainer::runMicroBatches(const Batch& batch, bool step, int epoch, int i)
{
    const int64_t n = batch.images.size(0);
    BatchAttempt attempt;
    attempt.report.images = n;
    bool synced = false;   // this step's gradient buckets were all-reduced
    dp_->beginBatch();
    try {
        torch::Tensor items = torch::zeros({3});
        for (int64_t begin = 0; begin < n; begin += microBatch_) {
            const int64_t end = std::min<int64_t>(n, begin + microBatch_);
            torch::Tensor x = prepareImages(batch.images.slice(0, begin, end), device_, channelsLast());
            torch::Tensor t = (begin == 0 && end == n ? batch.targets : sliceTargets(batch.targets, begin, end))
                                  .to(device_);
            LossOutput out;
            {
                injectOutOfMemory(dp_->rank(), epoch + 1, i + 1);
                AutocastGuard ac(amp_, device_);
                auto feats = model_->forward(x);
                memory::PhaseScope assigner(timeline_.get(), memory::Phase::Assigner);
                out = (*loss_)(feats, t, end - begin);
            }
            if (step && end == n)
                dp_->beforeSyncedBackward();
            scaler_->scale(out.total).backward();
            items += out.items.to(torch::kCPU, torch::kFloat32) * static_cast<double>(end - begin) / n;
        }
        // The BatchNorms' exchanges end before the buckets are awaited, as on the failure path below, so
        // that a rank that failed (and ends its exchanges first) and one that did not cannot wait for each other.
        dp_->endBatch();
        if (step)
            dp_->afterSyncedBackward();
        synced = step;
        for (int j = 0; j < 3; ++j)
            attempt.report.items[static_cast<size_t>(j)] = items[j].item<double>();
    } catch (const dist::WorldFailure&) {
        throw;
    } catch (const std::exception& e) {
        batchFailed(e, step && !synced, attempt);
    }
    return attempt;
}

void Trainer::batchFailed(const std::exception& e, bool stepUnsynced, BatchAttempt& attempt)
{
    if (dp_->batchEndedByPeer()) {
        // Another rank's failure ended this batch in a synchronised BatchNorm; the agreement says which.
        attempt.endedByPeer = true;
    } else if (isOutOfMemory(e)) {
        attempt.report.outOfMemory = true;
        attempt.oomText = exceptionText(e).substr(0, 200);
    } else if (!dp_->distributed()) {
        throw;
    } else {
        attempt.report.failed = true;
        dp_->announceFailure(exceptionText(e));
    }
    attempt.failure = std::current_exception();
    // The other ranks' synchronised BatchNorms stop wherever they are (nothing without sync_bn).
    dp_->abandonBatch();
    // Gradients of a partial backward are unusable, so the accumulation window restarts at this batch;
    // the other ranks still get this step's buckets (zeros), so every rank makes the same collectives.
    if (stepUnsynced)
        dp_->abandonStep();
    opt_.optimizer->zero_grad();
    releaseCachedMemory(device_);
}

void Trainer::recoverFromOom(const StepAgreement& agreed, const BatchAttempt& attempt, int epoch, int i, int64_t ni)
{
    // Every rank halves its micro-batch together (the collectives stay in step) and redoes the batch.
    if (microBatch_ <= 1) {
        if (attempt.report.outOfMemory)
            std::rethrow_exception(attempt.failure);
        throw dist::WorldFailure("rank " + std::to_string(agreed.outOfMemory.front()) +
                                 " ran out of memory even at micro-batch 1; lower imgsz or free memory");
    }
    // The ranks that did not run out hold this window's gradients too: all start it again.
    opt_.optimizer->zero_grad();
    const int old = microBatch_;
    microBatch_ = std::max(1, microBatch_ / 2);
    lastOptStep_ = ni - 1;
    const int perStep = (rankBatch() + microBatch_ - 1) / microBatch_;
    std::string where, ranks;
    for (int r : agreed.outOfMemory)
        ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
    if (dp_->distributed())
        where = " on rank " + ranks;
    OomDetails details{false, old, microBatch_, epoch + 1, i + 1, attempt.oomText};
    if (dp_->distributed())
        details.ranks = agreed.outOfMemory;
    recorder_.event(EventKind::OomRecovered,
                    "out of memory" + where + " in epoch " + std::to_string(epoch + 1) + ", batch " + std::to_string(i + 1) +
                        "; micro-batch " + std::to_string(old) + " -> " + std::to_string(microBatch_) +
                        (dp_->distributed() ? " on every rank" : "") + " (" + std::to_string(perStep) +
                        " passes per batch, effective batch unchanged)",
                    detailsJson(details));
}

void Trainer::trainBatch(const Batch& batch, int epoch, int i, int64_t ni)
{
    applyWarmup(ni, epoch);
    for (;;) {
        // A batch that ends an accumulation window: its last backward pass is summed over the ranks.
        const bool step = ni - lastOptStep_ >= accumulate_;
        BatchAttempt attempt = runMicroBatches(batch, step, epoch, i);
        attempt.report.memory = dp_->memoryReport();
        const StepAgreement agreed = dp_->agree(attempt.report);
        dp_->recordRankMemory(agreed);
        if (agreed.failedRank >= 0) {
            if (attempt.report.failed)
                std::rethrow_exception(attempt.failure);
            throw dist::WorldFailure(dp_->explainFailure());
        }
        if (attempt.endedByPeer && agreed.outOfMemory.empty())
            throw dist::WorldFailure("a rank ended batch " + std::to_string(i + 1) +
                                     " in its synchronised BatchNorm but reported no failure: the ranks are out of step");
        if (!agreed.outOfMemory.empty()) {
            recoverFromOom(agreed, attempt, epoch, i, ni);
            continue;
        }
        torch::Tensor items = torch::tensor({agreed.items[0], agreed.items[1], agreed.items[2]}, torch::kFloat32);
        tloss_ = tlossCount_ == 0 ? items : (tloss_ * tlossCount_ + items) / (tlossCount_ + 1);
        ++tlossCount_;
        imagesThisEpoch_ += agreed.images;
        break;
    }
    if (ni - lastOptStep_ >= accumulate_) {
        optimizerStep();
        lastOptStep_ = ni;
    }
}

bool Trainer::trainEpoch(int epoch)
{
    model_->train();
    const bool mosaic = cfg_.mosaic > 0 && !(cfg_.close_mosaic > 0 && epoch >= cfg_.epochs - cfg_.close_mosaic);
    if (epoch == cfg_.epochs - cfg_.close_mosaic && cfg_.close_mosaic > 0 && cfg_.mosaic > 0)
        recorder_.logLine("Closing dataloader mosaic");
    torch::manual_seed(static_cast<uint64_t>(cfg_.seed) * 1000003ULL + static_cast<uint64_t>(epoch));
    loader_->startEpoch(epoch, mosaic);
    memory::resetPeak(memDevice());
    tloss_ = torch::zeros({3});
    tlossCount_ = 0;
    imagesThisEpoch_ = 0;
    const auto t0 = Clock::now();
    int i = 0;
    while (auto batch = loader_->next()) {
        if (!goOn())
            return false;
        const int64_t ni = niBase_ + i;
        recorder_.setEventBatch(i + 1);
        {
            memory::PhaseScope phase(timeline_.get(), memory::Phase::TrainStep);
            trainBatch(*batch, epoch, i, ni);
        }
        recorder_.stepTrained();
        if (cb_.onBatch) {
            BatchProgress bp;
            bp.epoch = epoch + 1;
            bp.epochs = cfg_.epochs;
            bp.batch = i + 1;
            bp.batches = batchesPerEpoch();
            bp.box = tloss_[0].item<double>();
            bp.cls = tloss_[1].item<double>();
            bp.dfl = tloss_[2].item<double>();
            bp.instances = static_cast<int>(batch->targets.size(0));
            bp.imgsz = static_cast<int>(batch->images.size(3));
            bp.microBatch = microBatch_;
            const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
            bp.imagesPerSecond = secs > 0 ? imagesThisEpoch_ / secs : 0;
            bp.lr = opt_.optimizer->param_groups()[0].options().get_lr();
            bp.elapsed = recorder_.elapsed();
            const memory::MemoryStats ms = memory::currentStats(memDevice());
            bp.memoryAllocated = ms.allocated;
            bp.memoryPeak = ms.peak;
            cb_.onBatch(bp);
        }
        dp_->sendMemory(cb_.onMemory);
        ++i;
    }
    recorder_.setEventBatch(0);
    return goOn(/*holdPause=*/false);
}

bool Trainer::goOn(bool holdPause)
{
    for (;;) {
        const ControlAgreement c = dp_->agreeControl(control_->stopRequested(), holdPause && control_->paused());
        if (c.stop)
            return false;
        if (!c.pause)
            return true;
        // Rank 0 holds the pause until it ends, the others until rank 0 says so; then the ranks agree again, as a
        // stop may have come during the pause.
        if (cb_.onPause)
            cb_.onPause(true);
        if (dp_->writer()) {
            while (control_->paused() && !control_->stopRequested())
                std::this_thread::sleep_for(kPausePoll);
            dp_->releasePause();
        } else {
            dp_->holdPause();
        }
        if (cb_.onPause)
            cb_.onPause(false);
    }
}

CheckpointMeta Trainer::checkpointMeta() const
{
    CheckpointMeta meta;
    meta.microBatch = microBatch_;
    meta.batch = rankBatch();
    meta.scalerScale = scaler_->currentScale();
    meta.optimizerName = opt_.name();
    meta.lr0 = opt_.choice.lr0;
    meta.argsYaml = stages_.run().toYaml();
    meta.modelYaml = modelYaml_;
    meta.modelName = cfg_.model;
    meta.scale = spec_.scale;
    meta.names = classes_.names;
    meta.imgsz = cfg_.imgsz;
    if (!classes_.identity())
        meta.classes = classes_.kept;
    return meta;
}

CheckpointParts Trainer::checkpointParts()
{
    CheckpointParts parts;
    parts.meta = checkpointMeta();
    parts.meta.emaUpdates = ema_->updates;
    parts.model = &model_;
    parts.ema = &ema_->model();
    parts.optimizer = opt_.optimizer.get();
    parts.savePeriod = cfg_.save_period;
    return parts;
}

void Trainer::writeEnvironment()
{
    EnvironmentInfo env = collectEnvironment();
    env.device = device_.str();
    env.intraOpThreads = intraThreads_;
    env.loaderWorkers = loaderWorkers_;
    if (dp_->distributed()) {
        env.world.size = dp_->size();
        env.world.nodes = dp_->spec().nodes;
        env.world.backend = dp_->backend();
        env.world.launcher = dp_->spec().launcher;
        env.world.syncBatchNorm = dp_->batchNormSynced();
        for (int r = 0; r < dp_->spec().localSize; ++r)
            if (auto d = deviceForLocalRank(cfg_.device, r, dp_->spec().localSize))
                env.world.devices.push_back(d->name());
    }
    env.wallTime = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    recorder_.writeEnvironment(env);
}

bool Trainer::validateEpoch(int /*epoch*/, EpochResult& row, DetectionMetrics& metrics)
{
    memory::PhaseScope phase(timeline_.get(), memory::Phase::Validation);
    auto v = validator_->run(ema_->model(), loss_.get(), control_,
                             [this](const TrainEvent& e) { recorder_.event(e.kind, e.message, e.detailsJson); });
    if (v.cancelled) {
        summary_.stoppedByUser = true;   // run() saves last.pt and sends the event
        return false;
    }
    metrics = v.metrics;
    row.precision = metrics.precision;
    row.recall = metrics.recall;
    row.map50 = metrics.map50;
    row.map50_95 = metrics.map50_95;
    row.valBox = v.box;
    row.valCls = v.cls;
    row.valDfl = v.dfl;
    row.validated = true;
    recorder_.logLine(valTableHeader());
    recorder_.logLine(valTableAllRow(v.images, metrics));
    return true;
}

std::optional<Error> Trainer::recordEpoch(EpochResult& row, const DetectionMetrics& metrics)
{
    row.fitness = metrics.fitness();
    row.time = recorder_.elapsed();
    row.peakMemory = memory::currentStats(memDevice()).peak;   // before the row is written: results.csv keeps it
    auto isBest = recorder_.recordEpoch(row, metrics, checkpointParts());
    if (!isBest)
        return isBest.error();
    dp_->sendMemory(cb_.onMemory);
    recorder_.epochRecorded(row, metrics, *isBest);
    return std::nullopt;
}

Expected<TrainSummary> Trainer::run()
{
    if (!control_)
        control_ = &ownControl_;
    recorder_.startClock();
    if (auto err = joinWorld())
        return *err;
    std::optional<Error> setupError;
    try {
        setupError = setup();
        if (!setupError)
            setupError = syncBatchNorm();
    } catch (const std::exception& e) {
        setupError = setupFailure(e);
    }
    if (auto err = setupError) {
        if (recorder_.isOpen())
            recorder_.event(EventKind::Error, err->toString());
        return *err;
    }
    summary_.runDir = recorder_.dir();
    summary_.intraOpThreads = intraThreads_;
    summary_.loaderWorkers = loaderWorkers_;
    summary_.worldSize = dp_->size();
    summary_.rank = dp_->rank();
    summary_.backend = dp_->backend();
    // The run's peak is its own: the allocator's peak still holds an earlier run's in this process (the studio
    // trains one run after another) and the fit's probe.
    memory::resetPeak(memDevice());
    timeline_->start();
    if (!dp_->writer())
        return follow();
    announceStart();
    try {
        for (int epoch = startEpoch_; epoch < cfg_.epochs; ++epoch) {
            if (auto err = beginEpoch(epoch))
                return *err;
            const Expected<bool> goesOn = runEpoch(epoch);
            if (!goesOn)
                return goesOn.error();
            if (!*goesOn)
                break;
        }
    } catch (const std::exception& e) {
        const std::string msg = trainingFailure(e);
        recorder_.event(EventKind::Error, msg);
        if (!dynamic_cast<const dist::WorldFailure*>(&e))   // this rank's own failure, for the others' messages
            dp_->announceFailure(msg);
        dp_->tellEpochWord(recorder_.eventEpoch() - 1, EpochWord::Fail, msg);
        return Error{isOutOfMemory(e) ? "train.oom" : dynamic_cast<const dist::WorldFailure*>(&e) ? "dist.rank_lost"
                                                                                                  : "train.failed",
                     msg, recorder_.dir(), 0, 0};
    }
    summary_.finalMicroBatch = microBatch_;
    if (summary_.best.validated)
        recorder_.writeBestMetrics(classes_.names);
    timeline_->stop();
    recorder_.writeMemoryCsv();
    recorder_.setEventEpoch(summary_.epochsCompleted);
    recorder_.setEventBatch(0);
    recorder_.event(EventKind::Finish, std::to_string(summary_.epochsCompleted) + " epochs completed; best fitness " +
                                  fmtG(summary_.best.epoch > 0 ? summary_.best.fitness : -1) + " at epoch " +
                                  std::to_string(summary_.best.epoch));
    dp_->farewell();
    return summary_;
}

void Trainer::announceStart()
{
    const fs::path weights = fs::path(recorder_.dir()) / "weights";
    summary_.lastWeights = (weights / "last.pt").string();
    summary_.bestWeights = (weights / "best.pt").string();
    nlohmann::json d{{"device", device_.str()}, {"amp", toString(amp_)}, {"batch", cfg_.batch},
                     {"accumulate", accumulateFor(cfg_.nbs, cfg_.batch)}, {"optimizer", opt_.name()},
                     {"lr0", opt_.choice.lr0}, {"train_images", trainImages_.size()}, {"val_images", valImages_.size()},
                     {"threads", intraThreads_}};
    std::string world;
    if (dp_->distributed()) {
        d["world_size"] = dp_->size();
        d["rank_batch"] = rankBatch();
        d["nodes"] = dp_->spec().nodes;
        d["backend"] = dp_->backend();
        world = " (" + std::to_string(dp_->size()) + " processes x " + std::to_string(rankBatch()) + ", " +
                dp_->backend() + ")";
    }
    recorder_.setEventEpoch(startEpoch_);
    recorder_.event(resumed() ? EventKind::Resume : EventKind::Start,
                    (resumed() ? "resumed from epoch " + std::to_string(startEpoch_) + ": " : std::string("started: ")) +
                        std::to_string(trainImages_.size()) + " train / " + std::to_string(valImages_.size()) +
                        " val images, " + opt_.name() + " lr0=" + fmtG(opt_.choice.lr0) + ", batch " + std::to_string(cfg_.batch) +
                        world + " x accumulate " + std::to_string(accumulateFor(cfg_.nbs, cfg_.batch)) + ", " + device_.str() +
                        ", amp " + toString(amp_),
                    d.dump());
    writeEnvironment();
    for (const std::string& note : resumeNotes_)
        recorder_.logLine(note);
    recorder_.logLine("optimizer: " + opt_.name() + "(lr=" + fmtG(opt_.choice.lr0) + ", momentum=" + fmtG(opt_.choice.momentum) +
                      ") with parameter groups: weights (decay), norm weights and biases (no decay)");
    recorder_.logLine("Starting training for " + std::to_string(cfg_.epochs) + " epochs on " + device_.str() + "...");
}

Expected<bool> Trainer::runEpoch(int epoch)
{
    const auto te = Clock::now();
    if (!trainEpoch(epoch)) {
        summary_.stoppedByUser = true;
        if (auto err = recorder_.saveStopCheckpoint(checkpointParts(), epoch))
            return *err;
        recorder_.event(EventKind::Stopped, "stopped by the user during epoch " + std::to_string(epoch + 1) +
                                                "; weights/last.pt holds the weights at the stop (resuming redoes the epoch)");
        return false;
    }
    const double trainSecs = std::chrono::duration<double>(Clock::now() - te).count();
    if (scaler_->enabled()) {
        recorder_.logLine("amp: fp16 loss scale " + fmtG(scaler_->currentScale()) + ", " +
                          std::to_string(scaler_->skippedSteps()) + " of " + std::to_string(scaler_->steps()) +
                          " optimizer steps skipped for inf/NaN gradients this epoch");
        scaler_->resetCounts();
    }
    niBase_ += batchesPerEpoch();

    EpochResult row = trainedRow(epoch, trainSecs);

    DetectionMetrics metrics;
    const bool finalEpoch = epoch + 1 == cfg_.epochs;
    if (validator_ && (cfg_.val || finalEpoch) && !validateEpoch(epoch, row, metrics)) {
        dp_->tellEpochWord(epoch, EpochWord::Stop);
        if (auto err = recorder_.saveStopCheckpoint(checkpointParts(), epoch))
            return *err;
        recorder_.event(EventKind::Stopped, "stopped by the user during validation of epoch " + std::to_string(epoch + 1) +
                                                "; weights/last.pt holds the weights at the stop (resuming redoes the epoch)");
        return false;
    }
    dp_->sendMemory(cb_.onMemory);
    if (auto err = recordEpoch(row, metrics)) {
        dp_->tellEpochWord(epoch, EpochWord::Fail, err->toString());
        return *err;
    }
    if (cfg_.patience > 0 && recorder_.epochsWithoutImprovement() >= cfg_.patience && !finalEpoch) {
        dp_->tellEpochWord(epoch, EpochWord::Stop);
        summary_.stoppedEarly = true;
        recorder_.event(EventKind::EarlyStop, "no improvement in the last " + std::to_string(cfg_.patience) +
                                          " epochs; best was epoch " + std::to_string(summary_.best.epoch));
        return false;
    }
    dp_->tellEpochWord(epoch, EpochWord::Continue);
    return true;
}

EpochResult Trainer::trainedRow(int epoch, double trainSecs) const
{
    EpochResult row;
    row.epoch = epoch + 1;
    row.trainBox = tloss_[0].item<double>();
    row.trainCls = tloss_[1].item<double>();
    row.trainDfl = tloss_[2].item<double>();
    for (size_t j = 0; j < 3 && j < opt_.optimizer->param_groups().size(); ++j)
        row.lr[j] = opt_.optimizer->param_groups()[j].options().get_lr();
    row.imagesPerSecond = trainSecs > 0 ? imagesThisEpoch_ / trainSecs : 0;
    return row;
}

std::string Trainer::trainingFailure(const std::exception& e) const
{
    const std::string rank = dp_->distributed() ? " on rank " + std::to_string(dp_->rank()) : "";
    if (dynamic_cast<const dist::WorldFailure*>(&e))
        return std::string("training ended on every rank: ") + e.what() + "; weights/last.pt holds the last finished epoch";
    if (isOutOfMemory(e))
        return "out of memory" + rank + " even at micro-batch 1; lower imgsz or free memory. weights/last.pt holds "
               "the last finished epoch";
    return "training failed" + rank + ": " + exceptionText(e);
}

std::optional<Error> Trainer::beginEpoch(int epoch)
{
    if (const std::optional<StageSchedule::Entry> stage = stages_.enter(epoch))
        if (auto err = enterStage(*stage, epoch))
            return err;
    // The scheduled LR of this epoch (warmup overrides it during the first iterations).
    for (auto& group : opt_.optimizer->param_groups())
        if (niBase_ > warmupIters_)
            group.options().set_lr(opt_.choice.lr0 * lrLambda(cfg_, epoch));
    recorder_.setEventEpoch(epoch + 1);
    return std::nullopt;
}

Expected<TrainSummary> Trainer::follow()
{
    try {
        for (int epoch = startEpoch_; epoch < cfg_.epochs; ++epoch) {
            if (auto err = beginEpoch(epoch))
                return *err;
            if (!trainEpoch(epoch)) {
                summary_.stoppedByUser = true;
                break;
            }
            niBase_ += batchesPerEpoch();
            // Rank 0 validates and writes; its word says how the run goes on.
            const auto [word, message] = dp_->awaitEpochWord(epoch);
            if (word == EpochWord::Fail)
                return Error{"dist.rank_lost", "training ended on every rank: rank 0 failed: " + message, cfg_.data, 0, 0};
            summary_.epochsCompleted = epoch + 1;
            if (word == EpochWord::Stop)
                break;
        }
    } catch (const std::exception& e) {
        const std::string msg = trainingFailure(e);
        if (!dynamic_cast<const dist::WorldFailure*>(&e))
            dp_->announceFailure(msg);
        return Error{isOutOfMemory(e) ? "train.oom" : dynamic_cast<const dist::WorldFailure*>(&e) ? "dist.rank_lost"
                                                                                                  : "train.failed",
                     msg, cfg_.data, 0, 0};
    }
    summary_.finalMicroBatch = microBatch_;
    timeline_->stop();
    dp_->farewell();
    return summary_;
}

}  // namespace

Expected<TrainSummary> train(const TrainConfig& cfg, const TrainCallbacks& callbacks, TrainControl* control,
                             const TrainOptions& options)
{
    Trainer trainer(cfg, callbacks, control, options);
    return trainer.run();
}

}  // namespace ys
