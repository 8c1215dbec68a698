// AMP mode selection and the autocast scope.
#include "model/internal/amp.h"

#include <ATen/autocast_mode.h>

#include <fstream>

namespace ys {

bool cpuHasNativeBf16()
{
    static const bool has = [] {
        std::ifstream in("/proc/cpuinfo");
        std::string line;
        while (std::getline(in, line))
            if (line.rfind("flags", 0) == 0)
                return line.find("avx512_bf16") != std::string::npos || line.find("amx_bf16") != std::string::npos;
        return false;
    }();
    return has;
}

Expected<AmpMode> resolveAmp(const std::string& amp, const torch::Device& device)
{
    if (amp == "off")
        return AmpMode::Off;
    if (amp == "fp16") {
        if (!device.is_cuda())
            return Error{"amp.fp16_cpu", "amp=fp16 needs a CUDA device; on CPU use amp=bf16 or amp=off", {}, 0, 0};
        return AmpMode::Fp16;
    }
    if (amp == "bf16")
        return AmpMode::Bf16;
    if (amp == "auto" || amp.empty())
        return device.is_cuda() ? AmpMode::Fp16 : (cpuHasNativeBf16() ? AmpMode::Bf16 : AmpMode::Off);
    return Error{"amp.unknown", "amp must be auto, off, fp16 or bf16, not '" + amp + "'", {}, 0, 0};
}

const char* toString(AmpMode mode)
{
    switch (mode) {
    case AmpMode::Off: return "off";
    case AmpMode::Fp16: return "fp16";
    case AmpMode::Bf16: return "bf16";
    }
    return "?";
}

AmpMode activeAutocast(const torch::Device& device)
{
    if (device.is_cuda())
        return !at::autocast::is_enabled()                          ? AmpMode::Off
               : at::autocast::get_autocast_gpu_dtype() == at::kBFloat16 ? AmpMode::Bf16
                                                                       : AmpMode::Fp16;
    return at::autocast::is_autocast_enabled(c10::DeviceType::CPU) ? AmpMode::Bf16 : AmpMode::Off;
}

AutocastGuard::AutocastGuard(AmpMode mode, const torch::Device& device) : mode_(mode), cuda_(device.is_cuda())
{
    if (mode_ == AmpMode::Off)
        return;
    const c10::DeviceType type = cuda_ ? c10::DeviceType::CUDA : c10::DeviceType::CPU;
    prevEnabled_ = at::autocast::is_autocast_enabled(type);
    // CPU autocast runs bf16 only (resolveAmp refuses fp16 there).
    at::autocast::set_autocast_dtype(type, cuda_ && mode_ == AmpMode::Fp16 ? at::kHalf : at::kBFloat16);
    at::autocast::set_autocast_enabled(type, true);
}

AutocastGuard::~AutocastGuard()
{
    if (mode_ == AmpMode::Off)
        return;
    at::autocast::set_autocast_enabled(cuda_ ? c10::DeviceType::CUDA : c10::DeviceType::CPU, prevEnabled_);
    at::autocast::clear_cache();
}

}  // namespace ys
