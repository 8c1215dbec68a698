<?xml version='1.0' encoding='utf-8'?>
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
        <source>Open the built-in demo dataset (written to the user's data folder on first use).</source>
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
        <source>Looking for orphan labels…</source>
        <translation>正在查找孤立的标注文件…</translation>
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
        <translation><numerusform>%Ln 张图像</numerusform></translation>
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
        <translation><numerusform>%Ln 条结果</numerusform></translation>
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
        <translation><numerusform>%Ln 个框</numerusform></translation>
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
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
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
        <source>&amp;Export Check Result…</source>
        <translation>导出检查结果(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the findings as JSON or CSV</source>
        <translation>将检查结果保存为 JSON 或 CSV</translation>
    </message>
    <message>
        <source>Check finished</source>
        <translation>检查完成</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
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
        <source>Could not open the dataset.</source>
        <translation>无法打开数据集。</translation>
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
        <source>%1 — YOLO Studio</source>
        <translation>%1 — YOLO Studio</translation>
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
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The new language is used after YOLO Studio restarts.</source>
        <translation>新语言将在 YOLO Studio 重新启动后生效。</translation>
    </message>
    <message>
        <source>Restart now? The open dataset is opened again.</source>
        <translation>现在重新启动吗？当前数据集会被重新打开。</translation>
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
    <name>ys::ui::PlotsWidget</name>
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
    <name>ys::ui::ThumbnailDelegate</name>
    <message>
        <source>Cannot decode</source>
        <translation>无法解码</translation>
    </message>
</context>
</TS>