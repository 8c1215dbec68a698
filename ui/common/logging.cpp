#include "ui/common/logging.h"

Q_LOGGING_CATEGORY(lcApp, "ys.ui.app", QtInfoMsg)
Q_LOGGING_CATEGORY(lcDataset, "ys.ui.dataset", QtInfoMsg)
Q_LOGGING_CATEGORY(lcThumbs, "ys.ui.thumbs", QtWarningMsg)
Q_LOGGING_CATEGORY(lcViewer, "ys.ui.viewer", QtWarningMsg)
Q_LOGGING_CATEGORY(lcPlots, "ys.ui.plots", QtWarningMsg)
Q_LOGGING_CATEGORY(lcTrain, "ys.ui.train", QtInfoMsg)
Q_LOGGING_CATEGORY(lcPerf, "ys.ui.perf", QtWarningMsg)
