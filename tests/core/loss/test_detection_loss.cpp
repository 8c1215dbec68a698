// YOLOv8 detection loss: behaviour with and without targets, gains and batch scaling, autocast, learning
// toward a target, target padding, the head's flattening and box decode, and the inference decode.
#include "loss/internal/bce.h"
#include "loss/internal/boxes.h"
#include "loss/internal/detection_loss.h"
#include "loss/internal/head.h"
#include "model/internal/yolo.h"

#include <ATen/autocast_mode.h>
#include <QtTest>

#include <cmath>

using namespace ys::loss;

namespace {

constexpr int kNc = 3;
constexpr int kRegMax = 16;
const std::vector<int64_t> kStrides{8, 16, 32};

// Head output for a 64 x 64 batch: levels 8x8, 4x4, 2x2.
std::vector<torch::Tensor> randomFeats(int64_t batch, double scale = 1.0)
{
    std::vector<torch::Tensor> f;
    for (int64_t s : {8, 4, 2})
        f.push_back(torch::randn({batch, 4 * kRegMax + kNc, s, s}) * scale);
    return f;
}

// One box of class 2 centred in a 64 x 64 image, 24 x 16 px, in image 0 (and 1 when batch = 2).
torch::Tensor oneBoxTargets(int64_t batch)
{
    std::vector<torch::Tensor> rows;
    for (int64_t b = 0; b < batch; ++b)
        rows.push_back(torch::tensor({static_cast<float>(b), 2.f, 0.5f, 0.5f, 24.f / 64, 16.f / 64}));
    return torch::stack(rows);
}

// The inference decode of a head with this test's nc (yolov8n layout: reg_max 16, strides 8/16/32).
torch::Tensor decode(const std::vector<torch::Tensor>& feats)
{
    static ys::DetectionModel model(*ys::loadModelSpec("yolov8n.yaml", kNc));
    return model->decode(feats);
}

bool finite(const torch::Tensor& t)
{
    return torch::isfinite(t).all().item<bool>();
}

}  // namespace

class TestDetectionLoss final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { torch::manual_seed(11); }
    void finiteWithoutTargets();
    void channelsLastHeadGivesSameLoss();
    void bceSumMatchesTorch();
    void gainsAndBatchScaling();
    void learnsTowardTargets();
    void autocastStillFp32();
    void padTargetsPlacesBoxes();
    void rejectsBadTargets();
    void decodeUniformDistances();
    void headRowsMatchComposite_data();
    void headRowsMatchComposite();
    void headRowsOnlyOneOutputUsed();
    void decodeBoxesMatchesSoftmaxExpectation();
};

void TestDetectionLoss::finiteWithoutTargets()
{
    DetectionLoss loss(kNc, kRegMax, kStrides);
    auto feats = randomFeats(2);
    for (auto& f : feats)
        f.requires_grad_(true);
    const auto out = loss(feats, torch::zeros({0, 6}), 2);
    QVERIFY(finite(out.total));
    QCOMPARE(out.items.sizes().vec(), (std::vector<int64_t>{3}));
    QCOMPARE(out.items[0].item<double>(), 0.0);  // no box, no DFL term
    QCOMPARE(out.items[2].item<double>(), 0.0);
    QVERIFY(out.items[1].item<double>() > 0);    // every anchor is pushed toward background
    // ... by binary cross-entropy with logits against 0, summed (normalised by max(sum of targets, 1) = 1)
    double bce = 0;
    for (const auto& f : feats)
        bce += torch::binary_cross_entropy_with_logits(f.detach().narrow(1, 4 * kRegMax, kNc),
                                                       torch::zeros({2, kNc, f.size(2), f.size(3)}), {}, {},
                                                       at::Reduction::Sum)
                   .item<double>();
    QVERIFY(std::abs(out.items[1].item<double>() - 0.5 * bce) < 1e-4 * bce);  // cls gain 0.5
    out.total.backward();
    for (const auto& f : feats) {
        QVERIFY(f.grad().defined());
        QVERIFY(finite(f.grad()));
    }
}

void TestDetectionLoss::channelsLastHeadGivesSameLoss()
{
    // The CPU model's head output is channels-last; the loss must not depend on the memory layout.
    const auto feats = randomFeats(2);
    std::vector<torch::Tensor> cl;
    for (const auto& f : feats)
        cl.push_back(f.contiguous(at::MemoryFormat::ChannelsLast));
    DetectionLoss loss(kNc, kRegMax, kStrides);
    const auto a = loss(feats, oneBoxTargets(2), 2);
    const auto b = loss(cl, oneBoxTargets(2), 2);
    QVERIFY(a.items[0].item<double>() > 0);
    QVERIFY(torch::allclose(a.items, b.items, 1e-6, 1e-7));
}

