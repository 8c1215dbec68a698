#include "loss/internal/assigner.h"

#include "loss/internal/boxes.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ys::loss {

namespace {
// Candidate pairs scored per pass: bounds their temporaries (about 250 bytes a pair, so ~64 MiB) while
// one pass covers typical batches (a chunk costs a few dozen kernel launches on CUDA).
constexpr int64_t kPairChunk = int64_t{1} << 18;

template <class T>
void argmaxRows(const T* x, int64_t B, int64_t M, int64_t A, int64_t* out)
{
    std::vector<T> best(static_cast<size_t>(A));
    for (int64_t b = 0; b < B; ++b) {
        const T* xb = x + b * M * A;
        int64_t* ob = out + b * A;
        std::copy(xb, xb + A, best.begin());
        std::fill(ob, ob + A, int64_t{0});
        for (int64_t m = 1; m < M; ++m) {
            const T* row = xb + m * A;
            for (int64_t a = 0; a < A; ++a) {
                if (row[a] > best[static_cast<size_t>(a)]) {  // strict: the first maximum wins, as argmax
                    best[static_cast<size_t>(a)] = row[a];
                    ob[a] = m;
                }
            }
        }
    }
}

// argmax over dim 1 of a float or bool [B, M, A] tensor, int64 [B, A]. On CPU a direct loop: LibTorch reduces
// over a strided middle dimension one element at a time (two calls took 6.8 ms at B 8, M 50, A 2100).
torch::Tensor argmaxOverGts(const torch::Tensor& x)
{
    if (!x.device().is_cpu() || (x.scalar_type() != torch::kFloat && x.scalar_type() != torch::kBool))
        return x.to(x.scalar_type() == torch::kBool ? torch::kByte : x.scalar_type()).argmax(1);
    const auto c = x.contiguous();
    const int64_t B = c.size(0), M = c.size(1), A = c.size(2);
    auto out = torch::empty({B, A}, c.options().dtype(torch::kLong));
    if (M == 0)
        return out.zero_();
    if (c.scalar_type() == torch::kFloat)
        argmaxRows(c.data_ptr<float>(), B, M, A, out.data_ptr<int64_t>());
    else
        argmaxRows(reinterpret_cast<const uint8_t*>(c.data_ptr<bool>()), B, M, A, out.data_ptr<int64_t>());
    return out;
}

// The boxes the anchor-in-box test uses: sides shorter than minSide widened to minSide about the centre.
torch::Tensor widenedBoxes(const torch::Tensor& gtb, double minSide)
{
    auto xywh = xyxy2xywh(gtb);
    auto wh = xywh.narrow(-1, 2, 2);
    wh.copy_(wh.clamp_min(minSide));
    return xywh2xyxy(xywh);
}

// [B,M,A]: anchor a's centre lies strictly inside GT m of image b, a real one (`valid` [B,M]).
torch::Tensor anchorsInBoxes(const torch::Tensor& anc, const torch::Tensor& gtb, const torch::Tensor& valid)
{
    const int64_t A = anc.size(0);
    const auto ax = anc.select(1, 0).view({1, 1, A});
    const auto ay = anc.select(1, 1).view({1, 1, A});
    torch::Tensor inGt = ax.gt(gtb.select(2, 0).unsqueeze(-1));
    inGt.logical_and_(ay.gt(gtb.select(2, 1).unsqueeze(-1)));
    inGt.logical_and_(ax.lt(gtb.select(2, 2).unsqueeze(-1)));
    inGt.logical_and_(ay.lt(gtb.select(2, 3).unsqueeze(-1)));
    inGt.logical_and_(valid.unsqueeze(-1));
    return inGt;
}

// The alignment metric score^alpha x CIoU^beta and the CIoU of the candidate pairs (`inGt`), scattered into
// dense [B,M,A] fp32 (zero elsewhere). The pairs are scored kPairChunk at a time so their temporaries stay bounded.
std::pair<torch::Tensor, torch::Tensor> scoreCandidates(const torch::Tensor& inGt, const torch::Tensor& pd_scores,
                                                        const torch::Tensor& pboxes, const torch::Tensor& gtb,
                                                        const torch::Tensor& labels, bool scoresAreLogits,
                                                        double alpha, double beta)
{
    const int64_t B = inGt.size(0), M = inGt.size(1), A = inGt.size(2);
    const auto fopt = torch::TensorOptions().dtype(torch::kFloat).device(inGt.device());
    auto align = torch::zeros({B, M, A}, fopt);
    auto overlaps = torch::zeros({B, M, A}, fopt);
    const auto allPairs = inGt.view({-1}).nonzero().squeeze(1);  // [K] = (b*M + m)*A + a
    const int64_t numPairs = allPairs.numel();
    for (int64_t start = 0; start < numPairs; start += kPairChunk) {
        const auto flat = allPairs.narrow(0, start, std::min(kPairChunk, numPairs - start));
        const auto bm = flat.div(A, "floor");                      // b*M + m
        const auto bK = bm.div(M, "floor");
        const auto aK = flat - bm * A;
        const auto ba = bK * A + aK;                               // b*A + a
        const auto gtK = gtb.view({B * M, 4}).index_select(0, bm);
        const auto pdK = pboxes.view({B * A, 4}).index_select(0, ba);
        const auto iouK = bboxIou(gtK, pdK, /*xywh=*/false, /*ciou=*/true).squeeze(-1).clamp_min(0);
        const auto clsK = labels.view({-1}).index_select(0, bm);
        // Gathered where they are: pd_scores may be any strided view, and is not copied.
        auto scoreK = pd_scores.index({bK, aK, clsK}).to(torch::kFloat);
        if (scoresAreLogits)
            scoreK = scoreK.sigmoid();
        align.view({-1}).index_put_({flat}, scoreK.pow(alpha) * iouK.pow(beta));
        overlaps.view({-1}).index_put_({flat}, iouK);
    }
    return {align, overlaps};
}

}  // namespace

