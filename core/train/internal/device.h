#pragma once
// Devices for the trainer, the validator and the predictor (LibTorch), and what to do when one runs out of
// memory. Internal to ys_train.

#include "common/device.h"
#include "common/error.h"

#include <torch/torch.h>

#include <exception>
#include <string>

namespace ys {

// Device text (parseDevice: "cpu", "gpu", "0", "cuda", "cuda:1") -> torch::Device. Error when CUDA is asked
// for and not available.
Expected<torch::Device> resolveDevice(const std::string& device);

bool isOutOfMemory(const std::exception& e);
// Fault injection for tests: with YS_INJECT_OOM="rank:epoch:batch" in the environment, throws
// c10::OutOfMemoryError once, in the training step of that batch (1-based) on that rank, as the allocator
// would. "rank:epoch:batch:cublas" (or cudnn, engine) throws instead the c10::Error a cuBLAS/cuDNN allocation
// failure raises, which isOutOfMemory() must take as out-of-memory; ":illegal" throws a real CUDA error.
// Each distinct value fires once per process. Without the variable it does nothing.
void injectOutOfMemory(int rank, int epoch, int batch);
// Returns cached allocator blocks to the device after an out-of-memory (CUDA); no-op on CPU.
void releaseCachedMemory(const torch::Device& device);

}  // namespace ys
