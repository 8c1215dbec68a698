// The rules the trainer and the memory fit share (common/trainrules.h, common/device.h, data/check.h): each
// lives in one place, and here the users of each are shown to agree on the same input.
#include "augment/internal/loader.h"
#include "common/device.h"
#include "common/error.h"
#include "common/trainrules.h"
#include "data/check.h"
#include "data/dataset.h"
#include "memory/internal/accounting.h"
#include "fit/internal/fitmodel.h"
#include "memory/devices.h"
#include "memory/memory.h"
#include "fit/fit.h"
#include "train/internal/device.h"
#include "train/trainer.h"

#include "datasetbuilder.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <thread>

using namespace ys;

namespace {

// A clean dataset plus one PNG named .jpg (a warning: trainable) and one truncated JPEG (an error: not).
QString datasetWithImageFindings(const QString& dir)
{
    test::DatasetBuilder b(dir);
    b.makeClean();
    const QString png = b.root() + "/images/train/mismatch.png";
    test::writeDistinctImage(png, 128, 96, 777);
    QFile::rename(png, b.root() + "/images/train/mismatch.jpg");
    test::writeText(b.labelPath("train", "mismatch"), test::labelText({{0, 0.5, 0.5, 0.2, 0.2}}));
    const QString cut = b.addImage("train", "truncated", {{1, 0.5, 0.5, 0.2, 0.2}});
    QFile f(cut);
    f.open(QIODevice::ReadWrite);
    f.resize(f.size() / 2);
    return b.yamlPath();
}

// What a run that stops at its first batch said as it started: the start event's details, its warning
// events, and its folder.
struct RunStart {
    nlohmann::json start;
    std::vector<std::string> warnings;
    std::string runDir;
};

RunStart startOfRun(TrainConfig cfg)
{
    TrainControl control;
    RunStart out;
    TrainCallbacks cb;
    cb.onLog = [](const std::string&) {};
    cb.onEvent = [&](const TrainEvent& e) {
        if (e.kind == ys::EventKind::Start)
            out.start = nlohmann::json::parse(e.detailsJson);
        if (e.kind == ys::EventKind::Warning)
            out.warnings.push_back(e.message);
    };
    cb.onBatch = [&](const BatchProgress&) { control.requestStop(); };
    auto r = train(cfg, cb, &control);
    if (!r)
        qWarning("%s", r.error().toString().c_str());
    else
        out.runDir = r->runDir;
    return out;
}

}  // namespace

