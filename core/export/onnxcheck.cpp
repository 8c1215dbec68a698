// ONNX's own checker and strict shape inference on serialized model bytes, through Debian's libonnx (1.12): the
// very libonnx_proto LibTorch links, so onnx.proto is registered once in the process. No LibTorch here (its
// torch::jit::check_onnx_proto runs the checker and only a lenient shape inference).
#include "export/internal/onnxcheck.h"

#include <onnx/checker.h>
#include <onnx/common/version.h>
#include <onnx/shape_inference/implementation.h>

namespace ys {

std::optional<std::string> checkOnnxBytes(const std::string& bytes)
{
    ::onnx::ModelProto model;
    if (!model.ParseFromString(bytes))
        return std::string("the bytes do not parse as an ONNX ModelProto");
    try {
        ::onnx::checker::check_model(model);
        // check_type: every input's type against the op's constraints; error_mode 1: a node's shape or type
        // inference error is an error, not a silent gap in the inferred shapes.
        ::onnx::shape_inference::InferShapes(model, ::onnx::OpSchemaRegistry::Instance(),
                                             ::onnx::ShapeInferenceOptions(/*check_type=*/true, /*error_mode=*/1));
    } catch (const std::exception& e) {
        std::string what = e.what();
        while (!what.empty() && (what.back() == '\n' || what.back() == ' '))
            what.pop_back();
        return what;
    }
    return std::nullopt;
}

std::string onnxCheckerName()
{
    return std::string("ONNX ") + ::onnx::LAST_RELEASE_VERSION + " checker and strict shape inference";
}

}  // namespace ys
