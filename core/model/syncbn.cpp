// Synchronised BatchNorm + SiLU over a data-parallel world (see internal/syncbn.h).
#include "model/internal/syncbn.h"

#include "model/internal/modules.h"

#include <torch/csrc/autograd/custom_function.h>

namespace ys {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// The gather, kept in the autograd node for the backward pass.
struct GatherHolder final : torch::CustomClassHolder {
    explicit GatherHolder(std::shared_ptr<BatchNormGather> g) : gather(std::move(g)) {}
    std::shared_ptr<BatchNormGather> gather;
};

const std::vector<int64_t> kReduceDims{0, 2, 3};

torch::Tensor channelView(const torch::Tensor& v)
{
    return v.view({1, -1, 1, 1});
}

struct SyncBnActFunction : torch::autograd::Function<SyncBnActFunction> {
    static torch::Tensor forward(AutogradContext* ctx, const torch::Tensor& x, const torch::Tensor& weight,
                                 const torch::Tensor& bias, torch::Tensor runningMean, torch::Tensor runningVar,
                                 double factor, double eps, bool act, const std::shared_ptr<BatchNormGather>& gather)
    {
        const int64_t C = x.size(1);
        const torch::Tensor xf = x.to(torch::kFloat);
        // This rank: count, mean and sum of squared deviations per channel.
        const auto [var, mean] = torch::var_mean(xf, kReduceDims, /*unbiased=*/false);
        const double n = static_cast<double>(x.numel() / C);
        const torch::Tensor local = torch::cat({torch::full({1}, n, xf.options().dtype(torch::kDouble)),
                                                mean.to(torch::kDouble), var.to(torch::kDouble) * n});
        const torch::Tensor rows = gather->gather(local);   // [world, 2C + 1]
        // Every rank's, combined (Chan et al.): the world's mean and sum of squared deviations.
        const torch::Tensor counts = rows.select(1, 0).unsqueeze(1);
        const torch::Tensor means = rows.slice(1, 1, 1 + C), m2s = rows.slice(1, 1 + C, 1 + 2 * C);
        const double total = counts.sum().item<double>();
        TORCH_CHECK(total > 1, "BatchNorm needs more than one value per channel over the world batch");
        const torch::Tensor worldMean = (counts * means).sum(0) / total;
        const torch::Tensor worldM2 = m2s.sum(0) + (counts * (means - worldMean).square()).sum(0);
        const torch::Tensor invstd = (worldM2 / total + eps).rsqrt();
        {
            torch::NoGradGuard ng;
            runningMean.mul_(1 - factor).add_(worldMean.to(runningMean.scalar_type()), factor);
            runningVar.mul_(1 - factor).add_((worldM2 / (total - 1)).to(runningVar.scalar_type()), factor);
        }
        const torch::Tensor meanF = worldMean.to(torch::kFloat), invstdF = invstd.to(torch::kFloat);
        torch::Tensor y = (xf - channelView(meanF)) * channelView(invstdF * weight.to(torch::kFloat)) +
                          channelView(bias.to(torch::kFloat));
        if (act)
            y = torch::silu(y);
        ctx->save_for_backward({x, weight, bias, meanF, invstdF});
        ctx->saved_data["total"] = total;
        ctx->saved_data["act"] = act;
        ctx->saved_data["gather"] = c10::IValue::make_capsule(c10::make_intrusive<GatherHolder>(gather));
        return y.to(x.scalar_type()).contiguous(x.suggest_memory_format());
    }

