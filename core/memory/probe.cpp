// fitToMemory: probe points on the device, the fitted model, the recommendation and the plan for a target GPU.
#include "memory/internal/accounting.h"
#include "memory/internal/fitmodel.h"
#include "memory/internal/probe_step.h"
#include "memory/memory.h"
#include "memory/probe.h"

#include "model/internal/spec.h"

#if defined(YS_WITH_DATA) && YS_WITH_DATA
#include "augment/internal/loader.h"
#include "data/dataset.h"
#endif

#include <c10/util/Exception.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <thread>

namespace ys::memory {
namespace {

using internal::DeviceMemoryModel;
using internal::LinearPeak;
using internal::ProbeAmp;
using internal::StepProbe;

constexpr double kMeasuredMargin = 0.05;   // CPU figures are exact; covers batch-to-batch box-count variation
constexpr double kPlannedMargin = 0.12;    // planning for another device: context and rounding estimates
constexpr double kCudaRounding = 1.10;     // reserved / peak allocated: 1.03 steady, up to 1.2-1.3 varying shapes
constexpr int kProbeBatchSmall = 2;        // probe batches: small enough for seconds on a CPU, past the
constexpr int kProbeBatchLarge = 4;        // small-batch regime where the peak sits at another moment
constexpr int kMaxImgsz = 2048;

// One row group of the scale table: a scale of the probed model's family, its parameter count at the
// dataset's nc and its activations per image relative to the probed model's (ModelCost::activations).
struct ScaleInfo {
    char scale;
    double params;
    double activationRatio;
};

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

// Batches the probe feeds the step: the dataset's most crowded images (training: with the training
// augmentation, mosaic included; validation: letterboxed), or synthetic ones without a dataset.
class ProbeBatches {
public:
    std::optional<Error> open(const FitRequest& req)
    {
        synthBoxes_ = std::max(0, req.syntheticBoxes);
        if (req.data.empty()) {
            maxBoxes_ = synthBoxes_;
            return std::nullopt;
        }
#if defined(YS_WITH_DATA) && YS_WITH_DATA
        auto ds = openDataset(req.data, {}, req.cancel);
        if (!ds)
            return ds.error();
        nc_ = ds->spec.nc();
        for (const ImageRecord& rec : ds->images) {
            if (rec.width <= 0 || rec.height <= 0 || !rec.headerError.empty())
                continue;
            if (rec.split == Split::Train)
                train_.push_back(rec);
            else if (rec.split == Split::Val)
                val_.push_back(rec);
        }
        if (train_.empty())
            return Error{"data.no_train_images", "the dataset has no usable training images", ds->spec.yamlPath, 0, 0};
        if (val_.empty())
            val_ = train_;
        for (const auto& r : train_)
            maxBoxes_ = std::max(maxBoxes_, static_cast<int>(r.boxes.size()));
        for (const auto& r : val_)
            maxBoxes_ = std::max(maxBoxes_, static_cast<int>(r.boxes.size()));
        return std::nullopt;
#else
        return fitError("fit.no_data_support", "this build has no dataset support (OpenCV); leave data empty to "
                                               "probe with synthetic batches");
#endif
    }

    int nc() const { return nc_; }
    int maxBoxes() const { return maxBoxes_; }
    size_t trainImages() const { return train_.size(); }

