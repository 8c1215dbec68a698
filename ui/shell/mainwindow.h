#pragma once
// The studio's main window: a left navigation bar over its pages (Dataset · Train · Runs, each a
// StudioPage), the menu bar (with a menu of each page's actions), a status bar showing the current page's
// status, remembered geometry and page state, the close check (a page may keep the window open, e.g. to stop
// a training run first), notifications when a long run ends in the background, and drops of a data.yaml or
// of a folder that holds one (handed to the Dataset page). It wires the pages to each other: the Train page
// trains on the dataset the Dataset page has open, and links back to its findings.

#include "common/error.h"

#include <QMainWindow>

class QActionGroup;
class QLabel;
class QListWidget;
class QMenu;
class QStackedWidget;

namespace ys::ui {

class DatasetPage;
class Notifier;
class ModelExporter;
class ReportExporter;
class RunsPage;
class StudioPage;
class TrainPage;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // The Dataset page, shown, opens `path` (a data.yaml or a folder that holds one) or the demo dataset.
    void openDataset(const QString& path);
    void openDemo();
    // Reopens the dataset of the last session when it still exists. Returns false otherwise.
    bool reopenLastDataset();
    // Adds a page to the navigation bar (Dataset is page 0). Returns its index.
    int addPage(StudioPage* page);
    void showPage(StudioPage* page);
    StudioPage* currentPage() const;
    const QList<StudioPage*>& pages() const { return pages_; }

    TrainPage* trainPage() const { return trainPage_; }
    RunsPage* runsPage() const { return runsPage_; }
    ReportExporter* reportExporter() const { return reportExporter_; }
    ModelExporter* modelExporter() const { return modelExporter_; }
    Notifier* notifier() const { return notifier_; }
    QString statusBarText() const;

    // Switches the UI language now (and for the next start): every page retranslates itself.
    void chooseLanguage(const QString& code);

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildMenus();
    void buildNavigation();
    void wirePages();
    void retranslateNavigation();
    void showError(const QString& context, const ys::Error& error);
    void retranslate();
    void updateWindowTitle();
    void about();

    DatasetPage* datasetPage_;
    TrainPage* trainPage_;
    RunsPage* runsPage_;
    QList<StudioPage*> pages_;
    Notifier* notifier_ = nullptr;
    ReportExporter* reportExporter_ = nullptr;   // Export report… of the Runs and Train pages
    ModelExporter* modelExporter_ = nullptr;     // Export model… (ONNX) of the Runs and Train pages
    QListWidget* nav_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    QLabel* statusCounts_ = nullptr;
    QList<std::pair<QMenu*, StudioPage*>> pageMenus_;   // each page's menu (pages with actions), retranslated
    QMenu* fileMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QMenu* languageMenu_ = nullptr;
    QMenu* helpMenu_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* fullScreenAction_ = nullptr;
    QAction* aboutAction_ = nullptr;
    QAction* aboutQtAction_ = nullptr;
    QActionGroup* languageGroup_ = nullptr;
};

}  // namespace ys::ui
