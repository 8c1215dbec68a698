// mAP evaluator against Ultralytics 8.4 and 8.3: the references' figures for four prediction sets on coco128
// (../shared/fixtures/metrics: expected.json is 8.3's; data/ultralytics-metrics.json both releases', with their
// confusion matrices), and constructed cases whose expected values are derived by hand in the comments (each
// one also checked with each release's ap_per_class + match_predictions on the same boxes).
// Plain C++: no LibTorch here.
#include "eval/metrics.h"

#include "testsupport.h"

#include <QtTest>

#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <array>
#include <cmath>

using ys::Detection;
using ys::DetectionEvaluator;
using ys::DetectionMetrics;
using ys::GroundTruth;
using ys::MetricsVersion;

namespace {

constexpr MetricsVersion k83 = MetricsVersion::Ultralytics83;
constexpr MetricsVersion k84 = MetricsVersion::Ultralytics84;

GroundTruth gt(float x, float y, float w, float h, int cls = 0)
{
    return {x, y, x + w, y + h, cls};
}

Detection det(const GroundTruth& g, float conf, int cls = -1)
{
    return {g.x1, g.y1, g.x2, g.y2, conf, cls < 0 ? g.cls : cls};
}

// A detection far from everything (false positive).
Detection stray(float conf, int cls = 0)
{
    return {900, 900, 950, 950, conf, cls};
}

bool near(double a, double b, double tol = 1e-9)
{
    return std::abs(a - b) <= tol;
}

QByteArray show(double v)
{
    return QByteArray::number(v, 'g', 12);
}

// Four separate 40 x 40 GT boxes of class cls.
std::vector<GroundTruth> fourBoxes(int cls = 0)
{
    return {gt(0, 0, 40, 40, cls), gt(100, 0, 40, 40, cls), gt(0, 100, 40, 40, cls), gt(100, 100, 40, 40, cls)};
}

// Rows of a YOLO text file as floats (missing file: no rows).
std::vector<std::vector<float>> readRows(const QString& path)
{
    std::vector<std::vector<float>> rows;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return rows;
    for (const QByteArray& line : f.readAll().split('\n')) {
        std::vector<float> row;
        for (const QByteArray& tok : line.simplified().split(' '))
            if (!tok.isEmpty())
                row.push_back(tok.toFloat());
        if (!row.empty())
            rows.push_back(row);
    }
    return rows;
}

// Normalised xyxy of a cx cy w h row starting at column `at`, as xywh2xyxy computes it in float32.
std::array<float, 4> corners(const std::vector<float>& r, size_t at)
{
    const float hw = r[at + 2] / 2, hh = r[at + 3] / 2;
    return {r[at] - hw, r[at + 1] - hh, r[at] + hw, r[at + 1] + hh};
}

}  // namespace

class TestMetrics final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void apDefinitions();
    void perfectDetections();
    void confidenceOrderMatters();
    void partialRecall();
    void duplicatesAreFalsePositives();
    void absentClassesLeftOutOfTheMean();
    void iouThresholdsInMap5095();
    void lowestDetectionIndexWinsTheGt();
    void noSecondChoiceForALosingDetection();
    void equalIousInNumpyOrder();
    void equalConfidencesInNumpyOrder();
    void precisionRecallAtBestF1();
    void confusionMatrix();
    void noGroundTruth();
    void resetClears();
    void table();
    void ultralyticsFixtures_data();
    void ultralyticsFixtures();
};

