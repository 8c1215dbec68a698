// The ONNX graph of a fused DetectionModel, module by module, and the two checks every export runs: ONNX's
// checker (LibTorch's copy) and OpenCV DNN against LibTorch.
#include "export/internal/onnxgraph.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>


#include <algorithm>
#include <cmath>
#include <numeric>
#include <variant>

namespace ys {
namespace {

using onnx::Attribute;
using onnx::ElemType;
using onnx::GraphBuilder;
using onnx::intAttr;
using onnx::intsAttr;
using onnx::stringAttr;

std::vector<float> valuesOf(const torch::Tensor& t)
{
    const torch::Tensor c = t.detach().to(torch::kCPU, torch::kFloat).contiguous();
    return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
}

std::vector<int64_t> dimsOf(const torch::Tensor& t) { return t.sizes().vec(); }

// A 4-D activation [B, c, h, w] by name (B is the graph's batch).
struct T {
    std::string name;
    int64_t c = 0, h = 0, w = 0;
};

class Emitter {
public:
    Emitter(GraphBuilder& b, const OnnxGraphOptions& o) : b_(b), o_(o) {}

    // Names the nodes and initializers made inside it after a module path part: Scope s(*this, "cv1").
    struct Scope {
        Scope(Emitter& e, const std::string& part) : b(e.b_) { b.push(part); }
        ~Scope() { b.pop(); }
        GraphBuilder& b;
    };

    T run(DetectionModelImpl& model, const std::string& input);

private:
    std::string param(const std::string& leaf) { return b_.scope('.') + "." + leaf; }

    // Reshape to `dims` ([B, ...] static) or `dynamicDims` (0 copies the input's dimension, -1 is inferred).
    std::string reshape(const std::string& x, std::vector<int64_t> dims, std::vector<int64_t> dynamicDims)
    {
        const auto& d = o_.dynamic ? dynamicDims : dims;
        const std::string shape = b_.int64s(b_.scope('/') + "/shape", {static_cast<int64_t>(d.size())}, d);
        return b_.op("Reshape", {x, shape});
    }

    std::string silu(const std::string& x) { return b_.op("Mul", {x, b_.op("Sigmoid", {x})}); }

    // Conv2d with the given weight/bias; output size from the kernel geometry.
    T conv2d(const T& x, const torch::Tensor& weight, const torch::Tensor& bias, int64_t stride, int64_t pad,
             int64_t dilation, int64_t groups)
    {
        const int64_t k = weight.size(2);
        std::vector<std::string> in{x.name, b_.floats(param("weight"), dimsOf(weight), valuesOf(weight))};
        if (bias.defined())
            in.push_back(b_.floats(param("bias"), dimsOf(bias), valuesOf(bias)));
        T y;
        y.name = b_.op("Conv", in,
                       {intsAttr("dilations", {dilation, dilation}), intAttr("group", groups),
                        intsAttr("kernel_shape", {k, weight.size(3)}), intsAttr("pads", {pad, pad, pad, pad}),
                        intsAttr("strides", {stride, stride})});
        y.c = weight.size(0);
        y.h = (x.h + 2 * pad - dilation * (k - 1) - 1) / stride + 1;
        y.w = (x.w + 2 * pad - dilation * (weight.size(3) - 1) - 1) / stride + 1;
        return y;
    }

    // A fused Conv (conv + folded BatchNorm + SiLU) in the current scope: "<scope>.conv.weight".
    T convBody(ConvImpl& c, const T& x)
    {
        TORCH_CHECK(c.fused, "ONNX export: ", b_.scope('.'), " is not fused");
        T y;
        {
            Scope sc(*this, "conv");
            y = conv2d(x, c.conv->weight, c.fusedBias, c.stride, c.padding, c.dilation, c.groups);
        }
        if (c.act)
            y.name = silu(y.name);
        return y;
    }

    T conv(const std::string& name, ConvImpl& c, const T& x)
    {
        Scope s(*this, name);
        return convBody(c, x);
    }

    T plainConv(const std::string& name, torch::nn::Conv2dImpl& c, const T& x)
    {
        Scope s(*this, name);
        const auto& opt = c.options;
        const auto* pad = std::get_if<torch::ExpandingArray<2>>(&opt.padding());
        TORCH_CHECK(pad, "ONNX export: ", b_.scope('.'), " has a string padding");
        return conv2d(x, c.weight, c.bias, (*opt.stride())[0], (**pad)[0], (*opt.dilation())[0], opt.groups());
    }

    std::vector<std::string> split(const std::string& x, int64_t axis, const std::vector<int64_t>& sizes)
    {
        const int n = static_cast<int>(sizes.size());
        bool equal = true;
        for (int64_t s : sizes)
            equal = equal && s == sizes[0];
        if (equal)   // no sizes: equal parts, the same in every opset and what OpenCV 4.6 reads best
            return b_.ops("Split", {x}, n, {intAttr("axis", axis)});
        if (o_.opset < 13)
            return b_.ops("Split", {x}, n, {intAttr("axis", axis), intsAttr("split", sizes)});
        // Opset 13 moved the sizes to an input, which OpenCV 4.6 ignores (it splits equally): slices instead.
        std::vector<std::string> out;
        int64_t offset = 0;
        for (int64_t s : sizes) {
            const std::string scope = b_.scope('/');
            out.push_back(b_.op("Slice", {x, b_.int64s(scope + "/starts", {1}, {offset}),
                                          b_.int64s(scope + "/ends", {1}, {offset + s}),
                                          b_.int64s(scope + "/axes", {1}, {axis})}));
            offset += s;
        }
        return out;
    }

