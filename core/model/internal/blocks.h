#pragma once
// Parameter counts of the blocks, exactly as model/internal/modules.h builds them (checked against the built
// modules in tests). Torch-free: the YAML resolver (spec.cpp) counts a model before allocating it.

#include "model/internal/spec.h"

#include <cstdint>

namespace ys {

// Conv: conv weight (no bias) + BatchNorm weight and bias; `g` groups.
int64_t convParams(int64_t c1, int64_t c2, int64_t k, int64_t g = 1);
// Bottleneck: two 3x3 Convs, hidden channels c2 * e.
int64_t bottleneckParams(int64_t c1, int64_t c2, double e, int64_t g);
// C3k: C3 with n 3x3 bottlenecks (e = 1) on c2 / 2 channels.
int64_t c3kParams(int64_t c1, int64_t c2, int n, int64_t g);
// RepCSP: C3 with n RepBottlenecks (RepConv 3x3 + 1x1, then 3x3).
int64_t repCspParams(int64_t c1, int64_t c2, int n);

// Key channels per attention head: attn_ratio 0.5 of the head's channels.
int attentionKeyDim(int c, int heads);
// PSABlock: Attention (qkv, proj, depthwise pe) + the 2-Conv feed-forward, on c channels.
int64_t psaBlockParams(int64_t c, int heads);
// Attention heads of YOLO26's C3k2 blocks on c channels: one per 64 channels, at least one.
int c3k2AttentionHeads(int c);

// A resolved SPPF row: cv1 to c1 / 2, cv2 from the (pools + 1) concatenated maps.
int64_t sppfParams(const LayerSpec& L);
// A resolved C3k2 row: cv1, cv2 and `repeats` blocks of c2 * e channels (Bottleneck with e 0.5, C3k, or
// YOLO26's Bottleneck + PSABlock).
int64_t c3k2Params(const LayerSpec& L);
// A resolved Detect row: per level the box branch (to 4 * reg_max) and the class branch (to nc), twice when
// end2end (the one-to-one copies), plus the fixed DFL projection (reg_max weights) when reg_max > 1.
int64_t detectParams(const LayerSpec& L);

}  // namespace ys
