#pragma once
// The small dataset the Fit tests probe on: the demo generator at 1024 train + 4 val images of 160 x 128, so a
// fit of yolov8n at 64 px measures its six steps in a few seconds. 1024 training images, the fit's search limit
// (FitRequest::maxBatch): the data never caps the batch (batchLimitForData), so these tests see memory's limits.

#include "common/error.h"
#include "data/demo.h"

#include <QTemporaryDir>

#include <string>

namespace ys::test {

// Writes the dataset into `dir`; returns its data.yaml.
inline ys::Expected<std::string> writeFitDemo(const QTemporaryDir& dir)
{
    ys::DemoOptions demo;
    demo.trainImages = 1024;
    demo.valImages = 4;
    demo.width = 160;
    demo.height = 128;
    return ys::writeDemoDataset(dir.path().toStdString(), demo);
}

}  // namespace ys::test
