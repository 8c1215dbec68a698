#include "review/review.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ys {

namespace {

constexpr const char* kKindNames[kSuspectKindCount] = {"missing_label", "wrong_class", "poor_box", "spurious_label"};

ReviewBox boxOf(const Detection& d) { return ReviewBox{d.x1, d.y1, d.x2, d.y2}; }

std::string className(const std::vector<std::string>& names, int cls)
{
    if (cls >= 0 && cls < static_cast<int>(names.size()) && !names[static_cast<size_t>(cls)].empty())
        return names[static_cast<size_t>(cls)];
    return std::to_string(cls);
}

// Two decimals; three under 0.01, so a weak prediction does not print as 0.00.
std::string fmt2(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, v > 0 && v < 0.01 ? "%.3f" : "%.2f", v);
    return buf;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// calibrated(conf) for one class: the share of its finding confidences at or below conf (sorted ascending),
// with half a count of smoothing on each side so no confidence is quite 0 or 1.
struct Calibrator {
    std::vector<std::vector<double>> perClass;  // sorted finding confidences, per class (pooled where few)
    double operator()(double conf, int cls) const
    {
        if (conf <= 0 || cls < 0 || cls >= static_cast<int>(perClass.size()))
            return 0;
        const auto& v = perClass[static_cast<size_t>(cls)];
        if (v.empty())
            return std::min(1.0, conf);  // nothing to calibrate on: the raw confidence
        const auto below = static_cast<double>(std::upper_bound(v.begin(), v.end(), conf) - v.begin());
        return (below + 0.5) / (static_cast<double>(v.size()) + 1.0);
    }
};

}  // namespace

const char* toString(SuspectKind kind)
{
    const auto i = static_cast<size_t>(kind);
    return i < static_cast<size_t>(kSuspectKindCount) ? kKindNames[i] : "missing_label";
}

bool suspectKindFromString(const std::string& name, SuspectKind& kind)
{
    for (int i = 0; i < kSuspectKindCount; ++i)
        if (name == kKindNames[i]) {
            kind = static_cast<SuspectKind>(i);
            return true;
        }
    return false;
}

std::string suspectKey(const std::string& image, const Suspect& s, const std::string& root)
{
    std::string path = image;
    if (!root.empty()) {
        std::string r = root;
        if (r.back() != '/')
            r += '/';
        if (path.compare(0, r.size(), r) == 0)
            path = path.substr(r.size());
    }
    std::replace(path.begin(), path.end(), '\\', '/');
    std::string key = path + "|" + toString(s.kind) + "|";
    if (s.kind != SuspectKind::MissingLabel)
        return key + std::to_string(s.line);
    constexpr float kCells = 20;  // the centre's grid: a few pixels of jitter keep the key
    const auto cell = [&](float a, float b) { return std::to_string(static_cast<int>(std::floor((a + b) / 2 * kCells))); };
    return key + std::to_string(s.cls) + "@" + cell(s.box.x1, s.box.x2) + "," + cell(s.box.y1, s.box.y2);
}

const char* toString(ReviewSplit split)
{
    switch (split) {
    case ReviewSplit::Val: return "val";
    case ReviewSplit::Train: return "train";
    case ReviewSplit::All: return "all";
    }
    return "val";
}

float reviewIou(const ReviewBox& a, const ReviewBox& b)
{
    const float aw = a.x2 - a.x1, ah = a.y2 - a.y1, bw = b.x2 - b.x1, bh = b.y2 - b.y1;
    if (!(aw > 0 && ah > 0 && bw > 0 && bh > 0))
        return 0;
    const float iw = std::min(a.x2, b.x2) - std::max(a.x1, b.x1);
    const float ih = std::min(a.y2, b.y2) - std::max(a.y1, b.y1);
    if (iw <= 0 || ih <= 0)
        return 0;
    const float inter = iw * ih;
    return inter / (aw * ah + bw * bh - inter);
}

