// data.yaml loading in every form of PRODUCT.md, image -> label paths, the label parser and the scanner.
#include "data/check.h"
#include "data/dataset.h"

#include "datasetbuilder.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace ys;

namespace {

std::vector<std::string> imagesOf(const Dataset& ds, Split s)
{
    std::vector<std::string> out;
    for (const ImageRecord& r : ds.images)
        if (r.split == s)
            out.push_back(QFileInfo(QString::fromStdString(r.image)).fileName().toStdString());
    return out;
}

Dataset mustOpen(const QString& yaml)
{
    auto ds = openDataset(yaml.toStdString());
    if (!ds)
        qFatal("cannot open %s: %s", qPrintable(yaml), ds.error().toString().c_str());
    return std::move(*ds);
}

}  // namespace

class TestDataset final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void labelPaths_data()
    {
        QTest::addColumn<QString>("image");
        QTest::addColumn<QString>("label");
        QTest::newRow("standard") << "/d/images/train/a.jpg" << "/d/labels/train/a.txt";
        QTest::newRow("last images wins") << "/images/x/images/y/a.PNG" << "/images/x/labels/y/a.txt";
        QTest::newRow("no images folder") << "/d/pics/a.jpeg" << "/d/pics/a.txt";
        QTest::newRow("dots in folders") << "/d.v2/images/a.b.jpg" << "/d.v2/labels/a.b.txt";
        QTest::newRow("images as file prefix") << "/d/myimages/a.jpg" << "/d/myimages/a.txt";
    }
    void labelPaths()
    {
        QFETCH(QString, image);
        QFETCH(QString, label);
        QCOMPARE(QString::fromStdString(labelPathFor(image.toStdString())), label);
    }

    void extensions()
    {
        for (const char* p : {"a.jpg", "a.JPG", "a.Jpeg", "a.png", "a.BMP", "a.tif", "a.TIFF", "a.webp", "a.dng",
                              "a.mpo", "a.pfm"})
            QVERIFY2(isImageExtension(p), p);
        for (const char* p : {"a.gif", "a.txt", "a", "jpg", "a.jpg.txt", "/x.jpg/a"})
            QVERIFY2(!isImageExtension(p), p);
    }

    void parseBoxesAndPolygons()
    {
        const ParsedLabels p = parseLabels("\xEF\xBB\xBF"
                                           "0 0.5 0.5 0.2 0.4\r\n"
                                           "\r\n"
                                           "1 0.1 0.2 0.3 0.2 0.3 0.6 0.1 0.6\r\n"
                                           "  2\t0.25 0.75 +0.5 1e-1  \n",
                                           3);
        QCOMPARE(p.rows, 3);
        QCOMPARE(p.boxes.size(), size_t(3));
        QCOMPARE(p.boxes[0].cls, 0);
        QCOMPARE(p.boxes[0].line, 1);
        QCOMPARE(p.boxes[0].h, 0.4f);
        QVERIFY(p.boxes[1].polygon);
        QCOMPARE(p.boxes[1].line, 3);
        QVERIFY(qAbs(p.boxes[1].cx - 0.2f) < 1e-6f);
        QVERIFY(qAbs(p.boxes[1].cy - 0.4f) < 1e-6f);
        QVERIFY(qAbs(p.boxes[1].w - 0.2f) < 1e-6f);
        QVERIFY(qAbs(p.boxes[1].h - 0.4f) < 1e-6f);
        QCOMPARE(p.boxes[2].w, 0.5f);
        QCOMPARE(p.boxes[2].line, 4);
        // Only the mixing of polygons and boxes is an issue; BOM and CRLF are silent.
        QCOMPARE(p.issues.size(), size_t(1));
        QCOMPARE(p.issues[0].code, std::string("label.mixed"));
        QCOMPARE(p.issues[0].line, 3);
    }

    void parseIssues_data()
    {
        QTest::addColumn<QString>("row");
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("keptAsInvalidBox");
        QTest::newRow("4 columns") << "0 0.5 0.5 0.2" << "label.columns" << false;
        QTest::newRow("6 columns") << "0 0.5 0.5 0.2 0.2 0.1" << "label.columns" << false;
        QTest::newRow("text") << "0 0.5 x 0.2 0.2" << "label.nonnumeric" << false;
        QTest::newRow("comma decimal") << "0 0,5 0.5 0.2 0.2" << "label.nonnumeric" << false;
        QTest::newRow("nan") << "0 nan 0.5 0.2 0.2" << "label.nonfinite" << false;
        QTest::newRow("inf") << "0 0.5 0.5 inf 0.2" << "label.nonfinite" << false;
        QTest::newRow("negative class") << "-1 0.5 0.5 0.2 0.2" << "label.class_negative" << false;
        QTest::newRow("fractional class") << "1.5 0.5 0.5 0.2 0.2" << "label.class_noninteger" << false;
        QTest::newRow("class = nc") << "3 0.5 0.5 0.2 0.2" << "label.class_range" << false;
        QTest::newRow("edge beyond 1") << "0 0.95 0.5 0.2 0.2" << "label.out_of_range" << true;
        QTest::newRow("negative centre") << "0 -0.2 0.5 0.1 0.1" << "label.out_of_range" << true;
        QTest::newRow("polygon outside") << "0 0.1 0.1 1.5 0.1 0.5 0.5" << "label.out_of_range" << true;
        QTest::newRow("zero width") << "0 0.5 0.5 0 0.2" << "label.size_nonpositive" << true;
        QTest::newRow("negative height") << "0 0.5 0.5 0.2 -0.1" << "label.size_nonpositive" << true;
    }
    void parseIssues()
    {
        QFETCH(QString, row);
        QFETCH(QString, code);
        QFETCH(bool, keptAsInvalidBox);
        // The first row is a valid row of the same kind (box or polygon), so nothing else is reported.
        const bool polygon = row.split(' ').size() > 5;
        const std::string first = polygon ? "1 0.4 0.4 0.6 0.4 0.6 0.6\n" : "1 0.5 0.5 0.1 0.1\n";
        const ParsedLabels p = parseLabels(first + row.toStdString() + "\n", 3);
        QCOMPARE(p.rows, 2);
        QCOMPARE(p.issues.size(), size_t(1));
        QCOMPARE(QString::fromStdString(p.issues[0].code), code);
        QCOMPARE(p.issues[0].line, 2);
        QVERIFY(!p.issues[0].message.empty());
        QCOMPARE(p.boxes.size(), size_t(keptAsInvalidBox ? 2 : 1));
        QVERIFY(p.boxes[0].valid);
        if (keptAsInvalidBox)
            QVERIFY(!p.boxes[1].valid);
    }

    void coordinateToleranceIsOnePercent()
    {
        // Right edge at 1.009: inside the tolerance, no issue, valid box.
        const ParsedLabels ok = parseLabels("0 0.909 0.5 0.2 0.2\n", 1);
        QVERIFY(ok.issues.empty());
        QVERIFY(ok.boxes[0].valid);
        // Right edge at 1.02: reported with the offending value.
        const ParsedLabels bad = parseLabels("0 0.92 0.5 0.2 0.2\n", 1);
        QCOMPARE(bad.issues.size(), size_t(1));
        QVERIFY(bad.issues[0].message.find("1.02") != std::string::npos);
    }

    void duplicateRowsAreDroppedOnce()
    {
        const ParsedLabels p = parseLabels("0 0.5 0.5 0.1 0.1\n0 0.5 0.5 0.1 0.1\n0 0.50 0.5 0.1 0.1\n", 1);
        QCOMPARE(p.boxes.size(), size_t(1));
        QCOMPARE(p.issues.size(), size_t(2));
        QCOMPARE(p.issues[1].line, 3);
        QVERIFY(p.issues[1].message.find("line 1") != std::string::npos);
    }

    void ncNegativeSkipsClassRange()
    {
        QCOMPARE(parseLabels("99 0.5 0.5 0.1 0.1\n", -1).boxes.size(), size_t(1));
    }

    // --- data.yaml forms

    void foldersRecursiveAndCaseInsensitive()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.addImage("train", "a", {{0}});
        b.addImage("train", "sub/deeper/b", {{1}}, true, "JPG");
        b.addImage("train", "c", {{0}}, true, "png");
        b.addImage("val", "d", {{0}}, true, "Jpeg");
        test::writeText(dir.path() + "/images/train/notes.txt", "not an image\n");
        b.writeYaml();
        const Dataset ds = mustOpen(b.yamlPath());
        QCOMPARE(imagesOf(ds, Split::Train), (std::vector<std::string>{"a.jpg", "c.png", "b.JPG"}));
        QCOMPARE(imagesOf(ds, Split::Val), (std::vector<std::string>{"d.Jpeg"}));
        const ImageRecord& deep = ds.images[2];
        QCOMPARE(QString::fromStdString(deep.label), dir.path() + "/labels/train/sub/deeper/b.txt");
        QVERIFY(deep.labelExists);
        QCOMPARE(deep.boxes.size(), size_t(1));
        QCOMPARE(deep.boxes[0].cls, 1);
        QCOMPARE(deep.width, 128);
        QCOMPARE(deep.height, 96);
        QCOMPARE(deep.format, ImageFormat::Jpeg);
        QCOMPARE(ds.images[1].format, ImageFormat::Png);
        QCOMPARE(ds.spec.root, dir.path().toStdString());
    }

    void listsWithAllLineForms()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path() + "/ds");
        b.addImage("train", "a", {{0}});
        b.addImage("train", "b", {{0}});
        b.addImage("train", "c", {{0}});
        b.addImage("val", "v", {{0}});
        // The list lives in a sub-folder: "./" lines are relative to it, other relative lines to `path:`.
        test::writeText(dir.path() + "/ds/lists/train.txt",
                        "./../images/train/a.jpg\r\n"
                        "images/train/b.jpg\n"
                        "\n" +
                            (dir.path() + "/ds/images/train/c.jpg\n").toStdString());
        test::writeText(dir.path() + "/ds/data.yaml",
                        "path: .\ntrain: lists/train.txt\nvalidation: images/val\nnames: {0: thing}\n");
        const Dataset ds = mustOpen(dir.path() + "/ds/data.yaml");
        QCOMPARE(imagesOf(ds, Split::Train), (std::vector<std::string>{"a.jpg", "b.jpg", "c.jpg"}));
        QCOMPARE(imagesOf(ds, Split::Val), (std::vector<std::string>{"v.jpg"}));
        QCOMPARE(ds.images[0].sourceLine, 1);
        QCOMPARE(ds.images[1].sourceLine, 2);
        QCOMPARE(ds.images[2].sourceLine, 4);
        QVERIFY(ds.missingImages.empty());
    }

    void listOfFoldersAndLists()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.addImage("train", "a", {{0}});
        b.addImage("extra", "e", {{0}});
        b.addImage("more", "m", {{0}});
        b.addImage("val", "v", {{0}});
        test::writeText(dir.path() + "/more.txt", "./images/more/m.jpg\n./images/more/skip.gif\n");
        test::writeText(dir.path() + "/data.yaml",
                        "train: [images/train, images/extra, more.txt]\nval: images/val\nnames: [x]\n");
        const Dataset ds = mustOpen(dir.path() + "/data.yaml");
        QCOMPARE(imagesOf(ds, Split::Train), (std::vector<std::string>{"e.jpg", "m.jpg", "a.jpg"}));
        QCOMPARE(ds.skippedEntries.size(), size_t(1));
        QCOMPARE(ds.skippedEntries[0].line, 2);
    }

    void pathRoot_data()
    {
        QTest::addColumn<QString>("pathLine");
        QTest::addColumn<QString>("yamlSubdir");
        QTest::newRow("absent") << "" << "data";
        QTest::newRow("relative") << "path: ../data\n" << "configs";
        QTest::newRow("absolute") << "path: ABS\n" << "elsewhere";
        QTest::newRow("empty") << "path:\n" << "data";
    }
    void pathRoot()
    {
        QFETCH(QString, pathLine);
        QFETCH(QString, yamlSubdir);
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path() + "/data");
        b.addImage("train", "a", {{0}});
        b.addImage("val", "b", {{0}});
        pathLine.replace("ABS", dir.path() + "/data");
        const QString yaml = dir.path() + "/" + yamlSubdir + "/data.yaml";
        test::writeText(yaml, pathLine.toStdString() + "train: images/train\nval: images/val\nnc: 2\n");
        const Dataset ds = mustOpen(yaml);
        QCOMPARE(QString::fromStdString(ds.spec.root), dir.path() + "/data");
        QCOMPARE(ds.images.size(), size_t(2));
        QCOMPARE(ds.spec.names, (std::vector<std::string>{"class_0", "class_1"}));
    }

    void names_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("list") << "names: [cat, dog]" << QStringList{"cat", "dog"};
        QTest::newRow("block list") << "names:\n  - cat\n  - dog" << QStringList{"cat", "dog"};
        QTest::newRow("map") << "names:\n  1: dog\n  0: cat" << QStringList{"cat", "dog"};
        QTest::newRow("nc only") << "nc: 3" << QStringList{"class_0", "class_1", "class_2"};
        QTest::newRow("both agree") << "nc: 2\nnames: [cat, dog]" << QStringList{"cat", "dog"};
        QTest::newRow("chinese") << "names: [猫, 狗]" << QStringList{"猫", "狗"};
    }
    void names()
    {
        QFETCH(QString, yaml);
        QFETCH(QStringList, names);
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.addImage("train", "a", {{0}});
        b.addImage("val", "b", {{0}});
        test::writeText(b.yamlPath(), "train: images/train\nval: images/val\n" + yaml.toStdString() + "\n");
        auto spec = loadDataYaml(b.yamlPath().toStdString());
        QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
        QStringList got;
        for (const auto& n : spec->names)
            got << QString::fromStdString(n);
        QCOMPARE(got, names);
    }

    void errors_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("line");
        QTest::newRow("syntax") << "train: images/train\nval: [images/val\nnames: [a]\n" << "yaml.syntax" << 3;
        QTest::newRow("tab indent") << "train: images/train\nval: images/val\nnames:\n\t- a\n" << "yaml.syntax" << 4;
        QTest::newRow("mismatch") << "train: images/train\nval: images/val\nnc: 3\nnames: [a, b]\n"
                                  << "data.names_nc_mismatch" << 3;
        QTest::newRow("map gap") << "train: images/train\nval: images/val\nnames:\n  0: a\n  2: c\n"
                                 << "data.names_keys" << 4;
        QTest::newRow("map bad key") << "train: images/train\nval: images/val\nnames:\n  zero: a\n"
                                     << "data.names_keys" << 4;
        QTest::newRow("no names") << "train: images/train\nval: images/val\n" << "data.no_names" << 0;
        QTest::newRow("nc zero") << "train: images/train\nval: images/val\nnc: 0\n" << "data.nc_invalid" << 3;
        QTest::newRow("no train") << "val: images/val\nnames: [a]\n" << "data.missing_train" << 0;
        QTest::newRow("no val") << "train: images/train\nnames: [a]\n" << "data.missing_val" << 0;
        QTest::newRow("missing source") << "train: images/train\nval:\n  - images/val\n  - images/nope\nnames: [a]\n"
                                        << "data.source_missing" << 4;
        QTest::newRow("missing root") << "path: nowhere\ntrain: images/train\nval: images/val\nnames: [a]\n"
                                      << "data.root_missing" << 1;
        QTest::newRow("not a map") << "- just\n- a list\n" << "data.not_a_map" << 1;
        QTest::newRow("empty file") << "" << "data.not_a_map" << 0;
    }
    void errors()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, code);
        QFETCH(int, line);
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.addImage("train", "a", {{0}});
        b.addImage("val", "b", {{0}});
        test::writeText(b.yamlPath(), yaml.toStdString());
        auto spec = loadDataYaml(b.yamlPath().toStdString());
        QVERIFY(!spec.ok());
        QCOMPARE(QString::fromStdString(spec.error().code), code);
        QCOMPARE(QString::fromStdString(spec.error().file), b.yamlPath());
        QCOMPARE(spec.error().line, line);
        QVERIFY(spec.error().message.size() > 20);
    }

    // What a drop or a command-line path opens: a YAML file itself; a folder's data.yaml first, else its
    // only YAML file; nothing otherwise.
    void findDataYamlOfPathsAndFolders()
    {
        QTemporaryDir dir;
        const QDir root(dir.path());
        for (const char* f : {"a/data.yaml", "a/other.yaml", "b/coco128.yml", "c/readme.txt", "d/one.yaml", "d/two.yaml"})
            test::writeText(root.filePath(f), "");
        auto find = [&](const char* p) { return QString::fromStdString(findDataYaml(root.filePath(p).toStdString())); };
        QCOMPARE(find("a/other.yaml"), root.filePath("a/other.yaml"));
        QCOMPARE(find("a"), root.filePath("a/data.yaml"));
        QCOMPARE(find("a/"), root.filePath("a/data.yaml"));
        QCOMPARE(find("b"), root.filePath("b/coco128.yml"));
        QCOMPARE(find("c"), QString());
        QCOMPARE(find("c/readme.txt"), QString());
        QCOMPARE(find("d"), QString());  // ambiguous
        QCOMPARE(find("missing"), QString());
        QCOMPARE(QString::fromStdString(findDataYaml("")), QString());
    }

    void missingFile()
    {
        auto spec = loadDataYaml("/nonexistent/dir/data.yaml");
        QVERIFY(!spec.ok());
        QCOMPARE(spec.error().code, std::string("data.not_found"));
        QTemporaryDir dir;
        spec = loadDataYaml(dir.path().toStdString());
        QCOMPARE(spec.error().code, std::string("data.not_a_file"));
    }

    void chineseNamesAndSpaces()
    {
        QTemporaryDir dir;
        const QString root = dir.path() + "/我的 数据集/v 1";
        test::DatasetBuilder b(root);
        b.addImage("train", "猫 咪 01", {{0, 0.4, 0.5, 0.2, 0.3}});
        b.addImage("train", "狗", {{1, 0.5, 0.5, 0.3, 0.3}}, true, "png");
        b.addImage("val", "鸟 2", {{0}});
        test::writeText(root + "/列表 train.txt", "./images/train/猫 咪 01.jpg\n./images/train/狗.png\n");
        test::writeText(root + "/数据.yaml", "train: 列表 train.txt\nval: images/val\nnames: [猫, 狗]\n");
        const auto before = test::hashTree(dir.path());
        Dataset ds = mustOpen(root + "/数据.yaml");
        QCOMPARE(ds.images.size(), size_t(3));
        for (const ImageRecord& r : ds.images) {
            QVERIFY(r.labelExists);
            QCOMPARE(r.boxes.size(), size_t(1));
            QVERIFY(r.width > 0);
        }
        QCOMPARE(QString::fromStdString(ds.images[1].label), root + "/labels/train/猫 咪 01.txt");
        const CheckResult c = checkDataset(ds);
        QCOMPARE(c.summary.errors, 0);
        QCOMPARE(c.summary.warnings, c.summary.byCode.at("class.few_boxes"));  // 1 box per class is few
        QCOMPARE(test::hashTree(dir.path()), before);
        const std::string json = checkResultToJson(ds, c, {});
        QVERIFY(json.find("猫") != std::string::npos);
    }

    void scanReportsProgressAndStopsWhenCancelled()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.makeClean();
        auto spec = loadDataYaml(b.yamlPath().toStdString());
        QVERIFY(spec.ok());
        std::mutex m;
        int64_t last = -1, total = -1;
        bool stageOk = true;
        auto ds = scanDataset(*spec, [&](const Progress& p) {
            std::lock_guard lock(m);
            stageOk = stageOk && p.stage == ProgressStage::Scan;
            last = p.done;
            total = p.total;
        });
        QVERIFY(ds.ok());
        QVERIFY(stageOk);
        QCOMPARE(total, 25);
        QCOMPARE(last, 25);
        QCOMPARE(ds->count(Split::Train), 20);
        QCOMPARE(ds->count(Split::Val), 5);

        CancelToken cancel;
        cancel.cancel();
        auto partial = scanDataset(*spec, {}, cancel);
        QVERIFY(partial.ok());
        QVERIFY(partial->images.size() < 25);
    }

    // A phone photo stored landscape with EXIF orientation 6 is used (and labelled) as portrait.
    void exifOrientationTurnsTheSize()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        const QString img = b.addImage("train", "phone", {{0}}, true, "jpg", 128, 96);
        b.addImage("val", "v", {{0}});
        b.writeYaml({"x"});
        QFile f(img);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray j = f.readAll();
        f.close();
        const QByteArray app1("\xFF\xE1\x00\x22" "Exif\x00\x00" "II*\x00\x08\x00\x00\x00" "\x01\x00"
                              "\x12\x01\x03\x00\x01\x00\x00\x00\x06\x00\x00\x00" "\x00\x00\x00\x00",
                              36);
        j.insert(2, app1);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(j);
        f.close();
        Dataset ds = mustOpen(b.yamlPath());
        QCOMPARE(ds.images[0].width, 96);
        QCOMPARE(ds.images[0].height, 128);
        QCOMPARE(checkDataset(ds).summary.errors, 0);
    }

    void headersOfEveryFormat_data()
    {
        QTest::addColumn<QString>("ext");
        QTest::addColumn<int>("format");
        QTest::newRow("jpg") << "jpg" << int(ImageFormat::Jpeg);
        QTest::newRow("png") << "png" << int(ImageFormat::Png);
        QTest::newRow("bmp") << "bmp" << int(ImageFormat::Bmp);
        QTest::newRow("tiff") << "tiff" << int(ImageFormat::Tiff);
        QTest::newRow("webp") << "webp" << int(ImageFormat::Webp);
    }
    // Sizes come from headers for every format, and every format passes the checker's decode.
    void headersOfEveryFormat()
    {
        QFETCH(QString, ext);
        QFETCH(int, format);
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.addImage("train", "a", {{0}}, true, ext, 123, 77);
        b.addImage("val", "b", {{0}}, true, ext, 64, 200);
        b.writeYaml({"x"});
        Dataset ds = mustOpen(b.yamlPath());
        QCOMPARE(ds.images.size(), size_t(2));
        QCOMPARE(int(ds.images[0].format), format);
        QCOMPARE(ds.images[0].width, 123);
        QCOMPARE(ds.images[0].height, 77);
        QCOMPARE(ds.images[1].width, 64);
        QCOMPARE(ds.images[1].height, 200);
        const CheckResult c = checkDataset(ds);
        QCOMPARE(c.summary.errors, 0);
        QCOMPARE(c.summary.byCode.count("image.corrupt_data"), size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestDataset)
#include "test_dataset.moc"
