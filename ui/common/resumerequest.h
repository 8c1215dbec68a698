#pragma once
// What the Runs page hands the shell when the user resumes a run: the shell shows the Train page with the
// run loaded for resume (no page includes another). The config is the run's own args.yaml with `resume`
// pointing at its weights/last.pt and the resumable keys (ConfigKey::resumable: batch, device, epochs, ...)
// the user changed; train() takes every other key from the checkpoint's args.

#include "common/config.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace ys::ui {

struct ResumeRequest {
    QString runDir;            // the run folder (absolute)
    QString runName;           // its folder name, for titles
    ys::TrainConfig config;    // args.yaml + resume = <runDir>/weights/last.pt + the changed keys
    QStringList changedKeys;   // resumable keys whose value differs from the run's args.yaml
};

}  // namespace ys::ui

Q_DECLARE_METATYPE(ys::ui::ResumeRequest)
