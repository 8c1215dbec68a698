// The fit's scale × image size × precision table: structure (QAbstractItemModelTester, also through the
// sorting proxy the dialog uses), the recommended row highlighted, measured vs estimated rows, readable cells
// with raw values behind them, and "does not fit" rows.
#include "ui/fit/fittablemodel.h"
#include "ui/fit/stagefitmodel.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace ys::ui;
using ys::fit::FitResult;
using ys::fit::TableRow;

class TestFitTableModel final : public QObject {
    Q_OBJECT

private slots:
    void passesTheModelTester();
    void highlightsTheRecommendedRow();
    void cellsReadWellAndKeepRawValues();
    void sortsByRawValues();
    void noRowWhenTheRecommendationIsNotInTheTable();
    void checkpointedColumnShowsItsBatch();
    void stageRowsReadAsTheRunsPageWritesThem();

private:
    static FitResult result();
};

// Two scales x two sizes x AMP off/on; the probed scale is n, the recommendation n at 640 with fp16.
FitResult TestFitTableModel::result()
{
    FitResult r;
    r.recommended.batch = 24;
    r.recommended.imgsz = 640;
    r.recommended.amp = true;
    r.recommended.ampMode = "fp16";
    r.recommended.fits = true;
    r.recommended.predictedPeakBytes = int64_t{10} << 30;
    r.budgetBytes = int64_t{12} << 30;
    const int64_t gib = int64_t{1} << 30;
    r.table = {
        TableRow{'n', 320, false, 60, 10 * gib}, TableRow{'n', 320, true, 110, 10 * gib},
        TableRow{'n', 640, false, 14, 10 * gib}, TableRow{'n', 640, true, 24, 10 * gib},
        TableRow{'s', 320, false, 31, 10 * gib}, TableRow{'s', 320, true, 57, 10 * gib},
        TableRow{'s', 640, false, 0, 0},         TableRow{'s', 640, true, 13, 10 * gib},
    };
    return r;
}

void TestFitTableModel::passesTheModelTester()
{
    FitTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(Qt::UserRole);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setResult(result(), 'n');
    QCOMPARE(model.rowCount(), 8);
    QCOMPARE(model.columnCount(), int(FitTableModel::ColumnCount));
    proxy.sort(FitTableModel::BatchColumn, Qt::DescendingOrder);
    model.retranslate();
    model.setResult(result(), 's');
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.recommendedRow(), -1);
}

void TestFitTableModel::highlightsTheRecommendedRow()
{
    FitTableModel model;
    model.setResult(result(), 'n');
    QCOMPARE(model.recommendedRow(), 3);
    for (int c = 0; c < model.columnCount(); ++c) {
        const QModelIndex rec = model.index(3, c);
        QVERIFY(rec.data(FitTableModel::RecommendedRole).toBool());
        QVERIFY(rec.data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(rec.data(Qt::BackgroundRole).isValid());
    }
    const QModelIndex other = model.index(2, 0);
    QVERIFY(!other.data(FitTableModel::RecommendedRole).toBool());
    QVERIFY(!other.data(Qt::FontRole).isValid());
    QVERIFY(!other.data(Qt::BackgroundRole).isValid());

    // A recommendation that does not fit highlights nothing.
    FitResult none = result();
    none.recommended.fits = false;
    model.setResult(none, 'n');
    QCOMPARE(model.recommendedRow(), -1);
}

void TestFitTableModel::cellsReadWellAndKeepRawValues()
{
    FitTableModel model;
    model.setResult(result(), 'n');
    auto text = [&](int r, int c) { return model.index(r, c).data().toString(); };
    QCOMPARE(text(3, FitTableModel::ScaleColumn), QStringLiteral("n"));
    QCOMPARE(text(3, FitTableModel::ImgszColumn), QStringLiteral("640 px"));
    QCOMPARE(text(3, FitTableModel::PrecisionColumn), QStringLiteral("fp16"));
    QCOMPARE(text(2, FitTableModel::PrecisionColumn), QStringLiteral("fp32"));
    QCOMPARE(text(3, FitTableModel::BatchColumn), QStringLiteral("24"));
    QCOMPARE(text(3, FitTableModel::PeakColumn), QStringLiteral("10.0 GiB"));
    QCOMPARE(text(3, FitTableModel::BasisColumn), QStringLiteral("measured"));
    QCOMPARE(text(4, FitTableModel::BasisColumn), QStringLiteral("estimated"));
    // s at 640 without AMP: nothing fits.
    QCOMPARE(text(6, FitTableModel::BatchColumn), QStringLiteral("does not fit"));
    QCOMPARE(text(6, FitTableModel::PeakColumn), QString());
    QVERIFY(model.index(6, 0).data(Qt::ForegroundRole).isValid());

    QCOMPARE(model.index(3, FitTableModel::ImgszColumn).data(Qt::UserRole).toInt(), 640);
    QCOMPARE(model.index(3, FitTableModel::BatchColumn).data(Qt::UserRole).toInt(), 24);
    QCOMPARE(model.index(3, FitTableModel::PeakColumn).data(Qt::UserRole).toLongLong(), int64_t{10} << 30);
    QCOMPARE(model.index(3, FitTableModel::PrecisionColumn).data(Qt::UserRole).toBool(), true);
    QCOMPARE(model.index(4, FitTableModel::BasisColumn).data(Qt::UserRole).toBool(), false);
    QCOMPARE(model.headerData(FitTableModel::BatchColumn, Qt::Horizontal).toString(), QStringLiteral("Largest batch"));
}

void TestFitTableModel::sortsByRawValues()
{
    FitTableModel model;
    model.setResult(result(), 'n');
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(Qt::UserRole);
    proxy.sort(FitTableModel::BatchColumn, Qt::DescendingOrder);
    // Numerically: 110 before 60 (as text "60" > "110").
    QCOMPARE(proxy.index(0, FitTableModel::BatchColumn).data().toString(), QStringLiteral("110"));
    QCOMPARE(proxy.index(1, FitTableModel::BatchColumn).data().toString(), QStringLiteral("60"));
    QCOMPARE(proxy.index(7, FitTableModel::BatchColumn).data().toString(), QStringLiteral("does not fit"));
}

void TestFitTableModel::noRowWhenTheRecommendationIsNotInTheTable()
{
    FitResult r = result();
    r.recommended.imgsz = 544;  // "largest image size for this batch" found a size the table does not list
    FitTableModel model;
    model.setResult(r, 'n');
    QCOMPARE(model.recommendedRow(), -1);
    // Unknown probed scale: no row is "measured".
    model.setResult(result(), 0);
    QCOMPARE(model.recommendedRow(), -1);
    QCOMPARE(model.index(0, FitTableModel::BasisColumn).data().toString(), QStringLiteral("estimated"));
}

QTEST_MAIN(TestFitTableModel)
#include "test_fittablemodel.moc"

// The checkpointing column: TableRow::maxBatchCheckpointed, "—" when not even batch 1 fits with every block
// checkpointed; the header and the cells say what it means.
void TestFitTableModel::checkpointedColumnShowsItsBatch()
{
    FitResult r = result();
    r.table[3].maxBatchCheckpointed = 41;
    r.table[6].maxBatchCheckpointed = 0;
    r.table[7].maxBatchCheckpointed = 22;
    FitTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResult(r, 'n');
    QCOMPARE(model.index(3, FitTableModel::CheckpointedColumn).data().toString(), QStringLiteral("41"));
    QCOMPARE(model.index(3, FitTableModel::CheckpointedColumn).data(Qt::UserRole).toInt(), 41);
    QCOMPARE(model.index(7, FitTableModel::CheckpointedColumn).data().toString(), QStringLiteral("22"));
    QCOMPARE(model.index(6, FitTableModel::CheckpointedColumn).data().toString(), QStringLiteral("—"));
    QCOMPARE(model.index(6, FitTableModel::CheckpointedColumn).data(Qt::UserRole).toInt(), 0);
    QCOMPARE(model.headerData(FitTableModel::CheckpointedColumn, Qt::Horizontal).toString(), QStringLiteral("Checkpointed"));
    const QString tip = model.headerData(FitTableModel::CheckpointedColumn, Qt::Horizontal, Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains("every block checkpointed") && tip.contains("checkpoint=all"), qPrintable(tip));
    QCOMPARE(model.index(6, FitTableModel::CheckpointedColumn).data(Qt::ToolTipRole).toString(), tip);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(Qt::UserRole);
    proxy.sort(FitTableModel::CheckpointedColumn, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, FitTableModel::CheckpointedColumn).data().toString(), QStringLiteral("41"));
}

