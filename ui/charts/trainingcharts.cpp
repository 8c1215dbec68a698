#include "ui/charts/trainingcharts.h"

#include "ui/charts/chartformat.h"


#include <algorithm>
#include <iterator>

namespace ys::ui {
namespace {

// Series colours (seriesColor's Tableau 10): distinguishable, and the same meaning on every chart.
const QColor kBlue = seriesColor(0);
const QColor kOrange = seriesColor(1);
const QColor kGreen = seriesColor(2);
const QColor kRed = seriesColor(3);
const QColor kPurple = seriesColor(4);
const QColor kGrey = seriesColor(7);

// Phase bands: light enough that the lines stay readable over them.
QColor bandColor(MemoryChart::Band band)
{
    switch (band) {
    case MemoryChart::Band::Train: return QColor(0x1f, 0x77, 0xb4, 22);
    case MemoryChart::Band::Validation: return QColor(0xff, 0x7f, 0x0e, 48);
    case MemoryChart::Band::Checkpoint: return QColor(0x94, 0x67, 0xbd, 70);
    }
    return {};
}

// x of a batch: epoch e (1-based), batch b of n sits at e - 1 + b / n.
double batchX(const BatchProgress& p)
{
    return p.epoch - 1 + (p.batches > 0 ? static_cast<double>(p.batch) / p.batches : 1.0);
}

void setEpochAxis(SeriesChart& chart)
{
    chart.setXAxis(SeriesChart::tr("epoch"), ValueUnit::Epoch);
}

}  // namespace

// ---- memory ----------------------------------------------------------------------------------------------

MemoryChart::MemoryChart(QWidget* parent) : SeriesChart(parent)
{
    setLegendBelow();   // the legend never covers the data
    addSeries(QString(), Style{kBlue, Qt::SolidLine, 1.6, false});
    addSeries(QString(), Style{QColor(0xa6, 0xc8, 0xe3), Qt::SolidLine, 3.0, false});   // opaque: fast to draw
    addSeries(QString(), Style{kRed, Qt::SolidLine, 1.2, false});
    for (Band b : {Band::Train, Band::Validation, Band::Checkpoint})
    {
        QColor swatch = bandColor(b);  // the legend's swatch is small: stronger than the band itself
        swatch.setAlpha(std::min(255, swatch.alpha() * 3));
        legend_[static_cast<int>(b)] = addRangeLegend(QString(), swatch);
    }
    budgetLevel_ = addLevel(0, kRed.darker(120), QString());
    predictedLevel_ = addLevel(0, kPurple, QString());
    setLevelVisible(budgetLevel_, false);
    setLevelVisible(predictedLevel_, false);
    retranslate();
}

MemoryChart::Band MemoryChart::bandOf(memory::Phase phase)
{
    switch (phase) {
    case memory::Phase::Validation: return Band::Validation;
    case memory::Phase::Checkpoint: return Band::Checkpoint;
    case memory::Phase::Idle:
    case memory::Phase::TrainStep:
    case memory::Phase::Assigner:
    case memory::Phase::Probe: break;
    }
    return Band::Train;
}

void MemoryChart::retranslate()
{
    // A data-parallel run: the allocated, reserved and peak lines are rank 0's, the title says so.
    setTitle(rankZeroLabel_.isEmpty() ? tr("Memory") : tr("Memory · %1").arg(rankZeroLabel_));
    setXAxis(tr("time since start"), ValueUnit::Seconds);
    setYAxis(Axis::Left, tr("memory"), ValueUnit::Bytes);
    setSeriesName(Allocated, tr("allocated"));
    setSeriesName(Reserved, tr("reserved"));
    setSeriesName(Peak, tr("peak"));
    setSeriesName(legend_[0], tr("training"));
    setSeriesName(legend_[1], tr("validation"));
    setSeriesName(legend_[2], tr("checkpoint"));
    for (size_t k = 0; k < rankSeries_.size(); ++k)
        if (rankSeries_[k] >= 0)
            setSeriesName(rankSeries_[k], rankName(static_cast<int>(k) + 1));
    setLevel(budgetLevel_, static_cast<double>(budget_),
             tr("budget %1").arg(ChartText::value(static_cast<double>(budget_), ValueUnit::Bytes)));
    setLevel(predictedLevel_, static_cast<double>(predictedPeak_),
             tr("predicted peak %1").arg(ChartText::value(static_cast<double>(predictedPeak_), ValueUnit::Bytes)));
}

void MemoryChart::setSamples(const std::vector<memory::MemorySample>& samples)
{
    for (int s : {Allocated, Reserved, Peak})
        setData(s, {}, {});
    clearRanks();
    // Ranges go with clearData; keep budget and predicted lines.
    const int64_t budget = budget_, predicted = predictedPeak_;
    clearData();
    currentRange_ = -1;
    lastTime_ = 0;
    setBudget(budget);
    setPredictedPeak(predicted);
    appendSamples(samples);
}

void MemoryChart::appendSamples(const std::vector<memory::MemorySample>& samples)
{
    for (const memory::MemorySample& s : samples) {
        if (s.rank > 0) {   // another rank's device: its peak of each batch
            append(lineOfRank(s.rank), s.time, static_cast<double>(std::max(s.windowPeak, s.allocated)));
            continue;
        }
        append(Allocated, s.time, static_cast<double>(s.allocated));
        append(Reserved, s.time, static_cast<double>(s.reserved));
        append(Peak, s.time, static_cast<double>(std::max(s.peak, s.windowPeak)));
        // A sample closes the window since the previous one: that window belongs to its phase.
        const Band band = bandOf(s.phase);
        if (currentRange_ >= 0 && band == currentBand_) {
            setRangeEnd(currentRange_, s.time);
        } else {
            currentRange_ = addRange(lastTime_, s.time, bandColor(band));
            currentBand_ = band;
        }
        lastTime_ = s.time;
    }
}

QString MemoryChart::rankName(int rank) const
{
    const size_t k = static_cast<size_t>(rank - 1);
    return k < rankLabels_.size() && !rankLabels_[k].isEmpty() ? rankLabels_[k] : tr("rank %1").arg(rank);
}

int MemoryChart::lineOfRank(int rank)
{
    const size_t k = static_cast<size_t>(rank - 1);
    if (k >= rankSeries_.size()) {
        rankSeries_.resize(k + 1, -1);
        rankShown_.resize(k + 1, false);
    }
    if (rankSeries_[k] < 0) {
        // Colours after rank 0's blue and red and the purple of the predicted peak: green, orange, brown, ...
        static const int kRankColours[] = {2, 1, 5, 6, 8, 9};
        const QColor colour = seriesColor(kRankColours[k % std::size(kRankColours)]);
        rankSeries_[k] = addSeries(rankName(rank), Style{colour, Qt::SolidLine, 1.4, false});
    } else if (!rankShown_[k]) {
        setInLegend(rankSeries_[k], true);
    }
    rankShown_[k] = true;
    return rankSeries_[k];
}

void MemoryChart::setRankLabel(int rank, const QString& label)
{
    if (rank < 1)
        return;
    const size_t k = static_cast<size_t>(rank - 1);
    if (k >= rankLabels_.size())
        rankLabels_.resize(k + 1);
    rankLabels_[k] = label;
    if (k < rankSeries_.size() && rankSeries_[k] >= 0)
        setSeriesName(rankSeries_[k], rankName(rank));
}

void MemoryChart::setRankZeroLabel(const QString& label)
{
    if (label == rankZeroLabel_)
        return;
    rankZeroLabel_ = label;
    retranslate();
}

void MemoryChart::clearRanks()
{
    for (size_t k = 0; k < rankSeries_.size(); ++k) {
        if (rankSeries_[k] < 0)
            continue;
        setData(rankSeries_[k], {}, {});
        if (rankShown_[k])
            setInLegend(rankSeries_[k], false);
        rankShown_[k] = false;
    }
}

int MemoryChart::rankSeries(int rank) const
{
    const size_t k = static_cast<size_t>(rank - 1);
    return rank >= 1 && k < rankSeries_.size() && rankShown_[k] ? rankSeries_[k] : -1;
}

int MemoryChart::rankCount() const
{
    return static_cast<int>(std::count(rankShown_.begin(), rankShown_.end(), true));
}

void MemoryChart::setBudget(int64_t bytes)
{
    budget_ = bytes;
    setLevel(budgetLevel_, static_cast<double>(bytes),
             tr("budget %1").arg(ChartText::value(static_cast<double>(bytes), ValueUnit::Bytes)));
    setLevelVisible(budgetLevel_, bytes > 0);
}

void MemoryChart::setPredictedPeak(int64_t bytes)
{
    predictedPeak_ = bytes;
    setLevel(predictedLevel_, static_cast<double>(bytes),
             tr("predicted peak %1").arg(ChartText::value(static_cast<double>(bytes), ValueUnit::Bytes)));
    setLevelVisible(predictedLevel_, bytes > 0);
}

void MemoryChart::addOutOfMemory(double time, const QString& what)
{
    addMark(time, kRed, tr("OOM") + (what.isEmpty() ? QString() : QStringLiteral(": ") + what));
}

void MemoryChart::clear()
{
    setBudget(0);
    setPredictedPeak(0);
    setSamples({});
}

// ---- losses --------------------------------------------------------------------------------------------

LossChart::LossChart(QWidget* parent) : SeriesChart(parent)
{
    setLegendBelow();   // the legend never covers the data
    addSeries(QString(), Style{kBlue, Qt::SolidLine, 1.6, true});
    addSeries(QString(), Style{kOrange, Qt::SolidLine, 1.6, true});
    addSeries(QString(), Style{kGreen, Qt::SolidLine, 1.6, true});
    addSeries(QString(), Style{kBlue, Qt::DashLine, 1.4, true});
    addSeries(QString(), Style{kOrange, Qt::DashLine, 1.4, true});
    addSeries(QString(), Style{kGreen, Qt::DashLine, 1.4, true});
    retranslate();
}

void LossChart::retranslate()
{
    setTitle(tr("Losses"));
    setEpochAxis(*this);
    setYAxis(Axis::Left, tr("loss"), ValueUnit::Number);
    setSeriesName(TrainBox, tr("train box"));
    setSeriesName(TrainCls, tr("train cls"));
    // Ultralytics 8.4 names YOLO26's distance term l1 (no DFL bins).
    setSeriesName(TrainDfl, l1Loss_ ? tr("train l1") : tr("train dfl"));
    setSeriesName(ValBox, tr("val box"));
    setSeriesName(ValCls, tr("val cls"));
    setSeriesName(ValDfl, l1Loss_ ? tr("val l1") : tr("val dfl"));
}

void LossChart::setL1Loss(bool l1Loss)
{
    if (l1Loss == l1Loss_)
        return;
    l1Loss_ = l1Loss;
    retranslate();
}

void LossChart::setEpochs(int epochs)
{
    setXExtent(0, std::max(1, epochs));
}

void LossChart::setRows(const std::vector<EpochResult>& rows)
{
    for (int s = TrainBox; s <= ValDfl; ++s)
        setData(s, {}, {});
    if (!rows.empty())
        setL1Loss(rows.front().l1Loss);
    for (const EpochResult& r : rows)
        addRow(r);
}

void LossChart::addRow(const EpochResult& r)
{
    setL1Loss(r.l1Loss);
    // The epoch's live points (x in (epoch - 1, epoch]) give way to its final means.
    for (int s : {TrainBox, TrainCls, TrainDfl})
        truncateAfter(s, r.epoch - 1);
    append(TrainBox, r.epoch, r.trainBox);
    append(TrainCls, r.epoch, r.trainCls);
    append(TrainDfl, r.epoch, r.trainDfl);
    if (r.validated) {
        append(ValBox, r.epoch, r.valBox);
        append(ValCls, r.epoch, r.valCls);
        append(ValDfl, r.epoch, r.valDfl);
    }
}

void LossChart::addBatch(const BatchProgress& p)
{
    const double x = batchX(p);
    setL1Loss(p.l1Loss);
    append(TrainBox, x, p.box);
    append(TrainCls, x, p.cls);
    append(TrainDfl, x, p.dfl);
}

void LossChart::clear()
{
    clearData();
}

// ---- metrics -------------------------------------------------------------------------------------------

MetricsChart::MetricsChart(QWidget* parent) : SeriesChart(parent)
{
    setLegendBelow();   // the legend never covers the data
    addSeries(QString(), Style{kBlue, Qt::SolidLine, 1.6, true});
    addSeries(QString(), Style{kOrange, Qt::SolidLine, 1.6, true});
    addSeries(QString(), Style{kGreen, Qt::SolidLine, 2.0, true});
    addSeries(QString(), Style{kRed, Qt::SolidLine, 2.0, true});
    setFixedRange(Axis::Left, 0, 1.02);
    retranslate();
}

void MetricsChart::retranslate()
{
    setTitle(tr("Validation metrics"));
    setEpochAxis(*this);
    setYAxis(Axis::Left, tr("score"), ValueUnit::Fraction);
    setSeriesName(Precision, tr("precision"));
    setSeriesName(Recall, tr("recall"));
    setSeriesName(Map50, tr("mAP50"));
    setSeriesName(Map50_95, tr("mAP50-95"));
}

void MetricsChart::setEpochs(int epochs)
{
    setXExtent(0, std::max(1, epochs));
}

void MetricsChart::setRows(const std::vector<EpochResult>& rows)
{
    for (int s = Precision; s <= Map50_95; ++s)
        setData(s, {}, {});
    for (const EpochResult& r : rows)
        addRow(r);
}

void MetricsChart::addRow(const EpochResult& r)
{
    if (!r.validated)
        return;
    append(Precision, r.epoch, r.precision);
    append(Recall, r.epoch, r.recall);
    append(Map50, r.epoch, r.map50);
    append(Map50_95, r.epoch, r.map50_95);
}

void MetricsChart::clear()
{
    clearData();
}

// ---- learning rate ---------------------------------------------------------------------------------------

LearningRateChart::LearningRateChart(QWidget* parent) : SeriesChart(parent)
{
    setLegendBelow();   // the legend never covers the data
    addSeries(QString(), Style{kBlue, Qt::SolidLine, 1.6, false});
    addSeries(QString(), Style{kOrange, Qt::DashLine, 1.4, true});
    addSeries(QString(), Style{kGreen, Qt::DotLine, 1.6, true});
    retranslate();
}

void LearningRateChart::retranslate()
{
    setTitle(tr("Learning rate"));
    setEpochAxis(*this);
    setYAxis(Axis::Left, tr("learning rate"), ValueUnit::Scientific);
    setSeriesName(Pg0, tr("pg0 weights"));
    setSeriesName(Pg1, tr("pg1 norm weights"));
    setSeriesName(Pg2, tr("pg2 biases"));
}

void LearningRateChart::setEpochs(int epochs)
{
    setXExtent(0, std::max(1, epochs));
}

void LearningRateChart::setRows(const std::vector<EpochResult>& rows)
{
    for (int s = Pg0; s <= Pg2; ++s)
        setData(s, {}, {});
    for (const EpochResult& r : rows)
        addRow(r);
}

void LearningRateChart::addRow(const EpochResult& r)
{
    // pg0's batch points already end at this epoch's value; a run read from files has only rows.
    const std::vector<double>& x = xData(Pg0);
    if (x.empty() || x.back() < r.epoch - 1e-9)
        append(Pg0, r.epoch, r.lr[0]);
    append(Pg1, r.epoch, r.lr[1]);
    append(Pg2, r.epoch, r.lr[2]);
}

void LearningRateChart::addBatch(const BatchProgress& p)
{
    append(Pg0, batchX(p), p.lr);
}

void LearningRateChart::clear()
{
    clearData();
}

// ---- throughput ------------------------------------------------------------------------------------------

ThroughputChart::ThroughputChart(QWidget* parent) : SeriesChart(parent)
{
    setLegendBelow();   // the legend never covers the data
    addSeries(QString(), Style{kBlue, Qt::SolidLine, 1.6, false});
    addSeries(QString(), Style{kGrey, Qt::DashLine, 1.4, false}, Axis::Right);
    retranslate();
}

void ThroughputChart::retranslate()
{
    setTitle(tr("Throughput and time left"));
    setXAxis(tr("time since start"), ValueUnit::Seconds);
    setYAxis(Axis::Left, tr("images per second"), ValueUnit::PerSecond);
    setYAxis(Axis::Right, tr("time left"), ValueUnit::Seconds);
    setSeriesName(ImagesPerSecond, tr("images/s"));
    setSeriesName(TimeLeft, tr("time left"));
}

void ThroughputChart::setRows(const std::vector<EpochResult>& rows)
{
    std::vector<double> x, y;
    for (const EpochResult& r : rows) {
        x.push_back(r.time);
        y.push_back(r.imagesPerSecond);
    }
    setData(ImagesPerSecond, std::move(x), std::move(y));
    setData(TimeLeft, {}, {});
}

void ThroughputChart::addBatch(const BatchProgress& p, double eta)
{
    // The first batches of an epoch measure too little time to say anything.
    if (p.imagesPerSecond > 0)
        append(ImagesPerSecond, p.elapsed, p.imagesPerSecond);
    if (eta >= 0)
        append(TimeLeft, p.elapsed, eta);
}

void ThroughputChart::clear()
{
    clearData();
}

}  // namespace ys::ui
