#include "ui/config/devicepicker.h"

#include "memory/memory.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QToolButton>
#include <QtConcurrent>

namespace ys::ui {
namespace {

QString bytes(int64_t b)
{
    return QString::fromStdString(ys::memory::formatBytes(b));
}

}  // namespace

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
            return tr("CPU · %1 cores · %2 RAM, %3 free").arg(d.cores).arg(bytes(d.totalBytes), bytes(d.freeBytes));
        return tr("GPU %1 · %2 · %3, %4 free")
            .arg(QString::fromStdString(d.id), name, bytes(d.totalBytes), bytes(d.freeBytes));
    case Qt::ToolTipRole:
        if (!d.cuda)
            return tr("%1\n%2 logical cores, %3 RAM, %4 available now").arg(name).arg(d.cores).arg(
                bytes(d.totalBytes), bytes(d.freeBytes));
        return tr("%1\nCompute capability %2.%3, %4 multiprocessors\n%5 total, %6 free now (other programs "
                  "included)")
            .arg(name)
            .arg(d.computeMajor)
            .arg(d.computeMinor)
            .arg(d.cores)
            .arg(bytes(d.totalBytes), bytes(d.freeBytes));
    case DeviceIdRole: return QString::fromStdString(d.id);
    default: return {};
    }
}

DevicePicker::DevicePicker(QWidget* parent) : QWidget(parent), model_(new DeviceListModel(this))
{
    combo_ = new QComboBox(this);
    combo_->setModel(model_);
    combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo_->setMinimumContentsLength(24);
    refreshButton_ = new QToolButton(this);
    refreshButton_->setAutoRaise(true);
    refreshButton_->setText(QStringLiteral("⟳"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(combo_, 1);
    layout->addWidget(refreshButton_);
    connect(refreshButton_, &QToolButton::clicked, this, &DevicePicker::refresh);
    connect(combo_, &QComboBox::activated, this, [this](int row) {
        const QString id = model_->data(model_->index(row), DeviceListModel::DeviceIdRole).toString();
        if (id == device_)
            return;
        device_ = id;
        model_->setMissingDevice(device_);
        emit deviceChanged(device_);
    });
    retranslate();
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

void DevicePicker::select(const QString& device)
{
    model_->setMissingDevice(device);
    const QSignalBlocker block(combo_);
    combo_->setCurrentIndex(model_->rowOf(device));
}

void DevicePicker::refresh()
{
    if (refreshing_)
        return;
    refreshing_ = true;
    refreshButton_->setEnabled(false);
    // listDevices() may initialise CUDA (seconds): never on the GUI thread.
    using Devices = std::vector<ys::memory::DeviceInfo>;
    jobs_.start(this, []() -> ys::Expected<Devices> { return ys::memory::listDevices(); },
        [this](const ys::Expected<Devices>& devices) {
            refreshing_ = false;
            refreshButton_->setEnabled(true);
            // An exception while listing (a bug) leaves the list empty.
            model_->setDevices(devices ? *devices : Devices{});
            select(device_);
            emit refreshed();
        });
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
    model_->retranslate();
}

}  // namespace ys::ui
