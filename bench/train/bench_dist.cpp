// Data-parallel communication on this machine: two CPU processes over Gloo on loopback (this one is rank 0 and
// starts rank 1 with the studio's launcher), the model's forward + backward with its gradients summed by
// GradientSync, for several bucket sizes. For each: the all-reduce time per step (every bucket started after
// backward, so none of it is hidden), the time the step still waits after backward when the buckets start from
// the gradient hooks during backward (the exposed part), and the share of the all-reduce that backward hides.
// Then the synchronised BatchNorm (sync_bn): the step with DDP's default buckets with and without it, the
// BatchNorms' exchanges per step and the time spent in them.
//
// usage: bench_dist [model=yolov8n.yaml] [imgsz=320] [batch=4] [threads=1] [iters=8] [buckets=1,4,25]
// batch: images per process; buckets: bucket sizes in MiB (the first bucket is 1 MiB, as DDP's).
#include "dist/internal/gradsync.h"
#include "dist/internal/processworld.h"
#include "dist/internal/stepexchange.h"
#include "dist/launcher.h"
#include "dist/world.h"
#include "model/internal/syncbn.h"
#include "model/internal/threads.h"
#include "model/internal/yolo.h"
#include "benchutil.h"

#include <torch/torch.h>

#include <unistd.h>

#include <cstdio>
#include <sstream>

