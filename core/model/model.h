#pragma once
// Torch-free view of a YOLO detection model: what `yolostudio-cli info` and the GUI's model picker show.

#include "common/error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys {

// One row of the model YAML after scaling, as the reference prints it.
struct ModelLayerInfo {
    int index = 0;
    std::string from;    // "-1", "[-1, 6]", "[15, 18, 21]"
    int repeats = 1;     // after depth scaling
    int64_t params = 0;  // parameters of this layer (trainable or not)
    std::string module;  // "Conv", "C2f", "SPPF", "nn.Upsample", "Concat", "Detect"
    std::string args;    // resolved arguments, e.g. "[3, 16, 3, 2]" (input channels first, as the reference)
};

struct ModelSummary {
    std::string name;    // "YOLOv8n", "YOLO11s", "YOLOv9c" for a built-in model, else the file's stem
    char scale = 0;      // 'n'..'x', a built-in YOLOv9's letter (t/s/m/c/e), 0 when the YAML has no scales
    int nc = 0;          // classes
    int imgsz = 0;       // image size the GFLOPs refer to (square)
    std::vector<ModelLayerInfo> layers;
    int64_t params = 0;     // every parameter, including the fixed DFL projection (as the reference counts)
    int64_t gradients = 0;  // parameters that require gradients
    double gflops = 0.0;    // 2 x multiply-accumulates of every convolution (and attention matrix product) for
                            // one imgsz x imgsz image, / 1e9
    int modules = 0;        // modules in the reference's tree (its "layers" in the summary line: 225 for YOLOv8n)
    std::vector<int> strides;  // Detect strides, e.g. {8, 16, 32}
};

// Builds the model described by `model` and summarises it.
// `model`: a built-in model ("yolov8n.yaml" ... "yolov8x.yaml", "yolo11n.yaml" ... "yolo11x.yaml": the letter
// picks the scale, none = n; "yolov9t.yaml", "yolov9s.yaml", "yolov9m.yaml", "yolov9c.yaml", "yolov9e.yaml")
// or a path to a model YAML (scale from its `scale:` key, else a letter in the file name as in
// "yolov8s-custom.yaml", else the first scale listed). `nc` (>= 1) overrides the YAML's class count;
// `imgsz` (> 0, multiple of the largest stride) is the square input the GFLOPs are computed for.
// Errors (code "model.*") carry the YAML file and 1-based line. Thread-safe; takes ~0.1-1 s (allocates the model).
Expected<ModelSummary> summarizeModel(const std::string& model, int nc, int imgsz);

// A built-in model a user can pick without a file of their own.
struct BuiltinModel {
    std::string file;    // what model= takes: "yolov8n.yaml"
    std::string family;  // "YOLOv8"
    char scale = 0;      // 'n'..'x', or a YOLOv9 file's letter (t/s/m/c/e)
    bool ultralyticsDefault = false;  // of the family Ultralytics makes by default (8.4: YOLO26)
};
// Every built-in model, by family, each family's scales in the order its YAML lists them (menu order).
// Torch-free and cheap (parses the embedded YAML text); thread-safe.
std::vector<BuiltinModel> builtinModels();

// "YOLOv8n summary: 225 layers, 3157200 parameters, 3157184 gradients, 8.7 GFLOPs"
std::string summaryLine(const ModelSummary& s);
// The layer table followed by summaryLine(), as `yolostudio-cli info` prints it.
std::string formatSummary(const ModelSummary& s);

}  // namespace ys
