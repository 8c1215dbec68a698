// readRun and listRuns on run folders written by hand: each status, the summary a Runs list shows, an
// Ultralytics run, cut and broken files (each reported with file and line), a fuzz of mutated files; and the
// folder's bytes are the same after every read.
#include "run/lines.h"
#include "run/reader.h"
#include "run/runlock.h"
#include "runfixtures.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>

using ys::EventKind;
using ys::RunStatus;

class TestReader final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void finishedRunSummary();
    void peakIsTheRunsOwn();
    void statusFromTheLastSession_data();
    void statusFromTheLastSession();
    void runningWhileLocked();
    void notARun();
    void ultralyticsRun();
    void realUltralyticsFolder();
    void ultralyticsStatus_data();
    void ultralyticsStatus();
    void cutLastLines();
    void badFilesAreReported_data();
    void badFilesAreReported();
    void metricsRoundTrip();
    void bestEpochByTheRunsRelease_data();
    void bestEpochByTheRunsRelease();
    void environmentRoundTrip();
    void environmentFields();
    void fuzzedFilesNeverCrash();
    void listRunsFindsNestedAndForeign();
};

namespace {

// Reads the folder and checks that reading changed none of its bytes (and added no file).
ys::RunRecord readUnchanged(const QString& dir)
{
    const auto before = ys::test::hashTree(dir);
    auto rec = ys::readRun(dir.toStdString());
    const auto after = ys::test::hashTree(dir);
    if (before != after)
        qFatal("readRun changed the folder %s", qPrintable(dir));
    if (!rec)
        qFatal("readRun failed: %s", rec.error().toString().c_str());
    return std::move(*rec);
}

QStringList problemCodes(const ys::RunRecord& r)
{
    QStringList codes;
    for (const auto& p : r.problems)
        codes << QString::fromStdString(p.code);
    return codes;
}

const ys::Error* problemIn(const ys::RunRecord& r, const QString& file)
{
    for (const auto& p : r.problems)
        if (QString::fromStdString(p.file).endsWith(file))
            return &p;
    return nullptr;
}

}  // namespace

void TestReader::finishedRunSummary()
{
    QTemporaryDir tmp;
    ys::test::FakeRun f;
    f.kinds = {EventKind::Start, EventKind::Best, EventKind::Best, EventKind::Finish};
    const QString dir = ys::test::writeFakeRun(tmp.filePath("exp"), f);
    QVERIFY(ys::test::writeText(dir + "/check.json", "{}"));
    QVERIFY(ys::test::writeText(dir + "/fit.json", "{\"recommended\":{\"batch\":12}}"));
    const ys::RunRecord r = readUnchanged(dir);
    QVERIFY2(r.problems.empty(), r.problems.empty() ? "" : r.problems.front().toString().c_str());
    QCOMPARE(r.status, RunStatus::Finished);
    QCOMPARE(r.origin, ys::RunOrigin::Studio);
    QVERIFY(!r.resumable);
    QCOMPARE(QString::fromStdString(r.dir), QDir(dir).absolutePath());
    QCOMPARE(r.rows.size(), size_t(3));
    QCOMPARE(r.events.size(), size_t(4));
    QCOMPARE(r.memory.size(), size_t(5));
    QVERIFY(r.hasArgs && r.hasCheck);
    QVERIFY(!r.fitJson.empty());
    QVERIFY(r.last.present && r.best.present);
    QCOMPARE(r.last.bytes, int64_t(1234));
    QVERIFY(r.last.modified > 0);
    QVERIFY(!r.lock);
    QVERIFY(!r.environment);   // no environment.json: a run from before it was written

    const ys::RunSummary& s = r.summary;
    QCOMPARE(QString::fromStdString(s.name), QString("exp"));
    QCOMPARE(QString::fromStdString(s.dataset), QString("/data/shapes/data.yaml"));
    QCOMPARE(QString::fromStdString(s.model), QString("yolov8s.yaml"));
    QCOMPARE(s.epochsDone, 3);
    QCOMPARE(s.epochsTotal, 3);
    QCOMPARE(s.bestEpoch, 3);
    QCOMPARE(s.bestMap50, 0.6);
    QCOMPARE(s.bestMap50_95, 0.3);
    QCOMPARE(s.wallSeconds, 31.0);          // the finish event, after the last row (30 s)
    QCOMPARE(s.peakMemory, int64_t(9000));  // the window peak between samples
    QCOMPARE(QString::fromStdString(s.device), QString("cpu"));
    QCOMPARE(s.batch, 12);                  // the start event's batch, not args.yaml's 16
    QCOMPARE(s.imgsz, 320);
    QCOMPARE(s.startTime, 1.7e9);
}

