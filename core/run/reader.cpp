// Readers of a run folder: one TailReader follows results.csv, events.jsonl and the memory files by byte offset;
// readRun is one poll of a fresh TailReader plus the files read whole, RunTail polls one repeatedly.
#include "run/reader.h"

#include "common/fileutil.h"
#include "run/lines.h"

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace fs = std::filesystem;

namespace ys {
namespace {

// Problems listed per file; beyond, one more line says how many were left out (a file of random bytes
// would otherwise bury the record under a million lines).
constexpr int kMaxProblemsPerFile = 20;
// No run file comes near this (memory.csv keeps ~20,000 rows, about 1.2 MB); larger ones are not read.
constexpr int64_t kMaxFileBytes = int64_t(256) << 20;
// Compared at each poll just before the offset, to notice a file rewritten in place.
constexpr size_t kTailCheckBytes = 64;
constexpr uint64_t kFnvOffset = 1469598103934665603ull, kFnvPrime = 1099511628211ull;

uint64_t fnv1a(uint64_t h, const char* data, size_t n)
{
    for (size_t i = 0; i < n; ++i)
        h = (h ^ static_cast<unsigned char>(data[i])) * kFnvPrime;
    return h;
}

std::string join(const std::string& dir, const char* name)
{
    return (fs::path(dir) / name).string();
}

bool exists(const std::string& path)
{
    std::error_code ec;
    return fs::exists(path, ec);
}

std::optional<double> jsonNumber(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number())
        return std::nullopt;
    const double v = it->get<double>();
    return std::isfinite(v) ? std::optional(v) : std::nullopt;
}

// A count (images, boxes, confusion cells): a finite number clamped to 0..1e15, else 0.
int64_t jsonCount(const nlohmann::json& v)
{
    return v.is_number() && std::isfinite(v.get<double>()) ? static_cast<int64_t>(std::clamp(v.get<double>(), 0.0, 1e15))
                                                            : 0;
}

int64_t jsonCount(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    return it == j.end() ? 0 : jsonCount(*it);
}

std::string jsonString(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Reads a small whole file (args.yaml, metrics.json, fit.json, environment.json) for the record, or says why not.
std::optional<std::string> readSmallFile(const std::string& path, std::vector<Error>& problems)
{
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) {
        problems.push_back(Error{"run.unreadable", "cannot read the file: " + ec.message(), path, 0, 0});
        return std::nullopt;
    }
    if (static_cast<int64_t>(size) > kMaxFileBytes) {
        problems.push_back(Error{"run.too_large", "the file is too large to be a run file; it was not read", path, 0, 0});
        return std::nullopt;
    }
    auto text = readFile(path);
    if (!text) {
        problems.push_back(Error{"run.unreadable", text.error().message, path, 0, 0});
        return std::nullopt;
    }
    if (text->empty())
        problems.push_back(Error{"run.empty_file", "the file is empty", path, 0, 0});
    return std::move(*text);
}

// What the last session's events say (the events after the last start or resume).
struct SessionFlags {
    bool error = false, stopped = false, earlyStop = false, finish = false;

    void add(EventKind kind)
    {
        switch (kind) {
        case EventKind::Start:
        case EventKind::Resume: *this = SessionFlags{}; break;
        case EventKind::Error: error = true; break;
        case EventKind::Stopped: stopped = true; break;
        case EventKind::EarlyStop: earlyStop = true; break;
        case EventKind::Finish: finish = true; break;
        default: break;
        }
    }
};

// Everything the status depends on.
struct StatusInputs {
    bool anyRunFile = false;     // args.yaml, results.csv or events.jsonl
    bool lockLive = false;
    bool hasEvents = false;      // events.jsonl holds at least one event
    SessionFlags session;
    int epochsDone = 0, epochsTotal = 0, patience = 0, bestEpoch = 0;
};

RunStatus decideStatus(const StatusInputs& in)
{
    if (!in.anyRunFile)
        return RunStatus::NotARun;
    if (in.lockLive)
        return RunStatus::Running;
    if (in.hasEvents) {
        if (in.session.error)
            return RunStatus::Failed;
        if (in.session.stopped)
            return RunStatus::StoppedByUser;
        if (in.session.earlyStop)
            return RunStatus::StoppedEarly;
        if (in.session.finish)
            return RunStatus::Finished;
        return RunStatus::Interrupted;
    }
    // No events (Ultralytics): results.csv against args.yaml. Ultralytics stops when epoch - best >= patience.
    if (in.epochsTotal > 0 && in.epochsDone >= in.epochsTotal)
        return RunStatus::Finished;
    if (in.patience > 0 && in.bestEpoch > 0 && in.epochsDone - in.bestEpoch >= in.patience)
        return RunStatus::StoppedEarly;
    return RunStatus::Interrupted;
}

int bestRow(const std::vector<EpochResult>& rows)
{
    int best = -1;
    for (size_t i = 0; i < rows.size(); ++i)
        if (rows[i].validated && (best < 0 || rows[i].fitness > rows[static_cast<size_t>(best)].fitness))
            best = static_cast<int>(i);
    return best;
}

// Caps the problems of one file at kMaxProblemsPerFile.
struct ProblemCounter {
    int count = 0;

