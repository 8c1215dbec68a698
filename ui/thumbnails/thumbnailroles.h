#pragma once
// The roles the thumbnail grid (ThumbnailView, ThumbnailDelegate) reads from its model, and nothing else: a
// model that implements them (the Dataset page's ImageListModel) can be shown in the grid.

#include "data/dataset.h"

#include <QMetaType>
#include <Qt>

namespace ys::ui {

struct ThumbnailRoles {
    enum : int {
        PathRole = Qt::UserRole + 1,  // QString: absolute image path (the thumbnail's key)
        RecordRole,                   // const ys::ImageRecord*: size and boxes drawn over the thumbnail; valid
                                      // while the model's dataset lives, nullptr when none
        WorstSeverityRole,            // int: the badge, -1 = no finding, else ys::Severity
        FirstFreeRole,                // a model's own roles start here
    };
};

}  // namespace ys::ui

Q_DECLARE_METATYPE(const ys::ImageRecord*)
