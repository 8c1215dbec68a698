#include "ui/config/devicepicker.h"

#include "common/device.h"
#include "memory/memory.h"
#include "ui/common/bytes.h"
#include "ui/common/devicetext.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QSpinBox>
#include <QStringList>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {
// The CPU's process count the user last chose, for the next session.
constexpr auto kProcessesKey = "devicePicker/cpuProcesses";
}  // namespace

namespace ys::ui {

DeviceListModel::DeviceListModel(QObject* parent) : QAbstractListModel(parent) {}

void DeviceListModel::setDevices(std::vector<ys::memory::DeviceInfo> devices)
{
    beginResetModel();
    devices_ = std::move(devices);
    if (rowOfDevice(missing_) >= 0)
        missing_.clear();
    endResetModel();
}

int DeviceListModel::rowOfDevice(const QString& id) const
{
    for (size_t i = 0; i < devices_.size(); ++i)
        if (QString::fromStdString(devices_[i].id) == id)
            return static_cast<int>(i);
    return -1;
}

void DeviceListModel::setMissingDevice(const QString& id)
{
    const QString want = rowOfDevice(id) >= 0 ? QString() : id;
    if (want == missing_)
        return;
    const int row = static_cast<int>(devices_.size());
    if (!missing_.isEmpty()) {
        beginRemoveRows({}, row, row);
        missing_.clear();
        endRemoveRows();
    }
    if (!want.isEmpty()) {
        beginInsertRows({}, row, row);
        missing_ = want;
        endInsertRows();
    }
}

std::vector<int> DeviceListModel::listedGpus(const QString& id) const
{
    const auto specs = ys::parseDevices(id.toStdString());
    if (!specs || specs->size() < 2)
        return {};
    std::vector<int> out;
    for (const ys::DeviceSpec& d : *specs) {
        if (!d.cuda || rowOfDevice(QString::number(d.index)) < 0)
            return {};
        out.push_back(d.index);
    }
    return out;
}

int DeviceListModel::rowOf(const QString& id) const
{
    const int row = rowOfDevice(id);
    if (row >= 0)
        return row;
    return !missing_.isEmpty() && missing_ == id ? static_cast<int>(devices_.size()) : -1;
}

void DeviceListModel::retranslate()
{
    if (rowCount() > 0)
        emit dataChanged(index(0), index(rowCount() - 1), {Qt::DisplayRole, Qt::ToolTipRole});
}

int DeviceListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(devices_.size()) + (missing_.isEmpty() ? 0 : 1);
}

QVariant DeviceListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const size_t row = static_cast<size_t>(index.row());
    if (row == devices_.size() && !listedGpus(missing_).empty()) {   // several GPUs of this machine
        const std::vector<int> gpus = listedGpus(missing_);
        QStringList ids;
        for (int g : gpus)
            ids << QString::number(g);
        switch (role) {
        case Qt::DisplayRole:
            return tr("GPUs %1 · one training process each").arg(ids.join(QStringLiteral(", ")));
        case Qt::ToolTipRole:
            return tr("Data parallel: %1 processes, one per GPU; the batch is split between them.")
                .arg(gpus.size());
        case DeviceIdRole: return missing_;
        default: return {};
        }
    }
    if (row == devices_.size()) {
        switch (role) {
        case Qt::DisplayRole: return tr("%1 (not found on this machine)").arg(missing_);
        case Qt::ToolTipRole:
            return tr("This device is not present here. The setting is kept; a run started on this machine "
                      "with it will fail.");
        case DeviceIdRole: return missing_;
        default: return {};
        }
    }
    const ys::memory::DeviceInfo& d = devices_[row];
    const QString name = QString::fromStdString(d.name);
    switch (role) {
    case Qt::DisplayRole:
        if (!d.cuda)
            return tr("CPU · %1 cores · %2 RAM, %3 free")
                .arg(d.cores)
                .arg(formatBytes(d.totalBytes), formatBytes(d.freeBytes));
        return tr("GPU %1 · %2 · %3, %4 free")
            .arg(QString::fromStdString(d.id), name, formatBytes(d.totalBytes), formatBytes(d.freeBytes));
    case Qt::ToolTipRole:
        if (!d.cuda)
            return tr("%1\n%2 logical cores, %3 RAM, %4 available now").arg(name).arg(d.cores).arg(
                formatBytes(d.totalBytes), formatBytes(d.freeBytes));
        return tr("%1\nCompute capability %2.%3, %4 multiprocessors\n%5 total, %6 free now (other programs "
                  "included)")
            .arg(name)
            .arg(d.computeMajor)
            .arg(d.computeMinor)
            .arg(d.cores)
            .arg(formatBytes(d.totalBytes), formatBytes(d.freeBytes));
    case DeviceIdRole: return QString::fromStdString(d.id);
    default: return {};
    }
}

