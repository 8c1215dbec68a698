#pragma once
// Stand-in for the "forms" engineer's ui/config/ConfigForm until it lands: the same API (config(),
// setConfig(), isValid(), errors(), applyValues(), configChanged, validityChanged) over the five settings a
// run cannot do without — data (the open dataset, read-only), model, epochs, imgsz and batch (with auto).
// Every other key keeps the value setConfig() gave it. Ranges come from core's configKeys(); validation
// from TrainConfig::validate().

#include "common/config.h"

#include <QMap>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace ys::ui {

class SetupForm final : public QWidget {
    Q_OBJECT
public:
    explicit SetupForm(QWidget* parent = nullptr);

    ys::TrainConfig config() const;
    void setConfig(const ys::TrainConfig& config);
    bool isValid() const;
    // TrainConfig::validate()'s messages.
    QStringList errors() const;
    // Sets keys from text as typed (`batch` = "16" or "auto"); keys this form has no field for are set too.
    void applyValues(const QMap<QString, QString>& values, const QString& undoText);
    // Fields locked while a run is active.
    void setReadOnly(bool readOnly);

signals:
    void configChanged();
    void validityChanged(bool valid);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void readFields();
    void writeFields();
    void revalidate();

    ys::TrainConfig config_;
    bool valid_ = false;
    bool writing_ = false;
    QLabel* dataLabel_[2] = {};
    QLineEdit* data_ = nullptr;
    QLabel* modelLabel_ = nullptr;
    QComboBox* model_ = nullptr;
    QLabel* epochsLabel_ = nullptr;
    QSpinBox* epochs_ = nullptr;
    QLabel* imgszLabel_ = nullptr;
    QSpinBox* imgsz_ = nullptr;
    QLabel* batchLabel_ = nullptr;
    QSpinBox* batch_ = nullptr;
    QLabel* errors_ = nullptr;
};

}  // namespace ys::ui
