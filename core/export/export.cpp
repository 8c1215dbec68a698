// exportOnnx: checkpoint -> fused model -> ONNX graph -> checker -> OpenCV DNN against LibTorch -> file.
#include "export/export.h"

#include "common/fileutil.h"
#include "common/internal/torcherror.h"
#include "export/internal/onnxgraph.h"
#include "onnx/info.h"
#include "model/internal/threads.h"
#include "train/internal/checkpoint.h"
#include "train/internal/device.h"
#include "weights/checkpoint.h"

#include <opencv2/core/version.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

#ifndef YS_VERSION
#define YS_VERSION ""
#endif

namespace fs = std::filesystem;

namespace ys {
namespace {

using Clock = std::chrono::steady_clock;

// OpenCV and LibTorch run the same float32 graph in a different order of operations. The box rows are the DFL
// expectation times the stride, so rounding in a deep net reaches about 0.02 px at 640 (YOLOv9t); a wrong
// graph is off by whole pixels. Scores are sigmoids and agree to about 1e-6.
constexpr double kVerifyBoxPx = 0.05;
constexpr double kVerifyScore = 1e-3;
// float16 weights (half=true) move boxes by about 0.1 px at 96 px and scores by 3e-4 (test_export halfGraph).
constexpr double kVerifyHalfBoxPx = 1.0;
constexpr double kVerifyHalfScore = 1e-2;

std::string firstLineOf(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string isoNow()
{
    const auto now = std::chrono::system_clock::now();
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    std::tm tm{};
    localtime_r(&t, &tm);
    char buf[40];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() % 1000000;
    char frac[16];
    std::snprintf(frac, sizeof frac, ".%06lld", static_cast<long long>(us));
    return std::string(buf) + frac;
}

// "YOLOv8n", "YOLO11s", "YOLOv9t" from a family and scale; the spec's own name for a user's YAML.
std::string prettyModelName(const std::string& family, char scale, const std::string& fallback)
{
    std::string name;
    if (family.rfind("yolov", 0) == 0)
        name = "YOLOv" + family.substr(5);
    else if (family.rfind("yolo", 0) == 0)
        name = "YOLO" + family.substr(4);
    else
        return fallback;
    return scale ? name + scale : name;
}

// The dataset as the description names it: its last two path parts ("demo/data.yaml"), no home folders.
std::string shortData(const std::string& data)
{
    if (data.empty())
        return {};
    const fs::path p(data);
    const std::string parent = p.parent_path().filename().string();
    return parent.empty() ? p.filename().string() : parent + "/" + p.filename().string();
}

std::optional<Error> checkOptions(const ExportOptions& o)
{
    auto bad = [&](const std::string& msg) { return Error{"export.options", msg, o.weights, 0, 0}; };
    if (o.format != "onnx")
        return bad("format must be onnx (the only export format so far), not '" + o.format + "'");
    using L = ExportLimits;
    const std::string opsets = std::to_string(L::minOpset) + ".." + std::to_string(L::maxOpset);
    if (o.opset < L::minOpset || o.opset > L::maxOpset)
        return bad("opset must be " + opsets + " (ONNX 1.12, which checks the file, knows up to " +
                   std::to_string(L::maxOpset) + "), not " + std::to_string(o.opset));
    if (o.batch < L::minBatch || o.batch > L::maxBatch)
        return bad("batch must be " + std::to_string(L::minBatch) + ".." + std::to_string(L::maxBatch) + ", not " +
                   std::to_string(o.batch));
    auto sideOk = [](int side) { return side == 0 || (side >= L::minImgsz && side <= L::maxImgsz); };
    if (!sideOk(o.imgszH) || !sideOk(o.imgszW) || (o.imgszH == 0) != (o.imgszW == 0))
        return bad("imgsz must be 0 (the training size) or " + std::to_string(L::minImgsz) + ".." +
                   std::to_string(L::maxImgsz) + " pixels per side");
    if (o.endToEnd && (o.maxDet < L::minMaxDet || o.maxDet > L::maxMaxDet))
        return bad("max_det must be " + std::to_string(L::minMaxDet) + ".." + std::to_string(L::maxMaxDet) + ", not " +
                   std::to_string(o.maxDet));
    if (o.agnosticNms && !o.endToEnd)
        return bad("agnostic_nms shapes the end-to-end file's top-k (nms=false); the default file has no NMS in it: "
                   "run class-agnostic NMS on its output instead");
    if (o.weights.empty())
        return bad("no weights given");
    return std::nullopt;
}

// The output must be writable before minutes are spent: a temporary file next to it is made and removed.
std::optional<Error> checkWritable(const std::string& out)
{
    std::error_code ec;
    if (fs::is_directory(out, ec))
        return Error{"export.write", "the output is a folder; give a file name ending in .onnx", out, 0, 0};
    const fs::path parent = fs::absolute(out, ec).parent_path();
    if (!fs::is_directory(parent, ec))
        return Error{"export.write", "the output folder does not exist: " + parent.string(), out, 0, 0};
    const std::string probe = tempPathFor(out);
    {
        std::ofstream f(probe, std::ios::binary);
        if (!f)
            return Error{"export.write", "cannot write here (permission denied or read-only)", out, 0, 0};
    }
    fs::remove(probe, ec);
    return std::nullopt;
}

// imgsz h x w must be multiples of the model's largest stride.
std::optional<Error> checkStride(int h, int w, int stride, const std::string& weights)
{
    for (int side : {h, w}) {
        if (side % stride != 0 || side < stride) {
            const int lower = std::max(stride, side / stride * stride);
            return Error{"export.options",
                         "imgsz " + std::to_string(side) + " is not a multiple of the model's largest stride " +
                             std::to_string(stride) + ": use " + std::to_string(lower) + " or " +
                             std::to_string(lower + stride),
                         weights, 0, 0};
        }
    }
    return std::nullopt;
}

// endToEnd needs the one-to-one branches of an end-to-end head.
std::optional<Error> checkHead(DetectionModelImpl& model, const ExportOptions& o)
{
    if (!o.endToEnd || model.detect()->endToEnd())
        return std::nullopt;
    return Error{"export.options",
                 "nms=false (the end-to-end head) needs a model with one-to-one branches (YOLO26); this one has none: "
                 "export it without nms=false and run NMS on its output",
                 o.weights, 0, 0};
}

// The metadata Ultralytics' readers look for: description, date, stride, batch, imgsz, one name per class
// (a class without a name is called by its number) and the export's arguments.
onnx::DetectorMetadata exportMetadata(const ExportOptions& o, const std::string& modelName, const std::string& data,
                                      std::vector<std::string> names, int nc, int stride, int h, int w)
{
    onnx::DetectorMetadata meta;
    meta.description = "YOLO Studio " + modelName + " model" + (data.empty() ? "" : " trained on " + data);
    meta.date = isoNow();
    meta.version = YS_VERSION;
    meta.stride = stride;
    meta.batch = o.batch;
    meta.imgsz = {h, w};
    meta.names = std::move(names);
    meta.names.resize(static_cast<size_t>(nc));
    for (size_t i = 0; i < meta.names.size(); ++i)
        if (meta.names[i].empty())
            meta.names[i] = std::to_string(i);
    auto pyBool = [](bool b) { return std::string(b ? "True" : "False"); };
    // nms as Ultralytics 8.4 writes it: None (NMS after the file) or False (the end-to-end head, no NMS).
    meta.args = {{"batch", std::to_string(o.batch)}, {"half", pyBool(o.half)},      {"dynamic", pyBool(o.dynamic)},
                 {"simplify", pyBool(o.simplify)},   {"opset", std::to_string(o.opset)},
                 {"nms", o.endToEnd ? "False" : "None"}};
    if (o.agnosticNms)
        meta.args.push_back({"agnostic_nms", "True"});
    return meta;
}

// OpenCV DNN runs the graph `bytes` on `input`; its output must equal LibTorch's `reference` within the export's
// tolerances (into s.maxAbsDiff, s.maxScoreDiff, s.openCvChecked).
std::optional<Error> verifyWithOpenCv(const std::string& bytes, const torch::Tensor& input,
                                      const torch::Tensor& reference, const ExportOptions& o, ExportSummary& s)
{
    torch::Tensor got;
    try {
        got = runOpenCv(bytes, o.half ? input.to(torch::kHalf).to(torch::kFloat) : input);
    } catch (const std::exception& e) {
        return Error{"export.verify", "OpenCV DNN cannot run the exported graph (a bug in YOLO Studio): " +
                                          firstLineOf(e.what()),
                     o.weights, 0, 0};
    }
    if (got.sizes() != reference.sizes())
        return Error{"export.verify", "OpenCV DNN's output has another shape than LibTorch's (a bug in YOLO Studio)",
                     o.weights, 0, 0};
    const torch::Tensor diff = (got - reference).abs();
    const int64_t rows = diff.size(1);
    s.maxAbsDiff = diff.narrow(1, 0, 4).max().item<double>();
    s.maxScoreDiff = diff.narrow(1, 4, rows - 4).max().item<double>();
    const bool close = s.maxAbsDiff <= (o.half ? kVerifyHalfBoxPx : kVerifyBoxPx) &&
                       s.maxScoreDiff <= (o.half ? kVerifyHalfScore : kVerifyScore);
    if (!close || !std::isfinite(s.maxAbsDiff) || !std::isfinite(s.maxScoreDiff))
        return Error{"export.verify",
                     "OpenCV DNN and LibTorch disagree on the exported graph (boxes by " +
                         std::to_string(s.maxAbsDiff) + " px, scores by " + std::to_string(s.maxScoreDiff) +
                         "; a bug in YOLO Studio)",
                     o.weights, 0, 0};
    s.openCvChecked = true;
    return std::nullopt;
}

// What the written graph holds: parameters, input and output shapes and type, batch, opset, IR version, node and
// initializer counts.
void describeGraph(const onnx::Model& graph, const ExportOptions& o, ExportSummary& s)
{
    s.elementType = o.half ? "float16" : "float32";
    s.batch = o.batch;
    s.dynamic = o.dynamic;
    s.opset = o.opset;
    for (const auto& t : graph.graph.initializers)
        if (onnx::isParameterName(t.name))
            s.parameters += t.numel();
    s.inputShape = graph.graph.inputs.at(0).shapeText();
    s.outputShape = graph.graph.outputs.at(0).shapeText();
    s.irVersion = graph.irVersion;
    s.nodes = static_cast<int>(graph.graph.nodes.size());
    s.initializers = static_cast<int>(graph.graph.initializers.size());
}

// The input's size and what the output holds: stride, anchors, classes, end-to-end rows.
void describeInput(const DetectionModelImpl& model, const OnnxGraphOptions& go, const onnx::DetectorMetadata& meta,
                   ExportSummary& s)
{
    s.imgszH = go.height;
    s.imgszW = go.width;
    s.stride = meta.stride;
    s.endToEnd = go.head == OnnxHead::EndToEnd;
    s.rows = s.endToEnd ? static_cast<int>(endToEndRows(model, go)) : 0;
    s.agnosticNms = s.endToEnd && go.agnostic;
    for (int64_t st : model.strides())
        s.anchors += static_cast<int>((go.height / st) * (go.width / st));
    s.names = meta.names;
}

// The options checked, the output writable, and the device the export runs on.
Expected<torch::Device> exportDevice(const ExportOptions& o, const std::string& out)
{
    if (auto err = checkOptions(o))
        return *err;
    auto device = resolveDevice(o.device);
    if (!device)
        return device.error();
    if (o.half && !device->is_cuda())
        return Error{"export.half_cpu",
                     "half=true needs a CUDA device (device=0): float16 files are for GPU runtimes; on the CPU "
                     "export float32 (half=false)",
                     o.weights, 0, 0};
    if (auto err = checkWritable(out))
        return *err;
    return *device;
}

// The graph options of the export's shape, type and head.
OnnxGraphOptions graphOptions(const ExportOptions& o, const onnx::DetectorMetadata& meta)
{
    OnnxGraphOptions go;
    go.head = o.endToEnd ? OnnxHead::EndToEnd : OnnxHead::Decoded;
    go.maxDet = o.maxDet;
    go.agnostic = o.agnosticNms;
    go.batch = o.batch;
    go.height = meta.imgsz[0];
    go.width = meta.imgsz[1];
    go.dynamic = o.dynamic;
    go.opset = o.opset;
    go.half = o.half;
    return go;
}

// The reference OpenCV's run is compared with: the model as val and predict run it (unfused, float32); for an
// end-to-end file the one-to-one head's corners and scores of every anchor, what its top-k reads.
torch::Tensor libtorchReference(DetectionModel& model, const torch::Tensor& input, bool endToEnd)
{
    if (!endToEnd)
        return model->decode(model->forward(input)).to(torch::kCPU);
    const torch::Tensor d = model->decode(model->forwardHeads(input).one).to(torch::kCPU);
    const torch::Tensor centre = d.narrow(1, 0, 2), half = d.narrow(1, 2, 2) / 2;
    return torch::cat({centre - half, centre + half, d.narrow(1, 4, d.size(1) - 4)}, 1);
}

// The bytes OpenCV runs: the file itself, or for an end-to-end file its graph up to the top-k (OnnxHead).
std::string openCvGraph(DetectionModel& model, const OnnxGraphOptions& go, const onnx::DetectorMetadata& meta,
                        const std::string& fileBytes)
{
    if (go.head != OnnxHead::EndToEnd)
        return fileBytes;
    OnnxGraphOptions scores = go;
    scores.head = OnnxHead::OneToOneScores;
    return onnx::serialize(buildOnnxModel(*model, scores, meta));
}

Expected<ExportSummary> runExport(const ExportOptions& o, const ProgressFn& progress, const CancelToken& cancel)
{
    const auto t0 = Clock::now();
    auto step = [&](ProgressStage stage, int64_t done, int64_t total) {
        if (progress)
            progress(Progress{stage, done, total});
    };
    auto cancelled = [&]() { return Error{"export.cancelled", "the export was cancelled", o.weights, 0, 0}; };
    const std::string out = o.out.empty() ? defaultExportPath(o.weights) : o.out;
    auto device = exportDevice(o, out);
    if (!device)
        return device.error();

    step(ProgressStage::ExportLoad, 0, 1);
    auto info = inspectCheckpoint(o.weights);
    if (!info)
        return info.error();
    if (auto notDetector = requireDetection(*info))
        return Error{"export.not_detector", notDetector->message, o.weights, 0, 0};
    configureIntraOpThreads(o.threads);
    auto ck = loadCheckpoint(o.weights, *device);
    if (!ck)
        return ck.error();
    DetectionModel& model = inferenceModel(*ck);
    if (auto err = checkHead(*model, o))
        return *err;
    const int stride = static_cast<int>(*std::max_element(model->strides().begin(), model->strides().end()));
    const int h = o.imgszH > 0 ? o.imgszH : ck->meta.imgsz;
    const int w = o.imgszW > 0 ? o.imgszW : ck->meta.imgsz;
    if (auto err = checkStride(h, w, stride, o.weights))
        return *err;
    step(ProgressStage::ExportLoad, 1, 1);
    if (cancel.cancelled())
        return cancelled();

    // The reference: the model as val and predict run it (unfused, float32), on a fixed picture batch.
    torch::NoGradGuard ng;
    model->eval();
    model->to(torch::kFloat);
    const torch::Tensor input = syntheticImages(o.batch, h, w);
    torch::Tensor reference;
    const bool runOpenCvCheck = o.verify && !o.dynamic;
    if (runOpenCvCheck)
        reference = libtorchReference(model, input.to(*device), o.endToEnd);

    step(ProgressStage::ExportGraph, 0, 1);
    const std::string modelName = prettyModelName(!ck->spec.family.empty() ? ck->spec.family : info->family,
                                                  ck->spec.scale ? ck->spec.scale : info->scale, ck->spec.name);
    const onnx::DetectorMetadata meta = exportMetadata(o, modelName, shortData(info->data), ck->meta.names,
                                                       static_cast<int>(model->nc()), stride, h, w);
    model->to(torch::kCPU);
    model->fuse();
    const OnnxGraphOptions go = graphOptions(o, meta);
    const onnx::Model graph = buildOnnxModel(*model, go, meta);
    const std::string bytes = onnx::serialize(graph);
    const std::string openCvBytes = runOpenCvCheck ? openCvGraph(model, go, meta, bytes) : std::string();
    step(ProgressStage::ExportGraph, 1, 1);
    if (cancel.cancelled())
        return cancelled();

    ExportSummary s;
    step(ProgressStage::ExportCheck, 0, 1);
    if (auto problem = checkOnnxBytes(bytes))
        return Error{"export.check", "the exported graph fails ONNX's checker (a bug in YOLO Studio): " + *problem,
                     o.weights, 0, 0};
    s.onnxChecked = true;
    s.checker = onnxCheckerName();
    step(ProgressStage::ExportCheck, 1, 1);
    if (cancel.cancelled())
        return cancelled();

    s.openCvVersion = CV_VERSION;
    if (runOpenCvCheck) {
        step(ProgressStage::ExportVerify, 0, 1);
        if (auto err = verifyWithOpenCv(openCvBytes, input, reference, o, s))
            return *err;
        step(ProgressStage::ExportVerify, 1, 1);
    } else {
        s.openCvNote = o.dynamic ? "dynamic shapes: OpenCV 4.6 reads static graphs only" : "not asked for (verify=false)";
    }
    if (cancel.cancelled())
        return cancelled();

    step(ProgressStage::ExportWrite, 0, 1);
    if (auto err = writeFileAtomic(out, bytes))
        return Error{"export.write", err->message, out, 0, 0};
    step(ProgressStage::ExportWrite, 1, 1);

    std::error_code ec;
    s.path = fs::absolute(out, ec).string();
    s.bytes = static_cast<int64_t>(bytes.size());
    s.model = modelName;
    s.weights = o.weights;
    describeGraph(graph, o, s);
    describeInput(*model, go, meta, s);
    s.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return s;
}

}  // namespace

ExportTargetSettings exportTargetSettings(ExportTarget target)
{
    switch (target) {
    case ExportTarget::OpenCv: return {12, false};
    case ExportTarget::OnnxRuntimeDynamic: return {17, true};
    case ExportTarget::Custom: break;
    }
    const ExportOptions defaults;
    return {defaults.opset, defaults.dynamic};
}

std::string defaultExportPath(const std::string& weights)
{
    fs::path p(weights);
    p.replace_extension(".onnx");
    return p.string();
}

Expected<ExportSummary> exportOnnx(const ExportOptions& options, const ProgressFn& progress, const CancelToken& cancel)
{
    try {
        return runExport(options, progress, cancel);
    } catch (const std::exception& e) {
        return Error{isOutOfMemory(e) ? "export.oom" : "export.failed", "export failed: " + exceptionText(e),
                     options.weights, 0, 0};
    }
}

}  // namespace ys
