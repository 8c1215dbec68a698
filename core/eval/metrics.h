#pragma once
// Detection metrics (P, R, mAP50, mAP50-95 per class, confusion matrix), plain C++ without LibTorch so
// the GUI and the report can use the result types. Boxes are xyxy in any one unit (pixels in validation,
// normalised 0..1 when scoring prediction files); detections and ground truth of one image must use the
// same unit. Users compare our results.csv with their Ultralytics', so the figures equal those of the
// Ultralytics release they run: 8.4 (January 2026; the default, what `pip install ultralytics` gives) or 8.3
// (MetricsVersion). The two differ in matching, in how AP ends after the last recall, in the confusion
// matrix and in fitness; far apart at low recall (a prediction set at recall 0.16: mAP50 0.339 by 8.3, 0.157
// by 8.4), 0.001 apart on a well-trained model. Step by step:
//
// - IoU: box_iou's arithmetic in float32, eps 1e-7 in the union, IoU thresholds 0.50:0.05:0.95 as float32
//   (a box sitting exactly on a threshold must fall on the same side as there).
// - Matching (validator.match_predictions), per threshold t:
//   8.4: greedy. Detections by descending confidence (a stable sort of the image's detections; NMS order
//   already is); each one takes, among the same-class GT not yet taken at t, the one of highest IoU (the
//   lowest GT index on ties) and is a true positive when that IoU >= t.
//   8.3: the same-class (GT, detection) pairs with IoU >= t, in row-major order (GT major), sorted by IoU
//   descending (numpy's argsort, reversed); then each detection keeps its first pair (its highest IoU);
//   then, among those, each GT keeps the pair of its LOWEST detection index (np.unique keeps first
//   occurrences, and the rows are ordered by detection by then). Detections come in NMS order (most
//   confident first), so in effect the most confident detection whose best GT it is wins the GT. A
//   detection that loses its best GT is not offered another one, so this is not greedy matching.
// - AP per class (ap_per_class + compute_ap): detections sorted by confidence descending over every image
//   in the order added (numpy 1.x's introsort, so ties keep the reference's order too), cumulative TP and
//   FP, recall = TP / GT and precision = TP / (TP + FP); a sentinel recall 0 / precision 1 before; after
//   the curve, 8.3 adds recall 1 / precision 0 and 8.4 adds the last recall / precision 0 then recall 1 /
//   precision 0; the precision envelope (running max from the right); then AP = trapz(interp(x, recall,
//   envelope), x) on x = 0, 0.01, ..., 1 (linear interpolation, trapezoid rule). Half of the GT found at
//   precision 1 gives 0.75 by 8.3 (the line from (0.5, 1) down to the sentinel (1, 0) adds 0.25) and 0.5
//   by 8.4 (the curve ends at its last recall); all of it gives 0.995 by both (the last step falls to 0
//   at recall 1).
// - mAP50, mAP50-95: means over the classes present in the ground truth (classes without GT are ignored,
//   even when they have detections); a present class without detections scores 0.
// - P and R: per class on the confidence grid x = linspace(0, 1, 1000), linearly interpolated between the
//   detections' (confidence, precision/recall at IoU 0.5) points (precision 1 and recall 0 above the
//   highest confidence, the last value below the lowest); F1 = 2PR / (P + R + 1e-16); the class-mean F1
//   smoothed with a 101-point box filter (edge-padded); P and R of each class at its first maximum, and
//   their class means.
// - COCO-style extras (map50_coco, map50_95_coco): the same matches and curves, AP as pycocotools
//   interpolates it (the envelope sampled at recall 0, 0.01, ..., 1 by step lookup, averaged; apCoco101).
//   Lower than 8.3's at low recall; never used for fitness, best.pt or early stopping.
// - Confusion matrix (ConfusionMatrix.process_batch), class-agnostic IoU, confusion[predicted][true], index
//   nc = background (row nc: missed GT, column nc: false detection):
//   8.4: detections with conf > 0.001 (val's conf; 8.4 passes it on), by descending confidence (stable),
//   each takes the GT of highest IoU among those not yet taken when that IoU > 0.45.
//   8.3: detections with conf > 0.25, pairs with IoU > 0.45, each detection keeps its highest-IoU GT, then
//   each GT its highest-IoU detection.
// - Fitness (best.pt, early stopping): 8.4 mAP50-95; 8.3 0.1 mAP50 + 0.9 mAP50-95.
//
// Thread use: one evaluator per thread; compute() is const and may be called repeatedly.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ys {

