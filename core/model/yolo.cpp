// YOLOv8 / YOLO11 / YOLOv9 / YOLO26 modules and the detection model built from a resolved ModelSpec.
#include "model/internal/yolo.h"

#include "model/internal/fused_bn_act.h"

#include <cmath>

namespace ys {

namespace F = torch::nn::functional;

// ---------------------------------------------------------------------------------------------------------
// Modules

ConvImpl::ConvImpl(int c1, int c2, int k, int s, int p, int g, int d, bool act) : act(act)
{
    if (p < 0)
        p = (d * (k - 1) + 1) / 2;  // "same" padding for odd kernels, as the reference's autopad
    stride = s;
    padding = p;
    dilation = d;
    groups = g;
    conv = register_module(
        "conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(c1, c2, k).stride(s).padding(p).groups(g).dilation(d).bias(false)));
    // eps/momentum of the reference (PyTorch convention: running = (1 - m) * running + m * batch).
    bn = register_module("bn", torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(c2).eps(1e-3).momentum(0.03)));
}

torch::Tensor ConvImpl::forward(const torch::Tensor& x)
{
    if (fused) {
        torch::Tensor y = torch::conv2d(x, conv->weight, fusedBias, stride, padding, dilation, groups);
        return act ? torch::silu(y) : y;
    }
    if (bnGather && bn->is_training())
        return syncBatchNormAct(conv->forward(x), *bn, act, bnGather);
    return batchNormAct(conv->forward(x), *bn, act);
}

void ConvImpl::fuse()
{
    if (fused)
        return;
    torch::NoGradGuard ng;
    // y = gamma * (W x - mean) / sqrt(var + eps) + beta  =  (W * s) x + (beta - mean * s),  s = gamma / sqrt(var + eps)
    const auto scale = bn->weight / torch::sqrt(bn->running_var + bn->options.eps());
    const auto w = conv->weight * scale.view({-1, 1, 1, 1}).to(conv->weight.scalar_type());
    conv->weight.set_data(w.contiguous(conv->weight.suggest_memory_format()));
    fusedBias = register_buffer("fused_bias", (bn->bias - bn->running_mean * scale).to(conv->weight.scalar_type()));
    fused = true;
}

BottleneckImpl::BottleneckImpl(int c1, int c2, bool shortcut, int g, double e)
{
    const int c = static_cast<int>(c2 * e);
    cv1 = register_module("cv1", Conv(c1, c, 3, 1));
    cv2 = register_module("cv2", Conv(c, c2, 3, 1, -1, g));
    add = shortcut && c1 == c2;
}

torch::Tensor BottleneckImpl::forward(const torch::Tensor& x)
{
    auto y = cv2->forward(cv1->forward(x));
    return add ? y + x : y;
}

RepConvImpl::RepConvImpl(int c1, int c2)
{
    conv1 = register_module("conv1", Conv(c1, c2, 3, 1, 1, 1, 1, /*act=*/false));
    conv2 = register_module("conv2", Conv(c1, c2, 1, 1, 0, 1, 1, /*act=*/false));
}

torch::Tensor RepConvImpl::forward(const torch::Tensor& x)
{
    if (merged)
        return torch::silu(conv1->forward(x));
    return torch::silu(conv1->forward(x) + conv2->forward(x));
}

void RepConvImpl::fuse()
{
    if (merged)
        return;
    conv1->fuse();
    conv2->fuse();
    torch::NoGradGuard ng;
    // A 1x1 kernel is a 3x3 kernel with zeros around its centre (both have stride 1 and "same" padding).
    auto w = conv1->conv->weight + F::pad(conv2->conv->weight, F::PadFuncOptions({1, 1, 1, 1}));
    conv1->conv->weight.set_data(w.contiguous(conv1->conv->weight.suggest_memory_format()));
    conv1->fusedBias.add_(conv2->fusedBias);
    merged = true;
}

RepBottleneckImpl::RepBottleneckImpl(int c, bool shortcut) : add(shortcut)
{
    cv1 = register_module("cv1", RepConv(c, c));
    cv2 = register_module("cv2", Conv(c, c, 3, 1));
}

torch::Tensor RepBottleneckImpl::forward(const torch::Tensor& x)
{
    auto y = cv2->forward(cv1->forward(x));
    return add ? y + x : y;
}

C3Impl::C3Impl(int c1, int c2, int n, bool rep, bool shortcut, int g)
{
    const int c = c2 / 2;
    cv1 = register_module("cv1", Conv(c1, c, 1, 1));
    cv2 = register_module("cv2", Conv(c1, c, 1, 1));
    cv3 = register_module("cv3", Conv(2 * c, c2, 1));
    m = register_module("m", torch::nn::Sequential());
    for (int i = 0; i < n; ++i) {
        if (rep)
            m->push_back(RepBottleneck(c, shortcut));
        else
            m->push_back(Bottleneck(c, c, shortcut, g, 1.0));
    }
}

torch::Tensor C3Impl::forward(const torch::Tensor& x)
{
    return cv3->forward(torch::cat({m->forward(cv1->forward(x)), cv2->forward(x)}, 1));
}

C2fImpl::C2fImpl(int c1, int c2, int n, Block block, bool shortcut, int g, double e, int heads)
{
    c = static_cast<int>(c2 * e);
    cv1 = register_module("cv1", Conv(c1, 2 * c, 1, 1));
    cv2 = register_module("cv2", Conv((2 + n) * c, c2, 1));
    m = register_module("m", torch::nn::ModuleList());
    for (int i = 0; i < n; ++i) {
        if (block == Block::C3k) {
            C3 b(c, c, 2, /*rep=*/false, shortcut, g);
            m->push_back(b);
            blocks.emplace_back([b](const torch::Tensor& x) mutable { return b->forward(x); });
        } else if (block == Block::BottleneckPSA) {
            Bottleneck b(c, c, shortcut, g, 0.5);
            PSABlock p(c, heads);
            m->push_back(torch::nn::Sequential(b, p));
            blocks.emplace_back([b, p](const torch::Tensor& x) mutable { return p->forward(b->forward(x)); });
        } else {
            Bottleneck b(c, c, shortcut, g, block == Block::Bottleneck ? 1.0 : 0.5);
            m->push_back(b);
            blocks.emplace_back([b](const torch::Tensor& x) mutable { return b->forward(x); });
        }
    }
}

torch::Tensor C2fImpl::forward(const torch::Tensor& x)
{
    // cat([a, b, m1(b), m2(m1(b)), ...]) with (a, b) = halves of cv1(x) as views (split, not two narrows:
    // its backward is one concatenation of the halves' gradients, where a narrow's backward zero-fills a
    // full-size tensor for its half and autograd then adds that to the other path's gradient).
    std::vector<torch::Tensor> ys = cv1->forward(x).split(c, 1);
    ys.reserve(blocks.size() + 2);
    torch::Tensor last = ys.back();
    for (auto& b : blocks) {
        last = b(last);
        ys.push_back(last);
    }
    return cv2->forward(torch::cat(ys, 1));
}

AttentionImpl::AttentionImpl(int dim, int heads) : heads(heads)
{
    headDim = dim / heads;
    keyDim = headDim / 2;
    scale = 1.0 / std::sqrt(static_cast<double>(keyDim));
    qkv = register_module("qkv", Conv(dim, dim + 2 * keyDim * heads, 1, 1, -1, 1, 1, /*act=*/false));
    proj = register_module("proj", Conv(dim, dim, 1, 1, -1, 1, 1, /*act=*/false));
    pe = register_module("pe", Conv(dim, dim, 3, 1, -1, dim, 1, /*act=*/false));
}

torch::Tensor AttentionImpl::forward(const torch::Tensor& x)
{
    const int64_t b = x.size(0), c = x.size(1), h = x.size(2), w = x.size(3), n = h * w;
    // Per head the channels are [q (keyDim), k (keyDim), v (headDim)]; positions flattened.
    auto parts = qkv->forward(x).reshape({b, heads, 2 * keyDim + headDim, n}).split({keyDim, keyDim, headDim}, 2);
    const auto& q = parts[0];
    const auto& k = parts[1];
    const auto& v = parts[2];
    auto attn = (torch::matmul(q.transpose(-2, -1), k) * scale).softmax(-1);  // [B, heads, N, N]
    auto y = torch::matmul(v, attn.transpose(-2, -1)).reshape({b, c, h, w}) + pe->forward(v.reshape({b, c, h, w}));
    return proj->forward(y);
}

PSABlockImpl::PSABlockImpl(int c, int heads)
{
    attn = register_module("attn", Attention(c, heads));
    ffn1 = Conv(c, 2 * c, 1);
    ffn2 = Conv(2 * c, c, 1, 1, -1, 1, 1, /*act=*/false);
    ffn = register_module("ffn", torch::nn::Sequential(ffn1, ffn2));
}

torch::Tensor PSABlockImpl::forward(const torch::Tensor& x)
{
    auto y = x + attn->forward(x);
    return y + ffn2->forward(ffn1->forward(y));
}

C2PSAImpl::C2PSAImpl(int c1, int n, double e, int heads)
{
    c = static_cast<int>(c1 * e);
    cv1 = register_module("cv1", Conv(c1, 2 * c, 1, 1));
    cv2 = register_module("cv2", Conv(2 * c, c1, 1));
    m = register_module("m", torch::nn::Sequential());
    for (int i = 0; i < n; ++i)
        m->push_back(PSABlock(c, heads));
}

torch::Tensor C2PSAImpl::forward(const torch::Tensor& x)
{
    auto ab = cv1->forward(x).split(c, 1);
    return cv2->forward(torch::cat({ab[0], m->forward(ab[1])}, 1));
}

ELANImpl::ELANImpl(const LayerSpec& L) : c3(L.c3)
{
    cv1 = register_module("cv1", Conv(L.c1, L.c3, 1, 1));
    auto branch = [&](const char* name, int cin) -> std::function<torch::Tensor(const torch::Tensor&)> {
        if (L.kind == LayerKind::ELAN1) {
            Conv conv = register_module(name, Conv(cin, L.c4, 3, 1));
            return [conv](const torch::Tensor& x) mutable { return conv->forward(x); };
        }
        torch::nn::Sequential seq(C3(cin, L.c4, L.blocks, /*rep=*/true, /*shortcut=*/true, 1), Conv(L.c4, L.c4, 3, 1));
        register_module(name, seq);
        return [seq](const torch::Tensor& x) mutable { return seq->forward(x); };
    };
    cv2 = branch("cv2", L.c3 / 2);
    cv3 = branch("cv3", L.c4);
    cv4 = register_module("cv4", Conv(L.c3 + 2 * L.c4, L.c2, 1, 1));
}

torch::Tensor ELANImpl::forward(const torch::Tensor& x)
{
    // As the reference's chunk(2): the first part gets the odd channel, the branches read the second.
    std::vector<torch::Tensor> ys = cv1->forward(x).split_with_sizes({c3 - c3 / 2, c3 / 2}, 1);
    ys.push_back(cv2(ys.back()));
    ys.push_back(cv3(ys.back()));
    return cv4->forward(torch::cat(ys, 1));
}

namespace {
// 2x2 average pool with stride 1, no padding (count_include_pad has nothing to count).
torch::Tensor avgPool2(const torch::Tensor& x) { return torch::avg_pool2d(x, {2, 2}, {1, 1}, {0, 0}, false, true); }
}  // namespace

AConvImpl::AConvImpl(int c1, int c2) { cv1 = register_module("cv1", Conv(c1, c2, 3, 2, 1)); }

torch::Tensor AConvImpl::forward(const torch::Tensor& x) { return cv1->forward(avgPool2(x)); }

ADownImpl::ADownImpl(int c1, int c2)
{
    cv1 = register_module("cv1", Conv(c1 / 2, c2 / 2, 3, 2, 1));
    cv2 = register_module("cv2", Conv(c1 / 2, c2 / 2, 1, 1, 0));
}

torch::Tensor ADownImpl::forward(const torch::Tensor& x)
{
    auto halves = avgPool2(x).chunk(2, 1);
    auto a = cv1->forward(halves[0]);
    auto b = cv2->forward(torch::max_pool2d(halves[1], {3, 3}, {2, 2}, {1, 1}));
    return torch::cat({a, b}, 1);
}

namespace {
// cat([y, p1(y), p2(p1(y)), p3(p2(p1(y)))]): SPPF's and SPPELAN's chained max pools.
torch::Tensor poolPyramid(const torch::Tensor& y, std::initializer_list<torch::nn::MaxPool2d> pools)
{
    std::vector<torch::Tensor> ys{y};
    for (auto p : pools)  // a holder copy shares the module (initializer_list elements are const)
        ys.push_back(p->forward(ys.back()));
    return torch::cat(ys, 1);
}
}  // namespace

SPPFImpl::SPPFImpl(int c1, int c2, int k, int pools, bool act, bool shortcut)
    : pools(pools), add(shortcut && c1 == c2)
{
    const int c = c1 / 2;
    cv1 = register_module("cv1", Conv(c1, c, 1, 1, -1, 1, 1, act));
    cv2 = register_module("cv2", Conv(c * (pools + 1), c2, 1, 1));
    m = register_module("m", torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(k).stride(1).padding(k / 2)));
}

