// fitToMemory: check and resolve the request, measure probe points on the device, fit the memory model,
// then recommend, break the peak down, tabulate other scales and state what was assumed. The trainer's
// rules (threads, queued batches, optimizer=auto, validation batch, AMP, trainable images) come from their
// one home (common/trainrules.h, model/internal/amp.h, data/check.h), so the fit budgets what training runs.
#include "memory/internal/accounting.h"
#include "fit/internal/fitmodel.h"
#include "fit/internal/levers.h"
#include "fit/internal/probe_step.h"
#include "memory/devices.h"
#include "memory/memory.h"
#include "memory/outofmemory.h"
#include "fit/fit.h"

#include "common/checkpointing.h"
#include "common/device.h"
#include "common/trainrules.h"
#include "model/checkpointlayers.h"
#include "model/internal/optimizer.h"
#include "model/internal/attentioncost.h"
#include "model/internal/spec.h"
#include "model/modelfile.h"
#include "weights/checkpoint.h"

#include "augment/internal/loader.h"
#include "data/check.h"
#include "data/dataset.h"

#include <c10/util/Exception.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <optional>

namespace ys::fit {
namespace {

using internal::CheckpointPlanner;
using internal::CheckpointSavings;
using internal::DeviceMemoryModel;
using internal::ProbeAmp;
using internal::StepProbe;

constexpr double kMeasuredMargin = 0.05;   // CPU figures are exact; covers batch-to-batch box-count variation
constexpr double kPlannedMargin = 0.12;    // planning for another device: context and rounding estimates
constexpr double kCudaRounding = 1.10;     // reserved / peak allocated: 1.03 steady, up to 1.2-1.3 varying shapes
constexpr int kProbeBatchSmall = 2;        // probe batches: small enough for seconds on a CPU, past the
constexpr int kProbeBatchLarge = 4;        // small-batch regime where the peak sits at another moment
constexpr int kMaxImgsz = 2048;
// The probe runs on one thread: tracked memory is the same with more (measured: identical peaks at 1 and
// 2 threads), and OpenMP threads stall badly when other processes share the cores (98.7 s vs 44 s at 640).
constexpr int kProbeThreads = 1;

// One row group of the scale table: a scale of the probed model's family, its parameter count at the
// dataset's nc, its activations per image relative to the probed model's (ModelCost::activations, without the
// attention maps) and its attention maps (a term of their own).
struct ScaleInfo {
    char scale;
    double params;
    double activationRatio;
    internal::AttentionTerm attention;
};
const int kTableSizes[] = {320, 480, 640, 960, 1280};

// Activations of one imgsz x imgsz image without the attention maps; 0 when the shapes do not line up.
double convActivations(const ModelSpec& spec, int imgsz)
{
    const auto c = spec.cost(imgsz, imgsz);
    if (!c)
        return 0;
    const internal::AttentionTerm a = internal::attentionTerm(spec, imgsz);
    return c->activations - a.all * std::pow(static_cast<double>(imgsz), 4.0);
}

// The scales of the model's family (familyScales: its YAML's n/s/m/l/x, YOLOv9's t/s/m/c/e files); only the
// model itself when its YAML has no other scales.
std::vector<ScaleInfo> familyScaleInfo(const ModelSpec& spec, int imgsz)
{
    auto family = familyScales(spec);
    const double own = convActivations(spec, imgsz);
    std::vector<ScaleInfo> out;
    if (family && own > 0) {
        for (const auto& member : family.value()) {
            const double a = convActivations(member, imgsz);
            if (a > 0)
                out.push_back({member.scale ? member.scale : '-', static_cast<double>(member.params()), a / own,
                               internal::attentionTerm(member, imgsz)});
        }
    }
    if (out.empty())
        out.push_back({spec.scale ? spec.scale : '-', static_cast<double>(spec.params()), 1.0,
                       internal::attentionTerm(spec, imgsz)});
    return out;
}

int round32(double v)
{
    return std::max(32, static_cast<int>(std::lround(v / 32.0)) * 32);
}

Error fitError(const std::string& code, const std::string& msg)
{
    return Error{code, msg, {}, 0, 0};
}

// A failure while probing: out-of-memory (the allocator's own error, or a cuBLAS/cuDNN allocation failure worded
// as memory/outofmemory.h lists) becomes fit.probe_oom; anything else is a real error and propagates.
Error probeOutOfMemory(const c10::Error& e)
{
    if (!dynamic_cast<const c10::OutOfMemoryError*>(&e) && !memory::isOutOfMemoryMessage(e.what_without_backtrace()))
        throw;
    return fitError("fit.probe_oom", std::string("the device ran out of memory while probing batch ") +
                                         std::to_string(kProbeBatchLarge) + "; free memory or lower imgsz (" +
                                         e.what_without_backtrace() + ")");
}

std::string fixed2(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

// Batches the probe feeds the step: the run's most crowded images (training: with the training
// augmentation, mosaic included; validation: letterboxed), or synthetic ones without a dataset. The images
// are the ones the trainer uses: trainableImages of each split, the training split cut to `fraction`.
class ProbeBatches {
public:
    std::optional<Error> open(const FitRequest& req)
    {
        synthBoxes_ = std::max(0, req.syntheticBoxes);
        if (req.data.empty()) {
            maxBoxes_ = synthBoxes_;
            return std::nullopt;
        }
        auto ds = openDataset(req.data, {}, req.cancel);
        if (!ds)
            return ds.error();
        nc_ = ds->spec.nc();
        CheckOptions co;
        co.imgsz = req.imgsz;
        co.hashImages = false;  // trainability needs no hashes
        const CheckResult check = checkDataset(*ds, co, {}, req.cancel);
        if (req.cancel.cancelled())
            return fitError("fit.cancelled", "the memory probe was cancelled");
        train_ = trainableImages(*ds, check, Split::Train);
        val_ = trainableImages(*ds, check, Split::Val);
        excluded_ = ds->count(Split::Train) + ds->count(Split::Val) - static_cast<int>(train_.size() + val_.size());
        train_.resize(static_cast<size_t>(trainImagesFor(static_cast<int64_t>(train_.size()), req.fraction)));
        if (train_.empty())
            return Error{"data.no_train_images", "the dataset has no usable training images", ds->spec.yamlPath, 0, 0};
        if (val_.empty())
            val_ = train_;
        for (const auto& r : train_)
            maxBoxes_ = std::max(maxBoxes_, static_cast<int>(r.boxes.size()));
        for (const auto& r : val_)
            maxBoxes_ = std::max(maxBoxes_, static_cast<int>(r.boxes.size()));
        return std::nullopt;
    }

    int nc() const { return nc_; }
    int maxBoxes() const { return maxBoxes_; }
    int excludedImages() const { return excluded_; }
    int64_t trainImages() const { return static_cast<int64_t>(train_.size()); }

    std::pair<torch::Tensor, torch::Tensor> get(int batch, int imgsz, bool validation)
    {
        if (!train_.empty()) {
            auto& slot = loaders_[{imgsz, validation}];
            if (!slot) {
                LoaderOptions lo;
                lo.imgsz = imgsz;
                lo.batch = batch;
                lo.augment = !validation;
                lo.rect = false;  // square batches: the largest shape a rect validation batch can take
                lo.shuffle = false;
                lo.workers = 0;
                lo.seed = 0;
                slot = std::make_unique<BatchLoader>(validation ? val_ : train_, lo);
            }
            std::vector<int> crowded = slot->mostCrowded(batch);
            std::vector<int> idx;
            for (int i = 0; i < batch; ++i)
                idx.push_back(crowded[static_cast<size_t>(i) % crowded.size()]);
            Batch b = slot->makeBatch(idx, !validation);
            return {b.images, b.targets};
        }
        return internal::syntheticBatch(batch, imgsz, synthBoxes_, nc_, validation ? 2 : 1);
    }

private:
    int nc_ = 80;
    int maxBoxes_ = 0;
    int synthBoxes_ = 50;
    int excluded_ = 0;
    std::vector<ImageRecord> train_, val_;
    std::map<std::pair<int, bool>, std::unique_ptr<BatchLoader>> loaders_;
};

int maxBoxesIn(const torch::Tensor& targets, int batch)
{
    if (targets.size(0) == 0)
        return 0;
    auto counts = torch::bincount(targets.select(1, 0).to(torch::kLong), {}, batch);
    return static_cast<int>(counts.max().item<int64_t>());
}

// Restores the CPU budget the caller had when the probe returns or throws.
struct BudgetRestore {
    int64_t saved = memory::budget("cpu");
    ~BudgetRestore() { memory::setBudget(saved, "cpu"); }
};

// Restores LibTorch's intra-op thread count (process-wide) when the probe returns or throws.
struct ThreadsRestore {
    int saved = torch::get_num_threads();
    ~ThreadsRestore() { torch::set_num_threads(saved); }
};

// The largest batch (1..maxBatch) whose run peak stays under `limit`; 0 if none.
int largestBatch(const std::function<double(int)>& peak, double limit, int maxBatch)
{
    int lo = 0, hi = maxBatch;
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (peak(mid) <= limit)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

// ---- the request, checked and resolved ------------------------------------------------------------------

// What a request means on this machine: the probe device, the planning target and budget, the run's AMP
// and threads.
struct FitSetup {
    int index = -1;                     // GPU index of the probe device; -1 = the CPU
    torch::Device device{torch::kCPU};
    std::string dev = "cpu";            // as ys::memory spells it
    std::optional<TargetGpu> target;    // planning for a GPU the machine does not have
    bool planning = false;
    bool runOnCuda = false;             // the run trains on a GPU (the probed one or the target)
    memory::MemoryStats devStats;
    int64_t totalBytes = 0;
    int64_t budgetBytes = 0;            // this process's: the CPU's processes share the request's (processBudget)
    int dataBatchLimit = 0;             // the largest batch the training set allows (batchLimitForData); 0 = no data
    std::vector<ProbeAmp> modes;        // AMP modes to probe, Off first
    std::string ampName = "off";        // the run's AMP when it is on ("fp16", "bf16"); "off" when it has none
    RunThreads threads;                 // what the trainer will run with these settings
    int queuedBatches = 0;              // batches its loader keeps ready (host memory)
};

std::optional<Error> validateRequest(const FitRequest& req)
{
    if (req.imgsz < 32 || req.imgsz % 32 != 0 || req.imgsz > kMaxImgsz)
        return fitError("fit.imgsz", "imgsz must be a multiple of 32 between 32 and 2048, not " +
                                         std::to_string(req.imgsz));
    if (req.batch < 0 || req.maxBatch < 1 || req.nbs < 1 || req.world < 1 || req.localProcesses < 1)
        return fitError("fit.batch", "batch must be >= 0, maxBatch, nbs, world and localProcesses >= 1");
    if (!(req.fraction > 0.0 && req.fraction <= 1.0))
        return fitError("fit.fraction", "fraction must be in (0, 1]");
    if (!parseCheckpointSetting(req.checkpoint))
        return fitError("fit.checkpoint", "checkpoint must be off, auto, backbone, all or a list of layers, not '" +
                                              req.checkpoint + "'");
    for (const TrainStage& st : req.stages)
        if (st.imgsz < 32 || st.imgsz % 32 != 0 || st.imgsz > kMaxImgsz)
            return fitError("fit.imgsz", "a stage's imgsz must be a multiple of 32 between 32 and 2048, not " +
                                             std::to_string(st.imgsz));
    // A checkpoint (model=x.pt, fine-tuning) is fitted as the model it holds; a missing .pt still gets the
    // model argument's explanation.
    if (!isCheckpointFile(req.model))
        if (auto err = checkModelYamlArgument(req.model))
            return err;
    return std::nullopt;
}

// The model to fit: a model YAML or built-in name, or the architecture a checkpoint holds (its own model
// YAML, else the YAML it names). Memory depends on the architecture and nc, not on the weights; frozen
// layers (freeze=) are fitted as trained, which only overestimates.
Expected<ModelSpec> fitModelSpec(const std::string& model, int nc)
{
    if (!isCheckpointFile(model))
        return loadModelSpec(model, nc);
    auto info = inspectCheckpoint(model);
    if (!info)
        return info.error();
    if (auto err = requireDetection(*info))   // a segmentation/pose/... checkpoint, in one line
        return *err;
    if (!info->modelYaml.empty())
        return parseModelSpec(info->modelYaml, model, nc, info->scale);
    if (!info->yamlFile.empty())
        return loadModelSpec(info->yamlFile, nc);
    return fitError("fit.model", model + ": the checkpoint does not say which model it holds (no model YAML in it)");
}

Expected<FitSetup> resolveDeviceAndBudget(const FitRequest& req)
{
    FitSetup s;
    auto spec = parseDevice(req.device);
    if (!spec)
        return fitError("fit.device", spec.error().message);
    s.index = spec->cuda ? spec->index : -1;
    if (s.index >= 0) {
        // The driver's own reason first ("no NVIDIA driver", "driver too old"): LibTorch can only say "none".
        if (const std::string why = memory::gpuUnavailableReason(); !why.empty())
            return fitError("fit.device", "device '" + req.device + "' asks for a GPU, but " + why +
                                              "; fit for device=cpu or plan for a GPU with target=");
        if (!torch::cuda::is_available())
            return fitError("fit.device", "device '" + req.device + "' asks for a GPU, but LibTorch finds no CUDA device");
        if (const int count = static_cast<int>(torch::cuda::device_count()); s.index >= count)
            return fitError("fit.device", "there is no GPU " + std::to_string(s.index) + " on this machine (it has " +
                                              std::to_string(count) + ")");
    }
    s.device = s.index >= 0 ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(s.index))
                            : torch::Device(torch::kCPU);
    s.dev = spec->name();
    if (!req.targetGpu.empty()) {
        auto t = findTargetGpu(req.targetGpu);
        if (!t)
            return t.error();
        s.target = *t;
    }
    s.planning = s.target.has_value();
    s.runOnCuda = s.planning || s.index >= 0;
    s.devStats = memory::currentStats(s.dev);
    s.totalBytes = s.target ? s.target->totalBytes : s.devStats.deviceTotal;
    auto budgetBytes = memory::parseMemoryBudget(req.budget, s.totalBytes);
    if (!budgetBytes)
        return budgetBytes.error();
    s.budgetBytes = processBudget(*budgetBytes, s.runOnCuda, req.localProcesses);
    s.threads = runThreadsFor(req.workers, req.threads, s.runOnCuda, processCores(req.localProcesses));
    s.queuedBatches = queuedBatches(s.threads.loaderWorkers);
    return s;
}

// The AMP the run gets (resolveAmp, as the trainer resolves it, on the device it trains on) and the modes the
// probe measures: fp32 always (the "off" choice, and the base of a plan), plus the run's mode when measured
// here. Planning for a GPU derives its 16-bit mode from fp32 (CPU bf16 autocast has other op lists).
std::optional<Error> ampModesToProbe(const FitRequest& req, FitSetup& s)
{
    const torch::Device runDevice = s.planning ? torch::Device(torch::kCUDA, 0) : s.device;
    auto mode = resolveAmp(req.amp.empty() ? "auto" : req.amp, runDevice);
    if (!mode)
        return fitError("fit.amp", mode.error().message);
    s.modes = {ProbeAmp::Off};
    if (*mode != AmpMode::Off && !s.planning)
        s.modes.push_back(*mode);
    s.ampName = toString(*mode);
    return std::nullopt;
}

// The optimizer the trainer builds for a run of `spec` at `batch` (its state is part of the peak).
OptimizerKind optimizerAt(const FitRequest& req, const ProbeBatches& batches, const ModelSpec& spec, int batch)
{
    if (req.data.empty() && req.optimizer == "auto")
        return OptimizerKind::SGD;  // synthetic batches: no run length to count
    auto kind =
        optimizerKindFor(req.optimizer, batches.trainImages(), batch, req.nbs, req.epochs, autoPicksMuSGD(spec));
    return kind ? *kind : OptimizerKind::SGD;
}

// ---- probe points ----------------------------------------------------------------------------------------

// Measures training iterations and validation batches at a few (batch, imgsz) points per AMP mode and fits a
// memory model to each mode. Points go into result.points; progress after each.
Expected<std::map<ProbeAmp, DeviceMemoryModel>> runProbePoints(const FitRequest& req, const FitSetup& setup,
                                                                ProbeBatches& batches, StepProbe& probe,
                                                                int64_t baseline, FitResult& result)
{
    const int s0 = req.imgsz;
    const int s1 = s0 >= 256 ? round32(s0 * 0.5) : round32(s0 * 1.5);
    struct Plan {
        int batch, imgsz;
        bool validation;
    };
    const std::vector<Plan> plan{{kProbeBatchSmall, s0, false},
                                 {kProbeBatchLarge, s0, false},
                                 {kProbeBatchLarge, s1, false},
                                 {validationBatchFor(kProbeBatchSmall), s0, true},
                                 {validationBatchFor(kProbeBatchLarge), s0, true},
                                 {validationBatchFor(kProbeBatchLarge), s1, true}};
    std::map<ProbeAmp, DeviceMemoryModel> models;
    const int totalPoints = static_cast<int>(plan.size() * setup.modes.size());
    int done = 0;
    try {
        for (ProbeAmp mode : setup.modes) {
            std::vector<std::array<double, 3>> phaseSamples[4], valSamples, fwdSamples;
            for (const Plan& p : plan) {
                if (req.cancel.cancelled())
                    return fitError("fit.cancelled", "the memory probe was cancelled");
                const auto tp = std::chrono::steady_clock::now();
                auto [images, targets] = batches.get(p.batch, p.imgsz, p.validation);
                ProbePoint pt;
                pt.batch = p.batch;
                pt.imgsz = p.imgsz;
                pt.amp = mode != ProbeAmp::Off;
                pt.validation = p.validation;
                pt.maxBoxes = maxBoxesIn(targets, p.batch);
                if (p.validation) {
                    pt.peakBytes = probe.validationBatch(images, targets, mode);
                    valSamples.push_back({double(p.batch), double(p.imgsz), double(pt.peakBytes)});
                } else {
                    // The first iteration of the probe creates the optimizer state; afterwards every
                    // iteration is steady state, so one per point suffices.
                    const int iterations = result.points.empty() ? 2 : 1;
                    const internal::StepPeaks sp = probe.trainStep(images, targets, mode, iterations);
                    for (size_t k = 0; k < 4; ++k) {
                        pt.phasePeak[k] = sp.phase[k];
                        phaseSamples[k].push_back({double(p.batch), double(p.imgsz), double(sp.phase[k])});
                    }
                    fwdSamples.push_back({double(p.batch), double(p.imgsz), double(sp.afterForward)});
                    pt.peakBytes = sp.peak();
                }
                pt.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - tp).count();
                result.points.push_back(pt);
                if (req.progress)
                    req.progress(Progress{ProgressStage::Probe, ++done, totalPoints});
            }
            DeviceMemoryModel m;
            m.baseline = baseline;
            // Queued batches count where they live: CPU memory, which the budget caps only on a CPU run.
            m.loaderQueueBatches = setup.runOnCuda ? 0 : setup.queuedBatches;
            // The attention maps grow with imgsz^4: a term of their own, from the shapes, not a fitted line.
            m.attention = internal::attentionTerm(probe.spec(), s0);
            const internal::AttentionPhases attn = internal::attentionPhases(m.attention, mode != ProbeAmp::Off);
            m.validationMoment = attn.validationMoment;
            m.valid = internal::fitLinearPeak(valSamples, m.validation) &&
                      internal::fitLinearPeak(fwdSamples, m.afterForward, attn.afterForward);
            for (size_t k = 0; k < 4; ++k)
                m.valid = m.valid && internal::fitLinearPeak(phaseSamples[k], m.train[k], attn.train[k]);
            if (!m.valid)
                return fitError("fit.model", "the probe points did not determine a memory model");
            models[mode] = m;
        }
    } catch (const c10::Error& e) {
        return probeOutOfMemory(e);
    }
    return models;
}

// ---- predictions -------------------------------------------------------------------------------------------

// The device figure the budget is compared with, predicted for a run at (batch, imgsz): the fitted model's
// run peak plus the optimizer state the run has beyond the probed optimizer's (optimizer=auto may switch
// at large batches); measured device: CPU = tracked tensors, CUDA = allocated x rounding + context measured
// now; planned target: reserved + estimated context and workspace.
class PeakPredictor {
public:
    PeakPredictor(const FitRequest& req, const FitSetup& setup, const ProbeBatches& batches,
                  const std::map<ProbeAmp, DeviceMemoryModel>& models, const StepProbe& probe, OptimizerKind probed)
        : req_(req), setup_(setup), batches_(batches), models_(models), probe_(probe), probed_(probed)
    {
        cudaContextNow_ = setup.index >= 0 ? std::max<int64_t>(0, setup.devStats.deviceTotal -
                                                                      setup.devStats.deviceFree -
                                                                      setup.devStats.reserved)
                                           : 0;
    }

