// The fitted memory model behind fitToMemory: least squares per phase, predictions, the CUDA planning
// adjustment and AutoBatch's estimate for comparison (torch-free).
#include "fit/internal/fitmodel.h"

#include "common/trainrules.h"
#include "model/internal/attentioncost.h"

#include <algorithm>
#include <cmath>

namespace ys::fit::internal {
namespace {

// Solves the n x n system a * x = b (n <= 3) by Gaussian elimination with partial pivoting.
bool solve(std::vector<std::vector<double>> a, std::vector<double> b, std::vector<double>& x)
{
    const size_t n = b.size();
    for (size_t c = 0; c < n; ++c) {
        size_t piv = c;
        for (size_t r = c + 1; r < n; ++r)
            if (std::fabs(a[r][c]) > std::fabs(a[piv][c]))
                piv = r;
        if (std::fabs(a[piv][c]) < 1e-30)
            return false;
        std::swap(a[c], a[piv]);
        std::swap(b[c], b[piv]);
        for (size_t r = c + 1; r < n; ++r) {
            const double f = a[r][c] / a[c][c];
            for (size_t k = c; k < n; ++k)
                a[r][k] -= f * a[c][k];
            b[r] -= f * b[c];
        }
    }
    x.assign(n, 0.0);
    for (size_t i = n; i-- > 0;) {
        double s = b[i];
        for (size_t k = i + 1; k < n; ++k)
            s -= a[i][k] * x[k];
        x[i] = s / a[i][i];
    }
    return true;
}

}  // namespace

double LinearPeak::at(int batch, int imgsz) const
{
    const double s = imgsz;
    return fixed + batch * ((quartic * s * s + area) * s * s + edge * s);
}

AttentionTerm attentionTerm(const ModelSpec& spec, int imgsz)
{
    AttentionTerm t;
    auto maps = attentionMaps(spec, imgsz, imgsz);
    if (!maps)
        return t;  // the probe reports the shape error of this size
    const double s4 = std::pow(static_cast<double>(imgsz), 4.0);
    for (const AttentionMap& m : *maps) {
        t.all += m.elements() / s4;
        t.largest = std::max(t.largest, m.elements() / s4);
    }
    return t;
}

AttentionPhases attentionPhases(const AttentionTerm& t, bool autocast16)
{
    constexpr double kFloat = 4.0;            // bytes of an fp32 element
    constexpr double kInferenceCopies = 2.0;  // the scores and the softmax output of the running block
    const double kept = kFloat * t.all * (autocast16 ? 1.5 : 1.0);
    AttentionPhases p;
    p.train = {kept, kept, kept, 0.0};
    p.afterForward = kept;
    p.validationMoment = kInferenceCopies * kFloat * t.largest;
    return p;
}

bool fitLinearPeak(const std::vector<std::array<double, 3>>& samples, LinearPeak& out, double quartic)
{
    // Scale the regressors so the normal equations stay well conditioned (s^2 ~ 4e5 at 640).
    constexpr double kS = 640.0;
    std::vector<double> batches, sizes;
    for (const auto& s : samples) {
        if (std::find(batches.begin(), batches.end(), s[0]) == batches.end())
            batches.push_back(s[0]);
        if (std::find(sizes.begin(), sizes.end(), s[1]) == sizes.end())
            sizes.push_back(s[1]);
    }
    if (batches.size() < 2 && sizes.size() < 2)
        return false;
    const bool withEdge = sizes.size() >= 2 && samples.size() >= 3;
    const size_t n = withEdge ? 3 : 2;
    std::vector<std::vector<double>> ata(n, std::vector<double>(n, 0.0));
    std::vector<double> atb(n, 0.0);
    for (const auto& s : samples) {
        const double r = s[1] / kS;
        double row[3] = {1.0, s[0] * r * r, s[0] * r};
        const double y = s[2] - s[0] * quartic * std::pow(s[1], 4.0);
        for (size_t i = 0; i < n; ++i) {
            for (size_t k = 0; k < n; ++k)
                ata[i][k] += row[i] * row[k];
            atb[i] += row[i] * y;
        }
    }
    std::vector<double> x;
    if (!solve(ata, atb, x))
        return false;
    out.fixed = x[0];
    out.area = x[1] / (kS * kS);
    out.edge = withEdge ? x[2] / kS : 0.0;
    out.quartic = quartic;
    return true;
}

double DeviceMemoryModel::loaderQueueBytes(int batch, int imgsz) const
{
    return static_cast<double>(loaderQueueBatches) * static_cast<double>(batchImageBytes(batch, imgsz));
}

double DeviceMemoryModel::trainPeak(int batch, int imgsz) const
{
    double m = 0;
    for (const auto& p : train)
        m = std::max(m, p.at(batch, imgsz));
    return m + loaderQueueBytes(batch, imgsz);
}

double DeviceMemoryModel::validationPeak(int valBatch, int imgsz) const
{
    constexpr double kImageBytesPerPixel = 3 * 4.0;  // the batch as float RGB, alive through the forward
    const double s2 = static_cast<double>(imgsz) * imgsz;
    // Only a model with attention blocks has the moment (without one the images alone are below the fitted peak).
    const double attentionMoment =
        validationMoment > 0 ? validation.fixed + valBatch * (validationMoment * s2 + kImageBytesPerPixel) * s2 : 0.0;
    return std::max(validation.at(valBatch, imgsz), attentionMoment) + loaderQueueBytes(valBatch, imgsz);
}

double DeviceMemoryModel::runPeak(int batch, int imgsz) const
{
    return std::max(trainPeak(batch, imgsz), validationPeak(validationBatchFor(batch), imgsz));
}

int DeviceMemoryModel::peakPhase(int batch, int imgsz) const
{
    int best = 0;
    for (int p = 1; p < 4; ++p)
        if (train[static_cast<size_t>(p)].at(batch, imgsz) > train[static_cast<size_t>(best)].at(batch, imgsz))
            best = p;
    return best;
}

DeviceMemoryModel cudaPlanningModel(const DeviceMemoryModel& cpuFp32, bool fp16, int64_t paramCount)
{
    DeviceMemoryModel m = cpuFp32;
    m.loaderQueueBatches = 0;  // batches wait in host memory
    m.baseline = 0;
    auto adjust = [&](LinearPeak& p) {
        p.fixed -= static_cast<double>(cpuFp32.baseline);
        if (fp16) {
            // Activations saved in fp16 (PRODUCT.md: nearly every saved activation of a YOLO block), plus
            // the fp16 weight copy autocast keeps.
            p.area *= 0.5;
            p.edge *= 0.5;
            p.fixed += 2.0 * static_cast<double>(paramCount);
        }
    };
    for (auto& p : m.train)
        adjust(p);
    adjust(m.validation);
    adjust(m.afterForward);
    // The attention maps do not halve: softmax runs in fp32 under autocast and its 16-bit copy is kept too.
    const AttentionPhases a = attentionPhases(m.attention, fp16);
    for (size_t k = 0; k < m.train.size(); ++k)
        m.train[k].quartic = a.train[k];
    m.validationMoment = a.validationMoment;
    m.afterForward.quartic = a.afterForward;
    return m;
}

int autoBatchPick(const std::vector<std::pair<int, int64_t>>& samples, int64_t budgetBytes, double fraction)
{
    // y = slope * batch + intercept by least squares (numpy.polyfit degree 1), then
    // batch = (fraction * budget - intercept) / slope.
    const double n = static_cast<double>(samples.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const auto& [b, y] : samples) {
        sx += b;
        sy += static_cast<double>(y);
        sxx += static_cast<double>(b) * b;
        sxy += static_cast<double>(b) * static_cast<double>(y);
    }
    const double den = n * sxx - sx * sx;
    if (n < 2 || den == 0)
        return 1;
    const double slope = (n * sxy - sx * sy) / den;
    const double intercept = (sy - slope * sx) / n;
    if (slope <= 0)
        return 1;
    return std::max(1, static_cast<int>((fraction * static_cast<double>(budgetBytes) - intercept) / slope));
}

}  // namespace ys::fit::internal