void TestDetectionLoss::bceSumMatchesTorch()
{
    // Extremes included (|x| up to 120, where exp under- and overflows), non-contiguous logits, odd size.
    auto x = (torch::randn({5, 3001, 7}) * 8).transpose(0, 1);
    x.narrow(0, 0, 1).fill_(120.0f);
    x.narrow(0, 1, 1).fill_(-120.0f);
    const auto t = torch::rand({3001, 5, 7});
    auto xa = x.detach().requires_grad_(true);
    auto xb = x.detach().requires_grad_(true);
    const auto mine = bceWithLogitsSum(xa, t);
    const auto ref = torch::binary_cross_entropy_with_logits(xb.to(torch::kDouble), t.to(torch::kDouble), {}, {},
                                                             at::Reduction::Sum);
    QCOMPARE(mine.dim(), int64_t{0});
    QVERIFY2(std::abs(mine.item<double>() - ref.item<double>()) < 1e-5 * ref.item<double>(),
             qPrintable(QString("%1 vs %2").arg(mine.item<double>()).arg(ref.item<double>())));
    (mine * 0.5).backward();
    (ref * 0.5).backward();
    QVERIFY(torch::allclose(xa.grad(), xb.grad().to(torch::kFloat), 1e-5, 1e-6));
    // Other dtypes take LibTorch's ops, same value.
    const auto d = bceWithLogitsSum(x.to(torch::kDouble), t.to(torch::kDouble));
    QVERIFY(std::abs(d.item<double>() - ref.item<double>()) < 1e-9 * ref.item<double>());
}

void TestDetectionLoss::gainsAndBatchScaling()
{
    const auto feats = randomFeats(2);
    const auto targets = oneBoxTargets(2);
    const auto unit = DetectionLoss(kNc, kRegMax, kStrides, LossGains{1, 1, 1})(feats, targets, 2);
    const auto def = DetectionLoss(kNc, kRegMax, kStrides)(feats, targets, 2);
    QVERIFY(unit.items[0].item<double>() > 0 && unit.items[2].item<double>() > 0);
    QVERIFY(torch::allclose(def.items, unit.items * torch::tensor({7.5, 0.5, 1.5}).to(torch::kFloat), 1e-5, 1e-6));
    QVERIFY(std::abs(def.total.item<double>() - def.items.sum().item<double>() * 2) < 1e-4);
    QVERIFY(!def.items.requires_grad());
    QCOMPARE(def.items.scalar_type(), torch::kFloat);
}

void TestDetectionLoss::learnsTowardTargets()
{
    // Optimising the head output itself toward one target: the loss falls and the decoded best
    // prediction lands on the target box with the right class.
    auto feats = randomFeats(1, 0.5);
    for (auto& f : feats)
        f.requires_grad_(true);
    const auto targets = oneBoxTargets(1);
    DetectionLoss loss(kNc, kRegMax, kStrides);
    torch::optim::Adam opt(feats, torch::optim::AdamOptions(0.05));
    const auto first = loss(feats, targets, 1).items.clone();
    torch::Tensor last;
    for (int step = 0; step < 150; ++step) {
        opt.zero_grad();
        const auto out = loss(feats, targets, 1);
        out.total.backward();
        opt.step();
        last = out.items;
    }
    qInfo("loss items before %s after %s", qPrintable(QString::fromStdString(torch::str(first))),
          qPrintable(QString::fromStdString(torch::str(last))));
    // The total falls. (Box and DFL terms are weighted by the soft target scores, which grow as the
    // predictions align, so they can rise from their tiny random-init values; the box quality is
    // checked on the decoded prediction below.)
    QVERIFY(last.sum().item<double>() < 0.1 * first.sum().item<double>());
    QVERIFY(last[1].item<double>() < 0.1 * first[1].item<double>());

    torch::NoGradGuard noGrad;
    const auto pred = decode(feats)[0];  // [4+nc, A]
    const auto cls = pred.slice(0, 4, 4 + kNc);
    const int64_t best = std::get<0>(cls.max(0)).argmax().item<int64_t>();
    QCOMPARE(cls.select(1, best).argmax().item<int64_t>(), int64_t{2});
    const auto boxXywh = pred.slice(0, 0, 4).select(1, best);
    const auto want = torch::tensor({32.f, 32.f, 24.f, 16.f});
    const double iou = bboxIou(boxXywh, want, /*xywh=*/true, false).item<double>();
    QVERIFY2(iou > 0.8, qPrintable(QString("IoU of the best prediction with the target %1").arg(iou)));
}

