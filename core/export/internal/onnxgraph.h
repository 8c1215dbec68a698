#pragma once
// The ONNX graph of a detection model (LibTorch side of core/export): built from the modules of a
// DetectionModel, run through OpenCV DNN (the checker: onnxcheck.h). Internal: includes torch; used by
// export.cpp and the export tests.

#include "export/internal/onnxcheck.h"
#include "model/internal/yolo.h"
#include "onnx/metadata.h"
#include "onnx/model.h"

#include <torch/torch.h>

#include <optional>
#include <string>

namespace ys {

struct OnnxGraphOptions {
    int batch = 1;
    int height = 640, width = 640;   // input size (multiples of the largest stride)
    bool dynamic = false;            // batch, height, width as named dims; anchors computed from the shapes
    int opset = 12;                  // 11..17
    bool half = false;               // float16 initializers, input and output
};

// The graph of `model`, whose Conv+BatchNorm pairs and RepConvs must be fused already (model.fuse()): input
// "images", output "output0" = model.decode(model.forward(images)). Node and initializer names follow the
// module names (model.2.cv1.conv.weight). TORCH_CHECKs on a model it cannot express.
onnx::Model buildOnnxModel(DetectionModelImpl& model, const OnnxGraphOptions& options,
                           const onnx::DetectorMetadata& metadata);

// Loads the bytes with cv::dnn::readNetFromONNX and runs `input` ([B,3,H,W] float32 or float16, CPU) through
// it; the output "output0" as a float32 tensor. Throws cv::Exception (as std::exception) when OpenCV refuses.
torch::Tensor runOpenCv(const std::string& bytes, const torch::Tensor& input);

// A deterministic test picture batch in [0, 1] ([B,3,H,W] float32): smooth colour gradients with a few bright
// rectangles, different per image, so a head sees some structure.
torch::Tensor syntheticImages(int batch, int height, int width);

}  // namespace ys
