#include "ui/train/preflight.h"

#include "ui/common/bytes.h"
#include "ui/common/devicetext.h"

#include "common/device.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
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

}  // namespace

QString Preflight::plainSize(int64_t bytes)
{
    return tr("about %1").arg(formatBytes(bytes));
}

PreflightReport Preflight::evaluate(const PreflightInput& in)
{
    PreflightReport r;
    bool blocked = false;
    auto add = [&](PreflightItem::Level level, const QString& text, PreflightItem::Action action) {
        r.items.push_back({level, text, action});
        if (level == PreflightItem::Level::Blocker)
            blocked = true;
    };

    // Dataset.
    if (!in.datasetOpen) {
        add(PreflightItem::Level::Blocker, tr("Open a dataset first: a run trains on the dataset that is open."),
            PreflightItem::Action::OpenDataset);
    } else if (!in.check) {
        add(PreflightItem::Level::Info, tr("The label check of %1 is still running.").arg(in.datasetName),
            PreflightItem::Action::None);
    } else {
        const ys::CheckSummary& s = *in.check;
        if (s.errors > 0) {
            r.datasetErrors = true;
            QStringList codes;
            const auto top = errorCodes(s);
            for (size_t i = 0; i < top.size() && static_cast<int>(i) < kCodesShown; ++i)
                codes << tr("%1 × %2").arg(top[i].second).arg(QString::fromStdString(top[i].first));
            QString text = tr("The label check found %n error(s) in %1", nullptr, static_cast<int>(s.errors))
                               .arg(in.datasetName);
            if (!codes.isEmpty())
                text += QStringLiteral(" (") + codes.join(QStringLiteral(", ")) + QStringLiteral(")");
            text += tr(". Unreadable images are left out of training; wrong boxes train wrong.");
            add(in.startAnyway ? PreflightItem::Level::Warning : PreflightItem::Level::Blocker, text,
                PreflightItem::Action::ShowFindings);
            if (!in.startAnyway)
                r.items.push_back({PreflightItem::Level::Info, tr("Fix them first, or start anyway."),
                                   PreflightItem::Action::StartAnyway});
        } else if (s.warnings > 0) {
            add(PreflightItem::Level::Info,
                tr("The labels of %1 have no errors; %n warning(s) are worth a look.", nullptr, static_cast<int>(s.warnings))
                    .arg(in.datasetName),
                PreflightItem::Action::ShowFindings);
        } else {
            add(PreflightItem::Level::Ok, tr("The labels of %1 passed every check.").arg(in.datasetName),
                PreflightItem::Action::None);
        }
    }

    // Setup: its data must be the open dataset (the form's `data` field can name another file).
    if (in.datasetOpen && !in.setupData.isEmpty()
        && QFileInfo(in.setupData).absoluteFilePath() != QFileInfo(in.datasetPath).absoluteFilePath())
        add(PreflightItem::Level::Blocker,
            tr("The setup's data is %1, but a run trains on the open dataset (%2): open that dataset, or set "
               "data back.").arg(QDir::toNativeSeparators(in.setupData), in.datasetName),
            PreflightItem::Action::OpenDataset);
    if (!in.configErrors.isEmpty())
        add(PreflightItem::Level::Blocker,
            tr("The setup has %n problem(s): %1", nullptr, static_cast<int>(in.configErrors.size()))
                .arg(in.configErrors.first()),
            PreflightItem::Action::None);

    // Device.
    const QString device = DeviceText::label(in.config.device);
    if (!in.device || in.device->deviceTotal <= 0) {
        add(PreflightItem::Level::Blocker,
            in.noGpuReason.isEmpty()
                ? tr("%1 is not available on this computer (or this build has no CUDA support).").arg(device)
                : tr("%1 is not available: %2.").arg(device, in.noGpuReason),
            PreflightItem::Action::None);
    } else if (in.device->deviceFree > 0) {
        add(PreflightItem::Level::Ok,
            tr("%1: %2 free of %3.").arg(device, formatBytes(in.device->deviceFree),
                                         formatBytes(in.device->deviceTotal)),
            PreflightItem::Action::None);
    } else {
        add(PreflightItem::Level::Ok, tr("%1 is ready.").arg(device), PreflightItem::Action::None);
    }
    // Training on the CPU with a GPU in the machine is often a driver matter the user did not know about.
    if (const auto spec = ys::parseDevice(in.config.device); spec && !spec->cuda && !in.noGpuReason.isEmpty())
        add(PreflightItem::Level::Info, tr("No GPU can be used: %1.").arg(in.noGpuReason), PreflightItem::Action::None);

    // Memory: the fit's prediction when it was made for this setup, or a hint to run one.
    if (in.fit) {
        const ys::fit::FitResult& f = *in.fit;
        const ys::fit::Recommendation& rec = f.recommended;
        const std::vector<ys::fit::FitDifference> differences = ys::fit::fitDifferences(f, in.config);
        if (!differences.empty()) {
            QStringList changed;
            for (const ys::fit::FitDifference& d : differences)
                changed << tr("%1 %2 → %3").arg(QString::fromStdString(d.key), QString::fromStdString(d.fitted),
                                                QString::fromStdString(d.now));
            add(PreflightItem::Level::Info,
                tr("The fit (batch %1 at %2) was made for another setup (%3): its prediction does not apply. "
                   "Fit again.").arg(rec.batch).arg(rec.imgsz).arg(changed.join(QStringLiteral(", "))),
                PreflightItem::Action::FitToGpu);
        } else {
            const int64_t free = in.device ? in.device->deviceFree : 0;
            const int64_t room = f.budgetBytes > 0 && (free <= 0 || f.budgetBytes < free) ? f.budgetBytes : free;
            const QString roomText = f.budgetBytes > 0 && room == f.budgetBytes
                                         ? tr("the budget is %1").arg(formatBytes(room))
                                         : tr("%1 free").arg(formatBytes(room));
            const QString needs = tr("batch %1 at %2 needs %3; %4").arg(rec.batch).arg(rec.imgsz).arg(plainSize(rec.predictedPeakBytes), roomText);
            if (!rec.fits || (room > 0 && rec.predictedPeakBytes > room))
                add(PreflightItem::Level::Warning, needs + tr(": it may run out of memory (training then halves the micro-batch and goes on)."),
                    PreflightItem::Action::FitToGpu);
            else
                add(PreflightItem::Level::Ok, needs + QLatin1Char('.'), PreflightItem::Action::None);
            // Staged: each stage fitted at its own image size; the table shows them, a stage that does not fit
            // is named.
            r.stages = f.stages;
            for (const ys::fit::StageFit& st : f.stages)
                if (!st.fits)
                    add(PreflightItem::Level::Warning,
                        tr("Stage %1 (batch %2 at %3 px) does not fit the budget: lower its batch or image size, or "
                           "let it checkpoint (checkpoint= in its overrides).").arg(st.stage).arg(st.batch).arg(st.imgsz),
                        PreflightItem::Action::FitToGpu);
            // The budget the fit kept to holds the run only when the setup says it (Apply writes it there).
            if (f.budgetBytes > 0 && f.budgetBytes < f.deviceTotalBytes && in.config.vram.empty())
                add(PreflightItem::Level::Warning,
                    tr("The fit kept within a budget of %1, but the setup's memory budget is the whole device: "
                       "the run is not held to it.").arg(formatBytes(f.budgetBytes)),
                    PreflightItem::Action::FitToGpu);
        }
    } else if (in.config.batch < 1) {
        add(PreflightItem::Level::Info, tr("batch=auto: the run first measures memory and picks the batch that fits."),
            PreflightItem::Action::None);
    }

    r.canStart = !blocked;
    return r;
}

}  // namespace ys::ui
