// YOLO11, YOLOv9 and YOLO26 next to YOLOv8: parameter counts at nc 80 against the reference, every state-dict
// name and shape against the reference's checkpoints (YOLO26: against Ultralytics 8.4's state dict of each
// scale, tests/data/model), forward shapes, the fused BatchNorm + SiLU op on every convolution in training,
// inference fusing (RepConv merge), analytic GFLOPs against the reference's, the family's scales, YOLO26's
// blocks (SPPF, attention C3k2, end-to-end head), and the errors of the new modules' rows.
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

#include <fstream>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>

using namespace ys;

namespace {

// A data-driven test's rows: one per model YAML, in a column "model".
void modelRows(std::initializer_list<const char*> models)
{
    QTest::addColumn<QString>("model");
    for (const char* m : models)
        QTest::newRow(m) << m;
}

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

// Every state-dict entry in order (parameters, then buffers, per module, as torch's state_dict()).
std::vector<std::pair<std::string, std::vector<int64_t>>> stateDictInOrder(torch::nn::Module& m,
                                                                           const std::string& prefix = "")
{
    std::vector<std::pair<std::string, std::vector<int64_t>>> out;
    for (const auto& p : m.named_parameters(/*recurse=*/false))
        out.emplace_back(prefix + p.key(), p.value().sizes().vec());
    for (const auto& b : m.named_buffers(/*recurse=*/false))
        out.emplace_back(prefix + b.key(), b.value().sizes().vec());
    for (const auto& c : m.named_children()) {
        auto sub = stateDictInOrder(*c.value(), prefix + c.key() + ".");
        out.insert(out.end(), sub.begin(), sub.end());
    }
    return out;
}

// Ultralytics 8.4's YOLO26 state dict at `scale` from tests/data/model/yolo26_state_dict.txt (see its header).
std::vector<std::pair<std::string, std::vector<int64_t>>> yolo26Reference(char scale)
{
    std::ifstream in(YS_TEST_DATA_DIR "/model/yolo26_state_dict.txt");
    std::vector<std::pair<std::string, std::vector<int64_t>>> out;
    bool mine = false;
    size_t expected = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream ls(line);
        std::string name, word;
        ls >> name;
        if (name == "scale") {
            size_t entries = 0;
            ls >> word >> entries;
            if (mine)
                break;
            mine = word.size() == 1 && word[0] == scale;
            expected = entries;
            continue;
        }
        if (!mine)
            continue;
        std::vector<int64_t> shape;
        bool conv = false;
        while (ls >> word) {
            if (word == "Conv")
                conv = true;
            else
                shape.push_back(std::stoll(word));
        }
        if (!conv) {
            out.emplace_back(name, shape);
            continue;
        }
        out.emplace_back(name + ".conv.weight", shape);
        for (const char* bn : {"weight", "bias", "running_mean", "running_var"})
            out.emplace_back(name + ".bn." + bn, std::vector<int64_t>{shape.at(0)});
        out.emplace_back(name + ".bn.num_batches_tracked", std::vector<int64_t>{});
    }
    if (out.size() != expected)
        qFatal("yolo26_state_dict.txt: scale %c has %zu entries, its header says %zu", scale, out.size(), expected);
    return out;
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
    void yolo26StateDictMatchesUltralytics84_data();
    void yolo26StateDictMatchesUltralytics84();
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
    void yolo26Sppf();
    void yolo26AttentionC3k2();
    void yolo26EndToEndHead();
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
    // Ultralytics 8.4.190 (its yolo26.yaml comments and YOLO("yolo26n.yaml").info()): no DFL projection.
    QTest::newRow("yolo26n") << "yolo26n.yaml" << 2572280LL;
    QTest::newRow("yolo26s") << "yolo26s.yaml" << 10009784LL;
    QTest::newRow("yolo26m") << "yolo26m.yaml" << 21896248LL;
    QTest::newRow("yolo26l") << "yolo26l.yaml" << 26299704LL;
    QTest::newRow("yolo26x") << "yolo26x.yaml" << 58993368LL;
}

void TestFamilies::parameterCounts()
{
    QFETCH(QString, model);
    QFETCH(qlonglong, params);
    const ModelSpec spec = specOrFail(model.toStdString());
    QCOMPARE(static_cast<qlonglong>(spec.params()), params);  // analytic, before allocating
    DetectionModel net(spec);
    QCOMPARE(static_cast<qlonglong>(countParameters(*net)), params);
    // The DFL projection (reg_max weights) is fixed; YOLO26 (reg_max 1) has none.
    QCOMPARE(static_cast<qlonglong>(countGradients(*net)), params - (spec.regMax > 1 ? spec.regMax : 0));
}