// Whose figures: the Ultralytics release the user compares with (above).
enum class MetricsVersion { Ultralytics84, Ultralytics83 };
constexpr MetricsVersion kDefaultMetricsVersion = MetricsVersion::Ultralytics84;
// "8.4" / "8.3": the TrainConfig key `metrics`, args.yaml, the CLI's metrics= and the files that record it.
const char* metricsVersionName(MetricsVersion v);
// Reads "8.4" or "8.3" (also "ultralytics-8.4"...); nullopt for anything else.
std::optional<MetricsVersion> parseMetricsVersion(const std::string& text);

struct Detection {
    float x1, y1, x2, y2;
    float conf;  // 0..1
    int cls;     // 0..nc-1 (others are ignored)
};

struct GroundTruth {
    float x1, y1, x2, y2;
    int cls;  // 0..nc-1 (others are ignored)
};

struct ClassMetrics {
    int cls = 0;
    int64_t images = 0;     // images with at least one GT of this class
    int64_t instances = 0;  // GT boxes of this class
    double precision = 0, recall = 0, ap50 = 0, ap50_95 = 0;
    // The precision-recall curve at IoU 0.5 (the report's per-class PR plot): the precision envelope that
    // ap50 integrates, at recall 0, 0.01, ..., 1 (kPrCurvePoints values); empty when the class has no
    // detections (its curve is 0 everywhere).
    std::vector<double> pr50;
};
constexpr int kPrCurvePoints = 101;

struct DetectionMetrics {
    MetricsVersion version = kDefaultMetricsVersion;  // whose definitions the figures follow
    double precision = 0, recall = 0, map50 = 0, map50_95 = 0;  // Ultralytics' definitions (above)
    double map50_coco = 0, map50_95_coco = 0;       // COCO-style step AP over the same matches (extra)
    std::vector<ClassMetrics> perClass;            // classes present in the GT, ascending class index
    std::vector<std::vector<int64_t>> confusion;   // (nc+1) x (nc+1), [predicted][true], nc = background
    // Model selection score used to pick weights/best and to stop early: metricsFitness of these figures.
    double fitness() const;
};

// The reference's fitness: mAP50-95 (8.4), 0.1 * mAP50 + 0.9 * mAP50-95 (8.3); P and R weigh 0.
double metricsFitness(double map50, double map50_95, MetricsVersion v);

class DetectionEvaluator final {
public:
    explicit DetectionEvaluator(int nc, MetricsVersion version = kDefaultMetricsVersion);

    // Adds one image's final detections (after NMS, most confident first, as NMS returns them: the order
    // decides ties in matching) and its ground truth. Work is O(D x G) per image.
    void addImage(const std::vector<Detection>& dets, const std::vector<GroundTruth>& gts);
    // Metrics over every image added since construction or reset().
    DetectionMetrics compute() const;
    void reset();

    int numClasses() const { return nc_; }
    MetricsVersion version() const { return version_; }
    int64_t numImages() const { return images_; }

    static constexpr int kNumIou = 10;  // IoU thresholds 0.50, 0.55, ..., 0.95

private:
    struct Record {
        float conf;
        int cls;
        uint16_t tp;  // bit j set: true positive at IoU threshold j
    };
    int nc_;
    MetricsVersion version_;
    int64_t images_ = 0;
    std::vector<Record> records_;
    std::vector<int64_t> instances_;  // per class
    std::vector<int64_t> imagesWith_;  // per class
    std::vector<std::vector<int64_t>> confusion_;
};

// AP of one precision/recall curve (recall non-decreasing, both 0..1, one point per ranked detection), as
// Ultralytics' compute_ap of release `v`: sentinels, envelope, linear interpolation at 101 recall points,
// trapezoid rule. An empty curve gives 0. `curve`, when given, receives the interpolated envelope at the
// 101 recall points (ClassMetrics::pr50; empty for an empty curve).
double apTrapezoid101(const std::vector<double>& recall, const std::vector<double>& precision,
                      std::vector<double>* curve = nullptr, MetricsVersion v = kDefaultMetricsVersion);

// COCO 101-point interpolated AP of the same curve: the envelope at the first point whose recall >= r,
// for r = 0, 0.01, ..., 1 (0 beyond the last recall), averaged. Half of the GT at precision 1 gives 51/101.
double apCoco101(const std::vector<double>& recall, const std::vector<double>& precision);

// The validation table as `val` prints it (Ultralytics' layout): a header line, an "all" row with the
// image count, then one row per class present in the GT. `names` maps class ids to names (ids without a
// name print as numbers); `images` = images validated.
std::vector<std::string> metricsTable(const DetectionMetrics& m, const std::vector<std::string>& names,
                                      int64_t images);

}  // namespace ys
