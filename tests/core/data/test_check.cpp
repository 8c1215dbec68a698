// The one-pass label checker: one broken dataset per finding code, the real coco128, read-only behaviour,
// cancellation and the JSON/text outputs.
#include "data/check.h"
#include "data/dataset.h"

#include "datasetbuilder.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cmath>
#include <set>

using namespace ys;

namespace {

struct Checked {
    Dataset dataset;
    CheckResult result;
};

Checked openAndCheck(const QString& yaml, const CheckOptions& options = {})
{
    Checked c;
    auto ds = openDataset(yaml.toStdString());
    if (!ds)
        qFatal("cannot open %s: %s", qPrintable(yaml), ds.error().toString().c_str());
    c.dataset = std::move(*ds);
    c.result = checkDataset(c.dataset, options);
    return c;
}

QString describe(const CheckResult& r)
{
    QString s;
    for (const Finding& f : r.findings)
        s += QString("\n  %1 %2 %3:%4 %5").arg(toString(f.severity), QString::fromStdString(f.code),
                                               QString::fromStdString(f.file)).arg(f.line).arg(QString::fromStdString(f.message));
    return s;
}

}  // namespace

class TestCheck final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanDatasetHasNoFindings()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.makeClean();
        const Checked c = openAndCheck(b.yamlPath());
        QVERIFY2(c.result.findings.empty(), qPrintable(describe(c.result)));
        QCOMPARE(c.result.summary.images[0], 20);
        QCOMPARE(c.result.summary.images[1], 5);
        QCOMPARE(c.result.summary.boxes, 50);
        QCOMPARE(c.result.summary.perClass.size(), size_t(2));
        QCOMPARE(c.result.summary.perClass[0].boxes, 25);
        QCOMPARE(c.result.summary.perClass[1].images, 25);
        QVERIFY(!c.result.summary.cancelled);
        for (const ImageRecord& r : c.dataset.images)
            QCOMPARE(r.problems, 0u);
    }

    void everyCodeIsDocumentedAndHasACase()
    {
        // docs/CHECKS.md lists every code the checker emits, and every code has a broken case below.
        QFile doc(qEnvironmentVariable("YS_SOURCE_DIR") + "/docs/CHECKS.md");
        QVERIFY2(doc.open(QIODevice::ReadOnly), "docs/CHECKS.md is missing");
        const QString text = QString::fromUtf8(doc.readAll());
        const QStringList cases = test::brokenCaseCodes();
        for (const CheckCode& c : checkCodes()) {
            QVERIFY2(text.contains(QString("`%1`").arg(c.code)), c.code);
            QVERIFY2(cases.contains(c.code), c.code);
        }
        QCOMPARE(cases.size(), static_cast<qsizetype>(checkCodes().size()));
    }

    void brokenCase_data()
    {
        QTest::addColumn<QString>("code");
        for (const QString& code : test::brokenCaseCodes())
            QTest::newRow(qPrintable(code)) << code;
    }

    // One dataset per finding code: the defect is reported with its code, severity, file and line, the image's
    // problem flag is set, nothing else is reported, and the dataset's bytes are unchanged.
    void brokenCase()
    {
        QFETCH(QString, code);
        QTemporaryDir dir;
        const test::BrokenCase bc = test::makeBrokenCase(code, dir.path());
        if (bc.skip)
            QSKIP(qPrintable(bc.skipReason));
        const auto before = test::hashTree(dir.path());
        const Checked c = openAndCheck(bc.yaml);
        QCOMPARE(test::hashTree(dir.path()), before);

        const CheckCode* info = nullptr;
        for (const CheckCode& k : checkCodes())
            if (code == k.code)
                info = &k;
        QVERIFY(info);
        int hits = 0;
        for (const Finding& f : c.result.findings) {
            const QString fc = QString::fromStdString(f.code);
            QVERIFY2(fc == code || bc.alsoAllowed.contains(fc), qPrintable("unexpected finding:" + describe(c.result)));
            if (fc != code)
                continue;
            ++hits;
            QCOMPARE(f.severity, info->severity);
            QCOMPARE(QString::fromStdString(f.file), QDir::cleanPath(bc.file));
            QCOMPARE(f.line, bc.line);
            QVERIFY(!f.message.empty());
            if (f.image >= 0) {
                QVERIFY(f.image < static_cast<int>(c.dataset.images.size()));
                QVERIFY(c.dataset.images[static_cast<size_t>(f.image)].problems & info->category);
            }
            if (f.box >= 0) {
                const ImageRecord& r = c.dataset.images[static_cast<size_t>(f.image)];
                QVERIFY(f.box < static_cast<int>(r.boxes.size()));
                QCOMPARE(r.boxes[static_cast<size_t>(f.box)].line, f.line);
            }
        }
        QVERIFY2(hits >= 1, qPrintable("expected " + code + ", got:" + describe(c.result)));
        QCOMPARE(c.result.summary.byCode.at(code.toStdString()), static_cast<int64_t>(hits));
    }

    // A small dataset (70 images) whose classes mix one common box size with a spread of others (a fixed
    // camera plus closer and farther objects): not one box is an outlier, although 1.4826 x MAD of such a
    // class is near zero. The same dataset with one box the size of the image, or one thin sliver, reports
    // exactly that box.
    void smallDatasetOutliers_data()
    {
        QTest::addColumn<QString>("planted");
        QTest::newRow("clean") << QString();
        QTest::newRow("whole image") << QString("0 0.5 0.5 0.9 0.9");
        QTest::newRow("sliver") << QString("1 0.5 0.5 0.6 0.02");
    }

    void smallDatasetOutliers()
    {
        QFETCH(QString, planted);
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        auto frac = [](double x) { return x - std::floor(x); };
        int perClass[2] = {0, 0};
        auto nextBox = [&](int cls, double cx, double cy) {
            const int k = perClass[cls]++;
            double w, h;
            if (k % 5 < 3) {  // 60%: one size (square in pixels on the 128x96 images)
                w = 0.1 * (1 + 0.005 * ((k % 3) - 1));
                h = w * 128 / 96;
            } else {  // 40%: side 0.05..0.2, aspect 1:2..2:1
                const double side = 0.05 * std::pow(4.0, frac(k * 0.618034));
                const double aspect = std::pow(2.0, 2 * frac(k * 0.4142136) - 1);
                w = side * std::sqrt(aspect);
                h = side / std::sqrt(aspect) * 128 / 96;
            }
            return test::BoxSpec{cls, cx, cy, w, h};
        };
        for (int i = 0; i < 70; ++i) {
            const QString split = i < 56 ? "train" : "val";
            b.addImage(split, QString("%1%2").arg(split).arg(i, 2, 10, QChar('0')),
                       {nextBox(i % 2, 0.25, 0.3), nextBox((i + 1) % 2, 0.7, 0.6), nextBox(i % 2, 0.3, 0.75)});
        }
        b.writeYaml();
        QString plantedLabel;
        if (!planted.isEmpty()) {
            b.addImage("train", "planted", {});
            plantedLabel = b.labelPath("train", "planted");
            test::writeText(plantedLabel, planted.toStdString() + "\n");
        }
        QCOMPARE(perClass[0] + perClass[1], 210);
        const Checked c = openAndCheck(b.yamlPath());
        std::vector<const Finding*> outliers;
        for (const Finding& f : c.result.findings)
            if (f.code == "box.outlier")
                outliers.push_back(&f);
        if (planted.isEmpty()) {
            QVERIFY2(c.result.findings.empty(), qPrintable(describe(c.result)));
            return;
        }
        QVERIFY2(outliers.size() == 1, qPrintable(describe(c.result)));
        QCOMPARE(QString::fromStdString(outliers[0]->file), plantedLabel);
        QCOMPARE(outliers[0]->line, 1);
    }

    void truncatedPngIsTruncated()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.makeClean();
        const QString png = b.addImage("train", "cut", {{0, 0.5, 0.5, 0.1, 0.1}}, true, "png");
        QFile f(png);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        f.close();
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes.left(bytes.size() * 2 / 3));
        f.close();
        const Checked c = openAndCheck(b.yamlPath());
        QCOMPARE(c.result.findings.size(), size_t(1));
        QCOMPARE(c.result.findings[0].code, std::string("image.truncated"));
        QCOMPARE(c.result.summary.corruptImages, 1);
    }

    void leakageNamesBothImages()
    {
        QTemporaryDir dir;
        const test::BrokenCase bc = test::makeBrokenCase("image.leakage", dir.path());
        const Checked c = openAndCheck(bc.yaml);
        QCOMPARE(c.result.findings.size(), size_t(1));
        const Finding& f = c.result.findings[0];
        QVERIFY(f.relatedImage >= 0);
        const ImageRecord& other = c.dataset.images[static_cast<size_t>(f.relatedImage)];
        QCOMPARE(other.split, Split::Train);
        QVERIFY(QString::fromStdString(other.image).endsWith("/images/train/t05.jpg"));
        QVERIFY(other.problems & ProblemLeakage);
        QCOMPARE(c.result.summary.errors, 1);
    }

    void hashingOffStillFindsTruncationAndSamePathLeakage()
    {
        CheckOptions o;
        o.hashImages = false;
        {
            QTemporaryDir dir;
            const test::BrokenCase bc = test::makeBrokenCase("image.truncated", dir.path());
            const Checked c = openAndCheck(bc.yaml, o);
            QCOMPARE(c.result.summary.byCode.count("image.truncated"), size_t(1));
        }
        {
            QTemporaryDir dir;
            test::DatasetBuilder b(dir.path());
            b.makeClean();
            test::writeText(b.yamlPath(), "train: images/train\nval: [images/val, images/train/t02.jpg]\nnames: [a, b]\n");
            const Checked c = openAndCheck(b.yamlPath(), o);
            QCOMPARE(c.result.summary.byCode.count("image.leakage"), size_t(1));
        }
    }

    // Labels next to their images (no /images/ folder): a stray label file is an orphan, notes are not.
    void orphansNextToImages()
    {
        QTemporaryDir dir;
        const QString pics = dir.path() + "/pics";
        for (int i = 0; i < 3; ++i) {
            test::writeDistinctImage(pics + QString("/train/p%1.jpg").arg(i), 96, 96, 500 + i);
            test::writeText(pics + QString("/train/p%1.txt").arg(i), "0 0.5 0.5 0.2 0.2\n");
        }
        test::writeDistinctImage(pics + "/val/q.jpg", 96, 96, 600);
        test::writeText(pics + "/val/q.txt", "0 0.5 0.5 0.2 0.2\n");
        test::writeText(pics + "/train/README.txt", "Photos taken in 2023.\n");
        test::writeText(pics + "/train/classes.txt", "thing\n");
        test::writeText(pics + "/train/stray.txt", "0 0.4 0.4 0.1 0.1\n");
        test::writeText(dir.path() + "/data.yaml", "path: pics\ntrain: train\nval: val\nnames: [thing]\n");
        const Checked c = openAndCheck(dir.path() + "/data.yaml");
        QCOMPARE(c.result.summary.labelFiles, 4);
        QCOMPARE(c.result.summary.orphanLabels, 1);
        for (const Finding& f : c.result.findings)
            if (f.code == "label.orphan")
                QCOMPARE(QString::fromStdString(f.file), pics + "/train/stray.txt");
    }

    void smallBoxesDependOnImgsz()
    {
        QTemporaryDir dir;
        const test::BrokenCase bc = test::makeBrokenCase("box.too_small", dir.path());
        CheckOptions o;
        o.imgsz = 640;
        QCOMPARE(openAndCheck(bc.yaml, o).result.summary.byCode.count("box.too_small"), size_t(1));
        o.imgsz = 4096;  // 0.003 * 128 px * 32 = 12 px: learnable
        QCOMPARE(openAndCheck(bc.yaml, o).result.summary.byCode.count("box.too_small"), size_t(0));
        // The same rule without a check: counted again at any imgsz from the boxes the scan read.
        const Checked c = openAndCheck(bc.yaml, o);
        QCOMPARE(tooSmallBoxes(c.dataset, 640), int64_t(1));
        QCOMPARE(tooSmallBoxes(c.dataset, 4096), int64_t(0));
        for (const Finding& f : openAndCheck(bc.yaml).result.findings)
            if (f.code == "box.too_small")
                QVERIFY(boxTooSmall(c.dataset.images[size_t(f.image)], c.dataset.images[size_t(f.image)].boxes[size_t(f.box)], 640));
    }

    void coco128()
    {
        const QString yaml = test::coco128Yaml();
        if (yaml.isEmpty())
            QSKIP("coco128 not found in ../shared/datasets");
        const QString root = QFileInfo(yaml).absolutePath();
        const auto before = test::hashTree(root);
        const Checked c = openAndCheck(yaml);
        QCOMPARE(test::hashTree(root), before);
        const CheckSummary& s = c.result.summary;
        QVERIFY2(s.errors == 0, qPrintable(describe(c.result)));
        QCOMPARE(s.images[0] + s.images[1], 256);
        QCOMPARE(s.backgrounds, 2);
        QCOMPARE(s.corruptImages, 0);
        QCOMPARE(s.byCode.at("label.missing"), 2);
        std::set<std::string> backgrounds;
        for (const Finding& f : c.result.findings)
            if (f.code == "label.missing") {
                QCOMPARE(f.severity, Severity::Info);
                backgrounds.insert(QFileInfo(QString::fromStdString(f.file)).fileName().toStdString());
            }
        QCOMPARE(backgrounds, (std::set<std::string>{"000000000250.txt", "000000000508.txt"}));
        QCOMPARE(s.perClass[0].boxes, 604);  // person
        QCOMPARE(s.byCode.count("image.leakage") + s.byCode.count("image.leakage_similar"), size_t(0));
    }

    void progressAndCancel()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.makeClean();
        auto ds = openDataset(b.yamlPath().toStdString());
        QVERIFY(ds.ok());
        std::atomic<int> calls{0};
        int64_t lastDone = 0, lastTotal = 0;
        std::mutex m;
        const CheckResult full = checkDataset(*ds, {}, [&](const Progress& p) {
            std::lock_guard lock(m);
            ++calls;
            if (p.stage == ProgressStage::Check) {
                lastDone = p.done;
                lastTotal = p.total;
            }
        });
        QVERIFY(calls > 0);
        QCOMPARE(lastTotal, 25);
        QCOMPARE(lastDone, 25);

        CancelToken cancel;
        cancel.cancel();
        const CheckResult stopped = checkDataset(*ds, {}, {}, cancel);
        QVERIFY(stopped.summary.cancelled);
        QVERIFY(!full.summary.cancelled);

        // Cancelled from the progress callback in the middle of the image pass (as the GUI's button does):
        // every image lacks its label, so the findings count the images that were checked.
        for (const ImageRecord& r : ds->images)
            QVERIFY(QFile::remove(QString::fromStdString(r.label)));
        ds = openDataset(b.yamlPath().toStdString());
        QVERIFY(ds.ok());
        QCOMPARE(checkDataset(*ds).summary.byCode.at("label.missing"), 25);
        CancelToken midway;
        CheckOptions one;
        one.threads = 1;
        int64_t doneAtCancel = -1;
        const CheckResult partial = checkDataset(*ds, one, [&](const Progress& p) {
            if (p.stage == ProgressStage::Check && p.done > 0 && p.done < p.total && doneAtCancel < 0) {
                doneAtCancel = p.done;
                midway.cancel();
            }
        }, midway);
        QVERIFY(doneAtCancel > 0);
        QVERIFY(partial.summary.cancelled);
        const int64_t checked = partial.summary.byCode.at("label.missing");
        QVERIFY2(checked >= doneAtCancel && checked < 25, qPrintable(QString::number(checked)));
        QCOMPARE(partial.summary.byCode.count("class.unused"), size_t(0));  // dataset-wide checks skipped
    }

    void jsonAndText()
    {
        QTemporaryDir dir;
        const test::BrokenCase bc = test::makeBrokenCase("label.nonnumeric", dir.path());
        CheckOptions o;
        const Checked c = openAndCheck(bc.yaml, o);
        const std::string json = checkResultToJson(c.dataset, c.result, o);
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &err);
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
        const QJsonArray findings = doc["findings"].toArray();
        QCOMPARE(findings.size(), 1);
        const QJsonObject f = findings[0].toObject();
        QCOMPARE(f["severity"].toString(), QString("error"));
        QCOMPARE(f["code"].toString(), QString("label.nonnumeric"));
        QCOMPARE(f["file"].toString(), bc.file);
        QCOMPARE(f["line"].toInt(), 3);
        QVERIFY(f["message"].toString().contains("abc"));
        QCOMPARE(doc["summary"]["errors"].toInt(), 1);
        QCOMPARE(doc["summary"]["images"]["train"].toInt(), 20);
        QCOMPARE(doc["summary"]["per_class"].toArray().size(), 2);

        const std::string text = checkResultToText(c.dataset, c.result);
        QVERIFY(text.find("1 errors") != std::string::npos);
        QVERIFY(text.find("label.nonnumeric") != std::string::npos);
        QVERIFY(text.find(bc.file.toStdString() + ":3") != std::string::npos);
    }

    // The images training leaves out, per split with the rule (trainableImages' other side), in one line for
    // logs and in check.json, which reads back whole; the CSV quotes what needs quoting.
    void excludedImagesJsonRoundTripAndCsv()
    {
        QTemporaryDir dir;
        const test::BrokenCase bc = test::makeBrokenCase("image.truncated", dir.path());
        const QString odd = dir.path() + "/images/val/odd, \"name\".jpg";
        QVERIFY(test::writeText(odd, "not an image\n"));
        CheckOptions o;
        o.imgsz = 320;
        const Checked c = openAndCheck(bc.yaml, o);

        const std::vector<ExcludedImage> excluded = excludedImages(c.dataset, c.result);
        QCOMPARE(excluded.size(), size_t(2));
        QCOMPARE(QString::fromStdString(excluded[0].image), QDir::cleanPath(bc.file));
        QCOMPARE(excluded[0].split, Split::Train);
        QCOMPARE(excluded[0].code, std::string("image.truncated"));
        QCOMPARE(QString::fromStdString(excluded[1].image), QDir::cleanPath(odd));
        QCOMPARE(excluded[1].split, Split::Val);
        QCOMPARE(excluded[1].code, std::string("image.not_image"));
        QCOMPARE(trainableImages(c.dataset, c.result, Split::Train).size(), size_t(c.dataset.count(Split::Train) - 1));
        QCOMPARE(trainableImages(c.dataset, c.result, Split::Val).size(), size_t(c.dataset.count(Split::Val) - 1));
        QCOMPARE(QString::fromStdString(excludedImagesText(excluded)),
                 QString("2 images left out of training and validation by the label check: 1 image.not_image, "
                         "1 image.truncated (train 1, val 1; the files are listed in check.json)"));
        QVERIFY(excludedImagesText({}).empty());

        const std::string json = checkResultToJson(c.dataset, c.result, o);
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json));
        QCOMPARE(doc["excluded"]["train"].toArray().size(), 1);
        QCOMPARE(doc["excluded"]["train"][0]["file"].toString(), QDir::cleanPath(bc.file));
        QCOMPARE(doc["excluded"]["train"][0]["code"].toString(), QString("image.truncated"));
        QCOMPARE(doc["excluded"]["val"].toArray().size(), 1);
        QCOMPARE(doc["excluded"]["test"].toArray().size(), 0);

        const auto back = checkResultFromJson(json, "check.json");
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QCOMPARE(back->yamlPath, c.dataset.spec.yamlPath);
        QCOMPARE(back->root, c.dataset.spec.root);
        QCOMPARE(back->names, c.dataset.spec.names);
        QCOMPARE(back->options.imgsz, 320);
        QCOMPARE(back->options.hashImages, o.hashImages);
        const CheckSummary& s = back->result.summary;
        QCOMPARE(s.errors, c.result.summary.errors);
        QCOMPARE(s.infos, c.result.summary.infos);
        QCOMPARE(s.images[1], c.result.summary.images[1]);
        QCOMPARE(s.boxes, c.result.summary.boxes);
        QCOMPARE(s.byCode, c.result.summary.byCode);
        QCOMPARE(s.perClass.size(), c.result.summary.perClass.size());
        QCOMPARE(s.perClass[1].boxes, c.result.summary.perClass[1].boxes);
        QCOMPARE(back->result.findings.size(), c.result.findings.size());
        for (size_t k = 0; k < c.result.findings.size(); ++k) {
            const Finding& a = c.result.findings[k];
            const Finding& b = back->result.findings[k];
            QCOMPARE(b.code, a.code);
            QCOMPARE(b.severity, a.severity);
            QCOMPARE(b.file, a.file);
            QCOMPARE(b.line, a.line);
            QCOMPARE(b.message, a.message);
            QCOMPARE(b.image, a.image);
            QCOMPARE(b.box, a.box);
            QCOMPARE(b.category, a.category);
        }
        QCOMPARE(back->excluded.size(), size_t(2));
        QCOMPARE(back->excluded[1].image, excluded[1].image);
        QCOMPARE(back->excluded[1].split, Split::Val);
        QCOMPARE(back->excluded[1].code, excluded[1].code);
        const auto bad = checkResultFromJson("[1, 2]", "run/check.json");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().code, std::string("check.invalid"));
        QCOMPARE(bad.error().file, std::string("run/check.json"));

        const QStringList rows = QString::fromStdString(checkResultToCsv(c.result)).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), static_cast<qsizetype>(c.result.findings.size()) + 1);
        QCOMPARE(rows[0], QString("severity,code,file,line,message"));
        bool quoted = false;
        for (const QString& row : rows)
            quoted = quoted || row.startsWith("error,image.not_image,\"" + dir.path() + "/images/val/odd, \"\"name\"\".jpg\",0,");
        QVERIFY2(quoted, qPrintable(rows.join('\n')));
    }

    void findingsAreSortedBySeverity()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.makeClean();
        test::writeText(b.labelPath("train", "t01"), "0 0.5 0.5 0.2\n");         // error
        QFile::remove(b.labelPath("train", "t02"));                                 // info
        test::writeText(b.labelPath("train", "t03"), "0 0.5 0.5 0.1 0.1\n0 0.5 0.5 0.1 0.1\n");  // warning
        const Checked c = openAndCheck(b.yamlPath());
        QVERIFY(c.result.findings.size() >= 3);
        for (size_t i = 1; i < c.result.findings.size(); ++i)
            QVERIFY(c.result.findings[i - 1].severity <= c.result.findings[i].severity);
        QCOMPARE(c.result.summary.errors, 1);
        QCOMPARE(c.result.summary.infos, 1);
        QVERIFY(c.result.summary.warnings >= 1);
    }
};

QTEST_GUILESS_MAIN(TestCheck)
#include "test_check.moc"
