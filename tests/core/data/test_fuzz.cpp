// Random and truncated input never crashes the label parser, the data.yaml loader or the image checks,
// and every outcome is a value (a parsed result or an Error with a code and a message).
#include "data/check.h"
#include "data/dataset.h"

#include "datasetbuilder.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <random>
#include <set>

using namespace ys;

namespace {

std::set<std::string> knownCodes()
{
    std::set<std::string> s;
    for (const CheckCode& c : checkCodes())
        s.insert(c.code);
    return s;
}

// Random text biased towards what label and YAML parsers look at.
std::string randomText(std::mt19937& rng, size_t maxLen, const std::string& alphabet)
{
    const size_t len = rng() % (maxLen + 1);
    std::string s(len, ' ');
    for (char& c : s)
        c = (rng() % 8 == 0) ? static_cast<char>(rng() & 0xFF) : alphabet[rng() % alphabet.size()];
    return s;
}

std::string mutate(std::mt19937& rng, std::string s)
{
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < edits && !s.empty(); ++k) {
        const size_t at = rng() % s.size();
        switch (rng() % 3) {
        case 0: s[at] = static_cast<char>(rng() & 0xFF); break;
        case 1: s.erase(at, 1 + rng() % 8); break;
        default: s.insert(at, 1, "\n:-[]{}#&*!|>'\"%@`\t, "[rng() % 21]); break;
        }
    }
    return s;
}

bool writeBytes(const QString& path, const std::string& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           f.write(bytes.data(), static_cast<qint64>(bytes.size())) == static_cast<qint64>(bytes.size());
}

}  // namespace

