// Regenerates docs/screenshots/: drives the real main window on a dataset (opens it, waits for the check,
// selects a finding, switches tabs) and saves window grabs. Run it under Xvfb (or offscreen):
//   ui_screenshots DATA_YAML OUT_DIR [--language zh_CN] [--size WxH] [--train [EPOCHS]]
// Writes dataset-browser.png, findings.png, statistics.png, train-setup.png (the training setup form after
// loading YOLOv9's hyp.scratch-high.yaml and a Fit-style Apply, one value typed wrong so its reason shows),
// fit-dialog.png (the Fit to my GPU dialog after a real fit of yolov8n at 320 px on the dataset, planned for an
// RTX 3060 with 90% of its memory), fit-dialog-layers.png (its "By layer" tab) and, to check that no text is clipped, empty-state.png, about.png,
// error.png and open-dialog.png (the start page and the dialogs), suffixed _zh_CN for Chinese; with --train
// also trains yolov8n on the dataset from the Train page (imgsz 128, EPOCHS epochs, default 8) and writes
// train-setup-preflight.png (before Start), train-dashboard-running.png (during the run) and
// train-dashboard.png (after it), plus runs.png.
//   ui_screenshots --paste OUT_DIR [--language zh_CN]
// Writes paste-command.png: the screen (run it on a 1400x900 Xvfb screen) with the Train page's "Paste a
// Command…" dialog over the main window, YOLOv9's train_dual.py command of issue 16 pasted.
//   ui_screenshots --runs PROJECT_DIR OUT_DIR [--open RUN_NAME] [--compare A,B] [--language zh_CN] [--size WxH]
// Writes runs-page.png: the main window (WxH) on its Runs page listing the run folders of PROJECT_DIR (make
// them with yolostudio-cli train ... project=PROJECT_DIR), RUN_NAME opened; and, given --compare, runs-compare.png.
//   ui_screenshots --fit DATA_YAML OUT_DIR [--language zh_CN] [--size WxH]
// Writes fit-dialog.png and fit-dialog-layers.png only, the dialog at the size it opens at on a WxH screen;
// and fit-dialog-nogpu.png: Run on a setup of device=0,1 where those GPUs are missing (the line says why).
//   ui_screenshots --stages DATA_YAML OUT_DIR [--language zh_CN]
// Writes stage-table.png (the setup form's stage table after the "staged" preset, stage 2's image size typed
// wrong so its cell and reason show) and fit-dialog-stages.png (the Fit dialog after a real fit of a staged
// yolov8n setup, 160 then 320 px, planned for an RTX 3060: the per-stage table, a wanted batch of 512 that
// does not fit so the checkpointing proposals are listed).
//   ui_screenshots --review WEIGHTS OUT_DIR [--language zh_CN] [--size WxH]
// Writes review-window-WxH.png, review-window-labelonly-WxH.png and review-dataset-WxH.png: the label review
// of the demo dataset with WEIGHTS (shared fixture ultralytics/demo-yolov8n/best.pt); see screenshots_review.cpp.
//   ui_screenshots --picker DATA_YAML OUT_DIR [--language zh_CN] [--size WxH] [--fit-model MODEL]
// Writes picker-WxH.png and picker-list-WxH.png (the Train page, yolo26n picked; the model family list open) and,
// given MODEL,
// fit-scales-WxH.png (the Fit dialog's scale table after a fit of MODEL); see screenshots_picker.cpp.
//   ui_screenshots --export RUN_DIR OUT_DIR [--end-to-end] [--language zh_CN]
// Writes export-dialog.png (Export model… for RUN_DIR's weights) and export-result.png (what the export of
// RUN_DIR/weights/best.pt wrote, with how to use it; the file goes to RUN_DIR/weights/best.onnx); with
// --end-to-end (a YOLO26 run) export-dialog-e2e.png and export-result-e2e.png: the end-to-end file, class-agnostic.
//   ui_screenshots --nms DATA_YAML OUT_DIR [--language zh_CN]
// Writes train-setup-nms.png: the setup form filtered to "nms", yolo26n with nms=false and agnostic_nms=true.
#include "screenshots_picker.h"
#include "screenshots_review.h"

