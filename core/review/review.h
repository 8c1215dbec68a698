#pragma once
// Model-assisted label review (issue 28): the labels a trained model disagrees with, most likely mistakes
// first. Plain C++ (no torch, no Qt), so the CLI, the Runs and Dataset pages, the viewer and the report share
// the results as plain structs. Nothing here writes into the dataset.
//
// Four kinds of suspect, one per label box (the likeliest of its kinds) or per unlabelled prediction:
// - missing label:  a confident prediction that no label of any class overlaps (IoU < claimIou) and that no
//                   other suspect explains;
// - wrong class:    another class's confident prediction overlaps the box well (IoU >= matchIou) while the
//                   box's own class is predicted there only weakly or not at all;
// - poor box:       the most confident same-class prediction on the box (the box is its best label) overlaps it
//                   under poorIou; the prediction is the suggested box;
// - spurious label: no confident prediction of any class near the box (IoU >= nearIou), in a class the model
//                   otherwise finds (its recall on the other labels of that class, weighed against the prior
//                   share of mistakes: the labels any model misses are not all mistakes).
//
// Scores are 0..1 and comparable across kinds because every confidence is calibrated per class on the same
// predictions: calibrated(conf, c) is the share of the labels of class c that the model finds (a same-class
// prediction at IoU >= matchIou) whose finding confidence is at most conf. A missing label at the confidence
// the model typically gives real objects of its class scores about 0.5; one above all of them about 1. Each
// kind multiplies such calibrated confidences; a spurious label weighs the class's recall against a prior
// share of mistakes instead (see Suspect::score). Ties rank by raw confidence.

#include "common/error.h"
#include "common/progress.h"
#include "eval/metrics.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ys {

// Stable codes: the UI words them (a switch), the CLI and JSON print toString's name.
enum class SuspectKind : uint8_t {
    MissingLabel,   // "missing_label"
    WrongClass,     // "wrong_class"
    PoorBox,        // "poor_box"
    SpuriousLabel,  // "spurious_label"
};
constexpr int kSuspectKindCount = 4;
const char* toString(SuspectKind kind);
// The kind named by toString's name; false when `name` names none.
bool suspectKindFromString(const std::string& name, SuspectKind& kind);

// A box as x1, y1, x2, y2 normalised to the image (0..1).
struct ReviewBox {
    float x1 = 0, y1 = 0, x2 = 0, y2 = 0;
};
float reviewIou(const ReviewBox& a, const ReviewBox& b);  // 0 when either box has no area

// One label box of an image.
struct ReviewLabel {
    int cls = 0;     // 0..nc-1
    ReviewBox box;
    int line = 0;    // 1-based line in the image's label file
};

// One image's labels and the model's predictions on it (predicted at a low confidence, e.g. 0.001, after NMS).
struct ReviewImage {
    std::string image;      // path of the image (as given; the dataset's absolute path end to end)
    std::string labelFile;  // its label file (may not exist: no labels)
    std::vector<ReviewLabel> labels;
    std::vector<Detection> predictions;  // x1..y2 normalised to the image (0..1), conf 0..1, cls 0..nc-1
};

struct ReviewScoring {
    double conf = 0.25;      // a prediction at least this confident counts as the model finding an object
    double matchIou = 0.5;   // a prediction at this IoU or more is on the box (finds it; wrong class)
    double poorIou = 0.6;    // the most confident same-class prediction under this IoU makes a poor box
    double nearIou = 0.1;    // under this IoU a prediction is not near the box (spurious; poor box's lower end)
    double claimIou = 0.45;  // a prediction this close to any label is no missing label
    double dupIou = 0.7;     // missing-label predictions this close to a higher one (any class) are one object
    int minCalibration = 5;  // classes with fewer found labels are calibrated on all classes together
    double prior = 0.05;     // share of labels expected to be mistakes (weighs spurious labels against the
                             // labels a model of that recall misses anyway)
};

// What the calibration learned of one class (the report and the JSON show it).
struct ClassCalibration {
    int cls = 0;
    int64_t labels = 0;        // label boxes of the class
    int64_t found = 0;         // of them found: a same-class prediction at IoU >= matchIou and conf >= conf
    double recall = 0;         // found / labels (0 without labels)
    double medianConf = 0;     // median finding confidence (the best same-class IoU >= matchIou prediction)
    double medianIou = 0;      // median IoU of those findings (0 when none)
    bool pooled = false;       // fewer than minCalibration findings: calibrated on every class's together
};

