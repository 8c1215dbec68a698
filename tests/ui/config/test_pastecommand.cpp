// "Paste a Command…" on the Train page: the issue's YOLOv9 command (and Ultralytics' Python example) pasted, previewed (what maps, from which
// flag, what does not and why), applied to the setup form as one undoable step with the changed keys marked,
// and "Apply and Fit" asking for the fit of the result. Children are found by object name.
#include "import/commandimport.h"
#include "markingtranslator.h"
#include "ui/config/configform.h"
#include "ui/config/devicepicker.h"
#include "ui/config/pastecommanddialog.h"
#include "ui/train/trainpage.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

using namespace ys::ui;

namespace {

const QString kIssueCommand =
    "python train_dual.py --workers 8 --device 0 --batch 32 --data data.yaml --img 640 --cfg "
    "models/detect/yolov9-s.yaml --weights '' --hyp hyp.scratch-high.yaml --epochs 20 --close-mosaic 15";

// The page's dialog after "Paste a Command…" (opened window-modal, not blocking).
PasteCommandDialog* openDialog(TrainPage& page)
{
    auto* action = page.findChild<QAction*>(QStringLiteral("pasteCommandAction"));
    if (!action || !action->isEnabled())
        return nullptr;
    action->trigger();
    return page.findChild<PasteCommandDialog*>(QStringLiteral("PasteCommandDialog"));
}

template <typename T>
T* child(QWidget* parent, const char* name)
{
    return parent ? parent->findChild<T*>(QLatin1String(name)) : nullptr;
}

// The table's rows as "column0 | column1 | ...".
QStringList rows(const QTableWidget* table)
{
    QStringList out;
    for (int r = 0; r < table->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < table->columnCount(); ++c)
            cells << (table->item(r, c) ? table->item(r, c)->text() : QString());
        out << cells.join(QStringLiteral(" | "));
    }
    return out;
}

// The mapped table's row of `key` (found by the key the first cell carries).
QStringList mappedRow(const QTableWidget* table, const QString& key)
{
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->data(Qt::UserRole).toString() == key)
            return {table->item(r, 1)->text(), table->item(r, 2)->text(), table->item(r, 3)->text()};
    return {};
}

}  // namespace

