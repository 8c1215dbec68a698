#include "data/check.h"

#include "data/imageio.h"
#include "data/parallel.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace fs = std::filesystem;

namespace ys {

namespace {

// Shorter side (px) below which an image is useless for training (PRODUCT.md: "image under 10 px").
constexpr int kMinImageSide = 10;
// Smallest side of the reduced decode used for hashing: the pHash works on a 32x32 thumbnail.
constexpr int kHashMinSide = 32;
// Images above this many pixels are not decoded for hashing (a bogus or gigantic header must not make the
// checker allocate gigabytes); their truncation is still tested structurally.
constexpr int64_t kMaxDecodePixels = int64_t(1) << 28;
// Per-thread read buffers above this are released after use.
constexpr size_t kKeepBufferBytes = size_t(64) << 20;
// Tail bytes read for the structural truncation test when images are not decoded.
constexpr int64_t kTailBytes = 4096;
// Box outliers (outlierChecks; the rule is stated in docs/CHECKS.md): a box whose log area or log aspect
// lies more than outlierLimit(n) robust spreads from its class's median.
// Fewer boxes than this in a class: its size/aspect distribution is not estimated.
constexpr int kOutlierMinBoxes = 30;
// The limit in spreads for a large class; outlierLimit(n) widens it for small ones.
constexpr double kOutlierZ = 6.0;
// Relative standard error of a MAD-based spread is about 1.17/sqrt(n) for normal data: the limit is widened
// by two of them, so a class of 30 boxes needs |z| > 8.5, one of 1,000 boxes |z| > 6.4.
constexpr double kOutlierSmallSampleWidening = 2.3;
// Spread floors (natural-log units): a class of near-identical boxes does not flag small deviations (with
// the limit at 6, a box needs over 4.5x the median area or 2.5x its aspect ratio).
constexpr double kMinSpreadLogArea = 0.25, kMinSpreadLogAspect = 0.15;
// Outliers are rare: when more than this share of a class lies beyond the limit, the class has several
// typical sizes or shapes (one class, two kinds of object or two camera distances), and the spread of its
// middle 80% is used instead of the MAD's.
constexpr double kOutlierMaxShare = 0.05;
// Width of the 10th to 90th percentile of a normal distribution in standard deviations (2 x 1.2816).
constexpr double kDecileSpreadSigmas = 2.5631;
// Mean absolute RGB difference (0..255) of the 8x8 thumbnails above which a pHash match is rejected.
// Re-encoded (quality 50+) and resized copies stay under about 4.
constexpr double kMaxThumbnailDistance = 10.0;
// Candidates compared per image in the near-duplicate search (bounds the worst case of many images
// sharing hash chunks, e.g. thousands of blank frames).
constexpr int kMaxHashCandidates = 4096;

const std::vector<CheckCode> kCodes = {
    {"image.unreadable", Severity::Error, ProblemImage, "The image file cannot be opened or read (permissions, I/O error)."},
    {"image.not_image", Severity::Error, ProblemImage, "The file's bytes are not an image (empty, text, or an unknown format)."},
    {"image.unsupported", Severity::Error, ProblemImage, "The file is an image format YOLO does not read (e.g. GIF), or a list entry without an image extension."},
    {"image.corrupt", Severity::Error, ProblemImage, "The header is broken or the image data cannot be decoded."},
    {"image.truncated", Severity::Error, ProblemImage, "The file ends before the image does (interrupted copy or download)."},
    {"image.corrupt_data", Severity::Warning, ProblemImage, "The image decodes, but the decoder reports corrupt data."},
    {"image.too_small", Severity::Error, ProblemImage, "The image is under 10 px wide or high."},
    {"image.extension_mismatch", Severity::Warning, ProblemImage, "The extension says one format but the bytes are another (e.g. a PNG named .jpg)."},
    {"label.missing", Severity::Info, ProblemBackground, "No label file: the image is a background (no objects)."},
    {"label.empty", Severity::Info, ProblemBackground, "The label file is empty: the image is a background (no objects)."},
    {"label.columns", Severity::Error, ProblemLabelFormat, "A row has the wrong number of values (5 for a box, 7, 9, ... for a polygon)."},
    {"label.nonnumeric", Severity::Error, ProblemLabelFormat, "A value is not a number."},
    {"label.nonfinite", Severity::Error, ProblemLabelFormat, "A value is NaN or infinite."},
    {"label.class_negative", Severity::Error, ProblemLabelFormat, "The class id is negative."},
    {"label.class_noninteger", Severity::Error, ProblemLabelFormat, "The class id is not a whole number."},
    {"label.class_range", Severity::Error, ProblemLabelFormat, "The class id is not below the number of classes in data.yaml."},
    {"label.out_of_range", Severity::Error, ProblemLabelFormat, "Coordinates lie outside 0..1 by more than the 1% tolerance (the values are reported)."},
    {"label.size_nonpositive", Severity::Error, ProblemLabelFormat, "The box width or height is zero or negative."},
    {"label.duplicate_row", Severity::Warning, ProblemDuplicate, "A row repeats an earlier row of the same file exactly."},
    {"label.mixed", Severity::Warning, ProblemMixed, "The file mixes polygon rows with box rows."},
    {"label.more_issues", Severity::Info, ProblemLabelFormat, "More than 100 problems in one label file; the rest are counted, not listed."},
    {"label.orphan", Severity::Warning, ProblemLabelFormat, "A label file in a labels folder has no image."},
    {"box.near_duplicate", Severity::Warning, ProblemDuplicate, "Two boxes of the same class overlap with IoU above 0.9 (a double annotation)."},
    {"box.too_small", Severity::Warning, ProblemSmallBox, "After letterboxing to imgsz the box is under minBoxPixels (default 3 px) on a side: too small to learn at stride 8."},
    {"box.outlier", Severity::Info, ProblemOutlier, "The box's area or aspect ratio is far from its class's: log area or log aspect more than 6 robust spreads from the class median, a limit that widens for small classes (8.5 at 30 boxes); classes under 30 boxes are not judged."},
    {"image.crowded", Severity::Warning, ProblemCrowded, "The image has unusually many boxes (more than 50 and 4 standard deviations above the mean); it drives the assigner's memory."},
    {"image.duplicate", Severity::Warning, ProblemDuplicate, "The image is a byte-identical copy of another image of the same split."},
    {"image.duplicate_similar", Severity::Warning, ProblemDuplicate, "The image is a near-identical copy (re-encoded, resized) of another image of the same split (perceptual hash)."},
    {"image.leakage", Severity::Error, ProblemLeakage, "The same image (same file or identical bytes) is in two splits, e.g. train and val: validation scores it after training on it."},
    {"image.leakage_similar", Severity::Warning, ProblemLeakage, "A near-identical copy (re-encoded, resized) of the image is in another split (perceptual hash)."},
    {"data.empty_split", Severity::Error, 0, "A split of data.yaml (train, val or test) contains no images at all."},
    {"data.missing_image", Severity::Error, ProblemImage, "A .txt list names an image that does not exist."},
    {"data.list_unreadable", Severity::Error, ProblemImage, "A .txt image list named in data.yaml cannot be read."},
    {"data.listed_twice", Severity::Warning, ProblemDuplicate, "The same image is listed more than once in one split (the copies are ignored)."},
    {"class.unused", Severity::Warning, 0, "A class of data.yaml has no boxes in the training split."},
    {"class.few_boxes", Severity::Warning, 0, "A class has fewer than 10 boxes in the training split."},
    {"class.imbalance", Severity::Warning, 0, "The most common class has over 20x the boxes of the least common used class."},
};

const CheckCode& codeInfo(const std::string& code)
{
    static const std::unordered_map<std::string, const CheckCode*> byName = [] {
        std::unordered_map<std::string, const CheckCode*> m;
        for (const auto& c : kCodes)
            m[c.code] = &c;
        return m;
    }();
    static const CheckCode unknown{"unknown", Severity::Warning, 0, ""};
    auto it = byName.find(code);
    return it == byName.end() ? unknown : *it->second;
}

}  // namespace

const std::vector<FindingMessage>& findingMessages()
{
    static const std::vector<FindingMessage> messages = {
        {"image.unreadable", "cannot read the image: {1}"},
        {"image.not_image", "the file is not an image: {1}"},
        {"image.not_image.empty", "the image file is empty (0 bytes)"},
        {"image.unsupported", "the file is a {1} image, which YOLO training does not read; convert it to JPEG or PNG"},
        {"image.unsupported.list", "'{1}' does not have an image extension (bmp, dng, jpeg, jpg, mpo, png, tif, tiff, "
                                   "webp, pfm) and is skipped"},
        {"image.corrupt", "the image cannot be decoded: {1}"},
        {"image.corrupt.header", "broken image header: {1}"},
        {"image.truncated", "the file is truncated ({1}); restore it from the original, the studio never rewrites it"},
        {"image.corrupt_data", "the image decodes, but the decoder reports: {1}"},
        {"image.too_small", "image is {1}x{2} px; at least 10 px on each side are needed"},
        {"image.extension_mismatch", "the extension does not match the content, which is {1}; rename the file"},
        {"label.missing", "no label file: the image is used as a background"},
        {"label.empty", "empty label file: the image is used as a background"},
        {"label.columns", "row has {1} values; expected 5 (class cx cy w h) or a polygon (class x1 y1 x2 y2 x3 y3 ...)"},
        {"label.nonnumeric", "value {1} ('{2}') is not a number"},
        {"label.nonfinite", "row contains NaN or infinity"},
        {"label.class_negative", "class id {1} is negative"},
        {"label.class_noninteger", "class id {1} is not a whole number"},
        {"label.class_range", "class id {1} is out of range: data.yaml has {2} classes (ids 0..{3})"},
        {"label.out_of_range", "coordinates outside the image: {*} (normalised coordinates must lie in 0..1, 1% tolerance)"},
        {"label.out_of_range.polygon", "polygon point {1} = ({2}, {3}) lies outside the image (normalised coordinates "
                                       "must lie in 0..1, 1% tolerance)"},
        {"label.size_nonpositive", "box has width {1} and height {2}; both must be above 0"},
        {"label.size_nonpositive.polygon", "polygon encloses no area (its bounding box is empty)"},
        {"label.duplicate_row", "row repeats line {1} exactly (the copy is ignored)"},
        {"label.mixed", "file mixes {1} box rows with {2} polygon rows; use one format per dataset (polygons are "
                        "reduced to boxes)"},
        {"label.more_issues", "{1} more problems in this file are not listed"},
        {"label.orphan", "label file has no image (expected an image named {1}.* in {2}); delete it or restore the image"},
        {"box.near_duplicate", "box overlaps the box of line {1} of the same class with IoU {2}; delete one of them"},
        {"box.too_small", "box is {1}x{2} px at imgsz {3} (under {4} px: too small to learn); raise imgsz or drop the box"},
        {"box.outlier.larger", "unusual box for class '{1}': its area is {2}x larger than the class median ({5} boxes "
                               "of the class); check the class id and the box"},
        {"box.outlier.smaller", "unusual box for class '{1}': its area is {2}x smaller than the class median ({5} boxes "
                                "of the class); check the class id and the box"},
        {"box.outlier.aspect", "unusual box for class '{1}': its aspect ratio (w/h {3}) is far from the class median "
                               "({4}) ({5} boxes of the class); check the class id and the box"},
        {"box.outlier.larger_aspect", "unusual box for class '{1}': its area is {2}x larger than the class median, and "
                                      "its aspect ratio (w/h {3}) is far from the class median ({4}) ({5} boxes of the "
                                      "class); check the class id and the box"},
        {"box.outlier.smaller_aspect", "unusual box for class '{1}': its area is {2}x smaller than the class median, "
                                       "and its aspect ratio (w/h {3}) is far from the class median ({4}) ({5} boxes of "
                                       "the class); check the class id and the box"},
        {"image.crowded", "image has {1} boxes (dataset mean {2}); such images set the assigner's peak memory"},
        {"image.duplicate", "image is a byte-identical copy of {1} ({2}); keep one of them"},
        {"image.duplicate_similar", "image looks like a re-encoded or resized copy of {1} (perceptual hash distance {2} "
                                    "of 64); keep one of them"},
        {"image.leakage", "image is a byte-identical copy of {1}: the same image is in {2} and {3}; remove one copy so "
                          "validation measures unseen images"},
        {"image.leakage.same_file", "the same file is in {1} and {2}; remove it from one split"},
        {"image.leakage_similar", "image looks like a re-encoded or resized copy of {1} (perceptual hash distance {2} "
                                  "of 64), so it is in {3} and {4}; remove one copy so validation measures unseen images"},
        {"data.empty_split", "{1} has no images: no file with an image extension was found in {2}; check the path in "
                             "data.yaml"},
        {"data.missing_image", "listed image does not exist: {1}; fix the list or restore the file"},
        {"data.list_unreadable", "cannot read this image list"},
        {"data.listed_twice", "image {1} is listed more than once in {2} (the copy is ignored)"},
        {"class.unused", "class {1} '{2}' has no boxes in train; the model cannot learn it"},
        {"class.unused.elsewhere", "class {1} '{2}' has no boxes in train (only in val/test); the model cannot learn it"},
        {"class.few_boxes", "class {1} '{2}' has only {3} boxes in train (fewer than {4}); label more examples"},
        {"class.few_boxes.one", "class {1} '{2}' has only {3} box in train (fewer than {4}); label more examples"},
        {"class.imbalance", "classes are imbalanced: '{1}' has {2} boxes in train, '{3}' {4} (ratio {5}, above {6})"},
    };
    return messages;
}

const std::vector<std::string>& coordinateNames()
{
    static const std::vector<std::string> names = {"cx",        "cy",         "w",        "h",
                                                   "left edge", "right edge", "top edge", "bottom edge"};
    return names;
}

std::string findingMessage(const std::string& key, const std::vector<std::string>& args)
{
    static const std::unordered_map<std::string, const char*> byKey = [] {
        std::unordered_map<std::string, const char*> m;
        for (const FindingMessage& x : findingMessages())
            m[x.key] = x.english;
        return m;
    }();
    const auto it = byKey.find(key);
    if (it == byKey.end())
        return key;
    std::string out;
    for (const char* p = it->second; *p; ++p) {
        if (p[0] == '{' && p[1] == '*' && p[2] == '}') {
            for (size_t k = 0; k + 1 < args.size(); k += 2)
                out += (k > 0 ? ", " : "") + args[k] + " = " + args[k + 1];
            p += 2;
        } else if (p[0] == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}') {
            const size_t k = static_cast<size_t>(p[1] - '1');
            out += k < args.size() ? args[k] : std::string();
            p += 2;
        } else {
            out += *p;
        }
    }
    return out;
}

