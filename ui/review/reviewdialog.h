#pragma once
// The review window of a run (issue 28): reviews the run's dataset with its weights (ReviewRunner: progress
// bar, Cancel; validation images by default, or training images, or all), keeps the result as RUN/review.json
// and shows it: the suspects ranked (SuspectModel) beside the selected one drawn on its image (ReviewCanvas;
// T flips label / prediction). Each suspect can be marked Not a mistake (hidden, also from later reviews;
// Show hidden lists them again) or Fixed, or unmarked (ReviewMarks: the studio's settings, not the dataset).
// Export fixes… writes corrected label files of the Fixed (else the selected) suspects into a new folder
// outside the dataset. Opening a run that has a review.json shows it at once. GUI thread only.

#include "review/review.h"
#include "ui/common/pooljob.h"
#include "ui/review/reviewmarks.h"

#include <QDialog>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QToolButton;

namespace ys::ui {

class ReviewCanvas;
class ReviewRunner;
class SuspectModel;

class ReviewDialog final : public QDialog {
    Q_OBJECT
public:
    explicit ReviewDialog(QWidget* parent = nullptr);
    ~ReviewDialog() override;

    // The run to review: its folder, the dataset's data.yaml and its weights. Shows RUN/review.json when the
    // run has one (loaded off the GUI thread; reviewShown() follows).
    void setRun(const QString& runDir, const QString& dataYaml, const QString& weights);
    QString runDir() const { return runDir_; }
    // Starts the review of `split` (false when one is running or no run is set).
    bool startReview(ys::ReviewSplit split);
    bool startReview();   // the split chosen in the window
    void cancelReview();
    bool reviewing() const;

    std::shared_ptr<const ys::ReviewResult> review() const { return result_; }
    SuspectModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    ReviewCanvas* canvas() const { return canvas_; }
    // Marks the selected suspects.
    void markSelected(ReviewMarks::Mark mark);
    void setShowHidden(bool show);
    // Writes the fixes of the Fixed suspects (none Fixed: the selected ones) into `outDir`; false and a message
    // when there is nothing to write or the folder lies inside the dataset. Export fixes… asks for the folder.
    bool exportFixesTo(const QString& outDir);
    QString message() const;

signals:
    // A review ended and was saved to `path` (RUN/review.json).
    void reviewed(const QString& path);
    // A review (a new one, or a run's review.json) is shown.
    void reviewShown();

protected:
    void changeEvent(QEvent* event) override;

private:
    void build();
    QWidget* buildBottom();
    void retranslate();
    void showReview(std::shared_ptr<const ys::ReviewResult> result);
    void onProgress(ys::ProgressStage stage, qint64 done, qint64 total);
    void onSelection();
    void updateButtons();
    void exportFixes();
    std::vector<int> selectedSuspects() const;
    void setMessage(const QString& text);

    QString runDir_, dataYaml_, weights_;
    std::shared_ptr<const ys::ReviewResult> result_;
    ReviewRunner* runner_;
    SuspectModel* model_;
    QLabel* intro_;
    QLabel* splitLabel_;
    QComboBox* split_;
    QPushButton* startButton_;
    QProgressBar* progress_;
    QPushButton* cancelButton_;
    QTableView* table_;
    ReviewCanvas* canvas_;
    QToolButton* flipButton_;
    QCheckBox* showHidden_;
    QPushButton* notMistakeButton_;
    QPushButton* fixedButton_;
    QPushButton* unmarkButton_;
    QPushButton* exportButton_;
    QPushButton* closeButton_;
    QLabel* message_;
    JobGeneration loadGeneration_;
    PoolJobs jobs_;
};

}  // namespace ys::ui
