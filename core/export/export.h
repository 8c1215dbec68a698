#pragma once
// Exporting a trained detector for deployment (torch-free API). Today one format: ONNX, written by the studio
// itself from the model it builds layer by layer (LibTorch's C++ API has no ONNX exporter): Conv+BatchNorm
// folded, RepConv merged, SiLU as Sigmoid·Mul, the Detect head with its DFL decode and the anchors and strides
// as precomputed constants. The file is what Ultralytics' ONNX export gives downstream code: input `images`
// float [B,3,H,W] RGB 0..1, output `output0` [B, 4 + nc, A] (cx, cy, w, h in input pixels, then the sigmoid
// class scores; no NMS), metadata_props as Ultralytics writes them (names, stride, imgsz, task, batch, ...).
// A YOLO26 (end-to-end) model exports its one-to-many head that way too; with `endToEnd` (Ultralytics 8.4's
// nms=False) its one-to-one head and a top-k selection instead: `output0` [B, k, 6] = x1, y1, x2, y2 (input
// pixels), score, class, k = min(maxDet, A), best first, no NMS needed. That file needs TopK and GatherElements
// (ONNX Runtime and newer runtimes; OpenCV 4.6 has no TopK): the graph up to the top-k is the one checked
// through OpenCV, the top-k by ONNX's checker.
// Every file is checked with ONNX's checker and strict shape inference before it is written; a static one is
// also run through OpenCV's DNN module and compared with LibTorch on the same input.

#include "common/error.h"
#include "common/progress.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys {

// What an export accepts: one owner for the CLI's checks (checkOptions) and the Export dialog's fields.
struct ExportLimits {
    static constexpr int minOpset = 11, maxOpset = 17;   // ONNX 1.12, which checks the file, knows up to 17
    static constexpr int minBatch = 1, maxBatch = 1024;
    static constexpr int minImgsz = 32, maxImgsz = 8192; // pixels per side
    static constexpr int minMaxDet = 1, maxMaxDet = 100000;   // detections per image of an end-to-end file
};

// Who reads the file, and the opset and shapes that suit them.
enum class ExportTarget {
    OpenCv,               // OpenCV DNN (4.6 and newer) and ONNX Runtime: opset 12, fixed size and batch
    OnnxRuntimeDynamic,   // ONNX Runtime with any image size and batch: opset 17, dynamic
    Custom                // the user's own opset and shapes
};
struct ExportTargetSettings {
    int opset = 12;
    bool dynamic = false;
};
// The opset and shapes of a target; Custom: the defaults of ExportOptions.
ExportTargetSettings exportTargetSettings(ExportTarget target);

struct ExportOptions {
    std::string weights;        // a YOLO Studio run's .pt or an Ultralytics checkpoint (YOLOv8, YOLO11, YOLOv9,
                                // YOLO26)
    std::string format = "onnx";  // the only format so far
    int imgszH = 0, imgszW = 0; // input height and width in pixels, multiples of the model's largest stride;
                                // 0 = the size the weights were trained at (square)
    int batch = 1;              // images per forward (fixed unless `dynamic`), 1..1024
    bool dynamic = false;       // batch, height and width left free (named dims): for ONNX Runtime; OpenCV
                                // 4.6 cannot read the anchors computed from the input's shape
    int opset = 12;             // ONNX opset of the default domain, 11..17 (ONNX 1.12 knows up to 17)
    bool half = false;          // float16 weights, input and output: for GPU runtimes; needs a CUDA `device`
    bool simplify = false;      // accepted for Ultralytics command lines: the graph is written simplified
                                // already (constants folded, no shape arithmetic when static)
    std::string out;            // output file; empty = the weights' path with the extension .onnx
    std::string device = "cpu"; // where the reference forward of the check runs (half=true needs CUDA)
    bool verify = true;         // compare the file with LibTorch through OpenCV DNN (static files)
    int threads = 0;            // intra-op threads of the calling thread for the LibTorch work; 0 = all cores
    bool endToEnd = false;      // the one-to-one head with its top-k, output [B, k, 6] (Ultralytics' nms=False);
                                // needs an end-to-end model (YOLO26). false: [B, 4 + nc, A] for NMS after it
    int maxDet = 300;           // endToEnd: detections per image, 1..100000 (k = min(maxDet, anchors))
    bool agnosticNms = false;   // endToEnd: one row per anchor, its best class, the k best anchors (Ultralytics'
                                // agnostic_nms); without endToEnd an "export.options" error (no NMS in the file)
};

