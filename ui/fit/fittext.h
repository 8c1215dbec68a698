#pragma once
// The Fit dialog's words: everything a FitResult says, as translated sentences a user reads (STYLE habit 13:
// core speaks in codes and English developer text, the UI owns the user's language). The one place that maps
// the fit's notes and certainty to tr() text: fitNotes() takes core's coded notes (FitResult::certaintyNote,
// fitNotes) and noteText() translates one (code, arguments) pair.

#include "common/error.h"
#include "fit/fit.h"
#include "memory/cudadriver.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>
#include <vector>

namespace ys::ui {

// One note of a fit as a code with its arguments (numbers and sizes already written as text).
struct FitNoteRef {
    std::string code;               // "fit.loader_queue", ...; empty when the sentence is not known
    std::vector<std::string> args;  // the values the sentence names, in order
    std::string english;            // core's English sentence (shown when the code is unknown)
};

// The parts of the memory breakdown, in the order the chart stacks them.
enum class FitPart {
    Weights,
    Gradients,
    Optimizer,
    Ema,
    Activations,
    Assigner,
    LoaderQueue,
    CudaContext,
    AllocatorOverhead,
    Other,       // what the prediction holds beyond the named parts (the process's own tensors)
    Validation,  // the validation batch's peak: its own phase, compared with the training peak, not added
};

class FitText final {
    Q_DECLARE_TR_FUNCTIONS(ys::ui::FitText)
public:
    // "fp16 mixed precision", "bf16 mixed precision", "full precision (fp32)".
    static QString precision(const std::string& ampMode);
    // Short column text: "fp16", "bf16", "fp32".
    static QString precisionShort(bool amp, const std::string& ampMode);

    // The recommendation in one sentence: "Batch 32 at 640 px with fp16 mixed precision needs about 11.4 GB of
    // your 12.0 GB budget; 5% stays free." or the "does not fit" sentence with what to change.
    static QString recommendation(const ys::fit::FitResult& result, bool largestImgsz);
    // The margin in words: "5% of the budget stays free (the fit keeps at least 5%)".
    static QString margin(const ys::fit::FitResult& result);
    // Gradient accumulation for the recommended batch: the steps, the effective batch, and — when the fit's
    // figure is not what `nbs` gives for that batch — a sentence saying so.
    static QString accumulation(const ys::fit::FitResult& result, int nbs);
    // How sure the prediction is and why: "Measured on this CPU: ... (within about 3%)".
    static QString certainty(const ys::fit::FitResult& result);
    // Every note of the result as a plain-word reason, translated.
    static QStringList notes(const ys::fit::FitResult& result);

    // The result's notes (certainty first) as codes with arguments. A result read from an older fit.json has
    // English sentences only: they come with an empty code and are shown as written.
    static std::vector<FitNoteRef> fitNotes(const ys::fit::FitResult& result);
    // One note translated; its English text when the code is unknown (a newer core).
    static QString noteText(const FitNoteRef& note);

    // A failed fit in words: what went wrong for the user (by code), then core's message.
    static QString error(const ys::Error& error);
    // Why the fit cannot probe on `device` here, one line without a final period: "GPU 0 is not available here:
    // no NVIDIA driver (libcuda.so.1 not found)" (the driver's diagnosis, DeviceText::noGpuReason), "there is
    // no GPU 2 here: the NVIDIA driver sees 2 GPUs"; empty for the CPU and for a GPU the driver sees. `driver`
    // and `cudaBuild` as memory::cudaDriverStatus() and memory::cudaBuild() give them.
    static QString deviceProblem(const std::string& device, const ys::memory::CudaDriverStatus& driver, bool cudaBuild);
    // The progress line: "Measuring probe step 3 of 12 on the CPU…".
    static QString stage(ys::ProgressStage stage, qint64 done, qint64 total, const std::string& device);

    // Translated name of a breakdown part ("Activations", "CUDA context + workspace", ...).
    static QString partName(FitPart part);
    // A one-line explanation of the part (tooltips).
    static QString partHelp(FitPart part);
};

}  // namespace ys::ui
