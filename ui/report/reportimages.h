#pragma once
// The pictures of the training report that are not dashboard charts: the confusion matrix as a heat map, the
// precision-recall curves per class (a SeriesChart, so they look like every other chart), and a validation
// image with its ground truth and the run's predictions side by side. Each returns a QImage drawn without a
// window. GUI thread (the PR chart is a widget); the others only paint into images.

#include "eval/metrics.h"
#include "report/reportdata.h"

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>

#include <vector>

namespace ys::ui {

// confusion[predicted][true] with the background last (DetectionMetrics::confusion), each column normalised
// by its true-class total as Ultralytics plots it; cells show counts when the matrix is small enough to read.
// `names` by class id; "background" is added. An empty matrix gives a null image.
QImage confusionMatrixImage(const std::vector<std::vector<int64_t>>& confusion, const QStringList& names,
                            const QString& background, double devicePixelRatio = 2.0);

// Precision against recall at IoU 0.5 for each class with a curve (ClassMetrics::pr50) and their mean
// (the curve mAP50 is the area under); up to 10 classes in colour with a legend, more in grey with only the
// mean in colour. A null image when no class has a curve.
QImage prCurveImage(const std::vector<ClassMetrics>& classes, const QStringList& names, const QSize& size,
                    double devicePixelRatio = 2.0);

// The sample's picture twice: ground truth on the left, predictions (with confidence) on the right, class
// names on the boxes; one colour per class. `names` by model class id.
QImage validationPairImage(const ys::report::ValidationSample& sample, const QStringList& names,
                           const QString& truthTitle, const QString& predictedTitle);

}  // namespace ys::ui
