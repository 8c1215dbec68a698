// The safe pickle reader: a stack machine over the opcodes of pickle protocols 0-5 that builds values in
// an arena and never calls anything. See pickle.h for what is understood.
#include "weights/pickle.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <unordered_map>

namespace ys::pickle {

const char* toString(Kind kind)
{
    switch (kind) {
    case Kind::None: return "None";
    case Kind::Bool: return "bool";
    case Kind::Int: return "int";
    case Kind::BigInt: return "int";
    case Kind::Float: return "float";
    case Kind::String: return "str";
    case Kind::Bytes: return "bytes";
    case Kind::List: return "list";
    case Kind::Tuple: return "tuple";
    case Kind::Dict: return "dict";
    case Kind::Global: return "class";
    case Kind::Object: return "object";
    case Kind::Storage: return "storage";
    case Kind::Tensor: return "tensor";
    }
    return "?";
}

int elementSize(DType t)
{
    switch (t) {
    case DType::Float16: case DType::BFloat16: case DType::Int16: return 2;
    case DType::Float32: case DType::Int32: return 4;
    case DType::Float64: case DType::Int64: return 8;
    case DType::Int8: case DType::UInt8: case DType::Bool: return 1;
    }
    return 1;
}

const char* toString(DType t)
{
    switch (t) {
    case DType::Float16: return "float16";
    case DType::BFloat16: return "bfloat16";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
    case DType::Int8: return "int8";
    case DType::UInt8: return "uint8";
    case DType::Int16: return "int16";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Bool: return "bool";
    }
    return "?";
}

int64_t TensorRef::numel() const
{
    int64_t n = 1;
    for (int64_t s : sizes)
        n *= s;  // bounded when the tensor was built (see Unpickler::rebuildTensor)
    return n;
}

// ---------------------------------------------------------------------------------------------------------
Document::Document()
{
    values_.push_back(Value{});  // kNone
}

const std::string& Document::qualifiedName(Ref r) const
{
    static const std::string empty;
    const Value& v = at(r);
    return (v.kind == Kind::Object || v.kind == Kind::Global) ? v.text : empty;
}

std::string Document::className(Ref r) const
{
    const std::string& q = qualifiedName(r);
    const auto dot = q.rfind('.');
    return dot == std::string::npos ? q : q.substr(dot + 1);
}

Ref Document::objectArgs(Ref obj) const
{
    const Value& v = at(obj);
    return v.kind == Kind::Object ? v.items[0] : kNone;
}

Ref Document::objectState(Ref obj) const
{
    const Value& v = at(obj);
    return v.kind == Kind::Object ? v.items[1] : kNone;
}

Ref Document::get(Ref r, std::string_view key, bool* found) const
{
    if (found)
        *found = false;
    if (kind(r) == Kind::Object)
        r = objectState(r);
    const Value& d = at(r);
    if (d.kind != Kind::Dict)
        return kNone;
    for (size_t i = 0; i + 1 < d.items.size(); i += 2) {
        const Value& k = at(d.items[i]);
        if (k.kind == Kind::String && k.text == key) {
            if (found)
                *found = true;
            return d.items[i + 1];
        }
    }
    return kNone;
}

std::string Document::str(Ref r, const std::string& fallback) const
{
    const Value& v = at(r);
    return (v.kind == Kind::String || v.kind == Kind::Bytes) ? v.text : fallback;
}

int64_t Document::integer(Ref r, int64_t fallback) const
{
    const Value& v = at(r);
    return (v.kind == Kind::Int || v.kind == Kind::Bool) ? v.i : fallback;
}

double Document::number(Ref r, double fallback) const
{
    const Value& v = at(r);
    if (v.kind == Kind::Float)
        return v.f;
    if (v.kind == Kind::Int || v.kind == Kind::Bool)
        return static_cast<double>(v.i);
    return fallback;
}

namespace {

std::string quoted(const std::string& s)
{
    std::string out = "'";
    for (char c : s) {
        if (c == '\'' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "'";
}


}  // namespace

std::string floatRepr(double d)
{
    if (std::isnan(d))
        return "nan";
    if (std::isinf(d))
        return d > 0 ? "inf" : "-inf";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d);
    std::string s(buf, res.ptr);
    if (s.find_first_of(".eEn") == std::string::npos)
        s += ".0";
    return s;
}

std::string Document::repr(Ref r, int maxDepth, size_t maxChars) const
{
    std::string out;
    // Iterative over an explicit stack would be longer; recursion is bounded by maxDepth.
    auto rec = [&](auto&& self, Ref x, int depth) -> void {
        if (out.size() > maxChars) {
            return;
        }
        const Value& v = at(x);
        if (depth > maxDepth && (v.kind == Kind::List || v.kind == Kind::Tuple || v.kind == Kind::Dict ||
                                 v.kind == Kind::Object)) {
            out += "...";
            return;
        }
        auto seq = [&](const char* open, const char* close, size_t step) {
            out += open;
            for (size_t i = 0; i < v.items.size(); i += step) {
                if (out.size() > maxChars) {
                    out += "...";
                    break;
                }
                if (i)
                    out += ", ";
                self(self, v.items[i], depth + 1);
                if (step == 2 && i + 1 < v.items.size()) {
                    out += ": ";
                    self(self, v.items[i + 1], depth + 1);
                }
            }
            if (v.kind == Kind::Tuple && v.items.size() == 1)
                out += ",";
            out += close;
        };
        switch (v.kind) {
        case Kind::None: out += "None"; break;
        case Kind::Bool: out += v.i ? "True" : "False"; break;
        case Kind::Int: out += std::to_string(v.i); break;
        case Kind::BigInt: out += "<" + std::to_string(v.text.size() * 8) + "-bit int>"; break;
        case Kind::Float: out += floatRepr(v.f); break;
        case Kind::String: out += quoted(v.text); break;
        case Kind::Bytes: out += "b" + quoted(v.text); break;
        case Kind::List: seq("[", "]", 1); break;
        case Kind::Tuple: seq("(", ")", 1); break;
        case Kind::Dict: seq("{", "}", 2); break;
        case Kind::Global: out += v.text; break;
        case Kind::Object: out += "<" + v.text + ">"; break;
        case Kind::Storage: out += "storage(" + storages_[v.i].key + ")"; break;
        case Kind::Tensor: {
            const TensorRef& t = tensors_[v.i];
            out += std::string("tensor(") + toString(storages_[t.storage].dtype) + "[";
            for (size_t i = 0; i < t.sizes.size(); ++i)
                out += (i ? ", " : "") + std::to_string(t.sizes[i]);
            out += "])";
            break;
        }
        }
    };
    rec(rec, r, 0);
    return out;
}

// ---------------------------------------------------------------------------------------------------------
namespace {

struct Failure {
    std::string what;
};

constexpr Ref kMissing = std::numeric_limits<Ref>::max();
constexpr size_t kIndexDictAt = 16;  // dicts longer than this get a hash index for SETITEM
constexpr int64_t kMaxElements = int64_t(1) << 48;  // a tensor view larger than this is not a checkpoint

std::string normalisedGlobal(std::string q)
{
    auto replacePrefix = [&](const char* from, const char* to) {
        const size_t n = std::strlen(from);
        if (q.compare(0, n, from) == 0)
            q = to + q.substr(n);
    };
    replacePrefix("__builtin__.", "builtins.");
    replacePrefix("copy_reg.", "copyreg.");
    replacePrefix("numpy._core.", "numpy.core.");
    return q;
}

bool storageType(const std::string& q, DType& t)
{
    static const std::pair<const char*, DType> table[] = {
        {"torch.HalfStorage", DType::Float16},    {"torch.BFloat16Storage", DType::BFloat16},
        {"torch.FloatStorage", DType::Float32},   {"torch.DoubleStorage", DType::Float64},
        {"torch.CharStorage", DType::Int8},       {"torch.ByteStorage", DType::UInt8},
        {"torch.ShortStorage", DType::Int16},     {"torch.IntStorage", DType::Int32},
        {"torch.LongStorage", DType::Int64},      {"torch.BoolStorage", DType::Bool},
        {"torch.UntypedStorage", DType::UInt8},   {"torch.storage.UntypedStorage", DType::UInt8},
    };
    for (const auto& [name, type] : table)
        if (q == name) {
            t = type;
            return true;
        }
    return false;
}

// UTF-8 text whose code points are all < 256 -> those bytes (what `_codecs.encode(s, 'latin1')` gives).
bool utf8ToLatin1(const std::string& s, std::string& out)
{
    out.clear();
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else if ((c & 0xE0) == 0xC0 && c <= 0xC3 && i + 1 < s.size() &&
                   (static_cast<unsigned char>(s[i + 1]) & 0xC0) == 0x80) {
            out += static_cast<char>(((c & 0x03) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3F));
            ++i;
        } else {
            return false;
        }
    }
    return true;
}

void appendUtf8(std::string& out, uint32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | ((cp >> 18) & 0x07));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

float halfToFloat(uint16_t h)
{
    const uint32_t sign = uint32_t(h >> 15) << 31;
    const int exp = (h >> 10) & 0x1F;
    const uint32_t mant = h & 0x3FF;
    float mag;
    if (exp == 0)
        mag = std::ldexp(static_cast<float>(mant), -24);
    else if (exp == 31)
        mag = mant ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
    else
        mag = std::ldexp(static_cast<float>(mant | 0x400), exp - 25);
    return sign ? -mag : mag;
}

}  // namespace

class Unpickler {
public:
    Unpickler(std::string_view bytes, const Limits& limits, Document& doc)
        : p_(reinterpret_cast<const uint8_t*>(bytes.data())), n_(bytes.size()), limits_(limits), doc_(doc)
    {
    }

