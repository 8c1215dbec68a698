#include "ui/review/reviewdialog.h"

#include "ui/review/reviewrunner.h"
#include "ui/review/reviewtext.h"
#include "ui/review/suspectsview.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ys::ui {

ReviewDialog::ReviewDialog(QWidget* parent) : QDialog(parent), runner_(new ReviewRunner(this))
{
    setObjectName(QStringLiteral("reviewDialog"));
    build();
    connect(runner_, &ReviewRunner::progress, this, &ReviewDialog::onProgress);
    connect(runner_, &ReviewRunner::finished, this,
            [this](std::shared_ptr<const ys::ReviewResult> result, const QString& path) {
                showReview(std::move(result));
                view_->setMessage(tr("%n suspect(s) found; saved to %1", nullptr,
                                     static_cast<int>(result_->suspects.size()))
                                      .arg(QDir::toNativeSeparators(path)));
                emit reviewed(path);
            });
    connect(runner_, &ReviewRunner::failed, this, [this](const ys::Error& error) {
        view_->setMessage(ReviewText::error(error));
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
    progress_->setObjectName(QStringLiteral("reviewProgress"));
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
    top->addStretch(0);

    view_ = new SuspectsView(this);
    closeButton_ = new QPushButton(this);
    connect(closeButton_, &QPushButton::clicked, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro_);
    layout->addLayout(top);
    layout->addWidget(view_, 1);
    layout->addWidget(closeButton_, 0, Qt::AlignRight);
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
    closeButton_->setText(tr("Close"));
}

void ReviewDialog::setRun(const QString& runDir, const QString& dataYaml, const QString& weights)
{
    runDir_ = runDir;
    dataYaml_ = dataYaml;
    weights_ = weights;
    view_->setExportStart(QFileInfo(runDir).absolutePath());
    retranslate();
    showReview(nullptr);
    view_->setMessage(QString());
    updateButtons();
    const QString path = QDir(runDir).filePath(QString::fromLatin1(ys::kReviewFileName));
    if (!QFileInfo::exists(path))
        return;
    jobs_.start(this, [path] { return ys::loadReview(path.toStdString()); },
                [this, gen = loadGeneration_.next()](const ys::Expected<ys::ReviewResult>& r) {
                    if (!loadGeneration_.isCurrent(gen) || reviewing())
                        return;
                    if (!r) {
                        view_->setMessage(ReviewText::error(r.error()));
                        return;
                    }
                    showReview(std::make_shared<const ys::ReviewResult>(*r));
                    view_->setMessage(tr("The run's last review: %n suspect(s)", nullptr,
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
    view_->setMessage(tr("Reviewing…"));
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
    view_->setReview(result_);
    updateButtons();
    if (result_)
        emit reviewShown();
}

void ReviewDialog::updateButtons()
{
    const bool busy = runner_->running();
    split_->setEnabled(!busy);
    startButton_->setEnabled(!busy && !runDir_.isEmpty());
    cancelButton_->setEnabled(busy);
    progress_->setVisible(busy);
}

QString ReviewDialog::message() const
{
    return view_->message();
}

void ReviewDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

}  // namespace ys::ui
