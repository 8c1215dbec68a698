#include "ui/common/devicemonitor.h"

#include <QCoreApplication>
#include <QPointer>
#include <QTimer>

#include <algorithm>

namespace ys::ui {
namespace {

using Samples = std::vector<std::pair<std::string, ys::memory::MemoryStats>>;

}  // namespace

DeviceMonitor::DeviceMonitor(QObject* parent)
    : DeviceMonitor([](const std::string& device) { return ys::memory::currentStats(device); },
                    [] { return Listing{ys::memory::listDevices(), ys::memory::cudaDriverStatus()}; }, parent)
{
}

DeviceMonitor::DeviceMonitor(StatsPoll stats, ListPoll list, QObject* parent)
    : QObject(parent), statsPoll_(std::move(stats)), listPoll_(std::move(list)), timer_(new QTimer(this))
{
    timer_->setInterval(kPollMs);
    connect(timer_, &QTimer::timeout, this, &DeviceMonitor::poll);
}

DeviceMonitor::~DeviceMonitor()
{
    jobs_.waitForAll();
}

DeviceMonitor* DeviceMonitor::shared()
{
    static QPointer<DeviceMonitor> monitor;
    if (!monitor)
        monitor = new DeviceMonitor(QCoreApplication::instance());
    return monitor;
}

void DeviceMonitor::watch(QObject* reader, const QString& device)
{
    if (!reader)
        return;
    if (!readers_.contains(reader))
        connect(reader, &QObject::destroyed, this, [this, reader] { unwatch(reader); });
    else if (readers_.value(reader) == device)
        return;
    readers_.insert(reader, device);
    updateTimer();
    if (!samples_.contains(device))
        poll();
}

void DeviceMonitor::unwatch(QObject* reader)
{
    if (readers_.remove(reader) > 0)
        disconnect(reader, &QObject::destroyed, this, nullptr);
    updateTimer();
}

QStringList DeviceMonitor::watchedDevices() const
{
    QStringList devices;
    for (const QString& d : readers_)
        if (!devices.contains(d))
            devices << d;
    devices.sort();
    return devices;
}

std::optional<ys::memory::MemoryStats> DeviceMonitor::stats(const QString& device) const
{
    const auto it = samples_.constFind(device);
    if (it == samples_.constEnd() || it->deviceTotal <= 0)
        return std::nullopt;
    return *it;
}

void DeviceMonitor::setInterval(int ms)
{
    timer_->setInterval(ms);
}

int DeviceMonitor::interval() const
{
    return timer_->interval();
}

void DeviceMonitor::updateTimer()
{
    if (readers_.isEmpty())
        timer_->stop();
    else if (!timer_->isActive())
        timer_->start();
}

void DeviceMonitor::poll()
{
    if (polling_) {
        pollAgain_ = true;
        return;
    }
    std::vector<std::string> devices;
    for (const QString& d : watchedDevices())
        devices.push_back(d.toStdString());
    if (devices.empty())
        return;
    polling_ = true;
    jobs_.start(this, [poll = statsPoll_, devices]() -> ys::Expected<Samples> {
            Samples out;
            for (const std::string& d : devices)
                out.emplace_back(d, poll(d));
            return out;
        },
        [this](const ys::Expected<Samples>& samples) {
            polling_ = false;
            // An exception in a poll (a bug) keeps the last figures.
            if (samples)
                for (const auto& [device, stats] : *samples)
                    samples_.insert(QString::fromStdString(device), stats);
            emit statsUpdated();
            if (std::exchange(pollAgain_, false))
                poll();
        });
}

void DeviceMonitor::listDevices()
{
    if (listing_)
        return;
    listing_ = true;
    jobs_.start(this, [list = listPoll_]() -> ys::Expected<Listing> { return list(); },
        [this](const ys::Expected<Listing>& listing) {
            listing_ = false;
            lastListing_ = listing ? std::optional(*listing) : std::nullopt;
            emit devicesListed();
        });
}

}  // namespace ys::ui
