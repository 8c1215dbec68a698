// The Fit dialog's words and numbers: every note a real fit gives is recognised and said in the dialog's own
// (translatable) sentence, the recommendation reads as a user expects for "fits" and "does not fit", the
// accumulation line says how nbs and the batch give it, and the breakdown bars add up to the prediction. A
// GPU that cannot be measured here is said why in one line, from the driver's answer.
#include "fit/fit.h"
#include "ui/common/bytes.h"
#include "ui/common/devicetext.h"
#include "ui/fit/fitbreakdown.h"
#include "ui/fit/fittext.h"
#include "fitdemo.h"


#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <set>

using namespace ys::ui;
using ys::fit::FitResult;

class TestFitText final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void everyNoteOfRealFitsIsKnown();
    void recommendationInWords();
    void doesNotFitInWords();
    void accumulationFromNbs();
    void certaintyNamesTheTarget();
    void barsAddUpToThePrediction();
    void planningBarsCarryContextAndRounding();
    void layerChartSortsAndMarks();
    void deviceProblemInOneLine();

private:
    FitResult fit(const ys::fit::FitRequest& request);

    QTemporaryDir dir_;
    std::string yaml_;
    FitResult measured_;  // demo data, CPU, fits
    FitResult tiny_;      // demo data, CPU, nothing fits
    FitResult planned_;   // synthetic batches, planned for an RTX 3060 with amp auto
};

FitResult TestFitText::fit(const ys::fit::FitRequest& request)
{
    auto r = ys::fit::fitToMemory(request);
    if (!r)
        qFatal("fit failed: %s", r.error().toString().c_str());
    return std::move(r).value();
}

void TestFitText::initTestCase()
{
    QVERIFY(dir_.isValid());
    auto yaml = ys::test::writeFitDemo(dir_);
    QVERIFY(yaml.ok());
    yaml_ = *yaml;

    ys::fit::FitRequest req;
    req.data = yaml_;
    req.imgsz = 64;
    req.amp = "off";
    req.budget = "300MB";
    measured_ = fit(req);
    QVERIFY(measured_.recommended.fits);
    req.budget = "40MB";
    tiny_ = fit(req);
    QVERIFY(!tiny_.recommended.fits);

    ys::fit::FitRequest plan;
    plan.imgsz = 64;
    plan.syntheticBoxes = 8;
    plan.targetGpu = "rtx3060";
    planned_ = fit(plan);
    QVERIFY(planned_.recommended.fits);
}

void TestFitText::everyNoteOfRealFitsIsKnown()
{
    std::set<std::string> codes;
    for (const FitResult* r : {&measured_, &tiny_, &planned_}) {
        const auto notes = FitText::fitNotes(*r);
        QCOMPARE(notes.size(), r->notes.size() + 1);  // the certainty first
        for (const FitNoteRef& n : notes) {
            QVERIFY2(!n.code.empty(), n.english.c_str());
            const QString text = FitText::noteText(n);
            QVERIFY(!text.isEmpty());
            // The dialog's own sentence, not core's English passed through.
            QVERIFY2(text != QString::fromStdString(n.english), n.english.c_str());
            QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("%\\d"))), qPrintable(text));   // all filled
            codes.insert(n.code);
        }
        QCOMPARE(FitText::notes(*r).size(), static_cast<qsizetype>(r->notes.size()));
    }
    for (const char* c : {"fit.certainty.cpu", "fit.certainty.planned", "fit.cpu_untracked", "fit.optimizer",
                          "fit.probe_crowded", "fit.nothing_fits", "fit.synthetic",
                          "fit.cuda_context", "fit.allocator_rounding", "fit.amp_derived", "fit.measure_on_card"})
        QVERIFY2(codes.count(c), c);

    // Arguments come with the codes: the most crowded image's box count, the loader's queue or workers.
    for (const FitNoteRef& n : FitText::fitNotes(measured_)) {
        if (n.code == "fit.probe_crowded") {
            QCOMPARE(n.args.size(), size_t{2});
            QCOMPARE(std::stoi(n.args[1]), measured_.maxBoxes);
        }
        if (n.code == "fit.loader_queue" || n.code == "fit.loader_inline")
            QCOMPARE(n.args.front(), n.code == "fit.loader_queue" ? std::to_string(measured_.queuedBatches)
                                                                   : std::string("8"));   // workers=8 asked
    }
    // The attention note (models with PSA blocks: YOLO11, YOLO26) in the dialog's words, every value filled.
    const QString attention = FitText::noteText(FitNoteRef{"fit.attention", {"2", "78.1 MiB", "2", "1280", "5"}, ""});
    QVERIFY2(attention.startsWith(QStringLiteral("The attention maps of 2 PSA block(s) keep 78.1 MiB at batch 2 and "
                                                 "image size 1280 (5% of the peak)")),
             qPrintable(attention));
    // A sentence this branch does not know is shown as core wrote it.
    FitResult odd = measured_;
    odd.fitNotes.clear();   // an older fit.json: English sentences only
    odd.notes = {"a sentence from a newer core"};
    const auto refs = FitText::fitNotes(odd);
    QVERIFY(refs.back().code.empty());
    QCOMPARE(FitText::notes(odd), QStringList{QStringLiteral("a sentence from a newer core")});
}