    std::vector<T> splitChannels(const T& x, const std::vector<int64_t>& sizes)
    {
        auto names = split(x.name, 1, sizes);
        std::vector<T> out;
        for (size_t i = 0; i < names.size(); ++i)
            out.push_back(T{names[i], sizes[i], x.h, x.w});
        return out;
    }

    T concat(const std::vector<T>& xs)
    {
        std::vector<std::string> names;
        T y{"", 0, xs.at(0).h, xs.at(0).w};
        for (const T& x : xs) {
            names.push_back(x.name);
            y.c += x.c;
        }
        y.name = b_.op("Concat", names, {intAttr("axis", 1)});
        return y;
    }

    T add(const T& a, const T& b) { return T{b_.op("Add", {a.name, b.name}), a.c, a.h, a.w}; }

    T maxPool(const T& x, int64_t k, int64_t s, int64_t p)
    {
        T y{"", x.c, (x.h + 2 * p - k) / s + 1, (x.w + 2 * p - k) / s + 1};
        y.name = b_.op("MaxPool", {x.name}, {intAttr("ceil_mode", 0), intsAttr("kernel_shape", {k, k}),
                                             intsAttr("pads", {p, p, p, p}), intsAttr("strides", {s, s})});
        return y;
    }

    T maxPool(const T& x, torch::nn::MaxPool2dImpl& m)
    {
        const auto& o = m.options;
        return maxPool(x, (*o.kernel_size())[0], (*o.stride())[0], (*o.padding())[0]);
    }

    // 2x2 average pool, stride 1, no padding (AConv, ADown).
    T avgPool2(const T& x)
    {
        T y{"", x.c, x.h - 1, x.w - 1};
        y.name = b_.op("AveragePool", {x.name}, {intAttr("ceil_mode", 0), intsAttr("kernel_shape", {2, 2}),
                                                 intsAttr("pads", {0, 0, 0, 0}), intsAttr("strides", {1, 1})});
        return y;
    }

    // Nearest-neighbour resize by an integer factor, as torch's upsample_nearest2d (asymmetric, floor).
    T upsample(const T& x, int64_t factor)
    {
        const std::string scope = b_.scope('/');
        const std::string roi = b_.floats(scope + "/roi", {0}, {}, ElemType::Float);
        const std::string scales = b_.floats(scope + "/scales", {4}, {1.f, 1.f, float(factor), float(factor)},
                                             ElemType::Float);
        T y{"", x.c, x.h * factor, x.w * factor};
        y.name = b_.op("Resize", {x.name, roi, scales},
                       {stringAttr("coordinate_transformation_mode", "asymmetric"), stringAttr("mode", "nearest"),
                        stringAttr("nearest_mode", "floor")});
        return y;
    }

    T bottleneck(const std::string& name, BottleneckImpl& m, const T& x)
    {
        Scope s(*this, name);
        T y = conv("cv2", *m.cv2, conv("cv1", *m.cv1, x));
        return m.add ? add(y, x) : y;
    }

    T repConv(const std::string& name, RepConvImpl& m, const T& x)
    {
        TORCH_CHECK(m.merged, "ONNX export: RepConv ", b_.scope('.'), ".", name, " is not merged");
        Scope s(*this, name);
        T y = conv("conv1", *m.conv1, x);   // conv1 holds both branches; SiLU after the sum
        y.name = silu(y.name);
        return y;
    }

    T repBottleneck(const std::string& name, RepBottleneckImpl& m, const T& x)
    {
        Scope s(*this, name);
        T y = conv("cv2", *m.cv2, repConv("cv1", *m.cv1, x));
        return m.add ? add(y, x) : y;
    }

    T c3(const std::string& name, C3Impl& m, const T& x)
    {
        Scope s(*this, name);
        T a = conv("cv1", *m.cv1, x);
        {
            Scope sm(*this, "m");
            for (size_t i = 0; i < m.m->size(); ++i) {
                const auto mod = m.m->ptr(i);
                if (auto* bn = dynamic_cast<BottleneckImpl*>(mod.get()))
                    a = bottleneck(std::to_string(i), *bn, a);
                else if (auto* rb = dynamic_cast<RepBottleneckImpl*>(mod.get()))
                    a = repBottleneck(std::to_string(i), *rb, a);
                else
                    TORCH_CHECK(false, "ONNX export: unexpected block in ", b_.scope('.'));
            }
        }
        return conv("cv3", *m.cv3, concat({a, conv("cv2", *m.cv2, x)}));
    }

    T c2f(C2fImpl& m, const T& x)
    {
        std::vector<T> ys = splitChannels(conv("cv1", *m.cv1, x), {m.c, m.c});
        {
            Scope sm(*this, "m");
            for (size_t i = 0; i < m.m->size(); ++i) {
                const auto mod = m.m->ptr(i);
                if (auto* bn = dynamic_cast<BottleneckImpl*>(mod.get()))
                    ys.push_back(bottleneck(std::to_string(i), *bn, ys.back()));
                else if (auto* c = dynamic_cast<C3Impl*>(mod.get()))
                    ys.push_back(c3(std::to_string(i), *c, ys.back()));
                else if (auto* seq = dynamic_cast<torch::nn::SequentialImpl*>(mod.get()))
                    ys.push_back(bottleneckPsa(std::to_string(i), *seq, ys.back()));
                else
                    TORCH_CHECK(false, "ONNX export: unexpected block in ", b_.scope('.'));
            }
        }
        return conv("cv2", *m.cv2, concat(ys));
    }

