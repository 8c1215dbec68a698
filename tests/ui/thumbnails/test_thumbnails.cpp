// Thumbnail loading: decoded at reduced size off the GUI thread, keyed by path, bounded cache, and
// view-driven (what is visible first, far rows not at all until scrolled to).
#include "uitestdata.h"

#include "data/dataset.h"
#include "ui/thumbnails/thumbnailloader.h"
#include "ui/thumbnails/thumbnailroles.h"
#include "ui/thumbnails/thumbnailview.h"

#include <QFile>
#include <QFileInfo>
#include <QStandardItemModel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

#include <memory>

using namespace ys::ui;

class TestThumbnails final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void decodesAtReducedSize();
    void unreadableImageIsMarkedFailed();
    void newRequestDropsQueuedWork();
    void cacheIsBounded();
    void viewLoadsVisibleRowsFirst();

private:
    QStringList paths(int from, int count) const;

    QTemporaryDir dir_;
    ys::test::UiDataset data_;
    std::shared_ptr<ys::Dataset> dataset_;
};

void TestThumbnails::initTestCase()
{
    QVERIFY(dir_.isValid());
    QString error;
    QVERIFY2(ys::test::writeUiDataset(dir_, &data_, &error), qPrintable(error));
    auto opened = ys::openDataset(data_.yaml.toStdString());
    QVERIFY(opened.ok());
    dataset_ = std::make_shared<ys::Dataset>(std::move(opened).value());
}

QStringList TestThumbnails::paths(int from, int count) const
{
    QStringList out;
    for (int i = from; i < from + count; ++i)
        out << QString::fromStdString(dataset_->images[static_cast<size_t>(i)].image);
    return out;
}

void TestThumbnails::decodesAtReducedSize()
{
    ThumbnailLoader loader(QSize(80, 60));
    QSignalSpy ready(&loader, &ThumbnailLoader::thumbnailReady);
    const QStringList wanted = paths(0, 5);
    loader.request(wanted);
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 5, ys::test::kUiWaitMs);
    for (const QString& p : wanted) {
        const QPixmap pm = loader.thumbnail(p);
        QVERIFY2(!pm.isNull(), qPrintable(p));
        // 160x128 source into an 80x60 box: height-bound, aspect kept.
        QCOMPARE(pm.height(), 60);
        QCOMPARE(pm.width(), 75);
    }
    QVERIFY(loader.thumbnail(paths(10, 1).first()).isNull());
}

void TestThumbnails::unreadableImageIsMarkedFailed()
{
    const QString bad = dir_.filePath(QStringLiteral("broken.jpg"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("this is not a JPEG");
    f.close();
    ThumbnailLoader loader(QSize(80, 60));
    QSignalSpy ready(&loader, &ThumbnailLoader::thumbnailReady);
    loader.request({bad});
    QVERIFY(ready.wait(ys::test::kUiWaitMs));
    QCOMPARE(ready.first().first().toString(), bad);
    QVERIFY(loader.failed(bad));
    QVERIFY(loader.thumbnail(bad).isNull());
}

void TestThumbnails::newRequestDropsQueuedWork()
{
    ThumbnailLoader loader(QSize(80, 60));
    loader.request(paths(0, 60));
    const int started = loader.inFlightCount();
    QVERIFY(started > 0);
    QVERIFY(loader.queuedCount() > 0);
    const QStringList later = paths(70, 2);
    loader.request(later);  // the user scrolled away: the first request's queue is dropped
    QVERIFY(loader.queuedCount() <= 2);
    QTRY_VERIFY_WITH_TIMEOUT(loader.inFlightCount() == 0 && loader.queuedCount() == 0, ys::test::kUiWaitMs);
    QVERIFY(!loader.thumbnail(later[0]).isNull());
    QVERIFY(!loader.thumbnail(later[1]).isNull());
    // Only what was already decoding plus the two new ones were decoded, not the 60 first asked for.
    QVERIFY2(loader.decodedTotal() <= started + 2, qPrintable(QString::number(loader.decodedTotal())));
}

void TestThumbnails::cacheIsBounded()
{
    ThumbnailLoader loader(QSize(160, 120));
    loader.setCacheLimit(3 * 160 * 120 * 4);  // three thumbnails' worth
    loader.request(paths(0, 20));
    QTRY_VERIFY_WITH_TIMEOUT(loader.inFlightCount() == 0 && loader.queuedCount() == 0, ys::test::kUiWaitMs);
    QCOMPARE(loader.decodedTotal(), 20);
    QVERIFY(loader.cachedCount() <= 3);
    QVERIFY(loader.cachedCount() >= 1);
}

// The grid reads its model through ThumbnailRoles only: a plain QStandardItemModel with those roles will do.
void TestThumbnails::viewLoadsVisibleRowsFirst()
{
    QStandardItemModel model;
    ThumbnailView view;
    view.setModel(&model);
    view.resize(760, 520);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto* loader = view.findChild<ThumbnailLoader*>(QStringLiteral("thumbnailLoader"));
    QVERIFY(loader);
    QSignalSpy painted(&view, &ThumbnailView::firstScreenPainted);
    view.startFirstPaintTimer();
    for (const ys::ImageRecord& r : dataset_->images) {
        auto* item = new QStandardItem(QFileInfo(QString::fromStdString(r.image)).fileName());
        item->setData(QString::fromStdString(r.image), ThumbnailRoles::PathRole);
        item->setData(QVariant::fromValue(&r), ThumbnailRoles::RecordRole);
        item->setData(-1, ThumbnailRoles::WorstSeverityRole);
        model.appendRow(item);
    }
    QVERIFY(painted.wait(ys::test::kUiWaitMs));

    auto path = [&](int row) { return model.index(row, 0).data(ThumbnailRoles::PathRole).toString(); };
    const auto [first, last] = view.visibleRows();
    QCOMPARE(first, 0);
    QVERIFY(last >= 7);
    for (int r = first; r <= last; ++r)
        QVERIFY(!loader->thumbnail(path(r)).isNull());
    // The last rows are more than two screens away: not decoded while the top is shown.
    QTRY_VERIFY_WITH_TIMEOUT(loader->inFlightCount() == 0 && loader->queuedCount() == 0, ys::test::kUiWaitMs);
    const QString lastPath = path(79);
    QVERIFY(loader->thumbnail(lastPath).isNull());

    view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
    QTRY_VERIFY_WITH_TIMEOUT(!loader->thumbnail(lastPath).isNull(), ys::test::kUiWaitMs);
    QCOMPARE(view.visibleRows().second, 79);
}

QTEST_MAIN(TestThumbnails)
#include "test_thumbnails.moc"
