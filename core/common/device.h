#pragma once
// Device text as users type it (`device=` of train, val, predict and fit): one parser, so every command and
// the memory fit read the same text the same way. Plain C++ (no torch, no Qt).

#include "common/error.h"

#include <string>

namespace ys {

struct DeviceSpec {
    bool cuda = false;   // false = the CPU
    int index = 0;       // GPU index when cuda (0 for the CPU)
    // "cpu" or "cuda:N", as LibTorch and ys::memory spell it.
    std::string name() const;
};

// "" and "cpu" -> the CPU; "gpu", "cuda", "N" and "cuda:N" -> GPU N (0 when no index is given). Case and
// spaces are ignored. Anything else (also lists such as "0,1": a run uses one device) is an Error with
// code "device.unknown" naming the text. Whether the GPU exists is for the caller to check.
Expected<DeviceSpec> parseDevice(const std::string& text);

}  // namespace ys
