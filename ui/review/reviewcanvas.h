#pragma once
// A suspect drawn on its image: the label's box (solid) and the model's box (dashed, another colour) with a
// legend naming both, the rest of the image's labels faint. The view flips between both boxes, the label
// only and the prediction only (flip(), the T key of the review window). The image is decoded on the pool.
// GUI thread only.

#include "review/review.h"
#include "ui/common/pooljob.h"

#include <QImage>
#include <QPixmap>
#include <QWidget>

#include <memory>

namespace ys::ui {

class ReviewCanvas final : public QWidget {
    Q_OBJECT
public:
    enum class Show { Both, LabelOnly, PredictionOnly };

    explicit ReviewCanvas(QWidget* parent = nullptr);

    // Shows suspect `suspect` of `result` (-1 or no result: clears). The image loads off the GUI thread;
    // imageShown() follows.
    void showSuspect(std::shared_ptr<const ys::ReviewResult> result, int suspect);
    int suspect() const { return suspect_; }
    Show shown() const { return show_; }
    void setShown(Show show);
    // Both -> label only -> prediction only -> both.
    void flip();
    bool hasImage() const { return !pixmap_.isNull(); }

    QSize sizeHint() const override { return QSize(420, 320); }
    QSize minimumSizeHint() const override { return QSize(160, 120); }

signals:
    void imageShown();
    void shownChanged(ys::ui::ReviewCanvas::Show show);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QRectF imageRect() const;
    QRectF toWidget(const ys::ReviewBox& box, const QRectF& image) const;
    void drawLegend(QPainter& p, bool label, bool prediction) const;

    std::shared_ptr<const ys::ReviewResult> result_;
    int suspect_ = -1;
    Show show_ = Show::Both;
    QPixmap pixmap_;
    QString message_;
    JobGeneration generation_;
    PoolJobs jobs_;
};

}  // namespace ys::ui
