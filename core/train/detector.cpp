// The two backends of val and predict: a checkpoint's LibTorch model, an ONNX file through OpenCV DNN.
#include "train/internal/detector.h"

#include "eval/internal/nms.h"
#include "onnx/metadata.h"
#include "onnx/model.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace ys {

TorchDetector::TorchDetector(DetectionModel model, std::vector<std::string> names, std::vector<int> classes,
                             int imgsz, const torch::Device& device, AmpMode amp, bool channelsLast)
    : model_(std::move(model)), names_(std::move(names)), classes_(std::move(classes)), imgsz_(imgsz), device_(device),
      amp_(amp), channelsLast_(channelsLast)
{
}

DetectorOutput TorchDetector::run(const torch::Tensor& images)
{
    const torch::Tensor x = prepareImages(images, device_, channelsLast_);
    DetectorOutput out;
    AutocastGuard ac(amp_, device_);
    // The one-to-one branches cost a second head: run only when decoded (nms=false) or asked for (a loss).
    auto heads = oneToOne_ || bothHeads_ ? model_->forwardHeads(x) : DetectionModelImpl::Heads{model_->forward(x), {}};
    out.feats = std::move(heads.many);
    out.featsOneToOne = std::move(heads.one);
    out.pred = model_->decode(oneToOne_ ? out.featsOneToOne : out.feats).to(torch::kFloat32);
    out.oneToOne = oneToOne_;
    return out;
}

bool TorchDetector::useOneToOneHead(bool on)
{
    oneToOne_ = on && model_->endToEnd();
    return oneToOne_ == on;
}

int TorchDetector::stride() const
{
    const auto& s = model_->strides();
    return static_cast<int>(*std::max_element(s.begin(), s.end()));
}

std::string TorchDetector::describe() const
{
    return "LibTorch " + model_->spec().name + " on " + device_.str() +
           (oneToOne_ ? ", one-to-one head without NMS (nms=false)" : "");
}

// ---------------------------------------------------------------------------------------------------------

struct OnnxDetector::Impl {
    cv::dnn::Net net;
    std::string input, output;
};

OnnxDetector::~OnnxDetector() = default;

Expected<std::unique_ptr<OnnxDetector>> OnnxDetector::open(const std::string& path, int threads)
{
    auto model = onnx::readModel(path);
    if (!model)
        return model.error();
    auto bad = [&](const std::string& msg) { return Error{"onnx.unsupported", msg, path, 0, 0}; };
    const auto& g = model->graph;
    if (g.inputs.empty() || g.outputs.empty())
        return bad("the ONNX file has no input or no output");
    // Initializers may be listed as inputs too (older exporters): the image input is the one that is not.
    const onnx::ValueInfo* input = nullptr;
    for (const auto& in : g.inputs) {
        const bool initializer = std::any_of(g.initializers.begin(), g.initializers.end(),
                                             [&](const onnx::TensorData& t) { return t.name == in.name; });
        if (!initializer) {
            input = &in;
            break;
        }
    }
    const onnx::ValueInfo& output = g.outputs.front();
    if (!input || input->shape.size() != 4 || !input->shape[1].fixed() || input->shape[1].value != 3)
        return bad("not a detector: its input must be images [batch, 3, height, width]");
    if (output.shape.size() != 3)
        return bad("not a detector: its first output must be [batch, 4 + classes, anchors] (YOLOv8/YOLO11/YOLOv9 "
                   "export without NMS), it is " + output.shapeText());
    auto meta = onnx::fromMetadataProps(model->metadata);
    if (!meta)
        return Error{meta.error().code, meta.error().message, path, 0, 0};
    if (meta->task != "detect")
        return bad("a '" + meta->task + "' model; val and predict take detection models");
    // Ultralytics 8.4's (and export nms=false's) end-to-end file: [B, max_det, 6] after a TopK.
    const bool endToEnd = std::any_of(model->metadata.begin(), model->metadata.end(), [](const auto& kv) {
        return kv.first == "end2end" && kv.second == "True";
    });
    if (endToEnd || (output.shape[2].fixed() && output.shape[2].value == 6 &&
                     static_cast<int64_t>(meta->names.size()) + 4 != output.shape[1].value))
        return bad("an end-to-end file (export nms=false, output " + output.shapeText() +
                   "): its TopK needs ONNX Runtime, OpenCV " CV_VERSION " DNN cannot run it. Validate the default "
                   "export, or the .pt with nms=false (the same one-to-one head)");
    std::unique_ptr<OnnxDetector> d(new OnnxDetector());
    d->path_ = path;
    d->stride_ = meta->stride;
    if (!input->shape[2].fixed() || !input->shape[3].fixed())
        return bad("its input size is dynamic (export with dynamic=true, for ONNX Runtime); OpenCV DNN runs static "
                   "files: export again with dynamic=false");
    d->size_ = {static_cast<int>(input->shape[2].value), static_cast<int>(input->shape[3].value)};
    d->batch_ = input->shape[0].fixed() && input->shape[0].value > 0 ? static_cast<int>(input->shape[0].value) : 1;
    if (d->size_[0] % d->stride_ != 0 || d->size_[1] % d->stride_ != 0)
        return bad("its input size " + input->shapeText() + " is not a multiple of its stride " +
                   std::to_string(d->stride_));
    if (output.shape[1].fixed())
        d->nc_ = static_cast<int>(output.shape[1].value) - 4;
    else
        d->nc_ = static_cast<int>(meta->names.size());
    if (d->nc_ < 1)
        return bad("its output " + output.shapeText() + " holds no classes");
    d->names_ = meta->names;
    if (!d->names_.empty() && static_cast<int>(d->names_.size()) != d->nc_)
        return bad("its metadata names " + std::to_string(d->names_.size()) + " classes, its output " +
                   std::to_string(d->nc_));
    for (int i = static_cast<int>(d->names_.size()); i < d->nc_; ++i)
        d->names_.push_back(std::to_string(i));
    d->d_ = std::make_unique<Impl>();
    d->d_->input = input->name;
    d->d_->output = output.name;
    try {
        d->d_->net = cv::dnn::readNetFromONNX(path);
        d->d_->net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        d->d_->net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    } catch (const std::exception& e) {
        const std::string what = e.what();
        return bad("OpenCV " CV_VERSION " DNN cannot read it: " + what.substr(0, what.find('\n')));
    }
    if (threads > 0)
        cv::setNumThreads(threads);
    return d;
}

