#include "common/device.h"

#include <algorithm>
#include <cctype>

namespace ys {

std::string DeviceSpec::name() const
{
    return cuda ? "cuda:" + std::to_string(index) : std::string("cpu");
}

Expected<DeviceSpec> parseDevice(const std::string& text)
{
    std::string d;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c)))
            d += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    DeviceSpec spec;
    if (d.empty() || d == "cpu")
        return spec;
    spec.cuda = true;
    if (d == "gpu" || d == "cuda")
        return spec;
    const std::string digits = d.rfind("cuda:", 0) == 0 ? d.substr(5) : d;
    // At most 3 digits: no machine has a thousand GPUs, and std::stoi must not overflow.
    if (digits.empty() || digits.size() > 3 || !std::all_of(digits.begin(), digits.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c)) != 0;
        }))
        return Error{"device.unknown",
                     "unknown device '" + text + "': use cpu, gpu, 0, cuda or cuda:1 (one device per run)", {}, 0, 0};
    spec.index = std::stoi(digits);
    return spec;
}

}  // namespace ys
