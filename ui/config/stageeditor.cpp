#include "ui/config/stageeditor.h"

#include "ui/config/configtext.h"

#include <QApplication>
#include <QBrush>
#include <QColor>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ys::ui {
namespace {

const QColor kProblemBackground(0xfd, 0xe2, 0xdf);
const char* const kColumnsKey = "configForm/stageColumns";
constexpr int kRowsShown = 6;       // the table grows with its rows up to this many, then scrolls
constexpr int kNewStageEpochs = 10;  // epochs of a stage added after another

QString q(const std::string& s) { return QString::fromStdString(s); }

const char* columnKey(int column)
{
    switch (column) {
    case StageTableModel::ImgszColumn: return "imgsz";
    case StageTableModel::BatchColumn: return "batch";
    case StageTableModel::EpochsColumn: return "epochs";
    default: return "";
    }
}

bool sameProblem(const std::optional<ys::ConfigProblem>& a, const std::optional<ys::ConfigProblem>& b)
{
    if (a.has_value() != b.has_value())
        return false;
    if (!a)
        return true;
    return a->key == b->key && a->reason == b->reason && a->value == b->value && a->stage == b->stage &&
           a->stageKey == b->stageKey;
}

}  // namespace

// ---- the rows ---------------------------------------------------------------------------------------------

StageTableModel::StageTableModel(QObject* parent) : QAbstractTableModel(parent) {}

StageTableModel::Row StageTableModel::rowOf(const ys::TrainStage& stage)
{
    Row r;
    r.imgsz = QString::number(stage.imgsz);
    r.batch = stage.batch < 1 ? QStringLiteral("auto") : QString::number(stage.batch);
    r.epochs = QString::number(stage.epochs);
    QStringList overrides;
    for (const auto& [key, value] : stage.overrides)
        overrides << q(key) + QLatin1Char('=') + q(value);
    r.overrides = overrides.join(QStringLiteral(", "));
    return r;
}