void TestMetrics::apDefinitions()
{
    // Recall reaches 0.5 at precision 1. Ultralytics: the curve is 1 up to recall 0.5, then the straight
    // line down to the sentinel (1, 0) adds 0.5 * 0.5 / 2 -> 0.75. COCO: recalls 0..0.50 score 1 -> 51/101.
    QVERIFY(near(ys::apTrapezoid101({0.25, 0.5}, {1.0, 1.0}, nullptr, k83), 0.75));
    QVERIFY(near(ys::apCoco101({0.25, 0.5}, {1.0, 1.0}), 51.0 / 101.0));
    // 8.4 ends the curve at its last recall (a sentinel (0.5, 0) before (1, 0)): 1 up to 0.49 and 0 from
    // 0.5 (the last of the equal recalls wins): 0.49 + 0.01 * 1 / 2 = 0.495.
    QVERIFY(near(ys::apTrapezoid101({0.25, 0.5}, {1.0, 1.0}, nullptr, k84), 0.495));
    // Precision 0.5 at recall 0.5, 2/3 at recall 1: the envelope is 1 on [0, 0.5), 2/3 from 0.5 (the last
    // of the equal recalls wins) and 0 at recall 1 (sentinel). Trapezoids: 0.49 * 1 + 0.01 * (1 + 2/3) / 2
    // + 0.49 * 2/3 + 0.01 * (2/3) / 2 = 0.828333...
    // Recall reaches 1, so 8.4's extra sentinel sits on 8.3's: the same figure by both.
    for (MetricsVersion v : {k83, k84})
        QVERIFY(near(ys::apTrapezoid101({0.5, 0.5, 1.0}, {1.0, 0.5, 2.0 / 3.0}, nullptr, v),
                     0.49 + 0.005 * (5.0 / 3.0) + 0.49 * 2.0 / 3.0 + 0.005 * 2.0 / 3.0));
    QVERIFY(near(ys::apCoco101({0.5, 0.5, 1.0}, {1.0, 0.5, 2.0 / 3.0}), (51.0 + 50.0 * 2.0 / 3.0) / 101.0));
    QCOMPARE(ys::apTrapezoid101({}, {}), 0.0);
    QCOMPARE(ys::apCoco101({}, {}), 0.0);
}

void TestMetrics::perfectDetections()
{
    // Every GT found at precision 1: the curve is 1 up to recall 0.99 and falls to the sentinel's 0 at
    // recall 1, so the last trapezoid is half: AP = 0.99 + 0.005 = 0.995 (Ultralytics' "perfect" score).
    // Both releases; fitness 0.1 * 0.995 + 0.9 * 0.995 (8.3) = mAP50-95 (8.4).
    for (MetricsVersion v : {k83, k84}) {
        DetectionEvaluator ev(2, v);
        for (int i = 0; i < 3; ++i) {
            const auto gts = fourBoxes(i % 2);
            std::vector<Detection> dets;
            for (size_t k = 0; k < gts.size(); ++k)
                dets.push_back(det(gts[k], 0.5f + 0.1f * static_cast<float>(k)));
            ev.addImage(dets, gts);
        }
        const DetectionMetrics m = ev.compute();
        QVERIFY2(near(m.map50, 0.995), show(m.map50));
        QVERIFY(near(m.map50_95, 0.995));
        QVERIFY(near(m.map50_95_coco, 1.0));  // the step lookup reaches precision 1 at recall 1
        QVERIFY(near(m.precision, 1.0));
        QVERIFY(near(m.recall, 1.0));
        QCOMPARE(m.perClass.size(), size_t{2});
        QCOMPARE(m.perClass[0].instances, int64_t{8});
        QCOMPARE(m.perClass[0].images, int64_t{2});
        QCOMPARE(m.perClass[1].instances, int64_t{4});
        QVERIFY(near(m.fitness(), 0.995));
        QCOMPARE(m.version, v);
    }
}

void TestMetrics::confidenceOrderMatters()
{
    const auto gts = fourBoxes();
    // Shuffling confidences among true positives changes nothing while every TP outranks the FP (the FP
    // at recall 1 lies under the envelope).
    for (const auto& confs : {std::vector<float>{0.9f, 0.8f, 0.7f, 0.6f}, std::vector<float>{0.6f, 0.9f, 0.7f, 0.8f}}) {
        DetectionEvaluator ev(1);
        std::vector<Detection> dets;
        for (size_t k = 0; k < gts.size(); ++k)
            dets.push_back(det(gts[k], confs[k]));
        dets.push_back(stray(0.1f));
        ev.addImage(dets, gts);
        QVERIFY(near(ev.compute().map50, 0.995));
    }
    // The FP ranked second: TP, FP, TP, TP, TP -> recall .25 .25 .5 .75 1, precision 1 .5 .67 .75 .8.
    // The envelope is 1 below recall 0.25 and 0.8 from 0.25 (the last of the equal recalls) to 0.99:
    // 0.24 + 0.01 * 1.8 / 2 + 0.74 * 0.8 + 0.01 * 0.8 / 2 = 0.845 (COCO's step lookup: 0.8515).
    DetectionEvaluator ev(1);
    std::vector<Detection> dets{det(gts[0], 0.9f), stray(0.85f), det(gts[1], 0.8f), det(gts[2], 0.7f),
                                det(gts[3], 0.6f)};
    ev.addImage(dets, gts);
    const auto m = ev.compute();
    QVERIFY2(near(m.map50, 0.845), show(m.map50));
    QVERIFY(near(m.map50_coco, (26.0 + 75.0 * 0.8) / 101.0));
    // P and R at the best smoothed F1: below conf 0.6 every detection counts (P 0.8, R 1).
    QVERIFY2(near(m.precision, 0.8), show(m.precision));
    QVERIFY(near(m.recall, 1.0));
}

