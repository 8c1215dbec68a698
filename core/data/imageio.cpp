#include "data/imageio.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#ifdef YS_HAVE_TURBOJPEG
#include <turbojpeg.h>
#endif

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <utility>

namespace ys::detail {
namespace {

uint16_t be16(const uint8_t* p) { return static_cast<uint16_t>((p[0] << 8) | p[1]); }
uint16_t le16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | (p[1] << 8)); }
uint32_t be32(const uint8_t* p)
{
    return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | uint32_t(p[3]);
}
uint32_t le32(const uint8_t* p)
{
    return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}

// EXIF orientation (1..8) from an APP1 segment's payload, 0 when absent or unreadable.
int exifOrientation(const uint8_t* p, size_t n)
{
    if (n < 14 || std::memcmp(p, "Exif\0\0", 6) != 0)
        return 0;
    const uint8_t* t = p + 6;
    const size_t tn = n - 6;
    const bool le = t[0] == 'I' && t[1] == 'I';
    if (!le && !(t[0] == 'M' && t[1] == 'M'))
        return 0;
    auto r16 = [&](size_t o) { return le ? le16(t + o) : be16(t + o); };
    auto r32 = [&](size_t o) { return le ? le32(t + o) : be32(t + o); };
    const size_t ifd = r32(4);
    if (ifd + 2 > tn)
        return 0;
    const size_t count = r16(ifd);
    for (size_t i = 0; i < count && ifd + 2 + (i + 1) * 12 <= tn; ++i) {
        const size_t e = ifd + 2 + i * 12;
        if (r16(e) == 0x0112) {
            const int v = r16(e + 8);
            return v >= 1 && v <= 8 ? v : 0;
        }
    }
    return 0;
}

HeaderInfo parseJpeg(const uint8_t* d, size_t n)
{
    HeaderInfo h;
    h.format = ImageFormat::Jpeg;
    int orientation = 0;
    size_t pos = 2;
    while (true) {
        // Markers may be preceded by any number of 0xFF fill bytes.
        while (pos < n && d[pos] != 0xFF)
            ++pos;  // tolerate garbage between segments like libjpeg does (it warns)
        while (pos < n && d[pos] == 0xFF)
            ++pos;
        if (pos >= n) {
            h.needMore = true;
            h.error = "JPEG ends before its frame header";
            return h;
        }
        const uint8_t m = d[pos++];
        if (m == 0xD8 || m == 0x01 || (m >= 0xD0 && m <= 0xD7))
            continue;  // standalone markers
        if (m == 0xD9 || m == 0xDA) {
            h.error = "JPEG has no frame header before its image data";
            return h;
        }
        if (pos + 2 > n) {
            h.needMore = true;
            h.error = "JPEG ends inside a marker segment";
            return h;
        }
        const size_t len = be16(d + pos);
        if (len < 2) {
            h.error = "JPEG marker segment has an invalid length";
            return h;
        }
        const bool sof = m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC;
        if (sof) {
            if (pos + 7 > n) {
                h.needMore = true;
                h.error = "JPEG ends inside its frame header";
                return h;
            }
            h.height = be16(d + pos + 3);
            h.width = be16(d + pos + 5);
            if (h.width == 0 || h.height == 0)
                h.error = "JPEG frame header gives a zero width or height";
            else
                h.error.clear();
            // Orientations 5-8 turn the picture by 90 degrees; OpenCV's imread (and the trainer) apply them,
            // so labels are normalised to the turned size.
            if (orientation >= 5)
                std::swap(h.width, h.height);
            return h;
        }
        if (m == 0xE1 && orientation == 0 && pos + len <= n)
            orientation = exifOrientation(d + pos + 2, len - 2);
        pos += len;
    }
}

