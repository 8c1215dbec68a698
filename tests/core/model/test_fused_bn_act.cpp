// Fused training-mode BatchNorm2d + SiLU against the torch composite (BatchNorm2d::forward + torch::silu):
// outputs, running statistics, gradients, both layouts, fp32 and bf16 inputs, the fallback path and the
// whole detection model.
#include "model/internal/fused_bn_act.h"
#include "model/internal/yolo.h"

#include <QtTest>

#include <cmath>

using namespace ys;

namespace {

// Empty when |a - b| <= atol * max|b| + rtol * |b| everywhere (a, b compared in fp32), else a description of
// the worst element. atol is relative to the tensor's scale so sums over many elements get a fair tolerance.
QString mismatch(const torch::Tensor& a, const torch::Tensor& b, double rtol, double atol)
{
    if (a.sizes() != b.sizes())
        return "shape mismatch";
    const auto fa = a.detach().to(torch::kFloat).contiguous();
    const auto fb = b.detach().to(torch::kFloat).contiguous();
    const double scale = std::max(fb.abs().max().item<double>(), 1e-30);
    const auto err = (fa - fb).abs();
    const auto excess = err - (atol * scale + rtol * fb.abs());
    const double worst = excess.max().item<double>();
    if (worst <= 0 && !std::isnan(worst) && !err.isnan().any().item<bool>())
        return {};
    const int64_t i = excess.flatten().argmax().item<int64_t>();
    return QString("element %1: %2 vs %3 (max abs err %4, scale %5)")
        .arg(i)
        .arg(fa.flatten()[i].item<double>(), 0, 'g', 9)
        .arg(fb.flatten()[i].item<double>(), 0, 'g', 9)
        .arg(err.max().item<double>(), 0, 'g', 3)
        .arg(scale, 0, 'g', 3);
}

#define EXPECT_CLOSE(a, b, rtol, atol, what)                                                                  \
    do {                                                                                                      \
        const QString m_ = mismatch((a), (b), (rtol), (atol));                                                \
        QVERIFY2(m_.isEmpty(), qPrintable(QString(what) + ": " + m_));                                       \
    } while (false)

torch::nn::BatchNorm2d makeBn(int64_t c, double momentum = 0.03, double eps = 1e-3)
{
    torch::nn::BatchNorm2d bn(torch::nn::BatchNorm2dOptions(c).eps(eps).momentum(momentum));
    torch::NoGradGuard ng;
    bn->weight.copy_(torch::rand({c}) * 1.5 + 0.25);
    bn->bias.copy_(torch::randn({c}) * 0.5);
    bn->running_mean.copy_(torch::randn({c}) * 0.1);
    bn->running_var.copy_(torch::rand({c}) + 0.5);
    bn->num_batches_tracked.fill_(5);
    bn->train();
    return bn;
}

torch::nn::BatchNorm2d copyBn(const torch::nn::BatchNorm2d& src, double momentum = 0.03, double eps = 1e-3)
{
    auto bn = makeBn(src->options.num_features(), momentum, eps);
    torch::NoGradGuard ng;
    bn->weight.copy_(src->weight);
    bn->bias.copy_(src->bias);
    bn->running_mean.copy_(src->running_mean);
    bn->running_var.copy_(src->running_var);
    bn->num_batches_tracked.copy_(src->num_batches_tracked);
    return bn;
}

// Activations with a non-zero mean and one constant channel (variance 0).
torch::Tensor makeInput(int64_t n, int64_t c, int64_t h, int64_t w)
{
    auto x = torch::randn({n, c, h, w}) * 2 + 3;
    x.select(1, c / 2).fill_(1.75);
    return x;
}

torch::Tensor composite(const torch::Tensor& x, torch::nn::BatchNorm2d& bn, bool act)
{
    auto y = bn->forward(x);
    return act ? torch::silu(y) : y;
}

}  // namespace

class TestFusedBnAct final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void matchesComposite_data();
    void matchesComposite();
    void toleranceCatchesWrongSettings();
    void fallbackPaths();
    void switchTurnsItOff();
    void doubleBackwardThrows();
    void cumulativeMomentum();
    void detectionModelGradientsMatch_data();
    void detectionModelGradientsMatch();
};

