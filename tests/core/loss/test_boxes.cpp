// Box operations: IoU/CIoU on hand-computed cases, format conversions, anchors, DFL encode/decode.
#include "loss/internal/boxes.h"
#include "loss/internal/detection_loss.h"

#include <QtTest>

#include <cmath>

using namespace ys::loss;

namespace {

torch::Tensor box(float a, float b, float c, float d)
{
    return torch::tensor({a, b, c, d}, torch::kFloat).view({1, 4});
}

double ciouXyxy(const torch::Tensor& a, const torch::Tensor& b)
{
    return bboxIou(a, b, /*xywh=*/false, /*ciou=*/true).item<double>();
}

double iouXyxy(const torch::Tensor& a, const torch::Tensor& b)
{
    return bboxIou(a, b, /*xywh=*/false, /*ciou=*/false).item<double>();
}

}  // namespace

class TestBoxes final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void identicalBoxes();
    void disjointBoxes();
    void nestedSameCentre();
    void offsetCentres();
    void nestedDifferentAspect();
    void xywhInputMatchesXyxy();
    void broadcastingMatchesPairwise();
    void formatRoundTrip();
    void anchorsOrderAndStrides();
    void distRoundTripAndClamp();
    void dflTargetSplitsBetweenBins();
    void dflDecodeExpectation();
};

void TestBoxes::identicalBoxes()
{
    const auto a = box(10, 20, 50, 80);
    QVERIFY(std::abs(iouXyxy(a, a) - 1.0) < 1e-5);
    QVERIFY(std::abs(ciouXyxy(a, a) - 1.0) < 1e-5);
    QVERIFY(std::abs(boxIou(a, a).item<double>() - 1.0) < 1e-5);
}

void TestBoxes::disjointBoxes()
{
    // (0,0,1,1) and (2,0,3,1): IoU 0. Enclosing box 3 x 1 -> c^2 = 10; centres (0.5,0.5), (2.5,0.5) ->
    // rho^2 = 4; same aspect -> v = 0. CIoU = 0 - 4/10 = -0.4 (a gradient even without overlap).
    const auto a = box(0, 0, 1, 1);
    const auto b = box(2, 0, 3, 1);
    QCOMPARE(iouXyxy(a, b), 0.0);
    QCOMPARE(boxIou(a, b).item<double>(), 0.0);
    QVERIFY(std::abs(ciouXyxy(a, b) + 0.4) < 1e-5);
}

void TestBoxes::nestedSameCentre()
{
    // (0,0,4,4) contains (1,1,3,3): IoU 4/16 = 0.25; same centre and aspect -> CIoU = IoU.
    const auto a = box(0, 0, 4, 4);
    const auto b = box(1, 1, 3, 3);
    QVERIFY(std::abs(iouXyxy(a, b) - 0.25) < 1e-5);
    QVERIFY(std::abs(ciouXyxy(a, b) - 0.25) < 1e-5);
    QVERIFY(std::abs(boxIou(a, b).item<double>() - 0.25) < 1e-5);
}

void TestBoxes::offsetCentres()
{
    // (0,0,2,2) and (1,0,3,2): intersection 1 x 2 = 2, union 4 + 4 - 2 = 6 -> IoU 1/3.
    // Enclosing box 3 x 2 -> c^2 = 13; centres (1,1), (2,1) -> rho^2 = 1; equal aspect -> v = 0.
    // CIoU = 1/3 - 1/13 = 10/39 = 0.256410...
    const auto a = box(0, 0, 2, 2);
    const auto b = box(1, 0, 3, 2);
    QVERIFY(std::abs(iouXyxy(a, b) - 1.0 / 3.0) < 1e-5);
    QVERIFY(std::abs(ciouXyxy(a, b) - 10.0 / 39.0) < 1e-5);
    QVERIFY(std::abs(ciouXyxy(b, a) - 10.0 / 39.0) < 1e-5);
}