TaskAlignedAssigner::TaskAlignedAssigner(int nc, int topk, double alpha, double beta, double eps, int topk2,
                                         double minSide)
    : nc_(nc), topk_(topk), alpha_(alpha), beta_(beta), eps_(eps), topk2_(topk2), minSide_(minSide)
{
    TORCH_CHECK(nc > 0, "TaskAlignedAssigner: nc must be positive");
    TORCH_CHECK(topk > 0, "TaskAlignedAssigner: topk must be positive");
    TORCH_CHECK(topk2 >= 0 && minSide >= 0.0, "TaskAlignedAssigner: topk2 and minSide must not be negative");
}

int64_t TaskAlignedAssigner::peakBytes(int64_t B, int64_t M, int64_t A, int nc, int64_t candidatePairs, int topk2)
{
    const int64_t bma = B * M * A;
    const int64_t pairs = candidatePairs < 0 ? bma : std::min(candidatePairs, bma);
    // align fp32 + overlaps fp32 + 3 bool masks alive at once; topk2's filter: its product (fp32) and mask
    const int64_t kDensePerElement = topk2 > 0 ? 16 : 11;
    constexpr int64_t kPerPair = 8;           // the candidate index list (int64)
    constexpr int64_t kPerChunkPair = 256;    // temporaries of one scored chunk (CIoU terms, gathers)
    const int64_t outputs = B * A * (4 * static_cast<int64_t>(nc) + 64);  // results + [B,A] temporaries
    return kDensePerElement * bma + kPerPair * pairs + kPerChunkPair * std::min(pairs, kPairChunk) + outputs;
}

