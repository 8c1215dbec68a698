#pragma once
// `freeze`: which parameters a run does not train, with Ultralytics' semantics. A parameter belongs to layer i
// when its name starts with "model.<i>." (the reference's names, which ours are); it is frozen when i is one of
// the frozen layers. The DFL projection ("model.<last>.dfl.conv.weight", a fixed arange(reg_max)) is always
// frozen. Torch-free: the trainer applies it with freezeLayers() (model/internal/yolo.h).

#include "common/error.h"

#include <string>
#include <vector>

namespace ys {

// True for parameters no run trains, whatever `freeze` says: the DFL projection.
bool isAlwaysFrozen(const std::string& parameterName);

// For each of `parameterNames`: true when it is frozen. `layers`: TrainConfig::freeze (layer indices, ascending;
// `freeze=N` is 0..N-1); `layerCount`: the model's layers (indices 0..layerCount-1); `modelName` ("YOLOv8n")
// names the model in errors. Errors "config.freeze": an index that is not a layer of the model, or nothing left
// to train (every parameter frozen).
Expected<std::vector<bool>> resolveFreeze(const std::vector<std::string>& parameterNames, int layerCount,
                                          const std::vector<int>& layers, const std::string& modelName);

}  // namespace ys
