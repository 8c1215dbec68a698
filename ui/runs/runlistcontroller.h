#pragma once
// Keeps the run list true: which folders are listed (the studio's project folder, where the Train page
// writes runs, plus folders the user adds such as an Ultralytics `runs/detect`; both remembered in
// QSettings), listing them off the GUI thread (core's listRuns, QtConcurrent + then(this)), and following
// changes: a QFileSystemWatcher on every listed folder, run folder and the events.jsonl of running runs,
// debounced (kDebounceMs), re-reads only the run that changed (readRun) or re-lists the project folder
// when folders came or went; a slow timer re-checks running runs (a killed trainer changes no file, only
// its process disappears). Never writes into a listed folder, except deleteRun on the user's request.
// Lives on the GUI thread; the destructor waits for the jobs it started.

#include "common/error.h"
#include "run/reader.h"

#include "ui/common/pooljob.h"

#include <QFuture>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>

class QFileSystemWatcher;
class QTimer;

namespace ys::ui {

class RunListModel;

class RunListController final : public QObject {
    Q_OBJECT
public:
    static constexpr int kDebounceMs = 400;          // a trainer's epoch end touches several files at once
    static constexpr int kRunningCheckMs = 3000;     // how soon a killed trainer's run stops showing "running"
    static constexpr const char* kProjectKey = "runs/projectFolder";
    static constexpr const char* kFoldersKey = "runs/folders";

    explicit RunListController(QObject* parent = nullptr);
    ~RunListController() override;

    RunListModel* model() const { return model_; }

    // The studio's project folder (where the Train page writes runs). Remembered; listed again at once.
    void setProjectFolder(const QString& folder);
    QString projectFolder() const { return project_; }
    // Folders the user added. Remembered. addFolder returns false for a folder already listed.
    bool addFolder(const QString& folder);
    void removeFolder(const QString& folder);
    QStringList userFolders() const { return user_; }
    // Every listed folder: the project folder first, then the user's (no duplicates).
    QStringList folders() const;
    // Reads the remembered folders and lists them.
    void restore();

    // Lists every folder again (Refresh, F5).
    void refresh();
    // Reads one run folder again (e.g. the Train page wrote it).
    void refreshRun(const QString& dir);
    // Listing or reading jobs are in flight.
    bool busy() const { return pending_ > 0; }

    // Moves a run folder to the trash (QFile::moveToTrash) or, with `permanently`, deletes it. Refuses a
    // running run. The only write this controller ever makes. Returns false and says why in `error`.
    bool deleteRun(const QString& dir, bool permanently, QString* error);

    // Paths the watcher watches now (tests).
    QStringList watchedPaths() const;

signals:
    void busyChanged(bool busy);
    // A job finished and the model holds its result.
    void listed(const QString& root);
    void runRead(const QString& dir);

private:
    void saveFolders() const;
    void listRoot(const QString& root);
    void readOne(const QString& root, const QString& dir);
    void jobStarted();
    void jobEnded();
    void onPathChanged(const QString& path);
    void flushChanges();
    void checkRunning();
    void updateWatches();
    QString rootOf(const QString& path) const;

    RunListModel* model_;
    QFileSystemWatcher* watcher_;
    QTimer* debounce_;
    QTimer* runningTimer_;
    QString project_;
    QStringList user_;
    QSet<QString> changed_;                 // paths reported since the last flush
    QHash<QString, quint64> generation_;    // per root or run dir: the newest job's number
    quint64 nextGeneration_ = 1;
    int pending_ = 0;
    PoolJobs jobs_;                         // started pool tasks (waited for on destruction)
};

}  // namespace ys::ui