#include "ui/charts/trainingcharts.h"
#include "ui/config/configform.h"
#include "ui/config/modelpicker.h"
#include "ui/config/stageeditor.h"
#include "ui/dataset/datasetpage.h"
#include "ui/dataset/findingsmodel.h"
#include "ui/dataset/findingsview.h"
#include "ui/dataset/imagefilterproxy.h"
#include "ui/export/exportdialog.h"
#include "ui/export/exportresultdialog.h"
#include "ui/export/modelexporter.h"
#include "ui/fit/fitdialog.h"
#include "ui/runs/runcompareview.h"
#include "ui/runs/rundetail.h"
#include "ui/runs/runfollower.h"
#include "ui/runs/runlistcontroller.h"
#include "ui/runs/runlistmodel.h"
#include "ui/runs/runspage.h"
#include "ui/shell/language.h"
#include "ui/shell/mainwindow.h"
#include "ui/train/dashboard.h"
#include "ui/train/trainpage.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRadioButton>
#include <QScreen>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTableView>
#include <QTest>
#include <QTimer>

#include <cstdio>
#include <functional>

namespace {

// Window size of every grab: --size WxH (default 1440x900).
QSize g_windowSize(1440, 900);

void settle(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

int findingRow(ys::ui::DatasetPage* page, const QString& code)
{
    const QAbstractItemModel* m = page->findChild<QTableView*>(QStringLiteral("findingsTable"))->model();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, ys::ui::FindingsModel::CodeColumn).data().toString() == code)
            return r;
    return -1;
}

// Runs a real fit in `dialog` (shown, `height` px tall), planned for an RTX 3060 with 90% of its memory; false
// when it failed or took over 5 minutes.
bool runFit(ys::ui::FitDialog& dialog, int height)
{
    dialog.budgetEdit()->setText(QStringLiteral("0.9"));
    dialog.targetCombo()->setCurrentIndex(dialog.targetCombo()->findData(QStringLiteral("rtx3060")));
    // As it opens on a screen of the grab's size (height 0), or `height` px tall.
    const QSize size = ys::ui::FitDialog::defaultSize(g_windowSize);
    dialog.resize(size.width(), height > 0 ? height : size.height());
    dialog.move(0, 0);
    dialog.show();
    bool done = false, ok = false;
    QObject::connect(&dialog, &ys::ui::FitDialog::fitFinished, [&](bool success) {
        done = true;
        ok = success;
    });
    if (!dialog.runFit())
        return false;
    QElapsedTimer t;
    t.start();
    while (!done && t.elapsed() < 300000)
        settle(50);
    return done && ok;
}

// The Fit dialog on its own (as the Train page opens it) after a real fit; the probe takes ~10-30 s on a CPU.
// Then its "By layer" tab (where the activation memory goes) into layersPath.
bool saveFitDialog(const QString& dataYaml, const QString& path, const QString& layersPath)
{
    ys::TrainConfig cfg;
    cfg.data = dataYaml.toStdString();
    cfg.model = "yolov8n.yaml";
    cfg.imgsz = 320;
    cfg.batch = 16;
    cfg.amp = "auto";
    ys::ui::FitDialog dialog(cfg);
    if (!runFit(dialog, 0))
        return false;
    settle(400);
    if (!dialog.grab().save(path))
        return false;
    dialog.chartTabs()->setCurrentIndex(1);
    settle(400);
    return dialog.grab().save(layersPath);
}

bool saveTrainSetup(const QString& dataYaml, const QString& path)
{
    ys::ui::ConfigForm form;
    form.resize(980, 1500);
    ys::TrainConfig start;
    start.data = dataYaml.toStdString();
    form.setConfig(start);
    QString message;
    if (!form.loadFile(QStringLiteral(YS_SOURCE_DIR "/tests/data/config/yolov9-hyp.scratch-high.yaml"), &message))
        std::fprintf(stderr, "%s\n", qPrintable(message));
    form.applyValues({{"model", "yolov8s.yaml"}, {"batch", "24"}, {"imgsz", "512"}, {"epochs", "150"}},
                     QStringLiteral("Apply fit"));
    form.setSectionExpanded(ys::ConfigKey::Group::Validation, false);
    form.setSectionExpanded(ys::ConfigKey::Group::Output, false);
    form.show();
    settle(300);
    auto* vram = qobject_cast<QLineEdit*>(form.editor(QStringLiteral("vram")));
    vram->setFocus();
    QTest::keyClicks(vram, QStringLiteral("8 gigs"));
    QElapsedTimer t;
    t.start();
    while (form.modelPicker()->isSummarizing() && t.elapsed() < 20000)
        settle(50);
    settle(300);
    return form.grab().save(path);
}