    // The memory model of the run with AMP on or off, and with activation checkpointing when `ck` is given.
    DeviceMemoryModel model(bool ampOn, const CheckpointSavings* ck = nullptr) const
    {
        const DeviceMemoryModel m = setup_.planning
                                        ? internal::cudaPlanningModel(models_.at(ProbeAmp::Off), ampOn, probe_.parameterCount())
                                        : models_.at(ampOn ? setup_.modes.back() : ProbeAmp::Off);
        return ck ? internal::withCheckpointing(m, *ck) : m;
    }

    OptimizerKind optimizerAt(int batch) const { return fit::optimizerAt(req_, batches_, probe_.spec(), batch); }

    // The fp32 model as measured on the probe device (no planning adjustment), for checks at probe points.
    const DeviceMemoryModel& probedFp32() const { return models_.at(ProbeAmp::Off); }

    // Bytes of optimizer state beyond the probed optimizer's at `batch` (negative when it holds less), for a
    // model of `paramScale` times the probed parameters.
    double extraOptimizerState(int batch, double paramScale) const
    {
        const int64_t extra = probe_.optimizerStateBytes(optimizerAt(batch)) - probe_.optimizerStateBytes(probed_);
        return static_cast<double>(extra) * paramScale;
    }

    // The step phase's peak at `batch` with the temporaries of the run's optimizer step that the probed one
    // did not hold (MuSGD's Newton-Schulz batch when the probe ran SGD or AdamW).
    double stepPeak(const DeviceMemoryModel& m, int batch, int imgsz, double paramScale) const
    {
        const OptimizerKind kind = optimizerAt(batch);
        const int64_t extra = kind == probed_ ? 0
                                              : probe_.optimizerStepTemporaryBytes(kind) -
                                                    probe_.optimizerStepTemporaryBytes(probed_);
        return m.train[3].at(batch, imgsz) + m.loaderQueueBytes(batch, imgsz) +
               static_cast<double>(std::max<int64_t>(extra, 0)) * paramScale;
    }

