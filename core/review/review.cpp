#include "review/review.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

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

namespace {

// What the calibration pass learned, as the suspects' passes use it.
struct Calibration {
    std::vector<ClassCalibration> classes;  // one per class 0..nc-1
    Calibrator calibrated;
    std::vector<double> typicalIou;         // per class: its median finding IoU (all classes' where few)
};

// Classes: the names, or beyond them the highest class id seen.
size_t classCount(const std::vector<ReviewImage>& images, const std::vector<std::string>& names)
{
    int nc = static_cast<int>(names.size());
    for (const ReviewImage& im : images) {
        for (const ReviewLabel& l : im.labels)
            nc = std::max(nc, l.cls + 1);
        for (const Detection& d : im.predictions)
            nc = std::max(nc, d.cls + 1);
    }
    return static_cast<size_t>(std::max(nc, 0));
}

// For each label, the most confident same-class prediction on it (IoU >= matchIou): per class, how often and
// how confidently the model finds its labels.
Calibration calibrate(const std::vector<ReviewImage>& images, size_t ncs, const ReviewScoring& s)
{
    Calibration k;
    k.classes.resize(ncs);
    std::vector<std::vector<double>> findConf(ncs), findIou(ncs);
    for (size_t c = 0; c < ncs; ++c)
        k.classes[c].cls = static_cast<int>(c);
    for (const ReviewImage& im : images)
        for (const ReviewLabel& l : im.labels) {
            if (l.cls < 0)
                continue;
            const auto c = static_cast<size_t>(l.cls);
            ++k.classes[c].labels;
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
                ++k.classes[c].found;
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
    k.calibrated.perClass.resize(ncs);
    k.typicalIou.assign(ncs, median(allIou));
    for (size_t c = 0; c < ncs; ++c) {
        ClassCalibration& cc = k.classes[c];
        cc.recall = cc.labels > 0 ? static_cast<double>(cc.found) / static_cast<double>(cc.labels) : 0;
        cc.medianConf = median(findConf[c]);
        cc.medianIou = median(findIou[c]);
        cc.pooled = static_cast<int>(findConf[c].size()) < s.minCalibration;
        if (cc.pooled) {
            k.calibrated.perClass[c] = allConf;
        } else {
            k.calibrated.perClass[c] = findConf[c];
            std::sort(k.calibrated.perClass[c].begin(), k.calibrated.perClass[c].end());
            k.typicalIou[c] = cc.medianIou;
        }
    }
    return k;
}

// The IoU of every (label, prediction) pair of an image once, and for each prediction its best label of its own
// class and its best of any class: the checks then cost O(labels x predictions) per image, not a cube.
struct Overlaps {
    size_t np = 0;
    std::vector<float> iou;  // label-major: iou[label * np + prediction]
    std::vector<int> bestSame;
    std::vector<float> bestSameIou, bestAnyIou;
    const float* ofLabel(size_t li) const { return iou.data() + li * np; }
};

Overlaps overlapsOf(const ReviewImage& im)
{
    const auto& preds = im.predictions;
    Overlaps ov;
    ov.np = preds.size();
    ov.iou.resize(im.labels.size() * ov.np);
    ov.bestSame.assign(ov.np, -1);
    ov.bestSameIou.assign(ov.np, 0.f);
    ov.bestAnyIou.assign(ov.np, 0.f);
    for (size_t li = 0; li < im.labels.size(); ++li)
        for (size_t p = 0; p < ov.np; ++p) {
            const float iou = reviewIou(boxOf(preds[p]), im.labels[li].box);
            ov.iou[li * ov.np + p] = iou;
            ov.bestAnyIou[p] = std::max(ov.bestAnyIou[p], iou);
            if (im.labels[li].cls == preds[p].cls && iou > ov.bestSameIou[p]) {
                ov.bestSameIou[p] = iou;
                ov.bestSame[p] = static_cast<int>(li);
            }
        }
    return ov;
}

// One image (and, for a label's suspects, the label) with what scoring it needs.
struct ImageContext {
    const ReviewImage& im;
    size_t image;
    size_t label;  // the label's index (labelSuspect)
    const Overlaps& ov;
    const Calibration& k;
    const std::vector<std::string>& names;
    const ReviewScoring& s;
};

struct Candidate {
    Suspect suspect;
    int pred = -1;  // the prediction it is built on; -1 for none
};

// Keeps the higher-scoring candidate, the earlier one on a tie.
void keepBetter(std::optional<Candidate>& best, std::optional<Candidate> c)
{
    if (c && (!best || c->suspect.score > best->suspect.score))
        best = std::move(c);
}

// Near a label: its own class's best confidence on it (IoU >= matchIou), and the most confident prediction of
// any class near it (IoU >= nearIou).
struct NearLabel {
    double ownConf = 0;
    double nearConf = 0, nearIou = 0;
    int nearIdx = -1;
};

NearLabel nearLabel(const ImageContext& x)
{
    const ReviewLabel& l = x.im.labels[x.label];
    const float* iouOf = x.ov.ofLabel(x.label);
    NearLabel n;
    for (size_t p = 0; p < x.im.predictions.size(); ++p) {
        const Detection& d = x.im.predictions[p];
        const double iou = iouOf[p];
        if (d.cls == l.cls && iou >= x.s.matchIou)
            n.ownConf = std::max(n.ownConf, static_cast<double>(d.conf));
        if (iou >= x.s.nearIou && d.conf > n.nearConf) {
            n.nearConf = d.conf;
            n.nearIou = iou;
            n.nearIdx = static_cast<int>(p);
        }
    }
    return n;
}

Suspect labelBase(const ImageContext& x)
{
    const ReviewLabel& l = x.im.labels[x.label];
    Suspect base;
    base.image = static_cast<int>(x.image);
    base.line = l.line;
    base.cls = l.cls;
    base.box = l.box;
    return base;
}

// Wrong class: the most confident other-class prediction on the box that no label of its class has.
std::optional<Candidate> wrongClass(const ImageContext& x, const NearLabel& n)
{
    const ReviewLabel& l = x.im.labels[x.label];
    const float* iouOf = x.ov.ofLabel(x.label);
    const double ownCal = x.k.calibrated(n.ownConf, l.cls);
    std::optional<Candidate> best;
    for (size_t p = 0; p < x.im.predictions.size(); ++p) {
        const Detection& d = x.im.predictions[p];
        if (d.cls == l.cls || d.conf < x.s.conf)
            continue;
        const double iou = iouOf[p];
        if (iou < x.s.matchIou || x.ov.bestSameIou[p] >= x.s.matchIou)  // a label of its class has it
            continue;
        Candidate c{labelBase(x), static_cast<int>(p)};
        c.suspect.kind = SuspectKind::WrongClass;
        c.suspect.score = x.k.calibrated(d.conf, d.cls) * (1.0 - ownCal);
        c.suspect.predictedCls = d.cls;
        c.suspect.hasSuggestion = true;
        c.suspect.suggested = boxOf(d);
        c.suspect.conf = d.conf;
        c.suspect.iou = iou;
        c.suspect.reason = "predicted '" + className(x.names, d.cls) + "' at " + fmt2(d.conf) + " (IoU " + fmt2(iou) +
                           ") where the label says '" + className(x.names, l.cls) + "'" +
                           (n.ownConf >= x.s.conf ? " (its own class only at " + fmt2(n.ownConf) + ")" : "");
        keepBetter(best, std::move(c));
    }
    return best;
}

// Poor box: the most confident same-class prediction whose best label of the class this is. Its prediction is
// marked used (explained by this label) whichever kind wins.
std::optional<Candidate> poorBox(const ImageContext& x, std::vector<char>& used)
{
    const ReviewLabel& l = x.im.labels[x.label];
    const float* iouOf = x.ov.ofLabel(x.label);
    const auto& preds = x.im.predictions;
    int poorIdx = -1;
    double poorIouValue = 0, goodConf = 0;
    for (size_t p = 0; p < preds.size(); ++p) {
        const Detection& d = preds[p];
        if (d.cls != l.cls)
            continue;
        const double iou = iouOf[p];
        if (iou >= x.s.poorIou) {
            goodConf = std::max(goodConf, static_cast<double>(d.conf));
            continue;
        }
        if (iou < x.s.nearIou || d.conf < x.s.conf)
            continue;
        if (x.ov.bestSame[p] != static_cast<int>(x.label) && x.ov.bestSameIou[p] > iou)  // another label's
            continue;
        if (poorIdx < 0 || d.conf > preds[static_cast<size_t>(poorIdx)].conf) {
            poorIdx = static_cast<int>(p);
            poorIouValue = iou;
        }
    }
    if (poorIdx < 0)
        return std::nullopt;
    used[static_cast<size_t>(poorIdx)] = 1;
    const Detection& d = preds[static_cast<size_t>(poorIdx)];
    const double typical = std::max(x.k.typicalIou[static_cast<size_t>(l.cls)], x.s.poorIou);
    const double shortfall = std::clamp(2.0 * (1.0 - poorIouValue / typical), 0.0, 1.0);
    Candidate c{labelBase(x), poorIdx};
    c.suspect.kind = SuspectKind::PoorBox;
    c.suspect.score = x.k.calibrated(d.conf, d.cls) * (1.0 - x.k.calibrated(goodConf, l.cls)) * shortfall;
    c.suspect.predictedCls = d.cls;
    c.suspect.hasSuggestion = true;
    c.suspect.suggested = boxOf(d);
    c.suspect.conf = d.conf;
    c.suspect.iou = poorIouValue;
    c.suspect.reason = "the model puts this '" + className(x.names, l.cls) + "' elsewhere: its prediction at " +
                       fmt2(d.conf) + " overlaps the box only " + fmt2(poorIouValue) + " (IoU)";
    return c;
}

// Spurious: nothing confident near the box, in a class the model finds elsewhere.
std::optional<Candidate> spurious(const ImageContext& x, const NearLabel& n)
{
    if (n.nearConf >= x.s.conf)
        return std::nullopt;
    const ReviewLabel& l = x.im.labels[x.label];
    const ClassCalibration& k = x.k.classes[static_cast<size_t>(l.cls)];
    const int64_t others = k.labels - 1;  // this label is not found: recall on the others
    const double recall = others > 0 ? std::min(1.0, static_cast<double>(k.found) / static_cast<double>(others)) : 0;
    // Of the labels a model of this recall leaves unfound, the share that are mistakes (Bayes with the prior
    // share of mistakes), times how far the nearest weak guess stays under `conf`.
    const double misses = 1.0 - recall;
    const double prior = std::clamp(x.s.prior, 1e-6, 1.0);
    const double mistake = recall > 0 ? prior / (prior + misses) : 0;
    Candidate c{labelBase(x), -1};
    c.suspect.kind = SuspectKind::SpuriousLabel;
    c.suspect.score = mistake * (1.0 - std::clamp(n.nearConf / std::max(x.s.conf, 1e-6), 0.0, 1.0));
    c.suspect.conf = n.nearConf;
    c.suspect.iou = n.nearIou;
    c.suspect.reason = "no prediction near this '" + className(x.names, l.cls) + "'" +
                       (n.nearIdx >= 0 ? " (best " + fmt2(n.nearConf) + ")" : "") + ", though the model finds " +
                       std::to_string(static_cast<int>(std::lround(recall * 100))) + "% of the class's other labels";
    return c;
}

// A label's likeliest kind of suspect (wrong class, then poor box, then spurious on a tie), if any.
std::optional<Candidate> labelSuspect(const ImageContext& x, std::vector<char>& used)
{
    const NearLabel n = nearLabel(x);
    std::optional<Candidate> best = wrongClass(x, n);
    keepBetter(best, poorBox(x, used));
    keepBetter(best, spurious(x, n));
    return best;
}

// Missing labels: confident predictions that no label claims, one per object (most confident first: NMS order
// is not guaranteed across classes).
void addMissingLabels(const ImageContext& x, const std::vector<char>& used, std::vector<Suspect>& out)
{
    const auto& preds = x.im.predictions;
    std::vector<size_t> order(preds.size());
    for (size_t p = 0; p < order.size(); ++p)
        order[p] = p;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return preds[a].conf > preds[b].conf; });
    std::vector<size_t> taken;
    for (size_t p : order) {
        const Detection& d = preds[p];
        if (d.conf < x.s.conf || used[p] || d.cls < 0 || static_cast<size_t>(d.cls) >= x.k.classes.size())
            continue;
        bool claimed = x.ov.bestAnyIou[p] >= x.s.claimIou;
        for (size_t t : taken)
            claimed = claimed || reviewIou(boxOf(d), boxOf(preds[t])) >= x.s.dupIou;
        for (size_t q = 0; q < preds.size() && !claimed; ++q)
            claimed = used[q] && reviewIou(boxOf(d), boxOf(preds[q])) >= x.s.dupIou;
        if (claimed)
            continue;
        taken.push_back(p);
        Suspect c;
        c.kind = SuspectKind::MissingLabel;
        c.image = static_cast<int>(x.image);
        c.cls = d.cls;
        c.predictedCls = d.cls;
        c.box = boxOf(d);
        c.hasSuggestion = true;
        c.suggested = boxOf(d);
        c.conf = d.conf;
        c.score = x.k.calibrated(d.conf, d.cls);
        c.reason = "predicted '" + className(x.names, d.cls) + "' at " + fmt2(d.conf) + " where no label is";
        out.push_back(std::move(c));
    }
}

}  // namespace

