// listDevices(): the CPU with its cores and memory first, then the CUDA devices (none in a CPU-only build, none
// when the NVIDIA driver cannot serve this build, and then a reason why).
#include "memory/devices.h"
#include "memory/memory.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <future>
#include <thread>
#include <vector>

class TestDevices final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cpuComesFirstWithItsFigures();
    void listAsJson();
    void noGpuSaysWhy();
};

void TestDevices::cpuComesFirstWithItsFigures()
{
    const auto devices = ys::memory::listDevices();
    QVERIFY(!devices.empty());
    const ys::memory::DeviceInfo& cpu = devices.front();
    QCOMPARE(QString::fromStdString(cpu.id), QString("cpu"));
    QVERIFY(!cpu.cuda);
    QVERIFY(!cpu.name.empty());
    QCOMPARE(cpu.cores, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    QCOMPARE(cpu.totalBytes, ys::memory::physicalMemoryBytes());
    QVERIFY(cpu.totalBytes > 0);
    QVERIFY(cpu.freeBytes > 0 && cpu.freeBytes <= cpu.totalBytes);
    for (size_t i = 1; i < devices.size(); ++i) {
        QVERIFY(devices[i].cuda);
        QCOMPARE(QString::fromStdString(devices[i].id), QString::number(i - 1));
        QVERIFY(devices[i].totalBytes > 0);
    }
    if (!ys::memory::cudaBuild())
        QCOMPARE(devices.size(), size_t(1));
    qInfo("%s: %d cores, %lld MiB RAM, %lld MiB free", cpu.name.c_str(), cpu.cores,
          static_cast<long long>(cpu.totalBytes >> 20), static_cast<long long>(cpu.freeBytes >> 20));
}

void TestDevices::listAsJson()
{
    std::vector<ys::memory::DeviceInfo> devices = ys::memory::listDevices(/*freeMemory=*/false);
    ys::memory::DeviceInfo gpu;
    gpu.id = "0";
    gpu.name = "NVIDIA \"Quoted\" GPU";
    gpu.cuda = true;
    gpu.totalBytes = 12LL << 30;
    gpu.freeBytes = 11LL << 30;
    gpu.cores = 28;
    gpu.computeMajor = 8;
    gpu.computeMinor = 6;
    devices.push_back(gpu);
    const auto j = nlohmann::json::parse(ys::memory::devicesToJson(devices));
    QVERIFY(j.is_array());
    QCOMPARE(j.size(), devices.size());
    QCOMPARE(QString::fromStdString(j.front().at("id").get<std::string>()), QString("cpu"));
    QCOMPARE(j.front().at("cuda").get<bool>(), false);
    QCOMPARE(j.front().at("total_bytes").get<int64_t>(), devices.front().totalBytes);
    QCOMPARE(j.front().at("cores").get<int>(), devices.front().cores);
    QVERIFY(!j.front().contains("compute_capability"));
    const auto& g = j.back();
    QCOMPARE(QString::fromStdString(g.at("name").get<std::string>()), QString("NVIDIA \"Quoted\" GPU"));
    QCOMPARE(g.at("cuda").get<bool>(), true);
    QCOMPARE(g.at("total_bytes").get<int64_t>(), 12LL << 30);
    QCOMPARE(g.at("free_bytes").get<int64_t>(), 11LL << 30);
    QCOMPARE(g.at("cores").get<int>(), 28);
    QCOMPARE(QString::fromStdString(g.at("compute_capability").get<std::string>()), QString("8.6"));
}

// The real probe of this process (tests/core/memory/test_cudadriver.cpp tries each answer on a fake driver):
// one status for every caller and thread, and a reason whenever no GPU is listed because of the driver.
void TestDevices::noGpuSaysWhy()
{
    std::vector<std::future<const ys::memory::CudaDriverStatus*>> callers;
    for (int i = 0; i < 4; ++i)
        callers.push_back(std::async(std::launch::async, [] { return &ys::memory::cudaDriverStatus(); }));
    const ys::memory::CudaDriverStatus& driver = ys::memory::cudaDriverStatus();
    for (auto& c : callers)
        QCOMPARE(c.get(), &driver);
    QCOMPARE(driver.buildCudaVersion > 0, ys::memory::cudaBuild());
    QCOMPARE(driver.reason.empty(), driver.usable);
    const std::string why = ys::memory::gpuUnavailableReason();
    if (!ys::memory::cudaBuild())
        QCOMPARE(QString::fromStdString(why), QString("this build of LibTorch has no CUDA"));
    else
        QCOMPARE(why, driver.reason);
    if (!driver.usable)
        QCOMPARE(ys::memory::listDevices(/*freeMemory=*/false).size(), size_t(1));
    qInfo("driver: %s", driver.usable ? "usable" : driver.reason.c_str());
}

QTEST_GUILESS_MAIN(TestDevices)
#include "test_devices.moc"
