// A fake NVIDIA driver (libcuda.so.1) for the driver probe's tests (memory/cudadriver.h): the three driver API
// calls the probe makes, answering what the environment says. It only ever stands for a driver that fails:
// a test that let it report a usable GPU would send LibTorch's CUDA runtime into it, which it cannot serve.
//   FAKE_CUDA_VERSION  cuDriverGetVersion's version, 1000 * major + 10 * minor (default 13000)
//   FAKE_CUDA_INIT     cuInit's result (default 0, CUDA_SUCCESS)
//   FAKE_CUDA_DEVICES  cuDeviceGetCount's count (default 0)
#include <cstdlib>

namespace {

int fromEnvironment(const char* name, int fallback)
{
    const char* v = std::getenv(name);
    return v && *v ? std::atoi(v) : fallback;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) int cuDriverGetVersion(int* version)
{
    *version = fromEnvironment("FAKE_CUDA_VERSION", 13000);
    return 0;
}

__attribute__((visibility("default"))) int cuInit(unsigned int /*flags*/)
{
    return fromEnvironment("FAKE_CUDA_INIT", 0);
}

__attribute__((visibility("default"))) int cuDeviceGetCount(int* count)
{
    *count = fromEnvironment("FAKE_CUDA_DEVICES", 0);
    return 0;
}

}  // extern "C"