HeaderInfo parsePng(const uint8_t* d, size_t n)
{
    HeaderInfo h;
    h.format = ImageFormat::Png;
    if (n < 24) {
        h.error = "PNG ends before its IHDR header";
        return h;
    }
    if (std::memcmp(d + 12, "IHDR", 4) != 0) {
        h.error = "PNG does not start with an IHDR chunk";
        return h;
    }
    const uint32_t w = be32(d + 16), hh = be32(d + 20);
    if (w == 0 || hh == 0 || w > 0x7FFFFFFF || hh > 0x7FFFFFFF) {
        h.error = "PNG header gives an invalid size";
        return h;
    }
    h.width = static_cast<int>(w);
    h.height = static_cast<int>(hh);
    return h;
}

HeaderInfo parseBmp(const uint8_t* d, size_t n)
{
    HeaderInfo h;
    h.format = ImageFormat::Bmp;
    if (n < 26) {
        h.error = "BMP ends before its header";
        return h;
    }
    const uint32_t dib = le32(d + 14);
    int64_t w = 0, hh = 0;
    if (dib == 12) {
        w = le16(d + 18);
        hh = le16(d + 20);
    } else if (dib >= 40 && dib <= 256) {
        w = static_cast<int32_t>(le32(d + 18));
        hh = static_cast<int32_t>(le32(d + 22));
    } else {
        h.error = "BMP has an unknown header size " + std::to_string(dib);
        return h;
    }
    hh = hh < 0 ? -hh : hh;
    if (w <= 0 || hh <= 0 || w > 0x7FFFFFFF || hh > 0x7FFFFFFF) {
        h.error = "BMP header gives an invalid size";
        return h;
    }
    h.width = static_cast<int>(w);
    h.height = static_cast<int>(hh);
    return h;
}

HeaderInfo parseTiff(const uint8_t* d, size_t n)
{
    HeaderInfo h;
    h.format = ImageFormat::Tiff;
    const bool le = d[0] == 'I';
    auto r16 = [&](size_t o) { return le ? le16(d + o) : be16(d + o); };
    auto r32 = [&](size_t o) { return le ? le32(d + o) : be32(d + o); };
    if (r16(2) != 42) {
        h.error = "TIFF variant (e.g. BigTIFF) is not supported";
        return h;
    }
    const size_t ifd = r32(4);
    if (ifd < 8 || ifd + 2 > n) {
        h.needMore = ifd >= 8;
        h.error = "TIFF directory lies outside the file";
        return h;
    }
    const size_t count = r16(ifd);
    if (ifd + 2 + count * 12 > n) {
        h.needMore = true;
        h.error = "TIFF directory is cut short";
        return h;
    }
    for (size_t i = 0; i < count; ++i) {
        const size_t e = ifd + 2 + i * 12;
        const uint16_t tag = r16(e), type = r16(e + 2);
        const uint32_t value = type == 3 ? r16(e + 8) : r32(e + 8);
        if (tag == 256)
            h.width = static_cast<int>(std::min<uint32_t>(value, 0x7FFFFFFF));
        else if (tag == 257)
            h.height = static_cast<int>(std::min<uint32_t>(value, 0x7FFFFFFF));
    }
    if (h.width <= 0 || h.height <= 0)
        h.error = "TIFF directory has no image width/height";
    return h;
}

HeaderInfo parseWebp(const uint8_t* d, size_t n)
{
    HeaderInfo h;
    h.format = ImageFormat::Webp;
    if (n < 30) {
        h.error = "WebP ends before its header";
        return h;
    }
    const uint8_t* c = d + 12;
    if (std::memcmp(c, "VP8 ", 4) == 0) {
        if (d[23] != 0x9D || d[24] != 0x01 || d[25] != 0x2A) {
            h.error = "WebP (lossy) frame has no start code";
            return h;
        }
        h.width = le16(d + 26) & 0x3FFF;
        h.height = le16(d + 28) & 0x3FFF;
    } else if (std::memcmp(c, "VP8L", 4) == 0) {
        if (d[20] != 0x2F) {
            h.error = "WebP (lossless) stream has no signature";
            return h;
        }
        const uint32_t bits = le32(d + 21);
        h.width = static_cast<int>((bits & 0x3FFF) + 1);
        h.height = static_cast<int>(((bits >> 14) & 0x3FFF) + 1);
    } else if (std::memcmp(c, "VP8X", 4) == 0) {
        h.width = static_cast<int>((d[24] | (d[25] << 8) | (d[26] << 16)) + 1);
        h.height = static_cast<int>((d[27] | (d[28] << 8) | (d[29] << 16)) + 1);
    } else {
        h.error = "WebP has an unknown first chunk";
        return h;
    }
    if (h.width <= 0 || h.height <= 0)
        h.error = "WebP header gives a zero size";
    return h;
}