bool excludesImage(const std::string& code)
{
    const CheckCode& info = codeInfo(code);
    return info.severity == Severity::Error && info.category == ProblemImage;
}

bool boxTooSmall(const ImageRecord& image, const LabelBox& box, int imgsz, double minBoxPixels)
{
    if (image.width <= 0 || image.height <= 0 || imgsz <= 0 || !box.valid)
        return false;
    const double scale = double(imgsz) / std::max(image.width, image.height);  // letterbox scale
    return std::min(box.w * image.width * scale, box.h * image.height * scale) < minBoxPixels;
}

int64_t tooSmallBoxes(const Dataset& dataset, int imgsz, double minBoxPixels)
{
    int64_t n = 0;
    for (const ImageRecord& r : dataset.images)
        for (const LabelBox& b : r.boxes)
            n += boxTooSmall(r, b, imgsz, minBoxPixels) ? 1 : 0;
    return n;
}

namespace {

// Per image: the code of the finding that keeps it out of training and validation, empty when it is used.
std::vector<std::string> exclusionCodes(const Dataset& dataset, const CheckResult& check)
{
    std::vector<std::string> codes(dataset.images.size());
    for (const Finding& f : check.findings)
        if (f.image >= 0 && static_cast<size_t>(f.image) < codes.size() && codes[static_cast<size_t>(f.image)].empty() &&
            excludesImage(f.code))
            codes[static_cast<size_t>(f.image)] = f.code;
    for (size_t i = 0; i < codes.size(); ++i)
        if (codes[i].empty() && (dataset.images[i].width <= 0 || dataset.images[i].height <= 0))
            codes[i] = "image.unreadable";  // no size read and no finding: the check did not reach it
    return codes;
}

}  // namespace

