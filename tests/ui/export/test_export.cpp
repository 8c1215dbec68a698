// Export model… in the studio: the options dialog (defaults from the run, what each target sets), the export
// off the GUI thread with its result dialog (what was written, how to use it; in English and Chinese), a bad
// setting as a message, the Runs page's action (on for runs with weights; a request with the run folder, which
// the MainWindow's one exporter answers with its dialog), the report naming the exported file, and the output
// choice (NMS after the file, or YOLO26's end-to-end file with its max detections: offered for YOLO26 weights
// only, handed to the export, remembered). Uses the demo-yolov8n and demo-yolo26n Ultralytics fixtures as the
// runs' weights (skipped without ../shared/fixtures).
#include "export/export.h"
#include "report/reportdata.h"
#include "testsupport.h"
#include "ui/export/exportdialog.h"
#include "ui/export/exportresultdialog.h"
#include "ui/export/modelexporter.h"
#include "ui/report/reportwriter.h"
#include "ui/runs/runlistcontroller.h"
#include "ui/runs/runspage.h"
#include "ui/shell/language.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

#ifndef YS_FIXTURES_DIR
#define YS_FIXTURES_DIR ""
#endif

using namespace ys::ui;

class TestExport final : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void dialogDefaultsAndTargets();
    void exportsAndShowsWhatWasWritten();
    void badSettingIsAMessage();
    void runsPageOffersExportForRunsWithWeights();
    void mainWindowAnswersTheRunsPage();
    void reportNamesTheExportedFile();
    void endToEndOnlyForYolo26();

private:
    // A run folder (args.yaml, weights/best.pt from `from`, default the YOLOv8 fixture) under `project`; empty
    // when absent.
    QString makeRun(const QString& project, const QString& name, bool weights, const QString& from = {});
    // Export model… on `run` up to its dialog (nullptr when it did not open).
    ExportDialog* openDialog(ModelExporter& exporter, const QString& run);

    QTemporaryDir tmp_;
    QString fixture_, fixture26_;
};

void TestExport::initTestCase()
{
    QVERIFY(tmp_.isValid());
    const QString f = QStringLiteral(YS_FIXTURES_DIR "/ultralytics/demo-yolov8n/best.pt");
    if (QFile::exists(f))
        fixture_ = f;
    const QString f26 = QStringLiteral(YS_FIXTURES_DIR "/ultralytics/demo-yolo26n/best.pt");
    if (QFile::exists(f26))
        fixture26_ = f26;
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_ui_export"));
    QStandardPaths::setTestModeEnabled(true);   // the MainWindow's settings and app data
    QVERIFY(installTranslators(QStringLiteral("en")));   // English plural forms ("5 class scores")
    QSettings().remove(QStringLiteral("export"));   // what an earlier run of this test remembered
}

QString TestExport::makeRun(const QString& project, const QString& name, bool weights, const QString& from)
{
    const QString dir = QDir(project).filePath(name);
    if (!ys::test::writeText(dir + "/args.yaml", "model: yolov8n.yaml\ndata: data.yaml\nimgsz: 320\nepochs: 1\n"))
        return {};
    if (weights && (!QDir().mkpath(dir + "/weights") ||
                    !QFile::copy(from.isEmpty() ? fixture_ : from, dir + "/weights/best.pt")))
        return {};
    return QDir(dir).absolutePath();
}

ExportDialog* TestExport::openDialog(ModelExporter& exporter, const QString& run)
{
    QSignalSpy shown(&exporter, &ModelExporter::dialogShown);
    exporter.exportRun(run);   // the run's facts are read on a pool thread, then the dialog opens
    if (!shown.wait(30000))
        return nullptr;
    return shown.first().at(0).value<ExportDialog*>();
}