void TestMetrics::partialRecall()
{
    // Half of the GT found, no false positives: AP 0.75 by 8.3 (apDefinitions), the same at every IoU
    // threshold.
    DetectionEvaluator ev(1, k83);
    const auto gts = fourBoxes();
    ev.addImage({det(gts[0], 0.9f), det(gts[2], 0.8f)}, gts);
    const auto m = ev.compute();
    QVERIFY2(near(m.map50, 0.75), show(m.map50));
    QVERIFY(near(m.map50_95, 0.75));
    QVERIFY(near(m.map50_95_coco, 51.0 / 101.0));
    QVERIFY(near(m.precision, 1.0));
    QVERIFY(near(m.recall, 0.5));
    // The PR curve of the report: precision 1 up to recall 0.5, then the line down to (1, 0).
    const auto& pr = m.perClass.at(0).pr50;
    QCOMPARE(pr.size(), size_t(ys::kPrCurvePoints));
    QVERIFY(near(pr[0], 1.0) && near(pr[50], 1.0));
    QVERIFY2(near(pr[75], 0.5), show(pr[75]));
    QVERIFY(near(pr[100], 0.0));

    // 8.4: 0.495 (apDefinitions), and its curve drops to 0 at recall 0.5; P and R do not change.
    DetectionEvaluator ev84(1, k84);
    ev84.addImage({det(gts[0], 0.9f), det(gts[2], 0.8f)}, gts);
    const auto m84 = ev84.compute();
    QVERIFY2(near(m84.map50, 0.495), show(m84.map50));
    QVERIFY(near(m84.map50_95, 0.495));
    QVERIFY(near(m84.precision, 1.0) && near(m84.recall, 0.5));
    QVERIFY(near(m84.perClass.at(0).pr50[49], 1.0) && near(m84.perClass.at(0).pr50[50], 0.0));
    QVERIFY(near(m84.perClass.at(0).pr50[75], 0.0));
    QVERIFY(near(m84.map50_95_coco, m.map50_95_coco));  // the COCO-style figure is the releases' neither
}

void TestMetrics::duplicatesAreFalsePositives()
{
    // Two GT; GT 0 detected twice (the copy ranks second), GT 1 once: TP, FP, TP -> recall .5 .5 1,
    // precision 1 .5 .67: the second curve of apDefinitions, 0.828333...
    DetectionEvaluator ev(1);
    const std::vector<GroundTruth> gts{gt(0, 0, 40, 40), gt(100, 0, 40, 40)};
    Detection dup = det(gts[0], 0.8f);
    dup.x2 -= 2;  // IoU 0.95 with GT 0: would match it if duplicates were allowed
    ev.addImage({det(gts[0], 0.9f), dup, det(gts[1], 0.7f)}, gts);
    const auto m = ev.compute();
    QVERIFY2(near(m.map50, 0.49 + 0.005 * (5.0 / 3.0) + 0.49 * 2.0 / 3.0 + 0.005 * 2.0 / 3.0), show(m.map50));
    // The duplicate is confident enough for the confusion matrix: a false detection (background column).
    QCOMPARE(m.confusion[0][1], int64_t{1});
    QCOMPARE(m.confusion[0][0], int64_t{2});
}

void TestMetrics::absentClassesLeftOutOfTheMean()
{
    // nc = 3; GT only of classes 0 (all found: 0.995) and 2 (half found: 0.75 by 8.3, 0.495 by 8.4); class
    // 1 has only false detections and no GT, so it is not part of the mean.
    for (MetricsVersion v : {k83, k84}) {
        const double half = v == k83 ? 0.75 : 0.495;
        DetectionEvaluator ev(3, v);
        auto gts0 = fourBoxes(0);
        std::vector<GroundTruth> gts2{gt(300, 300, 40, 40, 2), gt(400, 300, 40, 40, 2)};
        std::vector<GroundTruth> all = gts0;
        all.insert(all.end(), gts2.begin(), gts2.end());
        std::vector<Detection> dets;
        for (const auto& g : gts0)
            dets.push_back(det(g, 0.9f));
        dets.push_back(det(gts2[0], 0.8f));
        dets.push_back(stray(0.95f, 1));
        dets.push_back(stray(0.95f, 1));
        ev.addImage(dets, all);
        const auto m = ev.compute();
        QCOMPARE(m.perClass.size(), size_t{2});
        QCOMPARE(m.perClass[0].cls, 0);
        QCOMPARE(m.perClass[1].cls, 2);
        QVERIFY(near(m.perClass[0].ap50, 0.995));
        QVERIFY(near(m.perClass[1].ap50, half));
        QVERIFY(near(m.map50, (0.995 + half) / 2.0));
        QCOMPARE(m.confusion.size(), size_t{4});
        QCOMPARE(m.confusion[1][3], int64_t{2});  // the class-1 strays: false detections
        QCOMPARE(m.confusion[3][2], int64_t{1});  // the missed class-2 box: background row
    }
}

