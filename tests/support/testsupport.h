#pragma once
// Shared helpers for the Qt Test executables: temporary folders, generated images and labels, and the
// location of the real datasets in ../shared/datasets.

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <string>
#include <vector>

namespace ys::test {

// Folder of the real test datasets (env YS_SHARED_DATASETS, set by CTest). Empty when missing.
QString sharedDatasets();
// Path of coco128's data.yaml, or an empty string (the test should QSKIP) when it is absent.
QString coco128Yaml();

// Writes `text` to `path`, creating parent folders. Returns false on failure.
bool writeText(const QString& path, const std::string& text);

// Writes a noise-textured BGR image of the given size. Format from the extension (jpg, png, bmp, ...).
bool writeImage(const QString& path, int width, int height, unsigned seed = 1);

// A small dataset a detector can memorise quickly: `images` noisy-background images of width x height with
// 1-3 large filled shapes each (class 0 = rectangle, 1 = ellipse, 2 = triangle; sides 25-45% of the image),
// written as images/ + labels/ under `dir`, and a data.yaml whose train and val are both those images.
// Returns the data.yaml path, or an empty string on failure.
QString writeShapesDataset(const QString& dir, int images, int width, int height, unsigned seed = 1);

// SHA-256 of every file under `dir` (relative path → hex digest), to prove a check changed nothing.
std::vector<std::pair<QString, QString>> hashTree(const QString& dir);

// An executable run to its end, as a user runs it from a shell.
struct ProcessRun {
    int exitCode = -1;  // -1: still running at the deadline (then killed), -2: crashed
    QString out, err;   // standard output and error, UTF-8
};
// Runs `program` with `args` in `env` and waits up to `timeoutMs`, as the command-line and GUI tests drive
// the executables. OMP_WAIT_POLICY=PASSIVE is always added: spinning OpenMP threads crawl on a shared machine.
ProcessRun runProcess(const QString& program, const QStringList& args, int timeoutMs = 120000,
                      const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment());

}  // namespace ys::test
