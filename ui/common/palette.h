#pragma once
// Per-class colours: a fixed palette of 20 colours chosen to stay distinguishable from each other and
// on both light and dark images (class id modulo 20 beyond that); and the colours of the navigation bar.

#include <QColor>

namespace ys::ui {

QColor classColor(int classId);

// The main window's left navigation bar: a dark band that stays the same in light and dark themes.
struct NavigationColors {
    QColor background, text, selected, selectedText, hover;
};
NavigationColors navigationColors();

}  // namespace ys::ui