// memory.csv's `peak` column is the allocator's running peak: a run written before the trainer reset it at
// the start carries an earlier run's peak in its first rows (exp3 showed exp2's 410.6 MiB). The run's peak is
// the highest window peak of its own samples.
void TestReader::peakIsTheRunsOwn()
{
    QTemporaryDir tmp;
    const QString dir = ys::test::writeFakeRun(tmp.filePath("exp3"));
    constexpr int64_t kMiB = 1024 * 1024;
    std::string text = std::string(ys::memory::sampleCsvHeader()) + "\n";
    for (int i = 0; i < 4; ++i) {
        ys::memory::MemorySample s;
        s.time = i;
        s.phase = ys::memory::Phase::TrainStep;
        s.allocated = (100 + 10 * i) * kMiB;
        s.windowPeak = (150 + 10 * i) * kMiB;          // the run's own: 180 MiB at most
        s.peak = i == 0 ? 410 * kMiB : s.windowPeak;   // the first row: the process's peak before the run
        text += ys::memory::formatSampleRow(s) + "\n";
    }
    QVERIFY(ys::test::writeText(dir + "/memory.csv", text));
    const ys::RunRecord r = readUnchanged(dir);
    QCOMPARE(r.memory.size(), size_t(4));
    QCOMPARE(r.summary.peakMemory, 180 * kMiB);
    QCOMPARE(ys::memory::ownPeak(r.memory), 180 * kMiB);
}

void TestReader::statusFromTheLastSession_data()
{
    QTest::addColumn<QList<int>>("kinds");
    QTest::addColumn<int>("epochsDone");
    QTest::addColumn<bool>("lastPt");
    QTest::addColumn<bool>("deadLock");
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("resumable");
    using K = EventKind;
    auto ks = [](std::initializer_list<K> l) {
        QList<int> out;
        for (K k : l)
            out << int(k);
        return out;
    };
    QTest::newRow("stopped") << ks({K::Start, K::Stopped, K::Finish}) << 2 << true << false << int(RunStatus::StoppedByUser) << true;
    QTest::newRow("early stop") << ks({K::Start, K::EarlyStop, K::Finish}) << 2 << true << false << int(RunStatus::StoppedEarly) << false;
    QTest::newRow("killed") << ks({K::Start, K::Best}) << 2 << true << true << int(RunStatus::Interrupted) << true;
    QTest::newRow("killed, no lock file") << ks({K::Start}) << 1 << true << false << int(RunStatus::Interrupted) << true;
    QTest::newRow("killed in epoch 1") << ks({K::Start}) << 0 << false << true << int(RunStatus::Interrupted) << false;
    QTest::newRow("failed") << ks({K::Start, K::Error}) << 2 << true << false << int(RunStatus::Failed) << true;
    QTest::newRow("failed in setup") << ks({K::Error}) << 0 << false << false << int(RunStatus::Failed) << false;
    QTest::newRow("stopped, resumed, killed") << ks({K::Start, K::Stopped, K::Finish, K::Resume, K::OomRecovered}) << 2
                                              << true << true << int(RunStatus::Interrupted) << true;
    QTest::newRow("failed, resumed, finished") << ks({K::Start, K::Error, K::Resume, K::Finish}) << 3 << true << false
                                               << int(RunStatus::Finished) << false;
}

void TestReader::statusFromTheLastSession()
{
    QFETCH(QList<int>, kinds);
    QFETCH(int, epochsDone);
    QFETCH(bool, lastPt);
    QFETCH(bool, deadLock);
    QFETCH(int, status);
    QFETCH(bool, resumable);
    QTemporaryDir tmp;
    ys::test::FakeRun f;
    f.epochsTotal = 3;
    f.epochsDone = epochsDone;
    f.lastPt = lastPt;
    f.kinds.clear();
    for (int k : kinds)
        f.kinds.push_back(EventKind(k));
    const QString dir = ys::test::writeFakeRun(tmp.filePath("exp"), f);
    if (deadLock)
        ys::test::writeDeadLock(dir);
    const ys::RunRecord r = readUnchanged(dir);
    QCOMPARE(QString(ys::toString(r.status)), QString(ys::toString(RunStatus(status))));
    QCOMPARE(r.resumable, resumable);
    QCOMPARE(bool(r.lock), deadLock);
    if (deadLock)
        QVERIFY(!r.lock->live);
    QVERIFY2(r.problems.empty(), r.problems.empty() ? "" : r.problems.front().toString().c_str());
}

