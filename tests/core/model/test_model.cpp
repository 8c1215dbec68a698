// YOLO detection model: YAML parsing and errors, parameter counts against the reference, shapes, names,
// decode conventions, bias initialisation and the analytic GFLOPs.
#include "model/internal/amp.h"
#include "model/internal/recompute.h"
#include "model/internal/threads.h"
#include "model/internal/yolo.h"
#include "model/model.h"
#include "testsupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <set>
#include <sys/resource.h>

using namespace ys;

namespace {

ModelSpec specOrFail(const std::string& model, int nc = 80)
{
    auto s = loadModelSpec(model, nc);
    if (!s)
        qFatal("loadModelSpec(%s): %s", model.c_str(), s.error().toString().c_str());
    return s.value();
}

// The built-in text with the backbone/head rows replaced, for the error-case tests.
const char* kHeader =
    "nc: 80\n"                          // 1
    "scales:\n"                         // 2
    "  n: [0.33, 0.25, 1024]\n"         // 3
    "backbone:\n";                      // 4

}  // namespace

class TestModel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void intraOpThreadsFlushDenormals();
    void retainFreedMemoryAvoidsRefaulting();
    void analyticCountMatchesModules();
    void outputShapesAndAnchors_data();
    void outputShapesAndAnchors();
    void parameterNamesFollowReference();
    void batchNormSettings();
    void biasInitialisation();
    void makeAnchorsCentres();
    void decodeZeroLogits();
    void decodeHandBuiltDistribution();
    void decodeIsCachedPerShape();
    void gflops();
    void ncOverride();
    void builtinFoundFromAnyDirectory();
    void userYamlByPath();
    void customArchitecture();
    void errorsCarryFileAndLine_data();
    void errorsCarryFileAndLine();
    void missingFile();
    void fuzzedYamlNeverCrashes_data();
    void fuzzedYamlNeverCrashes();
    void trainingStepHasGradients();
    void channelsLastMatchesContiguous();
    void prepareImagesScalesAndLaysOut();
    void summaryTable();
    void fusedMatchesUnfused();
    void specRebuildsFromStoredText();
    void checkpointingGivesTheSameGradients_data();
    void checkpointingGivesTheSameGradients();
    void checkpointRecomputesWithTheSameRandomNumbers();
    void checkpointSettingsNameLayers();
};

void TestModel::initTestCase()
{
    torch::manual_seed(0);
    torch::set_num_threads(1);  // correctness only; one thread keeps CTest -j from oversubscribing
}

// Minor page faults of this process so far: each is a page the kernel mapped in (and zeroed) on first touch.
long minorFaults()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_minflt;
}

// A training step's pattern: 48 blocks of 4 MiB (192 MiB) allocated, written, all freed; then again.
// Returns the page faults of the second round.
long faultsOfRepeatedStep()
{
    constexpr size_t kBlocks = 48, kBytes = size_t(4) << 20;
    long faults = 0;
    for (int round = 0; round < 2; ++round) {
        const long before = minorFaults();
        std::vector<void*> blocks;
        for (size_t i = 0; i < kBlocks; ++i) {
            blocks.push_back(std::malloc(kBytes));
            std::memset(blocks.back(), int(i + 1), kBytes);
        }
        for (auto it = blocks.rbegin(); it != blocks.rend(); ++it)
            std::free(*it);
        faults = minorFaults() - before;
    }
    return faults;
}

void TestModel::retainFreedMemoryAvoidsRefaulting()
{
#if !defined(__GLIBC__)
    QSKIP("glibc's malloc settings only");
#else
    const long pages = 48L * (4L << 20) / 4096;  // 49152
    {
        const ys::RetainFreedMemory retain;
        const ys::RetainFreedMemory nested;  // guards nest
        const long faults = faultsOfRepeatedStep();
        qInfo("second round while retained: %ld page faults for %ld pages", faults, pages);
        QVERIFY(faults < pages / 20);
    }
    // After the last guard glibc's defaults are back: the 192 MiB freed at the top of the heap go back to the
    // system, so the same round faults its pages in again.
    const long faults = faultsOfRepeatedStep();
    qInfo("second round with glibc's defaults: %ld page faults", faults);
    QVERIFY(faults > pages / 2);
#endif
}

void TestModel::analyticCountMatchesModules()
{
    // The spec's analytic per-layer count (used to refuse huge models before allocating) equals the modules'.
    for (const char* m : {"yolov8n.yaml", "yolov8s.yaml"}) {
        const ModelSpec spec = specOrFail(m, 7);
        DetectionModel net(spec);
        for (size_t i = 0; i < net->layerCount(); ++i)
            QCOMPARE(countParameters(*net->layer(i)), spec.layers[i].params);
        QCOMPARE(countParameters(*net), spec.params());
    }
}

void TestModel::outputShapesAndAnchors_data()
{
    QTest::addColumn<int>("imgsz");
    QTest::addColumn<int>("anchors");
    QTest::newRow("640") << 640 << 8400;
    QTest::newRow("320") << 320 << 2100;
}

