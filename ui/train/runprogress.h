#pragma once
// How far a run is and how long it still needs, from the engine's progress: the share of the run done
// (epochs and batches), and the time left = batches left x the current epoch's seconds per batch, plus one
// validation-and-checkpoint overhead (measured on the last epoch) per epoch still to end.

#include "train/trainer.h"

namespace ys::ui {

class RunProgress final {
public:
    void reset();
    void addBatch(const ys::BatchProgress& progress);
    void addEpoch(const ys::EpochResult& row);

    int epoch() const { return epoch_; }          // 1-based epoch in progress (0 before the first batch)
    int epochs() const { return epochs_; }
    double epochFraction() const;                 // 0..1 of the current epoch
    double runFraction() const;                   // 0..1 of the whole run
    // Seconds left, or -1 while there is too little to tell (the first batches of the run).
    double secondsLeft() const;

private:
    int epoch_ = 0, epochs_ = 0, batch_ = 0, batches_ = 0;
    double elapsed_ = 0;
    int firstBatch_ = 0;          // first batch seen in the current epoch and its time
    double firstElapsed_ = 0;
    double secondsPerBatch_ = -1; // of the current epoch, else of the last one
    double lastBatchElapsed_ = 0; // time of the current epoch's last batch
    double overhead_ = 0;         // validation + checkpoint seconds per epoch (last epoch)
};

}  // namespace ys::ui