// Opens a modal dialog with `open` and saves a grab of it once it is on screen, then closes it.
bool saveDialog(const std::function<void()>& open, const QString& path)
{
    bool saved = false;
    QTimer::singleShot(800, [&] {
        if (QWidget* d = QApplication::activeModalWidget()) {
            saved = d->grab().save(path);
            d->close();
        }
    });
    open();
    settle(200);
    if (saved)
        std::printf("%s\n", qPrintable(path));
    else
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
    return saved;
}

QAction* menuAction(QMenuBar* bar, QAction::MenuRole role)
{
    for (QAction* menu : bar->actions())
        for (QAction* a : menu->menu()->actions())
            if (a->menuRole() == role)
                return a;
    return nullptr;
}

// Saves a grab of `w` as OUT/NAME<suffix>.png once pending paints have settled; says which file or why not.
bool saveGrab(QWidget& w, const QDir& out, const QString& name, const QString& suffix)
{
    settle(600);
    const QString path = out.filePath(name + suffix + QStringLiteral(".png"));
    if (!w.grab().save(path)) {
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
        return false;
    }
    std::printf("%s\n", qPrintable(path));
    return true;
}

// A setup form of `size` on `dataYaml` with the defaults.
void startForm(ys::ui::ConfigForm& form, const QString& dataYaml, QSize size)
{
    form.resize(size);
    ys::TrainConfig start;
    start.data = dataYaml.toStdString();
    form.setConfig(start);
}

// The stage table (after the staged preset, one cell wrong) and the Fit dialog of a staged setup.
int saveStages(const QString& dataYaml, const QDir& out, const QString& suffix)
{
    ys::ui::ConfigForm form;
    startForm(form, dataYaml, {900, 560});
    form.applyPreset("staged");
    form.setFilterText(QStringLiteral("stage"));
    form.show();
    ys::ui::StageTableModel* rows = form.stageEditor()->model();
    rows->setData(rows->index(1, ys::ui::StageTableModel::ImgszColumn), QStringLiteral("650"));
    form.stageEditor()->table()->setCurrentIndex(rows->index(2, ys::ui::StageTableModel::OverridesColumn));
    if (!saveGrab(form, out, QStringLiteral("stage-table"), suffix))
        return 1;

    ys::TrainConfig cfg;
    cfg.data = dataYaml.toStdString();
    cfg.model = "yolov8n.yaml";
    cfg.batch = 512;
    cfg.amp = "auto";
    (void)cfg.set("stages", "160x64:10,320xauto:80,320xauto:10:mosaic=0");
    ys::ui::FitDialog dialog(cfg);
    if (!runFit(dialog, 1000)) {
        std::fprintf(stderr, "error: the fit did not finish\n");
        return 1;
    }
    return saveGrab(dialog, out, QStringLiteral("fit-dialog-stages"), suffix) ? 0 : 1;
}

// The setup form filtered to "nms": a YOLO26 run validating its one-to-one head (nms=false), class-agnostic.
int saveNmsSettings(const QString& dataYaml, const QDir& out, const QString& suffix)
{
    ys::ui::ConfigForm form;
    startForm(form, dataYaml, {900, 220});
    form.applyValues({{"model", "yolo26n.yaml"}, {"nms", "false"}, {"agnostic_nms", "true"}},
                     QStringLiteral("NMS settings"));
    form.setFilterText(QStringLiteral("nms"));
    form.show();
    return saveGrab(form, out, QStringLiteral("train-setup-nms"), suffix) ? 0 : 1;
}

