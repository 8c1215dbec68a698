// The Train page driving real runs on a tiny generated dataset (yolov8n at 64 px): every chart, the epoch
// table, the log and the predictions preview are fed; Stop ends the run within 2 s with weights/last.pt
// written; pause and resume keep the epoch count right; label errors block Start until "start anyway".
#include "uitestdata.h"

#include "run/reader.h"
#include "ui/charts/trainingcharts.h"
#include "ui/common/runtext.h"
#include "ui/train/dashboard.h"
#include "ui/train/epochtablemodel.h"
#include "ui/train/logmodel.h"
#include "ui/train/predictionpreview.h"
#include "ui/train/trainworker.h"
#include "ui/config/configform.h"
#include "ui/config/configtext.h"
#include "ui/config/devicepicker.h"
#include "ui/config/stageeditor.h"
#include "ui/fit/stagefitmodel.h"
#include "fit/fit.h"
#include "ui/train/trainpage.h"
#include "ui/config/modelpicker.h"
#include "ui/shell/language.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QToolButton>
#include <QSignalSpy>
#include <QTableView>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include <atomic>
#include <csignal>
#include <functional>
#include <regex>

#include <cerrno>
#include <signal.h>
#include "findchild.h"

using ys::test::child;

using namespace ys::ui;

class TestTrainPage final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void setupFitsTheWindow_data();
    void setupFitsTheWindow();
    void setupIsRememberedAcrossRestarts();
    void labelErrorsBlockUntilStartAnyway();
    void startFollowsTheSetupForm();
    void stagesBlockStartAndShowTheirFit();
    void runFeedsEveryChart();
    void stopMidEpochWritesLast();
    void pauseAndResumeKeepTheEpochCount();
    void dataParallelOnTheCpu();
    void stopEndsEveryRank();
    void pauseHoldsEveryRank();
    void aRankThatDiesIsNamed();

private:
    // A Train page set up for a data-parallel run of two CPU processes (the other rank a yolostudio-cli child).
    bool prepareDataParallel(TrainPage& page, const QString& project, int epochs);
    // A page on `yaml` with its check, runs under the temporary folder.
    void preparePage(TrainPage& page, const QString& yaml, const QString& project);

    QTemporaryDir dir_;
    QString cleanYaml_, brokenYaml_;
};

void TestTrainPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(dir_.isValid());
    cleanYaml_ = ys::test::writeTinyTrainDataset(dir_.filePath("clean"), 12, 4, false);
    brokenYaml_ = ys::test::writeTinyTrainDataset(dir_.filePath("broken"), 12, 4, true);
    QVERIFY(!cleanYaml_.isEmpty());
    QVERIFY(!brokenYaml_.isEmpty());
}

void TestTrainPage::preparePage(TrainPage& page, const QString& yaml, const QString& project)
{
    page.setDataset(yaml);
    const ys::test::CheckedDataset checked = ys::test::loadChecked(yaml);
    QVERIFY(checked.dataset && checked.check);
    page.setCheckResult(checked.dataset, checked.check);
    page.setProjectFolder(project);
}

void TestTrainPage::setupFitsTheWindow_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("language");
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QTest::addRow("1280x800 %s", qPrintable(language)) << QSize(1280, 800) << language;
        QTest::addRow("1600x1000 %s", qPrintable(language)) << QSize(1600, 1000) << language;
    }
}

