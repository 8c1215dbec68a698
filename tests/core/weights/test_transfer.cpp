// Models from checkpoints: every Ultralytics fixture, built from its own YAML with its weights, gives the
// reference's eval output on the fixed batch; the coco128 checkpoint (nc 80) transfers to 5 classes with exactly
// the tensors whose shapes match; a state dict that does not match its YAML is a one-line error; freeze stops
// exactly the layers asked for (and the DFL projection), and frozen tensors stay bit-identical through optimizer
// steps and the EMA.
#include "fixtures.h"

#include "model/freeze.h"
#include "model/internal/ema.h"
#include "model/internal/yolo.h"
#include "weights/internal/transfer.h"
#include "weights/internal/ultralytics.h"

#include <QTest>

#include <torch/torch.h>

#include <cmath>
#include <map>
#include <set>

using namespace ys;

namespace {

#define REQUIRE_FIXTURES()                                 \
    const QString fixtures = test::ultralyticsFixtures(); \
    if (fixtures.isEmpty())                                \
        QSKIP("../shared/fixtures is absent");

std::map<std::string, torch::Tensor> byName(const StateDict& sd)
{
    return {sd.begin(), sd.end()};
}

// A parameter of a layer in `layers` (by its "model.<i>." prefix), or the DFL projection.
bool inLayers(const std::string& name, const std::set<int>& layers)
{
    for (int i : layers)
        if (name.rfind("model." + std::to_string(i) + ".", 0) == 0)
            return true;
    return name.find(".dfl.") != std::string::npos;
}

}  // namespace