    void add(std::vector<Error>& out, Error e)
    {
        ++count;
        if (count <= kMaxProblemsPerFile)
            out.push_back(std::move(e));
        else if (count == kMaxProblemsPerFile + 1)
            out.push_back(Error{"run.more_problems",
                                "more problems in this file are not listed (it may not be a run file)", e.file, 0, 0});
    }
};

enum class FileKind { Results, Events, Memory };

// One followed file: how far it has been read, and a fingerprint of what was read.
struct Cursor {
    std::string path;
    FileKind kind = FileKind::Results;
    bool open = false;          // the file existed at the last poll
    dev_t dev = 0;
    ino_t ino = 0;
    int64_t offset = 0;         // bytes consumed: up to the end of the last complete line
    uint64_t hash = kFnvOffset; // FNV-1a of those bytes
    std::string tail;           // their last kTailCheckBytes
    int64_t pending = 0;        // bytes after `offset` without a newline yet
    int lineNo = 0;             // lines consumed
    bool headerBad = false;     // the header was refused: the rest is not parsed
    bool tooLarge = false;
    ResultsCsvReader results;
    ProblemCounter problems;

    void restart()
    {
        Cursor fresh;
        fresh.path = path;
        fresh.kind = kind;
        *this = std::move(fresh);
    }
};

struct FileRead {
    bool reset = false;
    std::vector<std::string> lines;
    int firstLineNo = 1;
};

bool readAt(int fd, int64_t offset, size_t n, std::string& out)
{
    out.resize(n);
    size_t got = 0;
    while (got < n) {
        const ssize_t r = ::pread(fd, out.data() + got, n - got, static_cast<off_t>(offset + static_cast<int64_t>(got)));
        if (r <= 0)
            return false;
        got += static_cast<size_t>(r);
    }
    return true;
}

// FNV-1a of the first `n` bytes of fd.
std::optional<uint64_t> prefixHash(int fd, int64_t n)
{
    uint64_t h = kFnvOffset;
    std::string chunk;
    constexpr int64_t kChunk = 1 << 20;
    for (int64_t at = 0; at < n; at += kChunk) {
        const size_t len = static_cast<size_t>(std::min(kChunk, n - at));
        if (!readAt(fd, at, len, chunk))
            return std::nullopt;
        h = fnv1a(h, chunk.data(), chunk.size());
    }
    return h;
}

// Reads the complete lines added to the cursor's file since the last call. `fingerprint`: hash what was
// read, for the replace check of the next call (a one-shot read skips it).
FileRead advance(Cursor& c, bool fingerprint, std::vector<Error>& problems)
{
    FileRead out;
    const int fd = ::open(c.path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (c.open || c.offset > 0) {   // deleted (or made unreadable) since the last poll
            out.reset = true;
            c.restart();
        }
        return out;
    }
    struct stat st {};
    const bool statOk = ::fstat(fd, &st) == 0;
    auto done = [&] { ::close(fd); return out; };
    if (!statOk || !S_ISREG(st.st_mode))
        return done();
    if (st.st_size > kMaxFileBytes) {
        if (!c.tooLarge)
            problems.push_back(Error{"run.too_large", "the file is too large to be a run file; it was not read", c.path, 0, 0});
        c.tooLarge = true;
        return done();
    }
    c.tooLarge = false;
    const bool replaced = c.open && (st.st_dev != c.dev || st.st_ino != c.ino);
    if (c.offset > 0) {
        bool same = st.st_size >= c.offset;
        std::string probe;
        if (same && !replaced)
            same = readAt(fd, c.offset - static_cast<int64_t>(c.tail.size()), c.tail.size(), probe) && probe == c.tail;
        if (same && replaced)
            same = prefixHash(fd, c.offset) == c.hash;
        if (!same) {   // truncated, or replaced by a file that starts differently: read it from the top
            out.reset = true;
            c.restart();
        }
    }
    c.open = true;
    c.dev = st.st_dev;
    c.ino = st.st_ino;
    std::string bytes;
    if (!readAt(fd, c.offset, static_cast<size_t>(st.st_size - c.offset), bytes))
        return done();   // changed under us: the next poll sees it settled
    size_t consumed = 0;
    out.lines = completeLines(bytes, &consumed);
    out.firstLineNo = c.lineNo + 1;
    if (fingerprint)
        c.hash = fnv1a(c.hash, bytes.data(), consumed);
    const size_t keep = std::min(consumed, kTailCheckBytes);
    c.tail += bytes.substr(consumed - keep, keep);
    if (c.tail.size() > kTailCheckBytes)
        c.tail.erase(0, c.tail.size() - kTailCheckBytes);
    c.offset += static_cast<int64_t>(consumed);
    c.pending = static_cast<int64_t>(bytes.size() - consumed);
    c.lineNo += static_cast<int>(out.lines.size());
    return done();
}

// Follows the three appended/rewritten files of one run folder and keeps what the status needs.
class TailReader {
public:
    // `follow`: polled again later (RunTail), so fingerprint what is read; false for one read (readRun).
    TailReader(std::string dir, bool follow) : dir_(std::move(dir)), follow_(follow)
    {
        results_.path = join(dir_, "results.csv");
        results_.kind = FileKind::Results;
        events_.path = join(dir_, "events.jsonl");
        events_.kind = FileKind::Events;
        memory_.path = join(dir_, "memory.csv");
        memory_.kind = FileKind::Memory;
    }

