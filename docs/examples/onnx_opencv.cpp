// Detect objects with an ONNX file from `yolostudio-cli export`, using nothing but OpenCV (4.6 or newer).
//   g++ -std=c++17 -O2 onnx_opencv.cpp $(pkg-config --cflags --libs opencv4) -o detect
//   ./detect best.onnx image.jpg [imgsz=640] [conf=0.25]
// prints one line per detection: class, score, x1, y1, x2, y2 in the image's pixels.
// The file's input is `images` [1, 3, imgsz, imgsz], RGB scaled to 0..1, letterboxed with grey (114); its output
// `output0` is [1, 4 + classes, anchors]: cx, cy, w, h in input pixels, then one score per class (no NMS).
#include <opencv2/dnn.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: detect model.onnx image.jpg [imgsz=640] [conf=0.25]\n");
        return 2;
    }
    const int size = argc > 3 ? std::stoi(argv[3]) : 640;       // the imgsz it was exported at
    const float confThreshold = argc > 4 ? std::stof(argv[4]) : 0.25f, iouThreshold = 0.7f;
    cv::dnn::Net net = cv::dnn::readNetFromONNX(argv[1]);
    const cv::Mat image = cv::imread(argv[2], cv::IMREAD_COLOR);
    if (image.empty()) {
        std::fprintf(stderr, "cannot read %s\n", argv[2]);
        return 1;
    }

    // Letterbox: scale the longer side to `size`, centre, pad with grey 114 (as the studio and Ultralytics do).
    const double r = std::min(double(size) / image.rows, double(size) / image.cols);
    const int w = int(std::lround(image.cols * r)), h = int(std::lround(image.rows * r));
    const int left = int(std::lround((size - w) / 2.0 - 0.1)), top = int(std::lround((size - h) / 2.0 - 0.1));
    cv::Mat input(size, size, CV_8UC3, cv::Scalar(114, 114, 114)), resized;
    cv::resize(image, resized, cv::Size(w, h), 0, 0, cv::INTER_LINEAR);
    resized.copyTo(input(cv::Rect(left, top, w, h)));

    net.setInput(cv::dnn::blobFromImage(input, 1.0 / 255, cv::Size(), cv::Scalar(), /*swapRB=*/true));
    const cv::Mat out = net.forward();                            // [1, 4 + classes, anchors]
    const cv::Mat rows = out.reshape(1, out.size[1]).t();         // anchors x (4 + classes)

    std::vector<cv::Rect2d> boxes, shifted;
    std::vector<float> scores;
    std::vector<int> classes;
    for (int i = 0; i < rows.rows; ++i) {
        double score = 0;
        cv::Point best;
        cv::minMaxLoc(rows.row(i).colRange(4, rows.cols), nullptr, &score, nullptr, &best);
        if (score < confThreshold)
            continue;
        const float* b = rows.ptr<float>(i);                      // cx, cy, w, h in input pixels
        const cv::Rect2d box((b[0] - b[2] / 2 - left) / r, (b[1] - b[3] / 2 - top) / r, b[2] / r, b[3] / r);
        boxes.push_back(box);
        // NMS per class: boxes of different classes are moved apart so that they never overlap.
        shifted.push_back(box + cv::Point2d(best.x * 10000.0, 0));
        scores.push_back(float(score));
        classes.push_back(best.x);
    }
    std::vector<int> keep;
    cv::dnn::NMSBoxes(shifted, scores, confThreshold, iouThreshold, keep);
    for (int i : keep) {
        const cv::Rect2d b = boxes[i] & cv::Rect2d(0, 0, image.cols, image.rows);
        std::printf("%d %.4f %.1f %.1f %.1f %.1f\n", classes[i], scores[i], b.x, b.y, b.x + b.width, b.y + b.height);
    }
    return 0;
}
