#include "ui/config/configform.h"

#include "common/presets.h"
#include "ui/config/configtext.h"
#include "ui/config/devicepicker.h"
#include "ui/config/keptentriesmodel.h"
#include "ui/config/modelpicker.h"
#include "ui/config/stageeditor.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QToolTip>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ys::ui {
namespace {

using Group = ys::ConfigKey::Group;
using Type = ys::ConfigKey::Type;

constexpr int kTypingMergeId = 1;     // consecutive edits of one field merge into one undo step
constexpr int kMaxDecimals = 10;      // a loaded value keeps up to this many decimals in its spin box
constexpr double kUnboundedFloat = 1e12;  // spin-box limit for a Float key without a range
const QColor kChangedColor(0x1f, 0x6f, 0xd1);
const QColor kErrorColor(0xc0, 0x39, 0x2b);
const char* const kSettingsFolderKey = "config/settingsFolder";
constexpr int kMinLabelWidth = 100;  // below this a label would wrap a word per line
constexpr int kLabelPercent = 26;    // of the form's width, at most, for the labels (the fields get the rest)

QString q(const std::string& s) { return QString::fromStdString(s); }

// Decimals a spin box needs to show `value` (core's text of a Float key) without rounding it.
int decimalsFor(double value, int schemaDecimals)
{
    for (int d = schemaDecimals; d < kMaxDecimals; ++d) {
        const double scale = std::pow(10.0, d);
        if (std::abs(std::round(value * scale) / scale - value) <= 1e-12 * std::max(1.0, std::abs(value)))
            return d;
    }
    return kMaxDecimals;
}

QString defaultText(const ys::ConfigKey& k)
{
    return q(ys::TrainConfig().get(k.name).value_or(""));
}

}  // namespace

// One undoable change of any number of keys.
class ConfigForm::SetValues final : public QUndoCommand {
public:
    SetValues(ConfigForm* form, QMap<QString, QString> before, QMap<QString, QString> after, const QString& text,
              int mergeId)
        : QUndoCommand(text), form_(form), before_(std::move(before)), after_(std::move(after)), mergeId_(mergeId)
    {
    }
    void redo() override { form_->setValuesNow(after_); }
    void undo() override { form_->setValuesNow(before_); }
    int id() const override { return mergeId_; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* o = static_cast<const SetValues*>(other);  // same id: same class
        if (o->after_.keys() != after_.keys())
            return false;
        after_ = o->after_;
        return true;
    }

private:
    ConfigForm* form_;
    QMap<QString, QString> before_, after_;
    int mergeId_;
};

struct ConfigForm::Field {
    const ys::ConfigKey* key = nullptr;
    QString name;
    Section* section = nullptr;
    QLabel* mark = nullptr;   // ● when changed from the default
    QLabel* label = nullptr;
    QWidget* editor = nullptr;  // what sits in the grid (the input, or the input with a browse button)
    QWidget* input = nullptr;   // the widget the user edits
    QToolButton* browse = nullptr;
    QToolButton* hint = nullptr;
    QToolButton* reset = nullptr;
    QLabel* error = nullptr;
    QCheckBox* check = nullptr;
    QSpinBox* spin = nullptr;
    QDoubleSpinBox* dspin = nullptr;
    QComboBox* combo = nullptr;
    QLineEdit* line = nullptr;
};

struct ConfigForm::Section {
    Group group;
    QWidget* box = nullptr;
    QToolButton* header = nullptr;
    QLabel* summary = nullptr;
    QWidget* body = nullptr;
    QGridLayout* grid = nullptr;
    bool expanded = true;
    std::vector<Field*> fields;
};

