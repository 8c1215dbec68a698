<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>QFileDialog</name>
    <message>
        <source>Look in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File &amp;name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files of type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Choose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parent Directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create New Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All Files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;hidden files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Folder</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QFileSystemModel</name>
    <message>
        <source>Computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date Modified</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QLineEdit</name>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select All</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QMessageBox</name>
    <message>
        <source>Show Details...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide Details...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Qt</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>YOLO Studio: check datasets and train YOLO detectors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the built-in demo dataset (written to the user&apos;s data folder on first use).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User interface language: en or zh_CN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit after this many milliseconds (checks that an installed copy starts; works with QT_QPA_PLATFORM=offscreen).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset to open (a data.yaml or its folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--quit-after needs a number of milliseconds, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::Bytes</name>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 TiB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ChartText</name>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epoch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 img/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ClassMetricsModel</name>
    <message>
        <source>all classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP50-95</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::CompareText</name>
    <message>
        <source>mAP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training losses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation losses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision and recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP50-95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>box loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cls loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dfl / l1 loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val box loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val cls loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val dfl / l1 loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These runs score mAP, precision and recall as different Ultralytics releases (%1). 8.3 reads higher than 8.4 at low recall: compare their metrics within one release only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which curves to compare</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ConfigForm</name>
    <message>
        <source>Folder for run folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset (*.yaml *.yml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint to resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint (last.pt *.pt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset all settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot load %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has values YOLO Studio cannot use; nothing was changed. Fix them and load it again:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left as they are (a resumed run cannot change them): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings (args.yaml, hyp.yaml) (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings (*.yaml *.yml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy key name (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range: %1 to %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 means %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Can change when a run is resumed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed once a run has started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to fix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter settings (name or description)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show advanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the settings that are rarely changed. Changed or invalid ones always show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load an args.yaml or hyp.yaml (Ultralytics, YOLOv9): its values replace the form&apos;s; keys YOLO Studio does not use are kept for saving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the settings as YAML (the loaded file&apos;s other keys and comments are kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every setting back to its default (the dataset stays)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resuming a run: only %1 can change; everything else comes from the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept from %1 for saving, not used by YOLO Studio (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About this setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to the default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole device (e.g. 8GiB or 0.8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no: start a new run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ConfigText</name>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path to data.yaml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model YAML (yolov8n.yaml, yolo11s.yaml, yolov9c.yaml, ...) or checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epochs to train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stages IMGSZxBATCH:EPOCHS[:key=value], e.g. 320x32:10,640xauto:80,640xauto:10:mosaic=0; empty = one stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image size in pixels, multiple of 32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>images per batch; -1 or auto = fit to memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cpu, 0, cuda:0; GPUs 0,1 train one process each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronised BatchNorm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BatchNorm statistics over every process&apos;s images (data-parallel runs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loader workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data loader threads; 0 = main thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixed precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixed precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activation checkpointing: off, auto, backbone, all or [layer, ...]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parent folder of run folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run folder name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reuse run folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reuse an existing run folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint to resume from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>random seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deterministic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reproducible batches for a seed and worker count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Patience</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epochs without improvement before early stop; 0 = off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validate each epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validate every epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save weights every</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>save weights every N epochs; -1 = off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rectangular batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rectangular training batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cache decoded images in RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fraction of the training set to use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes to train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train on these class ids only, e.g. [0, 2, 3] (renumbered 0..k-1); empty = all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frozen layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers not trained: N = the first N, or [i, j, ...]; empty = none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cosine LR schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cosine LR schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close mosaic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disable mosaic for the last N epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU threads for tensor ops; 0 = all cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory budget, e.g. 8GiB or 0.8; empty = whole device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initial learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>initial learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final LR factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final LR as a fraction of lr0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD momentum / Adam beta1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warmup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warmup epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warmup momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warmup initial momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warmup bias LR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warmup initial bias LR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nominal batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nominal batch size for accumulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box loss gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>box loss gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class loss gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class loss gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DFL loss gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DFL loss gain (the L1 box-distance loss for YOLO26)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hue jitter fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saturation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saturation jitter fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Brightness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value jitter fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rotation +/- degrees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Translation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>translation +/- fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale +/- gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shear +/- degrees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perspective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perspective coefficient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertical flip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vertical flip probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Horizontal flip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>horizontal flip probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mosaic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mosaic probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixup probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy-paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copy-paste probability (segments only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NMS confidence threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NMS IoU threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max detections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>detections per image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validate with NMS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validate with NMS; false: YOLO26&apos;s one-to-one head without NMS (Ultralytics 8.4&apos;s nms=False)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class-agnostic NMS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class-agnostic NMS: a box suppresses overlapping boxes of every class (Ultralytics&apos; agnostic_nms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metrics as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP and best.pt as this Ultralytics release computes them (8.4: greedy matching, mAP50-95 fitness)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>main thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (fp16 on CUDA, bf16 where the CPU has it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off (fp32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (SGD for long runs, MuSGD for YOLO26; AdamW for short ones)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MuSGD (Ultralytics 8.4: Muon + SGD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics 8.4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics 8.3 (higher at low recall)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every training setting at the value Ultralytics uses by default (YOLOv8 / YOLO11). Dataset, model, device, memory budget and output folder stay as they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOLOv9 hyp.scratch-high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hyperparameters of YOLOv9&apos;s hyp.scratch-high.yaml (training from scratch with strong augmentation): scale 0.9, mixup 0.15, copy-paste 0.3, the rest as Ultralytics.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For a 4-6 GB GPU or a small machine: batch 8 with nbs 64 (8 batches accumulated, so the optimizer still steps on 64 images and weight decay is unchanged), mixed precision on, no RAM cache, 2 loader workers. Image size and augmentation stay: they decide what the model learns. For the largest batch that fits your card, use Fit to my GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staged: warm up small, train at full size, finish without mosaic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Three stages in one run: 10 epochs at 320 px with batch 32 (fast, and settles the statistics), 80 at 640 with the batch fitted to memory, 10 at 640 with mosaic off (instead of close_mosaic). One optimizer, EMA and learning-rate schedule across the stages; each stage&apos;s batch is fitted at its own image size before the run starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model &amp; data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory &amp; precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss gains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Augmentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>°</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1, %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be true or false, not “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a whole number, not “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a number, not “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be between %1 and %2, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be one of %1, not “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be the path of a run&apos;s weights/last.pt or of its run folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a multiple of 32 (the model&apos;s largest stride), not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at least 1, or auto to fit it to memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no dataset: open one, or choose its data.yaml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model: pick one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a size such as 8GiB or 6000MB, or a fraction such as 0.8, not “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be cpu, a GPU index such as 0, cuda:0, or GPUs such as 0,1, not “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>names a GPU twice (“%1”): list each GPU once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be off, auto, backbone, all or a list of layers such as [2, 4, 6], not “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a stage: write IMGSZxBATCH:EPOCHS, e.g. 640x16:10 or 640xauto:10:mosaic=0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot change between stages (a stage may set %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is %1 but the stages add up to %2 epochs; leave epochs out or make them agree</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::Dashboard</name>
    <message>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the engine&apos;s messages (events always show)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel: %1 processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel: %1 × %2 = %3 images per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank 0 · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validation batch %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batch %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validation batch halved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1: %2 px, batch %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::DatasetController</name>
    <message>
        <source>Could not write the demo dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check stopped with an internal error.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::DatasetPage</name>
    <message numerus="yes">
        <source>%Ln image(s)</source>
        <translation>
            <numerusform>%Ln image</numerusform>
            <numerusform>%Ln images</numerusform>
        </translation>
    </message>
    <message>
        <source>Unreadable or invalid images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label format errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train/val leakage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes too small to learn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unusual box sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crowded images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backgrounds (no boxes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Polygons mixed with boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset description (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent datasets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent datasets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scanning images and labels…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking labels and images…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing images for duplicates…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the demo dataset…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working (%1)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspected label mistakes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspected label mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Dataset…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Recent Datasets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Demo Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Check Result…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the findings as JSON or CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a YOLO dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a data.yaml, drop one (or its folder) onto this window, or start with the built-in demo dataset. The studio never modifies your files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open data.yaml…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open demo dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training image size: boxes smaller than %1 px after letterboxing to this size are reported as too small to learn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>imgsz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw the labelled boxes on the thumbnails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All splits (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With errors or warnings (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without errors or warnings (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No dataset open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 images · %2 boxes · %3 classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 errors, %2 warnings, %3 info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Check Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not export the check result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check result written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no finished check to export.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::DatasetReviewTab</name>
    <message numerus="yes">
        <source>Reviewed with %1 on the %2 (%3): %n suspect(s), likeliest mistakes first.</source>
        <translation>
            <numerusform>Reviewed with %1 on the %2 (%3): %n suspect, likeliest mistakes first.</numerusform>
            <numerusform>Reviewed with %1 on the %2 (%3): %n suspects, likeliest mistakes first.</numerusform>
        </translation>
    </message>
    <message>
        <source>No review of this dataset yet. On the Runs page, select a finished run and choose Review labels with this model…: the labels its model disagrees with are listed here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::DatasetStatsWidget</name>
    <message>
        <source>Boxes per class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box width vs height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images without boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupt images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orphan labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>√(w·h) in pixels at imgsz %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 boxes under %3 px (too small to learn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>width (fraction of image)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>height (fraction of image)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box width vs height (every %1th box)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::DeviceListModel</name>
    <message>
        <source>GPUs %1 · one training process each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel: %1 processes, one per GPU; the batch is split between them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not found on this machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This device is not present here. The setting is kept; a run started on this machine with it will fail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU · %1 cores · %2 RAM, %3 free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · %2 · %3, %4 free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2 logical cores, %3 RAM, %4 available now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Compute capability %2.%3, %4 multiprocessors
%5 total, %6 free now (other programs included)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::DevicePicker</name>
    <message>
        <source>GPU %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the devices again (free memory changes as other programs run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train on several GPUs at once: one process per ticked GPU (data parallel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>× </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>× 1 process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training processes on the CPU (data parallel, nproc): each trains its share of the batch on its share of the cores</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::DeviceText</name>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this build of LibTorch has no CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the NVIDIA driver sees a GPU, but LibTorch cannot use it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no NVIDIA driver (libcuda.so.1 not found); on WSL2 the Windows NVIDIA driver provides it in /usr/lib/wsl/lib, which must be on the library path (ldconfig or LD_LIBRARY_PATH)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no NVIDIA driver (libcuda.so.1 not found)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the NVIDIA driver&apos;s libcuda.so.1 cannot be loaded (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the NVIDIA driver supports CUDA %1; this build needs CUDA %2 (driver %3 or newer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the NVIDIA driver supports CUDA %1; this build needs CUDA %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the NVIDIA driver sees no GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the NVIDIA driver sees no GPU (CUDA_VISIBLE_DEVICES=&quot;&quot; hides every GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the NVIDIA driver sees no GPU with CUDA_VISIBLE_DEVICES=&quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the NVIDIA driver failed to start (%1 returned %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this libcuda.so.1 is CUDA&apos;s stub library, not a driver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the driver&apos;s kernel module and libcuda.so.1 differ in version (reboot after a driver update)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>often the nvidia-uvm kernel module is not loaded (sudo modprobe nvidia-uvm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::EpochTableModel</name>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best epoch so far (fitness %1), kept as weights/best.pt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This epoch was not validated (val=false validates only the last epoch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DFL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP50-95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Val box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Val cls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Val L1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Val DFL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>img/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time since the run started when the epoch ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean training box loss (CIoU) of the epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean training classification loss (BCE) of the epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean training L1 box-distance loss of the epoch (YOLO26: no DFL bins)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean training distribution focal loss of the epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision on the validation split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recall on the validation split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate of parameter group 0 at the end of the epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training images per second, loading included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highest tensor memory during the epoch</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ExportDialog</name>
    <message>
        <source>ONNX Runtime, fixed size (opset 12)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenCV DNN and ONNX Runtime (fixed size, opset 12)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For ONNX Runtime; the input size and batch are fixed. OpenCV 4.6 cannot run this file (it has no TopK): the studio runs the graph up to the top-k through OpenCV and compares it with the trained model, and checks the whole file with ONNX&apos;s checker.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loads in OpenCV&apos;s DNN module (4.6, as in Debian 12, and newer) and in ONNX Runtime. The input size and batch are fixed; the studio runs the file through OpenCV and compares it with the trained model before writing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For ONNX Runtime: any batch and any image size that is a multiple of 32. OpenCV 4.6 cannot read such a file. Checked with ONNX&apos;s checker only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opsets 11 to 17 suit the ONNX Runtime releases that implement them. OpenCV 4.6 cannot run an end-to-end file at any opset (it has no TopK).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opset 12 with fixed shapes suits OpenCV; opsets 13 to 17 suit the ONNX Runtime releases that implement them (OpenCV 4.6 reads them too when the shapes are fixed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX model (*.onnx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Weights:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;For:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX Runtime, any image size and batch (opset 17)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Image size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width and height of the input in pixels, a multiple of 32. The weights were trained at %1 px.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Batch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images per forward pass, fixed in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Opset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dynamic batch and image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Half precision (float16, for GPU runtimes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights, input and output in float16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a CUDA GPU, which this computer does not have</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For OpenCV and &amp;NMS after the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output [batch, 4 + classes, anchors]: the box and the class scores of every anchor; your code runs NMS. Loads in OpenCV DNN and ONNX Runtime (Ultralytics 8.4&apos;s default export).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End-&amp;to-end, no NMS (ONNX Runtime)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The one-to-one head and a top-k inside the file (Ultralytics&apos; nms=False): output [batch, max detections, 6] = x1, y1, x2, y2, score, class, best first; no NMS needed. Needs ONNX Runtime: OpenCV 4.6 has no TopK.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only YOLO26 models have the one-to-one head an end-to-end file needs; these weights have none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only YOLO26 models have the one-to-one head an end-to-end file needs; these weights (%1) have none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Max detections:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detections per image in the output, best first; at most one per anchor of the image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One class per box (class-&amp;agnostic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each anchor gives one row, its best class (Ultralytics&apos; agnostic_nms). Unchecked, the best (anchor, class) pairs are kept, so one box may come twice with two classes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save as:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ExportResultDialog</name>
    <message numerus="yes">
        <source>%1, %2 %3: per anchor cx, cy, w, h in input pixels, then %n class score(s) (sigmoid); no NMS</source>
        <translation>
            <numerusform>%1, %2 %3: per anchor cx, cy, w, h in input pixels, then %n class score (sigmoid); no NMS</numerusform>
            <numerusform>%1, %2 %3: per anchor cx, cy, w, h in input pixels, then %n class scores (sigmoid); no NMS</numerusform>
        </translation>
    </message>
    <message>
        <source>Model exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2, %3 from %4, %5 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 %3: RGB scaled to 0..1, letterboxed with grey (114) to %4 x %5 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 %3: per image its best detections (k = %4), each x1, y1, x2, y2 in input pixels, score, class, best first; no NMS needed (keep the rows above your threshold). Its top-k needs ONNX Runtime: OpenCV 4.6 cannot run it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>. One row per box, its best class (class-agnostic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX&apos;s checker and strict shape inference passed (opset %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenCV %1 runs the graph up to its top-k and matches the trained model (boxes within %2 px); the top-k itself is checked by ONNX&apos;s checker only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenCV %1 runs it and matches the trained model (boxes within %2 px).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run in OpenCV: OpenCV 4.6 reads files with fixed shapes only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Folder</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::FindingText</name>
    <message>
        <source>Image cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not an image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported image format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupt image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Truncated image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Damaged image data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image too small</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extension does not match the content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No label file (background)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty label file (background)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong number of columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value is NaN or infinite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Negative class id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class id is not an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class id out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coordinates outside the image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zero or negative box size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Polygons mixed with boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More problems in this file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label file without an image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Near-duplicate box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box too small to learn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unusual box size or shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unusually many boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Near-duplicate image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same image in train and val</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Near-identical image in train and val</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listed image does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image list cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image listed twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class never used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class with very few boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes strongly imbalanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the image: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is not an image: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image file is empty (0 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is a %1 image, which YOLO training does not read; convert it to JPEG or PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; does not have an image extension (bmp, dng, jpeg, jpg, mpo, png, tif, tiff, webp, pfm) and is skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image cannot be decoded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broken image header: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is truncated (%1); restore it from the original, the studio never rewrites it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image decodes, but the decoder reports: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image is %1x%2 px; at least 10 px on each side are needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the extension does not match the content, which is %1; rename the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no label file: the image is used as a background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty label file: the image is used as a background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row has %1 values; expected 5 (class cx cy w h) or a polygon (class x1 y1 x2 y2 x3 y3 ...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value %1 (&apos;%2&apos;) is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row contains NaN or infinity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class id %1 is negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class id %1 is not a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class id %1 is out of range: data.yaml has %2 classes (ids 0..%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coordinates outside the image: %1 (normalised coordinates must lie in 0..1, 1% tolerance)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>polygon point %1 = (%2, %3) lies outside the image (normalised coordinates must lie in 0..1, 1% tolerance)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>box has width %1 and height %2; both must be above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>polygon encloses no area (its bounding box is empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row repeats line %1 exactly (the copy is ignored)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file mixes %1 box rows with %2 polygon rows; use one format per dataset (polygons are reduced to boxes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more problems in this file are not listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label file has no image (expected an image named %1.* in %2); delete it or restore the image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>box overlaps the box of line %1 of the same class with IoU %2; delete one of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>box is %1x%2 px at imgsz %3 (under %4 px: too small to learn); raise imgsz or drop the box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unusual box for class &apos;%1&apos;: its area is %2x larger than the class median (%5 boxes of the class); check the class id and the box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unusual box for class &apos;%1&apos;: its area is %2x smaller than the class median (%5 boxes of the class); check the class id and the box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unusual box for class &apos;%1&apos;: its aspect ratio (w/h %3) is far from the class median (%4) (%5 boxes of the class); check the class id and the box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unusual box for class &apos;%1&apos;: its area is %2x larger than the class median, and its aspect ratio (w/h %3) is far from the class median (%4) (%5 boxes of the class); check the class id and the box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unusual box for class &apos;%1&apos;: its area is %2x smaller than the class median, and its aspect ratio (w/h %3) is far from the class median (%4) (%5 boxes of the class); check the class id and the box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image has %1 boxes (dataset mean %2); such images set the assigner&apos;s peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image is a byte-identical copy of %1 (%2); keep one of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image looks like a re-encoded or resized copy of %1 (perceptual hash distance %2 of 64); keep one of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image is a byte-identical copy of %1: the same image is in %2 and %3; remove one copy so validation measures unseen images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the same file is in %1 and %2; remove it from one split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image looks like a re-encoded or resized copy of %1 (perceptual hash distance %2 of 64), so it is in %3 and %4; remove one copy so validation measures unseen images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no images: no file with an image extension was found in %2; check the path in data.yaml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>listed image does not exist: %1; fix the list or restore the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read this image list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image %1 is listed more than once in %2 (the copy is ignored)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 &apos;%2&apos; has no boxes in train; the model cannot learn it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 &apos;%2&apos; has no boxes in train (only in val/test); the model cannot learn it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 &apos;%2&apos; has only %3 boxes in train (fewer than %4); label more examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1 &apos;%2&apos; has only %3 box in train (fewer than %4); label more examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>classes are imbalanced: &apos;%1&apos; has %2 boxes in train, &apos;%3&apos; %4 (ratio %5, above %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>right edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bottom edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::FindingsModel</name>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::FindingsView</name>
    <message numerus="yes">
        <source>%Ln finding(s)</source>
        <translation>
            <numerusform>%Ln finding</numerusform>
            <numerusform>%Ln findings</numerusform>
        </translation>
    </message>
    <message>
        <source>Filter by problem, code, file or message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 shown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::FitDialog</name>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This device (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer&apos;s CPU (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer&apos;s CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom GPU…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synthetic images (no dataset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 total, %3 free)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitting &lt;b&gt;%1&lt;/b&gt; on &lt;b&gt;%2&lt;/b&gt; · device %3 · %4 loader workers · nominal batch %5 · optimizer %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. Choose the CPU to fit for this computer&apos;s memory, or a card to plan for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planning for a card this machine does not have: the fit measures here and predicts for the card. The result says how certain that is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured on this computer&apos;s CPU; Apply also sets the device to the CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured on this device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All of it: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All of the device&apos;s memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a size or a fraction: type e.g. 8GiB, 6000MB or 0.8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= %1 (%2% of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a fraction of the device&apos;s memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling after the current step…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled. The last result, if any, is still shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fit failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fit failed: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured %1 probe steps in %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit to my GPU: batch %1 at %2 px with %3 checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit to my GPU: batch %1 (%2 × %3) at %4 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit to my GPU: batch %1 at %2 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (as recommended above)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no image size fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no batch fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (−%3% activation memory, %4% step time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit to my GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory &amp;budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all of it; or 8GiB, 6000MB, 0.8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A size (8GiB, 6000MB) or a fraction of the card&apos;s memory (0.8 or 80%). Empty: all of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Train on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan for a GPU this machine does not have: the fit measures here and predicts for that card.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total memory of the card, as the driver reports it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest &amp;batch at image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest &amp;image size for batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Precision (amp):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto: fp16 on a GPU, bf16 on CPUs that have it; off: fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure real training steps and validation batches on this device (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop measuring (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply to setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write batch, image size and precision into the training setup (undo with Ctrl+Z)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Run: the fit trains a few real steps of this setup on its most crowded images and validates a batch, then predicts the memory of every batch size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Margin:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accumulation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certainty:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;heckpointing:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation checkpointing recomputes the chosen blocks&apos; activations in the backward pass instead of keeping them: a larger batch or image size fits, each step is slower. The one chosen here is applied with the rest (checkpoint=).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Stages, each fitted at its image size&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Memory at the peak&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation memory each layer keeps for the backward pass at the probed batch and image size (fp32), largest first; ★ marks the layers checkpointing would help (checkpoint = [layers])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Largest batch by model scale, image size and precision&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Why&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::FitTableModel</name>
    <message>
        <source>The largest batch under the budget with every block checkpointed (checkpoint=all): the blocks&apos; activations are recomputed in the backward pass instead of kept, so less memory, slower steps. — when not even batch 1 fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recommended configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated from this model&apos;s measurements by parameter count and activation size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpointed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Basis</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::FitText</name>
    <message numerus="yes">
        <source>there is no %1 here: the NVIDIA driver sees %n GPU(s)</source>
        <translation>
            <numerusform>there is no %1 here: the NVIDIA driver sees %n GPU</numerusform>
            <numerusform>there is no %1 here: the NVIDIA driver sees %n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>fp16 mixed precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 mixed precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full precision (fp32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> on the %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit: batch %1 needs about %2 even at the smallest image size (%3 px), more than your %4 budget%5 allows with its margin. Lower the batch, choose a smaller model or raise the budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit: even batch 1 at %1 px needs about %2, more than your %3 budget%4 allows with its margin. Lower the image size, choose a smaller model or raise the budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1 fits up to %2 px with %3: it needs about %4 of your %5 budget%6; %7% stays free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1 at %2 px with %3 needs about %4 of your %5 budget%6; %7% stays free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the fit keeps at least %1% of the budget free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The prediction is %1 over the budget (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2%) of the budget stays free; %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 = %3 images per step over %2 processes; accumulates gradients over %4 steps (nominal batch %5): each optimizer step sees about %6 images.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 = %3 images per step over %2 processes; no accumulation (nominal batch %4 ÷ %3 rounds to 1 or less).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accumulates gradients over %1 batches (nominal batch %2 ÷ batch %3): each optimizer step sees about %4 images.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No accumulation: every batch is one optimizer step (nominal batch %1 ÷ batch %2 rounds to 1 or less).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>within about %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured on this CPU: every tensor the training step allocates is counted (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured on %1; the memory the allocator reserves is estimated as %2 × the measured peak (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planned for the %1 from measurements on %2: CUDA context, workspaces and allocator rounding are estimates (%3). Measure on the card itself for a measured answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: tensor memory tracked on this CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured on this GPU; reserved memory estimated as %1 × the peak allocated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planned: predicted for a GPU from measurements on this CPU, with estimated CUDA context, workspace and allocator rounding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CUDA context and the cuDNN/cuBLAS workspaces are assumed to take %1 (lazy module loading).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The allocator is assumed to reserve %1 × the peak it hands out (1.03 with fixed shapes, up to 1.3 when shapes change).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is predicted, not measured: half of the measured fp32 activations plus a 16-bit copy of the weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the fit on the card itself (device 0) for a measured recommendation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The budget covers the tensors the training allocates; decoded images in the data loader and the program itself come on top.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Includes the %1 optimizer&apos;s state, the EMA copy of the model and validation at twice the batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probed on the %1 most crowded training images (with mosaic); the most boxes in one image of the dataset is %2, and the assigner&apos;s memory grows with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No dataset given: probed on synthetic images with %1 boxes each.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The data loader keeps %1 batches ready (%2 loader workers beside %3 model threads); they count in CPU memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workers = %1 becomes 0 here: the %2 model threads use all %3 cores, so each batch is built between steps and none waits in memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 batches the data loader keeps ready wait in the computer&apos;s memory, outside the GPU budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer = auto picks %1 from batch %2 on (10000 optimizer steps or fewer); its extra state is counted there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 image(s) left out, as training leaves them out (unreadable, corrupt, truncated or under 10 px).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model has no other scales, so the table lists only this model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Even batch 1 does not fit the budget at this image size: lower the image size or raise the budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (layer %2) keeps the most activation memory: %3% of %4 at batch %5 and image size %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The attention maps of %1 PSA block(s) keep %2 at batch %3 and image size %4 (%5% of the peak); they grow with the square of the tokens: 16× for twice the image size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1 fits with %2 checkpointing: −%3% activation memory, %4% step time (measured).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image size %1 fits batch %2 with %3 checkpointing: −%4% activation memory, %5% step time (measured).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint = auto recomputes layers %1 so that batch %2 fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint = auto recomputes layers %1 so that image size %2 fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint = auto: batch %1 fits without checkpointing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1 does not fit even with every block checkpointed (largest: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staged run of %1 stages: probed at the largest stage image size, %2; each stage fitted at its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted per device: %1 images per device × %2 processes = %3 images per step (the run&apos;s batch is %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 processes on this computer&apos;s CPU share its memory: each is fitted to %2, its share of %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The training set caps the batch: %1 images per step for %2 training images (memory would allow more).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not available here: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fit was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image size cannot be fitted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The batch cannot be fitted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The device is not available on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The target GPU is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This precision cannot run on the device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The optimizer is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The device ran out of memory while measuring. Free memory on it or lower the image size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The measurements did not determine a memory model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory budget is not a size or a fraction.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dataset could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A file the fit needs could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A file or folder could not be read or written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A setting of the fit cannot be used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not even the smallest batch fits the memory budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fit failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the dataset and building the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitting the memory model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring probe step %1 of %2 on the %3…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EMA copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss + assigner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loader queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context + workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocator overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters and buffers of the model (and their 16-bit copy under fp16).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One gradient per parameter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD momentum, or AdamW&apos;s two moments, per parameter (MuSGD: two buffers per weight matrix and conv filter, one for the others).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The exponential moving average of the weights that validation and best.pt use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the forward pass keeps for the backward pass; grows with batch × image size².</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss and the task-aligned assigner; grows with the most crowded image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches the data loader prepares ahead (CPU memory).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CUDA context and the cuDNN/cuBLAS workspaces, outside the allocator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rounding and fragmentation of the caching allocator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors at the peak beyond the named parts (temporaries, the process&apos;s own).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation runs at twice the batch in its own phase: it must fit too, but does not add to the training step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training step (batch %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation (batch %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget − %1% margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tensor the layer hands on, kept for the backward pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved inside the layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors the layer keeps for its backward pass beyond its output: what checkpointing it frees (recomputed in the backward pass)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 P%3/%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ImageListModel</name>
    <message numerus="yes">
        <source>%Ln box(es)</source>
        <translation>
            <numerusform>%Ln box</numerusform>
            <numerusform>%Ln boxes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 × %2 px</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ImageViewer</name>
    <message>
        <source>Zoom In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit to Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cx</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an image to see it at full size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This image cannot be decoded.
%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::KeptEntriesModel</name>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::LearningRateChart</name>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pg0 weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pg1 norm weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pg2 biases</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::LogModel</name>
    <message>
        <source>Out of memory, recovered: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::LossChart</name>
    <message>
        <source>Losses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train cls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train l1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train dfl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val cls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val l1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>val dfl</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::MainWindow</name>
    <message>
        <source>The data.yaml file could not be read. Fix the line shown below and open it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The data.yaml file does not describe a usable dataset. Check the keys and paths named below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A file or folder could not be read or written. Check that it exists and that you have permission.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is a bug in YOLO Studio. Please report it with the details below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About YOLO Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOLO Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — YOLO Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About YOLO Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;YOLO Studio %1&lt;/h3&gt;&lt;p&gt;A native desktop studio for YOLO object detectors: open a dataset, check its labels, fit the training run to your GPU, train and report.&lt;/p&gt;&lt;p&gt;Built with Qt %2, LibTorch, OpenCV and QCustomPlot.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::MemoryChart</name>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time since start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted peak %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OOM</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::MetricsChart</name>
    <message>
        <source>Validation metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP50-95</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ModelExporter</name>
    <message>
        <source>Loading the weights…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building the ONNX graph…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the graph with ONNX&apos;s checker…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing OpenCV&apos;s output with the trained model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run %1 has no weights to export (weights/best.pt or last.pt).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not export %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ModelPicker</name>
    <message>
        <source>Scale %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models and weights (*.yaml *.yml *.pt);;Model YAML (*.yaml *.yml);;Weights (*.pt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights file %1 (not found)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read this weights file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters and GFLOPs appear for a valid image size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting parameters…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 M parameters · %3 GFLOPs at %4 px · %5 classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read this model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOLO Studio checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trained at %1 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epoch %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epoch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 M parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics&apos; current default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a model YAML of your own or a weights file (.pt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the model family Ultralytics trains by default (since 8.4)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::PasteCommandDialog</name>
    <message numerus="yes">
        <source>Read the %1 command (%2): %n setting(s), those that change the setup in bold.</source>
        <translation>
            <numerusform>Read the %1 command (%2): %n setting, in bold if it changes the setup.</numerusform>
            <numerusform>Read the %1 command (%2): %n settings, those that change the setup in bold.</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder the Command Ran In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a training command: python train.py --data data.yaml --epochs 100 …, yolo detect train data=data.yaml model=yolov8s.pt …, or Python code with model.train(data=…, epochs=…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1, column %2: this quote is not closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: a string or bracket that starts there is not closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is no training command: expected python train.py …, torchrun … train_dual.py …, yolo detect train … or model.train(…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will be set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Train page trains on the dataset that is open; open %1 in the Dataset page to train on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a run is resumed from the Runs page (Resume…), with the settings it was trained with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will be set (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not imported (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste the training command you ran: YOLOv5, YOLOv7 or YOLOv9 (python train.py, train_dual.py … with their flags, also behind torchrun) or Ultralytics (yolo detect train key=value …, or Python: model = YOLO(&quot;yolov8n.pt&quot;) and model.train(…)). Its settings fill the setup; nothing is run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>python train_dual.py --batch 32 --img 640 --cfg models/detect/yolov9-s.yaml --hyp hyp.scratch-high.yaml --epochs 20 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ran in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder the command ran in, for its relative paths such as --hyp (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the folder the command ran in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it is not imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply to Setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply and Fit to My GPU…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply the settings, then measure memory and fit the batch and image size to this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no YOLOv5, YOLOv7 or YOLOv9 training script has this option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a setting of Ultralytics&apos; trainer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a prediction, validation or export setting; training does not use it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOLO Studio has no such setting; the run trains without it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does nothing at this value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set by the launcher in each process; the studio&apos;s launcher sets it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logging, plots or uploads only; nothing to carry over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>concerns the anchors of YOLOv5/YOLOv7 heads; YOLO Studio&apos;s heads are anchor-free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trains at 0.5-1.5x the image size; YOLO Studio trains at one size, so the original run needed more memory than its image size suggests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs a value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a word that belongs to no option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set again by %1; the later value counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file not found (looked in %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a gain of the anchor-based YOLOv5/YOLOv7 loss (%2 has no dfl), not of YOLO Studio&apos;s loss; left as it was</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>settings of %1 that YOLO Studio does not use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an anchor-based YOLOv3/v5/v7 model; YOLO Studio builds YOLOv8, YOLO11, YOLOv9 and YOLO26 (e.g. %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a built-in model, and no such file was found (looked in %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not used: %1 names the architecture, and a run starts either from a model YAML (from scratch) or from a checkpoint (fine-tuning), not both; to fine-tune from the checkpoint instead, set model to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a run of the YOLOv5, YOLOv7 or YOLOv9 repositories cannot be continued by YOLO Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOLO Studio trains detection models only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>means the first GPU if there is one, else the CPU; choose the device here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an environment variable, not a setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds a shell variable, which is not expanded here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another command, not part of the training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not part of the training command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a Python expression, not evaluated here; only literal values (numbers, strings, True, False, None, lists) are read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 model; YOLO Studio builds YOLOv8, YOLO11, YOLOv9 and YOLO26 models, made with YOLO(...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pasted code does not make this model (model = YOLO(&quot;yolov8n.pt&quot;)); the model setting stays as it was</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a call on the model before training; it is not repeated here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is the built-in model %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 trains with YOLOv9&apos;s auxiliary (PGI) branch; the built-in %2 is Ultralytics&apos; YOLOv9 without it: it needs less memory than the original run, and results may differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trained from scratch (no --weights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fine-tunes the weights of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics reads a model name without an extension as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is written for the YOLOv9 repository&apos;s own code (its DDetect head); YOLO Studio reads Ultralytics&apos; layout and may not build it (built in: yolov9t.yaml ... yolov9e.yaml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 looks like a checkpoint of the YOLOv9 repository; YOLO Studio reads Ultralytics&apos; and its own checkpoints (Ultralytics names them yolov9c.pt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not found from %2; the run needs it there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s own default: the command does not set it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not found here: YOLOv9&apos;s values of it (preset yolov9-scratch-high) are used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rounded up to %2, a multiple of the largest stride (32), as the original trainer does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a rectangle; training uses the larger side, %1, as Ultralytics does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the second size (%1) is YOLOv7&apos;s test size; validation here uses the training size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one training process per GPU (%1), started by the studio (or torchrun)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>acts with several processes only; one process trains as without it, as in the original script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one process per GPU, so device %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES=%1 makes device %2 the GPU %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch=%1: Ultralytics fits the batch to %1 of the GPU&apos;s memory; here batch -1 fits it to the memory budget vram=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no disk cache here; decoded images are kept in RAM instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--fixed-lr keeps the learning rate at lr0: a linear schedule with lrf 1.0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>below 1 means off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics trains in fp16 on a GPU that passes its AMP check and in fp32 on a CPU; auto here: fp16 on a GPU, bf16 on a CPU that has it natively (amp=off for fp32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics takes the most idle GPU when the run starts; here %1: choose another device if it is busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %2 is the world batch: %1 processes take %3 images each, as in the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command ran on %1 machines: start it on each with yolostudio-cli train nnodes=%1 node_rank=&lt;the machine&apos;s index&gt; master_addr=&lt;the first machine&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reads its hyperparameters from %2 by default; the file was not found, so they keep their current values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lines that continue the command without a trailing backslash were joined to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the setup&apos;s stages (%1) were cleared: the command&apos;s %2 counts, and its run is one stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine has no GPU %1 (its devices: %2); choose a device it has before training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a setting of Ultralytics&apos; %1 models; YOLO Studio trains detection models, which do not use it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics trains each batch at a random size from %1 to %2 pixels (imgsz %3); YOLO Studio trains at one size, so the original run needed more memory than its image size suggests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each epoch validates YOLO26&apos;s one-to-one head without NMS and keeps best.pt by it, as Ultralytics does; a model without that head validates with NMS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile is PyTorch&apos;s Python compiler, which YOLO Studio (LibTorch, C++) does not have; the run trains the same without it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a memory layout, not a setting here: YOLO Studio lays the model out channels_last on the CPU (faster there) and NCHW on a GPU; results do not depend on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics trains on the first %1 images; YOLO Studio&apos;s fraction is a share of the training images (0-1]: set it to %1 divided by the training set&apos;s size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the validation and test parts of the list (%1) are not carried over; YOLO Studio validates on the whole validation split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics weighs each class&apos;s loss by its inverse label count to the power %1, so rare classes count more; YOLO Studio weighs every class alike</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>when fine-tuning, Ultralytics moves a checkpoint&apos;s class rows to the dataset&apos;s classes by name; YOLO Studio keeps them in the checkpoint&apos;s order when the class count matches and starts them fresh when it differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOLO Studio never matches a checkpoint&apos;s classes by name; nothing to set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quantization-aware training (INT8) is not in YOLO Studio; the run trains in floating point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>knowledge distillation (a teacher model, distill_model, and its loss weight dis) is not in YOLO Studio; the run trains without a teacher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics validates every epoch on this split; YOLO Studio validates on the dataset&apos;s val split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::PredictionPreview</name>
    <message>
        <source>, class-agnostic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predictions of the best weights above confidence %1, after NMS%2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predictions of the best weights above confidence %1: YOLO26&apos;s one-to-one head without NMS%2 (nms=false; other models use NMS).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not preview the predictions: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the run&apos;s dataset to preview predictions on its validation images.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicting with the best weights…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predictions of the best weights appear here once an epoch has been validated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>truth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epoch %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::Preflight</name>
    <message numerus="yes">
        <source>The label check found %n error(s) in %1</source>
        <translation>
            <numerusform>The label check found %n error in %1</numerusform>
            <numerusform>The label check found %n errors in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The labels of %1 have no errors; %n warning(s) are worth a look.</source>
        <translation>
            <numerusform>The labels of %1 have no errors; %n warning is worth a look.</numerusform>
            <numerusform>The labels of %1 have no errors; %n warnings are worth a look.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The setup has %n problem(s): %1</source>
        <translation>
            <numerusform>The setup has %n problem: %1</numerusform>
            <numerusform>The setup has %n problems: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n box(es) of %1 are too small to learn at %2 px (under %3 px a side once the image is resized): raise the image size, or drop them. The Dataset page lists them when it checks at %2 px.</source>
        <translation>
            <numerusform>%n box of %1 is too small to learn at %2 px (under %3 px a side once the image is resized): raise the image size, or drop it. The Dataset page lists it when it checks at %2 px.</numerusform>
            <numerusform>%n boxes of %1 are too small to learn at %2 px (under %3 px a side once the image is resized): raise the image size, or drop them. The Dataset page lists them when it checks at %2 px.</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a dataset first: a run trains on the dataset that is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The label check of %1 is still running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>. Unreadable images are left out of training; wrong boxes train wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix them first, or start anyway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The labels of %1 passed every check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setup&apos;s data is %1, but a run trains on the open dataset (%2): open that dataset, or set data back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not available on this computer (or this build has no CUDA support).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not available: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 free of %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU can be used: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the budget is %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1 at %2 needs %3; %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: it may run out of memory (training then halves the micro-batch and goes on).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1 (batch %2 at %3 px) does not fit the budget: lower its batch or image size, or let it checkpoint (checkpoint= in its overrides).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fit kept within a budget of %1, but the setup&apos;s memory budget is the whole device: the run is not held to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch=auto: the run first measures memory and picks the batch that fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fit (batch %1 at %2) was made for another setup (%3): its prediction does not apply. Fit again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ReportExporter</name>
    <message>
        <source>Reading the run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the dataset…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicting validation images…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF report (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export training report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report was written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ReportReview</name>
    <message numerus="yes">
        <source>The model %1 disagrees with %n label(s) of %2 (%3), likeliest mistakes first. Each thumbnail draws the label&apos;s box solid green and the model&apos;s box dashed orange.</source>
        <translation>
            <numerusform>The model %1 disagrees with %n label of %2 (%3), likeliest mistakes first. Each thumbnail draws the label&apos;s box solid green and the model&apos;s box dashed orange.</numerusform>
            <numerusform>The model %1 disagrees with %n labels of %2 (%3), likeliest mistakes first. Each thumbnail draws the label&apos;s box solid green and the model&apos;s box dashed orange.</numerusform>
        </translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No label review was made with this run&apos;s model. Review labels with this model on the Runs page, or run yolostudio-cli review data=… weights=RUN/weights/best.pt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model finds only %1% of the labels, so most of these suspects may be its own mistakes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 likeliest mistakes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ReportWriter</name>
    <message numerus="yes">
        <source>%1 of %n epoch(s)</source>
        <translation>
            <numerusform>%1 of %n epoch</numerusform>
            <numerusform>%1 of %n epochs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n epoch(s)</source>
        <translation>
            <numerusform>%n epoch</numerusform>
            <numerusform>%n epochs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The run finished: %n epoch(s) trained.</source>
        <translation>
            <numerusform>The run finished: %n epoch trained.</numerusform>
            <numerusform>The run finished: %n epochs trained.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n setting(s) changed from the defaults (highlighted).</source>
        <translation>
            <numerusform>%n setting changed from the defaults (highlighted).</numerusform>
            <numerusform>%n settings changed from the defaults (highlighted).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n validation image(s) with their labels (left) and the predictions of %1 at confidence ≥ %2 (right).</source>
        <translation>
            <numerusform>%n validation image with its labels (left) and the predictions of %1 at confidence ≥ %2 (right).</numerusform>
            <numerusform>%n validation images with their labels (left) and the predictions of %1 at confidence ≥ %2 (right).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The label check kept %n image(s) out of training and validation: %1.</source>
        <translation>
            <numerusform>The label check kept %n image out of training and validation: %1.</numerusform>
            <numerusform>The label check kept %n images out of training and validation: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more; the run&apos;s check.json lists every one.</source>
        <translation>
            <numerusform>… and %n more; the run&apos;s check.json lists every one.</numerusform>
            <numerusform>… and %n more; the run&apos;s check.json lists every one.</numerusform>
        </translation>
    </message>
    <message>
        <source>True class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all classes %1 mAP50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss and assigner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images left out of training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory and the fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training curves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-class results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision-recall curves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confusion matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspected label mistakes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated %1 by YOLO Studio %2 from %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run stopped early after %1: the validation fitness had not improved for %2 epochs (patience).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run was stopped by the user after %1. The figures below are those of the epochs finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run was interrupted after %1: the process ended without finishing (killed, crashed or a power cut). The figures below are those of the epochs finished; weights/last.pt holds the last of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run failed after %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run failed before its first epoch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is still training: this report shows the %1 finished so far.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best mAP50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best mAP50-95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision / recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none validated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (not resolved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems reading the run&apos;s files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX opset %1, %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, dynamic shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run did not record the machine it trained on (an older YOLO Studio or Ultralytics wrote it). The figures below describe the machine that wrote this report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 logical cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2, compute capability %3.%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVIDIA driver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LibTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BLAS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenCV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOLO Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compiler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 intra-op threads, %2 loader workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices by rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dataset could not be read now: %1. Counts below come from the label check the run made before training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images without boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes per class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes per class and split, as the dataset page counts them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box sizes at %1 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Square root of each box&apos;s area in pixels after letterboxing to the run&apos;s image size (%1 px).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run holds no check.json (the label check&apos;s findings are recorded by YOLO Studio runs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked before training at %1 px: %2 errors, %3 warnings, %4 notes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run has no args.yaml: its settings are not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys in args.yaml that YOLO Studio does not use:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory budget (vram): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run was started with a fixed batch (not batch=auto): no fit was made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted and measured peaks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run has no memory timeline (memory.csv).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured peak %1 against the predicted %2 (%3% of the prediction).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out-of-memory recoveries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: training never ran out of memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated, reserved and peak memory of the last session with its phases (training, validation, checkpoint), the budget and the fit&apos;s predicted peak; marks at out-of-memory recoveries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No epoch finished: there are no curves yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Losses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box, class and L1 distance losses per epoch: training solid, validation dashed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box, class and DFL losses per epoch: training solid, validation dashed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision, recall, mAP50 and mAP50-95 of each validated epoch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate of each parameter group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training throughput per epoch (images per second).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run has no metrics.json: no epoch was validated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation of the best epoch (%1), scored as Ultralytics 8.3 scores it: fitness %2 = 0.1 × mAP50 + 0.9 × mAP50-95.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation of the best epoch (%1), scored as Ultralytics 8.4 scores it: fitness %2 = mAP50-95.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P and R at the confidence that maximises the mean F1; AP as Ultralytics computes it (101-point interpolation), so these figures match its results.csv.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run&apos;s metrics.json holds no precision-recall curves (written by an older version, or no class had a detection).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision against recall at IoU 0.5 per class (AP50 after each name) and over all classes, at the best epoch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run has no confusion matrix (metrics.json is missing or holds none).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows: predicted class; columns: true class; colour: share of the column (the true class). Detections above confidence 0.25 matched at IoU above 0.45, as Ultralytics counts them; background collects missed objects (row) and false detections (column).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No validation images: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 × %3 px): %4 labelled, %5 predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ResumeDialog</name>
    <message>
        <source>Resume %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stopped after epoch %2 of %3. Training continues from weights/last.pt with the run&apos;s own settings; these may change (changed ones are bold):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume on the Train page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ReviewDialog</name>
    <message numerus="yes">
        <source>%n suspect(s) found; saved to %1</source>
        <translation>
            <numerusform>%n suspect found; saved to %1</numerusform>
            <numerusform>%n suspects found; saved to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The run&apos;s last review: %n suspect(s)</source>
        <translation>
            <numerusform>The run&apos;s last review: %n suspect</numerusform>
            <numerusform>The run&apos;s last review: %n suspects</numerusform>
        </translation>
    </message>
    <message>
        <source>Review labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model %1 predicts the images of %2; the labels it disagrees with are listed, the likeliest mistakes first. Nothing is written into the dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predict the chosen images with the run&apos;s weights and rank the labels the model disagrees with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the dataset… %v/%m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicting… %v/%m images</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ReviewText</name>
    <message>
        <source>Missing label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poor box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spurious label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model sees a &apos;%1&apos; (confidence %2) that no label covers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted &apos;%1&apos; (confidence %2, IoU %3) where the label says &apos;%4&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The &apos;%1&apos; box overlaps the model&apos;s box only at IoU %2 (confidence %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing confident near this &apos;%1&apos; label (best confidence %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model predicts nothing near this &apos;%1&apos; label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The review was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixes are never written into the dataset: choose a folder outside %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dataset&apos;s folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chosen split of the dataset has no images to review.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The weights %1 are missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read or write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a mistake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model&apos;s box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a suspect to see it on its image</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::RunDetail</name>
    <message numerus="yes">
        <source>%n epoch(s)</source>
        <translation>
            <numerusform>%n epoch</numerusform>
            <numerusform>%n epochs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) reading its files: %1</source>
        <translation>
            <numerusform>%n problem reading its files: %1</numerusform>
            <numerusform>%n problems reading its files: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Events (%n warning(s))</source>
        <translation>
            <numerusform>Events (%n warning)</numerusform>
            <numerusform>Events (%n warnings)</numerusform>
        </translation>
    </message>
    <message>
        <source>No run open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run in the list to see its settings, fit, per-class results and events; select two to compare their curves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the run&apos;s files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epoch %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best mAP50-95 %1 · mAP50 %2 (epoch %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data parallel: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a run of YOLO Studio that was stopped, interrupted or failed with weights/last.pt and epochs left can be resumed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings (%1 changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best epoch %1 (fitness %2), from metrics.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run has no metrics.json (it is written when a run ends with a validated epoch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write this run&apos;s training report as HTML or PDF (Ctrl+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed from default only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show args.yaml as written</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::RunEventsModel</name>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::RunFitView</name>
    <message numerus="yes">
        <source>%1: %n step(s) in %2</source>
        <translation>
            <numerusform>%1: %n step in %2</numerusform>
            <numerusform>%1: %n steps in %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Fit to memory (batch=auto)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch %1 at %2 px with %3, accumulating %4 batches (effective batch %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing fits the budget: batch 1 at %1 px needs about %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (± %2%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Margin kept free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certainty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planned for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probed on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most boxes in one image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EMA copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss and assigner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loader queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context + workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocator overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory at the peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest batch under the budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stages, each fitted at its image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation memory by layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At batch %1 and %2 px in fp32: %3 in all. ★: checkpointing the layer would help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stride</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keeps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Of which output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss and assigner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run has no fit.json: it was started with a fixed batch, not batch=auto.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::RunListController</name>
    <message>
        <source>This folder is not a listed run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is being trained now. Stop it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some of its files could not be deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no trash for this folder&apos;s drive, or it cannot be moved there.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::RunListModel</name>
    <message numerus="yes">
        <source>%1 (and %n more)</source>
        <translation>
            <numerusform>%1 (and %n more)</numerusform>
            <numerusform>%1 (and %n more)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best epoch: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mAP50-95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::RunSettingsModel</name>
    <message>
        <source>(in args.yaml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not used by YOLO Studio; kept in the run&apos;s args.yaml.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed from the default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::RunText</name>
    <message>
        <source>Not a run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped · resumable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped early</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupted · resumable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed · resumable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder holds none of a run&apos;s files (args.yaml, results.csv, events.jsonl).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A training process is writing this run now; its charts follow it live.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every epoch was trained.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped by the user; weights/last.pt holds the last finished epoch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No better fitness for `patience` epochs: training stopped early, as planned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run ended without finishing (the process was killed, crashed or lost power).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run failed; its events say why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume continues it from weights/last.pt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOLO Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ultralytics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit to memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights transferred</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory (recovered)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory in validation (recovered)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New best</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Early stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new run began: device, AMP, batch, accumulation, optimizer and image counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run continued from weights/last.pt after the epoch it names.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch=auto probed memory and chose the batch, accumulation and AMP (fit.json).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run started from a weights file (model=x.pt): how many tensors came from it, and which start fresh (another class count).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory in a training step: the micro-batch was halved and the batch redone; the effective batch is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory during validation: the validation batch was halved and the batch redone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The epoch reached a new best fitness (mAP50-95; 0.1 x mAP50 + 0.9 x mAP50-95 with metrics=8.3): weights/best.pt was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No fitness improvement for `patience` epochs: the run stopped early.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user stopped the run; weights/last.pt holds the weights at the stop and can be resumed (the stopped epoch is redone).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong that did not stop the run (e.g. a report file could not be written, or the label check left images out of training).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run failed; the message says why. weights/last.pt, if present, holds the last finished epoch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run ended: all epochs, an early stop or a stop by the user; the summary names the best epoch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A stage of a staged run began (also when a run resumes in it): its number, image size, batch, accumulation, epochs, checkpointing and augmentation overrides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A kind this version of YOLO Studio does not know (written by another version).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last line of %1 was cut off: the writer was stopped while writing it. That line is left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is too large to be a run file; it was not read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no “epoch” column: it is not a results file of a YOLO run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A row of %1 cannot be read and is left out: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A line of %1 is not an event and is left out: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An event of a kind this version does not know (written by another version): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not start with the memory timeline&apos;s header; the timeline is not shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read, so per-class results are not shown: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read, so the fit decision is not shown: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train.lock cannot be read; the run is taken as not running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has more problems than are listed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a run folder: it holds none of args.yaml, results.csv and events.jsonl, and no run folders either.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder does not exist or cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A setting in %1 cannot be used and its default is shown instead: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 processes on %2 machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 processes on one machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synchronised BatchNorm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::RunsPage</name>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n running</source>
        <translation>
            <numerusform>%n running</numerusform>
            <numerusform>%n running</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other folder(s)</source>
        <translation>
            <numerusform>%n other folder</numerusform>
            <numerusform>%n other folders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Move %n run folder(s) to the trash? Its weights, curves and settings go with it.

%1</source>
        <translation>
            <numerusform>Move %n run folder to the trash? Its weights, curves and settings go with it.

%1</numerusform>
            <numerusform>Move %n run folders to the trash? Their weights, curves and settings go with them.

%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select two or more runs to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not all runs could be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a listed run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be resumed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a folder of runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is listed already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be reviewed: it needs weights/best.pt or weights/last.pt and the dataset in its args.yaml.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A review is running; cancel it or wait before reviewing another run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete permanently?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be moved to the trash (%2). Delete it permanently? This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not deleted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the run folders again (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the runs of another folder too, e.g. Ultralytics&apos; runs/detect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop listing this folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue the selected run on the Train page, optionally with another batch or device (Ctrl+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the run&apos;s folder in the file manager (Ctrl+Shift+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the selected run&apos;s training report as HTML or PDF: data checks, settings, environment, memory and fit, curves, per-class results (Ctrl+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the selected run&apos;s weights as an ONNX file for OpenCV or ONNX Runtime (Ctrl+Shift+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review labels with this model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predict the run&apos;s dataset with its weights and list the labels the model disagrees with, likeliest mistakes first (Ctrl+Shift+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the curves of the selected runs together (select two or more; Ctrl+D)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the selected runs to the trash, after asking (Delete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs you start on the Train page appear here with their curves, settings and events; Add folder… lists runs written elsewhere (e.g. Ultralytics&apos; runs/detect).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the Train page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by name, dataset, model (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped, interrupted or failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show runs by status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No folder to list yet: runs you start on the Train page are kept in the project folder of the open dataset; Add folder… lists others (e.g. Ultralytics&apos; runs/detect).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::SeriesChart</name>
    <message>
        <source>epoch</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::StageEditor</name>
    <message>
        <source>Add a stage after the current one (Insert)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the current stage (Delete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the current stage up (Alt+Up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the current stage down (Alt+Down)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No stages: the run is one stage of the image size, batch and epochs above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as text: 320x32:10,640xauto:80,640xauto:10:mosaic=0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stages as text, as args.yaml and the command line write them (IMGSZxBATCH:EPOCHS[:key=value], stages separated by commas)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::StageFitModel</name>
    <message>
        <source>%1 (auto)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accumulate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch=auto: fitted to the memory budget at this stage&apos;s image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation checkpointing in this stage (checkpoint=): the blocks whose activations are recomputed in the backward pass instead of kept</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::StageTableModel</name>
    <message>
        <source>Training image size of the stage, pixels (a multiple of 32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images per batch, or auto: fitted to memory at the stage&apos;s image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs of the stage; the run&apos;s epochs are the stages&apos; total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings that differ in this stage, e.g. mosaic=0, mixup=0.1 (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overrides</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::SuspectsView</name>
    <message numerus="yes">
        <source>%n corrected label file(s) written to %1</source>
        <translation>
            <numerusform>%n corrected label file written to %1</numerusform>
            <numerusform>%n corrected label files written to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Flip label / prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show both boxes, the label only or the model&apos;s box only (T)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the suspects marked Not a mistake again, so they can be unmarked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a mistake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the selected suspects, also from later reviews of this dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark the selected suspects done; Export fixes… writes their corrections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the mark of the selected suspects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export fixes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write corrected label files of the Fixed suspects (none Fixed: the selected ones) into a new folder outside the dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model finds only %1% of the labels (confidence ≥ %2), so most of these suspects may be its own mistakes. Train it further for a review worth reading.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark suspects Fixed or select some to export their fixes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for the corrected label files</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ThroughputChart</name>
    <message>
        <source>Throughput and time left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time since start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>images per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>images/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::ThumbnailDelegate</name>
    <message>
        <source>Cannot decode</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ys::ui::TrainPage</name>
    <message numerus="yes">
        <source>Stopped by you after %n epoch(s); %1. weights/last.pt can be resumed.</source>
        <translation>
            <numerusform>Stopped by you after %n epoch; %1. weights/last.pt can be resumed.</numerusform>
            <numerusform>Stopped by you after %n epochs; %1. weights/last.pt can be resumed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No improvement for the patience window: stopped after %n epoch(s); %1.</source>
        <translation>
            <numerusform>No improvement for the patience window: stopped after %n epoch; %1.</numerusform>
            <numerusform>No improvement for the patience window: stopped after %n epochs; %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished %n epoch(s); %1.</source>
        <translation>
            <numerusform>Finished %n epoch; %1.</numerusform>
            <numerusform>Finished %n epochs; %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a run of this setup on the open dataset (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause after the current step, or resume (Ctrl+Shift+P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after the current step; weights/last.pt is written so the run can be resumed (Ctrl+.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the training report of the last run as HTML or PDF (Ctrl+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the last run&apos;s weights as an ONNX file for OpenCV or ONNX Runtime (Ctrl+Shift+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fit to My GPU…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure memory and pick the batch, image size and AMP that fit the device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit to my GPU measures memory and picks the batch, image size and AMP that fit; the Fit dialog is not part of this build yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Paste a Command…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fill the setup from a YOLOv5, YOLOv7, YOLOv9 or Ultralytics training command you already have (Ctrl+Shift+V)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before you start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start anyway, with the label errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit to my GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training %1 on %2 (%3 epochs, imgsz %4); run folder under %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping after the current step; weights/last.pt will hold the weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pausing after this step…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best mAP50-95 %1 at epoch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no validated epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training of %1 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The training run stopped with an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training epoch %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused in epoch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOLO Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A training run is in progress.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop it and close? The run stops after the current step and writes weights/last.pt, so you can resume it later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop and Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep Training</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
