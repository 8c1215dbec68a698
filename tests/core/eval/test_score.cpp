// Scoring of prediction files against a dataset split: row parsing, file lookup (DIR/<stem>.txt and
// DIR/labels/<stem>.txt), problems with file and line, errors, JSON, and the Ultralytics fixtures on coco128
// through the whole path (dataset loader + files + evaluator).
#include "eval/score.h"

#include "datasetbuilder.h"
#include "testsupport.h"

#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>

using ys::test::BoxSpec;

namespace {

// The val split the scoring tests use: two classes, four images (one a background image).
const std::vector<std::pair<QString, std::vector<BoxSpec>>> kVal = {
    {"v0", {{0, 0.3, 0.3, 0.2, 0.2}, {1, 0.7, 0.7, 0.2, 0.2}}},
    {"v1", {{0, 0.5, 0.5, 0.3, 0.3}}},
    {"v2", {{1, 0.25, 0.5, 0.2, 0.4}, {1, 0.75, 0.5, 0.2, 0.4}}},
    {"v3", {}},
};

QString buildDataset(const QString& root)
{
    ys::test::DatasetBuilder b(root);
    b.addImage("train", "t0", {{0, 0.5, 0.5, 0.2, 0.2}});
    for (const auto& [name, boxes] : kVal)
        b.addImage("val", name, boxes, !boxes.empty());
    return b.writeYaml() ? b.yamlPath() : QString();
}

// The GT boxes of an image as prediction rows at `conf`.
std::string exactPredictions(const std::vector<BoxSpec>& boxes, double conf)
{
    std::string text;
    char line[128];
    for (const BoxSpec& b : boxes) {
        std::snprintf(line, sizeof line, "%d %.6f %.6f %.6f %.6f %.4f\n", b.cls, b.cx, b.cy, b.w, b.h, conf);
        text += line;
    }
    return text;
}

bool near(double a, double b, double tol = 1e-9)
{
    return std::abs(a - b) <= tol;
}

QStringList codes(const std::vector<ys::LabelIssue>& issues)
{
    QStringList out;
    for (const auto& i : issues)
        out << QString("%1@%2").arg(QString::fromStdString(i.code)).arg(i.line);
    return out;
}

}  // namespace

class TestScore final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parseRows_data();
    void parseRows();
    void perfectPredictionsInBothLayouts();
    void missingFileMeansNoDetections();
    void problemsNameFileAndLineAndTheRestCounts();
    void cannotScore_data();
    void cannotScore();
    void json();
    void ultralyticsFixturesThroughTheScorer_data();
    void ultralyticsFixturesThroughTheScorer();
};

void TestScore::parseRows_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("rows");
    QTest::addColumn<QStringList>("issues");  // code@line
    const QStringList none;
    QTest::newRow("good") << QByteArray("0 0.5 0.5 0.2 0.2 0.9\n") << 1 << none;
    QTest::newRow("bom crlf blank") << QByteArray("\xEF\xBB\xBF" "0 .5 .5 .2 .2 .9\r\n1 .1 .1 .1 .1 .5\r\n\r\n") << 2 << none;
    QTest::newRow("plus and 1.0 class") << QByteArray("+1.0 +0.5 0.5 0.2 0.2 0.9") << 1 << none;
    QTest::newRow("five columns") << QByteArray("0 0.5 0.5 0.2 0.2\n") << 0 << QStringList{"pred.columns@1"};
    QTest::newRow("seven columns") << QByteArray("\n0 0.5 0.5 0.2 0.2 0.9 1\n") << 0 << QStringList{"pred.columns@2"};
    QTest::newRow("class >= nc") << QByteArray("2 0.5 0.5 0.2 0.2 0.9") << 0 << QStringList{"pred.class_range@1"};
    QTest::newRow("class negative") << QByteArray("-1 0.5 0.5 0.2 0.2 0.9") << 0 << QStringList{"pred.class_negative@1"};
    QTest::newRow("class fraction") << QByteArray("0.5 0.5 0.5 0.2 0.2 0.9") << 0 << QStringList{"pred.class_noninteger@1"};
    QTest::newRow("nan") << QByteArray("0 nan 0.5 0.2 0.2 0.9") << 0 << QStringList{"pred.nonfinite@1"};
    QTest::newRow("inf conf") << QByteArray("0 0.5 0.5 0.2 0.2 inf") << 0 << QStringList{"pred.nonfinite@1"};
    QTest::newRow("not a number") << QByteArray("0 0.5 abc 0.2 0.2 0.9") << 0 << QStringList{"pred.nonnumeric@1"};
    QTest::newRow("conf above 1") << QByteArray("0 0.5 0.5 0.2 0.2 1.5") << 0 << QStringList{"pred.conf_range@1"};
    QTest::newRow("negative width") << QByteArray("0 0.5 0.5 -0.2 0.2 0.5") << 0 << QStringList{"pred.size_negative@1"};
    QTest::newRow("bad rows between good")
        << QByteArray("0 .5 .5 .2 .2 .9\n7 .5 .5 .2 .2 .9\n1 .5 .5 .2 .2 .8\nx\n") << 2
        << QStringList{"pred.class_range@2", "pred.columns@4"};
}

