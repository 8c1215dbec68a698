<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ys::ui::ExportDialog</name>
    <message>
        <source>ONNX Runtime, fixed size (opset 12)</source>
        <translation>ONNX Runtime（固定尺寸，opset 12）</translation>
    </message>
    <message>
        <source>For ONNX Runtime; the input size and batch are fixed. OpenCV 4.6 cannot run this file (it has no TopK): the studio runs the graph up to the top-k through OpenCV and compares it with the trained model, and checks the whole file with ONNX&apos;s checker.</source>
        <translation>用于 ONNX Runtime；输入尺寸和批大小固定。OpenCV 4.6 无法运行此文件（它没有 TopK）：工作室会用 OpenCV 运行 top-k 之前的计算图并与训练得到的模型比对，并用 ONNX 检查器检查整个文件。</translation>
    </message>
    <message>
        <source>Opsets 11 to 17 suit the ONNX Runtime releases that implement them. OpenCV 4.6 cannot run an end-to-end file at any opset (it has no TopK).</source>
        <translation>opset 11 至 17 适用于实现了相应 opset 的 ONNX Runtime 版本。无论哪个 opset，OpenCV 4.6 都无法运行端到端文件（它没有 TopK）。</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>输出：</translation>
    </message>
    <message>
        <source>For OpenCV and &amp;NMS after the file</source>
        <translation>用于 OpenCV，在文件之后做 NMS(&amp;N)</translation>
    </message>
    <message>
        <source>Output [batch, 4 + classes, anchors]: the box and the class scores of every anchor; your code runs NMS. Loads in OpenCV DNN and ONNX Runtime (Ultralytics 8.4&apos;s default export).</source>
        <translation>输出 [batch, 4 + 类别数, 锚点数]：每个锚点的框和类别分数；由你的代码做 NMS。可由 OpenCV DNN 和 ONNX Runtime 加载（Ultralytics 8.4 的默认导出）。</translation>
    </message>
    <message>
        <source>End-&amp;to-end, no NMS (ONNX Runtime)</source>
        <translation>端到端，无需 NMS(&amp;T)（ONNX Runtime）</translation>
    </message>
    <message>
        <source>The one-to-one head and a top-k inside the file (Ultralytics&apos; nms=False): output [batch, max detections, 6] = x1, y1, x2, y2, score, class, best first; no NMS needed. Needs ONNX Runtime: OpenCV 4.6 has no TopK.</source>
        <translation>一对一检测头和 top-k 都在文件内（即 Ultralytics 的 nms=False）：输出 [batch, 最大检测数, 6] = x1、y1、x2、y2、分数、类别，按分数从高到低；无需 NMS。需要 ONNX Runtime：OpenCV 4.6 没有 TopK。</translation>
    </message>
    <message>
        <source>Only YOLO26 models have the one-to-one head an end-to-end file needs; these weights have none.</source>
        <translation>只有 YOLO26 模型具有端到端文件所需的一对一检测头；这些权重没有。</translation>
    </message>
    <message>
        <source>Only YOLO26 models have the one-to-one head an end-to-end file needs; these weights (%1) have none.</source>
        <translation>只有 YOLO26 模型具有端到端文件所需的一对一检测头；这些权重（%1）没有。</translation>
    </message>
    <message>
        <source>&amp;Max detections:</source>
        <translation>最大检测数(&amp;M)：</translation>
    </message>
    <message>
        <source>Detections per image in the output, best first; at most one per anchor of the image size</source>
        <translation>输出中每张图像的检测数，按分数从高到低；最多为该图像尺寸下的锚点数</translation>
    </message>
</context>
<context>
    <name>ys::ui::ExportResultDialog</name>
    <message>
        <source>%1, %2 %3: per image its best detections (k = %4), each x1, y1, x2, y2 in input pixels, score, class, best first; no NMS needed (keep the rows above your threshold). Its top-k needs ONNX Runtime: OpenCV 4.6 cannot run it</source>
        <translation>%1，%2 %3：每张图像得分最高的检测（k = %4），每行为输入像素中的 x1、y1、x2、y2、分数、类别，按分数从高到低；无需 NMS（保留高于阈值的行）。其中的 top-k 需要 ONNX Runtime：OpenCV 4.6 无法运行</translation>
    </message>
    <message>
        <source>OpenCV %1 runs the graph up to its top-k and matches the trained model (boxes within %2 px); the top-k itself is checked by ONNX&apos;s checker only.</source>
        <translation>OpenCV %1 可运行 top-k 之前的计算图，结果与训练得到的模型一致（框的差异在 %2 像素以内）；top-k 本身仅由 ONNX 检查器检查。</translation>
    </message>
</context>
</TS>
