// Run folders written by real short trainings (ys::train on a tiny generated dataset), read back: running
// while it trains (and followed by a RunTail), finished, stopped by the user, killed (the folder as a
// SIGKILL leaves it) and resumed, failed mid-run and failed in setup. Every event carries the epoch and
// batch it happened in; environment.json describes this machine and the run's device and threads (and
// names the BLAS from its library path). TensorBoard's event files hold each epoch once, across a stop, a kill and
// their resumes. Two runs in one process each report their own memory peak, and a run
// started with a fit keeps it as fit.json.
#include "fit/fit.h"
#include "run/reader.h"
#include "run/runlock.h"
#include "runfixtures.h"
#include "smallrun.h"
#include "tfeventsreader.h"
#include "testsupport.h"
#include "train/environment.h"
#include "train/trainer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <stdexcept>

using ys::EventKind;
using ys::RunStatus;

class TestRunTraining final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runningThenFinished();
    void stoppedByUserThenResumed();
    void killedThenResumed();
    void failedMidRun();
    void failedInSetup();
    void secondRunHasItsOwnPeak();
    void startingFitIsRecorded();
    void blasNames_data();
    void blasNames();

private:
    ys::TrainConfig config(const QString& name, int epochs) const;
    QTemporaryDir tmp_;
    QString data_;
};

