#include "ui/config/pastecommanddialog.h"

#include "model/model.h"
#include "ui/config/configtext.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace ys::ui {
namespace {

constexpr int kMaxClipboardChars = 20000;  // a command is a few hundred; more is something else

// Keys the Train page takes from elsewhere: the open dataset, and Resume on the Runs page.
bool notForTheForm(const std::string& key)
{
    return key == "data" || key == "resume";
}

QString arg(const ys::ImportNote& note, size_t i)
{
    return i < note.args.size() ? QString::fromStdString(note.args[i]) : QString();
}

// Core's catalogue text of `code`, or nullptr.
const char* coreText(const std::string& code)
{
    for (const ys::ImportNoteCode& c : ys::importNoteCodes())
        if (code == c.code)
            return c.text;
    return nullptr;
}

QTableWidget* makeTable(int columns, const QString& objectName, QWidget* parent)
{
    auto* t = new QTableWidget(0, columns, parent);
    t->setObjectName(objectName);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setWordWrap(true);
    t->verticalHeader()->hide();
    t->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

QTableWidgetItem* cell(const QString& text, const QFont* font = nullptr)
{
    auto* item = new QTableWidgetItem(text);
    if (font)
        item->setFont(*font);
    return item;
}

}  // namespace

PasteCommandDialog::PasteCommandDialog(const ys::TrainConfig& base, QWidget* parent) : QDialog(parent), base_(base)
{
    setObjectName(QStringLiteral("PasteCommandDialog"));
    for (const ys::BuiltinModel& m : ys::builtinModels())
        builtinModels_.push_back(m.file);
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    intro_ = new QLabel(this);
    intro_->setWordWrap(true);
    command_ = new QPlainTextEdit(this);
    command_->setObjectName(QStringLiteral("commandEdit"));
    command_->setFont(fixed);
    command_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    command_->setMinimumHeight(QFontMetrics(fixed).lineSpacing() * 7);  // a few lines of Python show whole
    command_->setMaximumHeight(QFontMetrics(fixed).lineSpacing() * 12);
    folderLabel_ = new QLabel(this);
    folder_ = new QLineEdit(this);
    folder_->setObjectName(QStringLiteral("folderEdit"));
    folder_->setClearButtonEnabled(true);
    folderButton_ = new QToolButton(this);
    folderButton_->setObjectName(QStringLiteral("folderButton"));
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(folderLabel_);
    folderRow->addWidget(folder_, 1);
    folderRow->addWidget(folderButton_);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("statusLabel"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    QFont bold = font();
    bold.setBold(true);
    mappedTitle_ = new QLabel(this);
    mappedTitle_->setFont(bold);
    mapped_ = makeTable(4, QStringLiteral("mappedTable"), this);
    skippedTitle_ = new QLabel(this);
    skippedTitle_->setFont(bold);
    skipped_ = makeTable(2, QStringLiteral("skippedTable"), this);
    notes_ = new QLabel(this);
    notes_->setObjectName(QStringLiteral("notesLabel"));
    notes_->setWordWrap(true);
    notes_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons_->setObjectName(QStringLiteral("buttons"));
    applyFit_ = buttons_->addButton(QString(), QDialogButtonBox::AcceptRole);
    applyFit_->setObjectName(QStringLiteral("applyFitButton"));
    apply_ = buttons_->addButton(QString(), QDialogButtonBox::AcceptRole);
    apply_->setObjectName(QStringLiteral("applyButton"));
    apply_->setDefault(true);
    connect(apply_, &QPushButton::clicked, this, [this] {
        fitRequested_ = false;
        accept();
    });
    connect(applyFit_, &QPushButton::clicked, this, [this] {
        fitRequested_ = true;
        accept();
    });
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro_);
    layout->addWidget(command_, 1);
    layout->addLayout(folderRow);
    layout->addWidget(status_);
    layout->addWidget(mappedTitle_);
    layout->addWidget(mapped_, 5);
    layout->addWidget(skippedTitle_);
    layout->addWidget(skipped_, 2);
    layout->addWidget(notes_);
    layout->addWidget(buttons_);
    resize(980, 720);

    connect(command_, &QPlainTextEdit::textChanged, this, &PasteCommandDialog::refresh);
    connect(folder_, &QLineEdit::textChanged, this, &PasteCommandDialog::refresh);
    connect(folderButton_, &QToolButton::clicked, this, &PasteCommandDialog::chooseFolder);

    // A command copied just before opening the dialog is what the user means to paste.
    if (const QClipboard* clipboard = QApplication::clipboard()) {
        const QString text = clipboard->text();
        if (!text.isEmpty() && text.size() < kMaxClipboardChars) {
            ys::CommandImportOptions probe;
            probe.builtinModels = builtinModels_;
            if (ys::importCommand(text.toStdString(), probe).ok())
                command_->setPlainText(text);
        }
    }
    retranslate();
}

void PasteCommandDialog::setFitAvailable(bool available)
{
    fitAvailable_ = available;
    refresh();
}

void PasteCommandDialog::setMachineDevices(const QStringList& ids)
{
    machineDevices_.clear();
    for (const QString& id : ids)
        machineDevices_.push_back(id.toStdString());
    refresh();
}

QMap<QString, QString> PasteCommandDialog::values() const
{
    QMap<QString, QString> out;
    if (!result_)
        return out;
    for (const auto& [key, value] : result_->values())
        if (!notForTheForm(key))
            out.insert(QString::fromStdString(key), QString::fromStdString(value));
    return out;
}

void PasteCommandDialog::chooseFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder the Command Ran In"), folder_->text());
    if (!dir.isEmpty())
        folder_->setText(QDir::toNativeSeparators(dir));
}

