// listDevices(): the CPU with its cores and memory first, then the CUDA devices (none in a CPU-only build).
#include "memory/devices.h"
#include "memory/memory.h"

#include <QtTest>

#include <thread>

class TestDevices final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cpuComesFirstWithItsFigures();
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

QTEST_GUILESS_MAIN(TestDevices)
#include "test_devices.moc"
