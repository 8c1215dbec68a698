// Parameter counts of the blocks (model/internal/blocks.h). Torch-free.
#include "model/internal/blocks.h"

#include <algorithm>

namespace ys {

int64_t convParams(int64_t c1, int64_t c2, int64_t k, int64_t g)
{
    return c2 * (c1 / g) * k * k + 2 * c2;
}

int64_t bottleneckParams(int64_t c1, int64_t c2, double e, int64_t g)
{
    const auto c = static_cast<int64_t>(static_cast<double>(c2) * e);
    return convParams(c1, c, 3) + convParams(c, c2, 3, g);
}

int64_t c3kParams(int64_t c1, int64_t c2, int n, int64_t g)
{
    const int64_t c = c2 / 2;
    return 2 * convParams(c1, c, 1) + convParams(2 * c, c2, 1) + n * bottleneckParams(c, c, 1.0, g);
}

int64_t repCspParams(int64_t c1, int64_t c2, int n)
{
    const int64_t c = c2 / 2;
    const int64_t rep = convParams(c, c, 3) + convParams(c, c, 1) + convParams(c, c, 3);
    return 2 * convParams(c1, c, 1) + convParams(2 * c, c2, 1) + n * rep;
}

int attentionKeyDim(int c, int heads) { return c / heads / 2; }

int64_t psaBlockParams(int64_t c, int heads)
{
    const int64_t qkv = c + 2 * int64_t{attentionKeyDim(static_cast<int>(c), heads)} * heads;
    return convParams(c, qkv, 1) + convParams(c, c, 1) + convParams(c, c, 3, c) + convParams(c, 2 * c, 1) +
           convParams(2 * c, c, 1);
}

int c3k2AttentionHeads(int c) { return std::max(c / 64, 1); }

int64_t sppfParams(const LayerSpec& L)
{
    const int64_t c = L.c1 / 2;
    return convParams(L.c1, c, 1) + convParams((L.pools + 1) * c, L.c2, 1);
}

int64_t c3k2Params(const LayerSpec& L)
{
    const auto c = static_cast<int64_t>(L.c2 * L.e);
    int64_t block = 0;
    if (L.attn)
        block = bottleneckParams(c, c, 0.5, L.g) + psaBlockParams(c, L.heads);
    else if (L.c3k)
        block = c3kParams(c, c, 2, L.g);
    else
        block = bottleneckParams(c, c, 0.5, L.g);
    return convParams(L.c1, 2 * c, 1) + convParams(int64_t{2 + L.repeats} * c, L.c2, 1) + L.repeats * block;
}

int64_t detectParams(const LayerSpec& L)
{
    const int64_t c2 = L.boxWidth, c3 = L.clsWidth, rm = L.regMax, nc = L.nc;
    int64_t branches = 0;
    for (int64_t x : L.chIn) {
        branches += convParams(x, c2, 3) + convParams(c2, c2, 3) + c2 * 4 * rm + 4 * rm;
        branches += L.dwClassBranch ? convParams(x, x, 3, x) + convParams(x, c3, 1) + convParams(c3, c3, 3, c3) +
                                          convParams(c3, c3, 1)
                                    : convParams(x, c3, 3) + convParams(c3, c3, 3);
        branches += c3 * nc + nc;
    }
    return (L.end2end ? 2 : 1) * branches + (rm > 1 ? rm : 0);
}

}  // namespace ys
