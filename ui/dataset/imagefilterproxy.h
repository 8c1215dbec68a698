#pragma once
// Filters the grid by split, by class (images that contain at least one box of the class) and by
// finding (ProblemFilter). Filters combine with AND.

#include "data/check.h"

#include <QMetaType>
#include <QSortFilterProxyModel>

#include <string>
#include <vector>

namespace ys::ui {

class ImageListModel;

// What the Findings combo selects: every image, the images with an error or warning, those without, one
// problem category or one finding code. The combo carries it as item data (QVariant::fromValue).
struct ProblemFilter {
    enum class Kind { All, AnyFinding, Clean, Category, Code };
    Kind kind = Kind::All;
    uint32_t flag = 0;   // Category: one ProblemFlag
    std::string code;    // Code: a finding code, e.g. "label.class_range"

    static ProblemFilter anyFinding() { return {Kind::AnyFinding, 0, {}}; }
    static ProblemFilter clean() { return {Kind::Clean, 0, {}}; }
    static ProblemFilter category(uint32_t flag) { return {Kind::Category, flag, {}}; }
    static ProblemFilter findingCode(std::string code) { return {Kind::Code, 0, std::move(code)}; }
    friend bool operator==(const ProblemFilter&, const ProblemFilter&) = default;
};

class ImageFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit ImageFilterProxy(QObject* parent = nullptr);

    // Must be an ImageListModel.
    void setSourceModel(QAbstractItemModel* model) override;

    void setSplit(int split);   // -1 = every split, else ys::Split
    void setClass(int classId); // -1 = every class
    // Images that pass `filter`, judged by the model's check index (no index: only Kind::All passes images,
    // and Clean every image).
    void setProblemFilter(const ProblemFilter& filter);
    void clearFilters();

    bool isFiltering() const { return split_ >= 0 || class_ >= 0 || filter_.kind != ProblemFilter::Kind::All; }

    // Row of the proxy that shows Dataset::images[imageIndex], -1 when filtered out.
    int rowForImage(int imageIndex) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    ImageListModel* images_ = nullptr;
    int split_ = -1;
    int class_ = -1;
    ProblemFilter filter_;
    std::vector<char> codeImages_;  // Kind::Code: per image, has a finding with the code
};

}  // namespace ys::ui

Q_DECLARE_METATYPE(ys::ui::ProblemFilter)
