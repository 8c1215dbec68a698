#pragma once
// Parsed and resolved model YAML (torch-free): every row of backbone + head with its channels, repeats,
// strides and parameter count worked out, so that building the torch modules cannot fail afterwards.

#include "common/error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys {

enum class LayerKind { Conv, C2f, SPPF, Upsample, Concat, Detect };

const char* toString(LayerKind kind);  // "Conv", "C2f", "SPPF", "nn.Upsample", "Concat", "Detect"

// One evaluated YAML argument. `nc` evaluates to the model's class count; None/null to None.
struct ModelArg {
    enum class Type { None, Bool, Int, Float, String, List } type = Type::None;
    bool b = false;
    int64_t i = 0;
    double f = 0.0;
    std::string s;
    std::vector<ModelArg> list;
    bool isNc = false;  // written as the symbol `nc`

    std::string repr() const;  // Python-like: None, True, 3, 0.5, 'nearest', [1, 2]
};

// One row [from, repeats, module, args] after scaling.
struct LayerSpec {
    int index = 0;
    std::vector<int> from;        // absolute layer indices; -1 = the model input (first row only)
    bool fromList = false;        // `from` was written as a list
    std::vector<int> fromWritten; // `from` as written (relative or absolute)
    int repeatsYaml = 1;          // as written
    int repeats = 1;              // after depth scaling: max(round(n * depth), 1) when n > 1
    LayerKind kind = LayerKind::Conv;
    std::string module;           // as written, e.g. "nn.Upsample"
    std::vector<ModelArg> args;   // as written (evaluated)

    // Resolved.
    int c1 = 0;                   // input channels (sum of inputs for Concat; first input for Detect)
    int c2 = 0;                   // output channels (0 for Detect)
    int k = 1, s = 1, p = 0, g = 1, d = 1;  // Conv / SPPF kernel (SPPF: k only)
    bool act = true;              // Conv: SiLU after BatchNorm
    bool shortcut = false;        // C2f
    double e = 0.5;               // C2f hidden-channel ratio
    int scaleFactor = 2;          // Upsample (nearest)
    std::vector<int> chIn;        // Detect: channels of each input level
    int nc = 0;                   // Detect: class count
    int64_t stride = 1;           // output stride relative to the model input
    int64_t params = 0;           // parameters of this layer, counted analytically
    int line = 0, column = 0;     // 1-based position of the row in the YAML

    std::string fromText() const;  // as written: "-1", "[-1, 6]", "[15, 18, 21]"
    std::string argsText() const;  // resolved arguments as the reference prints them, e.g. "[3, 16, 3, 2]"
};

struct ModelSpec {
    std::string source;           // path of the YAML, or "yolov8.yaml" for the built-in one
    std::string yamlText;         // the text parsed; parseModelSpec(yamlText, source, nc, scale) rebuilds this spec
    bool builtin = false;
    std::string name;             // "YOLOv8n", or the stem of a user's file
    char scale = 0;               // 'n'..'x' (any key of `scales`), 0 when the YAML has none
    double depth = 1.0;           // depth multiple
    double width = 1.0;           // width multiple
    int maxChannels = 0;          // channels are capped at this before width scaling (0 = no cap)
    int nc = 80;
    int regMax = 16;              // DFL bins per box side
    std::vector<LayerSpec> layers;  // backbone rows then head rows; the last one is Detect
    std::vector<int64_t> strides;   // Detect strides, one per level, e.g. {8, 16, 32}
    std::vector<int> save;          // layers whose output a later non-adjacent layer reads

    int64_t params() const;         // sum of layer params
    // Multiply-accumulates of every convolution for an h x w input (one image); error when the shapes
    // do not line up at that size (e.g. not a multiple of the largest stride for this architecture).
    Expected<double> macs(int h, int w) const;
};

// Parses a model YAML. `model`: path to a YAML file, or "yolov8[nslmx].yaml" / "yolov8.yaml" for the
// built-in model when no such file exists. `nc` >= 1 overrides the YAML's nc; nc <= 0 keeps it.
// Never throws; errors carry code "model.*", the file and the 1-based line.
Expected<ModelSpec> loadModelSpec(const std::string& model, int nc);
// Same, from YAML text; `source` names it in errors and picks the scale letter when the text has no `scale:`.
Expected<ModelSpec> parseModelSpec(const std::string& yamlText, const std::string& source, int nc,
                                   char scale = 0);

// The built-in resources/models/yolov8.yaml, embedded at build time.
const std::string& builtinYolov8Yaml();

}  // namespace ys
