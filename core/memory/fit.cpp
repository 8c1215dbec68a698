// Memory model fitting, GPU targets, and the fit result's JSON and text forms (torch-free).
#include "memory/internal/fitmodel.h"
#include "memory/memory.h"

#include "common/config.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace ys::memory {
namespace internal {
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
    return fixed + batch * (area * s * s + edge * s);
}

bool fitLinearPeak(const std::vector<std::array<double, 3>>& samples, LinearPeak& out)
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
        for (size_t i = 0; i < n; ++i) {
            for (size_t k = 0; k < n; ++k)
                ata[i][k] += row[i] * row[k];
            atb[i] += row[i] * s[2];
        }
    }
    std::vector<double> x;
    if (!solve(ata, atb, x))
        return false;
    out.fixed = x[0];
    out.area = x[1] / (kS * kS);
    out.edge = withEdge ? x[2] / kS : 0.0;
    return true;
}

double DeviceMemoryModel::trainPeak(int batch, int imgsz) const
{
    double m = 0;
    for (const auto& p : train)
        m = std::max(m, p.at(batch, imgsz));
    const double s = imgsz;
    return m + static_cast<double>(loaderQueueBatches) * batch * 3.0 * s * s;
}

double DeviceMemoryModel::validationPeak(int valBatch, int imgsz) const
{
    const double s = imgsz;
    return validation.at(valBatch, imgsz) + static_cast<double>(loaderQueueBatches) * valBatch * 3.0 * s * s;
}

double DeviceMemoryModel::runPeak(int batch, int imgsz) const
{
    return std::max(trainPeak(batch, imgsz), validationPeak(2 * batch, imgsz));
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

}  // namespace internal

// ------------------------------------------------------------------------------------------------------
// GPU targets. Totals are what the driver reports; context and workspace are the estimates of PRODUCT.md
// (lazy module loading: 0.25-0.65 GiB at init + 0.2-0.5 GiB as training kernels load, larger cards
// higher; cuDNN workspace with benchmark off 64-512 MiB; cuBLAS 8-32 MiB per handle).

namespace {
constexpr int64_t kMiB = int64_t{1} << 20;
constexpr int64_t kGiB = int64_t{1} << 30;
constexpr int64_t kWorkspace = 256 * kMiB + 32 * kMiB;
}  // namespace

const std::vector<TargetGpu>& targetGpus()
{
    static const std::vector<TargetGpu> gpus{
        {"rtx3060", "RTX 3060 12 GB", 12288 * kMiB, 640 * kMiB, kWorkspace},
        {"rtx3070", "RTX 3070 8 GB", 8192 * kMiB, 640 * kMiB, kWorkspace},
        {"rtx3080", "RTX 3080 10 GB", 10240 * kMiB, 640 * kMiB, kWorkspace},
        {"rtx3090", "RTX 3090 24 GB", 24576 * kMiB, 768 * kMiB, kWorkspace},
        {"rtx4090", "RTX 4090 24 GB", 24564 * kMiB, 768 * kMiB, kWorkspace},
        {"t4", "Tesla T4 16 GB", 15360 * kMiB, 640 * kMiB, kWorkspace},
        {"a100-40", "A100 40 GB", 40960 * kMiB, 900 * kMiB, kWorkspace},
        {"a100-80", "A100 80 GB", 81920 * kMiB, 900 * kMiB, kWorkspace},
    };
    return gpus;
}

Expected<TargetGpu> findTargetGpu(const std::string& name)
{
    std::string key;
    for (char c : name)
        if (!std::isspace(static_cast<unsigned char>(c)) && c != '_')
            key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (key.rfind("custom:", 0) == 0) {
        const auto bytes = parseByteSize(name.substr(name.find(':') + 1));
        if (!bytes || *bytes < kGiB)
            return Error{"fit.target", "custom target '" + name + "' needs a size of at least 1GiB, e.g. custom:12GiB",
                         {}, 0, 0};
        return TargetGpu{"custom", "custom " + formatBytes(*bytes), *bytes, *bytes >= 32 * kGiB ? 900 * kMiB : 704 * kMiB,
                         kWorkspace};
    }
    for (const auto& g : targetGpus()) {
        std::string label;
        for (char c : g.label)
            if (!std::isspace(static_cast<unsigned char>(c)))
                label += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const std::string digits = g.name.substr(g.name.find_first_of("0123456789"));
        if (key == g.name || label.rfind(key, 0) == 0 || key == digits || key == "rtx" + digits ||
            (key == "a100" && g.name == "a100-80") || key == g.name + "gb")
            return g;
    }
    std::string names;
    for (const auto& g : targetGpus())
        names += (names.empty() ? "" : ", ") + g.name;
    return Error{"fit.target", "unknown target GPU '" + name + "'; use one of " + names + " or custom:SIZE", {}, 0, 0};
}

