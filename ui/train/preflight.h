#pragma once
// The checks the Train page shows before Start, in plain words: is a dataset open and checked, did the
// label check find errors (summarised, with a link to the findings; the user may start anyway), which boxes
// are too small to learn at the image size the run trains at (the check ran at the Dataset page's), is the
// device there and how much memory it has free (and when there is no GPU, why), is the setup valid, and — when a fit was run — the
// predicted peak against the budget ("batch 32 at 640 needs about 11.4 GiB; 8.0 GiB free"), and for a staged
// setup each stage's fit (a table; a stage that does not fit is a warning). Pure: the page
// gathers the facts, this decides what they mean.

#include "common/config.h"
#include "fit/fit.h"
#include "data/check.h"
#include "memory/memory.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace ys::ui {

struct PreflightInput {
    bool datasetOpen = false;
    QString datasetName;
    QString datasetPath;                       // data.yaml of the open dataset (absolute)
    QString setupData;                         // the setup's `data`: a run trains on the open dataset only
    const ys::CheckSummary* check = nullptr;   // null while the check runs or before one
    const ys::Dataset* dataset = nullptr;      // the checked dataset's images and boxes (boxes too small at the
                                               // run's image size); null while the check runs or before one
    ys::TrainConfig config;
    QStringList configErrors;                  // TrainConfig::validate() messages, empty when valid
    std::optional<ys::memory::MemoryStats> device;  // figures of config.device; nullopt when unknown
    bool deviceChecking = false;               // no figures yet: the first poll of the device runs (not a blocker)
    QString noGpuReason;                       // translated: why no GPU can be used (the device picker's); empty
                                               // when one can or before the picker has listed the devices
    bool startAnyway = false;                  // the user accepted the dataset's errors
    std::optional<ys::fit::FitResult> fit;     // the last "Fit to my GPU" result applied to this setup
};

struct PreflightItem {
    enum class Level { Ok, Info, Warning, Blocker };
    enum class Action { None, OpenDataset, ShowFindings, StartAnyway, FitToGpu };
    Level level = Level::Ok;
    QString text;
    Action action = Action::None;
};

struct PreflightReport {
    QList<PreflightItem> items;
    bool canStart = false;       // nothing blocks (dataset errors count only until startAnyway)
    bool datasetErrors = false;  // the check found errors (the "start anyway / fix first" choice applies)
    // A staged setup with a fit made for it: each stage's fitted figures (shown as a table under the items).
    std::vector<ys::fit::StageFit> stages;
};

class Preflight final {
    Q_DECLARE_TR_FUNCTIONS(ys::ui::Preflight)
public:
    static PreflightReport evaluate(const PreflightInput& input);
    // "about 11.4 GiB": sizes in plain words, as formatBytes writes them.
    static QString plainSize(int64_t bytes);
    // One setting a fit was not made for, as the setup form names it: "Batch size: 32 → 64",
    // "Stages: 320x32, 640xauto → none", "Loader workers: 1 → 0".
    static QString differenceText(const ys::fit::FitDifference& difference);
};

}  // namespace ys::ui
