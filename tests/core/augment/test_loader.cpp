// BatchLoader: collate and normalised targets, rectangular validation batches, training batches whose boxes
// stay on their colours, determinism across runs and worker counts, close_mosaic, unreadable images.
#include "augment/internal/loader.h"
#include "augtest.h"
#include "common/log.h"
#include "testsupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <mutex>
#include <set>

using namespace augtest;
using ys::BatchLoader;
using ys::BoxPx;
using ys::LoaderOptions;

namespace {

// Image k: three boxes with classes 3k, 3k+1, 3k+2 (so a box tells which image it came from).
std::vector<ys::ImageRecord> writeDataset(const QTemporaryDir& dir, int count)
{
    static const int sizes[][2] = {{640, 480}, {480, 640}, {500, 500}, {640, 360}, {320, 640}, {400, 300}, {600, 400}};
    std::vector<ys::ImageRecord> recs;
    for (int k = 0; k < count; ++k) {
        const int w = sizes[k % 7][0], h = sizes[k % 7][1];
        std::vector<DrawnBox> boxes = {{3 * k, {w / 10, h / 10, w * 3 / 10, h / 4}},
                                       {3 * k + 1, {w / 2, h * 2 / 5, w * 3 / 10, h * 3 / 10}},
                                       {3 * k + 2, {w / 8, h * 3 / 5, w / 4, h * 3 / 10}}};
        if (k % 3 == 2) boxes.push_back({3 * k, {w * 7 / 10, h / 20, w / 6, h / 6}});  // a more crowded one
        recs.push_back(writeRecord(dir.filePath(QString("img%1.png").arg(k)), w, h, boxes));
    }
    return recs;
}

// Batch image i as a BGR Mat.
cv::Mat imageOf(const ys::Batch& b, int i)
{
    const auto img = b.images[i].contiguous();
    const int H = int(img.size(1)), W = int(img.size(2));
    auto* p = img.data_ptr<uint8_t>();
    cv::Mat planes[3] = {cv::Mat(H, W, CV_8UC1, p + 2 * H * W), cv::Mat(H, W, CV_8UC1, p + H * W), cv::Mat(H, W, CV_8UC1, p)};
    cv::Mat out;
    cv::merge(planes, 3, out);
    return out;
}

// Target rows of image i in pixels of the batch image.
std::vector<BoxPx> boxesOf(const ys::Batch& b, int i)
{
    const float H = float(b.images.size(2)), W = float(b.images.size(3));
    std::vector<BoxPx> out;
    const auto t = b.targets.accessor<float, 2>();
    for (int64_t r = 0; r < b.targets.size(0); ++r) {
        if (int(t[r][0]) != i) continue;
        const float cx = t[r][2] * W, cy = t[r][3] * H, w = t[r][4] * W, h = t[r][5] * H;
        out.push_back({int(t[r][1]), cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2});
    }
    return out;
}

// Every target normalised, and every box on its colour. Returns boxes checked, -1 on failure.
int checkBatch(const ys::Batch& b)
{
    const auto t = b.targets.accessor<float, 2>();
    for (int64_t r = 0; r < b.targets.size(0); ++r) {
        const float cx = t[r][2], cy = t[r][3], w = t[r][4], h = t[r][5];
        if (!(w > 0 && h > 0 && cx - w / 2 >= -1e-4f && cy - h / 2 >= -1e-4f && cx + w / 2 <= 1 + 1e-4f &&
              cy + h / 2 <= 1 + 1e-4f && t[r][0] >= 0 && t[r][0] < b.images.size(0))) {
            QTest::qFail("target not normalised to the batch image", __FILE__, __LINE__);
            return -1;
        }
    }
    int checked = 0;
    for (int i = 0; i < int(b.images.size(0)); ++i) {
        const cv::Mat img = imageOf(b, i);
        for (const auto& box : boxesOf(b, i)) {
            std::string why;
            if (!matchesColour(img, box, colourOf(box.cls), &why)) {
                QTest::qFail(why.c_str(), __FILE__, __LINE__);
                return -1;
            }
            ++checked;
        }
    }
    return checked;
}

std::vector<ys::Batch> epochBatches(BatchLoader& loader, int epoch, bool mosaic = true)
{
    loader.startEpoch(epoch, mosaic);
    std::vector<ys::Batch> out;
    while (auto b = loader.next()) out.push_back(std::move(*b));
    return out;
}

bool sameBatches(const std::vector<ys::Batch>& a, const std::vector<ys::Batch>& b)
{
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].indices != b[i].indices) return false;
        if (!a[i].images.equal(b[i].images) || !a[i].targets.equal(b[i].targets)) return false;
    }
    return true;
}