    // Runs to STOP; throws Failure with `offset()` at the failing opcode.
    Ref run();
    size_t offset() const { return op_; }

private:
    // One family of opcodes each; true when `op` belongs to it (and was executed).
    bool streamOp(uint8_t op);
    bool scalarOp(uint8_t op);
    bool textOp(uint8_t op);
    bool containerOp(uint8_t op);
    bool memoOp(uint8_t op);
    bool objectOp(uint8_t op);

    // --- reading the stream
    void need(size_t k)
    {
        if (k > n_ - pos_)
            fail("the stream ends in the middle of an opcode (needs " + std::to_string(k) + " more bytes, " +
                 std::to_string(n_ - pos_) + " left)");
    }
    uint8_t u8()
    {
        need(1);
        return p_[pos_++];
    }
    uint64_t uintLE(int bytes)
    {
        need(bytes);
        uint64_t v = 0;
        for (int i = bytes - 1; i >= 0; --i)
            v = (v << 8) | p_[pos_ + i];
        pos_ += bytes;
        return v;
    }
    std::string_view take(uint64_t k)
    {
        if (k > n_ - pos_)
            fail("a length of " + std::to_string(k) + " bytes runs past the end of the stream (" +
                 std::to_string(n_ - pos_) + " left)");
        std::string_view s(reinterpret_cast<const char*>(p_ + pos_), static_cast<size_t>(k));
        pos_ += static_cast<size_t>(k);
        return s;
    }
    std::string_view line()
    {
        const void* nl = std::memchr(p_ + pos_, '\n', n_ - pos_);
        if (!nl)
            fail("a text argument has no end of line");
        const size_t len = static_cast<const uint8_t*>(nl) - (p_ + pos_);
        std::string_view s(reinterpret_cast<const char*>(p_ + pos_), len);
        pos_ += len + 1;
        if (!s.empty() && s.back() == '\r')
            s.remove_suffix(1);
        return s;
    }

    [[noreturn]] void fail(const std::string& what) { throw Failure{what}; }

    // --- values
    Ref add(Value v)
    {
        if (doc_.values_.size() >= limits_.maxValues)
            fail("more than " + std::to_string(limits_.maxValues) + " values (limit)");
        doc_.values_.push_back(std::move(v));
        return static_cast<Ref>(doc_.values_.size() - 1);
    }
    Ref addScalar(Kind k, int64_t i = 0, double f = 0.0)
    {
        Value v;
        v.kind = k;
        v.i = i;
        v.f = f;
        return add(std::move(v));
    }
    Ref addText(Kind k, std::string_view s)
    {
        Value v;
        v.kind = k;
        v.text.assign(s.data(), s.size());
        return add(std::move(v));
    }
    Ref addContainer(Kind k, std::vector<Ref> items = {})
    {
        Value v;
        v.kind = k;
        v.items = std::move(items);
        const Ref r = add(std::move(v));
        for (Ref c : doc_.values_[r].items)
            deepen(r, c);
        return r;
    }
    Ref addObject(const std::string& cls, Ref args)
    {
        Value v;
        v.kind = Kind::Object;
        v.text = cls;
        v.items = {args, kNone, kNone, kNone};
        const Ref r = add(std::move(v));
        deepen(r, args);
        return r;
    }
    Value& val(Ref r) { return doc_.values_[r]; }
    Kind kind(Ref r) const { return doc_.values_[r].kind; }

