#pragma once
// Building blocks of the YOLOv8, YOLO11, YOLOv9 and YOLO26 layouts. Submodule names follow the reference so that
// parameter names match (`conv`, `bn`, `cv1`, `cv2`, `m`, `cv3`, `attn.qkv`, `conv1`, `dfl`, ...). Every
// convolution with a BatchNorm is a Conv, so each trains through the fused BatchNorm + SiLU op.

#include "model/internal/spec.h"
#include "model/internal/syncbn.h"

#include <torch/torch.h>

#include <functional>
#include <vector>

namespace ys {

// Conv2d (no bias) + BatchNorm2d (eps 1e-3, momentum 0.03) + optional SiLU. In training on the CPU the
// BatchNorm and SiLU run as one fused autograd op (internal/fused_bn_act.h); with bnGather set (sync_bn in a
// data-parallel run) as the synchronised op over every rank's batch (internal/syncbn.h).
class ConvImpl : public torch::nn::Module {
public:
    ConvImpl(int c1, int c2, int k = 1, int s = 1, int p = -1, int g = 1, int d = 1, bool act = true);
    torch::Tensor forward(const torch::Tensor& x);
    // Folds the BatchNorm's running statistics into the conv weight and a new conv bias; forward() then
    // skips the BatchNorm. Inference only (the BatchNorm is bypassed and the state gains a `fused_bias` buffer).
    void fuse();

    torch::nn::Conv2d conv{nullptr};
    torch::nn::BatchNorm2d bn{nullptr};
    bool act = true;
    bool fused = false;
    torch::Tensor fusedBias;  // [c2], defined once fused
    std::shared_ptr<BatchNormGather> bnGather;   // set: training normalises over every rank's batch
    int64_t stride = 1, padding = 0, dilation = 1, groups = 1;
};
TORCH_MODULE(Conv);

// cv2(cv1(x)) (+ x when shortcut and c1 == c2); both 3x3, hidden channels c2 * e.
class BottleneckImpl : public torch::nn::Module {
public:
    BottleneckImpl(int c1, int c2, bool shortcut, int g, double e);
    torch::Tensor forward(const torch::Tensor& x);

    Conv cv1{nullptr}, cv2{nullptr};
    bool add = false;
};
TORCH_MODULE(Bottleneck);

// RepConv: silu(bn(conv3x3(x)) + bn(conv1x1(x))). The training form keeps both branches; fuse() merges them
// into one 3x3 convolution for inference.
class RepConvImpl : public torch::nn::Module {
public:
    RepConvImpl(int c1, int c2);
    torch::Tensor forward(const torch::Tensor& x);
    void fuse();  // folds both BatchNorms and adds the 1x1 kernel into the 3x3 one; conv2 is unused afterwards

    Conv conv1{nullptr}, conv2{nullptr};
    bool merged = false;
};
TORCH_MODULE(RepConv);

// RepBottleneck: Conv3x3(RepConv(x)) (+ x when shortcut), YOLOv9's RepCSP block.
class RepBottleneckImpl : public torch::nn::Module {
public:
    RepBottleneckImpl(int c, bool shortcut);
    torch::Tensor forward(const torch::Tensor& x);

    RepConv cv1{nullptr};
    Conv cv2{nullptr};
    bool add = false;
};
TORCH_MODULE(RepBottleneck);

// CSP bottleneck with three convolutions, hidden channels c2 / 2: cv3(cat(m(cv1(x)), cv2(x))). With `rep`
// the blocks are RepBottlenecks (YOLOv9's RepCSP), else 3x3 Bottlenecks (YOLO11's C3k).
class C3Impl : public torch::nn::Module {
public:
    C3Impl(int c1, int c2, int n, bool rep, bool shortcut, int g);
    torch::Tensor forward(const torch::Tensor& x);

    Conv cv1{nullptr}, cv2{nullptr}, cv3{nullptr};
    torch::nn::Sequential m{nullptr};
};
TORCH_MODULE(C3);

// CSP bottleneck with two convolutions: split cv1's output in halves, chain n blocks on the second half,
// concatenate everything once and fuse with cv2. C2f's blocks are bottlenecks with e = 1; C3k2's (YOLO11)
// are bottlenecks with e = 0.5, or C3k blocks when `c3k`; YOLO26's attention C3k2 blocks are a bottleneck
// with e = 0.5 followed by a PSABlock of `heads` heads (a Sequential: parameters `m.<i>.0.*`, `m.<i>.1.*`).
class C2fImpl : public torch::nn::Module {
public:
    enum class Block { Bottleneck, HalfBottleneck, C3k, BottleneckPSA };
    C2fImpl(int c1, int c2, int n, Block block, bool shortcut, int g, double e, int heads = 1);
    torch::Tensor forward(const torch::Tensor& x);