    double peak(const DeviceMemoryModel& m, int batch, int imgsz, double paramScale = 1.0) const
    {
        const double p = std::max(m.runPeak(batch, imgsz), stepPeak(m, batch, imgsz, paramScale)) +
                         extraOptimizerState(batch, paramScale);
        if (setup_.planning)
            return p * kCudaRounding + static_cast<double>(setup_.target->contextBytes + setup_.target->workspaceBytes);
        if (setup_.index >= 0)
            return p * kCudaRounding + static_cast<double>(cudaContextNow_);
        return p;
    }

    int64_t cudaContextNow() const { return cudaContextNow_; }

private:
    const FitRequest& req_;
    const FitSetup& setup_;
    const ProbeBatches& batches_;
    const std::map<ProbeAmp, DeviceMemoryModel>& models_;
    const StepProbe& probe_;
    OptimizerKind probed_;
    int64_t cudaContextNow_ = 0;
};

// The AMP choices the recommendation weighs: off, and the run's AMP mode unless amp=off. An AMP mode the
// user named explicitly is the only choice.
std::vector<bool> ampChoices(const FitRequest& req, const FitSetup& setup)
{
    const std::string amp = req.amp.empty() ? "auto" : req.amp;
    if (setup.ampName == "off")
        return {false};
    if (amp == "auto")
        return {false, true};
    return {true};
}

// The recommendation for one AMP choice, with activation checkpointing when `ck` is given: the largest batch
// at req.imgsz, or with req.batch the largest imgsz.
Recommendation recommendFor(const FitRequest& req, const FitSetup& setup, const PeakPredictor& predict, double limit,
                            bool ampOn, const CheckpointSavings* ck)
{
    {
        const DeviceMemoryModel m = predict.model(ampOn, ck);
        Recommendation r;
        r.amp = ampOn;
        r.ampMode = ampOn ? setup.ampName : "off";
        if (req.batch > 0) {
            r.batch = req.batch;
            r.imgsz = 0;
            for (int s = 32; s <= kMaxImgsz; s += 32)
                if (predict.peak(m, req.batch, s) <= limit)
                    r.imgsz = s;
            r.fits = r.imgsz > 0;
            if (!r.fits)
                r.imgsz = 32;
        } else {
            r.imgsz = req.imgsz;
            r.batch = largestBatch([&](int b) { return predict.peak(m, b, req.imgsz); }, limit, req.maxBatch);
            r.fits = r.batch > 0;
            if (!r.fits)
                r.batch = 1;
        }
        r.predictedPeakBytes = static_cast<int64_t>(predict.peak(m, r.batch, r.imgsz));
        r.accumulate = accumulateFor(req.nbs, r.batch * req.world);
        if (ck && !ck->layers.empty()) {
            r.checkpointLayers = ck->layers;
            r.checkpoint = checkpointLayersText(ck->layers);
        }
        return r;
    }
}

// The best recommendation over the AMP choices, with `ck` (or none).
Recommendation recommend(const FitRequest& req, const FitSetup& setup, const PeakPredictor& predict, double limit,
                         const CheckpointSavings* ck = nullptr)
{
    Recommendation best;
    for (bool ampOn : ampChoices(req, setup)) {
        const Recommendation r = recommendFor(req, setup, predict, limit, ampOn, ck);
        // AMP when it allows at least the fp32 batch (it is also faster on GPUs and bf16 CPUs).
        const bool better = best.batch == 0 || (r.fits && !best.fits) ||
                            (r.fits == best.fits && (req.batch > 0 ? r.imgsz >= best.imgsz : r.batch >= best.batch));
        if (better)
            best = r;
    }
    return best;
}

MemoryBreakdown breakdown(const FitSetup& setup, const PeakPredictor& predict, const StepProbe& probe,
                          const Recommendation& best, const CheckpointSavings* ck)
{
    const DeviceMemoryModel m = predict.model(best.amp, ck);
    const int b = best.batch, s = best.imgsz;
    const int64_t fp16Weights = setup.planning && best.amp ? 2 * probe.parameterCount() : 0;
    MemoryBreakdown bd;
    bd.weights = probe.parameterBytes() + probe.bufferBytes() + fp16Weights;
    bd.gradients = probe.gradientBytes();
    bd.optimizer = probe.optimizerStateBytes() + static_cast<int64_t>(predict.extraOptimizerState(b, 1.0));
    bd.ema = probe.parameterBytes() + probe.bufferBytes();
    bd.loaderQueue = static_cast<int64_t>(m.loaderQueueBytes(b, s));
    const double lossPeak = m.train[1].at(b, s);
    const double afterFwd = m.afterForward.at(b, s);
    bd.assigner = static_cast<int64_t>(std::max(0.0, lossPeak - afterFwd));
    const double trainPeak = m.trainPeak(b, s);
    const double state = double(probe.parameterBytes() + probe.bufferBytes() + fp16Weights + bd.gradients +
                                probe.optimizerStateBytes() + bd.ema + bd.loaderQueue) +
                         double(setup.planning ? 0 : m.baseline);
    const double assignerAtPeak = m.peakPhase(b, s) == 1 ? double(bd.assigner) : 0.0;
    bd.activations = static_cast<int64_t>(std::max(0.0, trainPeak - state - assignerAtPeak));
    bd.validation = static_cast<int64_t>(m.validationPeak(validationBatchFor(b), s));
    if (setup.planning) {
        bd.cudaContext = setup.target->contextBytes + setup.target->workspaceBytes;
        bd.allocatorOverhead = static_cast<int64_t>(m.runPeak(b, s) * (kCudaRounding - 1.0));
    } else if (setup.index >= 0) {
        bd.cudaContext = predict.cudaContextNow();
        bd.allocatorOverhead = static_cast<int64_t>(m.runPeak(b, s) * (kCudaRounding - 1.0));
    }
    return bd;
}

// Model scale x imgsz x AMP -> largest batch. The probed scale's rows are measured; other scales of the
// model's family move the model state by their parameter count and the per-image terms by the ratio of
// activations counted from the shapes (estimates). Only the model itself when its family has no other scale.
std::vector<TableRow> scaleTable(const FitRequest& req, const FitSetup& setup, const PeakPredictor& predict,
                                 const ModelSpec& spec, double limit, const CheckpointSavings& all)
{
    std::vector<TableRow> table;
    const char probedScale = spec.scale ? spec.scale : '-';
    const std::vector<ScaleInfo> scales = familyScaleInfo(spec, req.imgsz);
    const ScaleInfo* ref = nullptr;
    for (const auto& si : scales)
        if (si.scale == probedScale)
            ref = &si;
    if (!ref)
        return table;
    std::vector<int> sizes(std::begin(kTableSizes), std::end(kTableSizes));
    if (std::find(sizes.begin(), sizes.end(), req.imgsz) == sizes.end()) {
        sizes.push_back(req.imgsz);
        std::sort(sizes.begin(), sizes.end());
    }
    const OptimizerKind probed = predict.optimizerAt(req.batch > 0 ? req.batch : 1);
    const double perParamState = 4.0 * (3 + optimizerStateBuffers(probed));  // weights, grads, EMA + state
    for (const auto& si : scales) {
        const double paramScale = si.params / ref->params;
        for (int s : sizes) {
            for (bool ampOn : ampChoices(req, setup)) {
                DeviceMemoryModel m = predict.model(ampOn);
                if (si.scale != probedScale) {
                    const double dState = (si.params - ref->params) * (perParamState + (setup.planning && ampOn ? 2.0 : 0.0));
                    const double ratio = si.activationRatio / ref->activationRatio;
                    for (auto& p : m.train) {
                        p.fixed += dState;
                        p.area *= ratio;
                        p.edge *= ratio;
                    }
                    m.validation.fixed += dState / 2.0;
                    m.validation.area *= ratio;
                    m.validation.edge *= ratio;
                    m.afterForward.area *= ratio;
                    m.afterForward.edge *= ratio;
                    // This scale's own attention maps (its heads differ with its width).
                    m.attention = si.attention;
                    const internal::AttentionPhases a = internal::attentionPhases(si.attention, ampOn);
                    for (size_t k = 0; k < m.train.size(); ++k)
                        m.train[k].quartic = a.train[k];
                    m.validationMoment = a.validationMoment;
                    m.afterForward.quartic = a.afterForward;
                }
                TableRow row;
                row.scale = si.scale;
                row.imgsz = s;
                row.amp = ampOn;
                row.maxBatch = largestBatch([&](int b) { return predict.peak(m, b, s, paramScale); }, limit,
                                            req.maxBatch);
                row.peakAtMaxBatch =
                    row.maxBatch > 0 ? static_cast<int64_t>(predict.peak(m, row.maxBatch, s, paramScale)) : 0;
                const DeviceMemoryModel mc = internal::withCheckpointing(m, all);
                row.maxBatchCheckpointed =
                    largestBatch([&](int b) { return predict.peak(mc, b, s, paramScale); }, limit, req.maxBatch);
                table.push_back(row);
            }
        }
    }
    return table;
}

// The smallest batch from which optimizer=auto picks another optimizer than at batch 1, or 0.
int optimizerSwitchBatch(const PeakPredictor& predict, int maxBatch)
{
    const OptimizerKind atOne = predict.optimizerAt(1);
    if (predict.optimizerAt(maxBatch) == atOne)
        return 0;
    int lo = 1, hi = maxBatch;  // optimizerAt(lo) == atOne, optimizerAt(hi) != atOne
    while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        if (predict.optimizerAt(mid) == atOne)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}


// ---- activation checkpointing and stages -------------------------------------------------------------------

// Activation checkpointing in the fit: the savings of a layer set come from the traced iteration (per-layer
// attribution); a set is measured at the probe point (a training iteration with it, one without) and its
// predicted reduction scaled to the measured one; the cheapest set reaching a wanted batch or imgsz.
class CheckpointLevers {
public:
    CheckpointLevers(const FitRequest& req, const FitSetup& setup, const PeakPredictor& predict,
                     const CheckpointPlanner& planner, const ModelSpec& spec, StepProbe& probe, ProbeBatches& batches,
                     double limit)
        : req_(req), setup_(setup), predict_(predict), planner_(planner), spec_(spec), probe_(probe),
          batches_(batches), limit_(limit)
    {
    }

