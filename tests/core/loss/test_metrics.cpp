// mAP evaluator on constructed cases with known AP (COCO 101-point interpolation), P/R at the best F1,
// the confusion matrix and fitness. Plain C++: no LibTorch here.
#include "loss/metrics.h"

#include <QtTest>

#include <cmath>

using ys::Detection;
using ys::DetectionEvaluator;
using ys::DetectionMetrics;
using ys::GroundTruth;

namespace {

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

// Four separate 40 x 40 GT boxes of class cls.
std::vector<GroundTruth> fourBoxes(int cls = 0)
{
    return {gt(0, 0, 40, 40, cls), gt(100, 0, 40, 40, cls), gt(0, 100, 40, 40, cls), gt(100, 100, 40, 40, cls)};
}

}  // namespace

class TestMetrics final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void coco101Interpolation();
    void perfectDetections();
    void confidenceOrderMatters();
    void partialRecall();
    void duplicatesAreFalsePositives();
    void absentClassesLeftOutOfTheMean();
    void iouThresholdsInMap5095();
    void greedyMatchingByIou();
    void precisionRecallAtBestF1();
    void confusionMatrix();
    void noGroundTruth();
    void resetClears();
};

void TestMetrics::coco101Interpolation()
{
    // Recall reaches 0.5 at precision 1: recall thresholds 0, 0.01, ..., 0.50 score 1 -> 51/101.
    QVERIFY(near(ys::apCoco101({0.25, 0.5}, {1.0, 1.0}), 51.0 / 101.0));
    // The envelope lifts a dip: precision 0.5 at recall 0.5 but 2/3 later at recall 1.
    QVERIFY(near(ys::apCoco101({0.5, 0.5, 1.0}, {1.0, 0.5, 2.0 / 3.0}), (51.0 + 50.0 * 2.0 / 3.0) / 101.0));
    QCOMPARE(ys::apCoco101({}, {}), 0.0);
}

void TestMetrics::perfectDetections()
{
    DetectionEvaluator ev(2);
    for (int i = 0; i < 3; ++i) {
        const auto gts = fourBoxes(i % 2);
        std::vector<Detection> dets;
        for (size_t k = 0; k < gts.size(); ++k)
            dets.push_back(det(gts[k], 0.5f + 0.1f * static_cast<float>(k)));
        ev.addImage(dets, gts);
    }
    const DetectionMetrics m = ev.compute();
    QVERIFY(near(m.map50, 1.0));
    QVERIFY(near(m.map50_95, 1.0));
    QVERIFY(near(m.precision, 1.0));
    QVERIFY(near(m.recall, 1.0));
    QCOMPARE(m.perClass.size(), size_t{2});
    QCOMPARE(m.perClass[0].instances, int64_t{8});
    QCOMPARE(m.perClass[0].images, int64_t{2});
    QCOMPARE(m.perClass[1].instances, int64_t{4});
    QVERIFY(near(m.fitness(), 1.0));
}

void TestMetrics::confidenceOrderMatters()
{
    const auto gts = fourBoxes();
    // Shuffling confidences among true positives changes nothing while every TP outranks the FP.
    for (const auto& confs : {std::vector<float>{0.9f, 0.8f, 0.7f, 0.6f}, std::vector<float>{0.6f, 0.9f, 0.7f, 0.8f}}) {
        DetectionEvaluator ev(1);
        std::vector<Detection> dets;
        for (size_t k = 0; k < gts.size(); ++k)
            dets.push_back(det(gts[k], confs[k]));
        dets.push_back(stray(0.1f));
        ev.addImage(dets, gts);
        QVERIFY(near(ev.compute().map50, 1.0));
    }
    // The FP ranked second: TP, FP, TP, TP, TP -> recall .25 .25 .5 .75 1, precision 1 .5 .67 .75 .8;
    // envelope 1 for r <= .25 (26 points), 0.8 for r in (.25, 1] (75 points).
    DetectionEvaluator ev(1);
    std::vector<Detection> dets{det(gts[0], 0.9f), stray(0.85f), det(gts[1], 0.8f), det(gts[2], 0.7f),
                                det(gts[3], 0.6f)};
    ev.addImage(dets, gts);
    const double expected = (26.0 + 75.0 * 0.8) / 101.0;
    QVERIFY2(near(ev.compute().map50, expected), qPrintable(QString::number(ev.compute().map50, 'g', 10)));
}

void TestMetrics::partialRecall()
{
    // Half of the GT found, no false positives: 51 of the 101 recall points have precision 1.
    DetectionEvaluator ev(1);
    const auto gts = fourBoxes();
    ev.addImage({det(gts[0], 0.9f), det(gts[2], 0.8f)}, gts);
    const auto m = ev.compute();
    QVERIFY(near(m.map50, 51.0 / 101.0));
    QVERIFY(near(m.map50_95, 51.0 / 101.0));
    QVERIFY(near(m.precision, 1.0));
    QVERIFY(near(m.recall, 0.5));
}

