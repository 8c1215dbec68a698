// The label review's scoring (core/review/review.h) on hand-made labels and predictions: each kind of suspect,
// what does not make one, the calibration, the ranking across kinds and classes; the end-to-end call's errors.
#include "review/review.h"

#include "data/dataset.h"
#include "data/demo.h"
#include "datasetbuilder.h"
#include "injectionmatch.h"
#include "labelcorrupt.h"
#include "testsupport.h"

#include <QtTest>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <random>

using namespace ys;

namespace {

const std::vector<std::string> kNames = {"square", "circle"};

const ReviewBox kA{0.1f, 0.1f, 0.3f, 0.3f};
const ReviewBox kB{0.6f, 0.6f, 0.8f, 0.8f};

Detection det(const ReviewBox& b, int cls, float conf)
{
    return Detection{b.x1, b.y1, b.x2, b.y2, conf, cls};
}

ReviewBox moved(const ReviewBox& b, float dx, float dy)
{
    return ReviewBox{b.x1 + dx, b.y1 + dy, b.x2 + dx, b.y2 + dy};
}

// `n` clean images: a class-0 label at kA and a class-1 label at kB, each found by its own class's prediction
// exactly, at confidences lo0..hi0 (class 0) and lo1..hi1 (class 1) spread evenly over the images.
std::vector<ReviewImage> clean(int n, float lo0 = 0.5f, float hi0 = 0.95f, float lo1 = 0.5f, float hi1 = 0.95f)
{
    std::vector<ReviewImage> out;
    for (int i = 0; i < n; ++i) {
        const float t = n > 1 ? static_cast<float>(i) / static_cast<float>(n - 1) : 0.f;
        ReviewImage im;
        im.image = "clean" + std::to_string(i) + ".jpg";
        im.labelFile = "clean" + std::to_string(i) + ".txt";
        im.labels = {ReviewLabel{0, kA, 1}, ReviewLabel{1, kB, 2}};
        im.predictions = {det(kA, 0, lo0 + t * (hi0 - lo0)), det(kB, 1, lo1 + t * (hi1 - lo1))};
        out.push_back(std::move(im));
    }
    return out;
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The suspects of image `image`.
std::vector<Suspect> of(const std::vector<Suspect>& all, int image)
{
    std::vector<Suspect> out;
    for (const Suspect& s : all)
        if (s.image == image)
            out.push_back(s);
    return out;
}

}  // namespace

class TestReview : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void iou()
    {
        QCOMPARE(reviewIou(kA, kA), 1.0f);
        QCOMPARE(reviewIou(kA, kB), 0.0f);
        QCOMPARE(reviewIou(kA, ReviewBox{0.1f, 0.1f, 0.1f, 0.3f}), 0.0f);  // no area
        // Shifted by 30% of its size along x and y: (0.7 x 0.7) / (2 - 0.49).
        QVERIFY(std::abs(reviewIou(kA, moved(kA, 0.06f, 0.06f)) - 0.49f / 1.51f) < 1e-4f);
    }

    void kindNames()
    {
        SuspectKind k = SuspectKind::MissingLabel;
        for (int i = 0; i < kSuspectKindCount; ++i) {
            QVERIFY(suspectKindFromString(toString(static_cast<SuspectKind>(i)), k));
            QCOMPARE(static_cast<int>(k), i);
        }
        QCOMPARE(QString(toString(SuspectKind::PoorBox)), QString("poor_box"));
        QVERIFY(!suspectKindFromString("missing", k));
    }

    void cleanLabelsAreNotSuspects()
    {
        auto images = clean(20);
        // A weak other-class prediction on a label and a weak unlabelled prediction change nothing.
        images[3].predictions.push_back(det(kA, 1, 0.05f));
        images[4].predictions.push_back(det(ReviewBox{0.4f, 0.1f, 0.5f, 0.2f}, 0, 0.1f));
        const auto suspects = scoreSuspects(images, kNames);
        QVERIFY2(suspects.empty(), suspects.empty() ? "" : suspects.front().reason.c_str());
    }

