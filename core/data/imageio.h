#pragma once
// Image file helpers shared by the scanner and the checker (not part of the public API): fast header
// parsing (size and container format without decoding pixels), whole-file reads, a reduced-scale
// grayscale decode (JPEG DCT scaling) and a 64-bit perceptual hash. Thread-safe: every function keeps its
// state on the caller's stack or in thread_local storage.

#include "data/dataset.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ys::detail {

struct HeaderInfo {
    ImageFormat format = ImageFormat::Unknown;
    int width = 0, height = 0;
    std::string error;       // non-empty when the format was recognised but the header is broken
    bool needMore = false;   // the header lies beyond the bytes given; retry with the whole file
};

// Parses the container header in `data[0..size)`. Recognises JPEG/MPO, PNG, BMP, TIFF/DNG, WebP, PFM and
// GIF (unsupported by YOLO, recognised to say so).
HeaderInfo parseImageHeader(const uint8_t* data, size_t size);

// Reads up to `maxBytes` from the start of `path` (all of it when maxBytes < 0) into `out`. Returns false
// and sets `error` when the file cannot be opened or read. `fileSize` receives the file's full size.
bool readFileBytes(const std::string& path, int64_t maxBytes, std::vector<uint8_t>& out, int64_t& fileSize,
                   std::string& error);

// Reads the last `maxBytes` of `path` (for the cheap truncation test when images are not decoded).
bool readFileTail(const std::string& path, int64_t maxBytes, std::vector<uint8_t>& out, std::string& error);

// Reads a whole small text file (label files). Returns false when it cannot be opened.
bool readTextFile(const std::string& path, std::string& out);

// Extensions whose content should be each format ("jpg" lies when the bytes are PNG).
bool extensionMatches(const std::string& path, ImageFormat format);

enum class DecodeStatus : uint8_t {
    Ok,          // decoded cleanly
    Warning,     // decoded, but the decoder reported corrupt data (e.g. extraneous bytes)
    Truncated,   // the data ends before the image does (a partial image was decoded)
    Failed,      // could not be decoded at all
};

struct ReducedImage {
    int width = 0, height = 0;
    std::vector<uint8_t> rgb;  // row-major, width*height*3, R G B
};

// Decodes `data` to 8-bit RGB at a reduced scale whose shorter side is at least `minSide` pixels where the
// codec allows it (JPEG: DCT scaling down to 1/8, which skips most of the inverse DCT; other formats:
// OpenCV's reduced read). `message` receives the decoder's complaint for anything but Ok.
DecodeStatus decodeReduced(const uint8_t* data, size_t size, ImageFormat format, int minSide, ReducedImage& out,
                           std::string& message);

// Cheap structural completeness test without decoding: JPEG ends with an EOI marker, PNG has IEND.
// Returns false and a reason when the file is visibly truncated.
bool looksComplete(const uint8_t* data, size_t size, ImageFormat format, std::string& reason);

// 64-bit DCT perceptual hash of the image's luma (32x32 area resize, 8x8 lowest frequencies vs. their
// median). Re-encoded and resized copies of an image land within a few bits of each other.
uint64_t perceptualHash(const ReducedImage& image);

// 8x8 RGB area-averaged thumbnail (192 bytes). Confirms pHash matches: low-contrast images of different
// colours can share a pHash, never this thumbnail.
using ColorThumb = std::array<uint8_t, 192>;
ColorThumb colorThumbnail(const ReducedImage& image);
// Mean absolute difference of two thumbnails, 0..255.
double thumbnailDistance(const ColorThumb& a, const ColorThumb& b);

// Fast 64-bit hash of bytes (exact-duplicate detection; not cryptographic).
uint64_t hashBytes(const uint8_t* data, size_t size);

}  // namespace ys::detail