// Issue 26: at 1600x1000 the setup pane had a horizontal scroll bar, cut the dataset path, the model line and
// the device's text, hid the processes box and the ?/reset buttons, and the stage table's hint wrapped into a
// narrow column. In the main window at 1280x800 and 1600x1000, as a newcomer first sees it, in English and
// Chinese: no horizontal scroll bar, and every control of a field inside the setup's viewport. With
// YS_SCREENSHOTS set to a folder, the window is saved there as train-page-WxH[_zh_CN].png.
void TestTrainPage::setupFitsTheWindow()
{
    QFETCH(QSize, size);
    QFETCH(QString, language);
    QVERIFY(installTranslators(language));
    const auto english = qScopeGuard([] { installTranslators(QStringLiteral("en")); });
    {
        QSettings settings;   // the first start: no window geometry, splitter or setup of an earlier test
        settings.remove(QStringLiteral("window"));
        settings.remove(QStringLiteral("train"));
    }
    MainWindow w;
    w.openDataset(cleanYaml_);
    w.showPage(w.trainPage());
    w.resize(size);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.size(), size);
    ConfigForm* form = w.trainPage()->form();
    // Changed values show their reset buttons; on the CPU the processes box shows once the list is there.
    QVERIFY(form->applyValues({{"epochs", "7"}, {"imgsz", "320"}, {"device", "cpu"}}, QStringLiteral("Edit")).empty());
    QTRY_VERIFY_WITH_TIMEOUT(!form->devicePicker()->model()->devices().empty(), 60000);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);   // the list's rows laid out
    QCoreApplication::processEvents();
    if (const QString folder = qEnvironmentVariable("YS_SCREENSHOTS"); !folder.isEmpty()) {
        const QString name = QStringLiteral("train-page-%1x%2%3.png")
                                 .arg(size.width())
                                 .arg(size.height())
                                 .arg(language == QLatin1String("en") ? QString() : QLatin1Char('_') + language);
        QVERIFY(w.grab().save(QDir(folder).filePath(name)));
    }
    auto* scroll = child<QScrollArea>(form, "setupScroll");
    QWidget* viewport = scroll->viewport();
    QTRY_VERIFY2(!scroll->horizontalScrollBar()->isVisible() && scroll->horizontalScrollBar()->maximum() == 0,
                 qPrintable(QStringLiteral("viewport %1 px, content needs %2 px")
                                .arg(viewport->width())
                                .arg(scroll->widget()->minimumSizeHint().width())));
    qInfo("%dx%d: setup pane %d px, form viewport %d px, form content needs %d px", size.width(), size.height(),
          form->parentWidget()->width(), viewport->width(), scroll->widget()->minimumSizeHint().width());

    // Shown, and horizontally inside `area` (the scroll area's viewport, or the form for its toolbar).
    auto inside = [&](const QWidget* widget, const QWidget* area) {
        if (!widget || !widget->isVisible())
            return QStringLiteral("%1 is not shown").arg(widget ? widget->objectName() : QStringLiteral("(none)"));
        const int left = widget->mapTo(area, QPoint(0, 0)).x();
        if (left < 0 || left + widget->width() > area->width())
            return QStringLiteral("%1 spans x %2..%3 of %4 px").arg(widget->objectName()).arg(left).arg(left + widget->width())
                .arg(area->width());
        return QString();
    };
    auto verifyInside = [&](const QWidget* widget, const QWidget* area) {
        const QString why = inside(widget, area);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    };
    DevicePicker* picker = form->devicePicker();
    verifyInside(child<QSpinBox>(picker, "processSpin"), viewport);
    verifyInside(picker, viewport);
    for (const char* key : {"data", "model", "epochs", "stages", "imgsz", "batch", "device", "workers", "vram"}) {
        verifyInside(form->editor(QString::fromLatin1(key)), viewport);
        verifyInside(child<QToolButton>(form, (std::string("hint_") + key).c_str()), viewport);
    }
    for (const char* key : {"reset_epochs", "reset_imgsz", "reset_data"})
        verifyInside(child<QToolButton>(form, key), viewport);
    verifyInside(form->modelPicker(), viewport);
    for (QToolButton* b : form->modelPicker()->findChildren<QToolButton*>())
        if (b->isVisible())
            verifyInside(b, viewport);
    // The form's own toolbar (presets, load, save, undo) inside the form, the form inside the window.
    for (QToolButton* b : form->findChildren<QToolButton*>(Qt::FindDirectChildrenOnly))
        if (b->isVisible())
            verifyInside(b, form);
    QVERIFY(form->mapTo(&w, QPoint(0, 0)).x() + form->width() <= w.width());
    // The stage table's hint takes the row beside its buttons, not half of it.
    StageEditor* stages = form->stageEditor();
    auto* hint = child<QLabel>(stages, "stagesEmptyHint");
    QVERIFY(hint->isVisible());
    QVERIFY2(hint->mapTo(stages, QPoint(0, 0)).x() + hint->width() >= stages->width() - 8,
             qPrintable(QStringLiteral("hint ends at %1 of %2 px").arg(hint->mapTo(stages, QPoint(0, 0)).x() + hint->width()).arg(stages->width())));
    // The device's text whole in its box, from 1600 px on (at 1280 it may end under the box's edge).
    if (size.width() < 1600)
        return;
    auto* combo = picker->findChild<QComboBox*>();
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.editable = combo->isEditable();
    option.currentText = combo->currentText();
    const int textRoom = combo->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo).width();
    QVERIFY2(textRoom >= combo->fontMetrics().horizontalAdvance(combo->currentText()),
             qPrintable(QStringLiteral("\"%1\" needs %2 px, the box shows %3")
                            .arg(combo->currentText())
                            .arg(combo->fontMetrics().horizontalAdvance(combo->currentText()))
                            .arg(textRoom)));
}