ConfigForm::ConfigForm(QWidget* parent) : QWidget(parent), undo_(new QUndoStack(this))
{
    keptModel_ = new KeptEntriesModel(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    buildToolbar(layout);

    banner_ = new QLabel(this);
    banner_->setWordWrap(true);
    banner_->setVisible(false);
    banner_->setContentsMargins(8, 4, 8, 4);
    banner_->setAutoFillBackground(true);
    QPalette bp = banner_->palette();
    bp.setColor(QPalette::Window, QColor(0xff, 0xf4, 0xd6));
    bp.setColor(QPalette::WindowText, QColor(0x5c, 0x45, 0x00));
    banner_->setPalette(bp);
    layout->addWidget(banner_);

    auto* kept = new QHBoxLayout;
    kept->setContentsMargins(8, 0, 4, 0);
    keptLabel_ = new QLabel(this);
    keptLabel_->setWordWrap(true);
    keptToggle_ = new QToolButton(this);
    keptToggle_->setCheckable(true);
    keptToggle_->setAutoRaise(true);
    kept->addWidget(keptLabel_, 1);
    kept->addWidget(keptToggle_);
    layout->addLayout(kept);
    keptView_ = new QTableView(this);
    keptView_->setModel(keptModel_);
    keptView_->verticalHeader()->hide();
    keptView_->horizontalHeader()->setStretchLastSection(false);
    keptView_->horizontalHeader()->setSectionResizeMode(KeptEntriesModel::Value, QHeaderView::Stretch);
    keptView_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    keptView_->setMaximumHeight(160);
    keptView_->setVisible(false);
    layout->addWidget(keptView_);
    connect(keptToggle_, &QToolButton::toggled, keptView_, &QWidget::setVisible);

    scroll_ = new QScrollArea(this);
    scroll_->setObjectName(QStringLiteral("setupScroll"));
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    // Never sideways: the scroll area asks for the width the fields need (fitToWidth), the pane gives it.
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    content_ = new QWidget(scroll_);
    auto* sections = new QVBoxLayout(content_);
    sections->setContentsMargins(4, 4, 4, 4);
    sections->setSpacing(6);
    buildSections(sections);
    sections->addStretch(1);
    scroll_->setWidget(content_);
    layout->addWidget(scroll_, 1);
    content_->installEventFilter(this);
    scroll_->viewport()->installEventFilter(this);

    const QSettings settings;
    advancedVisible_ = settings.value(QStringLiteral("configForm/advanced"), false).toBool();
    advanced_->setChecked(advancedVisible_);
    const QStringList collapsed = settings.value(QStringLiteral("configForm/collapsed")).toStringList();
    for (auto& s : sections_) {
        s->expanded = !collapsed.contains(QString::fromLatin1(ys::groupId(s->group)));
        s->header->setArrowType(s->expanded ? Qt::DownArrow : Qt::RightArrow);
    }

    revalidate();
    retranslate();
    refresh();
}

ConfigForm::~ConfigForm() = default;

void ConfigForm::buildToolbar(QVBoxLayout* layout)
{
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 4, 4, 0);
    search_ = new QLineEdit(this);
    search_->setClearButtonEnabled(true);
    search_->setMinimumWidth(160);
    advanced_ = new QCheckBox(this);
    presetsButton_ = new QToolButton(this);
    presetsButton_->setPopupMode(QToolButton::InstantPopup);
    presetsButton_->setMenu(new QMenu(presetsButton_));
    loadButton_ = new QToolButton(this);
    saveButton_ = new QToolButton(this);
    resetAllButton_ = new QToolButton(this);
    undoButton_ = new QToolButton(this);
    redoButton_ = new QToolButton(this);

    undoAction_ = new QAction(this);
    undoAction_->setShortcut(QKeySequence::Undo);
    undoAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    undoAction_->setEnabled(false);
    redoAction_ = new QAction(this);
    // Ctrl+Shift+Z everywhere (Qt's Redo binding is Ctrl+Y on some platforms).
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (!redoKeys.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)))
        redoKeys << QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
    redoAction_->setShortcuts(redoKeys);
    redoAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    redoAction_->setEnabled(false);
    addAction(undoAction_);
    addAction(redoAction_);
    undoButton_->setDefaultAction(undoAction_);
    redoButton_->setDefaultAction(redoAction_);
    connect(undoAction_, &QAction::triggered, undo_, &QUndoStack::undo);
    connect(redoAction_, &QAction::triggered, undo_, &QUndoStack::redo);
    connect(undo_, &QUndoStack::canUndoChanged, undoAction_, &QAction::setEnabled);
    connect(undo_, &QUndoStack::canRedoChanged, redoAction_, &QAction::setEnabled);
    connect(undo_, &QUndoStack::indexChanged, this, &ConfigForm::updateUndoTexts);
    connect(undo_, &QUndoStack::cleanChanged, this, &ConfigForm::updateUndoTexts);

    // Two rows, so the form fits a narrow pane in every language: the filter, then the file and undo buttons.
    bar->addWidget(search_, 1);
    bar->addWidget(advanced_);
    layout->addLayout(bar);
    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(4, 0, 4, 0);
    for (QToolButton* b : {presetsButton_, loadButton_, saveButton_, resetAllButton_, undoButton_, redoButton_}) {
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        buttons->addWidget(b);
    }
    buttons->addStretch(1);
    layout->addLayout(buttons);

    connect(search_, &QLineEdit::textChanged, this, &ConfigForm::setFilterText);
    connect(advanced_, &QCheckBox::toggled, this, &ConfigForm::setAdvancedVisible);
    connect(loadButton_, &QToolButton::clicked, this, &ConfigForm::loadWithDialog);
    connect(saveButton_, &QToolButton::clicked, this, &ConfigForm::saveWithDialog);
    connect(resetAllButton_, &QToolButton::clicked, this, &ConfigForm::resetAll);
    for (const ys::ConfigPreset& p : ys::configPresets()) {
        QAction* a = presetsButton_->menu()->addAction(QString());
        a->setData(q(p.id));
        const std::string id = p.id;
        connect(a, &QAction::triggered, this, [this, id] { applyPreset(id); });
    }
}