// The Paste a Command… dialog with the YOLOv9 command, or (`python`) Ultralytics' Python example.
int savePasteCommand(const QDir& out, const QString& suffix, bool python)
{
    ys::ui::MainWindow w;
    w.resize(1400, 900);
    w.move(0, 0);
    w.show();
    w.showPage(w.trainPage());
    auto* action = w.trainPage()->findChild<QAction*>(QStringLiteral("pasteCommandAction"));
    if (!action)
        return 1;
    action->trigger();
    auto* dialog = w.trainPage()->findChild<QDialog*>(QStringLiteral("PasteCommandDialog"));
    auto* edit = dialog ? dialog->findChild<QPlainTextEdit*>(QStringLiteral("commandEdit")) : nullptr;
    if (!edit)
        return 1;
    if (python)
        edit->setPlainText(QStringLiteral(
            "from ultralytics import YOLO\n\n"
            "model = YOLO(\"yolov8s.pt\")  # a pretrained model\n"
            "results = model.train(data=\"coco128.yaml\", epochs=50, imgsz=640, batch=16, cos_lr=True,\n"
            "                      device=[0, 1], workers=os.cpu_count(), colour=\"red\")"));
    else
        edit->setPlainText(QStringLiteral(
            "python train_dual.py --workers 8 --device 0 --batch 32 --data data.yaml --img 640 \\\n"
            "  --cfg models/detect/yolov9-s.yaml --weights '' --hyp hyp.scratch-high.yaml \\\n"
            "  --epochs 20 --close-mosaic 15 --sync-bn --min-items 0"));
    settle(800);
    const QString name = python ? QStringLiteral("paste-command-python") : QStringLiteral("paste-command");
    const QString path = out.filePath(name + suffix + QStringLiteral(".png"));
    if (!QGuiApplication::primaryScreen()->grabWindow(0).save(path))
        return 1;
    std::printf("%s\n", qPrintable(path));
    return 0;
}

// The Runs page on the run folders of `project`, `open` opened (and `compare` compared, if given).
// The Fit dialog alone: after a real fit (and its By layer tab), and a failed Run for GPUs that are not here.
int saveFit(const QString& dataYaml, const QDir& out, const QString& suffix)
{
    QDir().mkpath(out.absolutePath());
    const QString fitPath = out.filePath(QStringLiteral("fit-dialog") + suffix + QStringLiteral(".png"));
    const QString layersPath = out.filePath(QStringLiteral("fit-dialog-layers") + suffix + QStringLiteral(".png"));
    if (!saveFitDialog(dataYaml, fitPath, layersPath)) {
        std::fprintf(stderr, "error: the fit did not finish or %s cannot be written\n", qPrintable(fitPath));
        return 1;
    }
    std::printf("%s\n%s\n", qPrintable(fitPath), qPrintable(layersPath));
    ys::TrainConfig cfg;
    cfg.data = dataYaml.toStdString();
    cfg.model = "yolov8n.yaml";
    cfg.imgsz = 320;
    cfg.device = "0,1";
    ys::ui::FitDialog dialog(cfg);
    dialog.resize(ys::ui::FitDialog::defaultSize(g_windowSize));
    dialog.move(0, 0);
    dialog.show();
    bool done = false;
    QObject::connect(&dialog, &ys::ui::FitDialog::fitFinished, [&] { done = true; });
    settle(500);
    dialog.runFit();
    QElapsedTimer t;
    t.start();
    while (!done && t.elapsed() < 60000)
        settle(50);
    return saveGrab(dialog, out, QStringLiteral("fit-dialog-nogpu"), suffix) ? 0 : 1;
}

