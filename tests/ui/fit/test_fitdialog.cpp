// The Fit to my GPU dialog on its own (no Train page), with the real probe on a tiny demo dataset (yolov8n at
// 64 px, fp32: six measured steps, about 2 s each fit): Enter runs it and the recommendation shows in words;
// Apply hands batch, imgsz and amp over and they change the setup; Cancel (and Esc) stop a running fit; a
// budget too small for batch 1 shows "does not fit" and offers no Apply; the largest-image-size mode; the
// target picker plans for a card this machine lacks; a model YAML without scales; the budget is checked as typed; the last budget and
// target are remembered; the table model passes QAbstractItemModelTester; every text retranslates. A setup on
// GPUs this machine lacks (device=0,1 here) says why in one line, before Run and when Run fails; such a setup
// can be fitted for the computer's CPU ("Train on"), and Apply then sets device=cpu; at the size the dialog
// opens at on a 1280 × 800 screen every column of the scale table is in view.
#include "ui/charts/breakdownchart.h"
#include "ui/fit/fitdialog.h"
#include "ui/fit/fittablemodel.h"
#include "ui/fit/stagefitmodel.h"
#include "ui/config/configform.h"
#include "ui/common/devicetext.h"
#include "ui/fit/fittext.h"
#include "ui/shell/language.h"
#include "fitdemo.h"

#include "common/config.h"
#include "memory/devices.h"
#include "memory/memory.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QHeaderView>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <map>
#include "findchild.h"

using ys::test::child;

using namespace ys::ui;

namespace {

constexpr int kFitTimeoutMs = 120000;  // a fit takes ~2 s here; the machine may be busy

}  // namespace

class TestFitDialog final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void enterRunsAndApplyChangesTheSetup();
    void cancelStopsARun();
    void tooSmallABudgetDoesNotFit();
    void largestImageSizeForABatch();
    void plansForAnotherCard();
    void modelWithoutScales();
    void yolo26ScalesInTheTable();
    void budgetIsCheckedAsTyped();
    void remembersBudgetAndTarget();
    void retranslates();
    void stagedSetupShowsEachStage();
    void checkpointingProposalAppliesWithTheRest();
    void missingGpuSaysWhy();
    void fitsAGpuSetupForTheCpu();
    void everyColumnInViewAtTheDefaultSize_data();
    void everyColumnInViewAtTheDefaultSize();

private:
    ys::TrainConfig setup() const;
    static bool waitForFit(FitDialog& dialog, QSignalSpy& spy);
    // Runs the dialog's fit and waits for its end: true when it ended with a result (`succeeded`: and finished
    // with success).
    static bool fitEnds(FitDialog& dialog, bool succeeded = false);

    QTemporaryDir dir_;
    std::string yaml_;
};

void TestFitDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_ui_fitdialog"));
    QVERIFY(dir_.isValid());
    auto yaml = ys::test::writeFitDemo(dir_);
    QVERIFY2(yaml.ok(), yaml.ok() ? "" : yaml.error().toString().c_str());
    yaml_ = *yaml;
}

void TestFitDialog::init()
{
    QSettings().remove(QStringLiteral("fit"));
}

ys::TrainConfig TestFitDialog::setup() const
{
    ys::TrainConfig cfg;
    cfg.data = yaml_;
    cfg.model = "yolov8n.yaml";
    cfg.imgsz = 64;
    cfg.amp = "off";
    cfg.batch = 16;
    cfg.workers = 2;
    return cfg;
}

bool TestFitDialog::waitForFit(FitDialog& dialog, QSignalSpy& spy)
{
    const bool done = !spy.isEmpty() || spy.wait(kFitTimeoutMs);   // a fit may end before the wait begins
    return done && !dialog.running();
}

bool TestFitDialog::fitEnds(FitDialog& dialog, bool succeeded)
{
    QSignalSpy finished(&dialog, &FitDialog::fitFinished);
    return dialog.runFit() && waitForFit(dialog, finished) && dialog.outcome().has_value() &&
           (!succeeded || finished.first().at(0).toBool());
}

