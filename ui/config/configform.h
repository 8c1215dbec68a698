#pragma once
// The training setup form, generated from core's schema (ys::configKeys()): one field per TrainConfig key
// (bool → check box, int/float → spin box with the schema's range, step and unit, choice → combo box,
// string → line edit; `device` and `model` get pickers), in collapsible sections by display group, rarely
// changed keys behind "Show advanced"; `stages` gets a table (StageEditor) with its text form under it. A stage
// row the engine rejects is a problem of the form (it blocks Start) although the config keeps the last valid
// stages. Validation as you type comes from TrainConfig::validate() (errors
// are coded "config.<key>"; the reason shows next to its field). Every change is a step on a QUndoStack.
// Presets come from core (ys::configPresets()), Load… / Save… go through ys::ConfigFile, so the keys of a
// user's file that this studio does not use are kept on save. GUI thread only.

#include "common/config.h"
#include "common/configfile.h"
#include "common/error.h"

#include <QMap>
#include <QString>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QAction;
class QCheckBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QTableView;
class QToolButton;
class QUndoStack;
class QVBoxLayout;

namespace ys::ui {

class DevicePicker;
class KeptEntriesModel;
class ModelPicker;
class StageEditor;

class ConfigForm final : public QWidget {
    Q_OBJECT
public:
    explicit ConfigForm(QWidget* parent = nullptr);
    ~ConfigForm() override;

    ys::TrainConfig config() const { return config_; }
    // Shows `config` as the starting point: not undoable (the undo history is cleared), nothing is marked
    // as changed by it other than what differs from the defaults.
    void setConfig(const ys::TrainConfig& config);
    // Sets keys (values as TrainConfig::set() reads them, e.g. {"batch", "24"}) as one undoable step named
    // `undoText`; the fields show them as changed from the default. A value set() rejects is left out and
    // returned; the others still apply. This is how the Fit dialog's Apply writes batch, imgsz, amp.
    std::vector<ys::Error> applyValues(const QMap<QString, QString>& values, const QString& undoText);

    bool isValid() const { return problems_.empty(); }
    // What blocks Start: TrainConfig::problems() for the current values, and a stage row the user is still
    // fixing. Each names its key; problemText() (configtext.h) words it in the user's language.
    const std::vector<ys::ConfigProblem>& problems() const { return problems_; }

    // Resume mode: only ConfigKey::resumable keys can be edited; the others show the run's values.
    void setResumeMode(bool on);
    bool resumeMode() const { return resumeMode_; }

    // Undoable: one key back to its default; every key (except `data`, the open dataset, and in resume mode
    // the keys that cannot change) back to its default; a preset's values.
    void resetKey(const QString& key);
    void resetAll();
    bool applyPreset(const std::string& id);

    // Load…/Save… without their dialogs. load: the file's values over the current ones as one undoable step;
    // a file with bad values changes nothing and `message` lists them ("file:line: reason"). save: the
    // last loaded file's document (its unknown keys, comments and order kept) with the current values, or
    // every setting when none was loaded.
    bool loadFile(const QString& path, QString* message = nullptr);
    bool saveFile(const QString& path, QString* message = nullptr);
    // Entries of the last loaded file that this studio does not use; kept when saving.
    const std::vector<ys::ConfigFileEntry>& keptEntries() const;
    KeptEntriesModel* keptModel() const { return keptModel_; }

    // Shows only the keys whose name, label or help contains `text` (all advanced ones included).
    void setFilterText(const QString& text);
    void setAdvancedVisible(bool visible);
    bool advancedVisible() const { return advancedVisible_; }

    QUndoStack* undoStack() const { return undo_; }
    QAction* undoAction() const { return undoAction_; }
    QAction* redoAction() const { return redoAction_; }

    // What a user sees, for tests and for pages that point at a field.
    QWidget* editor(const QString& key) const;
    QString errorText(const QString& key) const;  // the translated reason shown next to the field; empty when valid
    bool isChanged(const QString& key) const;      // differs from the default (and is marked so)
    bool isFieldVisible(const QString& key) const;
    int changedCount(ys::ConfigKey::Group group) const;
    QString sectionSummary(ys::ConfigKey::Group group) const;  // "3 changed", "3 changed · 1 to fix"
    void setSectionExpanded(ys::ConfigKey::Group group, bool expanded);
    bool isSectionExpanded(ys::ConfigKey::Group group) const;
    DevicePicker* devicePicker() const { return devicePicker_; }
    // The `stages` table and its text line (editor("stages") is the line).
    StageEditor* stageEditor() const { return stageEditor_; }
    ModelPicker* modelPicker() const { return modelPicker_; }

signals:
    void configChanged();
    void validityChanged(bool valid);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    class SetValues;
    struct Field;
    struct Section;
    friend class SetValues;

    void buildToolbar(QVBoxLayout* layout);
    void buildSections(QVBoxLayout* layout);
    QWidget* makeEditor(Field& field);
    void edited(const QString& key, const QString& value, int mergeId);
    // Sets values without touching the undo stack (SetValues calls it).
    void setValuesNow(const QMap<QString, QString>& values);
    // After config_ or the stage editor's problem changed: revalidate, refresh, the signals.
    void changed(bool wasValid);
    void revalidate();  // problems_ from config_
    void refresh();     // every field from config_, marks, errors, visibility
    void refreshField(Field& field);
    void refreshVisibility();
    void showFieldMenu(Field& field, const QPoint& globalPos);
    void showHint(Field& field);
    void loadWithDialog();
    void saveWithDialog();
    void retranslate();
    void updateUndoTexts();
    void saveUiState() const;
    // The form's width follows its pane: the labels take up to 26% of it (wrapping below their widest), and
    // the scroll area asks for the width its fields need, so it never scrolls sideways (issue 26).
    void fitToWidth();

    ys::TrainConfig config_;
    std::optional<ys::ConfigFile> document_;
    std::vector<ys::ConfigProblem> problems_;  // config_.problems() and the stage editor's
    bool resumeMode_ = false;
    bool advancedVisible_ = false;
    QString filter_;

    std::vector<std::unique_ptr<Field>> fields_;
    std::vector<std::unique_ptr<Section>> sections_;
    QUndoStack* undo_;
    QAction* undoAction_;
    QAction* redoAction_;
    QLineEdit* search_;
    QCheckBox* advanced_;
    QToolButton* presetsButton_;
    QToolButton* loadButton_;
    QToolButton* saveButton_;
    QToolButton* resetAllButton_;
    QToolButton* undoButton_;
    QToolButton* redoButton_;
    QLabel* banner_;     // resume mode
    QLabel* keptLabel_;  // "Kept from args.yaml: …"
    QToolButton* keptToggle_;
    QTableView* keptView_;
    KeptEntriesModel* keptModel_;
    QScrollArea* scroll_ = nullptr;
    QWidget* content_ = nullptr;   // the sections, in scroll_
    int labelWidth_ = 0;           // the label column's width now (fitToWidth)
    int widestLabel_ = 0;          // the widest label, bold (as a changed key shows it)
    DevicePicker* devicePicker_ = nullptr;
    ModelPicker* modelPicker_ = nullptr;
    StageEditor* stageEditor_ = nullptr;
};

}  // namespace ys::ui
