// train.lock: held while a writer lives, refused to a second writer, judged dead when its process is gone,
// its pid was reused, the machine rebooted, or (another host) the run stopped changing; released only by
// its owner.
#include "run/runlock.h"
#include "runfixtures.h"
#include "testsupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <filesystem>
#include <fstream>

class TestRunLock final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void heldWhileAlive();
    void deadWriterIsReplaced();
    void reusedPidIsNotLive();
    void otherBootIsNotLive();
    void otherHostGoesStaleWhenTheRunStopsChanging();
    void unreadableLockIsNotLive();
    void releaseLeavesAReplacedLock();
};

namespace {

std::string hostName()
{
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    return host;
}

QString lockPath(const QTemporaryDir& tmp)
{
    return tmp.filePath("train.lock");
}

}  // namespace

void TestRunLock::heldWhileAlive()
{
    QTemporaryDir tmp;
    const std::string dir = tmp.path().toStdString();
    QVERIFY(!ys::RunLock::read(dir));
    {
        auto lock = ys::RunLock::acquire(dir);
        QVERIFY2(lock.ok(), lock.ok() ? "" : lock.error().toString().c_str());
        QVERIFY(QFile::exists(lockPath(tmp)));
        auto info = ys::RunLock::read(dir);
        QVERIFY(info && info->live);
        QCOMPARE(info->pid, long(::getpid()));
        QCOMPARE(QString::fromStdString(info->host), QString::fromStdString(hostName()));
        auto second = ys::RunLock::acquire(dir);   // the GUI starting a resume of its own live run
        QVERIFY(!second.ok());
        QCOMPARE(QString::fromStdString(second.error().code), QString("run.locked"));
        QVERIFY(second.error().message.find(std::to_string(::getpid())) != std::string::npos);
        ys::RunLock moved = std::move(*lock);      // moving keeps one owner
        QVERIFY(QFile::exists(lockPath(tmp)));
    }
    QVERIFY(!QFile::exists(lockPath(tmp)));
}

void TestRunLock::deadWriterIsReplaced()
{
    QTemporaryDir tmp;
    ys::test::writeDeadLock(tmp.path());
    auto info = ys::RunLock::read(tmp.path().toStdString());
    QVERIFY(info && !info->live);
    auto lock = ys::RunLock::acquire(tmp.path().toStdString());
    QVERIFY(lock.ok());
    info = ys::RunLock::read(tmp.path().toStdString());
    QVERIFY(info && info->live);
    QCOMPARE(info->pid, long(::getpid()));
}

void TestRunLock::reusedPidIsNotLive()
{
    // Our own pid, but a process start time that is not ours: a pid reused after the writer died.
    QTemporaryDir tmp;
    QVERIFY(ys::test::writeText(lockPath(tmp), "{\"pid\":" + std::to_string(::getpid()) + ",\"host\":\"" + hostName() +
                                                    "\",\"process_start\":1,\"started\":1700000000}\n"));
    auto info = ys::RunLock::read(tmp.path().toStdString());
    QVERIFY(info && !info->live);
}

void TestRunLock::otherBootIsNotLive()
{
    QTemporaryDir tmp;
    QVERIFY(ys::test::writeText(lockPath(tmp), "{\"pid\":" + std::to_string(::getpid()) + ",\"host\":\"" + hostName() +
                                                    "\",\"boot_id\":\"00000000-0000-0000-0000-000000000000\"}\n"));
    std::ifstream boot("/proc/sys/kernel/random/boot_id");
    if (!boot)
        QSKIP("no boot id on this system");
    auto info = ys::RunLock::read(tmp.path().toStdString());
    QVERIFY(info && !info->live);
}

void TestRunLock::otherHostGoesStaleWhenTheRunStopsChanging()
{
    QTemporaryDir tmp;
    QVERIFY(ys::test::writeText(lockPath(tmp), "{\"pid\":1,\"host\":\"gpu-box-7\",\"started\":1700000000}\n"));
    QVERIFY(ys::test::writeText(tmp.filePath("results.csv"), "epoch\n1\n"));
    auto info = ys::RunLock::read(tmp.path().toStdString());
    QVERIFY(info && info->live);   // written just now on a machine we cannot look into
    QCOMPARE(QString::fromStdString(info->host), QString("gpu-box-7"));
    const auto old = std::filesystem::file_time_type::clock::now() -
                     std::chrono::seconds(static_cast<long>(ys::kForeignLockStaleSeconds) + 60);
    for (const char* name : {"train.lock", "results.csv"})
        std::filesystem::last_write_time(tmp.filePath(name).toStdString(), old);
    info = ys::RunLock::read(tmp.path().toStdString());
    QVERIFY(info && !info->live);
}

void TestRunLock::unreadableLockIsNotLive()
{
    QTemporaryDir tmp;
    for (const char* text : {"", "garbage", "{\"pid\":\"12\"}", "[1]"}) {
        QVERIFY(ys::test::writeText(lockPath(tmp), text));
        std::vector<ys::Error> problems;
        auto info = ys::RunLock::read(tmp.path().toStdString(), &problems);
        QVERIFY(info && !info->live);
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(QString::fromStdString(problems[0].code), QString("run.lock"));
        auto lock = ys::RunLock::acquire(tmp.path().toStdString());   // a broken lock does not block a resume
        QVERIFY(lock.ok());
    }
}

void TestRunLock::releaseLeavesAReplacedLock()
{
    QTemporaryDir tmp;
    auto lock = ys::RunLock::acquire(tmp.path().toStdString());
    QVERIFY(lock.ok());
    // Someone removed our lock and another writer took the folder.
    QVERIFY(ys::test::writeText(lockPath(tmp), "{\"pid\":1,\"host\":\"elsewhere\"}\n"));
    { ys::RunLock gone = std::move(*lock); }
    QVERIFY(QFile::exists(lockPath(tmp)));
}

QTEST_GUILESS_MAIN(TestRunLock)
#include "test_runlock.moc"
