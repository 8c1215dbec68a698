#pragma once
// ONNX's checker and strict shape inference on serialized model bytes, with Debian's libonnx 1.12 (the copy
// LibTorch links). Torch-free; used by the export and its tests.

#include <optional>
#include <string>

namespace ys {

// check_model, then shape inference with type checks where a node's inference error is an error. nullopt =
// passed, else ONNX's message. Thread-safe.
std::optional<std::string> checkOnnxBytes(const std::string& bytes);
// Which checker checkOnnxBytes runs, for reports: "ONNX 1.12.0 checker and strict shape inference".
std::string onnxCheckerName();

}  // namespace ys
