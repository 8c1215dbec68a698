#include "loss/internal/nms.h"

#include "loss/internal/boxes.h"

#include <algorithm>
#include <unordered_map>

namespace ys::loss {

namespace {

struct Box {
    float x1, y1, x2, y2, area;
};

inline float iouOf(const Box& a, const Box& b)
{
    const float w = std::min(a.x2, b.x2) - std::max(a.x1, b.x1);
    if (w <= 0.f)
        return 0.f;
    const float h = std::min(a.y2, b.y2) - std::max(a.y1, b.y1);
    if (h <= 0.f)
        return 0.f;
    const float inter = w * h;
    return inter / (a.area + b.area - inter + 1e-7f);
}

// Greedy suppression over boxes already sorted by descending score. cls may be null (agnostic).
std::vector<int64_t> greedy(const float* xyxy, const int64_t* cls, int64_t n, float thr, int64_t maxDet)
{
    std::vector<int64_t> keep;
    // Kept boxes per class: a candidate is compared only with kept boxes of its own class.
    std::unordered_map<int64_t, std::vector<Box>> kept;
    for (int64_t i = 0; i < n; ++i) {
        const float* p = xyxy + 4 * i;
        const Box b{p[0], p[1], p[2], p[3], std::max(0.f, p[2] - p[0]) * std::max(0.f, p[3] - p[1])};
        auto& list = kept[cls ? cls[i] : 0];
        bool suppressed = false;
        for (const Box& k : list) {
            if (iouOf(b, k) > thr) {
                suppressed = true;
                break;
            }
        }
        if (suppressed)
            continue;
        list.push_back(b);
        keep.push_back(i);
        if (maxDet > 0 && static_cast<int64_t>(keep.size()) >= maxDet)
            break;
    }
    return keep;
}

}  // namespace

torch::Tensor nms(const torch::Tensor& boxes, const torch::Tensor& scores, const torch::Tensor& classes,
                  double iou, int maxDet)
{
    TORCH_CHECK(boxes.dim() == 2 && boxes.size(1) == 4 && scores.dim() == 1 && scores.size(0) == boxes.size(0),
                "nms: expected boxes [N,4] and scores [N]");
    const auto order = std::get<1>(scores.to(torch::kCPU).sort(/*stable=*/true, 0, /*descending=*/true));
    const auto b = boxes.to(torch::kCPU, torch::kFloat).index_select(0, order).contiguous();
    torch::Tensor c;
    if (classes.defined())
        c = classes.to(torch::kCPU, torch::kLong).index_select(0, order).contiguous();
    const auto keep = greedy(b.data_ptr<float>(), c.defined() ? c.data_ptr<int64_t>() : nullptr, b.size(0),
                             static_cast<float>(iou), maxDet);
    const auto keepT = torch::tensor(std::vector<int64_t>(keep.begin(), keep.end()), torch::kLong);
    return order.index_select(0, keepT).to(boxes.device());
}

std::vector<torch::Tensor> nonMaxSuppression(const torch::Tensor& pred, double conf, double iou, int maxDet,
                                             bool agnostic, int maxNms, int /*maxWh*/, bool multiLabel)
{
    torch::NoGradGuard noGrad;
    TORCH_CHECK(pred.dim() == 3 && pred.size(1) > 4, "nonMaxSuppression: pred must be [B,4+nc,A], got ",
                pred.sizes());
    TORCH_CHECK(iou >= 0 && iou <= 1, "nonMaxSuppression: iou must be in [0,1]");
    const int64_t B = pred.size(0);
    const auto device = pred.device();
    std::vector<torch::Tensor> out;
    out.reserve(B);
    for (int64_t bi = 0; bi < B; ++bi) {
        const auto p = pred[bi].to(torch::kFloat).t();  // [A, 4+nc]
        const auto scores = p.narrow(1, 4, p.size(1) - 4);
        torch::Tensor idx, cf, cl;
        if (multiLabel) {
            const auto nz = scores.gt(conf).nonzero();  // [K,2] = anchor, class
            idx = nz.select(1, 0);
            cl = nz.select(1, 1);
            cf = scores.index({idx, cl});
        } else {
            auto [best, bestCls] = scores.max(1);
            idx = best.gt(conf).nonzero().squeeze(1);
            cf = best.index_select(0, idx);
            cl = bestCls.index_select(0, idx);
        }
        if (idx.numel() == 0) {
            out.push_back(torch::zeros({0, 6}, torch::TensorOptions().dtype(torch::kFloat).device(device)));
            continue;
        }
        // Most confident first; at most maxNms candidates enter suppression.
        torch::Tensor order;
        if (maxNms > 0 && cf.size(0) > maxNms)
            order = std::get<1>(cf.topk(maxNms, 0, /*largest=*/true, /*sorted=*/true));
        else
            order = std::get<1>(cf.sort(/*stable=*/true, 0, /*descending=*/true));
        idx = idx.index_select(0, order);
        cf = cf.index_select(0, order).to(torch::kCPU);
        cl = cl.index_select(0, order).to(torch::kCPU).contiguous();
        const auto boxes = xywh2xyxy(p.narrow(1, 0, 4).index_select(0, idx)).to(torch::kCPU).contiguous();
        const auto keep = greedy(boxes.data_ptr<float>(), agnostic ? nullptr : cl.data_ptr<int64_t>(),
                                 boxes.size(0), static_cast<float>(iou), maxDet);
        const auto k = torch::tensor(std::vector<int64_t>(keep.begin(), keep.end()), torch::kLong);
        auto det = torch::cat({boxes.index_select(0, k), cf.index_select(0, k).unsqueeze(1),
                               cl.index_select(0, k).to(torch::kFloat).unsqueeze(1)},
                              1);
        out.push_back(det.to(device));
    }
    return out;
}

std::vector<ys::Detection> toDetections(const torch::Tensor& det)
{
    std::vector<ys::Detection> dets;
    if (!det.defined() || det.numel() == 0)
        return dets;
    TORCH_CHECK(det.dim() == 2 && det.size(1) == 6, "toDetections: expected [n,6]");
    const auto d = det.to(torch::kCPU, torch::kFloat).contiguous();
    const float* p = d.data_ptr<float>();
    dets.reserve(d.size(0));
    for (int64_t i = 0; i < d.size(0); ++i, p += 6)
        dets.push_back({p[0], p[1], p[2], p[3], p[4], static_cast<int>(p[5])});
    return dets;
}

}  // namespace ys::loss
