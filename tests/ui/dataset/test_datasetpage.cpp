// The Dataset page end to end, as a user drives it: open a dataset, thumbnails arrive, filter by class and
// by finding through the combo boxes, click a finding to see its image and box, export the result.
#include "uitestdata.h"

#include "common/config.h"
#include "ui/dataset/datasetpage.h"
#include "ui/dataset/findingsmodel.h"
#include "ui/dataset/findingsview.h"
#include "ui/dataset/imagefilterproxy.h"
#include "ui/dataset/imagelistmodel.h"
#include "ui/thumbnails/imageviewer.h"
#include "ui/thumbnails/thumbnailloader.h"
#include "ui/thumbnails/thumbnailview.h"

#include <QComboBox>
#include <QFile>
#include <QSpinBox>
#include <QTabWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

#include <algorithm>

using namespace ys::ui;

class TestDatasetPage final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void opensAndThumbnailsArrive();
    void filterByClassCombo();
    void filterByFindingCombo();
    void clickingFindingSelectsImageAndBox();
    void findingHiddenByFiltersStillShows();
    void findingsTableFiltersBySeverity();
    void exportJsonAndCsv();
    void openingMissingFileReportsError();
    void imgszFollowsTheSchema();

private:
    // The page's children, as a user sees them (found by object name).
    template <typename T>
    T* child(const char* name) const
    {
        T* c = page_->findChild<T*>(QString::fromLatin1(name));
        if (!c)
            qFatal("no child %s", name);
        return c;
    }
    ThumbnailView* grid() const { return child<ThumbnailView>("imageGrid"); }
    QAbstractItemModel* shown() const { return grid()->model(); }  // the filtered grid
    ImageViewer* viewer() const { return child<ImageViewer>("imageViewer"); }
    QTableView* findingsTable() const { return child<QTableView>("findingsTable"); }
    // Item of the Findings combo with `filter`, -1 if none.
    int problemItem(const ProblemFilter& filter) const;
    int findingRow(const QString& code) const;  // proxy row in the findings table, -1 if none

    QTemporaryDir dir_;
    ys::test::UiDataset data_;
    DatasetPage* page_ = nullptr;
    std::shared_ptr<const ys::Dataset> dataset_;  // as checkFinished delivered it
};

int TestDatasetPage::problemItem(const ProblemFilter& filter) const
{
    auto* combo = child<QComboBox>("problemFilter");
    for (int i = 0; i < combo->count(); ++i)
        if (combo->itemData(i).canConvert<ProblemFilter>() && combo->itemData(i).value<ProblemFilter>() == filter)
            return i;
    return -1;
}

void TestDatasetPage::initTestCase()
{
    QVERIFY(dir_.isValid());
    QString error;
    QVERIFY2(ys::test::writeUiDataset(dir_, &data_, &error), qPrintable(error));
    page_ = new DatasetPage;
    page_->resize(1280, 860);
    page_->show();
    QVERIFY(QTest::qWaitForWindowExposed(page_));
}

void TestDatasetPage::opensAndThumbnailsArrive()
{
    QSignalSpy opened(page_, &DatasetPage::datasetOpened);
    QSignalSpy checked(page_, &DatasetPage::checkFinished);
    QSignalSpy painted(grid(), &ThumbnailView::firstScreenPainted);
    // When the images are shown the check has started: the Findings filter says so (no idle moment between).
    QStringList problemItems;
    connect(
        page_, &DatasetPage::datasetOpened, this,
        [&] {
            auto* combo = child<QComboBox>("problemFilter");
            for (int i = 0; i < combo->count(); ++i)
                problemItems << combo->itemText(i);
        },
        Qt::SingleShotConnection);
    page_->openDataset(data_.yaml);
    QVERIFY(opened.wait(ys::test::kUiWaitMs));
    QVERIFY2(problemItems.contains(QStringLiteral("Checking…")), qPrintable(problemItems.join(u'|')));
    QCOMPARE(opened.first().at(0).toString(), data_.yaml);
    QCOMPARE(shown()->rowCount(), 80);
    QVERIFY(painted.count() > 0 || painted.wait(ys::test::kUiWaitMs));

    // Every visible cell has a decoded thumbnail that fits the cell.
    ThumbnailView* view = grid();
    auto* loader = view->findChild<ThumbnailLoader*>(QStringLiteral("thumbnailLoader"));
    QVERIFY(loader);
    const auto [first, last] = view->visibleRows();
    QVERIFY(first == 0 && last > 0);
    for (int r = first; r <= last; ++r) {
        const QPixmap pm = loader->thumbnail(shown()->index(r, 0).data(ImageListModel::PathRole).toString());
        QVERIFY(!pm.isNull());
        QVERIFY(pm.width() <= ThumbnailView::kThumbWidth && pm.height() <= ThumbnailView::kThumbHeight);
    }
    // The first image is selected and shown in the viewer.
    QCOMPARE(viewer()->imageIndex(), 0);

    QVERIFY(checked.count() > 0 || checked.wait(ys::test::kUiWaitMs));
    QVERIFY(page_->hasCheckResult());
    // The signal carries the dataset and its result (the Train page trains on them).
    dataset_ = checked.first().at(0).value<std::shared_ptr<const ys::Dataset>>();
    const auto result = checked.first().at(1).value<std::shared_ptr<const ys::CheckResult>>();
    QVERIFY(dataset_ && result);
    QCOMPARE(dataset_->images.size(), size_t(80));
    QCOMPARE(findingsTable()->model()->rowCount(), static_cast<int>(result->findings.size()));
    QVERIFY(result->findings.size() >= 2);
    QVERIFY(page_->statusText().contains(QStringLiteral("80 images")));
    QVERIFY(page_->pageActions().last()->isEnabled());  // Export Check Result…
}

