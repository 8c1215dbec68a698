#pragma once
// The records of a training run: what the trainer hands its callbacks and writes into the run folder, and
// what the run-folder readers give back. One results.csv row (EpochResult), one batch's progress
// (BatchProgress), one events.jsonl line (TrainEvent) with its kind from one catalogue (eventKinds()).
// Plain C++: no torch, no Qt.

#include "common/severity.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ys {

// One row of results.csv (PRODUCT.md header), plus what the charts want.
struct EpochResult {
    int epoch = 0;                 // 1-based
    double time = 0;               // seconds since the run started (resumed runs continue the count)
    double trainBox = 0, trainCls = 0, trainDfl = 0;   // mean training losses of the epoch
    double precision = 0, recall = 0, map50 = 0, map50_95 = 0;
    double valBox = 0, valCls = 0, valDfl = 0;
    double lr[3] = {0, 0, 0};      // pg0 (weights with decay), pg1 (norm weights), pg2 (biases)
    double fitness = 0;            // metricsFitness: mAP50-95 (8.4) or 0.1 * mAP50 + 0.9 * mAP50-95 (8.3)
    double imagesPerSecond = 0;    // training throughput of the epoch (loading included; results.csv's extra
                                   // column train/images_per_s; 0 when unknown, e.g. Ultralytics' files)
    int64_t peakMemory = 0;        // peak tensor bytes during the epoch (extra column memory/peak_bytes; 0: unknown)
    bool validated = false;
    bool l1Loss = false;           // the distance columns are train/l1_loss and val/l1_loss (no DFL bins: YOLO26),
                                   // else train/dfl_loss and val/dfl_loss; trainDfl and valDfl hold them either way
};

// Sent once per loader batch, after its forward/backward passes (throttle in the receiver if needed).
struct BatchProgress {
    int epoch = 0, epochs = 0;     // 1-based epoch
    int batch = 0, batches = 0;    // 1-based batch within the epoch
    double box = 0, cls = 0, dfl = 0;   // running means of the epoch so far (dfl: the L1 term when l1Loss)
    bool l1Loss = false;                // as EpochResult::l1Loss
    int instances = 0;             // boxes in this batch
    int imgsz = 0;
    int microBatch = 0;            // images per forward/backward (smaller than batch after an OOM recovery)
    double imagesPerSecond = 0;    // running throughput of the epoch
    double lr = 0;                 // pg0 learning rate
    int64_t memoryAllocated = 0, memoryPeak = 0;   // tensor bytes
    double elapsed = 0;            // seconds since the run started
};

// What an events.jsonl line is about. The catalogue (eventKinds()) gives each kind its name in the file,
// its severity and its meaning; the trainer, the CLI and every reader go through it.
enum class EventKind : uint8_t {
    Start,            // a new run began
    Resume,           // a run continued from weights/last.pt
    Fit,              // batch=auto chose the batch (fit.json written)
    Transfer,         // the run started from a weights file (model=x.pt): which tensors came from it
    OomRecovered,     // out of memory in a training step: micro-batch halved, batch redone
    ValOomRecovered,  // out of memory in validation: validation batch halved
    Best,             // a new best fitness: weights/best.pt written
    EarlyStop,        // patience ran out
    Stopped,          // the user stopped the run (last.pt holds the weights at the stop)
    Warning,          // something went wrong that did not stop the run
    Error,            // the run failed
    Finish,           // the run ended (after every epoch, an early stop or a stop by the user)
    Stage,            // a stage of a staged run began: its imgsz, batch, epochs and overrides (details)
    Unknown,          // read from a file: a kind this version does not know
};

struct EventKindInfo {
    EventKind kind;
    const char* name;       // as written in events.jsonl ("oom_recovered")
    Severity severity;
    const char* meaning;    // one English line, for tooltips and docs
};

// Every kind in enum order, Unknown last.
const std::vector<EventKindInfo>& eventKinds();
const EventKindInfo& eventKindInfo(EventKind kind);
const char* toString(EventKind kind);   // the name in events.jsonl
// The kind written as `name`, or nullopt for a name the catalogue does not have.
std::optional<EventKind> eventKindFromString(const std::string& name);

// One line of events.jsonl. `epoch` is the epoch the event belongs to (1-based; 0 = before the first
// epoch: start, fit, a setup error); at the boundary after epoch e (resume, early_stop, finish) it is e.
// `batch` is the 1-based batch of that epoch when the event happened in its training pass, 0 when it
// happened outside one (validation, checkpoint, between epochs). On a chart with x in epochs an event
// sits at batch > 0 ? epoch - 1 + batch / batches : epoch.
struct TrainEvent {
    EventKind kind = EventKind::Unknown;
    std::string message;           // one English sentence
    int epoch = 0, batch = 0;
    double time = 0;               // seconds since the run started (resumed runs continue the count)
    double wallTime = 0;           // when it happened: seconds since the Unix epoch (UTC); 0 = unknown
    std::string detailsJson;       // extra fields as a JSON object text ("{}" or empty when none)
};

}  // namespace ys
