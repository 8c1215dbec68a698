// Dynamic loss scaling for CUDA fp16.
#include "train/internal/gradscaler.h"

namespace ys {

// Growth/backoff constants of the usual dynamic loss scaler: double after 2000 clean steps, halve on inf.
constexpr double kScalerGrowth = 2.0;
constexpr double kScalerBackoff = 0.5;
constexpr int64_t kScalerInterval = 2000;

GradScaler::GradScaler(bool enabled, const torch::Device& device) : enabled_(enabled)
{
    if (!enabled_)
        return;
    scale_ = torch::full({1}, kInitialScale, torch::TensorOptions().dtype(torch::kFloat32).device(device));
    growthTracker_ = torch::zeros({1}, torch::TensorOptions().dtype(torch::kInt32).device(device));
    foundInf_ = torch::zeros({1}, torch::TensorOptions().dtype(torch::kFloat32).device(device));
}

torch::Tensor GradScaler::scale(const torch::Tensor& loss) const
{
    return enabled_ ? loss * scale_.to(loss.scalar_type()) : loss;
}

bool GradScaler::unscale(const std::vector<torch::Tensor>& params)
{
    if (!enabled_)
        return true;
    std::vector<torch::Tensor> grads;
    for (const auto& p : params)
        if (p.grad().defined())
            grads.push_back(p.grad());
    foundInf_.zero_();
    const torch::Tensor inv = scale_.to(torch::kFloat64).reciprocal().to(torch::kFloat32);
    at::_amp_foreach_non_finite_check_and_unscale_(grads, foundInf_, inv);
    return foundInf_.item<float>() == 0.0f;
}

void GradScaler::update(bool foundInf)
{
    if (!enabled_)
        return;
    ++steps_;
    skipped_ += foundInf ? 1 : 0;
    foundInf_.fill_(foundInf ? 1.0f : 0.0f);
    at::_amp_update_scale_(scale_, growthTracker_, foundInf_, kScalerGrowth, kScalerBackoff, kScalerInterval);
}

double GradScaler::currentScale() const
{
    return enabled_ ? scale_.item<double>() : 1.0;
}

void GradScaler::setScale(double s)
{
    if (enabled_)
        scale_.fill_(s);
}

}  // namespace ys