void TestReader::runningWhileLocked()
{
    QTemporaryDir tmp;
    ys::test::FakeRun f;
    f.kinds = {EventKind::Start};
    f.epochsDone = 1;
    const QString dir = ys::test::writeFakeRun(tmp.filePath("exp"), f);
    {
        auto lock = ys::RunLock::acquire(dir.toStdString());
        QVERIFY(lock.ok());
        const ys::RunRecord r = readUnchanged(dir);
        QCOMPARE(r.status, RunStatus::Running);
        QVERIFY(!r.resumable);
        QVERIFY(r.lock && r.lock->live);
        QCOMPARE(r.lock->pid, long(::getpid()));
        QVERIFY(r.lock->started > 1.6e9);
    }
    QCOMPARE(readUnchanged(dir).status, RunStatus::Interrupted);
}

void TestReader::notARun()
{
    QTemporaryDir tmp;
    QDir().mkpath(tmp.filePath("empty"));
    QCOMPARE(readUnchanged(tmp.filePath("empty")).status, RunStatus::NotARun);
    QVERIFY(ys::test::writeText(tmp.filePath("photos/a.jpg"), "not really"));
    QCOMPARE(readUnchanged(tmp.filePath("photos")).status, RunStatus::NotARun);
    auto missing = ys::readRun(tmp.filePath("nothing").toStdString());
    QVERIFY(!missing);
    QCOMPARE(QString::fromStdString(missing.error().code), QString("run.not_found"));
    auto file = ys::readRun(tmp.filePath("photos/a.jpg").toStdString());
    QVERIFY(!file);
}

void TestReader::ultralyticsRun()
{
    QTemporaryDir tmp;
    for (bool padded : {false, true}) {
        const QString dir = ys::test::writeUltralyticsRun(tmp.filePath(padded ? "train2" : "train"), 3, 3, 100, padded);
        const ys::RunRecord r = readUnchanged(dir);
        QVERIFY2(r.problems.empty(), r.problems.empty() ? "" : r.problems.front().toString().c_str());
        QCOMPARE(r.origin, ys::RunOrigin::Ultralytics);
        QCOMPARE(r.status, RunStatus::Finished);
        QCOMPARE(r.rows.size(), size_t(3));
        QCOMPARE(r.rows[1].epoch, 2);
        QCOMPARE(r.rows[2].time, 94.2477);
        QCOMPARE(r.rows[2].map50_95, 0.3);
        QCOMPARE(r.rows[0].lr[2], 0.000333);
        QCOMPARE(r.summary.bestEpoch, 3);
        QCOMPARE(QString::fromStdString(r.summary.model), QString("yolov8n.pt"));
        QCOMPARE(r.summary.imgsz, 640);
        QCOMPARE(r.summary.batch, 16);
        QVERIFY(r.summary.startTime > 1.6e9);   // from the files' times: Ultralytics writes no events
        QVERIFY(r.args.amp == "auto");          // amp: true
        for (const char* key : {"task", "mode", "save_dir", "pretrained"})
            QVERIFY2(std::find(r.unknownArgs.begin(), r.unknownArgs.end(), key) != r.unknownArgs.end(), key);
        QVERIFY(r.events.empty() && r.memory.empty() && !r.metrics);
    }
}

void TestReader::realUltralyticsFolder()
{
    // args.yaml and results.csv as Ultralytics 8.3.112 wrote them (2 epochs of yolov8n at imgsz 64 on the
    // demo dataset); its weights (6 MB each) are replaced by stand-ins.
    QTemporaryDir tmp;
    const QString dir = tmp.filePath("train");
    std::filesystem::copy(std::string(YS_RUN_TEST_DATA "/ultralytics-8.3.112-train"), dir.toStdString(),
                          std::filesystem::copy_options::recursive);
    QVERIFY(ys::test::writeText(dir + "/weights/last.pt", "PK"));
    QVERIFY(ys::test::writeText(dir + "/weights/best.pt", "PK"));
    const ys::RunRecord r = readUnchanged(dir);
    QVERIFY2(r.problems.empty(), r.problems.empty() ? "" : r.problems.front().toString().c_str());
    QCOMPARE(r.origin, ys::RunOrigin::Ultralytics);
    QCOMPARE(r.status, RunStatus::Finished);
    QVERIFY(!r.resumable);
    QCOMPARE(r.rows.size(), size_t(2));
    QCOMPARE(r.rows[1].epoch, 2);
    QCOMPARE(r.rows[1].time, 36.9895);
    QCOMPARE(r.rows[1].valCls, 2.5664);
    QCOMPARE(r.rows[1].lr[0], 8.41583e-05);
    QCOMPARE(r.summary.epochsDone, 2);
    QCOMPARE(r.summary.epochsTotal, 2);
    QCOMPARE(r.summary.imgsz, 64);
    QCOMPARE(r.summary.batch, 8);
    QCOMPARE(QString::fromStdString(r.summary.device), QString("cpu"));
    QCOMPARE(QString::fromStdString(r.summary.model), QString("yolov8n.yaml"));
    QCOMPARE(r.args.fraction, 0.25);
    QCOMPARE(r.args.amp, std::string("off"));
    QCOMPARE(r.args.metrics, std::string("8.3"));   // 8.3's args.yaml: its figures are 8.3's
    QCOMPARE(r.rows[1].fitness, 0.1 * r.rows[1].map50 + 0.9 * r.rows[1].map50_95);
    for (const char* key : {"task", "mode", "time", "pose", "kobj", "tracker", "save_dir", "copy_paste_mode"})
        QVERIFY2(std::find(r.unknownArgs.begin(), r.unknownArgs.end(), key) != r.unknownArgs.end(), key);
}

