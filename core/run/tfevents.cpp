// TensorBoard event files: CRC32C, the TFRecord frame, a hand-encoded tensorflow.Event, and what a run logs.
#include "run/tfevents.h"

#include "run/runfolder.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <sstream>

namespace fs = std::filesystem;

namespace ys {

namespace {

constexpr uint32_t kCrc32cPoly = 0x82F63B78u;       // Castagnoli, bit-reflected
constexpr uint32_t kCrcMaskDelta = 0xa282ead8u;     // TFRecord's mask constant
constexpr const char* kFileVersion = "brain.Event:2";
constexpr const char* kFilePrefix = "events.out.tfevents.";
constexpr int kSessionStart = 1;                    // tensorflow.SessionLog.START

std::array<uint32_t, 256> makeCrcTable()
{
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1u) ? (c >> 1) ^ kCrc32cPoly : c >> 1;
        t[i] = c;
    }
    return t;
}

// ---- protobuf wire format: just what Event, Summary and SessionLog need ----------------------------------------

enum WireType : uint32_t { Varint = 0, Fixed64 = 1, LengthDelimited = 2, Fixed32 = 5 };

void putVarint(std::string& out, uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(static_cast<char>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<char>(v));
}

void putKey(std::string& out, uint32_t field, WireType type) { putVarint(out, (uint64_t{field} << 3) | type); }

void putLittleEndian(std::string& out, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

void putDouble(std::string& out, uint32_t field, double v)
{
    uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    putKey(out, field, Fixed64);
    putLittleEndian(out, bits, 8);
}

void putFloat(std::string& out, uint32_t field, float v)
{
    uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    putKey(out, field, Fixed32);
    putLittleEndian(out, bits, 4);
}

void putBytes(std::string& out, uint32_t field, std::string_view bytes)
{
    putKey(out, field, LengthDelimited);
    putVarint(out, bytes.size());
    out.append(bytes);
}

// Event fields (tensorboard/compat/proto/event.proto).
constexpr uint32_t kEventWallTime = 1, kEventStep = 2, kEventFileVersion = 3, kEventSummary = 5, kEventSessionLog = 7;
constexpr uint32_t kSummaryValue = 1, kValueTag = 1, kValueSimple = 2, kSessionStatus = 1;

std::string eventHead(int64_t step, double wallTime)
{
    std::string e;
    putDouble(e, kEventWallTime, wallTime);
    if (step != 0) {   // proto3 leaves a field at its default out
        putKey(e, kEventStep, Varint);
        putVarint(e, static_cast<uint64_t>(step));   // int64: two's complement, 10 bytes when negative
    }
    return e;
}

std::vector<std::string> splitCsv(const std::string& line)
{
    std::vector<std::string> cells;
    std::stringstream in(line);
    std::string cell;
    while (std::getline(in, cell, ','))
        cells.push_back(cell);
    return cells;
}

}  // namespace

uint32_t crc32c(const void* data, size_t size)
{
    static const std::array<uint32_t, 256> table = makeCrcTable();
    const auto* p = static_cast<const unsigned char*>(data);
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < size; ++i)
        c = table[(c ^ p[i]) & 0xffu] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

uint32_t maskCrc32c(uint32_t crc)
{
    return ((crc >> 15) | (crc << 17)) + kCrcMaskDelta;
}

std::string tbFileVersionEvent(double wallTime)
{
    std::string e = eventHead(0, wallTime);
    putBytes(e, kEventFileVersion, kFileVersion);
    return e;
}

std::string tbSessionStartEvent(int64_t step, double wallTime)
{
    std::string log;
    putKey(log, kSessionStatus, Varint);
    putVarint(log, kSessionStart);
    std::string e = eventHead(step, wallTime);
    putBytes(e, kEventSessionLog, log);
    return e;
}

std::string tbScalarsEvent(int64_t step, double wallTime, const std::vector<TbScalar>& scalars)
{
    std::string summary;
    for (const TbScalar& s : scalars) {
        std::string value;
        putBytes(value, kValueTag, s.tag);
        putFloat(value, kValueSimple, static_cast<float>(s.value));
        putBytes(summary, kSummaryValue, value);
    }
    std::string e = eventHead(step, wallTime);
    putBytes(e, kEventSummary, summary);
    return e;
}

std::string tbRecord(std::string_view payload)
{
    std::string r;
    putLittleEndian(r, payload.size(), 8);
    const uint32_t lengthCrc = maskCrc32c(crc32c(r.data(), r.size()));
    putLittleEndian(r, lengthCrc, 4);
    r.append(payload);
    putLittleEndian(r, maskCrc32c(crc32c(payload.data(), payload.size())), 4);
    return r;
}