void TestModel::outputShapesAndAnchors()
{
    QFETCH(int, imgsz);
    QFETCH(int, anchors);
    DetectionModel net(specOrFail("yolov8n.yaml"));
    net->eval();
    torch::NoGradGuard ng;
    auto feats = net->forward(torch::rand({1, 3, imgsz, imgsz}));
    QCOMPARE(feats.size(), size_t(3));
    const std::vector<int64_t> strides{8, 16, 32};
    QCOMPARE(net->strides(), strides);
    for (size_t i = 0; i < 3; ++i) {
        const std::vector<int64_t> want{1, 80 + 64, imgsz / strides[i], imgsz / strides[i]};
        QCOMPARE(feats[i].sizes().vec(), want);
    }
    auto y = net->decode(feats);
    QCOMPARE(y.sizes().vec(), (std::vector<int64_t>{1, 84, anchors}));
    QVERIFY(y.isfinite().all().item<bool>());
    auto scores = y.narrow(1, 4, 80);
    QVERIFY(scores.min().item<float>() >= 0.f && scores.max().item<float>() <= 1.f);
    // Initial class bias gives a low prior (about 0.01 / cells): a fresh model finds nothing.
    QVERIFY(scores.max().item<float>() < 0.05f);
    // A non-multiple of 32 is refused with a clear error, not a crash inside Concat.
    QVERIFY_THROWS_EXCEPTION(c10::Error, net->forward(torch::rand({1, 3, 100, 100})));
}

void TestModel::parameterNamesFollowReference()
{
    DetectionModel net(specOrFail("yolov8n.yaml"));
    const auto params = net->named_parameters();
    const auto buffers = net->named_buffers();
    struct Want {
        const char* name;
        std::vector<int64_t> shape;
    };
    const Want wants[] = {
        {"model.0.conv.weight", {16, 3, 3, 3}},
        {"model.0.bn.weight", {16}},
        {"model.0.bn.bias", {16}},
        {"model.2.cv1.conv.weight", {32, 32, 1, 1}},
        {"model.2.m.0.cv1.conv.weight", {16, 16, 3, 3}},
        {"model.2.cv2.conv.weight", {32, 48, 1, 1}},
        {"model.9.cv2.conv.weight", {256, 512, 1, 1}},
        {"model.22.cv2.0.0.conv.weight", {64, 64, 3, 3}},
        {"model.22.cv2.0.2.weight", {64, 64, 1, 1}},
        {"model.22.cv2.2.2.bias", {64}},
        {"model.22.cv3.1.0.conv.weight", {80, 128, 3, 3}},
        {"model.22.cv3.2.2.bias", {80}},
        {"model.22.dfl.conv.weight", {1, 16, 1, 1}},
    };
    for (const auto& w : wants) {
        const auto* t = params.find(w.name);
        QVERIFY2(t, w.name);
        QCOMPARE(t->sizes().vec(), w.shape);
    }
    QVERIFY(buffers.find("model.0.bn.running_mean"));
    QVERIFY(buffers.find("model.21.m.0.cv2.bn.running_var"));
    QVERIFY(!params.find("model.22.cv2.0.0.conv.bias"));  // Conv blocks have no conv bias
    QVERIFY(!params["model.22.dfl.conv.weight"].requires_grad());
    QVERIFY(torch::equal(params["model.22.dfl.conv.weight"].flatten(), torch::arange(16, torch::kFloat)));
    // Layer 4 of n has round(6 * 0.33) = 2 bottlenecks, layer 2 has max(round(3 * 0.33), 1) = 1.
    QVERIFY(params.find("model.4.m.1.cv2.conv.weight"));
    QVERIFY(!params.find("model.4.m.2.cv2.conv.weight"));
    QVERIFY(!params.find("model.2.m.1.cv2.conv.weight"));
}

void TestModel::batchNormSettings()
{
    DetectionModel net(specOrFail("yolov8n.yaml"));
    int seen = 0;
    for (const auto& m : net->modules()) {
        if (auto* bn = dynamic_cast<torch::nn::BatchNorm2dImpl*>(m.get())) {
            QCOMPARE(bn->options.eps(), 1e-3);
            QCOMPARE(bn->options.momentum().value(), 0.03);
            ++seen;
        }
    }
    QCOMPARE(seen, 45 + 12);  // 45 Conv blocks in layers 0-21, 12 in Detect (2 per branch, 2 branches, 3 levels)
}

void TestModel::biasInitialisation()
{
    DetectionModel net(specOrFail("yolov8n.yaml", 3));
    const auto params = net->named_parameters();
    const int strides[] = {8, 16, 32};
    for (int i = 0; i < 3; ++i) {
        auto box = params[QString("model.22.cv2.%1.2.bias").arg(i).toStdString()];
        auto cls = params[QString("model.22.cv3.%1.2.bias").arg(i).toStdString()];
        QVERIFY(torch::all(box == 1.0f).item<bool>());
        const double cells = 640.0 / strides[i];
        const float want = static_cast<float>(std::log(5.0 / 3 / (cells * cells)));
        QCOMPARE(cls.numel(), int64_t{3});
        QVERIFY(torch::allclose(cls, torch::full({3}, want)));
    }
    // e.g. stride 8, nc 80: log(5 / 80 / 6400) = -11.5366
    DetectionModel n80(specOrFail("yolov8n.yaml"));
    QVERIFY(std::abs(n80->named_parameters()["model.22.cv3.0.2.bias"][0].item<float>() - (-11.5366f)) < 1e-3f);
}

void TestModel::makeAnchorsCentres()
{
    std::vector<torch::Tensor> feats{torch::zeros({1, 5, 4, 6}), torch::zeros({1, 5, 2, 3})};
    auto [pts, st] = makeAnchors(feats, {8, 16});
    QCOMPARE(pts.sizes().vec(), (std::vector<int64_t>{30, 2}));
    QCOMPARE(st.sizes().vec(), (std::vector<int64_t>{30, 1}));
    // Row-major over (row, column), x first.
    QCOMPARE(pts[0][0].item<float>(), 0.5f);
    QCOMPARE(pts[0][1].item<float>(), 0.5f);
    QCOMPARE(pts[1][0].item<float>(), 1.5f);  // next column
    QCOMPARE(pts[6][1].item<float>(), 1.5f);  // next row
    QCOMPARE(pts[23][0].item<float>(), 5.5f);
    QCOMPARE(pts[23][1].item<float>(), 3.5f);
    QCOMPARE(pts[24][0].item<float>(), 0.5f);  // second level starts over
    QCOMPARE(st[23][0].item<float>(), 8.f);
    QCOMPARE(st[24][0].item<float>(), 16.f);
    auto [p0, s0] = makeAnchors(feats, {8, 16}, 0.0);
    QCOMPARE(p0[0][0].item<float>(), 0.f);
}