void TestReader::ultralyticsStatus_data()
{
    QTest::addColumn<int>("done");
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("patience");
    QTest::addColumn<int>("status");
    QTest::newRow("all epochs") << 4 << 4 << 100 << int(RunStatus::Finished);
    QTest::newRow("cut short") << 2 << 10 << 100 << int(RunStatus::Interrupted);
    // Best at epoch 3; Ultralytics stops when epoch - best >= patience.
    QTest::newRow("patience ran out") << 5 << 10 << 2 << int(RunStatus::StoppedEarly);
    QTest::newRow("patience left") << 4 << 10 << 2 << int(RunStatus::Interrupted);
}

void TestReader::ultralyticsStatus()
{
    QFETCH(int, done);
    QFETCH(int, total);
    QFETCH(int, patience);
    QFETCH(int, status);
    QTemporaryDir tmp;
    const QString dir = ys::test::writeUltralyticsRun(tmp.filePath("train"), done, total, patience);
    const ys::RunRecord r = readUnchanged(dir);
    QCOMPARE(QString(ys::toString(r.status)), QString(ys::toString(RunStatus(status))));
    QVERIFY(!r.resumable);   // this trainer does not resume Ultralytics checkpoints
}

void TestReader::cutLastLines()
{
    QTemporaryDir tmp;
    ys::test::FakeRun f;
    f.kinds = {EventKind::Start, EventKind::Best};
    f.epochsDone = 2;
    f.epochsTotal = 5;
    const QString dir = ys::test::writeFakeRun(tmp.filePath("exp"), f);
    {
        QFile ev(dir + "/events.jsonl");
        QVERIFY(ev.open(QIODevice::Append));
        ev.write("{\"kind\":\"oom_recov");   // a kill in the middle of a line
    }
    {
        QFile csv(dir + "/results.csv");   // Ultralytics appends rows: a kill can cut one
        QVERIFY(csv.open(QIODevice::Append));
        csv.write("3,30.0,1.2,0.8");
    }
    const ys::RunRecord r = readUnchanged(dir);
    QCOMPARE(r.status, RunStatus::Interrupted);
    QVERIFY(r.resumable);
    QCOMPARE(r.events.size(), size_t(2));
    QCOMPARE(r.rows.size(), size_t(2));
    QCOMPARE(r.summary.epochsDone, 2);
    const ys::Error* ev = problemIn(r, "events.jsonl");
    QVERIFY(ev);
    QCOMPARE(QString::fromStdString(ev->code), QString("run.cut_line"));
    QCOMPARE(ev->line, 3);
    const ys::Error* csv = problemIn(r, "results.csv");
    QVERIFY(csv);
    QCOMPARE(csv->line, 4);
}