// Issue 26: the setup reset to its defaults on restart. The main window saves the page's state when it closes
// and restores it when it starts: the setup comes back, and the keys of one dataset (classes, run name) only
// with that dataset.
void TestTrainPage::setupIsRememberedAcrossRestarts()
{
    QSettings().remove(QStringLiteral("train"));
    {
        TrainPage page;
        page.restoreState(QSettings());   // as the main window does when it starts
        page.setDataset(cleanYaml_);
        QVERIFY(page.form()
                    ->applyValues({{"model", "yolov8s.yaml"}, {"imgsz", "320"}, {"batch", "8"}, {"epochs", "7"},
                                   {"lr0", "0.02"}, {"cos_lr", "true"}, {"optimizer", "AdamW"}, {"classes", "0"},
                                   {"name", "mine"}},
                                  QStringLiteral("Edit"))
                    .empty());
        QSettings settings;
        page.saveState(settings);   // as the main window does when it closes
    }
    TrainPage page;
    QCOMPARE(page.form()->config().imgsz, 640);   // a page the window did not restore starts from the defaults
    page.restoreState(QSettings());
    ys::TrainConfig c = page.form()->config();
    QCOMPARE(c.model, std::string("yolov8s.yaml"));
    QCOMPARE(c.imgsz, 320);
    QCOMPARE(c.batch, 8);
    QCOMPARE(c.epochs, 7);
    QCOMPARE(c.lr0, 0.02);
    QVERIFY(c.cos_lr);
    QCOMPARE(c.optimizer, std::string("AdamW"));
    QVERIFY(c.data.empty());
    QVERIFY(c.classes.empty());   // the dataset's keys wait for their dataset
    QCOMPARE(c.name, ys::TrainConfig().name);
    QVERIFY(page.form()->isChanged("imgsz"));
    QCOMPARE(page.form()->undoStack()->count(), 0);   // the starting point, not an undoable step
    page.setDataset(brokenYaml_);
    QVERIFY(page.form()->config().classes.empty());
    page.setDataset(cleanYaml_);
    c = page.form()->config();
    QCOMPARE(c.classes, std::vector<int>{0});
    QCOMPARE(c.name, std::string("mine"));
    QCOMPARE(c.imgsz, 320);
    QSettings().remove(QStringLiteral("train"));
}

void TestTrainPage::labelErrorsBlockUntilStartAnyway()
{
    TrainPage page;
    preparePage(page, brokenYaml_, dir_.filePath("runs-broken"));
    page.form()->setConfig(ys::test::tinyTrainConfig(brokenYaml_, 1));
    PreflightReport r = page.preflight();
    QVERIFY(r.datasetErrors);
    QVERIFY(!r.canStart);
    QVERIFY(!child<QAction>(page, "startAction")->isEnabled());
    QVERIFY(!page.start());
    QVERIFY(!page.controller()->active());
    page.setStartAnyway(true);
    QVERIFY(page.preflight().canStart);
    QVERIFY(child<QAction>(page, "startAction")->isEnabled());
    // A dataset opened later clears the choice.
    page.setDataset(cleanYaml_);
    page.setDataset(brokenYaml_);
    const ys::test::CheckedDataset checked = ys::test::loadChecked(brokenYaml_);
    page.setCheckResult(checked.dataset, checked.check);
    QVERIFY(!page.preflight().canStart);
}

void TestTrainPage::startFollowsTheSetupForm()
{
    TrainPage page;
    preparePage(page, cleanYaml_, dir_.filePath("runs-form"));
    page.form()->setConfig(ys::test::tinyTrainConfig(cleanYaml_, 1));
    QVERIFY(page.form()->isValid());
    QVERIFY(child<QAction>(page, "startAction")->isEnabled());
    // The form shows the open dataset.
    QCOMPARE(QFileInfo(QString::fromStdString(page.form()->config().data)).absoluteFilePath(),
             QFileInfo(cleanYaml_).absoluteFilePath());
    // A value validate() rejects, typed into the form: Start follows validityChanged, the reason shows.
    QSignalSpy validity(page.form(), &ConfigForm::validityChanged);
    QVERIFY(page.form()->applyValues({{"imgsz", "650"}}, "typed").empty());
    QCOMPARE(validity.size(), 1);
    QVERIFY(!child<QAction>(page, "startAction")->isEnabled());
    QVERIFY(!page.start());
    // The pre-flight words the form's problem as the form does (ConfigForm::problems(), in the user's language),
    // named by its key.
    QCOMPARE(page.form()->problems().size(), size_t(1));
    const auto blocker = [&page] {
        for (const PreflightItem& item : page.preflight().items)
            if (item.level == PreflightItem::Level::Blocker)
                return item.text;
        return QString();
    };
    QStringList reasons;
    for (const QString& language : {QStringLiteral("zh_CN"), QStringLiteral("en")}) {
        QVERIFY(installTranslators(language));
        reasons << problemText(page.form()->problems().front());
        QVERIFY2(blocker().contains(QStringLiteral("imgsz: ") + reasons.back()), qPrintable(blocker()));
        QVERIFY(reasons.back().contains(QStringLiteral("650")));
    }
    QVERIFY(reasons[0] != reasons[1]);   // Chinese, then English
    QVERIFY(page.form()->applyValues({{"imgsz", "64"}}, "typed").empty());
    QVERIFY(child<QAction>(page, "startAction")->isEnabled());
    // The setup naming another dataset blocks: a run trains on the open one.
    QVERIFY(page.form()->applyValues({{"data", brokenYaml_}}, "typed").empty());
    QVERIFY(page.form()->isValid());
    QVERIFY(!page.preflight().canStart);
    QVERIFY(!child<QAction>(page, "startAction")->isEnabled());
    page.form()->undoStack()->undo();
    QVERIFY(child<QAction>(page, "startAction")->isEnabled());
    // While a run is active the form is locked (checked in runFeedsEveryChart); idle it is editable.
    QVERIFY(page.form()->isEnabled());
}

