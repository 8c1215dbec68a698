#pragma once
// Device picker: the CPU and every CUDA device with its name, total and free memory (core's
// ys::memory::listDevices(), listed off the GUI thread by the application's DeviceMonitor), and a refresh button. The value is the text of the
// `device` setting ("cpu", "0", ...); a value not found on this machine stays selected and says so.
// Data parallel: with two or more GPUs, the GPUs button ticks several of them (Ultralytics' "0,1", one
// training process each); on the CPU, the processes box sets how many processes train (`nproc`, 1 = one
// process as before). Neither is a second meaning of `device`: the device text stays core's (parseDevices).
// Without a GPU in the list, a line under it says why (no NVIDIA driver, a driver too old for this build's
// CUDA, no GPU visible: core's memory::cudaDriverStatus(), asked in the same pool job as the list).

#include "memory/devices.h"
#include "ui/common/devicemonitor.h"

#include <QAbstractListModel>
#include <QWidget>

#include <optional>
#include <vector>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QSpinBox;
class QToolButton;

namespace ys::ui {

// One row per device, plus a last row for a `device` value this machine does not have.
class DeviceListModel final : public QAbstractListModel {
    Q_OBJECT
public:
    static constexpr int DeviceIdRole = Qt::UserRole + 1;  // QString: the device= value

    explicit DeviceListModel(QObject* parent = nullptr);

    void setDevices(std::vector<ys::memory::DeviceInfo> devices);
    const std::vector<ys::memory::DeviceInfo>& devices() const { return devices_; }
    // Adds (or clears, with an empty id or one of the devices) the row for a value not on this machine.
    void setMissingDevice(const QString& id);
    // Row of `id`, or -1. A list of listed GPUs ("0,1") has its own row (as a value not on this machine).
    int rowOf(const QString& id) const;
    // The GPUs a device text lists that this machine has ("0,1" -> {0, 1}); empty when it names anything else.
    std::vector<int> listedGpus(const QString& id) const;
    void retranslate();  // display texts are translated: tell views they changed

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    int rowOfDevice(const QString& id) const;  // among the listed devices only

    std::vector<ys::memory::DeviceInfo> devices_;
    QString missing_;
};

class DevicePicker final : public QWidget {
    Q_OBJECT
public:
    // `monitor` lists the devices (DeviceMonitor::shared() when null; it outlives the picker).
    explicit DevicePicker(QWidget* parent = nullptr, DeviceMonitor* monitor = nullptr);
    ~DevicePicker() override;

    QString device() const;
    // Selects `device` without emitting deviceChanged.
    void setDevice(const QString& device);
    // Training processes on this machine for the CPU (nproc=; 1..kMaxProcesses); 0 when the device is not the
    // CPU (a GPU list counts its own processes).
    int processes() const;
    // The user's choice is remembered for the next session (QSettings). Sets the CPU's process count without
    // emitting processesChanged (nor remembering it).
    void setProcesses(int processes);
    static constexpr int kMaxProcesses = 64;
    // Lists the devices again off the GUI thread (the monitor's listDevices); refreshed() follows, also after a
    // listing another picker of the same monitor asked for.
    void refresh();
    bool isRefreshing() const { return refreshing_; }
    // Why no GPU is listed, translated (DeviceText::noGpuReason); empty while a GPU is listed or before the
    // first list. The line under the picker shows it; the Train page's pre-flight repeats it.
    QString noGpuReason() const;
    DeviceListModel* model() const { return model_; }

signals:
    void deviceChanged(const QString& device);  // the user picked another device (or ticked GPUs)
    void processesChanged(int processes);       // the user changed the CPU's process count
    void refreshed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void select(const QString& device);
    void rebuildGpuMenu();         // one checkable action per listed GPU, ticked as device_ says
    void gpusTicked(QAction* ticked);   // the menu's ticks became the device
    void updateProcessBox();       // shown for the CPU only
    void updateNoGpuLabel();       // shown when the list has no GPU
    void showListing();            // the monitor's last listing into the list

    DeviceListModel* model_;
    QComboBox* combo_;
    QToolButton* gpusButton_;
    QMenu* gpusMenu_;
    QSpinBox* processSpin_;
    QToolButton* refreshButton_;
    QLabel* noGpuLabel_;
    std::optional<ys::memory::CudaDriverStatus> driver_;   // the driver's answer, with the last list
    QString device_ = QStringLiteral("cpu");
    bool refreshing_ = false;
    DeviceMonitor* monitor_;
};

}  // namespace ys::ui
