#include "onnx/model.h"

#include "onnx/proto.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

namespace ys::onnx {

const char* toString(ElemType t)
{
    switch (t) {
    case ElemType::Float: return "float32";
    case ElemType::Uint8: return "uint8";
    case ElemType::Int8: return "int8";
    case ElemType::Int32: return "int32";
    case ElemType::Int64: return "int64";
    case ElemType::Float16: return "float16";
    case ElemType::Double: return "float64";
    case ElemType::Undefined: break;
    }
    return "undefined";
}

size_t elemSize(ElemType t)
{
    switch (t) {
    case ElemType::Float: case ElemType::Int32: return 4;
    case ElemType::Uint8: case ElemType::Int8: return 1;
    case ElemType::Int64: case ElemType::Double: return 8;
    case ElemType::Float16: return 2;
    case ElemType::Undefined: break;
    }
    return 0;
}

std::string ValueInfo::shapeText() const
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + shape[i].text();
    return s + "]";
}

int64_t TensorData::numel() const
{
    int64_t n = 1;
    for (int64_t d : dims)
        n *= d;
    return n;
}

std::vector<float> TensorData::floats() const
{
    std::vector<float> v;
    if (type == ElemType::Float) {
        v.resize(raw.size() / 4);
        std::memcpy(v.data(), raw.data(), v.size() * 4);
    } else if (type == ElemType::Float16) {
        v.resize(raw.size() / 2);
        for (size_t i = 0; i < v.size(); ++i) {
            uint16_t h = 0;
            std::memcpy(&h, raw.data() + 2 * i, 2);
            v[i] = halfToFloat(h);
        }
    }
    return v;
}

std::vector<int64_t> TensorData::int64s() const
{
    std::vector<int64_t> v;
    if (type == ElemType::Int64) {
        v.resize(raw.size() / 8);
        std::memcpy(v.data(), raw.data(), v.size() * 8);
    }
    return v;
}

Attribute intAttr(std::string name, int64_t v)
{
    Attribute a;
    a.name = std::move(name);
    a.type = Attribute::Type::Int;
    a.i = v;
    return a;
}

Attribute intsAttr(std::string name, std::vector<int64_t> v)
{
    Attribute a;
    a.name = std::move(name);
    a.type = Attribute::Type::Ints;
    a.ints = std::move(v);
    return a;
}

Attribute floatAttr(std::string name, float v)
{
    Attribute a;
    a.name = std::move(name);
    a.type = Attribute::Type::Float;
    a.f = v;
    return a;
}

Attribute stringAttr(std::string name, std::string v)
{
    Attribute a;
    a.name = std::move(name);
    a.type = Attribute::Type::String;
    a.s = std::move(v);
    return a;
}

const Attribute* Node::attribute(const std::string& n) const
{
    for (const auto& a : attributes)
        if (a.name == n)
            return &a;
    return nullptr;
}

const std::string* Model::meta(const std::string& key) const
{
    for (const auto& [k, v] : metadata)
        if (k == key)
            return &v;
    return nullptr;
}

int64_t irVersionForOpset(int64_t opset)
{
    if (opset <= 10)
        return 5;
    if (opset == 11)
        return 6;
    if (opset <= 14)
        return 7;
    if (opset <= 18)
        return 8;
    return 9;
}

// ---------------------------------------------------------------------------------------------------------
// Writing (field numbers: onnx/onnx.proto of ONNX 1.12)

