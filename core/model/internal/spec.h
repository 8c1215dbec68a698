#pragma once
// Parsed and resolved model YAML (torch-free): every row of backbone + head with its channels, repeats,
// strides and parameter count worked out, so that building the torch modules cannot fail afterwards.

#include "common/error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys {

// Module kinds of the Ultralytics detection layouts: YOLOv8 (Conv, C2f, SPPF), YOLO11 (C3k2, C2PSA),
// YOLOv9 (RepNCSPELAN4, ELAN1, AConv, ADown, SPPELAN, and CBLinear/CBFuse/Identity for the two-backbone e) and
// YOLO26 (the same kinds as YOLO11, with SPPF's and C3k2's Ultralytics 8.4 arguments and an end-to-end head).
enum class LayerKind {
    Conv, C2f, C3k2, C2PSA, SPPF, SPPELAN, RepNCSPELAN4, ELAN1, AConv, ADown,
    CBLinear, CBFuse, Identity, Upsample, Concat, Detect
};

const char* toString(LayerKind kind);  // the module name as the reference prints it: "Conv", "nn.Upsample", ...

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
    int c2 = 0;                   // output channels (0 for Detect; sum of the outputs for CBLinear)
    int k = 1, s = 1, p = 0, g = 1, d = 1;  // Conv (SPPF, SPPELAN, CBLinear: k; CBLinear: s, p too)
    bool act = true;              // Conv: SiLU after BatchNorm; SPPF: SiLU after cv1 (false once a row writes
                                  // the pool count, as Ultralytics 8.4: YOLO26's SPPF)
    bool shortcut = false;        // C2f, C3k2: residual bottlenecks; SPPF: output + input (when c1 == c2)
    int pools = 3;                // SPPF: chained max pools (its third argument)
    double e = 0.5;               // C2f, C3k2, C2PSA hidden-channel ratio
    bool c3k = false;             // C3k2: C3k blocks (two bottlenecks each) instead of bottlenecks (m/l/x scales)
    bool attn = false;            // C3k2: each block is a Bottleneck then a PSABlock (YOLO26; wins over c3k)
    int c3 = 0;                   // RepNCSPELAN4, ELAN1, SPPELAN: hidden channels (as written, not scaled)
    int c4 = 0;                   // RepNCSPELAN4, ELAN1: channels of the RepCSP / 3x3 branch
    int blocks = 1;               // RepNCSPELAN4: RepBottlenecks per RepCSP (its 4th argument)
    int heads = 0;                // C2PSA, C3k2 with attn: attention heads (hidden channels / 64; C3k2: at least 1)
    int scaleFactor = 2;          // Upsample (nearest)
    std::vector<int> splits;      // CBLinear: output channels of each part
    std::vector<int> pick;        // CBFuse: which part of each CBLinear input (one per input but the last)
    std::vector<int> chIn;        // Detect: channels of each input level
    int nc = 0;                   // Detect: class count
    int boxWidth = 0;             // Detect: hidden channels of the box branch, max(16, chIn[0] / 4, 4 * reg_max)
    int clsWidth = 0;             // Detect: hidden channels of the class branch, max(chIn[0], min(nc, 100))
    bool dwClassBranch = false;   // Detect: depthwise-separable class branch (YOLO11: the model has C3k2)
    int regMax = 16;              // Detect: the model's reg_max (1: the box branch gives the 4 distances)
    bool end2end = false;         // Detect: one-to-one copies of both branches (one2one_cv2, one2one_cv3)
    int64_t stride = 1;           // output stride relative to the model input
    int64_t params = 0;           // parameters of this layer, counted analytically
    int line = 0, column = 0;     // 1-based position of the row in the YAML

    std::string fromText() const;  // as written: "-1", "[-1, 6]", "[15, 18, 21]"
    std::string argsText() const;  // resolved arguments as the reference prints them, e.g. "[3, 16, 3, 2]"
};

