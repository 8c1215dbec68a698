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
#include <QButtonGroup>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace ys::ui {
namespace {

// QSettings keys: the output choice (for weights that offer it), the max detections and class-agnostic rows of an
// end-to-end file.
constexpr auto kEndToEndKey = "export/endToEnd";
constexpr auto kMaxDetKey = "export/maxDet";
constexpr auto kAgnosticKey = "export/agnosticNms";

}  // namespace

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
    nmsAfterRadio_ = static_cast<QRadioButton*>(named(new QRadioButton(this), "nmsAfterRadio"));
    endToEndRadio_ = static_cast<QRadioButton*>(named(new QRadioButton(this), "endToEndRadio"));
    auto* head = new QButtonGroup(this);
    head->addButton(nmsAfterRadio_);
    head->addButton(endToEndRadio_);
    nmsAfterRadio_->setChecked(true);
    endToEndRadio_->setEnabled(facts_.endToEnd);
    maxDetSpin_ = static_cast<QSpinBox*>(named(new QSpinBox(this), "maxDetSpin"));
    maxDetSpin_->setRange(ExportLimits::minMaxDet, ExportLimits::maxMaxDet);
    maxDetSpin_->setValue(ys::ExportOptions{}.maxDet);
    agnosticCheck_ = static_cast<QCheckBox*>(named(new QCheckBox(this), "agnosticCheck"));
    outputEdit_ = static_cast<QLineEdit*>(named(new QLineEdit(this), "outputEdit"));
    browseButton_ = new QPushButton(this);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);

    weightsLabel_ = new QLabel(this);
    targetLabel_ = new QLabel(this);
    imgszLabel_ = new QLabel(this);
    batchLabel_ = new QLabel(this);
    opsetLabel_ = new QLabel(this);
    outputLabel_ = new QLabel(this);
    headLabel_ = new QLabel(this);
    maxDetLabel_ = new QLabel(this);
    auto* form = new QFormLayout;
    form->addRow(weightsLabel_, weightsCombo_);
    form->addRow(headLabel_, nmsAfterRadio_);
    form->addRow(QString(), endToEndRadio_);
    form->addRow(maxDetLabel_, maxDetSpin_);
    form->addRow(QString(), agnosticCheck_);
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
    // Tab goes down the form as it reads (the output choice was created after the checks below it).
    setTabOrder(weightsCombo_, nmsAfterRadio_);
    setTabOrder(nmsAfterRadio_, endToEndRadio_);
    setTabOrder(endToEndRadio_, maxDetSpin_);
    setTabOrder(maxDetSpin_, agnosticCheck_);
    setTabOrder(agnosticCheck_, targetCombo_);

    connect(targetCombo_, &QComboBox::currentIndexChanged, this, &ExportDialog::updateFromTarget);
    connect(dynamicCheck_, &QCheckBox::toggled, this, [this](bool on) { batchSpin_->setEnabled(!on); });
    connect(endToEndRadio_, &QRadioButton::toggled, this, &ExportDialog::updateHead);
    connect(weightsCombo_, &QComboBox::currentIndexChanged, this, &ExportDialog::updateOutput);
    connect(outputEdit_, &QLineEdit::textEdited, this, [this] { outputEdited_ = true; });
    connect(browseButton_, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(this, &QDialog::accepted, this, &ExportDialog::saveSettings);
    loadSettings();
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
    o.endToEnd = endToEndRadio_->isEnabled() && endToEndRadio_->isChecked();
    o.maxDet = maxDetSpin_->value();
    o.agnosticNms = o.endToEnd && agnosticCheck_->isChecked();
    return o;
}

void ExportDialog::loadSettings()
{
    const QSettings s;
    const int maxDet = s.value(QLatin1String(kMaxDetKey), maxDetSpin_->value()).toInt();
    maxDetSpin_->setValue(std::clamp(maxDet, ExportLimits::minMaxDet, ExportLimits::maxMaxDet));
    agnosticCheck_->setChecked(s.value(QLatin1String(kAgnosticKey), false).toBool());
    if (facts_.endToEnd && s.value(QLatin1String(kEndToEndKey), false).toBool())
        endToEndRadio_->setChecked(true);
}

