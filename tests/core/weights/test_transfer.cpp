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

    // YOLO26's one-to-one head (the NMS-free one Ultralytics 8.4 runs with nms=False) on the same batch, fed the
    // feature maps the head reads: the reference's values at the 10 anchors with the highest class score per
    // image (Ultralytics 8.4.190: Detect._inference(preds["one2one"]) of best.pt on input.f32).
    void yolo26OneToOneHeadGivesTheReference()
    {
        REQUIRE_FIXTURES();
        const QString dir = fixtures + "/demo-yolo26n";
        const auto io = test::ioJson(dir);
        auto w = loadUltralyticsWeights((dir + "/best.pt").toStdString());
        QVERIFY2(w.ok(), w.ok() ? "" : w.error().toString().c_str());
        auto built = modelFromCheckpoint(*w);
        QVERIFY2(built.ok(), built.ok() ? "" : built.error().toString().c_str());
        DetectionModel& model = built->model;
        QVERIFY(model->detect()->endToEnd());
        model->eval();

        struct Taps final : LayerObserver {
            std::set<int> wanted;
            std::map<int, torch::Tensor> outputs;
            void beforeLayer(int, int) override {}
            void afterLayer(int layer, int level, const torch::Tensor& output) override
            {
                if (level < 0 && wanted.count(layer))
                    outputs[layer] = output;
            }
        } taps;
        const LayerSpec& head = built->spec.layers.back();
        taps.wanted = {head.from.begin(), head.from.end()};
        std::vector<float> in = test::readFloats(dir + "/input.f32");
        const auto shape = io["input_shape"].get<std::vector<int64_t>>();
        const torch::Tensor x = torch::from_blob(in.data(), shape, torch::kFloat);
        torch::Tensor many, one;
        {
            torch::InferenceMode im;
            model->setObserver(&taps);
            many = model->decode(model->forward(x));
            model->setObserver(nullptr);
            std::vector<torch::Tensor> feats;
            for (int f : head.from)
                feats.push_back(taps.outputs.at(f));
            one = model->decode(model->detect()->forwardOneToOne(feats));
        }
        QCOMPARE(one.sizes(), many.sizes());
        QVERIFY((one - many).abs().max().item<double>() > 1.0);  // a head of its own, trained apart

        struct Row {
            int image, anchor;
            float values[9];  // cx, cy, w, h (px), 5 class scores
        };
        const Row reference[] = {
            {0, 1685, {80.9563293f, 79.2251205f, 52.5990906f, 49.3469086f,
                       0.0427260585f, 0.157177344f, 0.125412777f, 0.0395784006f, 0.108734563f}},
            {0, 1704, {76.746521f, 80.0997696f, 57.434288f, 64.769516f,
                       0.0113147618f, 0.0284026638f, 0.0441247597f, 0.0712040886f, 0.0418996923f}},
            {0, 567, {60.7024078f, 112.906876f, 16.5398521f, 14.844902f,
                      0.0137290386f, 0.022320332f, 0.0153094092f, 0.0474943593f, 0.0650443584f}},
            {0, 736, {129.977417f, 145.88533f, 33.8527679f, 33.406189f,
                      0.0214574374f, 0.0118846893f, 0.0415637232f, 0.0451090187f, 0.0132000567f}},
            {0, 1746, {102.23764f, 115.467537f, 76.2189636f, 69.6732635f,
                       0.0240298957f, 0.0341054834f, 0.0124262488f, 0.00302799349f, 0.00848592911f}},
            {0, 696, {128.89621f, 140.972565f, 29.8263016f, 32.5217361f,
                      0.0217759181f, 0.0212645736f, 0.0198734086f, 0.0308695752f, 0.0248096716f}},
            {0, 607, {57.2668076f, 117.484344f, 18.9378052f, 16.3593903f,
                      0.00574731966f, 0.0113511086f, 0.0104789063f, 0.0227000006f, 0.0126091596f}},
            {0, 1684, {75.8289642f, 77.4065094f, 53.921936f, 55.8115616f,
                       0.00361686875f, 0.00925238244f, 0.00852477737f, 0.0127663612f, 0.014633948f}},
            {0, 291, {90.2836151f, 59.221096f, 27.4150467f, 26.9983444f,
                      0.0130395498f, 0.00926835462f, 0.0091185309f, 0.00290364493f, 0.0141736446f}},
            {0, 737, {138.489502f, 149.605881f, 17.803421f, 17.8854065f,
                      0.00344765326f, 0.0029804064f, 0.00919807795f, 0.0134467185f, 0.00334924064f}},
            {1, 442, {16.6781845f, 91.0944977f, 30.0636082f, 30.7775497f,
                      0.00153691659f, 0.00464545377f, 0.00400585774f, 0.0142779741f, 0.0061776014f}},
            {1, 1662, {40.2303009f, 61.4344482f, 54.4509239f, 51.6473198f,
                       0.00174327916f, 0.00713703223f, 0.00201305887f, 0.00494345883f, 0.0112268412f}},
            {1, 1681, {25.7472858f, 71.906044f, 56.500721f, 64.7633667f,
                       0.00153118686f, 0.0100798616f, 0.00205802661f, 0.00539023709f, 0.010340808f}},
            {1, 2052, {77.0139008f, 175.113922f, 112.515839f, 107.365303f,
                       0.00199261867f, 0.00688887108f, 0.00255173747f, 0.00129899429f, 0.00285998476f}},
            {1, 1702, {39.5797653f, 88.0341339f, 65.2616425f, 66.0691223f,
                       0.00288674678f, 0.00681042112f, 0.00253331894f, 0.001993221f, 0.00146624818f}},
            {1, 1842, {39.6560593f, 195.668732f, 69.5078735f, 66.0321045f,
                       0.00256767008f, 0.00616879622f, 0.00119728583f, 0.0013844847f, 0.0020294229f}},
            {1, 164, {34.7129898f, 37.247673f, 28.2474499f, 30.578373f,
                      0.000973029062f, 0.00161684467f, 0.00211184518f, 0.00598512217f, 0.00186515704f}},
            {1, 201, {12.2933521f, 45.2555389f, 19.3438988f, 20.2195282f,
                      0.00348033709f, 0.00395877892f, 0.00398364151f, 0.00309802801f, 0.00572274812f}},
            {1, 1675, {247.661346f, 60.0295944f, 61.6234589f, 59.2967072f,
                       0.00164689997f, 0.0026058869f, 0.00175632734f, 0.00263494137f, 0.00553987548f}},
            {1, 1697, {280.225922f, 71.5254364f, 63.4698029f, 69.1552353f,
                       0.000942073762f, 0.00240051094f, 0.00141748623f, 0.0017352039f, 0.00521906605f}},
        };
        double boxDiff = 0, clsDiff = 0;
        for (const Row& r : reference) {
            for (int k = 0; k < 9; ++k) {
                const double d = std::abs(one[r.image][k][r.anchor].item<double>() - r.values[k]);
                (k < 4 ? boxDiff : clsDiff) = std::max(k < 4 ? boxDiff : clsDiff, d);
            }
        }
        qInfo("one-to-one head, max |diff|: boxes %.2e px, class scores %.2e", boxDiff, clsDiff);
        QVERIFY2(boxDiff < 1e-3, std::to_string(boxDiff).c_str());
        QVERIFY2(clsDiff < 2e-5, std::to_string(clsDiff).c_str());
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