void PasteCommandDialog::refresh()
{
    result_.reset();
    mapped_->setRowCount(0);
    skipped_->setRowCount(0);
    notes_->clear();
    const QString text = command_->toPlainText();
    ys::CommandImportOptions options;
    options.workingDir = QDir::fromNativeSeparators(folder_->text().trimmed()).toStdString();
    options.builtinModels = builtinModels_;
    options.base = base_;
    options.machineDevices = machineDevices_;
    auto r = ys::importCommand(text.toStdString(), options);
    QPalette statusPalette = palette();
    if (!r) {
        const ys::Error& e = r.error();
        QString why;
        if (e.code == "import.empty")
            why = tr("Paste a training command: python train.py --data data.yaml --epochs 100 …, yolo detect "
                     "train data=data.yaml model=yolov8s.pt …, or Python code with model.train(data=…, epochs=…)");
        else if (e.code == "import.quote")
            why = tr("Line %1, column %2: this quote is not closed.").arg(e.line).arg(e.column);
        else if (e.code == "import.python_syntax")
            why = tr("Line %1: a string or bracket that starts there is not closed.").arg(e.line);
        else if (e.code == "import.not_training")
            why = tr("This is no training command: expected python train.py …, torchrun … train_dual.py …, "
                     "yolo detect train … or model.train(…).");
        else
            why = QString::fromStdString(e.message);
        if (e.code != "import.empty")
            statusPalette.setColor(QPalette::WindowText, QColor(0xd3, 0x2f, 0x2f));
        status_->setPalette(statusPalette);
        status_->setText(why);
        mappedTitle_->setText(tr("Will be set"));
        skippedTitle_->setText(tr("Not imported"));
        apply_->setEnabled(false);
        applyFit_->setEnabled(false);
        return;
    }
    result_ = std::move(r.value());
    const ys::CommandImport& c = *result_;

    // What the command sets, in the form's order; bold where it changes the setup.
    QFont boldFont = mapped_->font();
    boldFont.setBold(true);
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    std::vector<const ys::ImportedSetting*> rows;
    for (const ys::ConfigKey& k : ys::configKeys())
        for (const ys::ImportedSetting& s : c.mapped)
            if (s.key == k.name && !notForTheForm(s.key))
                rows.push_back(&s);
    for (const ys::ImportedSetting* s : rows) {
        const QString key = QString::fromStdString(s->key);
        const bool changesSetup = base_.get(s->key) != c.config.get(s->key);
        const int row = mapped_->rowCount();
        mapped_->insertRow(row);
        auto* label = cell(tr("%1 (%2)").arg(keyLabel(key), key), changesSetup ? &boldFont : nullptr);
        label->setToolTip(keyHelp(key));
        label->setData(Qt::UserRole, key);
        mapped_->setItem(row, 0, label);
        mapped_->setItem(row, 1, cell(QString::fromStdString(s->value), changesSetup ? &boldFont : nullptr));
        mapped_->setItem(row, 2, cell(QString::fromStdString(s->source), &fixed));
        QStringList notes;
        for (const ys::ImportNote& n : s->notes)
            notes << noteBody(n);
        mapped_->setItem(row, 3, cell(notes.join(QLatin1Char('\n'))));
    }

    // What it does not carry over: the engine's list, and the dataset, which this page takes from the
    // Dataset page.
    auto addSkipped = [&](const QString& item, const QString& why) {
        const int row = skipped_->rowCount();
        skipped_->insertRow(row);
        skipped_->setItem(row, 0, cell(item, &fixed));
        skipped_->setItem(row, 1, cell(why));
    };
    for (const ys::ImportedSetting& s : c.mapped) {
        if (s.key == "data")
            addSkipped(QString::fromStdString(s.source),
                       tr("the Train page trains on the dataset that is open; open %1 in the Dataset page to train "
                          "on it")
                           .arg(QString::fromStdString(s.value)));
        else if (s.key == "resume")
            addSkipped(QString::fromStdString(s.source),
                       tr("a run is resumed from the Runs page (Resume…), with the settings it was trained with"));
    }
    for (const ys::SkippedItem& s : c.skipped)
        addSkipped(QString::fromStdString(s.item), reasonText(s));

    // What would not train here as the command did first (a GPU this machine lacks), then the rest.
    QStringList warnings, notes;
    for (const ys::ImportNote& n : c.notes) {
        if (ys::isImportWarning(n))
            warnings << QStringLiteral("⚠ ") + noteText(n);
        else
            notes << QStringLiteral("ℹ ") + noteText(n);
    }
    notes = warnings + notes;
    notes_->setText(notes.join(QLatin1Char('\n')));
    notes_->setVisible(!notes.isEmpty());

    status_->setPalette(statusPalette);
    status_->setText(tr("Read the %1 command (%2): %n setting(s), those that change the setup in bold.", nullptr,
                        static_cast<int>(rows.size()))
                         .arg(QString::fromStdString(c.dialect), QString::fromStdString(c.program)));
    mappedTitle_->setText(tr("Will be set (%1)").arg(rows.size()));
    skippedTitle_->setText(tr("Not imported (%1)").arg(skipped_->rowCount()));
    apply_->setEnabled(!rows.empty());
    applyFit_->setEnabled(!rows.empty() && fitAvailable_);
}

