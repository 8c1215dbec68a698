// Presets: each one's values are valid settings, it sets only what it lists, and the YOLOv9 preset is what
// loading YOLOv9's hyp.scratch-high.yaml gives.
#include "common/configfile.h"
#include "common/presets.h"

#include <QtTest>

#include <cmath>

using ys::TrainConfig;

class TestPresets final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyValueIsValid();
    void ultralyticsRestoresTheRecipeOnly();
    void yolov9MatchesItsHypFile();
    void lowMemoryKeepsTheEffectiveBatch();
    void stagedIsTheCommonRecipe();
};

void TestPresets::everyValueIsValid()
{
    QCOMPARE(ys::configPresets().size(), size_t(4));
    for (const ys::ConfigPreset& p : ys::configPresets()) {
        QVERIFY(!p.title.empty() && !p.description.empty());
        QCOMPARE(ys::findPreset(p.id), &p);
        TrainConfig c;
        for (const auto& [key, value] : p.values) {
            auto err = c.set(key, value);
            QVERIFY2(!err, (p.id + ": " + key + "=" + value).c_str());
        }
    }
    QCOMPARE(ys::findPreset("nope"), nullptr);
}

void TestPresets::ultralyticsRestoresTheRecipeOnly()
{
    TrainConfig c;
    c.data = "d.yaml";
    c.model = "yolov8s.yaml";
    c.device = "0";
    c.vram = "6GiB";
    c.lr0 = 0.5;
    c.mosaic = 0;
    c.batch = 3;
    const TrainConfig r = ys::withPreset(c, *ys::findPreset("ultralytics"));
    QCOMPARE(r.lr0, 0.01);
    QCOMPARE(r.mosaic, 1.0);
    QCOMPARE(r.batch, 16);
    QCOMPARE(QString::fromStdString(r.data), QString("d.yaml"));
    QCOMPARE(QString::fromStdString(r.model), QString("yolov8s.yaml"));
    QCOMPARE(QString::fromStdString(r.device), QString("0"));
    QCOMPARE(QString::fromStdString(r.vram), QString("6GiB"));
}

void TestPresets::yolov9MatchesItsHypFile()
{
    auto hyp = ys::ConfigFile::load(YS_TEST_DATA_DIR "/config/yolov9-hyp.scratch-high.yaml");
    QVERIFY(hyp.ok());
    TrainConfig c;
    c.mixup = 0.5;
    c.epochs = 7;
    const TrainConfig r = ys::withPreset(c, *ys::findPreset("yolov9-scratch-high"));
    QCOMPARE(r.scale, 0.9);
    QCOMPARE(r.mixup, 0.15);
    QCOMPARE(r.copy_paste, 0.3);
    QCOMPARE(r.epochs, 7);  // not a hyp key
    for (const std::string& key : hyp->documentKeys())
        QCOMPARE(QString::fromStdString(*r.get(key)), QString::fromStdString(*hyp->config().get(key)));
    // It sets exactly the studio keys that file holds.
    QCOMPARE(ys::findPreset("yolov9-scratch-high")->values.size(), hyp->documentKeys().size());
}

void TestPresets::lowMemoryKeepsTheEffectiveBatch()
{
    const TrainConfig d;
    const TrainConfig r = ys::withPreset(d, *ys::findPreset("low-memory"));
    QVERIFY(r.batch < d.batch);
    const int accumulate = std::max(static_cast<int>(std::lround(static_cast<double>(r.nbs) / r.batch)), 1);
    QCOMPARE(r.batch * accumulate, d.nbs);
    QCOMPARE(QString::fromStdString(r.cache), QString("off"));
    QVERIFY(r.workers < d.workers);
    QCOMPARE(r.imgsz, d.imgsz);
    QCOMPARE(r.mosaic, d.mosaic);
    QVERIFY(r.validate().size() == d.validate().size());
}

void TestPresets::stagedIsTheCommonRecipe()
{
    TrainConfig c;
    c.data = "d.yaml";
    const TrainConfig r = ys::withPreset(c, *ys::findPreset("staged"));
    QCOMPARE(QString::fromStdString(ys::formatStages(r.stages)),
             QString("320x32:10,640xauto:80,640xauto:10:mosaic=0.0"));
    QCOMPARE(r.epochs, 100);
    QCOMPARE(r.close_mosaic, 0);
    QVERIFY(r.validate().empty());
    // Ultralytics defaults take the stages away again.
    const TrainConfig u = ys::withPreset(r, *ys::findPreset("ultralytics"));
    QVERIFY(u.stages.empty());
    QCOMPARE(u.close_mosaic, 10);
}

QTEST_GUILESS_MAIN(TestPresets)
#include "test_presets.moc"
