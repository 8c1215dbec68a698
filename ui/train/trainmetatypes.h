#pragma once
// The engine's value types as they travel from the training thread to the GUI thread in queued signals.
// Qt 6 finds the meta types of signal arguments by itself; declaring them also lets tests keep them in a
// QSignalSpy and QVariant.

#include "common/error.h"
#include "memory/memory.h"
#include "train/trainer.h"

#include <QMetaType>

#include <vector>

namespace ys::ui {
using MemorySamples = std::vector<ys::memory::MemorySample>;
}  // namespace ys::ui

Q_DECLARE_METATYPE(ys::BatchProgress)
Q_DECLARE_METATYPE(ys::EpochResult)
Q_DECLARE_METATYPE(ys::DetectionMetrics)
Q_DECLARE_METATYPE(ys::TrainEvent)
Q_DECLARE_METATYPE(ys::TrainSummary)
Q_DECLARE_METATYPE(ys::CheckpointSaved)
Q_DECLARE_METATYPE(ys::ui::MemorySamples)