std::string tbEventFileName(double wallTime)
{
    static std::atomic<int> opened{0};
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) != 0 || host[0] == '\0')
        std::strcpy(host, "localhost");
    char secs[32];
    std::snprintf(secs, sizeof secs, "%010lld", static_cast<long long>(std::floor(wallTime)));
    return std::string(kFilePrefix) + secs + "." + host + "." + std::to_string(::getpid()) + "." +
           std::to_string(opened++);
}

bool hasTbEventFiles(const std::string& folder)
{
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().filename().string().rfind(kFilePrefix, 0) == 0)
            return true;
    return false;
}

TbEventWriter::TbEventWriter(std::string path, std::ofstream out) : path_(std::move(path)), out_(std::move(out)) {}

namespace {

// The seconds a new event file in `folder` is named with: `wallTime`'s, or one past the latest file already there when
// that is not earlier (an earlier session of the same second), because TensorBoard reads a folder's files in name order
// and a session's SessionLog START must come after what it replaces.
double nameSeconds(const std::string& folder, double wallTime)
{
    long long secs = static_cast<long long>(std::floor(wallTime));
    const size_t prefix = std::strlen(kFilePrefix);
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind(kFilePrefix, 0) != 0)
            continue;
        char* stop = nullptr;
        const long long existing = std::strtoll(name.c_str() + prefix, &stop, 10);
        if (stop != name.c_str() + prefix && existing >= secs)
            secs = existing + 1;
    }
    return static_cast<double>(secs);
}

}  // namespace

Expected<std::unique_ptr<TbEventWriter>> TbEventWriter::open(const std::string& folder, double wallTime)
{
    const double secs = nameSeconds(folder, wallTime);
    std::string path;
    std::error_code ec;
    do {   // a name this process already used (another writer of the folder): take the next n
        path = (fs::path(folder) / tbEventFileName(secs)).string();
    } while (fs::exists(path, ec));
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        return Error{"run.tfevents_write", std::string("could not create the TensorBoard event file: ") +
                                               std::strerror(errno), path, 0, 0};
    std::unique_ptr<TbEventWriter> w(new TbEventWriter(path, std::move(out)));
    if (auto err = w->append(tbFileVersionEvent(wallTime)))
        return *err;
    return w;
}

std::optional<Error> TbEventWriter::addSessionStart(int64_t step, double wallTime)
{
    return append(tbSessionStartEvent(step, wallTime));
}

std::optional<Error> TbEventWriter::addScalars(int64_t step, double wallTime, const std::vector<TbScalar>& scalars)
{
    if (scalars.empty())
        return std::nullopt;
    return append(tbScalarsEvent(step, wallTime, scalars));
}

std::optional<Error> TbEventWriter::append(const std::string& payload)
{
    const std::string record = tbRecord(payload);
    out_.write(record.data(), static_cast<std::streamsize>(record.size()));
    out_.flush();
    if (!out_)
        return Error{"run.tfevents_write", "could not write the TensorBoard event file (disk full?)", path_, 0, 0};
    return std::nullopt;
}

std::vector<TbScalar> resultsScalars(const EpochResult& row)
{
    const std::vector<std::string> names = splitCsv(resultsCsvHeader(row.l1Loss) + "," + resultsCsvExtraColumns());
    const std::vector<std::string> cells = splitCsv(ResultsCsv::formatRow(row));
    std::vector<TbScalar> scalars;
    for (size_t i = 0; i < names.size() && i < cells.size(); ++i) {
        if (names[i] == "epoch" || names[i] == "time")
            continue;   // the step and the wall time already say these
        char* end = nullptr;
        const double v = std::strtod(cells[i].c_str(), &end);
        if (end != cells[i].c_str())
            scalars.push_back({names[i], v});
    }
    return scalars;
}

std::vector<TbScalar> memoryScalars(const std::vector<memory::MemorySample>& epochSamples)
{
    std::map<memory::Phase, int64_t> phasePeak;   // enum order: the tags come out in the phases' order
    int64_t reserved = 0;
    for (const memory::MemorySample& s : epochSamples) {
        int64_t& peak = phasePeak[s.phase];
        peak = std::max(peak, s.windowPeak);
        reserved = std::max(reserved, s.reserved);
    }
    std::vector<TbScalar> scalars;
    for (const auto& [phase, peak] : phasePeak)
        if (peak > 0)
            scalars.push_back({std::string("memory/") + memory::toString(phase) + "_peak_bytes",
                               static_cast<double>(peak)});
    if (reserved > 0)
        scalars.push_back({"memory/reserved_bytes", static_cast<double>(reserved)});
    return scalars;
}

}  // namespace ys