void TestModel::decodeZeroLogits()
{
    // Zero logits: uniform over 16 bins -> expected distance 7.5 cells per side -> a 15 x 15 cell box centred
    // on the anchor; class scores sigmoid(0) = 0.5.
    DetectionModel net(specOrFail("yolov8n.yaml", 2));
    const int64_t no = 2 + 64;
    std::vector<torch::Tensor> feats{torch::zeros({1, no, 8, 8}), torch::zeros({1, no, 4, 4}),
                                     torch::zeros({1, no, 2, 2})};
    auto y = net->decode(feats);
    QCOMPARE(y.sizes().vec(), (std::vector<int64_t>{1, 6, 64 + 16 + 4}));
    auto at = [&](int c, int a) { return y[0][c][a].item<float>(); };
    // anchor 0: level 0 (stride 8) cell (0, 0) -> centre (4, 4) px, size 120 px
    QCOMPARE(at(0, 0), 4.f);
    QCOMPARE(at(1, 0), 4.f);
    QCOMPARE(at(2, 0), 120.f);
    QCOMPARE(at(3, 0), 120.f);
    QCOMPARE(at(4, 0), 0.5f);
    // anchor 9: level 0, row 1, column 1 -> centre (12, 12)
    QCOMPARE(at(0, 9), 12.f);
    QCOMPARE(at(1, 9), 12.f);
    // last anchor: level 2 (stride 32), row 1, column 1 -> centre (48, 48), size 480
    QCOMPARE(at(0, 83), 48.f);
    QCOMPARE(at(1, 83), 48.f);
    QCOMPARE(at(2, 83), 480.f);
    // Reduced-precision head outputs (bf16 autocast) decode in float32 with exact anchor positions.
    std::vector<torch::Tensor> half;
    for (const auto& f : feats)
        half.push_back(f.to(torch::kBFloat16));
    auto yh = net->decode(half);
    QCOMPARE(yh.scalar_type(), torch::kFloat);
    QVERIFY(torch::equal(yh, y));
}

void TestModel::decodeHandBuiltDistribution()
{
    // One anchor on one level, each side's distribution peaked on a chosen bin (logit 50 -> probability ~1):
    // l = 3, t = 0, r = 5, b = 2 cells around the anchor (0.5, 0.5) at stride 8.
    DetectionModel net(specOrFail("yolov8n.yaml", 1));
    auto f0 = torch::zeros({1, 65, 8, 8});
    const int bins[4] = {3, 0, 5, 2};
    for (int side = 0; side < 4; ++side)
        f0[0][side * 16 + bins[side]][0][0] = 50.0f;
    f0[0][64][0][0] = 2.0f;  // class logit
    auto y = net->decode({f0, torch::zeros({1, 65, 4, 4}), torch::zeros({1, 65, 2, 2})});
    // x1 = 0.5 - 3 = -2.5, x2 = 0.5 + 5 = 5.5 -> cx 1.5, w 8; y1 = 0.5, y2 = 2.5 -> cy 1.5, h 2 (cells)
    const float want[5] = {1.5f * 8, 1.5f * 8, 8.f * 8, 2.f * 8, 1.f / (1.f + std::exp(-2.f))};
    for (int c = 0; c < 5; ++c)
        QVERIFY2(std::abs(y[0][c][0].item<float>() - want[c]) < 1e-3f, qPrintable(QString::number(c)));
}

void TestModel::decodeIsCachedPerShape()
{
    DetectionModel net(specOrFail("yolov8n.yaml", 1));
    auto mk = [](int s) {
        return std::vector<torch::Tensor>{torch::zeros({1, 65, s, s}), torch::zeros({1, 65, s / 2, s / 2}),
                                          torch::zeros({1, 65, s / 4, s / 4})};
    };
    auto a = net->decode(mk(8));
    auto b = net->decode(mk(16));  // new shape -> new anchors
    auto c = net->decode(mk(8));
    QCOMPARE(b.size(2), int64_t{256 + 64 + 16});
    QVERIFY(torch::equal(a, c));
    // A rectangular batch (validation with rect=true) decodes with row-major anchors as well.
    auto r = net->decode({torch::zeros({1, 65, 4, 8}), torch::zeros({1, 65, 2, 4}), torch::zeros({1, 65, 1, 2})});
    QCOMPARE(r[0][0][7].item<float>(), 7.5f * 8);
    QCOMPARE(r[0][1][7].item<float>(), 0.5f * 8);
}

void TestModel::gflops()
{
    // Analytic 2 x MACs over every convolution (BatchNorm, SiLU, pooling not counted) for one 640 x 640 image.
    // The reference's profiler reports 8.9 for yolov8n (it also counts BatchNorm and activations).
    auto n = summarizeModel("yolov8n.yaml", 80, 640);
    QVERIFY2(n.ok(), n.ok() ? "" : n.error().toString().c_str());
    QVERIFY2(n->gflops > 8.0 && n->gflops < 9.5, qPrintable(QString::number(n->gflops)));
    auto n320 = summarizeModel("yolov8n.yaml", 80, 320);
    QVERIFY(n320.ok());
    QVERIFY(std::abs(n320->gflops * 4 - n->gflops) < 1e-6 * n->gflops);
    auto s = summarizeModel("yolov8s.yaml", 80, 640);
    QVERIFY(s.ok());
    QVERIFY2(s->gflops > 26.0 && s->gflops < 30.0, qPrintable(QString::number(s->gflops)));  // reference 28.6
    QCOMPARE(s->params, int64_t{11166560});
    QCOMPARE(s->strides, (std::vector<int>{8, 16, 32}));
    QCOMPARE(s->scale, 's');
    QCOMPARE(QString::fromStdString(s->name), QString("YOLOv8s"));
    auto bad = summarizeModel("yolov8n.yaml", 80, 100);  // not a multiple of the stride
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().code), QString("model.bad_imgsz"));
}