HeaderInfo parsePfm(const uint8_t* d, size_t n)
{
    HeaderInfo h;
    h.format = ImageFormat::Pfm;
    // "PF\n<width> <height>\n<scale>\n" with any whitespace between the fields.
    size_t pos = 2;
    long vals[2] = {0, 0};
    for (long& v : vals) {
        while (pos < n && std::isspace(d[pos]))
            ++pos;
        size_t start = pos;
        while (pos < n && std::isdigit(d[pos]) && pos - start < 9)
            v = v * 10 + (d[pos++] - '0');
        if (pos == start) {
            h.error = "PFM header has no valid width/height";
            return h;
        }
    }
    h.width = static_cast<int>(vals[0]);
    h.height = static_cast<int>(vals[1]);
    if (h.width <= 0 || h.height <= 0)
        h.error = "PFM header gives a zero size";
    return h;
}

std::string lowerExtension(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    const auto dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
        return {};
    std::string ext = path.substr(dot + 1);
    for (char& c : ext)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

}  // namespace

HeaderInfo parseImageHeader(const uint8_t* d, size_t n)
{
    if (n >= 3 && d[0] == 0xFF && d[1] == 0xD8 && d[2] == 0xFF)
        return parseJpeg(d, n);
    if (n >= 8 && std::memcmp(d, "\x89PNG\r\n\x1a\n", 8) == 0)
        return parsePng(d, n);
    if (n >= 2 && d[0] == 'B' && d[1] == 'M')
        return parseBmp(d, n);
    if (n >= 8 && ((d[0] == 'I' && d[1] == 'I' && (d[2] == 42 || d[2] == 43) && d[3] == 0) ||
                   (d[0] == 'M' && d[1] == 'M' && d[2] == 0 && (d[3] == 42 || d[3] == 43))))
        return parseTiff(d, n);
    if (n >= 16 && std::memcmp(d, "RIFF", 4) == 0 && std::memcmp(d + 8, "WEBP", 4) == 0)
        return parseWebp(d, n);
    if (n >= 3 && d[0] == 'P' && (d[1] == 'F' || d[1] == 'f') && std::isspace(d[2]))
        return parsePfm(d, n);
    HeaderInfo h;
    if (n >= 10 && (std::memcmp(d, "GIF87a", 6) == 0 || std::memcmp(d, "GIF89a", 6) == 0)) {
        h.format = ImageFormat::Gif;
        h.width = le16(d + 6);
        h.height = le16(d + 8);
        return h;
    }
    h.format = ImageFormat::Unknown;
    h.error = n == 0 ? "the file is empty" : "the file's bytes are not a known image format";
    return h;
}

bool readFileBytes(const std::string& path, int64_t maxBytes, std::vector<uint8_t>& out, int64_t& fileSize,
                   std::string& error)
{
    out.clear();
    fileSize = -1;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = std::strerror(errno);
        return false;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        error = "not a regular file";
        ::close(fd);
        return false;
    }
    fileSize = st.st_size;
    const int64_t want = maxBytes < 0 ? fileSize : std::min<int64_t>(maxBytes, fileSize);
    out.resize(static_cast<size_t>(want));
    int64_t got = 0;
    while (got < want) {
        const ssize_t r = ::read(fd, out.data() + got, static_cast<size_t>(want - got));
        if (r < 0) {
            if (errno == EINTR)
                continue;
            error = std::strerror(errno);
            ::close(fd);
            return false;
        }
        if (r == 0)
            break;
        got += r;
    }
    ::close(fd);
    out.resize(static_cast<size_t>(got));
    return true;
}