void ConfigForm::buildSections(QVBoxLayout* layout)
{
    for (Group g : ys::configGroups()) {
        auto section = std::make_unique<Section>();
        Section& s = *section;
        s.group = g;
        s.box = new QWidget(this);
        auto* boxLayout = new QVBoxLayout(s.box);
        boxLayout->setContentsMargins(0, 0, 0, 0);
        boxLayout->setSpacing(2);
        auto* head = new QHBoxLayout;
        s.header = new QToolButton(s.box);
        s.header->setAutoRaise(true);
        s.header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        s.header->setArrowType(Qt::DownArrow);
        QFont hf = s.header->font();
        hf.setBold(true);
        hf.setPointSizeF(hf.pointSizeF() * 1.1);
        s.header->setFont(hf);
        s.summary = new QLabel(s.box);
        head->addWidget(s.header);
        head->addWidget(s.summary);
        head->addStretch(1);
        boxLayout->addLayout(head);
        auto* line = new QFrame(s.box);
        line->setFrameShape(QFrame::HLine);
        line->setFrameShadow(QFrame::Sunken);
        boxLayout->addWidget(line);
        s.body = new QWidget(s.box);
        s.grid = new QGridLayout(s.body);
        s.grid->setContentsMargins(18, 2, 4, 6);
        s.grid->setHorizontalSpacing(6);
        s.grid->setVerticalSpacing(3);
        s.grid->setColumnStretch(2, 1);   // the label column's width: fitToWidth()
        boxLayout->addWidget(s.body);
        connect(s.header, &QToolButton::clicked, this, [this, &s] { setSectionExpanded(s.group, !s.expanded); });
        layout->addWidget(s.box);
        sections_.push_back(std::move(section));
    }

    for (const ys::ConfigKey& k : ys::configKeys()) {
        auto field = std::make_unique<Field>();
        Field& f = *field;
        f.key = &k;
        f.name = QString::fromLatin1(k.name);
        for (auto& s : sections_)
            if (s->group == k.group)
                f.section = s.get();
        QWidget* parent = f.section->body;
        f.mark = new QLabel(parent);
        f.mark->setFixedWidth(12);
        QPalette mp = f.mark->palette();
        mp.setColor(QPalette::WindowText, kChangedColor);
        f.mark->setPalette(mp);
        f.label = new QLabel(parent);
        f.label->setWordWrap(true);   // in a narrow pane (fitToWidth)
        f.label->setContextMenuPolicy(Qt::CustomContextMenu);
        f.editor = makeEditor(f);
        f.hint = new QToolButton(parent);
        f.hint->setObjectName(QStringLiteral("hint_") + f.name);
        f.hint->setText(QStringLiteral("?"));
        f.hint->setAutoRaise(true);
        f.hint->setFocusPolicy(Qt::NoFocus);
        f.reset = new QToolButton(parent);
        f.reset->setObjectName(QStringLiteral("reset_") + f.name);
        f.reset->setText(QStringLiteral("↺"));
        f.reset->setAutoRaise(true);
        f.reset->setFocusPolicy(Qt::NoFocus);
        // Columns line up across sections, with or without a visible reset button.
        f.section->grid->setColumnMinimumWidth(3, f.hint->sizeHint().width());
        f.section->grid->setColumnMinimumWidth(4, f.reset->sizeHint().width());
        f.error = new QLabel(parent);
        f.error->setWordWrap(true);
        QPalette ep = f.error->palette();
        ep.setColor(QPalette::WindowText, kErrorColor);
        f.error->setPalette(ep);
        f.error->setVisible(false);
        f.label->setBuddy(f.input);

        const int row = f.section->grid->rowCount();
        f.section->grid->addWidget(f.mark, row, 0);
        f.section->grid->addWidget(f.label, row, 1);
        f.section->grid->addWidget(f.editor, row, 2);
        f.section->grid->addWidget(f.hint, row, 3);
        f.section->grid->addWidget(f.reset, row, 4);
        f.section->grid->addWidget(f.error, row + 1, 2, 1, 3);
        f.section->fields.push_back(&f);

        const QString name = f.name;
        connect(f.reset, &QToolButton::clicked, this, [this, name] { resetKey(name); });
        connect(f.hint, &QToolButton::clicked, this, [this, &f] { showHint(f); });
        connect(f.label, &QLabel::customContextMenuRequested, this,
                [this, &f](const QPoint& pos) { showFieldMenu(f, f.label->mapToGlobal(pos)); });
        fields_.push_back(std::move(field));
    }
}

