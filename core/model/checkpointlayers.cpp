#include "model/checkpointlayers.h"

#include <algorithm>

namespace ys {

bool checkpointable(const LayerSpec& layer)
{
    switch (layer.kind) {
    case LayerKind::Concat:
    case LayerKind::Upsample:
    case LayerKind::Identity:
    case LayerKind::CBFuse: return false;
    default: return true;
    }
}

Expected<std::vector<int>> checkpointLayers(const CheckpointSetting& setting, const ModelSpec& spec)
{
    using Mode = CheckpointSetting::Mode;
    std::vector<int> out;
    const int n = static_cast<int>(spec.layers.size());
    switch (setting.mode) {
    case Mode::Off:
    case Mode::Auto: return out;
    case Mode::Backbone:
    case Mode::All: {
        const int end = setting.mode == Mode::Backbone ? std::min(spec.backboneLayers, n) : n;
        for (int i = 0; i < end; ++i)
            if (checkpointable(spec.layers[static_cast<size_t>(i)]))
                out.push_back(i);
        return out;
    }
    case Mode::Layers: break;
    }
    for (int i : setting.layers) {
        if (i >= n)
            return Error{"config.checkpoint",
                         "'checkpoint' names layer " + std::to_string(i) + " but " + spec.name + " has layers 0.." +
                             std::to_string(n - 1),
                         {}, 0, 0};
        const LayerSpec& L = spec.layers[static_cast<size_t>(i)];
        if (!checkpointable(L))
            return Error{"config.checkpoint",
                         "'checkpoint' names layer " + std::to_string(i) + " (" + toString(L.kind) +
                             "), which keeps nothing to recompute; name blocks such as Conv or C2f",
                         {}, 0, 0};
        out.push_back(i);
    }
    return out;
}

std::string checkpointLayersText(const std::vector<int>& layers)
{
    CheckpointSetting s;
    s.mode = layers.empty() ? CheckpointSetting::Mode::Off : CheckpointSetting::Mode::Layers;
    s.layers = layers;
    return s.text();
}

}  // namespace ys
