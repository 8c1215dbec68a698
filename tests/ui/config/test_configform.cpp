// The training setup form as a user drives it: fields generated from core's schema, validation as you
// type with the reason beside the field, real Ultralytics / YOLOv9 files loaded and saved with nothing lost,
// presets, reset, undo/redo of applyValues (the Fit dialog's Apply), resume mode, and the item models.
#include "common/configfile.h"
#include "model/model.h"
#include "testsupport.h"
#include "markingtranslator.h"
#include "ui/config/configform.h"
#include "ui/config/devicepicker.h"
#include "ui/config/keptentriesmodel.h"
#include "ui/config/modelpicker.h"
#include "ui/config/stageeditor.h"
#include "ui/common/devicetext.h"
#include "memory/devices.h"
#include "memory/memory.h"
#include "weights/checkpoint.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QHeaderView>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTranslator>
#include <QUndoStack>

#include <QtTest>

#include "findchild.h"

using namespace ys::ui;
using Group = ys::ConfigKey::Group;

namespace {

QString dataFile(const char* name)
{
    return QStringLiteral(YS_TEST_DATA_DIR "/config/") + QLatin1String(name);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString value(const ConfigForm& form, const char* key)
{
    return QString::fromStdString(*form.config().get(key));
}

// Types into a spin box's text as a user does (select all, type, the value follows every keystroke).
void typeInto(QAbstractSpinBox* spin, const QString& text)
{
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, text);
}

}  // namespace

class TestConfigForm final : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void fieldsComeFromTheSchema();
    void validatesAsYouType();
    void outOfRangeValueShowsItsReason();
    void ultralyticsArgsYamlRoundTrips();
    void yolov9HypRoundTrips();
    void badFileChangesNothing();
    void presetApplies();
    void resetOneAndAll();
    void applyValuesIsOneUndoStep();
    void resumeModeLocksWhatARunLearns();
    void advancedAndSearch();
    void devicePickerListsThisMachine();
    void devicePickerPicksSeveralDevices();
    void modelPickerSummarisesOffTheGuiThread();
    void modelPickerOffersYolo26AsUltralyticsDefault();
    void modelsPassTheTester();
    void retranslatesOnLanguageChange();
    void stageTableEditsTheStages();
    void badStageRowBlocksWithItsReason();
    void stageTableKeysAndColumns();
};

void TestConfigForm::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_ui_configform"));
}

void TestConfigForm::init()
{
    QSettings().clear();
}

void TestConfigForm::fieldsComeFromTheSchema()
{
    ConfigForm form;
    for (const ys::ConfigKey& k : ys::configKeys())
        QVERIFY2(form.editor(QString::fromLatin1(k.name)), k.name);
    auto* lr0 = qobject_cast<QDoubleSpinBox*>(form.editor("lr0"));
    QVERIFY(lr0);
    QCOMPARE(lr0->minimum(), 0.0);
    QCOMPARE(lr0->maximum(), 10.0);
    QCOMPARE(lr0->singleStep(), 0.001);
    QCOMPARE(lr0->value(), 0.01);
    auto* imgsz = qobject_cast<QSpinBox*>(form.editor("imgsz"));
    QVERIFY(imgsz);
    QCOMPARE(imgsz->singleStep(), 32);
    QCOMPARE(imgsz->suffix(), QString(" px"));
    auto* batch = qobject_cast<QSpinBox*>(form.editor("batch"));
    QCOMPARE(batch->minimum(), -1);
    QCOMPARE(batch->specialValueText(), QString("auto"));
    auto* amp = qobject_cast<QComboBox*>(form.editor("amp"));
    QVERIFY(amp);
    QCOMPARE(amp->count(), 4);
    QVERIFY(qobject_cast<QCheckBox*>(form.editor("cos_lr")));
    QVERIFY(qobject_cast<QLineEdit*>(form.editor("vram")));
    QCOMPARE(form.editor("device"), form.devicePicker());
    QCOMPARE(form.editor("model"), form.modelPicker());
    // Editing a field changes the config, marks it and counts it in its section.
    QVERIFY(!form.isChanged("cos_lr"));
    qobject_cast<QCheckBox*>(form.editor("cos_lr"))->click();
    QCOMPARE(value(form, "cos_lr"), QString("true"));
    QVERIFY(form.isChanged("cos_lr"));
    QCOMPARE(form.changedCount(Group::Schedule), 1);
    QCOMPARE(form.sectionSummary(Group::Schedule), QString("1 changed"));
}

void TestConfigForm::validatesAsYouType()
{
    ConfigForm form;
    QSignalSpy validity(&form, &ConfigForm::validityChanged);
    QVERIFY(!form.isValid());  // no dataset yet
    QVERIFY(form.errorText("data").contains("no dataset"));
    form.applyValues({{"data", "/data/set/data.yaml"}}, "Open dataset");
    QVERIFY(form.isValid());
    QCOMPARE(validity.count(), 1);
    QCOMPARE(validity.last().first().toBool(), true);

    auto* imgsz = qobject_cast<QSpinBox*>(form.editor("imgsz"));
    typeInto(imgsz, "650");
    QCOMPARE(value(form, "imgsz"), QString("650"));
    QVERIFY(!form.isValid());
    QCOMPARE(validity.last().first().toBool(), false);
    QVERIFY2(form.errorText("imgsz").contains("multiple of 32"), qPrintable(form.errorText("imgsz")));
    QVERIFY(form.sectionSummary(Group::Memory).contains("1 to fix"));
    typeInto(imgsz, "640");
    QVERIFY(form.isValid());
    QVERIFY(form.errorText("imgsz").isEmpty());

    auto* vram = qobject_cast<QLineEdit*>(form.editor("vram"));
    vram->setFocus();
    QTest::keyClicks(vram, "lots");
    QVERIFY(!form.isValid());
    QVERIFY(form.errorText("vram").contains("8GiB"));
    vram->clear();
    QTest::keyClicks(vram, "6GiB");
    QVERIFY(form.isValid());
}

