#include "ui/train/setupform.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace ys::ui {
namespace {

const ys::ConfigKey* findKey(const char* name)
{
    for (const ys::ConfigKey& k : ys::configKeys())
        if (std::string(k.name) == name)
            return &k;
    return nullptr;
}

void applyRange(QSpinBox* box, const char* key)
{
    if (const ys::ConfigKey* k = findKey(key); k && k->max > k->min)
        box->setRange(static_cast<int>(k->min), static_cast<int>(k->max));
}

void setHelp(QWidget* w, const char* key)
{
    if (const ys::ConfigKey* k = findKey(key))
        w->setToolTip(QString::fromUtf8(k->help));
}

}  // namespace

SetupForm::SetupForm(QWidget* parent) : QWidget(parent)
{
    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    data_ = new QLineEdit(this);
    data_->setReadOnly(true);
    model_ = new QComboBox(this);
    model_->setEditable(true);
    for (const char* m : {"yolov8n.yaml", "yolov8s.yaml", "yolov8m.yaml", "yolov8l.yaml", "yolov8x.yaml"})
        model_->addItem(QString::fromLatin1(m));
    epochs_ = new QSpinBox(this);
    imgsz_ = new QSpinBox(this);
    imgsz_->setSingleStep(32);
    batch_ = new QSpinBox(this);
    applyRange(epochs_, "epochs");
    applyRange(imgsz_, "imgsz");
    applyRange(batch_, "batch");
    batch_->setMinimum(0);   // 0 shows as "auto" (stored as -1)
    for (auto [w, key] : {std::pair<QWidget*, const char*>{data_, "data"}, {model_, "model"}, {epochs_, "epochs"},
                          {imgsz_, "imgsz"}, {batch_, "batch"}})
        setHelp(w, key);
    dataLabel_[0] = new QLabel(this);
    modelLabel_ = new QLabel(this);
    epochsLabel_ = new QLabel(this);
    imgszLabel_ = new QLabel(this);
    batchLabel_ = new QLabel(this);
    form->addRow(dataLabel_[0], data_);
    form->addRow(modelLabel_, model_);
    form->addRow(epochsLabel_, epochs_);
    form->addRow(imgszLabel_, imgsz_);
    form->addRow(batchLabel_, batch_);
    errors_ = new QLabel(this);
    errors_->setWordWrap(true);
    errors_->setStyleSheet(QStringLiteral("color: #c0392b;"));
    form->addRow(errors_);

    connect(model_, &QComboBox::currentTextChanged, this, &SetupForm::readFields);
    for (QSpinBox* b : {epochs_, imgsz_, batch_})
        connect(b, &QSpinBox::valueChanged, this, &SetupForm::readFields);
    retranslate();
    writeFields();
    revalidate();
}

void SetupForm::retranslate()
{
    dataLabel_[0]->setText(tr("Dataset"));
    modelLabel_->setText(tr("Model"));
    epochsLabel_->setText(tr("Epochs"));
    imgszLabel_->setText(tr("Image size"));
    batchLabel_->setText(tr("Batch"));
    imgsz_->setSuffix(tr(" px"));
    batch_->setSpecialValueText(tr("auto (fit to memory)"));
    data_->setPlaceholderText(tr("Open a dataset on the Dataset page"));
}

void SetupForm::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

ys::TrainConfig SetupForm::config() const
{
    return config_;
}

void SetupForm::setConfig(const ys::TrainConfig& config)
{
    config_ = config;
    writeFields();
    revalidate();
    emit configChanged();
}

void SetupForm::writeFields()
{
    writing_ = true;
    data_->setText(QString::fromStdString(config_.data));
    model_->setCurrentText(QString::fromStdString(config_.model));
    epochs_->setValue(config_.epochs);
    imgsz_->setValue(config_.imgsz);
    batch_->setValue(config_.batch < 1 ? 0 : config_.batch);
    writing_ = false;
}

void SetupForm::readFields()
{
    if (writing_)
        return;
    config_.model = model_->currentText().trimmed().toStdString();
    config_.epochs = epochs_->value();
    config_.imgsz = imgsz_->value();
    config_.batch = batch_->value() < 1 ? -1 : batch_->value();
    revalidate();
    emit configChanged();
}

QStringList SetupForm::errors() const
{
    QStringList out;
    for (const ys::Error& e : config_.validate())
        out << QString::fromStdString(e.message);
    return out;
}

bool SetupForm::isValid() const
{
    return valid_;
}

void SetupForm::revalidate()
{
    const QStringList errs = errors();
    errors_->setText(errs.join(QLatin1Char('\n')));
    errors_->setVisible(!errs.isEmpty());
    const bool valid = errs.isEmpty();
    if (valid != valid_) {
        valid_ = valid;
        emit validityChanged(valid);
    }
}

void SetupForm::applyValues(const QMap<QString, QString>& values, const QString&)
{
    for (auto it = values.begin(); it != values.end(); ++it)
        config_.set(it.key().toStdString(), it.value().toStdString());
    writeFields();
    revalidate();
    emit configChanged();
}

void SetupForm::setReadOnly(bool readOnly)
{
    for (QWidget* w : std::initializer_list<QWidget*>{model_, epochs_, imgsz_, batch_})
        w->setEnabled(!readOnly);
}

}  // namespace ys::ui
