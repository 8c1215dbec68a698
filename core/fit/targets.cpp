// GPU targets the fit plans for without the card (torch-free). Totals are what the driver reports; context
// and workspace are the estimates of PRODUCT.md (lazy module loading: 0.25-0.65 GiB at init + 0.2-0.5 GiB
// as training kernels load, larger cards higher; cuDNN workspace with benchmark off 64-512 MiB; cuBLAS
// 8-32 MiB per handle).

#include "memory/memory.h"
#include "fit/fit.h"

#include "common/config.h"

#include <cctype>

namespace ys::fit {

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
        return TargetGpu{"custom", "custom " + memory::formatBytes(*bytes), *bytes, *bytes >= 32 * kGiB ? 900 * kMiB : 704 * kMiB,
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

}  // namespace ys::fit