    void missingLabel()
    {
        auto images = clean(20);
        ReviewImage im;
        im.image = "m.jpg";
        im.labels = {ReviewLabel{0, kA, 1}};
        const ReviewBox unlabelled{0.5f, 0.1f, 0.7f, 0.3f};
        im.predictions = {det(kA, 0, 0.9f), det(unlabelled, 1, 0.92f), det(unlabelled, 0, 0.3f)};
        images.push_back(im);
        const auto s = of(scoreSuspects(images, kNames), 20);
        QCOMPARE(s.size(), size_t(1));  // one object: the weaker class-0 prediction on it is the same one
        QCOMPARE(s[0].kind, SuspectKind::MissingLabel);
        QCOMPARE(s[0].cls, 1);
        QCOMPARE(s[0].predictedCls, 1);
        QCOMPARE(s[0].line, 0);
        QVERIFY(s[0].hasSuggestion);
        QCOMPARE(reviewIou(s[0].suggested, unlabelled), 1.0f);
        QVERIFY(s[0].score > 0.8);  // above most of the confidences the model gives real circles
        QVERIFY(QString::fromStdString(s[0].reason).contains("circle"));
    }

    void missingLabelNeedsConfidence()
    {
        auto images = clean(20);
        images[0].predictions.push_back(det(ReviewBox{0.5f, 0.1f, 0.7f, 0.3f}, 1, 0.2f));  // under conf 0.25
        QVERIFY(scoreSuspects(images, kNames).empty());
        ReviewScoring low;
        low.conf = 0.1;
        const auto s = scoreSuspects(images, kNames, low);
        QCOMPARE(s.size(), size_t(1));
        QCOMPARE(s[0].kind, SuspectKind::MissingLabel);
    }

    void wrongClass()
    {
        auto images = clean(20);
        ReviewImage im;
        im.image = "w.jpg";
        im.labels = {ReviewLabel{0, kA, 3}};
        im.predictions = {det(kA, 1, 0.9f), det(kA, 0, 0.02f)};  // circle predicted; its own class barely
        images.push_back(im);
        const auto s = of(scoreSuspects(images, kNames), 20);
        QCOMPARE(s.size(), size_t(1));  // the circle prediction is the label's, not a missing label
        QCOMPARE(s[0].kind, SuspectKind::WrongClass);
        QCOMPARE(s[0].line, 3);
        QCOMPARE(s[0].cls, 0);
        QCOMPARE(s[0].predictedCls, 1);
        QVERIFY(s[0].score > 0.8);
        QVERIFY(QString::fromStdString(s[0].reason).contains("'circle'"));
        QVERIFY(QString::fromStdString(s[0].reason).contains("'square'"));
    }

    void wrongClassNotWhenOwnClassIsPredicted()
    {
        auto images = clean(20);
        ReviewImage im;
        im.labels = {ReviewLabel{0, kA, 1}};
        im.predictions = {det(kA, 0, 0.95f), det(kA, 1, 0.9f)};  // both: the model is torn, the label stands
        images.push_back(im);
        const auto s = of(scoreSuspects(images, kNames), 20);
        QVERIFY(s.empty() || s[0].score < 0.1);
        // An overlapping circle label claims the circle prediction: two objects, no mistake.
        images.back().labels.push_back(ReviewLabel{1, kA, 2});
        images.back().predictions = {det(kA, 1, 0.9f), det(kA, 0, 0.02f)};
        const auto t = of(scoreSuspects(images, kNames), 20);
        for (const Suspect& x : t)
            QVERIFY(x.kind != SuspectKind::WrongClass);
    }

    void poorBox()
    {
        auto images = clean(20);
        ReviewImage im;
        im.labels = {ReviewLabel{0, moved(kA, 0.06f, 0.06f), 1}};  // the label is off by 30% of its size
        im.predictions = {det(kA, 0, 0.9f)};
        images.push_back(im);
        const auto s = of(scoreSuspects(images, kNames), 20);
        QCOMPARE(s.size(), size_t(1));  // the prediction is the label's suggestion, not a missing label
        QCOMPARE(s[0].kind, SuspectKind::PoorBox);
        QVERIFY(s[0].hasSuggestion);
        QCOMPARE(reviewIou(s[0].suggested, kA), 1.0f);
        QVERIFY(std::abs(s[0].iou - 0.49 / 1.51) < 1e-3);
        QVERIFY(s[0].score > 0.7);
    }