QWidget* ConfigForm::makeEditor(Field& f)
{
    const ys::ConfigKey& k = *f.key;
    QWidget* parent = f.section->body;
    const QString name = f.name;
    auto emitEdit = [this, name](const QString& value) { edited(name, value, kTypingMergeId); };
    switch (k.type) {
    case Type::Bool:
        f.check = new QCheckBox(parent);
        connect(f.check, &QCheckBox::toggled, this,
                [emitEdit](bool on) { emitEdit(on ? QStringLiteral("true") : QStringLiteral("false")); });
        f.input = f.check;
        return f.check;
    case Type::Int:
        f.spin = new QSpinBox(parent);
        if (k.min != k.max)
            f.spin->setRange(static_cast<int>(k.min), static_cast<int>(k.max));
        else
            f.spin->setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        f.spin->setSingleStep(static_cast<int>(std::max(1.0, k.step)));
        f.spin->setMinimumWidth(120);
        connect(f.spin, &QSpinBox::valueChanged, this, [emitEdit](int v) { emitEdit(QString::number(v)); });
        f.input = f.spin;
        return f.spin;
    case Type::Float:
        f.dspin = new QDoubleSpinBox(parent);
        f.dspin->setDecimals(k.decimals);
        if (k.min != k.max)
            f.dspin->setRange(k.min, k.max);
        else
            f.dspin->setRange(-kUnboundedFloat, kUnboundedFloat);
        f.dspin->setSingleStep(k.step);
        f.dspin->setMinimumWidth(120);
        connect(f.dspin, &QDoubleSpinBox::valueChanged, this, [this, emitEdit, &f](double v) {
            emitEdit(QString::number(v, 'f', f.dspin->decimals()));
        });
        f.input = f.dspin;
        return f.dspin;
    case Type::Choice:
        f.combo = new QComboBox(parent);
        for (const std::string& c : k.choices)
            f.combo->addItem(q(c), q(c));
        connect(f.combo, &QComboBox::activated, this,
                [emitEdit, &f](int index) { emitEdit(f.combo->itemData(index).toString()); });
        f.input = f.combo;
        return f.combo;
    case Type::String:
    case Type::IntList:
    case Type::Stages: break;  // a line: "10", "[0, 2, 3]", "320x32:10,640xauto:80"
    }
    if (name == QLatin1String("device")) {
        devicePicker_ = new DevicePicker(parent);
        connect(devicePicker_, &DevicePicker::deviceChanged, this, emitEdit);
        f.input = devicePicker_;
        return devicePicker_;
    }
    if (k.type == Type::Stages) {
        // A table of stages with the text form under it (StageEditor); the line is the field's input.
        stageEditor_ = new StageEditor(parent);
        connect(stageEditor_, &StageEditor::committed, this, [this, name](const QString& text, bool typing) {
            edited(name, text, typing ? kTypingMergeId : -1);
        });
        // A row the engine rejects (or its fix): the config is unchanged, its problems are not.
        connect(stageEditor_, &StageEditor::problemChanged, this, [this] { changed(isValid()); });
        f.line = stageEditor_->line();
        f.input = f.line;
        return stageEditor_;
    }
    if (name == QLatin1String("model")) {
        modelPicker_ = new ModelPicker(parent);
        connect(modelPicker_, &ModelPicker::modelChanged, this, emitEdit);
        f.input = modelPicker_;
        return modelPicker_;
    }
    f.line = new QLineEdit(parent);
    connect(f.line, &QLineEdit::textEdited, this, emitEdit);
    f.input = f.line;
    if (name != QLatin1String("data") && name != QLatin1String("resume") && name != QLatin1String("project"))
        return f.line;
    // Paths get a browse button.
    auto* box = new QWidget(parent);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(f.line, 1);
    f.browse = new QToolButton(box);
    f.browse->setText(QStringLiteral("…"));
    row->addWidget(f.browse);
    connect(f.browse, &QToolButton::clicked, this, [this, &f, emitEdit] {
        QSettings settings;
        const QString settingsKey = QStringLiteral("configForm/folder_") + f.name;
        const QString start = f.line->text().isEmpty() ? settings.value(settingsKey).toString() : f.line->text();
        QString path;
        if (f.name == QLatin1String("project"))
            path = QFileDialog::getExistingDirectory(this, tr("Folder for run folders"), start);
        else if (f.name == QLatin1String("data"))
            path = QFileDialog::getOpenFileName(this, tr("Dataset YAML"), start, tr("Dataset (*.yaml *.yml)"));
        else
            path = QFileDialog::getOpenFileName(this, tr("Checkpoint to resume"), start,
                                                tr("Checkpoint (last.pt *.pt)"));
        if (path.isEmpty())
            return;
        settings.setValue(settingsKey, QFileInfo(path).absolutePath());
        emitEdit(path);
    });
    return box;
}

void ConfigForm::edited(const QString& key, const QString& value, int mergeId)
{
    const QString current = q(*config_.get(key.toStdString()));
    ys::TrainConfig probe = config_;
    if (auto problem = probe.trySet(key.toStdString(), value.toStdString())) {
        // Only free text can fail here (spin boxes and combos hold valid values); show it, keep the old value.
        for (auto& f : fields_)
            if (f->name == key) {
                f->error->setText(QStringLiteral("⚠ ") + problemText(*problem));
                f->error->setVisible(true);
            }
        return;
    }
    const QString now = q(*probe.get(key.toStdString()));
    if (now == current)
        return;
    undo_->push(new SetValues(this, {{key, current}}, {{key, now}}, tr("Change %1").arg(keyLabel(key)), mergeId));
}

std::vector<ys::Error> ConfigForm::applyValues(const QMap<QString, QString>& values, const QString& undoText)
{
    std::vector<ys::Error> rejected;
    ys::TrainConfig probe = config_;
    QMap<QString, QString> before, after;
    for (auto it = values.begin(); it != values.end(); ++it) {
        const std::string key = it.key().toStdString();
        const ys::ConfigKey* k = ys::findConfigKey(key);
        if (k && resumeMode_ && !k->resumable) {
            rejected.push_back({"config." + key, "'" + key + "' cannot change when a run is resumed", {}, 0, 0});
            continue;
        }
        if (auto err = probe.set(key, it.value().toStdString())) {
            rejected.push_back(*err);
            continue;
        }
        const QString now = q(*probe.get(key)), was = q(*config_.get(key));
        if (now != was) {
            before.insert(it.key(), was);
            after.insert(it.key(), now);
        }
    }
    if (!after.isEmpty())
        undo_->push(new SetValues(this, before, after, undoText, -1));
    return rejected;
}

void ConfigForm::setValuesNow(const QMap<QString, QString>& values)
{
    for (auto it = values.begin(); it != values.end(); ++it)
        config_.set(it.key().toStdString(), it.value().toStdString());
    changed(isValid());
}

void ConfigForm::setConfig(const ys::TrainConfig& config)
{
    const bool wasValid = isValid();
    config_ = config;
    undo_->clear();
    changed(wasValid);
}

