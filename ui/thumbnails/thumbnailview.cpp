#include "ui/thumbnails/thumbnailview.h"

#include "data/check.h"
#include "ui/common/icons.h"
#include "ui/common/logging.h"
#include "ui/common/palette.h"
#include "ui/thumbnails/thumbnailloader.h"
#include "ui/thumbnails/thumbnailroles.h"

#include <QApplication>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>

namespace ys::ui {
namespace {

constexpr int kPad = 6;         // inner padding of a cell
constexpr int kCaption = 20;    // caption line height under the thumbnail
constexpr int kPrefetchScreens = 2;  // screens decoded ahead of and behind the visible rows

QRect imageArea(const QRect& cell)
{
    return QRect(cell.left() + kPad, cell.top() + kPad, ThumbnailView::kThumbWidth, ThumbnailView::kThumbHeight);
}

}  // namespace

ThumbnailDelegate::ThumbnailDelegate(ThumbnailLoader* loader, QObject* parent)
    : QStyledItemDelegate(parent), loader_(loader)
{
}

QSize ThumbnailDelegate::sizeHint(const QStyleOptionViewItem&, const QModelIndex&) const
{
    return QSize(ThumbnailView::kThumbWidth + 2 * kPad, ThumbnailView::kThumbHeight + 2 * kPad + kCaption);
}

void ThumbnailDelegate::paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QRect cell = option.rect.adjusted(1, 1, -1, -1);
    const bool selected = option.state & QStyle::State_Selected;
    const bool hover = option.state & QStyle::State_MouseOver;
    const QPalette& pal = option.palette;
    p->save();
    p->setRenderHint(QPainter::Antialiasing);

    if (selected || hover) {
        QColor bg = pal.color(QPalette::Highlight);
        bg.setAlpha(selected ? 70 : 28);
        p->setPen(selected ? QPen(pal.color(QPalette::Highlight), 1.5) : Qt::NoPen);
        p->setBrush(bg);
        p->drawRoundedRect(QRectF(cell).adjusted(0.5, 0.5, -0.5, -0.5), 5, 5);
    }

    const auto* rec = index.data(ThumbnailRoles::RecordRole).value<const ys::ImageRecord*>();
    const QString path = index.data(ThumbnailRoles::PathRole).toString();
    const QRect area = imageArea(option.rect);
    const QPixmap pm = loader_->thumbnail(path);

    QRectF drawn;
    if (!pm.isNull()) {
        const QSizeF s = QSizeF(pm.deviceIndependentSize()).scaled(area.size(), Qt::KeepAspectRatio);
        drawn = QRectF(area.left() + (area.width() - s.width()) / 2, area.top() + (area.height() - s.height()) / 2,
                       s.width(), s.height());
        p->setRenderHint(QPainter::SmoothPixmapTransform);
        p->drawPixmap(drawn, pm, QRectF(pm.rect()));
        ++painted_;
    } else {
        QSizeF s(area.size());
        if (rec && rec->width > 0 && rec->height > 0)
            s = QSizeF(rec->width, rec->height).scaled(area.size(), Qt::KeepAspectRatio);
        drawn = QRectF(area.left() + (area.width() - s.width()) / 2, area.top() + (area.height() - s.height()) / 2,
                       s.width(), s.height());
        p->setPen(Qt::NoPen);
        p->setBrush(pal.color(QPalette::Midlight));
        p->drawRect(drawn);
        if (loader_->failed(path)) {
            p->setPen(pal.color(QPalette::PlaceholderText));
            p->drawText(drawn, Qt::AlignCenter | Qt::TextWordWrap, tr("Cannot decode"));
        } else {
            ++missing_;
        }
    }

