#pragma once
// Mixed precision shared by everything that runs the model (trainer, validator, memory probe): which mode a
// device gets, and a scope that turns autocast on for the calling thread (autocast state is thread-local).

#include "common/error.h"

#include <torch/torch.h>

#include <string>

namespace ys {

enum class AmpMode { Off, Fp16, Bf16 };

// "auto": fp16 on CUDA, bf16 on CPUs with native bf16 (avx512_bf16 / amx_bf16), else off.
// "fp16" on a CPU is an error (CPU autocast has no fp16 path worth using).
Expected<AmpMode> resolveAmp(const std::string& amp, const torch::Device& device);
const char* toString(AmpMode mode);   // "off", "fp16", "bf16"
bool cpuHasNativeBf16();
// The autocast mode the calling thread runs `device`'s ops in now (Off when autocast is off for its type), so
// a recompute later (activation checkpointing) can run in the same mode.
AmpMode activeAutocast(const torch::Device& device);

class AutocastGuard {
public:
    AutocastGuard(AmpMode mode, const torch::Device& device);
    ~AutocastGuard();
    AutocastGuard(const AutocastGuard&) = delete;
    AutocastGuard& operator=(const AutocastGuard&) = delete;

private:
    AmpMode mode_;
    bool cuda_;
    bool prevEnabled_ = false;
};

}  // namespace ys
