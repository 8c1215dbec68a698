// c10d over loopback, the ranks as threads of this process: the rendezvous and its errors (a port in use, no
// master, a rank that never comes: each a one-line error within its timeout), collectives, the gradient
// buckets (sums over the ranks, started during backward, in step when a rank abandons its step), the trainer's
// agreements (out-of-memory on one rank, settings that differ), the naming of a rank that failed, and the
// synchronised BatchNorm (one BatchNorm over the world batch; a rank failing anywhere in its step ends the
// others' step there; ranks with different models fail instead of hanging).
#include "common/config.h"
#include "dist/internal/gradsync.h"
#include "dist/internal/processworld.h"
#include "dist/world.h"
#include "model/internal/modules.h"
#include "train/internal/dataparallel.h"

#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <thread>

using ys::dist::ProcessWorld;
using ys::dist::WorldSpec;

namespace {

constexpr auto kTimeout = std::chrono::seconds(60);   // generous: a loaded machine must not fail these

WorldSpec spec(int rank, int size, int port, std::chrono::seconds timeout = kTimeout)
{
    WorldSpec w;
    w.rank = rank;
    w.size = size;
    w.localRank = rank;
    w.localSize = size;
    w.masterAddr = "127.0.0.1";
    w.masterPort = port;
    w.timeout = timeout;
    w.launcher = "test";
    return w;
}

// Runs fn(rank) on `size` threads at once and joins them; a failure text from any rank fails the test.
void onRanks(int size, const std::function<void(int)>& fn)
{
    std::vector<std::thread> threads;
    std::vector<std::string> failures(static_cast<size_t>(size));
    for (int r = 0; r < size; ++r)
        threads.emplace_back([&, r] {
            try {
                fn(r);
            } catch (const std::exception& e) {
                failures[static_cast<size_t>(r)] = e.what();
            }
        });
    for (auto& t : threads)
        t.join();
    for (int r = 0; r < size; ++r)
        QVERIFY2(failures[static_cast<size_t>(r)].empty(),
                 qPrintable("rank " + QString::number(r) + ": " + QString::fromStdString(failures[static_cast<size_t>(r)])));
}

void require(bool ok, const std::string& what)
{
    if (!ok)
        throw std::runtime_error(what);
}

std::unique_ptr<ProcessWorld> joined(const WorldSpec& w)
{
    auto pw = ProcessWorld::join(w, torch::Device(torch::kCPU));
    require(pw.ok(), pw.ok() ? "" : pw.error().message);
    return std::move(*pw);
}

// A small network whose parameters span several buckets at a 2 KiB cap.
torch::nn::Sequential smallNet()
{
    torch::manual_seed(7);
    return torch::nn::Sequential(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)), torch::nn::SiLU(),
                                 torch::nn::Conv2d(torch::nn::Conv2dOptions(8, 8, 3).padding(1)), torch::nn::SiLU(),
                                 torch::nn::Flatten(), torch::nn::Linear(8 * 6 * 6, 5));
}

torch::Tensor input(int rank, int micro)
{
    return torch::linspace(-1.0 + 0.1 * rank, 1.0 + 0.05 * micro, 2 * 3 * 6 * 6).reshape({2, 3, 6, 6});
}

std::vector<torch::Tensor> gradsOf(torch::nn::Sequential& net)
{
    std::vector<torch::Tensor> g;
    for (auto& p : net->parameters())
        g.push_back(p.grad().clone());
    return g;
}

// Three Conv layers (conv + BatchNorm + SiLU, or no SiLU), the same weights on every call; the BatchNorms'
// affine parameters away from 1 and 0 so that their gradients count.
torch::nn::Sequential convNet(bool act)
{
    torch::manual_seed(11);
    torch::nn::Sequential net(ys::Conv(3, 6, 3, 1, -1, 1, 1, act), ys::Conv(6, 6, 3, 1, -1, 1, 1, act),
                              ys::Conv(6, 5, 1, 1, -1, 1, 1, act));
    torch::NoGradGuard ng;
    for (auto& item : net->named_parameters())
        if (item.key().find("bn.weight") != std::string::npos)
            item.value().uniform_(0.5, 1.5);
        else if (item.key().find("bn.bias") != std::string::npos)
            item.value().normal_(0, 0.2);
    return net;
}