// A stage row the engine rejects blocks Start with its reason; fixed, Start comes back. A fit of the staged
// setup (the engine's, measured here) shows each stage's figures in the pre-flight's table.
void TestTrainPage::stagesBlockStartAndShowTheirFit()
{
    TrainPage page;
    preparePage(page, cleanYaml_, dir_.filePath("runs-stages"));
    page.form()->setConfig(ys::test::tinyTrainConfig(cleanYaml_, 1));
    QVERIFY(page.form()->applyValues({{"stages", "32x4:1,64xauto:1"}}, "typed").empty());
    QVERIFY(child<QAction>(page, "startAction")->isEnabled());
    StageTableModel* rows = page.form()->stageEditor()->model();
    QCOMPARE(rows->rowCount(), 2);
    QSignalSpy validity(page.form(), &ConfigForm::validityChanged);
    QVERIFY(rows->setData(rows->index(1, StageTableModel::EpochsColumn), "0"));
    QCOMPARE(validity.size(), 1);
    QVERIFY(!child<QAction>(page, "startAction")->isEnabled());
    QVERIFY(!page.start());
    QString blocker;
    for (const PreflightItem& item : page.preflight().items)
        if (item.level == PreflightItem::Level::Blocker)
            blocker = item.text;
    QVERIFY2(blocker.contains("stage 2") && blocker.contains("epochs"), qPrintable(blocker));
    QVERIFY(rows->setData(rows->index(1, StageTableModel::EpochsColumn), "2"));
    QVERIFY(child<QAction>(page, "startAction")->isEnabled());
    QCOMPARE(page.form()->config().epochs, 3);

    // The fit the run's batch=auto makes for this setup, each stage at its own image size.
    const auto fit = ys::fit::fitToMemory(ys::fit::fitRequestFor(page.form()->config()));
    QVERIFY2(fit.ok(), fit.ok() ? "" : fit.error().toString().c_str());
    QCOMPARE(fit->stages.size(), size_t(2));
    page.setFitResult(*fit);
    const PreflightReport report = page.preflight();
    QCOMPARE(report.stages.size(), size_t(2));
    auto* view = child<QTableView>(page, "preflightStages");
    QVERIFY(!view->isHidden());
    QAbstractItemModel* shown = view->model();
    QCOMPARE(shown->rowCount(), 2);
    for (int r = 0; r < 2; ++r) {
        const ys::fit::StageFit& st = fit->stages[static_cast<size_t>(r)];
        QCOMPARE(shown->index(r, StageFitModel::ImgszColumn).data().toString(), QString::number(st.imgsz));
        QCOMPARE(shown->index(r, StageFitModel::BatchColumn).data(Qt::UserRole).toInt(), st.batch);
        QCOMPARE(shown->index(r, StageFitModel::PeakColumn).data(Qt::UserRole).toLongLong(),
                 static_cast<qlonglong>(st.predictedPeakBytes));
        QCOMPARE(shown->index(r, StageFitModel::EpochsColumn).data().toString(), QString::number(st.epochs));
    }
    QCOMPARE(shown->index(0, StageFitModel::BatchColumn).data().toString(), QStringLiteral("4"));
    QCOMPARE(shown->index(1, StageFitModel::BatchColumn).data().toString(),
             QStringLiteral("%1 (auto)").arg(fit->stages[1].batch));
    // Another setup: the fit no longer applies, its table goes.
    QVERIFY(rows->setData(rows->index(0, StageTableModel::ImgszColumn), "64"));
    QVERIFY(page.preflight().stages.empty());
    QVERIFY(view->isHidden());
}

