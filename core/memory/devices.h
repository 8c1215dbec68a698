#pragma once
// The devices a run can use, with the figures users otherwise look up by hand (nvidia-smi, free -h):
// what the device picker shows, and why no GPU is among them. Plain C++ (no torch, no Qt); the LibTorch/CUDA
// side is in devices.cpp.

#include "memory/cudadriver.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ys::memory {

struct DeviceInfo {
    std::string id;          // the `device=` value: "cpu", "0", "1", ...
    std::string name;        // CPU model ("Intel(R) Xeon(R) ...") or GPU name ("NVIDIA GeForce RTX 3060")
    bool cuda = false;
    int64_t totalBytes = 0;  // RAM (cgroup limit if lower) / the GPU's total memory
    int64_t freeBytes = 0;   // RAM available now / the driver's free memory (other processes included)
    int cores = 0;           // CPU: logical cores (what threads=0 uses); CUDA: streaming multiprocessors
    int computeMajor = 0;    // CUDA compute capability (8.6 = RTX 30xx); 0 for the CPU
    int computeMinor = 0;
};

// The CPU first, then every CUDA device LibTorch sees (none in a CPU-only build, see cudaBuild(), and none
// when cudaDriverStatus() is not usable: LibTorch is then not asked, so it never starts CUDA on a broken driver).
// Thread-safe. In a CUDA build this initialises CUDA and asks each device for its free memory, which makes
// a CUDA context on it (a few hundred MB, held until the process ends) and can take a second or more: call
// it off the GUI thread. `freeMemory` false skips the CUDA devices' free memory (their freeBytes stay 0,
// totalBytes is the device's own figure): that makes no CUDA context, so a record of the machine
// (train/environment.h) holds no memory on GPUs the run does not use.
std::vector<DeviceInfo> listDevices(bool freeMemory = true);

// The list as a JSON array, one object per device: id, name, cuda, total_bytes, free_bytes, cores and, for
// CUDA devices, compute_capability ("9.0"). `yolostudio-cli devices json=FILE` writes it.
std::string devicesToJson(const std::vector<DeviceInfo>& devices);

// The NVIDIA driver's answer for this process (memory/cudadriver.h), checked against the CUDA version this
// build's LibTorch was made with. Probed once, on the first call (dlopen + cuInit: milliseconds without a
// driver, up to a second or so with GPUs), then cached for the life of the process; thread-safe. A driver
// installed or CUDA_VISIBLE_DEVICES changed later is seen by the next process only, as by LibTorch itself.
const CudaDriverStatus& cudaDriverStatus();

// Why this process cannot use a GPU, in one English line: "this build of LibTorch has no CUDA" in a
// CPU-only build, else cudaDriverStatus().reason. Empty when the driver is usable (LibTorch may still list
// no GPU, when the CUDA runtime fails where the driver did not). Thread-safe; see cudaDriverStatus().
std::string gpuUnavailableReason();

}  // namespace ys::memory
