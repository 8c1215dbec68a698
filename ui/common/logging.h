#pragma once
// Logging categories of the GUI, one per area (STYLE habit 14). Enable with QT_LOGGING_RULES, e.g.
// QT_LOGGING_RULES="ys.ui.perf.info=true" prints the browser's timing figures.

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcApp)      // ys.ui.app: start-up, settings, language, recent files
Q_DECLARE_LOGGING_CATEGORY(lcDataset)  // ys.ui.dataset: scan and check jobs
Q_DECLARE_LOGGING_CATEGORY(lcThumbs)   // ys.ui.thumbs: thumbnail requests, decoding, cache
Q_DECLARE_LOGGING_CATEGORY(lcViewer)   // ys.ui.viewer: full-size image loading
Q_DECLARE_LOGGING_CATEGORY(lcPlots)    // ys.ui.plots: statistics plots
Q_DECLARE_LOGGING_CATEGORY(lcTrain)    // ys.ui.train: training runs started from the GUI, their end, the preview
Q_DECLARE_LOGGING_CATEGORY(lcPerf)     // ys.ui.perf: timing figures (info level, off by default)
