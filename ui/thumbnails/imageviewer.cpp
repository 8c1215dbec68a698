#include "ui/thumbnails/imageviewer.h"

#include "ui/common/findingtext.h"
#include "ui/common/icons.h"
#include "ui/common/logging.h"
#include "ui/common/palette.h"
#include "ui/common/pooljob.h"

#include <QAction>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImageReader>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>

namespace ys::ui {
namespace {

constexpr double kMinZoom = 0.02;
constexpr double kMaxZoom = 32.0;
constexpr double kStep = 1.25;  // one wheel notch or one Ctrl+=

struct Decoded {
    QImage image;
    QString error;
};

Decoded decodeFull(const QString& path)
{
    QImageReader reader(path);
    reader.setAutoTransform(true);
    Decoded d;
    d.image = reader.read();
    if (d.image.isNull())
        d.error = reader.errorString();
    return d;
}

}  // namespace

ImageCanvas::ImageCanvas(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(false);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setCursor(Qt::OpenHandCursor);
}

void ImageCanvas::setImage(const QImage& image)
{
    pixmap_ = image.isNull() ? QPixmap() : QPixmap::fromImage(image);
    if (!pixmap_.isNull())
        message_.clear();
    if (fit_ || pixmap_.isNull())
        fitToWindow();
    else
        clampOffset();
    update();
}

void ImageCanvas::setBoxes(std::vector<ys::LabelBox> boxes, QStringList names)
{
    boxes_ = std::move(boxes);
    names_ = std::move(names);
    highlighted_ = -1;
    update();
}

void ImageCanvas::setMessage(const QString& text)
{
    message_ = text;
    update();
}

void ImageCanvas::setNote(const QString& text, int severity)
{
    note_ = text;
    noteSeverity_ = severity;
    update();
}

void ImageCanvas::setHighlightedBox(int box)
{
    highlighted_ = (box >= 0 && box < static_cast<int>(boxes_.size())) ? box : -1;
    if (highlighted_ >= 0 && !pixmap_.isNull()) {
        // Bring the box into view when zoomed in; in fit mode everything is visible already.
        const QRectF r = boxRect(boxes_[static_cast<size_t>(highlighted_)]);
        if (!rect().contains(r.toAlignedRect()))
            centreOn(r);
    }
    update();
}

void ImageCanvas::centreOn(const QRectF& widgetRect)
{
    offset_ += QPointF(rect().center()) - widgetRect.center();
    clampOffset();
}

QRectF ImageCanvas::boxRect(const ys::LabelBox& b) const
{
    const QSizeF s = QSizeF(pixmap_.deviceIndependentSize()) * scale_;
    return QRectF(offset_.x() + (b.cx - b.w / 2) * s.width(), offset_.y() + (b.cy - b.h / 2) * s.height(),
                  b.w * s.width(), b.h * s.height());
}

void ImageCanvas::zoomBy(double factor, QPointF anchor)
{
    if (pixmap_.isNull())
        return;
    const double next = std::clamp(scale_ * factor, kMinZoom, kMaxZoom);
    // Keep the image point under `anchor` fixed.
    const QPointF imagePoint = (anchor - offset_) / scale_;
    scale_ = next;
    offset_ = anchor - imagePoint * scale_;
    fit_ = false;
    clampOffset();
    update();
    emit zoomChanged(scale_);
}

void ImageCanvas::zoomIn()
{
    zoomBy(kStep, QPointF(rect().center()));
}

void ImageCanvas::zoomOut()
{
    zoomBy(1.0 / kStep, QPointF(rect().center()));
}

void ImageCanvas::fitToWindow()
{
    fit_ = true;
    if (pixmap_.isNull()) {
        scale_ = 1.0;
        offset_ = {};
        emit zoomChanged(scale_);
        return;
    }
    const QSizeF img = pixmap_.deviceIndependentSize();
    const QSizeF avail = QSizeF(size()) - QSizeF(16, 16);
    scale_ = std::max(kMinZoom, std::min(avail.width() / img.width(), avail.height() / img.height()));
    offset_ = QPointF((width() - img.width() * scale_) / 2, (height() - img.height() * scale_) / 2);
    update();
    emit zoomChanged(scale_);
}

void ImageCanvas::clampOffset()
{
    if (pixmap_.isNull())
        return;
    const QSizeF s = QSizeF(pixmap_.deviceIndependentSize()) * scale_;
    // A smaller image stays centred on that axis; a larger one may not leave a gap at either edge.
    auto axis = [](double off, double extent, double view) {
        if (extent <= view)
            return (view - extent) / 2;
        return std::clamp(off, view - extent, 0.0);
    };
    offset_ = QPointF(axis(offset_.x(), s.width(), width()), axis(offset_.y(), s.height(), height()));
}

void ImageCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), QColor(0x26, 0x2a, 0x30));
    if (pixmap_.isNull()) {
        p.setPen(QColor(0xb0, 0xb6, 0xbe));
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, message_);
        return;
    }
    const QSizeF s = QSizeF(pixmap_.deviceIndependentSize()) * scale_;
    const QRectF target(offset_, s);
    // Smooth when shrinking; crisp pixels when zoomed in far enough to inspect a label's edge.
    p.setRenderHint(QPainter::SmoothPixmapTransform, scale_ < 3.0);
    p.drawPixmap(target, pixmap_, QRectF(pixmap_.rect()));

    p.setRenderHint(QPainter::Antialiasing);
    QFont f = font();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() * 0.9));
    f.setBold(true);
    p.setFont(f);
    const QFontMetrics fm(f);
    const bool anyHighlight = highlighted_ >= 0;
    for (int pass = 0; pass < 2; ++pass) {  // the highlighted box last, on top
        for (int i = 0; i < static_cast<int>(boxes_.size()); ++i) {
            const bool hl = i == highlighted_;
            if ((pass == 1) != hl)
                continue;
            const ys::LabelBox& b = boxes_[static_cast<size_t>(i)];
            QColor c = classColor(b.cls);
            if (anyHighlight && !hl)
                c.setAlpha(110);
            const QRectF r = boxRect(b);
            if (hl) {
                p.setPen(QPen(QColor(255, 255, 255, 230), 5.0));
                p.setBrush(Qt::NoBrush);
                p.drawRect(r);
            }
            p.setPen(QPen(c, hl ? 3.0 : 2.0));
            p.setBrush(hl ? QBrush(QColor(c.red(), c.green(), c.blue(), 40)) : QBrush(Qt::NoBrush));
            p.drawRect(r);
            const QString name = (b.cls >= 0 && b.cls < names_.size()) ? names_[b.cls] : QString::number(b.cls);
            const QRectF tag(r.left() - (hl ? 1.5 : 1.0), r.top() - fm.height() - 2, fm.horizontalAdvance(name) + 8,
                             fm.height() + 2);
            const QRectF placed = tag.top() < 0 ? tag.translated(0, fm.height() + 2) : tag;
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawRect(placed);
            p.setPen(c.lightnessF() > 0.6 ? Qt::black : Qt::white);
            p.drawText(placed.adjusted(4, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft, name);
        }
    }
    if (!note_.isEmpty()) {
        p.setFont(font());
        const QFontMetrics nfm(font());
        const int iconSize = nfm.height();
        const QRect textArea = rect().adjusted(16 + iconSize + 8, 0, -16, 0);
        const QRect bounds = nfm.boundingRect(textArea, Qt::TextWordWrap, note_);
        const QRect bar(8, height() - bounds.height() - 20, width() - 16, bounds.height() + 12);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(20, 24, 30, 215));
        p.drawRoundedRect(bar, 6, 6);
        severityIcon(static_cast<ys::Severity>(noteSeverity_)).paint(&p, QRect(bar.left() + 8, bar.top() + 6, iconSize, iconSize));
        p.setPen(QColor(0xf0, 0xf2, 0xf5));
        p.drawText(bar.adjusted(iconSize + 16, 6, -8, -6), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, note_);
    }
}