    const std::string& dir() const { return dir_; }
    const Cursor& results() const { return results_; }
    const Cursor& events() const { return events_; }
    const Cursor& memory() const { return memory_; }
    const std::vector<Cursor>& rankMemory() const { return rankMemory_; }

    RunTailUpdate poll()
    {
        RunTailUpdate u;
        refreshArgs();   // first: results.csv's rows take their fitness from the run's metrics
        pollResults(u);
        pollEvents(u);
        pollMemory(u);
        pollRankMemory(u);
        u.status = status();
        return u;
    }

    RunStatus status() const
    {
        StatusInputs in;
        in.anyRunFile = exists(join(dir_, "args.yaml")) || results_.open || events_.open;
        const auto lock = RunLock::read(dir_);
        in.lockLive = lock && lock->live;
        in.hasEvents = eventCount_ > 0;
        in.session = session_;
        in.epochsDone = epochsDone_;
        in.epochsTotal = epochsTotal_;
        in.patience = patience_;
        in.bestEpoch = bestEpoch_;
        return decideStatus(in);
    }

private:
    void pollResults(RunTailUpdate& u)
    {
        FileRead r = advance(results_, follow_, u.problems);
        if (r.reset) {
            u.rowsReset = true;
            u.rows.clear();
            epochsDone_ = bestEpoch_ = 0;
            bestFitness_ = 0;
        }
        int lineNo = r.firstLineNo;
        for (const std::string& line : r.lines) {
            const int n = lineNo++;
            if (n == 1) {
                if (auto err = results_.results.setHeader(line, results_.path)) {
                    results_.headerBad = true;
                    results_.problems.add(u.problems, *err);
                }
                continue;
            }
            if (results_.headerBad || line.empty())
                continue;
            results_.results.setMetricsVersion(runMetrics_);
            auto row = results_.results.parseRow(line, results_.path, n);
            if (!row) {
                results_.problems.add(u.problems, row.error());
                continue;
            }
            epochsDone_ = std::max(epochsDone_, row->epoch);
            if (row->validated && (bestEpoch_ == 0 || row->fitness > bestFitness_)) {
                bestEpoch_ = row->epoch;
                bestFitness_ = row->fitness;
            }
            u.rows.push_back(*row);
        }
    }