    // The layers a setting names (Off and Auto: none). Error "fit.checkpoint" for layers the model lacks.
    Expected<std::vector<int>> layersOf(const CheckpointSetting& setting) const
    {
        auto layers = checkpointLayers(setting, spec_);
        if (!layers)
            return fitError("fit.checkpoint", layers.error().message);
        return *layers;
    }

    // Every block that can be checkpointed (checkpoint=all).
    std::vector<int> allLayers() const
    {
        CheckpointSetting all;
        all.mode = CheckpointSetting::Mode::All;
        auto layers = checkpointLayers(all, spec_);
        return layers ? *layers : std::vector<int>{};
    }

    // Savings of `layers`, scaled by their own measurement, else by the mean of the measured sets (1 before any).
    CheckpointSavings savings(const std::vector<int>& layers) const
    {
        CheckpointSavings sv = planner_.savings(layers);
        double sum = 0;
        for (const Measured& m : measured_) {
            if (m.savings.layers == layers)
                return m.savings;
            sum += m.savings.calibration;
        }
        sv.calibration = measured_.empty() ? 1.0 : sum / static_cast<double>(measured_.size());
        return sv;
    }

    struct Measured {
        CheckpointSavings savings;      // calibrated
        double stepTimeIncrease = 0;
        int64_t predictedProbe = 0, measuredProbe = 0;
    };

