// Batched NMS: suppression per class, agnostic mode, max_det, confidence filter, multi-label, agreement
// with a brute-force greedy NMS on many boxes, and the per-image time on an untrained-model-like input.
// The one-to-one head's top-k without NMS (nms=false): known answers and agreement with Ultralytics 8.4's
// two-stage pick.
#include "loss/internal/boxes.h"
#include "eval/internal/nms.h"

#include <QElapsedTimer>
#include <QtTest>

#include <tuple>

using namespace ys::loss;

namespace {

// Builds pred [1, 4+nc, N] from rows {cx, cy, w, h, class, score} (one-hot class scores).
torch::Tensor predFrom(const std::vector<std::array<float, 6>>& rows, int nc)
{
    auto p = torch::zeros({1, 4 + nc, static_cast<int64_t>(rows.size())});
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto j = static_cast<int64_t>(i);
        for (int k = 0; k < 4; ++k)
            p[0][k][j] = rows[i][k];
        p[0][4 + static_cast<int64_t>(rows[i][4])][j] = rows[i][5];
    }
    return p;
}

// Textbook greedy NMS on the full IoU matrix (O(N^2) memory): reference for the fast path.
std::vector<int64_t> bruteForce(const torch::Tensor& xyxy, const torch::Tensor& scores, const torch::Tensor& cls,
                                double thr, double eps = 1e-7)
{
    const auto order = std::get<1>(scores.sort(true, 0, true));
    const auto iou = boxIou(xyxy, xyxy, eps);
    const auto sameCls = cls.unsqueeze(1).eq(cls.unsqueeze(0));
    const auto over = iou.gt(thr).logical_and(sameCls);
    std::vector<char> removed(static_cast<size_t>(xyxy.size(0)), 0);
    std::vector<int64_t> keep;
    const auto o = order.accessor<int64_t, 1>();
    const auto ov = over.accessor<bool, 2>();
    for (int64_t k = 0; k < order.size(0); ++k) {
        const int64_t i = o[k];
        if (removed[static_cast<size_t>(i)])
            continue;
        keep.push_back(i);
        for (int64_t j = 0; j < xyxy.size(0); ++j)
            if (ov[i][j])
                removed[static_cast<size_t>(j)] = 1;
    }
    return keep;
}

}  // namespace

class TestNms final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void overlappingSameClassSuppressed();
    void differentClassesKeptUnlessAgnostic();
    void classOffsetRoundsAsTorchvision();
    void maxDetKeepsMostConfident();
    void confidenceFilter();
    void multiLabelKeepsEveryClassAboveConf();
    void batchAndEmptyImages();
    void agreesWithBruteForce();
    void batchedMatchesBruteForce_data();
    void batchedMatchesBruteForce();
    void timingOnUntrainedOutput();
    void topKKeepsOverlapsAndRanksAnchorsTimesClasses();
    void topKCapsAtAnchorsAndMaxDet();
    void topKMatchesTwoStagePick_data();
    void topKMatchesTwoStagePick();
};

void TestNms::overlappingSameClassSuppressed()
{
    // Boxes 0 and 1: 100 x 100, shifted by 10 px -> IoU 90*100 / (2e4 - 9000) = 0.818 > 0.7.
    // Box 2 shifted by 30 px from box 0 -> IoU 70/130 = 0.538: kept.
    const auto pred = predFrom({{100, 100, 100, 100, 0, 0.8f}, {110, 100, 100, 100, 0, 0.9f},
                                {130, 100, 100, 100, 0, 0.7f}}, 2);
    const auto out = nonMaxSuppression(pred, 0.25, 0.7);
    QCOMPARE(out.size(), size_t{1});
    QCOMPARE(out[0].size(0), int64_t{2});
    QVERIFY(torch::allclose(out[0][0], torch::tensor({60.f, 50.f, 160.f, 150.f, 0.9f, 0.f})));
    QVERIFY(torch::allclose(out[0][1], torch::tensor({80.f, 50.f, 180.f, 150.f, 0.7f, 0.f})));
    // A stricter IoU threshold also removes box 2 (0.538 > 0.5).
    QCOMPARE(nonMaxSuppression(pred, 0.25, 0.5)[0].size(0), int64_t{1});
}

