#include "ui/thumbnails/thumbnailloader.h"

#include "ui/common/logging.h"

#include <QImageReader>
#include <QMetaObject>

#include <algorithm>

namespace ys::ui {
namespace {

// Runs on a pool thread. Reads only the header first so the decoder can scale while decoding.
QImage decodeThumbnail(const QString& path, QSize box)
{
    QImageReader reader(path);
    reader.setAutoTransform(true);
    const QSize full = reader.size();
    if (full.isValid() && (full.width() > box.width() || full.height() > box.height()))
        reader.setScaledSize(full.scaled(box, Qt::KeepAspectRatio).expandedTo(QSize(1, 1)));
    QImage image = reader.read();
    if (image.isNull())
        return {};
    if (image.width() > box.width() || image.height() > box.height())
        image = image.scaled(box, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    // The raster pixmap format: QPixmap::fromImage then needs no conversion on the GUI thread.
    return image.convertToFormat(image.hasAlphaChannel() ? QImage::Format_ARGB32_Premultiplied
                                                         : QImage::Format_RGB32);
}

}  // namespace

ThumbnailLoader::ThumbnailLoader(QSize size, QObject* parent) : QObject(parent), size_(size)
{
    // Leave a core to the GUI and the checker on small machines; decoding is short and I/O-bound.
    const int threads = std::clamp(QThread::idealThreadCount(), 2, 4);
    pool_.setMaxThreadCount(threads);
    maxInFlight_ = threads * 2;
    setCacheLimit(64ll * 1024 * 1024);
}

ThumbnailLoader::~ThumbnailLoader()
{
    queue_.clear();
    pool_.clear();
    pool_.waitForDone();
}

void ThumbnailLoader::setCacheLimit(qint64 bytes)
{
    cache_.setMaxCost(static_cast<qsizetype>(std::max<qint64>(bytes / 1024, 1)));
}

QPixmap ThumbnailLoader::thumbnail(const QString& path) const
{
    const QPixmap* pm = cache_.object(path);
    return pm ? *pm : QPixmap();
}

void ThumbnailLoader::clear()
{
    ++generation_;
    queue_.clear();
    queued_.clear();
    inFlight_.clear();
    failed_.clear();
    cache_.clear();
}

void ThumbnailLoader::request(const QStringList& paths)
{
    queue_.clear();
    queued_.clear();
    for (const QString& p : paths) {
        if (cache_.contains(p) || inFlight_.contains(p) || failed_.contains(p) || queued_.contains(p))
            continue;
        queue_.push_back(p);
        queued_.insert(p);
    }
    qCDebug(lcThumbs) << "requested" << paths.size() << "queued" << queue_.size() << "in flight"
                      << inFlight_.size();
    pump();
}

void ThumbnailLoader::pump()
{
    while (static_cast<int>(inFlight_.size()) < maxInFlight_ && !queue_.empty()) {
        const QString path = queue_.front();
        queue_.pop_front();
        queued_.remove(path);
        inFlight_.insert(path);
        const QSize box = size_;
        const quint64 gen = generation_;
        pool_.start([this, path, box, gen] {
            QImage image = decodeThumbnail(path, box);
            // `this` is alive: the destructor waits for the pool before members go away.
            QMetaObject::invokeMethod(
                this, [this, path, image = std::move(image), gen] { finished(path, image, gen); },
                Qt::QueuedConnection);
        });
    }
}

void ThumbnailLoader::finished(const QString& path, const QImage& image, quint64 generation)
{
    if (generation != generation_)
        return;  // belongs to a dataset that was closed
    inFlight_.remove(path);
    ++decodedTotal_;
    if (image.isNull()) {
        qCDebug(lcThumbs) << "could not decode" << path;
        failed_.insert(path);
    } else {
        auto* pm = new QPixmap(QPixmap::fromImage(image));
        const qsizetype cost = std::max<qsizetype>(1, image.sizeInBytes() / 1024);
        cache_.insert(path, pm, cost);
    }
    emit thumbnailReady(path);
    pump();
}

}  // namespace ys::ui
