// builtinModels(): what the model picker offers comes from the embedded YAMLs; each entry builds.
#include "model/model.h"

#include <QtTest>

class TestCatalog final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyBuiltinModelLoads();
};

void TestCatalog::everyBuiltinModelLoads()
{
    const auto models = ys::builtinModels();
    QStringList files;
    for (const ys::BuiltinModel& m : models)
        files << QString::fromStdString(m.file);
    // YOLOv8's scales, in the order its YAML lists them.
    QVERIFY(files.size() >= 5);
    QCOMPARE(files.mid(0, 5), (QStringList{"yolov8n.yaml", "yolov8s.yaml", "yolov8m.yaml", "yolov8l.yaml", "yolov8x.yaml"}));
    for (const ys::BuiltinModel& m : models) {
        QVERIFY(!m.family.empty());
        QVERIFY(m.scale != 0);
        QVERIFY(QString::fromStdString(m.file).contains(QLatin1Char(m.scale)));
    }
    QCOMPARE(QString::fromStdString(models.front().family), QString("YOLOv8"));
    // Every built-in family is offered, with its own scale letters.
    QStringList yolo11, yolo26, yolov9;
    for (const ys::BuiltinModel& m : models) {
        if (m.family == "YOLO11")
            yolo11 << QString(QLatin1Char(m.scale));
        if (m.family == "YOLO26")
            yolo26 << QString(QLatin1Char(m.scale));
        if (m.family == "YOLOv9")
            yolov9 << QString(QLatin1Char(m.scale));
    }
    QCOMPARE(yolo11, (QStringList{"n", "s", "m", "l", "x"}));
    QCOMPARE(yolo26, (QStringList{"n", "s", "m", "l", "x"}));
    QCOMPARE(yolov9, (QStringList{"t", "s", "m", "c", "e"}));
    // Each one is a model core can summarise (the picker's parameters and GFLOPs).
    auto s = ys::summarizeModel(models.front().file, 80, 640);
    QVERIFY(s.ok());
    QCOMPARE(s->params, 3157200);
}

QTEST_GUILESS_MAIN(TestCatalog)
#include "test_catalog.moc"
