#pragma once
// What the export tests share: a random-weight checkpoint, letterboxed demo images, the LibTorch reference of a
// checkpoint and a comparison of detections after NMS.
#include "export/export.h"

#include "augment/transforms.h"
#include "eval/internal/nms.h"
#include "model/internal/yolo.h"
#include "onnx/model.h"
#include "train/internal/checkpoint.h"

#include "fixtures.h"

#include <QDir>
#include <QTest>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <set>
#include <string>

namespace ys::test {

// A model with random weights and BatchNorm statistics (so folding them matters), saved as a studio checkpoint.
inline std::string randomCheckpoint(const ModelSpec& spec, int imgsz, const std::string& path, uint64_t seed)
{
    torch::manual_seed(seed);
    DetectionModel model(spec);
    {
        torch::NoGradGuard ng;
        for (auto& m : model->modules(false))
            if (auto* bn = dynamic_cast<torch::nn::BatchNorm2dImpl*>(m.get())) {
                bn->running_mean.normal_(0, 0.2);
                bn->running_var.uniform_(0.5, 2.0);
                bn->weight.uniform_(0.5, 1.5);
                bn->bias.normal_(0, 0.2);
            }
    }
    CheckpointMeta meta;
    meta.modelYaml = modelYamlText(spec);
    meta.modelName = spec.builtin ? spec.name + ".yaml" : spec.source;
    std::transform(meta.modelName.begin(), meta.modelName.end(), meta.modelName.begin(), ::tolower);
    meta.scale = spec.scale;
    for (int i = 0; i < spec.nc; ++i)
        meta.names.push_back("class " + std::to_string(i) + (i == 1 ? " it's" : ""));
    meta.imgsz = imgsz;
    model->eval();
    if (auto err = saveCheckpoint(path, meta, nullptr, &model, nullptr))
        qFatal("%s", err->toString().c_str());
    return path;
}

inline std::string readAll(const std::string& path) { return readBytes(path); }

// The first `n` demo val images letterboxed to h x w (grey 114, centred), RGB 0..1, [n, 3, h, w].
inline torch::Tensor letterboxed(const QString& dataDir, int n, int h, int w)
{
    QStringList files = QDir(dataDir + "/images/val").entryList({"*.jpg", "*.png"}, QDir::Files, QDir::Name);
    std::vector<torch::Tensor> xs;
    for (int i = 0; i < n; ++i) {
        Sample s;
        s.image = cv::imread((dataDir + "/images/val/" + files.at(i % files.size())).toStdString(), cv::IMREAD_COLOR);
        s.origH = s.image.rows;
        s.origW = s.image.cols;
        Sample lb = letterbox(s, h, w, /*scaleUp=*/true);
        cv::Mat rgb;
        cv::cvtColor(lb.image, rgb, cv::COLOR_BGR2RGB);
        xs.push_back(torch::from_blob(rgb.data, {1, h, w, 3}, torch::kUInt8).permute({0, 3, 1, 2}).to(torch::kFloat).div(255));
    }
    return torch::cat(xs, 0).contiguous();
}

// The model exactly as val and predict run a checkpoint.
inline torch::Tensor libtorchOutput(const std::string& weights, const torch::Tensor& x)
{
    auto ck = loadCheckpoint(weights, torch::Device(torch::kCPU));
    if (!ck)
        qFatal("%s", ck.error().toString().c_str());
    DetectionModel& m = inferenceModel(*ck);
    m->eval();
    torch::NoGradGuard ng;
    return m->decode(m->forward(x));
}

// Detections after NMS agree: same count, classes, boxes within 1e-3 px and scores within 1e-4.
inline void compareDetections(const torch::Tensor& a, const torch::Tensor& b, double conf)
{
    const auto da = loss::nonMaxSuppression(a, conf, 0.7, 300);
    const auto db = loss::nonMaxSuppression(b, conf, 0.7, 300);
    QCOMPARE(da.size(), db.size());
    int64_t total = 0;
    for (size_t i = 0; i < da.size(); ++i) {
        QCOMPARE(da[i].size(0), db[i].size(0));
        total += da[i].size(0);
        if (da[i].size(0) == 0)
            continue;
        QVERIFY(da[i].select(1, 5).equal(db[i].select(1, 5)));
        QVERIFY2((da[i].narrow(1, 0, 4) - db[i].narrow(1, 0, 4)).abs().max().item<double>() < 1e-3, "boxes differ");
        QVERIFY2((da[i].select(1, 4) - db[i].select(1, 4)).abs().max().item<double>() < 1e-4, "scores differ");
    }
    QVERIFY2(total > 0, "no detections to compare");
}

// A confidence threshold that keeps about the `k` best scores of the batch: detections to compare, away from
// the noise of ties between thousands of untrained scores.
inline double topKConfidence(const torch::Tensor& pred, int64_t k)
{
    const torch::Tensor scores = std::get<0>(pred.narrow(1, 4, pred.size(1) - 4).max(1)).flatten();
    return std::get<0>(scores.topk(std::min<int64_t>(k, scores.numel()))).min().item<double>() - 1e-4;
}

// The initializers no node reads, space-separated ("" when none): ONNX Runtime warns about each one.
inline std::string unusedInitializers(const onnx::Model& m)
{
    std::set<std::string> used;
    for (const auto& n : m.graph.nodes)
        used.insert(n.inputs.begin(), n.inputs.end());
    std::string unused;
    for (const auto& t : m.graph.initializers)
        if (!used.count(t.name))
            unused += (unused.empty() ? "" : " ") + t.name;
    return unused;
}

}  // namespace ys::test

// Exports or fails the test function with the error.
#define EXPORT(summary, options)                                                                                   \
    auto summary##Result = exportOnnx(options);                                                                    \
    QVERIFY2(summary##Result.ok(), summary##Result ? "" : summary##Result.error().toString().c_str());            \
    const ExportSummary summary = *summary##Result

// Skips a test function of a class with a `fixtures_` folder when ../shared/fixtures/ultralytics is absent.
#define REQUIRE_FIXTURES()                                                                                         \
    do {                                                                                                           \
        if (fixtures_.isEmpty())                                                                                   \
            QSKIP("../shared/fixtures/ultralytics not found");                                                     \
    } while (0)