void StageTableModel::setStages(const std::vector<ys::TrainStage>& stages)
{
    std::vector<Row> rows;
    for (const ys::TrainStage& s : stages)
        rows.push_back(rowOf(s));
    if (rows.size() == rows_.size()) {
        if (rows == rows_ && !problem())
            return;
        rows_ = std::move(rows);
        checkAll();
        if (!rows_.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    rows_ = std::move(rows);
    checkAll();
    endResetModel();
}

void StageTableModel::setRow(int row, const Row& values)
{
    rows_[static_cast<size_t>(row)] = values;
    check(row);
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    emit edited();
}

void StageTableModel::insertStage(int row, const Row& values)
{
    row = std::clamp(row, 0, rowCount());
    beginInsertRows({}, row, row);
    rows_.insert(rows_.begin() + row, values);
    problems_.insert(problems_.begin() + row, std::nullopt);
    problemColumns_.insert(problemColumns_.begin() + row, -1);
    checkAll();   // the rows after it change their stage numbers
    endInsertRows();
    emit headerDataChanged(Qt::Vertical, row, rowCount() - 1);
    emit edited();
}

void StageTableModel::removeStage(int row)
{
    if (row < 0 || row >= rowCount())
        return;
    beginRemoveRows({}, row, row);
    rows_.erase(rows_.begin() + row);
    problems_.erase(problems_.begin() + row);
    problemColumns_.erase(problemColumns_.begin() + row);
    checkAll();
    endRemoveRows();
    emit edited();
}

void StageTableModel::moveStage(int row, int to)
{
    if (row < 0 || row >= rowCount() || to < 0 || to >= rowCount() || row == to)
        return;
    // beginMoveRows takes the destination as the row the moved one is inserted before.
    if (!beginMoveRows({}, row, row, {}, to > row ? to + 1 : to))
        return;
    Row moved = rows_[static_cast<size_t>(row)];
    rows_.erase(rows_.begin() + row);
    rows_.insert(rows_.begin() + to, std::move(moved));
    checkAll();
    endMoveRows();
    emit dataChanged(index(std::min(row, to), 0), index(std::max(row, to), ColumnCount - 1));
    emit edited();
}

QString StageTableModel::rowText(const Row& row)
{
    const QString batch = row.batch.trimmed().isEmpty() ? QStringLiteral("auto") : row.batch.trimmed();
    QString text = row.imgsz.trimmed() + QLatin1Char('x') + batch + QLatin1Char(':') + row.epochs.trimmed();
    // Overrides as typed: "mosaic=0, mixup=0.1", "mosaic = 0 mixup=0.1" or the text form's "mosaic=0:mixup=0.1".
    QString overrides = row.overrides;
    overrides.replace(QRegularExpression(QStringLiteral("\\s*=\\s*")), QStringLiteral("="));
    for (const QString& item : overrides.split(QRegularExpression(QStringLiteral("[,;:\\s]+")), Qt::SkipEmptyParts))
        text += QLatin1Char(':') + item;
    return text;
}

QString StageTableModel::text() const
{
    QStringList stages;
    for (const Row& r : rows_)
        stages << rowText(r);
    return stages.join(QLatin1Char(','));
}

std::optional<ys::ConfigProblem> StageTableModel::problem() const
{
    for (const auto& p : problems_)
        if (p)
            return p;
    return std::nullopt;
}

void StageTableModel::check(int row)
{
    const Row& r = rows_[static_cast<size_t>(row)];
    std::optional<ys::ConfigProblem> problem;
    int column = -1;
    // A number cell holding the text form's separators would read as another stage or field.
    const QString numbers[] = {r.imgsz, r.batch, r.epochs};
    for (int c = ImgszColumn; c <= EpochsColumn && !problem; ++c)
        if (numbers[c].contains(QRegularExpression(QStringLiteral("[,:xX]")))) {
            problem = ys::ConfigProblem{"stages", ys::ConfigProblem::Reason::StageSyntax, rowText(r).toStdString()};
            problem->stageKey = columnKey(c);
            column = c;
        }
    if (!problem) {
        // The engine's own reading of the stage: the same rules as the text form, args.yaml and the command line.
        std::vector<ys::TrainStage> parsed;
        problem = ys::parseStages(rowText(r).toStdString(), parsed);
        if (problem) {
            if (problem->stageKey == "imgsz")
                column = ImgszColumn;
            else if (problem->stageKey == "batch")
                column = BatchColumn;
            else if (problem->stageKey == "epochs")
                column = EpochsColumn;
            else if (!problem->stageKey.empty())
                column = OverridesColumn;
            else   // the shape: an empty size or epochs cell, else an override without '='
                column = r.imgsz.trimmed().isEmpty() ? ImgszColumn
                         : r.epochs.trimmed().isEmpty() ? EpochsColumn
                                                        : OverridesColumn;
        }
    }
    if (problem) {
        problem->key = "stages";
        problem->stage = row + 1;
    }
    problems_[static_cast<size_t>(row)] = problem;
    problemColumns_[static_cast<size_t>(row)] = column;
}

void StageTableModel::checkAll()
{
    problems_.assign(rows_.size(), std::nullopt);
    problemColumns_.assign(rows_.size(), -1);
    for (int i = 0; i < rowCount(); ++i)
        check(i);
}

void StageTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!rows_.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int StageTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int StageTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StageTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const Row& r = rows_[static_cast<size_t>(index.row())];
    const bool bad = problemColumns_[static_cast<size_t>(index.row())] == index.column();
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case ImgszColumn: return r.imgsz;
        case BatchColumn: return r.batch;
        case EpochsColumn: return r.epochs;
        case OverridesColumn: return r.overrides;
        }
        break;
    case ProblemRole:
        return bad ? problemText(*problems_[static_cast<size_t>(index.row())]) : QString();
    case Qt::BackgroundRole:
        if (bad)
            return QBrush(kProblemBackground);
        break;
    case Qt::ToolTipRole:
        if (bad)
            return QStringLiteral("⚠ ") + problemText(*problems_[static_cast<size_t>(index.row())]);
        switch (index.column()) {
        case ImgszColumn: return tr("Training image size of the stage, pixels (a multiple of 32)");
        case BatchColumn: return tr("Images per batch, or auto: fitted to memory at the stage's image size");
        case EpochsColumn: return tr("Epochs of the stage; the run's epochs are the stages' total");
        case OverridesColumn: {
            QStringList keys;
            for (const std::string& k : ys::stageOverrideKeys())
                keys << q(k);
            return tr("Settings that differ in this stage, e.g. mosaic=0, mixup=0.1 (%1)").arg(keys.join(QStringLiteral(", ")));
        }
        }
        break;
    case Qt::TextAlignmentRole:
        return QVariant((index.column() == OverridesColumn ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    default: break;
    }
    return {};
}

bool StageTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.row() >= rowCount())
        return false;
    Row r = rows_[static_cast<size_t>(index.row())];
    const QString v = value.toString().trimmed();
    switch (index.column()) {
    case ImgszColumn: r.imgsz = v; break;
    case BatchColumn: r.batch = v; break;
    case EpochsColumn: r.epochs = v; break;
    case OverridesColumn: r.overrides = v; break;
    default: return false;
    }
    if (r == rows_[static_cast<size_t>(index.row())])
        return true;
    setRow(index.row(), r);
    return true;
}

