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
</TS>
