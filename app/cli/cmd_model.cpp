// `yolostudio-cli info`: a model's layers, parameters and GFLOPs, like the reference's model summary.
#include "cli/commands.h"
#include "model/model.h"
#include "model/modelfile.h"
#include "weights/checkpoint.h"

#include <cstdio>
#include <string>

namespace ys::cli {

namespace {

// `info model=x.pt`: what the checkpoint holds (inspectCheckpoint reads no weights).
int printCheckpoint(const std::string& path)
{
    auto info = inspectCheckpoint(path);
    if (!info) {
        std::fprintf(stderr, "error: %s\n", info.error().toString().c_str());
        return kExitUsage;
    }
    const CheckpointInfo& c = *info;
    std::string names;
    for (size_t i = 0; i < c.names.size(); ++i)
        names += (i ? ", " : "") + std::to_string(i) + " " + c.names[i];
    auto row = [](const char* key, const std::string& value) {
        if (!value.empty())
            std::printf("%-12s %s\n", key, value.c_str());
    };
    row("file", c.path);
    row("format", toString(c.format) + (c.note.empty() ? std::string() : " (" + c.note + ")"));
    row("task", toString(c.task));
    row("family", c.family + (c.scale ? std::string(", scale ") + c.scale : std::string()));
    row("model yaml", c.yamlFile);
    row("classes", std::to_string(c.nc) + (names.empty() ? "" : ": " + names));
    row("parameters", std::to_string(c.parameters) + " in " + std::to_string(c.tensors) + " tensors" +
                          (c.fp16 ? ", stored fp16" : "") + (c.hasEma ? ", EMA" : ""));
    row("imgsz", c.imgsz > 0 ? std::to_string(c.imgsz) : "");
    row("epochs", c.epoch >= 0 ? std::to_string(c.epoch) + (c.epochs > 0 ? " of " + std::to_string(c.epochs) : "")
                               : "");
    row("trained on", c.data);
    row("date", c.date);
    row("version", c.version);
    row("resumable", c.hasOptimizer ? "yes (optimizer state)" : "no");
    if (auto err = requireDetection(c)) {
        std::fprintf(stderr, "error: %s\n", err->toString().c_str());
        return kExitUsage;
    }
    return kExitOk;
}

}  // namespace

int cmdInfo(const Args& args)
{
    if (args.help) {
        std::printf(
            "usage: yolostudio-cli info model=yolov8n.yaml [nc=80] [imgsz=640]\n\n"
            "  model   built-in yolov8{n,s,m,l,x}.yaml, yolo11{n,s,m,l,x}.yaml, yolov9{t,s,m,c,e}.yaml\n"
            "          (e.g. yolo11s.yaml), the path of a model YAML (Ultralytics layout), or a weights file\n"
            "          (x.pt: an Ultralytics checkpoint or a YOLO Studio run's; shows what it holds)\n"
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
    if (isWeightsFile(model))
        return printCheckpoint(model);
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
