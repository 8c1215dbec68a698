// ONNX export (core/export): each family's graph through OpenCV DNN against LibTorch on the demo dataset's
// val images (raw output and detections after NMS), the Ultralytics fixtures' reference outputs, val of an
// exported file against val of its .pt, every opset, rectangular sizes and batches, dynamic and float16 graphs
// (through onnxeval.h, an interpreter written from the ONNX specification), the checker catching broken
// graphs, the metadata, and bad input.
#include "export/export.h"
#include "export/internal/onnxgraph.h"
#include "onnx/info.h"
#include "onnx/metadata.h"
#include "onnx/model.h"
#include "report/reportdata.h"

#include "augment/transforms.h"
#include "common/fileutil.h"
#include "data/demo.h"
#include "eval/internal/nms.h"
#include "train/internal/checkpoint.h"
#include "train/trainer.h"

#include "archivewriter.h"
#include "fixtures.h"
#include "exportsupport.h"
#include "onnxeval.h"
#include "testsupport.h"

#include <QDir>
#include <QRegularExpression>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include <unistd.h>

using namespace ys;
using namespace ys::test;
namespace fs = std::filesystem;

namespace {

// yolov9e's layout (two backbones joined by CBLinear/CBFuse) at 1/8 of its widths (channels stay multiples
// of 8, as the parser rounds them): the same graph, small.
std::string tinyYolov9e()
{
    const std::string text = builtinModelYaml("yolov9e.yaml");
    std::string out;
    std::istringstream in(text);
    std::string line;
    const std::regex number(R"(\b(64|128|256|512|1024)\b)");
    while (std::getline(in, line)) {
        if (line.find("- [") != std::string::npos) {
            std::string replaced;
            auto begin = std::sregex_iterator(line.begin(), line.end(), number);
            size_t last = 0;
            for (auto it = begin; it != std::sregex_iterator(); ++it) {
                replaced += line.substr(last, size_t(it->position()) - last) + std::to_string(std::stoi(it->str()) / 8);
                last = size_t(it->position() + it->length());
            }
            line = replaced + line.substr(last);
        }
        out += line + "\n";
    }
    return out;
}

}  // namespace

