// YOLO11 and YOLOv9 next to YOLOv8: parameter counts at nc 80 against the reference, every state-dict name
// and shape against the reference's checkpoints, forward shapes, the fused BatchNorm + SiLU op on every
// convolution in training, inference fusing (RepConv merge), analytic GFLOPs against the reference's, the
// family's scales, and the errors of the new modules' rows.
#include "model/internal/fused_bn_act.h"
#include "model/internal/yolo.h"
#include "model/model.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>

using namespace ys;

namespace {

ModelSpec specOrFail(const std::string& model, int nc = 80)
{
    auto s = loadModelSpec(model, nc);
    if (!s)
        qFatal("loadModelSpec(%s): %s", model.c_str(), s.error().toString().c_str());
    return s.value();
}

QString fixturesDir()
{
    const QString shared = test::sharedDatasets();
    return shared.isEmpty() ? QString() : QDir(shared).absoluteFilePath("../fixtures/ultralytics");
}

// Every state-dict entry (parameters and buffers) with its shape.
std::map<std::string, std::vector<int64_t>> stateDictShapes(torch::nn::Module& m)
{
    std::map<std::string, std::vector<int64_t>> out;
    for (const auto& p : m.named_parameters())
        out[p.key()] = p.value().sizes().vec();
    for (const auto& b : m.named_buffers())
        out[b.key()] = b.value().sizes().vec();
    return out;
}

// Counts the autograd nodes below `roots` whose name contains each of `names`.
std::map<std::string, int> countGraphNodes(const std::vector<torch::Tensor>& roots, const std::vector<std::string>& names)
{
    std::map<std::string, int> counts;
    std::set<torch::autograd::Node*> seen;
    std::vector<torch::autograd::Node*> stack;
    for (const auto& r : roots)
        if (r.grad_fn())
            stack.push_back(r.grad_fn().get());
    while (!stack.empty()) {
        torch::autograd::Node* n = stack.back();
        stack.pop_back();
        if (!n || !seen.insert(n).second)
            continue;
        const std::string nodeName = n->name();
        for (const auto& want : names)
            if (nodeName.find(want) != std::string::npos)
                ++counts[want];
        for (const auto& e : n->next_edges())
            stack.push_back(e.function.get());
    }
    return counts;
}

int countModules(torch::nn::Module& m, const std::function<bool(torch::nn::Module*)>& is)
{
    int n = 0;
    for (const auto& c : m.modules(/*include_self=*/false))
        n += is(c.get()) ? 1 : 0;
    return n;
}

}  // namespace

class TestFamilies final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void parameterCounts_data();
    void parameterCounts();
    void analyticCountMatchesModules_data();
    void analyticCountMatchesModules();
    void stateDictMatchesReference_data();
    void stateDictMatchesReference();
    void forwardShapes_data();
    void forwardShapes();
    void everyConvTrainsThroughFusedOp_data();
    void everyConvTrainsThroughFusedOp();
    void fusedInferenceMatches_data();
    void fusedInferenceMatches();
    void gflopsMatchReference_data();
    void gflopsMatchReference();
    void namesAndScales();
    void familyScalesFollowTheYaml();
    void summaryRows();
    void detectHeadWidths();
    void moduleErrors_data();
    void moduleErrors();
};

void TestFamilies::initTestCase()
{
    torch::manual_seed(0);
    torch::set_num_threads(1);  // correctness only; one thread keeps CTest -j from oversubscribing
}

void TestFamilies::parameterCounts_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<qlonglong>("params");
    // The reference's counts at nc 80 (issue 11), including the 16 fixed DFL weights.
    QTest::newRow("yolo11n") << "yolo11n.yaml" << 2624080LL;
    QTest::newRow("yolo11s") << "yolo11s.yaml" << 9458752LL;
    QTest::newRow("yolo11m") << "yolo11m.yaml" << 20114688LL;
    QTest::newRow("yolo11l") << "yolo11l.yaml" << 25372160LL;
    QTest::newRow("yolo11x") << "yolo11x.yaml" << 56966176LL;
    QTest::newRow("yolov9t") << "yolov9t.yaml" << 2128720LL;
    QTest::newRow("yolov9s") << "yolov9s.yaml" << 7318368LL;
    QTest::newRow("yolov9m") << "yolov9m.yaml" << 20216160LL;
    QTest::newRow("yolov9c") << "yolov9c.yaml" << 25590912LL;
    QTest::newRow("yolov9e") << "yolov9e.yaml" << 58206592LL;
    QTest::newRow("yolov8n") << "yolov8n.yaml" << 3157200LL;  // PRODUCT.md
    QTest::newRow("yolov8s") << "yolov8s.yaml" << 11166560LL;
    QTest::newRow("yolov8m") << "yolov8m.yaml" << 25902640LL;
    QTest::newRow("yolov8l") << "yolov8l.yaml" << 43691520LL;
    QTest::newRow("yolov8x") << "yolov8x.yaml" << 68229648LL;
    QTest::newRow("yolov8 no letter = n") << "yolov8.yaml" << 3157200LL;
}