void TestReader::badFilesAreReported_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("line");
    QTest::newRow("empty results") << "results.csv" << QByteArray() << "run.empty_file" << 0;
    QTest::newRow("foreign csv") << "results.csv" << QByteArray("name,score\na,1\n") << "run.results_header" << 1;
    QTest::newRow("csv non-number") << "results.csv" << QByteArray("epoch,time\n1,2\n2,abc\n") << "run.results_row" << 3;
    QTest::newRow("csv columns") << "results.csv" << QByteArray("epoch,time\n1,2,3\n") << "run.results_row" << 2;
    QTest::newRow("csv epoch 0") << "results.csv" << QByteArray("epoch,time\n0,2\n") << "run.results_row" << 2;
    QTest::newRow("empty events") << "events.jsonl" << QByteArray() << "run.empty_file" << 0;
    QTest::newRow("events not json") << "events.jsonl" << QByteArray("{\"kind\":\"start\"}\nhello\n") << "run.events_line" << 2;
    QTest::newRow("events array") << "events.jsonl" << QByteArray("[1,2]\n") << "run.events_line" << 1;
    QTest::newRow("events no kind") << "events.jsonl" << QByteArray("{\"message\":\"x\"}\n") << "run.events_line" << 1;
    QTest::newRow("events unknown kind") << "events.jsonl" << QByteArray("{\"kind\":\"teleported\"}\n") << "run.events_kind" << 1;
    QTest::newRow("events deep") << "events.jsonl" << (QByteArray("{\"kind\":\"start\",\"details\":") + QByteArray(5000, '[') + "\n")
                                 << "run.events_line" << 1;
    QTest::newRow("memory header") << "memory.csv" << QByteArray("t,a\n1,2\n") << "run.memory_header" << 1;
    QTest::newRow("memory row") << "memory.csv" << QByteArray("time_s,phase,allocated,reserved,peak,window_peak\n1,warp,1,2,3,4\n")
                                << "run.memory_row" << 2;
    QTest::newRow("metrics garbage") << "metrics.json" << QByteArray("{\"classes\": [1]}") << "run.metrics" << 0;
    QTest::newRow("environment not an object") << "environment.json" << QByteArray("[\"cpu\"]") << "run.environment" << 0;
    QTest::newRow("environment wrong type") << "environment.json" << QByteArray("{\"cpu_cores\": \"four\"}")
                                            << "run.environment" << 0;
    QTest::newRow("environment gpu entry") << "environment.json" << QByteArray("{\"gpus\": [\"RTX\"]}") << "run.environment" << 0;
    QTest::newRow("fit garbage") << "fit.json" << QByteArray("{\"batch\": ") << "run.fit" << 0;
    QTest::newRow("args bad value") << "args.yaml" << QByteArray("epochs: 10\nlr0: fast\n") << "config.lr0" << 2;
    QTest::newRow("args syntax") << "args.yaml" << QByteArray("epochs: [10\n") << "yaml.syntax" << 2;
    QTest::newRow("lock garbage") << "train.lock" << QByteArray("\x01\x02") << "run.lock" << 0;
}

void TestReader::badFilesAreReported()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, code);
    QFETCH(int, line);
    QTemporaryDir tmp;
    ys::test::FakeRun f;
    f.kinds = {EventKind::Start, EventKind::Finish};
    const QString dir = ys::test::writeFakeRun(tmp.filePath("exp"), f);
    QVERIFY(ys::test::writeText(dir + "/" + file, content.toStdString()));
    const ys::RunRecord r = readUnchanged(dir);
    QVERIFY2(problemCodes(r).contains(code), qPrintable(problemCodes(r).join(", ")));
    const ys::Error* p = problemIn(r, file);
    QVERIFY(p);
    QCOMPARE(QString::fromStdString(p->code), code);
    QCOMPARE(p->line, line);
    QVERIFY(!p->message.empty());
    QVERIFY(r.status != RunStatus::NotARun);
}

void TestReader::metricsRoundTrip()
{
    ys::RunMetrics m;
    m.epoch = 7;
    m.fitness = 0.42;
    m.names = {"cat", "dog \"the\" good"};
    m.metrics.precision = 0.5;
    m.metrics.recall = 0.25;
    m.metrics.map50 = 0.6;
    m.metrics.map50_95 = 0.4;
    ys::ClassMetrics c;
    c.cls = 1;
    c.images = 3;
    c.instances = 9;
    c.precision = 0.7;
    c.recall = 0.3;
    c.ap50 = 0.8;
    c.ap50_95 = 0.45;
    c.pr50.assign(ys::kPrCurvePoints, 0.5);
    c.pr50[0] = 1.0;
    m.metrics.perClass = {c};
    m.metrics.confusion = {{1, 0, 2}, {0, 5, 1}, {3, 0, 0}};
    auto back = ys::metricsFromJson(ys::metricsToJson(m), "metrics.json");
    QVERIFY(back.ok());
    QCOMPARE(back->epoch, 7);
    QCOMPARE(back->fitness, 0.42);
    QCOMPARE(back->names, m.names);
    QCOMPARE(back->metrics.map50_95, 0.4);
    QCOMPARE(back->metrics.perClass.size(), size_t(1));
    QCOMPARE(back->metrics.perClass[0].cls, 1);
    QCOMPARE(back->metrics.perClass[0].instances, int64_t(9));
    QCOMPARE(back->metrics.perClass[0].ap50_95, 0.45);
    QCOMPARE(back->metrics.confusion, m.metrics.confusion);
    QCOMPARE(back->metrics.perClass[0].pr50, c.pr50);
    // The release goes with the figures; a file written before it was recorded holds 8.3's.
    QCOMPARE(back->metrics.version, ys::MetricsVersion::Ultralytics84);
    m.metrics.version = ys::MetricsVersion::Ultralytics83;
    std::string text83 = ys::metricsToJson(m);
    QVERIFY(text83.find("\"metrics\": \"8.3\"") != std::string::npos);
    QVERIFY(text83.find("0.1 * mAP50 + 0.9 * mAP50-95") != std::string::npos);
    QCOMPARE(ys::metricsFromJson(text83, "metrics.json")->metrics.version, ys::MetricsVersion::Ultralytics83);
    text83.replace(text83.find("\"metrics\": \"8.3\""), 16, "\"release\": \"x\"");
    QCOMPARE(ys::metricsFromJson(text83, "metrics.json")->metrics.version, ys::MetricsVersion::Ultralytics83);
    std::string text84 = ys::metricsToJson(*back);
    text84.replace(text84.find("\"metrics\": \"8.4\""), 16, "\"release\": \"x\"");
    QCOMPARE(ys::metricsFromJson(text84, "metrics.json")->metrics.version, ys::MetricsVersion::Ultralytics83);
    // A curve of the wrong length is a problem named after the file, not a chart with a hole.
    std::string shortCurve = ys::metricsToJson(m);
    shortCurve.replace(shortCurve.find("\"pr50\": ["), 10, "\"pr50\": [0.5, ");
    const auto bad = ys::metricsFromJson(shortCurve, "metrics.json");
    QVERIFY(!bad.ok());
    QVERIFY2(bad.error().message.find("pr50") != std::string::npos, bad.error().message.c_str());
    QVERIFY(!ys::metricsFromJson("[]", "m.json"));
    QCOMPARE(QString::fromStdString(ys::metricsFromJson("nope", "m.json").error().file), QString("m.json"));
}

