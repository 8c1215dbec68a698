#include "ui/dataset/findingtext.h"

#include <QCoreApplication>

#include <cstring>

namespace ys::ui {
namespace {

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

}  // namespace

QString problemTitle(const std::string& code)
{
    for (const Title& t : kTitles)
        if (code == t.code)
            return QCoreApplication::translate("ys::ui::FindingText", t.title);
    return QString::fromStdString(code);
}

QString findingNote(const ys::Finding& finding)
{
    QString text = problemTitle(finding.code);
    if (finding.line > 0)
        text += QStringLiteral(" · ") + QCoreApplication::translate("ys::ui::FindingText", "line %1").arg(finding.line);
    return text + QLatin1Char('\n') + QString::fromStdString(finding.message);
}

}  // namespace ys::ui
