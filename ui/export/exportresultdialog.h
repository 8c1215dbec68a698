#pragma once
// What Export model… wrote and how to use it: the file, its input (name, type, shape, RGB 0..1, letterboxed)
// and output (layout of the rows; an end-to-end file's detections and that ONNX Runtime, not OpenCV 4.6, reads
// it), the classes, how it was checked, and the lines that load it in OpenCV (not for an end-to-end file) and
// ONNX Runtime and check it with the studio (an end-to-end file: its weights with nms=false) (copyable). Open Folder shows the file. Children have object names (fileValue,
// inputValue, outputValue, classesValue, checkedValue, usageText) for tests. GUI thread only.

#include "export/export.h"

#include <QDialog>

class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace ys::ui {

class ExportResultDialog final : public QDialog {
    Q_OBJECT
public:
    explicit ExportResultDialog(const ys::ExportSummary& summary, QWidget* parent = nullptr);

    // The usage lines shown (OpenCV C++ and the studio's own check), for tests.
    QString usage() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    ys::ExportSummary s_;
    QFormLayout* form_;
    QLabel *fileValue_, *inputValue_, *outputValue_, *classesValue_, *checkedValue_, *usageLabel_;
    QPlainTextEdit* usageText_;
    QPushButton *copyButton_, *openFolderButton_;
    QDialogButtonBox* buttons_;
};

}  // namespace ys::ui
