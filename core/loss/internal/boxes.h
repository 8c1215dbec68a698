#pragma once
// Box operations shared by the assigner, the detection loss, NMS and the predictor.
// Conventions: xyxy = (x1, y1, x2, y2) corners, xywh = (cx, cy, w, h); the last dimension holds the 4
// coordinates. Units are whatever the caller uses (pixels or grid cells); functions never rescale.
// Every function is pure (no state) and safe to call from any thread.

#include "model/internal/yolo.h"

#include <torch/torch.h>

#include <cstdint>

namespace ys::loss {

// (cx, cy, w, h) -> (x1, y1, x2, y2). Any leading shape, last dim 4.
torch::Tensor xywh2xyxy(const torch::Tensor& xywh);
// (x1, y1, x2, y2) -> (cx, cy, w, h). Any leading shape, last dim 4.
torch::Tensor xyxy2xywh(const torch::Tensor& xyxy);

// Pairwise IoU of xyxy boxes: a [N,4], b [M,4] -> [N,M]. Empty boxes give 0 (eps in the union).
torch::Tensor boxIou(const torch::Tensor& a, const torch::Tensor& b, double eps = 1e-7);

// Elementwise IoU or CIoU of box1 and box2 (last dim 4, other dims broadcast) -> [..., 1].
// xywh selects the input format. CIoU = IoU - rho^2/c^2 - v*alpha with rho the centre distance, c the
// diagonal of the smallest enclosing box, v = 4/pi^2 (atan(w2/h2) - atan(w1/h1))^2 and
// alpha = v / (v - IoU + 1 + eps) (alpha carries no gradient, as in the CIoU paper). CIoU is in (-1.5, 1].
torch::Tensor bboxIou(const torch::Tensor& box1, const torch::Tensor& box2, bool xywh = true,
                      bool ciou = false, double eps = 1e-7);

// Anchor points of the detection head: ys::makeAnchors (model/internal/yolo.h).
using ys::makeAnchors;

// Distances (left, top, right, bottom) from anchor points to box sides -> boxes (xyxy or xywh).
// dist [..., A, 4], points [A, 2] (broadcast). Same units as the inputs.
torch::Tensor dist2bbox(const torch::Tensor& dist, const torch::Tensor& points, bool xywh = false);

// Inverse of dist2bbox for xyxy boxes: ltrb distances from points, clamped to [0, reg_max - 1 - 0.01]
// so that the DFL target always has a right-hand bin (reg_max is the number of bins, 16 for YOLOv8).
torch::Tensor bbox2dist(const torch::Tensor& points, const torch::Tensor& xyxy, int64_t regMax);

// DFL decode: dist logits [..., 4 * reg_max] -> expected distances [..., 4] (softmax over each side's
// reg_max bins, then the expectation over bin indices 0..reg_max-1).
torch::Tensor dflDecode(const torch::Tensor& distLogits, int64_t regMax);

}  // namespace ys::loss
