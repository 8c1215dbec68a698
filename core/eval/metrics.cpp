// Ultralytics-equal detection metrics (see metrics.h for the method). The float types are deliberate:
// IoU in float32 as torch computes it, curves and AP in double as numpy computes them. Built with
// -ffp-contract=off (CMakeLists) so no fused multiply-add changes a float32 IoU next to a threshold.
#include "eval/metrics.h"

#include "common/npsort.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>

namespace ys {

namespace {

constexpr float kIouEps = 1e-7f;          // box_iou's eps in the union (float32, as torch adds it)
constexpr double kEps = 1e-16;            // ap_per_class's eps in the F1 denominator
constexpr float kConfusionConf83 = 0.25f; // 8.3's confusion-matrix confidence threshold (conf > it)
constexpr float kConfusionConf84 = 0.001f;// 8.4's: val's conf, which it hands to the matrix
constexpr float kConfusionIou = 0.45f;    // reference confusion-matrix IoU threshold (IoU > it)
constexpr int kConfGrid = 1000;           // points of the confidence grid for P/R/F1 (linspace(0, 1, 1000))
constexpr int kApPoints = 101;            // recall points of the AP integral (linspace(0, 1, 101))
static_assert(kApPoints == kPrCurvePoints, "ClassMetrics::pr50 holds the AP integral's recall points");
// Box filter over the F1 curve: round(1000 * 0.1 * 2) // 2 + 1 points (smooth(y, f=0.1)).
constexpr int kF1Smooth = 101;

// IoU threshold j as torch.linspace(0.5, 0.95, 10) gives it in float32.
float iouThreshold(int j)
{
    return static_cast<float>(0.5 + 0.05 * j);
}

// box_iou(box1, box2) of one pair in float32, operation by operation: intersection from the clamped
// extents, union = area1 + area2 - inter + eps.
float iouF32(float ax1, float ay1, float ax2, float ay2, float bx1, float by1, float bx2, float by2)
{
    const float iw = std::max(std::min(ax2, bx2) - std::max(ax1, bx1), 0.0f);
    const float ih = std::max(std::min(ay2, by2) - std::max(ay1, by1), 0.0f);
    const float inter = iw * ih;
    const float areaA = (ax2 - ax1) * (ay2 - ay1);
    const float areaB = (bx2 - bx1) * (by2 - by1);
    return inter / (areaA + areaB - inter + kIouEps);
}

// np.interp(xv, xp, fp, left, right) at one point; xp ascending (ties allowed: the last of equal xp wins).
double npInterp(double xv, const std::vector<double>& xp, const std::vector<double>& fp, double left, double right)
{
    const size_t n = xp.size();
    if (xv > xp[n - 1])
        return right;
    if (xv < xp[0])
        return left;
    const size_t j = static_cast<size_t>(std::upper_bound(xp.begin(), xp.end(), xv) - xp.begin()) - 1;
    if (j == n - 1 || xp[j] == xv)
        return fp[j];
    const double slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
    return slope * (xv - xp[j]) + fp[j];
}

// Sentinel-padded recall and the precision envelope of compute_ap: 8.3 closes the curve with (1, 0), 8.4
// with (last recall, 0) then (1, 0), so no area is drawn beyond the last recall.
void envelope(const std::vector<double>& recall, const std::vector<double>& precision, std::vector<double>& mrec,
              std::vector<double>& mpre, MetricsVersion v)
{
    mrec.assign(1, 0.0);
    mrec.insert(mrec.end(), recall.begin(), recall.end());
    mpre.assign(1, 1.0);
    mpre.insert(mpre.end(), precision.begin(), precision.end());
    if (v == MetricsVersion::Ultralytics84) {
        mrec.push_back(recall.back());
        mpre.push_back(0.0);
    }
    mrec.push_back(1.0);
    mpre.push_back(0.0);
    for (size_t i = mpre.size() - 1; i-- > 0;)
        mpre[i] = std::max(mpre[i], mpre[i + 1]);
}

// smooth(y, 0.1): edge-padded box filter, each term weighted by 1/nf as np.convolve(yp, ones(nf) / nf).
std::vector<double> smooth(const std::vector<double>& y, int width)
{
    const int n = static_cast<int>(y.size());
    const int half = width / 2;
    const double w = 1.0 / width;
    std::vector<double> out(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        double s = 0;
        for (int k = i - half; k <= i + half; ++k)
            s += y[static_cast<size_t>(std::clamp(k, 0, n - 1))] * w;
        out[static_cast<size_t>(i)] = s;
    }
    return out;
}

struct Pair {
    int gt;
    int det;
    float iou;
};

// Orders pairs as `pairs[iou.argsort()[::-1]]` does (descending IoU; equal IoUs in numpy's order, reversed).
std::vector<Pair> byIouDescending(const std::vector<Pair>& pairs)
{
    if (pairs.size() < 2)
        return pairs;
    std::vector<float> ious(pairs.size());
    for (size_t k = 0; k < pairs.size(); ++k)
        ious[k] = pairs[k].iou;
    const std::vector<int64_t> order = np::argsort(ious);
    std::vector<Pair> out;
    out.reserve(pairs.size());
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        out.push_back(pairs[static_cast<size_t>(*it)]);
    return out;
}

// `rows[np.unique(key, return_index=True)[1]]`: the first row of each key, ordered by key.
template <typename Key>
std::vector<Pair> firstPerKey(const std::vector<Pair>& rows, Key key, int keys)
{
    std::vector<int> first(static_cast<size_t>(keys), -1);
    for (size_t k = 0; k < rows.size(); ++k) {
        int& f = first[static_cast<size_t>(key(rows[k]))];
        if (f < 0)
            f = static_cast<int>(k);
    }
    std::vector<Pair> out;
    for (int f : first)
        if (f >= 0)
            out.push_back(rows[static_cast<size_t>(f)]);
    return out;
}

const auto kByDet = [](const Pair& p) { return p.det; };
const auto kByGt = [](const Pair& p) { return p.gt; };

// One image's class-agnostic IoU matrix, [GT][detection].
struct IouMatrix {
    int ng = 0, nd = 0;
    std::vector<float> v;
    float at(int gi, int di) const { return v[static_cast<size_t>(gi) * static_cast<size_t>(nd) + static_cast<size_t>(di)]; }
};

IouMatrix iouMatrix(const std::vector<GroundTruth>& gts, const std::vector<Detection>& dets)
{
    IouMatrix m;
    m.ng = static_cast<int>(gts.size());
    m.nd = static_cast<int>(dets.size());
    m.v.reserve(gts.size() * dets.size());
    for (const auto& g : gts)
        for (const auto& d : dets)
            m.v.push_back(iouF32(g.x1, g.y1, g.x2, g.y2, d.x1, d.y1, d.x2, d.y2));
    return m;
}

// 8.3's match_predictions (see metrics.h): bit j of tp[d] set when detection d is a true positive at j.
void match83(const std::vector<Detection>& dets, const std::vector<GroundTruth>& gts, const IouMatrix& iou,
             std::vector<uint16_t>& tp)
{
    // Same-class pairs at the lowest threshold, in np.nonzero's row-major order; each threshold keeps a
    // subsequence of them (same order).
    std::vector<Pair> candidates;
    for (int gi = 0; gi < iou.ng; ++gi)
        for (int di = 0; di < iou.nd; ++di)
            if (gts[static_cast<size_t>(gi)].cls == dets[static_cast<size_t>(di)].cls &&
                iou.at(gi, di) >= iouThreshold(0))
                candidates.push_back({gi, di, iou.at(gi, di)});
    std::vector<Pair> pairs;
    for (int j = 0; j < DetectionEvaluator::kNumIou; ++j) {
        const float t = iouThreshold(j);
        pairs.clear();
        for (const Pair& p : candidates)
            if (p.iou >= t)
                pairs.push_back(p);
        const std::vector<Pair> matches =
            pairs.size() > 1 ? firstPerKey(firstPerKey(byIouDescending(pairs), kByDet, iou.nd), kByGt, iou.ng) : pairs;
        for (const Pair& p : matches)
            tp[static_cast<size_t>(p.det)] |= static_cast<uint16_t>(1u << j);
    }
}

// 8.4's greedy match_predictions: detections in order (most confident first), each taking at every
// threshold the untaken same-class GT of highest IoU (first on ties), a hit when that IoU >= t.
void match84(const std::vector<Detection>& dets, const std::vector<GroundTruth>& gts, const IouMatrix& iou,
             std::vector<uint16_t>& tp)
{
    constexpr int kT = DetectionEvaluator::kNumIou;
    std::vector<uint16_t> taken(static_cast<size_t>(iou.ng), 0);  // bit j: GT taken at threshold j
    for (int di = 0; di < iou.nd; ++di) {
        const int cls = dets[static_cast<size_t>(di)].cls;
        for (int j = 0; j < kT; ++j) {
            int best = -1;
            float bestIou = 0;
            for (int gi = 0; gi < iou.ng; ++gi) {
                if (gts[static_cast<size_t>(gi)].cls != cls || ((taken[static_cast<size_t>(gi)] >> j) & 1u))
                    continue;
                if (iou.at(gi, di) > bestIou) {
                    bestIou = iou.at(gi, di);
                    best = gi;
                }
            }
            if (best >= 0 && bestIou >= iouThreshold(j)) {
                tp[static_cast<size_t>(di)] |= static_cast<uint16_t>(1u << j);
                taken[static_cast<size_t>(best)] |= static_cast<uint16_t>(1u << j);
            }
        }
    }
}

using Confusion = std::vector<std::vector<int64_t>>;

// Counts one image into the matrix: gtMatch[g] = the detection GT g went to (-1: missed); `considered`:
// the detections above the matrix's confidence, those not matched are false detections.
void countConfusion(Confusion& confusion, int nc, const std::vector<Detection>& dets,
                    const std::vector<GroundTruth>& gts, const std::vector<int>& gtMatch,
                    const std::vector<int>& considered)
{
    std::vector<char> used(dets.size(), 0);
    for (size_t gi = 0; gi < gts.size(); ++gi) {
        const int m = gtMatch[gi];
        if (m >= 0)
            used[static_cast<size_t>(m)] = 1;
        const int predicted = m >= 0 ? dets[static_cast<size_t>(m)].cls : nc;
        ++confusion[static_cast<size_t>(predicted)][static_cast<size_t>(gts[gi].cls)];
    }
    for (int di : considered)
        if (!used[static_cast<size_t>(di)])
            ++confusion[static_cast<size_t>(dets[static_cast<size_t>(di)].cls)][static_cast<size_t>(nc)];
}

// The detections the matrix counts: conf > `threshold`, in order.
std::vector<int> above(const std::vector<Detection>& dets, float threshold)
{
    std::vector<int> out;
    for (size_t di = 0; di < dets.size(); ++di)
        if (dets[di].conf > threshold)
            out.push_back(static_cast<int>(di));
    return out;
}

// 8.3's ConfusionMatrix: confident detections, class-agnostic pairs, best IoU per detection then per GT.
void confusion83(Confusion& confusion, int nc, const std::vector<Detection>& dets,
                 const std::vector<GroundTruth>& gts, const IouMatrix& iou)
{
    const std::vector<int> confident = above(dets, kConfusionConf83);
    std::vector<Pair> cpairs;
    for (int gi = 0; gi < iou.ng; ++gi)
        for (size_t k = 0; k < confident.size(); ++k)
            if (iou.at(gi, confident[k]) > kConfusionIou)
                cpairs.push_back({gi, static_cast<int>(k), iou.at(gi, confident[k])});
    if (cpairs.size() > 1)
        cpairs = firstPerKey(byIouDescending(firstPerKey(byIouDescending(cpairs), kByDet, iou.nd)), kByGt, iou.ng);
    std::vector<int> gtMatch(static_cast<size_t>(iou.ng), -1);
    for (const Pair& p : cpairs)
        gtMatch[static_cast<size_t>(p.gt)] = confident[static_cast<size_t>(p.det)];
    countConfusion(confusion, nc, dets, gts, gtMatch, confident);
}

// 8.4's ConfusionMatrix: detections above val's conf, most confident first, each taking the untaken GT of
// highest IoU (first on ties) when that IoU > 0.45. `dets` are in descending confidence already.
void confusion84(Confusion& confusion, int nc, const std::vector<Detection>& dets,
                 const std::vector<GroundTruth>& gts, const IouMatrix& iou)
{
    const std::vector<int> considered = above(dets, kConfusionConf84);
    std::vector<int> gtMatch(static_cast<size_t>(iou.ng), -1);
    std::vector<char> taken(static_cast<size_t>(iou.ng), 0);
    for (int di : considered) {
        int best = -1;
        float bestIou = 0;
        for (int gi = 0; gi < iou.ng; ++gi)
            if (!taken[static_cast<size_t>(gi)] && iou.at(gi, di) > bestIou) {
                bestIou = iou.at(gi, di);
                best = gi;
            }
        if (best >= 0 && bestIou > kConfusionIou) {
            gtMatch[static_cast<size_t>(best)] = di;
            taken[static_cast<size_t>(best)] = 1;
        }
    }
    countConfusion(confusion, nc, dets, gts, gtMatch, considered);
}

// The classes with at least one GT, ascending: those the means run over.
std::vector<int> presentClasses(const std::vector<int64_t>& instances)
{
    std::vector<int> present;
    for (size_t c = 0; c < instances.size(); ++c)
        if (instances[c] > 0)
            present.push_back(static_cast<int>(c));
    return present;
}

}  // namespace

const char* metricsVersionName(MetricsVersion v)
{
    return v == MetricsVersion::Ultralytics83 ? "8.3" : "8.4";
}

std::optional<MetricsVersion> parseMetricsVersion(const std::string& text)
{
    std::string t = text;
    for (const char* prefix : {"ultralytics-", "ultralytics ", "Ultralytics ", "Ultralytics-"})
        if (t.rfind(prefix, 0) == 0)
            t = t.substr(std::string(prefix).size());
    if (t == "8.4")
        return MetricsVersion::Ultralytics84;
    if (t == "8.3")
        return MetricsVersion::Ultralytics83;
    return std::nullopt;
}

double metricsFitness(double map50, double map50_95, MetricsVersion v)
{
    return v == MetricsVersion::Ultralytics83 ? 0.1 * map50 + 0.9 * map50_95 : map50_95;
}

double DetectionMetrics::fitness() const
{
    return metricsFitness(map50, map50_95, version);
}

double apTrapezoid101(const std::vector<double>& recall, const std::vector<double>& precision,
                      std::vector<double>* curve, MetricsVersion v)
{
    if (curve)
        curve->clear();
    if (recall.empty())
        return 0;
    std::vector<double> mrec, mpre;
    envelope(recall, precision, mrec, mpre, v);
    double ap = 0;
    double xPrev = 0, yPrev = 0;
    for (int i = 0; i < kApPoints; ++i) {
        const double x = i == kApPoints - 1 ? 1.0 : i * (1.0 / (kApPoints - 1));
        const double y = npInterp(x, mrec, mpre, mpre.front(), mpre.back());
        if (curve)
            curve->push_back(y);
        if (i > 0)
            ap += (x - xPrev) * (y + yPrev) / 2.0;
        xPrev = x;
        yPrev = y;
    }
    return ap;
}

double apCoco101(const std::vector<double>& recall, const std::vector<double>& precision)
{
    if (recall.empty())
        return 0;
    std::vector<double> env(precision);
    for (size_t i = env.size() - 1; i-- > 0;)
        env[i] = std::max(env[i], env[i + 1]);
    double sum = 0;
    for (int t = 0; t < kApPoints; ++t) {
        const double r = t / 100.0;
        const auto it = std::lower_bound(recall.begin(), recall.end(), r - 1e-12);
        if (it != recall.end())
            sum += env[static_cast<size_t>(it - recall.begin())];
    }
    return sum / kApPoints;
}

DetectionEvaluator::DetectionEvaluator(int nc, MetricsVersion version) : nc_(nc), version_(version)
{
    if (nc <= 0)
        throw std::invalid_argument("DetectionEvaluator: nc must be positive");
    reset();
}

void DetectionEvaluator::reset()
{
    images_ = 0;
    records_.clear();
    instances_.assign(static_cast<size_t>(nc_), 0);
    imagesWith_.assign(static_cast<size_t>(nc_), 0);
    confusion_.assign(static_cast<size_t>(nc_ + 1), std::vector<int64_t>(static_cast<size_t>(nc_ + 1), 0));
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

    std::vector<bool> seen(static_cast<size_t>(nc_), false);
    for (const auto& g : gts) {
        ++instances_[static_cast<size_t>(g.cls)];
        if (!seen[static_cast<size_t>(g.cls)]) {
            seen[static_cast<size_t>(g.cls)] = true;
            ++imagesWith_[static_cast<size_t>(g.cls)];
        }
    }

    // 8.4 walks the detections most confident first; NMS returns them so, prediction files need not.
    if (version_ == MetricsVersion::Ultralytics84)
        std::stable_sort(dets.begin(), dets.end(), [](const Detection& a, const Detection& b) { return a.conf > b.conf; });
    const IouMatrix iou = iouMatrix(gts, dets);
    std::vector<uint16_t> tp(dets.size(), 0);
    if (version_ == MetricsVersion::Ultralytics84) {
        match84(dets, gts, iou, tp);
        confusion84(confusion_, nc_, dets, gts, iou);
    } else {
        match83(dets, gts, iou, tp);
        confusion83(confusion_, nc_, dets, gts, iou);
    }
    for (size_t i = 0; i < dets.size(); ++i)
        records_.push_back({dets[i].conf, dets[i].cls, tp[i]});
}

DetectionMetrics DetectionEvaluator::compute() const
{
    DetectionMetrics m;
    m.version = version_;
    m.confusion = confusion_;

    const std::vector<int> present = presentClasses(instances_);
    if (present.empty())
        return m;

    // np.argsort(-conf) over every detection, then the records of each class in that order.
    std::vector<float> negConf(records_.size());
    for (size_t i = 0; i < records_.size(); ++i)
        negConf[i] = -records_[i].conf;
    std::vector<std::vector<size_t>> byClass(static_cast<size_t>(nc_));
    for (int64_t i : np::argsort(negConf))
        byClass[static_cast<size_t>(records_[static_cast<size_t>(i)].cls)].push_back(static_cast<size_t>(i));

    const size_t nPresent = present.size();
    std::vector<std::vector<double>> pCurve(nPresent, std::vector<double>(kConfGrid, 0.0));
    std::vector<std::vector<double>> rCurve(nPresent, std::vector<double>(kConfGrid, 0.0));
    std::vector<double> f1Sum(kConfGrid, 0.0);
    const double gridStep = 1.0 / (kConfGrid - 1);

    std::vector<double> xp, recall, precision;
    for (size_t ci = 0; ci < nPresent; ++ci) {
        const int c = present[ci];
        const auto& recs = byClass[static_cast<size_t>(c)];
        const double nGt = static_cast<double>(instances_[static_cast<size_t>(c)]);
        ClassMetrics cm;
        cm.cls = c;
        cm.images = imagesWith_[static_cast<size_t>(c)];
        cm.instances = instances_[static_cast<size_t>(c)];

        if (!recs.empty()) {
            const size_t np = recs.size();
            recall.resize(np);
            precision.resize(np);
            xp.resize(np);
            for (size_t k = 0; k < np; ++k)
                xp[k] = static_cast<double>(-records_[recs[k]].conf);
            double apSum = 0, cocoSum = 0;
            for (int j = 0; j < kNumIou; ++j) {
                double tps = 0;
                for (size_t k = 0; k < np; ++k) {
                    tps += (records_[recs[k]].tp >> j) & 1u;
                    recall[k] = tps / nGt;  // n_l + 1e-16 == n_l in double for n_l >= 1
                    precision[k] = tps / static_cast<double>(k + 1);
                }
                if (j == 0) {
                    // P and R on the confidence grid: np.interp(-x, -conf, curve) (xp ascending).
                    for (int g = 0; g < kConfGrid; ++g) {
                        const double x = g == kConfGrid - 1 ? 1.0 : g * gridStep;
                        rCurve[ci][static_cast<size_t>(g)] = npInterp(-x, xp, recall, 0.0, recall.back());
                        pCurve[ci][static_cast<size_t>(g)] = npInterp(-x, xp, precision, 1.0, precision.back());
                    }
                }
                const double ap = apTrapezoid101(recall, precision, j == 0 ? &cm.pr50 : nullptr, version_);
                const double coco = apCoco101(recall, precision);
                apSum += ap;
                cocoSum += coco;
                if (j == 0) {
                    cm.ap50 = ap;
                    m.map50_coco += coco;
                }
            }
            cm.ap50_95 = apSum / kNumIou;
            m.map50_95_coco += cocoSum / kNumIou;
        }
        for (int g = 0; g < kConfGrid; ++g) {
            const double p = pCurve[ci][static_cast<size_t>(g)], r = rCurve[ci][static_cast<size_t>(g)];
            f1Sum[static_cast<size_t>(g)] += 2 * p * r / (p + r + kEps);
        }
        m.perClass.push_back(cm);
    }

    const double n = static_cast<double>(nPresent);
    for (double& f : f1Sum)
        f /= n;
    const auto sm = smooth(f1Sum, kF1Smooth);
    const auto best = static_cast<size_t>(std::max_element(sm.begin(), sm.end()) - sm.begin());
    for (size_t ci = 0; ci < nPresent; ++ci) {
        auto& cm = m.perClass[ci];
        cm.precision = pCurve[ci][best];
        cm.recall = rCurve[ci][best];
        m.precision += cm.precision;
        m.recall += cm.recall;
        m.map50 += cm.ap50;
        m.map50_95 += cm.ap50_95;
    }
    m.precision /= n;
    m.recall /= n;
    m.map50 /= n;
    m.map50_95 /= n;
    m.map50_coco /= n;
    m.map50_95_coco /= n;
    return m;
}

std::vector<std::string> metricsTable(const DetectionMetrics& m, const std::vector<std::string>& names,
                                      int64_t images)
{
    std::vector<std::string> lines;
    lines.emplace_back("                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95)");
    auto row = [&](const std::string& name, int64_t imgs, int64_t instances, double p, double r, double ap50,
                   double ap) {
        char buf[256];
        std::snprintf(buf, sizeof buf, "%22s%11lld%11lld%11.3g%11.3g%11.3g%11.3g", name.substr(0, 22).c_str(),
                      static_cast<long long>(imgs), static_cast<long long>(instances), p, r, ap50, ap);
        lines.emplace_back(buf);
    };
    int64_t instances = 0;
    for (const auto& c : m.perClass)
        instances += c.instances;
    row("all", images, instances, m.precision, m.recall, m.map50, m.map50_95);
    for (const auto& c : m.perClass) {
        const bool named = c.cls >= 0 && static_cast<size_t>(c.cls) < names.size();
        row(named ? names[static_cast<size_t>(c.cls)] : std::to_string(c.cls), c.images, c.instances, c.precision,
            c.recall, c.ap50, c.ap50_95);
    }
    return lines;
}

}  // namespace ys