void TestScore::parseRows()
{
    QFETCH(QByteArray, text);
    QFETCH(int, rows);
    QFETCH(QStringList, issues);
    const ys::ParsedPredictions p = ys::parsePredictions(text.toStdString(), 2);
    QCOMPARE(static_cast<int>(p.rows.size()), rows);
    QCOMPARE(codes(p.issues), issues);
    for (const auto& issue : p.issues)
        QVERIFY(!issue.message.empty());
    if (rows > 0) {
        QVERIFY(p.rows[0].cx > 0.49f && p.rows[0].cx < 0.51f);
        QVERIFY(p.rows[0].conf > 0.8f);
    }
}

void TestScore::perfectPredictionsInBothLayouts()
{
    // Every GT box predicted exactly: 0.995 at every threshold (Ultralytics' ceiling), P = R = 1. Half of
    // the files sit in DIR/, half in DIR/labels/ (as Ultralytics writes them); the background image has
    // no file. The dataset is left untouched.
    QTemporaryDir dir;
    const QString yaml = buildDataset(dir.path() + "/data");
    QVERIFY(!yaml.isEmpty());
    const auto before = ys::test::hashTree(dir.path() + "/data");
    const QString pred = dir.path() + "/pred";
    for (size_t i = 0; i < 3; ++i) {
        const QString sub = i % 2 == 0 ? "/labels/" : "/";
        QVERIFY(ys::test::writeText(pred + sub + kVal[i].first + ".txt", exactPredictions(kVal[i].second, 0.9)));
    }
    auto r = ys::scorePredictions({yaml.toStdString(), pred.toStdString(), ys::Split::Val});
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->images, 4);
    QCOMPARE(r->predictionFiles, 3);
    QCOMPARE(r->detections, int64_t{5});
    QVERIFY(r->problems.empty());
    QVERIFY2(near(r->metrics.map50, 0.995), qPrintable(QString::number(r->metrics.map50)));
    QVERIFY(near(r->metrics.map50_95, 0.995));
    QVERIFY(near(r->metrics.precision, 1.0));
    QVERIFY(near(r->metrics.recall, 1.0));
    QCOMPARE(r->metrics.perClass.size(), size_t{2});
    QCOMPARE(r->metrics.perClass[1].instances, int64_t{3});
    QCOMPARE(r->metrics.perClass[1].images, int64_t{2});
    QCOMPARE(ys::test::hashTree(dir.path() + "/data"), before);
}

void TestScore::missingFileMeansNoDetections()
{
    // v2's file is missing: its two class-1 boxes count as missed. Class 1 then has 1 of 3 found at
    // precision 1 (recall 1/3). Ultralytics 8.4 (the default) ends the curve there: 1 up to recall 0.33, 0
    // from 0.34 -> 0.335. 8.3 draws the line down to (1, 0) -> 1/3 + 1/3 = 2/3 (within the one grid step
    // that holds the corner). Class 0: both of 2.
    QTemporaryDir dir;
    const QString yaml = buildDataset(dir.path() + "/data");
    const QString pred = dir.path() + "/pred";
    for (size_t i = 0; i < 2; ++i)
        QVERIFY(ys::test::writeText(pred + "/" + kVal[i].first + ".txt", exactPredictions(kVal[i].second, 0.9)));
    auto r = ys::scorePredictions({yaml.toStdString(), pred.toStdString(), ys::Split::Val});
    QVERIFY(r.ok());
    QCOMPARE(r->predictionFiles, 2);
    QVERIFY(r->problems.empty());
    QVERIFY(near(r->metrics.perClass[0].recall, 1.0));
    QVERIFY2(near(r->metrics.perClass[1].recall, 1.0 / 3.0), qPrintable(QString::number(r->metrics.perClass[1].recall)));
    QVERIFY2(near(r->metrics.perClass[1].ap50, 0.335), qPrintable(QString::number(r->metrics.perClass[1].ap50)));
    QVERIFY(near(r->metrics.perClass[0].ap50, 0.995));
    auto r83 = ys::scorePredictions({yaml.toStdString(), pred.toStdString(), ys::Split::Val,
                                     ys::MetricsVersion::Ultralytics83});
    QVERIFY(r83.ok());
    QVERIFY2(near(r83->metrics.perClass[1].ap50, 2.0 / 3.0, 1e-3),
             qPrintable(QString::number(r83->metrics.perClass[1].ap50)));
    QVERIFY(near(r83->metrics.perClass[0].ap50, 0.995));
}