void TestBoxes::nestedDifferentAspect()
{
    // (0,0,2,2) inside (0,0,4,2): IoU 4/8 = 0.5. Enclosing 4 x 2 -> c^2 = 20; centres (1,1), (2,1) ->
    // rho^2 = 1. v = 4/pi^2 (atan(4/2) - atan(2/2))^2 = 0.405285 * (1.107149 - 0.785398)^2 = 0.0419563;
    // alpha = v / (v - IoU + 1) = 0.0419563 / 0.5419563 = 0.0774163; v*alpha = 0.0032481.
    // CIoU = 0.5 - 0.05 - 0.0032481 = 0.4467519.
    const auto a = box(0, 0, 2, 2);
    const auto b = box(0, 0, 4, 2);
    const double v = 4.0 / (M_PI * M_PI) * std::pow(std::atan(2.0) - std::atan(1.0), 2);
    const double expected = 0.5 - 1.0 / 20.0 - v * v / (v - 0.5 + 1.0);
    QVERIFY(std::abs(expected - 0.4467519) < 1e-6);
    QVERIFY(std::abs(ciouXyxy(a, b) - expected) < 1e-5);
}

void TestBoxes::xywhInputMatchesXyxy()
{
    const auto a = box(0, 0, 2, 2);
    const auto b = box(1, 0, 3, 2);
    const double viaXywh = bboxIou(xyxy2xywh(a), xyxy2xywh(b), /*xywh=*/true, /*ciou=*/true).item<double>();
    QVERIFY(std::abs(viaXywh - 10.0 / 39.0) < 1e-5);
}

void TestBoxes::broadcastingMatchesPairwise()
{
    torch::manual_seed(3);
    const auto p1 = torch::rand({5, 2}) * 50;
    const auto a = torch::cat({p1, p1 + torch::rand({5, 2}) * 40 + 1}, 1);
    const auto p2 = torch::rand({7, 2}) * 50;
    const auto b = torch::cat({p2, p2 + torch::rand({7, 2}) * 40 + 1}, 1);
    const auto pairwise = boxIou(a, b);
    const auto broadcast = bboxIou(a.unsqueeze(1), b.unsqueeze(0), false, false).squeeze(-1);
    QCOMPARE(broadcast.sizes().vec(), (std::vector<int64_t>{5, 7}));
    QVERIFY(torch::allclose(pairwise, broadcast, 1e-4, 1e-5));
    // CIoU never exceeds IoU and is above -1.5.
    const auto ciou = bboxIou(a.unsqueeze(1), b.unsqueeze(0), false, true).squeeze(-1);
    QVERIFY((ciou <= broadcast + 1e-6).all().item<bool>());
    QVERIFY((ciou > -1.5).all().item<bool>());
}

void TestBoxes::formatRoundTrip()
{
    const auto xyxy = torch::tensor({{10.f, 20.f, 30.f, 60.f}, {0.f, 0.f, 4.f, 2.f}});
    const auto xywh = xyxy2xywh(xyxy);
    QVERIFY(torch::allclose(xywh, torch::tensor({{20.f, 40.f, 20.f, 40.f}, {2.f, 1.f, 4.f, 2.f}})));
    QVERIFY(torch::allclose(xywh2xyxy(xywh), xyxy));
}

void TestBoxes::anchorsOrderAndStrides()
{
    // Level 0: 2 rows x 3 columns at stride 8; level 1: 1 x 2 at stride 16.
    const std::vector<torch::Tensor> feats{torch::zeros({1, 5, 2, 3}), torch::zeros({1, 5, 1, 2})};
    const auto [points, strides] = makeAnchors(feats, {8, 16});
    QCOMPARE(points.sizes().vec(), (std::vector<int64_t>{8, 2}));
    QCOMPARE(strides.sizes().vec(), (std::vector<int64_t>{8, 1}));
    const auto expected = torch::tensor({{0.5f, 0.5f}, {1.5f, 0.5f}, {2.5f, 0.5f},
                                         {0.5f, 1.5f}, {1.5f, 1.5f}, {2.5f, 1.5f},
                                         {0.5f, 0.5f}, {1.5f, 0.5f}});
    QVERIFY(torch::equal(points, expected));
    QVERIFY(torch::equal(strides.squeeze(1), torch::tensor({8.f, 8.f, 8.f, 8.f, 8.f, 8.f, 16.f, 16.f})));
}

