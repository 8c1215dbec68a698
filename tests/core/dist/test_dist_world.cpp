// The data-parallel world without LibTorch: torchrun's and SLURM's environments, the launch plan and its bad
// input (each a one-line error), the distributed sampler's shards, device lists, and the launcher's worker
// processes (started with the world's environment, reaped, described, ended).
#include "common/device.h"
#include "dist/launcher.h"
#include "dist/sampler.h"
#include "dist/world.h"

#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <numeric>
#include <set>

using ys::dist::Environment;

class TestDistWorld final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void torchrunEnvironment();
    void torchrunAgentStore();
    void legacyTorchrunServesItsOwnStore();
    void slurmEnvironment();
    void plainProcess();
    void badEnvironment();
    void launchPlans();
    void launchBadInput_data();
    void launchBadInput();
    void portInUse();
    void worldBatch();
    void deviceLists();
    void localProcessCount();
    void shardsAreDisjointAndEqual();
    void shardsMatchMicroBatches();
    void workersGetTheirRanks();
    void workerFailuresAreDescribed();
    void finishEndsWorkersLeftRunning();
};

void TestDistWorld::torchrunEnvironment()
{
    const Environment env{{"RANK", "3"},          {"WORLD_SIZE", "4"},       {"LOCAL_RANK", "1"},
                          {"LOCAL_WORLD_SIZE", "2"}, {"GROUP_RANK", "1"},    {"GROUP_WORLD_SIZE", "2"},
                          {"MASTER_ADDR", "10.0.0.5"}, {"MASTER_PORT", "29400"}, {"TORCHELASTIC_RESTART_COUNT", "2"},
                          {"TORCHELASTIC_RUN_ID", "none"}, {"TORCHELASTIC_USE_AGENT_STORE", "False"}};
    auto w = ys::dist::worldFromEnvironment(env);
    QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
    QVERIFY(w->has_value());
    const ys::dist::WorldSpec& s = **w;
    QCOMPARE(s.rank, 3);
    QCOMPARE(s.size, 4);
    QCOMPARE(s.localRank, 1);
    QCOMPARE(s.localSize, 2);
    QCOMPARE(s.nodeRank, 1);
    QCOMPARE(s.nodes, 2);
    QCOMPARE(QString::fromStdString(s.masterAddr), QString("10.0.0.5"));
    QCOMPARE(s.masterPort, 29400);
    QCOMPARE(s.restartCount, 2);
    QVERIFY(!s.agentStore);
    QCOMPARE(QString::fromStdString(s.launcher), QString("torchrun"));
    // The CLI's master_addr= / master_port= / dist_timeout= win.
    auto o = ys::dist::worldFromEnvironment(env, {"node0", 29500, 7});
    QVERIFY(o.ok());
    QCOMPARE(QString::fromStdString((*o)->masterAddr), QString("node0"));
    QCOMPARE((*o)->masterPort, 29500);
    QCOMPARE(static_cast<int>((*o)->timeout.count()), 7);
}

void TestDistWorld::torchrunAgentStore()
{
    const Environment env{{"RANK", "0"}, {"WORLD_SIZE", "2"}, {"LOCAL_RANK", "0"}, {"LOCAL_WORLD_SIZE", "2"},
                          {"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", "29500"},
                          {"TORCHELASTIC_USE_AGENT_STORE", "True"}, {"TORCHELASTIC_RESTART_COUNT", "0"}};
    auto w = ys::dist::worldFromEnvironment(env);
    QVERIFY(w.ok() && w->has_value());
    QVERIFY((*w)->agentStore);
    QCOMPARE((*w)->nodes, 1);
}

