#include "eval/internal/nms.h"

#include "loss/internal/boxes.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <unordered_map>

namespace ys::loss {

namespace {

constexpr size_t kFirstChunk = 1024;  // candidates sorted first; 300 detections rarely need more

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

// A candidate as the reference hands it to torchvision.ops.nms: shifted by cls * max_wh (float32, so its
// coordinates round to the offset's precision: 1/256 px for classes 5-8 at 7680), area of the shifted box.
inline Box offsetBox(float x1, float y1, float x2, float y2, float off)
{
    const Box b{x1 + off, y1 + off, x2 + off, y2 + off, 0.f};
    return {b.x1, b.y1, b.x2, b.y2, (b.x2 - b.x1) * (b.y2 - b.y1)};
}

// torchvision's CPU nms kernel, operation by operation: IoU without eps, suppressed when above the threshold.
// On a weakly trained model's near-duplicate boxes, the rounding of the shifted coordinates decides some
// suppressions: exact IoU with eps kept other boxes than the reference on 32 of aquarium's 127 val images
// (a 3-epoch YOLO11n, before the 300-box cut).
inline bool overlapsAsTorchvision(const Box& a, const Box& b, float thr)
{
    const float w = std::max(0.f, std::min(a.x2, b.x2) - std::max(a.x1, b.x1));
    const float h = std::max(0.f, std::min(a.y2, b.y2) - std::max(a.y1, b.y1));
    const float inter = w * h;
    return inter / (a.area + b.area - inter) > thr;
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

namespace {

// A (score, anchor, class) candidate of NMS and of the one-to-one head's top-k.
struct Cand {
    float score;
    int32_t anchor;
    int32_t cls;
};

// Total order (score desc, then anchor, then class) so that results do not depend on sort internals.
bool candidateBefore(const Cand& x, const Cand& y)
{
    if (x.score != y.score)
        return x.score > y.score;
    if (x.anchor != y.anchor)
        return x.anchor < y.anchor;
    return x.cls < y.cls;
}

}  // namespace

std::vector<torch::Tensor> nonMaxSuppression(const torch::Tensor& pred, double conf, double iou, int maxDet,
                                             bool agnostic, int maxNms, int maxWh, bool multiLabel)
{
    torch::NoGradGuard noGrad;
    TORCH_CHECK(pred.dim() == 3 && pred.size(1) > 4, "nonMaxSuppression: pred must be [B,4+nc,A], got ",
                pred.sizes());
    TORCH_CHECK(iou >= 0 && iou <= 1, "nonMaxSuppression: iou must be in [0,1]");
    const int64_t B = pred.size(0);
    const int64_t nc = pred.size(1) - 4;
    const int64_t A = pred.size(2);
    const auto host = pred.to(torch::kCPU, torch::kFloat).contiguous();
    const float confF = static_cast<float>(conf);
    const int64_t limit = maxNms > 0 ? maxNms : std::numeric_limits<int64_t>::max();
    const int64_t wantKept = maxDet > 0 ? maxDet : std::numeric_limits<int64_t>::max();

    const auto before = candidateBefore;

    std::vector<torch::Tensor> out;
    out.reserve(static_cast<size_t>(B));
    std::vector<Cand> cand;
    std::vector<float> best;
    std::vector<int32_t> bestCls;
    std::vector<float> tmp;
    const float iouF = static_cast<float>(iou);
    const float maxWhF = static_cast<float>(maxWh);
    for (int64_t bi = 0; bi < B; ++bi) {
        // Layout [4+nc, A]: rows are contiguous along anchors.
        const float* base = host.data_ptr<float>() + bi * (4 + nc) * A;
        const float* cx = base;
        const float* cy = base + A;
        const float* w = base + 2 * A;
        const float* h = base + 3 * A;
        const float* sc = base + 4 * A;
        // Best class per anchor (the single-label candidates; in multi-label mode a cheap bound below).
        best.assign(sc, sc + A);
        bestCls.assign(static_cast<size_t>(A), 0);
        for (int64_t c = 1; c < nc; ++c) {
            const float* row = sc + c * A;
            for (int64_t a = 0; a < A; ++a)
                if (row[a] > best[a]) {
                    best[a] = row[a];
                    bestCls[a] = static_cast<int32_t>(c);
                }
        }

        std::unordered_map<int32_t, std::vector<Box>> keptByClass;
        std::vector<float> rows;  // kept detections, 6 floats each
        int64_t kept = 0;
        int64_t processed = 0;
        // Greedy suppression in descending score over at most maxNms candidates, sorted lazily in growing
        // chunks: it usually stops at maxDet kept boxes long before the candidates run out.
        const auto process = [&]() {
            size_t done = 0;
            const size_t n = cand.size();
            while (done < n && kept < wantKept && processed < limit) {
                size_t end = std::min(n, std::max<size_t>(kFirstChunk, 2 * done));
                end = std::min(end, done + static_cast<size_t>(limit - processed));
                if (end < n)
                    std::nth_element(cand.begin() + static_cast<std::ptrdiff_t>(done),
                                     cand.begin() + static_cast<std::ptrdiff_t>(end), cand.end(), before);
                std::sort(cand.begin() + static_cast<std::ptrdiff_t>(done),
                          cand.begin() + static_cast<std::ptrdiff_t>(end), before);
                for (size_t i = done; i < end && kept < wantKept; ++i) {
                    ++processed;
                    const Cand& k = cand[i];
                    const int64_t a = k.anchor;
                    const float x1 = cx[a] - w[a] / 2, y1 = cy[a] - h[a] / 2;
                    const float x2 = cx[a] + w[a] / 2, y2 = cy[a] + h[a] / 2;
                    const float off = agnostic ? 0.f : static_cast<float>(k.cls) * maxWhF;
                    const Box b = offsetBox(x1, y1, x2, y2, off);
                    auto& list = keptByClass[agnostic ? 0 : k.cls];
                    bool suppressed = false;
                    for (const Box& o : list)
                        if (overlapsAsTorchvision(b, o, iouF)) {
                            suppressed = true;
                            break;
                        }
                    if (suppressed)
                        continue;
                    list.push_back(b);
                    rows.insert(rows.end(), {x1, y1, x2, y2, k.score, static_cast<float>(k.cls)});
                    ++kept;
                }
                done = end;
            }
        };
        // Multi-label candidates with score in [lo, hi) (and > conf).
        const auto collectMulti = [&](float lo, float hi) {
            cand.clear();
            for (int64_t c = 0; c < nc; ++c) {
                const float* row = sc + c * A;
                for (int64_t a = 0; a < A; ++a) {
                    const float v = row[a];
                    if (v > confF && v >= lo && v < hi)
                        cand.push_back({v, static_cast<int32_t>(a), static_cast<int32_t>(c)});
                }
            }
        };

        if (!multiLabel) {
            cand.clear();
            for (int64_t a = 0; a < A; ++a)
                if (best[a] > confF)
                    cand.push_back({best[a], static_cast<int32_t>(a), bestCls[a]});
            process();
        } else {
            // The kFirstChunk-th largest per-anchor maximum bounds the kFirstChunk-th largest candidate
            // from below (those anchors' best classes are candidates), so the first pass collects only
            // candidates at or above it; the rest is collected only if suppression needs more.
            float split = -std::numeric_limits<float>::infinity();
            if (A > static_cast<int64_t>(kFirstChunk)) {
                tmp.assign(best.begin(), best.end());
                std::nth_element(tmp.begin(), tmp.begin() + (kFirstChunk - 1), tmp.end(), std::greater<float>());
                split = tmp[kFirstChunk - 1];
            }
            collectMulti(split, std::numeric_limits<float>::infinity());
            process();
            if (kept < wantKept && processed < limit && split > confF) {
                collectMulti(-std::numeric_limits<float>::infinity(), split);
                process();
            }
        }
        auto det = torch::from_blob(rows.data(), {kept, 6}, torch::kFloat).clone();
        out.push_back(det.to(pred.device()));
    }
    return out;
}

std::vector<torch::Tensor> topKDetections(const torch::Tensor& pred, double conf, int maxDet, bool agnostic)
{
    torch::NoGradGuard noGrad;
    TORCH_CHECK(pred.dim() == 3 && pred.size(1) > 4, "topKDetections: pred must be [B,4+nc,A], got ", pred.sizes());
    const int64_t B = pred.size(0);
    const int64_t nc = pred.size(1) - 4;
    const int64_t A = pred.size(2);
    const auto host = pred.to(torch::kCPU, torch::kFloat).contiguous();
    const float confF = static_cast<float>(conf);
    const int64_t k = maxDet > 0 ? std::min<int64_t>(maxDet, A) : A;

    const auto before = candidateBefore;
    std::vector<torch::Tensor> out;
    out.reserve(static_cast<size_t>(B));
    std::vector<float> best;
    std::vector<int32_t> bestCls;
    std::vector<Cand> cand;
    for (int64_t bi = 0; bi < B; ++bi) {
        const float* base = host.data_ptr<float>() + bi * (4 + nc) * A;
        const float* sc = base + 4 * A;
        cand.clear();
        // Both branches read the scores class by class, along memory.
        if (agnostic) {
            // One row per anchor: its best class (the first of equal scores), ranked among the anchors.
            best.assign(sc, sc + A);
            bestCls.assign(static_cast<size_t>(A), 0);
            for (int64_t c = 1; c < nc; ++c)
                for (int64_t a = 0; a < A; ++a)
                    if (sc[c * A + a] > best[static_cast<size_t>(a)]) {
                        best[static_cast<size_t>(a)] = sc[c * A + a];
                        bestCls[static_cast<size_t>(a)] = static_cast<int32_t>(c);
                    }
            for (int64_t a = 0; a < A; ++a) {
                const auto i = static_cast<size_t>(a);
                if (best[i] > confF)
                    cand.push_back({best[i], static_cast<int32_t>(a), bestCls[i]});
            }
        } else {
            // The k-th largest best-class score bounds the k-th largest score from below (those k anchors' best
            // classes are at least that), so only scores at or above it can be among the k.
            float bound = -std::numeric_limits<float>::infinity();
            if (A > k && k > 0) {
                best.assign(sc, sc + A);
                for (int64_t c = 1; c < nc; ++c)
                    for (int64_t a = 0; a < A; ++a)
                        best[static_cast<size_t>(a)] = std::max(best[static_cast<size_t>(a)], sc[c * A + a]);
                std::nth_element(best.begin(), best.begin() + (k - 1), best.end(), std::greater<float>());
                bound = best[static_cast<size_t>(k - 1)];
            }
            for (int64_t c = 0; c < nc; ++c)
                for (int64_t a = 0; a < A; ++a) {
                    const float v = sc[c * A + a];
                    if (v > confF && v >= bound)
                        cand.push_back({v, static_cast<int32_t>(a), static_cast<int32_t>(c)});
                }
        }
        const auto n = static_cast<std::ptrdiff_t>(std::min<int64_t>(k, static_cast<int64_t>(cand.size())));
        std::partial_sort(cand.begin(), cand.begin() + n, cand.end(), before);
        auto det = torch::empty({static_cast<int64_t>(n), 6}, torch::kFloat);
        float* p = det.data_ptr<float>();
        for (std::ptrdiff_t i = 0; i < n; ++i, p += 6) {
            const Cand& c = cand[static_cast<size_t>(i)];
            const float cx = base[c.anchor], cy = base[A + c.anchor];
            const float w = base[2 * A + c.anchor], h = base[3 * A + c.anchor];
            p[0] = cx - w / 2;
            p[1] = cy - h / 2;
            p[2] = cx + w / 2;
            p[3] = cy + h / 2;
            p[4] = c.score;
            p[5] = static_cast<float>(c.cls);
        }
        out.push_back(det.to(pred.device()));
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