void TestModel::ncOverride()
{
    DetectionModel net(specOrFail("yolov8n.yaml", 3));
    QCOMPARE(net->nc(), 3);
    QCOMPARE(net->regMax(), 16);
    torch::NoGradGuard ng;
    auto feats = net->forward(torch::zeros({1, 3, 64, 64}));
    QCOMPARE(feats[0].size(1), int64_t{3 + 64});
    // Fewer classes shrink the class branch (c3 = max(64, min(nc, 100)) = 64 instead of 80, and nc outputs).
    QVERIFY(countParameters(*net) < 3157200);
    // nc <= 0 keeps the YAML's
    QCOMPARE(specOrFail("yolov8n.yaml", 0).nc, 80);
}

void TestModel::builtinFoundFromAnyDirectory()
{
    QTemporaryDir dir;
    const QString old = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    auto s = loadModelSpec("yolov8m.yaml", 80);
    QDir::setCurrent(old);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
    QVERIFY(s->builtin);
    QCOMPARE(s->scale, 'm');
    QCOMPARE(s->depth, 0.67);
    QCOMPARE(s->width, 0.75);
    QCOMPARE(s->maxChannels, 768);
    QCOMPARE(s->params(), int64_t{25902640});
}

void TestModel::userYamlByPath()
{
    QTemporaryDir dir;
    // The built-in text with an explicit scale key.
    const QString withKey = dir.filePath("mine.yaml");
    QVERIFY(test::writeText(withKey, "scale: s\n" + builtinYolov8Yaml()));
    auto a = loadModelSpec(withKey.toStdString(), 80);
    QVERIFY2(a.ok(), a.ok() ? "" : a.error().toString().c_str());
    QVERIFY(!a->builtin);
    QCOMPARE(a->scale, 's');
    QCOMPARE(a->params(), int64_t{11166560});
    QCOMPARE(QString::fromStdString(a->name), QString("mine"));
    // Scale letter in the file name, as users name their copies.
    const QString named = dir.filePath("yolov8l-custom.yaml");
    QVERIFY(test::writeText(named, builtinYolov8Yaml()));
    auto b = loadModelSpec(named.toStdString(), 80);
    QVERIFY(b.ok());
    QCOMPARE(b->scale, 'l');
    QCOMPARE(b->params(), int64_t{43691520});
    // A file that exists wins over the built-in name.
    const QString shadow = dir.filePath("yolov8n.yaml");
    QVERIFY(test::writeText(shadow, "scale: x\n" + builtinYolov8Yaml()));
    auto c = loadModelSpec(shadow.toStdString(), 80);
    QVERIFY(c.ok());
    QCOMPARE(c->params(), int64_t{68229648});
    // No scale anywhere: the first one listed (n), as the reference does.
    const QString plain = dir.filePath("plain.yaml");
    QVERIFY(test::writeText(plain, builtinYolov8Yaml()));
    auto d = loadModelSpec(plain.toStdString(), 80);
    QVERIFY(d.ok());
    QCOMPARE(d->scale, 'n');
}

void TestModel::customArchitecture()
{
    // A two-level model without scales (YOLOv5-style multiples), Detect on strides 16 and 32.
    QTemporaryDir dir;
    const QString path = dir.filePath("tiny.yaml");
    QVERIFY(test::writeText(path,
                            "nc: 4\n"
                            "depth_multiple: 1.0\n"
                            "width_multiple: 0.5\n"
                            "backbone:\n"
                            "  - [-1, 1, Conv, [32, 3, 2]]\n"
                            "  - [-1, 1, Conv, [64, 3, 2]]\n"
                            "  - [-1, 2, C2f, [64, True]]\n"
                            "  - [-1, 1, Conv, [128, 3, 2]]\n"
                            "  - [-1, 1, Conv, [128, 3, 2]]\n"
                            "  - [-1, 1, Conv, [256, 3, 2]]\n"
                            "  - [-1, 1, SPPF, [256, 5]]\n"
                            "head:\n"
                            "  - [-1, 1, nn.Upsample, [None, 2, 'nearest']]\n"
                            "  - [[-1, 4], 1, Concat, [1]]\n"
                            "  - [-1, 1, C2f, [128]]\n"
                            "  - [[9, 6], 1, Detect, [nc]]\n"));
    auto s = loadModelSpec(path.toStdString(), 0);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
    QCOMPARE(s->strides, (std::vector<int64_t>{16, 32}));
    QCOMPARE(s->nc, 4);
    QCOMPARE(s->layers[2].repeats, 2);
    DetectionModel net(s.value());
    QCOMPARE(countParameters(*net), s->params());
    torch::NoGradGuard ng;
    auto feats = net->forward(torch::rand({1, 3, 128, 96}));
    QCOMPARE(feats.size(), size_t(2));
    QCOMPARE(feats[0].sizes().vec(), (std::vector<int64_t>{1, 68, 8, 6}));
    QCOMPARE(feats[1].sizes().vec(), (std::vector<int64_t>{1, 68, 4, 3}));
    QCOMPARE(net->decode(feats).sizes().vec(), (std::vector<int64_t>{1, 8, 48 + 12}));
}