class TestTransfer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { torch::set_num_threads(2); }

    // All five fixtures, YOLO11, YOLOv9 and YOLO26 (written by Ultralytics 8.4: its one-to-many head, the
    // default with `nms` unset) included: boxes within 1e-3 px, class scores within 1e-4 (the reference itself
    // moves by 1.5e-4 px between thread counts).
    void everyFixtureGivesTheReferenceOutput_data()
    {
        QTest::addColumn<QString>("folder");
        for (const char* f : {"coco128-yolov8n", "demo-yolov8n", "demo-yolo11n", "demo-yolov9t", "demo-yolo26n"})
            QTest::newRow(f) << f;
    }
    void everyFixtureGivesTheReferenceOutput()
    {
        REQUIRE_FIXTURES();
        QFETCH(QString, folder);
        const QString dir = fixtures + "/" + folder;
        const auto io = test::ioJson(dir);
        auto w = loadUltralyticsWeights((dir + "/best.pt").toStdString());
        QVERIFY2(w.ok(), w.ok() ? "" : w.error().toString().c_str());
        auto built = modelFromCheckpoint(*w);
        QVERIFY2(built.ok(), built.ok() ? "" : built.error().toString().c_str());
        QVERIFY(built->report.complete());
        QCOMPARE(built->report.total, int64_t(io["state_dict"].size()));
        QCOMPARE(built->spec.nc, io["nc"].get<int>());
        QCOMPARE(countParameters(*built->model), io["parameters"].get<int64_t>());
        // Our state dict lists the reference's names in the reference's order.
        const StateDict ours = stateDictOf(*built->model);
        size_t i = 0;
        for (const auto& [name, shape] : io["state_dict"].items()) {
            QCOMPARE(ours.at(i).first, name);
            QCOMPARE(ours.at(i).second.sizes().vec(), shape.get<std::vector<int64_t>>());
            ++i;
        }

        DetectionModel& model = built->model;
        model->eval();
        const auto shape = io["input_shape"].get<std::vector<int64_t>>();
        std::vector<float> in = test::readFloats(dir + "/input.f32");
        std::vector<float> ref = test::readFloats(dir + "/output.f32");
        const torch::Tensor x = torch::from_blob(in.data(), shape, torch::kFloat).clone();
        torch::Tensor out;
        {
            torch::InferenceMode im;
            out = model->decode(model->forward(x));
        }
        const auto oshape = io["output_shape"].get<std::vector<int64_t>>();
        QCOMPARE(out.sizes().vec(), oshape);
        const torch::Tensor expected = torch::from_blob(ref.data(), oshape, torch::kFloat);
        const int64_t nc = oshape[1] - 4;
        if (folder.startsWith("demo"))  // trained for 20 epochs: scores up to 0.17 (YOLOv9t) .. 0.3, not all ~0
            QVERIFY(expected.narrow(1, 4, nc).max().item<double>() > 0.1);
        const double boxDiff = (out.narrow(1, 0, 4) - expected.narrow(1, 0, 4)).abs().max().item<double>();
        const double clsDiff = (out.narrow(1, 4, nc) - expected.narrow(1, 4, nc)).abs().max().item<double>();
        qInfo("max |diff|: boxes %.2e px, class scores %.2e", boxDiff, clsDiff);
        QVERIFY2(boxDiff < 1e-3, std::to_string(boxDiff).c_str());
        QVERIFY2(clsDiff < 1e-4, std::to_string(clsDiff).c_str());
    }

    // coco128-yolov8n (nc 80) onto the demo dataset's 5 classes: every tensor whose name and shape match comes
    // from the file, exactly; the class branch (its width is max(64, min(nc, 100)): 80 -> 64) starts fresh.
    // The reference tool transfers the same 319 of 355 (`intersect_dicts`, "Transferred 319/355 items").
    void cocoCheckpointTransfersToFiveClasses()
    {
        REQUIRE_FIXTURES();
        const QString dir = fixtures + "/coco128-yolov8n";
        const auto io = test::ioJson(dir);
        auto w = loadUltralyticsWeights((dir + "/best.pt").toStdString());
        QVERIFY(w.ok());
        auto built = modelFromCheckpoint(*w, 5);
        QVERIFY2(built.ok(), built.ok() ? "" : built.error().toString().c_str());
        QCOMPARE(built->spec.nc, 5);
        QCOMPARE(built->model->nc(), 5);
        const TransferReport& r = built->report;
        QCOMPARE(r.summary(), std::string("transferred 319/355 tensors"));
        // Expected from the reference's names and shapes (io.json) against the new model's shapes.
        const StateDict ours = stateDictOf(*built->model);
        std::vector<std::string> expectKept;
        for (const auto& [name, t] : ours) {
            QVERIFY2(io["state_dict"].contains(name), name.c_str());
            if (io["state_dict"][name].get<std::vector<int64_t>>() != t.sizes().vec())
                expectKept.push_back(name);
        }
        std::vector<std::string> kept;
        for (const TensorMismatch& m : r.kept) {
            QVERIFY(!m.missing);
            QVERIFY2(m.name.rfind("model.22.cv3.", 0) == 0, m.name.c_str());  // the class branch only
            kept.push_back(m.name);
        }
        QCOMPARE(kept, expectKept);
        QCOMPARE(int64_t(kept.size()), int64_t(36));
        QVERIFY(r.unused.empty());
        QCOMPARE(r.kept.front().describe(),
                 std::string("model.22.cv3.0.0.conv.weight: [64, 64, 3, 3] in the model, [80, 64, 3, 3] in the checkpoint"));
        // Transferred values are the file's, bit for bit.
        const auto file = byName(w->stateDict);
        const std::set<std::string> keptSet(kept.begin(), kept.end());
        for (const auto& [name, t] : ours)
            if (!keptSet.count(name))
                QVERIFY2(torch::equal(t, file.at(name)), name.c_str());
        // The re-initialised class outputs carry the prior for 5 classes, log(5 / nc / (640 / stride)^2).
        const std::vector<int> strides = {8, 16, 32};
        for (int level = 0; level < 3; ++level) {
            const torch::Tensor b = byName(ours).at("model.22.cv3." + std::to_string(level) + ".2.bias");
            const double cells = 640.0 / strides[static_cast<size_t>(level)];
            QVERIFY(torch::allclose(b, torch::full({5}, std::log(5.0 / 5 / (cells * cells)))));
        }
        // The same classes need no transfer: every tensor comes from the file.
        auto same = modelFromCheckpoint(*w, 80);
        QVERIFY(same.ok());
        QVERIFY(same->report.complete());
        QCOMPARE(same->report.summary(), std::string("transferred 355/355 tensors"));
    }

    // A state dict that does not match the YAML it carries: one line naming the file and the first tensors.
    void mismatchIsAOneLineError()
    {
        REQUIRE_FIXTURES();
        const std::string path = (fixtures + "/demo-yolov8n/best.pt").toStdString();
        auto w = loadUltralyticsWeights(path);
        QVERIFY(w.ok());
        UltralyticsWeights bad = *w;
        for (auto& [name, t] : bad.stateDict)
            if (name == "model.0.conv.weight")
                t = torch::zeros({8, 3, 3, 3});
        bad.stateDict.erase(std::find_if(bad.stateDict.begin(), bad.stateDict.end(),
                                         [](const auto& p) { return p.first == "model.4.cv1.bn.bias"; }));
        bad.stateDict.emplace_back("model.23.extra", torch::zeros({2}));
        for (int nc : {0, 3}) {  // the file is held against its own YAML before any transfer
            auto built = modelFromCheckpoint(bad, nc);
            QVERIFY(!built.ok());
            const Error& e = built.error();
            QCOMPARE(e.code, std::string("weights.mismatch"));
            QCOMPARE(e.file, path);
            QCOMPARE(e.message, std::string("the weights do not match the model their YAML describes (yolov8n.yaml): "
                                            "model.0.conv.weight: [16, 3, 3, 3] in the model, [8, 3, 3, 3] in the "
                                            "checkpoint; model.4.cv1.bn.bias: not in the checkpoint; model.23.extra: "
                                            "in the checkpoint, not in the model"));
        }
        UltralyticsWeights noYaml = *w;
        noYaml.info.modelYaml.clear();
        auto e1 = modelFromCheckpoint(noYaml);
        QVERIFY(!e1.ok());
        QCOMPARE(e1.error().code, std::string("weights.yaml"));
        QCOMPARE(e1.error().file, path);
        UltralyticsWeights oddYaml = *w;
        const size_t at = oddYaml.info.modelYaml.find("Detect");
        QVERIFY(at != std::string::npos);
        oddYaml.info.modelYaml.replace(at, 6, "Segment");
        auto e2 = modelFromCheckpoint(oddYaml);
        QVERIFY(!e2.ok());
        QCOMPARE(e2.error().code, std::string("weights.yaml"));
        QVERIFY2(e2.error().message.find("cannot build the model the checkpoint describes (yolov8n.yaml): ") == 0,
                 e2.error().message.c_str());
        for (const auto* err : {&e1.error(), &e2.error()})
            QVERIFY2(err->message.find('\n') == std::string::npos, err->message.c_str());
    }

    void freezeResolvesLayersByName()
    {
        const std::vector<std::string> names = {"model.0.conv.weight", "model.1.bn.weight", "model.10.cv1.conv.weight",
                                                "model.22.dfl.conv.weight", "model.22.cv2.0.0.conv.weight"};
        auto f = resolveFreeze(names, 23, {0, 1}, "YOLOv8n");
        QVERIFY(f.ok());
        QCOMPARE(*f, (std::vector<bool>{true, true, false, true, false}));  // model.1. is not model.10.
        auto none = resolveFreeze(names, 23, {}, "YOLOv8n");
        QCOMPARE(*none, (std::vector<bool>{false, false, false, true, false}));  // DFL: never trained
        auto beyond = resolveFreeze(names, 23, {5, 23}, "YOLOv8n");
        QVERIFY(!beyond.ok());
        QCOMPARE(beyond.error().code, std::string("config.freeze"));
        QCOMPARE(beyond.error().message, std::string("freeze names layer 23, but YOLOv8n has layers 0-22"));
        std::vector<int> all(23);
        for (int i = 0; i < 23; ++i)
            all[static_cast<size_t>(i)] = i;
        auto everything = resolveFreeze(names, 23, all, "YOLOv8n");
        QVERIFY(!everything.ok());
        QCOMPARE(everything.error().message, std::string("freeze leaves nothing to train (YOLOv8n has layers 0-22)"));
        QVERIFY(isAlwaysFrozen("model.22.dfl.conv.weight"));
        QVERIFY(!isAlwaysFrozen("model.22.cv2.0.2.weight"));
    }

    // freeze=10 on a YOLOv8n: exactly layers 0-9 and the DFL projection stop training; two SGD steps with momentum
    // and weight decay over every parameter, and the EMA over them, leave those tensors bit-identical.
    void frozenTensorsStayBitIdentical()
    {
        torch::manual_seed(3);
        auto spec = loadModelSpec("yolov8n.yaml", 3);
        QVERIFY(spec.ok());
        DetectionModel model(*spec);
        const std::set<int> layers = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        auto frozen = freezeLayers(*model, std::vector<int>(layers.begin(), layers.end()));
        QVERIFY2(frozen.ok(), frozen.ok() ? "" : frozen.error().message.c_str());
        int64_t expectParams = 0;
        std::vector<std::string> expectNames;
        std::map<std::string, torch::Tensor> before;
        for (const auto& p : model->named_parameters()) {
            const bool f = inLayers(p.key(), layers);
            QCOMPARE(p.value().requires_grad(), !f);
            if (f) {
                expectNames.push_back(p.key());
                expectParams += p.value().numel();
            }
            before[p.key()] = p.value().detach().clone();
        }
        QCOMPARE(frozen->names, expectNames);
        QCOMPARE(frozen->parameters, expectParams);
        QCOMPARE(frozen->names.back(), std::string("model.22.dfl.conv.weight"));
        // The optimizer's groups leave them out; even an optimizer given all of them cannot move them.
        size_t grouped = 0;
        for (const auto& g : parameterGroups(*model))
            grouped += g.size();
        QCOMPARE(grouped, model->parameters().size() - frozen->names.size());
        ModelEma ema(*spec, model);
        torch::optim::SGD sgd(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9).weight_decay(0.01));
        model->train();
        for (int step = 0; step < 2; ++step) {
            sgd.zero_grad();
            torch::Tensor loss = torch::zeros({});
            for (const auto& level : model->forward(torch::rand({2, 3, 64, 64})))
                loss = loss + level.pow(2).mean();
            loss.backward();
            sgd.step();
            ema.update(model);
        }
        const auto emaParams = ema.model()->named_parameters();
        for (const auto& p : model->named_parameters()) {
            const bool f = inLayers(p.key(), layers);
            QCOMPARE(torch::equal(p.value(), before.at(p.key())), f);
            if (f)
                QVERIFY2(torch::equal(emaParams[p.key()], before.at(p.key())), p.key().c_str());
        }
        QVERIFY(torch::equal(emaParams["model.22.dfl.conv.weight"].flatten(), torch::arange(16, torch::kFloat)));
        // Layer indices the model does not have are refused (YOLOv8n: 0-22).
        auto beyond = freezeLayers(*model, {30});
        QVERIFY(!beyond.ok());
        QCOMPARE(beyond.error().code, std::string("config.freeze"));
    }
};

QTEST_APPLESS_MAIN(TestTransfer)
#include "test_transfer.moc"