    std::pair<torch::Tensor, torch::Tensor> get(int batch, int imgsz, bool validation)
    {
#if defined(YS_WITH_DATA) && YS_WITH_DATA
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
#endif
        return internal::syntheticBatch(batch, imgsz, synthBoxes_, nc_, validation ? 2 : 1);
    }

private:
    int nc_ = 80;
    int maxBoxes_ = 0;
    int synthBoxes_ = 50;
#if defined(YS_WITH_DATA) && YS_WITH_DATA
    std::vector<ImageRecord> train_, val_;
    std::map<std::pair<int, bool>, std::unique_ptr<BatchLoader>> loaders_;
#else
    std::vector<int> train_;
#endif
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
    int64_t saved = budget("cpu");
    ~BudgetRestore() { setBudget(saved, "cpu"); }
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

}  // namespace

Expected<FitResult> fitToMemory(const FitRequest& req)
{
    return internal::fitToMemory(req, nullptr);
}

Expected<FitResult> internal::fitToMemory(const FitRequest& req, FitInternals* internals)
{
    const auto t0 = std::chrono::steady_clock::now();
    if (req.imgsz < 32 || req.imgsz % 32 != 0 || req.imgsz > kMaxImgsz)
        return fitError("fit.imgsz", "imgsz must be a multiple of 32 between 32 and 2048, not " +
                                         std::to_string(req.imgsz));
    if (req.batch < 0 || req.maxBatch < 1 || req.nbs < 1)
        return fitError("fit.batch", "batch must be >= 0, maxBatch and nbs >= 1");
    const int index = internal::deviceIndex(req.device);
    if (index == -2)
        return fitError("fit.device", "device must be cpu, a GPU index such as 0, or cuda:0, not '" + req.device + "'");
    if (index >= 0 && (!cudaBuild() || !torch::cuda::is_available() ||
                       index >= static_cast<int>(torch::cuda::device_count())))
        return fitError("fit.device", "device '" + req.device + "' is not available in this build or machine");
    const torch::Device device = index >= 0 ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index))
                                            : torch::Device(torch::kCPU);
    const std::string dev = index >= 0 ? "cuda:" + std::to_string(index) : "cpu";
    installCpuTracker();
    BudgetRestore restoreBudget;
    setBudget(0, "cpu");
    ThreadsRestore restoreThreads;
    // One thread by default: tracked memory is the same with more (measured: identical peaks at 1 and 2
    // threads), and OpenMP threads stall badly when other processes share the cores (98.7 s vs 44 s at 640).
    torch::set_num_threads(req.threads > 0 ? req.threads : 1);

    // ---- planning target and budget ----------------------------------------------------------------------
    std::optional<TargetGpu> target;
    if (!req.targetGpu.empty()) {
        auto t = findTargetGpu(req.targetGpu);
        if (!t)
            return t.error();
        target = *t;
    }
    const MemoryStats devStats = currentStats(dev);
    const int64_t total = target ? target->totalBytes : devStats.deviceTotal;
    auto budgetBytes = parseMemoryBudget(req.budget, total);
    if (!budgetBytes)
        return budgetBytes.error();

    // ---- AMP modes to probe ------------------------------------------------------------------------------
    const std::string amp = req.amp.empty() ? "auto" : req.amp;
    if (amp != "auto" && amp != "off" && amp != "fp16" && amp != "bf16")
        return fitError("fit.amp", "amp must be auto, off, fp16 or bf16, not '" + amp + "'");
    // Planning for a GPU probes fp32 and derives fp16 (CPU bf16 autocast has other op lists).
    const bool planning = target.has_value();
    std::vector<ProbeAmp> modes{ProbeAmp::Off};
    std::string ampName = "off";
    if (index >= 0) {
        if (amp == "auto" || amp == "fp16")
            modes.push_back(ProbeAmp::Fp16), ampName = "fp16";
        else if (amp == "bf16")
            modes.push_back(ProbeAmp::Bf16), ampName = "bf16";
    } else if (!planning) {
        if (amp == "fp16")
            return fitError("fit.amp", "fp16 autocast needs a CUDA device; on the CPU use amp=bf16 or off");
        if (amp == "bf16" || (amp == "auto" && ys::cpuHasNativeBf16()))
            modes.push_back(ProbeAmp::Bf16), ampName = "bf16";
    } else if (amp == "auto" || amp == "fp16") {
        ampName = "fp16";  // derived, not probed
    }

    // ---- data, model, optimizer --------------------------------------------------------------------------
    ProbeBatches batches;
    if (auto err = batches.open(req))
        return *err;
    auto spec = loadModelSpec(req.model, batches.nc());
    if (!spec)
        return spec.error();
    std::string optimizer = req.optimizer;
    if (optimizer == "auto") {
        // The trainer's rule: SGD for more than 10000 optimizer steps, else AdamW.
        const double steps = std::ceil(static_cast<double>(std::max<size_t>(batches.trainImages(), 1)) / req.nbs) *
                             req.epochs;
        optimizer = req.data.empty() || steps > 10000 ? "SGD" : "AdamW";
    } else if (optimizer == "Adam") {
        optimizer = "AdamW";
    } else if (optimizer != "SGD" && optimizer != "AdamW") {
        return fitError("fit.optimizer", "optimizer must be auto, SGD, AdamW or Adam, not '" + optimizer + "'");
    }

