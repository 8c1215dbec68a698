// Memory timeline: phases as the trainer marks them, spikes between samples, bounded size, CSV for the GUI.
#include "memory/memory.h"
#include "testsupport.h"

#include <torch/torch.h>

#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <fstream>
#include <thread>

namespace mem = ys::memory;
using mem::Phase;

namespace {
constexpr int64_t kMiB = 1024 * 1024;
}

class TestMemoryTimeline final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void recordsNestedPhases();
    void backgroundThreadSamplesPeriodically();
    void decimatesWhenFullAndKeepsTheSpike();
    void csvRoundTrip();
    void csvErrorsNameTheLine();
    void rankSeriesThinsWithoutResending();
};

void TestMemoryTimeline::initTestCase()
{
    QVERIFY(mem::installCpuTracker());
}

void TestMemoryTimeline::recordsNestedPhases()
{
    mem::MemoryTimeline tl(mem::TimelineOptions{"cpu", 1000, 1000, false});
    tl.start();
    const int64_t base = mem::currentStats().allocated;
    {
        mem::PhaseScope step(&tl, Phase::TrainStep);
        auto a = torch::empty({kMiB / 4}, torch::kFloat32);  // 1 MiB
        {
            mem::PhaseScope assign(&tl, Phase::Assigner);
            QCOMPARE(tl.phase(), Phase::Assigner);
            auto b = torch::empty({kMiB}, torch::kFloat32);  // 4 MiB, freed before any sample sees it
        }
        QCOMPARE(tl.phase(), Phase::TrainStep);
    }
    {
        mem::PhaseScope val(&tl, Phase::Validation);
        auto c = torch::empty({kMiB / 2}, torch::kFloat32);  // 2 MiB
        tl.sampleNow();
    }
    mem::PhaseScope none(nullptr, Phase::Checkpoint);  // null timeline: no-op
    QCOMPARE(tl.phase(), Phase::Idle);
    tl.stop();

    const auto rows = tl.samples();
    std::vector<Phase> phases;
    for (const auto& r : rows)
        phases.push_back(r.phase);
    // start(idle) | enter step: idle | enter assigner: step | leave assigner: assigner | leave step: step |
    // enter val: idle | sampleNow: val | leave val: val | stop: idle
    const std::vector<Phase> want{Phase::Idle,     Phase::Idle,       Phase::TrainStep,
                                  Phase::Assigner, Phase::TrainStep,  Phase::Idle,
                                  Phase::Validation, Phase::Validation, Phase::Idle};
    QCOMPARE(phases.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i)
        QCOMPARE(mem::toString(phases[i]), mem::toString(want[i]));
    // The assigner row's window saw the 4 MiB block on top of the step's 1 MiB, though no sample ran
    // while it was alive.
    QVERIFY(rows[3].windowPeak - base >= 5 * kMiB);
    QVERIFY(rows[4].windowPeak - base < 5 * kMiB);
    QVERIFY(rows[6].allocated - base >= 2 * kMiB);
    for (size_t i = 1; i < rows.size(); ++i)
        QVERIFY(rows[i].time >= rows[i - 1].time);
}

void TestMemoryTimeline::backgroundThreadSamplesPeriodically()
{
    mem::MemoryTimeline tl(mem::TimelineOptions{"cpu", 10, 1000, true});
    tl.start();
    tl.setPhase(Phase::TrainStep);
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    tl.stop();
    const auto rows = tl.samples();
    // ~25 periods; a loaded CI machine may wake late, so ask for a third of them.
    QVERIFY2(rows.size() >= 8, qPrintable(QString("only %1 samples in 250 ms at 10 ms").arg(rows.size())));
    QVERIFY(rows.size() <= 40);
    int stepRows = 0;
    for (const auto& r : rows)
        stepRows += r.phase == Phase::TrainStep;
    QVERIFY(stepRows >= 6);
    const size_t n = tl.size();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    QCOMPARE(tl.size(), n);  // stopped means stopped
}

void TestMemoryTimeline::decimatesWhenFullAndKeepsTheSpike()
{
    mem::MemoryTimeline tl(mem::TimelineOptions{"cpu", 5, 64, false});
    tl.start();
    const int64_t base = mem::currentStats().allocated;
    for (int i = 0; i < 2000; ++i) {
        tl.setPhase(i / 100 % 2 ? Phase::Validation : Phase::TrainStep);
        if (i == 1234) {
            auto spike = torch::empty({4 * kMiB}, torch::kFloat32);  // 16 MiB for an instant
        }
        tl.sampleNow();
        QVERIFY(tl.size() < 64);
    }
    tl.stop();
    const auto rows = tl.samples();
    QVERIFY(rows.size() >= 16);
    QVERIFY(tl.effectiveIntervalMs() > 5);
    QVERIFY(tl.maxWindowPeak() - base >= 16 * kMiB);
    bool sawStep = false, sawVal = false;
    for (size_t i = 0; i < rows.size(); ++i) {
        sawStep |= rows[i].phase == Phase::TrainStep;
        sawVal |= rows[i].phase == Phase::Validation;
        if (i > 0)
            QVERIFY(rows[i].time >= rows[i - 1].time);
    }
    QVERIFY(sawStep && sawVal);
}

