#pragma once
// The YOLO detection model (LibTorch). Internal: includes torch; used by ys_loss, ys_train, ys_memory and
// the torch tests. Thread use: one thread at a time per model instance (decode() guards its own cache).

#include "model/internal/recompute.h"
#include "model/internal/modules.h"
#include "model/internal/spec.h"

#include <torch/torch.h>

#include <array>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace ys {

// Per-layer instrumentation (the memory probe's per-layer attribution): called around each layer of forward(),
// and around each level of the Detect head, on the thread that runs it. Must not throw.
class LayerObserver {
public:
    virtual ~LayerObserver() = default;
    // `level`: the Detect level (0 = stride 8) for the head, -1 for every other layer.
    virtual void beforeLayer(int layer, int level) = 0;
    virtual void afterLayer(int layer, int level, const torch::Tensor& output) = 0;
};

class DetectionModelImpl : public torch::nn::Module {
public:
    // Builds every layer of `spec` (which loadModelSpec has validated) and applies the reference
    // initialisation (BatchNorm eps 1e-3 / momentum 0.03, Detect bias init).
    explicit DetectionModelImpl(const ModelSpec& spec);

    // x: [B, 3, H, W] float, H and W multiples of the largest stride (32). Returns per level, stride 8, 16, 32
    // in that order, [B, 4 * reg_max + nc, H / s, W / s] raw logits (box distribution logits first, or with
    // reg_max 1 the four distances in grid units, then class logits); an end-to-end head's one-to-many
    // branches. Works in train and eval mode alike; the loss and decode() take it from here.
    std::vector<torch::Tensor> forward(torch::Tensor x);

    // Both heads of one forward pass: `many` as forward() returns it and, for an end-to-end head (YOLO26), `one`
    // the one-to-one branches on the same feature maps (detached in training, so their loss trains the head's
    // copies only), same layout; `one` is empty for other heads. What the end-to-end loss, its validation loss
    // and `nms=false` read.
    struct Heads {
        std::vector<torch::Tensor> many;
        std::vector<torch::Tensor> one;
    };
    Heads forwardHeads(torch::Tensor x);
    bool endToEnd() const { return spec_.end2end; }

    // Inference decoding of forward()'s output: [B, 4 + nc, A] float32 (any input dtype) with boxes as (cx, cy, w, h) in input pixels
    // (DFL expectation -> ltrb distances around the anchor point, times the level's stride; with reg_max 1 the
    // head's four values are the distances) and class scores after sigmoid. A = sum of H * W over levels (8400
    // at 640). Anchors are cached per feature-map shape.
    torch::Tensor decode(const std::vector<torch::Tensor>& feats);

    // Folds every BatchNorm into its conv for faster inference (about 10-20% on CPU). Call on a model that
    // will only be evaluated (e.g. a predictor's copy): afterwards training is wrong and the conv weights hold
    // the folded values (plus `fused_bias` buffers), so save weights before fusing, never after.
    void fuse();

    int nc() const { return spec_.nc; }
    int regMax() const { return spec_.regMax; }
    const std::vector<int64_t>& strides() const { return spec_.strides; }
    const ModelSpec& spec() const { return spec_; }
    // Registered layer i (named "model.i"), for per-layer inspection.
    std::shared_ptr<torch::nn::Module> layer(size_t i) const { return layers_.at(i).module; }
    size_t layerCount() const { return layers_.size(); }
    Detect& detect() { return detect_; }

    // Activation checkpointing (model/internal/recompute.h): these layers recompute their activations in the
    // backward pass of a training forward (train mode, gradients on); the Detect layer does it level by level.
    // Every index must be a checkpointable layer (checkpointLayers() resolves a setting); throws otherwise.
    // Not copied by ModelEma (the EMA model only evaluates).
    void setCheckpointLayers(const std::vector<int>& layers);
    const std::vector<int>& checkpointLayers() const { return checkpointList_; }

    // Per-layer instrumentation for the next forward passes; nullptr removes it. Not owned.
    void setObserver(LayerObserver* observer) { observer_ = observer; }

private:
    void buildCheckpointBlocks();
    // forward() and forwardHeads(): the one-to-one branches only when `oneToOne` is set (and the head has them).
    Heads run(const torch::Tensor& x, bool oneToOne);

    struct Layer {
        LayerKind kind;
        std::vector<int> from;
        bool save = false;
        std::shared_ptr<torch::nn::Module> module;
        std::function<torch::Tensor(const torch::Tensor&)> run;  // single-input layers: module's forward
        std::vector<int> pick;                                   // CBFuse: part of each CBLinear input
    };
    ModelSpec spec_;
    torch::nn::ModuleList model_{nullptr};
    std::vector<Layer> layers_;
    Detect detect_{nullptr};
    int64_t maxStride_ = 32;
    std::vector<CheckpointBlock> blocks_;        // per layer (empty for the ones that cannot be checkpointed)
    std::vector<CheckpointBlock> detectBlocks_;  // per Detect level
    std::vector<bool> checkpoint_;               // per layer: recompute in the backward pass
    std::vector<int> checkpointList_;
    LayerObserver* observer_ = nullptr;

    std::mutex anchorMutex_;
    std::vector<int64_t> anchorKey_;  // H, W per level + device/dtype tag
    torch::Tensor anchorPoints_;      // [2, A] grid units, for broadcasting against [B, 2, A]
    torch::Tensor anchorStrides_;     // [1, A]
};
TORCH_MODULE(DetectionModel);

// Anchor points for the given feature maps ([B, C, H, W] each): points [A, 2] (x, y) = cell centres in grid
// units (column + offset, row + offset), levels concatenated in order, and strides [A, 1]. float32 on
// feats[0]'s device (only the maps' H, W and device are read).
std::pair<torch::Tensor, torch::Tensor> makeAnchors(const std::vector<torch::Tensor>& feats,
                                                    const std::vector<int64_t>& strides, double offset = 0.5);

// Every parameter (trainable or not), and the ones that require gradients.
int64_t countParameters(torch::nn::Module& m);
int64_t countGradients(torch::nn::Module& m);

// The optimizer's three parameter groups, as the reference trainer makes them: [0] weights (with weight
// decay), [1] normalisation weights, [2] biases (both without decay). Frozen parameters are left out.
std::array<std::vector<torch::Tensor>, 3> parameterGroups(torch::nn::Module& model);

// What freezeLayers() froze: the layers asked for, the parameter names (the DFL projection included) and the
// numbers they hold.
struct FrozenLayers {
    std::vector<int> layers;
    std::vector<std::string> names;
    int64_t parameters = 0;
};
// Applies `freeze` (layer indices, TrainConfig::freeze) to `model` (model/freeze.h): frozen parameters stop
// requiring gradients, every other one requires them. Call before creating the optimizer (parameterGroups()
// leaves frozen ones out). Errors as resolveFreeze().
Expected<FrozenLayers> freezeLayers(DetectionModelImpl& model, const std::vector<int>& layers);

// Converts 4-D parameters and buffers to channels_last in place (call before creating the optimizer).
// Inputs in channels_last then keep the whole network in that layout, which is faster on CPU (oneDNN).
void toChannelsLast(torch::nn::Module& m);

// uint8 RGB [B,3,H,W] -> float in [0,1] on `device`, in channels_last (the CPU model's layout) or NCHW.
// The loader's batches are channels-last in memory already (NHWC, as images are decoded), so on CPU this is
// one conversion with no transpose.
torch::Tensor prepareImages(const torch::Tensor& images, const torch::Device& device, bool channelsLast);

}  // namespace ys
