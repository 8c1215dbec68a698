#include "ui/review/suspectsview.h"

#include "ui/review/reviewcanvas.h"
#include "ui/review/reviewtext.h"
#include "ui/review/suspectmodel.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ys::ui {

SuspectsView::SuspectsView(QWidget* parent) : QWidget(parent), model_(new SuspectModel(this))
{
    setObjectName(QStringLiteral("suspectsView"));
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("suspectTable"));
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &SuspectsView::onSelection);
    connect(model_, &QAbstractItemModel::modelReset, this, &SuspectsView::updateButtons);

    canvas_ = new ReviewCanvas(this);
    flipButton_ = new QToolButton(this);
    flipButton_->setObjectName(QStringLiteral("reviewFlip"));
    auto* flip = new QAction(this);
    flip->setShortcut(QKeySequence(Qt::Key_T));
    flip->setShortcutContext(Qt::WidgetWithChildrenShortcut);
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
    splitter->setChildrenCollapsible(false);

    weakModel_ = new QLabel(this);
    weakModel_->setObjectName(QStringLiteral("reviewWeakModel"));
    weakModel_->setWordWrap(true);
    weakModel_->setStyleSheet(QStringLiteral("QLabel { color: #8a5300; }"));
    weakModel_->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(weakModel_);
    layout->addWidget(splitter, 1);
    layout->addWidget(buildButtons());
    retranslate();
    updateButtons();
}

QWidget* SuspectsView::buildButtons()
{
    auto* bottom = new QWidget(this);
    showHidden_ = new QCheckBox(bottom);
    showHidden_->setObjectName(QStringLiteral("reviewShowHidden"));
    connect(showHidden_, &QCheckBox::toggled, this, &SuspectsView::setShowHidden);
    notMistakeButton_ = new QPushButton(bottom);
    notMistakeButton_->setObjectName(QStringLiteral("reviewNotMistake"));
    fixedButton_ = new QPushButton(bottom);
    fixedButton_->setObjectName(QStringLiteral("reviewFixed"));
    unmarkButton_ = new QPushButton(bottom);
    unmarkButton_->setObjectName(QStringLiteral("reviewUnmark"));
    exportButton_ = new QPushButton(bottom);
    exportButton_->setObjectName(QStringLiteral("reviewExport"));
    connect(notMistakeButton_, &QPushButton::clicked, this, [this] { markSelected(ReviewMarks::NotAMistake); });
    connect(fixedButton_, &QPushButton::clicked, this, [this] { markSelected(ReviewMarks::Fixed); });
    connect(unmarkButton_, &QPushButton::clicked, this, [this] { markSelected(ReviewMarks::None); });
    connect(exportButton_, &QPushButton::clicked, this, &SuspectsView::exportFixes);
    message_ = new QLabel(bottom);
    message_->setObjectName(QStringLiteral("reviewMessage"));
    message_->setWordWrap(true);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(showHidden_);
    buttons->addStretch(1);
    for (QPushButton* b : {notMistakeButton_, fixedButton_, unmarkButton_, exportButton_})
        buttons->addWidget(b);
    auto* layout = new QVBoxLayout(bottom);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(message_);
    layout->addLayout(buttons);
    return bottom;
}

void SuspectsView::retranslate()
{
    flipButton_->setText(tr("Flip label / prediction"));
    flipButton_->setToolTip(tr("Show both boxes, the label only or the model's box only (T)"));
    showHidden_->setText(tr("Show hidden"));
    showHidden_->setToolTip(tr("List the suspects marked Not a mistake again, so they can be unmarked"));
    notMistakeButton_->setText(tr("Not a mistake"));
    notMistakeButton_->setToolTip(tr("Hide the selected suspects, also from later reviews of this dataset"));
    fixedButton_->setText(tr("Fixed"));
    fixedButton_->setToolTip(tr("Mark the selected suspects done; Export fixes… writes their corrections"));
    unmarkButton_->setText(tr("Unmark"));
    unmarkButton_->setToolTip(tr("Clear the mark of the selected suspects"));
    exportButton_->setText(tr("Export fixes…"));
    exportButton_->setToolTip(tr("Write corrected label files of the Fixed suspects (none Fixed: the selected "
                                 "ones) into a new folder outside the dataset"));
    model_->retranslate();
    weakModel_->setText(weakModelWarning());
}

QString SuspectsView::weakModelWarning() const
{
    const double share = result_ ? ys::reviewFoundShare(*result_) : -1.0;
    if (share < 0 || share >= ys::kWeakReviewShare)
        return {};
    return tr("The model finds only %1% of the labels (confidence ≥ %2), so most of these suspects may be its own "
              "mistakes. Train it further for a review worth reading.")
        .arg(QString::number(100.0 * share, 'f', 0), QString::number(result_->scoring.conf, 'g', 3));
}

void SuspectsView::setReview(std::shared_ptr<const ys::ReviewResult> result)
{
    result_ = std::move(result);
    model_->setReview(result_);
    weakModel_->setText(weakModelWarning());
    weakModel_->setVisible(!weakModel_->text().isEmpty());
    canvas_->showSuspect(result_, -1);
    table_->resizeColumnsToContents();
    if (model_->rowCount() > 0)
        table_->selectRow(0);
    updateButtons();
}

int SuspectsView::shownCount() const
{
    return model_->rowCount();
}

std::vector<int> SuspectsView::selectedSuspects() const
{
    std::vector<int> out;
    for (const QModelIndex& i : table_->selectionModel()->selectedRows())
        if (const int s = model_->suspectAt(i.row()); s >= 0)
            out.push_back(s);
    std::sort(out.begin(), out.end());
    return out;
}

void SuspectsView::onSelection()
{
    const QModelIndex current = table_->selectionModel()->currentIndex();
    int suspect = current.isValid() && table_->selectionModel()->isRowSelected(current.row(), {})
                      ? model_->suspectAt(current.row())
                      : -1;
    const std::vector<int> selected = selectedSuspects();
    if (suspect < 0 && !selected.empty())
        suspect = selected.front();
    canvas_->showSuspect(result_, suspect);
    updateButtons();
    const QString image = suspect >= 0 ? QString::fromStdString(
                                             result_->images[static_cast<size_t>(result_->suspects[static_cast<size_t>(suspect)].image)].image)
                                       : QString();
    emit suspectSelected(suspect, image);
}

void SuspectsView::markSelected(ReviewMarks::Mark mark)
{
    const std::vector<int> selected = selectedSuspects();
    for (int s : selected)
        model_->setMark(s, mark);
    updateButtons();
    if (!selected.empty())
        emit marksChanged();
}

void SuspectsView::setShowHidden(bool show)
{
    if (showHidden_->isChecked() != show)
        showHidden_->setChecked(show);
    model_->setShowHidden(show);
    emit marksChanged();
}

void SuspectsView::updateButtons()
{
    const bool selected = !selectedSuspects().empty();
    notMistakeButton_->setEnabled(selected);
    fixedButton_->setEnabled(selected);
    unmarkButton_->setEnabled(selected);
    exportButton_->setEnabled(result_ && (selected || !model_->fixedSuspects().empty()));
}

bool SuspectsView::exportFixesTo(const QString& outDir)
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

void SuspectsView::exportFixes()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the corrected label files"), exportStart_);
    if (!dir.isEmpty())
        exportFixesTo(dir);
}

QString SuspectsView::message() const
{
    return message_->text();
}

void SuspectsView::setMessage(const QString& text)
{
    message_->setText(text);
}

void SuspectsView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace ys::ui
