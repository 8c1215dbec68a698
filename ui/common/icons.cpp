#include "ui/common/icons.h"

#include <QIconEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

#include <functional>

namespace ys::ui {
namespace {

using PaintFn = std::function<void(QPainter&, const QRectF&, QIcon::Mode)>;

// Paints on demand at the requested size; QIcon caches the pixmaps.
class PaintedIconEngine final : public QIconEngine {
public:
    explicit PaintedIconEngine(PaintFn fn) : fn_(std::move(fn)) {}
    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State) override
    {
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        fn_(*painter, QRectF(rect), mode);
        painter->restore();
    }
    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override
    {
        QPixmap pm(size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        paint(&p, QRect(QPoint(0, 0), size), mode, state);
        return pm;
    }
    QIconEngine* clone() const override { return new PaintedIconEngine(fn_); }

private:
    PaintFn fn_;
};

QColor ink(QIcon::Mode mode)
{
    return mode == QIcon::Disabled ? QColor(160, 160, 160) : QColor(0x3b, 0x4a, 0x5a);
}

QColor accent(QIcon::Mode mode)
{
    return mode == QIcon::Disabled ? QColor(180, 180, 180) : QColor(0x2d, 0x6d, 0xa3);
}

QIcon painted(PaintFn fn)
{
    return QIcon(new PaintedIconEngine(std::move(fn)));
}

// Rect in a 16x16 design grid mapped into r.
QRectF g(const QRectF& r, qreal x, qreal y, qreal w, qreal h)
{
    const qreal s = std::min(r.width(), r.height()) / 16.0;
    const QPointF o(r.center().x() - 8 * s, r.center().y() - 8 * s);
    return QRectF(o.x() + x * s, o.y() + y * s, w * s, h * s);
}

qreal unit(const QRectF& r)
{
    return std::min(r.width(), r.height()) / 16.0;
}

void magnifier(QPainter& p, const QRectF& r, QIcon::Mode m, int sign)
{
    const qreal s = unit(r);
    p.setPen(QPen(ink(m), 1.6 * s, Qt::SolidLine, Qt::RoundCap));
    p.setBrush(Qt::NoBrush);
    const QRectF lens = g(r, 1.5, 1.5, 9.5, 9.5);
    p.drawEllipse(lens);
    p.setPen(QPen(ink(m), 2.4 * s, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(g(r, 9.8, 9.8, 0, 0).topLeft(), g(r, 14.2, 14.2, 0, 0).topLeft());
    p.setPen(QPen(accent(m), 1.5 * s, Qt::SolidLine, Qt::RoundCap));
    const QPointF c = lens.center();
    if (sign != 0)
        p.drawLine(c - QPointF(2.6 * s, 0), c + QPointF(2.6 * s, 0));
    if (sign > 0)
        p.drawLine(c - QPointF(0, 2.6 * s), c + QPointF(0, 2.6 * s));
    if (sign == 0) {
        p.drawRect(QRectF(c - QPointF(2.4 * s, 2.0 * s), c + QPointF(2.4 * s, 2.0 * s)));
    }
}

}  // namespace

QColor severityColor(ys::Severity severity)
{
    switch (severity) {
    case ys::Severity::Error: return QColor(0xd3, 0x2f, 0x2f);
    case ys::Severity::Warning: return QColor(0xf0, 0x9a, 0x00);
    case ys::Severity::Info: return QColor(0x1e, 0x88, 0xe5);
    }
    return Qt::gray;
}

QIcon severityIcon(ys::Severity severity)
{
    static const QIcon icons[3] = {
        painted([](QPainter& p, const QRectF& r, QIcon::Mode) {
            const qreal s = unit(r);
            p.setPen(Qt::NoPen);
            p.setBrush(severityColor(ys::Severity::Error));
            p.drawEllipse(g(r, 1, 1, 14, 14));
            p.setPen(QPen(Qt::white, 2.0 * s, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(g(r, 5.2, 5.2, 0, 0).topLeft(), g(r, 10.8, 10.8, 0, 0).topLeft());
            p.drawLine(g(r, 10.8, 5.2, 0, 0).topLeft(), g(r, 5.2, 10.8, 0, 0).topLeft());
        }),
        painted([](QPainter& p, const QRectF& r, QIcon::Mode) {
            const qreal s = unit(r);
            QPainterPath tri;
            tri.moveTo(g(r, 8, 1, 0, 0).topLeft());
            tri.lineTo(g(r, 15.2, 14.5, 0, 0).topLeft());
            tri.lineTo(g(r, 0.8, 14.5, 0, 0).topLeft());
            tri.closeSubpath();
            p.setPen(QPen(severityColor(ys::Severity::Warning), 1.0 * s, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            p.setBrush(severityColor(ys::Severity::Warning));
            p.drawPath(tri);
            p.setPen(QPen(Qt::white, 1.9 * s, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(g(r, 8, 5.6, 0, 0).topLeft(), g(r, 8, 9.6, 0, 0).topLeft());
            p.drawPoint(g(r, 8, 12.2, 0, 0).topLeft());
        }),
        painted([](QPainter& p, const QRectF& r, QIcon::Mode) {
            const qreal s = unit(r);
            p.setPen(Qt::NoPen);
            p.setBrush(severityColor(ys::Severity::Info));
            p.drawEllipse(g(r, 1, 1, 14, 14));
            p.setPen(QPen(Qt::white, 1.9 * s, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(g(r, 8, 7.2, 0, 0).topLeft(), g(r, 8, 11.6, 0, 0).topLeft());
            p.drawPoint(g(r, 8, 4.6, 0, 0).topLeft());
        }),
    };
    return icons[static_cast<int>(severity) % 3];
}

namespace {

// One function per toolbar and menu icon, drawn on a 16 x 16 grid (g) scaled to the requested size.
void drawDataset(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(Qt::NoPen);
    const QColor c[4] = {QColor(0xe6, 0x19, 0x4b), QColor(0x3c, 0xb4, 0x4b), QColor(0x43, 0x63, 0xd8),
                         QColor(0xf5, 0x82, 0x31)};
    int k = 0;
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 2; ++x) {
            p.setBrush(m == QIcon::Disabled ? QColor(170, 170, 170) : c[k++]);
            p.drawRoundedRect(g(r, 1.5 + x * 7, 1.5 + y * 7, 6, 6), 1.2 * s, 1.2 * s);
        }
}

void drawOpen(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(QPen(QColor(0xb0, 0x7d, 0x1a), 1.0 * s));
    p.setBrush(m == QIcon::Disabled ? QColor(200, 200, 200) : QColor(0xf2, 0xc0, 0x4c));
    QPainterPath back;
    back.moveTo(g(r, 1, 3, 0, 0).topLeft());
    back.lineTo(g(r, 6, 3, 0, 0).topLeft());
    back.lineTo(g(r, 7.5, 4.5, 0, 0).topLeft());
    back.lineTo(g(r, 15, 4.5, 0, 0).topLeft());
    back.lineTo(g(r, 15, 13.5, 0, 0).topLeft());
    back.lineTo(g(r, 1, 13.5, 0, 0).topLeft());
    back.closeSubpath();
    p.drawPath(back);
    p.setBrush(m == QIcon::Disabled ? QColor(220, 220, 220) : QColor(0xfb, 0xd7, 0x76));
    QPainterPath front;
    front.moveTo(g(r, 1, 13.5, 0, 0).topLeft());
    front.lineTo(g(r, 3.2, 7, 0, 0).topLeft());
    front.lineTo(g(r, 15.5, 7, 0, 0).topLeft());
    front.lineTo(g(r, 15, 13.5, 0, 0).topLeft());
    front.closeSubpath();
    p.drawPath(front);
}

void drawDemo(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(QPen(ink(m), 1.2 * s));
    p.setBrush(m == QIcon::Disabled ? QColor(230, 230, 230) : QColor(0xe8, 0xf0, 0xf8));
    p.drawRoundedRect(g(r, 1, 2, 14, 12), 1.5 * s, 1.5 * s);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(m == QIcon::Disabled ? QColor(170, 170, 170) : QColor(0xe6, 0x19, 0x4b), 1.4 * s));
    p.drawRect(g(r, 3.5, 4.5, 5, 5));
    p.setPen(QPen(m == QIcon::Disabled ? QColor(170, 170, 170) : QColor(0x3c, 0xb4, 0x4b), 1.4 * s));
    p.drawRect(g(r, 7.5, 7, 5.5, 4.5));
}

void drawExport(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(QPen(ink(m), 1.5 * s, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.setBrush(Qt::NoBrush);
    QPainterPath tray;
    tray.moveTo(g(r, 2, 9, 0, 0).topLeft());
    tray.lineTo(g(r, 2, 14, 0, 0).topLeft());
    tray.lineTo(g(r, 14, 14, 0, 0).topLeft());
    tray.lineTo(g(r, 14, 9, 0, 0).topLeft());
    p.drawPath(tray);
    p.setPen(QPen(accent(m), 1.8 * s, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawLine(g(r, 8, 11, 0, 0).topLeft(), g(r, 8, 2, 0, 0).topLeft());
    p.drawLine(g(r, 4.8, 5, 0, 0).topLeft(), g(r, 8, 1.8, 0, 0).topLeft());
    p.drawLine(g(r, 11.2, 5, 0, 0).topLeft(), g(r, 8, 1.8, 0, 0).topLeft());
}

void drawCheck(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    QPainterPath shield;
    shield.moveTo(g(r, 8, 1, 0, 0).topLeft());
    shield.lineTo(g(r, 14, 3, 0, 0).topLeft());
    shield.cubicTo(g(r, 14, 9, 0, 0).topLeft(), g(r, 12, 12.5, 0, 0).topLeft(), g(r, 8, 15, 0, 0).topLeft());
    shield.cubicTo(g(r, 4, 12.5, 0, 0).topLeft(), g(r, 2, 9, 0, 0).topLeft(), g(r, 2, 3, 0, 0).topLeft());
    shield.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(m == QIcon::Disabled ? QColor(180, 180, 180) : QColor(0x2e, 0x7d, 0x32));
    p.drawPath(shield);
    p.setPen(QPen(Qt::white, 1.8 * s, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawLine(g(r, 5, 8, 0, 0).topLeft(), g(r, 7.3, 10.3, 0, 0).topLeft());
    p.drawLine(g(r, 7.3, 10.3, 0, 0).topLeft(), g(r, 11.2, 5.6, 0, 0).topLeft());
}

void drawCancel(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(QPen(m == QIcon::Disabled ? QColor(170, 170, 170) : QColor(0xc6, 0x28, 0x28), 2.0 * s,
                  Qt::SolidLine, Qt::RoundCap));
    p.drawLine(g(r, 4, 4, 0, 0).topLeft(), g(r, 12, 12, 0, 0).topLeft());
    p.drawLine(g(r, 12, 4, 0, 0).topLeft(), g(r, 4, 12, 0, 0).topLeft());
}

void drawRefresh(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(QPen(accent(m), 1.8 * s, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.setBrush(Qt::NoBrush);
    // A 300° arc from the top clockwise round to the upper right, the arrow head at its end.
    p.drawArc(g(r, 2.5, 2.5, 11, 11), 60 * 16, 300 * 16);
    QPainterPath head;
    head.moveTo(g(r, 10.2, 1.6, 0, 0).topLeft());
    head.lineTo(g(r, 13.4, 3.4, 0, 0).topLeft());
    head.lineTo(g(r, 10.6, 5.8, 0, 0).topLeft());
    p.drawPath(head);
}

void drawTrash(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(QPen(ink(m), 1.3 * s, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.setBrush(m == QIcon::Disabled ? QColor(230, 230, 230) : QColor(0xe3, 0xe8, 0xee));
    QPainterPath bin;
    bin.moveTo(g(r, 3.5, 4.5, 0, 0).topLeft());
    bin.lineTo(g(r, 4.5, 14.5, 0, 0).topLeft());
    bin.lineTo(g(r, 11.5, 14.5, 0, 0).topLeft());
    bin.lineTo(g(r, 12.5, 4.5, 0, 0).topLeft());
    p.drawPath(bin);
    p.drawLine(g(r, 2, 4.5, 0, 0).topLeft(), g(r, 14, 4.5, 0, 0).topLeft());
    p.drawLine(g(r, 6.5, 2.5, 0, 0).topLeft(), g(r, 9.5, 2.5, 0, 0).topLeft());
    p.drawLine(g(r, 6.5, 7, 0, 0).topLeft(), g(r, 6.8, 12, 0, 0).topLeft());
    p.drawLine(g(r, 9.5, 7, 0, 0).topLeft(), g(r, 9.2, 12, 0, 0).topLeft());
}

void drawCompare(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(ink(m), 1.0 * s));
    p.drawLine(g(r, 1.5, 14.5, 0, 0).topLeft(), g(r, 14.5, 14.5, 0, 0).topLeft());
    QPainterPath a;
    a.moveTo(g(r, 1.5, 13, 0, 0).topLeft());
    a.cubicTo(g(r, 5, 4, 0, 0).topLeft(), g(r, 9, 3, 0, 0).topLeft(), g(r, 14.5, 2.5, 0, 0).topLeft());
    p.setPen(QPen(accent(m), 1.7 * s, Qt::SolidLine, Qt::RoundCap));
    p.drawPath(a);
    QPainterPath b;
    b.moveTo(g(r, 1.5, 13, 0, 0).topLeft());
    b.cubicTo(g(r, 6, 9, 0, 0).topLeft(), g(r, 10, 7, 0, 0).topLeft(), g(r, 14.5, 6.5, 0, 0).topLeft());
    p.setPen(QPen(m == QIcon::Disabled ? QColor(180, 180, 180) : QColor(0xf5, 0x82, 0x31), 1.7 * s,
                  Qt::DashLine, Qt::RoundCap));
    p.drawPath(b);
}

void drawTrain(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(QPen(ink(m), 1.2 * s, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(g(r, 1.5, 14.5, 0, 0).topLeft(), g(r, 14.5, 14.5, 0, 0).topLeft());
    p.drawLine(g(r, 1.5, 14.5, 0, 0).topLeft(), g(r, 1.5, 1.5, 0, 0).topLeft());
    QPainterPath loss;
    loss.moveTo(g(r, 2.5, 3, 0, 0).topLeft());
    loss.cubicTo(g(r, 5, 10, 0, 0).topLeft(), g(r, 8, 11.5, 0, 0).topLeft(), g(r, 14.5, 12, 0, 0).topLeft());
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(m == QIcon::Disabled ? QColor(170, 170, 170) : QColor(0xe6, 0x19, 0x4b), 1.6 * s,
                  Qt::SolidLine, Qt::RoundCap));
    p.drawPath(loss);
    QPainterPath map;
    map.moveTo(g(r, 2.5, 13, 0, 0).topLeft());
    map.cubicTo(g(r, 6, 6, 0, 0).topLeft(), g(r, 9, 4.5, 0, 0).topLeft(), g(r, 14.5, 3.5, 0, 0).topLeft());
    p.setPen(QPen(accent(m), 1.6 * s, Qt::SolidLine, Qt::RoundCap));
    p.drawPath(map);
}

void drawRuns(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    for (int k = 2; k >= 0; --k) {
        p.setPen(QPen(ink(m), 1.0 * s));
        p.setBrush(m == QIcon::Disabled ? QColor(220, 220, 220)
                                        : QColor::fromHsv(205, 60 + 40 * k, 250 - 25 * k));
        p.drawRoundedRect(g(r, 1.5 + k * 1.5, 1.5 + k * 3, 13 - k * 1.5, 8), 1.2 * s, 1.2 * s);
    }
    p.setPen(QPen(m == QIcon::Disabled ? QColor(170, 170, 170) : QColor(0x3c, 0xb4, 0x4b), 1.5 * s,
                  Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawLine(g(r, 6, 11.5, 0, 0).topLeft(), g(r, 7.8, 13.2, 0, 0).topLeft());
    p.drawLine(g(r, 7.8, 13.2, 0, 0).topLeft(), g(r, 11.5, 9.5, 0, 0).topLeft());
}

void drawStart(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    QPainterPath tri;
    tri.moveTo(g(r, 4, 2.5, 0, 0).topLeft());
    tri.lineTo(g(r, 13.5, 8, 0, 0).topLeft());
    tri.lineTo(g(r, 4, 13.5, 0, 0).topLeft());
    tri.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(m == QIcon::Disabled ? QColor(180, 180, 180) : QColor(0x2e, 0x7d, 0x32));
    p.drawPath(tri);
}

void drawPause(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(Qt::NoPen);
    p.setBrush(m == QIcon::Disabled ? QColor(180, 180, 180) : QColor(0xf0, 0x9a, 0x00));
    p.drawRoundedRect(g(r, 3.5, 2.5, 3.4, 11), 0.8 * s, 0.8 * s);
    p.drawRoundedRect(g(r, 9.1, 2.5, 3.4, 11), 0.8 * s, 0.8 * s);
}

void drawStop(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(Qt::NoPen);
    p.setBrush(m == QIcon::Disabled ? QColor(180, 180, 180) : QColor(0xc6, 0x28, 0x28));
    p.drawRoundedRect(g(r, 3, 3, 10, 10), 1.2 * s, 1.2 * s);
}

void drawFit(QPainter& p, const QRectF& r, QIcon::Mode m)
{
    const qreal s = unit(r);
    p.setPen(QPen(ink(m), 1.1 * s));
    p.setBrush(m == QIcon::Disabled ? QColor(225, 225, 225) : QColor(0xe3, 0xec, 0xf5));
    p.drawRoundedRect(g(r, 1, 3.5, 14, 9), 1.2 * s, 1.2 * s);
    for (int k = 0; k < 5; ++k)
        p.drawLine(g(r, 3 + k * 2.5, 12.5, 0, 0).topLeft(), g(r, 3 + k * 2.5, 14.5, 0, 0).topLeft());
    p.setPen(Qt::NoPen);
    p.setBrush(m == QIcon::Disabled ? QColor(170, 170, 170) : QColor(0x3c, 0xb4, 0x4b));
    p.drawRect(g(r, 3, 6, 7, 4));
    p.setBrush(m == QIcon::Disabled ? QColor(200, 200, 200) : QColor(0xd0, 0xd8, 0xe0));
    p.drawRect(g(r, 10, 6, 3, 4));
}

}  // namespace

QIcon icon(IconId id)
{
    switch (id) {
    case IconId::App:
        return QIcon(QStringLiteral(":/icons/yolostudio.png"));
    case IconId::Dataset:
        return painted(drawDataset);
    case IconId::Open:
        return painted(drawOpen);
    case IconId::Demo:
        return painted(drawDemo);
    case IconId::Export:
        return painted(drawExport);
    case IconId::Check:
        return painted(drawCheck);
    case IconId::Cancel:
        return painted(drawCancel);
    case IconId::Refresh:
        return painted(drawRefresh);
    case IconId::Trash:
        return painted(drawTrash);
    case IconId::Compare:
        return painted(drawCompare);
    case IconId::ZoomIn:
        return painted([](QPainter& p, const QRectF& r, QIcon::Mode m) { magnifier(p, r, m, +1); });
    case IconId::ZoomOut:
        return painted([](QPainter& p, const QRectF& r, QIcon::Mode m) { magnifier(p, r, m, -1); });
    case IconId::ZoomFit:
        return painted([](QPainter& p, const QRectF& r, QIcon::Mode m) { magnifier(p, r, m, 0); });
    case IconId::Train:
        return painted(drawTrain);
    case IconId::Runs:
        return painted(drawRuns);
    case IconId::Start:
        return painted(drawStart);
    case IconId::Pause:
        return painted(drawPause);
    case IconId::Stop:
        return painted(drawStop);
    case IconId::Fit:
        return painted(drawFit);
    }
    return {};
}

QIcon runStatusIcon(RunStatusIcon status)
{
    enum class Glyph { Tick, Square, Bars, Play, Cross, Question };
    struct Look {
        QColor disc;
        Glyph glyph;
    };
    auto look = [](RunStatusIcon st) -> Look {
        switch (st) {
        case RunStatusIcon::Finished: return {QColor(0x2e, 0x7d, 0x32), Glyph::Tick};
        case RunStatusIcon::Stopped: return {QColor(0x75, 0x75, 0x75), Glyph::Square};
        case RunStatusIcon::StoppedEarly: return {QColor(0x00, 0x89, 0x7b), Glyph::Tick};
        case RunStatusIcon::Interrupted: return {QColor(0xef, 0x6c, 0x00), Glyph::Bars};
        case RunStatusIcon::Resumable: return {QColor(0xef, 0x6c, 0x00), Glyph::Play};
        case RunStatusIcon::Failed: return {severityColor(ys::Severity::Error), Glyph::Cross};
        case RunStatusIcon::Running: return {QColor(0x1e, 0x88, 0xe5), Glyph::Play};
        case RunStatusIcon::NotARun: return {QColor(0x9e, 0x9e, 0x9e), Glyph::Question};
        }
        return {Qt::gray, Glyph::Question};
    };
    const Look l = look(status);
    return painted([l](QPainter& p, const QRectF& r, QIcon::Mode m) {
        const qreal s = unit(r);
        const QColor disc = m == QIcon::Disabled ? QColor(180, 180, 180) : l.disc;
        if (l.glyph == Glyph::Question) {
            p.setPen(QPen(disc, 1.6 * s));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(g(r, 1.5, 1.5, 13, 13));
            QPainterPath q;
            q.moveTo(g(r, 5.6, 6.2, 0, 0).topLeft());
            q.cubicTo(g(r, 5.6, 3.2, 0, 0).topLeft(), g(r, 10.6, 3.2, 0, 0).topLeft(), g(r, 10.4, 6.2, 0, 0).topLeft());
            q.cubicTo(g(r, 10.2, 8.2, 0, 0).topLeft(), g(r, 8, 8, 0, 0).topLeft(), g(r, 8, 10, 0, 0).topLeft());
            p.setPen(QPen(disc, 1.7 * s, Qt::SolidLine, Qt::RoundCap));
            p.drawPath(q);
            p.drawPoint(g(r, 8, 12.4, 0, 0).topLeft());
            return;
        }
        p.setPen(Qt::NoPen);
        p.setBrush(disc);
        p.drawEllipse(g(r, 1, 1, 14, 14));
        p.setPen(QPen(Qt::white, 1.9 * s, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.setBrush(Qt::white);
        switch (l.glyph) {
        case Glyph::Tick:
            p.setBrush(Qt::NoBrush);
            p.drawLine(g(r, 4.6, 8.2, 0, 0).topLeft(), g(r, 7, 10.6, 0, 0).topLeft());
            p.drawLine(g(r, 7, 10.6, 0, 0).topLeft(), g(r, 11.4, 5.4, 0, 0).topLeft());
            break;
        case Glyph::Square:
            p.setPen(Qt::NoPen);
            p.drawRect(g(r, 5, 5, 6, 6));
            break;
        case Glyph::Bars:
            p.setPen(Qt::NoPen);
            p.drawRect(g(r, 5, 4.5, 2.2, 7));
            p.drawRect(g(r, 8.8, 4.5, 2.2, 7));
            break;
        case Glyph::Play: {
            p.setPen(Qt::NoPen);
            QPainterPath tri;
            tri.moveTo(g(r, 6, 4.2, 0, 0).topLeft());
            tri.lineTo(g(r, 11.8, 8, 0, 0).topLeft());
            tri.lineTo(g(r, 6, 11.8, 0, 0).topLeft());
            tri.closeSubpath();
            p.drawPath(tri);
            break;
        }
        case Glyph::Cross:
            p.setBrush(Qt::NoBrush);
            p.drawLine(g(r, 5.2, 5.2, 0, 0).topLeft(), g(r, 10.8, 10.8, 0, 0).topLeft());
            p.drawLine(g(r, 10.8, 5.2, 0, 0).topLeft(), g(r, 5.2, 10.8, 0, 0).topLeft());
            break;
        case Glyph::Question:
            break;
        }
    });
}

}  // namespace ys::ui
