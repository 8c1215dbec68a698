#include "ui/report/reportexporter.h"

#include "ui/common/pooljob.h"

#include "ui/common/progressrelay.h"
#include "ui/report/reportwriter.h"
#include "ui/common/runtext.h"

#include <QApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QUrl>
#include <QtConcurrent>

namespace ys::ui {
namespace {

const char* kLastFolderKey = "report/lastFolder";
const char* kLastFormatKey = "report/lastFormat";

QString stageText(ys::ProgressStage stage)
{
    switch (stage) {
    case ys::ProgressStage::ReportRun: return ReportExporter::tr("Reading the run…");
    case ys::ProgressStage::ReportDataset: return ReportExporter::tr("Reading the dataset…");
    case ys::ProgressStage::ReportPredict: return ReportExporter::tr("Predicting validation images…");
    default: return QString::fromLatin1(ys::toString(stage));
    }
}

}  // namespace

ReportExporter::ReportExporter(QWidget* parent) : QObject(parent), parent_(parent), relay_(new ProgressRelay(this))
{
    connect(relay_, &ProgressRelay::progress, this, [this](ys::ProgressStage stage, qint64 done, qint64 total) {
        if (!dialog_)
            return;
        dialog_->setLabelText(stageText(stage));
        dialog_->setMaximum(total > 0 ? static_cast<int>(total) : 0);
        dialog_->setValue(total > 0 ? static_cast<int>(std::min(done, total)) : 0);
    });
}

ReportExporter::~ReportExporter()
{
    if (watcher_) {
        cancel_.cancel();
        watcher_->waitForFinished();
    }
}

void ReportExporter::exportRun(const QString& runDir)
{
    if (busy())
        return;
    QSettings settings;
    const QString folder = settings.value(QString::fromLatin1(kLastFolderKey),
                                          QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                               .toString();
    const bool pdf = settings.value(QString::fromLatin1(kLastFormatKey)).toString() == QLatin1String("pdf");
    const QString html = tr("HTML report (*.html)"), pdfFilter = tr("PDF report (*.pdf)");
    QString filter = pdf ? pdfFilter : html;
    const QString suggested = QDir(folder).filePath(ReportWriter::defaultFileName(
        QFileInfo(runDir).fileName(), pdf ? ReportWriter::Format::Pdf : ReportWriter::Format::Html));
    QString path = QFileDialog::getSaveFileName(parent_, tr("Export training report"), suggested,
                                                html + QStringLiteral(";;") + pdfFilter, &filter);
    if (path.isEmpty())
        return;
    if (!ReportWriter::formatForPath(path))
        path += filter == pdfFilter ? QStringLiteral(".pdf") : QStringLiteral(".html");
    settings.setValue(QString::fromLatin1(kLastFolderKey), QFileInfo(path).absolutePath());
    settings.setValue(QString::fromLatin1(kLastFormatKey),
                      ReportWriter::formatForPath(path) == ReportWriter::Format::Pdf ? QStringLiteral("pdf")
                                                                                    : QStringLiteral("html"));
    interactive_ = true;
    exportTo(runDir, path);
}

void ReportExporter::exportTo(const QString& runDir, const QString& path)
{
    if (busy())
        return;
    cancel_ = ys::CancelToken();
    dialog_ = new QProgressDialog(tr("Reading the run…"), tr("Cancel"), 0, 0, parent_);
    dialog_->setWindowTitle(tr("Export training report"));
    dialog_->setWindowModality(Qt::WindowModal);
    dialog_->setMinimumDuration(300);
    dialog_->setAutoClose(false);
    dialog_->setAutoReset(false);
    connect(dialog_, &QProgressDialog::canceled, this, [this] { cancel_.cancel(); });

    ys::report::ReportOptions options;
    options.progress = relay_->callback();
    options.cancel = cancel_;
    const std::string dir = runDir.toStdString();
    watcher_ = new QFutureWatcher<Expected<ys::report::ReportData>>(this);
    connect(watcher_, &QFutureWatcherBase::finished, this, [this, runDir, path] {
        auto result = watcher_->result();
        watcher_->deleteLater();
        watcher_ = nullptr;
        finish(runDir, path, std::move(result));
    });
    watcher_->setFuture(runOnPool([dir, options] { return ys::report::gatherReport(dir, options); }));
}

QProgressDialog* ReportExporter::progressDialog() const
{
    return dialog_.data();
}

void ReportExporter::closeProgress()
{
    if (!dialog_)
        return;
    QProgressDialog* dialog = dialog_;
    dialog_ = nullptr;
    dialog->hide();
    delete dialog;   // not from one of its own signals: finish() runs from the watcher's
}

void ReportExporter::finish(const QString& runDir, const QString& path, Expected<ys::report::ReportData> data)
{
    const bool interactive = std::exchange(interactive_, false);
    QString error;
    if (!data) {
        if (data.error().code != "report.cancelled")
            error = tr("Could not read the run %1: %2").arg(QDir::toNativeSeparators(runDir), RunText::problem(data.error()));
    } else {
        if (dialog_)
            dialog_->setLabelText(tr("Writing the report…"));
        QApplication::setOverrideCursor(Qt::WaitCursor);
        const ReportWriter writer(*data);
        const auto format = ReportWriter::formatForPath(path).value_or(ReportWriter::Format::Html);
        const auto err = writer.write(path, format);
        QApplication::restoreOverrideCursor();
        if (err)
            error = tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), QString::fromStdString(err->message));
    }
    // The progress box goes now, before any message: a deleteLater() would wait for the event loop this
    // function was called from, and the message box below runs its own, so the box stayed over it at 100%.
    closeProgress();
    if (!data && data.error().code == "report.cancelled")
        return;
    if (!error.isEmpty()) {
        if (interactive)
            QMessageBox::warning(parent_, tr("Export training report"), error);
        emit failed(error);
        return;
    }
    emit exported(path);
    if (interactive) {
        QMessageBox box(QMessageBox::Information, tr("Export training report"),
                        tr("The report was written to %1.").arg(QDir::toNativeSeparators(path)), QMessageBox::Close,
                        parent_);
        QPushButton* open = box.addButton(tr("Open"), QMessageBox::AcceptRole);
        box.setDefaultButton(open);
        box.exec();
        if (box.clickedButton() == open)
            QDesktopServices::openUrl(QUrl::fromLocalFile(path));
    }
}

}  // namespace ys::ui