namespace {

ys::RunRecord read(const std::string& dir)
{
    auto r = ys::readRun(dir);
    if (!r)
        qFatal("%s", r.error().toString().c_str());
    return std::move(*r);
}

double unixNow()
{
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// The steps of the scalar events in an event file, and the step of its SessionLog START (-1 when none): what a
// session logged.
struct TbSession {
    int64_t start = -1;
    std::vector<int64_t> steps;
};

TbSession tbSession(const std::vector<ys::test::ReadEvent>& events)
{
    TbSession s;
    for (const auto& e : events) {
        if (e.sessionStatus == 1)
            s.start = e.step;
        if (e.hasSummary)
            s.steps.push_back(e.step);
    }
    return s;
}

const ys::TrainEvent* firstOf(const ys::RunRecord& r, EventKind kind)
{
    for (const auto& e : r.events)
        if (e.kind == kind)
            return &e;
    return nullptr;
}

}  // namespace

void TestRunTraining::initTestCase()
{
    data_ = ys::test::writeShapesDataset(tmp_.filePath("shapes"), 4, 64, 64);
    QVERIFY(!data_.isEmpty());
}

ys::TrainConfig TestRunTraining::config(const QString& name, int epochs) const
{
    ys::TrainConfig c = ys::test::smallRunConfig(data_, tmp_.filePath("runs"), name);
    c.imgsz = 64;
    c.batch = 2;   // two batches per epoch
    c.epochs = epochs;
    c.workers = 0;
    return c;
}

void TestRunTraining::runningThenFinished()
{
    const ys::TrainConfig c = config("finished", 3);
    const std::string dir = tmp_.filePath("runs/finished").toStdString();
    std::optional<ys::RunTail> tail;
    std::vector<ys::EpochResult> followed;
    std::vector<RunStatus> statusDuringRun;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onEpoch = [&](const ys::EpochResult&, const ys::DetectionMetrics&) {
        if (!tail)
            tail.emplace(dir);
        const ys::RunTailUpdate u = tail->poll();
        QVERIFY(!u.rowsReset);
        followed.insert(followed.end(), u.rows.begin(), u.rows.end());
        statusDuringRun.push_back(u.status);
        const ys::RunRecord live = read(dir);
        QCOMPARE(live.status, RunStatus::Running);
        QVERIFY(live.lock && live.lock->live);
        QVERIFY(!live.resumable);
    };
    const double started = unixNow();
    auto result = ys::train(c, cb);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
    QCOMPARE(statusDuringRun, (std::vector<RunStatus>(3, RunStatus::Running)));

    const ys::RunRecord r = read(dir);
    QVERIFY2(r.problems.empty(), r.problems.empty() ? "" : r.problems.front().toString().c_str());
    QCOMPARE(r.status, RunStatus::Finished);
    QCOMPARE(r.origin, ys::RunOrigin::Studio);
    QVERIFY(!r.lock);   // released when train() returned
    QVERIFY(!r.resumable);
    QCOMPARE(r.rows.size(), size_t(3));
    QCOMPARE(followed.size(), size_t(3));   // the tail saw every row once, as the file has them
    for (size_t i = 0; i < 3; ++i)
        QCOMPARE(followed[i].epoch, r.rows[i].epoch);
    QVERIFY(!r.memory.empty());
    QVERIFY(r.metrics);
    QCOMPARE(r.metrics->epoch, r.summary.bestEpoch);
    QVERIFY(r.hasCheck && r.hasArgs && r.last.present && r.best.present);
    QCOMPARE(r.args.epochs, 3);

    const ys::RunSummary& s = r.summary;
    QCOMPARE(s.epochsDone, 3);
    QCOMPARE(s.epochsTotal, 3);
    QCOMPARE(QString::fromStdString(s.device), QString("cpu"));
    QCOMPARE(s.batch, 2);
    QCOMPARE(s.imgsz, 64);
    QVERIFY(s.peakMemory > 0);
    QVERIFY(s.wallSeconds > 0);
    const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    QVERIFY(s.startTime > now - 600 && s.startTime <= now);

    // environment.json: this machine and build, with the run's device and threads.
    QVERIFY(r.environment);
    const ys::EnvironmentInfo& env = *r.environment;
    const ys::EnvironmentInfo here = ys::collectEnvironment();
    QCOMPARE(QString::fromStdString(env.libtorch), QString(TORCH_VERSION));
    QCOMPARE(QString::fromStdString(env.app), QString(YS_VERSION));
    QVERIFY(!env.cpu.empty());
    QCOMPARE(env.cpu, here.cpu);
    QVERIFY(env.cpuCores > 0);
    QCOMPARE(env.cpuCores, here.cpuCores);
    QVERIFY(env.ramBytes > 0);
    QVERIFY(!env.os.empty() && !env.host.empty() && !env.compiler.empty() && !env.opencv.empty());
    QVERIFY(env.qt.empty() || env.qt == QT_VERSION_STR);
    QCOMPARE(QString::fromStdString(env.device), QString("cpu"));
    QCOMPARE(env.intraOpThreads, result->intraOpThreads);
    QCOMPARE(env.loaderWorkers, result->loaderWorkers);
    QVERIFY(env.wallTime >= started && env.wallTime <= now);
    // The BLAS names its implementation and the real file it was loaded from (OpenBLAS on Debian's LibTorch).
    QVERIFY2(env.blas.find("BLAS") != std::string::npos, env.blas.c_str());
    const size_t slash = env.blas.find('/');
    QVERIFY2(slash != std::string::npos, env.blas.c_str());
    const std::string blasFile = env.blas.substr(slash, env.blas.find(';', slash) - slash);
    QVERIFY2(QFileInfo(QString::fromStdString(blasFile)).isFile(), blasFile.c_str());

    // Events: start before epoch 1, one "best" per improving epoch stamped with it, finish after epoch 3.
    QVERIFY(!r.events.empty());
    QCOMPARE(r.events.front().kind, EventKind::Start);
    QCOMPARE(r.events.front().epoch, 0);
    QCOMPARE(r.events.back().kind, EventKind::Finish);
    QCOMPARE(r.events.back().epoch, 3);
    QCOMPARE(r.events.back().batch, 0);
    const ys::TrainEvent* best = firstOf(r, EventKind::Best);
    QVERIFY(best);
    QCOMPARE(best->epoch, 1);   // the first epoch is always the best so far
    for (const auto& e : r.events) {
        QVERIFY(e.epoch >= 0 && e.epoch <= 3);
        QVERIFY(e.wallTime > now - 600);
    }

    // TensorBoard: one event file; file_version, a SessionLog START at epoch 1, then at step = epoch each epoch's
    // results.csv row (its very values) and memory figures.
    const std::vector<std::string> tb = ys::test::eventFiles(dir);
    QCOMPARE(tb.size(), size_t(1));
    const std::vector<ys::test::ReadEvent> ev = ys::test::readEvents(tb[0]);
    QCOMPARE(ev.size(), size_t(5));
    QCOMPARE(ev[0].fileVersion, std::string("brain.Event:2"));
    QCOMPARE(ev[1].sessionStatus, 1);
    QCOMPARE(ev[1].step, int64_t(1));
    for (size_t i = 0; i < 3; ++i) {
        const ys::test::ReadEvent& e = ev[i + 2];
        const ys::EpochResult& row = r.rows[i];
        QCOMPARE(e.step, int64_t(row.epoch));
        QVERIFY(e.wallTime >= started && e.wallTime <= now);
        const std::pair<const char*, double> columns[] = {{"train/box_loss", row.trainBox},
                                                          {"metrics/mAP50-95(B)", row.map50_95},
                                                          {"val/cls_loss", row.valCls},
                                                          {"lr/pg0", row.lr[0]},
                                                          {"memory/peak_bytes", double(row.peakMemory)}};
        for (const auto& [tag, value] : columns) {
            const ys::test::ReadValue* v = ys::test::valueOf(e, tag);
            QVERIFY2(v, tag);
            QCOMPARE(v->value, float(value));
        }
        QVERIFY(!ys::test::valueOf(e, "epoch") && !ys::test::valueOf(e, "time"));
        const ys::test::ReadValue* trainPeak = ys::test::valueOf(e, "memory/train_step_peak_bytes");
        QVERIFY(trainPeak && trainPeak->value > 0);
    }
}

void TestRunTraining::stoppedByUserThenResumed()
{
    const ys::TrainConfig c = config("stopped", 3);
    ys::TrainControl control;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onBatch = [&](const ys::BatchProgress& p) {
        if (p.epoch == 2 && p.batch == 1)
            control.requestStop();
    };
    auto first = ys::train(c, cb, &control);
    QVERIFY2(first.ok(), first.ok() ? "" : first.error().toString().c_str());
    const ys::RunRecord r = read(first->runDir);
    QCOMPARE(r.status, RunStatus::StoppedByUser);
    QVERIFY(r.resumable);
    QCOMPARE(r.summary.epochsDone, 1);
    const ys::TrainEvent* stopped = firstOf(r, EventKind::Stopped);
    QVERIFY(stopped);
    QCOMPARE(stopped->epoch, 2);   // stopped in epoch 2, after its first batch
    QCOMPARE(stopped->batch, 1);
    QVERIFY(r.environment);

    ys::TrainConfig resume;
    resume.resume = first->lastWeights;
    resume.threads = c.threads;
    auto second = ys::train(resume, {});
    QVERIFY2(second.ok(), second.ok() ? "" : second.error().toString().c_str());
    const ys::RunRecord done = read(first->runDir);
    QCOMPARE(done.status, RunStatus::Finished);
    QCOMPARE(done.summary.epochsDone, 3);
    const ys::TrainEvent* resumed = firstOf(done, EventKind::Resume);
    QVERIFY(resumed);
    QCOMPARE(resumed->epoch, 1);
    QVERIFY(done.environment);   // rewritten by the resume: the last session's
    QVERIFY(done.environment->wallTime > r.environment->wallTime);

    // TensorBoard: the stopped session logged epoch 1 (epoch 2 never finished); the resume wrote a file of its own,
    // read after the first, from epoch 2 on: no epoch twice.
    const std::vector<std::string> tb = ys::test::eventFiles(first->runDir);
    QCOMPARE(tb.size(), size_t(2));
    const TbSession stoppedSession = tbSession(ys::test::readEvents(tb[0]));
    const TbSession resumedSession = tbSession(ys::test::readEvents(tb[1]));
    QCOMPARE(stoppedSession.start, int64_t(1));
    QCOMPARE(stoppedSession.steps, (std::vector<int64_t>{1}));
    QCOMPARE(resumedSession.start, int64_t(2));
    QCOMPARE(resumedSession.steps, (std::vector<int64_t>{2, 3}));
}

void TestRunTraining::killedThenResumed()
{
    // The folder as a SIGKILL in epoch 2 leaves it: copied after epoch 1 while the lock was held, with the
    // lock then naming a process that no longer runs.
    const ys::TrainConfig c = config("source", 3);
    const std::string killed = tmp_.filePath("runs/killed").toStdString();
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onEpoch = [&](const ys::EpochResult& row, const ys::DetectionMetrics&) {
        if (row.epoch == 1)
            std::filesystem::copy(tmp_.filePath("runs/source").toStdString(), killed,
                                  std::filesystem::copy_options::recursive);
    };
    auto source = ys::train(c, cb);
    QVERIFY2(source.ok(), source.ok() ? "" : source.error().toString().c_str());
    QVERIFY(QFile::exists(QString::fromStdString(killed) + "/train.lock"));
    ys::test::writeDeadLock(QString::fromStdString(killed));

    const ys::RunRecord r = read(killed);
    QCOMPARE(r.status, RunStatus::Interrupted);
    QVERIFY(r.resumable);
    QVERIFY(r.lock && !r.lock->live);
    QCOMPARE(r.summary.epochsDone, 1);
    QVERIFY(!firstOf(r, EventKind::Finish));

    // The kill kept the TensorBoard record of epoch 1. Removed here, the folder is one a version without event files
    // wrote: the resume logs results.csv's kept epoch first, then its own.
    std::vector<std::string> tb = ys::test::eventFiles(killed);
    QCOMPARE(tb.size(), size_t(1));
    QCOMPARE(tbSession(ys::test::readEvents(tb[0])).steps, (std::vector<int64_t>{1}));
    std::filesystem::remove(tb[0]);

    // environment.json cannot be replaced (a folder took its name): a warning, and the run goes on.
    QVERIFY(r.environment);
    std::filesystem::remove(killed + "/environment.json");
    std::filesystem::create_directories(killed + "/environment.json/in-the-way");

    ys::TrainConfig resume;
    resume.resume = killed + "/weights/last.pt";
    resume.threads = c.threads;
    auto resumed = ys::train(resume, {});
    QVERIFY2(resumed.ok(), resumed.ok() ? "" : resumed.error().toString().c_str());
    const ys::RunRecord done = read(killed);
    QCOMPARE(done.status, RunStatus::Finished);
    QCOMPARE(done.rows.size(), size_t(3));
    QVERIFY(!done.lock);
    bool warned = false;
    for (const auto& e : done.events)
        warned = warned || (e.kind == EventKind::Warning && e.message.find("environment.json") != std::string::npos);
    QVERIFY(warned);
    QVERIFY(!done.environment);
    tb = ys::test::eventFiles(killed);
    QCOMPARE(tb.size(), size_t(1));
    const TbSession backfilled = tbSession(ys::test::readEvents(tb[0]));
    QCOMPARE(backfilled.start, int64_t(1));
    QCOMPARE(backfilled.steps, (std::vector<int64_t>{1, 2, 3}));
}

void TestRunTraining::failedMidRun()
{
    const ys::TrainConfig c = config("failed", 3);
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onEpoch = [](const ys::EpochResult& row, const ys::DetectionMetrics&) {
        if (row.epoch == 2)
            throw std::runtime_error("disk on fire");
    };
    auto result = ys::train(c, cb);
    QVERIFY(!result.ok());
    const ys::RunRecord r = read(tmp_.filePath("runs/failed").toStdString());
    QCOMPARE(r.status, RunStatus::Failed);
    QVERIFY(r.resumable);   // last.pt holds epoch 2
    QVERIFY(!r.lock);
    const ys::TrainEvent* error = firstOf(r, EventKind::Error);
    QVERIFY(error);
    QCOMPARE(error->epoch, 2);
    QCOMPARE(error->batch, 0);
    QVERIFY(error->message.find("disk on fire") != std::string::npos);
}

void TestRunTraining::failedInSetup()
{
    ys::TrainConfig c = config("nomodel", 3);
    c.model = tmp_.filePath("missing.yaml").toStdString();
    auto result = ys::train(c, {});
    QVERIFY(!result.ok());
    const ys::RunRecord r = read(tmp_.filePath("runs/nomodel").toStdString());
    QCOMPARE(r.status, RunStatus::Failed);
    QVERIFY(!r.resumable);
    QVERIFY(!r.lock);
    QCOMPARE(r.events.size(), size_t(1));
    QCOMPARE(r.events[0].kind, EventKind::Error);
    QCOMPARE(r.events[0].epoch, 0);
}

// The studio trains one run after another in one process. The second, smaller run reports its own peak: the
// first row of its memory.csv does not carry the first run's (exp3 showed exp2's 410.6 MiB, its own epochs
// peaking at 200.6 MiB), and neither does its summary.
void TestRunTraining::secondRunHasItsOwnPeak()
{
    ys::TrainCallbacks quiet;
    quiet.onLog = [](const std::string&) {};
    ys::TrainConfig big = config("bigger", 1);
    big.imgsz = 256;
    big.batch = 4;
    auto first = ys::train(big, quiet);
    QVERIFY2(first.ok(), first.ok() ? "" : first.error().toString().c_str());
    auto second = ys::train(config("smaller", 1), quiet);
    QVERIFY2(second.ok(), second.ok() ? "" : second.error().toString().c_str());

    const ys::RunRecord a = read(first->runDir), b = read(second->runDir);
    QVERIFY(!a.rows.empty() && !b.memory.empty());
    const int64_t firstEpochPeak = a.rows.back().peakMemory;   // the first run's own, measured in its epoch
    QVERIFY(firstEpochPeak > 0);
    QVERIFY2(b.memory.front().peak < firstEpochPeak,
             qPrintable(QString("first row of the second run's memory.csv: peak %1, the first run's epoch peak %2")
                            .arg(b.memory.front().peak).arg(firstEpochPeak)));
    QVERIFY(b.summary.peakMemory > 0);
    QVERIFY2(b.summary.peakMemory < firstEpochPeak && b.summary.peakMemory < a.summary.peakMemory,
             qPrintable(QString("second run's peak %1, first run's %2 (epoch %3)")
                            .arg(b.summary.peakMemory).arg(a.summary.peakMemory).arg(firstEpochPeak)));
}

// A run started with a fit made for its settings (the Fit dialog's, applied) writes it as fit.json, which the
// Runs page and the report read ("no fit was made" before).
void TestRunTraining::startingFitIsRecorded()
{
    const ys::TrainConfig c = config("fitted", 1);
    ys::fit::FitResult fit;
    fit.recommended.batch = c.batch;
    fit.recommended.imgsz = c.imgsz;
    fit.recommended.fits = true;
    fit.recommended.predictedPeakBytes = 123'456'789;
    fit.budgetBytes = int64_t{1} << 30;
    fit.device = "cpu";
    fit.model = c.model;
    fit.data = c.data;
    QVERIFY(ys::fit::fitDifferences(fit, c).empty());
    ys::TrainCallbacks cb;
    std::vector<std::string> log;
    cb.onLog = [&](const std::string& line) { log.push_back(line); };
    ys::TrainOptions options;
    options.fit = fit;
    auto result = ys::train(c, cb, nullptr, options);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());