// Debian 12's torchrun (PyTorch 1.13) hosts an agent store of the older TCPStore protocol, which LibTorch 2.x
// cannot talk to (it hung at the first query): rank 0 serves the run's own store on the next port instead.
// A torchrun of PyTorch 2.x (no NCCL_ASYNC_ERROR_HANDLING of its own) keeps its agent store.
void TestDistWorld::legacyTorchrunServesItsOwnStore()
{
    Environment env{{"RANK", "1"}, {"WORLD_SIZE", "2"}, {"LOCAL_RANK", "1"}, {"LOCAL_WORLD_SIZE", "2"},
                    {"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", "29500"}, {"TORCHELASTIC_RUN_ID", "none"},
                    {"TORCHELASTIC_USE_AGENT_STORE", "True"}, {"TORCHELASTIC_RESTART_COUNT", "1"},
                    {"NCCL_ASYNC_ERROR_HANDLING", "1"}};
    auto old = ys::dist::worldFromEnvironment(env);
    QVERIFY(old.ok() && old->has_value());
    QVERIFY((*old)->legacyTorchrun);
    QVERIFY(!(*old)->agentStore);
    QCOMPARE((*old)->masterPort, 29501);
    QCOMPARE((*old)->restartCount, 1);
    QCOMPARE(QString::fromStdString((*old)->launcher), QString("torchrun"));

    env.erase("NCCL_ASYNC_ERROR_HANDLING");
    auto current = ys::dist::worldFromEnvironment(env);
    QVERIFY(current.ok() && current->has_value());
    QVERIFY(!(*current)->legacyTorchrun);
    QVERIFY((*current)->agentStore);
    QCOMPARE((*current)->masterPort, 29500);
    // The studio's own launcher is never taken for an old torchrun.
    env["NCCL_ASYNC_ERROR_HANDLING"] = "1";
    env["YS_DIST_LAUNCHER"] = "studio";
    auto studio = ys::dist::worldFromEnvironment(env);
    QVERIFY(studio.ok() && !(*studio)->legacyTorchrun);
}

void TestDistWorld::slurmEnvironment()
{
    Environment env{{"SLURM_PROCID", "5"},         {"SLURM_LOCALID", "1"},  {"SLURM_NODEID", "2"},
                    {"SLURM_STEP_ID", "0"},        {"SLURM_STEP_NUM_TASKS", "6"}, {"SLURM_STEP_NUM_NODES", "3"},
                    {"SLURM_STEP_TASKS_PER_NODE", "2(x3)"}, {"SLURM_RESTART_COUNT", "1"}};
    // SLURM does not know the master: it must be given.
    auto missing = ys::dist::worldFromEnvironment(env);
    QVERIFY(!missing.ok());
    QVERIFY2(QString::fromStdString(missing.error().message).contains("master_addr="),
             missing.error().message.c_str());
    auto w = ys::dist::worldFromEnvironment(env, {"node-a", 0, 0});
    QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
    const ys::dist::WorldSpec& s = **w;
    QCOMPARE(s.rank, 5);
    QCOMPARE(s.size, 6);
    QCOMPARE(s.localRank, 1);
    QCOMPARE(s.localSize, 2);
    QCOMPARE(s.nodeRank, 2);
    QCOMPARE(s.nodes, 3);
    QCOMPARE(s.masterPort, ys::dist::kDefaultMasterPort);
    QCOMPARE(s.restartCount, 1);
    QCOMPARE(QString::fromStdString(s.launcher), QString("slurm"));
    // Uneven nodes: "3,2(x2)" gives node 2 two tasks.
    env["SLURM_STEP_TASKS_PER_NODE"] = "3,2(x2)";
    env["SLURM_STEP_NUM_TASKS"] = "7";
    env["MASTER_ADDR"] = "node-a";
    auto uneven = ys::dist::worldFromEnvironment(env);
    QVERIFY(uneven.ok());
    QCOMPARE((*uneven)->localSize, 2);
}

