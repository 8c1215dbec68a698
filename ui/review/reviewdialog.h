#pragma once
// The review window of a run (issue 28): reviews the run's dataset with its weights (ReviewRunner: progress
// bar, Cancel; validation images by default, or training images, or all), keeps the result as RUN/review.json
// and shows it in a SuspectsView (ranked suspects, marks, Export fixes…, the suspect drawn on its image).
// Opening a run that has a review.json shows it at once. GUI thread only.

#include "review/review.h"
#include "ui/common/pooljob.h"

#include <QDialog>

#include <memory>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace ys::ui {

class ReviewRunner;
class SuspectsView;

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
    // The suspects, their marks and Export fixes….
    SuspectsView* suspects() const { return view_; }
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
    void retranslate();
    void showReview(std::shared_ptr<const ys::ReviewResult> result);
    void onProgress(ys::ProgressStage stage, qint64 done, qint64 total);
    void updateButtons();

    QString runDir_, dataYaml_, weights_;
    std::shared_ptr<const ys::ReviewResult> result_;
    ReviewRunner* runner_;
    QLabel* intro_;
    QLabel* splitLabel_;
    QComboBox* split_;
    QPushButton* startButton_;
    QProgressBar* progress_;
    QPushButton* cancelButton_;
    SuspectsView* view_;
    QPushButton* closeButton_;
    JobGeneration loadGeneration_;
    PoolJobs jobs_;
};

}  // namespace ys::ui
