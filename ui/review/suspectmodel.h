#pragma once
// A review's suspects as a table, most likely first: rank, image, kind, class, predicted class, score, the
// translated reason and what the user marked. Suspects marked "Not a mistake" are left out unless
// setShowHidden(true). GUI thread only.

#include "review/review.h"
#include "ui/review/reviewmarks.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace ys::ui {

class SuspectModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Rank, Image, Kind, Class, Predicted, Score, Reason, Marked, ColumnCount };
    enum Role { SuspectIndexRole = Qt::UserRole + 1, KeyRole };

    explicit SuspectModel(QObject* parent = nullptr);

    // Shows `result`'s suspects with the marks kept for its dataset.
    void setReview(std::shared_ptr<const ys::ReviewResult> result);
    const ys::ReviewResult* review() const { return result_.get(); }
    void setShowHidden(bool show);
    bool showsHidden() const { return showHidden_; }
    // Marks the suspect (index into the review's suspects) and saves the mark.
    void setMark(int suspect, ReviewMarks::Mark mark);
    ReviewMarks::Mark mark(int suspect) const;
    QString key(int suspect) const;
    // The suspect a row shows (index into the review's suspects); -1 when out of range.
    int suspectAt(int row) const;
    int rowOf(int suspect) const;   // -1 when not shown
    // The suspects marked Fixed.
    std::vector<int> fixedSuspects() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void retranslate();

private:
    void rebuild();
    QVariant display(int suspect, int column) const;

    std::shared_ptr<const ys::ReviewResult> result_;
    ReviewMarks marks_;
    std::vector<QString> keys_;   // per suspect
    std::vector<int> rows_;       // shown suspects, ranked
    bool showHidden_ = false;
};

}  // namespace ys::ui
