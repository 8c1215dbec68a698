#include "model/internal/ema.h"

#include <cmath>

namespace ys {

ModelEma::ModelEma(const ModelSpec& spec, DetectionModel& model, double decay, double tau)
    : ema_(spec), decay_(decay), tau_(tau)
{
    torch::NoGradGuard ng;
    ema_->to(model->parameters().front().device());
    copyFrom(model);
    ema_->eval();
    for (auto& p : ema_->parameters())
        p.set_requires_grad(false);
    collect(ema_, emaFloats_, emaOthers_);
}

void ModelEma::copyFrom(DetectionModel& model)
{
    torch::NoGradGuard ng;
    auto src = model->named_parameters(true);
    for (auto& p : ema_->named_parameters(true))
        p.value().copy_(src[p.key()]);
    auto srcB = model->named_buffers(true);
    for (auto& b : ema_->named_buffers(true))
        b.value().copy_(srcB[b.key()]);
}

void ModelEma::restore(DetectionModel& saved, int64_t savedUpdates)
{
    copyFrom(saved);
    updates = savedUpdates;
}

void ModelEma::collect(DetectionModel& m, std::vector<torch::Tensor>& floats, std::vector<torch::Tensor>& others)
{
    floats.clear();
    others.clear();
    for (auto& p : m->parameters(true))
        floats.push_back(p);
    for (auto& b : m->buffers(true))
        (b.is_floating_point() ? floats : others).push_back(b);
}

void ModelEma::update(DetectionModel& model)
{
    torch::NoGradGuard ng;
    ++updates;
    const double d = decay_ * (1.0 - std::exp(-static_cast<double>(updates) / tau_));
    std::vector<torch::Tensor> srcFloats, srcOthers;
    collect(model, srcFloats, srcOthers);
    std::vector<torch::Tensor> detached;
    detached.reserve(srcFloats.size());
    for (auto& t : srcFloats)
        detached.push_back(t.detach());
    // ema = d * ema + (1 - d) * model, as two fused multi-tensor kernels.
    at::_foreach_mul_(emaFloats_, d);
    at::_foreach_add_(emaFloats_, detached, 1.0 - d);
    for (size_t i = 0; i < emaOthers_.size() && i < srcOthers.size(); ++i)
        emaOthers_[i].copy_(srcOthers[i]);
}

}  // namespace ys
