// ModelSpec::cost(): what one image costs (multiply-accumulates, activations), walking the shapes through every
// layer as yolo.cpp's modules compute them; attentionMaps(): the PSA blocks' attention maps on the same walk.
// Torch-free.
#include "model/internal/attentioncost.h"
#include "model/internal/blocks.h"
#include "model/internal/spec.h"

#include <string>
#include <vector>

namespace ys {
namespace {

struct Shape {
    int64_t c = 0, h = 0, w = 0;
    double area() const { return double(h) * double(w); }
};

class CostWalker {
public:
    ModelCost total;
    std::vector<AttentionMap> maps;  // every PSA block's attention map, in forward order
    int current = 0;                 // the layer being walked
    bool shrank = false;             // a feature map went below 1 x 1

    Shape conv(const Shape& x, int64_t c2, int k, int s = 1, int p = -1, int g = 1, int d = 1)
    {
        if (p < 0)
            p = (d * (k - 1) + 1) / 2;
        const Shape y{c2, out(x.h, k, s, p, d), out(x.w, k, s, p, d)};
        if (y.h < 1 || y.w < 1) {
            shrank = true;
            return {c2, 1, 1};
        }
        total.macs += double(y.c) * y.area() * double(x.c / g) * k * k;
        total.activations += double(y.c) * y.area();
        return y;
    }
    Shape pool(const Shape& x, int k, int s, int p)
    {
        const Shape y{x.c, out(x.h, k, s, p, 1), out(x.w, k, s, p, 1)};
        if (y.h < 1 || y.w < 1) {
            shrank = true;
            return {x.c, 1, 1};
        }
        return y;
    }
    Shape bottleneck(const Shape& x, int64_t c2, double e, int g)
    {
        return conv(conv(x, static_cast<int64_t>(double(c2) * e), 3), c2, 3, 1, -1, g);
    }
    Shape c3(const Shape& x, int64_t c2, int n, bool rep, int g)  // C3k (3x3 bottlenecks) or RepCSP
    {
        const int64_t c = c2 / 2;
        Shape y = conv(x, c, 1);
        for (int i = 0; i < n; ++i) {
            if (rep) {
                conv(y, c, 1);  // RepConv's 1x1 branch, summed with the 3x3 one
                y = conv(conv(y, c, 3), c, 3);
            } else {
                y = bottleneck(y, c, 1.0, g);
            }
        }
        conv(x, c, 1);
        return conv({2 * c, y.h, y.w}, c2, 1);
    }
    void attention(const Shape& x, int heads)
    {
        const double n = x.area();
        const int64_t hd = x.c / heads, kd = attentionKeyDim(static_cast<int>(x.c), heads);
        conv(x, x.c + 2 * kd * heads, 1);                           // qkv
        total.macs += double(heads) * n * n * double(kd + hd);      // q^T k and v attn^T
        total.activations += double(heads) * n * n;                  // the attention map
        maps.push_back({current, heads, x.h * x.w});
        conv(x, x.c, 3, 1, -1, static_cast<int>(x.c));              // positional encoding on v
        conv(x, x.c, 1);                                            // proj
    }
    void psaBlock(const Shape& x, int heads)  // attention, then the 2-conv feed-forward
    {
        attention(x, heads);
        conv(conv(x, 2 * x.c, 1), x.c, 1);
    }

