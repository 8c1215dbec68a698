// summarizeModel(): builds the model once and reports layers, parameters and analytic GFLOPs.
#include "common/internal/torcherror.h"
#include "model/internal/yolo.h"
#include "model/model.h"

#include <algorithm>
#include <cstdio>

namespace ys {

Expected<ModelSummary> summarizeModel(const std::string& model, int nc, int imgsz)
{
    auto spec = loadModelSpec(model, nc);
    if (!spec)
        return spec.error();
    const int64_t maxStride = *std::max_element(spec->strides.begin(), spec->strides.end());
    if (imgsz <= 0 || imgsz % maxStride != 0) {
        Error e;
        e.code = "model.bad_imgsz";
        e.message = "imgsz " + std::to_string(imgsz) + " is not a positive multiple of the model's largest stride (" +
                    std::to_string(maxStride) + ")";
        return e;
    }
    const auto macs = spec->macs(imgsz, imgsz);
    if (!macs)
        return macs.error();

    ModelSummary s;
    s.name = spec->name;
    s.scale = spec->scale;
    s.nc = spec->nc;
    s.imgsz = imgsz;
    s.gflops = 2.0 * macs.value() / 1e9;
    for (auto st : spec->strides)
        s.strides.push_back(static_cast<int>(st));
    try {
        torch::NoGradGuard ng;
        DetectionModel net(spec.value());
        for (size_t i = 0; i < net->layerCount(); ++i) {
            const LayerSpec& L = spec->layers[i];
            ModelLayerInfo info;
            info.index = L.index;
            info.from = L.fromText();
            info.repeats = L.repeats;
            info.params = countParameters(*net->layer(i));
            info.module = toString(L.kind);
            info.args = L.argsText();
            s.layers.push_back(std::move(info));
        }
        s.params = countParameters(*net);
        s.gradients = countGradients(*net);
        // The reference's count of its module tree, which differs from ours in three ways: each Conv without
        // activation holds an nn.Identity; the SiLU modules are shared, one instance for every Conv and
        // one for every RepConv (counted once each), and one more in each of an end-to-end head's two
        // one-to-one copies (deep copies); a head without DFL (reg_max 1) holds an nn.Identity.
        int identities = 0, repConvs = 0;
        for (const auto& m : net->modules(/*include_self=*/false)) {
            if (const auto* c = dynamic_cast<const ConvImpl*>(m.get()))
                identities += c->act ? 0 : 1;
            repConvs += dynamic_cast<const RepConvImpl*>(m.get()) ? 1 : 0;
        }
        s.modules = static_cast<int>(net->modules(/*include_self=*/true).size()) + identities + 1 + (repConvs ? 1 : 0) +
                    (spec->end2end ? 2 : 0) + (spec->regMax == 1 ? 1 : 0);
    } catch (const std::exception& ex) {  // allocation failure for a huge model
        Error e;
        e.code = "model.build_failed";
        e.message = exceptionText(ex);
        e.file = spec->source;
        return e;
    }
    return s;
}

std::string summaryLine(const ModelSummary& s)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s summary: %d layers, %lld parameters, %lld gradients, %.1f GFLOPs",
                  s.name.c_str(), s.modules, static_cast<long long>(s.params), static_cast<long long>(s.gradients),
                  s.gflops);
    return buf;
}

std::string formatSummary(const ModelSummary& s)
{
    std::string out;
    char buf[512];
    std::snprintf(buf, sizeof buf, "%3s %20s %3s %10s  %-12s %s\n", "", "from", "n", "params", "module", "arguments");
    out += buf;
    for (const auto& L : s.layers) {
        std::snprintf(buf, sizeof buf, "%3d %20s %3d %10lld  %-12s %s\n", L.index, L.from.c_str(), L.repeats,
                      static_cast<long long>(L.params), L.module.c_str(), L.args.c_str());
        out += buf;
    }
    out += summaryLine(s);
    std::snprintf(buf, sizeof buf, " (%dx%d)\n", s.imgsz, s.imgsz);
    out += buf;
    return out;
}

}  // namespace ys
