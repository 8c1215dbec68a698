// RunTail follows a run another process writes: each complete line once, a half line only when it is
// complete, an atomic replace that keeps the start continues, one that changes it resets; truncation,
// a rewrite in place and deletion reset; the status follows the lock and the events.
#include "run/reader.h"
#include "run/runlock.h"
#include "runfixtures.h"
#include "testsupport.h"

#include "common/fileutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using ys::EventKind;
using ys::RunStatus;

class TestRunTail final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowsOfAnAtomicallyRewrittenCsv();
    void replacedWithADifferentStartResets();
    void halfLineWaitsForItsEnd();
    void truncationAndRewriteInPlaceReset();
    void deletionResets();
    void memoryRows();
    void everyRanksMemory();
    void statusFollowsLockAndEvents();
    void nothingNewIsNotAChange();
};

namespace {

void appendBytes(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

std::string eventLine(EventKind kind, int epoch)
{
    ys::TrainEvent e;
    e.kind = kind;
    e.epoch = epoch;
    e.message = "m";
    return ys::EventLog::toJson(e) + "\n";
}

}  // namespace

void TestRunTail::rowsOfAnAtomicallyRewrittenCsv()
{
    QTemporaryDir tmp;
    const std::string csvPath = tmp.filePath("results.csv").toStdString();
    ys::ResultsCsv csv(csvPath);
    ys::RunTail tail(tmp.path().toStdString());
    QVERIFY(!tail.poll().changed());   // nothing there yet
    QVERIFY(!csv.append(ys::test::fakeRow(1)));
    QVERIFY(!csv.append(ys::test::fakeRow(2)));
    auto u = tail.poll();
    QVERIFY(!u.rowsReset);
    QCOMPARE(u.rows.size(), size_t(2));
    QCOMPARE(u.rows[1].epoch, 2);
    // ResultsCsv rewrites the whole file atomically (a new inode) with one more row: only that row is new.
    QVERIFY(!csv.append(ys::test::fakeRow(3)));
    u = tail.poll();
    QVERIFY(!u.rowsReset);
    QCOMPARE(u.rows.size(), size_t(1));
    QCOMPARE(u.rows[0].epoch, 3);
    QVERIFY(u.problems.empty());
}

void TestRunTail::replacedWithADifferentStartResets()
{
    QTemporaryDir tmp;
    const std::string csvPath = tmp.filePath("results.csv").toStdString();
    ys::ResultsCsv csv(csvPath);
    for (int e = 1; e <= 3; ++e)
        QVERIFY(!csv.append(ys::test::fakeRow(e)));
    ys::RunTail tail(tmp.path().toStdString());
    QCOMPARE(tail.poll().rows.size(), size_t(3));
    // A resume from an older last.pt keeps epochs 1..2 and writes another epoch 3.
    ys::ResultsCsv resumed(csvPath);
    QVERIFY(!resumed.load(2));
    ys::EpochResult again = ys::test::fakeRow(3);
    again.map50 = 0.99;
    QVERIFY(!resumed.append(again));
    auto u = tail.poll();
    QVERIFY(u.rowsReset);
    QCOMPARE(u.rows.size(), size_t(3));   // the whole file again
    QCOMPARE(u.rows[2].map50, 0.99);
}

void TestRunTail::halfLineWaitsForItsEnd()
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath("events.jsonl");
    ys::RunTail tail(tmp.path().toStdString());
    const QByteArray line = QByteArray::fromStdString(eventLine(EventKind::Start, 0));
    appendBytes(path, line + line.left(10));
    auto u = tail.poll();
    QCOMPARE(u.events.size(), size_t(1));
    QVERIFY(u.problems.empty());
    QCOMPARE(tail.poll().events.size(), size_t(0));   // still half
    appendBytes(path, line.mid(10, 5));
    QCOMPARE(tail.poll().events.size(), size_t(0));
    appendBytes(path, line.mid(15));
    u = tail.poll();
    QVERIFY(!u.eventsReset);
    QCOMPARE(u.events.size(), size_t(1));
    QCOMPARE(u.events[0].kind, EventKind::Start);
    QVERIFY(u.problems.empty());
    // Windows line ends read the same.
    appendBytes(path, QByteArray::fromStdString(eventLine(EventKind::Best, 4)).replace("\n", "\r\n"));
    u = tail.poll();
    QCOMPARE(u.events.size(), size_t(1));
    QCOMPARE(u.events[0].epoch, 4);
}

