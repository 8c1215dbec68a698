// The grid's model and filter proxy: structure (QAbstractItemModelTester), and that each filter shows
// exactly the images a user asked for.
#include "uitestdata.h"

#include "data/check.h"
#include "data/dataset.h"
#include "ui/dataset/checkindex.h"
#include "ui/dataset/findingsmodel.h"
#include "ui/dataset/imagefilterproxy.h"
#include "ui/dataset/imagelistmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace ys::ui;

class TestImageModel final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void modelTester();
    void rolesDescribeTheImage();
    void filterBySplit_data();
    void filterBySplit();
    void filterByClass_data();
    void filterByClass();
    void filterByFindingCode();
    void filterByCategoryAndCombined();
    void checkIndexCountsWhatTheFiltersShow();
    void rowForImage();
    void findingsModelTester();

private:
    QTemporaryDir dir_;
    ys::test::UiDataset data_;
    std::shared_ptr<ys::Dataset> dataset_;
    std::shared_ptr<ys::CheckResult> result_;
    std::shared_ptr<CheckIndex> index_;
};

void TestImageModel::initTestCase()
{
    QVERIFY(dir_.isValid());
    QString error;
    QVERIFY2(ys::test::writeUiDataset(dir_, &data_, &error), qPrintable(error));
    auto opened = ys::openDataset(data_.yaml.toStdString());
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().toString().c_str());
    dataset_ = std::make_shared<ys::Dataset>(std::move(opened).value());
    QCOMPARE(static_cast<int>(dataset_->images.size()), 80);
    result_ = std::make_shared<ys::CheckResult>(ys::checkDataset(*dataset_));
    index_ = std::make_shared<CheckIndex>(buildCheckIndex(*dataset_, *result_));
}

void TestImageModel::modelTester()
{
    ImageListModel model;
    ImageFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester t1(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDataset(dataset_);
    model.setCheckIndex(index_);
    proxy.setSplit(static_cast<int>(ys::Split::Val));
    proxy.setClass(1);
    proxy.setProblemFilter(ProblemFilter::anyFinding());
    proxy.setProblemFilter(ProblemFilter::findingCode("label.class_range"));
    proxy.clearFilters();
    model.setDataset(nullptr);
    QCOMPARE(proxy.rowCount(), 0);
    model.setDataset(dataset_);
    QCOMPARE(proxy.rowCount(), 80);
}

void TestImageModel::rolesDescribeTheImage()
{
    ImageListModel model;
    model.setDataset(dataset_);
    const int row = static_cast<int>(std::find_if(dataset_->images.begin(), dataset_->images.end(),
                                                  [&](const ys::ImageRecord& r) {
                                                      return QString::fromStdString(r.image) == data_.classRangeImage;
                                                  }) -
                                     dataset_->images.begin());
    QVERIFY(row < 80);
    const QModelIndex idx = model.index(row);
    QCOMPARE(idx.data(Qt::DisplayRole).toString(), QStringLiteral("train_0003.jpg"));
    QCOMPARE(idx.data(ImageListModel::PathRole).toString(), data_.classRangeImage);
    QCOMPARE(idx.data(ImageListModel::SplitRole).toInt(), static_cast<int>(ys::Split::Train));
    QCOMPARE(idx.data(ImageListModel::BoxCountRole).toInt(), static_cast<int>(dataset_->images[static_cast<size_t>(row)].boxes.size()));
    // The thumbnail grid's roles: the record it draws the boxes from.
    QCOMPARE(idx.data(ThumbnailRoles::RecordRole).value<const ys::ImageRecord*>(), &dataset_->images[static_cast<size_t>(row)]);
    QCOMPARE(idx.data(ThumbnailRoles::PathRole).toString(), data_.classRangeImage);
    // Before the check is attached the model knows of no problems; after, this image has an error.
    QCOMPARE(idx.data(ImageListModel::WorstSeverityRole).toInt(), -1);
    model.setCheckIndex(index_);
    QCOMPARE(idx.data(ImageListModel::WorstSeverityRole).toInt(), static_cast<int>(ys::Severity::Error));
    QVERIFY(idx.data(ImageListModel::ProblemsRole).toUInt() & ys::ProblemLabelFormat);
}

void TestImageModel::filterBySplit_data()
{
    QTest::addColumn<int>("split");
    QTest::addColumn<int>("expected");
    QTest::newRow("all") << -1 << 80;
    QTest::newRow("train") << static_cast<int>(ys::Split::Train) << 60;
    QTest::newRow("val") << static_cast<int>(ys::Split::Val) << 20;
    QTest::newRow("test") << static_cast<int>(ys::Split::Test) << 0;
}

void TestImageModel::filterBySplit()
{
    QFETCH(int, split);
    QFETCH(int, expected);
    ImageListModel model;
    ImageFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setDataset(dataset_);
    proxy.setSplit(split);
    QCOMPARE(proxy.rowCount(), expected);
    for (int r = 0; split >= 0 && r < proxy.rowCount(); ++r)
        QCOMPARE(proxy.index(r, 0).data(ImageListModel::SplitRole).toInt(), split);
}

void TestImageModel::filterByClass_data()
{
    QTest::addColumn<int>("cls");
    for (int c = 0; c < 5; ++c)
        QTest::newRow(qPrintable(QStringLiteral("class %1").arg(c))) << c;
}

void TestImageModel::filterByClass()
{
    QFETCH(int, cls);
    ImageListModel model;
    ImageFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setDataset(dataset_);
    int expected = 0;
    for (const auto& r : dataset_->images)
        expected += std::any_of(r.boxes.begin(), r.boxes.end(), [&](const ys::LabelBox& b) { return b.cls == cls; });
    QVERIFY2(expected > 0 && expected < 80, "the demo should use every class in some but not all images");
    proxy.setClass(cls);
    QCOMPARE(proxy.rowCount(), expected);
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const auto* rec = model.record(proxy.index(r, 0).data(ImageListModel::ImageIndexRole).toInt());
        QVERIFY(std::any_of(rec->boxes.begin(), rec->boxes.end(), [&](const ys::LabelBox& b) { return b.cls == cls; }));
    }
    // Class and split combine.
    proxy.setSplit(static_cast<int>(ys::Split::Val));
    QVERIFY(proxy.rowCount() < expected);
}

