#pragma once
// Builds small YOLO datasets on disk for tests: a clean baseline that the checker passes without errors
// or warnings, and broken variants with exactly one kind of defect each (one per finding code of
// docs/CHECKS.md). Writes only under the folder it is given.

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace ys::test {

struct BoxSpec {
    int cls = 0;
    double cx = 0.5, cy = 0.5, w = 0.1, h = 0.1;  // normalised
};

// Writes a colourful image whose look depends on `seed` (distinct seeds give images that no perceptual
// hash confuses). Format from the extension; `quality` applies to JPEG.
bool writeDistinctImage(const QString& path, int width, int height, unsigned seed, int quality = 92);

// Lines of a YOLO label file for `boxes` ("cls cx cy w h", 6 decimals).
std::string labelText(const std::vector<BoxSpec>& boxes);

class DatasetBuilder {
public:
    // Images are 128x96 JPEGs unless given otherwise. `root` must exist and be writable.
    explicit DatasetBuilder(QString root);

    QString root() const { return root_; }
    QString yamlPath() const { return root_ + "/data.yaml"; }
    QString imagePath(const QString& split, const QString& name, const QString& ext = "jpg") const;
    QString labelPath(const QString& split, const QString& name) const;

    // Adds images/<split>/<name>.<ext> and labels/<split>/<name>.txt (omitted when `writeLabel` is false).
    QString addImage(const QString& split, const QString& name, const std::vector<BoxSpec>& boxes,
                     bool writeLabel = true, const QString& ext = "jpg", int width = 128, int height = 96);

    // Writes data.yaml: `path: .`, train/val folders, names as a list. `extra` is appended verbatim.
    bool writeYaml(const QStringList& names = {"a", "b"}, const std::string& extra = {}) const;

    // The clean baseline: 20 train + 5 val images, each with one class-0 and one class-1 box of about 0.1
    // (sizes vary by a few percent), two classes "a" and "b". Checks without errors or warnings.
    void makeClean();

private:
    QString root_;
    unsigned nextSeed_ = 100;
};

// One broken dataset per finding code.
struct BrokenCase {
    QString yaml;          // data.yaml of the built dataset
    QString file;          // absolute path the finding must name
    int line = 0;          // line the finding must name (0 = whole file)
    QStringList alsoAllowed;  // other codes this defect unavoidably triggers too
    bool skip = false;     // the defect cannot be made here (e.g. unreadable files when running as root)
    QString skipReason;
};

// Codes with a broken case, in docs/CHECKS.md order.
QStringList brokenCaseCodes();
// Builds the broken case for `code` under `dir` (an empty folder).
BrokenCase makeBrokenCase(const QString& code, const QString& dir);

}  // namespace ys::test