void TestRunTail::truncationAndRewriteInPlaceReset()
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath("events.jsonl");
    ys::RunTail tail(tmp.path().toStdString());
    appendBytes(path, QByteArray::fromStdString(eventLine(EventKind::Start, 0) + eventLine(EventKind::Best, 1)));
    QCOMPARE(tail.poll().events.size(), size_t(2));

    // Truncated to a shorter file.
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray::fromStdString(eventLine(EventKind::Resume, 1)));
    }
    auto u = tail.poll();
    QVERIFY(u.eventsReset);
    QCOMPARE(u.events.size(), size_t(1));
    QCOMPARE(u.events[0].kind, EventKind::Resume);

    // Rewritten in place (same inode) to different bytes of a greater length.
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.write(QByteArray::fromStdString(eventLine(EventKind::Error, 7) + eventLine(EventKind::Finish, 7)));
    }
    u = tail.poll();
    QVERIFY(u.eventsReset);
    QCOMPARE(u.events.size(), size_t(2));
    QCOMPARE(u.events[0].kind, EventKind::Error);
    QCOMPARE(u.events[0].epoch, 7);
}

void TestRunTail::deletionResets()
{
    QTemporaryDir tmp;
    ys::ResultsCsv csv(tmp.filePath("results.csv").toStdString());
    QVERIFY(!csv.append(ys::test::fakeRow(1)));
    ys::RunTail tail(tmp.path().toStdString());
    QCOMPARE(tail.poll().rows.size(), size_t(1));
    QVERIFY(QFile::remove(tmp.filePath("results.csv")));
    auto u = tail.poll();
    QVERIFY(u.rowsReset);
    QVERIFY(u.rows.empty());
    QVERIFY(!tail.poll().changed());
    ys::ResultsCsv again(tmp.filePath("results.csv").toStdString());
    QVERIFY(!again.append(ys::test::fakeRow(1)));
    QVERIFY(!again.append(ys::test::fakeRow(2)));
    u = tail.poll();
    QVERIFY(!u.rowsReset);   // the reset was reported when it went away
    QCOMPARE(u.rows.size(), size_t(2));
}

void TestRunTail::memoryRows()
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath("memory.csv");
    ys::RunTail tail(tmp.path().toStdString());
    std::string text = std::string(ys::memory::sampleCsvHeader()) + "\n";
    ys::memory::MemorySample s;
    s.time = 1.5;
    s.phase = ys::memory::Phase::Checkpoint;
    s.allocated = 123;
    s.windowPeak = 456;
    text += ys::memory::formatSampleRow(s) + "\n";
    QVERIFY(!ys::writeFileAtomic(path.toStdString(), text));
    auto u = tail.poll();
    QCOMPARE(u.memory.size(), size_t(1));
    QCOMPARE(u.memory[0].phase, ys::memory::Phase::Checkpoint);
    QCOMPARE(u.memory[0].windowPeak, int64_t(456));
    s.time = 2.5;
    s.phase = ys::memory::Phase::TrainStep;
    text += ys::memory::formatSampleRow(s) + "\n";
    QVERIFY(!ys::writeFileAtomic(path.toStdString(), text));
    u = tail.poll();
    QVERIFY(!u.memoryReset);
    QCOMPARE(u.memory.size(), size_t(1));
    QCOMPARE(u.memory[0].time, 2.5);
}

