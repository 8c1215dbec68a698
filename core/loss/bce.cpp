#include "loss/internal/bce.h"

#include "common/simd.h"

#include <ATen/Parallel.h>
#include <torch/csrc/autograd/custom_function.h>

#include <vector>

namespace ys::loss {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::tensor_list;

// Elements per block: summed in float (error ~1e-6 relative), blocks summed in double; also the parallel grain.
constexpr int64_t kBlock = 8192;

// log1p(u) for u in [0, 1] as 2 atanh(s), s = u / (2 + u) <= 1/3: odd series to s^13, error < 1e-8.
YS_INLINE float log1pUnit(float u)
{
    const float s = u / (2.0f + u);
    const float s2 = s * s;
    float p = 1.0f / 13.0f;
    p = p * s2 + 1.0f / 11.0f;
    p = p * s2 + 1.0f / 9.0f;
    p = p * s2 + 1.0f / 7.0f;
    p = p * s2 + 1.0f / 5.0f;
    p = p * s2 + 1.0f / 3.0f;
    p = p * s2 + 1.0f;
    return 2.0f * s * p;
}

YS_KERNEL float bceBlockSum(const float* x, const float* t, int64_t n)
{
    float acc = 0.0f;
#pragma omp simd reduction(+ : acc)
    for (int64_t i = 0; i < n; ++i) {
        const float v = x[i];
        const float a = v < 0.0f ? -v : v;
        acc += (v > 0.0f ? v : 0.0f) + log1pUnit(simd::expClamped(-a)) - v * t[i];
    }
    return acc;
}

YS_KERNEL void bceBlockGrad(const float* x, const float* t, float g, float* dx, int64_t n)
{
#pragma omp simd
    for (int64_t i = 0; i < n; ++i) {
        const float v = x[i];
        const float u = simd::expClamped(v < 0.0f ? v : -v);  // exp(-|x|)
        const float sig = (v >= 0.0f ? 1.0f : u) / (1.0f + u);
        dx[i] = (sig - t[i]) * g;
    }
}

class BceSumFunction final : public torch::autograd::Function<BceSumFunction> {
public:
    static torch::Tensor forward(AutogradContext* ctx, const torch::Tensor& logits, const torch::Tensor& targets)
    {
        const auto x = logits.contiguous();
        const auto t = targets.contiguous();
        ctx->save_for_backward({x, t});
        const int64_t n = x.numel();
        const int64_t blocks = (n + kBlock - 1) / kBlock;
        std::vector<double> partial(static_cast<size_t>(blocks), 0.0);
        const float* xp = x.data_ptr<float>();
        const float* tp = t.data_ptr<float>();
        at::parallel_for(0, blocks, 1, [&](int64_t b0, int64_t b1) {
            for (int64_t b = b0; b < b1; ++b) {
                const int64_t lo = b * kBlock;
                partial[static_cast<size_t>(b)] = bceBlockSum(xp + lo, tp + lo, std::min(kBlock, n - lo));
            }
        });
        double total = 0.0;
        for (double p : partial)
            total += p;
        return torch::full({}, total, logits.options());
    }

    static tensor_list backward(AutogradContext* ctx, tensor_list grads)
    {
        TORCH_CHECK(!torch::GradMode::is_enabled(), "bceWithLogitsSum: double backward is not supported");
        const auto saved = ctx->get_saved_variables();
        const auto& x = saved[0];
        const auto& t = saved[1];
        const float g = grads[0].item<float>();
        auto dx = torch::empty_like(x);
        const int64_t n = x.numel();
        const int64_t blocks = (n + kBlock - 1) / kBlock;
        const float* xp = x.data_ptr<float>();
        const float* tp = t.data_ptr<float>();
        float* dp = dx.data_ptr<float>();
        at::parallel_for(0, blocks, 1, [&](int64_t b0, int64_t b1) {
            for (int64_t b = b0; b < b1; ++b) {
                const int64_t lo = b * kBlock;
                bceBlockGrad(xp + lo, tp + lo, g, dp + lo, std::min(kBlock, n - lo));
            }
        });
        return {dx, torch::Tensor()};
    }
};

}  // namespace

torch::Tensor bceWithLogitsSum(const torch::Tensor& logits, const torch::Tensor& targets)
{
    const bool fast = logits.device().is_cpu() && targets.device().is_cpu() &&
                      logits.scalar_type() == torch::kFloat && targets.scalar_type() == torch::kFloat &&
                      logits.sizes() == targets.sizes() && !targets.requires_grad() && logits.numel() > 0;
    if (!fast)
        return torch::binary_cross_entropy_with_logits(logits, targets, {}, {}, at::Reduction::Sum);
    return BceSumFunction::apply(logits, targets);
}

}  // namespace ys::loss
