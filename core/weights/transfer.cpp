// Models from checkpoint weights: the checkpoint's own model, and tensors transferred by name and shape.
#include "weights/internal/transfer.h"

#include <filesystem>
#include <unordered_map>

namespace ys {

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

std::string TensorMismatch::describe() const
{
    if (missing)
        return name + ": not in the checkpoint";
    return name + ": " + shapeText(modelShape) + " in the model, " + shapeText(checkpointShape) + " in the checkpoint";
}

std::string TransferReport::summary() const
{
    return "transferred " + std::to_string(transferred) + "/" + std::to_string(total) + " tensors";
}

StateDict stateDictOf(torch::nn::Module& module)
{
    // torch's state_dict() order: per module (depth first), its parameters, then its buffers.
    StateDict out;
    for (const auto& m : module.named_modules(/*name_prefix=*/"", /*include_self=*/true)) {
        const std::string prefix = m.key().empty() ? "" : m.key() + ".";
        for (const auto& p : m.value()->named_parameters(/*recurse=*/false))
            out.emplace_back(prefix + p.key(), p.value());
        for (const auto& b : m.value()->named_buffers(/*recurse=*/false))
            out.emplace_back(prefix + b.key(), b.value());
    }
    return out;
}

TransferReport transferWeights(torch::nn::Module& module, const StateDict& state)
{
    std::unordered_map<std::string, size_t> index;
    index.reserve(state.size());
    for (size_t i = 0; i < state.size(); ++i)
        index.emplace(state[i].first, i);
    std::vector<bool> used(state.size(), false);
    TransferReport report;
    torch::NoGradGuard noGrad;
    for (auto& [name, tensor] : stateDictOf(module)) {
        ++report.total;
        const auto it = index.find(name);
        if (it == index.end()) {
            report.kept.push_back({name, tensor.sizes().vec(), {}, true});
            continue;
        }
        const torch::Tensor& src = state[it->second].second;
        used[it->second] = true;
        if (src.sizes() != tensor.sizes()) {
            report.kept.push_back({name, tensor.sizes().vec(), src.sizes().vec(), false});
            continue;
        }
        tensor.copy_(src);
        ++report.transferred;
    }
    for (size_t i = 0; i < state.size(); ++i)
        if (!used[i])
            report.unused.push_back(state[i].first);
    return report;
}

namespace {

Error checkpointError(const std::string& code, const std::string& message, const std::string& path)
{
    return Error{code, message, path, 0, 0};
}

// One line naming the first differences between a checkpoint and the model its YAML describes.
std::string mismatchMessage(const TransferReport& r, const std::string& yamlFile)
{
    constexpr size_t kNamed = 3;  // a line a user reads, not a dump of the state dict
    std::string s = "the weights do not match the model their YAML describes (" + yamlFile + "): ";
    std::vector<std::string> parts;
    for (size_t i = 0; i < r.kept.size() && parts.size() < kNamed; ++i)
        parts.push_back(r.kept[i].describe());
    for (size_t i = 0; i < r.unused.size() && parts.size() < kNamed; ++i)
        parts.push_back(r.unused[i] + ": in the checkpoint, not in the model");
    for (size_t i = 0; i < parts.size(); ++i)
        s += (i ? "; " : "") + parts[i];
    const size_t all = r.kept.size() + r.unused.size();
    if (all > parts.size())
        s += " (and " + std::to_string(all - parts.size()) + " more)";
    return s;
}

}  // namespace

Expected<CheckpointModel> modelFromCheckpoint(const UltralyticsWeights& weights, int nc)
{
    const CheckpointInfo& info = weights.info;
    if (info.modelYaml.empty())
        return checkpointError("weights.yaml", "the checkpoint does not describe its model (no model YAML)", info.path);
    const std::string yamlFile = info.yamlFile.empty() ? "its model YAML" : info.yamlFile;
    auto own = parseModelSpec(info.modelYaml, yamlFile, info.nc, info.scale);
    if (!own)
        return checkpointError("weights.yaml", "cannot build the model the checkpoint describes (" + yamlFile +
                                                   "): " + own.error().message,
                               info.path);
    own->name = std::filesystem::path(yamlFile).stem().string();
    CheckpointModel out;
    try {
        DetectionModel model(*own);
        out.report = transferWeights(*model, weights.stateDict);
        if (!out.report.complete())
            return checkpointError("weights.mismatch", mismatchMessage(out.report, yamlFile), info.path);
        out.spec = *own;
        out.model = model;
        if (nc <= 0 || nc == own->nc)
            return out;
        auto other = parseModelSpec(info.modelYaml, yamlFile, nc, info.scale);
        if (!other)
            return checkpointError("weights.yaml", "cannot build the model the checkpoint describes (" + yamlFile +
                                                       ") with " + std::to_string(nc) + " classes: " +
                                                       other.error().message,
                                   info.path);
        other->name = own->name;
        out.spec = *other;
        out.model = DetectionModel(*other);
        out.report = transferWeights(*out.model, stateDictOf(*model));
    } catch (const c10::Error& e) {  // the spec was validated; this is memory or an internal error
        return checkpointError("weights.model", std::string("cannot build the model: ") + e.what_without_backtrace(),
                               info.path);
    }
    return out;
}

}  // namespace ys
