#pragma once
// Shared helpers for the Qt Test executables: temporary folders, generated images and labels, and the
// location of the real datasets in ../shared/datasets.

#include <QString>
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

// SHA-256 of every file under `dir` (relative path → hex digest), to prove a check changed nothing.
std::vector<std::pair<QString, QString>> hashTree(const QString& dir);

}  // namespace ys::test
