// The label-corruption tool of tests/support (labelcorrupt.h): counts per kind, every injection where the
// manifest says, the same seed giving the same copy, and the source dataset left as it was.
#include "labelcorrupt.h"
#include "testsupport.h"

#include "data/dataset.h"
#include "data/demo.h"

#include <QtTest>

#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace ys::test;

namespace {

std::vector<std::string> linesOf(const std::string& path)
{
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

std::vector<double> values(const std::string& row)
{
    std::istringstream in(row);
    std::vector<double> v;
    for (double x; in >> x;)
        v.push_back(x);
    return v;
}

int64_t boxCount(const std::string& yaml)
{
    auto ds = ys::openDataset(yaml);
    if (!ds)
        return -1;
    int64_t n = 0;
    for (const auto& im : ds->images)
        n += static_cast<int64_t>(im.boxes.size());
    return n;
}

}  // namespace

class TestLabelCorrupt : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    std::string source_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        ys::DemoOptions o;
        o.trainImages = 60;
        o.valImages = 20;
        o.width = 96;
        o.height = 80;
        auto yaml = ys::writeDemoDataset((dir_.path() + "/source").toStdString(), o);
        QVERIFY(yaml.ok());
        source_ = *yaml;
    }

    void countsAndPlaces()
    {
        const auto before = hashTree(dir_.path() + "/source");
        const int64_t boxes = boxCount(source_);
        QVERIFY(boxes > 100);
        const std::string out = (dir_.path() + "/a").toStdString();
        const CorruptResult r = corruptDataset(source_, out);
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(r.boxes, boxes);
        const auto expected = static_cast<size_t>(std::lround(0.05 * static_cast<double>(boxes)));
        size_t counts[3] = {};
        for (const Injection& i : r.injections) {
            ++counts[static_cast<int>(i.kind)];
            QVERIFY(QFile::exists(QString::fromStdString(i.image)));
            QVERIFY(QString::fromStdString(i.labelFile).startsWith(QString::fromStdString(out)));
            const auto copy = linesOf(i.labelFile);
            const auto orig = values(i.original);
            QCOMPARE(orig.size(), size_t(5));
            if (i.kind == InjectedKind::Removed)
                continue;
            QVERIFY(i.line >= 1 && i.line <= static_cast<int>(copy.size()));
            QCOMPARE(copy[static_cast<size_t>(i.line - 1)], i.row);
            const auto now = values(i.row);
            if (i.kind == InjectedKind::Swapped) {
                QVERIFY(static_cast<int>(now[0]) != i.cls);
                QCOMPARE(static_cast<int>(now[0]), i.newCls);
                for (int k = 1; k < 5; ++k)
                    QVERIFY(std::abs(now[static_cast<size_t>(k)] - orig[static_cast<size_t>(k)]) < 1e-5);
            } else {
                QCOMPARE(static_cast<int>(now[0]), i.cls);
                // Moved by 30% of the size on each axis, unless the image's edge stopped it.
                const double dx = std::abs(now[1] - orig[1]), dy = std::abs(now[2] - orig[2]);
                QVERIFY(dx <= 0.3 * orig[3] + 1e-5 && dy <= 0.3 * orig[4] + 1e-5);
                QVERIFY(std::abs(dx - 0.3 * orig[3]) < 1e-5 || now[1] - now[3] / 2 < 1e-5 || now[1] + now[3] / 2 > 1 - 1e-5);
                QCOMPARE(now[3], orig[3]);
            }
        }
        QCOMPARE(counts[0], expected);
        QCOMPARE(counts[1], expected);
        QCOMPARE(counts[2], expected);
        // The copy has the removed boxes fewer; the source is untouched.
        QCOMPARE(boxCount(r.dataYaml), boxes - static_cast<int64_t>(expected));
        QVERIFY(hashTree(dir_.path() + "/source") == before);

        std::string error;
        const auto read = readCorruptionManifest(r.manifest, &error);
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(read.size(), r.injections.size());
        for (size_t k = 0; k < read.size(); ++k) {
            QCOMPARE(read[k].kind, r.injections[k].kind);
            QCOMPARE(read[k].line, r.injections[k].line);
            QCOMPARE(read[k].labelFile, r.injections[k].labelFile);
            QCOMPARE(read[k].original, r.injections[k].original);
            QCOMPARE(read[k].newCls, r.injections[k].newCls);
        }
    }

    void sameSeedSameCopy()
    {
        const CorruptResult a = corruptDataset(source_, (dir_.path() + "/s1").toStdString(), {.seed = 7});
        const CorruptResult b = corruptDataset(source_, (dir_.path() + "/s2").toStdString(), {.seed = 7});
        const CorruptResult c = corruptDataset(source_, (dir_.path() + "/s3").toStdString(), {.seed = 8});
        QVERIFY(a.ok() && b.ok() && c.ok());
        auto da = hashTree(dir_.path() + "/s1"), db = hashTree(dir_.path() + "/s2"), dc = hashTree(dir_.path() + "/s3");
        for (auto* tree : {&da, &db, &dc})   // the manifest names its own folder
            std::erase_if(*tree, [](const auto& file) { return file.first == "corruption.json"; });
        QVERIFY(da == db);
        QVERIFY(da != dc);
        QCOMPARE(a.injections.size(), c.injections.size());
    }

    void refusesToWriteIntoTheSource()
    {
        const QString inside = QFileInfo(QString::fromStdString(source_)).absolutePath() + "/copy";
        const CorruptResult r = corruptDataset(source_, inside.toStdString());
        QVERIFY(!r.ok());
        QVERIFY(!QFileInfo::exists(inside));
        const CorruptResult again = corruptDataset(source_, (dir_.path() + "/a").toStdString());  // not empty
        QVERIFY(!again.ok());
        QVERIFY(!corruptDataset((dir_.path() + "/missing.yaml").toStdString(), (dir_.path() + "/m").toStdString()).ok());
    }
};

QTEST_GUILESS_MAIN(TestLabelCorrupt)
#include "test_labelcorrupt.moc"
