// Starting from the weights users have: val of each Ultralytics demo fixture (../shared/fixtures/ultralytics,
// skipped when absent) on its dataset gives Ultralytics' mAP50-95 within 0.005; `train model=best.pt` with
// `classes=` picking 3 of 5 classes transfers all but the class outputs, trains a subset renumbered 0..2, stores
// the mapping in args.yaml and the weights, and beats training from scratch at equal epochs.
#include "common/config.h"
#include "data/demo.h"
#include "smallrun.h"
#include "train/trainer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <string>

#ifndef YS_FIXTURES_DIR
#define YS_FIXTURES_DIR ""
#endif

namespace {

QString fixture(const QString& folder)
{
    const QString dir = QString(YS_FIXTURES_DIR) + "/ultralytics/" + folder;
    return QFile::exists(dir + "/best.pt") ? dir : QString();
}

std::string readText(const QString& path)
{
    std::ifstream in(path.toStdString(), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

class TestFinetune final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void valMatchesUltralytics_data();
    void valMatchesUltralytics();
    void fineTuningBeatsScratch();

private:
    QTemporaryDir dir_;
};

void TestFinetune::valMatchesUltralytics_data()
{
    QTest::addColumn<QString>("folder");
    for (const char* f : {"demo-yolov8n", "demo-yolo11n", "demo-yolov9t"})
        QTest::newRow(f) << f;
}

// The fixtures were trained and validated by Ultralytics on the demo dataset with its default seed 1.
void TestFinetune::valMatchesUltralytics()
{
    QFETCH(QString, folder);
    const QString fx = fixture(folder);
    if (fx.isEmpty())
        QSKIP("../shared/fixtures is absent");
    const QString dataDir = dir_.filePath("demo1");
    if (!QFile::exists(dataDir + "/data.yaml"))
        QVERIFY(ys::writeDemoDataset(dataDir.toStdString()).ok());
    const auto ref = nlohmann::json::parse(readText(fx + "/val.json"));
    // imgsz 0: the checkpoint's training size (train_args.imgsz, 320); batch 32 as Ultralytics' val.
    auto v = ys::validateCheckpoint((fx + "/best.pt").toStdString(), (dataDir + "/data.yaml").toStdString(), 0, 32,
                                    "cpu", [](const std::string&) {});
    QVERIFY2(v.ok(), v.ok() ? "" : v.error().toString().c_str());
    QCOMPARE(v->images, 60);
    const double ours = v->metrics.map50_95, theirs = ref["mAP50-95"].get<double>();
    qInfo("mAP50-95: ours %.4f, Ultralytics %.4f (mAP50 %.4f / %.4f)", ours, theirs, v->metrics.map50,
          ref["mAP50"].get<double>());
    QVERIFY(theirs > 0.05);  // a trained model: the comparison means something
    QVERIFY2(std::abs(ours - theirs) < 0.005, qPrintable(QString::number(ours - theirs)));
}

// Fine-tuning from demo-yolov8n (trained on seed 1's 5 classes) onto a dataset generated with another seed,
// training on 3 of its 5 classes: the class outputs start fresh (349/355 tensors transferred), and after the same
// few epochs the fine-tuned model is far ahead of one trained from scratch.
void TestFinetune::fineTuningBeatsScratch()
{
    const QString fx = fixture("demo-yolov8n");
    if (fx.isEmpty())
        QSKIP("../shared/fixtures is absent");
    ys::DemoOptions o;
    o.seed = 2;
    o.trainImages = 64;
    o.valImages = 32;
    auto data = ys::writeDemoDataset(dir_.filePath("demo2").toStdString(), o);
    QVERIFY(data.ok());

    auto run = [&](const std::string& model, const QString& name, std::vector<std::string>& log) {
        ys::TrainConfig c = ys::test::smallRunConfig(QString::fromStdString(*data), dir_.filePath("runs"), name);
        c.model = model;
        c.classes = {0, 2, 4};
        c.imgsz = 160;
        c.epochs = 3;
        c.batch = 16;
        c.nbs = 16;
        c.seed = 1;
        ys::TrainCallbacks cb;
        cb.onLog = [&log](const std::string& l) { log.push_back(l); };
        return ys::train(c, cb);
    };
    std::vector<std::string> tunedLog, scratchLog;
    auto tuned = run((fx + "/best.pt").toStdString(), "tuned", tunedLog);
    QVERIFY2(tuned.ok(), tuned.ok() ? "" : tuned.error().toString().c_str());
    auto scratch = run("yolov8n.yaml", "scratch", scratchLog);
    QVERIFY2(scratch.ok(), scratch.ok() ? "" : scratch.error().toString().c_str());

    bool transferred = false;
    for (const auto& l : tunedLog)
        transferred |= l.rfind("transferred 349/355 tensors from ", 0) == 0;
    QVERIFY(transferred);
    const double t = tuned->best.map50_95, s = scratch->best.map50_95;
    qInfo("after 3 epochs at 160 px, 3 of 5 classes: fine-tuned mAP50-95 %.4f (mAP50 %.4f), from scratch %.4f "
          "(mAP50 %.4f)",
          t, tuned->best.map50, s, scratch->best.map50);
    QVERIFY2(t > s + 0.05, qPrintable(QString("%1 vs %2").arg(t).arg(s)));

    // The run keeps the mapping: args.yaml's classes, the weights' names (the subset's, in the dataset's terms),
    // and val on the full dataset scores the 3 classes under their own names.
    const std::string args = readText(QString::fromStdString(tuned->runDir) + "/args.yaml");
    QVERIFY2(args.find("\nclasses: [0, 2, 4]\n") != std::string::npos, args.c_str());
    std::vector<std::string> valLog;
    auto v = ys::validateCheckpoint(tuned->bestWeights, *data, 160, 16, "cpu",
                                    [&valLog](const std::string& l) { valLog.push_back(l); });
    QVERIFY2(v.ok(), v.ok() ? "" : v.error().toString().c_str());
    QCOMPARE(v->metrics.perClass.size() <= 3, true);
    QVERIFY(std::abs(v->metrics.map50_95 - t) < 0.02);
}

QTEST_GUILESS_MAIN(TestFinetune)
#include "test_finetune.moc"
