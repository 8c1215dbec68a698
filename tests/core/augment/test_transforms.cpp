// Geometric tests of every augmentation: solid boxes of distinct colours are drawn, the image is
// transformed, and every surviving label box must still sit on the pixels of its colour.
#include "augment/transforms.h"
#include "augtest.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

using namespace augtest;
using ys::BoxPx;
using ys::Sample;

namespace {

// Verifies every box of `s` against its class colour; returns the number checked, -1 on failure.
int checkAllBoxes(const Sample& s, bool skipClippedWhenRotated = false)
{
    int checked = 0;
    for (const auto& b : s.boxes) {
        // A rotated box cut by the border has a clipped enclosing box larger than its visible pixels.
        // A rotated box cut by the border has a clipped enclosing box larger than its visible pixels:
        // there the pixels must lie inside the label box.
        if (skipClippedWhenRotated &&
            (b.x1 <= 0.5f || b.y1 <= 0.5f || b.x2 >= s.image.cols - 0.5f || b.y2 >= s.image.rows - 0.5f)) {
            const cv::Rect r = colourRegion(s.image, b, colourOf(b.cls));
            if (r.empty() || r.x < b.x1 - 2 || r.y < b.y1 - 2 || r.x + r.width > b.x2 + 2 || r.y + r.height > b.y2 + 2) {
                QTest::qFail("clipped rotated box does not contain its pixels", __FILE__, __LINE__);
                return -1;
            }
            ++checked;
            continue;
        }
        std::string why;
        if (!matchesColour(s.image, b, colourOf(b.cls), &why)) {
            QTest::qFail(why.c_str(), __FILE__, __LINE__);
            return -1;
        }
        ++checked;
    }
    return checked;
}

std::array<Sample, 4> mosaicParts()
{
    return {makeSample(320, 240, {{0, {20, 30, 80, 60}}, {1, {150, 100, 100, 90}}, {2, {260, 190, 50, 40}}}, 0),
            makeSample(240, 320, {{3, {10, 10, 60, 90}}, {4, {120, 150, 100, 80}}, {5, {30, 250, 70, 60}}}, 1),
            makeSample(320, 320, {{6, {40, 40, 90, 90}}, {7, {200, 60, 100, 120}}, {8, {60, 220, 150, 80}}}, 2),
            makeSample(320, 200, {{9, {0, 0, 90, 70}}, {10, {140, 60, 80, 100}}, {11, {240, 120, 70, 70}}}, 3)};
}

ys::TrainConfig noJitter()
{
    ys::TrainConfig h;
    h.hsv_h = h.hsv_s = h.hsv_v = 0;
    h.fliplr = h.flipud = 0;
    return h;
}

}  // namespace

class TestTransforms final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rngIsDeterministicAndUniform();
    void loadResizedKeepsBoxesOnPixels();
    void loadResizedReducedJpeg();
    void loadResizedForValidationDecodesAsReference();
    void loadResizedThrowsNamingFile();
    void letterbox_data();
    void letterbox();
    void rectBatchShapes();
    void rectBatchesBreakTiesAsNumpy();
    void boxCandidateRule();
    void mosaicCanvas();
    void affine_data();
    void affine();
    void fusedMosaicMatchesTwoStep_data();
    void fusedMosaicMatchesTwoStep();
    void letterboxPerspectiveNonSquare();
    void flips();
    void hsvChangesColoursNotGeometry();
    void mixupKeepsBothImagesBoxes();
};

void TestTransforms::rngIsDeterministicAndUniform()
{
    ys::Rng a(42), b(42), c(43);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const uint64_t x = a.next();
        QCOMPARE(x, b.next());
        differs |= x != c.next();
    }
    QVERIFY(differs);
    ys::Rng r = ys::Rng::derive(1, 2, 3);
    double sum = 0, bsum = 0;
    int hist[10] = {};
    for (int i = 0; i < 20000; ++i) {
        const double u = r.uniform();
        QVERIFY(u >= 0 && u < 1);
        sum += u;
        ++hist[r.below(10)];
        bsum += r.beta(32, 32);
    }
    QVERIFY(std::abs(sum / 20000 - 0.5) < 0.01);
    QVERIFY(std::abs(bsum / 20000 - 0.5) < 0.01);
    for (int h : hist) QVERIFY(h > 1800 && h < 2200);
    // Derived streams differ per position.
    QVERIFY(ys::Rng::derive(0, 1, 2).next() != ys::Rng::derive(0, 1, 3).next());
    QVERIFY(ys::Rng::derive(0, 1, 2).next() != ys::Rng::derive(0, 2, 2).next());
}

