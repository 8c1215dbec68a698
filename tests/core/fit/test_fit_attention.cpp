// The fit's attention term: PSA blocks (YOLO11's C2PSA, YOLO26's C2PSA and attention C3k2) keep one
// [heads, N, N] map per image, N = H x W tokens, so their memory grows with imgsz^4. Known answers for the
// maps of yolo11n and yolo26n, the term in the fitted model (kept, not halved by fp16, a validation moment of its
// own), and one real iteration at 1280 against the fit made at 320.
#include "common/trainrules.h"
#include "fit/internal/fitmodel.h"
#include "memory/memory.h"
#include "model/internal/attentioncost.h"
#include "fit/fit.h"
#include "testsupport.h"

#include <torch/torch.h>

#include <QtTest>

#include <algorithm>
#include <cmath>

namespace fit = ys::fit;
namespace mi = ys::fit::internal;

namespace {

ys::ModelSpec spec(const char* file)
{
    auto s = ys::loadModelSpec(file, 80);
    if (!s)
        qFatal("%s", s.error().toString().c_str());
    return *s;
}

double pow4(double s)
{
    return s * s * s * s;
}

}  // namespace

class TestFitAttention final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void mapsOfOneLayerKnownAnswer();
    void yolo26HasTwoAttentionBlocks();
    void fittedModelKeepsTheMapsAndGrowsWithTokensSquared();
    void fp16DoesNotHalveTheMaps();
    void validationPeaksAtTheAttentionWhenItsMapsDominate();
    void noteSaysWhatTheMapsKeep();
    void measuredIterationAtALargeSize();
};

void TestFitAttention::mapsOfOneLayerKnownAnswer()
{
    // yolo11n: C2PSA (layer 10) on 1024 x 0.25 = 256 channels, e 0.5 -> 128 hidden, 64 channels a head -> 2 heads;
    // stride 32, so at 1280 N = 40 x 40 = 1600 tokens and the map is 2 x 1600 x 1600 elements per image.
    auto maps = ys::attentionMaps(spec("yolo11n.yaml"), 1280, 1280);
    QVERIFY(maps.ok());
    QCOMPARE(maps->size(), size_t(1));
    QCOMPARE(maps->front().layer, 10);
    QCOMPARE(maps->front().heads, 2);
    QCOMPARE(maps->front().tokens, int64_t(1600));
    QCOMPARE(maps->front().elements(), 2.0 * 1600 * 1600);
    // The fit's term: 4 bytes an element, one kept copy in the forward, loss and backward peaks, none in the step.
    const mi::AttentionTerm t = mi::attentionTerm(spec("yolo11n.yaml"), 640);
    const mi::AttentionPhases p = mi::attentionPhases(t, false);
    QCOMPARE(p.train[0] * pow4(1280), 4.0 * 2 * 1600 * 1600);  // 20.48 MB per image
    QCOMPARE(p.train[2], p.train[0]);
    QCOMPARE(p.train[3], 0.0);
    QCOMPARE(p.afterForward, p.train[0]);
    // A model without attention has no term.
    QVERIFY(!mi::attentionTerm(spec("yolov8n.yaml"), 640).any());
    QVERIFY(ys::attentionMaps(spec("yolov8n.yaml"), 640, 640)->empty());
}

void TestFitAttention::yolo26HasTwoAttentionBlocks()
{
    // yolo26n: C2PSA (layer 10) and the P5 output's C3k2 with attn (layer 22: 256 channels x e 0.5 = 128, 2 heads),
    // both at stride 32; the other C3k2 rows' True is c3k, not attention.
    auto maps = ys::attentionMaps(spec("yolo26n.yaml"), 1280, 1280);
    QVERIFY(maps.ok());
    QCOMPARE(maps->size(), size_t(2));
    QCOMPARE(maps->at(0).layer, 10);
    QCOMPARE(maps->at(1).layer, 22);
    for (const ys::AttentionMap& m : *maps) {
        QCOMPARE(m.heads, 2);
        QCOMPARE(m.tokens, int64_t(1600));
    }
    const mi::AttentionTerm t = mi::attentionTerm(spec("yolo26n.yaml"), 1280);
    QCOMPARE(t.all * pow4(1280), 2 * 2.0 * 1600 * 1600);
    QCOMPARE(t.largest * pow4(1280), 2.0 * 1600 * 1600);
    // Wider scales have more heads: yolo26s's maps are twice yolo26n's.
    QCOMPARE(mi::attentionTerm(spec("yolo26s.yaml"), 640).all, 2 * mi::attentionTerm(spec("yolo26n.yaml"), 640).all);
}