void TestModel::errorsCarryFileAndLine_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("line");
    const QString h = kHeader;
    QTest::newRow("unknown module") << h + "  - [-1, 1, Conv, [64, 3, 2]]\n  - [-1, 1, Foo, [128]]\n"
                                    << "model.unknown_module" << 6;
    QTest::newRow("row of 3") << h + "  - [-1, 1, Conv, [64, 3, 2]]\n  - [-1, Conv, [128]]\n" << "model.bad_row" << 6;
    QTest::newRow("row not a list") << h + "  - Conv\n" << "model.bad_row" << 5;
    QTest::newRow("unknown scale") << "scale: q\n" + h + "  - [-1, 1, Conv, [64, 3, 2]]\n"
                                   << "model.unknown_scale" << 1;
    QTest::newRow("from ahead") << h + "  - [-1, 1, Conv, [64, 3, 2]]\n  - [3, 1, Conv, [64, 3, 2]]\n"
                                << "model.bad_from" << 6;
    QTest::newRow("bad repeats") << h + "  - [-1, zero, Conv, [64, 3, 2]]\n" << "model.bad_repeats" << 5;
    QTest::newRow("bad channels") << h + "  - [-1, 1, Conv, [big, 3, 2]]\n" << "model.bad_args" << 5;
    QTest::newRow("yaml syntax") << h + "  - [-1, 1, Conv, [64, 3, 2]\n  - [-1, 1, Conv, [64, 3, 2]]\n"
                                 << "model.yaml_syntax" << 6;
    QTest::newRow("no detect") << h + "  - [-1, 1, Conv, [64, 3, 2]]\n" << "model.no_detect" << 5;
    QTest::newRow("concat strides")
        << h + "  - [-1, 1, Conv, [64, 3, 2]]\n  - [-1, 1, Conv, [64, 3, 2]]\n  - [[-1, 0], 1, Concat, [1]]\n"
               "  - [[2], 1, Detect, [nc]]\n"
        << "model.shape_mismatch" << 7;
    QTest::newRow("detect not last") << h + "  - [-1, 1, Conv, [64, 3, 2]]\n  - [[0], 1, Detect, [nc]]\n"
                                            "  - [-1, 1, Conv, [64, 3, 2]]\n"
                                     << "model.bad_row" << 6;
    QTest::newRow("billions of weights")
        << "nc: 80\nbackbone:\n  - [-1, 1, Conv, [4096, 15]]\n  - [-1, 1, Conv, [4096, 15]]\n"
        << "model.too_large" << 4;
    QTest::newRow("huge width") << "nc: 80\nscales:\n  n: [0.33, 99, 1024]\nbackbone:\n  - [-1, 1, Conv, [64]]\n"
                                << "model.too_large" << 3;
}

void TestModel::errorsCarryFileAndLine()
{
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(int, line);
    QTemporaryDir dir;
    const QString path = dir.filePath("bad.yaml");
    QVERIFY(test::writeText(path, text.toStdString()));
    auto s = loadModelSpec(path.toStdString(), 80);
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.error().code), code);
    QCOMPARE(QString::fromStdString(s.error().file), path);
    QCOMPARE(s.error().line, line);
    QVERIFY(!s.error().message.empty());
    // The summary path reports the same error.
    auto sum = summarizeModel(path.toStdString(), 80, 640);
    QVERIFY(!sum.ok());
    QCOMPARE(sum.error().line, line);
}

void TestModel::missingFile()
{
    auto a = loadModelSpec("/nonexistent/yolov8n.yaml", 80);
    QVERIFY(!a.ok());
    QCOMPARE(QString::fromStdString(a.error().code), QString("model.not_found"));
    QCOMPARE(QString::fromStdString(a.error().file), QString("/nonexistent/yolov8n.yaml"));
    auto b = loadModelSpec("yolov7.yaml", 80);  // not a built-in family
    QVERIFY(!b.ok());
    QCOMPARE(QString::fromStdString(b.error().code), QString("model.not_found"));
    QVERIFY(!loadModelSpec("", 80).ok());
}

void TestModel::fuzzedYamlNeverCrashes_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("yolov8") << "yolov8.yaml";
    QTest::newRow("yolo11") << "yolo11.yaml";
    QTest::newRow("yolov9e") << "yolov9e.yaml";  // CBLinear / CBFuse rows
}

