// The label review in the studio (issue 28): a real review of a run trained for one epoch on a tiny generated
// dataset, started from the Runs page, ends with RUN/review.json and its suspects listed; on a review written
// by hand (known suspects on real label files): Not a mistake hides a suspect and the mark survives a new
// window (same settings), Show hidden lists it again, Unmark clears it; Export fixes writes a new folder and
// leaves the dataset byte-identical, and refuses a folder inside it; the viewer's flip changes what is drawn.

#include "smallrun.h"
#include "testsupport.h"
#include "review/review.h"
#include "train/trainer.h"
#include "ui/dataset/datasetpage.h"
#include "ui/review/datasetreviewtab.h"
#include "ui/review/reviewcanvas.h"
#include "ui/review/reviewdialog.h"
#include "ui/review/suspectmodel.h"
#include "ui/review/suspectsview.h"
#include "ui/runs/runlistcontroller.h"
#include "ui/runs/runlistmodel.h"
#include "ui/runs/runspage.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSettings>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace ys::ui;

class TestUiReview final : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void reviewsARunFromTheRunsPage();
    void notAMistakeHidesAndIsRemembered();
    void exportFixesWritesANewFolderOnly();
    void flipChangesWhatIsDrawn();
    void datasetPageShowsTheReview();

private:
    // A run folder with a review.json written by hand over the shapes dataset's first validation image.
    QString handRun();
    bool openHandReview(ReviewDialog& dialog, const QString& run);

    QTemporaryDir tmp_;
    QString data_, project_;
};

void TestUiReview::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("YoloStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_ui_review"));
    QVERIFY(tmp_.isValid());
    data_ = ys::test::writeShapesDataset(tmp_.filePath("shapes"), 4, 64, 64);
    QVERIFY(!data_.isEmpty());
    project_ = tmp_.filePath("project");
}

void TestUiReview::init()
{
    QSettings().clear();
}

void TestUiReview::reviewsARunFromTheRunsPage()
{
    ys::TrainConfig c = ys::test::smallRunConfig(data_, project_, "exp");
    c.imgsz = 64;
    c.batch = 2;
    c.epochs = 1;
    c.workers = 0;
    ys::TrainCallbacks quiet;
    quiet.onLog = [](const std::string&) {};
    auto trained = ys::train(c, quiet);
    QVERIFY2(trained.ok(), trained.ok() ? "" : trained.error().toString().c_str());
    const QString run = QDir::cleanPath(project_ + "/exp");

    RunsPage page;
    QSignalSpy listed(page.controller(), &RunListController::listed);
    page.setProjectFolder(project_);
    QVERIFY(!listed.isEmpty() || listed.wait(30000));
    QVERIFY(page.openRun(run));
    auto* action = page.findChild<QAction*>(QStringLiteral("reviewAction"));
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    action->trigger();
    ReviewDialog* dialog = page.reviewDialog();
    QVERIFY(dialog);
    QCOMPARE(dialog->runDir(), run);
    QVERIFY(!QFileInfo::exists(run + "/review.json"));

    QSignalSpy reviewed(&page, &RunsPage::reviewed);
    QVERIFY(dialog->startReview(ys::ReviewSplit::Val));
    QVERIFY(dialog->reviewing());
    QVERIFY(!dialog->startReview(ys::ReviewSplit::Val));   // one at a time
    QVERIFY2(reviewed.wait(300000), qPrintable(dialog->message()));
    QCOMPARE(reviewed.at(0).at(0).toString(), run + "/review.json");
    QVERIFY(QFileInfo::exists(run + "/review.json"));
    QVERIFY(!dialog->reviewing());
    const auto saved = ys::loadReview((run + "/review.json").toStdString());
    QVERIFY(saved.ok());
    QVERIFY(dialog->review());
    QCOMPARE(dialog->review()->suspects.size(), saved->suspects.size());
    QCOMPARE(dialog->suspects()->model()->rowCount(), static_cast<int>(saved->suspects.size()));
    QCOMPARE(QFileInfo(QString::fromStdString(saved->weights)).fileName(), QString("best.pt"));
    QVERIFY(!saved->images.empty());
    qInfo("review of a one-epoch run: %zu images, %zu suspects", saved->images.size(), saved->suspects.size());
    // A one-epoch model finds almost none of the labels: the list says its suspects are mostly its own mistakes.
    QVERIFY(ys::reviewFoundShare(*saved) >= 0 && ys::reviewFoundShare(*saved) < ys::kWeakReviewShare);
    QVERIFY(dialog->suspects()->weakModelWarning().contains(QStringLiteral("finds only")));
    auto* weak = dialog->suspects()->findChild<QLabel*>(QStringLiteral("reviewWeakModel"));
    QVERIFY(weak && !weak->isHidden());

    // A new window on the run shows the saved review at once.
    ReviewDialog again;
    QSignalSpy shown(&again, &ReviewDialog::reviewShown);
    again.setRun(run, data_, run + "/weights/best.pt");
    QVERIFY(shown.wait(30000));
    QCOMPARE(again.suspects()->model()->rowCount(), static_cast<int>(saved->suspects.size()));
}

