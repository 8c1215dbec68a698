// End-to-end training on generated data: the model must learn (overfit), a stopped run resumes to a complete
// results.csv (also with another batch size), and validation/prediction read the saved weights.
#include "common/config.h"
#include "data/demo.h"
#include "smallrun.h"
#include "testsupport.h"
#include "train/trainer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

namespace {

// A tiny dataset whose val split is its train split, so "learned" is measurable in seconds.
QString makeOverfitData(const QTemporaryDir& dir, int images)
{
    ys::DemoOptions o;
    o.trainImages = images;
    o.valImages = 2;
    o.width = 160;
    o.height = 128;
    o.seed = 7;
    auto yaml = ys::writeDemoDataset(dir.filePath("demo").toStdString(), o);
    if (!yaml)
        return {};
    const QString path = dir.filePath("overfit.yaml");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    // Reuse the demo's names, point both splits at the training images.
    QFile src(QString::fromStdString(*yaml));
    if (!src.open(QIODevice::ReadOnly))
        return {};
    QString text = QString::fromUtf8(src.readAll());
    QStringList out;
    for (const QString& line : text.split('\n')) {
        if (line.startsWith("train:") || line.startsWith("val:") || line.startsWith("path:") || line.startsWith("test:"))
            continue;
        out << line;
    }
    out.prepend("val: images/train");
    out.prepend("train: images/train");
    out.prepend("path: " + dir.filePath("demo"));
    f.write(out.join('\n').toUtf8());
    return path;
}

// No photometric or geometric augmentation: the test measures learning, not robustness.
ys::TrainConfig quietConfig(const QString& data, const QString& project)
{
    ys::TrainConfig c = ys::test::smallRunConfig(data, project, "run");
    c.hsv_h = c.hsv_s = c.hsv_v = 0;
    c.fliplr = 0;
    c.translate = 0;
    c.scale = 0;
    return c;
}

}  // namespace

class TestTrain final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void overfitsFewImages();
    void stopAndResumeCompletesResults();
    void badInputIsAnError();
};

void TestTrain::overfitsFewImages()
{
    QTemporaryDir dir;
    const QString data = ys::test::writeShapesDataset(dir.filePath("shapes"), 8, 160, 128, 5);
    QVERIFY(!data.isEmpty());
    ys::TrainConfig c = quietConfig(data, dir.filePath("runs"));
    c.imgsz = 160;
    c.epochs = 100;
    c.batch = 4;
    c.nbs = 4;
    c.optimizer = "AdamW";
    c.lr0 = 0.01;
    c.lrf = 0.05;
    int epochs = 0;
    ys::TrainCallbacks cb;
    cb.onEpoch = [&](const ys::EpochResult& r, const ys::DetectionMetrics&) {
        ++epochs;
        qInfo("epoch %d box %.3f cls %.3f dfl %.3f mAP50 %.3f mAP50-95 %.3f", r.epoch, r.trainBox, r.trainCls,
              r.trainDfl, r.map50, r.map50_95);
    };
    cb.onLog = [](const std::string&) {};
    auto r = ys::train(c, cb);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(epochs, c.epochs);
    QVERIFY2(r->best.map50 >= 0.9, qPrintable(QString("best mAP50 %1").arg(r->best.map50)));
    QVERIFY(QFile::exists(QString::fromStdString(r->bestWeights)));

    // The saved best weights validate to the same quality.
    auto v = ys::validateCheckpoint(r->bestWeights, data.toStdString(), c.imgsz, 8, "cpu", [](const std::string&) {});
    QVERIFY2(v.ok(), v.ok() ? "" : v.error().toString().c_str());
    QVERIFY(std::abs(v->metrics.map50 - r->best.map50) < 0.02);

    // Prediction writes annotated images and YOLO text results.
    ys::PredictOptions po;
    po.weights = r->bestWeights;
    po.source = dir.filePath("shapes/images").toStdString();
    po.out = dir.filePath("pred").toStdString();
    po.imgsz = c.imgsz;
    auto p = ys::predict(po, [](const std::string&) {});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
    QCOMPARE(p->images, 8);
    QVERIFY(p->detections >= 8);
    QCOMPARE(QDir(dir.filePath("pred/labels")).entryList(QDir::Files).size(), 8);
}