torch::Tensor SPPFImpl::forward(const torch::Tensor& x)
{
    torch::Tensor y;
    if (pools == 3) {
        y = cv2->forward(poolPyramid(cv1->forward(x), {m, m, m}));
    } else {
        std::vector<torch::Tensor> ys{cv1->forward(x)};
        for (int i = 0; i < pools; ++i)
            ys.push_back(m->forward(ys.back()));
        y = cv2->forward(torch::cat(ys, 1));
    }
    return add ? y + x : y;
}

SPPELANImpl::SPPELANImpl(int c1, int c2, int c3, int k)
{
    cv1 = register_module("cv1", Conv(c1, c3, 1, 1));
    const auto pool = torch::nn::MaxPool2dOptions(k).stride(1).padding(k / 2);
    cv2 = register_module("cv2", torch::nn::MaxPool2d(pool));
    cv3 = register_module("cv3", torch::nn::MaxPool2d(pool));
    cv4 = register_module("cv4", torch::nn::MaxPool2d(pool));
    cv5 = register_module("cv5", Conv(4 * c3, c2, 1, 1));
}

torch::Tensor SPPELANImpl::forward(const torch::Tensor& x)
{
    return cv5->forward(poolPyramid(cv1->forward(x), {cv2, cv3, cv4}));
}

