// The probe's training iteration and validation batch, with tracked phase peaks.
#include "fit/internal/probe_step.h"
#include "memory/memory.h"

#include "loss/internal/detection_loss.h"
#include "eval/internal/nms.h"
#include "model/internal/optimizer.h"

#include <ATen/autocast_mode.h>

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
    : device_(device), optimizerKind_(optimizer), nc_(spec.nc)
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

    const auto groups = parameterGroups(*model_);  // the trainer's groups and optimizer
    for (const auto& group : groups)
        params_.insert(params_.end(), group.begin(), group.end());
    const TrainConfig defaults;
    optimizer_ = makeOptimizer(groups, optimizerKind_, defaults.lr0, defaults.momentum, defaults.weight_decay);
}

int64_t StepProbe::optimizerStateBytes() const
{
    // SGD: one momentum buffer per parameter; Adam/AdamW: two moments (+ a step counter, negligible).
    return optimizerStateBuffers(optimizerKind_) * gradBytes_;
}

StepPeaks StepProbe::trainStep(const torch::Tensor& images, const torch::Tensor& targets, ProbeAmp amp,
                               int iterations)
{
    const std::string dev = deviceName(device_);
    const DetectionLoss loss(nc_, model_->regMax(), model_->strides());
    model_->train();
    StepPeaks out;
    const int64_t batch = images.size(0);
    for (int it = 0; it < std::max(iterations, 1); ++it) {
        const torch::Tensor t = targets.to(device_);
        memory::resetPeak(dev);
        const int64_t before = memory::currentStats(dev).allocated;
        LossOutput lo;
        std::vector<torch::Tensor> feats;
        torch::Tensor x = prepareImages(images, device_, device_.is_cpu());
        {
            ProbeAutocast ac(amp, device_);
            feats = model_->forward(x);
            const int64_t fwd = memory::currentStats(dev).peak;
            out.afterForward = std::max(out.afterForward, memory::currentStats(dev).allocated);
            memory::resetPeak(dev);
            lo = loss(feats, t, batch);
            out.phase[0] = std::max(out.phase[0], fwd);
            out.phase[1] = std::max(out.phase[1], memory::currentStats(dev).peak);
        }
        feats.clear();
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
    }
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
    const DetectionLoss loss(nc_, ema_->model()->regMax(), ema_->model()->strides());
    torch::NoGradGuard ng;
    memory::resetPeak(dev);
    {
        torch::Tensor x = prepareImages(images, device_, device_.is_cpu());
        std::vector<torch::Tensor> feats;
        torch::Tensor pred;
        {
            ProbeAutocast ac(amp, device_);
            feats = ema_->model()->forward(x);
            pred = ema_->model()->decode(feats);
        }
        const LossOutput lo = loss(feats, targets.to(device_), images.size(0));
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