    // The container `parent` now holds `child`: keep the nesting depth and enforce its limit.
    void deepen(Ref parent, Ref child)
    {
        const size_t d = size_t(val(child).depth) + 1;
        if (d > limits_.maxDepth)
            fail("values are nested deeper than " + std::to_string(limits_.maxDepth) + " levels (limit)");
        if (d > val(parent).depth)
            val(parent).depth = static_cast<uint16_t>(d);
    }

    // --- the stack
    size_t floor() const { return marks_.empty() ? 0 : marks_.back(); }
    Ref pop()
    {
        if (stack_.size() <= floor())
            fail("stack underflow (an opcode needs a value that is not there)");
        const Ref r = stack_.back();
        stack_.pop_back();
        return r;
    }
    Ref& top()
    {
        if (stack_.size() <= floor())
            fail("stack underflow (an opcode needs a value that is not there)");
        return stack_.back();
    }
    void push(Ref r)
    {
        if (stack_.size() >= limits_.maxValues)
            fail("the stack grows past " + std::to_string(limits_.maxValues) + " entries (limit)");
        stack_.push_back(r);
    }
    std::vector<Ref> popMark()
    {
        if (marks_.empty())
            fail("an opcode needs a MARK that is not there");
        const size_t k = marks_.back();
        marks_.pop_back();
        std::vector<Ref> items(stack_.begin() + static_cast<std::ptrdiff_t>(k), stack_.end());
        stack_.resize(k);
        return items;
    }

    // --- memo
    void memoPut(uint64_t idx)
    {
        if (idx >= limits_.maxValues)
            fail("memo index " + std::to_string(idx) + " is beyond the limit of " +
                 std::to_string(limits_.maxValues));
        if (idx >= memo_.size())
            memo_.resize(static_cast<size_t>(idx) + 1, kMissing);
        memo_[static_cast<size_t>(idx)] = top();
    }
    void memoGet(uint64_t idx)
    {
        if (idx >= memo_.size() || memo_[static_cast<size_t>(idx)] == kMissing)
            fail("memo index " + std::to_string(idx) + " was never stored");
        push(memo_[static_cast<size_t>(idx)]);
    }

    // --- containers
    void dictSet(Ref d, Ref k, Ref v);
    void listAppend(Ref target, const std::vector<Ref>& items);
    void dictSetMany(Ref target, const std::vector<Ref>& kv);

    // --- objects
    Ref reduce(Ref callable, Ref args);
    Ref newObject(Ref cls, Ref args);
    Ref rebuildTensor(const std::vector<Ref>& a, bool v2);
    Ref persistentId(Ref pid);
    Ref numpyScalar(const std::vector<Ref>& a);
    Ref datetimeValue(const std::string& q, const std::vector<Ref>& a);
    const std::vector<Ref>& tupleItems(Ref args);

    Ref emptyTuple()
    {
        if (emptyTuple_ == kMissing)
            emptyTuple_ = addContainer(Kind::Tuple);
        return emptyTuple_;
    }
    Ref integerFromBytes(std::string_view b);
    Ref integerFromText(std::string_view s);
    std::string unescapeString(std::string_view s);
    std::string rawUnicode(std::string_view s);

