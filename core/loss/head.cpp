#include "loss/internal/head.h"

#include "common/simd.h"
#include "loss/internal/boxes.h"

#include <ATen/Parallel.h>
#include <torch/csrc/autograd/custom_function.h>

#include <cstdint>
#include <vector>

namespace ys::loss {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::tensor_list;
using bf16 = std::uint16_t;  // raw bits of c10::BFloat16

// Rows per parallel task: a row is 4 * reg_max + nc values (144 for COCO), so this is ~150 KiB of fp32.
constexpr int64_t kGrainRows = 256;

using simd::store;
using simd::toFloat;

template <class T>
YS_INLINE void splitRowsT(const T* __restrict src, int64_t rows, int64_t nBox, int64_t nc, float* __restrict dist,
                          float* __restrict cls)
{
    const int64_t no = nBox + nc;
    for (int64_t r = 0; r < rows; ++r) {
        const T* s = src + r * no;
        float* d = dist + r * nBox;
        float* c = cls + r * nc;
#pragma omp simd
        for (int64_t i = 0; i < nBox; ++i)
            d[i] = toFloat(s[i]);
#pragma omp simd
        for (int64_t i = 0; i < nc; ++i)
            c[i] = toFloat(s[nBox + i]);
    }
}

// A null gradient (that output did not reach the loss, e.g. no foreground for the box logits) writes zeros.
template <class T>
YS_INLINE void joinRowsT(const float* __restrict dist, const float* __restrict cls, int64_t rows, int64_t nBox,
                         int64_t nc, T* __restrict dst)
{
    const int64_t no = nBox + nc;
    for (int64_t r = 0; r < rows; ++r) {
        T* o = dst + r * no;
        if (dist) {
            const float* d = dist + r * nBox;
#pragma omp simd
            for (int64_t i = 0; i < nBox; ++i)
                store(o + i, d[i]);
        } else {
            for (int64_t i = 0; i < nBox; ++i)
                store(o + i, 0.0f);
        }
        if (cls) {
            const float* c = cls + r * nc;
#pragma omp simd
            for (int64_t i = 0; i < nc; ++i)
                store(o + nBox + i, c[i]);
        } else {
            for (int64_t i = 0; i < nc; ++i)
                store(o + nBox + i, 0.0f);
        }
    }
}

YS_KERNEL void splitRowsF32(const float* src, int64_t rows, int64_t nBox, int64_t nc, float* dist, float* cls)
{
    splitRowsT(src, rows, nBox, nc, dist, cls);
}
YS_KERNEL void splitRowsBf16(const bf16* src, int64_t rows, int64_t nBox, int64_t nc, float* dist, float* cls)
{
    splitRowsT(src, rows, nBox, nc, dist, cls);
}
YS_KERNEL void joinRowsF32(const float* dist, const float* cls, int64_t rows, int64_t nBox, int64_t nc, float* dst)
{
    joinRowsT(dist, cls, rows, nBox, nc, dst);
}
YS_KERNEL void joinRowsBf16(const float* dist, const float* cls, int64_t rows, int64_t nBox, int64_t nc, bf16* dst)
{
    joinRowsT(dist, cls, rows, nBox, nc, dst);
}

// Calls fn(b, p0, p1) for rows [p0, p1) of image b, over B images of hw rows each, in parallel; a task's
// range is split at image boundaries.
template <class F>
void forLevelRows(int64_t B, int64_t hw, const F& fn)
{
    at::parallel_for(0, B * hw, kGrainRows, [&](int64_t r0, int64_t r1) {
        while (r0 < r1) {
            const int64_t b = r0 / hw;
            const int64_t p0 = r0 - b * hw;
            const int64_t p1 = std::min(hw, p0 + (r1 - r0));
            fn(b, p0, p1);
            r0 += p1 - p0;
        }
    });
}

// Shapes are checked by flattenHead; this decides between the one-pass op and the composite.
bool fastLayout(const std::vector<torch::Tensor>& feats)
{
    const auto dtype = feats.front().scalar_type();
    if (dtype != torch::kFloat && dtype != torch::kBFloat16)
        return false;
    for (const auto& f : feats) {
        if (!f.device().is_cpu() || f.scalar_type() != dtype || !f.is_contiguous(at::MemoryFormat::ChannelsLast))
            return false;
    }
    return true;
}

class HeadRowsFunction final : public torch::autograd::Function<HeadRowsFunction> {
public:
    static tensor_list forward(AutogradContext* ctx, torch::TensorList feats, int64_t nBox, int64_t nc)
    {
        // An output that does not reach the loss gets an undefined gradient (zeros written in backward),
        // not a zero-filled [B, A, n] tensor to read.
        ctx->set_materialize_grads(false);
        const int64_t B = feats[0].size(0);
        int64_t A = 0;
        std::vector<int64_t> shapes;  // H, W per level
        for (const auto& f : feats) {
            A += f.size(2) * f.size(3);
            shapes.push_back(f.size(2));
            shapes.push_back(f.size(3));
        }
        const auto fopt = torch::TensorOptions().dtype(torch::kFloat);
        auto dist = torch::empty({B, A, nBox}, fopt);
        auto cls = torch::empty({B, A, nc}, fopt);
        float* dp = dist.data_ptr<float>();
        float* cp = cls.data_ptr<float>();
        const bool isBf16 = feats[0].scalar_type() == torch::kBFloat16;
        int64_t a0 = 0;
        for (const auto& f : feats) {
            const int64_t hw = f.size(2) * f.size(3), no = nBox + nc;
            const void* src = f.data_ptr();
            forLevelRows(B, hw, [&](int64_t b, int64_t p0, int64_t p1) {
                const int64_t srcRow = b * hw + p0, dstRow = b * A + a0 + p0;
                if (isBf16)
                    splitRowsBf16(static_cast<const bf16*>(src) + srcRow * no, p1 - p0, nBox, nc, dp + dstRow * nBox,
                                  cp + dstRow * nc);
                else
                    splitRowsF32(static_cast<const float*>(src) + srcRow * no, p1 - p0, nBox, nc, dp + dstRow * nBox,
                                 cp + dstRow * nc);
            });
            a0 += hw;
        }
        ctx->saved_data["shapes"] = shapes;
        ctx->saved_data["bf16"] = isBf16;
        ctx->saved_data["nBox"] = nBox;
        ctx->saved_data["nc"] = nc;
        return {dist, cls};
    }

