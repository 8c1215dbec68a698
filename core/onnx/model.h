#pragma once
// An ONNX model in plain C++ structs (torch-free): written with serialize() in the protobuf wire format of
// onnx.proto (IR 7/8, field numbers of ONNX 1.12), read back with parseModel(). Only what detection graphs use:
// nodes with int/float/string/ints/floats/tensor attributes, initializers as raw little-endian data, typed
// inputs/outputs with fixed or named dimensions, opset imports and metadata_props.

#include "common/error.h"

#include <cstdint>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace ys::onnx {

// TensorProto.DataType values.
enum class ElemType : int32_t { Undefined = 0, Float = 1, Uint8 = 2, Int8 = 3, Int32 = 6, Int64 = 7, Float16 = 10,
                                Double = 11 };
const char* toString(ElemType t);   // "float32", "int64", "float16", ...
size_t elemSize(ElemType t);        // bytes per element, 0 when unknown

// One dimension: a fixed size (value >= 0) or a named free one (param, e.g. "batch").
struct Dim {
    int64_t value = -1;
    std::string param;
    bool fixed() const { return value >= 0 && param.empty(); }
    std::string text() const { return fixed() ? std::to_string(value) : param.empty() ? "?" : param; }
};

struct ValueInfo {
    std::string name;
    ElemType type = ElemType::Float;
    std::vector<Dim> shape;
    std::string shapeText() const;   // "[1, 3, 640, 640]", "[batch, 3, height, width]"
};

// An initializer or a tensor attribute; `raw` holds the values little-endian (raw_data).
struct TensorData {
    std::string name;
    ElemType type = ElemType::Float;
    std::vector<int64_t> dims;
    std::string raw;
    int64_t numel() const;
    std::vector<float> floats() const;    // Float or Float16 values as float32
    std::vector<int64_t> int64s() const;  // Int64 values
};

struct Attribute {
    enum class Type : int32_t { Undefined = 0, Float = 1, Int = 2, String = 3, Tensor = 4, Floats = 6, Ints = 7 };
    std::string name;
    Type type = Type::Undefined;
    float f = 0;
    int64_t i = 0;
    std::string s;
    TensorData t;
    std::vector<float> floats;
    std::vector<int64_t> ints;
};
Attribute intAttr(std::string name, int64_t v);
Attribute intsAttr(std::string name, std::vector<int64_t> v);
Attribute floatAttr(std::string name, float v);
Attribute stringAttr(std::string name, std::string v);

struct Node {
    std::string opType, name, domain;
    std::vector<std::string> inputs, outputs;
    std::vector<Attribute> attributes;
    const Attribute* attribute(const std::string& name) const;   // nullptr when absent
};

struct Graph {
    std::string name;
    std::vector<Node> nodes;
    std::vector<TensorData> initializers;
    std::vector<ValueInfo> inputs, outputs;
};

struct Model {
    int64_t irVersion = 7;
    std::string producerName, producerVersion, docString;
    int64_t opset = 12;                 // of the default domain ("ai.onnx")
    Graph graph;
    std::vector<std::pair<std::string, std::string>> metadata;   // metadata_props, in order
    const std::string* meta(const std::string& key) const;       // nullptr when absent
};

// The IR version that goes with an opset of the default domain (ONNX's versioning table: 11 -> 6,
// 12-14 -> 7, 15-18 -> 8); OpenCV and ONNX Runtime reject files whose IR is newer than they know.
int64_t irVersionForOpset(int64_t opset);

// The protobuf bytes of a ModelProto.
std::string serialize(const Model& model);
// Parses ModelProto bytes. Errors (code "onnx.malformed") name `file`; unknown fields are skipped. Without
// `initializerData` the initializers keep their names, types and dims but no values (a description is cheaper).
Expected<Model> parseModel(const std::string& bytes, const std::string& file = {}, bool initializerData = true);
// Reads and parses a file ("onnx.unreadable" when it cannot be read).
Expected<Model> readModel(const std::string& path, bool initializerData = true);

// IEEE 754 half precision, round to nearest even (used for half=true initializers).
uint16_t floatToHalf(float f);
float halfToFloat(uint16_t h);

// Builds a graph node by node with unique names: node "/model.2/cv1/conv/Conv", its outputs
// "/model.2/cv1/conv/Conv_output_0", as torch's exporter names them. Floating-point constants are stored in
// the builder's float type (Float, or Float16 for half models).
class GraphBuilder {
public:
    explicit GraphBuilder(Graph& graph, ElemType floatType = ElemType::Float) : g_(graph), float_(floatType) {}

    // The scope nodes are named in: "/model.2/cv1/conv"; push adds one part, pop removes it.
    void push(const std::string& part) { scope_.push_back(part); }
    void pop() { scope_.pop_back(); }
    // The scope's parts joined by `sep`: "/model.2/cv1" for '/', "model.2.cv1" for '.'.
    std::string scope(char sep) const;
    // Renames the output `produced` of the node that made it (graph outputs get their public names: output0).
    void renameOutput(const std::string& produced, const std::string& name);

    // A node with one output; returns the output's name.
    std::string op(const std::string& type, std::vector<std::string> inputs, std::vector<Attribute> attrs = {});
    // A node with `outputs` outputs.
    std::vector<std::string> ops(const std::string& type, std::vector<std::string> inputs, int outputs,
                                 std::vector<Attribute> attrs = {});

    // Initializers; `name` is made unique. floats() stores in the builder's float type unless `type` says
    // otherwise (Resize's scales are float32 in every model).
    std::string floats(const std::string& name, std::vector<int64_t> dims, const std::vector<float>& values,
                       ElemType type = ElemType::Undefined);
    std::string int64s(const std::string& name, std::vector<int64_t> dims, const std::vector<int64_t>& values);
    // A float scalar constant (dims []), named after its value under the current scope.
    std::string scalar(float value);

    ElemType floatType() const { return float_; }
    size_t nodeCount() const { return g_.nodes.size(); }

private:
    std::string unique(const std::string& base);
    Graph& g_;
    ElemType float_;
    std::vector<std::string> scope_;
    std::unordered_set<std::string> used_;   // names handed out
};

}  // namespace ys::onnx
