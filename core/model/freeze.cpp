#include "model/freeze.h"

#include "model/internal/yolo.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace ys {

namespace {

// Layer index of a parameter name "model.<i>.<...>", or -1.
int layerOf(const std::string& name)
{
    constexpr std::string_view prefix = "model.";
    if (name.compare(0, prefix.size(), prefix) != 0)
        return -1;
    int i = 0;
    size_t p = prefix.size();
    if (p >= name.size() || !std::isdigit(static_cast<unsigned char>(name[p])))
        return -1;
    for (; p < name.size() && std::isdigit(static_cast<unsigned char>(name[p])) && i < 100000; ++p)
        i = i * 10 + (name[p] - '0');
    return p < name.size() && name[p] == '.' ? i : -1;
}

}  // namespace

bool isAlwaysFrozen(const std::string& parameterName)
{
    return parameterName.find(".dfl.") != std::string::npos;  // Ultralytics' always_freeze_names
}

Expected<std::vector<bool>> resolveFreeze(const std::vector<std::string>& parameterNames, int layerCount,
                                          const std::vector<int>& layers, const std::string& modelName)
{
    const std::string range = modelName + " has layers 0-" + std::to_string(layerCount - 1);
    for (int i : layers)
        if (i < 0 || i >= layerCount)
            return Error{"config.freeze", "freeze names layer " + std::to_string(i) + ", but " + range, {}, 0, 0};
    std::vector<bool> frozen(parameterNames.size(), false);
    bool anyTrained = false;
    for (size_t k = 0; k < parameterNames.size(); ++k) {
        const int layer = layerOf(parameterNames[k]);
        frozen[k] = isAlwaysFrozen(parameterNames[k]) ||
                    (layer >= 0 && std::binary_search(layers.begin(), layers.end(), layer));
        anyTrained |= !frozen[k];
    }
    if (!anyTrained)
        return Error{"config.freeze", "freeze leaves nothing to train (" + range + ")", {}, 0, 0};
    return frozen;
}

Expected<FrozenLayers> freezeLayers(DetectionModelImpl& model, const std::vector<int>& layers)
{
    std::vector<int> sorted = layers;
    std::sort(sorted.begin(), sorted.end());
    auto params = model.named_parameters(/*recurse=*/true);
    std::vector<std::string> names;
    names.reserve(params.size());
    for (const auto& p : params)
        names.push_back(p.key());
    auto frozen = resolveFreeze(names, static_cast<int>(model.layerCount()), sorted, model.spec().name);
    if (!frozen)
        return frozen.error();
    FrozenLayers out;
    out.layers = sorted;
    size_t k = 0;
    for (auto& p : params) {
        const bool f = (*frozen)[k++];
        // Every other parameter trains, also one a checkpoint marked as not requiring gradients (as the reference).
        p.value().set_requires_grad(!f);
        if (f) {
            out.names.push_back(p.key());
            out.parameters += p.value().numel();
        }
    }
    return out;
}

}  // namespace ys
