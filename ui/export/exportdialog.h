#pragma once
// Export model…: the choices of an ONNX export of one run's weights — which weights (best.pt, last.pt), the
// consumer it is for (OpenCV DNN and ONNX Runtime at opset 12 with a fixed size; ONNX Runtime with any size at
// opset 17; or custom opset and shapes), image size, batch, float16 (only with a CUDA device) and the file to
// write (default: next to the weights). What each choice suits is said under it. For weights with a one-to-one
// head (YOLO26) the file's output is a choice too: for OpenCV with NMS after the file (the default, as
// Ultralytics 8.4 exports) or end-to-end (the one-to-one head and its top-k, [B, max_det, 6], Ultralytics'
// nms=False; ONNX Runtime, not OpenCV 4.6) with its max detections; other weights get the first, the second
// disabled with the reason as its tooltip. The output choice and max detections are remembered (QSettings
// export/endToEnd, export/maxDet) when accepted. Children have object names (weightsCombo, targetCombo,
// imgszSpin, batchSpin, opsetSpin, dynamicCheck, halfCheck, outputEdit, targetHint, nmsAfterRadio,
// endToEndRadio, maxDetSpin) for tests. GUI thread only.

#include "export/export.h"

#include <QDialog>
#include <QString>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace ys::ui {

class ExportDialog final : public QDialog {
    Q_OBJECT
public:
    // What the dialog offers, read from the run folder off the GUI thread (ModelExporter).
    struct Facts {
        QString runDir;
        QStringList weights;     // absolute paths of the run's .pt files, best first
        int imgsz = 640;         // the size the weights were trained at
        bool cuda = false;       // a CUDA device is there (half precision needs one)
        bool endToEnd = false;   // the weights have a one-to-one head (YOLO26): the end-to-end file is offered
        QString model;           // what the weights are, e.g. "yolov8n" (said when end-to-end is not offered)
    };
    using Target = ys::ExportTarget;

    explicit ExportDialog(const Facts& facts, QWidget* parent = nullptr);

    // The export the dialog describes now.
    ys::ExportOptions options() const;
    void setTarget(Target target);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateFromTarget();
    void updateHead();
    void updateHint();
    void loadSettings();
    void saveSettings() const;
    void updateOutput();
    void browse();

    Facts facts_;
    QLabel *weightsLabel_, *targetLabel_, *imgszLabel_, *batchLabel_, *opsetLabel_, *outputLabel_, *headLabel_,
        *maxDetLabel_;
    QComboBox* weightsCombo_;
    QComboBox* targetCombo_;
    QLabel* targetHint_;
    QRadioButton *nmsAfterRadio_, *endToEndRadio_;
    QSpinBox *imgszSpin_, *batchSpin_, *opsetSpin_, *maxDetSpin_;
    QCheckBox *dynamicCheck_, *halfCheck_, *agnosticCheck_;
    QLineEdit* outputEdit_;
    QPushButton* browseButton_;
    QDialogButtonBox* buttons_;
    bool outputEdited_ = false;   // the user typed or chose a file: the weights no longer move it
};

}  // namespace ys::ui