    // A training iteration with `layers` checkpointed at the probe point (and, once, one without): the
    // calibrated savings, the step time it adds and the probe point's peak predicted and measured. Throws
    // c10::OutOfMemoryError like the probe.
    const Measured& measure(const std::vector<int>& layers)
    {
        for (const Measured& m : measured_)
            if (m.savings.layers == layers)
                return m;
        auto [images, targets] = batches_.get(kProbeBatchLarge, req_.imgsz, false);
        if (!base_) {
            probe_.setCheckpointLayers({});
            base_ = probe_.trainStep(images, targets, ProbeAmp::Off, 1);
        }
        probe_.setCheckpointLayers(layers);
        internal::StepPeaks with;
        try {
            with = probe_.trainStep(images, targets, ProbeAmp::Off, 1);
        } catch (...) {
            probe_.setCheckpointLayers({});
            throw;
        }
        probe_.setCheckpointLayers({});
        Measured m;
        m.savings = planner_.savings(layers);
        const DeviceMemoryModel& fp32 = predict_.probedFp32();
        const double predicted = fp32.trainPeak(kProbeBatchLarge, req_.imgsz) -
                                 internal::withCheckpointing(fp32, m.savings).trainPeak(kProbeBatchLarge, req_.imgsz);
        const double measuredCut = static_cast<double>(base_->peak() - with.peak());
        // A noisy or odd measurement must not turn the prediction upside down: the scale stays within 1/4..2.
        if (predicted > 0)
            m.savings.calibration = std::clamp(measuredCut / predicted, 0.25, 2.0);
        m.stepTimeIncrease = base_->seconds > 0 ? with.seconds / base_->seconds - 1.0 : 0.0;
        m.predictedProbe = base_->peak() - static_cast<int64_t>(predicted);
        m.measuredProbe = with.peak();
        measured_.push_back(m);
        return measured_.back();
    }

    // The predicted peak of batch `batch` at `imgsz` with `ck` (or none), and whether it fits.
    int64_t peakWith(bool ampOn, int batch, int imgsz, const CheckpointSavings* ck) const
    {
        return static_cast<int64_t>(predict_.peak(predict_.model(ampOn, ck), batch, imgsz));
    }
    bool fits(bool ampOn, int batch, int imgsz, const CheckpointSavings* ck) const
    {
        return predict_.peak(predict_.model(ampOn, ck), batch, imgsz) <= limit_;
    }

    // The cheapest set for which `batch` fits at `imgsz` (empty: it fits without); nullopt when even every
    // block does not make it fit.
    std::optional<std::vector<int>> cheapestFor(bool ampOn, int batch, int imgsz) const
    {
        return internal::cheapestCheckpointSet(planner_, [&](const CheckpointSavings& plain) {
            CheckpointSavings sv = plain;
            sv.calibration = savings(plain.layers).calibration;
            return fits(ampOn, batch, imgsz, &sv);
        });
    }

    // The largest batch at `imgsz` (0 = none) and the largest imgsz for `batch` (0 = none) with `ck`.
    int largestBatchWith(bool ampOn, int imgsz, const CheckpointSavings* ck) const
    {
        const DeviceMemoryModel m = predict_.model(ampOn, ck);
        return largestBatch([&](int b) { return predict_.peak(m, b, imgsz); }, limit_, req_.maxBatch);
    }
    int largestImgszWith(bool ampOn, int batch, const CheckpointSavings* ck) const
    {
        const DeviceMemoryModel m = predict_.model(ampOn, ck);
        int best = 0;
        for (int s = 32; s <= kMaxImgsz; s += 32)
            if (predict_.peak(m, batch, s) <= limit_)
                best = s;
        return best;
    }

