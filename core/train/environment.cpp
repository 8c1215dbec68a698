// collectEnvironment: the machine from /etc/os-release, uname, /proc and memory::listDevices(); the build
// from version macros; the BLAS from the objects loaded in this process.
#include "train/environment.h"

#include "memory/devices.h"

#include <opencv2/core/version.hpp>
#include <torch/version.h>

#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
#include <ATen/detail/CUDAHooksInterface.h>
#endif
#include <ATen/Version.h>

#include <dlfcn.h>
#include <link.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <sstream>

#ifndef YS_VERSION
#define YS_VERSION ""
#endif
#ifndef YS_QT_VERSION
#define YS_QT_VERSION ""
#endif

namespace ys {
namespace {

std::string trim(const std::string& s)
{
    const size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

std::string firstLine(const char* path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return trim(line);
}

// "Debian GNU/Linux 12 (bookworm); Linux 6.1.0-18-amd64 x86_64".
std::string osDescription()
{
    std::string pretty;
    for (const char* path : {"/etc/os-release", "/usr/lib/os-release"}) {
        std::ifstream in(path);
        std::string line;
        while (pretty.empty() && std::getline(in, line))
            if (line.rfind("PRETTY_NAME=", 0) == 0) {
                pretty = trim(line.substr(12));
                if (pretty.size() >= 2 && (pretty.front() == '"' || pretty.front() == '\''))
                    pretty = pretty.substr(1, pretty.size() - 2);
            }
        if (!pretty.empty())
            break;
    }
    struct utsname u {};
    std::string kernel;
    if (::uname(&u) == 0)
        kernel = std::string(u.sysname) + " " + u.release + " " + u.machine;
    if (pretty.empty() || kernel.empty())
        return pretty + kernel;
    return pretty + "; " + kernel;
}

std::string hostName()
{
    char buf[HOST_NAME_MAX + 1] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0)
        return {};
    return buf;
}

// The loaded kernel module's version: /sys/module/nvidia/version ("535.104.05"), else the "Kernel Module"
// line of /proc/driver/nvidia/version. Empty without an NVIDIA driver.
std::string nvidiaDriverVersion()
{
    std::string v = firstLine("/sys/module/nvidia/version");
    if (!v.empty())
        return v;
    // "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023"
    const std::string line = firstLine("/proc/driver/nvidia/version");
    const size_t pos = line.find("Kernel Module");
    if (pos == std::string::npos)
        return {};
    std::istringstream rest(line.substr(pos + 13));
    rest >> v;
    return v;
}

std::string compilerVersion()
{
#if defined(__clang__)
    return "Clang " + std::to_string(__clang_major__) + "." + std::to_string(__clang_minor__) + "." +
           std::to_string(__clang_patchlevel__);
#elif defined(__GNUC__)
    return std::string("GCC ") + __VERSION__;
#else
    return {};
#endif
}

// ---- BLAS ----------------------------------------------------------------------------------------------

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string baseName(const std::string& path)
{
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool isBlasLibrary(const std::string& path)
{
    const std::string name = lower(baseName(path));
    for (const char* prefix : {"libblas.", "libcblas.", "libopenblas", "libmkl_rt", "libmkl_core", "libblis",
                               "libflexiblas", "libsatlas", "libtatlas", "libatlas"})
        if (name.rfind(prefix, 0) == 0)
            return true;
    return false;
}

// The loaded objects that are BLAS libraries, in load order.
std::vector<std::string> loadedBlasLibraries()
{
    std::vector<std::string> found;
    ::dl_iterate_phdr(
        [](struct dl_phdr_info* info, size_t, void* data) {
            auto* out = static_cast<std::vector<std::string>*>(data);
            if (info->dlpi_name && *info->dlpi_name && isBlasLibrary(info->dlpi_name))
                out->emplace_back(info->dlpi_name);
            return 0;
        },
        &found);
    return found;
}

std::string realPath(const std::string& path)
{
    char* r = ::realpath(path.c_str(), nullptr);
    if (!r)
        return path;
    std::string out(r);
    std::free(r);
    return out;
}

// The object that defines the symbol `name` for this process (what a call to it runs); empty when none does.
std::string objectDefining(const char* name)
{
    void* sym = ::dlsym(RTLD_DEFAULT, name);
    Dl_info info{};
    if (!sym || ::dladdr(sym, &info) == 0 || !info.dli_fname)
        return {};
    return info.dli_fname;
}


// LibTorch's own build setting ("BLAS_INFO=open"), for a LibTorch that carries its BLAS inside (MKL
// linked statically into the official builds).
std::string torchBlasInfo()
{
    try {
        const std::string config = at::show_config();
        const size_t pos = config.find("BLAS_INFO=");
        if (pos == std::string::npos)
            return {};
        const size_t end = config.find_first_of(", \n", pos);
        return config.substr(pos + 10, end == std::string::npos ? std::string::npos : end - pos - 10);
    } catch (...) {
        return {};
    }
}

// "OpenBLAS (pthread) /usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3; OpenBLAS 0.3.21 ..." : the
// implementation whose sgemm_ this process calls (else the first BLAS library loaded), its real path and,
// for OpenBLAS, its own build description.
std::string blasDescription()
{
    std::string object = objectDefining("sgemm_");
    const std::vector<std::string> loaded = loadedBlasLibraries();
    if ((object.empty() || !isBlasLibrary(object)) && !loaded.empty())
        object = loaded.front();
    if (object.empty() || !isBlasLibrary(object)) {
        const std::string info = torchBlasInfo();   // no BLAS library loaded: LibTorch's own
        return info.empty() ? std::string() : "linked into LibTorch (BLAS_INFO=" + info + ")";
    }
    const std::string real = realPath(object);
    std::string family = blasFamily(real);
    std::string out = (family.empty() ? std::string("BLAS") : family) + " " + real;
    if (family.rfind("OpenBLAS", 0) == 0) {
        using GetConfig = const char* (*)();
        if (auto* get = reinterpret_cast<GetConfig>(::dlsym(RTLD_DEFAULT, "openblas_get_config")))
            if (const char* config = get())
                out += "; " + trim(config);
    }
    return out;
}

// ---- CUDA ----------------------------------------------------------------------------------------------

#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
// CUDA's and cuDNN's integer versions as text: CUDART 12010 = "12.1"; cuDNN 8902 = "8.9.2", 90100 = "9.1.0".
std::string cudaVersionText(long v)
{
    return v <= 0 ? std::string() : std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

std::string cudnnVersionText(long v)
{
    if (v <= 0)
        return {};
    const long major = v >= 90000 ? v / 10000 : v / 1000;
    const long minor = v >= 90000 ? v % 10000 / 100 : v % 1000 / 100;
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(v % 100);
}
#endif

void addCuda(EnvironmentInfo& env)
{
#if defined(YS_WITH_CUDA) && YS_WITH_CUDA
    try {
        const at::CUDAHooksInterface& hooks = at::detail::getCUDAHooks();
        env.cuda = cudaVersionText(hooks.versionCUDART());
        if (hooks.compiledWithCuDNN())
            env.cudnn = cudnnVersionText(hooks.versionCuDNN());
    } catch (...) {   // LibTorch without its CUDA library loaded: nothing to say
    }
#else
    (void)env;
#endif
}

}  // namespace

std::string blasFamily(const std::string& real)
{
    const std::string p = lower(real);
    auto variant = [&](const std::string& family) {
        for (const char* v : {"pthread", "openmp", "serial"})
            if (p.find(family + "-" + v) != std::string::npos)
                return std::string(" (") + v + ")";
        if (family == "openblas" && p.find("libopenblasp") != std::string::npos)
            return std::string(" (pthread)");
        if (family == "openblas" && p.find("libopenblaso") != std::string::npos)
            return std::string(" (openmp)");
        return std::string();
    };
    const std::string name = baseName(p);   // a folder's name alone does not make a BLAS (/home/mkl/...)
    auto named = [&](const char* what) { return name.find(what) != std::string::npos; };
    if (name.rfind("libmkl", 0) == 0)
        return "MKL";
    if (named("openblas") || p.find("/openblas-") != std::string::npos)
        return "OpenBLAS" + variant("openblas");
    if (named("blis") || p.find("/blis-") != std::string::npos)
        return "BLIS" + variant("blis");
    if (named("flexiblas"))
        return "FlexiBLAS";
    if (named("atlas") || p.find("/atlas/") != std::string::npos)
        return "ATLAS";
    if (name.rfind("libblas.", 0) == 0 || name.rfind("libcblas.", 0) == 0)
        return "reference BLAS";
    return {};
}

EnvironmentInfo collectEnvironment()
{
    EnvironmentInfo env;
    try {
        env.os = osDescription();
        env.host = hostName();
        for (const memory::DeviceInfo& d : memory::listDevices(/*freeMemory=*/false)) {
            if (!d.cuda) {
                env.cpu = d.name;
                env.cpuCores = d.cores;
                env.ramBytes = d.totalBytes;
            } else {
                env.gpus.push_back(GpuInfo{d.name, d.totalBytes, d.computeMajor, d.computeMinor});
            }
        }
        env.nvidiaDriver = nvidiaDriverVersion();
        addCuda(env);
        env.libtorch = TORCH_VERSION;
        env.blas = blasDescription();
        env.opencv = CV_VERSION;
        env.app = YS_VERSION;
        env.qt = YS_QT_VERSION;
        env.compiler = compilerVersion();
    } catch (...) {   // listDevices() on a broken CUDA setup: keep what was collected
    }
    return env;
}

}  // namespace ys