class TestRules final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(memory::installCpuTracker()); }

    // device=gpu used to work for fit and fail for train: one parser now, so every text means one thing.
    void deviceTextParsesTheSameEverywhere_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<bool>("cuda");
        QTest::addColumn<int>("index");
        QTest::newRow("empty") << "" << true << false << 0;
        QTest::newRow("cpu") << "cpu" << true << false << 0;
        QTest::newRow(" CPU ") << " CPU " << true << false << 0;
        QTest::newRow("gpu") << "gpu" << true << true << 0;
        QTest::newRow("cuda") << "cuda" << true << true << 0;
        QTest::newRow("0") << "0" << true << true << 0;
        QTest::newRow("cuda:1") << "cuda:1" << true << true << 1;
        QTest::newRow("CUDA:1") << "CUDA:1" << true << true << 1;
        QTest::newRow("tpu") << "tpu" << false << false << 0;
        QTest::newRow("cuda:x") << "cuda:x" << false << false << 0;
    }
    void deviceTextParsesTheSameEverywhere()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(bool, cuda);
        QFETCH(int, index);
        const std::string t = text.toStdString();
        const auto spec = parseDevice(t);
        QCOMPARE(spec.ok(), valid);
        // The fit's reading (ys::memory device names) and the trainer's (torch::Device) of the same text.
        const int memoryIndex = memory::internal::deviceIndex(t);
        const auto trainerDevice = resolveDevice(t);
        // The settings check (TrainConfig::validate, what the CLI and the form run first) reads it the same.
        TrainConfig cfg;
        cfg.data = "data.yaml";
        cfg.device = t;
        QCOMPARE(cfg.validate().empty(), valid);
        if (!valid) {
            QCOMPARE(spec.error().code, std::string("device.unknown"));
            QCOMPARE(memoryIndex, -2);
            QCOMPARE(trainerDevice.error().code, std::string("device.unknown"));
            return;
        }
        QCOMPARE(spec->cuda, cuda);
        QCOMPARE(spec->index, index);
        QCOMPARE(memoryIndex, cuda ? index : -1);
        if (!cuda) {
            QVERIFY(trainerDevice.ok() && trainerDevice->is_cpu());
        } else if (!torch::cuda::is_available()) {
            // Understood as a GPU, and refused because there is none, not because the text is unknown; with
            // the driver's reason when it has one ("no NVIDIA driver (libcuda.so.1 not found)").
            QCOMPARE(trainerDevice.error().code, std::string("device.no_cuda"));
            const std::string why = memory::gpuUnavailableReason();
            QVERIFY2(why.empty() || trainerDevice.error().message.find(", but " + why + "; use device=cpu") != std::string::npos,
                     trainerDevice.error().message.c_str());
        }
    }

    // A list ("0,1") is no single device: every reading of one device refuses it alike, and the settings
    // take it for a data-parallel run (parseDevices).
    void aDeviceListIsASettingButNoSingleDevice()
    {
        const std::string t = "0,1";
        QVERIFY(!parseDevice(t).ok());
        QCOMPARE(parseDevice(t).error().code, std::string("device.unknown"));
        QCOMPARE(memory::internal::deviceIndex(t), -2);
        QCOMPARE(resolveDevice(t).error().code, std::string("device.unknown"));
        TrainConfig cfg;
        cfg.data = "data.yaml";
        cfg.device = t;
        QVERIFY(cfg.validate().empty());   // data parallel over GPUs 0 and 1
        cfg.device = "0,0";
        QVERIFY(!cfg.validate().empty());   // a GPU named twice
    }

    // Loader workers beside the model's threads, and threads=0 = every core, for trainer and fit alike.
    void runThreadsFollowTheCores()
    {
        // CPU: workers only get cores the model leaves free.
        QCOMPARE(runThreadsFor(8, 0, false, 1).intraOp, 1);
        QCOMPARE(runThreadsFor(8, 0, false, 1).loaderWorkers, 0);
        QCOMPARE(runThreadsFor(8, 0, false, 2).loaderWorkers, 0);
        QCOMPARE(runThreadsFor(8, 0, false, 8).intraOp, 8);
        QCOMPARE(runThreadsFor(8, 0, false, 8).loaderWorkers, 0);
        QCOMPARE(runThreadsFor(8, 2, false, 8).loaderWorkers, 6);
        QCOMPARE(runThreadsFor(2, 2, false, 8).loaderWorkers, 2);   // never more than requested
        QCOMPARE(runThreadsFor(8, 16, false, 8).loaderWorkers, 0);  // more threads than cores
        // CUDA: the model runs on the GPU, up to one worker per core.
        QCOMPARE(runThreadsFor(8, 0, true, 2).loaderWorkers, 2);
        QCOMPARE(runThreadsFor(8, 0, true, 16).loaderWorkers, 8);
        QCOMPARE(intraOpThreadsFor(0, 6), 6);
        QCOMPARE(intraOpThreadsFor(3, 6), 3);
        qputenv("YS_CPU_CORES", "5");
        QCOMPARE(cpuCores(), 5);
        qunsetenv("YS_CPU_CORES");
        QVERIFY(cpuCores() >= 1);
    }

    // What the fit counts for the loader's queue is what the loader holds: queuedBatches(workers) batches
    // of batchImageBytes each, in tracked CPU memory.
    void loaderHoldsTheQueuedBatchesTheFitCounts()
    {
        QTemporaryDir dir;
        test::DatasetBuilder b(dir.path());
        b.makeClean();
        auto ds = openDataset(b.yamlPath().toStdString());
        QVERIFY(ds.ok());
        std::vector<ImageRecord> train;
        for (const auto& r : ds->images)
            if (r.split == Split::Train)
                train.push_back(r);
        QCOMPARE(train.size(), size_t(20));
        for (int workers : {0, 1, 2}) {
            LoaderOptions lo;
            lo.imgsz = 64;
            lo.batch = 2;
            lo.workers = workers;
            lo.augment = false;
            lo.shuffle = false;
            const int64_t before = memory::currentStats().allocated;
            {
                BatchLoader loader(train, lo);
                loader.startEpoch(0, false);
                const int64_t expected = queuedBatches(workers) * batchImageBytes(lo.batch, lo.imgsz);
                // Workers fill the queue in the background; wait until they are done (queue full).
                int64_t held = 0;
                for (int i = 0; i < 200; ++i) {
                    held = memory::currentStats().allocated - before;
                    if (held >= expected && i > 10)
                        break;
                    std::this_thread::sleep_for(std::chrono::milliseconds(25));
                }
                // Images of the queued batches plus their small target tensors (a few boxes each).
                QVERIFY2(held >= expected && held <= expected + 4096 * (queuedBatches(workers) + 1),
                         qPrintable(QString("workers=%1: loader holds %2 bytes, the fit counts %3")
                                        .arg(workers).arg(held).arg(expected)));
            }
        }
        QCOMPARE(queuedBatches(0), 0);
        QCOMPARE(queuedBatches(1), 2);
        QCOMPARE(queuedBatches(6), 12);
    }

    // Validation runs at twice the batch; the fit's run peak takes the validation line at that batch.
    void validationBatchIsTwiceTheBatch()
    {
        QCOMPARE(validationBatchFor(16), 32);
        fit::internal::DeviceMemoryModel m;
        for (auto& p : m.train)
            p.area = 1.0;           // training: b * s^2
        m.validation.area = 0.75;   // validation: v * 0.75 * s^2
        // A run at batch 10 validates 20 images: max(10, 0.75 * 20) * s^2.
        QCOMPARE(m.runPeak(10, 100), 15.0 * 100 * 100);
        m.loaderQueueBatches = 3;
        QCOMPARE(m.loaderQueueBytes(10, 100), 3.0 * static_cast<double>(batchImageBytes(10, 100)));
    }

    void accumulationAndOptimizerRule()
    {
        QCOMPARE(accumulateFor(64, 16), 4);
        QCOMPARE(accumulateFor(64, 24), 3);
        QCOMPARE(accumulateFor(64, 200), 1);
        // optimizer=auto counts ceil(images / max(batch, nbs)) x epochs, with the images the run uses.
        QCOMPARE(autoOptimizerIterations(100000, 16, 64, 10), int64_t(15630));
        QCOMPARE(autoOptimizerIterations(100000, 128, 64, 10), int64_t(7820));
        QCOMPARE(*optimizerKindFor("auto", 100000, 16, 64, 10), OptimizerKind::SGD);
        QCOMPARE(*optimizerKindFor("auto", 100000, 128, 64, 10), OptimizerKind::AdamW);
        QCOMPARE(trainImagesFor(1000, 0.25), int64_t(250));
        QCOMPARE(trainImagesFor(3, 0.1), int64_t(1));
        QCOMPARE(trainImagesFor(0, 0.5), int64_t(0));
        TrainConfig cfg;
        cfg.epochs = 100;
        auto c = resolveOptimizer(cfg, 128, 16, 80);
        QVERIFY(c.ok());
        QCOMPARE(c->kind, OptimizerKind::AdamW);
        QCOMPARE(c->lr0, 0.000119);
        QCOMPARE(c->momentum, 0.9);
        QCOMPARE(c->warmupBiasLr, 0.0);
        cfg.optimizer = "SGD";
        QCOMPARE(resolveOptimizer(cfg, 128, 16, 80)->lr0, cfg.lr0);
        cfg.optimizer = "Lion";
        QCOMPARE(resolveOptimizer(cfg, 128, 16, 80).error().code, std::string("config.optimizer"));
    }

    // YOLO26 models follow Ultralytics 8.4: auto gives MuSGD (lr0 0.01, momentum 0.9) above 10000 iterations and
    // AdamW at round(0.002 x 5 / (4 + nc), 6) below; YOLOv8/YOLO11/YOLOv9 keep SGD. MuSGD may be named for any.
    void autoPicksMuSGDForYolo26()
    {
        QCOMPARE(*optimizerKindFor("auto", 100000, 16, 64, 10, true), OptimizerKind::MuSGD);
        QCOMPARE(*optimizerKindFor("auto", 100000, 16, 64, 10, false), OptimizerKind::SGD);
        QCOMPARE(*optimizerKindFor("auto", 100000, 128, 64, 10, true), OptimizerKind::AdamW);
        QCOMPARE(*optimizerKindFor("MuSGD", 10, 16, 64, 1), OptimizerKind::MuSGD);
        QCOMPARE(std::string(toString(OptimizerKind::MuSGD)), std::string("MuSGD"));
        TrainConfig cfg;
        cfg.epochs = 10;
        auto c = resolveOptimizer(cfg, 100000, 16, 80, true);
        QVERIFY(c.ok());
        QCOMPARE(c->kind, OptimizerKind::MuSGD);
        QCOMPARE(c->lr0, 0.01);
        QCOMPARE(c->momentum, 0.9);
        QCOMPARE(c->warmupBiasLr, 0.0);
        auto s = resolveOptimizer(cfg, 100000, 16, 80, false);
        QCOMPARE(s->kind, OptimizerKind::SGD);
        QCOMPARE(s->momentum, cfg.momentum);
        auto shortRun = resolveOptimizer(cfg, 1000, 16, 80, true);
        QCOMPARE(shortRun->kind, OptimizerKind::AdamW);
        QCOMPARE(shortRun->lr0, 0.000119);
        cfg.optimizer = "MuSGD";
        auto named = resolveOptimizer(cfg, 1000, 16, 80);
        QCOMPARE(named->kind, OptimizerKind::MuSGD);
        QCOMPARE(named->lr0, cfg.lr0);
        QCOMPARE(named->momentum, cfg.momentum);
        QCOMPARE(named->warmupBiasLr, cfg.warmup_bias_lr);
    }

    // The largest batch whose step (batch x processes x accumulate) stays inside the training set: the fit's cap.
    void batchStopsAtTheData()
    {
        QCOMPARE(batchLimitForData(240, 2, 64), 120);     // 240 images, 2 processes: 120 each, no accumulation
        QCOMPARE(batchLimitForData(100000, 1, 64), 100000);
        QCOMPARE(batchLimitForData(70, 1, 64), 70);       // round(64 / 70) = 1
        QCOMPARE(batchLimitForData(8, 2, 8), 4);          // 4 x 2 x 1 = 8
        // 100 images at nbs 64: batch 40 would accumulate 2 (80 images per step); 100 accumulates 1.
        QCOMPARE(batchLimitForData(100, 1, 64), 100);
        for (int64_t n : {1, 7, 40, 63, 64, 65, 129, 240}) {
            for (int world : {1, 2, 3}) {
                const int b = batchLimitForData(n, world, 64);
                QVERIFY(b >= 1);
                QVERIFY(int64_t{b} * world <= std::max<int64_t>(n, world));
                // Inside the data with accumulation, unless no batch can be (fewer images than about nbs).
                if (int64_t{b} * world * accumulateFor(64, b * world) > n)
                    for (int smaller = 1; smaller < b; ++smaller)
                        QVERIFY(int64_t{smaller} * world * accumulateFor(64, smaller * world) > n);
            }
        }
        QCOMPARE(batchLimitForData(0, 1, 64), 0);         // no data (synthetic batches): no cap
    }

    // Each process's share of a budget, by which the fit fits and the trainer caps memory: the CPU's processes
    // share one budget; each GPU is its process's.
    void cpuProcessesShareTheBudget()
    {
        constexpr int64_t kGiB = int64_t{1} << 30;
        QCOMPARE(processBudget(2 * kGiB, false, 2), kGiB);
        QCOMPARE(processBudget(2 * kGiB, true, 2), 2 * kGiB);
        QCOMPARE(processBudget(2 * kGiB, false, 1), 2 * kGiB);
        QCOMPARE(processBudget(0, false, 2), int64_t(0));
    }

    // Which images are trainable: image errors exclude, image warnings do not (the trainer used to drop
    // images with only warnings; the fit kept them). Trainer, fit and the checkpoint validator agree.
    void trainerAndFitUseTheSameImages()
    {
        QTemporaryDir dir;
        const QString yaml = datasetWithImageFindings(dir.path());
        auto ds = openDataset(yaml.toStdString());
        QVERIFY(ds.ok());
        CheckOptions co;
        co.hashImages = false;
        const CheckResult check = checkDataset(*ds, co);
        QCOMPARE(check.summary.byCode.count("image.extension_mismatch"), size_t(1));
        QCOMPARE(check.summary.byCode.count("image.truncated"), size_t(1));
        QVERIFY(!excludesImage("image.extension_mismatch"));
        QVERIFY(!excludesImage("image.corrupt_data"));
        QVERIFY(!excludesImage("label.class_range"));
        QVERIFY(excludesImage("image.truncated"));
        QVERIFY(excludesImage("image.too_small"));
        const auto train = trainableImages(*ds, check, Split::Train);
        QCOMPARE(train.size(), size_t(21));   // 20 clean + the PNG named .jpg; the truncated one is out
        for (const auto& r : train)
            QVERIFY(!QString::fromStdString(r.image).endsWith("truncated.jpg"));

        TrainConfig cfg;
        cfg.data = yaml.toStdString();
        cfg.imgsz = 64;
        cfg.batch = 4;
        cfg.epochs = 1;
        cfg.amp = "off";
        cfg.threads = 1;
        cfg.project = dir.path().toStdString() + "/runs";
        const RunStart run = startOfRun(cfg);
        const nlohmann::json& start = run.start;
        QVERIFY(!start.is_null());
        QCOMPARE(start["train_images"].get<int>(), 21);
        // The run says which images it leaves out and why (the log, the CLI), and check.json lists them.
        const std::vector<ExcludedImage> excluded = excludedImages(*ds, check);
        QCOMPARE(excluded.size(), size_t(1));
        QCOMPARE(run.warnings, std::vector<std::string>{excludedImagesText(excluded)});
        QVERIFY(run.warnings[0].find("1 image.truncated (train 1") != std::string::npos);
        QFile json(QString::fromStdString(run.runDir) + "/check.json");
        QVERIFY(json.open(QIODevice::ReadOnly));
        auto written = checkResultFromJson(json.readAll().toStdString(), "check.json");
        QVERIFY(written.ok());
        QCOMPARE(written->excluded.size(), size_t(1));
        QCOMPARE(written->excluded[0].image, excluded[0].image);
        QCOMPARE(written->excluded[0].code, std::string("image.truncated"));

        fit::FitRequest req = fit::fitRequestFor(cfg);
        auto fit = fit::fitToMemory(req);
        QVERIFY2(fit.ok(), fit.ok() ? "" : fit.error().toString().c_str());
        QCOMPARE(fit->trainImages, int64_t(21));
        QCOMPARE(fit->optimizer, start["optimizer"].get<std::string>());
        bool noted = false;
        for (const auto& n : fit->fitNotes)
            noted = noted || (n.code == "fit.excluded_images" && n.args == std::vector<std::string>{"1"});
        QVERIFY(noted);
    }

    // One table of error kinds: the CLI's exit code and the main window's hint come from it.
    void errorKindsComeFromOneTable()
    {
        QCOMPARE(errorKind("yaml.syntax"), ErrorKind::Syntax);
        QCOMPARE(errorKind("data.missing_train"), ErrorKind::Dataset);
        QCOMPARE(errorKind("config.epochs"), ErrorKind::Setting);
        QCOMPARE(errorKind("device.no_cuda"), ErrorKind::Setting);
        QCOMPARE(errorKind("model.is_checkpoint"), ErrorKind::Setting);
        QCOMPARE(errorKind("checkpoint.read"), ErrorKind::Syntax);
        QCOMPARE(errorKind("checkpoint.write"), ErrorKind::Access);
        QCOMPARE(errorKind("io.write"), ErrorKind::Access);
        QCOMPARE(errorKind("train.oom"), ErrorKind::OutOfMemory);
        QCOMPARE(errorKind("train.failed"), ErrorKind::Failed);
        QCOMPARE(errorKind("fit.cancelled"), ErrorKind::Cancelled);
        QCOMPARE(errorKind("fit.device"), ErrorKind::Setting);
        QCOMPARE(errorKind("internal.exception"), ErrorKind::Internal);
        QCOMPARE(errorKind("something.new"), ErrorKind::Failed);
        QVERIFY(isInputError(errorKind("resume.not_last")));
        QVERIFY(!isInputError(errorKind("train.oom")));
        const std::string torchText = "not a zip archive\nException raised from foo at bar.cpp:1\nframe #0: x\n";
        QCOMPARE(withoutBacktrace(torchText), std::string("not a zip archive"));
        QCOMPARE(withoutBacktrace("plain message"), std::string("plain message"));
    }
};

QTEST_GUILESS_MAIN(TestRules)
#include "test_rules.moc"