void TestMetrics::iouThresholdsInMap5095()
{
    // GT (0,0,10,10) against (0,0,10,6.25): IoU 0.625 -> TP at 0.50, 0.55, 0.60 only -> 0.3 * 0.995.
    {
        DetectionEvaluator ev(1);
        ev.addImage({{0, 0, 10, 6.25f, 0.9f, 0}}, {gt(0, 0, 10, 10)});
        const auto m = ev.compute();
        QVERIFY(near(m.map50, 0.995));
        QVERIFY(near(m.map50_95, 0.3 * 0.995));
    }
    // IoU exactly 0.75 (float32 on both sides) counts at 0.75 (>=): thresholds 0.50..0.75 -> 6 of 10.
    {
        DetectionEvaluator ev(1);
        ev.addImage({{0, 0, 10, 7.5f, 0.9f, 0}}, {gt(0, 0, 10, 10)});
        QVERIFY(near(ev.compute().map50_95, 0.6 * 0.995));
    }
    // IoU 0.45: not even a match at 0.5.
    {
        DetectionEvaluator ev(1);
        ev.addImage({{0, 0, 10, 4.5f, 0.9f, 0}}, {gt(0, 0, 10, 10)});
        QVERIFY(near(ev.compute().map50, 0.0));
    }
}

void TestMetrics::lowestDetectionIndexWinsTheGt()
{
    // One GT (0,0,10,10). d0 = (0,0,10,6) (IoU 0.6) at conf 0.9, d1 = (0,0,10,9) (IoU 0.9) at conf 0.5.
    // Both have the GT as their best; np.unique then keeps the first row per GT with rows ordered by
    // detection, so d0 (the lower index) wins although d1 overlaps more. At 0.50..0.60: TP, FP -> 0.995.
    // At 0.65..0.90 only d1 qualifies, ranked second: FP, TP -> recall 0, 1 and precision 0, 0.5 ->
    // envelope 0.5 -> 0.99 * 0.5 + 0.01 * 0.5 / 2 = 0.4975. At 0.95 nothing matches.
    // mAP50-95 = (3 * 0.995 + 6 * 0.4975) / 10 = 0.597. (Greedy matching by IoU would give mAP50 0.4975.)
    // 8.4's greedy matching by confidence gives the same: d0 takes the GT where its 0.6 reaches the
    // threshold, d1 where only its 0.9 does.
    for (MetricsVersion v : {k83, k84}) {
        DetectionEvaluator ev(1, v);
        ev.addImage({{0, 0, 10, 6, 0.9f, 0}, {0, 0, 10, 9, 0.5f, 0}}, {gt(0, 0, 10, 10)});
        const auto m = ev.compute();
        QVERIFY2(near(m.map50, 0.995), show(m.map50));
        QVERIFY2(near(m.map50_95, 0.597), show(m.map50_95));
        // A prediction of another class never matches.
        DetectionEvaluator ev2(2, v);
        ev2.addImage({{0, 0, 10, 10, 0.9f, 1}}, {gt(0, 0, 10, 10, 0)});
        QVERIFY(near(ev2.compute().map50, 0.0));
    }
}

