#pragma once
// The protocol buffers wire format, as much of it as ONNX files need (plain C++, no protobuf library): the
// studio writes and reads ONNX without compiling a second copy of onnx.proto into a process that already holds
// LibTorch's (two registrations of "onnx/onnx-ml.proto" abort at start-up).

#include <cstdint>
#include <string>
#include <string_view>

namespace ys::onnx {

// Appends fields to a message buffer. Field numbers and wire types are the caller's (onnx.proto's).
class ProtoWriter {
public:
    void varint(int field, uint64_t value);               // wire type 0 (int32/int64/enum/bool; negatives: 10 bytes)
    void int64(int field, int64_t value) { varint(field, static_cast<uint64_t>(value)); }
    void fixed32(int field, uint32_t value);              // wire type 5
    void float32(int field, float value);                 // wire type 5, IEEE 754 little-endian
    void bytes(int field, std::string_view value);        // wire type 2 (string, bytes, sub-message)
    void message(int field, const ProtoWriter& sub) { bytes(field, sub.data()); }

    const std::string& data() const { return buf_; }
    std::string take() { return std::move(buf_); }

private:
    void raw(uint64_t v);
    std::string buf_;
};

// Reads the fields of one message in order. next() returns false at the end of the message or at malformed
// input (ok() then says which); a length-delimited field's bytes are a view into the caller's buffer.
class ProtoReader {
public:
    explicit ProtoReader(std::string_view data) : data_(data) {}

    bool next();
    int field() const { return field_; }
    int wireType() const { return wire_; }
    uint64_t varint() const { return varint_; }          // wire types 0, 1 and 5 (fixed values widened)
    std::string_view bytes() const { return bytes_; }    // wire type 2
    float float32() const;                               // wire type 5 as float
    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }  // empty, or what was malformed and where

private:
    bool fail(const std::string& what);
    std::string_view data_;
    size_t pos_ = 0;
    int field_ = 0, wire_ = 0;
    uint64_t varint_ = 0;
    std::string_view bytes_;
    std::string error_;
};

}  // namespace ys::onnx