void ConfigForm::changed(bool wasValid)
{
    revalidate();
    refresh();
    emit configChanged();
    if (wasValid != isValid())
        emit validityChanged(isValid());
}

void ConfigForm::resetKey(const QString& key)
{
    const ys::ConfigKey* k = ys::findConfigKey(key.toStdString());
    if (!k)
        return;
    applyValues({{key, defaultText(*k)}}, tr("Reset %1").arg(keyLabel(key)));
}

void ConfigForm::resetAll()
{
    QMap<QString, QString> values;
    for (const ys::ConfigKey& k : ys::configKeys()) {
        if (std::string_view(k.name) == "data" || (resumeMode_ && !k.resumable))
            continue;
        values.insert(QString::fromLatin1(k.name), defaultText(k));
    }
    applyValues(values, tr("Reset all settings"));
}

bool ConfigForm::applyPreset(const std::string& id)
{
    const ys::ConfigPreset* preset = ys::findPreset(id);
    if (!preset)
        return false;
    QMap<QString, QString> values;
    for (const auto& [key, value] : preset->values)
        if (!resumeMode_ || ys::findConfigKey(key)->resumable)
            values.insert(q(key), q(value));
    applyValues(values, tr("Preset: %1").arg(presetTitle(id)));
    return true;
}

bool ConfigForm::loadFile(const QString& path, QString* message)
{
    auto file = ys::ConfigFile::load(path.toStdString(), config_);
    const QString fileName = QFileInfo(path).fileName();
    if (!file) {
        if (message)
            *message = tr("Cannot load %1:\n%2").arg(fileName, q(file.error().toString()));
        return false;
    }
    if (!file->problems().empty()) {
        if (message) {
            QStringList lines;
            for (const ys::Error& e : file->problems())
                lines << q(e.toString());
            *message = tr("%1 has values YOLO Studio cannot use; nothing was changed. Fix them and load it again:\n%2")
                           .arg(fileName, lines.join(QLatin1Char('\n')));
        }
        return false;
    }
    QMap<QString, QString> values;
    for (const ys::ConfigKey& k : ys::configKeys())
        if (file->config().get(k.name) != config_.get(k.name))
            values.insert(QString::fromLatin1(k.name), q(*file->config().get(k.name)));
    document_ = *file;
    keptModel_->setEntries(file->unknownKeys());
    const std::vector<ys::Error> skipped = applyValues(values, tr("Load %1").arg(fileName));
    retranslate();  // the kept-entries line names the file
    if (message) {
        *message = tr("Loaded %1.").arg(fileName);
        if (!skipped.empty()) {
            QStringList keys;
            for (const ys::Error& e : skipped)
                keys << keyLabel(q(e.code.substr(std::string("config.").size())));
            *message += QLatin1Char(' ') + tr("Left as they are (a resumed run cannot change them): %1.")
                                               .arg(keys.join(QStringLiteral(", ")));
        }
    }
    return true;
}

bool ConfigForm::saveFile(const QString& path, QString* message)
{
    ys::ConfigFile doc = document_ ? *document_ : ys::ConfigFile::fromConfig(config_);
    doc.setConfig(config_);
    if (auto err = doc.save(path.toStdString())) {
        if (message)
            *message = tr("Cannot save %1:\n%2").arg(QFileInfo(path).fileName(), q(err->toString()));
        return false;
    }
    if (message)
        *message = tr("Saved %1.").arg(QFileInfo(path).fileName());
    return true;
}

const std::vector<ys::ConfigFileEntry>& ConfigForm::keptEntries() const
{
    return keptModel_->entries();
}

void ConfigForm::loadWithDialog()
{
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Load settings"), settings.value(QLatin1String(kSettingsFolderKey)).toString(),
        tr("Settings (args.yaml, hyp.yaml) (*.yaml *.yml);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(QLatin1String(kSettingsFolderKey), QFileInfo(path).absolutePath());
    QString message;
    if (!loadFile(path, &message))
        QMessageBox::warning(this, tr("Load settings"), message);
}

void ConfigForm::saveWithDialog()
{
    QSettings settings;
    const QString folder = settings.value(QLatin1String(kSettingsFolderKey)).toString();
    const QString suggested = document_ && !document_->source().empty()
                                  ? q(document_->source())
                                  : QDir(folder).filePath(QStringLiteral("args.yaml"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save settings"), suggested,
                                                      tr("Settings (*.yaml *.yml)"));
    if (path.isEmpty())
        return;
    settings.setValue(QLatin1String(kSettingsFolderKey), QFileInfo(path).absolutePath());
    QString message;
    if (!saveFile(path, &message))
        QMessageBox::warning(this, tr("Save settings"), message);
}

void ConfigForm::setResumeMode(bool on)
{
    if (resumeMode_ == on)
        return;
    resumeMode_ = on;
    retranslate();
    refresh();
}

void ConfigForm::setFilterText(const QString& text)
{
    filter_ = text.trimmed();
    if (search_->text().trimmed() != filter_) {
        const QSignalBlocker block(search_);
        search_->setText(text);
    }
    refreshVisibility();
}

void ConfigForm::setAdvancedVisible(bool visible)
{
    advancedVisible_ = visible;
    if (advanced_->isChecked() != visible) {
        const QSignalBlocker block(advanced_);
        advanced_->setChecked(visible);
    }
    refreshVisibility();
    saveUiState();
}

void ConfigForm::saveUiState() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("configForm/advanced"), advancedVisible_);
    QStringList collapsed;
    for (const auto& s : sections_)
        if (!s->expanded)
            collapsed << QString::fromLatin1(ys::groupId(s->group));
    settings.setValue(QStringLiteral("configForm/collapsed"), collapsed);
}

