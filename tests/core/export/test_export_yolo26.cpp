// ONNX export of YOLO26 (core/export): the default file (one-to-many head, [B, 4 + nc, A], C3k2's attention
// blocks, reg_max 1 without DFL) through OpenCV DNN against LibTorch and Ultralytics 8.4's output; the
// end-to-end file (nms=false: one-to-one head and its top-k, [B, k, 6]) through ONNX's checker and onnxeval.h
// (an interpreter written from the ONNX specification: OpenCV 4.6 has no TopK) against the same selection in
// LibTorch (agnostic_nms: one row per anchor); its metadata, and the errors of nms=false on a model without
// one-to-one branches.
#include "export/export.h"
#include "export/internal/onnxgraph.h"
#include "onnx/model.h"

#include "exportsupport.h"
#include "fixtures.h"
#include "onnxeval.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <tuple>

using namespace ys;
using namespace ys::test;
namespace fs = std::filesystem;

namespace {

// The end-to-end selection in LibTorch, written from Ultralytics 8.4's Detect.postprocess: `decoded`
// [B, 4 + nc, A] (cx, cy, w, h, class sigmoids; decode() of the one-to-one branches) -> [B, k, 6] x1, y1, x2, y2,
// score, class: the k anchors with the highest best-class score, then the k best (anchor, class) pairs among
// them, by score; agnostic (agnostic_nms), the k anchors with the highest best-class score, each with that class.
torch::Tensor endToEndDetections(const torch::Tensor& decoded, int64_t k, bool agnostic = false)
{
    const int64_t nc = decoded.size(1) - 4;
    const torch::Tensor centre = decoded.narrow(1, 0, 2), half = decoded.narrow(1, 2, 2) / 2;
    const torch::Tensor boxes = torch::cat({centre - half, centre + half}, 1).transpose(1, 2);   // [B, A, 4]
    const torch::Tensor scores = decoded.narrow(1, 4, nc).transpose(1, 2);                       // [B, A, nc]
    if (agnostic) {
        auto [best, label] = scores.max(2);
        auto [top, anchor] = best.topk(k, 1);
        const torch::Tensor box = boxes.gather(1, anchor.unsqueeze(2).expand({-1, -1, 4}));
        return torch::cat({box, top.unsqueeze(2), label.gather(1, anchor).unsqueeze(2).to(decoded.scalar_type())}, 2);
    }
    const torch::Tensor anchorIndex = std::get<1>(std::get<0>(scores.max(2)).topk(k, 1));          // [B, k]
    const torch::Tensor candidates = scores.gather(1, anchorIndex.unsqueeze(2).expand({-1, -1, nc}));
    auto [top, flat] = candidates.flatten(1).topk(k, 1);
    const torch::Tensor anchor = anchorIndex.gather(1, flat.div(nc, "floor"));
    const torch::Tensor box = boxes.gather(1, anchor.unsqueeze(2).expand({-1, -1, 4}));
    return torch::cat({box, top.unsqueeze(2), flat.remainder(nc).unsqueeze(2).to(decoded.scalar_type())}, 2);
}

// LibTorch's end-to-end rows of a checkpoint on `x`: its one-to-one head decoded, then the selection.
torch::Tensor endToEndReference(const std::string& weights, const torch::Tensor& x, int64_t k, bool agnostic = false)
{
    auto ck = loadCheckpoint(weights, torch::Device(torch::kCPU));
    if (!ck)
        qFatal("%s", ck.error().toString().c_str());
    DetectionModel& m = inferenceModel(*ck);
    m->eval();
    torch::NoGradGuard ng;
    return endToEndDetections(m->decode(m->forwardHeads(x).one), k, agnostic);
}

// Two [B, k, 6] end-to-end outputs hold the same detections: every row of `ref` above its image's last score
// (rows whose rank a float32 rounding can swap with the first row left out) is in `got` with the same class,
// box within `boxTol` px and score within 1e-4; `got` is sorted by score. Returns the rows compared.
int64_t compareEndToEnd(const torch::Tensor& got, const torch::Tensor& ref, double boxTol)
{
    if (got.sizes() != ref.sizes())
        qFatal("end-to-end outputs of different shapes");
    int64_t compared = 0;
    for (int64_t b = 0; b < ref.size(0); ++b) {
        const torch::Tensor g = got[b], r = ref[b];
        const torch::Tensor score = g.select(1, 4);
        if (!(score.narrow(0, 0, g.size(0) - 1) >= score.narrow(0, 1, g.size(0) - 1)).all().item<bool>())
            return -1;
        const torch::Tensor keep = r.select(1, 4) > r.select(1, 4).min() + 1e-4;
        const torch::Tensor rows = r.index({keep});   // [n, 6]
        const torch::Tensor d = (rows.unsqueeze(1) - g.unsqueeze(0)).abs();   // [n, k, 6]
        const torch::Tensor same = (std::get<0>(d.narrow(2, 0, 4).max(2)) < boxTol) & (d.select(2, 4) < 1e-4) &
                                   (d.select(2, 5) == 0);
        if (!same.any(1).all().item<bool>())
            return -1;
        compared += rows.size(0);
    }
    return compared;
}

}  // namespace

