// Ultralytics 8.4's `nms` setting through val and predict: nms=false runs a YOLO26 model's one-to-one head
// and keeps its top max_det rows without NMS (overlapping boxes stay), nms=true (the default) the one-to-many
// head with NMS; a model without a one-to-one head (YOLOv8) warns and uses NMS, as 8.4 does. agnostic_nms in
// predict, val and training's validation: NMS across classes, one row per anchor without NMS. The models are
// untrained with constant heads (zero weights, chosen biases), so every anchor predicts a known box and score.
#include "model/internal/spec.h"
#include "model/internal/yolo.h"
#include "testsupport.h"
#include "train/internal/checkpoint.h"
#include "train/trainer.h"
#include "smallrun.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#ifdef YS_HAVE_EXPORT
#include "export/export.h"
#endif

namespace {

constexpr int kImgsz = 128;   // 16x16 + 8x8 + 4x4 = 336 anchors: more than the 300 nms=false keeps

double logit(double p)
{
    return std::log(p / (1 - p));
}

// A constant head's class probabilities per level, from class 0 on (the last list also serves the levels after
// it; classes past a list score ~0, logit -20).
using HeadScores = std::vector<std::vector<double>>;

// One head branch list set to constants: box distances `ltrb` (grid units) and class scores.
void setConstant(std::vector<ys::DetectImpl::Branch>& box, std::vector<ys::DetectImpl::Branch>& cls, double ltrb,
                 const HeadScores& scores)
{
    for (auto& b : box) {
        b.out->weight.zero_();
        b.out->bias.fill_(ltrb);
    }
    for (size_t l = 0; l < cls.size(); ++l) {
        const std::vector<double>& p = scores[std::min(l, scores.size() - 1)];
        cls[l].out->weight.zero_();
        cls[l].out->bias.fill_(-20);
        for (size_t k = 0; k < p.size(); ++k)
            cls[l].out->bias[static_cast<int64_t>(k)].fill_(logit(p[k]));
    }
}

// Writes a studio checkpoint of `model` (3 classes). For YOLO26 the one-to-many head scores `many` and the
// one-to-one head `one`; both predict boxes `ltrb` grid units around each anchor. Returns the path, or an empty
// string (the reason in a failed QVERIFY).
std::string writeModel(const QTemporaryDir& dir, const std::string& model, double ltrb, const HeadScores& many,
                       const HeadScores& one)
{
    auto spec = ys::loadModelSpec(model, 3);
    if (!spec) {
        qWarning("%s", spec.error().toString().c_str());
        return {};
    }
    ys::DetectionModel m(*spec);
    if (m->regMax() == 1) {
        torch::NoGradGuard ng;
        auto& d = *m->detect();
        setConstant(d.box, d.cls, ltrb, many);
        setConstant(d.box1, d.cls1, ltrb, one);
    }
    ys::CheckpointMeta meta;
    meta.modelYaml = ys::modelYamlText(*spec);
    meta.modelName = model;
    meta.scale = spec->scale;
    meta.names = {"a", "b", "c"};
    meta.imgsz = kImgsz;
    const std::string path = QDir(dir.path()).filePath(QString::fromStdString(model) + ".pt").toStdString();
    if (auto err = ys::saveCheckpoint(path, meta, &m, nullptr, nullptr)) {
        qWarning("%s", err->toString().c_str());
        return {};
    }
    return path;
}

// The shapes dataset (2 images, `side` px square) with one box of class `cls` per image: the box of the stride-8
// anchor at (36, 36) px, 16..56 on both axes, which writeModel's YOLO26 heads predict exactly with ltrb 2.5.
// Returns data.yaml, or empty (a failed QVERIFY says).
QString oneAnchorBoxData(const QTemporaryDir& dir, int side = kImgsz, int cls = 0)
{
    const QString data = ys::test::writeShapesDataset(dir.filePath("shapes"), 2, side, side);
    if (data.isEmpty())
        return {};
    const QString label = QStringLiteral("%1 %2 %2 %3 %3\n").arg(cls).arg(36.0 / side).arg(40.0 / side);
    for (const QString& name : QDir(dir.filePath("shapes/labels")).entryList({"*.txt"}))
        if (!ys::test::writeText(dir.filePath("shapes/labels/" + name), label.toStdString()))
            return {};
    return data;
}

// The best mAP50 of a 1-epoch run from `weights` that leaves them as they are (lr0 0, no weight decay, no warmup,
// no colour or geometry changes): how the run's validation scores the start weights. `set` adjusts the config.
// -1 when the run failed (a warning says why).
double unchangedRunMap50(const QTemporaryDir& dir, const std::string& weights, const QString& data,
                         const QString& name, const std::function<void(ys::TrainConfig&)>& set)
{
    ys::TrainConfig c = ys::test::smallRunConfig(data, dir.filePath("runs"), name);
    c.model = weights;
    c.epochs = 1;
    c.batch = 2;
    c.optimizer = "SGD";
    c.lr0 = 0;
    c.weight_decay = 0;
    c.hsv_h = c.hsv_s = c.hsv_v = c.fliplr = c.translate = c.scale = 0;
    set(c);
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    auto r = ys::train(c, cb);
    if (!r) {
        qWarning("%s", r.error().toString().c_str());
        return -1;
    }
    return r->best.map50;
}

ys::RgbImage greyImage()
{
    ys::RgbImage im;
    im.width = im.height = kImgsz;
    im.pixels.assign(static_cast<size_t>(kImgsz * kImgsz * 3), 114);
    return im;
}

float iou(const ys::Detection& a, const ys::Detection& b)
{
    const float w = std::max(0.f, std::min(a.x2, b.x2) - std::max(a.x1, b.x1));
    const float h = std::max(0.f, std::min(a.y2, b.y2) - std::max(a.y1, b.y1));
    const float inter = w * h;
    return inter / ((a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter);
}

std::vector<ys::Detection> predictOne(const std::string& weights, bool nms, double conf = 0.25)
{
    ys::PredictImagesOptions o;
    o.weights = weights;
    o.imgsz = kImgsz;
    o.conf = conf;
    o.nms = nms;
    auto r = ys::predictImages(o, {greyImage()});
    if (!r) {
        qWarning("%s", r.error().toString().c_str());
        return {};
    }
    return r->front();
}

}  // namespace

class TestNmsFree final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void predictOneToOneKeepsOverlaps();
    void valScoresTheOneToOneHead();
    void trainingValidatesTheHeadNmsNames();
    void agnosticOneToOneRowsAreOnePerAnchor();
    void agnosticNmsSuppressesAcrossClasses();
    void modelWithoutOneToOneHeadWarnsAndUsesNms();
    void endToEndOnnxIsRefusedInOneLine();

private:
    QTemporaryDir dir_;
    std::string yolo26_;
};