void TestTrain::stopAndResumeCompletesResults()
{
    QTemporaryDir dir;
    const QString data = makeOverfitData(dir, 8);
    ys::TrainConfig c = quietConfig(data, dir.filePath("runs"));
    c.epochs = 4;
    c.batch = 4;
    ys::TrainControl control;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onEpoch = [&](const ys::EpochResult& r, const ys::DetectionMetrics&) {
        if (r.epoch == 2)
            control.requestStop();
    };
    auto first = ys::train(c, cb, &control);
    QVERIFY2(first.ok(), first.ok() ? "" : first.error().toString().c_str());
    QVERIFY(first->stoppedByUser);
    QCOMPARE(first->epochsCompleted, 2);

    // Resume with another batch size, set back to its default (16): a key the user gave wins whatever its
    // value. lr0 cannot change on resume; epochs was not given (the config's default 100 is not the user's).
    ys::TrainConfig r;
    r.resume = first->lastWeights;
    r.batch = ys::TrainConfig().batch;
    r.lr0 = 0.02;
    ys::TrainOptions given;
    given.givenKeys = {"batch", "lr0", "resume"};
    ys::TrainCallbacks cb2;
    QStringList log;
    cb2.onLog = [&](const std::string& line) { log << QString::fromStdString(line); };
    std::vector<ys::TrainEvent> events;
    cb2.onEvent = [&](const ys::TrainEvent& e) { events.push_back(e); };
    auto second = ys::train(r, cb2, nullptr, given);
    QVERIFY2(second.ok(), second.ok() ? "" : second.error().toString().c_str());
    QCOMPARE(second->epochsCompleted, 4);
    QCOMPARE(second->runDir, first->runDir);
    QVERIFY(!events.empty());
    QCOMPARE(events.front().kind, ys::EventKind::Resume);
    QCOMPARE(events.front().epoch, 2);   // after the two finished epochs
    const QString logText = log.join('\n');
    QVERIFY2(logText.contains("changed from the run's own settings: batch 4 -> 16"), qPrintable(logText));
    QVERIFY2(logText.contains("kept the run's own lr0 0.01 (given 0.02)"), qPrintable(logText));
    QFile args(QString::fromStdString(second->runDir) + "/args.yaml");
    QVERIFY(args.open(QIODevice::ReadOnly));
    const QString argsText = QString::fromUtf8(args.readAll());
    QVERIFY2(argsText.contains(QRegularExpression("(^|\n)batch: 16\n")), qPrintable(argsText));
    QVERIFY2(argsText.contains(QRegularExpression("(^|\n)epochs: 4\n")), qPrintable(argsText));
    QVERIFY2(argsText.contains(QRegularExpression("(^|\n)lr0: 0.01\n")), qPrintable(argsText));

    QFile f(QString::fromStdString(second->runDir) + "/results.csv");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString(f.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    for (int i = 1; i <= 4; ++i) {
        QCOMPARE(lines[i].split(',').size(), 17);   // the reference columns, then img/s and peak memory
        QCOMPARE(lines[i].split(',')[0].toInt(), i);
    }
    QVERIFY(QFile::exists(QString::fromStdString(second->runDir) + "/weights/best.pt"));
}

void TestTrain::badInputIsAnError()
{
    QTemporaryDir dir;
    ys::TrainConfig c;
    c.data = dir.filePath("missing.yaml").toStdString();
    c.project = dir.filePath("runs").toStdString();
    auto r = ys::train(c);
    QVERIFY(!r.ok());
    QVERIFY(!r.error().message.empty());

    ys::TrainConfig res;
    res.resume = dir.filePath("nothing/last.pt").toStdString();
    auto r2 = ys::train(res);
    QVERIFY(!r2.ok());
    QCOMPARE(QString::fromStdString(r2.error().code), QString("checkpoint.missing"));
}

QTEST_GUILESS_MAIN(TestTrain)
#include "test_train.moc"