void TestFitText::recommendationInWords()
{
    const auto& rec = measured_.recommended;
    const QString text = FitText::recommendation(measured_, false);
    QVERIFY2(text.startsWith(QStringLiteral("Batch %1 at 64 px with full precision (fp32) needs about ").arg(rec.batch)),
             qPrintable(text));
    QVERIFY(text.contains(formatBytes(rec.predictedPeakBytes)));
    QVERIFY(text.contains(QStringLiteral("of your %1 budget").arg(formatBytes(measured_.budgetBytes))));
    const int free = qRound(100.0 * (1.0 - double(rec.predictedPeakBytes) / double(measured_.budgetBytes)));
    QVERIFY2(text.endsWith(QStringLiteral("; %1% stays free.").arg(free)), qPrintable(text));
    QVERIFY(free >= qRound(measured_.margin * 100) - 1);
    QCOMPARE(formatBytes(300'000'000), QStringLiteral("286.1 MiB"));
    QCOMPARE(formatBytes(int64_t{12} << 30), QStringLiteral("12.0 GiB"));

    QVERIFY(FitText::margin(measured_).contains(QStringLiteral("the fit keeps at least 5% of the budget free")));
    QVERIFY(FitText::recommendation(planned_, false).contains(QStringLiteral("on the RTX 3060 12 GB")));
}

void TestFitText::doesNotFitInWords()
{
    const QString text = FitText::recommendation(tiny_, false);
    QVERIFY2(text.startsWith(QStringLiteral("Does not fit: even batch 1 at 64 px needs about ")), qPrintable(text));
    QVERIFY(text.contains(formatBytes(tiny_.recommended.predictedPeakBytes)));
    QVERIFY(text.contains(QStringLiteral("Lower the image size")));
    FitResult batchMode = tiny_;
    batchMode.recommended.batch = 8;
    batchMode.recommended.imgsz = 32;
    QVERIFY(FitText::recommendation(batchMode, true).startsWith(QStringLiteral("Does not fit: batch 8 needs about ")));
}