void TestDistWorld::plainProcess()
{
    auto none = ys::dist::worldFromEnvironment({{"HOME", "/root"}});
    QVERIFY(none.ok() && !none->has_value());
    // A batch script's own step (no step id) and a one-task step are plain processes.
    auto batchScript = ys::dist::worldFromEnvironment({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "4"}});
    QVERIFY(batchScript.ok() && !batchScript->has_value());
    auto oneTask = ys::dist::worldFromEnvironment(
        {{"SLURM_PROCID", "0"}, {"SLURM_STEP_ID", "0"}, {"SLURM_STEP_NUM_TASKS", "1"}});
    QVERIFY(oneTask.ok() && !oneTask->has_value());
}

void TestDistWorld::badEnvironment()
{
    const Environment base{{"RANK", "0"}, {"WORLD_SIZE", "2"}, {"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", "29500"}};
    auto with = [&](const char* key, const char* value) {
        Environment e = base;
        e[key] = value;
        return ys::dist::worldFromEnvironment(e);
    };
    for (auto [key, value, says] : {std::tuple{"RANK", "two", "RANK='two'"}, std::tuple{"RANK", "2", "rank 2"},
                                    std::tuple{"MASTER_PORT", "70000", "MASTER_PORT"}, std::tuple{"MASTER_PORT", "", "MASTER_PORT"},
                                    std::tuple{"MASTER_ADDR", "", "master address"}}) {
        auto w = with(key, value);
        QVERIFY2(!w.ok(), key);
        QCOMPARE(QString::fromStdString(w.error().code), QString("dist.env"));
        QVERIFY2(QString::fromStdString(w.error().message).contains(says), w.error().message.c_str());
        QVERIFY(!QString::fromStdString(w.error().message).contains('\n'));
    }
}

void TestDistWorld::launchPlans()
{
    // One device and no nproc: a plain run.
    auto plain = ys::dist::planLaunch("0", 16, {});
    QVERIFY(plain.ok() && !plain->has_value());
    auto cpu = ys::dist::planLaunch("cpu", 16, {});
    QVERIFY(cpu.ok() && !cpu->has_value());
    // device=0,1,2,3: four processes; this one is rank 0 on a free local port.
    auto gpus = ys::dist::planLaunch("0,1,2,3", 16, {});
    QVERIFY2(gpus.ok(), gpus.ok() ? "" : gpus.error().message.c_str());
    QVERIFY(gpus->has_value());
    QCOMPARE((*gpus)->world.size, 4);
    QCOMPARE((*gpus)->world.localSize, 4);
    QCOMPARE((*gpus)->world.rank, 0);
    QVERIFY((*gpus)->world.masterPort > 0);
    QCOMPARE(QString::fromStdString((*gpus)->world.launcher), QString("studio"));
    // device=cpu nproc=2, and an explicit nproc=1 on one GPU (a one-process world, for the NCCL check).
    ys::dist::LaunchRequest two;
    two.nproc = 2;
    auto cpu2 = ys::dist::planLaunch("cpu", 8, two);
    QVERIFY(cpu2.ok() && cpu2->has_value());
    QCOMPARE((*cpu2)->world.size, 2);
    ys::dist::LaunchRequest one;
    one.nproc = 1;
    auto gpu1 = ys::dist::planLaunch("0", 8, one);
    QVERIFY(gpu1.ok() && gpu1->has_value());
    QCOMPARE((*gpu1)->world.size, 1);
    // Node 1 of 2 with 2 GPUs: ranks 2 and 3.
    ys::dist::LaunchRequest node1;
    node1.nnodes = 2;
    node1.nodeRank = 1;
    node1.masterAddr = "10.0.0.1";
    auto n1 = ys::dist::planLaunch("0,1", 16, node1);
    QVERIFY(n1.ok() && n1->has_value());
    QCOMPARE((*n1)->world.size, 4);
    QCOMPARE((*n1)->world.rank, 2);
    QCOMPARE((*n1)->world.masterPort, ys::dist::kDefaultMasterPort);
}

