// Tracking CPU allocator and budget: figures a user sees in the memory chart, the out-of-memory error the
// trainer recovers from, and budget text as typed on the command line.
#include "memory/memory.h"

#include <torch/torch.h>

#include <QtTest>

#include <c10/core/CPUAllocator.h>
#include <c10/util/Exception.h>

namespace mem = ys::memory;

namespace {

constexpr int64_t kMiB = 1024 * 1024;

// Removes any budget when a test ends, even on a failed QVERIFY.
struct BudgetGuard {
    ~BudgetGuard() { mem::setBudget(0); }
};

// A small detector-shaped conv net: strided convs with BatchNorm and SiLU, like a YOLO backbone.
struct TinyNetImpl : torch::nn::Module {
    torch::nn::Sequential body;
    TinyNetImpl()
    {
        torch::nn::Sequential s;
        const int64_t plan[][3] = {{3, 16, 2}, {16, 32, 2}, {32, 32, 1}, {32, 64, 2}, {64, 64, 1}};
        for (const auto& p : plan) {
            s->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(p[0], p[1], 3).stride(p[2]).padding(1).bias(false)));
            s->push_back(torch::nn::BatchNorm2d(p[1]));
            s->push_back(torch::nn::SiLU());
        }
        body = register_module("body", s);
    }
    torch::Tensor forward(const torch::Tensor& x) { return body->forward(x); }
};
TORCH_MODULE(TinyNet);

// Peak bytes above the figure before the step, for one forward + backward at `batch` x 3 x size x size.
int64_t stepPeak(TinyNet& net, int64_t batch, int64_t size)
{
    const auto before = mem::currentStats().allocated;
    mem::resetPeak();
    {
        auto x = torch::rand({batch, 3, size, size});
        auto y = net->forward(x);
        y.pow(2).mean().backward();
    }
    return mem::currentStats().peak - before;
}

}  // namespace

class TestMemory final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void countsTensorMemory();
    void rawAllocatePathForOneDnn();
    void oneDnnConvolutionIsTracked();
    void peakPerImageIsLinearInBatch();
    void budgetRaisesOutOfMemoryWithoutSideEffects();
    void budgetThrowsFromForwardAndRecovers();
    void budgetThrowsFromBackwardAndRecovers();
    void cpuStatsKnowTheMachine();
    void parseBudget_data();
    void parseBudget();
};

void TestMemory::initTestCase()
{
    QVERIFY(mem::installCpuTracker());
    QVERIFY(mem::installCpuTracker());  // idempotent
    torch::manual_seed(0);
}

void TestMemory::countsTensorMemory()
{
    const auto base = mem::currentStats();
    {
        auto t = torch::empty({1000, 250}, torch::kFloat32);  // 1,000,000 bytes
        const auto s = mem::currentStats();
        QCOMPARE(s.allocated - base.allocated, int64_t{1000000});
        QCOMPARE(s.reserved, s.allocated);
        QVERIFY(s.peak >= s.allocated);
        mem::resetPeak();
        QCOMPARE(mem::currentStats().peak, s.allocated);
    }
    QCOMPARE(mem::currentStats().allocated, base.allocated);
    // The peak stays where the tensor took it until the next reset.
    QCOMPARE(mem::currentStats().peak, base.allocated + 1000000);
}

void TestMemory::rawAllocatePathForOneDnn()
{
    // raw_allocate asserts that the DataPtr's context is its data pointer; oneDNN relies on it.
    c10::Allocator* a = c10::GetCPUAllocator();
    const auto base = mem::currentStats().allocated;
    void* p = a->raw_allocate(12345);
    QVERIFY(p != nullptr);
    QCOMPARE(reinterpret_cast<uintptr_t>(p) % 64, uintptr_t{0});  // c10's CPU alignment is kept
    std::memset(p, 0xab, 12345);
    QCOMPARE(mem::currentStats().allocated - base, int64_t{12345});
    a->raw_deallocate(p);
    QCOMPARE(mem::currentStats().allocated, base);
}