    const uint8_t* p_;
    size_t n_;
    size_t pos_ = 0;
    size_t op_ = 0;
    const Limits& limits_;
    Document& doc_;
    std::vector<Ref> stack_;
    std::vector<size_t> marks_;
    std::vector<Ref> memo_;
    Ref emptyTuple_ = kMissing;
    std::unordered_map<Ref, std::unordered_map<std::string, uint32_t>> dictIndex_;  // dict -> key -> value slot
    std::unordered_map<std::string, uint32_t> storageByKey_;
};

namespace {

// A key usable for SETITEM's "replace an existing key", or "" when the value is not a simple key.
std::string simpleKey(const Value& k)
{
    switch (k.kind) {
    case Kind::String: return "s" + k.text;
    case Kind::Int: case Kind::Bool: return "i" + std::to_string(k.i);
    case Kind::None: return "n";
    default: return {};
    }
}

}  // namespace

void Unpickler::dictSet(Ref d, Ref k, Ref v)
{
    const std::string key = simpleKey(val(k));
    if (!key.empty()) {
        auto& items = val(d).items;
        auto idx = dictIndex_.find(d);
        if (idx != dictIndex_.end()) {
            auto hit = idx->second.find(key);
            if (hit != idx->second.end()) {
                items[hit->second] = v;
                deepen(d, v);
                return;
            }
        } else {
            for (size_t i = 0; i + 1 < items.size(); i += 2)
                if (simpleKey(val(items[i])) == key) {
                    items[i + 1] = v;
                    deepen(d, v);
                    return;
                }
        }
    }
    auto& items = val(d).items;
    items.push_back(k);
    items.push_back(v);
    const uint32_t slot = static_cast<uint32_t>(items.size() - 1);
    deepen(d, k);
    deepen(d, v);
    auto idx = dictIndex_.find(d);
    if (idx != dictIndex_.end()) {
        if (!key.empty())
            idx->second.emplace(key, slot);
    } else if (items.size() / 2 > kIndexDictAt) {
        auto& index = dictIndex_[d];
        const auto& all = val(d).items;
        for (size_t i = 0; i + 1 < all.size(); i += 2) {
            std::string ki = simpleKey(val(all[i]));
            if (!ki.empty())
                index[ki] = static_cast<uint32_t>(i + 1);
        }
    }
}

void Unpickler::dictSetMany(Ref target, const std::vector<Ref>& kv)
{
    if (kv.size() % 2)
        fail("SETITEMS has an odd number of values (" + std::to_string(kv.size()) + ")");
    Ref d = target;
    if (kind(target) == Kind::Object) {
        if (val(target).items[2] == kNone) {
            const Ref items = addContainer(Kind::Dict);
            val(target).items[2] = items;
        }
        d = val(target).items[2];
        deepen(target, d);
    } else if (kind(target) != Kind::Dict) {
        fail(std::string("SETITEM on a ") + toString(kind(target)) + " (needs a dict)");
    }
    for (size_t i = 0; i < kv.size(); i += 2)
        dictSet(d, kv[i], kv[i + 1]);
    if (d != target)
        deepen(target, d);
}

void Unpickler::listAppend(Ref target, const std::vector<Ref>& items)
{
    Ref l = target;
    if (kind(target) == Kind::Object) {
        if (val(target).items[3] == kNone) {
            const Ref list = addContainer(Kind::List);
            val(target).items[3] = list;
        }
        l = val(target).items[3];
    } else if (kind(target) != Kind::List) {
        fail(std::string("APPEND on a ") + toString(kind(target)) + " (needs a list)");
    }
    for (Ref r : items) {
        val(l).items.push_back(r);
        deepen(l, r);
    }
    if (l != target)
        deepen(target, l);
}

const std::vector<Ref>& Unpickler::tupleItems(Ref args)
{
    if (kind(args) != Kind::Tuple && kind(args) != Kind::List)
        fail(std::string("the arguments of a call are a ") + toString(kind(args)) + ", not a tuple");
    return val(args).items;
}

Ref Unpickler::integerFromBytes(std::string_view b)
{
    // Little-endian two's complement; drop redundant sign bytes, then fit into int64 when possible.
    size_t len = b.size();
    if (len == 0)
        return addScalar(Kind::Int, 0);
    const bool negative = static_cast<uint8_t>(b[len - 1]) & 0x80;
    const uint8_t pad = negative ? 0xFF : 0x00;
    while (len > 1 && static_cast<uint8_t>(b[len - 1]) == pad &&
           ((static_cast<uint8_t>(b[len - 2]) & 0x80) != 0) == negative)
        --len;
    if (len <= 8) {
        uint64_t u = negative ? ~uint64_t(0) : 0;
        for (size_t i = 0; i < len; ++i) {
            u &= ~(uint64_t(0xFF) << (8 * i));
            u |= uint64_t(static_cast<uint8_t>(b[i])) << (8 * i);
        }
        return addScalar(Kind::Int, static_cast<int64_t>(u));
    }
    return addText(Kind::BigInt, b.substr(0, len));
}

Ref Unpickler::integerFromText(std::string_view s)
{
    if (s == "00")
        return addScalar(Kind::Bool, 0);
    if (s == "01")
        return addScalar(Kind::Bool, 1);
    if (!s.empty() && s.back() == 'L')
        s.remove_suffix(1);
    int64_t v = 0;
    auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    if (res.ec != std::errc() || res.ptr != s.data() + s.size())
        fail("an integer argument is not a number that fits 64 bits");
    return addScalar(Kind::Int, v);
}

std::string Unpickler::unescapeString(std::string_view s)
{
    if (s.size() < 2 || (s.front() != '\'' && s.front() != '"') || s.back() != s.front())
        fail("a STRING argument is not quoted");
    s = s.substr(1, s.size() - 2);
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 == s.size()) {
            out += s[i];
            continue;
        }
        const char c = s[++i];
        switch (c) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case '0': out += '\0'; break;
        case 'x': {
            const int hi = i + 1 < s.size() ? hexDigit(s[i + 1]) : -1;
            const int lo = i + 2 < s.size() ? hexDigit(s[i + 2]) : -1;
            if (hi < 0 || lo < 0)
                fail("a STRING argument has a bad \\x escape");
            appendUtf8(out, static_cast<uint32_t>(hi * 16 + lo));  // Python 2 str read as latin-1
            i += 2;
            break;
        }
        default: out += c; break;
        }
    }
    return out;
}

std::string Unpickler::rawUnicode(std::string_view s)
{
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == 'u' || s[i + 1] == 'U')) {
            const size_t digits = s[i + 1] == 'u' ? 4 : 8;
            if (i + 2 + digits > s.size())
                fail("a UNICODE argument has a short \\u escape");
            uint32_t cp = 0;
            for (size_t k = 0; k < digits; ++k) {
                const int h = hexDigit(s[i + 2 + k]);
                if (h < 0)
                    fail("a UNICODE argument has a bad \\u escape");
                cp = cp * 16 + static_cast<uint32_t>(h);
            }
            if (cp > 0x10FFFF)
                fail("a UNICODE argument has a code point beyond U+10FFFF");
            appendUtf8(out, cp);
            i += 1 + digits;
        } else {
            appendUtf8(out, static_cast<uint8_t>(s[i]));  // raw-unicode-escape: other bytes are latin-1
        }
    }
    return out;
}

// ('storage', torch.HalfStorage, '0', 'cpu', 432) -> a Storage value (one per key).
Ref Unpickler::persistentId(Ref pid)
{
    const Value& t = val(pid);
    if (t.kind != Kind::Tuple || t.items.size() < 5 || doc_.str(t.items[0]) != "storage")
        fail("a persistent id is not a ('storage', type, key, location, size) tuple: " + doc_.repr(pid, 2, 200));
    DType dtype;
    const std::string type = normalisedGlobal(doc_.qualifiedName(t.items[1]));
    if (!storageType(type, dtype))
        fail("unsupported storage type " + (type.empty() ? doc_.repr(t.items[1], 1, 100) : type));
    std::string key;
    if (kind(t.items[2]) == Kind::String)
        key = val(t.items[2]).text;
    else if (kind(t.items[2]) == Kind::Int)
        key = std::to_string(val(t.items[2]).i);
    else
        fail("a storage key is a " + std::string(toString(kind(t.items[2]))) + ", not a string");
    if (key.empty() || key.size() > 64)
        fail("a storage key is empty or longer than 64 characters");
    const Value& numelValue = val(t.items[4]);
    if (numelValue.kind != Kind::Int || numelValue.i < 0 || numelValue.i > kMaxElements)
        fail("storage " + key + " has a bad element count " + doc_.repr(t.items[4], 1, 40));
    uint32_t index;
    auto it = storageByKey_.find(key);
    if (it != storageByKey_.end()) {
        index = it->second;
        const StorageRef& s = doc_.storages_[index];
        if (s.dtype != dtype || s.numel != numelValue.i)
            fail("storage " + key + " is declared twice with different types or sizes");
    } else {
        StorageRef s;
        s.key = key;
        s.location = doc_.str(t.items[3]);
        s.dtype = dtype;
        s.numel = numelValue.i;
        doc_.storages_.push_back(std::move(s));
        index = static_cast<uint32_t>(doc_.storages_.size() - 1);
        storageByKey_.emplace(key, index);
    }
    return addScalar(Kind::Storage, index);
}

