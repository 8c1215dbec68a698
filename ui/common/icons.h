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
    Refresh,    // circular arrow: read again
    Trash,      // waste bin: move to the trash
    Compare,    // two curves over each other
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

// The state of a run folder (the Runs page): a coloured disc with a glyph, readable at 16 px.
enum class RunStatusIcon {
    Finished,      // green, tick
    Stopped,       // grey, square
    StoppedEarly,  // teal, tick
    Interrupted,   // orange, two bars
    Resumable,     // orange, play triangle: can continue
    Failed,        // red, cross
    Running,       // blue, play triangle
    NotARun,       // grey ring, question mark
};

QIcon icon(IconId id);
QIcon severityIcon(ys::Severity severity);
QColor severityColor(ys::Severity severity);
QIcon runStatusIcon(RunStatusIcon status);

}  // namespace ys::ui
