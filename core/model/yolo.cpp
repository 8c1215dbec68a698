// YOLOv8 modules and the detection model built from a resolved ModelSpec.
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

C2fImpl::C2fImpl(int c1, int c2, int n, bool shortcut, int g, double e)
{
    c = static_cast<int>(c2 * e);
    cv1 = register_module("cv1", Conv(c1, 2 * c, 1, 1));
    cv2 = register_module("cv2", Conv((2 + n) * c, c2, 1));
    m = register_module("m", torch::nn::ModuleList());
    for (int i = 0; i < n; ++i) {
        blocks.push_back(Bottleneck(c, c, shortcut, g, 1.0));
        m->push_back(blocks.back());
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
        last = b->forward(last);
        ys.push_back(last);
    }
    return cv2->forward(torch::cat(ys, 1));
}

SPPFImpl::SPPFImpl(int c1, int c2, int k)
{
    const int c = c1 / 2;
    cv1 = register_module("cv1", Conv(c1, c, 1, 1));
    cv2 = register_module("cv2", Conv(c * 4, c2, 1, 1));
    m = register_module("m", torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(k).stride(1).padding(k / 2)));
}

torch::Tensor SPPFImpl::forward(const torch::Tensor& x)
{
    auto y0 = cv1->forward(x);
    auto y1 = m->forward(y0);
    auto y2 = m->forward(y1);
    auto y3 = m->forward(y2);
    return cv2->forward(torch::cat({y0, y1, y2, y3}, 1));
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

DetectImpl::DetectImpl(int nc, const std::vector<int>& ch, int regMax) : nc(nc), regMax(regMax)
{
    const int c2 = std::max({16, ch.at(0) / 4, regMax * 4});
    const int c3 = std::max(ch.at(0), std::min(nc, 100));
    cv2 = register_module("cv2", torch::nn::ModuleList());
    cv3 = register_module("cv3", torch::nn::ModuleList());
    for (int x : ch) {
        Branch bx{Conv(x, c2, 3), Conv(c2, c2, 3), torch::nn::Conv2d(torch::nn::Conv2dOptions(c2, 4 * regMax, 1))};
        cv2->push_back(torch::nn::Sequential(bx.a, bx.b, bx.out));
        box.push_back(bx);
        Branch cl{Conv(x, c3, 3), Conv(c3, c3, 3), torch::nn::Conv2d(torch::nn::Conv2dOptions(c3, nc, 1))};
        cv3->push_back(torch::nn::Sequential(cl.a, cl.b, cl.out));
        cls.push_back(cl);
    }
    dfl = register_module("dfl", DFL(regMax));
}

std::vector<torch::Tensor> DetectImpl::forward(const std::vector<torch::Tensor>& xs)
{
    TORCH_CHECK(xs.size() == box.size(), "Detect expects ", box.size(), " feature maps, got ", xs.size());
    std::vector<torch::Tensor> out;
    out.reserve(xs.size());
    for (size_t i = 0; i < xs.size(); ++i)
        out.push_back(torch::cat({box[i].run(xs[i]), cls[i].run(xs[i])}, 1));
    return out;
}

void DetectImpl::initBiases(const std::vector<int64_t>& strides)
{
    torch::NoGradGuard ng;
    for (size_t i = 0; i < box.size(); ++i) {
        box[i].out->bias.fill_(1.0);
        const double cells = 640.0 / static_cast<double>(strides.at(i));
        cls[i].out->bias.fill_(std::log(5.0 / nc / (cells * cells)));  // ~0.01 prior over 5 objects per 640 image
    }
}

// ---------------------------------------------------------------------------------------------------------
// Model


DetectionModelImpl::DetectionModelImpl(const ModelSpec& spec) : spec_(spec)
{
    TORCH_CHECK(!spec_.layers.empty() && spec_.layers.back().kind == LayerKind::Detect,
                "DetectionModel: the spec must end with Detect (use loadModelSpec)");
    model_ = register_module("model", torch::nn::ModuleList());
    std::vector<bool> save(spec_.layers.size(), false);
    for (int s : spec_.save)
        save.at(static_cast<size_t>(s)) = true;
    for (const auto& L : spec_.layers) {
        std::shared_ptr<torch::nn::Module> m;
        switch (L.kind) {
        case LayerKind::Conv: {
            Conv c(L.c1, L.c2, L.k, L.s, L.p, L.g, L.d, L.act);
            model_->push_back(c);
            m = c.ptr();
            break;
        }
        case LayerKind::C2f: {
            C2f c(L.c1, L.c2, L.repeats, L.shortcut, L.g, L.e);
            model_->push_back(c);
            m = c.ptr();
            break;
        }
        case LayerKind::SPPF: {
            SPPF c(L.c1, L.c2, L.k);
            model_->push_back(c);
            m = c.ptr();
            break;
        }
        case LayerKind::Upsample: {
            Upsample c(L.scaleFactor);
            model_->push_back(c);
            m = c.ptr();
            break;
        }
        case LayerKind::Concat: {
            Concat c;
            model_->push_back(c);
            m = c.ptr();
            break;
        }
        case LayerKind::Detect: {
            detect_ = Detect(spec_.nc, L.chIn, spec_.regMax);
            model_->push_back(detect_);
            m = detect_.ptr();
            break;
        }
        }
        layers_.push_back(Layer{L.kind, L.from, save[static_cast<size_t>(L.index)], std::move(m)});
    }
    maxStride_ = *std::max_element(spec_.strides.begin(), spec_.strides.end());
    detect_->initBiases(spec_.strides);
}

std::vector<torch::Tensor> DetectionModelImpl::forward(torch::Tensor x)
{
    TORCH_CHECK(x.dim() == 4 && x.size(1) == 3, "DetectionModel expects [B, 3, H, W], got ", x.sizes());
    TORCH_CHECK(x.size(2) % maxStride_ == 0 && x.size(3) % maxStride_ == 0,
                "DetectionModel: image height and width must be multiples of ", maxStride_, ", got ", x.size(3), "x",
                x.size(2));
    std::vector<torch::Tensor> saved(layers_.size());
    torch::Tensor cur = x;
    const int n = static_cast<int>(layers_.size());
    auto input = [&](int i, int r) -> const torch::Tensor& { return (r < 0 || r == i - 1) ? cur : saved[static_cast<size_t>(r)]; };
    for (int i = 0; i < n; ++i) {
        Layer& L = layers_[static_cast<size_t>(i)];
        switch (L.kind) {
        case LayerKind::Conv:
            cur = static_cast<ConvImpl&>(*L.module).forward(input(i, L.from[0]));
            break;
        case LayerKind::C2f:
            cur = static_cast<C2fImpl&>(*L.module).forward(input(i, L.from[0]));
            break;
        case LayerKind::SPPF:
            cur = static_cast<SPPFImpl&>(*L.module).forward(input(i, L.from[0]));
            break;
        case LayerKind::Upsample:
            cur = static_cast<UpsampleImpl&>(*L.module).forward(input(i, L.from[0]));
            break;
        case LayerKind::Concat: {
            std::vector<torch::Tensor> xs;
            xs.reserve(L.from.size());
            for (int r : L.from)
                xs.push_back(input(i, r));
            cur = torch::cat(xs, 1);
            break;
        }
        case LayerKind::Detect: {
            std::vector<torch::Tensor> xs;
            xs.reserve(L.from.size());
            for (int r : L.from)
                xs.push_back(input(i, r));
            return detect_->forward(xs);
        }
        }
        if (L.save)
            saved[static_cast<size_t>(i)] = cur;
    }
    TORCH_CHECK(false, "DetectionModel: no Detect layer");
}

void DetectionModelImpl::fuse()
{
    for (const auto& m : modules(/*include_self=*/false))
        if (auto* c = dynamic_cast<ConvImpl*>(m.get()))
            c->fuse();
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
    auto dist = detect_->dfl->forward(x.narrow(1, 0, 4 * rm));  // [B, 4, A] ltrb in grid units
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