// _rebuild_tensor(storage, offset, size, stride) and _rebuild_tensor_v2(..., requires_grad, hooks[, meta]).
Ref Unpickler::rebuildTensor(const std::vector<Ref>& a, bool v2)
{
    if (a.size() < (v2 ? 5u : 4u) || kind(a[0]) != Kind::Storage)
        fail("a tensor is rebuilt from something that is not (storage, offset, size, stride, ...)");
    TensorRef t;
    t.storage = static_cast<uint32_t>(val(a[0]).i);
    const StorageRef& s = doc_.storages_[t.storage];
    if (kind(a[1]) != Kind::Int || val(a[1]).i < 0)
        fail("a tensor of storage " + s.key + " has a bad offset");
    t.offset = val(a[1]).i;
    auto ints = [&](Ref r, std::vector<int64_t>& out, const char* what) {
        if (kind(r) != Kind::Tuple && kind(r) != Kind::List)
            fail(std::string("a tensor's ") + what + " is not a tuple");
        const auto& items = val(r).items;
        if (items.size() > limits_.maxDims)
            fail(std::string("a tensor has more than ") + std::to_string(limits_.maxDims) + " dimensions");
        for (Ref x : items) {
            if (kind(x) != Kind::Int || val(x).i < 0 || val(x).i > kMaxElements)
                fail(std::string("a tensor's ") + what + " holds " + doc_.repr(x, 1, 40));
            out.push_back(val(x).i);
        }
    };
    ints(a[2], t.sizes, "size");
    ints(a[3], t.strides, "stride");
    if (t.sizes.size() != t.strides.size())
        fail("a tensor of storage " + s.key + " has " + std::to_string(t.sizes.size()) + " sizes but " +
             std::to_string(t.strides.size()) + " strides");
    // The view must lie inside the storage: offset + sum((size-1)*stride) < numel (no overflow: every factor
    // is below 2^48 and the sums are checked as they grow).
    int64_t numel = 1;
    int64_t last = t.offset;
    bool empty = false;
    for (size_t i = 0; i < t.sizes.size(); ++i) {
        if (t.sizes[i] == 0)
            empty = true;
        if (!empty) {
            if (numel > kMaxElements / std::max<int64_t>(t.sizes[i], 1))
                fail("a tensor of storage " + s.key + " has more than 2^48 elements");
            numel *= t.sizes[i];
            const __int128 reach = static_cast<__int128>(t.sizes[i] - 1) * t.strides[i];
            if (reach > kMaxElements || last + reach > kMaxElements)
                fail("a tensor of storage " + s.key + " reaches beyond 2^48 elements");
            last += static_cast<int64_t>(reach);
        }
    }
    if (!empty && last >= s.numel)
        fail("a tensor view reaches element " + std::to_string(last) + " of storage " + s.key + ", which holds " +
             std::to_string(s.numel));
    if (v2)
        t.requiresGrad = kind(a[4]) == Kind::Bool && val(a[4]).i;
    doc_.tensors_.push_back(std::move(t));
    return addScalar(Kind::Tensor, static_cast<int64_t>(doc_.tensors_.size() - 1));
}

// numpy.core.multiarray.scalar(dtype, bytes): dtype = numpy.dtype('f8', False, True) with BUILD state
// (3, '<', ...). Anything unexpected stays a generic object.
Ref Unpickler::numpyScalar(const std::vector<Ref>& a)
{
    if (a.size() < 2 || kind(a[0]) != Kind::Object || kind(a[1]) != Kind::Bytes)
        return kMissing;
    const Ref dargs = doc_.objectArgs(a[0]);
    if (kind(dargs) != Kind::Tuple || val(dargs).items.empty())
        return kMissing;
    const std::string code = doc_.str(val(dargs).items[0]);
    bool bigEndian = false;
    const Ref st = doc_.objectState(a[0]);
    if (kind(st) == Kind::Tuple && val(st).items.size() > 1)
        bigEndian = doc_.str(val(st).items[1]) == ">";
    if (code.size() < 2)
        return kMissing;
    const char k = code[0];
    int size = 0;
    auto res = std::from_chars(code.data() + 1, code.data() + code.size(), size);
    if (res.ec != std::errc() || res.ptr != code.data() + code.size())
        return kMissing;
    std::string b = val(a[1]).text;
    if (static_cast<int>(b.size()) != size || size > 8)
        return kMissing;
    if (bigEndian)
        std::reverse(b.begin(), b.end());
    uint64_t u = 0;
    for (int i = size - 1; i >= 0; --i)
        u = (u << 8) | static_cast<uint8_t>(b[static_cast<size_t>(i)]);
    if (k == 'f') {
        if (size == 8) {
            double d;
            std::memcpy(&d, &u, 8);
            return addScalar(Kind::Float, 0, d);
        }
        if (size == 4) {
            float f;
            const uint32_t u32 = static_cast<uint32_t>(u);
            std::memcpy(&f, &u32, 4);
            return addScalar(Kind::Float, 0, f);
        }
        if (size == 2)
            return addScalar(Kind::Float, 0, halfToFloat(static_cast<uint16_t>(u)));
        return kMissing;
    }
    if (k == 'b' && size == 1)
        return addScalar(Kind::Bool, u != 0);
    if (k == 'i' || k == 'u') {
        if (k == 'i' && size < 8) {  // sign-extend
            const int shift = 64 - 8 * size;
            return addScalar(Kind::Int, static_cast<int64_t>(u << shift) >> shift);
        }
        if (k == 'u' && size == 8 && u > uint64_t(std::numeric_limits<int64_t>::max()))
            return addScalar(Kind::Float, 0, static_cast<double>(u));
        return addScalar(Kind::Int, static_cast<int64_t>(u));
    }
    return kMissing;
}