    // YOLO26's attention block of C3k2 (attn): Sequential(Bottleneck, PSABlock), named m.i.0 and m.i.1.
    T bottleneckPsa(const std::string& name, torch::nn::SequentialImpl& seq, const T& x)
    {
        Scope s(*this, name);
        auto* bn = seq.size() == 2 ? dynamic_cast<BottleneckImpl*>(seq.ptr(0).get()) : nullptr;
        auto* psa = seq.size() == 2 ? dynamic_cast<PSABlockImpl*>(seq.ptr(1).get()) : nullptr;
        TORCH_CHECK(bn && psa, "ONNX export: unexpected attention block in ", b_.scope('.'));
        return psaBlock("1", *psa, bottleneck("0", *bn, x));
    }

    T attention(AttentionImpl& m, const T& x)
    {
        const int64_t heads = m.heads, kd = m.keyDim, hd = m.headDim, n = x.h * x.w;
        const std::string xShape = o_.dynamic ? b_.op("Shape", {x.name}) : std::string();
        // The 1/sqrt(key dim) scale of q^T k is folded into q's rows of the qkv convolution: one op less, and
        // OpenCV 4.6 computes a two-input MatMul followed by a Mul wrongly (checked on YOLO11n).
        T qkv;
        {
            TORCH_CHECK(m.qkv->fused && !m.qkv->act, "ONNX export: attention qkv is not a fused linear Conv");
            Scope sq(*this, "qkv");
            Scope sc(*this, "conv");
            torch::Tensor w = m.qkv->conv->weight.detach().clone(), bias = m.qkv->fusedBias.detach().clone();
            for (int64_t h = 0; h < heads; ++h) {
                w.narrow(0, h * (2 * kd + hd), kd).mul_(m.scale);
                bias.narrow(0, h * (2 * kd + hd), kd).mul_(m.scale);
            }
            qkv = conv2d(x, w, bias, m.qkv->stride, m.qkv->padding, m.qkv->dilation, m.qkv->groups);
        }
        auto parts = split(reshape(qkv.name, {o_.batch, heads, 2 * kd + hd, n}, {0, heads, 2 * kd + hd, -1}), 2,
                           {kd, kd, hd});
        const std::string qt = b_.op("Transpose", {parts[0]}, {intsAttr("perm", {0, 1, 3, 2})});
        std::string attn = b_.op("MatMul", {qt, parts[1]});
        attn = b_.op("Softmax", {attn}, {intAttr("axis", 3)});   // the last axis, so opset < 13's 2-D view agrees
        const std::string at = b_.op("Transpose", {attn}, {intsAttr("perm", {0, 1, 3, 2})});
        auto backToImage = [&](const std::string& t) {
            if (o_.dynamic)
                return b_.op("Reshape", {t, xShape});
            return reshape(t, {o_.batch, x.c, x.h, x.w}, {});
        };
        T y{backToImage(b_.op("MatMul", {parts[2], at})), x.c, x.h, x.w};
        T pe = conv("pe", *m.pe, T{backToImage(parts[2]), x.c, x.h, x.w});
        return conv("proj", *m.proj, add(y, pe));
    }

    T psaBlock(const std::string& name, PSABlockImpl& m, const T& x)
    {
        Scope s(*this, name);
        T y;
        {
            Scope sa(*this, "attn");
            y = add(x, attention(*m.attn, x));
        }
        Scope sf(*this, "ffn");
        return add(y, conv("1", *m.ffn2, conv("0", *m.ffn1, y)));
    }

    T c2psa(C2PSAImpl& m, const T& x)
    {
        auto ab = splitChannels(conv("cv1", *m.cv1, x), {m.c, m.c});
        T b = ab[1];
        {
            Scope sm(*this, "m");
            for (size_t i = 0; i < m.m->size(); ++i)
                b = psaBlock(std::to_string(i), *m.m->ptr<PSABlockImpl>(i), b);
        }
        return conv("cv2", *m.cv2, concat({ab[0], b}));
    }

    T sppf(SPPFImpl& m, const T& x)
    {
        std::vector<T> ys{conv("cv1", *m.cv1, x)};
        {
            Scope sm(*this, "m");
            for (int i = 0; i < m.pools; ++i)
                ys.push_back(maxPool(ys.back(), *m.m));
        }
        T y = conv("cv2", *m.cv2, concat(ys));
        return m.add ? add(y, x) : y;  // YOLO26's residual SPPF
    }

    T sppelan(SPPELANImpl& m, const T& x)
    {
        std::vector<T> ys{conv("cv1", *m.cv1, x)};
        const std::pair<const char*, torch::nn::MaxPool2d*> pools[] = {{"cv2", &m.cv2}, {"cv3", &m.cv3}, {"cv4", &m.cv4}};
        for (const auto& [name, pool] : pools) {
            Scope sp(*this, name);
            ys.push_back(maxPool(ys.back(), **pool));
        }
        return conv("cv5", *m.cv5, concat(ys));
    }