// ------------------------------------------------------------------------------------------------------

std::string fitResultToJson(const FitResult& r)
{
    using nlohmann::json;
    json j;
    j["recommended"] = {{"batch", r.recommended.batch},
                        {"imgsz", r.recommended.imgsz},
                        {"amp", r.recommended.amp},
                        {"amp_mode", r.recommended.ampMode},
                        {"accumulate", r.recommended.accumulate},
                        {"predicted_peak_bytes", r.recommended.predictedPeakBytes},
                        {"fits", r.recommended.fits}};
    j["budget_bytes"] = r.budgetBytes;
    j["device_total_bytes"] = r.deviceTotalBytes;
    j["margin"] = r.margin;
    j["device"] = r.device;
    j["target"] = r.target;
    j["probe_seconds"] = r.probeSeconds;
    j["max_boxes"] = r.maxBoxes;
    j["certainty"] = r.certainty;
    j["uncertainty"] = r.uncertainty;
    json pts = json::array();
    for (const auto& p : r.points)
        pts.push_back({{"batch", p.batch},
                       {"imgsz", p.imgsz},
                       {"amp", p.amp},
                       {"validation", p.validation},
                       {"max_boxes", p.maxBoxes},
                       {"peak_bytes", p.peakBytes},
                       {"phase_peak_bytes",
                        {{"forward", p.phasePeak[0]}, {"loss", p.phasePeak[1]}, {"backward", p.phasePeak[2]},
                         {"step", p.phasePeak[3]}}},
                       {"seconds", p.seconds}});
    j["probe_points"] = pts;
    json table = json::array();
    for (const auto& t : r.table)
        table.push_back({{"scale", std::string(1, t.scale)},
                         {"imgsz", t.imgsz},
                         {"amp", t.amp},
                         {"max_batch", t.maxBatch},
                         {"peak_bytes", t.peakAtMaxBatch}});
    j["table"] = table;
    const auto& b = r.breakdown;
    j["breakdown"] = {{"weights", b.weights},         {"gradients", b.gradients},
                      {"optimizer", b.optimizer},     {"ema", b.ema},
                      {"activations", b.activations}, {"assigner", b.assigner},
                      {"validation", b.validation},   {"loader_queue", b.loaderQueue},
                      {"cuda_context", b.cudaContext}, {"allocator_overhead", b.allocatorOverhead}};
    j["notes"] = r.notes;
    return j.dump(2);
}

Expected<FitResult> fitResultFromJson(const std::string& text, const std::string& source)
{
    using nlohmann::json;
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error{"run.fit", "fit.json is not a JSON object", source, 0, 0};
    FitResult r;
    try {
        // A key that is absent (an older writer) keeps the default; one of the wrong type throws.
        auto get = [](const json& o, const char* key, auto& out) {
            if (auto it = o.find(key); it != o.end() && !it->is_null())
                it->get_to(out);
        };
        auto object = [](const json& o, const char* key) -> const json* {
            auto it = o.find(key);
            return it != o.end() && it->is_object() ? &*it : nullptr;
        };
        auto array = [](const json& o, const char* key) -> const json* {
            auto it = o.find(key);
            return it != o.end() && it->is_array() ? &*it : nullptr;
        };
        if (const json* rec = object(j, "recommended")) {
            Recommendation& x = r.recommended;
            get(*rec, "batch", x.batch);
            get(*rec, "imgsz", x.imgsz);
            get(*rec, "amp", x.amp);
            get(*rec, "amp_mode", x.ampMode);
            get(*rec, "accumulate", x.accumulate);
            get(*rec, "predicted_peak_bytes", x.predictedPeakBytes);
            get(*rec, "fits", x.fits);
        }
        get(j, "budget_bytes", r.budgetBytes);
        get(j, "device_total_bytes", r.deviceTotalBytes);
        get(j, "margin", r.margin);
        get(j, "device", r.device);
        get(j, "target", r.target);
        get(j, "probe_seconds", r.probeSeconds);
        get(j, "max_boxes", r.maxBoxes);
        get(j, "certainty", r.certainty);
        get(j, "uncertainty", r.uncertainty);
        if (const json* pts = array(j, "probe_points"))
            for (const json& o : *pts) {
                if (!o.is_object())
                    continue;
                ProbePoint p;
                get(o, "batch", p.batch);
                get(o, "imgsz", p.imgsz);
                get(o, "amp", p.amp);
                get(o, "validation", p.validation);
                get(o, "max_boxes", p.maxBoxes);
                get(o, "peak_bytes", p.peakBytes);
                get(o, "seconds", p.seconds);
                if (const json* ph = object(o, "phase_peak_bytes")) {
                    get(*ph, "forward", p.phasePeak[0]);
                    get(*ph, "loss", p.phasePeak[1]);
                    get(*ph, "backward", p.phasePeak[2]);
                    get(*ph, "step", p.phasePeak[3]);
                }
                r.points.push_back(p);
            }
        if (const json* table = array(j, "table"))
            for (const json& o : *table) {
                if (!o.is_object())
                    continue;
                TableRow t;
                std::string scale;
                get(o, "scale", scale);
                t.scale = scale.empty() ? '-' : scale[0];
                get(o, "imgsz", t.imgsz);
                get(o, "amp", t.amp);
                get(o, "max_batch", t.maxBatch);
                get(o, "peak_bytes", t.peakAtMaxBatch);
                r.table.push_back(t);
            }
        if (const json* b = object(j, "breakdown")) {
            MemoryBreakdown& x = r.breakdown;
            get(*b, "weights", x.weights);
            get(*b, "gradients", x.gradients);
            get(*b, "optimizer", x.optimizer);
            get(*b, "ema", x.ema);
            get(*b, "activations", x.activations);
            get(*b, "assigner", x.assigner);
            get(*b, "validation", x.validation);
            get(*b, "loader_queue", x.loaderQueue);
            get(*b, "cuda_context", x.cudaContext);
            get(*b, "allocator_overhead", x.allocatorOverhead);
        }
        get(j, "notes", r.notes);
    } catch (const json::exception& e) {
        return Error{"run.fit", std::string("fit.json has a value of the wrong type: ") + e.what(), source, 0, 0};
    }
    return r;
}

