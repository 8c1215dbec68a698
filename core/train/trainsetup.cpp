// The trainer's set-up: the world, the settings (resume=, batch=auto), the device and its budget, the data, the
// run folder, the model, loader, optimizer and validator, and each stage's (train/internal/trainsetup.h).
#include "train/internal/trainsetup.h"

#include "common/device.h"
#include "common/fileutil.h"
#include "common/internal/torcherror.h"
#include "common/text.h"
#include "common/trainrules.h"
#include "fit/fit.h"
#include "model/checkpointlayers.h"
#include "model/freeze.h"
#include "model/internal/threads.h"
#include "model/modelfile.h"
#include "run/eventdetails.h"
#include "run/reader.h"
#include "train/internal/device.h"
#include "train/internal/stagerun.h"
#include "weights/checkpoint.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace fs = std::filesystem;

namespace ys {
namespace {

constexpr int kMinWarmupIterations = 100;    // warmup lasts at least this many batches (reference rule)

// Where this process writes (rank 0) or reads back (the others) the start state's checkpoint bytes.
fs::path startStatePath()
{
    return fs::temp_directory_path() / ("yolostudio-start-" + std::to_string(::getpid()) + ".pt");
}

// resume=auto: the run folder under `project` named `name` (or name2, name3, ...) that was interrupted, stopped or
// failed with epochs left (readRun's `resumable`), the one whose weights/last.pt is newest.
std::optional<std::string> latestResumableRun(const std::string& project, const std::string& name)
{
    std::error_code ec;
    const fs::path root = fs::absolute(fs::path(project), ec);
    std::optional<std::string> best;
    fs::file_time_type bestTime{};
    for (const auto& entry : fs::directory_iterator(root, ec)) {
        const std::string folder = entry.path().filename().string();
        if (folder.rfind(name, 0) != 0 ||
            !std::all_of(folder.begin() + static_cast<std::ptrdiff_t>(name.size()), folder.end(),
                         [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }))
            continue;
        const fs::path last = entry.path() / "weights" / "last.pt";
        if (!fs::exists(last, ec))
            continue;
        auto run = readRun(entry.path().string());
        if (!run || !run->resumable)
            continue;
        const auto t = fs::last_write_time(last, ec);
        if (!best || t > bestTime) {
            best = last.string();
            bestTime = t;
        }
    }
    return best;
}

}  // namespace

CheckpointMeta TrainState::checkpointMeta() const
{
    CheckpointMeta meta;
    meta.microBatch = microBatch;
    meta.batch = rankBatch();
    meta.scalerScale = scaler->currentScale();
    meta.optimizerName = opt.name();
    meta.lr0 = opt.choice.lr0;
    meta.argsYaml = stages.run().toYaml();
    meta.modelYaml = modelYaml;
    // A fine-tune's model is the weights' own YAML (e.g. yolo26n.yaml), not the path of the .pt it started from.
    meta.modelName = isWeightsFile(cfg.model) && !spec.source.empty() ? spec.source : cfg.model;
    meta.scale = spec.scale;
    meta.names = classes.names;
    meta.imgsz = cfg.imgsz;
    if (!classes.identity())
        meta.classes = classes.kept;
    return meta;
}

std::optional<Error> TrainSetup::joinWorld()
{
    // The device decides the backend (NCCL for GPUs); resume= cannot move a rank between CPU and GPU.
    torch::Device device(torch::kCPU);
    if (options_.world && options_.world->distributed()) {
        auto dev = rankDevice();
        if (!dev)
            return dev.error();
        device = *dev;
    }
    auto dp = DataParallel::join(options_.world, device);
    if (!dp)
        return dp.error();
    s_.dp = std::move(*dp);
    return std::nullopt;
}

Expected<torch::Device> TrainSetup::rankDevice() const
{
    const dist::WorldSpec one;
    const dist::WorldSpec& w = options_.world ? *options_.world : one;
    auto spec = deviceForLocalRank(s_.cfg.device, w.localRank, w.localSize);
    if (!spec)
        return spec.error();
    if (!options_.world && parseDevices(s_.cfg.device) && parseDevices(s_.cfg.device)->size() > 1)
        return Error{"device.ranks", "device=" + s_.cfg.device + " trains one process per GPU: start the run with "
                                     "yolostudio-cli train (or torchrun), which starts them",
                     {}, 0, 0};
    return resolveDevice(spec->name());
}

Error TrainSetup::setupFailure(const std::exception& e) const
{
    if (dynamic_cast<const dist::WorldFailure*>(&e))
        return Error{"dist.rank_lost", std::string("could not set up with the other processes: ") + e.what(), s_.cfg.data,
                     0, 0};
    return isOutOfMemory(e)
               ? Error{"train.oom", "the model does not fit in the memory budget even before training (weights, "
                                    "gradients and optimizer state); raise vram or pick a smaller model",
                       s_.cfg.data, 0, 0}
               : Error{"train.setup", "could not set up training: " + exceptionText(e), s_.cfg.data, 0, 0};
}

std::optional<Error> TrainSetup::setup()
{
    // The settings as given: every rank must have been started with rank 0's (resume= then reads the run's own).
    if (auto err = s_.dp->checkSameSettings(s_.cfg))
        return err;
    if (!s_.dp->writer())
        return followRankZero();
    std::optional<Error> err;
    try {
        err = setupRun();
    } catch (const dist::WorldFailure&) {
        throw;
    } catch (const std::exception& e) {
        err = setupFailure(e);
    }
    s_.dp->shareStart(err || !s_.dp->distributed() ? std::string() : startState(), err);
    if (err)
        return err;
    return s_.dp->agreeSetup(std::nullopt);
}

std::optional<Error> TrainSetup::syncBatchNorm()
{
    if (!s_.cfg.sync_bn)
        return std::nullopt;
    if (!s_.dp->distributed()) {
        recorder_.logLine("sync_bn=true: one process, whose BatchNorms already see each whole micro-batch; nothing to synchronise");
        return std::nullopt;
    }
    if (auto err = s_.dp->syncBatchNorm(*s_.model))
        return err;
    recorder_.logLine("sync_bn: BatchNorm statistics over all " + std::to_string(s_.dp->size()) + " processes' images (" +
                      std::to_string(s_.dp->size()) + " x " + std::to_string(s_.rankBatch()) + " per batch)");
    return std::nullopt;
}

std::optional<Error> TrainSetup::followRankZero()
{
    auto start = s_.dp->receiveStart();
    if (!start)
        return start.error();
    std::optional<Error> err;
    try {
        err = setupFromStart(*start);
    } catch (const dist::WorldFailure&) {
        throw;
    } catch (const std::exception& e) {
        err = setupFailure(e);
    }
    return s_.dp->agreeSetup(err);
}

std::string TrainSetup::startState()
{
    CheckpointMeta meta = s_.checkpointMeta();
    meta.epoch = s_.startEpoch;
    const fs::path tmp = startStatePath();
    if (auto err = saveCheckpoint(tmp.string(), meta, &s_.model, nullptr, s_.opt.optimizer.get()))
        throw std::runtime_error(err->message);
    std::ifstream in(tmp, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::error_code ec;
    fs::remove(tmp, ec);
    return bytes;
}

std::optional<Error> TrainSetup::setupFromStart(const std::string& start)
{
    const fs::path tmp = startStatePath();
    struct Remove {
        fs::path path;
        ~Remove()
        {
            std::error_code ec;
            fs::remove(path, ec);
        }
    } remove{tmp};
    if (auto err = writeFileAtomic(tmp.string(), start))
        return err;
    auto dev = rankDevice();
    if (!dev)
        return dev.error();
    auto ck = loadCheckpoint(tmp.string(), *dev);
    if (!ck)
        return ck.error();
    // Rank 0's settings (after resume= and batch=auto), read as it wrote them.
    auto settings = TrainConfig::fromYamlText(ck->meta.argsYaml, TrainConfig{}, nullptr, "rank 0's settings");
    if (!settings)
        return settings.error();
    s_.cfg = *settings;
    if (auto err = chooseDevice())
        return err;
    if (auto err = openData())
        return err;
    std::optional<LoadedCheckpoint> from = std::move(*ck);
    // A staged run: rank 0's settings are the run's own; this rank trains the stage of the start epoch, as rank 0
    // does (its loader, batches per epoch and collectives must be rank 0's).
    s_.cfg = s_.stages.start(s_.cfg, from->meta.epoch);
    if (auto err = loadSpec(from))
        return err;
    if (auto err = buildModel(from))
        return err;
    buildLoader();
    if (auto err = buildOptimizer(from))
        return err;
    if (from->hasOptimizer) {
        if (auto err = loadOptimizerState(tmp.string(), *s_.opt.optimizer, s_.device))
            return err;
        setWeightDecay(*s_.opt.optimizer, s_.opt.choice.kind, s_.weightDecay);
    }
    s_.startEpoch = from->meta.epoch;
    if (from->meta.microBatch > 0)
        s_.microBatch = std::min(s_.microBatch, from->meta.microBatch);
    s_.scaler->setScale(from->meta.scalerScale);
    s_.dp->attachParameters(s_.params);
    return std::nullopt;
}

std::optional<Error> TrainSetup::setupRun()
{
    std::optional<LoadedCheckpoint> resumed;
    if (auto err = loadResume(resumed))
        return err;
    if (auto errs = s_.cfg.validate(); !errs.empty())
        return errs.front();
    if (auto err = dist::checkWorldBatch(s_.cfg.batch, s_.dp->size()))
        return err;
    if (s_.dp->size() > 1 && s_.cfg.rect)
        return Error{"dist.rect", "rect=true trains rectangular batches in one process only; leave it out for a run "
                                  "of " + std::to_string(s_.dp->size()) + " processes",
                     {}, 0, 0};
    if (auto err = chooseDevice())
        return err;
    if (auto err = openData())
        return err;
    // The run folder before the model, so a run whose model cannot be read leaves its error in events.jsonl.
    if (auto err = openRunFolder())
        return err;
    s_.cfg = s_.stages.start(s_.cfg, resumed ? resumed->meta.epoch : 0);   // the loop's enterStage sends the event
    if (auto err = loadSpec(resumed))
        return err;
    if (auto err = buildModel(resumed))
        return err;
    buildLoader();
    if (auto err = buildOptimizer(resumed))
        return err;
    if (resumed) {
        if (auto err = restoreTrainingState(*resumed))
            return err;
    }
    buildValidator();
    if (!s_.cfg.nms && !s_.model->endToEnd())
        recorder_.logLine("nms=false: " + s_.cfg.model + " has no one-to-one head (YOLO26 has one); validating with "
                          "its one-to-many head and NMS, as Ultralytics 8.4 does");
    s_.dp->attachParameters(s_.params);
    return std::nullopt;
}

std::optional<Error> TrainSetup::loadResume(std::optional<LoadedCheckpoint>& resumed)
{
    // A rank its launcher restarted (torchrun --max-restarts, a requeued SLURM job) continues the run.
    if (s_.cfg.resume.empty() && options_.world && options_.world->restartCount > 0) {
        s_.cfg.resume = "auto";
        recorder_.logLine("restart " + std::to_string(options_.world->restartCount) + " of this run: resume=auto");
    }
    if (s_.cfg.resume == "auto") {
        const std::optional<std::string> latest = latestResumableRun(s_.cfg.project, s_.cfg.name);
        if (!latest) {
            recorder_.logLine("resume=auto: no interrupted run named " + s_.cfg.name + " under " + s_.cfg.project +
                              "; starting a new run");
            s_.cfg.resume.clear();
            return std::nullopt;
        }
        recorder_.logLine("resume=auto: continuing " + *latest);
        s_.cfg.resume = *latest;
    }
    if (s_.cfg.resume.empty())
        return std::nullopt;
    s_.resumePath = s_.cfg.resume;
    if (fs::is_directory(s_.resumePath))
        s_.resumePath = (fs::path(s_.resumePath) / "weights" / "last.pt").string();
    auto dev = rankDevice();
    if (!dev)
        return dev.error();
    auto ck = loadCheckpoint(s_.resumePath, *dev);
    if (!ck)
        return ck.error();
    if (ck->ultralytics)
        return Error{"resume.ultralytics", "an Ultralytics checkpoint cannot be resumed here; start a new run "
                                           "from its weights with model=" + s_.resumePath,
                     s_.resumePath, 0, 0};
    if (!ck->model || !ck->hasOptimizer)
        return Error{"resume.not_last", "this checkpoint cannot be resumed (it has no training state); resume "
                                        "from weights/last.pt",
                     s_.resumePath, 0, 0};
    // A run written before the `metrics` key was scored, and chose best.pt, as Ultralytics 8.3 does: it goes on so.
    TrainConfig before;
    before.metrics = metricsVersionName(MetricsVersion::Ultralytics83);
    auto loaded = TrainConfig::fromYamlText(ck->meta.argsYaml, before, nullptr, s_.resumePath + " (args)");
    if (!loaded)
        return loaded.error();
    TrainConfig saved = *loaded;
    // The keys the user gave that a resumed run may change (ConfigKey::resumable) take the given value,
    // whatever it is; everything else comes from the run's args.yaml.
    const std::vector<std::string> resumable = resumableKeys();
    std::vector<std::string> changed, refused;
    for (const std::string& key : options_.givenKeys) {
        if (key == "resume")
            continue;
        const std::optional<std::string> given = s_.cfg.get(key), own = saved.get(key);
        if (!given || given == own)
            continue;
        if (std::find(resumable.begin(), resumable.end(), key) == resumable.end()) {
            refused.push_back(key + " " + *own + " (given " + *given + ")");
            continue;
        }
        changed.push_back(key + " " + *own + " -> " + *given);
        saved.set(key, *given);
    }
    saved.resume = s_.resumePath;
    s_.cfg = saved;
    s_.resumeNotes.clear();
    if (!changed.empty())
        s_.resumeNotes.push_back("resume: changed from the run's own settings: " + join(changed, ", "));
    if (!refused.empty())
        s_.resumeNotes.push_back("resume: kept the run's own " + join(refused, ", ") +
                               ": these settings cannot change when a run resumes");
    resumed = std::move(*ck);
    return std::nullopt;
}

std::optional<Error> TrainSetup::chooseDevice()
{
    auto dev = rankDevice();
    if (!dev)
        return dev.error();
    s_.device = *dev;
    auto amp = resolveAmp(s_.cfg.amp, s_.device);
    if (!amp)
        return amp.error();
    s_.amp = *amp;
    if (s_.device.is_cpu())
        memory::installCpuTracker();
    const memory::MemoryStats ms = memory::currentStats(s_.memDevice());
    auto budget = memory::parseMemoryBudget(s_.cfg.vram, ms.deviceTotal);
    if (!budget)
        return budget.error();
    // An empty vram means the whole device: no cap beyond what the device itself enforces. The CPU processes of
    // this machine share vram, as the fit shares it (FitRequest::localProcesses).
    if (!s_.cfg.vram.empty()) {
        const int local = s_.dp->spec().localSize;
        memory::setBudget(processBudget(*budget, s_.device.is_cuda(), local), s_.memDevice());
        s_.budgetSet = true;
        if (s_.device.is_cpu() && local > 1)
            recorder_.logLine("vram=" + s_.cfg.vram + " is shared by the " + std::to_string(local) + " processes on this machine's "
                              "CPU: this one is held to " + memory::formatBytes(memory::budget(s_.memDevice())));
    }
    memory::TimelineOptions to;
    to.device = s_.memDevice();
    s_.timeline = std::make_unique<memory::MemoryTimeline>(to);
    s_.dp->watchMemory(s_.timeline.get(), s_.memDevice());
    // The processes of a data-parallel run on this machine share its cores.
    const int cores = processCores(s_.dp->spec().localSize);
    const RunThreads threads = runThreadsFor(s_.cfg.workers, s_.cfg.threads, s_.device.is_cuda(), cores);
    s_.intraThreads = configureIntraOpThreads(threads.intraOp);
    s_.loaderWorkers = threads.loaderWorkers;
    return std::nullopt;
}

std::optional<Error> TrainSetup::openData()
{
    auto ds = openDataset(s_.cfg.data);
    if (!ds)
        return ds.error();
    s_.dataset = std::move(*ds);
    s_.checkOptions.imgsz = s_.cfg.imgsz;
    s_.checkOptions.hashImages = false;
    s_.check = checkDataset(s_.dataset, s_.checkOptions);
    s_.trainImages = trainableImages(s_.dataset, s_.check, Split::Train);
    s_.valImages = trainableImages(s_.dataset, s_.check, Split::Val);
    s_.trainImages.resize(static_cast<size_t>(trainImagesFor(static_cast<int64_t>(s_.trainImages.size()), s_.cfg.fraction)));
    if (s_.trainImages.empty())
        return Error{"data.no_train_images", "the dataset has no usable training images", s_.dataset.spec.yamlPath, 0, 0};
    auto subset = makeClassSubset(s_.cfg.classes, s_.dataset.spec.names, s_.dataset.spec.yamlPath);
    if (!subset)
        return subset.error();
    s_.classes = std::move(*subset);
    if (!s_.classes.identity()) {
        const int64_t dropped = applyClassSubset(s_.classes, s_.trainImages) + applyClassSubset(s_.classes, s_.valImages);
        std::string kept;
        for (size_t i = 0; i < s_.classes.kept.size(); ++i)
            kept += (i ? ", " : "") + std::to_string(s_.classes.kept[i]) + " " + s_.classes.names[i];
        recorder_.logLine("classes: training on " + std::to_string(s_.classes.nc()) + " of " +
                          std::to_string(s_.dataset.spec.nc()) + " classes (" + kept + "), renumbered 0.." +
                          std::to_string(s_.classes.nc() - 1) + "; " + std::to_string(dropped) + " boxes of other classes left out");
    }
    return std::nullopt;
}

std::optional<Error> TrainSetup::loadSpec(const std::optional<LoadedCheckpoint>& resumed)
{
    const int nc = s_.classes.nc();
    if (resumed) {
        if (resumed->spec.nc != nc)
            return Error{"resume.nc", "the dataset now has " + std::to_string(nc) + " classes but the run was trained "
                                      "with " + std::to_string(resumed->spec.nc),
                         s_.cfg.data, 0, 0};
        s_.spec = resumed->spec;
        s_.modelYaml = resumed->meta.modelYaml;
        return std::nullopt;
    }
    std::error_code ec;
    if (isWeightsFile(s_.cfg.model) && fs::exists(s_.cfg.model, ec))
        return transferFrom(s_.cfg.model, nc);
    if (auto err = checkModelYamlArgument(s_.cfg.model))
        return err;
    auto spec = loadModelSpec(s_.cfg.model, nc);
    if (!spec)
        return spec.error();
    s_.spec = *spec;
    s_.modelYaml = modelYamlText(s_.spec);
    return std::nullopt;
}

std::optional<Error> TrainSetup::transferFrom(const std::string& weights, int nc)
{
    // Fine-tuning: the file's own model at this dataset's nc, every tensor whose name and shape match.
    torch::manual_seed(static_cast<uint64_t>(s_.cfg.seed));
    auto start = startingModel(weights, nc);
    if (!start)
        return start.error();
    s_.spec = start->spec;
    s_.modelYaml = s_.spec.yamlText;
    s_.model = start->model;
    s_.transferred = true;
    const TransferReport& r = start->report;
    recorder_.logLine(r.summary() + " from " + weights);
    nlohmann::json kept = nlohmann::json::array();
    for (const TensorMismatch& m : r.kept) {
        recorder_.logLine("  not transferred: " + m.describe());
        kept.push_back(m.name);
    }
    recorder_.event(EventKind::Transfer, r.summary() + " from " + weights + (r.kept.empty() ? "" : "; the others start fresh"),
                    nlohmann::json{{"weights", weights}, {"transferred", r.transferred}, {"total", r.total}, {"kept", kept}}
                        .dump());
    return std::nullopt;
}

std::optional<Error> TrainSetup::openRunFolder()
{
    recorder_.watchMemory(s_.timeline.get(), &s_.dp->rankMemory());
    if (auto err = s_.resumed() ? recorder_.reopenFolder(s_.resumePath) : recorder_.createFolder(s_.cfg))
        return err;
    bool autoBatch = s_.cfg.stages.empty() && s_.cfg.batch < 1, autoCheckpoint = s_.cfg.checkpoint == "auto";
    for (const TrainStage& st : s_.cfg.stages) {
        autoBatch = autoBatch || st.batch < 1;
        for (const auto& [key, value] : st.overrides)
            autoCheckpoint = autoCheckpoint || (key == "checkpoint" && value == "auto");
    }
    if (autoBatch || autoCheckpoint) {
        if (auto err = fitBatchToMemory())
            return *err;
        auto fittedAmp = resolveAmp(s_.cfg.amp, s_.device);
        if (!fittedAmp)
            return fittedAmp.error();
        s_.amp = *fittedAmp;
    } else if (options_.fit && !s_.resumed()) {
        if (auto err = recorder_.writeFile("fit.json", fit::fitResultToJson(*options_.fit)))
            return *err;
        recorder_.logLine("fit.json: the run starts with the fit applied to its settings (predicted peak " +
                          memory::formatBytes(options_.fit->recommended.predictedPeakBytes) + " of " +
                          memory::formatBytes(options_.fit->budgetBytes) + ")");
    }
    if (auto err = recorder_.writeFile("args.yaml", s_.cfg.toYaml()))
        return *err;
    if (auto err = recorder_.writeFile("check.json", checkResultToJson(s_.dataset, s_.check, s_.checkOptions)))
        return *err;
    // The images the check keeps out of training and validation, by rule (check.json lists the files).
    if (const std::vector<ExcludedImage> excluded = excludedImages(s_.dataset, s_.check); !excluded.empty())
        recorder_.event(EventKind::Warning, excludedImagesText(excluded));
    return std::nullopt;
}

std::optional<Error> TrainSetup::fitBatchToMemory()
{
    // Data parallel: rank 0 fits its own device for one process's share of the world batch, of the cores and,
    // on the CPU, of the memory its machine's processes share (fitRequestFor, FitRequest::localProcesses).
    fit::FitRequest req = fit::fitRequestFor(s_.cfg, s_.dp->spec().localSize, s_.dp->spec().nodes);
    req.device = s_.memDevice();
    if (s_.dp->spec().localSize > 1)
        req.threads = s_.intraThreads;
    recorder_.logLine("batch=auto: probing memory to fit the batch size...");
    auto fit = fit::fitToMemory(req);
    if (!fit)
        return fit.error();
    if (auto err = recorder_.writeFile("fit.json", fit::fitResultToJson(*fit)))
        return *err;
    const fit::Recommendation& rec = fit->recommended;
    if (!rec.fits)
        return Error{"fit.no_fit", "not even batch 1 fits the memory budget at imgsz " + std::to_string(rec.imgsz) +
                                       "; lower imgsz, pick a smaller model or raise vram",
                     s_.cfg.data, 0, 0};
    if (s_.cfg.batch < 1) {
        s_.cfg.batch = rec.batch * s_.dp->size();
        if (s_.dp->size() > 1)
            recorder_.logLine("batch=auto: " + std::to_string(rec.batch) + " images per process x " + std::to_string(s_.dp->size()) +
                              " processes = " + std::to_string(s_.cfg.batch) + " images per step");
    }
    std::vector<std::vector<int>> autoCheckpoint = {rec.checkpointLayers};
    if (!s_.cfg.stages.empty()) {
        // Each stage's batch=auto becomes the batch fitted at its own imgsz (args.yaml and a resume keep it).
        autoCheckpoint.clear();
        for (size_t i = 0; i < s_.cfg.stages.size() && i < fit->stages.size(); ++i) {
            const fit::StageFit& sf = fit->stages[i];
            if (!sf.fits)
                return Error{"fit.no_fit", "stage " + std::to_string(i + 1) + ": not even batch 1 fits the memory "
                                           "budget at imgsz " + std::to_string(sf.imgsz) +
                                           "; lower its imgsz, pick a smaller model or raise vram",
                             s_.cfg.data, 0, 0};
            if (s_.cfg.stages[i].batch < 1)
                s_.cfg.stages[i].batch = sf.batch * s_.dp->size();   // a stage's batch is the world's too
            autoCheckpoint.push_back(sf.checkpointLayers);
        }
    }
    s_.stages.setAutoCheckpoint(std::move(autoCheckpoint));
    if (s_.cfg.amp == "auto")
        s_.cfg.amp = rec.ampMode;
    std::istringstream report(fit::formatFitResult(*fit));
    for (std::string line; std::getline(report, line);)
        recorder_.logLine(line);
    recorder_.event(EventKind::Fit, "batch=auto chose batch " + std::to_string(rec.batch) + " (accumulate " +
                               std::to_string(rec.accumulate) + ", amp " + rec.ampMode + "), predicted peak " +
                               memory::formatBytes(rec.predictedPeakBytes) + " of " + memory::formatBytes(fit->budgetBytes),
                    detailsJson(FitDetails{rec.batch, rec.accumulate, rec.ampMode, rec.imgsz, rec.predictedPeakBytes,
                                           fit->budgetBytes, fit->certainty}));
    return std::nullopt;
}

std::optional<Error> TrainSetup::buildModel(std::optional<LoadedCheckpoint>& resumed)
{
    if (resumed) {
        s_.model = resumed->model;
    } else if (!s_.transferred) {
        torch::manual_seed(static_cast<uint64_t>(s_.cfg.seed));
        s_.model = DetectionModel(s_.spec);
    }
    s_.model->to(s_.device);
    if (s_.channelsLast())
        ys::toChannelsLast(*s_.model);
    s_.model->train();
    // freeze= (and the DFL projection, always): before the optimizer, whose groups leave frozen tensors out.
    auto frozen = freezeLayers(*s_.model, s_.cfg.freeze);
    if (!frozen)
        return frozen.error();
    if (!frozen->layers.empty()) {
        const std::string which = *s_.cfg.get("freeze");  // "10" (the first 10) or "[2, 5]"
        recorder_.logLine("freeze: " + (which.front() == '[' ? "layers " + which : "the first " + which + " layers") + " (" +
                          std::to_string(frozen->names.size()) + " tensors, " + std::to_string(frozen->parameters) +
                          " parameters, the DFL projection included) are not trained");
    }
    s_.loss = std::make_unique<DetectionLoss>(s_.classes.nc(), s_.model->regMax(), s_.model->strides(),
                                              LossGains{s_.cfg.box, s_.cfg.cls, s_.cfg.dfl}, s_.model->endToEnd());
    return applyCheckpointing();
}

std::optional<Error> TrainSetup::applyCheckpointing()
{
    const std::optional<CheckpointSetting> setting = parseCheckpointSetting(s_.cfg.checkpoint);
    if (!setting)
        return Error{"config.checkpoint", "checkpoint " + s_.cfg.checkpoint + " is not off, auto, backbone, all or a "
                                          "list of layers", s_.cfg.data, 0, 0};
    std::vector<int> layers;
    if (setting->mode == CheckpointSetting::Mode::Auto) {
        layers = s_.stages.autoCheckpointLayers();
    } else {
        auto chosen = checkpointLayers(*setting, s_.spec);
        if (!chosen)
            return chosen.error();
        layers = *chosen;
    }
    if (layers != s_.model->checkpointLayers()) {
        s_.model->setCheckpointLayers(layers);
        if (!layers.empty())
            recorder_.logLine("checkpoint=" + s_.cfg.checkpoint + ": layers " + checkpointLayersText(layers) +
                              " recompute their activations in the backward pass (less memory, more time per step)");
    }
    return std::nullopt;
}

std::optional<Error> TrainSetup::enterStage(const StageSchedule::Entry& stage, int epoch)
{
    if (!stage.first) {
        // A new stage: its image size, batch and augmentation in new loaders; the optimizer, EMA, scaler and
        // schedule carry over.
        s_.cfg = stage.cfg;
        s_.loader.reset();
        buildLoader();
        setWeightDecay(*s_.opt.optimizer, s_.opt.choice.kind, s_.weightDecay);
        s_.lastOptStep = s_.niBase - 1;   // the accumulation window starts with the stage
        s_.validator.reset();
        buildValidator();
    }
    if (auto err = applyCheckpointing())
        return err;
    const std::string ck = s_.model->checkpointLayers().empty() ? std::string("off")
                           : s_.cfg.checkpoint == "auto"         ? checkpointLayersText(s_.model->checkpointLayers())
                                                               : s_.cfg.checkpoint;
    const StageDetails d = stageEventDetails(s_.stages.run(), static_cast<size_t>(stage.index), s_.cfg,
                                             accumulateFor(s_.cfg.nbs, s_.cfg.batch), ck,
                                             stage.first && s_.resumed() && s_.stages.insideStage(epoch));
    recorder_.event(EventKind::Stage, stageEventText(d), detailsJson(d));
    recorder_.logLine(stageEventText(d));
    return std::nullopt;
}

void TrainSetup::buildLoader()
{
    LoaderOptions lo;
    lo.imgsz = s_.cfg.imgsz;
    lo.batch = s_.rankBatch();
    lo.rank = s_.dp->rank();
    lo.world = s_.dp->size();
    lo.augment = true;
    lo.rect = s_.cfg.rect;
    lo.shuffle = !s_.cfg.rect;
    lo.workers = s_.loaderWorkers;
    if (lo.workers != s_.cfg.workers)
        recorder_.logLine("workers=" + std::to_string(s_.cfg.workers) + " -> " + std::to_string(lo.workers) + ": " +
                          std::to_string(s_.intraThreads) + " of " + std::to_string(cpuCores()) + " cores run the model" +
                          (lo.workers == 0 ? ", so batches are built on those threads between steps" : ""));
    lo.seed = static_cast<uint64_t>(s_.cfg.seed);
    lo.cacheRam = s_.cfg.cache == "ram";
    lo.pad = 0.0;
    lo.hyp = s_.cfg;
    s_.loader = std::make_unique<BatchLoader>(s_.trainImages, lo);
    s_.microBatch = options_.microBatch > 0 ? std::min(options_.microBatch, s_.rankBatch()) : s_.rankBatch();
    // The reference trainer's rules for a world batch (batch x world = s_.cfg.batch images per step):
    // accumulate = max(round(nbs / (batch x world)), 1), weight decay x batch x accumulate x world / nbs.
    s_.accumulate = accumulateFor(s_.cfg.nbs, s_.cfg.batch);
    s_.weightDecay = s_.cfg.weight_decay * s_.cfg.batch * s_.accumulate / s_.cfg.nbs;
}

std::optional<Error> TrainSetup::buildOptimizer(const std::optional<LoadedCheckpoint>& resumed)
{
    auto choice = resolveOptimizer(s_.cfg, static_cast<int64_t>(s_.trainImages.size()), s_.cfg.batch, s_.classes.nc(),
                                   autoPicksMuSGD(s_.spec));
    if (!choice)
        return choice.error();
    s_.opt.choice = *choice;
    if (resumed) {
        // The optimizer the run started with, whatever optimizer=auto would pick at today's batch.
        auto kind = optimizerKindFor(resumed->meta.optimizerName, 0, s_.cfg.batch, s_.cfg.nbs, s_.cfg.epochs);
        if (!kind)
            return Error{"checkpoint.meta", kind.error().message, s_.resumePath, 0, 0};
        s_.opt.choice.kind = *kind;
        s_.opt.choice.lr0 = resumed->meta.lr0;
    }
    s_.opt.optimizer = makeOptimizer(*s_.model, s_.opt.choice.kind, s_.opt.choice.lr0, s_.opt.choice.momentum,
                                     s_.weightDecay);
    for (auto& g : s_.opt.optimizer->param_groups())
        for (auto& p : g.params())
            s_.params.push_back(p);
    // Warmup epochs count in the first stage's batches.
    const int64_t firstBatches = batchesPerEpochFor(static_cast<int64_t>(s_.trainImages.size()),
                                                    stageConfig(s_.cfg, 0).batch);
    s_.warmupIters = s_.cfg.warmup_epochs > 0
                       ? std::max<int64_t>(std::llround(s_.cfg.warmup_epochs * static_cast<double>(firstBatches)),
                                           kMinWarmupIterations)
                       : -1;
    s_.scaler = std::make_unique<GradScaler>(s_.amp == AmpMode::Fp16, s_.device);
    if (s_.dp->writer())   // the EMA is validated and saved by rank 0 alone
        s_.ema = std::make_unique<ModelEma>(s_.spec, s_.model);
    return std::nullopt;
}

std::optional<Error> TrainSetup::restoreTrainingState(const LoadedCheckpoint& resumed)
{
    // The micro-batch an out-of-memory left, while the images per process are the same (another world size or
    // batch starts from the whole batch again).
    if (resumed.meta.microBatch > 0 && resumed.meta.batch == s_.rankBatch())
        s_.microBatch = std::min(s_.microBatch, resumed.meta.microBatch);
    if (auto err = loadOptimizerState(s_.resumePath, *s_.opt.optimizer, s_.device))
        return *err;
    // A changed batch size changes the weight decay scaling; the optimizer state keeps the old value.
    setWeightDecay(*s_.opt.optimizer, s_.opt.choice.kind, s_.weightDecay);
    if (resumed.ema) {
        DetectionModel savedEma = resumed.ema;
        s_.ema->restore(savedEma, resumed.meta.emaUpdates);
    } else {
        s_.ema->updates = resumed.meta.emaUpdates;
    }
    s_.scaler->setScale(resumed.meta.scalerScale);
    s_.startEpoch = resumed.meta.epoch;
    s_.niBase = batchesBefore(s_.stages.run(), static_cast<int64_t>(s_.trainImages.size()), s_.startEpoch);
    if (auto err = recorder_.resume(resumed.meta, fs::exists(fs::path(s_.resumePath).parent_path() / "best.pt")))
        return *err;
    if (s_.startEpoch >= s_.cfg.epochs)
        return Error{"resume.finished", "this run already finished its " + std::to_string(s_.cfg.epochs) +
                                            " epochs; pass epochs=N to train longer",
                     s_.resumePath, 0, 0};
    return std::nullopt;
}

void TrainSetup::buildValidator()
{
    if (s_.valImages.empty())   // val=false still validates the final epoch, as the reference does
        return;
    ValidatorOptions vo;
    vo.imgsz = s_.cfg.imgsz;
    vo.batch = validationBatchFor(s_.rankBatch());
    vo.workers = s_.loaderWorkers;
    vo.filter.conf = s_.cfg.conf;
    vo.filter.iou = s_.cfg.iou;
    vo.filter.maxDet = s_.cfg.max_det;
    vo.filter.agnostic = s_.cfg.agnostic_nms;
    vo.metrics = parseMetricsVersion(s_.cfg.metrics).value_or(kDefaultMetricsVersion);
    vo.nms = s_.cfg.nms;
    vo.amp = s_.amp;
    vo.channelsLast = s_.channelsLast();
    s_.validator = std::make_unique<Validator>(s_.valImages, s_.classes.nc(), vo, s_.device);
}

}  // namespace ys
