#include "datasetbuilder.h"

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <unistd.h>

#include <cstdio>

namespace ys::test {
namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Offset of the first SOFn segment's marker in a JPEG, or -1.
int findSof(const QByteArray& j)
{
    int pos = 2;
    while (pos + 4 < j.size()) {
        if (static_cast<uint8_t>(j[pos]) != 0xFF)
            return -1;
        const uint8_t m = static_cast<uint8_t>(j[pos + 1]);
        const int len = (static_cast<uint8_t>(j[pos + 2]) << 8) | static_cast<uint8_t>(j[pos + 3]);
        if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC)
            return pos;
        pos += 2 + len;
    }
    return -1;
}

// A 1x1 GIF89a (a format YOLO does not read).
const char kGif[] = "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,"
                    "\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00;";

std::vector<BoxSpec> gridBoxes(int cls, int cols, int rows, double size)
{
    std::vector<BoxSpec> out;
    for (int y = 0; y < rows; ++y)
        for (int x = 0; x < cols; ++x)
            out.push_back({cls, (x + 0.5) / cols, (y + 0.5) / rows, size, size});
    return out;
}

void appendText(const QString& path, const std::string& text)
{
    QFile f(path);
    if (f.open(QIODevice::Append))
        f.write(text.data(), static_cast<qint64>(text.size()));
}

bool resizedCopy(const QString& from, const QString& to, double scale, int quality)
{
    cv::Mat img = cv::imread(from.toStdString());
    if (img.empty())
        return false;
    cv::resize(img, img, cv::Size(), scale, scale, cv::INTER_AREA);
    std::vector<uchar> buf;
    cv::imencode(".jpg", img, buf, {cv::IMWRITE_JPEG_QUALITY, quality});
    return writeAll(to, QByteArray(reinterpret_cast<const char*>(buf.data()), static_cast<int>(buf.size())));
}

}  // namespace

bool writeDistinctImage(const QString& path, int width, int height, unsigned seed, int quality)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    cv::RNG rng(seed * 7919u + 17u);
    // A 4x3 grid of random colours, smoothly interpolated, plus a disc and mild noise.
    cv::Mat grid(3, 4, CV_8UC3);
    rng.fill(grid, cv::RNG::UNIFORM, cv::Scalar::all(0), cv::Scalar::all(256));
    cv::Mat img;
    cv::resize(grid, img, cv::Size(width, height), 0, 0, cv::INTER_LINEAR);
    cv::circle(img, cv::Point(rng.uniform(0, width), rng.uniform(0, height)), std::max(2, std::min(width, height) / 5),
               cv::Scalar(rng.uniform(0, 256), rng.uniform(0, 256), rng.uniform(0, 256)), cv::FILLED);
    cv::Mat noise(img.size(), CV_8UC3);
    rng.fill(noise, cv::RNG::UNIFORM, cv::Scalar::all(0), cv::Scalar::all(12));
    img += noise;
    std::vector<uchar> buf;
    const std::string ext = "." + QFileInfo(path).suffix().toLower().toStdString();
    std::vector<int> params;
    if (ext == ".jpg" || ext == ".jpeg")
        params = {cv::IMWRITE_JPEG_QUALITY, quality};
    if (!cv::imencode(ext, img, buf, params))
        return false;
    return writeAll(path, QByteArray(reinterpret_cast<const char*>(buf.data()), static_cast<int>(buf.size())));
}

std::string labelText(const std::vector<BoxSpec>& boxes)
{
    std::string s;
    char line[128];
    for (const BoxSpec& b : boxes) {
        std::snprintf(line, sizeof line, "%d %.6f %.6f %.6f %.6f\n", b.cls, b.cx, b.cy, b.w, b.h);
        s += line;
    }
    return s;
}

DatasetBuilder::DatasetBuilder(QString root) : root_(QDir(root).absolutePath()) {}

QString DatasetBuilder::imagePath(const QString& split, const QString& name, const QString& ext) const
{
    return root_ + "/images/" + split + "/" + name + "." + ext;
}