    if (showBoxes_ && rec && !rec->boxes.empty() && drawn.isValid()) {
        p->setBrush(Qt::NoBrush);
        for (const ys::LabelBox& b : rec->boxes) {
            const QRectF r(drawn.left() + (b.cx - b.w / 2) * drawn.width(), drawn.top() + (b.cy - b.h / 2) * drawn.height(),
                           b.w * drawn.width(), b.h * drawn.height());
            p->setPen(QPen(classColor(b.cls), 1.4));
            p->drawRect(r.intersected(drawn.adjusted(-1, -1, 1, 1)));
        }
    }

    const QVariant severity = index.data(ThumbnailRoles::WorstSeverityRole);
    const int worst = severity.isValid() ? severity.toInt() : -1;
    if (worst >= 0) {
        const QRect badge(area.right() - 17, area.top() + 1, 18, 18);
        p->setPen(Qt::NoPen);
        p->setBrush(QColor(255, 255, 255, 220));
        p->drawEllipse(badge.adjusted(-1, -1, 1, 1));
        severityIcon(static_cast<ys::Severity>(worst)).paint(p, badge);
    }

    const QRect caption(cell.left() + kPad, area.bottom() + 3, cell.width() - 2 * kPad, kCaption - 2);
    QFont f = option.font;
    p->setFont(f);
    const QString count = rec ? QString::number(rec->boxes.size()) : QString();
    const int countWidth = option.fontMetrics.horizontalAdvance(count) + 4;
    p->setPen(selected ? pal.color(QPalette::Text) : pal.color(QPalette::PlaceholderText));
    p->drawText(caption, Qt::AlignRight | Qt::AlignVCenter, count);
    p->setPen(pal.color(QPalette::Text));
    const QString name = option.fontMetrics.elidedText(index.data(Qt::DisplayRole).toString(), Qt::ElideMiddle,
                                                       caption.width() - countWidth - 4);
    p->drawText(caption.adjusted(0, 0, -countWidth, 0), Qt::AlignLeft | Qt::AlignVCenter, name);
    p->restore();
}

ThumbnailView::ThumbnailView(QWidget* parent)
    : QListView(parent), requestTimer_(new QTimer(this)), repaintTimer_(new QTimer(this))
{
    const qreal dpr = qApp ? qApp->devicePixelRatio() : 1.0;
    loader_ = new ThumbnailLoader(QSize(qRound(kThumbWidth * dpr), qRound(kThumbHeight * dpr)), this);
    loader_->setObjectName(QStringLiteral("thumbnailLoader"));
    delegate_ = new ThumbnailDelegate(loader_, this);
    setItemDelegate(delegate_);
    setViewMode(QListView::IconMode);
    setMovement(QListView::Static);  // static layout: no per-item positions, fast for 100,000 rows
    setFlow(QListView::LeftToRight);
    setWrapping(true);
    setResizeMode(QListView::Adjust);
    setUniformItemSizes(true);
    setSpacing(4);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    verticalScrollBar()->setSingleStep(24);
    setMouseTracking(true);
    setAttribute(Qt::WA_Hover);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setDragEnabled(false);

    requestTimer_->setSingleShot(true);
    requestTimer_->setInterval(10);  // coalesces scroll steps and model changes
    connect(requestTimer_, &QTimer::timeout, this, &ThumbnailView::requestThumbnails);
    repaintTimer_->setSingleShot(true);
    repaintTimer_->setInterval(16);  // at most one repaint per frame while thumbnails stream in
    connect(repaintTimer_, &QTimer::timeout, viewport(), qOverload<>(&QWidget::update));
    connect(loader_, &ThumbnailLoader::thumbnailReady, this, &ThumbnailView::scheduleRepaint);
}

void ThumbnailView::setModel(QAbstractItemModel* model)
{
    if (this->model())
        disconnect(this->model(), nullptr, this, nullptr);
    QListView::setModel(model);
    if (!model)
        return;
    connect(model, &QAbstractItemModel::modelReset, this, &ThumbnailView::scheduleRequest);
    connect(model, &QAbstractItemModel::layoutChanged, this, &ThumbnailView::scheduleRequest);
    connect(model, &QAbstractItemModel::rowsInserted, this, &ThumbnailView::scheduleRequest);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ThumbnailView::scheduleRequest);
    scheduleRequest();
}

