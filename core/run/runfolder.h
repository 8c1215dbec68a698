#pragma once
// The run folder (PRODUCT.md): args.yaml, results.csv, events.jsonl, memory.csv, weights/{last,best}.pt,
// fit.json, check.json. Torch-free; every file is written atomically or appended line by line.

#include "common/error.h"
#include "run/records.h"

#include <optional>
#include <string>
#include <vector>

namespace ys {

// The exact results.csv header of PRODUCT.md (no trailing newline). Ultralytics writes the same one; for a model
// without DFL bins (YOLO26, `l1Loss`) Ultralytics 8.4 names the distance columns train/l1_loss and val/l1_loss.
std::string resultsCsvHeader(bool l1Loss = false);
// The columns YOLO Studio writes after the reference ones (readers that know only those skip them):
// "train/images_per_s" (training throughput of the epoch, loading included) and "memory/peak_bytes" (the peak
// tensor memory of the epoch, training and validation), so a run read from its files shows what the live
// dashboard showed.
const char* resultsCsvExtraColumns();

// project/name, or project/name2, name3, ... when it exists and !existOk. Creates the folder and weights/.
Expected<std::string> createRunFolder(const std::string& project, const std::string& name, bool existOk);

// results.csv: PRODUCT.md's exact header, then resultsCsvExtraColumns(); rewritten atomically after each
// epoch so a killed run never leaves a half line.
class ResultsCsv {
public:
    explicit ResultsCsv(std::string path);
    // Loads rows of an existing file (resume), keeping only epochs <= keepUpTo. Any row that does not
    // read (ResultsCsvReader) is an Error with its line.
    std::optional<Error> load(int keepUpTo);
    std::optional<Error> append(const EpochResult& row);
    const std::vector<EpochResult>& rows() const { return rows_; }
    static std::string formatRow(const EpochResult& row);

private:
    std::string path_;
    std::vector<EpochResult> rows_;
};

// events.jsonl: one JSON object per line (toJson; parseEventLine in lines.h reads it back), appended and
// flushed. The first append ends a half line a killed run left, so that line alone is lost.
class EventLog {
public:
    explicit EventLog(std::string path);
    void append(const TrainEvent& event);
    static std::string toJson(const TrainEvent& event);

private:
    std::string path_;
    bool endChecked_ = false;
};

}  // namespace ys
