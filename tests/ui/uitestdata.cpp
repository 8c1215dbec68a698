#include "uitestdata.h"

#include "data/dataset.h"
#include "data/demo.h"
#include "smallrun.h"

#include <QDir>
#include <QFile>
#include <QTextStream>

namespace ys::test {
namespace {

bool appendLine(const QString& path, const QString& line, int* lineNumber)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    QByteArray text = f.readAll();
    f.close();
    if (!text.isEmpty() && !text.endsWith('\n'))
        text += '\n';
    *lineNumber = static_cast<int>(text.count('\n')) + 1;
    text += line.toUtf8() + '\n';
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(text) == text.size();
}

// First row of a label file as numbers.
bool firstBox(const QString& path, QStringList* cols)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return false;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (!line.isEmpty()) {
            *cols = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            return cols->size() == 5;
        }
    }
    return false;
}

}  // namespace

bool writeUiDataset(const QTemporaryDir& dir, UiDataset* out, QString* error)
{
    ys::DemoOptions o;
    o.trainImages = 60;
    o.valImages = 20;
    o.width = 160;
    o.height = 128;
    auto yaml = ys::writeDemoDataset(dir.filePath(QStringLiteral("demo")).toStdString(), o);
    if (!yaml) {
        *error = QString::fromStdString(yaml.error().toString());
        return false;
    }
    out->yaml = QString::fromStdString(yaml.value());
    const QDir root(dir.filePath(QStringLiteral("demo")));

    // train_0003: a class id beyond nc (the demo has 5 classes).
    out->classRangeImage = root.absoluteFilePath(QStringLiteral("images/train/train_0003.jpg"));
    int line = 0;
    if (!appendLine(root.absoluteFilePath(QStringLiteral("labels/train/train_0003.txt")),
                    QStringLiteral("42 0.5 0.5 0.1 0.1"), &line)) {
        *error = QStringLiteral("cannot edit train_0003.txt");
        return false;
    }
    // The first later train image with a box gets that box again, shifted by a hair: IoU > 0.9.
    for (int i = 4; i < o.trainImages; ++i) {
        const QString stem = QStringLiteral("train_%1").arg(i, 4, 10, QLatin1Char('0'));
        const QString label = root.absoluteFilePath(QStringLiteral("labels/train/%1.txt").arg(stem));
        QStringList cols;
        if (!firstBox(label, &cols))
            continue;
        out->nearDupImage = root.absoluteFilePath(QStringLiteral("images/train/%1.jpg").arg(stem));
        const double cx = cols[1].toDouble() + 0.001;
        const QString row = QStringLiteral("%1 %2 %3 %4 %5").arg(cols[0]).arg(cx, 0, 'f', 6).arg(cols[2], cols[3], cols[4]);
        if (!appendLine(label, row, &out->nearDupLine)) {
            *error = QStringLiteral("cannot edit ") + label;
            return false;
        }
        break;
    }
    if (out->nearDupImage.isEmpty()) {
        *error = QStringLiteral("no train label with a box to duplicate");
        return false;
    }
    return true;
}

QString writeTinyTrainDataset(const QString& dir, int train, int val, bool classError)
{
    ys::DemoOptions o;
    o.trainImages = train;
    o.valImages = val;
    o.width = 96;
    o.height = 80;
    o.seed = 3;
    auto yaml = ys::writeDemoDataset(dir.toStdString(), o);
    if (!yaml)
        return {};
    if (classError) {
        int line = 0;
        if (!appendLine(QDir(dir).absoluteFilePath(QStringLiteral("labels/train/train_0001.txt")),
                        QStringLiteral("42 0.5 0.5 0.2 0.2"), &line))
            return {};
    }
    return QString::fromStdString(*yaml);
}

CheckedDataset loadChecked(const QString& yaml)
{
    CheckedDataset out;
    auto ds = ys::openDataset(yaml.toStdString());
    if (!ds)
        return out;
    auto dataset = std::make_shared<ys::Dataset>(std::move(*ds));
    ys::CheckOptions co;
    co.imgsz = 64;
    out.check = std::make_shared<ys::CheckResult>(ys::checkDataset(*dataset, co));
    out.dataset = dataset;
    return out;
}

ys::TrainConfig tinyTrainConfig(const QString& yaml, int epochs)
{
    // The core training tests' small run, smaller still; the Train page picks the project folder.
    ys::TrainConfig c = ys::test::smallRunConfig(yaml, QString::fromStdString(ys::TrainConfig().project), "exp");
    c.epochs = epochs;
    c.imgsz = 64;
    c.batch = 4;
    c.nbs = 4;
    c.workers = 0;
    return c;
}

}  // namespace ys::test
