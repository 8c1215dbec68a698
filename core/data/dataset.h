#pragma once
// Ultralytics-style datasets: data.yaml loading, image/label enumeration and label parsing.
// Plain C++ (no torch, no Qt). All paths are UTF-8 std::string, absolute and lexically normalised after
// loading. Nothing here ever writes into the dataset.

#include "common/error.h"
#include "common/progress.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys {

enum class Split : uint8_t { Train = 0, Val = 1, Test = 2 };
constexpr int kSplitCount = 3;
const char* toString(Split split);  // "train", "val", "test"

// data.yaml after resolution: names and the absolute sources of each split.
struct DatasetSpec {
    std::string yamlPath;                  // absolute path of data.yaml
    std::string root;                      // resolved `path:` root (the YAML's folder when absent)
    std::vector<std::string> names;        // class names, index = class id (from `names`, or class_0.. from `nc`)
    std::vector<std::string> sources[kSplitCount];  // absolute folders and/or .txt list files per split
    bool hasSplit(Split s) const { return !sources[static_cast<int>(s)].empty(); }
    int nc() const { return static_cast<int>(names.size()); }
};

// Loads and resolves a data.yaml (every form in PRODUCT.md). Errors carry the file and line: YAML syntax,
// missing train/val, names/nc mismatch, sources that do not exist.
Expected<DatasetSpec> loadDataYaml(const std::string& yamlPath);

// The data.yaml a user means by `path` (a drop, a command-line argument): the file itself when it is a
// .yaml/.yml file; for a folder, its data.yaml, else its only .yaml/.yml file. Absolute and normalised; empty
// when there is none (another kind of file, a folder with no or several YAML files, nothing at `path`).
std::string findDataYaml(const std::string& path);

// One box of a label file, normalised to 0..1 (cx, cy, w, h). Polygon rows are converted to their
// bounding box and flagged. Rows whose coordinates fall outside 0..1 (beyond the 1% tolerance) or whose
// width/height is not positive are kept (so the browser can draw them) with `valid` = false; training
// must skip boxes that are not valid.
struct LabelBox {
    int cls = 0;
    float cx = 0, cy = 0, w = 0, h = 0;
    int line = 0;          // 1-based line in the label file
    bool polygon = false;  // row was a polygon (class x1 y1 x2 y2 ...)
    bool valid = true;     // false: coordinates out of range or zero/negative size (an issue says which)
};

// A problem found while parsing a label file, before any dataset-wide analysis.
struct LabelIssue {
    std::string code;               // stable code, e.g. "label.columns", "label.nonnumeric" (see check.h for the list)
    int line = 0;                   // 1-based
    std::string message;            // plain English: findingMessage(messageKey, args)
    std::string messageKey{};         // its message in findingMessages(), e.g. "label.class_range"
    std::vector<std::string> args{};  // the values the message names, in the catalogue's order
};

struct ParsedLabels {
    std::vector<LabelBox> boxes;     // rows that parsed into a box with a class in 0..nc-1
    std::vector<LabelIssue> issues;  // rows that did not, and row-level warnings
    int rows = 0;                    // non-empty rows seen
};

// Parses the text of a YOLO label file. Handles CRLF and a UTF-8 BOM silently; never throws.
// nc < 0 skips the class range check.
ParsedLabels parseLabels(const std::string& text, int nc);

// Label path for an image: the last "/images/" component becomes "/labels/" and the extension ".txt";
// without "/images/" the label sits next to the image.
std::string labelPathFor(const std::string& imagePath);

// True when the extension is one of PRODUCT.md's image extensions (case-insensitive).
bool isImageExtension(const std::string& path);

// Container format found from the file's magic bytes (not its extension).
enum class ImageFormat : uint8_t { Unknown = 0, Jpeg, Png, Bmp, Tiff, Webp, Pfm, Gif, Other };
const char* toString(ImageFormat f);  // "unknown", "jpeg", "png", ...

// One image of the dataset.
struct ImageRecord {
    std::string image;               // absolute path
    std::string label;               // absolute label path (may not exist)
    Split split = Split::Train;
    int width = 0, height = 0;       // from the image header, after EXIF orientation (as imread returns
                                     // the image); 0 when unreadable
    bool labelExists = false;
    std::vector<LabelBox> boxes;     // parsed boxes with a class in 0..nc-1 (see LabelBox::valid)
    uint32_t problems = 0;           // bit set of finding categories (see check.h ProblemFlag), 0 = clean
    // Added for the checker (scan fills them):
    ImageFormat format = ImageFormat::Unknown;  // from the header's magic bytes
    std::string headerError;         // non-empty when the file could not be read or its header parsed
    int64_t fileSize = -1;           // bytes, -1 when the file could not be opened
    int labelRows = 0;               // non-empty rows in the label file (0 = background)
    std::vector<LabelIssue> labelIssues;  // row problems from parseLabels (codes listed in docs/CHECKS.md)
    int sourceLine = 0;              // 1-based line in the .txt list that named this image, 0 for folder scans
    std::string sourceFile;          // the .txt list that named this image, empty for folder scans
};

// A problem of a split's sources that the scan found: an entry of a .txt list, or the list itself.
struct SourceProblem {
    std::string code;               // the finding's code, e.g. "data.missing_image"
    std::string file;               // the list file (the image for a folder source), with `line` in it
    int line = 0;                   // 1-based, 0 when not about one line
    std::string messageKey;         // its message in findingMessages()
    std::vector<std::string> args;  // the values the message names
};

struct Dataset {
    DatasetSpec spec;
    std::vector<ImageRecord> images;  // train first, then val, then test; order within a split is sorted
    // Image paths that sources listed but that do not exist (from .txt lists), and lists that cannot be read.
    std::vector<SourceProblem> missingImages;
    // Same image listed twice within a split (second occurrence), with list file and line where known.
    std::vector<SourceProblem> duplicateEntries;
    // Entries of .txt lists whose extension is not an image format (skipped), with list file and line.
    std::vector<SourceProblem> skippedEntries;

    int count(Split s) const;
};

// Enumerates every image of every split (folders recursively, .txt lists), reads each image's header
// for its size and parses its labels. Uses all cores; reports progress ("scan"); returns what it has
// when cancelled (check `cancel.cancelled()`). Errors only when the dataset cannot be enumerated at all.
Expected<Dataset> scanDataset(const DatasetSpec& spec, const ProgressFn& progress = {},
                              const CancelToken& cancel = {});

// Convenience: loadDataYaml + scanDataset.
Expected<Dataset> openDataset(const std::string& yamlPath, const ProgressFn& progress = {},
                              const CancelToken& cancel = {});

}  // namespace ys
