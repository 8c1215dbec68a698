// The run folder a training run writes (rank 0): events, results, checkpoints, memory, metrics, environment,
// and the run's best epoch.
#include "train/internal/runrecorder.h"

#include "common/fileutil.h"
#include "common/log.h"
#include "run/reader.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;

namespace ys {

std::string fmtG(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

RunRecorder::RunRecorder(const TrainCallbacks& callbacks, TrainSummary& summary) : cb_(callbacks), summary_(summary) {}

std::optional<Error> RunRecorder::createFolder(const TrainConfig& cfg)
{
    auto dir = createRunFolder(cfg.project, cfg.name, cfg.exist_ok);
    if (!dir)
        return dir.error();
    runDir_ = *dir;
    if (auto err = lockRunFolder())
        return err;
    openFiles();
    return std::nullopt;
}

std::optional<Error> RunRecorder::reopenFolder(const std::string& checkpoint)
{
    runDir_ = fs::path(checkpoint).parent_path().parent_path().string();
    if (auto err = lockRunFolder())
        return err;
    const int stale = removeStaleTempFiles(runDir_) + removeStaleTempFiles((fs::path(runDir_) / "weights").string());
    if (stale > 0)
        logLine("removed " + std::to_string(stale) + " unfinished file(s) left by the interrupted run");
    openFiles();
    return std::nullopt;
}

std::optional<Error> RunRecorder::lockRunFolder()
{
    auto lock = RunLock::acquire(runDir_);
    if (!lock)
        return lock.error();
    runLock_ = std::move(*lock);
    return std::nullopt;
}

void RunRecorder::openFiles()
{
    events_ = std::make_unique<EventLog>((fs::path(runDir_) / "events.jsonl").string());
    results_ = std::make_unique<ResultsCsv>((fs::path(runDir_) / "results.csv").string());
}

std::optional<Error> RunRecorder::writeFile(const std::string& name, const std::string& text) const
{
    return writeFileAtomic((fs::path(runDir_) / name).string(), text);
}

void RunRecorder::watchMemory(memory::MemoryTimeline* own,
                              const std::vector<std::vector<memory::MemorySample>>* otherRanks)
{
    timeline_ = own;
    rankMemory_ = otherRanks;
}

void RunRecorder::event(EventKind kind, const std::string& message, const std::string& details)
{
    TrainEvent ev;
    ev.kind = kind;
    ev.message = message;
    ev.epoch = eventEpoch_;
    ev.batch = eventBatch_;
    ev.time = elapsed();
    ev.wallTime = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    ev.detailsJson = details;
    if (events_)
        events_->append(ev);
    if (cb_.onEvent)
        cb_.onEvent(ev);
}

void RunRecorder::logLine(const std::string& line) const
{
    if (cb_.onLog)
        cb_.onLog(line);
    else
        logInfo(line);
}

std::optional<Error> RunRecorder::resume(const CheckpointMeta& meta, bool bestSaved)
{
    epochsWithoutImprovement_ = meta.epochsWithoutImprovement;
    elapsedBase_ = meta.elapsed;
    if (auto err = results_->load(meta.epoch))
        return err;
    if (!hasTbEventFiles(runDir_))
        for (const EpochResult& row : results_->rows())
            writeTensorBoard(row, {});   // results.csv holds no more of those epochs' memory than its own column
    summary_.best = EpochResult{};
    if (!bestSaved || meta.bestEpoch < 1)
        return std::nullopt;   // best.pt lost (deleted, or a run older than this order): the next epoch writes one
    summary_.best.epoch = meta.bestEpoch;
    for (const EpochResult& row : results_->rows())
        if (row.epoch == meta.bestEpoch)
            summary_.best = row;
    summary_.best.fitness = meta.bestFitness;
    // That epoch's per-class metrics (metrics.json), so a resumed run that finds no better epoch writes them back
    // unchanged rather than empty.
    summary_.bestMetrics = DetectionMetrics{};
    const std::string metricsPath = (fs::path(runDir_) / "metrics.json").string();
    if (auto text = readFile(metricsPath)) {
        auto saved = metricsFromJson(*text, metricsPath);
        if (saved && saved->epoch == meta.bestEpoch)
            summary_.bestMetrics = saved->metrics;
    }
    return std::nullopt;
}

Expected<bool> RunRecorder::recordEpoch(const EpochResult& row, const DetectionMetrics& metrics,
                                        const CheckpointParts& parts)
{
    const bool isBest = summary_.best.epoch < 1 || row.fitness > summary_.best.fitness;
    if (isBest) {
        epochsWithoutImprovement_ = 0;
        summary_.best = row;
        summary_.bestMetrics = metrics;
    } else {
        ++epochsWithoutImprovement_;
    }
    if (auto err = results_->append(row))
        return *err;
    memory::PhaseScope phase(timeline_, memory::Phase::Checkpoint);
    if (auto err = saveCheckpoints(parts, row.epoch, row.fitness, isBest, /*partial=*/false))
        return *err;
    writeMemoryCsv();
    writeTensorBoard(row, epochMemoryScalars());
    return isBest;
}

void RunRecorder::epochRecorded(const EpochResult& row, const DetectionMetrics& metrics, bool isBest)
{
    if (isBest)
        event(EventKind::Best, "epoch " + std::to_string(row.epoch) + " has the best fitness so far (" +
                                   fmtG(row.fitness) + "); weights/best.pt saved",
              nlohmann::json{{"fitness", row.fitness}, {"map50", row.map50}, {"map50_95", row.map50_95}}.dump());
    summary_.epochsCompleted = row.epoch;
    if (cb_.onEpoch)
        cb_.onEpoch(row, metrics);
}

std::optional<Error> RunRecorder::saveStopCheckpoint(const CheckpointParts& parts, int epochsDone)
{
    if (stepsSinceCheckpoint_ == 0)
        return std::nullopt;   // last.pt already holds these weights (or nothing was trained yet)
    memory::PhaseScope phase(timeline_, memory::Phase::Checkpoint);
    auto err = saveCheckpoints(parts, epochsDone, 0.0, /*isBest=*/false, /*partial=*/true);
    writeMemoryCsv();
    return err;
}

std::optional<Error> RunRecorder::saveCheckpoints(const CheckpointParts& parts, int epochsDone, double fitness,
                                                  bool isBest, bool partial)
{
    CheckpointMeta meta = parts.meta;
    meta.epoch = epochsDone;
    meta.bestFitness = summary_.best.epoch > 0 ? summary_.best.fitness : -1;
    meta.bestEpoch = summary_.best.epoch;
    meta.elapsed = elapsed();
    meta.epochsWithoutImprovement = epochsWithoutImprovement_;
    const fs::path weights = fs::path(runDir_) / "weights";
    auto saved = [&](const fs::path& path, bool best) {
        if (!cb_.onCheckpoint)
            return;
        CheckpointSaved c;
        c.path = path.string();
        c.epoch = epochsDone;
        c.best = best;
        c.partial = partial;
        c.fitness = fitness;
        cb_.onCheckpoint(c);
    };
    // best.pt before last.pt: a run killed between the two then resumes from the older last.pt and redoes
    // the epoch, instead of resuming with a best fitness whose weights were never written.
    if (isBest) {
        if (auto err = saveCheckpoint((weights / "best.pt").string(), meta, nullptr, parts.ema, nullptr))
            return err;
        saved(weights / "best.pt", true);
    }
    if (auto err = saveCheckpoint((weights / "last.pt").string(), meta, parts.model, parts.ema, parts.optimizer))
        return err;
    stepsSinceCheckpoint_ = 0;
    saved(weights / "last.pt", false);
    if (!partial && parts.savePeriod > 0 && epochsDone % parts.savePeriod == 0) {
        const fs::path periodic = weights / ("epoch" + std::to_string(epochsDone) + ".pt");
        if (!saveCheckpoint(periodic.string(), meta, nullptr, parts.ema, nullptr))
            saved(periodic, false);
    }
    return std::nullopt;
}

void RunRecorder::writeMemoryCsv()
{
    if (timeline_)
        timeline_->writeCsv((fs::path(runDir_) / memory::memoryCsvName(0)).string());
    if (!rankMemory_)
        return;
    for (size_t k = 0; k < rankMemory_->size(); ++k) {
        std::string text = std::string(memory::sampleCsvHeader()) + "\n";
        for (const memory::MemorySample& s : (*rankMemory_)[k])
            text += memory::formatSampleRow(s) + "\n";
        if (auto err = writeFile(memory::memoryCsvName(static_cast<int>(k) + 1), text))
            event(EventKind::Warning, err->toString());
    }
}

std::vector<TbScalar> RunRecorder::epochMemoryScalars()
{
    std::vector<TbScalar> scalars;
    if (timeline_) {
        const std::vector<memory::MemorySample> fresh = timeline_->samplesAfter(memorySeen_);
        if (!fresh.empty())
            memorySeen_ = fresh.back().time;
        scalars = memoryScalars(fresh);
    }
    if (!rankMemory_)
        return scalars;
    rankMemorySeen_.resize(rankMemory_->size(), -1);
    for (size_t k = 0; k < rankMemory_->size(); ++k) {
        std::vector<memory::MemorySample> fresh;
        for (const memory::MemorySample& s : (*rankMemory_)[k])
            if (s.time > rankMemorySeen_[k])
                fresh.push_back(s);
        if (fresh.empty())
            continue;
        rankMemorySeen_[k] = fresh.back().time;
        if (const int64_t peak = memory::ownPeak(fresh); peak > 0)
            scalars.push_back({"memory/rank" + std::to_string(k + 1) + "_peak_bytes", static_cast<double>(peak)});
    }
    return scalars;
}

void RunRecorder::writeTensorBoard(const EpochResult& row, const std::vector<TbScalar>& memory)
{
    if (tensorBoardFailed_)
        return;
    const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    std::optional<Error> err;
    if (!tensorBoard_) {
        auto writer = TbEventWriter::open(runDir_, now);
        if (writer) {
            tensorBoard_ = std::move(*writer);
            err = tensorBoard_->addSessionStart(row.epoch, now);
        } else {
            err = writer.error();
        }
    }
    if (!err) {
        std::vector<TbScalar> scalars = resultsScalars(row);
        scalars.insert(scalars.end(), memory.begin(), memory.end());
        err = tensorBoard_->addScalars(row.epoch, now, scalars);
    }
    if (!err)
        return;
    tensorBoardFailed_ = true;
    tensorBoard_.reset();
    event(EventKind::Warning, err->toString() + "; the run goes on without TensorBoard records");
}

void RunRecorder::writeBestMetrics(const std::vector<std::string>& names)
{
    RunMetrics m;
    m.epoch = summary_.best.epoch;
    m.fitness = summary_.best.fitness;
    m.names = names;
    m.metrics = summary_.bestMetrics;
    if (auto err = writeFile("metrics.json", metricsToJson(m)))
        event(EventKind::Warning, err->toString());
}

void RunRecorder::writeEnvironment(const EnvironmentInfo& env)
{
    if (auto err = writeFile("environment.json", environmentToJson(env)))
        event(EventKind::Warning, err->toString());
}

}  // namespace ys
