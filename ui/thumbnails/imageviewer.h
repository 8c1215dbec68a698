#pragma once
// The large viewer: the selected image at full resolution with zoom (wheel, Ctrl+=, Ctrl+-, fit Ctrl+0)
// and pan (drag), its boxes with class names, and the box list (class, cx, cy, w, h, line in the label
// file). Selecting a row highlights that box. The image is decoded on a pool thread.

#include "data/check.h"
#include "data/dataset.h"

#include <QByteArray>
#include <QImage>
#include <QList>
#include <QPixmap>
#include <QStringList>
#include <QWidget>

#include <vector>

class QAction;
class QLabel;
class QSplitter;
class QTableWidget;
class QToolButton;

namespace ys::ui {

class ImageCanvas final : public QWidget {
    Q_OBJECT
public:
    explicit ImageCanvas(QWidget* parent = nullptr);

    void setImage(const QImage& image);  // null image clears
    void setBoxes(std::vector<ys::LabelBox> boxes, QStringList names);
    void setHighlightedBox(int box);     // -1 = none
    void setMessage(const QString& text);  // shown when there is no image (loading, unreadable)
    // A note drawn over the bottom of the image (the selected finding); empty text removes it.
    void setNote(const QString& text, int severity);
    QString note() const { return note_; }
    int highlightedBox() const { return highlighted_; }
    bool hasImage() const { return !pixmap_.isNull(); }

    double zoom() const { return scale_; }
    void zoomBy(double factor, QPointF anchor);  // anchor in widget coordinates
    void zoomIn();
    void zoomOut();
    void fitToWindow();

    QSize sizeHint() const override { return QSize(480, 360); }
    QSize minimumSizeHint() const override { return QSize(160, 120); }

signals:
    void zoomChanged(double scale);
    void boxClicked(int box);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    QRectF boxRect(const ys::LabelBox& b) const;  // in widget coordinates
    void clampOffset();
    void centreOn(const QRectF& imageRect);

    QPixmap pixmap_;
    std::vector<ys::LabelBox> boxes_;
    QStringList names_;
    int highlighted_ = -1;
    QString message_;
    QString note_;
    int noteSeverity_ = 0;
    double scale_ = 1.0;
    QPointF offset_;  // widget position of the image's top-left corner
    bool fit_ = true;
    bool dragging_ = false;
    bool moved_ = false;
    QPoint dragStart_;
    QPointF offsetStart_;
};

class ImageViewer final : public QWidget {
    Q_OBJECT
public:
    explicit ImageViewer(QWidget* parent = nullptr);

    // Shows `imageIndex` of `dataset` (decoding starts now); findings of that image mark rows in the box
    // list. `box` is highlighted when >= 0. dataset == nullptr clears.
    void showImage(const ys::Dataset* dataset, int imageIndex, const std::vector<ys::Finding>& findings, int box = -1);
    void clear();
    void highlightBox(int box);
    // Text over the bottom of the image (the selected finding, in the user's language); empty removes it.
    void setNote(const QString& text, ys::Severity severity);

    int imageIndex() const { return imageIndex_; }
    int highlightedBox() const { return canvas_->highlightedBox(); }
    // Zoom in, zoom out, fit to window (shortcuts Ctrl+=, Ctrl+-, Ctrl+0): the window's View menu shows them.
    QList<QAction*> zoomActions() const;
    // The split between image and box list, for the page's remembered state; setDefaultLayout gives the image
    // most of the height (first start).
    QByteArray saveLayout() const;
    void restoreLayout(const QByteArray& state);
    void setDefaultLayout();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void onTableSelection();
    void updateZoomLabel(double scale);

    ImageCanvas* canvas_;
    QTableWidget* table_;
    QSplitter* splitter_;
    QLabel* title_;
    QLabel* zoomLabel_;
    QAction* zoomIn_;
    QAction* zoomOut_;
    QAction* fit_;
    QString path_;
    int imageIndex_ = -1;
    quint64 generation_ = 0;
};

}  // namespace ys::ui
