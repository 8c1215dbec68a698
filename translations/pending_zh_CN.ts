<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <source>dfl loss</source>
        <translation>dfl 损失</translation>
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
        <source>val dfl loss</source>
        <translation>验证 dfl 损失</translation>
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
</context>
<context>
    <name>ys::ui::FitText</name>
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
</context>
<context>
    <name>ys::ui::MainWindow</name>
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
</context>
<context>
    <name>ys::ui::PredictionPreview</name>
    <message>
        <source>ground truth</source>
        <translation>真实标注</translation>
    </message>
    <message>
        <source>predicted, epoch %1</source>
        <translation>预测结果，第 %1 轮</translation>
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
    <name>ys::ui::RunDetail</name>
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
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
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
        <source>Something went wrong that did not stop the run (e.g. a report file could not be written).</source>
        <translation>出现了未使训练停止的问题（例如无法写入报告文件）。</translation>
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
        <source>The epoch reached a new best fitness (0.1 x mAP50 + 0.9 x mAP50-95): weights/best.pt was written.</source>
        <translation>本轮达到新的最佳 fitness（0.1 x mAP50 + 0.9 x mAP50-95）：已写入 weights/best.pt。</translation>
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
        <source>The user stopped the run; weights/last.pt holds the last finished epoch and can be resumed.</source>
        <translation>用户停止了训练；weights/last.pt 保存最后完成的一轮，可以恢复。</translation>
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
        <source>YOLO Studio</source>
        <translation>YOLO Studio</translation>
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
</context>
</TS>