LoaderOptions trainOptions(int workers)
{
    LoaderOptions o;
    o.imgsz = 256;
    o.batch = 4;
    o.workers = workers;
    o.seed = 7;
    o.augment = true;
    o.shuffle = true;
    o.pad = 0.0;
    return o;
}

}  // namespace

class TestLoader final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void validationBatchesLetterboxed();
    void rectValidationBatches();
    void rectTrainingBatches();
    void trainingBatchesKeepBoxesOnColours();
    void deterministicAcrossRunsAndWorkers();
    void ramCacheGivesSameBatches();
    void restartEpochWhileInFlight();
    void closeMosaicSwitch();
    void unreadableImageIsReplaced();
    void probesAndCrowdedImages();
    void coco128Epoch();
};

void TestLoader::validationBatchesLetterboxed()
{
    QTemporaryDir dir;
    const auto recs = writeDataset(dir, 7);
    LoaderOptions o;
    o.imgsz = 256, o.batch = 3, o.augment = false, o.shuffle = false, o.workers = 0;
    BatchLoader loader(recs, o);
    QCOMPARE(loader.size(), int64_t(3));
    const auto batches = epochBatches(loader, 0);
    QCOMPARE(int(batches.size()), 3);
    QCOMPARE(batches[2].images.size(0), int64_t(1));  // last batch holds the remainder
    int checked = 0, seen = 0;
    for (const auto& b : batches) {
        QCOMPARE(b.images.dtype(), torch::kUInt8);
        // NHWC memory (as decoded), so the channels-last CPU model needs no transpose.
        QVERIFY(b.images.is_contiguous(at::MemoryFormat::ChannelsLast));
        QCOMPARE(b.images.size(1), int64_t(3));
        QCOMPARE(b.images.size(2), int64_t(256));
        QCOMPARE(b.images.size(3), int64_t(256));
        QCOMPARE(b.targets.size(1), int64_t(6));
        const int n = checkBatch(b);
        QVERIFY(n >= 0);
        checked += n;
        for (size_t i = 0; i < b.indices.size(); ++i) {
            const int idx = b.indices[i];
            QCOMPARE(idx, seen++);
            const auto& rec = recs[size_t(idx)];
            QCOMPARE(b.origShapes[i], (std::array<int, 2>{rec.height, rec.width}));
            // letterbox maps the original label onto the target.
            const auto [gain, padX, padY] = b.letterbox[i];
            const auto boxes = boxesOf(b, int(i));
            QCOMPARE(boxes.size(), rec.boxes.size());
            const auto& lb = rec.boxes[0];
            QVERIFY(std::abs((lb.cx - lb.w / 2) * rec.width * gain + padX - boxes[0].x1) < 1.5f);
            QVERIFY(std::abs((lb.cy + lb.h / 2) * rec.height * gain + padY - boxes[0].y2) < 1.5f);
        }
    }
    QCOMPARE(checked, 7 * 3 + 2);
    // workers=0 builds every batch inside next(): each one counts as a stall.
    QCOMPARE(loader.stats().batches, int64_t(3));
    QCOMPARE(loader.stats().stalls, int64_t(3));
}