void TestFamilies::parameterCounts()
{
    QFETCH(QString, model);
    QFETCH(qlonglong, params);
    const ModelSpec spec = specOrFail(model.toStdString());
    QCOMPARE(static_cast<qlonglong>(spec.params()), params);  // analytic, before allocating
    DetectionModel net(spec);
    QCOMPARE(static_cast<qlonglong>(countParameters(*net)), params);
    QCOMPARE(static_cast<qlonglong>(countGradients(*net)), params - 16);  // DFL projection is fixed
}

void TestFamilies::analyticCountMatchesModules_data()
{
    QTest::addColumn<QString>("model");
    for (const char* m : {"yolo11n.yaml", "yolo11m.yaml", "yolov9t.yaml", "yolov9m.yaml", "yolov9e.yaml"})
        QTest::newRow(m) << m;
}

void TestFamilies::analyticCountMatchesModules()
{
    QFETCH(QString, model);
    const ModelSpec spec = specOrFail(model.toStdString(), 7);
    DetectionModel net(spec);
    QCOMPARE(net->layerCount(), spec.layers.size());
    for (size_t i = 0; i < net->layerCount(); ++i)
        QVERIFY2(countParameters(*net->layer(i)) == spec.layers[i].params, qPrintable(QString("layer %1").arg(i)));
}

void TestFamilies::stateDictMatchesReference_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::newRow("yolo11n") << "demo-yolo11n";
    QTest::newRow("yolov9t") << "demo-yolov9t";
    QTest::newRow("yolov8n") << "demo-yolov8n";
    QTest::newRow("yolov8n nc 80") << "coco128-yolov8n";
}

// Every name and shape of the reference's state dict (the fixture's io.json), and nothing else.
void TestFamilies::stateDictMatchesReference()
{
    QFETCH(QString, fixture);
    const QString dir = fixturesDir();
    QFile f(dir + "/" + fixture + "/io.json");
    if (dir.isEmpty() || !f.open(QIODevice::ReadOnly))
        QSKIP("../shared/fixtures/ultralytics is not available");
    const QJsonObject io = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject ref = io["state_dict"].toObject();
    QVERIFY(ref.size() > 300);
    DetectionModel net(specOrFail(io["model"].toString().toStdString(), io["nc"].toInt()));
    const auto ours = stateDictShapes(*net);
    QStringList missing, wrongShape;
    for (auto it = ref.begin(); it != ref.end(); ++it) {
        std::vector<int64_t> shape;
        for (const auto& d : it.value().toArray())
            shape.push_back(d.toInteger());
        const auto o = ours.find(it.key().toStdString());
        if (o == ours.end())
            missing << it.key();
        else if (o->second != shape)
            wrongShape << it.key();
    }
    QStringList extra;
    for (const auto& [name, shape] : ours)
        if (!ref.contains(QString::fromStdString(name)))
            extra << QString::fromStdString(name);
    QVERIFY2(missing.isEmpty(), qPrintable("missing: " + missing.mid(0, 10).join(", ")));
    QVERIFY2(wrongShape.isEmpty(), qPrintable("other shape: " + wrongShape.mid(0, 10).join(", ")));
    QVERIFY2(extra.isEmpty(), qPrintable("not in the reference: " + extra.mid(0, 10).join(", ")));
    QCOMPARE(static_cast<qint64>(countParameters(*net)), io["parameters"].toInteger());
    // The eval output has the reference's shape for the fixture's input: [B, 4 + nc, anchors]. Its values
    // are compared once checkpoints load (the checkpoint reader copies the fixture's weights in).
    const QJsonArray in = io["input_shape"].toArray(), outShape = io["output_shape"].toArray();
    net->eval();
    torch::NoGradGuard ng;
    auto y = net->decode(net->forward(torch::rand({in[0].toInt(), in[1].toInt(), in[2].toInt(), in[3].toInt()})));
    QCOMPARE(y.sizes().vec(),
             (std::vector<int64_t>{outShape[0].toInt(), outShape[1].toInt(), outShape[2].toInt()}));
}