    // One ELAN branch (cv2 / cv3): a Conv (ELAN1) or RepCSP + Conv (RepNCSPELAN4).
    T elanBranch(const std::string& name, torch::nn::Module& branch, const T& x)
    {
        if (auto* c = dynamic_cast<ConvImpl*>(&branch))
            return conv(name, *c, x);
        auto* seq = dynamic_cast<torch::nn::SequentialImpl*>(&branch);
        TORCH_CHECK(seq && seq->size() == 2, "ONNX export: unexpected ELAN branch ", b_.scope('.'), ".", name);
        Scope s(*this, name);
        T y = c3("0", *seq->ptr<C3Impl>(0), x);
        return conv("1", *seq->ptr<ConvImpl>(1), y);
    }

    T elan(ELANImpl& m, const T& x)
    {
        std::shared_ptr<torch::nn::Module> cv2, cv3;
        for (const auto& child : m.named_children()) {
            if (child.key() == "cv2")
                cv2 = child.value();
            else if (child.key() == "cv3")
                cv3 = child.value();
        }
        TORCH_CHECK(cv2 && cv3, "ONNX export: ELAN without cv2/cv3 at ", b_.scope('.'));
        std::vector<T> ys = splitChannels(conv("cv1", *m.cv1, x), {m.c3 - m.c3 / 2, m.c3 / 2});
        ys.push_back(elanBranch("cv2", *cv2, ys.back()));
        ys.push_back(elanBranch("cv3", *cv3, ys.back()));
        return conv("cv4", *m.cv4, concat(ys));
    }

    T adown(ADownImpl& m, const T& x)
    {
        T p = avgPool2(x);
        auto halves = splitChannels(p, {p.c - p.c / 2, p.c / 2});
        T a = conv("cv1", *m.cv1, halves[0]);
        T b = conv("cv2", *m.cv2, maxPool(halves[1], 3, 2, 1));
        return concat({a, b});
    }

    // Channels [offset, offset + size) of x.
    T sliceChannels(const T& x, int64_t offset, int64_t size)
    {
        const std::string scope = b_.scope('/');
        T y{"", size, x.h, x.w};
        y.name = b_.op("Slice", {x.name, b_.int64s(scope + "/starts", {1}, {offset}),
                                 b_.int64s(scope + "/ends", {1}, {offset + size}), b_.int64s(scope + "/axes", {1}, {1})});
        return y;
    }

    T detect(DetectImpl& d, const std::vector<T>& xs, const std::vector<int64_t>& strides);
    // One branch (cv2: boxes, cv3: classes; dw: YOLO11's depthwise class branch) of a Detect level.
    T headBranch(const std::string& name, size_t level, DetectImpl::Branch& br, bool dw, const T& x);
    // [B, 4, n] distances in grid units from `box` ([B, 4*rm, n]; n = -1 for a dynamic level): the DFL
    // expectation, or with reg_max 1 (YOLO26) the box branch's output itself.
    std::string distances(const std::string& box, int64_t n, int64_t rm);
    // [B, 4 + nc, n]: boxes in pixels from the distances, then the classes' sigmoid. The boxes are (centre,
    // size) for the Decoded head, corners (x1, y1, x2, y2) for the one-to-one heads; `negStride` = -stride
    // (corners only: OpenCV 4.6 subtracts from a constant wrongly, so the left/top side is a Mul and an Add).
    std::string decodedBoxes(const std::string& dist, const std::string& anchors, const std::string& stride,
                             const std::string& negStride, const std::string& classLogits);
    // The end-to-end selection of [B, 4 + nc, A] corners and scores: [B, k, 6] (see OnnxHead::EndToEnd).
    std::string topK(const std::string& pred, int64_t k, int64_t nc);
    // The head's output from the levels' [B, 4*rm + nc, h*w]: static shapes (OpenCV's) or dynamic ones.
    std::string decodeStatic(const std::vector<std::string>& levels, const std::vector<T>& xs,
                             const std::vector<int64_t>& strides, int64_t rm, int64_t nc);
    std::string decodeDynamic(const std::vector<std::string>& levels, const std::vector<T>& xs,
                              const std::vector<int64_t>& strides, int64_t rm, int64_t nc);

