#include "ui/export/exportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace ys::ui {

ExportDialog::ExportDialog(const Facts& facts, QWidget* parent) : QDialog(parent), facts_(facts)
{
    setObjectName(QStringLiteral("ExportDialog"));
    auto named = [](QWidget* w, const char* name) {
        w->setObjectName(QLatin1String(name));
        return w;
    };
    weightsCombo_ = static_cast<QComboBox*>(named(new QComboBox(this), "weightsCombo"));
    for (const QString& w : facts_.weights)
        weightsCombo_->addItem(QFileInfo(w).fileName(), w);
    targetCombo_ = static_cast<QComboBox*>(named(new QComboBox(this), "targetCombo"));
    for (int i = 0; i < 3; ++i)
        targetCombo_->addItem(QString());
    targetHint_ = static_cast<QLabel*>(named(new QLabel(this), "targetHint"));
    targetHint_->setWordWrap(true);
    targetHint_->setMinimumWidth(420);
    imgszSpin_ = static_cast<QSpinBox*>(named(new QSpinBox(this), "imgszSpin"));
    imgszSpin_->setRange(ExportLimits::minImgsz, ExportLimits::maxImgsz);
    imgszSpin_->setSingleStep(32);
    imgszSpin_->setValue(facts_.imgsz > 0 ? facts_.imgsz : 640);
    imgszSpin_->setSuffix(QStringLiteral(" px"));
    batchSpin_ = static_cast<QSpinBox*>(named(new QSpinBox(this), "batchSpin"));
    batchSpin_->setRange(ExportLimits::minBatch, ExportLimits::maxBatch);
    opsetSpin_ = static_cast<QSpinBox*>(named(new QSpinBox(this), "opsetSpin"));
    opsetSpin_->setRange(ExportLimits::minOpset, ExportLimits::maxOpset);
    dynamicCheck_ = static_cast<QCheckBox*>(named(new QCheckBox(this), "dynamicCheck"));
    halfCheck_ = static_cast<QCheckBox*>(named(new QCheckBox(this), "halfCheck"));
    halfCheck_->setEnabled(facts_.cuda);
    outputEdit_ = static_cast<QLineEdit*>(named(new QLineEdit(this), "outputEdit"));
    browseButton_ = new QPushButton(this);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);

    weightsLabel_ = new QLabel(this);
    targetLabel_ = new QLabel(this);
    imgszLabel_ = new QLabel(this);
    batchLabel_ = new QLabel(this);
    opsetLabel_ = new QLabel(this);
    outputLabel_ = new QLabel(this);
    auto* form = new QFormLayout;
    form->addRow(weightsLabel_, weightsCombo_);
    form->addRow(targetLabel_, targetCombo_);
    form->addRow(QString(), targetHint_);
    form->addRow(imgszLabel_, imgszSpin_);
    form->addRow(batchLabel_, batchSpin_);
    form->addRow(opsetLabel_, opsetSpin_);
    form->addRow(QString(), dynamicCheck_);
    form->addRow(QString(), halfCheck_);
    auto* out = new QHBoxLayout;
    out->addWidget(outputEdit_, 1);
    out->addWidget(browseButton_);
    form->addRow(outputLabel_, out);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons_);

    connect(targetCombo_, &QComboBox::currentIndexChanged, this, &ExportDialog::updateFromTarget);
    connect(dynamicCheck_, &QCheckBox::toggled, this, [this](bool on) { batchSpin_->setEnabled(!on); });
    connect(weightsCombo_, &QComboBox::currentIndexChanged, this, &ExportDialog::updateOutput);
    connect(outputEdit_, &QLineEdit::textEdited, this, [this] { outputEdited_ = true; });
    connect(browseButton_, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    retranslate();
    updateFromTarget();
    updateOutput();
}

ys::ExportOptions ExportDialog::options() const
{
    ys::ExportOptions o;
    o.weights = weightsCombo_->currentData().toString().toStdString();
    o.imgszH = o.imgszW = imgszSpin_->value();
    o.batch = dynamicCheck_->isChecked() ? 1 : batchSpin_->value();
    o.opset = opsetSpin_->value();
    o.dynamic = dynamicCheck_->isChecked();
    o.half = halfCheck_->isChecked();
    o.device = o.half ? "0" : "cpu";
    o.out = outputEdit_->text().trimmed().toStdString();
    return o;
}

