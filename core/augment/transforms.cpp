#include "augment/transforms.h"

#include "common/npsort.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace ys {
namespace {

constexpr double kPi = 3.14159265358979323846;

// LabelBox gained a `valid` flag (boxes kept only for display); older headers lack it.
template <typename B>
bool trainable(const B& b)
{
    if constexpr (requires { b.valid; }) {
        return b.valid;
    } else {
        return true;
    }
}

bool isJpegPath(const std::string& path)
{
    const auto dot = path.find_last_of('.');
    if (dot == std::string::npos) return false;
    std::string ext = path.substr(dot + 1);
    for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext == "jpg" || ext == "jpeg";
}

// An image placed on a virtual canvas: src's pixel (0,0) sits at canvas (x, y); src lies inside it.
struct Part {
    cv::Mat src;
    int x = 0, y = 0;
};

// A canvas described by its parts, so a following scale+translate can resize each part straight into the
// output instead of first copying everything onto a large canvas.
struct Canvas {
    int w = 0, h = 0;
    std::vector<Part> parts;
    std::vector<BoxPx> boxes;   // canvas pixels
    std::vector<int> boxPart;   // index of the part each box lies on, -1 = unknown (same length as boxes)
};

cv::Mat materialize(const Canvas& c)
{
    if (c.parts.size() == 1 && c.parts[0].x == 0 && c.parts[0].y == 0 && c.parts[0].src.cols == c.w &&
        c.parts[0].src.rows == c.h)
        return c.parts[0].src;
    cv::Mat out(c.h, c.w, CV_8UC3, cv::Scalar::all(kPadValue));
    for (const auto& p : c.parts) p.src.copyTo(out(cv::Rect(p.x, p.y, p.src.cols, p.src.rows)));
    return out;
}

// Axis mapping of one part in the resize path: source pixels [a, b) (canvas) are resized onto output
// pixels [ua, ub), i.e. u = ua + (X - a) * (ub - ua) / (b - a). The ideal mapping is u = s*X + o; a part
// edge inside the output rounds to the nearest output pixel (neighbouring parts share it, so there are no
// seams), a part cut by the output border starts at the border with the partly visible source pixel.
// The part's boxes use this mapping, so labels and pixels agree exactly; it differs from the ideal by
// at most one output pixel, a negligible change of the random scale and translation.
struct Span {
    int a = 0, b = 0, ua = 0, ub = 0;
    double map(double X) const { return ua + (X - a) * double(ub - ua) / double(b - a); }
};

bool partSpan(int p0, int len, double s, double o, int outLen, Span& sp)
{
    const double lo = -o / s, hi = (outLen - o) / s;  // canvas range that lands in the output
    if (!(p0 < hi && p0 + len > lo)) return false;
    if (lo > p0) {
        sp.a = static_cast<int>(std::floor(lo));
        sp.ua = 0;
    } else {
        sp.a = p0;
        sp.ua = static_cast<int>(std::lround(s * p0 + o));
    }
    if (hi < p0 + len) {
        sp.b = static_cast<int>(std::ceil(hi));
        sp.ub = outLen;
    } else {
        sp.b = p0 + len;
        sp.ub = static_cast<int>(std::lround(s * (p0 + len) + o));
    }
    sp.ua = std::clamp(sp.ua, 0, outLen);
    sp.ub = std::clamp(sp.ub, 0, outLen);
    return sp.b > sp.a && sp.ub > sp.ua;
}

BoxPx clipBox(BoxPx b, float w, float h)
{
    b.x1 = std::clamp(b.x1, 0.f, w);
    b.x2 = std::clamp(b.x2, 0.f, w);
    b.y1 = std::clamp(b.y1, 0.f, h);
    b.y2 = std::clamp(b.y2, 0.f, h);
    return b;
}

// Random perspective of a canvas into (c.w + 2*border) x (c.h + 2*border). Draw order is fixed
// (perspective x/y, angle, scale, shear x/y, translate x/y) whichever path renders the pixels.
Sample renderPerspective(const Canvas& c, const TrainConfig& hyp, Rng& rng, int border)
{
    const int outW = c.w + 2 * border, outH = c.h + 2 * border;
    const double px = rng.uniform(-hyp.perspective, hyp.perspective);
    const double py = rng.uniform(-hyp.perspective, hyp.perspective);
    const double angle = rng.uniform(-hyp.degrees, hyp.degrees);
    const double s = rng.uniform(1.0 - hyp.scale, 1.0 + hyp.scale);
    const double shx = std::tan(rng.uniform(-hyp.shear, hyp.shear) * kPi / 180.0);
    const double shy = std::tan(rng.uniform(-hyp.shear, hyp.shear) * kPi / 180.0);
    const double tx = rng.uniform(0.5 - hyp.translate, 0.5 + hyp.translate) * outW;
    const double ty = rng.uniform(0.5 - hyp.translate, 0.5 + hyp.translate) * outH;

    // M = T * S * R * P * C (C moves the canvas centre to the origin).
    const cv::Matx33d C(1, 0, -c.w / 2.0, 0, 1, -c.h / 2.0, 0, 0, 1);
    const cv::Matx33d P(1, 0, 0, 0, 1, 0, px, py, 1);
    const double alpha = s * std::cos(angle * kPi / 180.0), beta = s * std::sin(angle * kPi / 180.0);
    const cv::Matx33d R(alpha, beta, 0, -beta, alpha, 0, 0, 0, 1);
    const cv::Matx33d S(1, shx, 0, shy, 1, 0, 0, 0, 1);
    const cv::Matx33d T(1, 0, tx, 0, 1, ty, 0, 0, 1);
    const cv::Matx33d M = T * S * R * P * C;
    const bool affine = px == 0.0 && py == 0.0;
    const bool scaleShift = affine && angle == 0.0 && shx == 0.0 && shy == 0.0;

    Sample out;
    std::vector<std::array<Span, 2>> spans;  // per part: x and y spans (resize path only)
    std::vector<bool> visible;
    if (scaleShift) {
        out.image = cv::Mat(outH, outW, CV_8UC3, cv::Scalar::all(kPadValue));
        spans.resize(c.parts.size());
        visible.resize(c.parts.size());
        for (size_t i = 0; i < c.parts.size(); ++i) {
            const Part& p = c.parts[i];
            Span& sx = spans[i][0];
            Span& sy = spans[i][1];
            visible[i] = partSpan(p.x, p.src.cols, s, M(0, 2), outW, sx) &&
                         partSpan(p.y, p.src.rows, s, M(1, 2), outH, sy);
            if (!visible[i]) continue;
            cv::Mat dst = out.image(cv::Rect(sx.ua, sy.ua, sx.ub - sx.ua, sy.ub - sy.ua));
            cv::resize(p.src(cv::Rect(sx.a - p.x, sy.a - p.y, sx.b - sx.a, sy.b - sy.a)), dst, dst.size(), 0, 0,
                       cv::INTER_LINEAR);
        }
    } else {
        const cv::Mat canvas = materialize(c);
        const cv::Scalar fill = cv::Scalar::all(kPadValue);
        if (affine) {
            const cv::Matx23d A(M(0, 0), M(0, 1), M(0, 2), M(1, 0), M(1, 1), M(1, 2));
            cv::warpAffine(canvas, out.image, A, cv::Size(outW, outH), cv::INTER_LINEAR, cv::BORDER_CONSTANT,
                           fill);
        } else {
            cv::warpPerspective(canvas, out.image, M, cv::Size(outW, outH), cv::INTER_LINEAR,
                                cv::BORDER_CONSTANT, fill);
        }
    }

    out.boxes.reserve(c.boxes.size());
    for (size_t i = 0; i < c.boxes.size(); ++i) {
        const BoxPx& b = c.boxes[i];
        const int part = i < c.boxPart.size() ? c.boxPart[i] : -1;
        BoxPx t{b.cls, 0, 0, 0, 0};
        if (scaleShift && part >= 0 && visible[size_t(part)]) {
            const auto& sp = spans[size_t(part)];
            t = {b.cls, float(sp[0].map(b.x1)), float(sp[1].map(b.y1)), float(sp[0].map(b.x2)), float(sp[1].map(b.y2))};
        } else {
            const double xs[4] = {b.x1, b.x2, b.x1, b.x2};
            const double ys[4] = {b.y1, b.y1, b.y2, b.y2};
            double x0 = 1e30, y0 = 1e30, x1 = -1e30, y1 = -1e30;
            for (int k = 0; k < 4; ++k) {
                double u = M(0, 0) * xs[k] + M(0, 1) * ys[k] + M(0, 2);
                double v = M(1, 0) * xs[k] + M(1, 1) * ys[k] + M(1, 2);
                if (!affine) {
                    const double w = M(2, 0) * xs[k] + M(2, 1) * ys[k] + M(2, 2);
                    u /= w;
                    v /= w;
                }
                x0 = std::min(x0, u), x1 = std::max(x1, u);
                y0 = std::min(y0, v), y1 = std::max(y1, v);
            }
            t = {b.cls, float(x0), float(y0), float(x1), float(y1)};
        }
        t = clipBox(t, float(outW), float(outH));
        if (boxCandidate(b, static_cast<float>(s), t)) out.boxes.push_back(t);
    }
    return out;
}

Canvas mosaicLayout(std::array<Sample, 4>& parts, int imgsz, Rng& rng)
{
    const int s = imgsz, s2 = 2 * imgsz;
    // Centre uniform in [s/2, 3s/2): the reference's mosaic border of -s/2 on each side.
    const int yc = static_cast<int>(rng.uniform(s / 2.0, s2 - s / 2.0));
    const int xc = static_cast<int>(rng.uniform(s / 2.0, s2 - s / 2.0));
    Canvas c;
    c.w = c.h = s2;
    for (int i = 0; i < 4; ++i) {
        const cv::Mat& img = parts[i].image;
        const int h = img.rows, w = img.cols;
        int x1a, y1a, x2a, y2a, x1b, y1b, x2b, y2b;
        switch (i) {
        case 0:  // top-left: bottom-right corner of the image at the centre
            x1a = std::max(xc - w, 0), y1a = std::max(yc - h, 0), x2a = xc, y2a = yc;
            x1b = w - (x2a - x1a), y1b = h - (y2a - y1a), x2b = w, y2b = h;
            break;
        case 1:  // top-right
            x1a = xc, y1a = std::max(yc - h, 0), x2a = std::min(xc + w, s2), y2a = yc;
            x1b = 0, y1b = h - (y2a - y1a), x2b = std::min(w, x2a - x1a), y2b = h;
            break;
        case 2:  // bottom-left
            x1a = std::max(xc - w, 0), y1a = yc, x2a = xc, y2a = std::min(s2, yc + h);
            x1b = w - (x2a - x1a), y1b = 0, x2b = w, y2b = std::min(y2a - y1a, h);
            break;
        default:  // bottom-right
            x1a = xc, y1a = yc, x2a = std::min(xc + w, s2), y2a = std::min(s2, yc + h);
            x1b = 0, y1b = 0, x2b = std::min(w, x2a - x1a), y2b = std::min(y2a - y1a, h);
            break;
        }
        if (x2b <= x1b || y2b <= y1b) continue;  // nothing of this image on the canvas
        const int part = static_cast<int>(c.parts.size());
        c.parts.push_back({img(cv::Rect(x1b, y1b, x2b - x1b, y2b - y1b)), x1a, y1a});
        const float padw = float(x1a - x1b), padh = float(y1a - y1b);
        for (const auto& b : parts[i].boxes) {
            // Clipped to this image's region of the canvas (it ends at the canvas edge or the centre).
            BoxPx t{b.cls, b.x1 + padw, b.y1 + padh, b.x2 + padw, b.y2 + padh};
            t.x1 = std::clamp(t.x1, float(x1a), float(x2a)), t.x2 = std::clamp(t.x2, float(x1a), float(x2a));
            t.y1 = std::clamp(t.y1, float(y1a), float(y2a)), t.y2 = std::clamp(t.y2, float(y1a), float(y2a));
            if (t.x2 > t.x1 && t.y2 > t.y1) {
                c.boxes.push_back(t);
                c.boxPart.push_back(part);
            }
        }
    }
    return c;
}

}  // namespace

