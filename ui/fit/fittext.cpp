#include "ui/fit/fittext.h"

#include "ui/common/bytes.h"
#include "ui/common/devicetext.h"


#include <algorithm>
#include <cmath>

namespace ys::ui {
namespace {

// A coded note of core's as the dialog reads it; its English text from core's catalogue (fitNoteText).
FitNoteRef noteRef(const ys::fit::FitNote& note)
{
    return FitNoteRef{note.code, note.args, ys::fit::fitNoteText(note)};
}

QString arg(const FitNoteRef& note, size_t i)
{
    return i < note.args.size() ? QString::fromStdString(note.args[i]) : QString();
}

int percent(double fraction)
{
    return static_cast<int>(std::lround(fraction * 100.0));
}

bool planned(const ys::fit::FitResult& r)
{
    return r.target != r.device;
}

}  // namespace

QString FitText::precision(const std::string& ampMode)
{
    if (ampMode == "fp16")
        return tr("fp16 mixed precision");
    if (ampMode == "bf16")
        return tr("bf16 mixed precision");
    return tr("full precision (fp32)");
}

QString FitText::precisionShort(bool amp, const std::string& ampMode)
{
    if (!amp)
        return tr("fp32");
    if (ampMode == "fp16" || ampMode == "bf16")
        return QString::fromStdString(ampMode);
    return tr("AMP");
}

QString FitText::recommendation(const ys::fit::FitResult& r, bool largestImgsz)
{
    const auto& rec = r.recommended;
    const QString peak = formatBytes(rec.predictedPeakBytes);
    const QString budget = formatBytes(r.budgetBytes);
    const QString where = planned(r) ? tr(" on the %1").arg(QString::fromStdString(r.target)) : QString();
    if (!rec.fits) {
        if (largestImgsz)
            return tr("Does not fit: batch %1 needs about %2 even at the smallest image size (%3 px), more than "
                      "your %4 budget%5 allows with its margin. Lower the batch, choose a smaller model or raise "
                      "the budget.")
                .arg(rec.batch)
                .arg(peak)
                .arg(rec.imgsz)
                .arg(budget, where);
        return tr("Does not fit: even batch 1 at %1 px needs about %2, more than your %3 budget%4 allows with its "
                  "margin. Lower the image size, choose a smaller model or raise the budget.")
            .arg(rec.imgsz)
            .arg(peak)
            .arg(budget, where);
    }
    const int freePercent =
        r.budgetBytes > 0 ? percent(1.0 - static_cast<double>(rec.predictedPeakBytes) / static_cast<double>(r.budgetBytes))
                          : 0;
    if (largestImgsz)
        return tr("Batch %1 fits up to %2 px with %3: it needs about %4 of your %5 budget%6; %7% stays free.")
            .arg(rec.batch)
            .arg(rec.imgsz)
            .arg(precision(rec.ampMode), peak, budget, where)
            .arg(freePercent);
    return tr("Batch %1 at %2 px with %3 needs about %4 of your %5 budget%6; %7% stays free.")
        .arg(rec.batch)
        .arg(rec.imgsz)
        .arg(precision(rec.ampMode), peak, budget, where)
        .arg(freePercent);
}

QString FitText::margin(const ys::fit::FitResult& r)
{
    const auto& rec = r.recommended;
    const QString kept = tr("the fit keeps at least %1% of the budget free").arg(percent(r.margin));
    if (r.budgetBytes <= 0)
        return kept;
    const double free = 1.0 - static_cast<double>(rec.predictedPeakBytes) / static_cast<double>(r.budgetBytes);
    if (free < 0)
        return tr("The prediction is %1 over the budget (%2).").arg(formatBytes(-static_cast<int64_t>(free * r.budgetBytes)), kept);
    return tr("%1 (%2%) of the budget stays free; %3.")
        .arg(formatBytes(r.budgetBytes - rec.predictedPeakBytes))
        .arg(percent(free))
        .arg(kept);
}

QString FitText::accumulation(const ys::fit::FitResult& r, int nbs)
{
    const auto& rec = r.recommended;
    if (r.world > 1)   // data parallel: the world batch is what accumulation counts
        return rec.accumulate > 1
                   ? tr("%1 × %2 = %3 images per step over %2 processes; accumulates gradients over %4 steps (nominal "
                        "batch %5): each optimizer step sees about %6 images.")
                         .arg(rec.batch)
                         .arg(r.world)
                         .arg(rec.batch * r.world)
                         .arg(rec.accumulate)
                         .arg(nbs)
                         .arg(rec.accumulate * rec.batch * r.world)
                   : tr("%1 × %2 = %3 images per step over %2 processes; no accumulation (nominal batch %4 ÷ %3 rounds "
                        "to 1 or less).")
                         .arg(rec.batch)
                         .arg(r.world)
                         .arg(rec.batch * r.world)
                         .arg(nbs);
    return rec.accumulate > 1
                       ? tr("Accumulates gradients over %1 batches (nominal batch %2 ÷ batch %3): each optimizer "
                            "step sees about %4 images.")
                             .arg(rec.accumulate)
                             .arg(nbs)
                             .arg(rec.batch)
                             .arg(rec.accumulate * rec.batch)
                       : tr("No accumulation: every batch is one optimizer step (nominal batch %1 ÷ batch %2 rounds "
                            "to 1 or less).")
                             .arg(nbs)
                             .arg(rec.batch);
}

QString FitText::certainty(const ys::fit::FitResult& r)
{
    const std::vector<FitNoteRef> notes = fitNotes(r);
    const QString band = tr("within about %1%").arg(percent(r.uncertainty));
    if (!notes.empty()) {
        const std::string& code = notes.front().code;
        if (code == "fit.certainty.cpu")
            return tr("Measured on this CPU: every tensor the training step allocates is counted (%1).").arg(band);
        if (code == "fit.certainty.gpu")
            return tr("Measured on %1; the memory the allocator reserves is estimated as %2 × the measured peak "
                      "(%3).")
                .arg(DeviceText::label(r.device), arg(notes.front(), 0), band);
        if (code == "fit.certainty.planned")
            return tr("Planned for the %1 from measurements on %2: CUDA context, workspaces and allocator "
                      "rounding are estimates (%3). Measure on the card itself for a measured answer.")
                .arg(QString::fromStdString(r.target), DeviceText::label(r.device), band);
    }
    return tr("%1 (%2)").arg(QString::fromStdString(r.certainty), band);
}

std::vector<FitNoteRef> FitText::fitNotes(const ys::fit::FitResult& r)
{
    std::vector<FitNoteRef> out;
    if (!r.certaintyNote.code.empty())
        out.push_back(noteRef(r.certaintyNote));
    else if (!r.certainty.empty())
        out.push_back(FitNoteRef{{}, {}, r.certainty});   // a fit.json of an older run: English only
    if (!r.fitNotes.empty()) {
        for (const ys::fit::FitNote& n : r.fitNotes)
            out.push_back(noteRef(n));
    } else {
        for (const std::string& n : r.notes)
            out.push_back(FitNoteRef{{}, {}, n});
    }
    return out;
}

QStringList FitText::notes(const ys::fit::FitResult& r)
{
    QStringList out;
    const std::vector<FitNoteRef> refs = fitNotes(r);
    for (size_t i = r.certainty.empty() ? 0 : 1; i < refs.size(); ++i)
        out << noteText(refs[i]);
    return out;
}

QString FitText::noteText(const FitNoteRef& n)
{
    const std::string& c = n.code;
    if (c == "fit.certainty.cpu")
        return tr("Measured: tensor memory tracked on this CPU.");
    if (c == "fit.certainty.gpu")
        return tr("Measured on this GPU; reserved memory estimated as %1 × the peak allocated.").arg(arg(n, 0));
    if (c == "fit.certainty.planned")
        return tr("Planned: predicted for a GPU from measurements on this CPU, with estimated CUDA context, "
                  "workspace and allocator rounding.");
    if (c == "fit.cuda_context")
        return tr("The CUDA context and the cuDNN/cuBLAS workspaces are assumed to take %1 (lazy module loading).")
            .arg(arg(n, 0));
    if (c == "fit.allocator_rounding")
        return tr("The allocator is assumed to reserve %1 × the peak it hands out (1.03 with fixed shapes, up to 1.3 "
                  "when shapes change).")
            .arg(arg(n, 0));
    if (c == "fit.amp_derived")
        return tr("%1 is predicted, not measured: half of the measured fp32 activations plus a 16-bit copy of the "
                  "weights.")
            .arg(arg(n, 0));
    if (c == "fit.measure_on_card")
        return tr("Run the fit on the card itself (device 0) for a measured recommendation.");
    if (c == "fit.cpu_untracked")
        return tr("The budget covers the tensors the training allocates; decoded images in the data loader and the "
                  "program itself come on top.");
    if (c == "fit.optimizer")
        return tr("Includes the %1 optimizer's state, the EMA copy of the model and validation at twice the batch.")
            .arg(arg(n, 0));
    if (c == "fit.probe_crowded")
        return tr("Probed on the %1 most crowded training images (with mosaic); the most boxes in one image of the "
                  "dataset is %2, and the assigner's memory grows with it.")
            .arg(arg(n, 0), arg(n, 1));
    if (c == "fit.synthetic")
        return tr("No dataset given: probed on synthetic images with %1 boxes each.").arg(arg(n, 0));
    if (c == "fit.loader_queue")
        return tr("The data loader keeps %1 batches ready (%2 loader workers beside %3 model threads); they count in "
                  "CPU memory.")
            .arg(arg(n, 0), arg(n, 1), arg(n, 2));
    if (c == "fit.loader_inline")
        return tr("workers = %1 becomes 0 here: the %2 model threads use all %3 cores, so each batch is built between "
                  "steps and none waits in memory.")
            .arg(arg(n, 0), arg(n, 1), arg(n, 2));
    if (c == "fit.loader_host")
        return tr("The %1 batches the data loader keeps ready wait in the computer's memory, outside the GPU budget.")
            .arg(arg(n, 0));
    if (c == "fit.optimizer_switch")
        return tr("optimizer = auto picks %1 from batch %2 on (10000 optimizer steps or fewer); its extra state is "
                  "counted there.")
            .arg(arg(n, 0), arg(n, 1));
    if (c == "fit.excluded_images")
        return tr("%1 image(s) left out, as training leaves them out (unreadable, corrupt, truncated or under 10 px).")
            .arg(arg(n, 0));
    if (c == "fit.no_scales")
        return tr("The model has no other scales, so the table lists only this model.");
    if (c == "fit.nothing_fits")
        return tr("Even batch 1 does not fit the budget at this image size: lower the image size or raise the "
                  "budget.");
    if (c == "fit.top_layer")
        return tr("%1 (layer %2) keeps the most activation memory: %3% of %4 at batch %5 and image size %6.")
            .arg(arg(n, 0), arg(n, 1), arg(n, 2), arg(n, 3), arg(n, 4), arg(n, 5));
    if (c == "fit.attention")
        return tr("The attention maps of %1 PSA block(s) keep %2 at batch %3 and image size %4 (%5% of the peak); "
                  "they grow with the square of the tokens: 16× for twice the image size.")
            .arg(arg(n, 0), arg(n, 1), arg(n, 2), arg(n, 3), arg(n, 4));
    if (c == "fit.checkpoint_batch")
        return tr("Batch %1 fits with %2 checkpointing: −%3% activation memory, %4% step time (measured).")
            .arg(arg(n, 0), arg(n, 1), arg(n, 2), arg(n, 3));
    if (c == "fit.checkpoint_imgsz")
        return tr("Image size %1 fits batch %2 with %3 checkpointing: −%4% activation memory, %5% step time "
                  "(measured).")
            .arg(arg(n, 0), arg(n, 1), arg(n, 2), arg(n, 3), arg(n, 4));
    if (c == "fit.checkpoint_auto")
        return tr("checkpoint = auto recomputes layers %1 so that batch %2 fits.").arg(arg(n, 0), arg(n, 1));
    if (c == "fit.checkpoint_auto_imgsz")
        return tr("checkpoint = auto recomputes layers %1 so that image size %2 fits.").arg(arg(n, 0), arg(n, 1));
    if (c == "fit.checkpoint_auto_none")
        return tr("checkpoint = auto: batch %1 fits without checkpointing.").arg(arg(n, 0));
    if (c == "fit.checkpoint_short")
        return tr("Batch %1 does not fit even with every block checkpointed (largest: %2).").arg(arg(n, 0), arg(n, 1));
    if (c == "fit.stages")
        return tr("Staged run of %1 stages: probed at the largest stage image size, %2; each stage fitted at its own.")
            .arg(arg(n, 0), arg(n, 1));
    if (c == "fit.world_batch")
        return tr("Fitted per device: %1 images per device × %2 processes = %3 images per step (the run's batch is %3).")
            .arg(arg(n, 0), arg(n, 1), arg(n, 2));
    if (c == "fit.shared_budget")
        return tr("The %1 processes on this computer's CPU share its memory: each is fitted to %2, its share of %3.")
            .arg(arg(n, 0), arg(n, 1), arg(n, 2));
    if (c == "fit.batch_data")
        return tr("The training set caps the batch: %1 images per step for %2 training images (memory would allow "
                  "more).")
            .arg(arg(n, 0), arg(n, 1));
    return QString::fromStdString(n.english);
}

QString FitText::deviceProblem(const std::string& device, const ys::memory::CudaDriverStatus& driver, bool cudaBuild)
{
    const auto spec = ys::parseDevice(device);
    if (!spec || !spec->cuda)
        return {};
    const QString name = DeviceText::label(*spec);
    if (!cudaBuild || !driver.usable)
        return tr("%1 is not available here: %2").arg(name, DeviceText::noGpuReason(driver, cudaBuild));
    if (spec->index >= driver.deviceCount)
        return tr("there is no %1 here: the NVIDIA driver sees %n GPU(s)", nullptr, driver.deviceCount).arg(name);
    return {};
}

QString FitText::error(const ys::Error& e)
{
    QString what;
    const std::string& c = e.code;
    if (c == "fit.cancelled")
        what = tr("The fit was cancelled.");
    else if (c == "fit.imgsz")
        what = tr("The image size cannot be fitted.");
    else if (c == "fit.batch")
        what = tr("The batch cannot be fitted.");
    else if (c == "fit.device")
        what = tr("The device is not available on this machine.");
    else if (c == "fit.target")
        what = tr("The target GPU is not known.");
    else if (c == "fit.amp")
        what = tr("This precision cannot run on the device.");
    else if (c == "fit.optimizer")
        what = tr("The optimizer is not known.");
    else if (c == "fit.probe_oom")
        what = tr("The device ran out of memory while measuring. Free memory on it or lower the image size.");
    else if (c == "fit.model")
        what = tr("The measurements did not determine a memory model.");
    else if (c == "memory.budget")
        what = tr("The memory budget is not a size or a fraction.");
    else {
        switch (ys::errorKind(c)) {
        case ys::ErrorKind::Dataset: what = tr("The dataset could not be read."); break;
        case ys::ErrorKind::Syntax: what = tr("A file the fit needs could not be read."); break;
        case ys::ErrorKind::Access: what = tr("A file or folder could not be read or written."); break;
        case ys::ErrorKind::Setting: what = tr("A setting of the fit cannot be used."); break;
        case ys::ErrorKind::OutOfMemory: what = tr("Not even the smallest batch fits the memory budget."); break;
        case ys::ErrorKind::Cancelled: what = tr("The fit was cancelled."); break;
        case ys::ErrorKind::Failed:
        case ys::ErrorKind::Internal: what = tr("The fit failed."); break;
        }
    }
    QString detail = QString::fromStdString(e.toString());
    return detail.isEmpty() ? what : tr("%1 (%2)").arg(what, detail);
}

QString FitText::stage(ys::ProgressStage stage, qint64 done, qint64 total, const std::string& dev)
{
    if (stage == ys::ProgressStage::Unknown || total <= 0)
        return tr("Reading the dataset and building the model…");
    if (done >= total)
        return tr("Fitting the memory model…");
    if (stage == ys::ProgressStage::Probe)
        return tr("Measuring probe step %1 of %2 on the %3…").arg(done + 1).arg(total).arg(DeviceText::label(dev));
    return tr("%1: %2 of %3…").arg(QString::fromLatin1(ys::toString(stage))).arg(done).arg(total);
}

QString FitText::partName(FitPart part)
{
    switch (part) {
    case FitPart::Weights: return tr("Weights");
    case FitPart::Gradients: return tr("Gradients");
    case FitPart::Optimizer: return tr("Optimizer state");
    case FitPart::Ema: return tr("EMA copy");
    case FitPart::Activations: return tr("Activations");
    case FitPart::Assigner: return tr("Loss + assigner");
    case FitPart::LoaderQueue: return tr("Loader queue");
    case FitPart::CudaContext: return tr("CUDA context + workspace");
    case FitPart::AllocatorOverhead: return tr("Allocator overhead");
    case FitPart::Other: return tr("Other tensors");
    case FitPart::Validation: return tr("Validation batch");
    }
    return {};
}

QString FitText::partHelp(FitPart part)
{
    switch (part) {
    case FitPart::Weights: return tr("Parameters and buffers of the model (and their 16-bit copy under fp16).");
    case FitPart::Gradients: return tr("One gradient per parameter.");
    case FitPart::Optimizer:
        return tr("SGD momentum, or AdamW's two moments, per parameter (MuSGD: two buffers per weight matrix and conv "
                  "filter, one for the others).");
    case FitPart::Ema: return tr("The exponential moving average of the weights that validation and best.pt use.");
    case FitPart::Activations: return tr("What the forward pass keeps for the backward pass; grows with batch × "
                                         "image size².");
    case FitPart::Assigner: return tr("The loss and the task-aligned assigner; grows with the most crowded image.");
    case FitPart::LoaderQueue: return tr("Batches the data loader prepares ahead (CPU memory).");
    case FitPart::CudaContext: return tr("The CUDA context and the cuDNN/cuBLAS workspaces, outside the allocator.");
    case FitPart::AllocatorOverhead: return tr("Rounding and fragmentation of the caching allocator.");
    case FitPart::Other: return tr("Tensors at the peak beyond the named parts (temporaries, the process's own).");
    case FitPart::Validation: return tr("Validation runs at twice the batch in its own phase: it must fit too, but "
                                        "does not add to the training step.");
    }
    return {};
}

}  // namespace ys::ui