    static variable_list backward(AutogradContext* ctx, variable_list grads)
    {
        const auto saved = ctx->get_saved_variables();
        const torch::Tensor& x = saved[0];
        const torch::Tensor& weight = saved[1];
        const torch::Tensor& bias = saved[2];
        const torch::Tensor& mean = saved[3];
        const torch::Tensor& invstd = saved[4];
        const double total = ctx->saved_data["total"].toDouble();
        const bool act = ctx->saved_data["act"].toBool();
        const auto gather =
            c10::static_intrusive_pointer_cast<GatherHolder>(ctx->saved_data["gather"].toCapsule())->gather;

        const torch::Tensor xhat = (x.to(torch::kFloat) - channelView(mean)) * channelView(invstd);
        torch::Tensor dz = grads[0].to(torch::kFloat);
        if (act) {
            // silu'(z) = s(z) (1 + z (1 - s(z))), z the BatchNorm's output (recomputed).
            const torch::Tensor z = xhat * channelView(weight.to(torch::kFloat)) + channelView(bias.to(torch::kFloat));
            const torch::Tensor s = torch::sigmoid(z);
            dz = dz * s * (1 + z * (1 - s));
        }
        const torch::Tensor sumDz = dz.sum(kReduceDims);
        const torch::Tensor sumDzXhat = (dz * xhat).sum(kReduceDims);
        torch::Tensor dx;
        if (ctx->needs_input_grad(0)) {
            // Every rank's sums: the input gradient of one BatchNorm over the world batch.
            const int64_t C = x.size(1);
            const torch::Tensor rows = gather->gather(torch::cat({sumDz.to(torch::kDouble), sumDzXhat.to(torch::kDouble)}));
            const torch::Tensor worldDz = (rows.slice(1, 0, C).sum(0) / total).to(torch::kFloat);
            const torch::Tensor worldDzXhat = (rows.slice(1, C, 2 * C).sum(0) / total).to(torch::kFloat);
            dx = (channelView(weight.to(torch::kFloat) * invstd) *
                  (dz - channelView(worldDz) - xhat * channelView(worldDzXhat)))
                     .to(x.scalar_type())
                     .contiguous(x.suggest_memory_format());
        }
        return {dx, sumDzXhat.to(weight.scalar_type()), sumDz.to(bias.scalar_type()), torch::Tensor(), torch::Tensor(),
                torch::Tensor(), torch::Tensor(), torch::Tensor(), torch::Tensor()};
    }
};

}  // namespace

torch::Tensor syncBatchNormAct(const torch::Tensor& x, torch::nn::BatchNorm2dImpl& bn, bool act,
                               const std::shared_ptr<BatchNormGather>& gather)
{
    TORCH_CHECK(x.dim() == 4, "synchronised BatchNorm expects NCHW input, got ", x.dim(), " dimensions");
    TORCH_CHECK(bn.options.affine() && bn.options.track_running_stats(),
                "synchronised BatchNorm needs affine parameters and running statistics");
    // As BatchNorm2d::forward: count the batch, then use momentum or, when unset, the cumulative average.
    {
        torch::NoGradGuard ng;
        bn.num_batches_tracked.add_(1);
    }
    const double factor = bn.options.momentum().has_value()
                              ? bn.options.momentum().value()
                              : 1.0 / static_cast<double>(bn.num_batches_tracked.item<int64_t>());
    return SyncBnActFunction::apply(x, bn.weight, bn.bias, bn.running_mean, bn.running_var, factor, bn.options.eps(),
                                    act, gather);
}

int setBatchNormGather(torch::nn::Module& model, const std::shared_ptr<BatchNormGather>& gather)
{
    int n = 0;
    for (const auto& m : model.modules(/*include_self=*/true))
        if (auto* conv = dynamic_cast<ConvImpl*>(m.get()); conv && conv->bn) {
            conv->bnGather = gather;
            ++n;
        }
    return n;
}

int64_t maxBatchNormChannels(torch::nn::Module& model)
{
    int64_t most = 0;
    for (const auto& m : model.modules(/*include_self=*/true))
        if (auto* bn = dynamic_cast<torch::nn::BatchNorm2dImpl*>(m.get()))
            most = std::max(most, bn->options.num_features());
    return most;
}

}  // namespace ys
