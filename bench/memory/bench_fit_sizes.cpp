// The fit at one image size against real iterations at others: how well the memory model extrapolates in imgsz,
// with and without the attention maps' term (PSA blocks: [heads, N, N] per image, N = H x W tokens, so ~imgsz^4).
//
//   bench_memory_fit_sizes [data.yaml | synthetic:BOXES] [model=yolo11n.yaml] [probe=320] [sizes=640,960,1280]
//                          [batch=2]
//
// fp32 on the CPU, one thread (memory does not depend on it). Truth: complete training iterations (steady state)
// and validation batches at validationBatchFor(batch), measured with the probe's batches.
#include "common/trainrules.h"
#include "fit/internal/fitmodel.h"
#include "memory/memory.h"
#include "fit/fit.h"
#include "loss/internal/assigner.h"

#include <torch/torch.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace fit = ys::fit;
namespace mi = ys::fit::internal;

namespace {

double mib(double b)
{
    return b / (1024.0 * 1024.0);
}

// The fit's training phases refitted from its probe points without the attention term (what the fit did before).
mi::DeviceMemoryModel withoutAttention(const fit::FitResult& r, const mi::DeviceMemoryModel& m)
{
    mi::DeviceMemoryModel out = m;
    out.validationMoment = 0;
    std::vector<std::array<double, 3>> phases[4], val;
    for (const fit::ProbePoint& p : r.points) {
        if (p.amp)
            continue;
        if (p.validation)
            val.push_back({double(p.batch), double(p.imgsz), double(p.peakBytes)});
        else
            for (size_t k = 0; k < 4; ++k)
                phases[k].push_back({double(p.batch), double(p.imgsz), double(p.phasePeak[k])});
    }
    for (size_t k = 0; k < 4; ++k)
        mi::fitLinearPeak(phases[k], out.train[k]);
    mi::fitLinearPeak(val, out.validation);
    return out;
}

}  // namespace

int main(int argc, char** argv)
{
    ys::memory::installCpuTracker();
    torch::set_num_threads(1);
    const char* env = std::getenv("YS_SHARED_DATASETS");
    const std::string data = argc > 1 ? argv[1] : std::string(env ? env : "/work/shared/datasets") + "/coco128/data.yaml";
    const std::string model = argc > 2 ? argv[2] : "yolo11n.yaml";
    const int probe = argc > 3 ? std::atoi(argv[3]) : 320;
    std::vector<int> sizes;
    {
        std::stringstream ss(argc > 4 ? argv[4] : "640,960,1280");
        for (std::string item; std::getline(ss, item, ',');)
            sizes.push_back(std::atoi(item.c_str()));
    }
    const int batch = argc > 5 ? std::atoi(argv[5]) : 2;

    fit::FitRequest req;
    if (data.rfind("synthetic:", 0) == 0)
        req.syntheticBoxes = std::atoi(data.c_str() + 10);
    else
        req.data = data;
    req.model = model;
    req.imgsz = probe;
    req.amp = "off";
    req.workers = 0;
    req.threads = 1;
    req.budget = "64GiB";
    mi::FitInternals internals;
    auto r = mi::fitToMemory(req, &internals);
    if (!r) {
        std::fprintf(stderr, "fit failed: %s\n", r.error().toString().c_str());
        return 1;
    }
    const mi::DeviceMemoryModel& m = internals.models.front().second;
    const mi::DeviceMemoryModel plain = withoutAttention(*r, m);
    req.optimizer = internals.optimizer;
    auto session = mi::MeasureSession::open(req);
    if (!session) {
        std::fprintf(stderr, "%s\n", session.error().toString().c_str());
        return 1;
    }
    std::printf("model %s, probed at imgsz %d (%.1f s), batch %d, fp32 CPU; attention maps %.3g elements per image "
                "x imgsz^4\n",
                model.c_str(), probe, r->probeSeconds, batch, m.attention.all);
    std::printf("%6s %5s %13s %13s %8s %13s %8s %12s\n", "imgsz", "phase", "measured MiB", "fit MiB", "error",
                "no-attn MiB", "error", "maps MiB");
    const double base = double(m.baseline);
    for (int s : sizes) {
        const mi::MeasuredPeaks t = (**session).measure(batch, s, false);
        const int vb = ys::validationBatchFor(batch);
        const double maps = 4.0 * m.attention.all * std::pow(double(s), 4.0) * batch;
        auto row = [&](const char* phase, double measured, double predicted, double old) {
            std::printf("%6d %5s %13.1f %13.1f %+7.1f%% %13.1f %+7.1f%% %12.1f\n", s, phase, mib(measured),
                        mib(predicted), 100 * (predicted - measured) / measured, mib(old),
                        100 * (old - measured) / measured, mib(maps));
        };
        row("train", double(t.train), m.trainPeak(batch, s) - base, plain.trainPeak(batch, s) - base);
        row("val", double(t.validation), m.validationPeak(vb, s) - base, plain.validationPeak(vb, s) - base);
        std::fflush(stdout);
    }
    // The loss phase at the probe point (batch 4, the probe's imgsz): measured above the forward's level, against
    // the assigner's own peak figure, once per pass (an end-to-end head runs it twice, one after the other).
    const fit::ProbePoint* p4 = nullptr;
    for (const fit::ProbePoint& p : r->points)
        if (!p.validation && !p.amp && p.batch == 4 && p.imgsz == probe)
            p4 = &p;
    if (p4) {
        const mi::IterationTrace trace = (**session).trace(4, probe);
        const ys::ModelSpec& spec = (**session).spec();
        int64_t anchors = 0;
        for (int64_t stride : spec.strides)
            anchors += (probe / stride) * (probe / stride);
        const int64_t o2m = ys::TaskAlignedAssigner::peakBytes(4, p4->maxBoxes, anchors, spec.nc, -1, 0);
        const int64_t o2o = spec.end2end ? ys::TaskAlignedAssigner::peakBytes(4, p4->maxBoxes, anchors, spec.nc, -1, 1) : 0;
        std::printf("loss at batch 4 imgsz %d (M %d, A %lld): measured peak %.2f MiB above the forward, keeps %.2f MiB; "
                    "assigner peakBytes one-to-many %.2f MiB, one-to-one %.2f MiB\n",
                    probe, p4->maxBoxes, static_cast<long long>(anchors), mib(double(trace.lossPeak - trace.afterForward)),
                    mib(double(trace.afterLoss - trace.afterForward)), mib(double(o2m)), mib(double(o2o)));
    }
    return 0;
}
