#pragma once
// A safe reader of Python pickles (what `torch.save` writes: protocol 2; protocols 0-5 are read where the
// opcodes are plain data). Nothing is executed: classes and functions named by GLOBAL stay names, and
// REDUCE / NEWOBJ / BUILD on a class the reader does not know make a generic Object (class name, arguments,
// state). A few callables are understood because checkpoints are made of them: OrderedDict, set, torch.Size,
// torch storages and `torch._utils._rebuild_tensor_v2` / `_rebuild_parameter` (tensors are described, not
// loaded: `TensorRef` names the storage record and the view), numpy scalars, `_codecs.encode` (bytes),
// datetime, pathlib paths and torch.device (strings).
//
// Values live in one arena (`Document`) and refer to each other by index, so memo sharing is sharing and a
// cyclic or very deep pickle cannot overflow the stack when it is destroyed. Torch-free; thread-safe
// (no shared state).

#include "common/error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ys::pickle {

using Ref = uint32_t;          // index of a value in its Document
inline constexpr Ref kNone = 0;  // every Document holds None at index 0

enum class Kind : uint8_t {
    None,
    Bool,     // `i` is 0 or 1
    Int,      // `i`
    BigInt,   // an integer wider than 64 bits: `text` holds its little-endian two's-complement bytes
    Float,    // `f`
    String,   // `text`, UTF-8
    Bytes,    // `text`, raw bytes
    List,     // `items` (also what a set, a frozenset or a bytearray's list becomes)
    Tuple,    // `items`
    Dict,     // `items`: key, value, key, value... in insertion order (dict and OrderedDict)
    Global,   // a class or function named by GLOBAL: `text` = "module.name"
    Object,   // an instance of an unknown class: `text` = "module.name", see objectArgs()/objectState()
    Storage,  // a torch storage (persistent id): `i` = index into Document::storages()
    Tensor,   // a torch tensor view: `i` = index into Document::tensors()
};

const char* toString(Kind kind);  // "None", "bool", "int", ..., for messages

// Element types of torch storages.
enum class DType : uint8_t { Float16, BFloat16, Float32, Float64, Int8, UInt8, Int16, Int32, Int64, Bool };
int elementSize(DType t);       // bytes per element
const char* toString(DType t);  // "float16", ...

// ('storage', torch.HalfStorage, '0', 'cpu', 432): the bytes are the archive record `data/<key>`.
struct StorageRef {
    std::string key;
    std::string location;  // "cpu", "cuda:0" (ignored: everything is read to the CPU)
    DType dtype = DType::Float32;
    int64_t numel = 0;     // elements in the storage (validated against the record when it is read)
};

struct TensorRef {
    uint32_t storage = 0;          // index into Document::storages()
    int64_t offset = 0;            // in elements
    std::vector<int64_t> sizes;
    std::vector<int64_t> strides;  // in elements; checked: the view lies inside the storage
    bool requiresGrad = false;
    bool parameter = false;        // wrapped by _rebuild_parameter (an nn.Parameter)

    int64_t numel() const;
};

struct Value {
    Kind kind = Kind::None;
    uint16_t depth = 0;       // nesting depth as built (0 for scalars)
    int64_t i = 0;
    double f = 0.0;
    std::string text;
    std::vector<Ref> items;   // List/Tuple elements; Dict key/value pairs; Object: {args, state, dict, list}
};

struct Limits {
    size_t maxBytes = size_t(256) << 20;  // data.pkl of a yolov8x last.pt is ~0.3 MiB
    size_t maxValues = size_t(1) << 23;   // ~90 bytes each: caps the arena near 0.75 GiB
    size_t maxDepth = 200;                // nesting of containers (a model tree is ~8 deep)
    size_t maxDims = 16;                  // tensor dimensions
};

class Document {
public:
    Document();

    Ref root() const { return root_; }
    const Value& at(Ref r) const { return values_[r]; }
    size_t size() const { return values_.size(); }
    const std::vector<StorageRef>& storages() const { return storages_; }
    const std::vector<TensorRef>& tensors() const { return tensors_; }
    const StorageRef& storage(Ref tensorValue) const { return storages_[tensors_[at(tensorValue).i].storage]; }
    const TensorRef& tensor(Ref tensorValue) const { return tensors_[at(tensorValue).i]; }

    Kind kind(Ref r) const { return at(r).kind; }
    bool isNone(Ref r) const { return kind(r) == Kind::None; }
    // "module.name" of an Object or a Global, "" otherwise; className() gives the part after the last dot.
    const std::string& qualifiedName(Ref r) const;
    std::string className(Ref r) const;

    // Object parts (kNone when absent).
    Ref objectArgs(Ref obj) const;   // the tuple given to NEWOBJ/REDUCE
    Ref objectState(Ref obj) const;  // what BUILD gave (a module's __dict__)

    // The value under a string key of a Dict, or of an Object's state dict; `found` false when absent.
    Ref get(Ref dictOrObject, std::string_view key, bool* found = nullptr) const;
    // Convenience readers: the value if it has the kind, else `fallback`.
    std::string str(Ref r, const std::string& fallback = {}) const;   // String (or Bytes)
    int64_t integer(Ref r, int64_t fallback = 0) const;                // Int or Bool
    double number(Ref r, double fallback = 0.0) const;                 // Float, Int or Bool
    // Python-like text of a value, e.g. "{'imgsz': 640, 'data': 'data.yaml'}"; tensors as "tensor(float16[3])".
    // Stops at `maxDepth` (writing "...") and after about `maxChars` characters.
    std::string repr(Ref r, int maxDepth = 8, size_t maxChars = 4096) const;

private:
    friend class Unpickler;
    std::vector<Value> values_;
    std::vector<StorageRef> storages_;
    std::vector<TensorRef> tensors_;
    Ref root_ = kNone;
};

// Python's repr() of a float: the shortest text that reads back exactly, ".0" on whole numbers ("0.5", "1.0",
// "1e-05"); "nan", "inf", "-inf".
std::string floatRepr(double d);

// Reads one pickle. `file` names the checkpoint in errors and `record` the stream inside it (e.g.
// "data.pkl"): a malformed stream gives Error{"weights.pickle", "<record>, byte <offset>: <what>", file}.
// Never throws, never executes anything; any input gives a Document or an Error.
Expected<Document> unpickle(std::string_view bytes, const std::string& file, const std::string& record = "data.pkl",
                            const Limits& limits = {});

}  // namespace ys::pickle
