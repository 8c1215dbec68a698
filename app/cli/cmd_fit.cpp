// `yolostudio-cli fit`: probe training memory and recommend batch, image size, AMP and accumulation.
// `yolostudio-cli devices`: the devices a run can use, with their memory.
#include "cli/commands.h"
#include "common/config.h"
#include "common/fileutil.h"
#include "fit/fit.h"
#include "memory/devices.h"
#include "memory/memory.h"

#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

namespace ys::cli {

namespace {

// Settings the fit shares with `train`: parsed by TrainConfig, so each means what it means to train.
const char* const kRunKeys[] = {"data", "model", "imgsz", "batch", "device", "vram", "amp", "workers", "threads",
                                "nbs", "optimizer", "epochs", "fraction", "checkpoint", "stages"};

}  // namespace

int cmdFit(const Args& args)
{
    if (args.help) {
        std::printf(
            "usage: yolostudio-cli fit data=PATH [model=yolov8n.yaml] [imgsz=640] [batch=N] [device=cpu] [cfg=FILE]\n"
            "                          [vram=SIZE|FRACTION] [amp=auto] [target=GPU] [workers=8] [threads=0]\n"
            "                          [nbs=64] [optimizer=auto] [epochs=100] [fraction=1.0] [margin=F] [json=FILE]\n"
            "                          [checkpoint=off] [stages=LIST] [layers=true] [nproc=N]\n\n"
            "  data      data.yaml; the probe trains on its most crowded images (empty: synthetic batches)\n"
            "  model     model YAML, e.g. yolov8n.yaml, yolo11s.yaml, yolo26n.yaml, yolov9c.yaml (the table lists its\n"
            "            family's scales)\n"
            "  imgsz     image size to fit at (multiple of 32)\n"
            "  batch     give a batch to get the largest image size for it instead\n"
            "  device    device to probe on: cpu, gpu, 0, cuda:0; a data-parallel run's list (0,1) is fitted\n"
            "            per device, on its first, and batch= is the world's, as for train\n"
            "  nproc     the run's CPU processes (device=cpu nproc=N, as for train): each gets its share of\n"
            "            the cores and the memory; the result states the world batch\n"
            "  vram      budget: 8GiB, 6000MB, or a fraction of the device (or target) total such as 0.8;\n"
            "            the processes of nproc share it (each GPU of a list has its own)\n"
            "  amp       auto | off | fp16 | bf16\n"
            "  target    plan for a GPU you do not have: rtx3060 rtx3070 rtx3080 rtx3090 rtx4090 t4\n"
            "            a100-40 a100-80, or custom:12GiB\n"
            "  workers   the run's data loader threads, threads its model threads (0 = every core), as for train:\n"
            "  threads   on a CPU the loader only gets the cores the model leaves free, and the batches it\n"
            "            prefetches count in the budget\n"
            "  nbs, optimizer, epochs, fraction   as for train (optimizer=auto picks by the run's length)\n"
            "  cfg       a settings file (args.yaml, hyp.yaml, or what 'import' wrote) read first, as for train\n"
            "  margin    fraction of the budget kept free (default 0.05 measured, 0.12 planned)\n"
            "  checkpoint  activation checkpointing: off | auto | backbone | all | [2, 4, 6]; auto picks the\n"
            "            cheapest blocks that let the batch you give (or 16 with no batch) fit\n"
            "  stages    a staged run, IMGSZxBATCH:EPOCHS[:key=value],... (as for train): each stage is fitted\n"
            "            at its own image size\n"
            "  layers    true: also print where the activation memory goes, layer by layer (sorted; * marks\n"
            "            the layers checkpointing would help)\n"
            "  json      also write the result as JSON to FILE (with the per-layer list under \"layers\")\n\n"
            "Measures complete training iterations (forward, loss with the task-aligned assigner, backward,\n"
            "optimizer step, EMA) and validation batches at a few points, fits a memory model and prints the\n"
            "recommendation, a model-scale x image-size x AMP table and the memory breakdown.\n");
        return kExitOk;
    }
    std::vector<std::string> known(std::begin(kRunKeys), std::end(kRunKeys));
    for (const char* k : {"target", "margin", "json", "layers", "cfg", "nproc"})
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
    const std::optional<bool> layers = args.boolean("layers", false);
    const auto nproc = args.integer("nproc", 0);
    if (!ok || !margin || !layers || !nproc)
        return kExitUsage;
    if (*nproc < 0) {
        std::fprintf(stderr, "error: nproc must be 1 or more\n");
        return kExitUsage;
    }
    if (*margin < 0 || *margin >= 0.9) {
        std::fprintf(stderr, "error: margin must be in [0, 0.9)\n");
        return kExitUsage;
    }
    fit::FitRequest req = fit::fitRequestFor(cfg, *nproc);
    req.batch = args.has("batch") && cfg.batch > 0 ? req.wantedBatch : 0;   // one device's share
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
    if (*layers)
        std::fputs(("\n" + fit::formatLayerProfile(result->layers)).c_str(), stdout);
    const std::string jsonPath = args.str("json", "");
    if (!jsonPath.empty()) {
        if (auto err = writeFileAtomic(jsonPath, fit::fitResultToJson(*result) + "\n")) {
            std::fprintf(stderr, "error: %s\n", err->toString().c_str());
            return kExitFailed;
        }
    }
    return result->recommended.fits ? kExitOk : kExitFailed;
}

int cmdDevices(const Args& args)
{
    if (args.help) {
        std::printf(
            "usage: yolostudio-cli devices [json=FILE]\n\n"
            "  json      also write the list as JSON to FILE\n\n"
            "Lists the devices a run can use (the values device= takes): the CPU with its cores and memory, then\n"
            "every CUDA device with its memory free now, total memory, multiprocessors and compute capability.\n"
            "Asking a GPU for its free memory makes a CUDA context on it while the command runs. Without a usable\n"
            "GPU, a last line says why (no NVIDIA driver, a driver too old for this build's CUDA, no GPU visible).\n");
        return kExitOk;
    }
    if (!args.rejectUnknown({"json"}))
        return kExitUsage;
    const auto devices = memory::listDevices(/*freeMemory=*/true);
    for (const memory::DeviceInfo& d : devices) {
        std::string what = d.cuda ? std::to_string(d.cores) + " multiprocessors, compute " +
                                        std::to_string(d.computeMajor) + "." + std::to_string(d.computeMinor)
                                  : std::to_string(d.cores) + " cores";
        std::printf("%-4s %s: %s free of %s, %s\n", d.id.c_str(), d.name.c_str(),
                    memory::formatBytes(d.freeBytes).c_str(), memory::formatBytes(d.totalBytes).c_str(),
                    what.c_str());
    }
    if (devices.size() == 1) {
        // Why, in one line (memory/cudadriver.h); the driver may be fine and LibTorch's CUDA runtime not.
        const std::string why = memory::gpuUnavailableReason();
        std::printf("no GPU: %s\n", why.empty() ? "LibTorch found no CUDA device" : why.c_str());
    }
    const std::string jsonPath = args.str("json", "");
    if (!jsonPath.empty()) {
        if (auto err = writeFileAtomic(jsonPath, memory::devicesToJson(devices) + "\n")) {
            std::fprintf(stderr, "error: %s\n", err->toString().c_str());
            return kExitFailed;
        }
    }
    return kExitOk;
}

}  // namespace ys::cli
