#pragma once
// The Runs page's words: a run's status, an event kind and a reading problem of a run folder as translated
// text a user reads (core speaks in codes and English developer messages; STYLE habit 13), and the short
// forms the run list shows for durations, sizes and dates. The one place that maps RunStatus, EventKind and
// the "run.*" problem codes to tr() text.

#include "common/error.h"
#include "run/reader.h"
#include "run/records.h"

#include <QCoreApplication>
#include <QIcon>
#include <QString>

#include <cstdint>

namespace ys::ui {

class RunText final {
    Q_DECLARE_TR_FUNCTIONS(ys::ui::RunText)
public:
    // "Finished", "Stopped", "Stopped early", "Interrupted · resumable", "Failed", "Running", "Not a run".
    static QString status(ys::RunStatus status, bool resumable);
    // One sentence on what the status means and what can be done ("…; Resume continues it from epoch 4").
    static QString statusHelp(ys::RunStatus status, bool resumable);
    // The status as an icon (ys::ui::runStatusIcon).
    static QIcon statusIcon(ys::RunStatus status, bool resumable);
    // "YOLO Studio", "Ultralytics", "unknown".
    static QString origin(ys::RunOrigin origin);

    // "Start", "Out of memory (recovered)", ... for every kind of the catalogue.
    static QString eventKind(ys::EventKind kind);
    // The catalogue's meaning of the kind, translated (tooltips).
    static QString eventKindHelp(ys::EventKind kind);

    // What is wrong with a run folder's file, by code ("run.cut_line", ...), naming the file (by its name)
    // and the line; core's own message for a code this table does not know.
    static QString problem(const ys::Error& error);
    // The problem's place: "results.csv, line 4", "events.jsonl", or the folder's name.
    static QString place(const ys::Error& error);

    // A duration as the list shows it: "45 s", "3 min 20 s", "1 h 05 min"; "—" for 0 or less.
    static QString duration(double seconds);
    // Bytes as formatBytes writes them ("1.2 GiB", "740.0 MiB"); "—" for 0 or less (unknown).
    static QString bytes(int64_t bytes);
    // A fraction with three decimals ("0.512"), "—" when `known` is false.
    static QString fraction(double value, bool known = true);
    // Seconds since the Unix epoch as a short local date and time; "—" for 0.
    static QString dateTime(double secondsSinceEpoch);

    // A data-parallel run's world (environment.json): "2 processes on 1 machine, gloo, started by YOLO Studio";
    // empty for one process.
    static QString world(const ys::EnvironmentInfo::World& world);
    // Its processes' devices by rank ("rank 0: cuda:0, rank 1: cuda:1"; rank 0's machine); empty when unknown.
    static QString worldDevices(const ys::EnvironmentInfo::World& world);
    // "torchrun", "SLURM", "YOLO Studio" (its own launcher: device=0,1 or nproc=); other names as written.
    static QString launcher(const std::string& launcher);
};

}  // namespace ys::ui
