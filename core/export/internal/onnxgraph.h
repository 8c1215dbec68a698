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

// What the graph's output "output0" holds.
enum class OnnxHead {
    Decoded,           // [B, 4 + nc, A]: cx, cy, w, h in input pixels, then class sigmoids (the one-to-many
                       // branches of an end-to-end head); NMS is the reader's: model.decode(model.forward(x))
    EndToEnd,          // [B, k, 6]: x1, y1, x2, y2, score, class of the k = min(maxDet, A) best (anchor, class)
                       // pairs of the one-to-one branches, no NMS (Ultralytics 8.4's nms=False); needs TopK
    OneToOneScores     // [B, 4 + nc, A]: x1, y1, x2, y2 and class sigmoids of the one-to-one branches, what
                       // EndToEnd's top-k reads: the part of that graph OpenCV 4.6 (no TopK) can run
};

struct OnnxGraphOptions {
    OnnxHead head = OnnxHead::Decoded;   // EndToEnd and OneToOneScores need an end-to-end head (YOLO26)
    int maxDet = 300;                    // EndToEnd: detections kept per image (k = min(maxDet, anchors))
    bool agnostic = false;               // EndToEnd: one row per anchor, its best class; the k best anchors
                                         // (Ultralytics' agnostic_nms)
    int batch = 1;
    int height = 640, width = 640;       // input size (multiples of the largest stride)
    bool dynamic = false;                // batch, height, width as named dims; anchors computed from the shapes
    int opset = 12;                      // 11..17
    bool half = false;                   // float16 initializers, input and output
};

// The graph of `model`, whose Conv+BatchNorm pairs and RepConvs must be fused already (model.fuse()): input
// "images", output "output0" = model.decode(model.forward(images)) (OnnxHead::Decoded; see OnnxHead for the
// others). Node and initializer names follow the module names (model.2.cv1.conv.weight). TORCH_CHECKs on a
// model it cannot express.
onnx::Model buildOnnxModel(DetectionModelImpl& model, const OnnxGraphOptions& options,
                           const onnx::DetectorMetadata& metadata);

// The number of rows of an EndToEnd graph's output: min(maxDet, anchors at height x width).
int64_t endToEndRows(const DetectionModelImpl& model, const OnnxGraphOptions& options);

// Loads the bytes with cv::dnn::readNetFromONNX and runs `input` ([B,3,H,W] float32 or float16, CPU) through
// it; the output "output0" as a float32 tensor. Throws cv::Exception (as std::exception) when OpenCV refuses.
torch::Tensor runOpenCv(const std::string& bytes, const torch::Tensor& input);

// A deterministic test picture batch in [0, 1] ([B,3,H,W] float32): smooth colour gradients with a few bright
// rectangles, different per image, so a head sees some structure.
torch::Tensor syntheticImages(int batch, int height, int width);

}  // namespace ys
