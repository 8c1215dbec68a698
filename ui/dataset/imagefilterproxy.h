#pragma once
// Filters the grid by split, by class (images that contain at least one box of the class) and by
// finding (a ProblemFlag category, or one finding code). Filters combine with AND.

#include "data/check.h"

#include <QSortFilterProxyModel>

#include <memory>
#include <string>
#include <vector>

namespace ys::ui {

class ImageListModel;

class ImageFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    // Problem filter modes.
    enum class ProblemMode { All, AnyFinding, Clean, Category, Code };

    explicit ImageFilterProxy(QObject* parent = nullptr);

    void setSourceModel(QAbstractItemModel* model) override;

    void setSplit(int split);   // -1 = every split, else ys::Split
    void setClass(int classId); // -1 = every class
    void setProblemAll();
    void setProblemAny();        // images with at least one finding of severity error or warning
    void setProblemClean();      // images without error or warning findings
    void setProblemCategory(uint32_t flag);
    // Images that have at least one finding with `code` in `result` (result may be null: no image matches).
    void setProblemCode(const std::string& code, std::shared_ptr<const ys::CheckResult> result);
    void clearFilters();

    int split() const { return split_; }
    int classId() const { return class_; }
    ProblemMode problemMode() const { return mode_; }
    bool isFiltering() const { return split_ >= 0 || class_ >= 0 || mode_ != ProblemMode::All; }

    // Row of the proxy that shows Dataset::images[imageIndex], -1 when filtered out.
    int rowForImage(int imageIndex) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    ImageListModel* images_ = nullptr;
    int split_ = -1;
    int class_ = -1;
    ProblemMode mode_ = ProblemMode::All;
    uint32_t flag_ = 0;
    std::vector<char> codeImages_;  // per image: has a finding with the selected code
};

}  // namespace ys::ui