int saveRunsPage(const QStringList& args, const QDir& out, const QString& suffix)
{
    const int ri = static_cast<int>(args.indexOf(QStringLiteral("--runs")));
    const QString project = QDir(args.value(ri + 1)).absolutePath();
    auto option = [&](const char* name) {
        const int i = static_cast<int>(args.indexOf(QString::fromLatin1(name)));
        return i > 0 && i + 1 < args.size() ? args[i + 1] : QString();
    };
    QDir().mkpath(out.absolutePath());
    ys::ui::MainWindow window;   // the page as a window of that size holds it
    window.resize(g_windowSize);
    window.move(0, 0);
    window.show();
    window.showPage(window.runsPage());
    ys::ui::RunsPage& page = *window.runsPage();
    bool listed = false;
    QObject::connect(page.controller(), &ys::ui::RunListController::listed, [&] { listed = true; });
    page.setProjectFolder(project);
    QElapsedTimer t;
    t.start();
    while (!listed && t.elapsed() < 30000)
        settle(50);
    const QString open = option("--open");
    if (!open.isEmpty()) {
        bool loaded = false;
        QObject::connect(page.follower(), &ys::ui::RunFollower::loaded, [&] { loaded = true; });
        if (!page.openRun(QDir(project).filePath(open)))
            std::fprintf(stderr, "error: %s is not listed\n", qPrintable(open));
        t.restart();
        while (!loaded && t.elapsed() < 30000)
            settle(50);
    }
    auto save = [&](QWidget& w, const QString& name) { return saveGrab(w, out, name, suffix); };
    if (!save(window, QStringLiteral("runs-page")))
        return 1;
    const QStringList compare = option("--compare").split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (compare.size() >= 2) {
        QStringList dirs;
        for (const QString& name : compare)
            dirs << QDir(project).filePath(name);
        bool compared = false;
        QObject::connect(&page, &ys::ui::RunsPage::compared, [&] { compared = true; });
        for (const QString& d : dirs) {
            const QModelIndex i = page.proxy()->mapFromSource(page.model()->index(page.model()->rowOf(d), 0));
            page.table()->selectionModel()->select(i, QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
        page.compareRuns(dirs);
        t.restart();
        while (!compared && t.elapsed() < 30000)
            settle(50);
        page.compareView()->setGroup(ys::ui::CompareGroup::TrainLoss);
        if (!save(window, QStringLiteral("runs-compare")))
            return 1;
    }
    return 0;
}

// Export model… on `run`: the options dialog as it opens, then the result of exporting best.pt with them.
int saveExport(const QStringList& args, const QDir& out, const QString& suffix)
{
    const int ei = static_cast<int>(args.indexOf(QStringLiteral("--export")));
    const QString run = QDir(args.value(ei + 1)).absolutePath();
    QDir().mkpath(out.absolutePath());
    QWidget window;
    window.resize(1000, 700);
    window.show();
    ys::ui::ModelExporter exporter(&window);
    ys::ui::ExportDialog* dialog = nullptr;
    QObject::connect(&exporter, &ys::ui::ModelExporter::dialogShown, [&](ys::ui::ExportDialog* d) { dialog = d; });
    bool done = false;
    QObject::connect(&exporter, &ys::ui::ModelExporter::exported, [&] { done = true; });
    QObject::connect(&exporter, &ys::ui::ModelExporter::failed, [&](const QString& m) {
        std::fprintf(stderr, "error: %s\n", qPrintable(m));
        done = true;
    });
    exporter.exportRun(run);
    QElapsedTimer t;
    t.start();
    while (!dialog && t.elapsed() < 30000)
        settle(50);
    if (!dialog)
        return 1;
    // --end-to-end: YOLO26's end-to-end file, class-agnostic (the run's weights must have a one-to-one head).
    const bool endToEnd = args.contains(QStringLiteral("--end-to-end"));
    const QString tag = endToEnd ? QStringLiteral("-e2e") : QString();
    if (endToEnd) {
        auto* radio = dialog->findChild<QRadioButton*>(QStringLiteral("endToEndRadio"));
        auto* agnostic = dialog->findChild<QCheckBox*>(QStringLiteral("agnosticCheck"));
        if (!radio || !radio->isEnabled() || !agnostic)
            return 1;
        radio->click();
        agnostic->setChecked(true);
    }
    auto save = [&](QWidget* w, const QString& name) { return saveGrab(*w, out, name + tag, suffix); };
    if (!save(dialog, QStringLiteral("export-dialog")))
        return 1;
    dialog->accept();
    t.restart();
    while (!done && t.elapsed() < 300000)
        settle(50);
    auto* result = window.findChild<ys::ui::ExportResultDialog*>();
    return result && save(result, QStringLiteral("export-result")) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudioScreenshots"));
    QCoreApplication::setApplicationName(QStringLiteral("yolostudio"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: ui_screenshots DATA_YAML OUT_DIR [--language zh_CN] [--size 1920x1080]\n"
                             "       ui_screenshots --runs PROJECT_DIR OUT_DIR [--open RUN] [--compare A,B] "
                             "[--language zh_CN]\n"
                             "       ui_screenshots --stages DATA_YAML OUT_DIR [--language zh_CN]\n"
                             "       ui_screenshots --export RUN_DIR OUT_DIR [--end-to-end] [--language zh_CN]\n"
                             "       ui_screenshots --nms DATA_YAML OUT_DIR [--language zh_CN]\n"
                             "       ui_screenshots --review WEIGHTS OUT_DIR [--language zh_CN] [--size WxH]\n"
                             "       ui_screenshots --paste OUT_DIR [--python] [--language zh_CN]\n"
                             "       ui_screenshots --fit DATA_YAML OUT_DIR [--language zh_CN] [--size WxH]\n"
                             "       ui_screenshots --picker DATA_YAML OUT_DIR [--language zh_CN] [--size WxH] "
                             "[--fit-model MODEL]\n");
        return 2;
    }
    const int si = static_cast<int>(args.indexOf(QStringLiteral("--size")));
    if (si > 0 && si + 1 < args.size()) {
        const QStringList wh = args[si + 1].split(QLatin1Char('x'));
        if (wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0)
            g_windowSize = QSize(wh[0].toInt(), wh[1].toInt());
    }
    const int li = static_cast<int>(args.indexOf(QStringLiteral("--language")));
    const QString lang = li > 0 && li + 1 < args.size() ? args[li + 1] : QStringLiteral("en");
    ys::ui::installTranslators(lang);
    const QString suffix = lang == QLatin1String("en") ? QString() : QStringLiteral("_") + lang;
    if (args.size() > 3 && args[1] == QLatin1String("--review")) {
        QDir().mkpath(args[3]);
        return saveReviewScreens(args[2], QDir(args[3]), suffix, g_windowSize);
    }
    const QDir out(args[2]);
    QDir().mkpath(out.absolutePath());
    if (args[1] == QLatin1String("--runs"))
        return saveRunsPage(args, QDir(args[3]), suffix);
    if (args[1] == QLatin1String("--export"))
        return saveExport(args, QDir(args[3]), suffix);
    if (args[1] == QLatin1String("--fit") && args.size() > 3)
        return saveFit(args[2], QDir(args[3]), suffix);
    if (args[1] == QLatin1String("--stages") && args.size() > 3) {
        QDir().mkpath(args[3]);
        return saveStages(args[2], QDir(args[3]), suffix);
    }
    if (args[1] == QLatin1String("--nms") && args.size() > 3) {
        QDir().mkpath(args[3]);
        return saveNmsSettings(args[2], QDir(args[3]), suffix);
    }
    if (args[1] == QLatin1String("--paste"))
        return savePasteCommand(out, suffix, args.contains(QStringLiteral("--python")));
    if (args[1] == QLatin1String("--picker") && args.size() > 3) {
        QDir().mkpath(args[3]);
        const int mi = static_cast<int>(args.indexOf(QStringLiteral("--fit-model")));
        return savePickerScreens(args[2], QDir(args[3]), suffix, g_windowSize,
                                 mi > 0 && mi + 1 < args.size() ? args[mi + 1] : QString());
    }

    {
        // The start page, before any dataset was opened.
        ys::ui::MainWindow first;
        first.resize(g_windowSize);
        first.show();
        settle(500);
        const QString path = out.filePath(QStringLiteral("empty-state") + suffix + QStringLiteral(".png"));
        if (first.grab().save(path))
            std::printf("%s\n", qPrintable(path));
    }
    ys::ui::MainWindow w;
    w.resize(g_windowSize);
    w.move(0, 0);
    w.show();
    ys::ui::DatasetPage* page = w.findChild<ys::ui::DatasetPage*>(QStringLiteral("datasetPage"));
    bool checked = false;
    QObject::connect(page, &ys::ui::DatasetPage::checkFinished, [&] { checked = true; });
    w.openDataset(args[1]);
    QElapsedTimer t;
    t.start();
    while (!checked && t.elapsed() < 120000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    if (!checked) {
        std::fprintf(stderr, "error: the check did not finish\n");
        return 1;
    }
    auto save = [&](const QString& name) {
        settle(600);
        const QString path = out.filePath(name + suffix + QStringLiteral(".png"));
        if (!w.grab().save(path))
            std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
        else
            std::printf("%s\n", qPrintable(path));
    };

    // The page's children, by object name.
    auto* problems = page->findChild<QComboBox*>(QStringLiteral("problemFilter"));
    auto* findings = page->findChild<ys::ui::FindingsView*>(QStringLiteral("findingsView"));
    auto* pageSplitter = page->findChild<QSplitter*>(QStringLiteral("pageSplitter"));
    auto* tabs = page->findChild<QTabWidget*>(QStringLiteral("bottomTabs"));
    const auto showAny = [problems] {
        for (int i = 0; i < problems->count(); ++i)
            if (problems->itemData(i).value<ys::ui::ProblemFilter>().kind == ys::ui::ProblemFilter::Kind::AnyFinding)
                problems->setCurrentIndex(i);
    };

    // 1. Grid + viewer: images with errors or warnings, a near-duplicate box highlighted.
    showAny();
    settle(300);
    int row = findingRow(page, QStringLiteral("box.near_duplicate"));
    if (row >= 0)
        findings->selectRow(row);
    showAny();
    if (row >= 0)
        findings->selectRow(row);
    save(QStringLiteral("dataset-browser"));

    // 2. Findings table given more room, an out-of-range class selected.
    problems->setCurrentIndex(0);
    const int h = pageSplitter->height();
    pageSplitter->setSizes({h * 45 / 100, h - h * 45 / 100});
    row = findingRow(page, QStringLiteral("label.class_range"));
    if (row >= 0)
        findings->selectRow(row);
    save(QStringLiteral("findings"));

    // 3. Statistics.
    page->selectImage(0);
    tabs->setCurrentIndex(1);
    pageSplitter->setSizes({h * 35 / 100, h - h * 35 / 100});
    save(QStringLiteral("statistics"));

    // 4. The training setup form.
    const QString setup = out.filePath(QStringLiteral("train-setup") + suffix + QStringLiteral(".png"));
    if (!saveTrainSetup(args[1], setup)) {
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(setup));
        return 1;
    }
    std::printf("%s\n", qPrintable(setup));

    // 5. Fit to my GPU.
    const QString fitPath = out.filePath(QStringLiteral("fit-dialog") + suffix + QStringLiteral(".png"));
    const QString layersPath = out.filePath(QStringLiteral("fit-dialog-layers") + suffix + QStringLiteral(".png"));
    if (!saveFitDialog(args[1], fitPath, layersPath))
        std::fprintf(stderr, "error: the fit did not finish or %s cannot be written\n", qPrintable(fitPath));
    else
        std::printf("%s\n", qPrintable(fitPath));

    // 6. Dialogs: About, an error, the file dialog (Qt's own widgets, translated by our .qm).
    const auto dialog = [&](const QString& name) { return out.filePath(name + suffix + QStringLiteral(".png")); };
    if (QAction* about = menuAction(w.menuBar(), QAction::AboutRole))
        saveDialog([about] { about->trigger(); }, dialog(QStringLiteral("about")));
    saveDialog([&w] { w.openDataset(QStringLiteral("/nonexistent/data.yaml")); }, dialog(QStringLiteral("error")));
    saveDialog(
        [&w] {
            QFileDialog d(&w, ys::ui::DatasetPage::tr("Open Dataset"), QDir::homePath());
            d.setOption(QFileDialog::DontUseNativeDialog);
            d.resize(760, 460);
            d.exec();
        },
        dialog(QStringLiteral("open-dialog")));

    const int ti = static_cast<int>(args.indexOf(QStringLiteral("--train")));
    if (ti < 0)
        return 0;
    // 7. The Train page: setup and pre-flight, a run in progress, the run finished.
    const int epochs = ti + 1 < args.size() && args[ti + 1].toInt() > 0 ? args[ti + 1].toInt() : 8;
    ys::ui::TrainPage* train = w.trainPage();
    w.showPage(train);
    ys::TrainConfig cfg = train->form()->config();
    cfg.model = "yolov8n.yaml";
    cfg.epochs = epochs;
    cfg.imgsz = 128;
    cfg.batch = 16;
    cfg.close_mosaic = 2;
    cfg.vram = "3GiB";
    train->form()->setConfig(cfg);
    QTemporaryDir runs;
    train->setProjectFolder(runs.path());
    save(QStringLiteral("train-setup-preflight"));
    train->setStartAnyway(true);
    bool ended = false;
    int epochsDone = 0;
    QObject::connect(train->controller(), &ys::ui::TrainController::ended, [&] { ended = true; });
    QObject::connect(train->controller(), &ys::ui::TrainController::epochFinished,
                     [&](const ys::EpochResult& r, const ys::DetectionMetrics&) { epochsDone = r.epoch; });
    if (!train->start()) {
        std::fprintf(stderr, "error: the Train page did not start\n");
        return 1;
    }
    t.restart();
    while (!ended && epochsDone < epochs / 2 + 1 && t.elapsed() < 1800000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    train->dashboard()->memoryChart()->refreshNow();
    save(QStringLiteral("train-dashboard-running"));
    while (!ended && t.elapsed() < 3600000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    settle(2500);   // the preview of the last best.pt
    save(QStringLiteral("train-dashboard"));
    w.runsPage()->setProjectFolder(runs.path());   // where this run went
    w.runsPage()->refresh();
    w.showPage(w.runsPage());
    save(QStringLiteral("runs"));
    return 0;
}