Sample loadResized(const ImageRecord& rec, int imgsz, bool augment)
{
    // Training decodes at 1/2, 1/4 or 1/8 scale when the JPEG is that much larger than needed: libjpeg's DCT
    // scaling skips most of the decode work. Validation never does: the scaled IDCT gives other pixels than
    // Ultralytics' full decode and linear shrink, and a weakly trained model's val mAP moved by ~10% on that
    // alone (docs/METRICS.md).
    int factor = 1;
    const int headerLong = std::max(rec.width, rec.height);
    if (augment && headerLong > 0 && isJpegPath(rec.image)) {
        while (factor < 8 && headerLong >= 2 * factor * imgsz) factor *= 2;
    }
    const int flags = factor == 8   ? cv::IMREAD_REDUCED_COLOR_8
                      : factor == 4 ? cv::IMREAD_REDUCED_COLOR_4
                      : factor == 2 ? cv::IMREAD_REDUCED_COLOR_2
                                    : cv::IMREAD_COLOR;
    cv::Mat img;
    try {
        img = cv::imread(rec.image, flags);
        if (img.empty() && factor != 1) {
            factor = 1;
            img = cv::imread(rec.image, cv::IMREAD_COLOR);
        }
    } catch (const cv::Exception& e) {
        throw std::runtime_error("cannot decode image " + rec.image + ": " + e.err);  // err: without OpenCV's source location
    }
    if (img.empty() || img.cols < 1 || img.rows < 1)
        throw std::runtime_error("cannot decode image " + rec.image);

    // Original size: the header's when it agrees with the decoded image (EXIF rotation may swap it).
    int w0 = img.cols * factor, h0 = img.rows * factor;
    if (factor > 1) {
        auto ceilDiv = [factor](int v) { return (v + factor - 1) / factor; };
        if (ceilDiv(rec.width) == img.cols && ceilDiv(rec.height) == img.rows)
            w0 = rec.width, h0 = rec.height;
        else if (ceilDiv(rec.height) == img.cols && ceilDiv(rec.width) == img.rows)
            w0 = rec.height, h0 = rec.width;
    }
    const double r = double(imgsz) / std::max(w0, h0);
    const int w = std::min(static_cast<int>(std::ceil(w0 * r)), imgsz);
    const int h = std::min(static_cast<int>(std::ceil(h0 * r)), imgsz);

    Sample s;
    if (w != img.cols || h != img.rows) {
        cv::resize(img, s.image, cv::Size(w, h), 0, 0, cv::INTER_LINEAR);  // as load_image, shrinking too
    } else {
        s.image = img;
    }
    s.origW = w0;
    s.origH = h0;
    s.gain = static_cast<float>(r);
    s.boxes.reserve(rec.boxes.size());
    for (const auto& b : rec.boxes) {
        if (!trainable(b)) continue;
        s.boxes.push_back({b.cls, (b.cx - b.w / 2) * w, (b.cy - b.h / 2) * h, (b.cx + b.w / 2) * w,
                           (b.cy + b.h / 2) * h});
    }
    return s;
}

