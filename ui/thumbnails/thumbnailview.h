#pragma once
// The virtualised thumbnail grid: a QListView in icon mode with uniform item sizes over the (filtered)
// image model. It asks the ThumbnailLoader for what is visible first, then for about two screens around it;
// everything else is dropped from the queue and left to the cache's eviction. Boxes are drawn over the
// thumbnail in per-class colours; images with findings get a severity badge. It reads its model through
// ThumbnailRoles (thumbnailroles.h) only.

#include <QElapsedTimer>
#include <QListView>
#include <QStyledItemDelegate>

namespace ys::ui {

class ThumbnailLoader;

class ThumbnailDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit ThumbnailDelegate(ThumbnailLoader* loader, QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    void setShowBoxes(bool show) { showBoxes_ = show; }

    // Counters of the last paint pass (for first-paint timing).
    void resetPaintCounters() const { painted_ = missing_ = 0; }
    int paintedWithThumbnail() const { return painted_; }
    int paintedWithoutThumbnail() const { return missing_; }

private:
    ThumbnailLoader* loader_;
    bool showBoxes_ = true;
    mutable int painted_ = 0;
    mutable int missing_ = 0;
};

class ThumbnailView final : public QListView {
    Q_OBJECT
public:
    // Thumbnail box in device-independent pixels.
    static constexpr int kThumbWidth = 160;
    static constexpr int kThumbHeight = 120;

    explicit ThumbnailView(QWidget* parent = nullptr);

    // The model must implement ThumbnailRoles.
    void setModel(QAbstractItemModel* model) override;
    // Boxes drawn over the thumbnails (default on).
    void setShowBoxes(bool show);
    // Forgets every decoded thumbnail (a new dataset).
    void clearThumbnails();

    // Rows (of the view's model) whose cells intersect the viewport, first to last; {-1,-1} when none.
    std::pair<int, int> visibleRows() const;
    // Starts timing "model reset → every visible cell painted with its thumbnail" (see firstScreenPainted).
    void startFirstPaintTimer();

signals:
    // Emitted once after startFirstPaintTimer(), when a paint pass drew every visible cell with its
    // thumbnail. `ms` is the time since startFirstPaintTimer().
    void firstScreenPainted(qint64 ms);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void scheduleRequest();
    void requestThumbnails();
    void scheduleRepaint(const QString& path);

    ThumbnailLoader* loader_;
    ThumbnailDelegate* delegate_;
    QTimer* requestTimer_;
    QTimer* repaintTimer_;
    QElapsedTimer firstPaint_;
    bool firstPaintPending_ = false;
};

}  // namespace ys::ui
