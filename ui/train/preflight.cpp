#include "ui/train/preflight.h"

#include "ui/common/bytes.h"
#include "ui/common/devicetext.h"
#include "ui/config/configtext.h"

#include "common/device.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <limits>
#include <vector>

namespace ys::ui {
namespace {

constexpr int kCodesShown = 3;   // error codes named in the dataset summary

// The error codes of a check with their counts, most frequent first.
std::vector<std::pair<std::string, int64_t>> errorCodes(const ys::CheckSummary& s)
{
    std::vector<std::pair<std::string, int64_t>> out;
    for (const ys::CheckCode& c : ys::checkCodes()) {
        if (c.severity != ys::Severity::Error)
            continue;
        const auto it = s.byCode.find(c.code);
        if (it != s.byCode.end() && it->second > 0)
            out.emplace_back(it->first, it->second);
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
}

// The smallest image size the run trains at: its imgsz, or its smallest stage's when it has stages.
int smallestImgsz(const ys::TrainConfig& config)
{
    if (config.stages.empty())
        return config.imgsz;
    int imgsz = config.stages.front().imgsz;
    for (const ys::TrainStage& st : config.stages)
        imgsz = std::min(imgsz, st.imgsz);
    return imgsz;
}

}  // namespace

QString Preflight::differenceText(const ys::fit::FitDifference& d)
{
    const QString key = QString::fromStdString(d.key);
    const auto value = [&key](const std::string& v) {
        return v.empty() ? tr("none") : choiceText(key, QString::fromStdString(v));
    };
    return tr("%1: %2 → %3").arg(keyLabel(key), value(d.fitted), value(d.now));
}

QString Preflight::plainSize(int64_t bytes)
{
    return tr("about %1").arg(formatBytes(bytes));
}

namespace {

using Level = PreflightItem::Level;
using Action = PreflightItem::Action;

// The report being written: its items in order; a blocker keeps Start disabled.
struct Builder {
    PreflightReport& report;
    bool blocked = false;
    void add(Level level, const QString& text, Action action = Action::None)
    {
        report.items.push_back({level, text, action});
        blocked = blocked || level == Level::Blocker;
    }
};

// The check judged box sizes at the Dataset page's imgsz; the run learns at its own (its smallest stage's).
void addSmallBoxes(const PreflightInput& in, int64_t smallBoxes, int imgsz, Builder& b)
{
    if (smallBoxes <= 0)
        return;
    const int n = static_cast<int>(std::min<int64_t>(smallBoxes, std::numeric_limits<int>::max()));
    b.add(Level::Warning,
          Preflight::tr("%n box(es) of %1 are too small to learn at %2 px (under %3 px a side once the image is "
                        "resized): raise the image size, or drop them. The Dataset page lists them when it checks "
                        "at %2 px.", nullptr, n)
              .arg(in.datasetName)
              .arg(imgsz)
              .arg(ys::CheckOptions{}.minBoxPixels),
          Action::ShowFindings);
}

void addDataset(const PreflightInput& in, Builder& b)
{
    if (!in.datasetOpen) {
        b.add(Level::Blocker, Preflight::tr("Open a dataset first: a run trains on the dataset that is open."),
              Action::OpenDataset);
        return;
    }
    if (!in.check) {
        b.add(Level::Info, Preflight::tr("The label check of %1 is still running.").arg(in.datasetName));
        return;
    }
    const ys::CheckSummary& s = *in.check;
    const int imgsz = smallestImgsz(in.config);
    const int64_t smallBoxes = in.dataset ? ys::tooSmallBoxes(*in.dataset, imgsz) : 0;
    if (s.errors > 0) {
        b.report.datasetErrors = true;
        QStringList codes;
        const auto top = errorCodes(s);
        for (size_t i = 0; i < top.size() && static_cast<int>(i) < kCodesShown; ++i)
            codes << Preflight::tr("%1 × %2").arg(top[i].second).arg(QString::fromStdString(top[i].first));
        QString text = Preflight::tr("The label check found %n error(s) in %1", nullptr, static_cast<int>(s.errors))
                           .arg(in.datasetName);
        if (!codes.isEmpty())
            text += QStringLiteral(" (") + codes.join(QStringLiteral(", ")) + QStringLiteral(")");
        text += Preflight::tr(". Unreadable images are left out of training; wrong boxes train wrong.");
        b.add(in.startAnyway ? Level::Warning : Level::Blocker, text, Action::ShowFindings);
        if (!in.startAnyway)
            b.add(Level::Info, Preflight::tr("Fix them first, or start anyway."), Action::StartAnyway);
    } else if (s.warnings > 0) {
        b.add(Level::Info,
              Preflight::tr("The labels of %1 have no errors; %n warning(s) are worth a look.", nullptr,
                            static_cast<int>(s.warnings))
                  .arg(in.datasetName),
              Action::ShowFindings);
    } else if (smallBoxes == 0) {
        b.add(Level::Ok, Preflight::tr("The labels of %1 passed every check.").arg(in.datasetName));
    }
    addSmallBoxes(in, smallBoxes, imgsz, b);
}

// The setup: its data must be the open dataset (the form's `data` field can name another file), and valid.
void addSetup(const PreflightInput& in, Builder& b)
{
    if (in.datasetOpen && !in.setupData.isEmpty()
        && QFileInfo(in.setupData).absoluteFilePath() != QFileInfo(in.datasetPath).absoluteFilePath())
        b.add(Level::Blocker,
              Preflight::tr("The setup's data is %1, but a run trains on the open dataset (%2): open that dataset, "
                            "or set data back.").arg(QDir::toNativeSeparators(in.setupData), in.datasetName),
              Action::OpenDataset);
    if (!in.configErrors.isEmpty())
        b.add(Level::Blocker,
              Preflight::tr("The setup has %n problem(s): %1", nullptr, static_cast<int>(in.configErrors.size()))
                  .arg(in.configErrors.first()));
}

void addDevice(const PreflightInput& in, Builder& b)
{
    const QString device = DeviceText::label(in.config.device);
    if (!in.device && in.deviceChecking) {
        b.add(Level::Info, Preflight::tr("Checking %1…").arg(device));
        return;
    }
    if (!in.device || in.device->deviceTotal <= 0)
        b.add(Level::Blocker,
              in.noGpuReason.isEmpty()
                  ? Preflight::tr("%1 is not available on this computer (or this build has no CUDA support).").arg(device)
                  : Preflight::tr("%1 is not available: %2.").arg(device, in.noGpuReason));
    else if (in.device->deviceFree > 0)
        b.add(Level::Ok, Preflight::tr("%1: %2 free of %3.")
                             .arg(device, formatBytes(in.device->deviceFree), formatBytes(in.device->deviceTotal)));
    else
        b.add(Level::Ok, Preflight::tr("%1 is ready.").arg(device));
    // Training on the CPU with a GPU in the machine is often a driver matter the user did not know about.
    if (const auto spec = ys::parseDevice(in.config.device); spec && !spec->cuda && !in.noGpuReason.isEmpty())
        b.add(Level::Info, Preflight::tr("No GPU can be used: %1.").arg(in.noGpuReason));
}

// A fit made for this setup: its predicted peak against the room it has, and each stage that does not fit.
void addFittedPeak(const PreflightInput& in, const ys::fit::FitResult& f, Builder& b)
{
    const ys::fit::Recommendation& rec = f.recommended;
    const int64_t free = in.device ? in.device->deviceFree : 0;
    const int64_t room = f.budgetBytes > 0 && (free <= 0 || f.budgetBytes < free) ? f.budgetBytes : free;
    const QString roomText = f.budgetBytes > 0 && room == f.budgetBytes
                                 ? Preflight::tr("the budget is %1").arg(formatBytes(room))
                                 : Preflight::tr("%1 free").arg(formatBytes(room));
    const QString needs = Preflight::tr("batch %1 at %2 needs %3; %4")
                              .arg(rec.batch)
                              .arg(rec.imgsz)
                              .arg(Preflight::plainSize(rec.predictedPeakBytes), roomText);
    if (!rec.fits || (room > 0 && rec.predictedPeakBytes > room))
        b.add(Level::Warning,
              needs + Preflight::tr(": it may run out of memory (training then halves the micro-batch and goes on)."),
              Action::FitToGpu);
    else
        b.add(Level::Ok, needs + QLatin1Char('.'));
    // Staged: each stage fitted at its own image size; the table shows them, a stage that does not fit is named.
    b.report.stages = f.stages;
    for (const ys::fit::StageFit& st : f.stages)
        if (!st.fits)
            b.add(Level::Warning,
                  Preflight::tr("Stage %1 (batch %2 at %3 px) does not fit the budget: lower its batch or image size, "
                                "or let it checkpoint (checkpoint= in its overrides).")
                      .arg(st.stage).arg(st.batch).arg(st.imgsz),
                  Action::FitToGpu);
    // The budget the fit kept to holds the run only when the setup says it (Apply writes it there).
    if (f.budgetBytes > 0 && f.budgetBytes < f.deviceTotalBytes && in.config.vram.empty())
        b.add(Level::Warning,
              Preflight::tr("The fit kept within a budget of %1, but the setup's memory budget is the whole device: "
                            "the run is not held to it.").arg(formatBytes(f.budgetBytes)),
              Action::FitToGpu);
}

// Memory: the fit's prediction when it was made for this setup, or why it does not apply, or a hint.
void addMemory(const PreflightInput& in, Builder& b)
{
    if (!in.fit) {
        if (in.config.batch < 1)
            b.add(Level::Info, Preflight::tr("batch=auto: the run first measures memory and picks the batch that fits."));
        return;
    }
    const std::vector<ys::fit::FitDifference> differences = ys::fit::fitDifferences(*in.fit, in.config);
    if (differences.empty()) {
        addFittedPeak(in, *in.fit, b);
        return;
    }
    QStringList changed;
    for (const ys::fit::FitDifference& d : differences)
        changed << Preflight::differenceText(d);
    b.add(Level::Info,
          Preflight::tr("The fit (batch %1 at %2) was made for another setup (%3): its prediction does not apply. "
                        "Fit again.")
              .arg(in.fit->recommended.batch)
              .arg(in.fit->recommended.imgsz)
              .arg(changed.join(QStringLiteral("; "))),
          Action::FitToGpu);
}

}  // namespace

PreflightReport Preflight::evaluate(const PreflightInput& in)
{
    PreflightReport r;
    Builder b{r};
    addDataset(in, b);
    addSetup(in, b);
    addDevice(in, b);
    addMemory(in, b);
    r.canStart = !b.blocked;
    return r;
}

}  // namespace ys::ui