    void poorBoxScoreGrowsWithTheShift()
    {
        {
            auto images = clean(20);
            ReviewImage im;
            im.labels = {ReviewLabel{0, moved(kA, 0.02f, 0), 1}};  // IoU 0.82: within the model's own noise
            im.predictions = {det(kA, 0, 0.9f)};
            images.push_back(im);
            QVERIFY(of(scoreSuspects(images, kNames), 20).empty());
        }
        double last = 0;
        for (float shift : {0.056f, 0.06f, 0.064f}) {  // IoU 0.56, 0.54, 0.52
            auto images = clean(20);
            ReviewImage im;
            im.labels = {ReviewLabel{0, moved(kA, shift, 0), 1}};
            im.predictions = {det(kA, 0, 0.9f)};
            images.push_back(im);
            const auto s = of(scoreSuspects(images, kNames), 20);
            QCOMPARE(s.size(), size_t(1));
            QCOMPARE(s[0].kind, SuspectKind::PoorBox);
            const double score = s[0].score;
            QVERIFY2(score > last, qPrintable(QString("shift %1: %2 after %3").arg(shift).arg(score).arg(last)));
            last = score;
        }
        QVERIFY(last > 0.3);
    }

    void poorBoxNotForAnotherLabelsPrediction()
    {
        // Two squares side by side, each found well: neither prediction makes the other label a poor box.
        auto images = clean(20);
        ReviewImage im;
        const ReviewBox right = moved(kA, 0.12f, 0);
        im.labels = {ReviewLabel{0, kA, 1}, ReviewLabel{0, right, 2}};
        im.predictions = {det(kA, 0, 0.9f), det(right, 0, 0.88f)};
        images.push_back(im);
        QVERIFY(of(scoreSuspects(images, kNames), 20).empty());
    }

    void spuriousLabel()
    {
        auto images = clean(20);
        ReviewImage im;
        im.labels = {ReviewLabel{1, ReviewBox{0.4f, 0.4f, 0.5f, 0.5f}, 4}};
        im.predictions = {det(ReviewBox{0.41f, 0.41f, 0.5f, 0.5f}, 0, 0.03f)};  // only a weak guess there
        images.push_back(im);
        const auto s = of(scoreSuspects(images, kNames), 20);
        QCOMPARE(s.size(), size_t(1));
        QCOMPARE(s[0].kind, SuspectKind::SpuriousLabel);
        QCOMPARE(s[0].line, 4);
        QVERIFY(!s[0].hasSuggestion);
        QVERIFY(s[0].score > 0.85);  // the model finds every other circle; a weak guess of 0.03 there
        QVERIFY(QString::fromStdString(s[0].reason).contains("100%"));
    }

    void spuriousNeedsAClassTheModelFinds()
    {
        // The model finds no circle anywhere: an unfound circle is the model's weakness, not the label's.
        auto images = clean(20);
        for (ReviewImage& im : images)
            im.predictions.pop_back();
        ReviewImage im;
        im.labels = {ReviewLabel{1, ReviewBox{0.4f, 0.4f, 0.5f, 0.5f}, 1}};
        images.push_back(im);
        for (const Suspect& s : scoreSuspects(images, kNames))
            QVERIFY(s.score < 1e-9 || s.kind != SuspectKind::SpuriousLabel);
    }

    void calibration()
    {
        // Squares found at 0.80..0.95, circles at 0.30..0.45; three unfound circles; class 2 has one label.
        auto images = clean(20, 0.80f, 0.95f, 0.30f, 0.45f);
        for (int i = 0; i < 3; ++i)
            images[static_cast<size_t>(i)].predictions.pop_back();
        images[5].labels.push_back(ReviewLabel{2, kB, 3});
        images[5].predictions.push_back(det(kB, 2, 0.7f));
        std::vector<ClassCalibration> cal;
        scoreSuspects(images, {"square", "circle", "star"}, {}, &cal);
        QCOMPARE(cal.size(), size_t(3));
        QCOMPARE(cal[0].labels, int64_t(20));
        QCOMPARE(cal[0].found, int64_t(20));
        QCOMPARE(cal[1].found, int64_t(17));
        QVERIFY(std::abs(cal[1].recall - 17.0 / 20.0) < 1e-9);
        QVERIFY(std::abs(cal[0].medianConf - 0.875) < 1e-3);
        QVERIFY(std::abs(cal[0].medianIou - 1.0) < 1e-6);
        QVERIFY(!cal[0].pooled);
        QVERIFY(cal[2].pooled);  // one finding: calibrated on every class's
        QCOMPARE(cal[2].found, int64_t(1));
    }

