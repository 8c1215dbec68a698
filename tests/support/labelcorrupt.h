#pragma once
// Injects label mistakes into a copy of a YOLO dataset, with a seed, for the label review's measurements
// (issue 28): a share of the boxes removed, a share given another class, a share shifted by a fraction of their
// size. Copies the folder that holds data.yaml to a new folder and edits only the copy's label files; writes
// a manifest (JSON) of what it injected. Never writes into the source dataset.

#include <cstdint>
#include <string>
#include <vector>

namespace ys::test {

enum class InjectedKind { Removed, Swapped, Shifted };
const char* toString(InjectedKind kind);  // "removed", "swapped", "shifted"

struct Injection {
    InjectedKind kind = InjectedKind::Removed;
    std::string image;      // absolute path of the image in the copy
    std::string labelFile;  // absolute path of its label file in the copy
    // 1-based line: in the copy's label file (swapped, shifted); in the source's for a removed box (the copy
    // no longer has it; rows after it moved up).
    int line = 0;
    std::string original;   // the row as the source has it
    std::string row;        // the row as the copy has it (empty when removed)
    int cls = 0;            // the original class
    int newCls = -1;        // swapped: the class written instead
    double cx = 0, cy = 0, w = 0, h = 0;  // the original box, normalised (a polygon's bounding box)
};

struct CorruptOptions {
    uint32_t seed = 1;          // same seed and source = the same injections, byte for byte
    double removeShare = 0.05;  // of every box of the dataset (all splits), 0..1; the three are disjoint
    double swapShare = 0.05;
    double shiftShare = 0.05;
    double shift = 0.30;        // shift along x and along y, as a fraction of the box's width and height
                                // (random signs; the sign that stays inside the image where only one does)
    int nc = 0;                 // classes to swap among; 0 = the highest class id in the labels + 1
};

struct CorruptResult {
    std::string error;               // empty on success: then the fields below are set
    std::string dataYaml;            // the copy's data.yaml
    std::string manifest;            // the manifest: <out>/corruption.json
    int64_t boxes = 0;               // label rows of the source (all splits)
    std::vector<Injection> injections;  // in the order removed, swapped, shifted; each by label file, line
    bool ok() const { return error.empty(); }
};

// Copies the folder of `dataYaml` to `outDir` (which must not exist or be empty, and not lie inside the
// source) and injects round(share x boxes) mistakes of each kind into the label files of the copy (every .txt
// under a "labels" folder). A `path:` in data.yaml that names the source folder is rewritten to the copy; one
// that names another folder is an error.
CorruptResult corruptDataset(const std::string& dataYaml, const std::string& outDir, const CorruptOptions& options = {});

// Reads a manifest written by corruptDataset; `error` (if given) receives why it could not.
std::vector<Injection> readCorruptionManifest(const std::string& path, std::string* error = nullptr);

}  // namespace ys::test