void PasteCommandDialog::retranslate()
{
    setWindowTitle(tr("Paste a Command"));
    intro_->setText(tr("Paste the training command you ran: YOLOv5, YOLOv7 or YOLOv9 (python train.py, "
                       "train_dual.py … with their flags, also behind torchrun) or Ultralytics (yolo detect train "
                       "key=value …, or Python: model = YOLO(\"yolov8n.pt\") and model.train(…)). Its settings "
                       "fill the setup; nothing is run."));
    command_->setPlaceholderText(
        tr("python train_dual.py --batch 32 --img 640 --cfg models/detect/yolov9-s.yaml --hyp hyp.scratch-high.yaml "
           "--epochs 20 …"));
    folderLabel_->setText(tr("Ran in:"));
    folder_->setPlaceholderText(tr("the folder the command ran in, for its relative paths such as --hyp (optional)"));
    folderButton_->setText(tr("Browse…"));
    folderButton_->setToolTip(tr("Choose the folder the command ran in"));
    mapped_->setHorizontalHeaderLabels({tr("Setting"), tr("Value"), tr("From"), tr("Note")});
    skipped_->setHorizontalHeaderLabels({tr("In the command"), tr("Why it is not imported")});
    apply_->setText(tr("Apply to Setup"));
    applyFit_->setText(tr("Apply and Fit to My GPU…"));
    applyFit_->setToolTip(tr("Apply the settings, then measure memory and fit the batch and image size to this "
                             "machine"));
    buttons_->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    refresh();
}

void PasteCommandDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

