#include "ui/review/reviewdialog.h"

#include "ui/review/reviewcanvas.h"
#include "ui/review/reviewrunner.h"
#include "ui/review/reviewtext.h"
#include "ui/review/suspectmodel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ys::ui {

ReviewDialog::ReviewDialog(QWidget* parent)
    : QDialog(parent), runner_(new ReviewRunner(this)), model_(new SuspectModel(this))
{
    setObjectName(QStringLiteral("reviewDialog"));
    build();
    connect(runner_, &ReviewRunner::progress, this, &ReviewDialog::onProgress);
    connect(runner_, &ReviewRunner::finished, this,
            [this](std::shared_ptr<const ys::ReviewResult> result, const QString& path) {
                showReview(std::move(result));
                setMessage(tr("%n suspect(s) found; saved to %1", nullptr, static_cast<int>(result_->suspects.size()))
                               .arg(QDir::toNativeSeparators(path)));
                emit reviewed(path);
            });
    connect(runner_, &ReviewRunner::failed, this, [this](const ys::Error& error) {
        setMessage(ReviewText::error(error));
        updateButtons();
    });
    retranslate();
    updateButtons();
    resize(1100, 700);
}

ReviewDialog::~ReviewDialog() = default;

void ReviewDialog::build()
{
    intro_ = new QLabel(this);
    intro_->setWordWrap(true);
    splitLabel_ = new QLabel(this);
    split_ = new QComboBox(this);
    split_->setObjectName(QStringLiteral("reviewSplit"));
    startButton_ = new QPushButton(this);
    startButton_->setObjectName(QStringLiteral("reviewStart"));
    progress_ = new QProgressBar(this);
    cancelButton_ = new QPushButton(this);
    cancelButton_->setObjectName(QStringLiteral("reviewCancel"));
    connect(startButton_, &QPushButton::clicked, this, [this] { startReview(); });
    connect(cancelButton_, &QPushButton::clicked, this, &ReviewDialog::cancelReview);
    auto* top = new QHBoxLayout;
    top->addWidget(splitLabel_);
    top->addWidget(split_);
    top->addWidget(startButton_);
    top->addWidget(progress_, 1);
    top->addWidget(cancelButton_);

    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("suspectTable"));
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ReviewDialog::onSelection);
    connect(model_, &QAbstractItemModel::modelReset, this, &ReviewDialog::updateButtons);

    canvas_ = new ReviewCanvas(this);
    flipButton_ = new QToolButton(this);
    flipButton_->setObjectName(QStringLiteral("reviewFlip"));
    auto* flip = new QAction(this);
    flip->setShortcut(QKeySequence(Qt::Key_T));
    flip->setShortcutContext(Qt::WindowShortcut);
    connect(flip, &QAction::triggered, canvas_, &ReviewCanvas::flip);
    addAction(flip);
    connect(flipButton_, &QToolButton::clicked, canvas_, &ReviewCanvas::flip);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(canvas_, 1);
    rightLayout->addWidget(flipButton_, 0, Qt::AlignLeft);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(table_);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro_);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
    layout->addWidget(buildBottom());
}

