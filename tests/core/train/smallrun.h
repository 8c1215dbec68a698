#pragma once
// The settings the training tests share: a tiny, quiet, deterministic run on generated data.

#include "common/config.h"

#include <QString>
#include <QtGlobal>

namespace ys::test {

inline TrainConfig smallRunConfig(const QString& data, const QString& project, const QString& name)
{
    TrainConfig c;
    c.data = data.toStdString();
    c.project = project.toStdString();
    c.name = name.toStdString();
    c.imgsz = 128;
    c.workers = 1;
    c.amp = "off";
    c.mosaic = 0;
    c.close_mosaic = 0;
    c.warmup_epochs = 0;
    c.patience = 0;
    // 0 = all cores; a busy developer machine runs faster with YS_TEST_THREADS=1 (OpenMP spin-waits).
    c.threads = qEnvironmentVariableIntValue("YS_TEST_THREADS");
    return c;
}

}  // namespace ys::test
