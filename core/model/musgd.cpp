// MuSGD: SGD with Nesterov momentum, plus a Newton-Schulz-orthogonalised momentum step (Muon) for matrices.
#include "model/internal/musgd.h"

#include <torch/optim/serialize.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace ys {

namespace {

constexpr int kNewtonSchulzSteps = 5;
// The quintic's coefficients, tuned (by Muon's authors) for the steepest rise of small singular values.
constexpr double kNsA = 3.4445, kNsB = -4.7750, kNsC = 2.0315;
constexpr double kNsEps = 1e-7;  // keeps an all-zero update finite when it is normalised
// Matrices of one batched Newton-Schulz call span at most this ratio of row counts (bounds the zero padding).
constexpr int64_t kMaxRowSpread = 16;

// Muon parameters that share one batched Newton-Schulz call: the same column count (the flattened fan-in)
// and update scale; rows zero-padded to the largest's (zero rows stay zero through the iteration).
struct MuonBatch {
    int64_t cols = 0;
    double scale = 1;   // sqrt(max(1, size(-2) / size(-1))) of the parameter
    std::vector<std::pair<size_t, int64_t>> items;  // (index into the parameters, rows), most rows first
};

std::vector<MuonBatch> muonBatches(const std::vector<torch::Tensor>& params)
{
    std::vector<MuonBatch> buckets;  // in order of first appearance
    for (size_t i = 0; i < params.size(); ++i) {
        const torch::Tensor& p = params[i];
        TORCH_CHECK(p.dim() == 2 || p.dim() == 4, "MuSGD: a muon parameter must be 2-D or 4-D, not ", p.dim(), "-D");
        const int64_t rows = p.size(0);
        const int64_t cols = p.numel() / std::max<int64_t>(rows, 1);
        // The last two dimensions, as Ultralytics takes them: 1 for a square conv kernel.
        const double scale =
            std::sqrt(std::max(1.0, static_cast<double>(p.size(-2)) / static_cast<double>(p.size(-1))));
        auto it = std::find_if(buckets.begin(), buckets.end(),
                               [&](const MuonBatch& b) { return b.cols == cols && b.scale == scale; });
        if (it == buckets.end())
            it = buckets.insert(buckets.end(), MuonBatch{cols, scale, {}});
        it->items.emplace_back(i, rows);
    }
    std::vector<MuonBatch> out;
    for (MuonBatch& b : buckets) {
        std::stable_sort(b.items.begin(), b.items.end(),
                         [](const auto& x, const auto& y) { return x.second > y.second; });
        size_t start = 0;
        for (size_t j = 1; j <= b.items.size(); ++j) {
            if (j == b.items.size() || b.items[start].second > kMaxRowSpread * b.items[j].second) {
                out.push_back(MuonBatch{b.cols, b.scale, {b.items.begin() + static_cast<std::ptrdiff_t>(start),
                                                          b.items.begin() + static_cast<std::ptrdiff_t>(j)}});
                start = j;
            }
        }
    }
    return out;
}

// Newton-Schulz on x (bf16 [n, rows, cols], owned: normalised in place). Returns [n, rows, cols], possibly a
// transposed view.
torch::Tensor orthogonaliseOwned(torch::Tensor x)
{
    x.div_(at::linalg_vector_norm(x, 2, std::vector<int64_t>{-2, -1}, /*keepdim=*/true).add_(kNsEps));
    const bool tall = x.size(-2) > x.size(-1);
    if (tall)
        x = x.transpose(-2, -1);  // X Xᵀ is the smaller square
    for (int i = 0; i < kNewtonSchulzSteps; ++i) {
        torch::Tensor a = torch::matmul(x, x.transpose(-2, -1));
        const torch::Tensor b = torch::baddbmm(a, a, a, /*beta=*/kNsB, /*alpha=*/kNsC);  // bA + cA²
        a = torch::Tensor();
        x = torch::baddbmm(x, b, x, /*beta=*/kNsA);  // aX + (bA + cA²)X
    }
    return tall ? x.transpose(-2, -1) : x;
}

MuSGDParamState& stateOf(torch::optim::Optimizer& opt, const torch::Tensor& p)
{
    return static_cast<MuSGDParamState&>(*opt.state().at(p.unsafeGetTensorImpl()));
}

}  // namespace

MuSGDOptions::MuSGDOptions(double lr) : lr_(lr) {}

void MuSGDOptions::serialize(torch::serialize::OutputArchive& archive) const
{
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(lr);
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(momentum);
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(weight_decay);
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(nesterov);
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(muon);
}

void MuSGDOptions::serialize(torch::serialize::InputArchive& archive)
{
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(double, lr);
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(double, momentum);
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(double, weight_decay);
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(bool, nesterov);
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(bool, muon);
}

void MuSGDParamState::serialize(torch::serialize::OutputArchive& archive) const
{
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(momentum_buffer);
    _TORCH_OPTIM_SERIALIZE_TORCH_ARG(sgd_momentum_buffer);
}

void MuSGDParamState::serialize(torch::serialize::InputArchive& archive)
{
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(torch::Tensor, momentum_buffer);
    _TORCH_OPTIM_DESERIALIZE_TORCH_ARG(torch::Tensor, sgd_momentum_buffer);
}

MuSGD::MuSGD(const std::vector<torch::optim::OptimizerParamGroup>& groups, const MuSGDOptions& defaults)
    : Optimizer(groups, std::make_unique<MuSGDOptions>(defaults))
{
    TORCH_CHECK(defaults.lr() >= 0, "Invalid learning rate: ", defaults.lr());
    TORCH_CHECK(defaults.momentum() >= 0, "Invalid momentum value: ", defaults.momentum());
}

