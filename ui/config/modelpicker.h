#pragma once
// Model picker: family (the built-in models core lists, ys::builtinModels(); Ultralytics' current default family
// first, under a heading that says so) x scale, with parameters and
// GFLOPs at the chosen image size and the dataset's class count (ys::summarizeModel, computed off the
// GUI thread and cached per model, imgsz and nc), plus "Open file…" for a model YAML or a weights file; for
// a weights file (.pt) what it holds (ys::inspectCheckpoint off the GUI thread): Ultralytics or YOLO Studio,
// family and scale, classes (their names in the tooltip), training image size, epoch, date, parameters.
// The value is the text of the `model` setting ("yolov8s.yaml" or a path).

#include "ui/common/pooljob.h"

#include <QString>
#include <QWidget>

class QButtonGroup;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QToolButton;

namespace ys {
struct CheckpointInfo;
}

namespace ys::ui {

class ModelPicker final : public QWidget {
    Q_OBJECT
public:
    explicit ModelPicker(QWidget* parent = nullptr);
    ~ModelPicker() override;

    QString model() const { return model_; }
    // Shows `model` without emitting modelChanged.
    void setModel(const QString& model);
    // What the summary refers to: the dataset (for its class count; 80 when it cannot be read) and imgsz.
    void setContext(const QString& dataYaml, int imgsz);
    // The summary line shown ("11,166,560 parameters · 28.8 GFLOPs at 640 px · 80 classes"); empty while
    // it is being computed.
    QString summaryText() const;
    // True while the summary for the current model, data and imgsz is being computed.
    bool isSummarizing() const { return shown_ != request_; }
    // The summary line of a checkpoint ("Ultralytics checkpoint · yolov8 scale n · 5 classes · …").
    static QString checkpointSummary(const ys::CheckpointInfo& info);
    // Whether `model` is a built-in model of the family Ultralytics makes by default (YOLO26), and the tag
    // that marks it: the family list's heading over it and the end of its summary line.
    static bool isUltralyticsDefault(const QString& model);
    static QString defaultTag();

signals:
    void modelChanged(const QString& model);  // the user picked another model
    void summaryUpdated();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showModel();
    void addFamilies();
    void rebuildScales(const QString& family);
    void pick(const QString& model);
    void openFile();
    void summarize();

    QComboBox* family_;
    QWidget* scaleBox_;
    QHBoxLayout* scaleLayout_;
    QButtonGroup* scales_;
    QToolButton* openButton_;
    QLabel* summary_;
    QString model_ = QStringLiteral("yolov8n.yaml");
    QString data_;
    int imgsz_ = 640;
    quint64 request_ = 0;  // the latest summary asked for
    quint64 shown_ = 0;    // the request the label shows
    PoolJobs jobs_;        // checkpoint reads and model summaries on the pool
};

}  // namespace ys::ui