void TestTransforms::loadResizedKeepsBoxesOnPixels()
{
    QTemporaryDir dir;
    const auto rec = writeRecord(dir.filePath("a.png"), 640, 480, {{0, {100, 50, 200, 150}}, {5, {400, 300, 180, 120}}});
    for (bool aug : {false, true}) {
        const Sample s = ys::loadResized(rec, 320, aug);
        QCOMPARE(s.image.cols, 320);
        QCOMPARE(s.image.rows, 240);
        QCOMPARE(s.origW, 640);
        QCOMPARE(s.origH, 480);
        QCOMPARE(s.gain, 0.5f);
        QCOMPARE(int(s.boxes.size()), 2);
        QCOMPARE(s.boxes[0].x1, 50.f);
        QCOMPARE(checkAllBoxes(s), 2);
    }
    // Upscaling a small image to imgsz.
    const auto small = writeRecord(dir.filePath("b.png"), 100, 80, {{2, {10, 10, 40, 30}}});
    const Sample u = ys::loadResized(small, 320, false);
    QCOMPARE(u.image.cols, 320);
    QCOMPARE(u.image.rows, 256);
    QCOMPARE(checkAllBoxes(u), 1);
}

void TestTransforms::loadResizedReducedJpeg()
{
    QTemporaryDir dir;
    const auto rec = writeRecord(dir.filePath("big.jpg"), 1280, 960, {{0, {200, 100, 400, 300}}, {3, {800, 600, 300, 200}}});
    const Sample s = ys::loadResized(rec, 320, true);  // decoded at 1/4 scale
    QCOMPARE(s.image.cols, 320);
    QCOMPARE(s.image.rows, 240);
    QCOMPARE(s.origW, 1280);
    QCOMPARE(s.origH, 960);
    QCOMPARE(checkAllBoxes(s), 2);
}

// Validation sees the pixels Ultralytics' load_image gives (8.3 and 8.4): the whole JPEG decoded, then a
// linear shrink of the long side to imgsz. A DCT-scaled decode (1/4 here) or INTER_AREA gives other pixels,
// and a barely trained model's val mAP moved by ~10% on that (docs/METRICS.md).
void TestTransforms::loadResizedForValidationDecodesAsReference()
{
    QTemporaryDir dir;
    cv::Mat texture(960, 1280, CV_8UC3);
    cv::RNG rng(7);
    rng.fill(texture, cv::RNG::UNIFORM, 0, 256);
    cv::GaussianBlur(texture, texture, cv::Size(5, 5), 1.5);  // photo-like detail at several scales
    const std::string path = dir.filePath("photo.jpg").toStdString();
    QVERIFY(cv::imwrite(path, texture, {cv::IMWRITE_JPEG_QUALITY, 90}));
    ys::ImageRecord rec;
    rec.image = path;
    rec.width = 1280, rec.height = 960;
    cv::Mat reference;
    cv::resize(cv::imread(path, cv::IMREAD_COLOR), reference, cv::Size(320, 240), 0, 0, cv::INTER_LINEAR);

    const Sample val = ys::loadResized(rec, 320, false);
    QCOMPARE(val.image.cols, 320);
    QCOMPARE(val.image.rows, 240);
    QCOMPARE(val.origW, 1280);
    QCOMPARE(val.gain, 0.25f);
    QCOMPARE(cv::norm(val.image, reference, cv::NORM_INF), 0.0);
    // Training keeps the faster reduced decode: other pixels, the same geometry.
    const Sample train = ys::loadResized(rec, 320, true);
    QCOMPARE(train.image.size(), val.image.size());
    QVERIFY(cv::norm(train.image, reference, cv::NORM_INF) > 0);
}

void TestTransforms::loadResizedThrowsNamingFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("broken.jpg");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not an image at all");
    f.close();
    ys::ImageRecord rec;
    rec.image = path.toStdString();
    try {
        ys::loadResized(rec, 320, false);
        QFAIL("no exception");
    } catch (const std::runtime_error& e) {
        QVERIFY(std::string(e.what()).find("broken.jpg") != std::string::npos);
    }
}

