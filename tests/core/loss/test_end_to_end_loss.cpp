// YOLO26's end-to-end loss (Ultralytics 8.4): the one-to-many and one-to-one passes, the L1 distance term, the
// 16 px widening in the assigner, the one-to-many weight's schedule, and both heads from a real YOLO26 model.
// The expected figures were computed by Ultralytics 8.4.190's E2ELoss on the same inputs (see oracleInputs).
#include "loss/internal/assigner.h"
#include "loss/internal/detection_loss.h"
#include "model/internal/yolo.h"

#include <QtTest>

#include <cmath>

using namespace ys::loss;

namespace {

constexpr int kNc = 3;
const std::vector<int64_t> kStrides{8, 16, 32};

// A head level of a 2-image 64 x 64 batch with reg_max 1 (4 distances, 3 class logits), filled from a formula the
// oracle script evaluates the same way: distances 1.5 + 1.2 sin(.), class logits 2 sin(.) - 1.
torch::Tensor level(int l, int64_t stride)
{
    const int64_t h = 64 / stride, w = 64 / stride, c = 4 + kNc;
    auto t = torch::empty({2, c, h, w}, torch::kDouble);
    auto a = t.accessor<double, 4>();
    for (int64_t b = 0; b < 2; ++b)
        for (int64_t ch = 0; ch < c; ++ch)
            for (int64_t y = 0; y < h; ++y)
                for (int64_t x = 0; x < w; ++x) {
                    const int64_t i = ((b * c + ch) * h + y) * w + x;
                    const double v = std::sin(0.37 * static_cast<double>(i) + 0.11 * static_cast<double>(ch) + l);
                    a[b][ch][y][x] = ch < 4 ? 1.5 + 1.2 * v : 2.0 * v - 1.0;
                }
    return t.to(torch::kFloat);
}

ys::DetectionModelImpl::Heads oracleInputs()
{
    ys::DetectionModelImpl::Heads heads;
    for (int l = 0; l < 3; ++l) {
        heads.many.push_back(level(l, kStrides[static_cast<size_t>(l)]));
        heads.one.push_back(level(l + 10, kStrides[static_cast<size_t>(l)]));
    }
    return heads;
}

// batch_idx, cls, cx, cy, w, h normalised; the third box is 6.4 x 7.7 px, under the 16 px floor.
torch::Tensor oracleTargets()
{
    return torch::tensor({0.f, 0.f, .30f, .30f, .35f, .30f, 0.f, 1.f, .55f, .50f, .50f, .60f, 0.f, 2.f, .80f, .20f, .10f,
                          .12f, 1.f, 1.f, .50f, .50f, .90f, .80f, 1.f, 0.f, .25f, .70f, .20f, .20f})
        .view({5, 6});
}

void compareItems(const torch::Tensor& items, std::initializer_list<double> expected)
{
    int i = 0;
    for (double e : expected) {
        const double v = items[i++].item<double>();
        QVERIFY2(std::abs(v - e) <= 1e-4 * std::max(1.0, std::abs(e)),
                 qPrintable(QString("item %1: %2, Ultralytics 8.4 %3").arg(i - 1).arg(v, 0, 'g', 9).arg(e, 0, 'g', 9)));
    }
}

}  // namespace

class TestEndToEndLoss final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void endToEndEqualsUltralytics84();
    void oneToManyWeightSchedule();
    void smallBoxesAreWidenedForCandidates();
    void oneToOneKeepsOneAnchorPerBox();
    void realModelTrainsBothHeads();
    void endToEndNeedsBothHeads();
};

void TestEndToEndLoss::endToEndEqualsUltralytics84()
{
    DetectionLoss loss(kNc, 1, kStrides, LossGains{}, /*endToEnd=*/true);
    loss.setEpoch(0, 10);
    LossOutput out = loss(oracleInputs(), oracleTargets(), 2);
    // 8.4.190 E2ELoss, epochs 10, at the start: total 106.20029449, items (the one-to-one head's) below.
    QVERIFY2(std::abs(out.total.item<double>() - 106.20029449) < 1e-3, qPrintable(QString::number(out.total.item<double>(), 'g', 10)));
    compareItems(out.items, {3.74066448, 81.24491119, 0.15460753});
    // After 3 epochs (resumed from epoch 3: the weight comes from the epoch alone): o2m 0.5667, total 124.89031219.
    // Two totals at two weights pin both passes: the one-to-many pass's (8.4: 90.18028259) and the one-to-one's.
    loss.setEpoch(3, 10);
    out = loss(oracleInputs(), oracleTargets(), 2);
    QVERIFY2(std::abs(out.total.item<double>() - 124.89031219) < 1e-3, qPrintable(QString::number(out.total.item<double>(), 'g', 10)));
    compareItems(out.items, {3.74066448, 81.24491119, 0.15460753});
}

void TestEndToEndLoss::oneToManyWeightSchedule()
{
    QCOMPARE(DetectionLoss::oneToManyWeight(0, 100), 0.8);
    QVERIFY(std::abs(DetectionLoss::oneToManyWeight(99, 100) - 0.1) < 1e-12);
    QVERIFY(std::abs(DetectionLoss::oneToManyWeight(50, 101) - 0.45) < 1e-12);
    QVERIFY(std::abs(DetectionLoss::oneToManyWeight(150, 100) - 0.1) < 1e-12);  // never below the final weight
    QCOMPARE(DetectionLoss::oneToManyWeight(0, 1), 0.8);                          // one epoch: no division by 0
}

