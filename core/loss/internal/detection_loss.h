#pragma once
// The detection loss: task-aligned assignment, CIoU box loss, a box-distance term and BCE class loss, weighted by
// the box/cls/dfl gains. Head layout (shared with core/model): per level feats [B, 4*reg_max + nc, H, W]; the
// first 4*reg_max channels are ltrb distance logits (reg_max bins each, in grid units of the level), the rest class
// logits. Anchors follow makeAnchors() (model/internal/yolo.h).
//
// Two forms, as Ultralytics trains them:
// - YOLOv8 / YOLO11 / YOLOv9 (Ultralytics 8.3): one head, assigner top-k 10, distribution focal loss (DFL).
// - YOLO26 (Ultralytics 8.4, an end-to-end head with reg_max 1): no DFL bins, so the distance term is an L1 loss on
//   the four distances (normalised by the image size) under the `dfl` gain; the loss is w x one-to-many (top-k 10)
//   + (1 - w) x one-to-one (top-k 7, then the best-aligned anchor per box), w falling linearly from 0.8 at the
//   first epoch to 0.1 at the last (setEpoch); the anchor-in-box test widens box sides under 16 px to 16 px. The
//   logged items are the one-to-one head's (what 8.4 writes to results.csv).
//
// Thread use: one DetectionLoss per training thread; operator() keeps no state between calls.

#include "loss/internal/assigner.h"
#include "model/internal/yolo.h"

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace ys::loss {

struct LossGains {
    double box = 7.5;  // CIoU term
    double cls = 0.5;  // BCE term
    double dfl = 1.5;  // distribution focal loss term, or the L1 distance term without DFL bins (reg_max 1)
};

struct LossOutput {
    // Scalar with grad: (box*gain_box + cls*gain_cls + dfl*gain_dfl) * batch_size, what the reference
    // trainer backpropagates (the optimizer's nbs accumulation assumes this scaling).
    torch::Tensor total;
    // [3] fp32, detached: box, cls, dfl (or l1) after their gains, per batch (the values results.csv logs as
    // train/box_loss, train/cls_loss, train/dfl_loss or train/l1_loss, averaged over the epoch by the trainer);
    // an end-to-end loss's are its one-to-one head's.
    torch::Tensor items;
};

class DetectionLoss final {
public:
    // nc classes, reg_max DFL bins (16; 1 = none, the L1 term), strides of the levels in feats order (8, 16, 32);
    // endToEnd: the model's head has one-to-one copies (YOLO26): Ultralytics 8.4's end-to-end loss.
    DetectionLoss(int nc, int reg_max, std::vector<int64_t> strides, LossGains gains = {}, bool endToEnd = false);

    // heads: the model's per-level raw outputs (DetectionModelImpl::forwardHeads; any float dtype; computed in
    // fp32, autocast-safe); an end-to-end loss needs heads.one. targets [N,6]: batch_idx, cls, cx, cy, w, h
    // normalised to the batch image size (H, W) = feats[0] spatial size * strides[0]. N may be 0. batchSize = B.
    LossOutput operator()(const DetectionModelImpl::Heads& heads, const torch::Tensor& targets,
                          int64_t batchSize) const;
    // A head without one-to-one copies: feats as forward() returns them.
    LossOutput operator()(const std::vector<torch::Tensor>& feats, const torch::Tensor& targets,
                          int64_t batchSize) const;

    // The end-to-end loss's one-to-many weight for 0-based `epoch` of `epochs` (8.4's schedule, replayed on resume
    // from the epoch alone): 0.8 at epoch 0 falling linearly to 0.1 at the last epoch; the one-to-one weight is
    // 1 - that. No effect on other heads.
    void setEpoch(int epoch, int epochs) { oneToMany_ = oneToManyWeight(epoch, epochs); }
    static double oneToManyWeight(int epoch, int epochs);
    double oneToManyWeight() const { return oneToMany_; }

    int numClasses() const { return nc_; }
    int regMax() const { return regMax_; }
    bool endToEnd() const { return endToEnd_; }
    const std::vector<int64_t>& strides() const { return strides_; }

private:
    LossOutput headLoss(const std::vector<torch::Tensor>& feats, const torch::Tensor& targets, int64_t batchSize,
                        const TaskAlignedAssigner& assigner) const;

    int nc_;
    int regMax_;
    bool endToEnd_;
    std::vector<int64_t> strides_;
    LossGains gains_;
    TaskAlignedAssigner assigner_;     // YOLOv8's, or the end-to-end loss's one-to-many pass
    TaskAlignedAssigner oneToOne_;     // the end-to-end loss's one-to-one pass
    double oneToMany_ = 0.8;
};

// The third loss column's name as Ultralytics writes it: "dfl_loss" with DFL bins, "l1_loss" without (reg_max 1).
const char* distanceLossName(int regMax);

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