namespace {

ProtoWriter tensorProto(const TensorData& t)
{
    ProtoWriter w;
    for (int64_t d : t.dims)
        w.int64(1, d);
    w.varint(2, static_cast<uint64_t>(t.type));
    w.bytes(8, t.name);
    w.bytes(9, t.raw);
    return w;
}

ProtoWriter attributeProto(const Attribute& a)
{
    ProtoWriter w;
    w.bytes(1, a.name);
    switch (a.type) {
    case Attribute::Type::Float: w.float32(2, a.f); break;
    case Attribute::Type::Int: w.int64(3, a.i); break;
    case Attribute::Type::String: w.bytes(4, a.s); break;
    case Attribute::Type::Tensor: w.message(5, tensorProto(a.t)); break;
    case Attribute::Type::Floats:
        for (float f : a.floats)
            w.float32(7, f);
        break;
    case Attribute::Type::Ints:
        for (int64_t i : a.ints)
            w.int64(8, i);
        break;
    case Attribute::Type::Undefined: break;
    }
    w.varint(20, static_cast<uint64_t>(a.type));
    return w;
}

ProtoWriter nodeProto(const Node& n)
{
    ProtoWriter w;
    for (const auto& i : n.inputs)
        w.bytes(1, i);
    for (const auto& o : n.outputs)
        w.bytes(2, o);
    if (!n.name.empty())
        w.bytes(3, n.name);
    w.bytes(4, n.opType);
    for (const auto& a : n.attributes)
        w.message(5, attributeProto(a));
    if (!n.domain.empty())
        w.bytes(7, n.domain);
    return w;
}

ProtoWriter valueInfoProto(const ValueInfo& v)
{
    ProtoWriter shape;
    for (const Dim& d : v.shape) {
        ProtoWriter dim;
        if (d.fixed())
            dim.int64(1, d.value);
        else
            dim.bytes(2, d.param);
        shape.message(1, dim);
    }
    ProtoWriter tensor;
    tensor.varint(1, static_cast<uint64_t>(v.type));
    tensor.message(2, shape);
    ProtoWriter type;
    type.message(1, tensor);
    ProtoWriter w;
    w.bytes(1, v.name);
    w.message(2, type);
    return w;
}

}  // namespace

std::string serialize(const Model& m)
{
    ProtoWriter graph;
    for (const Node& n : m.graph.nodes)
        graph.message(1, nodeProto(n));
    graph.bytes(2, m.graph.name);
    for (const TensorData& t : m.graph.initializers)
        graph.message(5, tensorProto(t));
    for (const ValueInfo& v : m.graph.inputs)
        graph.message(11, valueInfoProto(v));
    for (const ValueInfo& v : m.graph.outputs)
        graph.message(12, valueInfoProto(v));

    ProtoWriter w;
    w.int64(1, m.irVersion);
    w.bytes(2, m.producerName);
    w.bytes(3, m.producerVersion);
    if (!m.docString.empty())
        w.bytes(6, m.docString);
    w.message(7, graph);
    ProtoWriter opset;
    opset.bytes(1, "");
    opset.int64(2, m.opset);
    w.message(8, opset);
    for (const auto& [k, v] : m.metadata) {
        ProtoWriter e;
        e.bytes(1, k);
        e.bytes(2, v);
        w.message(14, e);
    }
    return w.take();
}

// ---------------------------------------------------------------------------------------------------------
// Reading

namespace {

struct Parser {
    std::string error;
    bool initializerData = true;

    bool fail(const ProtoReader& r, const char* what)
    {
        if (error.empty())
            error = std::string(what) + ": " + (r.ok() ? std::string("unexpected field") : r.error());
        return false;
    }

    // Repeated int64/float fields may come packed (wire type 2) or one per field.
    template <typename T, typename Conv>
    bool repeated(const ProtoReader& r, std::vector<T>& out, int fixedWire, Conv conv)
    {
        if (r.wireType() != 2) {
            out.push_back(conv(r));
            return true;
        }
        const std::string_view b = r.bytes();
        size_t pos = 0;
        while (pos < b.size()) {
            if (fixedWire == 5) {
                if (b.size() - pos < 4)
                    return false;
                uint32_t bits = 0;
                std::memcpy(&bits, b.data() + pos, 4);
                float f = 0;
                std::memcpy(&f, &bits, 4);
                out.push_back(static_cast<T>(f));
                pos += 4;
            } else {
                uint64_t v = 0;
                int shift = 0;
                while (true) {
                    if (pos >= b.size() || shift > 63)
                        return false;
                    const auto c = static_cast<uint8_t>(b[pos++]);
                    v |= static_cast<uint64_t>(c & 0x7f) << shift;
                    shift += 7;
                    if (!(c & 0x80))
                        break;
                }
                out.push_back(static_cast<T>(static_cast<int64_t>(v)));
            }
        }
        return true;
    }

