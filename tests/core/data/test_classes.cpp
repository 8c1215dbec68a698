// Class subsets (`classes=`): which dataset ids are kept, how they are renumbered, what happens to the boxes.
#include "data/classes.h"
#include "data/dataset.h"
#include "data/demo.h"

#include <QTemporaryDir>
#include <QtTest>

#include <array>

using namespace ys;

namespace {

const std::vector<std::string> kNames = {"circle", "square", "triangle", "star", "cross"};

ImageRecord imageWith(std::initializer_list<int> classes)
{
    ImageRecord r;
    int line = 1;
    for (int c : classes) {
        LabelBox b;
        b.cls = c;
        b.cx = 0.1f * static_cast<float>(line);
        b.line = line++;
        r.boxes.push_back(b);
    }
    return r;
}

}  // namespace

class TestClasses final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void subsetIsRenumberedInAscendingOrder()
    {
        auto s = makeClassSubset({4, 1, 3, 1}, kNames);
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE(s->kept, (std::vector<int>{1, 3, 4}));
        QCOMPARE(s->names, (std::vector<std::string>{"square", "star", "cross"}));
        QCOMPARE(s->toNew, (std::vector<int>{-1, 0, -1, 1, 2}));
        QCOMPARE(s->nc(), 3);
        QVERIFY(!s->identity());
        QCOMPARE(s->map(3), 1);
        QCOMPARE(s->map(0), -1);
        QCOMPARE(s->map(5), -1);   // not a class of the dataset
        QCOMPARE(s->map(-1), -1);
    }

    void emptyOrEveryClassIsTheIdentity()
    {
        auto all = makeClassSubset({}, kNames);
        QVERIFY(all.ok());
        QVERIFY(all->identity());
        QCOMPARE(all->names, kNames);
        auto listed = makeClassSubset({0, 1, 2, 3, 4}, kNames);
        QVERIFY(listed.ok() && listed->identity());
        QVERIFY(!makeClassSubset({0, 1}, kNames)->identity());  // a prefix still drops classes
    }

    void unknownClassIsAClearError()
    {
        auto s = makeClassSubset({0, 7}, kNames, "/data/demo/data.yaml");
        QVERIFY(!s.ok());
        QCOMPARE(QString::fromStdString(s.error().code), QString("config.classes"));
        QCOMPARE(QString::fromStdString(s.error().file), QString("/data/demo/data.yaml"));
        QCOMPARE(QString::fromStdString(s.error().message),
                 QString("classes=[0, 7]: class 7 does not exist; the dataset has 5 classes (0 circle ... 4 cross)"));
        QVERIFY(!makeClassSubset({-1}, kNames).ok());
        QVERIFY(!makeClassSubset({}, {}).ok());  // nothing to train on
    }

    void boxesOfOtherClassesAreDroppedImagesStay()
    {
        auto s = makeClassSubset({1, 3}, kNames);
        QVERIFY(s.ok());
        std::vector<ImageRecord> images = {imageWith({0, 1, 3, 3}), imageWith({2, 4}), imageWith({}), imageWith({9})};
        QCOMPARE(applyClassSubset(*s, images), int64_t(4));
        QCOMPARE(images.size(), size_t(4));  // an image without kept boxes is a background image now
        QCOMPARE(images[0].boxes.size(), size_t(3));
        QCOMPARE(images[0].boxes[0].cls, 0);
        QCOMPARE(images[0].boxes[0].line, 2);  // the label file's line is kept for messages
        QCOMPARE(images[0].boxes[1].cls, 1);
        QCOMPARE(images[0].boxes[2].cls, 1);
        QCOMPARE(images[0].boxes[2].cx, 0.4f);
        QVERIFY(images[1].boxes.empty());
        QVERIFY(images[2].boxes.empty());
        QVERIFY(images[3].boxes.empty());
    }

    // On a real dataset: the subset's boxes are exactly the dataset's boxes of those classes, renumbered.
    void demoDatasetSubset()
    {
        QTemporaryDir dir;
        DemoOptions o;
        o.trainImages = 24;
        o.valImages = 6;
        o.seed = 3;
        auto yaml = writeDemoDataset(dir.path().toStdString(), o);
        QVERIFY(yaml.ok());
        auto ds = openDataset(*yaml);
        QVERIFY(ds.ok());
        auto s = makeClassSubset({0, 2, 4}, ds->spec.names, *yaml);
        QVERIFY(s.ok());
        std::array<int64_t, 5> before{};
        for (const auto& r : ds->images)
            for (const auto& b : r.boxes)
                ++before.at(static_cast<size_t>(b.cls));
        QVERIFY(before[0] > 0 && before[1] > 0 && before[2] > 0);
        std::vector<ImageRecord> images = ds->images;
        const int64_t dropped = applyClassSubset(*s, images);
        QCOMPARE(dropped, before[1] + before[3]);
        std::array<int64_t, 3> after{};
        for (const auto& r : images)
            for (const auto& b : r.boxes)
                ++after.at(static_cast<size_t>(b.cls));
        QCOMPARE(after[0], before[0]);
        QCOMPARE(after[1], before[2]);
        QCOMPARE(after[2], before[4]);
        QCOMPARE(s->names, (std::vector<std::string>{ds->spec.names[0], ds->spec.names[2], ds->spec.names[4]}));
    }
};

QTEST_GUILESS_MAIN(TestClasses)
#include "test_classes.moc"