AssignResult TaskAlignedAssigner::operator()(const torch::Tensor& pd_scores, const torch::Tensor& pd_bboxes,
                                             const torch::Tensor& anc_points, const torch::Tensor& gt_labels,
                                             const torch::Tensor& gt_bboxes, const torch::Tensor& mask_gt,
                                             bool scoresAreLogits) const
{
    torch::NoGradGuard noGrad;
    TORCH_CHECK(pd_scores.dim() == 3 && pd_scores.size(2) == nc_, "assigner: pd_scores must be [B,A,nc]");
    TORCH_CHECK(pd_bboxes.dim() == 3 && pd_bboxes.size(2) == 4, "assigner: pd_bboxes must be [B,A,4]");
    TORCH_CHECK(gt_bboxes.dim() == 3 && gt_bboxes.size(2) == 4, "assigner: gt_bboxes must be [B,M,4]");
    const int64_t B = pd_scores.size(0);
    const int64_t A = pd_scores.size(1);
    const int64_t M = gt_bboxes.size(1);
    TORCH_CHECK(anc_points.size(0) == A, "assigner: anc_points must be [A,2]");
    const auto dev = pd_scores.device();
    const auto fopt = torch::TensorOptions().dtype(torch::kFloat).device(dev);
    const auto lopt = torch::TensorOptions().dtype(torch::kLong).device(dev);
    const auto bopt = torch::TensorOptions().dtype(torch::kBool).device(dev);

    if (M == 0) {
        return {torch::full({B, A}, static_cast<int64_t>(nc_), lopt), torch::zeros({B, A, 4}, fopt),
                torch::zeros({B, A, nc_}, fopt), torch::zeros({B, A}, bopt), torch::zeros({B, A}, lopt)};
    }

    const auto pboxes = pd_bboxes.to(torch::kFloat).contiguous();
    const auto gtb = gt_bboxes.to(torch::kFloat).contiguous();
    const auto anc = anc_points.to(torch::kFloat);
    const auto valid = mask_gt.reshape({B, M}).gt(0);                       // [B,M]
    const auto labels = gt_labels.reshape({B, M}).to(torch::kLong).clamp_min(0).contiguous();
    TORCH_CHECK(!labels.masked_select(valid).ge(nc_).any().item<bool>(),
                "assigner: a ground-truth class index is >= nc (", nc_, ")");

    // 1. Candidates: anchor centre strictly inside a real GT. [B,M,A] bool.
    torch::Tensor inGt = anchorsInBoxes(anc, minSide_ > 0.0 ? widenedBoxes(gtb, minSide_) : gtb, valid);
    // 2. Alignment metric and CIoU of the candidate pairs.
    auto [align, overlaps] = scoreCandidates(inGt, pd_scores, pboxes, gtb, labels, scoresAreLogits, alpha_, beta_);

    // 3. Top-k anchors per GT by alignment, restricted to candidates.
    const int64_t k = std::min<int64_t>(topk_, A);
    torch::Tensor pos = torch::zeros({B, M, A}, bopt);
    {
        const auto topIdx = std::get<1>(align.topk(k, /*dim=*/-1, /*largest=*/true, /*sorted=*/false));
        pos.scatter_(2, topIdx, true);
    }
    pos.logical_and_(inGt);
    inGt = torch::Tensor();

    // 4. An anchor claimed by several GTs keeps only the GT with the highest IoU.
    auto fgCount = pos.sum(1);  // [B,A]
    if (fgCount.max().item<int64_t>() > 1) {
        const auto multi = fgCount.gt(1).unsqueeze(1);          // [B,1,A]
        auto best = torch::zeros({B, M, A}, bopt);
        best.scatter_(1, argmaxOverGts(overlaps).unsqueeze(1), true);
        pos = torch::where(multi, best, pos);
        fgCount = pos.sum(1);
    }
    // 4b. (8.4's topk2) each GT keeps its topk2 best-aligned anchors among those it still holds.
    if (topk2_ > 0 && topk2_ < k) {
        const auto held = align * pos;
        const auto topIdx = std::get<1>(held.topk(topk2_, /*dim=*/-1, /*largest=*/true, /*sorted=*/false));
        auto keep = torch::zeros({B, M, A}, bopt);
        keep.scatter_(2, topIdx, true);
        pos.logical_and_(keep);
        fgCount = pos.sum(1);
    }
    const auto fgMask = fgCount.gt(0);                           // [B,A]
    const auto targetGtIdx = argmaxOverGts(pos);                 // [B,A]

    // 5. Targets gathered from the assigned GT.
    const auto flatGt = (targetGtIdx + torch::arange(B, lopt).unsqueeze(1) * M).view({-1});
    const auto targetLabels = labels.view({-1}).index_select(0, flatGt).view({B, A});
    const auto targetBoxes = gtb.view({B * M, 4}).index_select(0, flatGt).view({B, A, 4});
    // 6. Soft scores: alignment normalised per GT so that its best anchor scores the GT's best IoU.
    align.mul_(pos);
    overlaps.mul_(pos);
    pos = torch::Tensor();
    const auto posAlign = align.amax(-1, /*keepdim=*/true);     // [B,M,1]
    const auto posIou = overlaps.amax(-1, /*keepdim=*/true);
    overlaps = torch::Tensor();
    align.mul_(posIou / (posAlign + eps_));
    const auto norm = align.amax(1);                             // [B,A]
    align = torch::Tensor();
    // One scatter of the final values (not one_hot, which would be int64, then a multiply over B x A x nc).
    auto targetScores = torch::zeros({B, A, nc_}, fopt);
    targetScores.scatter_(2, targetLabels.unsqueeze(-1), (norm * fgMask.to(torch::kFloat)).unsqueeze(-1));

    return {targetLabels, targetBoxes, targetScores, fgMask, targetGtIdx};
}

}  // namespace ys::loss