void TestLoader::rectValidationBatches()
{
    QTemporaryDir dir;
    const auto recs = writeDataset(dir, 7);
    LoaderOptions o;
    o.imgsz = 256, o.batch = 2, o.augment = false, o.shuffle = false, o.rect = true, o.pad = 0.5, o.workers = 2;
    BatchLoader loader(recs, o);
    const auto batches = epochBatches(loader, 0);
    QCOMPARE(int(batches.size()), 4);
    std::set<int> all;
    double lastAspect = 0;
    bool nonSquare = false;
    for (const auto& b : batches) {
        const int H = int(b.images.size(2)), W = int(b.images.size(3));
        QVERIFY(H % 32 == 0 && W % 32 == 0);
        QVERIFY(H <= 256 + 32 && W <= 256 + 32);
        nonSquare |= H != W;
        QVERIFY(checkBatch(b) >= 0);
        for (size_t i = 0; i < b.indices.size(); ++i) {
            const auto& rec = recs[size_t(b.indices[i])];
            const double aspect = double(rec.height) / rec.width;
            QVERIFY(aspect >= lastAspect);  // sorted by aspect ratio
            lastAspect = aspect;
            all.insert(b.indices[i]);
            QVERIFY(b.letterbox[i][0] <= 256.f / std::max(rec.width, rec.height) + 1e-5f);
        }
    }
    QVERIFY(nonSquare);
    QCOMPARE(int(all.size()), 7);
}

void TestLoader::rectTrainingBatches()
{
    QTemporaryDir dir;
    const auto recs = writeDataset(dir, 7);
    LoaderOptions o = trainOptions(1);
    o.rect = true;
    o.batch = 2;
    o.hyp.hsv_h = o.hyp.hsv_s = o.hyp.hsv_v = 0;
    BatchLoader loader(recs, o);
    bool nonSquare = false;
    std::set<int> seen;
    for (const auto& b : epochBatches(loader, 0)) {
        nonSquare |= b.images.size(2) != b.images.size(3);
        QVERIFY(checkBatch(b) >= 0);
        // No mosaic in rect mode: every box belongs to its own image.
        for (int i = 0; i < int(b.images.size(0)); ++i) {
            seen.insert(b.indices[size_t(i)]);
            for (const auto& box : boxesOf(b, i)) QCOMPARE(box.cls / 3, b.indices[size_t(i)]);
        }
    }
    QVERIFY(nonSquare);
    QCOMPARE(int(seen.size()), 7);
}

void TestLoader::trainingBatchesKeepBoxesOnColours()
{
    QTemporaryDir dir;
    const auto recs = writeDataset(dir, 9);
    LoaderOptions o = trainOptions(2);
    o.hyp.hsv_h = o.hyp.hsv_s = o.hyp.hsv_v = 0;  // colours must stay recognisable
    o.hyp.flipud = 0.5;
    BatchLoader loader(recs, o);
    int checked = 0;
    for (int epoch = 0; epoch < 3; ++epoch) {
        const auto batches = epochBatches(loader, epoch, epoch < 2);
        QCOMPARE(int(batches.size()), 3);
        for (const auto& b : batches) {
            QCOMPARE(b.images.size(2), int64_t(256));
            QCOMPARE(b.images.size(3), int64_t(256));
            const int n = checkBatch(b);
            QVERIFY(n >= 0);
            checked += n;
        }
    }
    QVERIFY(checked > 9 * 3);
}