// The world batch (4 images) and a fixed projection of the output that makes the loss.
struct SyncBnCase {
    torch::Tensor images, projection;
    SyncBnCase()
    {
        torch::manual_seed(23);
        images = torch::randn({4, 3, 8, 8}) * 2 + 0.5;
        projection = torch::randn({4, 5, 8, 8});
    }
    // Rank r of 2: its half of the batch, as a leaf whose gradient is kept.
    torch::Tensor shard(int r) const { return images.slice(0, 2 * r, 2 * r + 2).clone().requires_grad_(true); }
    torch::Tensor loss(const torch::Tensor& y, int r) const { return (y * projection.slice(0, 2 * r, 2 * r + 2)).sum(); }

    // One process, the whole batch through ordinary BatchNorms: the net after its step, output, input gradient.
    struct Reference {
        torch::nn::Sequential net;
        torch::Tensor y, dx;
    };
    Reference reference(bool act) const
    {
        Reference ref{convNet(act), {}, {}};
        torch::Tensor x = images.clone().requires_grad_(true);
        ref.y = ref.net->forward(x);
        (ref.y * projection).sum().backward();
        ref.dx = x.grad();
        return ref;
    }
    // Rank r's synchronised step (`dp` has synchronised `net`'s BatchNorms): its output and input gradient.
    std::pair<torch::Tensor, torch::Tensor> syncedStep(ys::DataParallel& dp, torch::nn::Sequential& net, int r) const
    {
        dp.beginBatch();
        torch::Tensor x = shard(r);
        torch::Tensor y = net->forward(x);
        loss(y, r).backward();
        dp.endBatch();
        return {y, x.grad()};
    }
};

std::unique_ptr<ys::DataParallel> joinedParallel(const WorldSpec& w)
{
    auto dp = ys::DataParallel::join(w, torch::Device(torch::kCPU));
    require(dp.ok(), dp.ok() ? "" : dp.error().message);
    return std::move(*dp);
}

// Runs fn(rank, its DataParallel, its net) on 2 ranks (threads), each net's BatchNorms synchronised.
void onSyncedRanks(std::vector<torch::nn::Sequential>& nets,
                   const std::function<void(int, ys::DataParallel&, torch::nn::Sequential&)>& fn)
{
    const int port = ys::dist::freePort();
    onRanks(2, [&](int r) {
        auto dp = joinedParallel(spec(r, 2, port));
        auto& net = nets[static_cast<size_t>(r)];
        require(!dp->syncBatchNorm(*net), "syncBatchNorm");
        require(dp->batchNormSynced(), "synced");
        fn(r, *dp, net);
    });
}

bool nearlyEqual(const torch::Tensor& a, const torch::Tensor& b)
{
    return torch::allclose(a, b, 1e-4, 1e-5);
}

}  // namespace

class TestDistCollectives final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void collectivesOverLoopback();
    void gradientsAreSummedDuringBackward();
    void abandonedStepKeepsRanksInStep();
    void portInUseIsOneLine();
    void unreachableMasterEndsAtItsTimeout();
    void missingRankEndsAtItsTimeout();
    void failedRankIsNamed();
    void agreementsOverRanks();
    void differentSettingsAreRefused();
    void syncBatchNormIsOneBatchNorm_data();
    void syncBatchNormIsOneBatchNorm();
    void syncBatchNormStepAbandonedAnywhere_data();
    void syncBatchNormStepAbandonedAnywhere();
    void syncBatchNormDifferentModelsFail();
};

void TestDistCollectives::syncBatchNormIsOneBatchNorm_data()
{
    QTest::addColumn<bool>("act");
    QTest::newRow("BatchNorm + SiLU") << true;
    QTest::newRow("BatchNorm alone") << false;
}

