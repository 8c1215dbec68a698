// The fit result as files and text: fitResultToJson / fitResultFromJson round trip (a run's fit.json, read
// by the Runs page), notes and certainty as codes with arguments from one catalogue, so a Fit dialog can
// translate them, and fit.json files written before notes had codes.
#include "common/config.h"
#include "common/trainrules.h"
#include "fit/apply.h"
#include "fit/fit.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <algorithm>
#include <set>

namespace fit = ys::fit;

namespace {

fit::FitResult sampleResult()
{
    fit::FitResult r;
    r.recommended = {24, 640, true, "fp16", 3, int64_t{7} << 30, true, "off", {}};
    r.budgetBytes = int64_t{8} << 30;
    r.deviceTotalBytes = int64_t{8} << 30;
    r.margin = 0.12;
    r.device = "cpu";
    r.target = "RTX 3070 8 GB";
    r.probeSeconds = 12.5;
    r.maxBoxes = 42;
    fit::ProbePoint p;
    p.batch = 4;
    p.imgsz = 320;
    p.peakBytes = 123456789;
    p.phasePeak[2] = 99;
    p.seconds = 1.5;
    r.points = {p};
    r.table = {{'s', 640, true, 17, 6000000000}};
    r.breakdown.weights = 1;
    r.breakdown.loaderQueue = 2;
    r.breakdown.allocatorOverhead = 3;
    r.certaintyNote = {"fit.certainty.planned", {}};
    r.certainty = fit::fitNoteText(r.certaintyNote);
    r.uncertainty = 0.2;
    r.fitNotes = {{"fit.cuda_context", {"928.0 MiB"}}, {"fit.loader_host", {"12"}}};
    for (const auto& n : r.fitNotes)
        r.notes.push_back(fit::fitNoteText(n));
    r.optimizer = "AdamW";
    r.trainImages = 128;
    r.intraOpThreads = 2;
    r.loaderWorkers = 2;
    r.queuedBatches = 4;
    r.model = "yolov8n.yaml";
    r.data = "/data/demo/data.yaml";
    return r;
}

// A fitted stage: its image size and the batch it asks for (-1 = auto).
fit::StageFit stageFit(int stage, int imgsz, int requestedBatch)
{
    fit::StageFit s;
    s.stage = stage;
    s.imgsz = imgsz;
    s.requestedBatch = requestedBatch;
    s.batch = requestedBatch > 0 ? requestedBatch : 4;
    s.fits = true;
    return s;
}

}  // namespace