void TestFusedBnAct::initTestCase()
{
    torch::manual_seed(0);
    setFusedBnActEnabled(true);
}

void TestFusedBnAct::cleanup()
{
    setFusedBnActEnabled(true);
    setFusedBnActNativeBf16(true);
}

void TestFusedBnAct::matchesComposite_data()
{
    QTest::addColumn<bool>("nhwc");
    QTest::addColumn<bool>("bf16");
    QTest::addColumn<bool>("act");
    QTest::addColumn<QList<int>>("shape");
    QTest::addColumn<bool>("nativeBf16");
    const QList<QList<int>> shapes{{2, 16, 8, 8}, {1, 17, 5, 7}, {3, 5, 3, 3}, {4, 48, 24, 24}, {2, 3, 33, 31},
                                   {1, 24, 1, 2}};
    for (bool nhwc : {true, false})
        for (bool bf16 : {false, true})
            for (const auto& s : shapes)
                for (bool act : {true, false}) {
                    if (!act && s[1] != 17 && s[1] != 48)
                        continue;
                    const QString name = QString("%1 %2 %3x%4x%5x%6%7")
                                             .arg(nhwc ? "nhwc" : "nchw", bf16 ? "bf16" : "fp32")
                                             .arg(s[0]).arg(s[1]).arg(s[2]).arg(s[3])
                                             .arg(act ? "" : " no-act");
                    QTest::newRow(qPrintable(name)) << nhwc << bf16 << act << s << true;
                    if (bf16)
                        QTest::newRow(qPrintable(name + " portable")) << nhwc << bf16 << act << s << false;
                }
}

void TestFusedBnAct::matchesComposite()
{
    QFETCH(bool, nhwc);
    QFETCH(bool, bf16);
    QFETCH(bool, act);
    QFETCH(QList<int>, shape);
    QFETCH(bool, nativeBf16);
    if (!setFusedBnActNativeBf16(nativeBf16) && bf16 && nativeBf16)
        QSKIP("no AVX512-BF16 on this CPU: the row's portable twin covers it");
    const auto fmt = nhwc ? torch::MemoryFormat::ChannelsLast : torch::MemoryFormat::Contiguous;
    const int64_t C = shape[1];
    auto ref = makeBn(C);
    auto bn = copyBn(ref);

    torch::Tensor x = makeInput(shape[0], C, shape[2], shape[3]).contiguous(fmt);
    if (bf16)
        x = x.to(torch::kBFloat16);
    x.requires_grad_(true);
    // The reference sees the same values in fp32 (bf16 -> fp32 is exact).
    torch::Tensor xr = x.detach().to(torch::kFloat).requires_grad_(true);

    QVERIFY(fusedBnActApplies(x, *bn));
    torch::Tensor y = batchNormAct(x, *bn, act);
    torch::Tensor yr = composite(xr, ref, act);
    QCOMPARE(y.scalar_type(), x.scalar_type());
    QVERIFY(y.is_contiguous(fmt));
    QVERIFY(y.requires_grad());

    // bf16: the only extra error is the final rounding of each output (at most half an ulp, 2^-8 relative).
    const double rtolOut = bf16 ? 1.0 / 128 : 1e-5;
    EXPECT_CLOSE(y, yr, rtolOut, 1e-5, "output");
    if (bf16) {
        // Round to nearest even: nearly every output is the reference rounded to bf16 (truncation would
        // miss about half of them).
        const double same = (y == yr.to(torch::kBFloat16)).to(torch::kDouble).mean().item<double>();
        QVERIFY2(same > 0.99, qPrintable(QString("only %1 of outputs round like the reference").arg(same)));
    }
    EXPECT_CLOSE(bn->running_mean, ref->running_mean, 1e-5, 1e-6, "running_mean");
    EXPECT_CLOSE(bn->running_var, ref->running_var, 1e-5, 1e-6, "running_var");
    QCOMPARE(bn->num_batches_tracked.item<int64_t>(), ref->num_batches_tracked.item<int64_t>());
    QCOMPARE(bn->num_batches_tracked.item<int64_t>(), int64_t{6});

    torch::Tensor dy = torch::randn(x.sizes()).contiguous(fmt).to(x.scalar_type());
    y.backward(dy);
    yr.backward(dy.to(torch::kFloat));
    QCOMPARE(x.grad().scalar_type(), x.scalar_type());
    EXPECT_CLOSE(x.grad(), xr.grad(), bf16 ? 1.0 / 128 : 1e-4, 1e-5, "grad x");
    EXPECT_CLOSE(bn->weight.grad(), ref->weight.grad(), 1e-4, 1e-5, "grad weight");
    EXPECT_CLOSE(bn->bias.grad(), ref->bias.grad(), 1e-4, 1e-5, "grad bias");
}

