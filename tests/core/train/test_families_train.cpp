// YOLO11 and YOLOv9 through the whole engine, as YOLOv8 goes: two training epochs on a tiny generated dataset
// (the loss falls, weights are written), validation and prediction from the saved weights (which rebuild
// the model from the YAML text the checkpoint stores), and the memory fit, whose scale table lists the
// family's own scales.
#include "common/config.h"
#include "fit/fit.h"
#include "smallrun.h"
#include "testsupport.h"
#include "train/trainer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

class TestFamiliesTrain final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void trainValidatePredict_data();
    void trainValidatePredict();
    void fitListsTheFamilysScales_data();
    void fitListsTheFamilysScales();
};

void TestFamiliesTrain::trainValidatePredict_data()
{
    QTest::addColumn<QString>("model");
    QTest::newRow("yolo11n") << "yolo11n.yaml";
    QTest::newRow("yolov9t") << "yolov9t.yaml";
}

void TestFamiliesTrain::trainValidatePredict()
{
    QFETCH(QString, model);
    QTemporaryDir dir;
    const QString data = ys::test::writeShapesDataset(dir.filePath("shapes"), 8, 96, 96, 3);
    QVERIFY(!data.isEmpty());
    ys::TrainConfig c = ys::test::smallRunConfig(data, dir.filePath("runs"), "run");
    c.model = model.toStdString();
    c.imgsz = 64;
    c.epochs = 2;
    c.batch = 4;
    c.nbs = 4;
    std::vector<double> losses;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onEpoch = [&](const ys::EpochResult& r, const ys::DetectionMetrics&) {
        losses.push_back(r.trainBox + r.trainCls + r.trainDfl);
    };
    auto r = ys::train(c, cb);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(losses.size(), size_t(2));
    for (double l : losses)
        QVERIFY2(std::isfinite(l) && l > 0, qPrintable(QString::number(l)));
    QVERIFY(QFile::exists(QString::fromStdString(r->bestWeights)));

    auto v = ys::validateCheckpoint(r->bestWeights, data.toStdString(), c.imgsz, 4, "cpu", [](const std::string&) {});
    QVERIFY2(v.ok(), v.ok() ? "" : v.error().toString().c_str());
    QCOMPARE(v->images, 8);
    QVERIFY(std::isfinite(v->box) && std::isfinite(v->cls));

    ys::PredictOptions po;
    po.weights = r->bestWeights;
    po.source = dir.filePath("shapes/images").toStdString();
    po.out = dir.filePath("pred").toStdString();
    po.imgsz = c.imgsz;
    po.conf = 0.0001;  // two epochs: whatever the model finds, written per image
    auto p = ys::predict(po, [](const std::string&) {});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
    QCOMPARE(p->images, 8);
}

void TestFamiliesTrain::fitListsTheFamilysScales_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("scales");
    QTest::newRow("yolo11n") << "yolo11n.yaml" << "nsmlx";
    QTest::newRow("yolov9t") << "yolov9t.yaml" << "tsmce";
}

// The fit probes the real model (the same builder as training) and plans the family's other scales.
void TestFamiliesTrain::fitListsTheFamilysScales()
{
    QFETCH(QString, model);
    QFETCH(QString, scales);
    ys::fit::FitRequest req;
    req.model = model.toStdString();
    req.imgsz = 64;
    req.budget = "2GiB";
    req.amp = "off";
    req.syntheticBoxes = 5;
    auto r = ys::fit::fitToMemory(req);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QVERIFY(r->recommended.fits);
    QVERIFY(r->recommended.batch >= 1);
    QString seen;
    std::map<char, int> batchAt320;
    for (const auto& row : r->table) {
        if (!seen.contains(QChar(row.scale)))
            seen += QChar(row.scale);
        if (row.imgsz == 320 && !row.amp)
            batchAt320[row.scale] = row.maxBatch;
    }
    QCOMPARE(seen, scales);
    // Larger scales of a family fit fewer images.
    const QByteArray s = scales.toLatin1();
    QVERIFY2(batchAt320[s[0]] >= batchAt320[s[4]],
             qPrintable(QString("%1 vs %2").arg(batchAt320[s[0]]).arg(batchAt320[s[4]])));
}

QTEST_GUILESS_MAIN(TestFamiliesTrain)
#include "test_families_train.moc"