class TestFitReport final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void catalogueGivesEveryCodeItsText()
    {
        std::set<std::string> codes;
        for (const auto& c : fit::fitNoteCodes()) {
            QVERIFY2(codes.insert(c.code).second, c.code);   // codes are unique
            QVERIFY(std::string(c.code).rfind("fit.", 0) == 0);
            // Placeholders are {0}..{9} only, so every argument lands somewhere the text says.
            const std::string t = c.text;
            for (size_t i = t.find('{'); i != std::string::npos; i = t.find('{', i + 1))
                QVERIFY2(i + 2 < t.size() && std::isdigit(static_cast<unsigned char>(t[i + 1])) && t[i + 2] == '}',
                         c.code);
        }
        QCOMPARE(fit::fitNoteText({"fit.loader_queue", {"12", "6", "2"}}),
                 std::string("data loader prefetch of 12 batches (6 loader workers beside 2 model threads) counted "
                             "in CPU memory"));
        QCOMPARE(fit::fitNoteText({"fit.no_such_note", {"a", "b"}}), std::string("fit.no_such_note a b"));
    }

    void jsonRoundTrip()
    {
        const fit::FitResult r = sampleResult();
        const std::string json = fit::fitResultToJson(r);
        auto back = fit::fitResultFromJson(json);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QCOMPARE(back->recommended.batch, 24);
        QCOMPARE(back->recommended.ampMode, std::string("fp16"));
        QCOMPARE(back->recommended.accumulate, 3);
        QCOMPARE(back->recommended.predictedPeakBytes, int64_t{7} << 30);
        QVERIFY(back->recommended.fits && back->recommended.amp);
        QCOMPARE(back->budgetBytes, r.budgetBytes);
        QCOMPARE(back->target, r.target);
        QCOMPARE(back->points.size(), size_t(1));
        QCOMPARE(back->points[0].peakBytes, int64_t(123456789));
        QCOMPARE(back->points[0].phasePeak[2], int64_t(99));
        QCOMPARE(back->table.size(), size_t(1));
        QCOMPARE(back->table[0].scale, 's');
        QCOMPARE(back->table[0].peakAtMaxBatch, int64_t(6000000000));
        QCOMPARE(back->breakdown.allocatorOverhead, int64_t(3));
        QCOMPARE(back->certaintyNote.code, std::string("fit.certainty.planned"));
        QCOMPARE(back->certainty, r.certainty);
        QCOMPARE(back->fitNotes.size(), size_t(2));
        QCOMPARE(back->fitNotes[0].code, std::string("fit.cuda_context"));
        QCOMPARE(back->fitNotes[0].args, std::vector<std::string>{"928.0 MiB"});
        QCOMPARE(back->notes, r.notes);
        QCOMPARE(back->optimizer, std::string("AdamW"));
        QCOMPARE(back->loaderWorkers, 2);
        QCOMPARE(back->localProcesses, 1);
        QCOMPARE(back->queuedBatches, 4);
        QCOMPARE(back->model, std::string("yolov8n.yaml"));
        QCOMPARE(back->data, std::string("/data/demo/data.yaml"));
        QCOMPARE(fit::fitResultToJson(*back), json);   // nothing lost on the way
        // The text report comes from the same codes.
        const QString text = QString::fromStdString(fit::formatFitResult(*back));
        QVERIFY(text.contains("recommended: batch=24 imgsz=640 amp=fp16 accumulate=3"));
        QVERIFY(text.contains("note: CUDA context + cuDNN/cuBLAS workspace assumed 928.0 MiB"));
        QVERIFY(text.contains("low: predicted for a GPU"));
    }

    // A fit's prediction applies only to the setup it was made for (the Train page's pre-flight and memory
    // chart show it only then).
    void differencesNameWhatChanged()
    {
        fit::FitResult f = sampleResult();   // yolov8n, batch 24 at 640, fp16, AdamW, 2 loader workers of 2 threads
        ys::TrainConfig c;
        c.model = f.model;
        c.data = f.data;
        c.device = "cpu";
        c.imgsz = 640;
        c.batch = 24;
        c.amp = "fp16";
        c.optimizer = "AdamW";
        c.threads = 2;
        c.workers = 8;
        f.loaderWorkers = ys::runThreadsFor(c.workers, c.threads, false).loaderWorkers;
        QVERIFY(fit::fitDifferences(f, c).empty());
        // auto settings never differ: the run decides them as the fit did.
        c.amp = "auto";
        c.optimizer = "auto";
        c.batch = -1;
        QVERIFY(fit::fitDifferences(f, c).empty());
        c.batch = 24;
        c.imgsz = 320;
        c.model = "yolov8s.yaml";
        const std::vector<fit::FitDifference> d = fit::fitDifferences(f, c);
        QCOMPARE(d.size(), size_t(2));
        QCOMPARE(d[0].key, std::string("model"));
        QCOMPARE(d[1].key, std::string("imgsz"));
        QCOMPARE(d[1].fitted, std::string("640"));
        QCOMPARE(d[1].now, std::string("320"));
        c = ys::TrainConfig();
        c.model = f.model;
        c.data = f.data;
        c.imgsz = 640;
        c.batch = 12;
        c.device = "cuda:0";
        c.amp = "off";
        c.threads = 2;
        std::vector<std::string> keys;
        for (const auto& x : fit::fitDifferences(f, c))
            keys.push_back(x.key);
        QVERIFY(std::find(keys.begin(), keys.end(), "device") != keys.end());
        QVERIFY(std::find(keys.begin(), keys.end(), "batch") != keys.end());
        QVERIFY(std::find(keys.begin(), keys.end(), "amp") != keys.end());
        // A fit read from an older fit.json (no model, no data) compares what it holds.
        f.model.clear();
        f.data.clear();
        c = ys::TrainConfig();
        c.model = "yolo11s.yaml";
        c.data = "/elsewhere/data.yaml";
        c.imgsz = 640;
        c.batch = 24;
        c.amp = "fp16";
        c.threads = 2;
        c.workers = 8;
        f.loaderWorkers = ys::runThreadsFor(c.workers, c.threads, false).loaderWorkers;
        QVERIFY(fit::fitDifferences(f, c).empty());
    }

    // Only what changes the predicted peak differs, each side as a plain value: stages by imgsz and batch (not
    // epochs; "" for none, never a missing side), loader workers only where their queue is in the budget (a
    // run on the CPU), counted for the fit's processes as the trainer counts them.
    void differencesCountOnlyWhatChangesMemory()
    {
        qputenv("YS_CPU_CORES", "2");
        fit::FitResult f = sampleResult();
        f.device = f.target = "cuda:0";
        f.loaderWorkers = 8;
        ys::TrainConfig c;
        c.model = f.model;
        c.data = f.data;
        c.device = "cuda:0";
        c.imgsz = 640;
        c.batch = 24;
        c.amp = "fp16";
        c.optimizer = "AdamW";
        c.workers = 2;
        QVERIFY(fit::fitDifferences(f, c).empty());            // a GPU's peak holds no loader queue
        // On the CPU the queue is in the budget: the loader workers the run would start, as plain counts.
        f.device = f.target = "cpu";
        c.device = "cpu";
        f.loaderWorkers = 0;
        c.threads = 1;
        c.workers = 2;
        std::vector<fit::FitDifference> d = fit::fitDifferences(f, c);
        QCOMPARE(d.size(), size_t(1));
        QCOMPARE(d[0].key, std::string("workers"));
        QCOMPARE(d[0].fitted, std::string("0"));
        QCOMPARE(d[0].now, std::string("1"));                  // 2 cores, 1 for the model: 1 worker
        c.threads = 0;                                         // the model takes both cores: 0 workers, as fitted
        QVERIFY(fit::fitDifferences(f, c).empty());
        // Two processes on this machine: each has one core, so the fit budgets no worker and neither does the run.
        f.world = 2;
        f.recommended.batch = 12;
        f.localProcesses = 2;
        c.threads = 1;
        QVERIFY(fit::fitDifferences(f, c).empty());
        f.world = 1;
        f.recommended.batch = 24;
        f.localProcesses = 1;
        c.threads = 0;
        // Stages: epochs change no memory; cleared stages say so with a value on both sides.
        f.stages = {stageFit(1, 320, 32), stageFit(2, 640, -1)};
        c.stages = {ys::TrainStage{320, 32, 5, {}}, ys::TrainStage{640, -1, 1, {}}};
        QVERIFY(fit::fitDifferences(f, c).empty());
        c.stages[0].batch = 16;
        d = fit::fitDifferences(f, c);
        QCOMPARE(d.size(), size_t(1));
        QCOMPARE(d[0].key, std::string("stages"));
        QCOMPARE(d[0].fitted, std::string("320x32, 640xauto"));
        QCOMPARE(d[0].now, std::string("320x16, 640xauto"));
        c.stages.clear();
        d = fit::fitDifferences(f, c);
        QCOMPARE(d.size(), size_t(1));
        QCOMPARE(d[0].fitted, std::string("320x32, 640xauto"));
        QCOMPARE(d[0].now, std::string());
        // No stages on either side: the run's imgsz and batch are compared, and a real change is still said.
        f.stages.clear();
        QVERIFY(fit::fitDifferences(f, c).empty());
        c.batch = 32;
        d = fit::fitDifferences(f, c);
        QCOMPARE(d.size(), size_t(1));
        QCOMPARE(d[0].key, std::string("batch"));
        qunsetenv("YS_CPU_CORES");
    }

    // Data parallel: the request knows the world (a GPU list counts itself, nproc counts CPU processes), the fit
    // is one device's share, and the result states per-device batch × world = images per step.
    void worldBatchRequestAndResult()
    {
        ys::TrainConfig c;
        c.device = "cpu";
        c.batch = 32;
        c.threads = 0;
        fit::FitRequest one = fit::fitRequestFor(c);
        QCOMPARE(one.world, 1);
        QCOMPARE(one.localProcesses, 1);
        QCOMPARE(one.wantedBatch, 32);
        QVERIFY(one.budget.empty());
        fit::FitRequest two = fit::fitRequestFor(c, 2);
        QCOMPARE(two.world, 2);
        QCOMPARE(two.wantedBatch, 16);                       // each process trains half the world batch
        QVERIFY(two.budget.empty());                         // the machine's memory, which the fit shares
        QCOMPARE(two.localProcesses, 2);                     // between the 2 processes (fitToMemory divides)
        QCOMPARE(two.threads, std::max(1, ys::cpuCores() / 2));
        c.vram = "3GiB";
        c.threads = 1;
        two = fit::fitRequestFor(c, 2);
        QCOMPARE(two.budget, std::string("3GiB"));           // a budget the user gave is the machine's, shared too
        QCOMPARE(two.localProcesses, 2);
        QCOMPARE(two.threads, 1);
        QCOMPARE(fit::fitRequestFor(c, 2, 3).localProcesses, 2);   // three machines: two processes on each
        c.vram.clear();
        c.device = "0,1";
        c.stages = {ys::TrainStage{320, 64, 2, {}}, ys::TrainStage{640, -1, 3, {}}};
        fit::FitRequest gpus = fit::fitRequestFor(c);
        QCOMPARE(gpus.world, 2);
        QCOMPARE(gpus.localProcesses, 2);                    // GPUs: counted, but each memory is its own
        QCOMPARE(gpus.device, std::string("cuda:0"));        // fitted on the list's first GPU
        QVERIFY(gpus.budget.empty());                        // each GPU is its process's alone
        QCOMPARE(gpus.stages[0].batch, 32);
        QCOMPARE(gpus.stages[1].batch, -1);
        QCOMPARE(fit::fitRequestFor(c, 0, 3).world, 6);      // three machines of two GPUs

        // The result: the note with its arguments, the world in fit.json, and differences against the world batch.
        fit::FitResult r = sampleResult();
        r.world = 2;
        r.fitNotes.push_back({"fit.world_batch", {"24", "2", "48"}});
        r.notes.push_back(fit::fitNoteText(r.fitNotes.back()));
        QCOMPARE(r.notes.back(), std::string("fitted per device: 24 images per device x 2 processes = 48 images per "
                                             "step (batch=48 for the run)"));
        auto back = fit::fitResultFromJson(fit::fitResultToJson(r));
        QVERIFY(back.ok());
        QCOMPARE(back->world, 2);
        QVERIFY(QString::fromStdString(fit::formatFitResult(*back)).contains("2 processes = 48 images per step"));
        ys::TrainConfig run;
        run.model = r.model;
        run.data = r.data;
        run.device = "cpu";
        run.imgsz = 640;
        run.amp = "fp16";
        run.optimizer = "AdamW";
        run.threads = 2;
        run.workers = 8;
        back->loaderWorkers = ys::runThreadsFor(run.workers, run.threads, false).loaderWorkers;
        run.batch = 48;
        QVERIFY(fit::fitDifferences(*back, run).empty());
        run.batch = 24;
        QCOMPARE(fit::fitDifferences(*back, run).size(), size_t(1));
        // Older fit.json files have no world: one process.
        auto j = nlohmann::json::parse(fit::fitResultToJson(sampleResult()));
        j.erase("world");
        QCOMPARE(fit::fitResultFromJson(j.dump())->world, 1);
    }

    void readsOlderFilesAndRejectsOthers()
    {
        // fit.json before notes had codes: certainty and notes were plain strings.
        const std::string old = R"({"recommended": {"batch": 43, "imgsz": 320, "amp": false, "amp_mode": "off",
            "accumulate": 1, "predicted_peak_bytes": 2018000000, "fits": true}, "budget_bytes": 2147483648,
            "certainty": "measured: tracked tensor memory on this CPU",
            "notes": ["data loader prefetch of 16 batches (workers=8) counted in CPU memory"]})";
        auto r = fit::fitResultFromJson(old);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(r->recommended.batch, 43);
        QCOMPARE(r->certainty, std::string("measured: tracked tensor memory on this CPU"));
        QVERIFY(r->certaintyNote.code.empty());
        QCOMPARE(r->notes.size(), size_t(1));
        QVERIFY(r->fitNotes[0].code.empty());
        QVERIFY(QString::fromStdString(fit::formatFitResult(*r)).contains("prefetch of 16 batches (workers=8)"));
        for (const char* bad : {"", "[]", "{\"budget_bytes\": 1}", "{\"recommended\": {\"batch\": \"many\"}}", "\x01\x02"})
            QCOMPARE(fit::fitResultFromJson(bad).error().code, std::string("fit.json"));
    }

    // Apply: the recommendation's world batch, image size, precision and budget; a checkpointing proposal's
    // batch with its own accumulation; a fit for the CPU moves a GPU setup to the CPU; nothing for a fit that
    // does not fit without a proposal.
    void settingsForApply()
    {
        ys::fit::FitResult r;
        r.device = "cpu";
        r.target = "cpu";
        r.world = 2;
        r.recommended.fits = true;
        r.recommended.batch = 12;
        r.recommended.imgsz = 320;
        r.recommended.accumulate = 3;
        ys::fit::FitAsked asked;
        asked.amp = "auto";
        asked.vram = "2GB";
        asked.nbs = 64;
        auto plain = ys::fit::settingsFor(r, nullptr, asked);
        QVERIFY(plain);
        const std::vector<std::pair<std::string, std::string>> expected = {
            {"batch", "24"}, {"imgsz", "320"}, {"amp", "auto"}, {"vram", "2GB"}};
        QCOMPARE(plain->values, expected);
        QCOMPARE(plain->recommended.batch, 12);

        ys::fit::CheckpointOption option;
        option.setting = "backbone";
        option.layers = {0, 1, 2};
        option.batch = 20;
        option.predictedPeakBytes = 123;
        asked.setupOnGpu = true;
        auto proposal = ys::fit::settingsFor(r, &option, asked);
        QVERIFY(proposal);
        QCOMPARE(proposal->recommended.batch, 20);
        QCOMPARE(proposal->recommended.accumulate, ys::accumulateFor(64, 40));
        QCOMPARE(proposal->recommended.checkpoint, std::string("backbone"));
        QCOMPARE(proposal->recommended.predictedPeakBytes, int64_t{123});
        QCOMPARE(proposal->values.front(), (std::pair<std::string, std::string>{"batch", "40"}));
        QVERIFY(std::find(proposal->values.begin(), proposal->values.end(),
                          std::pair<std::string, std::string>{"device", "cpu"}) != proposal->values.end());
        QCOMPARE(proposal->values.back(), (std::pair<std::string, std::string>{"checkpoint", "backbone"}));

        // AMP the fit turned down is written as off; AMP it chose stays auto.
        r.table.push_back(ys::fit::TableRow{'n', 320, true, 8, 0, 0});
        QCOMPARE(ys::fit::settingsFor(r, nullptr, asked)->values[2].second, std::string("off"));
        r.recommended.amp = true;
        r.recommended.ampMode = "fp16";
        QCOMPARE(ys::fit::settingsFor(r, nullptr, asked)->values[2].second, std::string("auto"));
        asked.amp = "fp16";
        QCOMPARE(ys::fit::settingsFor(r, nullptr, asked)->values[2].second, std::string("fp16"));

        r.recommended.fits = false;
        QVERIFY(!ys::fit::settingsFor(r, nullptr, asked));
        option.batch = 0;   // a proposal without a batch in batch mode is no proposal
        QVERIFY(!ys::fit::settingsFor(r, &option, asked));
    }
};

QTEST_GUILESS_MAIN(TestFitReport)
#include "test_fit_report.moc"