// The tolerances above are tight enough to see a BatchNorm set up differently from the reference.
void TestFusedBnAct::toleranceCatchesWrongSettings()
{
    const int64_t C = 16;
    const auto x = makeInput(2, C, 8, 8).contiguous(torch::MemoryFormat::ChannelsLast);
    {
        auto ref = makeBn(C);
        auto wrongMomentum = copyBn(ref, 0.033);
        batchNormAct(x, *wrongMomentum, true);
        composite(x, ref, true);
        QVERIFY(!mismatch(wrongMomentum->running_mean, ref->running_mean, 1e-5, 1e-6).isEmpty());
        QVERIFY(!mismatch(wrongMomentum->running_var, ref->running_var, 1e-5, 1e-6).isEmpty());
    }
    {
        auto ref = makeBn(C);
        auto wrongEps = copyBn(ref, 0.03, 1e-5);
        QVERIFY(!mismatch(batchNormAct(x, *wrongEps, true), composite(x, ref, true), 1e-5, 1e-5).isEmpty());
    }
    {
        auto ref = makeBn(C);
        auto bn = copyBn(ref);
        QVERIFY(!mismatch(batchNormAct(x, *bn, false), composite(x, ref, true), 1e-5, 1e-5).isEmpty());
    }
}

void TestFusedBnAct::fallbackPaths()
{
    const int64_t C = 8;
    // Every other column: neither channels_last nor contiguous.
    const auto wide = makeInput(2, C, 6, 14);
    const auto strided = wide.slice(3, 0, 14, 2);
    QVERIFY(!strided.is_contiguous() && !strided.is_contiguous(torch::MemoryFormat::ChannelsLast));
    {
        auto ref = makeBn(C);
        auto bn = copyBn(ref);
        QVERIFY(!fusedBnActApplies(strided, *bn));
        QVERIFY(torch::equal(batchNormAct(strided, *bn, true), composite(strided, ref, true)));
        QVERIFY(torch::equal(bn->running_var, ref->running_var));
        QCOMPARE(bn->num_batches_tracked.item<int64_t>(), int64_t{6});
    }
    {
        auto ref = makeBn(C);
        auto bn = copyBn(ref);
        ref->eval();
        bn->eval();
        const auto x = wide.contiguous(torch::MemoryFormat::ChannelsLast);
        QVERIFY(!fusedBnActApplies(x, *bn));
        QVERIFY(torch::equal(batchNormAct(x, *bn, true), composite(x, ref, true)));
        QCOMPARE(bn->num_batches_tracked.item<int64_t>(), int64_t{5});
    }
    {
        auto bn = makeBn(C);
        QVERIFY(!fusedBnActApplies(wide.to(torch::kDouble), *bn));
        QVERIFY(!fusedBnActApplies(wide.to(torch::kHalf), *bn));
        // One value per channel: torch's own error, not a division by n - 1 = 0.
        const auto single = torch::randn({1, C, 1, 1});
        QVERIFY(!fusedBnActApplies(single, *bn));
        QVERIFY_THROWS_EXCEPTION(c10::Error, batchNormAct(single, *bn, true));
    }
}

void TestFusedBnAct::switchTurnsItOff()
{
    auto bn = makeBn(4);
    const auto x = makeInput(2, 4, 3, 3);
    QVERIFY(fusedBnActApplies(x, *bn));
    setFusedBnActEnabled(false);
    QVERIFY(!fusedBnActEnabled());
    QVERIFY(!fusedBnActApplies(x, *bn));
    setFusedBnActEnabled(true);
    QVERIFY(fusedBnActApplies(x, *bn));
}