QString TestUiReview::handRun()
{
    const auto dataset = ys::openDataset(data_.toStdString());
    if (!dataset.ok())
        return {};
    const QString run = tmp_.filePath("hand/exp");
    ys::ReviewResult r;
    r.dataYaml = dataset->spec.yamlPath;
    r.root = dataset->spec.root;
    r.weights = (run + "/weights/best.pt").toStdString();
    r.names = dataset->spec.names;
    for (const ys::ImageRecord& im : dataset->images) {
        if (im.boxes.size() < 1)
            continue;
        ys::ReviewImage ri;
        ri.image = im.image;
        ri.labelFile = im.label;
        for (const ys::LabelBox& b : im.boxes)
            ri.labels.push_back({b.cls, {b.cx - b.w / 2, b.cy - b.h / 2, b.cx + b.w / 2, b.cy + b.h / 2}, b.line});
        r.images.push_back(ri);
        break;
    }
    if (r.images.empty())
        return {};
    const ys::ReviewLabel& l = r.images[0].labels[0];
    ys::Suspect wrong;
    wrong.kind = ys::SuspectKind::WrongClass, wrong.image = 0, wrong.line = l.line, wrong.cls = l.cls;
    wrong.predictedCls = (l.cls + 1) % static_cast<int>(r.names.size()), wrong.box = l.box;
    wrong.hasSuggestion = true, wrong.suggested = l.box, wrong.conf = 0.9, wrong.iou = 0.8, wrong.score = 0.9;
    ys::Suspect missing;
    missing.kind = ys::SuspectKind::MissingLabel, missing.image = 0, missing.cls = 0, missing.predictedCls = 0;
    missing.box = missing.suggested = ys::ReviewBox{0.05f, 0.05f, 0.3f, 0.3f};
    missing.hasSuggestion = true, missing.conf = 0.8, missing.score = 0.7;
    r.suspects = {wrong, missing};
    if (ys::saveReview(r, (run + "/review.json").toStdString()))
        return {};
    return run;
}

bool TestUiReview::openHandReview(ReviewDialog& dialog, const QString& run)
{
    QSignalSpy shown(&dialog, &ReviewDialog::reviewShown);
    dialog.setRun(run, data_, run + "/weights/best.pt");
    // No calibration in the hand-made review: nothing to say about the model's strength.
    return shown.wait(30000) && dialog.suspects()->model()->rowCount() == 2 &&
           dialog.suspects()->weakModelWarning().isEmpty();
}

void TestUiReview::notAMistakeHidesAndIsRemembered()
{
    const QString run = handRun();
    QVERIFY(!run.isEmpty());
    {
        ReviewDialog dialog;
        QVERIFY(openHandReview(dialog, run));
        QCOMPARE(dialog.suspects()->model()->index(0, SuspectModel::Kind).data().toString(), QString("Wrong class"));
        QVERIFY(dialog.suspects()->model()->index(0, SuspectModel::Reason).data().toString().contains("Predicted"));
        dialog.suspects()->table()->selectRow(0);
        dialog.suspects()->markSelected(ReviewMarks::NotAMistake);
        QCOMPARE(dialog.suspects()->model()->rowCount(), 1);
        QCOMPARE(dialog.suspects()->model()->suspectAt(0), 1);
    }
    ReviewDialog later;   // a new window (and a restart: the same settings) still hides it
    QSignalSpy shown(&later, &ReviewDialog::reviewShown);
    later.setRun(run, data_, run + "/weights/best.pt");
    QVERIFY(shown.wait(30000));
    QCOMPARE(later.suspects()->model()->rowCount(), 1);
    later.suspects()->setShowHidden(true);
    QCOMPARE(later.suspects()->model()->rowCount(), 2);
    QCOMPARE(later.suspects()->model()->index(0, SuspectModel::Marked).data().toString(), QString("Not a mistake"));
    later.suspects()->table()->selectRow(0);
    later.suspects()->markSelected(ReviewMarks::None);
    later.suspects()->setShowHidden(false);
    QCOMPARE(later.suspects()->model()->rowCount(), 2);
    // The marks live in the studio's settings, not in the dataset's folder.
    QVERIFY(QSettings().allKeys().join(' ').contains("review/marks/"));
}