void TestNmsFree::initTestCase()
{
    QVERIFY(dir_.isValid());
    // 64 px boxes (4 grid units a side at stride 8): neighbours 8 px apart overlap at IoU 0.78 > 0.7.
    yolo26_ = writeModel(dir_, "yolo26n.yaml", 4.0, {{0.3}}, {{0.6}});
    QVERIFY(!yolo26_.empty());
}

// nms=false: min(300, 336 anchors) = 300 rows of the one-to-one head (score 0.6), neighbours overlapping;
// nms=true: the one-to-many head (0.3), overlaps suppressed: 168 rows (every other anchor on a checkerboard).
void TestNmsFree::predictOneToOneKeepsOverlaps()
{
    const auto free = predictOne(yolo26_, false);
    QCOMPARE(free.size(), size_t{300});
    float worst = 0;
    for (const auto& d : free) {
        QVERIFY(std::abs(d.conf - 0.6f) < 1e-4f);
        QCOMPARE(d.cls, 0);
    }
    for (size_t i = 1; i < free.size(); ++i)
        worst = std::max(worst, iou(free[0], free[i]));
    QVERIFY2(worst > 0.7f, qPrintable(QString::number(worst)));

    const auto nms = predictOne(yolo26_, true);
    QVERIFY2(!nms.empty() && nms.size() < 200, qPrintable(QString::number(nms.size())));
    for (const auto& d : nms)
        QVERIFY(std::abs(d.conf - 0.3f) < 1e-4f);
}

