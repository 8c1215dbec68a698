#pragma once
// Icons drawn with QPainter at the sizes Qt asks for (the Debian Qt build ships no SVG icon engine), so
// they stay sharp at any scale and need no image files.

#include "data/check.h"

#include <QIcon>

namespace ys::ui {

enum class IconId {
    App,        // window icon (:/icons/yolostudio.png)
    Dataset,    // navigation: dataset page
    Open,       // folder
    Demo,       // sparkle: open the demo dataset
    Export,     // arrow out of a tray
    Check,      // tick in a shield: run the check again
    Cancel,     // cross
    ZoomIn,
    ZoomOut,
    ZoomFit,
    Train,      // navigation: train page (a rising loss-and-metric chart)
    Runs,       // navigation: run history (stacked folders)
    Start,      // play triangle
    Pause,      // two bars
    Stop,       // square
    Fit,        // a memory card with a gauge: fit the run to the GPU
};

QIcon icon(IconId id);
QIcon severityIcon(ys::Severity severity);
QColor severityColor(ys::Severity severity);

}  // namespace ys::ui