void TestMetrics::noSecondChoiceForALosingDetection()
{
    // GT A (0,0,10,10), GT B (2,0,12,10). d0 = A exactly (conf 0.9: IoU 1 with A, 0.67 with B);
    // d1 = (0.5,0,10.5,10) (conf 0.8: IoU 0.905 with A, 0.739 with B). Each detection keeps its best GT
    // (both A); A goes to d0 and d1 is a false positive, although B is free and d1 overlaps it by 0.739.
    // TP, FP on 2 GT: recall .5 .5, precision 1 .5: 1 up to 0.49, 0.5 at 0.5, then the line to (1, 0):
    // 0.49 + 0.01 * 1.5 / 2 + 0.5 * 0.5 / 2 = 0.6225 at 0.50..0.70; d1 stops counting above 0.905 and
    // nothing changes: mAP50-95 0.6225 too.
    DetectionEvaluator ev(1, k83);
    const std::vector<Detection> dets{{0, 0, 10, 10, 0.9f, 0}, {0.5f, 0, 10.5f, 10, 0.8f, 0}};
    const std::vector<GroundTruth> gts{gt(0, 0, 10, 10), gt(2, 0, 10, 10)};
    ev.addImage(dets, gts);
    const auto m = ev.compute();
    QVERIFY2(near(m.map50, 0.6225), show(m.map50));
    QVERIFY2(near(m.map50_95, 0.6225), show(m.map50_95));
    QVERIFY(near(m.recall, 0.5));

    // 8.4 is greedy: d1 takes B, free, where 0.739 reaches the threshold (0.50..0.70): TP, TP -> 0.995;
    // above it TP, FP -> 0.495 (the curve ends at recall 0.5). mAP50-95 = (5 * 0.995 + 5 * 0.495) / 10.
    DetectionEvaluator ev84(1, k84);
    ev84.addImage(dets, gts);
    const auto m84 = ev84.compute();
    QVERIFY2(near(m84.map50, 0.995), show(m84.map50));
    QVERIFY2(near(m84.map50_95, 0.745), show(m84.map50_95));
    QVERIFY(near(m84.recall, 1.0));
}

void TestMetrics::equalIousInNumpyOrder()
{
    // GT A (0,0,10,10), GT B (1,0,11,10); d0 = (0.5,0,10.5,10) at conf 0.9 overlaps both by exactly 95/105;
    // d1 = A exactly at conf 0.8 (IoU 1 with A, 0.818 with B). Row-major pairs (A,d0) (A,d1) (B,d0) (B,d1);
    // argsort ascending keeps equal IoUs in row order and [::-1] reverses them, so (B,d0) comes before
    // (A,d0): d0 keeps B, d1 keeps A, both are TP up to threshold 0.90 -> 0.995. At 0.95 only d1 matches,
    // ranked second: FP, TP -> 0.5 on [0, 0.5], then the line to (1, 0): 0.25 + 0.125 = 0.375.
    // mAP50-95 = (9 * 0.995 + 0.375) / 10 = 0.933. (Without the reversal d0 would keep A and lose it to
    // nobody else's benefit: one TP, 0.6225 at 0.50.)
    const std::vector<Detection> dets{{0.5f, 0, 10.5f, 10, 0.9f, 0}, {0, 0, 10, 10, 0.8f, 0}};
    const std::vector<GroundTruth> gts{gt(0, 0, 10, 10), gt(1, 0, 10, 10)};
    DetectionEvaluator ev(1, k83);
    ev.addImage(dets, gts);
    const auto m = ev.compute();
    QVERIFY2(near(m.map50, 0.995), show(m.map50));
    QVERIFY2(near(m.map50_95, 0.933), show(m.map50_95));

    // 8.4: d0 takes the first of its two equal best (A, argmax's first); d1 then has B at 0.818: TP, TP at
    // 0.50..0.80 (0.995); TP, FP at 0.85 and 0.90 (0.495); at 0.95 d0 falls short and d1 takes A: FP, TP
    // -> precision 0.5 up to recall 0.5, 0 after: 0.49 * 0.5 + 0.01 * 0.5 / 2 = 0.2475.
    // mAP50-95 = (7 * 0.995 + 2 * 0.495 + 0.2475) / 10 = 0.82025.
    DetectionEvaluator ev84(1, k84);
    ev84.addImage(dets, gts);
    const auto m84 = ev84.compute();
    QVERIFY2(near(m84.map50, 0.995), show(m84.map50));
    QVERIFY2(near(m84.map50_95, 0.82025), show(m84.map50_95));
}