class TestPasteCommand final : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::clipboard()->clear();
    }

    void issueCommandFillsTheFormAndUndoRestoresIt()
    {
        TrainPage page;
        page.setDataset(QStringLiteral("/datasets/open/data.yaml"));
        auto* form = page.findChild<ConfigForm*>();
        QVERIFY(form);
        const ys::TrainConfig before = form->config();
        const int stepsBefore = form->undoStack()->count();

        PasteCommandDialog* dialog = openDialog(page);
        QVERIFY(dialog);
        auto* edit = child<QPlainTextEdit>(dialog, "commandEdit");
        auto* mapped = child<QTableWidget>(dialog, "mappedTable");
        auto* skipped = child<QTableWidget>(dialog, "skippedTable");
        auto* status = child<QLabel>(dialog, "statusLabel");
        auto* apply = child<QPushButton>(dialog, "applyButton");
        QVERIFY(edit && mapped && skipped && status && apply);
        QVERIFY(!apply->isEnabled());  // nothing pasted yet
        edit->setPlainText(kIssueCommand + " --sync-bn --noplots");

        // The preview as the user reads it: value and source flag per setting, notes, and what is left out.
        QVERIFY2(status->text().startsWith("Read the YOLOv9 command (train_dual.py): "), qPrintable(status->text()));
        QCOMPARE(mappedRow(mapped, "batch").mid(0, 2), (QStringList{"32", "--batch 32"}));
        QCOMPARE(mappedRow(mapped, "imgsz").mid(0, 2), (QStringList{"640", "--img 640"}));
        QCOMPARE(mappedRow(mapped, "close_mosaic").mid(0, 2), (QStringList{"15", "--close-mosaic 15"}));
        const QStringList model = mappedRow(mapped, "model");
        QCOMPARE(model.mid(0, 2), (QStringList{"yolov9s.yaml", "--cfg models/detect/yolov9-s.yaml"}));
        QVERIFY2(model[2].contains("is the built-in model yolov9s.yaml"), qPrintable(model[2]));
        QCOMPARE(mappedRow(mapped, "optimizer").mid(0, 2), (QStringList{"SGD", "train_dual.py"}));
        QVERIFY(mappedRow(mapped, "data").isEmpty());
        const QStringList left = rows(skipped);
        QVERIFY2(left.contains("--noplots | logging, plots or uploads only; nothing to carry over"),
                 qPrintable(left.join('\n')));
        QCOMPARE(mappedRow(mapped, "sync_bn").mid(0, 2), (QStringList{"true", "--sync-bn"}));
        QVERIFY2(left.filter(QRegularExpression("^--data data.yaml \\| the Train page trains on the dataset")).size() == 1,
                 qPrintable(left.join('\n')));
        QVERIFY(apply->isEnabled());
        QVERIFY(!child<QPushButton>(dialog, "applyFitButton")->isEnabled());  // no Fit dialog in this page

        QSignalSpy closed(dialog, &QDialog::finished);
        apply->click();
        QCOMPARE(closed.count(), 1);
        QCOMPARE(dialog->result(), int(QDialog::Accepted));

        // The form has the command's settings, marked as changed; the open dataset stays.
        const ys::TrainConfig after = form->config();
        QCOMPARE(after.batch, 32);
        QCOMPARE(after.imgsz, 640);
        QCOMPARE(after.epochs, 20);
        QCOMPARE(after.close_mosaic, 15);
        QCOMPARE(after.device, std::string("0"));
        QCOMPARE(after.model, std::string("yolov9s.yaml"));
        QCOMPARE(after.workers, 8);
        QCOMPARE(after.optimizer, std::string("SGD"));
        QCOMPARE(after.mixup, 0.15);
        QCOMPARE(after.data, before.data);
        for (const char* key : {"batch", "epochs", "close_mosaic", "device", "model", "optimizer", "mixup"})
            QVERIFY2(form->isChanged(QString::fromLatin1(key)), key);
        QVERIFY(!form->isChanged("workers"));  // 8 is the default: set, but no change to mark

        // One undo step puts every value back; redo applies them again.
        QCOMPARE(form->undoStack()->count(), stepsBefore + 1);
        QCOMPARE(form->undoStack()->undoText(), QStringLiteral("Paste Command"));
        form->undoStack()->undo();
        QCOMPARE(form->config().toYaml(), before.toYaml());
        QVERIFY(!form->isChanged("close_mosaic"));
        form->undoStack()->redo();
        QCOMPARE(form->config().toYaml(), after.toYaml());
    }

    void applyAndFitAsksForTheFit()
    {
        TrainPage page;
        page.setFitAvailable(true);
        QSignalSpy fit(&page, &TrainPage::fitRequested);
        PasteCommandDialog* dialog = openDialog(page);
        QVERIFY(dialog);
        child<QPlainTextEdit>(dialog, "commandEdit")
            ->setPlainText("yolo detect train data=coco8.yaml model=yolov8s.pt epochs=3 imgsz=320 batch=-1 "
                           "resume=runs/a/weights/last.pt");
        QVERIFY(rows(child<QTableWidget>(dialog, "skippedTable"))
                    .filter(QRegularExpression("^resume=runs/a/weights/last.pt \\| a run is resumed from the Runs page"))
                    .size() == 1);
        auto* applyFit = child<QPushButton>(dialog, "applyFitButton");
        QVERIFY(applyFit && applyFit->isEnabled());
        applyFit->click();
        QCOMPARE(fit.count(), 1);
        const auto config = fit.first().first().value<ys::TrainConfig>();
        QCOMPARE(config.model, std::string("yolov8s.pt"));
        QCOMPARE(config.imgsz, 320);
        QCOMPARE(config.batch, -1);
        QCOMPARE(config.epochs, 3);
        QVERIFY(config.resume.empty());
    }

    void pythonCodeFillsTheForm()
    {
        // Ultralytics' documentation example, pasted from a notebook: the sources are the code as written.
        TrainPage page;
        auto* form = page.findChild<ConfigForm*>();
        PasteCommandDialog* dialog = openDialog(page);
        QVERIFY(dialog);
        child<QPlainTextEdit>(dialog, "commandEdit")
            ->setPlainText("from ultralytics import YOLO\n\nmodel = YOLO(\"yolov8n.pt\")\n"
                           "results = model.train(data=\"coco128.yaml\", epochs=50, imgsz=320, batch=16,\n"
                           "                      workers=os.cpu_count(), colour=\"red\")\n");
        auto* status = child<QLabel>(dialog, "statusLabel");
        QVERIFY2(status->text().startsWith("Read the Ultralytics command (model.train()): "), qPrintable(status->text()));
        auto* mapped = child<QTableWidget>(dialog, "mappedTable");
        QCOMPARE(mappedRow(mapped, "epochs").mid(0, 2), (QStringList{"50", "epochs=50"}));
        QCOMPARE(mappedRow(mapped, "model").mid(0, 2), (QStringList{"yolov8n.pt", "YOLO(\"yolov8n.pt\")"}));
        const QStringList left = rows(child<QTableWidget>(dialog, "skippedTable"));
        QVERIFY2(left.contains("workers=os.cpu_count() | a Python expression, not evaluated here; only literal values "
                               "(numbers, strings, True, False, None, lists) are read"),
                 qPrintable(left.join('\n')));
        QVERIFY2(left.contains("colour=\"red\" | not a setting of Ultralytics' trainer"), qPrintable(left.join('\n')));
        QVERIFY(left.filter(QRegularExpression("^data=\"coco128.yaml\" \\| the Train page trains on")).size() == 1);
        child<QPushButton>(dialog, "applyButton")->click();
        const ys::TrainConfig after = form->config();
        QCOMPARE(after.model, std::string("yolov8n.pt"));
        QCOMPARE(after.epochs, 50);
        QCOMPARE(after.imgsz, 320);
        QCOMPARE(after.batch, 16);
        // A syntax error says where (the applied dialog deleted first: it closes with WA_DeleteOnClose).
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(!page.findChild<PasteCommandDialog*>());
        dialog = openDialog(page);
        QVERIFY(dialog);
        child<QPlainTextEdit>(dialog, "commandEdit")->setPlainText("model = YOLO('yolov8n.pt')\nmodel.train(epochs=3,\n");
        QCOMPARE(child<QLabel>(dialog, "statusLabel")->text(),
                 QStringLiteral("Line 2: a string or bracket that starts there is not closed."));
        QVERIFY(!child<QPushButton>(dialog, "applyButton")->isEnabled());
        dialog->reject();
    }

    void cancelAndBadCommandsChangeNothing()
    {
        TrainPage page;
        auto* form = page.findChild<ConfigForm*>();
        const std::string before = form->config().toYaml();
        PasteCommandDialog* dialog = openDialog(page);
        QVERIFY(dialog);
        auto* edit = child<QPlainTextEdit>(dialog, "commandEdit");
        auto* status = child<QLabel>(dialog, "statusLabel");
        auto* apply = child<QPushButton>(dialog, "applyButton");
        edit->setPlainText("python detect.py --weights best.pt");
        QVERIFY2(status->text().startsWith("This is no training command"), qPrintable(status->text()));
        QVERIFY(!apply->isEnabled());
        edit->setPlainText("python train.py --name 'open");
        QCOMPARE(status->text(), QStringLiteral("Line 1, column 24: this quote is not closed."));
        QVERIFY(!apply->isEnabled());
        edit->setPlainText("python train.py --epochs 3");
        QVERIFY(apply->isEnabled());
        dialog->reject();
        QCOMPARE(form->config().toYaml(), before);
    }

    void commandEpochsWinOverTheSetupsStages()
    {
        // Stages left in the form add up to 100 epochs; the pasted command trains 20 (issue 26: its epochs
        // were dropped). The stages are cleared, the summary says so, and the setup is valid after Apply.
        TrainPage page;
        ConfigForm* form = page.form();
        QVERIFY(form->applyValues({{"stages", "320x32:10,640xauto:90"}}, QStringLiteral("Stages")).empty());
        QCOMPARE(form->config().epochs, 100);
        PasteCommandDialog* dialog = openDialog(page);
        QVERIFY(dialog);
        child<QPlainTextEdit>(dialog, "commandEdit")->setPlainText("python train.py --data d.yaml --epochs 20");
        auto* mapped = child<QTableWidget>(dialog, "mappedTable");
        QCOMPARE(mappedRow(mapped, "epochs").mid(0, 2), (QStringList{"20", "--epochs 20"}));
        QCOMPARE(mappedRow(mapped, "stages").mid(0, 2), (QStringList{"", "--epochs 20"}));
        const QString notes = child<QLabel>(dialog, "notesLabel")->text();
        QVERIFY2(notes.contains("ℹ the setup's stages (320x32:10,640xauto:90) were cleared: the command's --epochs 20 "
                                "counts, and its run is one stage"),
                 qPrintable(notes));
        QVERIFY(rows(child<QTableWidget>(dialog, "skippedTable")).filter(QStringLiteral("--epochs")).isEmpty());
        child<QPushButton>(dialog, "applyButton")->click();
        QCOMPARE(form->config().epochs, 20);
        QVERIFY(form->config().stages.empty());
        QVERIFY2(form->errorText("epochs").isEmpty(), qPrintable(form->errorText("epochs")));
        QVERIFY(form->errorText("stages").isEmpty());
    }

    void missingGpusAreWarnedAndYolo26Imports()
    {
        // The device picker's list (a test machine has no GPU 6 or 7) reaches the import; the warning comes
        // first, marked ⚠. YOLO26 weights are imported as any other checkpoint, with no warning.
        TrainPage page;
        DevicePicker* picker = page.form()->devicePicker();
        QVERIFY(picker);
        QTRY_VERIFY_WITH_TIMEOUT(!picker->model()->devices().empty(), 60000);
        PasteCommandDialog* dialog = openDialog(page);
        QVERIFY(dialog);
        child<QPlainTextEdit>(dialog, "commandEdit")
            ->setPlainText("yolo detect train data=d.yaml model=yolo26n.pt device=6,7 epochs=3");
        const QStringList notes = child<QLabel>(dialog, "notesLabel")->text().split('\n');
        QVERIFY2(notes[0].startsWith("⚠ device=6,7: this machine has no GPU 6, 7 (its devices: cpu"), qPrintable(notes[0]));
        QCOMPARE(notes.filter(QStringLiteral("⚠")).size(), 1);
        QVERIFY2(notes.filter(QStringLiteral("YOLO26")).isEmpty(), qPrintable(notes.join('\n')));
        // Still imported as the command has them: the user decides.
        QTableWidget* mapped = child<QTableWidget>(dialog, "mappedTable");
        QCOMPARE(mappedRow(mapped, "device").mid(0, 2), (QStringList{"6,7", "device=6,7"}));
        QCOMPARE(mappedRow(mapped, "model").mid(0, 2), (QStringList{"yolo26n.pt", "model=yolo26n.pt"}));
        dialog->reject();
    }

    void everyNoteIsTranslated()
    {
        // Each code of core's catalogue goes through tr(): none falls back to core's English.
        ys::test::MarkingTranslator marker;
        QCoreApplication::installTranslator(&marker);
        for (const ys::ImportNoteCode& c : ys::importNoteCodes()) {
            const ys::ImportNote note{c.code, {"a", "b", "c"}};
            // A reason's own message (a bad value, an unreadable file) is core's, not ours.
            const bool message = note.code == "import.bad_value" || note.code == "import.hyp_unreadable";
            QVERIFY2(message || PasteCommandDialog::noteBody(note).startsWith(QStringLiteral("»")), c.code);
            QVERIFY2(PasteCommandDialog::noteText(note).startsWith(QStringLiteral("»")), c.code);
        }
        QCoreApplication::removeTranslator(&marker);
        // And in English they say what core says.
        for (const ys::ImportNoteCode& c : ys::importNoteCodes()) {
            const ys::ImportNote note{c.code, {"a", "b", "c"}};
            QCOMPARE(PasteCommandDialog::noteText(note), QString::fromStdString(ys::importNoteText(note)));
        }
    }
};

QTEST_MAIN(TestPasteCommand)
#include "test_pastecommand.moc"
