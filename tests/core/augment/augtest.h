#pragma once
// Helpers for the augmentation tests: images with solid boxes of distinct colours, and a check that a label
// box still sits on the pixels of its colour after a transform.

#include "augment/transforms.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <QString>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace augtest {

// Background far from every palette colour and from the grey padding (114).
inline const cv::Scalar kBackground(20, 20, 20);

// BGR colours pairwise at least 127 apart in some channel.
inline cv::Vec3b colourOf(int cls)
{
    static const cv::Vec3b palette[] = {
        {0, 0, 255},   {0, 255, 0},   {255, 0, 0},   {0, 255, 255}, {255, 0, 255}, {255, 255, 0},
        {255, 255, 255}, {0, 128, 255}, {255, 0, 128}, {128, 255, 0}, {255, 128, 0}, {0, 255, 128},
    };
    return palette[cls % 12];
}

struct DrawnBox {
    int cls;
    cv::Rect rect;
};

// A loaded sample: background with each box filled in its class colour.
inline ys::Sample makeSample(int w, int h, const std::vector<DrawnBox>& boxes, int index = 0)
{
    ys::Sample s;
    s.image = cv::Mat(h, w, CV_8UC3, kBackground);
    for (const auto& b : boxes) {
        const auto c = colourOf(b.cls);
        cv::rectangle(s.image, b.rect, cv::Scalar(c[0], c[1], c[2]), cv::FILLED);
        s.boxes.push_back({b.cls, float(b.rect.x), float(b.rect.y), float(b.rect.x + b.rect.width),
                           float(b.rect.y + b.rect.height)});
    }
    s.index = index;
    s.origW = w, s.origH = h;
    return s;
}

// Bounding rect of the pixels of `colour` near box b (searched in b grown by 25% + 4 px); empty when none.
// tol > 0: pixels within tol of the colour in every channel. tol = 0: pixels nearer (L1) to the colour than
// to the background, the grey padding and every other palette colour, i.e. edge pixels count when the box covers most of them.
inline cv::Rect colourRegion(const cv::Mat& img, const ys::BoxPx& b, cv::Vec3b colour, int tol = 0)
{
    const float mx = (b.x2 - b.x1) * 0.25f + 4, my = (b.y2 - b.y1) * 0.25f + 4;
    cv::Rect roi(cv::Point(int(std::floor(b.x1 - mx)), int(std::floor(b.y1 - my))),
                 cv::Point(int(std::ceil(b.x2 + mx)), int(std::ceil(b.y2 + my))));
    roi &= cv::Rect(0, 0, img.cols, img.rows);
    if (roi.empty()) return {};
    auto dist = [](const cv::Vec3b& p, const cv::Vec3b& q) {
        return std::abs(p[0] - q[0]) + std::abs(p[1] - q[1]) + std::abs(p[2] - q[2]);
    };
    const cv::Vec3b bg(20, 20, 20), pad(114, 114, 114);
    auto nearestOfPalette = [&](const cv::Vec3b& p, const cv::Vec3b& own, int d) {
        for (int k = 0; k < 12; ++k) {
            const cv::Vec3b other = colourOf(k);
            if (other != own && dist(p, other) <= d) return false;
        }
        return true;
    };
    int x0 = INT32_MAX, y0 = INT32_MAX, x1 = -1, y1 = -1;
    for (int y = roi.y; y < roi.y + roi.height; ++y) {
        const auto* row = img.ptr<cv::Vec3b>(y);
        for (int x = roi.x; x < roi.x + roi.width; ++x) {
            const cv::Vec3b p = row[x];
            const int d = dist(p, colour);
            const bool in = tol > 0 ? (std::abs(p[0] - colour[0]) <= tol && std::abs(p[1] - colour[1]) <= tol &&
                                       std::abs(p[2] - colour[2]) <= tol)
                                    : (d < dist(p, bg) && d < dist(p, pad) && nearestOfPalette(p, colour, d));
            if (!in) continue;
            x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
        }
    }
    if (x1 < 0) return {};
    return cv::Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
}

inline double iou(const ys::BoxPx& b, const cv::Rect& r)
{
    const double ix = std::max(0.0, std::min<double>(b.x2, r.x + r.width) - std::max<double>(b.x1, r.x));
    const double iy = std::max(0.0, std::min<double>(b.y2, r.y + r.height) - std::max<double>(b.y1, r.y));
    const double inter = ix * iy;
    const double u = double(b.x2 - b.x1) * (b.y2 - b.y1) + double(r.width) * r.height - inter;
    return u > 0 ? inter / u : 0;
}

// True when the label box matches its colour region: IoU >= 0.9, or (small boxes, where one pixel of
// interpolated edge matters) every edge within 2 px. `why` explains a failure.
inline bool matchesColour(const cv::Mat& img, const ys::BoxPx& b, cv::Vec3b colour, std::string* why = nullptr,
                          int tol = 0)
{
    const cv::Rect r = colourRegion(img, b, colour, tol);
    const double v = iou(b, r);
    const bool edges = std::abs(b.x1 - r.x) <= 2 && std::abs(b.y1 - r.y) <= 2 &&
                       std::abs(b.x2 - (r.x + r.width)) <= 2 && std::abs(b.y2 - (r.y + r.height)) <= 2;
    if (v >= 0.9 || (!r.empty() && edges)) return true;
    if (why) {
        *why = "cls " + std::to_string(b.cls) + " label [" + std::to_string(b.x1) + "," + std::to_string(b.y1) +
               "," + std::to_string(b.x2) + "," + std::to_string(b.y2) + "] pixels [" + std::to_string(r.x) + "," +
               std::to_string(r.y) + "," + std::to_string(r.x + r.width) + "," + std::to_string(r.y + r.height) +
               "] IoU " + std::to_string(v);
    }
    return false;
}

// Colour of the pixel at the box centre (for transforms that change colours).
inline cv::Vec3b centreColour(const cv::Mat& img, const ys::BoxPx& b)
{
    const int x = std::clamp(int((b.x1 + b.x2) / 2), 0, img.cols - 1);
    const int y = std::clamp(int((b.y1 + b.y2) / 2), 0, img.rows - 1);
    return img.at<cv::Vec3b>(y, x);
}

// Writes an image with boxes to `path` (format from the extension) and returns its record with the boxes
// normalised (cx, cy, w, h).
inline ys::ImageRecord writeRecord(const QString& path, int w, int h, const std::vector<DrawnBox>& boxes)
{
    const ys::Sample s = makeSample(w, h, boxes);
    cv::imwrite(path.toStdString(), s.image);
    ys::ImageRecord rec;
    rec.image = path.toStdString();
    rec.width = w, rec.height = h;
    rec.labelExists = true;
    for (const auto& b : boxes) {
        ys::LabelBox lb;
        lb.cls = b.cls;
        lb.cx = (b.rect.x + b.rect.width / 2.f) / w;
        lb.cy = (b.rect.y + b.rect.height / 2.f) / h;
        lb.w = float(b.rect.width) / w;
        lb.h = float(b.rect.height) / h;
        rec.boxes.push_back(lb);
    }
    return rec;
}

}  // namespace augtest
