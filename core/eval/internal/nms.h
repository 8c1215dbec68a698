#pragma once
// Batched non-maximum suppression for the validator and the predictor (Debian's LibTorch has no
// torchvision). Greedy NMS in descending confidence, per class (or across classes when agnostic); the
// suppression loop runs in plain C++ on the CPU over the candidates of one image and stops as soon as
// maxDet boxes are kept, so its cost is bounded by candidates x kept-boxes-of-the-same-class.

#include "eval/metrics.h"

#include <torch/torch.h>

#include <vector>

namespace ys::loss {

// pred [B, 4+nc, A]: boxes xywh in pixels, then class scores (probabilities), as DetectionModel::decode()
// returns. Keeps candidates with score > conf (per class with multiLabel, else the best class only),
// the maxNms most confident of them, then suppresses a box whose IoU with a kept box of the same class
// (any class when agnostic) is > iou. Returns one fp32 tensor per image [n,6] = x1, y1, x2, y2, conf,
// cls on pred's device, sorted by confidence (descending), n <= maxDet.
// The IoU is torchvision.ops.nms's arithmetic on the reference's class-offset boxes (x + cls * maxWh in
// float32, no eps), so near-threshold pairs fall on the same side as in Ultralytics; classes are still kept
// apart by per-class lists of kept boxes. The reference validator uses multiLabel=true.
// Cost, measured on this 2-vCPU machine class with 8400 anchors x 80 classes all above conf 0.001 (an
// untrained model's worst case): about 1 ms per image single-label, 2-4 ms multi-label. Any thread.
std::vector<torch::Tensor> nonMaxSuppression(const torch::Tensor& pred, double conf = 0.001, double iou = 0.7,
                                             int maxDet = 300, bool agnostic = false, int maxNms = 30000,
                                             int maxWh = 7680, bool multiLabel = false);

// The one-to-one head's detections without NMS (Ultralytics 8.4's `nms=False`): pred [B, 4+nc, A] as for
// nonMaxSuppression (decode() of the one-to-one branches). Per image the k = min(maxDet, A) highest scores over
// anchors x classes (one anchor may give rows for several classes; overlapping boxes are all kept), then those
// with score > conf. This equals 8.4's two-stage pick (the k anchors with the best class score, then the k best
// of their k x nc scores) up to the order of ties, which here is by anchor, then class. Returns one fp32 tensor
// per image [n,6] = x1, y1, x2, y2, score, cls on pred's device, by descending score, n <= k. Any thread.
// agnostic (8.4's agnostic_nms): one row per anchor, its best class, the k best anchors by that score.
std::vector<torch::Tensor> topKDetections(const torch::Tensor& pred, double conf = 0.001, int maxDet = 300,
                                          bool agnostic = false);

// Greedy NMS of one set of boxes: boxes [N,4] xyxy, scores [N], optional classes [N] (int64; boxes of
// different classes never suppress each other; pass an undefined tensor for class-agnostic).
// Returns kept indices [K] int64 in descending score order, K <= maxDet (maxDet <= 0: no limit).
torch::Tensor nms(const torch::Tensor& boxes, const torch::Tensor& scores, const torch::Tensor& classes,
                  double iou, int maxDet = 0);

// [n,6] NMS output -> evaluator detections (copied to the CPU).
std::vector<ys::Detection> toDetections(const torch::Tensor& det);

}  // namespace ys::loss

namespace ys {
using loss::nonMaxSuppression;
using loss::topKDetections;
}  // namespace ys