void TestModel::fuzzedYamlNeverCrashes()
{
    // Mutated copies of a built-in YAML either load (and then build and run) or fail with a located error.
    QFETCH(QString, file);
    const std::string base = builtinModelYaml(file.toStdString());
    std::mt19937 rng(12345);
    const char* tokens[] = {"nc", "-1", "[", "]", ",", ":", "Conv", "C2f", "99999", "0", "-7", "None", "True",
                            "{", "\"", "'", "#", "\n", "  ", "- ", "Detect", "3.5", "1e9", "[[", "]]", "&a", "*a",
                            "C3k2", "C2PSA", "RepNCSPELAN4", "ELAN1", "ADown", "AConv", "SPPELAN", "CBLinear",
                            "CBFuse", "nn.Identity", "[[0, 1]]"};
    int ok = 0, failed = 0, ran = 0;
    for (int iter = 0; iter < 300; ++iter) {
        std::string t = base;
        const int edits = 1 + static_cast<int>(rng() % 3);
        for (int e = 0; e < edits; ++e) {
            std::vector<size_t> nl{0};
            for (size_t i = 0; i < t.size(); ++i)
                if (t[i] == '\n')
                    nl.push_back(i + 1);
            const size_t pos = t.empty() ? 0 : rng() % t.size();
            switch (rng() % 6) {
            case 0: t.insert(pos, tokens[rng() % std::size(tokens)]); break;
            case 1: if (!t.empty()) t.erase(pos, 1 + rng() % 4); break;
            case 2: if (!t.empty()) t[pos] = "0123456789[],:- nx#'\"\n"[rng() % 21]; break;
            case 3: {  // delete a line
                const size_t l = rng() % nl.size();
                const size_t end = l + 1 < nl.size() ? nl[l + 1] : t.size();
                t.erase(nl[l], end - nl[l]);
                break;
            }
            case 4: {  // duplicate a line
                const size_t l = rng() % nl.size();
                const size_t end = l + 1 < nl.size() ? nl[l + 1] : t.size();
                t.insert(nl[l], t.substr(nl[l], end - nl[l]));
                break;
            }
            default: {  // change a number
                const size_t d = t.find_first_of("0123456789", pos);
                if (d != std::string::npos)
                    t[d] = "0123456789"[rng() % 10];
                break;
            }
            }
        }
        auto s = parseModelSpec(t, "fuzz.yaml", 0, 'n');
        if (!s.ok()) {
            ++failed;
            const Error& err = s.error();
            QVERIFY2(err.code.rfind("model.", 0) == 0, err.code.c_str());
            QVERIFY(!err.message.empty());
            QCOMPARE(QString::fromStdString(err.file), QString("fuzz.yaml"));
            continue;
        }
        ++ok;
        if (s->params() > 20'000'000)
            continue;
        DetectionModel net(s.value());
        QCOMPARE(countParameters(*net), s->params());
        const int64_t maxStride = *std::max_element(s->strides.begin(), s->strides.end());
        const int size = static_cast<int>(maxStride * 2);
        // Forward on a handful only: each new architecture costs oneDNN primitive set-up (~1 s under load).
        if (ran >= 6 || size > 256 || !s->macs(size, size).ok())
            continue;
        torch::NoGradGuard ng;
        net->eval();
        auto feats = net->forward(torch::rand({1, 3, size, size}));
        QCOMPARE(feats.size(), s->strides.size());
        auto y = net->decode(feats);
        QCOMPARE(y.size(1), int64_t{4 + s->nc});
        ++ran;
    }
    qInfo("fuzz: %d loaded (%d ran forward), %d rejected with an error", ok, ran, failed);
    QVERIFY(ok > 20);
    QVERIFY(failed > 20);
}

void TestModel::trainingStepHasGradients()
{
    DetectionModel net(specOrFail("yolov8n.yaml", 2));
    net->train();
    auto feats = net->forward(torch::rand({2, 3, 64, 64}));
    torch::Tensor loss = torch::zeros({});
    for (auto& f : feats)
        loss = loss + f.pow(2).mean();
    loss.backward();
    for (const auto& p : net->named_parameters()) {
        if (p.key() == "model.22.dfl.conv.weight") {
            QVERIFY(!p.value().grad().defined());
            continue;
        }
        QVERIFY2(p.value().grad().defined(), p.key().c_str());
    }
    // BatchNorm running statistics move by momentum 0.03 in training mode.
    const auto rv = net->named_buffers()["model.0.bn.running_var"];
    QVERIFY(!torch::allclose(rv, torch::ones_like(rv)));
}

void TestModel::channelsLastMatchesContiguous()
{
    DetectionModel net(specOrFail("yolov8n.yaml", 5));
    net->eval();
    torch::NoGradGuard ng;
    auto x = torch::rand({1, 3, 96, 64});
    auto a = net->decode(net->forward(x));
    toChannelsLast(*net);
    QVERIFY(net->named_parameters()["model.0.conv.weight"].is_contiguous(torch::MemoryFormat::ChannelsLast));
    auto b = net->decode(net->forward(x.contiguous(torch::MemoryFormat::ChannelsLast)));
    QVERIFY(torch::allclose(a, b, 1e-3, 1e-3));
}

void TestModel::summaryTable()
{
    auto s = summarizeModel("yolov8n.yaml", 80, 640);
    QVERIFY(s.ok());
    QCOMPARE(s->layers.size(), size_t(23));
    QCOMPARE(QString::fromStdString(s->layers[0].args), QString("[3, 16, 3, 2]"));
    QCOMPARE(s->layers[0].params, int64_t{464});
    QCOMPARE(QString::fromStdString(s->layers[2].args), QString("[32, 32, 1, True]"));
    QCOMPARE(s->layers[2].params, int64_t{7360});
    QCOMPARE(QString::fromStdString(s->layers[11].from), QString("[-1, 6]"));
    QCOMPARE(QString::fromStdString(s->layers[10].args), QString("[None, 2, 'nearest']"));
    QCOMPARE(QString::fromStdString(s->layers[22].args), QString("[80, [64, 128, 256]]"));
    QCOMPARE(QString::fromStdString(s->layers[22].from), QString("[15, 18, 21]"));
    QCOMPARE(QString::fromStdString(s->layers[12].from), QString("-1"));
    QCOMPARE(s->layers[22].params, int64_t{897664});
    QCOMPARE(s->gradients, int64_t{3157184});
    const QString line = QString::fromStdString(summaryLine(s.value()));
    QVERIFY2(line.startsWith("YOLOv8n summary: ") && line.contains("3157200 parameters, 3157184 gradients"),
             qPrintable(line));
    QVERIFY(QString::fromStdString(formatSummary(s.value())).contains("SPPF"));
}

void TestModel::fusedMatchesUnfused()
{
    DetectionModel net(specOrFail("yolov8n.yaml", 4));
    // Non-trivial BatchNorm statistics, so that folding them is actually exercised.
    net->train();
    {
        torch::NoGradGuard ng;
        net->forward(torch::rand({2, 3, 64, 64}) * 2);
    }
    net->eval();
    torch::NoGradGuard ng;
    auto x = torch::rand({1, 3, 64, 64});
    auto a = net->decode(net->forward(x));
    net->fuse();
    QVERIFY(net->named_buffers().find("model.0.fused_bias"));
    auto b = net->decode(net->forward(x));
    QVERIFY(torch::allclose(a, b, 1e-3, 1e-3));
}