void TestFitDialog::enterRunsAndApplyChangesTheSetup()
{
    ys::TrainConfig cfg = setup();
    FitDialog dialog(cfg);
    dialog.budgetEdit()->setText(QStringLiteral("300MB"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(!child<QPushButton>(dialog, "applyButton")->isEnabled());
    QVERIFY(child<QLabel>(dialog, "recommendationLabel")->isHidden());

    QSignalSpy finished(&dialog, &FitDialog::fitFinished);
    QSignalSpy progress(dialog.controller(), &FitController::progress);
    QTest::keyClick(dialog.budgetEdit(), Qt::Key_Return);  // Enter runs (Run is the default button)
    QVERIFY(dialog.running());
    QVERIFY(child<QProgressBar>(dialog, "progressBar")->isVisible());
    QVERIFY(child<QPushButton>(dialog, "cancelButton")->isVisible());
    QVERIFY(!dialog.budgetEdit()->isEnabled());
    QVERIFY(!child<QPushButton>(dialog, "runButton")->isEnabled());
    QVERIFY(waitForFit(dialog, finished));
    QCOMPARE(finished.first().at(0).toBool(), true);
    QVERIFY(!progress.isEmpty());
    // The probe's steps, then the per-layer trace (one step) last.
    QCOMPARE(progress.last().at(0).value<ys::ProgressStage>(), ys::ProgressStage::Layers);
    QCOMPARE(progress.last().at(1).toLongLong(), progress.last().at(2).toLongLong());
    const auto probeDone = std::find_if(progress.begin(), progress.end(), [](const QList<QVariant>& p) {
        return p.at(0).value<ys::ProgressStage>() == ys::ProgressStage::Probe && p.at(1).toLongLong() == p.at(2).toLongLong();
    });
    QVERIFY(probeDone != progress.end());

    // The recommendation in plain words.
    QVERIFY(dialog.outcome().has_value());
    const auto& r = dialog.outcome()->result;
    QVERIFY(r.recommended.fits);
    QCOMPARE(r.recommended.imgsz, 64);
    QVERIFY(r.recommended.batch > 1);
    const QString headline = child<QLabel>(dialog, "recommendationLabel")->text();
    QVERIFY2(headline.startsWith(QStringLiteral("Batch %1 at 64 px with full precision (fp32) needs about ")
                                     .arg(r.recommended.batch)),
             qPrintable(headline));
    QVERIFY(headline.contains(QStringLiteral("budget")));
    QVERIFY(child<QLabel>(dialog, "recommendationLabel")->isVisible());
    QVERIFY(!child<QProgressBar>(dialog, "progressBar")->isVisible());
    QVERIFY(child<QLabel>(dialog, "certaintyLabel")->text().startsWith(QStringLiteral("Measured on this CPU")));
    // The nominal batch (64) and the recommended batch give the accumulation.
    QVERIFY2(child<QLabel>(dialog, "accumulationLabel")->text().contains(QStringLiteral("nominal batch 64 ÷ batch %1").arg(r.recommended.batch)),
             qPrintable(child<QLabel>(dialog, "accumulationLabel")->text()));
    QVERIFY(child<QLabel>(dialog, "marginLabel")->text().contains(QStringLiteral("stays free")));
    QVERIFY(child<QLabel>(dialog, "notesLabel")->text().contains(QStringLiteral("most crowded training images")));
    QVERIFY(child<QLabel>(dialog, "stageLabel")->text().startsWith(QStringLiteral("Measured 6 probe steps in ")));

    // The table: model-tested, the recommended (measured) row highlighted, other scales estimated.
    FitTableModel* model = child<FitTableModel>(dialog, "tableModel");
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(child<QTableView>(dialog, "tableView")->model(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model->rowCount(), static_cast<int>(r.table.size()));
    const int row = model->recommendedRow();
    QVERIFY(row >= 0);
    QCOMPARE(model->index(row, FitTableModel::BatchColumn).data().toString(), QString::number(r.recommended.batch));
    QCOMPARE(model->index(row, FitTableModel::ScaleColumn).data().toString(), QStringLiteral("n"));
    QCOMPARE(model->index(row, FitTableModel::BasisColumn).data().toString(), QStringLiteral("measured"));
    // The breakdown chart: a training and a validation bar, with the budget line.
    QCOMPARE(dialog.chart()->data().bars.size(), 2);
    QCOMPARE(dialog.chart()->data().budgetBytes, double(r.budgetBytes));
    QCOMPARE(dialog.chart()->unit(), QStringLiteral("MiB"));

    // Apply: batch, imgsz and amp go to the setup, with an undo text and the result for the pre-flight.
    QVERIFY(child<QPushButton>(dialog, "applyButton")->isEnabled());
    QSignalSpy applied(&dialog, &FitDialog::applied);
    ys::TrainConfig received = cfg;
    connect(&dialog, &FitDialog::applied, this, [&](const FitApplication& app) {
        for (auto it = app.values.begin(); it != app.values.end(); ++it)
            QVERIFY(!received.set(it.key().toStdString(), it.value().toStdString()));
    });
    QTest::mouseClick(child<QPushButton>(dialog, "applyButton"), Qt::LeftButton);
    QCOMPARE(applied.count(), 1);
    const auto app = applied.first().at(0).value<FitApplication>();
    QCOMPARE(app.values.value(QStringLiteral("batch")), QString::number(r.recommended.batch));
    QCOMPARE(app.values.value(QStringLiteral("imgsz")), QStringLiteral("64"));
    QCOMPARE(app.values.value(QStringLiteral("amp")), QStringLiteral("off"));
    QVERIFY(app.undoText.contains(QString::number(r.recommended.batch)));
    QCOMPARE(app.result.recommended.predictedPeakBytes, r.recommended.predictedPeakBytes);
    QCOMPARE(app.result.budgetBytes, int64_t{300'000'000});
    QCOMPARE(received.batch, r.recommended.batch);
    QVERIFY(received.batch != cfg.batch);
    QVERIFY(received.validate().empty());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(!dialog.isVisible());
}

void TestFitDialog::cancelStopsARun()
{
    FitDialog dialog(setup());
    dialog.budgetEdit()->setText(QStringLiteral("300MB"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy finished(&dialog, &FitDialog::fitFinished);
    QSignalSpy failed(dialog.controller(), &FitController::failed);
    QVERIFY(dialog.runFit());
    QVERIFY(!dialog.runFit());  // one at a time
    // Esc while measuring cancels and keeps the dialog open.
    QTest::keyClick(&dialog, Qt::Key_Escape);
    QVERIFY(dialog.isVisible());
    QVERIFY(child<QLabel>(dialog, "stageLabel")->text().startsWith(QStringLiteral("Cancelling")));
    QVERIFY(!child<QPushButton>(dialog, "cancelButton")->isEnabled());
    QVERIFY(waitForFit(dialog, finished));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.first().at(0).value<ys::Error>().code, std::string("fit.cancelled"));
    QVERIFY(!dialog.outcome().has_value());
    QVERIFY(child<QLabel>(dialog, "stageLabel")->text().startsWith(QStringLiteral("Cancelled")));
    QVERIFY(!child<QPushButton>(dialog, "applyButton")->isEnabled());
    QVERIFY(child<QPushButton>(dialog, "runButton")->isEnabled());
    QVERIFY(child<QLabel>(dialog, "errorLabel")->isHidden());  // a cancel is not an error

    // Cancel in the middle of the measured steps: the probe stops before its last step.
    finished.clear();
    failed.clear();
    QSignalSpy progress(dialog.controller(), &FitController::progress);
    QVERIFY(dialog.runFit());
    QVERIFY(progress.wait(kFitTimeoutMs));
    const qint64 total = progress.first().at(2).toLongLong();
    QVERIFY(total > 1);
    QVERIFY(progress.first().at(1).toLongLong() < total);
    QTest::mouseClick(child<QPushButton>(dialog, "cancelButton"), Qt::LeftButton);
    QVERIFY(waitForFit(dialog, finished));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.first().at(0).value<ys::Error>().code, std::string("fit.cancelled"));
    QVERIFY(progress.last().at(1).toLongLong() < total);
    QVERIFY(!dialog.outcome().has_value());

    // The window's close button while measuring closes at once; the probe stops in the background.
    finished.clear();
    QVERIFY(dialog.runFit());
    QVERIFY(dialog.close());
    QVERIFY(!dialog.isVisible());
    QVERIFY(waitForFit(dialog, finished));
    QCOMPARE(finished.first().at(0).toBool(), false);
    dialog.show();
    // Esc when idle closes.
    QTest::keyClick(&dialog, Qt::Key_Escape);
    QVERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
}

void TestFitDialog::tooSmallABudgetDoesNotFit()
{
    FitDialog dialog(setup());
    dialog.budgetEdit()->setText(QStringLiteral("40MB"));
    dialog.show();
    QVERIFY(fitEnds(dialog));
    QVERIFY(!dialog.outcome()->result.recommended.fits);
    const QString headline = child<QLabel>(dialog, "recommendationLabel")->text();
    QVERIFY2(headline.startsWith(QStringLiteral("Does not fit: even batch 1 at 64 px needs about ")), qPrintable(headline));
    QVERIFY(headline.contains(QStringLiteral("Lower the image size, choose a smaller model or raise the budget")));
    QVERIFY(child<QLabel>(dialog, "notesLabel")->text().contains(QStringLiteral("Even batch 1 does not fit the budget")));
    QVERIFY(!child<QPushButton>(dialog, "applyButton")->isEnabled());
    QVERIFY(!dialog.application().has_value());
    QCOMPARE(child<FitTableModel>(dialog, "tableModel")->recommendedRow(), -1);
}

void TestFitDialog::largestImageSizeForABatch()
{
    FitDialog dialog(setup());
    dialog.budgetEdit()->setText(QStringLiteral("200MB"));
    child<QRadioButton>(dialog, "imgszModeButton")->setChecked(true);
    QVERIFY(child<QSpinBox>(dialog, "batchSpin")->isEnabled());
    QVERIFY(!child<QSpinBox>(dialog, "imgszSpin")->isEnabled());
    child<QSpinBox>(dialog, "batchSpin")->setValue(4);
    QCOMPARE(dialog.request().batch, 4);
    QCOMPARE(dialog.request().imgsz, 64);  // the probe still measures at the setup's size
    QVERIFY(fitEnds(dialog));
    const auto& rec = dialog.outcome()->result.recommended;
    QVERIFY(rec.fits);
    QCOMPARE(rec.batch, 4);
    QVERIFY(rec.imgsz > 64);
    QVERIFY2(child<QLabel>(dialog, "recommendationLabel")->text().startsWith(
                 QStringLiteral("Batch 4 fits up to %1 px with full precision (fp32)").arg(rec.imgsz)),
             qPrintable(child<QLabel>(dialog, "recommendationLabel")->text()));
    const auto app = dialog.application();
    QVERIFY(app.has_value());
    QCOMPARE(app->values.value(QStringLiteral("batch")), QStringLiteral("4"));
    QCOMPARE(app->values.value(QStringLiteral("imgsz")), QString::number(rec.imgsz));
}

void TestFitDialog::plansForAnotherCard()
{
    ys::TrainConfig cfg = setup();
    cfg.amp = "auto";
    FitDialog dialog(cfg);
    QComboBox* target = dialog.targetCombo();
    const int rtx3060 = target->findData(QStringLiteral("rtx3060"));
    QVERIFY(rtx3060 > 0);
    QCOMPARE(target->itemText(rtx3060), QStringLiteral("RTX 3060 12 GB"));
    QVERIFY(target->itemText(0).startsWith(QStringLiteral("This device (CPU")));
    // Custom size.
    target->setCurrentIndex(target->findData(QStringLiteral("custom")));
    QVERIFY(!child<QDoubleSpinBox>(dialog, "customTargetSpin")->isHidden());
    child<QDoubleSpinBox>(dialog, "customTargetSpin")->setValue(16);
    QCOMPARE(dialog.request().targetGpu, std::string("custom:16GiB"));
    dialog.budgetEdit()->setText(QStringLiteral("0.5"));
    QCOMPARE(child<QLabel>(dialog, "budgetFeedback")->text(), QStringLiteral("= 8.0 GiB (50% of 16.0 GiB)"));

    target->setCurrentIndex(rtx3060);
    QVERIFY(child<QDoubleSpinBox>(dialog, "customTargetSpin")->isHidden());
    QCOMPARE(dialog.request().targetGpu, std::string("rtx3060"));
    QCOMPARE(child<QLabel>(dialog, "budgetFeedback")->text(), QStringLiteral("= 6.0 GiB (50% of 12.0 GiB)"));
    QVERIFY(fitEnds(dialog));
    const auto& r = dialog.outcome()->result;
    QCOMPARE(r.target, std::string("RTX 3060 12 GB"));
    QCOMPARE(r.recommended.ampMode, std::string("fp16"));
    QVERIFY(child<QLabel>(dialog, "certaintyLabel")->text().startsWith(QStringLiteral("Planned for the RTX 3060 12 GB")));
    QVERIFY(child<QLabel>(dialog, "recommendationLabel")->text().contains(QStringLiteral("with fp16 mixed precision")));
    QVERIFY(child<QLabel>(dialog, "recommendationLabel")->text().contains(QStringLiteral("on the RTX 3060 12 GB")));
    QCOMPARE(dialog.chart()->unit(), QStringLiteral("GiB"));
    // amp=auto already gives fp16 on the card: Apply keeps "auto" (fp16 would not run on this CPU).
    const auto app = dialog.application();
    QVERIFY(app.has_value());
    QCOMPARE(app->values.value(QStringLiteral("amp")), QStringLiteral("auto"));
}

void TestFitDialog::modelWithoutScales()
{
    // yolov8.yaml with its scales replaced by one depth/width multiple (a user's own model YAML).
    const QString source = qEnvironmentVariable("YS_SOURCE_DIR");
    if (source.isEmpty())
        QSKIP("YS_SOURCE_DIR is not set (run through ctest)");
    QFile in(source + QStringLiteral("/resources/models/yolov8.yaml"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QString yaml = QString::fromUtf8(in.readAll());
    static const QRegularExpression scales(QStringLiteral("scales:[^\\n]*\\n(  [a-z]: [^\\n]*\\n)+"));
    QVERIFY(yaml.contains(scales));
    yaml.replace(scales, QStringLiteral("depth_multiple: 0.33\nwidth_multiple: 0.25\n"));
    const QString path = dir_.filePath(QStringLiteral("custom.yaml"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(yaml.toUtf8());
    out.close();

    ys::TrainConfig cfg = setup();
    cfg.model = path.toStdString();
    FitDialog dialog(cfg);
    dialog.budgetEdit()->setText(QStringLiteral("300MB"));
    QVERIFY(fitEnds(dialog));
    QCOMPARE(dialog.outcome()->scale, '-');
    QVERIFY2(child<QLabel>(dialog, "notesLabel")->text().contains(QStringLiteral("The model has no other scales")),
             qPrintable(child<QLabel>(dialog, "notesLabel")->text()));
    // Only the model itself, measured, its recommended row highlighted.
    FitTableModel* model = child<FitTableModel>(dialog, "tableModel");
    QVERIFY(model->rowCount() > 0);
    const int row = model->recommendedRow();
    QVERIFY(row >= 0);
    for (int r = 0; r < model->rowCount(); ++r)
        QCOMPARE(model->index(r, FitTableModel::BasisColumn).data().toString(), QStringLiteral("measured"));
    QCOMPARE(model->index(row, FitTableModel::BatchColumn).data().toInt(), dialog.outcome()->result.recommended.batch);
}

void TestFitDialog::yolo26ScalesInTheTable()
{
    // YOLO26 (end-to-end head, attention C3k2) is fitted as YOLO11 is: its own scale measured, n/s/m/l/x listed,
    // the others estimated from their parameters, activations and attention maps.
    ys::TrainConfig cfg = setup();
    cfg.model = "yolo26n.yaml";
    FitDialog dialog(cfg);
    dialog.budgetEdit()->setText(QStringLiteral("300MB"));
    QVERIFY(fitEnds(dialog, true));
    QCOMPARE(dialog.outcome()->scale, 'n');
    FitTableModel* model = child<FitTableModel>(dialog, "tableModel");
    QStringList scales;
    std::map<QString, std::map<int, int>> batchAt;  // scale -> imgsz -> largest batch (fp32 rows)
    for (int r = 0; r < model->rowCount(); ++r) {
        const QString scale = model->index(r, FitTableModel::ScaleColumn).data().toString();
        if (!scales.contains(scale))
            scales << scale;
        QCOMPARE(model->index(r, FitTableModel::BasisColumn).data().toString(),
                 scale == QLatin1String("n") ? QStringLiteral("measured") : QStringLiteral("estimated"));
        if (!model->index(r, FitTableModel::PrecisionColumn).data(Qt::UserRole).toBool())
            batchAt[scale][model->index(r, FitTableModel::ImgszColumn).data(Qt::UserRole).toInt()] =
                model->index(r, FitTableModel::BatchColumn).data(Qt::UserRole).toInt();
    }
    QCOMPARE(scales, (QStringList{"n", "s", "m", "l", "x"}));
    const int row = model->recommendedRow();
    QVERIFY(row >= 0);
    QCOMPARE(model->index(row, FitTableModel::ScaleColumn).data().toString(), QStringLiteral("n"));
    // A larger scale never fits a larger batch, and a larger image size never a larger one either.
    for (const auto& [imgsz, batch] : batchAt["n"]) {
        QVERIFY(batchAt["x"][imgsz] <= batchAt["s"][imgsz]);
        QVERIFY(batchAt["s"][imgsz] <= batch);
    }
    QVERIFY(batchAt["n"][1280] <= batchAt["n"][640]);
}

void TestFitDialog::budgetIsCheckedAsTyped()
{
    FitDialog dialog(setup());
    QLineEdit* budget = dialog.budgetEdit();
    budget->clear();
    QTest::keyClicks(budget, QStringLiteral("8 gigs"));
    QVERIFY(!child<QPushButton>(dialog, "runButton")->isEnabled());
    QVERIFY(child<QLabel>(dialog, "budgetFeedback")->text().startsWith(QStringLiteral("Not a size or a fraction")));
    QVERIFY(!dialog.runFit());
    budget->clear();
    QTest::keyClicks(budget, QStringLiteral("6000MB"));
    QVERIFY(child<QPushButton>(dialog, "runButton")->isEnabled());
    QVERIFY(child<QLabel>(dialog, "budgetFeedback")->text().startsWith(QStringLiteral("= 5.6 GiB")));
    QCOMPARE(dialog.request().budget, std::string("6000MB"));
    budget->clear();
    QVERIFY(child<QPushButton>(dialog, "runButton")->isEnabled());  // empty: all of the device
    QVERIFY(child<QLabel>(dialog, "budgetFeedback")->text().startsWith(QStringLiteral("All of")));
    // The setup's vram comes in as the budget.
    ys::TrainConfig cfg = setup();
    cfg.vram = "2GiB";
    FitDialog withVram(cfg);
    QCOMPARE(withVram.budgetEdit()->text(), QStringLiteral("2GiB"));
    QCOMPARE(withVram.request().budget, std::string("2GiB"));
    QCOMPARE(withVram.request().data, yaml_);
    QCOMPARE(withVram.request().workers, 2);
    QCOMPARE(withVram.request().amp, std::string("off"));
}

void TestFitDialog::remembersBudgetAndTarget()
{
    {
        FitDialog dialog(setup());
        dialog.budgetEdit()->setText(QStringLiteral("0.8"));
        dialog.targetCombo()->setCurrentIndex(dialog.targetCombo()->findData(QStringLiteral("t4")));
        child<QRadioButton>(dialog, "imgszModeButton")->setChecked(true);
        QSignalSpy finished(&dialog, &FitDialog::fitFinished);
        QVERIFY(dialog.runFit());  // a run remembers what it ran with
        dialog.cancelFit();
        QVERIFY(waitForFit(dialog, finished));
    }
    FitDialog again(setup());
    QCOMPARE(again.budgetEdit()->text(), QStringLiteral("0.8"));
    QCOMPARE(again.targetCombo()->currentData().toString(), QStringLiteral("t4"));
    QVERIFY(child<QRadioButton>(again, "imgszModeButton")->isChecked());
    QCOMPARE(again.request().targetGpu, std::string("t4"));
}

void TestFitDialog::retranslates()
{
    FitDialog dialog(setup());
    QCOMPARE(dialog.windowTitle(), QStringLiteral("Fit to my GPU"));
    child<QPushButton>(dialog, "runButton")->setText(QStringLiteral("stale"));
    dialog.setWindowTitle(QStringLiteral("stale"));
    child<QLabel>(dialog, "budgetFeedback")->setText(QStringLiteral("stale"));
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(&dialog, &change);
    QCOMPARE(dialog.windowTitle(), QStringLiteral("Fit to my GPU"));
    QCOMPARE(child<QPushButton>(dialog, "runButton")->text(), QStringLiteral("&Run"));
    QVERIFY(child<QLabel>(dialog, "budgetFeedback")->text() != QStringLiteral("stale"));
    QCOMPARE(child<FitTableModel>(dialog, "tableModel")->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Scale"));
}

void TestFitDialog::missingGpuSaysWhy()
{
    // The first GPUs this machine does not have: device=0,1 without a driver, as the newcomer met it.
    const auto& driver = ys::memory::cudaDriverStatus();
    const int first = driver.usable && ys::memory::cudaBuild() ? driver.deviceCount : 0;
    ys::TrainConfig cfg = setup();
    cfg.device = std::to_string(first) + "," + std::to_string(first + 1);
    FitDialog dialog(cfg);
    dialog.budgetEdit()->setText(QStringLiteral("300MB"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString why = FitText::deviceProblem(std::to_string(first), driver, ys::memory::cudaBuild());
    QVERIFY(why.startsWith(QStringLiteral("GPU %1 is not available here: ").arg(first)) ||
            why.startsWith(QStringLiteral("there is no GPU %1 here").arg(first)));
    if (!driver.usable || !ys::memory::cudaBuild())   // the driver's own diagnosis, in the UI's words
        QVERIFY(why.endsWith(DeviceText::noGpuReason(driver, ys::memory::cudaBuild())));
    // Before Run: the target's hint says it, and where to go instead.
    auto* hint = child<QLabel>(dialog, "targetHint");
    QTRY_VERIFY2_WITH_TIMEOUT(hint->text().startsWith(why), qPrintable(hint->text() + QStringLiteral(" / ") + why), 30000);
    QVERIFY(hint->text().contains(QStringLiteral("CPU")));
    // Run: the stage line says why in one line, and nothing repeats it below.
    QSignalSpy finished(&dialog, &FitDialog::fitFinished);
    QVERIFY(dialog.runFit());
    QVERIFY(waitForFit(dialog, finished));
    QCOMPARE(finished.first().at(0).toBool(), false);
    const QString line = child<QLabel>(dialog, "stageLabel")->text();
    QCOMPARE(line, QStringLiteral("The fit failed: %1.").arg(why));
    QVERIFY(!line.contains(QLatin1Char('\n')));
    QVERIFY(child<QLabel>(dialog, "errorLabel")->isHidden());
    // Core's message says it too (the CLI shows it).
    QVERIFY(dialog.controller()->busy() == false);
}

void TestFitDialog::fitsAGpuSetupForTheCpu()
{
    ys::TrainConfig cfg = setup();
    cfg.device = "0";
    FitDialog dialog(cfg);
    dialog.budgetEdit()->setText(QStringLiteral("300MB"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // "Train on" lists this computer's CPU for a GPU setup (and only for one).
    const int cpu = dialog.targetCombo()->findData(QStringLiteral("cpu"));
    QVERIFY(cpu > 0);
    QVERIFY(dialog.targetCombo()->itemText(cpu).contains(QStringLiteral("CPU")));
    {
        FitDialog onCpu(setup());
        QCOMPARE(onCpu.targetCombo()->findData(QStringLiteral("cpu")), -1);
        QVERIFY(onCpu.targetCombo()->itemText(0).contains(QStringLiteral("CPU")));
    }
    dialog.targetCombo()->setCurrentIndex(cpu);
    const ys::fit::FitRequest req = dialog.request();
    QCOMPARE(req.device, std::string("cpu"));
    QVERIFY(req.targetGpu.empty());
    QTRY_VERIFY_WITH_TIMEOUT(child<QLabel>(dialog, "targetHint")->text().contains(QStringLiteral("CPU")), 30000);
    QVERIFY(fitEnds(dialog, true));
    const auto& r = dialog.outcome()->result;
    QVERIFY(r.recommended.fits);
    QCOMPARE(r.device, std::string("cpu"));
    QVERIFY(child<QLabel>(dialog, "certaintyLabel")->text().startsWith(QStringLiteral("Measured on this CPU")));
    // Apply: the run trains where it was fitted.
    const auto app = dialog.application();
    QVERIFY(app.has_value());
    QCOMPARE(app->values.value(QStringLiteral("device")), QStringLiteral("cpu"));
    QCOMPARE(app->values.value(QStringLiteral("batch")), QString::number(r.recommended.batch));
    ys::TrainConfig applied = cfg;
    for (auto it = app->values.begin(); it != app->values.end(); ++it)
        QVERIFY(!applied.set(it.key().toStdString(), it.value().toStdString()));
    QCOMPARE(applied.device, std::string("cpu"));
    QVERIFY(applied.validate().empty());
}

void TestFitDialog::everyColumnInViewAtTheDefaultSize_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

void TestFitDialog::everyColumnInViewAtTheDefaultSize()
{
    QFETCH(QString, language);
    QVERIFY(installTranslators(language));
    const auto english = qScopeGuard([] { installTranslators(QStringLiteral("en")); });
    // The size the dialog opens at on a 1280 × 800 screen, English and Chinese.
    const QSize size = FitDialog::defaultSize(QSize(1280, 800));
    QVERIFY(size.width() <= 1280 && size.height() <= 800);
    ys::TrainConfig cfg = setup();
    cfg.amp = "auto";
    FitDialog dialog(cfg);
    dialog.budgetEdit()->setText(QStringLiteral("0.9"));
    dialog.targetCombo()->setCurrentIndex(dialog.targetCombo()->findData(QStringLiteral("rtx3060")));
    dialog.resize(size);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(fitEnds(dialog));
    QCOMPARE(dialog.size(), size);
    auto* view = child<QTableView>(dialog, "tableView");
    const QHeaderView* header = view->horizontalHeader();
    QString why;
    auto allInView = [&] {
        for (int c = 0; c < header->count(); ++c) {
            const int left = header->sectionViewportPosition(c);
            why = QStringLiteral("column %1 at %2 + %3 px in a %4 px view (table %5 px, dialog %6 px)")
                      .arg(c)
                      .arg(left)
                      .arg(header->sectionSize(c))
                      .arg(view->viewport()->width())
                      .arg(view->width())
                      .arg(dialog.width());
            if (left < 0 || left + header->sectionSize(c) > view->viewport()->width())
                return false;
            // Each column at least as wide as its header, so no title is cut.
            if (header->sectionSize(c) < header->sectionSizeHint(c) - 1)
                return false;
        }
        why = QStringLiteral("a horizontal scroll bar");
        return view->horizontalScrollBar()->maximum() == 0;
    };
    QTRY_VERIFY2(allInView(), qPrintable(QStringLiteral("a column of the scale table is out of view: ") + why));
    QCOMPARE(header->count(), int(FitTableModel::ColumnCount));
    // The chart beside it keeps room to draw.
    QVERIFY(dialog.chart()->width() >= 340);
}

QTEST_MAIN(TestFitDialog)
#include "test_fitdialog.moc"


// A staged setup: the fit measures each stage at its own image size and the dialog shows the engine's figures
// in its stage table, one row per stage.
void TestFitDialog::stagedSetupShowsEachStage()
{
    ys::TrainConfig cfg = setup();
    QVERIFY(!cfg.set("stages", "32x8:1,64xauto:2"));
    FitDialog dialog(cfg);
    dialog.budgetEdit()->setText(QStringLiteral("300MB"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy finished(&dialog, &FitDialog::fitFinished);
    QVERIFY(dialog.runFit());
    QVERIFY(waitForFit(dialog, finished));
    QCOMPARE(finished.first().at(0).toBool(), true);
    const auto& r = dialog.outcome()->result;
    QCOMPARE(r.stages.size(), size_t(2));
    auto* view = child<QTableView>(dialog, "stageFitView");
    QVERIFY(view->isVisible());
    StageFitModel* model = child<StageFitModel>(dialog, "stageModel");
    QCOMPARE(view->model(), model);
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model->rowCount(), 2);
    for (int row = 0; row < 2; ++row) {
        const ys::fit::StageFit& st = r.stages[static_cast<size_t>(row)];
        QCOMPARE(model->index(row, StageFitModel::StageColumn).data().toInt(), row + 1);
        QCOMPARE(model->index(row, StageFitModel::ImgszColumn).data(Qt::UserRole).toInt(), st.imgsz);
        QCOMPARE(model->index(row, StageFitModel::BatchColumn).data(Qt::UserRole).toInt(), st.batch);
        QCOMPARE(model->index(row, StageFitModel::PeakColumn).data(Qt::UserRole).toLongLong(),
                 static_cast<qlonglong>(st.predictedPeakBytes));
        for (int c = 0; c < StageFitModel::ColumnCount; ++c)
            QCOMPARE(model->index(row, c).data().toString(), StageFitModel::cellText(st, StageFitModel::Column(c)));
    }
    QCOMPARE(r.stages[0].imgsz, 32);
    QCOMPARE(r.stages[0].batch, 8);
    QCOMPARE(r.stages[1].imgsz, 64);
    QCOMPARE(model->index(1, StageFitModel::BatchColumn).data().toString(), QStringLiteral("%1 (auto)").arg(r.stages[1].batch));
    // An unstaged setup shows no stage table.
    dialog.setConfig(setup());
    finished.clear();
    QVERIFY(dialog.runFit());
    QVERIFY(waitForFit(dialog, finished));
    QVERIFY(dialog.outcome()->result.stages.empty());
    QVERIFY(!view->isVisible());
    QCOMPARE(model->rowCount(), 0);
}

// A wanted batch the budget cannot hold: the fit proposes checkpointing; the table's checkpointing column shows
// each row's largest checkpointed batch; a chosen proposal is applied with the rest (checkpoint= and its batch)
// as one undoable step of the setup form.
void TestFitDialog::checkpointingProposalAppliesWithTheRest()
{
    ys::TrainConfig cfg = setup();
    cfg.batch = 1000;   // far beyond what 300 MB holds at 64 px
    FitDialog dialog(cfg);
    dialog.budgetEdit()->setText(QStringLiteral("300MB"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto* combo = child<QComboBox>(dialog, "checkpointCombo");
    QVERIFY(!combo->isVisible());
    QVERIFY(fitEnds(dialog, true));
    const auto& r = dialog.outcome()->result;
    QVERIFY(r.recommended.fits);
    QVERIFY(r.recommended.batch < 1000);

    // The checkpointing column: the engine's maxBatchCheckpointed on every row.
    FitTableModel* table = child<FitTableModel>(dialog, "tableModel");
    QCOMPARE(table->rowCount(), static_cast<int>(r.table.size()));
    bool anyCheckpointed = false;
    for (int row = 0; row < table->rowCount(); ++row) {
        const int expected = r.table[static_cast<size_t>(row)].maxBatchCheckpointed;
        anyCheckpointed = anyCheckpointed || expected > 0;
        QCOMPARE(table->index(row, FitTableModel::CheckpointedColumn).data(Qt::UserRole).toInt(), expected);
        QCOMPARE(table->index(row, FitTableModel::CheckpointedColumn).data().toString(),
                 expected > 0 ? QString::number(expected) : QStringLiteral("—"));
    }
    QVERIFY(anyCheckpointed);
    const int measured = table->recommendedRow();
    QVERIFY(measured >= 0);
    QVERIFY(r.table[static_cast<size_t>(measured)].maxBatchCheckpointed > r.recommended.batch);

    // The proposals, "none" first: Apply without one leaves checkpoint alone.
    QVERIFY(!r.checkpointOptions.empty());
    QVERIFY(combo->isVisible());
    QCOMPARE(combo->count(), static_cast<int>(r.checkpointOptions.size()) + 1);
    QCOMPARE(dialog.checkpointChoice(), -1);
    QVERIFY(!dialog.application()->values.contains(QStringLiteral("checkpoint")));
    int chosen = -1;
    for (size_t i = 0; i < r.checkpointOptions.size() && chosen < 0; ++i)
        if (r.checkpointOptions[i].batch > r.recommended.batch)
            chosen = static_cast<int>(i);
    QVERIFY(chosen >= 0);
    const ys::fit::CheckpointOption& option = r.checkpointOptions[static_cast<size_t>(chosen)];
    combo->setCurrentIndex(combo->findData(chosen));
    QCOMPARE(dialog.checkpointChoice(), chosen);
    QVERIFY(combo->currentText().startsWith(QString::fromStdString(option.setting)));
    QVERIFY(combo->currentText().contains(QStringLiteral("batch %1").arg(option.batch)));

    // Apply into the setup form: batch, checkpoint, imgsz, amp in one undo step.
    ConfigForm form;
    form.setConfig(cfg);
    QSignalSpy applied(&dialog, &FitDialog::applied);
    connect(&dialog, &FitDialog::applied, &form,
            [&form](const FitApplication& app) { QVERIFY(form.applyValues(app.values, app.undoText).empty()); });
    QVERIFY(child<QPushButton>(dialog, "applyButton")->isEnabled());
    QTest::mouseClick(child<QPushButton>(dialog, "applyButton"), Qt::LeftButton);
    QCOMPARE(applied.count(), 1);
    const auto app = applied.first().at(0).value<FitApplication>();
    QCOMPARE(app.values.value(QStringLiteral("checkpoint")), QString::fromStdString(option.setting));
    QCOMPARE(app.values.value(QStringLiteral("batch")), QString::number(option.batch));
    QCOMPARE(app.result.recommended.batch, option.batch);
    QCOMPARE(app.result.recommended.checkpoint, option.setting);
    QCOMPARE(form.config().batch, option.batch);
    QCOMPARE(form.config().checkpoint, option.setting);
    QCOMPARE(form.config().imgsz, 64);
    QVERIFY(app.undoText.contains(QString::fromStdString(option.setting)));
    QCOMPARE(form.undoStack()->undoText(), app.undoText);
    // The applied fit is the setup's: no difference for the pre-flight to report.
    QVERIFY(ys::fit::fitDifferences(app.result, form.config()).empty());
    form.undoStack()->undo();
    QCOMPARE(form.config().batch, 1000);
    QCOMPARE(form.config().checkpoint, std::string("off"));
}