// Texts whose core text starts with "{0}: " (the item or flag they concern) are translated without it: the
// tables show the item in a column of its own. `a` holds the arguments after that one.
QString PasteCommandDialog::bodyText(const std::string& c, const QStringList& a)
{
    const QString a0 = a.value(0), a1 = a.value(1), a2 = a.value(2);
    // Why something is not carried over.
    if (c == "import.unknown_flag")
        return tr("no YOLOv5, YOLOv7 or YOLOv9 training script has this option");
    if (c == "import.unknown_key")
        return tr("not a setting of Ultralytics' trainer");
    if (c == "import.not_for_training")
        return tr("a prediction, validation or export setting; training does not use it");
    if (c == "import.not_supported")
        return tr("YOLO Studio has no such setting; the run trains without it");
    if (c == "import.no_effect")
        return tr("does nothing at this value");
    if (c == "import.multi_gpu")
        return tr("set by the launcher in each process; the studio's launcher sets it");
    if (c == "import.logging_only")
        return tr("logging, plots or uploads only; nothing to carry over");
    if (c == "import.anchor_only")
        return tr("concerns the anchors of YOLOv5/YOLOv7 heads; YOLO Studio's heads are anchor-free");
    if (c == "import.multi_scale")
        return tr("trains at 0.5-1.5x the image size; YOLO Studio trains at one size, so the original run needed "
                  "more memory than its image size suggests");
    if (c == "import.missing_value")
        return tr("needs a value");
    if (c == "import.positional")
        return tr("a word that belongs to no option");
    if (c == "import.bad_value" || c == "import.hyp_unreadable")
        return a0;  // TrainConfig's or the file's own message (see reasonText for the translated reason)
    if (c == "import.overridden")
        return tr("set again by %1; the later value counts").arg(a0);
    if (c == "import.hyp_not_found")
        return tr("file not found (looked in %1)").arg(a0);
    if (c == "import.hyp_anchor_gain")
        return tr("%1 is a gain of the anchor-based YOLOv5/YOLOv7 loss (%2 has no dfl), not of YOLO Studio's loss; "
                  "left as it was")
            .arg(a0, a1);
    if (c == "import.file_keys_unused")
        return tr("settings of %1 that YOLO Studio does not use").arg(a0);
    if (c == "import.anchor_model")
        return tr("%1 is an anchor-based YOLOv3/v5/v7 model; YOLO Studio builds YOLOv8, YOLO11, YOLOv9 and YOLO26 "
                  "(e.g. %2)")
            .arg(a0, a1);
    if (c == "import.model_not_found")
        return tr("not a built-in model, and no such file was found (looked in %1)").arg(a0);
    if (c == "import.weights_with_cfg")
        return tr("not used: %1 names the architecture, and a run starts either from a model YAML (from scratch) "
                  "or from a checkpoint (fine-tuning), not both; to fine-tune from the checkpoint instead, set "
                  "model to it")
            .arg(a0);
    if (c == "import.resume_foreign")
        return tr("a run of the YOLOv5, YOLOv7 or YOLOv9 repositories cannot be continued by YOLO Studio");
    if (c == "import.task")
        return tr("YOLO Studio trains detection models only");
    if (c == "import.device_auto")
        return tr("means the first GPU if there is one, else the CPU; choose the device here");
    if (c == "import.environment")
        return tr("an environment variable, not a setting");
    if (c == "import.shell_variable")
        return tr("holds a shell variable, which is not expanded here");
    if (c == "import.other_command")
        return tr("another command, not part of the training");
    if (c == "import.shell_rest")
        return tr("not part of the training command");
    if (c == "import.python_expression")
        return tr("a Python expression, not evaluated here; only literal values (numbers, strings, True, False, "
                  "None, lists) are read");
    if (c == "import.python_model_class")
        return tr("a %1 model; YOLO Studio builds YOLOv8, YOLO11, YOLOv9 and YOLO26 models, made with YOLO(...)")
            .arg(a0);
    if (c == "import.python_model_unknown")
        return tr("the pasted code does not make this model (model = YOLO(\"yolov8n.pt\")); the model setting "
                  "stays as it was");
    if (c == "import.python_call")
        return tr("a call on the model before training; it is not repeated here");
    if (const QString text = ultralytics84Text(c, a); !text.isEmpty())
        return text;
    // How a value was carried over.
    if (c == "import.builtin_model")
        return tr("%1 is the built-in model %2").arg(a0, a1);
    if (c == "import.yolov9_aux")
        return tr("%1 trains with YOLOv9's auxiliary (PGI) branch; the built-in %2 is Ultralytics' YOLOv9 without "
                  "it: it needs less memory than the original run, and results may differ")
            .arg(a0, a1);
    if (c == "import.from_scratch")
        return tr("trained from scratch (no --weights)");
    if (c == "import.fine_tune")
        return tr("fine-tunes the weights of %1").arg(a0);
    if (c == "import.model_stem")
        return tr("Ultralytics reads a model name without an extension as %1").arg(a0);
    if (c == "import.repository_model")
        return tr("%1 is written for the YOLOv9 repository's own code (its DDetect head); YOLO Studio reads "
                  "Ultralytics' layout and may not build it (built in: yolov9t.yaml ... yolov9e.yaml)")
            .arg(a0);
    if (c == "import.repository_checkpoint")
        return tr("%1 looks like a checkpoint of the YOLOv9 repository; YOLO Studio reads Ultralytics' and its own "
                  "checkpoints (Ultralytics names them yolov9c.pt)")
            .arg(a0);
    if (c == "import.not_found_here")
        return tr("%1 was not found from %2; the run needs it there").arg(a0, a1);
    if (c == "import.script_default")
        return tr("%1's own default: the command does not set it").arg(a0);
    if (c == "import.hyp_builtin")
        return tr("%1 was not found here: YOLOv9's values of it (preset yolov9-scratch-high) are used").arg(a0);
    if (c == "import.imgsz_rounded")
        return tr("%1 rounded up to %2, a multiple of the largest stride (32), as the original trainer does")
            .arg(a0, a1);
    if (c == "import.imgsz_larger_side")
        return tr("a rectangle; training uses the larger side, %1, as Ultralytics does").arg(a0);
    if (c == "import.imgsz_test_size")
        return tr("the second size (%1) is YOLOv7's test size; validation here uses the training size").arg(a0);
    if (c == "import.device_list")
        return tr("one training process per GPU (%1), started by the studio (or torchrun)").arg(a0);
    if (c == "import.sync_bn_one_process")
        return tr("acts with several processes only; one process trains as without it, as in the original script");
    if (c == "import.device_nproc")
        return tr("one process per GPU, so device %1").arg(a0);
    if (c == "import.device_visible")
        return tr("CUDA_VISIBLE_DEVICES=%1 makes device %2 the GPU %3").arg(a0, a1, a2);
    if (c == "import.batch_fraction")
        return tr("batch=%1: Ultralytics fits the batch to %1 of the GPU's memory; here batch -1 fits it to the "
                  "memory budget vram=%1")
            .arg(a0);
    if (c == "import.cache_disk")
        return tr("no disk cache here; decoded images are kept in RAM instead");
    if (c == "import.fixed_lr")
        return tr("--fixed-lr keeps the learning rate at lr0: a linear schedule with lrf 1.0");
    if (c == "import.save_period_off")
        return tr("below 1 means off");
    if (c == "import.amp_auto")
        return tr("Ultralytics trains in fp16 on a GPU that passes its AMP check and in fp32 on a CPU; auto here: "
                  "fp16 on a GPU, bf16 on a CPU that has it natively (amp=off for fp32)");
    if (c == "import.device_idle")
        return tr("Ultralytics takes the most idle GPU when the run starts; here %1: choose another device if it is "
                  "busy")
            .arg(a0);
    // About the command as a whole.
    if (c == "import.batch_split")
        return tr("batch %2 is the world batch: %1 processes take %3 images each, as in the command").arg(a0, a1, a2);
    if (c == "import.multi_node")
        return tr("the command ran on %1 machines: start it on each with yolostudio-cli train nnodes=%1 "
                  "node_rank=<the machine's index> master_addr=<the first machine>")
            .arg(a0);
    if (c == "import.default_hyp_missing")
        return tr("%1 reads its hyperparameters from %2 by default; the file was not found, so they keep their "
                  "current values")
            .arg(a0, a1);
    if (c == "import.lines_joined")
        return tr("lines that continue the command without a trailing backslash were joined to it");
    if (c == "import.stages_cleared")
        return tr("the setup's stages (%1) were cleared: the command's %2 counts, and its run is one stage").arg(a0, a1);
    if (c == "import.device_missing")
        return tr("this machine has no GPU %1 (its devices: %2); choose a device it has before training").arg(a0, a1);
    return {};
}

