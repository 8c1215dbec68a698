// `yolostudio-cli export`: a trained detector as an ONNX file (core/export/export.h).
#include "cli/commands.h"

#include "export/export.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace ys::cli {
namespace {

constexpr const char* kExportHelp =
    "usage: yolostudio-cli export weights=FILE [format=onnx] [imgsz=0] [batch=1] [opset=12] [dynamic=false]\n"
    "                             [half=false] [simplify] [nms=false [max_det=300] [agnostic_nms=false]]\n"
    "                             [out=FILE] [device=cpu]\n"
    "\n"
    "Writes the detector in weights (a YOLO Studio run's .pt or an Ultralytics checkpoint: YOLOv8, YOLO11,\n"
    "YOLOv9, YOLO26) as an ONNX file with the layout of Ultralytics' ONNX export: input `images` float\n"
    "[B,3,H,W], RGB scaled to 0..1, letterboxed (grey 114); output `output0` [B, 4 + classes, anchors]: cx, cy,\n"
    "w, h in input pixels, then one sigmoid score per class; NMS is the reader's (YOLO26: its one-to-many\n"
    "head, as Ultralytics 8.4 exports it by default). The metadata holds names, stride, imgsz, batch and task as\n"
    "Ultralytics writes them. Conv+BatchNorm are folded and YOLOv9's RepConv merged.\n"
    "Before the file is written it passes ONNX 1.12's checker and strict shape inference, and a static file is\n"
    "run through OpenCV's DNN module and compared with LibTorch (max difference printed).\n"
    "\n"
    "  weights=FILE    the weights to export (required)\n"
    "  format=onnx     the only format so far\n"
    "  imgsz=0         input size: N (square) or H,W, multiples of the model's stride (32); 0 = the size the\n"
    "                  weights were trained at\n"
    "  batch=1         images per forward, fixed in the file (unless dynamic)\n"
    "  opset=12        ONNX opset, 11..17\n"
    "  dynamic=false   leave batch, height and width free (named dims)\n"
    "  half=false      float16 weights, input and output; needs a CUDA device (device=0)\n"
    "  simplify        accepted for Ultralytics command lines; the graph is always written simplified\n"
    "                  (constants folded, no shape arithmetic in a static file), so it changes nothing\n"
    "  nms=false       YOLO26 only: the end-to-end file, as Ultralytics 8.4's nms=False: the one-to-one head\n"
    "                  and its top-k in the graph, output `output0` [B, max_det, 6] = x1, y1, x2, y2 (input\n"
    "                  pixels), score, class, best first; no NMS needed, keep the rows above your threshold.\n"
    "                  Needs TopK (ONNX Runtime; not OpenCV 4.6, nor this command's val and predict)\n"
    "  max_det=300     with nms=false: detections per image (at most the anchors of imgsz)\n"
    "  agnostic_nms    with nms=false: one row per anchor, its best class (Ultralytics' agnostic_nms); the\n"
    "                  default ranks every (anchor, class) pair, so one box may come with two classes\n"
    "  out=FILE        where to write (default: the weights' path with .onnx, e.g. weights/best.onnx)\n"
    "  device=cpu      where the LibTorch reference of the check runs\n"
    "\n"
    "Which consumer each combination suits (\"tried\" = done by this command or the test suite; \"tried by\n"
    "hand\" = ONNX Runtime 1.32 from PyPI, CPU, with scripts/check_onnxruntime.py: not a Debian package, so\n"
    "not in the tests):\n"
    "  opset=12, static, float32 (the default)\n"
    "                  OpenCV DNN 4.6 (Debian 12) and newer - tried on every export; ONNX Runtime 1.3+\n"
    "                  (1.32 tried by hand); YOLO Studio's own val and predict (weights=best.onnx) - tried\n"
    "                  in the tests. Ultralytics' own opset-12 export does not load in OpenCV 4.6; this one does.\n"
    "  opset=13..17, static\n"
    "                  an ONNX Runtime release that implements the opset (1.6+ for 13, 1.8+ for 14; 13\n"
    "                  and 17 tried by hand); OpenCV DNN 4.6 also reads it (unequal splits are written as\n"
    "                  slices) - tried on every export.\n"
    "  dynamic=true    ONNX Runtime, for any batch and any image size that is a multiple of the stride -\n"
    "                  tried by hand at opset 17. OpenCV 4.6 cannot read it (anchors are computed from the\n"
    "                  input's shape), so this command applies only the ONNX checker and shape inference.\n"
    "  half=true       GPU runtimes (ONNX Runtime's CUDA or TensorRT provider). Not tried here (no GPU).\n"
    "  nms=false       ONNX Runtime (1.32 tried by hand, static and dynamic). OpenCV 4.6 has no TopK: this\n"
    "                  command runs the graph up to the top-k through OpenCV against LibTorch, the whole file\n"
    "                  through ONNX's checker.\n"
    "  Every file is checked against ONNX 1.12's operator schemas at its opset, and uses only ops ONNX\n"
    "  Runtime implements at that opset.\n"
    "\n"
    "Load it in OpenCV (C++): cv::dnn::Net net = cv::dnn::readNetFromONNX(\"best.onnx\");\n"
    "  net.setInput(cv::dnn::blobFromImage(letterboxed, 1 / 255.0, cv::Size(), cv::Scalar(), true));\n"
    "  cv::Mat out = net.forward();   // [1, 4 + classes, anchors]; transpose, threshold, NMSBoxes\n"
    "Check it with the studio: yolostudio-cli val data=data.yaml weights=best.onnx\n"
    "                          yolostudio-cli predict weights=best.onnx source=images/\n"
    "\n"
    "Exit status: 0 when the file was written, 2 for bad arguments or input (not a detector, imgsz not a\n"
    "multiple of the stride, an output that cannot be written, half=true on the CPU), 1 when the export failed.\n";

// imgsz=N or imgsz=H,W ("[H, W]" too).
bool parseImgsz(const std::string& text, int& h, int& w)
{
    std::string t;
    for (char c : text)
        if (c != '[' && c != ']' && c != '(' && c != ')' && c != ' ')
            t += c;
    const auto comma = t.find(',');
    auto num = [](const std::string& s, int& out) {
        char* end = nullptr;
        const long v = std::strtol(s.c_str(), &end, 10);
        if (s.empty() || *end != '\0' || v < 0 || v > 100000)
            return false;
        out = static_cast<int>(v);
        return true;
    };
    if (comma == std::string::npos) {
        if (!num(t, h))
            return false;
        w = h;
        return true;
    }
    return num(t.substr(0, comma), h) && num(t.substr(comma + 1), w);
}

}  // namespace