std::vector<Suspect> scoreSuspects(const std::vector<ReviewImage>& images, const std::vector<std::string>& names,
                                   const ReviewScoring& s, std::vector<ClassCalibration>* calibrationOut)
{
    int nc = static_cast<int>(names.size());
    for (const ReviewImage& im : images) {
        for (const ReviewLabel& l : im.labels)
            nc = std::max(nc, l.cls + 1);
        for (const Detection& d : im.predictions)
            nc = std::max(nc, d.cls + 1);
    }
    const auto ncs = static_cast<size_t>(std::max(nc, 0));

    // Pass 1, calibration: for each label, the most confident same-class prediction on it (IoU >= matchIou).
    std::vector<ClassCalibration> cal(ncs);
    std::vector<std::vector<double>> findConf(ncs), findIou(ncs);
    for (size_t c = 0; c < ncs; ++c)
        cal[c].cls = static_cast<int>(c);
    for (const ReviewImage& im : images)
        for (const ReviewLabel& l : im.labels) {
            if (l.cls < 0)
                continue;
            const auto c = static_cast<size_t>(l.cls);
            ++cal[c].labels;
            double bestConf = -1, bestIou = 0;
            for (const Detection& d : im.predictions) {
                if (d.cls != l.cls || d.conf < s.conf)
                    continue;
                const double iou = reviewIou(boxOf(d), l.box);
                if (iou >= s.matchIou && d.conf > bestConf) {
                    bestConf = d.conf;
                    bestIou = iou;
                }
            }
            if (bestConf >= 0) {
                ++cal[c].found;
                findConf[c].push_back(bestConf);
                findIou[c].push_back(bestIou);
            }
        }
    std::vector<double> allConf, allIou;
    for (size_t c = 0; c < ncs; ++c) {
        allConf.insert(allConf.end(), findConf[c].begin(), findConf[c].end());
        allIou.insert(allIou.end(), findIou[c].begin(), findIou[c].end());
    }
    std::sort(allConf.begin(), allConf.end());
    const double pooledIou = median(allIou);
    Calibrator calibrated;
    calibrated.perClass.resize(ncs);
    std::vector<double> typicalIou(ncs, pooledIou);
    for (size_t c = 0; c < ncs; ++c) {
        ClassCalibration& k = cal[c];
        k.recall = k.labels > 0 ? static_cast<double>(k.found) / static_cast<double>(k.labels) : 0;
        k.medianConf = median(findConf[c]);
        k.medianIou = median(findIou[c]);
        k.pooled = static_cast<int>(findConf[c].size()) < s.minCalibration;
        if (k.pooled) {
            calibrated.perClass[c] = allConf;
        } else {
            calibrated.perClass[c] = findConf[c];
            std::sort(calibrated.perClass[c].begin(), calibrated.perClass[c].end());
            typicalIou[c] = k.medianIou;
        }
    }
    if (calibrationOut)
        *calibrationOut = cal;

    // Pass 2: one suspect per label (its likeliest kind), then the unclaimed confident predictions.
    std::vector<Suspect> out;
    for (size_t ii = 0; ii < images.size(); ++ii) {
        const ReviewImage& im = images[ii];
        const auto& preds = im.predictions;
        std::vector<char> used(preds.size(), 0);  // a prediction some label's suspect is built on
        // IoU of every (label, prediction) pair once, and for each prediction its best label of its own class and
        // its best of any class: the checks below then cost O(labels x predictions) per image, not a cube.
        const size_t np = preds.size();
        std::vector<float> iouLP(im.labels.size() * np);
        std::vector<int> bestSame(np, -1);
        std::vector<float> bestSameIou(np, 0.f), bestAnyIou(np, 0.f);
        for (size_t li = 0; li < im.labels.size(); ++li)
            for (size_t p = 0; p < np; ++p) {
                const float iou = reviewIou(boxOf(preds[p]), im.labels[li].box);
                iouLP[li * np + p] = iou;
                bestAnyIou[p] = std::max(bestAnyIou[p], iou);
                if (im.labels[li].cls == preds[p].cls && iou > bestSameIou[p]) {
                    bestSameIou[p] = iou;
                    bestSame[p] = static_cast<int>(li);
                }
            }
        for (size_t li = 0; li < im.labels.size(); ++li) {
            const ReviewLabel& l = im.labels[li];
            if (l.cls < 0 || static_cast<size_t>(l.cls) >= ncs)
                continue;
            const float* iouOf = iouLP.data() + li * np;
            Suspect best;
            best.score = -1;
            int bestPred = -1;
            auto offer = [&](Suspect&& cand, int pred) {
                if (cand.score > best.score) {
                    best = std::move(cand);
                    bestPred = pred;
                }
            };
            Suspect base;
            base.image = static_cast<int>(ii);
            base.line = l.line;
            base.cls = l.cls;
            base.box = l.box;

            // Own class's best confidence on the box, and the best confident prediction near it (any class).
            double ownConf = 0;
            double nearConf = 0, nearIou = 0;
            int nearIdx = -1;
            for (size_t p = 0; p < preds.size(); ++p) {
                const double iou = iouOf[p];
                if (preds[p].cls == l.cls && iou >= s.matchIou)
                    ownConf = std::max(ownConf, static_cast<double>(preds[p].conf));
                if (iou >= s.nearIou && preds[p].conf > nearConf) {
                    nearConf = preds[p].conf;
                    nearIou = iou;
                    nearIdx = static_cast<int>(p);
                }
            }
            const double ownCal = calibrated(ownConf, l.cls);

            // Wrong class: the most confident other-class prediction on the box that no label of its class has.
            for (size_t p = 0; p < preds.size(); ++p) {
                const Detection& d = preds[p];
                if (d.cls == l.cls || d.conf < s.conf)
                    continue;
                const double iou = iouOf[p];
                if (iou < s.matchIou || bestSameIou[p] >= s.matchIou)  // a label of its class has it
                    continue;
                Suspect c = base;
                c.kind = SuspectKind::WrongClass;
                c.score = calibrated(d.conf, d.cls) * (1.0 - ownCal);
                c.predictedCls = d.cls;
                c.hasSuggestion = true;
                c.suggested = boxOf(d);
                c.conf = d.conf;
                c.iou = iou;
                c.reason = "predicted '" + className(names, d.cls) + "' at " + fmt2(d.conf) + " (IoU " + fmt2(iou) +
                           ") where the label says '" + className(names, l.cls) + "'" +
                           (ownConf >= s.conf ? " (its own class only at " + fmt2(ownConf) + ")" : "");
                offer(std::move(c), static_cast<int>(p));
            }

            // Poor box: the most confident same-class prediction whose best label of the class this is.
            int poorIdx = -1;
            double poorIouValue = 0, goodConf = 0;
            for (size_t p = 0; p < preds.size(); ++p) {
                const Detection& d = preds[p];
                if (d.cls != l.cls)
                    continue;
                const double iou = iouOf[p];
                if (iou >= s.poorIou) {
                    goodConf = std::max(goodConf, static_cast<double>(d.conf));
                    continue;
                }
                if (iou < s.nearIou || d.conf < s.conf)
                    continue;
                if (bestSame[p] != static_cast<int>(li) && bestSameIou[p] > iou)  // another label's prediction
                    continue;
                if (poorIdx < 0 || d.conf > preds[static_cast<size_t>(poorIdx)].conf) {
                    poorIdx = static_cast<int>(p);
                    poorIouValue = iou;
                }
            }
            if (poorIdx >= 0) {
                used[static_cast<size_t>(poorIdx)] = 1;  // explained by this label, whichever kind wins
                const Detection& d = preds[static_cast<size_t>(poorIdx)];
                const double typical = std::max(typicalIou[static_cast<size_t>(l.cls)], s.poorIou);
                const double shortfall = std::clamp(2.0 * (1.0 - poorIouValue / typical), 0.0, 1.0);
                Suspect c = base;
                c.kind = SuspectKind::PoorBox;
                c.score = calibrated(d.conf, d.cls) * (1.0 - calibrated(goodConf, l.cls)) * shortfall;
                c.predictedCls = d.cls;
                c.hasSuggestion = true;
                c.suggested = boxOf(d);
                c.conf = d.conf;
                c.iou = poorIouValue;
                c.reason = "the model puts this '" + className(names, l.cls) + "' elsewhere: its prediction at " +
                           fmt2(d.conf) + " overlaps the box only " + fmt2(poorIouValue) + " (IoU)";
                offer(std::move(c), poorIdx);
            }

            // Spurious: nothing confident near the box, in a class the model finds elsewhere.
            if (nearConf < s.conf) {
                const ClassCalibration& k = cal[static_cast<size_t>(l.cls)];
                const int64_t others = k.labels - 1;  // this label is not found: recall on the others
                const double recall =
                    others > 0 ? std::min(1.0, static_cast<double>(k.found) / static_cast<double>(others)) : 0;
                // Of the labels a model of this recall leaves unfound, the share that are mistakes (Bayes with
                // the prior share of mistakes), times how far the nearest weak guess stays under `conf`.
                const double misses = 1.0 - recall;
                const double prior = std::clamp(s.prior, 1e-6, 1.0);
                const double mistake = recall > 0 ? prior / (prior + misses) : 0;
                Suspect c = base;
                c.kind = SuspectKind::SpuriousLabel;
                c.score = mistake * (1.0 - std::clamp(nearConf / std::max(s.conf, 1e-6), 0.0, 1.0));
                c.conf = nearConf;
                c.iou = nearIou;
                c.reason = "no prediction near this '" + className(names, l.cls) + "'" +
                           (nearIdx >= 0 ? " (best " + fmt2(nearConf) + ")" : "") + ", though the model finds " +
                           std::to_string(static_cast<int>(std::lround(recall * 100))) +
                           "% of the class's other labels";
                offer(std::move(c), -1);
            }
            if (best.score > 0) {
                if (bestPred >= 0)
                    used[static_cast<size_t>(bestPred)] = 1;
                out.push_back(std::move(best));
            }
        }

        // Missing labels: confident predictions that no label claims, one per object (most confident first:
        // NMS order is not guaranteed across classes).
        std::vector<size_t> order(preds.size());
        for (size_t p = 0; p < order.size(); ++p)
            order[p] = p;
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return preds[a].conf > preds[b].conf; });
        std::vector<size_t> taken;
        for (size_t p : order) {
            const Detection& d = preds[p];
            if (d.conf < s.conf || used[p] || d.cls < 0 || static_cast<size_t>(d.cls) >= ncs)
                continue;
            bool claimed = bestAnyIou[p] >= s.claimIou;
            for (size_t t : taken)
                claimed = claimed || reviewIou(boxOf(d), boxOf(preds[t])) >= s.dupIou;
            for (size_t q = 0; q < preds.size() && !claimed; ++q)
                claimed = used[q] && reviewIou(boxOf(d), boxOf(preds[q])) >= s.dupIou;
            if (claimed)
                continue;
            taken.push_back(p);
            Suspect c;
            c.kind = SuspectKind::MissingLabel;
            c.image = static_cast<int>(ii);
            c.cls = d.cls;
            c.predictedCls = d.cls;
            c.box = boxOf(d);
            c.hasSuggestion = true;
            c.suggested = boxOf(d);
            c.conf = d.conf;
            c.score = calibrated(d.conf, d.cls);
            c.reason = "predicted '" + className(names, d.cls) + "' at " + fmt2(d.conf) + " where no label is";
            out.push_back(std::move(c));
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const Suspect& a, const Suspect& b) {
        if (a.score != b.score)
            return a.score > b.score;
        if (a.conf != b.conf)
            return a.conf > b.conf;
        if (a.image != b.image)
            return a.image < b.image;
        return a.line < b.line;
    });
    return out;
}

}  // namespace ys
