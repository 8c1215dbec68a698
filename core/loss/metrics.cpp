#include "loss/metrics.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace ys {

namespace {

constexpr double kConfusionConf = 0.25;  // reference confusion-matrix confidence threshold
constexpr double kConfusionIou = 0.45;   // reference confusion-matrix IoU threshold
constexpr int kConfGrid = 1000;          // points of the confidence grid for P/R/F1
constexpr int kF1Smooth = 101;           // moving-average width over that grid (10%, as the reference)

double iouOf(double ax1, double ay1, double ax2, double ay2, double bx1, double by1, double bx2, double by2)
{
    const double w = std::min(ax2, bx2) - std::max(ax1, bx1);
    const double h = std::min(ay2, by2) - std::max(ay1, by1);
    if (w <= 0 || h <= 0)
        return 0;
    const double inter = w * h;
    const double uni = std::max(0.0, ax2 - ax1) * std::max(0.0, ay2 - ay1) +
                       std::max(0.0, bx2 - bx1) * std::max(0.0, by2 - by1) - inter;
    return uni > 0 ? inter / uni : 0;
}

double iouThreshold(int j)
{
    return 0.5 + 0.05 * j;
}

struct Pair {
    double iou;
    int gt;
    int det;
};

// Pairs sorted by descending IoU (ties: lower GT index, then lower detection index).
void sortPairs(std::vector<Pair>& pairs)
{
    std::sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) {
        if (a.iou != b.iou)
            return a.iou > b.iou;
        if (a.gt != b.gt)
            return a.gt < b.gt;
        return a.det < b.det;
    });
}

std::vector<double> smooth(const std::vector<double>& y, int width)
{
    const int n = static_cast<int>(y.size());
    const int half = width / 2;
    std::vector<double> out(n);
    for (int i = 0; i < n; ++i) {
        double s = 0;
        for (int k = i - half; k <= i + half; ++k)
            s += y[std::clamp(k, 0, n - 1)];
        out[i] = s / width;
    }
    return out;
}

}  // namespace

double apCoco101(const std::vector<double>& recall, const std::vector<double>& precision)
{
    if (recall.empty())
        return 0;
    std::vector<double> env(precision);
    for (size_t i = env.size() - 1; i-- > 0;)
        env[i] = std::max(env[i], env[i + 1]);
    double sum = 0;
    for (int t = 0; t <= 100; ++t) {
        const double r = t / 100.0;
        const auto it = std::lower_bound(recall.begin(), recall.end(), r - 1e-12);
        if (it != recall.end())
            sum += env[static_cast<size_t>(it - recall.begin())];
    }
    return sum / 101.0;
}

DetectionEvaluator::DetectionEvaluator(int nc) : nc_(nc)
{
    if (nc <= 0)
        throw std::invalid_argument("DetectionEvaluator: nc must be positive");
    reset();
}

void DetectionEvaluator::reset()
{
    images_ = 0;
    records_.clear();
    instances_.assign(nc_, 0);
    imagesWith_.assign(nc_, 0);
    confusion_.assign(nc_ + 1, std::vector<int64_t>(nc_ + 1, 0));
}

void DetectionEvaluator::addImage(const std::vector<Detection>& detsIn, const std::vector<GroundTruth>& gtsIn)
{
    ++images_;
    std::vector<Detection> dets;
    std::vector<GroundTruth> gts;
    dets.reserve(detsIn.size());
    gts.reserve(gtsIn.size());
    for (const auto& d : detsIn)
        if (d.cls >= 0 && d.cls < nc_)
            dets.push_back(d);
    for (const auto& g : gtsIn)
        if (g.cls >= 0 && g.cls < nc_)
            gts.push_back(g);

    std::vector<bool> seen(nc_, false);
    for (const auto& g : gts) {
        ++instances_[g.cls];
        if (!seen[g.cls]) {
            seen[g.cls] = true;
            ++imagesWith_[g.cls];
        }
    }

    // Same-class pairs at IoU >= 0.5 in descending IoU; each threshold uses a prefix of this list.
    std::vector<Pair> pairs;
    for (int gi = 0; gi < static_cast<int>(gts.size()); ++gi) {
        const auto& g = gts[gi];
        for (int di = 0; di < static_cast<int>(dets.size()); ++di) {
            const auto& d = dets[di];
            if (d.cls != g.cls)
                continue;
            const double iou = iouOf(g.x1, g.y1, g.x2, g.y2, d.x1, d.y1, d.x2, d.y2);
            if (iou >= iouThreshold(0))
                pairs.push_back({iou, gi, di});
        }
    }
    sortPairs(pairs);
    std::vector<uint16_t> tp(dets.size(), 0);
    std::vector<char> gtUsed(gts.size()), detUsed(dets.size());
    for (int j = 0; j < kNumIou; ++j) {
        std::fill(gtUsed.begin(), gtUsed.end(), 0);
        std::fill(detUsed.begin(), detUsed.end(), 0);
        const double t = iouThreshold(j);
        for (const auto& p : pairs) {
            if (p.iou < t - 1e-12)
                break;
            if (gtUsed[p.gt] || detUsed[p.det])
                continue;
            gtUsed[p.gt] = detUsed[p.det] = 1;
            tp[p.det] |= static_cast<uint16_t>(1u << j);
        }
    }
    for (size_t i = 0; i < dets.size(); ++i)
        records_.push_back({dets[i].conf, dets[i].cls, tp[i]});

    // Confusion matrix: class-agnostic greedy matching of confident detections.
    std::vector<int> conf;
    for (int di = 0; di < static_cast<int>(dets.size()); ++di)
        if (dets[di].conf > kConfusionConf)
            conf.push_back(di);
    std::vector<Pair> cpairs;
    for (int gi = 0; gi < static_cast<int>(gts.size()); ++gi)
        for (int di : conf) {
            const auto& g = gts[gi];
            const auto& d = dets[di];
            const double iou = iouOf(g.x1, g.y1, g.x2, g.y2, d.x1, d.y1, d.x2, d.y2);
            if (iou > kConfusionIou)
                cpairs.push_back({iou, gi, di});
        }
    sortPairs(cpairs);
    std::vector<int> gtMatch(gts.size(), -1);
    std::fill(detUsed.begin(), detUsed.end(), 0);
    for (const auto& p : cpairs) {
        if (gtMatch[p.gt] >= 0 || detUsed[p.det])
            continue;
        gtMatch[p.gt] = p.det;
        detUsed[p.det] = 1;
    }
    for (size_t gi = 0; gi < gts.size(); ++gi) {
        const int predicted = gtMatch[gi] >= 0 ? dets[gtMatch[gi]].cls : nc_;
        ++confusion_[predicted][gts[gi].cls];
    }
    for (int di : conf)
        if (!detUsed[di])
            ++confusion_[dets[di].cls][nc_];
}