void TestFamilies::forwardShapes_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<bool>("training");
    for (const char* m : {"yolo11n.yaml", "yolov9t.yaml", "yolov9e.yaml"}) {
        QTest::newRow(qPrintable(QString("%1 train").arg(m))) << m << true;
        QTest::newRow(qPrintable(QString("%1 eval").arg(m))) << m << false;
    }
}

void TestFamilies::forwardShapes()
{
    QFETCH(QString, model);
    QFETCH(bool, training);
    const int nc = 3, h = 96, w = 64;
    DetectionModel net(specOrFail(model.toStdString(), nc));
    net->train(training);
    toChannelsLast(*net);  // the CPU trainer's layout: the attention and CBFuse reshapes must accept it
    auto x = torch::rand({2, 3, h, w}).contiguous(torch::MemoryFormat::ChannelsLast);
    torch::NoGradGuard ng;
    auto feats = net->forward(x);
    QCOMPARE(feats.size(), size_t(3));
    const int64_t strides[] = {8, 16, 32};
    for (size_t i = 0; i < 3; ++i)
        QCOMPARE(feats[i].sizes().vec(), (std::vector<int64_t>{2, 64 + nc, h / strides[i], w / strides[i]}));
    auto y = net->decode(feats);
    QCOMPARE(y.sizes().vec(), (std::vector<int64_t>{2, 4 + nc, 12 * 8 + 6 * 4 + 3 * 2}));
    QVERIFY(y.isfinite().all().item<bool>());
    // A fresh model's class prior is low, as for YOLOv8.
    QVERIFY(y.narrow(1, 4, nc).max().item<float>() < 0.05f);
    // Same result from an NCHW input.
    if (!training) {
        auto y2 = net->decode(net->forward(x.contiguous()));
        QVERIFY(torch::allclose(y, y2, 1e-3, 1e-3));
    }
}

void TestFamilies::everyConvTrainsThroughFusedOp_data()
{
    QTest::addColumn<QString>("model");
    for (const char* m : {"yolov8n.yaml", "yolo11n.yaml", "yolov9t.yaml", "yolov9e.yaml"})
        QTest::newRow(m) << m;
}

// In a CPU training step every Conv (the new modules' included: attention, RepConv branches, depthwise
// class branch) runs BatchNorm (+ SiLU) as the fused op; no composite BatchNorm is left in the graph.
void TestFamilies::everyConvTrainsThroughFusedOp()
{
    QFETCH(QString, model);
    DetectionModel net(specOrFail(model.toStdString(), 2));
    toChannelsLast(*net);
    net->train();
    QVERIFY(fusedBnActEnabled());
    auto feats = net->forward(torch::rand({2, 3, 64, 64}).contiguous(torch::MemoryFormat::ChannelsLast));
    const int convs = countModules(*net, [](torch::nn::Module* m) { return dynamic_cast<ConvImpl*>(m) != nullptr; });
    const auto nodes = countGraphNodes(feats, {"BnActFunction", "NativeBatchNormBackward", "BatchNormBackward"});
    auto count = [&](const char* k) { return nodes.count(k) ? nodes.at(k) : 0; };
    qInfo("%d Conv modules, %d fused BatchNorm nodes", convs, count("BnActFunction"));
    QVERIFY(convs > 50);
    QCOMPARE(count("BnActFunction"), convs);
    QCOMPARE(count("NativeBatchNormBackward") + count("BatchNormBackward"), 0);
}

void TestFamilies::fusedInferenceMatches_data()
{
    QTest::addColumn<QString>("model");
    for (const char* m : {"yolo11n.yaml", "yolov9t.yaml"})
        QTest::newRow(m) << m;
}

// fuse() folds every BatchNorm and merges each RepConv's 1x1 branch into its 3x3: same detections.
void TestFamilies::fusedInferenceMatches()
{
    QFETCH(QString, model);
    DetectionModel net(specOrFail(model.toStdString(), 4));
    net->train();
    {
        torch::NoGradGuard ng;
        net->forward(torch::rand({2, 3, 64, 64}) * 2);  // non-trivial running statistics
    }
    net->eval();
    torch::NoGradGuard ng;
    auto x = torch::rand({1, 3, 64, 64});
    auto a = net->decode(net->forward(x));
    net->fuse();
    int merged = 0;
    for (const auto& m : net->modules(false))
        if (auto* r = dynamic_cast<RepConvImpl*>(m.get()))
            merged += r->merged ? 1 : 0;
    if (model.startsWith("yolov9"))
        QVERIFY(merged > 10);
    auto b = net->decode(net->forward(x));
    QVERIFY(torch::allclose(a, b, 1e-3, 1e-3));
}

