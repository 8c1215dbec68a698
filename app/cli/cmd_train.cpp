// train, val and predict: thin wiring from key=value arguments to the core engine.
#include "cli/commands.h"

#include "common/config.h"
#include "common/presets.h"
#include "dist/launcher.h"
#include "dist/world.h"
#include "train/trainer.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <unistd.h>

namespace ys::cli {
namespace {

TrainControl* g_control = nullptr;

extern "C" void onInterrupt(int)
{
    // First Ctrl+C stops after the current batch (last.pt then holds the weights at the stop); second one kills.
    if (g_control && !g_control->stopRequested()) {
        g_control->requestStop();
        const char msg[] = "\nstopping after this batch (Ctrl+C again to abort)\n";
        (void)!::write(2, msg, sizeof msg - 1);
    } else {
        std::signal(SIGINT, SIG_DFL);
        std::raise(SIGINT);
    }
}

void printTrainHelp()
{
    std::string resumable;
    for (const std::string& key : resumableKeys())
        resumable += (resumable.empty() ? "" : ", ") + key;
    std::printf(
        "usage: yolostudio-cli train data=PATH model=yolov8n.yaml [key=value ...] [cfg=args.yaml] [preset=NAME]\n\n"
        "Trains a detector and writes a run folder (args.yaml, results.csv, events.jsonl, weights/last.pt and\n"
        "best.pt) under project/name. Ctrl+C stops after the current batch; resume=RUN/weights/last.pt continues\n"
        "(settings marked * may change on resume: %s).\n"
        "cfg=FILE loads an args.yaml or hyp.yaml (Ultralytics, YOLOv9); preset=NAME starts from a preset:\n",
        resumable.c_str());
    for (const ConfigPreset& p : configPresets())
        std::printf("  %-20s %s\n", p.id.c_str(), p.title.c_str());
    std::printf(
        "\ndata parallel (several processes, one per device; batch is the images of one step over all of them):\n"
        "  device=0,1,2,3        one process per GPU on this machine (this process is rank 0)\n"
        "  device=cpu nproc=N    N processes on the CPU\n"
        "  nnodes=M node_rank=K master_addr=HOST [master_port=29500]\n"
        "                        machine K of M; start the same command on each (rank 0 runs on node 0)\n"
        "  dist_timeout=S        seconds the processes wait for each other (meeting, a hung peer; default %d)\n"
        "  resume=auto           continue the newest interrupted run of project/name, else start one\n"
        "Under torchrun (torchrun --no_python --nproc_per_node=2 yolostudio-cli train ...; Debian's\n"
        "python3 -m torch.distributed.run needs --redirects=1 --tee=1 on Python 3.11) or a SLURM job step\n"
        "(srun ... yolostudio-cli train ... master_addr=HOST), the world comes from their environment, and a\n"
        "restarted process resumes the run by itself.\n",
        static_cast<int>(dist::kDefaultTimeout.count()));
    std::printf("\nsettings:\n");
    const TrainConfig defaults;
    for (const ConfigKey::Group group : configGroups()) {
        std::printf("\n %s\n", groupTitle(group));
        for (const auto& k : configKeys()) {
            if (k.group != group)
                continue;
            std::string value = defaults.get(k.name).value_or("");
            if (*unitSymbol(k.unit))
                value += std::string(" ") + unitSymbol(k.unit);
            std::printf(" %c %-16s %-14s %s\n", k.resumable ? '*' : ' ', k.name, value.c_str(), k.help);
        }
    }
}

std::string bar(int done, int total)
{
    const int width = 20;
    const int filled = total > 0 ? done * width / total : 0;
    return std::string(static_cast<size_t>(filled), '#') + std::string(static_cast<size_t>(width - filled), '.');
}

// The launcher arguments (not settings: they say how many processes train, not how).
const char* const kLaunchKeys[] = {"nproc", "nnodes", "node_rank", "master_addr", "master_port", "dist_timeout"};

bool isLaunchKey(const std::string& key)
{
    for (const char* k : kLaunchKeys)
        if (key == k)
            return true;
    return false;
}

// This executable's path, for the worker processes it starts.
std::string selfPath()
{
    char buf[4096];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string("yolostudio-cli");
}

}  // namespace

int cmdTrain(const Args& args)
{
    if (args.help) {
        printTrainHelp();
        return kExitOk;
    }
    // Launcher arguments: how many processes, where they meet.
    dist::LaunchRequest launch;
    if (args.has("nproc")) {
        const auto n = args.integer("nproc", 1);
        if (!n)
            return kExitUsage;
        launch.nproc = *n;
    }
    const auto nnodes = args.integer("nnodes", 1), nodeRank = args.integer("node_rank", 0),
               masterPort = args.integer("master_port", 0), timeout = args.integer("dist_timeout", 0);
    if (!nnodes || !nodeRank || !masterPort || !timeout)
        return kExitUsage;
    launch.nnodes = *nnodes;
    launch.nodeRank = *nodeRank;
    launch.masterAddr = args.str("master_addr");
    launch.masterPort = *masterPort;
    launch.timeoutSeconds = *timeout;
    dist::WorldOverrides overrides{launch.masterAddr, launch.masterPort, launch.timeoutSeconds};
    const dist::Environment env = dist::processEnvironment();
    if (overrides.timeoutSeconds == 0 && env.count("YS_DIST_TIMEOUT"))
        overrides.timeoutSeconds = std::atoi(env.at("YS_DIST_TIMEOUT").c_str());
    auto envWorld = dist::worldFromEnvironment(env, overrides);
    if (!envWorld)
        return reportError(envWorld.error());
    if (*envWorld && (launch.nproc || args.has("nnodes") || args.has("node_rank"))) {
        std::fprintf(stderr, "error: nproc=, nnodes= and node_rank= start processes; this one was started by %s, "
                             "whose environment gives the world\n",
                     (*envWorld)->launcher.c_str());
        return kExitUsage;
    }
    // Defaults, then preset=, then cfg=FILE, then key=value arguments. The keys any of them set are the
    // ones the user gave: on resume they win over the run's own settings, whatever their value.
    TrainConfig cfg;
    TrainOptions options;
    if (args.has("preset")) {
        const ConfigPreset* preset = findPreset(args.str("preset"));
        if (!preset) {
            std::string ids;
            for (const ConfigPreset& p : configPresets())
                ids += (ids.empty() ? "" : ", ") + p.id;
            std::fprintf(stderr, "error: unknown preset '%s' (presets: %s)\n", args.str("preset").c_str(), ids.c_str());
            return kExitUsage;
        }
        cfg = withPreset(cfg, *preset);
        for (const auto& [key, value] : preset->values)
            options.givenKeys.push_back(key);
    }
    if (auto exit = applySettingsFile(args, cfg, &options.givenKeys))
        return *exit;
    bool ok = true;
    for (const auto& [k, v] : args.kv) {
        if (k == "cfg" || k == "preset" || isLaunchKey(k))
            continue;
        if (auto err = cfg.set(k, v)) {
            std::fprintf(stderr, "error: %s\n", err->message.c_str());
            ok = false;
        }
        options.givenKeys.push_back(k);
    }
    if (!ok)
        return kExitUsage;
    if (cfg.resume.empty()) {
        if (auto errs = cfg.validate(); !errs.empty()) {
            for (const auto& e : errs)
                std::fprintf(stderr, "error: %s\n", e.message.c_str());
            return kExitUsage;
        }
    }

    // A run of several processes: from torchrun's/SLURM's/our launcher's environment, or started here
    // (trainLaunched starts this machine's other ranks as this program with the same arguments).
    if (*envWorld)
        options.world = **envWorld;
    // Ranks other than 0 print only their errors: rank 0 speaks for the run. A launch started here makes this
    // process local rank 0, which is global rank 0 only on the first node: `started` says which it is.
    int rank = options.world ? options.world->rank : 0;
    bool quiet = rank != 0;
    LocalLaunch local;
    local.request = launch;
    local.workerArgv = [&args]() -> Expected<std::vector<std::string>> {
        std::vector<std::string> argv{selfPath(), "train"};
        for (const auto& [k, v] : args.kv)
            if (!isLaunchKey(k))
                argv.push_back(k + "=" + v);
        return argv;
    };
    local.started = [&rank, &quiet](const dist::WorldSpec& world, const std::vector<std::pair<int, int>>& workers) {
        rank = world.rank;
        quiet = rank != 0;
        std::printf("data parallel: %d processes (%d on this machine, node %d of %d), this is rank %d%s\n", world.size,
                    world.localSize, world.nodeRank + 1, world.nodes, world.rank,
                    dist::describeWorkers(workers).c_str());
        std::fflush(stdout);
    };

    TrainControl control;
    g_control = &control;
    std::signal(SIGINT, onInterrupt);
    const bool tty = ::isatty(1);
    TrainCallbacks cb;
    cb.onLog = [&quiet](const std::string& line) {
        if (quiet)
            return;
        std::printf("%s\n", line.c_str());
        std::fflush(stdout);
    };
    cb.onEvent = [&quiet](const TrainEvent& e) {
        if (quiet)
            return;
        switch (e.kind) {
        case EventKind::Start:
        case EventKind::Resume:
        case EventKind::Stage:
            std::printf("%s\n", e.message.c_str());
            break;
        case EventKind::OomRecovered:
        case EventKind::ValOomRecovered:
        case EventKind::EarlyStop:
        case EventKind::Stopped:
        case EventKind::Warning:
        case EventKind::Error:
        case EventKind::Unknown:
            std::printf("%s: %s\n", toString(e.kind), e.message.c_str());
            break;
        case EventKind::Fit:      // the fit's report is already in the log
        case EventKind::Transfer: // so are the transferred tensors
        case EventKind::Best:     // the epoch table shows it
        case EventKind::Finish:   // the summary below says it
            break;
        }
        std::fflush(stdout);
    };
    int lastEpochHeader = 0;
    cb.onBatch = [&](const BatchProgress& p) {
        if (quiet)
            return;
        if (p.epoch != lastEpochHeader) {
            std::printf("\n%11s%11s%11s%11s%11s%11s%11s\n", "Epoch", "Mem", "box_loss", "cls_loss",
                        p.l1Loss ? "l1_loss" : "dfl_loss",
                        "Instances", "Size");
            lastEpochHeader = p.epoch;
        }
        if (!tty && p.batch != p.batches)
            return;
        char epoch[32], mem[32];
        std::snprintf(epoch, sizeof epoch, "%d/%d", p.epoch, p.epochs);
        std::snprintf(mem, sizeof mem, "%.3gG", p.memoryPeak / 1e9);
        std::printf("%s%11s%11s%11.4g%11.4g%11.4g%11d%11d: %s %d/%d %.1f img/s%s", tty ? "\r" : "", epoch, mem, p.box,
                    p.cls, p.dfl, p.instances, p.imgsz, bar(p.batch, p.batches).c_str(), p.batch, p.batches,
                    p.imagesPerSecond, (!tty || p.batch == p.batches) ? "\n" : "");
        std::fflush(stdout);
    };
    auto result = trainLaunched(cfg, cb, &control, options, local);
    g_control = nullptr;
    std::signal(SIGINT, SIG_DFL);
    if (!result) {
        Error e = result.error();
        if (quiet)
            e.message = "rank " + std::to_string(rank) + ": " + e.message;
        return reportError(e);
    }
    if (quiet)
        return kExitOk;
    const TrainSummary& s = *result;
    std::printf("\n%d epochs completed%s. Best: epoch %d, mAP50 %.4g, mAP50-95 %.4g\nResults saved to %s\n",
                s.epochsCompleted, s.stoppedEarly ? " (early stop)" : s.stoppedByUser ? " (stopped)" : "",
                s.best.epoch, s.best.map50, s.best.map50_95, s.runDir.c_str());
    return kExitOk;
}

// val's and predict's help on `nms` (Ultralytics 8.4's setting).
constexpr const char* kNmsHelp =
    "nms=true (Ultralytics 8.4's default) runs the one-to-many head and NMS; nms=false runs a YOLO26\n"
    "model's one-to-one head without NMS: per image the max_det best scores over anchors x classes, those\n"
    "above conf (a model without a one-to-one head, or an .onnx, warns and uses NMS, as 8.4 does).\n"
    "agnostic_nms=true (Ultralytics' agnostic_nms) suppresses overlapping boxes across classes; with\n"
    "nms=false each anchor gives one row, its best class.\n";

int cmdVal(const Args& args)
{
    if (args.has("predictions"))
        return cmdScore(args);
    if (args.help) {
        std::printf("usage: yolostudio-cli val data=PATH weights=FILE [imgsz=0] [batch=32] [device=cpu] [rect=true]\n"
                    "                          [nms=true] [agnostic_nms=false] [metrics=8.4] [json=FILE]\n"
                    "Validates weights on the dataset's val split and prints P, R, mAP50, mAP50-95 per class.\n"
                    "imgsz=0 uses the size the weights were trained at. weights: a YOLO Studio run's .pt, an\n"
                    "Ultralytics checkpoint (yolov8n.pt, best.pt; YOLOv8, YOLO11, YOLOv9) or an exported .onnx\n"
                    "(run by OpenCV DNN on the CPU, with the same letterbox, NMS and metrics).\n"
                    "rect=true letterboxes batches of similar aspect to rectangles (less padding); rect=false\n"
                    "letterboxes every image to imgsz x imgsz. A static .onnx is always validated square at its\n"
                    "own size (as Ultralytics does): compare it with the .pt at rect=false.\n"
                    "json=FILE also writes the figures (all classes and per class, full precision) as JSON.\n"
                    "%s"
                    "%s\n"
                    "   or: yolostudio-cli val data=PATH predictions=DIR ... scores prediction files instead\n"
                    "       (val predictions=DIR --help tells more).\n",
                    kNmsHelp, kMetricsHelp);
        return kExitOk;
    }
    if (!args.rejectUnknown(
            {"data", "weights", "imgsz", "batch", "device", "rect", "nms", "agnostic_nms", "metrics", "json"}))
        return kExitUsage;
    const auto metrics = metricsArgument(args);
    if (!metrics)
        return kExitUsage;
    const auto imgsz = args.integer("imgsz", 0);
    const auto batch = args.integer("batch", 32);
    const auto rect = args.boolean("rect", true);
    const auto nms = args.boolean("nms", true);
    const auto agnostic = args.boolean("agnostic_nms", false);
    if (!imgsz || !batch || !rect || !nms || !agnostic)
        return kExitUsage;
    if (!args.has("data") || !args.has("weights")) {
        std::fprintf(stderr, "error: val needs data=PATH and weights=FILE\n");
        return kExitUsage;
    }
    ValOptions vo;
    vo.weights = args.str("weights");
    vo.data = args.str("data");
    vo.imgsz = *imgsz;
    vo.batch = *batch;
    vo.device = args.str("device", "cpu");
    vo.rect = *rect;
    vo.nms = *nms;
    vo.agnosticNms = *agnostic;
    vo.metrics = *metrics;
    auto r = validateWeights(vo, [](const std::string& l) { std::printf("%s\n", l.c_str()); });
    if (!r)
        return reportError(r.error());
    return writeJsonArgument(args, valSummaryToJson(vo, *r)) ? kExitOk : kExitFailed;
}

int cmdPredict(const Args& args)
{
    if (args.help) {
        std::printf("usage: yolostudio-cli predict weights=FILE source=DIR|FILE out=DIR [imgsz=0] [conf=0.25]\n"
                    "                              [iou=0.7] [max_det=300] [device=cpu] [save_img=true] [save_txt=true]\n"
                    "                              [nms=true] [agnostic_nms=false]\n"
                    "Writes images with boxes drawn and YOLO-format results (class cx cy w h conf) to out/labels/.\n"
                    "weights: a YOLO Studio run's .pt, an Ultralytics checkpoint (yolov8n.pt, best.pt; YOLOv8,\n"
                    "YOLO11, YOLOv9) or an exported .onnx (OpenCV DNN on the CPU; a static file runs at its own\n"
                    "size, letterboxed square). imgsz=0 uses the size the weights were trained at.\n"
                    "%s",
                    kNmsHelp);
        return kExitOk;
    }
    if (!args.rejectUnknown({"weights", "source", "out", "imgsz", "conf", "iou", "max_det", "device", "save_img",
                             "save_txt", "nms", "agnostic_nms"}))
        return kExitUsage;
    PredictOptions o;
    o.weights = args.str("weights");
    o.source = args.str("source");
    o.out = args.str("out", "runs/predict");
    const auto imgsz = args.integer("imgsz", 0);
    const auto conf = args.number("conf", 0.25);
    const auto iou = args.number("iou", 0.7);
    const auto maxDet = args.integer("max_det", 300);
    const auto saveImg = args.boolean("save_img", true);
    const auto saveTxt = args.boolean("save_txt", true);
    const auto nms = args.boolean("nms", true);
    const auto agnostic = args.boolean("agnostic_nms", false);
    if (!imgsz || !conf || !iou || !maxDet || !saveImg || !saveTxt || !nms || !agnostic)
        return kExitUsage;
    if (o.weights.empty() || o.source.empty()) {
        std::fprintf(stderr, "error: predict needs weights=FILE and source=DIR|FILE\n");
        return kExitUsage;
    }
    if (*imgsz != 0 && (*imgsz < 32 || *imgsz % 32 != 0)) {
        std::fprintf(stderr, "error: imgsz must be 0 (the weights' own) or a multiple of 32, not %d\n", *imgsz);
        return kExitUsage;
    }
    o.imgsz = *imgsz;
    o.conf = *conf;
    o.iou = *iou;
    o.maxDet = *maxDet;
    o.device = args.str("device", "cpu");
    o.saveImages = *saveImg;
    o.saveText = *saveTxt;
    o.nms = *nms;
    o.agnosticNms = *agnostic;
    auto r = predict(o, [](const std::string& l) { std::printf("%s\n", l.c_str()); });
    if (!r)
        return reportError(r.error());
    for (const auto& f : r->failed)
        std::fprintf(stderr, "warning: %s\n", f.c_str());
    std::printf("%d images, %lld detections, %.1f ms per image. Results saved to %s\n", r->images,
                static_cast<long long>(r->detections), r->msPerImage, o.out.c_str());
    return r->images > 0 ? kExitOk : kExitFailed;
}

}  // namespace ys::cli