    void pollEvents(RunTailUpdate& u)
    {
        FileRead r = advance(events_, follow_, u.problems);
        if (r.reset) {
            u.eventsReset = true;
            u.events.clear();
            session_ = SessionFlags{};
            eventCount_ = 0;
        }
        int lineNo = r.firstLineNo;
        for (const std::string& line : r.lines) {
            const int n = lineNo++;
            if (line.empty())
                continue;
            auto e = parseEventLine(line, events_.path, n);
            if (!e) {
                events_.problems.add(u.problems, e.error());
                continue;
            }
            if (e->kind == EventKind::Unknown)
                events_.problems.add(u.problems, Error{"run.events_kind", "an event kind this version does not know: " +
                                                                              e->message.substr(0, 60),
                                                       events_.path, n, 0});
            session_.add(e->kind);
            ++eventCount_;
            u.events.push_back(std::move(*e));
        }
    }

    void pollMemory(RunTailUpdate& u)
    {
        FileRead r = advance(memory_, follow_, u.problems);
        if (r.reset) {
            u.memoryReset = true;
            u.memory.clear();
        }
        parseMemoryLines(memory_, r, 0, u.memory, u.problems);
    }

    // memory_rank1.csv, memory_rank2.csv, ...: the files followed so far, then any new one after them.
    void pollRankMemory(RunTailUpdate& u)
    {
        for (int rank = static_cast<int>(rankMemory_.size()) + 1;
             exists(join(dir_, memory::memoryCsvName(rank).c_str())); ++rank) {
            Cursor c;
            c.path = join(dir_, memory::memoryCsvName(rank).c_str());
            c.kind = FileKind::Memory;
            rankMemory_.push_back(std::move(c));
        }
        std::vector<FileRead> reads;
        bool reset = false;
        for (Cursor& c : rankMemory_) {
            reads.push_back(advance(c, follow_, u.problems));
            reset = reset || reads.back().reset;
        }
        if (reset) {   // one series started over: give every rank's from the top (an update holds them in order)
            u.rankMemoryReset = true;
            for (size_t k = 0; k < rankMemory_.size(); ++k) {
                if (!reads[k].reset && rankMemory_[k].offset > 0) {
                    rankMemory_[k].restart();
                    reads[k] = advance(rankMemory_[k], follow_, u.problems);
                }
            }
        }
        for (size_t k = 0; k < rankMemory_.size(); ++k)
            parseMemoryLines(rankMemory_[k], reads[k], static_cast<int>(k) + 1, u.rankMemory, u.problems);
    }

    static void parseMemoryLines(Cursor& c, const FileRead& r, int rank, std::vector<memory::MemorySample>& out,
                                 std::vector<Error>& problems)
    {
        int lineNo = r.firstLineNo;
        for (const std::string& line : r.lines) {
            const int n = lineNo++;
            if (n == 1) {
                if (line != memory::sampleCsvHeader()) {
                    c.headerBad = true;
                    c.problems.add(problems, Error{"run.memory_header", fs::path(c.path).filename().string() +
                                                                            " must start with '" +
                                                                            std::string(memory::sampleCsvHeader()) + "'",
                                                   c.path, 1, 0});
                }
                continue;
            }
            if (c.headerBad || line.empty())
                continue;
            std::string why;
            if (auto s = memory::parseSampleRow(line, &why)) {
                s->rank = rank;
                out.push_back(*s);
            } else {
                c.problems.add(problems, Error{"run.memory_row", why, c.path, n, 0});
            }
        }
    }

    // epochs and patience from args.yaml, re-read when the file changes (a resume rewrites it).
    void refreshArgs()
    {
        const std::string path = join(dir_, "args.yaml");
        const double mtime = modifiedTime(path).value_or(0.0);
        if (mtime == argsMtime_)
            return;
        argsMtime_ = mtime;
        epochsTotal_ = patience_ = 0;
        runMetrics_ = MetricsVersion::Ultralytics83;
        auto text = readFile(path);
        if (!text)
            return;
        std::vector<Error> rejected;
        auto cfg = TrainConfig::fromYamlText(*text, TrainConfig{}, nullptr, path, &rejected);
        if (cfg) {
            epochsTotal_ = cfg->epochs;
            patience_ = cfg->patience;
        }
        runMetrics_ = runMetricsVersion(*text);
    }

