#pragma once
// What the training report shows, gathered in one call from a run folder and the files it names: the run's
// records (readRun), its dataset scanned again (class counts, box sizes), the label check the run saw
// (check.json), the fit it started with (fit.json) against the memory it measured (memory.csv), every
// out-of-memory recovery, and a few validation images predicted with the run's weights. Plain C++ (no torch,
// no Qt): ui/report lays it out as HTML and PDF, the CLI's `report` and the GUI's Export Report call it.
//
// Nothing here fails because a part is missing: a run that was stopped, killed or failed, whose dataset has
// moved or whose weights are gone still gives a ReportData, with what could not be read as Errors (file and
// line) in the part concerned. Reads files only; never writes into the run or the dataset.

#include "common/error.h"
#include "common/progress.h"
#include "common/severity.h"
#include "data/check.h"
#include "data/dataset.h"
#include "eval/metrics.h"
#include "fit/fit.h"
#include "memory/samples.h"
#include "onnx/info.h"
#include "review/review.h"
#include "run/reader.h"
#include "run/environment.h"
#include "run/records.h"
#include "train/trainer.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ys::report {

// check.json (read with checkResultFromJson): the label check of the run's dataset as the trainer ran it
// before training.
struct CheckFacts {
    bool present = false;
    std::optional<Error> error;              // check.json unreadable ("report.check")
    int imgsz = 0;                           // the size small boxes were judged at
    int64_t images[kSplitCount] = {0, 0, 0};
    int64_t boxes = 0, backgrounds = 0, corruptImages = 0;
    int64_t errors = 0, warnings = 0, infos = 0;
    struct Group {
        std::string code;                    // "box.too_small"
        Severity severity = Severity::Info;
        std::string meaning;                 // the catalogue's English sentence (checkCodes())
        int64_t count = 0;
        std::vector<Finding> examples;       // the first kExamples findings of this code, in file order
    };
    std::vector<Group> groups;               // errors first, then warnings, infos; by count within each
    std::vector<ExcludedImage> excluded;     // the images training left out, per split with the rule
    std::string root;                        // the dataset's root folder as the check saw it
    static constexpr size_t kExamples = 3;
};

// The dataset as it is on disk now (scanned again: the report's class counts and box sizes).
struct DatasetFacts {
    std::optional<Dataset> dataset;          // absent when data.yaml cannot be opened (moved, deleted)
    std::optional<Error> error;
    // Boxes per class (dataset ids) and split, from the parsed labels.
    std::vector<std::vector<int64_t>> classBoxes;   // [class][split]
    int64_t backgrounds[kSplitCount] = {0, 0, 0};
};

// Measured memory of one phase of the last session (memory.csv).
struct PhasePeak {
    memory::Phase phase = memory::Phase::Idle;
    int64_t peak = 0;                        // highest allocated (window peak) in the phase, bytes
    double seconds = 0;                      // time spent in the phase
};

struct MemoryFacts {
    std::optional<fit::FitResult> fit;    // fit.json (batch=auto, or the fit the run was started with)
    std::optional<Error> fitError;
    int64_t budget = 0;                      // the run's vram budget in bytes (0 = none set / unknown)
    std::vector<PhasePeak> phases;           // phases present in memory.csv, in enum order
    int64_t peak = 0;                        // the run's own peak: highest window peak of the timeline (memory::ownPeak)
    std::vector<TrainEvent> recoveries;      // oom_recovered / val_oom_recovered events, in order
};

// One validation image with its ground truth and the run's predictions, scaled to `picture`.
struct ValidationSample {
    std::string image;                       // absolute path
    int width = 0, height = 0;               // the image's own size
    RgbImage picture;                        // the image scaled so its longer side is at most ReportOptions::sampleSide
    std::vector<GroundTruth> truth;          // boxes in picture pixels, model class ids
    std::vector<Detection> predicted;        // boxes in picture pixels, model class ids, conf >= ReportOptions::conf
};

struct SampleFacts {
    std::string weights;                     // the weights predicted with (best.pt, else last.pt); empty = none
    double conf = 0;
    std::vector<ValidationSample> samples;
    std::optional<Error> error;              // no weights, no dataset, prediction failed
};

// How the run ended, from its status and its last session's events.
struct RunEnd {
    RunStatus status = RunStatus::NotARun;
    int epoch = 0;                           // the epoch of the deciding event (0 = none)
    std::string message;                     // that event's message (English, from the run's files)
};

// Deployment files exported from the run's weights: every .onnx in its weights/ folder (where
// `yolostudio-cli export` and the studio's Export… write by default), by name.
struct ExportFacts {
    std::vector<onnx::OnnxFileInfo> files;
    std::vector<Error> errors;               // files that could not be read as ONNX (naming each)
};

// The model-assisted label review kept with the run (RUN/review.json, written by `yolostudio-cli review` and the
// Runs page's Review labels); the report shows its counts and top suspects.
struct ReviewFacts {
    std::optional<ReviewResult> result;      // absent when the run has no review.json
    std::optional<Error> error;              // review.json present but unreadable
};

struct ReportData {
    RunRecord run;
    RunEnd end;
    std::vector<std::string> classNames;     // the model's class names (metrics.json, else the dataset after
                                             // `classes=`), by model class id
    DatasetFacts dataset;
    CheckFacts check;
    MemoryFacts memory;
    SampleFacts samples;
    ExportFacts exports;
    ReviewFacts review;
    // The machine writing the report, collected only when the run recorded none (older runs, Ultralytics):
    // the report shows it, labelled as such.
    std::optional<EnvironmentInfo> reportMachine;
    double generated = 0;                    // when gathered: seconds since the Unix epoch
};

struct ReportOptions {
    int samples = 8;                         // validation images in the grid (0 = no predictions)
    int sampleSide = 480;                    // longer side of each picture, pixels
    double conf = 0.25;                      // predictions shown at or above this confidence
    std::string device = "cpu";              // where the sample predictions run
    int threads = 1;                         // intra-op threads for them
    ProgressFn progress;                     // stages "run", "dataset", "predict"
    CancelToken cancel;
};

// Error only when `runDir` is not a readable folder ("run.not_found") or holds no run ("report.not_a_run"),
// or when cancelled ("report.cancelled"); every other problem lands in the part it concerns.
Expected<ReportData> gatherReport(const std::string& runDir, const ReportOptions& options = {});

// The check facts from check.json's text (exposed for tests). `source` names the file in errors.
CheckFacts checkFactsFromJson(const std::string& text, const std::string& source);

// Measured peak per phase of a timeline (exposed for tests).
std::vector<PhasePeak> phasePeaks(const std::vector<memory::MemorySample>& samples);

// The run's exported files (exposed for tests).
ExportFacts readExports(const std::string& runDir);

// The run's review.json, if any (exposed for tests).
ReviewFacts readReview(const std::string& runDir);

// How the run ended (exposed for tests).
RunEnd runEnd(const RunRecord& run);

}  // namespace ys::report