DevicePicker::DevicePicker(QWidget* parent, DeviceMonitor* monitor)
    : QWidget(parent), model_(new DeviceListModel(this)), monitor_(monitor ? monitor : DeviceMonitor::shared())
{
    combo_ = new QComboBox(this);
    combo_->setModel(model_);
    combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo_->setMinimumContentsLength(14);   // the box takes its row; its minimum leaves the form narrow
    gpusButton_ = new QToolButton(this);
    gpusButton_->setObjectName(QStringLiteral("gpusButton"));
    gpusButton_->setPopupMode(QToolButton::InstantPopup);
    gpusMenu_ = new QMenu(gpusButton_);
    gpusButton_->setMenu(gpusMenu_);
    gpusButton_->hide();
    processSpin_ = new QSpinBox(this);
    processSpin_->setObjectName(QStringLiteral("processSpin"));
    processSpin_->setRange(1, kMaxProcesses);
    processSpin_->setValue(std::clamp(QSettings().value(QLatin1String(kProcessesKey), 1).toInt(), 1, kMaxProcesses));
    refreshButton_ = new QToolButton(this);
    refreshButton_->setAutoRaise(true);
    refreshButton_->setText(QStringLiteral("⟳"));
    noGpuLabel_ = new QLabel(this);
    noGpuLabel_->setObjectName(QStringLiteral("noGpuLabel"));
    noGpuLabel_->setWordWrap(true);
    noGpuLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);   // to paste into a search or a report
    noGpuLabel_->hide();
    // The device on a line of its own (its text is long: name, cores or memory, free memory), the GPUs
    // button or the processes box under it, so that neither is pushed out of a narrow setup pane.
    auto* row = new QHBoxLayout;
    row->addWidget(combo_, 1);
    auto* second = new QHBoxLayout;
    second->addWidget(gpusButton_);
    second->addWidget(processSpin_);
    second->addWidget(refreshButton_);
    second->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addLayout(second);
    layout->addWidget(noGpuLabel_);
    connect(processSpin_, &QSpinBox::valueChanged, this, [this](int n) {
        if (processSpin_->signalsBlocked())
            return;
        QSettings().setValue(QLatin1String(kProcessesKey), n);
        emit processesChanged(n);
    });
    connect(refreshButton_, &QToolButton::clicked, this, &DevicePicker::refresh);
    connect(monitor_, &DeviceMonitor::devicesListed, this, &DevicePicker::showListing);
    connect(combo_, &QComboBox::activated, this, [this](int row) {
        const QString id = model_->data(model_->index(row), DeviceListModel::DeviceIdRole).toString();
        if (id == device_)
            return;
        device_ = id;
        model_->setMissingDevice(device_);
        rebuildGpuMenu();
        updateProcessBox();
        emit deviceChanged(device_);
    });
    retranslate();
    updateProcessBox();
    refresh();
}

DevicePicker::~DevicePicker() = default;

QString DevicePicker::device() const
{
    return device_;
}

void DevicePicker::setDevice(const QString& device)
{
    device_ = device;
    select(device);
}

int DevicePicker::processes() const
{
    const auto d = ys::parseDevices(device_.toStdString());
    return d && !d->empty() && !d->front().cuda ? processSpin_->value() : 0;
}

void DevicePicker::setProcesses(int processes)
{
    const QSignalBlocker block(processSpin_);
    processSpin_->setValue(std::clamp(processes, 1, kMaxProcesses));
}