    GraphBuilder& b_;
    const OnnxGraphOptions& o_;
};

T Emitter::detect(DetectImpl& d, const std::vector<T>& xs, const std::vector<int64_t>& strides)
{
    const int64_t rm = d.regMax, nc = d.nc, no = nc + 4 * rm;
    const bool oneToOne = o_.head != OnnxHead::Decoded;
    TORCH_CHECK(!oneToOne || d.endToEnd(), "ONNX export: the head has no one-to-one branches (not end-to-end)");
    auto& boxes = oneToOne ? d.box1 : d.box;
    auto& classes = oneToOne ? d.cls1 : d.cls;
    const std::string prefix = oneToOne ? "one2one_" : "";
    // Per level: cat(box branch, class branch) flattened to [B, no, h*w].
    std::vector<std::string> levels;
    for (size_t l = 0; l < xs.size(); ++l) {
        const bool dw = classes[l].convs.size() == 4;
        T box = headBranch(prefix + "cv2", l, boxes[l], false, xs[l]);
        T cls = headBranch(prefix + "cv3", l, classes[l], dw, xs[l]);
        const std::string cat = b_.op("Concat", {box.name, cls.name}, {intAttr("axis", 1)});
        levels.push_back(reshape(cat, {o_.batch, no, box.h * box.w}, {0, no, -1}));
    }
    const std::string out = o_.dynamic ? decodeDynamic(levels, xs, strides, rm, nc)
                                       : decodeStatic(levels, xs, strides, rm, nc);
    if (o_.head != OnnxHead::EndToEnd)
        return T{out, 4 + nc, 1, 0};
    int64_t anchors = 0;
    for (int64_t s : strides)
        anchors += (o_.height / s) * (o_.width / s);
    const int64_t k = std::min<int64_t>(o_.maxDet, anchors);
    return T{topK(out, k, nc), 6, 1, 0};
}

T Emitter::headBranch(const std::string& name, size_t level, DetectImpl::Branch& br, bool dw, const T& x)
{
    Scope s(*this, name);
    Scope sl(*this, std::to_string(level));
    T y = x;
    for (size_t i = 0; i < br.convs.size(); ++i) {
        const std::string part = dw ? std::to_string(i / 2) + "." + std::to_string(i % 2) : std::to_string(i);
        y = conv(part, *br.convs[i], y);
    }
    return plainConv(std::to_string(dw ? 2 : br.convs.size()), *br.out, y);
}

std::string Emitter::distances(const std::string& box, int64_t n, int64_t rm)
{
    if (rm == 1)
        return box;
    // Softmax over the reg_max bins (last axis), expectation with 0..reg_max-1 -> [B, 4, n] grid units.
    Scope s(*this, "dfl");
    std::vector<float> proj(static_cast<size_t>(rm));
    for (int64_t i = 0; i < rm; ++i)
        proj[static_cast<size_t>(i)] = static_cast<float>(i);
    std::string t = b_.op("Transpose", {reshape(box, {o_.batch, 4, rm, n}, {0, 4, rm, -1})},
                          {intsAttr("perm", {0, 1, 3, 2})});
    t = b_.op("Softmax", {t}, {intAttr("axis", 3)});
    t = b_.op("MatMul", {t, b_.floats(param("conv.weight"), {rm, 1}, proj)});
    return reshape(t, {o_.batch, 4, n}, {0, 4, -1});
}

std::string Emitter::decodedBoxes(const std::string& dist, const std::string& anchors, const std::string& stride,
                                  const std::string& negStride, const std::string& classLogits)
{
    auto ltrb = split(dist, 1, {2, 2});
    if (o_.head != OnnxHead::Decoded) {   // x1y1 = anchor - lt * stride, x2y2 = anchor + rb * stride
        const std::string x1y1 = b_.op("Add", {b_.op("Mul", {ltrb[0], negStride}), anchors});
        const std::string x2y2 = b_.op("Add", {b_.op("Mul", {ltrb[1], stride}), anchors});
        return b_.op("Concat", {x1y1, x2y2, b_.op("Sigmoid", {classLogits})}, {intAttr("axis", 1)});
    }
    // Centre = anchor + (rb - lt) / 2 * stride, size = (lt + rb) * stride; then the class scores.
    const std::string half = b_.op("Mul", {b_.op("Mul", {b_.op("Sub", {ltrb[1], ltrb[0]}), stride}), b_.scalar(0.5f)});
    const std::string c = b_.op("Add", {half, anchors});   // the constant second: OpenCV folds it into a bias
    const std::string wh = b_.op("Mul", {b_.op("Add", {ltrb[0], ltrb[1]}), stride});
    return b_.op("Concat", {c, wh, b_.op("Sigmoid", {classLogits})}, {intAttr("axis", 1)});
}

std::string Emitter::decodeStatic(const std::vector<std::string>& levels, const std::vector<T>& xs,
                                  const std::vector<int64_t>& strides, int64_t rm, int64_t nc)
{
    // One decode over all anchors; anchor centres ([B, 2, A]) and strides ([1, 2, A]) precomputed: OpenCV 4.6
    // cannot add two constants, nor broadcast a [1, 1, A] stride over two rows.
    int64_t a = 0;
    for (const T& x : xs)
        a += x.h * x.w;
    std::vector<float> anchorPx(static_cast<size_t>(2 * a)), strideRows(static_cast<size_t>(2 * a));
    size_t k = 0;
    for (size_t l = 0; l < xs.size(); ++l) {
        const auto s = static_cast<float>(strides[l]);
        for (int64_t y = 0; y < xs[l].h; ++y)
            for (int64_t x = 0; x < xs[l].w; ++x, ++k) {
                anchorPx[k] = (static_cast<float>(x) + 0.5f) * s;
                anchorPx[static_cast<size_t>(a) + k] = (static_cast<float>(y) + 0.5f) * s;
                strideRows[k] = strideRows[static_cast<size_t>(a) + k] = s;
            }
    }
    const std::string all = b_.op("Concat", levels, {intAttr("axis", 2)});
    auto parts = split(all, 1, {4 * rm, nc});
    // OpenCV 4.6 adds a constant only of the input's full shape (it multiplies by a broadcast one): the anchors
    // carry the batch dimension.
    std::vector<float> anchorRows;
    for (int64_t b = 0; b < o_.batch; ++b)
        anchorRows.insert(anchorRows.end(), anchorPx.begin(), anchorPx.end());
    const std::string anchors = b_.floats(b_.scope('/') + "/anchors", {o_.batch, 2, a}, anchorRows);
    const std::string stride = b_.floats(b_.scope('/') + "/strides", {1, 2, a}, strideRows);
    std::string negStride;
    if (o_.head != OnnxHead::Decoded) {
        std::vector<float> negRows(strideRows.size());
        std::transform(strideRows.begin(), strideRows.end(), negRows.begin(), [](float s) { return -s; });
        negStride = b_.floats(b_.scope('/') + "/neg_strides", {1, 2, a}, negRows);
    }
    return decodedBoxes(distances(parts[0], a, rm), anchors, stride, negStride, parts[1]);
}

std::string Emitter::decodeDynamic(const std::vector<std::string>& levels, const std::vector<T>& xs,
                                   const std::vector<int64_t>& strides, int64_t rm, int64_t nc)
{
    // Each level decoded on its own, its anchors made from its feature map's shape.
    std::vector<std::string> decoded;
    for (size_t l = 0; l < levels.size(); ++l) {
        Scope s(*this, "level" + std::to_string(l));
        const std::string scope = b_.scope('/');
        auto parts = split(levels[l], 1, {4 * rm, nc});
        const std::string shape = b_.op("Shape", {xs[l].name});
        auto dimAt = [&](int64_t i) {
            return b_.op("Gather", {shape, b_.int64s(scope + "/index", {}, {i})}, {intAttr("axis", 0)});
        };
        const std::string h = dimAt(2), w = dimAt(3);
        auto centres = [&](const std::string& n) {   // 0.5, 1.5, ..., n - 0.5 as float32
            const std::string half = b_.floats(scope + "/half", {}, {0.5f}, ElemType::Float);
            const std::string one = b_.floats(scope + "/one", {}, {1.0f}, ElemType::Float);
            const std::string limit = b_.op("Add", {b_.op("Cast", {n}, {intAttr("to", 1)}), half});
            return b_.op("Range", {half, limit, one});
        };
        const std::string hw = b_.op("Concat", {b_.op("Reshape", {h, b_.int64s(scope + "/shape", {1}, {1})}),
                                                 b_.op("Reshape", {w, b_.int64s(scope + "/shape", {1}, {1})})},
                                     {intAttr("axis", 0)});
        const std::string gx = b_.op("Expand", {b_.op("Reshape", {centres(w), b_.int64s(scope + "/shape", {2}, {1, -1})}), hw});
        const std::string gy = b_.op("Expand", {b_.op("Reshape", {centres(h), b_.int64s(scope + "/shape", {2}, {-1, 1})}), hw});
        const std::string row = b_.int64s(scope + "/shape", {3}, {1, 1, -1});
        std::string anchors = b_.op("Concat", {b_.op("Reshape", {gx, row}), b_.op("Reshape", {gy, row})},
                                    {intAttr("axis", 1)});   // [1, 2, h*w] grid units
        if (o_.half)
            anchors = b_.op("Cast", {anchors}, {intAttr("to", static_cast<int64_t>(ElemType::Float16))});
        const std::string stride = b_.floats(scope + "/stride", {}, {static_cast<float>(strides[l])});
        const std::string negStride = o_.head == OnnxHead::Decoded
                                          ? std::string()
                                          : b_.floats(scope + "/neg_stride", {}, {-static_cast<float>(strides[l])});
        anchors = b_.op("Mul", {anchors, stride});
        decoded.push_back(decodedBoxes(distances(parts[0], -1, rm), anchors, stride, negStride, parts[1]));
    }
    return decoded.size() == 1 ? decoded[0] : b_.op("Concat", decoded, {intAttr("axis", 2)});
}

std::string Emitter::topK(const std::string& pred, int64_t k, int64_t nc)
{
    // As Ultralytics 8.4's Detect.postprocess: the k anchors with the best top class, then the k best
    // (anchor, class) pairs among them; agnostic, the k anchors with the best top class, each with that class.
    // TopK sorts by value, the first index first among equal values; ArgMax takes the first of equal classes.
    Scope s(*this, "postprocess");
    const std::string scope = b_.scope('/');
    auto parts = split(b_.op("Transpose", {pred}, {intsAttr("perm", {0, 2, 1})}), 2, {4, nc});
    const std::string& boxes = parts[0];    // [B, A, 4]
    const std::string& scores = parts[1];   // [B, A, nc]
    const std::string kTensor = b_.int64s(scope + "/k", {1}, {k});
    const std::vector<Attribute> topAttrs{intAttr("axis", 1), intAttr("largest", 1), intAttr("sorted", 1)};
    // [B, k] -> [B, k, 1]; indices -> [B, k, width] for GatherElements along the anchors (Expand broadcasts B).
    auto column = [&](const std::string& x) { return reshape(x, {o_.batch, k, 1}, {0, k, 1}); };
    auto rows = [&](const std::string& index, int64_t width) {
        return b_.op("Expand", {column(index), b_.int64s(scope + "/expand", {3}, {1, k, width})});
    };
    const std::string best = b_.op("ReduceMax", {scores}, {intsAttr("axes", {2}), intAttr("keepdims", 0)});
    const auto toFloat = [&](const std::string& x) {
        return b_.op("Cast", {x}, {intAttr("to", static_cast<int64_t>(b_.floatType()))});
    };
    if (o_.agnostic) {
        const std::string label = b_.op("ArgMax", {scores}, {intAttr("axis", 2), intAttr("keepdims", 0)});
        auto top = b_.ops("TopK", {best, kTensor}, 2, topAttrs);   // [B, k] scores, anchors
        const std::string cls = toFloat(b_.op("GatherElements", {label, top[1]}, {intAttr("axis", 1)}));
        const std::string box = b_.op("GatherElements", {boxes, rows(top[1], 4)}, {intAttr("axis", 1)});
        return b_.op("Concat", {box, column(top[0]), column(cls)}, {intAttr("axis", 2)});
    }
    const std::string anchorIndex = b_.ops("TopK", {best, kTensor}, 2, topAttrs)[1];   // [B, k]
    const std::string candidates = b_.op("GatherElements", {scores, rows(anchorIndex, nc)}, {intAttr("axis", 1)});
    auto top = b_.ops("TopK", {reshape(candidates, {o_.batch, k * nc}, {0, -1}), kTensor}, 2, topAttrs);
    const std::string classCount = b_.int64s(scope + "/nc", {}, {nc});
    const std::string cls = toFloat(b_.op("Mod", {top[1], classCount}));
    const std::string anchor = b_.op("GatherElements", {anchorIndex, b_.op("Div", {top[1], classCount})},
                                     {intAttr("axis", 1)});
    const std::string box = b_.op("GatherElements", {boxes, rows(anchor, 4)}, {intAttr("axis", 1)});
    return b_.op("Concat", {box, column(top[0]), column(cls)}, {intAttr("axis", 2)});
}

T Emitter::run(DetectionModelImpl& model, const std::string& input)
{
    const ModelSpec& spec = model.spec();
    std::vector<T> outputs(spec.layers.size());
    T cur{input, 3, o_.height, o_.width};
    for (const LayerSpec& L : spec.layers) {
        const auto i = static_cast<size_t>(L.index);
        auto in = [&](int r) { return (r < 0 || r == L.index - 1) ? cur : outputs.at(static_cast<size_t>(r)); };
        Scope s(*this, "model." + std::to_string(L.index));   // as torch names it: /model.2/cv1/conv/Conv
        const auto module = model.layer(i);
        switch (L.kind) {
        case LayerKind::Conv: cur = convBody(dynamic_cast<ConvImpl&>(*module), in(L.from[0])); break;
        case LayerKind::C2f:
        case LayerKind::C3k2: cur = c2f(dynamic_cast<C2fImpl&>(*module), in(L.from[0])); break;
        case LayerKind::C2PSA: cur = c2psa(dynamic_cast<C2PSAImpl&>(*module), in(L.from[0])); break;
        case LayerKind::SPPF: cur = sppf(dynamic_cast<SPPFImpl&>(*module), in(L.from[0])); break;
        case LayerKind::SPPELAN: cur = sppelan(dynamic_cast<SPPELANImpl&>(*module), in(L.from[0])); break;
        case LayerKind::RepNCSPELAN4:
        case LayerKind::ELAN1: cur = elan(dynamic_cast<ELANImpl&>(*module), in(L.from[0])); break;
        case LayerKind::AConv: {
            auto& m = dynamic_cast<AConvImpl&>(*module);
            cur = conv("cv1", *m.cv1, avgPool2(in(L.from[0])));
            break;
        }
        case LayerKind::ADown: cur = adown(dynamic_cast<ADownImpl&>(*module), in(L.from[0])); break;
        case LayerKind::CBLinear: cur = plainConv("conv", *dynamic_cast<CBLinearImpl&>(*module).conv, in(L.from[0])); break;
        case LayerKind::CBFuse: {
            T target = in(L.from.back());
            T sum = target;
            for (size_t j = 0; j + 1 < L.from.size(); ++j) {
                const auto& lin = dynamic_cast<const CBLinearImpl&>(*model.layer(static_cast<size_t>(L.from[j])));
                int64_t offset = 0;
                for (int p = 0; p < L.pick[j]; ++p)
                    offset += lin.splits.at(static_cast<size_t>(p));
                T part = sliceChannels(in(L.from[j]), offset, lin.splits.at(static_cast<size_t>(L.pick[j])));
                if (part.h != target.h) {
                    TORCH_CHECK(target.h % part.h == 0 && target.h / part.h == target.w / part.w,
                                "ONNX export: CBFuse needs an integer resize factor");
                    part = upsample(part, target.h / part.h);
                }
                sum = add(sum, part);
            }
            cur = sum;
            break;
        }
        case LayerKind::Identity: cur = in(L.from[0]); break;
        case LayerKind::Upsample: cur = upsample(in(L.from[0]), L.scaleFactor); break;
        case LayerKind::Concat: {
            std::vector<T> xs;
            for (int r : L.from)
                xs.push_back(in(r));
            cur = concat(xs);
            break;
        }
        case LayerKind::Detect: {
            std::vector<T> xs;
            for (int r : L.from)
                xs.push_back(in(r));
            return detect(dynamic_cast<DetectImpl&>(*module), xs, spec.strides);
        }
        }
        outputs[i] = cur;
    }
    TORCH_CHECK(false, "ONNX export: the model has no Detect layer");
}

}  // namespace

onnx::Model buildOnnxModel(DetectionModelImpl& model, const OnnxGraphOptions& o, const onnx::DetectorMetadata& meta)
{
    TORCH_CHECK(o.opset >= 11 && o.opset <= 17, "ONNX export: opset ", o.opset, " is not 11..17");
    onnx::Model m;
    m.opset = o.opset;
    m.irVersion = onnx::irVersionForOpset(o.opset);
    m.producerName = "YOLO Studio";
    m.producerVersion = meta.version;
    m.graph.name = "main_graph";
    m.metadata = onnx::toMetadataProps(meta);
    // Ultralytics 8.4's key for which head the file runs (its AutoBackend skips NMS when True).
    m.metadata.emplace_back("end2end", o.head == OnnxHead::EndToEnd ? "True" : "False");
    const ElemType ft = o.half ? ElemType::Float16 : ElemType::Float;
    GraphBuilder b(m.graph, ft);
    onnx::ValueInfo in;
    in.name = "images";
    in.type = ft;
    onnx::ValueInfo out;
    out.name = "output0";
    out.type = ft;
    const int64_t no = 4 + model.nc();
    if (o.head == OnnxHead::EndToEnd) {
        const int64_t k = endToEndRows(model, o);
        in.shape = o.dynamic ? std::vector<onnx::Dim>{{-1, "batch"}, {3, ""}, {-1, "height"}, {-1, "width"}}
                             : std::vector<onnx::Dim>{{o.batch, ""}, {3, ""}, {o.height, ""}, {o.width, ""}};
        out.shape = {{o.dynamic ? -1 : o.batch, o.dynamic ? "batch" : ""}, {k, ""}, {6, ""}};
    } else if (o.dynamic) {
        in.shape = {{-1, "batch"}, {3, ""}, {-1, "height"}, {-1, "width"}};
        out.shape = {{-1, "batch"}, {no, ""}, {-1, "anchors"}};
    } else {
        int64_t anchors = 0;
        for (int64_t s : model.strides())
            anchors += (o.height / s) * (o.width / s);
        in.shape = {{o.batch, ""}, {3, ""}, {o.height, ""}, {o.width, ""}};
        out.shape = {{o.batch, ""}, {no, ""}, {anchors, ""}};
    }
    m.graph.inputs.push_back(in);
    m.graph.outputs.push_back(out);
    Emitter e(b, o);
    const T y = e.run(model, in.name);
    b.renameOutput(y.name, out.name);
    return m;
}

int64_t endToEndRows(const DetectionModelImpl& model, const OnnxGraphOptions& o)
{
    int64_t anchors = 0;
    for (int64_t s : model.strides())
        anchors += (o.height / s) * (o.width / s);
    return std::min<int64_t>(o.maxDet, anchors);
}

torch::Tensor runOpenCv(const std::string& bytes, const torch::Tensor& input)
{
    cv::dnn::Net net = cv::dnn::readNetFromONNX(bytes.data(), bytes.size());
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    torch::Tensor x = input.to(torch::kCPU, torch::kFloat).contiguous();
    std::vector<int> dims(x.sizes().begin(), x.sizes().end());
    cv::Mat blob(static_cast<int>(dims.size()), dims.data(), CV_32F, x.data_ptr<float>());
    net.setInput(blob, "images");
    cv::Mat out = net.forward("output0");
    std::vector<int64_t> outDims;
    for (int i = 0; i < out.dims; ++i)
        outDims.push_back(out.size[i]);
    cv::Mat f32;
    out.convertTo(f32, CV_32F);
    return torch::from_blob(f32.ptr<float>(), outDims, torch::kFloat).clone();
}

torch::Tensor syntheticImages(int batch, int height, int width)
{
    auto yy = torch::linspace(0, 1, height).view({1, 1, height, 1});
    auto xx = torch::linspace(0, 1, width).view({1, 1, 1, width});
    std::vector<torch::Tensor> images;
    for (int b = 0; b < batch; ++b) {
        const double phase = 0.7 * b;
        auto r = (0.5 + 0.4 * torch::sin(6.0 * xx + phase)) * torch::ones({1, 1, height, width});
        auto g = (0.5 + 0.4 * torch::cos(5.0 * yy - phase)) * torch::ones({1, 1, height, width});
        auto bl = (0.3 + 0.5 * xx * yy) * torch::ones({1, 1, height, width});
        auto img = torch::cat({r, g, bl}, 1);
        // A few bright and dark rectangles, placed by the image index.
        for (int k = 0; k < 3; ++k) {
            const int h0 = (height * (1 + k + b) / 7) % std::max(1, height - height / 4);
            const int w0 = (width * (2 + 2 * k + b) / 9) % std::max(1, width - width / 4);
            const int hh = std::max(2, height / (4 + k)), ww = std::max(2, width / (3 + k));
            img.index({torch::indexing::Slice(), k % 3, torch::indexing::Slice(h0, h0 + hh),
                       torch::indexing::Slice(w0, w0 + ww)})
                .fill_(k % 2 ? 0.05 : 0.95);
        }
        images.push_back(img);
    }
    return torch::cat(images, 0).contiguous();
}

}  // namespace ys