void ThumbnailView::setShowBoxes(bool show)
{
    delegate_->setShowBoxes(show);
    viewport()->update();
}

void ThumbnailView::clearThumbnails()
{
    loader_->clear();
}

void ThumbnailView::startFirstPaintTimer()
{
    firstPaint_.start();
    firstPaintPending_ = true;
}

std::pair<int, int> ThumbnailView::visibleRows() const
{
    if (!model() || model()->rowCount() == 0)
        return {-1, -1};
    const QSize cell = delegate_->sizeHint(QStyleOptionViewItem(), QModelIndex()) + QSize(spacing(), spacing());
    const QRect vp = viewport()->rect();
    int first = -1, last = -1;
    // Probe the centre of every grid cell that can intersect the viewport (the layout is a uniform grid).
    for (int y = vp.top() + spacing(); y <= vp.bottom() + cell.height(); y += cell.height()) {
        for (int x = vp.left() + spacing() + cell.width() / 2; x <= vp.right(); x += cell.width()) {
            const int py = std::min(y + cell.height() / 2 - spacing(), vp.bottom());
            const QModelIndex idx = indexAt(QPoint(x, std::max(vp.top(), py)));
            if (!idx.isValid())
                continue;
            first = first < 0 ? idx.row() : std::min(first, idx.row());
            last = std::max(last, idx.row());
        }
    }
    // The top row may be partly scrolled out: probe its lower part as well.
    const QModelIndex top = indexAt(QPoint(vp.left() + spacing() + cell.width() / 2, vp.top() + 1));
    if (top.isValid())
        first = first < 0 ? top.row() : std::min(first, top.row());
    if (first >= 0 && last < first)
        last = first;
    return {first, last};
}

void ThumbnailView::scheduleRequest()
{
    requestTimer_->start();
}

void ThumbnailView::requestThumbnails()
{
    if (!model())
        return;
    const auto [first, last] = visibleRows();
    if (first < 0) {
        loader_->request({});
        return;
    }
    const int n = model()->rowCount();
    const int screen = last - first + 1;
    QStringList wanted;
    wanted.reserve(screen * (1 + 2 * kPrefetchScreens));
    auto add = [&](int row) { wanted << model()->index(row, 0).data(ThumbnailRoles::PathRole).toString(); };
    for (int r = first; r <= last; ++r)
        add(r);
    // Then alternate below and above, nearest first (scrolling down is the common direction).
    for (int k = 1; k <= screen * kPrefetchScreens; ++k) {
        if (last + k < n)
            add(last + k);
        if (first - k >= 0 && k <= screen)
            add(first - k);
    }
    loader_->request(wanted);
}

void ThumbnailView::scheduleRepaint(const QString&)
{
    if (!repaintTimer_->isActive())
        repaintTimer_->start();
}

void ThumbnailView::paintEvent(QPaintEvent* event)
{
    delegate_->resetPaintCounters();
    QListView::paintEvent(event);
    if (firstPaintPending_ && delegate_->paintedWithThumbnail() > 0 && delegate_->paintedWithoutThumbnail() == 0 &&
        event->rect() == viewport()->rect()) {
        firstPaintPending_ = false;
        const qint64 ms = firstPaint_.elapsed();
        qCInfo(lcPerf) << "first screen of thumbnails painted" << ms << "ms after the model was set";
        emit firstScreenPainted(ms);
    }
}

void ThumbnailView::resizeEvent(QResizeEvent* event)
{
    QListView::resizeEvent(event);
    scheduleRequest();
}

void ThumbnailView::scrollContentsBy(int dx, int dy)
{
    QListView::scrollContentsBy(dx, dy);
    scheduleRequest();
}

}  // namespace ys::ui
