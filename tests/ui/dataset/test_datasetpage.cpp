// The Dataset page end to end, as a user drives it: open a dataset, thumbnails arrive, filter by class and
// by finding through the combo boxes, click a finding to see its image and box, export the result.
#include "uitestdata.h"

#include "ui/dataset/datasetcontroller.h"
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

private:
    int findingRow(const QString& code) const;  // proxy row in the findings table, -1 if none

    QTemporaryDir dir_;
    ys::test::UiDataset data_;
    DatasetPage* page_ = nullptr;
};

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
    QSignalSpy ready(page_->controller(), &DatasetController::datasetReady);
    QSignalSpy checked(page_, &DatasetPage::checkFinished);
    QSignalSpy painted(page_->grid(), &ThumbnailView::firstScreenPainted);
    page_->openDataset(data_.yaml);
    QVERIFY(page_->controller()->busy());
    QVERIFY(ready.wait(20000));
    QCOMPARE(page_->imageModel()->rowCount(), 80);
    QVERIFY(painted.count() > 0 || painted.wait(10000));

    // Every visible cell has a decoded thumbnail that fits the cell.
    ThumbnailView* grid = page_->grid();
    const auto [first, last] = grid->visibleRows();
    QVERIFY(first == 0 && last > 0);
    for (int r = first; r <= last; ++r) {
        const QPixmap pm = grid->loader()->thumbnail(grid->model()->index(r, 0).data(ImageListModel::PathRole).toString());
        QVERIFY(!pm.isNull());
        QVERIFY(pm.width() <= ThumbnailView::kThumbWidth && pm.height() <= ThumbnailView::kThumbHeight);
    }
    // The first image is selected and shown in the viewer.
    QCOMPARE(page_->viewer()->imageIndex(), 0);

    QVERIFY(checked.count() > 0 || checked.wait(30000));
    QVERIFY(page_->hasCheckResult());
    QVERIFY(page_->findings()->model()->rowCount() >= 2);
    QVERIFY(page_->statusText().contains(QStringLiteral("80 images")));
}

void TestDatasetPage::filterByClassCombo()
{
    QComboBox* combo = page_->classFilter();
    const int item = combo->findData(2);
    QVERIFY(item > 0);
    const auto* dataset = page_->imageModel()->dataset();
    int expected = 0;
    for (const auto& r : dataset->images)
        expected += std::any_of(r.boxes.begin(), r.boxes.end(), [](const ys::LabelBox& b) { return b.cls == 2; });
    // The combo tells the user how many images contain the class.
    QVERIFY2(combo->itemText(item).endsWith(QStringLiteral("(%1)").arg(expected)), qPrintable(combo->itemText(item)));
    combo->setCurrentIndex(item);
    QCOMPARE(page_->imageProxy()->rowCount(), expected);
    QVERIFY(expected < 80);
    QVERIFY(page_->statusText().contains(QStringLiteral("%1 shown").arg(expected)));
    combo->setCurrentIndex(0);
    QCOMPARE(page_->imageProxy()->rowCount(), 80);
}

void TestDatasetPage::filterByFindingCombo()
{
    QComboBox* combo = page_->problemFilter();
    const int item = combo->findData(QStringLiteral("code:label.class_range"));
    QVERIFY2(item > 0, "the finding filter lists the codes found");
    QVERIFY(combo->itemText(item).endsWith(QStringLiteral("(1)")));
    combo->setCurrentIndex(item);
    QCOMPARE(page_->imageProxy()->rowCount(), 1);
    QCOMPARE(page_->imageProxy()->index(0, 0).data(ImageListModel::PathRole).toString(), data_.classRangeImage);

    const int any = combo->findData(QStringLiteral("any"));
    combo->setCurrentIndex(any);
    const int withProblems = page_->imageProxy()->rowCount();
    QVERIFY(withProblems >= 2);
    combo->setCurrentIndex(combo->findData(QStringLiteral("clean")));
    QCOMPARE(page_->imageProxy()->rowCount(), 80 - withProblems);
    combo->setCurrentIndex(0);
    QCOMPARE(page_->imageProxy()->rowCount(), 80);
}

int TestDatasetPage::findingRow(const QString& code) const
{
    const QAbstractItemModel* m = page_->findings()->table()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, FindingsModel::CodeColumn).data().toString() == code)
            return r;
    return -1;
}

void TestDatasetPage::clickingFindingSelectsImageAndBox()
{
    const int row = findingRow(QStringLiteral("box.near_duplicate"));
    QVERIFY(row >= 0);
    QTableView* table = page_->findings()->table();
    const QModelIndex cell = table->model()->index(row, FindingsModel::MessageColumn);
    const int image = cell.data(FindingsModel::ImageRole).toInt();
    const int box = cell.data(FindingsModel::BoxRole).toInt();
    QVERIFY(image >= 0 && box >= 0);
    table->scrollTo(cell);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(cell).center());

    // Grid: the finding's image is current. Viewer: same image, the offending box highlighted and selected
    // in the box list, whose Line column names the added row.
    const QModelIndex current = page_->grid()->currentIndex();
    QVERIFY(current.isValid());
    QCOMPARE(current.data(ImageListModel::PathRole).toString(), data_.nearDupImage);
    QCOMPARE(page_->viewer()->imageIndex(), image);
    QCOMPARE(page_->viewer()->highlightedBox(), box);
    QTableWidget* boxes = page_->viewer()->boxTable();
    QCOMPARE(boxes->currentRow(), box);
    QCOMPARE(boxes->item(box, 5)->text().toInt(), data_.nearDupLine);
    // The finding is spelled out over the image.
    QVERIFY2(page_->viewer()->canvas()->note().startsWith(QStringLiteral("Near-duplicate box")),
             qPrintable(page_->viewer()->canvas()->note()));
    // Selecting another box in the list moves the highlight.
    const int other = box == 0 ? 1 : 0;
    boxes->selectRow(other);
    QCOMPARE(page_->viewer()->highlightedBox(), other);
}

void TestDatasetPage::findingHiddenByFiltersStillShows()
{
    page_->splitFilter()->setCurrentIndex(page_->splitFilter()->findData(static_cast<int>(ys::Split::Val)));
    QCOMPARE(page_->imageProxy()->rowCount(), 20);
    const int row = findingRow(QStringLiteral("label.class_range"));
    QVERIFY(row >= 0);
    page_->findings()->selectRow(row);
    // The train image was filtered out; the page clears the filters rather than show nothing.
    QCOMPARE(page_->imageProxy()->rowCount(), 80);
    QCOMPARE(page_->splitFilter()->currentIndex(), 0);
    QCOMPARE(page_->grid()->currentIndex().data(ImageListModel::PathRole).toString(), data_.classRangeImage);
}

void TestDatasetPage::findingsTableFiltersBySeverity()
{
    FindingsProxy* proxy = page_->findings()->proxy();
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
    const int findings = page_->findings()->model()->rowCount();
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
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
    const auto e = failed.first().at(1).value<ys::Error>();
    QVERIFY(QString::fromStdString(e.file).contains(QStringLiteral("nope")));
    // The previous dataset stays on screen.
    QCOMPARE(page_->imageModel()->rowCount(), 80);
}

QTEST_MAIN(TestDatasetPage)
#include "test_datasetpage.moc"
