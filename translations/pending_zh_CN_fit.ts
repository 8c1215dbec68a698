<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ys::ui::ModelPicker</name>
    <message>
        <source>Ultralytics' current default</source>
        <translation>Ultralytics 当前默认</translation>
    </message>
    <message>
        <source>%1: the model family Ultralytics trains by default (since 8.4)</source>
        <translation>%1：Ultralytics 默认训练的模型系列（自 8.4 起）</translation>
    </message>
</context>
<context>
    <name>ys::ui::FitText</name>
    <message>
        <source>The attention maps of %1 PSA block(s) keep %2 at batch %3 and image size %4 (%5% of the peak); they grow with the square of the tokens: 16× for twice the image size.</source>
        <translation>%1 个 PSA 模块的注意力图在批大小 %3、图像尺寸 %4 时占用 %2（峰值的 %5%）；它随 token 数的平方增长：图像尺寸翻倍则增至 16 倍。</translation>
    </message>
</context>
</TS>
