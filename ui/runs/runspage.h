#pragma once
// The Runs page (run history). For now it knows the run folders of the project folder of the open dataset
// by name and shows them, or a "no runs yet" state that says where runs come from; the run list with status,
// metrics and the dashboard view of each run is built on core/run by the Runs page's own engineer.

#include "ui/shell/studiopage.h"

class QLabel;
class QListWidget;
class QPushButton;
class QStackedWidget;

namespace ys::ui {

class RunsPage final : public StudioPage {
    Q_OBJECT
public:
    explicit RunsPage(QWidget* parent = nullptr);

    QString title() const override;
    QIcon icon() const override;
    QString statusText() const override;

    // The folder whose subfolders are runs (the Train page's project folder for the open dataset).
    void setProjectFolder(const QString& folder);
    QString projectFolder() const { return folder_; }
    // Lists the run folders again (a run started or ended).
    void refresh();
    int runCount() const;
    bool showsEmptyState() const;

signals:
    void trainRequested();   // the empty state's "Go to the Train page"

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QString folder_;
    QStackedWidget* stack_;
    QLabel* emptyTitle_ = nullptr;
    QLabel* emptyText_ = nullptr;
    QPushButton* trainButton_ = nullptr;
    QLabel* listTitle_ = nullptr;
    QListWidget* list_ = nullptr;
};

}  // namespace ys::ui
