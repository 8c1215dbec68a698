#pragma once
// Readers of a run folder, beside its writers (runfolder.h). The Runs page, the Train page's dashboard and
// the report read runs through these, whether the studio, its CLI or Ultralytics wrote them:
//   readRun(dir)        everything in one folder, with a status and a summary
//   listRuns(project)   every run folder under a project folder
//   RunTail             what was added to a run's files since the last poll (a run another thread or process
//                       is writing)
// They never write into the folder, never throw and never crash on bad bytes: each problem becomes an Error
// (code "run.*" or "config.*", the file, the 1-based line) in `problems`, and reading goes on with what is
// left. Plain C++ (no torch, no Qt); no shared state, so any thread may call them (one RunTail per thread).

#include "common/config.h"
#include "common/error.h"
#include "eval/metrics.h"
#include "memory/samples.h"
#include "run/environment.h"
#include "run/records.h"
#include "run/runlock.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ys {

// What state a run folder is in. Decided from the last session's events (those after the last start or
// resume), the lock file of a live writer (runlock.h) and, for folders without events.jsonl (Ultralytics),
// from results.csv against args.yaml.
enum class RunStatus : uint8_t {
    NotARun,        // none of args.yaml, results.csv, events.jsonl: a foreign folder
    Running,        // a live process holds train.lock
    Finished,       // every epoch done
    StoppedByUser,  // a "stopped" event: last.pt holds the last finished epoch
    StoppedEarly,   // patience ran out ("early_stop"; inferred from the rows for Ultralytics runs)
    Interrupted,    // ended without finish or error (killed, crash, power cut, or an Ultralytics run cut short)
    Failed,         // the last session ended with an "error" event
};
const char* toString(RunStatus status);   // "not_a_run", "running", "finished", "stopped", "stopped_early",
                                          // "interrupted", "failed"

// Who wrote the folder.
enum class RunOrigin : uint8_t {
    Studio,        // YOLO Studio (events.jsonl or train.lock present)
    Ultralytics,   // args.yaml with Ultralytics' own keys (task, mode), no events.jsonl
    Unknown,
};
const char* toString(RunOrigin origin);   // "studio", "ultralytics", "unknown"

struct WeightsInfo {
    std::string path;        // absolute path, also when the file is absent
    bool present = false;
    int64_t bytes = 0;
    double modified = 0;     // seconds since the Unix epoch (mtime); 0 when absent
};

// metrics.json: the best epoch's per-class results and confusion matrix. Written by the trainer through
// metricsToJson, read back by metricsFromJson (the report and the Runs page).
struct RunMetrics {
    int epoch = 0;                    // the best epoch (1-based)
    double fitness = 0;
    std::vector<std::string> names;   // class names, index = class id
    DetectionMetrics metrics;         // perClass[i].cls indexes names
};
std::string metricsToJson(const RunMetrics& m);
// `source` names the file in errors (code "run.metrics").
Expected<RunMetrics> metricsFromJson(const std::string& text, const std::string& source = {});

// The figures the Runs list shows for one run.
struct RunSummary {
    std::string name;                 // the folder's name ("exp3")
    std::string dataset;              // args.yaml `data`
    std::string model;                // args.yaml `model`
    int epochsDone = 0;               // highest epoch in results.csv
    int epochsTotal = 0;              // args.yaml `epochs` (0 = unknown)
    int bestEpoch = 0;                // epoch of the best fitness (0 = no rows)
    double bestFitness = 0, bestMap50 = 0, bestMap50_95 = 0;
    double wallSeconds = 0;           // training time: the later of the last row's and the last event's time
    int64_t peakMemory = 0;           // bytes: the run's own peak, from memory.csv's window peaks (memory::ownPeak)
                                      // and results.csv's per-epoch peaks (0 = unknown)
    std::string device;               // as the last start/resume event says ("cpu", "cuda:0"), else args
    int batch = 0;                    // ditto: after batch=auto the batch the fit chose; -1 = auto never resolved
    int imgsz = 0;                    // args.yaml `imgsz`
    double startTime = 0;             // seconds since the Unix epoch the run began (first event; else the
                                      // oldest run file's mtime); 0 = unknown
};

struct RunRecord {
    std::string dir;                  // absolute, normalised
    RunStatus status = RunStatus::NotARun;
    RunOrigin origin = RunOrigin::Unknown;
    bool resumable = false;           // `train resume=DIR/weights/last.pt` can continue it: a studio run,
                                      // not running, last.pt present, epochs left, not finished/stopped early
    RunSummary summary;