void TestTrainPage::runFeedsEveryChart()
{
    TrainPage page;
    page.resize(1400, 900);
    preparePage(page, cleanYaml_, dir_.filePath("runs"));
    ys::TrainConfig c = ys::test::tinyTrainConfig(cleanYaml_, 2);
    c.vram = "4GiB";   // a budget line on the memory chart
    page.form()->setConfig(c);
    QVERIFY(page.preflight().canStart);
    QSignalSpy ended(page.controller(), &TrainController::ended);
    QSignalSpy finished(page.controller(), &TrainController::finished);
    QSignalSpy batches(page.controller(), &TrainController::batchProgress);
    QSignalSpy previews(page.dashboard()->preview(), &PredictionPreview::updated);
    QSignalSpy folders(&page, &TrainPage::runFolderChanged);
    QVERIFY(page.start());
    QVERIFY(!page.start());   // one run at a time
    QVERIFY(page.controller()->active());
    QVERIFY(!child<QAction>(page, "startAction")->isEnabled());
    QVERIFY(child<QAction>(page, "stopAction")->isEnabled());
    QVERIFY(!child<QAction>(page, "exportReportAction")->isEnabled());   // not while it trains
    QVERIFY(!child<QAction>(page, "exportModelAction")->isEnabled());
    QVERIFY(!page.form()->isEnabled());   // the setup of a running run cannot change
    QVERIFY(ended.wait(240000));
    QCOMPARE(finished.size(), 1);
    const auto summary = finished.front().front().value<ys::TrainSummary>();
    QCOMPARE(summary.epochsCompleted, 2);
    QVERIFY(QDir(QString::fromStdString(summary.runDir)).absolutePath().startsWith(QDir(dir_.filePath("runs")).absolutePath()));
    QVERIFY(!folders.isEmpty());

    Dashboard* d = page.dashboard();
    // Memory: samples, the three phases shaded, the budget line.
    QVERIFY(d->memoryChart()->pointCount(MemoryChart::Allocated) >= 6);
    QVERIFY(d->memoryChart()->pointCount(MemoryChart::Reserved) == d->memoryChart()->pointCount(MemoryChart::Allocated));
    QVERIFY2(d->memoryChart()->rangeCount() >= 5, qPrintable(QString::number(d->memoryChart()->rangeCount())));
    QCOMPARE(d->memoryChart()->budget(), int64_t(4) << 30);
    // Losses and metrics: one point per epoch once each has ended.
    for (int s : {LossChart::TrainBox, LossChart::TrainCls, LossChart::TrainDfl, LossChart::ValBox, LossChart::ValCls,
                  LossChart::ValDfl})
        QCOMPARE(d->lossChart()->pointCount(s), size_t(2));
    for (int s : {MetricsChart::Precision, MetricsChart::Recall, MetricsChart::Map50, MetricsChart::Map50_95})
        QCOMPARE(d->metricsChart()->pointCount(s), size_t(2));
    QVERIFY(d->learningRateChart()->pointCount(LearningRateChart::Pg0) >= 2);
    QCOMPARE(d->learningRateChart()->pointCount(LearningRateChart::Pg2), size_t(2));
    QVERIFY(d->throughputChart()->pointCount(ThroughputChart::ImagesPerSecond) >= 1);
    QVERIFY(!batches.isEmpty());
    // Table, progress and log.
    QCOMPARE(child<EpochTableModel>(d, "epochModel")->rowCount(), 2);
    QCOMPARE(child<QProgressBar>(d, "runProgress")->value(), child<QProgressBar>(d, "runProgress")->maximum());
    QVERIFY(child<LogModel>(d, "logModel")->count(LogModel::Kind::Message) > 0);
    QVERIFY(child<LogModel>(d, "logModel")->count(LogModel::Kind::Milestone) >= 2);   // start, finish
    // The preview predicted with a best.pt on the dataset's validation images.
    QVERIFY(!previews.isEmpty() || previews.wait(60000));   // it may have come before the run ended
    QVERIFY(d->preview()->shownEpoch() >= 1);
    QCOMPARE(d->preview()->sampleCount(), 4);
    QVERIFY(!page.statusText().isEmpty());
    QVERIFY(child<QAction>(page, "startAction")->isEnabled());
    QVERIFY(page.form()->isEnabled());
    // Export report… of the run just trained (its menu's Ctrl+E).
    QVERIFY(child<QAction>(page, "exportReportAction")->isEnabled());
    QVERIFY(page.pageActions().contains(child<QAction>(page, "exportReportAction")));
    // Export model… of the same run (Ctrl+Shift+E): a request the shell's ModelExporter answers.
    auto* exportModel = page.findChild<QAction*>(QStringLiteral("exportModelAction"));
    QVERIFY(exportModel && exportModel->isEnabled());
    QVERIFY(page.pageActions().contains(exportModel));
    QSignalSpy exportRequested(&page, &TrainPage::exportModelRequested);
    exportModel->trigger();
    QCOMPARE(exportRequested.size(), 1);
    QCOMPARE(QDir(exportRequested[0][0].toString()).absolutePath(),
             QDir(QString::fromStdString(summary.runDir)).absolutePath());

    // The same run from its files (what the Runs page shows) fills the charts alike.
    auto record = ys::readRun(summary.runDir);
    QVERIFY(record);
    QCOMPARE(record->status, ys::RunStatus::Finished);
    Dashboard fromFiles;
    fromFiles.showRun(*record);
    QCOMPARE(child<EpochTableModel>(fromFiles, "epochModel")->rowCount(), 2);
    QCOMPARE(fromFiles.metricsChart()->pointCount(MetricsChart::Map50), size_t(2));
    QVERIFY(fromFiles.memoryChart()->pointCount(MemoryChart::Allocated) >= 6);
    QCOMPARE(fromFiles.memoryChart()->budget(), int64_t(4) << 30);
    QCOMPARE(fromFiles.stateText(), RunText::status(ys::RunStatus::Finished, false));
}

