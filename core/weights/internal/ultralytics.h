#pragma once
// The weights of an Ultralytics checkpoint as tensors (includes LibTorch: core .cpp files and torch tests only).

#include "common/progress.h"
#include "weights/checkpoint.h"

#include <torch/types.h>

#include <string>
#include <utility>
#include <vector>

namespace ys {

struct UltralyticsWeights {
    CheckpointInfo info;  // as inspectCheckpoint() gives it (info.modelYaml: the model YAML as text)
    // The model's state dict under the exact Ultralytics names ("model.0.conv.weight", ...,
    // "model.22.dfl.conv.weight"), in torch's state_dict() order: every module's parameters, then its
    // persistent buffers, then its children. CPU tensors, contiguous, owning their memory; floating point as
    // float32 (fp16/bf16/fp64 converted), integer buffers (num_batches_tracked) kept as int64.
    std::vector<std::pair<std::string, torch::Tensor>> stateDict;
};

// Reads the weights Ultralytics would load from `path`: the EMA when present (not None), else 'model'.
// Errors as inspectCheckpoint(), plus "weights.format" (not an Ultralytics checkpoint: a YOLO Studio file is
// loaded by core/train's loadCheckpoint), "weights.task" (see requireDetection), "weights.tensor" (a record
// missing or shorter than its storage), "weights.cancelled". Progress: stage "weights", one unit per tensor.
// Matching the tensors against a model built from info.modelYaml is the caller's (it builds the model).
// Thread-safe; ~0.05 s for an n-scale file, ~1 s for x-scale.
Expected<UltralyticsWeights> loadUltralyticsWeights(const std::string& path, const ProgressFn& progress = {},
                                                    const CancelToken* cancel = nullptr);

}  // namespace ys
