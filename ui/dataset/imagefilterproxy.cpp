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

void ImageFilterProxy::setProblemFilter(const ProblemFilter& filter)
{
    filter_ = filter;
    codeImages_.clear();
    if (filter_.kind == ProblemFilter::Kind::Code) {
        const int n = images_ ? images_->rowCount() : 0;
        codeImages_.assign(static_cast<size_t>(n), 0);
        const CheckIndex* index = images_ ? images_->findingIndex() : nullptr;
        if (const CheckIndex::Code* c = index ? index->find(filter_.code) : nullptr)
            for (int image : c->images)
                if (image < n)
                    codeImages_[static_cast<size_t>(image)] = 1;
    }
    invalidateRowsFilter();
}

void ImageFilterProxy::clearFilters()
{
    split_ = -1;
    class_ = -1;
    filter_ = {};
    codeImages_.clear();
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
    using Kind = ProblemFilter::Kind;
    switch (filter_.kind) {
    case Kind::All:
        return true;
    case Kind::AnyFinding: {
        const int w = images_->worstSeverity(sourceRow);
        return w >= 0 && w <= static_cast<int>(ys::Severity::Warning);
    }
    case Kind::Clean: {
        const int w = images_->worstSeverity(sourceRow);
        return w < 0 || w > static_cast<int>(ys::Severity::Warning);
    }
    case Kind::Category:
        return (images_->problems(sourceRow) & filter_.flag) != 0;
    case Kind::Code:
        return static_cast<size_t>(sourceRow) < codeImages_.size() && codeImages_[static_cast<size_t>(sourceRow)];
    }
    return true;
}

}  // namespace ys::ui