void DevicePicker::select(const QString& device)
{
    model_->setMissingDevice(device);
    {
        const QSignalBlocker block(combo_);
        combo_->setCurrentIndex(model_->rowOf(device));
    }
    rebuildGpuMenu();
    updateProcessBox();
}

void DevicePicker::updateProcessBox()
{
    const auto d = ys::parseDevices(device_.toStdString());
    processSpin_->setVisible(d && !d->empty() && !d->front().cuda);
}

void DevicePicker::rebuildGpuMenu()
{
    gpusMenu_->clear();
    std::vector<int> ticked = model_->listedGpus(device_);
    if (ticked.empty())
        if (const auto one = ys::parseDevice(device_.toStdString()); one && one->cuda)
            ticked.push_back(one->index);
    int gpus = 0;
    for (const ys::memory::DeviceInfo& d : model_->devices()) {
        if (!d.cuda)
            continue;
        ++gpus;
        QAction* a = gpusMenu_->addAction(tr("GPU %1 · %2").arg(QString::fromStdString(d.id), QString::fromStdString(d.name)));
        a->setCheckable(true);
        a->setData(QString::fromStdString(d.id));
        a->setChecked(std::find(ticked.begin(), ticked.end(), QString::fromStdString(d.id).toInt()) != ticked.end());
        connect(a, &QAction::toggled, this, [this, a] { gpusTicked(a); });
    }
    gpusButton_->setVisible(gpus >= 2);
}

void DevicePicker::gpusTicked(QAction* ticked)
{
    QStringList ids;
    for (const QAction* a : gpusMenu_->actions())
        if (a->isChecked())
            ids << a->data().toString();
    if (ids.isEmpty()) {   // at least one device: the untick is undone
        const QSignalBlocker block(ticked);
        ticked->setChecked(true);
        return;
    }
    const QString id = ids.join(QLatin1Char(','));
    if (id == device_)
        return;
    device_ = id;
    model_->setMissingDevice(device_);
    {
        const QSignalBlocker block(combo_);
        combo_->setCurrentIndex(model_->rowOf(device_));
    }
    updateProcessBox();
    emit deviceChanged(device_);
}

void DevicePicker::refresh()
{
    if (refreshing_)
        return;
    refreshing_ = true;
    refreshButton_->setEnabled(false);
    // listDevices() may initialise CUDA (seconds), and the driver's first answer starts it (cuInit): the
    // monitor asks on the pool.
    monitor_->listDevices();
}

void DevicePicker::showListing()
{
    refreshing_ = false;
    refreshButton_->setEnabled(true);
    // A listing that failed (a bug: its exception) leaves the list empty.
    const auto& listing = monitor_->listing();
    model_->setDevices(listing ? listing->devices : std::vector<ys::memory::DeviceInfo>{});
    driver_ = listing ? std::optional(listing->driver) : std::nullopt;
    select(device_);
    updateNoGpuLabel();
    emit refreshed();
}

QString DevicePicker::noGpuReason() const
{
    if (!driver_)
        return {};
    for (const ys::memory::DeviceInfo& d : model_->devices())
        if (d.cuda)
            return {};
    return DeviceText::noGpuReason(*driver_, ys::memory::cudaBuild());
}

void DevicePicker::updateNoGpuLabel()
{
    const QString reason = noGpuReason();
    noGpuLabel_->setText(reason.isEmpty() ? QString() : tr("No GPU: %1").arg(reason));
    noGpuLabel_->setVisible(!reason.isEmpty());
}

void DevicePicker::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DevicePicker::retranslate()
{
    refreshButton_->setToolTip(tr("List the devices again (free memory changes as other programs run)"));
    gpusButton_->setText(tr("GPUs"));
    gpusButton_->setToolTip(tr("Train on several GPUs at once: one process per ticked GPU (data parallel)"));
    processSpin_->setPrefix(tr("× "));
    processSpin_->setSuffix(tr(" processes"));
    processSpin_->setSpecialValueText(tr("× 1 process"));   // the minimum, in the singular
    processSpin_->setToolTip(tr("Training processes on the CPU (data parallel, nproc): each trains its share of "
                                "the batch on its share of the cores"));
    model_->retranslate();
    rebuildGpuMenu();
    updateNoGpuLabel();
}

}  // namespace ys::ui