void TestDistCollectives::syncBatchNormIsOneBatchNorm()
{
    QFETCH(bool, act);
    // The reference: one process, the whole batch through ordinary BatchNorms.
    const SyncBnCase c;
    const SyncBnCase::Reference ref = c.reference(act);
    std::vector<torch::nn::Sequential> nets{convNet(act), convNet(act)};
    std::vector<torch::Tensor> outs(2), dxs(2);
    onSyncedRanks(nets, [&](int r, ys::DataParallel& dp, torch::nn::Sequential& net) {
        std::tie(outs[static_cast<size_t>(r)], dxs[static_cast<size_t>(r)]) = c.syncedStep(dp, net, r);
    });
    // Outputs and input gradients: the halves of the one-process ones.
    QVERIFY(nearlyEqual(torch::cat({outs[0], outs[1]}), ref.y));
    QVERIFY(nearlyEqual(torch::cat({dxs[0], dxs[1]}), ref.dx));
    // Parameter gradients: the ranks' sum (what the gradient buckets make of them).
    const auto p0 = nets[0]->named_parameters(), p1 = nets[1]->named_parameters();
    for (const auto& item : ref.net->named_parameters())
        QVERIFY2(nearlyEqual(p0[item.key()].grad() + p1[item.key()].grad(), item.value().grad()), qPrintable(QString::fromStdString(item.key())));
    // Running statistics: the world batch's, the same on both ranks.
    for (const auto& net : nets) {
        const auto b = net->named_buffers();
        for (const auto& item : ref.net->named_buffers())
            QVERIFY2(torch::equal(b[item.key()], item.value()) || (item.value().is_floating_point() && nearlyEqual(b[item.key()], item.value())),
                     qPrintable(QString::fromStdString(item.key())));
    }
}

enum class FailPoint { BeforeForward, MidBackward, AfterBackward };

void TestDistCollectives::syncBatchNormStepAbandonedAnywhere_data()
{
    QTest::addColumn<int>("point");
    QTest::newRow("before its first exchange") << static_cast<int>(FailPoint::BeforeForward);
    QTest::newRow("between two backward exchanges") << static_cast<int>(FailPoint::MidBackward);
    QTest::newRow("after its last exchange") << static_cast<int>(FailPoint::AfterBackward);
}

void TestDistCollectives::syncBatchNormStepAbandonedAnywhere()
{
    QFETCH(int, point);
    const auto fail = static_cast<FailPoint>(point);
    const SyncBnCase c;
    const SyncBnCase::Reference ref = c.reference(true);
    std::vector<torch::nn::Sequential> nets{convNet(true), convNet(true)};
    std::vector<int> endedByPeer(2, -1);
    std::vector<torch::Tensor> outs(2), dxs(2);
    onSyncedRanks(nets, [&](int r, ys::DataParallel& dp, torch::nn::Sequential& net) {
        // Rank 1 fails its step at `fail`; rank 0 learns it wherever it is, as a step ended by a peer.
        dp.beginBatch();
        try {
            if (r == 1 && fail == FailPoint::BeforeForward)
                throw std::runtime_error("injected before the forward pass");
            torch::Tensor h = c.shard(r);
            for (size_t i = 0; i < net->size(); ++i) {
                h = net->at<ys::ConvImpl>(i).forward(h);
                if (i == 1 && r == 1 && fail == FailPoint::MidBackward)
                    h.register_hook([](torch::Tensor g) -> torch::Tensor {
                        throw std::runtime_error("injected in the backward pass");
                        return g;
                    });
            }
            c.loss(h, r).backward();
            if (r == 1 && fail == FailPoint::AfterBackward)
                throw std::runtime_error("injected after the backward pass");
            dp.endBatch();
        } catch (const std::exception&) {
            endedByPeer[static_cast<size_t>(r)] = dp.batchEndedByPeer() ? 1 : 0;
            dp.abandonBatch();
        }
        // The next step: both in step again, one BatchNorm over the world batch.
        for (auto& p : net->parameters())
            p.mutable_grad() = torch::Tensor();
        std::tie(outs[static_cast<size_t>(r)], dxs[static_cast<size_t>(r)]) = c.syncedStep(dp, net, r);
    });
    QCOMPARE(endedByPeer, (std::vector<int>{1, 0}));
    QVERIFY(nearlyEqual(torch::cat({outs[0], outs[1]}), ref.y));
    QVERIFY(nearlyEqual(torch::cat({dxs[0], dxs[1]}), ref.dx));
}

