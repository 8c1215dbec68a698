// What the GUI's dashboard gets from a training run besides epochs and events: memory samples while it
// trains (onMemory), a call for every checkpoint written (onCheckpoint), last.pt written at a Stop in the
// middle of an epoch (and resumable), and predictImages agreeing with predict() on the same images.
#include "common/config.h"
#include "memory/memory.h"
#include "smallrun.h"
#include "testsupport.h"
#include "train/trainer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <set>

namespace {

ys::TrainConfig tinyConfig(const QString& data, const QString& project)
{
    ys::TrainConfig c = ys::test::smallRunConfig(data, project, "run");
    c.imgsz = 64;
    c.batch = 2;
    c.nbs = 2;
    c.epochs = 2;
    c.workers = 0;
    return c;
}

}  // namespace

class TestTrainCallbacks final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void memoryAndCheckpointsAreReported();
    void stopMidEpochWritesLastAndResumes();
    void predictImagesAgreesWithPredict();

private:
    QTemporaryDir dir_;
    std::string bestWeights_;
};

void TestTrainCallbacks::memoryAndCheckpointsAreReported()
{
    const QString data = ys::test::writeShapesDataset(dir_.filePath("shapes"), 6, 96, 80, 3);
    QVERIFY(!data.isEmpty());
    ys::TrainConfig c = tinyConfig(data, dir_.filePath("runs"));
    std::vector<ys::memory::MemorySample> samples;
    int calls = 0;
    std::vector<ys::CheckpointSaved> checkpoints;
    std::vector<int> epochs;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onMemory = [&](const std::vector<ys::memory::MemorySample>& s) {
        ++calls;
        QVERIFY(!s.empty());
        samples.insert(samples.end(), s.begin(), s.end());
    };
    cb.onCheckpoint = [&](const ys::CheckpointSaved& saved) {
        QVERIFY2(QFileInfo::exists(QString::fromStdString(saved.path)), saved.path.c_str());
        checkpoints.push_back(saved);
    };
    cb.onEpoch = [&](const ys::EpochResult& r, const ys::DetectionMetrics&) { epochs.push_back(r.epoch); };
    auto r = ys::train(c, cb);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
    bestWeights_ = r->bestWeights;

    // Samples arrive once each, in time order, tagged with every phase the run went through.
    QVERIFY(calls >= 6);  // 3 batches x 2 epochs at least
    std::set<ys::memory::Phase> phases;
    for (size_t i = 0; i < samples.size(); ++i) {
        if (i > 0)
            QVERIFY2(samples[i].time > samples[i - 1].time, qPrintable(QString("sample %1").arg(i)));
        QVERIFY(samples[i].reserved >= samples[i].allocated);
        phases.insert(samples[i].phase);
    }
    QVERIFY(phases.count(ys::memory::Phase::TrainStep));
    QVERIFY(phases.count(ys::memory::Phase::Validation));
    QVERIFY(phases.count(ys::memory::Phase::Checkpoint));
    QVERIFY(std::any_of(samples.begin(), samples.end(), [](const auto& s) { return s.allocated > 0; }));
    // memory.csv holds what onMemory delivered (it is written after the last delivery, with a final sample).
    auto csv = ys::memory::MemoryTimeline::readCsv(r->runDir + "/memory.csv");
    QVERIFY2(csv.ok(), csv.ok() ? "" : csv.error().toString().c_str());
    QVERIFY(csv->size() >= samples.size());

    // Per epoch: best.pt (when it is a new best) before last.pt, never partial at an epoch's end.
    QCOMPARE(epochs, (std::vector<int>{1, 2}));
    QVERIFY(checkpoints.size() >= 3);
    QVERIFY(checkpoints.front().best);
    QCOMPARE(checkpoints.front().epoch, 1);
    QVERIFY(QString::fromStdString(checkpoints.front().path).endsWith("weights/best.pt"));
    int lasts = 0;
    for (size_t i = 0; i < checkpoints.size(); ++i) {
        QVERIFY(!checkpoints[i].partial);
        if (!checkpoints[i].best) {
            ++lasts;
            QVERIFY(QString::fromStdString(checkpoints[i].path).endsWith("weights/last.pt"));
            QCOMPARE(checkpoints[i].epoch, lasts);
        }
    }
    QCOMPARE(lasts, 2);
}