    std::string dir_;
    bool follow_ = true;
    Cursor results_, events_, memory_;
    std::vector<Cursor> rankMemory_;   // memory_rank1.csv, memory_rank2.csv, ... (index = rank - 1)
    SessionFlags session_;
    int eventCount_ = 0;
    int epochsDone_ = 0, bestEpoch_ = 0;
    double bestFitness_ = 0;
    int epochsTotal_ = 0, patience_ = 0;
    MetricsVersion runMetrics_ = MetricsVersion::Ultralytics83;  // whose fitness results.csv's rows get
    double argsMtime_ = -1;
};

WeightsInfo weightsInfo(const std::string& path)
{
    WeightsInfo w;
    w.path = path;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        return w;
    w.present = true;
    w.bytes = static_cast<int64_t>(fs::file_size(path, ec));
    w.modified = modifiedTime(path).value_or(0.0);
    return w;
}

void readArgs(RunRecord& rec)
{
    const std::string path = join(rec.dir, "args.yaml");
    if (!exists(path))
        return;
    auto text = readSmallFile(path, rec.problems);
    if (!text || text->empty())
        return;
    rec.argsText = *text;
    auto cfg = TrainConfig::fromYamlText(*text, TrainConfig{}, &rec.unknownArgs, path, &rec.problems);
    if (!cfg) {
        rec.problems.push_back(cfg.error());
        return;
    }
    rec.args = *cfg;
    rec.args.metrics = metricsVersionName(runMetricsVersion(*text));
    rec.hasArgs = true;
}

// A JSON run file read whole by `parse` (metricsFromJson, environmentFromJson) into `out`; absent leaves
// `out` empty, a bad file becomes a problem.
template <typename T>
void readJsonFile(RunRecord& rec, const char* name, Expected<T> (*parse)(const std::string&, const std::string&),
                  std::optional<T>& out)
{
    const std::string path = join(rec.dir, name);
    if (!exists(path))
        return;
    auto text = readSmallFile(path, rec.problems);
    if (!text || text->empty())
        return;
    auto value = parse(*text, path);
    if (value)
        out = std::move(*value);
    else
        rec.problems.push_back(value.error());
}

void readFit(RunRecord& rec)
{
    const std::string path = join(rec.dir, "fit.json");
    if (!exists(path))
        return;
    auto text = readSmallFile(path, rec.problems);
    if (!text || text->empty())
        return;
    if (!nlohmann::json::accept(*text)) {
        rec.problems.push_back(Error{"run.fit", "fit.json is not valid JSON", path, 0, 0});
        return;
    }
    rec.fitJson = std::move(*text);
}

void reportCutLine(const Cursor& c, RunStatus status, std::vector<Error>& problems)
{
    if (c.pending > 0 && status != RunStatus::Running)
        problems.push_back(Error{"run.cut_line", "the last line has no end: the writer was killed while writing it; "
                                                 "it is ignored",
                                 c.path, c.lineNo + 1, 0});
}

// The newest start/resume event's device and batch (the batch after batch=auto resolved it).
void fromStartEvent(const std::vector<TrainEvent>& events, RunSummary& s)
{
    for (auto it = events.rbegin(); it != events.rend(); ++it) {
        if (it->kind != EventKind::Start && it->kind != EventKind::Resume)
            continue;
        const auto d = nlohmann::json::parse(it->detailsJson.empty() ? "{}" : it->detailsJson, nullptr, false);
        if (!d.is_object())
            return;
        if (const std::string dev = jsonString(d, "device"); !dev.empty())
            s.device = dev;
        if (auto b = jsonNumber(d, "batch"); b && *b >= 1 && *b <= 1e6)
            s.batch = static_cast<int>(*b);
        return;
    }
}

void summarize(RunRecord& rec)
{
    RunSummary& s = rec.summary;
    s.name = fs::path(rec.dir).filename().string();
    if (rec.hasArgs) {
        s.dataset = rec.args.data;
        s.model = rec.args.model;
        s.epochsTotal = rec.args.epochs;
        s.device = rec.args.device;
        s.batch = rec.args.batch;
        s.imgsz = rec.args.imgsz;
    }
    fromStartEvent(rec.events, s);
    for (const EpochResult& r : rec.rows) {
        s.epochsDone = std::max(s.epochsDone, r.epoch);
        s.wallSeconds = std::max(s.wallSeconds, r.time);
    }
    if (const int b = bestRow(rec.rows); b >= 0) {
        const EpochResult& r = rec.rows[static_cast<size_t>(b)];
        s.bestEpoch = r.epoch;
        s.bestFitness = r.fitness;
        s.bestMap50 = r.map50;
        s.bestMap50_95 = r.map50_95;
    }
    for (const TrainEvent& e : rec.events) {
        s.wallSeconds = std::max(s.wallSeconds, e.time);
        if (s.startTime == 0 && e.wallTime > 0)
            s.startTime = e.wallTime - e.time;
    }
    s.peakMemory = memory::ownPeak(rec.memory);
    for (const EpochResult& r : rec.rows)   // results.csv's memory/peak_bytes: also when memory.csv is gone
        s.peakMemory = std::max(s.peakMemory, r.peakMemory);
    if (s.startTime == 0) {
        double oldest = 0;
        for (const char* name : {"args.yaml", "results.csv", "events.jsonl", "weights/last.pt", "weights/best.pt"})
            if (auto t = modifiedTime(join(rec.dir, name)); t && (oldest == 0 || *t < oldest))
                oldest = *t;
        s.startTime = oldest;
    }
}

RunOrigin originOf(const RunRecord& rec)
{
    if (exists(join(rec.dir, "events.jsonl")) || rec.lock)
        return RunOrigin::Studio;
    const auto& u = rec.unknownArgs;
    if (std::find(u.begin(), u.end(), "task") != u.end() || std::find(u.begin(), u.end(), "mode") != u.end())
        return RunOrigin::Ultralytics;
    return RunOrigin::Unknown;
}

}  // namespace

