#pragma once
// One line of each run file, parsed: the pieces readRun, RunTail and the writers' resume path share, so
// they read every file the same way. Each parser takes the file's path and the 1-based line number only to
// put them into its Error. Plain C++.

#include "common/error.h"
#include "eval/metrics.h"
#include "run/records.h"

#include <string>
#include <vector>

namespace ys {

// results.csv by column name, so ours, Ultralytics' (the same header; older versions pad the names with
// spaces) and files with extra or missing columns all read. Columns it does not know are skipped; a row's
// missing columns read 0.
class ResultsCsvReader final {
public:
    // The first line. Error ("run.results_header") when it has no `epoch` column.
    std::optional<Error> setHeader(const std::string& line, const std::string& path);
    bool hasHeader() const { return !columns_.empty(); }
    // Column names of the header that this reader does not use.
    const std::vector<std::string>& unknownColumns() const { return unknown_; }
    // One data line. Error ("run.results_row") for a wrong column count, a non-number or an epoch below 1.
    // The row's fitness is metricsFitness of its mAPs by the run's release (setMetricsVersion; 8.4 unless set).
    Expected<EpochResult> parseRow(const std::string& line, const std::string& path, int lineNo) const;
    void setMetricsVersion(MetricsVersion v) { metrics_ = v; }

private:
    std::vector<int> columns_;            // per header column: field index, -1 = not used
    std::vector<std::string> names_;      // per header column: its name
    std::vector<std::string> unknown_;
    bool hasMetrics_ = false;
    bool l1Loss_ = false;                 // the header names l1_loss columns (YOLO26), not dfl_loss
    MetricsVersion metrics_ = kDefaultMetricsVersion;
};

// Whose figures a run's results.csv holds, from its args.yaml text: its `metrics` key (YOLO Studio); else 8.4
// when the file has keys only Ultralytics 8.4 writes (quantize, cls_pw, cls_remap); else 8.3 (Ultralytics 8.3,
// and YOLO Studio runs written before the key existed). Unreadable text: 8.3.
MetricsVersion runMetricsVersion(const std::string& argsYaml);

// One events.jsonl line (EventLog::toJson's output). Error ("run.events_line") when it is not a JSON object
// with a string "kind"; a kind the catalogue lacks reads as EventKind::Unknown with the name kept in front
// of the message ("[name] message"), and wrongly typed fields read as their defaults.
Expected<TrainEvent> parseEventLine(const std::string& line, const std::string& path, int lineNo);

// Text lines in a byte buffer: a line ends at '\n' ("\r\n" too); what follows the last '\n' is not a line
// (a line still being written, or cut by a kill). Returns the lines and sets `consumed` to the bytes up to
// and including the last '\n'.
std::vector<std::string> completeLines(const std::string& bytes, size_t* consumed);

}  // namespace ys