    bool tensor(std::string_view bytes, TensorData& t)
    {
        ProtoReader r(bytes);
        std::vector<float> floatData;
        std::vector<int64_t> int64Data;
        while (r.next()) {
            switch (r.field()) {
            case 1:
                if (!repeated(r, t.dims, 0, [](const ProtoReader& x) { return static_cast<int64_t>(x.varint()); }))
                    return fail(r, "tensor dims");
                break;
            case 2: t.type = static_cast<ElemType>(r.varint()); break;
            case 4:
                if (!repeated(r, floatData, 5, [](const ProtoReader& x) { return x.float32(); }))
                    return fail(r, "tensor float_data");
                break;
            case 7:
                if (!repeated(r, int64Data, 0, [](const ProtoReader& x) { return static_cast<int64_t>(x.varint()); }))
                    return fail(r, "tensor int64_data");
                break;
            case 8: t.name = std::string(r.bytes()); break;
            case 9: t.raw = std::string(r.bytes()); break;
            default: break;
            }
        }
        if (!r.ok())
            return fail(r, "tensor");
        if (t.raw.empty() && !floatData.empty())
            t.raw.assign(reinterpret_cast<const char*>(floatData.data()), floatData.size() * 4);
        if (t.raw.empty() && !int64Data.empty())
            t.raw.assign(reinterpret_cast<const char*>(int64Data.data()), int64Data.size() * 8);
        return true;
    }

    bool attribute(std::string_view bytes, Attribute& a)
    {
        ProtoReader r(bytes);
        while (r.next()) {
            switch (r.field()) {
            case 1: a.name = std::string(r.bytes()); break;
            case 2: a.f = r.float32(); break;
            case 3: a.i = static_cast<int64_t>(r.varint()); break;
            case 4: a.s = std::string(r.bytes()); break;
            case 5:
                if (!tensor(r.bytes(), a.t))
                    return false;
                break;
            case 7:
                if (!repeated(r, a.floats, 5, [](const ProtoReader& x) { return x.float32(); }))
                    return fail(r, "attribute floats");
                break;
            case 8:
                if (!repeated(r, a.ints, 0, [](const ProtoReader& x) { return static_cast<int64_t>(x.varint()); }))
                    return fail(r, "attribute ints");
                break;
            case 20: a.type = static_cast<Attribute::Type>(r.varint()); break;
            default: break;
            }
        }
        return r.ok() || fail(r, "attribute");
    }

    bool node(std::string_view bytes, Node& n)
    {
        ProtoReader r(bytes);
        while (r.next()) {
            switch (r.field()) {
            case 1: n.inputs.emplace_back(r.bytes()); break;
            case 2: n.outputs.emplace_back(r.bytes()); break;
            case 3: n.name = std::string(r.bytes()); break;
            case 4: n.opType = std::string(r.bytes()); break;
            case 5:
                n.attributes.emplace_back();
                if (!attribute(r.bytes(), n.attributes.back()))
                    return false;
                break;
            case 7: n.domain = std::string(r.bytes()); break;
            default: break;
            }
        }
        return r.ok() || fail(r, "node");
    }

    bool valueInfo(std::string_view bytes, ValueInfo& v)
    {
        ProtoReader r(bytes);
        while (r.next()) {
            if (r.field() == 1) {
                v.name = std::string(r.bytes());
            } else if (r.field() == 2) {
                ProtoReader type(r.bytes());
                while (type.next()) {
                    if (type.field() != 1)
                        continue;
                    ProtoReader tensor(type.bytes());
                    while (tensor.next()) {
                        if (tensor.field() == 1) {
                            v.type = static_cast<ElemType>(tensor.varint());
                        } else if (tensor.field() == 2) {
                            ProtoReader shape(tensor.bytes());
                            while (shape.next()) {
                                if (shape.field() != 1)
                                    continue;
                                Dim d;
                                ProtoReader dim(shape.bytes());
                                while (dim.next()) {
                                    if (dim.field() == 1)
                                        d.value = static_cast<int64_t>(dim.varint());
                                    else if (dim.field() == 2)
                                        d.param = std::string(dim.bytes());
                                }
                                if (!dim.ok())
                                    return fail(dim, "dimension");
                                v.shape.push_back(d);
                            }
                            if (!shape.ok())
                                return fail(shape, "shape");
                        }
                    }
                    if (!tensor.ok())
                        return fail(tensor, "tensor type");
                }
                if (!type.ok())
                    return fail(type, "type");
            }
        }
        return r.ok() || fail(r, "value info");
    }

