// DeviceMonitor (house item 4 of issue 26): the devices' memory is polled on the pool, never on the GUI thread,
// every interval while someone watches; one monitor serves the device picker's list (here with two fake GPUs
// on a machine that has none) and the Train page's status text. Polls are fakes that record their thread; the
// test synchronises on the monitor's signals.
#include "findchild.h"
#include "ui/common/devicemonitor.h"
#include "ui/config/devicepicker.h"
#include "ui/train/trainpage.h"

#include <QApplication>
#include <QSemaphore>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QThread>
#include <QToolButton>
#include <QtTest>

#include <atomic>
#include <mutex>
#include <set>

using namespace ys::ui;

namespace {

// A stand-in for the engine's calls: counts its polls, notes the threads they ran on, and can hold a poll
// until the test lets it go.
struct FakeDevices {
    std::atomic<int> polls{0};
    std::mutex mutex;
    std::set<QThread*> threads;
    std::vector<std::string> asked;
    QSemaphore gate{1000000};   // acquire(1) per poll: the test takes the permits to hold polls

    DeviceMonitor::StatsPoll stats()
    {
        return [this](const std::string& device) {
            gate.acquire();
            gate.release();
            const int n = ++polls;
            {
                std::lock_guard lock(mutex);
                threads.insert(QThread::currentThread());
                asked.push_back(device);
            }
            ys::memory::MemoryStats s;
            if (device == "cpu" || device == "0" || device == "1") {
                s.deviceTotal = int64_t(8) << 30;
                s.deviceFree = (int64_t(1) << 30) * (n % 8 + 1);
            }
            return s;
        };
    }
    static DeviceMonitor::ListPoll list()
    {
        return [] {
            DeviceMonitor::Listing l;
            l.devices.push_back({"cpu", "Test CPU", false, int64_t(16) << 30, int64_t(8) << 30, 4, 0, 0});
            l.devices.push_back({"0", "Test GPU A", true, int64_t(24) << 30, int64_t(20) << 30, 80, 8, 6});
            l.devices.push_back({"1", "Test GPU B", true, int64_t(24) << 30, int64_t(22) << 30, 80, 8, 6});
            l.driver.usable = true;
            return l;
        };
    }
};

}  // namespace

class TestDeviceMonitor final : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void pollsRunOnThePoolWhileWatched()
    {
        FakeDevices fake;
        DeviceMonitor monitor(fake.stats(), FakeDevices::list());
        monitor.setInterval(20);
        QSignalSpy updated(&monitor, &DeviceMonitor::statsUpdated);
        QVERIFY(!monitor.stats("cpu"));
        QVERIFY(!monitor.hasSample("cpu"));

        // A poll that hangs (a driver starting) does not hold the GUI thread: watch() returns at once.
        fake.gate.acquire(1000000);
        auto reader = std::make_unique<QObject>();
        monitor.watch(reader.get(), QStringLiteral("cpu"));
        QVERIFY(monitor.isPolling());
        QCOMPARE(updated.count(), 0);
        fake.gate.release(1000000);
        QVERIFY(updated.wait(10000));
        QVERIFY(monitor.stats("cpu"));
        QCOMPARE(monitor.stats("cpu")->deviceTotal, int64_t(8) << 30);
        {
            std::lock_guard lock(fake.mutex);
            QVERIFY(!fake.threads.empty());
            QVERIFY(!fake.threads.count(QThread::currentThread()));
        }
        // Then every interval, the new figures each time.
        const int polls = fake.polls;
        QTRY_VERIFY_WITH_TIMEOUT(fake.polls >= polls + 2, 10000);

        // A second reader of another device: both polled; a device that is not there has a sample, no figures.
        QObject other;
        monitor.watch(&other, QStringLiteral("7"));
        QCOMPARE(monitor.watchedDevices(), (QStringList{"7", "cpu"}));
        QTRY_VERIFY_WITH_TIMEOUT(monitor.hasSample("7"), 10000);
        QVERIFY(!monitor.stats("7"));
        QVERIFY(monitor.stats("cpu"));

        // Readers that go stop the polls.
        reader.reset();
        monitor.unwatch(&other);
        QVERIFY(monitor.watchedDevices().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!monitor.isPolling(), 10000);
        const int after = fake.polls;
        QSignalSpy more(&monitor, &DeviceMonitor::statsUpdated);
        QVERIFY(!more.wait(200));   // ten intervals without a poll
        QCOMPARE(int(fake.polls), after);
    }

    void thePickerListsTheMonitorsDevices()
    {
        // Two GPUs on a machine without one: the picker offers them, and the GPUs button for ticking both.
        FakeDevices fake;
        DeviceMonitor monitor(fake.stats(), FakeDevices::list());
        DevicePicker picker(nullptr, &monitor);
        QTRY_VERIFY_WITH_TIMEOUT(!picker.isRefreshing(), 10000);
        QVERIFY(monitor.listing());
        QCOMPARE(picker.model()->rowCount(), 3);
        QCOMPARE(picker.model()->index(1).data(DeviceListModel::DeviceIdRole).toString(), QStringLiteral("0"));
        QVERIFY2(picker.model()->index(2).data().toString().startsWith("GPU 1 · Test GPU B"),
                 qPrintable(picker.model()->index(2).data().toString()));
        QVERIFY(!ys::test::child<QToolButton>(picker, "gpusButton")->isHidden());
        QVERIFY(picker.noGpuReason().isEmpty());
        // Its refresh asks the monitor again.
        QSignalSpy listed(&monitor, &DeviceMonitor::devicesListed);
        picker.refresh();
        QVERIFY(picker.isRefreshing());
        QVERIFY(listed.wait(10000));
        QTRY_VERIFY(!picker.isRefreshing());
    }

    void theTrainPageReadsTheSharedMonitor()
    {
        // The Train page's status text (the status bar's) and pre-flight show the free memory the shared
        // monitor measured on the pool.
        DeviceMonitor* monitor = DeviceMonitor::shared();
        QCOMPARE(DeviceMonitor::shared(), monitor);
        TrainPage page;
        QVERIFY(monitor->watchedDevices().contains(QStringLiteral("cpu")));
        QTRY_VERIFY_WITH_TIMEOUT(monitor->stats(QStringLiteral("cpu")).has_value(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(page.statusText().contains(QStringLiteral("free")), 10000);
        bool deviceLine = false;
        for (const PreflightItem& item : page.preflight().items)
            deviceLine |= item.text.startsWith(QStringLiteral("CPU")) && item.text.contains(QStringLiteral("free of"));
        QVERIFY(deviceLine);
    }
};

QTEST_MAIN(TestDeviceMonitor)
#include "test_devicemonitor.moc"