void TestImageModel::filterByFindingCode()
{
    ImageListModel model;
    ImageFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setDataset(dataset_);
    model.setCheckIndex(index_);
    proxy.setProblemFilter(ProblemFilter::findingCode("label.class_range"));
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data(ImageListModel::PathRole).toString(), data_.classRangeImage);
    proxy.setProblemFilter(ProblemFilter::findingCode("box.near_duplicate"));
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data(ImageListModel::PathRole).toString(), data_.nearDupImage);
    proxy.setProblemFilter(ProblemFilter::findingCode("no.such_code"));
    QCOMPARE(proxy.rowCount(), 0);
    proxy.setProblemFilter({});
    QCOMPARE(proxy.rowCount(), 80);
}

void TestImageModel::filterByCategoryAndCombined()
{
    ImageListModel model;
    ImageFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setDataset(dataset_);
    model.setCheckIndex(index_);
    proxy.setProblemFilter(ProblemFilter::category(ys::ProblemLabelFormat));
    QVERIFY(proxy.rowCount() >= 1);
    bool found = false;
    for (int r = 0; r < proxy.rowCount(); ++r)
        found |= proxy.index(r, 0).data(ImageListModel::PathRole).toString() == data_.classRangeImage;
    QVERIFY(found);
    // "With errors or warnings" includes both injected images; "without" excludes them; together all.
    proxy.setProblemFilter(ProblemFilter::anyFinding());
    const int any = proxy.rowCount();
    QVERIFY(any >= 2);
    proxy.setProblemFilter(ProblemFilter::clean());
    QCOMPARE(proxy.rowCount() + any, 80);
    // The val split holds neither injected problem.
    proxy.setSplit(static_cast<int>(ys::Split::Val));
    proxy.setProblemFilter(ProblemFilter::findingCode("label.class_range"));
    QCOMPARE(proxy.rowCount(), 0);
}

// The counts the Findings combo shows (from the index the pool builds) are the rows each filter shows.
void TestImageModel::checkIndexCountsWhatTheFiltersShow()
{
    ImageListModel model;
    ImageFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setDataset(dataset_);
    model.setCheckIndex(index_);
    const CheckIndex& index = *index_;
    QCOMPARE(index.problems.size(), dataset_->images.size());
    proxy.setProblemFilter(ProblemFilter::anyFinding());
    QCOMPARE(proxy.rowCount(), index.withErrorsOrWarnings);
    QVERIFY(!index.categories.empty());
    for (const CheckIndex::Category& c : index.categories) {
        proxy.setProblemFilter(ProblemFilter::category(c.flag));
        QCOMPARE(proxy.rowCount(), c.images);
    }
    QVERIFY(index.find("label.class_range"));
    QCOMPARE(index.find("label.class_range")->worst, ys::Severity::Error);
    QVERIFY(!index.find("no.such_code"));
    for (const CheckIndex::Code& c : index.codes) {
        proxy.setProblemFilter(ProblemFilter::findingCode(c.code));
        QCOMPARE(proxy.rowCount(), static_cast<int>(c.images.size()));
        int findings = 0;
        for (const ys::Finding& f : result_->findings)
            findings += f.code == c.code && f.image >= 0;
        QVERIFY(findings >= static_cast<int>(c.images.size()));
    }
}

void TestImageModel::rowForImage()
{
    ImageListModel model;
    ImageFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setDataset(dataset_);
    proxy.setSplit(static_cast<int>(ys::Split::Val));
    // Images are train first, then val: image 60 is the first val image, image 0 is filtered out.
    QCOMPARE(proxy.rowForImage(60), 0);
    QCOMPARE(proxy.rowForImage(0), -1);
}

void TestImageModel::findingsModelTester()
{
    FindingsModel model;
    FindingsProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester t1(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResult(result_, QString::fromStdString(dataset_->spec.root));
    QCOMPARE(model.rowCount(), static_cast<int>(result_->findings.size()));
    proxy.sort(FindingsModel::LineColumn, Qt::DescendingOrder);
    proxy.setSeverityMask(1u << static_cast<int>(ys::Severity::Error));
    proxy.setText(QStringLiteral("train_0003"));
    QCOMPARE(proxy.rowCount(), 1);
    // The file column is relative to the dataset root; the tooltip keeps the full path.
    const QModelIndex file = proxy.index(0, FindingsModel::FileColumn);
    QCOMPARE(file.data().toString(), QStringLiteral("labels/train/train_0003.txt"));
    QVERIFY(file.data(Qt::ToolTipRole).toString().endsWith(QStringLiteral("/labels/train/train_0003.txt")));
    QCOMPARE(proxy.index(0, FindingsModel::ProblemColumn).data().toString(), QStringLiteral("Class id out of range"));
    model.setResult(nullptr, QString());
    QCOMPARE(proxy.rowCount(), 0);
}

QTEST_MAIN(TestImageModel)
#include "test_imagemodel.moc"