std::vector<ImageRecord> trainableImages(const Dataset& dataset, const CheckResult& check, Split split)
{
    const std::vector<std::string> excluded = exclusionCodes(dataset, check);
    std::vector<ImageRecord> out;
    for (size_t i = 0; i < dataset.images.size(); ++i)
        if (dataset.images[i].split == split && excluded[i].empty())
            out.push_back(dataset.images[i]);
    return out;
}

std::vector<ExcludedImage> excludedImages(const Dataset& dataset, const CheckResult& check)
{
    const std::vector<std::string> codes = exclusionCodes(dataset, check);
    std::vector<ExcludedImage> out;
    for (size_t i = 0; i < codes.size(); ++i)
        if (!codes[i].empty())
            out.push_back({dataset.images[i].image, dataset.images[i].split, codes[i]});
    return out;
}

std::string excludedImagesText(const std::vector<ExcludedImage>& excluded)
{
    if (excluded.empty())
        return {};
    std::map<std::string, int64_t> byCode;
    int64_t bySplit[kSplitCount] = {0, 0, 0};
    for (const ExcludedImage& e : excluded) {
        ++byCode[e.code];
        ++bySplit[static_cast<int>(e.split)];
    }
    std::string codes, splits;
    for (const CheckCode& c : kCodes)
        if (const auto it = byCode.find(c.code); it != byCode.end())
            codes += (codes.empty() ? "" : ", ") + std::to_string(it->second) + " " + c.code;
    for (int s = 0; s < kSplitCount; ++s)
        if (bySplit[s] > 0)
            splits += (splits.empty() ? "" : ", ") + std::string(toString(static_cast<Split>(s))) + " " +
                      std::to_string(bySplit[s]);
    return std::to_string(excluded.size()) + (excluded.size() == 1 ? " image" : " images") +
           " left out of training and validation by the label check: " + codes + " (" + splits +
           "; the files are listed in check.json)";
}