void TestDistWorld::launchBadInput_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("nproc");    // -1: not given
    QTest::addColumn<int>("nnodes");
    QTest::addColumn<int>("nodeRank");
    QTest::addColumn<QString>("masterAddr");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("says");
    QTest::newRow("nproc=0") << "cpu" << 16 << 0 << 1 << 0 << "" << "dist.nproc" << "nproc=0 starts no process";
    QTest::newRow("device=0,0") << "0,0" << 16 << -1 << 1 << 0 << "" << "device.duplicate" << "names GPU 0 twice";
    QTest::newRow("cpu in a list") << "0,cpu" << 16 << -1 << 1 << 0 << "" << "device.unknown" << "nproc=N";
    QTest::newRow("nproc vs list") << "0,1" << 16 << 3 << 1 << 0 << "" << "dist.nproc" << "lists 2 GPUs";
    QTest::newRow("nproc on one GPU") << "0" << 16 << 2 << 1 << 0 << "" << "dist.nproc" << "device=0,1";
    QTest::newRow("batch 16 over 3") << "cpu" << 16 << 3 << 1 << 0 << "" << "dist.batch" << "15 or 18";
    QTest::newRow("batch 2 over 4") << "cpu" << 2 << 4 << 1 << 0 << "" << "dist.batch" << "smaller than the 4";
    QTest::newRow("node_rank out") << "cpu" << 16 << 2 << 2 << 2 << "h" << "dist.launch" << "node_rank=2";
    QTest::newRow("no master") << "cpu" << 16 << 2 << 2 << 1 << "" << "dist.launch" << "master_addr=HOST";
}

void TestDistWorld::launchBadInput()
{
    QFETCH(QString, device);
    QFETCH(int, batch);
    QFETCH(int, nproc);
    QFETCH(int, nnodes);
    QFETCH(int, nodeRank);
    QFETCH(QString, masterAddr);
    QFETCH(QString, code);
    QFETCH(QString, says);
    ys::dist::LaunchRequest r;
    if (nproc >= 0)
        r.nproc = nproc;
    r.nnodes = nnodes;
    r.nodeRank = nodeRank;
    r.masterAddr = masterAddr.toStdString();
    auto plan = ys::dist::planLaunch(device.toStdString(), batch, r);
    QVERIFY(!plan.ok());
    QCOMPARE(QString::fromStdString(plan.error().code), code);
    const QString message = QString::fromStdString(plan.error().message);
    QVERIFY2(message.contains(says), qPrintable(message));
    QVERIFY(!message.contains('\n'));
}

