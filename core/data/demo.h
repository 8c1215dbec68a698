#pragma once
// The built-in demo dataset: a deterministic generator of a small YOLO dataset (textured backgrounds,
// a handful of shape classes at varied sizes, train and val), so the studio opens on something real.

#include "common/error.h"
#include "common/progress.h"

#include <cstdint>
#include <string>

namespace ys {

struct DemoOptions {
    int trainImages = 240;
    int valImages = 60;
    int width = 320, height = 256;  // image size in pixels
    uint32_t seed = 1;              // same seed = byte-identical dataset
    double backgroundShare = 0.05;  // share of images with no objects (empty label files), 0..1
    int threads = 0;                // generator threads, 0 = all cores (the output does not depend on it)
};

// Writes images/{train,val}, labels/{train,val} and data.yaml under `dir` (created if missing).
// Returns the path of data.yaml. Existing files with the same names are overwritten; nothing else is.
Expected<std::string> writeDemoDataset(const std::string& dir, const DemoOptions& options = {},
                                       const ProgressFn& progress = {});

}  // namespace ys
