#pragma once
// One opened run on the Runs page: a header (name, status, dataset and model, epochs, best mAP, time,
// device and batch, what is wrong with its files) over tabs with what its files hold — its charts (the
// Train page's Dashboard fed from the files: memory, losses, metrics, learning rate, throughput, the epoch
// table and the log, followed live while the run is written), settings
// (args.yaml, changed keys marked, the file itself on request), the fit decision (fit.json), per-class
// results (metrics.json), the events (events.jsonl) and the problems found reading it. Fed a whole record
// (showRecord) and, while the run is written, what its RunTail found (applyUpdate). GUI thread only.

#include "data/dataset.h"
#include "run/reader.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace ys::ui {

class ClassMetricsModel;
class Dashboard;
class RunEventsModel;
class RunFitView;
class RunSettingsModel;

class RunDetail final : public QWidget {
    Q_OBJECT
public:
    enum Tab { ChartsTab = 0, EpochsTab, LogTab, SettingsTab, FitTab, ClassesTab, EventsTab, ProblemsTab };

    explicit RunDetail(QWidget* parent = nullptr);
    ~RunDetail() override;

    void showRecord(std::shared_ptr<const ys::RunRecord> record);
    // The dataset open in the studio; the charts' preview shows the best weights on its validation images
    // when the run trained on it.
    void setDataset(std::shared_ptr<const ys::Dataset> dataset);
    void applyUpdate(const ys::RunTailUpdate& update);
    // "Reading exp3…" while the record loads.
    void showLoading(const QString& dir);
    void showError(const QString& dir, const ys::Error& error);
    void clear();

    std::shared_ptr<const ys::RunRecord> record() const { return record_; }
    QString dir() const;

    // ---- parts (tests, screenshots, the page) --------------------------------------------------------
    Dashboard* dashboard() const { return dashboard_; }
    QString headerText() const;

signals:
    void resumeRequested();
    void openFolderRequested();
    // Export report… (the Runs page asks where and writes it).
    void reportRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateHeader();
    void updateTabTitles();
    void fillProblems();
    void updateClassesTitle();
    void showPreview();

    std::shared_ptr<const ys::RunRecord> record_;
    QString pendingDir_;
    QString errorText_;
    QLabel* title_;
    Dashboard* dashboard_ = nullptr;
    std::shared_ptr<const ys::Dataset> dataset_;
    QLabel* summary_;
    QLabel* problemsLine_;
    QPushButton* resumeButton_;
    QPushButton* folderButton_;
    QPushButton* reportButton_;
    QTabWidget* tabs_;
    RunSettingsModel* settings_;
    QSortFilterProxyModel* settingsProxy_;
    QTableView* settingsView_;
    QCheckBox* changedOnly_;
    QCheckBox* showFile_;
    QPlainTextEdit* argsText_;
    RunFitView* fit_;
    QLabel* classesTitle_;
    ClassMetricsModel* classes_;
    QTableView* classesView_;
    RunEventsModel* events_;
    QSortFilterProxyModel* eventsProxy_;
    QTableView* eventsView_;
    QListWidget* problems_;
};

}  // namespace ys::ui