// val: the one-to-many head scores every class ~0 (nothing above conf: mAP 0), the one-to-one head finds the
// one labelled box exactly (an anchor's 40 px box), so only nms=false scores above 0; its log line says which
// head ran.
void TestNmsFree::valScoresTheOneToOneHead()
{
    QTemporaryDir dir;
    const std::string weights = writeModel(dir, "yolo26n.yaml", 2.5, {{1e-9}}, {{0.6}});
    QVERIFY(!weights.empty());
    const QString data = oneAnchorBoxData(dir);
    QVERIFY(!data.isEmpty());
    ys::ValOptions o;
    o.weights = weights;
    o.data = data.toStdString();
    o.imgsz = kImgsz;
    o.rect = false;
    std::vector<std::string> log;
    const auto onLog = [&](const std::string& l) { log.push_back(l); };
    o.nms = true;
    auto withNms = ys::validateWeights(o, onLog);
    QVERIFY2(withNms.ok(), withNms.ok() ? "" : withNms.error().toString().c_str());
    QCOMPARE(withNms->metrics.map50, 0.0);
    QVERIFY(log.front().find("one-to-one") == std::string::npos);
    log.clear();
    o.nms = false;
    auto free = ys::validateWeights(o, onLog);
    QVERIFY2(free.ok(), free.ok() ? "" : free.error().toString().c_str());
    QCOMPARE(free->images, 2);
    QVERIFY2(free->metrics.map50 > 0.0, qPrintable(QString::number(free->metrics.map50)));
    QVERIFY2(log.front().find("one-to-one head without NMS (nms=false)") != std::string::npos, log.front().c_str());
}

// Training with nms=false validates every epoch with the one-to-one head, as 8.4 does with nms=False; unset, with
// NMS. The start weights are valScoresTheOneToOneHead's constant heads (zero final weights: what they predict does
// not depend on the features) and lr0 0 with no warmup keeps them, so the two runs' mAP50 tell the heads apart.
void TestNmsFree::trainingValidatesTheHeadNmsNames()
{
    QTemporaryDir dir;
    const std::string weights = writeModel(dir, "yolo26n.yaml", 2.5, {{1e-9}}, {{0.6}});
    QVERIFY(!weights.empty());
    const QString data = oneAnchorBoxData(dir);
    QVERIFY(!data.isEmpty());
    const double withNms = unchangedRunMap50(dir, weights, data, "nms", [](ys::TrainConfig& c) { c.nms = true; });
    const double free = unchangedRunMap50(dir, weights, data, "free", [](ys::TrainConfig& c) { c.nms = false; });
    QCOMPARE(withNms, 0.0);
    QVERIFY2(free > 0.0, qPrintable(QString::number(free)));

    // A model without a one-to-one head validates with NMS and says so in the log.
    const std::string v8 = writeModel(dir, "yolov8n.yaml", 0, {}, {});
    ys::TrainConfig c = ys::test::smallRunConfig(data, dir.filePath("runs"), "v8");
    c.model = v8;
    c.epochs = 1;
    c.batch = 2;
    c.nms = false;
    std::vector<std::string> log;
    ys::TrainCallbacks cb;
    cb.onLog = [&](const std::string& l) { log.push_back(l); };
    auto r = ys::train(c, cb);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QVERIFY(std::any_of(log.begin(), log.end(), [](const std::string& l) {
        return l.find("nms=false: ") == 0 && l.find("no one-to-one head") != std::string::npos;
    }));
}

// agnostic_nms with nms=false (8.4's get_topk_index): one row per anchor, its best class, the k best anchors. At
// 64 px level 0 has 64 anchors scoring 0.9 (class 0) and 0.8 (class 1), levels 1 and 2 20 anchors scoring 0.2 and
// 0.3: k = min(300, 84) = 84 rows either way; by default 20 of them are level 0's second class (0.8), agnostic
// those 20 are levels 1-2's anchors with their best class (0.3).
void TestNmsFree::agnosticOneToOneRowsAreOnePerAnchor()
{
    QTemporaryDir dir;
    const HeadScores scores{{0.9, 0.8}, {0.2, 0.3}};
    const std::string weights = writeModel(dir, "yolo26n.yaml", 2.0, scores, scores);
    QVERIFY(!weights.empty());
    for (bool agnostic : {false, true}) {
        ys::PredictImagesOptions o;
        o.weights = weights;
        o.imgsz = 64;
        o.conf = 0.1;
        o.nms = false;
        o.agnosticNms = agnostic;
        auto r = ys::predictImages(o, {greyImage()});
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        std::map<std::pair<int, int>, int> rows;   // (class, score in %) -> rows
        for (const ys::Detection& d : r->front())
            ++rows[{d.cls, static_cast<int>(std::lround(d.conf * 100))}];
        const std::map<std::pair<int, int>, int> want =
            agnostic ? std::map<std::pair<int, int>, int>{{{0, 90}, 64}, {{1, 30}, 20}}
                     : std::map<std::pair<int, int>, int>{{{0, 90}, 64}, {{1, 80}, 20}};
        QCOMPARE(rows, want);
    }
}