void ConfigForm::refresh()
{
    for (auto& f : fields_)
        refreshField(*f);
    const std::string dataPath = config_.data;
    if (modelPicker_)
        modelPicker_->setContext(q(dataPath), config_.imgsz);
    for (auto& s : sections_)
        s->summary->setText(sectionSummary(s->group));
    refreshVisibility();
}

void ConfigForm::refreshField(Field& f)
{
    const ys::ConfigKey& k = *f.key;
    const std::string key = k.name;
    const QString value = q(*config_.get(key));
    {
        const QSignalBlocker b(f.input);
        switch (k.type) {
        case Type::Bool: f.check->setChecked(value == QLatin1String("true")); break;
        case Type::Int: {
            // The schema's range, widened to show a value from a file or from code that lies outside it
            // (its error says why); typing a valid value narrows it again.
            const int v = value.toInt();
            const int lo = k.min != k.max ? static_cast<int>(k.min) : std::numeric_limits<int>::min();
            const int hi = k.min != k.max ? static_cast<int>(k.max) : std::numeric_limits<int>::max();
            if (f.spin->minimum() != std::min(lo, v) || f.spin->maximum() != std::max(hi, v))
                f.spin->setRange(std::min(lo, v), std::max(hi, v));
            if (f.spin->value() != v)
                f.spin->setValue(v);
            break;
        }
        case Type::Float: {
            const double v = value.toDouble();
            const int decimals = decimalsFor(v, k.decimals);
            if (f.dspin->decimals() != decimals)
                f.dspin->setDecimals(decimals);
            const double lo = k.min != k.max ? k.min : -kUnboundedFloat, hi = k.min != k.max ? k.max : kUnboundedFloat;
            if (f.dspin->minimum() != std::min(lo, v) || f.dspin->maximum() != std::max(hi, v))
                f.dspin->setRange(std::min(lo, v), std::max(hi, v));
            if (f.dspin->value() != v)
                f.dspin->setValue(v);
            break;
        }
        case Type::Choice: f.combo->setCurrentIndex(f.combo->findData(value)); break;
        case Type::IntList:
        case Type::String:
        case Type::Stages:
            if (f.input == devicePicker_)
                devicePicker_->setDevice(value);
            else if (f.input == modelPicker_)
                modelPicker_->setModel(value);
            else if (stageEditor_ && f.line == stageEditor_->line())
                stageEditor_->setStagesText(value);   // the table and the line (revalidate() did it already)
            else if (f.line->text() != value)
                f.line->setText(value);
            break;
        }
    }
    const bool changed = isChanged(f.name);
    const bool editable = !resumeMode_ || k.resumable;
    // Only what changed is set: a font or palette change re-polishes and re-lays out the widget.
    const QString mark = changed ? QStringLiteral("●") : QString();
    if (f.mark->text() != mark)
        f.mark->setText(mark);
    if (f.label->font().bold() != changed) {
        QFont lf = f.label->font();
        lf.setBold(changed);
        f.label->setFont(lf);
    }
    f.reset->setVisible(changed && editable);
    if (f.editor->isEnabled() != editable)
        f.editor->setEnabled(editable);
    const QString error = errorText(f.name);
    const QString shown = error.isEmpty() ? QString() : QStringLiteral("⚠ ") + error;
    if (f.error->text() != shown)
        f.error->setText(shown);
    f.error->setVisible(!error.isEmpty());
    const QColor labelColor = error.isEmpty() ? palette().color(QPalette::WindowText) : kErrorColor;
    if (f.label->palette().color(QPalette::WindowText) != labelColor) {
        QPalette lp = f.label->palette();
        lp.setColor(QPalette::WindowText, labelColor);
        f.label->setPalette(lp);
    }
}

void ConfigForm::refreshVisibility()
{
    const QString needle = filter_.toLower();
    for (auto& s : sections_) {
        int visible = 0;
        for (Field* f : s->fields) {
            bool show;
            if (!needle.isEmpty()) {
                show = f->name.contains(needle) || keyLabel(f->name).toLower().contains(needle) ||
                       keyHelp(f->name).toLower().contains(needle);
            } else {
                // Hidden advanced keys still show when they differ from the default or are wrong.
                show = !f->key->advanced || advancedVisible_ || isChanged(f->name) || !errorText(f->name).isEmpty();
            }
            f->mark->setVisible(show);
            f->label->setVisible(show);
            f->editor->setVisible(show);
            f->hint->setVisible(show);
            f->reset->setVisible(show && isChanged(f->name) && (!resumeMode_ || f->key->resumable));
            f->error->setVisible(show && !f->error->text().isEmpty());
            visible += show ? 1 : 0;
        }
        s->box->setVisible(visible > 0);
        s->body->setVisible(visible > 0 && (s->expanded || !needle.isEmpty()));
    }
}

