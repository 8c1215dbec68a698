#pragma once
// A small generated dataset for the GUI tests: the demo generator's output (80 images, 5 classes) with
// known problems added to two label files.

#include "common/config.h"
#include "data/check.h"
#include "data/dataset.h"

#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace ys::test {

// Outer bound of a GUI test's wait for a pool job (scan, check, thumbnails) on a loaded machine, below the
// tests' CTest timeouts: the waits end on the signal or state that means done; this only keeps a hung job
// from hanging the suite.
constexpr int kUiWaitMs = 90000;

struct UiDataset {
    QString yaml;             // data.yaml
    QString classRangeImage;  // image whose label has a class id out of range (label.class_range)
    QString nearDupImage;     // image whose label has a near-duplicate box (box.near_duplicate)
    int nearDupLine = 0;      // line of the added near-duplicate box in its label file
};

// Writes the dataset into `dir`. Returns false (and a reason in `error`) on failure.
bool writeUiDataset(const QTemporaryDir& dir, UiDataset* out, QString* error);

// A dataset small enough to train on in a GUI test: the demo generator at 96 x 80 with `train` and `val`
// images; with `classError` one training label gets a class id out of range (a check error). Returns the
// data.yaml path, empty on failure.
QString writeTinyTrainDataset(const QString& dir, int train, int val, bool classError);

// The dataset scanned and checked, as the Dataset page hands it to the Train page.
struct CheckedDataset {
    std::shared_ptr<const ys::Dataset> dataset;
    std::shared_ptr<const ys::CheckResult> check;
};
CheckedDataset loadChecked(const QString& yaml);

// A run a GUI test can afford: yolov8n at imgsz 64, batch 4, no mosaic or warmup, loading on the training
// thread, `epochs` epochs (threads from YS_TEST_THREADS, 0 = all cores).
ys::TrainConfig tinyTrainConfig(const QString& yaml, int epochs);

}  // namespace ys::test
