#pragma once
// Detection metrics (P, R, mAP50, mAP50-95 per class, confusion matrix), plain C++ without LibTorch so
// the GUI and the report can use the result types. Boxes are xyxy in any one unit (pixels usually);
// detections and ground truth of one image must use the same unit.
//
// Method (documented differences from the Ultralytics validator in brackets):
// - Matching, per IoU threshold t in 0.50:0.05:0.95: all (GT, detection) pairs of the same class with
//   IoU >= t, taken greedily by descending IoU, each GT and each detection used at most once. [The
//   reference dedupes by detection then by GT, which can miss a match greedy matching finds.]
// - AP per class: COCO 101-point interpolation. Detections sorted by confidence (stable); the precision
//   envelope (running max from the right) is sampled at recall 0, 0.01, ..., 1 (first point whose
//   recall >= r; 0 beyond the last recall) and averaged, as pycocotools does. Half of the GT found
//   with perfect precision gives 51/101. [Ultralytics integrates a linearly interpolated curve with the
//   trapezoid rule instead; it agrees closely at high recall.]
// - mAP50, mAP50-95: means over the classes present in the ground truth (absent classes are ignored,
//   even when they have detections).
// - P and R: per class on a 1000-point confidence grid 0..1 (detections with conf >= x, IoU 0.5;
//   precision 1 when no detection passes, 0 everywhere for a class without detections); the grid point
//   that maximises the class-mean F1 after a 101-point moving average (edge-padded), as the reference
//   smooths; P and R are the class means at that point.
// - Confusion matrix at conf > 0.25, IoU > 0.45, class-agnostic greedy matching by IoU:
//   confusion[predicted][true], index nc = background (row nc: missed GT, column nc: false detection).
//
// Thread use: one evaluator per thread; compute() is const and may be called repeatedly.

#include <cstdint>
#include <vector>

namespace ys {

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
};

struct DetectionMetrics {
    double precision = 0, recall = 0, map50 = 0, map50_95 = 0;
    std::vector<ClassMetrics> perClass;            // classes present in the GT, ascending class index
    std::vector<std::vector<int64_t>> confusion;   // (nc+1) x (nc+1), [predicted][true], nc = background
    // Model selection score used to pick weights/best: 0.1 * mAP50 + 0.9 * mAP50-95 (the reference's
    // fitness; P and R weigh 0). Inline, so torch-free readers of results.csv (ys_runfolder) use it too.
    static constexpr double kFitnessMap50 = 0.1, kFitnessMap50_95 = 0.9;
    double fitness() const { return kFitnessMap50 * map50 + kFitnessMap50_95 * map50_95; }
    static const char* fitnessFormula() { return "0.1 * mAP50 + 0.9 * mAP50-95"; }
};

class DetectionEvaluator final {
public:
    explicit DetectionEvaluator(int nc);

    // Adds one image's final detections (after NMS) and its ground truth. Work is O(D x G) per image.
    void addImage(const std::vector<Detection>& dets, const std::vector<GroundTruth>& gts);
    // Metrics over every image added since construction or reset().
    DetectionMetrics compute() const;
    void reset();

    int numClasses() const { return nc_; }
    int64_t numImages() const { return images_; }

    static constexpr int kNumIou = 10;  // IoU thresholds 0.50, 0.55, ..., 0.95

private:
    struct Record {
        float conf;
        int cls;
        uint16_t tp;  // bit j set: true positive at IoU threshold j
    };
    int nc_;
    int64_t images_ = 0;
    std::vector<Record> records_;
    std::vector<int64_t> instances_;  // per class
    std::vector<int64_t> imagesWith_;  // per class
    std::vector<std::vector<int64_t>> confusion_;
};

// COCO 101-point interpolated AP of one precision/recall curve (recall non-decreasing, both 0..1).
double apCoco101(const std::vector<double>& recall, const std::vector<double>& precision);

}  // namespace ys