void TestMemory::oneDnnConvolutionIsTracked()
{
    const auto base = mem::currentStats().allocated;
    mem::resetPeak();
    {
        auto x = torch::rand({2, 8, 32, 32});
        auto w = torch::rand({16, 8, 3, 3});
        auto y = at::mkldnn_convolution(x, w, c10::nullopt, {1, 1}, {1, 1}, {1, 1}, 1);
        QCOMPARE(y.sizes(), (std::vector<int64_t>{2, 16, 32, 32}));
        auto ref = torch::conv2d(x, w, {}, 1, 1);
        QVERIFY(torch::allclose(y, ref, 1e-4, 1e-4));
        auto xm = x.to_mkldnn();  // opaque oneDNN tensor, allocated through raw_allocate
        auto back = xm.to_dense();
        QVERIFY(torch::equal(back, x));
        QVERIFY(mem::currentStats().allocated - base >= 2 * 8 * 32 * 32 * 4 + 2 * 16 * 32 * 32 * 4);
    }
    QCOMPARE(mem::currentStats().allocated, base);
}

void TestMemory::peakPerImageIsLinearInBatch()
{
    // The step's peak is max over time of (fixed + batch * per-image) bytes, so it is linear in batch
    // once the same moment (here: the start of backward, activations dominant) holds the peak, and
    // convex overall: small batches may peak elsewhere, above the large-batch line, never below it.
    TinyNet net;
    net->train();
    stepPeak(net, 2, 64);  // warm-up: allocates gradients, oneDNN primitives
    const int64_t p1 = stepPeak(net, 1, 64);
    const int64_t p8 = stepPeak(net, 8, 64);
    const int64_t p16 = stepPeak(net, 16, 64);
    const int64_t p32 = stepPeak(net, 32, 64);
    qInfo("step peaks at batch 1/8/16/32: %lld %lld %lld %lld", static_cast<long long>(p1),
          static_cast<long long>(p8), static_cast<long long>(p16), static_cast<long long>(p32));
    const double slope = static_cast<double>(p16 - p8) / 8.0;
    QVERIFY2(slope > 64 * 64 * 3 * 4, qPrintable(QString("per-image slope %1 B is implausibly small").arg(slope)));
    const double s32 = static_cast<double>(p32 - p16) / 16.0;
    QVERIFY2(std::abs(s32 - slope) < 0.005 * slope,
             qPrintable(QString("16->32 slope %1 vs 8->16 slope %2").arg(s32).arg(slope)));
    // Batch 32 predicted from batches 8 and 16 within 0.5%.
    const double predicted32 = static_cast<double>(p16) + 16.0 * slope;
    QVERIFY(std::abs(predicted32 - static_cast<double>(p32)) < 0.005 * static_cast<double>(p32));
    const double fixed = static_cast<double>(p8) - 8.0 * slope;
    QVERIFY(static_cast<double>(p1) >= fixed + slope - 0.005 * static_cast<double>(p1));
}

void TestMemory::budgetRaisesOutOfMemoryWithoutSideEffects()
{
    BudgetGuard guard;
    const auto base = mem::currentStats();
    const auto oomBefore = mem::cpuOutOfMemoryCount();
    mem::setBudget(base.allocated + kMiB);
    QCOMPARE(mem::budget(), base.allocated + kMiB);
    QCOMPARE(mem::headroom(), kMiB);
    auto small = torch::empty({kMiB / 8}, torch::kFloat32);  // 0.5 MiB fits
    bool thrown = false;
    try {
        auto big = torch::empty({kMiB / 4}, torch::kFloat32);  // +1 MiB does not
    } catch (const c10::OutOfMemoryError& e) {
        thrown = true;
        QVERIFY(QString(e.what()).contains("out of memory"));
    }
    QVERIFY(thrown);
    QCOMPARE(mem::cpuOutOfMemoryCount(), oomBefore + 1);
    QCOMPARE(mem::currentStats().allocated, base.allocated + kMiB / 2);
    small = torch::Tensor();
    mem::setBudget(0);
    QCOMPARE(mem::budget(), int64_t{0});
    QCOMPARE(mem::headroom(), std::numeric_limits<int64_t>::max());
    auto fine = torch::empty({kMiB}, torch::kFloat32);  // no cap any more
    QVERIFY(fine.defined());
}

void TestMemory::budgetThrowsFromForwardAndRecovers()
{
    BudgetGuard guard;
    TinyNet net;
    stepPeak(net, 2, 64);
    const int64_t need = stepPeak(net, 4, 64);
    const auto base = mem::currentStats().allocated;
    mem::setBudget(base + need / 20);  // 5% of what the step needs: the forward cannot finish
    bool thrown = false;
    bool forwardDone = false;
    try {
        auto x = torch::rand({4, 3, 64, 64});
        auto y = net->forward(x);
        forwardDone = true;
        y.pow(2).mean().backward();
    } catch (const c10::OutOfMemoryError&) {
        thrown = true;
    }
    QVERIFY(thrown);
    QVERIFY(!forwardDone);
    QCOMPARE(mem::currentStats().allocated, base);
    // After the catch, a step that fits runs under the same budget... once the budget allows it.
    mem::setBudget(base + need + kMiB);
    QVERIFY(stepPeak(net, 4, 64) <= need + kMiB);
}

