// ONNX export speed and what the file costs at inference, against LibTorch on the same CPU, in one run:
// per weights file, exportOnnx's wall time (checks included) and the file size; per image size, milliseconds
// per image of one letterboxed image [1,3,S,S] through the two backends val and predict use (TorchDetector:
// the checkpoint's model as predict runs it, channels-last; OnnxDetector: the exported file in OpenCV DNN),
// runs interleaved, medians quoted. With threads=1 the process's CPU time per image is given too: the work
// itself, which a busy machine does not distort as it does wall time (OMP_WAIT_POLICY=PASSIVE: no spinning).
//   bench_export weights=a.pt,b.pt [sizes=320,640] [runs=15] [threads=2] [exports=3] [out=DIR]
#include "export/export.h"
#include "model/internal/threads.h"
#include "train/internal/detector.h"

#include "../train/benchutil.h"

#include <opencv2/core.hpp>
#include <opencv2/core/version.hpp>

#include <torch/torch.h>
#include <torch/version.h>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace {

using ys::bench::median;

// CPU seconds the process (every thread of it) spent in `fn`.
template <class F>
double threadCpuSeconds(F&& fn)
{
    timespec a{}, b{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    fn();
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    return double(b.tv_sec - a.tv_sec) + double(b.tv_nsec - a.tv_nsec) * 1e-9;
}

std::vector<std::string> split(const std::string& s)
{
    std::vector<std::string> out;
    std::stringstream in(s);
    for (std::string x; std::getline(in, x, ',');)
        out.push_back(x);
    return out;
}

[[noreturn]] void fail(const ys::Error& e)
{
    std::fprintf(stderr, "%s\n", e.toString().c_str());
    std::exit(1);
}

}  // namespace

int main(int argc, char** argv)
{
    const ys::bench::Args args(argc, argv);
    const std::vector<std::string> files = split(args.text("weights", ""));
    if (files.empty()) {
        std::fprintf(stderr, "usage: bench_export weights=a.pt,b.pt [sizes=320,640] [runs=15] [threads=2] [exports=3] "
                             "[out=DIR]\n");
        return 2;
    }
    std::vector<int> sizes;
    for (const auto& s : split(args.text("sizes", "320,640")))
        sizes.push_back(std::stoi(s));
    const int runs = args.integer("runs", 15);
    const int threads = args.integer("threads", 2);
    const int exports = args.integer("exports", 3);
    const std::string outDir =
        args.text("out", (std::filesystem::temp_directory_path() / "ys-bench-export").string());
    std::filesystem::create_directories(outDir);
    ys::configureIntraOpThreads(threads);
    cv::setNumThreads(threads);
    std::printf("LibTorch %s, OpenCV %s, %d threads each, %d runs (medians)\n\n", TORCH_VERSION, CV_VERSION, threads,
                runs);
    const bool cpu = threads == 1;
    std::printf("%-28s %6s %10s %10s %12s %12s %8s%s\n", "weights", "imgsz", "export s", "file MB", "LibTorch ms",
                "OpenCV ms", "ratio", cpu ? "   LibTorch CPU ms   OpenCV CPU ms    ratio" : "");
    for (const std::string& file : files) {
        const std::string stem = std::filesystem::path(file).parent_path().filename().string() + "-" +
                                 std::filesystem::path(file).stem().string();
        auto torchDet = ys::openDetector(file, torch::Device(torch::kCPU));
        if (!torchDet)
            fail(torchDet.error());
        for (int size : sizes) {
            ys::ExportOptions o;
            o.weights = file;
            o.imgszH = o.imgszW = size;
            o.out = outDir + "/" + stem + "-" + std::to_string(size) + ".onnx";
            o.threads = threads;
            ys::ExportSummary summary;
            const std::vector<double> exportTimes = ys::bench::timeCalls(exports, [&] {
                auto r = ys::exportOnnx(o);
                if (!r)
                    fail(r.error());
                summary = *r;
            });
            auto onnxDet = ys::openDetector(o.out, torch::Device(torch::kCPU), threads);
            if (!onnxDet)
                fail(onnxDet.error());
            // One letterboxed picture (grey with a gradient), uint8 RGB as the loader gives it.
            torch::Tensor img = (torch::linspace(0, 255, size).view({1, 1, 1, size}) * torch::ones({1, 3, size, size}))
                                    .to(torch::kUInt8);
            torch::NoGradGuard ng;
            for (int w = 0; w < 2; ++w) {   // warm-up: first-run allocations, OpenCV's layer set-up
                (*torchDet)->run(img);
                (*onnxDet)->run(img);
            }
            std::vector<double> tTorch, tCv, cTorch, cCv;   // interleaved, so load changes hit both alike
            for (int r = 0; r < runs; ++r) {
                cTorch.push_back(threadCpuSeconds([&] {
                    tTorch.push_back(ys::bench::timeCalls(1, [&] { (*torchDet)->run(img); }).front());
                }));
                cCv.push_back(threadCpuSeconds([&] {
                    tCv.push_back(ys::bench::timeCalls(1, [&] { (*onnxDet)->run(img); }).front());
                }));
            }
            const double mt = median(tTorch) * 1e3, mc = median(tCv) * 1e3;
            std::printf("%-28s %6d %10.2f %10.1f %12.1f %12.1f %8.2f", stem.c_str(), size, median(exportTimes),
                        summary.bytes / 1e6, mt, mc, mc / mt);
            if (cpu)
                std::printf(" %17.1f %15.1f %8.2f", median(cTorch) * 1e3, median(cCv) * 1e3,
                            median(cCv) / median(cTorch));
            std::printf("\n");
            std::fflush(stdout);
        }
    }
    std::printf("\nratio = OpenCV / LibTorch (below 1: OpenCV faster). LibTorch runs the unfused checkpoint model as "
                "val and predict do.\n");
    return 0;
}