QString DatasetBuilder::labelPath(const QString& split, const QString& name) const
{
    return root_ + "/labels/" + split + "/" + name + ".txt";
}

QString DatasetBuilder::addImage(const QString& split, const QString& name, const std::vector<BoxSpec>& boxes,
                                 bool writeLabel, const QString& ext, int width, int height)
{
    const QString img = imagePath(split, name, ext);
    writeDistinctImage(img, width, height, nextSeed_++);
    if (writeLabel)
        writeText(labelPath(split, name), labelText(boxes));
    return img;
}

bool DatasetBuilder::writeYaml(const QStringList& names, const std::string& extra) const
{
    std::string y = "path: .\ntrain: images/train\nval: images/val\nnames:\n";
    for (const QString& n : names)
        y += "  - " + n.toStdString() + "\n";
    return writeText(yamlPath(), y + extra);
}

void DatasetBuilder::makeClean()
{
    auto jitter = [](int i) { return 0.1 * (1.0 + 0.02 * ((i % 5) - 2)); };
    for (int i = 0; i < 20; ++i)
        addImage("train", QString("t%1").arg(i, 2, 10, QChar('0')),
                 {{0, 0.25, 0.3, jitter(i), jitter(i)}, {1, 0.7, 0.6, jitter(i + 2), jitter(i + 2)}});
    for (int i = 0; i < 5; ++i)
        addImage("val", QString("v%1").arg(i, 2, 10, QChar('0')),
                 {{0, 0.3, 0.3, jitter(i + 1), jitter(i + 1)}, {1, 0.6, 0.7, jitter(i + 3), jitter(i + 3)}});
    writeYaml();
}

QStringList brokenCaseCodes()
{
    return {"image.unreadable", "image.not_image", "image.unsupported", "image.corrupt", "image.truncated",
            "image.corrupt_data", "image.too_small", "image.extension_mismatch", "label.missing", "label.empty",
            "label.columns", "label.nonnumeric", "label.nonfinite", "label.class_negative",
            "label.class_noninteger", "label.class_range", "label.out_of_range", "label.size_nonpositive",
            "label.duplicate_row", "label.mixed", "label.more_issues", "label.orphan", "box.near_duplicate",
            "box.too_small", "box.outlier", "image.crowded", "image.duplicate", "image.duplicate_similar",
            "image.leakage", "image.leakage_similar", "data.empty_split", "data.missing_image", "data.list_unreadable",
            "data.listed_twice", "class.unused", "class.few_boxes", "class.imbalance"};
}