LetterboxGeometry letterboxGeometry(int h, int w, int newH, int newW, bool scaleUp, bool center, int stride,
                                    bool auto_)
{
    LetterboxGeometry g;
    double r = std::min(double(newH) / h, double(newW) / w);
    if (!scaleUp) r = std::min(r, 1.0);
    g.gain = static_cast<float>(r);
    g.resizedW = static_cast<int>(std::lround(w * r));
    g.resizedH = static_cast<int>(std::lround(h * r));
    double dw = newW - g.resizedW, dh = newH - g.resizedH;
    if (auto_ && stride > 0) {
        dw = double((static_cast<int>(dw) % stride + stride) % stride);
        dh = double((static_cast<int>(dh) % stride + stride) % stride);
    }
    if (center) {
        dw /= 2, dh /= 2;
        g.left = static_cast<int>(std::lround(dw - 0.1));
        g.right = static_cast<int>(std::lround(dw + 0.1));
        g.top = static_cast<int>(std::lround(dh - 0.1));
        g.bottom = static_cast<int>(std::lround(dh + 0.1));
    } else {
        g.right = static_cast<int>(dw);
        g.bottom = static_cast<int>(dh);
    }
    return g;
}

Sample letterbox(Sample s, int newH, int newW, bool scaleUp, bool center, int stride, bool auto_, cv::Scalar pad)
{
    const auto g = letterboxGeometry(s.image.rows, s.image.cols, newH, newW, scaleUp, center, stride, auto_);
    const bool resize = g.resizedW != s.image.cols || g.resizedH != s.image.rows;
    if (!resize && g.left == 0 && g.top == 0 && g.right == 0 && g.bottom == 0) return s;

    cv::Mat out(g.resizedH + g.top + g.bottom, g.resizedW + g.left + g.right, CV_8UC3, pad);
    cv::Mat roi = out(cv::Rect(g.left, g.top, g.resizedW, g.resizedH));
    if (resize)
        cv::resize(s.image, roi, roi.size(), 0, 0, cv::INTER_LINEAR);
    else
        s.image.copyTo(roi);
    // Boxes follow the actual per-axis resize so they stay on the pixels.
    const float gx = float(g.resizedW) / s.image.cols, gy = float(g.resizedH) / s.image.rows;
    for (auto& b : s.boxes) {
        b.x1 = b.x1 * gx + g.left, b.x2 = b.x2 * gx + g.left;
        b.y1 = b.y1 * gy + g.top, b.y2 = b.y2 * gy + g.top;
    }
    s.padX = s.padX * g.gain + g.left;
    s.padY = s.padY * g.gain + g.top;
    s.gain *= g.gain;
    s.image = out;
    return s;
}