void TestTransforms::letterbox_data()
{
    QTest::addColumn<int>("w");
    QTest::addColumn<int>("h");
    QTest::addColumn<int>("newW");
    QTest::addColumn<int>("newH");
    QTest::addColumn<bool>("scaleUp");
    QTest::addColumn<bool>("autoPad");
    QTest::addColumn<int>("outW");
    QTest::addColumn<int>("outH");
    QTest::newRow("pad only") << 320 << 240 << 320 << 320 << false << false << 320 << 320;
    QTest::newRow("shrink") << 640 << 400 << 320 << 320 << false << false << 320 << 320;
    QTest::newRow("no scale up") << 200 << 100 << 320 << 320 << false << false << 320 << 320;
    QTest::newRow("scale up") << 200 << 100 << 320 << 320 << true << false << 320 << 320;
    QTest::newRow("rect") << 320 << 180 << 352 << 224 << false << false << 352 << 224;
    QTest::newRow("auto stride") << 320 << 180 << 320 << 320 << false << true << 320 << 192;
}

void TestTransforms::letterbox()
{
    QFETCH(int, w);
    QFETCH(int, h);
    QFETCH(int, newW);
    QFETCH(int, newH);
    QFETCH(bool, scaleUp);
    QFETCH(bool, autoPad);
    QFETCH(int, outW);
    QFETCH(int, outH);
    Sample in = makeSample(w, h, {{0, {w / 10, h / 10, w / 3, h / 3}}, {4, {w / 2, h / 2, w / 3, h / 3}}});
    const std::vector<BoxPx> orig = in.boxes;
    const Sample s = ys::letterbox(in, newH, newW, scaleUp, true, 32, autoPad);
    QCOMPARE(s.image.cols, outW);
    QCOMPARE(s.image.rows, outH);
    QCOMPARE(checkAllBoxes(s), 2);
    // gain/pad map the original pixels onto the output.
    for (size_t i = 0; i < orig.size(); ++i) {
        QVERIFY(std::abs(orig[i].x1 * s.gain + s.padX - s.boxes[i].x1) < 1.0f);
        QVERIFY(std::abs(orig[i].y2 * s.gain + s.padY - s.boxes[i].y2) < 1.0f);
    }
    if (!scaleUp) QVERIFY(s.gain <= 1.0f);
    // Padding is the reference grey.
    if (s.padY >= 1) QCOMPARE(s.image.at<cv::Vec3b>(0, outW / 2), cv::Vec3b(114, 114, 114));
}

void TestTransforms::rectBatchShapes()
{
    // (h, w): two wide, two tall, two square; batch 2 → one batch each, sorted by h/w.
    const std::vector<std::array<int, 2>> shapes = {{480, 640}, {640, 480}, {500, 500}, {360, 640}, {640, 320}, {0, 0}};
    const auto plan = ys::planRectBatches(shapes, 2, 640, 32, 0.5);
    QCOMPARE(plan.order, (std::vector<int>{3, 0, 2, 5, 1, 4}));
    QCOMPARE(int(plan.batchShapes.size()), 3);
    // Wide batch: max h/w = 0.75 → ceil(0.75*20 + 0.5)*32 = 512 high, 640 + pad → ceil(20.5)*32 = 672 wide.
    QCOMPARE(plan.batchShapes[0], (std::array<int, 2>{512, 672}));
    QCOMPARE(plan.batchShapes[1], (std::array<int, 2>{672, 672}));
    // Tall batch: min h/w = 4/3 → w = ceil(0.75*20 + 0.5)*32 = 512.
    QCOMPARE(plan.batchShapes[2], (std::array<int, 2>{672, 512}));
    const auto train = ys::planRectBatches(shapes, 2, 640, 32, 0.0);
    QCOMPARE(train.batchShapes[0], (std::array<int, 2>{480, 640}));
    for (const auto& [h, w] : train.batchShapes) QVERIFY(h % 32 == 0 && w % 32 == 0);
}