void TestDistWorld::portInUse()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QVERIFY(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    QVERIFY(::listen(fd, 1) == 0);
    socklen_t len = sizeof addr;
    QVERIFY(::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
    const int port = ntohs(addr.sin_port);
    QVERIFY(!ys::dist::portIsFree(port));
    ys::dist::LaunchRequest r;
    r.nproc = 2;
    r.masterPort = port;
    auto plan = ys::dist::planLaunch("cpu", 8, r);
    ::close(fd);
    QVERIFY(!plan.ok());
    QCOMPARE(QString::fromStdString(plan.error().code), QString("dist.port_in_use"));
    QVERIFY(QString::fromStdString(plan.error().message).contains("master_port=" + QString::number(port)));
    QVERIFY(ys::dist::portIsFree(port));
}

void TestDistWorld::worldBatch()
{
    QVERIFY(!ys::dist::checkWorldBatch(16, 1));
    QVERIFY(!ys::dist::checkWorldBatch(16, 4));
    QVERIFY(!ys::dist::checkWorldBatch(-1, 3));   // batch=auto fits per process
    auto e = ys::dist::checkWorldBatch(10, 4);
    QVERIFY(e);
    QVERIFY2(QString::fromStdString(e->message).contains("8 or 12"), e->message.c_str());
}

void TestDistWorld::deviceLists()
{
    auto list = ys::parseDevices("0, 1,cuda:3");
    QVERIFY(list.ok());
    QCOMPARE(static_cast<int>(list->size()), 3);
    QCOMPARE((*list)[2].index, 3);
    QVERIFY(!ys::parseDevices("0,,1").ok());
    QVERIFY(!ys::parseDevice("0,1").ok());   // one process: one device
    auto r1 = ys::deviceForLocalRank("0,1", 1, 2);
    QVERIFY(r1.ok() && r1->cuda && r1->index == 1);
    auto cpu = ys::deviceForLocalRank("cpu", 1, 2);
    QVERIFY(cpu.ok() && !cpu->cuda);
    auto cuda = ys::deviceForLocalRank("cuda", 1, 2);   // torchrun's convention: GPU = local rank
    QVERIFY(cuda.ok() && cuda->index == 1);
    auto one = ys::deviceForLocalRank("0", 1, 2);
    QVERIFY(!one.ok());
    QCOMPARE(QString::fromStdString(one.error().code), QString("device.ranks"));
    auto wrongLength = ys::deviceForLocalRank("0,1,2", 0, 2);
    QVERIFY(!wrongLength.ok());
    QVERIFY(QString::fromStdString(wrongLength.error().message).contains("lists 3 GPUs"));
}

// The processes of a run on this machine, counted one way for the launch, the fit and the Train page.
void TestDistWorld::localProcessCount()
{
    QCOMPARE(ys::dist::localProcesses("cpu", 0), 1);
    QCOMPARE(ys::dist::localProcesses("cpu", 2), 2);
    QCOMPARE(ys::dist::localProcesses("0", 0), 1);
    QCOMPARE(ys::dist::localProcesses("0,1,2", 0), 3);    // one process per listed GPU
    QCOMPARE(ys::dist::localProcesses("0,1", 2), 2);
    QCOMPARE(ys::dist::localProcesses("0,,1", 0), 1);     // not a device list: planLaunch says why
    ys::dist::LaunchRequest three;
    three.nproc = 3;
    auto plan = ys::dist::planLaunch("cpu", 6, three);
    QVERIFY(plan.ok() && plan->has_value());
    QCOMPARE((*plan)->world.localSize, ys::dist::localProcesses("cpu", 3));
}

void TestDistWorld::shardsAreDisjointAndEqual()
{
    for (int images : {1, 7, 16, 37, 100}) {
        for (int world : {1, 2, 3, 4}) {
            for (int batch : {1, 3, 8}) {
                const int padded = ys::dist::paddedLength(images, world);
                std::vector<int> seen(static_cast<size_t>(padded), 0);
                size_t batches = 0;
                for (int rank = 0; rank < world; ++rank) {
                    const auto shard = ys::dist::shardBatches(images, batch, rank, world);
                    if (rank == 0)
                        batches = shard.size();
                    QCOMPARE(shard.size(), batches);   // every rank steps the same number of times
                    for (const auto& b : shard) {
                        QVERIFY(b.end > b.begin);        // never an empty batch
                        QVERIFY(b.end - b.begin <= batch);
                        for (int p = b.begin; p < b.end; ++p)
                            ++seen[static_cast<size_t>(p)];
                    }
                }
                for (int c : seen)
                    QCOMPARE(c, 1);   // each position of the padded order exactly once
            }
        }
    }
    std::vector<int> order(5);
    std::iota(order.begin(), order.end(), 10);
    const std::vector<int> padded = ys::dist::paddedOrder(order, 4);
    QCOMPARE(padded, (std::vector<int>{10, 11, 12, 13, 14, 10, 11, 12}));
}

void TestDistWorld::shardsMatchMicroBatches()
{
    // Rank r's batch k is the r-th micro-batch of batch k of one process at batch x world.
    const int images = 48, batch = 4, world = 3;
    for (int rank = 0; rank < world; ++rank) {
        const auto shard = ys::dist::shardBatches(images, batch, rank, world);
        for (size_t k = 0; k < shard.size(); ++k) {
            QCOMPARE(shard[k].begin, static_cast<int>(k) * batch * world + rank * batch);
            QCOMPARE(shard[k].end, shard[k].begin + batch);
            QCOMPARE(shard[k].worldBatch, static_cast<int>(k));
        }
    }
}

namespace {

ys::dist::WorldSpec threeLocal()
{
    ys::dist::WorldSpec w;
    w.size = 3;
    w.localSize = 3;
    w.masterAddr = "127.0.0.1";
    w.masterPort = 29999;
    w.launcher = "studio";
    return w;
}

}  // namespace

void TestDistWorld::workersGetTheirRanks()
{
    // Each worker checks its own environment and exits 0 only when it is what the launcher promised.
    auto workers = ys::dist::LocalWorkers::start(
        threeLocal(), {"/bin/sh", "-c",
                       "test \"$WORLD_SIZE\" = 3 && test \"$LOCAL_WORLD_SIZE\" = 3 && test \"$RANK\" = \"$LOCAL_RANK\" "
                       "&& test \"$MASTER_PORT\" = 29999 && test \"$YS_DIST_LAUNCHER\" = studio && exit $((40 + RANK))"});
    QVERIFY2(workers.ok(), workers.ok() ? "" : workers.error().message.c_str());
    QCOMPARE((*workers)->count(), 2);
    const auto exits = (*workers)->finish(std::chrono::seconds(60));
    QCOMPARE(static_cast<int>(exits.size()), 2);
    std::set<int> codes;
    for (const auto& e : exits) {
        QVERIFY(!e.signaled);
        QCOMPARE(e.status, 40 + e.rank);   // the rank in its environment is the one the launcher recorded
        codes.insert(e.rank);
    }
    QCOMPARE(codes, (std::set<int>{1, 2}));
}

void TestDistWorld::workerFailuresAreDescribed()
{
    auto workers = ys::dist::LocalWorkers::start(threeLocal(),
                                                 {"/bin/sh", "-c", "if [ \"$RANK\" = 1 ]; then kill -9 $$; fi; exit 3"});
    QVERIFY(workers.ok());
    const auto exits = (*workers)->finish(std::chrono::seconds(60));
    QCOMPARE(static_cast<int>(exits.size()), 2);
    for (const auto& e : exits) {
        const QString text = QString::fromStdString(e.describe());
        if (e.rank == 1) {
            QVERIFY(e.signaled);
            QVERIFY2(text.contains("rank 1") && text.contains("killed by signal 9 (SIGKILL)"), qPrintable(text));
        } else {
            QVERIFY2(text.contains("rank 2") && text.contains("exited with code 3"), qPrintable(text));
        }
    }
    QVERIFY((*workers)->firstFailure());
    // A program that does not exist is a one-line error naming it.
    auto missing = ys::dist::LocalWorkers::start(threeLocal(), {"/nonexistent/yolostudio-cli", "train"});
    QVERIFY(!missing.ok());
    QCOMPARE(QString::fromStdString(missing.error().code), QString("dist.spawn"));
    QVERIFY(QString::fromStdString(missing.error().message).contains("/nonexistent/yolostudio-cli"));
}

void TestDistWorld::finishEndsWorkersLeftRunning()
{
    // Workers that would run for ever: finish() with no grace ends them (SIGTERM), and none is left.
    auto workers = ys::dist::LocalWorkers::start(threeLocal(), {"/bin/sh", "-c", "exec sleep 1000"});
    QVERIFY(workers.ok());
    const auto exits = (*workers)->finish(std::chrono::milliseconds(0));
    QCOMPARE(static_cast<int>(exits.size()), 2);
    for (const auto& e : exits) {
        QVERIFY(e.signaled);
        QCOMPARE(e.status, SIGTERM);
        QVERIFY(::kill(e.pid, 0) != 0);   // reaped: no such process
    }
}

QTEST_GUILESS_MAIN(TestDistWorld)
#include "test_dist_world.moc"