void TestConfigForm::outOfRangeValueShowsItsReason()
{
    ConfigForm form;
    ys::TrainConfig c;
    c.data = "d.yaml";
    c.lr0 = 20;  // filled in code, past set()'s range check
    form.setConfig(c);
    QVERIFY(!form.isValid());
    QVERIFY2(form.errorText("lr0").contains("between 0 and 10"), qPrintable(form.errorText("lr0")));
    auto* lr0 = qobject_cast<QDoubleSpinBox*>(form.editor("lr0"));
    QCOMPARE(lr0->value(), 20.0);  // shown as it is, not clamped
    typeInto(lr0, "0.02");
    QCOMPARE(value(form, "lr0"), QString("0.02"));
    QVERIFY(form.isValid());
    QVERIFY(form.errorText("lr0").isEmpty());
    QCOMPARE(lr0->maximum(), 10.0);
}

void TestConfigForm::ultralyticsArgsYamlRoundTrips()
{
    ConfigForm form;
    const QString path = dataFile("ultralytics-8.3.112-args.yaml");
    QString message;
    QVERIFY2(form.loadFile(path, &message), qPrintable(message));
    QCOMPARE(value(form, "epochs"), QString("1"));
    QCOMPARE(value(form, "imgsz"), QString("64"));
    QCOMPARE(value(form, "fraction"), QString("0.25"));
    QCOMPARE(qobject_cast<QSpinBox*>(form.editor("batch"))->value(), 4);
    QVERIFY(form.isChanged("epochs"));
    QVERIFY(form.isFieldVisible("fraction"));  // advanced, but changed: shown
    QVERIFY(form.isValid());
    // Every key Ultralytics wrote that the studio does not use is listed, in order.
    QCOMPARE(QString::fromStdString(form.keptEntries().front().key), QString("task"));
    QCOMPARE(QString::fromStdString(form.keptEntries().back().key), QString("save_dir"));
    QCOMPARE(form.keptModel()->rowCount(), static_cast<int>(form.keptEntries().size()));
    // Loading was one undoable step.
    QCOMPARE(form.undoStack()->count(), 1);

    QTemporaryDir dir;
    const QString saved = dir.filePath("args.yaml");
    QVERIFY2(form.saveFile(saved, &message), qPrintable(message));
    QCOMPARE(readAll(saved), readAll(path));  // nothing lost, nothing reordered

    form.applyValues({{"lr0", "0.005"}, {"batch", "8"}}, "Edit");
    QVERIFY(form.saveFile(saved, &message));
    auto back = ys::ConfigFile::load(saved.toStdString());
    QVERIFY(back.ok());
    QCOMPARE(back->config().lr0, 0.005);
    QCOMPARE(back->config().batch, 8);
    QCOMPARE(back->unknownKeys().size(), form.keptEntries().size());
    for (size_t i = 0; i < back->unknownKeys().size(); ++i) {
        QCOMPARE(back->unknownKeys()[i].key, form.keptEntries()[i].key);
        QCOMPARE(back->unknownKeys()[i].value, form.keptEntries()[i].value);
    }
}

void TestConfigForm::yolov9HypRoundTrips()
{
    ConfigForm form;
    const QString path = dataFile("yolov9-hyp.scratch-high.yaml");
    QVERIFY(form.loadFile(path));
    QCOMPARE(value(form, "scale"), QString("0.9"));
    QCOMPARE(value(form, "mixup"), QString("0.15"));
    QCOMPARE(value(form, "copy_paste"), QString("0.3"));
    QCOMPARE(form.changedCount(Group::Augment), 3);
    QStringList kept;
    for (const auto& e : form.keptEntries())
        kept << QString::fromStdString(e.key);
    QCOMPARE(kept, (QStringList{"cls_pw", "obj", "obj_pw", "iou_t", "anchor_t", "fl_gamma"}));
    QTemporaryDir dir;
    QVERIFY(form.saveFile(dir.filePath("hyp.yaml")));
    QCOMPARE(readAll(dir.filePath("hyp.yaml")), readAll(path));
}

void TestConfigForm::badFileChangesNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("hyp.yaml");
    QVERIFY(ys::test::writeText(path, "lr0: 0.02\nmomentum: lots\nobj: 0.7\n"));
    ConfigForm form;
    QString message;
    QVERIFY(!form.loadFile(path, &message));
    QVERIFY2(message.contains("hyp.yaml:2:"), qPrintable(message));
    QVERIFY(message.contains("momentum"));
    QCOMPARE(value(form, "lr0"), QString("0.01"));
    QCOMPARE(form.undoStack()->count(), 0);
}

