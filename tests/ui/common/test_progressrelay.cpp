// Progress from pool threads reaches the GUI thread queued and throttled (about 10 per second), with the
// first and last update of a stage always delivered.
#include "ui/common/progressrelay.h"

#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <thread>
#include <vector>

using namespace ys::ui;

class TestProgressRelay final : public QObject {
    Q_OBJECT

private slots:
    void throttlesAndKeepsTheLastUpdate();
    void deliveredOnTheRelaysThread();
};

void TestProgressRelay::throttlesAndKeepsTheLastUpdate()
{
    ProgressRelay relay;
    QSignalSpy spy(&relay, &ProgressRelay::progress);
    const ys::ProgressFn fn = relay.callback();
    constexpr int kPerThread = 200000;
    std::vector<std::thread> threads;
    QElapsedTimer t;
    t.start();
    std::atomic<int64_t> done{0};
    for (int k = 0; k < 2; ++k)
        threads.emplace_back([&] {
            for (int i = 0; i < kPerThread; ++i) {
                const int64_t d = ++done;
                if (d < 2 * kPerThread)  // the final update comes from the main thread below
                    fn({"check", d, 2 * kPerThread});
            }
        });
    for (auto& th : threads)
        th.join();
    fn({"check", 2 * kPerThread, 2 * kPerThread});
    const qint64 ms = t.elapsed();
    QTRY_VERIFY(!spy.isEmpty() && spy.last().at(1).toLongLong() == 2 * kPerThread);
    // 400,000 calls became at most one per 100 ms of work, plus the final one.
    QVERIFY2(spy.count() <= ms / 100 + 2, qPrintable(QStringLiteral("%1 signals in %2 ms").arg(spy.count()).arg(ms)));
    QCOMPARE(spy.last().at(0).toString(), QStringLiteral("check"));
    QCOMPARE(spy.last().at(2).toLongLong(), 2 * kPerThread);
}

void TestProgressRelay::deliveredOnTheRelaysThread()
{
    ProgressRelay relay;
    QThread* received = nullptr;
    connect(&relay, &ProgressRelay::progress, this, [&] { received = QThread::currentThread(); });
    const ys::ProgressFn fn = relay.callback();
    std::thread worker([&] { fn({"scan", 0, 10}); });
    worker.join();
    QTRY_VERIFY(received != nullptr);
    QCOMPARE(received, QThread::currentThread());
}

QTEST_MAIN(TestProgressRelay)
#include "test_progressrelay.moc"
