#pragma once
// The one-pass label checker: every hard and statistical check of PRODUCT.md, each finding with a
// severity, a stable code, the file, the line and a plain message. It never writes into the dataset.

#include "common/severity.h"
#include "data/dataset.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ys {

// Categories used to filter images by problem in the browser (ImageRecord::problems bit set).
enum ProblemFlag : uint32_t {
    ProblemImage = 1u << 0,       // unreadable/truncated/tiny/unsupported/lying extension
    ProblemLabelFormat = 1u << 1, // columns, non-numeric, NaN, class range, coordinates, size
    ProblemDuplicate = 1u << 2,   // duplicate rows, near-duplicate boxes, duplicate images, listed twice
    ProblemLeakage = 1u << 3,     // same image in train and val
    ProblemSmallBox = 1u << 4,    // too small to learn at imgsz
    ProblemOutlier = 1u << 5,     // box far from its class's size/aspect distribution
    ProblemCrowded = 1u << 6,     // unusually many boxes
    ProblemBackground = 1u << 7,  // no label file or empty label (info)
    ProblemMixed = 1u << 8,       // polygon rows mixed with box rows
};

struct Finding {
    Severity severity = Severity::Error;
    std::string code;       // stable, e.g. "image.truncated" (full list in docs and check.cpp)
    std::string file;       // absolute path of the file concerned (image, label, list or data.yaml)
    int line = 0;           // 1-based line in `file`, 0 when it concerns the whole file
    std::string message;    // plain English, says what is wrong and where: findingMessage(messageKey, args)
    std::string messageKey; // its message in findingMessages() (below), e.g. "image.too_small";
                            // empty for a finding read from a check.json that did not record it
    std::vector<std::string> args;  // the values the message names (numbers, file names), in the catalogue's order
    int image = -1;         // index into Dataset::images, -1 when not about one image
    int box = -1;           // index into ImageRecord::boxes, -1 when not about one box
    int relatedImage = -1;  // the other image of a duplicate/leakage pair, -1 otherwise
    uint32_t category = 0;  // one ProblemFlag
};

struct CheckOptions {
    int imgsz = 640;              // training image size; boxes under minBoxPixels after letterbox are flagged
    double minBoxPixels = 3.0;    // smallest box side (px at imgsz) that stride-8 features can learn
    int threads = 0;              // worker threads; 0 = all cores (two threads per core to overlap file reads)
    bool hashImages = true;       // perceptual hashes for duplicate and leakage checks (decodes at 1/8 scale)
    int fewBoxesThreshold = 10;   // a class with fewer boxes than this (but > 0) is flagged
    double imbalanceRatio = 20.0; // most/least common used class above this is flagged
    int crowdedMinBoxes = 50;     // an image is "crowded" only above this many boxes ...
    double crowdedSigma = 4.0;    // ... and above mean + sigma * stddev of boxes per image
    double nearDuplicateIoU = 0.9;
    int phashMaxDistance = 4;     // Hamming distance (of 64 bits) at or below which two images are duplicates
};

struct ClassStats {
    int64_t boxes = 0;
    int64_t images = 0;
};

struct CheckSummary {
    int64_t images[kSplitCount] = {0, 0, 0};
    int64_t labelFiles = 0;        // label files that exist
    int64_t boxes = 0;
    int64_t backgrounds = 0;       // images with no or empty label file
    int64_t corruptImages = 0;     // images that could not be decoded or are truncated
    int64_t orphanLabels = 0;
    int64_t errors = 0, warnings = 0, infos = 0;
    std::vector<ClassStats> perClass;   // index = class id
    std::map<std::string, int64_t> byCode;
    double seconds = 0;            // wall time of the check
    bool cancelled = false;
};

struct CheckResult {
    std::vector<Finding> findings;  // sorted by severity, then file, then line
    CheckSummary summary;
};

// One row of the catalogue of finding codes (the same list as docs/CHECKS.md).
struct CheckCode {
    const char* code;      // stable, e.g. "image.truncated"
    Severity severity;
    uint32_t category;     // one ProblemFlag, 0 for dataset-wide findings (class statistics)
    const char* meaning;   // one English sentence
};
// Every code checkDataset can emit, in documentation order.
const std::vector<CheckCode>& checkCodes();

// The message catalogue: every message a finding (or a label issue) can carry, by key, as an English template.
// A finding keeps its key and the values put into it (Finding::messageKey, args), so that a front end words
// the same finding in its own language (ui/common/findingtext.cpp) while core's English comes from this table.
// One message of the catalogue.
struct FindingMessage {
    const char* key;      // the finding's code ("image.too_small"), or the code and a variant ("image.not_image.empty")
    const char* english;  // template: {1}, {2}, ... stand for args[0], args[1], ...; {*} for all args as
                          // name/value pairs (label.out_of_range)
};

