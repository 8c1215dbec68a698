#pragma once
// The Dataset page: open a data.yaml, browse its images (grid + large viewer), filter by split, class and
// finding, read the findings table and the statistics. Owns the DatasetController that runs scan and
// check off the GUI thread.

#include "common/error.h"
#include "data/check.h"
#include "ui/shell/studiopage.h"

class QAction;
class QComboBox;
class QCheckBox;
class QLabel;
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
class FindingsView;
class ImageFilterProxy;
class ImageListModel;
class ImageViewer;
class PlotsWidget;
class ThumbnailView;

class DatasetPage final : public StudioPage {
    Q_OBJECT
public:
    explicit DatasetPage(QWidget* parent = nullptr);
    ~DatasetPage() override;

    QString title() const override;
    QIcon icon() const override;

    void openDataset(const QString& yamlPath);
    void openDemo(const QString& dir);
    void cancel();
    // Writes the current check result to `path`: JSON (checkResultToJson) when it ends in .json, otherwise
    // CSV (severity,code,file,line,message). Atomic (QSaveFile). Returns false with `error` set on failure.
    bool exportCheckResult(const QString& path, QString* error) const;
    bool hasCheckResult() const;

    // Shows `imageIndex` (index into Dataset::images) in grid and viewer, clearing filters that hide it,
    // and highlights `box` when >= 0.
    void selectImage(int imageIndex, int box = -1);

    // Entries for the empty state's "recent" list.
    void setRecentDatasets(const QStringList& paths);
    void setExportAction(QAction* action);

    void saveState(QSettings& settings) const override;
    void restoreState(const QSettings& settings) override;
    // Brings the findings forward, the grid filtered to images with errors or warnings.
    void showFindings();

    // Status-bar text: counts of the dataset, the shown images and the findings.
    QString statusText() const override;

    DatasetController* controller() const { return controller_; }
    ImageListModel* imageModel() const { return images_; }
    ImageFilterProxy* imageProxy() const { return proxy_; }
    ThumbnailView* grid() const { return grid_; }
    ImageViewer* viewer() const { return viewer_; }
    FindingsView* findings() const { return findings_; }
    PlotsWidget* plots() const { return plots_; }
    QTabWidget* bottomTabs() const { return tabs_; }
    QSplitter* pageSplitter() const { return mainSplitter_; }
    QComboBox* splitFilter() const { return splitCombo_; }
    QComboBox* classFilter() const { return classCombo_; }
    QComboBox* problemFilter() const { return problemCombo_; }

signals:
    void datasetOpened(const QString& yamlPath);
    void busyChanged(bool busy);
    void checkFinished();
    void openRequested();       // the empty state's "Open data.yaml…" button
    void demoRequested();       // the empty state's "Open demo dataset" button
    void recentRequested(const QString& path);
    void errorOccurred(const QString& context, const ys::Error& error);

private:
    QWidget* buildEmptyState();
    QWidget* buildBrowser();
    void onJobChanged();
    void onProgress(const QString& stage, qint64 done, qint64 total);
    void onDatasetReady(bool complete);
    void onCheckReady();
    void onGridCurrentChanged();
    void fillSplitAndClassFilters();
    void fillProblemFilter();
    void applyFilters();
    void schedulePlots();
    void updatePlots();
    void updateHeader();
    void updateStatus();
    QString stageText(const QString& stage) const;

    DatasetController* controller_;
    ImageListModel* images_;
    ImageFilterProxy* proxy_;

    QStackedWidget* stack_ = nullptr;
    QVBoxLayout* recentLayout_ = nullptr;
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
    PlotsWidget* plots_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    QSplitter* mainSplitter_ = nullptr;
    QSplitter* topSplitter_ = nullptr;
    bool filling_ = false;
    bool defaultSizesPending_ = true;
    bool plotsDirty_ = false;
    qint64 boxCount_ = 0;
    QScrollArea* plotsScroll_ = nullptr;  // suppresses filter updates while combos are refilled
};

}  // namespace ys::ui