// agnostic_nms in val and in training's validation (multi-label NMS, as Ultralytics scores mAP): the labelled box is
// class 1, and every anchor scores class 0 at 0.6 and class 1 at 0.5 on the same box (84 anchors at 64 px: 168
// rows, under max_det). Per class, class 1's rows stay and one is the labelled box (mAP50 > 0); class-agnostic,
// each is suppressed by its anchor's class-0 row (IoU 1), so class 1 has no detections: mAP50 0.
void TestNmsFree::agnosticNmsSuppressesAcrossClasses()
{
    QTemporaryDir dir;
    const std::string weights = writeModel(dir, "yolo26n.yaml", 2.5, {{0.6, 0.5}}, {{0.6, 0.5}});
    QVERIFY(!weights.empty());
    const QString data = oneAnchorBoxData(dir, 64, 1);
    QVERIFY(!data.isEmpty());
    double val[2] = {-1, -1}, trained[2] = {-1, -1};
    for (bool agnostic : {false, true}) {
        ys::ValOptions o;
        o.weights = weights;
        o.data = data.toStdString();
        o.imgsz = 64;
        o.agnosticNms = agnostic;
        auto r = ys::validateWeights(o, [](const std::string&) {});
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        val[agnostic] = r->metrics.map50;
        trained[agnostic] = unchangedRunMap50(dir, weights, data, agnostic ? "agnostic" : "per-class",
                                              [agnostic](ys::TrainConfig& c) {
                                                  c.imgsz = 64;
                                                  c.agnostic_nms = agnostic;
                                              });
    }
    QVERIFY2(val[0] > 0.0, qPrintable(QString::number(val[0])));
    QCOMPARE(val[1], 0.0);
    QVERIFY2(trained[0] > 0.0, qPrintable(QString::number(trained[0])));
    QCOMPARE(trained[1], 0.0);
}

// 8.4 warns "This model has no one-to-one head; using one-to-many outputs." and runs NMS: the same rows as nms=true.
void TestNmsFree::modelWithoutOneToOneHeadWarnsAndUsesNms()
{
    QTemporaryDir dir;
    const std::string weights = writeModel(dir, "yolov8n.yaml", 0, {}, {});
    QVERIFY(!weights.empty());
    const auto a = predictOne(weights, true, 1e-4);   // untrained: scores about 3e-4
    const auto b = predictOne(weights, false, 1e-4);
    QVERIFY(!a.empty());
    QCOMPARE(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i)
        QVERIFY(a[i].x1 == b[i].x1 && a[i].y2 == b[i].y2 && a[i].conf == b[i].conf && a[i].cls == b[i].cls);

    QVERIFY(QDir().mkpath(dir.filePath("img")));
    QVERIFY(ys::test::writeImage(dir.filePath("img/a.png"), kImgsz, kImgsz));
    ys::PredictOptions o;
    o.weights = weights;
    o.source = dir.filePath("img").toStdString();
    o.out = dir.filePath("out").toStdString();
    o.nms = false;
    std::vector<std::string> log;
    auto r = ys::predict(o, [&](const std::string& l) { log.push_back(l); });
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    QCOMPARE(r->images, 1);
    QVERIFY(!log.empty());
    QVERIFY2(log.front().find("warning: nms=false: this model has no one-to-one head") == 0, log.front().c_str());
}

// OpenCV 4.6 cannot run the end-to-end file's TopK: val names the file and says what to use instead (before:
// "its metadata names 3 classes, its output 296").
void TestNmsFree::endToEndOnnxIsRefusedInOneLine()
{
#ifndef YS_HAVE_EXPORT
    QSKIP("built without the ONNX export");
#else
    ys::ExportOptions eo;
    eo.weights = yolo26_;
    eo.imgszH = eo.imgszW = kImgsz;
    eo.endToEnd = true;
    eo.out = dir_.filePath("e2e.onnx").toStdString();
    auto e = ys::exportOnnx(eo);
    QVERIFY2(e.ok(), e.ok() ? "" : e.error().toString().c_str());
    ys::PredictImagesOptions o;
    o.weights = eo.out;
    auto r = ys::predictImages(o, {greyImage()});
    QVERIFY(!r.ok());
    QCOMPARE(r.error().file, eo.out);
    const std::string text = r.error().toString();
    QVERIFY2(text.find("an end-to-end file") != std::string::npos && text.find('\n') == std::string::npos,
             text.c_str());
#endif
}

QTEST_GUILESS_MAIN(TestNmsFree)
#include "test_nms_free.moc"