    int c = 0;  // hidden channels per branch
    Conv cv1{nullptr}, cv2{nullptr};
    torch::nn::ModuleList m{nullptr};
    std::vector<std::function<torch::Tensor(const torch::Tensor&)>> blocks;  // forward of each module in `m`
};
TORCH_MODULE(C2f);

// Multi-head self-attention over the H x W positions, as YOLO11's: qkv 1x1 conv, softmax(q^T k / sqrt(d)),
// plus a depthwise 3x3 positional encoding of v, then a 1x1 projection. Heads of 64 channels.
class AttentionImpl : public torch::nn::Module {
public:
    AttentionImpl(int dim, int heads);
    torch::Tensor forward(const torch::Tensor& x);

    int heads = 1, keyDim = 0, headDim = 0;
    double scale = 1.0;
    Conv qkv{nullptr}, proj{nullptr}, pe{nullptr};
};
TORCH_MODULE(Attention);

// x + attn(x), then x + ffn(x) (1x1 conv to 2c and back).
class PSABlockImpl : public torch::nn::Module {
public:
    PSABlockImpl(int c, int heads);
    torch::Tensor forward(const torch::Tensor& x);

    Attention attn{nullptr};
    torch::nn::Sequential ffn{nullptr};
    Conv ffn1{nullptr}, ffn2{nullptr};  // the two convolutions of `ffn`
};
TORCH_MODULE(PSABlock);

// C2PSA: cv1 to 2c, n PSA blocks on the second half, concatenated with the first and fused by cv2.
class C2PSAImpl : public torch::nn::Module {
public:
    C2PSAImpl(int c1, int n, double e, int heads);
    torch::Tensor forward(const torch::Tensor& x);

    int c = 0;
    Conv cv1{nullptr}, cv2{nullptr};
    torch::nn::Sequential m{nullptr};
};
TORCH_MODULE(C2PSA);

// Spatial pyramid pooling, fast: `pools` chained k x k max pools (stride 1) of cv1's output, concatenated with
// it and fused by cv2. YOLO26's form: cv1 without activation (`act` false) and, with `shortcut` and c1 == c2,
// the input added to the output.
class SPPFImpl : public torch::nn::Module {
public:
    SPPFImpl(int c1, int c2, int k, int pools = 3, bool act = true, bool shortcut = false);
    torch::Tensor forward(const torch::Tensor& x);

    Conv cv1{nullptr}, cv2{nullptr};
    torch::nn::MaxPool2d m{nullptr};
    int pools = 3;
    bool add = false;
};
TORCH_MODULE(SPPF);

// YOLOv9's ELAN blocks: cv1 to c3 channels, split in halves; cv2 on the second half and cv3 on cv2's output,
// each to c4; cv4 fuses all four. RepNCSPELAN4: cv2 and cv3 are RepCSP(n) + a 3x3 Conv; ELAN1: one 3x3 Conv.
class ELANImpl : public torch::nn::Module {
public:
    ELANImpl(const LayerSpec& L);
    torch::Tensor forward(const torch::Tensor& x);

    int c3 = 0;
    Conv cv1{nullptr}, cv4{nullptr};
    std::function<torch::Tensor(const torch::Tensor&)> cv2, cv3;
};
TORCH_MODULE(ELAN);

// AConv: 2x2 average pool (stride 1), then a 3x3 stride-2 Conv.
class AConvImpl : public torch::nn::Module {
public:
    AConvImpl(int c1, int c2);
    torch::Tensor forward(const torch::Tensor& x);
    Conv cv1{nullptr};
};
TORCH_MODULE(AConv);

// ADown: 2x2 average pool, then half the channels through a 3x3 stride-2 Conv and the other half through a
// 3x3 stride-2 max pool and a 1x1 Conv, concatenated.
class ADownImpl : public torch::nn::Module {
public:
    ADownImpl(int c1, int c2);
    torch::Tensor forward(const torch::Tensor& x);
    Conv cv1{nullptr}, cv2{nullptr};
};
TORCH_MODULE(ADown);

// SPP-ELAN: cv1 to c3, three chained k x k max pools, concatenated and fused by cv5.
class SPPELANImpl : public torch::nn::Module {
public:
    SPPELANImpl(int c1, int c2, int c3, int k);
    torch::Tensor forward(const torch::Tensor& x);
    Conv cv1{nullptr}, cv5{nullptr};
    torch::nn::MaxPool2d cv2{nullptr}, cv3{nullptr}, cv4{nullptr};
};
TORCH_MODULE(SPPELAN);

// CBLinear: one convolution (with bias) whose output holds several parts (`splits` channels each); the
// model keeps the whole output and CBFuse narrows it to the part it reads.
class CBLinearImpl : public torch::nn::Module {
public:
    explicit CBLinearImpl(const LayerSpec& L);
    torch::Tensor forward(const torch::Tensor& x) { return conv->forward(x); }
    // Channel range [offset, offset + splits[part]) of part `part` in forward()'s output.
    torch::Tensor part(const torch::Tensor& y, int part) const;

