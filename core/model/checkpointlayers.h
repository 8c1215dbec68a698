#pragma once
// Which layers of a model activation checkpointing can recompute, and the layers a `checkpoint=` setting names
// (torch-free: the fit, the trainer and the front ends share it).

#include "common/checkpointing.h"
#include "common/error.h"
#include "model/internal/spec.h"

#include <vector>

namespace ys {

// Whether layer `layer` can be checkpointed: single-input blocks that keep activations (Conv, C2f, C3k2,
// C2PSA, SPPF, SPPELAN, RepNCSPELAN4, ELAN1, AConv, ADown, CBLinear) and Detect (level by level). Concat,
// Upsample, Identity and CBFuse keep nothing of their own for the backward pass.
bool checkpointable(const LayerSpec& layer);

// The layers `setting` names in `spec`, ascending: none for Off and Auto (the fit chooses those), the
// checkpointable layers of the backbone for Backbone, every checkpointable layer for All, the listed ones for
// Layers. Error code "config.checkpoint" naming the layer when a listed one is not in the model or keeps nothing.
Expected<std::vector<int>> checkpointLayers(const CheckpointSetting& setting, const ModelSpec& spec);

// "[2, 4, 6]": a layer list as the setting writes it.
std::string checkpointLayersText(const std::vector<int>& layers);

}  // namespace ys
