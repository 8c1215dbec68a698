// The built-in demo dataset: deterministic, loadable, clean, and learnable (objects of varied size).
#include "data/check.h"
#include "data/dataset.h"
#include "data/demo.h"

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace ys;

class TestDemo final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameSeedSameBytesOtherSeedOtherBytes()
    {
        QTemporaryDir a, b, c;
        DemoOptions o;
        o.trainImages = 12;
        o.valImages = 4;
        QVERIFY(writeDemoDataset(a.path().toStdString(), o).ok());
        o.threads = 1;  // the output must not depend on the thread count
        QVERIFY(writeDemoDataset(b.path().toStdString(), o).ok());
        o.seed = 2;
        QVERIFY(writeDemoDataset(c.path().toStdString(), o).ok());
        const auto ha = test::hashTree(a.path());
        QCOMPARE(ha.size(), size_t(2 * 16 + 1));
        QCOMPARE(ha, test::hashTree(b.path()));
        QVERIFY(ha != test::hashTree(c.path()));
    }

    void defaultDatasetIsCleanAndVaried()
    {
        QTemporaryDir dir;
        std::vector<Progress> seen;
        auto yaml = writeDemoDataset(dir.path().toStdString(), {}, [&](const Progress& p) { seen.push_back(p); });
        QVERIFY2(yaml.ok(), yaml.ok() ? "" : yaml.error().toString().c_str());
        QVERIFY(!seen.empty());
        QCOMPARE(seen.back().done, 300);
        auto ds = openDataset(*yaml);
        QVERIFY(ds.ok());
        QCOMPARE(ds->count(Split::Train), 240);
        QCOMPARE(ds->count(Split::Val), 60);
        QCOMPARE(ds->spec.names, (std::vector<std::string>{"circle", "square", "triangle", "star", "cross"}));

        const CheckResult r = checkDataset(*ds);
        QString all;
        for (const Finding& f : r.findings)
            if (f.severity != Severity::Info)
                all += QString::fromStdString("\n" + f.code + " " + f.file + " " + f.message);
        QVERIFY2(r.summary.errors == 0 && r.summary.warnings == 0, qPrintable(all));
        // A few backgrounds (empty label files), 1-8 objects elsewhere, every class well represented.
        QVERIFY(r.summary.backgrounds >= 3 && r.summary.backgrounds <= 40);
        for (const ClassStats& c : r.summary.perClass)
            QVERIFY(c.boxes > 150);
        float minSide = 1e9f, maxSide = 0;
        size_t most = 0;
        for (const ImageRecord& im : ds->images) {
            QCOMPARE(im.width, 320);
            QCOMPARE(im.height, 256);
            most = std::max(most, im.boxes.size());
            for (const LabelBox& b : im.boxes) {
                QVERIFY(b.valid);
                minSide = std::min({minSide, b.w * 320, b.h * 256});
                maxSide = std::max({maxSide, b.w * 320, b.h * 256});
            }
        }
        QVERIFY(most <= 8 && most >= 6);
        QVERIFY2(minSide >= 8 && minSide <= 16, qPrintable(QString::number(minSide)));
        QVERIFY2(maxSide >= 90 && maxSide <= 140, qPrintable(QString::number(maxSide)));
    }

    // Ultralytics resolves a relative `path:` (even ".") against its own datasets folder, so a data.yaml
    // that both tools read names no root: the splits then resolve against the YAML's folder, wherever the
    // folder is moved to.
    void dataYamlHasNoRootAndLoadsAfterAMove()
    {
        QTemporaryDir dir;
        DemoOptions o;
        o.trainImages = 4;
        o.valImages = 2;
        auto yaml = writeDemoDataset((dir.path() + "/first").toStdString(), o);
        QVERIFY(yaml.ok());
        QFile f(QString::fromStdString(*yaml));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY2(!QRegularExpression("^\\s*path\\s*:", QRegularExpression::MultilineOption).match(text).hasMatch(),
                 qPrintable(text));
        QVERIFY(text.contains("train: images/train") && text.contains("val: images/val"));
        QVERIFY(QDir().rename(dir.path() + "/first", dir.path() + "/moved"));
        auto ds = openDataset((dir.path() + "/moved/data.yaml").toStdString());
        QVERIFY2(ds.ok(), ds.ok() ? "" : ds.error().toString().c_str());
        QCOMPARE(ds->count(Split::Train), 4);
        QCOMPARE(ds->count(Split::Val), 2);
        QVERIFY(QString::fromStdString(ds->images.front().image).startsWith(dir.path() + "/moved/images/"));
    }

    void rejectsBadOptionsAndUnwritableFolders()
    {
        DemoOptions o;
        o.width = 10;
        QVERIFY(!writeDemoDataset("/tmp/never-written", o).ok());
        QTemporaryDir dir;
        test::writeText(dir.path() + "/file", "x");
        auto r = writeDemoDataset((dir.path() + "/file/sub").toStdString());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, std::string("demo.write"));
    }
};

QTEST_GUILESS_MAIN(TestDemo)
#include "test_demo.moc"