void TestNms::differentClassesKeptUnlessAgnostic()
{
    const auto pred = predFrom({{100, 100, 100, 100, 0, 0.8f}, {105, 100, 100, 100, 1, 0.9f}}, 2);
    const auto perClass = nonMaxSuppression(pred, 0.25, 0.7)[0];
    QCOMPARE(perClass.size(0), int64_t{2});
    QCOMPARE(perClass[0][5].item<float>(), 1.f);
    QCOMPARE(perClass[1][5].item<float>(), 0.f);
    const auto agnostic = nonMaxSuppression(pred, 0.25, 0.7, 300, /*agnostic=*/true)[0];
    QCOMPARE(agnostic.size(0), int64_t{1});
    QCOMPARE(agnostic[0][5].item<float>(), 1.f);
}

// Two small boxes of class 6, IoU within 3e-4 of the 0.7 threshold. Ultralytics shifts each box by cls * 7680
// before torchvision.ops.nms (46080: coordinates rounded to 1/256 px) and computes the IoU without eps; what
// torchvision 0.14 decided on these exact inputs is the expected count. Exact IoU decided the other way on both.
void TestNms::classOffsetRoundsAsTorchvision()
{
    // Exact IoU 0.70009 > 0.7, but the shifted boxes' IoU is not above it: torchvision keeps both.
    const float w1 = 3.4897773265838623f, h1 = 4.888816833496094f, y1 = 139.6063232421875f;
    const auto keptBoth =
        predFrom({{134.4402618408203f, y1, w1, h1, 6, 0.9f}, {135.05587768554688f, y1, w1, h1, 6, 0.8f}}, 7);
    QCOMPARE(nonMaxSuppression(keptBoth, 0.25, 0.7, 300, false, 30000, 7680, true)[0].size(0), int64_t{2});
    // Exact IoU 0.69980 < 0.7, but the shifted boxes' IoU is above it: torchvision suppresses the second.
    const float w2 = 3.2115323543548584f, h2 = 4.00541353225708f, y2 = 116.35957336425781f;
    const auto suppressed =
        predFrom({{103.16014862060547f, y2, w2, h2, 6, 0.9f}, {103.72734069824219f, y2, w2, h2, 6, 0.8f}}, 7);
    QCOMPARE(nonMaxSuppression(suppressed, 0.25, 0.7, 300, false, 30000, 7680, true)[0].size(0), int64_t{1});
}

void TestNms::maxDetKeepsMostConfident()
{
    std::vector<std::array<float, 6>> rows;
    for (int i = 0; i < 50; ++i)  // disjoint boxes, confidences in shuffled order
        rows.push_back({20.f * i + 10, 10, 10, 10, 0, 0.3f + 0.01f * static_cast<float>((i * 7) % 50)});
    const auto out = nonMaxSuppression(predFrom(rows, 1), 0.001, 0.7, /*maxDet=*/10)[0];
    QCOMPARE(out.size(0), int64_t{10});
    const auto conf = out.select(1, 4);
    QVERIFY(torch::equal(conf, std::get<0>(conf.sort(0, true))));
    QVERIFY(std::abs(conf[0].item<double>() - 0.79) < 1e-6);
    QVERIFY(std::abs(conf[9].item<double>() - 0.70) < 1e-6);
    QCOMPARE(nonMaxSuppression(predFrom(rows, 1), 0.001, 0.7, 300)[0].size(0), int64_t{50});
    // maxNms caps the candidates entering suppression (the most confident survive).
    QCOMPARE(nonMaxSuppression(predFrom(rows, 1), 0.001, 0.7, 300, false, /*maxNms=*/5)[0].size(0), int64_t{5});
}

void TestNms::confidenceFilter()
{
    const auto pred = predFrom({{10, 10, 10, 10, 0, 0.2f}, {50, 10, 10, 10, 0, 0.3f}, {90, 10, 10, 10, 1, 0.25f}}, 2);
    const auto out = nonMaxSuppression(pred, 0.25, 0.7)[0];
    QCOMPARE(out.size(0), int64_t{1});  // > conf, not >=
    QVERIFY(std::abs(out[0][4].item<double>() - 0.3) < 1e-6);
    QCOMPARE(nonMaxSuppression(pred, 0.9, 0.7)[0].size(0), int64_t{0});
    QCOMPARE(nonMaxSuppression(pred, 0.9, 0.7)[0].size(1), int64_t{6});
}

