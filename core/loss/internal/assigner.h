#pragma once
// Task-Aligned Assigner (TOOD, as used by YOLOv8): picks, for every ground-truth box, the top-k anchor
// points inside it ranked by the alignment metric t = s^alpha * u^beta (s = predicted probability of the
// GT's class, u = CIoU of the predicted box with the GT, clamped at 0), resolves anchors claimed by
// several GTs by the highest IoU, and builds soft class targets scaled by the normalised alignment.
//
// Memory: the work grows with B x M x A (M = most boxes in one image of the batch). This implementation
// scores only candidate pairs (anchor centre inside a GT, K of them) and keeps at most these dense
// [B,M,A] tensors alive at once: align metric (fp32), overlaps (fp32) and three bool masks, so the peak is
// about 11 bytes x B x M x A + 8 bytes x K (the pair list) + the temporaries of one chunk of at most 2^18
// pairs (~256 bytes a pair) + the outputs (B x A x (4 nc + 64) bytes). peakBytes() returns this figure;
// the reference implementation's is several times larger (many fp32/int64 [B,M,A] temporaries).
// All [B,M,A] tensors are freed before operator() returns.

#include <torch/torch.h>

namespace ys::loss {

struct AssignResult {
    torch::Tensor target_labels;  // [B,A] int64, class of the assigned GT (0 for background anchors)
    torch::Tensor target_bboxes;  // [B,A,4] fp32 xyxy, same units as gt_bboxes (GT 0's box for bg)
    torch::Tensor target_scores;  // [B,A,nc] fp32 soft targets (0 for background anchors)
    torch::Tensor fg_mask;        // [B,A] bool, true for anchors assigned to a GT
    torch::Tensor target_gt_idx;  // [B,A] int64, index of the assigned GT within its image (0 for bg)
};

class TaskAlignedAssigner final {
public:
    // nc classes; topk candidates per GT; alpha/beta exponents of the alignment metric.
    // topk2 (Ultralytics 8.4's second filter; 0 = off): after an anchor claimed by several GTs keeps the one
    // with the highest IoU, each GT keeps only its topk2 best-aligned anchors (YOLO26's one-to-one head: topk 7,
    // topk2 1, one anchor per box). minSide (8.4; 0 = off): for the anchor-in-box test only, a box side shorter
    // than minSide pixels is widened to minSide about the box centre (8.4 uses the second stride, 16), so that
    // tiny boxes still get candidates; every IoU and target uses the box as labelled.
    explicit TaskAlignedAssigner(int nc, int topk = 10, double alpha = 0.5, double beta = 6.0,
                                 double eps = 1e-9, int topk2 = 0, double minSide = 0.0);

    // pd_scores [B,A,nc] sigmoid probabilities (scoresAreLogits: the logits, of which only the candidate
    // pairs' are then put through the sigmoid); pd_bboxes [B,A,4] xyxy pixels; anc_points [A,2] pixels;
    // gt_labels [B,M,1]; gt_bboxes [B,M,4] xyxy pixels; mask_gt [B,M,1] (1 for real boxes, 0 for padding).
    // Inputs are read without gradient and may be strided views; outputs are fp32 on the inputs' device.
    // M may be 0.
    AssignResult operator()(const torch::Tensor& pd_scores, const torch::Tensor& pd_bboxes,
                            const torch::Tensor& anc_points, const torch::Tensor& gt_labels,
                            const torch::Tensor& gt_bboxes, const torch::Tensor& mask_gt,
                            bool scoresAreLogits = false) const;

    int numClasses() const { return nc_; }

    // Upper estimate of the bytes operator() allocates at its peak on the inputs' device, for B images,
    // M boxes in the fullest image, A anchors, nc classes and K candidate pairs (anchor centres inside a
    // GT; pass -1 when unknown for the worst case K = B x M x A). Inputs are not counted.
    // With topk2 (the one-to-one pass) the filter's fp32 and bool [B,M,A] temporaries add 5 bytes an element.
    static int64_t peakBytes(int64_t B, int64_t M, int64_t A, int nc, int64_t candidatePairs = -1, int topk2 = 0);

private:
    int nc_;
    int topk_;
    double alpha_;
    double beta_;
    double eps_;
    int topk2_;
    double minSide_;
};

}  // namespace ys::loss

namespace ys {
using loss::AssignResult;
using loss::TaskAlignedAssigner;
}  // namespace ys