void TestFamilies::gflopsMatchReference_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("gflops");
    // 2 x multiply-accumulates of every Conv2d (the DFL's included; and, for YOLO11, the attention's two matrix
    // products) of the
    // reference's modules on one 640 x 640 image, counted with forward hooks in Ultralytics 8.3.112 (its own
    // profiler, thop, is not installed here; it also counts BatchNorm and publishes 8.9 / 6.6 / 8.5).
    QTest::newRow("yolov8n") << "yolov8n.yaml" << 8.7439872;
    QTest::newRow("yolo11n") << "yolo11n.yaml" << 6.5425024;
    QTest::newRow("yolo11m") << "yolo11m.yaml" << 68.104448;
    QTest::newRow("yolov9t") << "yolov9t.yaml" << 8.31104;
    QTest::newRow("yolov9e") << "yolov9e.yaml" << 191.664384;
}

void TestFamilies::gflopsMatchReference()
{
    QFETCH(QString, model);
    QFETCH(double, gflops);
    auto s = summarizeModel(model.toStdString(), 80, 640);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
    QVERIFY2(std::abs(s->gflops - gflops) < 1e-6 * gflops, qPrintable(QString("%1 vs %2").arg(s->gflops).arg(gflops)));
}

void TestFamilies::namesAndScales()
{
    const ModelSpec a = specOrFail("yolo11s.yaml");
    QCOMPARE(QString::fromStdString(a.name), QString("YOLO11s"));
    QCOMPARE(a.scale, 's');
    QCOMPARE(QString::fromStdString(a.family), QString("yolo11"));
    QCOMPARE(QString::fromStdString(a.scales), QString("nsmlx"));
    QVERIFY(a.builtin);
    QCOMPARE(specOrFail("yolo11.yaml").scale, 'n');  // no letter: the first scale, as the reference
    const ModelSpec c = specOrFail("yolov9c.yaml");
    QCOMPARE(QString::fromStdString(c.name), QString("YOLOv9c"));
    QCOMPARE(c.scale, 'c');
    QCOMPARE(QString::fromStdString(c.family), QString("yolov9"));
    QVERIFY(c.scales.empty());
    QCOMPARE(specOrFail("YOLOv9S.yml").params(), int64_t{7318368});
    // Not built-in: a clear error that lists what is.
    for (const char* bad : {"yolov9.yaml", "yolov9x.yaml", "yolo11q.yaml", "yolo12n.yaml"}) {
        auto e = loadModelSpec(bad, 80);
        QVERIFY2(!e.ok(), bad);
        QCOMPARE(QString::fromStdString(e.error().code), QString("model.not_found"));
        QVERIFY(QString::fromStdString(e.error().message).contains("yolov9e.yaml"));
    }
    const auto names = builtinModelNames();
    QCOMPARE(names.size(), size_t(15));
    for (const auto& n : names)
        QVERIFY2(loadModelSpec(n, 80).ok(), n.c_str());
    // A user's copy: the scale letter from its name, as for YOLOv8.
    QTemporaryDir dir;
    const QString copy = dir.filePath("yolo11m-mine.yaml");
    QVERIFY(test::writeText(copy, builtinModelYaml("yolo11.yaml")));
    const ModelSpec mine = specOrFail(copy.toStdString());
    QCOMPARE(mine.scale, 'm');
    QCOMPARE(mine.params(), int64_t{20114688});
    QVERIFY(!mine.builtin);
}

