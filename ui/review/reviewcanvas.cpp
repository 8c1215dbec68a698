#include "ui/review/reviewcanvas.h"

#include "ui/review/reviewtext.h"

#include <QImageReader>
#include <QPainter>
#include <QPainterPath>

namespace ys::ui {

namespace {

// Large enough for a sharp view of a suspect on a big screen, small enough to decode quickly.
constexpr int kMaxDecodedSide = 1600;
const QColor kLabelColor(0x3d, 0xd6, 0x8c);       // green: what the label file says
const QColor kPredictionColor(0xff, 0x9f, 0x1c);  // orange: what the model suggests

QImage decode(const QString& path)
{
    QImageReader reader(path);
    reader.setAutoTransform(true);
    const QSize size = reader.size();
    if (size.isValid() && std::max(size.width(), size.height()) > kMaxDecodedSide)
        reader.setScaledSize(size.scaled(kMaxDecodedSide, kMaxDecodedSide, Qt::KeepAspectRatio));
    return reader.read();
}

}  // namespace

ReviewCanvas::ReviewCanvas(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("reviewCanvas"));
    setFocusPolicy(Qt::StrongFocus);
}

void ReviewCanvas::showSuspect(std::shared_ptr<const ys::ReviewResult> result, int suspect)
{
    result_ = std::move(result);
    const bool valid = result_ && suspect >= 0 && suspect < static_cast<int>(result_->suspects.size());
    suspect_ = valid ? suspect : -1;
    pixmap_ = QPixmap();
    const quint64 gen = generation_.next();
    if (!valid) {
        message_.clear();
        update();
        return;
    }
    message_ = ReviewText::tr("Loading…");
    update();
    const QString path = QString::fromStdString(
        result_->images[static_cast<size_t>(result_->suspects[static_cast<size_t>(suspect)].image)].image);
    jobs_.start(this, [path]() -> ys::Expected<QImage> { return decode(path); },
                [this, gen, path](const ys::Expected<QImage>& image) {
                    if (!generation_.isCurrent(gen))
                        return;
                    if (image && !image->isNull())
                        pixmap_ = QPixmap::fromImage(*image);
                    else
                        message_ = ReviewText::tr("Cannot read %1").arg(path);
                    update();
                    emit imageShown();
                });
}

void ReviewCanvas::setShown(Show show)
{
    if (show == show_)
        return;
    show_ = show;
    update();
    emit shownChanged(show_);
}

void ReviewCanvas::flip()
{
    setShown(show_ == Show::Both ? Show::LabelOnly : show_ == Show::LabelOnly ? Show::PredictionOnly : Show::Both);
}

QRectF ReviewCanvas::imageRect() const
{
    const QSizeF s = QSizeF(pixmap_.deviceIndependentSize()).scaled(QSizeF(size()) - QSizeF(16, 16), Qt::KeepAspectRatio);
    return QRectF(QPointF((width() - s.width()) / 2, (height() - s.height()) / 2), s);
}

QRectF ReviewCanvas::toWidget(const ys::ReviewBox& b, const QRectF& image) const
{
    return QRectF(image.left() + b.x1 * image.width(), image.top() + b.y1 * image.height(),
                  (b.x2 - b.x1) * image.width(), (b.y2 - b.y1) * image.height());
}

void ReviewCanvas::drawLegend(QPainter& p, bool label, bool prediction) const
{
    if (!label && !prediction)
        return;
    const QFontMetrics fm(font());
    const QString labelText = ReviewText::tr("Label"), predText = ReviewText::tr("Model's box");
    const int swatch = 22, gap = 8, pad = 6;
    int w = pad;
    if (label)
        w += swatch + gap + fm.horizontalAdvance(labelText) + 2 * gap;
    if (prediction)
        w += swatch + gap + fm.horizontalAdvance(predText) + 2 * gap;
    const QRect bar(8, 8, w, fm.height() + 2 * pad);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(20, 24, 30, 215));
    p.drawRoundedRect(bar, 5, 5);
    int x = bar.left() + pad;
    const int y = bar.center().y();
    auto item = [&](const QString& text, const QColor& c, Qt::PenStyle style) {
        p.setPen(QPen(c, 2.5, style));
        p.drawLine(x, y, x + swatch, y);
        x += swatch + gap;
        p.setPen(Qt::white);
        p.drawText(QRect(x, bar.top(), fm.horizontalAdvance(text) + 2, bar.height()), Qt::AlignVCenter, text);
        x += fm.horizontalAdvance(text) + 2 * gap;
    };
    if (label)
        item(labelText, kLabelColor, Qt::SolidLine);
    if (prediction)
        item(predText, kPredictionColor, Qt::DashLine);
}

void ReviewCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), QColor(0x26, 0x2a, 0x30));
    if (pixmap_.isNull() || suspect_ < 0) {
        p.setPen(QColor(0xb0, 0xb6, 0xbe));
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
                   suspect_ < 0 ? ReviewText::tr("Select a suspect to see it on its image") : message_);
        return;
    }
    const QRectF image = imageRect();
    p.setRenderHint(QPainter::SmoothPixmapTransform);
    p.drawPixmap(image, pixmap_, QRectF(pixmap_.rect()));
    p.setRenderHint(QPainter::Antialiasing);
    const ys::Suspect& s = result_->suspects[static_cast<size_t>(suspect_)];
    const ys::ReviewImage& im = result_->images[static_cast<size_t>(s.image)];
    const bool hasLabel = s.kind != ys::SuspectKind::MissingLabel;
    const bool hasPrediction = s.hasSuggestion;
    const bool drawLabel = hasLabel && show_ != Show::PredictionOnly;
    const bool drawPrediction = hasPrediction && show_ != Show::LabelOnly;
    if (show_ != Show::PredictionOnly) {
        p.setPen(QPen(QColor(255, 255, 255, 90), 1.0));
        for (const ys::ReviewLabel& l : im.labels)
            if (l.line != s.line)
                p.drawRect(toWidget(l.box, image));
    }
    if (drawLabel) {
        p.setPen(QPen(kLabelColor, 3.0, Qt::SolidLine));
        p.drawRect(toWidget(s.box, image));
    }
    if (drawPrediction) {
        p.setPen(QPen(kPredictionColor, 3.0, Qt::DashLine));
        p.drawRect(toWidget(s.suggested, image));
    }
    drawLegend(p, drawLabel, drawPrediction);
}

}  // namespace ys::ui