struct Suspect {
    SuspectKind kind = SuspectKind::MissingLabel;
    // 0..1, higher = more likely a mistake, comparable across kinds (cal = calibrated confidence, above):
    // missing label: cal(prediction); wrong class: cal(other class) x (1 - cal(own class's best there));
    // poor box: cal(prediction) x (1 - cal(best same-class prediction at IoU >= poorIou)) x
    //           min(1, 2 (1 - IoU / the class's median finding IoU));
    // spurious label: prior / (prior + 1 - the class's recall on its other labels) x
//           (1 - nearest / conf), nearest = the most confident prediction of any class at IoU >= nearIou;
//           a class found always (recall 1) and nothing predicted near gives 1, a class missed one time in
//           ten 0.33 at most (prior 0.05).
    double score = 0;
    int image = 0;            // index into ReviewResult::images / the input images
    int line = 0;             // 1-based label line; 0 for a missing label
    int cls = 0;              // the label's class; for a missing label the predicted class
    int predictedCls = -1;    // the prediction's class (missing, wrong class, poor box); -1 when none
    ReviewBox box;            // the label's box; for a missing label the prediction's
    bool hasSuggestion = false;
    ReviewBox suggested;      // the prediction's box (missing label, wrong class, poor box)
    double conf = 0;          // the deciding prediction's raw confidence (spurious: the nearest's, 0 if none)
    double iou = 0;           // the deciding prediction's IoU with the label (0 for missing, spurious: best)
    // The reason in plain English, one line ("predicted 'circle' at 0.91 where the label says 'square'").
    // Front ends that translate build their own from kind, cls, predictedCls, conf and iou.
    std::string reason;
};

// Scores the labels of `images` against their predictions and returns the suspects, most likely first (score,
// then raw confidence, then image, then line). `names` maps class ids to names for the reasons (ids without a
// name print as numbers). `calibration`, when given, receives one entry per class 0..nc-1 (nc: names' size,
// or beyond it the highest class seen). Pure function; O(labels x predictions) per image.
std::vector<Suspect> scoreSuspects(const std::vector<ReviewImage>& images, const std::vector<std::string>& names,
                                   const ReviewScoring& scoring = {},
                                   std::vector<ClassCalibration>* calibration = nullptr);

// A suspect's identity across reviews of the same dataset, whatever the weights (the studio remembers "Not a
// mistake" by it): "<image>|<kind>|<line>" for a label's suspect; for a missing label "<image>|missing_label|
// <class>@<cx>,<cy>" with the predicted box's centre in 1/20ths of the image, so the same object predicted a few
// pixels apart keeps its key (unless the centre crosses a cell's edge). <image> is the image's path relative to
// `root` (the dataset's root; as given when empty or not under it), with '/' separators.
std::string suspectKey(const std::string& image, const Suspect& suspect, const std::string& root = {});

enum class ReviewSplit : uint8_t { Val, Train, All };
const char* toString(ReviewSplit split);  // "val", "train", "all"

struct ReviewOptions {
    std::string data;            // data.yaml (or its folder); "demo": the built-in demo dataset (seed 1),
                                 // written to demoDir first
    std::string demoDir;         // where data=demo is written; empty: <temp>/yolostudio-review-demo
    ReviewSplit split = ReviewSplit::Val;  // All: train, val and test (an image listed twice counts once)
    std::string weights;         // .pt (YOLO Studio's or Ultralytics') or .onnx
    int imgsz = 0;               // longest side, pixels; 0 = the size the weights were trained at
    double predictConf = 0.001;  // predictions kept (low, so weak predictions calibrate and exonerate)
    double nmsIou = 0.7;
    int maxDet = 300;
    std::string device = "cpu";
    int threads = 0;             // intra-op threads; 0 = every core
    int chunk = 32;              // images decoded and predicted per call (memory: ~chunk decoded images)
    ReviewScoring scoring;
};