    bool graph(std::string_view bytes, Graph& g)
    {
        ProtoReader r(bytes);
        while (r.next()) {
            switch (r.field()) {
            case 1:
                g.nodes.emplace_back();
                if (!node(r.bytes(), g.nodes.back()))
                    return false;
                break;
            case 2: g.name = std::string(r.bytes()); break;
            case 5:
                g.initializers.emplace_back();
                if (!tensor(r.bytes(), g.initializers.back()))
                    return false;
                if (!initializerData)
                    std::string().swap(g.initializers.back().raw);
                break;
            case 11:
            case 12: {
                ValueInfo v;
                if (!valueInfo(r.bytes(), v))
                    return false;
                (r.field() == 11 ? g.inputs : g.outputs).push_back(std::move(v));
                break;
            }
            default: break;
            }
        }
        return r.ok() || fail(r, "graph");
    }
};

}  // namespace

Expected<Model> parseModel(const std::string& bytes, const std::string& file, bool initializerData)
{
    Model m;
    m.opset = 0;
    m.irVersion = 0;
    Parser p;
    p.initializerData = initializerData;
    bool hasGraph = false;
    ProtoReader r(bytes);
    while (r.next()) {
        switch (r.field()) {
        case 1: m.irVersion = static_cast<int64_t>(r.varint()); break;
        case 2: m.producerName = std::string(r.bytes()); break;
        case 3: m.producerVersion = std::string(r.bytes()); break;
        case 6: m.docString = std::string(r.bytes()); break;
        case 7:
            if (r.wireType() != 2 || !p.graph(r.bytes(), m.graph))
                return Error{"onnx.malformed", "not a valid ONNX model: " + (p.error.empty() ? "bad graph" : p.error),
                             file, 0, 0};
            hasGraph = true;
            break;
        case 8: {
            ProtoReader o(r.bytes());
            std::string domain;
            int64_t version = 0;
            while (o.next()) {
                if (o.field() == 1)
                    domain = std::string(o.bytes());
                else if (o.field() == 2)
                    version = static_cast<int64_t>(o.varint());
            }
            if (domain.empty() || domain == "ai.onnx")
                m.opset = version;
            break;
        }
        case 14: {
            ProtoReader e(r.bytes());
            std::string k, v;
            while (e.next()) {
                if (e.field() == 1)
                    k = std::string(e.bytes());
                else if (e.field() == 2)
                    v = std::string(e.bytes());
            }
            m.metadata.emplace_back(std::move(k), std::move(v));
            break;
        }
        default: break;
        }
    }
    if (!r.ok())
        return Error{"onnx.malformed", "not a valid ONNX model: " + r.error(), file, 0, 0};
    if (!hasGraph || m.irVersion <= 0)
        return Error{"onnx.malformed", "not an ONNX model (no graph or IR version)", file, 0, 0};
    return m;
}

Expected<Model> readModel(const std::string& path, bool initializerData)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{"onnx.unreadable", "cannot open the ONNX file", path, 0, 0};
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad())
        return Error{"onnx.unreadable", "cannot read the ONNX file", path, 0, 0};
    return parseModel(bytes, path, initializerData);
}

// ---------------------------------------------------------------------------------------------------------

