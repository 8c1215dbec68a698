// The probe's training iteration and validation batch, with tracked phase peaks.
#include "fit/internal/probe_step.h"
#include "memory/internal/accounting.h"
#include "memory/memory.h"

#include "loss/internal/detection_loss.h"
#include "eval/internal/nms.h"
#include "model/internal/musgd.h"
#include "model/internal/optimizer.h"

#include <ATen/autocast_mode.h>

#include <chrono>
#include <cmath>

namespace ys::fit::internal {
namespace {

std::string deviceName(const torch::Device& d)
{
    return d.is_cuda() ? "cuda:" + std::to_string(d.has_index() ? d.index() : 0) : "cpu";
}

int64_t tensorBytes(const torch::Tensor& t)
{
    return t.defined() ? static_cast<int64_t>(t.numel()) * static_cast<int64_t>(t.element_size()) : 0;
}

}  // namespace

int64_t StepPeaks::peak() const
{
    int64_t m = before;
    for (int64_t p : phase)
        m = std::max(m, p);
    return m;
}

StepProbe::StepProbe(const ModelSpec& spec, const torch::Device& device, OptimizerKind optimizer)
    : spec_(spec), device_(device), optimizerKind_(optimizer), nc_(spec.nc)
{
    model_ = DetectionModel(spec);
    model_->to(device_);
    if (device_.is_cpu())
        toChannelsLast(*model_);  // as the trainer
    model_->train();
    ema_ = std::make_unique<ModelEma>(spec, model_);
    for (auto& p : model_->parameters()) {
        paramBytes_ += tensorBytes(p);
        paramCount_ += p.numel();
        if (p.requires_grad())
            gradBytes_ += tensorBytes(p);
    }
    for (auto& b : model_->buffers())
        bufferBytes_ += tensorBytes(b);

    const TrainConfig defaults;  // the trainer's groups and optimizer
    optimizer_ = makeOptimizer(*model_, optimizerKind_, defaults.lr0, defaults.momentum, defaults.weight_decay);
    for (const auto& group : optimizer_->param_groups())
        params_.insert(params_.end(), group.params().begin(), group.params().end());
}

int64_t StepProbe::optimizerStateBytes(OptimizerKind kind) const
{
    // SGD: one momentum buffer per parameter; Adam/AdamW: two moments (+ a step counter, negligible); MuSGD:
    // two for matrices and conv filters, one for the others.
    return ys::optimizerStateBytes(params_, kind);
}

int64_t StepProbe::optimizerStepTemporaryBytes(OptimizerKind kind) const
{
    if (kind != OptimizerKind::MuSGD)
        return 0;  // SGD/Adam step parameter by parameter: what the probe measures of any of them
    std::vector<torch::Tensor> matrices;
    for (const auto& p : params_)
        if (p.dim() == 2 || p.dim() == 4)
            matrices.push_back(p);
    return muonStepTemporaryBytes(matrices);
}

StepPeaks StepProbe::trainStep(const torch::Tensor& images, const torch::Tensor& targets, ProbeAmp amp,
                               int iterations)
{
    const std::string dev = deviceName(device_);
    const DetectionLoss loss(nc_, model_->regMax(), model_->strides(), LossGains{}, model_->endToEnd());
    model_->train();
    StepPeaks out;
    const int64_t batch = images.size(0);
    for (int it = 0; it < std::max(iterations, 1); ++it) {
        const auto t0 = std::chrono::steady_clock::now();
        const torch::Tensor t = targets.to(device_);
        memory::resetPeak(dev);
        const int64_t before = memory::currentStats(dev).allocated;
        LossOutput lo;
        DetectionModelImpl::Heads heads;
        torch::Tensor x = prepareImages(images, device_, device_.is_cpu());
        {
            ProbeAutocast ac(amp, device_);
            heads = model_->forwardHeads(x);
            const int64_t fwd = memory::currentStats(dev).peak;
            out.afterForward = std::max(out.afterForward, memory::currentStats(dev).allocated);
            memory::resetPeak(dev);
            lo = loss(heads, t, batch);
            out.phase[0] = std::max(out.phase[0], fwd);
            out.phase[1] = std::max(out.phase[1], memory::currentStats(dev).peak);
        }
        heads = {};
        x = torch::Tensor();
        memory::resetPeak(dev);
        lo.total.backward();
        lo = LossOutput();
        out.phase[2] = std::max(out.phase[2], memory::currentStats(dev).peak);
        memory::resetPeak(dev);
        torch::nn::utils::clip_grad_norm_(params_, kGradClipNorm);
        optimizer_->step();
        optimizer_->zero_grad();
        ema_->update(model_);
        out.phase[3] = std::max(out.phase[3], memory::currentStats(dev).peak);
        out.before = std::max(out.before, before);
        if (device_.is_cuda())
            torch::cuda::synchronize(device_.index());
        out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    return out;
}

void StepProbe::setCheckpointLayers(const std::vector<int>& layers)
{
    model_->setCheckpointLayers(layers);
}

namespace {

// Records each layer's forward (allocation tag, peak, time) and, through a gradient hook on its output, where its
// backward begins; the backward segments end where the next one begins.
class TraceObserver final : public LayerObserver {
public:
    TraceObserver(std::string dev, bool tags) : dev_(std::move(dev)), tags_(tags) {}

    void beforeLayer(int layer, int level) override
    {
        LayerTrace t;
        t.layer = layer;
        t.level = level;
        memory::resetPeak(dev_);
        t.forwardStart = memory::currentStats(dev_).allocated;
        traces.push_back(t);
        if (tags_)
            memory::internal::setAllocationTag(static_cast<int>(traces.size()));
        start_ = std::chrono::steady_clock::now();
    }

    void afterLayer(int /*layer*/, int /*level*/, const torch::Tensor& output) override
    {
        LayerTrace& t = traces.back();
        t.forwardSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (tags_)
            memory::internal::setAllocationTag(0);
        const memory::MemoryStats ms = memory::currentStats(dev_);
        t.forwardPeak = ms.peak;
        t.kept = ms.allocated - t.forwardStart;   // replaced by the tagged bytes on the CPU
        t.output = tensorBytes(output);
        if (output.requires_grad()) {
            const size_t index = traces.size() - 1;
            output.register_hook([this, index](const torch::Tensor&) { gradientReady(index); });
        }
    }

    // The forward is over: on the CPU each layer keeps what is still alive of its tagged blocks.
    void forwardDone()
    {
        if (!tags_)
            return;
        for (size_t i = 0; i < traces.size(); ++i)
            traces[i].kept = memory::internal::taggedBytes(static_cast<int>(i + 1));
    }

    void backwardBegins()
    {
        memory::resetPeak(dev_);
        backwardStart = memory::currentStats(dev_).allocated;
        current_ = -1;
    }

    void backwardDone() { closeSegment(); }

    int64_t backwardStart = 0, lossSegmentPeak = 0;
    std::vector<LayerTrace> traces;

private:
    void gradientReady(size_t index)
    {
        closeSegment();
        current_ = static_cast<int>(index);
        memory::resetPeak(dev_);
        traces[index].backwardStart = memory::currentStats(dev_).allocated;
    }

    void closeSegment()
    {
        const int64_t peak = memory::currentStats(dev_).peak;
        if (current_ < 0)
            lossSegmentPeak = std::max(lossSegmentPeak, peak);
        else
            traces[static_cast<size_t>(current_)].backwardPeak = peak;
    }

    std::string dev_;
    bool tags_;
    int current_ = -1;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace

IterationTrace StepProbe::traceIteration(const torch::Tensor& images, const torch::Tensor& targets)
{
    const std::string dev = deviceName(device_);
    const DetectionLoss loss(nc_, model_->regMax(), model_->strides(), LossGains{}, model_->endToEnd());
    model_->train();
    IterationTrace out;
    const torch::Tensor t = targets.to(device_);
    const bool tags = device_.is_cpu();
    if (tags)
        memory::internal::clearAllocationTags();
    TraceObserver observer(dev, tags);
    out.beforeInput = memory::currentStats(dev).allocated;
    {
        torch::Tensor x = prepareImages(images, device_, device_.is_cpu());
        out.beforeForward = memory::currentStats(dev).allocated;
        model_->setObserver(&observer);
        DetectionModelImpl::Heads heads;
        try {
            heads = model_->forwardHeads(x);
        } catch (...) {
            model_->setObserver(nullptr);
            memory::internal::setAllocationTag(0);
            throw;
        }
        model_->setObserver(nullptr);
        observer.forwardDone();
        out.afterForward = memory::currentStats(dev).allocated;
        memory::resetPeak(dev);
        LossOutput lo = loss(heads, t, images.size(0));
        out.lossPeak = memory::currentStats(dev).peak;
        out.afterLoss = memory::currentStats(dev).allocated;
        heads = {};
        x = torch::Tensor();
        observer.backwardBegins();
        lo.total.backward();
        observer.backwardDone();
    }
    out.lossBackwardStart = observer.backwardStart;
    out.lossBackwardPeak = observer.lossSegmentPeak;
    memory::resetPeak(dev);
    out.stepStart = memory::currentStats(dev).allocated;
    torch::nn::utils::clip_grad_norm_(params_, kGradClipNorm);
    optimizer_->step();
    optimizer_->zero_grad();
    ema_->update(model_);
    out.stepPeak = memory::currentStats(dev).peak;
    out.layers = std::move(observer.traces);
    if (tags)
        memory::internal::clearAllocationTags();
    return out;
}

int64_t StepProbe::forwardBackward(const torch::Tensor& images)
{
    const std::string dev = deviceName(device_);
    model_->train();
    memory::resetPeak(dev);
    {
        torch::Tensor x = prepareImages(images, device_, device_.is_cpu());
        auto feats = model_->forward(x);
        torch::Tensor sum = torch::zeros({}, x.options());
        for (auto& f : feats)
            sum = sum + f.sum();
        feats.clear();
        sum.backward();
    }
    const int64_t peak = memory::currentStats(dev).peak;
    optimizer_->zero_grad();
    return peak;
}

int64_t StepProbe::validationBatch(const torch::Tensor& images, const torch::Tensor& targets, ProbeAmp amp)
{
    const std::string dev = deviceName(device_);
    const DetectionLoss loss(nc_, ema_->model()->regMax(), ema_->model()->strides(), LossGains{},
                             ema_->model()->endToEnd());
    torch::NoGradGuard ng;
    memory::resetPeak(dev);
    {
        torch::Tensor x = prepareImages(images, device_, device_.is_cpu());
        DetectionModelImpl::Heads heads;
        torch::Tensor pred;
        {
            ProbeAutocast ac(amp, device_);
            heads = ema_->model()->forwardHeads(x);
            pred = ema_->model()->decode(heads.many);
        }
        const LossOutput lo = loss(heads, targets.to(device_), images.size(0));
        const auto kept = nonMaxSuppression(pred.to(torch::kFloat32), 0.001, 0.7, 300);
        (void)kept;
    }
    return memory::currentStats(dev).peak;
}

std::pair<torch::Tensor, torch::Tensor> syntheticBatch(int batch, int imgsz, int boxesPerImage, int nc,
                                                       uint64_t seed)
{
    torch::Generator gen = at::detail::createCPUGenerator(seed);
    torch::Tensor images = torch::randint(0, 256, {batch, 3, imgsz, imgsz}, gen, torch::kUInt8);
    const int64_t n = static_cast<int64_t>(batch) * boxesPerImage;
    torch::Tensor t = torch::empty({n, 6});
    if (n > 0) {
        t.select(1, 0).copy_(torch::arange(batch).repeat_interleave(boxesPerImage));
        t.select(1, 1).copy_(torch::randint(0, nc, {n}, gen));
        auto wh = torch::rand({n, 2}, gen) * 0.38 + 0.02;
        auto c = wh / 2 + torch::rand({n, 2}, gen) * (1 - wh);
        t.slice(1, 2, 4).copy_(c);
        t.slice(1, 4, 6).copy_(wh);
    }
    return {images, t};
}

}  // namespace ys::fit::internal
