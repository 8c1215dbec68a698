#pragma once
// Building blocks of the YOLOv8 layout. Submodule names follow the reference so that parameter names
// match (`conv`, `bn`, `cv1`, `cv2`, `m`, `cv3`, `dfl`).

#include <torch/torch.h>

#include <vector>

namespace ys {

// Conv2d (no bias) + BatchNorm2d (eps 1e-3, momentum 0.03) + optional SiLU. In training on the CPU the
// BatchNorm and SiLU run as one fused autograd op (internal/fused_bn_act.h).
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

// CSP bottleneck with two convolutions: split cv1's output in halves, chain n bottlenecks on the second
// half, concatenate everything once and fuse with cv2.
class C2fImpl : public torch::nn::Module {
public:
    C2fImpl(int c1, int c2, int n, bool shortcut, int g, double e);
    torch::Tensor forward(const torch::Tensor& x);

    int c = 0;  // hidden channels per branch
    Conv cv1{nullptr}, cv2{nullptr};
    torch::nn::ModuleList m{nullptr};
    std::vector<Bottleneck> blocks;  // the same modules as `m`, typed
};
TORCH_MODULE(C2f);

// Spatial pyramid pooling, fast: three chained k x k max pools (stride 1), concatenated with the input.
class SPPFImpl : public torch::nn::Module {
public:
    SPPFImpl(int c1, int c2, int k);
    torch::Tensor forward(const torch::Tensor& x);

    Conv cv1{nullptr}, cv2{nullptr};
    torch::nn::MaxPool2d m{nullptr};
};
TORCH_MODULE(SPPF);

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
// branch (cv3: Conv, Conv, Conv2d -> nc).
class DetectImpl : public torch::nn::Module {
public:
    DetectImpl(int nc, const std::vector<int>& ch, int regMax);
    // Per level [B, 4 * reg_max + nc, H, W] (box logits first).
    std::vector<torch::Tensor> forward(const std::vector<torch::Tensor>& xs);
    // Reference bias initialisation: box bias 1.0, class bias log(5 / nc / (640 / stride)^2).
    void initBiases(const std::vector<int64_t>& strides);

    int nc = 0, regMax = 16;
    torch::nn::ModuleList cv2{nullptr}, cv3{nullptr};
    DFL dfl{nullptr};
    struct Branch {
        Conv a{nullptr}, b{nullptr};
        torch::nn::Conv2d out{nullptr};
        torch::Tensor run(const torch::Tensor& x) { return out->forward(b->forward(a->forward(x))); }
    };
    std::vector<Branch> box, cls;  // typed views of cv2 / cv3
};
TORCH_MODULE(Detect);

}  // namespace ys
