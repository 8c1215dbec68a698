#pragma once
// "Paste a command…" of the Train page's setup: a training command users already have (YOLOv5/v7/v9
// train*.py with its flags, an Ultralytics `yolo detect train key=value` line, or Ultralytics' Python API,
// `model = YOLO("yolov8n.pt")` and `model.train(...)`) read by core (ys::importCommand) as they
// type, with a live preview of what it sets (setting, value, the flag it came from, notes) and what it
// cannot carry over and why. Apply fills the setup form as one undoable step; "Apply and Fit…" also asks
// for Fit to my GPU on the result. The Train page trains on the open dataset and resumes from the Runs page,
// so `data` and `resume` are shown but never applied. GUI thread only; the import reads the --hyp file it names (small) on this thread.

#include "import/commandimport.h"
#include "common/config.h"

#include <QDialog>
#include <QMap>
#include <QString>

#include <optional>
#include <string>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QToolButton;

namespace ys::ui {

class PasteCommandDialog final : public QDialog {
    Q_OBJECT
public:
    // `base`: the setup the command is applied over (the form's settings; keys the command does not set keep
    // them). The text box starts with the clipboard's text when that is a training command.
    explicit PasteCommandDialog(const ys::TrainConfig& base, QWidget* parent = nullptr);

    // Whether "Apply and Fit to My GPU…" is offered (the Train page's Fit action is available).
    void setFitAvailable(bool available);
    // The device ids of this machine ("cpu", "0", ...; the device picker's list): a GPU the command names that
    // is not among them is warned about. Empty (the default, or the list not known yet): not checked.
    void setMachineDevices(const QStringList& ids);
    // The settings to apply (key → value as TrainConfig::set() reads it): the command's, `data` and `resume`
    // left out.
    QMap<QString, QString> values() const;
    // The dialog was accepted with "Apply and Fit to My GPU…".
    bool fitRequested() const { return fitRequested_; }

    // Translated text of core's import notes and reasons (every code of ys::importNoteCodes()): noteText is
    // the whole sentence (core's importNoteText() in the UI's language); noteBody leaves out the item a
    // reason starts with ("--sync-bn: "), which the preview shows in a column of its own; reasonText is the
    // body of a skipped item, with TrainConfig's reason for a value translated.
    static QString noteText(const ys::ImportNote& note);
    static QString noteBody(const ys::ImportNote& note);
    static QString reasonText(const ys::SkippedItem& item);

protected:
    void changeEvent(QEvent* event) override;

private:
    static QString bodyText(const std::string& code, const QStringList& args);
    static QString ultralytics84Text(const std::string& code, const QStringList& args);
    void retranslate();
    void refresh();  // import the text again and fill the preview
    void chooseFolder();

    ys::TrainConfig base_;
    std::vector<std::string> builtinModels_;
    std::vector<std::string> machineDevices_;
    std::optional<ys::CommandImport> result_;
    bool fitAvailable_ = false;
    bool fitRequested_ = false;

    QLabel* intro_;
    QPlainTextEdit* command_;
    QLabel* folderLabel_;
    QLineEdit* folder_;
    QToolButton* folderButton_;
    QLabel* status_;
    QLabel* mappedTitle_;
    QTableWidget* mapped_;
    QLabel* skippedTitle_;
    QTableWidget* skipped_;
    QLabel* notes_;
    QDialogButtonBox* buttons_;
    QPushButton* apply_;
    QPushButton* applyFit_;
};

}  // namespace ys::ui
