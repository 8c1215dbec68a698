// PoolJobs (ui/common/pooljob.h): a job's result reaches its context through the event loop, never inside
// start() (Qt calls a continuation attached to an already finished future at once, and the quick jobs the
// GUI runs — a few file reads — often finish before start() attaches it); an exception becomes an Error; a
// result whose context is gone is dropped; the destructor waits for the jobs.
#include "ui/common/pooljob.h"

#include <QObject>
#include <QSet>
#include <QSignalSpy>
#include <QtTest>

#include <atomic>
#include <memory>
#include <stdexcept>

using namespace ys::ui;

class TestPoolJob final : public QObject {
    Q_OBJECT
private slots:
    void resultArrivesAfterStartReturns();
    void exceptionBecomesAnError();
    void droppedWhenTheContextIsGone();
};

namespace {

// Emits what a job delivered (QSignalSpy can wait for it).
class Receiver final : public QObject {
    Q_OBJECT
signals:
    void delivered(int value);
};

}  // namespace

void TestPoolJob::resultArrivesAfterStartReturns()
{
    // Many instant jobs: before the fix, on an idle 2-core machine, a share of them delivered inside start().
    constexpr int kJobs = 400;
    Receiver receiver;
    QSignalSpy spy(&receiver, &Receiver::delivered);
    PoolJobs jobs;
    int insideStart = 0;
    for (int i = 0; i < kJobs; ++i) {
        const qsizetype before = spy.size();
        jobs.start(&receiver, [i]() -> ys::Expected<int> { return i; },
                   [&receiver](const ys::Expected<int>& r) { emit receiver.delivered(r ? *r : -1); });
        if (spy.size() != before)
            ++insideStart;
        jobs.waitForAll();   // the job has ended: a continuation attached late would run at once
    }
    QCOMPARE(insideStart, 0);
    while (spy.size() < kJobs)
        QVERIFY(spy.wait(30000));
    QCOMPARE(spy.size(), kJobs);
    QSet<int> values;   // every job's own result, once (their order is not promised)
    for (const QList<QVariant>& args : spy)
        values.insert(args.at(0).toInt());
    QCOMPARE(values.size(), kJobs);
    QVERIFY(values.contains(0) && values.contains(kJobs - 1));
}

void TestPoolJob::exceptionBecomesAnError()
{
    Receiver receiver;
    PoolJobs jobs;
    std::optional<ys::Error> error;
    QSignalSpy spy(&receiver, &Receiver::delivered);
    jobs.start(&receiver, []() -> ys::Expected<int> { throw std::runtime_error("boom"); },
               [&](const ys::Expected<int>& r) {
                   if (!r)
                       error = r.error();
                   emit receiver.delivered(r ? *r : -1);
               });
    QVERIFY(spy.wait(30000));
    QVERIFY(error);
    QCOMPARE(error->code, std::string("internal.exception"));
    QVERIFY(QString::fromStdString(error->toString()).contains("boom"));
}

void TestPoolJob::droppedWhenTheContextIsGone()
{
    std::atomic<int> calls{0};
    auto receiver = std::make_unique<Receiver>();
    {
        PoolJobs jobs;
        jobs.start(receiver.get(), []() -> ys::Expected<int> { return 1; },
                   [&calls](const ys::Expected<int>&) { ++calls; });
        jobs.waitForAll();
        receiver.reset();   // gone before the event loop ran: its queued result must not be delivered
    }
    Receiver witness;   // a later job on a live context is delivered: the loop below did run the queue
    QSignalSpy spy(&witness, &Receiver::delivered);
    PoolJobs jobs;
    jobs.start(&witness, []() -> ys::Expected<int> { return 2; },
               [&witness](const ys::Expected<int>& r) { emit witness.delivered(*r); });
    QVERIFY(spy.wait(30000));
    QCOMPARE(calls.load(), 0);
}

QTEST_GUILESS_MAIN(TestPoolJob)
#include "test_pooljob.moc"