void ConfigForm::showFieldMenu(Field& f, const QPoint& globalPos)
{
    QMenu menu(this);
    QAction* reset = menu.addAction(tr("Reset to default (%1)").arg(defaultText(*f.key)));
    reset->setEnabled(isChanged(f.name) && (!resumeMode_ || f.key->resumable));
    QAction* copy = menu.addAction(tr("Copy key name (%1)").arg(f.name));
    QAction* chosen = menu.exec(globalPos);
    if (chosen == reset)
        resetKey(f.name);
    else if (chosen == copy)
        QGuiApplication::clipboard()->setText(f.name);
}

void ConfigForm::showHint(Field& f)
{
    const ys::ConfigKey& k = *f.key;
    QString text = QStringLiteral("<b>%1</b> <code>%2</code><br>%3<br>")
                       .arg(keyLabel(f.name).toHtmlEscaped(), f.name, keyHelp(f.name).toHtmlEscaped());
    text += tr("Default: %1").arg(defaultText(k).isEmpty() ? tr("(empty)") : defaultText(k).toHtmlEscaped());
    if ((k.type == Type::Int || k.type == Type::Float) && k.min != k.max)
        text += QStringLiteral("<br>") + tr("Range: %1 to %2%3")
                                             .arg(QString::number(k.min), QString::number(k.max), unitSuffix(k.unit));
    if (!minimumText(k).isEmpty())
        text += QStringLiteral("<br>") + tr("%1 means %2").arg(QString::number(k.min), minimumText(k));
    text += QStringLiteral("<br>") + (k.resumable ? tr("Can change when a run is resumed.")
                                                  : tr("Fixed once a run has started."));
    QToolTip::showText(f.hint->mapToGlobal(QPoint(0, f.hint->height())), text, f.hint);
}

QWidget* ConfigForm::editor(const QString& key) const
{
    for (const auto& f : fields_)
        if (f->name == key)
            return f->input;
    return nullptr;
}

void ConfigForm::revalidate()
{
    if (stageEditor_) {
        // The table follows the config's stages first (undo, presets, a loaded file); a row the user is still
        // fixing stays while the config's stages are what the editor last showed.
        const QSignalBlocker block(stageEditor_);
        stageEditor_->setRunDefaults(config_.imgsz, config_.batch, config_.epochs);
        stageEditor_->setStagesText(q(*config_.get("stages")));
    }
    problems_ = config_.problems();
    if (stageEditor_ && stageEditor_->problem())
        problems_.push_back(*stageEditor_->problem());
}

QString ConfigForm::errorText(const QString& key) const
{
    const std::string k = key.toStdString();
    QStringList messages;
    for (const ys::ConfigProblem& p : problems_)
        if (p.key == k)
            messages << problemText(p);
    return messages.join(QLatin1Char('\n'));
}

bool ConfigForm::isChanged(const QString& key) const
{
    static const ys::TrainConfig defaults;
    return config_.get(key.toStdString()) != defaults.get(key.toStdString());
}

bool ConfigForm::isFieldVisible(const QString& key) const
{
    for (const auto& f : fields_)
        if (f->name == key)
            return !f->label->isHidden() && !f->section->box->isHidden() && !f->section->body->isHidden();
    return false;
}

int ConfigForm::changedCount(Group group) const
{
    int n = 0;
    for (const auto& f : fields_)
        if (f->key->group == group && isChanged(f->name))
            ++n;
    return n;
}

QString ConfigForm::sectionSummary(Group group) const
{
    QStringList parts;
    if (const int changed = changedCount(group))
        parts << tr("%1 changed").arg(changed);
    int problems = 0;
    for (const auto& f : fields_)
        if (f->key->group == group && !errorText(f->name).isEmpty())
            ++problems;
    if (problems)
        parts << tr("%1 to fix").arg(problems);
    return parts.join(QStringLiteral(" · "));
}

void ConfigForm::setSectionExpanded(Group group, bool expanded)
{
    for (auto& s : sections_)
        if (s->group == group) {
            s->expanded = expanded;
            s->header->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
        }
    refreshVisibility();
    saveUiState();
}

bool ConfigForm::isSectionExpanded(Group group) const
{
    for (const auto& s : sections_)
        if (s->group == group)
            return s->expanded;
    return false;
}

bool ConfigForm::eventFilter(QObject* watched, QEvent* event)
{
    if ((watched == content_ && event->type() == QEvent::LayoutRequest) ||
        (watched == scroll_->viewport() && event->type() == QEvent::Resize))
        fitToWidth();
    return QWidget::eventFilter(watched, event);
}

void ConfigForm::fitToWidth()
{
    const int widest = std::max(widestLabel_, 1);
    const int lowest = std::min(kMinLabelWidth, widest);
    // The fields' need with the narrowest labels; the labels get up to their share of what is left.
    const int fieldsNeed = content_->minimumSizeHint().width() - (labelWidth_ > 0 ? labelWidth_ - lowest : 0);
    const int viewport = scroll_->viewport()->width();
    const int width = std::clamp(std::min(viewport * kLabelPercent / 100, lowest + viewport - fieldsNeed), lowest, widest);
    if (width != labelWidth_) {
        labelWidth_ = width;
        for (auto& s : sections_)
            s->grid->setColumnMinimumWidth(1, width);
        for (auto& f : fields_)   // a longer label wraps: the columns line up across the sections
            f->label->setMaximumWidth(width);
    }
    // What the fields need with the narrowest labels (wider labels follow a wider pane, they do not hold it
    // wide), and room for the vertical scroll bar.
    const int need = fieldsNeed + scroll_->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll_) +
                     2 * scroll_->frameWidth();
    if (scroll_->minimumWidth() != need)
        scroll_->setMinimumWidth(need);
}

