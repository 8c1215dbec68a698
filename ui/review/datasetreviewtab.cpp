#include "ui/review/datasetreviewtab.h"

#include "ui/review/reviewtext.h"
#include "ui/review/suspectsview.h"

#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QVBoxLayout>

namespace ys::ui {

namespace {

QString cleanAbsolute(const QString& path)
{
    return path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

}  // namespace

QString newestReviewOf(const QString& dataYaml, const QStringList& runDirs, const QStringList& runData)
{
    const QString want = cleanAbsolute(dataYaml);
    QString best;
    QDateTime bestTime;
    for (qsizetype i = 0; i < runDirs.size() && i < runData.size(); ++i) {
        if (want.isEmpty() || cleanAbsolute(runData[i]) != want)
            continue;
        const QFileInfo file(QDir(runDirs[i]).filePath(QString::fromLatin1(ys::kReviewFileName)));
        if (file.exists() && (best.isEmpty() || file.lastModified() > bestTime)) {
            best = file.absoluteFilePath();
            bestTime = file.lastModified();
        }
    }
    return best;
}

DatasetReviewTab::DatasetReviewTab(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("datasetReviewTab"));
    info_ = new QLabel(this);
    info_->setObjectName(QStringLiteral("reviewInfo"));
    info_->setWordWrap(true);
    info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    view_ = new SuspectsView(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(info_);
    layout->addWidget(view_, 1);
    connect(view_, &SuspectsView::marksChanged, this, &DatasetReviewTab::changed);
    connect(view_, &SuspectsView::suspectSelected, this, [this](int suspect, const QString& image) {
        if (suspect >= 0)
            emit imageSelected(image);
    });
    retranslate();
}

void DatasetReviewTab::setDataYaml(const QString& dataYaml)
{
    const QString clean = cleanAbsolute(dataYaml);
    if (clean == dataYaml_)
        return;
    dataYaml_ = clean;
    generation_.next();
    if (hasReview() && cleanAbsolute(QString::fromStdString(view_->review()->dataYaml)) != dataYaml_)
        show(nullptr, {});
}

void DatasetReviewTab::showReviewFile(const QString& path)
{
    jobs_.start(this, [path] { return ys::loadReview(path.toStdString()); },
                [this, path, gen = generation_.next()](const ys::Expected<ys::ReviewResult>& r) {
                    if (!generation_.isCurrent(gen))
                        return;
                    if (!r) {
                        view_->setMessage(ReviewText::error(r.error()));
                        emit changed();
                        return;
                    }
                    if (cleanAbsolute(QString::fromStdString(r->dataYaml)) != dataYaml_) {
                        emit changed();
                        return;
                    }
                    show(std::make_shared<const ys::ReviewResult>(*r), path);
                });
}

void DatasetReviewTab::show(std::shared_ptr<const ys::ReviewResult> result, const QString& file)
{
    file_ = result ? file : QString();
    view_->setExportStart(file_.isEmpty() ? QString() : QFileInfo(QFileInfo(file_).absolutePath()).absolutePath());
    view_->setMessage(QString());
    view_->setReview(std::move(result));
    retranslate();
    emit changed();
}

bool DatasetReviewTab::hasReview() const
{
    return view_->review() != nullptr;
}

int DatasetReviewTab::count() const
{
    return hasReview() ? view_->shownCount() : 0;
}

void DatasetReviewTab::retranslate()
{
    const auto r = view_->review();
    view_->setVisible(r != nullptr);
    if (!r) {
        info_->setText(tr("No review of this dataset yet. On the Runs page, select a finished run and choose "
                          "Review labels with this model…: the labels its model disagrees with are listed here."));
        return;
    }
    info_->setText(tr("Reviewed with %1 on the %2 (%3): %n suspect(s), likeliest mistakes first.", nullptr,
                      static_cast<int>(r->suspects.size()))
                       .arg(QDir::toNativeSeparators(QString::fromStdString(r->weights)),
                            ReviewText::split(r->split).toLower(),
                            QLocale().toString(QFileInfo(file_).lastModified(), QLocale::ShortFormat)));
}

void DatasetReviewTab::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace ys::ui
