// Fit to memory against Ultralytics' AutoBatch method on the same model, data and CPU budget.
//
//   bench_memory_fit [data.yaml | synthetic:BOXES] [imgsz=320] [budget=2GiB] [model=yolov8n.yaml]
//
// synthetic:BOXES uses random images with BOXES boxes each (a dense dataset: the assigner grows with it).
// AutoBatch: one forward + backward of the summed outputs at batch 1, 2, 4, 8, 16, a straight line through
// (batch, peak), solved for 60% of the budget. Ours: fitToMemory (complete iterations + validation, fitted
// phase model, 5% margin). Truth: complete training iterations and validation batches measured at the
// batches either method picks, and a search for the largest batch that really fits.
#include "fit/internal/fitmodel.h"
#include "memory/memory.h"
#include "fit/fit.h"

#include <c10/util/Exception.h>
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace mem = ys::memory;
namespace fit = ys::fit;
namespace mi = ys::fit::internal;

namespace {
double mib(double b)
{
    return b / (1024.0 * 1024.0);
}
}  // namespace

int main(int argc, char** argv)
{
    mem::installCpuTracker();
    torch::set_num_threads(1);  // memory does not depend on it; one thread keeps a shared machine responsive
    const char* env = std::getenv("YS_SHARED_DATASETS");
    std::string data = argc > 1 ? argv[1]
                                : std::string(env ? env : "/work/shared/datasets") + "/coco128/data.yaml";
    const int imgsz = argc > 2 ? std::atoi(argv[2]) : 320;
    const std::string budgetText = argc > 3 ? argv[3] : "2GiB";
    const std::string model = argc > 4 ? argv[4] : "yolov8n.yaml";

    fit::FitRequest req;
    if (data.rfind("synthetic:", 0) == 0) {
        req.data.clear();
        req.syntheticBoxes = std::atoi(data.c_str() + 10);
    } else {
        req.data = data;
    }
    req.model = model;
    req.imgsz = imgsz;
    req.budget = budgetText;
    req.amp = "off";  // AutoBatch profiles at the trainer's AMP; compare like with like in fp32
    req.workers = 0;
    req.threads = 1;
    mi::FitInternals internals;
    auto fit = mi::fitToMemory(req, &internals);
    if (!fit) {
        std::fprintf(stderr, "fit failed: %s\n", fit.error().toString().c_str());
        return 1;
    }
    const auto& m = internals.models.front().second;
    std::printf("model %s, imgsz %d, budget %s, data %s\n", model.c_str(), imgsz, budgetText.c_str(), data.c_str());
    std::printf("ours: %zu probe points in %.1f s -> batch %d (predicted peak %.0f MiB, margin %.0f%%)\n",
                fit->points.size(), fit->probeSeconds, fit->recommended.batch,
                mib(double(fit->recommended.predictedPeakBytes)), fit->margin * 100);

    req.optimizer = internals.optimizer;
    auto session = mi::MeasureSession::open(req);
    if (!session) {
        std::fprintf(stderr, "%s\n", session.error().toString().c_str());
        return 1;
    }
    auto& s = **session;
    const double avail = double(fit->budgetBytes) - double(s.baseline());

    // AutoBatch.
    const auto ta = std::chrono::steady_clock::now();
    std::vector<std::pair<int, int64_t>> samples;
    for (int b : {1, 2, 4, 8, 16})
        samples.emplace_back(b, s.forwardBackward(b, imgsz));
    const double autoSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - ta).count();
    const int autoBatch = mi::autoBatchPick(samples, static_cast<int64_t>(avail), 0.6);
    std::printf("autobatch: 5 forward/backward profiles in %.1f s -> batch %d\n", autoSeconds, autoBatch);

    // Truth at a range of batches, cached.
    std::map<int, mi::MeasuredPeaks> truth;
    auto measure = [&](int b) -> const mi::MeasuredPeaks& {
        auto it = truth.find(b);
        if (it == truth.end())
            it = truth.emplace(b, s.measure(b, imgsz, false)).first;
        return it->second;
    };
    auto runPeak = [&](int b) { return std::max(measure(b).train, measure(b).validation); };
    // Largest batch that really fits: double, then bisect.
    int lo = 0, hi = 1;
    while (hi <= 512 && double(runPeak(hi)) <= avail)
        lo = hi, hi *= 2;
    while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        (double(runPeak(mid)) <= avail ? lo : hi) = mid;
    }
    const int trueMax = lo;

    std::printf("\n%-10s %6s %16s %16s %9s %s\n", "method", "batch", "predicted MiB", "measured MiB", "error", "fits");
    auto row = [&](const char* name, int b, double predicted) {
        const double meas = double(runPeak(b));
        std::printf("%-10s %6d %16.1f %16.1f %+8.1f%% %s (budget %.0f MiB above baseline)\n", name, b, mib(predicted),
                    mib(meas), 100.0 * (predicted - meas) / meas, meas <= avail ? "yes" : "NO", mib(avail));
    };
    // AutoBatch's own prediction at its batch: the line.
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (auto& [b, y] : samples)
        sx += b, sy += double(y), sxx += double(b) * b, sxy += double(b) * double(y);
    const double slope = (5 * sxy - sx * sy) / (5 * sxx - sx * sx), icpt = (sy - slope * sx) / 5;
    row("autobatch", autoBatch, icpt + slope * autoBatch);
    row("ours", fit->recommended.batch, m.runPeak(fit->recommended.batch, imgsz) - double(m.baseline));
    std::printf("largest batch that fits (measured): %d; ours uses %.0f%% of it, autobatch %.0f%%\n", trueMax,
                100.0 * fit->recommended.batch / std::max(trueMax, 1), 100.0 * autoBatch / std::max(trueMax, 1));

    std::printf("\naccuracy at unprobed batches (complete iteration + validation at 2x):\n");
    std::printf("%6s %14s %14s %14s %9s %9s\n", "batch", "measured MiB", "ours MiB", "autobatch MiB", "ours err",
                "ab err");
    for (const auto& [b, t] : truth) {
        const double meas = double(std::max(t.train, t.validation));
        const double ours = m.runPeak(b, imgsz) - double(m.baseline);
        const double ab = icpt + slope * b;
        std::printf("%6d %14.1f %14.1f %14.1f %+8.1f%% %+8.1f%%\n", b, mib(meas), mib(ours), mib(ab),
                    100 * (ours - meas) / meas, 100 * (ab - meas) / meas);
    }
    return 0;
}