void ConfigForm::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refresh();  // the reasons beside the fields
    }
    QWidget::changeEvent(event);
}

void ConfigForm::updateUndoTexts()
{
    undoAction_->setText(undo_->canUndo() ? tr("Undo %1").arg(undo_->undoText()) : tr("Undo"));
    redoAction_->setText(undo_->canRedo() ? tr("Redo %1").arg(undo_->redoText()) : tr("Redo"));
    // The buttons keep short labels; the full text is the tooltip.
    undoButton_->setText(tr("Undo"));
    redoButton_->setText(tr("Redo"));
    undoButton_->setToolTip(undoAction_->text() + QStringLiteral(" (") +
                            undoAction_->shortcut().toString(QKeySequence::NativeText) + QLatin1Char(')'));
    redoButton_->setToolTip(redoAction_->text() + QStringLiteral(" (") +
                            QKeySequence(QKeySequence::Redo).toString(QKeySequence::NativeText) + QLatin1Char(')'));
}

void ConfigForm::retranslate()
{
    search_->setPlaceholderText(tr("Filter settings (name or description)"));
    advanced_->setText(tr("Show advanced"));
    advanced_->setToolTip(tr("Show the settings that are rarely changed. Changed or invalid ones always show."));
    presetsButton_->setText(tr("Presets"));
    for (QAction* a : presetsButton_->menu()->actions()) {
        const std::string id = a->data().toString().toStdString();
        a->setText(presetTitle(id));
        a->setToolTip(presetDescription(id));
        a->setStatusTip(presetDescription(id));
    }
    presetsButton_->menu()->setToolTipsVisible(true);
    loadButton_->setText(tr("Load…"));
    loadButton_->setToolTip(tr("Load an args.yaml or hyp.yaml (Ultralytics, YOLOv9): its values replace the "
                               "form's; keys YOLO Studio does not use are kept for saving"));
    saveButton_->setText(tr("Save…"));
    saveButton_->setToolTip(tr("Save the settings as YAML (the loaded file's other keys and comments are kept)"));
    resetAllButton_->setText(tr("Reset all"));
    resetAllButton_->setToolTip(tr("Every setting back to its default (the dataset stays)"));
    updateUndoTexts();

    QStringList resumable;
    for (const std::string& key : ys::resumableKeys())
        resumable << keyLabel(q(key));
    banner_->setText(tr("Resuming a run: only %1 can change; everything else comes from the run.")
                         .arg(resumable.join(QStringLiteral(", "))));
    banner_->setVisible(resumeMode_);

    const auto& kept = keptModel_->entries();
    if (!kept.empty() && document_) {
        QStringList names;
        for (size_t i = 0; i < kept.size() && i < 8; ++i)
            names << q(kept[i].key);
        if (kept.size() > 8)
            names << QStringLiteral("…");
        keptLabel_->setText(tr("Kept from %1 for saving, not used by YOLO Studio (%2): %3")
                                .arg(QFileInfo(q(document_->source())).fileName())
                                .arg(kept.size())
                                .arg(names.join(QStringLiteral(", "))));
    }
    keptLabel_->setVisible(!kept.empty());
    keptToggle_->setVisible(!kept.empty());
    keptToggle_->setText(tr("Show"));
    keptModel_->retranslate();

    for (auto& s : sections_) {
        s->header->setText(groupLabel(s->group).replace(QLatin1Char('&'), QStringLiteral("&&")));
        s->summary->setText(sectionSummary(s->group));
    }
    widestLabel_ = 0;
    for (auto& f : fields_) {
        const ys::ConfigKey& k = *f->key;
        f->label->setText(keyLabel(f->name));
        QFont bold = f->label->font();
        bold.setBold(true);
        widestLabel_ = std::max(widestLabel_, QFontMetrics(bold).horizontalAdvance(f->label->text()) + 2);
        const QString tip = QStringLiteral("%1 (%2)").arg(keyHelp(f->name), f->name);
        f->label->setToolTip(tip);
        f->input->setToolTip(tip);
        f->hint->setToolTip(tr("About this setting"));
        f->reset->setToolTip(tr("Reset to the default (%1)").arg(defaultText(k)));
        if (f->spin) {
            f->spin->setSuffix(unitSuffix(k.unit));
            f->spin->setSpecialValueText(minimumText(k));
        }
        if (f->dspin)
            f->dspin->setSuffix(unitSuffix(k.unit));
        if (f->combo)
            for (int i = 0; i < f->combo->count(); ++i)
                f->combo->setItemText(i, choiceText(f->name, f->combo->itemData(i).toString()));
        if (f->name == QLatin1String("vram"))
            f->line->setPlaceholderText(tr("whole device (e.g. 8GiB or 0.8)"));
        if (f->name == QLatin1String("resume"))
            f->line->setPlaceholderText(tr("no: start a new run"));
    }
    fitToWidth();   // the widest label changed with the texts
}

}  // namespace ys::ui
