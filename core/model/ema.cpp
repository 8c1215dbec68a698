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
    emaState_ = collect(ema_);
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

ModelEma::State ModelEma::collect(DetectionModel& m)
{
    State s;
    s.params = m->parameters(true);
    for (auto& b : m->buffers(true))
        (b.is_floating_point() ? s.floatBuffers : s.otherBuffers).push_back(b);
    return s;
}

void ModelEma::update(DetectionModel& model)
{
    torch::NoGradGuard ng;
    ++updates;
    const double d = decay_ * (1.0 - std::exp(-static_cast<double>(updates) / tau_));
    const State src = collect(model);
    std::vector<torch::Tensor> dst, from;
    dst.reserve(src.params.size() + src.floatBuffers.size());
    from.reserve(dst.capacity());
    for (size_t i = 0; i < src.params.size() && i < emaState_.params.size(); ++i)
        if (src.params[i].requires_grad()) {
            dst.push_back(emaState_.params[i]);
            from.push_back(src.params[i].detach());
        }
    for (size_t i = 0; i < src.floatBuffers.size() && i < emaState_.floatBuffers.size(); ++i) {
        dst.push_back(emaState_.floatBuffers[i]);
        from.push_back(src.floatBuffers[i]);
    }
    // ema = d * ema + (1 - d) * model, as two fused multi-tensor kernels.
    at::_foreach_mul_(dst, d);
    at::_foreach_add_(dst, from, 1.0 - d);
    for (size_t i = 0; i < emaState_.otherBuffers.size() && i < src.otherBuffers.size(); ++i)
        emaState_.otherBuffers[i].copy_(src.otherBuffers[i]);
}

}  // namespace ys
