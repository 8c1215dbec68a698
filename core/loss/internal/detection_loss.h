#pragma once
// YOLOv8 detection loss: task-aligned assignment, CIoU box loss, distribution focal loss (DFL) and BCE
// class loss, weighted by the box/cls/dfl gains. Head layout (shared with core/model): per level
// feats [B, 4*reg_max + nc, H, W]; the first 4*reg_max channels are ltrb distance logits (reg_max bins
// each, in grid units of the level), the rest class logits. Anchors follow makeAnchors() (model/internal/yolo.h).
//
// Thread use: one DetectionLoss per training thread; operator() keeps no state between calls.

#include "loss/internal/assigner.h"

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace ys::loss {

struct LossGains {
    double box = 7.5;  // CIoU term
    double cls = 0.5;  // BCE term
    double dfl = 1.5;  // distribution focal loss term
};

struct LossOutput {
    // Scalar with grad: (box*gain_box + cls*gain_cls + dfl*gain_dfl) * batch_size, what the reference
    // trainer backpropagates (the optimizer's nbs accumulation assumes this scaling).
    torch::Tensor total;
    // [3] fp32, detached: box, cls, dfl after their gains, per batch (the values results.csv logs as
    // train/box_loss, train/cls_loss, train/dfl_loss, averaged over the epoch by the trainer).
    torch::Tensor items;
};

class DetectionLoss final {
public:
    // nc classes, reg_max DFL bins (16), strides of the levels in feats order (8, 16, 32).
    DetectionLoss(int nc, int reg_max, std::vector<int64_t> strides, LossGains gains = {});

    // feats: the model's per-level raw outputs (any float dtype; computed in fp32, autocast-safe).
    // targets [N,6]: batch_idx, cls, cx, cy, w, h normalised to the batch image size (H, W) =
    // feats[0] spatial size * strides[0]. N may be 0. batchSize = B of feats.
    LossOutput operator()(const std::vector<torch::Tensor>& feats, const torch::Tensor& targets,
                          int64_t batchSize) const;

    int numClasses() const { return nc_; }
    int regMax() const { return regMax_; }
    const std::vector<int64_t>& strides() const { return strides_; }

private:
    int nc_;
    int regMax_;
    std::vector<int64_t> strides_;
    LossGains gains_;
    TaskAlignedAssigner assigner_;
};

// Targets [N,6] (batch_idx, cls, cx, cy, w, h normalised) -> padded per-image tensors for the assigner:
// labels [B,M,1], boxes [B,M,4] xyxy in pixels (scaled by imgW/imgH), mask [B,M,1] (1 = real box),
// with M the most boxes in one image (0 when N == 0).
struct PaddedTargets {
    torch::Tensor labels, boxes, mask;
};
PaddedTargets padTargets(const torch::Tensor& targets, int64_t batchSize, double imgW, double imgH);

// Distribution focal loss per side: logits [P, reg_max], target distances t [P] in [0, reg_max - 1) (grid
// units) -> [P]. Cross-entropy towards the two bins around t, weighted by closeness: t = 3.3 is 0.7 of
// bin 3 and 0.3 of bin 4, so the loss is minimal when softmax(logits) puts exactly that mass there.
torch::Tensor distributionFocalLoss(const torch::Tensor& logits, const torch::Tensor& t);

}  // namespace ys::loss

// The trainer and validator (namespace ys) use these unqualified.
namespace ys {
using loss::DetectionLoss;
using loss::LossGains;
using loss::LossOutput;
}  // namespace ys
