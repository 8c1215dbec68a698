#pragma once
// The figures of one evaluation as JSON members, written the same way by `val predictions=` (score.h) and by
// `val weights=` (trainer.h): "mAP50", "mAP50-95", "precision", "recall", "fitness", "mAP50_coco",
// "mAP50-95_coco", "metrics", "method", and "classes" (one object per class present in the GT: class, name,
// images, instances, precision, recall, AP50, AP50-95). Internal to ys_eval and the libraries that link it.

#include "eval/metrics.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace ys {

// `names`: class i's name (a class past the list gets "").
nlohmann::json metricsJson(const DetectionMetrics& metrics, const std::vector<std::string>& names);

}  // namespace ys
