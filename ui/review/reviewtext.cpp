#include "ui/review/reviewtext.h"

#include <QDir>

namespace ys::ui {

QString ReviewText::kind(ys::SuspectKind kind)
{
    switch (kind) {
    case ys::SuspectKind::MissingLabel: return tr("Missing label");
    case ys::SuspectKind::WrongClass: return tr("Wrong class");
    case ys::SuspectKind::PoorBox: return tr("Poor box");
    case ys::SuspectKind::SpuriousLabel: return tr("Spurious label");
    }
    return {};
}

QString ReviewText::className(const ys::ReviewResult& result, int cls)
{
    if (cls >= 0 && cls < static_cast<int>(result.names.size()))
        return QString::fromStdString(result.names[static_cast<size_t>(cls)]);
    return QString::number(cls);
}

QString ReviewText::reason(const ys::ReviewResult& r, const ys::Suspect& s)
{
    const QString own = className(r, s.cls), other = className(r, s.predictedCls);
    const QString conf = QString::number(s.conf, 'f', 2), iou = QString::number(s.iou, 'f', 2);
    switch (s.kind) {
    case ys::SuspectKind::MissingLabel:
        return tr("The model sees a '%1' (confidence %2) that no label covers").arg(own, conf);
    case ys::SuspectKind::WrongClass:
        return tr("Predicted '%1' (confidence %2, IoU %3) where the label says '%4'").arg(other, conf, iou, own);
    case ys::SuspectKind::PoorBox:
        return tr("The '%1' box overlaps the model's box only at IoU %2 (confidence %3)").arg(own, iou, conf);
    case ys::SuspectKind::SpuriousLabel:
        return s.conf > 0 ? tr("Nothing confident near this '%1' label (best confidence %2)").arg(own, conf)
                          : tr("The model predicts nothing near this '%1' label").arg(own);
    }
    return {};
}

QString ReviewText::split(ys::ReviewSplit split)
{
    switch (split) {
    case ys::ReviewSplit::Val: return tr("Validation images");
    case ys::ReviewSplit::Train: return tr("Training images");
    case ys::ReviewSplit::All: return tr("All images");
    }
    return {};
}

QString ReviewText::error(const ys::Error& e)
{
    const QString file = QDir::toNativeSeparators(QString::fromStdString(e.file));
    if (e.code == "review.cancelled")
        return tr("The review was cancelled.");
    if (e.code == "review.fix_out")
        return tr("Fixes are never written into the dataset: choose a folder outside %1.")
            .arg(file.isEmpty() ? tr("the dataset's folder") : file);
    if (e.code == "data.review_no_images")
        return tr("The chosen split of the dataset has no images to review.");
    if (e.code == "weights.missing")
        return tr("The weights %1 are missing.").arg(file);
    if (e.code.rfind("io.", 0) == 0)
        return tr("Could not read or write %1: %2").arg(file, QString::fromStdString(e.message));
    const QString msg = QString::fromStdString(e.message);
    return file.isEmpty() ? msg : tr("%1: %2").arg(file, msg);
}

}  // namespace ys::ui
