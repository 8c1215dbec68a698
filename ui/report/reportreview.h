#pragma once
// The report's "Suspected label mistakes" section (issue 28): the run's review.json (core/report's ReviewFacts)
// as a count per class and kind and the top suspects with thumbnails that draw the label's box and the model's.
// GUI thread (paints into images; no window).

#include "report/reportdata.h"

#include <QImage>
#include <QString>

#include <functional>

namespace ys::ui {

// Suspects shown with a thumbnail.
inline constexpr int kReportSuspects = 12;

// Suspect `index` of `result` on its image scaled so its longer side is `side` px: the label's box solid green,
// the model's box dashed orange, the image's other labels faint. A null image when the image cannot be read.
QImage suspectThumbnail(const ys::ReviewResult& result, int index, int side);

// The section's markup. `imageTag(image, alt, width)` registers an image and returns its placeholder
// (ReportWriter::imageTag). Every string from the dataset or a file is escaped with `esc`.
QString reviewSectionHtml(const ys::report::ReviewFacts& facts,
                          const std::function<QString(const QImage&, const QString&, int)>& imageTag,
                          const std::function<QString(const QString&)>& esc);

}  // namespace ys::ui