// What one forward pass of one image costs, counted from the shapes alone.
struct ModelCost {
    double macs = 0.0;         // multiply-accumulates of every convolution and of the attention's matrix products
    double activations = 0.0;  // elements of every convolution output (and attention map): what training keeps
                               // for the backward pass, up to a per-family constant
};

struct ModelSpec {
    std::string source;           // path of the YAML, or the built-in file's name ("yolov8.yaml", "yolov9t.yaml")
    std::string yamlText;         // the text parsed; parseModelSpec(yamlText, source, nc, scale) rebuilds this spec
    bool builtin = false;
    std::string family;           // built-in family: "yolov8", "yolo11", "yolov9"; empty for a user's file
    std::string name;             // "YOLOv8n", "YOLO11s", "YOLOv9c", or the stem of a user's file
    char scale = 0;               // any key of `scales` ('n'..'x'); for a built-in YOLOv9 file its letter
                                  // ('t', 's', 'm', 'c', 'e'); 0 when the YAML has no scales
    std::string scales;           // the keys of the YAML's `scales`, in order ("nsmlx"); empty when it has none
    double depth = 1.0;           // depth multiple
    double width = 1.0;           // width multiple
    int maxChannels = 0;          // channels are capped at this before width scaling (0 = no cap)
    int nc = 80;
    int regMax = 16;              // DFL bins per box side (YAML `reg_max`; 1 = no DFL, YOLO26)
    bool end2end = false;         // YAML `end2end`: the Detect head holds one-to-one copies (YOLO26)
    std::vector<LayerSpec> layers;  // backbone rows then head rows; the last one is Detect
    int backboneLayers = 0;         // rows of the YAML's `backbone:` (layers 0 .. backboneLayers - 1)
    std::vector<int64_t> strides;   // Detect strides, one per level, e.g. {8, 16, 32}
    std::vector<int> save;          // layers whose output a later non-adjacent layer reads

    int64_t params() const;         // sum of layer params
    // Cost of one h x w image (see ModelCost); error when the shapes do not line up at that size (e.g. not a
    // multiple of the largest stride for this architecture).
    Expected<ModelCost> cost(int h, int w) const;
    Expected<double> macs(int h, int w) const;  // cost(h, w).macs
};

// Parses a model YAML. `model`: path to a YAML file or, when no such file exists, a built-in model:
// "yolov8[nslmx].yaml", "yolo11[nslmx].yaml", "yolo26[nslmx].yaml" (no letter = n; "yolov8.yaml", ...), "yolov9t.yaml",
// "yolov9s.yaml", "yolov9m.yaml", "yolov9c.yaml", "yolov9e.yaml". `nc` >= 1 overrides the YAML's nc; nc <= 0
// keeps it. Never throws; errors carry code "model.*", the file and the 1-based line.
Expected<ModelSpec> loadModelSpec(const std::string& model, int nc);
// Same, from YAML text; `source` names it in errors and picks the scale letter when the text has no `scale:`.
Expected<ModelSpec> parseModelSpec(const std::string& yamlText, const std::string& source, int nc,
                                   char scale = 0);

// The models of `spec`'s family, one per scale, in order: the scales of its YAML (n/s/m/l/x for YOLOv8 and
// YOLO11, rebuilt from spec.yamlText), or the files of its built-in family (t/s/m/c/e for YOLOv9). Each has
// spec's nc. A YAML without scales that is not built-in has only itself. The spec's own scale is included.
Expected<std::vector<ModelSpec>> familyScales(const ModelSpec& spec);

// The built-in model files of resources/models/, embedded at build time: {"yolov8.yaml", text}, ...
struct BuiltinModelFile {
    const char* file;
    const char* text;
};
const std::vector<BuiltinModelFile>& builtinModelFiles();
// Text of the built-in file `file` ("yolo11.yaml"), or nullptr.
const char* builtinModelYaml(const std::string& file);
// Every built-in model name a user can give, e.g. "yolov8n.yaml", ..., "yolo11x.yaml", "yolo26n.yaml", ...
std::vector<std::string> builtinModelNames();
// The built-in resources/models/yolov8.yaml.
const std::string& builtinYolov8Yaml();

}  // namespace ys