// A data-parallel run: rank 0 writes memory.csv and memory_rank1.csv, memory_rank2.csv, ... (memoryCsvName).
// readRun and RunTail give every rank's samples with their rank; a rank file that appears later is followed,
// and one that starts over gives every rank's series again.
void TestRunTail::everyRanksMemory()
{
    QTemporaryDir tmp;
    const QString dir = ys::test::writeFakeRun(tmp.filePath("exp"));
    auto file = [&](int rank) { return (dir + "/" + QString::fromStdString(ys::memory::memoryCsvName(rank))).toStdString(); };
    QCOMPARE(QString::fromStdString(ys::memory::memoryCsvName(2)), QStringLiteral("memory_rank2.csv"));
    QVERIFY(!ys::writeFileAtomic(file(0), ys::test::memoryCsv(2, 100)));
    QVERIFY(!ys::writeFileAtomic(file(1), ys::test::memoryCsv(2, 1000)));

    auto rec = ys::readRun(dir.toStdString());
    QVERIFY(rec.ok());
    QCOMPARE(rec->memory.size(), size_t(2));
    QCOMPARE(rec->memory[1].rank, 0);
    QCOMPARE(rec->rankMemory.size(), size_t(2));
    QCOMPARE(rec->rankMemory[0].rank, 1);
    QCOMPARE(rec->rankMemory[1].allocated, int64_t(2000));
    QVERIFY2(rec->problems.empty(), rec->problems.empty() ? "" : rec->problems.front().toString().c_str());

    ys::RunTail tail(dir.toStdString());
    auto u = tail.poll();
    QCOMPARE(u.memory.size(), size_t(2));
    QCOMPARE(u.rankMemory.size(), size_t(2));
    QVERIFY(!u.rankMemoryReset);
    // The next epoch: every file rewritten atomically with one more row, and a third rank's file appears.
    QVERIFY(!ys::writeFileAtomic(file(0), ys::test::memoryCsv(3, 100)));
    QVERIFY(!ys::writeFileAtomic(file(1), ys::test::memoryCsv(3, 1000)));
    QVERIFY(!ys::writeFileAtomic(file(2), ys::test::memoryCsv(3, 10000)));
    u = tail.poll();
    QVERIFY(!u.memoryReset);
    QVERIFY(!u.rankMemoryReset);
    QCOMPARE(u.memory.size(), size_t(1));
    QCOMPARE(u.rankMemory.size(), size_t(4));   // rank 1's third sample, rank 2's three
    QCOMPARE(u.rankMemory[0].rank, 1);
    QCOMPARE(u.rankMemory[0].time, 3.0);
    QCOMPARE(u.rankMemory[1].rank, 2);
    QCOMPARE(u.rankMemory[3].allocated, int64_t(30000));
    QVERIFY(!tail.poll().changed());
    // Rank 2's series thinned (a long run keeps every other sample): its file starts differently now.
    std::string thinned = std::string(ys::memory::sampleCsvHeader()) + "\n";
    ys::memory::MemorySample s;
    s.time = 2;
    s.rank = 2;
    s.allocated = 7;
    thinned += ys::memory::formatSampleRow(s) + "\n";
    QVERIFY(!ys::writeFileAtomic(file(2), thinned));
    u = tail.poll();
    QVERIFY(u.rankMemoryReset);
    QVERIFY(!u.memoryReset);
    QVERIFY(u.memory.empty());
    QCOMPARE(u.rankMemory.size(), size_t(4));   // rank 1's three again, rank 2's one
    QCOMPARE(u.rankMemory[3].rank, 2);
    QCOMPARE(u.rankMemory[3].allocated, int64_t(7));
}

void TestRunTail::statusFollowsLockAndEvents()
{
    QTemporaryDir tmp;
    ys::test::FakeRun f;
    f.kinds = {EventKind::Start};
    f.epochsDone = 1;
    f.epochsTotal = 3;
    const QString dir = ys::test::writeFakeRun(tmp.filePath("exp"), f);
    ys::RunTail tail(dir.toStdString());
    {
        auto lock = ys::RunLock::acquire(dir.toStdString());
        QVERIFY(lock.ok());
        QCOMPARE(tail.poll().status, RunStatus::Running);
        appendBytes(dir + "/events.jsonl", QByteArray::fromStdString(eventLine(EventKind::Stopped, 2)));
        QCOMPARE(tail.poll().status, RunStatus::Running);   // the lock decides while it is held
    }
    QCOMPARE(tail.poll().status, RunStatus::StoppedByUser);
    appendBytes(dir + "/events.jsonl", QByteArray::fromStdString(eventLine(EventKind::Resume, 2)));
    QCOMPARE(tail.poll().status, RunStatus::Interrupted);
    appendBytes(dir + "/events.jsonl", QByteArray::fromStdString(eventLine(EventKind::Finish, 3)));
    QCOMPARE(tail.poll().status, RunStatus::Finished);
}

void TestRunTail::nothingNewIsNotAChange()
{
    QTemporaryDir tmp;
    const QString dir = ys::test::writeFakeRun(tmp.filePath("exp"));
    ys::RunTail tail(dir.toStdString());
    auto u = tail.poll();
    QVERIFY(u.changed());
    QCOMPARE(u.rows.size(), size_t(3));
    QCOMPARE(u.status, RunStatus::Finished);
    for (int i = 0; i < 3; ++i)
        QVERIFY(!tail.poll().changed());
    ys::RunTail moved = std::move(tail);   // the GUI keeps tails in containers
    QVERIFY(!moved.poll().changed());
    QCOMPARE(QString::fromStdString(moved.dir()), dir);
}

QTEST_GUILESS_MAIN(TestRunTail)
#include "test_runtail.moc"