struct ExportSummary {
    std::string path;           // absolute path of the file written
    int64_t bytes = 0;
    double seconds = 0;         // wall time of the whole export, checks included
    std::string model;          // "YOLOv8n", "YOLO11s", ...
    std::string weights;        // the weights file it came from
    int64_t parameters = 0;     // of the fused graph: its .weight/.bias initializers (onnx::isParameterName)

    // What a user of the file needs to know.
    std::string inputName = "images", outputName = "output0";
    std::string inputShape, outputShape;   // "[1, 3, 640, 640]", "[1, 9, 8400]"; dynamic: "[batch, 3, height, width]"
    bool endToEnd = false;                 // output [B, k, 6] detections (ExportOptions::endToEnd); k = `rows`
    int rows = 0;                          // endToEnd: detections per image in the output
    bool agnosticNms = false;              // endToEnd: one row per anchor, its best class (ExportOptions::agnosticNms)
    std::string elementType = "float32";   // "float16" with half
    int imgszH = 0, imgszW = 0, batch = 1, stride = 32, anchors = 0;
    bool dynamic = false;
    std::vector<std::string> names;        // class i's name
    int opset = 12;
    int64_t irVersion = 7;
    int nodes = 0, initializers = 0;

    // How it was checked.
    bool onnxChecked = false;   // ONNX's checker and strict shape inference passed
    std::string checker;        // which checker ran, e.g. "ONNX 1.12 checker and shape inference"
    bool openCvChecked = false; // OpenCV DNN loaded and ran it and matched LibTorch (boxes within 0.05 px,
                                // scores within 1e-3: float32 rounding; a wrong graph is off by pixels);
                                // endToEnd: the same graph up to its top-k (x1, y1, x2, y2 and scores of
                                // every anchor), as OpenCV 4.6 has no TopK
    double maxAbsDiff = -1;     // largest |OpenCV - LibTorch| of the box rows, pixels; -1 when not compared
    double maxScoreDiff = -1;   // largest |OpenCV - LibTorch| of the class scores; -1 when not compared
    std::string openCvNote;     // why OpenCV was not run, e.g. "dynamic shapes: OpenCV 4.6 cannot read them"
    std::string openCvVersion;  // "4.6.0"
};

// Exports `options.weights` to ONNX on the calling thread. Progress stages: "load", "graph", "check",
// "verify", "write"; `cancel` is read between them. Errors (never throws), each naming its file:
// "export.options" (format, batch, opset, max_det, an imgsz that is not a multiple of the stride, endToEnd
// for a model without one-to-one branches ...),
// "export.half_cpu" (half=true without a CUDA device), "export.not_detector" (a segmentation, pose, ...
// checkpoint), "export.write" (the output cannot be written; nothing is left behind), "export.cancelled",
// "export.check" / "export.verify" (the graph failed ONNX's checker, or OpenCV disagreed with LibTorch: a bug,
// nothing is written), plus the checkpoint reader's errors. The file is written atomically.
Expected<ExportSummary> exportOnnx(const ExportOptions& options, const ProgressFn& progress = {},
                                   const CancelToken& cancel = {});

// The default output path for `weights` ("runs/exp/weights/best.pt" -> "runs/exp/weights/best.onnx").
std::string defaultExportPath(const std::string& weights);

}  // namespace ys