// Runs `onBatch` on the training thread for every batch the worker reports (the first and the last of each
// epoch always), as the engine reports it: a test acts at an exact batch, whatever the GUI thread is doing.
void observeBatches(TrainController* controller, std::function<void(const ys::BatchProgress&)> onBatch)
{
    QObject::connect(controller, &TrainController::workerCreated, controller, [onBatch](TrainWorker* worker) {
        QObject::connect(worker, &TrainWorker::batchProgress, worker, onBatch, Qt::DirectConnection);
    });
}

// From the training thread: calls `f` on the GUI thread (`page`'s) and waits for it, so the engine goes on
// only after the page has acted.
template <typename F>
void onGuiThread(QObject* page, F f)
{
    QMetaObject::invokeMethod(page, f, Qt::BlockingQueuedConnection);
}

void TestTrainPage::stopMidEpochWritesLast()
{
    TrainPage page;
    preparePage(page, cleanYaml_, dir_.filePath("runs-stop"));
    page.form()->setConfig(ys::test::tinyTrainConfig(cleanYaml_, 3));   // 3 batches an epoch
    QSignalSpy ended(page.controller(), &TrainController::ended);
    QSignalSpy finished(page.controller(), &TrainController::finished);
    QSignalSpy checkpoints(page.controller(), &TrainController::checkpointSaved);
    std::atomic<bool> stopped{false};
    std::atomic<int> batchesPerEpoch{0}, batchesAfterStop{0};
    observeBatches(page.controller(), [&](const ys::BatchProgress& p) {
        // The first batch of epoch 2 was just trained: Stop here, so the checkpoint must hold this step
        // besides epoch 1. No batch may be trained after it.
        if (stopped) {
            ++batchesAfterStop;
        } else if (p.epoch == 2 && p.batch == 1) {
            batchesPerEpoch = p.batches;
            onGuiThread(&page, [&page] { page.stop(); });
            stopped = true;
        }
    });
    QVERIFY(page.start());
    QVERIFY(ended.wait(240000));
    QVERIFY(stopped);
    QVERIFY(batchesPerEpoch > 1);            // the stop came in the middle of the epoch
    QCOMPARE(batchesAfterStop.load(), 0);   // Stop finishes the current step and ends the run there
    QCOMPARE(finished.size(), 1);
    const auto s = finished.front().front().value<ys::TrainSummary>();
    QVERIFY(s.stoppedByUser);
    QCOMPARE(s.epochsCompleted, 1);
    const QFileInfo last(QString::fromStdString(s.lastWeights));
    QVERIFY(last.exists());
    QVERIFY(last.size() > 1000000);
    // Written at the Stop, not left over from epoch 1: the last checkpoint is the partial one.
    const auto saved = checkpoints.back().front().value<ys::CheckpointSaved>();
    QVERIFY(saved.partial);
    QCOMPARE(saved.epoch, 1);
    QCOMPARE(QFileInfo(QString::fromStdString(saved.path)).absoluteFilePath(), last.absoluteFilePath());
    QCOMPARE(page.controller()->state(), TrainController::State::Idle);
    QVERIFY(child<LogModel>(page.dashboard(), "logModel")->count(LogModel::Kind::Warning) >= 1);   // "Stopping after the current step…"
    QCOMPARE(page.dashboard()->stateText(), RunText::status(ys::RunStatus::StoppedByUser, true));
}

void TestTrainPage::pauseAndResumeKeepTheEpochCount()
{
    TrainPage page;
    preparePage(page, cleanYaml_, dir_.filePath("runs-pause"));
    page.form()->setConfig(ys::test::tinyTrainConfig(cleanYaml_, 2));
    QSignalSpy ended(page.controller(), &TrainController::ended);
    QSignalSpy finished(page.controller(), &TrainController::finished);
    QSignalSpy epochs(page.controller(), &TrainController::epochFinished);
    QSignalSpy held(page.controller(), &TrainController::pauseHeld);
    std::atomic<bool> pauseAsked{false};
    std::atomic<int> batchesAfterPause{0};
    observeBatches(page.controller(), [&](const ys::BatchProgress& p) {
        if (pauseAsked) {
            ++batchesAfterPause;
        } else if (p.epoch == 1 && p.batch == 1) {
            onGuiThread(&page, [&page] { page.pause(); });
            pauseAsked = true;
        }
    });
    QVERIFY(page.start());
    // The engine holds at the next batch boundary and says so; the page then says "Paused". It stays there
    // until Resume: nothing is trained meanwhile.
    QVERIFY(held.wait(120000));
    QCOMPARE(held.front().front().toBool(), true);
    QCOMPARE(page.controller()->state(), TrainController::State::Paused);
    QVERIFY(child<QAction>(page, "pauseAction")->text().contains("Resume"));
    QCOMPARE(page.dashboard()->stateText(), QString("Paused"));
    QCOMPARE(epochs.size(), 0);
    QCOMPARE(batchesAfterPause.load(), 0);
    page.resume();
    QCOMPARE(page.controller()->state(), TrainController::State::Running);
    QVERIFY(ended.wait(240000));
    QCOMPARE(held.size(), 2);
    QCOMPARE(held.back().front().toBool(), false);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.front().front().value<ys::TrainSummary>().epochsCompleted, 2);
    QCOMPARE(epochs.size(), 2);
    QCOMPARE(epochs[0][0].value<ys::EpochResult>().epoch, 1);
    QCOMPARE(epochs[1][0].value<ys::EpochResult>().epoch, 2);
    QCOMPARE(child<EpochTableModel>(page.dashboard(), "epochModel")->rowCount(), 2);
    QVERIFY(batchesAfterPause > 0);   // after Resume
}