namespace {

// A finding of `code` whose message is the catalogue's `key` with `args` (findingMessage).
Finding makeFinding(const std::string& code, std::string file, int line, const std::string& key,
                    std::vector<std::string> args, int image = -1, int box = -1, int related = -1)
{
    const CheckCode& info = codeInfo(code);
    Finding f;
    f.severity = info.severity;
    f.code = code;
    f.file = std::move(file);
    f.line = line;
    f.message = findingMessage(key, args);
    f.messageKey = key;
    f.args = std::move(args);
    f.image = image;
    f.box = box;
    f.relatedImage = related;
    f.category = info.category;
    return f;
}

std::string fmt(const char* format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

int boxIndexForLine(const ImageRecord& r, int line)
{
    for (size_t b = 0; b < r.boxes.size(); ++b)
        if (r.boxes[b].line == line)
            return static_cast<int>(b);
    return -1;
}

double iou(const LabelBox& a, const LabelBox& b)
{
    const double ix = std::min(a.cx + a.w / 2, b.cx + b.w / 2) - std::max(a.cx - a.w / 2, b.cx - b.w / 2);
    const double iy = std::min(a.cy + a.h / 2, b.cy + b.h / 2) - std::max(a.cy - a.h / 2, b.cy - b.h / 2);
    if (ix <= 0 || iy <= 0)
        return 0;
    const double inter = ix * iy;
    return inter / (double(a.w) * a.h + double(b.w) * b.h - inter);
}

struct ImageHashes {
    bool valid = false;
    uint64_t phash = 0;
    uint64_t bytes = 0;
    detail::ColorThumb thumb{};
};

// The image's header as the scan read it: unreadable, not an image, unsupported, corrupt, under 10 px, or a
// lying extension. True when the image can be decoded further.
bool checkHeader(const ImageRecord& r, int i, std::vector<Finding>& out)
{
    if (r.fileSize < 0) {
        out.push_back(makeFinding("image.unreadable", r.image, 0, "image.unreadable", {r.headerError}, i));
        return false;
    }
    if (r.format == ImageFormat::Unknown) {
        out.push_back(r.fileSize == 0 ? makeFinding("image.not_image", r.image, 0, "image.not_image.empty", {}, i)
                                      : makeFinding("image.not_image", r.image, 0, "image.not_image", {r.headerError}, i));
        return false;
    }
    if (r.format == ImageFormat::Gif || r.format == ImageFormat::Other) {
        out.push_back(makeFinding("image.unsupported", r.image, 0, "image.unsupported", {toString(r.format)}, i));
        return false;
    }
    if (!r.headerError.empty()) {
        out.push_back(makeFinding("image.corrupt", r.image, 0, "image.corrupt.header", {r.headerError}, i));
        return false;
    }
    if (!detail::extensionMatches(r.image, r.format))
        out.push_back(makeFinding("image.extension_mismatch", r.image, 0, "image.extension_mismatch",
                                  {toString(r.format)}, i));
    if (r.width < kMinImageSide || r.height < kMinImageSide) {
        out.push_back(makeFinding("image.too_small", r.image, 0, "image.too_small",
                                  {std::to_string(r.width), std::to_string(r.height)}, i));
        return false;
    }
    return true;
}

// The image's data: decoded at reduced scale (corrupt, truncated, decoder warnings; the hashes of the
// duplicate checks), or without hashing only its tail tested for a complete file.
void checkDecode(const ImageRecord& r, int i, const CheckOptions& o, std::vector<Finding>& out, ImageHashes& hashes)
{
    thread_local std::vector<uint8_t> buf;
    thread_local detail::ReducedImage reduced;
    std::string err, msg;
    const bool decode = o.hashImages && int64_t(r.width) * r.height <= kMaxDecodePixels;
    if (!decode) {
        if (detail::readFileTail(r.image, kTailBytes, buf, err) &&
            !detail::looksComplete(buf.data(), buf.size(), r.format, msg))
            out.push_back(makeFinding("image.truncated", r.image, 0, "image.truncated", {msg}, i));
        return;
    }
    int64_t size = 0;
    if (!detail::readFileBytes(r.image, -1, buf, size, err)) {
        out.push_back(makeFinding("image.unreadable", r.image, 0, "image.unreadable", {err}, i));
        return;
    }
    const detail::DecodeStatus s = detail::decodeReduced(buf.data(), buf.size(), r.format, kHashMinSide, reduced, msg);
    switch (s) {
    case detail::DecodeStatus::Ok: break;
    case detail::DecodeStatus::Warning:
        out.push_back(makeFinding("image.corrupt_data", r.image, 0, "image.corrupt_data", {msg}, i));
        break;
    case detail::DecodeStatus::Truncated:
        out.push_back(makeFinding("image.truncated", r.image, 0, "image.truncated", {msg}, i));
        break;
    case detail::DecodeStatus::Failed:
        out.push_back(makeFinding("image.corrupt", r.image, 0, "image.corrupt", {msg}, i));
        break;
    }
    if (s != detail::DecodeStatus::Failed && reduced.width > 0) {
        hashes.valid = true;
        hashes.phash = detail::perceptualHash(reduced);
        hashes.thumb = detail::colorThumbnail(reduced);
        hashes.bytes = detail::hashBytes(buf.data(), buf.size());
    }
    if (buf.capacity() > kKeepBufferBytes)
        std::vector<uint8_t>().swap(buf);  // one huge image must not pin its size per thread
}

// The label file: missing or empty (a background), and the row problems the parser found.
void checkLabels(const ImageRecord& r, int i, std::vector<Finding>& out)
{
    if (!r.labelExists)
        out.push_back(makeFinding("label.missing", r.label, 0, "label.missing", {}, i));
    else if (r.labelRows == 0)
        out.push_back(makeFinding("label.empty", r.label, 0, "label.empty", {}, i));
    for (const LabelIssue& issue : r.labelIssues)
        out.push_back(makeFinding(issue.code, r.label, issue.line, issue.messageKey, issue.args, i,
                                  issue.line > 0 ? boxIndexForLine(r, issue.line) : -1));
}

// The boxes: near-duplicates of the same class, and boxes too small to learn at imgsz.
void checkBoxes(const ImageRecord& r, int i, const CheckOptions& o, std::vector<Finding>& out)
{
    const auto& boxes = r.boxes;
    for (size_t a = 0; a < boxes.size(); ++a) {
        for (size_t b = a + 1; b < boxes.size(); ++b) {
            if (boxes[a].cls != boxes[b].cls)
                continue;
            const double v = iou(boxes[a], boxes[b]);
            if (v > o.nearDuplicateIoU)
                out.push_back(makeFinding("box.near_duplicate", r.label, boxes[b].line, "box.near_duplicate",
                                          {std::to_string(boxes[a].line), fmt("%.2f", v)}, i, static_cast<int>(b)));
        }
    }
    if (r.width <= 0 || r.height <= 0 || o.imgsz <= 0)
        return;
    const double scale = double(o.imgsz) / std::max(r.width, r.height);  // letterbox scale
    for (size_t b = 0; b < boxes.size(); ++b) {
        const double wpx = boxes[b].w * r.width * scale, hpx = boxes[b].h * r.height * scale;
        if (boxTooSmall(r, boxes[b], o.imgsz, o.minBoxPixels))
            out.push_back(makeFinding("box.too_small", r.label, boxes[b].line, "box.too_small",
                                      {fmt("%.1f", wpx), fmt("%.1f", hpx), std::to_string(o.imgsz),
                                       fmt("%g", o.minBoxPixels)},
                                      i, static_cast<int>(b)));
    }
}

// The per-image part: image integrity, label rows, boxes. Appends to `out`; fills `hashes`.
void checkImage(const ImageRecord& r, int i, const CheckOptions& o, std::vector<Finding>& out, ImageHashes& hashes)
{
    if (checkHeader(r, i, out))
        checkDecode(r, i, o, out, hashes);
    checkLabels(r, i, out);
    checkBoxes(r, i, o, out);
}

// True when the first non-empty line of `path` parses as a YOLO row (class and at least 4 numbers).
bool looksLikeLabels(const std::string& path)
{
    std::string text;
    if (!detail::readTextFile(path, text))
        return false;
    const ParsedLabels p = parseLabels(text.substr(0, 4096), -1);
    if (p.boxes.empty())
        return false;
    const int first = p.boxes.front().line;
    return std::none_of(p.issues.begin(), p.issues.end(),
                        [&](const LabelIssue& i) { return i.line > 0 && i.line < first; });
}

// Labels in the labels folders that belong to no image ("orphans").
void findOrphans(const Dataset& ds, std::vector<Finding>& out)
{
    std::unordered_set<std::string> known;
    std::set<std::string> flatDirs;       // folders scanned non-recursively
    std::set<std::string> recursiveDirs;  // labels roots of image folders, scanned recursively
    std::unordered_set<std::string> excluded;
    for (const ImageRecord& r : ds.images) {
        known.insert(r.label);
        flatDirs.insert(fs::path(r.label).parent_path().string());
    }
    for (const auto& e : ds.missingImages)
        if (!e.file.empty())
            excluded.insert(e.file);
    for (int s = 0; s < kSplitCount; ++s) {
        for (const std::string& src : ds.spec.sources[s]) {
            excluded.insert(src);
            std::error_code ec;
            if (fs::is_directory(src, ec)) {
                const std::string mapped = labelPathFor(src + "/x.jpg");
                recursiveDirs.insert(fs::path(mapped).parent_path().string());
            }
        }
    }
    std::vector<std::string> candidates;
    auto consider = [&](const fs::directory_entry& e) {
        std::error_code ec;
        if (!e.is_regular_file(ec))
            return;
        const std::string p = e.path().string();
        if (p.size() < 4 || p.compare(p.size() - 4, 4, ".txt") != 0)
            return;
        if (known.count(p) || excluded.count(p) || e.path().filename() == "classes.txt")
            return;
        candidates.push_back(p);
    };
    for (const std::string& d : recursiveDirs) {
        std::error_code ec;
        fs::recursive_directory_iterator it(d, fs::directory_options::skip_permission_denied, ec), end;
        for (; !ec && it != end; it.increment(ec))
            consider(*it);
    }
    for (const std::string& d : flatDirs) {
        if (std::any_of(recursiveDirs.begin(), recursiveDirs.end(), [&](const std::string& r) {
                return d == r || (d.size() > r.size() && d.compare(0, r.size(), r) == 0 && d[r.size()] == '/');
            }))
            continue;
        std::error_code ec;
        fs::directory_iterator it(d, ec), end;
        for (; !ec && it != end; it.increment(ec))
            consider(*it);
    }
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());

    // A candidate is an orphan only if no image with its stem exists where its image would be (it may
    // belong to an image that is in no split, which is not an orphan). Where labels sit next to images
    // (no /labels/ folder), a .txt counts only if it reads like a label file, so notes are not flagged.
    std::unordered_map<std::string, std::unordered_set<std::string>> stemsByDir;
    for (const std::string& p : candidates) {
        std::string imageSide = p;
        if (const auto at = imageSide.rfind("/labels/"); at != std::string::npos)
            imageSide.replace(at, 8, "/images/");
        const fs::path ip(imageSide);
        const std::string dir = ip.parent_path().string();
        auto [it, fresh] = stemsByDir.try_emplace(dir);
        if (fresh) {
            std::error_code ec;
            fs::directory_iterator di(dir, ec), end;
            for (; !ec && di != end; di.increment(ec))
                if (isImageExtension(di->path().string()))
                    it->second.insert(di->path().stem().string());
        }
        if (it->second.count(ip.stem().string()))
            continue;
        if (p.rfind("/labels/") == std::string::npos && !looksLikeLabels(p))
            continue;
        out.push_back(makeFinding("label.orphan", p, 0, "label.orphan", {ip.stem().string(), dir}));
    }
}

void classChecks(const Dataset& ds, const CheckOptions& o, std::vector<Finding>& out, CheckSummary& sum)
{
    const int nc = ds.spec.nc();
    sum.perClass.assign(static_cast<size_t>(std::max(nc, 0)), {});
    std::vector<int64_t> trainBoxes(static_cast<size_t>(std::max(nc, 0)), 0), otherBoxes(trainBoxes);
    for (const ImageRecord& r : ds.images) {
        std::vector<uint8_t> seen(static_cast<size_t>(std::max(nc, 0)), 0);
        for (const LabelBox& b : r.boxes) {
            if (b.cls < 0 || b.cls >= nc)
                continue;
            sum.perClass[static_cast<size_t>(b.cls)].boxes++;
            if (!seen[static_cast<size_t>(b.cls)]++)
                sum.perClass[static_cast<size_t>(b.cls)].images++;
            (r.split == Split::Train ? trainBoxes : otherBoxes)[static_cast<size_t>(b.cls)]++;
        }
    }
    if (ds.count(Split::Train) == 0)
        return;
    const std::string& yaml = ds.spec.yamlPath;
    int64_t most = 0, least = INT64_MAX;
    int mostCls = -1, leastCls = -1;
    for (int c = 0; c < nc; ++c) {
        const int64_t n = trainBoxes[static_cast<size_t>(c)];
        const std::string id = std::to_string(c), name = ds.spec.names[static_cast<size_t>(c)];
        if (n == 0) {
            out.push_back(makeFinding("class.unused", yaml, 0,
                                      otherBoxes[static_cast<size_t>(c)] > 0 ? "class.unused.elsewhere" : "class.unused",
                                      {id, name}));
            continue;
        }
        if (n < o.fewBoxesThreshold)
            out.push_back(makeFinding("class.few_boxes", yaml, 0, n == 1 ? "class.few_boxes.one" : "class.few_boxes",
                                      {id, name, std::to_string(n), std::to_string(o.fewBoxesThreshold)}));
        if (n > most) {
            most = n;
            mostCls = c;
        }
        if (n < least) {
            least = n;
            leastCls = c;
        }
    }
    if (mostCls >= 0 && leastCls >= 0 && mostCls != leastCls && double(most) / least > o.imbalanceRatio)
        out.push_back(makeFinding("class.imbalance", yaml, 0, "class.imbalance",
                                  {ds.spec.names[static_cast<size_t>(mostCls)], std::to_string(most),
                                   ds.spec.names[static_cast<size_t>(leastCls)], std::to_string(least),
                                   fmt("%.0f", double(most) / least), fmt("%g", o.imbalanceRatio)}));
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    const size_t m = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(m), v.end());
    return v[m];
}