// Ultralytics 8.4's settings that have no key here, each with what it did there (bodyText's rule: without
// the item they concern).
QString PasteCommandDialog::ultralytics84Text(const std::string& c, const QStringList& a)
{
    const QString a0 = a.value(0), a1 = a.value(1), a2 = a.value(2);
    if (c == "import.task_only")
        return tr("a setting of Ultralytics' %1 models; YOLO Studio trains detection models, which do not use it")
            .arg(a0);
    if (c == "import.multi_scale_range")
        return tr("Ultralytics trains each batch at a random size from %1 to %2 pixels (imgsz %3); YOLO Studio "
                  "trains at one size, so the original run needed more memory than its image size suggests")
            .arg(a0, a1, a2);
    if (c == "import.nms_one_to_one")
        return tr("each epoch validates YOLO26's one-to-one head without NMS and keeps best.pt by it, as Ultralytics "
                  "does; a model without that head validates with NMS");
    if (c == "import.compile")
        return tr("torch.compile is PyTorch's Python compiler, which YOLO Studio (LibTorch, C++) does not have; the "
                  "run trains the same without it");
    if (c == "import.channels_last")
        return tr("a memory layout, not a setting here: YOLO Studio lays the model out channels_last on the CPU "
                  "(faster there) and NCHW on a GPU; results do not depend on it");
    if (c == "import.fraction_count")
        return tr("Ultralytics trains on the first %1 images; YOLO Studio's fraction is a share of the training "
                  "images (0-1]: set it to %1 divided by the training set's size")
            .arg(a0);
    if (c == "import.fraction_val")
        return tr("the validation and test parts of the list (%1) are not carried over; YOLO Studio validates on "
                  "the whole validation split")
            .arg(a0);
    if (c == "import.cls_pw")
        return tr("Ultralytics weighs each class's loss by its inverse label count to the power %1, so rare classes "
                  "count more; YOLO Studio weighs every class alike")
            .arg(a0);
    if (c == "import.cls_remap")
        return tr("when fine-tuning, Ultralytics moves a checkpoint's class rows to the dataset's classes by name; "
                  "YOLO Studio keeps them in the checkpoint's order when the class count matches and starts them "
                  "fresh when it differs");
    if (c == "import.cls_remap_off")
        return tr("YOLO Studio never matches a checkpoint's classes by name; nothing to set");
    if (c == "import.qat")
        return tr("quantization-aware training (INT8) is not in YOLO Studio; the run trains in floating point");
    if (c == "import.distill")
        return tr("knowledge distillation (a teacher model, distill_model, and its loss weight dis) is not in YOLO "
                  "Studio; the run trains without a teacher");
    if (c == "import.split")
        return tr("Ultralytics validates every epoch on this split; YOLO Studio validates on the dataset's val split");
    return {};
}