// ---- data parallel ----------------------------------------------------------------------------------------

namespace {

// The other ranks' pids as the worker logs them ("data parallel: 2 processes, this is rank 0; rank 1 is pid
// 1234"), seen on the training thread before the run starts.
void observeRankPids(TrainController* controller, std::shared_ptr<std::atomic<int>> pid)
{
    QObject::connect(controller, &TrainController::workerCreated, controller, [pid](TrainWorker* worker) {
        QObject::connect(worker, &TrainWorker::logLine, worker, [pid](const QString& line) {
            static const std::regex kPid("rank 1 is pid ([0-9]+)");
            std::smatch m;
            const std::string text = line.toStdString();
            if (std::regex_search(text, m, kPid))
                pid->store(std::stoi(m[1].str()));
        }, Qt::DirectConnection);
    });
}

// True when no process has `pid` any more (the launcher reaped it).
bool processGone(int pid)
{
    return ::kill(pid, 0) != 0 && errno == ESRCH;
}

}  // namespace

bool TestTrainPage::prepareDataParallel(TrainPage& page, const QString& project, int epochs)
{
#ifdef YS_CLI_PATH
    page.controller()->setWorkerProgram(QStringLiteral(YS_CLI_PATH));
#else
    return false;
#endif
    preparePage(page, cleanYaml_, project);
    page.form()->setConfig(ys::test::tinyTrainConfig(cleanYaml_, epochs));   // batch 4: 2 images per process
    page.form()->devicePicker()->setProcesses(2);
    return page.processes() == 2 && page.preflight().canStart;
}

// The Train page starts a run of two CPU processes: this one trains as rank 0, the other is a yolostudio-cli
// child started by core's launcher. Both finish, the run folder holds both ranks' memory and the world, and
// the dashboard showed a memory line per rank and the world batch.
void TestTrainPage::dataParallelOnTheCpu()
{
    TrainPage page;
    page.resize(1400, 900);
    if (!prepareDataParallel(page, dir_.filePath("runs-dp"), 1))
        QSKIP("yolostudio-cli is not built");
    auto pid = std::make_shared<std::atomic<int>>(0);
    observeRankPids(page.controller(), pid);
    QSignalSpy ended(page.controller(), &TrainController::ended);
    QSignalSpy finished(page.controller(), &TrainController::finished);
    QSignalSpy failed(page.controller(), &TrainController::failed);
    QVERIFY(page.start());
    QCOMPARE(page.dashboard()->worldText(), QStringLiteral("Data parallel: 2 × 2 = 4 images per step"));
    QVERIFY(ended.wait(300000));
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : failed.front().front().value<ys::Error>().toString().c_str());
    QCOMPARE(finished.size(), 1);
    const auto summary = finished.front().front().value<ys::TrainSummary>();
    QCOMPARE(summary.worldSize, 2);
    QCOMPARE(summary.epochsCompleted, 1);
    QVERIFY(pid->load() > 0);
    QVERIFY(processGone(pid->load()));   // every process the run started has ended
    // Live: rank 1's memory came in beside rank 0's.
    MemoryChart* chart = page.dashboard()->memoryChart();
    QCOMPARE(chart->rankCount(), 1);
    QVERIFY(chart->pointCount(chart->rankSeries(1)) >= 1);
    QCOMPARE(chart->seriesName(chart->rankSeries(1)), QStringLiteral("rank 1 · cpu"));
    // From the files: the same, and the world in environment.json.
    auto record = ys::readRun(summary.runDir);
    QVERIFY(record);
    QCOMPARE(record->status, ys::RunStatus::Finished);
    QVERIFY(!record->rankMemory.empty());
    QVERIFY(record->environment);
    QCOMPARE(record->environment->world.size, 2);
    QCOMPARE(record->environment->world.launcher, std::string("studio"));
    Dashboard fromFiles;
    fromFiles.showRun(*record);
    QCOMPARE(fromFiles.memoryChart()->rankCount(), 1);
    QCOMPARE(fromFiles.worldText(), QStringLiteral("Data parallel: 2 × 2 = 4 images per step"));
}

