#pragma once
// Per-class colours: a fixed palette of 20 colours chosen to stay distinguishable from each other and
// on both light and dark images (class id modulo 20 beyond that).

#include <QColor>

namespace ys::ui {

QColor classColor(int classId);

}  // namespace ys::ui