void TestFitText::accumulationFromNbs()
{
    FitResult r = measured_;
    r.recommended.batch = 16;
    r.recommended.accumulate = 4;
    QString text = FitText::accumulation(r, 64);
    QCOMPARE(text, QStringLiteral("Accumulates gradients over 4 batches (nominal batch 64 ÷ batch 16): each optimizer "
                                  "step sees about 64 images."));
    // round(64 / 138) = 0 -> 1
    r.recommended.batch = 138;
    r.recommended.accumulate = 1;
    text = FitText::accumulation(r, 64);
    QVERIFY2(text.startsWith(QStringLiteral("No accumulation: every batch is one optimizer step")), qPrintable(text));
    // Data parallel: the batch is per device, accumulation counts the world batch, and the note says it.
    r.world = 2;
    r.recommended.batch = 16;
    r.recommended.accumulate = 2;
    text = FitText::accumulation(r, 64);
    QCOMPARE(text, QStringLiteral("16 × 2 = 32 images per step over 2 processes; accumulates gradients over 2 steps "
                                  "(nominal batch 64): each optimizer step sees about 64 images."));
    const QString note = FitText::noteText(FitNoteRef{"fit.world_batch", {"16", "2", "32"}, {}});
    QCOMPARE(note, QStringLiteral("Fitted per device: 16 images per device × 2 processes = 32 images per step (the "
                                  "run's batch is 32)."));
    // The CPU's processes share one budget; the data caps the batch.
    QCOMPARE(FitText::noteText(FitNoteRef{"fit.shared_budget", {"2", "1 GiB", "2 GiB"}, {}}),
             QStringLiteral("The 2 processes on this computer's CPU share its memory: each is fitted to 1 GiB, its "
                            "share of 2 GiB."));
    QCOMPARE(FitText::noteText(FitNoteRef{"fit.batch_data", {"240", "240"}, {}}),
             QStringLiteral("The training set caps the batch: 240 images per step for 240 training images (memory "
                            "would allow more)."));
}

void TestFitText::certaintyNamesTheTarget()
{
    QVERIFY(FitText::certainty(measured_).startsWith(QStringLiteral("Measured on this CPU")));
    QVERIFY(FitText::certainty(measured_).contains(QStringLiteral("within about 3%")));
    const QString planned = FitText::certainty(planned_);
    QVERIFY2(planned.startsWith(QStringLiteral("Planned for the RTX 3060 12 GB from measurements on CPU")),
             qPrintable(planned));
    QVERIFY(planned.contains(QStringLiteral("within about 20%")));
}

void TestFitText::barsAddUpToThePrediction()
{
    const FitBars bars = fitBars(measured_);
    const double peak = double(measured_.recommended.predictedPeakBytes);
    // The CPU fit's training step holds the peak: its parts add up to the prediction (a remainder under
    // 1 MiB is left out).
    QVERIFY(bars.validationTotal < peak);
    QVERIFY2(bars.trainingTotal <= peak + 1.0 && bars.trainingTotal > peak - 1024.0 * 1024.0,
             qPrintable(QStringLiteral("%1 vs %2").arg(bars.trainingTotal).arg(peak)));
    QCOMPARE(bars.validationTotal, double(measured_.breakdown.validation));
    bool activations = false;
    for (const auto& p : bars.parts) {
        QVERIFY(p.training >= 0 && p.validation >= 0);
        activations = activations || (p.part == FitPart::Activations && p.training == double(measured_.breakdown.activations));
        QVERIFY(p.part != FitPart::CudaContext);  // none on a CPU
    }
    QVERIFY(activations);

    const BreakdownChartData d = fitChartData(measured_);
    QCOMPARE(d.bars.size(), 2);
    QCOMPARE(d.budgetBytes, double(measured_.budgetBytes));
    QCOMPARE(d.limitBytes, double(measured_.budgetBytes) * 0.95);
    QCOMPARE(d.parts.size(), bars.parts.size());
    QCOMPARE(d.parts.front().name, QStringLiteral("Weights"));
}

void TestFitText::planningBarsCarryContextAndRounding()
{
    const FitBars bars = fitBars(planned_);
    const auto& b = planned_.breakdown;
    double context = 0, overhead = 0;
    for (const auto& p : bars.parts) {
        if (p.part == FitPart::CudaContext)
            context = p.training;
        if (p.part == FitPart::AllocatorOverhead)
            overhead = p.training;
        QVERIFY(p.part != FitPart::LoaderQueue || p.training == double(b.loaderQueue));
    }
    QCOMPARE(context, double(b.cudaContext));
    QVERIFY(context > 0);
    const double peak = double(planned_.recommended.predictedPeakBytes);
    if (bars.validationTotal < peak) {
        QVERIFY2(bars.trainingTotal <= peak * (1 + 1e-6) && bars.trainingTotal > peak - 1.1 * 1024.0 * 1024.0,
                 qPrintable(QStringLiteral("%1 vs %2").arg(bars.trainingTotal).arg(peak)));
        QVERIFY(std::abs(overhead - double(b.allocatorOverhead)) < 2.0);
    }
    QVERIFY(bars.trainingTotal <= peak * (1 + 1e-6));
    QVERIFY(bars.validationTotal <= peak * (1 + 1e-6));
}

