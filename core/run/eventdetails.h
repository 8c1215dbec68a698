#pragma once
// The typed details of the events whose details readers use (TrainEvent::detailsJson), written and read here
// only, so the trainer, the dashboard and the report agree on the keys. Plain C++.
//
// | event kind                         | keys                                                                |
// |------------------------------------|---------------------------------------------------------------------|
// | oom_recovered                      | epoch, batch, old_micro_batch, new_micro_batch, where               |
// | val_oom_recovered                  | old_batch, new_batch                                                |
// | fit                                | batch, accumulate, amp, imgsz, predicted_peak_bytes, budget_bytes,  |
// |                                    | certainty                                                           |

#include "run/records.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ys {

// An out-of-memory the run recovered from by halving a batch.
struct OomDetails {
    bool validation = false;   // val_oom_recovered: the validation batch; else the training micro-batch
    int before = 0, after = 0; // images per forward before and after the halving
    int epoch = 0, batch = 0;  // training: where it happened (1-based); 0 when unknown or validation
    std::string where;         // the out-of-memory message, shortened (training only)
};

// What batch=auto chose before training, and for which image size.
struct FitDetails {
    int batch = 0;
    int accumulate = 0;
    std::string amp;              // "off", "fp16", "bf16"
    int imgsz = 0;                // the image size the prediction is for; 0 in runs written before it was kept
    int64_t predictedPeakBytes = 0;
    int64_t budgetBytes = 0;
    std::string certainty;        // English text of the fit's certainty
};

std::string detailsJson(const OomDetails& details);
std::string detailsJson(const FitDetails& details);

// The details of an oom_recovered / val_oom_recovered event; nullopt for another kind or details without the
// batch sizes (a file written by another program).
std::optional<OomDetails> oomDetails(const TrainEvent& event);
// The details of a fit event; nullopt for another kind or unreadable details.
std::optional<FitDetails> fitDetails(const TrainEvent& event);

}  // namespace ys