    static tensor_list backward(AutogradContext* ctx, tensor_list grads)
    {
        const auto shapes = ctx->saved_data["shapes"].toIntVector();
        const bool isBf16 = ctx->saved_data["bf16"].toBool();
        const int64_t nBox = ctx->saved_data["nBox"].toInt(), nc = ctx->saved_data["nc"].toInt();
        const auto gDist = grads[0].defined() ? grads[0].to(torch::kFloat).contiguous() : torch::Tensor();
        const auto gCls = grads[1].defined() ? grads[1].to(torch::kFloat).contiguous() : torch::Tensor();
        const auto& any = gDist.defined() ? gDist : gCls;
        TORCH_CHECK(any.defined(), "flattenHead: backward without gradients");
        const int64_t B = any.size(0), A = any.size(1), no = nBox + nc;
        const float* dp = gDist.defined() ? gDist.data_ptr<float>() : nullptr;
        const float* cp = gCls.defined() ? gCls.data_ptr<float>() : nullptr;
        tensor_list out;
        int64_t a0 = 0;
        for (size_t l = 0; l + 1 < shapes.size(); l += 2) {
            const int64_t H = shapes[l], W = shapes[l + 1], hw = H * W;
            auto g = torch::empty({B, no, H, W}, torch::TensorOptions().dtype(isBf16 ? torch::kBFloat16 : torch::kFloat)
                                                     .memory_format(at::MemoryFormat::ChannelsLast));
            void* dst = g.data_ptr();
            forLevelRows(B, hw, [&](int64_t b, int64_t p0, int64_t p1) {
                const int64_t srcRow = b * A + a0 + p0, dstRow = b * hw + p0;
                const float* d = dp ? dp + srcRow * nBox : nullptr;
                const float* c = cp ? cp + srcRow * nc : nullptr;
                if (isBf16)
                    joinRowsBf16(d, c, p1 - p0, nBox, nc, static_cast<bf16*>(dst) + dstRow * no);
                else
                    joinRowsF32(d, c, p1 - p0, nBox, nc, static_cast<float*>(dst) + dstRow * no);
            });
            out.push_back(g);
            a0 += hw;
        }
        out.push_back(torch::Tensor());  // nBox
        out.push_back(torch::Tensor());  // nc
        return out;
    }
};

// Softmax expectation of each side's bins and the box around the anchor, for rows [r0, r1) of one image.
YS_KERNEL void decodeRows(const float* dist, const float* anchors, int64_t rows, int64_t regMax, float* out)
{
    for (int64_t r = 0; r < rows; ++r) {
        const float* row = dist + r * 4 * regMax;
        float d[4];
        for (int k = 0; k < 4; ++k) {
            const float* l = row + k * regMax;
            float m = l[0];
            for (int64_t i = 1; i < regMax; ++i)
                m = l[i] > m ? l[i] : m;
            float s = 0.0f, e = 0.0f;
#pragma omp simd reduction(+ : s, e)
            for (int64_t i = 0; i < regMax; ++i) {
                const float w = simd::expClamped(l[i] - m);
                s += w;
                e += static_cast<float>(i) * w;
            }
            d[k] = e / s;
        }
        const float ax = anchors[2 * r], ay = anchors[2 * r + 1];
        float* o = out + 4 * r;
        o[0] = ax - d[0];
        o[1] = ay - d[1];
        o[2] = ax + d[2];
        o[3] = ay + d[3];
    }
}

}  // namespace