void TestMemoryTimeline::csvRoundTrip()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    mem::MemoryTimeline tl(mem::TimelineOptions{"cpu", 1, 1000, false});
    tl.start();
    {
        mem::PhaseScope p(&tl, Phase::Checkpoint);
        auto t = torch::empty({kMiB}, torch::kFloat32);
        tl.sampleNow();
    }
    {
        mem::PhaseScope p(&tl, Phase::Probe);
        tl.sampleNow();
    }
    tl.stop();
    const std::string path = dir.filePath("memory.csv").toStdString();
    QVERIFY(!tl.writeCsv(path).has_value());
    std::ifstream in(path);
    std::string header;
    std::getline(in, header);
    QCOMPARE(QString::fromStdString(header), QString("time_s,phase,allocated,reserved,peak,window_peak"));
    const auto back = mem::MemoryTimeline::readCsv(path);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
    const auto rows = tl.samples();
    QCOMPARE(back->size(), rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        QCOMPARE(back->at(i).phase, rows[i].phase);
        QCOMPARE(back->at(i).allocated, rows[i].allocated);
        QCOMPARE(back->at(i).windowPeak, rows[i].windowPeak);
        QVERIFY(std::abs(back->at(i).time - rows[i].time) < 1e-3);
    }
    QVERIFY(tl.writeCsv(dir.filePath("missing/dir/memory.csv").toStdString()).has_value());
}

void TestMemoryTimeline::csvErrorsNameTheLine()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("bad.csv");
    QVERIFY(ys::test::writeText(path, "time_s,phase,allocated,reserved,peak,window_peak\n"
                                      "0.000,idle,1,1,1,1\n"
                                      "0.100,warmup,1,1,1,1\n"));
    auto r = mem::MemoryTimeline::readCsv(path.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().line, 3);
    QVERIFY(ys::test::writeText(path, "time_s,phase,allocated,reserved,peak,window_peak\n0.1,idle,1,x,1,1\n"));
    r = mem::MemoryTimeline::readCsv(path.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().line, 2);
    QVERIFY(ys::test::writeText(path, "t,allocated\n"));
    r = mem::MemoryTimeline::readCsv(path.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("memory.csv_header"));
}

// A data-parallel run's per-rank series (one sample per batch) halves past its limit; what a consumer was
// already sent is not sent again, so the dashboard draws each batch once.
void TestMemoryTimeline::rankSeriesThinsWithoutResending()
{
    auto sample = [](int i) {
        mem::MemorySample s;
        s.time = i;
        s.windowPeak = (i % 7 == 3) ? 1000 + i : i;   // spikes the thinning must keep
        s.rank = 1;
        return s;
    };
    std::vector<mem::MemorySample> series;
    size_t sent = 0;
    std::vector<mem::MemorySample> consumer;   // what onMemory would have handed out, in order
    constexpr size_t kLimit = 100;
    int64_t maxPeak = 0;
    for (int i = 0; i < 1000; ++i) {
        series.push_back(sample(i));
        maxPeak = std::max(maxPeak, series.back().windowPeak);
        if (i % 3 == 0) {   // not every batch is sent at once
            consumer.insert(consumer.end(), series.begin() + static_cast<std::ptrdiff_t>(sent), series.end());
            sent = series.size();
        }
        mem::thinRankSeries(series, kLimit, sent);
        QVERIFY(series.size() <= kLimit);
        QVERIFY(sent <= series.size());
        QCOMPARE(series.back().time, double(i));   // the newest stays as it is
    }
    consumer.insert(consumer.end(), series.begin() + static_cast<std::ptrdiff_t>(sent), series.end());
    // Each sample the consumer got is later than the one before: nothing was sent twice.
    for (size_t k = 1; k < consumer.size(); ++k)
        QVERIFY2(consumer[k].time > consumer[k - 1].time, qPrintable(QString::number(k)));
    QCOMPARE(consumer.back().time, 999.0);
    // The series keeps the highest window peak.
    int64_t keptPeak = 0;
    for (const auto& s : series)
        keptPeak = std::max(keptPeak, s.windowPeak);
    QCOMPARE(keptPeak, maxPeak);
    // At or below the limit nothing changes.
    std::vector<mem::MemorySample> small{sample(0), sample(1)};
    size_t smallSent = 1;
    mem::thinRankSeries(small, 2, smallSent);
    QCOMPARE(small.size(), size_t(2));
    QCOMPARE(smallSent, size_t(1));
}

QTEST_GUILESS_MAIN(TestMemoryTimeline)
#include "test_memory_timeline.moc"
