#include "ui/dataset/imagefilterproxy.h"

#include "ui/dataset/imagelistmodel.h"

#include <algorithm>

namespace ys::ui {

ImageFilterProxy::ImageFilterProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true);
}

void ImageFilterProxy::setSourceModel(QAbstractItemModel* model)
{
    images_ = qobject_cast<ImageListModel*>(model);
    QSortFilterProxyModel::setSourceModel(model);
}

void ImageFilterProxy::setSplit(int split)
{
    if (split_ == split)
        return;
    split_ = split;
    invalidateRowsFilter();
}

void ImageFilterProxy::setClass(int classId)
{
    if (class_ == classId)
        return;
    class_ = classId;
    invalidateRowsFilter();
}

void ImageFilterProxy::setProblemAll()
{
    mode_ = ProblemMode::All;
    invalidateRowsFilter();
}

void ImageFilterProxy::setProblemAny()
{
    mode_ = ProblemMode::AnyFinding;
    invalidateRowsFilter();
}

void ImageFilterProxy::setProblemClean()
{
    mode_ = ProblemMode::Clean;
    invalidateRowsFilter();
}

void ImageFilterProxy::setProblemCategory(uint32_t flag)
{
    mode_ = ProblemMode::Category;
    flag_ = flag;
    invalidateRowsFilter();
}

void ImageFilterProxy::setProblemCode(const std::string& code, std::shared_ptr<const ys::CheckResult> result)
{
    mode_ = ProblemMode::Code;
    const int n = images_ ? images_->rowCount() : 0;
    codeImages_.assign(static_cast<size_t>(n), 0);
    if (result) {
        for (const ys::Finding& f : result->findings) {
            if (f.code == code && f.image >= 0 && f.image < n)
                codeImages_[static_cast<size_t>(f.image)] = 1;
        }
    }
    invalidateRowsFilter();
}

void ImageFilterProxy::clearFilters()
{
    split_ = -1;
    class_ = -1;
    mode_ = ProblemMode::All;
    invalidateRowsFilter();
}

int ImageFilterProxy::rowForImage(int imageIndex) const
{
    if (!sourceModel())
        return -1;
    const QModelIndex p = mapFromSource(sourceModel()->index(imageIndex, 0));
    return p.isValid() ? p.row() : -1;
}

bool ImageFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceParent.isValid() || !images_)
        return false;
    const ys::ImageRecord* r = images_->record(sourceRow);
    if (!r)
        return false;
    if (split_ >= 0 && static_cast<int>(r->split) != split_)
        return false;
    if (class_ >= 0 &&
        std::none_of(r->boxes.begin(), r->boxes.end(), [this](const ys::LabelBox& b) { return b.cls == class_; }))
        return false;
    switch (mode_) {
    case ProblemMode::All:
        return true;
    case ProblemMode::AnyFinding: {
        const int w = images_->worstSeverity(sourceRow);
        return w >= 0 && w <= static_cast<int>(ys::Severity::Warning);
    }
    case ProblemMode::Clean: {
        const int w = images_->worstSeverity(sourceRow);
        return w < 0 || w > static_cast<int>(ys::Severity::Warning);
    }
    case ProblemMode::Category:
        return (images_->problems(sourceRow) & flag_) != 0;
    case ProblemMode::Code:
        return static_cast<size_t>(sourceRow) < codeImages_.size() && codeImages_[static_cast<size_t>(sourceRow)];
    }
    return true;
}

}  // namespace ys::ui