void TestModel::specRebuildsFromStoredText()
{
    // What a checkpoint stores (text, source, nc, scale) rebuilds the same model even if the file is gone.
    QTemporaryDir dir;
    const QString path = dir.filePath("yolov8s-mine.yaml");
    QVERIFY(test::writeText(path, builtinYolov8Yaml()));
    auto a = loadModelSpec(path.toStdString(), 7);
    QVERIFY(a.ok());
    QVERIFY(QFile::remove(path));
    auto b = parseModelSpec(a->yamlText, a->source, a->nc, a->scale);
    QVERIFY(b.ok());
    QCOMPARE(b->scale, 's');
    QCOMPARE(b->params(), a->params());
    QCOMPARE(b->nc, 7);
}

void TestModel::intraOpThreadsFlushDenormals()
{
    // A denormal times 0.5 stays denormal unless the thread that computes it flushes denormals; a large
    // tensor is split over every intra-op thread, so all of them must.
    const int saved = at::get_num_threads();
    QCOMPARE(ys::configureIntraOpThreads(2), 2);
    const float denormal = 1e-39f;
    QVERIFY(std::fpclassify(denormal) == FP_SUBNORMAL);
    const auto y = torch::full({1 << 20}, denormal) * 0.5;
    QCOMPARE(y.ne(0).sum().item<int64_t>(), int64_t{0});
    at::globalContext().setFlushDenormal(false);  // leave this thread as other tests expect it
    at::set_num_threads(saved);
}

void TestModel::prepareImagesScalesAndLaysOut()
{
    const auto nchw = torch::randint(0, 256, {2, 3, 5, 7}, torch::kUInt8);
    const auto nhwc = nchw.contiguous(at::MemoryFormat::ChannelsLast);
    const auto expected = nchw.to(torch::kFloat) / 255.0;
    for (const auto& in : {nchw, nhwc}) {
        const auto cl = ys::prepareImages(in, torch::kCPU, true);
        const auto plain = ys::prepareImages(in, torch::kCPU, false);
        QCOMPARE(cl.scalar_type(), torch::kFloat);
        QVERIFY(cl.is_contiguous(at::MemoryFormat::ChannelsLast));
        QVERIFY(plain.is_contiguous());
        QVERIFY(torch::equal(cl, expected));
        QVERIFY(torch::equal(plain, expected));
    }
    QCOMPARE(ys::prepareImages(nhwc, torch::kCPU, true)[1][2][4][6].item<float>(), nchw[1][2][4][6].item<float>() / 255.0f);
}


void TestModel::checkpointingGivesTheSameGradients_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("setting");
    QTest::newRow("yolov8n all") << "yolov8n.yaml" << "all";
    QTest::newRow("yolov8n backbone") << "yolov8n.yaml" << "backbone";
    QTest::newRow("yolo11n all") << "yolo11n.yaml" << "all";
}

void TestModel::checkpointingGivesTheSameGradients()
{
    // One training step (fp32, channels_last as the trainer runs on the CPU) of two identical models, one with
    // activation checkpointing: every gradient equal within 1e-5 of the largest gradient of its tensor (the
    // recompute runs the same kernels on the same input; only the order in which autograd adds a tensor's
    // gradient contributions can differ, which moves the last bits of fp32 sums), BatchNorm statistics equal
    // exactly (the recompute's update is undone), and the CPU generator where it was.
    QFETCH(QString, model);
    QFETCH(QString, setting);
    const ModelSpec spec = specOrFail(model.toStdString(), 3);
    torch::manual_seed(7);
    DetectionModel plain(spec);
    torch::manual_seed(7);
    DetectionModel ckpt(spec);
    for (DetectionModel* m : {&plain, &ckpt}) {
        toChannelsLast(**m);
        (*m)->train();
    }
    const auto layers = checkpointLayers(*parseCheckpointSetting(setting.toStdString()), spec);
    QVERIFY(layers.ok());
    QVERIFY(!layers->empty());
    ckpt->setCheckpointLayers(*layers);
    QCOMPARE(ckpt->checkpointLayers(), *layers);
    const torch::Tensor x = torch::rand({2, 3, 96, 96}).contiguous(torch::MemoryFormat::ChannelsLast);
    std::vector<torch::Tensor> weights;
    size_t recomputed = 0;   // checkpoint nodes in the checkpointed model's graph
    auto step = [&](DetectionModel& m) {
        auto feats = m->forward(x);
        if (&m == &ckpt) {
            std::set<torch::autograd::Node*> seen;
            std::vector<torch::autograd::Node*> todo;
            for (const auto& f : feats)
                todo.push_back(f.grad_fn().get());
            while (!todo.empty()) {
                torch::autograd::Node* n = todo.back();
                todo.pop_back();
                if (!n || !seen.insert(n).second)
                    continue;
                if (n->name().find("CheckpointFunction") != std::string::npos)
                    ++recomputed;
                for (const auto& e : n->next_edges())
                    todo.push_back(e.function.get());
            }
        }
        if (weights.empty())
            for (const auto& f : feats)
                weights.push_back(torch::randn(f.sizes()));
        torch::Tensor loss = torch::zeros({});
        for (size_t i = 0; i < feats.size(); ++i)
            loss = loss + (feats[i] * weights[i]).sum();
        loss.backward();
    };
    step(plain);
    const torch::Tensor rngBefore = at::detail::getDefaultCPUGenerator().get_state();
    step(ckpt);
    QVERIFY(torch::equal(at::detail::getDefaultCPUGenerator().get_state(), rngBefore));
    // Every checkpointed layer is one recompute node (the Detect head one per level).
    const bool head = layers->back() == static_cast<int>(spec.layers.size()) - 1;
    QCOMPARE(recomputed, layers->size() + (head ? spec.strides.size() - 1 : 0));
    const auto a = plain->named_parameters(), b = ckpt->named_parameters();
    double worst = 0;
    for (const auto& p : a) {
        const torch::Tensor ga = p.value().grad(), gb = b[p.key()].grad();
        QCOMPARE(ga.defined(), gb.defined());
        if (!ga.defined())
            continue;
        const double scale = ga.abs().max().item<double>();
        const double diff = (ga - gb).abs().max().item<double>();
        worst = std::max(worst, scale > 0 ? diff / scale : diff);
        QVERIFY2(diff <= 1e-5 * scale + 1e-9, (p.key() + ": " + std::to_string(diff) + " of " + std::to_string(scale)).c_str());
    }
    qInfo("%s checkpoint=%s: largest gradient difference %.2e of its tensor's largest gradient", qPrintable(model),
          qPrintable(setting), worst);
    const auto ba = plain->named_buffers(), bb = ckpt->named_buffers();
    for (const auto& buf : ba)
        QVERIFY2(torch::equal(buf.value(), bb[buf.key()]), buf.key().c_str());
    QCOMPARE(bb["model.0.bn.num_batches_tracked"].item<int64_t>(), int64_t{1});
}