Qt::ItemFlags StageTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

QVariant StageTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (orientation == Qt::Vertical)
        return section + 1;   // the stage number
    switch (section) {
    case ImgszColumn: return tr("Image size");
    case BatchColumn: return tr("Batch");
    case EpochsColumn: return tr("Epochs");
    case OverridesColumn: return tr("Overrides");
    default: return {};
    }
}

// ---- the editor -------------------------------------------------------------------------------------------

StageEditor::StageEditor(QWidget* parent)
    : QWidget(parent), model_(new StageTableModel(this)), table_(new QTableView(this)), line_(new QLineEdit(this))
{
    model_->setObjectName(QStringLiteral("stageTableModel"));
    table_->setObjectName(QStringLiteral("stageTable"));
    line_->setObjectName(QStringLiteral("stagesText"));
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->installEventFilter(this);

    auto makeButton = [this](const char* name, const QString& text) {
        auto* b = new QToolButton(this);
        b->setObjectName(QLatin1String(name));
        b->setText(text);
        b->setAutoRaise(true);
        return b;
    };
    addButton_ = makeButton("addStageButton", QStringLiteral("+"));
    removeButton_ = makeButton("removeStageButton", QStringLiteral("−"));
    upButton_ = makeButton("stageUpButton", QStringLiteral("↑"));
    downButton_ = makeButton("stageDownButton", QStringLiteral("↓"));
    emptyHint_ = new QLabel(this);
    emptyHint_->setObjectName(QStringLiteral("stagesEmptyHint"));
    emptyHint_->setWordWrap(true);
    QPalette hp = emptyHint_->palette();
    hp.setColor(QPalette::WindowText, hp.color(QPalette::Disabled, QPalette::WindowText));
    emptyHint_->setPalette(hp);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(table_);
    auto* buttons = new QHBoxLayout;
    buttons->setSpacing(0);
    for (QToolButton* b : {addButton_, removeButton_, upButton_, downButton_})
        buttons->addWidget(b);
    buttons->addSpacing(8);
    // The hint takes the row's width (a stretch beside it would halve it into a narrow column); when it is
    // hidden, the stretch keeps the buttons at the left.
    buttons->addWidget(emptyHint_, 1);
    buttons->addStretch(0);
    layout->addLayout(buttons);
    layout->addWidget(line_);

    // The column widths the user gave, from the last session.
    const QByteArray state = QSettings().value(QLatin1String(kColumnsKey)).toByteArray();
    if (!state.isEmpty())
        table_->horizontalHeader()->restoreState(state);
    else
        for (int c = StageTableModel::ImgszColumn; c <= StageTableModel::EpochsColumn; ++c)   // as wide as their titles
            table_->setColumnWidth(c, std::max(table_->horizontalHeader()->sectionSizeHint(c),
                                               table_->fontMetrics().horizontalAdvance(QStringLiteral("000000"))));
    connect(table_->horizontalHeader(), &QHeaderView::sectionResized, this, [this] {
        QSettings().setValue(QLatin1String(kColumnsKey), table_->horizontalHeader()->saveState());
    });

    connect(addButton_, &QToolButton::clicked, this, &StageEditor::addRow);
    connect(removeButton_, &QToolButton::clicked, this, &StageEditor::removeRow);
    connect(upButton_, &QToolButton::clicked, this, [this] { moveRow(-1); });
    connect(downButton_, &QToolButton::clicked, this, [this] { moveRow(+1); });
    connect(model_, &StageTableModel::edited, this, &StageEditor::tableEdited);
    connect(line_, &QLineEdit::textEdited, this, &StageEditor::lineEdited);
    connect(table_->selectionModel(), &QItemSelectionModel::currentChanged, this, &StageEditor::updateButtons);
    connect(model_, &QAbstractItemModel::modelReset, this, &StageEditor::fitHeight);
    connect(model_, &QAbstractItemModel::rowsInserted, this, &StageEditor::fitHeight);
    connect(model_, &QAbstractItemModel::rowsRemoved, this, &StageEditor::fitHeight);
    retranslate();
    fitHeight();
}