    void calibratedAcrossClasses()
    {
        // The same raw confidence means more for a class the model is shy about: a circle predicted at 0.5
        // where no label is (above every circle it finds, 0.30..0.45) outranks a square at 0.7 (below every
        // square it finds, 0.80..0.95).
        auto images = clean(20, 0.80f, 0.95f, 0.30f, 0.45f);
        ReviewImage im;
        im.predictions = {det(ReviewBox{0.1f, 0.5f, 0.3f, 0.7f}, 0, 0.7f), det(ReviewBox{0.6f, 0.1f, 0.8f, 0.3f}, 1, 0.5f)};
        images.push_back(im);
        const auto s = scoreSuspects(images, kNames);
        QCOMPARE(s.size(), size_t(2));
        QCOMPARE(s[0].cls, 1);
        QCOMPARE(s[1].cls, 0);
        QVERIFY(s[0].score > 0.9);
        QVERIFY(s[1].score < 0.1);
    }

    void rankingAcrossKinds()
    {
        // One clear mistake of each kind, and weak evidence of each: the clear ones come first, whatever kind.
        // (The clear spurious label scores about 0.6: the model misses one circle in 30 anyway.)
        auto images = clean(30);
        auto add = [&](std::vector<ReviewLabel> labels, std::vector<Detection> preds) {
            ReviewImage im;
            im.image = "r" + std::to_string(images.size()) + ".jpg";
            im.labels = std::move(labels);
            im.predictions = std::move(preds);
            images.push_back(std::move(im));
        };
        const int first = static_cast<int>(images.size());
        add({}, {det(kA, 0, 0.97f)});                                             // clear missing label
        add({ReviewLabel{0, kA, 1}}, {det(kA, 1, 0.96f)});                        // clear wrong class
        add({ReviewLabel{0, moved(kA, 0.06f, 0.06f), 1}}, {det(kA, 0, 0.96f)});  // clear poor box
        add({ReviewLabel{1, kB, 1}}, {});                                         // clear spurious label
        add({}, {det(kA, 0, 0.3f)});                                              // weak missing label
        add({ReviewLabel{0, kA, 1}}, {det(kA, 1, 0.3f), det(kA, 0, 0.6f)});       // weak wrong class
        add({ReviewLabel{0, moved(kA, 0.015f, 0), 1}}, {det(kA, 0, 0.55f)});     // weak poor box
        add({ReviewLabel{1, kB, 1}}, {det(kB, 0, 0.2f), det(kB, 1, 0.2f)});       // weak spurious label
        const auto s = scoreSuspects(images, kNames);
        QVERIFY(s.size() >= 4);
        std::vector<bool> kinds(kSuspectKindCount, false);
        for (size_t i = 0; i < 4; ++i) {
            QVERIFY2(s[i].image < first + 4, qPrintable(QString::fromStdString(s[i].reason)));
            kinds[static_cast<size_t>(s[i].kind)] = true;
            QVERIFY(s[i].score > 0.5);
        }
        QVERIFY(kinds[0] && kinds[1] && kinds[2] && kinds[3]);
        for (size_t i = 4; i < s.size(); ++i)
            QVERIFY2(s[i].score < 0.5, qPrintable(QString::fromStdString(s[i].reason)));
        for (size_t i = 1; i < s.size(); ++i)
            QVERIFY(s[i - 1].score >= s[i].score);
    }

    void oneSuspectPerLabel()
    {
        // A label that is both off and of the wrong class yields one suspect, its likeliest kind.
        auto images = clean(20);
        ReviewImage im;
        im.labels = {ReviewLabel{0, kA, 1}};
        im.predictions = {det(kA, 1, 0.95f), det(moved(kA, 0.07f, 0.07f), 0, 0.4f)};
        images.push_back(im);
        const auto s = of(scoreSuspects(images, kNames), 20);
        QCOMPARE(s.size(), size_t(1));
        QCOMPARE(s[0].kind, SuspectKind::WrongClass);
    }