// datetime.datetime(bytes10[, tz]) / datetime.date(bytes4) -> ISO text; datetime.timedelta -> seconds.
Ref Unpickler::datetimeValue(const std::string& q, const std::vector<Ref>& a)
{
    if (q == "datetime.timedelta") {
        if (a.size() != 3)
            return kMissing;
        return addScalar(Kind::Float, 0,
                         doc_.number(a[0]) * 86400.0 + doc_.number(a[1]) + doc_.number(a[2]) * 1e-6);
    }
    if (a.empty())
        return kMissing;
    std::string b;
    if (kind(a[0]) == Kind::Bytes)
        b = val(a[0]).text;
    else if (kind(a[0]) != Kind::String || !utf8ToLatin1(val(a[0]).text, b))
        return kMissing;
    auto at = [&](size_t i) { return static_cast<unsigned>(static_cast<uint8_t>(b[i])); };
    char buf[48];
    if (q == "datetime.date" && b.size() == 4) {
        std::snprintf(buf, sizeof buf, "%04u-%02u-%02u", at(0) * 256 + at(1), at(2), at(3));
        return addText(Kind::String, buf);
    }
    if (q == "datetime.datetime" && b.size() == 10) {
        const unsigned us = (at(7) << 16) | (at(8) << 8) | at(9);
        if (us)
            std::snprintf(buf, sizeof buf, "%04u-%02u-%02uT%02u:%02u:%02u.%06u", at(0) * 256 + at(1), at(2),
                          at(3), at(4), at(5), at(6), us);
        else
            std::snprintf(buf, sizeof buf, "%04u-%02u-%02uT%02u:%02u:%02u", at(0) * 256 + at(1), at(2), at(3),
                          at(4), at(5), at(6));
        return addText(Kind::String, buf);
    }
    return kMissing;
}

// REDUCE: callable(*args). Known callables give plain values; any other makes a generic Object.
Ref Unpickler::reduce(Ref callable, Ref args)
{
    if (kind(callable) != Kind::Global)
        fail(std::string("REDUCE calls a ") + toString(kind(callable)) + ", not a class or function");
    const std::vector<Ref> a = tupleItems(args);  // a copy: adding values may move the arena
    const std::string q = normalisedGlobal(val(callable).text);

    if (q == "collections.OrderedDict" || q == "builtins.dict" || q == "collections.defaultdict") {
        const Ref d = addContainer(Kind::Dict);
        if (q != "collections.defaultdict" && !a.empty() &&
            (kind(a[0]) == Kind::List || kind(a[0]) == Kind::Tuple)) {
            const std::vector<Ref> pairs = val(a[0]).items;
            for (Ref pr : pairs) {
                const Value& kv = val(pr);
                if ((kv.kind != Kind::Tuple && kv.kind != Kind::List) || kv.items.size() != 2)
                    fail("OrderedDict is built from an item that is not a (key, value) pair");
                dictSet(d, kv.items[0], kv.items[1]);
            }
        }
        return d;
    }
    if (q == "builtins.set" || q == "builtins.frozenset" || q == "builtins.list" || q == "builtins.tuple" ||
        q == "torch.Size") {
        std::vector<Ref> items;
        if (!a.empty() && (kind(a[0]) == Kind::List || kind(a[0]) == Kind::Tuple))
            items = val(a[0]).items;
        return addContainer(q == "builtins.tuple" || q == "torch.Size" ? Kind::Tuple : Kind::List,
                            std::move(items));
    }
    if (q == "torch._utils._rebuild_tensor_v2" || q == "torch._utils._rebuild_tensor")
        return rebuildTensor(a, q == "torch._utils._rebuild_tensor_v2");
    if (q == "torch._utils._rebuild_parameter" || q == "torch._utils._rebuild_parameter_with_state") {
        if (a.empty() || kind(a[0]) != Kind::Tensor)
            fail("_rebuild_parameter wraps something that is not a tensor");
        TensorRef t = doc_.tensors_[static_cast<size_t>(val(a[0]).i)];
        t.parameter = true;
        t.requiresGrad = a.size() > 1 && kind(a[1]) == Kind::Bool && val(a[1]).i;
        doc_.tensors_.push_back(std::move(t));
        return addScalar(Kind::Tensor, static_cast<int64_t>(doc_.tensors_.size() - 1));
    }
    if (q == "torch._utils._rebuild_from_type_v2") {  // (func, new_type, args, state): a Tensor subclass
        if (a.size() < 3)
            fail("_rebuild_from_type_v2 has fewer than 3 arguments");
        return reduce(a[0], a[2]);
    }
    if (q.compare(0, 17, "torch.jit._pickle") == 0 && !a.empty())  // build_intlist(list), restore_type_tag(v, t)
        return a[0];
    if (q == "torch.device") {
        std::string s = a.empty() ? std::string() : doc_.str(a[0]);
        if (a.size() > 1 && kind(a[1]) == Kind::Int)
            s += ":" + std::to_string(val(a[1]).i);
        return addText(Kind::String, s);
    }
    if (q == "_codecs.encode" && !a.empty() && kind(a[0]) == Kind::String) {
        const std::string enc = a.size() > 1 ? doc_.str(a[1]) : std::string("utf-8");
        std::string bytes = val(a[0]).text;
        if ((enc == "latin1" || enc == "latin-1" || enc == "iso-8859-1") && !utf8ToLatin1(val(a[0]).text, bytes))
            fail("_codecs.encode: the text has characters outside latin-1");
        return addText(Kind::Bytes, bytes);
    }
    if (q == "builtins.bytearray" || q == "builtins.bytes") {
        if (a.empty())
            return addText(Kind::Bytes, "");
        if (kind(a[0]) == Kind::Bytes || kind(a[0]) == Kind::String)
            return addText(Kind::Bytes, val(a[0]).text);
    }
    if (q == "numpy.core.multiarray.scalar") {
        const Ref r = numpyScalar(a);
        if (r != kMissing)
            return r;
    }
    if (q.compare(0, 9, "datetime.") == 0) {
        const Ref r = datetimeValue(q, a);
        if (r != kMissing)
            return r;
    }
    if (q.compare(0, 8, "pathlib.") == 0 && q.find("Path") != std::string::npos) {
        std::string path;
        for (Ref part : a) {
            const std::string s = doc_.str(part);
            if (!path.empty() && path.back() != '/' && path.back() != '\\')
                path += '/';
            path += s;
        }
        return addText(Kind::String, path);
    }
    if (q == "copyreg._reconstructor" && !a.empty() && kind(a[0]) == Kind::Global)
        return addObject(val(a[0]).text, emptyTuple());
    return addObject(val(callable).text, args);
}

