#pragma once
// The run the report tests read: a tiny dataset whose first class is named like an HTML injection, whose
// first val image has markup in its file name and one of whose train images is cut in half, trained for two
// epochs (yolov8n at 64 px, ~3 s on 2 cores).

#include "train/trainer.h"
#include "uitestdata.h"

#include <QDir>
#include <QFile>
#include <QString>

namespace ys::test {

// The hostile strings: if either reaches the markup unescaped, a browser runs the handler or shows a tag.
inline const QString kHostileClass = QStringLiteral("<img src=x onerror=\"document.title='pwned'\">");
// "%2" in it: a name put through a chain of QString::arg() would lose it to the next argument.
inline const QString kHostileFile = QStringLiteral("val_<b>&\"%2x.png");

// A train image cut in half (image.truncated): left out of training, named in the report.
inline const QString kCutImage = QStringLiteral("cut_<i>half.jpg");

// Returns the run folder, or an empty string and `error`.
inline QString trainReportRun(const QString& dir, QString* error)
{
    const QString yaml = writeTinyTrainDataset(dir, 12, 4, false);
    if (yaml.isEmpty()) {
        *error = QStringLiteral("could not write the dataset");
        return {};
    }
    QFile f(yaml);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read ") + yaml;
        return {};
    }
    QString text = QString::fromUtf8(f.readAll());
    f.close();
    // YAML single quotes: a quote inside is written twice.
    QString quoted = kHostileClass;
    quoted.replace(QLatin1Char('\''), QStringLiteral("''"));
    text.replace(QStringLiteral("0: circle"), QStringLiteral("0: '%1'").arg(quoted));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text.toUtf8()) < 0) {
        *error = QStringLiteral("cannot write ") + yaml;
        return {};
    }
    f.close();
    const QDir root(dir);
    const QStringList vals = QDir(root.filePath(QStringLiteral("images/val"))).entryList(QDir::Files, QDir::Name);
    if (vals.isEmpty()) {
        *error = QStringLiteral("no val images");
        return {};
    }
    const QString stem = QFileInfo(vals.front()).completeBaseName();
    const QString newStem = QFileInfo(kHostileFile).completeBaseName();
    if (!QFile::rename(root.filePath(QStringLiteral("images/val/") + vals.front()),
                       root.filePath(QStringLiteral("images/val/") + newStem + QLatin1Char('.') + QFileInfo(vals.front()).suffix())) ||
        !QFile::rename(root.filePath(QStringLiteral("labels/val/") + stem + QStringLiteral(".txt")),
                       root.filePath(QStringLiteral("labels/val/") + newStem + QStringLiteral(".txt")))) {
        *error = QStringLiteral("cannot rename the first val image");
        return {};
    }
    // One train image cut in half: the check keeps it out of training and the report lists it.
    const QStringList trains = QDir(root.filePath(QStringLiteral("images/train"))).entryList(QDir::Files, QDir::Name);
    QFile whole(root.filePath(QStringLiteral("images/train/") + trains.value(0)));
    if (trains.isEmpty() || !whole.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("no train images");
        return {};
    }
    QFile cut(root.filePath(QStringLiteral("images/train/") + kCutImage));
    const QByteArray bytes = whole.readAll();
    if (!cut.open(QIODevice::WriteOnly) || cut.write(bytes.left(bytes.size() / 2)) < 0) {
        *error = QStringLiteral("cannot write ") + cut.fileName();
        return {};
    }
    cut.close();
    ys::TrainConfig c = tinyTrainConfig(yaml, 2);
    c.project = root.filePath(QStringLiteral("runs")).toStdString();
    c.name = "hostile";
    auto summary = ys::train(c);
    if (!summary) {
        *error = QString::fromStdString(summary.error().toString());
        return {};
    }
    return QString::fromStdString(summary->runDir);
}

}  // namespace ys::test