// The limit (in spreads) beyond which a box of a class of `n` boxes is an outlier.
double outlierLimit(size_t n)
{
    return kOutlierZ * (1.0 + kOutlierSmallSampleWidening / std::sqrt(static_cast<double>(std::max<size_t>(n, 1))));
}

// Centre and spread of one quantity (log area or log aspect) of a class.
struct Spread {
    double centre = 0, spread = 1;
};

// The median, and as spread the robust standard deviation 1.4826 x MAD (at least `floor`); when more than
// kOutlierMaxShare of the values lie beyond `limit` spreads, the larger of that and the middle 80%'s width
// in standard deviations.
Spread robustSpread(std::vector<double> v, double floor, double limit)
{
    Spread s;
    std::sort(v.begin(), v.end());
    s.centre = v[v.size() / 2];
    std::vector<double> dev(v.size());
    for (size_t k = 0; k < v.size(); ++k)
        dev[k] = std::abs(v[k] - s.centre);
    s.spread = std::max(1.4826 * median(dev), floor);
    const auto beyond = std::count_if(dev.begin(), dev.end(), [&](double d) { return d > limit * s.spread; });
    if (static_cast<double>(beyond) > kOutlierMaxShare * static_cast<double>(v.size())) {
        auto quantile = [&](double q) {
            const double at = q * static_cast<double>(v.size() - 1);
            const size_t lo = static_cast<size_t>(at);
            const size_t hi = std::min(lo + 1, v.size() - 1);
            return v[lo] + (v[hi] - v[lo]) * (at - static_cast<double>(lo));
        };
        s.spread = std::max(s.spread, (quantile(0.9) - quantile(0.1)) / kDecileSpreadSigmas);
    }
    return s;
}

