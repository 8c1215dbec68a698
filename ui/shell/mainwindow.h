#pragma once
// The studio's main window: a left navigation bar over a page stack (Dataset first; later issues add
// their pages with addPage), the menu bar, a status bar with counts, remembered geometry and state, and
// drag and drop of a data.yaml or of a folder that holds one.

#include "common/error.h"

#include <QMainWindow>

class QActionGroup;
class QLabel;
class QListWidget;
class QMenu;
class QStackedWidget;

namespace ys::ui {

class DatasetPage;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openDataset(const QString& path);  // a data.yaml or a folder that holds one
    void openDemo();
    // Reopens the dataset of the last session when it still exists. Returns false otherwise.
    bool reopenLastDataset();
    // Adds a page to the navigation bar (Dataset is page 0). Returns its index.
    int addPage(QWidget* page, const QIcon& icon, const QString& title);

    DatasetPage* datasetPage() const { return datasetPage_; }
    QStringList recentDatasets() const;

    // Folder of the built-in demo dataset (under QStandardPaths::AppDataLocation).
    static QString demoDirectory();
    // data.yaml for a dropped or given path: the file itself, or data.yaml (else the only *.yaml) of a
    // folder. Empty when there is none.
    static QString resolveDatasetPath(const QString& path);

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
    void chooseDataset();
    void exportCheckResult();
    void rememberDataset(const QString& yamlPath);
    void fillRecentMenu();
    void showError(const QString& context, const ys::Error& error);
    void retranslate();
    void updateWindowTitle();
    void about();
    void updateActions();

    DatasetPage* datasetPage_;
    QListWidget* nav_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    QLabel* statusCounts_ = nullptr;
    QMenu* fileMenu_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QMenu* languageMenu_ = nullptr;
    QMenu* helpMenu_ = nullptr;
    QAction* openAction_ = nullptr;
    QAction* demoAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* fullScreenAction_ = nullptr;
    QAction* aboutAction_ = nullptr;
    QAction* aboutQtAction_ = nullptr;
    QAction* exportAction_ = nullptr;
    QActionGroup* languageGroup_ = nullptr;
};

}  // namespace ys::ui
