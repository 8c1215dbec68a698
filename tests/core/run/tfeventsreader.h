#pragma once
// An event-file reader for the tests, written apart from the writer (core/run/tfevents.cpp): TFRecord frames with
// both CRCs checked, then the few protobuf fields of tensorflow.Event, Summary and SessionLog a run writes.

#include "run/tfevents.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ys::test {

struct ReadValue {
    std::string tag;
    float value = 0;
};

struct ReadEvent {
    double wallTime = 0;
    int64_t step = 0;
    std::string fileVersion;
    int sessionStatus = -1;     // SessionLog.status; -1: no session_log
    bool hasSummary = false;
    std::vector<ReadValue> values;
};

inline uint64_t littleEndian(const std::string& b, size_t at, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= uint64_t(static_cast<unsigned char>(b[at + i])) << (8 * i);
    return v;
}

// Splits `bytes` into record payloads; false (and `why`) at the first bad length CRC, payload CRC or a cut record.
inline bool readRecords(const std::string& bytes, std::vector<std::string>& payloads, std::string& why)
{
    size_t at = 0;
    while (at < bytes.size()) {
        if (bytes.size() - at < 12) {
            why = "cut header";
            return false;
        }
        const uint64_t length = littleEndian(bytes, at, 8);
        const uint32_t masked = uint32_t(littleEndian(bytes, at + 8, 4));
        if (ys::maskCrc32c(ys::crc32c(bytes.data() + at, 8)) != masked) {
            why = "length crc";
            return false;
        }
        at += 12;
        if (bytes.size() - at < length + 4) {
            why = "cut payload";
            return false;
        }
        const std::string payload = bytes.substr(at, length);
        const auto payloadCrc = uint32_t(littleEndian(bytes, at + length, 4));
        if (ys::maskCrc32c(ys::crc32c(payload.data(), payload.size())) != payloadCrc) {
            why = "payload crc";
            return false;
        }
        payloads.push_back(payload);
        at += length + 4;
    }
    return true;
}

// A protobuf message being read: varints, length-delimited fields, fixed 32/64-bit fields; `ok` false once cut.
struct Wire {
    const std::string& b;
    size_t at = 0;
    bool ok = true;

    uint64_t varint()
    {
        uint64_t v = 0;
        for (int shift = 0; shift < 64 && at < b.size(); shift += 7) {
            const auto c = static_cast<unsigned char>(b[at++]);
            v |= uint64_t(c & 0x7f) << shift;
            if (!(c & 0x80))
                return v;
        }
        ok = false;
        return 0;
    }
    std::string bytes()
    {
        const uint64_t n = varint();
        if (!ok || b.size() - at < n) {
            ok = false;
            return {};
        }
        std::string s = b.substr(at, n);
        at += n;
        return s;
    }
    uint64_t fixed(int n)
    {
        if (b.size() - at < size_t(n)) {
            ok = false;
            return 0;
        }
        const uint64_t v = littleEndian(b, at, n);
        at += n;
        return v;
    }
};

inline std::vector<ReadValue> parseSummary(const std::string& s)
{
    std::vector<ReadValue> values;
    Wire w{s};
    while (w.ok && w.at < s.size()) {
        const uint64_t key = w.varint();
        const std::string v = w.bytes();
        if (key != ((1 << 3) | 2))
            return {};
        Wire vw{v};
        ReadValue rv;
        while (vw.ok && vw.at < v.size()) {
            const uint64_t k = vw.varint();
            if (k == ((1 << 3) | 2)) {
                rv.tag = vw.bytes();
            } else if (k == ((2 << 3) | 5)) {
                const auto bits = uint32_t(vw.fixed(4));
                std::memcpy(&rv.value, &bits, 4);
            } else {
                return {};
            }
        }
        values.push_back(rv);
    }
    return values;
}

inline bool parseEvent(const std::string& p, ReadEvent& e)
{
    Wire w{p};
    while (w.ok && w.at < p.size()) {
        const uint64_t key = w.varint();
        switch (key) {
        case (1 << 3) | 1: {
            const uint64_t bits = w.fixed(8);
            std::memcpy(&e.wallTime, &bits, 8);
            break;
        }
        case (2 << 3) | 0: e.step = int64_t(w.varint()); break;
        case (3 << 3) | 2: e.fileVersion = w.bytes(); break;
        case (5 << 3) | 2: e.hasSummary = true; e.values = parseSummary(w.bytes()); break;
        case (7 << 3) | 2: {
            const std::string log = w.bytes();
            Wire lw{log};
            if (lw.varint() != ((1 << 3) | 0))
                return false;
            e.sessionStatus = int(lw.varint());
            break;
        }
        default: return false;
        }
    }
    return w.ok;
}

inline std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::vector<ReadEvent> readEvents(const std::string& path)
{
    std::vector<std::string> payloads;
    std::string why;
    if (!readRecords(readAll(path), payloads, why))
        return {};
    std::vector<ReadEvent> events;
    for (const std::string& p : payloads) {
        ReadEvent e;
        if (!parseEvent(p, e))
            return {};
        events.push_back(e);
    }
    return events;
}

// The event files in `dir` ("events.out.tfevents.*"), sorted by name (TensorBoard's reading order: by time).
inline std::vector<std::string> eventFiles(const std::string& dir)
{
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().filename().string().rfind("events.out.tfevents.", 0) == 0)
            files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

// The value of `tag` in event `e`, or nullptr.
inline const ReadValue* valueOf(const ReadEvent& e, const std::string& tag)
{
    for (const auto& v : e.values)
        if (v.tag == tag)
            return &v;
    return nullptr;
}

}  // namespace ys::test