void TestExport::dialogDefaultsAndTargets()
{
    ExportDialog::Facts facts;
    facts.runDir = tmp_.path();
    facts.weights = {tmp_.filePath("w/best.pt"), tmp_.filePath("w/last.pt")};
    facts.imgsz = 320;
    facts.cuda = false;
    ExportDialog d(facts);
    auto* target = d.findChild<QComboBox*>(QStringLiteral("targetCombo"));
    auto* weights = d.findChild<QComboBox*>(QStringLiteral("weightsCombo"));
    auto* batch = d.findChild<QSpinBox*>(QStringLiteral("batchSpin"));
    auto* opset = d.findChild<QSpinBox*>(QStringLiteral("opsetSpin"));
    auto* dynamic = d.findChild<QCheckBox*>(QStringLiteral("dynamicCheck"));
    auto* half = d.findChild<QCheckBox*>(QStringLiteral("halfCheck"));
    auto* output = d.findChild<QLineEdit*>(QStringLiteral("outputEdit"));
    auto* hint = d.findChild<QLabel*>(QStringLiteral("targetHint"));
    QVERIFY(target && weights && batch && opset && dynamic && half && output && hint);
    // The fields take what the engine's export accepts, no less (the dialog once stopped at 4,096 px).
    auto* imgsz = d.findChild<QSpinBox*>(QStringLiteral("imgszSpin"));
    QVERIFY(imgsz);
    QCOMPARE(imgsz->minimum(), ys::ExportLimits::minImgsz);
    QCOMPARE(imgsz->maximum(), ys::ExportLimits::maxImgsz);
    QCOMPARE(imgsz->maximum(), 8192);
    QCOMPARE(batch->maximum(), ys::ExportLimits::maxBatch);
    QCOMPARE(opset->minimum(), ys::ExportLimits::minOpset);
    QCOMPARE(opset->maximum(), ys::ExportLimits::maxOpset);

    ys::ExportOptions o = d.options();   // OpenCV first: opset 12, fixed shapes, the training size
    QCOMPARE(QString::fromStdString(o.weights), facts.weights[0]);
    QCOMPARE(o.opset, 12);
    QVERIFY(!o.dynamic && !o.half);
    QCOMPARE(o.imgszH, 320);
    QCOMPARE(QDir::fromNativeSeparators(QString::fromStdString(o.out)), tmp_.filePath("w/best.onnx"));
    QVERIFY(!opset->isEnabled() && !dynamic->isEnabled());
    QVERIFY2(!half->isEnabled(), "float16 needs a CUDA device");
    QVERIFY(hint->text().contains("OpenCV"));
    // Weights without a one-to-one head: NMS after the file, the end-to-end file not offered.
    auto* nmsAfter = d.findChild<QRadioButton*>(QStringLiteral("nmsAfterRadio"));
    auto* endToEnd = d.findChild<QRadioButton*>(QStringLiteral("endToEndRadio"));
    auto* maxDet = d.findChild<QSpinBox*>(QStringLiteral("maxDetSpin"));
    QVERIFY(nmsAfter && endToEnd && maxDet);
    QVERIFY(nmsAfter->isChecked() && !endToEnd->isEnabled() && !maxDet->isEnabled());
    QVERIFY(!o.endToEnd);
    QCOMPARE(maxDet->value(), 300);
    // Keyboard order follows the form: weights, the output choice and its max detections, then the target.
    QCOMPARE(weights->nextInFocusChain(), nmsAfter);
    QCOMPARE(nmsAfter->nextInFocusChain(), endToEnd);
    QCOMPARE(endToEnd->nextInFocusChain(), maxDet);
    auto* agnostic = d.findChild<QCheckBox*>(QStringLiteral("agnosticCheck"));
    QVERIFY(agnostic && !agnostic->isEnabled() && !agnostic->isChecked());
    // Tab from max detections (its line edit) to the check.
    QVERIFY(agnostic->previousInFocusChain() == maxDet || agnostic->previousInFocusChain()->parent() == maxDet);
    QCOMPARE(maxDet->minimum(), ys::ExportLimits::minMaxDet);
    QCOMPARE(maxDet->maximum(), ys::ExportLimits::maxMaxDet);

    d.setTarget(ExportDialog::Target::OnnxRuntimeDynamic);
    o = d.options();
    QCOMPARE(o.opset, 17);
    QVERIFY(o.dynamic);
    QVERIFY(!batch->isEnabled());
    QVERIFY(hint->text().contains("ONNX Runtime"));
    d.setTarget(ExportDialog::Target::Custom);
    QVERIFY(opset->isEnabled() && dynamic->isEnabled());
    dynamic->setChecked(false);
    opset->setValue(14);
    batch->setValue(4);
    o = d.options();
    QCOMPARE(o.opset, 14);
    QCOMPARE(o.batch, 4);
    QVERIFY(!o.dynamic);

    weights->setCurrentIndex(1);   // the output follows the weights until the user names a file
    QCOMPARE(QDir::fromNativeSeparators(output->text()), tmp_.filePath("w/last.onnx"));
    QTest::keyClicks(output, "x");
    weights->setCurrentIndex(0);
    QCOMPARE(QDir::fromNativeSeparators(output->text()), tmp_.filePath("w/last.onnxx"));
}

