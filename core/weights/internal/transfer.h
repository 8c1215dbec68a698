#pragma once
// Models from checkpoint weights (LibTorch): the model a checkpoint's own YAML describes, and the transfer of
// tensors by name and shape into a model with other classes. Includes torch: core .cpp files and torch tests.

#include "common/error.h"
#include "model/internal/yolo.h"
#include "weights/internal/ultralytics.h"
#include "weights/transfer.h"

#include <torch/types.h>

#include <string>
#include <utility>
#include <vector>

namespace ys {

// Named tensors in state_dict() order (UltralyticsWeights::stateDict has this form).
using StateDict = std::vector<std::pair<std::string, torch::Tensor>>;

// The state dict of `module`: every parameter and buffer under its full name ("model.0.conv.weight"), the
// module's own tensors (no copies).
StateDict stateDictOf(torch::nn::Module& module);

// Copies into `module` every tensor of `state` whose name and shape match one of its parameters or buffers
// (values converted to the model tensor's dtype and device); the others keep their values. This is how a model
// with another class count starts from a checkpoint: everything but the class branch's last layers (and, when
// nc crosses the branch width, its hidden layers) comes from the file. Thread: the caller's, one at a time per
// module; never throws on mismatches (they are in the report).
TransferReport transferWeights(torch::nn::Module& module, const StateDict& state);

// A model built from a checkpoint, with its weights.
struct CheckpointModel {
    ModelSpec spec;                  // as built: the checkpoint's YAML at `nc` classes
    DetectionModel model{nullptr};   // on the CPU, in training mode, float32
    TransferReport report;           // complete() when nc is the checkpoint's own
};

// Builds the model the checkpoint's own YAML describes (weights.info.modelYaml; no file needed) and gives it the
// file's weights. nc <= 0 (or the checkpoint's nc): the checkpoint's classes, and every tensor must be there
// with its shape. Another nc: the model gets nc classes and every tensor whose name and shape match (the class
// branch is re-initialised); the file is first held against its own YAML all the same, so a damaged file is
// never half transferred.
// Errors (the checkpoint's path as file): "weights.yaml" (no model YAML, or one this studio cannot build, with
// the parser's message), "weights.mismatch" (the state dict does not match its YAML: one line naming the first
// tensors that differ). Takes about the time of building the model twice when nc changes, once otherwise.
Expected<CheckpointModel> modelFromCheckpoint(const UltralyticsWeights& weights, int nc = 0);

}  // namespace ys