    torch::nn::Conv2d conv{nullptr};
    std::vector<int> splits;
};
TORCH_MODULE(CBLinear);

// CBFuse: the chosen part of each CBLinear output, resized (nearest) to the last input, summed with it.
class CBFuseImpl : public torch::nn::Module {
public:
    torch::Tensor forward(const std::vector<torch::Tensor>& parts, const torch::Tensor& target);
};
TORCH_MODULE(CBFuse);

// Nearest-neighbour upsampling by an integer factor.
class UpsampleImpl : public torch::nn::Module {
public:
    explicit UpsampleImpl(int scale) : scale(scale) {}
    torch::Tensor forward(const torch::Tensor& x);
    int scale = 2;
};
TORCH_MODULE(Upsample);

// Channel concatenation (no parameters; registered so layer numbering matches the reference).
class ConcatImpl : public torch::nn::Module {
public:
    torch::Tensor forward(const std::vector<torch::Tensor>& xs) { return torch::cat(xs, 1); }
};
TORCH_MODULE(Concat);

// Distribution focal loss integral: expectation of a softmax over reg_max bins, as a fixed 1x1 conv whose
// weight is arange(reg_max) (a parameter with requires_grad = false, counted in the total like the reference).
class DFLImpl : public torch::nn::Module {
public:
    explicit DFLImpl(int regMax);
    // box [B, 4 * reg_max, A] logits -> [B, 4, A] distances in grid units (0 .. reg_max - 1).
    torch::Tensor forward(const torch::Tensor& box);

    torch::nn::Conv2d conv{nullptr};
    int regMax = 16;
};
TORCH_MODULE(DFL);

// Decoupled anchor-free head: per level a box branch (cv2: Conv, Conv, Conv2d -> 4 * reg_max) and a class
// branch (cv3: Conv, Conv, Conv2d -> nc; YOLO11: depthwise 3x3 + 1x1 Conv, twice, then Conv2d -> nc).
// With reg_max 1 (YOLO26) the box branch gives the four distances themselves and there is no DFL; an
// end-to-end head (YOLO26) also holds one-to-one copies of both branches, one2one_cv2 and one2one_cv3, built
// with the one-to-many branches' initial weights. forward() runs the one-to-many branches, which inference
// with NMS uses (Ultralytics 8.4's default); forwardOneToOne() runs the copies.
class DetectImpl : public torch::nn::Module {
public:
    // `L`: the resolved Detect row (class count, input channels, branch widths, class-branch form, reg_max,
    // end2end).
    DetectImpl(const LayerSpec& L, int regMax);
    // Per level [B, 4 * reg_max + nc, H, W] (box logits first).
    std::vector<torch::Tensor> forward(const std::vector<torch::Tensor>& xs);
    // One level of forward(): cat(box branch, class branch) of level i's feature map.
    torch::Tensor level(size_t i, const torch::Tensor& x);
    // The one-to-one branches, same layout as forward(); in training they read detached feature maps, so
    // their loss does not reach the layers before the head. Only for an end-to-end head.
    std::vector<torch::Tensor> forwardOneToOne(const std::vector<torch::Tensor>& xs);
    bool endToEnd() const { return !box1.empty(); }
    // Reference bias initialisation: box bias 1.0 (2.0, two grid cells, with reg_max 1, as Ultralytics 8.4;
    // with DFL bins the value does not matter), class bias log(5 / nc / (640 / stride)^2); the same for the
    // one-to-one copies.
    void initBiases(const std::vector<int64_t>& strides);

    int nc = 0, regMax = 16;
    torch::nn::ModuleList cv2{nullptr}, cv3{nullptr};
    DFL dfl{nullptr};  // null with reg_max 1
    torch::nn::ModuleList one2one_cv2{nullptr}, one2one_cv3{nullptr};  // end-to-end heads only
    struct Branch {
        std::vector<Conv> convs;  // applied in order
        torch::nn::Conv2d out{nullptr};
        torch::Tensor run(const torch::Tensor& x);
    };
    std::vector<Branch> box, cls;    // typed views of cv2 / cv3
    std::vector<Branch> box1, cls1;  // typed views of one2one_cv2 / one2one_cv3 (empty unless end-to-end)

private:
    // Builds one box and one class branch per level into the two lists (registered by the caller).
    void buildBranches(const LayerSpec& L, torch::nn::ModuleList& boxList, torch::nn::ModuleList& clsList,
                       std::vector<Branch>& boxes, std::vector<Branch>& classes);
};
TORCH_MODULE(Detect);

}  // namespace ys