void TestDatasetPage::filterByClassCombo()
{
    auto* combo = child<QComboBox>("classFilter");
    const int item = combo->findData(2);
    QVERIFY(item > 0);
    int expected = 0;
    for (const auto& r : dataset_->images)
        expected += std::any_of(r.boxes.begin(), r.boxes.end(), [](const ys::LabelBox& b) { return b.cls == 2; });
    // The combo tells the user how many images contain the class.
    QVERIFY2(combo->itemText(item).endsWith(QStringLiteral("(%1)").arg(expected)), qPrintable(combo->itemText(item)));
    combo->setCurrentIndex(item);
    QCOMPARE(shown()->rowCount(), expected);
    QVERIFY(expected < 80);
    QVERIFY(page_->statusText().contains(QStringLiteral("%1 shown").arg(expected)));
    combo->setCurrentIndex(0);
    QCOMPARE(shown()->rowCount(), 80);
}

void TestDatasetPage::filterByFindingCombo()
{
    auto* combo = child<QComboBox>("problemFilter");
    const int item = problemItem(ProblemFilter::findingCode("label.class_range"));
    QVERIFY2(item > 0, "the finding filter lists the codes found");
    QVERIFY(combo->itemText(item).endsWith(QStringLiteral("(1)")));
    combo->setCurrentIndex(item);
    QCOMPARE(shown()->rowCount(), 1);
    QCOMPARE(shown()->index(0, 0).data(ImageListModel::PathRole).toString(), data_.classRangeImage);

    const int any = problemItem(ProblemFilter::anyFinding());
    combo->setCurrentIndex(any);
    const int withProblems = shown()->rowCount();
    QVERIFY(withProblems >= 2);
    // The count in the combo is the count of images it shows (the index built with the check).
    QVERIFY2(combo->itemText(any).endsWith(QStringLiteral("(%1)").arg(withProblems)), qPrintable(combo->itemText(any)));
    combo->setCurrentIndex(problemItem(ProblemFilter::clean()));
    QCOMPARE(shown()->rowCount(), 80 - withProblems);
    const int category = problemItem(ProblemFilter::category(ys::ProblemLabelFormat));
    QVERIFY(category > 0);
    combo->setCurrentIndex(category);
    QVERIFY(combo->itemText(category).endsWith(QStringLiteral("(%1)").arg(shown()->rowCount())));
    combo->setCurrentIndex(0);
    QCOMPARE(shown()->rowCount(), 80);
}

int TestDatasetPage::findingRow(const QString& code) const
{
    const QAbstractItemModel* m = findingsTable()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, FindingsModel::CodeColumn).data().toString() == code)
            return r;
    return -1;
}

void TestDatasetPage::clickingFindingSelectsImageAndBox()
{
    const int row = findingRow(QStringLiteral("box.near_duplicate"));
    QVERIFY(row >= 0);
    QTableView* table = findingsTable();
    const QModelIndex cell = table->model()->index(row, FindingsModel::MessageColumn);
    const int image = cell.data(FindingsModel::ImageRole).toInt();
    const int box = cell.data(FindingsModel::BoxRole).toInt();
    QVERIFY(image >= 0 && box >= 0);
    table->scrollTo(cell);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(cell).center());

    // Grid: the finding's image is current. Viewer: same image, the offending box highlighted and selected
    // in the box list, whose Line column names the added row.
    const QModelIndex current = grid()->currentIndex();
    QVERIFY(current.isValid());
    QCOMPARE(current.data(ImageListModel::PathRole).toString(), data_.nearDupImage);
    QCOMPARE(viewer()->imageIndex(), image);
    QCOMPARE(viewer()->highlightedBox(), box);
    auto* boxes = viewer()->findChild<QTableWidget*>(QStringLiteral("boxTable"));
    QVERIFY(boxes);
    QCOMPARE(boxes->currentRow(), box);
    QCOMPARE(boxes->item(box, 5)->text().toInt(), data_.nearDupLine);
    // The finding is spelled out over the image, with its line.
    auto* canvas = viewer()->findChild<ImageCanvas*>(QStringLiteral("imageCanvas"));
    QVERIFY(canvas);
    QVERIFY2(canvas->note().startsWith(QStringLiteral("Near-duplicate box · line %1\n").arg(data_.nearDupLine)),
             qPrintable(canvas->note()));
    // Selecting another box in the list moves the highlight.
    const int other = box == 0 ? 1 : 0;
    boxes->selectRow(other);
    QCOMPARE(viewer()->highlightedBox(), other);
}

