// Overhead of the tracking CPU allocator: allocation-heavy loops with LibTorch's own allocator and with
// the tracker installed, alternated, best of several rounds. Prints ns per iteration and the ratio.
#include "memory/internal/accounting.h"
#include "memory/memory.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

namespace {

double nsPerIter(const std::function<void()>& body, int iters)
{
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < iters; ++i)
        body();
    const auto t1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::nano>(t1 - t0).count() / iters;
}

struct Case {
    const char* name;
    int iters;
    std::function<void()> body;
};

}  // namespace

int main()
{
    torch::set_num_threads(1);
    torch::NoGradGuard noGrad;
    auto a = torch::rand({1024});
    auto b = torch::rand({1024});
    auto img = torch::rand({1, 16, 32, 32});
    auto w = torch::rand({16, 16, 3, 3});
    std::vector<Case> cases{
        {"empty(256 floats)", 200000, [] { auto t = torch::empty({256}); }},
        {"a + b (1024 floats)", 200000, [&] { auto t = a + b; }},
        {"4 MiB empty", 20000, [] { auto t = torch::empty({1 << 20}); }},
        {"conv 16x32x32 3x3", 3000, [&] { auto t = torch::conv2d(img, w, {}, 1, 1); }},
    };
    // Rounds alternate plain/tracked so load from other processes hits both alike; the median of the
    // per-round ratios is reported beside the best times.
    constexpr int kRounds = 15;
    std::printf("%-22s %12s %12s %14s\n", "case", "best plain", "best tracked", "median ratio");
    double worst = 0;
    for (auto& c : cases) {
        nsPerIter(c.body, c.iters / 10);  // warm-up
        double plain = 1e300, tracked = 1e300;
        std::vector<double> ratios;
        for (int r = 0; r < kRounds; ++r) {
            ys::memory::internal::uninstallCpuTrackerForBenchmark();
            const double p = nsPerIter(c.body, c.iters / 4);
            ys::memory::installCpuTracker();
            const double t = nsPerIter(c.body, c.iters / 4);
            plain = std::min(plain, p);
            tracked = std::min(tracked, t);
            ratios.push_back(t / p);
        }
        ys::memory::internal::uninstallCpuTrackerForBenchmark();
        std::nth_element(ratios.begin(), ratios.begin() + kRounds / 2, ratios.end());
        const double median = ratios[kRounds / 2];
        std::printf("%-22s %10.1f ns %10.1f ns %14.3f\n", c.name, plain, tracked, median);
        worst = std::max(worst, median);
    }
    std::printf("worst median ratio tracked/plain: %.3f\n", worst);
    return 0;
}