void TestScore::problemsNameFileAndLineAndTheRestCounts()
{
    QTemporaryDir dir;
    const QString yaml = buildDataset(dir.path() + "/data");
    const QString pred = dir.path() + "/pred";
    // v0: its two good rows, then three bad ones; v1 twice (DIR/ wins over DIR/labels/); v2 good; a stem
    // that names no image.
    const std::string v0 = exactPredictions(kVal[0].second, 0.9) + "0 0.5 0.5 0.1\n5 0.5 0.5 0.1 0.1 0.3\n"
                                                                    "1 nan 0.5 0.1 0.1 0.3\n";
    QVERIFY(ys::test::writeText(pred + "/v0.txt", v0));
    QVERIFY(ys::test::writeText(pred + "/v1.txt", exactPredictions(kVal[1].second, 0.8)));
    QVERIFY(ys::test::writeText(pred + "/labels/v1.txt", "0 0.1 0.1 0.05 0.05 0.99\n"));
    QVERIFY(ys::test::writeText(pred + "/labels/v2.txt", exactPredictions(kVal[2].second, 0.7)));
    QVERIFY(ys::test::writeText(pred + "/elsewhere.txt", "0 0.5 0.5 0.1 0.1 0.5\n"));
    auto r = ys::scorePredictions({yaml.toStdString(), pred.toStdString(), ys::Split::Val});
    QVERIFY(r.ok());
    QStringList seen;
    for (const ys::Error& e : r->problems)
        seen << QString("%1 %2:%3").arg(QString::fromStdString(e.code), QFileInfo(QString::fromStdString(e.file)).fileName())
                    .arg(e.line);
    seen.sort();
    const QStringList want{"pred.class_range v0.txt:4", "pred.columns v0.txt:3", "pred.no_image elsewhere.txt:0",
                           "pred.nonfinite v0.txt:5", "pred.shadowed v1.txt:0"};
    QCOMPARE(seen, want);
    for (const ys::Error& e : r->problems)
        if (e.code == "pred.shadowed")
            QVERIFY(QString::fromStdString(e.file).endsWith("/labels/v1.txt"));
    // Everything else was scored: all five GT found exactly, the shadowed far-off box never counted.
    QCOMPARE(r->detections, int64_t{5});
    QVERIFY(near(r->metrics.map50_95, 0.995));
    // The file:line text users see.
    for (const ys::Error& e : r->problems)
        if (e.code == "pred.columns")
            QVERIFY2(QString::fromStdString(e.toString()).contains("/pred/v0.txt:3: row has 4 values"), e.toString().c_str());
}

void TestScore::cannotScore_data()
{
    QTest::addColumn<QString>("yaml");  // relative to the temp folder ("" = the good dataset)
    QTest::addColumn<QString>("predictions");
    QTest::addColumn<int>("split");
    QTest::addColumn<bool>("cancel");
    QTest::addColumn<QString>("code");
    QTest::newRow("no folder") << "" << "nope" << 1 << false << "score.no_predictions";
    QTest::newRow("no test split") << "" << "pred" << 2 << false << "score.no_split";
    QTest::newRow("bad yaml") << "missing.yaml" << "pred" << 1 << false << "";
    QTest::newRow("cancelled") << "" << "pred" << 1 << true << "score.cancelled";
}

void TestScore::cannotScore()
{
    QFETCH(QString, yaml);
    QFETCH(QString, predictions);
    QFETCH(int, split);
    QFETCH(bool, cancel);
    QFETCH(QString, code);
    QTemporaryDir dir;
    const QString good = buildDataset(dir.path() + "/data");
    QVERIFY(QDir().mkpath(dir.path() + "/pred"));
    ys::CancelToken token;
    if (cancel)
        token.cancel();
    const ys::ScoreOptions o{(yaml.isEmpty() ? good : dir.path() + "/" + yaml).toStdString(),
                             (dir.path() + "/" + predictions).toStdString(), static_cast<ys::Split>(split)};
    auto r = ys::scorePredictions(o, {}, token);
    QVERIFY(!r.ok());
    QVERIFY(!r.error().message.empty());
    QVERIFY(!r.error().file.empty());
    if (!code.isEmpty())
        QCOMPARE(QString::fromStdString(r.error().code), code);
}