// The per-stage fit: one row per StageFit, the cells the Runs page's fit view writes (cellText), raw values
// behind them.
void TestFitTableModel::stageRowsReadAsTheRunsPageWritesThem()
{
    ys::fit::StageFit warm;
    warm.stage = 1;
    warm.imgsz = 320;
    warm.epochs = 10;
    warm.requestedBatch = 32;
    warm.batch = 32;
    warm.accumulate = 2;
    warm.predictedPeakBytes = int64_t{3} << 30;
    warm.fits = true;
    ys::fit::StageFit full = warm;
    full.stage = 2;
    full.imgsz = 640;
    full.epochs = 80;
    full.requestedBatch = -1;
    full.batch = 12;
    full.accumulate = 5;
    full.checkpoint = "backbone";
    full.predictedPeakBytes = int64_t{7} << 30;
    ys::fit::StageFit big = full;
    big.stage = 3;
    big.requestedBatch = 64;
    big.batch = 64;
    big.fits = false;
    StageFitModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStages({warm, full, big});
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(StageFitModel::ColumnCount));
    auto text = [&](int r, int c) { return model.index(r, c).data().toString(); };
    QCOMPARE(text(0, StageFitModel::StageColumn), QStringLiteral("1"));
    QCOMPARE(text(0, StageFitModel::ImgszColumn), QStringLiteral("320"));
    QCOMPARE(text(0, StageFitModel::BatchColumn), QStringLiteral("32"));
    QCOMPARE(text(0, StageFitModel::CheckpointColumn), QStringLiteral("off"));
    QCOMPARE(text(1, StageFitModel::BatchColumn), QStringLiteral("12 (auto)"));
    QCOMPARE(text(1, StageFitModel::AccumulateColumn), QStringLiteral("5"));
    QCOMPARE(text(1, StageFitModel::CheckpointColumn), QStringLiteral("backbone"));
    QCOMPARE(text(1, StageFitModel::PeakColumn), QStringLiteral("7.0 GiB"));
    QCOMPARE(text(2, StageFitModel::PeakColumn), QStringLiteral("does not fit"));
    QCOMPARE(model.index(1, StageFitModel::PeakColumn).data(Qt::UserRole).toLongLong(), int64_t{7} << 30);
    QCOMPARE(model.index(1, StageFitModel::BatchColumn).data(Qt::UserRole).toInt(), 12);
    for (int c = 0; c < StageFitModel::ColumnCount; ++c)
        QCOMPARE(text(1, c), StageFitModel::cellText(full, StageFitModel::Column(c)));
    QCOMPARE(model.headerData(StageFitModel::EpochsColumn, Qt::Horizontal).toString(), QStringLiteral("Epochs"));
    model.retranslate();
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}
