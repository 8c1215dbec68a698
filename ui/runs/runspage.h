#pragma once
// The Runs page (run history): every run folder under the studio's project folder and the folders the user
// adds (an Ultralytics `runs/detect`), listed with status, dataset, model, epochs, best mAP, time, peak
// memory and start, sortable and filterable; bad folders listed with what is wrong. Selecting a run opens
// it below (RunDetail; followed live while a trainer writes it); Resume hands the run to the shell for
// the Train page (resumeRequested); Open folder shows it in the file manager; Delete moves it to the trash
// after asking — the only write this page ever makes. The list follows the folders (RunListController).
// GUI thread only.

#include "data/dataset.h"
#include "ui/common/pooljob.h"
#include "ui/common/resumerequest.h"
#include "ui/common/studiopage.h"

#include <QFuture>
#include <QIcon>
#include <QList>
#include <QMap>
#include <QString>
#include <QWidget>

#include <functional>
#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSettings;
class QSplitter;
class QStackedWidget;
class QTableView;
class QToolBar;

namespace ys::ui {

class RunCompareView;
class RunDetail;
class RunFollower;
class RunListController;
class RunListModel;
class RunListProxy;
class ReviewDialog;

class RunsPage final : public StudioPage {
    Q_OBJECT
public:
    explicit RunsPage(QWidget* parent = nullptr);
    ~RunsPage() override;

    QString title() const override;
    QIcon icon() const override;
    QList<QAction*> pageActions() const override;
    QString statusText() const override;
    void saveState(QSettings& settings) const override;
    void restoreState(const QSettings& settings) override;

    // The studio's project folder (where the Train page writes runs); remembered, listed at once.
    void setProjectFolder(const QString& folder);
    // The dataset open in the studio: a run trained on it previews its best weights on its validation images.
    void setDataset(std::shared_ptr<const ys::Dataset> dataset);
    QString projectFolder() const;
    // Lists every folder again (F5).
    void refresh();
    // A run folder was written (the Train page): re-read it.
    void refreshRun(const QString& runDir);
    // Selects and opens the run in `dir` (false when it is not listed).
    bool openRun(const QString& dir);
    // Adds a folder to list (no dialog); false when already listed.
    bool addFolder(const QString& folder);
    // Resumes `dir` with `values` changed (resumable keys; no dialog): emits resumeRequested. False, and a
    // message, when the run cannot be resumed or a value is bad.
    bool resumeRun(const QString& dir, const QMap<QString, QString>& values = {});
    // Compares the runs in `dirs` (two or more listed runs; false otherwise): reads their results.csv off
    // the GUI thread, then shows their curves together in place of the opened run (compareView());
    // compared() follows. Selecting one run shows it again.
    bool compareRuns(const QStringList& dirs);
    // Deletes the selected runs after confirm() (trash first; permanently only after a second confirm()).
    // Returns how many were removed.
    int deleteSelected();
    // Review labels with this model: opens the review window of the run in `dir` (a run with weights and a
    // dataset) showing its RUN/review.json if any; the user starts the review there (ReviewDialog). Null, and
    // a message, when the run cannot be reviewed.
    ReviewDialog* reviewRun(const QString& dir);
    ReviewDialog* reviewDialog() const { return review_; }
    // The newest RUN/review.json of the listed runs trained on `dataYaml`; empty when none.
    QString newestReview(const QString& dataYaml) const;

    // How the page asks before deleting (tests replace the message box).
    using Confirm = std::function<bool(const QString& title, const QString& text)>;
    void setConfirm(Confirm confirm) { confirm_ = std::move(confirm); }

    int runCount() const;
    RunListController* controller() const { return controller_; }
    RunListModel* model() const;
    RunListProxy* proxy() const { return proxy_; }
    QTableView* table() const { return table_; }
    RunCompareView* compareView() const { return compare_; }
    bool isComparing() const;
    // No run listed (folders that are not runs do not count): the page says where runs come from, with a button to the Train page (trainRequested).
    bool showsEmptyState() const;
    RunFollower* follower() const { return follower_; }
    QStringList selectedDirs() const;
    // The list above the opened run: as tall as its rows (at least 3, at most 30% of the page) unless the user
    // dragged it (then as dragged, remembered); the charts get the rest.
    QSplitter* splitter() const { return splitter_; }

signals:
    // The user resumes a run: the shell shows the Train page with request.config loaded for resume.
    void resumeRequested(const ys::ui::ResumeRequest& request);
    // Export report… on a run (the shell owns the one exporter).
    void exportReportRequested(const QString& runDir);
    // Export model… on the selected run (weights/best.pt or last.pt present); the shell's ModelExporter asks.
    void exportModelRequested(const QString& runDir);
    // The compare view shows these runs (in this order).
    void compared(const QStringList& dirs);
    // The empty state's "Go to the Train page".
    void trainRequested();
    // A review of a run ended and was saved to `path` (RUN/review.json).
    void reviewed(const QString& path);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildActions();
    void retranslate();
    void onSelectionChanged();
    void onListChanged();
    void openCurrent();
    void resumeWithDialog();
    void chooseFolder();
    void removeSelectedFolder();
    void openSelectedFolder();
    void compareSelected();
    void showDetail();
    void updateEmptyState();
    void fitColumns();
    int listHeightWanted() const;
    void fitListHeight();
    void updateActions();
    void updateFoldersLabel();
    void showMessage(const QString& text);
    QString currentDir() const;

    RunListController* controller_;
    RunListProxy* proxy_;
    RunFollower* follower_;
    QToolBar* toolbar_;
    QComboBox* statusFilter_;
    QLineEdit* search_;
    QTableView* table_;
    RunDetail* detail_;
    RunCompareView* compare_;
    QStackedWidget* stack_;
    QWidget* empty_;
    QLabel* emptyTitle_;
    QLabel* emptyText_;
    QPushButton* trainButton_;
    PoolJobs compareJobs_;
    quint64 compareGeneration_ = 0;
    QSplitter* splitter_;
    QLabel* foldersLabel_;
    QLabel* message_;
    QAction* refreshAction_ = nullptr;
    QAction* addFolderAction_ = nullptr;
    QAction* removeFolderAction_ = nullptr;
    QAction* resumeAction_ = nullptr;
    QAction* openFolderAction_ = nullptr;
    QAction* exportReportAction_ = nullptr;
    QAction* exportModelAction_ = nullptr;
    QAction* deleteAction_ = nullptr;
    QAction* reviewAction_ = nullptr;
    ReviewDialog* review_ = nullptr;
    QAction* compareAction_ = nullptr;
    QAction* findAction_ = nullptr;
    Confirm confirm_;
    bool userSized_ = false;   // the user dragged the list's splitter (or a dragged state was restored)
};

}  // namespace ys::ui
