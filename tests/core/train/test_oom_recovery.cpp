// Out-of-memory recovery with a CPU memory budget (the tracking allocator raises c10::OutOfMemoryError):
// a budget that holds for ordinary batches but not for the batch holding a very crowded image. The run
// must finish every epoch, log the recovery (old -> new micro-batch) and write a complete results.csv.
#include "common/config.h"
#include "data/demo.h"
#include "smallrun.h"
#include "testsupport.h"
#include "train/trainer.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

ys::TrainConfig baseConfig(const QString& data, const QString& project, const QString& name)
{
    ys::TrainConfig c = ys::test::smallRunConfig(data, project, name);
    c.batch = 8;
    c.nbs = 8;
    c.epochs = 2;
    return c;
}
// The generated demo dataset (160 x 128 images) with this many images, under dir/demo; its data.yaml.
ys::Expected<std::string> demoData(const QTemporaryDir& dir, int trainImages, int valImages, uint32_t seed)
{
    ys::DemoOptions o;
    o.trainImages = trainImages;
    o.valImages = valImages;
    o.width = 160;
    o.height = 128;
    o.seed = seed;
    return ys::writeDemoDataset(dir.filePath("demo").toStdString(), o);
}

}  // namespace

class TestOomRecovery final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void denseBatchRecovers();
    void batchOneThatDoesNotFitStopsCleanly();
    void libraryAllocationFailuresRecover_data();
    void libraryAllocationFailuresRecover();
};

void TestOomRecovery::denseBatchRecovers()
{
    QTemporaryDir dir;
    auto yaml = demoData(dir, 16, 4, 3);
    QVERIFY(yaml.ok());
    const QString data = QString::fromStdString(*yaml);

    // 1. Peak tensor memory of ordinary training at this size, without a budget.
    int64_t ordinaryPeak = 0;
    ys::TrainCallbacks quiet;
    quiet.onLog = [](const std::string&) {};
    quiet.onBatch = [&](const ys::BatchProgress& p) { ordinaryPeak = std::max(ordinaryPeak, p.memoryPeak); };
    auto plain = ys::train(baseConfig(data, dir.filePath("runs"), "plain"), quiet);
    QVERIFY2(plain.ok(), plain.ok() ? "" : plain.error().toString().c_str());
    QVERIFY(ordinaryPeak > 0);

    // 2. One training image with 5000 overlapping boxes: the assigner's work grows with batch x boxes x
    //    anchors (every anchor lies inside hundreds of boxes), far above the ordinary peak.
    const QString denseImage = dir.filePath("demo/images/train/dense.jpg");
    QVERIFY(ys::test::writeImage(denseImage, 160, 128, 11));
    std::string label;
    for (int i = 0; i < 5000; ++i) {
        const double cx = 0.2 + 0.6 * ((i * 37) % 100) / 100.0, cy = 0.2 + 0.6 * ((i * 53) % 97) / 97.0;
        label += std::to_string(i % 5) + " " + std::to_string(cx) + " " + std::to_string(cy) + " 0.3 0.3\n";
    }
    QVERIFY(ys::test::writeText(dir.filePath("demo/labels/train/dense.txt"), label));

    ys::TrainConfig c = baseConfig(data, dir.filePath("runs"), "budget");
    const int64_t budget = ordinaryPeak * 13 / 10;   // 30% headroom over ordinary batches
    c.vram = std::to_string(budget);
    std::vector<ys::TrainEvent> events;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onEvent = [&](const ys::TrainEvent& e) { events.push_back(e); };
    int64_t peakWithBudget = 0;
    cb.onBatch = [&](const ys::BatchProgress& p) { peakWithBudget = std::max(peakWithBudget, p.memoryPeak); };
    auto r = ys::train(c, cb);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->epochsCompleted, 2);
    QVERIFY(r->finalMicroBatch < 8);
    QVERIFY2(peakWithBudget <= budget, qPrintable(QString("peak %1 > budget %2").arg(peakWithBudget).arg(budget)));

    const auto oom = std::find_if(events.begin(), events.end(), [](const auto& e) { return e.kind == ys::EventKind::OomRecovered; });
    QVERIFY2(oom != events.end(), "no oom_recovered event");
    QVERIFY(oom->epoch >= 1 && oom->epoch <= 2);   // stamped with where it happened, not epoch 0
    QVERIFY(oom->batch >= 1);
    const QJsonObject details = QJsonDocument::fromJson(QByteArray::fromStdString(oom->detailsJson)).object();
    QCOMPARE(details["old_micro_batch"].toInt(), 8);
    QVERIFY(details["new_micro_batch"].toInt() < 8);

    // The event log on disk has it too, and results.csv has every epoch.
    QFile ev(QString::fromStdString(r->runDir) + "/events.jsonl");
    QVERIFY(ev.open(QIODevice::ReadOnly));
    QVERIFY(ev.readAll().contains("\"oom_recovered\""));
    QFile csv(QString::fromStdString(r->runDir) + "/results.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString(csv.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY(QFile::exists(QString::fromStdString(r->runDir) + "/memory.csv"));
}

void TestOomRecovery::batchOneThatDoesNotFitStopsCleanly()
{
    QTemporaryDir dir;
    auto yaml = demoData(dir, 8, 2, ys::DemoOptions{}.seed);
    QVERIFY(yaml.ok());
    ys::TrainConfig c = baseConfig(QString::fromStdString(*yaml), dir.filePath("runs"), "tiny");
    c.vram = "4MiB";   // less than the model's weights and gradients
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    auto r = ys::train(c, cb);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().code), QString("train.oom"));
    QVERIFY(!r.error().message.empty());
}

// A cuBLAS or cuDNN allocation failure raised inside a step (a c10::Error worded by the library, not the
// allocator's OutOfMemoryError) goes to the same recovery: the micro-batch halves and the run finishes. A real
// CUDA error ends the run with its message instead. The failure is injected into the first batch's step.
void TestOomRecovery::libraryAllocationFailuresRecover_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("recovers");
    QTest::newRow("cublas") << "cublas" << true;
    QTest::newRow("cudnn") << "cudnn" << true;
    QTest::newRow("cudnn engine") << "engine" << true;
    QTest::newRow("illegal access") << "illegal" << false;
}

void TestOomRecovery::libraryAllocationFailuresRecover()
{
    QFETCH(QString, kind);
    QFETCH(bool, recovers);
    QTemporaryDir dir;
    auto yaml = demoData(dir, 16, 4, 5);
    QVERIFY(yaml.ok());
    ys::TrainConfig c = baseConfig(QString::fromStdString(*yaml), dir.filePath("runs"), kind);
    c.epochs = 1;
    qputenv("YS_INJECT_OOM", "0:1:1:" + kind.toUtf8());
    std::vector<ys::TrainEvent> events;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onEvent = [&](const ys::TrainEvent& e) { events.push_back(e); };
    auto r = ys::train(c, cb);
    qunsetenv("YS_INJECT_OOM");
    const bool recovered = std::any_of(events.begin(), events.end(),
                                       [](const auto& e) { return e.kind == ys::EventKind::OomRecovered; });
    if (!recovers) {
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("illegal memory access") != std::string::npos, r.error().toString().c_str());
        QVERIFY(!recovered);
        return;
    }
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->epochsCompleted, 1);
    QVERIFY2(recovered, "no oom_recovered event");
    QCOMPARE(r->finalMicroBatch, 4);
}

QTEST_GUILESS_MAIN(TestOomRecovery)
#include "test_oom_recovery.moc"