RectPlan planRectBatches(const std::vector<std::array<int, 2>>& shapes, int batch, int imgsz, int stride,
                         double pad)
{
    RectPlan plan;
    const int n = static_cast<int>(shapes.size());
    if (n == 0 || batch < 1) return plan;
    std::vector<double> ar(n);
    for (int i = 0; i < n; ++i) {
        const auto [h, w] = shapes[i];
        ar[i] = (h > 0 && w > 0) ? double(h) / w : 1.0;
    }
    // numpy's argsort, as the reference's set_rectangle: images of equal aspect ratio (most of a real
    // dataset) fall into the same batches, so each image gets the same batch shape as there.
    plan.order.clear();
    for (int64_t i : np::argsort(ar)) plan.order.push_back(static_cast<int>(i));
    const int nb = (n + batch - 1) / batch;
    plan.batchShapes.resize(nb);
    for (int bi = 0; bi < nb; ++bi) {
        const int lo = bi * batch, hi = std::min(n, lo + batch);
        const double mini = ar[plan.order[lo]], maxi = ar[plan.order[hi - 1]];
        double sh = 1, sw = 1;
        if (maxi < 1)
            sh = maxi;
        else if (mini > 1)
            sw = 1 / mini;
        plan.batchShapes[bi] = {static_cast<int>(std::ceil(sh * imgsz / stride + pad)) * stride,
                                static_cast<int>(std::ceil(sw * imgsz / stride + pad)) * stride};
    }
    return plan;
}