CBLinearImpl::CBLinearImpl(const LayerSpec& L) : splits(L.splits)
{
    conv = register_module(
        "conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(L.c1, L.c2, L.k).stride(L.s).padding(L.p).bias(true)));
}

torch::Tensor CBLinearImpl::part(const torch::Tensor& y, int part) const
{
    int64_t offset = 0;
    for (int i = 0; i < part; ++i)
        offset += splits.at(static_cast<size_t>(i));
    return y.narrow(1, offset, splits.at(static_cast<size_t>(part)));
}

torch::Tensor CBFuseImpl::forward(const std::vector<torch::Tensor>& parts, const torch::Tensor& target)
{
    torch::Tensor sum = target;
    for (const auto& p : parts) {
        auto resized = p.size(2) == target.size(2) && p.size(3) == target.size(3)
                           ? p
                           : torch::upsample_nearest2d(p, {target.size(2), target.size(3)});
        sum = sum + resized;
    }
    return sum;
}

torch::Tensor UpsampleImpl::forward(const torch::Tensor& x)
{
    return torch::upsample_nearest2d(x, {x.size(2) * scale, x.size(3) * scale});
}

DFLImpl::DFLImpl(int regMax) : regMax(regMax)
{
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(regMax, 1, 1).bias(false)));
    torch::NoGradGuard ng;
    conv->weight.copy_(torch::arange(regMax, torch::kFloat).view({1, regMax, 1, 1}));
    conv->weight.set_requires_grad(false);
}

