#include "data/demo.h"

#include "data/parallel.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <vector>

namespace fs = std::filesystem;

namespace ys {
namespace {

constexpr std::array<const char*, 5> kClassNames = {"circle", "square", "triangle", "star", "cross"};
constexpr int kJpegQuality = 90;
constexpr double kMinObjectPx = 12.0;      // smallest object side: still learnable at imgsz 320 (stride 8)
constexpr double kMaxObjectShare = 0.40;   // largest object side as a share of the shorter image side

// Portable random numbers: std::mt19937 output is specified exactly by the standard, but the std
// distributions are not, so every distribution here is written out.
class Rng {
public:
    explicit Rng(uint32_t seed) : g_(seed) {}
    double uniform() { return (g_() >> 8) * (1.0 / 16777216.0); }  // [0, 1)
    double uniform(double a, double b) { return a + (b - a) * uniform(); }
    int integer(int lo, int hi) { return lo + static_cast<int>(g_() % static_cast<uint32_t>(hi - lo + 1)); }
    uint32_t raw() { return g_(); }

private:
    std::mt19937 g_;
};

cv::Vec3b randomColor(Rng& rng)
{
    return {static_cast<uint8_t>(rng.integer(0, 255)), static_cast<uint8_t>(rng.integer(0, 255)),
            static_cast<uint8_t>(rng.integer(0, 255))};
}

double luminance(const cv::Scalar& bgr) { return 0.114 * bgr[0] + 0.587 * bgr[1] + 0.299 * bgr[2]; }

cv::Mat background(Rng& rng, int w, int h)
{
    cv::Mat img(h, w, CV_8UC3);
    const int kind = rng.integer(0, 3);
    const cv::Vec3b a = randomColor(rng), b = randomColor(rng);
    if (kind == 0 || kind == 1) {
        // 0: linear gradient, 1: sinusoidal stripes, both between two colours along a random direction.
        const double ang = rng.uniform(0, M_PI);
        const double dx = std::cos(ang), dy = std::sin(ang);
        const double period = rng.uniform(8, 40);
        const double phase = rng.uniform(0, 2 * M_PI);
        const double span = std::abs(dx) * w + std::abs(dy) * h;
        for (int y = 0; y < h; ++y) {
            auto* row = img.ptr<cv::Vec3b>(y);
            for (int x = 0; x < w; ++x) {
                const double p = x * dx + y * dy;
                const double t = kind == 0 ? std::clamp((p + (dx < 0 ? -dx * w : 0) + (dy < 0 ? -dy * h : 0)) / span,
                                                        0.0, 1.0)
                                           : 0.5 + 0.5 * std::sin(2 * M_PI * p / period + phase);
                for (int c = 0; c < 3; ++c)
                    row[x][c] = static_cast<uint8_t>(a[c] + (b[c] - a[c]) * t);
            }
        }
    } else {
        // 2: smooth blotches (a coarse random grid upsampled), 3: the same at a finer grain.
        const int gw = kind == 2 ? 6 : 20, gh = kind == 2 ? 5 : 16;
        cv::Mat grid(gh, gw, CV_8UC3);
        for (int y = 0; y < gh; ++y)
            for (int x = 0; x < gw; ++x) {
                const double t = rng.uniform();
                for (int c = 0; c < 3; ++c)
                    grid.at<cv::Vec3b>(y, x)[c] = static_cast<uint8_t>(a[c] + (b[c] - a[c]) * t);
            }
        cv::resize(grid, img, img.size(), 0, 0, cv::INTER_CUBIC);
    }
    // Fine sensor-like noise everywhere.
    const int amp = rng.integer(4, 18);
    for (int y = 0; y < h; ++y) {
        auto* row = img.ptr<cv::Vec3b>(y);
        for (int x = 0; x < w; ++x) {
            const uint32_t r = rng.raw();
            for (int c = 0; c < 3; ++c) {
                const int n = static_cast<int>((r >> (c * 8)) & 0xFF) * (2 * amp + 1) / 256 - amp;
                row[x][c] = static_cast<uint8_t>(std::clamp(row[x][c] + n, 0, 255));
            }
        }
    }
    return img;
}

struct Shape {
    int cls = 0;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // tight bounding box in pixels
    std::vector<cv::Point2d> poly;          // empty for the circle
    cv::Point2d center;
    double radius = 0;
};

// Builds shape `cls` with bounding-box size about `size` px, centred at the origin.
Shape makeShape(Rng& rng, int cls, double size)
{
    Shape s;
    s.cls = cls;
    const double rot = rng.uniform(0, 2 * M_PI);
    auto rotated = [&](std::vector<cv::Point2d> pts) {
        for (auto& p : pts)
            p = {p.x * std::cos(rot) - p.y * std::sin(rot), p.x * std::sin(rot) + p.y * std::cos(rot)};
        return pts;
    };
    const double r = size / 2;
    switch (cls) {
    case 0:
        s.radius = r;
        break;
    case 1: {
        const double k = r / std::sqrt(2.0) * 1.2;
        s.poly = rotated({{-k, -k}, {k, -k}, {k, k}, {-k, k}});
        break;
    }
    case 2:
        for (int i = 0; i < 3; ++i)
            s.poly.push_back({r * std::cos(2 * M_PI * i / 3), r * std::sin(2 * M_PI * i / 3)});
        s.poly = rotated(s.poly);
        break;
    case 3:
        for (int i = 0; i < 10; ++i) {
            const double rr = i % 2 == 0 ? r : r * 0.42;
            s.poly.push_back({rr * std::cos(M_PI * i / 5), rr * std::sin(M_PI * i / 5)});
        }
        s.poly = rotated(s.poly);
        break;
    default: {
        const double t = r * 0.32;  // arm half-thickness
        s.poly = {{-t, -r}, {t, -r}, {t, -t}, {r, -t}, {r, t}, {t, t}, {t, r}, {-t, r}, {-t, t}, {-r, t}, {-r, -t}, {-t, -t}};
        // Crosses stay near upright so they do not look like rotated squares' corners.
        const double small = rng.uniform(-0.3, 0.3);
        for (auto& p : s.poly)
            p = {p.x * std::cos(small) - p.y * std::sin(small), p.x * std::sin(small) + p.y * std::cos(small)};
        break;
    }
    }
    if (s.poly.empty()) {
        s.x0 = s.y0 = -r;
        s.x1 = s.y1 = r;
    } else {
        s.x0 = s.y0 = 1e9;
        s.x1 = s.y1 = -1e9;
        for (const auto& p : s.poly) {
            s.x0 = std::min(s.x0, p.x);
            s.y0 = std::min(s.y0, p.y);
            s.x1 = std::max(s.x1, p.x);
            s.y1 = std::max(s.y1, p.y);
        }
    }
    return s;
}

void translate(Shape& s, double dx, double dy)
{
    s.x0 += dx;
    s.x1 += dx;
    s.y0 += dy;
    s.y1 += dy;
    s.center = {dx, dy};
    for (auto& p : s.poly)
        p += cv::Point2d(dx, dy);
}

void draw(cv::Mat& img, const Shape& s, const cv::Scalar& color)
{
    constexpr int kShift = 4;  // sub-pixel vertex precision (1/16 px) so labels match the drawing
    constexpr double kScale = 1 << kShift;
    if (s.poly.empty()) {
        cv::circle(img, cv::Point(static_cast<int>(std::lround(s.center.x * kScale)),
                                  static_cast<int>(std::lround(s.center.y * kScale))),
                   static_cast<int>(std::lround(s.radius * kScale)), color, cv::FILLED, cv::LINE_AA, kShift);
        return;
    }
    std::vector<cv::Point> pts;
    for (const auto& p : s.poly)
        pts.emplace_back(static_cast<int>(std::lround(p.x * kScale)), static_cast<int>(std::lround(p.y * kScale)));
    cv::fillPoly(img, std::vector<std::vector<cv::Point>>{pts}, color, cv::LINE_AA, kShift);
}

bool writeBytes(const fs::path& path, const void* data, size_t size)
{
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
    return static_cast<bool>(f);
}

// Generates image `index` of `split`; returns false on a write error.
bool writeOne(const fs::path& dir, const DemoOptions& o, int split, int index, std::string& error)
{
    // One generator per image, so images can be made in parallel and stay identical for a seed.
    Rng rng(o.seed * 2654435761u + static_cast<uint32_t>(split) * 1000003u + static_cast<uint32_t>(index) * 7919u);
    const int w = o.width, h = o.height;
    cv::Mat img = background(rng, w, h);
    std::vector<Shape> placed;
    const bool empty = rng.uniform() < o.backgroundShare;
    const int wanted = empty ? 0 : rng.integer(1, 8);
    const double maxSide = kMaxObjectShare * std::min(w, h);
    for (int k = 0; k < wanted; ++k) {
        const int cls = rng.integer(0, static_cast<int>(kClassNames.size()) - 1);
        // Log-uniform sizes: as many small objects as large ones.
        const double size = std::exp(rng.uniform(std::log(kMinObjectPx), std::log(maxSide)));
        for (int attempt = 0; attempt < 60; ++attempt) {
            Shape s = makeShape(rng, cls, size);
            const double bw = s.x1 - s.x0, bh = s.y1 - s.y0;
            if (bw >= w - 4 || bh >= h - 4)
                break;
            const double cx = rng.uniform(2 - s.x0, w - 2 - s.x1);
            const double cy = rng.uniform(2 - s.y0, h - 2 - s.y1);
            translate(s, cx, cy);
            const bool overlaps = std::any_of(placed.begin(), placed.end(), [&](const Shape& o2) {
                return s.x0 < o2.x1 + 3 && o2.x0 < s.x1 + 3 && s.y0 < o2.y1 + 3 && o2.y0 < s.y1 + 3;
            });
            if (overlaps)
                continue;
            // A colour that stands out from what lies under the object.
            const cv::Rect roi(cv::Point(static_cast<int>(s.x0), static_cast<int>(s.y0)),
                               cv::Point(static_cast<int>(std::ceil(s.x1)), static_cast<int>(std::ceil(s.y1))));
            const double under = luminance(cv::mean(img(roi & cv::Rect(0, 0, w, h))));
            cv::Scalar color;
            for (int c = 0; c < 30; ++c) {
                const cv::Vec3b v = randomColor(rng);
                color = cv::Scalar(v[0], v[1], v[2]);
                if (std::abs(luminance(color) - under) >= 70)
                    break;
                color = under > 128 ? cv::Scalar(20, 20, 20) : cv::Scalar(235, 235, 235);
            }
            draw(img, s, color);
            placed.push_back(std::move(s));
            break;
        }
    }

    const char* splitName = split == 0 ? "train" : "val";
    char stem[32];
    std::snprintf(stem, sizeof stem, "%s_%04d", splitName, index);
    std::vector<uint8_t> jpg;
    if (!cv::imencode(".jpg", img, jpg, {cv::IMWRITE_JPEG_QUALITY, kJpegQuality})) {
        error = "cannot encode a JPEG";
        return false;
    }
    const fs::path imgPath = dir / "images" / splitName / (std::string(stem) + ".jpg");
    if (!writeBytes(imgPath, jpg.data(), jpg.size())) {
        error = "cannot write " + imgPath.string();
        return false;
    }
    std::string label;
    char line[128];
    for (const Shape& s : placed) {
        const double x0 = std::max(0.0, s.x0), y0 = std::max(0.0, s.y0);
        const double x1 = std::min<double>(w, s.x1), y1 = std::min<double>(h, s.y1);
        std::snprintf(line, sizeof line, "%d %.6f %.6f %.6f %.6f\n", s.cls, (x0 + x1) / 2 / w, (y0 + y1) / 2 / h,
                      (x1 - x0) / w, (y1 - y0) / h);
        label += line;
    }
    const fs::path lblPath = dir / "labels" / splitName / (std::string(stem) + ".txt");
    if (!writeBytes(lblPath, label.data(), label.size())) {
        error = "cannot write " + lblPath.string();
        return false;
    }
    return true;
}

}  // namespace

Expected<std::string> writeDemoDataset(const std::string& dirIn, const DemoOptions& options,
                                       const ProgressFn& progress)
{
    if (options.width < 64 || options.height < 64 || options.trainImages < 0 || options.valImages < 0)
        return Error{"demo.options", "demo images must be at least 64x64 and image counts non-negative", {}, 0, 0};
    std::error_code ec;
    const fs::path dir = fs::absolute(fs::path(dirIn), ec).lexically_normal();
    for (const char* sub : {"images/train", "images/val", "labels/train", "labels/val"}) {
        fs::create_directories(dir / sub, ec);
        if (ec)
            return Error{"demo.write", "cannot create folder " + (dir / sub).string() + ": " + ec.message(),
                         (dir / sub).string(), 0, 0};
    }
    const int64_t total = options.trainImages + options.valImages;
    std::vector<std::string> errors(static_cast<size_t>(total));
    detail::ProgressThrottle throttle(progress, ProgressStage::Demo, total);
    CancelToken never;
    detail::parallelFor(total, options.threads, never, &throttle, [&](int64_t i, int) {
        const int split = i < options.trainImages ? 0 : 1;
        const int index = static_cast<int>(split == 0 ? i : i - options.trainImages);
        writeOne(dir, options, split, index, errors[static_cast<size_t>(i)]);
    });
    for (const auto& e : errors)
        if (!e.empty())
            return Error{"demo.write", e, dir.string(), 0, 0};

    // No `path:` key: both tools then resolve the splits against the YAML's own folder. Ultralytics resolves
    // a relative `path:` (even ".") against its datasets folder, so "path: ." fails there.
    std::string yaml = "# YOLO Studio demo dataset (generated, seed " + std::to_string(options.seed) +
                       "): coloured shapes on textured backgrounds.\n"
                       "train: images/train\n"
                       "val: images/val\n"
                       "names:\n";
    for (size_t i = 0; i < kClassNames.size(); ++i)
        yaml += "  " + std::to_string(i) + ": " + kClassNames[i] + "\n";
    const fs::path yamlPath = dir / "data.yaml";
    if (!writeBytes(yamlPath, yaml.data(), yaml.size()))
        return Error{"demo.write", "cannot write " + yamlPath.string(), yamlPath.string(), 0, 0};
    return yamlPath.string();
}

}  // namespace ys
