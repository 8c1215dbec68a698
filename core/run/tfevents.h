#pragma once
// TensorBoard's event files, written without TensorFlow or a protobuf library: `tensorboard --logdir` on a run
// folder shows the run's results.csv columns per epoch (the tags Ultralytics' TensorBoard callback uses) and its
// memory figures. A file is a sequence of TFRecords (record length, CRC32C of it, payload, CRC32C of that) whose
// payloads are hand-encoded `tensorflow.Event` protobufs. Plain C++: no torch, no Qt.

#include "common/error.h"
#include "memory/samples.h"
#include "run/records.h"

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ys {

// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78, initial and final XOR 0xFFFFFFFF), as TFRecords use;
// crc32c("123456789") is 0xE3069283.
uint32_t crc32c(const void* data, size_t size);
// TFRecord's masked CRC: the CRC rotated right by 15 bits, plus 0xa282ead8.
uint32_t maskCrc32c(uint32_t crc);

// One scalar of an event: the tag TensorBoard charts it under ("metrics/mAP50(B)") and its value, stored as a
// 32-bit float (Summary.Value.simple_value, as torch's SummaryWriter.add_scalar writes it).
struct TbScalar {
    std::string tag;
    double value = 0;
};

// The serialised `tensorflow.Event` payloads (no framing). wallTime: seconds since the Unix epoch.
std::string tbFileVersionEvent(double wallTime);                  // file_version "brain.Event:2", step 0
// SessionLog START at `step`: TensorBoard's accumulator then drops what earlier files logged at `step` or later
// (a resumed run redoing an epoch, a run folder reused with exist_ok), so the newest values show.
std::string tbSessionStartEvent(int64_t step, double wallTime);
std::string tbScalarsEvent(int64_t step, double wallTime, const std::vector<TbScalar>& scalars);
// One TFRecord: uint64 length (little-endian), its masked CRC32C, the payload, the payload's masked CRC32C.
std::string tbRecord(std::string_view payload);

// "events.out.tfevents.<10-digit secs>.<host>.<pid>.<n>", TensorBoard's name for an event file (n counts the
// files this process opened).
std::string tbEventFileName(double wallTime);
// True when `folder` holds a file whose name starts with "events.out.tfevents.".
bool hasTbEventFiles(const std::string& folder);

// Appends events to one new event file. Each add writes whole records and flushes them before it returns, so a
// killed process leaves every record it added (a record cut by a crash is the only loss; readers stop there).
// Not thread-safe: one thread uses a writer.
class TbEventWriter final {
public:
    // Creates tbEventFileName(wallTime) in `folder` (which must exist; never an existing file) and writes the
    // file_version record. When `folder` already holds an event file named with this second or a later one, the name
    // takes the second after it, so the new file sorts (and TensorBoard reads it) last. Error ("run.tfevents_write")
    // naming the file when it cannot be created or written.
    static Expected<std::unique_ptr<TbEventWriter>> open(const std::string& folder, double wallTime);

    std::optional<Error> addSessionStart(int64_t step, double wallTime);
    // One Event holding every scalar at `step` (the 1-based epoch for a run). Nothing is written for none.
    std::optional<Error> addScalars(int64_t step, double wallTime, const std::vector<TbScalar>& scalars);
    const std::string& path() const { return path_; }

private:
    TbEventWriter(std::string path, std::ofstream out);
    std::optional<Error> append(const std::string& payload);

    std::string path_;
    std::ofstream out_;
};

// ---- what a training run logs ------------------------------------------------------------------------------------

// The scalars of one results.csv row: every column of its header but `epoch` and `time`, under the column's
// name (train/box_loss, metrics/mAP50(B), val/l1_loss for YOLO26, lr/pg0, train/images_per_s,
// memory/peak_bytes, ...), with the value results.csv holds (ResultsCsv::formatRow's text): the header and the
// row are the only place the columns are listed, so the event file and results.csv always agree.
std::vector<TbScalar> resultsScalars(const EpochResult& row);

// An epoch's memory figures from its memory timeline samples (memory.csv's rows since the previous epoch), under
// memory/: "memory/<phase>_peak_bytes" (the highest window peak of each phase's windows, for the phases that
// have one above 0: train_step, assigner, validation, checkpoint, ...) and "memory/reserved_bytes" (the highest
// figure the allocator held; left out when no sample has one). None for no samples.
std::vector<TbScalar> memoryScalars(const std::vector<memory::MemorySample>& epochSamples);

}  // namespace ys