void StageEditor::setStagesText(const QString& text)
{
    if (text == shown_)
        return;
    shown_ = text;
    std::vector<ys::TrainStage> stages;
    ys::parseStages(text.toStdString(), stages);   // the config's own text: valid
    model_->setStages(stages);
    // The line keeps what the user types while it reads as the same stages (no canonical rewrite mid-typing).
    std::vector<ys::TrainStage> typed;
    if (ys::parseStages(line_->text().toStdString(), typed) || typed != stages)
        line_->setText(text);
    setProblem(std::nullopt);
    updateButtons();
}

void StageEditor::setRunDefaults(int imgsz, int batch, int epochs)
{
    runImgsz_ = imgsz;
    runBatch_ = batch;
    runEpochs_ = epochs;
}

int StageEditor::currentRow() const
{
    const QModelIndex current = table_->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void StageEditor::selectRow(int row)
{
    if (row < 0 || row >= model_->rowCount())
        return;
    table_->setCurrentIndex(model_->index(row, std::max(0, table_->currentIndex().column())));
    table_->selectRow(row);
}

void StageEditor::addRow()
{
    const int current = currentRow();
    StageTableModel::Row row;
    if (current >= 0) {   // a copy of the current stage's size and batch
        row = model_->rows()[static_cast<size_t>(current)];
        row.epochs = QString::number(kNewStageEpochs);
        row.overrides.clear();
    } else if (model_->rowCount() > 0) {
        row = model_->rows().back();
        row.epochs = QString::number(kNewStageEpochs);
        row.overrides.clear();
    } else {   // the first stage: the run as it is, so adding it changes nothing yet
        row = StageTableModel::rowOf(ys::TrainStage{runImgsz_, runBatch_, runEpochs_, {}});
    }
    const int at = current >= 0 ? current + 1 : model_->rowCount();
    model_->insertStage(at, row);
    selectRow(at);
    table_->setFocus();
}

void StageEditor::removeRow()
{
    const int current = currentRow();
    if (current < 0)
        return;
    model_->removeStage(current);
    selectRow(std::min(current, model_->rowCount() - 1));
}

void StageEditor::moveRow(int delta)
{
    const int current = currentRow();
    const int to = current + delta;
    if (current < 0 || to < 0 || to >= model_->rowCount())
        return;
    model_->moveStage(current, to);
    selectRow(to);
}

void StageEditor::tableEdited()
{
    const QString text = model_->text();
    if (line_->text() != text)
        line_->setText(text);   // the text form follows the table, also while a row is wrong
    setProblem(model_->problem());
    updateButtons();
    if (!problem_)
        emit committed(text, false);
}

void StageEditor::lineEdited(const QString& text)
{
    std::vector<ys::TrainStage> stages;
    std::optional<ys::ConfigProblem> problem = ys::parseStages(text.toStdString(), stages);
    if (!problem)
        model_->setStages(stages);   // the table follows the text (the rows of valid text)
    setProblem(problem);
    updateButtons();
    if (!problem)
        emit committed(text, true);
}

void StageEditor::setProblem(std::optional<ys::ConfigProblem> problem)
{
    if (sameProblem(problem, problem_))
        return;
    problem_ = std::move(problem);
    emit problemChanged();
}

void StageEditor::updateButtons()
{
    const int current = currentRow();
    removeButton_->setEnabled(current >= 0);
    upButton_->setEnabled(current > 0);
    downButton_->setEnabled(current >= 0 && current + 1 < model_->rowCount());
    emptyHint_->setVisible(model_->rowCount() == 0);
}

void StageEditor::fitHeight()
{
    const int rows = std::clamp(model_->rowCount(), 1, kRowsShown);
    table_->setFixedHeight(table_->horizontalHeader()->sizeHint().height() +
                           rows * table_->verticalHeader()->defaultSectionSize() + 2 * table_->frameWidth());
    updateButtons();
}

bool StageEditor::eventFilter(QObject* watched, QEvent* event)
{
    // Not while a cell is edited: its editor (a child of the table) has the focus then.
    const QWidget* focus = QApplication::focusWidget();
    const bool editing = focus && focus != table_ && table_->isAncestorOf(focus);
    if (watched == table_ && (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride) &&
        !editing) {
        const auto* key = static_cast<QKeyEvent*>(event);
        Qt::KeyboardModifiers mods = key->modifiers();
        mods.setFlag(Qt::KeypadModifier, false);   // arrows and Insert/Delete of the keypad too
        const bool alt = mods == Qt::KeyboardModifiers(Qt::AltModifier);
        const bool plain = mods == Qt::KeyboardModifiers();
        const bool ours = (plain && (key->key() == Qt::Key_Insert || key->key() == Qt::Key_Delete)) ||
                          (alt && (key->key() == Qt::Key_Up || key->key() == Qt::Key_Down));
        if (ours) {
            event->accept();
            if (event->type() == QEvent::ShortcutOverride)
                return false;   // accepted: the key comes to the table as a KeyPress, not to a window shortcut
            if (key->key() == Qt::Key_Insert)
                addRow();
            else if (key->key() == Qt::Key_Delete)
                removeRow();
            else
                moveRow(key->key() == Qt::Key_Up ? -1 : +1);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void StageEditor::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void StageEditor::retranslate()
{
    addButton_->setToolTip(tr("Add a stage after the current one (Insert)"));
    removeButton_->setToolTip(tr("Remove the current stage (Delete)"));
    upButton_->setToolTip(tr("Move the current stage up (Alt+Up)"));
    downButton_->setToolTip(tr("Move the current stage down (Alt+Down)"));
    emptyHint_->setText(tr("No stages: the run is one stage of the image size, batch and epochs above."));
    line_->setPlaceholderText(tr("as text: 320x32:10,640xauto:80,640xauto:10:mosaic=0"));
    line_->setToolTip(tr("The stages as text, as args.yaml and the command line write them "
                         "(IMGSZxBATCH:EPOCHS[:key=value], stages separated by commas)"));
    table_->setToolTip(QString());
    model_->retranslate();
}

}  // namespace ys::ui