void TestNms::multiLabelKeepsEveryClassAboveConf()
{
    auto pred = predFrom({{10, 10, 10, 10, 0, 0.6f}}, 3);
    pred[0][4 + 2][0] = 0.4f;  // second class above conf
    pred[0][4 + 1][0] = 0.1f;  // third below
    const auto single = nonMaxSuppression(pred, 0.25, 0.7)[0];
    QCOMPARE(single.size(0), int64_t{1});
    const auto multi = nonMaxSuppression(pred, 0.25, 0.7, 300, false, 30000, 7680, /*multiLabel=*/true)[0];
    QCOMPARE(multi.size(0), int64_t{2});
    QCOMPARE(multi[0][5].item<float>(), 0.f);
    QCOMPARE(multi[1][5].item<float>(), 2.f);
}

void TestNms::batchAndEmptyImages()
{
    auto pred = torch::zeros({3, 6, 4});
    pred[1] = predFrom({{10, 10, 10, 10, 1, 0.5f}, {40, 10, 10, 10, 0, 0.6f}, {70, 10, 10, 10, 0, 0.1f},
                        {100, 10, 10, 10, 1, 0.9f}}, 2)[0];
    const auto out = nonMaxSuppression(pred, 0.25, 0.7);
    QCOMPARE(out.size(), size_t{3});
    QCOMPARE(out[0].size(0), int64_t{0});
    QCOMPARE(out[1].size(0), int64_t{3});
    QCOMPARE(out[2].size(0), int64_t{0});
    const auto dets = toDetections(out[1]);
    QCOMPARE(dets.size(), size_t{3});
    QCOMPARE(dets[0].cls, 1);
    QCOMPARE(dets[0].x1, 95.f);
    QVERIFY(std::abs(dets[2].conf - 0.5f) < 1e-6f);
}

void TestNms::agreesWithBruteForce()
{
    // 3000 boxes in 40 clusters, 4 classes: heavy overlap, the case where suppression order matters.
    torch::manual_seed(5);
    const int64_t n = 3000;
    const auto centres = torch::rand({40, 2}) * 600;
    const auto which = torch::randint(0, 40, {n});
    const auto c = centres.index_select(0, which) + torch::randn({n, 2}) * 4;
    const auto wh = torch::rand({n, 2}) * 20 + 40;
    const auto xyxy = torch::cat({c - wh / 2, c + wh / 2}, 1);
    const auto scores = torch::rand({n});
    const auto cls = torch::randint(0, 4, {n});
    for (double thr : {0.45, 0.7}) {
        const auto fast = nms(xyxy, scores, cls, thr);
        const auto slow = bruteForce(xyxy, scores, cls, thr);
        QCOMPARE(fast.size(0), static_cast<int64_t>(slow.size()));
        QVERIFY(torch::equal(fast, torch::tensor(slow, torch::kLong)));
        qInfo("IoU %.2f: %lld of %lld boxes kept", thr, static_cast<long long>(fast.size(0)), static_cast<long long>(n));
        QVERIFY(fast.size(0) > 50 && fast.size(0) < n / 2);
    }
    // Agnostic: pass no classes.
    const auto fastAg = nms(xyxy, scores, torch::Tensor(), 0.7);
    const auto slowAg = bruteForce(xyxy, scores, torch::zeros({n}, torch::kLong), 0.7);
    QVERIFY(torch::equal(fastAg, torch::tensor(slowAg, torch::kLong)));
}

void TestNms::batchedMatchesBruteForce_data()
{
    QTest::addColumn<bool>("multiLabel");
    QTest::addColumn<bool>("agnostic");
    QTest::addColumn<int>("maxNms");
    QTest::addColumn<int>("maxDet");
    QTest::newRow("single") << false << false << 30000 << 300;
    QTest::newRow("multi") << true << false << 30000 << 300;
    QTest::newRow("multi, many kept") << true << false << 30000 << 100000;
    QTest::newRow("multi, maxNms 2000") << true << false << 2000 << 100000;
    QTest::newRow("multi agnostic") << true << true << 30000 << 300;
    QTest::newRow("single, maxDet 20") << false << false << 30000 << 20;
}