void ExportDialog::setTarget(Target target) { targetCombo_->setCurrentIndex(static_cast<int>(target)); }

void ExportDialog::updateFromTarget()
{
    const auto target = static_cast<Target>(targetCombo_->currentIndex());
    const bool custom = target == Target::Custom;
    if (!custom) {
        const ExportTargetSettings preset = exportTargetSettings(target);
        opsetSpin_->setValue(preset.opset);
        dynamicCheck_->setChecked(preset.dynamic);
    }
    opsetSpin_->setEnabled(custom);
    dynamicCheck_->setEnabled(custom);
    batchSpin_->setEnabled(!dynamicCheck_->isChecked());
    switch (target) {
    case Target::OpenCv:
        targetHint_->setText(tr("Loads in OpenCV's DNN module (4.6, as in Debian 12, and newer) and in ONNX Runtime. "
                                "The input size and batch are fixed; the studio runs the file through OpenCV and "
                                "compares it with the trained model before writing it."));
        break;
    case Target::OnnxRuntimeDynamic:
        targetHint_->setText(tr("For ONNX Runtime: any batch and any image size that is a multiple of 32. OpenCV 4.6 "
                                "cannot read such a file. Checked with ONNX's checker only."));
        break;
    case Target::Custom:
        targetHint_->setText(tr("Opset 12 with fixed shapes suits OpenCV; opsets 13 to 17 suit the ONNX Runtime "
                                "releases that implement them (OpenCV 4.6 reads them too when the shapes are fixed)."));
        break;
    }
}

void ExportDialog::updateOutput()
{
    if (outputEdited_)
        return;
    const QString weights = weightsCombo_->currentData().toString();
    if (weights.isEmpty())
        return;
    const QFileInfo fi(weights);
    outputEdit_->setText(QDir::toNativeSeparators(fi.dir().filePath(fi.completeBaseName() + QStringLiteral(".onnx"))));
}

void ExportDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export model"), outputEdit_->text(),
                                                      tr("ONNX model (*.onnx)"));
    if (path.isEmpty())
        return;
    outputEdit_->setText(QDir::toNativeSeparators(path.endsWith(QLatin1String(".onnx"), Qt::CaseInsensitive)
                                                      ? path
                                                      : path + QStringLiteral(".onnx")));
    outputEdited_ = true;
}

void ExportDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void ExportDialog::retranslate()
{
    setWindowTitle(tr("Export model"));
    weightsLabel_->setText(tr("&Weights:"));
    weightsLabel_->setBuddy(weightsCombo_);
    targetLabel_->setText(tr("&For:"));
    targetLabel_->setBuddy(targetCombo_);
    targetCombo_->setItemText(0, tr("OpenCV DNN and ONNX Runtime (fixed size, opset 12)"));
    targetCombo_->setItemText(1, tr("ONNX Runtime, any image size and batch (opset 17)"));
    targetCombo_->setItemText(2, tr("Custom"));
    imgszLabel_->setText(tr("&Image size:"));
    imgszLabel_->setBuddy(imgszSpin_);
    imgszSpin_->setToolTip(tr("Width and height of the input in pixels, a multiple of 32. The weights were trained "
                              "at %1 px.").arg(facts_.imgsz));
    batchLabel_->setText(tr("&Batch:"));
    batchLabel_->setBuddy(batchSpin_);
    batchSpin_->setToolTip(tr("Images per forward pass, fixed in the file"));
    opsetLabel_->setText(tr("&Opset:"));
    opsetLabel_->setBuddy(opsetSpin_);
    dynamicCheck_->setText(tr("&Dynamic batch and image size"));
    halfCheck_->setText(tr("&Half precision (float16, for GPU runtimes)"));
    halfCheck_->setToolTip(facts_.cuda ? tr("Weights, input and output in float16")
                                       : tr("Needs a CUDA GPU, which this computer does not have"));
    outputLabel_->setText(tr("&Save as:"));
    outputLabel_->setBuddy(outputEdit_);
    browseButton_->setText(tr("Browse…"));
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    updateFromTarget();
}

}  // namespace ys::ui
