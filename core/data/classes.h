#pragma once
// Training on a subset of a dataset's classes (`classes=[0, 2, 3]`): which dataset ids are kept, and their new
// ids 0..k-1 (ascending, so the subset keeps the dataset's order). The trainer and the validator apply it to the
// records they read; the run stores `kept` so its weights can be read back in the dataset's terms. The dataset
// on disk is never touched. Plain C++; thread-safe (values only).

#include "common/error.h"
#include "data/dataset.h"

#include <string>
#include <vector>

namespace ys {

struct ClassSubset {
    std::vector<int> kept;            // new id -> dataset id, ascending; every dataset id when not a subset
    std::vector<int> toNew;           // dataset id -> new id, or -1 when the class is dropped (dataset nc entries)
    std::vector<std::string> names;   // the dataset's names of `kept`, by new id

    int nc() const { return static_cast<int>(kept.size()); }
    // True when every class is kept under its own id (nothing to remap).
    bool identity() const;
    // The new id of dataset class `datasetId`, or -1 (dropped, or not a class of the dataset).
    int map(int datasetId) const;
};

// The subset `classes` picks from a dataset with `datasetNames` (empty `classes` = every class). `classes` may
// come in any order with repeats (they are sorted and merged). Error "config.classes" naming `source` (the
// data.yaml) when an id is not a class of the dataset, e.g. "classes=[7]: class 7 does not exist; data.yaml
// has 5 classes (0 circle ... 4 cross)".
Expected<ClassSubset> makeClassSubset(const std::vector<int>& classes, const std::vector<std::string>& datasetNames,
                                      const std::string& source = {});

// Keeps the boxes of the subset's classes under their new ids and drops the others; an image whose boxes are
// all dropped stays as a background image. Boxes whose class the dataset does not have are dropped too.
// Returns the number of boxes dropped.
int64_t applyClassSubset(const ClassSubset& subset, std::vector<ImageRecord>& images);

}  // namespace ys
