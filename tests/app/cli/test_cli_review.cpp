// `yolostudio-cli review` as a user runs it: the demo dataset, a one-epoch model at 64 px, then the review on
// every split with the table on stdout and the JSON file, the dataset left as it was; bad input as one line
// naming the file and exit 2 (about 30 s on 2 busy cores, most of it the training).
#include "clirun.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>


namespace {

using Run = ys::test::CliRun;

int lines(const QString& text)
{
    return static_cast<int>(text.trimmed().split('\n').size());
}

}  // namespace

class TestCliReview final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString yaml_, weights_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        const QString data = dir_.path() + "/demo";
        Run r = ys::test::cli({"demo", "out=" + data, "train=48", "val=16"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        yaml_ = data + "/data.yaml";
        r = ys::test::cli({"train", "data=" + yaml_, "model=yolov8n.yaml", "epochs=1", "imgsz=64", "batch=16",
                           "project=" + dir_.path() + "/runs", "name=r"},
                          300000);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        weights_ = dir_.path() + "/runs/r/weights/best.pt";
        QVERIFY(QFile::exists(weights_));
    }

    void reviewsAndWritesJson()
    {
        const auto before = ys::test::hashTree(dir_.path() + "/demo");
        const QString json = dir_.path() + "/out/review.json";
        // conf=0.001: a one-epoch model is unsure of everything; at this threshold it still suggests objects.
        const Run r = ys::test::cli({"review", "data=" + yaml_, "weights=" + weights_, "split=all", "conf=0.001",
                                     "top=3", "json=" + json});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QRegularExpression(R"(rank\s+image\s+line\s+kind\s+score\s+reason)")), qPrintable(r.out));
        QVERIFY2(r.out.contains("64 images"), qPrintable(r.out));  // split=all: train and val
        QVERIFY(r.out.contains("suspects written to " + json));
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc["split"].toString(), QString("all"));
        QCOMPARE(doc["images"].toInt(), 64);
        QCOMPARE(doc["names"].toArray().size(), 5);
        QCOMPARE(doc["calibration"].toArray().size(), 5);
        QCOMPARE(doc["counts_per_class"].toArray().size(), 5);
        const QJsonArray suspects = doc["suspects"].toArray();
        QVERIFY(!suspects.isEmpty());
        // The table shows the first three (header, three rows, the summary, the weak model's note, the JSON line,
        // the saved line).
        QVERIFY2(r.out.contains("note: the model finds only"), qPrintable(r.out));  // one epoch at 64 px
        QCOMPARE(lines(r.out), 1 + std::min(3, static_cast<int>(suspects.size())) + 4);
        // Saved by default beside the run's weights, the same review as the JSON file.
        const QString saved = dir_.path() + "/runs/r/review.json";
        QVERIFY2(r.out.trimmed().endsWith("saved " + saved), qPrintable(r.out));
        QFile kept(saved);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(kept.readAll()).object()["suspects"].toArray().size(), suspects.size());
        double last = 2;
        for (const QJsonValue& v : suspects) {
            const QJsonObject s = v.toObject();
            QVERIFY(QStringList({"missing_label", "wrong_class", "poor_box", "spurious_label"}).contains(s["kind"].toString()));
            QVERIFY(s["score"].toDouble() <= last);
            last = s["score"].toDouble();
            QVERIFY(QFile::exists(s["image"].toString()));
            QVERIFY(!s["reason"].toString().isEmpty());
            QVERIFY2(s["key"].toString().startsWith("images/"), qPrintable(s["key"].toString()));  // relative to the root
        }
        QVERIFY(ys::test::hashTree(dir_.path() + "/demo") == before);  // nothing written into the dataset
    }

    void onnx()
    {
        // The same review through an exported .onnx (OpenCV DNN).
        Run r = ys::test::cli({"export", "weights=" + weights_});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString onnx = QFileInfo(weights_).absolutePath() + "/best.onnx";
        QVERIFY(QFile::exists(onnx));
        const QString json = dir_.path() + "/out/onnx.json";
        r = ys::test::cli({"review", "data=" + yaml_, "weights=" + onnx, "conf=0.001", "json=" + json});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("16 images"), qPrintable(r.out));  // the val split
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc["weights"].toString(), onnx);
        QVERIFY(doc["predictions"].toInt() > 0);
        QVERIFY(!doc["suspects"].toArray().isEmpty());
    }

    void saveNone()
    {
        const QString saved = dir_.path() + "/runs/r/review.json";
        QFile::remove(saved);
        const Run r = ys::test::cli({"review", "data=" + yaml_, "weights=" + weights_, "conf=0.001", "save=none"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(!r.out.contains("saved"), qPrintable(r.out));
        QVERIFY(!QFile::exists(saved));
        QCOMPARE(QDir(dir_.path() + "/runs/r").entryList({"review*"}, QDir::Files).size(), 0);  // nor a temp file
    }

    void saveFile()
    {
        const QString saved = dir_.path() + "/kept/a review.json";  // a folder that does not exist yet
        QFile::remove(dir_.path() + "/runs/r/review.json");
        const Run r = ys::test::cli({"review", "data=" + yaml_, "weights=" + weights_, "conf=0.001", "save=" + saved});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("saved " + saved), qPrintable(r.out));
        QFile f(saved);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc["images"].toInt(), 16);  // the val split
        QVERIFY(!QFile::exists(dir_.path() + "/runs/r/review.json"));  // save=FILE instead of the run's
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");  // what the one line must name ({dir}: the test folder)
        QTest::newRow("missing weights") << QStringList{"data={yaml}", "weights={dir}/none.pt"} << "{dir}/none.pt";
        QTest::newRow("weights not a checkpoint") << QStringList{"data={yaml}", "weights={yaml}"} << "{yaml}";
        QTest::newRow("missing data") << QStringList{"data={dir}/nowhere", "weights={weights}"} << "{dir}/nowhere";
        QTest::newRow("broken data.yaml") << QStringList{"data={dir}/bad.yaml", "weights={weights}"} << "{dir}/bad.yaml";
        QTest::newRow("bad split") << QStringList{"data={yaml}", "weights={weights}", "split=test"} << "split";
        QTest::newRow("bad conf") << QStringList{"data={yaml}", "weights={weights}", "conf=2"} << "conf";
        QTest::newRow("no weights") << QStringList{"data={yaml}"} << "weights=FILE";
        QTest::newRow("unknown key") << QStringList{"data={yaml}", "weights={weights}", "colour=red"} << "colour";
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        QVERIFY(ys::test::writeText(dir_.path() + "/bad.yaml", "train: [\n"));
        const auto fill = [&](QString s) {
            return s.replace("{yaml}", yaml_).replace("{weights}", weights_).replace("{dir}", dir_.path());
        };
        QStringList full{"review"};
        for (const QString& a : args)
            full << fill(a);
        const Run r = ys::test::cli(full);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(lines(r.err), 1);
        QVERIFY2(r.err.contains(fill(named)), qPrintable(r.err));
        QVERIFY(!r.err.contains("frame #"));
    }

    void help()
    {
        const Run r = ys::test::cli({"review", "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("split=val"));
        QVERIFY(r.out.contains("json=FILE"));
        QVERIFY(r.out.contains("save=FILE|none"));
    }
};

QTEST_GUILESS_MAIN(TestCliReview)
#include "test_cli_review.moc"