QWidget* ReviewDialog::buildBottom()
{
    auto* bottom = new QWidget(this);
    showHidden_ = new QCheckBox(bottom);
    showHidden_->setObjectName(QStringLiteral("reviewShowHidden"));
    connect(showHidden_, &QCheckBox::toggled, this, &ReviewDialog::setShowHidden);
    notMistakeButton_ = new QPushButton(bottom);
    notMistakeButton_->setObjectName(QStringLiteral("reviewNotMistake"));
    fixedButton_ = new QPushButton(bottom);
    fixedButton_->setObjectName(QStringLiteral("reviewFixed"));
    unmarkButton_ = new QPushButton(bottom);
    unmarkButton_->setObjectName(QStringLiteral("reviewUnmark"));
    exportButton_ = new QPushButton(bottom);
    exportButton_->setObjectName(QStringLiteral("reviewExport"));
    closeButton_ = new QPushButton(bottom);
    connect(notMistakeButton_, &QPushButton::clicked, this, [this] { markSelected(ReviewMarks::NotAMistake); });
    connect(fixedButton_, &QPushButton::clicked, this, [this] { markSelected(ReviewMarks::Fixed); });
    connect(unmarkButton_, &QPushButton::clicked, this, [this] { markSelected(ReviewMarks::None); });
    connect(exportButton_, &QPushButton::clicked, this, &ReviewDialog::exportFixes);
    connect(closeButton_, &QPushButton::clicked, this, &QDialog::close);
    message_ = new QLabel(bottom);
    message_->setObjectName(QStringLiteral("reviewMessage"));
    message_->setWordWrap(true);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(showHidden_);
    buttons->addStretch(1);
    for (QPushButton* b : {notMistakeButton_, fixedButton_, unmarkButton_, exportButton_, closeButton_})
        buttons->addWidget(b);
    auto* layout = new QVBoxLayout(bottom);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(message_);
    layout->addLayout(buttons);
    return bottom;
}

void ReviewDialog::retranslate()
{
    setWindowTitle(tr("Review labels"));
    intro_->setText(runDir_.isEmpty()
                        ? QString()
                        : tr("The model %1 predicts the images of %2; the labels it disagrees with are listed, the "
                             "likeliest mistakes first. Nothing is written into the dataset.")
                              .arg(QDir::toNativeSeparators(weights_), QDir::toNativeSeparators(dataYaml_)));
    splitLabel_->setText(tr("Images:"));
    const int split = split_->currentIndex();
    split_->clear();
    for (ys::ReviewSplit s : {ys::ReviewSplit::Val, ys::ReviewSplit::Train, ys::ReviewSplit::All})
        split_->addItem(ReviewText::split(s), static_cast<int>(s));
    split_->setCurrentIndex(std::max(0, split));
    startButton_->setText(tr("Review"));
    startButton_->setToolTip(tr("Predict the chosen images with the run's weights and rank the labels the model "
                                "disagrees with"));
    cancelButton_->setText(tr("Cancel"));
    flipButton_->setText(tr("Flip label / prediction"));
    flipButton_->setToolTip(tr("Show both boxes, the label only or the model's box only (T)"));
    showHidden_->setText(tr("Show hidden"));
    showHidden_->setToolTip(tr("List the suspects marked Not a mistake again, so they can be unmarked"));
    notMistakeButton_->setText(tr("Not a mistake"));
    notMistakeButton_->setToolTip(tr("Hide the selected suspects, also from later reviews of this dataset"));
    fixedButton_->setText(tr("Fixed"));
    fixedButton_->setToolTip(tr("Mark the selected suspects done; Export fixes… writes their corrections"));
    unmarkButton_->setText(tr("Unmark"));
    exportButton_->setText(tr("Export fixes…"));
    exportButton_->setToolTip(tr("Write corrected label files of the Fixed suspects (none Fixed: the selected "
                                 "ones) into a new folder outside the dataset"));
    closeButton_->setText(tr("Close"));
    model_->retranslate();
}

void ReviewDialog::setRun(const QString& runDir, const QString& dataYaml, const QString& weights)
{
    runDir_ = runDir;
    dataYaml_ = dataYaml;
    weights_ = weights;
    retranslate();
    showReview(nullptr);
    const QString path = QDir(runDir).filePath(QString::fromLatin1(ys::kReviewFileName));
    if (!QFileInfo::exists(path))
        return;
    jobs_.start(this, [path] { return ys::loadReview(path.toStdString()); },
                [this, gen = loadGeneration_.next()](const ys::Expected<ys::ReviewResult>& r) {
                    if (!loadGeneration_.isCurrent(gen) || reviewing())
                        return;
                    if (!r) {
                        setMessage(ReviewText::error(r.error()));
                        return;
                    }
                    showReview(std::make_shared<const ys::ReviewResult>(*r));
                    setMessage(tr("The run's last review: %n suspect(s)", nullptr,
                                  static_cast<int>(result_->suspects.size())));
                });
}

