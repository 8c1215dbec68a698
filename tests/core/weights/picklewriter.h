#pragma once
// Writes pickle byte streams opcode by opcode, for the weights tests (hand-built streams and checkpoints).
#include <cstdint>
#include <cstring>
#include <string>

namespace ys::test {

class PickleWriter {
public:
    PickleWriter& proto(int v = 2) { return op(0x80).byte(v); }
    PickleWriter& stop() { return op('.'); }
    PickleWriter& mark() { return op('('); }
    PickleWriter& none() { return op('N'); }
    PickleWriter& boolean(bool b) { return op(b ? 0x88 : 0x89); }
    // The smallest of BININT1 / BININT2 / BININT / LONG1, as CPython writes an int.
    PickleWriter& integer(int64_t v)
    {
        if (v >= 0 && v < 256)
            return op('K').byte(static_cast<int>(v));
        if (v >= 0 && v < 65536)
            return op('M').le(static_cast<uint64_t>(v), 2);
        if (v >= INT32_MIN && v <= INT32_MAX)
            return op('J').le(static_cast<uint64_t>(static_cast<uint32_t>(static_cast<int32_t>(v))), 4);
        return op(0x8a).byte(8).le(static_cast<uint64_t>(v), 8);
    }
    PickleWriter& long1(const std::string& littleEndianBytes)
    {
        op(0x8a).byte(static_cast<int>(littleEndianBytes.size()));
        b += littleEndianBytes;
        return *this;
    }
    PickleWriter& binfloat(double d)
    {
        uint64_t u;
        std::memcpy(&u, &d, 8);
        op('G');
        for (int i = 7; i >= 0; --i)
            byte(static_cast<int>((u >> (8 * i)) & 0xFF));
        return *this;
    }
    PickleWriter& str(const std::string& s)  // BINUNICODE
    {
        op('X').le(s.size(), 4);
        b += s;
        return *this;
    }
    PickleWriter& shortStr(const std::string& s)  // SHORT_BINUNICODE (protocol 4)
    {
        op(0x8c).byte(static_cast<int>(s.size()));
        b += s;
        return *this;
    }
    PickleWriter& bytes(const std::string& s)  // SHORT_BINBYTES
    {
        op('C').byte(static_cast<int>(s.size()));
        b += s;
        return *this;
    }
    PickleWriter& global(const std::string& module, const std::string& name)
    {
        op('c');
        b += module + "\n" + name + "\n";
        return *this;
    }
    PickleWriter& put(uint32_t i) { return i < 256 ? op('q').byte(static_cast<int>(i)) : op('r').le(i, 4); }
    PickleWriter& get(uint32_t i) { return i < 256 ? op('h').byte(static_cast<int>(i)) : op('j').le(i, 4); }
    PickleWriter& emptyList() { return op(']'); }
    PickleWriter& emptyDict() { return op('}'); }
    PickleWriter& emptyTuple() { return op(')'); }
    PickleWriter& tuple() { return op('t'); }      // MARK ... TUPLE
    PickleWriter& tuple1() { return op(0x85); }
    PickleWriter& tuple2() { return op(0x86); }
    PickleWriter& tuple3() { return op(0x87); }
    PickleWriter& append() { return op('a'); }
    PickleWriter& appends() { return op('e'); }
    PickleWriter& setitem() { return op('s'); }
    PickleWriter& setitems() { return op('u'); }
    PickleWriter& reduce() { return op('R'); }
    PickleWriter& newobj() { return op(0x81); }
    PickleWriter& build() { return op('b'); }
    PickleWriter& binpersid() { return op('Q'); }
    // ('storage', torch.<type>, key, 'cpu', numel) BINPERSID
    PickleWriter& storage(const std::string& type, const std::string& key, int64_t numel)
    {
        mark().str("storage").global("torch", type).str(key).str("cpu").integer(numel).tuple();
        return binpersid();
    }
    // _rebuild_tensor_v2(storage, offset, size, stride, False, OrderedDict()); wrapped in _rebuild_parameter
    // when `parameter`. `sizes`/`strides` are written as given.
    PickleWriter& tensor(const std::string& type, const std::string& key, int64_t numel, int64_t offset,
                         std::initializer_list<int64_t> sizes, std::initializer_list<int64_t> strides,
                         bool parameter)
    {
        if (parameter)
            global("torch._utils", "_rebuild_parameter");
        global("torch._utils", "_rebuild_tensor_v2").mark();
        storage(type, key, numel).integer(offset).mark();
        for (int64_t s : sizes)
            integer(s);
        tuple().mark();
        for (int64_t s : strides)
            integer(s);
        tuple().boolean(false).global("collections", "OrderedDict").emptyTuple().reduce().tuple().reduce();
        if (parameter)
            boolean(true).global("collections", "OrderedDict").emptyTuple().reduce().tuple3().reduce();
        return *this;
    }
    PickleWriter& orderedDict() { return global("collections", "OrderedDict").emptyTuple().reduce(); }
    PickleWriter& op(int code)
    {
        b += static_cast<char>(code);
        return *this;
    }
    PickleWriter& byte(int v)
    {
        b += static_cast<char>(v);
        return *this;
    }
    PickleWriter& le(uint64_t v, int n)
    {
        for (int i = 0; i < n; ++i)
            b += static_cast<char>((v >> (8 * i)) & 0xFF);
        return *this;
    }
    PickleWriter& raw(const std::string& s)
    {
        b += s;
        return *this;
    }
    size_t size() const { return b.size(); }

    std::string b;
};

}  // namespace ys::test