void TestFamilies::familyScalesFollowTheYaml()
{
    auto names = [](const ModelSpec& s) {
        auto f = familyScales(s);
        if (!f)
            qFatal("familyScales: %s", f.error().toString().c_str());
        QStringList out;
        for (const auto& m : f.value())
            out << QString("%1:%2:%3").arg(QString::fromStdString(m.name)).arg(m.scale).arg(m.nc);
        return out.join(' ');
    };
    QCOMPARE(names(specOrFail("yolo11s.yaml", 5)), QString("YOLO11n:n:5 YOLO11s:s:5 YOLO11m:m:5 YOLO11l:l:5 YOLO11x:x:5"));
    QCOMPARE(names(specOrFail("yolov8x.yaml")).count(' '), 4);
    QCOMPARE(names(specOrFail("yolov9c.yaml", 3)), QString("YOLOv9t:t:3 YOLOv9s:s:3 YOLOv9m:m:3 YOLOv9c:c:3 YOLOv9e:e:3"));
    // Siblings of a scaled YAML follow its scales even when it names one with `scale:`.
    QTemporaryDir dir;
    const QString pinned = dir.filePath("pinned.yaml");
    QVERIFY(test::writeText(pinned, std::string("scale: l\n") + builtinModelYaml("yolo11.yaml")));
    auto f = familyScales(specOrFail(pinned.toStdString()));
    QVERIFY(f.ok());
    QCOMPARE(f->size(), size_t(5));
    QCOMPARE(f->at(0).params(), int64_t{2624080});
    QCOMPARE(f->at(3).params(), int64_t{25372160});
    // A YAML without scales that is not built-in is a family of one.
    const QString v9copy = dir.filePath("v9.yaml");
    QVERIFY(test::writeText(v9copy, builtinModelYaml("yolov9t.yaml")));
    auto one = familyScales(specOrFail(v9copy.toStdString()));
    QVERIFY(one.ok());
    QCOMPARE(one->size(), size_t(1));
}

void TestFamilies::summaryRows()
{
    // Per-layer parameters and arguments as the reference prints them for yolo11n and yolov9e.
    auto n = summarizeModel("yolo11n.yaml", 80, 640);
    QVERIFY(n.ok());
    QCOMPARE(n->layers.size(), size_t(24));
    const int64_t refParams[24] = {464,   4672, 6640,   36992, 26080,  147712, 87040, 295424,
                                   346112, 164608, 249728, 0,    0,      111296, 0,     0,
                                   32096, 36992, 0,      86720, 147712, 0,      378880, 464912};
    for (size_t i = 0; i < 24; ++i)
        QVERIFY2(n->layers[i].params == refParams[i], qPrintable(QString("layer %1: %2").arg(i).arg(n->layers[i].params)));
    QCOMPARE(QString::fromStdString(n->layers[2].module), QString("C3k2"));
    QCOMPARE(QString::fromStdString(n->layers[2].args), QString("[32, 64, 1, False, 0.25]"));
    QCOMPARE(n->layers[2].params, int64_t{6640});
    QCOMPARE(QString::fromStdString(n->layers[10].module), QString("C2PSA"));
    QCOMPARE(QString::fromStdString(n->layers[10].args), QString("[256, 256, 1]"));
    QCOMPARE(n->layers[10].params, int64_t{249728});
    QCOMPARE(QString::fromStdString(summaryLine(n.value())),
             QString("YOLO11n summary: 319 layers, 2624080 parameters, 2624064 gradients, 6.5 GFLOPs"));
    auto m = summarizeModel("yolo11m.yaml", 80, 640);
    QVERIFY(m.ok());
    QCOMPARE(QString::fromStdString(m->layers[2].args), QString("[128, 256, 1, True, 0.25]"));  // C3k for m/l/x
    auto e = summarizeModel("yolov9e.yaml", 80, 640);
    QVERIFY(e.ok());
    QCOMPARE(QString::fromStdString(e->layers[0].module), QString("nn.Identity"));
    // The reference's module counts (len(list(model.modules()))): yolov8n 225, yolo11n 319, yolov9t 917.
    QCOMPARE(summarizeModel("yolov8n.yaml", 80, 640)->modules, 225);
    QCOMPARE(summarizeModel("yolov9t.yaml", 80, 640)->modules, 917);
    QCOMPARE(QString::fromStdString(e->layers[14].args), QString("[1024, [64, 128, 256, 512, 1024]]"));
    QCOMPARE(QString::fromStdString(e->layers[16].args), QString("[[0, 0, 0, 0, 0]]"));
    QCOMPARE(QString::fromStdString(e->layers[16].from), QString("[10, 11, 12, 13, 14, -1]"));
    QCOMPARE(QString::fromStdString(e->layers[3].args), QString("[128, 256, 128, 64, 2]"));
    QCOMPARE(e->layers[3].params, int64_t{252160});
    QCOMPARE(e->layers[4].params, int64_t{164352});
    QCOMPARE(e->layers[14].params, int64_t{2033600});
}

