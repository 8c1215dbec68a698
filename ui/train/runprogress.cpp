#include "ui/train/runprogress.h"

#include <algorithm>

namespace ys::ui {

void RunProgress::reset()
{
    *this = RunProgress();
}

void RunProgress::addBatch(const ys::BatchProgress& p)
{
    if (p.epoch != epoch_ || p.batch < batch_) {
        firstBatch_ = p.batch;
        firstElapsed_ = p.elapsed;
    }
    epoch_ = p.epoch;
    epochs_ = p.epochs;
    batch_ = p.batch;
    batches_ = p.batches;
    elapsed_ = p.elapsed;
    lastBatchElapsed_ = p.elapsed;
    if (p.batch > firstBatch_)
        secondsPerBatch_ = (p.elapsed - firstElapsed_) / (p.batch - firstBatch_);
}

void RunProgress::addEpoch(const ys::EpochResult& row)
{
    if (row.epoch == epoch_ && batch_ >= batches_)
        overhead_ = std::max(0.0, row.time - lastBatchElapsed_);
    elapsed_ = row.time;
}

double RunProgress::epochFraction() const
{
    return batches_ > 0 ? std::clamp(static_cast<double>(batch_) / batches_, 0.0, 1.0) : 0.0;
}

double RunProgress::runFraction() const
{
    if (epochs_ <= 0)
        return 0;
    return std::clamp((epoch_ - 1 + epochFraction()) / epochs_, 0.0, 1.0);
}

double RunProgress::secondsLeft() const
{
    if (secondsPerBatch_ < 0 || epochs_ <= 0)
        return -1;
    const double batchesLeft = static_cast<double>(epochs_ - epoch_) * batches_ + (batches_ - batch_);
    const double epochsToEnd = epochs_ - epoch_ + 1;  // the current one's validation is still to come
    return std::max(0.0, batchesLeft * secondsPerBatch_ + epochsToEnd * overhead_);
}

}  // namespace ys::ui