void TestUiReview::exportFixesWritesANewFolderOnly()
{
    const QString run = handRun();
    QVERIFY(!run.isEmpty());
    const QString root = QFileInfo(data_).absolutePath();
    const auto before = ys::test::hashTree(root);
    ReviewDialog dialog;
    QVERIFY(openHandReview(dialog, run));
    dialog.suspects()->table()->selectRow(0);
    dialog.suspects()->markSelected(ReviewMarks::Fixed);
    QVERIFY(!dialog.suspects()->exportFixesTo(root + "/fixed"));   // inside the dataset: refused, worded
    QVERIFY2(dialog.message().contains("never written into the dataset"), qPrintable(dialog.message()));
    QVERIFY(!QFileInfo::exists(root + "/fixed"));
    const QString out = tmp_.filePath("fixes");
    QVERIFY2(dialog.suspects()->exportFixesTo(out), qPrintable(dialog.message()));
    const ys::ReviewResult& r = *dialog.review();
    const QString rel = QDir(QString::fromStdString(r.root)).relativeFilePath(QString::fromStdString(r.images[0].labelFile));
    QFile fixed(out + "/" + rel);
    QVERIFY2(fixed.open(QIODevice::ReadOnly), qPrintable(fixed.fileName()));
    const QString firstLine = QString::fromUtf8(fixed.readLine()).trimmed();
    QCOMPARE(firstLine.section(' ', 0, 0).toInt(), r.suspects[0].predictedCls);
    QCOMPARE(ys::test::hashTree(root), before);
}

void TestUiReview::flipChangesWhatIsDrawn()
{
    const QString run = handRun();
    QVERIFY(!run.isEmpty());
    ReviewDialog dialog;
    QVERIFY(openHandReview(dialog, run));
    ReviewCanvas* canvas = dialog.suspects()->canvas();
    canvas->resize(320, 320);
    QSignalSpy image(canvas, &ReviewCanvas::imageShown);
    dialog.suspects()->table()->selectRow(1);   // the missing label: only a predicted box
    QVERIFY(image.wait(30000));
    QVERIFY(canvas->hasImage());
    QCOMPARE(canvas->suspect(), 1);
    const QImage both = canvas->grab().toImage();
    canvas->flip();
    QCOMPARE(canvas->shown(), ReviewCanvas::Show::LabelOnly);
    const QImage labelOnly = canvas->grab().toImage();
    QVERIFY(both != labelOnly);   // the predicted box (and its legend) is gone
    canvas->flip();
    QCOMPARE(canvas->shown(), ReviewCanvas::Show::PredictionOnly);
    const QImage predictionOnly = canvas->grab().toImage();
    QVERIFY(predictionOnly != labelOnly);
    QVERIFY(predictionOnly != both);   // the image's other labels (drawn faint with the label) are gone
    canvas->flip();
    QCOMPARE(canvas->shown(), ReviewCanvas::Show::Both);
}

void TestUiReview::datasetPageShowsTheReview()
{
    const QString run = handRun();
    QVERIFY(!run.isEmpty());
    DatasetPage page;
    QSignalSpy opened(&page, &DatasetPage::datasetOpened);
    page.openDataset(data_);
    QVERIFY(opened.wait(30000));
    auto* tabs = page.findChild<QTabWidget*>(QStringLiteral("bottomTabs"));
    QVERIFY(tabs);
    QCOMPARE(tabs->tabText(2), QString("Suspected label mistakes"));
    DatasetReviewTab* tab = page.reviewTab();
    QVERIFY(!tab->hasReview());

    // The shell's choice among the listed runs: the newest review of a run trained on this data.yaml.
    QCOMPARE(newestReviewOf(data_, {run, tmp_.filePath("none")}, {data_, data_}), run + "/review.json");
    QVERIFY(newestReviewOf(data_, {run}, {tmp_.filePath("other/data.yaml")}).isEmpty());

    QSignalSpy changed(tab, &DatasetReviewTab::changed);
    tab->showReviewFile(run + "/review.json");
    QVERIFY(changed.wait(30000));
    QVERIFY(tab->hasReview());
    QCOMPARE(tab->count(), 2);
    QCOMPARE(tabs->tabText(2), QString("Suspected label mistakes (2)"));
    // Not a mistake here counts at once and is the same mark the review window keeps.
    tab->suspects()->table()->selectRow(0);
    tab->suspects()->markSelected(ReviewMarks::NotAMistake);
    QCOMPARE(tabs->tabText(2), QString("Suspected label mistakes (1)"));
    ReviewDialog dialog;
    QVERIFY(!openHandReview(dialog, run));   // one of the two hidden there too
    QCOMPARE(dialog.suspects()->model()->rowCount(), 1);

    // Another dataset's review is not shown.
    DatasetPage other;
    QSignalSpy otherOpened(&other, &DatasetPage::datasetOpened);
    other.openDataset(ys::test::writeShapesDataset(tmp_.filePath("other"), 2, 64, 64));
    QVERIFY(otherOpened.wait(30000));
    QSignalSpy otherChanged(other.reviewTab(), &DatasetReviewTab::changed);
    other.reviewTab()->showReviewFile(run + "/review.json");
    QVERIFY(otherChanged.wait(30000));
    QVERIFY(!other.reviewTab()->hasReview());
}

QTEST_MAIN(TestUiReview)
#include "test_ui_review.moc"
