#pragma once
// Helpers the training benchmarks share: key=value arguments, the bare forward+backward step (the compute
// floor of training) and a per-operator profile.
#include "data/dataset.h"
#include "model/internal/amp.h"
#include "model/internal/yolo.h"

#include <torch/csrc/autograd/profiler_legacy.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace ys::bench {

// key=value command-line arguments, read with a default per key.
class Args {
public:
    Args(int argc, char** argv)
    {
        for (int i = 1; i < argc; ++i) {
            const std::string a = argv[i];
            const auto eq = a.find('=');
            if (eq != std::string::npos)
                kv_[a.substr(0, eq)] = a.substr(eq + 1);
        }
    }
    bool has(const std::string& k) const { return kv_.count(k) > 0; }
    std::string text(const std::string& k, const std::string& d) const { return has(k) ? kv_.at(k) : d; }
    int integer(const std::string& k, int d) const { return has(k) ? std::stoi(kv_.at(k)) : d; }
    double real(const std::string& k, double d) const { return has(k) ? std::stod(kv_.at(k)) : d; }

private:
    std::map<std::string, std::string> kv_;
};

// Median (mean of the middle two for an even count); 0 for none.
// A dataset and its training images that have a size (readable), as the benchmarks load them.
struct TrainSplit {
    Dataset dataset;
    std::vector<ImageRecord> images;
};

inline Expected<TrainSplit> openTrainSplit(const std::string& dataYaml)
{
    auto ds = openDataset(dataYaml);
    if (!ds)
        return ds.error();
    TrainSplit split;
    for (const ImageRecord& r : ds->images)
        if (r.split == Split::Train && r.width > 0)
            split.images.push_back(r);
    split.dataset = std::move(*ds);
    return split;
}

inline double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Wall time in seconds of each of `n` calls of `fn`.
template <class F>
std::vector<double> timeCalls(int n, F&& fn)
{
    std::vector<double> t;
    for (int i = 0; i < n; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        fn();
        t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return t;
}

// One bare training step of the model on `x`: forward (under `amp`), sum of the outputs, backward, drop
// the gradients. No loss, no optimizer: what the model alone costs.
inline void bareStep(DetectionModel& model, const torch::Tensor& x, AmpMode amp)
{
    torch::Tensor s;
    {
        AutocastGuard ac(amp, x.device());
        for (const auto& f : model->forward(x)) {
            const auto part = f.to(torch::kFloat).sum();
            s = s.defined() ? s + part : part;
        }
    }
    s.backward();
    for (auto& p : model->parameters())
        p.mutable_grad() = torch::Tensor();
}

// Per-operator CPU time of one call of `fn`, from LibTorch's legacy profiler: top-level operators only
// (nested ones are inside their parent's time), summed by name, largest first. Returns ms per name.
template <class F>
std::map<std::string, double> printOpProfile(const char* title, F&& fn, size_t top = 25)
{
    using namespace torch::autograd::profiler;
    enableProfilerLegacy(ProfilerConfig(ProfilerState::CPU));
    fn();
    auto lists = disableProfilerLegacy();
    std::map<std::string, std::pair<double, int>> byName;  // name -> (microseconds, calls)
    for (auto& list : lists) {
        std::vector<const LegacyEvent*> stack;
        for (auto& e : list) {
            if (e.kindStr() == "push") {
                stack.push_back(&e);
            } else if (e.kindStr() == "pop" && !stack.empty()) {
                const LegacyEvent* s = stack.back();
                stack.pop_back();
                if (stack.empty()) {
                    auto& slot = byName[s->name()];
                    slot.first += s->cpuElapsedUs(e);
                    slot.second++;
                }
            }
        }
    }
    std::vector<std::pair<double, std::string>> rows;
    double total = 0;
    for (auto& [name, v] : byName) {
        rows.push_back({v.first, name + " x" + std::to_string(v.second)});
        total += v.first;
    }
    std::sort(rows.rbegin(), rows.rend());
    std::printf("  %s: top-level operators, %.1f ms in all\n", title, total / 1e3);
    for (size_t i = 0; i < std::min(rows.size(), top); ++i)
        std::printf("  %8.2f ms  %s\n", rows[i].first / 1e3, rows[i].second.c_str());
    std::map<std::string, double> ms;
    for (auto& [name, v] : byName)
        ms[name] = v.first / 1e3;
    return ms;
}

}  // namespace ys::bench