void TestMetrics::equalConfidencesInNumpyOrder()
{
    // 12 GT; 20 detections all at conf 0.5: the first ten on GT boxes (TP), the last ten strays (FP).
    // np.argsort(-conf) is numpy's introsort, not stable: on 20 equal keys it yields 0, 17, 16, ..., 1,
    // 18, 19, so the ranking is T, F x8, T x9, F, F. Precision 1 at recall 1/12, then 10/18 at recall
    // 10/12 (envelope), then the line to (1, 0): AP 0.54247 (the reference's figure on these boxes). A
    // stable sort would rank the ten TPs first: 0.8758.
    std::vector<GroundTruth> gts;
    for (int i = 0; i < 12; ++i)
        gts.push_back(gt(60.0f * static_cast<float>(i), 0, 40, 40));
    std::vector<Detection> dets;
    for (int i = 0; i < 10; ++i)
        dets.push_back(det(gts[static_cast<size_t>(i)], 0.5f));
    for (int i = 0; i < 10; ++i)
        dets.push_back(stray(0.5f));
    // 8.4 (its stable sort of the image's equal confidences keeps them as given) ends the curve at recall
    // 10/12: 0.5016667 (the reference's figure).
    for (MetricsVersion v : {k83, k84}) {
        DetectionEvaluator ev(1, v);
        ev.addImage(dets, gts);
        const auto m = ev.compute();
        const double want = v == k83 ? 0.5424666666666669 : 0.5016666666666668;
        QVERIFY2(near(m.map50, want), show(m.map50));
        QVERIFY(near(m.precision, 0.5));
        QVERIFY(near(m.recall, 10.0 / 12.0));
    }
}

void TestMetrics::precisionRecallAtBestF1()
{
    // 2 GT; a TP at conf 0.9 and an FP at 0.3. Between the two confidences precision is interpolated
    // linearly (1 at 0.9, 0.5 at 0.3) while recall stays 0.5; above 0.9 recall is 0. The box filter (101 of
    // the 1000 grid points, +-0.05 in conf) moves the smoothed F1 maximum below 0.9, where P is
    // 0.5 + 0.5 * (x - 0.3) / 0.6 = 0.958208 (the reference's figure).
    DetectionEvaluator ev(1);
    const std::vector<GroundTruth> gts{gt(0, 0, 40, 40), gt(100, 0, 40, 40)};
    ev.addImage({det(gts[0], 0.9f), stray(0.3f)}, gts);
    const auto m = ev.compute();
    QVERIFY2(near(m.precision, 0.9582082255854392, 1e-7), show(m.precision));
    QVERIFY(near(m.recall, 0.5));
    QVERIFY(near(m.perClass[0].precision, m.precision));
}

void TestMetrics::confusionMatrix()
{
    DetectionEvaluator ev(2, k83);
    const std::vector<GroundTruth> gts{gt(0, 0, 40, 40, 0), gt(100, 0, 40, 40, 1), gt(0, 100, 40, 40, 1)};
    ev.addImage({det(gts[0], 0.5f, 1),    // class 0 seen as class 1
                 det(gts[2], 0.6f, 1),    // correct
                 det(gts[1], 0.2f, 1),    // below conf 0.25: ignored, so GT 1 is missed
                 stray(0.9f, 0)},         // false detection of class 0
                gts);
    const auto c = ev.compute().confusion;
    QCOMPARE(c.size(), size_t{3});
    QCOMPARE(c[1][0], int64_t{1});
    QCOMPARE(c[1][1], int64_t{1});
    QCOMPARE(c[2][1], int64_t{1});
    QCOMPARE(c[0][2], int64_t{1});
    int64_t total = 0;
    for (const auto& row : c)
        for (int64_t v : row)
            total += v;
    QCOMPARE(total, int64_t{4});

    // 8.4 hands val's conf (0.001) to the matrix, so the 0.2 detection counts and finds GT 1. Most confident
    // first: the stray (no GT), GT 2 (correct), GT 0 (seen as 1), GT 1 (correct).
    DetectionEvaluator ev84(2, k84);
    ev84.addImage({det(gts[0], 0.5f, 1), det(gts[2], 0.6f, 1), det(gts[1], 0.2f, 1), stray(0.9f, 0)}, gts);
    const auto c84 = ev84.compute().confusion;
    QCOMPARE(c84[1][0], int64_t{1});
    QCOMPARE(c84[1][1], int64_t{2});
    QCOMPARE(c84[2][1], int64_t{0});
    QCOMPARE(c84[0][2], int64_t{1});
    // 8.4 is greedy here too: two detections over one GT, the more confident takes it, the other is a false
    // detection whatever its IoU.
    DetectionEvaluator g84(1, k84);
    g84.addImage({{0, 0, 10, 6, 0.9f, 0}, {0, 0, 10, 10, 0.5f, 0}}, {gt(0, 0, 10, 10)});
    const auto cg = g84.compute().confusion;
    QCOMPARE(cg[0][0], int64_t{1});
    QCOMPARE(cg[0][1], int64_t{1});
    DetectionEvaluator g83(1, k83);  // 8.3: the GT keeps its highest-IoU detection; the same counts
    g83.addImage({{0, 0, 10, 6, 0.9f, 0}, {0, 0, 10, 10, 0.5f, 0}}, {gt(0, 0, 10, 10)});
    QCOMPARE(g83.compute().confusion, cg);
}

