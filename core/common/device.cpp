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

Expected<std::vector<DeviceSpec>> parseDevices(const std::string& text)
{
    std::vector<DeviceSpec> devices;
    if (text.find(',') == std::string::npos) {
        auto one = parseDevice(text);
        if (!one)
            return one.error();
        devices.push_back(*one);
        return devices;
    }
    size_t begin = 0;
    for (;;) {
        const size_t comma = text.find(',', begin);
        const std::string entry = text.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin);
        auto spec = parseDevice(entry);
        bool blank = true;
        for (char c : entry)
            blank = blank && std::isspace(static_cast<unsigned char>(c));
        if (blank || !spec || !spec->cuda)
            return Error{"device.unknown",
                         "unknown device list '" + text + "': list GPUs such as 0,1 (for several CPU processes use "
                         "device=cpu nproc=N)",
                         {}, 0, 0};
        for (const DeviceSpec& d : devices)
            if (d.index == spec->index)
                return Error{"device.duplicate",
                             "device list '" + text + "' names GPU " + std::to_string(spec->index) +
                                 " twice: a run uses each GPU once (one process per GPU)",
                             {}, 0, 0};
        devices.push_back(*spec);
        if (comma == std::string::npos)
            break;
        begin = comma + 1;
    }
    return devices;
}

Expected<DeviceSpec> deviceForLocalRank(const std::string& text, int localRank, int localRanks)
{
    auto devices = parseDevices(text);
    if (!devices)
        return devices.error();
    if (devices->size() > 1) {
        if (static_cast<int>(devices->size()) != localRanks)
            return Error{"device.ranks",
                         "device=" + text + " lists " + std::to_string(devices->size()) + " GPUs but this machine runs " +
                             std::to_string(localRanks) + " process" + (localRanks == 1 ? "" : "es") +
                             ": list one GPU per process",
                         {}, 0, 0};
        return (*devices)[static_cast<size_t>(localRank)];
    }
    DeviceSpec d = devices->front();
    if (!d.cuda || localRanks <= 1)
        return d;
    std::string lowered;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c)))
            lowered += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lowered == "gpu" || lowered == "cuda") {
        d.index = localRank;
        return d;
    }
    return Error{"device.ranks",
                 "device=" + text + " names one GPU but this machine runs " + std::to_string(localRanks) +
                     " processes: list one GPU per process (device=0,1) or give device=cuda",
                 {}, 0, 0};
}

}  // namespace ys