bool readFileTail(const std::string& path, int64_t maxBytes, std::vector<uint8_t>& out, std::string& error)
{
    out.clear();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = std::strerror(errno);
        return false;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        error = std::strerror(errno);
        ::close(fd);
        return false;
    }
    const int64_t want = std::min<int64_t>(maxBytes, st.st_size);
    out.resize(static_cast<size_t>(want));
    const ssize_t r = ::pread(fd, out.data(), static_cast<size_t>(want), st.st_size - want);
    ::close(fd);
    if (r < 0) {
        error = std::strerror(errno);
        return false;
    }
    out.resize(static_cast<size_t>(r));
    return true;
}

bool readTextFile(const std::string& path, std::string& out)
{
    out.clear();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    char buf[16384];
    while (true) {
        const ssize_t r = ::read(fd, buf, sizeof buf);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            ::close(fd);
            return false;
        }
        if (r == 0)
            break;
        out.append(buf, static_cast<size_t>(r));
    }
    ::close(fd);
    return true;
}

bool extensionMatches(const std::string& path, ImageFormat format)
{
    const std::string ext = lowerExtension(path);
    switch (format) {
    case ImageFormat::Jpeg: return ext == "jpg" || ext == "jpeg" || ext == "mpo";
    case ImageFormat::Png: return ext == "png";
    case ImageFormat::Bmp: return ext == "bmp";
    case ImageFormat::Tiff: return ext == "tif" || ext == "tiff" || ext == "dng";
    case ImageFormat::Webp: return ext == "webp";
    case ImageFormat::Pfm: return ext == "pfm";
    default: return false;
    }
}