    FitResult result;
    result.device = dev;
    result.target = target ? target->label : dev;
    result.deviceTotalBytes = total;
    result.budgetBytes = *budgetBytes;
    result.maxBoxes = batches.maxBoxes();
    result.margin = req.margin > 0 ? req.margin : (planning ? kPlannedMargin : kMeasuredMargin);

    const int64_t baseline = currentStats(dev).allocated;
    internal::StepProbe probe(*spec, device, optimizer);

    // ---- probe points --------------------------------------------------------------------------------------
    const int s0 = req.imgsz;
    const int s1 = s0 >= 256 ? round32(s0 * 0.5) : round32(s0 * 1.5);
    struct Plan {
        int batch, imgsz;
        bool validation;
    };
    const std::vector<Plan> plan{{kProbeBatchSmall, s0, false}, {kProbeBatchLarge, s0, false},
                                 {kProbeBatchLarge, s1, false}, {2 * kProbeBatchSmall, s0, true},
                                 {2 * kProbeBatchLarge, s0, true}, {2 * kProbeBatchLarge, s1, true}};
    std::map<ProbeAmp, DeviceMemoryModel> models;
    const int totalPoints = static_cast<int>(plan.size() * modes.size());
    int done = 0;
    try {
        for (ProbeAmp mode : modes) {
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
                    const internal::StepPeaks sp = probe.trainStep(images, targets, mode, result.points.empty() ? 2 : 1);
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
            m.loaderQueueBatches = index < 0 && req.workers > 0 ? std::max(2, 2 * req.workers) : 0;
            m.valid = fitLinearPeak(valSamples, m.validation) && fitLinearPeak(fwdSamples, m.afterForward);
            for (size_t k = 0; k < 4; ++k)
                m.valid = m.valid && fitLinearPeak(phaseSamples[k], m.train[k]);
            if (!m.valid)
                return fitError("fit.model", "the probe points did not determine a memory model");
            models[mode] = m;
        }
    } catch (const c10::OutOfMemoryError& e) {
        return fitError("fit.probe_oom", std::string("the device ran out of memory while probing batch ") +
                                             std::to_string(kProbeBatchLarge) + "; free memory or lower imgsz (" +
                                             e.what_without_backtrace() + ")");
    }

    if (internals) {
        internals->optimizer = optimizer;
        internals->parameterCount = probe.parameterCount();
        for (ProbeAmp mode : modes)
            internals->models.emplace_back(mode != ProbeAmp::Off, models.at(mode));
    }

    // ---- prediction functions per AMP mode ----------------------------------------------------------------
    const double paramCount = static_cast<double>(probe.parameterCount());
    const TargetGpu gpu = target ? *target : TargetGpu{};
    // Bytes the budget is compared with: the device figure for a measured device (CPU: tracked tensors;
    // CUDA: allocated peak x rounding + context measured now); for a target: reserved + context + workspace.
    const int64_t cudaContextNow =
        index >= 0 ? std::max<int64_t>(0, devStats.deviceTotal - devStats.deviceFree - devStats.reserved) : 0;
    auto modelFor = [&](bool ampOn) -> DeviceMemoryModel {
        if (planning)
            return internal::cudaPlanningModel(models.at(ProbeAmp::Off), ampOn, probe.parameterCount());
        return models.at(ampOn ? modes.back() : ProbeAmp::Off);
    };
    auto devicePeak = [&](const DeviceMemoryModel& m, int b, int s) -> double {
        const double p = m.runPeak(b, s);
        if (planning)
            return p * kCudaRounding + static_cast<double>(gpu.contextBytes + gpu.workspaceBytes);
        if (index >= 0)
            return p * kCudaRounding + static_cast<double>(cudaContextNow);
        return p;
    };
    const double limit = static_cast<double>(result.budgetBytes) * (1.0 - result.margin);
    std::vector<bool> ampChoices{false};
    if (ampName != "off")
        ampChoices.push_back(true);

