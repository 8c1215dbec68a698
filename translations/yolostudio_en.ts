<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>QFileDialog</name>
    <message>
        <source>Look in:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>File &amp;name:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Files of type:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Open</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Choose</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Parent Directory</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Create New Folder</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>List View</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Detail View</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>All Files (*)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>QFileSystemModel</name>
    <message>
        <source>Name</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Date Modified</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>QLineEdit</name>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Select All</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>QMessageBox</name>
    <message>
        <source>Show Details...</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Hide Details...</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>About Qt</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Yes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Help</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Discard</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>YOLO Studio: check datasets and train YOLO detectors.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open the built-in demo dataset (written to the user's data folder on first use).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>User interface language: en or zh_CN.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dataset to open (a data.yaml or its folder).</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ys::ui::DatasetController</name>
    <message>
        <source>Could not write the demo dataset.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Could not open the dataset.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The check stopped with an internal error.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ys::ui::DatasetPage</name>
    <message>
        <source>Unreadable or invalid images</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Label format errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Duplicates</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Train/val leakage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Boxes too small to learn</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unusual box sizes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Crowded images</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Backgrounds (no boxes)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Polygons mixed with boxes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a YOLO dataset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose a data.yaml, drop one (or its folder) onto this window, or start with the built-in demo dataset. The studio never modifies your files.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open data.yaml…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open demo dataset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Training image size: boxes smaller than %1 px after letterboxing to this size are reported as too small to learn.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>imgsz</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Check again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Boxes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Draw the labelled boxes on the thumbnails</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Split</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>C&amp;lass</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Findings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Statistics</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Recent datasets</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Scanning images and labels…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checking labels and images…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing images for duplicates…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Writing the demo dataset…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Looking for orphan labels…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Working (%1)…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Demo dataset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Findings (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>All splits (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>train</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>val</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>test</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>All classes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>All images</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>With errors or warnings (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Without errors or warnings (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checking…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No dataset open</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 images · %2 boxes · %3 classes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 shown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 errors, %2 warnings, %3 info</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 of %2 images</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>There is no finished check to export.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%Ln image(s)</source>
        <translation><numerusform>%Ln image</numerusform><numerusform>%Ln images</numerusform></translation>
    </message>
</context>
<context>
    <name>ys::ui::FindingText</name>
    <message>
        <source>Image cannot be read</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not an image</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unsupported image format</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Corrupt image</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Truncated image</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Damaged image data</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Image too small</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Extension does not match the content</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No label file (background)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Empty label file (background)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Wrong number of columns</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Value is not a number</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Value is NaN or infinite</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Negative class id</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Class id is not an integer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Class id out of range</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Coordinates outside the image</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Zero or negative box size</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Duplicate row</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Polygons mixed with boxes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>More problems in this file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Label file without an image</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Near-duplicate box</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Box too small to learn</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unusual box size or shape</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unusually many boxes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Duplicate image</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Near-duplicate image</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Same image in train and val</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Near-identical image in train and val</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Listed image does not exist</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Image list cannot be read</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Image listed twice</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Class never used</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Class with very few boxes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Classes strongly imbalanced</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ys::ui::FindingsModel</name>
    <message>
        <source>Error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Info</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Problem</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ys::ui::FindingsView</name>
    <message>
        <source>%1 Errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 Warnings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 Info</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 of %2 shown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Filter by problem, code, file or message</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%Ln finding(s)</source>
        <translation><numerusform>%Ln finding</numerusform><numerusform>%Ln findings</numerusform></translation>
    </message>
</context>
<context>
    <name>ys::ui::ImageListModel</name>
    <message>
        <source>%1 × %2 px</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%Ln box(es)</source>
        <translation><numerusform>%Ln box</numerusform><numerusform>%Ln boxes</numerusform></translation>
    </message>
</context>
<context>
    <name>ys::ui::ImageViewer</name>
    <message>
        <source>Zoom In</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Zoom Out</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Fit to Window</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cx</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cy</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>w</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>h</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Select an image to see it at full size.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This image cannot be decoded.
%1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>line %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ys::ui::MainWindow</name>
    <message>
        <source>The data.yaml file could not be read. Fix the line shown below and open it again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The data.yaml file does not describe a usable dataset. Check the keys and paths named below.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A file or folder could not be read or written. Check that it exists and that you have permission.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This is a bug in YOLO Studio. Please report it with the details below.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>YOLO Studio</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Export Check Result…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save the findings as JSON or CSV</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Check finished</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Open Dataset…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Recent Datasets</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open &amp;Demo Dataset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;About YOLO Studio</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Could not open the dataset.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open Dataset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dataset description (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export Check Result</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Could not export the check result.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Check result written to %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 — YOLO Studio</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No recent datasets</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Clear List</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The new language is used after YOLO Studio restarts.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Restart now? The open dataset is opened again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>About YOLO Studio</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;h3&gt;YOLO Studio %1&lt;/h3&gt;&lt;p&gt;A native desktop studio for YOLO object detectors: open a dataset, check its labels, fit the training run to your GPU, train and report.&lt;/p&gt;&lt;p&gt;Built with Qt %2, LibTorch, OpenCV and QCustomPlot.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ys::ui::PlotsWidget</name>
    <message>
        <source>train</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>val</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>test</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Boxes per class</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Box size</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Box width vs height</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Classes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Images (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Boxes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Images without boxes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Label files</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Corrupt images</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Orphan labels</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Info</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Check time</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Check not finished</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>boxes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>√(w·h) in pixels at imgsz %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 of %2 boxes under %3 px (too small to learn)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>width (fraction of image)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>height (fraction of image)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Box width vs height (every %1th box)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ys::ui::ThumbnailDelegate</name>
    <message>
        <source>Cannot decode</source>
        <translation type="unfinished" />
    </message>
</context>
</TS>