#include "loss/internal/boxes.h"

#include <cmath>

namespace ys::loss {

namespace {

using torch::indexing::Ellipsis;
using torch::indexing::Slice;

// Coordinate k of the last dimension, keeping the dimension ([..., 1]).
torch::Tensor coord(const torch::Tensor& t, int64_t k)
{
    return t.index({Ellipsis, Slice(k, k + 1)});
}

}  // namespace

torch::Tensor xywh2xyxy(const torch::Tensor& xywh)
{
    TORCH_CHECK(xywh.size(-1) == 4, "xywh2xyxy: last dimension must be 4, got ", xywh.sizes());
    const auto c = xywh.index({Ellipsis, Slice(0, 2)});
    const auto half = xywh.index({Ellipsis, Slice(2, 4)}) / 2;
    return torch::cat({c - half, c + half}, -1);
}

torch::Tensor xyxy2xywh(const torch::Tensor& xyxy)
{
    TORCH_CHECK(xyxy.size(-1) == 4, "xyxy2xywh: last dimension must be 4, got ", xyxy.sizes());
    const auto p1 = xyxy.index({Ellipsis, Slice(0, 2)});
    const auto p2 = xyxy.index({Ellipsis, Slice(2, 4)});
    return torch::cat({(p1 + p2) / 2, p2 - p1}, -1);
}

torch::Tensor boxIou(const torch::Tensor& a, const torch::Tensor& b, double eps)
{
    TORCH_CHECK(a.dim() == 2 && a.size(1) == 4 && b.dim() == 2 && b.size(1) == 4,
                "boxIou: expected [N,4] and [M,4], got ", a.sizes(), " and ", b.sizes());
    const auto a1 = a.index({Slice(), torch::indexing::None, Slice(0, 2)});  // [N,1,2]
    const auto a2 = a.index({Slice(), torch::indexing::None, Slice(2, 4)});
    const auto b1 = b.index({torch::indexing::None, Slice(), Slice(0, 2)});  // [1,M,2]
    const auto b2 = b.index({torch::indexing::None, Slice(), Slice(2, 4)});
    const auto inter = (torch::min(a2, b2) - torch::max(a1, b1)).clamp_min(0).prod(2);  // [N,M]
    const auto areaA = (a.select(1, 2) - a.select(1, 0)) * (a.select(1, 3) - a.select(1, 1));
    const auto areaB = (b.select(1, 2) - b.select(1, 0)) * (b.select(1, 3) - b.select(1, 1));
    return inter / (areaA.unsqueeze(1) + areaB.unsqueeze(0) - inter + eps);
}

torch::Tensor bboxIou(const torch::Tensor& box1, const torch::Tensor& box2, bool xywh, bool ciou,
                      double eps)
{
    TORCH_CHECK(box1.size(-1) == 4 && box2.size(-1) == 4, "bboxIou: last dimension must be 4");
    torch::Tensor ax1, ay1, ax2, ay2, bx1, by1, bx2, by2, w1, h1, w2, h2;
    if (xywh) {
        w1 = coord(box1, 2);
        h1 = coord(box1, 3);
        w2 = coord(box2, 2);
        h2 = coord(box2, 3);
        ax1 = coord(box1, 0) - w1 / 2;
        ax2 = coord(box1, 0) + w1 / 2;
        ay1 = coord(box1, 1) - h1 / 2;
        ay2 = coord(box1, 1) + h1 / 2;
        bx1 = coord(box2, 0) - w2 / 2;
        bx2 = coord(box2, 0) + w2 / 2;
        by1 = coord(box2, 1) - h2 / 2;
        by2 = coord(box2, 1) + h2 / 2;
        h1 = h1 + eps;
        h2 = h2 + eps;
    } else {
        ax1 = coord(box1, 0);
        ay1 = coord(box1, 1);
        ax2 = coord(box1, 2);
        ay2 = coord(box1, 3);
        bx1 = coord(box2, 0);
        by1 = coord(box2, 1);
        bx2 = coord(box2, 2);
        by2 = coord(box2, 3);
        w1 = ax2 - ax1;
        h1 = ay2 - ay1 + eps;
        w2 = bx2 - bx1;
        h2 = by2 - by1 + eps;
    }
    const auto inter = (torch::min(ax2, bx2) - torch::max(ax1, bx1)).clamp_min(0) *
                       (torch::min(ay2, by2) - torch::max(ay1, by1)).clamp_min(0);
    const auto unionArea = w1 * h1 + w2 * h2 - inter + eps;
    const auto iou = inter / unionArea;
    if (!ciou)
        return iou;

    // Smallest enclosing box: squared diagonal c^2; squared centre distance rho^2.
    const auto cw = torch::max(ax2, bx2) - torch::min(ax1, bx1);
    const auto ch = torch::max(ay2, by2) - torch::min(ay1, by1);
    const auto c2 = cw.pow(2) + ch.pow(2) + eps;
    const auto rho2 = ((bx1 + bx2 - ax1 - ax2).pow(2) + (by1 + by2 - ay1 - ay2).pow(2)) / 4;
    constexpr double kFourOverPiSq = 4.0 / (M_PI * M_PI);
    const auto v = kFourOverPiSq * (torch::atan(w2 / h2) - torch::atan(w1 / h1)).pow(2);
    torch::Tensor alpha;
    {
        torch::NoGradGuard noGrad;
        alpha = v / (v - iou + (1 + eps));
    }
    return iou - (rho2 / c2 + v * alpha);
}

torch::Tensor dist2bbox(const torch::Tensor& dist, const torch::Tensor& points, bool xywh)
{
    TORCH_CHECK(dist.size(-1) == 4 && points.size(-1) == 2, "dist2bbox: expected [...,4] and [...,2]");
    const auto lt = dist.index({Ellipsis, Slice(0, 2)});
    const auto rb = dist.index({Ellipsis, Slice(2, 4)});
    const auto p1 = points - lt;
    const auto p2 = points + rb;
    if (xywh)
        return torch::cat({(p1 + p2) / 2, p2 - p1}, -1);
    return torch::cat({p1, p2}, -1);
}

torch::Tensor bbox2dist(const torch::Tensor& points, const torch::Tensor& xyxy, int64_t regMax)
{
    TORCH_CHECK(regMax >= 2, "bbox2dist: reg_max must be at least 2");
    const auto p1 = xyxy.index({Ellipsis, Slice(0, 2)});
    const auto p2 = xyxy.index({Ellipsis, Slice(2, 4)});
    return torch::cat({points - p1, p2 - points}, -1).clamp(0, static_cast<double>(regMax) - 1 - 0.01);
}

torch::Tensor dflDecode(const torch::Tensor& distLogits, int64_t regMax)
{
    TORCH_CHECK(distLogits.size(-1) == 4 * regMax, "dflDecode: last dimension must be 4 * reg_max");
    auto shape = distLogits.sizes().vec();
    shape.back() = 4;
    shape.push_back(regMax);
    const auto prob = distLogits.reshape(shape).softmax(-1);
    const auto bins = torch::arange(regMax, prob.options());
    // Expectation over the bins as a product and a sum over the contiguous last dim: matmul with a vector
    // goes through BLAS gemv on tens of thousands of 16-long rows (3.8 ms at B 8, A 2100; this 0.5 ms).
    return (prob * bins).sum(-1);
}

}  // namespace ys::loss