torch::Tensor DFLImpl::forward(const torch::Tensor& box)
{
    const int64_t b = box.size(0), a = box.size(2);
    // [B, 4, reg_max, A] -> softmax over bins -> expectation with the projection arange(reg_max).
    auto p = box.view({b, 4, regMax, a}).softmax(2);
    auto proj = conv->weight.view({1, 1, 1, regMax}).to(p.scalar_type());
    return torch::matmul(proj, p).view({b, 4, a});
}

torch::Tensor DetectImpl::Branch::run(const torch::Tensor& x)
{
    torch::Tensor y = x;
    for (auto& c : convs)
        y = c->forward(y);
    return out->forward(y);
}

DetectImpl::DetectImpl(const LayerSpec& L, int regMax) : nc(L.nc), regMax(regMax)
{
    // Registered in the reference's order (its state-dict order): cv2, cv3, dfl, one2one_cv2, one2one_cv3.
    cv2 = register_module("cv2", torch::nn::ModuleList());
    cv3 = register_module("cv3", torch::nn::ModuleList());
    buildBranches(L, cv2, cv3, box, cls);
    if (regMax > 1)
        dfl = register_module("dfl", DFL(regMax));
    if (!L.end2end)
        return;
    one2one_cv2 = register_module("one2one_cv2", torch::nn::ModuleList());
    one2one_cv3 = register_module("one2one_cv3", torch::nn::ModuleList());
    buildBranches(L, one2one_cv2, one2one_cv3, box1, cls1);
    // The reference deep-copies the one-to-many branches: both start from the same weights.
    torch::NoGradGuard ng;
    for (auto [from, to] : {std::pair{cv2, one2one_cv2}, std::pair{cv3, one2one_cv3}}) {
        const auto src = from->parameters(), dst = to->parameters();
        for (size_t i = 0; i < src.size(); ++i)
            dst[i].copy_(src[i]);
        const auto srcB = from->buffers(), dstB = to->buffers();
        for (size_t i = 0; i < srcB.size(); ++i)
            dstB[i].copy_(srcB[i]);
    }
}