void TestFitAttention::fittedModelKeepsTheMapsAndGrowsWithTokensSquared()
{
    // Probe points as the probe takes them (batch 2 and 4 at 640, batch 4 at 320) of a phase whose truth holds the
    // maps: the fit with the known term predicts any size exactly; the old line-in-s^2 fit falls short at 1280
    // and 2048 by nearly the maps' bytes.
    const mi::AttentionTerm t = mi::attentionTerm(spec("yolo26n.yaml"), 640);
    const double q = mi::attentionPhases(t, false).train[0];
    const mi::LinearPeak truth{2.0e8, 120.0, 3.0e4, q};
    std::vector<std::array<double, 3>> pts;
    for (auto [b, s] : {std::pair{2, 640}, {4, 640}, {4, 320}})
        pts.push_back({double(b), double(s), truth.at(b, s)});
    mi::LinearPeak withMaps, without;
    QVERIFY(mi::fitLinearPeak(pts, withMaps, q));
    QVERIFY(mi::fitLinearPeak(pts, without));
    for (int s : {1280, 2048}) {
        const double maps = 4 * q * pow4(s);  // batch 4
        QVERIFY(std::abs(withMaps.at(4, s) - truth.at(4, s)) < 1e-6 * truth.at(4, s));
        // The line absorbs the maps' small share at 320 and 640 into its s^2 term, and misses the rest.
        QVERIFY2(truth.at(4, s) - without.at(4, s) > 0.5 * maps, "the line without the term should miss the maps");
    }
    // Per image the term grows with the square of the tokens: 4x the tokens (2x imgsz), 16x the bytes.
    mi::LinearPeak mapsOnly;
    mapsOnly.quartic = q;
    QCOMPARE(mapsOnly.at(1, 2048) / mapsOnly.at(1, 1024), 16.0);
    QCOMPARE(mapsOnly.at(1, 1280), 4.0 * 2 * 2 * 1600 * 1600);
}

void TestFitAttention::fp16DoesNotHalveTheMaps()
{
    // Planning fp16 from fp32 measurements halves the per-image convolution terms, but softmax runs in fp32 under
    // autocast and its 16-bit copy is kept too: the maps' term grows by half instead.
    mi::DeviceMemoryModel m;
    m.attention = mi::attentionTerm(spec("yolo26n.yaml"), 640);
    const mi::AttentionPhases fp32 = mi::attentionPhases(m.attention, false);
    for (size_t k = 0; k < m.train.size(); ++k)
        m.train[k] = {1.0e8, 100.0, 1.0e4, fp32.train[k]};
    m.validation = {1.0e8, 50.0, 1.0e4};
    m.afterForward = {1.0e8, 80.0, 1.0e4, fp32.afterForward};
    const mi::DeviceMemoryModel half = mi::cudaPlanningModel(m, true, 2'600'000);
    QCOMPARE(half.train[0].area, 50.0);
    QCOMPARE(half.train[0].quartic, 1.5 * m.train[0].quartic);
    QCOMPARE(half.train[3].quartic, 0.0);
    const mi::DeviceMemoryModel full = mi::cudaPlanningModel(m, false, 2'600'000);
    QCOMPARE(full.train[0].quartic, m.train[0].quartic);
}

void TestFitAttention::validationPeaksAtTheAttentionWhenItsMapsDominate()
{
    // A validation batch keeps no maps, so its fitted line has none; but while a block runs, its scores and softmax
    // output sit beside the float images. Where that moment outgrows the line, it is the peak.
    mi::DeviceMemoryModel m;
    m.attention = mi::attentionTerm(spec("yolo26n.yaml"), 640);
    m.validationMoment = mi::attentionPhases(m.attention, false).validationMoment;
    m.validation = {1.0e8, 40.0, 0.0};  // 40 bytes a pixel per image besides the maps
    const double s2048 = 2048.0 * 2048;
    QCOMPARE(m.validationPeak(4, 640), m.validation.at(4, 640));  // the maps are small at 640
    const double moment = 1.0e8 + 4 * (m.validationMoment * s2048 + 12.0) * s2048;
    QVERIFY(moment > m.validation.at(4, 2048));
    QCOMPARE(m.validationPeak(4, 2048), moment);
}

