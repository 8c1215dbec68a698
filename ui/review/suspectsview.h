#pragma once
// A review's suspects, ranked (SuspectModel), beside the selected one drawn on its image (ReviewCanvas: the
// label solid, the model's box dashed, a legend; T or the Flip button shows label only / prediction only).
// Each suspect can be marked Not a mistake (hidden, also from later reviews of the dataset; Show hidden lists
// them again) or Fixed, or unmarked (ReviewMarks: the studio's settings, never the dataset). Export fixes…
// writes corrected label files of the Fixed (none Fixed: the selected) suspects into a new folder outside the
// dataset (ys::writeFixedLabels). The Runs page's review window and the Dataset page's "Suspected label
// mistakes" tab show it. GUI thread only.

#include "review/review.h"
#include "ui/review/reviewmarks.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableView;
class QToolButton;

namespace ys::ui {

class ReviewCanvas;
class SuspectModel;

class SuspectsView final : public QWidget {
    Q_OBJECT
public:
    explicit SuspectsView(QWidget* parent = nullptr);

    // Shows `result` (null clears) with the marks kept for its dataset; the first suspect selected.
    void setReview(std::shared_ptr<const ys::ReviewResult> result);
    std::shared_ptr<const ys::ReviewResult> review() const { return result_; }
    SuspectModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    ReviewCanvas* canvas() const { return canvas_; }
    // The suspects shown (Not a mistake ones left out unless Show hidden).
    int shownCount() const;

    void markSelected(ReviewMarks::Mark mark);
    void setShowHidden(bool show);
    // See the class comment; `outDir` is where the files go. False and a message when nothing is chosen or
    // the folder lies inside the dataset.
    bool exportFixesTo(const QString& outDir);
    QString message() const;
    // The line above the list when the model finds under kWeakReviewShare of the labels (empty otherwise).
    QString weakModelWarning() const;
    void setMessage(const QString& text);
    // The folder Export fixes… offers first.
    void setExportStart(const QString& dir) { exportStart_ = dir; }

signals:
    // The selected suspect (index into the review's suspects; -1 when none) and its image's path.
    void suspectSelected(int suspect, const QString& image);
    // A mark changed (the page's tab counts again).
    void marksChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    QWidget* buildButtons();
    void retranslate();
    void onSelection();
    void updateButtons();
    void exportFixes();
    std::vector<int> selectedSuspects() const;

    std::shared_ptr<const ys::ReviewResult> result_;
    SuspectModel* model_;
    QTableView* table_;
    ReviewCanvas* canvas_;
    QToolButton* flipButton_;
    QCheckBox* showHidden_;
    QPushButton* notMistakeButton_;
    QPushButton* fixedButton_;
    QPushButton* unmarkButton_;
    QPushButton* exportButton_;
    QLabel* message_;
    QLabel* weakModel_;
    QString exportStart_;
};

}  // namespace ys::ui