void DetectImpl::buildBranches(const LayerSpec& L, torch::nn::ModuleList& boxList, torch::nn::ModuleList& clsList,
                               std::vector<Branch>& boxes, std::vector<Branch>& classes)
{
    const int c2 = L.boxWidth, c3 = L.clsWidth;
    for (int x : L.chIn) {
        Branch bx{{Conv(x, c2, 3), Conv(c2, c2, 3)}, torch::nn::Conv2d(torch::nn::Conv2dOptions(c2, 4 * regMax, 1))};
        boxList->push_back(torch::nn::Sequential(bx.convs[0], bx.convs[1], bx.out));
        boxes.push_back(bx);
        Branch cl;  // created in forward order: the random initialisation draws in that order
        if (L.dwClassBranch) {
            // [[DWConv(x, x, 3), Conv(x, c3, 1)], [DWConv(c3, c3, 3), Conv(c3, c3, 1)], Conv2d(c3, nc, 1)]
            cl.convs = {Conv(x, x, 3, 1, -1, x), Conv(x, c3, 1), Conv(c3, c3, 3, 1, -1, c3), Conv(c3, c3, 1)};
            cl.out = torch::nn::Conv2d(torch::nn::Conv2dOptions(c3, nc, 1));
            // Lists only name the modules as the reference's Sequentials do (the branch runs through `cl`).
            clsList->push_back(torch::nn::ModuleList(torch::nn::ModuleList(cl.convs[0], cl.convs[1]),
                                                     torch::nn::ModuleList(cl.convs[2], cl.convs[3]), cl.out));
        } else {
            cl.convs = {Conv(x, c3, 3), Conv(c3, c3, 3)};
            cl.out = torch::nn::Conv2d(torch::nn::Conv2dOptions(c3, nc, 1));
            clsList->push_back(torch::nn::Sequential(cl.convs[0], cl.convs[1], cl.out));
        }
        classes.push_back(cl);
    }
}

std::vector<torch::Tensor> DetectImpl::forward(const std::vector<torch::Tensor>& xs)
{
    TORCH_CHECK(xs.size() == box.size(), "Detect expects ", box.size(), " feature maps, got ", xs.size());
    std::vector<torch::Tensor> out;
    out.reserve(xs.size());
    for (size_t i = 0; i < xs.size(); ++i)
        out.push_back(level(i, xs[i]));
    return out;
}

torch::Tensor DetectImpl::level(size_t i, const torch::Tensor& x)
{
    return torch::cat({box.at(i).run(x), cls.at(i).run(x)}, 1);
}

std::vector<torch::Tensor> DetectImpl::forwardOneToOne(const std::vector<torch::Tensor>& xs)
{
    TORCH_CHECK(endToEnd(), "Detect: this head has no one-to-one branches");
    TORCH_CHECK(xs.size() == box1.size(), "Detect expects ", box1.size(), " feature maps, got ", xs.size());
    std::vector<torch::Tensor> out;
    out.reserve(xs.size());
    for (size_t i = 0; i < xs.size(); ++i) {
        const torch::Tensor x = is_training() ? xs[i].detach() : xs[i];
        out.push_back(torch::cat({box1[i].run(x), cls1[i].run(x)}, 1));
    }
    return out;
}

