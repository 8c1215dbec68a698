#pragma once
// The attention maps of a model's PSA blocks (C2PSA, and YOLO26's C3k2 with attn): each block's softmax(q^T k)
// is one [heads, N, N] map per image, N = H x W tokens of its feature map, so its memory grows with the square
// of the tokens (with imgsz^4): at imgsz 1280 a stride-32 block has N = 1600. The fit adds it as a term of its
// own (fit/internal/fitmodel.h). Torch-free; counted in cost.cpp by the same shape walk as ModelSpec::cost.

#include "model/internal/spec.h"

#include <cstdint>
#include <vector>

namespace ys {

struct AttentionMap {
    int layer = 0;       // the layer (C2PSA or C3k2) holding the PSA block
    int heads = 0;
    int64_t tokens = 0;  // N = H x W of the block's feature map
    // Elements of its [heads, N, N] map for one image.
    double elements() const { return double(heads) * double(tokens) * double(tokens); }
};

// One entry per PSA block (a row with n blocks gives n), in forward order, for one h x w image; empty for a model
// without attention. Error as ModelSpec::cost (the shapes do not line up at that size).
Expected<std::vector<AttentionMap>> attentionMaps(const ModelSpec& spec, int h, int w);

}  // namespace ys