void TestConfigForm::presetApplies()
{
    ConfigForm form;
    form.applyValues({{"data", "d.yaml"}, {"device", "cpu"}}, "Setup");
    QVERIFY(form.applyPreset("yolov9-scratch-high"));
    QCOMPARE(value(form, "scale"), QString("0.9"));
    QCOMPARE(value(form, "mixup"), QString("0.15"));
    QCOMPARE(form.sectionSummary(Group::Augment), QString("3 changed"));
    QVERIFY(form.undoStack()->undoText().contains("YOLOv9"));
    QVERIFY(form.applyPreset("low-memory"));
    QCOMPARE(value(form, "batch"), QString("8"));
    QCOMPARE(value(form, "scale"), QString("0.9"));  // a preset sets only its keys
    QVERIFY(form.applyPreset("ultralytics"));
    QCOMPARE(value(form, "batch"), QString("16"));
    QCOMPARE(value(form, "scale"), QString("0.5"));
    QCOMPARE(value(form, "data"), QString("d.yaml"));
    form.undoStack()->undo();
    QCOMPARE(value(form, "batch"), QString("8"));
    QVERIFY(!form.applyPreset("unknown"));
}

void TestConfigForm::resetOneAndAll()
{
    ConfigForm form;
    form.applyValues({{"data", "d.yaml"}, {"lr0", "0.02"}, {"mosaic", "0.5"}, {"epochs", "30"}}, "Edit");
    form.resetKey("lr0");
    QCOMPARE(value(form, "lr0"), QString("0.01"));
    QVERIFY(!form.isChanged("lr0"));
    QVERIFY(form.isChanged("mosaic"));
    form.resetAll();
    QCOMPARE(value(form, "mosaic"), QString("1.0"));
    QCOMPARE(value(form, "epochs"), QString("100"));
    QCOMPARE(value(form, "data"), QString("d.yaml"));  // the open dataset stays
    form.undoStack()->undo();
    QCOMPARE(value(form, "epochs"), QString("30"));
    QCOMPARE(value(form, "mosaic"), QString("0.5"));
}