class TestFuzz final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void labelParserSurvivesGarbage()
    {
        const std::set<std::string> codes = knownCodes();
        std::mt19937 rng(12345);
        const std::string valid = "\xEF\xBB\xBF"
                                  "0 0.5 0.5 0.2 0.2\r\n1 0.1 0.1 0.3 0.1 0.3 0.4 0.1 0.4\n"
                                  "2 1e-3 .5 5E-1 0.25\n";
        std::vector<std::string> inputs;
        for (size_t n = 0; n <= valid.size(); ++n)
            inputs.push_back(valid.substr(0, n));  // every truncation
        for (int i = 0; i < 2000; ++i)
            inputs.push_back(randomText(rng, 200, "0123456789.-+ eEnaif\n\r\t"));
        for (int i = 0; i < 1000; ++i)
            inputs.push_back(mutate(rng, valid));
        inputs.push_back(std::string(100000, '0'));
        inputs.push_back(std::string(5000, '\n'));
        inputs.push_back(std::string("0 ") + std::string(4000, '9') + " 0.5 0.5 0.5");

        for (const std::string& in : inputs) {
            for (int nc : {-1, 0, 3}) {
                const ParsedLabels p = parseLabels(in, nc);
                QVERIFY(p.rows >= 0);
                QVERIFY(p.boxes.size() <= static_cast<size_t>(p.rows));
                QVERIFY(p.issues.size() <= 101);
                for (const LabelBox& b : p.boxes) {
                    QVERIFY(b.line >= 1);
                    QVERIFY(b.cls >= 0);
                    QVERIFY(nc < 0 || b.cls < nc);
                    QVERIFY(std::isfinite(b.cx) && std::isfinite(b.w));
                }
                for (const LabelIssue& i : p.issues) {
                    QVERIFY2(codes.count(i.code), i.code.c_str());
                    QVERIFY(!i.message.empty());
                }
            }
        }
    }

    void yamlLoaderSurvivesGarbage()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.addImage("train", "a", {{0}});
        b.addImage("val", "b", {{0}});
        const std::string valid = "# comment\npath: .\ntrain: [images/train]\nval: images/val\ntest:\nnc: 2\n"
                                  "names:\n  0: cat\n  1: \"dog\"\n";
        std::mt19937 rng(777);
        std::vector<std::string> inputs;
        for (size_t n = 0; n <= valid.size(); ++n)
            inputs.push_back(valid.substr(0, n));
        for (int i = 0; i < 1200; ++i)
            inputs.push_back(mutate(rng, valid));
        for (int i = 0; i < 1200; ++i)
            inputs.push_back(randomText(rng, 300, "abcnmetrainvl: -[]{},'\"\n\t#&*!|>0123456789"));
        inputs.push_back(std::string(3000, '[') + std::string(3000, ']'));
        inputs.push_back("a: &x [*x]\n");
        inputs.push_back(std::string("\xFF\xFE\x00\x01", 4));

        const QString yaml = dir.path() + "/data.yaml";
        int ok = 0, failed = 0;
        for (const std::string& in : inputs) {
            QVERIFY(writeBytes(yaml, in));
            auto spec = loadDataYaml(yaml.toStdString());
            if (spec.ok()) {
                ++ok;
                QVERIFY(!spec->names.empty());
                QVERIFY(spec->hasSplit(Split::Train));
                QVERIFY(spec->hasSplit(Split::Val));
            } else {
                ++failed;
                QVERIFY(!spec.error().code.empty());
                QVERIFY(!spec.error().message.empty());
                QCOMPARE(QString::fromStdString(spec.error().file), yaml);
                QVERIFY(spec.error().line >= 0);
            }
        }
        QVERIFY(ok > 0);  // the truncations that keep every key still load
        QVERIFY(failed > 0);
    }

    // Random bytes and every kind of truncated image go through scan and check as findings, never a crash.
    void imageChecksSurviveGarbage()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        const QString jpg = b.addImage("train", "src", {{0}});
        const QString png = b.addImage("train", "srcpng", {{0}}, true, "png");
        QFile fj(jpg), fp(png);
        QVERIFY(fj.open(QIODevice::ReadOnly) && fp.open(QIODevice::ReadOnly));
        const QByteArray jb = fj.readAll(), pb = fp.readAll();
        std::mt19937 rng(99);
        int n = 0;
        auto add = [&](const QByteArray& bytes, const char* ext) {
            const QString name = QString("f%1").arg(n++, 4, 10, QChar('0'));
            QFile f(b.imagePath("train", name, ext));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        };
        for (int i = 0; i < 60; ++i) {
            add(jb.left(static_cast<int>(rng() % jb.size())), "jpg");
            add(pb.left(static_cast<int>(rng() % pb.size())), "png");
            QByteArray m = jb;
            for (int k = 0; k < 8; ++k)
                m[static_cast<int>(rng() % m.size())] = static_cast<char>(rng() & 0xFF);
            add(m, "jpg");
            QByteArray r(static_cast<int>(rng() % 2000), '\0');
            for (char& c : r)
                c = static_cast<char>(rng() & 0xFF);
            add(r, i % 2 ? "webp" : "bmp");
        }
        // Headers that claim huge or odd structures.
        add(QByteArray("\xFF\xD8\xFF\xC0\x00\x02", 6), "jpg");
        add(QByteArray("II*\x00\xFF\xFF\xFF\x7F", 8), "tif");
        add(QByteArray("MM\x00*\x00\x00\x00\x08\xFF\xFF", 10), "tif");
        add(QByteArray("RIFF\x00\x00\x00\x00WEBPVP8X", 16), "webp");
        add(QByteArray("PF\n99999999999 3\n-1\n", 20), "pfm");
        add(QByteArray("BM\x00\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00\x00\x00\x00\x00\x00\x80\x00\x00\x00\x80", 26), "bmp");
        b.addImage("val", "v", {{0}});
        b.writeYaml({"a"});
        const auto before = test::hashTree(dir.path());
        auto ds = openDataset(b.yamlPath().toStdString());
        QVERIFY(ds.ok());
        QCOMPARE(ds->images.size(), size_t(n + 3));
        const CheckResult r = checkDataset(*ds);
        QCOMPARE(test::hashTree(dir.path()), before);
        QVERIFY(r.summary.corruptImages > 100);
        // The two intact sources and the val image are not reported as broken.
        for (const Finding& f : r.findings)
            if (f.image >= 0 && (f.category & ProblemImage)) {
                const QString name = QFileInfo(QString::fromStdString(ds->images[size_t(f.image)].image)).baseName();
                QVERIFY2(name.startsWith('f'), qPrintable(name + ": " + QString::fromStdString(f.message)));
            }
    }
};

QTEST_GUILESS_MAIN(TestFuzz)
#include "test_fuzz.moc"