void TestFitAttention::noteSaysWhatTheMapsKeep()
{
    // A fit of yolo26n (synthetic batches, 128 px) says what its 2 PSA blocks' maps keep at the recommendation;
    // yolov8n has none to speak of.
    QVERIFY(ys::memory::installCpuTracker());
    torch::set_num_threads(1);
    fit::FitRequest req;
    req.model = "yolo26n.yaml";
    req.imgsz = 128;
    req.amp = "off";
    req.workers = 0;
    req.threads = 1;
    req.syntheticBoxes = 8;
    req.budget = "400MiB";
    auto r = fit::fitToMemory(req);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    const auto note = std::find_if(r->fitNotes.begin(), r->fitNotes.end(),
                                   [](const fit::FitNote& n) { return n.code == "fit.attention"; });
    QVERIFY(note != r->fitNotes.end());
    QCOMPARE(note->args.size(), size_t(5));
    QCOMPARE(note->args[0], std::string("2"));
    QCOMPARE(note->args[1], ys::memory::formatBytes(int64_t(r->recommended.batch * 4.0 * 2 * 2 * 16 * 16)));
    QCOMPARE(note->args[2], std::to_string(r->recommended.batch));
    QCOMPARE(note->args[3], std::string("128"));
    QVERIFY(std::find(r->notes.begin(), r->notes.end(), fit::fitNoteText(*note)) != r->notes.end());
    req.model = "yolov8n.yaml";
    req.imgsz = 64;
    auto plain = fit::fitToMemory(req);
    QVERIFY(plain.ok());
    QVERIFY(std::none_of(plain->fitNotes.begin(), plain->fitNotes.end(),
                         [](const fit::FitNote& n) { return n.code == "fit.attention"; }));
}

void TestFitAttention::measuredIterationAtALargeSize()
{
    // The fit probed at 320 (and 160) against a real training iteration at 1280 (yolo11n: its C2PSA maps are 3% of
    // the peak there; without the term the fit was 2.8% short at batch 2, within 0.1% with it).
    const std::string data = ys::test::coco128Yaml().toStdString();
    if (data.empty())
        QSKIP("coco128 not found");
    QVERIFY(ys::memory::installCpuTracker());
    torch::set_num_threads(1);
    fit::FitRequest req;
    req.data = data;
    req.model = "yolo11n.yaml";
    req.imgsz = 320;
    req.amp = "off";
    req.workers = 0;
    req.threads = 1;
    req.epochs = 2;
    req.budget = "8GiB";
    mi::FitInternals internals;
    auto r = mi::fitToMemory(req, &internals);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    const mi::DeviceMemoryModel& m = internals.models.front().second;
    QVERIFY(m.attention.any());
    req.optimizer = internals.optimizer;
    auto session = mi::MeasureSession::open(req);
    QVERIFY2(session.ok(), session.ok() ? "" : session.error().toString().c_str());
    const int batch = 2, s = 1280;
    const mi::MeasuredPeaks t = (**session).measure(batch, s, false);
    const double predicted = m.trainPeak(batch, s) - double(m.baseline);
    const double err = (predicted - double(t.train)) / double(t.train);
    const double maps = 4 * m.attention.all * pow4(s) * batch;
    qInfo("yolo11n batch %d at %d: measured %.1f MiB, predicted %.1f MiB (%+.2f%%), maps %.1f MiB", batch, s,
          double(t.train) / (1 << 20), predicted / (1 << 20), 100 * err, maps / (1 << 20));
    QVERIFY2(std::abs(err) <= 0.01, "the training peak at 1280 is off by more than 1%");
    const double predictedVal = m.validationPeak(ys::validationBatchFor(batch), s) - double(m.baseline);
    QVERIFY(std::abs(predictedVal - double(t.validation)) <= 0.02 * double(t.validation));
}

QTEST_GUILESS_MAIN(TestFitAttention)
#include "test_fit_attention.moc"