void ImageCanvas::resizeEvent(QResizeEvent*)
{
    if (fit_)
        fitToWindow();
    else
        clampOffset();
}

void ImageCanvas::wheelEvent(QWheelEvent* event)
{
    const double notches = event->angleDelta().y() / 120.0;
    if (notches != 0)
        zoomBy(std::pow(kStep, notches), event->position());
    event->accept();
}

void ImageCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        dragging_ = true;
        moved_ = false;
        dragStart_ = event->position().toPoint();
        offsetStart_ = offset_;
        setCursor(Qt::ClosedHandCursor);
    }
}

void ImageCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (!dragging_)
        return;
    const QPoint d = event->position().toPoint() - dragStart_;
    if (d.manhattanLength() > 3)
        moved_ = true;
    offset_ = offsetStart_ + QPointF(d);
    clampOffset();
    update();
}

void ImageCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    dragging_ = false;
    setCursor(Qt::OpenHandCursor);
    if (moved_ || pixmap_.isNull())
        return;
    // A click (no drag) selects the smallest box under the cursor.
    int best = -1;
    double bestArea = 0;
    for (int i = 0; i < static_cast<int>(boxes_.size()); ++i) {
        const QRectF r = boxRect(boxes_[static_cast<size_t>(i)]);
        if (r.contains(event->position()) && (best < 0 || r.width() * r.height() < bestArea)) {
            best = i;
            bestArea = r.width() * r.height();
        }
    }
    emit boxClicked(best);
}

