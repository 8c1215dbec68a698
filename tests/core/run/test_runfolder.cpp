// Run folder files: results.csv header and rows, resume truncation, event log, folder numbering.
#include "testsupport.h"
#include "common/fileutil.h"
#include "run/runfolder.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

class TestRunFolder final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void headerIsExact();
    void rowsRoundTripAndTruncate();
    void l1ColumnsForYolo26();
    void folderNumbering();
    void eventsAreJsonLines();
    void staleTempFilesOfDeadProcessesAreRemoved();
};

void TestRunFolder::headerIsExact()
{
    QCOMPARE(QString::fromStdString(ys::resultsCsvHeader()),
             QString("epoch,time,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),"
                     "metrics/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,"
                     "lr/pg2"));
    QCOMPARE(QString(ys::resultsCsvExtraColumns()), QString("train/images_per_s,memory/peak_bytes"));
}

void TestRunFolder::l1ColumnsForYolo26()
{
    // Ultralytics 8.4 names YOLO26's distance columns l1_loss; a row says which, and reading keeps it.
    QVERIFY(QString::fromStdString(ys::resultsCsvHeader(true)).contains("train/l1_loss"));
    QVERIFY(QString::fromStdString(ys::resultsCsvHeader(true)).contains("val/l1_loss"));
    QVERIFY(!QString::fromStdString(ys::resultsCsvHeader(true)).contains("dfl"));
    QTemporaryDir dir;
    const std::string path = dir.filePath("results.csv").toStdString();
    ys::ResultsCsv csv(path);
    ys::EpochResult r;
    r.epoch = 1;
    r.trainDfl = 0.125;
    r.valDfl = 0.25;
    r.l1Loss = true;
    QVERIFY(!csv.append(r));
    ys::ResultsCsv back(path);
    QVERIFY(!back.load(1));
    QCOMPARE(back.rows().size(), size_t(1));
    QVERIFY(back.rows()[0].l1Loss);
    QCOMPARE(back.rows()[0].trainDfl, 0.125);
    QCOMPARE(back.rows()[0].valDfl, 0.25);
    // An 8.3 file (dfl_loss) reads as before.
    ys::ResultsCsv plain(dir.filePath("plain.csv").toStdString());
    r.l1Loss = false;
    QVERIFY(!plain.append(r));
    ys::ResultsCsv plainBack(dir.filePath("plain.csv").toStdString());
    QVERIFY(!plainBack.load(1));
    QVERIFY(!plainBack.rows()[0].l1Loss);
    QCOMPARE(plainBack.rows()[0].trainDfl, 0.125);
}

void TestRunFolder::rowsRoundTripAndTruncate()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("results.csv").toStdString();
    ys::ResultsCsv csv(path);
    for (int e = 1; e <= 4; ++e) {
        ys::EpochResult r;
        r.epoch = e;
        r.time = 10.0 * e;
        r.trainBox = 1.5 / e;
        r.map50 = 0.1 * e;
        r.map50_95 = 0.05 * e;
        r.lr[0] = 0.01;
        r.imagesPerSecond = 12.5 * e;
        r.peakMemory = int64_t(3) << 30;
        QVERIFY(!csv.append(r));
    }
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString(f.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    // The reference columns first, exactly; the extra ones after them.
    QVERIFY(lines[0].startsWith(QString::fromStdString(ys::resultsCsvHeader()) + ","));
    QCOMPARE(lines[1].split(',').size(), 17);
    QVERIFY(lines[2].startsWith("2,20.0,0.75,"));
    QVERIFY(lines[2].endsWith(",25,3221225472"));

    ys::ResultsCsv resumed(path);
    QVERIFY(!resumed.load(2));
    QCOMPARE(resumed.rows().size(), size_t(2));
    QCOMPARE(resumed.rows()[1].epoch, 2);
    QCOMPARE(resumed.rows()[1].map50, 0.2);
    QCOMPARE(resumed.rows()[1].imagesPerSecond, 25.0);
    QCOMPARE(resumed.rows()[1].peakMemory, int64_t(3) << 30);
    ys::EpochResult r3;
    r3.epoch = 3;
    QVERIFY(!resumed.append(r3));
    f.close();
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QString(f.readAll()).split('\n', Qt::SkipEmptyParts).size(), 4);
}

void TestRunFolder::folderNumbering()
{
    QTemporaryDir dir;
    const std::string project = dir.filePath("runs").toStdString();
    auto a = ys::createRunFolder(project, "exp", false);
    auto b = ys::createRunFolder(project, "exp", false);
    auto c = ys::createRunFolder(project, "exp", true);
    QVERIFY(a && b && c);
    QVERIFY(QString::fromStdString(*a).endsWith("/exp"));
    QVERIFY(QString::fromStdString(*b).endsWith("/exp2"));
    QCOMPARE(*c, *a);
    QVERIFY(QDir(QString::fromStdString(*b) + "/weights").exists());
}

void TestRunFolder::eventsAreJsonLines()
{
    QTemporaryDir dir;
    ys::EventLog log(dir.filePath("events.jsonl").toStdString());
    ys::TrainEvent e;
    e.kind = ys::EventKind::OomRecovered;
    e.message = "micro-batch 8 -> 4 \"quoted\"";
    e.epoch = 3;
    e.batch = 17;
    e.wallTime = 1.7e9;
    e.detailsJson = "{\"old_micro_batch\":8,\"new_micro_batch\":4}";
    log.append(e);
    log.append(e);
    QFile f(dir.filePath("events.jsonl"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    QCOMPARE(lines.size(), 3);
    const QJsonObject o = QJsonDocument::fromJson(lines[0]).object();
    QCOMPARE(o["kind"].toString(), QString("oom_recovered"));
    QCOMPARE(o["epoch"].toInt(), 3);
    QCOMPARE(o["batch"].toInt(), 17);
    QCOMPARE(o["wall_time"].toDouble(), 1.7e9);
    QCOMPARE(o["message"].toString(), QString("micro-batch 8 -> 4 \"quoted\""));
    QCOMPARE(o["details"].toObject()["new_micro_batch"].toInt(), 4);
}

void TestRunFolder::staleTempFilesOfDeadProcessesAreRemoved()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    // A pid that no process has: the child of a fork that has exited and been reaped.
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    QVERIFY(child > 0);
    QCOMPARE(::waitpid(child, nullptr, 0), child);
    const QString dead = QString::number(child), alive = QString::number(::getpid());
    const QStringList names{"last.pt.tmp" + dead + "_0", "results.csv.tmp" + dead + "_12",  // removed
                            "last.pt.tmp" + alive + "_3",                                   // ours: kept
                            "best.pt", "notes.tmp", "x.tmp" + dead, "y.tmpabc_1", "z.tmp" + dead + "_"};
    for (const QString& n : names) {
        QFile f(tmp.filePath(n));
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    QCOMPARE(ys::removeStaleTempFiles(tmp.path().toStdString()), 2);
    QStringList left = QDir(tmp.path()).entryList(QDir::Files);
    left.sort();
    QStringList expected = names.mid(2);
    expected.sort();
    QCOMPARE(left, expected);
    // the names tempPathFor makes are the ones it recognises
    const std::string made = ys::tempPathFor(tmp.filePath("run.csv").toStdString());
    QVERIFY(QString::fromStdString(made).startsWith(tmp.filePath("run.csv.tmp") + alive + "_"));
}

QTEST_GUILESS_MAIN(TestRunFolder)
#include "test_runfolder.moc"