void TestScore::json()
{
    QTemporaryDir dir;
    const QString yaml = buildDataset(dir.path() + "/data");
    const QString pred = dir.path() + "/pred";
    QVERIFY(ys::test::writeText(pred + "/v1.txt", exactPredictions(kVal[1].second, 0.8) + "9 0 0 0 0 0\n"));
    auto r = ys::scorePredictions({yaml.toStdString(), pred.toStdString(), ys::Split::Val});
    QVERIFY(r.ok());
    const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(ys::scoreResultToJson(*r))).object();
    QCOMPARE(j["split"].toString(), QString("val"));
    QCOMPARE(j["images"].toInt(), 4);
    QCOMPARE(j["prediction_files"].toInt(), 1);
    QCOMPARE(j["mAP50"].toDouble(), r->metrics.map50);
    QCOMPARE(j["mAP50-95"].toDouble(), r->metrics.map50_95);
    QCOMPARE(j["precision"].toDouble(), r->metrics.precision);
    QCOMPARE(j["recall"].toDouble(), r->metrics.recall);
    QVERIFY(j.contains("mAP50-95_coco"));
    const QJsonArray classes = j["classes"].toArray();
    QCOMPARE(classes.size(), 2);
    const QJsonObject b = classes[1].toObject();
    QCOMPARE(b["name"].toString(), QString("b"));
    QCOMPARE(b["instances"].toInt(), 3);
    QCOMPARE(b["images"].toInt(), 2);
    QCOMPARE(b["AP50"].toDouble(), 0.0);  // class b was not predicted at all
    for (const char* key : {"class", "precision", "recall", "AP50-95"})
        QVERIFY2(b.contains(key), key);
    const QJsonArray problems = j["problems"].toArray();
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems[0]["code"].toString(), QString("pred.class_range"));
    QCOMPARE(problems[0]["line"].toInt(), 2);
}

void TestScore::ultralyticsFixturesThroughTheScorer_data()
{
    QTest::addColumn<QString>("name");
    for (const char* c : {"typical", "low_recall", "sloppy_boxes", "many_false"})
        QTest::newRow(c) << QString(c);
}

void TestScore::ultralyticsFixturesThroughTheScorer()
{
    // The reference's figures for prediction sets on coco128 (test_metrics checks every per-class figure;
    // here the dataset loader and the file lookup are part of the path).
    QFETCH(QString, name);
    const QString yaml = ys::test::coco128Yaml();
    const QString fixtures = ys::test::sharedDatasets() + "/../fixtures/metrics/coco128";
    if (yaml.isEmpty() || !QFile::exists(fixtures + "/expected.json"))
        QSKIP("coco128 or ../shared/fixtures/metrics is not available");
    QFile ef(fixtures + "/expected.json");
    QVERIFY(ef.open(QIODevice::ReadOnly));
    const QJsonObject e = QJsonDocument::fromJson(ef.readAll()).object()["cases"].toObject()[name].toObject();
    // expected.json holds Ultralytics 8.3.112's figures.
    auto r = ys::scorePredictions({yaml.toStdString(), (fixtures + "/" + name).toStdString(), ys::Split::Val,
                                   ys::MetricsVersion::Ultralytics83});
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->images, 128);
    QVERIFY(r->problems.empty());
    QCOMPARE(r->detections, static_cast<int64_t>(e["predictions"].toInt()));
    const double got[] = {r->metrics.map50, r->metrics.map50_95, r->metrics.precision, r->metrics.recall};
    const char* keys[] = {"mAP50", "mAP50-95", "P", "R"};
    for (int k = 0; k < 4; ++k)
        QVERIFY2(near(got[k], e[keys[k]].toDouble(), 1e-6),
                 qPrintable(QString("%1: %2, reference %3").arg(keys[k]).arg(got[k], 0, 'g', 10).arg(e[keys[k]].toDouble(), 0, 'g', 10)));
    QCOMPARE(static_cast<qsizetype>(r->metrics.perClass.size()), e["classes"].toArray().size());
}

QTEST_GUILESS_MAIN(TestScore)
#include "test_score.moc"