    const ys::RunRecord r = read(result->runDir);
    QVERIFY2(r.problems.empty(), r.problems.empty() ? "" : r.problems.front().toString().c_str());
    QVERIFY(QFileInfo::exists(QString::fromStdString(result->runDir + "/fit.json")));
    QVERIFY(!r.fitJson.empty());
    auto back = ys::fit::fitResultFromJson(r.fitJson, result->runDir + "/fit.json");
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
    QCOMPARE(back->recommended.batch, c.batch);
    QCOMPARE(back->recommended.predictedPeakBytes, int64_t(123'456'789));
    QCOMPARE(back->budgetBytes, int64_t{1} << 30);
    QVERIFY(std::any_of(log.begin(), log.end(), [](const std::string& l) { return l.rfind("fit.json:", 0) == 0; }));
}

void TestRunTraining::blasNames_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("family");
    const QString lib = "/usr/lib/x86_64-linux-gnu/";
    QTest::newRow("debian openblas pthread") << lib + "openblas-pthread/libblas.so.3" << "OpenBLAS (pthread)";
    QTest::newRow("debian openblas openmp") << lib + "openblas-openmp/libblas.so.3" << "OpenBLAS (openmp)";
    QTest::newRow("openblas itself") << lib + "openblas-pthread/libopenblasp-r0.3.21.so" << "OpenBLAS (pthread)";
    QTest::newRow("openblas plain") << "/opt/OpenBLAS/lib/libopenblas.so.0" << "OpenBLAS";
    QTest::newRow("reference") << lib + "blas/libblas.so.3.11.0" << "reference BLAS";
    QTest::newRow("blis") << lib + "blis-openmp/libblas.so.3" << "BLIS (openmp)";
    QTest::newRow("mkl") << "/opt/intel/oneapi/mkl/latest/lib/libmkl_rt.so.2" << "MKL";
    QTest::newRow("flexiblas") << lib + "libflexiblas.so.3.3" << "FlexiBLAS";
    QTest::newRow("atlas") << lib + "atlas/libblas.so.3" << "ATLAS";
    QTest::newRow("not a blas") << "/home/mkl/lib/libtorch_cpu.so" << "";
}

void TestRunTraining::blasNames()
{
    QFETCH(QString, path);
    QFETCH(QString, family);
    QCOMPARE(QString::fromStdString(ys::blasFamily(path.toStdString())), family);
}

QTEST_GUILESS_MAIN(TestRunTraining)
#include "test_run_training.moc"