HeadRows flattenHead(const std::vector<torch::Tensor>& feats, int64_t nBox, int64_t nc)
{
    TORCH_CHECK(!feats.empty(), "detection head output: no feature levels");
    const int64_t B = feats[0].size(0), no = nBox + nc;
    for (const auto& f : feats)
        TORCH_CHECK(f.dim() == 4 && f.size(0) == B && f.size(1) == no, "detection head output: expected [", B, ",",
                    no, ",H,W] per level, got ", f.sizes());
    if (fastLayout(feats)) {
        // As a TensorList: a std::vector argument would not be recorded as autograd inputs.
        auto out = HeadRowsFunction::apply(torch::TensorList(feats), nBox, nc);
        return {out[0], out[1]};
    }
    std::vector<torch::Tensor> dist, cls;
    for (const auto& f : feats) {
        const auto rows = f.permute({0, 2, 3, 1}).reshape({B, -1, no});
        dist.push_back(rows.narrow(2, 0, nBox));
        cls.push_back(rows.narrow(2, nBox, nc));
    }
    return {torch::cat(dist, 1).to(torch::kFloat), torch::cat(cls, 1).to(torch::kFloat)};
}

torch::Tensor decodeBoxes(const torch::Tensor& dist, const torch::Tensor& anchors, int64_t regMax)
{
    TORCH_CHECK(dist.dim() == 3 && dist.size(2) == 4 * regMax && anchors.dim() == 2 && anchors.size(1) == 2 &&
                    anchors.size(0) == dist.size(1),
                "decodeBoxes: expected [B,A,4*reg_max] and [A,2], got ", dist.sizes(), " and ", anchors.sizes());
    torch::NoGradGuard noGrad;
    if (!dist.device().is_cpu() || dist.scalar_type() != torch::kFloat || anchors.scalar_type() != torch::kFloat)
        return dist2bbox(dflDecode(dist, regMax), anchors, false);
    const auto d = dist.contiguous();
    const auto a = anchors.contiguous();
    const int64_t B = d.size(0), A = d.size(1);
    auto out = torch::empty({B, A, 4}, d.options());
    const float* dp = d.data_ptr<float>();
    const float* ap = a.data_ptr<float>();
    float* op = out.data_ptr<float>();
    forLevelRows(B, A, [&](int64_t b, int64_t p0, int64_t p1) {
        decodeRows(dp + (b * A + p0) * 4 * regMax, ap + 2 * p0, p1 - p0, regMax, op + (b * A + p0) * 4);
    });
    return out;
}

}  // namespace ys::loss