// NEWOBJ: cls.__new__(cls, *args).
Ref Unpickler::newObject(Ref cls, Ref args)
{
    if (kind(cls) != Kind::Global)
        fail(std::string("NEWOBJ instantiates a ") + toString(kind(cls)) + ", not a class");
    tupleItems(args);
    const std::string q = normalisedGlobal(val(cls).text);
    if (q == "collections.OrderedDict" || q == "builtins.dict" || q == "collections.defaultdict")
        return addContainer(Kind::Dict);
    if (q == "builtins.set" || q == "builtins.frozenset" || q == "builtins.list")
        return addContainer(Kind::List);
    return addObject(val(cls).text, args);
}

// PROTO, FRAME, MARK and the stack: true when `op` is one of them.
bool Unpickler::streamOp(uint8_t op)
{
    switch (op) {
    case 0x80: {  // PROTO
        const uint8_t v = u8();
        if (v > 5)
            fail("pickle protocol " + std::to_string(v) + " is newer than 5");
        return true;
    }
    case 0x95: uintLE(8); return true;  // FRAME: frames are inline, the length only groups opcodes
    case '(': // MARK
        if (marks_.size() >= limits_.maxValues)
            fail("too many MARKs (limit)");
        marks_.push_back(stack_.size());
        return true;
    case '0':  // POP (an empty frame above a mark pops the mark, as CPython does)
        if (!marks_.empty() && stack_.size() == marks_.back())
            marks_.pop_back();
        else
            pop();
        return true;
    case '1': popMark(); return true;     // POP_MARK
    case '2': push(top()); return true;   // DUP
    default: return false;
    }
}

// None, booleans, integers and floats.
bool Unpickler::scalarOp(uint8_t op)
{
    switch (op) {
    case 'N': push(kNone); return true;
    case 0x88: push(addScalar(Kind::Bool, 1)); return true;
    case 0x89: push(addScalar(Kind::Bool, 0)); return true;
    case 'J': push(addScalar(Kind::Int, static_cast<int32_t>(uintLE(4)))); return true;
    case 'K': push(addScalar(Kind::Int, u8())); return true;
    case 'M': push(addScalar(Kind::Int, static_cast<int64_t>(uintLE(2)))); return true;
    case 0x8a: {  // LONG1
        const uint8_t len = u8();
        push(integerFromBytes(take(len)));
        return true;
    }
    case 0x8b: {  // LONG4
        const int32_t len = static_cast<int32_t>(uintLE(4));
        if (len < 0)
            fail("LONG4 has a negative length");
        push(integerFromBytes(take(static_cast<uint64_t>(len))));
        return true;
    }
    case 'I': push(integerFromText(line())); return true;
    case 'L': push(integerFromText(line())); return true;
    case 'G': {  // BINFLOAT: big-endian IEEE double
        need(8);
        uint64_t u = 0;
        for (int i = 0; i < 8; ++i)
            u = (u << 8) | p_[pos_ + i];
        pos_ += 8;
        double d;
        std::memcpy(&d, &u, 8);
        push(addScalar(Kind::Float, 0, d));
        return true;
    }
    case 'F': {
        const std::string_view s = line();
        double d = 0;
        auto res = std::from_chars(s.data(), s.data() + s.size(), d);
        if (res.ec != std::errc() || res.ptr != s.data() + s.size())
            fail("a FLOAT argument is not a number");
        push(addScalar(Kind::Float, 0, d));
        return true;
    }
    default: return false;
    }
}

// Strings and bytes.
bool Unpickler::textOp(uint8_t op)
{
    switch (op) {
    case 'X': push(addText(Kind::String, take(uintLE(4)))); return true;     // BINUNICODE
    case 0x8c: push(addText(Kind::String, take(u8()))); return true;         // SHORT_BINUNICODE
    case 0x8d: push(addText(Kind::String, take(uintLE(8)))); return true;    // BINUNICODE8
    case 'V': push(addText(Kind::String, rawUnicode(line()))); return true;  // UNICODE
    case 'S': push(addText(Kind::String, unescapeString(line()))); return true;  // STRING
    case 'T': {  // BINSTRING (Python 2 str)
        const int32_t len = static_cast<int32_t>(uintLE(4));
        if (len < 0)
            fail("BINSTRING has a negative length");
        push(addText(Kind::String, take(static_cast<uint64_t>(len))));
        return true;
    }
    case 'U': push(addText(Kind::String, take(u8()))); return true;         // SHORT_BINSTRING
    case 'B': push(addText(Kind::Bytes, take(uintLE(4)))); return true;     // BINBYTES
    case 'C': push(addText(Kind::Bytes, take(u8()))); return true;          // SHORT_BINBYTES
    case 0x8e: push(addText(Kind::Bytes, take(uintLE(8)))); return true;    // BINBYTES8
    case 0x96: push(addText(Kind::Bytes, take(uintLE(8)))); return true;    // BYTEARRAY8
    default: return false;
    }
}

