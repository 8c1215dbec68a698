// Checkpoint reading speed: inspectCheckpoint (the pickle only, what the model picker shows) and
// loadUltralyticsWeights (every tensor, fp16 -> fp32) per file, interleaved over the files each run,
// medians quoted.
//   bench_weights files=a.pt,b.pt [runs=7] [threads=1]
#include "weights/checkpoint.h"
#include "weights/internal/ultralytics.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

template <class F>
double seconds(F&& fn)
{
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv)
{
    std::map<std::string, std::string> args;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto eq = a.find('=');
        if (eq != std::string::npos)
            args[a.substr(0, eq)] = a.substr(eq + 1);
    }
    std::vector<std::string> files;
    std::stringstream list(args["files"]);
    for (std::string f; std::getline(list, f, ',');)
        files.push_back(f);
    if (files.empty()) {
        std::fprintf(stderr, "usage: bench_weights files=a.pt,b.pt [runs=7] [threads=1]\n");
        return 2;
    }
    const int runs = args.count("runs") ? std::stoi(args["runs"]) : 7;
    torch::set_num_threads(args.count("threads") ? std::stoi(args["threads"]) : 1);

    std::vector<std::vector<double>> inspect(files.size()), load(files.size());
    for (int r = 0; r < runs; ++r)
        for (size_t i = 0; i < files.size(); ++i) {
            inspect[i].push_back(seconds([&] {
                auto info = ys::inspectCheckpoint(files[i]);
                if (!info)
                    std::fprintf(stderr, "%s\n", info.error().toString().c_str()), std::exit(1);
            }));
            load[i].push_back(seconds([&] {
                auto w = ys::loadUltralyticsWeights(files[i]);
                if (!w)
                    std::fprintf(stderr, "%s\n", w.error().toString().c_str()), std::exit(1);
            }));
        }
    std::printf("%-40s %8s %6s %10s %12s %12s %9s\n", "file", "MiB", "tensors", "parameters", "inspect ms",
                "load ms", "MiB/s");
    for (size_t i = 0; i < files.size(); ++i) {
        const auto info = ys::inspectCheckpoint(files[i]);
        const double mib = static_cast<double>(std::filesystem::file_size(files[i])) / (1 << 20);
        const double l = median(load[i]);
        std::printf("%-40s %8.1f %6lld %10lld %12.1f %12.1f %9.0f\n", files[i].c_str(), mib,
                    static_cast<long long>(info->tensors), static_cast<long long>(info->parameters),
                    1e3 * median(inspect[i]), 1e3 * l, mib / l);
    }
    return 0;
}