// Boxes far from their class's size and aspect distribution: log(area) and log(aspect) in letterboxed
// pixels more than outlierLimit(n) robust spreads (robustSpread) from the class's median.
void outlierChecks(const Dataset& ds, const CheckOptions& o, std::vector<Finding>& out)
{
    const int nc = ds.spec.nc();
    struct Sample {
        int image, box;
        double logArea, logAspect;
    };
    std::vector<std::vector<Sample>> byClass(static_cast<size_t>(std::max(nc, 0)));
    for (size_t i = 0; i < ds.images.size(); ++i) {
        const ImageRecord& r = ds.images[i];
        if (r.width <= 0 || r.height <= 0)
            continue;
        const double scale = double(std::max(o.imgsz, 1)) / std::max(r.width, r.height);
        for (size_t b = 0; b < r.boxes.size(); ++b) {
            const LabelBox& x = r.boxes[b];
            if (!x.valid || x.cls < 0 || x.cls >= nc)
                continue;
            const double w = x.w * r.width * scale, h = x.h * r.height * scale;
            if (w <= 0 || h <= 0)
                continue;
            byClass[static_cast<size_t>(x.cls)].push_back(
                {static_cast<int>(i), static_cast<int>(b), std::log(w * h), std::log(w / h)});
        }
    }
    for (int c = 0; c < nc; ++c) {
        const auto& s = byClass[static_cast<size_t>(c)];
        if (static_cast<int>(s.size()) < kOutlierMinBoxes)
            continue;
        std::vector<double> a(s.size()), r(s.size());
        for (size_t k = 0; k < s.size(); ++k) {
            a[k] = s[k].logArea;
            r[k] = s[k].logAspect;
        }
        const double limit = outlierLimit(s.size());
        const Spread area = robustSpread(std::move(a), kMinSpreadLogArea, limit);
        const Spread aspect = robustSpread(std::move(r), kMinSpreadLogAspect, limit);
        for (const Sample& x : s) {
            const double zA = (x.logArea - area.centre) / area.spread, zR = (x.logAspect - aspect.centre) / aspect.spread;
            if (std::abs(zA) <= limit && std::abs(zR) <= limit)
                continue;
            const ImageRecord& rec = ds.images[static_cast<size_t>(x.image)];
            // Which of area and aspect is unusual, and which way the area is.
            const bool byArea = std::abs(zA) > limit, byAspect = std::abs(zR) > limit;
            const std::string key = std::string("box.outlier.") + (byArea ? (zA > 0 ? "larger" : "smaller") : "") +
                                    (byArea && byAspect ? "_" : "") + (byAspect ? "aspect" : "");
            out.push_back(makeFinding("box.outlier", rec.label, rec.boxes[static_cast<size_t>(x.box)].line, key,
                                      {ds.spec.names[static_cast<size_t>(c)],
                                       fmt("%.3g", std::exp(std::abs(x.logArea - area.centre))),
                                       fmt("%.3g", std::exp(x.logAspect)), fmt("%.3g", std::exp(aspect.centre)),
                                       std::to_string(s.size())},
                                      x.image, x.box));
        }
    }
}

