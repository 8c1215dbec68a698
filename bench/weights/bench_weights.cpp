// Checkpoint reading speed: inspectCheckpoint (the pickle only, what the model picker shows),
// loadUltralyticsWeights (every tensor, fp16 -> fp32), and load-to-model: the weights read, the model built from
// the checkpoint's own YAML and given them (modelFromCheckpoint, what val/predict start with), and the same with
// another class count (nc=, what fine-tuning starts with: a second model and a transfer). Per file, interleaved
// over the files each run, medians quoted.
//   bench_weights files=a.pt,b.pt [runs=7] [threads=1] [nc=5]
#include "weights/checkpoint.h"
#include "weights/internal/transfer.h"
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
        std::fprintf(stderr, "usage: bench_weights files=a.pt,b.pt [runs=7] [threads=1] [nc=5]\n");
        return 2;
    }
    const int runs = args.count("runs") ? std::stoi(args["runs"]) : 7;
    torch::set_num_threads(args.count("threads") ? std::stoi(args["threads"]) : 1);

    const int nc = args.count("nc") ? std::stoi(args["nc"]) : 5;
    auto fail = [](const ys::Error& e) {
        std::fprintf(stderr, "%s\n", e.toString().c_str());
        std::exit(1);
    };
    auto loadToModel = [&](const std::string& file, int classes) {
        auto w = ys::loadUltralyticsWeights(file);
        if (!w)
            fail(w.error());
        auto m = ys::modelFromCheckpoint(*w, classes);
        if (!m)
            fail(m.error());
    };
    std::vector<std::vector<double>> inspect(files.size()), load(files.size()), toModel(files.size()),
        toOther(files.size());
    for (int r = 0; r < runs; ++r)
        for (size_t i = 0; i < files.size(); ++i) {
            inspect[i].push_back(seconds([&] {
                auto info = ys::inspectCheckpoint(files[i]);
                if (!info)
                    fail(info.error());
            }));
            load[i].push_back(seconds([&] {
                auto w = ys::loadUltralyticsWeights(files[i]);
                if (!w)
                    fail(w.error());
            }));
            toModel[i].push_back(seconds([&] { loadToModel(files[i], 0); }));
            toOther[i].push_back(seconds([&] { loadToModel(files[i], nc); }));
        }
    std::printf("%-40s %8s %7s %10s %10s %9s %9s %8s %12s\n", "file", "MiB", "tensors", "parameters", "inspect ms",
                "load ms", "MiB/s", "model ms", ("nc=" + std::to_string(nc) + " ms").c_str());
    for (size_t i = 0; i < files.size(); ++i) {
        const auto info = ys::inspectCheckpoint(files[i]);
        const double mib = static_cast<double>(std::filesystem::file_size(files[i])) / (1 << 20);
        const double l = median(load[i]);
        std::printf("%-40s %8.1f %7lld %10lld %10.1f %9.1f %9.0f %8.1f %12.1f\n", files[i].c_str(), mib,
                    static_cast<long long>(info->tensors), static_cast<long long>(info->parameters),
                    1e3 * median(inspect[i]), 1e3 * l, mib / l, 1e3 * median(toModel[i]), 1e3 * median(toOther[i]));
    }
    return 0;
}
