// ui_screenshots --review WEIGHTS OUT_DIR [--language zh_CN] [--size WxH]
// Writes the label review (issue 28) as a user sees it: the built-in demo dataset (seed 1) written to a
// temporary folder and opened in the main window, a run folder holding WEIGHTS (e.g. the shared fixture
// ultralytics/demo-yolov8n/best.pt, trained on that dataset) reviewed on its validation images in the review
// window, then the review on the Dataset page's "Suspected label mistakes" tab. Files (WxH the window size,
// suffixed _zh_CN for Chinese): review-window-WxH.png (the window, the top suspect drawn),
// review-window-labelonly-WxH.png (flipped to the label only) and review-dataset-WxH.png.
#include "screenshots_review.h"

#include "data/demo.h"
#include "ui/dataset/datasetpage.h"
#include "ui/review/datasetreviewtab.h"
#include "ui/review/reviewcanvas.h"
#include "ui/review/reviewdialog.h"
#include "ui/review/suspectsview.h"
#include "ui/shell/mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>

#include <cstdio>
#include <functional>

namespace {

bool waitFor(const std::function<bool()>& done, int ms)
{
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return done();
}

bool grabTo(QWidget& w, const QDir& out, const QString& name)
{
    waitFor([] { return false; }, 600);   // let layouts and pool jobs settle
    const QString path = out.filePath(name + QStringLiteral(".png"));
    if (!w.grab().save(path)) {
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
        return false;
    }
    std::printf("%s\n", qPrintable(path));
    return true;
}

}  // namespace

int saveReviewScreens(const QString& weights, const QDir& out, const QString& suffix, QSize windowSize)
{
    QTemporaryDir tmp;
    auto yaml = ys::writeDemoDataset(tmp.filePath(QStringLiteral("demo")).toStdString());
    const QString run = tmp.filePath(QStringLiteral("runs/demo-yolov8n"));
    if (!yaml.ok() || !QDir().mkpath(run + "/weights") || !QFile::copy(weights, run + "/weights/best.pt")) {
        std::fprintf(stderr, "error: cannot write the demo dataset or copy %s\n", qPrintable(weights));
        return 1;
    }
    const QString dataYaml = QString::fromStdString(*yaml);
    const QString size = QStringLiteral("-%1x%2").arg(windowSize.width()).arg(windowSize.height());
    ys::ui::MainWindow window;
    window.resize(windowSize);
    window.move(0, 0);
    window.show();
    auto* page = window.findChild<ys::ui::DatasetPage*>(QStringLiteral("datasetPage"));
    bool opened = false;
    QObject::connect(page, &ys::ui::DatasetPage::datasetOpened, [&] { opened = true; });
    page->openDataset(dataYaml);
    if (!waitFor([&] { return opened; }, 60000))
        return 1;

    ys::ui::ReviewDialog dialog;
    dialog.resize(windowSize * 0.9);
    dialog.show();
    dialog.setRun(run, dataYaml, run + "/weights/best.pt");
    QString reviewPath;
    QObject::connect(&dialog, &ys::ui::ReviewDialog::reviewed, [&](const QString& p) { reviewPath = p; });
    dialog.startReview(ys::ReviewSplit::Val);
    if (!waitFor([&] { return !reviewPath.isEmpty(); }, 600000)) {
        std::fprintf(stderr, "error: the review did not end: %s\n", qPrintable(dialog.message()));
        return 1;
    }
    ys::ui::ReviewCanvas* canvas = dialog.suspects()->canvas();
    waitFor([&] { return canvas->hasImage(); }, 30000);
    if (!grabTo(dialog, out, QStringLiteral("review-window") + size + suffix))
        return 1;
    canvas->flip();
    if (!grabTo(dialog, out, QStringLiteral("review-window-labelonly") + size + suffix))
        return 1;
    dialog.hide();

    ys::ui::DatasetReviewTab* tab = page->reviewTab();
    tab->showReviewFile(reviewPath);
    if (!waitFor([&] { return tab->hasReview(); }, 30000))
        return 1;
    page->findChild<QTabWidget*>(QStringLiteral("bottomTabs"))->setCurrentWidget(tab);
    tab->suspects()->table()->selectRow(1);
    waitFor([&] { return tab->suspects()->canvas()->hasImage(); }, 30000);
    return grabTo(window, out, QStringLiteral("review-dataset") + size + suffix) ? 0 : 1;
}