void TestNms::batchedMatchesBruteForce()
{
    // 1500 anchors in 40 tight clusters, 4 classes with random scores: thousands of candidates, most of
    // them suppressed, so the lazy chunks and the two collection passes are all exercised.
    QFETCH(bool, multiLabel);
    QFETCH(bool, agnostic);
    QFETCH(int, maxNms);
    QFETCH(int, maxDet);
    torch::manual_seed(21);
    const int64_t a = 1500, nc = 4;
    const double conf = 0.5, thr = 0.6;
    const auto centres = torch::rand({40, 2}) * 600;
    const auto c = centres.index_select(0, torch::randint(0, 40, {a})) + torch::randn({a, 2}) * 4;
    const auto wh = torch::rand({a, 2}) * 20 + 40;
    const auto scores = torch::rand({a, nc});
    const auto pred = torch::cat({c, wh, scores}, 1).t().unsqueeze(0).contiguous();  // [1, 4+nc, A]

    // Reference: enumerate candidates, order (score desc, anchor, class), cap at maxNms, brute force.
    std::vector<std::tuple<float, int64_t, int64_t>> cands;
    const auto sc = scores.accessor<float, 2>();
    for (int64_t i = 0; i < a; ++i) {
        if (multiLabel) {
            for (int64_t k = 0; k < nc; ++k)
                if (sc[i][k] > conf)
                    cands.emplace_back(sc[i][k], i, k);
        } else {
            int64_t bk = 0;
            for (int64_t k = 1; k < nc; ++k)
                if (sc[i][k] > sc[i][bk])
                    bk = k;
            if (sc[i][bk] > conf)
                cands.emplace_back(sc[i][bk], i, bk);
        }
    }
    std::sort(cands.begin(), cands.end(), [](const auto& x, const auto& y) {
        if (std::get<0>(x) != std::get<0>(y))
            return std::get<0>(x) > std::get<0>(y);
        return std::make_pair(std::get<1>(x), std::get<2>(x)) < std::make_pair(std::get<1>(y), std::get<2>(y));
    });
    if (static_cast<int>(cands.size()) > maxNms)
        cands.resize(static_cast<size_t>(maxNms));
    const int64_t n = static_cast<int64_t>(cands.size());
    auto candBoxes = torch::empty({n, 4});
    auto candScores = torch::empty({n});
    auto candCls = torch::empty({n}, torch::kLong);
    const auto xyxy = xywh2xyxy(torch::cat({c, wh}, 1));
    for (int64_t j = 0; j < n; ++j) {
        candBoxes[j] = xyxy[std::get<1>(cands[static_cast<size_t>(j)])];
        candScores[j] = std::get<0>(cands[static_cast<size_t>(j)]);
        candCls[j] = std::get<2>(cands[static_cast<size_t>(j)]);
    }
    // As the reference runs torchvision.ops.nms: boxes shifted by cls * 7680 (float32), IoU without eps.
    const auto shifted = agnostic ? candBoxes : candBoxes + candCls.to(torch::kFloat).unsqueeze(1) * 7680;
    auto keep = bruteForce(shifted, candScores, agnostic ? torch::zeros({n}, torch::kLong) : candCls, thr, 0.0);
    if (static_cast<int>(keep.size()) > maxDet)
        keep.resize(static_cast<size_t>(maxDet));
    const auto k = torch::tensor(keep, torch::kLong);
    const auto want = torch::cat({candBoxes.index_select(0, k), candScores.index_select(0, k).unsqueeze(1),
                                  candCls.index_select(0, k).to(torch::kFloat).unsqueeze(1)}, 1);

    const auto got = nonMaxSuppression(pred, conf, thr, maxDet, agnostic, maxNms, 7680, multiLabel)[0];
    QCOMPARE(got.size(0), want.size(0));
    QVERIFY(torch::allclose(got, want, 1e-5, 1e-4));
    QVERIFY(got.size(0) >= std::min(maxDet, 20));
}