torch::Tensor MuSGD::step(LossClosure closure)
{
    torch::NoGradGuard noGrad;
    torch::Tensor loss;
    if (closure) {
        at::AutoGradMode enableGrad(true);
        loss = closure();
    }
    for (auto& group : param_groups_) {
        const auto& o = static_cast<const MuSGDOptions&>(group.options());
        std::vector<torch::Tensor> params;
        for (const auto& p : group.params())
            if (p.grad().defined())
                params.push_back(p);
        for (const auto& p : params) {
            auto& slot = state_[p.unsafeGetTensorImpl()];
            if (slot)
                continue;
            auto s = std::make_unique<MuSGDParamState>();
            s->momentum_buffer(torch::zeros_like(p));
            if (o.muon())
                s->sgd_momentum_buffer(torch::zeros_like(p));
            slot = std::move(s);
        }
        if (params.empty())
            continue;
        if (o.muon())
            muonStep(params, o.lr(), o.momentum(), o.nesterov());
        sgdStep(params, o.lr(), o, o.muon());
    }
    return loss;
}

void MuSGD::muonStep(const std::vector<torch::Tensor>& params, double lr, double beta, bool nesterov)
{
    for (const MuonBatch& batch : muonBatches(params)) {
        const int64_t n = static_cast<int64_t>(batch.items.size());
        torch::Tensor x = torch::zeros({n, batch.items.front().second, batch.cols},
                                       params[batch.items.front().first].options().dtype(torch::kBFloat16));
        for (int64_t j = 0; j < n; ++j) {
            const auto [index, rows] = batch.items[static_cast<size_t>(j)];
            const torch::Tensor& p = params[index];
            const torch::Tensor& g = p.grad();
            torch::Tensor& buf = stateOf(*this, p).momentum_buffer();
            buf.mul_(beta).add_(g, 1.0 - beta);  // EMA of the gradient
            const torch::Tensor u = nesterov ? buf.mul(beta).add_(g, 1.0 - beta) : buf;
            x[j].narrow(0, 0, rows).view(p.sizes()).copy_(u);  // the update in NCHW order, rounded to bf16
        }
        x = orthogonaliseOwned(std::move(x));
        const double alpha = -lr * kMuonLrScale * batch.scale;
        for (int64_t j = 0; j < n; ++j) {
            const auto [index, rows] = batch.items[static_cast<size_t>(j)];
            torch::Tensor p = params[index];
            p.add_(x[j].narrow(0, 0, rows).reshape(p.sizes()), alpha);
        }
    }
}

void MuSGD::sgdStep(const std::vector<torch::Tensor>& params, double lr, const MuSGDOptions& o, bool muon)
{
    const double m = o.momentum();
    for (torch::Tensor p : params) {
        MuSGDParamState& s = stateOf(*this, p);
        torch::Tensor& buf = muon ? s.sgd_momentum_buffer() : s.momentum_buffer();
        const torch::Tensor d = o.weight_decay() != 0 ? p.grad().add(p, o.weight_decay()) : p.grad();
        buf.mul_(m).add_(d);
        const torch::Tensor update = o.nesterov() ? d.add(buf, m) : buf;
        p.add_(update, -lr * (muon ? kSgdLrScale : 1.0));
    }
}

void MuSGD::save(torch::serialize::OutputArchive& archive) const
{
    torch::optim::serialize<MuSGDParamState, MuSGDOptions>(archive, *this);
}

void MuSGD::load(torch::serialize::InputArchive& archive)
{
    torch::optim::serialize<MuSGDParamState, MuSGDOptions>(archive, *this);
}

torch::Tensor newtonSchulz5(const torch::Tensor& g)
{
    TORCH_CHECK(g.dim() == 2 || g.dim() == 3, "newtonSchulz5: a matrix or a batch of matrices, not ", g.dim(), "-D");
    torch::Tensor x =
        g.reshape({-1, g.size(-2), g.size(-1)}).to(torch::kBFloat16, /*non_blocking=*/false, /*copy=*/true);
    return orthogonaliseOwned(std::move(x)).reshape(g.sizes());
}

int64_t muonStepTemporaryBytes(const std::vector<torch::Tensor>& params)
{
    constexpr int64_t kBf16 = 2, kF32 = 4;
    int64_t peak = 0;
    for (const MuonBatch& batch : muonBatches(params)) {
        const auto n = static_cast<int64_t>(batch.items.size());
        const int64_t rows = batch.items.front().second;
        const int64_t side = std::min(rows, batch.cols);     // X Xᵀ is side x side
        const int64_t xBytes = n * rows * batch.cols * kBf16;
        const int64_t aBytes = n * side * side * kBf16;
        int64_t largest = 0;                                  // elements of the batch's largest parameter
        for (const auto& item : batch.items)
            largest = std::max(largest, params[item.first].numel());
        peak = std::max({peak,
                         xBytes + largest * kF32,             // filling X: one Nesterov update in float32
                         xBytes + 2 * aBytes,                 // X, A and bA + cA²
                         2 * xBytes + aBytes,                 // X, bA + cA² and the new X
                         xBytes + largest * kBf16});          // applying: one update reshaped
    }
    int64_t largest = 0;
    for (const auto& p : params)
        largest = std::max(largest, p.numel());
    return std::max(peak, 2 * largest * kF32);                 // the SGD step: decayed gradient and update
}

}  // namespace ys