void TestTrainCallbacks::stopMidEpochWritesLastAndResumes()
{
    const QString data = ys::test::writeShapesDataset(dir_.filePath("stop"), 8, 96, 80, 4);
    QVERIFY(!data.isEmpty());
    ys::TrainConfig c = tinyConfig(data, dir_.filePath("runs"));
    c.name = "stopped";
    ys::TrainControl control;
    std::vector<ys::CheckpointSaved> checkpoints;
    ys::TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onBatch = [&](const ys::BatchProgress& b) {
        if (b.epoch == 1 && b.batch == 2)
            control.requestStop();
    };
    cb.onCheckpoint = [&](const ys::CheckpointSaved& s) { checkpoints.push_back(s); };
    auto first = ys::train(c, cb, &control);
    QVERIFY2(first.ok(), first.ok() ? "" : first.error().toString().c_str());
    QVERIFY(first->stoppedByUser);
    QCOMPARE(first->epochsCompleted, 0);
    // Stopped in epoch 1, before any epoch finished: last.pt holds the two steps taken.
    QCOMPARE(checkpoints.size(), size_t(1));
    QVERIFY(checkpoints[0].partial);
    QCOMPARE(checkpoints[0].epoch, 0);
    QCOMPARE(QString::fromStdString(checkpoints[0].path), QString::fromStdString(first->lastWeights));
    QVERIFY(QFileInfo::exists(QString::fromStdString(first->lastWeights)));
    QVERIFY(!QFileInfo::exists(QString::fromStdString(first->bestWeights)));

    // It resumes: epoch 1 is redone from the saved weights and the run completes both epochs.
    ys::TrainConfig r;
    r.resume = first->lastWeights;
    ys::TrainCallbacks cb2;
    cb2.onLog = [](const std::string&) {};
    std::vector<int> epochs;
    cb2.onEpoch = [&](const ys::EpochResult& row, const ys::DetectionMetrics&) { epochs.push_back(row.epoch); };
    auto second = ys::train(r, cb2);
    QVERIFY2(second.ok(), second.ok() ? "" : second.error().toString().c_str());
    QCOMPARE(epochs, (std::vector<int>{1, 2}));
    QCOMPARE(second->epochsCompleted, 2);
    QVERIFY(QFileInfo::exists(QString::fromStdString(second->bestWeights)));
}

void TestTrainCallbacks::predictImagesAgreesWithPredict()
{
    if (bestWeights_.empty())
        QSKIP("needs the weights of memoryAndCheckpointsAreReported");
    const QString images = dir_.filePath("shapes/images");
    ys::PredictOptions po;
    po.weights = bestWeights_;
    po.source = images.toStdString();
    po.out = dir_.filePath("pred").toStdString();
    po.imgsz = 64;
    po.conf = 0.001;
    po.saveImages = false;
    auto p = ys::predict(po, [](const std::string&) {});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());

    const QStringList files = QDir(images).entryList({"*.png"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() == 6);
    std::vector<ys::RgbImage> in;
    for (const QString& f : files) {
        cv::Mat bgr = cv::imread(QDir(images).filePath(f).toStdString(), cv::IMREAD_COLOR);
        QVERIFY(!bgr.empty());
        cv::Mat rgb;
        cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
        ys::RgbImage im;
        im.width = rgb.cols;
        im.height = rgb.rows;
        im.pixels.assign(rgb.data, rgb.data + rgb.total() * 3);
        in.push_back(std::move(im));
    }
    in.push_back(ys::RgbImage{});  // an empty image gets no detections and no error
    ys::PredictImagesOptions o;
    o.weights = bestWeights_;
    o.imgsz = 64;
    o.conf = 0.001;
    auto got = ys::predictImages(o, in);
    QVERIFY2(got.ok(), got.ok() ? "" : got.error().toString().c_str());
    QCOMPARE(got->size(), in.size());
    QVERIFY(got->back().empty());
    int64_t total = 0;
    for (int i = 0; i < files.size(); ++i) {
        QFile txt(dir_.filePath("pred/labels/" + QFileInfo(files[i]).completeBaseName() + ".txt"));
        QVERIFY(txt.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(txt.readAll()).split('\n', Qt::SkipEmptyParts);
        const auto& dets = (*got)[static_cast<size_t>(i)];
        QCOMPARE(static_cast<qsizetype>(dets.size()), lines.size());
        total += static_cast<int64_t>(dets.size());
        for (size_t k = 0; k < dets.size(); ++k) {
            const QStringList v = lines[static_cast<qsizetype>(k)].split(' ');
            const double w = in[static_cast<size_t>(i)].width, h = in[static_cast<size_t>(i)].height;
            QCOMPARE(v[0].toInt(), dets[k].cls);
            QVERIFY(std::abs(v[1].toDouble() - (dets[k].x1 + dets[k].x2) / 2 / w) < 1e-4);
            QVERIFY(std::abs(v[4].toDouble() - (dets[k].y2 - dets[k].y1) / h) < 1e-4);
            QVERIFY(std::abs(v[5].toDouble() - dets[k].conf) < 1e-4);
        }
    }
    QCOMPARE(total, p->detections);

    ys::CancelToken cancel;
    cancel.cancel();
    auto cancelled = ys::predictImages(o, in, cancel);
    QVERIFY(!cancelled.ok());
    QCOMPARE(QString::fromStdString(cancelled.error().code), QString("predict.cancelled"));
}

QTEST_GUILESS_MAIN(TestTrainCallbacks)
#include "test_train_callbacks.moc"