void TestMetrics::noGroundTruth()
{
    DetectionEvaluator ev(2);
    ev.addImage({stray(0.9f)}, {});
    ev.addImage({}, {});
    const auto m = ev.compute();
    QVERIFY(m.perClass.empty());
    QCOMPARE(m.map50, 0.0);
    QCOMPARE(m.fitness(), 0.0);
    QCOMPARE(m.confusion[0][2], int64_t{1});
    QCOMPARE(ev.numImages(), int64_t{2});
}

void TestMetrics::resetClears()
{
    DetectionEvaluator ev(1);
    const auto gts = fourBoxes();
    ev.addImage({det(gts[0], 0.9f)}, gts);
    ev.reset();
    ev.addImage({det(gts[0], 0.9f), det(gts[1], 0.9f), det(gts[2], 0.9f), det(gts[3], 0.9f)}, gts);
    const auto m = ev.compute();
    QVERIFY(near(m.map50, 0.995));
    QCOMPARE(m.perClass[0].instances, int64_t{4});
    DetectionMetrics f;
    f.map50 = 0.8;
    f.map50_95 = 0.5;
    f.version = k83;
    QVERIFY(near(f.fitness(), 0.1 * 0.8 + 0.9 * 0.5));
    f.version = k84;  // 8.4 selects on mAP50-95 alone
    QVERIFY(near(f.fitness(), 0.5));
    QCOMPARE(ys::metricsFitness(0.8, 0.5, k83), 0.1 * 0.8 + 0.9 * 0.5);
    QCOMPARE(ys::parseMetricsVersion("8.3"), std::optional<MetricsVersion>(k83));
    QCOMPARE(ys::parseMetricsVersion("ultralytics-8.4"), std::optional<MetricsVersion>(k84));
    QVERIFY(!ys::parseMetricsVersion("8.5"));
    QCOMPARE(std::string(ys::metricsVersionName(k83)), std::string("8.3"));
}

void TestMetrics::table()
{
    DetectionEvaluator ev(3);  // 8.4's figures: half the GT found is 0.495 (apDefinitions)
    const auto gts = fourBoxes(2);
    ev.addImage({det(gts[0], 0.9f), det(gts[2], 0.8f)}, gts);
    const auto lines = ys::metricsTable(ev.compute(), {"cat", "dog"}, 7);
    QCOMPARE(lines.size(), size_t{3});
    QCOMPARE(QString::fromStdString(lines[0]).simplified(), QString("Class Images Instances Box(P R mAP50 mAP50-95)"));
    QCOMPARE(QString::fromStdString(lines[1]).simplified(), QString("all 7 4 1 0.5 0.495 0.495"));
    // Class 2 has no name in the list: its id stands in.
    QCOMPARE(QString::fromStdString(lines[2]).simplified(), QString("2 1 4 1 0.5 0.495 0.495"));
    QCOMPARE(lines[1].size(), lines[0].size());
}

void TestMetrics::ultralyticsFixtures_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("release");
    for (const char* r : {"8.3.112", "8.4.190"})
        for (const char* c : {"typical", "low_recall", "sloppy_boxes", "many_false"})
            QTest::newRow(qPrintable(QString("%1 %2").arg(r, c))) << QString(c) << QString(r);
}