void TestReader::bestEpochByTheRunsRelease_data()
{
    // The args.yaml line that tells the release, and the best epoch by its fitness: epoch 1 has the higher
    // mAP50 (0.9 against 0.5), epoch 2 the higher mAP50-95 (0.31 against 0.30). 8.3: 0.36 against 0.329 -> 1;
    // 8.4 (mAP50-95 alone) -> 2.
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("release");
    QTest::addColumn<int>("best");
    QTest::newRow("studio 8.4") << "metrics: 8.4" << "8.4" << 2;
    QTest::newRow("studio 8.3") << "metrics: '8.3'" << "8.3" << 1;
    QTest::newRow("ultralytics 8.4") << "quantize: null" << "8.4" << 2;
    QTest::newRow("ultralytics 8.4 cls_pw") << "cls_pw: 0.0" << "8.4" << 2;
    QTest::newRow("ultralytics 8.3, or a studio run before the key") << "half: false" << "8.3" << 1;
}

void TestReader::bestEpochByTheRunsRelease()
{
    QFETCH(QString, line);
    QFETCH(QString, release);
    QFETCH(int, best);
    QTemporaryDir tmp;
    const QString dir = ys::test::writeUltralyticsRun(tmp.filePath("train"), 2, 2);
    QFile args(dir + "/args.yaml");
    QVERIFY(args.open(QIODevice::Append));
    args.write((line + "\n").toUtf8());
    args.close();
    QVERIFY(ys::test::writeText(dir + "/results.csv",
                                "epoch,time,metrics/precision(B),metrics/recall(B),metrics/mAP50(B),metrics/mAP50-95(B)\n"
                                "1,10,0.5,0.5,0.9,0.30\n2,20,0.5,0.5,0.5,0.31\n"));
    QFile back(dir + "/args.yaml");
    QVERIFY(back.open(QIODevice::ReadOnly));
    QCOMPARE(QString(ys::metricsVersionName(ys::runMetricsVersion(back.readAll().toStdString()))), release);
    const ys::RunRecord r = readUnchanged(dir);
    QCOMPARE(QString::fromStdString(r.args.metrics), release);
    QCOMPARE(r.summary.bestEpoch, best);
    // The tail that follows a live run picks the same epoch.
    ys::RunTail tail(dir.toStdString());
    const ys::RunTailUpdate u = tail.poll();
    QCOMPARE(u.rows.size(), size_t(2));
    QCOMPARE(u.rows[0].fitness > u.rows[1].fitness, best == 1);
}

namespace {

// Every field set to a value unlike its default.
ys::EnvironmentInfo fullEnvironment()
{
    ys::EnvironmentInfo e;
    e.os = "Debian GNU/Linux 12 (bookworm); Linux 6.1.0-18-amd64 x86_64";
    e.host = "工作站 \"lab\"";
    e.cpu = "AMD Ryzen 9 7950X 16-Core Processor";
    e.cpuCores = 32;
    e.ramBytes = int64_t(64) << 30;
    e.gpus = {{"NVIDIA GeForce RTX 3060", int64_t(12) << 30, 8, 6}, {"NVIDIA GeForce RTX 4090", int64_t(24) << 30, 8, 9}};
    e.nvidiaDriver = "535.104.05";
    e.cuda = "12.1";
    e.cudnn = "8.9.2";
    e.libtorch = "1.13.1";
    e.blas = "OpenBLAS (pthread) /usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3";
    e.opencv = "4.6.0";
    e.app = "0.1.0";
    e.qt = "6.4.2";
    e.compiler = "GCC 12.2.0";
    e.device = "cuda:1";
    e.intraOpThreads = 6;
    e.loaderWorkers = 3;
    e.wallTime = 1.7e9 + 0.25;
    return e;
}

}  // namespace