namespace {

std::string selfPath()
{
    char buf[4096];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

// forward, sum of the outputs, backward: the step of bareStep, keeping the gradients for the sync.
void step(ys::DetectionModel& model, const torch::Tensor& x)
{
    torch::Tensor s;
    for (const auto& f : model->forward(x)) {
        const auto part = f.sum();
        s = s.defined() ? s + part : part;
    }
    s.backward();
}

// The BatchNorms' exchanges, timed.
class TimedGather final : public ys::BatchNormGather {
public:
    explicit TimedGather(ys::dist::StepExchange& exchange) : exchange_(exchange) {}
    torch::Tensor gather(const torch::Tensor& local) override
    {
        const auto t0 = std::chrono::steady_clock::now();
        torch::Tensor rows = exchange_.gather(local);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ++calls;
        return rows;
    }
    double seconds = 0;
    int calls = 0;

private:
    ys::dist::StepExchange& exchange_;
};

}  // namespace

int main(int argc, char** argv)
{
    const ys::bench::Args args(argc, argv);
    const int imgsz = args.integer("imgsz", 320);
    const int batch = args.integer("batch", 4);
    const int threads = args.integer("threads", 1);
    const int iters = std::max(2, args.integer("iters", 8));
    std::vector<double> bucketMiB;
    {
        std::stringstream list(args.text("buckets", "1,4,25"));
        for (std::string v; std::getline(list, v, ',');)
            bucketMiB.push_back(std::stod(v));
    }

    auto env = ys::dist::worldFromEnvironment(ys::dist::processEnvironment());
    if (!env) {
        std::fprintf(stderr, "error: %s\n", env.error().message.c_str());
        return 1;
    }
    std::unique_ptr<ys::dist::LocalWorkers> workers;
    ys::dist::WorldSpec spec;
    if (*env) {
        spec = **env;
    } else {
        ys::dist::LaunchRequest r;
        r.nproc = 2;
        auto plan = ys::dist::planLaunch("cpu", batch * 2, r);
        if (!plan || !*plan) {
            std::fprintf(stderr, "error: %s\n", plan ? "no plan" : plan.error().message.c_str());
            return 1;
        }
        spec = (*plan)->world;
        std::vector<std::string> argvCopy{selfPath()};
        for (int i = 1; i < argc; ++i)
            argvCopy.emplace_back(argv[i]);
        auto started = ys::dist::LocalWorkers::start(spec, argvCopy);
        if (!started) {
            std::fprintf(stderr, "error: %s\n", started.error().message.c_str());
            return 1;
        }
        workers = std::move(*started);
    }
    const bool speak = spec.rank == 0;
    ys::configureIntraOpThreads(threads);
    const ys::RetainFreedMemory retain;
    auto joined = ys::dist::ProcessWorld::join(spec, torch::Device(torch::kCPU));
    if (!joined) {
        std::fprintf(stderr, "rank %d: %s\n", spec.rank, joined.error().message.c_str());
        return 1;
    }
    ys::dist::ProcessWorld& world = **joined;

    auto modelSpec = ys::loadModelSpec(args.text("model", "yolov8n.yaml"), 80);
    if (!modelSpec) {
        std::fprintf(stderr, "error: %s\n", modelSpec.error().toString().c_str());
        return 1;
    }
    torch::manual_seed(1);
    ys::DetectionModel model(*modelSpec);
    model->train();
    const torch::Tensor x = torch::rand({batch, 3, imgsz, imgsz}).contiguous(torch::MemoryFormat::ChannelsLast);
    std::vector<torch::Tensor> params;   // the trained ones (DFL's fixed weights are not)
    for (const auto& p : model->parameters())
        if (p.requires_grad())
            params.push_back(p);
    int64_t gradBytes = 0;
    for (const auto& p : params)
        gradBytes += p.numel() * p.element_size();
    auto zeroGrads = [&] {
        for (auto& p : params)
            if (p.grad().defined())
                p.mutable_grad().zero_();
    };

    // Backward alone, no communication: the time the hooks may hide all-reduces behind.
    step(model, x);   // warm-up
    zeroGrads();
    std::vector<double> fwdBwd = ys::bench::timeCalls(iters, [&] {
        step(model, x);
        zeroGrads();
    });
    if (speak) {
        std::printf("bench_dist: 2 processes x %d thread(s), %s imgsz %d, %d images per process, %.1f MiB of "
                    "gradients per step, %s over loopback\n",
                    threads, args.text("model", "yolov8n.yaml").c_str(), imgsz, batch, gradBytes / 1048576.0,
                    world.backend().c_str());
        std::printf("forward+backward alone: %.1f ms (median of %d)\n", 1e3 * ys::bench::median(fwdBwd), iters);
        std::printf("%10s %8s %14s %16s %16s %8s %14s %14s\n", "bucket MiB", "buckets", "all-reduce ms",
                    "exposed ms", "launched in bwd", "hidden", "step ms (off)", "step ms (on)");
    }
    for (double mib : bucketMiB) {
        std::vector<double> comm, exposed, stepOff, stepOn, launched;
        int buckets = 0;
        for (const bool overlap : {false, true}) {
            ys::dist::GradSyncOptions o;
            o.bucketBytes = static_cast<int64_t>(mib * 1048576.0);
            o.firstBucketBytes = std::min<int64_t>(o.bucketBytes, int64_t(1) << 20);
            o.overlap = overlap;
            ys::dist::GradientSync sync(world, params, o);
            buckets = sync.bucketCount();
            for (int i = 0; i <= iters; ++i) {   // the first is a warm-up
                const auto t0 = std::chrono::steady_clock::now();
                sync.arm();
                step(model, x);
                sync.finish();
                const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                zeroGrads();
                if (i == 0)
                    continue;
                const ys::dist::SyncStepStats& st = sync.lastStep();
                (overlap ? stepOn : stepOff).push_back(s);
                if (overlap) {
                    exposed.push_back(st.exposedSeconds);
                    launched.push_back(st.launchedDuringBackward);
                } else {
                    comm.push_back(st.exposedSeconds);
                }
            }
        }
        const double c = ys::bench::median(comm), e = ys::bench::median(exposed);
        if (speak)
            std::printf("%10.1f %8d %14.1f %16.1f %16.0f %7.0f%% %14.1f %14.1f\n", mib, buckets, 1e3 * c, 1e3 * e,
                        ys::bench::median(launched), c > 0 ? 100.0 * std::max(0.0, 1.0 - e / c) : 0.0,
                        1e3 * ys::bench::median(stepOff), 1e3 * ys::bench::median(stepOn));
    }
    // sync_bn: the same step (DDP's default buckets) with every BatchNorm over both processes' images.
    {
        auto exchange = ys::dist::StepExchange::create(world, "bench_syncbn", 2 * ys::maxBatchNormChannels(*model) + 1);
        if (!exchange) {
            std::fprintf(stderr, "rank %d: %s\n", spec.rank, exchange.error().message.c_str());
            return 1;
        }
        ys::dist::GradientSync sync(world, params);
        std::vector<double> plain, synced, inExchanges;
        int exchanges = 0;
        auto gather = std::make_shared<TimedGather>(**exchange);
        for (const bool on : {false, true}) {
            const int layers = ys::setBatchNormGather(*model, on ? gather : nullptr);
            for (int i = 0; i <= iters; ++i) {   // the first is a warm-up
                gather->seconds = 0;
                gather->calls = 0;
                const auto t0 = std::chrono::steady_clock::now();
                (*exchange)->begin();
                sync.arm();
                step(model, x);
                (*exchange)->end();
                sync.finish();
                const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                zeroGrads();
                if (i == 0)
                    continue;
                (on ? synced : plain).push_back(s);
                if (on) {
                    inExchanges.push_back(gather->seconds);
                    exchanges = gather->calls;
                }
            }
            if (speak && on)
                std::printf("sync_bn: %d BatchNorms, %d exchanges per step (+1 end), %.1f ms in them; step %.1f ms "
                            "against %.1f ms without (%+.0f%%)\n",
                            layers, exchanges, 1e3 * ys::bench::median(inExchanges), 1e3 * ys::bench::median(synced),
                            1e3 * ys::bench::median(plain),
                            100.0 * (ys::bench::median(synced) / ys::bench::median(plain) - 1.0));
        }
        ys::setBatchNormGather(*model, nullptr);
    }
    // Every rank is done with the store before rank 0 (which hosts it) leaves.
    torch::Tensor done = torch::ones({1});
    world.allreduceSum(done);
    joined->reset();
    if (workers) {
        workers->finish(std::chrono::seconds(60));
        if (auto f = workers->firstFailure()) {
            std::fprintf(stderr, "error: %s\n", f->describe().c_str());
            return 1;
        }
    }
    return 0;
}