ImageViewer::ImageViewer(QWidget* parent) : QWidget(parent)
{
    canvas_ = new ImageCanvas(this);
    canvas_->setObjectName(QStringLiteral("imageCanvas"));
    table_ = new QTableWidget(0, 6, this);
    table_->setObjectName(QStringLiteral("boxTable"));
    title_ = new QLabel(this);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    title_->setMinimumWidth(40);
    zoomLabel_ = new QLabel(this);
    zoomLabel_->setMinimumWidth(48);
    zoomLabel_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    zoomIn_ = new QAction(icon(IconId::ZoomIn), QString(), this);
    zoomIn_->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)});
    zoomOut_ = new QAction(icon(IconId::ZoomOut), QString(), this);
    zoomOut_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    fit_ = new QAction(icon(IconId::ZoomFit), QString(), this);
    fit_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(zoomIn_, &QAction::triggered, canvas_, &ImageCanvas::zoomIn);
    connect(zoomOut_, &QAction::triggered, canvas_, &ImageCanvas::zoomOut);
    connect(fit_, &QAction::triggered, canvas_, &ImageCanvas::fitToWindow);
    connect(canvas_, &ImageCanvas::zoomChanged, this, &ImageViewer::updateZoomLabel);
    connect(canvas_, &ImageCanvas::boxClicked, this, [this](int box) {
        if (box < 0)
            table_->clearSelection();
        else
            table_->selectRow(box);
        canvas_->setHighlightedBox(box);
    });

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 4);
    bar->setSpacing(2);
    bar->addWidget(title_, 1);
    bar->addWidget(zoomLabel_);
    for (QAction* a : {zoomOut_, zoomIn_, fit_}) {
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setAutoRaise(true);
        b->setIconSize(QSize(18, 18));
        bar->addWidget(b);
    }

    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 6; ++c)
        table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    table_->setAlternatingRowColors(true);
    connect(table_, &QTableWidget::itemSelectionChanged, this, &ImageViewer::onTableSelection);

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(0);
    topLayout->addLayout(bar);
    topLayout->addWidget(canvas_, 1);

    splitter_ = new QSplitter(Qt::Vertical, this);
    splitter_->setObjectName(QStringLiteral("viewerSplitter"));
    splitter_->addWidget(top);
    splitter_->addWidget(table_);
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 1);
    splitter_->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter_);
    clear();  // also sets the texts
}

void ImageViewer::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ImageViewer::retranslate()
{
    zoomIn_->setText(tr("Zoom In"));
    zoomOut_->setText(tr("Zoom Out"));
    fit_->setText(tr("Fit to Window"));
    for (QAction* a : {zoomIn_, zoomOut_, fit_})
        a->setToolTip(QStringLiteral("%1 (%2)").arg(a->text(), a->shortcut().toString(QKeySequence::NativeText)));
    table_->setHorizontalHeaderLabels({tr("Class"), tr("cx"), tr("cy"), tr("w"), tr("h"), tr("Line")});
    if (imageIndex_ < 0)
        canvas_->setMessage(tr("Select an image to see it at full size."));
}

void ImageViewer::updateZoomLabel(double scale)
{
    zoomLabel_->setText(canvas_->hasImage() ? QStringLiteral("%1%").arg(qRound(scale * 100)) : QString());
}

void ImageViewer::clear()
{
    ++generation_;
    imageIndex_ = -1;
    path_.clear();
    title_->setText(QString());
    canvas_->setImage({});
    canvas_->setBoxes({}, {});
    canvas_->setNote({}, 0);
    table_->setRowCount(0);
    retranslate();
    updateZoomLabel(1.0);
}