    // ---- recommendation ------------------------------------------------------------------------------------
    Recommendation best;
    for (bool ampOn : ampChoices) {
        if (amp != "auto" && amp != "off" && !ampOn && ampChoices.size() > 1)
            continue;  // the user asked for this AMP mode
        if (amp == "off" && ampOn)
            continue;
        const DeviceMemoryModel m = modelFor(ampOn);
        Recommendation r;
        r.amp = ampOn;
        r.ampMode = ampOn ? ampName : "off";
        if (req.batch > 0) {
            r.batch = req.batch;
            r.imgsz = 0;
            for (int s = 32; s <= kMaxImgsz; s += 32)
                if (devicePeak(m, req.batch, s) <= limit)
                    r.imgsz = s;
            r.fits = r.imgsz > 0;
            if (!r.fits)
                r.imgsz = 32;
        } else {
            r.imgsz = s0;
            r.batch = largestBatch([&](int b) { return devicePeak(m, b, s0); }, limit, req.maxBatch);
            r.fits = r.batch > 0;
            if (!r.fits)
                r.batch = 1;
        }
        r.predictedPeakBytes = static_cast<int64_t>(devicePeak(m, r.batch, r.imgsz));
        r.accumulate = std::max(static_cast<int>(std::lround(static_cast<double>(req.nbs) / r.batch)), 1);
        // AMP when it allows at least the fp32 batch (it is also faster on GPUs and bf16 CPUs).
        const bool better = best.batch == 0 || (r.fits && !best.fits) ||
                            (r.fits == best.fits && (req.batch > 0 ? r.imgsz >= best.imgsz : r.batch >= best.batch));
        if (better)
            best = r;
    }
    result.recommended = best;

    // ---- breakdown ------------------------------------------------------------------------------------------
    {
        const DeviceMemoryModel m = modelFor(best.amp);
        const int b = best.batch, s = best.imgsz;
        MemoryBreakdown& bd = result.breakdown;
        bd.weights = probe.parameterBytes() + probe.bufferBytes() + (planning && best.amp ? 2 * int64_t(paramCount) : 0);
        bd.gradients = probe.gradientBytes();
        bd.optimizer = probe.optimizerStateBytes();
        bd.ema = probe.parameterBytes() + probe.bufferBytes();
        bd.loaderQueue =
            static_cast<int64_t>(static_cast<double>(m.loaderQueueBatches) * b * 3.0 * double(s) * double(s));
        const double lossPeak = m.train[1].at(b, s);
        const double afterFwd = m.afterForward.at(b, s);
        bd.assigner = static_cast<int64_t>(std::max(0.0, lossPeak - afterFwd));
        const double trainPeak = m.trainPeak(b, s);
        const double state = double(bd.weights + bd.gradients + bd.optimizer + bd.ema + bd.loaderQueue) +
                             double(planning ? 0 : m.baseline);
        const double assignerAtPeak = m.peakPhase(b, s) == 1 ? double(bd.assigner) : 0.0;
        bd.activations = static_cast<int64_t>(std::max(0.0, trainPeak - state - assignerAtPeak));
        bd.validation = static_cast<int64_t>(m.validationPeak(2 * b, s));
        if (planning) {
            bd.cudaContext = gpu.contextBytes + gpu.workspaceBytes;
            bd.allocatorOverhead = static_cast<int64_t>(m.runPeak(b, s) * (kCudaRounding - 1.0));
        } else if (index >= 0) {
            bd.cudaContext = cudaContextNow;
            bd.allocatorOverhead = static_cast<int64_t>(m.runPeak(b, s) * (kCudaRounding - 1.0));
        }
    }

