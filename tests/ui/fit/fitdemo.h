#pragma once
// The tiny dataset the Fit tests probe on: the demo generator at 16 train + 4 val images of 160 x 128, so a
// fit of yolov8n at 64 px measures its six steps in about two seconds.

#include "common/error.h"
#include "data/demo.h"

#include <QTemporaryDir>

#include <string>

namespace ys::test {

// Writes the dataset into `dir`; returns its data.yaml.
inline ys::Expected<std::string> writeFitDemo(const QTemporaryDir& dir)
{
    ys::DemoOptions demo;
    demo.trainImages = 16;
    demo.valImages = 4;
    demo.width = 160;
    demo.height = 128;
    return ys::writeDemoDataset(dir.path().toStdString(), demo);
}

}  // namespace ys::test