void TestLoader::deterministicAcrossRunsAndWorkers()
{
    QTemporaryDir dir;
    const auto recs = writeDataset(dir, 10);
    auto run = [&](int workers, uint64_t seed) {
        LoaderOptions o = trainOptions(workers);
        o.seed = seed;
        o.hyp.mixup = 0.5;
        o.hyp.degrees = 5;
        BatchLoader loader(recs, o);
        std::vector<ys::Batch> all = epochBatches(loader, 0);
        auto e1 = epochBatches(loader, 1);
        all.insert(all.end(), e1.begin(), e1.end());
        return all;
    };
    const auto a = run(2, 7);
    QCOMPARE(int(a.size()), 6);
    QVERIFY(sameBatches(a, run(2, 7)));
    QVERIFY(sameBatches(a, run(0, 7)));
    QVERIFY(sameBatches(a, run(3, 7)));
    QVERIFY(!sameBatches(a, run(2, 8)));
    // Epochs differ from each other.
    QVERIFY(!a[0].images.equal(a[3].images));
}

void TestLoader::ramCacheGivesSameBatches()
{
    QTemporaryDir dir;
    const auto recs = writeDataset(dir, 8);
    LoaderOptions o = trainOptions(2);
    o.cacheBudgetBytes = 0;  // only the mosaic window is cached
    BatchLoader plain(recs, o);
    o.cacheRam = true;
    BatchLoader cached(recs, o);
    QVERIFY(sameBatches(epochBatches(plain, 0), epochBatches(cached, 0)));
    QVERIFY(sameBatches(epochBatches(plain, 1), epochBatches(cached, 1)));
}

void TestLoader::restartEpochWhileInFlight()
{
    QTemporaryDir dir;
    const auto recs = writeDataset(dir, 12);
    BatchLoader fresh(recs, trainOptions(2));
    const auto expected = epochBatches(fresh, 1);

    BatchLoader loader(recs, trainOptions(2));
    loader.startEpoch(0);
    QVERIFY(loader.next().has_value());  // others still being built
    QVERIFY(sameBatches(epochBatches(loader, 1), expected));
    QVERIFY(!loader.next().has_value());
    QCOMPARE(loader.stats().batches, int64_t(expected.size()));  // counts restart with the epoch
}

void TestLoader::closeMosaicSwitch()
{
    QTemporaryDir dir;
    const auto recs = writeDataset(dir, 12);
    LoaderOptions o = trainOptions(2);
    o.batch = 6;
    BatchLoader loader(recs, o);
    int mixed = 0, samples = 0;
    for (const auto& b : epochBatches(loader, 0, true)) {
        for (int i = 0; i < int(b.images.size(0)); ++i) {
            std::set<int> sources;
            for (const auto& box : boxesOf(b, i)) sources.insert(box.cls / 3);
            mixed += sources.size() > 1;
            ++samples;
        }
    }
    QVERIFY2(mixed > samples / 2, "mosaic on: most samples combine several images");
    for (const auto& b : epochBatches(loader, 1, false)) {
        QCOMPARE(b.images.size(2), int64_t(256));
        for (int i = 0; i < int(b.images.size(0)); ++i) {
            const auto boxes = boxesOf(b, i);
            for (const auto& box : boxes) QCOMPARE(box.cls / 3, b.indices[size_t(i)]);
        }
    }
}

void TestLoader::unreadableImageIsReplaced()
{
    QTemporaryDir dir;
    auto recs = writeDataset(dir, 8);
    const QString broken = dir.filePath("img3.png");
    QFile f(broken);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("truncated");
    f.close();

    std::mutex m;
    std::vector<std::string> warnings;
    ys::setLogSink([&](ys::LogLevel level, const std::string& msg) {
        std::lock_guard lock(m);
        if (level == ys::LogLevel::Warning) warnings.push_back(msg);
    });
    for (bool augment : {true, false}) {
        LoaderOptions o = trainOptions(2);
        o.augment = augment;
        o.hyp.hsv_h = o.hyp.hsv_s = o.hyp.hsv_v = 0;
        BatchLoader loader(recs, o);
        const auto batches = epochBatches(loader, 0);
        QCOMPARE(int64_t(batches.size()), loader.size());
        int images = 0;
        for (const auto& b : batches) {
            images += int(b.images.size(0));
            QVERIFY(checkBatch(b) >= 0);
            for (int idx : b.indices) QVERIFY(idx != 3);
        }
        QCOMPARE(images, 8);
        QCOMPARE(loader.unreadableCount(), 1);
    }
    ys::setLogSink(nullptr);
    QVERIFY(!warnings.empty());
    QVERIFY(warnings[0].find("img3.png") != std::string::npos);
}

