#pragma once
// Export model…: the choices of an ONNX export of one run's weights — which weights (best.pt, last.pt), the
// consumer it is for (OpenCV DNN and ONNX Runtime at opset 12 with a fixed size; ONNX Runtime with any size at
// opset 17; or custom opset and shapes), image size, batch, float16 (only with a CUDA device) and the file to
// write (default: next to the weights). What each choice suits is said under it. Children have object names
// (weightsCombo, targetCombo, imgszSpin, batchSpin, opsetSpin, dynamicCheck, halfCheck, outputEdit,
// targetHint) for tests. GUI thread only.

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
    void updateOutput();
    void browse();

    Facts facts_;
    QLabel *weightsLabel_, *targetLabel_, *imgszLabel_, *batchLabel_, *opsetLabel_, *outputLabel_;
    QComboBox* weightsCombo_;
    QComboBox* targetCombo_;
    QLabel* targetHint_;
    QSpinBox *imgszSpin_, *batchSpin_, *opsetSpin_;
    QCheckBox *dynamicCheck_, *halfCheck_;
    QLineEdit* outputEdit_;
    QPushButton* browseButton_;
    QDialogButtonBox* buttons_;
    bool outputEdited_ = false;   // the user typed or chose a file: the weights no longer move it
};

}  // namespace ys::ui