// Images of equal aspect ratio are ordered as numpy's argsort orders them (Ultralytics' set_rectangle), not
// stably: that decides which of them share a batch with another aspect, so which get a square batch shape.
// The expected order is numpy 1.24's ar.argsort() of these 50 shapes.
void TestTransforms::rectBatchesBreakTiesAsNumpy()
{
    const std::array<std::array<int, 2>, 4> hw = {{{480, 640}, {640, 480}, {360, 640}, {640, 360}}};
    std::vector<std::array<int, 2>> shapes;
    for (int i = 0; i < 50; ++i) shapes.push_back(hw[size_t((i * 5 + i / 3) % 4)]);
    const auto plan = ys::planRectBatches(shapes, 8, 320, 32, 0.5);
    const std::vector<int> numpy = {11, 20, 29, 17, 32, 14, 35, 26, 38, 23, 8,  41, 5,  44, 2,  47, 36,
                                    42, 33, 45, 30, 27, 39, 0,  24, 21, 3,  18, 15, 6,  12, 48, 9,  25,
                                    1,  46, 4,  43, 7,  40, 37, 13, 34, 16, 31, 19, 28, 22, 10, 49};
    QCOMPARE(plan.order, numpy);
    // Batch 4 holds the last 640x480 image and the first 480x640 ones, so it is square: image 9 is
    // validated at 352x352 there (a stable sort would put image 48 there instead).
    QCOMPARE(plan.batchShapes[4], (std::array<int, 2>{352, 352}));
    const auto batchOf = [&](int image) {
        return int(std::find(plan.order.begin(), plan.order.end(), image) - plan.order.begin()) / 8;
    };
    QCOMPARE(batchOf(9), 4);
    QCOMPARE(plan.batchShapes[size_t(batchOf(48))], (std::array<int, 2>{256, 352}));
}

void TestTransforms::boxCandidateRule()
{
    const BoxPx before{0, 0, 0, 100, 100};
    QVERIFY(ys::boxCandidate(before, 1, {0, 0, 0, 50, 50}));     // 25% of its area
    QVERIFY(!ys::boxCandidate(before, 1, {0, 0, 0, 30, 30}));    // 9%: mostly cut off
    QVERIFY(ys::boxCandidate(before, 0.3f, {0, 0, 0, 30, 30}));  // scaled down, all there
    QVERIFY(!ys::boxCandidate(before, 0.02f, {0, 0, 0, 2, 2}));  // not wider than 2 px
    QVERIFY(!ys::boxCandidate({0, 0, 0, 1000, 5}, 1, {0, 0, 0, 500, 3}));  // 30% area, aspect 166
}

void TestTransforms::mosaicCanvas()
{
    ys::TrainConfig hyp = noJitter();
    ys::Augmenter aug(hyp, 320);
    int total = 0;
    for (uint64_t seed = 0; seed < 20; ++seed) {
        ys::Rng rng(seed);
        const Sample s = aug.mosaic4(mosaicParts(), rng);
        QCOMPARE(s.image.cols, 640);
        QCOMPARE(s.image.rows, 640);
        QCOMPARE(s.index, 0);
        const int n = checkAllBoxes(s);
        QVERIFY(n >= 0);
        total += n;
        // Every label inside the canvas.
        for (const auto& b : s.boxes) QVERIFY(b.x1 >= 0 && b.y1 >= 0 && b.x2 <= 640 && b.y2 <= 640 && b.x2 > b.x1);
    }
    QVERIFY2(total > 20 * 6, "most boxes of the four images should be on the mosaic canvas");
}

void TestTransforms::affine_data()
{
    QTest::addColumn<double>("degrees");
    QTest::addColumn<double>("translate");
    QTest::addColumn<double>("scale");
    QTest::addColumn<double>("shear");
    QTest::addColumn<double>("perspective");
    QTest::newRow("scale+translate") << 0.0 << 0.2 << 0.5 << 0.0 << 0.0;
    QTest::newRow("rotation") << 30.0 << 0.1 << 0.3 << 0.0 << 0.0;
    QTest::newRow("shear") << 0.0 << 0.1 << 0.2 << 10.0 << 0.0;
    QTest::newRow("all affine") << 20.0 << 0.2 << 0.4 << 5.0 << 0.0;
    QTest::newRow("perspective") << 5.0 << 0.1 << 0.2 << 2.0 << 0.0008;
}

