#pragma once
// Device text as users type it (`device=` of train, val, predict and fit): one parser, so every command and
// the memory fit read the same text the same way. Plain C++ (no torch, no Qt).

#include "common/error.h"

#include <string>
#include <vector>

namespace ys {

struct DeviceSpec {
    bool cuda = false;   // false = the CPU
    int index = 0;       // GPU index when cuda (0 for the CPU)
    // "cpu" or "cuda:N", as LibTorch and ys::memory spell it.
    std::string name() const;
};

// "" and "cpu" -> the CPU; "gpu", "cuda", "N" and "cuda:N" -> GPU N (0 when no index is given). Case and
// spaces are ignored. Anything else (also lists such as "0,1": one process uses one device) is an Error with
// code "device.unknown" naming the text. Whether the GPU exists is for the caller to check.
Expected<DeviceSpec> parseDevice(const std::string& text);

// The devices of a data-parallel run, Ultralytics' spelling: one device as parseDevice reads it, or GPUs
// separated by commas ("0,1,2,3", "cuda:0,cuda:1"), one process each. Errors: "device.unknown" (an entry
// parseDevice refuses, an empty entry, "cpu" in a list: CPU processes are counted by nproc, not listed),
// "device.duplicate" (a GPU named twice: "0,0").
Expected<std::vector<DeviceSpec>> parseDevices(const std::string& text);

// The device the process of local rank `localRank` (0-based, of `localRanks` processes on this machine) trains
// on: the list's entry `localRank` when it lists one device per process; the CPU for every rank of "cpu"; GPU
// `localRank` for "gpu"/"cuda" without an index (torchrun's convention). Errors ("device.ranks"): a list whose
// length is not `localRanks`, one GPU index for several processes. Parse errors as parseDevices.
Expected<DeviceSpec> deviceForLocalRank(const std::string& text, int localRank, int localRanks);

}  // namespace ys