void ImageViewer::showImage(const ys::Dataset* dataset, int imageIndex, const std::vector<ys::Finding>& findings,
                            int box)
{
    if (!dataset || imageIndex < 0 || imageIndex >= static_cast<int>(dataset->images.size())) {
        clear();
        return;
    }
    const ys::ImageRecord& rec = dataset->images[static_cast<size_t>(imageIndex)];
    const QString path = QString::fromStdString(rec.image);
    QStringList names;
    names.reserve(dataset->spec.nc());
    for (const auto& n : dataset->spec.names)
        names << QString::fromStdString(n);

    const bool sameImage = path == path_ && imageIndex == imageIndex_;
    imageIndex_ = imageIndex;
    path_ = path;
    const QFileInfo fi(path);
    title_->setText(QStringLiteral("<b>%1</b>").arg(fi.fileName().toHtmlEscaped()) +
                    (rec.width > 0 ? QStringLiteral("&nbsp;&nbsp;<span style='color:gray'>%1 × %2</span>")
                                         .arg(rec.width)
                                         .arg(rec.height)
                                   : QString()));
    title_->setToolTip(path);

    if (!sameImage) {
        canvas_->setNote({}, 0);
        canvas_->setBoxes(rec.boxes, names);
        const QSignalBlocker block(table_);
        table_->setRowCount(static_cast<int>(rec.boxes.size()));
        for (int i = 0; i < static_cast<int>(rec.boxes.size()); ++i) {
            const ys::LabelBox& b = rec.boxes[static_cast<size_t>(i)];
            const QString name = (b.cls >= 0 && b.cls < names.size()) ? names[b.cls] : QString::number(b.cls);
            auto* cls = new QTableWidgetItem(QStringLiteral("%1  %2").arg(b.cls).arg(name));
            QPixmap swatch(10, 10);
            swatch.fill(classColor(b.cls));
            cls->setIcon(QIcon(swatch));
            table_->setItem(i, 0, cls);
            const float values[4] = {b.cx, b.cy, b.w, b.h};
            for (int c = 0; c < 4; ++c) {
                auto* item = new QTableWidgetItem(QString::number(values[c], 'f', 4));
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                table_->setItem(i, c + 1, item);
            }
            auto* line = new QTableWidgetItem(QString::number(b.line));
            line->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table_->setItem(i, 5, line);
        }
        // Mark boxes that have findings: the most severe one's icon and every message as the tooltip.
        for (const ys::Finding& f : findings) {
            if (f.image != imageIndex || f.box < 0 || f.box >= table_->rowCount())
                continue;
            QTableWidgetItem* item = table_->item(f.box, 0);
            const int prev = item->data(Qt::UserRole).isValid() ? item->data(Qt::UserRole).toInt() : 99;
            if (static_cast<int>(f.severity) < prev) {
                item->setIcon(severityIcon(f.severity));
                item->setData(Qt::UserRole, static_cast<int>(f.severity));
            }
            const QString tip = item->toolTip();
            item->setToolTip((tip.isEmpty() ? QString() : tip + QLatin1Char('\n')) +
                             QStringLiteral("%1: %2").arg(QString::fromStdString(f.code),
                                                          findingText(f)));
        }

        const quint64 gen = ++generation_;
        canvas_->setImage({});
        canvas_->setMessage(tr("Loading %1…").arg(fi.fileName()));
        deliverLater(QtConcurrent::run([path] { return decodeFull(path); }), this, [this, gen, path](const Decoded& d) {
            if (gen != generation_)
                return;  // another image was selected meanwhile
            if (d.image.isNull()) {
                qCWarning(lcViewer) << "cannot decode" << path << d.error;
                canvas_->setMessage(tr("This image cannot be decoded.\n%1").arg(d.error));
            }
            canvas_->setImage(d.image);
            if (table_->currentRow() >= 0 && !table_->selectedItems().isEmpty())
                canvas_->setHighlightedBox(table_->currentRow());
            updateZoomLabel(canvas_->zoom());
        });
    }
    highlightBox(box);
}

void ImageViewer::highlightBox(int box)
{
    if (box >= 0 && box < table_->rowCount()) {
        table_->selectRow(box);
        table_->scrollToItem(table_->item(box, 0));
    } else {
        table_->clearSelection();
    }
    canvas_->setHighlightedBox(box);
}

void ImageViewer::setNote(const QString& text, ys::Severity severity)
{
    canvas_->setNote(text, static_cast<int>(severity));
}

QList<QAction*> ImageViewer::zoomActions() const
{
    return {zoomIn_, zoomOut_, fit_};
}

QByteArray ImageViewer::saveLayout() const
{
    return splitter_->saveState();
}

void ImageViewer::restoreLayout(const QByteArray& state)
{
    splitter_->restoreState(state);
}

void ImageViewer::setDefaultLayout()
{
    const int h = splitter_->height();
    splitter_->setSizes({h * 72 / 100, h - h * 72 / 100});  // most of the height for the image
}

void ImageViewer::onTableSelection()
{
    const auto rows = table_->selectionModel()->selectedRows();
    canvas_->setHighlightedBox(rows.isEmpty() ? -1 : rows.first().row());
}

}  // namespace ys::ui
