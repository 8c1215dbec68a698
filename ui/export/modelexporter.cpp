#include "ui/export/modelexporter.h"

#include "memory/devices.h"
#include "ui/common/progressrelay.h"
#include "ui/export/exportdialog.h"
#include "ui/export/exportresultdialog.h"
#include "weights/checkpoint.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QtConcurrent>

namespace ys::ui {
namespace {

// The export's stages in the order it goes through them (the progress bar's steps).
constexpr ys::ProgressStage kExportStages[] = {ys::ProgressStage::ExportLoad, ys::ProgressStage::ExportGraph,
                                               ys::ProgressStage::ExportCheck, ys::ProgressStage::ExportVerify,
                                               ys::ProgressStage::ExportWrite};

QString stageText(ys::ProgressStage stage)
{
    switch (stage) {
    case ys::ProgressStage::ExportLoad: return ModelExporter::tr("Loading the weights…");
    case ys::ProgressStage::ExportGraph: return ModelExporter::tr("Building the ONNX graph…");
    case ys::ProgressStage::ExportCheck: return ModelExporter::tr("Checking the graph with ONNX's checker…");
    case ys::ProgressStage::ExportVerify: return ModelExporter::tr("Comparing OpenCV's output with the trained model…");
    case ys::ProgressStage::ExportWrite: return ModelExporter::tr("Writing the file…");
    default: return QString::fromLatin1(ys::toString(stage));
    }
}

// The run's weights (best first), the size they were trained at, whether they have a one-to-one head
// (YOLO26: the end-to-end file) and whether a CUDA device is there: file reads and a device listing, so on
// a pool thread.
ExportDialog::Facts gatherFacts(const QString& runDir)
{
    ExportDialog::Facts f;
    f.runDir = runDir;
    const QDir weights(QDir(runDir).filePath(QStringLiteral("weights")));
    for (const QString& name : {QStringLiteral("best.pt"), QStringLiteral("last.pt")})
        if (QFileInfo::exists(weights.filePath(name)))
            f.weights << weights.absoluteFilePath(name);
    for (const QString& name : weights.entryList({QStringLiteral("*.pt")}, QDir::Files, QDir::Name))
        if (!f.weights.contains(weights.absoluteFilePath(name)))
            f.weights << weights.absoluteFilePath(name);
    if (!f.weights.isEmpty()) {
        auto info = ys::inspectCheckpoint(f.weights.front().toStdString());
        if (info && info->imgsz > 0)
            f.imgsz = info->imgsz;
        if (info) {
            f.endToEnd = info->endToEnd;
            f.model = QFileInfo(QString::fromStdString(info->yamlFile)).completeBaseName();
        }
    }
    for (const auto& d : ys::memory::listDevices(/*freeMemory=*/false))
        f.cuda = f.cuda || d.cuda;
    return f;
}

}  // namespace

ModelExporter::ModelExporter(QWidget* parent) : QObject(parent), parent_(parent), relay_(new ProgressRelay(this))
{
    connect(relay_, &ProgressRelay::progress, this, [this](ys::ProgressStage stage, qint64 done, qint64 total) {
        if (!progress_)
            return;
        progress_->setLabelText(stageText(stage));
        const auto found = std::find(std::begin(kExportStages), std::end(kExportStages), stage);
        const int at = found == std::end(kExportStages) ? 0 : static_cast<int>(found - std::begin(kExportStages));
        progress_->setMaximum(static_cast<int>(std::size(kExportStages)));
        progress_->setValue(at + (total > 0 && done >= total ? 1 : 0));
    });
}

ModelExporter::~ModelExporter()
{
    if (watcher_) {
        cancel_.cancel();
        watcher_->waitForFinished();
    }
}

void ModelExporter::exportRun(const QString& runDir)
{
    if (busy())
        return;
    gathering_ = true;
    jobs_.start(this, [runDir]() -> Expected<ExportDialog::Facts> { return gatherFacts(runDir); },
                [this](const Expected<ExportDialog::Facts>& facts) {
        gathering_ = false;
        if (!facts || facts->weights.isEmpty()) {
            const QString message = facts ? tr("The run %1 has no weights to export (weights/best.pt or last.pt).")
                                                .arg(QDir::toNativeSeparators(facts->runDir))
                                          : QString::fromStdString(facts.error().toString());
            QMessageBox::information(parent_, tr("Export model"), message);
            emit failed(message);
            return;
        }
        auto* dialog = new ExportDialog(*facts, parent_);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, this, [this, dialog] { exportWith(dialog->options(), true); });
        dialog->open();
        emit dialogShown(dialog);
    });
}

void ModelExporter::exportWith(const ys::ExportOptions& options, bool interactive)
{
    if (watcher_)
        return;
    interactive_ = interactive;
    cancel_ = ys::CancelToken();
    progress_ = new QProgressDialog(stageText(ys::ProgressStage::ExportLoad), tr("Cancel"), 0, 5, parent_);
    progress_->setWindowTitle(tr("Export model"));
    progress_->setWindowModality(Qt::WindowModal);
    progress_->setMinimumDuration(300);
    progress_->setAutoClose(false);
    progress_->setAutoReset(false);
    connect(progress_, &QProgressDialog::canceled, this, [this] { cancel_.cancel(); });
    const ys::ProgressFn report = relay_->callback();
    const ys::CancelToken cancel = cancel_;
    watcher_ = new QFutureWatcher<Expected<ys::ExportSummary>>(this);
    connect(watcher_, &QFutureWatcherBase::finished, this, [this] {
        auto result = watcher_->result();
        watcher_->deleteLater();
        watcher_ = nullptr;
        finish(std::move(result));
    });
    watcher_->setFuture(QtConcurrent::run([options, report, cancel] { return ys::exportOnnx(options, report, cancel); }));
}

void ModelExporter::finish(Expected<ys::ExportSummary> result)
{
    const bool interactive = std::exchange(interactive_, false);
    if (progress_)
        progress_->deleteLater();
    if (!result) {
        last_.reset();
        if (result.error().code == "export.cancelled")
            return;
        const QString message = tr("Could not export %1: %2")
                                    .arg(QDir::toNativeSeparators(QString::fromStdString(result.error().file)),
                                         QString::fromStdString(result.error().message));
        if (interactive)
            QMessageBox::warning(parent_, tr("Export model"), message);
        emit failed(message);
        return;
    }
    last_ = *result;
    emit exported(QString::fromStdString(result->path));
    if (interactive) {
        auto* dialog = new ExportResultDialog(*result, parent_);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    }
}

}  // namespace ys::ui