class TestExportYolo26 : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString fixtures_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(tmp_.isValid());
        fixtures_ = ultralyticsFixtures();
    }

    // The default file of a YOLO26n (random weights): OpenCV 4.6 reads it and gives LibTorch's output; the
    // graph has the attention blocks (Softmax over tokens) and no DFL (reg_max 1: no Softmax in the head).
    void defaultFileMatchesLibTorch()
    {
        auto spec = loadModelSpec("yolo26n.yaml", 3);
        QVERIFY2(spec.ok(), spec ? "" : spec.error().toString().c_str());
        const std::string pt = randomCheckpoint(*spec, 128, (tmp_.path() + "/y26.pt").toStdString(), 11);
        ExportOptions o;
        o.weights = pt;
        o.batch = 2;
        EXPORT(s, o);
        QVERIFY(s.onnxChecked);
        QVERIFY(s.openCvChecked);
        QVERIFY(!s.endToEnd);
        QCOMPARE(s.model, std::string("YOLO26n"));
        QCOMPARE(s.outputShape, std::string("[2, 7, 336]"));
        qInfo("export's own check: boxes %.2e px, scores %.2e", s.maxAbsDiff, s.maxScoreDiff);

        const torch::Tensor x = syntheticImages(2, 128, 128).flip(3).contiguous();   // not the export's own input
        const torch::Tensor ref = libtorchOutput(pt, x);
        const std::string bytes = readAll(s.path);
        const torch::Tensor cv = runOpenCv(bytes, x);
        QCOMPARE(cv.sizes(), ref.sizes());
        const double boxDiff = (cv.narrow(1, 0, 4) - ref.narrow(1, 0, 4)).abs().max().item<double>();
        const double clsDiff = (cv.narrow(1, 4, 3) - ref.narrow(1, 4, 3)).abs().max().item<double>();
        qInfo("yolo26n: max |OpenCV - LibTorch| boxes %.2e px, scores %.2e; %d nodes", boxDiff, clsDiff, s.nodes);
        QVERIFY2(boxDiff < 0.05, std::to_string(boxDiff).c_str());
        QVERIFY2(clsDiff < 1e-3, std::to_string(clsDiff).c_str());
        auto m = onnx::parseModel(bytes);
        QVERIFY(m.ok());
        QVERIFY((test::runOnnx(*m, {{"images", x}}).at("output0") - ref).abs().max().item<double>() < 1e-3);
        int softmax = 0, attention = 0;
        bool oneToOne = false;
        for (const auto& n : m->graph.nodes) {
            softmax += n.opType == "Softmax";
            oneToOne = oneToOne || n.name.find("one2one") != std::string::npos;
        }
        for (const auto& mod : DetectionModel(*spec)->modules(false))
            attention += dynamic_cast<AttentionImpl*>(mod.get()) != nullptr;
        QVERIFY(attention >= 2);   // C2PSA's (layer 10) and C3k2's with attn (layer 22)
        QCOMPARE(softmax, attention);
        QVERIFY(!oneToOne);
        QCOMPARE(unusedInitializers(*m), std::string());
        QCOMPARE(*m->meta("end2end"), std::string("False"));
        QVERIFY2(m->meta("args")->find("'nms': None") != std::string::npos, m->meta("args")->c_str());
    }

    // Ultralytics 8.4's YOLO26n: the default file through OpenCV gives the output Ultralytics computed
    // (input.f32 -> output.f32, its one-to-many head).
    void fixtureReproducesUltralytics()
    {
        REQUIRE_FIXTURES();
        const QString dir = fixtures_ + "/demo-yolo26n";
        const auto io = ioJson(dir);
        const auto shape = io["input_shape"].get<std::vector<int64_t>>();
        const auto oshape = io["output_shape"].get<std::vector<int64_t>>();
        ExportOptions o;
        o.weights = (dir + "/best.pt").toStdString();
        o.out = (tmp_.path() + "/demo-yolo26n.onnx").toStdString();
        o.batch = static_cast<int>(shape[0]);
        o.imgszH = o.imgszW = io["imgsz"].get<int>();
        EXPORT(s, o);
        std::vector<float> in = readFloats(dir + "/input.f32"), out = readFloats(dir + "/output.f32");
        const torch::Tensor x = torch::from_blob(in.data(), shape, torch::kFloat).clone();
        const torch::Tensor expected = torch::from_blob(out.data(), oshape, torch::kFloat).clone();
        const torch::Tensor got = runOpenCv(readAll(s.path), x);
        QCOMPARE(got.sizes().vec(), oshape);
        const int64_t nc = oshape[1] - 4;
        const double boxDiff = (got.narrow(1, 0, 4) - expected.narrow(1, 0, 4)).abs().max().item<double>();
        const double clsDiff = (got.narrow(1, 4, nc) - expected.narrow(1, 4, nc)).abs().max().item<double>();
        qInfo("demo-yolo26n: max |OpenCV - Ultralytics| boxes %.2e px, scores %.2e", boxDiff, clsDiff);
        QVERIFY2(boxDiff < 0.05, std::to_string(boxDiff).c_str());
        QVERIFY2(clsDiff < 1e-3, std::to_string(clsDiff).c_str());
        compareDetections(expected, got, topKConfidence(expected, 20));
    }

    // nms=false on Ultralytics' YOLO26n: [B, 300, 6] from the one-to-one head; ONNX's checker passed, the
    // graph up to the top-k matched LibTorch through OpenCV, and the whole graph (read from the ONNX
    // specification) gives the top-k LibTorch gives; OpenCV 4.6 itself refuses the file (no TopK).
    void endToEndFile()
    {
        REQUIRE_FIXTURES();
        const QString dir = fixtures_ + "/demo-yolo26n";
        const auto shape = ioJson(dir)["input_shape"].get<std::vector<int64_t>>();
        ExportOptions o;
        o.weights = (dir + "/best.pt").toStdString();
        o.out = (tmp_.path() + "/demo-yolo26n-e2e.onnx").toStdString();
        o.batch = static_cast<int>(shape[0]);
        o.imgszH = o.imgszW = static_cast<int>(shape[2]);
        o.endToEnd = true;
        EXPORT(s, o);
        QVERIFY(s.endToEnd && s.onnxChecked && s.openCvChecked);
        QCOMPARE(s.rows, 300);
        QCOMPARE(s.outputShape, std::string("[2, 300, 6]"));
        qInfo("end-to-end up to the top-k: max |OpenCV - LibTorch| boxes %.2e px, scores %.2e", s.maxAbsDiff,
              s.maxScoreDiff);
        auto m = onnx::readModel(s.path);
        QVERIFY(m.ok());
        QCOMPARE(*m->meta("end2end"), std::string("True"));
        QVERIFY2(m->meta("args")->find("'nms': False") != std::string::npos, m->meta("args")->c_str());
        std::vector<float> in = readFloats(dir + "/input.f32");
        const torch::Tensor x = torch::from_blob(in.data(), shape, torch::kFloat).clone();
        const torch::Tensor got = test::runOnnx(*m, {{"images", x}}).at("output0");
        const torch::Tensor ref = endToEndReference(o.weights, x, 300);
        const int64_t rows = compareEndToEnd(got, ref, 1e-3);
        qInfo("end-to-end: %lld rows of 600 compared; best %.4f class %d", static_cast<long long>(rows),
              got[0][0][4].item<double>(), static_cast<int>(got[0][0][5].item<double>()));
        QVERIFY2(rows > 500, std::to_string(rows).c_str());
        bool refused = false;
        try {
            runOpenCv(readAll(s.path), x);
        } catch (const std::exception&) {
            refused = true;
        }
        QVERIFY2(refused, "OpenCV reads TopK now: update export --help (nms=false) and OnnxDetector");
    }

    // The end-to-end file at other shapes: k = min(max_det, anchors) rows, and dynamic files (opset 17) at
    // other batches and sizes; every one against LibTorch's selection.
    void endToEndShapes_data()
    {
        QTest::addColumn<int>("imgsz");
        QTest::addColumn<int>("maxDet");
        QTest::addColumn<bool>("dynamic");
        QTest::addColumn<bool>("agnostic");
        QTest::newRow("64 px: 84 anchors, max_det 300") << 64 << 300 << false << false;
        QTest::newRow("96 px, max_det 20") << 96 << 20 << false << false;
        QTest::newRow("dynamic, max_det 50") << 64 << 50 << true << false;
        QTest::newRow("agnostic_nms, 96 px, max_det 20") << 96 << 20 << false << true;
        QTest::newRow("agnostic_nms, dynamic, max_det 50") << 64 << 50 << true << true;
    }
    void endToEndShapes()
    {
        QFETCH(int, imgsz);
        QFETCH(int, maxDet);
        QFETCH(bool, dynamic);
        QFETCH(bool, agnostic);
        const std::string pt = (tmp_.path() + "/e2e-" + QString::number(imgsz) + ".pt").toStdString();
        randomCheckpoint(*loadModelSpec("yolo26n.yaml", 2), imgsz, pt, 13);
        ExportOptions o;
        o.weights = pt;
        o.endToEnd = true;
        o.maxDet = maxDet;
        o.dynamic = dynamic;
        o.opset = dynamic ? 17 : 12;
        o.agnosticNms = agnostic;
        o.out = pt + (dynamic ? ".dynamic" : "") + (agnostic ? ".agnostic" : "") + ".onnx";
        EXPORT(s, o);
        QVERIFY(s.onnxChecked);
        QCOMPARE(s.openCvChecked, !dynamic);
        const int64_t k = std::min<int64_t>(maxDet, s.anchors);
        QCOMPARE(int64_t(s.rows), k);
        auto m = onnx::readModel(s.path);
        QVERIFY(m.ok());
        QCOMPARE(unusedInitializers(*m), std::string());
        const auto sizes = dynamic ? std::vector<std::tuple<int, int, int>>{{2, 64, 96}, {1, 128, 128}}
                                   : std::vector<std::tuple<int, int, int>>{{1, imgsz, imgsz}};
        for (auto [b, h, w] : sizes) {
            const torch::Tensor x = syntheticImages(b, h, w);
            const torch::Tensor got = test::runOnnx(*m, {{"images", x}}).at("output0");
            QCOMPARE(got.sizes().vec(), (std::vector<int64_t>{b, k, 6}));
            const torch::Tensor ref = endToEndReference(pt, x, k, agnostic);
            const int64_t rows = compareEndToEnd(got, ref, 1e-3);
            QVERIFY2(rows > 0, qPrintable(QString("%1x%2").arg(h).arg(w)));
            // Agnostic, no box comes twice (each anchor gives one row).
            if (agnostic)
                for (int64_t i = 0; i < b; ++i) {
                    const torch::Tensor box = got[i].narrow(1, 0, 4);
                    QCOMPARE((box.unsqueeze(0) == box.unsqueeze(1)).all(2).sum().item<int64_t>(), k);
                }
        }
        QCOMPARE(m->meta("args")->find("'agnostic_nms': True") != std::string::npos, agnostic);
    }

    // float16 end-to-end graphs (half=true, for GPU runtimes; no CUDA here to export one through exportOnnx):
    // the class column is cast to float16, and ONNX's checker with strict type inference passes at opset 12 and 17,
    // with agnostic_nms's ArgMax too.
    void endToEndHalfGraphPassesChecker()
    {
        const std::string pt = (tmp_.path() + "/half.pt").toStdString();
        randomCheckpoint(*loadModelSpec("yolo26n.yaml", 2), 64, pt, 17);
        auto ck = loadCheckpoint(pt, torch::Device(torch::kCPU));
        QVERIFY(ck.ok());
        DetectionModel& model = inferenceModel(*ck);
        model->eval();
        model->fuse();
        for (auto [opset, agnostic] : {std::pair{12, false}, {17, false}, {12, true}, {17, true}}) {
            OnnxGraphOptions go;
            go.head = OnnxHead::EndToEnd;
            go.height = go.width = 64;
            go.half = true;
            go.opset = opset;
            go.agnostic = agnostic;
            const onnx::Model m = buildOnnxModel(*model, go, onnx::DetectorMetadata{});
            QCOMPARE(m.graph.outputs[0].type, onnx::ElemType::Float16);
            QCOMPARE(m.graph.outputs[0].shapeText(), std::string("[1, 84, 6]"));
            const auto problem = checkOnnxBytes(onnx::serialize(m));
            QVERIFY2(!problem, problem ? problem->c_str() : "");
        }
    }

    // nms=false needs one-to-one branches; max_det is checked; agnostic_nms needs nms=false.
    void endToEndErrors()
    {
        const std::string pt = (tmp_.path() + "/v8.pt").toStdString();
        randomCheckpoint(*loadModelSpec("yolov8n.yaml", 2), 64, pt, 3);
        ExportOptions o;
        o.weights = pt;
        o.out = (tmp_.path() + "/v8.onnx").toStdString();
        o.endToEnd = true;
        auto r = exportOnnx(o);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, std::string("export.options"));
        QVERIFY2(r.error().message.find("one-to-one") != std::string::npos, r.error().message.c_str());
        QCOMPARE(r.error().file, pt);
        o.maxDet = 0;
        r = exportOnnx(o);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("max_det") != std::string::npos, r.error().message.c_str());
        o.maxDet = 300;
        o.endToEnd = false;
        o.agnosticNms = true;
        r = exportOnnx(o);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, std::string("export.options"));
        QVERIFY2(r.error().message.find("agnostic_nms") == 0, r.error().message.c_str());
        QVERIFY(!fs::exists(o.out));
    }
};

QTEST_GUILESS_MAIN(TestExportYolo26)
#include "test_export_yolo26.moc"