    Shape layer(const LayerSpec& L, const std::vector<Shape>& in, int regMax)
    {
        const Shape& x = in[0];
        switch (L.kind) {
        case LayerKind::Conv: return conv(x, L.c2, L.k, L.s, L.p, L.g, L.d);
        case LayerKind::C2f:
        case LayerKind::C3k2: {
            const auto c = static_cast<int64_t>(L.c2 * L.e);
            Shape y = conv(x, 2 * c, 1);
            y.c = c;
            for (int i = 0; i < L.repeats; ++i) {
                if (L.kind == LayerKind::C2f) {
                    y = bottleneck(y, c, 1.0, L.g);
                } else if (L.attn) {
                    y = bottleneck(y, c, 0.5, L.g);
                    psaBlock(y, L.heads);
                } else {
                    y = L.c3k ? c3(y, c, 2, false, L.g) : bottleneck(y, c, 0.5, L.g);
                }
            }
            return conv({(2 + L.repeats) * c, y.h, y.w}, L.c2, 1);
        }
        case LayerKind::C2PSA: {
            const auto c = static_cast<int64_t>(L.c1 * L.e);
            Shape y = conv(x, 2 * c, 1);
            y.c = c;
            for (int i = 0; i < L.repeats; ++i)
                psaBlock(y, L.heads);
            return conv({2 * c, y.h, y.w}, L.c2, 1);
        }
        case LayerKind::SPPF:
        case LayerKind::SPPELAN: {
            const int64_t c = L.kind == LayerKind::SPPF ? x.c / 2 : L.c3;
            const int pools = L.kind == LayerKind::SPPF ? L.pools : 3;
            const Shape y = conv(x, c, 1);
            return conv({(pools + 1) * c, y.h, y.w}, L.c2, 1);
        }
        case LayerKind::RepNCSPELAN4:
        case LayerKind::ELAN1: {
            const Shape y = conv(x, L.c3, 1);
            Shape b{L.c3 / 2, y.h, y.w};
            for (int branch = 0; branch < 2; ++branch) {
                if (L.kind == LayerKind::RepNCSPELAN4)
                    b = c3(b, L.c4, L.blocks, true, 1);
                b = conv(b, L.c4, 3);
            }
            return conv({L.c3 + 2 * L.c4, y.h, y.w}, L.c2, 1);
        }
        case LayerKind::AConv: return conv(pool(x, 2, 1, 0), L.c2, 3, 2, 1);
        case LayerKind::ADown: {
            const Shape p = pool(x, 2, 1, 0);
            const Shape half{x.c / 2, p.h, p.w};
            const Shape a = conv(half, L.c2 / 2, 3, 2, 1);
            conv(pool(half, 3, 2, 1), L.c2 / 2, 1);
            return {L.c2, a.h, a.w};
        }
        case LayerKind::CBLinear: return conv(x, L.c2, L.k, L.s, L.p);
        case LayerKind::CBFuse: return in.back();
        case LayerKind::Identity: return x;
        case LayerKind::Upsample: return {x.c, x.h * L.scaleFactor, x.w * L.scaleFactor};
        case LayerKind::Concat: {
            Shape y{0, x.h, x.w};
            for (const Shape& s : in)
                y.c += s.c;
            return y;
        }
        case LayerKind::Detect: {
            // An end-to-end head also runs its one-to-one copy of both branches in every forward pass.
            const int copies = L.end2end ? 2 : 1;
            for (int copy = 0; copy < copies; ++copy) {
                for (const Shape& s : in) {
                    conv(conv(conv(s, L.boxWidth, 3), L.boxWidth, 3), 4 * regMax, 1);
                    const Shape a = L.dwClassBranch
                                        ? conv(conv(s, s.c, 3, 1, -1, static_cast<int>(s.c)), L.clsWidth, 1)
                                        : conv(s, L.clsWidth, 3);
                    const Shape b = L.dwClassBranch
                                        ? conv(conv(a, L.clsWidth, 3, 1, -1, L.clsWidth), L.clsWidth, 1)
                                        : conv(a, L.clsWidth, 3);
                    conv(b, L.nc, 1);
                    // The DFL expectation: a fixed 1x1 convolution of reg_max bins to 1, per side and anchor
                    // (none with reg_max 1); inference decodes one of the two copies.
                    if (regMax > 1 && copy == 0)
                        total.macs += 4.0 * s.area() * regMax;
                }
            }
            return {};
        }
        }
        return x;
    }

private:
    static int64_t out(int64_t x, int k, int s, int p, int d) { return (x + 2 * p - d * (k - 1) - 1) / s + 1; }
};

}  // namespace

namespace {

// Walks every layer of `spec` at an h x w input; error when the shapes do not line up.
Expected<CostWalker> walk(const ModelSpec& spec, int h, int w)
{
    auto mismatch = [&](const LayerSpec& L, const std::string& why) {
        Error e;
        e.code = "model.shape_mismatch";
        e.message = "layer " + std::to_string(L.index) + " (" + L.module + ") at input " + std::to_string(w) + "x" +
                    std::to_string(h) + ": " + why;
        e.file = spec.source;
        e.line = L.line;
        e.column = L.column;
        return e;
    };
    std::vector<Shape> out;
    out.reserve(spec.layers.size());
    CostWalker walker;
    for (const auto& L : spec.layers) {
        std::vector<Shape> in;
        for (int r : L.from)
            in.push_back(r < 0 ? Shape{3, h, w} : out[static_cast<size_t>(r)]);
        if (L.kind == LayerKind::Concat)
            for (const Shape& s : in)
                if (s.h != in[0].h || s.w != in[0].w)
                    return mismatch(L, "inputs have different sizes (" + std::to_string(in[0].w) + "x" +
                                           std::to_string(in[0].h) + " and " + std::to_string(s.w) + "x" +
                                           std::to_string(s.h) + ")");
        walker.current = L.index;
        out.push_back(walker.layer(L, in, spec.regMax));
        if (walker.shrank)
            return mismatch(L, "the feature map shrinks to nothing");
    }
    return walker;
}

}  // namespace

Expected<ModelCost> ModelSpec::cost(int h, int w) const
{
    auto walker = walk(*this, h, w);
    if (!walker)
        return walker.error();
    return walker->total;
}

Expected<std::vector<AttentionMap>> attentionMaps(const ModelSpec& spec, int h, int w)
{
    auto walker = walk(spec, h, w);
    if (!walker)
        return walker.error();
    return walker->maps;
}

Expected<double> ModelSpec::macs(int h, int w) const
{
    auto c = cost(h, w);
    if (!c)
        return c.error();
    return c->macs;
}

}  // namespace ys