bool boxCandidate(const BoxPx& before, float scale, const BoxPx& after)
{
    constexpr double eps = 1e-16;
    const double w1 = double(before.x2 - before.x1) * scale, h1 = double(before.y2 - before.y1) * scale;
    const double w2 = after.x2 - after.x1, h2 = after.y2 - after.y1;
    const double ar = std::max(w2 / (h2 + eps), h2 / (w2 + eps));
    return w2 > 2 && h2 > 2 && w2 * h2 / (w1 * h1 + eps) > 0.1 && ar < 100;
}

Augmenter::Augmenter(const TrainConfig& hyp, int imgsz) : hyp_(hyp), imgsz_(imgsz) {}

Sample Augmenter::mosaic4(std::array<Sample, 4> parts, Rng& rng) const
{
    Canvas c = mosaicLayout(parts, imgsz_, rng);
    Sample out;
    out.image = materialize(c);
    out.boxes = std::move(c.boxes);
    out.index = parts[0].index;
    out.origH = parts[0].origH, out.origW = parts[0].origW, out.gain = parts[0].gain;
    return out;
}

Sample Augmenter::randomPerspective(Sample s, Rng& rng, int border) const
{
    Canvas c;
    c.w = s.image.cols, c.h = s.image.rows;
    c.parts.push_back({s.image, 0, 0});
    c.boxes = std::move(s.boxes);
    c.boxPart.assign(c.boxes.size(), 0);
    Sample out = renderPerspective(c, hyp_, rng, border);
    out.index = s.index, out.origH = s.origH, out.origW = s.origW, out.gain = s.gain;
    return out;
}

