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
#include "train/internal/trainsetup.h"
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

constexpr auto kPausePoll = std::chrono::milliseconds(50);

double interp(double x, double x0, double x1, double y0, double y1)
{
    if (x <= x0)
        return y0;
    if (x >= x1)
        return y1;
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0);
}

double lrLambda(const TrainConfig& cfg, double epoch)
{
    const double e = static_cast<double>(cfg.epochs);
    if (cfg.cos_lr)
        return ((1.0 - std::cos(epoch * M_PI / e)) / 2.0) * (cfg.lrf - 1.0) + 1.0;
    return std::max(1.0 - epoch / e, 0.0) * (1.0 - cfg.lrf) + cfg.lrf;
}


// One attempt at a batch on this rank: what it reports to the others, and what went wrong.
struct BatchAttempt {
    StepReport report;
    std::exception_ptr failure;   // this rank's exception (out of memory, an error), rethrown when it ends the run
    std::string oomText;          // the out-of-memory's message for OomDetails (at most 200 characters)
    bool endedByPeer = false;     // another rank's failure ended this batch in a synchronised BatchNorm
};

// The training loop: epochs of batches (warm-up, micro-batches, out-of-memory recovery, the optimizer step),
// validation and recording, rank 0 leading the others; TrainSetup builds what it trains with.
class Trainer {
public:
    Trainer(TrainConfig cfg, const TrainCallbacks& cb, TrainControl* control, TrainOptions options)
        : cb_(cb), control_(control), options_(std::move(options))
    {
        s_.cfg = std::move(cfg);
    }

    ~Trainer()
    {
        if (s_.budgetSet)
            memory::setBudget(0, s_.memDevice());   // the budget is process-wide: do not leave it behind
    }

    Expected<TrainSummary> run();

private:
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
    // Warmup (batches 0..warmupIters): each group's LR and momentum ramp to the scheduled ones, accumulation to nbs.
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

    // First member, so destroyed last: freed memory is handed back once every tensor of the run is gone.
    RetainFreedMemory retainFreedMemory_;
    TrainCallbacks cb_;
    TrainControl* control_;
    TrainControl ownControl_;
    TrainOptions options_;
    TrainSummary summary_;
    RunRecorder recorder_{cb_, summary_};   // rank 0's run folder; the run's best epoch is summary_.best
    TrainState s_;
    TrainSetup setup_{s_, recorder_, options_};

    // Per-epoch running state.
    torch::Tensor tloss_;
    int64_t tlossCount_ = 0;
    int64_t imagesThisEpoch_ = 0;
};

void Trainer::optimizerStep()
{
    const bool finite = s_.scaler->unscale(s_.params);
    torch::nn::utils::clip_grad_norm_(s_.params, kGradClipNorm);
    if (finite)
        s_.opt.optimizer->step();
    s_.scaler->update(!finite);
    s_.opt.optimizer->zero_grad();
    if (s_.ema)
        s_.ema->update(s_.model);
}

void Trainer::applyWarmup(int64_t ni, int epoch)
{
    // Warmup: each group's LR from 0 (bias groups: warmup_bias_lr) to its scheduled LR, momentum from
    // warmup_momentum.
    if (ni > s_.warmupIters)
        return;
    const double x1 = static_cast<double>(s_.warmupIters);
    s_.accumulate = std::max(1, static_cast<int>(std::lround(
                                  interp(static_cast<double>(ni), 0, x1, 1, static_cast<double>(s_.cfg.nbs) / s_.cfg.batch))));
    auto& groups = s_.opt.optimizer->param_groups();
    const std::vector<GroupRole> roles = groupRoles(s_.opt.choice.kind);
    for (size_t j = 0; j < groups.size(); ++j) {
        const double target = s_.opt.choice.lr0 * roles[j].lrFactor * lrLambda(s_.cfg, epoch);
        const double start = roles[j].bias ? s_.opt.choice.warmupBiasLr : 0.0;
        groups[j].options().set_lr(interp(static_cast<double>(ni), 0, x1, start, target));
        setMomentum(groups[j], s_.opt.choice.kind,
                    interp(static_cast<double>(ni), 0, x1, s_.cfg.warmup_momentum, s_.opt.choice.momentum));
    }
}

