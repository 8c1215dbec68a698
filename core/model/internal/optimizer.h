#pragma once
// The optimizer of a training run, built once for the trainer and the memory probe alike: three parameter
// groups (parameterGroups: weights with decay, norm weights and biases without), SGD with Nesterov momentum
// or Adam/AdamW with betas (momentum, 0.999). Which kind a run gets is decided by resolveOptimizer
// (common/trainrules.h).

#include "common/trainrules.h"

#include <torch/torch.h>

#include <array>
#include <memory>
#include <vector>

namespace ys {

// `groups` as parameterGroups returns them; weightDecay applies to group 0 only (Adam: none, as the
// reference builds it).
std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const std::array<std::vector<torch::Tensor>, 3>& groups,
                                                       OptimizerKind kind, double lr, double momentum,
                                                       double weightDecay);

// SGD momentum / Adam beta1 of one group (warmup ramps it).
void setMomentum(torch::optim::OptimizerParamGroup& group, OptimizerKind kind, double momentum);
// Weight decay of one group (a resumed run with another batch rescales it). Adam keeps none.
void setWeightDecay(torch::optim::OptimizerParamGroup& group, OptimizerKind kind, double weightDecay);

}  // namespace ys
