// Progress from pool threads reaches the GUI thread queued and throttled (about 10 per second), with the
// first and last update of a stage always delivered; the stage arrives as core's ProgressStage, whose short
// names (what the CLI prints) are those of before the catalogue.
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
    void everyStageHasItsName();
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
                    fn({ys::ProgressStage::Check, d, 2 * kPerThread});
            }
        });
    for (auto& th : threads)
        th.join();
    fn({ys::ProgressStage::Check, 2 * kPerThread, 2 * kPerThread});
    const qint64 ms = t.elapsed();
    QTRY_VERIFY(!spy.isEmpty() && spy.last().at(1).toLongLong() == 2 * kPerThread);
    // 400,000 calls became at most one per 100 ms of work, plus the final one.
    QVERIFY2(spy.count() <= ms / 100 + 2, qPrintable(QStringLiteral("%1 signals in %2 ms").arg(spy.count()).arg(ms)));
    QCOMPARE(spy.last().at(0).value<ys::ProgressStage>(), ys::ProgressStage::Check);
    QCOMPARE(spy.last().at(2).toLongLong(), 2 * kPerThread);
}

void TestProgressRelay::deliveredOnTheRelaysThread()
{
    ProgressRelay relay;
    QThread* received = nullptr;
    ys::ProgressStage stage = ys::ProgressStage::Unknown;
    connect(&relay, &ProgressRelay::progress, this, [&](ys::ProgressStage s) {
        received = QThread::currentThread();
        stage = s;
    });
    const ys::ProgressFn fn = relay.callback();
    std::thread worker([&] { fn({ys::ProgressStage::Scan, 0, 10}); });
    worker.join();
    QTRY_VERIFY(received != nullptr);
    QCOMPARE(received, QThread::currentThread());
    QCOMPARE(stage, ys::ProgressStage::Scan);
}

void TestProgressRelay::everyStageHasItsName()
{
    using S = ys::ProgressStage;
    const std::pair<S, const char*> names[] = {
        {S::Unknown, "unknown"},     {S::Demo, "demo"},         {S::Scan, "scan"},          {S::Check, "check"},
        {S::Hash, "hash"},           {S::Probe, "probe"},       {S::Checkpoint, "checkpoint"}, {S::Layers, "layers"},
        {S::ExportLoad, "load"},     {S::ExportGraph, "graph"}, {S::ExportCheck, "check"},  {S::ExportVerify, "verify"},
        {S::ExportWrite, "write"},   {S::ReportRun, "run"},     {S::ReportDataset, "dataset"}, {S::ReportPredict, "predict"},
        {S::Weights, "weights"},     {S::Score, "score"},
    };
    for (const auto& [stage, name] : names)
        QCOMPARE(ys::toString(stage), name);
    QCOMPARE(ys::toString(static_cast<S>(static_cast<int>(S::Score) + 1)), "unknown");   // past the catalogue
}

QTEST_MAIN(TestProgressRelay)
#include "test_progressrelay.moc"