    const std::vector<Measured>& measured() const { return measured_; }
    const CheckpointPlanner& planner() const { return planner_; }

private:
    const FitRequest& req_;
    const FitSetup& setup_;
    const PeakPredictor& predict_;
    const CheckpointPlanner& planner_;
    const ModelSpec& spec_;
    StepProbe& probe_;
    ProbeBatches& batches_;
    double limit_;
    std::optional<internal::StepPeaks> base_;
    std::vector<Measured> measured_;
};

// What a fit wants from checkpointing: the request's setting, and the batch (batch mode) or image size (imgsz
// mode) it should reach (0: none).
struct CheckpointGoal {
    CheckpointSetting setting;
    int batch = 0;
    int imgsz = 0;
};

CheckpointGoal checkpointGoal(const FitRequest& req)
{
    CheckpointGoal g;
    g.setting = parseCheckpointSetting(req.checkpoint).value_or(CheckpointSetting{});
    if (req.batch > 0)
        g.imgsz = req.wantedImgsz;
    else
        g.batch = req.wantedBatch > 0 ? req.wantedBatch
                  : g.setting.mode == CheckpointSetting::Mode::Auto ? std::min(kAutoCheckpointBatch, req.maxBatch)
                                                                    : 0;
    return g;
}

// Whether `r` (made without checkpointing) falls short of the goal.
bool fallsShort(const CheckpointGoal& goal, const Recommendation& r)
{
    return (goal.batch > 0 && (!r.fits || r.batch < goal.batch)) || (goal.imgsz > 0 && (!r.fits || r.imgsz < goal.imgsz));
}

// The options a fit proposes when the goal is not reached (the cheapest set reaching it, the backbone, every
// block) and the request's own set, each measured at the probe point. Progress "checkpoint", done/total.
Expected<std::vector<CheckpointOption>> checkpointOptions(const FitRequest& req, const CheckpointGoal& goal,
                                                          const Recommendation& plain, bool shortOfGoal,
                                                          const std::optional<std::vector<int>>& automatic,
                                                          CheckpointLevers& levers)
{
    using Mode = CheckpointSetting::Mode;
    struct Candidate {
        std::string setting;
        std::vector<int> layers;
        bool automatic = false;
    };
    std::vector<Candidate> candidates;
    auto add = [&](std::string setting, std::vector<int> layers, bool automatic) {
        if (layers.empty())
            return;
        for (const Candidate& c : candidates)
            if (c.layers == layers)
                return;
        candidates.push_back({std::move(setting), std::move(layers), automatic});
    };
    const int wantedBatch = goal.batch, wantedImgsz = goal.imgsz;
    if (shortOfGoal) {
        if (automatic)
            add(checkpointLayersText(*automatic), *automatic, true);
        for (Mode mode : {Mode::Backbone, Mode::All}) {
            CheckpointSetting s;
            s.mode = mode;
            auto layers = levers.layersOf(s);
            if (!layers)
                return layers.error();
            add(s.text(), *layers, false);
        }
    }
    if (goal.setting.mode != Mode::Off && goal.setting.mode != Mode::Auto) {
        auto layers = levers.layersOf(goal.setting);
        if (!layers)
            return layers.error();
        add(goal.setting.text(), *layers, false);
    }
    std::vector<CheckpointOption> out;
    int done = 0;
    for (const Candidate& c : candidates) {
        if (req.cancel.cancelled())
            return fitError("fit.cancelled", "the memory probe was cancelled");
        const CheckpointLevers::Measured& m = levers.measure(c.layers);
        CheckpointOption o;
        o.setting = c.setting;
        o.layers = c.layers;
        o.automatic = c.automatic;
        o.activationSaving = m.savings.forward * m.savings.calibration;
        o.stepTimeIncrease = m.stepTimeIncrease;
        o.probePredictedBytes = m.predictedProbe;
        o.probeMeasuredBytes = m.measuredProbe;
        if (req.batch > 0) {
            o.batch = req.batch;
            o.imgsz = levers.largestImgszWith(plain.amp, req.batch, &m.savings);
            o.reachesWanted = wantedImgsz > 0 && o.imgsz >= wantedImgsz;
        } else {
            o.imgsz = plain.imgsz;
            o.batch = levers.largestBatchWith(plain.amp, plain.imgsz, &m.savings);
            o.reachesWanted = wantedBatch > 0 && o.batch >= wantedBatch;
        }
        // The peak at what the option reaches (at the wanted batch when it reaches further).
        const int b = req.batch > 0 ? req.batch : std::max(1, o.reachesWanted ? wantedBatch : o.batch);
        const int s = req.batch > 0 ? std::max(32, o.reachesWanted ? wantedImgsz : o.imgsz) : plain.imgsz;
        o.predictedPeakBytes = levers.peakWith(plain.amp, b, s, &m.savings);
        out.push_back(o);
        if (req.progress)
            req.progress(Progress{ProgressStage::Checkpoint, ++done, static_cast<int64_t>(candidates.size())});
    }
    return out;
}

// The cheapest set for which `batch` fits at `imgsz`, measured: chosen from the per-layer figures, measured,
// and chosen again with the measured scale (measured too when it differs). Empty: it fits without; nullopt:
// not even every block makes it fit.
std::optional<std::vector<int>> autoCheckpointSet(CheckpointLevers& levers, bool ampOn, int batch, int imgsz)
{
    auto first = levers.cheapestFor(ampOn, batch, imgsz);
    if (!first || first->empty())
        return first;
    levers.measure(*first);
    auto second = levers.cheapestFor(ampOn, batch, imgsz);
    if (second && !second->empty() && *second != *first)
        levers.measure(*second);
    return second;
}

// Each stage of a staged run at its own imgsz: the batch it asks for (checked against the budget) or the
// largest that fits (auto), with its checkpointing (the stage's override, else the request's; auto picks the
// cheapest set reaching the stage's batch, or kAutoCheckpointBatch with batch=auto), in the recommendation's AMP.
Expected<std::vector<StageFit>> stageFits(const FitRequest& req, const Recommendation& rec, CheckpointLevers& levers)
{
    using Mode = CheckpointSetting::Mode;
    std::vector<StageFit> out;
    int number = 0;
    for (const TrainStage& st : req.stages) {
        StageFit f;
        f.stage = ++number;
        f.imgsz = st.imgsz;
        f.epochs = st.epochs;
        f.requestedBatch = st.batch > 0 ? st.batch : -1;
        std::string text = req.checkpoint;
        for (const auto& [key, value] : st.overrides)
            if (key == "checkpoint")
                text = value;
        const CheckpointSetting setting = parseCheckpointSetting(text).value_or(CheckpointSetting{});
        std::optional<CheckpointSavings> ck;
        if (setting.mode == Mode::Auto) {
            const int wanted = st.batch > 0 ? st.batch : std::min(kAutoCheckpointBatch, req.maxBatch);
            auto set = autoCheckpointSet(levers, rec.amp, wanted, st.imgsz);
            if (!set)
                set = levers.allLayers();
            if (!set->empty())
                ck = levers.savings(*set);
        } else if (setting.mode != Mode::Off) {
            auto layers = levers.layersOf(setting);
            if (!layers)
                return layers.error();
            ck = levers.savings(*layers);
        }
        if (ck) {
            f.checkpointLayers = ck->layers;
            f.checkpoint = setting.mode == Mode::Auto ? checkpointLayersText(ck->layers) : setting.text();
        }
        const CheckpointSavings* c = ck ? &*ck : nullptr;
        if (st.batch > 0) {
            f.batch = st.batch;
            f.fits = levers.fits(rec.amp, f.batch, f.imgsz, c);
        } else {
            f.batch = levers.largestBatchWith(rec.amp, f.imgsz, c);
            f.fits = f.batch > 0;
            f.batch = std::max(1, f.batch);
        }
        f.predictedPeakBytes = levers.peakWith(rec.amp, f.batch, f.imgsz, c);
        f.accumulate = accumulateFor(req.nbs, f.batch * req.world);
        out.push_back(f);
    }
    return out;
}

// Percent text of a share: 0.384 -> "38"; with a sign for changes: "+22", "-3".
std::string percent(double share, bool sign = false)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, sign ? "%+.0f" : "%.0f", 100.0 * share);
    return buf;
}
// The notes on where the memory goes and on the levers: the layer that keeps the most activations, each
// checkpointing option, what checkpoint=auto chose, and a staged run's probe size.
void describeLevers(const FitRequest& req, const FitResult& result,
                    const std::function<void(std::string, std::vector<std::string>)>& note)
{
    const LayerProfile& lp = result.layers;
    const LayerMemory* top = nullptr;
    for (const LayerMemory& l : lp.layers)
        if (l.part == LayerMemory::Part::Layer && (!top || l.activationBytes > top->activationBytes))
            top = &l;
    if (top && lp.activationTotal > 0)
        note("fit.top_layer", {layerLabel(*top), std::to_string(top->layer),
                               percent(static_cast<double>(top->activationBytes) / static_cast<double>(lp.activationTotal)),
                               memory::formatBytes(lp.activationTotal), std::to_string(lp.batch),
                               std::to_string(lp.imgsz)});
    for (const CheckpointOption& o : result.checkpointOptions) {
        if (req.batch > 0)
            note("fit.checkpoint_imgsz", {std::to_string(o.imgsz), std::to_string(o.batch), o.setting,
                                          percent(o.activationSaving), percent(o.stepTimeIncrease, true)});
        else
            note("fit.checkpoint_batch", {std::to_string(o.batch), o.setting, percent(o.activationSaving),
                                          percent(o.stepTimeIncrease, true)});
    }
    const CheckpointGoal goal = checkpointGoal(req);
    const Recommendation& best = result.recommended;
    if (goal.setting.mode == CheckpointSetting::Mode::Auto) {
        if (!best.checkpointLayers.empty() && req.batch > 0)
            note("fit.checkpoint_auto_imgsz", {best.checkpoint, std::to_string(goal.imgsz)});
        else if (!best.checkpointLayers.empty())
            note("fit.checkpoint_auto", {best.checkpoint, std::to_string(goal.batch)});
        else if (req.batch == 0)
            note("fit.checkpoint_auto_none", {std::to_string(goal.batch)});
    }
    const bool reached = std::any_of(result.checkpointOptions.begin(), result.checkpointOptions.end(),
                                     [](const CheckpointOption& o) { return o.reachesWanted; });
    if (!result.checkpointOptions.empty() && !reached && req.batch == 0 && goal.batch > 0) {
        int largest = 0;
        for (const CheckpointOption& o : result.checkpointOptions)
            largest = std::max(largest, o.batch);
        note("fit.checkpoint_short", {std::to_string(goal.batch), std::to_string(largest)});
    }
    if (!req.stages.empty())
        note("fit.stages", {std::to_string(req.stages.size()), std::to_string(req.imgsz)});
    if (req.world > 1)
        note("fit.world_batch", {std::to_string(result.recommended.batch), std::to_string(req.world),
                                 std::to_string(result.recommended.batch * req.world)});
}

