#include "fit/apply.h"

#include "common/device.h"
#include "common/trainrules.h"

#include <algorithm>

namespace ys::fit {

std::optional<FitSettings> settingsFor(const FitResult& r, const CheckpointOption* option, const FitAsked& asked)
{
    // A proposal gives a batch (batch mode) or an image size (image-size mode); one without is not applied.
    if (option && (asked.imgszMode ? option->imgsz : option->batch) <= 0)
        option = nullptr;
    if (!r.recommended.fits && !option)
        return std::nullopt;
    const int world = std::max(1, r.world);
    Recommendation rec = r.recommended;
    if (option) {
        // The proposal's batch (or image size) with its checkpointing; the rest as recommended.
        if (asked.imgszMode)
            rec.imgsz = option->imgsz;
        else
            rec.batch = option->batch;
        rec.accumulate = accumulateFor(asked.nbs, rec.batch * world);
        rec.checkpoint = option->setting;
        rec.checkpointLayers = option->layers;
        if (option->predictedPeakBytes > 0)
            rec.predictedPeakBytes = option->predictedPeakBytes;
        rec.fits = true;
    }
    // Precision: "auto" stays "auto" when the fit chose AMP (auto picks the same mode on the device the run
    // trains on, also when planning for another card); fp32 is written as "off" only when AMP was an option
    // the fit turned down (the table has AMP rows), else auto already means fp32.
    std::string amp = asked.amp;
    if (rec.amp) {
        amp = asked.amp == "auto" ? asked.amp : rec.ampMode;
    } else {
        const bool ampOffered = std::any_of(r.table.begin(), r.table.end(), [](const TableRow& t) { return t.amp; });
        amp = asked.amp == "auto" && !ampOffered ? asked.amp : "off";
    }
    FitSettings s;
    s.recommended = rec;
    s.fromProposal = option != nullptr;
    s.values = {{"batch", std::to_string(rec.batch * world)},   // the world batch
                {"imgsz", std::to_string(rec.imgsz)},
                {"amp", amp},
                {"vram", asked.vram}};
    // Fitted for the CPU while the setup is on a GPU: the run trains where it was fitted.
    const auto fitted = parseDevice(r.device);
    if (fitted && !fitted->cuda && r.target == r.device && asked.setupOnGpu)
        s.values.emplace_back("device", "cpu");
    if (option)
        s.values.emplace_back("checkpoint", option->setting);
    return s;
}

}  // namespace ys::fit
