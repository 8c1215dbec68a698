<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ys::ui::PasteCommandDialog</name>
    <message>
        <source>%1 is an anchor-based YOLOv3/v5/v7 model; YOLO Studio builds YOLOv8, YOLO11, YOLOv9 and YOLO26 (e.g. %2)</source>
        <translation>%1 是基于锚框的 YOLOv3/v5/v7 模型；YOLO Studio 构建 YOLOv8、YOLO11、YOLOv9 和 YOLO26（例如 %2）</translation>
    </message>
    <message>
        <source>a %1 model; YOLO Studio builds YOLOv8, YOLO11, YOLOv9 and YOLO26 models, made with YOLO(...)</source>
        <translation>%1 模型；YOLO Studio 构建由 YOLO(...) 创建的 YOLOv8、YOLO11、YOLOv9 和 YOLO26 模型</translation>
    </message>
    <message>
        <source>Ultralytics trains in fp16 on a GPU that passes its AMP check and in fp32 on a CPU; auto here: fp16 on a GPU, bf16 on a CPU that has it natively (amp=off for fp32)</source>
        <translation>Ultralytics 在通过其 AMP 检查的 GPU 上以 fp16 训练，在 CPU 上以 fp32 训练；此处为 auto：GPU 上用 fp16，原生支持 bf16 的 CPU 上用 bf16（fp32 请用 amp=off）</translation>
    </message>
    <message>
        <source>Ultralytics takes the most idle GPU when the run starts; here %1: choose another device if it is busy</source>
        <translation>Ultralytics 在训练开始时选用最空闲的 GPU；此处为 %1：若它正忙，请选择其他设备</translation>
    </message>
    <message>
        <source>a setting of Ultralytics&apos; %1 models; YOLO Studio trains detection models, which do not use it</source>
        <translation>Ultralytics %1 模型的设置；YOLO Studio 训练检测模型，不使用它</translation>
    </message>
    <message>
        <source>Ultralytics trains each batch at a random size from %1 to %2 pixels (imgsz %3); YOLO Studio trains at one size, so the original run needed more memory than its image size suggests</source>
        <translation>Ultralytics 每个批次以 %1 到 %2 像素之间的随机尺寸训练（imgsz %3）；YOLO Studio 只用一个尺寸训练，因此原训练所需显存比其图像尺寸显示的更多</translation>
    </message>
    <message>
        <source>Ultralytics validates YOLO26 during training with its one-to-one head and no NMS, and keeps best.pt by that; YOLO Studio validates every epoch with NMS. To score the one-to-one head, run yolostudio-cli val ... nms=false on the trained weights</source>
        <translation>Ultralytics 在训练期间用 YOLO26 的一对一检测头且不做 NMS 进行验证，并据此保存 best.pt；YOLO Studio 每个 epoch 都带 NMS 验证。要评估一对一检测头，请对训练好的权重运行 yolostudio-cli val ... nms=false</translation>
    </message>
    <message>
        <source>training validates with NMS, here as in Ultralytics; nothing to set (yolostudio-cli val, predict and export take nms= for the trained weights)</source>
        <translation>此处与 Ultralytics 一样，训练时带 NMS 验证；无需设置（yolostudio-cli val、predict 和 export 可对训练好的权重使用 nms=）</translation>
    </message>
    <message>
        <source>torch.compile is PyTorch&apos;s Python compiler, which YOLO Studio (LibTorch, C++) does not have; the run trains the same without it</source>
        <translation>torch.compile 是 PyTorch 的 Python 编译器，YOLO Studio（LibTorch，C++）没有它；不用它训练结果相同</translation>
    </message>
    <message>
        <source>a memory layout, not a setting here: YOLO Studio lays the model out channels_last on the CPU (faster there) and NCHW on a GPU; results do not depend on it</source>
        <translation>这是内存布局，此处不是设置：YOLO Studio 在 CPU 上以 channels_last 布局模型（在那里更快），在 GPU 上用 NCHW；结果与此无关</translation>
    </message>
    <message>
        <source>Ultralytics trains on the first %1 images; YOLO Studio&apos;s fraction is a share of the training images (0-1]: set it to %1 divided by the training set&apos;s size</source>
        <translation>Ultralytics 只用前 %1 张图像训练；YOLO Studio 的 fraction 是训练图像的比例 (0-1]：请设为 %1 除以训练集的图像数</translation>
    </message>
    <message>
        <source>the validation and test parts of the list (%1) are not carried over; YOLO Studio validates on the whole validation split</source>
        <translation>列表中验证集和测试集的部分（%1）未导入；YOLO Studio 在整个验证集上验证</translation>
    </message>
    <message>
        <source>Ultralytics weighs each class&apos;s loss by its inverse label count to the power %1, so rare classes count more; YOLO Studio weighs every class alike</source>
        <translation>Ultralytics 按每个类别标注数的倒数的 %1 次方加权其损失，使稀有类别权重更大；YOLO Studio 对所有类别同等加权</translation>
    </message>
    <message>
        <source>when fine-tuning, Ultralytics moves a checkpoint&apos;s class rows to the dataset&apos;s classes by name; YOLO Studio keeps them in the checkpoint&apos;s order when the class count matches and starts them fresh when it differs</source>
        <translation>微调时，Ultralytics 按名称把检查点的类别行对应到数据集的类别；YOLO Studio 在类别数相同时保持检查点中的顺序，不同时则重新初始化这些行</translation>
    </message>
    <message>
        <source>YOLO Studio never matches a checkpoint&apos;s classes by name; nothing to set</source>
        <translation>YOLO Studio 从不按名称匹配检查点的类别；无需设置</translation>
    </message>
    <message>
        <source>quantization-aware training (INT8) is not in YOLO Studio; the run trains in floating point</source>
        <translation>YOLO Studio 不支持量化感知训练（INT8）；训练使用浮点数</translation>
    </message>
    <message>
        <source>knowledge distillation (a teacher model, distill_model, and its loss weight dis) is not in YOLO Studio; the run trains without a teacher</source>
        <translation>YOLO Studio 不支持知识蒸馏（教师模型 distill_model 及其损失权重 dis）；训练不使用教师模型</translation>
    </message>
    <message>
        <source>Ultralytics validates every epoch on this split; YOLO Studio validates on the dataset&apos;s val split</source>
        <translation>Ultralytics 每个 epoch 在此划分上验证；YOLO Studio 在数据集的 val 划分上验证</translation>
    </message>
</context>
</TS>
