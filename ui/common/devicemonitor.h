#pragma once
// The devices' memory as the studio shows it, measured off the GUI thread. Every interval (2 s) the free and
// total memory of the devices its readers watch (ys::memory::currentStats), and on request the list of
// devices with the driver's answer (ys::memory::listDevices, cudaDriverStatus): both run on Qt's global pool
// (PoolJobs), since the first CUDA call of a process can take seconds. One per application (shared()), read by
// the Train page (its pre-flight and the status bar's text) and the device picker (its list); tests make
// their own with fake polls. GUI thread only; the polls run on pool threads.

#include "memory/devices.h"
#include "memory/memory.h"
#include "ui/common/pooljob.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class QTimer;

namespace ys::ui {

class DeviceMonitor final : public QObject {
    Q_OBJECT
public:
    // What a listing brings back: the devices, and the driver's answer that says why no GPU is among them.
    struct Listing {
        std::vector<ys::memory::DeviceInfo> devices;
        ys::memory::CudaDriverStatus driver;
    };
    // Called on a pool thread, one call per watched device and poll; must be thread-safe.
    using StatsPoll = std::function<ys::memory::MemoryStats(const std::string& device)>;
    // Called on a pool thread for listDevices().
    using ListPoll = std::function<Listing()>;

    static constexpr int kPollMs = 2000;   // free memory moves as other programs run; 2 s reads as live

    // The engine's calls: ys::memory::currentStats, listDevices and cudaDriverStatus.
    explicit DeviceMonitor(QObject* parent = nullptr);
    DeviceMonitor(StatsPoll stats, ListPoll list, QObject* parent = nullptr);
    ~DeviceMonitor() override;   // waits for a poll still running

    // The application's monitor (made on first use, owned by the application object).
    static DeviceMonitor* shared();

    // `reader` watches `device` (a `device=` text: "cpu", "0"), instead of what it watched before. A device
    // without figures yet is polled at once; every watched device then every interval(), while anyone
    // watches. A reader's watch ends with unwatch() or when it is destroyed.
    void watch(QObject* reader, const QString& device);
    void unwatch(QObject* reader);
    QStringList watchedDevices() const;   // sorted, each once
    bool isPolling() const { return polling_; }

    // The last figures of `device`: nullopt before its first poll ended, and when it has no memory to show
    // (deviceTotal <= 0: not on this machine). hasSample() tells the two apart.
    std::optional<ys::memory::MemoryStats> stats(const QString& device) const;
    bool hasSample(const QString& device) const { return samples_.contains(device); }

    // Lists the devices again; devicesListed() follows (once for requests made while one runs).
    void listDevices();
    bool isListing() const { return listing_; }
    // The last listing; nullopt before the first one ended, or when it failed (a bug: its exception).
    const std::optional<Listing>& listing() const { return lastListing_; }

    void setInterval(int ms);
    int interval() const;

signals:
    // One poll ended: new figures for the devices watched when it started.
    void statsUpdated();
    void devicesListed();

private:
    void poll();
    void updateTimer();

    StatsPoll statsPoll_;
    ListPoll listPoll_;
    QTimer* timer_;
    QHash<QObject*, QString> readers_;
    QHash<QString, ys::memory::MemoryStats> samples_;
    std::optional<Listing> lastListing_;
    bool polling_ = false;
    bool pollAgain_ = false;   // a device was watched while a poll ran: poll once more after it
    bool listing_ = false;
    PoolJobs jobs_;
};

}  // namespace ys::ui
