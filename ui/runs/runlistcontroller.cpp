#include "ui/runs/runlistcontroller.h"

#include "run/runlock.h"
#include "ui/common/logging.h"
#include "ui/runs/runlistmodel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QSettings>
#include <QTimer>
#include <QtConcurrent>

#include <exception>
#include <memory>

namespace ys::ui {
namespace {

QString clean(const QString& folder)
{
    return folder.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
}

}  // namespace

RunListController::RunListController(QObject* parent)
    : QObject(parent), model_(new RunListModel(this)), watcher_(new QFileSystemWatcher(this)),
      debounce_(new QTimer(this)), runningTimer_(new QTimer(this))
{
    debounce_->setSingleShot(true);
    debounce_->setInterval(kDebounceMs);
    connect(debounce_, &QTimer::timeout, this, &RunListController::flushChanges);
    runningTimer_->setInterval(kRunningCheckMs);
    connect(runningTimer_, &QTimer::timeout, this, &RunListController::checkRunning);
    connect(watcher_, &QFileSystemWatcher::directoryChanged, this, &RunListController::onPathChanged);
    connect(watcher_, &QFileSystemWatcher::fileChanged, this, &RunListController::onPathChanged);
}

RunListController::~RunListController() = default;   // jobs_ waits for the pool jobs

QStringList RunListController::folders() const
{
    QStringList out;
    if (!project_.isEmpty())
        out << project_;
    for (const QString& f : user_)
        if (!out.contains(f))
            out << f;
    return out;
}

void RunListController::restore()
{
    QSettings s;
    project_ = clean(s.value(QString::fromLatin1(kProjectKey)).toString());
    user_.clear();
    for (const QString& f : s.value(QString::fromLatin1(kFoldersKey)).toStringList())
        if (const QString c = clean(f); !c.isEmpty() && !user_.contains(c))
            user_ << c;
    refresh();
}

void RunListController::saveFolders() const
{
    QSettings s;
    s.setValue(QString::fromLatin1(kProjectKey), project_);
    s.setValue(QString::fromLatin1(kFoldersKey), user_);
}

void RunListController::setProjectFolder(const QString& folder)
{
    const QString c = clean(folder);
    if (c == project_)
        return;
    const QString old = project_;
    project_ = c;
    saveFolders();
    if (!old.isEmpty() && !user_.contains(old))
        model_->removeRoot(old);
    if (!project_.isEmpty())
        listRoot(project_);
    updateWatches();
}

bool RunListController::addFolder(const QString& folder)
{
    const QString c = clean(folder);
    if (c.isEmpty() || folders().contains(c))
        return false;
    user_ << c;
    saveFolders();
    listRoot(c);
    return true;
}

void RunListController::removeFolder(const QString& folder)
{
    const QString c = clean(folder);
    if (!user_.removeAll(c))
        return;
    saveFolders();
    if (c != project_)
        model_->removeRoot(c);
    updateWatches();
}

void RunListController::refresh()
{
    for (const QString& root : model_->roots())
        if (!folders().contains(root))
            model_->removeRoot(root);
    for (const QString& root : folders())
        listRoot(root);
    updateWatches();
}

void RunListController::refreshRun(const QString& dir)
{
    const QString d = clean(dir);
    const QString root = rootOf(d);
    if (root.isEmpty())
        return;
    if (model_->rowOf(d) < 0)
        listRoot(root);   // a new run folder: the listing finds it and whatever else came with it
    else
        readOne(root, d);
}

void RunListController::jobStarted()
{
    if (pending_++ == 0)
        emit busyChanged(true);
}

void RunListController::jobEnded()
{
    if (--pending_ == 0)
        emit busyChanged(false);
}

void RunListController::listRoot(const QString& root)
{
    const quint64 gen = nextGeneration_++;
    generation_[root] = gen;
    jobStarted();
    const std::string path = root.toStdString();
    jobs_.start(this, [path] { return ys::listRuns(path); }, [this, root, gen](const ys::Expected<ys::RunList>& out) {
        jobEnded();
        if (generation_.value(root) != gen || !folders().contains(root))
            return;   // a newer listing of this folder is on its way, or it is no longer listed
        if (out)
            model_->setRuns(root, *out);
        else
            model_->setRootError(root, out.error());
        qCDebug(lcRuns) << "listed" << root << model_->runCount() << "runs";
        updateWatches();
        emit listed(root);
    });
}

void RunListController::readOne(const QString& root, const QString& dir)
{
    const quint64 gen = nextGeneration_++;
    generation_[dir] = gen;
    jobStarted();
    const std::string path = dir.toStdString();
    jobs_.start(this, [path] { return ys::readRun(path); }, [this, root, dir, gen](const ys::Expected<ys::RunRecord>& out) {
        jobEnded();
        if (generation_.value(dir) != gen || !folders().contains(root))
            return;
        if (!out || out->status == ys::RunStatus::NotARun) {
            listRoot(root);   // gone, or no run any more: the listing says what is there now
            return;
        }
        model_->updateRun(root, *out);
        updateWatches();
        emit runRead(dir);
    });
}

void RunListController::onPathChanged(const QString& path)
{
    changed_.insert(QDir::cleanPath(path));
    debounce_->start();
}

void RunListController::flushChanges()
{
    const QSet<QString> paths = std::exchange(changed_, {});
    QSet<QString> roots, runs;
    for (const QString& p : paths) {
        const QString root = rootOf(p);
        if (root.isEmpty())
            continue;
        // A changed file (events.jsonl) or folder of a known run: read that run again.
        QString dir = p;
        if (QFileInfo(p).fileName() == QLatin1String("events.jsonl") || QFileInfo(p).fileName() == QLatin1String("weights"))
            dir = QFileInfo(p).absolutePath();
        const int row = model_->rowOf(dir);
        const RunListModel::Entry* e = model_->entry(row);
        if (e && e->isRun && dir != root)
            runs.insert(dir);
        else
            roots.insert(root);   // the project folder, a nesting folder, or a folder that may have become a run
    }
    for (const QString& root : roots)
        listRoot(root);
    for (const QString& dir : runs)
        if (!roots.contains(rootOf(dir)))
            readOne(rootOf(dir), dir);
}

void RunListController::checkRunning()
{
    for (int row = 0; row < model_->rowCount(); ++row) {
        const RunListModel::Entry* e = model_->entry(row);
        if (!e->isRun || e->record.status != ys::RunStatus::Running)
            continue;
        const std::optional<ys::RunLockInfo> lock = ys::RunLock::read(e->dir.toStdString());
        if (!lock || !lock->live)
            readOne(e->root, e->dir);
    }
}

void RunListController::updateWatches()
{
    QStringList want;
    bool anyRunning = false;
    for (const QString& root : folders())
        want << root;
    for (int row = 0; row < model_->rowCount(); ++row) {
        const RunListModel::Entry* e = model_->entry(row);
        const QString parent = QFileInfo(e->dir).absolutePath();
        if (!want.contains(parent))
            want << parent;   // a nesting folder (Ultralytics' runs/detect)
        if (e->isRun && !want.contains(e->dir))
            want << e->dir;
        if (e->isRun && e->record.status == ys::RunStatus::Running) {
            anyRunning = true;
            want << QDir(e->dir).filePath(QStringLiteral("events.jsonl"));
        }
    }
    QStringList have = watcher_->directories() + watcher_->files();
    QStringList drop, add;
    for (const QString& p : have)
        if (!want.contains(p))
            drop << p;
    for (const QString& p : want)
        if (!have.contains(p) && QFileInfo::exists(p))
            add << p;
    if (!drop.isEmpty())
        watcher_->removePaths(drop);
    if (!add.isEmpty())
        watcher_->addPaths(add);
    if (anyRunning && !runningTimer_->isActive())
        runningTimer_->start();
    else if (!anyRunning)
        runningTimer_->stop();
}

QStringList RunListController::watchedPaths() const
{
    return watcher_->directories() + watcher_->files();
}

QString RunListController::rootOf(const QString& path) const
{
    QString best;
    for (const QString& root : folders())
        if ((path == root || path.startsWith(root + QLatin1Char('/'))) && root.size() > best.size())
            best = root;
    return best;
}

bool RunListController::deleteRun(const QString& dir, bool permanently, QString* error)
{
    const QString d = clean(dir);
    const int row = model_->rowOf(d);
    const RunListModel::Entry* e = model_->entry(row);
    if (!e || !e->isRun) {
        if (error)
            *error = tr("This folder is not a listed run.");
        return false;
    }
    if (const auto lock = ys::RunLock::read(d.toStdString()); lock && lock->live) {
        if (error)
            *error = tr("The run is being trained now. Stop it first.");
        return false;
    }
    bool ok = false;
    if (permanently) {
        ok = QDir(d).removeRecursively();
        if (!ok && error)
            *error = tr("Some of its files could not be deleted.");
    } else {
        ok = QFile::moveToTrash(d);
        if (!ok && error)
            *error = tr("There is no trash for this folder's drive, or it cannot be moved there.");
    }
    qCInfo(lcRuns) << (permanently ? "deleted" : "moved to the trash") << d << (ok ? "" : "(failed)");
    if (ok || !QFileInfo::exists(d))
        model_->removeRun(d);
    updateWatches();
    return ok;
}

}  // namespace ys::ui