void TestReader::environmentRoundTrip()
{
    QTemporaryDir tmp;
    ys::test::FakeRun f;
    f.kinds = {EventKind::Start, EventKind::Finish};
    const QString dir = ys::test::writeFakeRun(tmp.filePath("exp"), f);
    const ys::EnvironmentInfo e = fullEnvironment();
    QVERIFY(ys::test::writeText(dir + "/environment.json", ys::environmentToJson(e)));
    const ys::RunRecord r = readUnchanged(dir);
    QVERIFY2(r.problems.empty(), r.problems.empty() ? "" : r.problems.front().toString().c_str());
    QVERIFY(r.environment);
    const ys::EnvironmentInfo& b = *r.environment;
    QCOMPARE(b.os, e.os);
    QCOMPARE(b.host, e.host);
    QCOMPARE(b.cpu, e.cpu);
    QCOMPARE(b.cpuCores, 32);
    QCOMPARE(b.ramBytes, int64_t(64) << 30);
    QCOMPARE(b.gpus.size(), size_t(2));
    for (size_t i = 0; i < 2; ++i) {
        QCOMPARE(b.gpus[i].name, e.gpus[i].name);
        QCOMPARE(b.gpus[i].totalBytes, e.gpus[i].totalBytes);
        QCOMPARE(b.gpus[i].computeMajor, e.gpus[i].computeMajor);
        QCOMPARE(b.gpus[i].computeMinor, e.gpus[i].computeMinor);
    }
    QCOMPARE(b.nvidiaDriver, e.nvidiaDriver);
    QCOMPARE(b.cuda, e.cuda);
    QCOMPARE(b.cudnn, e.cudnn);
    QCOMPARE(b.libtorch, e.libtorch);
    QCOMPARE(b.blas, e.blas);
    QCOMPARE(b.opencv, e.opencv);
    QCOMPARE(b.app, e.app);
    QCOMPARE(b.qt, e.qt);
    QCOMPARE(b.compiler, e.compiler);
    QCOMPARE(b.device, e.device);
    QCOMPARE(b.intraOpThreads, 6);
    QCOMPARE(b.loaderWorkers, 3);
    QCOMPARE(b.wallTime, e.wallTime);
}

void TestReader::environmentFields()
{
    // Missing keys keep their defaults, unknown ones are ignored, nulls read as absent.
    auto sparse = ys::environmentFromJson(R"({"libtorch": "1.13.0", "gpus": null, "future_key": [1, 2]})", "env.json");
    QVERIFY(sparse.ok());
    QCOMPARE(sparse->libtorch, std::string("1.13.0"));
    QVERIFY(sparse->gpus.empty() && sparse->cpu.empty() && sparse->cpuCores == 0 && sparse->wallTime == 0);
    // Out-of-range numbers are clamped, not wrapped.
    auto big = ys::environmentFromJson(R"({"cpu_cores": 1e300, "ram_bytes": -5})", "env.json");
    QVERIFY(big.ok());
    QVERIFY(big->cpuCores > 0);
    QCOMPARE(big->ramBytes, int64_t(0));
    // A wrongly typed value is an error that names the key and the file.
    auto bad = ys::environmentFromJson(R"({"os": "Linux", "gpus": [{"name": "RTX", "total_bytes": "12G"}]})", "env.json");
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().code), QString("run.environment"));
    QCOMPARE(QString::fromStdString(bad.error().file), QString("env.json"));
    QVERIFY2(bad.error().message.find("total_bytes") != std::string::npos, bad.error().message.c_str());
    QVERIFY(!ys::environmentFromJson("not json", "env.json"));
}

