#pragma once
// The setup form's editor of `stages` (staged training, common/stages.h): a table with one row per stage —
// image size, batch (a number or auto), epochs, overrides such as "mosaic=0" — with add, remove and move
// up/down (Insert, Delete, Alt+Up/Down on the table), and the text form ("320x32:10,640xauto:80") on a line
// under it; both stay in sync. Every row is checked with the engine's own parser (ys::parseStages): the bad
// cell is tinted and carries the reason, and the editor's problem() (a ConfigProblem naming the stage and the
// key) is what the form adds to its problems, so Start stays blocked until it is fixed. Valid edits are handed
// to the form as text (committed()), which makes them undoable steps; the form hands the config's stages back
// with setStagesText(). No rows = one stage (the run's imgsz, batch and epochs). The column widths are
// remembered (QSettings "configForm/stageColumns"). GUI thread only.

#include "common/config.h"
#include "common/stages.h"

#include <QAbstractTableModel>
#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace ys::ui {

// The stages as editable text cells; a row may hold text the engine rejects (its problem is kept per row).
class StageTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ImgszColumn, BatchColumn, EpochsColumn, OverridesColumn, ColumnCount };
    // On every cell: the translated reason when this cell is the bad one of its row, else an empty string.
    static constexpr int ProblemRole = Qt::UserRole + 1;

    struct Row {
        QString imgsz, batch, epochs, overrides;  // overrides: "mosaic=0.0, mixup=0.1"
        bool operator==(const Row&) const = default;
    };

    explicit StageTableModel(QObject* parent = nullptr);

    // The stages as rows (in place when the row count is unchanged, so a cell being committed stays valid).
    void setStages(const std::vector<ys::TrainStage>& stages);
    static Row rowOf(const ys::TrainStage& stage);
    const std::vector<Row>& rows() const { return rows_; }
    void setRow(int row, const Row& values);
    void insertStage(int row, const Row& values);
    void removeStage(int row);
    void moveStage(int row, int to);

    // The stage text the rows make ("320x32:10,640xauto:80"); may be invalid, see problem().
    QString text() const;
    static QString rowText(const Row& row);
    // The first row's problem (its stage number is the row's, 1-based); nullopt when every row is valid.
    std::optional<ys::ConfigProblem> problem() const;
    std::optional<ys::ConfigProblem> rowProblem(int row) const { return problems_[static_cast<size_t>(row)]; }
    // The column of the row's bad cell, -1 when the row is valid.
    int problemColumn(int row) const { return problemColumns_[static_cast<size_t>(row)]; }
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    // The user changed the rows (a cell, a row added, removed or moved); not emitted by setStages().
    void edited();

private:
    void check(int row);   // problems_[row] and problemColumns_[row] from the engine's parser
    void checkAll();

    std::vector<Row> rows_;
    std::vector<std::optional<ys::ConfigProblem>> problems_;
    std::vector<int> problemColumns_;
};

class StageEditor final : public QWidget {
    Q_OBJECT
public:
    explicit StageEditor(QWidget* parent = nullptr);

    // The config's stages as text (TrainConfig::get("stages")). Ignored while it is what the editor last
    // showed (a draft the user is fixing stays); otherwise the table and the line show it and any draft goes.
    void setStagesText(const QString& text);
    // The run's own imgsz, batch and epochs: the first row added to an empty table starts from them.
    void setRunDefaults(int imgsz, int batch, int epochs);
    // What the user has in the table or the line that the engine rejects; nullopt when it is valid.
    const std::optional<ys::ConfigProblem>& problem() const { return problem_; }

    // Row actions (the buttons, Insert, Delete, Alt+Up/Down): after the current row (or at the end), copying
    // it; the current row; the current row one place up (-1) or down (+1).
    void addRow();
    void removeRow();
    void moveRow(int delta);

    QLineEdit* line() const { return line_; }
    QTableView* table() const { return table_; }
    StageTableModel* model() const { return model_; }

signals:
    // Valid stage text the user made (a table edit, or typing on the line; `typing` for the line, whose
    // consecutive edits merge into one undo step).
    void committed(const QString& text, bool typing);
    // problem() appeared, changed or went.
    void problemChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void tableEdited();
    void lineEdited(const QString& text);
    void setProblem(std::optional<ys::ConfigProblem> problem);
    void updateButtons();
    void fitHeight();
    void retranslate();
    int currentRow() const;
    void selectRow(int row);

    StageTableModel* model_;
    QTableView* table_;
    QLineEdit* line_;
    QToolButton* addButton_;
    QToolButton* removeButton_;
    QToolButton* upButton_;
    QToolButton* downButton_;
    QLabel* emptyHint_;
    QString shown_;   // the config text last shown
    std::optional<ys::ConfigProblem> problem_;
    int runImgsz_ = 640, runBatch_ = -1, runEpochs_ = 100;
};

}  // namespace ys::ui
