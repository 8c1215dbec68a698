#pragma once
// The Dataset page: open a data.yaml (the Open dialog, recent datasets, the demo, a drop), browse its images
// (grid + large viewer), filter by split, class and finding, read the findings table and the statistics,
// export the check result. Owns the DatasetController that runs scan and check off the GUI thread.
//
// Its object name is "datasetPage" (tests find it in the MainWindow so). Tests reach its children by object
// name: "imageGrid" (ThumbnailView, whose model is the filtered grid),
// "imageViewer", "findingsView", "findingsTable", "splitFilter", "classFilter", "problemFilter",
// "bottomTabs" (Findings, Statistics, Suspected label mistakes), "pageSplitter", "imgsz", "datasetController".

#include "common/error.h"
#include "data/check.h"
#include "ui/common/studiopage.h"

#include <memory>

class QAction;
class QComboBox;
class QCheckBox;
class QHBoxLayout;
class QLabel;
class QMenu;
class QMimeData;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSettings;
class QSpinBox;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QToolButton;
class QVBoxLayout;

namespace ys::ui {

class DatasetController;
class DatasetReviewTab;
class DatasetStatsWidget;
class FindingsView;
class ImageFilterProxy;
class ImageListModel;
class ImageViewer;
class ThumbnailView;
struct ProblemFilter;

class DatasetPage final : public StudioPage {
    Q_OBJECT
public:
    explicit DatasetPage(QWidget* parent = nullptr);
    ~DatasetPage() override;

    QString title() const override;
    QIcon icon() const override;
    // Open Dataset… (Ctrl+O), Recent Datasets (a submenu), Open Demo Dataset, Export Check Result… (Ctrl+E
    // while the page has focus).
    QList<QAction*> pageActions() const override;
    // The viewer's zoom in, zoom out and fit.
    QList<QAction*> viewActions() const override;
    // Counts of the dataset, the shown images and the findings.
    QString statusText() const override;
    void saveState(QSettings& settings) const override;
    void restoreState(const QSettings& settings) override;

    // Opens `path`: a data.yaml, or a folder that holds one (ys::findDataYaml); for anything else core's
    // loader says what is wrong (errorOccurred). Opening the dataset that is being opened does nothing.
    void openDataset(const QString& path);
    // Open Dataset…: a file dialog, then openDataset().
    void chooseDataset();
    // The built-in demo dataset: written into demoDirectory() the first time, then opened.
    void openDemo();
    // Folder of the demo dataset (under QStandardPaths::AppDataLocation).
    static QString demoDirectory();
    // Reopens the dataset of the last session when it still exists. False otherwise.
    bool reopenLastDataset();
    // Datasets opened before, newest first.
    QStringList recentDatasets() const;
    // The data.yaml a drag carries: one local data.yaml, or a folder that holds one. Empty otherwise.
    static QString droppedDataset(const QMimeData* mime);
    void cancel();

    // Writes the current check result to `path`: JSON (checkResultToJson) when it ends in .json, otherwise
    // CSV (checkResultToCsv). Atomic (QSaveFile). Returns false with `error` set on failure.
    bool exportCheckResult(const QString& path, QString* error) const;
    bool hasCheckResult() const;

    // Shows `imageIndex` (index into Dataset::images) in grid and viewer, clearing filters that hide it,
    // and highlights `box` when >= 0.
    void selectImage(int imageIndex, int box = -1);
    // Brings the findings forward, the grid filtered to images with errors or warnings.
    void showFindings();
    // The "Suspected label mistakes" tab (a label review of this dataset; the shell hands it review files).
    DatasetReviewTab* reviewTab() const { return review_; }

signals:
    // The scan finished; the images are on screen (the check follows).
    void datasetOpened(const QString& yamlPath);
    // The check finished: the dataset and its result (the Train page trains on them).
    void checkFinished(std::shared_ptr<const ys::Dataset> dataset, std::shared_ptr<const ys::CheckResult> result);
    void busyChanged(bool busy);
    void errorOccurred(const QString& context, const ys::Error& error);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildActions();
    QWidget* buildEmptyState();
    QWidget* buildBrowser();
    QHBoxLayout* buildHeader(QWidget* parent);
    QWidget* buildProgressStrip(QWidget* parent);
    QHBoxLayout* buildFilterBar(QWidget* parent);
    QTabWidget* buildTabs(QWidget* parent);
    void retranslate();
    void updateFindingsTab();
    void chooseExportFile();
    void rememberDataset(const QString& yamlPath);
    void fillRecentMenu();
    void showRecentButtons();
    void onJobChanged();
    void onProgress(ys::ProgressStage stage, qint64 done, qint64 total);
    void onDatasetReady(bool complete);
    void onCheckReady();
    void onGridCurrentChanged();
    void fillSplitAndClassFilters();
    void fillProblemFilter();
    int problemItem(const ProblemFilter& filter) const;
    void applyFilters();
    void schedulePlots();
    void updatePlots();
    void updateHeader();
    void updateStatus();
    QString stageText(ys::ProgressStage stage) const;

    DatasetController* controller_;
    ImageListModel* images_;
    ImageFilterProxy* proxy_;

    QAction* openAction_ = nullptr;
    QAction* recentAction_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QAction* demoAction_ = nullptr;
    QAction* exportAction_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    QVBoxLayout* recentLayout_ = nullptr;
    QLabel* emptyHeading_ = nullptr;
    QLabel* emptyText_ = nullptr;
    QPushButton* openButton_ = nullptr;
    QPushButton* demoButton_ = nullptr;
    QLabel* imgszLabel_ = nullptr;
    QLabel* splitLabel_ = nullptr;
    QLabel* classLabel_ = nullptr;
    QLabel* problemLabel_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* subtitle_ = nullptr;
    QSpinBox* imgsz_ = nullptr;
    QToolButton* recheck_ = nullptr;
    QWidget* progressStrip_ = nullptr;
    QLabel* progressLabel_ = nullptr;
    QProgressBar* progressBar_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QComboBox* splitCombo_ = nullptr;
    QComboBox* classCombo_ = nullptr;
    QComboBox* problemCombo_ = nullptr;
    QCheckBox* showBoxes_ = nullptr;
    QLabel* shownLabel_ = nullptr;
    ThumbnailView* grid_ = nullptr;
    ImageViewer* viewer_ = nullptr;
    FindingsView* findings_ = nullptr;
    DatasetReviewTab* review_ = nullptr;
    DatasetStatsWidget* plots_ = nullptr;
    QScrollArea* plotsScroll_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    QSplitter* mainSplitter_ = nullptr;
    QSplitter* topSplitter_ = nullptr;
    bool filling_ = false;  // suppresses filter updates while combos are refilled
    bool defaultSizesPending_ = true;
    bool plotsDirty_ = false;
    qint64 boxCount_ = 0;
};

}  // namespace ys::ui
