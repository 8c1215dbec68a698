#pragma once
// The detection head's output as the loss reads it, and the boxes the assigner matches against.
#include <torch/torch.h>

#include <vector>

namespace ys::loss {

// The head's levels [B, nBox + nc, H, W] as two contiguous float32 tensors over all anchors (level by level,
// row-major within a level): box-distribution logits [B, A, nBox] and class logits [B, A, nc], with
// gradients flowing back to the levels.
//
// CPU levels in channels-last layout (the CPU model's) and float32 or bf16 are [B, H, W, no] rows in memory
// already: forward is one pass that splits and widens each row, backward one pass that writes each level's
// gradient in its own dtype and layout (round to nearest even for bf16, as autograd's copy would). Anything
// else (CUDA, NCHW, fp16) takes the equivalent permute / narrow / cat / to composite.
struct HeadRows {
    torch::Tensor dist;
    torch::Tensor scores;
};
HeadRows flattenHead(const std::vector<torch::Tensor>& feats, int64_t nBox, int64_t nc);

// Boxes decoded from DFL logits without a gradient: `dist` [B, A, 4 * regMax] (softmax over each side's
// regMax bins, expectation over bin indices 0..regMax-1) around `anchors` [A, 2] -> xyxy [B, A, 4], in the
// anchors' units. One pass on CPU float32; elsewhere the same as dist2bbox(dflDecode(dist)).
torch::Tensor decodeBoxes(const torch::Tensor& dist, const torch::Tensor& anchors, int64_t regMax);

}  // namespace ys::loss