void TestDetectionLoss::autocastStillFp32()
{
    // bf16 head output under CPU autocast: the loss is computed in fp32 on the same values.
    const auto feats = randomFeats(2);
    std::vector<torch::Tensor> half;
    for (const auto& f : feats)
        half.push_back(f.to(torch::kBFloat16));
    std::vector<torch::Tensor> back;
    for (const auto& h : half)
        back.push_back(h.to(torch::kFloat));
    DetectionLoss loss(kNc, kRegMax, kStrides);
    const auto targets = oneBoxTargets(2);
    const bool was = at::autocast::is_autocast_enabled(c10::DeviceType::CPU);
    at::autocast::set_autocast_enabled(c10::DeviceType::CPU, true);
    const auto amp = loss(half, targets, 2);
    at::autocast::set_autocast_enabled(c10::DeviceType::CPU, was);
    const auto ref = loss(back, targets, 2);
    QCOMPARE(amp.total.scalar_type(), torch::kFloat);
    QVERIFY(torch::allclose(amp.items, ref.items, 1e-6, 1e-7));
    QCOMPARE(at::autocast::is_autocast_enabled(c10::DeviceType::CPU), was);
}

void TestDetectionLoss::padTargetsPlacesBoxes()
{
    const auto t = torch::tensor({{1.f, 0.f, 0.5f, 0.5f, 0.5f, 0.25f},
                                  {0.f, 2.f, 0.25f, 0.25f, 0.5f, 0.5f},
                                  {1.f, 1.f, 0.75f, 0.5f, 0.5f, 1.0f}});
    const auto p = padTargets(t, 3, 200, 100);
    QCOMPARE(p.boxes.sizes().vec(), (std::vector<int64_t>{3, 2, 4}));
    QVERIFY(torch::equal(p.mask.squeeze(-1), torch::tensor({{1.f, 0.f}, {1.f, 1.f}, {0.f, 0.f}})));
    QVERIFY(torch::allclose(p.boxes[0][0], torch::tensor({0.f, 0.f, 100.f, 50.f})));
    QVERIFY(torch::allclose(p.boxes[1][0], torch::tensor({50.f, 37.5f, 150.f, 62.5f})));
    QVERIFY(torch::allclose(p.boxes[1][1], torch::tensor({100.f, 0.f, 200.f, 100.f})));
    QVERIFY(torch::equal(p.labels.squeeze(-1), torch::tensor({{2.f, 0.f}, {0.f, 1.f}, {0.f, 0.f}})));
    const auto empty = padTargets(torch::zeros({0, 6}), 2, 64, 64);
    QCOMPARE(empty.boxes.sizes().vec(), (std::vector<int64_t>{2, 0, 4}));
}

void TestDetectionLoss::rejectsBadTargets()
{
    DetectionLoss loss(kNc, kRegMax, kStrides);
    const auto feats = randomFeats(1);
    // Batch index 1 in a batch of 1; class 5 with nc = 3.
    QVERIFY_THROWS_EXCEPTION(c10::Error, loss(feats, torch::tensor({{1.f, 0.f, 0.5f, 0.5f, 0.1f, 0.1f}}), 1));
    QVERIFY_THROWS_EXCEPTION(c10::Error, loss(feats, torch::tensor({{0.f, 5.f, 0.5f, 0.5f, 0.1f, 0.1f}}), 1));
    QVERIFY_THROWS_EXCEPTION(c10::Error, loss({feats[0], feats[1]}, oneBoxTargets(1), 1));
}

void TestDetectionLoss::decodeUniformDistances()
{
    // Zero logits: uniform bins -> 7.5 cells each side -> a 15-cell square around every anchor, p = 0.5.
    std::vector<torch::Tensor> feats;
    for (int64_t s : {8, 4, 2})
        feats.push_back(torch::zeros({1, 4 * kRegMax + kNc, s, s}));
    const auto pred = decode(feats);
    QCOMPARE(pred.sizes().vec(), (std::vector<int64_t>{1, 4 + kNc, 84}));
    QVERIFY(torch::allclose(pred[0].select(1, 0), torch::tensor({4.f, 4.f, 120.f, 120.f, 0.5f, 0.5f, 0.5f})));
    // Anchor 64 is the first of stride 16: centre (8, 8), side 15 * 16.
    QVERIFY(torch::allclose(pred[0].select(1, 64).slice(0, 0, 4), torch::tensor({8.f, 8.f, 240.f, 240.f})));
}

// What flattenHead computes, formulated differently from both of its paths (levels flattened and joined
// channel-first, then transposed): the reference for the one-pass op and the composite alike.
HeadRows compositeHead(const std::vector<torch::Tensor>& feats, int64_t nBox, int64_t nc)
{
    std::vector<torch::Tensor> flat;
    for (const auto& f : feats)
        flat.push_back(f.flatten(2));                                          // [B, no, HW]
    const auto rows = torch::cat(flat, 2).transpose(1, 2).to(torch::kFloat);  // [B, A, no]
    return {rows.narrow(2, 0, nBox), rows.narrow(2, nBox, nc)};
}