void TestReader::fuzzedFilesNeverCrash()
{
    QTemporaryDir tmp;
    ys::test::FakeRun f;
    f.kinds = {EventKind::Start, EventKind::Best, EventKind::OomRecovered, EventKind::Finish};
    const QString source = ys::test::writeFakeRun(tmp.filePath("source"), f);
    ys::RunMetrics m;
    m.names = {"a", "b"};
    m.metrics.confusion = {{1, 2, 0}, {0, 1, 0}, {0, 0, 0}};
    QVERIFY(ys::test::writeText(source + "/metrics.json", ys::metricsToJson(m)));
    QVERIFY(ys::test::writeText(source + "/fit.json", "{\"recommended\":{\"batch\":8}}"));
    QVERIFY(ys::test::writeText(source + "/environment.json", ys::environmentToJson(fullEnvironment())));
    const QStringList files{"args.yaml",    "results.csv", "events.jsonl",    "memory.csv",
                            "metrics.json", "fit.json",    "environment.json"};
    QHash<QString, QByteArray> original;
    for (const QString& name : files) {
        QFile in(source + "/" + name);
        QVERIFY(in.open(QIODevice::ReadOnly));
        original[name] = in.readAll();
    }
    QRandomGenerator rng(20240611);
    const QString dir = tmp.filePath("fuzz");
    int problems = 0;
    for (int round = 0; round < 250; ++round) {
        QDir(dir).removeRecursively();
        std::filesystem::copy(source.toStdString(), dir.toStdString(), std::filesystem::copy_options::recursive);
        // Mutate one or two files: truncate, flip bytes, insert random bytes, or replace with random bytes.
        for (int k = 0, n = 1 + int(rng.bounded(2)); k < n; ++k) {
            const QString name = files[int(rng.bounded(files.size()))];
            QByteArray bytes = original[name];
            switch (rng.bounded(4)) {
            case 0: bytes.truncate(int(rng.bounded(bytes.size() + 1))); break;
            case 1:
                for (int i = 0, flips = 1 + int(rng.bounded(8)); i < flips && !bytes.isEmpty(); ++i)
                    bytes[int(rng.bounded(bytes.size()))] = char(rng.bounded(256));
                break;
            case 2: {
                QByteArray noise(1 + int(rng.bounded(64)), '\0');
                for (char& ch : noise)
                    ch = char(rng.bounded(256));
                bytes.insert(int(rng.bounded(bytes.size() + 1)), noise);
                break;
            }
            default:
                bytes = QByteArray(int(rng.bounded(2048)), '\0');
                for (char& ch : bytes)
                    ch = char(rng.bounded(256));
            }
            QVERIFY(ys::test::writeText(dir + "/" + name, bytes.toStdString()));
        }
        const ys::RunRecord r = readUnchanged(dir);
        QVERIFY(r.status != RunStatus::Running && r.status != RunStatus::NotARun);
        for (const auto& p : r.problems) {
            QVERIFY(!p.code.empty() && !p.message.empty() && !p.file.empty());
            QVERIFY(p.line >= 0);
        }
        problems += int(r.problems.size());
        // The list of one file's problems is capped.
        for (const QString& name : files) {
            int inFile = 0;
            for (const auto& p : r.problems)
                inFile += QString::fromStdString(p.file).endsWith("/" + name);
            QVERIFY(inFile <= 21);
        }
    }
    QVERIFY(problems > 250);   // the mutations were noticed
}

void TestReader::listRunsFindsNestedAndForeign()
{
    QTemporaryDir tmp;
    const QString project = tmp.filePath("runs");
    ys::test::FakeRun older;
    older.startWall = 1.6e9;
    ys::test::FakeRun newer;
    newer.startWall = 1.65e9;
    ys::test::writeFakeRun(project + "/b_newer", newer);
    ys::test::writeFakeRun(project + "/a_older", older);
    ys::test::writeUltralyticsRun(project + "/detect/train", 2, 2);
    ys::test::writeUltralyticsRun(project + "/detect/train2", 1, 2);
    QVERIFY(ys::test::writeText(project + "/notes/readme.txt", "hello"));
    QVERIFY(ys::test::writeText(project + "/.cache/x", "hidden"));
    const auto before = ys::test::hashTree(project);
    auto list = ys::listRuns(project.toStdString());
    QCOMPARE(ys::test::hashTree(project), before);
    QVERIFY(list.ok());
    QStringList names;
    for (const auto& r : list->runs)
        names << QString::fromStdString(r.summary.name);
    QCOMPARE(names.size(), 4);
    // Ultralytics runs carry their files' times (now), after both studio runs' recorded starts.
    QCOMPARE(names.mid(0, 2), (QStringList{"a_older", "b_newer"}));
    QVERIFY(names.contains("train") && names.contains("train2"));
    for (const auto& r : list->runs)
        QVERIFY(r.rows.empty() && r.events.empty() && r.summary.epochsDone > 0);   // the list keeps summaries only
    QCOMPARE(list->foreign.size(), size_t(1));
    QVERIFY(QString::fromStdString(list->foreign[0].file).endsWith("/notes"));
    QCOMPARE(QString::fromStdString(list->foreign[0].code), QString("run.not_a_run"));

    QVERIFY(!ys::listRuns(tmp.filePath("none").toStdString()));
}

QTEST_GUILESS_MAIN(TestReader)
#include "test_reader.moc"