std::vector<Suspect> scoreSuspects(const std::vector<ReviewImage>& images, const std::vector<std::string>& names,
                                   const ReviewScoring& s, std::vector<ClassCalibration>* calibrationOut)
{
    const Calibration k = calibrate(images, classCount(images, names), s);
    if (calibrationOut)
        *calibrationOut = k.classes;
    // One suspect per label (its likeliest kind), then the confident predictions no label claims.
    std::vector<Suspect> out;
    for (size_t ii = 0; ii < images.size(); ++ii) {
        const ReviewImage& im = images[ii];
        const Overlaps ov = overlapsOf(im);
        std::vector<char> used(im.predictions.size(), 0);  // a prediction some label's suspect is built on
        for (size_t li = 0; li < im.labels.size(); ++li) {
            const int cls = im.labels[li].cls;
            if (cls < 0 || static_cast<size_t>(cls) >= k.classes.size())
                continue;
            const std::optional<Candidate> best = labelSuspect({im, ii, li, ov, k, names, s}, used);
            if (best && best->suspect.score > 0) {
                if (best->pred >= 0)
                    used[static_cast<size_t>(best->pred)] = 1;
                out.push_back(best->suspect);
            }
        }
        addMissingLabels({im, ii, 0, ov, k, names, s}, used, out);
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