void TestDatasetPage::findingHiddenByFiltersStillShows()
{
    auto* split = child<QComboBox>("splitFilter");
    split->setCurrentIndex(split->findData(static_cast<int>(ys::Split::Val)));
    QCOMPARE(shown()->rowCount(), 20);
    const int row = findingRow(QStringLiteral("label.class_range"));
    QVERIFY(row >= 0);
    child<FindingsView>("findingsView")->selectRow(row);
    // The train image was filtered out; the page clears the filters rather than show nothing.
    QCOMPARE(shown()->rowCount(), 80);
    QCOMPARE(split->currentIndex(), 0);
    QCOMPARE(grid()->currentIndex().data(ImageListModel::PathRole).toString(), data_.classRangeImage);
}

void TestDatasetPage::findingsTableFiltersBySeverity()
{
    auto* proxy = qobject_cast<FindingsProxy*>(findingsTable()->model());
    QVERIFY(proxy);
    const int total = proxy->rowCount();
    proxy->setSeverityMask(1u << static_cast<int>(ys::Severity::Error));
    const int errors = proxy->rowCount();
    QVERIFY(errors >= 1 && errors < total);
    for (int r = 0; r < errors; ++r)
        QCOMPARE(proxy->index(r, 0).data(FindingsModel::SeverityRole).toInt(), static_cast<int>(ys::Severity::Error));
    proxy->setSeverityMask(0x7);
    proxy->setText(QStringLiteral("class_range"));
    QCOMPARE(proxy->rowCount(), 1);
    proxy->setText(QString());
    QCOMPARE(proxy->rowCount(), total);
}

void TestDatasetPage::exportJsonAndCsv()
{
    const int findings = findingsTable()->model()->rowCount();
    QString error;
    const QString json = dir_.filePath(QStringLiteral("out/check.json"));
    QVERIFY(QDir().mkpath(dir_.filePath(QStringLiteral("out"))));
    QVERIFY2(page_->exportCheckResult(json, &error), qPrintable(error));
    QFile jf(json);
    QVERIFY(jf.open(QIODevice::ReadOnly));
    const QJsonDocument doc = QJsonDocument::fromJson(jf.readAll());
    QVERIFY(doc.isObject());
    QCOMPARE(doc.object().value(QStringLiteral("findings")).toArray().size(), findings);

    const QString csv = dir_.filePath(QStringLiteral("out/check.csv"));
    QVERIFY2(page_->exportCheckResult(csv, &error), qPrintable(error));
    QFile cf(csv);
    QVERIFY(cf.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(cf.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), findings + 1);
    QCOMPARE(lines.first(), QStringLiteral("severity,code,file,line,message"));
    QVERIFY(std::any_of(lines.begin(), lines.end(), [](const QString& l) {
        return l.startsWith(QStringLiteral("error,label.class_range,")) && l.contains(QStringLiteral("train_0003.txt"));
    }));
    // Nothing half-written is left behind, and a folder that does not exist is an error, not a crash.
    QVERIFY(!page_->exportCheckResult(dir_.filePath(QStringLiteral("missing/dir/x.json")), &error));
    QVERIFY(!error.isEmpty());
}

void TestDatasetPage::openingMissingFileReportsError()
{
    QSignalSpy failed(page_, &DatasetPage::errorOccurred);
    page_->openDataset(dir_.filePath(QStringLiteral("nope/data.yaml")));
    // A missing file fails at once, possibly before openDataset returns.
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, ys::test::kUiWaitMs);
    const auto e = failed.first().at(1).value<ys::Error>();
    QVERIFY(QString::fromStdString(e.file).contains(QStringLiteral("nope")));
    // The previous dataset stays on screen.
    QCOMPARE(shown()->rowCount(), 80);
}

// The check's image size takes its range from the settings schema and its default from the checker.
void TestDatasetPage::imgszFollowsTheSchema()
{
    auto* imgsz = child<QSpinBox>("imgsz");
    const ys::ConfigKey* key = ys::findConfigKey("imgsz");
    QVERIFY(key);
    QCOMPARE(imgsz->minimum(), static_cast<int>(key->min));
    QCOMPARE(imgsz->maximum(), static_cast<int>(key->max));
    DatasetPage fresh;
    QCOMPARE(fresh.findChild<QSpinBox*>(QStringLiteral("imgsz"))->value(), ys::CheckOptions{}.imgsz);
}

QTEST_MAIN(TestDatasetPage)
#include "test_datasetpage.moc"