// The notes on what limits the recommendation besides memory: the CPU's memory shared by this machine's
// processes, and a batch the training set caps although memory would allow more.
void describeLimits(const FitRequest& req, const FitSetup& setup, const PeakPredictor& predict, const FitResult& result,
                    const std::function<void(std::string, std::vector<std::string>)>& note)
{
    if (!setup.runOnCuda && req.localProcesses > 1)
        note("fit.shared_budget", {std::to_string(req.localProcesses), memory::formatBytes(setup.budgetBytes),
                                   memory::formatBytes(setup.budgetBytes * req.localProcesses)});
    const Recommendation& best = result.recommended;
    const double limit = static_cast<double>(result.budgetBytes) * (1.0 - result.margin);
    if (req.batch == 0 && best.fits && best.batch == setup.dataBatchLimit &&
        predict.peak(predict.model(best.amp), best.batch + 1, best.imgsz) <= limit)
        note("fit.batch_data", {std::to_string(best.batch * req.world), std::to_string(result.trainImages)});
}

// The attention maps at the recommendation (models with PSA blocks): what they keep, against the peak.
void describeAttention(const ModelSpec& spec, const PeakPredictor& predict, const FitResult& result,
                       const std::function<void(std::string, std::vector<std::string>)>& note)
{
    const Recommendation& best = result.recommended;
    const auto maps = attentionMaps(spec, best.imgsz, best.imgsz);
    if (!maps || maps->empty() || !best.fits || best.predictedPeakBytes <= 0)
        return;
    const DeviceMemoryModel m = predict.model(best.amp);
    const double kept = best.batch * m.afterForward.quartic * std::pow(static_cast<double>(best.imgsz), 4.0);
    note("fit.attention", {std::to_string(maps->size()), memory::formatBytes(static_cast<int64_t>(kept)),
                           std::to_string(best.batch), std::to_string(best.imgsz),
                           percent(kept / static_cast<double>(best.predictedPeakBytes))});
}

// The certainty of the prediction and the notes that state what was assumed.
void describe(const FitRequest& req, const FitSetup& setup, const ProbeBatches& batches, const ModelSpec& spec,
              const PeakPredictor& predict, bool otherScales, FitResult& result)
{
    const Recommendation& best = result.recommended;
    auto note = [&](std::string code, std::vector<std::string> args = {}) {
        result.fitNotes.push_back(FitNote{std::move(code), std::move(args)});
    };
    if (setup.planning) {
        result.certaintyNote = {"fit.certainty.planned", {}};
        result.uncertainty = 0.20;
        note("fit.cuda_context", {memory::formatBytes(setup.target->contextBytes + setup.target->workspaceBytes)});
        note("fit.allocator_rounding", {fixed2(kCudaRounding)});
        if (best.amp)
            note("fit.amp_derived", {best.ampMode});
        note("fit.measure_on_card");
    } else if (setup.index >= 0) {
        result.certaintyNote = {"fit.certainty.gpu", {fixed2(kCudaRounding)}};
        result.uncertainty = 0.08;
    } else {
        result.certaintyNote = {"fit.certainty.cpu", {}};
        result.uncertainty = 0.03;
        note("fit.cpu_untracked");
    }
    const OptimizerKind kind = predict.optimizerAt(best.batch);
    note("fit.optimizer", {toString(kind), std::to_string(optimizerStateBuffers(kind)),
                           std::to_string(kValidationBatchFactor)});
    if (req.batch == 0) {
        const int switchBatch = optimizerSwitchBatch(predict, req.maxBatch);
        if (switchBatch > 0 && best.batch >= switchBatch)
            note("fit.optimizer_switch", {toString(kind), std::to_string(switchBatch)});
    }
    if (!req.data.empty()) {
        note("fit.probe_crowded", {std::to_string(kProbeBatchLarge), std::to_string(result.maxBoxes)});
        if (batches.excludedImages() > 0)
            note("fit.excluded_images", {std::to_string(batches.excludedImages())});
    } else {
        note("fit.synthetic", {std::to_string(req.syntheticBoxes)});
    }
    if (setup.queuedBatches > 0 && !setup.runOnCuda)
        note("fit.loader_queue", {std::to_string(setup.queuedBatches), std::to_string(setup.threads.loaderWorkers),
                                  std::to_string(setup.threads.intraOp)});
    else if (setup.queuedBatches > 0)
        note("fit.loader_host", {std::to_string(setup.queuedBatches)});
    else if (req.workers > 0 && !setup.runOnCuda)
        note("fit.loader_inline", {std::to_string(req.workers), std::to_string(setup.threads.intraOp),
                                   std::to_string(cpuCores())});
    describeLevers(req, result, note);
    describeAttention(spec, predict, result, note);
    describeLimits(req, setup, predict, result, note);
    if (!otherScales)
        note("fit.no_scales");
    if (!best.fits)
        note("fit.nothing_fits");
    result.certainty = fitNoteText(result.certaintyNote);
    for (const FitNote& n : result.fitNotes)
        result.notes.push_back(fitNoteText(n));
}


}  // namespace

Expected<FitResult> fitToMemory(const FitRequest& req)
{
    return internal::fitToMemory(req, nullptr);
}

