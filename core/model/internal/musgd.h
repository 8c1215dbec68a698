#pragma once
// MuSGD, the optimizer Ultralytics 8.4 trains YOLO26 with: every group takes an SGD step with (Nesterov)
// momentum; a group marked `muon` (the matrices and conv filters) first takes a Muon step as well: an EMA of
// the gradient (Nesterov), orthogonalised by a quintic Newton-Schulz iteration in bf16, at lr x kMuonLrScale,
// and its SGD step runs at lr x kSgdLrScale from a second momentum buffer. Weight decay applies to the SGD
// step only (after the Muon step, on the updated weights). Behaviour as Ultralytics' optim/muon.py; own code.

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace ys {

// One parameter group's settings. lr and momentum are what warmup and the schedule move.
struct MuSGDOptions : public torch::optim::OptimizerCloneableOptions<MuSGDOptions> {
    MuSGDOptions(double lr = 1e-3);  // NOLINT(google-explicit-constructor): LibTorch's load builds it from 0
    TORCH_ARG(double, lr);
    TORCH_ARG(double, momentum) = 0;      // SGD momentum and the Muon EMA's decay
    TORCH_ARG(double, weight_decay) = 0;  // L2 on the SGD step
    TORCH_ARG(bool, nesterov) = true;
    TORCH_ARG(bool, muon) = false;        // the group's parameters (2-D or 4-D) take the Muon step too

public:  // TORCH_ARG leaves the access private
    void serialize(torch::serialize::InputArchive& archive) override;
    void serialize(torch::serialize::OutputArchive& archive) const override;
    double get_lr() const override { return lr(); }
    void set_lr(const double lr) override { this->lr(lr); }
};

// Per parameter: the Muon EMA (muon groups) or the SGD momentum (others) in momentum_buffer; a muon group's
// SGD momentum in sgd_momentum_buffer (undefined elsewhere). Both parameter-sized, zero at the first step.
struct MuSGDParamState : public torch::optim::OptimizerCloneableParamState<MuSGDParamState> {
    TORCH_ARG(torch::Tensor, momentum_buffer);
    TORCH_ARG(torch::Tensor, sgd_momentum_buffer);

public:
    void serialize(torch::serialize::InputArchive& archive) override;
    void serialize(torch::serialize::OutputArchive& archive) const override;
};

class MuSGD final : public torch::optim::Optimizer {
public:
    static constexpr double kMuonLrScale = 0.2;  // Ultralytics 8.4's `muon` factor of the Muon step's LR
    static constexpr double kSgdLrScale = 1.0;   // its `sgd` factor of a muon group's SGD step

    MuSGD(const std::vector<torch::optim::OptimizerParamGroup>& groups, const MuSGDOptions& defaults);

    // Parameters without a gradient are skipped. A muon group's parameters must be 2-D or 4-D.
    torch::Tensor step(LossClosure closure = nullptr) override;
    void save(torch::serialize::OutputArchive& archive) const override;
    void load(torch::serialize::InputArchive& archive) override;

private:
    void muonStep(const std::vector<torch::Tensor>& params, double lr, double beta, bool nesterov);
    void sgdStep(const std::vector<torch::Tensor>& params, double lr, const MuSGDOptions& o, bool muon);
};

// The quintic Newton-Schulz iteration (5 steps, coefficients 3.4445, -4.7750, 2.0315) on a copy of `g`
// ([rows, cols] or a batch [n, rows, cols], any float dtype): each matrix scaled to Frobenius norm 1, then
// iterated in bf16 (on the transpose when rows > cols). Returns bf16 of g's shape whose singular values lie
// roughly in [0.5, 1.5] (UVᵀ of g's SVD, loosely).
torch::Tensor newtonSchulz5(const torch::Tensor& g);

// Peak bytes the Muon steps of MuSGD::step hold beyond the parameters, gradients and state, for these muon
// parameters (float32, 2-D/4-D, all with gradients): the largest bf16 batch of same-column matrices with its
// Newton-Schulz products (X, XXᵀ, the polynomial, the new X), or a per-parameter temporary when larger. What
// the memory fit adds for a MuSGD run.
int64_t muonStepTemporaryBytes(const std::vector<torch::Tensor>& params);

}  // namespace ys