std::string formatFitResult(const FitResult& r)
{
    std::ostringstream o;
    char buf[256];
    const auto& rec = r.recommended;
    o << "Fit to " << r.target << " (probed on " << r.device << ")\n";
    std::snprintf(buf, sizeof buf, "  budget %s of %s, margin %.0f%%\n", formatBytes(r.budgetBytes).c_str(),
                  formatBytes(r.deviceTotalBytes).c_str(), r.margin * 100.0);
    o << buf;
    if (rec.fits)
        std::snprintf(buf, sizeof buf,
                      "  recommended: batch=%d imgsz=%d amp=%s accumulate=%d  predicted peak %s (+/-%.0f%%, %s)\n",
                      rec.batch, rec.imgsz, rec.ampMode.c_str(), rec.accumulate,
                      formatBytes(rec.predictedPeakBytes).c_str(), r.uncertainty * 100.0, r.certainty.c_str());
    else
        std::snprintf(buf, sizeof buf, "  nothing fits: batch 1 at imgsz %d needs %s\n", rec.imgsz,
                      formatBytes(rec.predictedPeakBytes).c_str());
    o << buf;
    o << "  probe: " << r.points.size() << " points in ";
    std::snprintf(buf, sizeof buf, "%.1f s; most boxes in one image: %d\n", r.probeSeconds, r.maxBoxes);
    o << buf;
    for (const auto& p : r.points) {
        std::snprintf(buf, sizeof buf, "    %-5s batch %3d imgsz %4d amp %-3s  boxes %3d  peak %10s  %.2f s\n",
                      p.validation ? "val" : "train", p.batch, p.imgsz, p.amp ? "on" : "off", p.maxBoxes,
                      formatBytes(p.peakBytes).c_str(), p.seconds);
        o << buf;
    }
    if (!r.table.empty()) {
        o << "  largest batch under the budget:\n    scale imgsz amp  batch  peak\n";
        for (const auto& t : r.table) {
            std::snprintf(buf, sizeof buf, "    %-5c %5d %-4s %5d  %s\n", t.scale, t.imgsz, t.amp ? "on" : "off",
                          t.maxBatch, formatBytes(t.peakAtMaxBatch).c_str());
            o << buf;
        }
    }
    const auto& b = r.breakdown;
    o << "  breakdown at the recommended peak:\n";
    const std::pair<const char*, int64_t> rows[] = {
        {"weights", b.weights},         {"gradients", b.gradients},       {"optimizer state", b.optimizer},
        {"EMA", b.ema},                 {"activations", b.activations},   {"loss + assigner", b.assigner},
        {"loader queue", b.loaderQueue}, {"CUDA context + workspace", b.cudaContext},
        {"allocator overhead", b.allocatorOverhead}};
    for (const auto& [name, v] : rows) {
        if (v == 0)
            continue;
        std::snprintf(buf, sizeof buf, "    %-26s %s\n", name, formatBytes(v).c_str());
        o << buf;
    }
    std::snprintf(buf, sizeof buf, "    %-26s %s (its own phase, at batch %d)\n", "validation peak",
                  formatBytes(b.validation).c_str(), 2 * rec.batch);
    o << buf;
    for (const auto& n : r.notes)
        o << "  note: " << n << '\n';
    return o.str();
}

}  // namespace ys::memory