    // ---- table: model scale x imgsz x amp ------------------------------------------------------------------
    {
        const char probed = spec->scale ? spec->scale : '-';
        const std::vector<ScaleInfo> scales = familyScaleInfo(*spec, s0);
        const ScaleInfo* ref = nullptr;
        for (const auto& si : scales)
            if (si.scale == probed)
                ref = &si;
        std::vector<int> sizes{320, 480, 640, 960, 1280};
        if (std::find(sizes.begin(), sizes.end(), s0) == sizes.end())
            sizes.push_back(s0), std::sort(sizes.begin(), sizes.end());
        const double perParamState = optimizer == "SGD" ? 16.0 : 20.0;
        for (const auto& si : scales) {
            if (!ref)
                break;
            for (int s : sizes) {
                for (bool ampOn : ampChoices) {
                    DeviceMemoryModel m = modelFor(ampOn);
                    if (si.scale != probed) {
                        // Another scale: model state by parameter count, per-image terms by the ratio of
                        // activations counted from the shapes (estimates; the probed scale's row is measured).
                        const double dState = (si.params - ref->params) * (perParamState + (planning && ampOn ? 2.0 : 0.0));
                        const double ratio = si.activationRatio / ref->activationRatio;
                        for (auto& p : m.train)
                            p.fixed += dState, p.area *= ratio, p.edge *= ratio;
                        m.validation.fixed += dState / 2.0;
                        m.validation.area *= ratio;
                        m.validation.edge *= ratio;
                    }
                    TableRow row;
                    row.scale = si.scale;
                    row.imgsz = s;
                    row.amp = ampOn;
                    row.maxBatch = largestBatch([&](int b) { return devicePeak(m, b, s); }, limit, req.maxBatch);
                    row.peakAtMaxBatch =
                        row.maxBatch > 0 ? static_cast<int64_t>(devicePeak(m, row.maxBatch, s)) : 0;
                    result.table.push_back(row);
                }
            }
        }
        if (scales.size() < 2)
            result.notes.push_back("the model has no other scales, so the table lists only the model itself");
    }

    // ---- certainty and notes --------------------------------------------------------------------------------
    if (planning) {
        result.certainty = "low: predicted for a GPU from CPU measurements with estimated CUDA context, workspace "
                           "and allocator rounding";
        result.uncertainty = 0.20;
        result.notes.push_back("CUDA context + cuDNN/cuBLAS workspace assumed " +
                               formatBytes(gpu.contextBytes + gpu.workspaceBytes) + " (lazy module loading)");
        result.notes.push_back("allocator reserved memory assumed 1.10 x peak allocated (1.03 steady to 1.3 with "
                               "changing shapes)");
        if (best.amp)
            result.notes.push_back("fp16 predicted as half of the measured fp32 activations plus an fp16 copy of "
                                   "the weights");
        result.notes.push_back("measure on the card itself for a measured recommendation (device=0)");
    } else if (index >= 0) {
        result.certainty = "medium: measured on this GPU; reserved memory estimated as 1.10 x peak allocated";
        result.uncertainty = 0.08;
    } else {
        result.certainty = "measured: tracked tensor memory on this CPU";
        result.uncertainty = 0.03;
        result.notes.push_back("the budget caps tensor memory tracked by the allocator; OpenCV images in the "
                               "data loader and the process's code are outside it");
    }
    result.notes.push_back("optimizer " + optimizer + " (" + (optimizer == "SGD" ? "momentum" : "two moments") +
                           "), EMA copy, validation at twice the batch included");
    if (!req.data.empty())
        result.notes.push_back("probed on the " + std::to_string(kProbeBatchLarge) +
                               " most crowded training images (mosaic); most boxes in one image of the dataset: " +
                               std::to_string(result.maxBoxes));
    else
        result.notes.push_back("no dataset given: synthetic batches with " + std::to_string(req.syntheticBoxes) +
                               " boxes per image");
    if (index < 0 && req.workers > 0)
        result.notes.push_back("data loader prefetch of " + std::to_string(std::max(2, 2 * req.workers)) +
                               " batches (workers=" + std::to_string(req.workers) + ") counted in CPU memory");
    if (!best.fits)
        result.notes.push_back("even batch 1 does not fit the budget at this image size; lower imgsz or raise "
                               "the budget");
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
    const int index = deviceIndex(request.device);
    if (index < -1 || (index >= 0 && !torch::cuda::is_available()))
        return fitError("fit.device", "device '" + request.device + "' is not available");
    impl->device = index >= 0 ? "cuda:" + std::to_string(index) : "cpu";
    if (auto err = impl->batches.open(request))
        return *err;
    auto spec = loadModelSpec(request.model, impl->batches.nc());
    if (!spec)
        return spec.error();
    installCpuTracker();
    impl->baseline = currentStats(impl->device).allocated;
    const torch::Device device = index >= 0 ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index))
                                            : torch::Device(torch::kCPU);
    impl->probe = std::make_unique<StepProbe>(*spec, device, request.optimizer == "AdamW" ? "AdamW" : "SGD");
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
        auto [images, targets] = d_->batches.get(2 * batch, imgsz, true);
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

}  // namespace ys::memory