void TestNms::timingOnUntrainedOutput()
{
    // An untrained 640 x 640 model: 8400 anchors, 80 classes, boxes of random size everywhere and class
    // scores that all pass conf 0.001: the most candidates validation ever sees.
    torch::manual_seed(9);
    const int64_t a = 8400, nc = 80, batch = 4;
    auto pred = torch::empty({batch, 4 + nc, a});
    pred.slice(1, 0, 2).uniform_(0, 640);
    pred.slice(1, 2, 4).uniform_(8, 200);
    pred.slice(1, 4, 4 + nc).uniform_(0.002, 0.05);
    for (bool multi : {false, true}) {
        nonMaxSuppression(pred.slice(0, 0, 1), 0.001, 0.7, 300, false, 30000, 7680, multi);  // warm-up
        QElapsedTimer t;
        t.start();
        const auto out = nonMaxSuppression(pred, 0.001, 0.7, 300, false, 30000, 7680, multi);
        const double ms = static_cast<double>(t.nsecsElapsed()) / 1e6 / batch;
        qInfo("NMS %s-label, 8400 anchors x 80 classes, conf 0.001: %.2f ms per image", multi ? "multi" : "single",
              ms);
        for (const auto& o : out)
            QCOMPARE(o.size(0), int64_t{300});
    }
    // The one-to-one head's top-k without NMS (nms=false), per (anchor, class) and class-agnostic.
    for (bool agnostic : {false, true}) {
        topKDetections(pred.slice(0, 0, 1), 0.001, 300, agnostic);  // warm-up
        QElapsedTimer t;
        t.start();
        for (int rep = 0; rep < 5; ++rep)
            for (const auto& o : topKDetections(pred, 0.001, 300, agnostic))
                QCOMPARE(o.size(0), int64_t{300});
        qInfo("top-k%s, 8400 anchors x 80 classes: %.2f ms per image", agnostic ? " (agnostic)" : "",
              static_cast<double>(t.nsecsElapsed()) / 1e6 / batch / 5);
    }
}

// Four anchors, three classes. Anchor 0 scores 0.9 (class 0) and 0.8 (class 1); anchor 1 is anchor 0's box
// shifted by 10 px (IoU 0.818) with 0.85 for class 0; anchor 2 is a lone box, 0.7 for class 2; anchor 3 scores
// below conf. Top min(300, 4) = 4 of the 12 scores: both classes of anchor 0, and the overlapping anchor 1.
void TestNms::topKKeepsOverlapsAndRanksAnchorsTimesClasses()
{
    auto pred = torch::zeros({1, 4 + 3, 4});
    const float boxes[4][4] = {{100, 100, 100, 100}, {110, 100, 100, 100}, {300, 300, 20, 20}, {50, 50, 10, 10}};
    const float scores[4][3] = {{0.9f, 0.8f, 0.1f}, {0.85f, 0.05f, 0.02f}, {0.3f, 0.2f, 0.7f},
                                {0.0005f, 0.0002f, 0.0001f}};
    for (int64_t a = 0; a < 4; ++a) {
        for (int64_t j = 0; j < 4; ++j)
            pred[0][j][a] = boxes[a][j];
        for (int64_t c = 0; c < 3; ++c)
            pred[0][4 + c][a] = scores[a][c];
    }
    const auto out = topKDetections(pred, 0.001, 300);
    QCOMPARE(out.size(), size_t{1});
    const auto want = torch::tensor({{50.f, 50.f, 150.f, 150.f, 0.9f, 0.f},
                                     {60.f, 50.f, 160.f, 150.f, 0.85f, 0.f},
                                     {50.f, 50.f, 150.f, 150.f, 0.8f, 1.f},
                                     {290.f, 290.f, 310.f, 310.f, 0.7f, 2.f}});
    QVERIFY2(torch::allclose(out[0], want), qPrintable(QString::number(out[0].size(0))));
    // NMS of the same output (single-label, as predict) drops the overlapping anchor 1 and anchor 0's second class.
    const auto nms = nonMaxSuppression(pred, 0.001, 0.7)[0];
    QCOMPARE(nms.size(0), int64_t{2});
    QCOMPARE(nms[1][4].item<float>(), 0.7f);
    // conf is strict (> conf) and applies after the pick; max_det cuts the ranked list.
    QCOMPARE(topKDetections(pred, 0.85, 300)[0].size(0), int64_t{1});
    QCOMPARE(topKDetections(pred, 0.75, 300)[0].size(0), int64_t{3});
    const auto two = topKDetections(pred, 0.001, 2)[0];
    QVERIFY(torch::allclose(two, want.slice(0, 0, 2)));
    QCOMPARE(topKDetections(pred, 0.95, 300)[0].sizes(), (torch::IntArrayRef{0, 6}));
    // agnostic_nms: one row per anchor, its best class; anchor 0's second class is gone, anchor 3 is below conf.
    const auto agnostic = topKDetections(pred, 0.001, 300, /*agnostic=*/true)[0];
    QVERIFY(torch::allclose(agnostic, torch::stack({want[0], want[1], want[3]})));
    QVERIFY(torch::allclose(topKDetections(pred, 0.001, 2, true)[0], want.slice(0, 0, 2)));
}