void TestBoxes::distRoundTripAndClamp()
{
    const auto points = torch::tensor({{5.5f, 5.5f}, {2.5f, 7.5f}});
    const auto boxes = torch::tensor({{2.f, 3.f, 9.f, 12.f}, {0.5f, 1.5f, 6.f, 8.f}});
    const auto dist = bbox2dist(points, boxes, 16);
    QVERIFY(torch::allclose(dist, torch::tensor({{3.5f, 2.5f, 3.5f, 6.5f}, {2.f, 6.f, 3.5f, 0.5f}})));
    QVERIFY(torch::allclose(dist2bbox(dist, points, false), boxes));
    QVERIFY(torch::allclose(dist2bbox(dist, points, true), xyxy2xywh(boxes)));
    // Distances beyond the last bin are clamped to reg_max - 1 - 0.01; negative ones to 0.
    const auto far = bbox2dist(torch::tensor({{1.f, 1.f}}), torch::tensor({{-30.f, 2.f, 40.f, 3.f}}), 16);
    QVERIFY(torch::allclose(far, torch::tensor({{14.99f, 0.f, 14.99f, 2.f}})));
}

void TestBoxes::dflTargetSplitsBetweenBins()
{
    // For cross-entropy towards a target distribution q, d(loss)/d(logits) = softmax - q. At zero logits
    // softmax is uniform (1/16), so q = 1/16 - grad: a distance of 3.3 must put 0.7 on bin 3, 0.3 on bin 4.
    auto logits = torch::zeros({1, 16}, torch::requires_grad());
    const auto loss = distributionFocalLoss(logits, torch::tensor({3.3f}));
    loss.sum().backward();
    const auto q = (1.0 / 16.0) - logits.grad().squeeze(0);
    auto expected = torch::zeros({16});
    expected[3] = 0.7;
    expected[4] = 0.3;
    QVERIFY2(torch::allclose(q, expected, 1e-5, 1e-5), "DFL target mass is not 0.7/0.3 on bins 3/4");

    // The minimum is reached with exactly that distribution: loss = entropy of (0.7, 0.3).
    auto best = torch::full({1, 16}, -1e4f);
    best[0][3] = std::log(0.7f);
    best[0][4] = std::log(0.3f);
    const double minLoss = distributionFocalLoss(best, torch::tensor({3.3f})).item<double>();
    const double entropy = -(0.7 * std::log(0.7) + 0.3 * std::log(0.3));
    QVERIFY(std::abs(minLoss - entropy) < 1e-5);
    // ...and its DFL decode is the target distance again.
    auto four = best.repeat({1, 4});
    QVERIFY(std::abs(dflDecode(four, 16)[0][0].item<double>() - 3.3) < 1e-5);
}

void TestBoxes::dflDecodeExpectation()
{
    // Uniform bins -> mean of 0..15 = 7.5; a sharp peak at bin k -> k.
    auto logits = torch::zeros({2, 64});
    logits[1].index_put_({torch::indexing::Slice(0, 16)}, -1e4);
    logits[1][11] = 0;  // side l of row 1: all mass on bin 11
    const auto d = dflDecode(logits, 16);
    QCOMPARE(d.sizes().vec(), (std::vector<int64_t>{2, 4}));
    QVERIFY(std::abs(d[0][0].item<double>() - 7.5) < 1e-5);
    QVERIFY(std::abs(d[1][0].item<double>() - 11.0) < 1e-4);
    QVERIFY(std::abs(d[1][1].item<double>() - 7.5) < 1e-5);
}

QTEST_GUILESS_MAIN(TestBoxes)
#include "test_boxes.moc"
