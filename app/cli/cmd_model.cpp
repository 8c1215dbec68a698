// `yolostudio-cli info`: a model's layers, parameters and GFLOPs, like the reference's model summary.
#include "cli/commands.h"
#include "model/model.h"
#include "model/modelfile.h"

#include <cstdio>

namespace ys::cli {

int cmdInfo(const Args& args)
{
    if (args.help) {
        std::printf(
            "usage: yolostudio-cli info model=yolov8n.yaml [nc=80] [imgsz=640]\n\n"
            "  model   built-in yolov8{n,s,m,l,x}.yaml, yolo11{n,s,m,l,x}.yaml, yolov9{t,s,m,c,e}.yaml\n"
            "          (e.g. yolo11s.yaml), or the path of a model YAML (Ultralytics layout)\n"
            "  nc      number of classes (default 80)\n"
            "  imgsz   square input size the GFLOPs refer to, a multiple of 32 (default 640)\n\n"
            "Prints one row per layer (index, from, repeats, parameters, module, arguments) and a summary line.\n"
            "'layers' in the summary counts torch modules in the tree; GFLOPs = 2 x multiply-accumulates of the\n"
            "convolutions (and YOLO11's attention products) for one image.\n");
        return kExitOk;
    }
    if (!args.rejectUnknown({"model", "nc", "imgsz"}))
        return kExitUsage;
    const std::string model = args.str("model", args.positional.empty() ? "" : args.positional.front());
    if (model.empty()) {
        std::fprintf(stderr, "error: model is required, e.g. info model=yolov8n.yaml\n");
        return kExitUsage;
    }
    const auto nc = args.integer("nc", 80);
    const auto imgsz = args.integer("imgsz", 640);
    if (!nc || !imgsz)
        return kExitUsage;
    if (*nc < 1) {
        std::fprintf(stderr, "error: nc must be at least 1\n");
        return kExitUsage;
    }
    if (*imgsz < 32) {
        std::fprintf(stderr, "error: imgsz must be a positive multiple of 32\n");
        return kExitUsage;
    }
    if (auto err = checkModelYamlArgument(model))
        return reportError(*err);
    const auto summary = summarizeModel(model, *nc, *imgsz);
    if (!summary)
        return reportError(summary.error());
    std::fputs(formatSummary(summary.value()).c_str(), stdout);
    return kExitOk;
}

}  // namespace ys::cli