// k is min(max_det, anchors), as the reference head's top-k: two anchors with three classes above conf give
// two rows, not six; batches keep images apart.
void TestNms::topKCapsAtAnchorsAndMaxDet()
{
    auto pred = torch::zeros({2, 4 + 3, 2});
    pred.slice(1, 2, 4).fill_(10);
    pred[0].slice(0, 4, 7) = torch::tensor({{0.5f, 0.6f}, {0.55f, 0.65f}, {0.4f, 0.3f}});
    const auto out = topKDetections(pred, 0.001, 300);
    QCOMPARE(out.size(), size_t{2});
    QCOMPARE(out[0].size(0), int64_t{2});
    QVERIFY(torch::allclose(out[0].select(1, 4), torch::tensor({0.65f, 0.6f})));
    QVERIFY(torch::allclose(out[0].select(1, 5), torch::tensor({1.f, 0.f})));
    QCOMPARE(out[1].size(0), int64_t{0});   // all scores 0: none above conf
}

void TestNms::topKMatchesTwoStagePick_data()
{
    QTest::addColumn<int>("anchors");
    QTest::addColumn<int>("maxDet");
    QTest::addColumn<double>("conf");
    QTest::addColumn<bool>("agnostic");
    QTest::newRow("8400 anchors, 300") << 8400 << 300 << 0.001 << false;
    QTest::newRow("200 anchors (k = anchors)") << 200 << 300 << 0.001 << false;
    QTest::newRow("2000 anchors, 50, conf 0.3") << 2000 << 50 << 0.3 << false;
    QTest::newRow("agnostic, 8400 anchors, 300") << 8400 << 300 << 0.001 << true;
    QTest::newRow("agnostic, 2000 anchors, 50, conf 0.3") << 2000 << 50 << 0.3 << true;
}

// Ultralytics 8.4's Detect.get_topk_index, in torch ops: the k anchors with the best class score, then the k best
// of their k x nc scores (agnostic_nms: the k anchors with the best class score, each with that class); then the
// validator's conf filter. The same rows.
void TestNms::topKMatchesTwoStagePick()
{
    QFETCH(int, anchors);
    QFETCH(int, maxDet);
    QFETCH(double, conf);
    QFETCH(bool, agnostic);
    torch::manual_seed(3);
    const int64_t nc = 6;
    auto pred = torch::empty({2, 4 + nc, anchors});
    pred.slice(1, 0, 2).uniform_(0, 640);
    pred.slice(1, 2, 4).uniform_(8, 200);
    // Distinct scores in [0, 0.6): no ties, whose order the reference leaves to torch.topk.
    pred.slice(1, 4, 4 + nc) = (torch::randperm(2 * nc * anchors).to(torch::kFloat) * (0.6f / (2 * nc * anchors)))
                                   .view({2, nc, anchors});
    const auto got = topKDetections(pred, conf, maxDet, agnostic);
    for (int64_t b = 0; b < 2; ++b) {
        const auto rows = pred[b].t();                       // [A, 4 + nc]
        const auto scores = rows.slice(1, 4);                // [A, nc]
        const int64_t k = std::min<int64_t>(maxDet, anchors);
        const auto [best, label] = scores.max(1);
        torch::Tensor top, anchor, cls;
        if (agnostic) {
            std::tie(top, anchor) = best.topk(k);
            cls = label.index_select(0, anchor).to(torch::kFloat);
        } else {
            const auto anchorIdx = std::get<1>(best.topk(k));
            torch::Tensor flat;
            std::tie(top, flat) = scores.index_select(0, anchorIdx).flatten().topk(k);
            anchor = anchorIdx.index_select(0, flat.div(nc, "floor"));
            cls = flat.remainder(nc).to(torch::kFloat);
        }
        const auto xywh = rows.slice(1, 0, 4).index_select(0, anchor);
        const auto xyxy = torch::cat({xywh.slice(1, 0, 2) - xywh.slice(1, 2, 4) / 2,
                                      xywh.slice(1, 0, 2) + xywh.slice(1, 2, 4) / 2}, 1);
        auto want = torch::cat({xyxy, top.unsqueeze(1), cls.unsqueeze(1)}, 1);
        want = want.index({top > conf});
        QCOMPARE(got[static_cast<size_t>(b)].size(0), want.size(0));
        QVERIFY(torch::equal(got[static_cast<size_t>(b)], want));
    }
}

QTEST_GUILESS_MAIN(TestNms)
#include "test_nms.moc"