// The choice is the user's only where it was offered: exporting a YOLOv8 run keeps what YOLO26 runs get.
void ExportDialog::saveSettings() const
{
    if (!facts_.endToEnd)
        return;
    QSettings s;
    s.setValue(QLatin1String(kEndToEndKey), endToEndRadio_->isChecked());
    s.setValue(QLatin1String(kMaxDetKey), maxDetSpin_->value());
    s.setValue(QLatin1String(kAgnosticKey), agnosticCheck_->isChecked());
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
    updateHint();
}

void ExportDialog::updateHead()
{
    const bool endToEnd = endToEndRadio_->isChecked();
    maxDetSpin_->setEnabled(endToEnd);
    maxDetLabel_->setEnabled(endToEnd);
    agnosticCheck_->setEnabled(endToEnd);
    targetCombo_->setItemText(0, endToEnd ? tr("ONNX Runtime, fixed size (opset 12)")
                                          : tr("OpenCV DNN and ONNX Runtime (fixed size, opset 12)"));
    updateHint();
}

// What the target suits, for the file the output choice makes (an end-to-end file is not OpenCV's).
void ExportDialog::updateHint()
{
    const auto target = static_cast<Target>(targetCombo_->currentIndex());
    const bool endToEnd = endToEndRadio_->isChecked();
    switch (target) {
    case Target::OpenCv:
        if (endToEnd) {
            targetHint_->setText(tr("For ONNX Runtime; the input size and batch are fixed. OpenCV 4.6 cannot run "
                                    "this file (it has no TopK): the studio runs the graph up to the top-k through "
                                    "OpenCV and compares it with the trained model, and checks the whole file with "
                                    "ONNX's checker."));
            break;
        }
        targetHint_->setText(tr("Loads in OpenCV's DNN module (4.6, as in Debian 12, and newer) and in ONNX Runtime. "
                                "The input size and batch are fixed; the studio runs the file through OpenCV and "
                                "compares it with the trained model before writing it."));
        break;
    case Target::OnnxRuntimeDynamic:
        targetHint_->setText(tr("For ONNX Runtime: any batch and any image size that is a multiple of 32. OpenCV 4.6 "
                                "cannot read such a file. Checked with ONNX's checker only."));
        break;
    case Target::Custom:
        if (endToEnd) {
            targetHint_->setText(tr("Opsets 11 to 17 suit the ONNX Runtime releases that implement them. OpenCV "
                                    "4.6 cannot run an end-to-end file at any opset (it has no TopK)."));
            break;
        }
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
    headLabel_->setText(tr("Output:"));
    nmsAfterRadio_->setText(tr("For OpenCV and &NMS after the file"));
    nmsAfterRadio_->setToolTip(tr("Output [batch, 4 + classes, anchors]: the box and the class scores of every "
                                  "anchor; your code runs NMS. Loads in OpenCV DNN and ONNX Runtime (Ultralytics "
                                  "8.4's default export)."));
    endToEndRadio_->setText(tr("End-&to-end, no NMS (ONNX Runtime)"));
    if (facts_.endToEnd)
        endToEndRadio_->setToolTip(tr("The one-to-one head and a top-k inside the file (Ultralytics' nms=False): "
                                      "output [batch, max detections, 6] = x1, y1, x2, y2, score, class, best "
                                      "first; no NMS needed. Needs ONNX Runtime: OpenCV 4.6 has no TopK."));
    else if (facts_.model.isEmpty())
        endToEndRadio_->setToolTip(tr("Only YOLO26 models have the one-to-one head an end-to-end file needs; "
                                      "these weights have none."));
    else
        endToEndRadio_->setToolTip(tr("Only YOLO26 models have the one-to-one head an end-to-end file needs; "
                                      "these weights (%1) have none.")
                                       .arg(facts_.model));
    maxDetLabel_->setText(tr("&Max detections:"));
    maxDetLabel_->setBuddy(maxDetSpin_);
    maxDetSpin_->setToolTip(tr("Detections per image in the output, best first; at most one per anchor of the "
                               "image size"));
    agnosticCheck_->setText(tr("One class per box (class-&agnostic)"));
    agnosticCheck_->setToolTip(tr("Each anchor gives one row, its best class (Ultralytics' agnostic_nms). "
                                  "Unchecked, the best (anchor, class) pairs are kept, so one box may come twice "
                                  "with two classes."));
    outputLabel_->setText(tr("&Save as:"));
    outputLabel_->setBuddy(outputEdit_);
    browseButton_->setText(tr("Browse…"));
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    updateHead();
}

}  // namespace ys::ui