bool ReviewDialog::startReview()
{
    return startReview(static_cast<ys::ReviewSplit>(split_->currentData().toInt()));
}

bool ReviewDialog::startReview(ys::ReviewSplit split)
{
    if (runDir_.isEmpty() || !runner_->start(dataYaml_, weights_, split))
        return false;
    loadGeneration_.next();
    progress_->setRange(0, 0);
    setMessage(tr("Reviewing…"));
    updateButtons();
    return true;
}

void ReviewDialog::cancelReview()
{
    runner_->cancel();
}

bool ReviewDialog::reviewing() const
{
    return runner_->running();
}

void ReviewDialog::onProgress(ys::ProgressStage stage, qint64 done, qint64 total)
{
    progress_->setRange(0, total > 0 ? static_cast<int>(total) : 0);
    progress_->setValue(static_cast<int>(done));
    progress_->setFormat(stage == ys::ProgressStage::Scan ? tr("Reading the dataset… %v/%m")
                                                          : tr("Predicting… %v/%m images"));
}

void ReviewDialog::showReview(std::shared_ptr<const ys::ReviewResult> result)
{
    result_ = std::move(result);
    model_->setReview(result_);
    canvas_->showSuspect(result_, -1);
    table_->resizeColumnsToContents();
    if (model_->rowCount() > 0)
        table_->selectRow(0);
    updateButtons();
    if (result_)
        emit reviewShown();
}

std::vector<int> ReviewDialog::selectedSuspects() const
{
    std::vector<int> out;
    for (const QModelIndex& i : table_->selectionModel()->selectedRows())
        if (const int s = model_->suspectAt(i.row()); s >= 0)
            out.push_back(s);
    std::sort(out.begin(), out.end());
    return out;
}

void ReviewDialog::onSelection()
{
    const std::vector<int> selected = selectedSuspects();
    canvas_->showSuspect(result_, selected.empty() ? -1 : selected.front());
    updateButtons();
}

void ReviewDialog::markSelected(ReviewMarks::Mark mark)
{
    for (int s : selectedSuspects())
        model_->setMark(s, mark);
    updateButtons();
}

void ReviewDialog::setShowHidden(bool show)
{
    if (showHidden_->isChecked() != show)
        showHidden_->setChecked(show);
    model_->setShowHidden(show);
}

void ReviewDialog::updateButtons()
{
    const bool busy = runner_->running();
    const bool selected = !selectedSuspects().empty();
    split_->setEnabled(!busy);
    startButton_->setEnabled(!busy && !runDir_.isEmpty());
    cancelButton_->setEnabled(busy);
    progress_->setVisible(busy);
    if (!busy)
        progress_->setRange(0, 1);
    notMistakeButton_->setEnabled(selected);
    fixedButton_->setEnabled(selected);
    unmarkButton_->setEnabled(selected);
    exportButton_->setEnabled(result_ && (selected || !model_->fixedSuspects().empty()));
}

bool ReviewDialog::exportFixesTo(const QString& outDir)
{
    if (!result_)
        return false;
    std::vector<int> chosen = model_->fixedSuspects();
    if (chosen.empty())
        chosen = selectedSuspects();
    if (chosen.empty()) {
        setMessage(tr("Mark suspects Fixed or select some to export their fixes."));
        return false;
    }
    const auto written = ys::writeFixedLabels(*result_, chosen, QDir::cleanPath(outDir).toStdString());
    if (!written) {
        setMessage(ReviewText::error(written.error()));
        return false;
    }
    setMessage(tr("%n corrected label file(s) written to %1", nullptr, *written).arg(QDir::toNativeSeparators(outDir)));
    return true;
}

void ReviewDialog::exportFixes()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the corrected label files"),
                                                          QFileInfo(runDir_).absolutePath());
    if (!dir.isEmpty())
        exportFixesTo(dir);
}

QString ReviewDialog::message() const
{
    return message_->text();
}

void ReviewDialog::setMessage(const QString& text)
{
    message_->setText(text);
}

void ReviewDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

}  // namespace ys::ui