void TestFamilies::detectHeadWidths()
{
    // The head widths live in the Detect row; YOLO11's class branch is depthwise-separable, YOLOv8/9's not.
    const auto& d11 = specOrFail("yolo11n.yaml").layers.back();
    QCOMPARE(d11.boxWidth, 64);
    QCOMPARE(d11.clsWidth, 80);
    QVERIFY(d11.dwClassBranch);
    const auto& d9 = specOrFail("yolov9t.yaml", 5).layers.back();
    QCOMPARE(d9.boxWidth, 64);
    QCOMPARE(d9.clsWidth, 64);
    QVERIFY(!d9.dwClassBranch);
    QVERIFY(!specOrFail("yolov8s.yaml").layers.back().dwClassBranch);
    DetectionModel net(specOrFail("yolo11n.yaml", 5));
    const auto params = net->named_parameters();
    QVERIFY(params.find("model.23.cv3.0.0.0.conv.weight"));
    QCOMPARE(params["model.23.cv3.0.0.0.conv.weight"].sizes().vec(), (std::vector<int64_t>{64, 1, 3, 3}));
    // c3 = max(64, min(nc, 100)) = 64 at nc 5
    QCOMPARE(params["model.23.cv3.2.1.1.conv.weight"].sizes().vec(), (std::vector<int64_t>{64, 64, 1, 1}));
}

void TestFamilies::moduleErrors_data()
{
    QTest::addColumn<QString>("rows");
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("line");
    // Rows from line 3 on; every file ends in a Detect the previous rows can feed.
    QTest::newRow("C2PSA changes channels")
        << "  - [-1, 1, Conv, [128, 3, 2]]\n  - [-1, 1, C2PSA, [256]]\n  - [[1], 1, Detect, [nc]]\n"
        << "model.bad_args" << 4;
    QTest::newRow("C2PSA under one head")
        << "  - [-1, 1, Conv, [64, 3, 2]]\n  - [-1, 1, C2PSA, [64]]\n  - [[1], 1, Detect, [nc]]\n"
        << "model.bad_args" << 4;
    QTest::newRow("ADown odd channels")
        << "  - [-1, 1, ADown, [32]]\n  - [[0], 1, Detect, [nc]]\n"  // the image's 3 channels
        << "model.bad_args" << 3;
    QTest::newRow("RepNCSPELAN4 without c4")
        << "  - [-1, 1, Conv, [16, 3, 2]]\n  - [-1, 1, RepNCSPELAN4, [32, 32]]\n  - [[1], 1, Detect, [nc]]\n"
        << "model.bad_args" << 4;
    QTest::newRow("CBLinear into Conv")
        << "  - [-1, 1, Conv, [16, 3, 2]]\n  - [-1, 1, CBLinear, [[16, 16]]]\n  - [-1, 1, Conv, [16]]\n"
           "  - [[2], 1, Detect, [nc]]\n"
        << "model.bad_from" << 5;
    QTest::newRow("CBFuse part out of range")
        << "  - [-1, 1, Conv, [16, 3, 2]]\n  - [-1, 1, CBLinear, [[16, 16]]]\n  - [0, 1, Conv, [16]]\n"
           "  - [[1, -1], 1, CBFuse, [[2]]]\n  - [[3], 1, Detect, [nc]]\n"
        << "model.bad_args" << 6;
    QTest::newRow("CBFuse channels differ")
        << "  - [-1, 1, Conv, [16, 3, 2]]\n  - [-1, 1, CBLinear, [[16, 8]]]\n  - [0, 1, Conv, [16]]\n"
           "  - [[1, -1], 1, CBFuse, [[1]]]\n  - [[3], 1, Detect, [nc]]\n"
        << "model.bad_args" << 6;
    QTest::newRow("RepNCSPELAN4 repeated")
        << "  - [-1, 1, Conv, [16, 3, 2]]\n  - [-1, 2, RepNCSPELAN4, [32, 32, 16, 1]]\n  - [[1], 1, Detect, [nc]]\n"
        << "model.bad_repeats" << 4;
}

void TestFamilies::moduleErrors()
{
    QFETCH(QString, rows);
    QFETCH(QString, code);
    QFETCH(int, line);
    auto s = parseModelSpec("nc: 2\nbackbone:\n" + rows.toStdString(), "bad.yaml", 0);
    QVERIFY2(!s.ok(), "the YAML loaded");
    QCOMPARE(QString::fromStdString(s.error().code), code);
    QCOMPARE(s.error().line, line);
    QCOMPARE(QString::fromStdString(s.error().file), QString("bad.yaml"));
}

QTEST_GUILESS_MAIN(TestFamilies)
#include "test_families.moc"