    bool hasArgs = false;
    TrainConfig args;                 // args.yaml over the defaults (bad values keep the default: see problems)
    std::vector<std::string> unknownArgs;   // args.yaml keys this studio does not use (Ultralytics' task, ...)
    std::string argsText;             // args.yaml as it is on disk

    std::vector<EpochResult> rows;    // results.csv, in file order
    std::vector<TrainEvent> events;   // events.jsonl, in file order (all sessions)
    std::vector<memory::MemorySample> memory;   // memory.csv (the last session's timeline; rank 0's)
    // Data parallel: the other ranks' timelines (memory_rank1.csv, memory_rank2.csv, ...: memoryCsvName), each
    // sample's `rank` set from its file's name; rank by rank, each in time order. Empty for one process.
    std::vector<memory::MemorySample> rankMemory;
    std::optional<RunMetrics> metrics;          // metrics.json
    std::string fitJson;              // fit.json's text (fit::fitResultFromJson reads it); empty = absent
    bool hasCheck = false;            // check.json present (the data check of the run's dataset)
    std::optional<EnvironmentInfo> environment;   // environment.json (absent: older runs, Ultralytics)
    WeightsInfo last, best;           // weights/last.pt, weights/best.pt
    std::optional<RunLockInfo> lock;  // train.lock, when present (live or left by a killed process)

    std::vector<Error> problems;      // everything that could not be read, with file and line
};

// Reads one run folder. Error (code "run.not_found") only when `dir` is not a readable folder; any other
// folder gives a record (status NotARun for a foreign one). Costs one pass over each file (memory.csv holds
// at most ~20,000 rows): call it off the GUI thread.
Expected<RunRecord> readRun(const std::string& dir);

struct RunList {
    std::vector<RunRecord> runs;      // sorted by summary.startTime, oldest first; rows/events/memory emptied
    std::vector<Error> foreign;       // folders that are not runs ("run.not_a_run") or cannot be read
};

// Every run folder under `projectDir`: its subfolders, and for a subfolder that is no run itself its own
// subfolders (Ultralytics nests runs/detect/train*). Hidden folders are skipped. Error ("run.not_found")
// only when `projectDir` is not a readable folder. Reads every run (readRun): call it off the GUI thread.
Expected<RunList> listRuns(const std::string& projectDir);

// What RunTail::poll found since the previous poll. For each file, `...Reset` true means the file was
// replaced by one whose start differs, truncated or deleted: drop everything had from it, then append the
// new items (which then start at the file's beginning; none when it was deleted).
struct RunTailUpdate {
    std::vector<EpochResult> rows;
    std::vector<TrainEvent> events;
    std::vector<memory::MemorySample> memory;       // memory.csv (rank 0)
    // The other ranks' new samples (memory_rankN.csv; `rank` set), rank by rank. `rankMemoryReset`: one of
    // those files was replaced by a different one, truncated or deleted, so every rank's file was read again
    // from the top: drop every rank > 0 sample had, then append these.
    std::vector<memory::MemorySample> rankMemory;
    bool rowsReset = false, eventsReset = false, memoryReset = false, rankMemoryReset = false;
    RunStatus status = RunStatus::NotARun;   // the run's status now
    std::vector<Error> problems;             // about the new lines only
    bool changed() const;                    // anything new, or a reset
};

// Follows a run that another process (the CLI) or the training thread is writing: results.csv, events.jsonl,
// memory.csv and every rank's memory_rankN.csv (ranks 1, 2, ... up to the first absent file; a rank file that
// appears later is picked up then). Keeps a byte offset per file and returns only complete new lines: a half-written last line waits for its newline; a file that is
// atomically replaced (results.csv and memory.csv are rewritten each epoch) continues from the old offset
// when its start is unchanged and is read again from the top otherwise; truncation and deletion reset.
// Call poll() from a timer or a file watcher's signal; each poll costs a stat per file plus reading the new
// bytes (and, after a replace, re-hashing the part read before). Not thread-safe: one thread per RunTail.
class RunTail final {
public:
    explicit RunTail(std::string runDir);
    ~RunTail();
    RunTail(RunTail&&) noexcept;
    RunTail& operator=(RunTail&&) noexcept;
    RunTail(const RunTail&) = delete;
    RunTail& operator=(const RunTail&) = delete;

    RunTailUpdate poll();
    const std::string& dir() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace ys
