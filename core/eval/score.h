#pragma once
// Scoring of prediction files written by any tool against a dataset's labels, with the evaluator that
// validation uses (loss/metrics.h: Ultralytics' AP, P and R), so a user can compare this studio, the
// Ultralytics CLI or anything else on the same split the same way. Plain C++ (no torch, no Qt); nothing
// here writes anywhere.
//
// Prediction files are YOLO text, one per image stem: `DIR/<stem>.txt` or `DIR/labels/<stem>.txt` (as
// Ultralytics' `save_txt` and `yolostudio-cli predict` write them), one row `cls cx cy w h conf` per
// detection, coordinates normalised to the image. A split image without a file has no detections. Rows are
// ranked by confidence over the whole split; within a file, earlier rows win ties in matching (write them
// most confident first, as NMS does).
//
// IoU is computed in normalised coordinates: IoU is unchanged by scaling x and y separately, and this is
// how the reference figures in ../shared/fixtures/metrics were computed (in float32, pixel coordinates
// round differently and move a few boxes that sit on an IoU threshold: up to 6.5e-4 AP per class there).

#include "common/error.h"
#include "common/progress.h"
#include "data/dataset.h"
#include "eval/metrics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys {

// One detection of a prediction file.
struct PredictionRow {
    int cls = 0;                         // 0..nc-1
    float cx = 0, cy = 0, w = 0, h = 0;  // normalised to the image (w, h >= 0)
    float conf = 0;                      // 0..1
    int line = 0;                        // 1-based line in the file
};

struct ParsedPredictions {
    std::vector<PredictionRow> rows;  // rows that parsed, in file order
    std::vector<LabelIssue> issues;   // rows that did not (codes "pred.*", line, reason); the rest still counts
};

// Parses the text of one prediction file; never throws. Handles CRLF and a UTF-8 BOM, skips empty lines.
// A row is rejected when it has other than 6 values ("pred.columns"), a value that is not a number
// ("pred.nonnumeric") or not finite ("pred.nonfinite"), a class that is negative, not a whole number or
// >= nc ("pred.class_negative", "pred.class_noninteger", "pred.class_range"), a confidence outside 0..1
// ("pred.conf_range") or a negative width or height ("pred.size_negative"). At most 100 issues per file
// are listed, then one "pred.more_issues" with the count.
ParsedPredictions parsePredictions(const std::string& text, int nc);

struct ScoreOptions {
    std::string data;         // the dataset's data.yaml
    std::string predictions;  // folder holding <stem>.txt and/or labels/<stem>.txt
    Split split = Split::Val;
    MetricsVersion metrics = kDefaultMetricsVersion;  // whose figures (eval/metrics.h)
};

struct ScoreResult {
    DetectionMetrics metrics;
    std::vector<std::string> names;  // the dataset's class names
    std::string yamlPath;            // absolute data.yaml
    std::string predictions;         // the predictions folder, as given
    Split split = Split::Val;
    int images = 0;                  // images of the split scored (those whose header could be read)
    int predictionFiles = 0;         // files matched to a scored image
    int64_t detections = 0;          // rows scored
    // Everything left out, each with file and line: bad rows, files that match no scored image, files
    // shadowed by another for the same stem, stems shared by several images. Scoring went on without them.
    std::vector<Error> problems;
};

// Loads the dataset, reads every prediction file and scores the split. Errors (nothing scored): the
// data.yaml cannot be loaded, the split is not defined or has no readable image, the predictions folder
// does not exist, or `cancel` was set ("score.cancelled"). Progress: "scan" (the dataset), then "score"
// (images). Runs on the calling thread apart from the dataset scan (which uses all cores).
Expected<ScoreResult> scorePredictions(const ScoreOptions& options, const ProgressFn& progress = {},
                                       const CancelToken& cancel = {});

// The result as JSON text: data, split, predictions counts, "mAP50", "mAP50-95", "precision", "recall"
// (and the COCO-style extras "mAP50_coco", "mAP50-95_coco") at the top level; "classes": one object per
// class present in the GT (class, name, images, instances, precision, recall, AP50, AP50-95); "problems".
std::string scoreResultToJson(const ScoreResult& result);

}  // namespace ys
