#include "run/records.h"

#include <algorithm>

namespace ys {
namespace {

const std::vector<EventKindInfo> kKinds = {
    {EventKind::Start, "start", Severity::Info, "A new run began: device, AMP, batch, accumulation, optimizer and image counts."},
    {EventKind::Resume, "resume", Severity::Info, "The run continued from weights/last.pt after the epoch it names."},
    {EventKind::Fit, "fit", Severity::Info, "batch=auto probed memory and chose the batch, accumulation and AMP (fit.json)."},
    {EventKind::Transfer, "transfer", Severity::Info, "The run started from a weights file (model=x.pt): how many tensors came from it, and which start fresh (another class count)."},
    {EventKind::OomRecovered, "oom_recovered", Severity::Warning, "Out of memory in a training step: the micro-batch was halved and the batch redone; the effective batch is unchanged."},
    {EventKind::ValOomRecovered, "val_oom_recovered", Severity::Warning, "Out of memory during validation: the validation batch was halved and the batch redone."},
    {EventKind::Best, "best", Severity::Info, "The epoch reached a new best fitness (mAP50-95; 0.1 x mAP50 + 0.9 x mAP50-95 with metrics=8.3): weights/best.pt was written."},
    {EventKind::EarlyStop, "early_stop", Severity::Info, "No fitness improvement for `patience` epochs: the run stopped early."},
    {EventKind::Stopped, "stopped", Severity::Info, "The user stopped the run; weights/last.pt holds the weights at the stop and can be resumed (the stopped epoch is redone)."},
    {EventKind::Warning, "warning", Severity::Warning, "Something went wrong that did not stop the run (e.g. a report file could not be written, or the label check left images out of training)."},
    {EventKind::Error, "error", Severity::Error, "The run failed; the message says why. weights/last.pt, if present, holds the last finished epoch."},
    {EventKind::Finish, "finish", Severity::Info, "The run ended: all epochs, an early stop or a stop by the user; the summary names the best epoch."},
    {EventKind::Stage, "stage", Severity::Info, "A stage of a staged run began (also when a run resumes in it): its number, image size, batch, accumulation, epochs, checkpointing and augmentation overrides."},
    {EventKind::Unknown, "unknown", Severity::Warning, "A kind this version of YOLO Studio does not know (written by another version)."},
};

}  // namespace

const std::vector<EventKindInfo>& eventKinds() { return kKinds; }

const EventKindInfo& eventKindInfo(EventKind kind)
{
    const auto i = static_cast<size_t>(kind);
    return i < kKinds.size() ? kKinds[i] : kKinds.back();
}

const char* toString(EventKind kind) { return eventKindInfo(kind).name; }

std::optional<EventKind> eventKindFromString(const std::string& name)
{
    const auto it = std::find_if(kKinds.begin(), kKinds.end() - 1,
                                 [&](const EventKindInfo& k) { return name == k.name; });
    if (it == kKinds.end() - 1)
        return std::nullopt;
    return it->kind;
}

}  // namespace ys