QString PasteCommandDialog::noteBody(const ys::ImportNote& note)
{
    QStringList args;
    for (const std::string& a : note.args)
        args << QString::fromStdString(a);
    const char* core = coreText(note.code);
    const bool prefixed = core && std::string(core).rfind("{0}: ", 0) == 0;
    if (prefixed && !args.isEmpty())
        args.removeFirst();
    const QString body = bodyText(note.code, args);
    if (!body.isEmpty() || note.code == "import.bad_value" || note.code == "import.hyp_unreadable")
        return body;
    // A newer core's code: its English text, less the item it starts with.
    const QString english = QString::fromStdString(ys::importNoteText(note));
    const QString item = note.args.empty() ? QString() : QString::fromStdString(note.args.front()) + QStringLiteral(": ");
    return prefixed && english.startsWith(item) ? english.mid(item.size()) : english;
}

QString PasteCommandDialog::noteText(const ys::ImportNote& note)
{
    const char* core = coreText(note.code);
    const QString body = noteBody(note);
    if (core && std::string(core).rfind("{0}: ", 0) == 0)
        return tr("%1: %2").arg(arg(note, 0), body);
    return body;
}

QString PasteCommandDialog::reasonText(const ys::SkippedItem& item)
{
    if (item.reason.code == "import.bad_value" && item.problem)
        return problemText(*item.problem);
    return noteBody(item.reason);
}

}  // namespace ys::ui