class TestExport : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString fixtures_;
    QString demoDir_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(tmp_.isValid());
        fixtures_ = test::ultralyticsFixtures();
        demoDir_ = tmp_.path() + "/demo";
        auto yaml = writeDemoDataset(demoDir_.toStdString());   // the fixtures' dataset (seed 1)
        QVERIFY2(yaml.ok(), yaml ? "" : yaml.error().toString().c_str());
    }

    // Each family at n and s scale: the exported file loads in OpenCV 4.6, gives LibTorch's raw output within
    // 1e-3 on letterboxed demo val images and the same detections after NMS; the checker passed.
    void familiesMatchLibTorch_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("imgsz");
        QTest::newRow("yolov8n") << "yolov8n.yaml" << 160;
        QTest::newRow("yolov8s") << "yolov8s.yaml" << 96;
        QTest::newRow("yolo11n") << "yolo11n.yaml" << 160;
        QTest::newRow("yolo11s") << "yolo11s.yaml" << 96;
        QTest::newRow("yolov9t") << "yolov9t.yaml" << 160;
        QTest::newRow("yolov9s") << "yolov9s.yaml" << 96;
        QTest::newRow("yolov9e layout (CBLinear, CBFuse)") << "tiny-yolov9e" << 64;
    }
    void familiesMatchLibTorch()
    {
        QFETCH(QString, model);
        QFETCH(int, imgsz);
        auto spec = model == "tiny-yolov9e" ? parseModelSpec(tinyYolov9e(), "tiny-yolov9e.yaml", 5)
                                            : loadModelSpec(model.toStdString(), 5);
        QVERIFY2(spec.ok(), spec ? "" : spec.error().toString().c_str());
        const std::string pt = randomCheckpoint(*spec, imgsz, (tmp_.path() + "/" + model + ".pt").toStdString(), 7);
        ExportOptions o;
        o.weights = pt;
        o.batch = 2;
        EXPORT(s, o);
        QCOMPARE(s.path, fs::absolute(defaultExportPath(pt)).string());
        QVERIFY(s.onnxChecked);
        QVERIFY(s.openCvChecked);
        QCOMPARE(s.imgszH, imgsz);   // the training size by default
        QCOMPARE(s.inputShape, "[2, 3, " + std::to_string(imgsz) + ", " + std::to_string(imgsz) + "]");

        const torch::Tensor x = letterboxed(demoDir_, 2, imgsz, imgsz);
        const torch::Tensor ref = libtorchOutput(pt, x);
        const std::string bytes = readAll(s.path);
        const torch::Tensor cv = runOpenCv(bytes, x);
        QCOMPARE(cv.sizes(), ref.sizes());
        const double diff = (cv - ref).abs().max().item<double>();
        qInfo("%s: max |OpenCV - LibTorch| = %.2e, %d nodes, %.1f MB", qPrintable(model), diff, s.nodes, s.bytes / 1e6);
        QVERIFY2(diff < 1e-3, std::to_string(diff).c_str());
        compareDetections(ref, cv, topKConfidence(ref, 40));
        // A second reading, from the ONNX specification: the graph means what LibTorch computes.
        auto parsed = onnx::parseModel(bytes);
        QVERIFY(parsed.ok());
        const torch::Tensor spec2 = test::runOnnx(*parsed, {{"images", x}}).at("output0");
        QVERIFY((spec2 - ref).abs().max().item<double>() < 1e-3);
    }

    // Ultralytics' checkpoints export and reproduce the outputs Ultralytics computed (input.f32 -> output.f32).
    void ultralyticsFixturesReproduceReference_data()
    {
        QTest::addColumn<QString>("folder");
        for (const char* f : {"coco128-yolov8n", "demo-yolov8n", "demo-yolo11n", "demo-yolov9t"})
            QTest::newRow(f) << f;
    }
    void ultralyticsFixturesReproduceReference()
    {
        REQUIRE_FIXTURES();
        QFETCH(QString, folder);
        const QString dir = fixtures_ + "/" + folder;
        const auto io = test::ioJson(dir);
        const auto shape = io["input_shape"].get<std::vector<int64_t>>();
        ExportOptions o;
        o.weights = (dir + "/best.pt").toStdString();
        o.out = (tmp_.path() + "/" + folder + ".onnx").toStdString();
        o.batch = static_cast<int>(shape[0]);
        o.imgszH = o.imgszW = io["imgsz"].get<int>();
        EXPORT(s, o);
        std::vector<float> in = test::readFloats(dir + "/input.f32");
        std::vector<float> ref = test::readFloats(dir + "/output.f32");
        const torch::Tensor x = torch::from_blob(in.data(), shape, torch::kFloat).clone();
        const auto oshape = io["output_shape"].get<std::vector<int64_t>>();
        const torch::Tensor expected = torch::from_blob(ref.data(), oshape, torch::kFloat).clone();
        const torch::Tensor got = runOpenCv(readAll(s.path), x);
        QCOMPARE(got.sizes().vec(), oshape);
        const int64_t nc = oshape[1] - 4;
        const double boxDiff = (got.narrow(1, 0, 4) - expected.narrow(1, 0, 4)).abs().max().item<double>();
        const double clsDiff = (got.narrow(1, 4, nc) - expected.narrow(1, 4, nc)).abs().max().item<double>();
        qInfo("%s: max |OpenCV - Ultralytics|: boxes %.2e px, scores %.2e", qPrintable(folder), boxDiff, clsDiff);
        QVERIFY2(boxDiff < 1e-3, std::to_string(boxDiff).c_str());
        QVERIFY2(clsDiff < 1e-4, std::to_string(clsDiff).c_str());
        // The names Ultralytics stored, in its own metadata format.
        std::vector<std::string> names;
        for (const auto& [k, v] : io["names"].items())
            names.push_back(v.get<std::string>());
        QCOMPARE(s.names, names);
        if (folder.startsWith("demo")) {   // trained: real detections, the same after NMS
            compareDetections(expected, got, 0.05);
        }
    }

    // val of the exported file equals val of the .pt (same square letterbox) within 1e-3 mAP50-95.
    void valOfOnnxEqualsValOfPt_data()
    {
        QTest::addColumn<QString>("folder");
        for (const char* f : {"demo-yolov8n", "demo-yolo11n", "demo-yolov9t"})
            QTest::newRow(f) << f;
    }
    void valOfOnnxEqualsValOfPt()
    {
        REQUIRE_FIXTURES();
        QFETCH(QString, folder);
        ExportOptions o;
        o.weights = (fixtures_ + "/" + folder + "/best.pt").toStdString();
        o.out = (tmp_.path() + "/val-" + folder + ".onnx").toStdString();
        o.verify = false;   // the val itself compares
        EXPORT(s, o);
        QCOMPARE(s.imgszH, 320);
        ValOptions v;
        v.data = (demoDir_ + "/data.yaml").toStdString();
        v.rect = false;
        v.batch = 16;
        v.weights = o.weights;
        std::vector<std::string> ptLog, onnxLog;
        auto pt = validateWeights(v, [&](const std::string& l) { ptLog.push_back(l); });
        QVERIFY2(pt.ok(), pt ? "" : pt.error().toString().c_str());
        v.weights = s.path;
        auto ox = validateWeights(v, [&](const std::string& l) { onnxLog.push_back(l); });
        QVERIFY2(ox.ok(), ox ? "" : ox.error().toString().c_str());
        qInfo("%s: mAP50-95 .pt %.5f .onnx %.5f; mAP50 %.5f / %.5f", qPrintable(folder), pt->metrics.map50_95,
              ox->metrics.map50_95, pt->metrics.map50, ox->metrics.map50);
        QVERIFY(pt->metrics.map50_95 > 0.05);   // trained: something to compare
        QCOMPARE(ox->images, pt->images);
        QVERIFY(std::fabs(ox->metrics.map50_95 - pt->metrics.map50_95) < 1e-3);
        QVERIFY(std::fabs(ox->metrics.map50 - pt->metrics.map50) < 1e-3);
        QVERIFY(QString::fromStdString(onnxLog.front()).startsWith("OpenCV"));
        QVERIFY(QString::fromStdString(ptLog.front()).startsWith("LibTorch"));
        // A static file runs at its own size only.
        v.imgsz = 640;
        auto wrong = validateWeights(v);
        QVERIFY(!wrong.ok());
        QCOMPARE(wrong.error().code, std::string("onnx.imgsz"));
    }

    // predict() and predictImages() take the .onnx too (same letterbox and NMS as a .pt at the same size).
    void predictRunsOnnx()
    {
        REQUIRE_FIXTURES();
        const std::string pt = (fixtures_ + "/demo-yolov8n/best.pt").toStdString();
        ExportOptions o;
        o.weights = pt;
        o.out = (tmp_.path() + "/predict.onnx").toStdString();
        o.verify = false;
        EXPORT(s, o);
        std::vector<RgbImage> images;
        for (const QString& f : QDir(demoDir_ + "/images/val").entryList({"*.jpg"}, QDir::Files, QDir::Name).mid(0, 6)) {
            cv::Mat bgr = cv::imread((demoDir_ + "/images/val/" + f).toStdString()), rgb;
            // Square images: the .pt's minimal padding and the static file's square letterbox are the same.
            cv::resize(bgr, bgr, cv::Size(320, 320));
            cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
            images.push_back({rgb.cols, rgb.rows, std::vector<uint8_t>(rgb.data, rgb.data + rgb.total() * 3)});
        }
        PredictImagesOptions po;
        po.conf = 0.05;
        po.weights = pt;
        auto a = predictImages(po, images);
        po.weights = s.path;
        auto b = predictImages(po, images);
        QVERIFY2(a.ok() && b.ok(), b ? "" : b.error().toString().c_str());
        size_t total = 0;
        for (size_t i = 0; i < images.size(); ++i) {
            QCOMPARE((*b)[i].size(), (*a)[i].size());
            total += (*a)[i].size();
            for (size_t k = 0; k < (*a)[i].size(); ++k) {
                QCOMPARE((*b)[i][k].cls, (*a)[i][k].cls);
                QVERIFY(std::fabs((*b)[i][k].x1 - (*a)[i][k].x1) < 1e-2);
                QVERIFY(std::fabs((*b)[i][k].conf - (*a)[i][k].conf) < 1e-4);
            }
        }
        QVERIFY(total > 0);
        PredictOptions p;
        p.weights = s.path;
        p.source = (demoDir_ + "/images/val").toStdString();
        p.out = (tmp_.path() + "/pred").toStdString();
        p.saveImages = false;
        auto r = predict(p);
        QVERIFY2(r.ok(), r ? "" : r.error().toString().c_str());
        QCOMPARE(r->images, 60);
        QVERIFY(QFileInfo::exists(tmp_.path() + "/pred/labels/val_0000.txt"));
    }

    // Every opset 11..17, a rectangular input and a batch of 3: OpenCV 4.6 reads each and agrees with LibTorch
    // (the export runs that comparison itself), and the ONNX checker passes at that opset.
    void opsetsAndLayouts_data()
    {
        QTest::addColumn<int>("opset");
        QTest::addColumn<int>("h");
        QTest::addColumn<int>("w");
        QTest::addColumn<int>("batch");
        for (int opset = 11; opset <= 17; ++opset)
            QTest::newRow(qPrintable(QString("opset %1").arg(opset))) << opset << 64 << 64 << 1;
        QTest::newRow("64x96 batch 3") << 12 << 64 << 96 << 3;
        QTest::newRow("96x64 opset 17") << 17 << 96 << 64 << 1;
    }
    void opsetsAndLayouts()
    {
        QFETCH(int, opset);
        QFETCH(int, h);
        QFETCH(int, w);
        QFETCH(int, batch);
        const std::string pt = (tmp_.path() + "/layouts.pt").toStdString();
        if (!QFileInfo::exists(QString::fromStdString(pt)))
            randomCheckpoint(*loadModelSpec("yolo11n.yaml", 3), 64, pt, 11);   // attention + unequal splits
        ExportOptions o;
        o.weights = pt;
        o.opset = opset;
        o.imgszH = h;
        o.imgszW = w;
        o.batch = batch;
        o.out = (tmp_.path() + "/layouts.onnx").toStdString();
        EXPORT(s, o);
        QVERIFY(s.openCvChecked && s.onnxChecked);
        QVERIFY(s.maxAbsDiff >= 0 && s.maxAbsDiff < 1e-3);
        QVERIFY(s.maxScoreDiff >= 0 && s.maxScoreDiff < 1e-5);
        QCOMPARE(s.anchors, (h / 8) * (w / 8) + (h / 16) * (w / 16) + (h / 32) * (w / 32));
        auto m = onnx::readModel(s.path);
        QVERIFY(m.ok());
        QCOMPARE(m->opset, int64_t(opset));
        QCOMPARE(m->irVersion, onnx::irVersionForOpset(opset));
        for (const auto& n : m->graph.nodes) {
            QVERIFY2(opset < 13 || n.opType != "Split" || n.inputs.size() == 1, "Split with sizes at opset >= 13");
            QVERIFY2(n.opType != "Split" || opset < 13 || !n.attribute("split"), "split attribute at opset >= 13");
        }
        const torch::Tensor x = letterboxed(demoDir_, batch, h, w);
        const torch::Tensor ref = libtorchOutput(pt, x);
        QVERIFY((test::runOnnx(*m, {{"images", x}}).at("output0") - ref).abs().max().item<double>() < 1e-3);
    }

    // dynamic=true: named dims, anchors from the input's shape; runs at other batches and sizes (checked with
    // the interpreter: OpenCV 4.6 does not read such graphs, and the export says so).
    void dynamicGraphRunsAtAnySize()
    {
        const std::string pt = (tmp_.path() + "/dynamic.pt").toStdString();
        randomCheckpoint(*loadModelSpec("yolov9t.yaml", 4), 64, pt, 5);
        ExportOptions o;
        o.weights = pt;
        o.dynamic = true;
        o.opset = 17;
        EXPORT(s, o);
        QVERIFY(s.onnxChecked);
        QVERIFY(!s.openCvChecked);
        QVERIFY(!s.openCvNote.empty());
        QCOMPARE(s.inputShape, std::string("[batch, 3, height, width]"));
        QCOMPARE(s.outputShape, std::string("[batch, 8, anchors]"));
        auto m = onnx::readModel(s.path);
        QVERIFY(m.ok());
        QCOMPARE(unusedInitializers(*m), std::string());
        for (auto [b, h, w] : {std::tuple{2, 64, 96}, std::tuple{1, 128, 128}, std::tuple{3, 32, 32}}) {
            const torch::Tensor x = letterboxed(demoDir_, b, h, w);
            const torch::Tensor ref = libtorchOutput(pt, x);
            const torch::Tensor got = test::runOnnx(*m, {{"images", x}}).at("output0");
            QCOMPARE(got.sizes(), ref.sizes());
            QVERIFY2((got - ref).abs().max().item<double>() < 1e-3, qPrintable(QString("%1x%2").arg(h).arg(w)));
        }
        bool refused = false;
        try {
            runOpenCv(readAll(s.path), letterboxed(demoDir_, 1, 64, 64));
        } catch (const std::exception&) {
            refused = true;
        }
        QVERIFY2(refused, "OpenCV reads dynamic graphs now: update export --help and OnnxDetector");
    }

    // half=true: float16 initializers, input and output (Resize's scales stay float32, as the spec wants);
    // the checker's strict type inference passes and the graph computes the model with float16 weights.
    void halfGraph()
    {
        REQUIRE_FIXTURES();
        auto ck = loadCheckpoint((fixtures_ + "/demo-yolo11n/best.pt").toStdString(), torch::Device(torch::kCPU));
        QVERIFY(ck.ok());
        DetectionModel& model = inferenceModel(*ck);
        model->eval();
        const torch::Tensor x = letterboxed(demoDir_, 1, 96, 96);
        torch::Tensor ref;
        {
            torch::NoGradGuard ng;
            ref = model->decode(model->forward(x));
            model->fuse();
        }
        OnnxGraphOptions go;
        go.height = go.width = 96;
        go.half = true;
        onnx::DetectorMetadata meta;
        meta.names = ck->meta.names;
        const onnx::Model m = buildOnnxModel(*model, go, meta);
        QCOMPARE(m.graph.inputs[0].type, onnx::ElemType::Float16);
        QCOMPARE(m.graph.outputs[0].type, onnx::ElemType::Float16);
        for (const auto& t : m.graph.initializers)
            QVERIFY2(t.type != onnx::ElemType::Float || t.name.find("/scales") != std::string::npos ||
                         t.name.find("/roi") != std::string::npos,
                     t.name.c_str());
        const std::string bytes = onnx::serialize(m);
        const auto problem = checkOnnxBytes(bytes);
        QVERIFY2(!problem, problem ? problem->c_str() : "");
        const torch::Tensor got = test::runOnnx(m, {{"images", x}}).at("output0");
        const double boxDiff = (got.narrow(1, 0, 4) - ref.narrow(1, 0, 4)).abs().max().item<double>();
        const double clsDiff = (got.narrow(1, 4, got.size(1) - 4) - ref.narrow(1, 4, ref.size(1) - 4)).abs().max().item<double>();
        qInfo("float16 weights: max diff boxes %.3f px, scores %.4f", boxDiff, clsDiff);
        QVERIFY(boxDiff < 1.0 && clsDiff < 0.01);
        ExportOptions o;   // and the CLI's rule: float16 files need a CUDA device
        o.weights = (fixtures_ + "/demo-yolo11n/best.pt").toStdString();
        o.half = true;
        auto r = exportOnnx(o);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, std::string("export.half_cpu"));
    }

    // The metadata is Ultralytics': names as a Python dict literal, stride, imgsz, task, batch, version, date.
    void metadataAsUltralyticsWritesIt()
    {
        const std::string pt = (tmp_.path() + "/meta.pt").toStdString();
        randomCheckpoint(*loadModelSpec("yolov8n.yaml", 3), 64, pt, 3);
        ExportOptions o;
        o.weights = pt;
        o.imgszH = 64;
        o.imgszW = 128;
        EXPORT(s, o);
        auto m = onnx::readModel(s.path);
        QVERIFY(m.ok());
        QCOMPARE(m->producerName, std::string("YOLO Studio"));
        QCOMPARE(m->irVersion, int64_t(7));
        QCOMPARE(m->opset, int64_t(12));
        QCOMPARE(m->graph.inputs.size(), size_t(1));
        QCOMPARE(m->graph.inputs[0].name, std::string("images"));
        QCOMPARE(m->graph.inputs[0].shapeText(), std::string("[1, 3, 64, 128]"));
        QCOMPARE(m->graph.outputs[0].name, std::string("output0"));
        QCOMPARE(m->graph.outputs[0].shapeText(), std::string("[1, 7, 168]"));
        QCOMPARE(*m->meta("names"), std::string("{0: 'class 0', 1: \"class 1 it's\", 2: 'class 2'}"));
        QCOMPARE(*m->meta("stride"), std::string("32"));
        QCOMPARE(*m->meta("imgsz"), std::string("[64, 128]"));
        QCOMPARE(*m->meta("task"), std::string("detect"));
        QCOMPARE(*m->meta("batch"), std::string("1"));
        QVERIFY(m->meta("version") && !m->meta("version")->empty());
        QVERIFY(QRegularExpression("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d")
                    .match(QString::fromStdString(*m->meta("date"))).hasMatch());
        QVERIFY(m->meta("description")->find("YOLOv8n") != std::string::npos);
        QVERIFY(m->meta("args")->find("'opset': 12") != std::string::npos);
        // Conv + BatchNorm folded: no BatchNorm, and SiLU as Sigmoid * Mul.
        int convs = 0, sigmoids = 0;
        for (const auto& n : m->graph.nodes) {
            QVERIFY(n.opType != "BatchNormalization");
            convs += n.opType == "Conv";
            sigmoids += n.opType == "Sigmoid";
        }
        auto ck = loadCheckpoint(pt, torch::Device(torch::kCPU));
        QVERIFY(ck.ok());
        int modelConvs = 0;   // every Conv module, and the head's two output convolutions per level
        for (const auto& mod : inferenceModel(*ck)->modules(false))
            modelConvs += dynamic_cast<ConvImpl*>(mod.get()) != nullptr;
        QCOMPARE(convs, modelConvs + 2 * 3);
        QVERIFY(sigmoids > 50);
        // The anchors and strides are initializers, never an op of two constants.
        std::set<std::string> constants;
        for (const auto& t : m->graph.initializers)
            constants.insert(t.name);
        for (const auto& n : m->graph.nodes)
            if (n.inputs.size() == 2 && (n.opType == "Add" || n.opType == "Sub" || n.opType == "Mul"))
                QVERIFY2(!(constants.count(n.inputs[0]) && constants.count(n.inputs[1])), n.name.c_str());
    }

    // What the report and the studio read back from an exported file (no weights' values parsed).
    void describesExportedFiles()
    {
        const std::string run = (tmp_.path() + "/run").toStdString();
        fs::create_directories(run + "/weights");
        const std::string pt = randomCheckpoint(*loadModelSpec("yolov8n.yaml", 2), 64, run + "/weights/best.pt", 2);
        ExportOptions o;
        o.weights = pt;
        o.verify = false;
        EXPORT(s, o);
        QCOMPARE(s.path, fs::absolute(run + "/weights/best.onnx").string());
        o.dynamic = true;
        o.opset = 17;
        o.out = run + "/weights/best-dynamic.onnx";
        EXPORT(d, o);
        QVERIFY(test::writeText(QString::fromStdString(run + "/weights/broken.onnx"), "not onnx"));
        const report::ExportFacts facts = report::readExports(run);
        QCOMPARE(facts.files.size(), size_t(2));
        QCOMPARE(facts.errors.size(), size_t(1));
        QCOMPARE(facts.errors[0].file, run + "/weights/broken.onnx");
        const onnx::OnnxFileInfo& a = facts.files[1];   // best.onnx sorts after best-dynamic.onnx
        QCOMPARE(a.path, run + "/weights/best.onnx");
        QCOMPARE(a.inputName, std::string("images"));
        QCOMPARE(a.inputShape, std::string("[1, 3, 64, 64]"));
        QCOMPARE(a.inputType, std::string("float32"));
        QCOMPARE(a.outputShape, std::string("[1, 6, 84]"));
        QCOMPARE(a.opset, int64_t(12));
        QVERIFY(!a.dynamic);
        QCOMPARE(a.bytes, s.bytes);
        QCOMPARE(a.parameters, s.parameters);
        QCOMPARE(a.metadata.names, (std::vector<std::string>{"class 0", "class 1 it's"}));
        QVERIFY(a.producer.rfind("YOLO Studio", 0) == 0);
        QVERIFY(a.modified > 0);
        const onnx::OnnxFileInfo& b = facts.files[0];
        QVERIFY(b.dynamic);
        QCOMPARE(b.inputShape, std::string("[batch, 3, height, width]"));
        QCOMPARE(b.opset, int64_t(17));
    }

    // The checker is no formality: broken graphs fail it.
    void checkerRejectsBrokenGraphs()
    {
        const std::string pt = (tmp_.path() + "/check.pt").toStdString();
        randomCheckpoint(*loadModelSpec("yolov8n.yaml", 2), 32, pt, 1);
        ExportOptions o;
        o.weights = pt;
        o.verify = false;
        EXPORT(s, o);
        auto good = onnx::readModel(s.path);
        QVERIFY(good.ok());
        QVERIFY(!checkOnnxBytes(onnx::serialize(*good)));
        auto broken = [&](auto change) {
            onnx::Model m = *good;
            change(m);
            return checkOnnxBytes(onnx::serialize(m));
        };
        auto firstOf = [](onnx::Model& m, const char* op) -> onnx::Node& {
            for (auto& n : m.graph.nodes)
                if (n.opType == op)
                    return n;
            throw std::runtime_error("no such node");
        };
        QVERIFY(broken([&](onnx::Model& m) { firstOf(m, "Conv").opType = "Convolve"; }));          // unknown op
        QVERIFY(broken([&](onnx::Model& m) { firstOf(m, "Sigmoid").inputs[0] = "nowhere"; }));    // undefined input
        QVERIFY(broken([&](onnx::Model& m) { m.opset = 9; }));                                     // Resize-11 at 9
        QVERIFY(broken([&](onnx::Model& m) {                                                         // shapes clash
            m.graph.initializers.push_back({"bad", onnx::ElemType::Float, {1, 3, 7}, std::string(84, '\0')});
            firstOf(m, "Add").inputs[1] = "bad";
        }));
    }

    // Bad input: a one-line error each, with its file, and nothing written.
    void badInputs()
    {
        REQUIRE_FIXTURES();
        const std::string pt = (fixtures_ + "/demo-yolov8n/best.pt").toStdString();
        auto errorOf = [&](auto change) {
            ExportOptions o;
            o.weights = pt;
            o.out = (tmp_.path() + "/bad/out.onnx").toStdString();
            change(o);
            auto r = exportOnnx(o);
            return r.ok() ? Error{"ok", "", "", 0, 0} : r.error();
        };
        QDir().mkpath(tmp_.path() + "/bad");
        Error e = errorOf([](ExportOptions& o) { o.imgszH = o.imgszW = 300; });
        QCOMPARE(e.code, std::string("export.options"));
        QVERIFY2(e.message.find("not a multiple of the model's largest stride 32: use 288 or 320") != std::string::npos,
                 e.message.c_str());
        QCOMPARE(errorOf([](ExportOptions& o) { o.half = true; }).code, std::string("export.half_cpu"));
        QCOMPARE(errorOf([](ExportOptions& o) { o.opset = 18; }).code, std::string("export.options"));
        QCOMPARE(errorOf([](ExportOptions& o) { o.batch = 0; }).code, std::string("export.options"));
        QCOMPARE(errorOf([](ExportOptions& o) { o.format = "engine"; }).code, std::string("export.options"));
        QCOMPARE(errorOf([](ExportOptions& o) { o.weights = "/nonexistent/best.pt"; }).code, std::string("weights.missing"));
        // Unwritable: a folder as the output, a folder that is a file (root ignores permissions, a file does not).
        QCOMPARE(errorOf([&](ExportOptions& o) { o.out = tmp_.path().toStdString(); }).code, std::string("export.write"));
        QVERIFY(test::writeText(tmp_.path() + "/afile", "x"));
        e = errorOf([&](ExportOptions& o) { o.out = (tmp_.path() + "/afile/out.onnx").toStdString(); });
        QCOMPARE(e.code, std::string("export.write"));
        QCOMPARE(e.file, (tmp_.path() + "/afile/out.onnx").toStdString());
        if (::geteuid() != 0) {
            QDir().mkpath(tmp_.path() + "/ro");
            QFile::setPermissions(tmp_.path() + "/ro", QFileDevice::ReadOwner | QFileDevice::ExeOwner);
            QCOMPARE(errorOf([&](ExportOptions& o) { o.out = (tmp_.path() + "/ro/x.onnx").toStdString(); }).code,
                     std::string("export.write"));
        }
        // Not a detector: the fixture with its head renamed Segment.
        test::Records records = test::readArchive(pt);
        std::string* pkl = test::findRecord(records, "data.pkl");
        QVERIFY(pkl);
        const std::string from = "ultralytics.nn.modules.head\nDetect\n";
        const size_t at = pkl->find(from);
        QVERIFY(at != std::string::npos);
        pkl->replace(at, from.size(), "ultralytics.nn.modules.head\nSegment\n");
        const std::string seg = (tmp_.path() + "/seg.pt").toStdString();
        QVERIFY(test::writeArchive(seg, records));
        e = errorOf([&](ExportOptions& o) { o.weights = seg; });
        QCOMPARE(e.code, std::string("export.not_detector"));
        QVERIFY2(e.message.find("segmentation") != std::string::npos, e.message.c_str());
        QCOMPARE(e.file, seg);
        QCOMPARE(QDir(tmp_.path() + "/bad").entryList(QDir::Files | QDir::Hidden | QDir::System).size(), 0);
    }

    // Cancel between stages: an error, and no file (nor a temporary one) left behind.
    void cancelLeavesNothing()
    {
        REQUIRE_FIXTURES();
        QDir().mkpath(tmp_.path() + "/cancel");
        ExportOptions o;
        o.weights = (fixtures_ + "/demo-yolov8n/best.pt").toStdString();
        o.out = (tmp_.path() + "/cancel/x.onnx").toStdString();
        CancelToken cancel;
        std::vector<ProgressStage> stages;
        auto r = exportOnnx(o, [&](const Progress& p) {
            stages.push_back(p.stage);
            if (p.stage == ProgressStage::ExportGraph && p.done == 1)
                cancel.cancel();
        }, cancel);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, std::string("export.cancelled"));
        QCOMPARE(QDir(tmp_.path() + "/cancel").entryList(QDir::Files | QDir::Hidden).size(), 0);
        QVERIFY(stages.front() == ProgressStage::ExportLoad);
    }
};

QTEST_GUILESS_MAIN(TestExport)
#include "test_export.moc"