Expected<FitResult> internal::fitToMemory(const FitRequest& request, FitInternals* internals)
{
    const auto t0 = std::chrono::steady_clock::now();
    if (auto err = validateRequest(request))
        return *err;
    // A staged run is probed at its largest stage imgsz; each stage is then fitted at its own.
    FitRequest req = request;
    for (const TrainStage& st : req.stages)
        req.imgsz = &st == &req.stages.front() ? st.imgsz : std::max(req.imgsz, st.imgsz);
    auto setupOr = resolveDeviceAndBudget(req);
    if (!setupOr)
        return setupOr.error();
    FitSetup& setup = *setupOr;
    if (auto err = ampModesToProbe(req, setup))
        return *err;

    memory::installCpuTracker();
    BudgetRestore restoreBudget;
    memory::setBudget(0, "cpu");
    ThreadsRestore restoreThreads;
    torch::set_num_threads(kProbeThreads);

    ProbeBatches batches;
    if (auto err = batches.open(req))
        return *err;
    // No batch the fit gives is larger than the training set allows (batchLimitForData).
    setup.dataBatchLimit = batchLimitForData(batches.trainImages(), req.world, req.nbs);
    if (setup.dataBatchLimit > 0)
        req.maxBatch = std::min(req.maxBatch, setup.dataBatchLimit);
    auto spec = fitModelSpec(req.model, batches.nc());
    if (!spec)
        return spec.error();
    if (auto kind = optimizerKindFor(req.optimizer, 0, 1, req.nbs, req.epochs); !kind)
        return fitError("fit.optimizer", kind.error().message);
    const OptimizerKind probed = optimizerAt(req, batches, *spec, req.batch > 0 ? req.batch : 1);

    FitResult result;
    result.device = setup.dev;
    result.model = req.model;
    result.data = req.data;
    result.world = req.world;
    result.target = setup.target ? setup.target->label : setup.dev;
    result.deviceTotalBytes = setup.totalBytes;
    result.budgetBytes = setup.budgetBytes;
    result.maxBoxes = batches.maxBoxes();
    result.margin = req.margin > 0 ? req.margin : (setup.planning ? kPlannedMargin : kMeasuredMargin);
    result.trainImages = batches.trainImages();
    result.intraOpThreads = setup.threads.intraOp;
    result.loaderWorkers = setup.threads.loaderWorkers;
    result.localProcesses = req.localProcesses;
    result.queuedBatches = setup.queuedBatches;

    const int64_t baseline = memory::currentStats(setup.dev).allocated;
    StepProbe probe(*spec, setup.device, probed);
    auto models = runProbePoints(req, setup, batches, probe, baseline, result);
    if (!models)
        return models.error();
    if (internals) {
        internals->optimizer = toString(probed);
        internals->parameterCount = probe.parameterCount();
        for (ProbeAmp mode : setup.modes)
            internals->models.emplace_back(mode != ProbeAmp::Off, models->at(mode));
    }

    const PeakPredictor predict(req, setup, batches, *models, probe, probed);
    const double limit = static_cast<double>(result.budgetBytes) * (1.0 - result.margin);

    // Where the memory goes, layer by layer (fp32 at the larger probe batch), and what checkpointing changes.
    internal::IterationTrace trace;
    std::optional<CheckpointSavings> ck;
    try {
        {
            auto [images, targets] = batches.get(kProbeBatchLarge, req.imgsz, false);
            trace = probe.traceIteration(images, targets);
        }
        if (req.progress)
            req.progress(Progress{ProgressStage::Layers, 1, 1});
        result.layers = internal::layerProfile(trace, *spec, kProbeBatchLarge, req.imgsz, probe.optimizerStateBytes());
        auto planner = std::make_shared<const CheckpointPlanner>(trace, *spec);
        CheckpointLevers levers(req, setup, predict, *planner, *spec, probe, batches, limit);
        const CheckpointGoal goal = checkpointGoal(req);
        const Recommendation plain = recommend(req, setup, predict, limit);
        const bool shortOfGoal = fallsShort(goal, plain);
        std::optional<std::vector<int>> automatic;
        if (shortOfGoal)
            automatic = req.batch > 0 ? autoCheckpointSet(levers, plain.amp, req.batch, goal.imgsz)
                                      : autoCheckpointSet(levers, plain.amp, goal.batch, plain.imgsz);
        auto options = checkpointOptions(req, goal, plain, shortOfGoal, automatic, levers);
        if (!options)
            return options.error();
        result.checkpointOptions = *options;
        // The recommendation with the request's checkpointing: auto takes the cheapest set reaching the goal
        // (every block when none does), nothing when the goal is reached without.
        const std::vector<int> allLayers = levers.allLayers();
        if (goal.setting.mode == CheckpointSetting::Mode::Auto && shortOfGoal) {
            const std::vector<int> layers = automatic ? *automatic : allLayers;
            if (!layers.empty())
                ck = levers.savings(layers);
        } else if (goal.setting.mode != CheckpointSetting::Mode::Off && goal.setting.mode != CheckpointSetting::Mode::Auto) {
            auto layers = levers.layersOf(goal.setting);
            if (!layers)
                return layers.error();
            ck = levers.savings(*layers);
        }
        result.recommended = ck ? recommend(req, setup, predict, limit, &*ck) : plain;
        if (ck && goal.setting.mode != CheckpointSetting::Mode::Auto)
            result.recommended.checkpoint = goal.setting.text();
        auto stages = stageFits(req, result.recommended, levers);
        if (!stages)
            return stages.error();
        result.stages = *stages;
        result.table = scaleTable(req, setup, predict, *spec, limit, levers.savings(allLayers));
        if (internals) {
            internals->planner = planner;
            for (const auto& m : levers.measured())
                internals->measured.push_back(m.savings);
        }
    } catch (const c10::Error& e) {
        return probeOutOfMemory(e);
    }
    result.optimizer = toString(predict.optimizerAt(result.recommended.batch));
    result.breakdown = breakdown(setup, predict, probe, result.recommended, ck ? &*ck : nullptr);
    const bool otherScales = std::any_of(result.table.begin(), result.table.end(),
                                         [&](const TableRow& r) { return r.scale != result.table.front().scale; });
    describe(req, setup, batches, *spec, predict, otherScales, result);
    result.probeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

// ------------------------------------------------------------------------------------------------------

struct internal::MeasureSession::Impl {
    FitRequest request;
    ProbeBatches batches;
    std::unique_ptr<StepProbe> probe;
    int64_t baseline = 0;
    std::string device;
};

internal::MeasureSession::MeasureSession(std::unique_ptr<Impl> impl) : d_(std::move(impl)) {}
internal::MeasureSession::~MeasureSession() = default;

Expected<std::unique_ptr<internal::MeasureSession>> internal::MeasureSession::open(const FitRequest& request)
{
    auto impl = std::make_unique<Impl>();
    impl->request = request;
    auto spec = parseDevice(request.device);
    if (!spec || (spec->cuda && !torch::cuda::is_available()))
        return fitError("fit.device", "device '" + request.device + "' is not available");
    impl->device = spec->name();
    if (auto err = impl->batches.open(request))
        return *err;
    auto model = fitModelSpec(request.model, impl->batches.nc());
    if (!model)
        return model.error();
    auto kind = optimizerKindFor(request.optimizer, impl->batches.trainImages(), 1, request.nbs, request.epochs,
                                 autoPicksMuSGD(*model));
    if (!kind)
        return kind.error();
    memory::installCpuTracker();
    impl->baseline = memory::currentStats(impl->device).allocated;
    const torch::Device device = spec->cuda ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(spec->index))
                                            : torch::Device(torch::kCPU);
    impl->probe = std::make_unique<StepProbe>(*model, device, *kind);
    return std::unique_ptr<MeasureSession>(new MeasureSession(std::move(impl)));
}

internal::MeasuredPeaks internal::MeasureSession::measure(int batch, int imgsz, bool amp,
                                                          const std::vector<int>& checkpointLayers)
{
    const ProbeAmp mode = !amp ? ProbeAmp::Off : d_->device == "cpu" ? ProbeAmp::Bf16 : ProbeAmp::Fp16;
    MeasuredPeaks m;
    {
        auto [images, targets] = d_->batches.get(batch, imgsz, false);
        d_->probe->setCheckpointLayers(checkpointLayers);
        try {
            m.train = d_->probe->trainStep(images, targets, mode, 2).peak() - d_->baseline;
        } catch (...) {
            d_->probe->setCheckpointLayers({});
            throw;
        }
        d_->probe->setCheckpointLayers({});
    }
    {
        auto [images, targets] = d_->batches.get(validationBatchFor(batch), imgsz, true);
        m.validation = d_->probe->validationBatch(images, targets, mode) - d_->baseline;
    }
    return m;
}

internal::IterationTrace internal::MeasureSession::trace(int batch, int imgsz)
{
    auto [images, targets] = d_->batches.get(batch, imgsz, false);
    return d_->probe->traceIteration(images, targets);
}

int64_t internal::MeasureSession::forwardBackward(int batch, int imgsz)
{
    auto [images, targets] = d_->batches.get(batch, imgsz, false);
    return d_->probe->forwardBackward(images) - d_->baseline;
}

const ModelSpec& internal::MeasureSession::spec() const
{
    return d_->probe->spec();
}

int64_t internal::MeasureSession::baseline() const
{
    return d_->baseline;
}

}  // namespace ys::fit