Sample Augmenter::mosaicPerspective(std::array<Sample, 4> parts, Rng& rng) const
{
    Canvas c = mosaicLayout(parts, imgsz_, rng);
    Sample out = renderPerspective(c, hyp_, rng, -imgsz_ / 2);
    out.index = parts[0].index;
    out.origH = parts[0].origH, out.origW = parts[0].origW, out.gain = parts[0].gain;
    return out;
}

Sample Augmenter::letterboxPerspective(Sample s, int newH, int newW, Rng& rng) const
{
    const auto g = letterboxGeometry(s.image.rows, s.image.cols, newH, newW, true);
    if (g.resizedW != s.image.cols || g.resizedH != s.image.rows) {
        s = letterbox(std::move(s), newH, newW, true);
        return randomPerspective(std::move(s), rng, 0);
    }
    Canvas c;
    c.w = g.resizedW + g.left + g.right, c.h = g.resizedH + g.top + g.bottom;
    c.parts.push_back({s.image, g.left, g.top});
    c.boxes = std::move(s.boxes);
    c.boxPart.assign(c.boxes.size(), 0);
    for (auto& b : c.boxes) b.x1 += g.left, b.x2 += g.left, b.y1 += g.top, b.y2 += g.top;
    Sample out = renderPerspective(c, hyp_, rng, 0);
    out.index = s.index, out.origH = s.origH, out.origW = s.origW, out.gain = s.gain;
    return out;
}

void Augmenter::hsv(cv::Mat& bgr, Rng& rng) const
{
    const double rh = rng.uniform(-1, 1) * hyp_.hsv_h;
    const double rs = rng.uniform(-1, 1) * hyp_.hsv_s;
    const double rv = rng.uniform(-1, 1) * hyp_.hsv_v;
    if (hyp_.hsv_h == 0 && hyp_.hsv_s == 0 && hyp_.hsv_v == 0) return;
    uchar lutH[256], lutS[256], lutV[256];
    for (int x = 0; x < 256; ++x) {
        double hue = std::fmod(x + rh * 180.0, 180.0);
        if (hue < 0) hue += 180.0;
        lutH[x] = static_cast<uchar>(hue);
        lutS[x] = static_cast<uchar>(std::clamp(x * (1.0 + rs), 0.0, 255.0));
        lutV[x] = static_cast<uchar>(std::clamp(x * (1.0 + rv), 0.0, 255.0));
    }
    cv::Mat hsvImg;
    cv::cvtColor(bgr, hsvImg, cv::COLOR_BGR2HSV);
    // A plain per-channel loop: cv::LUT with a 3-channel table is about 1.7x slower here.
    for (int y = 0; y < hsvImg.rows; ++y) {
        uchar* p = hsvImg.ptr<uchar>(y);
        for (int x = 0; x < hsvImg.cols; ++x, p += 3) {
            p[0] = lutH[p[0]];
            p[1] = lutS[p[1]];
            p[2] = lutV[p[2]];
        }
    }
    cv::cvtColor(hsvImg, bgr, cv::COLOR_HSV2BGR);
}

Sample Augmenter::flip(Sample s, Rng& rng) const
{
    const bool ud = rng.chance(hyp_.flipud);
    const bool lr = rng.chance(hyp_.fliplr);
    if (!ud && !lr) return s;
    const float W = float(s.image.cols), H = float(s.image.rows);
    cv::Mat out;
    cv::flip(s.image, out, ud && lr ? -1 : (ud ? 0 : 1));
    s.image = out;
    for (auto& b : s.boxes) {
        if (ud) {
            const float y1 = H - b.y2, y2 = H - b.y1;
            b.y1 = y1, b.y2 = y2;
        }
        if (lr) {
            const float x1 = W - b.x2, x2 = W - b.x1;
            b.x1 = x1, b.x2 = x2;
        }
    }
    return s;
}

Sample Augmenter::mixup(Sample a, Sample b, Rng& rng) const
{
    const double r = rng.beta(32.0, 32.0);
    if (b.image.size() != a.image.size()) b = letterbox(std::move(b), a.image.rows, a.image.cols, true);
    cv::Mat out;
    cv::addWeighted(a.image, r, b.image, 1.0 - r, 0.0, out);
    a.image = out;
    a.boxes.insert(a.boxes.end(), b.boxes.begin(), b.boxes.end());
    return a;
}

}  // namespace ys