void TestMemory::budgetThrowsFromBackwardAndRecovers()
{
    BudgetGuard guard;
    TinyNet net;
    stepPeak(net, 2, 64);  // gradients exist from here on, so backward allocates only temporaries
    const auto base = mem::currentStats().allocated;
    // Forward-only peak: activations autograd saves for the backward pass.
    mem::resetPeak();
    int64_t forwardPeak = 0;
    {
        auto y = net->forward(torch::rand({8, 3, 64, 64}));
        auto loss = y.pow(2).mean();
        forwardPeak = mem::currentStats().peak - base;
    }
    const int64_t fullPeak = stepPeak(net, 8, 64);
    QVERIFY2(fullPeak > forwardPeak + 64 * 1024,
             qPrintable(QString("backward adds too little to test: %1 vs %2").arg(fullPeak).arg(forwardPeak)));
    mem::setBudget(base + (forwardPeak + fullPeak) / 2);
    bool thrown = false;
    bool forwardDone = false;
    try {
        auto y = net->forward(torch::rand({8, 3, 64, 64}));
        auto loss = y.pow(2).mean();
        forwardDone = true;
        loss.backward();
    } catch (const c10::OutOfMemoryError& e) {
        thrown = true;
    } catch (const std::exception& e) {
        QFAIL(qPrintable(QString("backward raised another type: %1").arg(e.what())));
    }
    QVERIFY(forwardDone);
    QVERIFY(thrown);
    QCOMPARE(mem::currentStats().allocated, base);
}

void TestMemory::cpuStatsKnowTheMachine()
{
    const auto s = mem::currentStats("cpu");
    QVERIFY(s.deviceTotal > 256 * kMiB);
    QCOMPARE(s.deviceTotal, mem::physicalMemoryBytes());
    QVERIFY(s.deviceFree > 0 && s.deviceFree <= s.deviceTotal);
    if (!mem::cudaBuild()) {
        const auto g = mem::currentStats("cuda:0");
        QCOMPARE(g.deviceTotal, int64_t{0});
        QCOMPARE(g.allocated, int64_t{0});
    }
    QCOMPARE(mem::currentStats("not-a-device").deviceTotal, int64_t{0});
}

void TestMemory::parseBudget_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("total");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("expected");
    const qint64 gib = qint64{1} << 30;
    QTest::newRow("GiB") << "8GiB" << 24 * gib << true << 8 * gib;
    QTest::newRow("GiB spaced") << "8 GiB" << 24 * gib << true << 8 * gib;
    QTest::newRow("MB decimal") << "6000MB" << 24 * gib << true << qint64{6000000000};
    QTest::newRow("fraction") << "0.8" << 10 * gib << true << qint64{8 * gib};
    QTest::newRow("percent") << "50%" << 10 * gib << true << 5 * gib;
    QTest::newRow("whole device") << "1" << 10 * gib << true << 10 * gib;
    QTest::newRow("empty = total") << "" << 10 * gib << true << 10 * gib;
    QTest::newRow("bytes") << "1e9" << 10 * gib << true << qint64{1000000000};
    QTest::newRow("fraction without total") << "0.5" << qint64{0} << false << qint64{0};
    QTest::newRow("zero") << "0" << 10 * gib << false << qint64{0};
    QTest::newRow("negative") << "-2GiB" << 10 * gib << false << qint64{0};
    QTest::newRow("over 100%") << "150%" << 10 * gib << false << qint64{0};
    QTest::newRow("words") << "lots" << 10 * gib << false << qint64{0};
}

void TestMemory::parseBudget()
{
    QFETCH(QString, text);
    QFETCH(qint64, total);
    QFETCH(bool, ok);
    QFETCH(qint64, expected);
    const auto r = mem::parseMemoryBudget(text.toStdString(), total);
    QCOMPARE(r.ok(), ok);
    if (ok)
        QCOMPARE(static_cast<qint64>(r.value()), expected);
    else {
        QCOMPARE(QString::fromStdString(r.error().code), QString("memory.budget"));
        QVERIFY(QString::fromStdString(r.error().message).contains(text));
    }
}

QTEST_GUILESS_MAIN(TestMemory)
#include "test_memory.moc"