void TestDistCollectives::syncBatchNormDifferentModelsFail()
{
    // Rank 1 has one layer more: the exchanges stop matching, and both ranks fail (WorldFailure) at once
    // instead of hanging or mixing statistics of different layers.
    const SyncBnCase c;
    std::vector<std::string> failures(2);
    const int port = ys::dist::freePort();
    onRanks(2, [&](int r) {
        auto dp = joinedParallel(spec(r, 2, port));
        torch::manual_seed(1);
        torch::nn::Sequential net(ys::Conv(3, 6, 3));
        if (r == 1)
            net->push_back(ys::Conv(6, 6, 3));
        require(!dp->syncBatchNorm(*net), "syncBatchNorm");
        dp->beginBatch();
        try {
            c.loss(net->forward(c.shard(r)).slice(1, 0, 5), r).backward();
            dp->endBatch();
        } catch (const std::exception& e) {
            failures[static_cast<size_t>(r)] = e.what();
        }
    });
    for (int r = 0; r < 2; ++r)
        QVERIFY2(QString::fromStdString(failures[static_cast<size_t>(r)]).contains("out of step"),
                 qPrintable(QString("rank %1: %2").arg(r).arg(QString::fromStdString(failures[static_cast<size_t>(r)]))));
}

void TestDistCollectives::collectivesOverLoopback()
{
    const int port = ys::dist::freePort();
    onRanks(2, [&](int r) {
        auto w = joined(spec(r, 2, port));
        torch::Tensor t = torch::full({3}, static_cast<double>(r + 1), torch::kFloat64);
        w->allreduceSum(t);
        require(t.eq(3).all().item<bool>(), "allreduce sum");
        const std::string got = w->broadcastBytes(r == 0 ? std::string("rank zero's bytes\0x", 19) : "", 0);
        require(got == std::string("rank zero's bytes\0x", 19), "broadcast bytes: " + got);
        if (r == 1)
            w->publish("hello", "from 1");
        else
            require(w->await("hello", 1) == "from 1", "await");
        require(w->backend() == "gloo", "backend " + w->backend());
    });
}

void TestDistCollectives::gradientsAreSummedDuringBackward()
{
    // The reference: one process, each rank's two micro-batches in turn, gradients accumulated.
    auto ref = smallNet();
    for (int r = 0; r < 2; ++r)
        for (int m = 0; m < 2; ++m)
            ref->forward(input(r, m)).pow(2).sum().backward();
    const auto expected = gradsOf(ref);
    std::vector<torch::nn::Sequential> nets{smallNet(), smallNet()};
    std::vector<ys::dist::SyncStepStats> stats(2);
    std::vector<std::vector<torch::Tensor>> got(2);
    const int port = ys::dist::freePort();
    onRanks(2, [&](int r) {
        auto w = joined(spec(r, 2, port));
        auto& net = nets[static_cast<size_t>(r)];
        ys::dist::GradSyncOptions o;
        o.bucketBytes = 2048;
        o.firstBucketBytes = 512;
        ys::dist::GradientSync sync(*w, net->parameters(), o);
        require(sync.bucketCount() > 2, "several buckets");
        net->forward(input(r, 0)).pow(2).sum().backward();   // accumulated locally, not reduced
        sync.arm();
        net->forward(input(r, 1)).pow(2).sum().backward();
        sync.finish();
        stats[static_cast<size_t>(r)] = sync.lastStep();
        got[static_cast<size_t>(r)] = gradsOf(net);
    });
    for (int r = 0; r < 2; ++r) {
        for (size_t k = 0; k < expected.size(); ++k)
            QVERIFY2(torch::allclose(got[static_cast<size_t>(r)][k], expected[k], 1e-5, 1e-6),
                     qPrintable(QString("rank %1, parameter %2").arg(r).arg(k)));
        // Buckets went out while backward was still running (the hooks), not all after it.
        QVERIFY(stats[static_cast<size_t>(r)].launchedDuringBackward > 0);
        QVERIFY(stats[static_cast<size_t>(r)].bytes > 0);
    }
}