const char* toString(RunStatus status)
{
    switch (status) {
    case RunStatus::NotARun: return "not_a_run";
    case RunStatus::Running: return "running";
    case RunStatus::Finished: return "finished";
    case RunStatus::StoppedByUser: return "stopped";
    case RunStatus::StoppedEarly: return "stopped_early";
    case RunStatus::Interrupted: return "interrupted";
    case RunStatus::Failed: return "failed";
    }
    return "?";
}

const char* toString(RunOrigin origin)
{
    switch (origin) {
    case RunOrigin::Studio: return "studio";
    case RunOrigin::Ultralytics: return "ultralytics";
    case RunOrigin::Unknown: return "unknown";
    }
    return "?";
}

std::string metricsToJson(const RunMetrics& rm)
{
    const DetectionMetrics& m = rm.metrics;
    nlohmann::json classes = nlohmann::json::array();
    for (const ClassMetrics& c : m.perClass) {
        const bool named = c.cls >= 0 && static_cast<size_t>(c.cls) < rm.names.size();
        classes.push_back({{"class", c.cls}, {"name", named ? rm.names[static_cast<size_t>(c.cls)] : ""},
                           {"images", c.images}, {"instances", c.instances}, {"precision", c.precision},
                           {"recall", c.recall}, {"map50", c.ap50}, {"map50_95", c.ap50_95}, {"pr50", c.pr50}});
    }
    const bool is83 = m.version == MetricsVersion::Ultralytics83;
    nlohmann::json j{{"epoch", rm.epoch},
                     {"metrics", metricsVersionName(m.version)},
                     {"fitness", rm.fitness},
                     {"fitness_formula", is83 ? "0.1 * mAP50 + 0.9 * mAP50-95" : "mAP50-95"},
                     {"precision", m.precision},
                     {"recall", m.recall},
                     {"map50", m.map50},
                     {"map50_95", m.map50_95},
                     {"map50_coco", m.map50_coco},
                     {"map50_95_coco", m.map50_95_coco},
                     {"metrics_note", std::string("precision, recall, map50, map50_95 as Ultralytics ") +
                                          metricsVersionName(m.version) +
                                          " computes them (results.csv, fitness); *_coco: COCO-style step AP over "
                                          "the same matches, for reference"},
                     {"names", rm.names},
                     {"classes", classes},
                     {"confusion_matrix", m.confusion},
                     {"confusion_note", "rows = predicted class, columns = true class; last row/column = background"},
                     {"pr50_note", "per class: precision (envelope) at recall 0, 0.01, ..., 1 at IoU 0.5; [] = no detections"}};
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

Expected<RunMetrics> metricsFromJson(const std::string& text, const std::string& source)
{
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error{"run.metrics", "metrics.json is not a JSON object", source, 0, 0};
    RunMetrics rm;
    DetectionMetrics& m = rm.metrics;
    rm.epoch = static_cast<int>(std::clamp(jsonNumber(j, "epoch").value_or(0.0), 0.0, 1e9));
    rm.fitness = jsonNumber(j, "fitness").value_or(0.0);
    // Files written before the key existed hold 8.3's figures.
    const auto release = j.find("metrics");
    m.version = release != j.end() && release->is_string()
                    ? parseMetricsVersion(release->get<std::string>()).value_or(MetricsVersion::Ultralytics83)
                    : MetricsVersion::Ultralytics83;
    m.precision = jsonNumber(j, "precision").value_or(0.0);
    m.recall = jsonNumber(j, "recall").value_or(0.0);
    m.map50 = jsonNumber(j, "map50").value_or(0.0);
    m.map50_95 = jsonNumber(j, "map50_95").value_or(0.0);
    m.map50_coco = jsonNumber(j, "map50_coco").value_or(0.0);
    m.map50_95_coco = jsonNumber(j, "map50_95_coco").value_or(0.0);
    if (const auto names = j.find("names"); names != j.end() && names->is_array())
        for (const auto& n : *names)
            rm.names.push_back(n.is_string() ? n.get<std::string>() : std::string());
    if (const auto classes = j.find("classes"); classes != j.end() && classes->is_array()) {
        for (const auto& c : *classes) {
            if (!c.is_object())
                return Error{"run.metrics", "an entry of \"classes\" is not an object", source, 0, 0};
            ClassMetrics cm;
            cm.cls = static_cast<int>(std::clamp(jsonNumber(c, "class").value_or(-1.0), -1.0, 1e9));
            cm.images = jsonCount(c, "images");
            cm.instances = jsonCount(c, "instances");
            cm.precision = jsonNumber(c, "precision").value_or(0.0);
            cm.recall = jsonNumber(c, "recall").value_or(0.0);
            cm.ap50 = jsonNumber(c, "map50").value_or(0.0);
            cm.ap50_95 = jsonNumber(c, "map50_95").value_or(0.0);
            if (const auto pr = c.find("pr50"); pr != c.end() && pr->is_array()) {
                if (pr->size() != static_cast<size_t>(kPrCurvePoints) && !pr->empty())
                    return Error{"run.metrics", "\"pr50\" of class " + std::to_string(cm.cls) + " has " +
                                                    std::to_string(pr->size()) + " values, not " +
                                                    std::to_string(kPrCurvePoints), source, 0, 0};
                for (const auto& v : *pr)
                    cm.pr50.push_back(v.is_number() ? std::clamp(v.get<double>(), 0.0, 1.0) : 0.0);
            }
            m.perClass.push_back(cm);
        }
    }
    if (const auto conf = j.find("confusion_matrix"); conf != j.end() && conf->is_array()) {
        for (const auto& row : *conf) {
            if (!row.is_array())
                return Error{"run.metrics", "a row of \"confusion_matrix\" is not an array", source, 0, 0};
            std::vector<int64_t> r;
            for (const auto& v : row)
                r.push_back(jsonCount(v));
            m.confusion.push_back(std::move(r));
        }
    }
    return rm;
}

Expected<RunRecord> readRun(const std::string& dir)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return Error{"run.not_found", "not a folder", dir, 0, 0};
    RunRecord rec;
    rec.dir = fs::absolute(fs::path(dir), ec).lexically_normal().string();
    if (rec.dir.size() > 1 && rec.dir.back() == '/')
        rec.dir.pop_back();
    readArgs(rec);

    TailReader tail(rec.dir, false);
    RunTailUpdate u = tail.poll();
    rec.rows = std::move(u.rows);
    rec.events = std::move(u.events);
    rec.memory = std::move(u.memory);
    rec.rankMemory = std::move(u.rankMemory);
    rec.problems.insert(rec.problems.end(), u.problems.begin(), u.problems.end());
    rec.status = u.status;
    std::vector<const Cursor*> files{&tail.results(), &tail.events(), &tail.memory()};
    for (const Cursor& c : tail.rankMemory())
        files.push_back(&c);
    for (const Cursor* c : files) {
        reportCutLine(*c, rec.status, rec.problems);
        if (c->open && c->offset == 0 && c->pending == 0)
            rec.problems.push_back(Error{"run.empty_file", "the file is empty", c->path, 0, 0});
    }

    readJsonFile(rec, "metrics.json", metricsFromJson, rec.metrics);
    readFit(rec);
    readJsonFile(rec, "environment.json", environmentFromJson, rec.environment);
    rec.hasCheck = exists(join(rec.dir, "check.json"));
    rec.last = weightsInfo(join(rec.dir, "weights/last.pt"));
    rec.best = weightsInfo(join(rec.dir, "weights/best.pt"));
    rec.lock = RunLock::read(rec.dir, &rec.problems);
    rec.origin = originOf(rec);
    summarize(rec);
    const bool endedResumably = rec.status == RunStatus::Interrupted || rec.status == RunStatus::StoppedByUser ||
                                rec.status == RunStatus::Failed;
    rec.resumable = endedResumably && rec.origin == RunOrigin::Studio && rec.last.present &&
                    (rec.summary.epochsTotal == 0 || rec.summary.epochsDone < rec.summary.epochsTotal);
    return rec;
}

