// A training process killed with SIGKILL (power cut, OOM killer, closed laptop) resumes from its last
// checkpoint: `train resume=RUN/weights/last.pt` finishes the run, results.csv ends with one row per epoch
// in order, and no temporary file of the killed process is left in the run folder.
#include "run/reader.h"
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

class TestKillResume final : public QObject {
    Q_OBJECT
private slots:
    void killedRunResumesFromLastCheckpoint();
};

namespace {

QStringList dataRows(const QString& csv)
{
    QFile f(csv);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
    if (!lines.isEmpty())
        lines.removeFirst();  // header
    return lines;
}

// threads=N when the test environment caps the intra-op threads (YS_TEST_THREADS).
QStringList threadArgs()
{
    const int threads = qEnvironmentVariableIntValue("YS_TEST_THREADS");
    return threads > 0 ? QStringList{"threads=" + QString::number(threads)} : QStringList{};
}

}  // namespace

void TestKillResume::killedRunResumesFromLastCheckpoint()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString data = ys::test::writeShapesDataset(tmp.filePath("data"), 8, 96, 96);
    const QString runDir = tmp.filePath("runs/killed");
    const QString last = runDir + "/weights/last.pt";
    const QString csv = runDir + "/results.csv";
    const int epochs = 10;
    const QStringList args = QStringList{"train", "data=" + data, "model=yolov8n.yaml",
                                         "epochs=" + QString::number(epochs), "imgsz=96", "batch=4", "workers=0",
                                         "amp=off", "mosaic=0", "close_mosaic=0", "warmup_epochs=0", "patience=0",
                                         "project=" + tmp.filePath("runs"), "name=killed"} +
                             threadArgs();

    QProcess run;
    run.setProcessChannelMode(QProcess::MergedChannels);
    run.start(QStringLiteral(YS_CLI_PATH), args);
    QVERIFY2(run.waitForStarted(), qPrintable(run.errorString()));
    // Kill as soon as the first epoch's checkpoint is there: the process is then in epoch 2 (or writing
    // its checkpoint), the worst moment for a run folder.
    QElapsedTimer clock;
    clock.start();
    while (!(QFileInfo::exists(last) && dataRows(csv).size() >= 1)) {
        QVERIFY2(run.state() == QProcess::Running,
                 qPrintable("training ended before it could be killed:\n" + QString::fromUtf8(run.readAll())));
        QVERIFY2(clock.elapsed() < 300000, "no checkpoint after 300 s");
        QThread::msleep(20);
    }
    run.kill();  // SIGKILL: no handler runs, nothing is flushed
    QVERIFY(run.waitForFinished(10000));
    const int rowsAtKill = static_cast<int>(dataRows(csv).size());
    QVERIFY2(rowsAtKill < epochs, "the run finished before the kill; the test proves nothing");
    // The Runs page sees it interrupted and resumable: the lock names a process that is gone.
    auto killed = ys::readRun(runDir.toStdString());
    QVERIFY(killed.ok());
    QCOMPARE(QString(ys::toString(killed->status)), QString("interrupted"));
    QVERIFY(killed->resumable);
    QVERIFY(killed->lock && !killed->lock->live);

    QProcess resume;
    resume.setProcessChannelMode(QProcess::MergedChannels);
    resume.start(QStringLiteral(YS_CLI_PATH), QStringList{"train", "resume=" + last} + threadArgs());
    QVERIFY(resume.waitForFinished(600000));
    const QString log = QString::fromUtf8(resume.readAll());
    QVERIFY2(resume.exitStatus() == QProcess::NormalExit && resume.exitCode() == 0, qPrintable(log));

    const QStringList rows = dataRows(csv);
    QCOMPARE(rows.size(), epochs);
    for (int i = 0; i < epochs; ++i)
        QCOMPARE(rows[i].section(',', 0, 0).trimmed().toInt(), i + 1);  // epochs 1..N, each once, in order
    QVERIFY(QFileInfo::exists(runDir + "/weights/best.pt"));
    auto done = ys::readRun(runDir.toStdString());
    QVERIFY(done.ok());
    QCOMPARE(QString(ys::toString(done->status)), QString("finished"));
    QVERIFY(!done->lock);
    // The killed process may have died between writing a temporary file and renaming it; the resumed
    // run removes such leftovers.
    QDirIterator it(runDir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        QVERIFY2(!QFileInfo(f).fileName().contains(".tmp"), qPrintable("left over: " + f));
    }
}

QTEST_GUILESS_MAIN(TestKillResume)
#include "test_kill_resume.moc"