BatchAttempt Trainer::runMicroBatches(const Batch& batch, bool step, int epoch, int i)
{
    const int64_t n = batch.images.size(0);
    BatchAttempt attempt;
    attempt.report.images = n;
    bool synced = false;   // this step's gradient buckets were all-reduced
    s_.dp->beginBatch();
    try {
        torch::Tensor items = torch::zeros({3});
        for (int64_t begin = 0; begin < n; begin += s_.microBatch) {
            const int64_t end = std::min<int64_t>(n, begin + s_.microBatch);
            torch::Tensor x = prepareImages(batch.images.slice(0, begin, end), s_.device, s_.channelsLast());
            torch::Tensor t = (begin == 0 && end == n ? batch.targets : sliceTargets(batch.targets, begin, end))
                                  .to(s_.device);
            LossOutput out;
            {
                injectOutOfMemory(s_.dp->rank(), epoch + 1, i + 1);
                AutocastGuard ac(s_.amp, s_.device);
                const auto heads = s_.model->forwardHeads(x);
                memory::PhaseScope assigner(s_.timeline.get(), memory::Phase::Assigner);
                out = (*s_.loss)(heads, t, end - begin);
            }
            if (step && end == n)
                s_.dp->beforeSyncedBackward();
            s_.scaler->scale(out.total).backward();
            items += out.items.to(torch::kCPU, torch::kFloat32) * static_cast<double>(end - begin) / n;
        }
        // The BatchNorms' exchanges end before the buckets are awaited, as on the failure path below, so
        // that a rank that failed (and ends its exchanges first) and one that did not cannot wait for each other.
        s_.dp->endBatch();
        if (step)
            s_.dp->afterSyncedBackward();
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
    if (s_.dp->batchEndedByPeer()) {
        // Another rank's failure ended this batch in a synchronised BatchNorm; the agreement says which.
        attempt.endedByPeer = true;
    } else if (isOutOfMemory(e)) {
        attempt.report.outOfMemory = true;
        attempt.oomText = exceptionText(e).substr(0, 200);
    } else if (!s_.dp->distributed()) {
        throw;
    } else {
        attempt.report.failed = true;
        s_.dp->announceFailure(exceptionText(e));
    }
    attempt.failure = std::current_exception();
    // The other ranks' synchronised BatchNorms stop wherever they are (nothing without sync_bn).
    s_.dp->abandonBatch();
    // Gradients of a partial backward are unusable, so the accumulation window restarts at this batch;
    // the other ranks still get this step's buckets (zeros), so every rank makes the same collectives.
    if (stepUnsynced)
        s_.dp->abandonStep();
    s_.opt.optimizer->zero_grad();
    releaseCachedMemory(s_.device);
}

void Trainer::recoverFromOom(const StepAgreement& agreed, const BatchAttempt& attempt, int epoch, int i, int64_t ni)
{
    // Every rank halves its micro-batch together (the collectives stay in step) and redoes the batch.
    if (s_.microBatch <= 1) {
        if (attempt.report.outOfMemory)
            std::rethrow_exception(attempt.failure);
        throw dist::WorldFailure("rank " + std::to_string(agreed.outOfMemory.front()) +
                                 " ran out of memory even at micro-batch 1; lower imgsz or free memory");
    }
    // The ranks that did not run out hold this window's gradients too: all start it again.
    s_.opt.optimizer->zero_grad();
    const int old = s_.microBatch;
    s_.microBatch = std::max(1, s_.microBatch / 2);
    s_.lastOptStep = ni - 1;
    const int perStep = (s_.rankBatch() + s_.microBatch - 1) / s_.microBatch;
    std::string where, ranks;
    for (int r : agreed.outOfMemory)
        ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
    if (s_.dp->distributed())
        where = " on rank " + ranks;
    OomDetails details{false, old, s_.microBatch, epoch + 1, i + 1, attempt.oomText};
    if (s_.dp->distributed())
        details.ranks = agreed.outOfMemory;
    recorder_.event(EventKind::OomRecovered,
                    "out of memory" + where + " in epoch " + std::to_string(epoch + 1) + ", batch " + std::to_string(i + 1) +
                        "; micro-batch " + std::to_string(old) + " -> " + std::to_string(s_.microBatch) +
                        (s_.dp->distributed() ? " on every rank" : "") + " (" + std::to_string(perStep) +
                        " passes per batch, effective batch unchanged)",
                    detailsJson(details));
}

void Trainer::trainBatch(const Batch& batch, int epoch, int i, int64_t ni)
{
    applyWarmup(ni, epoch);
    for (;;) {
        // A batch that ends an accumulation window: its last backward pass is summed over the ranks.
        const bool step = ni - s_.lastOptStep >= s_.accumulate;
        BatchAttempt attempt = runMicroBatches(batch, step, epoch, i);
        attempt.report.memory = s_.dp->memoryReport();
        const StepAgreement agreed = s_.dp->agree(attempt.report);
        s_.dp->recordRankMemory(agreed);
        if (agreed.failedRank >= 0) {
            if (attempt.report.failed)
                std::rethrow_exception(attempt.failure);
            throw dist::WorldFailure(s_.dp->explainFailure());
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
    if (ni - s_.lastOptStep >= s_.accumulate) {
        optimizerStep();
        s_.lastOptStep = ni;
    }
}

bool Trainer::trainEpoch(int epoch)
{
    s_.model->train();
    s_.loss->setEpoch(epoch, s_.cfg.epochs);   // YOLO26's one-to-many weight, from the epoch (so resume replays it)
    const bool mosaic = s_.cfg.mosaic > 0 && !(s_.cfg.close_mosaic > 0 && epoch >= s_.cfg.epochs - s_.cfg.close_mosaic);
    if (epoch == s_.cfg.epochs - s_.cfg.close_mosaic && s_.cfg.close_mosaic > 0 && s_.cfg.mosaic > 0)
        recorder_.logLine("Closing dataloader mosaic");
    torch::manual_seed(static_cast<uint64_t>(s_.cfg.seed) * 1000003ULL + static_cast<uint64_t>(epoch));
    s_.loader->startEpoch(epoch, mosaic);
    memory::resetPeak(s_.memDevice());
    tloss_ = torch::zeros({3});
    tlossCount_ = 0;
    imagesThisEpoch_ = 0;
    const auto t0 = Clock::now();
    int i = 0;
    while (auto batch = s_.loader->next()) {
        if (!goOn())
            return false;
        const int64_t ni = s_.niBase + i;
        recorder_.setEventBatch(i + 1);
        {
            memory::PhaseScope phase(s_.timeline.get(), memory::Phase::TrainStep);
            trainBatch(*batch, epoch, i, ni);
        }
        recorder_.stepTrained();
        if (cb_.onBatch) {
            BatchProgress bp;
            bp.epoch = epoch + 1;
            bp.epochs = s_.cfg.epochs;
            bp.batch = i + 1;
            bp.batches = s_.batchesPerEpoch();
            bp.box = tloss_[0].item<double>();
            bp.cls = tloss_[1].item<double>();
            bp.dfl = tloss_[2].item<double>();
            bp.l1Loss = s_.model->regMax() == 1;
            bp.instances = static_cast<int>(batch->targets.size(0));
            bp.imgsz = static_cast<int>(batch->images.size(3));
            bp.microBatch = s_.microBatch;
            const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
            bp.imagesPerSecond = secs > 0 ? imagesThisEpoch_ / secs : 0;
            bp.lr = s_.opt.optimizer->param_groups()[0].options().get_lr();
            bp.elapsed = recorder_.elapsed();
            const memory::MemoryStats ms = memory::currentStats(s_.memDevice());
            bp.memoryAllocated = ms.allocated;
            bp.memoryPeak = ms.peak;
            cb_.onBatch(bp);
        }
        s_.dp->sendMemory(cb_.onMemory);
        ++i;
    }
    recorder_.setEventBatch(0);
    return goOn(/*holdPause=*/false);
}

bool Trainer::goOn(bool holdPause)
{
    for (;;) {
        const ControlAgreement c = s_.dp->agreeControl(control_->stopRequested(), holdPause && control_->paused());
        if (c.stop)
            return false;
        if (!c.pause)
            return true;
        // Rank 0 holds the pause until it ends, the others until rank 0 says so; then the ranks agree again, as a
        // stop may have come during the pause.
        if (cb_.onPause)
            cb_.onPause(true);
        if (s_.dp->writer()) {
            while (control_->paused() && !control_->stopRequested())
                std::this_thread::sleep_for(kPausePoll);
            s_.dp->releasePause();
        } else {
            s_.dp->holdPause();
        }
        if (cb_.onPause)
            cb_.onPause(false);
    }
}

CheckpointParts Trainer::checkpointParts()
{
    CheckpointParts parts;
    parts.meta = s_.checkpointMeta();
    parts.meta.emaUpdates = s_.ema->updates;
    parts.model = &s_.model;
    parts.ema = &s_.ema->model();
    parts.optimizer = s_.opt.optimizer.get();
    parts.savePeriod = s_.cfg.save_period;
    return parts;
}

void Trainer::writeEnvironment()
{
    EnvironmentInfo env = collectEnvironment();
    env.device = s_.device.str();
    env.intraOpThreads = s_.intraThreads;
    env.loaderWorkers = s_.loaderWorkers;
    if (s_.dp->distributed()) {
        env.world.size = s_.dp->size();
        env.world.nodes = s_.dp->spec().nodes;
        env.world.backend = s_.dp->backend();
        env.world.launcher = s_.dp->spec().launcher;
        env.world.syncBatchNorm = s_.dp->batchNormSynced();
        for (int r = 0; r < s_.dp->spec().localSize; ++r)
            if (auto d = deviceForLocalRank(s_.cfg.device, r, s_.dp->spec().localSize))
                env.world.devices.push_back(d->name());
    }
    env.wallTime = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    recorder_.writeEnvironment(env);
}

bool Trainer::validateEpoch(int /*epoch*/, EpochResult& row, DetectionMetrics& metrics)
{
    memory::PhaseScope phase(s_.timeline.get(), memory::Phase::Validation);
    auto v = s_.validator->run(s_.ema->model(), s_.loss.get(), control_,
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
    row.peakMemory = memory::currentStats(s_.memDevice()).peak;   // before the row is written: results.csv keeps it
    auto isBest = recorder_.recordEpoch(row, metrics, checkpointParts());
    if (!isBest)
        return isBest.error();
    s_.dp->sendMemory(cb_.onMemory);
    recorder_.epochRecorded(row, metrics, *isBest);
    return std::nullopt;
}

Expected<TrainSummary> Trainer::run()
{
    if (!control_)
        control_ = &ownControl_;
    recorder_.startClock();
    if (auto err = setup_.joinWorld())
        return *err;
    std::optional<Error> setupError;
    try {
        setupError = setup_.setup();
        if (!setupError)
            setupError = setup_.syncBatchNorm();
    } catch (const std::exception& e) {
        setupError = setup_.setupFailure(e);
    }
    if (auto err = setupError) {
        if (recorder_.isOpen())
            recorder_.event(EventKind::Error, err->toString());
        return *err;
    }
    summary_.runDir = recorder_.dir();
    summary_.intraOpThreads = s_.intraThreads;
    summary_.loaderWorkers = s_.loaderWorkers;
    summary_.worldSize = s_.dp->size();
    summary_.rank = s_.dp->rank();
    summary_.backend = s_.dp->backend();
    // The run's peak is its own: the allocator's peak still holds an earlier run's in this process (the studio
    // trains one run after another) and the fit's probe.
    memory::resetPeak(s_.memDevice());
    s_.timeline->start();
    if (!s_.dp->writer())
        return follow();
    announceStart();
    try {
        for (int epoch = s_.startEpoch; epoch < s_.cfg.epochs; ++epoch) {
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
            s_.dp->announceFailure(msg);
        s_.dp->tellEpochWord(recorder_.eventEpoch() - 1, EpochWord::Fail, msg);
        return Error{isOutOfMemory(e) ? "train.oom" : dynamic_cast<const dist::WorldFailure*>(&e) ? "dist.rank_lost"
                                                                                                  : "train.failed",
                     msg, recorder_.dir(), 0, 0};
    }
    summary_.finalMicroBatch = s_.microBatch;
    if (summary_.best.validated)
        recorder_.writeBestMetrics(s_.classes.names);
    s_.timeline->stop();
    recorder_.writeMemoryCsv();
    recorder_.setEventEpoch(summary_.epochsCompleted);
    recorder_.setEventBatch(0);
    recorder_.event(EventKind::Finish, std::to_string(summary_.epochsCompleted) + " epochs completed; best fitness " +
                                  fmtG(summary_.best.epoch > 0 ? summary_.best.fitness : -1) + " at epoch " +
                                  std::to_string(summary_.best.epoch));
    s_.dp->farewell();
    return summary_;
}

void Trainer::announceStart()
{
    const fs::path weights = fs::path(recorder_.dir()) / "weights";
    summary_.lastWeights = (weights / "last.pt").string();
    summary_.bestWeights = (weights / "best.pt").string();
    nlohmann::json d{{"device", s_.device.str()}, {"amp", toString(s_.amp)}, {"batch", s_.cfg.batch},
                     {"accumulate", accumulateFor(s_.cfg.nbs, s_.cfg.batch)}, {"optimizer", s_.opt.name()},
                     {"lr0", s_.opt.choice.lr0}, {"train_images", s_.trainImages.size()}, {"val_images", s_.valImages.size()},
                     {"threads", s_.intraThreads}};
    std::string world;
    if (s_.dp->distributed()) {
        d["world_size"] = s_.dp->size();
        d["rank_batch"] = s_.rankBatch();
        d["nodes"] = s_.dp->spec().nodes;
        d["backend"] = s_.dp->backend();
        world = " (" + std::to_string(s_.dp->size()) + " processes x " + std::to_string(s_.rankBatch()) + ", " +
                s_.dp->backend() + ")";
    }
    recorder_.setEventEpoch(s_.startEpoch);
    recorder_.event(s_.resumed() ? EventKind::Resume : EventKind::Start,
                    (s_.resumed() ? "resumed from epoch " + std::to_string(s_.startEpoch) + ": " : std::string("started: ")) +
                        std::to_string(s_.trainImages.size()) + " train / " + std::to_string(s_.valImages.size()) +
                        " val images, " + s_.opt.name() + " lr0=" + fmtG(s_.opt.choice.lr0) + ", batch " + std::to_string(s_.cfg.batch) +
                        world + " x accumulate " + std::to_string(accumulateFor(s_.cfg.nbs, s_.cfg.batch)) + ", " + s_.device.str() +
                        ", amp " + toString(s_.amp),
                    d.dump());
    writeEnvironment();
    for (const std::string& note : s_.resumeNotes)
        recorder_.logLine(note);
    const std::string groups = s_.opt.choice.kind == OptimizerKind::MuSGD
                                   ? "matrices and conv filters (Muon + SGD, decay), norm weights and biases (no "
                                     "decay), the head's class branches at 3 x lr0"
                                   : "weights (decay), norm weights and biases (no decay)";
    recorder_.logLine("optimizer: " + s_.opt.name() + "(lr=" + fmtG(s_.opt.choice.lr0) + ", momentum=" + fmtG(s_.opt.choice.momentum) +
                      ") with parameter groups: " + groups);
    recorder_.logLine("Starting training for " + std::to_string(s_.cfg.epochs) + " epochs on " + s_.device.str() + "...");
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
    if (s_.scaler->enabled()) {
        recorder_.logLine("amp: fp16 loss scale " + fmtG(s_.scaler->currentScale()) + ", " +
                          std::to_string(s_.scaler->skippedSteps()) + " of " + std::to_string(s_.scaler->steps()) +
                          " optimizer steps skipped for inf/NaN gradients this epoch");
        s_.scaler->resetCounts();
    }
    s_.niBase += s_.batchesPerEpoch();

    EpochResult row = trainedRow(epoch, trainSecs);

    DetectionMetrics metrics;
    const bool finalEpoch = epoch + 1 == s_.cfg.epochs;
    if (s_.validator && (s_.cfg.val || finalEpoch) && !validateEpoch(epoch, row, metrics)) {
        s_.dp->tellEpochWord(epoch, EpochWord::Stop);
        if (auto err = recorder_.saveStopCheckpoint(checkpointParts(), epoch))
            return *err;
        recorder_.event(EventKind::Stopped, "stopped by the user during validation of epoch " + std::to_string(epoch + 1) +
                                                "; weights/last.pt holds the weights at the stop (resuming redoes the epoch)");
        return false;
    }
    s_.dp->sendMemory(cb_.onMemory);
    if (auto err = recordEpoch(row, metrics)) {
        s_.dp->tellEpochWord(epoch, EpochWord::Fail, err->toString());
        return *err;
    }
    if (s_.cfg.patience > 0 && recorder_.epochsWithoutImprovement() >= s_.cfg.patience && !finalEpoch) {
        s_.dp->tellEpochWord(epoch, EpochWord::Stop);
        summary_.stoppedEarly = true;
        recorder_.event(EventKind::EarlyStop, "no improvement in the last " + std::to_string(s_.cfg.patience) +
                                          " epochs; best was epoch " + std::to_string(summary_.best.epoch));
        return false;
    }
    s_.dp->tellEpochWord(epoch, EpochWord::Continue);
    return true;
}

EpochResult Trainer::trainedRow(int epoch, double trainSecs) const
{
    EpochResult row;
    row.epoch = epoch + 1;
    row.trainBox = tloss_[0].item<double>();
    row.trainCls = tloss_[1].item<double>();
    row.trainDfl = tloss_[2].item<double>();
    row.l1Loss = s_.model->regMax() == 1;
    for (size_t j = 0; j < 3 && j < s_.opt.optimizer->param_groups().size(); ++j)
        row.lr[j] = s_.opt.optimizer->param_groups()[j].options().get_lr();
    row.imagesPerSecond = trainSecs > 0 ? imagesThisEpoch_ / trainSecs : 0;
    return row;
}

std::string Trainer::trainingFailure(const std::exception& e) const
{
    const std::string rank = s_.dp->distributed() ? " on rank " + std::to_string(s_.dp->rank()) : "";
    if (dynamic_cast<const dist::WorldFailure*>(&e))
        return std::string("training ended on every rank: ") + e.what() + "; weights/last.pt holds the last finished epoch";
    if (isOutOfMemory(e))
        return "out of memory" + rank + " even at micro-batch 1; lower imgsz or free memory. weights/last.pt holds "
               "the last finished epoch";
    return "training failed" + rank + ": " + exceptionText(e);
}

std::optional<Error> Trainer::beginEpoch(int epoch)
{
    if (const std::optional<StageSchedule::Entry> stage = s_.stages.enter(epoch))
        if (auto err = setup_.enterStage(*stage, epoch))
            return err;
    // The scheduled LR of this epoch, each group's initial LR x lf(epoch) (warmup overrides it during the first
    // iterations).
    auto& groups = s_.opt.optimizer->param_groups();
    const std::vector<GroupRole> roles = groupRoles(s_.opt.choice.kind);
    for (size_t j = 0; j < groups.size(); ++j)
        if (s_.niBase > s_.warmupIters)
            groups[j].options().set_lr(s_.opt.choice.lr0 * roles[j].lrFactor * lrLambda(s_.cfg, epoch));
    recorder_.setEventEpoch(epoch + 1);
    return std::nullopt;
}

Expected<TrainSummary> Trainer::follow()
{
    try {
        for (int epoch = s_.startEpoch; epoch < s_.cfg.epochs; ++epoch) {
            if (auto err = beginEpoch(epoch))
                return *err;
            if (!trainEpoch(epoch)) {
                summary_.stoppedByUser = true;
                break;
            }
            s_.niBase += s_.batchesPerEpoch();
            // Rank 0 validates and writes; its word says how the run goes on.
            const auto [word, message] = s_.dp->awaitEpochWord(epoch);
            if (word == EpochWord::Fail)
                return Error{"dist.rank_lost", "training ended on every rank: rank 0 failed: " + message, s_.cfg.data, 0, 0};
            summary_.epochsCompleted = epoch + 1;
            if (word == EpochWord::Stop)
                break;
        }
    } catch (const std::exception& e) {
        const std::string msg = trainingFailure(e);
        if (!dynamic_cast<const dist::WorldFailure*>(&e))
            s_.dp->announceFailure(msg);
        return Error{isOutOfMemory(e) ? "train.oom" : dynamic_cast<const dist::WorldFailure*>(&e) ? "dist.rank_lost"
                                                                                                  : "train.failed",
                     msg, s_.cfg.data, 0, 0};
    }
    summary_.finalMicroBatch = s_.microBatch;
    s_.timeline->stop();
    s_.dp->farewell();
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
