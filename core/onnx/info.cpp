#include "onnx/info.h"

#include "common/fileutil.h"
#include "onnx/model.h"

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace ys::onnx {

bool isParameterName(const std::string& name)
{
    auto endsWith = [&](const char* suffix) {
        const std::string x(suffix);
        return name.size() > x.size() && name.compare(name.size() - x.size(), x.size(), x) == 0;
    };
    return endsWith(".weight") || endsWith(".bias");
}

Expected<OnnxFileInfo> describeOnnxFile(const std::string& path)
{
    auto m = readModel(path, /*initializerData=*/false);
    if (!m)
        return m.error();
    OnnxFileInfo info;
    info.path = path;
    std::error_code ec;
    info.bytes = static_cast<int64_t>(fs::file_size(path, ec));
    info.modified = modifiedTime(path).value_or(0);
    info.producer = m->producerName + (m->producerVersion.empty() ? "" : " " + m->producerVersion);
    info.opset = m->opset;
    info.irVersion = m->irVersion;
    const auto& g = m->graph;
    for (const ValueInfo& in : g.inputs) {
        const bool initializer = std::any_of(g.initializers.begin(), g.initializers.end(),
                                             [&](const TensorData& t) { return t.name == in.name; });
        if (initializer)
            continue;
        info.inputName = in.name;
        info.inputShape = in.shapeText();
        info.inputType = toString(in.type);
        info.dynamic = std::any_of(in.shape.begin(), in.shape.end(), [](const Dim& d) { return !d.fixed(); });
        break;
    }
    if (!g.outputs.empty()) {
        info.outputName = g.outputs[0].name;
        info.outputShape = g.outputs[0].shapeText();
        info.outputType = toString(g.outputs[0].type);
    }
    info.nodes = static_cast<int>(g.nodes.size());
    for (const TensorData& t : g.initializers)
        if (isParameterName(t.name))
            info.parameters += t.numel();
    auto meta = fromMetadataProps(m->metadata);
    if (!meta)
        return Error{meta.error().code, meta.error().message, path, 0, 0};
    info.metadata = *meta;
    info.hasMetadata = m->meta("names") || m->meta("imgsz");
    return info;
}

}  // namespace ys::onnx