void TestTransforms::affine()
{
    QFETCH(double, degrees);
    QFETCH(double, translate);
    QFETCH(double, scale);
    QFETCH(double, shear);
    QFETCH(double, perspective);
    ys::TrainConfig hyp = noJitter();
    hyp.degrees = degrees, hyp.translate = translate, hyp.scale = scale, hyp.shear = shear;
    hyp.perspective = perspective;
    ys::Augmenter aug(hyp, 320);
    const bool rotates = degrees != 0 || shear != 0 || perspective != 0;
    int checked = 0, moved = 0;
    for (uint64_t seed = 0; seed < 16; ++seed) {
        Sample in = makeSample(320, 320, {{0, {30, 40, 80, 60}}, {3, {180, 60, 90, 90}}, {7, {60, 200, 120, 70}},
                                          {9, {230, 230, 60, 60}}});
        const std::vector<BoxPx> before = in.boxes;
        ys::Rng rng(seed);
        const Sample out = aug.randomPerspective(in, rng, 0);
        QCOMPARE(out.image.cols, 320);
        QCOMPARE(out.image.rows, 320);
        const int n = checkAllBoxes(out, rotates);
        QVERIFY(n >= 0);
        checked += n;
        if (!out.boxes.empty() && std::abs(out.boxes[0].x1 - before[0].x1) > 2) ++moved;
        // Nothing outside the image, and dropped boxes are the ones mostly gone: every box whose colour
        // still covers a large visible area must have survived.
        for (const auto& b : out.boxes) QVERIFY(b.x1 >= 0 && b.y1 >= 0 && b.x2 <= 320 && b.y2 <= 320);
        for (const auto& ib : before) {
            const bool kept = std::any_of(out.boxes.begin(), out.boxes.end(), [&](const BoxPx& b) { return b.cls == ib.cls; });
            if (kept) continue;
            cv::Mat mask;
            const auto c = colourOf(ib.cls);
            cv::inRange(out.image, cv::Scalar(c[0], c[1], c[2]) - cv::Scalar::all(40),
                        cv::Scalar(c[0], c[1], c[2]) + cv::Scalar::all(40), mask);
            const double visible = cv::countNonZero(mask);
            const double area = double(ib.x2 - ib.x1) * (ib.y2 - ib.y1);
            QVERIFY2(visible < 0.5 * area * (1 + scale) * (1 + scale), "a largely visible box was dropped");
        }
    }
    QVERIFY2(checked >= 16 * 2, "too few boxes survived to test anything");
    QVERIFY(moved > 8);
}

void TestTransforms::fusedMosaicMatchesTwoStep_data()
{
    QTest::addColumn<double>("degrees");
    QTest::newRow("scale+translate (resize path)") << 0.0;
    QTest::newRow("rotation (warp path)") << 15.0;
}

void TestTransforms::fusedMosaicMatchesTwoStep()
{
    QFETCH(double, degrees);
    ys::TrainConfig hyp = noJitter();
    hyp.degrees = degrees;
    ys::Augmenter aug(hyp, 320);
    for (uint64_t seed = 0; seed < 10; ++seed) {
        ys::Rng r1(seed), r2(seed);
        const Sample fused = aug.mosaicPerspective(mosaicParts(), r1);
        Sample twoStep = aug.mosaic4(mosaicParts(), r2);
        twoStep = aug.randomPerspective(twoStep, r2, -160);
        QCOMPARE(fused.image.cols, 320);
        QCOMPARE(fused.image.rows, 320);
        QCOMPARE(twoStep.image.size(), fused.image.size());
        // Same boxes up to the resize path's rounding (at most a pixel); a box right at the candidate
        // threshold may survive in one and not the other.
        QVERIFY(std::abs(int(fused.boxes.size()) - int(twoStep.boxes.size())) <= 1);
        int matched = 0;
        for (const auto& f : fused.boxes) {
            for (const auto& t : twoStep.boxes) {
                if (f.cls == t.cls && std::abs(f.x1 - t.x1) < 1.5f && std::abs(f.y1 - t.y1) < 1.5f &&
                    std::abs(f.x2 - t.x2) < 1.5f && std::abs(f.y2 - t.y2) < 1.5f)
                    ++matched;
            }
        }
        QVERIFY(matched >= int(fused.boxes.size()) - 1);
        cv::Mat diff, grey;
        cv::absdiff(fused.image, twoStep.image, diff);
        cv::cvtColor(diff, grey, cv::COLOR_BGR2GRAY);
        const double bad = cv::countNonZero(grey > 40);
        QVERIFY2(bad < 0.02 * grey.total(), "fused and two-step mosaics differ beyond edge pixels");
        QVERIFY(checkAllBoxes(fused, degrees != 0) >= 0);
    }
}

