// fitToMemory: check and resolve the request, measure probe points on the device, fit the memory model,
// then recommend, break the peak down, tabulate other scales and state what was assumed. The trainer's
// rules (threads, queued batches, optimizer=auto, validation batch, AMP, trainable images) come from their
// one home (common/trainrules.h, model/internal/amp.h, data/check.h), so the fit budgets what training runs.
#include "memory/internal/accounting.h"
#include "fit/internal/fitmodel.h"
#include "fit/internal/probe_step.h"
#include "memory/memory.h"
#include "fit/fit.h"

#include "common/device.h"
#include "common/trainrules.h"
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
// dataset's nc and its activations per image relative to the probed model's (ModelCost::activations).
struct ScaleInfo {
    char scale;
    double params;
    double activationRatio;
};
const int kTableSizes[] = {320, 480, 640, 960, 1280};

// The scales of the model's family (familyScales: its YAML's n/s/m/l/x, YOLOv9's t/s/m/c/e files); only the
// model itself when its YAML has no other scales.
std::vector<ScaleInfo> familyScaleInfo(const ModelSpec& spec, int imgsz)
{
    auto family = familyScales(spec);
    const auto own = spec.cost(imgsz, imgsz);
    std::vector<ScaleInfo> out;
    if (family && own) {
        for (const auto& member : family.value()) {
            const auto c = member.cost(imgsz, imgsz);
            if (c)
                out.push_back({member.scale ? member.scale : '-', static_cast<double>(member.params()),
                               c->activations / own->activations});
        }
    }
    if (out.empty())
        out.push_back({spec.scale ? spec.scale : '-', static_cast<double>(spec.params()), 1.0});
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
    int64_t budgetBytes = 0;
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
    if (req.batch < 0 || req.maxBatch < 1 || req.nbs < 1)
        return fitError("fit.batch", "batch must be >= 0, maxBatch and nbs >= 1");
    if (!(req.fraction > 0.0 && req.fraction <= 1.0))
        return fitError("fit.fraction", "fraction must be in (0, 1]");
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
    if (s.index >= 0 && (!memory::cudaBuild() || !torch::cuda::is_available() ||
                         s.index >= static_cast<int>(torch::cuda::device_count())))
        return fitError("fit.device", "device '" + req.device + "' is not available in this build or machine");
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
    s.budgetBytes = *budgetBytes;
    s.threads = runThreadsFor(req.workers, req.threads, s.runOnCuda);
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

// The optimizer the trainer builds for a run at `batch` (its state is part of the peak).
OptimizerKind optimizerAt(const FitRequest& req, const ProbeBatches& batches, int batch)
{
    if (req.data.empty() && req.optimizer == "auto")
        return OptimizerKind::SGD;  // synthetic batches: no run length to count
    auto kind = optimizerKindFor(req.optimizer, batches.trainImages(), batch, req.nbs, req.epochs);
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
                    req.progress(Progress{"probe", ++done, totalPoints});
            }
            DeviceMemoryModel m;
            m.baseline = baseline;
            // Queued batches count where they live: CPU memory, which the budget caps only on a CPU run.
            m.loaderQueueBatches = setup.runOnCuda ? 0 : setup.queuedBatches;
            m.valid = internal::fitLinearPeak(valSamples, m.validation) &&
                      internal::fitLinearPeak(fwdSamples, m.afterForward);
            for (size_t k = 0; k < 4; ++k)
                m.valid = m.valid && internal::fitLinearPeak(phaseSamples[k], m.train[k]);
            if (!m.valid)
                return fitError("fit.model", "the probe points did not determine a memory model");
            models[mode] = m;
        }
    } catch (const c10::OutOfMemoryError& e) {
        return fitError("fit.probe_oom", std::string("the device ran out of memory while probing batch ") +
                                             std::to_string(kProbeBatchLarge) + "; free memory or lower imgsz (" +
                                             e.what_without_backtrace() + ")");
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

    DeviceMemoryModel model(bool ampOn) const
    {
        if (setup_.planning)
            return internal::cudaPlanningModel(models_.at(ProbeAmp::Off), ampOn, probe_.parameterCount());
        return models_.at(ampOn ? setup_.modes.back() : ProbeAmp::Off);
    }

    OptimizerKind optimizerAt(int batch) const { return fit::optimizerAt(req_, batches_, batch); }

    // Bytes of optimizer state beyond the probed optimizer's at `batch`, for a model of `paramScale` times
    // the probed parameters.
    double extraOptimizerState(int batch, double paramScale) const
    {
        const int extra = optimizerStateBuffers(optimizerAt(batch)) - optimizerStateBuffers(probed_);
        return static_cast<double>(extra) * static_cast<double>(probe_.gradientBytes()) * paramScale;
    }

    double peak(const DeviceMemoryModel& m, int batch, int imgsz, double paramScale = 1.0) const
    {
        const double p = m.runPeak(batch, imgsz) + extraOptimizerState(batch, paramScale);
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

Recommendation recommend(const FitRequest& req, const FitSetup& setup, const PeakPredictor& predict, double limit)
{
    Recommendation best;
    for (bool ampOn : ampChoices(req, setup)) {
        const DeviceMemoryModel m = predict.model(ampOn);
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
        r.accumulate = accumulateFor(req.nbs, r.batch);
        // AMP when it allows at least the fp32 batch (it is also faster on GPUs and bf16 CPUs).
        const bool better = best.batch == 0 || (r.fits && !best.fits) ||
                            (r.fits == best.fits && (req.batch > 0 ? r.imgsz >= best.imgsz : r.batch >= best.batch));
        if (better)
            best = r;
    }
    return best;
}

MemoryBreakdown breakdown(const FitSetup& setup, const PeakPredictor& predict, const StepProbe& probe,
                          const Recommendation& best)
{
    const DeviceMemoryModel m = predict.model(best.amp);
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
                                 const ModelSpec& spec, double limit)
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
                }
                TableRow row;
                row.scale = si.scale;
                row.imgsz = s;
                row.amp = ampOn;
                row.maxBatch = largestBatch([&](int b) { return predict.peak(m, b, s, paramScale); }, limit,
                                            req.maxBatch);
                row.peakAtMaxBatch =
                    row.maxBatch > 0 ? static_cast<int64_t>(predict.peak(m, row.maxBatch, s, paramScale)) : 0;
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

// The certainty of the prediction and the notes that state what was assumed.
void describe(const FitRequest& req, const FitSetup& setup, const ProbeBatches& batches,
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

Expected<FitResult> internal::fitToMemory(const FitRequest& req, FitInternals* internals)
{
    const auto t0 = std::chrono::steady_clock::now();
    if (auto err = validateRequest(req))
        return *err;
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
    auto spec = fitModelSpec(req.model, batches.nc());
    if (!spec)
        return spec.error();
    if (auto kind = optimizerKindFor(req.optimizer, 0, 1, req.nbs, req.epochs); !kind)
        return fitError("fit.optimizer", kind.error().message);
    const OptimizerKind probed = optimizerAt(req, batches, req.batch > 0 ? req.batch : 1);

    FitResult result;
    result.device = setup.dev;
    result.model = req.model;
    result.data = req.data;
    result.target = setup.target ? setup.target->label : setup.dev;
    result.deviceTotalBytes = setup.totalBytes;
    result.budgetBytes = setup.budgetBytes;
    result.maxBoxes = batches.maxBoxes();
    result.margin = req.margin > 0 ? req.margin : (setup.planning ? kPlannedMargin : kMeasuredMargin);
    result.trainImages = batches.trainImages();
    result.intraOpThreads = setup.threads.intraOp;
    result.loaderWorkers = setup.threads.loaderWorkers;
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
    result.recommended = recommend(req, setup, predict, limit);
    result.optimizer = toString(predict.optimizerAt(result.recommended.batch));
    result.breakdown = breakdown(setup, predict, probe, result.recommended);
    result.table = scaleTable(req, setup, predict, *spec, limit);
    const bool otherScales = std::any_of(result.table.begin(), result.table.end(),
                                         [&](const TableRow& r) { return r.scale != result.table.front().scale; });
    describe(req, setup, batches, predict, otherScales, result);
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
    auto kind = optimizerKindFor(request.optimizer, impl->batches.trainImages(), 1, request.nbs, request.epochs);
    if (!kind)
        return kind.error();
    memory::installCpuTracker();
    impl->baseline = memory::currentStats(impl->device).allocated;
    const torch::Device device = spec->cuda ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(spec->index))
                                            : torch::Device(torch::kCPU);
    impl->probe = std::make_unique<StepProbe>(*model, device, *kind);
    return std::unique_ptr<MeasureSession>(new MeasureSession(std::move(impl)));
}

internal::MeasuredPeaks internal::MeasureSession::measure(int batch, int imgsz, bool amp)
{
    const ProbeAmp mode = !amp ? ProbeAmp::Off : d_->device == "cpu" ? ProbeAmp::Bf16 : ProbeAmp::Fp16;
    MeasuredPeaks m;
    {
        auto [images, targets] = d_->batches.get(batch, imgsz, false);
        m.train = d_->probe->trainStep(images, targets, mode, 2).peak() - d_->baseline;
    }
    {
        auto [images, targets] = d_->batches.get(validationBatchFor(batch), imgsz, true);
        m.validation = d_->probe->validationBatch(images, targets, mode) - d_->baseline;
    }
    return m;
}

int64_t internal::MeasureSession::forwardBackward(int batch, int imgsz)
{
    auto [images, targets] = d_->batches.get(batch, imgsz, false);
    return d_->probe->forwardBackward(images) - d_->baseline;
}

int64_t internal::MeasureSession::baseline() const
{
    return d_->baseline;
}

}  // namespace ys::fit
