// `yolostudio-cli val data=... predictions=DIR` as a user runs it on a small generated set: the table on
// stdout, bad rows on stderr as file:line: reason, the JSON file, exit codes.
#include "datasetbuilder.h"
#include "clirun.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

using Run = ys::test::CliRun;

Run cli(const QStringList& args)
{
    return ys::test::cli(args, 60000);
}

// val: three images; class "a" twice, class "b" twice. Returns data.yaml.
QString buildDataset(const QString& root)
{
    ys::test::DatasetBuilder b(root);
    b.addImage("train", "t0", {{0, 0.5, 0.5, 0.2, 0.2}});
    b.addImage("val", "v0", {{0, 0.3, 0.3, 0.2, 0.2}, {1, 0.7, 0.7, 0.2, 0.2}});
    b.addImage("val", "v1", {{0, 0.5, 0.5, 0.3, 0.3}});
    b.addImage("val", "v2", {{1, 0.25, 0.5, 0.2, 0.4}});
    return b.writeYaml() ? b.yamlPath() : QString();
}

}  // namespace

class TestCliScore final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void scoresAndReportsBadRows()
    {
        QTemporaryDir dir;
        const QString yaml = buildDataset(dir.path() + "/data");
        QVERIFY(!yaml.isEmpty());
        const QString pred = dir.path() + "/pred";
        // v0: both boxes, then a row with 5 values and a class id beyond nc; v1 under labels/ (as
        // Ultralytics writes); v2 has no file (its box is missed); a file for an image that is not there.
        QVERIFY(ys::test::writeText(pred + "/v0.txt", "0 0.3 0.3 0.2 0.2 0.9\n1 0.7 0.7 0.2 0.2 0.8\n"
                                                      "0 0.5 0.5 0.1 0.1\n3 0.5 0.5 0.1 0.1 0.4\n"));
        QVERIFY(ys::test::writeText(pred + "/labels/v1.txt", "0 0.5 0.5 0.3 0.3 0.7\n"));
        QVERIFY(ys::test::writeText(pred + "/stray.txt", "0 0.5 0.5 0.3 0.3 0.7\n"));
        const QString json = dir.path() + "/out/score.json";
        const Run r = cli({"val", "data=" + yaml, "predictions=" + pred, "json=" + json});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Class     Images  Instances      Box(P"), qPrintable(r.out));
        // "all": 3 images, 4 instances. Class a: both found (0.995); class b: 1 of 2 at precision 1 (0.495 as
        // Ultralytics 8.4 scores it, the default: the curve ends at recall 0.5).
        QVERIFY2(r.out.contains(QRegularExpression(R"(\n\s+all\s+3\s+4\s+1\s+0\.75\s+0\.745\s+0\.745\n)")),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(QRegularExpression(R"(\n\s+a\s+2\s+2\s+1\s+1\s+0\.995\s+0\.995\n)")));
        QVERIFY(r.out.contains("3 images, 2 prediction files, 3 detections scored; 3 problems left out"));
        QVERIFY2(r.err.contains(pred + "/v0.txt:3: row has 5 values"), qPrintable(r.err));
        QVERIFY(r.err.contains(pred + "/v0.txt:4: class id 3 is out of range"));
        QVERIFY(r.err.contains(pred + "/stray.txt: no image with this stem in the val split"));

        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject j = QJsonDocument::fromJson(f.readAll()).object();
        QVERIFY(std::abs(j["mAP50"].toDouble() - (0.995 + 0.495) / 2) < 1e-9);
        QVERIFY(std::abs(j["mAP50-95"].toDouble() - (0.995 + 0.495) / 2) < 1e-9);
        QVERIFY(std::abs(j["fitness"].toDouble() - (0.995 + 0.495) / 2) < 1e-9);  // 8.4: mAP50-95
        QCOMPARE(j["metrics"].toString(), QString("8.4"));
        QVERIFY(std::abs(j["recall"].toDouble() - 0.75) < 1e-9);
        QCOMPARE(j["classes"].toArray().size(), 2);
        QCOMPARE(j["classes"][1]["name"].toString(), QString("b"));
        QCOMPARE(j["problems"].toArray().size(), 3);
        // Written atomically: no temporary file next to it.
        QCOMPARE(QDir(dir.path() + "/out").entryList(QDir::Files | QDir::Hidden).size(), 1);

        // metrics=8.3: 8.3 draws class b's curve on to (1, 0): 0.75.
        const Run r83 = cli({"val", "data=" + yaml, "predictions=" + pred, "metrics=8.3", "json=" + json});
        QCOMPARE(r83.exitCode, 0);
        QVERIFY2(r83.out.contains(QRegularExpression(R"(\n\s+all\s+3\s+4\s+1\s+0\.75\s+0\.87\d\s+0\.87\d\n)")),
                 qPrintable(r83.out));
        QFile f83(json);
        QVERIFY(f83.open(QIODevice::ReadOnly));
        const QJsonObject j83 = QJsonDocument::fromJson(f83.readAll()).object();
        QCOMPARE(j83["metrics"].toString(), QString("8.3"));
        QVERIFY(std::abs(j83["mAP50"].toDouble() - (0.995 + 0.75) / 2) < 1e-9);
        QVERIFY(std::abs(j83["fitness"].toDouble() - (0.995 + 0.75) / 2) < 1e-9);
    }

    void problemsOnStderrAreCapped()
    {
        QTemporaryDir dir;
        const QString yaml = buildDataset(dir.path() + "/data");
        std::string rows;
        for (int i = 0; i < 30; ++i)
            rows += "9 0.5 0.5 0.1 0.1 0.5\n";
        QVERIFY(ys::test::writeText(dir.path() + "/pred/v0.txt", rows));
        const Run r = cli({"val", "data=" + yaml, "predictions=" + dir.path() + "/pred", "max_problems=5"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err.count("is out of range"), 5);
        QVERIFY2(r.err.contains("25 more problems"), qPrintable(r.err));
    }

    void cannotRunExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("stderrContains");
        QTest::newRow("no folder") << QStringList{"predictions=PRED/none"} << "predictions folder does not exist";
        QTest::newRow("bad split") << QStringList{"predictions=PRED", "split=dev"} << "split must be";
        QTest::newRow("bad metrics") << QStringList{"predictions=PRED", "metrics=8.5"} << "metrics must be 8.4 or 8.3";
        QTest::newRow("no test split") << QStringList{"predictions=PRED", "split=test"} << "no test split";
        QTest::newRow("unknown key") << QStringList{"predictions=PRED", "weights=x.pt"} << "weights";
        QTest::newRow("no data") << QStringList{"predictions=PRED", "data="} << "data=";
        QTest::newRow("missing yaml") << QStringList{"predictions=PRED", "data=/nonexistent/data.yaml"} << "data.yaml";
    }
    void cannotRunExitsTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, stderrContains);
        QTemporaryDir dir;
        const QString yaml = buildDataset(dir.path() + "/data");
        QVERIFY(QDir().mkpath(dir.path() + "/pred"));
        QStringList full{"val", "data=" + yaml};
        for (QString a : args)
            full << a.replace("PRED", dir.path() + "/pred");
        const Run r = cli(full);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(stderrContains), qPrintable(r.err));
    }

    void help()
    {
        const Run r = cli({"val", "predictions=x", "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("predictions=DIR"));
        const Run v = cli({"val", "--help"});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.contains("predictions=DIR"));
    }
};

QTEST_GUILESS_MAIN(TestCliScore)
#include "test_cli_score.moc"
