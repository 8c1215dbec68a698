#include "model/internal/optimizer.h"

#include <tuple>

namespace ys {

namespace {
constexpr double kAdamBeta2 = 0.999;  // the reference's second-moment decay
}  // namespace

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const std::array<std::vector<torch::Tensor>, 3>& groups,
                                                       OptimizerKind kind, double lr, double momentum,
                                                       double weightDecay)
{
    const double decays[3] = {kind == OptimizerKind::Adam ? 0.0 : weightDecay, 0.0, 0.0};
    std::vector<torch::optim::OptimizerParamGroup> pg;
    if (kind == OptimizerKind::SGD) {
        const auto options = [&](double decay) {
            return torch::optim::SGDOptions(lr).momentum(momentum).nesterov(true).weight_decay(decay);
        };
        for (size_t i = 0; i < 3; ++i)
            pg.emplace_back(groups[i], std::make_unique<torch::optim::SGDOptions>(options(decays[i])));
        return std::make_unique<torch::optim::SGD>(pg, options(0.0));
    }
    const auto options = [&](double decay) {
        return torch::optim::AdamWOptions(lr).betas(std::make_tuple(momentum, kAdamBeta2)).weight_decay(decay);
    };
    for (size_t i = 0; i < 3; ++i)
        pg.emplace_back(groups[i], std::make_unique<torch::optim::AdamWOptions>(options(decays[i])));
    return std::make_unique<torch::optim::AdamW>(pg, options(0.0));
}

void setMomentum(torch::optim::OptimizerParamGroup& group, OptimizerKind kind, double momentum)
{
    if (kind == OptimizerKind::SGD) {
        static_cast<torch::optim::SGDOptions&>(group.options()).momentum(momentum);
        return;
    }
    auto& o = static_cast<torch::optim::AdamWOptions&>(group.options());
    o.betas(std::make_tuple(momentum, std::get<1>(o.betas())));
}

void setWeightDecay(torch::optim::OptimizerParamGroup& group, OptimizerKind kind, double weightDecay)
{
    if (kind == OptimizerKind::SGD)
        static_cast<torch::optim::SGDOptions&>(group.options()).weight_decay(weightDecay);
    else if (kind == OptimizerKind::AdamW)
        static_cast<torch::optim::AdamWOptions&>(group.options()).weight_decay(weightDecay);
}

}  // namespace ys
