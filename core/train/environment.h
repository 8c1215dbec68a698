#pragma once
// What the trainer records about the machine and the software in environment.json (run/environment.h).
// Plain C++ (no torch, no Qt); the LibTorch/CUDA side is in environment.cpp.

#include "run/environment.h"

namespace ys {

// The machine and the build this process runs: OS, host, CPU, cores, RAM, CUDA devices, NVIDIA driver,
// CUDA/cuDNN (CUDA builds), LibTorch, the BLAS really loaded, OpenCV, app, Qt and compiler versions. Leaves
// device, intraOpThreads, loaderWorkers and wallTime at their defaults (the trainer fills them). What is not
// known stays empty / 0; never throws. Cost: a few file reads plus memory::listDevices() (in a CUDA build
// that initialises CUDA on every device: call it where training is about to use the GPU anyway, or off the
// GUI thread). Any thread.
EnvironmentInfo collectEnvironment();

}  // namespace ys