void TestDistCollectives::abandonedStepKeepsRanksInStep()
{
    // Rank 1 fails its step (out of memory, say) and sends zeros; rank 0 gets its own gradients. The next step
    // sums as usual: every rank made the same collectives.
    auto lone = smallNet();
    lone->forward(input(0, 0)).pow(2).sum().backward();
    const auto rank0Only = gradsOf(lone);
    auto both = smallNet();
    both->forward(input(0, 1)).pow(2).sum().backward();
    both->forward(input(1, 1)).pow(2).sum().backward();
    const auto summed = gradsOf(both);
    std::vector<torch::nn::Sequential> nets{smallNet(), smallNet()};
    std::vector<std::vector<torch::Tensor>> first(2), second(2);
    const int port = ys::dist::freePort();
    onRanks(2, [&](int r) {
        auto w = joined(spec(r, 2, port));
        auto& net = nets[static_cast<size_t>(r)];
        ys::dist::GradSyncOptions o;
        o.bucketBytes = 2048;
        o.firstBucketBytes = 512;
        ys::dist::GradientSync sync(*w, net->parameters(), o);
        sync.arm();
        if (r == 0) {
            net->forward(input(0, 0)).pow(2).sum().backward();
            sync.finish();
            first[0] = gradsOf(net);
        } else {
            sync.abandon();
        }
        for (auto& p : net->parameters())
            if (p.grad().defined())
                p.mutable_grad().zero_();
        sync.arm();
        net->forward(input(r, 1)).pow(2).sum().backward();
        sync.finish();
        second[static_cast<size_t>(r)] = gradsOf(net);
    });
    for (size_t k = 0; k < rank0Only.size(); ++k) {
        QVERIFY(torch::allclose(first[0][k], rank0Only[k], 1e-5, 1e-6));
        QVERIFY(torch::allclose(second[0][k], summed[k], 1e-5, 1e-6));
        QVERIFY(torch::allclose(second[1][k], summed[k], 1e-5, 1e-6));
    }
}