DetectorOutput OnnxDetector::run(const torch::Tensor& images)
{
    TORCH_CHECK(images.dim() == 4 && images.size(2) == size_[0] && images.size(3) == size_[1], "ONNX input must be [B, 3, ",
                size_[0], ", ", size_[1], "], got ", images.sizes());
    const torch::Tensor x = images.to(torch::kCPU).to(torch::kFloat32).div_(255.0).contiguous();
    std::vector<torch::Tensor> outs;
    const int64_t n = x.size(0);
    for (int64_t begin = 0; begin < n; begin += batch_) {
        const int64_t end = std::min<int64_t>(n, begin + batch_);
        torch::Tensor chunk = x.slice(0, begin, end);
        if (end - begin < batch_)   // a fixed batch: pad with black images, drop their rows after
            chunk = torch::cat({chunk, torch::zeros({batch_ - (end - begin), 3, size_[0], size_[1]})}, 0);
        chunk = chunk.contiguous();
        const int dims[4] = {batch_, 3, size_[0], size_[1]};
        const cv::Mat blob(4, dims, CV_32F, chunk.data_ptr<float>());
        d_->net.setInput(blob, d_->input);
        cv::Mat out = d_->net.forward(d_->output);
        cv::Mat f32;
        out.convertTo(f32, CV_32F);
        std::vector<int64_t> shape;
        for (int i = 0; i < f32.dims; ++i)
            shape.push_back(f32.size[i]);
        TORCH_CHECK(shape.size() == 3 && shape[0] == batch_ && shape[1] == nc_ + 4, "ONNX output has shape ", shape,
                    ", expected [", batch_, ", ", nc_ + 4, ", A]");
        outs.push_back(torch::from_blob(f32.ptr<float>(), shape, torch::kFloat).clone().slice(0, 0, end - begin));
    }
    DetectorOutput o;
    o.pred = torch::cat(outs, 0);
    return o;
}

std::string OnnxDetector::describe() const
{
    return "OpenCV " CV_VERSION " DNN on " + std::filesystem::path(path_).filename().string() + ", input [" +
           std::to_string(batch_) + ", 3, " + std::to_string(size_[0]) + ", " + std::to_string(size_[1]) + "]";
}

std::vector<torch::Tensor> detectionsOf(const DetectorOutput& out, const DetectionFilter& f)
{
    if (out.oneToOne)
        return topKDetections(out.pred, f.conf, f.maxDet, f.agnostic);
    return nonMaxSuppression(out.pred, f.conf, f.iou, f.maxDet, f.agnostic, /*maxNms=*/30000, /*maxWh=*/7680,
                             f.multiLabel);
}

bool isOnnxFile(const std::string& weights)
{
    std::string ext = std::filesystem::path(weights).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext == ".onnx";
}

Expected<std::unique_ptr<Detector>> openDetector(const std::string& weights, const torch::Device& device, int threads)
{
    if (isOnnxFile(weights)) {
        std::error_code ec;
        if (!std::filesystem::exists(weights, ec))
            return Error{"onnx.unreadable", "ONNX file not found", weights, 0, 0};
        if (!device.is_cpu())
            return Error{"device.onnx", "ONNX files run on the CPU (OpenCV DNN): use device=cpu", weights, 0, 0};
        auto d = OnnxDetector::open(weights, threads);
        if (!d)
            return d.error();
        return std::unique_ptr<Detector>(std::move(*d));
    }
    auto ck = loadCheckpoint(weights, device);
    if (!ck)
        return ck.error();
    DetectionModel model = inferenceModel(*ck);
    model->eval();
    const bool channelsLast = device.is_cpu();
    if (channelsLast)
        toChannelsLast(*model);
    return std::unique_ptr<Detector>(std::make_unique<TorchDetector>(model, ck->meta.names, ck->meta.classes,
                                                                     ck->meta.imgsz, device, AmpMode::Off,
                                                                     channelsLast));
}

}  // namespace ys