void TestConfigForm::applyValuesIsOneUndoStep()
{
    ConfigForm form;
    form.show();
    QVERIFY(QTest::qWaitForWindowActive(&form));
    QSignalSpy changed(&form, &ConfigForm::configChanged);
    const auto rejected =
        form.applyValues({{"batch", "24"}, {"imgsz", "512"}, {"amp", "off"}, {"mixup", "2"}}, "Apply fit");
    QCOMPARE(rejected.size(), size_t(1));  // mixup 2 is out of range; the rest applies
    QCOMPARE(QString::fromStdString(rejected.front().code), QString("config.mixup"));
    QCOMPARE(value(form, "batch"), QString("24"));
    QCOMPARE(value(form, "imgsz"), QString("512"));
    QCOMPARE(value(form, "amp"), QString("off"));
    QCOMPARE(qobject_cast<QComboBox*>(form.editor("amp"))->currentData().toString(), QString("off"));
    QVERIFY(form.isChanged("batch") && form.isChanged("imgsz") && form.isChanged("amp"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(form.undoStack()->undoText(), QString("Apply fit"));
    QVERIFY(form.undoAction()->text().contains("Apply fit"));
    // Ctrl+Z undoes all three at once; Ctrl+Shift+Z redoes them.
    QWidget* focus = form.editor("cos_lr");
    focus->setFocus();
    QTest::keyClick(focus, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(value(form, "batch"), QString("16"));
    QCOMPARE(value(form, "imgsz"), QString("640"));
    QCOMPARE(value(form, "amp"), QString("auto"));
    QVERIFY(!form.isChanged("batch"));
    QTest::keyClick(focus, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(value(form, "batch"), QString("24"));
    QCOMPARE(qobject_cast<QSpinBox*>(form.editor("imgsz"))->value(), 512);
    // Typing in one field merges into one step.
    typeInto(qobject_cast<QSpinBox*>(form.editor("epochs")), "250");
    QCOMPARE(value(form, "epochs"), QString("250"));
    QCOMPARE(form.undoStack()->count(), 2);
    form.undoStack()->undo();
    QCOMPARE(value(form, "epochs"), QString("100"));
}

void TestConfigForm::resumeModeLocksWhatARunLearns()
{
    ConfigForm form;
    form.applyValues({{"data", "d.yaml"}, {"lr0", "0.02"}}, "Run settings");
    form.setResumeMode(true);
    QVERIFY(form.resumeMode());
    QVERIFY(!form.editor("lr0")->isEnabled());
    QVERIFY(!form.editor("imgsz")->isEnabled());
    QVERIFY(form.editor("batch")->isEnabled());
    QVERIFY(form.editor("vram")->isEnabled());
    QVERIFY(form.editor("device")->isEnabled());
    const auto rejected = form.applyValues({{"batch", "8"}, {"imgsz", "320"}}, "Apply fit");
    QCOMPARE(rejected.size(), size_t(1));
    QCOMPARE(value(form, "batch"), QString("8"));
    QCOMPARE(value(form, "imgsz"), QString("640"));
    form.resetAll();
    QCOMPARE(value(form, "batch"), QString("16"));
    QCOMPARE(value(form, "lr0"), QString("0.02"));  // the run's value stays
    // A settings file loaded while resuming changes only what may change, and says what it left.
    QTemporaryDir dir;
    QVERIFY(ys::test::writeText(dir.filePath("hyp.yaml"), "lr0: 0.05\nworkers: 2\nlrf: 0.01\n"));
    QString message;
    QVERIFY(form.loadFile(dir.filePath("hyp.yaml"), &message));
    QCOMPARE(value(form, "workers"), QString("2"));
    QCOMPARE(value(form, "lr0"), QString("0.02"));
    QVERIFY2(message.contains("Initial learning rate") && !message.contains("Final LR"), qPrintable(message));
    form.setResumeMode(false);
    QVERIFY(form.editor("lr0")->isEnabled());
}

void TestConfigForm::advancedAndSearch()
{
    ConfigForm form;
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));
    QVERIFY(!form.advancedVisible());
    QVERIFY(!form.isFieldVisible("perspective"));
    QVERIFY(form.isFieldVisible("mosaic"));
    form.setAdvancedVisible(true);
    QVERIFY(form.isFieldVisible("perspective"));
    form.setAdvancedVisible(false);
    form.setFilterText("mosaic");
    QVERIFY(form.isFieldVisible("mosaic"));
    QVERIFY(form.isFieldVisible("close_mosaic"));
    QVERIFY(!form.isFieldVisible("lr0"));
    form.setFilterText("learning rate");  // help text matches too
    QVERIFY(form.isFieldVisible("lr0"));
    QVERIFY(!form.isFieldVisible("mosaic"));
    form.setFilterText(QString());
    form.setSectionExpanded(Group::Loss, false);
    QVERIFY(!form.isFieldVisible("box"));
    // Remembered for the next form.
    ConfigForm again;
    QVERIFY(!again.isSectionExpanded(Group::Loss));
    QVERIFY(again.isSectionExpanded(Group::Augment));
}

void TestConfigForm::devicePickerListsThisMachine()
{
    DevicePicker picker;
    QSignalSpy refreshed(&picker, &DevicePicker::refreshed);
    QTRY_VERIFY_WITH_TIMEOUT(!picker.isRefreshing(), 10000);
    DeviceListModel* m = picker.model();
    QVERIFY(m->rowCount() >= 1);
    QCOMPARE(m->index(0).data(DeviceListModel::DeviceIdRole).toString(), QString("cpu"));
    QVERIFY2(m->index(0).data().toString().contains("cores"), qPrintable(m->index(0).data().toString()));
    QVERIFY(m->index(0).data().toString().contains("free"));
    // Without a GPU in the list, the line under it says why, as the driver answered (memory/cudadriver.h).
    bool gpuListed = false;
    for (int row = 0; row < m->rowCount(); ++row)
        gpuListed |= m->index(row).data(DeviceListModel::DeviceIdRole).toString() != "cpu";
    const auto* noGpu = ys::test::child<QLabel>(picker, "noGpuLabel");
    if (gpuListed) {
        QVERIFY(picker.noGpuReason().isEmpty());
        QVERIFY(noGpu->isHidden());
    } else {
        const QString why = DeviceText::noGpuReason(ys::memory::cudaDriverStatus(), ys::memory::cudaBuild());
        QCOMPARE(picker.noGpuReason(), why);
        QCOMPARE(noGpu->text(), "No GPU: " + why);
        QVERIFY(!noGpu->isHidden());
        qInfo("%s", qPrintable(noGpu->text()));
    }
    // A device this machine does not have stays selected and says so.
    picker.setDevice("7");
    QCOMPARE(picker.device(), QString("7"));
    const int row = m->rowOf("7");
    QCOMPARE(row, m->rowCount() - 1);
    QVERIFY(m->index(row).data().toString().contains("not found"));
    picker.setDevice("cpu");
    QCOMPARE(m->rowOf("7"), -1);
    const int before = static_cast<int>(refreshed.count());
    picker.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(static_cast<int>(refreshed.count()), before + 1, 10000);
    QVERIFY(!picker.isRefreshing());
}

// Data parallel from the picker: several GPUs ticked give Ultralytics' "0,1" (one process each), the CPU takes
// a process count (nproc); the form keeps the device text core reads.
void TestConfigForm::devicePickerPicksSeveralDevices()
{
    ConfigForm form;
    DevicePicker* picker = form.devicePicker();
    QTRY_VERIFY_WITH_TIMEOUT(!picker->isRefreshing(), 10000);
    auto* processes = ys::test::child<QSpinBox>(picker, "processSpin");
    auto* gpus = ys::test::child<QToolButton>(picker, "gpusButton");
    // The CPU: a process count, no GPU list.
    form.applyValues({{"device", "cpu"}}, "Edit");
    QVERIFY(!processes->isHidden());
    QVERIFY(gpus->isHidden());
    QCOMPARE(picker->processes(), 1);
    QSignalSpy processesChanged(picker, &DevicePicker::processesChanged);
    processes->setValue(2);
    QCOMPARE(processesChanged.count(), 1);
    QCOMPARE(picker->processes(), 2);
    QCOMPARE(QString::fromStdString(form.config().device), QStringLiteral("cpu"));
    {
        // The user's count is the next session's (a new form, as after a restart).
        ConfigForm next;
        next.applyValues({{"device", "cpu"}}, "Edit");
        QCOMPARE(next.devicePicker()->processes(), 2);
    }
    picker->setProcesses(3);   // as a restored setup sets it: no signal
    QCOMPARE(processesChanged.count(), 1);
    QCOMPARE(picker->processes(), 3);

    // A machine with two GPUs (the list as listDevices gives it).
    std::vector<ys::memory::DeviceInfo> devices(3);
    devices[0] = {"cpu", "Some CPU", false, int64_t{16} << 30, int64_t{8} << 30, 8, 0, 0};
    devices[1] = {"0", "GPU A", true, int64_t{12} << 30, int64_t{11} << 30, 28, 8, 6};
    devices[2] = {"1", "GPU B", true, int64_t{12} << 30, int64_t{11} << 30, 28, 8, 6};
    picker->model()->setDevices(devices);
    QSignalSpy deviceChanged(picker, &DevicePicker::deviceChanged);
    form.applyValues({{"device", "0"}}, "Edit");
    QVERIFY(!gpus->isHidden());
    QVERIFY(processes->isHidden());
    QCOMPARE(picker->processes(), 0);
    const QList<QAction*> ticks = gpus->menu()->actions();
    QCOMPARE(ticks.size(), 2);
    QVERIFY(ticks[0]->isChecked());
    QVERIFY(!ticks[1]->isChecked());
    ticks[1]->setChecked(true);   // as a click on "GPU 1" in the menu does
    QCOMPARE(deviceChanged.count(), 1);
    QCOMPARE(picker->device(), QStringLiteral("0,1"));
    QCOMPARE(QString::fromStdString(form.config().device), QStringLiteral("0,1"));
    QVERIFY(form.errorText(QStringLiteral("device")).isEmpty());   // a list is a valid device setting
    const int row = picker->model()->rowOf(QStringLiteral("0,1"));
    QVERIFY(row >= 0);
    QVERIFY2(picker->model()->index(row).data().toString().contains(QStringLiteral("GPUs 0, 1")),
             qPrintable(picker->model()->index(row).data().toString()));
    // The last ticked GPU cannot be unticked; unticking one of two leaves the other alone.
    const QList<QAction*> now = gpus->menu()->actions();
    now[0]->setChecked(false);
    QCOMPARE(picker->device(), QStringLiteral("1"));
    const QList<QAction*> last = gpus->menu()->actions();
    last[1]->setChecked(false);
    QVERIFY(last[1]->isChecked());
    QCOMPARE(picker->device(), QStringLiteral("1"));
}

void TestConfigForm::modelPickerSummarisesOffTheGuiThread()
{
    QTemporaryDir dir;
    const QString yaml = ys::test::writeShapesDataset(dir.path(), 4, 64, 64);
    QVERIFY(!yaml.isEmpty());
    ConfigForm form;
    ModelPicker* picker = form.modelPicker();
    QSignalSpy updated(picker, &ModelPicker::summaryUpdated);
    form.applyValues({{"data", yaml}, {"imgsz", "320"}}, "Setup");
    QTRY_VERIFY_WITH_TIMEOUT(!picker->isSummarizing() && !picker->summaryText().isEmpty(), 20000);
    // The shapes dataset has 3 classes; yolov8n at 320.
    QVERIFY2(picker->summaryText().contains("YOLOv8n"), qPrintable(picker->summaryText()));
    QVERIFY(picker->summaryText().contains("3 classes"));
    QVERIFY(picker->summaryText().contains("at 320 px"));
    auto expected = ys::summarizeModel("yolov8n.yaml", 3, 320);
    QVERIFY(expected.ok());
    QVERIFY2(picker->summaryText().contains(QString::number(expected->params / 1e6, 'f', 2) + " M parameters"),
             qPrintable(picker->summaryText()));
    QVERIFY(picker->summaryText().contains(QString::number(expected->gflops, 'f', 1) + " GFLOPs"));
    // Picking the s scale changes the model setting (undoable) and the summary.
    QList<QToolButton*> scales;
    for (QToolButton* b : picker->findChildren<QToolButton*>())
        if (b->isCheckable())
            scales << b;
    QCOMPARE(scales.size(), 5);
    QCOMPARE(scales[0]->text(), QString("n"));
    QVERIFY(scales[0]->isChecked());
    scales[1]->click();
    QCOMPARE(value(form, "model"), QString("yolov8s.yaml"));
    QTRY_VERIFY_WITH_TIMEOUT(!picker->isSummarizing() && picker->summaryText().contains("YOLOv8s"), 20000);
    form.undoStack()->undo();
    QCOMPARE(value(form, "model"), QString("yolov8n.yaml"));
    QVERIFY(scales.size() == 5);
    // A weights file that is not there says so; a damaged one says it cannot be read.
    form.applyValues({{"model", dir.filePath("best.pt")}}, "Weights");
    QTRY_VERIFY_WITH_TIMEOUT(picker->summaryText().contains("best.pt") && picker->summaryText().contains("not found"),
                             5000);
    {
        QFile bad(dir.filePath("damaged.pt"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("PK\x03\x04 not really a zip");
    }
    form.applyValues({{"model", dir.filePath("damaged.pt")}}, "Weights");
    QTRY_VERIFY_WITH_TIMEOUT(!picker->isSummarizing() && picker->summaryText().startsWith("Cannot read this weights file"),
                             10000);
    // An Ultralytics checkpoint shows what it holds (the demo fixture: YOLOv8n, 5 classes, 320 px).
    const QString fixture = qEnvironmentVariable("YS_SHARED_DATASETS") + "/../fixtures/ultralytics/demo-yolov8n/best.pt";
    if (!QFileInfo::exists(fixture))
        QSKIP("../shared/fixtures/ultralytics is not here");
    form.applyValues({{"model", fixture}}, "Weights");
    QTRY_VERIFY_WITH_TIMEOUT(!picker->isSummarizing() && picker->summaryText().startsWith("Ultralytics checkpoint"),
                             10000);
    const QString s = picker->summaryText();
    QVERIFY2(s.contains("yolov8 scale n") && s.contains("5 classes"), qPrintable(s));
    auto info = ys::inspectCheckpoint(fixture.toStdString());
    QVERIFY(info.ok());
    QVERIFY2(s.contains(QString("trained at %1 px").arg(info->imgsz)), qPrintable(s));
}

void TestConfigForm::modelPickerOffersYolo26AsUltralyticsDefault()
{
    ConfigForm form;
    ModelPicker* picker = form.modelPicker();
    QComboBox* family = picker->findChild<QComboBox*>();
    QVERIFY(family);
    // Ultralytics' current default family first, under a heading the list cannot select; the others after a
    // separator, in core's order.
    QCOMPARE(family->itemText(0), ModelPicker::defaultTag());
    QCOMPARE(family->itemText(0), QString("Ultralytics' current default"));
    const auto* items = qobject_cast<QStandardItemModel*>(family->model());
    QVERIFY(items);
    QVERIFY(!(items->item(0)->flags() & Qt::ItemIsEnabled));
    QCOMPARE(family->itemText(1), QString("YOLO26"));
    QVERIFY(family->itemData(1, Qt::ToolTipRole).toString().contains("Ultralytics trains by default"));
    QStringList others;
    for (int i = 2; i < family->count(); ++i)
        if (!family->itemText(i).isEmpty())
            others << family->itemText(i);
    QCOMPARE(others, (QStringList{"YOLOv8", "YOLO11", "YOLOv9"}));
    QVERIFY(ModelPicker::isUltralyticsDefault("yolo26x.yaml"));
    QVERIFY(!ModelPicker::isUltralyticsDefault("yolo11n.yaml"));
    // The studio's own default stays yolov8n; choosing YOLO26 keeps the scale letter and offers n/s/m/l/x.
    QCOMPARE(value(form, "model"), QString("yolov8n.yaml"));
    family->setCurrentIndex(1);
    emit family->activated(1);
    QCOMPARE(value(form, "model"), QString("yolo26n.yaml"));
    QStringList scales;
    for (QToolButton* b : picker->findChildren<QToolButton*>())
        if (b->isCheckable())
            scales << b->text();
    QCOMPARE(scales, (QStringList{"n", "s", "m", "l", "x"}));
    // Its summary line ends with the tag; another family's does not.
    QTRY_VERIFY_WITH_TIMEOUT(!picker->isSummarizing() && picker->summaryText().contains("YOLO26n"), 20000);
    QVERIFY2(picker->summaryText().endsWith(" · Ultralytics' current default"), qPrintable(picker->summaryText()));
    form.applyValues({{"model", "yolo11s.yaml"}}, "Model");
    QCOMPARE(family->currentText(), QString("YOLO11"));
    QTRY_VERIFY_WITH_TIMEOUT(!picker->isSummarizing() && picker->summaryText().contains("YOLO11s"), 20000);
    QVERIFY(!picker->summaryText().contains("default"));
    // The heading follows the language.
    ys::test::MarkingTranslator marking;
    QCoreApplication::installTranslator(&marking);
    QCoreApplication::processEvents();
    QCOMPARE(family->itemText(0), QString("»Ultralytics' current default"));
    QCoreApplication::removeTranslator(&marking);
    QCoreApplication::processEvents();
}

void TestConfigForm::modelsPassTheTester()
{
    ConfigForm form;
    QAbstractItemModelTester keptTester(form.keptModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(form.loadFile(dataFile("ultralytics-8.3.112-args.yaml")));
    QVERIFY(form.keptModel()->rowCount() >= 50);   // the Ultralytics-only keys of its 104 lines
    QCOMPARE(form.keptModel()->index(0, KeptEntriesModel::Key).data().toString(), QString("task"));
    QCOMPARE(form.keptModel()->index(0, KeptEntriesModel::Value).data().toString(), QString("detect"));
    QCOMPARE(form.keptModel()->index(0, KeptEntriesModel::Line).data().toInt(), 1);
    QVERIFY(form.loadFile(dataFile("yolov9-hyp.scratch-high.yaml")));
    QCOMPARE(form.keptModel()->rowCount(), 6);

    DevicePicker picker;
    QAbstractItemModelTester deviceTester(picker.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy refreshed(&picker, &DevicePicker::refreshed);
    QTRY_VERIFY_WITH_TIMEOUT(!picker.isRefreshing(), 10000);
    picker.setDevice("3");
    picker.setDevice("4");
    picker.setDevice("cpu");
    const int before = static_cast<int>(refreshed.count());
    picker.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(static_cast<int>(refreshed.count()), before + 1, 10000);
}


void TestConfigForm::retranslatesOnLanguageChange()
{
    ConfigForm form;
    form.applyValues({{"mosaic", "0.5"}}, "Edit");
    ys::test::MarkingTranslator marking;
    QCoreApplication::installTranslator(&marking);  // sends LanguageChange to every widget
    QCoreApplication::processEvents();
    bool labelMarked = false;
    for (QLabel* l : form.findChildren<QLabel*>())
        if (l->text() == QStringLiteral("»Initial learning rate"))
            labelMarked = true;
    QVERIFY(labelMarked);
    QVERIFY(form.sectionSummary(Group::Augment).startsWith(QStringLiteral("»")));
    QVERIFY(qobject_cast<QSpinBox*>(form.editor("imgsz"))->suffix().startsWith(QStringLiteral("»")));
    // The reason beside a field is translated too (no dataset yet).
    QVERIFY2(form.errorText("data").startsWith(QStringLiteral("»no dataset")), qPrintable(form.errorText("data")));
    bool reasonShown = false;
    for (QLabel* l : form.findChildren<QLabel*>())
        if (l->text().contains(QStringLiteral("»no dataset")))
            reasonShown = true;
    QVERIFY(reasonShown);
    QCoreApplication::removeTranslator(&marking);
    QCoreApplication::processEvents();
    bool english = false;
    for (QLabel* l : form.findChildren<QLabel*>())
        if (l->text() == QStringLiteral("Initial learning rate"))
            english = true;
    QVERIFY(english);
}

QTEST_MAIN(TestConfigForm)
#include "test_configform.moc"

// The stage table and the text form: a preset fills the table, a table edit changes the config's stages and the
// line, the line changes the table, undo goes back, and args.yaml round-trips.
void TestConfigForm::stageTableEditsTheStages()
{
    ConfigForm form;
    form.applyValues({{"data", "d.yaml"}}, "Setup");
    StageEditor* editor = form.stageEditor();
    QVERIFY(editor);
    QCOMPARE(form.editor("stages"), editor->line());
    StageTableModel* model = editor->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model->rowCount(), 0);   // no stages: one stage of imgsz, batch, epochs
    QVERIFY(!editor->findChild<QLabel*>("stagesEmptyHint")->isHidden());

    // The staged preset fills the table, and the line shows the same stages as text.
    QVERIFY(form.applyPreset("staged"));
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(model->index(0, StageTableModel::ImgszColumn).data().toString(), QString("320"));
    QCOMPARE(model->index(0, StageTableModel::BatchColumn).data().toString(), QString("32"));
    QCOMPARE(model->index(0, StageTableModel::EpochsColumn).data().toString(), QString("10"));
    QCOMPARE(model->index(1, StageTableModel::BatchColumn).data().toString(), QString("auto"));
    QCOMPARE(model->index(2, StageTableModel::OverridesColumn).data().toString(), QString("mosaic=0.0"));
    QCOMPARE(model->headerData(2, Qt::Vertical).toInt(), 3);
    QCOMPARE(editor->line()->text(), value(form, "stages"));
    QVERIFY(editor->findChild<QLabel*>("stagesEmptyHint")->isHidden());

    // A cell edited as the table's delegate commits it: the config's stages, its epochs and the line follow,
    // as one undo step.
    QSignalSpy changed(&form, &ConfigForm::configChanged);
    QVERIFY(model->setData(model->index(1, StageTableModel::ImgszColumn), "608"));
    QCOMPARE(value(form, "stages"), QString("320x32:10,608xauto:80,640xauto:10:mosaic=0.0"));
    QCOMPARE(editor->line()->text(), value(form, "stages"));
    QVERIFY(!changed.isEmpty());
    QVERIFY(model->setData(model->index(2, StageTableModel::OverridesColumn), "mosaic = 0, mixup=0.1"));
    QCOMPARE(value(form, "stages"), QString("320x32:10,608xauto:80,640xauto:10:mosaic=0.0:mixup=0.1"));
    QCOMPARE(model->index(2, StageTableModel::OverridesColumn).data().toString(), QString("mosaic=0.0, mixup=0.1"));
    QVERIFY(model->setData(model->index(0, StageTableModel::EpochsColumn), "5"));
    QCOMPARE(value(form, "epochs"), QString("95"));   // the stages' total
    QVERIFY(form.undoStack()->undoText().contains("Stages"));
    form.undoStack()->undo();
    QCOMPARE(value(form, "epochs"), QString("100"));
    QCOMPARE(model->index(0, StageTableModel::EpochsColumn).data().toString(), QString("10"));
    form.undoStack()->undo();
    QCOMPARE(model->index(2, StageTableModel::OverridesColumn).data().toString(), QString("mosaic=0.0"));
    QCOMPARE(editor->line()->text(), QString("320x32:10,608xauto:80,640xauto:10:mosaic=0.0"));

    // The line typed as a user does: the table follows each text that reads as stages.
    editor->line()->selectAll();
    QTest::keyClicks(editor->line(), "320x16:5,640x8:7");
    QCOMPARE(value(form, "stages"), QString("320x16:5,640x8:7"));
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->index(1, StageTableModel::BatchColumn).data().toString(), QString("8"));
    QCOMPARE(model->index(1, StageTableModel::EpochsColumn).data().toString(), QString("7"));
    QVERIFY(form.isValid());

    // args.yaml round trip: saved and loaded into another form, the table holds the same rows.
    QTemporaryDir dir;
    const QString path = dir.filePath("args.yaml");
    QVERIFY(form.saveFile(path));
    ConfigForm other;
    QVERIFY(other.loadFile(path));
    QVERIFY(other.stageEditor()->model()->rows() == model->rows());
    QCOMPARE(value(other, "stages"), QString("320x16:5,640x8:7"));

    // An empty table is one stage.
    editor->table()->setCurrentIndex(model->index(0, 0));
    editor->removeRow();
    editor->removeRow();
    QCOMPARE(model->rowCount(), 0);
    QCOMPARE(value(form, "stages"), QString());
    QVERIFY(form.config().stages.empty());
    QVERIFY(editor->line()->text().isEmpty());
}

// A row the engine rejects: the config keeps its stages, the bad cell carries the reason, the form has a
// problem naming the stage and the key (so the Train page blocks Start), and fixing the cell clears it.
void TestConfigForm::badStageRowBlocksWithItsReason()
{
    ConfigForm form;
    form.applyValues({{"data", "d.yaml"}, {"stages", "320x32:10,640xauto:80"}}, "Setup");
    QVERIFY(form.isValid());
    StageTableModel* model = form.stageEditor()->model();
    QSignalSpy validity(&form, &ConfigForm::validityChanged);
    QVERIFY(model->setData(model->index(1, StageTableModel::ImgszColumn), "650"));
    QCOMPARE(validity.count(), 1);
    QVERIFY(!form.isValid());
    QCOMPARE(value(form, "stages"), QString("320x32:10,640xauto:80"));   // the last valid stages
    const QString reason = form.errorText("stages");
    QVERIFY2(reason.contains("stage 2") && reason.contains("imgsz") && reason.contains("multiple of 32"), qPrintable(reason));
    QCOMPARE(form.problems().size(), size_t(1));
    QCOMPARE(form.problems().front().key, std::string("stages"));
    QCOMPARE(model->index(1, StageTableModel::ImgszColumn).data(StageTableModel::ProblemRole).toString(), reason);
    QVERIFY(model->index(1, StageTableModel::ImgszColumn).data(Qt::BackgroundRole).isValid());
    QVERIFY(model->index(1, StageTableModel::BatchColumn).data(StageTableModel::ProblemRole).toString().isEmpty());
    QVERIFY(model->index(0, StageTableModel::ImgszColumn).data(StageTableModel::ProblemRole).toString().isEmpty());
    QCOMPARE(form.stageEditor()->line()->text(), QString("320x32:10,650xauto:80"));   // the draft, as text
    // Another key's undo step leaves the row being fixed alone.
    form.applyValues({{"lr0", "0.02"}}, "lr");
    form.undoStack()->undo();
    QVERIFY(!form.isValid());
    QCOMPARE(model->index(1, StageTableModel::ImgszColumn).data().toString(), QString("650"));
    // An override the stage may not set, and one with a bad value: the overrides cell.
    QVERIFY(model->setData(model->index(1, StageTableModel::ImgszColumn), "640"));
    QVERIFY(form.isValid());
    QCOMPARE(validity.count(), 2);
    QVERIFY(model->setData(model->index(0, StageTableModel::OverridesColumn), "lr0=0.1"));
    QVERIFY(!form.isValid());
    QVERIFY(form.errorText("stages").contains("stage 1"));
    QVERIFY(!model->index(0, StageTableModel::OverridesColumn).data(StageTableModel::ProblemRole).toString().isEmpty());
    QVERIFY(model->setData(model->index(0, StageTableModel::OverridesColumn), "mosaic=2"));
    QVERIFY(form.errorText("stages").contains("mosaic"));
    QVERIFY(model->setData(model->index(0, StageTableModel::OverridesColumn), "mosaic=0"));
    QVERIFY(form.isValid());
    QCOMPARE(value(form, "stages"), QString("320x32:10:mosaic=0.0,640xauto:80"));
    // Bad text typed on the line is a problem too; the table keeps the last valid rows.
    form.stageEditor()->line()->selectAll();
    QTest::keyClicks(form.stageEditor()->line(), "320x32");
    QVERIFY(!form.isValid());
    QVERIFY(form.errorText("stages").contains("not a stage"));
    QCOMPARE(model->rowCount(), 2);
}

// Insert, Delete, Alt+Up/Down on the table; the column widths are remembered.
void TestConfigForm::stageTableKeysAndColumns()
{
    ConfigForm form;
    form.applyValues({{"data", "d.yaml"}, {"imgsz", "512"}, {"epochs", "30"}}, "Setup");
    QTableView* table = form.stageEditor()->table();
    StageTableModel* model = form.stageEditor()->model();
    QTest::keyClick(table, Qt::Key_Insert);   // the first stage: the run as it is
    QCOMPARE(value(form, "stages"), QString("512x16:30"));
    QCOMPARE(value(form, "epochs"), QString("30"));
    table->setCurrentIndex(model->index(0, 0));
    QTest::keyClick(table, Qt::Key_Insert);   // after it, a copy of its size and batch
    QCOMPARE(value(form, "stages"), QString("512x16:30,512x16:10"));
    QVERIFY(model->setData(model->index(1, StageTableModel::ImgszColumn), "320"));
    QCOMPARE(table->currentIndex().row(), 1);
    QTest::keyClick(table, Qt::Key_Up, Qt::AltModifier);
    QCOMPARE(value(form, "stages"), QString("320x16:10,512x16:30"));
    QCOMPARE(table->currentIndex().row(), 0);
    QTest::keyClick(table, Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(value(form, "stages"), QString("512x16:30,320x16:10"));
    QTest::keyClick(table, Qt::Key_Delete);
    QCOMPARE(value(form, "stages"), QString("512x16:30"));
    form.undoStack()->undo();
    QCOMPARE(value(form, "stages"), QString("512x16:30,320x16:10"));
    QCOMPARE(model->rowCount(), 2);

    table->horizontalHeader()->resizeSection(StageTableModel::ImgszColumn, 123);
    ConfigForm other;
    QCOMPARE(other.stageEditor()->table()->columnWidth(StageTableModel::ImgszColumn), 123);
}