void TestEndToEndLoss::smallBoxesAreWidenedForCandidates()
{
    // A 4 x 4 px box between anchor centres of the stride-8 grid (centres at 4, 12, ...): no centre inside it, so
    // without widening it gets no anchor; widened to 16 px it holds the centres around (10, 10).
    const int64_t A = 4;
    const auto anchors = torch::tensor({4.f, 4.f, 12.f, 4.f, 4.f, 12.f, 12.f, 12.f}).view({A, 2});
    const auto scores = torch::full({1, A, 1}, 0.5f);
    const auto boxes = torch::tensor({0.f, 0.f, 16.f, 16.f}).view({1, 1, 4}).expand({1, A, 4}).contiguous();
    const auto gtLabels = torch::zeros({1, 1, 1});
    const auto gtBoxes = torch::tensor({6.f, 6.f, 10.f, 10.f}).view({1, 1, 4});
    const auto mask = torch::ones({1, 1, 1});
    const TaskAlignedAssigner plain(1, 10);
    QCOMPARE(plain(scores, boxes, anchors, gtLabels, gtBoxes, mask).fg_mask.sum().item<int64_t>(), int64_t{0});
    const TaskAlignedAssigner widened(1, 10, 0.5, 6.0, 1e-9, 0, 16.0);
    const auto as = widened(scores, boxes, anchors, gtLabels, gtBoxes, mask);
    QCOMPARE(as.fg_mask.sum().item<int64_t>(), int64_t{4});
    // The targets are the box as labelled, not the widened one.
    QCOMPARE(as.target_bboxes[0][0][2].item<float>(), 10.f);
}

void TestEndToEndLoss::oneToOneKeepsOneAnchorPerBox()
{
    const auto t = oracleTargets();
    const TaskAlignedAssigner many(kNc, 10, 0.5, 6.0, 1e-9, 0, 16.0);
    const TaskAlignedAssigner one(kNc, 7, 0.5, 6.0, 1e-9, 1, 16.0);
    // Assign over a flattened head: every anchor predicts the same box around its centre.
    std::vector<torch::Tensor> pts;
    for (int64_t s : kStrides)
        for (int64_t y = 0; y < 64 / s; ++y)
            for (int64_t x = 0; x < 64 / s; ++x)
                pts.push_back(torch::tensor({(x + 0.5f) * s, (y + 0.5f) * s}));
    const auto anchors = torch::stack(pts);
    const int64_t A = anchors.size(0);
    const auto boxes = torch::cat({anchors - 6, anchors + 6}, 1).unsqueeze(0).expand({2, A, 4}).contiguous();
    const auto scores = torch::full({2, A, kNc}, 0.3f);
    const auto padded = padTargets(t, 2, 64, 64);
    const auto a = many(scores, boxes, anchors, padded.labels, padded.boxes, padded.mask);
    const auto b = one(scores, boxes, anchors, padded.labels, padded.boxes, padded.mask);
    QVERIFY(a.fg_mask.sum().item<int64_t>() > 5);
    // One anchor per real box: 3 in image 0, 2 in image 1.
    QCOMPARE(b.fg_mask.sum(1)[0].item<int64_t>(), int64_t{3});
    QCOMPARE(b.fg_mask.sum(1)[1].item<int64_t>(), int64_t{2});
}

void TestEndToEndLoss::realModelTrainsBothHeads()
{
    torch::manual_seed(3);
    ys::DetectionModel model(*ys::loadModelSpec("yolo26n.yaml", kNc));
    model->train();
    const auto heads = model->forwardHeads(torch::rand({2, 3, 64, 64}));
    QCOMPARE(heads.many.size(), size_t{3});
    QCOMPARE(heads.one.size(), size_t{3});
    DetectionLoss loss(kNc, model->regMax(), model->strides(), LossGains{}, model->endToEnd());
    const LossOutput out = loss(heads, oracleTargets(), 2);
    out.total.backward();
    // The one-to-one copies learn from their loss; the backbone gets gradients from the one-to-many pass.
    const auto& d = model->detect();
    QVERIFY(d->one2one_cv2->parameters().front().grad().defined());
    QVERIFY(d->one2one_cv2->parameters().front().grad().abs().sum().item<double>() > 0);
    QVERIFY(d->cv2->parameters().front().grad().abs().sum().item<double>() > 0);
    QVERIFY(model->layer(0)->parameters().front().grad().abs().sum().item<double>() > 0);
}

void TestEndToEndLoss::endToEndNeedsBothHeads()
{
    const DetectionLoss loss(kNc, 1, kStrides, LossGains{}, /*endToEnd=*/true);
    QVERIFY_THROWS_EXCEPTION(c10::Error, loss(oracleInputs().many, oracleTargets(), 2));
    QCOMPARE(std::string(distanceLossName(1)), std::string("l1_loss"));
    QCOMPARE(std::string(distanceLossName(16)), std::string("dfl_loss"));
}

QTEST_GUILESS_MAIN(TestEndToEndLoss)
#include "test_end_to_end_loss.moc"