std::string gradFnName(const torch::Tensor& t)
{
    return t.grad_fn() ? t.grad_fn()->name() : std::string();
}

void TestDetectionLoss::headRowsMatchComposite_data()
{
    QTest::addColumn<bool>("bf16");
    QTest::addColumn<bool>("channelsLast");
    QTest::newRow("fp32 channels-last") << false << true;
    QTest::newRow("bf16 channels-last") << true << true;
    QTest::newRow("fp32 NCHW (composite path)") << false << false;
}

void TestDetectionLoss::headRowsMatchComposite()
{
    QFETCH(bool, bf16);
    QFETCH(bool, channelsLast);
    const int64_t nBox = 4 * kRegMax;
    std::vector<torch::Tensor> a, b;
    for (auto f : randomFeats(3, 4.0)) {  // batch 3: rows of one task span image boundaries
        if (bf16)
            f = f.to(torch::kBFloat16);
        if (channelsLast)
            f = f.contiguous(at::MemoryFormat::ChannelsLast);
        a.push_back(f.detach().requires_grad_(true));
        b.push_back(f.detach().requires_grad_(true));
    }
    const auto fast = flattenHead(a, nBox, kNc);
    const auto ref = compositeHead(b, nBox, kNc);
    // The one-pass path is taken exactly where it should be (else this test would compare the composite to itself).
    QCOMPARE(gradFnName(fast.dist).find("HeadRows") != std::string::npos, channelsLast);
    QCOMPARE(fast.dist.scalar_type(), torch::kFloat);
    QVERIFY(fast.dist.is_contiguous() && fast.scores.is_contiguous());
    QVERIFY(torch::equal(fast.dist, ref.dist));
    QVERIFY(torch::equal(fast.scores, ref.scores));

    // Gradients with values bf16 must round (nearest even, as autograd's copy does).
    const auto gd = torch::randn(fast.dist.sizes()) * 3;
    const auto gc = torch::randn(fast.scores.sizes()) * 3;
    ((fast.dist * gd).sum() + (fast.scores * gc).sum()).backward();
    ((ref.dist * gd).sum() + (ref.scores * gc).sum()).backward();
    for (size_t l = 0; l < a.size(); ++l) {
        QCOMPARE(a[l].grad().scalar_type(), a[l].scalar_type());
        QVERIFY(torch::equal(a[l].grad(), b[l].grad()));
    }
}

void TestDetectionLoss::headRowsOnlyOneOutputUsed()
{
    // Only the class logits reach the loss (no foreground): the box channels' gradient is zero.
    std::vector<torch::Tensor> feats;
    for (const auto& f : randomFeats(2))
        feats.push_back(f.to(torch::kBFloat16).contiguous(at::MemoryFormat::ChannelsLast).requires_grad_(true));
    const auto head = flattenHead(feats, 4 * kRegMax, kNc);
    head.scores.sum().backward();
    for (const auto& f : feats) {
        QVERIFY(f.grad().narrow(1, 0, 4 * kRegMax).eq(0).all().item<bool>());
        QVERIFY(f.grad().narrow(1, 4 * kRegMax, kNc).eq(1).all().item<bool>());
    }
}

void TestDetectionLoss::decodeBoxesMatchesSoftmaxExpectation()
{
    // Logits up to |80| (exp would overflow without the max shift), an odd anchor count, batch 3.
    auto dist = torch::randn({3, 37, 4 * kRegMax}) * 6;
    dist[1][5].fill_(80.0f);
    dist[2][7].narrow(0, 0, kRegMax).fill_(-80.0f);
    dist[0][3][kRegMax * 2 + 9] = 80.0f;  // side t: all weight on bin 9
    dist.requires_grad_(true);            // as the loss's logits: the decoded boxes must still carry no graph
    const auto anchors = torch::rand({37, 2}) * 40;
    const auto fast = decodeBoxes(dist, anchors, kRegMax);
    const auto ref = dist2bbox(dflDecode(dist, kRegMax), anchors, false);
    QCOMPARE(fast.sizes().vec(), (std::vector<int64_t>{3, 37, 4}));
    QVERIFY(!fast.requires_grad());
    QVERIFY2(torch::allclose(fast, ref, 1e-5, 1e-4),
             qPrintable(QString::number((fast - ref).abs().max().item<double>())));
    QVERIFY(std::abs(fast[0][3][2].item<float>() - (anchors[3][0].item<float>() + 9.0f)) < 1e-4);
    // Equal logits: bin 7.5 on each side.
    QVERIFY(torch::allclose(fast[1][5], anchors[5].repeat({2}) + torch::tensor({-7.5f, -7.5f, 7.5f, 7.5f})));
}

QTEST_GUILESS_MAIN(TestDetectionLoss)
#include "test_detection_loss.moc"