struct ReviewResult {
    std::string dataYaml;                   // absolute data.yaml reviewed
    std::string root;                       // the dataset's root (suspectKey's `root`)
    std::string weights;
    ReviewSplit split = ReviewSplit::Val;
    ReviewScoring scoring;                  // the thresholds the suspects were scored with
    std::vector<std::string> names;         // class names, index = class id
    std::vector<ReviewImage> images;        // every image reviewed, with its labels and predictions
    std::vector<Suspect> suspects;          // most likely first; Suspect::image indexes `images`
    std::vector<ClassCalibration> calibration;
    std::vector<std::string> failed;        // "path: reason" of images that could not be read (left out)
    int64_t labels = 0;                     // label boxes reviewed
    int64_t predictions = 0;                // predictions kept
    double seconds = 0;                     // wall time of the whole review
    double predictSeconds = 0;              // of it, decoding and predicting
};

// Reviews a dataset split with a model end to end: opens the dataset, predicts every image of the split with
// predictImages (core/train/trainer.h) at predictConf, then scoreSuspects. Predictions of classes the dataset
// does not name (weights of another dataset) are left out. Runs on the calling thread; reports
// ProgressStage::Scan (scanDataset) and then ReportPredict ("predict": done/total images); `cancel` is read
// between chunks and returns Error "review.cancelled". Errors: the dataset's (data.*, yaml.*), the weights'
// (weights.*, checkpoint.*, onnx.*), "data.review_no_images" when the split has no images.
Expected<ReviewResult> reviewLabels(const ReviewOptions& options, const ProgressFn& progress = {},
                                    const CancelToken& cancel = {});

// The share of the reviewed labels the model finds (ClassCalibration::found over labels, every class); -1 without
// labels. Under kWeakReviewShare the suspects are mostly the model's own mistakes, and the CLI and the studio
// say so next to them.
double reviewFoundShare(const ReviewResult& result);
inline constexpr double kWeakReviewShare = 0.5;

// The result as JSON (UTF-8): data, root, weights, split, scoring, names, counts (per kind, and per class and
// kind), calibration, every suspect with its key (suspectKey), image, label file, line, kind, score, classes (ids
// and names), boxes, conf, IoU and reason, and every image reviewed with its labels and the predictions at or
// above scoring.conf (the ones a front end draws; the weaker ones only calibrate, and are left out to keep the
// file small).
std::string reviewResultToJson(const ReviewResult& result);

// The review kept with a run: RUN/review.json, beside RUN/weights/ (the CLI writes it by default, the Runs page
// reads and writes it, the report shows it).
inline constexpr const char* kReviewFileName = "review.json";
// RUN/review.json for weights at RUN/weights/<file>; empty when the weights lie in no run's weights folder.
std::string reviewPathForWeights(const std::string& weights);

// Reads reviewResultToJson's output back. The suspects come back as written (not rescored); each image's
// predictions are the ones the JSON holds (conf >= scoring.conf). `source` names the file in errors.
// Errors: "review.json" (not JSON, or a field of the wrong type; the message names the field).
Expected<ReviewResult> reviewResultFromJson(const std::string& json, const std::string& source = {});
// reviewResultFromJson of a file; "io.read" when it cannot be read.
Expected<ReviewResult> loadReview(const std::string& path);
// Writes reviewResultToJson(result) to `path` atomically (temp file + rename), creating its folder.
std::optional<Error> saveReview(const ReviewResult& result, const std::string& path);

// "Export fixes": writes corrected copies of the label files that the chosen suspects (indices into
// result.suspects) concern under `outDir`, at their paths relative to result.root (as in the dataset), and
// nothing else. Each suspect is applied as the model suggests: missing label -> a row appended (predicted class,
// suggested box); wrong class -> the line's class becomes the predicted one (its coordinates kept); poor box ->
// the line becomes the suggested box (its class kept; a polygon row becomes a box); spurious label -> the line
// is removed. Lines are the label file's as reviewed. `outDir` must not lie inside the dataset's root: the
// dataset is never written. Returns the number of files written; errors "review.fix_out" (outDir inside the
// dataset, or a label file outside the root), "review.fix_index", "io.*" when a file cannot be read or written.
Expected<int> writeFixedLabels(const ReviewResult& result, const std::vector<int>& suspects, const std::string& outDir);

// The ranked table the CLI prints: a header, then one row per suspect of the first `top` (all when top <= 0):
// rank, image (file name), label line, kind, score, reason.
std::vector<std::string> suspectTable(const ReviewResult& result, int top);

}  // namespace ys
