#include "ui/common/runtext.h"

#include "ui/common/bytes.h"
#include "ui/common/icons.h"

#include <QDateTime>
#include <QFileInfo>
#include <QLocale>

#include <cmath>

namespace ys::ui {

QString RunText::status(ys::RunStatus status, bool resumable)
{
    switch (status) {
    case ys::RunStatus::NotARun: return tr("Not a run");
    case ys::RunStatus::Running: return tr("Running");
    case ys::RunStatus::Finished: return tr("Finished");
    case ys::RunStatus::StoppedByUser: return resumable ? tr("Stopped · resumable") : tr("Stopped");
    case ys::RunStatus::StoppedEarly: return tr("Stopped early");
    case ys::RunStatus::Interrupted: return resumable ? tr("Interrupted · resumable") : tr("Interrupted");
    case ys::RunStatus::Failed: return resumable ? tr("Failed · resumable") : tr("Failed");
    }
    return {};
}

QString RunText::statusHelp(ys::RunStatus status, bool resumable)
{
    QString text;
    switch (status) {
    case ys::RunStatus::NotARun:
        text = tr("This folder holds none of a run's files (args.yaml, results.csv, events.jsonl).");
        break;
    case ys::RunStatus::Running:
        text = tr("A training process is writing this run now; its charts follow it live.");
        break;
    case ys::RunStatus::Finished: text = tr("Every epoch was trained."); break;
    case ys::RunStatus::StoppedByUser:
        text = tr("Stopped by the user; weights/last.pt holds the last finished epoch.");
        break;
    case ys::RunStatus::StoppedEarly:
        text = tr("No better fitness for `patience` epochs: training stopped early, as planned.");
        break;
    case ys::RunStatus::Interrupted:
        text = tr("The run ended without finishing (the process was killed, crashed or lost power).");
        break;
    case ys::RunStatus::Failed: text = tr("The run failed; its events say why."); break;
    }
    if (resumable)
        text += QLatin1Char(' ') + tr("Resume continues it from weights/last.pt.");
    return text;
}

QIcon RunText::statusIcon(ys::RunStatus status, bool resumable)
{
    switch (status) {
    case ys::RunStatus::NotARun: return runStatusIcon(RunStatusIcon::NotARun);
    case ys::RunStatus::Running: return runStatusIcon(RunStatusIcon::Running);
    case ys::RunStatus::Finished: return runStatusIcon(RunStatusIcon::Finished);
    case ys::RunStatus::StoppedByUser:
        return runStatusIcon(resumable ? RunStatusIcon::Resumable : RunStatusIcon::Stopped);
    case ys::RunStatus::StoppedEarly: return runStatusIcon(RunStatusIcon::StoppedEarly);
    case ys::RunStatus::Interrupted:
        return runStatusIcon(resumable ? RunStatusIcon::Resumable : RunStatusIcon::Interrupted);
    case ys::RunStatus::Failed: return runStatusIcon(RunStatusIcon::Failed);
    }
    return {};
}

QString RunText::origin(ys::RunOrigin origin)
{
    switch (origin) {
    case ys::RunOrigin::Studio: return tr("YOLO Studio");
    case ys::RunOrigin::Ultralytics: return tr("Ultralytics");
    case ys::RunOrigin::Unknown: return tr("unknown");
    }
    return {};
}

QString RunText::eventKind(ys::EventKind kind)
{
    switch (kind) {
    case ys::EventKind::Start: return tr("Start");
    case ys::EventKind::Resume: return tr("Resume");
    case ys::EventKind::Fit: return tr("Fit to memory");
    case ys::EventKind::Transfer: return tr("Weights transferred");
    case ys::EventKind::OomRecovered: return tr("Out of memory (recovered)");
    case ys::EventKind::ValOomRecovered: return tr("Out of memory in validation (recovered)");
    case ys::EventKind::Best: return tr("New best");
    case ys::EventKind::EarlyStop: return tr("Early stop");
    case ys::EventKind::Stopped: return tr("Stopped");
    case ys::EventKind::Warning: return tr("Warning");
    case ys::EventKind::Error: return tr("Error");
    case ys::EventKind::Finish: return tr("Finish");
    case ys::EventKind::Stage: return tr("Stage");
    case ys::EventKind::Unknown: return tr("Unknown");
    }
    return {};
}

QString RunText::eventKindHelp(ys::EventKind kind)
{
    switch (kind) {
    case ys::EventKind::Start:
        return tr("A new run began: device, AMP, batch, accumulation, optimizer and image counts.");
    case ys::EventKind::Resume: return tr("The run continued from weights/last.pt after the epoch it names.");
    case ys::EventKind::Fit:
        return tr("batch=auto probed memory and chose the batch, accumulation and AMP (fit.json).");
    case ys::EventKind::Transfer:
        return tr("The run started from a weights file (model=x.pt): how many tensors came from it, and which start "
                  "fresh (another class count).");
    case ys::EventKind::OomRecovered:
        return tr("Out of memory in a training step: the micro-batch was halved and the batch redone; the "
                  "effective batch is unchanged.");
    case ys::EventKind::ValOomRecovered:
        return tr("Out of memory during validation: the validation batch was halved and the batch redone.");
    case ys::EventKind::Best:
        return tr("The epoch reached a new best fitness (mAP50-95; 0.1 x mAP50 + 0.9 x mAP50-95 with metrics=8.3): "
                  "weights/best.pt was written.");
    case ys::EventKind::EarlyStop:
        return tr("No fitness improvement for `patience` epochs: the run stopped early.");
    case ys::EventKind::Stopped:
        return tr("The user stopped the run; weights/last.pt holds the weights at the stop and can be resumed (the stopped epoch is redone).");
    case ys::EventKind::Warning:
        return tr("Something went wrong that did not stop the run (e.g. a report file could not be written, or "
                  "the label check left images out of training).");
    case ys::EventKind::Error:
        return tr("The run failed; the message says why. weights/last.pt, if present, holds the last finished "
                  "epoch.");
    case ys::EventKind::Finish:
        return tr("The run ended: all epochs, an early stop or a stop by the user; the summary names the best "
                  "epoch.");
    case ys::EventKind::Stage:
        return tr("A stage of a staged run began (also when a run resumes in it): its number, image size, batch, "
                  "accumulation, epochs, checkpointing and augmentation overrides.");
    case ys::EventKind::Unknown:
        return tr("A kind this version of YOLO Studio does not know (written by another version).");
    }
    return {};
}

QString RunText::place(const ys::Error& error)
{
    const QString name = QFileInfo(QString::fromStdString(error.file)).fileName();
    if (error.line > 0)
        return tr("%1, line %2").arg(name).arg(error.line);
    return name;
}

QString RunText::problem(const ys::Error& e)
{
    const std::string& c = e.code;
    const QString file = QFileInfo(QString::fromStdString(e.file)).fileName();
    const QString why = QString::fromStdString(e.message);
    if (c == "run.cut_line")
        return tr("The last line of %1 was cut off: the writer was stopped while writing it. That line is left "
                  "out.").arg(file);
    if (c == "run.empty_file")
        return tr("%1 is empty.").arg(file);
    if (c == "run.unreadable")
        return tr("%1 cannot be read: %2").arg(file, why);
    if (c == "run.too_large")
        return tr("%1 is too large to be a run file; it was not read.").arg(file);
    if (c == "run.results_header")
        return tr("%1 has no “epoch” column: it is not a results file of a YOLO run.").arg(file);
    if (c == "run.results_row")
        return tr("A row of %1 cannot be read and is left out: %2").arg(file, why);
    if (c == "run.events_line")
        return tr("A line of %1 is not an event and is left out: %2").arg(file, why);
    if (c == "run.events_kind")
        return tr("An event of a kind this version does not know (written by another version): %1").arg(why);
    if (c == "run.memory_header")
        return tr("%1 does not start with the memory timeline's header; the timeline is not shown.").arg(file);
    if (c == "run.memory_row")
        return tr("A row of %1 cannot be read and is left out: %2").arg(file, why);
    if (c == "run.metrics")
        return tr("%1 cannot be read, so per-class results are not shown: %2").arg(file, why);
    if (c == "run.fit" || c == "fit.json")
        return tr("%1 cannot be read, so the fit decision is not shown: %2").arg(file, why);
    if (c == "run.lock")
        return tr("train.lock cannot be read; the run is taken as not running.");
    if (c == "run.more_problems")
        return tr("%1 has more problems than are listed.").arg(file);
    if (c == "run.not_a_run")
        return tr("Not a run folder: it holds none of args.yaml, results.csv and events.jsonl, and no run "
                  "folders either.");
    if (c == "run.not_found")
        return tr("The folder does not exist or cannot be read.");
    if (c.rfind("config.", 0) == 0)
        return tr("A setting in %1 cannot be used and its default is shown instead: %2").arg(file, why);
    return why;
}

QString RunText::duration(double seconds)
{
    if (!(seconds > 0))
        return QStringLiteral("—");
    const qint64 s = static_cast<qint64>(std::llround(seconds));
    if (s < 60)
        return tr("%1 s").arg(s);
    if (s < 3600)
        return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString RunText::bytes(int64_t bytes)
{
    return bytes > 0 ? formatBytes(bytes) : QStringLiteral("—");
}

QString RunText::fraction(double value, bool known)
{
    return known ? QLocale().toString(value, 'f', 3) : QStringLiteral("—");
}

QString RunText::dateTime(double secondsSinceEpoch)
{
    if (!(secondsSinceEpoch > 0))
        return QStringLiteral("—");
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(secondsSinceEpoch * 1000.0));
    return QLocale().toString(t, QLocale::ShortFormat);
}

QString RunText::launcher(const std::string& launcher)
{
    if (launcher == "studio")
        return tr("YOLO Studio");
    if (launcher == "torchrun")
        return QStringLiteral("torchrun");
    if (launcher == "slurm")
        return QStringLiteral("SLURM");
    return QString::fromStdString(launcher);
}

QString RunText::world(const ys::EnvironmentInfo::World& w)
{
    if (w.size <= 1)
        return {};
    QStringList parts;
    parts << (w.nodes > 1 ? tr("%1 processes on %2 machines").arg(w.size).arg(w.nodes)
                          : tr("%1 processes on one machine").arg(w.size));
    if (!w.backend.empty())
        parts << QString::fromStdString(w.backend);
    if (w.syncBatchNorm)
        parts << tr("synchronised BatchNorm");
    if (!w.launcher.empty())
        parts << tr("started by %1").arg(launcher(w.launcher));
    return parts.join(QStringLiteral(", "));
}

QString RunText::worldDevices(const ys::EnvironmentInfo::World& w)
{
    QStringList parts;
    for (size_t r = 0; r < w.devices.size(); ++r)
        parts << tr("rank %1: %2").arg(r).arg(QString::fromStdString(w.devices[r]));
    return parts.join(QStringLiteral(", "));
}

}  // namespace ys::ui
