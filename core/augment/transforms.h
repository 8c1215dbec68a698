#pragma once
// YOLO training augmentations on OpenCV images: loading at training size, letterbox, 4-image mosaic, random
// affine/perspective, HSV jitter, flips, mixup, and rectangular batch shapes. Pure OpenCV, no torch.
// Behaviour follows the Ultralytics conventions users expect (fill value 114, mosaic on a 2*imgsz canvas
// cropped back by the affine, the same box candidate rule); the code is our own.
//
// Threading: every function is reentrant; an Augmenter is immutable after construction and may be shared
// by worker threads. Each call takes the caller's Rng, so a sample is fully determined by its Rng stream.

#include "augment/rng.h"
#include "common/config.h"
#include "data/dataset.h"

#include <opencv2/core.hpp>

#include <array>
#include <vector>

namespace ys {

// Fill value of letterbox padding, mosaic canvas and affine borders (grey, as the reference).
constexpr int kPadValue = 114;

// One box in pixel xyxy of the image it belongs to.
struct BoxPx {
    int cls;
    float x1, y1, x2, y2;
};

// An image with its boxes on its way through the pipeline.
struct Sample {
    cv::Mat image;               // BGR uint8, 3 channels
    std::vector<BoxPx> boxes;    // pixel xyxy in `image`
    int index = -1;              // index of the (primary) source image in the loader's list
    int origH = 0, origW = 0;    // size of the source image as stored on disk
    // Mapping original-image pixels -> `image` pixels: x * gain + padX, y * gain + padY. Exact for
    // loadResized and letterbox; after mosaic/affine it keeps the primary image's load gain and is not a
    // pixel mapping any more.
    float gain = 1, padX = 0, padY = 0;
};

// Decodes `rec.image` and resizes it with INTER_LINEAR so its long side is `imgsz` (aspect kept; each side
// ceil(side * imgsz / long side)). augment=false (validation) decodes the whole file, exactly as
// Ultralytics' load_image (8.3 and 8.4), so val scores the reference's pixels; augment=true (training)
// decodes JPEGs at least twice the target size at reduced DCT scale first (faster; augmentation changes
// the pixels far more than that). Boxes come from rec.boxes (normalised cxcywh) in pixels of
// the resized image.
// Throws std::runtime_error naming the file when it cannot be decoded.
Sample loadResized(const ImageRecord& rec, int imgsz, bool augment);

// Letterbox geometry for an image of h x w into newH x newW.
struct LetterboxGeometry {
    float gain = 1;          // resize factor applied to the input
    int resizedW = 0, resizedH = 0;
    int left = 0, top = 0, right = 0, bottom = 0;  // padding in pixels
};
LetterboxGeometry letterboxGeometry(int h, int w, int newH, int newW, bool scaleUp, bool center = true,
                                    int stride = 32, bool auto_ = false);

// Resizes (keeping aspect; never up when !scaleUp) and pads to newH x newW. auto_ pads only to a multiple
// of `stride`. center=false pads right/bottom only. Updates boxes and gain/padX/padY.
Sample letterbox(Sample s, int newH, int newW, bool scaleUp, bool center = true, int stride = 32,
                 bool auto_ = false, cv::Scalar pad = {kPadValue, kPadValue, kPadValue});

// Rectangular batches (validation, rect=true training): images sorted by aspect ratio h/w (equal ratios in
// numpy's argsort order, as Ultralytics' set_rectangle), batched in that order; each batch's shape (h, w) =
// ceil(ratio * imgsz / stride + pad) * stride, where the ratio of the batch's short side is chosen so the
// batch's most extreme image fits.
struct RectPlan {
    std::vector<int> order;                        // image indices sorted by aspect ratio
    std::vector<std::array<int, 2>> batchShapes;  // (h, w) per batch of `order`
};
// shapes: (h, w) of every image (0 = unknown, treated as square).
RectPlan planRectBatches(const std::vector<std::array<int, 2>>& shapes, int batch, int imgsz, int stride,
                         double pad);

// Candidate rule applied after a geometric transform: keep a box if it is wider and taller than 2 px,
// kept more than 10% of its (scaled) area and its aspect ratio is below 100.
bool boxCandidate(const BoxPx& before, float scale, const BoxPx& after);

class Augmenter final {
public:
    // hyp supplies degrees, translate, scale, shear, perspective, hsv_*, flip*, mixup; imgsz is the
    // training size (the mosaic canvas is 2*imgsz).
    Augmenter(const TrainConfig& hyp, int imgsz);

    // Places four loaded samples around a random centre on a 2*imgsz square grey canvas (first top-left,
    // then top-right, bottom-left, bottom-right); boxes are shifted, clipped to the canvas and empty ones
    // dropped. Sample i keeps parts[0]'s index.
    Sample mosaic4(std::array<Sample, 4> parts, Rng& rng) const;

    // Random perspective/affine: rotation +/-degrees, scale 1+/-scale, shear +/-shear degrees,
    // perspective, translation +/-translate. Output size = input size + 2*border (border = -imgsz/2 after
    // mosaic, 0 otherwise). Boxes: corners transformed, enclosing box clipped, candidate rule applied.
    Sample randomPerspective(Sample s, Rng& rng, int border) const;

    // mosaic4 followed by randomPerspective(border = -imgsz/2), drawing the same random numbers, without
    // building the 2*imgsz canvas when the transform has no rotation, shear or perspective (each part is
    // resized straight into the output). Output: imgsz x imgsz.
    Sample mosaicPerspective(std::array<Sample, 4> parts, Rng& rng) const;

    // letterbox(newH, newW, scaleUp=true) followed by randomPerspective(border 0), fused the same way.
    Sample letterboxPerspective(Sample s, int newH, int newW, Rng& rng) const;

    // HSV jitter in place (hue shift, saturation and value gains) through lookup tables.
    void hsv(cv::Mat& bgr, Rng& rng) const;

    // Vertical flip with probability flipud, then horizontal with probability fliplr.
    Sample flip(Sample s, Rng& rng) const;

    // Blends b into a with ratio r ~ Beta(32, 32) (a*r + b*(1-r)); boxes of both are kept. b is
    // letterboxed to a's size when they differ. Sample keeps a's index.
    Sample mixup(Sample a, Sample b, Rng& rng) const;

    const TrainConfig& hyp() const { return hyp_; }
    int imgsz() const { return imgsz_; }

private:
    TrainConfig hyp_;
    int imgsz_;
};

}  // namespace ys