void TestDistCollectives::portInUseIsOneLine()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    QVERIFY(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    QVERIFY(::listen(fd, 1) == 0);
    socklen_t len = sizeof addr;
    QVERIFY(::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
    const int port = ntohs(addr.sin_port);
    auto w = ProcessWorld::join(spec(0, 2, port, std::chrono::seconds(5)), torch::Device(torch::kCPU));
    ::close(fd);
    QVERIFY(!w.ok());
    QCOMPARE(QString::fromStdString(w.error().code), QString("dist.port_in_use"));
    const QString message = QString::fromStdString(w.error().message);
    QVERIFY2(message.contains(QString::number(port)) && !message.contains('\n'), qPrintable(message));
}

void TestDistCollectives::unreachableMasterEndsAtItsTimeout()
{
    const int port = ys::dist::freePort();   // nobody listens there
    const auto t0 = std::chrono::steady_clock::now();
    auto w = ProcessWorld::join(spec(1, 2, port, std::chrono::seconds(2)), torch::Device(torch::kCPU));
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    QVERIFY(!w.ok());
    QCOMPARE(QString::fromStdString(w.error().code), QString("dist.unreachable"));
    const QString message = QString::fromStdString(w.error().message);
    QVERIFY2(message.contains("127.0.0.1:" + QString::number(port)) && message.contains("within 2 s"), qPrintable(message));
    QVERIFY2(secs < 60, qPrintable(QString("gave up after %1 s").arg(secs)));   // bounded by the timeout, not hung
}

void TestDistCollectives::missingRankEndsAtItsTimeout()
{
    auto w = ProcessWorld::join(spec(0, 2, ys::dist::freePort(), std::chrono::seconds(2)), torch::Device(torch::kCPU));
    QVERIFY(!w.ok());
    QCOMPARE(QString::fromStdString(w.error().code), QString("dist.rendezvous"));
    QVERIFY2(QString::fromStdString(w.error().message).contains("only 1 of 2 processes met"), w.error().message.c_str());
}

void TestDistCollectives::failedRankIsNamed()
{
    const int port = ys::dist::freePort();
    std::string seen;
    onRanks(2, [&](int r) {
        auto w = joined(spec(r, 2, port));
        torch::Tensor t = torch::ones({1});
        w->allreduceSum(t);   // both are in
        if (r == 1) {
            w->announceFailure("out of memory even at micro-batch 1");
            return;   // leaves: its process group closes its connections
        }
        try {
            for (;;) {
                torch::Tensor u = torch::ones({1});
                w->allreduceSum(u);
            }
        } catch (const ys::dist::WorldFailure& e) {
            seen = e.what();
        }
    });
    QVERIFY2(QString::fromStdString(seen).contains("rank 1 failed: out of memory even at micro-batch 1"), seen.c_str());
}

void TestDistCollectives::agreementsOverRanks()
{
    const int port = ys::dist::freePort();
    std::vector<ys::StepAgreement> agreed(2);
    std::vector<ys::ControlAgreement> controls(2);
    onRanks(2, [&](int r) {
        auto dp = ys::DataParallel::join(spec(r, 2, port), torch::Device(torch::kCPU));
        require(dp.ok(), dp.ok() ? "" : dp.error().message);
        ys::StepReport report;
        report.outOfMemory = r == 1;
        report.images = 4;
        report.items = {1.0 + r, 2.0, 3.0 * r};
        report.memory = {100 + r, 200, 300, 400};
        agreed[static_cast<size_t>(r)] = (*dp)->agree(report);
        controls[static_cast<size_t>(r)] = (*dp)->agreeControl(/*stop=*/r == 1, /*pause=*/r == 1);
        require((*dp)->agreeMin(r == 0 ? 12 : 7) == 7, "min");
    });
    for (const auto& a : agreed) {
        QCOMPARE(a.outOfMemory, std::vector<int>{1});   // both ranks know that rank 1 ran out
        QCOMPARE(a.failedRank, -1);
        QCOMPARE(a.images, int64_t(8));
        QCOMPARE(a.items[0], 1.5);
        QCOMPARE(a.items[2], 1.5);
        QCOMPARE(a.memory.size(), size_t(2));
        QCOMPARE(a.memory[1][0], int64_t(101));
    }
    for (const auto& c : controls) {
        QVERIFY(c.stop);     // a stop on any rank stops all
        QVERIFY(!c.pause);   // only rank 0's pause holds the run
    }
}

void TestDistCollectives::differentSettingsAreRefused()
{
    const int port = ys::dist::freePort();
    std::vector<std::optional<ys::Error>> errors(2);
    onRanks(2, [&](int r) {
        auto dp = ys::DataParallel::join(spec(r, 2, port), torch::Device(torch::kCPU));
        require(dp.ok(), dp.ok() ? "" : dp.error().message);
        ys::TrainConfig c;
        c.data = "/data/a.yaml";
        c.lr0 = r == 0 ? 0.01 : 0.02;
        errors[static_cast<size_t>(r)] = (*dp)->checkSameSettings(c);
    });
    for (const auto& e : errors) {
        QVERIFY(e);
        QCOMPARE(QString::fromStdString(e->code), QString("dist.config_mismatch"));
        const QString m = QString::fromStdString(e->message);
        QVERIFY2(m.contains("rank 1") && m.contains("lr0 0.02 (rank 0: 0.01)") && !m.contains('\n'), qPrintable(m));
    }
}

QTEST_GUILESS_MAIN(TestDistCollectives)
#include "test_dist_collectives.moc"
