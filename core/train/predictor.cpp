// Validation of a saved checkpoint and prediction on images (the CLI's val and predict).
#include "train/trainer.h"

#include "augment/transforms.h"
#include "common/fileutil.h"
#include "common/internal/torcherror.h"
#include "common/trainrules.h"
#include "data/check.h"
#include "common/log.h"
#include "data/classes.h"
#include "data/dataset.h"
#include "eval/internal/metricsjson.h"
#include "loss/internal/detection_loss.h"
#include "model/internal/threads.h"
#include "train/internal/checkpoint.h"
#include "train/internal/detector.h"
#include "train/internal/device.h"
#include "train/internal/validator.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>

namespace fs = std::filesystem;

namespace ys {
namespace {

using Clock = std::chrono::steady_clock;

void emit(const std::function<void(const std::string&)>& onLog, const std::string& line)
{
    if (onLog)
        onLog(line);
    else
        logInfo(line);
}

// A fixed, distinguishable palette (BGR) for class colours.
cv::Scalar classColour(int cls)
{
    static const cv::Scalar palette[] = {
        {56, 56, 255},  {151, 157, 255}, {31, 112, 255}, {29, 178, 255}, {49, 210, 207}, {10, 249, 72},
        {23, 204, 146}, {134, 219, 61},  {52, 147, 26},  {187, 212, 0},  {168, 153, 44}, {255, 194, 0},
        {147, 69, 52},  {255, 115, 100}, {236, 24, 0},   {255, 56, 132}, {133, 0, 82},   {255, 56, 203},
        {200, 149, 255}, {199, 55, 255}};
    return palette[static_cast<size_t>(cls) % (sizeof palette / sizeof palette[0])];
}

std::vector<std::string> listImages(const std::string& source)
{
    std::vector<std::string> files;
    std::error_code ec;
    if (fs::is_directory(source, ec)) {
        for (auto it = fs::recursive_directory_iterator(source, fs::directory_options::skip_permission_denied, ec);
             it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (ec)
                break;
            if (it->is_regular_file(ec) && isImageExtension(it->path().string()))
                files.push_back(it->path().string());
        }
        std::sort(files.begin(), files.end());
    } else if (fs::exists(source, ec)) {
        files.push_back(source);
    }
    return files;
}

// One image (BGR) through a detector as the reference predictor does: letterbox to `imgsz` on the longest side
// with each side rounded up to the stride (minimal padding), or to the detector's fixed size (a static ONNX file,
// as Ultralytics letterboxes for one), forward, NMS (or the one-to-one head's top max_det, nms=false); boxes in the
// image's pixels.
std::vector<Detection> detectImage(Detector& detector, const cv::Mat& bgr, int imgsz, const DetectionFilter& filter)
{
    const int stride = detector.stride();
    Sample s;
    s.image = bgr;
    s.origH = bgr.rows;
    s.origW = bgr.cols;
    int newW = detector.fixedSize()[1], newH = detector.fixedSize()[0];
    if (newH <= 0 || newW <= 0) {
        const double r = static_cast<double>(imgsz) / std::max(bgr.rows, bgr.cols);
        newW = static_cast<int>(std::ceil(std::round(bgr.cols * r) / stride) * stride);
        newH = static_cast<int>(std::ceil(std::round(bgr.rows * r) / stride) * stride);
    }
    Sample lb = letterbox(s, newH, newW, /*scaleUp=*/true, /*center=*/true, stride);
    cv::Mat rgb;
    cv::cvtColor(lb.image, rgb, cv::COLOR_BGR2RGB);
    torch::Tensor t = torch::from_blob(rgb.data, {1, rgb.rows, rgb.cols, 3}, torch::kUInt8).permute({0, 3, 1, 2});
    auto dets = detectionsOf(detector.run(t), filter);
    return toDetections(dets[0], lb.gain, lb.padX, lb.padY, bgr.cols, bgr.rows);
}

// predict()'s and predictImages()' NMS settings (single-label, as Ultralytics' predictor).
template <typename Options>
DetectionFilter predictFilter(const Options& o)
{
    return {.conf = o.conf, .iou = o.iou, .maxDet = o.maxDet, .agnostic = o.agnosticNms};
}

// openDetector for val and predict at `imgsz` (0 = the weights' own): a detector with a fixed input (a static
// ONNX file) runs at that size only, so an imgsz that asks for another is an error.
Expected<std::unique_ptr<Detector>> openDetectorAt(const std::string& weights, const torch::Device& device, int imgsz,
                                                   int threads = 0)
{
    auto detector = openDetector(weights, device, threads);
    if (!detector)
        return detector;
    const auto fixed = (*detector)->fixedSize();
    if (fixed[0] <= 0 || imgsz <= 0 || imgsz == std::max(fixed[0], fixed[1]))
        return detector;
    return Error{"onnx.imgsz",
                 "this ONNX file's input is fixed at " + std::to_string(fixed[0]) + "x" + std::to_string(fixed[1]) +
                     ": leave imgsz out (or export again with imgsz=" + std::to_string(imgsz) + ")",
                 weights, 0, 0};
}

// Ultralytics 8.4's `nms` setting: false selects the one-to-one head without NMS. A detector without one keeps
// the one-to-many head and NMS, with a warning, as 8.4 warns and carries on.
void selectHead(Detector& detector, bool nms, const std::function<void(const std::string&)>& onLog)
{
    if (detector.useOneToOneHead(!nms))
        return;
    emit(onLog, std::string("warning: nms=false: ") +
                    (detector.torchModel() ? "this model has no one-to-one head (YOLO26 has one)"
                                           : "an ONNX file runs the head it was exported with") +
                    "; using the one-to-many head with NMS");
}

}  // namespace

namespace {

// val's table as Ultralytics prints it: all classes, then one row per class (`names` by the model's class id),
// then the speed line.
void logValTable(const ValSummary& s, const std::vector<std::string>& names,
                 const std::function<void(const std::string&)>& onLog)
{
    char buf[256];
    emit(onLog, valTableHeader());
    emit(onLog, valTableAllRow(s.images, s.metrics));
    for (const auto& c : s.metrics.perClass) {
        const std::string name = c.cls >= 0 && static_cast<size_t>(c.cls) < names.size()
                                     ? names[static_cast<size_t>(c.cls)]
                                     : std::to_string(c.cls);
        std::snprintf(buf, sizeof buf, "%22s%11lld%11lld%11.3g%11.3g%11.3g%11.3g", name.substr(0, 22).c_str(),
                      static_cast<long long>(c.images), static_cast<long long>(c.instances), c.precision, c.recall,
                      c.ap50, c.ap50_95);
        emit(onLog, buf);
    }
    std::snprintf(buf, sizeof buf, "Speed: %.1fms inference, %.1fms loss, %.1fms postprocess per image",
                  s.msPerImage[0], s.msPerImage[1], s.msPerImage[2]);
    emit(onLog, buf);
}

// A YOLO label line per detection, normalised to the image (`img` is `cols` x `rows`), with its confidence.
std::string labelText(const std::vector<Detection>& boxes, int cols, int rows)
{
    std::string text;
    char line[160];
    for (const auto& d : boxes) {
        std::snprintf(line, sizeof line, "%d %.6f %.6f %.6f %.6f %.5f\n", d.cls, (d.x1 + d.x2) / 2 / cols,
                      (d.y1 + d.y2) / 2 / rows, (d.x2 - d.x1) / cols, (d.y2 - d.y1) / rows, d.conf);
        text += line;
    }
    return text;
}

// Each detection's box and "name 0.87" label drawn onto `img`, in its class's colour.
void drawDetections(cv::Mat& img, const std::vector<Detection>& boxes, const std::vector<std::string>& names)
{
    const int thick = std::max(1, static_cast<int>(std::lround((img.rows + img.cols) / 600.0)));
    for (const auto& d : boxes) {
        const cv::Scalar c = classColour(d.cls);
        cv::rectangle(img, cv::Point(static_cast<int>(d.x1), static_cast<int>(d.y1)),
                      cv::Point(static_cast<int>(d.x2), static_cast<int>(d.y2)), c, thick, cv::LINE_AA);
        const std::string label =
            (d.cls >= 0 && static_cast<size_t>(d.cls) < names.size() ? names[static_cast<size_t>(d.cls)]
                                                                       : std::to_string(d.cls)) +
            " " + cv::format("%.2f", d.conf);
        int base = 0;
        const double fs = std::max(0.4, thick / 3.0);
        const cv::Size ts = cv::getTextSize(label, cv::FONT_HERSHEY_SIMPLEX, fs, 1, &base);
        const int y = std::max(static_cast<int>(d.y1), ts.height + 4);
        cv::rectangle(img, cv::Point(static_cast<int>(d.x1), y - ts.height - 4),
                      cv::Point(static_cast<int>(d.x1) + ts.width + 2, y), c, cv::FILLED);
        cv::putText(img, label, cv::Point(static_cast<int>(d.x1) + 1, y - 3), cv::FONT_HERSHEY_SIMPLEX, fs,
                    cv::Scalar(255, 255, 255), 1, cv::LINE_AA);
    }
}

Expected<ValSummary> runValidation(const ValOptions& o, const std::function<void(const std::string&)>& onLog);
Expected<PredictSummary> runPrediction(const PredictOptions& o, const std::function<void(const std::string&)>& onLog);

}  // namespace

Expected<ValSummary> validateWeights(const ValOptions& o, const std::function<void(const std::string&)>& onLog)
{
    try {
        return runValidation(o, onLog);
    } catch (const std::exception& e) {
        return Error{isOutOfMemory(e) ? "val.oom" : "val.failed", "validation failed: " + exceptionText(e), o.weights,
                     0, 0};
    }
}

Expected<ValSummary> validateCheckpoint(const std::string& weights, const std::string& data, int imgsz, int batch,
                                        const std::string& device,
                                        const std::function<void(const std::string&)>& onLog)
{
    ValOptions o;
    o.weights = weights;
    o.data = data;
    o.imgsz = imgsz;
    o.batch = batch;
    o.device = device;
    return validateWeights(o, onLog);
}

std::string valSummaryToJson(const ValOptions& o, const ValSummary& s)
{
    nlohmann::json j{{"weights", o.weights},
                     {"data", o.data},
                     {"imgsz", o.imgsz},
                     {"nms", o.nms},
                     {"agnostic_nms", o.agnosticNms},
                     {"images", s.images},
                     {"box_loss", s.box},
                     {"cls_loss", s.cls},
                     {"dfl_loss", s.dfl},
                     {"seconds", s.seconds},
                     {"ms_per_image", {{"inference", s.msPerImage[0]}, {"loss", s.msPerImage[1]},
                                       {"postprocess", s.msPerImage[2]}}}};
    j.update(metricsJson(s.metrics, s.names));
    return j.dump(2) + "\n";
}

Expected<PredictSummary> predict(const PredictOptions& o, const std::function<void(const std::string&)>& onLog)
{
    try {
        return runPrediction(o, onLog);
    } catch (const std::exception& e) {
        return Error{isOutOfMemory(e) ? "predict.oom" : "predict.failed", "prediction failed: " + exceptionText(e),
                     o.weights, 0, 0};
    }
}

namespace {

Expected<ValSummary> runValidation(const ValOptions& o, const std::function<void(const std::string&)>& onLog)
{
    auto dev = resolveDevice(o.device);
    if (!dev)
        return dev.error();
    const RunThreads threads = runThreadsFor(TrainConfig{}.workers, 0, dev->is_cuda());
    configureIntraOpThreads(threads.intraOp);
    const RetainFreedMemory retain;  // validation batches allocate the same sizes batch after batch
    auto detector = openDetectorAt(o.weights, *dev, o.imgsz);
    if (!detector)
        return detector.error();
    Detector& det = **detector;
    selectHead(det, o.nms, onLog);
    auto ds = openDataset(o.data);
    if (!ds)
        return ds.error();
    // Weights trained with classes=[...] know the dataset ids of their classes: score those, renumbered.
    auto subset = makeClassSubset(det.classes(), ds->spec.names, ds->spec.yamlPath);
    if (!subset)
        return subset.error();
    if (subset->nc() != det.nc())
        return Error{"val.nc", "the dataset has " + std::to_string(subset->nc()) + " classes, the weights " +
                                   std::to_string(det.nc()),
                     o.data, 0, 0};
    CheckOptions co;
    co.hashImages = false;
    const CheckResult check = checkDataset(*ds, co);
    std::vector<ImageRecord> val = trainableImages(*ds, check, Split::Val);
    if (!subset->identity())
        applyClassSubset(*subset, val);
    if (val.empty())
        return Error{"val.no_images", "the dataset's val split has no readable images", o.data, 0, 0};
    ValidatorOptions vo;
    vo.imgsz = o.imgsz > 0 ? o.imgsz : det.imgsz();
    vo.batch = std::max(1, o.batch);
    vo.workers = threads.loaderWorkers;
    vo.channelsLast = dev->is_cpu();
    vo.rect = o.rect;
    vo.metrics = o.metrics;
    vo.filter.agnostic = o.agnosticNms;
    const auto fixed = det.fixedSize();
    if (fixed[0] > 0) {
        if (fixed[0] != fixed[1])
            return Error{"onnx.imgsz",
                         "val letterboxes square images; this ONNX file's input is " + std::to_string(fixed[0]) + "x" +
                             std::to_string(fixed[1]) + " (export with a square imgsz to validate it)",
                         o.weights, 0, 0};
        vo.imgsz = fixed[0];
        vo.rect = false;
    }
    emit(onLog, det.describe() + (vo.rect ? ", rectangular batches" : ", images letterboxed to " +
                                                                          std::to_string(vo.imgsz) + "x" +
                                                                          std::to_string(vo.imgsz)));
    Validator validator(val, subset->nc(), vo, *dev);
    std::unique_ptr<DetectionLoss> loss;
    if (DetectionModel* m = det.torchModel())
        loss = std::make_unique<DetectionLoss>(subset->nc(), (*m)->regMax(), (*m)->strides(), LossGains{},
                                               (*m)->endToEnd());
    const ValidationOutput v = validator.run(det, loss.get());
    ValSummary s;
    s.metrics = v.metrics;
    s.box = v.box;
    s.cls = v.cls;
    s.dfl = v.dfl;
    s.images = v.images;
    s.seconds = v.seconds;
    s.msPerImage[0] = v.msInference;
    s.msPerImage[1] = v.msLoss;
    s.msPerImage[2] = v.msPost;
    s.names = subset->names;

    logValTable(s, s.names, onLog);
    return s;
}

Expected<PredictSummary> runPrediction(const PredictOptions& o, const std::function<void(const std::string&)>& onLog)
{
    auto dev = resolveDevice(o.device);
    if (!dev)
        return dev.error();
    configureIntraOpThreads(0);
    auto detector = openDetectorAt(o.weights, *dev, o.imgsz);
    if (!detector)
        return detector.error();
    Detector& det = **detector;
    selectHead(det, o.nms, onLog);
    const std::vector<std::string> files = listImages(o.source);
    if (files.empty())
        return Error{"predict.no_images", "no images found (looked for " "bmp/jpg/jpeg/png/tif/tiff/webp/...)", o.source,
                     0, 0};
    std::error_code ec;
    fs::create_directories(fs::path(o.out) / "labels", ec);
    if (ec)
        return Error{"predict.out", "cannot create the output folder: " + ec.message(), o.out, 0, 0};

    torch::NoGradGuard ng;
    const auto& names = det.names();
    PredictSummary summary;
    const auto t0 = Clock::now();
    const int imgsz = o.imgsz > 0 ? o.imgsz : det.imgsz();  // 0: the size the weights were trained at
    const DetectionFilter filter = predictFilter(o);
    for (const std::string& file : files) {
        cv::Mat img = cv::imread(file, cv::IMREAD_COLOR);
        if (img.empty()) {
            summary.failed.push_back(file + ": cannot decode the image");
            continue;
        }
        const auto boxes = detectImage(det, img, imgsz, filter);
        summary.detections += static_cast<int64_t>(boxes.size());
        ++summary.images;

        const fs::path name = fs::path(file).filename();
        if (o.saveText) {
            if (auto err = writeFileAtomic((fs::path(o.out) / "labels" / name.stem()).string() + ".txt",
                                           labelText(boxes, img.cols, img.rows)))
                summary.failed.push_back(err->toString());
        }
        if (o.saveImages) {
            drawDetections(img, boxes, names);
            std::vector<uchar> buf;
            std::string ext = name.extension().string();
            std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
            if (ext != ".jpg" && ext != ".jpeg" && ext != ".png" && ext != ".bmp")
                ext = ".jpg";
            if (cv::imencode(ext, img, buf))
                writeFileAtomic((fs::path(o.out) / name.stem()).string() + ext, std::string(buf.begin(), buf.end()));
        }
        emit(onLog, "image " + std::to_string(summary.images) + "/" + std::to_string(files.size()) + " " + file + ": " +
                        std::to_string(boxes.size()) + " detections");
    }
    const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    summary.msPerImage = summary.images > 0 ? secs * 1000.0 / summary.images : 0;
    return summary;
}

}  // namespace

Expected<std::vector<std::vector<Detection>>> predictImages(const PredictImagesOptions& o,
                                                           const std::vector<RgbImage>& images,
                                                           const CancelToken& cancel)
{
    auto dev = resolveDevice(o.device);
    if (!dev)
        return dev.error();
    configureIntraOpThreads(o.threads);
    auto detector = openDetectorAt(o.weights, *dev, o.imgsz, o.threads);
    if (!detector)
        return detector.error();
    Detector& det = **detector;
    det.useOneToOneHead(!o.nms);   // without a one-to-one head: NMS, as predict() (which says so)
    torch::NoGradGuard ng;
    const int imgsz = o.imgsz > 0 ? o.imgsz : det.imgsz();
    const DetectionFilter filter = predictFilter(o);
    std::vector<std::vector<Detection>> out(images.size());
    for (size_t i = 0; i < images.size(); ++i) {
        if (cancel.cancelled())
            return Error{"predict.cancelled", "prediction was cancelled", o.weights, 0, 0};
        const RgbImage& im = images[i];
        if (im.width <= 0 || im.height <= 0 ||
            im.pixels.size() < static_cast<size_t>(im.width) * static_cast<size_t>(im.height) * 3)
            continue;
        const cv::Mat rgb(im.height, im.width, CV_8UC3, const_cast<uint8_t*>(im.pixels.data()),
                          static_cast<size_t>(im.width) * 3);
        cv::Mat bgr;
        cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
        out[i] = detectImage(det, bgr, imgsz, filter);
    }
    return out;
}

std::optional<RgbImage> readRgbImage(const std::string& path)
{
    cv::Mat bgr = cv::imread(path, cv::IMREAD_COLOR);
    if (bgr.empty())
        return std::nullopt;
    cv::Mat rgb;
    cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
    RgbImage in;
    in.width = rgb.cols;
    in.height = rgb.rows;
    in.pixels.assign(rgb.data, rgb.data + rgb.total() * 3);
    return in;
}

}  // namespace ys
