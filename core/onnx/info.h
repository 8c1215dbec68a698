#pragma once
// What a detector's ONNX file holds, for people: its input and output, opset, classes and export settings,
// read from the file (graph and metadata_props) without its weights' values. The training report names a
// run's exported files with it. Plain C++; any thread.

#include "common/error.h"
#include "onnx/metadata.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys::onnx {

struct OnnxFileInfo {
    std::string path;
    int64_t bytes = 0;
    double modified = 0;                 // seconds since the Unix epoch
    std::string producer;                // "YOLO Studio 0.1.0", "pytorch 2.3.0"
    int64_t opset = 0, irVersion = 0;
    std::string inputName, inputShape, inputType;     // "images", "[1, 3, 640, 640]", "float32"
    std::string outputName, outputShape, outputType;  // "output0", "[1, 84, 8400]"
    bool dynamic = false;                // a dimension of the input is named rather than fixed
    int nodes = 0;
    int64_t parameters = 0;              // values of the initializers named as parameters (isParameterName)
    DetectorMetadata metadata;           // names, imgsz, batch, stride, date, version, description
    bool hasMetadata = false;            // metadata_props held at least names or imgsz
};

// True for an initializer named as a model parameter, "<module path>.weight" or ".bias" (the studio's and
// torch's exporter's names), as opposed to the graph's own constants (anchors, shapes, scales).
bool isParameterName(const std::string& name);

// Describes the file. Errors: "onnx.unreadable", "onnx.malformed", "onnx.metadata" (naming the file).
Expected<OnnxFileInfo> describeOnnxFile(const std::string& path);

}  // namespace ys::onnx