namespace {

#ifdef YS_HAVE_TURBOJPEG
// One decompressor per thread: tjhandle is not thread-safe, and creating one costs more than a small decode.
// After a fatal error libjpeg-turbo 2.1 can leave the handle mid-header (the next file then fails with
// "two SOI markers"), so a handle that reported an error is replaced.
struct TjHandle {
    tjhandle h = tjInitDecompress();
    ~TjHandle()
    {
        if (h)
            tjDestroy(h);
    }
    void reset()
    {
        if (h)
            tjDestroy(h);
        h = tjInitDecompress();
    }
};

DecodeStatus decodeJpegTurbo(const uint8_t* data, size_t size, int minSide, ReducedImage& out, std::string& message)
{
    thread_local TjHandle tj;
    if (!tj.h) {
        message = "could not create a JPEG decoder";
        return DecodeStatus::Failed;
    }
    int w = 0, h = 0, subsamp = 0, colorspace = 0;
    auto* src = const_cast<unsigned char*>(data);
    if (tjDecompressHeader3(tj.h, src, static_cast<unsigned long>(size), &w, &h, &subsamp, &colorspace) != 0) {
        message = tjGetErrorStr2(tj.h);
        tj.reset();
        return DecodeStatus::Failed;
    }
    if (colorspace == TJCS_CMYK || colorspace == TJCS_YCCK) {
        message = "CMYK";
        return DecodeStatus::Failed;  // caller falls back to OpenCV, which converts CMYK
    }
    int count = 0;
    const tjscalingfactor* factors = tjGetScalingFactors(&count);
    // Smallest scale whose shorter side still reaches minSide (1/8 for ordinary photos).
    tjscalingfactor best{1, 1};
    double bestValue = 1.0;
    for (int i = 0; i < count; ++i) {
        const tjscalingfactor f = factors[i];
        const double v = double(f.num) / f.denom;
        if (v > 1.0 || v >= bestValue)
            continue;
        if (std::min(TJSCALED(w, f), TJSCALED(h, f)) >= minSide) {
            best = f;
            bestValue = v;
        }
    }
    out.width = TJSCALED(w, best);
    out.height = TJSCALED(h, best);
    out.rgb.assign(static_cast<size_t>(out.width) * out.height * 3, 0);
    const int rc = tjDecompress2(tj.h, src, static_cast<unsigned long>(size), out.rgb.data(), out.width,
                                 out.width * 3, out.height, TJPF_RGB, TJFLAG_FASTDCT);
    if (rc == 0)
        return DecodeStatus::Ok;
    message = tjGetErrorStr2(tj.h);
    const bool fatal = tjGetErrorCode(tj.h) == TJERR_FATAL;
    tj.reset();
    if (fatal)
        return DecodeStatus::Failed;
    if (message.find("Premature end") != std::string::npos)
        return DecodeStatus::Truncated;
    return DecodeStatus::Warning;
}
#endif

DecodeStatus decodeOpenCv(const uint8_t* data, size_t size, int minSide, ReducedImage& out, std::string& message)
{
    try {
        const cv::Mat buf(1, static_cast<int>(size), CV_8U, const_cast<uint8_t*>(data));
        // Peek the size cheaply to pick a reduced read where it keeps the shorter side >= minSide.
        const HeaderInfo hdr = parseImageHeader(data, size);
        int flag = cv::IMREAD_COLOR;
        const int shortSide = std::min(hdr.width, hdr.height);
        if (shortSide >= minSide * 8)
            flag = cv::IMREAD_REDUCED_COLOR_8;
        else if (shortSide >= minSide * 4)
            flag = cv::IMREAD_REDUCED_COLOR_4;
        else if (shortSide >= minSide * 2)
            flag = cv::IMREAD_REDUCED_COLOR_2;
        if (hdr.format == ImageFormat::Pfm)
            flag = cv::IMREAD_UNCHANGED;  // float data: scaled to 8 bits below
        cv::Mat img = cv::imdecode(buf, flag);
        if (img.empty()) {
            message = "the image data could not be decoded";
            return DecodeStatus::Failed;
        }
        if (img.depth() != CV_8U) {
            cv::Mat f;
            img.convertTo(f, CV_32F);
            cv::normalize(f, f, 0, 255, cv::NORM_MINMAX);
            f.convertTo(img, CV_8U);
        }
        if (img.channels() == 1)
            cv::cvtColor(img, img, cv::COLOR_GRAY2RGB);
        else if (img.channels() == 4)
            cv::cvtColor(img, img, cv::COLOR_BGRA2RGB);
        else
            cv::cvtColor(img, img, cv::COLOR_BGR2RGB);
        out.width = img.cols;
        out.height = img.rows;
        out.rgb.resize(static_cast<size_t>(img.cols) * img.rows * 3);
        for (int y = 0; y < img.rows; ++y)
            std::memcpy(out.rgb.data() + static_cast<size_t>(y) * img.cols * 3, img.ptr(y),
                        static_cast<size_t>(img.cols) * 3);
        return DecodeStatus::Ok;
    } catch (const cv::Exception& e) {
        message = e.err;  // the reason, without what()'s OpenCV source location
        return DecodeStatus::Failed;
    }
}

}  // namespace

DecodeStatus decodeReduced(const uint8_t* data, size_t size, ImageFormat format, int minSide, ReducedImage& out,
                           std::string& message)
{
    out = {};
    message.clear();
#ifdef YS_HAVE_TURBOJPEG
    if (format == ImageFormat::Jpeg) {
        const DecodeStatus s = decodeJpegTurbo(data, size, minSide, out, message);
        if (s != DecodeStatus::Failed || message != "CMYK")
            return s;
        message.clear();
    }
#endif
    DecodeStatus s = decodeOpenCv(data, size, minSide, out, message);
    // A cut-off PNG either fails to decode or decodes partially; both are "truncated" when IEND is missing.
    std::string reason;
    if (!looksComplete(data, size, format, reason)) {
        message = reason;
        s = DecodeStatus::Truncated;
    }
    return s;
}

bool looksComplete(const uint8_t* d, size_t n, ImageFormat format, std::string& reason)
{
    if (format == ImageFormat::Jpeg) {
        // EOI (FF D9) at the end; some writers pad with zeros or append metadata, so look a little back.
        const size_t from = n > 4096 ? n - 4096 : 0;
        for (size_t i = n; i-- > from + 1;)
            if (d[i - 1] == 0xFF && d[i] == 0xD9)
                return true;
        reason = "JPEG has no end-of-image marker (the file is truncated)";
        return false;
    }
    if (format == ImageFormat::Png) {
        const size_t from = n > 4096 ? n - 4096 : 0;
        for (size_t i = from; i + 4 <= n; ++i)
            if (std::memcmp(d + i, "IEND", 4) == 0)
                return true;
        reason = "PNG has no IEND chunk (the file is truncated)";
        return false;
    }
    return true;
}