void TestModel::checkpointRecomputesWithTheSameRandomNumbers()
{
    // A block that draws random numbers (as dropout would): the backward's recompute draws the same ones, so the
    // gradient is the forward's mask, and the random stream after the step is where an unckeckpointed step leaves it.
    auto holder = torch::nn::Linear(4, 4);
    CheckpointBlock block{[](const torch::Tensor& t) { return t * torch::rand_like(t); }, {holder.get()}};
    torch::manual_seed(3);
    torch::Tensor x = torch::rand({8, 4}).requires_grad_(true);
    torch::Tensor y = checkpointed(block, x);
    const torch::Tensor next = torch::rand({1});   // the stream after the forward's draws
    y.sum().backward();
    QVERIFY(torch::allclose(x.grad(), y.detach() / x.detach(), 1e-6, 1e-6));
    torch::manual_seed(3);
    torch::Tensor x2 = torch::rand({8, 4});
    const torch::Tensor mask = torch::rand_like(x2);
    QVERIFY(torch::allclose(x.grad(), mask));
    QVERIFY(torch::equal(torch::rand({1}), next));
    // In bf16 autocast the recompute runs in autocast too: the gradient of a matmul block matches the plain one.
    auto lin = torch::nn::Linear(8, 8);
    CheckpointBlock mm{[lin](const torch::Tensor& t) mutable { return lin->forward(t); }, {lin.get()}};
    const torch::Tensor in = torch::rand({4, 8});
    torch::Tensor plainGrad, ckptGrad;
    for (bool ck : {false, true}) {
        lin->zero_grad();
        {
            AutocastGuard ac(AmpMode::Bf16, torch::Device(torch::kCPU));
            torch::Tensor out = ck ? checkpointed(mm, in) : lin->forward(in);
            QCOMPARE(out.scalar_type(), torch::kBFloat16);
            out.to(torch::kFloat32).sum().backward();
        }
        (ck ? ckptGrad : plainGrad) = lin->weight.grad().clone();
    }
    QVERIFY(torch::equal(plainGrad, ckptGrad));
}

void TestModel::checkpointSettingsNameLayers()
{
    const ModelSpec spec = specOrFail("yolov8n.yaml", 3);
    QCOMPARE(spec.backboneLayers, 10);
    auto backbone = checkpointLayers(*parseCheckpointSetting("backbone"), spec);
    QVERIFY(backbone.ok());
    QCOMPARE(*backbone, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    auto all = checkpointLayers(*parseCheckpointSetting("all"), spec);
    QVERIFY(all.ok());
    // Upsample (10, 13) and Concat (11, 14, 17, 20) keep nothing; Detect (22) is in.
    for (int i : {10, 11, 13, 14, 17, 20})
        QVERIFY(std::find(all->begin(), all->end(), i) == all->end());
    QCOMPARE(all->back(), 22);
    QVERIFY(checkpointLayers(*parseCheckpointSetting("off"), spec)->empty());
    QVERIFY(checkpointLayers(*parseCheckpointSetting("auto"), spec)->empty());
    auto concat = checkpointLayers(*parseCheckpointSetting("[2, 11]"), spec);
    QVERIFY(!concat.ok());
    QCOMPARE(concat.error().code, std::string("config.checkpoint"));
    QVERIFY2(concat.error().message.find("layer 11 (Concat)") != std::string::npos, concat.error().message.c_str());
    auto beyond = checkpointLayers(*parseCheckpointSetting("[40]"), spec);
    QVERIFY(!beyond.ok());
    QVERIFY2(beyond.error().message.find("layers 0..22") != std::string::npos, beyond.error().message.c_str());
    // Evaluation and no-grad passes run plainly: the outputs equal the unchecked model's.
    torch::manual_seed(1);
    DetectionModel a(spec);
    torch::manual_seed(1);
    DetectionModel b(spec);
    b->setCheckpointLayers(*all);
    a->eval();
    b->eval();
    torch::NoGradGuard ng;
    const torch::Tensor x = torch::rand({1, 3, 64, 64});
    auto fa = a->forward(x), fb = b->forward(x);
    for (size_t i = 0; i < fa.size(); ++i)
        QVERIFY(torch::equal(fa[i], fb[i]));
}

QTEST_GUILESS_MAIN(TestModel)
#include "test_model.moc"
