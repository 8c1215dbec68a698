#pragma once
// The Dataset page's "Suspected label mistakes" tab: the review of the open dataset (a run's RUN/review.json
// whose dataYaml is this dataset's data.yaml: the one the Runs page just made, or the newest of the listed
// runs') in a SuspectsView, with a line naming the weights and the split it came from; without one, how to make
// one. GUI thread only.

#include "review/review.h"
#include "ui/common/pooljob.h"

#include <QWidget>

#include <memory>

class QLabel;

namespace ys::ui {

class SuspectsView;

class DatasetReviewTab final : public QWidget {
    Q_OBJECT
public:
    explicit DatasetReviewTab(QWidget* parent = nullptr);

    // The open dataset's data.yaml (empty: none). A review of another dataset is dropped.
    void setDataYaml(const QString& dataYaml);
    QString dataYaml() const { return dataYaml_; }
    // Reads `path` (a RUN/review.json) off the GUI thread and shows it when it reviews the open dataset;
    // changed() follows either way.
    void showReviewFile(const QString& path);
    bool hasReview() const;
    QString reviewFile() const { return file_; }
    // Suspects listed (Not a mistake ones left out unless Show hidden).
    int count() const;
    SuspectsView* suspects() const { return view_; }

signals:
    // A review was shown or dropped, or a mark changed the count.
    void changed();
    // The user selected a suspect on `image` (the image's path as the review holds it).
    void imageSelected(const QString& image);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void show(std::shared_ptr<const ys::ReviewResult> result, const QString& file);

    QString dataYaml_, file_;
    QLabel* info_;
    SuspectsView* view_;
    JobGeneration generation_;
    PoolJobs jobs_;
};

// The newest RUN/review.json (by modification time) among `runDirs` whose run trained on `dataYaml`
// (`runData[i]` is run i's args.yaml data); empty when none.
QString newestReviewOf(const QString& dataYaml, const QStringList& runDirs, const QStringList& runData);

}  // namespace ys::ui
