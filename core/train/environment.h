#pragma once
// What the trainer records about the machine and the software in environment.json (run/environment.h).
// Plain C++ (no torch, no Qt); the LibTorch/CUDA side is in environment.cpp.

#include "run/environment.h"

namespace ys {

// The machine and the build this process runs: OS, host, CPU, cores, RAM, CUDA devices, NVIDIA driver,
// CUDA/cuDNN (CUDA builds), LibTorch, the BLAS really loaded, OpenCV, app, Qt and compiler versions. Leaves
// device, intraOpThreads, loaderWorkers and wallTime at their defaults (the trainer fills them). What is not
// known stays empty / 0; never throws. Cost: about 0.2 ms in a CPU build (file reads, one walk over the
// loaded objects); a CUDA build also initialises the CUDA runtime and reads each device's properties
// (memory::listDevices without free memory: no context on any device), which can take a second the first
// time: call it where training is about to use CUDA anyway, or off the GUI thread. Any thread.
EnvironmentInfo collectEnvironment();

// The BLAS implementation a library file is, from its real path: "OpenBLAS (pthread)", "OpenBLAS (openmp)",
// "MKL", "BLIS (openmp)", "FlexiBLAS", "ATLAS", "reference BLAS"; empty when the path names none. Debian's
// alternatives put each in its own folder (openblas-pthread/, blis-openmp/, blas/ for the reference one).
std::string blasFamily(const std::string& realPath);

}  // namespace ys
