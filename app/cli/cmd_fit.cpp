// `yolostudio-cli fit`: probe training memory and recommend batch, image size, AMP and accumulation.
#include "cli/commands.h"
#include "common/config.h"
#include "common/fileutil.h"
#include "fit/fit.h"

#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

namespace ys::cli {

namespace {

// Settings the fit shares with `train`: parsed by TrainConfig, so each means what it means to train.
const char* const kRunKeys[] = {"data", "model", "imgsz", "batch", "device", "vram", "amp", "workers", "threads",
                                "nbs", "optimizer", "epochs", "fraction"};

}  // namespace

int cmdFit(const Args& args)
{
    if (args.help) {
        std::printf(
            "usage: yolostudio-cli fit data=PATH [model=yolov8n.yaml] [imgsz=640] [batch=N] [device=cpu] [cfg=FILE]\n"
            "                          [vram=SIZE|FRACTION] [amp=auto] [target=GPU] [workers=8] [threads=0]\n"
            "                          [nbs=64] [optimizer=auto] [epochs=100] [fraction=1.0] [margin=F] [json=FILE]\n\n"
            "  data      data.yaml; the probe trains on its most crowded images (empty: synthetic batches)\n"
            "  model     model YAML, e.g. yolov8n.yaml, yolo11s.yaml, yolov9c.yaml (the table lists its family's scales)\n"
            "  imgsz     image size to fit at (multiple of 32)\n"
            "  batch     give a batch to get the largest image size for it instead\n"
            "  device    device to probe on: cpu, gpu, 0, cuda:0\n"
            "  vram      budget: 8GiB, 6000MB, or a fraction of the device (or target) total such as 0.8\n"
            "  amp       auto | off | fp16 | bf16\n"
            "  target    plan for a GPU you do not have: rtx3060 rtx3070 rtx3080 rtx3090 rtx4090 t4\n"
            "            a100-40 a100-80, or custom:12GiB\n"
            "  workers   the run's data loader threads, threads its model threads (0 = every core), as for train:\n"
            "  threads   on a CPU the loader only gets the cores the model leaves free, and the batches it\n"
            "            prefetches count in the budget\n"
            "  nbs, optimizer, epochs, fraction   as for train (optimizer=auto picks by the run's length)\n"
            "  cfg       a settings file (args.yaml, hyp.yaml, or what 'import' wrote) read first, as for train\n"
            "  margin    fraction of the budget kept free (default 0.05 measured, 0.12 planned)\n"
            "  json      also write the result as JSON to FILE\n\n"
            "Measures complete training iterations (forward, loss with the task-aligned assigner, backward,\n"
            "optimizer step, EMA) and validation batches at a few points, fits a memory model and prints the\n"
            "recommendation, a model-scale x image-size x AMP table and the memory breakdown.\n");
        return kExitOk;
    }
    std::vector<std::string> known(std::begin(kRunKeys), std::end(kRunKeys));
    for (const char* k : {"target", "margin", "json", "cfg"})
        known.push_back(k);
    if (!args.rejectUnknown(known))
        return kExitUsage;
    TrainConfig cfg;
    if (auto exit = applySettingsFile(args, cfg))
        return *exit;
    if (!args.positional.empty())
        cfg.data = args.positional.front();
    bool ok = true;
    for (const char* key : kRunKeys) {
        if (!args.has(key))
            continue;
        if (auto err = cfg.set(key, args.str(key))) {
            std::fprintf(stderr, "error: %s\n", err->message.c_str());
            ok = false;
        }
    }
    const auto margin = args.number("margin", 0.0);
    if (!ok || !margin)
        return kExitUsage;
    if (*margin < 0 || *margin >= 0.9) {
        std::fprintf(stderr, "error: margin must be in [0, 0.9)\n");
        return kExitUsage;
    }
    fit::FitRequest req = fit::fitRequestFor(cfg);
    req.batch = args.has("batch") && cfg.batch > 0 ? cfg.batch : 0;
    req.targetGpu = args.str("target", "");
    req.margin = *margin;
    req.progress = [](const Progress& p) {
        std::fprintf(stderr, "\rprobing %lld/%lld", static_cast<long long>(p.done), static_cast<long long>(p.total));
        if (p.done == p.total)
            std::fprintf(stderr, "\n");
    };

    const auto result = fit::fitToMemory(req);
    if (!result)
        return reportError(result.error());
    std::fputs(fit::formatFitResult(*result).c_str(), stdout);
    const std::string jsonPath = args.str("json", "");
    if (!jsonPath.empty()) {
        if (auto err = writeFileAtomic(jsonPath, fit::fitResultToJson(*result) + "\n")) {
            std::fprintf(stderr, "error: %s\n", err->toString().c_str());
            return kExitFailed;
        }
    }
    return result->recommended.fits ? kExitOk : kExitFailed;
}

}  // namespace ys::cli