    void keys()
    {
        Suspect label;
        label.kind = SuspectKind::WrongClass;
        label.line = 3;
        QCOMPARE(QString::fromStdString(suspectKey("/data/images/val/a.jpg", label, "/data")),
                 QString("images/val/a.jpg|wrong_class|3"));
        QCOMPARE(QString::fromStdString(suspectKey("/other/a.jpg", label, "/data")), QString("/other/a.jpg|wrong_class|3"));
        Suspect missing;
        missing.kind = SuspectKind::MissingLabel;
        missing.cls = 2;
        missing.box = ReviewBox{0.425f, 0.225f, 0.625f, 0.425f};  // centre (0.525, 0.325): cells 10, 6
        const std::string key = suspectKey("/data/images/val/a.jpg", missing, "/data/");
        QCOMPARE(QString::fromStdString(key), QString("images/val/a.jpg|missing_label|2@10,6"));
        missing.box = moved(missing.box, 0.01f, -0.01f);  // a few pixels apart, inside the cell: the same object
        QCOMPARE(suspectKey("/data/images/val/a.jpg", missing, "/data/"), key);
        missing.cls = 1;
        QVERIFY(suspectKey("/data/images/val/a.jpg", missing, "/data/") != key);
    }

    void jsonAndTable()
    {
        ReviewResult r;
        r.names = kNames;
        r.images = clean(20);
        ReviewImage im;
        im.image = "/data/images/val/odd.jpg";
        im.labelFile = "/data/labels/val/odd.txt";
        im.labels = {ReviewLabel{0, kA, 7}};
        im.predictions = {det(kA, 1, 0.9f)};
        r.images.push_back(im);
        r.suspects = scoreSuspects(r.images, r.names, {}, &r.calibration);
        QCOMPARE(r.suspects.size(), size_t(1));
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(reviewResultToJson(r)));
        QVERIFY(doc.isObject());
        const QJsonObject s = doc.object()["suspects"].toArray()[0].toObject();
        QCOMPARE(s["kind"].toString(), QString("wrong_class"));
        QCOMPARE(s["line"].toInt(), 7);
        QCOMPARE(s["label_file"].toString(), QString("/data/labels/val/odd.txt"));
        QCOMPARE(s["class_name"].toString(), QString("square"));
        QCOMPARE(s["predicted_class_name"].toString(), QString("circle"));
        QCOMPARE(s["suggested_box"].toArray().size(), 4);
        QCOMPARE(doc.object()["counts"].toObject()["wrong_class"].toInt(), 1);
        QCOMPARE(doc.object()["calibration"].toArray().size(), 2);
        QCOMPARE(s["key"].toString(), QString("/data/images/val/odd.jpg|wrong_class|7"));
        const QJsonArray perClass = doc.object()["counts_per_class"].toArray();
        QCOMPARE(perClass.size(), 2);
        QCOMPARE(perClass[0].toObject()["wrong_class"].toInt(), 1);
        QCOMPARE(perClass[1].toObject()["wrong_class"].toInt(), 0);
        const auto table = suspectTable(r, 10);
        QCOMPARE(table.size(), size_t(2));
        QVERIFY(QString::fromStdString(table[1]).contains("odd.jpg"));
        QVERIFY(QString::fromStdString(table[1]).contains("wrong_class"));
    }

    void savedAndReadBack()
    {
        ReviewResult r;
        r.dataYaml = "/data/data.yaml";
        r.root = "/data";
        r.weights = "/runs/exp/weights/best.pt";
        r.split = ReviewSplit::All;
        r.scoring.conf = 0.3;
        r.names = {"sq<b>&", "circle"};
        r.images = clean(12);
        r.images[3].predictions.push_back(det(kB, 0, 0.1f));  // under scoring.conf: not kept in the file
        ReviewImage im;
        im.image = "/data/images/val/odd.jpg";
        im.labelFile = "/data/labels/val/odd.txt";
        im.labels = {ReviewLabel{0, kA, 7}, ReviewLabel{1, moved(kB, 0.08f, 0.f), 9}};
        im.predictions = {det(kA, 1, 0.9f), det(kB, 1, 0.95f), det(moved(kA, 0.3f, 0.f), 0, 0.97f)};
        r.images.push_back(im);
        r.suspects = scoreSuspects(r.images, r.names, r.scoring, &r.calibration);
        QVERIFY(r.suspects.size() >= 2);

        QTemporaryDir tmp;
        const QString dir = tmp.path() + "/runs/exp";
        QCOMPARE(QString::fromStdString(reviewPathForWeights(r.weights)), QString("/runs/exp/review.json"));
        QCOMPARE(reviewPathForWeights("/somewhere/best.pt"), std::string());
        const std::string path = reviewPathForWeights((dir + "/weights/best.pt").toStdString());
        QCOMPARE(QString::fromStdString(path), dir + "/review.json");
        QVERIFY(!saveReview(r, path).has_value());
        auto back = loadReview(path);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QCOMPARE(back->dataYaml, r.dataYaml);
        QCOMPARE(back->root, r.root);
        QCOMPARE(back->weights, r.weights);
        QVERIFY(back->split == ReviewSplit::All);
        QCOMPARE(back->scoring.conf, 0.3);
        QVERIFY(back->names == r.names);
        QCOMPARE(back->images.size(), r.images.size());
        QCOMPARE(back->images[3].predictions.size(), size_t(2));  // the 0.1 one left out
        QCOMPARE(back->images.back().labels.size(), size_t(2));
        QCOMPARE(back->images.back().labels[1].line, 9);
        QCOMPARE(back->calibration.size(), r.calibration.size());
        QCOMPARE(back->calibration[0].found, r.calibration[0].found);
        QCOMPARE(back->suspects.size(), r.suspects.size());
        for (size_t i = 0; i < r.suspects.size(); ++i) {
            const Suspect& a = r.suspects[i];
            const Suspect& b = back->suspects[i];
            QVERIFY(a.kind == b.kind);
            QCOMPARE(b.image, a.image);
            QCOMPARE(b.line, a.line);
            QCOMPARE(b.cls, a.cls);
            QCOMPARE(b.predictedCls, a.predictedCls);
            QCOMPARE(b.hasSuggestion, a.hasSuggestion);
            QCOMPARE(b.suggested.x1, a.suggested.x1);
            QCOMPARE(b.box.y2, a.box.y2);
            QCOMPARE(b.score, a.score);
            QCOMPARE(b.reason, a.reason);
            QCOMPARE(suspectKey(back->images[static_cast<size_t>(b.image)].image, b, back->root),
                     suspectKey(r.images[static_cast<size_t>(a.image)].image, a, r.root));
        }
    }

    void damagedReviewFilesAreErrors()
    {
        auto notJson = reviewResultFromJson("{ not json", "r.json");
        QVERIFY(!notJson.ok());
        QCOMPARE(notJson.error().code, std::string("review.json"));
        QCOMPARE(notJson.error().file, std::string("r.json"));
        auto badKind = reviewResultFromJson(R"({"suspects": [{"kind": "nonsense"}]})", "r.json");
        QVERIFY(!badKind.ok());
        QVERIFY2(badKind.error().message.find("suspects[0].kind") != std::string::npos, badKind.error().message.c_str());
        auto badBox = reviewResultFromJson(R"({"suspects": [{"kind": "poor_box", "box": [1, 2]}]})", "r.json");
        QVERIFY(!badBox.ok());
        QVERIFY(badBox.error().message.find("suspects[0].box") != std::string::npos);
        auto badType = reviewResultFromJson(R"({"names": 3})", "r.json");
        QVERIFY(!badType.ok());
        QVERIFY(badType.error().message.find("names") != std::string::npos);
        QTemporaryDir tmp;
        auto missing = loadReview((tmp.path() + "/none/review.json").toStdString());
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, std::string("io.read"));
    }

    void findsInjectedMistakesOfASimulatedModel()
    {
        // The issue's measurement with the model simulated: the demo (seed 2) corrupted by the tests/support
        // tool (5% removed, 5% swapped, 5% shifted by 30%), predictions made from the SOURCE labels as a
        // good detector would (90% found at 0.5..0.95 with a few percent of box noise, 10% only weakly, a weak
        // other-class guess on each object, false positives on 5% of the images). The review's top N (N = the
        // number injected) must hold at least 70% of the injected mistakes and some of each kind.
        QTemporaryDir dir;
        ys::DemoOptions demo;
        demo.seed = 2;
        demo.width = 96;
        demo.height = 80;
        auto source = ys::writeDemoDataset((dir.path() + "/source").toStdString(), demo);
        QVERIFY(source.ok());
        const ys::test::CorruptResult c = ys::test::corruptDataset(*source, (dir.path() + "/copy").toStdString());
        QVERIFY2(c.ok(), c.error.c_str());
        auto truth = ys::openDataset(*source);
        auto copy = ys::openDataset(c.dataYaml);
        QVERIFY(truth.ok() && copy.ok());
        QCOMPARE(truth->images.size(), copy->images.size());

        std::mt19937 gen(5);
        std::uniform_real_distribution<float> u(0.f, 1.f);
        std::normal_distribution<float> noise(0.f, 0.03f);
        std::vector<ReviewImage> images;
        for (size_t i = 0; i < copy->images.size(); ++i) {
            const ys::ImageRecord& im = copy->images[i];
            ReviewImage ri;
            ri.image = im.image;
            ri.labelFile = im.label;
            for (const ys::LabelBox& b : im.boxes)
                ri.labels.push_back(ReviewLabel{b.cls, ReviewBox{b.cx - b.w / 2, b.cy - b.h / 2, b.cx + b.w / 2, b.cy + b.h / 2}, b.line});
            for (const ys::LabelBox& b : truth->images[i].boxes) {
                const float x1 = b.cx - b.w / 2 + noise(gen) * b.w, x2 = b.cx + b.w / 2 + noise(gen) * b.w;
                const float y1 = b.cy - b.h / 2 + noise(gen) * b.h, y2 = b.cy + b.h / 2 + noise(gen) * b.h;
                const bool found = u(gen) < 0.9f;
                ri.predictions.push_back(Detection{x1, y1, x2, y2, found ? 0.5f + 0.45f * u(gen) : 0.02f + 0.2f * u(gen), b.cls});
                ri.predictions.push_back(Detection{x1, y1, x2, y2, 0.001f + 0.05f * u(gen), (b.cls + 1) % 5});
            }
            if (u(gen) < 0.05f) {
                const float x = 0.7f * u(gen), y = 0.7f * u(gen);
                ri.predictions.push_back(Detection{x, y, x + 0.2f, y + 0.2f, 0.25f + 0.45f * u(gen), static_cast<int>(gen() % 5)});
            }
            images.push_back(std::move(ri));
        }
        const auto suspects = scoreSuspects(images, truth->spec.names);
        const ys::test::InjectionScore m = ys::test::matchInjections(c.injections, images, suspects);
        qInfo("%s", m.summary().c_str());
        const int all = m.foundAll(), injected = m.injected();
        QVERIFY(injected > 30);
        QVERIFY(m.found[0] > 0 && m.found[1] > 0 && m.found[2] > 0);
        QVERIFY2(all >= 0.7 * injected, qPrintable(QString("%1 of %2").arg(all).arg(injected)));
    }

    void fixesGoToANewFolder()
    {
        QTemporaryDir dir;
        const QString root = dir.path() + "/data";
        QVERIFY(ys::test::writeText(root + "/labels/val/a.txt", "0 0.2 0.2 0.2 0.2\n1 0.7 0.7 0.2 0.2\n0 0.5 0.5 0.1 0.1\n"));
        QVERIFY(ys::test::writeText(root + "/labels/val/b.txt", "1 0.3 0.3 0.2 0.2\n"));
        ReviewResult r;
        r.root = root.toStdString();
        r.names = kNames;
        ReviewImage a, b;
        a.image = (root + "/images/val/a.jpg").toStdString();
        a.labelFile = (root + "/labels/val/a.txt").toStdString();
        b.image = (root + "/images/val/b.jpg").toStdString();
        b.labelFile = (root + "/labels/val/b.txt").toStdString();
        r.images = {a, b};
        Suspect wrong, poor, spurious, missing, untouched;
        wrong.kind = SuspectKind::WrongClass, wrong.image = 0, wrong.line = 1, wrong.cls = 0, wrong.predictedCls = 1;
        poor.kind = SuspectKind::PoorBox, poor.image = 0, poor.line = 2, poor.cls = 1, poor.predictedCls = 1;
        poor.hasSuggestion = true, poor.suggested = ReviewBox{0.5f, 0.5f, 0.7f, 0.9f};
        spurious.kind = SuspectKind::SpuriousLabel, spurious.image = 0, spurious.line = 3, spurious.cls = 0;
        missing.kind = SuspectKind::MissingLabel, missing.image = 0, missing.cls = 1, missing.predictedCls = 1;
        missing.hasSuggestion = true, missing.suggested = ReviewBox{0.1f, 0.6f, 0.3f, 0.8f};
        untouched.kind = SuspectKind::SpuriousLabel, untouched.image = 1, untouched.line = 1;
        r.suspects = {wrong, poor, spurious, missing, untouched};
        const QByteArray before = readFile(root + "/labels/val/a.txt");

        const QString out = dir.path() + "/fixes";
        auto n = writeFixedLabels(r, {0, 1, 2, 3}, out.toStdString());
        QVERIFY2(n.ok(), n.ok() ? "" : n.error().message.c_str());
        QCOMPARE(*n, 1);  // only a.txt: b's suspect was not chosen
        QCOMPARE(QString::fromUtf8(readFile(out + "/labels/val/a.txt")),
                 QString("1 0.2 0.2 0.2 0.2\n1 0.600000 0.700000 0.200000 0.400000\n1 0.200000 0.700000 0.200000 0.200000\n"));
        QVERIFY(!QFile::exists(out + "/labels/val/b.txt"));
        QCOMPARE(readFile(root + "/labels/val/a.txt"), before);  // the dataset as it was

        const auto inside = writeFixedLabels(r, {0}, (root + "/fixes").toStdString());
        QVERIFY(!inside.ok());
        QCOMPARE(QString::fromStdString(inside.error().code), QString("review.fix_out"));
        QCOMPARE(ys::errorKind(inside.error().code), ys::ErrorKind::Setting);   // the user's choice of folder
        QVERIFY(!QFileInfo::exists(root + "/fixes"));
        auto bad = writeFixedLabels(r, {9}, out.toStdString());
        QVERIFY(!bad.ok());
        QCOMPARE(QString::fromStdString(bad.error().code), QString("review.fix_index"));
    }

    void endToEndErrors()
    {
        QTemporaryDir dir;
        ys::test::DatasetBuilder b(dir.path());
        b.makeClean();
        QVERIFY(b.writeYaml());
        ReviewOptions o;
        o.data = b.yamlPath().toStdString();
        o.weights = (dir.path() + "/none.pt").toStdString();
        auto r = reviewLabels(o);
        QVERIFY(!r);
        QCOMPARE(QString::fromStdString(r.error().code), QString("weights.missing"));
        QCOMPARE(QString::fromStdString(r.error().file), dir.path() + "/none.pt");

        o.weights = b.yamlPath().toStdString();  // a file: the dataset is opened first
        o.data = (dir.path() + "/nowhere").toStdString();
        r = reviewLabels(o);
        QVERIFY(!r);
        QVERIFY(QString::fromStdString(r.error().code).startsWith("data."));

        o.data = b.yamlPath().toStdString();
        CancelToken cancel;
        cancel.cancel();
        r = reviewLabels(o, {}, cancel);
        QVERIFY(!r);
        QCOMPARE(QString::fromStdString(r.error().code), QString("review.cancelled"));
        QCOMPARE(ys::errorKind(r.error().code), ys::ErrorKind::Cancelled);

        o.weights = b.yamlPath().toStdString();  // not weights: the loader says so, naming the file
        r = reviewLabels(o);
        QVERIFY(!r);
        QCOMPARE(QString::fromStdString(r.error().file), b.yamlPath());
    }
};

QTEST_GUILESS_MAIN(TestReview)
#include "test_review.moc"