void DetectImpl::initBiases(const std::vector<int64_t>& strides)
{
    torch::NoGradGuard ng;
    const double boxBias = regMax == 1 ? 2.0 : 1.0;
    for (const auto& [boxes, classes] : {std::pair{&box, &cls}, std::pair{&box1, &cls1}}) {
        for (size_t i = 0; i < boxes->size(); ++i) {
            (*boxes)[i].out->bias.fill_(boxBias);
            const double cells = 640.0 / static_cast<double>(strides.at(i));
            // ~0.01 prior over 5 objects per 640 image
            (*classes)[i].out->bias.fill_(std::log(5.0 / nc / (cells * cells)));
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Model

namespace {

// The module of one single-input layer and how to run it.
struct Built {
    std::shared_ptr<torch::nn::Module> module;
    std::function<torch::Tensor(const torch::Tensor&)> run;
};

template <typename Holder>
Built single(Holder h)
{
    return {h.ptr(), [h](const torch::Tensor& x) mutable { return h->forward(x); }};
}

Built buildLayer(const LayerSpec& L)
{
    using Block = C2fImpl::Block;
    switch (L.kind) {
    case LayerKind::Conv: return single(Conv(L.c1, L.c2, L.k, L.s, L.p, L.g, L.d, L.act));
    case LayerKind::C2f: return single(C2f(L.c1, L.c2, L.repeats, Block::Bottleneck, L.shortcut, L.g, L.e));
    case LayerKind::C3k2: {
        const Block block = L.attn ? Block::BottleneckPSA : L.c3k ? Block::C3k : Block::HalfBottleneck;
        return single(C2f(L.c1, L.c2, L.repeats, block, L.shortcut, L.g, L.e, L.heads));
    }
    case LayerKind::C2PSA: return single(C2PSA(L.c1, L.repeats, L.e, L.heads));
    case LayerKind::SPPF: return single(SPPF(L.c1, L.c2, L.k, L.pools, L.act, L.shortcut));
    case LayerKind::SPPELAN: return single(SPPELAN(L.c1, L.c2, L.c3, L.k));
    case LayerKind::RepNCSPELAN4:
    case LayerKind::ELAN1: return single(ELAN(L));
    case LayerKind::AConv: return single(AConv(L.c1, L.c2));
    case LayerKind::ADown: return single(ADown(L.c1, L.c2));
    case LayerKind::CBLinear: return single(CBLinear(L));
    case LayerKind::Identity: return single(torch::nn::Identity());
    case LayerKind::Upsample: return single(Upsample(L.scaleFactor));
    case LayerKind::CBFuse: return {CBFuse().ptr(), nullptr};
    case LayerKind::Concat: return {Concat().ptr(), nullptr};
    case LayerKind::Detect: return {};  // built by the model, which keeps it typed
    }
    return {};
}

}  // namespace

DetectionModelImpl::DetectionModelImpl(const ModelSpec& spec) : spec_(spec)
{
    TORCH_CHECK(!spec_.layers.empty() && spec_.layers.back().kind == LayerKind::Detect,
                "DetectionModel: the spec must end with Detect (use loadModelSpec)");
    model_ = register_module("model", torch::nn::ModuleList());
    std::vector<bool> save(spec_.layers.size(), false);
    for (int s : spec_.save)
        save.at(static_cast<size_t>(s)) = true;
    for (const auto& L : spec_.layers) {
        Built b = buildLayer(L);
        if (L.kind == LayerKind::Detect) {
            detect_ = Detect(L, spec_.regMax);
            b.module = detect_.ptr();
        }
        model_->push_back(b.module);
        layers_.push_back(Layer{L.kind, L.from, save[static_cast<size_t>(L.index)], std::move(b.module),
                                std::move(b.run), L.pick});
    }
    maxStride_ = *std::max_element(spec_.strides.begin(), spec_.strides.end());
    detect_->initBiases(spec_.strides);
    buildCheckpointBlocks();
}

void DetectionModelImpl::buildCheckpointBlocks()
{
    blocks_.resize(layers_.size());
    for (size_t i = 0; i < layers_.size(); ++i) {
        const Layer& L = layers_[i];
        if (L.run && checkpointable(spec_.layers[i]))
            blocks_[i] = CheckpointBlock{L.run, {L.module.get()}};
    }
    for (size_t k = 0; k < detect_->box.size(); ++k) {
        CheckpointBlock b;
        Detect d = detect_;
        b.run = [d, k](const torch::Tensor& x) mutable { return d->level(k, x); };
        for (auto* branch : {&detect_->box[k], &detect_->cls[k]}) {
            for (auto& c : branch->convs)
                b.modules.push_back(c.get());
            b.modules.push_back(branch->out.get());
        }
        detectBlocks_.push_back(std::move(b));
    }
    checkpoint_.assign(layers_.size(), false);
}

void DetectionModelImpl::setCheckpointLayers(const std::vector<int>& layers)
{
    std::vector<bool> on(layers_.size(), false);
    for (int i : layers) {
        TORCH_CHECK(i >= 0 && i < static_cast<int>(layers_.size()) && checkpointable(spec_.layers[static_cast<size_t>(i)]),
                    "DetectionModel: layer ", i, " cannot be checkpointed");
        on[static_cast<size_t>(i)] = true;
    }
    checkpoint_ = std::move(on);
    checkpointList_.clear();
    for (size_t i = 0; i < checkpoint_.size(); ++i)
        if (checkpoint_[i])
            checkpointList_.push_back(static_cast<int>(i));
}

std::vector<torch::Tensor> DetectionModelImpl::forward(torch::Tensor x)
{
    return run(x, false).many;
}

DetectionModelImpl::Heads DetectionModelImpl::forwardHeads(torch::Tensor x)
{
    return run(x, true);
}

DetectionModelImpl::Heads DetectionModelImpl::run(const torch::Tensor& x, bool oneToOne)
{
    TORCH_CHECK(x.dim() == 4 && x.size(1) == 3, "DetectionModel expects [B, 3, H, W], got ", x.sizes());
    TORCH_CHECK(x.size(2) % maxStride_ == 0 && x.size(3) % maxStride_ == 0,
                "DetectionModel: image height and width must be multiples of ", maxStride_, ", got ", x.size(3), "x",
                x.size(2));
    std::vector<torch::Tensor> saved(layers_.size());
    torch::Tensor cur = x;
    const int n = static_cast<int>(layers_.size());
    // Checkpointing saves memory only for a backward pass: evaluation and no-grad passes run every layer plainly.
    const bool recompute = !checkpointList_.empty() && is_training() && torch::GradMode::is_enabled();
    auto input = [&](int i, int r) -> const torch::Tensor& { return (r < 0 || r == i - 1) ? cur : saved[static_cast<size_t>(r)]; };
    auto inputs = [&](int i, const Layer& L) {
        std::vector<torch::Tensor> xs;
        xs.reserve(L.from.size());
        for (int r : L.from)
            xs.push_back(input(i, r));
        return xs;
    };
    for (int i = 0; i < n; ++i) {
        Layer& L = layers_[static_cast<size_t>(i)];
        const bool ckpt = recompute && checkpoint_[static_cast<size_t>(i)];
        if (L.kind == LayerKind::Detect) {
            const std::vector<torch::Tensor> xs = inputs(i, L);
            Heads heads;
            if (oneToOne && detect_->endToEnd())
                heads.one = detect_->forwardOneToOne(xs);
            if (!observer_ && !ckpt) {
                heads.many = detect_->forward(xs);
                return heads;
            }
            TORCH_CHECK(xs.size() == detectBlocks_.size(), "Detect expects ", detectBlocks_.size(), " feature maps");
            for (size_t k = 0; k < xs.size(); ++k) {
                if (observer_)
                    observer_->beforeLayer(i, static_cast<int>(k));
                heads.many.push_back(ckpt ? checkpointed(detectBlocks_[k], xs[k]) : detect_->level(k, xs[k]));
                if (observer_)
                    observer_->afterLayer(i, static_cast<int>(k), heads.many.back());
            }
            return heads;
        }
        if (observer_)
            observer_->beforeLayer(i, -1);
        switch (L.kind) {
        case LayerKind::Concat:
            cur = torch::cat(inputs(i, L), 1);
            break;
        case LayerKind::CBFuse: {
            std::vector<torch::Tensor> parts;
            for (size_t j = 0; j + 1 < L.from.size(); ++j) {
                const auto& lin = static_cast<const CBLinearImpl&>(*layers_[static_cast<size_t>(L.from[j])].module);
                parts.push_back(lin.part(input(i, L.from[j]), L.pick[j]));
            }
            cur = static_cast<CBFuseImpl&>(*L.module).forward(parts, input(i, L.from.back()));
            break;
        }
        default:
            cur = ckpt ? checkpointed(blocks_[static_cast<size_t>(i)], input(i, L.from[0])) : L.run(input(i, L.from[0]));
            break;
        }
        if (observer_)
            observer_->afterLayer(i, -1, cur);
        if (L.save)
            saved[static_cast<size_t>(i)] = cur;
    }
    TORCH_CHECK(false, "DetectionModel: no Detect layer");
}

void DetectionModelImpl::fuse()
{
    for (const auto& m : modules(/*include_self=*/false)) {
        if (auto* r = dynamic_cast<RepConvImpl*>(m.get()))
            r->fuse();
        else if (auto* c = dynamic_cast<ConvImpl*>(m.get()))
            c->fuse();
    }
}

torch::Tensor DetectionModelImpl::decode(const std::vector<torch::Tensor>& feats)
{
    TORCH_CHECK(feats.size() == spec_.strides.size(), "decode expects ", spec_.strides.size(), " levels, got ",
                feats.size());
    const int64_t b = feats[0].size(0);
    const int64_t rm = spec_.regMax, no = spec_.nc + 4 * rm;
    std::vector<torch::Tensor> flat;
    flat.reserve(feats.size());
    std::vector<int64_t> key;
    for (const auto& f : feats) {
        TORCH_CHECK(f.dim() == 4 && f.size(0) == b && f.size(1) == no, "decode: expected [", b, ", ", no,
                    ", H, W] per level, got ", f.sizes());
        // Decoded in float32 whatever the head ran in: bf16 cannot hold anchor positions beyond 256 cells.
        flat.push_back(f.flatten(2).to(torch::kFloat));
        key.push_back(f.size(2));
        key.push_back(f.size(3));
    }
    key.push_back(static_cast<int64_t>(feats[0].device().type()));
    key.push_back(feats[0].device().index());
    torch::Tensor points, strides;
    {
        std::lock_guard<std::mutex> lock(anchorMutex_);
        if (key != anchorKey_ || !anchorPoints_.defined()) {
            auto [p, s] = makeAnchors(feats, spec_.strides, 0.5);
            anchorPoints_ = p.t().contiguous();   // [2, A]
            anchorStrides_ = s.t().contiguous();  // [1, A]
            anchorKey_ = key;
        }
        points = anchorPoints_;
        strides = anchorStrides_;
    }
    auto x = torch::cat(flat, 2);  // [B, no, A]
    // [B, 4, A] ltrb in grid units: the DFL expectation, or with reg_max 1 the box branch's output itself.
    auto dist = rm > 1 ? detect_->dfl->forward(x.narrow(1, 0, 4 * rm)) : x.narrow(1, 0, 4);
    auto lt = dist.narrow(1, 0, 2);
    auto rb = dist.narrow(1, 2, 2);
    auto centre = (points + (rb - lt) * 0.5) * strides;
    auto wh = (lt + rb) * strides;
    return torch::cat({centre, wh, x.narrow(1, 4 * rm, spec_.nc).sigmoid()}, 1);
}

// ---------------------------------------------------------------------------------------------------------

std::pair<torch::Tensor, torch::Tensor> makeAnchors(const std::vector<torch::Tensor>& feats,
                                                    const std::vector<int64_t>& strides, double offset)
{
    TORCH_CHECK(!feats.empty() && feats.size() == strides.size(), "makeAnchors: ", feats.size(), " maps but ",
                strides.size(), " strides");
    // float32 whatever the maps hold: bf16 cannot hold anchor positions beyond 256 cells.
    const auto opts = torch::TensorOptions().dtype(torch::kFloat).device(feats[0].device());
    std::vector<torch::Tensor> points, strideT;
    for (size_t i = 0; i < feats.size(); ++i) {
        TORCH_CHECK(feats[i].dim() == 4, "makeAnchors: feature level ", i, " must be [B,C,H,W]");
        const int64_t h = feats[i].size(2), w = feats[i].size(3);
        auto sx = torch::arange(w, opts) + offset;
        auto sy = torch::arange(h, opts) + offset;
        auto grid = torch::meshgrid({sy, sx}, "ij");
        points.push_back(torch::stack({grid[1], grid[0]}, -1).view({-1, 2}));
        strideT.push_back(torch::full({h * w, 1}, static_cast<double>(strides[i]), opts));
    }
    return {torch::cat(points, 0), torch::cat(strideT, 0)};
}

int64_t countParameters(torch::nn::Module& m)
{
    int64_t n = 0;
    for (const auto& p : m.parameters())
        n += p.numel();
    return n;
}

int64_t countGradients(torch::nn::Module& m)
{
    int64_t n = 0;
    for (const auto& p : m.parameters())
        if (p.requires_grad())
            n += p.numel();
    return n;
}

std::array<std::vector<torch::Tensor>, 3> parameterGroups(torch::nn::Module& model)
{
    std::array<std::vector<torch::Tensor>, 3> g;
    for (auto& p : model.named_parameters(true)) {
        if (!p.value().requires_grad())
            continue;
        const std::string& name = p.key();
        const bool bias = name.size() >= 5 && name.compare(name.size() - 5, 5, ".bias") == 0;
        g[bias ? 2 : p.value().dim() == 1 ? 1 : 0].push_back(p.value());
    }
    return g;
}

void toChannelsLast(torch::nn::Module& m)
{
    torch::NoGradGuard ng;
    for (auto& p : m.parameters())
        if (p.dim() == 4)
            p.set_data(p.data().contiguous(torch::MemoryFormat::ChannelsLast));
    for (auto& b : m.buffers())
        if (b.dim() == 4)
            b.set_data(b.data().contiguous(torch::MemoryFormat::ChannelsLast));
}

torch::Tensor prepareImages(const torch::Tensor& images, const torch::Device& device, bool channelsLast)
{
    // to(kFloat32) keeps the memory format, so the layout change (if any) is the last step.
    torch::Tensor x = images.to(device, /*non_blocking=*/true).to(torch::kFloat32).div_(255.0);
    return x.contiguous(channelsLast ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous);
}

}  // namespace ys