void TestFusedBnAct::doubleBackwardThrows()
{
    auto bn = makeBn(4);
    auto x = makeInput(2, 4, 3, 3).requires_grad_(true);
    auto y = batchNormAct(x, *bn, true);
    bool threw = false;
    try {
        torch::autograd::grad({y.pow(2).sum()}, {x}, {}, /*retain_graph=*/true, /*create_graph=*/true);
    } catch (const c10::Error& e) {
        threw = QString(e.what()).contains("double backward");
    }
    QVERIFY(threw);
    // A plain backward still works afterwards.
    y.sum().backward();
    QVERIFY(x.grad().defined());
}

// momentum = nullopt: cumulative average over the batches seen, as BatchNorm2d does.
void TestFusedBnAct::cumulativeMomentum()
{
    auto ref = makeBn(6);
    ref->options.momentum(c10::nullopt);
    auto bn = copyBn(ref);
    bn->options.momentum(c10::nullopt);
    for (int i = 0; i < 3; ++i) {
        const auto x = makeInput(2, 6, 5, 5).contiguous(torch::MemoryFormat::ChannelsLast);
        batchNormAct(x, *bn, true);
        composite(x, ref, true);
    }
    EXPECT_CLOSE(bn->running_mean, ref->running_mean, 1e-5, 1e-6, "running_mean");
    EXPECT_CLOSE(bn->running_var, ref->running_var, 1e-5, 1e-6, "running_var");
}

void TestFusedBnAct::detectionModelGradientsMatch_data()
{
    QTest::addColumn<bool>("channelsLast");
    QTest::newRow("channels_last") << true;
    QTest::newRow("nchw") << false;
}

// One training step of yolov8n with the fused op and with the composite: same loss gradients.
void TestFusedBnAct::detectionModelGradientsMatch()
{
    QFETCH(bool, channelsLast);
    auto spec = loadModelSpec("yolov8n.yaml", 3);
    QVERIFY(spec.ok());
    torch::manual_seed(1);
    auto x = torch::rand({2, 3, 64, 96});
    if (channelsLast)
        x = x.contiguous(torch::MemoryFormat::ChannelsLast);
    std::vector<torch::Tensor> weights;
    auto run = [&](bool fused) {
        setFusedBnActEnabled(fused);
        torch::manual_seed(0);
        DetectionModel net(*spec);
        if (channelsLast)
            toChannelsLast(*net);
        net->train();
        auto feats = net->forward(x);
        if (weights.empty())
            for (auto& f : feats)
                weights.push_back(torch::randn(f.sizes()));
        torch::Tensor loss = torch::zeros({});
        for (size_t i = 0; i < feats.size(); ++i)
            loss = loss + (feats[i] * weights[i]).mean() + feats[i].pow(2).mean();
        loss.backward();
        return net;
    };
    auto fused = run(true);
    auto plain = run(false);
    const auto fp = fused->named_parameters();
    const auto pp = plain->named_parameters();
    int compared = 0;
    bool anyBitDifferent = false;  // the two runs took different code: the fused op did run
    for (const auto& p : pp) {
        const auto& g = p.value().grad();
        if (!g.defined())
            continue;
        // Through ~60 layers float rounding differences grow; 1e-3 of each tensor's scale still fails for any
        // systematic error (e.g. a missing SiLU derivative term changes gradients by O(1)).
        EXPECT_CLOSE(fp[p.key()].grad(), g, 1e-3, 1e-3, p.key().c_str());
        anyBitDifferent = anyBitDifferent || !torch::equal(fp[p.key()].grad(), g);
        ++compared;
    }
    QVERIFY(compared > 100);
    QVERIFY2(anyBitDifferent, "fused and composite gradients are bit-identical: the fused op never ran");
    // Running statistics after ~60 layers: 1e-4 of each tensor's scale. The rounding differences depend on
    // the CPU's vector units (an AVX2-only EPYC: 1.9e-5 of the scale, on a mean near zero); a wrong momentum
    // or statistic is off by O(scale).
    const auto fb = fused->named_buffers();
    for (const auto& b : plain->named_buffers())
        if (b.key().find("running_") != std::string::npos)
            EXPECT_CLOSE(fb[b.key()], b.value(), 1e-4, 1e-4, b.key().c_str());
}

QTEST_GUILESS_MAIN(TestFusedBnAct)
#include "test_fused_bn_act.moc"