uint16_t floatToHalf(float f)
{
    uint32_t x = 0;
    std::memcpy(&x, &f, 4);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t absx = x & 0x7fffffffu;
    if (absx >= 0x7f800000u)   // inf or nan
        return static_cast<uint16_t>(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0u));
    if (absx >= 0x477ff000u)   // rounds to >= 65520: overflow to inf
        return static_cast<uint16_t>(sign | 0x7c00u);
    if (absx < 0x38800000u) {  // below the smallest normal half: subnormal (or zero)
        float a = 0;
        std::memcpy(&a, &absx, 4);
        // a / 2^-24 rounded to nearest even gives the subnormal mantissa.
        const float scaled = a * 16777216.0f;
        const auto m = static_cast<uint32_t>(std::nearbyint(scaled));
        return static_cast<uint16_t>(sign | m);
    }
    // Normal: rebias the exponent, round the mantissa to 10 bits, nearest even.
    uint32_t h = ((absx - 0x38000000u) >> 13);
    const uint32_t rest = absx & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
        ++h;
    return static_cast<uint16_t>(sign | h);
}

float halfToFloat(uint16_t h)
{
    const uint32_t sign = (static_cast<uint32_t>(h) & 0x8000u) << 16;
    const uint32_t exp = (h >> 10) & 0x1fu;
    const uint32_t man = h & 0x3ffu;
    float f = 0;
    if (exp == 0) {
        f = std::ldexp(static_cast<float>(man), -24);
        return sign ? -f : f;
    }
    uint32_t x = 0;
    if (exp == 31)
        x = sign | 0x7f800000u | (man << 13);
    else
        x = sign | ((exp + 112u) << 23) | (man << 13);
    std::memcpy(&f, &x, 4);
    return f;
}

// ---------------------------------------------------------------------------------------------------------

std::string GraphBuilder::unique(const std::string& base)
{
    std::string name = base;
    for (int i = 1; used_.count(name); ++i)
        name = base + "_" + std::to_string(i);
    used_.insert(name);
    return name;
}

std::string GraphBuilder::scope(char sep) const
{
    std::string s;
    for (const auto& part : scope_) {
        if (sep == '/' || !s.empty())
            s += sep;
        s += part;
    }
    return s;
}

void GraphBuilder::renameOutput(const std::string& produced, const std::string& name)
{
    for (auto it = g_.nodes.rbegin(); it != g_.nodes.rend(); ++it)
        for (auto& o : it->outputs)
            if (o == produced) {
                o = name;
                used_.insert(name);
                return;
            }
}

std::vector<std::string> GraphBuilder::ops(const std::string& type, std::vector<std::string> inputs, int outputs,
                                           std::vector<Attribute> attrs)
{
    Node n;
    n.opType = type;
    n.name = unique(scope('/') + "/" + type);
    n.inputs = std::move(inputs);
    n.attributes = std::move(attrs);
    for (int i = 0; i < outputs; ++i)
        n.outputs.push_back(n.name + "_output_" + std::to_string(i));
    g_.nodes.push_back(n);
    return g_.nodes.back().outputs;
}

std::string GraphBuilder::op(const std::string& type, std::vector<std::string> inputs, std::vector<Attribute> attrs)
{
    return ops(type, std::move(inputs), 1, std::move(attrs)).front();
}

std::string GraphBuilder::floats(const std::string& name, std::vector<int64_t> dims, const std::vector<float>& values,
                                 ElemType type)
{
    TensorData t;
    t.name = unique(name);
    t.type = type == ElemType::Undefined ? float_ : type;
    t.dims = std::move(dims);
    if (t.type == ElemType::Float16) {
        t.raw.resize(values.size() * 2);
        for (size_t i = 0; i < values.size(); ++i) {
            const uint16_t h = floatToHalf(values[i]);
            std::memcpy(t.raw.data() + 2 * i, &h, 2);
        }
    } else {
        t.raw.assign(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
    }
    g_.initializers.push_back(std::move(t));
    return g_.initializers.back().name;
}

std::string GraphBuilder::int64s(const std::string& name, std::vector<int64_t> dims, const std::vector<int64_t>& values)
{
    TensorData t;
    t.name = unique(name);
    t.type = ElemType::Int64;
    t.dims = std::move(dims);
    t.raw.assign(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(int64_t));
    g_.initializers.push_back(std::move(t));
    return g_.initializers.back().name;
}

std::string GraphBuilder::scalar(float value)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", static_cast<double>(value));
    return floats(scope('/') + "/Constant_" + buf, {}, {value});
}

}  // namespace ys::onnx