Expected<RunList> listRuns(const std::string& projectDir)
{
    std::error_code ec;
    if (!fs::is_directory(projectDir, ec))
        return Error{"run.not_found", "not a folder", projectDir, 0, 0};
    RunList list;
    auto subfolders = [&](const fs::path& dir) {
        std::vector<fs::path> out;
        std::error_code e;
        for (fs::directory_iterator it(dir, e), end; !e && it != end; it.increment(e)) {
            std::error_code t;
            if (it->is_directory(t) && it->path().filename().string().rfind('.', 0) != 0)
                out.push_back(it->path());
        }
        if (e)
            list.foreign.push_back(Error{"run.unreadable", "cannot list the folder: " + e.message(), dir.string(), 0, 0});
        std::sort(out.begin(), out.end());
        return out;
    };
    auto keep = [&](RunRecord rec) {
        rec.rows.clear();
        rec.events.clear();
        rec.memory.clear();
        rec.rankMemory.clear();
        list.runs.push_back(std::move(rec));
    };
    for (const fs::path& child : subfolders(projectDir)) {
        auto rec = readRun(child.string());
        if (!rec) {
            list.foreign.push_back(rec.error());
            continue;
        }
        if (rec->status != RunStatus::NotARun) {
            keep(std::move(*rec));
            continue;
        }
        bool nested = false;
        for (const fs::path& grandchild : subfolders(child)) {
            auto inner = readRun(grandchild.string());
            if (inner && inner->status != RunStatus::NotARun) {
                keep(std::move(*inner));
                nested = true;
            }
        }
        if (!nested && child.filename() != "weights")
            list.foreign.push_back(Error{"run.not_a_run", "neither a run folder (args.yaml, results.csv, events.jsonl) "
                                                          "nor a folder of runs",
                                         child.string(), 0, 0});
    }
    std::stable_sort(list.runs.begin(), list.runs.end(), [](const RunRecord& a, const RunRecord& b) {
        return a.summary.startTime < b.summary.startTime;
    });
    return list;
}

bool RunTailUpdate::changed() const
{
    return !rows.empty() || !events.empty() || !memory.empty() || !rankMemory.empty() || rowsReset || eventsReset ||
           memoryReset || rankMemoryReset;
}

struct RunTail::State {
    explicit State(std::string dir) : reader(std::move(dir), true) {}
    TailReader reader;
};

RunTail::RunTail(std::string runDir) : state_(std::make_unique<State>(std::move(runDir))) {}
RunTail::~RunTail() = default;
RunTail::RunTail(RunTail&&) noexcept = default;
RunTail& RunTail::operator=(RunTail&&) noexcept = default;

RunTailUpdate RunTail::poll()
{
    return state_->reader.poll();
}

const std::string& RunTail::dir() const
{
    return state_->reader.dir();
}

}  // namespace ys
