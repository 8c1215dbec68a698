#include "onnx/proto.h"

#include <cstring>

namespace ys::onnx {

void ProtoWriter::raw(uint64_t v)
{
    while (v >= 0x80) {
        buf_.push_back(static_cast<char>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    buf_.push_back(static_cast<char>(v));
}

void ProtoWriter::varint(int field, uint64_t value)
{
    raw(static_cast<uint64_t>(field) << 3);
    raw(value);
}

void ProtoWriter::fixed32(int field, uint32_t value)
{
    raw((static_cast<uint64_t>(field) << 3) | 5);
    for (int i = 0; i < 4; ++i)
        buf_.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

void ProtoWriter::float32(int field, float value)
{
    uint32_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    fixed32(field, bits);
}

void ProtoWriter::bytes(int field, std::string_view value)
{
    raw((static_cast<uint64_t>(field) << 3) | 2);
    raw(value.size());
    buf_.append(value.data(), value.size());
}

bool ProtoReader::fail(const std::string& what)
{
    error_ = what + " at byte " + std::to_string(pos_);
    pos_ = data_.size();
    return false;
}

bool ProtoReader::next()
{
    if (pos_ >= data_.size() || !error_.empty())
        return false;
    auto readVarint = [&](uint64_t& out) {
        out = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos_ >= data_.size())
                return false;
            const auto b = static_cast<uint8_t>(data_[pos_++]);
            out |= static_cast<uint64_t>(b & 0x7f) << shift;
            if (!(b & 0x80))
                return true;
        }
        return false;
    };
    uint64_t key = 0;
    if (!readVarint(key))
        return fail("truncated field key");
    field_ = static_cast<int>(key >> 3);
    wire_ = static_cast<int>(key & 7);
    if (field_ <= 0)
        return fail("field number 0");
    switch (wire_) {
    case 0:
        if (!readVarint(varint_))
            return fail("truncated varint");
        return true;
    case 1:
    case 5: {
        const size_t n = wire_ == 1 ? 8 : 4;
        if (data_.size() - pos_ < n)
            return fail("truncated fixed-size field");
        varint_ = 0;
        for (size_t i = 0; i < n; ++i)
            varint_ |= static_cast<uint64_t>(static_cast<uint8_t>(data_[pos_ + i])) << (8 * i);
        pos_ += n;
        return true;
    }
    case 2: {
        uint64_t len = 0;
        if (!readVarint(len))
            return fail("truncated length");
        if (len > data_.size() - pos_)
            return fail("length " + std::to_string(len) + " past the end");
        bytes_ = data_.substr(pos_, static_cast<size_t>(len));
        pos_ += static_cast<size_t>(len);
        return true;
    }
    default:
        return fail("unsupported wire type " + std::to_string(wire_));
    }
}

float ProtoReader::float32() const
{
    const auto bits = static_cast<uint32_t>(varint_);
    float f = 0;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

}  // namespace ys::onnx