void TestFitText::layerChartSortsAndMarks()
{
    // The per-layer chart of a real fit: largest first, each bar its layer's activation bytes (output + the
    // rest), a star exactly on the layers checkpointing would help, at most 12 bars.
    const ys::fit::LayerProfile& p = measured_.layers;
    QVERIFY(p.layers.size() > 12);
    std::vector<const ys::fit::LayerMemory*> sorted;
    for (const auto& l : p.layers)
        if (l.part != ys::fit::LayerMemory::Part::Optimizer && l.activationBytes > 0)
            sorted.push_back(&l);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto* a, const auto* b) { return a->activationBytes > b->activationBytes; });
    const BreakdownChartData d = layerChartData(p);
    QCOMPARE(d.bars.size(), 12);
    QCOMPARE(d.parts.size(), size_t(2));
    int stars = 0;
    for (int i = 0; i < d.bars.size(); ++i) {
        const auto* l = sorted[size_t(i)];
        const double total = d.parts[0].bytes[size_t(i)] + d.parts[1].bytes[size_t(i)];
        QCOMPARE(total, double(l->activationBytes));
        if (i > 0)
            QVERIFY(total <= d.parts[0].bytes[size_t(i - 1)] + d.parts[1].bytes[size_t(i - 1)]);
        QCOMPARE(d.bars[i].endsWith(QStringLiteral("★")), l->checkpointHelps);
        stars += l->checkpointHelps ? 1 : 0;
    }
    QVERIFY(stars > 0);   // yolov8n's C2f blocks keep far more than their outputs
    QCOMPARE(layerChartData(p, 3).bars.size(), 3);
    QVERIFY(layerChartData(ys::fit::LayerProfile{}).bars.isEmpty());
}

void TestFitText::deviceProblemInOneLine()
{
    using ys::memory::CudaDriverProblem;
    ys::memory::CudaDriverStatus none;   // no driver
    none.problem = CudaDriverProblem::NoDriver;
    const QString noDriver = FitText::deviceProblem("0", none, true);
    QCOMPARE(noDriver, QStringLiteral("GPU 0 is not available here: no NVIDIA driver (libcuda.so.1 not found)"));
    QCOMPARE(FitText::deviceProblem("cuda:1", none, false),
             QStringLiteral("GPU 1 is not available here: this build of LibTorch has no CUDA"));
    ys::memory::CudaDriverStatus old = none;
    old.problem = CudaDriverProblem::DriverTooOld;
    old.driverCudaVersion = 12020;
    old.buildCudaVersion = 13000;
    old.minimumDriver = 580;
    QVERIFY(FitText::deviceProblem("0", old, true).endsWith(DeviceText::noGpuReason(old, true)));
    // A driver that sees one GPU: GPU 0 is fine, GPU 1 is not there.
    ys::memory::CudaDriverStatus one;
    one.usable = true;
    one.problem = CudaDriverProblem::None;
    one.deviceCount = 1;
    QCOMPARE(FitText::deviceProblem("0", one, true), QString());
    // (the plural is the English .qm's; without it the source's "GPU(s)")
    QVERIFY(FitText::deviceProblem("1", one, true).startsWith(QStringLiteral("there is no GPU 1 here: the NVIDIA driver sees 1 GPU")));
    one.deviceCount = 2;
    QVERIFY(FitText::deviceProblem("3", one, true).startsWith(QStringLiteral("there is no GPU 3 here: the NVIDIA driver sees 2 GPU")));
    // The CPU is always here; one line, never a line break.
    QCOMPARE(FitText::deviceProblem("cpu", none, false), QString());
    QVERIFY(!noDriver.contains(QLatin1Char('\n')));
}

QTEST_GUILESS_MAIN(TestFitText)
#include "test_fittext.moc"
