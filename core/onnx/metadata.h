#pragma once
// metadata_props of a detector's ONNX file as Ultralytics writes them (all values are text; `names`, `imgsz`
// and `args` are Python literals, which Ultralytics' AutoBackend and third-party readers parse with
// ast.literal_eval), so tools that read Ultralytics' exports read the studio's.

#include "common/error.h"

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace ys::onnx {

struct DetectorMetadata {
    std::string description;           // "YOLO Studio YOLOv8n model trained on data.yaml"
    std::string author = "YOLO Studio";
    std::string date;                  // ISO 8601 local time of the export
    std::string version;               // YOLO Studio's version
    std::string task = "detect";
    int stride = 32;                   // the largest stride
    int batch = 1;
    std::array<int, 2> imgsz{640, 640};   // height, width
    int channels = 3;
    std::vector<std::string> names;    // class i's name
    // Export arguments, written as the Python dict `args` ({'batch': 1, 'half': False, 'dynamic': False, ...}).
    std::vector<std::pair<std::string, std::string>> args;   // key, Python literal (True, 12, 'x')
};

// key/value pairs in Ultralytics' order: description, author, date, version, stride, task, batch, imgsz,
// names, args, channels.
std::vector<std::pair<std::string, std::string>> toMetadataProps(const DetectorMetadata& m);
// Reads them back (any order, unknown keys ignored). Errors ("onnx.metadata") name the key whose value does not
// parse; a missing key keeps the default.
Expected<DetectorMetadata> fromMetadataProps(const std::vector<std::pair<std::string, std::string>>& props);

// Python's repr() of a str: single quotes unless the text holds ' and no ", backslash escapes for the quote,
// backslash and control characters; other characters (UTF-8) kept as they are.
std::string pythonRepr(const std::string& text);
// The dict literal of class names: "{0: 'person', 1: 'bicycle'}".
std::string pythonNamesDict(const std::vector<std::string>& names);
// Parses such a dict (int keys 0..n-1 in any order, str values in ' or " with Python's escapes). Errors
// ("onnx.metadata") say what is wrong and where.
Expected<std::vector<std::string>> parsePythonNamesDict(const std::string& text);

}  // namespace ys::onnx
