#include "ui/common/findingtext.h"

#include <QCoreApplication>

namespace ys::ui {
namespace {

constexpr const char* kContext = "ys::ui::FindingText";

struct Title {
    const char* code;
    const char* title;
};

const Title kTitles[] = {
    {"image.unreadable", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Image cannot be read")},
    {"image.not_image", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Not an image")},
    {"image.unsupported", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Unsupported image format")},
    {"image.corrupt", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Corrupt image")},
    {"image.truncated", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Truncated image")},
    {"image.corrupt_data", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Damaged image data")},
    {"image.too_small", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Image too small")},
    {"image.extension_mismatch", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Extension does not match the content")},
    {"label.missing", QT_TRANSLATE_NOOP("ys::ui::FindingText", "No label file (background)")},
    {"label.empty", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Empty label file (background)")},
    {"label.columns", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Wrong number of columns")},
    {"label.nonnumeric", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Value is not a number")},
    {"label.nonfinite", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Value is NaN or infinite")},
    {"label.class_negative", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Negative class id")},
    {"label.class_noninteger", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Class id is not an integer")},
    {"label.class_range", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Class id out of range")},
    {"label.out_of_range", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Coordinates outside the image")},
    {"label.size_nonpositive", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Zero or negative box size")},
    {"label.duplicate_row", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Duplicate row")},
    {"label.mixed", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Polygons mixed with boxes")},
    {"label.more_issues", QT_TRANSLATE_NOOP("ys::ui::FindingText", "More problems in this file")},
    {"label.orphan", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Label file without an image")},
    {"box.near_duplicate", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Near-duplicate box")},
    {"box.too_small", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Box too small to learn")},
    {"box.outlier", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Unusual box size or shape")},
    {"image.crowded", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Unusually many boxes")},
    {"image.duplicate", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Duplicate image")},
    {"image.duplicate_similar", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Near-duplicate image")},
    {"image.leakage", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Same image in train and val")},
    {"image.leakage_similar", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Near-identical image in train and val")},
    {"data.missing_image", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Listed image does not exist")},
    {"data.list_unreadable", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Image list cannot be read")},
    {"data.listed_twice", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Image listed twice")},
    {"class.unused", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Class never used")},
    {"class.few_boxes", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Class with very few boxes")},
    {"class.imbalance", QT_TRANSLATE_NOOP("ys::ui::FindingText", "Classes strongly imbalanced")},
};

// Core's message catalogue (findingMessages(), data/check.cpp) in the UI's words: the same keys, and English that
// reads as core's with %1, %2, ... for its {1}, {2}, ... (label.out_of_range's {*} list is %1).
struct Message {
    const char* key;
    const char* text;
};

const Message kMessages[] = {
    {"image.unreadable", QT_TRANSLATE_NOOP("ys::ui::FindingText", "cannot read the image: %1")},
    {"image.not_image", QT_TRANSLATE_NOOP("ys::ui::FindingText", "the file is not an image: %1")},
    {"image.not_image.empty", QT_TRANSLATE_NOOP("ys::ui::FindingText", "the image file is empty (0 bytes)")},
    {"image.unsupported",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "the file is a %1 image, which YOLO training does not read; convert it to JPEG or PNG")},
    {"image.unsupported.list",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "'%1' does not have an image extension (bmp, dng, jpeg, jpg, mpo, png, tif, tiff, "
                       "webp, pfm) and is skipped")},
    {"image.corrupt", QT_TRANSLATE_NOOP("ys::ui::FindingText", "the image cannot be decoded: %1")},
    {"image.corrupt.header", QT_TRANSLATE_NOOP("ys::ui::FindingText", "broken image header: %1")},
    {"image.truncated",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "the file is truncated (%1); restore it from the original, the studio never rewrites "
                       "it")},
    {"image.corrupt_data", QT_TRANSLATE_NOOP("ys::ui::FindingText", "the image decodes, but the decoder reports: %1")},
    {"image.too_small",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "image is %1x%2 px; at least 10 px on each side are needed")},
    {"image.extension_mismatch",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "the extension does not match the content, which is %1; rename the file")},
    {"label.missing", QT_TRANSLATE_NOOP("ys::ui::FindingText", "no label file: the image is used as a background")},
    {"label.empty", QT_TRANSLATE_NOOP("ys::ui::FindingText", "empty label file: the image is used as a background")},
    {"label.columns",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "row has %1 values; expected 5 (class cx cy w h) or a polygon (class x1 y1 x2 y2 x3 y3 "
                       "...)")},
    {"label.nonnumeric", QT_TRANSLATE_NOOP("ys::ui::FindingText", "value %1 ('%2') is not a number")},
    {"label.nonfinite", QT_TRANSLATE_NOOP("ys::ui::FindingText", "row contains NaN or infinity")},
    {"label.class_negative", QT_TRANSLATE_NOOP("ys::ui::FindingText", "class id %1 is negative")},
    {"label.class_noninteger", QT_TRANSLATE_NOOP("ys::ui::FindingText", "class id %1 is not a whole number")},
    {"label.class_range",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "class id %1 is out of range: data.yaml has %2 classes (ids 0..%3)")},
    {"label.out_of_range",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "coordinates outside the image: %1 (normalised coordinates must lie in 0..1, 1% "
                       "tolerance)")},
    {"label.out_of_range.polygon",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "polygon point %1 = (%2, %3) lies outside the image (normalised coordinates must lie "
                       "in 0..1, 1% tolerance)")},
    {"label.size_nonpositive",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "box has width %1 and height %2; both must be above 0")},
    {"label.size_nonpositive.polygon",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "polygon encloses no area (its bounding box is empty)")},
    {"label.duplicate_row",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "row repeats line %1 exactly (the copy is ignored)")},
    {"label.mixed",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "file mixes %1 box rows with %2 polygon rows; use one format per dataset (polygons are "
                       "reduced to boxes)")},
    {"label.more_issues", QT_TRANSLATE_NOOP("ys::ui::FindingText", "%1 more problems in this file are not listed")},
    {"label.orphan",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "label file has no image (expected an image named %1.* in %2); delete it or restore "
                       "the image")},
    {"box.near_duplicate",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "box overlaps the box of line %1 of the same class with IoU %2; delete one of them")},
    {"box.too_small",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "box is %1x%2 px at imgsz %3 (under %4 px: too small to learn); raise imgsz or drop "
                       "the box")},
    {"box.outlier.larger",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "unusual box for class '%1': its area is %2x larger than the class median (%5 boxes of "
                       "the class); check the class id and the box")},
    {"box.outlier.smaller",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "unusual box for class '%1': its area is %2x smaller than the class median (%5 boxes "
                       "of the class); check the class id and the box")},
    {"box.outlier.aspect",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "unusual box for class '%1': its aspect ratio (w/h %3) is far from the class median "
                       "(%4) (%5 boxes of the class); check the class id and the box")},
    {"box.outlier.larger_aspect",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "unusual box for class '%1': its area is %2x larger than the class median, and its "
                       "aspect ratio (w/h %3) is far from the class median (%4) (%5 boxes of the class); "
                       "check the class id and the box")},
    {"box.outlier.smaller_aspect",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "unusual box for class '%1': its area is %2x smaller than the class median, and its "
                       "aspect ratio (w/h %3) is far from the class median (%4) (%5 boxes of the class); "
                       "check the class id and the box")},
    {"image.crowded",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "image has %1 boxes (dataset mean %2); such images set the assigner's peak memory")},
    {"image.duplicate",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "image is a byte-identical copy of %1 (%2); keep one of them")},
    {"image.duplicate_similar",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "image looks like a re-encoded or resized copy of %1 (perceptual hash distance %2 of "
                       "64); keep one of them")},
    {"image.leakage",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "image is a byte-identical copy of %1: the same image is in %2 and %3; remove one copy "
                       "so validation measures unseen images")},
    {"image.leakage.same_file",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "the same file is in %1 and %2; remove it from one split")},
    {"image.leakage_similar",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "image looks like a re-encoded or resized copy of %1 (perceptual hash distance %2 of "
                       "64), so it is in %3 and %4; remove one copy so validation measures unseen images")},
    {"data.empty_split",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "%1 has no images: no file with an image extension was found in %2; check the path in "
                       "data.yaml")},
    {"data.missing_image",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "listed image does not exist: %1; fix the list or restore the file")},
    {"data.list_unreadable", QT_TRANSLATE_NOOP("ys::ui::FindingText", "cannot read this image list")},
    {"data.listed_twice",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "image %1 is listed more than once in %2 (the copy is ignored)")},
    {"class.unused",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "class %1 '%2' has no boxes in train; the model cannot learn it")},
    {"class.unused.elsewhere",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "class %1 '%2' has no boxes in train (only in val/test); the model cannot learn it")},
    {"class.few_boxes",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "class %1 '%2' has only %3 boxes in train (fewer than %4); label more examples")},
    {"class.few_boxes.one",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "class %1 '%2' has only %3 box in train (fewer than %4); label more examples")},
    {"class.imbalance",
     QT_TRANSLATE_NOOP("ys::ui::FindingText",
                       "classes are imbalanced: '%1' has %2 boxes in train, '%3' %4 (ratio %5, above %6)")},
};

// The names of a label.out_of_range list (core's coordinateNames()); cx, cy, w and h read the same in every
// language.
struct CoordinateName {
    const char* name;
    const char* text;
};

const CoordinateName kCoordinateNames[] = {
    {"left edge", QT_TRANSLATE_NOOP("ys::ui::FindingText", "left edge")},
    {"right edge", QT_TRANSLATE_NOOP("ys::ui::FindingText", "right edge")},
    {"top edge", QT_TRANSLATE_NOOP("ys::ui::FindingText", "top edge")},
    {"bottom edge", QT_TRANSLATE_NOOP("ys::ui::FindingText", "bottom edge")},
};

QString coordinateName(const std::string& name)
{
    for (const CoordinateName& c : kCoordinateNames)
        if (name == c.name)
            return QCoreApplication::translate(kContext, c.text);
    return QString::fromStdString(name);
}

// "cx = 1.2, left edge = -0.05" from name/value pairs, the names translated.
QString coordinateList(const std::vector<std::string>& args)
{
    QStringList parts;
    for (size_t k = 0; k + 1 < args.size(); k += 2)
        parts << QCoreApplication::translate("ys::ui::FindingText", "%1 = %2")
                     .arg(coordinateName(args[k]), QString::fromStdString(args[k + 1]));
    return parts.join(QCoreApplication::translate("ys::ui::FindingText", ", "));
}

// `text` with each %1..%9 replaced by that value (an unused value is left out, a missing one is empty). One
// pass, so a value that holds "%2" (a file name) is not replaced again.
QString fill(const QString& text, const QStringList& values)
{
    QString out;
    out.reserve(text.size() + 64);
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('%') && i + 1 < text.size() && text[i + 1] >= QLatin1Char('1') &&
            text[i + 1] <= QLatin1Char('9')) {
            out += values.value(text[i + 1].unicode() - '1');
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

}  // namespace

QString problemTitle(const std::string& code)
{
    for (const Title& t : kTitles)
        if (code == t.code)
            return QCoreApplication::translate(kContext, t.title);
    return QString::fromStdString(code);
}

QString findingText(const std::string& key, const std::vector<std::string>& args)
{
    for (const Message& m : kMessages) {
        if (key != m.key)
            continue;
        QStringList values;
        if (key == "label.out_of_range") {
            values << coordinateList(args);
        } else {
            for (const std::string& a : args)
                values << QString::fromStdString(a);
        }
        return fill(QCoreApplication::translate(kContext, m.text), values);
    }
    return {};
}

QString findingText(const ys::Finding& finding)
{
    const QString text = finding.messageKey.empty() ? QString() : findingText(finding.messageKey, finding.args);
    return text.isEmpty() ? QString::fromStdString(finding.message) : text;
}

QStringList findingTextKeys()
{
    QStringList keys;
    for (const Message& m : kMessages)
        keys << QString::fromLatin1(m.key);
    return keys;
}

QString findingNote(const ys::Finding& finding)
{
    QString text = problemTitle(finding.code);
    if (finding.line > 0)
        text += QStringLiteral(" · ") + QCoreApplication::translate("ys::ui::FindingText", "line %1").arg(finding.line);
    return text + QLatin1Char('\n') + findingText(finding);
}

}  // namespace ys::ui
