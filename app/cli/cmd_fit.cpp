// `yolostudio-cli fit`: probe training memory and recommend batch, image size, AMP and accumulation.
#include "cli/commands.h"
#include "common/fileutil.h"
#include "memory/probe.h"

#include <cstdio>

namespace ys::cli {

int cmdFit(const Args& args)
{
    if (args.help) {
        std::printf(
            "usage: yolostudio-cli fit data=PATH [model=yolov8n.yaml] [imgsz=640] [batch=N] [device=cpu]\n"
            "                          [vram=SIZE|FRACTION] [amp=auto] [target=GPU] [workers=8] [nbs=64]\n"
            "                          [optimizer=auto] [epochs=100] [margin=F] [json=FILE]\n\n"
            "  data      data.yaml; the probe trains on its most crowded images (empty: synthetic batches)\n"
            "  model     model YAML, e.g. yolov8n.yaml, yolo11s.yaml, yolov9c.yaml (the table lists its family's scales)\n"
            "  imgsz     image size to fit at (multiple of 32)\n"
            "  batch     give a batch to get the largest image size for it instead\n"
            "  device    device to probe on: cpu, 0, cuda:0\n"
            "  vram      budget: 8GiB, 6000MB, or a fraction of the device (or target) total such as 0.8\n"
            "  amp       auto | off | fp16 | bf16\n"
            "  target    plan for a GPU you do not have: rtx3060 rtx3070 rtx3080 rtx3090 rtx4090 t4\n"
            "            a100-40 a100-80, or custom:12GiB\n"
            "  workers   data loader threads of the run (their prefetched batches count on the CPU)\n"
            "  margin    fraction of the budget kept free (default 0.05 measured, 0.12 planned)\n"
            "  json      also write the result as JSON to FILE\n\n"
            "Measures complete training iterations (forward, loss with the task-aligned assigner, backward,\n"
            "optimizer step, EMA) and validation batches at a few points, fits a memory model and prints the\n"
            "recommendation, a model-scale x image-size x AMP table and the memory breakdown.\n");
        return kExitOk;
    }
    if (!args.rejectUnknown({"data", "model", "imgsz", "batch", "device", "vram", "amp", "target", "workers", "nbs",
                             "optimizer", "epochs", "margin", "json", "threads"}))
        return kExitUsage;
    memory::FitRequest req;
    req.data = args.str("data", args.positional.empty() ? "" : args.positional.front());
    req.model = args.str("model", req.model);
    req.device = args.str("device", req.device);
    req.budget = args.str("vram", "");
    req.amp = args.str("amp", req.amp);
    req.targetGpu = args.str("target", "");
    req.optimizer = args.str("optimizer", req.optimizer);
    const auto imgsz = args.integer("imgsz", req.imgsz);
    const auto batch = args.integer("batch", 0);
    const auto workers = args.integer("workers", req.workers);
    const auto nbs = args.integer("nbs", req.nbs);
    const auto epochs = args.integer("epochs", req.epochs);
    const auto threads = args.integer("threads", 0);
    const auto margin = args.number("margin", 0.0);
    if (!imgsz || !batch || !workers || !nbs || !epochs || !threads || !margin)
        return kExitUsage;
    if (*margin < 0 || *margin >= 0.9) {
        std::fprintf(stderr, "error: margin must be in [0, 0.9)\n");
        return kExitUsage;
    }
    req.imgsz = *imgsz;
    req.batch = *batch;
    req.workers = *workers;
    req.nbs = *nbs;
    req.epochs = *epochs;
    req.threads = *threads;
    req.margin = *margin;
    req.progress = [](const Progress& p) {
        std::fprintf(stderr, "\rprobing %lld/%lld", static_cast<long long>(p.done), static_cast<long long>(p.total));
        if (p.done == p.total)
            std::fprintf(stderr, "\n");
    };

    const auto result = memory::fitToMemory(req);
    if (!result) {
        std::fprintf(stderr, "error: %s\n", result.error().toString().c_str());
        return kExitUsage;
    }
    std::fputs(memory::formatFitResult(*result).c_str(), stdout);
    const std::string jsonPath = args.str("json", "");
    if (!jsonPath.empty()) {
        if (auto err = writeFileAtomic(jsonPath, memory::fitResultToJson(*result) + "\n")) {
            std::fprintf(stderr, "error: %s\n", err->toString().c_str());
            return kExitFailed;
        }
    }
    return result->recommended.fits ? kExitOk : kExitFailed;
}

}  // namespace ys::cli