BrokenCase makeBrokenCase(const QString& code, const QString& dir)
{
    DatasetBuilder b(dir);
    b.makeClean();
    BrokenCase c;
    c.yaml = b.yamlPath();
    const QString t08img = b.imagePath("train", "t08");
    const QString t08lbl = b.labelPath("train", "t08");
    // Appends one bad row (line 3) to t08's label file.
    auto badRow = [&](const std::string& row) {
        appendText(t08lbl, row + "\n");
        c.file = t08lbl;
        c.line = 3;
    };
    auto listYaml = [&](const std::vector<QString>& extraLines) {
        std::string list;
        for (int i = 0; i < 20; ++i)
            list += QString("./images/train/t%1.jpg\n").arg(i, 2, 10, QChar('0')).toStdString();
        for (const QString& l : extraLines)
            list += l.toStdString() + "\n";
        writeText(dir + "/train.txt", list);
        writeText(b.yamlPath(), "train: train.txt\nval: images/val\nnames: [a, b]\n");
        c.file = dir + "/train.txt";
        c.line = 20 + static_cast<int>(extraLines.size());
    };

    if (code == "image.unreadable") {
        // A directory where the list names an image: it exists but cannot be read as a file.
        QDir().mkpath(dir + "/images/odd/folder.jpg");
        writeText(dir + "/extra.txt", "./images/odd/folder.jpg\n");
        writeText(b.yamlPath(), "train: [images/train, extra.txt]\nval: images/val\nnames: [a, b]\n");
        c.file = dir + "/images/odd/folder.jpg";
        c.alsoAllowed = {"label.missing"};
    } else if (code == "image.not_image") {
        c.file = b.imagePath("train", "text");
        writeText(c.file, "this is not an image\n");
        writeText(b.labelPath("train", "text"), labelText({{0, 0.5, 0.5, 0.1, 0.1}}));
    } else if (code == "image.unsupported") {
        c.file = b.imagePath("train", "anim", "png");
        writeAll(c.file, QByteArray(kGif, sizeof kGif - 1));
        writeText(b.labelPath("train", "anim"), labelText({{0, 0.5, 0.5, 0.1, 0.1}}));
    } else if (code == "image.corrupt") {
        // JPEG whose frame header declares 3-bit samples: the header parses, the decoder refuses it.
        QByteArray j = readAll(t08img);
        const int sof = findSof(j);
        j[sof + 4] = 3;
        writeAll(t08img, j);
        c.file = t08img;
    } else if (code == "image.truncated") {
        QByteArray j = readAll(t08img);
        writeAll(t08img, j.left(j.size() / 2));
        c.file = t08img;
    } else if (code == "image.corrupt_data") {
        // Garbage between the image data and the end marker: it decodes, with a "corrupt data" warning.
        QByteArray j = readAll(t08img);
        j.insert(j.size() - 2, QByteArray("\x12\x34\x56", 3));
        writeAll(t08img, j);
        c.file = t08img;
    } else if (code == "image.too_small") {
        c.file = b.addImage("train", "tiny", {{0, 0.5, 0.5, 0.5, 0.5}}, true, "jpg", 8, 6);
    } else if (code == "image.extension_mismatch") {
        // PNG bytes under a .jpg name.
        const QString png = dir + "/tmp.png";
        writeDistinctImage(png, 128, 96, 4242);
        c.file = b.imagePath("train", "really_png");
        writeAll(c.file, readAll(png));
        QFile::remove(png);
        writeText(b.labelPath("train", "really_png"), labelText({{0, 0.5, 0.5, 0.1, 0.1}}));
    } else if (code == "label.missing") {
        QFile::remove(t08lbl);
        c.file = t08lbl;
    } else if (code == "label.empty") {
        writeText(t08lbl, "");
        c.file = t08lbl;
    } else if (code == "label.columns") {
        badRow("0 0.5 0.5 0.2");
    } else if (code == "label.nonnumeric") {
        badRow("0 0.5 abc 0.2 0.2");
    } else if (code == "label.nonfinite") {
        badRow("0 nan 0.5 0.2 0.2");
    } else if (code == "label.class_negative") {
        badRow("-1 0.5 0.5 0.2 0.2");
    } else if (code == "label.class_noninteger") {
        badRow("0.5 0.5 0.5 0.2 0.2");
    } else if (code == "label.class_range") {
        badRow("7 0.5 0.5 0.2 0.2");
    } else if (code == "label.out_of_range") {
        badRow("0 0.95 0.5 0.2 0.2");  // right edge at 1.05
    } else if (code == "label.size_nonpositive") {
        badRow("0 0.5 0.5 0 0.2");
    } else if (code == "label.duplicate_row") {
        QFile f(t08lbl);
        f.open(QIODevice::ReadOnly);
        const QByteArray first = f.readLine();
        f.close();
        badRow(first.trimmed().toStdString());
    } else if (code == "label.mixed") {
        badRow("0 0.1 0.1 0.2 0.1 0.2 0.2 0.1 0.2");  // a polygon among box rows
    } else if (code == "label.more_issues") {
        std::string rows;
        for (int i = 0; i < 150; ++i)
            rows += "1 2 3\n";
        writeText(t08lbl, rows);
        c.file = t08lbl;
        c.alsoAllowed = {"label.columns"};
    } else if (code == "label.orphan") {
        c.file = b.labelPath("train", "ghost");
        writeText(c.file, labelText({{0, 0.5, 0.5, 0.1, 0.1}}));
    } else if (code == "box.near_duplicate") {
        badRow("0 0.252 0.301 0.1 0.1");  // line 1 is class 0 at (0.25, 0.3), size ~0.1
    } else if (code == "box.too_small") {
        badRow("1 0.8 0.2 0.003 0.003");  // 1.9 px at imgsz 640 on a 128 px image
    } else if (code == "box.outlier") {
        b.addImage("train", "grid", gridBoxes(0, 4, 2, 0.1));
        c.file = b.labelPath("train", "huge");
        b.addImage("train", "huge", {{0, 0.5, 0.5, 0.9, 0.9}});
        c.line = 1;
    } else if (code == "image.crowded") {
        b.addImage("train", "crowd", gridBoxes(1, 10, 10, 0.08));
        c.file = b.labelPath("train", "crowd");
    } else if (code == "image.duplicate") {
        c.file = b.imagePath("train", "t00_copy");
        QFile::copy(b.imagePath("train", "t00"), c.file);
        QFile::copy(b.labelPath("train", "t00"), b.labelPath("train", "t00_copy"));
    } else if (code == "image.duplicate_similar") {
        c.file = b.imagePath("train", "t03_small");
        resizedCopy(b.imagePath("train", "t03"), c.file, 0.75, 60);
        QFile::copy(b.labelPath("train", "t03"), b.labelPath("train", "t03_small"));
    } else if (code == "image.leakage") {
        c.file = b.imagePath("val", "t05");
        QFile::copy(b.imagePath("train", "t05"), c.file);
        QFile::copy(b.labelPath("train", "t05"), b.labelPath("val", "t05"));
    } else if (code == "image.leakage_similar") {
        c.file = b.imagePath("val", "t06_resized");
        resizedCopy(b.imagePath("train", "t06"), c.file, 0.5, 75);
        QFile::copy(b.labelPath("train", "t06"), b.labelPath("val", "t06_resized"));
    } else if (code == "data.empty_split") {
        QDir().mkpath(dir + "/images/test");
        writeText(dir + "/images/test/readme.md", "test images go here\n");
        b.writeYaml({"a", "b"}, "test: images/test\n");
        c.file = b.yamlPath();
    } else if (code == "data.missing_image") {
        listYaml({"./images/train/gone.jpg"});
    } else if (code == "data.list_unreadable") {
        writeText(dir + "/extra.txt", "./images/train/t00.jpg\n");
        QFile::setPermissions(dir + "/extra.txt", QFileDevice::Permissions());
        writeText(b.yamlPath(), "train: [images/train, extra.txt]\nval: images/val\nnames: [a, b]\n");
        c.file = dir + "/extra.txt";
        QFile probe(c.file);
        if (probe.open(QIODevice::ReadOnly)) {
            c.skip = true;
            c.skipReason = "running as root: a file without read permission is still readable";
        }
    } else if (code == "data.listed_twice") {
        listYaml({"images/train/t01.jpg"});  // root-relative spelling of line 2's "./images/train/t01.jpg"
    } else if (code == "class.unused") {
        b.writeYaml({"a", "b", "c"});
        c.file = b.yamlPath();
    } else if (code == "class.few_boxes") {
        for (int i = 5; i < 20; ++i) {
            const QString name = QString("t%1").arg(i, 2, 10, QChar('0'));
            writeText(b.labelPath("train", name), labelText({{0, 0.25, 0.3, 0.1, 0.1}}));
        }
        c.file = b.yamlPath();
    } else if (code == "class.imbalance") {
        for (int i = 10; i < 20; ++i) {
            const QString name = QString("t%1").arg(i, 2, 10, QChar('0'));
            writeText(b.labelPath("train", name), labelText({{0, 0.25, 0.3, 0.1, 0.1}}));
        }
        for (int k = 0; k < 10; ++k)
            b.addImage("train", QString("many%1").arg(k), gridBoxes(0, 5, 4, 0.08));
        c.file = b.yamlPath();
    }
    return c;
}

}  // namespace ys::test