DetectionMetrics DetectionEvaluator::compute() const
{
    DetectionMetrics m;
    m.confusion = confusion_;

    std::vector<int> present;
    for (int c = 0; c < nc_; ++c)
        if (instances_[c] > 0)
            present.push_back(c);
    if (present.empty())
        return m;

    // Records of each class, most confident first (stable: insertion order breaks ties).
    std::vector<size_t> order(records_.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [this](size_t a, size_t b) { return records_[a].conf > records_[b].conf; });
    std::vector<std::vector<size_t>> byClass(nc_);
    for (size_t i : order)
        byClass[records_[i].cls].push_back(i);

    const size_t nPresent = present.size();
    std::vector<std::vector<double>> pCurve(nPresent, std::vector<double>(kConfGrid, 0.0));
    std::vector<std::vector<double>> rCurve(nPresent, std::vector<double>(kConfGrid, 0.0));
    std::vector<double> meanF1(kConfGrid, 0.0);

    for (size_t ci = 0; ci < nPresent; ++ci) {
        const int c = present[ci];
        const auto& recs = byClass[c];
        const double nGt = static_cast<double>(instances_[c]);
        ClassMetrics cm;
        cm.cls = c;
        cm.images = imagesWith_[c];
        cm.instances = instances_[c];

        double apSum = 0;
        std::vector<double> recall(recs.size()), precision(recs.size());
        std::vector<double> tp50(recs.size());
        for (int j = 0; j < kNumIou; ++j) {
            double tps = 0;
            for (size_t k = 0; k < recs.size(); ++k) {
                tps += (records_[recs[k]].tp >> j) & 1u;
                recall[k] = tps / nGt;
                precision[k] = tps / static_cast<double>(k + 1);
                if (j == 0)
                    tp50[k] = tps;
            }
            const double ap = apCoco101(recall, precision);
            apSum += ap;
            if (j == 0)
                cm.ap50 = ap;
        }
        cm.ap50_95 = apSum / kNumIou;

        if (!recs.empty()) {
            // Detections with conf >= x for x on the grid (ascending x: the count shrinks).
            size_t count = recs.size();
            for (int g = 0; g < kConfGrid; ++g) {
                const double x = static_cast<double>(g) / (kConfGrid - 1);
                while (count > 0 && records_[recs[count - 1]].conf < x)
                    --count;
                const double tpc = count > 0 ? tp50[count - 1] : 0.0;
                pCurve[ci][g] = count > 0 ? tpc / static_cast<double>(count) : 1.0;
                rCurve[ci][g] = tpc / nGt;
            }
        }
        for (int g = 0; g < kConfGrid; ++g) {
            const double p = pCurve[ci][g], r = rCurve[ci][g];
            meanF1[g] += (p + r > 0 ? 2 * p * r / (p + r) : 0.0) / static_cast<double>(nPresent);
        }
        m.perClass.push_back(cm);
    }

    const auto sm = smooth(meanF1, kF1Smooth);
    const int best = static_cast<int>(std::max_element(sm.begin(), sm.end()) - sm.begin());
    for (size_t ci = 0; ci < nPresent; ++ci) {
        auto& cm = m.perClass[ci];
        cm.precision = pCurve[ci][best];
        cm.recall = rCurve[ci][best];
        m.precision += cm.precision;
        m.recall += cm.recall;
        m.map50 += cm.ap50;
        m.map50_95 += cm.ap50_95;
    }
    const double n = static_cast<double>(nPresent);
    m.precision /= n;
    m.recall /= n;
    m.map50 /= n;
    m.map50_95 /= n;
    return m;
}

}  // namespace ys
