#!/usr/bin/env python3
"""Detect objects with an ONNX file from `yolostudio-cli export`, using OpenCV's Python module (4.6 or newer).

    python3 onnx_opencv.py best.onnx image.jpg [imgsz=640] [conf=0.25]

prints one line per detection: class, score, x1, y1, x2, y2 in the image's pixels. On Debian:
apt install python3-opencv. The same steps as onnx_opencv.cpp.
"""
import sys

import cv2
import numpy as np


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: onnx_opencv.py model.onnx image.jpg [imgsz=640] [conf=0.25]")
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 640  # the imgsz it was exported at
    conf = float(sys.argv[4]) if len(sys.argv) > 4 else 0.25
    net = cv2.dnn.readNetFromONNX(sys.argv[1])
    image = cv2.imread(sys.argv[2], cv2.IMREAD_COLOR)

    # Letterbox: scale the longer side to `size`, centre, pad with grey 114.
    r = min(size / image.shape[0], size / image.shape[1])
    w, h = round(image.shape[1] * r), round(image.shape[0] * r)
    left, top = round((size - w) / 2 - 0.1), round((size - h) / 2 - 0.1)
    letterboxed = np.full((size, size, 3), 114, np.uint8)
    letterboxed[top:top + h, left:left + w] = cv2.resize(image, (w, h), interpolation=cv2.INTER_LINEAR)

    net.setInput(cv2.dnn.blobFromImage(letterboxed, 1 / 255, swapRB=True))
    rows = net.forward()[0].T  # anchors x (4 + classes): cx, cy, w, h in input pixels, class scores
    classes = rows[:, 4:].argmax(1)
    scores = rows[:, 4:].max(1)
    keep = scores >= conf
    rows, classes, scores = rows[keep], classes[keep], scores[keep]
    boxes = np.stack([(rows[:, 0] - rows[:, 2] / 2 - left) / r, (rows[:, 1] - rows[:, 3] / 2 - top) / r,
                      rows[:, 2] / r, rows[:, 3] / r], 1)
    shifted = boxes + np.stack([classes * 10000.0, np.zeros(len(classes)), np.zeros(len(classes)),
                                np.zeros(len(classes))], 1)  # NMS per class: classes moved apart
    for i in np.array(cv2.dnn.NMSBoxes(shifted.tolist(), scores.tolist(), conf, 0.7)).flatten():
        x, y, bw, bh = boxes[i]
        x1, y1 = max(x, 0), max(y, 0)
        x2, y2 = min(x + bw, image.shape[1]), min(y + bh, image.shape[0])
        print(f"{classes[i]} {scores[i]:.4f} {x1:.1f} {y1:.1f} {x2:.1f} {y2:.1f}")


if __name__ == "__main__":
    main()