int cmdExport(const Args& args)
{
    if (args.help) {
        std::fputs(kExportHelp, stdout);
        return kExitOk;
    }
    if (!args.rejectUnknown({"weights", "format", "imgsz", "batch", "opset", "dynamic", "half", "simplify", "nms",
                             "max_det", "agnostic_nms", "out", "device"}))
        return kExitUsage;
    // Flags may be given bare, as Ultralytics allows: `export weights=best.pt simplify dynamic`.
    Args a = args;
    for (const std::string& word : args.positional) {
        if (word == "simplify" || word == "dynamic" || word == "half" || word == "agnostic_nms") {
            a.kv[word] = "true";
        } else {
            std::fprintf(stderr, "error: unexpected argument '%s'; arguments are key=value (see --help)\n",
                         word.c_str());
            return kExitUsage;
        }
    }
    ExportOptions o;
    o.weights = a.str("weights");
    if (o.weights.empty()) {
        std::fprintf(stderr, "error: export needs weights=FILE (a .pt checkpoint)\n");
        return kExitUsage;
    }
    o.format = a.str("format", "onnx");
    if (a.has("imgsz") && !parseImgsz(a.str("imgsz"), o.imgszH, o.imgszW)) {
        std::fprintf(stderr, "error: imgsz must be a size in pixels (640) or height,width (480,640), not '%s'\n",
                     a.str("imgsz").c_str());
        return kExitUsage;
    }
    const ys::ExportOptions defaults;   // the engine's defaults: opset 12, static, float32
    const auto batch = a.integer("batch", defaults.batch);
    const auto opset = a.integer("opset", defaults.opset);
    const auto dynamic = a.boolean("dynamic", defaults.dynamic);
    const auto half = a.boolean("half", defaults.half);
    const auto simplify = a.boolean("simplify", defaults.simplify);
    const auto maxDet = a.integer("max_det", defaults.maxDet);
    const auto agnostic = a.boolean("agnostic_nms", defaults.agnosticNms);
    if (!batch || !opset || !dynamic || !half || !simplify || !maxDet || !agnostic)
        return kExitUsage;
    // nms as Ultralytics 8.4 takes it: unset or None = NMS after the file, false = the end-to-end head.
    std::string nms = a.str("nms", "none");
    std::transform(nms.begin(), nms.end(), nms.begin(), ::tolower);
    if (nms == "true" || nms == "1" || nms == "yes" || nms == "on") {
        std::fprintf(stderr, "error: nms=true (NMS inside the file) is not supported: leave nms out (NMS after the "
                             "file) or give nms=false (YOLO26's end-to-end file)\n");
        return kExitUsage;
    }
    if (nms != "none" && nms != "false" && nms != "0" && nms != "no" && nms != "off") {
        std::fprintf(stderr, "error: nms must be false (or None, the default), not '%s'\n", a.str("nms").c_str());
        return kExitUsage;
    }
    o.endToEnd = nms != "none";
    o.maxDet = *maxDet;
    o.agnosticNms = *agnostic;
    o.batch = *batch;
    o.opset = *opset;
    o.dynamic = *dynamic;
    o.half = *half;
    o.simplify = *simplify;
    o.out = a.str("out");
    o.device = a.str("device", "cpu");

    auto r = exportOnnx(o, terminalProgress());
    if (!r)
        return reportError(r.error());
    const ExportSummary& s = *r;
    std::printf("%s exported to %s (%.1f MB) in %.1f s\n", s.model.c_str(), s.path.c_str(), s.bytes / 1e6, s.seconds);
    std::printf("  input   %s %s %s, RGB 0..1, letterboxed\n", s.inputName.c_str(), s.elementType.c_str(),
                s.inputShape.c_str());
    if (s.endToEnd)
        std::printf("  output  %s %s %s: x1, y1, x2, y2 (input pixels), score, class of the %d best, best first; "
                    "no NMS needed\n",
                    s.outputName.c_str(), s.elementType.c_str(), s.outputShape.c_str(), s.rows);
    else
        std::printf("  output  %s %s %s: cx, cy, w, h (input pixels), %zu class scores; no NMS\n", s.outputName.c_str(),
                    s.elementType.c_str(), s.outputShape.c_str(), s.names.size());
    std::string names;
    for (size_t i = 0; i < s.names.size(); ++i)
        names += (i ? ", " : "") + std::to_string(i) + " " + s.names[i];
    std::printf("  classes %s\n", names.c_str());
    std::printf("  graph   opset %d (IR %lld), %d nodes, %lld parameters\n", s.opset,
                static_cast<long long>(s.irVersion), s.nodes, static_cast<long long>(s.parameters));
    std::printf("  checked %s: passed\n", s.checker.c_str());
    if (s.openCvChecked)
        std::printf("  checked OpenCV %s DNN runs it%s: max |OpenCV - LibTorch| %.2g px on boxes, %.2g on scores\n",
                    s.openCvVersion.c_str(), s.endToEnd ? " up to the top-k (it has no TopK)" : "", s.maxAbsDiff,
                    s.maxScoreDiff);
    else
        std::printf("  OpenCV  not run: %s\n", s.openCvNote.c_str());
    return kExitOk;
}

}  // namespace ys::cli