void TestMetrics::duplicatesAreFalsePositives()
{
    // Two GT; GT 0 detected twice (the copy ranks second), GT 1 once:
    // TP, FP, TP -> recall .5 .5 1, precision 1 .5 .67 -> AP = (51 + 50 * 2/3) / 101.
    DetectionEvaluator ev(1);
    const std::vector<GroundTruth> gts{gt(0, 0, 40, 40), gt(100, 0, 40, 40)};
    Detection dup = det(gts[0], 0.8f);
    dup.x2 -= 2;  // IoU 0.95 with GT 0: would match it if duplicates were allowed
    ev.addImage({det(gts[0], 0.9f), dup, det(gts[1], 0.7f)}, gts);
    const auto m = ev.compute();
    QVERIFY2(near(m.map50, (51.0 + 50.0 * 2.0 / 3.0) / 101.0), qPrintable(QString::number(m.map50, 'g', 10)));
    // The duplicate is confident enough for the confusion matrix: a false detection (background column).
    QCOMPARE(m.confusion[0][1], int64_t{1});
    QCOMPARE(m.confusion[0][0], int64_t{2});
}

void TestMetrics::absentClassesLeftOutOfTheMean()
{
    // nc = 3; GT only of classes 0 (all found) and 2 (half found); class 1 has only false detections.
    DetectionEvaluator ev(3);
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
    QVERIFY(near(m.perClass[0].ap50, 1.0));
    QVERIFY(near(m.perClass[1].ap50, 51.0 / 101.0));
    QVERIFY(near(m.map50, (1.0 + 51.0 / 101.0) / 2.0));
    QCOMPARE(m.confusion.size(), size_t{4});
    QCOMPARE(m.confusion[1][3], int64_t{2});  // the class-1 strays: false detections
    QCOMPARE(m.confusion[3][2], int64_t{1});  // the missed class-2 box: background row
}

void TestMetrics::iouThresholdsInMap5095()
{
    // GT (0,0,10,10) against (0,0,10,6.25): IoU 0.625 -> TP at 0.50, 0.55, 0.60 only -> mAP50-95 0.3.
    {
        DetectionEvaluator ev(1);
        ev.addImage({{0, 0, 10, 6.25f, 0.9f, 0}}, {gt(0, 0, 10, 10)});
        const auto m = ev.compute();
        QVERIFY(near(m.map50, 1.0));
        QVERIFY(near(m.map50_95, 0.3));
    }
    // Exactly IoU 0.75 counts at 0.75 (>=): thresholds 0.50..0.75 -> 6 of 10.
    {
        DetectionEvaluator ev(1);
        ev.addImage({{0, 0, 10, 7.5f, 0.9f, 0}}, {gt(0, 0, 10, 10)});
        QVERIFY(near(ev.compute().map50_95, 0.6));
    }
    // IoU 0.45: not even a match at 0.5.
    {
        DetectionEvaluator ev(1);
        ev.addImage({{0, 0, 10, 4.5f, 0.9f, 0}}, {gt(0, 0, 10, 10)});
        QVERIFY(near(ev.compute().map50, 0.0));
    }
}

void TestMetrics::greedyMatchingByIou()
{
    // One GT (0,0,10,10). d1 = (0,0,10,6) (IoU 0.6) at conf 0.9; d2 = (0,0,10,9) (IoU 0.9) at conf 0.5.
    // Highest IoU first: d2 takes the GT, d1 is a false positive ranked first -> recall 0, 1 and
    // precision 0, 0.5 -> AP50 = 0.5 (matching in confidence order would give 1).
    // At 0.65..0.90 only d2 qualifies: same AP 0.5; at 0.95 nothing matches. mAP50-95 = 9 * 0.5 / 10.
    DetectionEvaluator ev(1);
    ev.addImage({{0, 0, 10, 6, 0.9f, 0}, {0, 0, 10, 9, 0.5f, 0}}, {gt(0, 0, 10, 10)});
    const auto m = ev.compute();
    QVERIFY2(near(m.map50, 0.5), qPrintable(QString::number(m.map50, 'g', 10)));
    QVERIFY(near(m.map50_95, 0.45));
    // A prediction of another class never matches.
    DetectionEvaluator ev2(2);
    ev2.addImage({{0, 0, 10, 10, 0.9f, 1}}, {gt(0, 0, 10, 10, 0)});
    QVERIFY(near(ev2.compute().map50, 0.0));
}

void TestMetrics::precisionRecallAtBestF1()
{
    // 2 GT; a TP at 0.9 and an FP at 0.3. At thresholds in (0.3, 0.9]: P 1, R 0.5 (F1 0.67) beats
    // thresholds <= 0.3: P 0.5, R 0.5 (F1 0.5).
    DetectionEvaluator ev(1);
    const std::vector<GroundTruth> gts{gt(0, 0, 40, 40), gt(100, 0, 40, 40)};
    ev.addImage({det(gts[0], 0.9f), stray(0.3f)}, gts);
    const auto m = ev.compute();
    QVERIFY(near(m.precision, 1.0));
    QVERIFY(near(m.recall, 0.5));
    QVERIFY(near(m.perClass[0].precision, 1.0));
}

void TestMetrics::confusionMatrix()
{
    DetectionEvaluator ev(2);
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
    QVERIFY(near(m.map50, 1.0));
    QCOMPARE(m.perClass[0].instances, int64_t{4});
    DetectionMetrics f;
    f.map50 = 0.8;
    f.map50_95 = 0.5;
    QVERIFY(near(f.fitness(), 0.1 * 0.8 + 0.9 * 0.5));
}

QTEST_GUILESS_MAIN(TestMetrics)
#include "test_metrics.moc"