void TestMetrics::ultralyticsFixtures()
{
    // Prediction files (normalised cls cx cy w h conf) for coco128's val split, scored in normalised
    // coordinates against the val labels, images in sorted order, rows in file order, exactly as the
    // reference was run on them; expected.json holds its figures.
    // 8.3's figures from the fixture's own expected.json, 8.4's (and both confusion matrices) from
    // data/ultralytics-metrics.json, which data/ultralytics_metrics.py wrote by running each release.
    QFETCH(QString, name);
    QFETCH(QString, release);
    const QString datasets = ys::test::sharedDatasets();
    const QString fixtures = datasets + "/../fixtures/metrics/coco128";
    if (datasets.isEmpty() || !QFile::exists(fixtures + "/expected.json"))
        QSKIP("../shared/fixtures/metrics/coco128 is not available");
    const bool is83 = release.startsWith("8.3");
    QFile ef(fixtures + "/expected.json");
    QVERIFY(ef.open(QIODevice::ReadOnly));
    const QJsonObject fixture = QJsonDocument::fromJson(ef.readAll()).object();
    QCOMPARE(fixture["ultralytics"].toString(), QString("8.3.112"));
    QFile of(QStringLiteral(YS_METRICS_TEST_DATA) + "/ultralytics-metrics.json");
    QVERIFY(of.open(QIODevice::ReadOnly));
    const QJsonObject ours = QJsonDocument::fromJson(of.readAll()).object()[release].toObject()[name].toObject();
    const QJsonObject expected = is83 ? fixture["cases"].toObject()[name].toObject() : ours;
    QVERIFY(!expected.isEmpty() && !ours.isEmpty());

    const QString root = datasets + "/coco128";
    QStringList images = QDir(root + "/images/val").entryList(QDir::Files, QDir::Name);
    QCOMPARE(images.size(), 128);
    DetectionEvaluator ev(80, is83 ? k83 : k84);
    int64_t predictions = 0;
    for (const QString& image : images) {
        const QString stem = QFileInfo(image).completeBaseName();
        std::vector<GroundTruth> gts;
        for (const auto& r : readRows(root + "/labels/val/" + stem + ".txt")) {
            const auto b = corners(r, 1);
            gts.push_back({b[0], b[1], b[2], b[3], static_cast<int>(r[0])});
        }
        std::vector<Detection> dets;
        for (const auto& r : readRows(fixtures + "/" + name + "/labels/" + stem + ".txt")) {
            const auto b = corners(r, 1);
            dets.push_back({b[0], b[1], b[2], b[3], r[5], static_cast<int>(r[0])});
        }
        predictions += static_cast<int64_t>(dets.size());
        ev.addImage(dets, gts);
    }
    QCOMPARE(predictions, static_cast<int64_t>(expected["predictions"].toInt()));
    const DetectionMetrics m = ev.compute();

    // Ours agree to about 1e-7 (float32 confidences here, float64 there); the tolerance leaves room for
    // summation order only. A float64 IoU instead of torch's float32 already misses by 6.5e-4 per class.
    constexpr double kTol = 1e-6;
    QVERIFY2(near(m.map50, expected["mAP50"].toDouble(), kTol), show(m.map50));
    QVERIFY2(near(m.map50_95, expected["mAP50-95"].toDouble(), kTol), show(m.map50_95));
    QVERIFY2(near(m.precision, expected["P"].toDouble(), kTol), show(m.precision));
    QVERIFY2(near(m.recall, expected["R"].toDouble(), kTol), show(m.recall));
    const QJsonArray classes = expected["classes"].toArray();
    QCOMPARE(m.perClass.size(), static_cast<size_t>(classes.size()));
    const char* keys[] = {"AP50", "AP50-95", "per_class_P", "per_class_R"};
    for (qsizetype i = 0; i < classes.size(); ++i) {
        const auto& c = m.perClass[static_cast<size_t>(i)];
        QCOMPARE(c.cls, classes[i].toInt());
        const double got[] = {c.ap50, c.ap50_95, c.precision, c.recall};
        for (int k = 0; k < 4; ++k) {
            const double want = expected[keys[k]].toArray()[i].toDouble();
            QVERIFY2(near(got[k], want, kTol),
                     qPrintable(QString("class %1 %2: %3, reference %4").arg(c.cls).arg(keys[k]).arg(got[k], 0, 'g', 10)
                                    .arg(want, 0, 'g', 10)));
        }
    }
    // The matrix, cell by cell ([predicted, true, count] for the cells that are not 0).
    int64_t cells = 0;
    for (const auto& row : m.confusion)
        for (int64_t v : row)
            cells += v != 0;
    const QJsonArray confusion = ours["confusion"].toArray();
    QCOMPARE(cells, static_cast<int64_t>(confusion.size()));
    for (const auto& cell : confusion) {
        const QJsonArray c = cell.toArray();
        QCOMPARE(m.confusion.at(static_cast<size_t>(c[0].toInt())).at(static_cast<size_t>(c[1].toInt())),
                 static_cast<int64_t>(c[2].toInt()));
    }
    // The COCO-style step AP sits below 8.3's at low recall (the fixture's point): 0.160 against 0.339;
    // 8.4's, ending at the last recall, is close to it (0.157).
    if (name == "low_recall" && is83)
        QVERIFY2(m.map50_coco < m.map50 - 0.15, show(m.map50_coco));
    if (name == "low_recall" && !is83)
        QVERIFY2(std::abs(m.map50_coco - m.map50) < 0.01, show(m.map50_coco));
    if (is83)
        QVERIFY(m.map50_95_coco <= m.map50_95);
}

QTEST_GUILESS_MAIN(TestMetrics)
#include "test_metrics.moc"