void TestLoader::probesAndCrowdedImages()
{
    QTemporaryDir dir;
    const auto recs = writeDataset(dir, 9);
    LoaderOptions o = trainOptions(2);
    BatchLoader loader(recs, o);
    QCOMPARE(loader.maxBoxesPerImage(), 4);
    const auto crowded = loader.mostCrowded(3);
    QCOMPARE(crowded, (std::vector<int>{2, 5, 8}));
    const ys::Batch plain = loader.makeBatch(crowded, false);
    QCOMPARE(plain.indices, crowded);
    QCOMPARE(plain.targets.size(0), int64_t(12));
    QVERIFY(checkBatch(plain) >= 0);
    const ys::Batch aug = loader.makeBatch(crowded, true);
    QCOMPARE(aug.images.size(0), int64_t(3));
    QCOMPARE(aug.images.size(2), int64_t(256));
    // Probes do not disturb the epoch.
    QCOMPARE(int(epochBatches(loader, 0).size()), 3);
}

void TestLoader::coco128Epoch()
{
    const QString yaml = ys::test::coco128Yaml();
    if (yaml.isEmpty()) QSKIP("coco128 not available");
    const QDir folder(QFileInfo(yaml).absolutePath() + "/images/train");
    std::vector<ys::ImageRecord> recs;
    for (const QString& name : folder.entryList({"*.jpg"}, QDir::Files, QDir::Name)) {
        ys::ImageRecord r;
        r.image = folder.filePath(name).toStdString();
        const cv::Mat m = cv::imread(r.image, cv::IMREAD_REDUCED_COLOR_8);
        QVERIFY(!m.empty());
        r.width = m.cols * 8, r.height = m.rows * 8;  // approximate header size is enough here
        std::string label = r.image;
        label.replace(label.rfind("/images/"), 8, "/labels/");
        label = label.substr(0, label.rfind('.')) + ".txt";
        std::ifstream in(label);
        ys::LabelBox b;
        while (in >> b.cls >> b.cx >> b.cy >> b.w >> b.h) r.boxes.push_back(b);
        recs.push_back(r);
    }
    QVERIFY(recs.size() >= 100);
    LoaderOptions o = trainOptions(2);
    o.imgsz = 320;
    o.batch = 16;
    BatchLoader loader(recs, o);
    int images = 0;
    int64_t boxes = 0;
    for (int epoch = 0; epoch < 2; ++epoch) {
        for (const auto& b : epochBatches(loader, epoch, epoch == 0)) {
            QCOMPARE(b.images.size(2), int64_t(320));
            images += int(b.images.size(0));
            boxes += b.targets.size(0);
            const auto t = b.targets.accessor<float, 2>();
            for (int64_t r = 0; r < b.targets.size(0); ++r) {
                QVERIFY(t[r][4] > 0 && t[r][5] > 0);
                QVERIFY(t[r][2] - t[r][4] / 2 >= -1e-4f && t[r][2] + t[r][4] / 2 <= 1 + 1e-4f);
                QVERIFY(t[r][1] >= 0 && t[r][1] < 80);
            }
        }
    }
    QCOMPARE(images, 2 * int(recs.size()));
    QVERIFY(boxes > int64_t(recs.size()) * 3);  // coco128 averages ~7 boxes per image
    QCOMPARE(loader.unreadableCount(), 0);
}

QTEST_GUILESS_MAIN(TestLoader)
#include "test_loader.moc"