// Lists, tuples, dicts and sets, and filling them.
bool Unpickler::containerOp(uint8_t op)
{
    switch (op) {
    case ']': push(addContainer(Kind::List)); return true;
    case ')': push(emptyTuple()); return true;
    case '}': push(addContainer(Kind::Dict)); return true;
    case 0x8f: push(addContainer(Kind::List)); return true;  // EMPTY_SET
    case 'l': push(addContainer(Kind::List, popMark())); return true;
    case 't': push(addContainer(Kind::Tuple, popMark())); return true;
    case 0x91: push(addContainer(Kind::List, popMark())); return true;  // FROZENSET
    case 0x85: {  // TUPLE1
        const Ref a = pop();
        push(addContainer(Kind::Tuple, {a}));
        return true;
    }
    case 0x86: {  // TUPLE2
        const Ref b = pop();
        const Ref a = pop();
        push(addContainer(Kind::Tuple, {a, b}));
        return true;
    }
    case 0x87: {  // TUPLE3
        const Ref c = pop();
        const Ref b = pop();
        const Ref a = pop();
        push(addContainer(Kind::Tuple, {a, b, c}));
        return true;
    }
    case 'd': {  // DICT
        const std::vector<Ref> kv = popMark();
        const Ref d = addContainer(Kind::Dict);
        dictSetMany(d, kv);
        push(d);
        return true;
    }
    case 'a': {  // APPEND
        const Ref v = pop();
        listAppend(top(), {v});
        return true;
    }
    case 'e': {  // APPENDS
        const std::vector<Ref> items = popMark();
        listAppend(top(), items);
        return true;
    }
    case 0x90: {  // ADDITEMS (sets are lists here)
        const std::vector<Ref> items = popMark();
        listAppend(top(), items);
        return true;
    }
    case 's': {  // SETITEM
        const Ref v = pop();
        const Ref k = pop();
        dictSetMany(top(), {k, v});
        return true;
    }
    case 'u': {  // SETITEMS
        const std::vector<Ref> kv = popMark();
        dictSetMany(top(), kv);
        return true;
    }
    default: return false;
    }
}

// The memo: PUT / GET in their three widths.
bool Unpickler::memoOp(uint8_t op)
{
    switch (op) {
    case 'p': {  // PUT
        const std::string_view s = line();
        uint64_t idx = 0;
        auto res = std::from_chars(s.data(), s.data() + s.size(), idx);
        if (res.ec != std::errc() || res.ptr != s.data() + s.size())
            fail("a PUT index is not a number");
        memoPut(idx);
        return true;
    }
    case 'q': memoPut(u8()); return true;           // BINPUT
    case 'r': memoPut(uintLE(4)); return true;      // LONG_BINPUT
    case 0x94: memoPut(memo_.size()); return true;  // MEMOIZE
    case 'g': {  // GET
        const std::string_view s = line();
        uint64_t idx = 0;
        auto res = std::from_chars(s.data(), s.data() + s.size(), idx);
        if (res.ec != std::errc() || res.ptr != s.data() + s.size())
            fail("a GET index is not a number");
        memoGet(idx);
        return true;
    }
    case 'h': memoGet(u8()); return true;       // BINGET
    case 'j': memoGet(uintLE(4)); return true;  // LONG_BINGET
    default: return false;
    }
}

// GLOBAL, REDUCE, NEWOBJ, BUILD and persistent ids: values, never calls.
bool Unpickler::objectOp(uint8_t op)
{
    switch (op) {
    case 'c': {  // GLOBAL "module\nname\n"
        const std::string_view module = line();
        const std::string_view name = line();
        if (module.empty() || name.empty() || module.size() > 256 || name.size() > 256)
            fail("a GLOBAL name is empty or longer than 256 characters");
        std::string q(module);
        q += '.';
        q += name;
        push(addText(Kind::Global, q));
        return true;
    }
    case 0x93: {  // STACK_GLOBAL
        const Ref name = pop();
        const Ref module = pop();
        if (kind(name) != Kind::String || kind(module) != Kind::String)
            fail("STACK_GLOBAL needs two strings");
        push(addText(Kind::Global, val(module).text + "." + val(name).text));
        return true;
    }
    case 'R': {  // REDUCE
        const Ref args = pop();
        const Ref callable = pop();
        push(reduce(callable, args));
        return true;
    }
    case 0x81: {  // NEWOBJ
        const Ref args = pop();
        const Ref cls = pop();
        push(newObject(cls, args));
        return true;
    }
    case 0x92: {  // NEWOBJ_EX (keyword arguments are dropped)
        pop();
        const Ref args = pop();
        const Ref cls = pop();
        push(newObject(cls, args));
        return true;
    }
    case 'b': {  // BUILD: an object's state (a module's __dict__); other values keep theirs
        const Ref state = pop();
        const Ref obj = top();
        if (kind(obj) == Kind::Object) {
            val(obj).items[1] = state;
            deepen(obj, state);
        }
        return true;
    }
    case 'Q': {  // BINPERSID
        const Ref pid = pop();
        push(persistentId(pid));
        return true;
    }
    default: return false;
    }
}

Ref Unpickler::run()
{
    while (true) {
        op_ = pos_;
        if (pos_ >= n_)
            fail("the stream ends without STOP");
        const uint8_t op = p_[pos_++];
        if (op == '.') {  // STOP
            doc_.root_ = pop();
            return doc_.root_;
        }
        if (streamOp(op) || scalarOp(op) || textOp(op) || containerOp(op) || memoOp(op) || objectOp(op))
            continue;
        switch (op) {
        case 'P': fail("text persistent ids (PERSID) are not used by torch.save");
        case 'i': case 'o': fail("protocol-0/1 instances (INST/OBJ) are not supported");
        case 0x82: case 0x83: case 0x84: fail("extension-registry codes (EXT1/2/4) are not supported");
        case 0x97: case 0x98: fail("out-of-band buffers (protocol 5) are not supported");
        default: {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02x", op);
            fail(std::string("unknown opcode ") + hex);
        }
        }
    }
}

Expected<Document> unpickle(std::string_view bytes, const std::string& file, const std::string& record,
                            const Limits& limits)
{
    if (bytes.size() > limits.maxBytes)
        return Error{"weights.limits",
                     record + " is " + std::to_string(bytes.size()) + " bytes, more than the limit of " +
                         std::to_string(limits.maxBytes),
                     file, 0, 0};
    Document doc;
    Unpickler u(bytes, limits, doc);
    try {
        u.run();
    } catch (const Failure& f) {
        return Error{"weights.pickle", record + ", byte " + std::to_string(u.offset()) + ": " + f.what, file, 0, 0};
    } catch (const std::bad_alloc&) {
        return Error{"weights.pickle", record + ", byte " + std::to_string(u.offset()) + ": out of memory", file,
                     0, 0};
    } catch (const std::length_error&) {
        return Error{"weights.pickle", record + ", byte " + std::to_string(u.offset()) + ": out of memory", file,
                     0, 0};
    }
    return doc;
}

}  // namespace ys::pickle
