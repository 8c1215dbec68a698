// ui_screenshots --picker DATA_YAML OUT_DIR [--language zh_CN] [--size WxH] [--fit-model MODEL]
// Writes picker-WxH.png: the main window (WxH) on its Train page with yolo26n picked on DATA_YAML, its summary
// line tagged as Ultralytics' current default; picker-list-WxH.png: the same with the model family list open
// (Ultralytics' current default under its heading, the others after a separator); and, given MODEL, fit-scales-WxH.png: the Fit dialog after a real fit of MODEL at 320 px
// planned for an RTX 3060 (its scale table lists the family's n/s/m/l/x). Suffixed _zh_CN for Chinese.
#include "screenshots_picker.h"

#include "ui/config/configform.h"
#include "ui/config/modelpicker.h"
#include "ui/fit/fitdialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/train/trainpage.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QPainter>

#include <cstdio>

namespace {

void wait(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

bool save(const QImage& image, const QString& path)
{
    if (!image.save(path)) {
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
        return false;
    }
    std::printf("%s\n", qPrintable(path));
    return true;
}

// The window with the family list open: the list is a popup of its own, painted over the window's grab where it
// stands on the screen.
QImage windowWithPopup(QWidget& window, QComboBox* family)
{
    family->showPopup();
    wait(400);
    QPixmap shot = window.grab();
    QWidget* popup = family->view()->window();
    if (popup && popup != &window && popup->isVisible()) {
        QPainter p(&shot);
        p.drawPixmap(window.mapFromGlobal(popup->mapToGlobal(QPoint(0, 0))), popup->grab());
    }
    family->hidePopup();
    return shot.toImage();
}

bool saveFitScales(const QString& dataYaml, const QString& model, QSize windowSize, const QString& path)
{
    ys::TrainConfig cfg;
    cfg.data = dataYaml.toStdString();
    cfg.model = model.toStdString();
    cfg.imgsz = 320;
    ys::ui::FitDialog dialog(cfg);
    dialog.budgetEdit()->setText(QStringLiteral("0.9"));
    dialog.targetCombo()->setCurrentIndex(dialog.targetCombo()->findData(QStringLiteral("rtx3060")));
    dialog.resize(ys::ui::FitDialog::defaultSize(windowSize));
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
    while (!done && t.elapsed() < 600000)
        wait(50);
    if (!ok)
        return false;
    wait(400);
    return save(dialog.grab().toImage(), path);
}

}  // namespace

int savePickerScreens(const QString& dataYaml, const QDir& out, const QString& suffix, QSize windowSize,
                      const QString& fitModel)
{
    const QString size = QStringLiteral("-%1x%2").arg(windowSize.width()).arg(windowSize.height());
    ys::ui::MainWindow w;
    w.resize(windowSize);
    w.show();
    ys::ui::TrainPage* train = w.trainPage();
    w.showPage(train);
    ys::TrainConfig cfg = train->form()->config();
    cfg.data = dataYaml.toStdString();
    cfg.model = "yolo26n.yaml";
    cfg.imgsz = 640;
    train->form()->setConfig(cfg);
    ys::ui::ModelPicker* picker = train->form()->modelPicker();
    QElapsedTimer t;
    t.start();
    while ((picker->isSummarizing() || picker->summaryText().isEmpty()) && t.elapsed() < 30000)
        wait(50);
    wait(600);
    auto* family = picker->findChild<QComboBox*>();
    if (!family || !save(w.grab().toImage(), out.filePath(QStringLiteral("picker") + size + suffix + ".png")) ||
        !save(windowWithPopup(w, family), out.filePath(QStringLiteral("picker-list") + size + suffix + ".png")))
        return 1;
    if (!fitModel.isEmpty() &&
        !saveFitScales(dataYaml, fitModel, windowSize, out.filePath(QStringLiteral("fit-scales") + size + suffix + ".png"))) {
        std::fprintf(stderr, "error: the fit of %s did not finish\n", qPrintable(fitModel));
        return 1;
    }
    return 0;
}