// Every message, in docs/CHECKS.md's order of codes.
const std::vector<FindingMessage>& findingMessages();

// The English message of `key` with `args` put in ("{*}": the args as name/value pairs, written
// "name = value, name = value"). The key itself when it is not in the catalogue.
std::string findingMessage(const std::string& key, const std::vector<std::string>& args);

// The names a "{*}" list of label.out_of_range uses for its values: "cx", "cy", "w", "h", "left edge",
// "right edge", "top edge", "bottom edge".
const std::vector<std::string>& coordinateNames();

// Whether a finding with this code keeps its image out of training and validation: the error-severity
// codes of the image category (unreadable, not an image, unsupported, corrupt, truncated, under 10 px).
// Image warnings (image.extension_mismatch, image.corrupt_data) decode fine and do not; neither do label
// problems (the loader skips invalid boxes).
bool excludesImage(const std::string& code);

// The images of `split` that training and validation use, in dataset order: those whose header was read
// (width and height > 0) and that no finding of `check` (checkDataset's result for `dataset`) excludes
// (excludesImage). The one rule for the trainer, the checkpoint validator and the memory fit.
std::vector<ImageRecord> trainableImages(const Dataset& dataset, const CheckResult& check, Split split);

// An image that training and validation leave out, and the rule that leaves it out.
struct ExcludedImage {
    std::string image;          // absolute path
    Split split = Split::Train;
    std::string code;           // the image's finding that excludesImage() names, e.g. "image.truncated";
                                // "image.unreadable" for an image whose header gave no size and that has no
                                // such finding (a check cancelled before it)
};

// Every image of every split that trainableImages() leaves out, in dataset order.
std::vector<ExcludedImage> excludedImages(const Dataset& dataset, const CheckResult& check);

// One English line for logs and the CLI: "3 images left out of training and validation by the label check:
// 2 image.truncated, 1 image.corrupt (train 2, val 1; the files are listed in check.json)"; empty when none.
std::string excludedImagesText(const std::vector<ExcludedImage>& excluded);

// Whether `box` of `image` is too small to learn at `imgsz`: after letterboxing the image's long side to
// imgsz, its shorter side is under `minBoxPixels` (the "box.too_small" rule). False for an image without a
// size or an invalid box.
bool boxTooSmall(const ImageRecord& image, const LabelBox& box, int imgsz,
                 double minBoxPixels = CheckOptions{}.minBoxPixels);
// The valid boxes of every image of `dataset` that are too small to learn at `imgsz` (boxTooSmall): what a
// check at that imgsz reports as "box.too_small", without reading a file again.
int64_t tooSmallBoxes(const Dataset& dataset, int imgsz, double minBoxPixels = CheckOptions{}.minBoxPixels);

// Runs every check on a scanned dataset. Updates `dataset.images[i].problems`. Uses all cores, reports
// progress (ProgressStage::Check, Hash), stops early when cancelled (summary.cancelled = true). Never throws for bad
// input; reads files only.
CheckResult checkDataset(Dataset& dataset, const CheckOptions& options = {}, const ProgressFn& progress = {},
                         const CancelToken& cancel = {});

// The result as JSON (check.json): {"dataset": {yaml, root, names}, "options": {...}, "summary": {...},
// "findings": [{severity, code, file, line, message, message_key, args, image, box, related}],
// "excluded": {"train": [{file, code}], "val": [...], "test": [...]}} (excludedImages). Strings are
// JSON-escaped; invalid UTF-8 is replaced.
std::string checkResultToJson(const Dataset& dataset, const CheckResult& result, const CheckOptions& options);

// check.json read back (checkResultFromJson).
struct CheckFile {
    std::string yamlPath, root;            // the dataset as it was checked
    std::vector<std::string> names;
    CheckOptions options;                  // imgsz, minBoxPixels, hashImages, phashMaxDistance, nearDuplicateIoU
    CheckResult result;                    // summary and findings in the file's order; Finding::image and box
                                           // index the dataset of that time, relatedImage is -1, category from
                                           // the catalogue
    std::vector<ExcludedImage> excluded;   // per split in file order
};

// Reads what checkResultToJson wrote. Lenient like every run-file reader: a missing key keeps its default,
// an entry of the wrong type is skipped. Error ("check.invalid", naming `source`) only when the text is not
// a JSON object.
Expected<CheckFile> checkResultFromJson(const std::string& text, const std::string& source);

// The findings as CSV (RFC 4180: a header row "severity,code,file,line,message", fields with a comma, quote
// or line break quoted, quotes doubled), one row per finding in result order.
std::string checkResultToCsv(const CheckResult& result);

// Human-readable summary (the CLI's stdout).
std::string checkResultToText(const Dataset& dataset, const CheckResult& result, size_t maxFindings = 50);

}  // namespace ys