uint64_t perceptualHash(const ReducedImage& image)
{
    constexpr int kN = 32;  // DCT size: the 8x8 lowest frequencies of a 32x32 thumbnail (classic pHash)
    if (image.width <= 0 || image.height <= 0)
        return 0;
    const cv::Mat src(image.height, image.width, CV_8UC3, const_cast<uint8_t*>(image.rgb.data()));
    cv::Mat small3, small;
    cv::resize(src, small3, cv::Size(kN, kN), 0, 0, cv::INTER_AREA);
    cv::cvtColor(small3, small, cv::COLOR_RGB2GRAY);
    static const std::vector<double> basis = [] {
        std::vector<double> b(kN * kN);
        for (int u = 0; u < kN; ++u)
            for (int x = 0; x < kN; ++x)
                b[u * kN + x] = std::cos(M_PI * (2 * x + 1) * u / (2.0 * kN));
        return b;
    }();
    // Separable DCT-II, only the 8 lowest frequencies in each direction are needed.
    double rows[kN][8];
    for (int y = 0; y < kN; ++y) {
        const uint8_t* p = small.ptr<uint8_t>(y);
        for (int u = 0; u < 8; ++u) {
            double s = 0;
            for (int x = 0; x < kN; ++x)
                s += p[x] * basis[u * kN + x];
            rows[y][u] = s;
        }
    }
    double coef[64];
    for (int v = 0; v < 8; ++v)
        for (int u = 0; u < 8; ++u) {
            double s = 0;
            for (int y = 0; y < kN; ++y)
                s += rows[y][u] * basis[v * kN + y];
            coef[v * 8 + u] = s;
        }
    // Median of the 63 AC terms (the DC term only measures brightness).
    double ac[63];
    std::copy(coef + 1, coef + 64, ac);
    std::nth_element(ac, ac + 31, ac + 63);
    const double median = ac[31];
    uint64_t h = 0;
    for (int i = 1; i < 64; ++i)
        if (coef[i] > median)
            h |= uint64_t(1) << i;
    // Bit 0 (DC) carries the mean brightness split at mid-gray, so a photo and its negative differ.
    if (coef[0] / (kN * kN) > 128.0)
        h |= 1;
    return h;
}

ColorThumb colorThumbnail(const ReducedImage& image)
{
    ColorThumb t{};
    if (image.width <= 0 || image.height <= 0)
        return t;
    const cv::Mat src(image.height, image.width, CV_8UC3, const_cast<uint8_t*>(image.rgb.data()));
    cv::Mat small;
    cv::resize(src, small, cv::Size(8, 8), 0, 0, cv::INTER_AREA);
    for (int y = 0; y < 8; ++y)
        std::memcpy(t.data() + y * 24, small.ptr(y), 24);
    return t;
}

double thumbnailDistance(const ColorThumb& a, const ColorThumb& b)
{
    int sum = 0;
    for (size_t i = 0; i < a.size(); ++i)
        sum += std::abs(int(a[i]) - int(b[i]));
    return double(sum) / static_cast<double>(a.size());
}

uint64_t hashBytes(const uint8_t* data, size_t size)
{
    // 8 bytes per step, multiply-xorshift mixing (fast enough to hash every image byte of a dataset).
    constexpr uint64_t kMul = 0x9E3779B97F4A7C15ull;
    uint64_t h = 0xCBF29CE484222325ull ^ (size * kMul);
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        std::memcpy(&w, data + i, 8);
        h ^= w;
        h *= kMul;
        h ^= h >> 29;
    }
    uint64_t tail = 0;
    std::memcpy(&tail, data + i, size - i);
    h ^= tail;
    h *= kMul;
    h ^= h >> 32;
    return h;
}

}  // namespace ys::detail