// Stop reaches every rank (the engine agrees on it between batches): the run ends stopped, with last.pt, and
// the other rank's process has ended too.
void TestTrainPage::stopEndsEveryRank()
{
    TrainPage page;
    if (!prepareDataParallel(page, dir_.filePath("runs-dp-stop"), 3))
        QSKIP("yolostudio-cli is not built");
    auto pid = std::make_shared<std::atomic<int>>(0);
    observeRankPids(page.controller(), pid);
    QSignalSpy ended(page.controller(), &TrainController::ended);
    QSignalSpy finished(page.controller(), &TrainController::finished);
    std::atomic<bool> stopped{false};
    observeBatches(page.controller(), [&](const ys::BatchProgress& p) {
        if (!stopped && p.epoch == 1 && p.batch == 1) {
            stopped = true;
            onGuiThread(&page, [&page] { page.stop(); });
        }
    });
    QVERIFY(page.start());
    QVERIFY(ended.wait(300000));
    QVERIFY(stopped);
    QCOMPARE(finished.size(), 1);
    const auto s = finished.front().front().value<ys::TrainSummary>();
    QVERIFY(s.stoppedByUser);
    QVERIFY(QFileInfo::exists(QString::fromStdString(s.lastWeights)));
    QVERIFY(pid->load() > 0);
    QVERIFY(processGone(pid->load()));
}

// Pause reaches every rank: the engine holds (rank 0 at its pause, the others waiting for its word), no batch is
// trained while it holds, and after Resume both go on and finish every epoch with no process left.
void TestTrainPage::pauseHoldsEveryRank()
{
    TrainPage page;
    if (!prepareDataParallel(page, dir_.filePath("runs-dp-pause"), 2))
        QSKIP("yolostudio-cli is not built");
    auto pid = std::make_shared<std::atomic<int>>(0);
    observeRankPids(page.controller(), pid);
    QSignalSpy ended(page.controller(), &TrainController::ended);
    QSignalSpy finished(page.controller(), &TrainController::finished);
    QSignalSpy held(page.controller(), &TrainController::pauseHeld);
    std::atomic<bool> paused{false}, holding{false};
    std::atomic<int> batchesWhileHeld{0};
    observeBatches(page.controller(), [&](const ys::BatchProgress& p) {
        if (holding)
            ++batchesWhileHeld;
        if (!paused && p.epoch == 1 && p.batch == 1) {
            paused = true;
            onGuiThread(&page, [&page] { page.pause(); });
        }
    });
    QVERIFY(page.start());
    if (held.isEmpty())
        QVERIFY(held.wait(300000));
    QCOMPARE(held.front().front().toBool(), true);
    holding = true;
    QCOMPARE(page.controller()->state(), TrainController::State::Paused);
    QVERIFY(ended.isEmpty());
    QVERIFY(pid->load() > 0);
    QVERIFY(!processGone(pid->load()));   // rank 1 waits for rank 0's word; it has not given up
    holding = false;
    page.resume();
    QVERIFY(ended.wait(300000));
    QCOMPARE(batchesWhileHeld.load(), 0);
    QCOMPARE(finished.size(), 1);
    const auto s = finished.front().front().value<ys::TrainSummary>();
    QVERIFY(!s.stoppedByUser);
    QCOMPARE(s.epochsCompleted, 2);
    QVERIFY(processGone(pid->load()));
}

// A rank killed mid-epoch: rank 0's run fails with one line that names the rank, and no process is left.
void TestTrainPage::aRankThatDiesIsNamed()
{
    TrainPage page;
    if (!prepareDataParallel(page, dir_.filePath("runs-dp-kill"), 3))
        QSKIP("yolostudio-cli is not built");
    auto pid = std::make_shared<std::atomic<int>>(0);
    observeRankPids(page.controller(), pid);
    QSignalSpy ended(page.controller(), &TrainController::ended);
    QSignalSpy failed(page.controller(), &TrainController::failed);
    std::atomic<bool> killed{false};
    observeBatches(page.controller(), [&](const ys::BatchProgress& p) {
        if (!killed && p.batch == 1 && pid->load() > 0) {   // on the training thread, between two batches
            killed = true;
            ::kill(pid->load(), SIGKILL);
        }
    });
    QVERIFY(page.start());
    QVERIFY(ended.wait(300000));
    QVERIFY(killed);
    QCOMPARE(failed.size(), 1);
    const ys::Error e = failed.front().front().value<ys::Error>();
    const QString message = QString::fromStdString(e.message);
    qInfo("the error: %s", qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("rank 1")), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    QVERIFY(processGone(pid->load()));
}

QTEST_MAIN(TestTrainPage)
#include "test_trainpage.moc"