void TestFamilies::analyticCountMatchesModules_data()
{
    modelRows({"yolo11n.yaml", "yolo11m.yaml", "yolov9t.yaml", "yolov9m.yaml", "yolov9e.yaml",
               "yolo26n.yaml", "yolo26m.yaml", "yolo26l.yaml"});
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
    QTest::newRow("yolo26n (Ultralytics 8.4)") << "demo-yolo26n";
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

void TestFamilies::yolo26StateDictMatchesUltralytics84_data()
{
    modelRows({"yolo26n.yaml", "yolo26s.yaml", "yolo26m.yaml", "yolo26l.yaml", "yolo26x.yaml"});
}

// Every name and shape of Ultralytics 8.4's YOLO26 state dict, in its order (so an 8.4 checkpoint maps 1:1),
// for each scale: the m/l/x scales' C3k blocks, l/x's two-block rows, the attention blocks, the one-to-one copies.
void TestFamilies::yolo26StateDictMatchesUltralytics84()
{
    QFETCH(QString, model);
    const ModelSpec spec = specOrFail(model.toStdString());
    const auto ref = yolo26Reference(spec.scale);
    QVERIFY(ref.size() > 700);
    DetectionModel net(spec);
    const auto ours = stateDictInOrder(*net);
    for (size_t i = 0; i < std::min(ours.size(), ref.size()); ++i) {
        QVERIFY2(ours[i].first == ref[i].first,
                 qPrintable(QString("entry %1: %2, the reference has %3")
                                .arg(i)
                                .arg(QString::fromStdString(ours[i].first), QString::fromStdString(ref[i].first))));
        QVERIFY2(ours[i].second == ref[i].second, ref[i].first.c_str());
    }
    QCOMPARE(ours.size(), ref.size());
}

void TestFamilies::forwardShapes_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<bool>("training");
    for (const char* m : {"yolo11n.yaml", "yolov9t.yaml", "yolov9e.yaml", "yolo26n.yaml"}) {
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
        QCOMPARE(feats[i].sizes().vec(),
                 (std::vector<int64_t>{2, 4 * net->regMax() + nc, h / strides[i], w / strides[i]}));
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
    modelRows({"yolov8n.yaml", "yolo11n.yaml", "yolov9t.yaml", "yolov9e.yaml", "yolo26n.yaml"});
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
    // forward() runs every Conv but those of an end-to-end head's one-to-one copies (same code, forwardOneToOne).
    int convs = 0;
    for (const auto& m : net->named_modules())
        convs += dynamic_cast<ConvImpl*>(m.value().get()) && m.key().find("one2one_") == std::string::npos ? 1 : 0;
    const auto nodes = countGraphNodes(feats, {"BnActFunction", "NativeBatchNormBackward", "BatchNormBackward"});
    auto count = [&](const char* k) { return nodes.count(k) ? nodes.at(k) : 0; };
    qInfo("%d Conv modules, %d fused BatchNorm nodes", convs, count("BnActFunction"));
    QVERIFY(convs > 50);
    QCOMPARE(count("BnActFunction"), convs);
    QCOMPARE(count("NativeBatchNormBackward") + count("BatchNormBackward"), 0);
}

void TestFamilies::fusedInferenceMatches_data()
{
    modelRows({"yolo11n.yaml", "yolov9t.yaml", "yolo26n.yaml"});
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
    // The same count on Ultralytics 8.4.190's YOLO26 (both heads run in every forward pass; it publishes
    // 6.1 / 22.8 / 75.4 / 93.8 / 209.5 with BatchNorm counted).
    QTest::newRow("yolo26n") << "yolo26n.yaml" << 6.0812544;
    QTest::newRow("yolo26s") << "yolo26s.yaml" << 22.7753984;
    QTest::newRow("yolo26m") << "yolo26m.yaml" << 75.0112768;
    QTest::newRow("yolo26l") << "yolo26l.yaml" << 93.3812224;
    QTest::newRow("yolo26x") << "yolo26x.yaml" << 208.9092096;
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
    const ModelSpec y26 = specOrFail("yolo26s.yaml");
    QCOMPARE(QString::fromStdString(y26.name), QString("YOLO26s"));
    QCOMPARE(QString::fromStdString(y26.family), QString("yolo26"));
    QCOMPARE(QString::fromStdString(y26.scales), QString("nsmlx"));
    QCOMPARE(y26.regMax, 1);
    QVERIFY(y26.end2end);
    QCOMPARE(specOrFail("yolo26.yaml").scale, 'n');
    QVERIFY(!specOrFail("yolo11n.yaml").end2end);
    QCOMPARE(specOrFail("yolo11n.yaml").regMax, 16);
    const auto names = builtinModelNames();
    QCOMPARE(names.size(), size_t(20));
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
    // yolo26n as Ultralytics 8.4.190 prints it (DetectionModel("yolo26n.yaml", verbose=True)); 454 modules is
    // its len(list(model.modules())) (its summary line now counts leaf modules: 260).
    auto y = summarizeModel("yolo26n.yaml", 80, 640);
    QVERIFY(y.ok());
    QCOMPARE(y->layers.size(), size_t(24));
    const int64_t ref26[24] = {464,    4672,   6640, 36992,  26080, 147712, 87040,  295424,
                               346112, 164608, 249728, 0,    0,      119808, 0,     0,
                               34304,  36992,  0,      95232, 147712, 0,      463104, 309656};
    for (size_t i = 0; i < 24; ++i)
        QVERIFY2(y->layers[i].params == ref26[i],
                 qPrintable(QString("layer %1: %2").arg(i).arg(y->layers[i].params)));
    QCOMPARE(QString::fromStdString(y->layers[9].args), QString("[256, 256, 5, 3, True]"));
    QCOMPARE(QString::fromStdString(y->layers[6].args), QString("[128, 128, 1, True]"));
    QCOMPARE(QString::fromStdString(y->layers[22].args), QString("[384, 256, 1, True, 0.5, True]"));
    QCOMPARE(QString::fromStdString(y->layers[23].args), QString("[80, 1, True, [64, 128, 256]]"));
    QCOMPARE(y->modules, 454);
    QCOMPARE(y->params, y->gradients);
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

// YOLO26's SPPF: writing the pool count drops cv1's activation (a row of [c2, k] keeps it, as Ultralytics 8.4
// treats older YAMLs), the fourth argument adds the input when the channels agree, and the pool count sets cv2's
// input width.
void TestFamilies::yolo26Sppf()
{
    const std::string yaml = "nc: 2\nbackbone:\n"
                             "  - [-1, 1, Conv, [64, 3, 2]]\n"
                             "  - [-1, 1, SPPF, [64, 5]]\n"
                             "  - [-1, 1, SPPF, [64, 5, 3]]\n"
                             "  - [-1, 1, SPPF, [64, 5, 3, True]]\n"
                             "  - [-1, 1, SPPF, [32, 5, 2, True]]\n"
                             "  - [[4], 1, Detect, [nc]]\n";
    auto spec = parseModelSpec(yaml, "sppf.yaml", 0);
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
    const auto& L = spec->layers;
    QVERIFY(L[1].act);
    QVERIFY(!L[2].act);
    QVERIFY(!L[3].act);
    QVERIFY(!L[1].shortcut && !L[2].shortcut);
    QVERIFY(L[3].shortcut);
    QVERIFY(!L[4].shortcut);  // 64 -> 32 channels: nothing to add
    QCOMPARE(L[4].pools, 2);
    QCOMPARE(L[1].params, int64_t{(32 * 64 + 64) + (64 * 128 + 128)});
    QCOMPARE(L[4].params, int64_t{(32 * 64 + 64) + (32 * 96 + 64)});  // cv2 reads 3 x 32 channels
    QCOMPARE(QString::fromStdString(L[1].argsText()), QString("[64, 64, 5]"));
    QCOMPARE(QString::fromStdString(L[4].argsText()), QString("[64, 32, 5, 2, True]"));

    DetectionModel net(spec.value());
    for (size_t i = 1; i <= 4; ++i)
        QCOMPARE(countParameters(*net->layer(i)), L[i].params);
    net->eval();
    torch::NoGradGuard ng;
    auto& legacy = dynamic_cast<SPPFImpl&>(*net->layer(1));
    auto& plain = dynamic_cast<SPPFImpl&>(*net->layer(2));
    auto& residual = dynamic_cast<SPPFImpl&>(*net->layer(3));
    QVERIFY(legacy.cv1->act);
    QVERIFY(!plain.cv1->act && !residual.cv1->act);
    const auto x = torch::randn({1, 64, 8, 8}) * 3;
    QVERIFY(legacy.cv1->forward(x).min().item<float>() > -0.28f);  // SiLU's minimum is -0.2785
    QVERIFY(plain.cv1->forward(x).min().item<float>() < -0.5f);
    const auto y = residual.forward(x);
    residual.add = false;
    const auto withoutInput = residual.forward(x);
    residual.add = true;
    QVERIFY(torch::allclose(y, withoutInput + x));
    QCOMPARE(net->layer(4)->as<SPPFImpl>()->forward(x).size(1), int64_t{32});
}

// YOLO26's attention C3k2 (fourth argument): each block is a Bottleneck then a PSABlock with one head per 64
// hidden channels (at least one), named as the reference names them; attention wins over C3k at the m/l/x scales.
void TestFamilies::yolo26AttentionC3k2()
{
    const ModelSpec n = specOrFail("yolo26n.yaml");
    QVERIFY(n.layers[22].attn);
    QCOMPARE(n.layers[22].heads, 2);  // 128 hidden channels
    QVERIFY(!n.layers[19].attn);
    const ModelSpec m = specOrFail("yolo26m.yaml");
    QVERIFY(m.layers[22].attn && m.layers[22].c3k);
    QVERIFY(m.layers[19].c3k && !m.layers[19].attn);

    auto spec = parseModelSpec("nc: 2\nbackbone:\n  - [-1, 1, Conv, [64, 3, 2]]\n"
                               "  - [-1, 2, C3k2, [64, False, 0.5, True]]\n  - [[1], 1, Detect, [nc]]\n",
                               "attn.yaml", 0);
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
    QCOMPARE(spec->layers[1].heads, 1);  // 32 hidden channels: one head of 32
    DetectionModel net(spec.value());
    QCOMPARE(countParameters(*net->layer(1)), spec->layers[1].params);
    const auto params = net->named_parameters();
    for (const char* name : {"model.1.m.0.0.cv1.conv.weight", "model.1.m.0.1.attn.qkv.conv.weight",
                             "model.1.m.1.1.attn.pe.conv.weight", "model.1.m.1.1.ffn.1.bn.bias"})
        QVERIFY2(params.find(name), name);
    // qkv: 32 channels of v plus 16 of q and 16 of k for the one head
    QCOMPARE(params["model.1.m.0.1.attn.qkv.conv.weight"].sizes().vec(), (std::vector<int64_t>{64, 32, 1, 1}));
    // The block runs the bottleneck, then the attention: the same as the registered Sequential.
    net->eval();
    torch::NoGradGuard ng;
    auto& c2f = dynamic_cast<C2fImpl&>(*net->layer(1));
    const auto t = torch::randn({1, 32, 6, 6});
    auto seq = c2f.m[0]->as<torch::nn::SequentialImpl>();
    QVERIFY(seq);
    QVERIFY(torch::allclose(c2f.blocks[0](t), seq->forward(t)));
    auto* psa = seq->ptr(1)->as<PSABlockImpl>();
    auto* bottleneck = seq->ptr(0)->as<BottleneckImpl>();
    QVERIFY(psa && bottleneck);
    QVERIFY(torch::allclose(c2f.blocks[0](t), psa->forward(bottleneck->forward(t))));
}

// YOLO26's head: reg_max 1 (no DFL module, the box branch gives the distances), one-to-one copies of both
// branches that start from the one-to-many weights and, in training, do not pass gradients to the features.
void TestFamilies::yolo26EndToEndHead()
{
    const int nc = 3;
    DetectionModel net(specOrFail("yolo26n.yaml", nc));
    Detect& d = net->detect();
    QVERIFY(d->endToEnd());
    QVERIFY(!d->dfl);
    QCOMPARE(d->regMax, 1);
    const auto params = net->named_parameters();
    int pairs = 0;
    for (const auto& p : params) {
        const std::string& name = p.key();
        const auto at = name.find(".one2one_");
        if (at == std::string::npos)
            continue;
        const std::string twin = name.substr(0, at + 1) + name.substr(at + 9);
        QVERIFY2(params.find(twin), twin.c_str());
        QVERIFY2(torch::equal(p.value(), params[twin]), name.c_str());
        ++pairs;
    }
    QCOMPARE(pairs, 3 * ((2 * 3 + 2) + (4 * 3 + 2)));  // per level box: 2 Convs + Conv2d; class: 4 Convs + Conv2d
    QCOMPARE(params["model.23.cv2.0.2.bias"].min().item<float>(), 2.0f);  // two grid cells, as Ultralytics 8.4
    QCOMPARE(params["model.23.one2one_cv2.2.2.bias"].max().item<float>(), 2.0f);
    QVERIFY(!specOrFail("yolo11n.yaml").end2end);
    QVERIFY(!DetectionModel(specOrFail("yolo11n.yaml"))->detect()->endToEnd());

    // Training: the one-to-one branches see detached features, the one-to-many ones do not.
    net->train();
    std::vector<torch::Tensor> feats;
    for (auto [c, s] : {std::pair{64, 8}, std::pair{128, 4}, std::pair{256, 2}})
        feats.push_back(torch::randn({2, c, s, s}, torch::requires_grad()));
    auto one = d->forwardOneToOne(feats);
    QCOMPARE(one.size(), size_t(3));
    QCOMPARE(one[0].sizes().vec(), (std::vector<int64_t>{2, 4 + nc, 8, 8}));
    torch::stack({one[0].sum(), one[1].sum(), one[2].sum()}).sum().backward();
    for (const auto& f : feats)
        QVERIFY(!f.grad().defined());
    QVERIFY(params["model.23.one2one_cv3.0.2.weight"].grad().defined());
    auto many = d->forward(feats);
    many[0].sum().backward();
    QVERIFY(feats[0].grad().defined());

    // Evaluation: before training both heads give the same outputs; decode() takes the four values as the
    // distances (ltrb in grid units) around each anchor.
    net->eval();
    torch::NoGradGuard ng;
    many = d->forward(feats);
    one = d->forwardOneToOne(feats);
    for (size_t i = 0; i < 3; ++i)
        QVERIFY(torch::allclose(many[i], one[i]));
    std::vector<torch::Tensor> raw;
    for (int64_t s : {8, 4, 2}) {
        auto f = torch::zeros({1, 4 + nc, s, s});
        f.narrow(1, 0, 2).fill_(1.0);  // left, top
        f.narrow(1, 2, 2).fill_(3.0);  // right, bottom
        raw.push_back(f);
    }
    const auto y = net->decode(raw);  // [1, 4 + nc, 84]
    QCOMPARE(y.sizes().vec(), (std::vector<int64_t>{1, 4 + nc, 64 + 16 + 4}));
    // First anchor of stride 8 at (0.5, 0.5) cells: x from -0.5 to 3.5 cells -> centre 1.5 cells, width 4 cells.
    QCOMPARE(y[0][0][0].item<float>(), 12.0f);
    QCOMPARE(y[0][2][0].item<float>(), 32.0f);
    // Last anchor, stride 32 at (1.5, 1.5): width 4 cells = 128 px.
    QCOMPARE(y[0][3][83].item<float>(), 128.0f);
    QCOMPARE(y[0][1][83].item<float>(), 80.0f);  // (1.5 + 1) x 32
    QCOMPARE(y[0][4][0].item<float>(), 0.5f);    // sigmoid(0)

    auto bad = parseModelSpec("nc: 2\nreg_max: 0\nbackbone:\n  - [-1, 1, Conv, [16, 3, 2]]\n"
                              "  - [[0], 1, Detect, [nc]]\n",
                              "bad.yaml", 0);
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().code), QString("model.bad_reg_max"));
    QCOMPARE(bad.error().line, 2);
    auto badE2e = parseModelSpec("nc: 2\nend2end: maybe\nbackbone:\n  - [-1, 1, Conv, [16, 3, 2]]\n"
                                 "  - [[0], 1, Detect, [nc]]\n",
                                 "bad.yaml", 0);
    QVERIFY(!badE2e.ok());
    QCOMPARE(QString::fromStdString(badE2e.error().code), QString("model.bad_end2end"));
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
    QTest::newRow("C3k2 attention heads do not divide")  // 200 hidden channels, 3 heads
        << "  - [-1, 1, Conv, [64, 3, 2]]\n  - [-1, 1, C3k2, [400, False, 0.5, True]]\n  - [[1], 1, Detect, [nc]]\n"
        << "model.bad_args" << 4;
    QTest::newRow("SPPF too many arguments")
        << "  - [-1, 1, Conv, [64, 3, 2]]\n  - [-1, 1, SPPF, [64, 5, 3, True, 1]]\n  - [[1], 1, Detect, [nc]]\n"
        << "model.bad_args" << 4;
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
