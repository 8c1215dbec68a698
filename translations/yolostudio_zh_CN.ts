<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QFileDialog</name>
    <message>
        <source>Look in:</source>
        <translation>查找范围：</translation>
    </message>
    <message>
        <source>File &amp;name:</source>
        <translation>文件名(&amp;N)：</translation>
    </message>
    <message>
        <source>Files of type:</source>
        <translation>文件类型：</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Choose</source>
        <translation>选择(&amp;C)</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Parent Directory</source>
        <translation>上级目录</translation>
    </message>
    <message>
        <source>Create New Folder</source>
        <translation>新建文件夹</translation>
    </message>
    <message>
        <source>List View</source>
        <translation>列表视图</translation>
    </message>
    <message>
        <source>Detail View</source>
        <translation>详细视图</translation>
    </message>
    <message>
        <source>All Files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>重命名(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Show &amp;hidden files</source>
        <translation>显示隐藏文件(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;New Folder</source>
        <translation>新建文件夹(&amp;N)</translation>
    </message>
</context>
<context>
    <name>QFileSystemModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Date Modified</source>
        <translation>修改日期</translation>
    </message>
    <message>
        <source>Computer</source>
        <translation>计算机</translation>
    </message>
</context>
<context>
    <name>QLineEdit</name>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Select All</source>
        <translation>全选</translation>
    </message>
</context>
<context>
    <name>QMessageBox</name>
    <message>
        <source>Show Details...</source>
        <translation>显示详细信息…</translation>
    </message>
    <message>
        <source>Hide Details...</source>
        <translation>隐藏详细信息…</translation>
    </message>
    <message>
        <source>About Qt</source>
        <translation>关于 Qt</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>YOLO Studio: check datasets and train YOLO detectors.</source>
        <translation>YOLO Studio：检查数据集并训练 YOLO 检测器。</translation>
    </message>
    <message>
        <source>Open the built-in demo dataset (written to the user&apos;s data folder on first use).</source>
        <translation>打开内置示例数据集（首次使用时写入用户数据目录）。</translation>
    </message>
    <message>
        <source>User interface language: en or zh_CN.</source>
        <translation>界面语言：en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Dataset to open (a data.yaml or its folder).</source>
        <translation>要打开的数据集（data.yaml 或其所在文件夹）。</translation>
    </message>
    <message>
        <source>Quit after this many milliseconds (checks that an installed copy starts; works with QT_QPA_PLATFORM=offscreen).</source>
        <translation>在指定的毫秒数后退出（用于检查安装的程序能否启动；可与 QT_QPA_PLATFORM=offscreen 一起使用）。</translation>
    </message>
    <message>
        <source>--quit-after needs a number of milliseconds, not &apos;%1&apos;.</source>
        <translation>--quit-after 需要一个毫秒数，而不是“%1”。</translation>
    </message>
</context>
<context>
    <name>ys::ui::Bytes</name>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 TiB</source>
        <translation>%1 TiB</translation>
    </message>
</context>
<context>
    <name>ys::ui::ChartText</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 img/s</source>
        <translation>%1 张/秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>KiB</source>
        <translation>KiB</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>TiB</source>
        <translation>TiB</translation>
    </message>
    <message>
        <source>epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
</context>
<context>
    <name>ys::ui::ClassMetricsModel</name>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>图像数</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>实例数</translation>
    </message>
    <message>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>all classes</source>
        <translation>全部类别</translation>
    </message>
    <message>
        <source>class %1</source>
        <translation>类别 %1</translation>
    </message>
    <message>
        <source>mAP50</source>
        <translation>mAP50</translation>
    </message>
    <message>
        <source>mAP50-95</source>
        <translation>mAP50-95</translation>
    </message>
</context>
<context>
    <name>ys::ui::CompareText</name>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Precision and recall</source>
        <translation>精确率与召回率</translation>
    </message>
    <message>
        <source>Training losses</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>Validation losses</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <source>box loss</source>
        <translation>box 损失</translation>
    </message>
    <message>
        <source>cls loss</source>
        <translation>cls 损失</translation>
    </message>
    <message>
        <source>mAP</source>
        <translation>mAP</translation>
    </message>
    <message>
        <source>mAP50</source>
        <translation>mAP50</translation>
    </message>
    <message>
        <source>mAP50-95</source>
        <translation>mAP50-95</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>val box loss</source>
        <translation>验证 box 损失</translation>
    </message>
    <message>
        <source>val cls loss</source>
        <translation>验证 cls 损失</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Comparing %1 — %2</source>
        <translation>比较 %1 — %2</translation>
    </message>
    <message>
        <source>Which curves to compare</source>
        <translation>要比较的曲线</translation>
    </message>
    <message>
        <source>dfl / l1 loss</source>
        <translation>dfl / l1 损失</translation>
    </message>
    <message>
        <source>val dfl / l1 loss</source>
        <translation>验证 dfl / l1 损失</translation>
    </message>
    <message>
        <source>Ultralytics %1: %2</source>
        <translation>Ultralytics %1：%2</translation>
    </message>
    <message>
        <source>These runs score mAP, precision and recall as different Ultralytics releases (%1). 8.3 reads higher than 8.4 at low recall: compare their metrics within one release only.</source>
        <translation>这些运行按不同的 Ultralytics 版本计算 mAP、精确率和召回率（%1）。低召回率时 8.3 的数值高于 8.4：请只在同一版本内比较指标。</translation>
    </message>
</context>
<context>
    <name>ys::ui::ConfigForm</name>
    <message>
        <source>Folder for run folders</source>
        <translation>运行文件夹的上级目录</translation>
    </message>
    <message>
        <source>Dataset YAML</source>
        <translation>数据集 YAML</translation>
    </message>
    <message>
        <source>Dataset (*.yaml *.yml)</source>
        <translation>数据集 (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>Checkpoint to resume</source>
        <translation>要恢复的检查点</translation>
    </message>
    <message>
        <source>Checkpoint (last.pt *.pt)</source>
        <translation>检查点 (last.pt *.pt)</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <source>Reset %1</source>
        <translation>重置 %1</translation>
    </message>
    <message>
        <source>Reset all settings</source>
        <translation>重置全部设置</translation>
    </message>
    <message>
        <source>Preset: %1</source>
        <translation>预设：%1</translation>
    </message>
    <message>
        <source>Cannot load %1:
%2</source>
        <translation>无法加载 %1：
%2</translation>
    </message>
    <message>
        <source>%1 has values YOLO Studio cannot use; nothing was changed. Fix them and load it again:
%2</source>
        <translation>%1 中有 YOLO Studio 无法使用的值，未做任何修改。请修正后重新加载：
%2</translation>
    </message>
    <message>
        <source>Load %1</source>
        <translation>加载 %1</translation>
    </message>
    <message>
        <source>Loaded %1.</source>
        <translation>已加载 %1。</translation>
    </message>
    <message>
        <source>Left as they are (a resumed run cannot change them): %1.</source>
        <translation>保持不变（恢复的训练无法修改这些设置）：%1。</translation>
    </message>
    <message>
        <source>Cannot save %1:
%2</source>
        <translation>无法保存 %1：
%2</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>Load settings</source>
        <translation>加载设置</translation>
    </message>
    <message>
        <source>Settings (args.yaml, hyp.yaml) (*.yaml *.yml);;All files (*)</source>
        <translation>设置文件 (args.yaml, hyp.yaml) (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save settings</source>
        <translation>保存设置</translation>
    </message>
    <message>
        <source>Settings (*.yaml *.yml)</source>
        <translation>设置文件 (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>Reset to default (%1)</source>
        <translation>恢复默认值（%1）</translation>
    </message>
    <message>
        <source>Copy key name (%1)</source>
        <translation>复制键名（%1）</translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation>默认值：%1</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>Range: %1 to %2%3</source>
        <translation>范围：%1 到 %2%3</translation>
    </message>
    <message>
        <source>%1 means %2</source>
        <translation>%1 表示%2</translation>
    </message>
    <message>
        <source>Can change when a run is resumed.</source>
        <translation>恢复训练时可以修改。</translation>
    </message>
    <message>
        <source>Fixed once a run has started.</source>
        <translation>训练开始后不可修改。</translation>
    </message>
    <message>
        <source>%1 changed</source>
        <translation>%1 项已修改</translation>
    </message>
    <message>
        <source>%1 to fix</source>
        <translation>%1 项待修正</translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation>撤销 %1</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo %1</source>
        <translation>重做 %1</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Filter settings (name or description)</source>
        <translation>筛选设置（名称或说明）</translation>
    </message>
    <message>
        <source>Show advanced</source>
        <translation>显示高级设置</translation>
    </message>
    <message>
        <source>Show the settings that are rarely changed. Changed or invalid ones always show.</source>
        <translation>显示很少修改的设置。已修改或无效的设置总会显示。</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Load an args.yaml or hyp.yaml (Ultralytics, YOLOv9): its values replace the form&apos;s; keys YOLO Studio does not use are kept for saving</source>
        <translation>加载 args.yaml 或 hyp.yaml（Ultralytics、YOLOv9）：其中的值替换表单中的值；YOLO Studio 不使用的键会保留，保存时写回</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save the settings as YAML (the loaded file&apos;s other keys and comments are kept)</source>
        <translation>将设置保存为 YAML（保留所加载文件中的其他键和注释）</translation>
    </message>
    <message>
        <source>Reset all</source>
        <translation>全部重置</translation>
    </message>
    <message>
        <source>Every setting back to its default (the dataset stays)</source>
        <translation>所有设置恢复默认值（数据集保持不变）</translation>
    </message>
    <message>
        <source>Resuming a run: only %1 can change; everything else comes from the run.</source>
        <translation>正在恢复训练：只有 %1 可以修改，其余设置均来自该次训练。</translation>
    </message>
    <message>
        <source>Kept from %1 for saving, not used by YOLO Studio (%2): %3</source>
        <translation>从 %1 保留、YOLO Studio 不使用的键（%2 个，保存时写回）：%3</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>About this setting</source>
        <translation>关于此设置</translation>
    </message>
    <message>
        <source>Reset to the default (%1)</source>
        <translation>恢复默认值（%1）</translation>
    </message>
    <message>
        <source>whole device (e.g. 8GiB or 0.8)</source>
        <translation>整个设备（例如 8GiB 或 0.8）</translation>
    </message>
    <message>
        <source>no: start a new run</source>
        <translation>否：开始新的训练</translation>
    </message>
</context>
<context>
    <name>ys::ui::ConfigText</name>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>path to data.yaml</source>
        <translation>data.yaml 的路径</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>model YAML (yolov8n.yaml, yolo11s.yaml, yolov9c.yaml, ...) or checkpoint</source>
        <translation>模型 YAML（yolov8n.yaml、yolo11s.yaml、yolov9c.yaml 等）或检查点</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>训练轮数</translation>
    </message>
    <message>
        <source>epochs to train</source>
        <translation>训练的轮数（epoch）</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <source>image size in pixels, multiple of 32</source>
        <translation>图像尺寸（像素），须为 32 的倍数</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>images per batch; -1 or auto = fit to memory</source>
        <translation>每批图像数；-1 或 auto = 按显存自动适配</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>cpu, 0, cuda:0; GPUs 0,1 train one process each</source>
        <translation>cpu、0、cuda:0；多块 GPU（如 0,1）每块一个进程</translation>
    </message>
    <message>
        <source>Loader workers</source>
        <translation>数据加载线程</translation>
    </message>
    <message>
        <source>data loader threads; 0 = main thread</source>
        <translation>数据加载线程数；0 = 在主线程加载</translation>
    </message>
    <message>
        <source>Mixed precision</source>
        <translation>混合精度</translation>
    </message>
    <message>
        <source>mixed precision</source>
        <translation>混合精度（AMP）</translation>
    </message>
    <message>
        <source>Project folder</source>
        <translation>项目文件夹</translation>
    </message>
    <message>
        <source>parent folder of run folders</source>
        <translation>运行文件夹的上级目录</translation>
    </message>
    <message>
        <source>Run name</source>
        <translation>运行名称</translation>
    </message>
    <message>
        <source>run folder name</source>
        <translation>运行文件夹名称</translation>
    </message>
    <message>
        <source>Reuse run folder</source>
        <translation>复用运行文件夹</translation>
    </message>
    <message>
        <source>reuse an existing run folder</source>
        <translation>复用已存在的运行文件夹</translation>
    </message>
    <message>
        <source>Resume from</source>
        <translation>恢复训练自</translation>
    </message>
    <message>
        <source>checkpoint to resume from</source>
        <translation>从此检查点恢复训练</translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Deterministic</source>
        <translation>确定性</translation>
    </message>
    <message>
        <source>reproducible batches for a seed and worker count</source>
        <translation>相同种子和加载线程数下批次可复现</translation>
    </message>
    <message>
        <source>Patience</source>
        <translation>早停耐心值</translation>
    </message>
    <message>
        <source>epochs without improvement before early stop; 0 = off</source>
        <translation>指标无提升多少轮后提前停止；0 = 关闭</translation>
    </message>
    <message>
        <source>Validate each epoch</source>
        <translation>每轮验证</translation>
    </message>
    <message>
        <source>validate every epoch</source>
        <translation>每轮结束后验证</translation>
    </message>
    <message>
        <source>Save weights every</source>
        <translation>权重保存间隔</translation>
    </message>
    <message>
        <source>save weights every N epochs; -1 = off</source>
        <translation>每 N 轮保存一次权重；-1 = 关闭</translation>
    </message>
    <message>
        <source>Rectangular batches</source>
        <translation>矩形批次</translation>
    </message>
    <message>
        <source>rectangular training batches</source>
        <translation>矩形训练批次（rect）</translation>
    </message>
    <message>
        <source>Image cache</source>
        <translation>图像缓存</translation>
    </message>
    <message>
        <source>cache decoded images in RAM</source>
        <translation>在内存中缓存解码后的图像</translation>
    </message>
    <message>
        <source>Dataset fraction</source>
        <translation>数据集使用比例</translation>
    </message>
    <message>
        <source>fraction of the training set to use</source>
        <translation>使用训练集的比例</translation>
    </message>
    <message>
        <source>Cosine LR schedule</source>
        <translation>余弦学习率调度</translation>
    </message>
    <message>
        <source>cosine LR schedule</source>
        <translation>余弦学习率调度</translation>
    </message>
    <message>
        <source>Close mosaic</source>
        <translation>关闭 Mosaic</translation>
    </message>
    <message>
        <source>disable mosaic for the last N epochs</source>
        <translation>最后 N 轮关闭 Mosaic 增强</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>CPU 线程数</translation>
    </message>
    <message>
        <source>CPU threads for tensor ops; 0 = all cores</source>
        <translation>张量运算使用的 CPU 线程数；0 = 全部核心</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>显存预算</translation>
    </message>
    <message>
        <source>memory budget, e.g. 8GiB or 0.8; empty = whole device</source>
        <translation>显存预算，例如 8GiB 或 0.8；留空 = 整个设备</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Initial learning rate</source>
        <translation>初始学习率</translation>
    </message>
    <message>
        <source>initial learning rate</source>
        <translation>初始学习率</translation>
    </message>
    <message>
        <source>Final LR factor</source>
        <translation>最终学习率系数</translation>
    </message>
    <message>
        <source>final LR as a fraction of lr0</source>
        <translation>最终学习率与 lr0 之比</translation>
    </message>
    <message>
        <source>Momentum</source>
        <translation>动量</translation>
    </message>
    <message>
        <source>SGD momentum / Adam beta1</source>
        <translation>SGD 动量 / Adam beta1</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>权重衰减</translation>
    </message>
    <message>
        <source>weight decay</source>
        <translation>权重衰减</translation>
    </message>
    <message>
        <source>Warmup</source>
        <translation>预热轮数</translation>
    </message>
    <message>
        <source>warmup epochs</source>
        <translation>预热（warmup）轮数</translation>
    </message>
    <message>
        <source>Warmup momentum</source>
        <translation>预热动量</translation>
    </message>
    <message>
        <source>warmup initial momentum</source>
        <translation>预热阶段的初始动量</translation>
    </message>
    <message>
        <source>Warmup bias LR</source>
        <translation>预热偏置学习率</translation>
    </message>
    <message>
        <source>warmup initial bias LR</source>
        <translation>预热阶段偏置的初始学习率</translation>
    </message>
    <message>
        <source>Nominal batch size</source>
        <translation>名义批大小</translation>
    </message>
    <message>
        <source>nominal batch size for accumulation</source>
        <translation>梯度累积所依据的名义批大小</translation>
    </message>
    <message>
        <source>Box loss gain</source>
        <translation>边框损失权重</translation>
    </message>
    <message>
        <source>box loss gain</source>
        <translation>边框（box）损失权重</translation>
    </message>
    <message>
        <source>Class loss gain</source>
        <translation>分类损失权重</translation>
    </message>
    <message>
        <source>class loss gain</source>
        <translation>分类（cls）损失权重</translation>
    </message>
    <message>
        <source>DFL loss gain</source>
        <translation>DFL 损失权重</translation>
    </message>
    <message>
        <source>Hue</source>
        <translation>色调</translation>
    </message>
    <message>
        <source>hue jitter fraction</source>
        <translation>色调抖动幅度（比例）</translation>
    </message>
    <message>
        <source>Saturation</source>
        <translation>饱和度</translation>
    </message>
    <message>
        <source>saturation jitter fraction</source>
        <translation>饱和度抖动幅度（比例）</translation>
    </message>
    <message>
        <source>Brightness</source>
        <translation>亮度</translation>
    </message>
    <message>
        <source>value jitter fraction</source>
        <translation>亮度（HSV 的 V）抖动幅度（比例）</translation>
    </message>
    <message>
        <source>Rotation</source>
        <translation>旋转</translation>
    </message>
    <message>
        <source>rotation +/- degrees</source>
        <translation>旋转角度 ±（度）</translation>
    </message>
    <message>
        <source>Translation</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>translation +/- fraction</source>
        <translation>平移幅度 ±（比例）</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>scale +/- gain</source>
        <translation>缩放幅度 ±（增益）</translation>
    </message>
    <message>
        <source>Shear</source>
        <translation>错切</translation>
    </message>
    <message>
        <source>shear +/- degrees</source>
        <translation>错切角度 ±（度）</translation>
    </message>
    <message>
        <source>Perspective</source>
        <translation>透视</translation>
    </message>
    <message>
        <source>perspective coefficient</source>
        <translation>透视变换系数</translation>
    </message>
    <message>
        <source>Vertical flip</source>
        <translation>上下翻转</translation>
    </message>
    <message>
        <source>vertical flip probability</source>
        <translation>上下翻转概率</translation>
    </message>
    <message>
        <source>Horizontal flip</source>
        <translation>左右翻转</translation>
    </message>
    <message>
        <source>horizontal flip probability</source>
        <translation>左右翻转概率</translation>
    </message>
    <message>
        <source>Mosaic</source>
        <translation>Mosaic</translation>
    </message>
    <message>
        <source>mosaic probability</source>
        <translation>Mosaic 增强概率</translation>
    </message>
    <message>
        <source>Mixup</source>
        <translation>MixUp</translation>
    </message>
    <message>
        <source>mixup probability</source>
        <translation>MixUp 增强概率</translation>
    </message>
    <message>
        <source>Copy-paste</source>
        <translation>Copy-Paste</translation>
    </message>
    <message>
        <source>copy-paste probability (segments only)</source>
        <translation>Copy-Paste 增强概率（仅适用于分割标注）</translation>
    </message>
    <message>
        <source>Confidence threshold</source>
        <translation>置信度阈值</translation>
    </message>
    <message>
        <source>NMS confidence threshold</source>
        <translation>NMS 置信度阈值</translation>
    </message>
    <message>
        <source>NMS IoU threshold</source>
        <translation>NMS IoU 阈值</translation>
    </message>
    <message>
        <source>Max detections</source>
        <translation>最大检测数</translation>
    </message>
    <message>
        <source>detections per image</source>
        <translation>每张图像的最大检测框数</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>main thread</source>
        <translation>主线程</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>all cores</source>
        <translation>全部核心</translation>
    </message>
    <message>
        <source>auto (fp16 on CUDA, bf16 where the CPU has it)</source>
        <translation>自动（CUDA 上用 fp16，CPU 支持时用 bf16）</translation>
    </message>
    <message>
        <source>off (fp32)</source>
        <translation>关闭（fp32）</translation>
    </message>
    <message>
        <source>fp16</source>
        <translation>fp16</translation>
    </message>
    <message>
        <source>bf16</source>
        <translation>bf16</translation>
    </message>
    <message>
        <source>RAM</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Ultralytics defaults</source>
        <translation>Ultralytics 默认值</translation>
    </message>
    <message>
        <source>Every training setting at the value Ultralytics uses by default (YOLOv8 / YOLO11). Dataset, model, device, memory budget and output folder stay as they are.</source>
        <translation>所有训练设置取 Ultralytics 的默认值（YOLOv8 / YOLO11）。数据集、模型、设备、显存预算和输出文件夹保持不变。</translation>
    </message>
    <message>
        <source>YOLOv9 hyp.scratch-high</source>
        <translation>YOLOv9 hyp.scratch-high</translation>
    </message>
    <message>
        <source>The hyperparameters of YOLOv9&apos;s hyp.scratch-high.yaml (training from scratch with strong augmentation): scale 0.9, mixup 0.15, copy-paste 0.3, the rest as Ultralytics.</source>
        <translation>YOLOv9 的 hyp.scratch-high.yaml 超参数（从头训练，强数据增强）：scale 0.9、mixup 0.15、copy-paste 0.3，其余同 Ultralytics。</translation>
    </message>
    <message>
        <source>Low memory</source>
        <translation>低显存</translation>
    </message>
    <message>
        <source>For a 4-6 GB GPU or a small machine: batch 8 with nbs 64 (8 batches accumulated, so the optimizer still steps on 64 images and weight decay is unchanged), mixed precision on, no RAM cache, 2 loader workers. Image size and augmentation stay: they decide what the model learns. For the largest batch that fits your card, use Fit to my GPU.</source>
        <translation>适用于 4–6 GB 显存的 GPU 或配置较低的机器：batch 8、nbs 64（累积 8 个批次，优化器仍按 64 张图像更新一步，权重衰减不变），开启混合精度，不使用内存缓存，2 个数据加载线程。图像尺寸和数据增强保持不变：它们决定模型学到什么。要找到显卡能容纳的最大批大小，请使用“适配我的 GPU”。</translation>
    </message>
    <message>
        <source>Model &amp; data</source>
        <translation>模型与数据</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>训练计划</translation>
    </message>
    <message>
        <source>Memory &amp; precision</source>
        <translation>显存与精度</translation>
    </message>
    <message>
        <source>Loss gains</source>
        <translation>损失权重</translation>
    </message>
    <message>
        <source>Augmentation</source>
        <translation>数据增强</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source> images</source>
        <translation> 张</translation>
    </message>
    <message>
        <source> epochs</source>
        <translation> 轮</translation>
    </message>
    <message>
        <source> threads</source>
        <translation> 个线程</translation>
    </message>
    <message>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <source> boxes</source>
        <translation> 个框</translation>
    </message>
    <message>
        <source>unknown setting</source>
        <translation>未知的设置</translation>
    </message>
    <message>
        <source>must be true or false, not “%1”</source>
        <translation>必须为 true 或 false，而不是“%1”</translation>
    </message>
    <message>
        <source>must be a whole number, not “%1”</source>
        <translation>必须为整数，而不是“%1”</translation>
    </message>
    <message>
        <source>must be a number, not “%1”</source>
        <translation>必须为数字，而不是“%1”</translation>
    </message>
    <message>
        <source>must be between %1 and %2, not %3</source>
        <translation>必须在 %1 到 %2 之间，而不是 %3</translation>
    </message>
    <message>
        <source>must be one of %1, not “%2”</source>
        <translation>必须是 %1 之一，而不是“%2”</translation>
    </message>
    <message>
        <source>must be the path of a run&apos;s weights/last.pt or of its run folder</source>
        <translation>必须是某次训练的 weights/last.pt 或其运行文件夹的路径</translation>
    </message>
    <message>
        <source>must be a multiple of 32 (the model&apos;s largest stride), not %1</source>
        <translation>必须是 32（模型的最大步长）的倍数，而不是 %1</translation>
    </message>
    <message>
        <source>must be at least 1, or auto to fit it to memory</source>
        <translation>必须至少为 1，或设为 auto 按显存自动适配</translation>
    </message>
    <message>
        <source>no dataset: open one, or choose its data.yaml</source>
        <translation>没有数据集：请打开一个，或选择其 data.yaml</translation>
    </message>
    <message>
        <source>no model: pick one</source>
        <translation>没有模型：请选择一个</translation>
    </message>
    <message>
        <source>must be a size such as 8GiB or 6000MB, or a fraction such as 0.8, not “%1”</source>
        <translation>必须是 8GiB、6000MB 这样的大小，或 0.8 这样的比例，而不是“%1”</translation>
    </message>
    <message>
        <source>must be cpu, a GPU index such as 0, cuda:0, or GPUs such as 0,1, not “%1”</source>
        <translation>必须是 cpu、GPU 编号（如 0）、cuda:0 或多块 GPU（如 0,1），而不是“%1”</translation>
    </message>
    <message>
        <source>names a GPU twice (“%1”): list each GPU once</source>
        <translation>重复列出了同一块 GPU（“%1”）：每块 GPU 只能列一次</translation>
    </message>
    <message>
        <source>Classes to train</source>
        <translation>训练的类别</translation>
    </message>
    <message>
        <source>train on these class ids only, e.g. [0, 2, 3] (renumbered 0..k-1); empty = all</source>
        <translation>只训练这些类别 ID，例如 [0, 2, 3]（重新编号为 0..k-1）；留空 = 全部</translation>
    </message>
    <message>
        <source>Frozen layers</source>
        <translation>冻结的层</translation>
    </message>
    <message>
        <source>layers not trained: N = the first N, or [i, j, ...]; empty = none</source>
        <translation>不训练的层：N = 前 N 层，或 [i, j, ...]；留空 = 不冻结</translation>
    </message>
    <message>
        <source>Stages</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>stages IMGSZxBATCH:EPOCHS[:key=value], e.g. 320x32:10,640xauto:80,640xauto:10:mosaic=0; empty = one stage</source>
        <translation>阶段 图像尺寸x批大小:轮数[:键=值]，例如 320x32:10,640xauto:80,640xauto:10:mosaic=0；留空 = 单一阶段</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>activation checkpointing: off, auto, backbone, all or [layer, ...]</source>
        <translation>激活检查点：off、auto、backbone、all 或 [层, ...]</translation>
    </message>
    <message>
        <source>Staged: warm up small, train at full size, finish without mosaic</source>
        <translation>分阶段：小尺寸预热，全尺寸训练，最后关闭马赛克</translation>
    </message>
    <message>
        <source>Three stages in one run: 10 epochs at 320 px with batch 32 (fast, and settles the statistics), 80 at 640 with the batch fitted to memory, 10 at 640 with mosaic off (instead of close_mosaic). One optimizer, EMA and learning-rate schedule across the stages; each stage&apos;s batch is fitted at its own image size before the run starts.</source>
        <translation>一次运行包含三个阶段：以 320 像素、批大小 32 训练 10 轮（速度快，并让统计量稳定），以 640 像素、按显存适配的批大小训练 80 轮，最后以 640 像素关闭马赛克训练 10 轮（代替 close_mosaic）。各阶段共用同一个优化器、EMA 和学习率计划；每个阶段的批大小在运行开始前按其图像尺寸适配。</translation>
    </message>
    <message>
        <source>stage %1, %2: %3</source>
        <translation>第 %1 阶段，%2：%3</translation>
    </message>
    <message>
        <source>must be off, auto, backbone, all or a list of layers such as [2, 4, 6], not “%1”</source>
        <translation>必须是 off、auto、backbone、all 或层列表（如 [2, 4, 6]），而不是“%1”</translation>
    </message>
    <message>
        <source>“%1” is not a stage: write IMGSZxBATCH:EPOCHS, e.g. 640x16:10 or 640xauto:10:mosaic=0</source>
        <translation>“%1”不是有效的阶段：请写成 图像尺寸x批大小:轮数，例如 640x16:10 或 640xauto:10:mosaic=0</translation>
    </message>
    <message>
        <source>cannot change between stages (a stage may set %1)</source>
        <translation>不能在阶段之间更改（阶段可以设置 %1）</translation>
    </message>
    <message>
        <source>is %1 but the stages add up to %2 epochs; leave epochs out or make them agree</source>
        <translation>为 %1，但各阶段合计 %2 轮；请不设置 epochs 或使两者一致</translation>
    </message>
    <message>
        <source>Synchronised BatchNorm</source>
        <translation>同步 BatchNorm</translation>
    </message>
    <message>
        <source>BatchNorm statistics over every process&apos;s images (data-parallel runs)</source>
        <translation>BatchNorm 统计量取自所有进程的图像（数据并行训练）</translation>
    </message>
    <message>
        <source>DFL loss gain (the L1 box-distance loss for YOLO26)</source>
        <translation>DFL 损失权重（YOLO26 为 L1 框距离损失）</translation>
    </message>
    <message>
        <source>auto (SGD for long runs, MuSGD for YOLO26; AdamW for short ones)</source>
        <translation>自动（长训练用 SGD，YOLO26 用 MuSGD；短训练用 AdamW）</translation>
    </message>
    <message>
        <source>MuSGD (Ultralytics 8.4: Muon + SGD)</source>
        <translation>MuSGD（Ultralytics 8.4：Muon + SGD）</translation>
    </message>
    <message>
        <source>Metrics as</source>
        <translation>指标口径</translation>
    </message>
    <message>
        <source>mAP and best.pt as this Ultralytics release computes them (8.4: greedy matching, mAP50-95 fitness)</source>
        <translation>按此 Ultralytics 版本的方法计算 mAP 并选择 best.pt（8.4：贪心匹配，以 mAP50-95 为适应度）</translation>
    </message>
    <message>
        <source>Ultralytics 8.4</source>
        <translation>Ultralytics 8.4</translation>
    </message>
    <message>
        <source>Ultralytics 8.3 (higher at low recall)</source>
        <translation>Ultralytics 8.3（低召回率时偏高）</translation>
    </message>
    <message>
        <source>Validate with NMS</source>
        <translation>验证时使用 NMS</translation>
    </message>
    <message>
        <source>validate with NMS; false: YOLO26&apos;s one-to-one head without NMS (Ultralytics 8.4&apos;s nms=False)</source>
        <translation>验证时使用 NMS；false：使用 YOLO26 的一对一检测头，不做 NMS（即 Ultralytics 8.4 的 nms=False）</translation>
    </message>
    <message>
        <source>Class-agnostic NMS</source>
        <translation>类别无关 NMS</translation>
    </message>
    <message>
        <source>class-agnostic NMS: a box suppresses overlapping boxes of every class (Ultralytics&apos; agnostic_nms)</source>
        <translation>类别无关 NMS：一个框会抑制与其重叠的任意类别的框（即 Ultralytics 的 agnostic_nms）</translation>
    </message>
</context>
<context>
    <name>ys::ui::Dashboard</name>
    <message>
        <source>rank %1 · %2</source>
        <translation>进程 %1 · %2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>rank 0 · %1</source>
        <translation>进程 0 · %1</translation>
    </message>
    <message>
        <source>rank 0</source>
        <translation>进程 0</translation>
    </message>
    <message>
        <source>Data parallel: %1 processes</source>
        <translation>数据并行：%1 个进程</translation>
    </message>
    <message>
        <source>Data parallel: %1 × %2 = %3 images per step</source>
        <translation>数据并行：%1 × %2 = 每步 %3 张图像</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Epoch %1 of %2</source>
        <translation>第 %1 / %2 轮</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>各轮</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>尚无训练</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Show the engine&apos;s messages (events always show)</source>
        <translation>显示引擎消息（事件总会显示）</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>约剩 %1</translation>
    </message>
    <message>
        <source>micro-batch %1 → %2</source>
        <translation>微批次 %1 → %2</translation>
    </message>
    <message>
        <source>validation batch halved</source>
        <translation>验证批大小已减半</translation>
    </message>
    <message>
        <source>validation batch %1 → %2</source>
        <translation>验证批次 %1 → %2</translation>
    </message>
    <message>
        <source>Stage %1: %2 px, batch %3</source>
        <translation>第 %1 阶段：%2 像素，批大小 %3</translation>
    </message>
</context>
<context>
    <name>ys::ui::DatasetController</name>
    <message>
        <source>Could not write the demo dataset.</source>
        <translation>无法写入示例数据集。</translation>
    </message>
    <message>
        <source>Could not open the dataset.</source>
        <translation>无法打开数据集。</translation>
    </message>
    <message>
        <source>The check stopped with an internal error.</source>
        <translation>检查因内部错误而中止。</translation>
    </message>
</context>
<context>
    <name>ys::ui::DatasetPage</name>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Unreadable or invalid images</source>
        <translation>无法读取或无效的图像</translation>
    </message>
    <message>
        <source>Label format errors</source>
        <translation>标注格式错误</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>Train/val leakage</source>
        <translation>训练集/验证集泄漏</translation>
    </message>
    <message>
        <source>Boxes too small to learn</source>
        <translation>框太小，无法学习</translation>
    </message>
    <message>
        <source>Unusual box sizes</source>
        <translation>框尺寸异常</translation>
    </message>
    <message>
        <source>Crowded images</source>
        <translation>目标过多的图像</translation>
    </message>
    <message>
        <source>Backgrounds (no boxes)</source>
        <translation>背景图（无框）</translation>
    </message>
    <message>
        <source>Polygons mixed with boxes</source>
        <translation>多边形与框混用</translation>
    </message>
    <message>
        <source>Open a YOLO dataset</source>
        <translation>打开 YOLO 数据集</translation>
    </message>
    <message>
        <source>Choose a data.yaml, drop one (or its folder) onto this window, or start with the built-in demo dataset. The studio never modifies your files.</source>
        <translation>选择一个 data.yaml，或将其（或其所在文件夹）拖放到此窗口，也可以从内置示例数据集开始。本工具从不修改您的文件。</translation>
    </message>
    <message>
        <source>Open data.yaml…</source>
        <translation>打开 data.yaml…</translation>
    </message>
    <message>
        <source>Open demo dataset</source>
        <translation>打开示例数据集</translation>
    </message>
    <message>
        <source>Training image size: boxes smaller than %1 px after letterboxing to this size are reported as too small to learn.</source>
        <translation>训练图像尺寸：按此尺寸 letterbox 缩放后小于 %1 像素的框会被报告为太小、无法学习。</translation>
    </message>
    <message>
        <source>imgsz</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>重新检查</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Boxes</source>
        <translation>显示框</translation>
    </message>
    <message>
        <source>Draw the labelled boxes on the thumbnails</source>
        <translation>在缩略图上绘制标注框</translation>
    </message>
    <message>
        <source>&amp;Split</source>
        <translation>划分(&amp;S)</translation>
    </message>
    <message>
        <source>C&amp;lass</source>
        <translation>类别(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Findings</source>
        <translation>问题(&amp;F)</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>Recent datasets</source>
        <translation>最近的数据集</translation>
    </message>
    <message>
        <source>Scanning images and labels…</source>
        <translation>正在扫描图像和标注…</translation>
    </message>
    <message>
        <source>Checking labels and images…</source>
        <translation>正在检查标注和图像…</translation>
    </message>
    <message>
        <source>Comparing images for duplicates…</source>
        <translation>正在比对图像以查找重复…</translation>
    </message>
    <message>
        <source>Writing the demo dataset…</source>
        <translation>正在写入示例数据集…</translation>
    </message>
    <message>
        <source>Working (%1)…</source>
        <translation>处理中（%1）…</translation>
    </message>
    <message>
        <source>Demo dataset</source>
        <translation>示例数据集</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Findings (%1)</source>
        <translation>检查结果（%1）</translation>
    </message>
    <message>
        <source>All splits (%1)</source>
        <translation>全部划分（%1）</translation>
    </message>
    <message>
        <source>train</source>
        <translation>训练集</translation>
    </message>
    <message>
        <source>val</source>
        <translation>验证集</translation>
    </message>
    <message>
        <source>test</source>
        <translation>测试集</translation>
    </message>
    <message>
        <source>All classes</source>
        <translation>全部类别</translation>
    </message>
    <message>
        <source>All images</source>
        <translation>全部图像</translation>
    </message>
    <message>
        <source>With errors or warnings (%1)</source>
        <translation>有错误或警告（%1）</translation>
    </message>
    <message>
        <source>Without errors or warnings (%1)</source>
        <translation>无错误或警告（%1）</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>No dataset open</source>
        <translation>未打开数据集</translation>
    </message>
    <message>
        <source>%1 images · %2 boxes · %3 classes</source>
        <translation>%1 张图像 · %2 个框 · %3 个类别</translation>
    </message>
    <message>
        <source>%1 shown</source>
        <translation>显示 %1 张</translation>
    </message>
    <message>
        <source>%1 errors, %2 warnings, %3 info</source>
        <translation>%1 个错误，%2 个警告，%3 条提示</translation>
    </message>
    <message>
        <source>%1 of %2 images</source>
        <translation>%1 / %2 张图像</translation>
    </message>
    <message>
        <source>There is no finished check to export.</source>
        <translation>没有可导出的已完成检查。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln image(s)</source>
        <translation>
            <numerusform>%Ln 张图像</numerusform>
        </translation>
    </message>
    <message>
        <source>Open Dataset</source>
        <translation>打开数据集</translation>
    </message>
    <message>
        <source>Dataset description (*.yaml *.yml);;All files (*)</source>
        <translation>数据集描述文件 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>No recent datasets</source>
        <translation>没有最近的数据集</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Check finished</source>
        <translation>检查完成</translation>
    </message>
    <message>
        <source>&amp;Open Dataset…</source>
        <translation>打开数据集(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Recent Datasets</source>
        <translation>最近的数据集(&amp;R)</translation>
    </message>
    <message>
        <source>Open &amp;Demo Dataset</source>
        <translation>打开示例数据集(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Export Check Result…</source>
        <translation>导出检查结果(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the findings as JSON or CSV</source>
        <translation>将检查结果保存为 JSON 或 CSV</translation>
    </message>
    <message>
        <source>Export Check Result</source>
        <translation>导出检查结果</translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv)</source>
        <translation>JSON 文件 (*.json);;CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Could not export the check result.</source>
        <translation>无法导出检查结果。</translation>
    </message>
    <message>
        <source>Check result written to %1</source>
        <translation>检查结果已写入 %1</translation>
    </message>
    <message>
        <source>Suspected label mistakes (%1)</source>
        <translation>疑似标注错误 (%1)</translation>
    </message>
    <message>
        <source>Suspected label mistakes</source>
        <translation>疑似标注错误</translation>
    </message>
</context>
<context>
    <name>ys::ui::DatasetReviewTab</name>
    <message>
        <source>No review of this dataset yet. On the Runs page, select a finished run and choose Review labels with this model…: the labels its model disagrees with are listed here.</source>
        <translation>此数据集尚无审查结果。在“运行”页选择一个已完成的运行，然后选择“用此模型审查标注…”：模型不认同的标注会列在这里。</translation>
    </message>
    <message numerus="yes">
        <source>Reviewed with %1 on the %2 (%3): %n suspect(s), likeliest mistakes first.</source>
        <translation>
            <numerusform>用 %1 审查了%2（%3）：%n 个疑似错误，最可能的错误排在前面。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::ui::DatasetStatsWidget</name>
    <message>
        <source>train</source>
        <translation>训练集</translation>
    </message>
    <message>
        <source>val</source>
        <translation>验证集</translation>
    </message>
    <message>
        <source>test</source>
        <translation>测试集</translation>
    </message>
    <message>
        <source>Boxes per class</source>
        <translation>各类别的框数</translation>
    </message>
    <message>
        <source>Box size</source>
        <translation>框尺寸</translation>
    </message>
    <message>
        <source>Box width vs height</source>
        <translation>框的宽与高</translation>
    </message>
    <message>
        <source>Classes</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>图像（%1）</translation>
    </message>
    <message>
        <source>Boxes</source>
        <translation>框</translation>
    </message>
    <message>
        <source>Images without boxes</source>
        <translation>无框图像</translation>
    </message>
    <message>
        <source>Label files</source>
        <translation>标注文件</translation>
    </message>
    <message>
        <source>Corrupt images</source>
        <translation>损坏的图像</translation>
    </message>
    <message>
        <source>Orphan labels</source>
        <translation>孤立的标注</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Check time</source>
        <translation>检查用时</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Check not finished</source>
        <translation>检查尚未完成</translation>
    </message>
    <message>
        <source>boxes</source>
        <translation>框数</translation>
    </message>
    <message>
        <source>√(w·h) in pixels at imgsz %1</source>
        <translation>√(宽·高)，图像尺寸 %1 下的像素</translation>
    </message>
    <message>
        <source>%1 of %2 boxes under %3 px (too small to learn)</source>
        <translation>%2 个框中有 %1 个小于 %3 像素（太小，无法学习）</translation>
    </message>
    <message>
        <source>width (fraction of image)</source>
        <translation>宽（占图像比例）</translation>
    </message>
    <message>
        <source>height (fraction of image)</source>
        <translation>高（占图像比例）</translation>
    </message>
    <message>
        <source>Box width vs height (every %1th box)</source>
        <translation>框的宽与高（每 %1 个框取一个）</translation>
    </message>
</context>
<context>
    <name>ys::ui::DeviceListModel</name>
    <message>
        <source>GPUs %1 · one training process each</source>
        <translation>GPU %1 · 每个 GPU 一个训练进程</translation>
    </message>
    <message>
        <source>Data parallel: %1 processes, one per GPU; the batch is split between them.</source>
        <translation>数据并行：%1 个进程，每个 GPU 一个；批次在它们之间平分。</translation>
    </message>
    <message>
        <source>%1 (not found on this machine)</source>
        <translation>%1（本机上未找到）</translation>
    </message>
    <message>
        <source>This device is not present here. The setting is kept; a run started on this machine with it will fail.</source>
        <translation>本机上没有此设备。该设置会被保留；在本机上用它开始训练将会失败。</translation>
    </message>
    <message>
        <source>CPU · %1 cores · %2 RAM, %3 free</source>
        <translation>CPU · %1 核 · 内存 %2，可用 %3</translation>
    </message>
    <message>
        <source>GPU %1 · %2 · %3, %4 free</source>
        <translation>GPU %1 · %2 · %3，可用 %4</translation>
    </message>
    <message>
        <source>%1
%2 logical cores, %3 RAM, %4 available now</source>
        <translation>%1
%2 个逻辑核心，内存 %3，当前可用 %4</translation>
    </message>
    <message>
        <source>%1
Compute capability %2.%3, %4 multiprocessors
%5 total, %6 free now (other programs included)</source>
        <translation>%1
计算能力 %2.%3，%4 个多处理器
显存共 %5，当前可用 %6（已计入其他程序的占用）</translation>
    </message>
</context>
<context>
    <name>ys::ui::DevicePicker</name>
    <message>
        <source>GPU %1 · %2</source>
        <translation>GPU %1 · %2</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>多 GPU</translation>
    </message>
    <message>
        <source>Train on several GPUs at once: one process per ticked GPU (data parallel)</source>
        <translation>同时在多个 GPU 上训练：每个勾选的 GPU 一个进程（数据并行）</translation>
    </message>
    <message>
        <source>× </source>
        <translation>× </translation>
    </message>
    <message>
        <source> processes</source>
        <translation> 个进程</translation>
    </message>
    <message>
        <source>Training processes on the CPU (data parallel, nproc): each trains its share of the batch on its share of the cores</source>
        <translation>CPU 上的训练进程数（数据并行，nproc）：每个进程用自己那份 CPU 核心训练自己那份批次</translation>
    </message>
    <message>
        <source>List the devices again (free memory changes as other programs run)</source>
        <translation>重新列出设备（可用显存会随其他程序运行而变化）</translation>
    </message>
    <message>
        <source>× 1 process</source>
        <translation>× 1 个进程</translation>
    </message>
    <message>
        <source>No GPU: %1</source>
        <translation>无 GPU：%1</translation>
    </message>
</context>
<context>
    <name>ys::ui::DeviceText</name>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>this build of LibTorch has no CUDA</source>
        <translation>此版本的 LibTorch 不含 CUDA</translation>
    </message>
    <message>
        <source>the NVIDIA driver sees a GPU, but LibTorch cannot use it</source>
        <translation>NVIDIA 驱动能看到 GPU，但 LibTorch 无法使用它</translation>
    </message>
    <message>
        <source>no NVIDIA driver (libcuda.so.1 not found); on WSL2 the Windows NVIDIA driver provides it in /usr/lib/wsl/lib, which must be on the library path (ldconfig or LD_LIBRARY_PATH)</source>
        <translation>没有 NVIDIA 驱动（找不到 libcuda.so.1）；在 WSL2 中它由 Windows 的 NVIDIA 驱动提供，位于 /usr/lib/wsl/lib，该目录必须在库搜索路径中（ldconfig 或 LD_LIBRARY_PATH）</translation>
    </message>
    <message>
        <source>no NVIDIA driver (libcuda.so.1 not found)</source>
        <translation>没有 NVIDIA 驱动（找不到 libcuda.so.1）</translation>
    </message>
    <message>
        <source>the NVIDIA driver&apos;s libcuda.so.1 cannot be loaded (%1)</source>
        <translation>无法加载 NVIDIA 驱动的 libcuda.so.1（%1）</translation>
    </message>
    <message>
        <source>the NVIDIA driver supports CUDA %1; this build needs CUDA %2 (driver %3 or newer)</source>
        <translation>NVIDIA 驱动支持 CUDA %1；此版本需要 CUDA %2（驱动 %3 或更新）</translation>
    </message>
    <message>
        <source>the NVIDIA driver supports CUDA %1; this build needs CUDA %2</source>
        <translation>NVIDIA 驱动支持 CUDA %1；此版本需要 CUDA %2</translation>
    </message>
    <message>
        <source>the NVIDIA driver sees no GPU</source>
        <translation>NVIDIA 驱动未检测到 GPU</translation>
    </message>
    <message>
        <source>the NVIDIA driver sees no GPU (CUDA_VISIBLE_DEVICES=&quot;&quot; hides every GPU)</source>
        <translation>NVIDIA 驱动未检测到 GPU（CUDA_VISIBLE_DEVICES=&quot;&quot; 隐藏了所有 GPU）</translation>
    </message>
    <message>
        <source>the NVIDIA driver sees no GPU with CUDA_VISIBLE_DEVICES=&quot;%1&quot;</source>
        <translation>在 CUDA_VISIBLE_DEVICES=&quot;%1&quot; 下，NVIDIA 驱动未检测到 GPU</translation>
    </message>
    <message>
        <source>the NVIDIA driver failed to start (%1 returned %2)</source>
        <translation>NVIDIA 驱动启动失败（%1 返回 %2）</translation>
    </message>
    <message>
        <source>this libcuda.so.1 is CUDA&apos;s stub library, not a driver</source>
        <translation>这个 libcuda.so.1 是 CUDA 的桩库，不是驱动</translation>
    </message>
    <message>
        <source>the driver&apos;s kernel module and libcuda.so.1 differ in version (reboot after a driver update)</source>
        <translation>驱动的内核模块与 libcuda.so.1 版本不一致（更新驱动后请重启）</translation>
    </message>
    <message>
        <source>often the nvidia-uvm kernel module is not loaded (sudo modprobe nvidia-uvm)</source>
        <translation>常见原因是 nvidia-uvm 内核模块未加载（sudo modprobe nvidia-uvm）</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
</context>
<context>
    <name>ys::ui::EpochTableModel</name>
    <message>
        <source>Best epoch so far (fitness %1), kept as weights/best.pt</source>
        <translation>目前最好的一轮（fitness %1），保存为 weights/best.pt</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Box</translation>
    </message>
    <message>
        <source>Cls</source>
        <translation>Cls</translation>
    </message>
    <message>
        <source>DFL</source>
        <translation>DFL</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Highest tensor memory during the epoch</source>
        <translation>本轮中张量占用的最高显存</translation>
    </message>
    <message>
        <source>LR</source>
        <translation>LR</translation>
    </message>
    <message>
        <source>Learning rate of parameter group 0 at the end of the epoch</source>
        <translation>本轮结束时参数组 0 的学习率</translation>
    </message>
    <message>
        <source>Mean training box loss (CIoU) of the epoch</source>
        <translation>本轮训练的平均边框损失（CIoU）</translation>
    </message>
    <message>
        <source>Mean training classification loss (BCE) of the epoch</source>
        <translation>本轮训练的平均分类损失（BCE）</translation>
    </message>
    <message>
        <source>Mean training distribution focal loss of the epoch</source>
        <translation>本轮训练的平均分布焦点损失（DFL）</translation>
    </message>
    <message>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <source>Precision on the validation split</source>
        <translation>验证集上的精确率（Precision）</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>Recall on the validation split</source>
        <translation>验证集上的召回率（Recall）</translation>
    </message>
    <message>
        <source>This epoch was not validated (val=false validates only the last epoch).</source>
        <translation>本轮未验证（val=false 时只验证最后一轮）。</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Time since the run started when the epoch ended</source>
        <translation>本轮结束时距训练开始的时间</translation>
    </message>
    <message>
        <source>Training images per second, loading included</source>
        <translation>每秒训练的图像数（含加载）</translation>
    </message>
    <message>
        <source>Val DFL</source>
        <translation>验证 DFL</translation>
    </message>
    <message>
        <source>Val box</source>
        <translation>验证 Box</translation>
    </message>
    <message>
        <source>Val cls</source>
        <translation>验证 Cls</translation>
    </message>
    <message>
        <source>img/s</source>
        <translation>张/秒</translation>
    </message>
    <message>
        <source>mAP50</source>
        <translation>mAP50</translation>
    </message>
    <message>
        <source>mAP50-95</source>
        <translation>mAP50-95</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>L1</source>
        <translation>L1</translation>
    </message>
    <message>
        <source>Val L1</source>
        <translation>验证 L1</translation>
    </message>
    <message>
        <source>Mean training L1 box-distance loss of the epoch (YOLO26: no DFL bins)</source>
        <translation>本轮训练的平均 L1 框距离损失（YOLO26：无 DFL 分箱）</translation>
    </message>
</context>
<context>
    <name>ys::ui::ExportDialog</name>
    <message>
        <source>Loads in OpenCV&apos;s DNN module (4.6, as in Debian 12, and newer) and in ONNX Runtime. The input size and batch are fixed; the studio runs the file through OpenCV and compares it with the trained model before writing it.</source>
        <translation>可由 OpenCV 的 DNN 模块（4.6，即 Debian 12 自带版本，及更新版本）和 ONNX Runtime 加载。输入尺寸和批大小固定；写入文件前，工作室会用 OpenCV 运行该文件并与训练得到的模型比对。</translation>
    </message>
    <message>
        <source>For ONNX Runtime: any batch and any image size that is a multiple of 32. OpenCV 4.6 cannot read such a file. Checked with ONNX&apos;s checker only.</source>
        <translation>用于 ONNX Runtime：任意批大小，任意 32 的倍数的图像尺寸。OpenCV 4.6 无法读取此类文件。仅用 ONNX 检查器检查。</translation>
    </message>
    <message>
        <source>Opset 12 with fixed shapes suits OpenCV; opsets 13 to 17 suit the ONNX Runtime releases that implement them (OpenCV 4.6 reads them too when the shapes are fixed).</source>
        <translation>固定形状的 opset 12 适用于 OpenCV；opset 13 至 17 适用于实现了相应 opset 的 ONNX Runtime 版本（形状固定时 OpenCV 4.6 也能读取）。</translation>
    </message>
    <message>
        <source>Export model</source>
        <translation>导出模型</translation>
    </message>
    <message>
        <source>ONNX model (*.onnx)</source>
        <translation>ONNX 模型 (*.onnx)</translation>
    </message>
    <message>
        <source>&amp;Weights:</source>
        <translation>权重(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;For:</source>
        <translation>用于(&amp;F)：</translation>
    </message>
    <message>
        <source>OpenCV DNN and ONNX Runtime (fixed size, opset 12)</source>
        <translation>OpenCV DNN 和 ONNX Runtime（固定尺寸，opset 12）</translation>
    </message>
    <message>
        <source>ONNX Runtime, any image size and batch (opset 17)</source>
        <translation>ONNX Runtime，任意图像尺寸和批大小（opset 17）</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>&amp;Image size:</source>
        <translation>图像尺寸(&amp;I)：</translation>
    </message>
    <message>
        <source>Width and height of the input in pixels, a multiple of 32. The weights were trained at %1 px.</source>
        <translation>输入的宽和高（像素），须为 32 的倍数。该权重训练时的尺寸为 %1 像素。</translation>
    </message>
    <message>
        <source>&amp;Batch:</source>
        <translation>批大小(&amp;B)：</translation>
    </message>
    <message>
        <source>Images per forward pass, fixed in the file</source>
        <translation>每次前向传播的图像数，固定在文件中</translation>
    </message>
    <message>
        <source>&amp;Opset:</source>
        <translation>Opset(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Dynamic batch and image size</source>
        <translation>动态批大小和图像尺寸(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Half precision (float16, for GPU runtimes)</source>
        <translation>半精度(&amp;H)（float16，用于 GPU 运行时）</translation>
    </message>
    <message>
        <source>Weights, input and output in float16</source>
        <translation>权重、输入和输出均为 float16</translation>
    </message>
    <message>
        <source>Needs a CUDA GPU, which this computer does not have</source>
        <translation>需要 CUDA GPU，本机没有</translation>
    </message>
    <message>
        <source>&amp;Save as:</source>
        <translation>保存为(&amp;S)：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
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
    <message>
        <source>One class per box (class-&amp;agnostic)</source>
        <translation>每个框只保留一个类别（类别无关）(&amp;A)</translation>
    </message>
    <message>
        <source>Each anchor gives one row, its best class (Ultralytics&apos; agnostic_nms). Unchecked, the best (anchor, class) pairs are kept, so one box may come twice with two classes.</source>
        <translation>每个锚点只输出一行，取其得分最高的类别（即 Ultralytics 的 agnostic_nms）。不勾选时保留得分最高的（锚点，类别）组合，同一个框可能以两个类别出现两次。</translation>
    </message>
</context>
<context>
    <name>ys::ui::ExportResultDialog</name>
    <message>
        <source>Model exported</source>
        <translation>模型已导出</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Input:</source>
        <translation>输入：</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>输出：</translation>
    </message>
    <message>
        <source>Classes:</source>
        <translation>类别：</translation>
    </message>
    <message>
        <source>Checked:</source>
        <translation>检查：</translation>
    </message>
    <message>
        <source>%1 (%2, %3 from %4, %5 s)</source>
        <translation>%1（%2，%3，来自 %4，%5 秒）</translation>
    </message>
    <message>
        <source>%1, %2 %3: RGB scaled to 0..1, letterboxed with grey (114) to %4 x %5 px</source>
        <translation>%1，%2 %3：RGB 缩放到 0..1，按 letterbox 用灰色（114）填充到 %4 x %5 像素</translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 %3: per anchor cx, cy, w, h in input pixels, then %n class score(s) (sigmoid); no NMS</source>
        <translation>
            <numerusform>%1，%2 %3：每个锚点为输入像素中的 cx、cy、w、h，随后是 %n 个类别分数（sigmoid）；不含 NMS</numerusform>
        </translation>
    </message>
    <message>
        <source>ONNX&apos;s checker and strict shape inference passed (opset %1).</source>
        <translation>已通过 ONNX 检查器和严格形状推断（opset %1）。</translation>
    </message>
    <message>
        <source>OpenCV %1 runs it and matches the trained model (boxes within %2 px).</source>
        <translation>OpenCV %1 可运行该文件，结果与训练得到的模型一致（框的差异在 %2 像素以内）。</translation>
    </message>
    <message>
        <source>Not run in OpenCV: OpenCV 4.6 reads files with fixed shapes only.</source>
        <translation>未在 OpenCV 中运行：OpenCV 4.6 只能读取固定形状的文件。</translation>
    </message>
    <message>
        <source>Use it:</source>
        <translation>使用方法：</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Open &amp;Folder</source>
        <translation>打开文件夹(&amp;F)</translation>
    </message>
    <message>
        <source>%1, %2 %3: per image its best detections (k = %4), each x1, y1, x2, y2 in input pixels, score, class, best first; no NMS needed (keep the rows above your threshold). Its top-k needs ONNX Runtime: OpenCV 4.6 cannot run it</source>
        <translation>%1，%2 %3：每张图像得分最高的检测（k = %4），每行为输入像素中的 x1、y1、x2、y2、分数、类别，按分数从高到低；无需 NMS（保留高于阈值的行）。其中的 top-k 需要 ONNX Runtime：OpenCV 4.6 无法运行</translation>
    </message>
    <message>
        <source>OpenCV %1 runs the graph up to its top-k and matches the trained model (boxes within %2 px); the top-k itself is checked by ONNX&apos;s checker only.</source>
        <translation>OpenCV %1 可运行 top-k 之前的计算图，结果与训练得到的模型一致（框的差异在 %2 像素以内）；top-k 本身仅由 ONNX 检查器检查。</translation>
    </message>
    <message>
        <source>. One row per box, its best class (class-agnostic)</source>
        <translation>。每个框一行，取其得分最高的类别（类别无关）</translation>
    </message>
</context>
<context>
    <name>ys::ui::FindingText</name>
    <message>
        <source>Image cannot be read</source>
        <translation>无法读取图像</translation>
    </message>
    <message>
        <source>Not an image</source>
        <translation>不是图像文件</translation>
    </message>
    <message>
        <source>Unsupported image format</source>
        <translation>不支持的图像格式</translation>
    </message>
    <message>
        <source>Corrupt image</source>
        <translation>图像已损坏</translation>
    </message>
    <message>
        <source>Truncated image</source>
        <translation>图像文件被截断</translation>
    </message>
    <message>
        <source>Damaged image data</source>
        <translation>图像数据受损</translation>
    </message>
    <message>
        <source>Image too small</source>
        <translation>图像过小</translation>
    </message>
    <message>
        <source>Extension does not match the content</source>
        <translation>扩展名与内容不符</translation>
    </message>
    <message>
        <source>No label file (background)</source>
        <translation>无标注文件（背景图）</translation>
    </message>
    <message>
        <source>Empty label file (background)</source>
        <translation>标注文件为空（背景图）</translation>
    </message>
    <message>
        <source>Wrong number of columns</source>
        <translation>列数错误</translation>
    </message>
    <message>
        <source>Value is not a number</source>
        <translation>数值不是数字</translation>
    </message>
    <message>
        <source>Value is NaN or infinite</source>
        <translation>数值为 NaN 或无穷大</translation>
    </message>
    <message>
        <source>Negative class id</source>
        <translation>类别编号为负数</translation>
    </message>
    <message>
        <source>Class id is not an integer</source>
        <translation>类别编号不是整数</translation>
    </message>
    <message>
        <source>Class id out of range</source>
        <translation>类别编号超出范围</translation>
    </message>
    <message>
        <source>Coordinates outside the image</source>
        <translation>坐标超出图像范围</translation>
    </message>
    <message>
        <source>Zero or negative box size</source>
        <translation>框的宽或高为零或负数</translation>
    </message>
    <message>
        <source>Duplicate row</source>
        <translation>重复的行</translation>
    </message>
    <message>
        <source>Polygons mixed with boxes</source>
        <translation>多边形与框混用</translation>
    </message>
    <message>
        <source>More problems in this file</source>
        <translation>此文件还有更多问题</translation>
    </message>
    <message>
        <source>Label file without an image</source>
        <translation>标注文件没有对应图像</translation>
    </message>
    <message>
        <source>Near-duplicate box</source>
        <translation>几乎重复的框</translation>
    </message>
    <message>
        <source>Box too small to learn</source>
        <translation>框太小，无法学习</translation>
    </message>
    <message>
        <source>Unusual box size or shape</source>
        <translation>框的尺寸或形状异常</translation>
    </message>
    <message>
        <source>Unusually many boxes</source>
        <translation>框的数量异常多</translation>
    </message>
    <message>
        <source>Duplicate image</source>
        <translation>重复的图像</translation>
    </message>
    <message>
        <source>Near-duplicate image</source>
        <translation>几乎重复的图像</translation>
    </message>
    <message>
        <source>Same image in train and val</source>
        <translation>训练集与验证集含相同图像</translation>
    </message>
    <message>
        <source>Near-identical image in train and val</source>
        <translation>训练集与验证集含几乎相同的图像</translation>
    </message>
    <message>
        <source>Listed image does not exist</source>
        <translation>列出的图像不存在</translation>
    </message>
    <message>
        <source>Image list cannot be read</source>
        <translation>无法读取图像列表</translation>
    </message>
    <message>
        <source>Image listed twice</source>
        <translation>图像被列出两次</translation>
    </message>
    <message>
        <source>Class never used</source>
        <translation>类别从未使用</translation>
    </message>
    <message>
        <source>Class with very few boxes</source>
        <translation>类别的框极少</translation>
    </message>
    <message>
        <source>Classes strongly imbalanced</source>
        <translation>类别严重不平衡</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>cannot read the image: %1</source>
        <translation>无法读取图像：%1</translation>
    </message>
    <message>
        <source>the file is not an image: %1</source>
        <translation>该文件不是图像：%1</translation>
    </message>
    <message>
        <source>the image file is empty (0 bytes)</source>
        <translation>图像文件为空（0 字节）</translation>
    </message>
    <message>
        <source>the file is a %1 image, which YOLO training does not read; convert it to JPEG or PNG</source>
        <translation>该文件是 %1 图像，YOLO 训练无法读取；请转换为 JPEG 或 PNG</translation>
    </message>
    <message>
        <source>&apos;%1&apos; does not have an image extension (bmp, dng, jpeg, jpg, mpo, png, tif, tiff, webp, pfm) and is skipped</source>
        <translation>“%1”没有图像扩展名（bmp、dng、jpeg、jpg、mpo、png、tif、tiff、webp、pfm），已跳过</translation>
    </message>
    <message>
        <source>the image cannot be decoded: %1</source>
        <translation>图像无法解码：%1</translation>
    </message>
    <message>
        <source>broken image header: %1</source>
        <translation>图像文件头已损坏：%1</translation>
    </message>
    <message>
        <source>the file is truncated (%1); restore it from the original, the studio never rewrites it</source>
        <translation>文件不完整（%1）；请从原始文件恢复，工作室从不改写它</translation>
    </message>
    <message>
        <source>the image decodes, but the decoder reports: %1</source>
        <translation>图像可以解码，但解码器报告：%1</translation>
    </message>
    <message>
        <source>image is %1x%2 px; at least 10 px on each side are needed</source>
        <translation>图像为 %1x%2 像素；每边至少需要 10 像素</translation>
    </message>
    <message>
        <source>the extension does not match the content, which is %1; rename the file</source>
        <translation>扩展名与内容不符，实际内容为 %1；请重命名该文件</translation>
    </message>
    <message>
        <source>no label file: the image is used as a background</source>
        <translation>没有标签文件：该图像作为背景使用</translation>
    </message>
    <message>
        <source>empty label file: the image is used as a background</source>
        <translation>标签文件为空：该图像作为背景使用</translation>
    </message>
    <message>
        <source>row has %1 values; expected 5 (class cx cy w h) or a polygon (class x1 y1 x2 y2 x3 y3 ...)</source>
        <translation>该行有 %1 个值；应为 5 个（class cx cy w h）或多边形（class x1 y1 x2 y2 x3 y3 ...）</translation>
    </message>
    <message>
        <source>value %1 (&apos;%2&apos;) is not a number</source>
        <translation>第 %1 个值（“%2”）不是数字</translation>
    </message>
    <message>
        <source>row contains NaN or infinity</source>
        <translation>该行包含 NaN 或无穷大</translation>
    </message>
    <message>
        <source>class id %1 is negative</source>
        <translation>类别 ID %1 为负数</translation>
    </message>
    <message>
        <source>class id %1 is not a whole number</source>
        <translation>类别 ID %1 不是整数</translation>
    </message>
    <message>
        <source>class id %1 is out of range: data.yaml has %2 classes (ids 0..%3)</source>
        <translation>类别 ID %1 超出范围：data.yaml 有 %2 个类别（ID 0..%3）</translation>
    </message>
    <message>
        <source>coordinates outside the image: %1 (normalised coordinates must lie in 0..1, 1% tolerance)</source>
        <translation>坐标超出图像：%1（归一化坐标须在 0..1 之内，容差 1%）</translation>
    </message>
    <message>
        <source>polygon point %1 = (%2, %3) lies outside the image (normalised coordinates must lie in 0..1, 1% tolerance)</source>
        <translation>多边形第 %1 个点 = (%2, %3) 位于图像之外（归一化坐标须在 0..1 之内，容差 1%）</translation>
    </message>
    <message>
        <source>box has width %1 and height %2; both must be above 0</source>
        <translation>框的宽为 %1、高为 %2；两者都必须大于 0</translation>
    </message>
    <message>
        <source>polygon encloses no area (its bounding box is empty)</source>
        <translation>多边形不围成任何面积（其外接框为空）</translation>
    </message>
    <message>
        <source>row repeats line %1 exactly (the copy is ignored)</source>
        <translation>该行与第 %1 行完全相同（副本被忽略）</translation>
    </message>
    <message>
        <source>file mixes %1 box rows with %2 polygon rows; use one format per dataset (polygons are reduced to boxes)</source>
        <translation>文件混用了 %1 行框和 %2 行多边形；每个数据集请只用一种格式（多边形会被转换为框）</translation>
    </message>
    <message>
        <source>%1 more problems in this file are not listed</source>
        <translation>此文件中还有 %1 个问题未列出</translation>
    </message>
    <message>
        <source>label file has no image (expected an image named %1.* in %2); delete it or restore the image</source>
        <translation>标签文件没有对应图像（应在 %2 中有名为 %1.* 的图像）；请删除它或恢复图像</translation>
    </message>
    <message>
        <source>box overlaps the box of line %1 of the same class with IoU %2; delete one of them</source>
        <translation>该框与第 %1 行的同类别框重叠，IoU 为 %2；请删除其中一个</translation>
    </message>
    <message>
        <source>box is %1x%2 px at imgsz %3 (under %4 px: too small to learn); raise imgsz or drop the box</source>
        <translation>在 imgsz %3 下该框为 %1x%2 像素（小于 %4 像素：太小无法学习）；请提高 imgsz 或删除该框</translation>
    </message>
    <message>
        <source>unusual box for class &apos;%1&apos;: its area is %2x larger than the class median (%5 boxes of the class); check the class id and the box</source>
        <translation>类别“%1”的异常框：面积是类别中位数的 %2 倍（该类别共 %5 个框）；请检查类别 ID 和框</translation>
    </message>
    <message>
        <source>unusual box for class &apos;%1&apos;: its area is %2x smaller than the class median (%5 boxes of the class); check the class id and the box</source>
        <translation>类别“%1”的异常框：面积只有类别中位数的 1/%2（该类别共 %5 个框）；请检查类别 ID 和框</translation>
    </message>
    <message>
        <source>unusual box for class &apos;%1&apos;: its aspect ratio (w/h %3) is far from the class median (%4) (%5 boxes of the class); check the class id and the box</source>
        <translation>类别“%1”的异常框：宽高比（w/h %3）远离类别中位数（%4）（该类别共 %5 个框）；请检查类别 ID 和框</translation>
    </message>
    <message>
        <source>unusual box for class &apos;%1&apos;: its area is %2x larger than the class median, and its aspect ratio (w/h %3) is far from the class median (%4) (%5 boxes of the class); check the class id and the box</source>
        <translation>类别“%1”的异常框：面积是类别中位数的 %2 倍，且宽高比（w/h %3）远离类别中位数（%4）（该类别共 %5 个框）；请检查类别 ID 和框</translation>
    </message>
    <message>
        <source>unusual box for class &apos;%1&apos;: its area is %2x smaller than the class median, and its aspect ratio (w/h %3) is far from the class median (%4) (%5 boxes of the class); check the class id and the box</source>
        <translation>类别“%1”的异常框：面积只有类别中位数的 1/%2，且宽高比（w/h %3）远离类别中位数（%4）（该类别共 %5 个框）；请检查类别 ID 和框</translation>
    </message>
    <message>
        <source>image has %1 boxes (dataset mean %2); such images set the assigner&apos;s peak memory</source>
        <translation>该图像有 %1 个框（数据集平均 %2 个）；这类图像决定分配器的峰值内存</translation>
    </message>
    <message>
        <source>image is a byte-identical copy of %1 (%2); keep one of them</source>
        <translation>该图像与 %1（%2）逐字节相同；请只保留一个</translation>
    </message>
    <message>
        <source>image looks like a re-encoded or resized copy of %1 (perceptual hash distance %2 of 64); keep one of them</source>
        <translation>该图像看起来是 %1 重新编码或缩放后的副本（感知哈希距离 %2/64）；请只保留一个</translation>
    </message>
    <message>
        <source>image is a byte-identical copy of %1: the same image is in %2 and %3; remove one copy so validation measures unseen images</source>
        <translation>该图像与 %1 逐字节相同：同一图像同时在 %2 和 %3 中；请删除一份，让验证只衡量未见过的图像</translation>
    </message>
    <message>
        <source>the same file is in %1 and %2; remove it from one split</source>
        <translation>同一文件同时在 %1 和 %2 中；请从其中一个划分中移除</translation>
    </message>
    <message>
        <source>image looks like a re-encoded or resized copy of %1 (perceptual hash distance %2 of 64), so it is in %3 and %4; remove one copy so validation measures unseen images</source>
        <translation>该图像看起来是 %1 重新编码或缩放后的副本（感知哈希距离 %2/64），因此同时在 %3 和 %4 中；请删除一份，让验证只衡量未见过的图像</translation>
    </message>
    <message>
        <source>%1 has no images: no file with an image extension was found in %2; check the path in data.yaml</source>
        <translation>%1 没有图像：在 %2 中未找到带图像扩展名的文件；请检查 data.yaml 中的路径</translation>
    </message>
    <message>
        <source>listed image does not exist: %1; fix the list or restore the file</source>
        <translation>列出的图像不存在：%1；请修正列表或恢复该文件</translation>
    </message>
    <message>
        <source>cannot read this image list</source>
        <translation>无法读取此图像列表</translation>
    </message>
    <message>
        <source>image %1 is listed more than once in %2 (the copy is ignored)</source>
        <translation>图像 %1 在 %2 中被列出多次（副本被忽略）</translation>
    </message>
    <message>
        <source>class %1 &apos;%2&apos; has no boxes in train; the model cannot learn it</source>
        <translation>类别 %1“%2”在 train 中没有框；模型无法学习它</translation>
    </message>
    <message>
        <source>class %1 &apos;%2&apos; has no boxes in train (only in val/test); the model cannot learn it</source>
        <translation>类别 %1“%2”在 train 中没有框（只在 val/test 中有）；模型无法学习它</translation>
    </message>
    <message>
        <source>class %1 &apos;%2&apos; has only %3 boxes in train (fewer than %4); label more examples</source>
        <translation>类别 %1“%2”在 train 中只有 %3 个框（少于 %4 个）；请标注更多样本</translation>
    </message>
    <message>
        <source>class %1 &apos;%2&apos; has only %3 box in train (fewer than %4); label more examples</source>
        <translation>类别 %1“%2”在 train 中只有 %3 个框（少于 %4 个）；请标注更多样本</translation>
    </message>
    <message>
        <source>classes are imbalanced: &apos;%1&apos; has %2 boxes in train, &apos;%3&apos; %4 (ratio %5, above %6)</source>
        <translation>类别不平衡：“%1”在 train 中有 %2 个框，“%3”只有 %4 个（比例 %5，高于 %6）</translation>
    </message>
    <message>
        <source>left edge</source>
        <translation>左边缘</translation>
    </message>
    <message>
        <source>right edge</source>
        <translation>右边缘</translation>
    </message>
    <message>
        <source>top edge</source>
        <translation>上边缘</translation>
    </message>
    <message>
        <source>bottom edge</source>
        <translation>下边缘</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>ys::ui::FindingsModel</name>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
</context>
<context>
    <name>ys::ui::FindingsView</name>
    <message>
        <source>%1 Errors</source>
        <translation>%1 个错误</translation>
    </message>
    <message>
        <source>%1 Warnings</source>
        <translation>%1 个警告</translation>
    </message>
    <message>
        <source>%1 Info</source>
        <translation>%1 条提示</translation>
    </message>
    <message>
        <source>%1 of %2 shown</source>
        <translation>显示 %1 / %2 条</translation>
    </message>
    <message>
        <source>Filter by problem, code, file or message</source>
        <translation>按问题、代码、文件或说明筛选</translation>
    </message>
    <message numerus="yes">
        <source>%Ln finding(s)</source>
        <translation>
            <numerusform>%Ln 条结果</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::ui::FitDialog</name>
    <message>
        <source>Fit to my GPU: batch %1 (%2 × %3) at %4 px</source>
        <translation>适配我的 GPU：批大小 %1（%2 × %3），%4 像素</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source> images</source>
        <translation> 张</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>%1 (%2 total, %3 free)</source>
        <translation>%1（共 %2，可用 %3）</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>&amp;Apply to setup</source>
        <translation>应用到训练设置(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Precision (amp):</source>
        <translation>精度（amp）(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Train on:</source>
        <translation>训练设备(&amp;T)：</translation>
    </message>
    <message>
        <source>&lt;b&gt;Largest batch by model scale, image size and precision&lt;/b&gt;</source>
        <translation>&lt;b&gt;各模型规模、图像尺寸和精度下的最大批大小&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Memory at the peak&lt;/b&gt;</source>
        <translation>&lt;b&gt;峰值时的显存&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why&lt;/b&gt;</source>
        <translation>&lt;b&gt;原因&lt;/b&gt;</translation>
    </message>
    <message>
        <source>= %1</source>
        <translation>= %1</translation>
    </message>
    <message>
        <source>= %1 (%2% of %3)</source>
        <translation>= %1（%3 的 %2%）</translation>
    </message>
    <message>
        <source>A size (8GiB, 6000MB) or a fraction of the card&apos;s memory (0.8 or 80%). Empty: all of it.</source>
        <translation>大小（8GiB、6000MB）或显卡显存的比例（0.8 或 80%）。留空：全部显存。</translation>
    </message>
    <message>
        <source>Accumulation:</source>
        <translation>梯度累积：</translation>
    </message>
    <message>
        <source>All of it: %1</source>
        <translation>全部：%1</translation>
    </message>
    <message>
        <source>All of the device&apos;s memory</source>
        <translation>设备的全部显存</translation>
    </message>
    <message>
        <source>Cancelled. The last result, if any, is still shown.</source>
        <translation>已取消。上一次的结果（如有）仍会显示。</translation>
    </message>
    <message>
        <source>Cancelling after the current step…</source>
        <translation>当前步骤结束后取消…</translation>
    </message>
    <message>
        <source>Certainty:</source>
        <translation>可信度：</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Custom GPU…</source>
        <translation>自定义 GPU…</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>求解：</translation>
    </message>
    <message>
        <source>Fit to my GPU</source>
        <translation>适配我的 GPU</translation>
    </message>
    <message>
        <source>Fit to my GPU: batch %1 at %2 px</source>
        <translation>适配我的 GPU：批大小 %1，%2 像素</translation>
    </message>
    <message>
        <source>Fitting &lt;b&gt;%1&lt;/b&gt; on &lt;b&gt;%2&lt;/b&gt; · device %3 · %4 loader workers · nominal batch %5 · optimizer %6</source>
        <translation>正在适配 &lt;b&gt;%1&lt;/b&gt;（数据集 &lt;b&gt;%2&lt;/b&gt;）· 设备 %3 · %4 个数据加载线程 · 名义批大小 %5 · 优化器 %6</translation>
    </message>
    <message>
        <source>Margin:</source>
        <translation>余量：</translation>
    </message>
    <message>
        <source>Measure real training steps and validation batches on this device (Enter)</source>
        <translation>在此设备上实测真实的训练步和验证批次（Enter）</translation>
    </message>
    <message>
        <source>Measured %1 probe steps in %2 s.</source>
        <translation>%2 秒内实测了 %1 个探测步。</translation>
    </message>
    <message>
        <source>Measured on this device.</source>
        <translation>在此设备上实测。</translation>
    </message>
    <message>
        <source>Memory &amp;budget:</source>
        <translation>显存预算(&amp;B)：</translation>
    </message>
    <message>
        <source>Not a size or a fraction: type e.g. 8GiB, 6000MB or 0.8.</source>
        <translation>不是大小或比例：请输入例如 8GiB、6000MB 或 0.8。</translation>
    </message>
    <message>
        <source>Plan for a GPU this machine does not have: the fit measures here and predicts for that card.</source>
        <translation>为本机没有的 GPU 做规划：在本机实测，并为该显卡做预测。</translation>
    </message>
    <message>
        <source>Planning for a card this machine does not have: the fit measures here and predicts for the card. The result says how certain that is.</source>
        <translation>正在为本机没有的显卡做规划：在本机实测，并为该显卡做预测。结果会说明其可信程度。</translation>
    </message>
    <message>
        <source>Press Run: the fit trains a few real steps of this setup on its most crowded images and validates a batch, then predicts the memory of every batch size.</source>
        <translation>点击“运行”：用当前设置在目标最多的图像上真实训练几步并验证一个批次，然后预测每种批大小所需的显存。</translation>
    </message>
    <message>
        <source>Stop measuring (Esc)</source>
        <translation>停止实测（Esc）</translation>
    </message>
    <message>
        <source>The fit failed.</source>
        <translation>适配失败。</translation>
    </message>
    <message>
        <source>The fit failed: %1.</source>
        <translation>适配失败：%1。</translation>
    </message>
    <message>
        <source>%1. Choose the CPU to fit for this computer&apos;s memory, or a card to plan for.</source>
        <translation>%1。请选择 CPU 以按本机内存适配，或选择一块显卡做规划。</translation>
    </message>
    <message>
        <source>Measured on this computer&apos;s CPU; Apply also sets the device to the CPU.</source>
        <translation>在本机 CPU 上实测；应用时也会把设备设为 CPU。</translation>
    </message>
    <message>
        <source>This computer&apos;s CPU (%1)</source>
        <translation>本机 CPU（%1）</translation>
    </message>
    <message>
        <source>This computer&apos;s CPU</source>
        <translation>本机 CPU</translation>
    </message>
    <message>
        <source>This device (%1)</source>
        <translation>此设备（%1）</translation>
    </message>
    <message>
        <source>Total memory of the card, as the driver reports it</source>
        <translation>驱动报告的显卡总显存</translation>
    </message>
    <message>
        <source>What to fit</source>
        <translation>适配目标</translation>
    </message>
    <message>
        <source>Write batch, image size and precision into the training setup (undo with Ctrl+Z)</source>
        <translation>将批大小、图像尺寸和精度写入训练设置（可用 Ctrl+Z 撤销）</translation>
    </message>
    <message>
        <source>a fraction of the device&apos;s memory</source>
        <translation>设备显存的比例</translation>
    </message>
    <message>
        <source>all of it; or 8GiB, 6000MB, 0.8</source>
        <translation>全部；或 8GiB、6000MB、0.8</translation>
    </message>
    <message>
        <source>auto: fp16 on a GPU, bf16 on CPUs that have it; off: fp32</source>
        <translation>auto：GPU 上用 fp16，支持的 CPU 上用 bf16；off：fp32</translation>
    </message>
    <message>
        <source>synthetic images (no dataset)</source>
        <translation>合成图像（无数据集）</translation>
    </message>
    <message>
        <source>the largest &amp;batch at image size</source>
        <translation>给定图像尺寸下的最大批大小(&amp;B)</translation>
    </message>
    <message>
        <source>the largest &amp;image size for batch</source>
        <translation>给定批大小下的最大图像尺寸(&amp;I)</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>构成</translation>
    </message>
    <message>
        <source>By layer</source>
        <translation>按层</translation>
    </message>
    <message>
        <source>Activation memory each layer keeps for the backward pass at the probed batch and image size (fp32), largest first; ★ marks the layers checkpointing would help (checkpoint = [layers])</source>
        <translation>在探测的批大小和图像尺寸下（fp32）每层为反向传播保留的激活内存，从大到小排列；★ 标出检查点能起作用的层（checkpoint = [层]）</translation>
    </message>
    <message>
        <source>Fit to my GPU: batch %1 at %2 px with %3 checkpointing</source>
        <translation>适配我的 GPU：批大小 %1，%2 像素，使用 %3 检查点</translation>
    </message>
    <message>
        <source>none (as recommended above)</source>
        <translation>不使用（按上面的推荐）</translation>
    </message>
    <message>
        <source>%1 px</source>
        <translation>%1 像素</translation>
    </message>
    <message>
        <source>no image size fits</source>
        <translation>放不下任何图像尺寸</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <source>no batch fits</source>
        <translation>放不下任何批大小</translation>
    </message>
    <message>
        <source>%1: %2 (−%3% activation memory, %4% step time)</source>
        <translation>%1：%2（激活内存 −%3%，单步时间 %4%）</translation>
    </message>
    <message>
        <source>C&amp;heckpointing:</source>
        <translation>检查点(&amp;H)：</translation>
    </message>
    <message>
        <source>Activation checkpointing recomputes the chosen blocks&apos; activations in the backward pass instead of keeping them: a larger batch or image size fits, each step is slower. The one chosen here is applied with the rest (checkpoint=).</source>
        <translation>激活检查点在反向传播时重新计算所选模块的激活，而不是保留它们：能放下更大的批大小或图像尺寸，但每步更慢。此处选中的方案会与其余设置一起应用（checkpoint=）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stages, each fitted at its image size&lt;/b&gt;</source>
        <translation>&lt;b&gt;各阶段（按各自的图像尺寸适配）&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>ys::ui::FitTableModel</name>
    <message>
        <source>%1 px</source>
        <translation>%1 像素</translation>
    </message>
    <message>
        <source>Basis</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Estimated from this model&apos;s measurements by parameter count and activation size</source>
        <translation>根据此模型的实测值，按参数量和激活大小估算</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <source>Largest batch</source>
        <translation>最大批大小</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>规模</translation>
    </message>
    <message>
        <source>The recommended configuration</source>
        <translation>推荐的配置</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>The largest batch under the budget with every block checkpointed (checkpoint=all): the blocks&apos; activations are recomputed in the backward pass instead of kept, so less memory, slower steps. — when not even batch 1 fits.</source>
        <translation>对所有模块使用检查点（checkpoint=all）时预算内的最大批大小：模块的激活在反向传播时重新计算而不是保留，因此占用更少显存、每步更慢。连批大小 1 都放不下时显示 —。</translation>
    </message>
    <message>
        <source>Checkpointed</source>
        <translation>使用检查点</translation>
    </message>
</context>
<context>
    <name>ys::ui::FitText</name>
    <message>
        <source>Fitted per device: %1 images per device × %2 processes = %3 images per step (the run&apos;s batch is %3).</source>
        <translation>按单个设备适配：每个设备 %1 张图像 × %2 个进程 = 每步 %3 张图像（训练的批大小为 %3）。</translation>
    </message>
    <message>
        <source>The %1 processes on this computer&apos;s CPU share its memory: each is fitted to %2, its share of %3.</source>
        <translation>这台计算机 CPU 上的 %1 个进程共用它的内存：每个进程按 %3 中属于它的一份 %2 适配。</translation>
    </message>
    <message>
        <source>The training set caps the batch: %1 images per step for %2 training images (memory would allow more).</source>
        <translation>训练集限制了批大小：%2 张训练图像，每步 %1 张图像（内存还容得下更多）。</translation>
    </message>
    <message>
        <source>%1 × %2 = %3 images per step over %2 processes; accumulates gradients over %4 steps (nominal batch %5): each optimizer step sees about %6 images.</source>
        <translation>%2 个进程每步 %1 × %2 = %3 张图像；在 %4 步上累积梯度（名义批大小 %5）：优化器每步约处理 %6 张图像。</translation>
    </message>
    <message>
        <source>%1 × %2 = %3 images per step over %2 processes; no accumulation (nominal batch %4 ÷ %3 rounds to 1 or less).</source>
        <translation>%2 个进程每步 %1 × %2 = %3 张图像；不累积梯度（名义批大小 %4 ÷ %3 取整为 1 或更小）。</translation>
    </message>
    <message>
        <source>%1 image(s) left out, as training leaves them out (unreadable, corrupt, truncated or under 10 px).</source>
        <translation>略过了 %1 张图像，与训练时一样（无法读取、损坏、截断或小于 10 像素）。</translation>
    </message>
    <message>
        <source>The %1 batches the data loader keeps ready wait in the computer&apos;s memory, outside the GPU budget.</source>
        <translation>数据加载器保持就绪的 %1 个批次存放在计算机内存中，不计入 GPU 预算。</translation>
    </message>
    <message>
        <source>The data loader keeps %1 batches ready (%2 loader workers beside %3 model threads); they count in CPU memory.</source>
        <translation>数据加载器保持 %1 个批次就绪（%2 个数据加载线程，另有 %3 个模型线程），计入 CPU 内存。</translation>
    </message>
    <message>
        <source>optimizer = auto picks %1 from batch %2 on (10000 optimizer steps or fewer); its extra state is counted there.</source>
        <translation>optimizer = auto 从批大小 %2 起选择 %1（优化器更新不超过 10000 步）；其额外状态已计入。</translation>
    </message>
    <message>
        <source>workers = %1 becomes 0 here: the %2 model threads use all %3 cores, so each batch is built between steps and none waits in memory.</source>
        <translation>这里 workers = %1 变为 0：%2 个模型线程占用了全部 %3 个核心，因此每个批次在两步之间构建，不会有批次在内存中等待。</translation>
    </message>
    <message>
        <source> on the %1</source>
        <translation>（在 %1 上）</translation>
    </message>
    <message>
        <source>%1 (%2%) of the budget stays free; %3.</source>
        <translation>预算中有 %1（%2%）保持空闲；%3。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 is predicted, not measured: half of the measured fp32 activations plus a 16-bit copy of the weights.</source>
        <translation>%1 为预测值而非实测值：实测 fp32 激活的一半，加上权重的 16 位副本。</translation>
    </message>
    <message>
        <source>%1: %2 of %3…</source>
        <translation>%1：%2 / %3…</translation>
    </message>
    <message>
        <source>AMP</source>
        <translation>AMP</translation>
    </message>
    <message>
        <source>Accumulates gradients over %1 batches (nominal batch %2 ÷ batch %3): each optimizer step sees about %4 images.</source>
        <translation>在 %1 个批次上累积梯度（名义批大小 %2 ÷ 批大小 %3）：优化器每步约处理 %4 张图像。</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Allocator overhead</source>
        <translation>分配器开销</translation>
    </message>
    <message>
        <source>Batch %1 at %2 px with %3 needs about %4 of your %5 budget%6; %7% stays free.</source>
        <translation>批大小 %1、%2 像素、%3 约需 %4，预算为 %5%6；%7% 保持空闲。</translation>
    </message>
    <message>
        <source>Batch %1 fits up to %2 px with %3: it needs about %4 of your %5 budget%6; %7% stays free.</source>
        <translation>批大小 %1 在 %3 下最大可到 %2 像素：约需 %4，预算为 %5%6；%7% 保持空闲。</translation>
    </message>
    <message>
        <source>Batches the data loader prepares ahead (CPU memory).</source>
        <translation>数据加载器预先准备的批次（占用 CPU 内存）。</translation>
    </message>
    <message>
        <source>Budget %1</source>
        <translation>预算 %1</translation>
    </message>
    <message>
        <source>Budget − %1% margin</source>
        <translation>预算 − %1% 余量</translation>
    </message>
    <message>
        <source>CUDA context + workspace</source>
        <translation>CUDA 上下文 + 工作区</translation>
    </message>
    <message>
        <source>Does not fit: batch %1 needs about %2 even at the smallest image size (%3 px), more than your %4 budget%5 allows with its margin. Lower the batch, choose a smaller model or raise the budget.</source>
        <translation>放不下：即使在最小图像尺寸（%3 像素）下，批大小 %1 也约需 %2，超过了 %4 预算%5 扣除余量后的可用量。请减小批大小、选择更小的模型或提高预算。</translation>
    </message>
    <message>
        <source>Does not fit: even batch 1 at %1 px needs about %2, more than your %3 budget%4 allows with its margin. Lower the image size, choose a smaller model or raise the budget.</source>
        <translation>放不下：即使批大小为 1，%1 像素下也约需 %2，超过了 %3 预算%4 扣除余量后的可用量。请减小图像尺寸、选择更小的模型或提高预算。</translation>
    </message>
    <message>
        <source>EMA copy</source>
        <translation>EMA 副本</translation>
    </message>
    <message>
        <source>Even batch 1 does not fit the budget at this image size: lower the image size or raise the budget.</source>
        <translation>在此图像尺寸下，即使批大小为 1 也超出预算：请减小图像尺寸或提高预算。</translation>
    </message>
    <message>
        <source>Fitting the memory model…</source>
        <translation>正在拟合显存模型…</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Includes the %1 optimizer&apos;s state, the EMA copy of the model and validation at twice the batch.</source>
        <translation>包括 %1 优化器的状态、模型的 EMA 副本，以及两倍批大小的验证。</translation>
    </message>
    <message>
        <source>Loader queue</source>
        <translation>加载队列</translation>
    </message>
    <message>
        <source>Loss + assigner</source>
        <translation>损失 + 分配器</translation>
    </message>
    <message>
        <source>Measured on %1; the memory the allocator reserves is estimated as %2 × the measured peak (%3).</source>
        <translation>在 %1 上实测；分配器保留的显存按实测峰值的 %2 倍估算（%3）。</translation>
    </message>
    <message>
        <source>Measured on this CPU: every tensor the training step allocates is counted (%1).</source>
        <translation>在此 CPU 上实测：训练步分配的每个张量都计入（%1）。</translation>
    </message>
    <message>
        <source>Measured on this GPU; reserved memory estimated as %1 × the peak allocated.</source>
        <translation>在此 GPU 上实测；保留显存按分配峰值的 %1 倍估算。</translation>
    </message>
    <message>
        <source>Measured: tensor memory tracked on this CPU.</source>
        <translation>实测：在此 CPU 上跟踪的张量内存。</translation>
    </message>
    <message>
        <source>Measuring probe step %1 of %2 on the %3…</source>
        <translation>正在 %3 上实测探测步 %1 / %2…</translation>
    </message>
    <message>
        <source>No accumulation: every batch is one optimizer step (nominal batch %1 ÷ batch %2 rounds to 1 or less).</source>
        <translation>不累积：每个批次即一次优化器更新（名义批大小 %1 ÷ 批大小 %2 取整后不大于 1）。</translation>
    </message>
    <message>
        <source>No dataset given: probed on synthetic images with %1 boxes each.</source>
        <translation>未提供数据集：在每张含 %1 个框的合成图像上探测。</translation>
    </message>
    <message>
        <source>One gradient per parameter.</source>
        <translation>每个参数一个梯度。</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Other tensors</source>
        <translation>其他张量</translation>
    </message>
    <message>
        <source>Parameters and buffers of the model (and their 16-bit copy under fp16).</source>
        <translation>模型的参数和缓冲区（fp16 下还有其 16 位副本）。</translation>
    </message>
    <message>
        <source>Planned for the %1 from measurements on %2: CUDA context, workspaces and allocator rounding are estimates (%3). Measure on the card itself for a measured answer.</source>
        <translation>根据在 %2 上的实测为 %1 做的规划：CUDA 上下文、工作区和分配器取整均为估算（%3）。要得到实测结果，请在该显卡上实测。</translation>
    </message>
    <message>
        <source>Planned: predicted for a GPU from measurements on this CPU, with estimated CUDA context, workspace and allocator rounding.</source>
        <translation>规划：根据此 CPU 上的实测为 GPU 做预测，CUDA 上下文、工作区和分配器取整均为估算。</translation>
    </message>
    <message>
        <source>Probed on the %1 most crowded training images (with mosaic); the most boxes in one image of the dataset is %2, and the assigner&apos;s memory grows with it.</source>
        <translation>在目标最多的 %1 张训练图像上探测（含 Mosaic）；数据集中单张图像最多有 %2 个框，分配器的显存随之增长。</translation>
    </message>
    <message>
        <source>Reading the dataset and building the model…</source>
        <translation>正在读取数据集并构建模型…</translation>
    </message>
    <message>
        <source>Rounding and fragmentation of the caching allocator.</source>
        <translation>缓存分配器的取整和碎片。</translation>
    </message>
    <message>
        <source>Run the fit on the card itself (device 0) for a measured recommendation.</source>
        <translation>在该显卡本身（设备 0）上运行适配，以获得实测的推荐。</translation>
    </message>
    <message>
        <source>Tensors at the peak beyond the named parts (temporaries, the process&apos;s own).</source>
        <translation>峰值时上述各项以外的张量（临时张量、进程自身的张量）。</translation>
    </message>
    <message>
        <source>The CUDA context and the cuDNN/cuBLAS workspaces are assumed to take %1 (lazy module loading).</source>
        <translation>假定 CUDA 上下文和 cuDNN/cuBLAS 工作区占用 %1（延迟加载模块）。</translation>
    </message>
    <message>
        <source>The CUDA context and the cuDNN/cuBLAS workspaces, outside the allocator.</source>
        <translation>CUDA 上下文和 cuDNN/cuBLAS 工作区，不经过分配器。</translation>
    </message>
    <message>
        <source>The allocator is assumed to reserve %1 × the peak it hands out (1.03 with fixed shapes, up to 1.3 when shapes change).</source>
        <translation>假定分配器保留其分配峰值的 %1 倍（形状固定时为 1.03，形状变化时最多 1.3）。</translation>
    </message>
    <message>
        <source>The batch cannot be fitted.</source>
        <translation>无法适配批大小。</translation>
    </message>
    <message>
        <source>The budget covers the tensors the training allocates; decoded images in the data loader and the program itself come on top.</source>
        <translation>预算只涵盖训练分配的张量；数据加载器中解码的图像和程序本身另计。</translation>
    </message>
    <message>
        <source>The dataset could not be read.</source>
        <translation>无法读取数据集。</translation>
    </message>
    <message>
        <source>The device is not available on this machine.</source>
        <translation>本机上没有此设备。</translation>
    </message>
    <message>
        <source>The device ran out of memory while measuring. Free memory on it or lower the image size.</source>
        <translation>实测时设备显存不足。请释放显存或减小图像尺寸。</translation>
    </message>
    <message>
        <source>The exponential moving average of the weights that validation and best.pt use.</source>
        <translation>验证和 best.pt 使用的权重指数移动平均（EMA）。</translation>
    </message>
    <message>
        <source>The fit failed.</source>
        <translation>适配失败。</translation>
    </message>
    <message>
        <source>%1 is not available here: %2</source>
        <translation>%1 在本机不可用：%2</translation>
    </message>
    <message numerus="yes">
        <source>there is no %1 here: the NVIDIA driver sees %n GPU(s)</source>
        <translation>
            <numerusform>本机没有 %1：NVIDIA 驱动只看到 %n 块 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>The fit was cancelled.</source>
        <translation>适配已取消。</translation>
    </message>
    <message>
        <source>The image size cannot be fitted.</source>
        <translation>无法适配图像尺寸。</translation>
    </message>
    <message>
        <source>The loss and the task-aligned assigner; grows with the most crowded image.</source>
        <translation>损失和任务对齐分配器；随目标最多的图像增长。</translation>
    </message>
    <message>
        <source>The measurements did not determine a memory model.</source>
        <translation>实测数据不足以确定显存模型。</translation>
    </message>
    <message>
        <source>The memory budget is not a size or a fraction.</source>
        <translation>显存预算不是大小或比例。</translation>
    </message>
    <message>
        <source>The model has no other scales, so the table lists only this model.</source>
        <translation>此模型没有其他规模，表中只列出此模型。</translation>
    </message>
    <message>
        <source>The optimizer is not known.</source>
        <translation>未知的优化器。</translation>
    </message>
    <message>
        <source>The prediction is %1 over the budget (%2).</source>
        <translation>预测值超出预算 %1（%2）。</translation>
    </message>
    <message>
        <source>The target GPU is not known.</source>
        <translation>未知的目标 GPU。</translation>
    </message>
    <message>
        <source>This precision cannot run on the device.</source>
        <translation>此设备不支持该精度。</translation>
    </message>
    <message>
        <source>Training step (batch %1)</source>
        <translation>训练步（批大小 %1）</translation>
    </message>
    <message>
        <source>Validation (batch %1)</source>
        <translation>验证（批大小 %1）</translation>
    </message>
    <message>
        <source>Validation batch</source>
        <translation>验证批次</translation>
    </message>
    <message>
        <source>Validation runs at twice the batch in its own phase: it must fit too, but does not add to the training step.</source>
        <translation>验证在单独的阶段以两倍批大小运行：它也必须放得下，但不叠加到训练步上。</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>What the forward pass keeps for the backward pass; grows with batch × image size².</source>
        <translation>前向传播为反向传播保留的数据；随 批大小 × 图像尺寸² 增长。</translation>
    </message>
    <message>
        <source>bf16 mixed precision</source>
        <translation>bf16 混合精度</translation>
    </message>
    <message>
        <source>fp16 mixed precision</source>
        <translation>fp16 混合精度</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <source>full precision (fp32)</source>
        <translation>全精度（fp32）</translation>
    </message>
    <message>
        <source>the fit keeps at least %1% of the budget free</source>
        <translation>适配至少保留 %1% 的预算空闲</translation>
    </message>
    <message>
        <source>within about %1%</source>
        <translation>误差约 %1% 以内</translation>
    </message>
    <message>
        <source>A file the fit needs could not be read.</source>
        <translation>无法读取适配所需的文件。</translation>
    </message>
    <message>
        <source>A file or folder could not be read or written.</source>
        <translation>无法读取或写入文件或文件夹。</translation>
    </message>
    <message>
        <source>A setting of the fit cannot be used.</source>
        <translation>适配的某项设置无法使用。</translation>
    </message>
    <message>
        <source>Not even the smallest batch fits the memory budget.</source>
        <translation>即使最小的批次也超出显存预算。</translation>
    </message>
    <message>
        <source>%1 (layer %2) keeps the most activation memory: %3% of %4 at batch %5 and image size %6.</source>
        <translation>%1（第 %2 层）保留的激活内存最多：在批大小 %5、图像尺寸 %6 时占 %4 中的 %3%。</translation>
    </message>
    <message>
        <source>Batch %1 fits with %2 checkpointing: −%3% activation memory, %4% step time (measured).</source>
        <translation>使用 %2 检查点时批大小 %1 可以放下：激活内存 −%3%，单步时间 %4%（实测）。</translation>
    </message>
    <message>
        <source>Image size %1 fits batch %2 with %3 checkpointing: −%4% activation memory, %5% step time (measured).</source>
        <translation>使用 %3 检查点时，批大小 %2 可以用图像尺寸 %1：激活内存 −%4%，单步时间 %5%（实测）。</translation>
    </message>
    <message>
        <source>checkpoint = auto recomputes layers %1 so that batch %2 fits.</source>
        <translation>checkpoint = auto 重新计算第 %1 层，使批大小 %2 可以放下。</translation>
    </message>
    <message>
        <source>checkpoint = auto recomputes layers %1 so that image size %2 fits.</source>
        <translation>checkpoint = auto 重新计算第 %1 层，使图像尺寸 %2 可以放下。</translation>
    </message>
    <message>
        <source>checkpoint = auto: batch %1 fits without checkpointing.</source>
        <translation>checkpoint = auto：不使用检查点批大小 %1 也能放下。</translation>
    </message>
    <message>
        <source>Batch %1 does not fit even with every block checkpointed (largest: %2).</source>
        <translation>即使对所有模块使用检查点，批大小 %1 也放不下（最大：%2）。</translation>
    </message>
    <message>
        <source>Staged run of %1 stages: probed at the largest stage image size, %2; each stage fitted at its own.</source>
        <translation>%1 个阶段的分阶段运行：在最大的阶段图像尺寸 %2 下探测；每个阶段按各自的尺寸适配。</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>The tensor the layer hands on, kept for the backward pass</source>
        <translation>该层传给下一层的张量，为反向传播保留</translation>
    </message>
    <message>
        <source>Saved inside the layer</source>
        <translation>层内保存</translation>
    </message>
    <message>
        <source>Tensors the layer keeps for its backward pass beyond its output: what checkpointing it frees (recomputed in the backward pass)</source>
        <translation>该层在输出之外为反向传播保留的张量：对该层使用检查点即可释放（在反向传播中重新计算）</translation>
    </message>
    <message>
        <source>Input images</source>
        <translation>输入图像</translation>
    </message>
    <message>
        <source>%1: %2 P%3/%4</source>
        <translation>%1：%2 P%3/%4</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The attention maps of %1 PSA block(s) keep %2 at batch %3 and image size %4 (%5% of the peak); they grow with the square of the tokens: 16× for twice the image size.</source>
        <translation>%1 个 PSA 模块的注意力图在批大小 %3、图像尺寸 %4 时占用 %2（峰值的 %5%）；它随 token 数的平方增长：图像尺寸翻倍则增至 16 倍。</translation>
    </message>
    <message>
        <source>SGD momentum, or AdamW&apos;s two moments, per parameter (MuSGD: two buffers per weight matrix and conv filter, one for the others).</source>
        <translation>每个参数的 SGD 动量，或 AdamW 的两个矩估计（MuSGD：每个权重矩阵和卷积核两个缓冲区，其他参数一个）。</translation>
    </message>
</context>
<context>
    <name>ys::ui::ImageListModel</name>
    <message>
        <source>%1 × %2 px</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message numerus="yes">
        <source>%Ln box(es)</source>
        <translation>
            <numerusform>%Ln 个框</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::ui::ImageViewer</name>
    <message>
        <source>Zoom In</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Fit to Window</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>cx</source>
        <translation>中心 x</translation>
    </message>
    <message>
        <source>cy</source>
        <translation>中心 y</translation>
    </message>
    <message>
        <source>w</source>
        <translation>宽</translation>
    </message>
    <message>
        <source>h</source>
        <translation>高</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Select an image to see it at full size.</source>
        <translation>选择一张图像以查看原始尺寸。</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>This image cannot be decoded.
%1</source>
        <translation>无法解码此图像。
%1</translation>
    </message>
</context>
<context>
    <name>ys::ui::KeptEntriesModel</name>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
</context>
<context>
    <name>ys::ui::LearningRateChart</name>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>pg0 weights</source>
        <translation>pg0 权重</translation>
    </message>
    <message>
        <source>pg1 norm weights</source>
        <translation>pg1 归一化层权重</translation>
    </message>
    <message>
        <source>pg2 biases</source>
        <translation>pg2 偏置</translation>
    </message>
</context>
<context>
    <name>ys::ui::LogModel</name>
    <message>
        <source>Out of memory, recovered: </source>
        <translation>显存不足，已恢复：</translation>
    </message>
</context>
<context>
    <name>ys::ui::LossChart</name>
    <message>
        <source>Losses</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>train box</source>
        <translation>训练 box</translation>
    </message>
    <message>
        <source>train cls</source>
        <translation>训练 cls</translation>
    </message>
    <message>
        <source>train dfl</source>
        <translation>训练 dfl</translation>
    </message>
    <message>
        <source>val box</source>
        <translation>验证 box</translation>
    </message>
    <message>
        <source>val cls</source>
        <translation>验证 cls</translation>
    </message>
    <message>
        <source>val dfl</source>
        <translation>验证 dfl</translation>
    </message>
    <message>
        <source>train l1</source>
        <translation>训练 l1</translation>
    </message>
    <message>
        <source>val l1</source>
        <translation>验证 l1</translation>
    </message>
</context>
<context>
    <name>ys::ui::MainWindow</name>
    <message>
        <source>The data.yaml file could not be read. Fix the line shown below and open it again.</source>
        <translation>无法读取 data.yaml 文件。请修正下方所示的行后重新打开。</translation>
    </message>
    <message>
        <source>The data.yaml file does not describe a usable dataset. Check the keys and paths named below.</source>
        <translation>data.yaml 文件描述的数据集不可用。请检查下方列出的键和路径。</translation>
    </message>
    <message>
        <source>A file or folder could not be read or written. Check that it exists and that you have permission.</source>
        <translation>无法读取或写入文件或文件夹。请确认它存在且您有访问权限。</translation>
    </message>
    <message>
        <source>This is a bug in YOLO Studio. Please report it with the details below.</source>
        <translation>这是 YOLO Studio 的缺陷。请连同下方详细信息一起报告。</translation>
    </message>
    <message>
        <source>YOLO Studio</source>
        <translation>YOLO Studio</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About YOLO Studio</source>
        <translation>关于 YOLO Studio(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>%1 — YOLO Studio</source>
        <translation>%1 — YOLO Studio</translation>
    </message>
    <message>
        <source>About YOLO Studio</source>
        <translation>关于 YOLO Studio</translation>
    </message>
    <message>
        <source>&lt;h3&gt;YOLO Studio %1&lt;/h3&gt;&lt;p&gt;A native desktop studio for YOLO object detectors: open a dataset, check its labels, fit the training run to your GPU, train and report.&lt;/p&gt;&lt;p&gt;Built with Qt %2, LibTorch, OpenCV and QCustomPlot.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;YOLO Studio %1&lt;/h3&gt;&lt;p&gt;用于 YOLO 目标检测器的原生桌面工具：打开数据集、检查标注、让训练适配您的 GPU、训练并生成报告。&lt;/p&gt;&lt;p&gt;基于 Qt %2、LibTorch、OpenCV 和 QCustomPlot 构建。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ys::ui::MemoryChart</name>
    <message>
        <source>Memory · %1</source>
        <translation>显存 · %1</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>OOM</source>
        <translation>OOM</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>budget %1</source>
        <translation>预算 %1</translation>
    </message>
    <message>
        <source>checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>predicted peak %1</source>
        <translation>预测峰值 %1</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>已保留</translation>
    </message>
    <message>
        <source>time since start</source>
        <translation>开始后的时间</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>验证</translation>
    </message>
</context>
<context>
    <name>ys::ui::MetricsChart</name>
    <message>
        <source>Validation metrics</source>
        <translation>验证指标</translation>
    </message>
    <message>
        <source>mAP50</source>
        <translation>mAP50</translation>
    </message>
    <message>
        <source>mAP50-95</source>
        <translation>mAP50-95</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
</context>
<context>
    <name>ys::ui::ModelExporter</name>
    <message>
        <source>Loading the weights…</source>
        <translation>正在加载权重…</translation>
    </message>
    <message>
        <source>Building the ONNX graph…</source>
        <translation>正在构建 ONNX 计算图…</translation>
    </message>
    <message>
        <source>Checking the graph with ONNX&apos;s checker…</source>
        <translation>正在用 ONNX 检查器检查计算图…</translation>
    </message>
    <message>
        <source>Comparing OpenCV&apos;s output with the trained model…</source>
        <translation>正在将 OpenCV 的输出与训练得到的模型比对…</translation>
    </message>
    <message>
        <source>Writing the file…</source>
        <translation>正在写入文件…</translation>
    </message>
    <message>
        <source>The run %1 has no weights to export (weights/best.pt or last.pt).</source>
        <translation>运行 %1 没有可导出的权重（weights/best.pt 或 last.pt）。</translation>
    </message>
    <message>
        <source>Export model</source>
        <translation>导出模型</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Could not export %1: %2</source>
        <translation>无法导出 %1：%2</translation>
    </message>
</context>
<context>
    <name>ys::ui::ModelPicker</name>
    <message>
        <source>Scale %1 (%2)</source>
        <translation>规模 %1（%2）</translation>
    </message>
    <message>
        <source>Open a model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Models and weights (*.yaml *.yml *.pt);;Model YAML (*.yaml *.yml);;Weights (*.pt)</source>
        <translation>模型和权重 (*.yaml *.yml *.pt);;模型 YAML (*.yaml *.yml);;权重 (*.pt)</translation>
    </message>
    <message>
        <source>Weights file %1 (not found)</source>
        <translation>权重文件 %1（未找到）</translation>
    </message>
    <message>
        <source>Parameters and GFLOPs appear for a valid image size.</source>
        <translation>图像尺寸有效时显示参数量和 GFLOPs。</translation>
    </message>
    <message>
        <source>Counting parameters…</source>
        <translation>正在统计参数量…</translation>
    </message>
    <message>
        <source>%1 · %2 M parameters · %3 GFLOPs at %4 px · %5 classes</source>
        <translation>%1 · %2 M 参数 · %4 像素下 %3 GFLOPs · %5 个类别</translation>
    </message>
    <message>
        <source>Cannot read this model: %1</source>
        <translation>无法读取此模型：%1</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 个参数</translation>
    </message>
    <message>
        <source>Open file…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Use a model YAML of your own or a weights file (.pt)</source>
        <translation>使用自己的模型 YAML 或权重文件（.pt）</translation>
    </message>
    <message>
        <source>Model family</source>
        <translation>模型系列</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Cannot read this weights file: %1</source>
        <translation>无法读取此权重文件：%1</translation>
    </message>
    <message>
        <source>Ultralytics checkpoint</source>
        <translation>Ultralytics 检查点</translation>
    </message>
    <message>
        <source>YOLO Studio checkpoint</source>
        <translation>YOLO Studio 检查点</translation>
    </message>
    <message>
        <source>scale %1</source>
        <translation>规模 %1</translation>
    </message>
    <message>
        <source>%1 classes</source>
        <translation>%1 个类别</translation>
    </message>
    <message>
        <source>trained at %1 px</source>
        <translation>训练尺寸 %1 px</translation>
    </message>
    <message>
        <source>epoch %1 of %2</source>
        <translation>第 %1/%2 轮</translation>
    </message>
    <message>
        <source>epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>%1 M parameters</source>
        <translation>%1 M 参数</translation>
    </message>
    <message>
        <source>Ultralytics&apos; current default</source>
        <translation>Ultralytics 当前默认</translation>
    </message>
    <message>
        <source>%1: the model family Ultralytics trains by default (since 8.4)</source>
        <translation>%1：Ultralytics 默认训练的模型系列（自 8.4 起）</translation>
    </message>
</context>
<context>
    <name>ys::ui::PasteCommandDialog</name>
    <message>
        <source>Folder the Command Ran In</source>
        <translation>命令运行时所在的文件夹</translation>
    </message>
    <message>
        <source>Line %1, column %2: this quote is not closed.</source>
        <translation>第 %1 行第 %2 列：此引号没有闭合。</translation>
    </message>
    <message>
        <source>Will be set</source>
        <translation>将设置</translation>
    </message>
    <message>
        <source>Not imported</source>
        <translation>未导入</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>the Train page trains on the dataset that is open; open %1 in the Dataset page to train on it</source>
        <translation>训练页使用当前打开的数据集训练；要用 %1 训练，请在数据集页打开它</translation>
    </message>
    <message>
        <source>Will be set (%1)</source>
        <translation>将设置（%1）</translation>
    </message>
    <message>
        <source>Not imported (%1)</source>
        <translation>未导入（%1）</translation>
    </message>
    <message>
        <source>Paste a Command</source>
        <translation>粘贴命令</translation>
    </message>
    <message>
        <source>python train_dual.py --batch 32 --img 640 --cfg models/detect/yolov9-s.yaml --hyp hyp.scratch-high.yaml --epochs 20 …</source>
        <translation>python train_dual.py --batch 32 --img 640 --cfg models/detect/yolov9-s.yaml --hyp hyp.scratch-high.yaml --epochs 20 …</translation>
    </message>
    <message>
        <source>Ran in:</source>
        <translation>运行位置：</translation>
    </message>
    <message>
        <source>the folder the command ran in, for its relative paths such as --hyp (optional)</source>
        <translation>命令运行时所在的文件夹，用于解析 --hyp 等相对路径（可选）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose the folder the command ran in</source>
        <translation>选择命令运行时所在的文件夹</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>In the command</source>
        <translation>命令中的内容</translation>
    </message>
    <message>
        <source>Why it is not imported</source>
        <translation>未导入的原因</translation>
    </message>
    <message>
        <source>Apply to Setup</source>
        <translation>应用到训练设置</translation>
    </message>
    <message>
        <source>Apply and Fit to My GPU…</source>
        <translation>应用并适配我的 GPU…</translation>
    </message>
    <message>
        <source>Apply the settings, then measure memory and fit the batch and image size to this machine</source>
        <translation>应用这些设置，然后实测显存，使批大小和图像尺寸适配本机</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 is the built-in model %2</source>
        <translation>%1 即内置模型 %2</translation>
    </message>
    <message>
        <source>%1 trains with YOLOv9&apos;s auxiliary (PGI) branch; the built-in %2 is Ultralytics&apos; YOLOv9 without it: it needs less memory than the original run, and results may differ</source>
        <translation>%1 训练时带有 YOLOv9 的辅助（PGI）分支；内置的 %2 是不带该分支的 Ultralytics 版 YOLOv9：所需显存比原训练少，结果也可能不同</translation>
    </message>
    <message>
        <source>trained from scratch (no --weights)</source>
        <translation>从头训练（没有 --weights）</translation>
    </message>
    <message>
        <source>fine-tunes the weights of %1</source>
        <translation>在 %1 的权重上微调</translation>
    </message>
    <message>
        <source>%1 was not found from %2; the run needs it there</source>
        <translation>从 %2 找不到 %1；训练时需要它在那里</translation>
    </message>
    <message>
        <source>%1&apos;s own default: the command does not set it</source>
        <translation>%1 自身的默认值：命令没有设置它</translation>
    </message>
    <message>
        <source>%1 was not found here: YOLOv9&apos;s values of it (preset yolov9-scratch-high) are used</source>
        <translation>此处找不到 %1：使用 YOLOv9 中它的取值（预设 yolov9-scratch-high）</translation>
    </message>
    <message>
        <source>%1 rounded up to %2, a multiple of the largest stride (32), as the original trainer does</source>
        <translation>%1 向上取整为 %2，即最大步幅（32）的倍数，与原训练器的做法相同</translation>
    </message>
    <message>
        <source>the second size (%1) is YOLOv7&apos;s test size; validation here uses the training size</source>
        <translation>第二个尺寸（%1）是 YOLOv7 的测试尺寸；此处验证使用训练尺寸</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES=%1 makes device %2 the GPU %3</source>
        <translation>CUDA_VISIBLE_DEVICES=%1 使设备 %2 对应 GPU %3</translation>
    </message>
    <message>
        <source>batch=%1: Ultralytics fits the batch to %1 of the GPU&apos;s memory; here batch -1 fits it to the memory budget vram=%1</source>
        <translation>batch=%1：Ultralytics 按 GPU 显存的 %1 确定批大小；此处 batch -1 按显存预算 vram=%1 确定</translation>
    </message>
    <message>
        <source>no disk cache here; decoded images are kept in RAM instead</source>
        <translation>此处没有磁盘缓存；改为把解码后的图像保存在内存中</translation>
    </message>
    <message>
        <source>--fixed-lr keeps the learning rate at lr0: a linear schedule with lrf 1.0</source>
        <translation>--fixed-lr 使学习率保持为 lr0：即 lrf 为 1.0 的线性调度</translation>
    </message>
    <message>
        <source>%1 reads its hyperparameters from %2 by default; the file was not found, so they keep their current values</source>
        <translation>%1 默认从 %2 读取超参数；找不到该文件，因此它们保持当前值</translation>
    </message>
    <message>
        <source>lines that continue the command without a trailing backslash were joined to it</source>
        <translation>没有以反斜杠结尾、但延续该命令的行已并入命令</translation>
    </message>
    <message>
        <source>the setup&apos;s stages (%1) were cleared: the command&apos;s %2 counts, and its run is one stage</source>
        <translation>设置中的阶段（%1）已清除：以命令的 %2 为准，整个训练为一个阶段</translation>
    </message>
    <message>
        <source>this machine has no GPU %1 (its devices: %2); choose a device it has before training</source>
        <translation>本机没有 GPU %1（本机的设备：%2）；训练前请选择本机有的设备</translation>
    </message>
    <message numerus="yes">
        <source>Read the %1 command (%2): %n setting(s), those that change the setup in bold.</source>
        <translation>
            <numerusform>已读取 %1 命令（%2）：%n 项设置，会改变训练设置的以粗体显示。</numerusform>
        </translation>
    </message>
    <message>
        <source>no YOLOv5, YOLOv7 or YOLOv9 training script has this option</source>
        <translation>YOLOv5、YOLOv7 和 YOLOv9 的训练脚本都没有此选项</translation>
    </message>
    <message>
        <source>not a setting of Ultralytics&apos; trainer</source>
        <translation>不是 Ultralytics 训练器的设置</translation>
    </message>
    <message>
        <source>a prediction, validation or export setting; training does not use it</source>
        <translation>这是预测、验证或导出的设置；训练不使用它</translation>
    </message>
    <message>
        <source>YOLO Studio has no such setting; the run trains without it</source>
        <translation>YOLO Studio 没有此设置；训练时不使用它</translation>
    </message>
    <message>
        <source>does nothing at this value</source>
        <translation>取此值时不起作用</translation>
    </message>
    <message>
        <source>logging, plots or uploads only; nothing to carry over</source>
        <translation>只涉及日志、绘图或上传；无需导入</translation>
    </message>
    <message>
        <source>concerns the anchors of YOLOv5/YOLOv7 heads; YOLO Studio&apos;s heads are anchor-free</source>
        <translation>涉及 YOLOv5/YOLOv7 检测头的锚框；YOLO Studio 的检测头是无锚框的</translation>
    </message>
    <message>
        <source>trains at 0.5-1.5x the image size; YOLO Studio trains at one size, so the original run needed more memory than its image size suggests</source>
        <translation>以 0.5–1.5 倍图像尺寸训练；YOLO Studio 只用一个尺寸训练，因此原训练所需显存比其图像尺寸显示的更多</translation>
    </message>
    <message>
        <source>needs a value</source>
        <translation>需要一个值</translation>
    </message>
    <message>
        <source>a word that belongs to no option</source>
        <translation>不属于任何选项的词</translation>
    </message>
    <message>
        <source>set again by %1; the later value counts</source>
        <translation>又被 %1 设置；以后者为准</translation>
    </message>
    <message>
        <source>file not found (looked in %1)</source>
        <translation>找不到文件（已在 %1 中查找）</translation>
    </message>
    <message>
        <source>%1 is a gain of the anchor-based YOLOv5/YOLOv7 loss (%2 has no dfl), not of YOLO Studio&apos;s loss; left as it was</source>
        <translation>%1 是基于锚框的 YOLOv5/YOLOv7 损失的增益（%2 中没有 dfl），不是 YOLO Studio 损失的增益；保持原值</translation>
    </message>
    <message>
        <source>settings of %1 that YOLO Studio does not use</source>
        <translation>%1 中 YOLO Studio 不使用的设置</translation>
    </message>
    <message>
        <source>not a built-in model, and no such file was found (looked in %1)</source>
        <translation>不是内置模型，也找不到此文件（已在 %1 中查找）</translation>
    </message>
    <message>
        <source>not used: %1 names the architecture, and a run starts either from a model YAML (from scratch) or from a checkpoint (fine-tuning), not both; to fine-tune from the checkpoint instead, set model to it</source>
        <translation>未使用：%1 指定了网络结构，而一次训练要么从模型 YAML 开始（从头训练），要么从检查点开始（微调），不能两者兼有；若要改为从该检查点微调，请把模型设为它</translation>
    </message>
    <message>
        <source>a run of the YOLOv5, YOLOv7 or YOLOv9 repositories cannot be continued by YOLO Studio</source>
        <translation>YOLO Studio 无法继续 YOLOv5、YOLOv7 或 YOLOv9 仓库的训练</translation>
    </message>
    <message>
        <source>YOLO Studio trains detection models only</source>
        <translation>YOLO Studio 只训练检测模型</translation>
    </message>
    <message>
        <source>means the first GPU if there is one, else the CPU; choose the device here</source>
        <translation>表示有 GPU 时用第一块 GPU，否则用 CPU；请在此处选择设备</translation>
    </message>
    <message>
        <source>an environment variable, not a setting</source>
        <translation>环境变量，不是设置</translation>
    </message>
    <message>
        <source>holds a shell variable, which is not expanded here</source>
        <translation>含有 shell 变量，此处不会展开</translation>
    </message>
    <message>
        <source>another command, not part of the training</source>
        <translation>另一条命令，不属于训练</translation>
    </message>
    <message>
        <source>not part of the training command</source>
        <translation>不属于训练命令</translation>
    </message>
    <message>
        <source>Ultralytics reads a model name without an extension as %1</source>
        <translation>Ultralytics 把不带扩展名的模型名读作 %1</translation>
    </message>
    <message>
        <source>a rectangle; training uses the larger side, %1, as Ultralytics does</source>
        <translation>是矩形尺寸；训练使用较长的一边 %1，与 Ultralytics 的做法相同</translation>
    </message>
    <message>
        <source>below 1 means off</source>
        <translation>小于 1 表示关闭</translation>
    </message>
    <message>
        <source>a run is resumed from the Runs page (Resume…), with the settings it was trained with</source>
        <translation>训练的恢复在“训练记录”页（恢复…）进行，并沿用其训练时的设置</translation>
    </message>
    <message>
        <source>%1 is written for the YOLOv9 repository&apos;s own code (its DDetect head); YOLO Studio reads Ultralytics&apos; layout and may not build it (built in: yolov9t.yaml ... yolov9e.yaml)</source>
        <translation>%1 是为 YOLOv9 仓库自身代码编写的（其 DDetect 检测头）；YOLO Studio 读取 Ultralytics 的结构，可能无法构建它（内置模型：yolov9t.yaml … yolov9e.yaml）</translation>
    </message>
    <message>
        <source>%1 looks like a checkpoint of the YOLOv9 repository; YOLO Studio reads Ultralytics&apos; and its own checkpoints (Ultralytics names them yolov9c.pt)</source>
        <translation>%1 看起来是 YOLOv9 仓库的检查点；YOLO Studio 读取 Ultralytics 的和它自己的检查点（Ultralytics 将其命名为 yolov9c.pt）</translation>
    </message>
    <message>
        <source>Paste a training command: python train.py --data data.yaml --epochs 100 …, yolo detect train data=data.yaml model=yolov8s.pt …, or Python code with model.train(data=…, epochs=…)</source>
        <translation>粘贴一条训练命令：python train.py --data data.yaml --epochs 100 …、yolo detect train data=data.yaml model=yolov8s.pt …，或含 model.train(data=…, epochs=…) 的 Python 代码</translation>
    </message>
    <message>
        <source>Line %1: a string or bracket that starts there is not closed.</source>
        <translation>第 %1 行：从此处开始的字符串或括号未闭合。</translation>
    </message>
    <message>
        <source>This is no training command: expected python train.py …, torchrun … train_dual.py …, yolo detect train … or model.train(…).</source>
        <translation>这不是训练命令：应为 python train.py …、torchrun … train_dual.py …、yolo detect train … 或 model.train(…)。</translation>
    </message>
    <message>
        <source>Paste the training command you ran: YOLOv5, YOLOv7 or YOLOv9 (python train.py, train_dual.py … with their flags, also behind torchrun) or Ultralytics (yolo detect train key=value …, or Python: model = YOLO(&quot;yolov8n.pt&quot;) and model.train(…)). Its settings fill the setup; nothing is run.</source>
        <translation>粘贴您运行过的训练命令：YOLOv5、YOLOv7 或 YOLOv9（python train.py、train_dual.py … 及其参数，也可经由 torchrun 启动），或 Ultralytics（yolo detect train key=value …，或 Python：model = YOLO(&quot;yolov8n.pt&quot;) 与 model.train(…)）。其设置会填入训练设置；不会运行任何命令。</translation>
    </message>
    <message>
        <source>a Python expression, not evaluated here; only literal values (numbers, strings, True, False, None, lists) are read</source>
        <translation>Python 表达式，此处不求值；只读取字面值（数字、字符串、True、False、None、列表）</translation>
    </message>
    <message>
        <source>the pasted code does not make this model (model = YOLO(&quot;yolov8n.pt&quot;)); the model setting stays as it was</source>
        <translation>粘贴的代码没有创建此模型（model = YOLO(&quot;yolov8n.pt&quot;)）；模型设置保持不变</translation>
    </message>
    <message>
        <source>a call on the model before training; it is not repeated here</source>
        <translation>训练前对模型的调用；此处不会重复执行</translation>
    </message>
    <message>
        <source>set by the launcher in each process; the studio&apos;s launcher sets it</source>
        <translation>由启动器为每个进程设置；YOLO Studio 的启动器会自动设置</translation>
    </message>
    <message>
        <source>one training process per GPU (%1), started by the studio (or torchrun)</source>
        <translation>每块 GPU 一个训练进程（%1），由 YOLO Studio（或 torchrun）启动</translation>
    </message>
    <message>
        <source>one process per GPU, so device %1</source>
        <translation>每块 GPU 一个进程，因此设备为 %1</translation>
    </message>
    <message>
        <source>batch %2 is the world batch: %1 processes take %3 images each, as in the command</source>
        <translation>batch %2 是全局批次：%1 个进程各取 %3 张图像，与原命令相同</translation>
    </message>
    <message>
        <source>the command ran on %1 machines: start it on each with yolostudio-cli train nnodes=%1 node_rank=&lt;the machine&apos;s index&gt; master_addr=&lt;the first machine&gt;</source>
        <translation>原命令在 %1 台机器上运行：请在每台机器上用 yolostudio-cli train nnodes=%1 node_rank=&lt;该机器的序号&gt; master_addr=&lt;第一台机器&gt; 启动</translation>
    </message>
    <message>
        <source>acts with several processes only; one process trains as without it, as in the original script</source>
        <translation>仅在多个进程时生效；单个进程的训练与不设置时相同，与原脚本一致</translation>
    </message>
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
    <message>
        <source>each epoch validates YOLO26&apos;s one-to-one head without NMS and keeps best.pt by it, as Ultralytics does; a model without that head validates with NMS</source>
        <translation>每个 epoch 用 YOLO26 的一对一检测头验证（不做 NMS），并据此保存 best.pt，与 Ultralytics 相同；没有该检测头的模型仍用 NMS 验证</translation>
    </message>
</context>
<context>
    <name>ys::ui::PredictionPreview</name>
    <message>
        <source>Could not preview the predictions: %1</source>
        <translation>无法预览预测结果：%1</translation>
    </message>
    <message>
        <source>Open the run&apos;s dataset to preview predictions on its validation images.</source>
        <translation>打开该训练所用的数据集，以预览其验证图像上的预测结果。</translation>
    </message>
    <message>
        <source>Predicting with the best weights…</source>
        <translation>正在用最佳权重预测…</translation>
    </message>
    <message>
        <source>Predictions of the best weights appear here once an epoch has been validated.</source>
        <translation>有一轮完成验证后，最佳权重的预测结果会显示在这里。</translation>
    </message>
    <message>
        <source>epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>truth</source>
        <translation>真实标注</translation>
    </message>
    <message>
        <source>, class-agnostic</source>
        <translation>，类别无关</translation>
    </message>
    <message>
        <source>Predictions of the best weights above confidence %1, after NMS%2.</source>
        <translation>最佳权重在置信度 %1 以上的预测，经过 NMS%2。</translation>
    </message>
    <message>
        <source>Predictions of the best weights above confidence %1: YOLO26&apos;s one-to-one head without NMS%2 (nms=false; other models use NMS).</source>
        <translation>最佳权重在置信度 %1 以上的预测：YOLO26 的一对一检测头，不做 NMS%2（nms=false；其他模型仍用 NMS）。</translation>
    </message>
</context>
<context>
    <name>ys::ui::Preflight</name>
    <message>
        <source>%1 free</source>
        <translation>可用 %1</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <source>%1 is not available on this computer (or this build has no CUDA support).</source>
        <translation>本机上没有 %1（或此版本不支持 CUDA）。</translation>
    </message>
    <message>
        <source>%1 is ready.</source>
        <translation>%1 已就绪。</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1: %2 free of %3.</source>
        <translation>%1：共 %3，可用 %2。</translation>
    </message>
    <message>
        <source>. Unreadable images are left out of training; wrong boxes train wrong.</source>
        <translation>。无法读取的图像不参与训练；错误的框会训练出错误的模型。</translation>
    </message>
    <message>
        <source>: it may run out of memory (training then halves the micro-batch and goes on).</source>
        <translation>：可能显存不足（届时训练会将微批次减半并继续）。</translation>
    </message>
    <message>
        <source>Fix them first, or start anyway.</source>
        <translation>请先修正，或者直接开始。</translation>
    </message>
    <message>
        <source>Open a dataset first: a run trains on the dataset that is open.</source>
        <translation>请先打开数据集：训练使用当前打开的数据集。</translation>
    </message>
    <message numerus="yes">
        <source>The label check found %n error(s) in %1</source>
        <translation>
            <numerusform>标注检查在 %1 中发现 %n 个错误</numerusform>
        </translation>
    </message>
    <message>
        <source>The label check of %1 is still running.</source>
        <translation>%1 的标注检查仍在进行。</translation>
    </message>
    <message numerus="yes">
        <source>The labels of %1 have no errors; %n warning(s) are worth a look.</source>
        <translation>
            <numerusform>%1 的标注没有错误；有 %n 个警告值得一看。</numerusform>
        </translation>
    </message>
    <message>
        <source>The labels of %1 passed every check.</source>
        <translation>%1 的标注通过了所有检查。</translation>
    </message>
    <message numerus="yes">
        <source>The setup has %n problem(s): %1</source>
        <translation>
            <numerusform>训练设置有 %n 个问题：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>The setup&apos;s data is %1, but a run trains on the open dataset (%2): open that dataset, or set data back.</source>
        <translation>设置中的 data 为 %1，但训练使用当前打开的数据集（%2）：请打开该数据集，或将 data 改回。</translation>
    </message>
    <message>
        <source>about %1</source>
        <translation>约 %1</translation>
    </message>
    <message>
        <source>batch %1 at %2 needs %3; %4</source>
        <translation>批大小 %1、%2 需要 %3；%4</translation>
    </message>
    <message>
        <source>batch=auto: the run first measures memory and picks the batch that fits.</source>
        <translation>batch=auto：训练会先实测显存，再选择放得下的批大小。</translation>
    </message>
    <message>
        <source>the budget is %1</source>
        <translation>预算为 %1</translation>
    </message>
    <message>
        <source>The fit (batch %1 at %2) was made for another setup (%3): its prediction does not apply. Fit again.</source>
        <translation>该适配结果（批次 %1，尺寸 %2）是针对另一套设置得出的（%3）：其预测不再适用。请重新适配。</translation>
    </message>
    <message>
        <source>The fit kept within a budget of %1, but the setup&apos;s memory budget is the whole device: the run is not held to it.</source>
        <translation>适配时的预算为 %1，但当前设置的显存预算是整块设备：训练不会受该预算约束。</translation>
    </message>
    <message>
        <source>Stage %1 (batch %2 at %3 px) does not fit the budget: lower its batch or image size, or let it checkpoint (checkpoint= in its overrides).</source>
        <translation>第 %1 阶段（批大小 %2，%3 像素）超出预算：请降低其批大小或图像尺寸，或让它使用检查点（在其覆盖设置中写 checkpoint=）。</translation>
    </message>
    <message>
        <source>%1 is not available: %2.</source>
        <translation>%1 不可用：%2。</translation>
    </message>
    <message>
        <source>No GPU can be used: %1.</source>
        <translation>无法使用 GPU：%1。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message numerus="yes">
        <source>%n box(es) of %1 are too small to learn at %2 px (under %3 px a side once the image is resized): raise the image size, or drop them. The Dataset page lists them when it checks at %2 px.</source>
        <translation>
            <numerusform>%1 中有 %n 个框在 %2 像素下太小，无法学习（图像缩放后短边不足 %3 像素）：请增大图像尺寸，或删除这些框。数据集页面以 %2 像素检查时会列出它们。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::ui::ReportExporter</name>
    <message>
        <source>Reading the run…</source>
        <translation>正在读取训练…</translation>
    </message>
    <message>
        <source>Reading the dataset…</source>
        <translation>正在读取数据集…</translation>
    </message>
    <message>
        <source>Predicting validation images…</source>
        <translation>正在预测验证图像…</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <source>PDF report (*.pdf)</source>
        <translation>PDF 报告 (*.pdf)</translation>
    </message>
    <message>
        <source>Export training report</source>
        <translation>导出训练报告</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>正在写入报告…</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>The report was written to %1.</source>
        <translation>报告已写入 %1。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Could not read the run %1: %2</source>
        <translation>无法读取训练 %1：%2</translation>
    </message>
</context>
<context>
    <name>ys::ui::ReportReview</name>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>All classes</source>
        <translation>全部类别</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>No label review was made with this run&apos;s model. Review labels with this model on the Runs page, or run yolostudio-cli review data=… weights=RUN/weights/best.pt.</source>
        <translation>尚未用此运行的模型审查标注。请在“运行”页面选择“用此模型审查标注”，或运行 yolostudio-cli review data=… weights=RUN/weights/best.pt。</translation>
    </message>
    <message numerus="yes">
        <source>The model %1 disagrees with %n label(s) of %2 (%3), likeliest mistakes first. Each thumbnail draws the label&apos;s box solid green and the model&apos;s box dashed orange.</source>
        <translation>
            <numerusform>模型 %1 与 %2（%3）中的 %n 个标注不一致，最可能的错误排在前面。每个缩略图中，标注框为绿色实线，模型框为橙色虚线。</numerusform>
        </translation>
    </message>
    <message>
        <source>The %1 likeliest mistakes</source>
        <translation>最可能的 %1 个错误</translation>
    </message>
    <message>
        <source>The model finds only %1% of the labels, so most of these suspects may be its own mistakes.</source>
        <translation>模型只找到了 %1% 的标注，因此这些疑似错误中的大多数可能是模型自己的错误。</translation>
    </message>
</context>
<context>
    <name>ys::ui::ReportWriter</name>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Devices by rank</source>
        <translation>各进程的设备</translation>
    </message>
    <message>
        <source>True class</source>
        <translation>真实类别</translation>
    </message>
    <message>
        <source>Predicted class</source>
        <translation>预测类别</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>all classes %1 mAP50</source>
        <translation>全部类别 %1 mAP50</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>Loss and assigner</source>
        <translation>损失和分配器</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>探测</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Memory and the fit</source>
        <translation>显存与适配</translation>
    </message>
    <message>
        <source>Training curves</source>
        <translation>训练曲线</translation>
    </message>
    <message>
        <source>Per-class results</source>
        <translation>各类别结果</translation>
    </message>
    <message>
        <source>Precision-recall curves</source>
        <translation>精确率-召回率曲线</translation>
    </message>
    <message>
        <source>Confusion matrix</source>
        <translation>混淆矩阵</translation>
    </message>
    <message>
        <source>Validation images</source>
        <translation>验证图像</translation>
    </message>
    <message>
        <source>Training report: %1</source>
        <translation>训练报告：%1</translation>
    </message>
    <message>
        <source>Generated %1 by YOLO Studio %2 from %3</source>
        <translation>由 YOLO Studio %2 于 %1 根据 %3 生成</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n epoch(s)</source>
        <translation>
            <numerusform>%1 / %n 轮</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n epoch(s)</source>
        <translation>
            <numerusform>%n 轮</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The run finished: %n epoch(s) trained.</source>
        <translation>
            <numerusform>训练已完成：共训练 %n 轮。</numerusform>
        </translation>
    </message>
    <message>
        <source>The run stopped early after %1: the validation fitness had not improved for %2 epochs (patience).</source>
        <translation>训练在 %1后提前停止：验证 fitness 已连续 %2 轮没有提升（patience）。</translation>
    </message>
    <message>
        <source>The run was stopped by the user after %1. The figures below are those of the epochs finished.</source>
        <translation>训练在 %1后被用户停止。以下数据来自已完成的各轮。</translation>
    </message>
    <message>
        <source>The run was interrupted after %1: the process ended without finishing (killed, crashed or a power cut). The figures below are those of the epochs finished; weights/last.pt holds the last of them.</source>
        <translation>训练在 %1后中断：进程未正常结束（被终止、崩溃或断电）。以下数据来自已完成的各轮；weights/last.pt 保存其中最后一轮。</translation>
    </message>
    <message>
        <source>The run failed after %1.</source>
        <translation>训练在 %1后失败。</translation>
    </message>
    <message>
        <source>The run failed before its first epoch.</source>
        <translation>训练在完成第一轮之前失败。</translation>
    </message>
    <message>
        <source>The run is still training: this report shows the %1 finished so far.</source>
        <translation>训练仍在进行：本报告展示目前已完成的 %1。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Written by</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Best epoch</source>
        <translation>最佳轮次</translation>
    </message>
    <message>
        <source>Best mAP50</source>
        <translation>最佳 mAP50</translation>
    </message>
    <message>
        <source>Best mAP50-95</source>
        <translation>最佳 mAP50-95</translation>
    </message>
    <message>
        <source>Precision / recall</source>
        <translation>精确率 / 召回率</translation>
    </message>
    <message>
        <source>none validated</source>
        <translation>尚无轮次完成验证</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练用时</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>auto (not resolved)</source>
        <translation>auto（未确定）</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <source>%1 px</source>
        <translation>%1 像素</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Problems reading the run&apos;s files</source>
        <translation>读取训练文件时的问题</translation>
    </message>
    <message>
        <source>This run did not record the machine it trained on (an older YOLO Studio or Ultralytics wrote it). The figures below describe the machine that wrote this report.</source>
        <translation>该训练没有记录训练所用的机器（由较早版本的 YOLO Studio 或 Ultralytics 写入）。以下数据描述的是生成本报告的机器。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>%1 (%2 logical cores)</source>
        <translation>%1（%2 个逻辑核心）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>%1, %2, compute capability %3.%4</source>
        <translation>%1，%2，计算能力 %3.%4</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>NVIDIA driver</source>
        <translation>NVIDIA 驱动</translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <source>LibTorch</source>
        <translation>LibTorch</translation>
    </message>
    <message>
        <source>BLAS</source>
        <translation>BLAS</translation>
    </message>
    <message>
        <source>OpenCV</source>
        <translation>OpenCV</translation>
    </message>
    <message>
        <source>Qt</source>
        <translation>Qt</translation>
    </message>
    <message>
        <source>YOLO Studio</source>
        <translation>YOLO Studio</translation>
    </message>
    <message>
        <source>Compiler</source>
        <translation>编译器</translation>
    </message>
    <message>
        <source>Training device</source>
        <translation>训练设备</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>%1 intra-op threads, %2 loader workers</source>
        <translation>%1 个算子内（intra-op）线程，%2 个数据加载线程</translation>
    </message>
    <message>
        <source>Recorded</source>
        <translation>记录时间</translation>
    </message>
    <message>
        <source>Dataset: %1</source>
        <translation>数据集：%1</translation>
    </message>
    <message>
        <source>The dataset could not be read now: %1. Counts below come from the label check the run made before training.</source>
        <translation>现在无法读取数据集：%1。以下计数来自训练开始前所做的标注检查。</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>划分</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>图像数</translation>
    </message>
    <message>
        <source>Boxes</source>
        <translation>框数</translation>
    </message>
    <message>
        <source>Images without boxes</source>
        <translation>无框图像</translation>
    </message>
    <message>
        <source>Boxes per class</source>
        <translation>各类别的框数</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Boxes per class and split, as the dataset page counts them.</source>
        <translation>各类别、各划分的框数，统计方式与数据集页相同。</translation>
    </message>
    <message>
        <source>Box sizes at %1 px</source>
        <translation>%1 像素下的框尺寸</translation>
    </message>
    <message>
        <source>Box sizes</source>
        <translation>框尺寸</translation>
    </message>
    <message>
        <source>Square root of each box&apos;s area in pixels after letterboxing to the run&apos;s image size (%1 px).</source>
        <translation>按训练的图像尺寸（%1 像素）letterbox 缩放后，每个框面积（像素）的平方根。</translation>
    </message>
    <message>
        <source>Label check</source>
        <translation>标注检查</translation>
    </message>
    <message>
        <source>The run holds no check.json (the label check&apos;s findings are recorded by YOLO Studio runs).</source>
        <translation>该训练没有 check.json（只有 YOLO Studio 的训练会记录标注检查的结果）。</translation>
    </message>
    <message>
        <source>Checked before training at %1 px: %2 errors, %3 warnings, %4 notes.</source>
        <translation>训练前以 %1 像素检查：%2 个错误，%3 个警告，%4 条提示。</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>没有发现问题。</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>The run has no args.yaml: its settings are not known.</source>
        <translation>该训练没有 args.yaml：其设置未知。</translation>
    </message>
    <message numerus="yes">
        <source>%n setting(s) changed from the defaults (highlighted).</source>
        <translation>
            <numerusform>有 %n 项设置与默认值不同（已高亮）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>Keys in args.yaml that YOLO Studio does not use:</source>
        <translation>args.yaml 中 YOLO Studio 不使用的键：</translation>
    </message>
    <message>
        <source>Memory budget (vram): %1</source>
        <translation>显存预算（vram）：%1</translation>
    </message>
    <message>
        <source>The run was started with a fixed batch (not batch=auto): no fit was made.</source>
        <translation>该训练以固定批大小启动（不是 batch=auto）：没有进行适配。</translation>
    </message>
    <message>
        <source>Predicted and measured peaks</source>
        <translation>预测峰值与实测峰值</translation>
    </message>
    <message>
        <source>The run has no memory timeline (memory.csv).</source>
        <translation>该训练没有显存时间线（memory.csv）。</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测值</translation>
    </message>
    <message>
        <source>Measured peak</source>
        <translation>实测峰值</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>用时</translation>
    </message>
    <message>
        <source>Measured peak %1 against the predicted %2 (%3% of the prediction).</source>
        <translation>实测峰值 %1，预测值 %2（实测为预测的 %3%）。</translation>
    </message>
    <message>
        <source>Out-of-memory recoveries</source>
        <translation>显存不足后的恢复</translation>
    </message>
    <message>
        <source>None: training never ran out of memory.</source>
        <translation>无：训练中从未出现显存不足。</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>调整</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Memory timeline</source>
        <translation>显存时间线</translation>
    </message>
    <message>
        <source>Allocated, reserved and peak memory of the last session with its phases (training, validation, checkpoint), the budget and the fit&apos;s predicted peak; marks at out-of-memory recoveries.</source>
        <translation>最后一次训练会话的已分配、已保留和峰值显存及其阶段（训练、验证、检查点），以及预算和适配预测的峰值；显存不足后恢复的位置有标记。</translation>
    </message>
    <message>
        <source>No epoch finished: there are no curves yet.</source>
        <translation>还没有完成的轮次：暂无曲线。</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Box, class and DFL losses per epoch: training solid, validation dashed.</source>
        <translation>每轮的框、类别和 DFL 损失：实线为训练，虚线为验证。</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Precision, recall, mAP50 and mAP50-95 of each validated epoch.</source>
        <translation>每个完成验证的轮次的精确率、召回率、mAP50 和 mAP50-95。</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Learning rate of each parameter group.</source>
        <translation>各参数组的学习率。</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Training throughput per epoch (images per second).</source>
        <translation>每轮的训练吞吐量（每秒图像数）。</translation>
    </message>
    <message>
        <source>The run has no metrics.json: no epoch was validated.</source>
        <translation>该训练没有 metrics.json：没有轮次完成验证。</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>实例数</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>P and R at the confidence that maximises the mean F1; AP as Ultralytics computes it (101-point interpolation), so these figures match its results.csv.</source>
        <translation>P 和 R 取自使平均 F1 最大的置信度；AP 按 Ultralytics 的方式计算（101 点插值），因此这些数值与其 results.csv 一致。</translation>
    </message>
    <message>
        <source>This run&apos;s metrics.json holds no precision-recall curves (written by an older version, or no class had a detection).</source>
        <translation>该训练的 metrics.json 中没有精确率-召回率曲线（由较早的版本写入，或没有任何类别有检测结果）。</translation>
    </message>
    <message>
        <source>Precision against recall at IoU 0.5 per class (AP50 after each name) and over all classes, at the best epoch.</source>
        <translation>最佳轮次下，IoU 0.5 时各类别（名称后为 AP50）及全部类别的精确率-召回率曲线。</translation>
    </message>
    <message>
        <source>The run has no confusion matrix (metrics.json is missing or holds none).</source>
        <translation>该训练没有混淆矩阵（缺少 metrics.json，或其中没有混淆矩阵）。</translation>
    </message>
    <message>
        <source>background</source>
        <translation>背景</translation>
    </message>
    <message>
        <source>Rows: predicted class; columns: true class; colour: share of the column (the true class). Detections above confidence 0.25 matched at IoU above 0.45, as Ultralytics counts them; background collects missed objects (row) and false detections (column).</source>
        <translation>行：预测类别；列：真实类别；颜色：在该列（真实类别）中所占的比例。置信度高于 0.25 的检测按 IoU 高于 0.45 匹配，与 Ultralytics 的统计方式相同；背景行记录漏检的目标，背景列记录误检。</translation>
    </message>
    <message>
        <source>No validation images: %1</source>
        <translation>没有验证图像：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n validation image(s) with their labels (left) and the predictions of %1 at confidence ≥ %2 (right).</source>
        <translation>
            <numerusform>%n 张验证图像：左侧为标注，右侧为 %1 在置信度 ≥ %2 时的预测结果。</numerusform>
        </translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>Predictions</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>%1 (%2 × %3 px): %4 labelled, %5 predicted</source>
        <translation>%1（%2 × %3 像素）：标注 %4 个，预测 %5 个</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Images left out of training</source>
        <translation>未参与训练的图像</translation>
    </message>
    <message numerus="yes">
        <source>The label check kept %n image(s) out of training and validation: %1.</source>
        <translation>
            <numerusform>标注检查将 %n 张图像排除在训练和验证之外：%1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Image</source>
        <translation>图像</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more; the run&apos;s check.json lists every one.</source>
        <translation>
            <numerusform>……另有 %n 张；运行的 check.json 列出了全部。</numerusform>
        </translation>
    </message>
    <message>
        <source>Exported models</source>
        <translation>已导出的模型</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Written</source>
        <translation>写入时间</translation>
    </message>
    <message>
        <source>ONNX opset %1, %2%3</source>
        <translation>ONNX opset %1，%2%3</translation>
    </message>
    <message>
        <source>, dynamic shapes</source>
        <translation>，动态形状</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Suspected label mistakes</source>
        <translation>疑似标注错误</translation>
    </message>
    <message>
        <source>Box, class and L1 distance losses per epoch: training solid, validation dashed.</source>
        <translation>每轮的框、类别和 L1 距离损失：实线为训练，虚线为验证。</translation>
    </message>
    <message>
        <source>Validation of the best epoch (%1), scored as Ultralytics 8.3 scores it: fitness %2 = 0.1 × mAP50 + 0.9 × mAP50-95.</source>
        <translation>最佳轮次（%1）的验证结果，按 Ultralytics 8.3 的方法计分：适应度 %2 = 0.1 × mAP50 + 0.9 × mAP50-95。</translation>
    </message>
    <message>
        <source>Validation of the best epoch (%1), scored as Ultralytics 8.4 scores it: fitness %2 = mAP50-95.</source>
        <translation>最佳轮次（%1）的验证结果，按 Ultralytics 8.4 的方法计分：适应度 %2 = mAP50-95。</translation>
    </message>
</context>
<context>
    <name>ys::ui::ResumeDialog</name>
    <message>
        <source>%1 stopped after epoch %2 of %3. Training continues from weights/last.pt with the run&apos;s own settings; these may change (changed ones are bold):</source>
        <translation>%1 在第 %2 / %3 轮后停止。训练将从 weights/last.pt 以该次训练自己的设置继续；以下设置可以修改（已修改的以粗体显示）：</translation>
    </message>
    <message>
        <source>Resume %1</source>
        <translation>恢复 %1</translation>
    </message>
    <message>
        <source>Resume on the Train page</source>
        <translation>在训练页恢复</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>ys::ui::ReviewDialog</name>
    <message numerus="yes">
        <source>%n suspect(s) found; saved to %1</source>
        <translation>
            <numerusform>发现 %n 个疑似错误；已保存到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Review labels</source>
        <translation>审查标注</translation>
    </message>
    <message>
        <source>The model %1 predicts the images of %2; the labels it disagrees with are listed, the likeliest mistakes first. Nothing is written into the dataset.</source>
        <translation>模型 %1 预测 %2 的图像；列出它不认同的标注，最可能的错误排在前面。不会向数据集写入任何内容。</translation>
    </message>
    <message>
        <source>Images:</source>
        <translation>图像：</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审查</translation>
    </message>
    <message>
        <source>Predict the chosen images with the run&apos;s weights and rank the labels the model disagrees with</source>
        <translation>用该运行的权重预测所选图像，并对模型不认同的标注排序</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message numerus="yes">
        <source>The run&apos;s last review: %n suspect(s)</source>
        <translation>
            <numerusform>该运行的上次审查：%n 个疑似错误</numerusform>
        </translation>
    </message>
    <message>
        <source>Reviewing…</source>
        <translation>正在审查…</translation>
    </message>
    <message>
        <source>Reading the dataset… %v/%m</source>
        <translation>正在读取数据集… %v/%m</translation>
    </message>
    <message>
        <source>Predicting… %v/%m images</source>
        <translation>正在预测… %v/%m 张图像</translation>
    </message>
</context>
<context>
    <name>ys::ui::ReviewText</name>
    <message>
        <source>Missing label</source>
        <translation>缺少标注</translation>
    </message>
    <message>
        <source>Wrong class</source>
        <translation>类别错误</translation>
    </message>
    <message>
        <source>Poor box</source>
        <translation>框不准确</translation>
    </message>
    <message>
        <source>Spurious label</source>
        <translation>多余标注</translation>
    </message>
    <message>
        <source>The model sees a &apos;%1&apos; (confidence %2) that no label covers</source>
        <translation>模型看到一个“%1”（置信度 %2），但没有标注覆盖它</translation>
    </message>
    <message>
        <source>Predicted &apos;%1&apos; (confidence %2, IoU %3) where the label says &apos;%4&apos;</source>
        <translation>此处预测为“%1”（置信度 %2，IoU %3），而标注为“%4”</translation>
    </message>
    <message>
        <source>The &apos;%1&apos; box overlaps the model&apos;s box only at IoU %2 (confidence %3)</source>
        <translation>“%1”框与模型的框仅以 IoU %2 重叠（置信度 %3）</translation>
    </message>
    <message>
        <source>Nothing confident near this &apos;%1&apos; label (best confidence %2)</source>
        <translation>此“%1”标注附近没有可信的预测（最高置信度 %2）</translation>
    </message>
    <message>
        <source>The model predicts nothing near this &apos;%1&apos; label</source>
        <translation>模型在此“%1”标注附近没有任何预测</translation>
    </message>
    <message>
        <source>Validation images</source>
        <translation>验证集图像</translation>
    </message>
    <message>
        <source>Training images</source>
        <translation>训练集图像</translation>
    </message>
    <message>
        <source>All images</source>
        <translation>全部图像</translation>
    </message>
    <message>
        <source>The review was cancelled.</source>
        <translation>审查已取消。</translation>
    </message>
    <message>
        <source>Fixes are never written into the dataset: choose a folder outside %1.</source>
        <translation>修正永远不会写入数据集：请选择 %1 之外的文件夹。</translation>
    </message>
    <message>
        <source>the dataset&apos;s folder</source>
        <translation>数据集文件夹</translation>
    </message>
    <message>
        <source>The chosen split of the dataset has no images to review.</source>
        <translation>数据集的所选划分中没有可审查的图像。</translation>
    </message>
    <message>
        <source>The weights %1 are missing.</source>
        <translation>权重 %1 不存在。</translation>
    </message>
    <message>
        <source>Could not read or write %1: %2</source>
        <translation>无法读取或写入 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>Not a mistake</source>
        <translation>不是错误</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>已修正</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>图像</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Marked</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>Model&apos;s box</source>
        <translation>模型的框</translation>
    </message>
    <message>
        <source>Select a suspect to see it on its image</source>
        <translation>选择一个疑似错误以在图像上查看</translation>
    </message>
</context>
<context>
    <name>ys::ui::RunDetail</name>
    <message>
        <source>data parallel: %1</source>
        <translation>数据并行：%1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1，数据集 %2</translation>
    </message>
    <message>
        <source>%1 px</source>
        <translation>%1 像素</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message numerus="yes">
        <source>%n epoch(s)</source>
        <translation>
            <numerusform>%n 轮</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) reading its files: %1</source>
        <translation>
            <numerusform>读取其文件时有 %n 个问题：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Best epoch %1 (fitness %2), from metrics.json.</source>
        <translation>最佳轮次 %1（fitness %2），来自 metrics.json。</translation>
    </message>
    <message>
        <source>Changed from default only</source>
        <translation>只显示与默认值不同的</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message numerus="yes">
        <source>Events (%n warning(s))</source>
        <translation>
            <numerusform>事件（%n 个警告）</numerusform>
        </translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适配</translation>
    </message>
    <message>
        <source>No run open</source>
        <translation>未打开训练</translation>
    </message>
    <message>
        <source>Only a run of YOLO Studio that was stopped, interrupted or failed with weights/last.pt and epochs left can be resumed.</source>
        <translation>只有 YOLO Studio 的、已停止、中断或失败、有 weights/last.pt 且还有剩余轮次的训练才能恢复。</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Per class</source>
        <translation>各类别</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Problems (%1)</source>
        <translation>问题（%1）</translation>
    </message>
    <message>
        <source>Reading the run&apos;s files…</source>
        <translation>正在读取训练文件…</translation>
    </message>
    <message>
        <source>Resume…</source>
        <translation>恢复…</translation>
    </message>
    <message>
        <source>Select a run in the list to see its settings, fit, per-class results and events; select two to compare their curves.</source>
        <translation>在列表中选择一次训练，查看其设置、适配、各类别结果和事件；选择两次训练可比较它们的曲线。</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Settings (%1 changed)</source>
        <translation>设置（%1 项已修改）</translation>
    </message>
    <message>
        <source>Show args.yaml as written</source>
        <translation>按原样显示 args.yaml</translation>
    </message>
    <message>
        <source>This run has no metrics.json (it is written when a run ends with a validated epoch).</source>
        <translation>此训练没有 metrics.json（训练以一个已验证的轮次结束时才会写入）。</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <source>batch auto</source>
        <translation>批大小 auto</translation>
    </message>
    <message>
        <source>best mAP50-95 %1 · mAP50 %2 (epoch %3)</source>
        <translation>最佳 mAP50-95 %1 · mAP50 %2（第 %3 轮）</translation>
    </message>
    <message>
        <source>epoch %1 of %2</source>
        <translation>第 %1 / %2 轮</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>峰值 %1</translation>
    </message>
    <message>
        <source>unknown dataset</source>
        <translation>未知数据集</translation>
    </message>
    <message>
        <source>unknown model</source>
        <translation>未知模型</translation>
    </message>
    <message>
        <source>written by %1</source>
        <translation>由 %1 写入</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation>导出报告…</translation>
    </message>
    <message>
        <source>Write this run&apos;s training report as HTML or PDF (Ctrl+E)</source>
        <translation>将此训练的报告导出为 HTML 或 PDF (Ctrl+E)</translation>
    </message>
</context>
<context>
    <name>ys::ui::RunEventsModel</name>
    <message>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Run time</source>
        <translation>运行时间</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
</context>
<context>
    <name>ys::ui::RunFitView</name>
    <message>
        <source>%1 (± %2%)</source>
        <translation>%1（± %2%）</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n step(s) in %2</source>
        <translation>
            <numerusform>%1：%2 内 %n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Allocator overhead</source>
        <translation>分配器开销</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Batch %1 at %2 px with %3, accumulating %4 batches (effective batch %5).</source>
        <translation>批大小 %1、%2 像素、%3，累积 %4 个批次（等效批大小 %5）。</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>CUDA context + workspace</source>
        <translation>CUDA 上下文 + 工作区</translation>
    </message>
    <message>
        <source>Certainty</source>
        <translation>可信度</translation>
    </message>
    <message>
        <source>EMA copy</source>
        <translation>EMA 副本</translation>
    </message>
    <message>
        <source>Fit to memory (batch=auto)</source>
        <translation>按显存适配（batch=auto）</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <source>Largest batch under the budget</source>
        <translation>预算内的最大批大小</translation>
    </message>
    <message>
        <source>Loader queue</source>
        <translation>加载队列</translation>
    </message>
    <message>
        <source>Loss and assigner</source>
        <translation>损失和分配器</translation>
    </message>
    <message>
        <source>Margin kept free</source>
        <translation>保留的余量</translation>
    </message>
    <message>
        <source>Memory at the peak</source>
        <translation>峰值时的显存</translation>
    </message>
    <message>
        <source>Most boxes in one image</source>
        <translation>单张图像最多框数</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Nothing fits the budget: batch 1 at %1 px needs about %2.</source>
        <translation>预算内放不下任何配置：批大小 1、%1 像素约需 %2。</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Planned for</source>
        <translation>规划目标</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Predicted peak</source>
        <translation>预测峰值</translation>
    </message>
    <message>
        <source>Probed on</source>
        <translation>探测设备</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>规模</translation>
    </message>
    <message>
        <source>This run has no fit.json: it was started with a fixed batch, not batch=auto.</source>
        <translation>此训练没有 fit.json：它使用固定批大小启动，而不是 batch=auto。</translation>
    </message>
    <message>
        <source>Validation batch</source>
        <translation>验证批次</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>none fits</source>
        <translation>都放不下</translation>
    </message>
    <message>
        <source>Stages, each fitted at its image size</source>
        <translation>各阶段（按各自的图像尺寸适配）</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Activation memory</source>
        <translation>激活内存</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>−%1%</source>
        <translation>−%1%</translation>
    </message>
    <message>
        <source>Activation memory by layer</source>
        <translation>各层的激活内存</translation>
    </message>
    <message>
        <source>At batch %1 and %2 px in fp32: %3 in all. ★: checkpointing the layer would help.</source>
        <translation>批大小 %1、%2 像素、fp32 时：共 %3。★：对该层使用检查点会有帮助。</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Stride</source>
        <translation>步幅</translation>
    </message>
    <message>
        <source>Keeps</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Of which output</source>
        <translation>其中输出</translation>
    </message>
    <message>
        <source>input images</source>
        <translation>输入图像</translation>
    </message>
    <message>
        <source>loss and assigner</source>
        <translation>损失与分配器</translation>
    </message>
</context>
<context>
    <name>ys::ui::RunListController</name>
    <message>
        <source>Some of its files could not be deleted.</source>
        <translation>其中部分文件无法删除。</translation>
    </message>
    <message>
        <source>The run is being trained now. Stop it first.</source>
        <translation>该训练正在进行。请先停止它。</translation>
    </message>
    <message>
        <source>There is no trash for this folder&apos;s drive, or it cannot be moved there.</source>
        <translation>此文件夹所在的磁盘没有回收站，或无法移入回收站。</translation>
    </message>
    <message>
        <source>This folder is not a listed run.</source>
        <translation>此文件夹不是列出的训练。</translation>
    </message>
</context>
<context>
    <name>ys::ui::RunListModel</name>
    <message numerus="yes">
        <source>%1 (and %n more)</source>
        <translation>
            <numerusform>%1（另有 %n 个）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Best epoch: %1</source>
        <translation>最佳轮次：%1</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Project folder</source>
        <translation>项目文件夹</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>用时</translation>
    </message>
    <message>
        <source>mAP50</source>
        <translation>mAP50</translation>
    </message>
    <message>
        <source>mAP50-95</source>
        <translation>mAP50-95</translation>
    </message>
</context>
<context>
    <name>ys::ui::RunSettingsModel</name>
    <message>
        <source>(in args.yaml)</source>
        <translation>（在 args.yaml 中）</translation>
    </message>
    <message>
        <source>Changed from the default (%1)</source>
        <translation>与默认值（%1）不同</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>Not used by YOLO Studio; kept in the run&apos;s args.yaml.</source>
        <translation>YOLO Studio 不使用；保留在该训练的 args.yaml 中。</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
</context>
<context>
    <name>ys::ui::RunText</name>
    <message>
        <source>YOLO Studio</source>
        <translation>YOLO Studio</translation>
    </message>
    <message>
        <source>%1 processes on %2 machines</source>
        <translation>%2 台机器上的 %1 个进程</translation>
    </message>
    <message>
        <source>%1 processes on one machine</source>
        <translation>一台机器上的 %1 个进程</translation>
    </message>
    <message>
        <source>started by %1</source>
        <translation>由 %1 启动</translation>
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation>进程 %1：%2</translation>
    </message>
    <message>
        <source>%1 cannot be read, so per-class results are not shown: %2</source>
        <translation>无法读取 %1，因此不显示各类别结果：%2</translation>
    </message>
    <message>
        <source>%1 cannot be read, so the fit decision is not shown: %2</source>
        <translation>无法读取 %1，因此不显示适配决策：%2</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 does not start with the memory timeline&apos;s header; the timeline is not shown.</source>
        <translation>%1 不是以显存时间线的表头开始的；不显示时间线。</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 has more problems than are listed.</source>
        <translation>%1 的问题比列出的更多。</translation>
    </message>
    <message>
        <source>%1 has no “epoch” column: it is not a results file of a YOLO run.</source>
        <translation>%1 没有“epoch”列：它不是 YOLO 训练的结果文件。</translation>
    </message>
    <message>
        <source>%1 is empty.</source>
        <translation>%1 为空。</translation>
    </message>
    <message>
        <source>%1 is too large to be a run file; it was not read.</source>
        <translation>%1 太大，不像训练文件；未读取。</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>A kind this version of YOLO Studio does not know (written by another version).</source>
        <translation>此版本的 YOLO Studio 不认识的类型（由其他版本写入）。</translation>
    </message>
    <message>
        <source>A line of %1 is not an event and is left out: %2</source>
        <translation>%1 中有一行不是事件，已略过：%2</translation>
    </message>
    <message>
        <source>A new run began: device, AMP, batch, accumulation, optimizer and image counts.</source>
        <translation>新的训练开始：设备、AMP、批大小、累积、优化器和图像数量。</translation>
    </message>
    <message>
        <source>A row of %1 cannot be read and is left out: %2</source>
        <translation>%1 中有一行无法读取，已略过：%2</translation>
    </message>
    <message>
        <source>A setting in %1 cannot be used and its default is shown instead: %2</source>
        <translation>%1 中有一项设置无法使用，改为显示其默认值：%2</translation>
    </message>
    <message>
        <source>A training process is writing this run now; its charts follow it live.</source>
        <translation>有训练进程正在写入此训练；图表会实时更新。</translation>
    </message>
    <message>
        <source>An event of a kind this version does not know (written by another version): %1</source>
        <translation>此版本不认识的事件类型（由其他版本写入）：%1</translation>
    </message>
    <message>
        <source>Early stop</source>
        <translation>提前停止</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Every epoch was trained.</source>
        <translation>所有轮次均已训练。</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Failed · resumable</source>
        <translation>失败 · 可恢复</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Fit to memory</source>
        <translation>按显存适配</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>Interrupted · resumable</source>
        <translation>已中断 · 可恢复</translation>
    </message>
    <message>
        <source>New best</source>
        <translation>新的最佳</translation>
    </message>
    <message>
        <source>No better fitness for `patience` epochs: training stopped early, as planned.</source>
        <translation>连续 `patience` 轮 fitness 没有提升：训练按计划提前停止。</translation>
    </message>
    <message>
        <source>No fitness improvement for `patience` epochs: the run stopped early.</source>
        <translation>连续 `patience` 轮 fitness 没有提升：训练提前停止。</translation>
    </message>
    <message>
        <source>Not a run</source>
        <translation>不是训练</translation>
    </message>
    <message>
        <source>Not a run folder: it holds none of args.yaml, results.csv and events.jsonl, and no run folders either.</source>
        <translation>不是运行文件夹：其中没有 args.yaml、results.csv 或 events.jsonl，也没有运行文件夹。</translation>
    </message>
    <message>
        <source>Out of memory (recovered)</source>
        <translation>显存不足（已恢复）</translation>
    </message>
    <message>
        <source>Out of memory during validation: the validation batch was halved and the batch redone.</source>
        <translation>验证时显存不足：验证批大小已减半，并重做该批次。</translation>
    </message>
    <message>
        <source>Out of memory in a training step: the micro-batch was halved and the batch redone; the effective batch is unchanged.</source>
        <translation>训练步显存不足：微批次已减半，并重做该批次；等效批大小不变。</translation>
    </message>
    <message>
        <source>Out of memory in validation (recovered)</source>
        <translation>验证时显存不足（已恢复）</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Resume continues it from weights/last.pt.</source>
        <translation>“恢复”会从 weights/last.pt 继续训练。</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Something went wrong that did not stop the run (e.g. a report file could not be written, or the label check left images out of training).</source>
        <translation>出现了未使训练停止的问题（例如无法写入报告文件，或标注检查把一些图像排除在训练之外）。</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>Stopped by the user; weights/last.pt holds the last finished epoch.</source>
        <translation>已由用户停止；weights/last.pt 保存最后完成的一轮。</translation>
    </message>
    <message>
        <source>Stopped early</source>
        <translation>已提前停止</translation>
    </message>
    <message>
        <source>Stopped · resumable</source>
        <translation>已停止 · 可恢复</translation>
    </message>
    <message>
        <source>The folder does not exist or cannot be read.</source>
        <translation>文件夹不存在或无法读取。</translation>
    </message>
    <message>
        <source>The last line of %1 was cut off: the writer was stopped while writing it. That line is left out.</source>
        <translation>%1 的最后一行被截断：写入时进程被停止。已略过该行。</translation>
    </message>
    <message>
        <source>The run continued from weights/last.pt after the epoch it names.</source>
        <translation>训练从 weights/last.pt 在其记录的轮次之后继续。</translation>
    </message>
    <message>
        <source>The run ended without finishing (the process was killed, crashed or lost power).</source>
        <translation>训练未完成就结束了（进程被终止、崩溃或断电）。</translation>
    </message>
    <message>
        <source>The run ended: all epochs, an early stop or a stop by the user; the summary names the best epoch.</source>
        <translation>训练结束：完成所有轮次、提前停止或由用户停止；摘要给出最佳轮次。</translation>
    </message>
    <message>
        <source>The run failed; its events say why.</source>
        <translation>训练失败；其事件说明了原因。</translation>
    </message>
    <message>
        <source>The run failed; the message says why. weights/last.pt, if present, holds the last finished epoch.</source>
        <translation>训练失败；消息说明了原因。weights/last.pt（如存在）保存最后完成的一轮。</translation>
    </message>
    <message>
        <source>This folder holds none of a run&apos;s files (args.yaml, results.csv, events.jsonl).</source>
        <translation>此文件夹中没有任何训练文件（args.yaml、results.csv、events.jsonl）。</translation>
    </message>
    <message>
        <source>Ultralytics</source>
        <translation>Ultralytics</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>batch=auto probed memory and chose the batch, accumulation and AMP (fit.json).</source>
        <translation>batch=auto 探测了显存并选定了批大小、累积和 AMP（fit.json）。</translation>
    </message>
    <message>
        <source>train.lock cannot be read; the run is taken as not running.</source>
        <translation>无法读取 train.lock；视为该训练未在运行。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Weights transferred</source>
        <translation>权重迁移</translation>
    </message>
    <message>
        <source>The user stopped the run; weights/last.pt holds the weights at the stop and can be resumed (the stopped epoch is redone).</source>
        <translation>用户停止了运行；weights/last.pt 保存了停止时的权重，可以继续训练（停止的那一轮会重新训练）。</translation>
    </message>
    <message>
        <source>The run started from a weights file (model=x.pt): how many tensors came from it, and which start fresh (another class count).</source>
        <translation>运行从权重文件开始（model=x.pt）：有多少张量来自该文件，哪些重新初始化（类别数不同时）。</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>A stage of a staged run began (also when a run resumes in it): its number, image size, batch, accumulation, epochs, checkpointing and augmentation overrides.</source>
        <translation>分阶段运行的一个阶段开始了（运行在其中恢复时也会记录）：阶段序号、图像尺寸、批大小、累积、轮数、检查点和增强覆盖项。</translation>
    </message>
    <message>
        <source>synchronised BatchNorm</source>
        <translation>同步 BatchNorm</translation>
    </message>
    <message>
        <source>The epoch reached a new best fitness (mAP50-95; 0.1 x mAP50 + 0.9 x mAP50-95 with metrics=8.3): weights/best.pt was written.</source>
        <translation>本轮达到新的最佳适应度（mAP50-95；metrics=8.3 时为 0.1 x mAP50 + 0.9 x mAP50-95）：已写入 weights/best.pt。</translation>
    </message>
</context>
<context>
    <name>ys::ui::RunsPage</name>
    <message>
        <source>%1 cannot be moved to the trash (%2). Delete it permanently? This cannot be undone.</source>
        <translation>%1 无法移入回收站（%2）。要永久删除吗？此操作无法撤销。</translation>
    </message>
    <message>
        <source>%1 cannot be resumed: %2</source>
        <translation>%1 无法恢复：%2</translation>
    </message>
    <message>
        <source>%1 is listed already.</source>
        <translation>%1 已在列表中。</translation>
    </message>
    <message>
        <source>%1 is not a listed run.</source>
        <translation>%1 不是列出的训练。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n other folder(s)</source>
        <translation>
            <numerusform>%n 个其他文件夹</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 次训练</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n running</source>
        <translation>
            <numerusform>%n 个运行中</numerusform>
        </translation>
    </message>
    <message>
        <source>Add a folder of runs</source>
        <translation>添加训练文件夹</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>All runs</source>
        <translation>全部训练</translation>
    </message>
    <message>
        <source>Continue the selected run on the Train page, optionally with another batch or device (Ctrl+R)</source>
        <translation>在训练页继续所选训练，可更换批大小或设备（Ctrl+R）</translation>
    </message>
    <message>
        <source>Delete permanently?</source>
        <translation>永久删除？</translation>
    </message>
    <message>
        <source>Delete runs</source>
        <translation>删除训练</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Filter by name, dataset, model (Ctrl+F)</source>
        <translation>按名称、数据集、模型筛选（Ctrl+F）</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>List the runs of another folder too, e.g. Ultralytics&apos; runs/detect</source>
        <translation>同时列出其他文件夹中的训练，例如 Ultralytics 的 runs/detect</translation>
    </message>
    <message>
        <source>Listing %1</source>
        <translation>正在列出 %1</translation>
    </message>
    <message numerus="yes">
        <source>Move %n run folder(s) to the trash? Its weights, curves and settings go with it.

%1</source>
        <translation>
            <numerusform>将 %n 个运行文件夹移入回收站吗？其中的权重、曲线和设置会一并移走。

%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Move the selected runs to the trash, after asking (Delete)</source>
        <translation>确认后将所选训练移入回收站（Delete）</translation>
    </message>
    <message>
        <source>No folder to list yet: runs you start on the Train page are kept in the project folder of the open dataset; Add folder… lists others (e.g. Ultralytics&apos; runs/detect).</source>
        <translation>还没有可列出的文件夹：在训练页开始的训练保存在当前数据集的项目文件夹中；“添加文件夹…”可列出其他文件夹（例如 Ultralytics 的 runs/detect）。</translation>
    </message>
    <message>
        <source>Not deleted: %1</source>
        <translation>未删除：%1</translation>
    </message>
    <message>
        <source>Not runs</source>
        <translation>不是训练</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Read the run folders again (F5)</source>
        <translation>重新读取运行文件夹（F5）</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Resume…</source>
        <translation>恢复…</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Show runs by status</source>
        <translation>按状态显示训练</translation>
    </message>
    <message>
        <source>Show the run&apos;s folder in the file manager (Ctrl+Shift+O)</source>
        <translation>在文件管理器中显示该训练的文件夹（Ctrl+Shift+O）</translation>
    </message>
    <message>
        <source>Stop listing this folder</source>
        <translation>不再列出此文件夹</translation>
    </message>
    <message>
        <source>Stopped, interrupted or failed</source>
        <translation>已停止、中断或失败</translation>
    </message>
    <message>
        <source>Select two or more runs to compare.</source>
        <translation>请选择两次或更多训练进行比较。</translation>
    </message>
    <message>
        <source>Not all runs could be read: %1</source>
        <translation>部分训练无法读取：%1</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Show the curves of the selected runs together (select two or more; Ctrl+D)</source>
        <translation>同时显示所选训练的曲线（选择两次或更多；Ctrl+D）</translation>
    </message>
    <message>
        <source>Runs you start on the Train page appear here with their curves, settings and events; Add folder… lists runs written elsewhere (e.g. Ultralytics&apos; runs/detect).</source>
        <translation>在训练页开始的训练会连同其曲线、设置和事件显示在这里；“添加文件夹…”可列出其他位置写入的训练（例如 Ultralytics 的 runs/detect）。</translation>
    </message>
    <message>
        <source>Go to the Train page</source>
        <translation>前往训练页</translation>
    </message>
    <message>
        <source>No runs yet</source>
        <translation>尚无训练记录</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>训练记录</translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation>导出报告…</translation>
    </message>
    <message>
        <source>Write the selected run&apos;s training report as HTML or PDF: data checks, settings, environment, memory and fit, curves, per-class results (Ctrl+E)</source>
        <translation>将所选训练的训练报告写为 HTML 或 PDF：数据检查、设置、环境、显存与适配、曲线、各类别结果（Ctrl+E）</translation>
    </message>
    <message>
        <source>Export model…</source>
        <translation>导出模型…</translation>
    </message>
    <message>
        <source>Write the selected run&apos;s weights as an ONNX file for OpenCV or ONNX Runtime (Ctrl+Shift+E)</source>
        <translation>将所选运行的权重写为 ONNX 文件，供 OpenCV 或 ONNX Runtime 使用（Ctrl+Shift+E）</translation>
    </message>
    <message>
        <source>%1 cannot be reviewed: it needs weights/best.pt or weights/last.pt and the dataset in its args.yaml.</source>
        <translation>无法审查 %1：需要 weights/best.pt 或 weights/last.pt，以及 args.yaml 中的数据集。</translation>
    </message>
    <message>
        <source>A review is running; cancel it or wait before reviewing another run.</source>
        <translation>正在审查；请先取消或等待完成，再审查另一个运行。</translation>
    </message>
    <message>
        <source>Review labels with this model…</source>
        <translation>用此模型审查标注…</translation>
    </message>
    <message>
        <source>Predict the run&apos;s dataset with its weights and list the labels the model disagrees with, likeliest mistakes first (Ctrl+Shift+L)</source>
        <translation>用该运行的权重预测其数据集，并列出模型不认同的标注，最可能的错误排在前面（Ctrl+Shift+L）</translation>
    </message>
</context>
<context>
    <name>ys::ui::SeriesChart</name>
    <message>
        <source>epoch</source>
        <translation>轮次</translation>
    </message>
</context>
<context>
    <name>ys::ui::StageEditor</name>
    <message>
        <source>Add a stage after the current one (Insert)</source>
        <translation>在当前阶段之后添加一个阶段（Insert）</translation>
    </message>
    <message>
        <source>Remove the current stage (Delete)</source>
        <translation>删除当前阶段（Delete）</translation>
    </message>
    <message>
        <source>Move the current stage up (Alt+Up)</source>
        <translation>将当前阶段上移（Alt+Up）</translation>
    </message>
    <message>
        <source>Move the current stage down (Alt+Down)</source>
        <translation>将当前阶段下移（Alt+Down）</translation>
    </message>
    <message>
        <source>No stages: the run is one stage of the image size, batch and epochs above.</source>
        <translation>没有阶段：训练只有一个阶段，使用上面的图像尺寸、批大小和轮数。</translation>
    </message>
    <message>
        <source>as text: 320x32:10,640xauto:80,640xauto:10:mosaic=0</source>
        <translation>文本形式：320x32:10,640xauto:80,640xauto:10:mosaic=0</translation>
    </message>
    <message>
        <source>The stages as text, as args.yaml and the command line write them (IMGSZxBATCH:EPOCHS[:key=value], stages separated by commas)</source>
        <translation>阶段的文本形式，与 args.yaml 和命令行的写法相同（IMGSZxBATCH:EPOCHS[:key=value]，阶段之间用逗号分隔）</translation>
    </message>
</context>
<context>
    <name>ys::ui::StageFitModel</name>
    <message>
        <source>%1 (auto)</source>
        <translation>%1（自动）</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Accumulate</source>
        <translation>累积</translation>
    </message>
    <message>
        <source>Checkpointing</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>batch=auto: fitted to the memory budget at this stage&apos;s image size</source>
        <translation>batch=auto：按此阶段的图像尺寸适配显存预算</translation>
    </message>
    <message>
        <source>Activation checkpointing in this stage (checkpoint=): the blocks whose activations are recomputed in the backward pass instead of kept</source>
        <translation>此阶段的激活检查点（checkpoint=）：在反向传播时重新计算激活而不保留的模块</translation>
    </message>
</context>
<context>
    <name>ys::ui::StageTableModel</name>
    <message>
        <source>Training image size of the stage, pixels (a multiple of 32)</source>
        <translation>此阶段的训练图像尺寸，像素（32 的倍数）</translation>
    </message>
    <message>
        <source>Images per batch, or auto: fitted to memory at the stage&apos;s image size</source>
        <translation>每批图像数，或 auto：按此阶段的图像尺寸适配显存</translation>
    </message>
    <message>
        <source>Epochs of the stage; the run&apos;s epochs are the stages&apos; total</source>
        <translation>此阶段的轮数；训练的总轮数为各阶段之和</translation>
    </message>
    <message>
        <source>Settings that differ in this stage, e.g. mosaic=0, mixup=0.1 (%1)</source>
        <translation>此阶段不同的设置，例如 mosaic=0, mixup=0.1（%1）</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Overrides</source>
        <translation>覆盖设置</translation>
    </message>
</context>
<context>
    <name>ys::ui::SuspectsView</name>
    <message>
        <source>Flip label / prediction</source>
        <translation>切换标注 / 预测</translation>
    </message>
    <message>
        <source>Show both boxes, the label only or the model&apos;s box only (T)</source>
        <translation>显示两个框、仅标注或仅模型的框（T）</translation>
    </message>
    <message>
        <source>Show hidden</source>
        <translation>显示已隐藏</translation>
    </message>
    <message>
        <source>List the suspects marked Not a mistake again, so they can be unmarked</source>
        <translation>再次列出标记为“不是错误”的疑似错误，以便取消标记</translation>
    </message>
    <message>
        <source>Not a mistake</source>
        <translation>不是错误</translation>
    </message>
    <message>
        <source>Hide the selected suspects, also from later reviews of this dataset</source>
        <translation>隐藏所选疑似错误，此数据集以后的审查中也不再显示</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>已修正</translation>
    </message>
    <message>
        <source>Mark the selected suspects done; Export fixes… writes their corrections</source>
        <translation>将所选疑似错误标记为已处理；“导出修正…”会写出它们的修正</translation>
    </message>
    <message>
        <source>Unmark</source>
        <translation>取消标记</translation>
    </message>
    <message>
        <source>Clear the mark of the selected suspects</source>
        <translation>清除所选疑似错误的标记</translation>
    </message>
    <message>
        <source>Export fixes…</source>
        <translation>导出修正…</translation>
    </message>
    <message>
        <source>Write corrected label files of the Fixed suspects (none Fixed: the selected ones) into a new folder outside the dataset</source>
        <translation>将已修正（若无已修正则为所选）疑似错误的修正标注文件写入数据集之外的新文件夹</translation>
    </message>
    <message>
        <source>Mark suspects Fixed or select some to export their fixes.</source>
        <translation>请将疑似错误标记为已修正或选择一些，以导出其修正。</translation>
    </message>
    <message numerus="yes">
        <source>%n corrected label file(s) written to %1</source>
        <translation>
            <numerusform>已将 %n 个修正后的标注文件写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder for the corrected label files</source>
        <translation>修正标注文件的文件夹</translation>
    </message>
    <message>
        <source>The model finds only %1% of the labels (confidence ≥ %2), so most of these suspects may be its own mistakes. Train it further for a review worth reading.</source>
        <translation>模型只找到了 %1% 的标注（置信度 ≥ %2），因此这些疑似错误中的大多数可能是模型自己的错误。请继续训练，审查结果才有参考价值。</translation>
    </message>
</context>
<context>
    <name>ys::ui::ThroughputChart</name>
    <message>
        <source>Throughput and time left</source>
        <translation>吞吐量与剩余时间</translation>
    </message>
    <message>
        <source>images per second</source>
        <translation>每秒图像数</translation>
    </message>
    <message>
        <source>images/s</source>
        <translation>张/秒</translation>
    </message>
    <message>
        <source>time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <source>time since start</source>
        <translation>开始后的时间</translation>
    </message>
</context>
<context>
    <name>ys::ui::ThumbnailDelegate</name>
    <message>
        <source>Cannot decode</source>
        <translation>无法解码</translation>
    </message>
</context>
<context>
    <name>ys::ui::TrainPage</name>
    <message>
        <source>%1 free</source>
        <translation>可用 %1</translation>
    </message>
    <message>
        <source>&amp;Fit to My GPU…</source>
        <translation>适配我的 GPU(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Start Training</source>
        <translation>开始训练(&amp;S)</translation>
    </message>
    <message>
        <source>A training run is in progress.</source>
        <translation>有训练正在进行。</translation>
    </message>
    <message>
        <source>Before you start</source>
        <translation>开始之前</translation>
    </message>
    <message numerus="yes">
        <source>Finished %n epoch(s); %1.</source>
        <translation>
            <numerusform>已完成 %n 轮；%1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Fit to my GPU</source>
        <translation>适配我的 GPU</translation>
    </message>
    <message>
        <source>Fit to my GPU measures memory and picks the batch, image size and AMP that fit; the Fit dialog is not part of this build yet</source>
        <translation>“适配我的 GPU”会实测显存并选出放得下的批大小、图像尺寸和 AMP；此版本尚未包含适配对话框</translation>
    </message>
    <message>
        <source>Keep Training</source>
        <translation>继续训练</translation>
    </message>
    <message>
        <source>Measure memory and pick the batch, image size and AMP that fit the device</source>
        <translation>实测显存，选出适合该设备的批大小、图像尺寸和 AMP</translation>
    </message>
    <message numerus="yes">
        <source>No improvement for the patience window: stopped after %n epoch(s); %1.</source>
        <translation>
            <numerusform>在耐心窗口内没有提升：%n 轮后停止；%1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Open a dataset</source>
        <translation>打开数据集</translation>
    </message>
    <message>
        <source>Pause after the current step, or resume (Ctrl+Shift+P)</source>
        <translation>当前步骤结束后暂停，或继续（Ctrl+Shift+P）</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Show the findings</source>
        <translation>查看检查结果</translation>
    </message>
    <message>
        <source>Start a run of this setup on the open dataset (Ctrl+Enter)</source>
        <translation>用此设置在当前数据集上开始训练（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Start anyway, with the label errors</source>
        <translation>忽略标注错误，直接开始</translation>
    </message>
    <message>
        <source>Stop after the current step; weights/last.pt is written so the run can be resumed (Ctrl+.)</source>
        <translation>当前步骤结束后停止；会写入 weights/last.pt，以便恢复训练（Ctrl+.）</translation>
    </message>
    <message>
        <source>Stop and Close</source>
        <translation>停止并关闭</translation>
    </message>
    <message>
        <source>Stop it and close? The run stops after the current step and writes weights/last.pt, so you can resume it later.</source>
        <translation>停止训练并关闭吗？训练会在当前步骤结束后停止并写入 weights/last.pt，之后可以恢复。</translation>
    </message>
    <message numerus="yes">
        <source>Stopped by you after %n epoch(s); %1. weights/last.pt can be resumed.</source>
        <translation>
            <numerusform>已由您在 %n 轮后停止；%1。可从 weights/last.pt 恢复。</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopping after the current step; weights/last.pt will hold the weights.</source>
        <translation>将在当前步骤结束后停止；权重会保存在 weights/last.pt。</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>The training run stopped with an error.</source>
        <translation>训练因错误而停止。</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练中</translation>
    </message>
    <message>
        <source>Training %1 on %2 (%3 epochs, imgsz %4); run folder under %5</source>
        <translation>正在 %2 上训练 %1（%3 轮，imgsz %4）；运行文件夹位于 %5</translation>
    </message>
    <message>
        <source>Training of %1 failed</source>
        <translation>%1 的训练失败</translation>
    </message>
    <message>
        <source>Training of %1: %2</source>
        <translation>%1 的训练：%2</translation>
    </message>
    <message>
        <source>YOLO Studio</source>
        <translation>YOLO Studio</translation>
    </message>
    <message>
        <source>best mAP50-95 %1 at epoch %2</source>
        <translation>最佳 mAP50-95 为 %1（第 %2 轮）</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>no validated epoch</source>
        <translation>没有已验证的轮次</translation>
    </message>
    <message>
        <source>paused in epoch %1</source>
        <translation>在第 %1 轮暂停</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>正在启动</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>正在停止</translation>
    </message>
    <message>
        <source>training epoch %1 of %2</source>
        <translation>正在训练第 %1 / %2 轮</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Write the training report of the last run as HTML or PDF (Ctrl+E)</source>
        <translation>将最近一次训练的训练报告写为 HTML 或 PDF（Ctrl+E）</translation>
    </message>
    <message>
        <source>&amp;Paste a Command…</source>
        <translation>粘贴命令(&amp;P)…</translation>
    </message>
    <message>
        <source>Fill the setup from a YOLOv5, YOLOv7, YOLOv9 or Ultralytics training command you already have (Ctrl+Shift+V)</source>
        <translation>根据您已有的 YOLOv5、YOLOv7、YOLOv9 或 Ultralytics 训练命令填写训练设置（Ctrl+Shift+V）</translation>
    </message>
    <message>
        <source>Paste Command</source>
        <translation>粘贴命令</translation>
    </message>
    <message>
        <source>Pausing after this step…</source>
        <translation>完成本步后暂停…</translation>
    </message>
    <message>
        <source>Export &amp;Model…</source>
        <translation>导出模型(&amp;M)…</translation>
    </message>
    <message>
        <source>Write the last run&apos;s weights as an ONNX file for OpenCV or ONNX Runtime (Ctrl+Shift+E)</source>
        <translation>将上一次运行的权重写为 ONNX 文件，供 OpenCV 或 ONNX Runtime 使用（Ctrl+Shift+E）</translation>
    </message>
</context>
</TS>
