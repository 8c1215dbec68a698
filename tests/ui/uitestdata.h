#pragma once
// A small generated dataset for the GUI tests: the demo generator's output (80 images, 5 classes) with
// known problems added to two label files.

#include <QString>
#include <QTemporaryDir>

namespace ys::test {

struct UiDataset {
    QString yaml;             // data.yaml
    QString classRangeImage;  // image whose label has a class id out of range (label.class_range)
    QString nearDupImage;     // image whose label has a near-duplicate box (box.near_duplicate)
    int nearDupLine = 0;      // line of the added near-duplicate box in its label file
};

// Writes the dataset into `dir`. Returns false (and a reason in `error`) on failure.
bool writeUiDataset(const QTemporaryDir& dir, UiDataset* out, QString* error);

}  // namespace ys::test