void TestExport::exportsAndShowsWhatWasWritten()
{
    if (fixture_.isEmpty())
        QSKIP("../shared/fixtures is absent");
    const QString run = makeRun(tmp_.filePath("project"), "exp", true);
    QVERIFY(!run.isEmpty());
    QWidget window;
    ModelExporter exporter(&window);
    QSignalSpy shown(&exporter, &ModelExporter::dialogShown);
    QSignalSpy exported(&exporter, &ModelExporter::exported);
    QSignalSpy failed(&exporter, &ModelExporter::failed);
    exporter.exportRun(run);   // the run's facts are read on a pool thread, then the dialog opens
    QVERIFY(shown.wait(30000));
    auto* dialog = shown.takeFirst().at(0).value<ExportDialog*>();
    QVERIFY(dialog);
    QCOMPARE(dialog->findChild<QSpinBox*>(QStringLiteral("imgszSpin"))->value(), 320);   // from best.pt
    dialog->findChild<QSpinBox*>(QStringLiteral("imgszSpin"))->setValue(64);
    dialog->accept();
    QVERIFY(exporter.busy());
    QVERIFY2(exported.wait(120000), failed.isEmpty() ? "" : qPrintable(failed.first().at(0).toString()));
    const QString path = run + "/weights/best.onnx";
    QCOMPARE(exported.first().at(0).toString(), path);
    QVERIFY(QFile::exists(path));
    QVERIFY(exporter.lastSummary() && exporter.lastSummary()->openCvChecked);

    auto* result = window.findChild<ExportResultDialog*>();
    QVERIFY(result);
    auto text = [&](const char* name) { return result->findChild<QLabel*>(QLatin1String(name))->text(); };
    QVERIFY2(text("fileValue").contains(QDir::toNativeSeparators(path)), qPrintable(text("fileValue")));
    QVERIFY2(text("inputValue").contains("images, float32 [1, 3, 64, 64]"), qPrintable(text("inputValue")));
    QVERIFY2(text("outputValue").contains("output0, float32 [1, 9, 84]"), qPrintable(text("outputValue")));
    QVERIFY2(text("outputValue").contains("5 class scores"), qPrintable(text("outputValue")));
    QCOMPARE(text("classesValue"), QStringLiteral("0 circle, 1 square, 2 triangle, 3 star, 4 cross"));
    QVERIFY(text("checkedValue").contains("OpenCV 4.6.0"));
    QVERIFY(result->usage().contains("cv::dnn::readNetFromONNX(\"best.onnx\")"));
    QVERIFY(result->usage().contains("yolostudio-cli val data=data.yaml weights=\"" + QDir::toNativeSeparators(path)));

    // The studio's other language, at run time.
    const QString english = result->windowTitle();
    QVERIFY(installTranslators(QStringLiteral("zh_CN")));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);   // QApplication posts it to windows
    const QString chinese = result->windowTitle(), chineseOutput = text("outputValue");
    installTranslators(QStringLiteral("en"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCOMPARE(chinese, QStringLiteral("模型已导出"));
    QVERIFY2(chineseOutput.contains(QStringLiteral("5 个类别分数")) && chineseOutput.contains("[1, 9, 84]"),
             qPrintable(chineseOutput));
    QCOMPARE(result->windowTitle(), english);
}

void TestExport::badSettingIsAMessage()
{
    if (fixture_.isEmpty())
        QSKIP("../shared/fixtures is absent");
    QWidget window;
    ModelExporter exporter(&window);
    QSignalSpy failed(&exporter, &ModelExporter::failed);
    ys::ExportOptions o;
    o.weights = fixture_.toStdString();
    o.imgszH = o.imgszW = 300;
    o.out = tmp_.filePath("bad.onnx").toStdString();
    exporter.exportWith(o);
    QVERIFY(failed.wait(60000));
    QVERIFY2(failed.first().at(0).toString().contains("not a multiple of the model's largest stride 32"),
             qPrintable(failed.first().at(0).toString()));
    QVERIFY(!exporter.lastSummary());
    QVERIFY(!QFile::exists(tmp_.filePath("bad.onnx")));
}

void TestExport::runsPageOffersExportForRunsWithWeights()
{
    if (fixture_.isEmpty())
        QSKIP("../shared/fixtures is absent");
    const QString project = tmp_.filePath("page");
    const QString with = makeRun(project, "with-weights", true), without = makeRun(project, "no-weights", false);
    QVERIFY(!with.isEmpty() && !without.isEmpty());
    RunsPage page;
    QSignalSpy listed(page.controller(), &RunListController::listed);
    page.setProjectFolder(project);
    QVERIFY(!listed.isEmpty() || listed.wait(30000));
    auto* action = page.findChild<QAction*>(QStringLiteral("exportModelAction"));
    QVERIFY(action);
    QVERIFY(page.pageActions().contains(action));
    QVERIFY(page.openRun(with));
    QVERIFY(action->isEnabled());
    QVERIFY(action->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    // The page asks the shell (which owns the one ModelExporter) for the opened run.
    QSignalSpy requested(&page, &RunsPage::exportModelRequested);
    action->trigger();
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested[0][0].toString(), with);
    QVERIFY(page.openRun(without));
    QVERIFY(!action->isEnabled());
}

void TestExport::mainWindowAnswersTheRunsPage()
{
    if (fixture_.isEmpty())
        QSKIP("../shared/fixtures is absent");
    const QString project = tmp_.filePath("shell");
    const QString run = makeRun(project, "exp", true);
    QVERIFY(!run.isEmpty());
    MainWindow w;
    RunsPage* page = w.runsPage();
    QSignalSpy listed(page->controller(), &RunListController::listed);
    page->setProjectFolder(project);
    QVERIFY(!listed.isEmpty() || listed.wait(30000));
    QVERIFY(page->openRun(run));
    QSignalSpy shown(w.modelExporter(), &ModelExporter::dialogShown);
    page->findChild<QAction*>(QStringLiteral("exportModelAction"))->trigger();   // the shell's exporter asks
    QVERIFY2(shown.wait(30000), qPrintable(QStringLiteral("no dialog; the global pool runs %1 of %2 threads")
                                                .arg(QThreadPool::globalInstance()->activeThreadCount())
                                                .arg(QThreadPool::globalInstance()->maxThreadCount())));
    auto* dialog = shown.first().at(0).value<ExportDialog*>();
    QVERIFY(dialog && dialog->isVisible());
    QCOMPARE(dialog->options().weights, (run + "/weights/best.pt").toStdString());
    QCOMPARE(dialog->findChild<QSpinBox*>(QStringLiteral("imgszSpin"))->value(), 320);
    dialog->reject();   // nothing exported
    QVERIFY(!w.modelExporter()->busy());
    QVERIFY(!QFile::exists(run + "/weights/best.onnx"));
}

void TestExport::reportNamesTheExportedFile()
{
    if (fixture_.isEmpty())
        QSKIP("../shared/fixtures is absent");
    const QString run = makeRun(tmp_.filePath("report"), "exp", true);
    QVERIFY(!run.isEmpty());
    ys::ExportOptions o;
    o.weights = (run + "/weights/best.pt").toStdString();
    o.imgszH = o.imgszW = 96;
    o.verify = false;
    auto r = ys::exportOnnx(o);
    QVERIFY2(r.ok(), r ? "" : r.error().toString().c_str());
    QVERIFY(installTranslators(QStringLiteral("en")));
    ys::report::ReportOptions ro;
    ro.samples = 0;
    auto data = ys::report::gatherReport(run.toStdString(), ro);
    QVERIFY2(data.ok(), data ? "" : data.error().toString().c_str());
    QCOMPARE(data->exports.files.size(), size_t(1));
    const QString html = ReportWriter(*data).html();
    QVERIFY(html.contains("Exported models"));
    QVERIFY(html.contains("best.onnx"));
    QVERIFY(html.contains("images float32 [1, 3, 96, 96]"));
    QVERIFY(html.contains("output0 [1, 9, 189]"));
    QVERIFY(html.contains("ONNX opset 12"));
}

// The output choice: a YOLOv8 run's weights cannot give the end-to-end file (disabled, the tooltip says why); a
// YOLO26 run's can, NMS after the file being the default; the export gets endToEnd, maxDet and agnosticNms, writes
// [1, k, 6] and the result says ONNX Runtime reads it, not OpenCV; the choice is remembered for YOLO26 runs.
void TestExport::endToEndOnlyForYolo26()
{
    if (fixture_.isEmpty() || fixture26_.isEmpty())
        QSKIP("../shared/fixtures is absent");
    const QString project = tmp_.filePath("heads");
    const QString v8 = makeRun(project, "v8", true), v26 = makeRun(project, "v26", true, fixture26_);
    QVERIFY(!v8.isEmpty() && !v26.isEmpty());
    QWidget window;
    ModelExporter exporter(&window);
    auto radio = [](ExportDialog* d, const char* name) { return d->findChild<QRadioButton*>(QLatin1String(name)); };
    auto maxDet = [](ExportDialog* d) { return d->findChild<QSpinBox*>(QStringLiteral("maxDetSpin")); };
    auto agnostic = [](ExportDialog* d) { return d->findChild<QCheckBox*>(QStringLiteral("agnosticCheck")); };

    ExportDialog* d = openDialog(exporter, v8);
    QVERIFY(d);
    QVERIFY2(radio(d, "nmsAfterRadio") && radio(d, "endToEndRadio") && maxDet(d), "the dialog offers no output choice");
    QVERIFY(radio(d, "nmsAfterRadio")->isChecked());
    QVERIFY2(!radio(d, "endToEndRadio")->isEnabled(), "YOLOv8 has no one-to-one head");
    QVERIFY2(radio(d, "endToEndRadio")->toolTip().contains("YOLO26") &&
                 radio(d, "endToEndRadio")->toolTip().contains("yolov8n"),
             qPrintable(radio(d, "endToEndRadio")->toolTip()));
    QVERIFY(!maxDet(d)->isEnabled());
    QVERIFY(!d->options().endToEnd);
    d->reject();

    d = openDialog(exporter, v26);
    QVERIFY(d);
    auto* target = d->findChild<QComboBox*>(QStringLiteral("targetCombo"));
    auto* hint = d->findChild<QLabel*>(QStringLiteral("targetHint"));
    QVERIFY(radio(d, "endToEndRadio")->isEnabled());
    QVERIFY2(radio(d, "nmsAfterRadio")->isChecked(), "NMS after the file is Ultralytics 8.4's default");
    QVERIFY(!maxDet(d)->isEnabled());
    ys::ExportOptions o = d->options();
    QVERIFY(!o.endToEnd);
    QVERIFY(target->itemText(0).contains("OpenCV"));
    QVERIFY(!agnostic(d)->isEnabled());
    radio(d, "endToEndRadio")->click();
    QVERIFY(maxDet(d)->isEnabled());
    QVERIFY(agnostic(d)->isEnabled() && !agnostic(d)->isChecked());
    QCOMPARE(maxDet(d)->value(), 300);
    // The file is not OpenCV's: neither the target nor its hint promise that OpenCV reads it.
    QVERIFY2(!target->itemText(0).contains("OpenCV"), qPrintable(target->itemText(0)));
    QVERIFY2(hint->text().contains("cannot run this file") && !hint->text().contains("Loads in OpenCV"),
             qPrintable(hint->text()));
    maxDet(d)->setValue(10);
    agnostic(d)->setChecked(true);
    d->findChild<QSpinBox*>(QStringLiteral("imgszSpin"))->setValue(64);   // 84 anchors: a quick export
    o = d->options();
    QVERIFY(o.endToEnd && o.agnosticNms);
    QCOMPARE(o.maxDet, 10);
    QSignalSpy exported(&exporter, &ModelExporter::exported);
    QSignalSpy failed(&exporter, &ModelExporter::failed);
    d->accept();
    QVERIFY2(exported.wait(120000), failed.isEmpty() ? "" : qPrintable(failed.first().at(0).toString()));
    const auto& summary = exporter.lastSummary();
    QVERIFY(summary && summary->endToEnd);
    QCOMPARE(summary->rows, 10);
    QCOMPARE(summary->outputShape, std::string("[1, 10, 6]"));

    auto* result = window.findChild<ExportResultDialog*>();
    QVERIFY(result);
    auto text = [&](const char* name) { return result->findChild<QLabel*>(QLatin1String(name))->text(); };
    QVERIFY2(text("outputValue").contains("output0, float32 [1, 10, 6]") && text("outputValue").contains("k = 10") &&
                 text("outputValue").contains("x1, y1, x2, y2") && text("outputValue").contains("ONNX Runtime"),
             qPrintable(text("outputValue")));
    QVERIFY2(!text("checkedValue").contains("runs it and matches"), qPrintable(text("checkedValue")));
    QVERIFY2(text("checkedValue").contains("up to its top-k"), qPrintable(text("checkedValue")));
    QVERIFY2(!result->usage().contains("readNetFromONNX"), qPrintable(result->usage()));
    QVERIFY2(result->usage().contains("onnxruntime.InferenceSession(\"best.onnx\")") &&
                 result->usage().contains("nms=false agnostic_nms=true"),
             qPrintable(result->usage()));
    QVERIFY2(summary->agnosticNms && text("outputValue").contains("class-agnostic"), qPrintable(text("outputValue")));
    result->close();

    // Remembered for the next YOLO26 run; a YOLOv8 run still gets NMS after the file.
    d = openDialog(exporter, v26);
    QVERIFY(d);
    QVERIFY(radio(d, "endToEndRadio")->isChecked());
    QCOMPARE(maxDet(d)->value(), 10);
    QVERIFY(d->options().endToEnd && d->options().agnosticNms);
    radio(d, "nmsAfterRadio")->click();
    QVERIFY2(!d->options().agnosticNms, "agnostic_nms shapes only the end-to-end file");
    d->reject();
    d = openDialog(exporter, v8);
    QVERIFY(d);
    QVERIFY(radio(d, "nmsAfterRadio")->isChecked() && !d->options().endToEnd);
    d->reject();
}

QTEST_MAIN(TestExport)
#include "test_export.moc"
