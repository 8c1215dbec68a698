// Regenerates docs/screenshots/: drives the real main window on a dataset (opens it, waits for the check,
// selects a finding, switches tabs) and saves window grabs. Run it under Xvfb (or offscreen):
//   ui_screenshots DATA_YAML OUT_DIR [--language zh_CN] [--train [EPOCHS]]
// Writes dataset-browser.png, findings.png, statistics.png, train-setup.png (the training setup form after
// loading YOLOv9's hyp.scratch-high.yaml and a Fit-style Apply, one value typed wrong so its reason shows)
// and fit-dialog.png (the Fit to my GPU dialog after a real fit of yolov8n at 320 px on the dataset, planned
// for an RTX 3060 with 90% of its memory), suffixed _zh_CN for Chinese; with --train also trains yolov8n on
// the dataset from the Train page (imgsz 128, EPOCHS epochs, default 8) and writes train-setup-preflight.png
// (before Start), train-dashboard-running.png (during the run) and train-dashboard.png (after it), plus runs.png.
#include "ui/charts/trainingcharts.h"
#include "ui/config/configform.h"
#include "ui/config/modelpicker.h"
#include "ui/dataset/datasetcontroller.h"
#include "ui/dataset/datasetpage.h"
#include "ui/dataset/findingsmodel.h"
#include "ui/dataset/findingsview.h"
#include "ui/dataset/imagefilterproxy.h"
#include "ui/fit/fitdialog.h"
#include "ui/runs/runspage.h"
#include "ui/shell/language.h"
#include "ui/shell/mainwindow.h"
#include "ui/train/dashboard.h"
#include "ui/train/trainpage.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTableView>
#include <QTest>

#include <cstdio>

namespace {

void settle(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

int findingRow(ys::ui::DatasetPage* page, const QString& code)
{
    const QAbstractItemModel* m = page->findings()->table()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, ys::ui::FindingsModel::CodeColumn).data().toString() == code)
            return r;
    return -1;
}

// The Fit dialog on its own (as the Train page opens it) after a real fit; the probe takes ~10-30 s on a CPU.
bool saveFitDialog(const QString& dataYaml, const QString& path)
{
    ys::TrainConfig cfg;
    cfg.data = dataYaml.toStdString();
    cfg.model = "yolov8n.yaml";
    cfg.imgsz = 320;
    cfg.batch = 16;
    cfg.amp = "auto";
    ys::ui::FitDialog dialog(cfg);
    dialog.budgetEdit()->setText(QStringLiteral("0.9"));
    dialog.targetCombo()->setCurrentIndex(dialog.targetCombo()->findData(QStringLiteral("rtx3060")));
    dialog.resize(1180, 880);
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
    settle(400);
    return ok && dialog.grab().save(path);
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
        std::fprintf(stderr, "usage: ui_screenshots DATA_YAML OUT_DIR [--language zh_CN]\n");
        return 2;
    }
    const int li = static_cast<int>(args.indexOf(QStringLiteral("--language")));
    const QString lang = li > 0 && li + 1 < args.size() ? args[li + 1] : QStringLiteral("en");
    ys::ui::installTranslators(lang);
    const QString suffix = lang == QLatin1String("en") ? QString() : QStringLiteral("_") + lang;
    const QDir out(args[2]);
    QDir().mkpath(out.absolutePath());

    ys::ui::MainWindow w;
    w.resize(1440, 900);
    w.move(0, 0);
    w.show();
    ys::ui::DatasetPage* page = w.datasetPage();
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

    // 1. Grid + viewer: images with errors or warnings, a near-duplicate box highlighted.
    QComboBox* problems = page->problemFilter();
    problems->setCurrentIndex(problems->findData(QStringLiteral("any")));
    settle(300);
    int row = findingRow(page, QStringLiteral("box.near_duplicate"));
    if (row >= 0)
        page->findings()->selectRow(row);
    problems->setCurrentIndex(problems->findData(QStringLiteral("any")));
    if (row >= 0)
        page->findings()->selectRow(row);
    save(QStringLiteral("dataset-browser"));

    // 2. Findings table given more room, an out-of-range class selected.
    problems->setCurrentIndex(0);
    const int h = page->pageSplitter()->height();
    page->pageSplitter()->setSizes({h * 45 / 100, h - h * 45 / 100});
    row = findingRow(page, QStringLiteral("label.class_range"));
    if (row >= 0)
        page->findings()->selectRow(row);
    save(QStringLiteral("findings"));

    // 3. Statistics.
    page->selectImage(0);
    page->bottomTabs()->setCurrentIndex(1);
    page->pageSplitter()->setSizes({h * 35 / 100, h - h * 35 / 100});
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
    if (!saveFitDialog(args[1], fitPath))
        std::fprintf(stderr, "error: the fit did not finish or %s cannot be written\n", qPrintable(fitPath));
    else
        std::printf("%s\n", qPrintable(fitPath));

    const int ti = static_cast<int>(args.indexOf(QStringLiteral("--train")));
    if (ti < 0)
        return 0;
    // 6. The Train page: setup and pre-flight, a run in progress, the run finished.
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