void crowdedChecks(const Dataset& ds, const CheckOptions& o, std::vector<Finding>& out)
{
    if (ds.images.empty())
        return;
    double sum = 0, sq = 0;
    for (const ImageRecord& r : ds.images) {
        sum += static_cast<double>(r.boxes.size());
        sq += static_cast<double>(r.boxes.size()) * static_cast<double>(r.boxes.size());
    }
    const double n = static_cast<double>(ds.images.size());
    const double mean = sum / n, sd = std::sqrt(std::max(0.0, sq / n - mean * mean));
    const double limit = std::max<double>(o.crowdedMinBoxes, mean + o.crowdedSigma * sd);
    for (size_t i = 0; i < ds.images.size(); ++i) {
        const ImageRecord& r = ds.images[i];
        if (static_cast<double>(r.boxes.size()) > limit)
            out.push_back(makeFinding("image.crowded", r.label, 0, "image.crowded",
                                      {std::to_string(r.boxes.size()), fmt("%.1f", mean)}, static_cast<int>(i)));
    }
}

// Duplicate and leaked images: multi-index hashing over the 64-bit pHash. With d = maxDistance, the hash is
// cut into d+1 chunks; two hashes within Hamming distance d agree exactly on at least one chunk
// (pigeonhole), so only images sharing a chunk are compared.
class PhashIndex {
public:
    PhashIndex(int maxDistance, size_t images)
        : distance_(std::clamp(maxDistance, 0, 31)), chunks_(distance_ + 1), shift_(chunks_), bits_(chunks_),
          stamp_(images, -1)
    {
        for (int c = 0, at = 0; c < chunks_; ++c) {
            bits_[c] = 64 / chunks_ + (c < 64 % chunks_ ? 1 : 0);
            shift_[c] = at;
            at += bits_[c];
        }
        index_.reserve(images * static_cast<size_t>(chunks_));
    }
    int maxDistance() const { return distance_; }

    // Calls f(i) once for each image i added before that shares a chunk with `phash`, at most
    // kMaxHashCandidates of them; `j` is the asking image.
    template <typename F>
    void forEachCandidate(uint64_t phash, int j, F&& f)
    {
        int compared = 0;
        for (int c = 0; c < chunks_ && compared < kMaxHashCandidates; ++c) {
            auto it = index_.find(key(phash, c));
            if (it == index_.end())
                continue;
            for (int i : it->second) {
                if (stamp_[static_cast<size_t>(i)] == j)
                    continue;
                stamp_[static_cast<size_t>(i)] = j;
                if (++compared > kMaxHashCandidates)
                    break;
                f(i);
            }
        }
    }
    void add(uint64_t phash, int j)
    {
        for (int c = 0; c < chunks_; ++c)
            index_[key(phash, c)].push_back(j);
    }

private:
    uint64_t key(uint64_t h, int c) const
    {
        const uint64_t mask = bits_[c] >= 64 ? ~uint64_t(0) : ((uint64_t(1) << bits_[c]) - 1);
        return ((h >> shift_[c]) & mask) | (uint64_t(c) << 58);
    }

    int distance_, chunks_;
    std::vector<int> shift_, bits_;
    std::unordered_map<uint64_t, std::vector<int>> index_;
    std::vector<int> stamp_;
};

// The earlier image an image copies, in its own split or in another.
struct CopyOf {
    int image = -1;
    int distance = 0;        // pHash Hamming distance
    bool identical = false;  // same bytes (or the same file)
    bool samePath = false;   // the same file listed in two splits
};

// Records `i` as what `j` copies unless a better match (identical bytes) is already there.
void keepMatch(CopyOf& m, int i, int distance, bool identical)
{
    if (m.image < 0 || (identical && !m.identical))
        m = {i, distance, identical, false};
}

void reportCopies(const Dataset& ds, int j, const CopyOf& same, const CopyOf& other, std::vector<Finding>& out)
{
    const ImageRecord& rj = ds.images[static_cast<size_t>(j)];
    if (same.image >= 0) {
        const ImageRecord& ri = ds.images[static_cast<size_t>(same.image)];
        const char* code = same.identical ? "image.duplicate" : "image.duplicate_similar";
        out.push_back(makeFinding(code, rj.image, 0, code,
                                  {ri.image, same.identical ? std::string(toString(rj.split)) : std::to_string(same.distance)},
                                  j, -1, same.image));
    }
    if (other.image >= 0) {
        const ImageRecord& ri = ds.images[static_cast<size_t>(other.image)];
        const std::string a = toString(ri.split), b = toString(rj.split);
        const char* code = other.identical ? "image.leakage" : "image.leakage_similar";
        out.push_back(other.samePath    ? makeFinding(code, rj.image, 0, "image.leakage.same_file", {a, b}, j, -1, other.image)
                      : other.identical ? makeFinding(code, rj.image, 0, code, {ri.image, a, b}, j, -1, other.image)
                                        : makeFinding(code, rj.image, 0, code,
                                                      {ri.image, std::to_string(other.distance), a, b}, j, -1,
                                                      other.image));
    }
}