void TestTransforms::letterboxPerspectiveNonSquare()
{
    ys::TrainConfig hyp = noJitter();
    hyp.scale = 0.3;
    ys::Augmenter aug(hyp, 320);
    int checked = 0;
    for (uint64_t seed = 0; seed < 10; ++seed) {
        ys::Rng rng(seed);
        Sample in = makeSample(320, 180, {{1, {20, 20, 100, 60}}, {6, {200, 90, 80, 70}}});
        const Sample out = aug.letterboxPerspective(in, 320, 320, rng);
        QCOMPARE(out.image.cols, 320);
        QCOMPARE(out.image.rows, 320);
        const int n = checkAllBoxes(out);
        QVERIFY(n >= 0);
        checked += n;
    }
    QVERIFY(checked >= 10);
}

void TestTransforms::flips()
{
    for (int mode = 0; mode < 3; ++mode) {
        ys::TrainConfig hyp = noJitter();
        hyp.fliplr = mode != 1 ? 1.0 : 0.0;
        hyp.flipud = mode != 0 ? 1.0 : 0.0;
        ys::Augmenter aug(hyp, 320);
        ys::Rng rng(1);
        Sample in = makeSample(300, 200, {{2, {10, 20, 60, 40}}, {8, {200, 120, 90, 70}}});
        const Sample out = aug.flip(in, rng);
        QCOMPARE(checkAllBoxes(out), 2);
        if (hyp.fliplr > 0) QCOMPARE(out.boxes[0].x1, 300.f - 70.f);
        if (hyp.flipud > 0) QCOMPARE(out.boxes[0].y1, 200.f - 60.f);
    }
    ys::Augmenter none(noJitter(), 320);
    ys::Rng rng(1);
    Sample in = makeSample(300, 200, {{2, {10, 20, 60, 40}}});
    QCOMPARE(none.flip(in, rng).boxes[0].x1, 10.f);
}

void TestTransforms::hsvChangesColoursNotGeometry()
{
    ys::TrainConfig hyp = noJitter();
    hyp.hsv_h = 0.5, hyp.hsv_s = 0.7, hyp.hsv_v = 0.4;
    ys::Augmenter aug(hyp, 320);
    int changed = 0;
    for (uint64_t seed = 0; seed < 8; ++seed) {
        Sample s = makeSample(320, 240, {{0, {20, 30, 80, 60}}, {4, {150, 100, 100, 90}}, {10, {240, 20, 60, 60}}});
        const cv::Mat before = s.image.clone();
        ys::Rng rng(seed);
        aug.hsv(s.image, rng);
        for (const auto& b : s.boxes) {
            const cv::Vec3b c = centreColour(s.image, b);
            std::string why;
            QVERIFY2(matchesColour(s.image, b, c, &why, 12), why.c_str());
            changed += c != colourOf(b.cls);
        }
        QCOMPARE(s.image.size(), before.size());
    }
    QVERIFY(changed > 8);
    // Zero gains leave the image untouched.
    ys::Augmenter flat(noJitter(), 320);
    Sample s = makeSample(100, 100, {{0, {10, 10, 30, 30}}});
    const cv::Mat before = s.image.clone();
    ys::Rng rng(3);
    flat.hsv(s.image, rng);
    QCOMPARE(cv::norm(before, s.image, cv::NORM_INF), 0.0);
}

void TestTransforms::mixupKeepsBothImagesBoxes()
{
    ys::Augmenter aug(noJitter(), 320);
    ys::Rng rng(5);
    const Sample a = makeSample(320, 320, {{0, {10, 10, 100, 80}}, {1, {200, 200, 90, 100}}}, 3);
    const Sample b = makeSample(320, 320, {{2, {180, 20, 120, 90}}, {5, {20, 180, 100, 110}}}, 7);
    const Sample m = aug.mixup(a, b, rng);
    QCOMPARE(m.index, 3);
    QCOMPARE(int(m.boxes.size()), 4);
    for (const auto& box : m.boxes) {
        // Blended colour: between the box colour and the background.
        const cv::Vec3b c = centreColour(m.image, box);
        const cv::Vec3b pure = colourOf(box.cls);
        for (int k = 0; k < 3; ++k) QVERIFY(std::abs(int(c[k]) - (int(pure[k]) + 20) / 2) < 35);
        std::string why;
        QVERIFY2(matchesColour(m.image, box, c, &why, 12), why.c_str());
    }
}

QTEST_GUILESS_MAIN(TestTransforms)
#include "test_transforms.moc"
