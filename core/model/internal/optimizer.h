#pragma once
// The optimizer of a training run, built once for the trainer and the memory probe alike. SGD (Nesterov) and
// Adam/AdamW (betas (momentum, 0.999)) get three parameter groups (parameterGroups: weights with decay, norm
// weights and biases without). MuSGD (model/internal/musgd.h) gets eight, as Ultralytics 8.4 builds them: the
// four below, then the same four for the Detect head's class branches (cv3, one2one_cv3) at three times the LR.
// Which kind a run gets is decided by resolveOptimizer (common/trainrules.h).

#include "common/trainrules.h"
#include "model/internal/spec.h"

#include <torch/torch.h>

#include <memory>
#include <vector>

namespace ys {

class DetectionModelImpl;

// MuSGD's groups, in this order (+ kMuSGDBoostedGroups for the head's class branches): the matrices and
// conv filters (2-D/4-D; Muon + SGD, weight decay), norm weights (1-D), biases, other weights (SGD, weight
// decay). The first three keep the meaning SGD's three have (what results.csv's lr columns show).
enum MuSGDGroup : size_t { kMuonGroup = 0, kNormGroup = 1, kBiasGroup = 2, kOtherWeightGroup = 3 };
constexpr size_t kMuSGDBoostedGroups = 4;       // offset of the class branches' copies of the four groups
constexpr double kMuSGDHeadLrFactor = 3.0;      // their LR relative to lr0 (Ultralytics 8.4)

// What the trainer's warmup and schedule need to know of one parameter group.
struct GroupRole {
    double lrFactor = 1.0;  // the group's initial LR / lr0
    bool bias = false;      // warmup starts its LR at warmup_bias_lr (the others at 0)
    bool decay = false;     // weight decay applies (setWeightDecay)
};
// Roles of makeOptimizer's groups for `kind`, in group order.
std::vector<GroupRole> groupRoles(OptimizerKind kind);

// Whether `optimizer=auto` follows Ultralytics 8.4 (MuSGD for long runs) for this model: YOLO26 models (an
// end-to-end head, or reg_max 1). YOLOv8/YOLO11/YOLOv9 follow Ultralytics 8.3 (SGD).
bool autoPicksMuSGD(const ModelSpec& spec);

// The optimizer of `model`'s trainable parameters (frozen ones are left out) at `lr` (x lrFactor per group),
// with weight decay on the decay groups (Adam: none, as the reference builds it).
std::unique_ptr<torch::optim::Optimizer> makeOptimizer(DetectionModelImpl& model, OptimizerKind kind, double lr,
                                                       double momentum, double weightDecay);

// SGD and MuSGD momentum / Adam beta1 of one group (warmup ramps it).
void setMomentum(torch::optim::OptimizerParamGroup& group, OptimizerKind kind, double momentum);
// Weight decay of every decay group (a resumed run with another batch rescales it). Adam keeps none.
void setWeightDecay(torch::optim::Optimizer& optimizer, OptimizerKind kind, double weightDecay);

// Bytes of optimizer state for `params` (float32): optimizerStateBuffers per parameter's dimensions.
int64_t optimizerStateBytes(const std::vector<torch::Tensor>& params, OptimizerKind kind);

}  // namespace ys