// Each image is compared with earlier images only and reports at most one duplicate in its split and one
// leak into another split. The same file listed in two splits is found without hashes too.
void duplicateChecks(const Dataset& ds, const CheckOptions& o, const std::vector<ImageHashes>& hashes,
                     std::vector<Finding>& out, const ProgressFn& progress, const CancelToken& cancel)
{
    PhashIndex index(o.phashMaxDistance, hashes.size());
    detail::ProgressThrottle throttle(progress, ProgressStage::Hash, static_cast<int64_t>(hashes.size()));
    std::unordered_map<std::string, int> firstByPath;
    for (size_t jj = 0; jj < ds.images.size(); ++jj) {
        if (cancel.cancelled())
            return;
        const int j = static_cast<int>(jj);
        const ImageRecord& rj = ds.images[jj];
        CopyOf same, other;
        if (auto [it, fresh] = firstByPath.try_emplace(rj.image, j);
            !fresh && ds.images[static_cast<size_t>(it->second)].split != rj.split)
            other = {it->second, 0, true, true};
        const ImageHashes& hj = hashes[jj];
        if (hj.valid) {
            index.forEachCandidate(hj.phash, j, [&](int i) {
                const ImageHashes& hi = hashes[static_cast<size_t>(i)];
                const int dist = std::popcount(hi.phash ^ hj.phash);
                if (dist > index.maxDistance() || detail::thumbnailDistance(hi.thumb, hj.thumb) > kMaxThumbnailDistance)
                    return;
                const bool identical = hi.bytes == hj.bytes;
                keepMatch(ds.images[static_cast<size_t>(i)].split == rj.split ? same : other, i, dist, identical);
            });
            index.add(hj.phash, j);
        }
        reportCopies(ds, j, same, other, out);
        if ((jj & 255) == 0)
            throttle.report(static_cast<int64_t>(jj));
    }
    throttle.finish(static_cast<int64_t>(ds.images.size()));
}

// Per image, in parallel: integrity, decode + hashes, label rows, boxes, in image order. False when cancelled
// before every image was checked.
bool imageChecks(const Dataset& ds, const CheckOptions& o, std::vector<Finding>& out, std::vector<ImageHashes>& hashes,
                 const ProgressFn& progress, const CancelToken& cancel)
{
    const size_t n = ds.images.size();
    std::vector<std::vector<Finding>> perImage(n);
    hashes.assign(n, {});
    detail::ProgressThrottle throttle(progress, ProgressStage::Check, static_cast<int64_t>(n));
    const int64_t done = detail::parallelFor(static_cast<int64_t>(n), o.threads, cancel, &throttle, [&](int64_t i, int) {
        const auto k = static_cast<size_t>(i);
        checkImage(ds.images[k], static_cast<int>(i), o, perImage[k], hashes[k]);
    });
    for (auto& v : perImage)
        for (auto& f : v)
            out.push_back(std::move(f));
    return done == static_cast<int64_t>(n);
}

// What the scan found about the sources: splits without images (only when every image was checked), listed
// images that do not exist, images listed twice, list entries that are no images.
void sourceChecks(const Dataset& ds, bool complete, std::vector<Finding>& out)
{
    for (int sp = 0; complete && sp < kSplitCount; ++sp) {
        if (!ds.spec.hasSplit(static_cast<Split>(sp)) || ds.count(static_cast<Split>(sp)) > 0)
            continue;
        std::string where;
        for (const std::string& src : ds.spec.sources[sp])
            where += (where.empty() ? "" : ", ") + src;
        out.push_back(makeFinding("data.empty_split", ds.spec.yamlPath, 0, "data.empty_split",
                                  {toString(static_cast<Split>(sp)), where}));
    }
    for (const auto* problems : {&ds.missingImages, &ds.duplicateEntries, &ds.skippedEntries})
        for (const SourceProblem& e : *problems)
            out.push_back(makeFinding(e.code, e.file, e.line, e.messageKey, e.args));
}

// The problem flags of the images and the summary's counts, from the findings and the records.
void summarize(Dataset& ds, const std::vector<Finding>& out, CheckSummary& sum)
{
    const int n = static_cast<int>(ds.images.size());
    for (const Finding& f : out) {
        if (f.image >= 0 && f.image < n)
            ds.images[static_cast<size_t>(f.image)].problems |= f.category;
        if (f.relatedImage >= 0 && f.relatedImage < n && f.category == ProblemLeakage)
            ds.images[static_cast<size_t>(f.relatedImage)].problems |= f.category;
        (f.severity == Severity::Error ? sum.errors : f.severity == Severity::Warning ? sum.warnings : sum.infos)++;
        sum.byCode[f.code]++;
        if (f.code == "label.orphan")
            sum.orphanLabels++;
        if (f.image >= 0 && (f.code == "image.unreadable" || f.code == "image.not_image" || f.code == "image.corrupt" ||
                             f.code == "image.truncated" || f.code == "image.unsupported"))
            sum.corruptImages++;
    }
    if (sum.perClass.empty())
        sum.perClass.assign(static_cast<size_t>(std::max(ds.spec.nc(), 0)), {});
    for (const ImageRecord& r : ds.images) {
        sum.images[static_cast<int>(r.split)]++;
        sum.labelFiles += r.labelExists ? 1 : 0;
        sum.boxes += static_cast<int64_t>(r.boxes.size());
        sum.backgrounds += (!r.labelExists || r.labelRows == 0) ? 1 : 0;
    }
}

}  // namespace

const std::vector<CheckCode>& checkCodes() { return kCodes; }

CheckResult checkDataset(Dataset& ds, const CheckOptions& o, const ProgressFn& progress, const CancelToken& cancel)
{
    const auto t0 = std::chrono::steady_clock::now();
    CheckResult result;
    CheckSummary& sum = result.summary;
    std::vector<Finding>& out = result.findings;
    for (ImageRecord& r : ds.images)
        r.problems = 0;

    std::vector<ImageHashes> hashes;
    sum.cancelled = !imageChecks(ds, o, out, hashes, progress, cancel);
    sourceChecks(ds, !sum.cancelled, out);
    // Dataset-wide checks (sequential; each is linear or near-linear in images and boxes).
    if (!sum.cancelled) {
        findOrphans(ds, out);
        classChecks(ds, o, out, sum);
        outlierChecks(ds, o, out);
        crowdedChecks(ds, o, out);
        duplicateChecks(ds, o, hashes, out, progress, cancel);
        sum.cancelled = cancel.cancelled();
    }
    summarize(ds, out, sum);
    std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
        if (a.severity != b.severity)
            return a.severity < b.severity;
        if (a.file != b.file)
            return a.file < b.file;
        return a.line < b.line;
    });
    sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

}  // namespace ys
