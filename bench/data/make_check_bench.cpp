// Writes the dataset of the "Dataset check" benchmark: N images (default 10,000; 80% train, 20% val) of
// 640x480 JPEG with 1-8 boxes each, made by the demo generator (deterministic for a seed).
// usage: make_check_bench OUT_DIR [N]
#include "data/demo.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: make_check_bench OUT_DIR [N=10000]\n");
        return 2;
    }
    const int n = argc > 2 ? std::atoi(argv[2]) : 10000;
    if (n <= 0) {
        std::fprintf(stderr, "error: N must be a positive number of images\n");
        return 2;
    }
    ys::DemoOptions o;
    o.width = 640;
    o.height = 480;
    o.trainImages = n - n / 5;
    o.valImages = n / 5;
    o.seed = 2024;
    o.backgroundShare = 0.0;  // every image has 1-8 boxes
    const auto t0 = std::chrono::steady_clock::now();
    int lastPercent = -1;
    auto r = ys::writeDemoDataset(argv[1], o, [&](const ys::Progress& p) {
        const int percent = p.total ? static_cast<int>(100 * p.done / p.total) : 0;
        if (percent / 10 != lastPercent / 10) {
            lastPercent = percent;
            std::fprintf(stderr, "  %d%%\n", percent);
        }
    });
    if (!r) {
        std::fprintf(stderr, "error: %s\n", r.error().toString().c_str());
        return 1;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s (%d images, %.1f s)\n", r->c_str(), n, s);
    return 0;
}
