#pragma once
// The memory timeline's records and their memory.csv form: training phases, one sample, one CSV row.
// Torch-free and in its own library (ys_memory_samples) so run-folder readers (ys_run) parse memory.csv with
// the very code MemoryTimeline writes it with, without linking LibTorch.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>
#include <string_view>

namespace ys::memory {

enum class Phase : uint8_t { Idle = 0, TrainStep, Assigner, Validation, Checkpoint, Probe };
const char* toString(Phase phase);  // "idle", "train_step", "assigner", "validation", "checkpoint", "probe"
std::optional<Phase> phaseFromString(std::string_view text);

struct MemorySample {
    double time = 0;         // seconds since the timeline started
    int64_t allocated = 0;   // bytes at the moment of the sample
    int64_t reserved = 0;    // bytes at the moment of the sample
    int64_t peak = 0;        // the allocator's peak since resetPeak() at the moment of the sample
    int64_t windowPeak = 0;  // highest `allocated` since the previous sample (CPU exact; CUDA: a lower
                             // bound unless the running peak rose in this window), so spikes between
                             // samples are not lost
    Phase phase = Phase::Idle;  // phase the window since the previous sample belongs to
    int rank = 0;            // data parallel: the process (rank) whose device this is; 0 for one process. Not a
                             // column: each rank's samples have their own file (memoryCsvName)
};

// The memory timeline's file of rank `rank` in a run folder: "memory.csv" for rank 0 (and one process),
// "memory_rank1.csv", ... for the other ranks of a data-parallel run (rank 0 writes them all, sampled once per
// batch).
std::string memoryCsvName(int rank);

// Halves a per-rank series that has grown past `limit` samples (nothing happens at or below it): each pair
// of samples becomes its later one with the pair's higher window peak, and the newest sample is kept as it
// is. `sent` is how many samples of the series a consumer already has (TrainCallbacks::onMemory); it becomes
// the number of the thinned series' samples that stand for those, so the next send holds only samples the
// consumer has not seen (it keeps its own, unthinned copy; sending the thinned series again drew every point
// twice on the dashboard).
void thinRankSeries(std::vector<MemorySample>& series, size_t limit, size_t& sent);

// The most memory a run's own samples saw: the highest window peak (or allocated figure) among them; 0 for none.
// The `peak` column is left out: it is the allocator's running peak, which a memory.csv written before the trainer
// reset it at the run's start carries from before the run (an earlier run in the same process).
int64_t ownPeak(const std::vector<MemorySample>& samples);

// memory.csv: this header line, then one formatSampleRow() line per sample.
const char* sampleCsvHeader();  // "time_s,phase,allocated,reserved,peak,window_peak"
std::string formatSampleRow(const MemorySample& sample);   // no newline
// One data line (no newline); nullopt with the reason in `why` (if given) when it is not a row.
std::optional<MemorySample> parseSampleRow(const std::string& line, std::string* why = nullptr);

}  // namespace ys::memory
